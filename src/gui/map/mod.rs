//! The galaxy map: the torus drawn from the worlds' coordinates, with what the
//! player knows on it.
//!
//! - [`layout`]: torus geometry, a stable graph layout for worlds without
//!   coordinates, links toward the nearest image, colours, fleet badges, spatial
//!   index — built once per knowledge;
//! - [`view`]: the camera (pan with wrap-around, zoom around the cursor, fit to
//!   the smallest window holding what the player knows);
//! - [`draw`]: one frame: labels and badges placed without overlaps, painted as
//!   a few meshes;
//! - here: the panel ([`map_ui`]): toolbar, legend, hover (the CR lines), click
//!   (selects), right-click menus that append orders to the draft, route drawing.

pub mod draft;
pub mod draw;
pub mod layout;
pub mod view;

use egui::{Color32, Pos2, Rect, RichText, Sense, Vec2};
use serde::{Deserialize, Serialize};

use self::draw::{
    AnnotationStyle, Annotations, BADGE_FONT_SIZE, Frame, Highlights, LABEL_FONT_SIZE, MapLayer,
    Palette, RouteLayer, TextMetrics, world_radius,
};
use self::layout::{LegendEntry, MapLayout, OwnerKey};
use self::view::MapView;
use super::command::{Command, Selection};
use super::editor::quick::{self, OrderInput, Target};
use super::inspector;
use super::session::{LoadedTurn, Session};
use super::ui_command::UiCommand;
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
    /// The view is the fit of the player's worlds, not moved since: it follows
    /// the panel's size.
    #[serde(skip)]
    fitted: bool,
    /// The labels and badges drawn on the last frame (clicks and hovers read
    /// the badges).
    #[serde(skip)]
    annotations: Annotations,
    /// Where the draft's orders were drawn on the last frame (clicks select
    /// their line).
    #[serde(skip)]
    draft_hits: Vec<draft::DraftHit>,
    /// The legend's rectangle on the last frame.
    #[serde(skip)]
    legend_rect: Option<Rect>,
    /// The text sizes of the labels and badges, for (points per pixel, language).
    #[serde(skip)]
    style: Option<(f32, Lang, AnnotationStyle)>,
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
            fitted: false,
            annotations: Annotations::default(),
            draft_hits: Vec::new(),
            legend_rect: None,
            style: None,
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
            // Last frame's badges and labels were of the old layout.
            self.annotations = Annotations::default();
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

    /// Where the badge holding fleet `id` was drawn on the last frame (its
    /// centre, or its mark on the world's rim).
    pub fn fleet_screen_pos(&self, id: FleetId) -> Option<Pos2> {
        let b = self.layout.badge_of(id)?;
        let placed = self.annotations.badges.iter().find(|p| p.badge == b)?;
        Some(placed.rect.map_or(placed.mark, |r| r.center()))
    }

    /// The labels and badges drawn on the last frame.
    pub fn annotations(&self) -> &Annotations {
        &self.annotations
    }

    /// The first view: the smallest window holding what the player owns and
    /// knows ([`MapLayout::home_positions`]), across the seam when that is
    /// smaller, with margins. It then follows the panel's size until the map is
    /// moved.
    pub fn fit(&mut self) {
        if let (Some(rect), Some(torus)) = (self.last_rect, self.layout.torus) {
            self.view = Some(MapView::fit_points(
                &torus,
                rect,
                self.layout.home_positions(),
            ));
            self.fitted = true;
        }
    }

    /// The whole torus, centred where the view is.
    pub fn fit_whole(&mut self) {
        if let (Some(rect), Some(torus)) = (self.last_rect, self.layout.torus) {
            let center = self
                .view
                .map_or(egui::pos2(torus.width / 2.0, torus.height / 2.0), |v| {
                    v.center
                });
            self.view = Some(MapView::fit(&torus, rect, center));
            self.fitted = false;
        }
    }

    /// The badge (index in [`Annotations::badges`]) under screen point `s`: a
    /// badge drawn in full, else, off the worlds' discs, a badge's mark.
    pub fn hit_badge(&self, s: Pos2) -> Option<usize> {
        let badges = &self.annotations.badges;
        badges
            .iter()
            .position(|p| p.rect.is_some_and(|r| r.contains(s)))
            .or_else(|| {
                if self.hit_world(s).is_some() {
                    return None;
                }
                badges
                    .iter()
                    .position(|p| p.rect.is_none() && p.hit_rect().contains(s))
            })
    }

    /// What is under screen point `s`: a fleet badge first (its first fleet, or
    /// the next one of the badge after the fleet `selected`), then a world.
    pub fn hit(&self, s: Pos2) -> Option<Selection> {
        self.hit_keeping(s, None)
    }

    /// [`MapState::hit`], but on a badge holding the fleet `selected`, that
    /// fleet.
    fn hit_keeping(&self, s: Pos2, selected: Option<Selection>) -> Option<Selection> {
        self.hit_badge_fleet(s, selected, 0)
            .or_else(|| self.hit_world(s).map(Selection::World))
    }

    /// [`MapState::hit`], but on a badge holding the fleet `selected`, the
    /// badge's next fleet.
    fn hit_cycling(&self, s: Pos2, selected: Option<Selection>) -> Option<Selection> {
        self.hit_badge_fleet(s, selected, 1)
            .or_else(|| self.hit_world(s).map(Selection::World))
    }

    /// The fleet of the badge under `s`: `step` after the fleet `selected` when
    /// the badge holds it, else its first.
    fn hit_badge_fleet(
        &self,
        s: Pos2,
        selected: Option<Selection>,
        step: usize,
    ) -> Option<Selection> {
        let k = self.hit_badge(s)?;
        let badge = self
            .layout
            .badges
            .get(self.annotations.badges.get(k)?.badge)?;
        let fleets = &self.layout.fleets[badge.fleets.clone()];
        let index = match selected {
            Some(Selection::Fleet(id)) => fleets
                .iter()
                .position(|f| f.id == id)
                .map_or(0, |i| (i + step) % fleets.len()),
            _ => 0,
        };
        fleets.get(index).map(|f| Selection::Fleet(f.id))
    }

    /// The world under screen point `s`, ignoring fleet badges.
    pub fn hit_world(&self, s: Pos2) -> Option<WorldId> {
        let (rect, view, torus) = (self.last_rect?, self.view?, self.layout.torus?);
        let p = view.from_screen(&torus, rect, s);
        let radius = (world_radius(view.zoom) + 3.0) / view.zoom;
        self.layout.world_at(p, radius).map(|w| w.id)
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
    /// Where the draft's orders happen (drawn as the player types).
    pub draft: &'a [crate::orders::place::Placed],
    /// The editor's cursor line: its order is highlighted on the map.
    pub draft_line: Option<u32>,
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
    let resized = state.last_rect.is_some_and(|r| r.size() != rect.size());
    state.last_rect = Some(rect);
    let Some(torus) = state.layout.torus else {
        return;
    };
    if state.view.is_none() || (state.fitted && resized) {
        state.fit();
    }
    let Some(mut view) = state.view else { return };

    // Pan, zoom.
    if response.dragged_by(egui::PointerButton::Primary)
        || response.dragged_by(egui::PointerButton::Middle)
    {
        view.pan(&torus, response.drag_delta());
        state.fitted = false;
    }
    if let Some(pointer) = response.hover_pos() {
        let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta, i.zoom_delta()));
        let factor = zoom * (scroll.y * 0.0025).exp();
        if (factor - 1.0).abs() > 1e-4 {
            view.zoom_at(&torus, rect, pointer, factor);
            state.fitted = false;
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
            state.fitted = false;
        }
    }
    state.view = Some(view);

    let hovered = response.hover_pos().and_then(|p| state.hit(p));
    // The badge hovered (an index in the layout's badges: this frame places the
    // badges anew).
    let hovered_badge = response
        .hover_pos()
        .and_then(|p| state.hit_badge(p))
        .and_then(|k| state.annotations.badges.get(k))
        .map(|placed| placed.badge);
    if response.clicked()
        && let Some(pos) = response.interact_pointer_pos()
    {
        // While drawing a route, clicks pick worlds only (not the badges beside);
        // clicking a badge again selects its next fleet.
        let target = match state.route {
            Some(_) => state.hit_world(pos).map(Selection::World),
            None => state.hit_cycling(pos, input.selection),
        };
        match (target, &mut state.route) {
            (Some(Selection::World(id)), Some(route)) => route.worlds.push(id),
            (Some(target), None) => commands.push(Command::Select(Some(target))),
            // Beside the worlds: a drawn order selects its line in the editor.
            (None, None) => {
                if let Some(line) = draft::order_at(&state.draft_hits, pos, 6.0) {
                    commands.push(Command::SelectOrderLine(line));
                }
            }
            _ => {}
        }
    }
    if response.secondary_clicked() {
        // On a badge: its selected fleet, else its first.
        state.context = response
            .interact_pointer_pos()
            .and_then(|p| state.hit_keeping(p, input.selection));
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
    let route: Vec<WorldId> = state
        .route
        .iter()
        .flat_map(|r| std::iter::once(r.from).chain(r.worlds.iter().copied()))
        .collect();
    let route_layer = RouteLayer(&route);
    let draft_layer = draft::DraftLayer {
        placed: input.draft,
        selected_line: input.draft_line,
    };
    let layers: [&dyn MapLayer; 2] = [&draft_layer, &route_layer];
    let palette = Palette::new(ui.visuals().dark_mode);
    let painter = ui.painter_at(rect);
    if let Some(mut frame) = Frame::new(&state.layout, view, rect, painter.clip_rect()) {
        frame
            .reserved
            .extend(state.legend_rect.filter(|_| state.legend));
        let ppp = ui.ctx().pixels_per_point();
        let style = match state.style.take() {
            Some((p, l, style)) if p == ppp && l == lang => style,
            _ => annotation_style(&painter, lang),
        };
        state.annotations = draw::annotate(&frame, &highlights, &style);
        state.draft_hits = draft::hits(&frame, input.draft);
        state.style = Some((ppp, lang, style));
        draw::paint(
            &painter,
            &frame,
            &palette,
            &highlights,
            &state.annotations,
            &layers,
            &mut state.mesh,
        );
    }

    if state.legend {
        // Where the legend is, the next frames put no label.
        state.legend_rect = Some(legend_ui(ui, rect, &state.layout.legend, input, &palette));
    } else {
        state.legend_rect = None;
    }
    if let Some(badge) = hovered_badge {
        response
            .clone()
            .on_hover_ui_at_pointer(|ui| badge_hover_ui(ui, input, &state.layout, badge));
    } else if let Some(target) = hovered {
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

/// The labels' and badges' text sizes, from the fonts the painter draws with.
fn annotation_style(painter: &egui::Painter, lang: Lang) -> AnnotationStyle {
    let (label, badge) = painter.fonts_mut(|fonts| {
        (
            TextMetrics::of_font(fonts, &egui::FontId::proportional(LABEL_FONT_SIZE)),
            TextMetrics::of_font(fonts, &egui::FontId::proportional(BADGE_FONT_SIZE)),
        )
    });
    AnnotationStyle {
        label,
        badge,
        fleets_suffix: tr(lang, "gui-map-badge-fleets"),
        ships_suffix: tr(lang, "gui-map-badge-ships"),
    }
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
        if ui
            .button(tr(lang, "gui-map-fit"))
            .on_hover_text(UiCommand::FitMap.hover_text(ui.ctx(), lang))
            .clicked()
        {
            state.fit();
        }
        if ui
            .button(tr(lang, "gui-map-whole"))
            .on_hover_text(tr(lang, "gui-map-whole-help"))
            .clicked()
        {
            state.fit_whole();
        }
        let zoom_by = |state: &mut MapState, factor: f32| {
            if let (Some(view), Some(torus), Some(rect)) =
                (&mut state.view, state.layout.torus, state.last_rect)
            {
                view.zoom_at(&torus, rect, rect.center(), factor);
                state.fitted = false;
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
) -> Rect {
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
                        (Marker::Fleet, "gui-map-legend-badge"),
                        (Marker::Trace, "gui-map-legend-trace"),
                        (Marker::Faded, "gui-map-legend-faded"),
                    ] {
                        ui.horizontal(|ui| {
                            swatch(ui, grey, marker);
                            ui.label(tr(lang, id));
                        });
                    }
                });
        })
        .response
        .rect
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

/// The tooltip of a fleet badge: its owner, its counts, then each fleet with its
/// CR lines (a few fleets at most).
fn badge_hover_ui(ui: &mut egui::Ui, input: &MapInput<'_>, layout: &MapLayout, badge: usize) {
    let lang = input.lang;
    let Some(badge) = layout.badges.get(badge) else {
        return;
    };
    const MAX_FLEETS: usize = 6;
    let me = input.knowledge.player.as_ref().map(|p| p.name.as_str());
    let owner = match &badge.owner {
        OwnerKey::Me => tr_args(lang, "gui-map-legend-me", &[("name", me.unwrap_or("?"))]),
        OwnerKey::Player(name) => name.clone(),
        OwnerKey::Neutral => tr(lang, "gui-map-legend-neutral"),
        OwnerKey::Unknown => tr(lang, "gui-map-legend-unknown"),
    };
    let world = layout.worlds[badge.world as usize].id;
    ui.label(RichText::new(format!("M_{world} · {owner}")).strong());
    ui.label(tr_args(
        lang,
        "gui-map-badge-counts",
        &[
            ("fleets", &badge.fleets.len().to_string()),
            (
                "ships",
                &badge
                    .ships
                    .map_or_else(|| "?".to_string(), |s| s.to_string()),
            ),
        ],
    ));
    for fleet in layout.fleets[badge.fleets.clone()].iter().take(MAX_FLEETS) {
        ui.separator();
        hover_ui(ui, input, layout, Selection::Fleet(fleet.id));
    }
    if badge.fleets.len() > MAX_FLEETS {
        ui.weak(tr_args(
            lang,
            "gui-map-legend-more",
            &[("count", &(badge.fleets.len() - MAX_FLEETS).to_string())],
        ));
    }
    if badge.fleets.len() > 1 {
        ui.weak(tr(lang, "gui-map-badge-click"));
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
