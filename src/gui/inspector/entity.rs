//! The inspector's drawing of a world or a fleet: the facts computed in
//! `facts.rs`, drawn as a heading, the order menus, the CR lines, a grid, and
//! the lists of what is on it, with links to the worlds and fleets named.

use egui::{RichText, Sense};

use super::facts::{self, Fact};
use super::{fleet_lines, world_lines};
use crate::gui::command::{Command, Selection};
use crate::gui::context::UiContext;
use crate::gui::editor::quick::{self, OrderInput};
use crate::gui::format::{self, UNKNOWN};
use crate::gui::session::{FileRole, SourceFile};
use crate::i18n::{tr, tr_args};
use crate::model::view::{Connection, FleetView, TraceView, TreasureSite, TreasureView, WorldView};
use crate::resolve::partial::{Field, Item, Key as ValueKey};

/// A world described by the turn shown.
pub fn world_ui(
    ui: &mut egui::Ui,
    cx: &mut UiContext<'_>,
    orders: &OrderInput<'_>,
    world: &WorldView,
) {
    let Some(turn) = cx.turn() else {
        return;
    };
    let view = &turn.view;
    let first_described = cx
        .knowledge
        .world(world.id)
        .and_then(|k| k.first_described)
        .filter(|first| Some(*first) < view.turn);
    let facts = facts::world_facts(world, first_described, cx.lang);
    ui.heading(&facts.title);
    if !facts.flags.is_empty() {
        ui.label(RichText::new(facts.flags.join(" · ")).italics());
    }
    if let Some(knowers) = cx.knowers {
        knowers_ui(
            ui,
            view,
            knowers.get(&world.id).map_or(&[][..], Vec::as_slice),
            cx.lang,
        );
    }
    let lang = cx.lang;
    quick::world_orders_ui(ui, cx, orders, world.id);
    ui.add_space(4.0);
    ui.label(RichText::new(tr(lang, "gui-section-cr-lines")).strong());
    cr_lines_ui(ui, cx, &turn.cr, &world_lines(view, &turn.cr, world));
    ui.add_space(6.0);
    if world.black_hole {
        return;
    }
    ui.label(RichText::new(tr(lang, "gui-section-facts")).strong());
    facts_grid_ui(ui, "world-facts", |ui| {
        fact_row(ui, cx, &facts.owner, Some(Item::World(world.id)));
        ui.label(RichText::new(tr(lang, "gui-fact-connections")).weak());
        match &world.connections {
            Some(connections) => connections_ui(ui, cx, connections),
            None => unknown_ui(ui, cx),
        }
        ui.end_row();
        for fact in &facts.rows {
            fact_row(ui, cx, fact, Some(Item::World(world.id)));
        }
    });
    ui.add_space(6.0);
    let on = facts::on_world(view, world.id);
    world_fleets_ui(ui, cx, &on.fleets);
    ui.add_space(6.0);
    if !on.traces.is_empty() {
        ui.label(RichText::new(tr(lang, "gui-section-traces")).strong());
        for trace in on.traces {
            ui.horizontal(|ui| arriving_trace_ui(ui, cx, trace));
        }
        ui.add_space(6.0);
    }
    if !on.treasures.is_empty() {
        ui.label(RichText::new(tr(lang, "gui-section-treasures")).strong());
        treasures_ui(ui, cx, &on.treasures);
    }
}

/// The fleets on a world: link, owner, ships, cargo.
fn world_fleets_ui(ui: &mut egui::Ui, cx: &mut UiContext<'_>, fleets: &[&FleetView]) {
    ui.label(RichText::new(cx.tr("gui-section-fleets")).strong());
    if fleets.is_empty() {
        ui.weak(cx.tr("gui-none"));
        return;
    }
    egui::Grid::new("world-fleets")
        .num_columns(4)
        .striped(true)
        .spacing([16.0, 4.0])
        .show(ui, |ui| {
            for fleet in fleets {
                fleet_link(ui, cx, fleet);
                ui.label(format::fleet_owner(fleet));
                ui.label(format::ships(fleet));
                ui.label(format::cargo(fleet.cargo.as_ref()));
                ui.end_row();
            }
        });
}

/// A trace ending on the world shown: `F_57 "Maxtor" du M_3 vers M_12`.
fn arriving_trace_ui(ui: &mut egui::Ui, cx: &mut UiContext<'_>, trace: &TraceView) {
    let lang = cx.lang;
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
    world_link(ui, cx, trace.to, &format!("M_{}", trace.to));
    if trace.ambushed {
        ui.label(tr(lang, "gui-fire-ambush"));
    }
}

/// A fleet listed by the turn shown.
pub fn fleet_ui(
    ui: &mut egui::Ui,
    cx: &mut UiContext<'_>,
    orders: &OrderInput<'_>,
    fleet: &FleetView,
) {
    let Some(turn) = cx.turn() else {
        return;
    };
    let view = &turn.view;
    let lang = cx.lang;
    ui.heading(format::fleet_id(fleet));
    if fleet.bomb {
        ui.label(RichText::new(tr(lang, "gui-flag-bomb")).italics());
    }
    quick::fleet_orders_ui(ui, cx, orders, fleet.id);
    ui.add_space(4.0);
    ui.label(RichText::new(tr(lang, "gui-section-cr-lines")).strong());
    cr_lines_ui(ui, cx, &turn.cr, &fleet_lines(view, fleet));
    ui.add_space(6.0);

    ui.label(RichText::new(tr(lang, "gui-section-facts")).strong());
    let facts = facts::fleet_facts(fleet, lang);
    facts_grid_ui(ui, "fleet-facts", |ui| {
        fact_row(ui, cx, &facts.owner, Some(Item::Fleet(fleet.id)));
        ui.label(RichText::new(tr(lang, "gui-fact-world")).weak());
        match fleet.world {
            Some(id) => world_link(ui, cx, id, &format!("M_{id}")),
            None => unknown_ui(ui, cx),
        }
        ui.end_row();
        for fact in &facts.rows {
            fact_row(ui, cx, fact, Some(Item::Fleet(fleet.id)));
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
        treasures_ui(ui, cx, &treasures);
        ui.add_space(6.0);
    }
    let traces: Vec<_> = view.traces.iter().filter(|t| t.fleet == fleet.id).collect();
    if !traces.is_empty() {
        ui.label(RichText::new(tr(lang, "gui-section-traces")).strong());
        for trace in traces {
            ui.horizontal(|ui| fleet_trace_ui(ui, cx, trace));
        }
    }
}

/// A trace of the fleet shown: `M_3 du M_1 vers M_12`.
fn fleet_trace_ui(ui: &mut egui::Ui, cx: &mut UiContext<'_>, trace: &TraceView) {
    if let Some(world) = trace.world {
        world_link(ui, cx, world, &format!("M_{world}"));
    }
    if let Some(from) = trace.from {
        ui.label(tr_args(
            cx.lang,
            "gui-trace-from",
            &[("world", &format::origin(from))],
        ));
    }
    ui.label(cx.tr("gui-trace-to"));
    world_link(ui, cx, trace.to, &format!("M_{}", trace.to));
}

/// The heading of a world or fleet the current turn does not show.
fn not_on_this_turn_ui(ui: &mut egui::Ui, cx: &UiContext<'_>, title: &str) {
    ui.heading(title);
    let text = tr_args(cx.lang, "gui-not-on-this-turn", &[("id", title)]);
    ui.label(RichText::new(text).italics());
}

/// A world this turn does not describe: what the player knew of it then.
pub fn known_world_ui(ui: &mut egui::Ui, cx: &mut UiContext<'_>, id: u32) {
    let lang = cx.lang;
    not_on_this_turn_ui(ui, cx, &format!("M_{id}"));
    let Some(world) = cx.knowledge.world(id) else {
        return;
    };
    ui.add_space(4.0);
    if let Some(revealed) = &world.revealed_by {
        ui.horizontal(|ui| {
            ui.label(tr(lang, "gui-revealed-by"));
            world_link(ui, cx, revealed.value, &format!("M_{}", revealed.value));
            ui.label(format!("({})", seen_turn(cx, revealed.turn)));
        });
    }
    match world.last_described {
        None => {
            ui.weak(tr(lang, "gui-never-described"));
        }
        Some(last) => match cx.knowledge.source_name(world.described_by) {
            None => {
                ui.label(tr_args(
                    lang,
                    "gui-last-described",
                    &[("turn", &last.to_string())],
                ));
            }
            Some(ally) => {
                let only = world.only_ally_saw();
                ui.label(
                    RichText::new(tr_args(
                        lang,
                        if only {
                            "gui-described-by-ally-only"
                        } else {
                            "gui-described-by-ally"
                        },
                        &[("turn", &last.to_string()), ("ally", ally)],
                    ))
                    .color(ui.visuals().hyperlink_color),
                );
            }
        },
    }
    ui.add_space(6.0);
    ui.label(RichText::new(tr(lang, "gui-section-last-known")).strong());
    let rows = facts::known_world_facts(world, lang, cx.knowledge.allies());
    facts_grid_ui(ui, "known-world-facts", |ui| {
        for fact in &rows {
            fact_row(ui, cx, fact, None);
        }
    });
    let fleets: Vec<_> = cx.knowledge.fleets_last_seen_at(id).collect();
    if fleets.is_empty() {
        return;
    }
    ui.add_space(6.0);
    ui.label(RichText::new(tr(lang, "gui-section-fleets-last-seen")).strong());
    for fleet in fleets {
        ui.horizontal(|ui| {
            if ui.link(format!("F_{}", fleet.id)).clicked() {
                cx.send(Command::Select(Some(Selection::Fleet(fleet.id))));
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
            ui.label(facts::seen_when(
                lang,
                cx.knowledge.allies(),
                fleet.last_seen,
                fleet.seen_by,
            ));
        });
    }
}

/// A fleet this turn does not list: where and how it was last seen.
pub fn known_fleet_ui(ui: &mut egui::Ui, cx: &mut UiContext<'_>, id: u32) {
    let lang = cx.lang;
    not_on_this_turn_ui(ui, cx, &format!("F_{id}"));
    let Some(fleet) = cx.knowledge.fleet(id) else {
        return;
    };
    ui.add_space(6.0);
    ui.label(RichText::new(tr(lang, "gui-section-last-known")).strong());
    let rows = facts::known_fleet_facts(&fleet, lang, cx.knowledge.allies());
    facts_grid_ui(ui, "known-fleet-facts", |ui| {
        ui.label(RichText::new(tr(lang, "gui-fact-world")).weak());
        match &fleet.world {
            Some(world) => {
                ui.horizontal(|ui| {
                    world_link(ui, cx, world.value, &format!("M_{}", world.value));
                    ui.label(format!(
                        "({})",
                        facts::seen_when(lang, cx.knowledge.allies(), world.turn, world.source)
                    ));
                });
            }
            None => unknown_ui(ui, cx),
        }
        ui.end_row();
        for fact in &rows {
            fact_row(ui, cx, fact, None);
        }
    });
}

/// `tour 7`.
fn seen_turn(cx: &UiContext<'_>, turn: u32) -> String {
    tr_args(cx.lang, "gui-seen-turn", &[("turn", &turn.to_string())])
}

/// The lines of a file, verbatim, with their numbers; a click on one jumps to it.
fn cr_lines_ui(ui: &mut egui::Ui, cx: &mut UiContext<'_>, source: &SourceFile, lines: &[u32]) {
    if lines.is_empty() {
        ui.weak(cx.tr("gui-no-cr-line"));
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
                .on_hover_text(cx.tr("gui-show-in-text"));
            if response.clicked() {
                cx.send(Command::JumpTo {
                    role: FileRole::Cr,
                    line: number,
                });
            }
        }
    });
}

/// A two-column grid of facts, striped.
fn facts_grid_ui(ui: &mut egui::Ui, id: &str, add_contents: impl FnOnce(&mut egui::Ui)) {
    egui::Grid::new(id)
        .num_columns(2)
        .striped(true)
        .spacing([16.0, 4.0])
        .show(ui, add_contents);
}

/// A fact of the grid: label, then value (faint `?` when unknown). On the
/// predicted turn, a value of `item` the odds found random reads "≈ 63", its
/// outcomes on hover.
fn fact_row(ui: &mut egui::Ui, cx: &UiContext<'_>, fact: &Fact, item: Option<Item>) {
    ui.label(RichText::new(cx.tr(fact.label)).weak());
    let field = match fact.label {
        "gui-fact-industries" => Some(Field::Industries),
        "gui-fact-vi" => Some(Field::Vi),
        "gui-fact-population" => Some(Field::Population),
        "gui-fact-vp" => Some(Field::Vp),
        "gui-fact-mp" => Some(Field::Mp),
        "gui-fact-mining" => Some(Field::Mining),
        "gui-fact-vc" => Some(Field::Vc),
        "gui-fact-vt" => Some(Field::Vt),
        _ => None,
    };
    let odds = item.zip(field).and_then(|(item, field)| {
        cx.uncertain?
            .get(&ValueKey { item, field })
            .zip(Some(field))
    });
    match (&fact.value, odds) {
        (Some(value), Some((d, field))) => {
            let spread = crate::gui::preview::spread_text(d, field, cx.lang);
            ui.label(format!("≈ {value}"))
                .on_hover_text(crate::i18n::tr_args(
                    cx.lang,
                    "gui-predicted-spread",
                    &[("spread", &spread)],
                ));
        }
        (Some(value), None) => {
            ui.label(value);
        }
        (None, _) => unknown_ui(ui, cx),
    }
    ui.end_row();
}

/// An unknown value: a faint `?` explained on hover.
fn unknown_ui(ui: &mut egui::Ui, cx: &UiContext<'_>) {
    ui.weak(UNKNOWN).on_hover_text(cx.tr("gui-unknown-hint"));
}

/// A link to a world when the inspector can show it (the turn describes it
/// or the player's knowledge holds it), plain text otherwise.
fn world_link(ui: &mut egui::Ui, cx: &mut UiContext<'_>, id: u32, text: &str) {
    let known =
        cx.view().is_some_and(|v| v.world(id).is_some()) || cx.knowledge.world(id).is_some();
    if known {
        if ui.link(text).clicked() {
            cx.send(Command::Select(Some(Selection::World(id))));
        }
    } else {
        ui.label(text);
    }
}

fn fleet_link(ui: &mut egui::Ui, cx: &mut UiContext<'_>, fleet: &FleetView) {
    if ui.link(format::fleet_id(fleet)).clicked() {
        cx.send(Command::Select(Some(Selection::Fleet(fleet.id))));
    }
}

fn connections_ui(ui: &mut egui::Ui, cx: &mut UiContext<'_>, connections: &[Connection]) {
    ui.horizontal_wrapped(|ui| {
        for connection in connections {
            let text = if connection.black_hole {
                format!("M_{}@", connection.world)
            } else {
                format!("M_{}", connection.world)
            };
            world_link(ui, cx, connection.world, &text);
        }
    });
}

fn treasures_ui(ui: &mut egui::Ui, cx: &UiContext<'_>, treasures: &[&TreasureView]) {
    for treasure in treasures {
        let name = format!("T_{} <{}>", treasure.id, treasure.name);
        let response = ui.monospace(name);
        if treasure.kind.is_none() {
            response.on_hover_text(cx.tr("gui-treasure-unknown-kind"));
        }
    }
}

/// On the arbiter's galaxy: who knows this world (players whose CR of the turn
/// describes it), by number and name.
fn knowers_ui(
    ui: &mut egui::Ui,
    view: &crate::model::view::TurnView,
    knowers: &[crate::model::PlayerId],
    lang: crate::i18n::Lang,
) {
    use crate::i18n::{tr, tr_args};
    if knowers.is_empty() {
        ui.label(tr(lang, "gui-inspector-knowers-none"));
        return;
    }
    let names: Vec<String> = knowers
        .iter()
        .map(|id| {
            let name = view
                .known_players
                .iter()
                .find(|p| p.number == Some(id.0))
                .map(|p| p.name.as_str())
                .unwrap_or("?");
            tr_args(
                lang,
                "gui-inspector-knower",
                &[("number", &id.0.to_string()), ("name", name)],
            )
        })
        .collect();
    ui.label(tr_args(
        lang,
        "gui-inspector-knowers",
        &[("players", &names.join(", "))],
    ));
}
