//! `nebutil`: the desktop app when built with the `gui` feature and started without
//! a sub-command; the command line otherwise. The library does the work.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    std::process::exit(nebutil::cli::run(args));
}
