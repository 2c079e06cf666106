//! [`NebutilApp`]: the state of the application (this file), the one place
//! where commands change it (`commands.rs`, with `open.rs` for the files), and
//! the frame layout (`ui.rs`).

mod commands;
mod knowledge_job;
mod open;
mod prediction;
mod ui;

pub use prediction::Prediction;

use std::path::PathBuf;

use super::arbiter::ArbiterState;
use super::command::{Command, Selection};
use super::diagnostics::{self, DiagnosticsState};
use super::editor::{self, EditorContext, EditorPrefs, EditorState};
use super::header::HeaderEdit;
use super::inspector::CentralState;
use super::map::{self, MapState};
use super::menu::Notice;
use super::plots::PlotsState;
use super::preview::PreviewState;
use super::rulings::RulingsState;
use super::session::{LoadedTurn, Session};
use super::settings::{self, Settings, ThemeChoice};
use super::simulator::SimulatorState;
use super::tables::{self, ListsState};
use super::windows::Windows;
use crate::i18n::Lang;
use crate::model::knowledge::Knowledge;

pub use knowledge_job::BACKGROUND_ITEMS;
pub use open::seat_text;
pub use ui::WINDOW_TITLE;

/// How many notices are kept (oldest dropped).
const MAX_NOTICES: usize = 8;

/// The desktop application.
pub struct NebutilApp {
    /// The next turn as the last preview predicted it (for the turn shown).
    prediction: Option<Prediction>,
    /// The predicted turn is shown instead of the real one.
    showing_prediction: bool,
    /// The real turn (index, session generation) the last preview was asked on.
    preview_base: Option<(usize, u64)>,
    /// Where the draft's orders happen on the map, for (editor check, knowledge).
    draft_marks: Option<(DraftMarksKey, Vec<crate::orders::place::Placed>)>,
    settings: Settings,
    lists: ListsState,
    diagnostics: DiagnosticsState,
    session: Session,
    /// Index of the current turn in the session.
    current: usize,
    selection: Option<Selection>,
    central: CentralState,
    /// The threat next turn at the turn shown (computed with the knowledge).
    threats: Vec<crate::model::threat::Threat>,
    notices: Vec<Notice>,
    /// The older notices are shown too (not only the newest).
    notices_expanded: bool,
    /// The pointer was on the notices last frame: they do not go meanwhile.
    notices_hovered: bool,
    /// The floating windows (the registry).
    windows: Windows,
    /// Commands sent during the frame, handled at its end.
    commands: Vec<Command>,
    /// The theme last given to egui.
    applied_theme: Option<ThemeChoice>,
    /// The window title last sent.
    title: String,
    /// What the player knew at the current turn (see [`Session::knowledge_at`]),
    /// shared with background work (the proposals of "send a fleet here").
    knowledge: std::sync::Arc<Knowledge>,
    /// The (current turn, session generation) the knowledge was built for.
    knowledge_key: Option<(usize, u64)>,
    /// The knowledge of a big turn being built in the background.
    knowledge_job: Option<knowledge_job::KnowledgeJob>,
    /// When what a big turn's build freed goes back to the system (once its
    /// first frames have replaced the lists, labels and badges).
    release_memory_at: Option<std::time::Instant>,
    /// The order editor.
    editor: EditorState,
    /// The galaxy map (the central panel when shown).
    map: MapState,
    /// The orders proposed by the map's menus and the inspector.
    proposals: super::editor::quick::ProposalCache,
    /// "View as player n" waits for the user's word: it would close turns or
    /// leave unsaved orders (see [`NebutilApp::view_as_would_lose`]).
    view_as_pending: Option<ViewAsPending>,
    /// Files of another game or player wait for the player's answer.
    replace_pending: Option<ReplacePending>,
    /// The turn and player being stated for a CR that does not tell them.
    header_edit: HeaderEdit,
    /// The main window shows the arbiter's galaxy, made from the game as read
    /// at this generation ([`ArbiterState::generation`]); `None`: a player's
    /// reports.
    desk: Option<u64>,
    /// On the galaxy: who knows each world (a copy of the arbiter's, for the
    /// inspector).
    desk_knowers: std::collections::BTreeMap<crate::model::WorldId, Vec<crate::model::PlayerId>>,
}

/// Files just opened of another game or player than the turns loaded: they
/// replace them once the player agrees (his orders are saved in no draft).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplacePending {
    /// The turns just opened (they stay).
    pub opened: Vec<super::session::SourceOrigin>,
    /// How many loaded turns would be closed.
    pub closed_turns: usize,
}

/// What "view as player n" would replace, shown in its confirmation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViewAsPending {
    /// The player whose files would be loaded.
    pub number: u32,
    /// Loaded turns that are not among his files (they would be closed).
    pub closed_turns: usize,
    /// The order editor holds text saved in no draft.
    pub unsaved_orders: bool,
}

impl NebutilApp {
    /// The application as eframe creates it: settings from eframe's storage, then
    /// the given files — or the demo game when none is given. No data folder
    /// (see [`NebutilApp::with_data_dir`]).
    pub fn new(cc: &eframe::CreationContext<'_>, paths: Vec<PathBuf>) -> Self {
        let storage = cc.storage;
        // First start (nothing remembered): the system's language.
        let settings: Settings = storage
            .and_then(|s| eframe::get_value(s, settings::STORAGE_KEY))
            .unwrap_or_else(|| Settings {
                lang: crate::system::lang(),
                ..Settings::default()
            });
        let lists: ListsState = storage
            .and_then(|s| eframe::get_value(s, tables::STORAGE_KEY))
            .unwrap_or_default();
        let diagnostics: DiagnosticsState = storage
            .and_then(|s| eframe::get_value(s, diagnostics::STORAGE_KEY))
            .unwrap_or_default();
        let map: MapState = storage
            .and_then(|s| eframe::get_value(s, map::STORAGE_KEY))
            .unwrap_or_default();
        let editor: EditorPrefs = storage
            .and_then(|s| eframe::get_value(s, editor::STORAGE_KEY))
            .unwrap_or_default();
        let mut app = Self::with_settings(settings, paths);
        app.editor.apply_prefs(editor);
        app.lists = lists;
        app.map = map;
        app.diagnostics = diagnostics;
        app.apply_theme(&cc.egui_ctx);
        app
    }

    /// The application with the given settings (no eframe storage), then the given
    /// files — or the demo game when none is given.
    pub fn with_settings(settings: Settings, paths: Vec<PathBuf>) -> Self {
        let mut app = NebutilApp {
            settings,
            lists: ListsState::default(),
            diagnostics: DiagnosticsState::default(),
            session: Session::default(),
            current: 0,
            selection: None,
            central: CentralState::default(),
            threats: Vec::new(),
            notices: Vec::new(),
            notices_expanded: false,
            notices_hovered: false,
            windows: Windows::default(),
            commands: Vec::new(),
            applied_theme: None,
            title: String::new(),
            knowledge: std::sync::Arc::new(Knowledge::new()),
            knowledge_key: None,
            knowledge_job: None,
            release_memory_at: None,
            editor: EditorState::default(),
            map: MapState::default(),
            proposals: super::editor::quick::ProposalCache::default(),
            view_as_pending: None,
            replace_pending: None,
            draft_marks: None,
            prediction: None,
            showing_prediction: false,
            preview_base: None,
            header_edit: HeaderEdit::default(),
            desk: None,
            desk_knowers: std::collections::BTreeMap::new(),
        };
        if paths.is_empty() {
            app.open_demo();
        } else {
            app.open_files(&paths);
        }
        app.refresh_knowledge();
        app
    }

    /// Where the draft's orders happen on the map (as last computed).
    pub fn draft_marks(&self) -> &[crate::orders::place::Placed] {
        self.draft_marks.as_ref().map_or(&[], |(_, marks)| marks)
    }

    /// The loaded turns.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The turn shown.
    pub fn current_turn(&self) -> Option<&LoadedTurn> {
        self.session.turn(self.current)
    }

    /// What the player knew at the current turn.
    pub fn knowledge(&self) -> &Knowledge {
        &self.knowledge
    }

    /// The threat next turn at the turn shown.
    pub fn threats(&self) -> &[crate::model::threat::Threat] {
        &self.threats
    }

    /// The worlds' and fleets' lists.
    pub fn lists(&self) -> &ListsState {
        &self.lists
    }

    /// The galaxy map.
    pub fn map(&self) -> &MapState {
        &self.map
    }

    /// The combat simulator window.
    pub fn simulator(&self) -> &SimulatorState {
        &self.windows.simulator
    }

    /// The what-if preview window.
    pub fn preview(&self) -> &PreviewState {
        &self.windows.preview
    }

    /// The arbiter's view.
    pub fn arbiter(&self) -> &ArbiterState {
        &self.windows.arbiter
    }

    /// The main window shows the arbiter's galaxy (the desk), not a player's
    /// reports.
    pub fn shows_galaxy(&self) -> bool {
        self.desk.is_some()
    }

    /// The floating windows shown.
    /// The mail window's state (what it built, sent and filed).
    pub fn courrier(&self) -> &crate::gui::courrier::CourrierState {
        &self.windows.courrier
    }

    pub fn windows_shown(&self) -> Vec<crate::gui::WindowId> {
        self.windows.shown()
    }

    /// The window's title as last sent.
    pub fn window_title(&self) -> &str {
        &self.title
    }

    /// The plots window.
    pub fn plots(&self) -> &PlotsState {
        &self.windows.plots
    }

    /// The rulings window.
    pub fn rulings(&self) -> &RulingsState {
        &self.windows.rulings
    }

    /// "View as player n" waiting for confirmation.
    pub fn replace_pending(&self) -> Option<&ReplacePending> {
        self.replace_pending.as_ref()
    }

    pub fn view_as_pending(&self) -> Option<&ViewAsPending> {
        self.view_as_pending.as_ref()
    }

    /// The order editor.
    pub fn editor(&self) -> &EditorState {
        &self.editor
    }

    /// The data folder: the order drafts are kept in `dir` (and exports are
    /// offered there). An app is made without one and saves no draft: `gui::run`
    /// gives the user's (or `NEBUTIL_DATA_DIR`), tests a temporary folder.
    /// `None`: drafts are not saved.
    pub fn with_data_dir(mut self, dir: Option<PathBuf>) -> Self {
        self.windows.courrier.set_data_dir(dir.clone());
        self.editor.set_data_dir(dir);
        self
    }

    pub fn selection(&self) -> Option<Selection> {
        self.selection
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The notices shown, oldest first, in the interface language.
    pub fn notices(&self) -> Vec<String> {
        self.notices
            .iter()
            .map(|n| n.text(self.settings.lang))
            .collect()
    }

    /// Sends a command, handled at the end of the next frame.
    pub fn send(&mut self, command: Command) {
        self.commands.push(command);
    }

    fn lang(&self) -> Lang {
        self.settings.lang
    }

    fn notify(&mut self, notice: Notice) {
        // The same thing said again is said once, as new (its time starts again).
        self.notices.retain(|n| {
            (n.severity, &n.id, &n.args) != (notice.severity, &notice.id, &notice.args)
        });
        self.notices.push(notice);
        if self.notices.len() > MAX_NOTICES {
            self.notices.remove(0);
        }
    }

    fn apply_theme(&mut self, ctx: &egui::Context) {
        if self.applied_theme != Some(self.settings.theme) {
            ctx.set_theme(self.settings.theme.preference());
            // A steady text cursor: a blinking one repaints the whole window
            // twice a second while a text field has the focus (a quarter of a
            // core on the order editor); nothing moves, nothing is drawn.
            ctx.all_styles_mut(|style| style.visuals.text_cursor.blink = false);
            self.applied_theme = Some(self.settings.theme);
        }
    }

    /// Where the draft's orders happen on the map, computed again when the
    /// editor checked a new text or the knowledge changed.
    fn refresh_draft_marks(&mut self) {
        let key = (
            self.editor.check_generation(),
            self.knowledge_key.unwrap_or_default(),
        );
        if self.draft_marks.as_ref().is_some_and(|(k, _)| *k == key) {
            return;
        }
        let player = crate::orders::validate::PlayerContext::new(&self.knowledge);
        let dep = player
            .tech_line(crate::model::Tech::Dep)
            .map(|fact| fact.level);
        let marks = crate::orders::place::place_orders(self.editor.checked(), &player, dep);
        self.draft_marks = Some((key, marks));
    }

    /// The order editor follows the turn shown (its draft), checks and autosaves.
    fn update_editor(&mut self, ctx: &egui::Context) {
        let turn = self.session.turn(self.current);
        let context = EditorContext {
            knowledge: &self.knowledge,
            view: turn.map(|t| &*t.view),
            ruleset: turn
                .and_then(|t| t.nbt.as_ref())
                .and_then(|n| n.file.ruleset.as_deref()),
            revision: self.knowledge_key.unwrap_or_default(),
            source: turn.and_then(|t| t.cr.path()),
            lang: self.lang(),
        };
        self.editor.update(ctx, &context);
    }
}

/// What the draft's marks were computed for: the editor's check and the
/// knowledge's key.
type DraftMarksKey = (u64, (usize, u64));

impl eframe::App for NebutilApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        self.apply_theme(&ctx);
        self.input(&ctx);
        self.refresh_draft_marks();
        let mut commands = std::mem::take(&mut self.commands);
        self.frame_ui(ui, &mut commands);
        for command in commands {
            self.handle(&ctx, command);
        }
        self.follow_galaxy();
        self.refresh_knowledge();
        self.release_memory_when_settled(&ctx);
        if self.knowledge_pending() {
            // Looked at again until the background build is in.
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        self.refresh_prediction();
        self.update_editor(&ctx);
        self.update_title(&ctx);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, settings::STORAGE_KEY, &self.settings);
        eframe::set_value(storage, tables::STORAGE_KEY, &self.lists);
        eframe::set_value(storage, diagnostics::STORAGE_KEY, &self.diagnostics);
        eframe::set_value(storage, editor::STORAGE_KEY, &self.editor.prefs());
        eframe::set_value(storage, map::STORAGE_KEY, &self.map);
    }
}
