//! Collects the rulings written beside the code that applies them.
//!
//! Where the rule book is silent, the code applying our ruling carries a doc comment
//! `/// Ruling G-17 (III.1.3): <text>` (possibly continued on the next `///` lines).
//! This script gathers them into `$OUT_DIR/rulings.rs`, so the list users read
//! (`nebutil rules`, the app's rulings window) is always the one the code applies.
//!
//! A ruling is stated once, where it is decided; every other place applying it says
//! so with a doc line holding `Applies ruling G-17` (by convention
//! `/// Applies ruling G-17 (see the ruling list).`). Each ruling lists those places
//! too. A gap stated twice, or a reference to a gap stated nowhere, is a warning
//! here and a failure of `tests/core/rulings.rs` (the lists `DUPLICATES` and
//! `DANGLING` of the generated file must be empty).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    println!("cargo::rerun-if-changed=src");
    let mut files = Vec::new();
    collect(Path::new("src"), &mut files);
    files.sort();
    let mut rulings = Vec::new();
    let mut references = Vec::new();
    for file in &files {
        let Ok(text) = std::fs::read_to_string(file) else {
            continue;
        };
        scan(file, &text, &mut rulings, &mut references);
    }
    rulings.sort_by(|a, b| (a.id, &a.file, a.line).cmp(&(b.id, &b.file, b.line)));
    references.sort();
    let mut out = String::from("pub static RULINGS: &[Ruling] = &[\n");
    for r in &rulings {
        let also: Vec<String> = references
            .iter()
            .filter(|(id, _, _)| *id == r.id)
            .map(|(_, file, line)| format!("({file:?}, {line})"))
            .collect();
        let _ = writeln!(
            out,
            "    Ruling {{ id: {}, section: {:?}, text: {:?}, file: {:?}, line: {}, also: &[{}] }},",
            r.id,
            r.section,
            r.text,
            r.file,
            r.line,
            also.join(", ")
        );
    }
    out.push_str("];\n");
    // A gap stated more than once: every statement after the first.
    out.push_str(
        "/// Second (third…) statements of a gap already stated: must be empty.\n\
         pub static DUPLICATES: &[GapPlace] = &[\n",
    );
    for pair in rulings.windows(2) {
        if pair[0].id == pair[1].id {
            let r = &pair[1];
            println!(
                "cargo::warning=ruling G-{} stated again at {}:{} (first at {}:{}): write `Applies ruling G-{}` there",
                r.id, r.file, r.line, pair[0].file, pair[0].line, r.id
            );
            let _ = writeln!(out, "    ({}, {:?}, {}),", r.id, r.file, r.line);
        }
    }
    out.push_str("];\n");
    out.push_str(
        "/// References to a gap no `Ruling G-n` comment states: must be empty.\n\
         pub static DANGLING: &[GapPlace] = &[\n",
    );
    for (id, file, line) in &references {
        if !rulings.iter().any(|r| r.id == *id) {
            println!("cargo::warning={file}:{line} applies ruling G-{id}, stated nowhere");
            let _ = writeln!(out, "    ({id}, {file:?}, {line}),");
        }
    }
    out.push_str("];\n");
    let out_dir = std::env::var_os("OUT_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("."));
    if let Err(error) = std::fs::write(out_dir.join("rulings.rs"), out) {
        println!("cargo::warning=cannot write rulings.rs: {error}");
    }
}

struct Found {
    id: u32,
    section: String,
    text: String,
    file: String,
    line: usize,
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

fn scan(
    file: &Path,
    text: &str,
    rulings: &mut Vec<Found>,
    references: &mut Vec<(u32, String, usize)>,
) {
    let name = file.to_string_lossy().replace('\\', "/");
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        if let Some(doc) = doc_text(lines[i]) {
            // `Applies ruling G-n` anywhere in a doc line (several per line allowed).
            let mut rest = doc;
            while let Some(at) = rest.find(REFERENCE) {
                rest = &rest[at + REFERENCE.len()..];
                let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
                if let Ok(id) = digits.parse() {
                    references.push((id, name.clone(), i + 1));
                }
            }
        }
        if let Some(rest) = doc_text(lines[i]).and_then(|d| d.strip_prefix("Ruling G-"))
            && let Some((id, section, mut body)) = parse_head(rest)
        {
            let start = i;
            // Continuation: following doc lines that are not blank and start no new ruling.
            while let Some(more) = lines.get(i + 1).and_then(|line| doc_text(line)) {
                if more.is_empty()
                    || more.starts_with("Ruling G-")
                    || more.starts_with('#')
                    || more.contains(REFERENCE)
                {
                    break;
                }
                body.push(' ');
                body.push_str(more);
                i += 1;
            }
            rulings.push(Found {
                id,
                section,
                text: body,
                file: name.clone(),
                line: start + 1,
            });
        }
        i += 1;
    }
}

/// The shape of a reference to a ruling stated elsewhere.
const REFERENCE: &str = "Applies ruling G-";

/// The text of a `///` or `//!` doc-comment line, trimmed.
fn doc_text(line: &str) -> Option<&str> {
    let trimmed = line.trim_start();
    trimmed
        .strip_prefix("///")
        .or_else(|| trimmed.strip_prefix("//!"))
        .map(str::trim)
}

/// `17 (III.1.3): text` → (17, "III.1.3", "text").
fn parse_head(rest: &str) -> Option<(u32, String, String)> {
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let id = digits.parse().ok()?;
    let rest = rest[digits.len()..].trim_start();
    let rest = rest.strip_prefix('(')?;
    let close = rest.find(')')?;
    let section = rest[..close].trim().to_string();
    let text = rest[close + 1..]
        .trim_start()
        .strip_prefix(':')?
        .trim()
        .to_string();
    Some((id, section, text))
}
