//! The architecture, checked: dependencies between top-level modules point down
//! only, and the core (everything below `game`) touches no file system, no clock,
//! no global random generator, no process environment and no egui.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The layers, bottom first: a module may use the modules of lower layers only.
/// `cli` and `gui` share the top layer and so never import each other; `report`,
/// `nbt`, `orders` and `combat` share theirs likewise.
const LAYERS: &[&[&str]] = &[
    &["i18n", "rulings", "parallel"],
    &["diagnostic"],
    &["text"],
    &["model"],
    &["rules"],
    &["report", "nbt", "orders", "combat"],
    &["resolve"],
    &["game"],
    &["storage", "system"],
    &["desk", "post"],
    &["cli", "gui"],
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

/// Whether `module` may use `used` (a module of a strictly lower layer).
fn may_use(module: &str, used: &str) -> Option<bool> {
    let module_layer = layer_of(module)?;
    Some(layer_of(used).is_some_and(|used_layer| used_layer < module_layer))
}

/// The core: everything below `game`.
fn is_core(module: &str) -> bool {
    layer_of(module)
        .zip(layer_of("game"))
        .is_some_and(|(layer, game)| layer < game)
}

/// Text that must not appear in core code (outside comments).
const FORBIDDEN_IN_CORE: &[&str] = &[
    "std::fs",
    "std::env",
    "std::net",
    "std::process",
    "std::time",
    "SystemTime",
    "Instant::now",
    "thread_rng",
    "rand::rng()",
    "OsRng",
    "from_entropy",
    "from_os_rng",
    "egui",
    "eframe",
    "rfd::",
    "directories::",
    "println!",
    "eprintln!",
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/ is readable").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file of `src/` belongs to (`src/report/read.rs` → `report`).
fn module_of(path: &Path) -> Option<String> {
    let relative = path.strip_prefix("src").ok()?;
    let first = relative
        .components()
        .next()?
        .as_os_str()
        .to_string_lossy()
        .to_string();
    Some(first.trim_end_matches(".rs").to_string())
}

/// Code without `//` comments (doc comments may name anything); string literals
/// are kept, a `//` inside a string is not a comment.
fn code_only(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let mut in_string = false;
        let mut escaped = false;
        let mut previous = ' ';
        let mut end = line.len();
        for (i, c) in line.char_indices() {
            if in_string {
                if escaped {
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == '"' {
                    in_string = false;
                }
            } else if c == '"' {
                in_string = true;
            } else if c == '/' && previous == '/' {
                end = i - 1;
                break;
            }
            previous = c;
        }
        out.push_str(&line[..end]);
        out.push('\n');
    }
    out
}

/// Top-level modules named as `crate::x` or `nebutil::x`.
fn used_modules(code: &str) -> BTreeSet<String> {
    let mut used = BTreeSet::new();
    for prefix in ["crate::", "nebutil::"] {
        for (i, _) in code.match_indices(prefix) {
            let rest = &code[i + prefix.len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                used.insert(name);
            }
        }
        // `use crate::{a, b::c}` groups.
        for (i, _) in code.match_indices(&format!("{prefix}{{")) {
            let rest = &code[i + prefix.len() + 1..];
            let group: String = rest.chars().take_while(|c| *c != '}').collect();
            for part in group.split(',') {
                let name: String = part
                    .trim()
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    used.insert(name);
                }
            }
        }
    }
    used
}

#[test]
fn dependencies_point_down_and_the_core_is_pure() {
    let mut files = Vec::new();
    rust_files(Path::new("src"), &mut files);
    assert!(files.len() > 10, "the crate has its modules");
    let mut violations = Vec::new();
    for file in &files {
        let Some(module) = module_of(file) else {
            continue;
        };
        if module == "lib" || module == "main" {
            continue;
        }
        let text = std::fs::read_to_string(file).expect("readable source");
        let code = code_only(&text);
        assert!(
            layer_of(&module).is_some(),
            "{}: module `{module}` has no place in the layering",
            file.display()
        );
        for used in used_modules(&code) {
            if used != module && may_use(&module, &used) != Some(true) {
                violations.push(format!("{}: `{module}` uses `{used}`", file.display()));
            }
        }
        if is_core(&module) {
            for forbidden in FORBIDDEN_IN_CORE {
                if code.contains(forbidden) {
                    violations.push(format!(
                        "{}: core module `{module}` uses `{forbidden}`",
                        file.display()
                    ));
                }
            }
        }
    }
    assert!(
        violations.is_empty(),
        "layering violations:\n{}",
        violations.join("\n")
    );
}

#[test]
fn the_checker_sees_violations() {
    // The checker itself must be able to fail: a core file using the file system
    // and an upper module.
    let code = code_only(
        "use crate::game::Save;\nfn f() { std::fs::read(\"x\"); } // egui in a comment is fine",
    );
    let used = used_modules(&code);
    assert!(used.contains("game"));
    assert_eq!(may_use("report", "game"), Some(false));
    assert_eq!(may_use("gui", "cli"), Some(false), "side by side");
    assert_eq!(may_use("orders", "report"), Some(false), "same layer");
    assert_eq!(may_use("resolve", "combat"), Some(true));
    assert!(is_core("resolve") && !is_core("game"));
    assert!(code.contains("std::fs"));
    assert!(!code.contains("egui"));
    let grouped = used_modules("use crate::{model::World, rules::Ruleset};");
    assert_eq!(
        grouped,
        BTreeSet::from(["model".to_string(), "rules".to_string()])
    );
}

/// Files → knowledge is built once, below the command line and the app
/// (`storage::session` over `storage::text_file::read_text`): `cli`, `gui` and
/// `desk` decode no text of their own, and pair no NBT with a CR but by the
/// one rule.
const READ_BELOW: &[&str] = &["cli", "gui", "desk"];

/// Text that `READ_BELOW` modules must not use (outside comments).
const FORBIDDEN_ABOVE_STORAGE: &[&str] = &["text::decode", "decode_owned(", "nbt_matches"];

#[test]
fn files_become_knowledge_in_one_place() {
    let mut files = Vec::new();
    rust_files(Path::new("src"), &mut files);
    let mut violations = Vec::new();
    for file in &files {
        let Some(module) = module_of(file) else {
            continue;
        };
        if !READ_BELOW.contains(&module.as_str()) {
            continue;
        }
        let code = code_only(&std::fs::read_to_string(file).expect("readable source"));
        for forbidden in FORBIDDEN_ABOVE_STORAGE {
            if code.contains(forbidden) {
                violations.push(format!("{}: `{module}` uses `{forbidden}`", file.display()));
            }
        }
    }
    assert!(
        violations.is_empty(),
        "files read or paired outside storage:\n{}",
        violations.join("\n")
    );
    assert!(
        Path::new("src/storage/session/mod.rs").is_file(),
        "the session of files lives in storage"
    );
    assert_eq!(may_use("storage", "report"), Some(true));
    assert_eq!(may_use("storage", "gui"), Some(false));
}

/// `unsafe` is denied in the crate with one exception: the call that gives
/// freed memory back to the system (`system::release_free_memory`). A second
/// `allow(unsafe_code)` anywhere, or `unsafe` outside that file, fails here.
#[test]
fn unsafe_code_is_one_audited_call() {
    let mut files = Vec::new();
    rust_files(Path::new("src"), &mut files);
    let mut allowed = Vec::new();
    let mut unsafe_outside = Vec::new();
    for file in &files {
        let code = code_only(&std::fs::read_to_string(file).expect("readable source"));
        for _ in code.matches("allow(unsafe_code)") {
            allowed.push(file.display().to_string());
        }
        if code.contains("unsafe ") && !file.ends_with("system.rs") {
            unsafe_outside.push(file.display().to_string());
        }
    }
    assert_eq!(
        allowed,
        ["src/system.rs"],
        "allow(unsafe_code) outside the one call"
    );
    assert!(unsafe_outside.is_empty(), "unsafe in: {unsafe_outside:?}");
    let manifest = std::fs::read_to_string("Cargo.toml").expect("Cargo.toml");
    assert!(
        manifest.contains("unsafe_code = \"deny\""),
        "the lint denies unsafe"
    );
}
