//! The command line. (Being written: see issue 2.)

/// Runs the command line; returns the process exit code.
pub fn run(args: Vec<String>) -> i32 {
    let _ = args;
    0
}
