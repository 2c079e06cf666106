//! Files on disk, for the command line and the app alike (one copy, below both):
//! atomic writes ([`write_atomic`]), the game folder's lock ([`lock`]) and the
//! crash-safe commit of a resolved turn ([`turn`]), text files read with a size
//! limit ([`text_file`]), and a player's files made into his knowledge — turns,
//! their NBTs, his allies' reports ([`session`], the app's and the command
//! line's). The core (everything below
//! `game`) never touches the file system; `game` returns texts and the callers
//! write them through here.

pub mod fault;
pub mod lock;
pub mod turn;

pub mod beside;
pub mod session;
pub mod text_file;

use std::io::Write;
use std::path::{Path, PathBuf};

/// Whether a write must reach the disk before it counts as done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Durability {
    /// The rename alone: a crash of the program never leaves half a file, but a
    /// power cut may lose the last version (drafts, saved after every change).
    Rename,
    /// The content, then the rename, reach the disk (`fsync` of the file and of
    /// its folder): exports, order files, saves.
    Synced,
}

/// Writes `bytes` to `path` through a temporary file of the same folder renamed
/// over it: readers see the old content or the new one, never a mix, and a
/// failed write leaves the old file as it was (the temporary file is removed).
/// The folder must exist (a typo must not create folders): use
/// [`write_atomic_in_new_dirs`] where the layout is ours.
pub fn write_atomic(path: &Path, bytes: &[u8], durability: Durability) -> std::io::Result<()> {
    write_atomic_with(path, bytes, durability, &mut fault::Faults::none())
}

/// [`write_atomic`] for a file only its owner may read or write (mode 0600 on
/// Unix: the mail robot's state, outbox and orders store), after creating the
/// missing folders of `path` readable by their owner only (0700).
pub fn write_private_in_new_dirs(
    path: &Path,
    bytes: &[u8],
    durability: Durability,
) -> std::io::Result<()> {
    create_private_dirs(&parent_dir(path))?;
    write_atomic_file(path, bytes, durability, &mut fault::Faults::none(), true)
}

/// Creates a folder and its missing parents, those it creates readable by
/// their owner only (0700 on Unix).
pub fn create_private_dirs(dir: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)
}

/// A new file (truncated if it exists): 0600 on Unix when `private`.
fn create_file(path: &Path, private: bool) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    if private {
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    }
    #[cfg(not(unix))]
    let _ = private;
    options.open(path)
}

/// [`write_atomic`] with its steps reported to `faults` (tests stop the
/// process or fail a write there).
pub(crate) fn write_atomic_with(
    path: &Path,
    bytes: &[u8],
    durability: Durability,
    faults: &mut fault::Faults,
) -> std::io::Result<()> {
    write_atomic_file(path, bytes, durability, faults, false)
}

fn write_atomic_file(
    path: &Path,
    bytes: &[u8],
    durability: Durability,
    faults: &mut fault::Faults,
    private: bool,
) -> std::io::Result<()> {
    let dir = parent_dir(path);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        faults.step()?;
        let mut file = create_file(&temp, private)?;
        file.write_all(bytes)?;
        if durability == Durability::Synced {
            file.sync_all()?;
        }
        drop(file);
        faults.step()?;
        std::fs::rename(&temp, path)?;
        if durability == Durability::Synced {
            sync_dir(&dir);
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}

/// [`write_atomic`] after creating the missing folders of `path` (the game
/// folder's own layout: `players/3/`, `saves/`).
pub fn write_atomic_in_new_dirs(
    path: &Path,
    bytes: &[u8],
    durability: Durability,
) -> std::io::Result<()> {
    std::fs::create_dir_all(parent_dir(path))?;
    write_atomic(path, bytes, durability)
}

/// The folder a path's file lives in (`.` for a bare file name).
fn parent_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Makes everything written on the file system holding `dir` durable in one
/// call (`syncfs`: file contents, new names, renames, removals), instead of one
/// `fsync` per file and per folder. `false` where it is not available (not
/// Linux) or failed: the caller then syncs file by file. Linux reports a
/// write-back error of any file of the file system to `syncfs` (since 5.8).
#[cfg(target_os = "linux")]
pub(crate) fn sync_filesystem(dir: &Path) -> bool {
    let Ok(handle) = std::fs::File::open(dir) else {
        return false;
    };
    rustix::fs::syncfs(&handle).is_ok()
}

/// See the Linux version: elsewhere, always file by file.
#[cfg(not(target_os = "linux"))]
pub(crate) fn sync_filesystem(_: &Path) -> bool {
    false
}

/// Makes a rename in `dir` durable. Best effort: some systems cannot open a
/// folder for syncing, and the file's own content is already on disk.
pub(crate) fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(handle) = std::fs::File::open(dir) {
        let _ = handle.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("nebutil-storage-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        names
    }

    #[test]
    fn a_file_is_replaced_whole_and_no_temporary_file_stays() {
        let dir = temp_dir("replace");
        let path = dir.join("players/3/orders-001.txt");
        assert!(write_atomic(&path, b"x", Durability::Synced).is_err());
        assert!(write_atomic_in_new_dirs(&path, b"F_1 P\n", Durability::Synced).is_ok());
        assert!(write_atomic(&path, b"F_1 G\n", Durability::Rename).is_ok());
        assert_eq!(std::fs::read(&path).ok().as_deref(), Some(&b"F_1 G\n"[..]));
        assert_eq!(names(&dir.join("players/3")), ["orders-001.txt"]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary_file() {
        let dir = temp_dir("failed");
        assert!(std::fs::create_dir_all(dir.join("taken")).is_ok());
        // A folder where the file should go: the rename fails.
        assert!(write_atomic(&dir.join("taken"), b"text", Durability::Synced).is_err());
        assert_eq!(names(&dir), ["taken"]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
