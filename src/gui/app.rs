//! [`NebutilApp`]: the state of the application, the frame layout, and the one
//! place where commands change the state.

use std::path::PathBuf;

use egui::{Align2, Color32, Id, LayerId, Order};

use super::arbiter::{ArbiterCommand, ArbiterState, arbiter_window, is_game_path};
use super::command::{Command, Selection, WindowKind};
use super::demo;
use super::diagnostics::{self, DiagnosticsState, diagnostics_ui};
use super::editor::{self, EditorContext, EditorPrefs, EditorState, editor_ui};
use super::first_steps::{DemoFacts, first_steps_ui};
use super::header::{HeaderEdit, header_bar_ui};
use super::help::{self, Action, Windows, windows_ui};
use super::inspector::{self, CentralState, CentralTab, central_ui};
use super::map::{self, MapInput, MapState, map_ui};
use super::menu::{MenuContext, Notice, Shown, menu_bar_ui, notices_ui, turn_bar_ui};
use super::path_prompt::{self, DialogAnswer};
use super::plots::{PlotsState, plots_window};
use super::preview::{self, PreviewState, preview_window};
use super::rulings::{RulingsState, rulings_window};
use super::session::{
    FileRole, LoadError, Loaded, LoadedTurn, Session, SourceOrigin, display_name,
};
use super::settings::{self, Settings, ThemeChoice};
use super::status::status_ui;
use super::tables::{self, ListTab, ListsState, lists_ui};
use crate::diagnostic::Severity;
use crate::i18n::{Lang, tr, tr_args};
use crate::model::knowledge::Knowledge;

/// The window title without a turn.
pub const WINDOW_TITLE: &str = "Nébutil NG";

/// How many notices are kept (oldest dropped).
const MAX_NOTICES: usize = 8;

/// The desktop application.
pub struct NebutilApp {
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
    notices: Vec<Notice>,
    windows: Windows,
    /// Commands sent during the frame, handled at its end.
    commands: Vec<Command>,
    /// The theme last given to egui.
    applied_theme: Option<ThemeChoice>,
    /// The window title last sent.
    title: String,
    /// What the player knew at the current turn (see [`Session::knowledge_at`]).
    knowledge: Knowledge,
    /// The (current turn, session generation) the knowledge was built for.
    knowledge_key: Option<(usize, u64)>,
    /// The order editor.
    editor: EditorState,
    /// The galaxy map (the central panel when shown).
    map: MapState,
    /// The orders proposed by the map's menus and the inspector.
    proposals: super::editor::quick::ProposalCache,
    /// The combat simulator window.
    simulator: super::simulator::SimulatorState,
    /// The what-if preview window.
    preview: PreviewState,
    /// The arbiter's view (a game folder).
    arbiter: ArbiterState,
    /// The plots window.
    plots: PlotsState,
    /// The rulings window.
    rulings: RulingsState,
    /// "View as player n" waits for the user's word: it would close turns or
    /// leave unsaved orders (see [`NebutilApp::view_as_would_lose`]).
    view_as_pending: Option<ViewAsPending>,
    /// The turn and player being stated for a CR that does not tell them.
    header_edit: HeaderEdit,
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
        let settings: Settings = storage
            .and_then(|s| eframe::get_value(s, settings::STORAGE_KEY))
            .unwrap_or_default();
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
            notices: Vec::new(),
            windows: Windows::default(),
            commands: Vec::new(),
            applied_theme: None,
            title: String::new(),
            knowledge: Knowledge::new(),
            knowledge_key: None,
            editor: EditorState::default(),
            map: MapState::default(),
            proposals: super::editor::quick::ProposalCache::default(),
            simulator: Default::default(),
            preview: PreviewState::default(),
            arbiter: ArbiterState::default(),
            plots: PlotsState::default(),
            rulings: RulingsState::default(),
            view_as_pending: None,
            draft_marks: None,
            header_edit: HeaderEdit::default(),
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

    /// Rebuilds the knowledge when the current turn or the loaded turns changed.
    fn refresh_knowledge(&mut self) {
        let key = (self.current, self.session.generation());
        if self.knowledge_key != Some(key) {
            self.knowledge = self.session.knowledge_at(self.current);
            self.knowledge_key = Some(key);
        }
    }

    /// The galaxy map.
    pub fn map(&self) -> &MapState {
        &self.map
    }

    /// The combat simulator window.
    pub fn simulator(&self) -> &super::simulator::SimulatorState {
        &self.simulator
    }

    /// The what-if preview window.
    pub fn preview(&self) -> &PreviewState {
        &self.preview
    }

    /// The arbiter's view.
    pub fn arbiter(&self) -> &ArbiterState {
        &self.arbiter
    }

    /// The plots window.
    pub fn plots(&self) -> &PlotsState {
        &self.plots
    }

    /// The rulings window.
    pub fn rulings(&self) -> &RulingsState {
        &self.rulings
    }

    /// "View as player n" waiting for confirmation.
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

    fn open_demo(&mut self) {
        self.current = demo::load(&mut self.session);
    }

    /// Opens files; the last turn among the CRs opened becomes the current one.
    /// A file that cannot be opened gives a notice; the others still open.
    fn open_files(&mut self, paths: &[PathBuf]) {
        // A game folder or save goes to the arbiter's view.
        let (games, paths): (Vec<&PathBuf>, Vec<&PathBuf>) =
            paths.iter().partition(|p| is_game_path(p));
        for path in games {
            if !self.arbiter.open_game(path, self.lang()) {
                let error = self.arbiter.error().unwrap_or_default().to_string();
                self.notify(Notice::new(
                    Severity::Error,
                    "gui-arbiter-open-failed",
                    vec![("error".into(), error)],
                ));
            }
        }
        let before = self.current_origin();
        let mut opened: Vec<SourceOrigin> = Vec::new();
        // A CR brings the `.NBT` of its name when that is not opened with it
        // (not remembered as a recent file of its own).
        let mut all: Vec<(PathBuf, bool)> = Vec::new();
        for path in &paths {
            all.push(((*path).clone(), false));
            if !super::session::is_nbt_path(path)
                && let Some(nbt) = crate::storage::beside::nbt_path(path)
                && !paths.iter().any(|p| **p == nbt)
            {
                all.push((nbt, true));
            }
        }
        for (path, companion) in &all {
            let path = path.as_path();
            match self.session.open_path(path) {
                Ok(loaded) => {
                    if !companion {
                        self.settings.remember(path);
                    }
                    match loaded {
                        Loaded::Cr(index) => {
                            if let Some(turn) = self.session.turn(index) {
                                opened.push(turn.cr.origin.clone());
                                if nothing_read(turn) {
                                    self.notify(Notice::new(
                                        Severity::Warning,
                                        "gui-warning-nothing-read",
                                        vec![("file".into(), display_name(path))],
                                    ));
                                }
                            }
                        }
                        Loaded::NbtAttached(index) => {
                            if let Some(turn) = self.session.turn(index) {
                                opened.push(turn.cr.origin.clone());
                            }
                        }
                        Loaded::NbtPending { turn } => self.notify(Notice::new(
                            Severity::Info,
                            "gui-nbt-pending",
                            vec![
                                ("file".into(), display_name(path)),
                                ("turn".into(), turn.to_string()),
                            ],
                        )),
                    }
                }
                Err(error) => {
                    let args = error.args(self.lang());
                    self.notify(Notice::new(Severity::Error, error.message_id(), args));
                }
            }
        }
        // The latest of the turns opened, else the turn shown before.
        let target = self
            .session
            .turns()
            .iter()
            .rposition(|t| opened.contains(&t.cr.origin))
            .or_else(|| {
                before.and_then(|origin| {
                    self.session
                        .turns()
                        .iter()
                        .position(|t| t.cr.origin == origin)
                })
            });
        if let Some(index) = target {
            self.show_turn(index);
        }
    }

    /// Reopens a recent file in place of the loaded turns, with the `.NBT` of the
    /// same name and the player's other turns of its folder (and their NBTs). A
    /// file that cannot be opened (gone, not a CR) leaves the loaded turns as
    /// they are, with a notice. A game folder opens in the arbiter's view.
    fn open_recent(&mut self, recent_path: &std::path::Path) {
        if is_game_path(recent_path) {
            self.open_files(&[recent_path.to_path_buf()]);
            return;
        }
        // An NBT brings its CR (and the rest with it).
        let main = if super::session::is_nbt_path(recent_path) {
            crate::storage::beside::cr_path(recent_path)
                .unwrap_or_else(|| recent_path.to_path_buf())
        } else {
            recent_path.to_path_buf()
        };
        let path = main.as_path();
        // Each CR before its NBT (an NBT opened first would wait, with a notice).
        let mut companions = Vec::new();
        let mut own_nbt = None;
        let mut others = 0;
        if !super::session::is_nbt_path(path) {
            let read = super::session::read_text_file(path).and_then(|(text, _)| {
                crate::report::read_report(&text).map_err(|reason| LoadError::NotReport {
                    name: display_name(path),
                    reason,
                })
            });
            match read {
                Ok((view, _)) => {
                    let beside = crate::storage::beside::look(path, &view);
                    own_nbt = beside.nbt;
                    others = beside.turns.len();
                    for turn in beside.turns {
                        let nbt = crate::storage::beside::nbt_path(&turn);
                        companions.push(turn);
                        companions.extend(nbt);
                    }
                }
                Err(error) => {
                    let args = error.args(self.lang());
                    self.notify(Notice::new(Severity::Error, error.message_id(), args));
                    return;
                }
            }
        }
        self.session.clear();
        self.current = 0;
        self.selection = None;
        self.central = CentralState::default();
        // The companions are not recent files themselves.
        let recent = self.settings.recent.clone();
        companions.push(path.to_path_buf());
        companions.extend(own_nbt);
        self.open_files(&companions);
        self.settings.recent = recent;
        self.settings.remember(recent_path);
        if let Some(index) = self
            .session
            .turns()
            .iter()
            .position(|t| t.cr.path() == Some(path))
        {
            self.show_turn(index);
        }
        if !self.session.is_empty() {
            self.notify(Notice::new(
                Severity::Info,
                "gui-recent-opened",
                vec![
                    ("file".into(), display_name(path)),
                    ("count".into(), others.to_string()),
                ],
            ));
        }
    }

    fn current_origin(&self) -> Option<SourceOrigin> {
        self.current_turn().map(|t| t.cr.origin.clone())
    }

    fn show_turn(&mut self, index: usize) {
        if index < self.session.turns().len() {
            self.current = index;
            self.central.highlight = None;
        }
    }

    /// Handles one command: the only place the state changes (besides the view
    /// state of the lists).
    pub fn handle(&mut self, ctx: &egui::Context, command: Command) {
        match command {
            Command::OpenDialog => {
                let lang = self.lang();
                let picked = path_prompt::ask(|| {
                    rfd::FileDialog::new()
                        .set_title(tr(lang, "gui-dialog-title"))
                        .add_filter(
                            tr(lang, "gui-dialog-filter"),
                            &["txt", "cr", "nbt", "NBT", "TXT"],
                        )
                        .add_filter(tr(lang, "gui-dialog-all"), &["*"])
                        .pick_files()
                });
                match picked {
                    DialogAnswer::Picked(paths) => self.open_files(&paths),
                    // Offer to type the path instead.
                    DialogAnswer::Unavailable => {
                        self.notify(Notice::new(
                            Severity::Info,
                            "gui-no-file-dialog",
                            Vec::new(),
                        ));
                        self.windows.open(WindowKind::OpenPath);
                    }
                    DialogAnswer::Cancelled => {}
                }
            }
            Command::OpenFiles(paths) => self.open_files(&paths),
            Command::OpenRecent(path) => self.open_recent(&path),
            Command::StateHeader { index, stated } => {
                let shown = index == self.current;
                let moved = self.session.state(index, stated);
                if shown {
                    self.current = moved;
                }
            }
            Command::OpenDemo => {
                let before = self.session.turns().len();
                self.open_demo();
                if before > 0 {
                    self.notify(Notice::new(Severity::Info, "gui-demo-opened", Vec::new()));
                }
            }
            Command::CloseTurn(index) => {
                self.session.remove(index);
                if index < self.current {
                    self.current -= 1;
                }
                let count = self.session.turns().len();
                self.current = self.current.min(count.saturating_sub(1));
                self.central = CentralState::default();
            }
            Command::ClearRecent => self.settings.recent.clear(),
            Command::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
            Command::SetLang(lang) => self.settings.lang = lang,
            Command::SetTheme(theme) => {
                self.settings.theme = theme;
                self.apply_theme(ctx);
            }
            Command::SelectTurn(index) => self.show_turn(index),
            Command::StepTurn(step) => {
                let target = i64::try_from(self.current).unwrap_or(0) + i64::from(step);
                if let Ok(index) = usize::try_from(target) {
                    self.show_turn(index);
                }
            }
            Command::Select(selection) => {
                self.selection = selection;
                self.central.tab = CentralTab::Inspector;
            }
            Command::JumpTo { role, line } => {
                self.pick_line(role, line);
                self.central.tab = CentralTab::Source(role);
                self.central.scroll_to = Some(line);
            }
            Command::PickLine { role, line } => self.pick_line(role, line),
            Command::ShowSource(role) => self.central.tab = CentralTab::Source(role),
            Command::ShowInspector => self.central.tab = CentralTab::Inspector,
            Command::ShowSummary => self.central.tab = CentralTab::Summary,
            Command::ToggleText => {
                self.central.tab = match (self.central.tab, self.selection) {
                    (CentralTab::Source(_), Some(_)) => CentralTab::Inspector,
                    (CentralTab::Source(_), None) => CentralTab::Summary,
                    _ => CentralTab::Source(FileRole::Cr),
                };
            }
            Command::ShowList(tab) => self.lists.tab = tab,
            Command::FitMap => self.map.fit(),
            Command::OpenWindow(kind) => {
                self.windows.open(kind);
                if let Some(id) = help::window_id(kind) {
                    raise_if(ctx, true, id);
                }
            }
            Command::FocusFilter => self.lists.focus_filter = true,
            Command::DismissNotice(index) => {
                if index < self.notices.len() {
                    self.notices.remove(index);
                }
            }
            Command::AppendOrder(line) => {
                self.editor.append_order(ctx, &line);
                self.editor.open = true;
            }
            Command::ToggleEditor => self.editor.open = !self.editor.open,
            Command::ToggleMap => self.map.shown = !self.map.shown,
            Command::ToggleSimulator => {
                self.simulator.open = !self.simulator.open;
                raise_if(ctx, self.simulator.open, super::simulator::WINDOW_ID);
            }
            Command::SelectOrderLine(line) => {
                self.editor.open = true;
                self.editor.select_line(line);
                ctx.request_repaint();
            }
            Command::ShowFirstSteps => {
                self.settings.first_steps_closed = false;
                // It speaks of the demo: opened if another game is shown.
                if self
                    .current_turn()
                    .is_none_or(|t| !matches!(t.cr.origin, SourceOrigin::Demo(_)))
                {
                    self.handle(ctx, Command::OpenDemo);
                }
            }
            Command::Preview => {
                if !self.session.is_empty() {
                    self.start_preview(ctx);
                }
            }
            Command::Arbiter(command) => {
                let shows = matches!(
                    command,
                    ArbiterCommand::OpenDialog | ArbiterCommand::Open(_)
                );
                raise_if(ctx, shows, super::arbiter::WINDOW_ID);
                if let Some(number) = self.arbiter.handle(ctx, command, self.lang()) {
                    match self.view_as_would_lose(number) {
                        Some(pending) => self.view_as_pending = Some(pending),
                        None => self.view_as_player(number),
                    }
                }
            }
            Command::ConfirmViewAs(confirmed) => {
                if let Some(pending) = self.view_as_pending.take()
                    && confirmed
                {
                    self.view_as_player(pending.number);
                }
            }
            Command::ToggleArbiter => {
                self.arbiter.open = !self.arbiter.open;
                raise_if(ctx, self.arbiter.open, super::arbiter::WINDOW_ID);
            }
            Command::TogglePlots => {
                self.plots.toggle();
                raise_if(ctx, self.plots.open, super::plots::WINDOW_ID);
            }
            Command::ToggleRulings => {
                self.rulings.toggle();
                raise_if(ctx, self.rulings.open, super::rulings::WINDOW_ID);
            }
        }
        ctx.request_repaint();
    }

    /// Runs the what-if preview of the order draft on the knowledge of the turn
    /// shown, with the ruleset its NBT names (else 2002).
    fn start_preview(&mut self, ctx: &egui::Context) {
        self.refresh_knowledge();
        let name = self
            .current_turn()
            .and_then(|t| t.nbt.as_ref())
            .and_then(|n| n.file.ruleset.clone())
            .filter(|n| crate::rules::Ruleset::BUILTIN_NAMES.contains(&n.as_str()))
            .unwrap_or_else(|| "2002".to_string());
        let ruleset = crate::rules::Ruleset::builtin(&name)
            .unwrap_or_else(|_| crate::rules::Ruleset::builtin_2002());
        let orders = crate::orders::parse_orders(&self.editor.text).orders;
        self.preview
            .start(ctx, self.knowledge.clone(), orders, ruleset);
    }

    /// What "view as player `number`" would close or leave behind: the loaded
    /// turns that are not his files of the open game (another game, another
    /// player, files opened by hand, the demo), and orders in the editor saved in
    /// no draft. `None`: nothing (nothing loaded, or his own files again).
    fn view_as_would_lose(&self, number: u32) -> Option<ViewAsPending> {
        let sources = self.arbiter.player_sources(number)?;
        let closed_turns = self
            .session
            .turns()
            .iter()
            .filter(|turn| {
                !sources
                    .iter()
                    .any(|(source, is_nbt)| !is_nbt && source.origin == turn.cr.origin)
            })
            .count();
        let unsaved_orders = self.editor.has_unsaved_text();
        (closed_turns > 0 || unsaved_orders).then_some(ViewAsPending {
            number,
            closed_turns,
            unsaved_orders,
        })
    }

    /// The confirmation of "view as player n" (modal: the rest of the window
    /// waits). Escape or a click beside it cancels.
    fn view_as_confirm_ui(&self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        let Some(pending) = &self.view_as_pending else {
            return;
        };
        let lang = self.lang();
        let number = pending.number.to_string();
        let modal = egui::Modal::new(Id::unique("view-as-confirm")).show(ctx, |ui| {
            ui.set_max_width(460.0);
            ui.heading(tr_args(
                lang,
                "gui-arbiter-view-confirm-title",
                &[("number", &number)],
            ));
            if pending.closed_turns > 0 {
                ui.label(tr_args(
                    lang,
                    "gui-arbiter-view-confirm-turns",
                    &[
                        ("count", &pending.closed_turns.to_string()),
                        ("number", &number),
                    ],
                ));
            }
            if pending.unsaved_orders {
                ui.label(tr_args(
                    lang,
                    "gui-arbiter-view-confirm-orders",
                    &[("number", &number)],
                ));
            }
            ui.add_space(6.0);
            let mut answer = None;
            ui.horizontal(|ui| {
                if ui
                    .button(tr(lang, "gui-arbiter-view-confirm-yes"))
                    .clicked()
                {
                    answer = Some(true);
                }
                if ui.button(tr(lang, "gui-cancel")).clicked() {
                    answer = Some(false);
                }
            });
            answer
        });
        match modal.inner {
            Some(answer) => commands.push(Command::ConfirmViewAs(answer)),
            None if modal.should_close() => commands.push(Command::ConfirmViewAs(false)),
            None => {}
        }
    }

    /// Replaces the loaded turns with player `number`'s reports as the arbiter
    /// sends them (the arbiter's "view as player").
    fn view_as_player(&mut self, number: u32) {
        let Some(sources) = self.arbiter.player_sources(number) else {
            return;
        };
        while !self.session.is_empty() {
            self.session.remove(0);
        }
        for (source, is_nbt) in sources {
            if is_nbt {
                // Projected from the save, it reads; an old file that does not
                // is still shown from its CR.
                let _ = self.session.add_nbt(source);
            } else {
                self.session.add_cr(source);
            }
        }
        self.current = self.session.turns().len().saturating_sub(1);
        self.selection = None;
        self.central = CentralState::default();
        self.notify(Notice::new(
            Severity::Info,
            "gui-arbiter-viewing",
            vec![("number".into(), number.to_string())],
        ));
    }

    /// Highlights a line of a file and selects what was read from it.
    fn pick_line(&mut self, role: FileRole, line: u32) {
        self.central.highlight = Some((role, line));
        if role == FileRole::Cr
            && let Some(turn) = self.current_turn()
            && let Some(selection) = inspector::selection_at(&turn.view, &turn.cr, line)
        {
            self.selection = Some(selection);
        }
    }

    fn action_command(&self, action: Action) -> Command {
        match action {
            Action::Open => Command::OpenDialog,
            Action::OpenPath => Command::OpenWindow(WindowKind::OpenPath),
            Action::CloseTurn => Command::CloseTurn(self.current),
            Action::Quit => Command::Quit,
            Action::PreviousTurn => Command::StepTurn(-1),
            Action::NextTurn => Command::StepTurn(1),
            Action::Worlds => Command::ShowList(ListTab::Worlds),
            Action::Fleets => Command::ShowList(ListTab::Fleets),
            Action::Filter => Command::FocusFilter,
            Action::ToggleText => Command::ToggleText,
            Action::Editor => Command::ToggleEditor,
            Action::Help => Command::OpenWindow(WindowKind::Shortcuts),
            Action::OpenGame => Command::Arbiter(ArbiterCommand::OpenDialog),
            Action::Plots => Command::TogglePlots,
            Action::Rulings => Command::ToggleRulings,
            Action::Preview => Command::Preview,
            Action::FitMap => Command::FitMap,
        }
    }

    /// The keyboard shortcuts and the files dropped on the window.
    fn input(&mut self, ctx: &egui::Context) {
        for action in help::pressed_actions(ctx) {
            let command = self.action_command(action);
            self.commands.push(command);
        }
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .filter(|p| !p.as_os_str().is_empty())
                .collect()
        });
        if !dropped.is_empty() {
            self.commands.push(Command::OpenFiles(dropped));
        }
    }

    /// While files are dragged over the window: a veil saying they will open.
    fn drop_veil_ui(&self, ctx: &egui::Context) {
        let count = ctx.input(|i| i.raw.hovered_files.len());
        if count == 0 {
            return;
        }
        let painter = ctx.layer_painter(LayerId::new(Order::Foreground, Id::unique("drop-veil")));
        let rect = ctx.content_rect();
        painter.rect_filled(rect, 0.0, Color32::from_black_alpha(160));
        painter.text(
            rect.center(),
            Align2::CENTER_CENTER,
            tr_args(
                self.lang(),
                "gui-drop-files",
                &[("count", &count.to_string())],
            ),
            egui::TextStyle::Heading.resolve(&ctx.global_style()),
            Color32::WHITE,
        );
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
            view: turn.map(|t| &t.view),
            ruleset: turn
                .and_then(|t| t.nbt.as_ref())
                .and_then(|n| n.file.ruleset.as_deref()),
            revision: self.knowledge_key.unwrap_or_default(),
            source: turn.and_then(|t| t.cr.path()),
            lang: self.lang(),
        };
        self.editor.update(ctx, &context);
    }

    /// Keeps the window title on the current turn.
    fn update_title(&mut self, ctx: &egui::Context) {
        let title = match self.current_turn() {
            Some(turn) => {
                let mut title = WINDOW_TITLE.to_string();
                if let Some(game) = &turn.view.game {
                    title.push_str(&format!(" — {game}"));
                }
                if let Some(number) = turn.view.turn {
                    title.push_str(&format!(
                        " — {}",
                        tr_args(
                            self.lang(),
                            "gui-status-turn",
                            &[("turn", &number.to_string())]
                        )
                    ));
                }
                title
            }
            None => WINDOW_TITLE.to_string(),
        };
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }

    /// The central panel when nothing is loaded.
    fn welcome_ui(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let lang = self.lang();
        ui.vertical_centered(|ui| {
            ui.add_space(40.0);
            ui.heading(WINDOW_TITLE);
            ui.label(tr(lang, "gui-welcome"));
            ui.add_space(12.0);
            if ui.button(tr(lang, "gui-menu-open")).clicked() {
                commands.push(Command::OpenDialog);
            }
            if ui.button(tr(lang, "gui-menu-open-path")).clicked() {
                commands.push(Command::OpenWindow(WindowKind::OpenPath));
            }
            if ui.button(tr(lang, "gui-menu-open-demo")).clicked() {
                commands.push(Command::OpenDemo);
            }
        });
    }
}

/// What the draft's marks were computed for: the editor's check and the
/// knowledge's key.
type DraftMarksKey = (u64, (usize, u64));

/// Below this window width (points), the inspector is stacked under the lists
/// instead of taking a fourth column beside the map.
const STACKED_BELOW_WIDTH: f32 = 1360.0;

/// The central panel (the map, or the inspector) keeps at least this width.
const CENTRAL_MIN_WIDTH: f32 = 320.0;

/// No side panel is made narrower than this to leave room for the others.
const SIDE_MIN_WIDTH: f32 = 200.0;

/// The widest a side panel may be when `panels` side panels share a window
/// `width` wide (layout points, not game arithmetic).
fn side_panel_max(width: f32, panels: usize) -> f32 {
    let panels = panels.max(1) as f32;
    ((width - CENTRAL_MIN_WIDTH) / panels).max(SIDE_MIN_WIDTH)
}

/// Puts the window `id` in front of the other windows when `open` (a window
/// shown from the menu or a shortcut must not appear behind another one).
fn raise_if(ctx: &egui::Context, open: bool, id: &str) {
    if open {
        ctx.move_to_top(LayerId::new(Order::Middle, Id::unique(id)));
    }
}

/// A CR from which the reader recognised nothing of a turn report (no header,
/// no world, fleet, statistics or technology).
fn nothing_read(turn: &LoadedTurn) -> bool {
    let view = &turn.view;
    turn.lacks_header()
        && view.worlds.is_empty()
        && view.fleets.is_empty()
        && view.statistics.is_empty()
        && view.tech.is_none()
}

impl eframe::App for NebutilApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        self.apply_theme(&ctx);
        self.input(&ctx);
        let lang = self.lang();
        let mut commands = std::mem::take(&mut self.commands);
        self.refresh_draft_marks();
        let draft_line = self
            .editor
            .open
            .then(|| self.editor.cursor_line(&ctx))
            .flatten();

        let menu_context = MenuContext {
            lang,
            theme: self.settings.theme,
            recent: &self.settings.recent,
            session: &self.session,
            current: self.current,
            map_shown: self.map.shown,
            shown: Shown {
                editor: self.editor.open,
                simulator: self.simulator.open,
                plots: self.plots.open,
                arbiter: self.arbiter.open,
                rulings: self.rulings.open,
            },
        };
        egui::Panel::top("menu").show(ui, |ui| {
            menu_bar_ui(ui, &menu_context, &mut commands);
            if !self.session.is_empty() {
                turn_bar_ui(ui, &menu_context, &mut commands);
            }
            if let Some(turn) = self.session.turn(self.current) {
                header_bar_ui(
                    ui,
                    turn,
                    self.current,
                    &mut self.header_edit,
                    lang,
                    &mut commands,
                );
            }
        });
        if !self.settings.first_steps_closed
            && let Some(facts) = self
                .session
                .turn(self.current)
                .and_then(|t| DemoFacts::of(t, self.session.turns().len(), lang))
        {
            let mut shown = true;
            egui::Panel::top("first-steps").show(ui, |ui| {
                first_steps_ui(
                    ui,
                    &facts,
                    self.editor.open,
                    &mut shown,
                    lang,
                    &mut commands,
                );
            });
            self.settings.first_steps_closed = !shown;
        }
        if !self.notices.is_empty() {
            egui::Panel::top("notices").show(ui, |ui| {
                notices_ui(ui, &self.notices, lang, &mut commands);
            });
        }
        // The side panels (lists, editor, inspector beside the map) share what
        // the central panel leaves: none covers another on a small window.
        // On a small window the inspector goes under the lists (one column)
        // rather than in a fourth column beside the map.
        let stack_left = self.map.shown && ctx.content_rect().width() < STACKED_BELOW_WIDTH;
        let side_panels =
            1 + usize::from(self.editor.open) + usize::from(self.map.shown && !stack_left);
        let side_max = side_panel_max(ctx.content_rect().width(), side_panels);
        let turn = self.session.turn(self.current);
        egui::Panel::bottom("status").show(ui, |ui| {
            status_ui(ui, turn.map(|t| &t.view), self.session.turns().len(), lang);
        });
        if let Some(turn) = turn {
            egui::Panel::bottom("diagnostics")
                .resizable(true)
                .default_size(150.0)
                .show(ui, |ui| {
                    diagnostics_ui(
                        ui,
                        turn,
                        &mut self.diagnostics,
                        self.central.highlight,
                        lang,
                        &mut commands,
                    );
                });
            if self.editor.open {
                let context = EditorContext {
                    knowledge: &self.knowledge,
                    view: Some(&turn.view),
                    ruleset: turn.nbt.as_ref().and_then(|n| n.file.ruleset.as_deref()),
                    revision: self.knowledge_key.unwrap_or_default(),
                    source: turn.cr.path(),
                    lang,
                };
                egui::Panel::right("editor")
                    .resizable(true)
                    .default_size(420.0)
                    .max_size(side_max)
                    .show(ui, |ui| editor_ui(ui, &mut self.editor, &context));
            }
            // After the editor's panel: the order menus read its text.
            self.proposals
                .set_rules(turn.nbt.as_ref().and_then(|n| n.file.ruleset.as_deref()));
            let orders = super::editor::quick::OrderInput {
                knowledge: &self.knowledge,
                revision: self.knowledge_key.unwrap_or_default(),
                draft: &self.editor.text,
                cache: &self.proposals,
            };
            let mut central = |ui: &mut egui::Ui, commands: &mut Vec<Command>| {
                central_ui(
                    ui,
                    turn,
                    &orders,
                    self.selection,
                    &mut self.central,
                    lang,
                    commands,
                );
            };
            egui::Panel::left("lists")
                .resizable(true)
                .default_size(if stack_left { 360.0 } else { 460.0 })
                .max_size(side_max)
                .show(ui, |ui| {
                    if stack_left {
                        egui::Panel::top("lists-stacked")
                            .resizable(true)
                            .default_size(ui.available_height() * 0.4)
                            .show(ui, |ui| {
                                lists_ui(
                                    ui,
                                    &turn.view,
                                    &mut self.lists,
                                    self.selection,
                                    lang,
                                    &mut commands,
                                );
                            });
                        central(ui, &mut commands);
                    } else {
                        lists_ui(
                            ui,
                            &turn.view,
                            &mut self.lists,
                            self.selection,
                            lang,
                            &mut commands,
                        );
                    }
                });
            if self.map.shown {
                // The map is the heart of the app: the inspector goes beside it
                // (under the lists on a small window).
                if !stack_left {
                    egui::Panel::right("inspector")
                        .resizable(true)
                        .default_size(340.0)
                        .max_size(side_max)
                        .show(ui, |ui| central(ui, &mut commands));
                }
                let current_turn = turn.view.turn.or(self.knowledge.latest_turn());
                let key = self.knowledge_key.unwrap_or_default();
                self.map
                    .refresh(&self.knowledge, current_turn.unwrap_or(0), key);
                let input = MapInput {
                    knowledge: &self.knowledge,
                    session: &self.session,
                    selection: self.selection,
                    lang,
                    orders,
                    draft: self.draft_marks.as_ref().map_or(&[], |(_, marks)| marks),
                    draft_line,
                };
                egui::CentralPanel::default()
                    .show(ui, |ui| map_ui(ui, &input, &mut self.map, &mut commands));
            } else {
                egui::CentralPanel::default().show(ui, |ui| central(ui, &mut commands));
            }
        } else {
            egui::CentralPanel::default().show(ui, |ui| self.welcome_ui(ui, &mut commands));
        }
        windows_ui(&ctx, &mut self.windows, lang, &mut commands);
        let view = self.session.turn(self.current).map(|t| &t.view);
        super::simulator::simulator_window(&ctx, &mut self.simulator, view, lang);
        if preview::take_request(&ctx) && !self.session.is_empty() {
            commands.push(Command::Preview);
        }
        self.preview.poll();
        preview_window(&ctx, &mut self.preview, lang);
        self.arbiter.poll(lang);
        arbiter_window(&ctx, &mut self.arbiter, lang, &mut commands);
        let view = self.session.turn(self.current).map(|t| &t.view);
        plots_window(&ctx, &mut self.plots, &self.knowledge, view, lang);
        rulings_window(&ctx, &mut self.rulings, lang);
        self.view_as_confirm_ui(&ctx, &mut commands);
        self.drop_veil_ui(&ctx);

        for command in commands {
            self.handle(&ctx, command);
        }
        self.refresh_knowledge();
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
