//! The game-folder sequence, once: lock, recover, read the save, read the
//! orders (the computer seats' written first), resolve, check the files to
//! write, commit — and undo. `nebutil game turn`, `nebutil game undo`, the
//! app's "Résoudre le tour" and the mail robot all go through [`GameFolder`].

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::error::DeskError;
use crate::game::arbiter::Sent;
use crate::game::folder::{self, ResolvedTurn};
use crate::game::save::Save;
use crate::model::PlayerId;
use crate::storage::fault::Faults;
use crate::storage::lock::{self, FolderLock};
use crate::storage::text_file::{self, TextKind};
use crate::storage::turn::{self, Recovery};

/// A game folder held by this program: its lock is taken and whatever a crash
/// left half-done was finished or undone.
#[derive(Debug)]
pub struct GameFolder {
    dir: PathBuf,
    _lock: FolderLock,
    /// What the recovery found when the folder was opened.
    pub recovery: Recovery,
}

/// Reads a save file (`DIR/game.ron`, a kept `saves/game-TTT.ron`, any copy).
pub fn read_save_file(path: &Path) -> Result<Save, DeskError> {
    let bytes =
        text_file::read_bytes(path, TextKind::Save.limit()).map_err(|error| DeskError::Read {
            file: path.to_path_buf(),
            error,
        })?;
    let text = String::from_utf8(bytes).map_err(|_| DeskError::Read {
        file: path.to_path_buf(),
        error: text_file::ReadError::Io(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "not UTF-8",
        )),
    })?;
    Save::from_ron(&text).map_err(|error| DeskError::Save {
        file: path.to_path_buf(),
        error,
    })
}

/// A game folder's path, or why it is none: a file (`game turn
/// saves/game-007.ron`) or a folder without `game.ron`.
pub fn check_game_dir(dir: &Path) -> Result<(), DeskError> {
    if dir.is_file() {
        return Err(DeskError::NotAFolder {
            path: dir.to_path_buf(),
        });
    }
    if dir.is_dir() && !dir.join(folder::SAVE_FILE).exists() {
        return Err(DeskError::NoSave {
            dir: dir.to_path_buf(),
        });
    }
    Ok(())
}

impl GameFolder {
    /// Takes the folder's lock (without waiting: another writer is an error)
    /// and finishes or undoes what a crash left.
    pub fn open(dir: &Path, faults: &mut Faults) -> Result<GameFolder, DeskError> {
        check_game_dir(dir)?;
        let lock = match lock::lock(dir) {
            Ok(lock) => lock,
            Err(lock::LockError::Busy(lock)) => return Err(DeskError::Busy { lock }),
            Err(lock::LockError::Io(file, error)) => return Err(DeskError::Write { file, error }),
        };
        let recovery = turn::recover(dir, faults).map_err(|error| DeskError::Write {
            file: dir.join(turn::WORK_DIR),
            error,
        })?;
        Ok(GameFolder {
            dir: dir.to_path_buf(),
            _lock: lock,
            recovery,
        })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The folder's `game.ron`.
    pub fn read_save(&self) -> Result<Save, DeskError> {
        read_save_file(&self.dir.join(folder::SAVE_FILE))
    }

    /// What every player sent for the save's turn (a missing file: ONR).
    pub fn read_orders(&self, save: &Save) -> Result<BTreeMap<PlayerId, Sent>, DeskError> {
        read_orders(&self.dir, save)
    }

    /// The files of `resolved` that exist already.
    pub fn existing(&self, resolved: &ResolvedTurn) -> Vec<PathBuf> {
        resolved
            .files
            .iter()
            .map(|(relative, _)| self.dir.join(relative))
            .filter(|path| path.exists())
            .collect()
    }

    /// Writes a resolved turn (the crash-safe commit of `storage::turn`). It
    /// must have been resolved from this folder's current save (else
    /// [`DeskError::OutOfDate`]); a file of the turn that exists is an error
    /// unless `overwrite`.
    pub fn commit(
        &self,
        resolved: &ResolvedTurn,
        overwrite: bool,
        faults: &mut Faults,
    ) -> Result<(), DeskError> {
        if matches!(self.recovery, Recovery::Completed { .. }) {
            return Err(DeskError::OutOfDate);
        }
        if !self.resolved_from_current(resolved)? {
            return Err(DeskError::OutOfDate);
        }
        if !overwrite && let Some(file) = self.existing(resolved).into_iter().next() {
            return Err(DeskError::TurnExists { file });
        }
        turn::commit(&self.dir, &resolved.files, &resolved.save_text, faults).map_err(|error| {
            DeskError::Write {
                file: self.dir.clone(),
                error,
            }
        })
    }

    /// Whether the folder's save is still at the turn `resolved` was resolved
    /// from. Its text is first compared with the kept save (the text of the
    /// save resolved): the same bytes are the same save, found without reading
    /// a large save again (a second parse of a 100 000-world save each turn);
    /// else (a save written by an older Nébutil, an edit) it is read.
    fn resolved_from_current(&self, resolved: &ResolvedTurn) -> Result<bool, DeskError> {
        let kept = folder::kept_save_file(resolved.turn);
        let path = self.dir.join(folder::SAVE_FILE);
        if let Some((_, text)) = resolved
            .files
            .iter()
            .find(|(relative, _)| *relative == kept)
            && let Ok(bytes) = text_file::read_bytes(&path, TextKind::Save.limit())
            && bytes == text.as_bytes()
        {
            return Ok(true);
        }
        Ok(self.read_save()?.galaxy.turn == resolved.turn)
    }

    /// Writes the computer seats' orders for the save's turn (their files,
    /// as a player's; an existing file is left as it is: the arbiter may have
    /// written it by hand). The files written.
    pub fn write_computer_orders(&self, save: &Save) -> Result<Vec<PathBuf>, DeskError> {
        let mut written = Vec::new();
        for (relative, text) in folder::computer_orders(save) {
            let path = self.dir.join(&relative);
            if path.exists() {
                continue;
            }
            crate::storage::write_atomic_in_new_dirs(
                &path,
                text.as_bytes(),
                crate::storage::Durability::Synced,
            )
            .map_err(|error| DeskError::Write {
                file: path.clone(),
                error,
            })?;
            written.push(relative);
        }
        Ok(written)
    }

    /// Undoes the last turn: the folder goes back, byte for byte, to what it
    /// was before it was resolved — `game.ron` from the save kept in
    /// `saves/`, the kept save, every CR and NBT of the turn and its log
    /// removed; the order files are kept. Through the same crash-safe commit
    /// as a turn. The turn the folder is back at.
    pub fn undo(&self, faults: &mut Faults) -> Result<u32, DeskError> {
        let save = self.read_save()?;
        // An undo killed after its commit point was finished by the opening:
        // that was the undo asked for (not one more).
        if let Recovery::Completed { undo: true, .. } = self.recovery {
            return Ok(save.galaxy.turn);
        }
        let Some(previous) = save.galaxy.turn.checked_sub(1).filter(|t| *t >= 1) else {
            return Err(DeskError::NothingToUndo);
        };
        let kept = folder::kept_save_file(previous);
        let kept_path = self.dir.join(&kept);
        if !kept_path.is_file() {
            return Err(DeskError::NoKeptSave { file: kept_path });
        }
        // Checked before anything is touched: the kept save must be a save.
        read_save_file(&kept_path)?;
        let old_text = std::fs::read_to_string(&kept_path).map_err(|error| DeskError::Read {
            file: kept_path.clone(),
            error: text_file::ReadError::Io(error),
        })?;
        let mut removed = folder::turn_files(&save, previous);
        removed.retain(|relative| self.dir.join(relative).exists());
        turn::commit_changes(&self.dir, &[], &removed, &old_text, faults).map_err(|error| {
            DeskError::Write {
                file: self.dir.clone(),
                error,
            }
        })?;
        // The folders the turn made, when it was the first to need them.
        for made in ["saves", "arbiter"] {
            let _ = std::fs::remove_dir(self.dir.join(made));
        }
        Ok(previous)
    }
}

/// What every player sent for the save's turn, read from the folder `dir`.
pub fn read_orders(dir: &Path, save: &Save) -> Result<BTreeMap<PlayerId, Sent>, DeskError> {
    folder::read_sent(save, |relative| std::fs::read(dir.join(relative))).map_err(
        |(relative, error)| DeskError::Read {
            file: dir.join(relative),
            error: text_file::ReadError::Io(error),
        },
    )
}

/// What a turn run by [`run_turn`] did.
#[derive(Debug)]
pub enum TurnRun {
    /// A turn interrupted by a crash was finished instead (`files` written).
    Completed { turn: u32, files: usize },
    /// The turn was resolved and written.
    Resolved {
        resolved: Box<ResolvedTurn>,
        sent: BTreeMap<PlayerId, Sent>,
        /// A turn interrupted before its commit point was undone first.
        rolled_back: bool,
        /// The computer seats' order files written for it.
        computer: Vec<PathBuf>,
    },
}

/// The whole sequence of `nebutil game turn DIR`: open the folder, write the
/// computer seats' orders, read every order file, resolve, refuse to write
/// over a file of the next turn, commit.
pub fn run_turn(dir: &Path, faults: &mut Faults) -> Result<TurnRun, DeskError> {
    let folder = GameFolder::open(dir, faults)?;
    if let Recovery::Completed { files, undo: false } = folder.recovery {
        let turn = folder
            .read_save()
            .map(|s| s.galaxy.turn.saturating_sub(1))
            .unwrap_or_default();
        return Ok(TurnRun::Completed { turn, files });
    }
    let save = folder.read_save()?;
    // As `game::arbiter::run_turn`: refused before any file is written.
    if save.galaxy.turn >= save.galaxy.final_turn {
        return Err(crate::game::arbiter::ArbiterError::GameOver {
            turn: save.galaxy.turn,
        }
        .into());
    }
    let computer = folder.write_computer_orders(&save)?;
    let sent = folder.read_orders(&save)?;
    let resolved = folder::resolve(&save, &sent)?;
    folder.commit(&resolved, false, faults)?;
    Ok(TurnRun::Resolved {
        resolved: Box::new(resolved),
        sent,
        rolled_back: folder.recovery == Recovery::RolledBack,
        computer,
    })
}
