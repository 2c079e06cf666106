//! What lies beside a CR on disk: its `.NBT`, the turn in its file name, the
//! player's folder (`players/<n>/`), and the player's other turns in the same
//! folder. The command line and the app look here, then hand what they found to
//! the pure inference of [`crate::report::infer`].

use std::path::{Path, PathBuf};

use crate::diagnostic::Diagnostic;
use crate::model::view::{PlayerRef, TurnView};
use crate::nbt::{self, NbtFile};
use crate::report::infer::{self, Evidence, Header, Stated, Surroundings};
use crate::storage::text_file;

/// What the folder of a CR holds for it.
#[derive(Clone, Debug, Default)]
pub struct Beside {
    /// For [`infer::complete`].
    pub surroundings: Surroundings,
    /// The `.NBT` of the same file name.
    pub nbt: Option<PathBuf>,
    /// The player's other turns: the CRs of the folder named alike (`turn-005.cr`
    /// beside `turn-007.cr`) of the same game and player, by turn.
    pub turns: Vec<PathBuf>,
    /// Those of them before the CR's own turn (none when its turn is unknown).
    pub earlier: Vec<PathBuf>,
}

/// The facts of an NBT that [`infer::complete`] uses.
pub fn nbt_header(file: &NbtFile) -> Header {
    Header {
        turn: Some(file.turn),
        game: file.game.clone(),
        player: Some(PlayerRef {
            name: file.player.name.clone(),
            number: Some(file.player.number),
        }),
        class: file.player.class,
    }
}

/// The text of a file beside a CR, when it reads: the one reading of
/// [`text_file::read_text`] (its limits and decoding; what it says is left out).
fn read_text(path: &Path) -> Option<String> {
    text_file::read_text(path, text_file::turn_file_kind(path))
        .ok()
        .map(|(text, _)| text)
}

/// True for a path with the NBT extension (any case).
fn is_nbt(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case(nbt::EXTENSION))
}

/// The `.NBT` (any case) of the same file name as `path`, when it exists.
pub fn nbt_path(path: &Path) -> Option<PathBuf> {
    let stem = path.file_stem()?;
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    let dir = dir.unwrap_or(Path::new("."));
    let entries = std::fs::read_dir(dir).ok()?;
    let mut found: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.as_path() != path && is_nbt(p) && p.file_stem() == Some(stem))
        .filter(|p| p.is_file())
        .collect();
    found.sort();
    found.into_iter().next().map(|p| {
        // Keep the caller's spelling of the folder.
        match (path.parent(), p.file_name()) {
            (Some(parent), Some(name)) => parent.join(name),
            _ => p,
        }
    })
}

/// The CR of the same file name as the NBT at `path` (`turn-007.cr` for
/// `turn-007.nbt`), when there is one: a `.cr` file first, then any other.
pub fn cr_path(path: &Path) -> Option<PathBuf> {
    let stem = path.file_stem()?;
    let parent = path.parent().filter(|d| !d.as_os_str().is_empty());
    let entries = std::fs::read_dir(parent.unwrap_or(Path::new("."))).ok()?;
    let mut found: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| !is_nbt(p) && p.file_stem() == Some(stem) && p.is_file())
        .collect();
    found.sort_by_key(|p| {
        let cr = p.extension().is_some_and(|e| e.eq_ignore_ascii_case("cr"));
        (!cr, p.clone())
    });
    let name = found.into_iter().next()?.file_name()?.to_os_string();
    Some(match parent {
        Some(parent) => parent.join(name),
        None => PathBuf::from(name),
    })
}

/// The header of the NBT at `path`, when it reads.
fn nbt_header_at(path: &Path) -> Option<Header> {
    let text = read_text(path)?;
    nbt::read(&text).0.as_ref().map(nbt_header)
}

/// The player's number of `players/<n>/…` (the layout `nebutil game` writes).
pub fn folder_player(path: &Path) -> Option<u32> {
    let dir = path.parent()?;
    let players = dir.parent()?.file_name()?.to_str()?;
    if !players.eq_ignore_ascii_case("players") {
        return None;
    }
    dir.file_name()?.to_str()?.parse().ok()
}

/// A file name with every run of digits replaced by `#`: files named alike have
/// the same pattern (`turn-005.cr`, `turn-007.cr` → `turn-#.cr`).
fn name_pattern(name: &str) -> String {
    let mut pattern = String::with_capacity(name.len());
    let mut in_digits = false;
    for c in name.chars() {
        if c.is_ascii_digit() {
            if !in_digits {
                pattern.push('#');
            }
            in_digits = true;
        } else {
            pattern.extend(c.to_lowercase());
            in_digits = false;
        }
    }
    pattern
}

/// The other files of the folder named like `path` (see [`name_pattern`]), by
/// name; none when the name has no number.
fn named_alike(path: &Path) -> Vec<PathBuf> {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return Vec::new();
    };
    if !name.chars().any(|c| c.is_ascii_digit()) {
        return Vec::new();
    }
    let pattern = name_pattern(name);
    let parent = path.parent().filter(|d| !d.as_os_str().is_empty());
    let Ok(entries) = std::fs::read_dir(parent.unwrap_or(Path::new("."))) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries
        .flatten()
        .filter_map(|e| {
            let other = e.file_name().to_str()?.to_string();
            (other != name && name_pattern(&other) == pattern).then(|| match parent {
                Some(parent) => parent.join(&other),
                None => PathBuf::from(&other),
            })
        })
        .filter(|p| p.is_file())
        .collect();
    found.sort();
    found
}

/// What is beside a CR that does not need its siblings: the file name, the
/// folder's player, the NBT of the same name.
fn own_surroundings(path: &Path) -> (Surroundings, Option<PathBuf>) {
    let nbt = nbt_path(path);
    let surroundings = Surroundings {
        file_name: path.file_name().map(|n| n.to_string_lossy().into_owned()),
        folder_player: folder_player(path),
        nbt: nbt.as_deref().and_then(nbt_header_at),
        siblings: Vec::new(),
    };
    (surroundings, nbt)
}

/// True when two headers may be the same player's of the same game (a fact only
/// one of them tells does not separate them).
fn same_player(a: &Header, b: &Header) -> bool {
    let game = match (&a.game, &b.game) {
        (Some(x), Some(y)) => x == y,
        _ => true,
    };
    let player = match (&a.player, &b.player) {
        (Some(x), Some(y)) => {
            x.name == y.name && !matches!((x.number, y.number), (Some(m), Some(n)) if m != n)
        }
        _ => true,
    };
    game && player
}

/// What [`infer::complete`] needs from beside the CR at `path` whose own reading
/// is `view`: nothing when the CR tells its turn, game and player (number and
/// class included); else its NBT, file name and folder, and the headers of the
/// CRs named alike (read only then: opening many turns reads each once).
pub fn surroundings(path: &Path, view: &TurnView) -> Surroundings {
    let complete = view.turn.is_some()
        && view.game.is_some()
        && view.class.is_some()
        && view.player.as_ref().is_some_and(|p| p.number.is_some());
    if complete {
        return Surroundings {
            file_name: path.file_name().map(|n| n.to_string_lossy().into_owned()),
            ..Surroundings::default()
        };
    }
    look(path, view).surroundings
}

/// What a command knows of a CR besides its file: what it was told on the
/// command line, and what a streamed reading gathered.
#[derive(Clone, Debug, Default)]
pub struct Given<'a> {
    /// The `.NBT` named for this CR (it takes the place of the one beside it).
    pub nbt: Option<Header>,
    /// The headers of the player's other CRs named with it.
    pub siblings: Vec<Header>,
    /// What the player stated (`--turn`, `--player`).
    pub stated: Stated,
    /// What the CR's worlds and fleets told of its player, when a streamed
    /// reading did not keep them ([`infer::complete_with`]).
    pub evidence: Option<&'a Evidence>,
}

/// Completes the CR read from `path` whose own reading is `view` — its turn,
/// player and game when it does not tell them — from what lies beside it
/// ([`surroundings`]) and what the command was given: the one inference of
/// every command (`nebutil report`, `nebutil orders`), the app's being the same
/// [`infer::complete`]. Returns its informations and warnings (see there).
pub fn complete(path: &Path, view: &mut TurnView, given: Given<'_>) -> Vec<Diagnostic> {
    let mut around = surroundings(path, view);
    if given.nbt.is_some() {
        around.nbt = given.nbt;
    }
    around.siblings.extend(given.siblings);
    infer::complete_with(view, given.evidence, &around, &given.stated)
}

/// Looks beside the CR at `path` whose own reading is `view`: its NBT, its
/// folder, and the CRs named alike (each completed from its own file name and
/// NBT). The player's other turns are those of the same game and player as
/// `view` completed; a CR of the same turn is not among them.
pub fn look(path: &Path, view: &TurnView) -> Beside {
    let (mut surroundings, nbt) = own_surroundings(path);
    let mut others: Vec<(PathBuf, Header)> = Vec::new();
    for other in named_alike(path) {
        if is_nbt(&other) {
            continue;
        }
        let Some(text) = read_text(&other) else {
            continue;
        };
        let Ok((mut other_view, _)) = crate::report::read_report(&text) else {
            continue;
        };
        let (around, _) = own_surroundings(&other);
        let _ = infer::complete(&mut other_view, &around, &Stated::default());
        let mut header = Header::of(&other_view);
        if other_view.turn_assumed {
            header.turn = None;
        }
        others.push((other, header));
    }
    surroundings.siblings = others.iter().map(|(_, h)| h.clone()).collect();
    let mut completed = view.clone();
    let _ = infer::complete(&mut completed, &surroundings, &Stated::default());
    let mine = Header::of(&completed);
    let mut turns: Vec<(u32, PathBuf)> = others
        .into_iter()
        .filter(|(_, h)| same_player(&mine, h))
        .filter_map(|(p, h)| Some((h.turn?, p)))
        .filter(|(t, _)| completed.turn_assumed || Some(*t) != completed.turn)
        .collect();
    turns.sort();
    turns.dedup_by_key(|(t, _)| *t);
    let own_turn = completed.turn.filter(|_| !completed.turn_assumed);
    let earlier = turns
        .iter()
        .filter(|(t, _)| own_turn.is_some_and(|own| *t < own))
        .map(|(_, p)| p.clone())
        .collect();
    Beside {
        surroundings,
        nbt,
        turns: turns.into_iter().map(|(_, p)| p).collect(),
        earlier,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_alike_and_folders() {
        assert_eq!(name_pattern("turn-007.cr"), name_pattern("turn-012.cr"));
        assert_ne!(name_pattern("turn-007.cr"), name_pattern("turn-007.nbt"));
        assert_ne!(name_pattern("turn-007.cr"), name_pattern("orders-007.txt"));
        assert_eq!(
            folder_player(Path::new("game/players/5/turn-007.cr")),
            Some(5)
        );
        assert_eq!(folder_player(Path::new("game/5/turn-007.cr")), None);
        assert_eq!(folder_player(Path::new("turn-007.cr")), None);
    }
}
