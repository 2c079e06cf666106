//! A CR without its header line gives the validator all its knowledge: the same
//! orders are flagged as with the header (ORION turn 7, `tests/fixtures/orion/`),
//! its turn and player inferred by `report::infer`. A file that is not a CR is
//! refused with one diagnostic.

use nebutil::diagnostic::{Diagnostic, Severity};
use nebutil::i18n::Lang;
use nebutil::model::knowledge::Knowledge;
use nebutil::nbt;
use nebutil::orders::validate::{PlayerContext, check_orders_with};
use nebutil::report::infer::{self, Header, Stated, Surroundings};
use nebutil::report::{self, read_report};
use nebutil::rules::Ruleset;

const T7: &str = include_str!("../fixtures/orion/demo_t7.cr");
const T7_NBT: &str = include_str!("../fixtures/orion/demo_t7.nbt");

/// Orders of ORION turn 7 that the validator refuses or warns about: moves
/// through unknown or unconnected worlds, foreign fleets, foreign and neutral
/// worlds, production over budget; and valid ones.
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
M_99 C 2 VC
";

/// The CR from its first world line: the body of a mail pasted without
/// anything above.
fn from_first_world_line(text: &str) -> String {
    let start = text.find("\nM_").map_or(0, |i| i + 1);
    text[start..].to_string()
}

/// The CR without its first line (`NEBULA - Partie ORION - Tour 7`).
fn without_header_line(text: &str) -> String {
    text.split_once('\n')
        .map_or("", |(_, rest)| rest)
        .to_string()
}

/// The orders' diagnostics (line, severity, code) against one CR completed from
/// `around`, with the NBT applied when given.
fn flagged(
    cr: &str,
    around: &Surroundings,
    nbt_text: Option<&str>,
) -> (Vec<(u32, Severity, String)>, Vec<Diagnostic>) {
    let (mut view, mut diagnostics) = read_report(cr).expect("a CR");
    diagnostics.extend(infer::complete(&mut view, around, &Stated::default()));
    if let Some(text) = nbt_text {
        let (file, _) = nbt::read(text);
        let file = file.expect("the NBT reads");
        nbt::apply(&file, &mut view, &mut diagnostics);
    }
    let (knowledge, refused) = Knowledge::from_views([view]);
    assert!(refused.is_empty(), "{refused:?}");
    let context = PlayerContext::new(&knowledge);
    let checked = check_orders_with(ORDERS, &context, &Ruleset::builtin_2002());
    let mut found: Vec<(u32, Severity, String)> = checked
        .diagnostics
        .iter()
        .map(|d| (d.span.line, d.severity, d.code.clone()))
        .collect();
    found.sort_by(|a, b| (a.0, &a.2).cmp(&(b.0, &b.2)));
    (found, diagnostics)
}

fn named(name: &str) -> Surroundings {
    Surroundings {
        file_name: Some(name.into()),
        ..Surroundings::default()
    }
}

fn codes(diagnostics: &[Diagnostic]) -> Vec<&str> {
    diagnostics.iter().map(|d| d.code.as_str()).collect()
}

#[test]
fn the_reference_flags_what_a_player_must_see() {
    let (found, _) = flagged(T7, &named("demo_t7.cr"), None);
    let lines: Vec<u32> = found
        .iter()
        .filter(|f| f.1 == Severity::Error)
        .map(|f| f.0)
        .collect();
    // Every bad order is flagged (the route through unknown worlds, the foreign
    // fleets, the neutral world); the valid ones are not.
    for line in [1, 2, 3, 4, 7] {
        assert!(lines.contains(&line), "line {line}: {found:?}");
    }
    for line in [8, 9] {
        assert!(!found.iter().any(|f| f.0 == line), "line {line}: {found:?}");
    }
    // Production over budget is clipped with a warning.
    assert!(found.iter().any(|f| f.0 == 5), "{found:?}");
    assert!(found.iter().any(|f| f.0 == 6), "{found:?}");
}

#[test]
fn without_the_header_line_the_same_orders_are_flagged() {
    let (reference, _) = flagged(T7, &named("demo_t7.cr"), None);
    // The turn from the file name.
    let (found, diagnostics) = flagged(&without_header_line(T7), &named("demo_t7.cr"), None);
    assert_eq!(found, reference);
    assert_eq!(codes(&diagnostics), ["cr-turn-inferred"]);
    // No name tells the turn: a stand-in, warned about once; the same orders
    // are flagged all the same.
    let (found, diagnostics) = flagged(&without_header_line(T7), &named("mail.txt"), None);
    assert_eq!(found, reference);
    assert_eq!(codes(&diagnostics), ["cr-turn-unknown"]);
}

#[test]
fn a_mail_body_pasted_from_its_first_world_line_flags_the_same_orders() {
    let body = from_first_world_line(T7);
    assert!(body.starts_with("M_48 "), "{body}");
    // With the NBT of the same name: turn, player, class and technologies.
    let (reference, _) = flagged(T7, &named("demo_t7.cr"), Some(T7_NBT));
    let (nbt_file, _) = nbt::read(T7_NBT);
    let nbt_file = nbt_file.expect("the NBT reads");
    let around = Surroundings {
        file_name: Some("demo_t7.cr".into()),
        nbt: Some(Header {
            turn: Some(nbt_file.turn),
            game: nbt_file.game.clone(),
            player: Some(nebutil::model::view::PlayerRef {
                name: nbt_file.player.name.clone(),
                number: Some(nbt_file.player.number),
            }),
            class: nbt_file.player.class,
        }),
        ..Surroundings::default()
    };
    let (found, diagnostics) = flagged(&body, &around, Some(T7_NBT));
    assert_eq!(found, reference);
    assert_eq!(
        codes(&diagnostics),
        ["cr-player-inferred", "cr-game-inferred", "cr-turn-inferred"]
    );

    // Alone: the player is the owner of the Md_ world, the turn a stand-in. The
    // technology block is gone with the top of the CR, so route lengths are not
    // known; every error of the reference is still flagged.
    let (alone, diagnostics) = flagged(&body, &named("mail.txt"), None);
    assert_eq!(
        codes(&diagnostics),
        ["cr-player-inferred", "cr-turn-unknown"]
    );
    let errors = |found: &[(u32, Severity, String)]| -> Vec<(u32, String)> {
        found
            .iter()
            .filter(|f| f.1 == Severity::Error)
            .map(|f| (f.0, f.2.clone()))
            .collect()
    };
    let (reference, _) = flagged(T7, &named("demo_t7.cr"), None);
    assert_eq!(errors(&alone), errors(&reference));
}

#[test]
fn the_player_from_the_start_world_and_the_turn_from_the_nbt() {
    let (mut view, _) = report::read(&from_first_world_line(T7));
    assert_eq!((view.turn, &view.player), (None, &None));
    let around = Surroundings {
        file_name: Some("body.txt".into()),
        folder_player: Some(5),
        ..Surroundings::default()
    };
    let diagnostics = infer::complete(&mut view, &around, &Stated::default());
    let me = view.player.clone().expect("a player");
    assert_eq!((me.name.as_str(), me.number), ("Maxtor", Some(5)));
    assert!(view.turn_assumed);
    let sentence = diagnostics
        .iter()
        .find(|d| d.code == "cr-player-inferred")
        .map(|d| d.message(Lang::Fr))
        .unwrap_or_default();
    assert!(sentence.contains("Maxtor"), "{sentence}");
    assert!(sentence.contains("Md_"), "{sentence}");
    // What the player states beats the stand-in.
    let (mut view, _) = report::read(&from_first_world_line(T7));
    let stated = Stated {
        turn: Some(7),
        ..Stated::default()
    };
    infer::complete(&mut view, &around, &stated);
    assert_eq!((view.turn, view.turn_assumed), (Some(7), false));
}

#[test]
fn a_file_that_is_not_a_cr_is_refused_with_one_sentence() {
    let readme = include_str!("../../README.md");
    let refusal = read_report(readme).expect_err("a README is not a CR");
    assert_eq!(refusal.code, "cr-not-a-report");
    let sentence = refusal.message(Lang::Fr);
    assert!(sentence.contains("n'est pas un compte rendu"), "{sentence}");
    assert!(!sentence.contains('\n'), "{sentence}");
    for empty in ["", "\n\n   \n", "\u{feff}"] {
        let refusal = read_report(empty).expect_err("empty");
        assert_eq!(refusal.code, "cr-empty");
    }
    let binary: String = (0u8..=255).cycle().take(4000).map(char::from).collect();
    assert_eq!(
        read_report(&binary).map(|_| ()).map_err(|d| d.code),
        Err("cr-not-a-report".to_string())
    );
    // A CR, even a short one, a headerless one or one with unknown lines, reads.
    assert!(read_report(T7).is_ok());
    assert!(read_report(&from_first_world_line(T7)).is_ok());
    assert!(read_report("M_12 (4,5) \"Maxtor:2\" [P=20(40)]=1 MP=3(+1)\n").is_ok());
    assert!(read_report("Bonjour,\nvoici mon CR\nM_12 (4,5) P=20(40) MP=3(+1)\n").is_ok());
}

/// The evidence of a player gathered as a streamed reading hands the worlds and
/// fleets over is that of the view kept whole, and completing either names the
/// same player (`nebutil report`'s summary and its JSON agree).
#[test]
fn streamed_evidence_names_the_same_player() {
    let body = from_first_world_line(T7);
    let Ok((kept, _)) = read_report(&body) else {
        panic!("the body reads as a CR");
    };
    let mut evidence = infer::Evidence::default();
    let Ok((mut streamed, _)) = report::read_report_streamed(&body, &mut evidence) else {
        panic!("the body reads as a CR");
    };
    assert!(streamed.worlds.is_empty());
    assert_eq!(evidence, infer::Evidence::of(&kept));
    let mut kept = kept;
    let around = Surroundings::default();
    let from_view = infer::complete(&mut kept, &around, &Stated::default());
    let from_stream =
        infer::complete_with(&mut streamed, Some(&evidence), &around, &Stated::default());
    assert_eq!(from_view, from_stream);
    assert_eq!(kept.player, streamed.player);
    assert_eq!(
        streamed.player.as_ref().map(|p| p.name.as_str()),
        Some("Maxtor")
    );
}
