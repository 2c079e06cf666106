//! `nebutil orders ORDERS --report CR` with a CR that has no header line flags the
//! same orders as with the header (ORION turn 7); `--turn` and `--player` state
//! what nothing tells; a file that is not a CR is refused with one sentence
//! (status 2), for `nebutil orders` and `nebutil report` alike.

use std::path::PathBuf;

use crate::support::cli::{nebutil_in as nebutil, stderr, stdout};
use crate::support::fresh_dir::fresh_dir;

const T6: &str = include_str!("../fixtures/orion/demo_t6.cr");
const T7: &str = include_str!("../fixtures/orion/demo_t7.cr");

const ORDERS: &str = "\
F_57 M 300
F_57 MM 256 333 999
F_204 M 123
F_412 M 48
M_48 C 20 VC
M_127 C 50 VI
M_256 C 1 VC
F_128 M 127
F_240 M 48
";

/// A folder holding the orders and the given files.
fn folder(files: &[(&str, &str)]) -> PathBuf {
    let dir = fresh_dir("headerless");
    std::fs::write(dir.join("orders.txt"), ORDERS).unwrap_or_default();
    for (name, text) in files {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).unwrap_or_default();
        }
        std::fs::write(path, text).unwrap_or_default();
    }
    dir
}

/// The order file's lines of the output: `orders.txt:line:col: severity[code]`.
fn order_lines(out: &str) -> Vec<String> {
    out.lines()
        .filter(|l| l.starts_with("orders.txt:"))
        .map(|l| l.split("]: ").next().unwrap_or(l).to_string() + "]")
        .collect()
}

fn body(text: &str) -> String {
    let start = text.find("\nM_").map_or(0, |i| i + 1);
    text[start..].to_string()
}

#[test]
fn a_cr_without_header_flags_the_same_orders() {
    let dir = folder(&[
        ("with/demo_t7.cr", T7),
        ("older/t6.cr", T6),
        ("mail/body.txt", &body(T7)),
        (
            "players/5/turn-007.cr",
            T7.split_once('\n').map_or("", |(_, rest)| rest),
        ),
    ]);
    let reference = nebutil(
        &dir,
        &[
            "orders",
            "orders.txt",
            "--report",
            "with/demo_t7.cr",
            "--lang",
            "en",
        ],
    );
    let want = order_lines(&stdout(&reference));
    assert_eq!(reference.status.code(), Some(1));
    assert!(want.len() >= 6, "{want:?}");
    assert!(
        want.iter()
            .any(|l| l.contains("error[order-check-fleet-not-yours]")),
        "{want:?}"
    );

    // The header line only is missing; `nebutil game`'s layout gives the turn
    // (file name) and the number (folder): nothing to warn about.
    let output = nebutil(
        &dir,
        &[
            "orders",
            "orders.txt",
            "--report",
            "players/5/turn-007.cr",
            "--lang",
            "en",
        ],
    );
    let out = stdout(&output);
    assert_eq!(order_lines(&out), want, "{out}");
    assert!(!out.contains("players/5/turn-007.cr:"), "{out}");
    assert_eq!(output.status.code(), Some(1));

    // A mail body pasted from its first world line: the player from the Md_
    // world, the turn unknown (warned once, on the CR). Its errors are the same
    // (its warnings may differ: the technology block is gone with the top).
    let output = nebutil(
        &dir,
        &[
            "orders",
            "orders.txt",
            "--report",
            "mail/body.txt",
            "--lang",
            "en",
        ],
    );
    let out = stdout(&output);
    let errors = |lines: &[String]| -> Vec<String> {
        lines
            .iter()
            .filter(|l| l.contains(" error["))
            .cloned()
            .collect()
    };
    assert_eq!(errors(&order_lines(&out)), errors(&want), "{out}");
    let warned: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("mail/body.txt:"))
        .collect();
    assert_eq!(warned.len(), 1, "{out}");
    assert!(warned[0].contains("warning[cr-turn-unknown]"), "{out}");
    assert!(warned[0].contains("--turn"), "{out}");
    assert_eq!(output.status.code(), Some(1));

    // Stated: no warning left, the JSON tells the turn and player.
    let output = nebutil(
        &dir,
        &[
            "orders",
            "orders.txt",
            "--report",
            "mail/body.txt",
            "--turn",
            "7",
            "--player",
            "\"Maxtor\":5",
            "--json",
        ],
    );
    let document: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("one JSON document");
    assert_eq!(document["turn"], 7);
    assert_eq!(document["player"]["name"], "Maxtor");
    assert_eq!(document["player"]["number"], 5);
    let report_codes: Vec<&str> = document["report_diagnostics"]
        .as_array()
        .map(|a| a.iter().filter_map(|d| d["code"].as_str()).collect())
        .unwrap_or_default();
    assert!(
        report_codes.contains(&"cr-turn-inferred"),
        "{report_codes:?}"
    );
    assert!(
        !report_codes.contains(&"cr-turn-unknown"),
        "{report_codes:?}"
    );

    // With an older report: the stand-in turn comes after it (the orders answer
    // the first report), and the game is the older report's.
    let output = nebutil(
        &dir,
        &[
            "orders",
            "orders.txt",
            "--report",
            "mail/body.txt",
            "--report",
            "older/t6.cr",
            "--json",
        ],
    );
    let document: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("one JSON document");
    assert_eq!(document["turn"], 7);
    assert_eq!(document["game"], "ORION");
    let flagged: Vec<String> = document["diagnostics"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter(|d| d["severity"] == "error")
                .map(|d| format!("{}:{}", d["line"], d["code"]))
                .collect()
        })
        .unwrap_or_default();
    let want_errors: Vec<String> = errors(&want)
        .iter()
        .filter_map(|l| {
            let line = l.split(':').nth(1)?;
            let code = l.split("error[").nth(1)?.trim_end_matches(']');
            Some(format!("{line}:\"{code}\""))
        })
        .collect();
    assert!(!want_errors.is_empty());
    assert_eq!(flagged, want_errors);
}

#[test]
fn a_player_nothing_tells_is_warned_about_then_stated() {
    // No Md_ world, no statistics: the player cannot be told.
    let dir = folder(&[(
        "t3.cr",
        "M_10 (11) \"Maxtor:3\" [I=20]=2 [P=40(60)]=1 MP=25(+2)\n  F_1 \"Maxtor\" []=4\n\
         M_11 (10) \"Miria\" [I=5]=1 P=10(20) MP=4\n",
    )]);
    std::fs::write(dir.join("orders.txt"), "M_11 C 1 VI\n").unwrap_or_default();
    let output = nebutil(
        &dir,
        &["orders", "orders.txt", "--report", "t3.cr", "--lang", "en"],
    );
    let out = stdout(&output);
    assert!(
        out.contains("t3.cr:1:1: warning[cr-player-unknown]"),
        "{out}"
    );
    assert!(
        !out.contains("orders.txt:"),
        "nothing known to be foreign: {out}"
    );
    let output = nebutil(
        &dir,
        &[
            "orders",
            "orders.txt",
            "--report",
            "t3.cr",
            "--player",
            "Maxtor",
            "--lang",
            "en",
        ],
    );
    let out = stdout(&output);
    assert!(!out.contains("cr-player-unknown"), "{out}");
    assert!(
        out.contains("orders.txt:1:1: error[order-check-world-not-yours]"),
        "{out}"
    );
}

#[test]
fn a_file_that_is_not_a_cr_is_refused_with_one_sentence() {
    let readme = include_str!("../../README.md");
    let dir = folder(&[
        ("README.cr", readme),
        ("empty.cr", ""),
        ("picture.cr", "\u{89}PNG\r\n\u{1a}\n\u{7f}\u{3}\u{2}"),
    ]);
    for (name, words) in [
        ("README.cr", "n'est pas un compte rendu"),
        ("empty.cr", "vide"),
        ("picture.cr", "n'est pas un compte rendu"),
    ] {
        for command in [
            vec!["orders", "orders.txt", "--report", name],
            vec!["report", name],
        ] {
            let output = nebutil(&dir, &command);
            assert_eq!(output.status.code(), Some(2), "{command:?}");
            assert!(stdout(&output).is_empty(), "{command:?}");
            let err = stderr(&output);
            assert_eq!(err.lines().count(), 1, "{command:?}: {err}");
            assert!(err.starts_with(&format!("nebutil: {name}")), "{err}");
            assert!(err.contains(words), "{err}");
        }
    }
}

/// `nebutil report` completes a CR without header as `nebutil orders` does (one
/// inference): the player from the `Md_` world, the turn unknown, each said once
/// on the CR; its worlds and fleets are his, in the streamed summary, the summary
/// with an NBT and the JSON alike.
#[test]
fn report_infers_the_player_as_orders_does() {
    let dir = folder(&[
        ("mail/body.txt", &body(T7)),
        (
            "mail/plain.txt",
            "M_10 (11) \"Maxtor:3\" [I=20]=2 P=40(60)\nM_11 (10) \"Miria\" P=10(20)\n",
        ),
    ]);
    let orders = nebutil(
        &dir,
        &[
            "orders",
            "orders.txt",
            "--report",
            "mail/body.txt",
            "--lang",
            "en",
        ],
    );
    let said_by_orders: Vec<String> = stdout(&orders)
        .lines()
        .filter(|l| l.starts_with("mail/body.txt:"))
        .map(str::to_string)
        .collect();
    assert_eq!(said_by_orders.len(), 1, "{said_by_orders:?}");

    let output = nebutil(&dir, &["report", "mail/body.txt", "--lang", "en"]);
    let out = stdout(&output);
    assert_eq!(output.status.code(), Some(0), "{out}");
    let header = out.lines().next().unwrap_or_default();
    assert!(header.contains("player \"Maxtor\""), "{out}");
    assert!(!header.contains("player ?"), "{out}");
    // The same warning as `orders`, and the player's inference said.
    for line in &said_by_orders {
        assert!(out.lines().any(|l| l == line), "{line} not in {out}");
    }
    assert!(
        out.contains("mail/body.txt:1:1: info[cr-player-inferred]"),
        "{out}"
    );
    assert!(out.contains("Md_127"), "the own worlds listed: {out}");
    assert!(out.contains("(5 yours)"), "{out}");
    assert!(out.contains("(7 yours)"), "{out}");

    // In French (the default): no "joueur ?", no "(aucun)" for the worlds.
    let output = nebutil(&dir, &["report", "mail/body.txt"]);
    let out = stdout(&output);
    assert!(
        out.lines()
            .next()
            .unwrap_or_default()
            .contains("joueur \"Maxtor\""),
        "{out}"
    );
    let worlds_table = out.split("Vos mondes").nth(1).unwrap_or_default();
    assert!(!worlds_table.trim_start().starts_with("(aucun)"), "{out}");

    // The JSON (a reading kept whole) says the same.
    let output = nebutil(&dir, &["report", "mail/body.txt", "--json"]);
    let document: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("one JSON document");
    assert_eq!(document["player"]["name"], "Maxtor");
    assert_eq!(document["turn"], serde_json::Value::Null);
    assert_eq!(document["counts"]["own_worlds"], 5);
    let codes: Vec<&str> = document["diagnostics"]
        .as_array()
        .map(|a| a.iter().filter_map(|d| d["code"].as_str()).collect())
        .unwrap_or_default();
    assert!(codes.contains(&"cr-player-inferred"), "{codes:?}");
    assert!(codes.contains(&"cr-turn-unknown"), "{codes:?}");

    // Stated, as for `orders`: nothing left to warn about.
    let output = nebutil(
        &dir,
        &[
            "report",
            "mail/body.txt",
            "--turn",
            "7",
            "--player",
            "\"Maxtor\":5",
            "--lang",
            "en",
        ],
    );
    let out = stdout(&output);
    assert!(
        out.lines().next().unwrap_or_default().contains("turn 7"),
        "{out}"
    );
    assert!(out.contains("\"Maxtor\":5"), "{out}");
    assert!(!out.contains("warning[cr-"), "{out}");

    // Nothing tells the player: warned, as `orders` warns.
    let output = nebutil(&dir, &["report", "mail/plain.txt", "--lang", "en"]);
    let out = stdout(&output);
    assert!(
        out.contains("mail/plain.txt:1:1: warning[cr-player-unknown]"),
        "{out}"
    );
    let orders = nebutil(
        &dir,
        &[
            "orders",
            "orders.txt",
            "--report",
            "mail/plain.txt",
            "--lang",
            "en",
        ],
    );
    assert!(
        stdout(&orders).contains("mail/plain.txt:1:1: warning[cr-player-unknown]"),
        "{}",
        stdout(&orders)
    );
}

/// A class-only order on a CR that does not tell the player's class (no header)
/// cannot be checked: a warning, as for every unknown, not silence. Headed, the
/// class decides: an error for an emperor, nothing for an antiquarian.
#[test]
fn a_class_only_order_on_a_cr_without_class_is_warned_about() {
    let world_lines = "Md_10 (11) \"Maxtor:3\" [I=20]=2 P=40(60) MP=25(+2)\n  F_1 \"Maxtor\" []=4\n\
                       T_8 <La potion invisible>\n  F_5 \"Maxtor\" []=2\nM_11 (10) \"Miria\" P=10(20)\n";
    let headed = |class: &str| {
        format!("NEBULA - Partie TEST - Tour 5\nJoueur : \"Maxtor\":5 ({class})\n\n{world_lines}")
    };
    let dir = folder(&[
        ("t5.cr", world_lines),
        ("emperor/t5.cr", &headed("Empereur")),
        ("antiquarian/t5.cr", &headed("Antiquaire")),
    ]);
    // T_8 passes from F_1 to F_5: only an antiquarian may (catalog #68).
    std::fs::write(dir.join("orders.txt"), "T_8 F_5\nF_1 E 1 VC P\n").unwrap_or_default();
    let run = |report: &str| {
        let output = nebutil(
            &dir,
            &[
                "orders",
                "orders.txt",
                "--report",
                report,
                "--turn",
                "5",
                "--lang",
                "en",
            ],
        );
        order_lines(&stdout(&output))
    };
    assert_eq!(
        run("t5.cr"),
        [
            "orders.txt:1:1: warning[order-check-class-unknown]",
            "orders.txt:2:1: warning[order-check-class-unknown]",
        ]
    );
    let output = nebutil(
        &dir,
        &["orders", "orders.txt", "--report", "t5.cr", "--turn", "5"],
    );
    assert!(
        stdout(&output).contains("Impossible de vérifier que vous êtes l'antiquaire"),
        "{}",
        stdout(&output)
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        run("emperor/t5.cr"),
        [
            "orders.txt:1:1: error[order-check-treasure-fleet-to-fleet]",
            "orders.txt:2:1: error[order-check-class]",
        ]
    );
    assert_eq!(
        run("antiquarian/t5.cr"),
        ["orders.txt:2:1: error[order-check-class]"]
    );
}
