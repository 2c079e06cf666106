//! `nebutil`: the desktop app when built with the `gui` feature and started without
//! a sub-command (with files to open, or none: a demo game); the command line
//! otherwise. The library does the work.

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
