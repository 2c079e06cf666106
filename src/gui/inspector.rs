//! The central panel: the selected world or fleet (its CR lines verbatim, its facts
//! with unknowns marked, what is on it), or the text of the turn's files.

use std::collections::BTreeSet;

use egui::{Color32, RichText, Sense};

use super::command::{Command, Selection};
use super::context::UiContext;
use super::editor::quick::OrderInput;
use super::format::{self, UNKNOWN};
use super::session::{FileRole, LoadedTurn, SourceFile};
use super::summary::summary_ui;
use crate::diagnostic::Severity;
use crate::i18n::{Lang, tr, tr_args};
use crate::model::knowledge::{Knowledge, Seen};
use crate::model::view::{
    Connection, FleetView, OwnerView, TreasureSite, TreasureView, TurnView, WorldView,
};

/// What the central panel shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CentralTab {
    /// The turn summary (score, technologies, statistics…).
    #[default]
    Summary,
    Inspector,
    Source(FileRole),
}

/// The central panel's view state.
#[derive(Clone, Debug, Default)]
pub struct CentralState {
    pub tab: CentralTab,
    /// The line shown highlighted in a file's text.
    pub highlight: Option<(FileRole, u32)>,
    /// Scroll the text to this line next frame.
    pub scroll_to: Option<u32>,
}

/// Every line number a world, fleet, trace or treasure of the view was read from.
fn entity_lines(view: &TurnView) -> BTreeSet<u32> {
    view.worlds
        .iter()
        .map(|w| w.line)
        .chain(view.fleets.iter().map(|f| f.line))
        .chain(view.traces.iter().map(|t| t.line))
        .chain(view.treasures.iter().map(|t| t.line))
        .filter(|line| *line > 0)
        .collect()
}

/// The CR lines of a world's block: its line, the lines of its fleets, traces and
/// treasures (and its fleets' treasures), and the unattached lines that continue
/// it (`  Nom : "…"`, `  Corrompu par : …`, `E=1/8` alone). Empty for a world not
/// read from the CR (`line` 0).
pub fn world_lines(view: &TurnView, source: &SourceFile, world: &WorldView) -> Vec<u32> {
    if world.line == 0 {
        return Vec::new();
    }
    let fleets: BTreeSet<u32> = view
        .fleets
        .iter()
        .filter(|f| f.world == Some(world.id))
        .map(|f| f.id)
        .collect();
    let mut own: BTreeSet<u32> = BTreeSet::from([world.line]);
    own.extend(
        view.fleets
            .iter()
            .filter(|f| fleets.contains(&f.id))
            .map(|f| f.line),
    );
    own.extend(
        view.traces
            .iter()
            .filter(|t| t.world == Some(world.id))
            .map(|t| t.line),
    );
    own.extend(
        view.treasures
            .iter()
            .filter(|t| match t.site {
                TreasureSite::World(id) => id == world.id,
                TreasureSite::Fleet(id) => fleets.contains(&id),
                TreasureSite::Unattached => false,
            })
            .map(|t| t.line),
    );
    let others = entity_lines(view);
    let mut lines = vec![world.line];
    let mut number = world.line;
    while let Some(next) = number.checked_add(1) {
        number = next;
        let Some(text) = source.line(number) else {
            break;
        };
        let continuation = text.starts_with([' ', '\t'])
            || text
                .trim_start()
                .strip_prefix('E')
                .is_some_and(|rest| rest.trim_start().starts_with('='));
        if text.trim().is_empty() || (others.contains(&number) && !own.contains(&number)) {
            break;
        }
        if own.contains(&number) || continuation {
            lines.push(number);
        } else {
            break;
        }
    }
    lines
}

/// The CR lines of a fleet: its line and its treasures' lines.
pub fn fleet_lines(view: &TurnView, fleet: &FleetView) -> Vec<u32> {
    if fleet.line == 0 {
        return Vec::new();
    }
    let mut lines = vec![fleet.line];
    lines.extend(
        view.treasures
            .iter()
            .filter(|t| t.site == TreasureSite::Fleet(fleet.id) && t.line > 0)
            .map(|t| t.line),
    );
    lines.sort_unstable();
    lines
}

/// What a line of the CR is about: the world or fleet read from it, else the world
/// whose block holds it.
pub fn selection_at(view: &TurnView, source: &SourceFile, line: u32) -> Option<Selection> {
    if line == 0 {
        return None;
    }
    if let Some(world) = view.worlds.iter().find(|w| w.line == line) {
        return Some(Selection::World(world.id));
    }
    if let Some(fleet) = view.fleets.iter().find(|f| f.line == line) {
        return Some(Selection::Fleet(fleet.id));
    }
    if let Some(treasure) = view.treasures.iter().find(|t| t.line == line) {
        match treasure.site {
            TreasureSite::Fleet(id) => return Some(Selection::Fleet(id)),
            TreasureSite::World(id) => return Some(Selection::World(id)),
            TreasureSite::Unattached => {}
        }
    }
    view.worlds
        .iter()
        .filter(|w| w.line > 0 && w.line < line)
        .max_by_key(|w| w.line)
        .filter(|w| world_lines(view, source, w).contains(&line))
        .map(|w| Selection::World(w.id))
}

/// Draws the central panel for a loaded turn.
pub fn central_ui(
    ui: &mut egui::Ui,
    cx: &mut UiContext<'_>,
    orders: &OrderInput<'_>,
    state: &mut CentralState,
) {
    let Some(turn) = cx.turn() else {
        return;
    };
    let (knowledge, selection, lang) = (cx.knowledge, cx.selection, cx.lang);
    let commands = cx.commands();
    // One line of tabs whatever the panel's width (a menu when they do not
    // fit); the content scrolls sideways rather than growing over its
    // neighbours.
    let mut tabs = vec![
        (CentralTab::Summary, tr(lang, "gui-tab-summary")),
        (CentralTab::Inspector, tr(lang, "gui-tab-inspector")),
        (
            CentralTab::Source(FileRole::Cr),
            tr(lang, "gui-tab-cr-text"),
        ),
    ];
    if turn.nbt.is_some() {
        tabs.push((
            CentralTab::Source(FileRole::Nbt),
            tr(lang, "gui-tab-nbt-text"),
        ));
    }
    match super::widgets::tab_bar_ui(ui, "central-tabs", &tabs, state.tab) {
        Some(CentralTab::Summary) => commands.push(Command::ShowSummary),
        Some(CentralTab::Inspector) => commands.push(Command::ShowInspector),
        Some(CentralTab::Source(role)) => commands.push(Command::ShowSource(role)),
        None => {}
    }
    ui.separator();
    match state.tab {
        CentralTab::Summary => {
            egui::ScrollArea::both()
                .id_salt("summary")
                .auto_shrink([false, false])
                .show(ui, |ui| summary_ui(ui, &turn.view, lang));
        }
        CentralTab::Inspector => {
            egui::ScrollArea::both()
                .id_salt("inspector")
                .auto_shrink([false, false])
                .show(ui, |ui| match selection {
                    Some(Selection::World(id)) => match turn.view.world(id) {
                        Some(world) => world_ui(ui, turn, orders, world, lang, commands),
                        None => known_world_ui(ui, turn, knowledge, id, lang, commands),
                    },
                    Some(Selection::Fleet(id)) => match turn.view.fleet(id) {
                        Some(fleet) => fleet_ui(ui, turn, orders, fleet, lang, commands),
                        None => known_fleet_ui(ui, turn, knowledge, id, lang, commands),
                    },
                    None => {
                        ui.weak(tr(lang, "gui-inspector-empty"));
                    }
                });
        }
        CentralTab::Source(role) => match turn.source(role) {
            Some(source) => source_ui(ui, source, role, state, commands),
            None => {
                ui.weak(tr(lang, "gui-inspector-empty"));
            }
        },
    }
}

/// A fact of an earlier turn: the value and the turn it was seen.
fn seen_text<T>(lang: Lang, seen: &Option<Seen<T>>, show: impl Fn(&T) -> String) -> Option<String> {
    seen.as_ref().map(|s| {
        format!(
            "{} ({})",
            show(&s.value),
            tr_args(lang, "gui-seen-turn", &[("turn", &s.turn.to_string())])
        )
    })
}

/// The heading of a world or fleet the current turn does not show.
fn not_on_this_turn_ui(ui: &mut egui::Ui, title: &str, lang: Lang) {
    ui.heading(title);
    ui.label(RichText::new(tr_args(lang, "gui-not-on-this-turn", &[("id", title)])).italics());
}

/// A world this turn does not describe: what the player knew of it then.
fn known_world_ui(
    ui: &mut egui::Ui,
    turn: &LoadedTurn,
    knowledge: &Knowledge,
    id: u32,
    lang: Lang,
    commands: &mut Vec<Command>,
) {
    let title = format!("M_{id}");
    not_on_this_turn_ui(ui, &title, lang);
    let Some(world) = knowledge.world(id) else {
        return;
    };
    let known = &Known {
        view: &turn.view,
        knowledge,
    };
    ui.add_space(4.0);
    if let Some(revealed) = &world.revealed_by {
        ui.horizontal(|ui| {
            ui.label(tr(lang, "gui-revealed-by"));
            world_link(
                ui,
                known,
                revealed.value,
                &format!("M_{}", revealed.value),
                commands,
            );
            ui.label(format!(
                "({})",
                tr_args(
                    lang,
                    "gui-seen-turn",
                    &[("turn", &revealed.turn.to_string())]
                )
            ));
        });
    }
    match world.last_described {
        None => {
            ui.weak(tr(lang, "gui-never-described"));
        }
        Some(last) => {
            ui.label(tr_args(
                lang,
                "gui-last-described",
                &[("turn", &last.to_string())],
            ));
        }
    }
    ui.add_space(6.0);
    ui.label(RichText::new(tr(lang, "gui-section-last-known")).strong());
    egui::Grid::new("known-world-facts")
        .num_columns(2)
        .striped(true)
        .spacing([16.0, 4.0])
        .show(ui, |ui| {
            let rows = [
                (
                    "gui-fact-owner",
                    seen_text(lang, &world.owner, |o| owner_text(lang, o)),
                ),
                (
                    "gui-fact-connections",
                    seen_text(lang, &world.connections, |c| {
                        c.iter()
                            .map(|c| {
                                format!("M_{}{}", c.world, if c.black_hole { "@" } else { "" })
                            })
                            .collect::<Vec<_>>()
                            .join(" ")
                    }),
                ),
                (
                    "gui-fact-industries",
                    seen_text(lang, &world.industries, u32::to_string),
                ),
                ("gui-fact-vi", seen_text(lang, &world.vi, u32::to_string)),
                (
                    "gui-fact-population",
                    seen_text(lang, &world.population, u32::to_string),
                ),
                ("gui-fact-vp", seen_text(lang, &world.vp, u32::to_string)),
                ("gui-fact-mp", seen_text(lang, &world.mp, u32::to_string)),
                (
                    "gui-fact-mining",
                    seen_text(lang, &world.mining, |m| format!("+{m}")),
                ),
                (
                    "gui-fact-coords",
                    seen_text(lang, &world.position, |p| {
                        if p.exact {
                            format!("[{},{}]", p.coords.x, p.coords.y)
                        } else {
                            tr_args(
                                lang,
                                "gui-coords-approximate",
                                &[
                                    ("x", &p.coords.x.to_string()),
                                    ("y", &p.coords.y.to_string()),
                                ],
                            )
                        }
                    }),
                ),
            ];
            for (label, value) in rows {
                fact_row(ui, lang, label, value);
            }
        });
    let fleets: Vec<_> = knowledge.fleets_last_seen_at(id).collect();
    if !fleets.is_empty() {
        ui.add_space(6.0);
        ui.label(RichText::new(tr(lang, "gui-section-fleets-last-seen")).strong());
        for fleet in fleets {
            ui.horizontal(|ui| {
                if ui.link(format!("F_{}", fleet.id)).clicked() {
                    commands.push(Command::Select(Some(Selection::Fleet(fleet.id))));
                }
                ui.label(format::opt(
                    fleet.owner.as_ref().map(|o| format!("\"{}\"", o.value)),
                ));
                if let Some(total) = &fleet.total {
                    ui.label(tr_args(
                        lang,
                        "gui-map-fleet-ships",
                        &[("ships", &total.value.to_string())],
                    ));
                }
                ui.label(tr_args(
                    lang,
                    "gui-seen-turn",
                    &[("turn", &fleet.last_seen.to_string())],
                ));
            });
        }
    }
}

/// A fleet this turn does not list: where and how it was last seen.
fn known_fleet_ui(
    ui: &mut egui::Ui,
    turn: &LoadedTurn,
    knowledge: &Knowledge,
    id: u32,
    lang: Lang,
    commands: &mut Vec<Command>,
) {
    let title = format!("F_{id}");
    not_on_this_turn_ui(ui, &title, lang);
    let Some(fleet) = knowledge.fleet(id) else {
        return;
    };
    let known = &Known {
        view: &turn.view,
        knowledge,
    };
    ui.add_space(6.0);
    ui.label(RichText::new(tr(lang, "gui-section-last-known")).strong());
    egui::Grid::new("known-fleet-facts")
        .num_columns(2)
        .striped(true)
        .spacing([16.0, 4.0])
        .show(ui, |ui| {
            ui.label(RichText::new(tr(lang, "gui-fact-world")).weak());
            match &fleet.world {
                Some(world) => {
                    ui.horizontal(|ui| {
                        world_link(
                            ui,
                            known,
                            world.value,
                            &format!("M_{}", world.value),
                            commands,
                        );
                        ui.label(format!(
                            "({})",
                            tr_args(lang, "gui-seen-turn", &[("turn", &world.turn.to_string())])
                        ));
                    });
                }
                None => {
                    ui.weak(UNKNOWN).on_hover_text(tr(lang, "gui-unknown-hint"));
                }
            }
            ui.end_row();
            let rows = [
                (
                    "gui-fact-owner",
                    seen_text(lang, &fleet.owner, |o| format!("\"{o}\"")),
                ),
                ("gui-fact-vc", seen_text(lang, &fleet.vc, u32::to_string)),
                ("gui-fact-vt", seen_text(lang, &fleet.vt, u32::to_string)),
                (
                    "gui-fact-total",
                    seen_text(lang, &fleet.total, u32::to_string),
                ),
                (
                    "gui-fact-cargo",
                    seen_text(lang, &fleet.cargo, |c| format::cargo(Some(c))),
                ),
            ];
            for (label, value) in rows {
                fact_row(ui, lang, label, value);
            }
        });
}

/// The lines of a file, verbatim, with their numbers; a click on one jumps to it.
fn cr_lines_ui(
    ui: &mut egui::Ui,
    source: &SourceFile,
    lines: &[u32],
    lang: Lang,
    commands: &mut Vec<Command>,
) {
    if lines.is_empty() {
        ui.weak(tr(lang, "gui-no-cr-line"));
        return;
    }
    egui::Frame::group(ui.style()).show(ui, |ui| {
        for &number in lines {
            let text = source.line(number).unwrap_or_default();
            let response = ui
                .add(
                    egui::Label::new(RichText::new(format!("{number:>4} | {text}")).monospace())
                        .sense(Sense::click()),
                )
                .on_hover_text(tr(lang, "gui-show-in-text"));
            if response.clicked() {
                commands.push(Command::JumpTo {
                    role: FileRole::Cr,
                    line: number,
                });
            }
        }
    });
}

/// A fact of the grid: label, then value (faint `?` when unknown).
fn fact_row(ui: &mut egui::Ui, lang: Lang, label_id: &str, value: Option<String>) {
    ui.label(RichText::new(tr(lang, label_id)).weak());
    match value {
        Some(value) => ui.label(value),
        None => ui.weak(UNKNOWN).on_hover_text(tr(lang, "gui-unknown-hint")),
    };
    ui.end_row();
}

/// The worlds the inspector can show: those of the turn, and those the player's
/// knowledge holds from earlier turns.
struct Known<'a> {
    view: &'a TurnView,
    knowledge: &'a Knowledge,
}

impl Known<'_> {
    fn world(&self, id: u32) -> bool {
        self.view.world(id).is_some() || self.knowledge.world(id).is_some()
    }
}

/// A link to a world when it can be shown, plain text otherwise.
fn world_link(
    ui: &mut egui::Ui,
    known: &Known<'_>,
    id: u32,
    text: &str,
    commands: &mut Vec<Command>,
) {
    if known.world(id) {
        if ui.link(text).clicked() {
            commands.push(Command::Select(Some(Selection::World(id))));
        }
    } else {
        ui.label(text);
    }
}

fn fleet_link(ui: &mut egui::Ui, fleet: &FleetView, commands: &mut Vec<Command>) {
    if ui.link(format::fleet_id(fleet)).clicked() {
        commands.push(Command::Select(Some(Selection::Fleet(fleet.id))));
    }
}

fn owner_text(lang: Lang, owner: &OwnerView) -> String {
    let mut text = match &owner.name {
        Some(name) => format!("\"{name}\""),
        None => tr(lang, "gui-neutral"),
    };
    if owner.name.is_some() && owner.owned_turns > 0 {
        text.push_str(&format!(
            " — {}",
            tr_args(
                lang,
                "gui-owned-turns",
                &[("turns", &owner.owned_turns.to_string())]
            )
        ));
    }
    if let Some(counter) = owner.mining_counter {
        text.push_str(&format!(
            " — {}",
            tr_args(
                lang,
                "gui-mining-counter",
                &[("counter", &counter.to_string())]
            )
        ));
    }
    if let Some(previous) = &owner.previous {
        text.push_str(&format!(
            " — {}",
            tr_args(lang, "gui-previous-owner", &[("name", previous)])
        ));
    }
    if let Some(event) = owner.event {
        text.push_str(&format!(
            " — {}",
            tr(lang, format::world_event_message(event))
        ));
    }
    text
}

fn connections_ui(
    ui: &mut egui::Ui,
    known: &Known<'_>,
    connections: &[Connection],
    commands: &mut Vec<Command>,
) {
    ui.horizontal_wrapped(|ui| {
        for connection in connections {
            let text = if connection.black_hole {
                format!("M_{}@", connection.world)
            } else {
                format!("M_{}", connection.world)
            };
            world_link(ui, known, connection.world, &text, commands);
        }
    });
}

fn treasures_ui(ui: &mut egui::Ui, treasures: &[&TreasureView], lang: Lang) {
    for treasure in treasures {
        let name = format!("T_{} <{}>", treasure.id, treasure.name);
        let response = ui.monospace(name);
        if treasure.kind.is_none() {
            response.on_hover_text(tr(lang, "gui-treasure-unknown-kind"));
        }
    }
}

fn world_ui(
    ui: &mut egui::Ui,
    turn: &LoadedTurn,
    orders: &OrderInput<'_>,
    world: &WorldView,
    lang: Lang,
    commands: &mut Vec<Command>,
) {
    let knowledge = orders.knowledge;
    let view = &turn.view;
    let known = &Known { view, knowledge };
    let mut title = format::world_id(world);
    if let Some(name) = &world.name {
        title.push_str(&format!(" \"{name}\""));
    }
    ui.heading(title);
    let mut flags = Vec::new();
    if world.start_world {
        flags.push(tr(lang, "gui-flag-start-world"));
    }
    if world.bombed {
        flags.push(tr(lang, "gui-flag-bombed"));
    }
    if world.black_hole {
        flags.push(tr(lang, "gui-flag-black-hole"));
    }
    if world.elided {
        flags.push(tr(lang, "gui-flag-elided"));
    }
    if world.line == 0 {
        flags.push(tr(lang, "gui-flag-position-only"));
    }
    if !flags.is_empty() {
        ui.label(RichText::new(flags.join(" · ")).italics());
    }
    super::editor::quick::world_orders_ui(ui, orders, world.id, lang, commands);
    ui.add_space(4.0);

    ui.label(RichText::new(tr(lang, "gui-section-cr-lines")).strong());
    cr_lines_ui(
        ui,
        &turn.cr,
        &world_lines(view, &turn.cr, world),
        lang,
        commands,
    );
    ui.add_space(6.0);

    if world.black_hole {
        return;
    }
    ui.label(RichText::new(tr(lang, "gui-section-facts")).strong());
    egui::Grid::new("world-facts")
        .num_columns(2)
        .striped(true)
        .spacing([16.0, 4.0])
        .show(ui, |ui| {
            fact_row(
                ui,
                lang,
                "gui-fact-owner",
                world.owner.as_ref().map(|o| owner_text(lang, o)),
            );
            ui.label(RichText::new(tr(lang, "gui-fact-connections")).weak());
            match &world.connections {
                Some(connections) => connections_ui(ui, known, connections, commands),
                None => {
                    ui.weak(UNKNOWN).on_hover_text(tr(lang, "gui-unknown-hint"));
                }
            }
            ui.end_row();
            fact_row(
                ui,
                lang,
                "gui-fact-industries",
                world.industries.map(|_| format::industries(world)),
            );
            fact_row(
                ui,
                lang,
                "gui-fact-vi",
                world.vi.map(|vi| with_fire(vi, world.vi_fire, lang)),
            );
            fact_row(
                ui,
                lang,
                "gui-fact-population",
                world.population.map(|_| format::population(world)),
            );
            if let Some(converts) = world.converts.filter(|c| *c > 0) {
                let owner = world.converts_owner.clone().unwrap_or_default();
                fact_row(
                    ui,
                    lang,
                    "gui-fact-converts",
                    Some(format!("{converts} \"{owner}\"")),
                );
            }
            if world.robots != Some(0) {
                fact_row(
                    ui,
                    lang,
                    "gui-fact-robots",
                    world.robots.map(|r| r.to_string()),
                );
            }
            fact_row(
                ui,
                lang,
                "gui-fact-vp",
                world.vp.map(|vp| with_fire(vp, world.vp_fire, lang)),
            );
            if !world.deaths.is_empty() {
                fact_row(ui, lang, "gui-fact-deaths", Some(format::deaths(world)));
            }
            fact_row(ui, lang, "gui-fact-mp", world.mp.map(|mp| mp.to_string()));
            fact_row(
                ui,
                lang,
                "gui-fact-mining",
                world.mining.map(|m| format!("+{m}")),
            );
            if let Some(pc) = world.pc.filter(|pc| *pc > 0) {
                fact_row(ui, lang, "gui-fact-pc", Some(pc.to_string()));
            }
            if let Some(count) = world.pillage_count.filter(|c| *c > 0) {
                let recovery = world.pillage_recovery.unwrap_or(0);
                fact_row(
                    ui,
                    lang,
                    "gui-fact-pillage",
                    Some(tr_args(
                        lang,
                        "gui-pillage-value",
                        &[
                            ("count", &count.to_string()),
                            ("turns", &recovery.to_string()),
                        ],
                    )),
                );
            }
            if let Some(pe) = world.pe.filter(|pe| *pe > 0 || world.start_world) {
                fact_row(ui, lang, "gui-fact-pe", Some(pe.to_string()));
            }
            if let Some(meva) = world.meva.filter(|m| *m > 0) {
                let slots = format::opt(world.meva_slots);
                fact_row(ui, lang, "gui-fact-meva", Some(format!("{meva}/{slots}")));
            }
            if let Some(growth) = world.growth_rate {
                fact_row(ui, lang, "gui-fact-growth", Some(format::growth(growth)));
            }
            fact_row(
                ui,
                lang,
                "gui-fact-coords",
                world.coords.map(|c| {
                    if world.coords_approximate {
                        tr_args(
                            lang,
                            "gui-coords-approximate",
                            &[("x", &c.x.to_string()), ("y", &c.y.to_string())],
                        )
                    } else {
                        format!("[{},{}]", c.x, c.y)
                    }
                }),
            );
            if let Some(first) = knowledge
                .world(world.id)
                .and_then(|k| k.first_described)
                .filter(|first| Some(*first) < view.turn)
            {
                fact_row(
                    ui,
                    lang,
                    "gui-fact-first-described",
                    Some(tr_args(
                        lang,
                        "gui-seen-turn",
                        &[("turn", &first.to_string())],
                    )),
                );
            }
            if let Some(by) = &world.corrupted_by {
                fact_row(ui, lang, "gui-fact-corrupted-by", Some(format!("\"{by}\"")));
            }
        });
    ui.add_space(6.0);

    let fleets: Vec<&FleetView> = view
        .fleets
        .iter()
        .filter(|f| f.world == Some(world.id))
        .collect();
    ui.label(RichText::new(tr(lang, "gui-section-fleets")).strong());
    if fleets.is_empty() {
        ui.weak(tr(lang, "gui-none"));
    } else {
        egui::Grid::new("world-fleets")
            .num_columns(4)
            .striped(true)
            .spacing([16.0, 4.0])
            .show(ui, |ui| {
                for fleet in &fleets {
                    fleet_link(ui, fleet, commands);
                    ui.label(format::fleet_owner(fleet));
                    ui.label(format::ships(fleet));
                    ui.label(format::cargo(fleet.cargo.as_ref()));
                    ui.end_row();
                }
            });
    }
    ui.add_space(6.0);

    let traces: Vec<_> = view
        .traces
        .iter()
        .filter(|t| t.world == Some(world.id))
        .collect();
    if !traces.is_empty() {
        ui.label(RichText::new(tr(lang, "gui-section-traces")).strong());
        for trace in traces {
            ui.horizontal(|ui| {
                ui.monospace(format!("F_{}", trace.fleet));
                ui.label(format::opt(
                    trace.owner.as_ref().map(|o| format!("\"{o}\"")),
                ));
                if let Some(from) = trace.from {
                    ui.label(tr_args(
                        lang,
                        "gui-trace-from",
                        &[("world", &format::origin(from))],
                    ));
                }
                ui.label(tr(lang, "gui-trace-to"));
                world_link(ui, known, trace.to, &format!("M_{}", trace.to), commands);
                if trace.ambushed {
                    ui.label(tr(lang, "gui-fire-ambush"));
                }
            });
        }
        ui.add_space(6.0);
    }

    let treasures: Vec<&TreasureView> = view
        .treasures
        .iter()
        .filter(|t| match t.site {
            TreasureSite::World(id) => id == world.id,
            TreasureSite::Fleet(id) => fleets.iter().any(|f| f.id == id),
            TreasureSite::Unattached => false,
        })
        .collect();
    if !treasures.is_empty() {
        ui.label(RichText::new(tr(lang, "gui-section-treasures")).strong());
        treasures_ui(ui, &treasures, lang);
    }
}

fn with_fire(count: u32, fire: Option<crate::model::view::FireMark>, lang: Lang) -> String {
    match fire {
        Some(mark) => format!(
            "{count} {} ({})",
            format::fire_mark(mark),
            tr(lang, format::fire_mark_message(mark))
        ),
        None => count.to_string(),
    }
}

fn fleet_ui(
    ui: &mut egui::Ui,
    turn: &LoadedTurn,
    orders: &OrderInput<'_>,
    fleet: &FleetView,
    lang: Lang,
    commands: &mut Vec<Command>,
) {
    let knowledge = orders.knowledge;
    let view = &turn.view;
    let known = &Known { view, knowledge };
    ui.heading(format::fleet_id(fleet));
    if fleet.bomb {
        ui.label(RichText::new(tr(lang, "gui-flag-bomb")).italics());
    }
    super::editor::quick::fleet_orders_ui(ui, orders, fleet.id, lang, commands);
    ui.add_space(4.0);
    ui.label(RichText::new(tr(lang, "gui-section-cr-lines")).strong());
    cr_lines_ui(ui, &turn.cr, &fleet_lines(view, fleet), lang, commands);
    ui.add_space(6.0);

    ui.label(RichText::new(tr(lang, "gui-section-facts")).strong());
    egui::Grid::new("fleet-facts")
        .num_columns(2)
        .striped(true)
        .spacing([16.0, 4.0])
        .show(ui, |ui| {
            let owner = fleet.owner.as_ref().map(|name| {
                let mut text = format!("\"{name}\"");
                match fleet.at_peace {
                    Some(true) => text.push_str(&format!(" — {}", tr(lang, "gui-at-peace"))),
                    Some(false) => text.push_str(&format!(" — {}", tr(lang, "gui-at-war"))),
                    None => {}
                }
                if let Some(previous) = &fleet.previous_owner {
                    text.push_str(&format!(
                        " — {}",
                        tr_args(lang, "gui-previous-owner", &[("name", previous)])
                    ));
                }
                if let Some(event) = fleet.event {
                    text.push_str(&format!(
                        " — {}",
                        tr(lang, format::fleet_event_message(event))
                    ));
                }
                text
            });
            fact_row(ui, lang, "gui-fact-owner", owner);
            ui.label(RichText::new(tr(lang, "gui-fact-world")).weak());
            match fleet.world {
                Some(id) => world_link(ui, known, id, &format!("M_{id}"), commands),
                None => {
                    ui.weak(UNKNOWN).on_hover_text(tr(lang, "gui-unknown-hint"));
                }
            }
            ui.end_row();
            fact_row(ui, lang, "gui-fact-vc", fleet.vc.map(|v| v.to_string()));
            fact_row(ui, lang, "gui-fact-vt", fleet.vt.map(|v| v.to_string()));
            fact_row(
                ui,
                lang,
                "gui-fact-total",
                fleet.total.map(|v| v.to_string()),
            );
            match &fleet.cargo {
                Some(cargo) => {
                    fact_row(ui, lang, "gui-fact-cargo-mp", Some(cargo.mp.to_string()));
                    fact_row(ui, lang, "gui-fact-cargo-n", Some(cargo.n.to_string()));
                    fact_row(ui, lang, "gui-fact-cargo-c", Some(cargo.c.to_string()));
                    fact_row(ui, lang, "gui-fact-cargo-r", Some(cargo.r.to_string()));
                }
                None => fact_row(ui, lang, "gui-fact-cargo", None),
            }
            if let Some(from) = fleet.from {
                fact_row(
                    ui,
                    lang,
                    "gui-fact-arrived-from",
                    Some(format::origin(from)),
                );
            }
            if let Some(mark) = fleet.fire {
                fact_row(
                    ui,
                    lang,
                    "gui-fact-fire",
                    Some(format!(
                        "{} ({})",
                        format::fire_mark(mark),
                        tr(lang, format::fire_mark_message(mark))
                    )),
                );
            }
        });
    ui.add_space(6.0);

    let treasures: Vec<&TreasureView> = view
        .treasures
        .iter()
        .filter(|t| t.site == TreasureSite::Fleet(fleet.id))
        .collect();
    if !treasures.is_empty() {
        ui.label(RichText::new(tr(lang, "gui-section-treasures")).strong());
        treasures_ui(ui, &treasures, lang);
        ui.add_space(6.0);
    }

    let traces: Vec<_> = view.traces.iter().filter(|t| t.fleet == fleet.id).collect();
    if !traces.is_empty() {
        ui.label(RichText::new(tr(lang, "gui-section-traces")).strong());
        for trace in traces {
            ui.horizontal(|ui| {
                if let Some(world) = trace.world {
                    world_link(ui, known, world, &format!("M_{world}"), commands);
                }
                if let Some(from) = trace.from {
                    ui.label(tr_args(
                        lang,
                        "gui-trace-from",
                        &[("world", &format::origin(from))],
                    ));
                }
                ui.label(tr(lang, "gui-trace-to"));
                world_link(ui, known, trace.to, &format!("M_{}", trace.to), commands);
            });
        }
    }
}

/// The colour of a severity.
pub fn severity_color(ui: &egui::Ui, severity: Severity) -> Color32 {
    let visuals = ui.visuals();
    match severity {
        Severity::Error => visuals.error_fg_color,
        Severity::Warning => visuals.warn_fg_color,
        Severity::Info => visuals.hyperlink_color,
    }
}

/// A whole file, with line numbers; diagnostics' lines marked, the highlighted
/// line framed. Clicking a line selects what was read from it.
fn source_ui(
    ui: &mut egui::Ui,
    source: &SourceFile,
    role: FileRole,
    state: &mut CentralState,
    commands: &mut Vec<Command>,
) {
    ui.label(RichText::new(&source.name).strong());
    let row_height = ui.text_style_height(&egui::TextStyle::Monospace);
    let spacing = ui.spacing().item_spacing.y;
    let mut area = egui::ScrollArea::both()
        .id_salt(("source", role == FileRole::Cr))
        .auto_shrink([false, false]);
    if let Some(line) = state.scroll_to.take() {
        let offset = (line.saturating_sub(4)) as f32 * (row_height + spacing);
        area = area.vertical_scroll_offset(offset);
    }
    let highlight = state
        .highlight
        .filter(|(r, _)| *r == role)
        .map(|(_, line)| line);
    let digits = source.line_count().max(1).to_string().len();
    area.show_rows(ui, row_height, source.line_count(), |ui, range| {
        for index in range {
            let number = u32::try_from(index + 1).unwrap_or(u32::MAX);
            let job = source_line_job(ui, source, number, digits, highlight == Some(number));
            let response = ui.add(
                egui::Label::new(job)
                    .sense(Sense::click())
                    .wrap_mode(egui::TextWrapMode::Extend),
            );
            if response.clicked() {
                commands.push(Command::PickLine { role, line: number });
            }
        }
    });
}

/// One line of a file's text: its number in the gutter (coloured by the worst
/// diagnostic of the line), the text, the diagnostics' columns underlined.
fn source_line_job(
    ui: &egui::Ui,
    source: &SourceFile,
    number: u32,
    digits: usize,
    highlighted: bool,
) -> egui::text::LayoutJob {
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let visuals = ui.visuals();
    let background = if highlighted {
        visuals.selection.bg_fill
    } else {
        Color32::TRANSPARENT
    };
    let text_color = if highlighted {
        visuals.selection.stroke.color
    } else {
        visuals.text_color()
    };
    let diagnostics: Vec<_> = source
        .diagnostics
        .iter()
        .filter(|d| d.span.line == number)
        .collect();
    let worst = diagnostics.iter().map(|d| d.severity).min();
    let format = |color: Color32| egui::text::TextFormat {
        font_id: font.clone(),
        color,
        background,
        ..Default::default()
    };
    let mut job = egui::text::LayoutJob::default();
    let gutter_color = match worst {
        Some(severity) => severity_color(ui, severity),
        None => visuals.weak_text_color(),
    };
    job.append(&format!("{number:>digits$} | "), 0.0, format(gutter_color));
    // Characters of the line inside a diagnostic's span (1-based, end exclusive;
    // a point span marks one character).
    let text = source.line(number).unwrap_or_default();
    let marked = |column: usize| {
        diagnostics.iter().find(|d| {
            let start = d.span.column as usize;
            let end = (d.span.end_column as usize).max(start + 1);
            (start..end).contains(&column)
        })
    };
    let mut run = String::new();
    let mut run_mark: Option<Severity> = None;
    let flush = |job: &mut egui::text::LayoutJob, run: &mut String, mark: Option<Severity>| {
        if run.is_empty() {
            return;
        }
        let mut section = format(text_color);
        if let Some(severity) = mark {
            let color = severity_color(ui, severity);
            section.color = if highlighted { text_color } else { color };
            section.underline = egui::Stroke::new(1.5, color);
        }
        job.append(run, 0.0, section);
        run.clear();
    };
    for (index, character) in text.chars().enumerate() {
        let mark = marked(index + 1).map(|d| d.severity);
        if mark != run_mark {
            flush(&mut job, &mut run, run_mark);
            run_mark = mark;
        }
        run.push(character);
    }
    flush(&mut job, &mut run, run_mark);
    job
}
