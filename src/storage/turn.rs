//! The crash-safe commit of a resolved (or undone) turn into its game folder,
//! through `desk::GameFolder`, for `nebutil game turn|undo` and the app.
//!
//! A turn writes many files (the kept save, every player's CR and NBT, the
//! arbiter's log) and replaces `game.ron`. Killed at any instant, or hit by an
//! I/O error, the folder must be either as before the turn or finishable. So:
//!
//! 1. **Stage**: every file, `game.ron` last, then the list of them
//!    (`MANIFEST`), is written under `DIR/.nebutil-turn/staging/` (same
//!    relative paths). Nothing of the game is touched yet.
//! 2. **Sync**: all of it is made durable at once (below).
//! 3. **Commit point**: `staging/` is renamed to `commit/` — one atomic rename,
//!    its folder synced. Before it, the turn did not happen; after it, it did.
//! 4. **Apply**: the files an undone turn wrote are removed, each staged file
//!    is renamed into its place (`game.ron` last); all of that is made durable
//!    at once, then `commit/` is removed.
//!
//! [`recover`] runs before anything else on a folder: a `commit/` left by a
//! crash is applied to the end (the same bytes as an uninterrupted run, since
//! they were staged whole; a file already moved is skipped, a file already
//! removed too); a `staging/` is removed (the folder is as before).
//!
//! # Syncing once, not per file
//!
//! A turn of 400 players writes 803 files: synced one by one (the file, then
//! its folder after the rename) that was 1 610 `fsync` calls, most of the
//! commit's time. Durability is needed at two points only, so each is one call
//! to `syncfs` (Linux: everything written on the game folder's file system
//! reaches the disk — contents, new names, renames, removals):
//!
//! - **before the commit point**: every staged file and the manifest must be
//!   on disk before the rename that makes them the turn, or a power cut could
//!   leave a `commit/` of empty or missing files, which [`recover`] would
//!   apply. One `syncfs` after staging, then the rename and one `fsync` of its
//!   folder (the commit point itself made durable);
//! - **before `commit/` is removed**: the renames and removals into the game
//!   folder must be on disk before `commit/` disappears, or a power cut could
//!   lose both the moved files and the means to move them again. While
//!   `commit/` exists a crash is finished by [`recover`] (applying is
//!   idempotent), so the renames need no sync each: one `syncfs` after the
//!   last, then `commit/` is removed.
//!
//! So a commit makes 4 calls whatever the number of files (`syncfs`, `fsync`
//! of the work folder, `syncfs`, `fsync` of the game folder after the work
//! folder is removed; counted by [`Faults::syncs`]). Where `syncfs` is missing
//! (not Linux) or fails, the same points sync file by file and folder by
//! folder — each staged file and folder, then each folder of the game written
//! to — as before. `syncfs` also flushes what other programs wrote on that
//! file system: on a busy disk it may wait longer, never less safely.

use std::path::{Path, PathBuf};

use super::fault::Faults;
use super::{sync_dir, sync_filesystem};

/// The work folder of a turn being committed, inside the game folder.
pub const WORK_DIR: &str = ".nebutil-turn";
const STAGING: &str = "staging";
const COMMIT: &str = "commit";
const MANIFEST: &str = "MANIFEST";
/// The mark of a manifest line naming a file to remove.
const REMOVED: &str = "- ";
/// The save, replaced last.
const SAVE_FILE: &str = "game.ron";

/// What [`recover`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recovery {
    /// Nothing was left half-done.
    Clean,
    /// A turn interrupted before its commit point: its staged files were
    /// removed; the folder is as before that turn.
    RolledBack,
    /// A turn interrupted after its commit point: its files are now all in
    /// place (`files` of them, `game.ron` included). `undo`: it was a turn
    /// being undone (the change removed files).
    Completed { files: usize, undo: bool },
}

/// Finishes or undoes what an interrupted commit left in `dir`.
pub fn recover(dir: &Path, faults: &mut Faults) -> std::io::Result<Recovery> {
    let work = dir.join(WORK_DIR);
    let commit = work.join(COMMIT);
    if commit.is_dir() {
        let (files, undo) = apply(dir, &commit, faults)?;
        cleanup(&work, faults);
        return Ok(Recovery::Completed { files, undo });
    }
    let staging = work.join(STAGING);
    if staging.exists() {
        std::fs::remove_dir_all(&staging)?;
        cleanup(&work, faults);
        return Ok(Recovery::RolledBack);
    }
    Ok(Recovery::Clean)
}

/// Writes a resolved turn into `dir`: `files` (relative paths, in writing
/// order) then the new save. Call [`recover`] first, and hold the folder's lock
/// ([`super::lock::lock`]). On an error before the commit point the staged
/// files are removed and the folder is as before; after it, [`recover`]
/// finishes the turn.
pub fn commit(
    dir: &Path,
    files: &[(PathBuf, String)],
    save_text: &str,
    faults: &mut Faults,
) -> std::io::Result<()> {
    commit_changes(dir, files, &[], save_text, faults)
}

/// [`commit`] that also removes files (relative paths): an undone turn. The
/// removals are part of the staged change (`MANIFEST` lines `- path`),
/// applied after the commit point, before `game.ron`: killed at any instant,
/// the folder is as before or [`recover`] finishes the change.
pub fn commit_changes(
    dir: &Path,
    files: &[(PathBuf, String)],
    removed: &[PathBuf],
    save_text: &str,
    faults: &mut Faults,
) -> std::io::Result<()> {
    let work = dir.join(WORK_DIR);
    let staging = work.join(STAGING);
    let committed = work.join(COMMIT);
    if staging.exists() {
        std::fs::remove_dir_all(&staging)?;
    }
    let staged = stage(dir, &staging, files, removed, save_text, faults);
    if let Err(error) = staged {
        let _ = std::fs::remove_dir_all(&staging);
        cleanup(&work, faults);
        return Err(error);
    }
    // The commit point.
    let renamed = faults
        .step()
        .and_then(|()| std::fs::rename(&staging, &committed));
    if let Err(error) = renamed {
        let _ = std::fs::remove_dir_all(&staging);
        cleanup(&work, faults);
        return Err(error);
    }
    sync_dir(&work);
    faults.synced();
    apply(dir, &committed, faults)?;
    cleanup(&work, faults);
    Ok(())
}

/// Writes every file and the manifest under `staging`, then makes them all
/// durable (module docs: one `syncfs`, else file by file).
fn stage(
    dir: &Path,
    staging: &Path,
    files: &[(PathBuf, String)],
    removed: &[PathBuf],
    save_text: &str,
    faults: &mut Faults,
) -> std::io::Result<()> {
    std::fs::create_dir_all(staging)?;
    let mut manifest = String::new();
    for relative in removed {
        let relative = checked_relative(relative)?;
        manifest.push_str(REMOVED);
        manifest.push_str(&relative.to_string_lossy());
        manifest.push('\n');
    }
    let mut written = Vec::with_capacity(files.len() + 2);
    // The game folder and the work folder too: where `syncfs` is missing,
    // `staging/` itself must be on disk before it is renamed.
    let mut folders = Folders::default();
    for folder in staging.ancestors().take(3) {
        folders.add(folder);
    }
    let save = (PathBuf::from(SAVE_FILE), save_text);
    for (relative, text) in files
        .iter()
        .map(|(path, text)| (path.clone(), text.as_str()))
        .chain(std::iter::once(save))
    {
        let relative = checked_relative(&relative)?;
        faults.step()?;
        let path = staging.join(&relative);
        write_file(&path, text.as_bytes(), &mut folders)?;
        written.push(path);
        manifest.push_str(&relative.to_string_lossy());
        manifest.push('\n');
    }
    faults.step()?;
    let path = staging.join(MANIFEST);
    write_file(&path, manifest.as_bytes(), &mut folders)?;
    written.push(path);
    make_durable(dir, &written, &folders, faults)
}

/// Moves every staged file of `committed` into `dir`, in the manifest's order
/// (`game.ron` last); a file already moved (a rerun) is skipped. Makes it all
/// durable, then removes `committed`. Returns how many files the change has,
/// and whether it removed files (an undo).
fn apply(dir: &Path, committed: &Path, faults: &mut Faults) -> std::io::Result<(usize, bool)> {
    let manifest = std::fs::read_to_string(committed.join(MANIFEST))?;
    let mut count = 0;
    let mut undo = false;
    // The folders of the game changed, for syncing where `syncfs` is missing;
    // the game folder itself for the folders created in it (`saves/`).
    let mut folders = Folders::default();
    folders.add(dir);
    // Removals first (the manifest lists them first), `game.ron` last.
    for line in manifest.lines().filter(|l| !l.is_empty()) {
        count += 1;
        if let Some(gone) = line.strip_prefix(REMOVED) {
            undo = true;
            let target = dir.join(checked_relative(Path::new(gone))?);
            faults.step()?;
            match std::fs::remove_file(&target) {
                Ok(()) => folders.add_parent_of(&target),
                // Removed before a crash: the rerun goes on.
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(e),
            }
            continue;
        }
        let relative = checked_relative(Path::new(line))?;
        let source = committed.join(&relative);
        if !source.exists() {
            continue;
        }
        let target = dir.join(&relative);
        let parent = target
            .parent()
            .map_or_else(|| dir.to_path_buf(), Path::to_path_buf);
        std::fs::create_dir_all(&parent)?;
        faults.step()?;
        std::fs::rename(&source, &target)?;
        folders.add(&parent);
    }
    // Every move on disk before `commit/`, the means to redo them, goes.
    make_durable(dir, &[], &folders, faults)?;
    faults.step()?;
    std::fs::remove_dir_all(committed)?;
    Ok((count, undo))
}

/// Removes the work folder once empty (best effort).
fn cleanup(work: &Path, faults: &mut Faults) {
    if std::fs::remove_dir(work).is_ok()
        && let Some(parent) = work.parent()
    {
        sync_dir(parent);
        faults.synced();
    }
}

/// Makes `files` and `folders` durable: one `syncfs` of the file system of
/// `dir` where there is one, else an `fsync` of each file, then of each
/// folder (module docs).
fn make_durable(
    dir: &Path,
    files: &[PathBuf],
    folders: &Folders,
    faults: &mut Faults,
) -> std::io::Result<()> {
    if !faults.syncs_file_by_file() && sync_filesystem(dir) {
        faults.synced();
        return Ok(());
    }
    for file in files {
        std::fs::File::open(file)?.sync_all()?;
        faults.synced();
    }
    for folder in &folders.0 {
        sync_dir(folder);
        faults.synced();
    }
    Ok(())
}

/// The folders a commit wrote in, each once: what to sync where `syncfs` is
/// missing.
#[derive(Default)]
struct Folders(std::collections::BTreeSet<PathBuf>);

impl Folders {
    fn add(&mut self, folder: &Path) {
        if !self.0.contains(folder) {
            self.0.insert(folder.to_path_buf());
        }
    }

    fn add_parent_of(&mut self, path: &Path) {
        if let Some(parent) = path.parent() {
            self.add(parent);
        }
    }
}

/// A path inside the game folder: relative, without `..`.
fn checked_relative(path: &Path) -> std::io::Result<PathBuf> {
    use std::path::Component;
    if path.as_os_str().is_empty() || !path.components().all(|c| matches!(c, Component::Normal(_)))
    {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("{}: not a path inside the game folder", path.display()),
        ));
    }
    Ok(path.to_path_buf())
}

/// Writes a staged file (not synced: [`make_durable`] does it for all), and
/// notes the folders it created.
fn write_file(path: &Path, bytes: &[u8], folders: &mut Folders) -> std::io::Result<()> {
    if let Some(parent) = path.parent()
        && !folders.0.contains(parent)
    {
        std::fs::create_dir_all(parent)?;
        let made: Vec<PathBuf> = parent
            .ancestors()
            .take_while(|a| !folders.0.contains(*a))
            .map(Path::to_path_buf)
            .collect();
        folders.0.extend(made);
    }
    std::fs::write(path, bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("nebutil-turn-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::create_dir_all(&dir);
        dir
    }

    /// Every file of the folder (relative path, content), sorted.
    fn snapshot(dir: &Path) -> Vec<(String, String)> {
        fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
            for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    walk(root, &path, out);
                } else {
                    let relative = path.strip_prefix(root).unwrap_or(&path);
                    out.push((
                        relative.display().to_string(),
                        std::fs::read_to_string(&path).unwrap_or_default(),
                    ));
                }
            }
        }
        let mut out = Vec::new();
        walk(dir, dir, &mut out);
        out.sort();
        out
    }

    fn files() -> Vec<(PathBuf, String)> {
        vec![
            (PathBuf::from("saves/game-001.ron"), "old save".into()),
            (PathBuf::from("players/1/turn-002.cr"), "cr 1".into()),
            (PathBuf::from("players/2/turn-002.cr"), "cr 2".into()),
            (PathBuf::from("arbiter/turn-001.log"), "log".into()),
        ]
    }

    fn before(dir: &Path) {
        let _ = std::fs::write(dir.join("game.ron"), "old save");
        let _ = std::fs::create_dir_all(dir.join("players/1"));
        let _ = std::fs::write(dir.join("players/1/orders-001.txt"), "F_1 P\n");
    }

    #[test]
    fn an_error_at_any_step_leaves_the_folder_as_before_or_finishable() {
        an_error_at_any_step(false);
    }

    /// The same where `syncfs` is missing (file by file).
    #[test]
    fn file_by_file_an_error_at_any_step_leaves_the_folder_as_before_or_finishable() {
        an_error_at_any_step(true);
    }

    fn an_error_at_any_step(file_by_file: bool) {
        let plan = |text: &str| {
            let faults = Faults::parse(text);
            if file_by_file {
                faults.file_by_file()
            } else {
                faults
            }
        };
        let name = |tag: &str| format!("{tag}-{file_by_file}");
        let expected = {
            let dir = temp_dir(&name("reference"));
            before(&dir);
            let mut faults = plan("");
            assert!(commit(&dir, &files(), "new save", &mut faults).is_ok());
            assert!(faults.steps() > files().len() as u64);
            snapshot(&dir)
        };
        let dir = temp_dir(&name("faults"));
        before(&dir);
        let initial = snapshot(&dir);
        let mut step = 1;
        loop {
            let _ = std::fs::remove_dir_all(&dir);
            let _ = std::fs::create_dir_all(&dir);
            before(&dir);
            let mut faults = plan(&format!("fail:{step}"));
            let result = commit(&dir, &files(), "new save", &mut faults);
            if result.is_ok() {
                assert_eq!(snapshot(&dir), expected);
                break;
            }
            let recovered = recover(&dir, &mut plan(""));
            match recovered {
                Ok(Recovery::Completed { files, .. }) => {
                    assert_eq!(files, 5);
                    assert_eq!(snapshot(&dir), expected, "step {step}");
                }
                Ok(Recovery::Clean | Recovery::RolledBack) => {
                    assert_eq!(snapshot(&dir), initial, "step {step}");
                }
                Err(error) => panic!("step {step}: {error}"),
            }
            step += 1;
            assert!(step < 100, "the commit ends");
        }
        assert!(step > 8, "{step} steps");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The calls waiting for the disk do not grow with the number of files:
    /// one `syncfs` before the commit point and one before `commit/` goes,
    /// plus the `fsync`s of the commit point's and the game's folder (on
    /// Linux; elsewhere file by file, as many as files and folders).
    #[test]
    fn a_commit_syncs_a_fixed_number_of_times() {
        let many: Vec<(PathBuf, String)> = (1..=40)
            .flat_map(|player| {
                [
                    (
                        PathBuf::from(format!("players/{player}/turn-002.cr")),
                        "cr".into(),
                    ),
                    (
                        PathBuf::from(format!("players/{player}/turn-002.nbt")),
                        "nbt".into(),
                    ),
                ]
            })
            .collect();
        let mut counts = Vec::new();
        let mut file_by_file = Vec::new();
        for (name, files) in [("sync-few", files()), ("sync-many", many)] {
            let dir = temp_dir(name);
            before(&dir);
            let mut each = Faults::none().file_by_file();
            assert!(commit(&dir, &files, "new save", &mut each).is_ok());
            file_by_file.push(each.syncs());
            let _ = std::fs::remove_dir_all(&dir);
            let _ = std::fs::create_dir_all(&dir);
            before(&dir);
            let mut faults = Faults::none();
            assert!(commit(&dir, &files, "new save", &mut faults).is_ok());
            assert_eq!(
                std::fs::read_to_string(dir.join("game.ron"))
                    .ok()
                    .as_deref(),
                Some("new save")
            );
            // Undone: the removals are synced at once too.
            let removed: Vec<PathBuf> = files.iter().map(|(path, _)| path.clone()).collect();
            let mut undo = Faults::none();
            assert!(commit_changes(&dir, &[], &removed, "old save", &mut undo).is_ok());
            assert!(!dir.join(&removed[1]).exists());
            counts.push((files.len(), faults.syncs(), undo.syncs()));
            let _ = std::fs::remove_dir_all(&dir);
        }
        if cfg!(target_os = "linux") {
            assert_eq!(counts, [(4, 4, 4), (80, 4, 4)]);
        } else {
            assert!(counts[1].1 > 80, "{counts:?}");
        }
        // File by file: each staged file and the manifest, each folder staged
        // in and written to, the commit point's and the game's folder.
        assert!(file_by_file[1] > 2 * 80, "{file_by_file:?}");
    }

    #[test]
    fn paths_outside_the_folder_are_refused() {
        let dir = temp_dir("outside");
        let bad = vec![(PathBuf::from("../evil"), String::new())];
        assert!(commit(&dir, &bad, "save", &mut Faults::none()).is_err());
        assert_eq!(snapshot(&dir), Vec::<(String, String)>::new());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
