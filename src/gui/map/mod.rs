//! The galaxy map: the torus drawn from the worlds' coordinates, with what the
//! player knows on it.
//!
//! - [`layout`]: torus geometry, approximate places for worlds without
//!   coordinates, links toward the nearest image, colours, spatial index — built
//!   once per knowledge;
//! - [`view`]: the camera (pan with wrap-around, zoom around the cursor, fit);
//! - [`draw`]: one frame painted as a few meshes;
//! - here: the panel ([`map_ui`]): toolbar, legend, hover (the CR lines), click
//!   (selects), right-click menus that append orders to the draft, route drawing.

pub mod draw;
pub mod layout;
pub mod view;

use egui::{Color32, Pos2, Rect, RichText, Sense, Vec2};
use serde::{Deserialize, Serialize};

use self::draw::{Highlights, MAX_FLEET_MARKERS, Palette, fleet_marker_pos, world_radius};
use self::layout::{LegendEntry, MapLayout, OwnerKey, Torus};
use self::view::{MapView, torus_mean};
use super::command::{Command, Selection};
use super::editor::quick::{self, OrderInput, Target};
use super::inspector;
use super::session::{LoadedTurn, Session};
use crate::i18n::{Lang, tr, tr_args};
use crate::model::knowledge::Knowledge;
use crate::model::{FleetId, WorldId};
use crate::orders::OrderKind;

/// eframe storage key of the map's settings.
pub const STORAGE_KEY: &str = "nebutil-map";

/// A fleet's route being drawn by clicking worlds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RouteDraft {
    pub fleet: FleetId,
    /// The world the fleet is at.
    pub from: WorldId,
    /// The worlds clicked, in order.
    pub worlds: Vec<WorldId>,
}

/// The map's state: settings kept between runs, and the view of this run.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct MapState {
    /// The map is the central panel (else the inspector is).
    pub shown: bool,
    /// The legend is open.
    pub legend: bool,
    #[serde(skip)]
    pub view: Option<MapView>,
    #[serde(skip)]
    layout: MapLayout,
    #[serde(skip)]
    layout_key: Option<(usize, u64)>,
    /// The map's rectangle on the last frame.
    #[serde(skip)]
    last_rect: Option<Rect>,
    /// What was right-clicked (the context menu's subject).
    #[serde(skip)]
    context: Option<Selection>,
    #[serde(skip)]
    pub route: Option<RouteDraft>,
    /// The selection seen on the last frame (a new one out of view is brought
    /// into view).
    #[serde(skip)]
    last_selection: Option<Selection>,
    /// Last frame's mesh, refilled when egui has let it go.
    #[serde(skip)]
    mesh: Option<std::sync::Arc<egui::epaint::Mesh>>,
}

impl Default for MapState {
    fn default() -> Self {
        MapState {
            shown: true,
            legend: true,
            view: None,
            layout: MapLayout::default(),
            layout_key: None,
            last_rect: None,
            context: None,
            route: None,
            last_selection: None,
            mesh: None,
        }
    }
}

impl MapState {
    /// The layout drawn.
    pub fn layout(&self) -> &MapLayout {
        &self.layout
    }

    /// Rebuilds the layout when `key` (turn shown, session generation) changed.
    pub fn refresh(&mut self, knowledge: &Knowledge, current_turn: u32, key: (usize, u64)) {
        if self.layout_key != Some(key) {
            let before = self.layout.torus;
            self.layout = MapLayout::build(knowledge, current_turn);
            self.layout_key = Some(key);
            // Another galaxy (or its size became known): fit it anew.
            if self.layout.torus != before {
                self.view = None;
            }
        }
    }

    /// Where world `id` was drawn on the last frame (screen points), if on the map.
    pub fn world_screen_pos(&self, id: WorldId) -> Option<Pos2> {
        let (rect, view, torus) = (self.last_rect?, self.view?, self.layout.torus?);
        let world = self.layout.world(id)?;
        Some(view.to_screen(&torus, rect, world.pos))
    }

    /// Where the first marker of fleet `id` was drawn on the last frame.
    pub fn fleet_screen_pos(&self, id: FleetId) -> Option<Pos2> {
        let (k, fleet) = self
            .layout
            .fleets
            .iter()
            .enumerate()
            .find(|(_, f)| f.id == id)?;
        let world = &self.layout.worlds[fleet.world as usize];
        let slot = k - world.fleets.start;
        if slot >= MAX_FLEET_MARKERS {
            return None;
        }
        let center = self.world_screen_pos(world.id)?;
        Some(fleet_marker_pos(center, self.view?.zoom, slot))
    }

    /// Fits every world known in the panel, centred on the player's worlds.
    pub fn fit(&mut self) {
        if let (Some(rect), Some(torus)) = (self.last_rect, self.layout.torus) {
            let points = self.layout.worlds.iter().map(|w| w.pos);
            self.view = Some(MapView::fit_points(&torus, rect, self.home(&torus), points));
        }
    }

    /// The middle of the player's worlds (else of every world placed exactly).
    fn home(&self, torus: &Torus) -> Pos2 {
        let worlds = &self.layout.worlds;
        let mine = worlds.iter().filter(|w| w.owner == OwnerKey::Me);
        torus_mean(torus, mine.map(|w| w.pos))
            .or_else(|| {
                torus_mean(
                    torus,
                    worlds.iter().filter(|w| !w.approximate).map(|w| w.pos),
                )
            })
            .or_else(|| torus_mean(torus, worlds.iter().map(|w| w.pos)))
            .unwrap_or(Pos2::new(torus.width / 2.0, torus.height / 2.0))
    }

    /// What is under screen point `s`: a fleet marker first, then a world.
    pub fn hit(&self, s: Pos2) -> Option<Selection> {
        let (rect, view, torus) = (self.last_rect?, self.view?, self.layout.torus?);
        let p = view.from_screen(&torus, rect, s);
        let r_points = world_radius(view.zoom) + 3.0;
        // Fleet markers extend to the right of their world.
        let reach = (r_points + 6.0 + MAX_FLEET_MARKERS as f32 * 11.0) / view.zoom;
        let marker = draw::fleet_marker_size(view.zoom) + 2.0;
        let mut best_fleet: Option<(f32, FleetId)> = None;
        for world in self.worlds_near(p, reach) {
            let w = &self.layout.worlds[world];
            let center = view.to_screen(&torus, rect, w.pos);
            for (k, fleet) in self.layout.fleets[w.fleets.clone()]
                .iter()
                .take(MAX_FLEET_MARKERS)
                .enumerate()
            {
                let d = fleet_marker_pos(center, view.zoom, k).distance(s);
                if d <= marker && best_fleet.is_none_or(|(bd, _)| d < bd) {
                    best_fleet = Some((d, fleet.id));
                }
            }
        }
        if let Some((_, id)) = best_fleet {
            return Some(Selection::Fleet(id));
        }
        self.hit_world(s).map(Selection::World)
    }

    /// The world under screen point `s`, ignoring fleet markers.
    pub fn hit_world(&self, s: Pos2) -> Option<WorldId> {
        let (rect, view, torus) = (self.last_rect?, self.view?, self.layout.torus?);
        let p = view.from_screen(&torus, rect, s);
        let radius = (world_radius(view.zoom) + 3.0) / view.zoom;
        self.layout.world_at(p, radius).map(|w| w.id)
    }

    /// Indices of the worlds within `radius` (radar units) of `p`, by distance.
    fn worlds_near(&self, p: Pos2, radius: f32) -> Vec<usize> {
        let Some(torus) = self.layout.torus else {
            return Vec::new();
        };
        let mut out: Vec<(f32, usize)> = self
            .layout
            .worlds
            .iter()
            .enumerate()
            .filter_map(|(i, w)| {
                let d = torus.distance(p, w.pos);
                (d <= radius && !w.fleets.is_empty()).then_some((d, i))
            })
            .collect();
        out.sort_by(|a, b| a.0.total_cmp(&b.0));
        out.into_iter().map(|(_, i)| i).collect()
    }
}

/// What the map panel reads.
pub struct MapInput<'a> {
    pub knowledge: &'a Knowledge,
    /// The loaded turns (the hover shows a world's lines from the CR that last
    /// described it).
    pub session: &'a Session,
    pub selection: Option<Selection>,
    pub lang: Lang,
    /// The draft and the proposals of the menus.
    pub orders: OrderInput<'a>,
}

/// The map panel: toolbar, the map, its legend.
pub fn map_ui(
    ui: &mut egui::Ui,
    input: &MapInput<'_>,
    state: &mut MapState,
    commands: &mut Vec<Command>,
) {
    toolbar_ui(ui, input, state, commands);
    // The panel's own room (never more: the panels beside it are drawn first).
    let room = ui.available_size().min(ui.max_rect().max - ui.cursor().min);
    let (rect, response) = ui.allocate_exact_size(room, Sense::click_and_drag());
    let lang = input.lang;
    response.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Canvas, true, tr(lang, "gui-map-title"))
    });
    state.last_rect = Some(rect);
    let Some(torus) = state.layout.torus else {
        return;
    };
    if state.view.is_none() {
        state.fit();
    }
    let Some(mut view) = state.view else { return };

    // Pan, zoom.
    if response.dragged_by(egui::PointerButton::Primary)
        || response.dragged_by(egui::PointerButton::Middle)
    {
        view.pan(&torus, response.drag_delta());
    }
    if let Some(pointer) = response.hover_pos() {
        let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta, i.zoom_delta()));
        let factor = zoom * (scroll.y * 0.0025).exp();
        if (factor - 1.0).abs() > 1e-4 {
            view.zoom_at(&torus, rect, pointer, factor);
        }
    }
    // A world or fleet selected elsewhere (lists, inspector) and out of view:
    // the map moves to it.
    if input.selection != state.last_selection {
        state.last_selection = input.selection;
        let world = match input.selection {
            Some(Selection::World(id)) => Some(id),
            Some(Selection::Fleet(id)) => input
                .knowledge
                .fleet(id)
                .and_then(|f| f.world.as_ref())
                .map(|w| w.value),
            None => None,
        };
        if let Some(w) = world.and_then(|id| state.layout.world(id))
            && !rect
                .shrink(24.0)
                .contains(view.to_screen(&torus, rect, w.pos))
        {
            view.center = w.pos;
        }
    }
    state.view = Some(view);

    let hovered = response.hover_pos().and_then(|p| state.hit(p));
    if response.clicked()
        && let Some(pos) = response.interact_pointer_pos()
    {
        // While drawing a route, clicks pick worlds only (not the fleets beside).
        let target = match state.route {
            Some(_) => state.hit_world(pos).map(Selection::World),
            None => state.hit(pos),
        };
        match (target, &mut state.route) {
            (Some(Selection::World(id)), Some(route)) => route.worlds.push(id),
            (Some(target), None) => commands.push(Command::Select(Some(target))),
            _ => {}
        }
    }
    if response.secondary_clicked() {
        state.context = response.interact_pointer_pos().and_then(|p| state.hit(p));
    }

    let mut highlights = Highlights::default();
    match input.selection {
        Some(Selection::World(id)) => highlights.selected_world = Some(id),
        Some(Selection::Fleet(id)) => highlights.selected_fleet = Some(id),
        None => {}
    }
    match hovered {
        Some(Selection::World(id)) => highlights.hovered_world = Some(id),
        Some(Selection::Fleet(id)) => highlights.hovered_fleet = Some(id),
        None => {}
    }
    if let Some(route) = &state.route {
        highlights.route = std::iter::once(route.from)
            .chain(route.worlds.iter().copied())
            .collect();
    }
    let palette = Palette::new(ui.visuals().dark_mode);
    let painter = ui.painter_at(rect);
    draw::paint(
        &painter,
        &state.layout,
        &view,
        rect,
        &palette,
        &highlights,
        &mut state.mesh,
    );

    if state.legend {
        legend_ui(ui, rect, &state.layout.legend, input, &palette);
    }
    if let Some(target) = hovered {
        response
            .clone()
            .on_hover_ui_at_pointer(|ui| hover_ui(ui, input, &state.layout, target));
    }
    let context = state.context;
    let route = &mut state.route;
    response.context_menu(|ui| {
        context_menu_ui(ui, input, context, route, commands);
    });
}

/// Above the map: fit, zoom, legend, counts, the route being drawn.
fn toolbar_ui(
    ui: &mut egui::Ui,
    input: &MapInput<'_>,
    state: &mut MapState,
    commands: &mut Vec<Command>,
) {
    let lang = input.lang;
    // Wrapped: on a narrow panel the toolbar must not widen the map over the
    // panels beside it.
    ui.horizontal_wrapped(|ui| {
        if ui.button(tr(lang, "gui-map-fit")).clicked() {
            state.fit();
        }
        let zoom_by = |state: &mut MapState, factor: f32| {
            if let (Some(view), Some(torus), Some(rect)) =
                (&mut state.view, state.layout.torus, state.last_rect)
            {
                view.zoom_at(&torus, rect, rect.center(), factor);
            }
        };
        if ui
            .button("+")
            .on_hover_text(tr(lang, "gui-map-zoom-in"))
            .clicked()
        {
            zoom_by(state, 1.5);
        }
        if ui
            .button("−")
            .on_hover_text(tr(lang, "gui-map-zoom-out"))
            .clicked()
        {
            zoom_by(state, 1.0 / 1.5);
        }
        ui.toggle_value(&mut state.legend, tr(lang, "gui-map-legend"));
        let layout = &state.layout;
        ui.weak(tr_args(
            lang,
            "gui-map-counts",
            &[
                ("worlds", &layout.worlds.len().to_string()),
                ("links", &layout.links.len().to_string()),
            ],
        ));
        if let Some(torus) = layout.torus {
            if torus.wraps {
                ui.weak(format!("{}×{}", torus.width, torus.height));
            } else {
                ui.weak(tr(lang, "gui-map-no-size"));
            }
        }
    });
    if let Some(route) = state.route.clone() {
        let mut text = format!("F_{} : M_{}", route.fleet, route.from);
        for w in &route.worlds {
            text.push_str(&format!(" → M_{w}"));
        }
        let (enter, escape) = ui.input(|i| {
            (
                i.key_pressed(egui::Key::Enter),
                i.key_pressed(egui::Key::Escape),
            )
        });
        let mut done = false;
        let mut undo = false;
        let mut cancel = escape;
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(tr(lang, "gui-map-route")).strong());
            ui.monospace(text);
            done = ui
                .add_enabled(
                    !route.worlds.is_empty(),
                    egui::Button::new(tr(lang, "gui-map-route-ok")),
                )
                .clicked()
                || (enter && !route.worlds.is_empty());
            cancel |= ui.button(tr(lang, "gui-map-route-cancel")).clicked();
            undo = ui.button(tr(lang, "gui-map-route-undo")).clicked();
        });
        if undo && let Some(route) = &mut state.route {
            route.worlds.pop();
        }
        // A hop that is not a known connection: said, not refused (the validator
        // judges the order).
        if let Some(route) = &state.route {
            let mut from = route.from;
            for &to in &route.worlds {
                if !state.layout.neighbours(from).contains(&to) {
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        tr_args(
                            lang,
                            "gui-map-route-not-connected",
                            &[("world", &to.to_string()), ("from", &from.to_string())],
                        ),
                    );
                }
                from = to;
            }
        }
        if done && let Some(route) = state.route.take() {
            let order = OrderKind::Move {
                fleet: route.fleet,
                route: route.worlds,
            };
            commands.push(Command::AppendOrder(order.to_string()));
        } else if cancel {
            state.route = None;
        }
    }
}

/// Owners listed in the legend (the others are counted).
const LEGEND_OWNERS: usize = 10;

/// The owners' colours and the markers, in the map's top-left corner.
fn legend_ui(
    ui: &mut egui::Ui,
    rect: Rect,
    legend: &[LegendEntry],
    input: &MapInput<'_>,
    palette: &Palette,
) {
    let lang = input.lang;
    let area = Rect::from_min_size(
        rect.min + Vec2::splat(8.0),
        Vec2::new(230.0, rect.height() - 16.0),
    );
    let mut child = ui.new_child(egui::UiBuilder::new().max_rect(area));
    egui::Frame::popup(child.style())
        .multiply_with_opacity(0.92)
        .show(&mut child, |ui| {
            ui.set_max_width(220.0);
            let me = input.knowledge.player.as_ref().map(|p| p.name.clone());
            for entry in legend.iter().take(LEGEND_OWNERS) {
                let name = match &entry.owner {
                    OwnerKey::Me => tr_args(
                        lang,
                        "gui-map-legend-me",
                        &[("name", me.as_deref().unwrap_or("?"))],
                    ),
                    OwnerKey::Player(name) => name.clone(),
                    OwnerKey::Neutral => tr(lang, "gui-map-legend-neutral"),
                    OwnerKey::Unknown => tr(lang, "gui-map-legend-unknown"),
                };
                ui.horizontal(|ui| {
                    swatch(ui, entry.color, Marker::Disc);
                    ui.label(name).on_hover_text(tr_args(
                        lang,
                        "gui-map-legend-counts",
                        &[
                            ("worlds", &entry.worlds.to_string()),
                            ("fleets", &entry.fleets.to_string()),
                        ],
                    ));
                    ui.weak(format!("{} · {}", entry.worlds, entry.fleets));
                });
            }
            if legend.len() > LEGEND_OWNERS {
                ui.weak(tr_args(
                    lang,
                    "gui-map-legend-more",
                    &[("count", &(legend.len() - LEGEND_OWNERS).to_string())],
                ));
            }
            let grey = palette.text;
            egui::CollapsingHeader::new(tr(lang, "gui-map-legend-symbols"))
                .id_salt("map-legend-symbols")
                .default_open(false)
                .show(ui, |ui| {
                    for (marker, id) in [
                        (Marker::Approximate, "gui-map-legend-approximate"),
                        (Marker::BlackHole, "gui-map-legend-black-hole"),
                        (Marker::Start, "gui-map-legend-start"),
                        (Marker::Bombed, "gui-map-legend-bombed"),
                        (Marker::Pillaged, "gui-map-legend-pillaged"),
                        (Marker::Fleet, "gui-map-legend-fleet"),
                        (Marker::Trace, "gui-map-legend-trace"),
                        (Marker::Faded, "gui-map-legend-faded"),
                    ] {
                        ui.horizontal(|ui| {
                            swatch(ui, grey, marker);
                            ui.label(tr(lang, id));
                        });
                    }
                });
        });
}

#[derive(Clone, Copy)]
enum Marker {
    Disc,
    Approximate,
    BlackHole,
    Start,
    Bombed,
    Pillaged,
    Fleet,
    Trace,
    Faded,
}

/// A small picture of a marker, as the map draws it.
fn swatch(ui: &mut egui::Ui, color: Color32, marker: Marker) {
    let (rect, _) = ui.allocate_exact_size(Vec2::new(18.0, 14.0), Sense::hover());
    let painter = ui.painter();
    let c = rect.center();
    let r = 5.0;
    match marker {
        Marker::Disc => {
            painter.circle_filled(c, r, color);
        }
        Marker::Approximate => {
            painter.circle_stroke(c, r, (1.2, color));
            painter.circle_filled(c, r * 0.45, color.gamma_multiply(0.7));
        }
        Marker::BlackHole => {
            painter.circle(
                c,
                r,
                Color32::from_rgb(8, 4, 14),
                (1.5, Color32::from_rgb(160, 90, 230)),
            );
        }
        Marker::Start => {
            painter.circle_filled(c, r - 1.5, color);
            painter.circle_stroke(c, r + 1.0, (1.2, color));
        }
        Marker::Bombed => {
            painter.circle_filled(c, r, color.gamma_multiply(0.5));
            let red = Color32::from_rgb(230, 40, 40);
            let d = r * 0.8;
            painter.line_segment([c + Vec2::new(-d, -d), c + Vec2::new(d, d)], (1.8, red));
            painter.line_segment([c + Vec2::new(-d, d), c + Vec2::new(d, -d)], (1.8, red));
        }
        Marker::Pillaged => {
            painter.circle_filled(c, r, color.gamma_multiply(0.5));
            painter.circle_filled(
                c + Vec2::new(-r * 0.9, -r * 0.9),
                2.2,
                Color32::from_rgb(255, 150, 20),
            );
        }
        Marker::Fleet => {
            let s = 4.0;
            painter.add(egui::Shape::convex_polygon(
                vec![
                    c + Vec2::new(s, 0.0),
                    c + Vec2::new(-s, -s),
                    c + Vec2::new(-s, s),
                ],
                color,
                egui::Stroke::NONE,
            ));
        }
        Marker::Trace => {
            painter.arrow(c - Vec2::new(7.0, 0.0), Vec2::new(14.0, 0.0), (1.5, color));
        }
        Marker::Faded => {
            painter.circle_filled(c - Vec2::new(4.0, 0.0), 3.5, color);
            painter.circle_filled(c + Vec2::new(4.0, 0.0), 3.5, color.gamma_multiply(0.3));
        }
    }
}

/// The loaded turn whose CR has number `turn`.
fn turn_numbered<'a>(input: &MapInput<'a>, turn: u32) -> Option<&'a LoadedTurn> {
    input
        .session
        .turns()
        .iter()
        .find(|t| t.view.turn == Some(turn))
}

/// The tooltip of a world or fleet: its CR lines, verbatim, from the last turn
/// that described it.
fn hover_ui(ui: &mut egui::Ui, input: &MapInput<'_>, layout: &MapLayout, target: Selection) {
    let lang = input.lang;
    let current = layout.current_turn;
    const MAX_LINES: usize = 12;
    match target {
        Selection::World(id) => {
            let Some(world) = input.knowledge.world(id) else {
                return;
            };
            let described = world.last_described;
            let lines: Vec<String> = described
                .and_then(|t| turn_numbered(input, t))
                .and_then(|turn| {
                    let w = turn.view.world(id)?;
                    Some(
                        inspector::world_lines(&turn.view, &turn.cr, w)
                            .into_iter()
                            .filter_map(|n| turn.cr.line(n).map(str::to_string))
                            .collect(),
                    )
                })
                .unwrap_or_default();
            ui.label(RichText::new(format!("M_{id}")).strong());
            show_lines(ui, &lines, MAX_LINES);
            match described {
                Some(t) => {
                    if t < current || lines.is_empty() {
                        ui.weak(tr_args(
                            lang,
                            "gui-map-seen",
                            &[
                                ("turn", &t.to_string()),
                                ("age", &(current.saturating_sub(t)).to_string()),
                            ],
                        ));
                    }
                }
                None => {
                    let by = world.revealed_by.as_ref().map(|s| s.value.to_string());
                    ui.weak(tr_args(
                        lang,
                        "gui-map-never-described",
                        &[("world", by.as_deref().unwrap_or("?"))],
                    ));
                }
            }
            if layout.world(id).is_some_and(|w| w.approximate) {
                ui.weak(tr(lang, "gui-map-approximate"));
            } else if layout.world(id).is_some_and(|w| w.radar) {
                ui.weak(tr(lang, "gui-map-radar"));
            }
        }
        Selection::Fleet(id) => {
            let Some(fleet) = input.knowledge.fleet(id) else {
                return;
            };
            let lines: Vec<String> = turn_numbered(input, fleet.last_seen)
                .and_then(|turn| {
                    let f = turn.view.fleet(id)?;
                    Some(
                        inspector::fleet_lines(&turn.view, f)
                            .into_iter()
                            .filter_map(|n| turn.cr.line(n).map(str::to_string))
                            .collect(),
                    )
                })
                .unwrap_or_default();
            ui.label(RichText::new(format!("F_{id}")).strong());
            show_lines(ui, &lines, MAX_LINES);
            if fleet.last_seen < current || lines.is_empty() {
                ui.weak(tr_args(
                    lang,
                    "gui-map-seen",
                    &[
                        ("turn", &fleet.last_seen.to_string()),
                        ("age", &current.saturating_sub(fleet.last_seen).to_string()),
                    ],
                ));
            }
        }
    }
}

fn show_lines(ui: &mut egui::Ui, lines: &[String], max: usize) {
    for line in lines.iter().take(max) {
        // CR lines are shown whole, as in the file.
        ui.add(egui::Label::new(RichText::new(line).monospace()).extend());
    }
    if lines.len() > max {
        ui.weak("…");
    }
}

/// The right-click menu of the map: the orders proposed for the world or fleet
/// clicked ([`crate::orders::propose`], one submenu per group), "send a fleet
/// here" on a world, and drawing a route for a fleet.
fn context_menu_ui(
    ui: &mut egui::Ui,
    input: &MapInput<'_>,
    context: Option<Selection>,
    route: &mut Option<RouteDraft>,
    commands: &mut Vec<Command>,
) {
    let lang = input.lang;
    let knowledge = input.knowledge;
    match context {
        None => {
            ui.weak(tr(lang, "gui-map-menu-nothing"));
        }
        Some(Selection::World(id)) => {
            ui.label(RichText::new(format!("M_{id}")).strong());
            if ui.button(tr(lang, "gui-map-menu-inspect")).clicked() {
                commands.push(Command::Select(Some(Selection::World(id))));
                ui.close();
            }
            ui.separator();
            let mut proposals: Vec<_> = input.orders.proposals(Target::World(id)).to_vec();
            proposals.extend(input.orders.proposals(Target::SendHere(id)).iter().cloned());
            quick::group_menus_ui(ui, &proposals, lang, commands);
        }
        Some(Selection::Fleet(id)) => {
            ui.label(RichText::new(format!("F_{id}")).strong());
            if ui.button(tr(lang, "gui-map-menu-inspect")).clicked() {
                commands.push(Command::Select(Some(Selection::Fleet(id))));
                ui.close();
            }
            ui.separator();
            let proposals = input.orders.proposals(Target::Fleet(id));
            let at = knowledge
                .fleet(id)
                .and_then(|f| f.world.as_ref())
                .map(|w| w.value);
            let (false, Some(at)) = (proposals.is_empty(), at) else {
                ui.weak(tr(lang, "gui-map-menu-not-yours"));
                return;
            };
            quick::group_menus_ui(ui, &proposals, lang, commands);
            if ui.button(tr(lang, "gui-map-menu-route")).clicked() {
                *route = Some(RouteDraft {
                    fleet: id,
                    from: at,
                    worlds: Vec::new(),
                });
                ui.close();
            }
        }
    }
}
