//! `nebutil`: the desktop app when built with the `gui` feature and started without
//! a sub-command (with files to open, or none: a demo game); the command line
//! otherwise. The library does the work.
//!
//! Windows: the program stays a console-subsystem executable, so a console window
//! opens beside the app when it is started from the Start menu. It is *not*
//! marked `windows_subsystem = "windows"`: a GUI-subsystem exe has no console for
//! `nebutil report | orders | game …`, and attaching to the parent's console
//! (`AttachConsole(ATTACH_PARENT_PROCESS)`, as some apps do) does not make it a
//! command-line tool — `cmd.exe` does not wait for a GUI-subsystem process, so the
//! prompt comes back at once, the output lands in the middle of it, `%ERRORLEVEL%`
//! is not the program's, and pipes and redirections are unreliable. It would also
//! need FFI (`unsafe`, denied in this crate but for one audited call) and a Windows-only dependency.
//! The clean fix is two executables from the same library — this console one for
//! the command line, and a GUI-subsystem one the installer's shortcuts start —
//! left for when it can be tried on Windows.

fn main() {
    let code = match nebutil::cli::start(std::env::args_os()) {
        nebutil::cli::Start::Exit(code) => code,
        #[cfg(feature = "gui")]
        nebutil::cli::Start::Gui(files) => nebutil::gui::run(files),
        #[cfg(not(feature = "gui"))]
        nebutil::cli::Start::Gui(files) => nebutil::cli::no_gui(&files),
    };
    std::process::exit(code);
}
