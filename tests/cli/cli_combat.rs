//! `nebutil combat`, run as the built binary on the simulator's fixtures
//! (`tests/fixtures/combat/sim/`): a robot attack and a bomb after the fire, with
//! the book's formulas filled with their numbers, in French and in English, and
//! in the JSON document.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::support::cli::{nebutil, stdout};

fn setup(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/combat/sim")
        .join(name)
        .join("setup.ron")
}

/// `nebutil combat SETUP --lang LANG`: exit 0, the standard output.
fn combat(name: &str, extra: &[&str]) -> String {
    let path = setup(name);
    let mut args = vec!["combat", path.to_str().expect("UTF-8 path")];
    args.extend_from_slice(extra);
    let output = nebutil(&args);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    stdout(&output)
}

fn assert_lines(text: &str, lines: &[&str]) {
    for line in lines {
        assert!(text.contains(line), "{line:?} not in:\n{text}");
    }
}

#[test]
fn combat_robot_attack_is_told_with_its_formulas() {
    let fr = combat("robots_vi_5_1", &["--lang", "fr"]);
    assert_lines(
        &fr,
        &[
            "Attaque de robots sur M_2 (VI.5.1)",
            "F_1 (Léo) T 60 R : R = 2 × max(0, 30 − 3) = 54 (G-79)",
            "robots par camp : \"Léo\" 54, \"INBOX\" 40",
            "robots contre robots, \"Léo\" l'emporte : R = max(1, 54 − 40) = 14",
            "1 robot tue 4 populations et réciproquement",
            "P = max(0, 20 − 14×4) = 0",
            "R = max(0, 14 − ⌈20/4⌉) = 9",
            "M_2 passe à \"Léo\" avec ses protections (G-82)",
        ],
    );
    let en = combat("robots_vi_5_1", &["--lang", "en"]);
    assert_lines(
        &en,
        &[
            "Robot attack on M_2 (VI.5.1)",
            "robot against robot, \"Léo\" wins: R = max(1, 54 − 40) = 14",
            "1 robot kills 4 populations and 4 populations kill 1 robot:",
            "M_2 passes to \"Léo\" with its protections (G-82)",
        ],
    );
    let json: Value = serde_json::from_str(&combat("robots_vi_5_1", &["--json"])).expect("JSON");
    let robots = &json["result"]["rounds"][0]["robots"];
    assert_eq!(robots["drops"][0]["robots"], 54);
    assert_eq!(robots["captor"], "Léo");
}

#[test]
fn combat_bomb_is_dropped_after_the_fire() {
    let fr = combat("bomb_vii_1_4", &["--lang", "fr"]);
    assert_lines(
        &fr,
        &[
            "F_48 (Miria) largue sa bombe sur M_1 (VII.1.4)",
            "détruits : VI 3, VP 2, N 20, I 5, MP 15 ; le monde devient neutre",
            "points de Miria : -100 (G-108)",
        ],
    );
    let en = combat("bomb_vii_1_4", &["--lang", "en"]);
    assert_lines(
        &en,
        &[
            "F_48 (Miria) drops its bomb on M_1 (VII.1.4)",
            "destroyed: VI 3, VP 2, N 20, I 5, MP 15; the world turns neutral",
        ],
    );
    let json: Value = serde_json::from_str(&combat("bomb_vii_1_4", &["--json"])).expect("JSON");
    let bomb = &json["result"]["rounds"][0]["bombs"][0];
    assert_eq!(bomb["fleet"], 48);
    assert_eq!(bomb["mp"], 15);
    assert_eq!(bomb["points"], -100);
}
