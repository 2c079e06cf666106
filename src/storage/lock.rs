//! The game folder's lock: one writer at a time (`nebutil game turn`, the app's
//! "Résoudre le tour", the mail robot). An advisory lock on `DIR/.nebutil.lock`
//! held while the handle lives; the operating system releases it when the
//! process ends, however it ends (no stale lock after a crash).

use std::fs::{File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};

/// The lock file inside a game folder.
pub const LOCK_FILE: &str = ".nebutil.lock";

/// The lock, held until dropped.
#[derive(Debug)]
pub struct FolderLock {
    _file: File,
    path: PathBuf,
}

impl FolderLock {
    /// The lock file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Why the lock could not be taken.
#[derive(Debug)]
pub enum LockError {
    /// Another process holds it (a turn or the mail robot is running).
    Busy(PathBuf),
    /// The lock file cannot be opened or locked.
    Io(PathBuf, std::io::Error),
}

/// Takes the lock of the game folder `dir` without waiting.
pub fn lock(dir: &Path) -> Result<FolderLock, LockError> {
    let path = dir.join(LOCK_FILE);
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| LockError::Io(path.clone(), e))?;
    match file.try_lock() {
        Ok(()) => Ok(FolderLock { _file: file, path }),
        Err(TryLockError::WouldBlock) => Err(LockError::Busy(path)),
        Err(TryLockError::Error(error)) => Err(LockError::Io(path, error)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_holder_at_a_time_and_released_when_dropped() {
        let dir = std::env::temp_dir().join(format!("nebutil-lock-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let first = lock(&dir);
        assert!(first.is_ok());
        assert!(matches!(lock(&dir), Err(LockError::Busy(_))));
        drop(first);
        assert!(lock(&dir).is_ok());
        assert!(matches!(
            lock(&dir.join("missing")),
            Err(LockError::Io(_, _))
        ));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
