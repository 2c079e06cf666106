//! The rulings list is gathered from the code and is well-formed.

#[test]
fn rulings_are_numbered_gaps_with_text_and_place() {
    let all = nebutil::rulings::all();
    for ruling in all {
        assert!(
            (1..=168).contains(&ruling.id),
            "G-{} is not a catalog gap (147-168: ours)",
            ruling.id
        );
        assert!(
            !ruling.section.is_empty(),
            "G-{} names no section",
            ruling.id
        );
        assert!(ruling.text.len() > 10, "G-{} has no real text", ruling.id);
        assert!(
            ruling.file.starts_with("src/"),
            "G-{} at {}",
            ruling.id,
            ruling.file
        );
        let source = std::fs::read_to_string(ruling.file).expect("the file exists");
        let line = source
            .lines()
            .nth(ruling.line as usize - 1)
            .expect("the line exists");
        assert!(
            line.contains(&format!("Ruling G-{} ", ruling.id)),
            "{}:{} does not hold G-{}",
            ruling.file,
            ruling.line,
            ruling.id
        );
    }
    let ids: Vec<u32> = all.iter().map(|r| r.id).collect();
    let mut sorted = ids.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(ids, sorted, "sorted by gap number, one entry per gap");
}

/// The places applying a ruling without stating it hold a reference to it, and
/// the place stating it is not listed again.
#[test]
fn every_other_place_references_its_ruling() {
    for ruling in nebutil::rulings::all() {
        for &(file, line) in ruling.also {
            let source = std::fs::read_to_string(file).expect("the file exists");
            let text = source
                .lines()
                .nth(line as usize - 1)
                .expect("the line exists");
            let tag = format!("Applies ruling G-{}", ruling.id);
            let at = text.find(&tag);
            assert!(
                at.is_some_and(
                    |at| !text[at + tag.len()..].starts_with(|c: char| c.is_ascii_digit())
                ),
                "{file}:{line} does not reference G-{}",
                ruling.id
            );
            assert!(
                text.trim_start().starts_with("///") || text.trim_start().starts_with("//!"),
                "{file}:{line}: a reference is a doc comment"
            );
        }
        let places: Vec<(&str, u32)> = ruling.places().collect();
        assert_eq!(places[0], (ruling.file, ruling.line));
        let mut unique = places.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(
            unique.len(),
            places.len(),
            "G-{} places listed twice",
            ruling.id
        );
    }
}

/// A gap is stated once (`/// Ruling G-n (section): …`, where it is decided); the
/// other places say `/// Applies ruling G-n (see the ruling list).`, and every such
/// reference names a stated gap.
#[test]
fn each_gap_is_stated_once_and_every_reference_is_to_a_stated_gap() {
    let (duplicates, dangling) = nebutil::rulings::problems();
    let show = |list: &[(u32, &str, u32)]| -> String {
        list.iter()
            .map(|(id, file, line)| format!("G-{id} at {file}:{line}"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(
        duplicates.is_empty(),
        "gaps stated a second time (write `Applies ruling G-n` there):\n{}",
        show(duplicates)
    );
    assert!(
        dangling.is_empty(),
        "references to gaps stated nowhere:\n{}",
        show(dangling)
    );
    // What the build script found agrees with a plain reading of the sources.
    let mut statements = 0;
    let mut stack = vec![std::path::PathBuf::from("src")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src").flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("readable");
                statements += text
                    .lines()
                    .filter(|l| {
                        let l = l.trim_start();
                        ["/// Ruling G-", "//! Ruling G-"].iter().any(|p| {
                            l.strip_prefix(p)
                                .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
                        })
                    })
                    .count();
            }
        }
    }
    assert_eq!(statements, nebutil::rulings::all().len());
}

fn nebutil(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_nebutil"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn the_command_line_lists_the_rulings_under_both_names() {
    let all = nebutil(&["rulings"]);
    assert_eq!(all.status.code(), Some(0));
    let text = String::from_utf8_lossy(&all.stdout);
    assert_eq!(text.lines().count(), nebutil::rulings::all().len());
    // `nebutil rules` (the name issue 4 gives the arbiter) is the same command.
    let alias = nebutil(&["rules"]);
    assert_eq!(alias.stdout, all.stdout);

    // One gap, written either way: one line naming it, its section and all its
    // places, the one stating it first.
    let g17 = nebutil(&["rules", "G-17"]);
    let g17_text = String::from_utf8_lossy(&g17.stdout);
    assert_eq!(g17_text.lines().count(), 1, "G-17 once: {g17_text}");
    assert!(g17_text.starts_with("G-17 ("));
    let Some(ruling) = nebutil::rulings::by_id(17).next() else {
        panic!("G-17 is applied somewhere")
    };
    let places: Vec<String> = ruling.places().map(|(f, l)| format!("{f}:{l}")).collect();
    assert!(places.len() >= 2, "G-17: the CR reader and writer");
    assert!(
        g17_text
            .trim_end()
            .ends_with(&format!("[{}]", places.join("; "))),
        "{g17_text}"
    );
    assert_eq!(nebutil(&["rulings", "17"]).stdout, g17.stdout);

    let json = nebutil(&["rulings", "--json", "G-62"]);
    let list: serde_json::Value = serde_json::from_slice(&json.stdout).expect("one JSON array");
    let entries = list.as_array().expect("an array");
    assert!(!entries.is_empty());
    assert_eq!(entries.len(), 1, "one entry per gap");
    assert!(
        entries
            .iter()
            .all(|e| e["id"] == "G-62" && e["text"].as_str().is_some())
    );
    // The other places applying it, as {file, line}.
    let Some(g62) = nebutil::rulings::by_id(62).next() else {
        panic!("G-62 is applied somewhere")
    };
    let also = entries[0]["also"].as_array().expect("the other places");
    assert_eq!(also.len(), g62.also.len());
    for (entry, &(file, line)) in also.iter().zip(g62.also) {
        assert_eq!(entry["file"], file);
        assert_eq!(entry["line"], line);
    }

    let bad = nebutil(&["rulings", "G-x"]);
    assert_eq!(
        bad.status.code(),
        Some(2),
        "a bad gap number is a usage error"
    );
}

/// `nebutil rulings` speaks the language asked, else the environment's.
#[test]
fn the_command_line_gives_the_rulings_in_french_or_english() {
    let french = nebutil(&["rulings", "G-164", "--lang", "fr"]);
    let french = String::from_utf8_lossy(&french.stdout);
    assert!(
        french.contains("Les formulaires d'inscription sont servis"),
        "{french}"
    );
    let english = nebutil(&["rulings", "G-164", "--lang", "en"]);
    let english = String::from_utf8_lossy(&english.stdout);
    assert!(english.contains("the registration forms"), "{english}");
    let from_environment = std::process::Command::new(env!("CARGO_BIN_EXE_nebutil"))
        .args(["rulings", "G-164"])
        .env("LANG", "en_GB.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .output()
        .expect("the binary runs");
    assert_eq!(String::from_utf8_lossy(&from_environment.stdout), english);
}
