//! The simulator's editors: the toolbar (setup files, a fight of the CR, the
//! rules) and the setup (the world, the sides, their fleets).

use super::{BOOK_SETUP, SetupFile, SimulatorState, fight_worlds, fire_combo, named, number};
use crate::combat::sim::{FleetSetup, Side, SideLevels, Target, parse};
use crate::gui::path_prompt;
use crate::i18n::{Lang, tr, tr_args};
use crate::model::Class;
use crate::model::view::TurnView;

pub(super) fn toolbar_ui(
    ui: &mut egui::Ui,
    state: &mut SimulatorState,
    view: Option<&TurnView>,
    lang: Lang,
) {
    ui.horizontal_wrapped(|ui| {
        files_ui(ui, state, lang);
        ui.separator();
        from_cr_ui(ui, state, view, lang);
        ui.separator();
        rules_ui(ui, state, lang);
    });
    if let Some((id, file)) = &state.notice {
        ui.label(tr_args(lang, id, &[("file", file)]));
    }
    if !state.taken_levels.is_empty() {
        ui.label(levels_taken_text(&state.taken_levels, lang));
    }
}

/// "Niveaux pris : Maxtor : ATT 2, DEF 1 (vos niveaux) ; Miria : ATT 3 (connu par
/// les CR), DEF 1 (supposé)" — where each side's levels come from.
fn levels_taken_text(taken: &[SideLevels], lang: Lang) -> String {
    let from = |known: bool| {
        tr(
            lang,
            if known {
                "gui-sim-level-known"
            } else {
                "gui-sim-level-assumed"
            },
        )
    };
    let list: Vec<String> = taken
        .iter()
        .map(|l| {
            let (att, def) = (l.att.to_string(), l.def.to_string());
            if l.own {
                tr_args(
                    lang,
                    "gui-sim-levels-own",
                    &[("side", &l.side), ("att", &att), ("def", &def)],
                )
            } else {
                tr_args(
                    lang,
                    "gui-sim-levels-other",
                    &[
                        ("side", &l.side),
                        ("att", &att),
                        ("att_from", &from(l.att_known)),
                        ("def", &def),
                        ("def_from", &from(l.def_known)),
                    ],
                )
            }
        })
        .collect();
    // French puts a space before a semicolon.
    let separator = if lang == Lang::Fr { " ; " } else { "; " };
    tr_args(
        lang,
        "gui-sim-levels-taken",
        &[("list", &list.join(separator))],
    )
}

/// Load, save (the system's dialog or a typed path), the book's fight.
fn files_ui(ui: &mut egui::Ui, state: &mut SimulatorState, lang: Lang) {
    if ui.button(tr(lang, "gui-sim-load")).clicked() {
        let answer = path_prompt::ask(|| {
            rfd::FileDialog::new()
                .add_filter("RON", &["ron"])
                .pick_file()
        });
        state.dialog_answered(SetupFile::Load, answer);
    }
    if ui.button(tr(lang, "gui-sim-save")).clicked() {
        let answer = path_prompt::ask(|| {
            rfd::FileDialog::new()
                .add_filter("RON", &["ron"])
                .set_file_name("combat.ron")
                .save_file()
        });
        state.dialog_answered(SetupFile::Save, answer);
    }
    if ui
        .button(tr(lang, "gui-sim-path"))
        .on_hover_text(tr(lang, "gui-sim-path-hint"))
        .clicked()
    {
        state.ask_path(None);
    }
    if ui.button(tr(lang, "gui-sim-book")).clicked() {
        state.setup = parse(BOOK_SETUP).0.unwrap_or_default();
    }
}

/// A fight of the loaded CR: its world, the technologies assumed for the
/// others, "take it".
fn from_cr_ui(ui: &mut egui::Ui, state: &mut SimulatorState, view: Option<&TurnView>, lang: Lang) {
    ui.label(tr(lang, "gui-sim-from-cr"));
    let worlds = fight_worlds(view);
    // A world this CR does not offer (the book's M_505 at first): its first.
    if let Some((first, _)) = worlds.first()
        && !worlds.iter().any(|(w, _)| *w == state.from_world)
    {
        state.from_world = *first;
    }
    if worlds.is_empty() {
        number(
            ui,
            &mut state.from_world,
            "M_",
            &tr(lang, "gui-sim-hint-cr-world"),
        );
    } else {
        let combo = egui::ComboBox::from_id_salt("sim-from-world")
            .selected_text(format!("M_{}", state.from_world))
            .show_ui(ui, |ui| {
                for (world, fleets) in &worlds {
                    let text = tr_args(
                        lang,
                        "gui-sim-world-choice",
                        &[
                            ("world", &world.to_string()),
                            ("fleets", &fleets.to_string()),
                        ],
                    );
                    ui.selectable_value(&mut state.from_world, *world, text);
                }
            })
            .response;
        let combo = combo.on_hover_text(tr(lang, "gui-sim-hint-cr-world"));
        named(&combo, egui::Role::ComboBox, &tr(lang, "gui-sim-cr-world"));
    }
    number(
        ui,
        &mut state.assumed.0,
        "ATT",
        &tr(lang, "gui-sim-hint-assumed-att"),
    );
    number(
        ui,
        &mut state.assumed.1,
        "DEF",
        &tr(lang, "gui-sim-hint-assumed-def"),
    );
    number(
        ui,
        &mut state.assumed.2,
        "CAR",
        &tr(lang, "gui-sim-hint-assumed-car"),
    );
    let take = ui
        .add_enabled(view.is_some(), egui::Button::new(tr(lang, "gui-sim-take")))
        .on_hover_text(tr(lang, "gui-sim-take-hint"));
    if take.clicked()
        && let Some(view) = view
    {
        state.take_from_view(view, state.from_world);
    }
}

/// The rounds and the ruleset.
fn rules_ui(ui: &mut egui::Ui, state: &mut SimulatorState, lang: Lang) {
    let label = ui
        .label(tr(lang, "gui-sim-rounds"))
        .on_hover_text(tr(lang, "gui-sim-hint-rounds"));
    ui.add(egui::DragValue::new(&mut state.setup.rounds).range(1..=1000))
        .labelled_by(label.id)
        .on_hover_text(tr(lang, "gui-sim-hint-rounds"));
    let rules = egui::ComboBox::from_id_salt("sim-rules")
        .selected_text(state.setup.rules.clone())
        .width(60.0)
        .show_ui(ui, |ui| {
            for name in crate::rules::Ruleset::BUILTIN_NAMES {
                ui.selectable_value(&mut state.setup.rules, name.to_string(), name);
            }
        })
        .response;
    let rules = rules.on_hover_text(tr(lang, "gui-sim-hint-rules"));
    named(&rules, egui::Role::ComboBox, &tr(lang, "gui-sim-rules"));
}

pub(super) fn setup_ui(
    ui: &mut egui::Ui,
    state: &mut SimulatorState,
    fleets: &[Target],
    lang: Lang,
) {
    let names: Vec<String> = state.setup.sides.iter().map(|s| s.name.clone()).collect();
    let setup = &mut state.setup;
    world_setup_ui(ui, &mut setup.world, &names, fleets, lang);
    let mut fleet_choices = fleets.to_vec();
    fleet_choices.extend([Target::M, Target::P, Target::I]);
    let mut remove_side = None;
    let mut add_fleet = None;
    let mut remove_fleet = None;
    for (s, side) in setup.sides.iter_mut().enumerate() {
        ui.push_id(("side", s), |ui| {
            ui.separator();
            side_ui(ui, side, &names, lang);
            ui.horizontal(|ui| {
                if ui.button(tr(lang, "gui-sim-add-fleet")).clicked() {
                    add_fleet = Some(s);
                }
                if ui.button(tr(lang, "gui-sim-remove-side")).clicked() {
                    remove_side = Some(s);
                }
            });
            for (f, fleet) in side.fleets.iter_mut().enumerate() {
                ui.push_id(("fleet", f), |ui| {
                    if fleet_ui(ui, fleet, &fleet_choices, lang) {
                        remove_fleet = Some((s, f));
                    }
                });
            }
        });
    }
    ui.separator();
    if ui.button(tr(lang, "gui-sim-add-side")).clicked() {
        let number = setup.sides.len() + 1;
        setup.sides.push(Side {
            name: tr_args(lang, "gui-sim-new-side", &[("n", &number.to_string())]),
            ..Side::default()
        });
    }
    if let Some(s) = add_fleet {
        let next = setup
            .sides
            .iter()
            .flat_map(|side| side.fleets.iter().map(|f| f.id))
            .max()
            .unwrap_or(0)
            + 1;
        if let Some(side) = setup.sides.get_mut(s) {
            side.fleets.push(FleetSetup {
                id: next,
                vc: 10,
                ..FleetSetup::default()
            });
        }
    }
    if let Some((s, f)) = remove_fleet
        && let Some(side) = setup.sides.get_mut(s)
        && f < side.fleets.len()
    {
        side.fleets.remove(f);
    }
    if let Some(s) = remove_side
        && s < setup.sides.len()
    {
        setup.sides.remove(s);
    }
}

/// The world fought over: its number, owner, defences, converts, and what its
/// VI and VP fire at.
fn world_setup_ui(
    ui: &mut egui::Ui,
    w: &mut crate::combat::sim::WorldSetup,
    names: &[String],
    fleets: &[Target],
    lang: Lang,
) {
    egui::CollapsingHeader::new(tr(lang, "gui-sim-world"))
        .default_open(true)
        .show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                let mut id = w.id.unwrap_or(0);
                number(ui, &mut id, "M_", &tr(lang, "gui-sim-hint-world"));
                w.id = (id > 0).then_some(id);
                ui.label(tr(lang, "gui-sim-owner"));
                let owner = w
                    .owner
                    .clone()
                    .unwrap_or_else(|| tr(lang, "gui-sim-neutral"));
                let combo = egui::ComboBox::from_id_salt("sim-owner")
                    .selected_text(owner)
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut w.owner, None, tr(lang, "gui-sim-neutral"));
                        for name in names {
                            ui.selectable_value(&mut w.owner, Some(name.clone()), name);
                        }
                    })
                    .response;
                let combo = combo.on_hover_text(tr(lang, "gui-sim-hint-owner"));
                named(&combo, egui::Role::ComboBox, &tr(lang, "gui-sim-owner"));
            });
            ui.horizontal_wrapped(|ui| {
                number(ui, &mut w.vi, "VI", &tr(lang, "gui-sim-hint-vi"));
                number(ui, &mut w.vp, "VP", &tr(lang, "gui-sim-hint-vp"));
                number(ui, &mut w.n, "N", &tr(lang, "gui-sim-hint-n"));
                number(ui, &mut w.robots, "R", &tr(lang, "gui-sim-hint-robots"));
                number(
                    ui,
                    &mut w.industries,
                    "I",
                    &tr(lang, "gui-sim-hint-industries"),
                );
                number(ui, &mut w.mp, "MP", &tr(lang, "gui-sim-hint-world-mp"));
            });
            for (name, count) in &mut w.converts {
                let hint = tr_args(lang, "gui-sim-hint-converts", &[("side", name)]);
                number(ui, count, &format!("C \"{name}\""), &hint);
            }
            ui.horizontal_wrapped(|ui| {
                ui.label("VI");
                let fleet_only: Vec<Target> = fleets.to_vec();
                fire_combo(ui, "sim-vi-fire", &mut w.vi_fire, &fleet_only, "VI *", lang);
                ui.checkbox(&mut w.vi_conditional, "?")
                    .on_hover_text(tr(lang, "gui-sim-hint-conditional"));
                ui.label("VP");
                let mut vp_choices = fleets.to_vec();
                vp_choices.extend([Target::N, Target::C]);
                fire_combo(ui, "sim-vp-fire", &mut w.vp_fire, &vp_choices, "VP *", lang);
                ui.checkbox(&mut w.vp_conditional, "?")
                    .on_hover_text(tr(lang, "gui-sim-hint-conditional"));
            });
        });
}

fn side_ui(ui: &mut egui::Ui, side: &mut Side, names: &[String], lang: Lang) {
    ui.horizontal_wrapped(|ui| {
        let name = ui.add(egui::TextEdit::singleline(&mut side.name).desired_width(110.0));
        let name = name.on_hover_text(tr(lang, "gui-sim-hint-side-name"));
        named(&name, egui::Role::TextInput, &tr(lang, "gui-sim-side-name"));
        let class = egui::ComboBox::from_id_salt("class")
            .selected_text(class_name(side.class, lang))
            .show_ui(ui, |ui| {
                for class in Class::ALL {
                    ui.selectable_value(&mut side.class, class, class_name(class, lang));
                }
            })
            .response;
        let class = class.on_hover_text(tr(lang, "gui-sim-hint-class"));
        named(&class, egui::Role::ComboBox, &tr(lang, "gui-sim-class"));
        number(ui, &mut side.att, "ATT", &tr(lang, "gui-sim-hint-att"));
        number(ui, &mut side.def, "DEF", &tr(lang, "gui-sim-hint-def"));
        number(ui, &mut side.car, "CAR", &tr(lang, "gui-sim-hint-car"));
        ui.checkbox(&mut side.no_ambush, "Z")
            .on_hover_text(tr(lang, "gui-sim-hint-no-ambush"));
        if side.class == Class::Missionary {
            ui.label("J");
            let jihad = egui::ComboBox::from_id_salt("jihad")
                .selected_text(side.jihad.clone().unwrap_or_else(|| "—".into()))
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut side.jihad, None, "—");
                    for name in names.iter().filter(|n| **n != side.name) {
                        ui.selectable_value(&mut side.jihad, Some(name.clone()), name);
                    }
                })
                .response;
            let jihad = jihad.on_hover_text(tr(lang, "gui-sim-hint-jihad"));
            named(&jihad, egui::Role::ComboBox, "Jihad");
        }
    });
    let others: Vec<&String> = names.iter().filter(|n| **n != side.name).collect();
    if !others.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label(tr(lang, "gui-sim-allies"))
                .on_hover_text(tr(lang, "gui-sim-hint-allies"));
            for name in others {
                let mut allied = side.allies.contains(name);
                let hint = tr_args(
                    lang,
                    "gui-sim-hint-ally",
                    &[("side", &side.name), ("ally", name)],
                );
                if ui
                    .checkbox(&mut allied, name.as_str())
                    .on_hover_text(hint)
                    .changed()
                {
                    if allied {
                        side.allies.push(name.clone());
                    } else {
                        side.allies.retain(|a| a != name);
                    }
                }
            }
        });
    }
}

/// One fleet's line; true when its remove button was clicked.
fn fleet_ui(ui: &mut egui::Ui, fleet: &mut FleetSetup, choices: &[Target], lang: Lang) -> bool {
    let mut remove = false;
    ui.horizontal_wrapped(|ui| {
        number(ui, &mut fleet.id, "F_", &tr(lang, "gui-sim-hint-fleet"));
        number(ui, &mut fleet.vc, "VC", &tr(lang, "gui-sim-hint-vc"));
        number(ui, &mut fleet.vt, "VT", &tr(lang, "gui-sim-hint-vt"));
        number(
            ui,
            &mut fleet.cargo.mp,
            "MP",
            &tr(lang, "gui-sim-hint-cargo-mp"),
        );
        number(
            ui,
            &mut fleet.cargo.n,
            "N",
            &tr(lang, "gui-sim-hint-cargo-n"),
        );
        number(
            ui,
            &mut fleet.cargo.c,
            "C",
            &tr(lang, "gui-sim-hint-cargo-c"),
        );
        number(
            ui,
            &mut fleet.cargo.r,
            "R",
            &tr(lang, "gui-sim-hint-cargo-r"),
        );
        let own = Target::Fleet(fleet.id);
        let choices: Vec<Target> = choices.iter().copied().filter(|&t| t != own).collect();
        let name = format!("F_{} *", fleet.id);
        fire_combo(ui, "fire", &mut fleet.fire, &choices, &name, lang);
        ui.checkbox(&mut fleet.conditional, "?")
            .on_hover_text(tr(lang, "gui-sim-hint-conditional"));
        ui.checkbox(&mut fleet.fleeing, tr(lang, "gui-sim-fleeing"))
            .on_hover_text(tr(lang, "gui-sim-hint-fleeing"));
        ui.checkbox(&mut fleet.crossing, tr(lang, "gui-sim-crossing"))
            .on_hover_text(tr(lang, "gui-sim-hint-crossing"));
        ui.checkbox(&mut fleet.peace, tr(lang, "gui-sim-peace"))
            .on_hover_text(tr(lang, "gui-sim-hint-peace"));
        // `F_f T x R` and `F_f L BOMBE`, after the fire.
        let robots = ui
            .add(
                egui::DragValue::new(&mut fleet.robots)
                    .prefix("T ")
                    .suffix(" R"),
            )
            .on_hover_text(tr(lang, "gui-sim-hint-robot-attack"));
        let robots_name = tr_args(
            lang,
            "gui-sim-robot-attack",
            &[("fleet", &format!("F_{}", fleet.id))],
        );
        named(&robots, egui::Role::SpinButton, &robots_name);
        ui.checkbox(&mut fleet.bomb, tr(lang, "gui-sim-bomb"))
            .on_hover_text(tr(lang, "gui-sim-hint-bomb"));
        remove = ui
            .small_button("x")
            .on_hover_text(tr(lang, "gui-sim-remove-fleet"))
            .clicked();
    });
    remove
}

fn class_name(class: Class, lang: Lang) -> &'static str {
    match lang {
        Lang::Fr => class.french_name(),
        _ => class.english_name(),
    }
}
