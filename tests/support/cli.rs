//! The built `nebutil`, run as a player or an arbiter runs it, and what it leaves
//! on disk: one command builder (no locale variable, no injected fault, so every
//! message is the default French one), its output as text, temporary game folders
//! and the bytes of a folder.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicU32, Ordering};

/// `nebutil` with `args`, the locale variables and `NEBUTIL_FAULT` removed.
pub fn nebutil_command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_nebutil"));
    command
        .args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .env_remove("NEBUTIL_FAULT");
    command
}

/// Runs `nebutil` with `args` to its end.
pub fn nebutil(args: &[&str]) -> Output {
    nebutil_command(args).output().expect("the binary runs")
}

/// Runs `nebutil` with `args` in the folder `dir`.
pub fn nebutil_in(dir: &Path, args: &[&str]) -> Output {
    nebutil_command(args)
        .current_dir(dir)
        .output()
        .expect("the binary runs")
}

/// Bytes printed by the program, as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

pub fn stdout(output: &Output) -> String {
    text(&output.stdout)
}

pub fn stderr(output: &Output) -> String {
    text(&output.stderr)
}

/// A folder path of its own under the system's temporary folder, unique within
/// this run (`nebutil-TAG-PID-N`), not created; removed when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let path = std::env::temp_dir().join(format!("nebutil-{tag}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        TempDir(path)
    }

    /// The same, created empty.
    pub fn created(tag: &str) -> TempDir {
        let dir = TempDir::new(tag);
        std::fs::create_dir_all(&dir.0).expect("temp dir");
        dir
    }

    pub fn path(&self) -> &Path {
        &self.0
    }

    /// The path as a command-line argument.
    pub fn arg(&self) -> &str {
        self.0.to_str().expect("temp path is UTF-8")
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Every file under `dir` (path relative to it, bytes), sorted by path.
pub fn folder_files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, Vec<u8>)>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                let relative = path.strip_prefix(root).unwrap_or(&path);
                out.push((
                    relative.display().to_string(),
                    std::fs::read(&path).unwrap_or_default(),
                ));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

/// Copies the files of `from` (as [`folder_files`] lists them) into `to`.
pub fn copy_files(files: Vec<(String, Vec<u8>)>, to: &Path) {
    for (relative, bytes) in files {
        let path = to.join(relative);
        std::fs::create_dir_all(path.parent().unwrap_or(to)).expect("folder");
        std::fs::write(&path, bytes).expect("copy");
    }
}
