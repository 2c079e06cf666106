//! `nebutil report CR… --csv | --series-json`: the statistics over turns of
//! the ORION fixture (turns 5–7 of Maxtor, each with its NBT beside it) equal
//! what each CR prints — its `Points` line and its `Statistiques` block, read
//! here straight from the CR's text.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::support::cli::{nebutil_in, stderr, stdout};

fn orion() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/orion")
}

const CRS: [&str; 3] = ["demo_t5.cr", "demo_t6.cr", "demo_t7.cr"];

/// The CR's statistics labels in the CR's order, each with whether it can be
/// spied (its three spy columns follow it).
const STATS: [(&str, bool); 11] = [
    ("Capacité minière", true),
    ("Populations", true),
    ("Convertis", false),
    ("Robots", false),
    ("Cargaison transportée", true),
    ("Mondes", true),
    ("Flottes", true),
    ("Industries", true),
    ("Industries actives", true),
    ("Vaisseaux", true),
    ("Trésors", true),
];

/// What one CR prints: the turn, the score and its change, and each
/// statistic's line after `Label : ` (its value, or a spy ranking).
struct Printed {
    turn: String,
    score: String,
    delta: String,
    stats: Vec<(String, String)>,
}

fn printed(cr: &str) -> Printed {
    let text = std::fs::read_to_string(orion().join(cr)).expect("fixture");
    let turn = text
        .lines()
        .next()
        .and_then(|l| l.rsplit_once("Tour "))
        .map(|(_, t)| t.trim().to_string())
        .expect("turn");
    let points = text
        .lines()
        .find_map(|l| l.strip_prefix("Points : "))
        .expect("Points line");
    let (score, delta) = points.split_once(" (").expect("score (delta)");
    let delta = delta
        .trim_end_matches(')')
        .trim_start_matches('+')
        .to_string();
    let mut stats = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        if line.trim() == "Statistiques" {
            inside = true;
            continue;
        }
        if !inside || line.trim().is_empty() {
            continue;
        }
        match line.split_once(" : ") {
            Some((label, rest)) if STATS.iter().any(|(l, _)| *l == label) => {
                stats.push((label.to_string(), rest.trim().to_string()));
            }
            _ => break,
        }
    }
    assert_eq!(stats.len(), 11, "{cr}: {:?}", stats);
    Printed {
        turn,
        score: score.to_string(),
        delta,
        stats,
    }
}

/// The CSV cells one CR's row must hold, in the columns' order.
fn expected_row(p: &Printed) -> Vec<String> {
    let mut row = vec![p.turn.clone(), p.score.clone(), p.delta.clone()];
    for ((label, spyable), (printed_label, value)) in STATS.iter().zip(&p.stats) {
        assert_eq!(label, printed_label);
        if value.parse::<u64>().is_ok() {
            row.push(value.clone());
            if *spyable {
                row.extend([String::new(), String::new(), String::new()]);
            }
        } else {
            // `1:402 2:"Miria":331 … M : 241 [Erreur=10%]`
            let (ranking, rest) = value.split_once(" M : ").expect("spy mean");
            let (mean, error) = rest.split_once(" [Erreur=").expect("spy error");
            row.push(String::new());
            row.push(mean.trim().to_string());
            row.push(error.trim_end_matches("%]").to_string());
            row.push(ranking.trim().to_string());
        }
    }
    row
}

/// RFC 4180 records (quoted fields, doubled quotes, CRLF).
fn parse_csv(text: &str, separator: char) -> Vec<Vec<String>> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => quoted = false,
                other => field.push(other),
            }
        } else if c == '"' {
            quoted = true;
        } else if c == separator {
            record.push(std::mem::take(&mut field));
        } else if c == '\r' {
            assert_eq!(chars.next(), Some('\n'), "CRLF");
            record.push(std::mem::take(&mut field));
            records.push(std::mem::take(&mut record));
        } else {
            assert_ne!(c, '\n', "a bare LF");
            field.push(c);
        }
    }
    assert!(
        field.is_empty() && record.is_empty(),
        "the last line ends with CRLF"
    );
    records
}

fn expected_header() -> Vec<String> {
    let mut header: Vec<String> = ["Tour", "Points", "Variation des points"]
        .map(String::from)
        .to_vec();
    for (label, spyable) in STATS {
        header.push(label.to_string());
        if spyable {
            header.push(format!("{label} : moyenne espionnée"));
            header.push(format!("{label} : erreur d'espionnage (%)"));
            header.push(format!("{label} : classement espionné"));
        }
    }
    header
}

fn run(args: &[&str]) -> std::process::Output {
    let out = nebutil_in(&orion(), args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    out
}

#[test]
fn the_csv_is_each_crs_statistics_one_row_a_turn() {
    let out = run(&["report", "demo_t7.cr", "demo_t5.cr", "demo_t6.cr", "--csv"]);
    let text = stdout(&out);
    assert!(!text.starts_with('\u{feff}'), "no BOM with commas");
    let records = parse_csv(&text, ',');
    assert_eq!(records[0], expected_header());
    let expected: Vec<Vec<String>> = CRS.iter().map(|cr| expected_row(&printed(cr))).collect();
    assert_eq!(records[1..], expected[..]);
    // The spied ranking of turn 7 as the CR prints it, quotes and all.
    assert!(
        text.contains(r#""1:402 2:""Miria"":331 3:""Maxtor"":236 5:""TAPIMOKET"":187 8:96""#),
        "{text}"
    );
    assert_eq!(records[3][0], "7");
    assert_eq!(records[3][1], "412");
    assert_eq!(records[3][2], "64");
}

#[test]
fn the_semicolon_csv_has_a_byte_order_mark_and_the_same_cells() {
    let out = run(&[
        "report",
        "demo_t5.cr",
        "demo_t6.cr",
        "demo_t7.cr",
        "--csv",
        "--csv-separator",
        ";",
    ]);
    let text = stdout(&out);
    let body = text.strip_prefix('\u{feff}').expect("a UTF-8 BOM with `;`");
    let records = parse_csv(body, ';');
    assert_eq!(records[0], expected_header());
    let expected: Vec<Vec<String>> = CRS.iter().map(|cr| expected_row(&printed(cr))).collect();
    assert_eq!(records[1..], expected[..]);
    assert!(
        body.lines()
            .next()
            .is_some_and(|l| l.starts_with("Tour;Points;"))
    );
}

#[test]
fn the_json_series_are_the_csvs_cells_and_the_rankings_entry_by_entry() {
    let out = run(&[
        "report",
        "demo_t5.cr",
        "demo_t6.cr",
        "demo_t7.cr",
        "--series-json",
    ]);
    let json: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["schema"], "nebutil-series/1");
    assert_eq!(json["game"], "ORION");
    assert_eq!(json["player"], "Maxtor");
    let labels: Vec<String> = json["labels"]
        .as_array()
        .expect("labels")
        .iter()
        .map(|l| l.as_str().unwrap_or_default().to_string())
        .collect();
    assert_eq!(labels, expected_header());
    let columns = json["columns"].as_array().expect("columns");
    assert_eq!(columns[0], "turn");
    assert_eq!(columns[1], "score");
    assert_eq!(columns[2], "score_delta");
    let rows = json["rows"].as_array().expect("rows");
    for (row, cr) in rows.iter().zip(CRS) {
        let cells: Vec<String> = row
            .as_array()
            .expect("row")
            .iter()
            .map(|cell| match cell {
                Value::Null => String::new(),
                Value::String(s) => s.clone(),
                other => other.to_string(),
            })
            .collect();
        assert_eq!(cells, expected_row(&printed(cr)), "{cr}");
    }
    assert_eq!(rows.len(), 3);
    let rankings = json["spy_rankings"].as_array().expect("spy_rankings");
    assert_eq!(rankings.len(), 1);
    let ranking = &rankings[0];
    assert_eq!(ranking["turn"], 7);
    assert_eq!(ranking["statistic"], "populations");
    assert_eq!(ranking["mean"], 241);
    assert_eq!(ranking["error_percent"], 10);
    let entries = ranking["entries"].as_array().expect("entries");
    assert_eq!(entries.len(), 5);
    assert_eq!(entries[0]["rank"], 1);
    assert_eq!(entries[0]["name"], Value::Null);
    assert_eq!(entries[0]["value"], 402);
    assert_eq!(entries[2]["name"], "Maxtor");
    assert_eq!(entries[2]["value"], 236);
}

#[test]
fn several_crs_without_csv_or_series_json_are_refused() {
    let out = nebutil_in(&orion(), &["report", "demo_t5.cr", "demo_t6.cr"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--csv"), "{}", stderr(&out));
    let out = nebutil_in(&orion(), &["report", "demo_t5.cr", "--csv-separator", ";"]);
    assert_eq!(out.status.code(), Some(2), "the separator needs --csv");
}

#[test]
fn orders_html_writes_the_order_file_printable_under_the_crs_header() {
    let dir = crate::support::fresh_dir::fresh_dir("orders-html");
    let orders = dir.join("ordres.txt");
    std::fs::write(&orders, "F_57 MM 304 ; <vite> & \"bien\"\n").expect("orders written");
    let page = dir.join("ordres.html");
    let out = nebutil_in(
        &orion(),
        &[
            "orders",
            &orders.display().to_string(),
            "--report",
            "demo_t7.cr",
            "--html",
            &page.display().to_string(),
            "-q",
        ],
    );
    assert!(
        out.status.code().is_some_and(|c| c <= 1),
        "{}",
        stderr(&out)
    );
    let html = std::fs::read_to_string(&page).expect("the page is written");
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("<th>Partie</th><td>ORION</td>"), "{html}");
    assert!(html.contains("<th>Tour</th><td>7</td>"), "{html}");
    assert!(html.contains("Maxtor"), "{html}");
    assert!(html.contains("<th>Classe</th><td>Empereur</td>"), "{html}");
    assert!(
        html.contains("<pre>F_57 MM 304 ; &lt;vite&gt; &amp; &quot;bien&quot;\n</pre>"),
        "{html}"
    );
}
