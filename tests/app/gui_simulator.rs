//! The combat simulator window, driven through its accessibility tree
//! (egui_kittest): the book's fight shown with its formulas, editing, the search,
//! a world taken from a CR, and the window opened from the app's menu.
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use nebutil::gui::NebutilApp;
use nebutil::gui::settings::Settings;
use nebutil::gui::simulator::{SimulatorState, simulator_ui};
use nebutil::i18n::Lang;

use crate::support::fresh_dir::fresh_dir;

fn window(lang: Lang) -> Harness<'static, SimulatorState> {
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1300.0, 900.0))
        .build_ui_state(
            move |ui, state: &mut SimulatorState| simulator_ui(ui, state, None, lang),
            SimulatorState::default(),
        );
    harness.run();
    harness
}

#[test]
fn the_book_fight_is_shown_with_its_formulas_and_chart() {
    let harness = window(Lang::Fr);
    harness.get_by_label_contains("n = ⌈(18×67)/100⌉ = ⌈12.06⌉ = 13");
    harness.get_by_label_contains("Nd = ⌈13 × 107.882…/100⌉ = ⌈14.024…⌉ = 15");
    harness.get_by_label_contains("F_258 \"GASKOR\" [4]=2T * F_128");
    let result = harness.state().result().expect("simulated");
    assert_eq!(result.ships_by_round(), vec![vec![18, 17], vec![11, 2]]);
    assert!(harness.state().diagnostics().is_empty());
}

#[test]
fn editing_the_setup_reruns_the_simulation() {
    let mut harness = window(Lang::En);
    harness.get_by_label("+ side").click();
    harness.run();
    assert_eq!(harness.state().setup.sides.len(), 3);
    assert_eq!(harness.state().setup.sides[2].name, "Side 3");
    // 21 VC: 15 hits → 17 destroyed, GASKOR is gone.
    harness.state_mut().setup.sides[0].fleets[0].vc = 21;
    harness.run();
    let result = harness.state().result().expect("simulated");
    assert_eq!(result.last_fleet(258).map(|f| f.vt_after), Some(0));
    harness.get_by_label_contains("End: GASKOR has no ship left.");
    // A fire order at a fleet that does not exist: a diagnostic, no result.
    harness.state_mut().setup.sides[0].fleets[0].fire =
        Some(nebutil::combat::sim::Target::Fleet(999));
    harness.run();
    assert!(harness.state().result().is_none());
    harness.get_by_label_contains("no fleet 999 in the setup");
}

#[test]
fn what_it_takes_from_the_window() {
    let mut harness = window(Lang::Fr);
    harness.get_by_label("Chercher").click();
    harness.run();
    let answer = harness.state().search.clone().expect("searched");
    assert_eq!(
        (answer.fleet, answer.min_vc, answer.min_att),
        (128, Some(21), Some(6))
    );
    assert_eq!(answer.withstand.map(|w| (w.vc, w.loss)), Some((20, 16)));
    harness.get_by_label_contains("au moins 21 VC, ou au niveau d'ATT 6");
    // The target is named, in a sentence of its own.
    harness.get_by_label("F_258 tient encore face à 20 VC au plus, en perdant 16.");
}

#[test]
fn the_fight_s_lines_wrap_in_a_narrow_window() {
    let mut harness = Harness::builder()
        .with_size(egui::vec2(520.0, 900.0))
        .build_ui_state(
            move |ui, state: &mut SimulatorState| simulator_ui(ui, state, None, Lang::Fr),
            SimulatorState::default(),
        );
    harness.run();
    let text = harness.get_by_label_contains("n = ⌈(18×67)/100⌉").rect();
    assert!(text.right() <= 520.0, "{text:?}");
}

#[test]
fn a_world_taken_from_a_turn_report() {
    let cr = "M_505 (10,23,89) P=254 (356) MP=15 (+4)\n  F_128 \"Miria\" []=18\n  F_258 \"GASKOR\" [12]=4+13T\n";
    let (view, _) = nebutil::report::read(cr);
    let mut state = SimulatorState::default();
    state.assumed = (2, 1, 2);
    state.setup.sides.clear();
    state.take_from_view(&view, 505);
    assert_eq!(state.setup.sides.len(), 2);
    assert_eq!(state.setup.sides[1].fleets[0].vt, 13);
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1300.0, 900.0))
        .build_ui_state(
            move |ui, state: &mut SimulatorState| simulator_ui(ui, state, Some(&view), Lang::Fr),
            state,
        );
    harness.run();
    // No fire order yet: nothing happens, and the text says so.
    harness.get_by_label_contains("Fin : plus rien ne change");
    // The CR's worlds with fleets are offered; taking one rebuilds the setup.
    harness.get_by_label("Monde du CR").click();
    harness.run();
    harness.get_by_label("M_505 (2 flottes)").click();
    harness.run();
    harness.state_mut().setup.sides[0].fleets[0].vc = 3;
    harness.run();
    harness.get_by_label("Prendre ce monde").click();
    harness.run();
    assert_eq!(harness.state().setup.sides[0].fleets[0].vc, 18);
}

#[test]
fn the_app_opens_the_simulator_from_the_view_menu() {
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .build_eframe(|_cc| {
            NebutilApp::with_settings(Settings::default(), Vec::new())
                .with_data_dir(Some(fresh_dir("data")))
        });
    harness.run();
    assert!(!harness.state().simulator().open);
    harness.get_by_label("Affichage").click();
    harness.run();
    // Hidden: its menu item is not selected.
    let selected = |harness: &Harness<'_, NebutilApp>| {
        harness
            .get_by_role_and_label(egui::accesskit::Role::Button, "Simulateur de combat")
            .accesskit_node()
            .toggled()
    };
    assert_ne!(selected(&harness), Some(egui::accesskit::Toggled::True));
    harness.get_by_label("Simulateur de combat").click();
    harness.run();
    assert!(harness.state().simulator().open);
    harness.get_by_label_contains("⌈14.024…⌉ = 15");
    // Shown: the menu says so (a click there hides it).
    harness.get_by_label("Affichage").click();
    harness.run();
    assert_eq!(selected(&harness), Some(egui::accesskit::Toggled::True));
}

/// Types `text` into the field labelled `label`.
fn type_into(harness: &mut Harness<'static, SimulatorState>, label: &str, text: &str) {
    harness.get_by_label(label).focus();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.run();
    harness.get_by_label(label).type_text(text);
    harness.run();
}

#[test]
fn a_setup_is_saved_then_opened_again_through_a_typed_path() {
    let path = fresh_dir("data").join("fight.ron");
    let mut harness = window(Lang::Fr);
    harness.state_mut().setup.rounds = 7;
    harness.run();
    harness.get_by_label("Chemin…").click();
    harness.run();
    assert_eq!(harness.state().path_prompt(), Some(None));
    // Above every window: the simulator (a click in it) cannot cover it.
    let layers: Vec<egui::LayerId> = harness.ctx.memory(|m| m.layer_ids().collect());
    assert!(layers.contains(&egui::LayerId::new(
        egui::Order::Foreground,
        egui::Id::unique("sim-path-window")
    )));
    type_into(
        &mut harness,
        "Chemin de la configuration",
        &path.display().to_string(),
    );
    harness.get_by_label("Enregistrer").click();
    harness.run();
    assert_eq!(harness.state().path_prompt(), None);
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let saved = nebutil::combat::sim::parse(&text).0;
    assert_eq!(saved.as_ref(), Some(&harness.state().setup));
    assert_eq!(saved.map(|s| s.rounds), Some(7));
    harness.get_by_label(&format!("Enregistré : {}", path.display()));

    // Changed, then opened again: the field starts from the file last used.
    harness.state_mut().setup.rounds = 2;
    harness.run();
    harness.get_by_label("Chemin…").click();
    harness.run();
    harness.get_by_label("Ouvrir").click();
    harness.run();
    assert_eq!(harness.state().setup.rounds, 7);
    assert_eq!(harness.state().notice(), None);
}

#[test]
fn without_a_file_dialog_the_path_is_asked_for_and_cancel_closes_it() {
    use nebutil::gui::path_prompt::DialogAnswer;
    use nebutil::gui::simulator::SetupFile;
    let mut harness = window(Lang::En);
    // What the toolbar's "Open…" does when the dialog could not be shown.
    harness
        .state_mut()
        .dialog_answered(SetupFile::Load, DialogAnswer::Unavailable);
    harness.run();
    assert_eq!(harness.state().path_prompt(), Some(Some(SetupFile::Load)));
    harness.get_by_label_contains("No file chooser is available here");
    // For opening only.
    harness.get_by_label("Open");
    assert!(harness.query_by_label("Save").is_none());
    let missing = fresh_dir("data").join("missing.ron");
    type_into(&mut harness, "Setup path", &missing.display().to_string());
    harness.get_by_label("Open").click();
    harness.run();
    assert_eq!(harness.state().path_prompt(), None);
    let notice = harness.state().notice().map(|(id, _)| id.to_string());
    assert_eq!(notice.as_deref(), Some("gui-sim-load-failed"));

    // Saving without a dialog: the window again, for saving; Cancel closes it.
    harness
        .state_mut()
        .dialog_answered(SetupFile::Save, DialogAnswer::Unavailable);
    harness.run();
    assert_eq!(harness.state().path_prompt(), Some(Some(SetupFile::Save)));
    harness.get_by_label("Cancel").click();
    harness.run();
    assert_eq!(harness.state().path_prompt(), None);
    assert!(!missing.exists());
    // A dialog the user closed: nothing asked.
    harness
        .state_mut()
        .dialog_answered(SetupFile::Load, DialogAnswer::Cancelled);
    harness.run();
    assert_eq!(harness.state().path_prompt(), None);
}

#[test]
fn the_world_to_take_is_one_the_cr_offers() {
    let cr = "M_26 (10,23,89) P=254 (356) MP=15 (+4)\n  F_7 \"Miria\" []=18\n  F_9 \"GASKOR\" [12]=4+13T\nM_40 (26) VI=3\n";
    let (view, _) = nebutil::report::read(cr);
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1300.0, 900.0))
        .build_ui_state(
            move |ui, state: &mut SimulatorState| simulator_ui(ui, state, Some(&view), Lang::Fr),
            SimulatorState::default(),
        );
    harness.run();
    // The book's M_505 is not in this CR: its busiest world is offered instead.
    assert_eq!(harness.state().from_world, 26);
    harness.get_by_label("Prendre ce monde").click();
    harness.run();
    assert_eq!(harness.state().setup.world.id, Some(26));
    assert_eq!(harness.state().setup.sides.len(), 2);
}

#[test]
fn a_world_without_defence_is_said_in_words_never_divided_by_zero() {
    use nebutil::combat::sim::Target;
    let mut harness = window(Lang::Fr);
    // The book's M_505 has N=254 but no VI nor VP: Miria fires at its protection.
    harness.state_mut().setup.sides[0].fleets[0].fire = Some(Target::M);
    harness.run();
    let text = harness.state().text().to_string();
    assert!(
        text.contains("le monde n'a aucune défense (ni VI ni VP)"),
        "{text}"
    );
    assert!(!text.contains("/0"), "{text}");
    harness.get_by_label_contains("le monde n'a aucune défense");
    // "What it takes" to wipe out what is not there: nothing, said so.
    harness.get_by_label("Chercher").click();
    harness.run();
    assert_eq!(
        harness.state().search.as_ref().and_then(|a| a.min_vc),
        Some(0)
    );
    harness.get_by_label_contains("F_128 n'a besoin d'aucun VC : sa cible M n'a rien à perdre");
    assert!(harness.query_by_label_contains("au moins 0 VC").is_none());
    // Its industries: none either.
    harness.state_mut().setup.sides[0].fleets[0].fire = Some(Target::I);
    harness.run();
    let text = harness.state().text().to_string();
    assert!(text.contains("(ni VI ni industrie)"), "{text}");
    assert!(!text.contains("/0"), "{text}");
    // Miria's shot: n, then the sentence; no CD nor Nd line for it.
    let miria: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.contains("F_128 (Miria) * I"))
        .take(4)
        .collect();
    assert!(miria[2].contains("aucune défense"), "{text}");
    assert!(miria[3].contains("F_258 (GASKOR)"), "{text}");
    // Its converts (none): nobody to kill.
    harness.state_mut().setup.sides[0].fleets[0].fire = None;
    harness.state_mut().setup.world.owner = Some("Miria".into());
    harness.state_mut().setup.world.vp = 3;
    harness.state_mut().setup.world.vp_fire = Some(Target::C);
    harness.run();
    let text = harness.state().text().to_string();
    assert!(text.contains("le monde n'a aucun converti"), "{text}");

    // A fleet without ships in the fight (an empty fleet of a third side).
    let mut harness = window(Lang::En);
    harness
        .state_mut()
        .setup
        .sides
        .push(nebutil::combat::sim::Side {
            name: "Third".into(),
            fleets: vec![nebutil::combat::sim::FleetSetup {
                id: 77,
                ..Default::default()
            }],
            ..Default::default()
        });
    harness.state_mut().setup.sides[0].fleets[0].fire = Some(Target::Fleet(77));
    harness.run();
    let text = harness.state().text().to_string();
    assert!(text.contains("F_77 has no ship:"), "{text}");
    assert!(!text.contains("/0"), "{text}");
    // The book's own shot keeps its formulas.
    assert!(
        text.contains("n = ⌈(4×55 + 13×30)/100⌉ = ⌈6.1⌉ = 7"),
        "{text}"
    );
}

#[test]
fn what_it_takes_follows_the_fight_shown() {
    use nebutil::combat::sim::Target;
    let mut harness = window(Lang::Fr);
    harness.get_by_label("Chercher").click();
    harness.run();
    let answer = harness.state().search.clone().expect("searched");
    assert_eq!(
        (answer.fleet, answer.target, answer.rounds),
        (128, Some(Target::Fleet(258)), 1)
    );
    harness.get_by_label_contains("Combat affiché : F_128 * F_258, 1 tour au plus.");
    // Three rounds now: computed again for them.
    harness.state_mut().setup.rounds = 3;
    harness.run();
    let answer = harness.state().search.clone().expect("searched");
    assert_eq!((answer.fleet, answer.rounds), (128, 3));
    harness.get_by_label_contains("F_128 * F_258, 3 tours au plus.");
    // F_128 no longer fires: the search follows the fleet that does.
    harness.state_mut().setup.sides[0].fleets[0].fire = None;
    harness.run();
    assert_eq!(harness.state().search_fleet, Some(258));
    let answer = harness.state().search.clone().expect("searched");
    assert_eq!(
        (answer.fleet, answer.target),
        (258, Some(Target::Fleet(128)))
    );
    harness.get_by_label_contains("Combat affiché : F_258 * F_128");
    // A fight taken from a CR, with its own fleets: no fire order, no answer.
    let cr = "M_26 (10,23,89) P=254 (356) MP=15 (+4)\n  F_7 \"Miria\" []=18\n  F_9 \"GASKOR\" [12]=4+13T\n";
    let (view, _) = nebutil::report::read(cr);
    harness.state_mut().take_from_view(&view, 26);
    harness.run();
    assert_eq!(harness.state().search_fleet, None);
    assert!(harness.state().search.is_none());
    harness.get_by_label_contains("Aucune flotte n'a d'ordre de tir dans ce combat");
    // F_7 gets one: the answer is there again, for F_7.
    let position = harness.state().setup.fleet_position(7).expect("F_7");
    harness.state_mut().setup.sides[position.0].fleets[position.1].fire = Some(Target::Fleet(9));
    harness.run();
    let answer = harness.state().search.clone().expect("searched");
    assert_eq!((answer.fleet, answer.target), (7, Some(Target::Fleet(9))));
}

/// Hovers the `index`-th widget labelled `label`: its tooltip shows (no delay).
fn hover(harness: &mut Harness<'static, SimulatorState>, label: &str, index: usize) {
    harness
        .ctx
        .all_styles_mut(|s| s.interaction.tooltip_delay = 0.0);
    harness
        .query_all_by_label(label)
        .nth(index)
        .unwrap_or_else(|| panic!("no {label} #{index}"))
        .hover();
    harness.run();
    harness.step();
}

#[test]
fn every_checkbox_and_field_of_the_setup_says_what_it_is_on_hover() {
    let mut harness = window(Lang::Fr);
    for (label, index, hint) in [
        ("?", 0, "Tir conditionnel"),
        ("Z", 0, "annulation d'embuscade"),
        ("fuit", 0, "CDef est divisé par deux"),
        ("traverse", 0, "elle peut y subir une embuscade"),
        ("paix", 0, "Flotte en paix"),
        ("GASKOR", 0, "a déclaré « GASKOR » allié"),
    ] {
        hover(&mut harness, label, index);
        assert!(
            harness.query_by_label_contains(hint).is_some(),
            "{label}: no tooltip with {hint:?}"
        );
    }
}

/// A bomb and a robot attack set from the window (issue 25): the bomb's checkbox
/// and the robots' field, both named, and the text telling each after the fire.
#[test]
fn a_bomb_and_a_robot_attack_from_the_setup() {
    let mut harness = window(Lang::Fr);
    harness
        .get_by_role_and_label(
            egui::accesskit::Role::SpinButton,
            "Robots largués par F_128",
        )
        .hover();
    harness
        .query_all_by_label("bombe")
        .nth(1)
        .expect("F_258's bomb")
        .click();
    harness.run();
    assert!(harness.state().setup.sides[1].fleets[0].bomb);
    harness.get_by_label_contains("F_258 (GASKOR) largue sa bombe sur M_505 (VII.1.4)");
    harness.state_mut().setup.sides[1].fleets[0].bomb = false;
    harness.state_mut().setup.sides[0].fleets[0].robots = 20;
    harness.run();
    harness.get_by_label_contains("Attaque de robots sur M_505 (VI.5.1)");
    harness.get_by_label_contains("F_128 (Miria) T 20 R : R = 2 × max(0, 10 − 7) = 6 (G-79)");
    for (label, index, hint) in [
        ("bombe", 0, "F_f L BOMBE"),
        ("Robots largués par F_128", 0, "F_f T x R"),
    ] {
        hover(&mut harness, label, index);
        assert!(
            harness.query_by_label_contains(hint).is_some(),
            "{label}: no tooltip with {hint:?}"
        );
    }
}
