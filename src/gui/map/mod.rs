//! The galaxy map: the torus drawn from the worlds' coordinates, with what the
//! player knows on it.
//!
//! - [`torus`]: the galaxy's geometry (wrapping, shortest offsets);
//! - [`placement`]: a stable graph layout for worlds without coordinates;
//! - [`layout`]: what is drawn — worlds placed, links toward the nearest image,
//!   colours, fleet badges, traces, the legend — built once per knowledge, with
//!   the [`spatial`] index for hit-testing;
//! - [`view`]: the camera (pan with wrap-around, zoom around the cursor, fit to
//!   the smallest window holding what the player knows);
//! - [`draw`]: one frame: labels and badges placed without overlaps, painted as
//!   a few meshes;
//! - here: the panel ([`map_ui`]): pan and zoom, click (selects), route
//!   drawing; beside it `toolbar` (fit, zoom, the route being drawn), `legend`,
//!   `hover` (the CR lines), `context_menu` (orders appended to the draft),
//!   [`export`] (the map as an SVG or PNG picture).

mod context_menu;
pub mod draft;
pub mod draw;
pub mod export;
mod hover;
pub mod layout;
mod legend;
pub mod placement;
pub mod plan;
pub mod predicted;
pub mod spatial;
pub mod threat;
mod toolbar;
pub mod torus;
pub mod view;

use egui::{Pos2, Rect, Sense};
use serde::{Deserialize, Serialize};

use self::draw::{
    AnnotationStyle, Annotations, BADGE_FONT_SIZE, Frame, Highlights, LABEL_FONT_SIZE, MapLayer,
    Palette, RouteLayer, TextMetrics, world_radius,
};
use self::layout::MapLayout;
use self::view::MapView;
use super::command::{Command, Selection};
use super::context::UiContext;
use super::editor::quick::OrderInput;
use crate::i18n::{Lang, tr};
use crate::model::knowledge::Knowledge;
use crate::model::{FleetId, WorldId};
use crate::orders::propose::{PlanProblem, RoutePlan};

/// eframe storage key of the map's settings.
pub const STORAGE_KEY: &str = "nebutil-map";

/// A fleet's route being drawn by clicking worlds: hop by hop (this turn's
/// move), or waypoints of a route over several turns (`plan`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RouteDraft {
    pub fleet: FleetId,
    /// The world the fleet is at.
    pub from: WorldId,
    /// The worlds clicked, in order (the waypoints when `plan`).
    pub worlds: Vec<WorldId>,
    /// A route over several turns: the shortest known route through the
    /// worlds clicked, cut into turns by DEP.
    pub plan: bool,
}

/// The plan of the route being drawn, computed for its waypoints and the
/// draft and knowledge it was computed with.
#[derive(Clone, Debug, PartialEq, Eq)]
struct ComputedPlan {
    waypoints: Vec<WorldId>,
    revision: (usize, u64),
    draft: String,
    plan: Result<RoutePlan, PlanProblem>,
    /// The validator's verdict on this turn's move appended to the draft.
    first_move: Option<crate::orders::propose::Verdict>,
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
    /// The plan of the route being drawn (when planning).
    #[serde(skip)]
    plan: Option<ComputedPlan>,
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
    /// What [`MapState::annotations`] were placed for: the same again (the
    /// pointer moved, a repaint) reuses them — placing them over tens of
    /// thousands of worlds is a frame's largest cost.
    #[serde(skip)]
    annotated: Option<AnnotationKey>,
    /// How many times labels and badges were placed (tests read it).
    #[serde(skip)]
    annotation_passes: u64,
    /// Where the draft's orders were drawn on the last frame (clicks select
    /// their line).
    #[serde(skip)]
    draft_hits: Vec<draft::DraftHit>,
    /// The "Menaces" layer is drawn (F7; off by default, remembered).
    #[serde(default)]
    pub threats_shown: bool,
    /// The legend's rectangle on the last frame.
    #[serde(skip)]
    legend_rect: Option<Rect>,
    /// The text sizes of the labels and badges, for (points per pixel, language).
    #[serde(skip)]
    style: Option<(f32, Lang, AnnotationStyle)>,
    /// The window "Exporter la carte".
    #[serde(skip)]
    pub export: export::ExportWindow,
    /// Zoomed out over many worlds: the picture of their dots, for the view
    /// it was drawn for (drawn again only when the view changes).
    #[serde(skip)]
    dots: Option<DotsPicture>,
    /// What the last frame drew: (dots or discs, vertices of the mesh).
    #[serde(skip)]
    drawn: Drawn,
}

/// What one frame of the map drew (tests read it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Drawn {
    /// The worlds were a picture of dots (zoomed out over many).
    pub dots: bool,
    /// The worlds' discs in the mesh (none when dots).
    pub discs: usize,
    /// The vertices of the frame's mesh.
    pub vertices: usize,
    /// How many times the dots' picture was drawn.
    pub dot_pictures: u64,
}

/// The worlds as dots, for the view and panel of [`DotsKey`].
struct DotsPicture {
    key: DotsKey,
    texture: egui::TextureHandle,
}

impl std::fmt::Debug for DotsPicture {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DotsPicture")
            .field("key", &self.key)
            .finish_non_exhaustive()
    }
}

impl Clone for DotsPicture {
    fn clone(&self) -> Self {
        DotsPicture {
            key: self.key.clone(),
            texture: self.texture.clone(),
        }
    }
}

/// What the dots' picture depends on: the layout, the view, the panel, the
/// pixels per point and the theme.
#[derive(Clone, Debug, PartialEq)]
struct DotsKey {
    layout: Option<(usize, u64)>,
    center: egui::Pos2,
    zoom: f32,
    clip: Rect,
    ppp: f32,
    dark: bool,
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
            plan: None,
            last_selection: None,
            mesh: None,
            fitted: false,
            annotations: Annotations::default(),
            annotated: None,
            annotation_passes: 0,
            draft_hits: Vec::new(),
            threats_shown: false,
            legend_rect: None,
            style: None,
            export: export::ExportWindow::default(),
            dots: None,
            drawn: Drawn::default(),
        }
    }
}

impl MapState {
    /// The plan of the route being drawn, computed again when its waypoints,
    /// the draft or the knowledge changed.
    fn compute_plan(&mut self, input: &MapInput<'_>, turn: u32) {
        // Nothing to plan before the first click (the bar says what to do).
        let Some(route) = self
            .route
            .as_ref()
            .filter(|r| r.plan && !r.worlds.is_empty())
        else {
            self.plan = None;
            return;
        };
        let fresh = self.plan.as_ref().is_some_and(|p| {
            p.waypoints == route.worlds
                && p.revision == input.orders.revision
                && p.draft == input.orders.draft
        });
        if !fresh {
            let plan = input.orders.plan(route.fleet, &route.worlds, turn);
            let first_move = plan.as_ref().ok().and_then(|p| {
                let leg = p.legs.first()?;
                Some(input.orders.judge(&crate::orders::OrderKind::Move {
                    fleet: p.fleet,
                    route: leg.clone(),
                }))
            });
            self.plan = Some(ComputedPlan {
                waypoints: route.worlds.clone(),
                revision: input.orders.revision,
                draft: input.orders.draft.to_string(),
                plan,
                first_move,
            });
        }
    }

    /// The plan of the route being drawn, when planning and it has one.
    pub fn planned(&self) -> Option<&Result<RoutePlan, PlanProblem>> {
        self.plan.as_ref().map(|p| &p.plan)
    }

    /// Why this turn's move of the plan would be refused, if it would.
    pub fn planned_move_refused(&self) -> Option<&crate::diagnostic::Diagnostic> {
        self.plan
            .as_ref()
            .and_then(|p| p.first_move.as_ref())
            .and_then(|v| v.reason())
    }

    /// The layout drawn.
    pub fn layout(&self) -> &MapLayout {
        &self.layout
    }

    /// Rebuilds the layout when `key` (turn shown, session generation) changed.
    pub fn refresh(&mut self, knowledge: &Knowledge, current_turn: u32, key: (usize, u64)) {
        if self.layout_key != Some(key) {
            self.install_layout(MapLayout::build(knowledge, current_turn), key);
        }
    }

    /// Takes a layout built elsewhere (a big turn's, beside its knowledge on a
    /// background thread) for `key`.
    pub fn install_layout(&mut self, layout: MapLayout, key: (usize, u64)) {
        let before = self.layout.torus;
        self.layout = layout;
        self.layout_key = Some(key);
        // Last frame's badges and labels were of the old layout.
        self.annotations = Annotations::default();
        self.annotated = None;
        // Another galaxy (or its size became known): fit it anew.
        if self.layout.torus != before {
            self.view = None;
        }
    }

    /// Forgets where the map looked: the next frame fits what the player
    /// knows (another player's or the galaxy's turns were loaded).
    pub fn forget_view(&mut self) {
        self.view = None;
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

    /// How many times the labels and badges were placed: once per view,
    /// selection or layout, not per frame.
    pub fn annotation_passes(&self) -> u64 {
        self.annotation_passes
    }

    /// What the last frame drew: dots or discs, the mesh's size.
    pub fn drawn(&self) -> Drawn {
        self.drawn
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
        let fleets = &self.layout.fleets[badge.fleets.range()];
        let index = match selected {
            Some(Selection::Fleet(id)) => fleets
                .iter()
                .position(|&f| f == id)
                .map_or(0, |i| (i + step) % fleets.len()),
            _ => 0,
        };
        fleets.get(index).map(|&f| Selection::Fleet(f))
    }

    /// The world under screen point `s`, ignoring fleet badges.
    pub fn hit_world(&self, s: Pos2) -> Option<WorldId> {
        let (rect, view, torus) = (self.last_rect?, self.view?, self.layout.torus?);
        let p = view.from_screen(&torus, rect, s);
        let radius = (world_radius(view.zoom) + 3.0) / view.zoom;
        self.layout.world_at(p, radius).map(|w| w.id)
    }
}

/// What the map panel reads besides the [`UiContext`].
pub struct MapInput<'a> {
    /// The draft and the proposals of the menus.
    pub orders: OrderInput<'a>,
    /// Where the draft's orders happen (drawn as the player types).
    pub draft: &'a [crate::orders::place::Placed],
    /// The editor's cursor line: its order is highlighted on the map.
    pub draft_line: Option<u32>,
    /// The threat next turn (drawn when [`MapState::threats_shown`]).
    pub threats: &'a [crate::model::threat::Threat],
    /// The routes planned over several turns, and the turn shown.
    pub plans: &'a [RoutePlan],
    pub turn: u32,
    /// On the predicted turn: the worlds whose values are random (ringed).
    pub uncertain: &'a [WorldId],
}

/// The map panel: toolbar, the map, its legend.
pub fn map_ui(
    ui: &mut egui::Ui,
    cx: &mut UiContext<'_>,
    input: &MapInput<'_>,
    state: &mut MapState,
) {
    state.compute_plan(input, cx.knowledge.latest_turn().unwrap_or(0));
    toolbar::toolbar_ui(ui, cx, state);
    // The panel's own room (never more: the panels beside it are drawn first).
    let room = ui.available_size().min(ui.max_rect().max - ui.cursor().min);
    let (rect, response) = ui.allocate_exact_size(room, Sense::click_and_drag());
    let lang = cx.lang;
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
    navigate(ui, cx, &response, rect, &torus, &mut view, state);
    state.view = Some(view);

    let hovered = response.hover_pos().and_then(|p| state.hit(p));
    // The badge hovered (an index in the layout's badges: this frame places the
    // badges anew).
    let hovered_badge = response
        .hover_pos()
        .and_then(|p| state.hit_badge(p))
        .and_then(|k| state.annotations.badges.get(k))
        .map(|placed| placed.badge);
    clicks(cx, &response, state);
    let highlights = highlights(cx.selection, hovered);
    let palette = Palette::new(ui.visuals().dark_mode);
    paint(ui, rect, view, input, state, &highlights, &palette, lang);
    if state.legend {
        // Where the legend is, the next frames put no label.
        let legend = &state.layout.legend;
        state.legend_rect = Some(legend::legend_ui(ui, cx, rect, legend, &palette));
    } else {
        state.legend_rect = None;
    }
    if state.threats_shown {
        threat::threat_note_ui(ui, rect, input.threats, cx.reading, lang);
    }
    if let Some(badge) = hovered_badge {
        response
            .clone()
            .on_hover_ui_at_pointer(|ui| hover::badge_hover_ui(ui, cx, &state.layout, badge));
    } else if let Some(target) = hovered {
        response
            .clone()
            .on_hover_ui_at_pointer(|ui| hover::hover_ui(ui, cx, &state.layout, target));
    }
    let context = state.context;
    let route = &mut state.route;
    response.context_menu(|ui| {
        context_menu::context_menu_ui(ui, cx, input, context, route);
    });
    if let Some(path) = export::export_window_ui(ui.ctx(), &mut state.export, lang) {
        let bytes = picture(ui, cx, input, state, &path);
        export::write(&mut state.export, path, bytes);
    }
}

/// The map as a picture for the file `path` (its extension says the format,
/// else the window's choice): the view on screen or the whole galaxy, the
/// draft or not, with the legend.
fn picture(
    ui: &egui::Ui,
    cx: &UiContext<'_>,
    input: &MapInput<'_>,
    state: &MapState,
    path: &std::path::Path,
) -> Result<Vec<u8>, String> {
    let lang = cx.lang;
    let mut options = state.export.options;
    if let Some(format) = export::ExportFormat::of_path(path) {
        options.format = format;
    }
    let empty = || tr(lang, "gui-map-export-empty");
    let torus = state.layout.torus.ok_or_else(empty)?;
    let size = state.last_rect.map_or(export::DEFAULT_SIZE, |r| r.size());
    let rect = Rect::from_min_size(Pos2::ZERO, size);
    let view = match state.view {
        Some(view) if !options.whole => view,
        _ => MapView::fit(
            &torus,
            rect,
            egui::pos2(torus.width / 2.0, torus.height / 2.0),
        ),
    };
    let heading = cx.view().map_or_else(
        || tr(lang, "gui-seat-unknown"),
        |view| {
            crate::i18n::tr_args(
                lang,
                "gui-map-export-heading",
                &[
                    ("seat", &crate::gui::seat_text(view, lang)),
                    ("turn", &crate::gui::status::turn_text(view, lang)),
                ],
            )
        },
    );
    let me = cx.knowledge.player.as_ref().map(|p| p.name.as_str());
    let legend = export::LegendBox::new(heading, &state.layout.legend, me, lang);
    let draft = draft::DraftLayer {
        placed: input.draft,
        selected_line: None,
    };
    let palette = Palette::new(ui.visuals().dark_mode);
    let style = annotation_style(ui.painter(), lang);
    let scene = export::build_scene(
        &state.layout,
        view,
        size,
        &palette,
        &style,
        options.with_draft.then_some(&draft),
        &legend,
    )
    .ok_or_else(empty)?;
    export::encode(&scene, &options).map_err(|e| e.to_string())
}

/// Pan (drag), zoom (wheel, pinch), and a world or fleet selected elsewhere
/// (lists, inspector) and out of view: the map moves to it.
fn navigate(
    ui: &egui::Ui,
    cx: &UiContext<'_>,
    response: &egui::Response,
    rect: Rect,
    torus: &torus::Torus,
    view: &mut MapView,
    state: &mut MapState,
) {
    if response.dragged_by(egui::PointerButton::Primary)
        || response.dragged_by(egui::PointerButton::Middle)
    {
        view.pan(torus, response.drag_delta());
        state.fitted = false;
    }
    if let Some(pointer) = response.hover_pos() {
        let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta, i.zoom_delta()));
        let factor = zoom * (scroll.y * 0.0025).exp();
        if (factor - 1.0).abs() > 1e-4 {
            view.zoom_at(torus, rect, pointer, factor);
            state.fitted = false;
        }
    }
    if cx.selection == state.last_selection {
        return;
    }
    state.last_selection = cx.selection;
    let world = match cx.selection {
        Some(Selection::World(id)) => Some(id),
        Some(Selection::Fleet(id)) => cx
            .knowledge
            .fleet(id)
            .and_then(|f| f.world.as_ref().map(|w| w.value)),
        None => None,
    };
    if let Some(w) = world.and_then(|id| state.layout.world(id))
        && !rect
            .shrink(24.0)
            .contains(view.to_screen(torus, rect, w.pos))
    {
        view.center = w.pos;
        state.fitted = false;
    }
}

/// A click selects (or adds a world to the route being drawn, or selects a
/// drawn order's line); a right click picks what the menu is about.
fn clicks(cx: &mut UiContext<'_>, response: &egui::Response, state: &mut MapState) {
    if response.clicked()
        && let Some(pos) = response.interact_pointer_pos()
    {
        // While drawing a route, clicks pick worlds only (not the badges beside);
        // clicking a badge again selects its next fleet.
        let target = match state.route {
            Some(_) => state.hit_world(pos).map(Selection::World),
            None => state.hit_cycling(pos, cx.selection),
        };
        match (target, &mut state.route) {
            (Some(Selection::World(id)), Some(route)) => route.worlds.push(id),
            (Some(target), None) => cx.send(Command::Select(Some(target))),
            // Beside the worlds: a drawn order selects its line in the editor.
            (None, None) => {
                if let Some(line) = draft::order_at(&state.draft_hits, pos, 6.0) {
                    cx.send(Command::SelectOrderLine(line));
                }
            }
            _ => {}
        }
    }
    if response.secondary_clicked() {
        // On a badge: its selected fleet, else its first.
        state.context = response
            .interact_pointer_pos()
            .and_then(|p| state.hit_keeping(p, cx.selection));
    }
}

/// What is drawn selected and hovered.
fn highlights(selection: Option<Selection>, hovered: Option<Selection>) -> Highlights {
    let mut highlights = Highlights::default();
    match selection {
        Some(Selection::World(id)) => highlights.selected_world = Some(id),
        Some(Selection::Fleet(id)) => highlights.selected_fleet = Some(id),
        None => {}
    }
    match hovered {
        Some(Selection::World(id)) => highlights.hovered_world = Some(id),
        Some(Selection::Fleet(id)) => highlights.hovered_fleet = Some(id),
        None => {}
    }
    highlights
}

/// Paints the frame: worlds, links, fleets, labels placed anew, the route
/// being drawn and the draft's orders.
#[allow(clippy::too_many_arguments)]
fn paint(
    ui: &egui::Ui,
    rect: Rect,
    view: MapView,
    input: &MapInput<'_>,
    state: &mut MapState,
    highlights: &Highlights,
    palette: &Palette,
    lang: Lang,
) {
    let route: Vec<WorldId> = state
        .route
        .iter()
        .filter(|r| !r.plan)
        .flat_map(|r| std::iter::once(r.from).chain(r.worlds.iter().copied()))
        .collect();
    let route_layer = RouteLayer(&route);
    let planning = state.planned().and_then(|p| p.as_ref().ok()).cloned();
    let waypoints: Vec<WorldId> = state
        .route
        .as_ref()
        .filter(|r| r.plan)
        .map(|r| r.worlds.clone())
        .unwrap_or_default();
    let plan_layer = plan::PlanLayer {
        planning: planning.as_ref(),
        waypoints: &waypoints,
        saved: input.plans,
        turn: input.turn,
        lang,
    };
    let draft_layer = draft::DraftLayer {
        placed: input.draft,
        selected_line: input.draft_line,
    };
    let shown: &[crate::model::threat::Threat] = if state.threats_shown {
        input.threats
    } else {
        &[]
    };
    let threat_layer = threat::ThreatLayer { threats: shown };
    let uncertain_layer = predicted::UncertainLayer {
        worlds: input.uncertain,
    };
    let layers: [&dyn MapLayer; 5] = [
        &uncertain_layer,
        &threat_layer,
        &plan_layer,
        &draft_layer,
        &route_layer,
    ];
    let painter = ui.painter_at(rect);
    let Some(mut frame) = Frame::new(&state.layout, view, rect, painter.clip_rect()) else {
        return;
    };
    frame
        .reserved
        .extend(state.legend_rect.filter(|_| state.legend));
    // Zoomed out over many worlds: dots in a picture, no labels.
    frame.dots = frame.visible.len() > draw::dots::DOTS_ABOVE;
    let ppp = ui.ctx().pixels_per_point();
    let style = match state.style.take() {
        Some((p, l, style)) if p == ppp && l == lang => style,
        _ => annotation_style(&painter, lang),
    };
    let key = AnnotationKey {
        layout: state.layout_key,
        center: frame.view.center,
        zoom: frame.view.zoom,
        rect: frame.rect,
        clip: frame.clip,
        reserved: frame.reserved.clone(),
        selected_world: highlights.selected_world,
        selected_fleet: highlights.selected_fleet,
        ppp,
        lang,
    };
    if state.annotated.as_ref() != Some(&key) {
        state.annotations = draw::annotate(&frame, highlights, &style);
        state.annotated = Some(key);
        state.annotation_passes += 1;
    }
    state.draft_hits = draft::hits(&frame, input.draft);
    state.style = Some((ppp, lang, style));
    frame.picture = frame.dots.then(|| {
        let (picture, drawn) = (&mut state.dots, &mut state.drawn);
        dots_texture(ui.ctx(), &frame, state.layout_key, picture, drawn, palette)
    });
    draw::paint(
        &painter,
        &frame,
        palette,
        highlights,
        &state.annotations,
        &layers,
        &mut state.mesh,
    );
    state.drawn.dots = frame.dots;
    state.drawn.discs = if frame.dots { 0 } else { frame.visible.len() };
    state.drawn.vertices = state.mesh.as_ref().map_or(0, |m| m.vertices.len());
}

/// The picture of the frame's dots: last frame's when the view has not
/// changed (the pointer moved, a repaint), else drawn again.
fn dots_texture(
    ctx: &egui::Context,
    frame: &Frame<'_>,
    layout: Option<(usize, u64)>,
    picture: &mut Option<DotsPicture>,
    drawn: &mut Drawn,
    palette: &Palette,
) -> egui::TextureId {
    let ppp = ctx.pixels_per_point();
    let key = DotsKey {
        layout,
        center: frame.view.center,
        zoom: frame.view.zoom,
        clip: frame.clip,
        ppp,
        dark: palette.dark,
    };
    if let Some(picture) = picture.as_ref()
        && picture.key == key
    {
        return picture.texture.id();
    }
    let image = draw::dots::rasterise(frame, palette, ppp);
    drawn.dot_pictures += 1;
    let options = egui::TextureOptions::NEAREST;
    match picture {
        Some(picture) => {
            picture.texture.set(image, options);
            picture.key = key;
            picture.texture.id()
        }
        None => {
            let texture = ctx.load_texture("map-dots", image, options);
            let id = texture.id();
            *picture = Some(DotsPicture { key, texture });
            id
        }
    }
}

/// The labels' and badges' text sizes, from the fonts the painter draws with.
/// Everything the placed labels and badges depend on ([`draw::annotate`]):
/// the layout, the view, the panel, the legend's place, the selection (it is
/// placed first) and the text sizes. Not the pointer.
#[derive(Clone, Debug, PartialEq)]
struct AnnotationKey {
    layout: Option<(usize, u64)>,
    center: egui::Pos2,
    zoom: f32,
    rect: Rect,
    clip: Rect,
    reserved: Vec<Rect>,
    selected_world: Option<crate::model::WorldId>,
    selected_fleet: Option<crate::model::FleetId>,
    ppp: f32,
    lang: Lang,
}

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
