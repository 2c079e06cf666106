//! The left panel: the worlds and the fleets of the current turn, as sortable,
//! filterable tables. Clicking a row selects it for the inspector.
//!
//! Sorting and filtering are this panel's own view state ([`ListsState`]): the
//! panel changes them itself; everything else goes through [`Command`]s.

use std::cmp::Ordering;

use egui::{Align, Layout, RichText, Sense};
use egui_extras::{Column, TableBuilder};
use serde::{Deserialize, Serialize};

pub use super::command::ListTab;
use super::command::{Command, Selection};
use super::context::UiContext;
use super::format::{self, UNKNOWN};
use crate::i18n::{Lang, tr, tr_args};
use crate::model::view::{FleetView, TurnView, WorldView};
use crate::resolve::partial::{Distribution, Field, Item, Key as ValueKey};

/// A column of the worlds table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WorldColumn {
    #[default]
    Id,
    Owner,
    Industries,
    Vi,
    Population,
    Vp,
    Mp,
    Fleets,
}

impl WorldColumn {
    pub const ALL: [WorldColumn; 8] = [
        WorldColumn::Id,
        WorldColumn::Owner,
        WorldColumn::Industries,
        WorldColumn::Vi,
        WorldColumn::Population,
        WorldColumn::Vp,
        WorldColumn::Mp,
        WorldColumn::Fleets,
    ];

    fn message_id(self) -> &'static str {
        match self {
            WorldColumn::Id => "gui-col-world",
            WorldColumn::Owner => "gui-col-owner",
            WorldColumn::Industries => "gui-col-industries",
            WorldColumn::Vi => "gui-col-vi",
            WorldColumn::Population => "gui-col-population",
            WorldColumn::Vp => "gui-col-vp",
            WorldColumn::Mp => "gui-col-mp",
            WorldColumn::Fleets => "gui-col-fleets",
        }
    }

    fn key(self, fleets: &FleetCounts, source: usize, world: &WorldView) -> Key {
        match self {
            WorldColumn::Id => Key::Number(Some(u64::from(world.id))),
            WorldColumn::Owner => Key::Text(
                world
                    .owner
                    .as_ref()
                    .map(|o| o.name.as_deref().unwrap_or("").to_lowercase()),
            ),
            WorldColumn::Industries => Key::number(world.industries()),
            WorldColumn::Vi => Key::number(world.vi()),
            WorldColumn::Population => Key::number(world.population()),
            WorldColumn::Vp => Key::number(world.vp()),
            WorldColumn::Mp => Key::number(world.mp()),
            WorldColumn::Fleets => Key::Number(Some(fleets.on(source, world.id) as u64)),
        }
    }
}

/// A column of the fleets table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FleetColumn {
    #[default]
    Id,
    Owner,
    World,
    Ships,
    Cargo,
}

impl FleetColumn {
    pub const ALL: [FleetColumn; 5] = [
        FleetColumn::Id,
        FleetColumn::Owner,
        FleetColumn::World,
        FleetColumn::Ships,
        FleetColumn::Cargo,
    ];

    fn message_id(self) -> &'static str {
        match self {
            FleetColumn::Id => "gui-col-fleet",
            FleetColumn::Owner => "gui-col-owner",
            FleetColumn::World => "gui-col-world",
            FleetColumn::Ships => "gui-col-ships",
            FleetColumn::Cargo => "gui-col-cargo",
        }
    }

    fn key(self, fleet: &FleetView) -> Key {
        match self {
            FleetColumn::Id => Key::Number(Some(u64::from(fleet.id))),
            FleetColumn::Owner => Key::Text(fleet.owner.as_ref().map(|o| o.to_lowercase())),
            FleetColumn::World => Key::number(fleet.world),
            FleetColumn::Ships => Key::number(fleet.total),
            FleetColumn::Cargo => Key::number(fleet.cargo.map(|c| c.total())),
        }
    }
}

/// A sort order: a column and a direction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SortOrder<C> {
    pub column: C,
    pub descending: bool,
}

impl<C: PartialEq> SortOrder<C> {
    /// Clicking a column header: sorts by it, or reverses when it is the sort column.
    pub fn click(&mut self, column: C) {
        if self.column == column {
            self.descending = !self.descending;
        } else {
            self.column = column;
            self.descending = false;
        }
    }
}

/// How many fleets each report lists on each world: counted once, not per
/// row drawn nor per comparison of a sort (tens of thousands of fleets).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FleetCounts(std::collections::HashMap<(u32, u32), u32>);

impl FleetCounts {
    fn of(listed: &Listed<'_>) -> Self {
        let mut counts = std::collections::HashMap::new();
        for source in 0..=listed.allies.len() {
            let key = u32::try_from(source).unwrap_or(u32::MAX);
            for world in listed.view(source).fleets.iter().filter_map(|f| f.world) {
                let count: &mut u32 = counts.entry((key, world)).or_insert(0);
                *count = count.saturating_add(1);
            }
        }
        FleetCounts(counts)
    }

    /// The fleets report `source` lists on `world`.
    fn on(&self, source: usize, world: u32) -> usize {
        let source = u32::try_from(source).unwrap_or(u32::MAX);
        self.0.get(&(source, world)).map_or(0, |&n| n as usize)
    }
}

/// What the rows listed depend on: the reports (their identity and sizes,
/// the session's generation), the filters and the sort orders.
#[derive(Clone, Debug, PartialEq)]
struct RowsKey {
    reports: Vec<(usize, usize, usize)>,
    generation: u64,
    filter: String,
    mine_only: bool,
    source: SourceFilter,
    world_sort: SortOrder<WorldColumn>,
    fleet_sort: SortOrder<FleetColumn>,
}

/// The rows listed, filtered and sorted once per change of what they depend
/// on ([`RowsKey`]) — not on every frame: sorting 80,000 worlds each time the
/// pointer moves kept a core busy.
#[derive(Clone, Debug, Default)]
pub struct RowsCache {
    key: Option<RowsKey>,
    worlds: Vec<Row>,
    fleets: Vec<Row>,
    /// Rows before the filters, per tab (the tabs' counts).
    world_count: usize,
    fleet_count: usize,
    counts: FleetCounts,
    /// How many times the rows were computed (tests read it).
    passes: u64,
}

/// A cache: every two are alike (the lists' state compares by its settings).
impl PartialEq for RowsCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl RowsCache {
    fn refresh(&mut self, listed: &Listed<'_>, state: &ListsState, generation: u64) {
        let key = RowsKey {
            reports: (0..=listed.allies.len())
                .map(|source| {
                    let view = listed.view(source);
                    (
                        std::ptr::from_ref(view) as usize,
                        view.worlds.len(),
                        view.fleets.len(),
                    )
                })
                .collect(),
            generation,
            filter: state.filter.clone(),
            mine_only: state.mine_only,
            source: state.source,
            world_sort: state.world_sort,
            fleet_sort: state.fleet_sort,
        };
        if self.key.as_ref() == Some(&key) {
            return;
        }
        let keeps = |r: &Row| listed.source_filter(state).keeps(r.source());
        self.counts = FleetCounts::of(listed);
        self.worlds = world_rows_counted(listed, state, &self.counts);
        self.fleets = fleet_rows(listed, state);
        self.world_count = listed.worlds().iter().filter(|r| keeps(r)).count();
        self.fleet_count = listed.fleets().iter().filter(|r| keeps(r)).count();
        self.key = Some(key);
        self.passes += 1;
    }

    /// How many times the rows were filtered and sorted.
    pub fn passes(&self) -> u64 {
        self.passes
    }
}

/// A sort key. Unknown values sort last in both directions.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Key {
    Number(Option<u64>),
    Text(Option<String>),
}

impl Key {
    fn number(value: Option<u32>) -> Key {
        Key::Number(value.map(u64::from))
    }

    fn compare(&self, other: &Key, descending: bool) -> Ordering {
        fn known_first<T: Ord>(a: &Option<T>, b: &Option<T>, descending: bool) -> Ordering {
            match (a, b) {
                (Some(a), Some(b)) if descending => b.cmp(a),
                (Some(a), Some(b)) => a.cmp(b),
                (Some(_), None) => Ordering::Less,
                (None, Some(_)) => Ordering::Greater,
                (None, None) => Ordering::Equal,
            }
        }
        match (self, other) {
            (Key::Number(a), Key::Number(b)) => known_first(a, b, descending),
            (Key::Text(a), Key::Text(b)) => known_first(a, b, descending),
            _ => Ordering::Equal,
        }
    }
}

/// Which reports' rows are listed (with allies' reports loaded).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SourceFilter {
    /// The player's own and, for what his report lacks, his allies'.
    #[default]
    All,
    /// The player's own report only.
    Own,
    /// Only what his allies' reports add.
    Allies,
}

impl SourceFilter {
    pub const ALL: [SourceFilter; 3] = [SourceFilter::All, SourceFilter::Own, SourceFilter::Allies];

    fn message_id(self) -> &'static str {
        match self {
            SourceFilter::All => "gui-source-all",
            SourceFilter::Own => "gui-source-own",
            SourceFilter::Allies => "gui-source-allies",
        }
    }

    fn keeps(self, source: usize) -> bool {
        match self {
            SourceFilter::All => true,
            SourceFilter::Own => source == 0,
            SourceFilter::Allies => source != 0,
        }
    }
}

/// The reports the lists show: the player's own view of the turn, then each
/// ally's newest report of that turn or before (a world or fleet his own report
/// has is listed from his own only).
pub struct Listed<'a> {
    pub own: &'a TurnView,
    pub allies: Vec<(&'a str, &'a TurnView)>,
}

impl<'a> Listed<'a> {
    /// The player's own view alone.
    #[cfg(test)]
    pub fn own(view: &'a TurnView) -> Self {
        Listed {
            own: view,
            allies: Vec::new(),
        }
    }

    /// The view of `source` (0: the player's own, n: the n-th ally's).
    fn view(&self, source: usize) -> &'a TurnView {
        match source.checked_sub(1).and_then(|i| self.allies.get(i)) {
            Some((_, view)) => view,
            None => self.own,
        }
    }

    fn ally_name(&self, source: usize) -> Option<&'a str> {
        source
            .checked_sub(1)
            .and_then(|i| self.allies.get(i))
            .map(|(name, _)| *name)
    }

    /// Every world listed, as (source, index in its view): the player's own,
    /// then what each ally's report adds.
    fn worlds(&self) -> Vec<Row> {
        let mut seen = std::collections::HashSet::new();
        let mut rows = Vec::new();
        for source in 0..=self.allies.len() {
            let view = self.view(source);
            for (index, world) in view.worlds.iter().enumerate() {
                // The player's own view lists even position-only worlds;
                // an ally's, only those his report describes.
                let described = source == 0 || described(world);
                if described && seen.insert(world.id) {
                    rows.push(Row::new(source, index));
                }
            }
        }
        rows
    }

    /// Every fleet listed, as for [`Listed::worlds`].
    fn fleets(&self) -> Vec<Row> {
        let mut seen = std::collections::HashSet::new();
        let mut rows = Vec::new();
        for source in 0..=self.allies.len() {
            for (index, fleet) in self.view(source).fleets.iter().enumerate() {
                if seen.insert(fleet.id) {
                    rows.push(Row::new(source, index));
                }
            }
        }
        rows
    }

    /// The source filter in force: the one chosen while allies' reports are
    /// loaded; without any, every row (the player's own) is listed.
    fn source_filter(&self, state: &ListsState) -> SourceFilter {
        if self.allies.is_empty() {
            SourceFilter::All
        } else {
            state.source
        }
    }

    fn world(&self, row: Row) -> Option<&'a WorldView> {
        self.view(row.source()).worlds.get(row.index())
    }

    fn fleet(&self, row: Row) -> Option<&'a FleetView> {
        self.view(row.source()).fleets.get(row.index())
    }
}

/// A world line of a CR, not a position only (from an NBT).
fn described(world: &WorldView) -> bool {
    world.line != 0 || world.connections.is_some() || world.owner.is_some() || world.black_hole
}

/// A row of a list: which report (0: the player's own, n: the n-th ally's) and
/// the index in its worlds or fleets.
/// (8 bytes: a row is kept per world and fleet listed.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    source: u32,
    index: u32,
}

impl Row {
    fn new(source: usize, index: usize) -> Self {
        Row {
            source: u32::try_from(source).unwrap_or(u32::MAX),
            index: u32::try_from(index).unwrap_or(u32::MAX),
        }
    }

    /// Which report: 0 the player's own, n the n-th ally's.
    pub fn source(self) -> usize {
        self.source as usize
    }

    /// The index in that report's worlds or fleets.
    pub fn index(self) -> usize {
        self.index as usize
    }
}

/// The view state of the panel; persisted except the filter text.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ListsState {
    pub tab: ListTab,
    #[serde(skip)]
    pub filter: String,
    /// Only the player's own worlds and fleets.
    pub mine_only: bool,
    /// Whose reports are listed (shown when allies' reports are loaded).
    pub source: SourceFilter,
    pub world_sort: SortOrder<WorldColumn>,
    pub fleet_sort: SortOrder<FleetColumn>,
    /// Put the keyboard focus on the filter next frame.
    #[serde(skip)]
    pub focus_filter: bool,
    /// The rows as last filtered and sorted.
    #[serde(skip)]
    pub rows: RowsCache,
}

/// The storage key of [`ListsState`].
pub const STORAGE_KEY: &str = "nebutil-lists";

/// True when every word of `filter` appears in one of `texts` (case-insensitive).
fn matches(filter: &str, texts: &[String]) -> bool {
    let texts: Vec<String> = texts.iter().map(|t| t.to_lowercase()).collect();
    filter
        .to_lowercase()
        .split_whitespace()
        .all(|word| texts.iter().any(|t| t.contains(word)))
}

fn my_name(view: &TurnView) -> Option<&str> {
    view.player.as_ref().map(|p| p.name.as_str())
}

/// The worlds to list, filtered and sorted.
#[cfg(test)]
pub fn world_rows(listed: &Listed<'_>, state: &ListsState) -> Vec<Row> {
    world_rows_counted(listed, state, &FleetCounts::of(listed))
}

/// [`world_rows`] with the fleets per world counted already.
fn world_rows_counted(listed: &Listed<'_>, state: &ListsState, counts: &FleetCounts) -> Vec<Row> {
    let me = my_name(listed.own);
    let source = listed.source_filter(state);
    let mut rows: Vec<(Row, &WorldView)> = listed
        .worlds()
        .into_iter()
        .filter(|row| source.keeps(row.source()))
        .filter_map(|row| Some((row, listed.world(row)?)))
        .filter(|(_, w)| {
            !state.mine_only
                || me.is_some_and(|me| w.owner.as_ref().and_then(|o| o.name.as_deref()) == Some(me))
        })
        .filter(|(_, w)| {
            if state.filter.trim().is_empty() {
                return true;
            }
            let mut texts = vec![format::world_id(w), format::world_owner(w.owner.as_ref())];
            texts.extend(w.name().map(String::from));
            matches(&state.filter, &texts)
        })
        .collect();
    let sort = state.world_sort;
    rows.sort_by(|(ra, a), (rb, b)| {
        sort.column
            .key(counts, ra.source(), a)
            .compare(&sort.column.key(counts, rb.source(), b), sort.descending)
            .then(a.id.cmp(&b.id))
    });
    rows.into_iter().map(|(row, _)| row).collect()
}

/// The fleets to list, filtered and sorted.
pub fn fleet_rows(listed: &Listed<'_>, state: &ListsState) -> Vec<Row> {
    let me = my_name(listed.own);
    let source = listed.source_filter(state);
    let mut rows: Vec<(Row, &FleetView)> = listed
        .fleets()
        .into_iter()
        .filter(|row| source.keeps(row.source()))
        .filter_map(|row| Some((row, listed.fleet(row)?)))
        .filter(|(_, f)| !state.mine_only || (me.is_some() && f.owner.as_deref() == me))
        .filter(|(_, f)| {
            if state.filter.trim().is_empty() {
                return true;
            }
            let texts = vec![
                format::fleet_id(f),
                format::fleet_owner(f),
                f.world.map(|w| format!("M_{w}")).unwrap_or_default(),
            ];
            matches(&state.filter, &texts)
        })
        .collect();
    let sort = state.fleet_sort;
    rows.sort_by(|(_, a), (_, b)| {
        sort.column
            .key(a)
            .compare(&sort.column.key(b), sort.descending)
            .then(a.id.cmp(&b.id))
    });
    rows.into_iter().map(|(row, _)| row).collect()
}

/// A row's key cell: an ally's row in italics (the map marks what only an ally
/// saw with a ring; the list, with the slant).
fn id_text(text: String, row: Row) -> RichText {
    let text = RichText::new(text);
    if row.source() == 0 {
        text
    } else {
        text.italics()
    }
}

/// "Vu par Miria au tour 5".
fn seen_by(lang: Lang, ally: &str, view: &TurnView) -> String {
    tr_args(
        lang,
        "gui-seen-by-ally",
        &[
            ("ally", ally),
            (
                "turn",
                &view.turn.map_or_else(|| "?".to_string(), |t| t.to_string()),
            ),
        ],
    )
}

/// A cell of the predicted turn: "≈ 63" when the value is random, its outcomes
/// with their odds on hover (as the preview window writes them); else as
/// [`value_cell`].
fn odds_cell(
    ui: &mut egui::Ui,
    lang: Lang,
    text: &str,
    odds: Option<&Distribution>,
    field: Option<Field>,
) {
    let (Some(d), Some(field)) = (odds, field) else {
        value_cell(ui, lang, text);
        return;
    };
    let spread = crate::gui::preview::spread_text(d, field, lang);
    ui.label(format!("≈ {text}")).on_hover_text(tr_args(
        lang,
        "gui-predicted-spread",
        &[("spread", &spread)],
    ));
}

/// A table cell: the text, shown faint with an explanation when unknown.
fn value_cell(ui: &mut egui::Ui, lang: Lang, text: &str) {
    if text == UNKNOWN {
        ui.weak(UNKNOWN).on_hover_text(tr(lang, "gui-unknown-hint"));
    } else {
        ui.label(text);
    }
}

/// A clickable column header, with the sort direction when it is the sort column.
/// (The arrows are drawn with the monospace font, which has them on every system.)
pub fn header_button(ui: &mut egui::Ui, label: &str, sorted: Option<bool>) -> bool {
    let clicked = ui
        .add(egui::Button::new(RichText::new(label).strong()).frame(false))
        .clicked();
    match sorted {
        Some(false) => {
            ui.label(RichText::new("▲").monospace());
        }
        Some(true) => {
            ui.label(RichText::new("▼").monospace());
        }
        None => {}
    }
    clicked
}

/// Filters and sorts the rows again when what they depend on changed.
fn refresh_rows(listed: &Listed<'_>, state: &mut ListsState, generation: u64) {
    let mut rows = std::mem::take(&mut state.rows);
    rows.refresh(listed, state, generation);
    state.rows = rows;
}

/// Draws the panel.
pub fn lists_ui(ui: &mut egui::Ui, cx: &mut UiContext<'_>, state: &mut ListsState) {
    let Some(view) = cx.view() else {
        return;
    };
    let knowledge = cx.knowledge;
    let listed = Listed {
        own: view,
        allies: view
            .turn
            .map(|turn| knowledge.ally_views_up_to(turn))
            .unwrap_or_default(),
    };
    let lang = cx.lang;
    let generation = cx.session.generation();
    refresh_rows(&listed, state, generation);
    ui.horizontal(|ui| {
        let worlds = tr_args(
            lang,
            "gui-tab-worlds",
            &[("count", &state.rows.world_count.to_string())],
        );
        let fleets = tr_args(
            lang,
            "gui-tab-fleets",
            &[("count", &state.rows.fleet_count.to_string())],
        );
        ui.selectable_value(&mut state.tab, ListTab::Worlds, worlds);
        ui.selectable_value(&mut state.tab, ListTab::Fleets, fleets);
    });
    // Wrapped: on a narrow panel "mine only" goes under the filter, whole.
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(tr(lang, "gui-filter"));
        let edit = ui
            .add(
                egui::TextEdit::singleline(&mut state.filter)
                    .hint_text(tr(lang, "gui-filter-hint"))
                    .desired_width(160.0),
            )
            .labelled_by(label.id);
        if state.focus_filter {
            edit.request_focus();
            state.focus_filter = false;
        }
        if !state.filter.is_empty()
            && ui
                .button("x")
                .on_hover_text(tr(lang, "gui-filter-clear"))
                .clicked()
        {
            state.filter.clear();
        }
        ui.checkbox(&mut state.mine_only, tr(lang, "gui-mine-only"));
        if !listed.allies.is_empty() {
            let combo = egui::ComboBox::from_id_salt("lists-source")
                .selected_text(tr(lang, state.source.message_id()))
                .show_ui(ui, |ui| {
                    for source in SourceFilter::ALL {
                        ui.selectable_value(
                            &mut state.source,
                            source,
                            tr(lang, source.message_id()),
                        );
                    }
                })
                .response
                .on_hover_text(tr(lang, "gui-source-hint"));
            combo.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::ComboBox, true, tr(lang, "gui-source"))
            });
        }
    });
    ui.separator();
    // The filters may have changed above: the rows follow this frame.
    refresh_rows(&listed, state, generation);
    // A narrow panel scrolls the table sideways: the key column (the world or
    // the fleet) comes first and every column keeps its width.
    egui::ScrollArea::horizontal()
        .id_salt(("lists-sideways", state.tab == ListTab::Worlds))
        .show(ui, |ui| match state.tab {
            ListTab::Worlds => worlds_table_ui(ui, cx, &listed, state),
            ListTab::Fleets => fleets_table_ui(ui, cx, &listed, state),
        });
}

fn table<'a>(ui: &'a mut egui::Ui, salt: &str, columns: usize) -> TableBuilder<'a> {
    let mut builder = TableBuilder::new(ui)
        .id_salt(salt)
        .striped(true)
        .resizable(true)
        .sense(Sense::click())
        .auto_shrink([false, false])
        .min_scrolled_height(0.0)
        .cell_layout(Layout::left_to_right(Align::Center))
        .column(Column::auto().at_least(64.0));
    for _ in 1..columns.saturating_sub(1) {
        builder = builder.column(Column::auto().at_least(28.0));
    }
    builder.column(Column::remainder().at_least(28.0))
}

fn worlds_table_ui(
    ui: &mut egui::Ui,
    cx: &mut UiContext<'_>,
    listed: &Listed<'_>,
    state: &mut ListsState,
) {
    let rows = std::mem::take(&mut state.rows.worlds);
    let counts = std::mem::take(&mut state.rows.counts);
    worlds_rows_ui(ui, cx, listed, state, &rows, &counts);
    state.rows.worlds = rows;
    state.rows.counts = counts;
}

/// The worlds' table on `rows` (filtered and sorted).
fn worlds_rows_ui(
    ui: &mut egui::Ui,
    cx: &mut UiContext<'_>,
    listed: &Listed<'_>,
    state: &mut ListsState,
    rows: &[Row],
    counts: &FleetCounts,
) {
    let (selection, lang, uncertain) = (cx.selection, cx.lang, cx.uncertain);
    if rows.is_empty() {
        ui.weak(tr(lang, "gui-list-empty"));
        return;
    }
    let row_height = ui.text_style_height(&egui::TextStyle::Body) + 4.0;
    let sort = &mut state.world_sort;
    table(ui, "worlds", WorldColumn::ALL.len())
        .header(row_height, |mut header| {
            for column in WorldColumn::ALL {
                header.col(|ui| {
                    let sorted = (sort.column == column).then_some(sort.descending);
                    if header_button(ui, &tr(lang, column.message_id()), sorted) {
                        sort.click(column);
                    }
                });
            }
        })
        .body(|body| {
            body.rows(row_height, rows.len(), |mut row| {
                let Some(&at) = rows.get(row.index()) else {
                    return;
                };
                let Some(world) = listed.world(at) else {
                    return;
                };
                let view = listed.view(at.source());
                let selected = selection == Some(Selection::World(world.id));
                row.set_selected(selected);
                let mut clicked = false;
                row.col(|ui| {
                    let mut response =
                        ui.selectable_label(selected, id_text(format::world_id(world), at));
                    if let Some(name) = &world.name() {
                        response = response.on_hover_text(format!("\"{name}\""));
                    }
                    if let Some(ally) = listed.ally_name(at.source()) {
                        response = response.on_hover_text(seen_by(lang, ally, view));
                    }
                    clicked |= response.clicked();
                });
                let owner = if world.black_hole {
                    tr(lang, "gui-flag-black-hole")
                } else {
                    format::world_owner(world.owner.as_ref())
                };
                let cells = [
                    (owner, Some(Field::Owned)),
                    (format::industries(world), Some(Field::Industries)),
                    (format::opt(world.vi()), Some(Field::Vi)),
                    (format::population(world), Some(Field::Population)),
                    (format::opt(world.vp()), Some(Field::Vp)),
                    (format::mp(world), Some(Field::Mp)),
                    (counts.on(at.source(), world.id).to_string(), None),
                ];
                for (cell, field) in cells {
                    let odds = field.and_then(|field| {
                        uncertain?.get(&ValueKey {
                            item: Item::World(world.id),
                            field,
                        })
                    });
                    row.col(|ui| odds_cell(ui, lang, &cell, odds, field));
                }
                if clicked || row.response().clicked() {
                    cx.send(Command::Select(Some(Selection::World(world.id))));
                }
            });
        });
}

fn fleets_table_ui(
    ui: &mut egui::Ui,
    cx: &mut UiContext<'_>,
    listed: &Listed<'_>,
    state: &mut ListsState,
) {
    let rows = std::mem::take(&mut state.rows.fleets);
    fleets_rows_ui(ui, cx, listed, state, &rows);
    state.rows.fleets = rows;
}

/// The fleets' table on `rows` (filtered and sorted).
fn fleets_rows_ui(
    ui: &mut egui::Ui,
    cx: &mut UiContext<'_>,
    listed: &Listed<'_>,
    state: &mut ListsState,
    rows: &[Row],
) {
    let (selection, lang, uncertain) = (cx.selection, cx.lang, cx.uncertain);
    if rows.is_empty() {
        ui.weak(tr(lang, "gui-list-empty"));
        return;
    }
    let row_height = ui.text_style_height(&egui::TextStyle::Body) + 4.0;
    let sort = &mut state.fleet_sort;
    table(ui, "fleets", FleetColumn::ALL.len())
        .header(row_height, |mut header| {
            for column in FleetColumn::ALL {
                header.col(|ui| {
                    let sorted = (sort.column == column).then_some(sort.descending);
                    if header_button(ui, &tr(lang, column.message_id()), sorted) {
                        sort.click(column);
                    }
                });
            }
        })
        .body(|body| {
            body.rows(row_height, rows.len(), |mut row| {
                let Some(&at) = rows.get(row.index()) else {
                    return;
                };
                let Some(fleet) = listed.fleet(at) else {
                    return;
                };
                let selected = selection == Some(Selection::Fleet(fleet.id));
                row.set_selected(selected);
                let mut clicked = false;
                row.col(|ui| {
                    let mut response =
                        ui.selectable_label(selected, id_text(format::fleet_id(fleet), at));
                    if let Some(ally) = listed.ally_name(at.source()) {
                        response =
                            response.on_hover_text(seen_by(lang, ally, listed.view(at.source())));
                    }
                    clicked |= response.clicked();
                });
                let owner = format::fleet_owner(fleet);
                row.col(|ui| {
                    let response = ui.label(&owner);
                    if fleet.at_peace == Some(true) {
                        response.on_hover_text(tr(lang, "gui-at-peace"));
                    }
                });
                let cells = [
                    (
                        fleet
                            .world
                            .map_or_else(|| UNKNOWN.to_string(), |w| format!("M_{w}")),
                        Some(Field::Position),
                    ),
                    (format::ships(fleet), Some(Field::Vc)),
                    (format::cargo(fleet.cargo.as_ref()), Some(Field::CargoMp)),
                ];
                for (cell, field) in cells {
                    let odds = field.and_then(|field| {
                        uncertain?.get(&ValueKey {
                            item: Item::Fleet(fleet.id),
                            field,
                        })
                    });
                    row.col(|ui| odds_cell(ui, lang, &cell, odds, field));
                }
                if clicked || row.response().clicked() {
                    cx.send(Command::Select(Some(Selection::Fleet(fleet.id))));
                }
            });
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::view::{Count, OwnerView, PlayerRef};

    fn world(id: u32, owner: Option<&str>, population: Option<u32>) -> WorldView {
        WorldView {
            id,
            owner: Some(OwnerView {
                name: owner.map(Into::into),
                ..OwnerView::default()
            }),
            ..WorldView::default()
        }
        .with_counts([(Count::Population, population)])
    }

    fn view() -> TurnView {
        TurnView {
            player: Some(PlayerRef {
                name: "Maxtor".into(),
                number: Some(5),
            }),
            worlds: vec![
                world(48, Some("Maxtor"), Some(99)),
                world(123, Some("Miria"), None),
                world(256, None, Some(64)),
                world(7, Some("Maxtor"), Some(8)),
            ],
            ..TurnView::default()
        }
    }

    fn ids(view: &TurnView, rows: &[Row]) -> Vec<u32> {
        rows.iter().map(|r| view.worlds[r.index()].id).collect()
    }

    #[test]
    fn sorting_keeps_unknown_values_last_in_both_directions() {
        let view = view();
        let mut state = ListsState::default();
        assert_eq!(
            ids(&view, &world_rows(&Listed::own(&view), &state)),
            [7, 48, 123, 256]
        );
        state.world_sort.click(WorldColumn::Population);
        assert_eq!(
            ids(&view, &world_rows(&Listed::own(&view), &state)),
            [7, 256, 48, 123]
        );
        state.world_sort.click(WorldColumn::Population);
        assert!(state.world_sort.descending);
        assert_eq!(
            ids(&view, &world_rows(&Listed::own(&view), &state)),
            [48, 256, 7, 123]
        );
    }

    #[test]
    fn an_allys_rows_follow_for_what_the_own_report_lacks_and_filter_by_source() {
        let own = view();
        let described = |id, owner| WorldView {
            line: 1,
            ..world(id, owner, Some(1))
        };
        let ally = TurnView {
            turn: Some(5),
            worlds: vec![described(48, Some("Miria")), described(13, Some("Miria"))],
            fleets: vec![FleetView {
                id: 20,
                world: Some(13),
                ..FleetView::default()
            }],
            ..TurnView::default()
        };
        let listed = Listed {
            own: &own,
            allies: vec![("Miria", &ally)],
        };
        let mut state = ListsState::default();
        let rows = world_rows(&listed, &state);
        let ids_sources: Vec<(u32, usize)> = rows
            .iter()
            .filter_map(|&r| Some((listed.world(r)?.id, r.source())))
            .collect();
        // M_48 from his own report, M_13 only from hers.
        assert_eq!(ids_sources, [(7, 0), (13, 1), (48, 0), (123, 0), (256, 0)]);
        state.source = SourceFilter::Allies;
        let rows = world_rows(&listed, &state);
        assert_eq!(
            rows,
            [Row {
                source: 1,
                index: 1
            }]
        );
        assert_eq!(
            fleet_rows(&listed, &state),
            [Row {
                source: 1,
                index: 0
            }]
        );
        state.source = SourceFilter::Own;
        assert_eq!(world_rows(&listed, &state).len(), 4);
        assert!(fleet_rows(&listed, &state).is_empty());
        // Without allies' reports the filter, left on "allies'", hides nothing.
        state.source = SourceFilter::Allies;
        assert_eq!(world_rows(&Listed::own(&own), &state).len(), 4);
    }

    #[test]
    fn filter_matches_every_word_and_mine_only_keeps_own_worlds() {
        let view = view();
        let mut state = ListsState {
            filter: "maxtor M_4".into(),
            ..ListsState::default()
        };
        assert_eq!(ids(&view, &world_rows(&Listed::own(&view), &state)), [48]);
        state.filter.clear();
        state.mine_only = true;
        assert_eq!(
            ids(&view, &world_rows(&Listed::own(&view), &state)),
            [7, 48]
        );
    }
}
