//! A real system keyring for a test: a child process of the test binary runs
//! one ignored test inside a private D-Bus session (`dbus-run-session`) where
//! GNOME Keyring's Secret Service runs unlocked, its home and XDG folders fresh
//! (the user's own keyring is never touched); or, for the machine without a
//! keyring, with a session bus address that leads nowhere.
//!
//! CI installs `gnome-keyring` and `dbus-daemon` and sets
//! `NEBUTIL_REQUIRE_KEYRING=1`: there, missing programs are a failure; elsewhere
//! the test says SKIPPED.

use std::path::Path;
use std::process::Command;

use super::fresh_dir::fresh_dir;

/// Set in the child: the ignored test runs only there.
pub const CHILD_ENV: &str = "NEBUTIL_KEYRING_CHILD";

/// Whether this process is such a child (the ignored tests assert it).
pub fn in_child() -> bool {
    std::env::var_os(CHILD_ENV).is_some()
}

fn found(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(program).is_file()))
}

/// Runs the ignored test `name` (its full path in this binary) in a child
/// process, with a real keyring (`with_keyring`) or with none reachable, and
/// asserts it passed. Returns `false` (SKIPPED said) when the programs a real
/// keyring needs are missing and CI does not require them.
pub fn run_child(name: &str, with_keyring: bool) -> bool {
    let home = fresh_dir("kr");
    for sub in ["data", "config", "cache", "run"] {
        std::fs::create_dir_all(home.join(sub)).expect("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(home.join("run"), std::fs::Permissions::from_mode(0o700));
    }
    let exe = std::env::current_exe().expect("the test binary");
    let test_args = [
        name,
        "--exact",
        "--ignored",
        "--nocapture",
        "--test-threads=1",
    ];
    let mut command = if with_keyring {
        if !(found("dbus-run-session") && found("gnome-keyring-daemon")) {
            assert!(
                std::env::var_os("NEBUTIL_REQUIRE_KEYRING").is_none(),
                "NEBUTIL_REQUIRE_KEYRING is set but dbus-run-session or gnome-keyring-daemon \
                 was not found"
            );
            eprintln!(
                "SKIPPED: dbus-run-session or gnome-keyring-daemon not found (apt-get install \
                 dbus-daemon gnome-keyring); the system keyring test did not run"
            );
            return false;
        }
        let mut command = Command::new("dbus-run-session");
        command
            .arg("--")
            .arg("sh")
            .arg("-c")
            // Unlocks (creates) the login keyring of the fresh home, then runs the test.
            .arg(
                "printf nebutil-test | gnome-keyring-daemon --unlock --components=secrets \
                 >/dev/null 2>&1; exec \"$@\"",
            )
            .arg("sh")
            .arg(&exe);
        command
    } else {
        let mut command = Command::new(&exe);
        command.env(
            "DBUS_SESSION_BUS_ADDRESS",
            format!("unix:path={}", home.join("run/no-bus").display()),
        );
        command
    };
    let output = command
        .args(test_args)
        .env(CHILD_ENV, "1")
        .env("HOME", &home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .env("XDG_RUNTIME_DIR", home.join("run"))
        .output()
        .expect("the child test starts");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && stdout.contains("1 passed"),
        "the child test {name} failed:\n{stdout}\n{stderr}"
    );
    let _ = std::fs::remove_dir_all(Path::new(&home));
    true
}
