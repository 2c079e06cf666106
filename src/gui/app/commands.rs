//! The one place where commands change the application's state.

use std::path::PathBuf;

use super::{NebutilApp, ViewAsPending};
use crate::diagnostic::Severity;
use crate::gui::arbiter::GALAXY;
use crate::gui::command::{ArbiterCommand, Command, WindowId};
use crate::gui::inspector::{self, CentralState, CentralTab};
use crate::gui::menu::Notice;
use crate::gui::path_prompt::{self, DialogAnswer};
use crate::gui::session::{FileRole, SourceFile, SourceOrigin};
use crate::gui::ui_command;
use crate::gui::windows::AppWindow;
use crate::i18n::tr;

impl NebutilApp {
    /// Handles one command: the only place the state changes (besides the view
    /// state of the lists).
    pub fn handle(&mut self, ctx: &egui::Context, command: Command) {
        match command {
            Command::OpenDialog => self.open_dialog(),
            Command::AddAllyDialog => self.add_ally_dialog(),
            Command::ToggleThreats => self.map.threats_shown = !self.map.threats_shown,
            Command::ExportMap => {
                let view = self.current_turn().map(|t| &t.view);
                let stem = crate::gui::map::export::file_stem(
                    view.and_then(|v| v.game.as_deref()),
                    view.and_then(|v| v.turn),
                );
                let folder = self
                    .editor
                    .default_export_path(crate::gui::editor::Export::Orders)
                    .parent()
                    .map(std::path::Path::to_path_buf)
                    .filter(|d| !d.as_os_str().is_empty());
                self.map.export.show(folder, stem);
                self.map.shown = true;
            }
            Command::ShowThreats => self.central.tab = CentralTab::Threats,
            Command::AddAllyFiles(paths) => self.open_ally_files(&paths),
            Command::CloseAlly(index) => {
                if let Some(ally) = self.session.allies().get(index) {
                    let name = ally.cr.name.clone();
                    self.notices.retain(|n| n.file() != Some(name.as_str()));
                }
                self.session.remove_ally(index);
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
            Command::OpenDemo => self.open_demo(),
            Command::CloseTurn(index) => self.close_turn(index),
            Command::ClearRecent => self.settings.recent.clear(),
            Command::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
            Command::SetLang(lang) => self.settings.lang = lang,
            Command::SetTheme(theme) => {
                self.settings.theme = theme;
                self.apply_theme(ctx);
            }
            Command::SelectTurn(index) => {
                self.showing_prediction = false;
                self.show_turn(index);
            }
            Command::ShowPrediction(shown) => {
                self.showing_prediction = shown && self.prediction.is_some();
            }
            Command::StepTurn(step) => {
                let target = i64::try_from(self.current).unwrap_or(0) + i64::from(step);
                let last = self.session.turns().len().saturating_sub(1);
                if self.showing_prediction() {
                    // Back from the predicted turn to the one it was made on.
                    if step < 0 {
                        self.showing_prediction = false;
                    }
                } else if step > 0 && self.current == last && self.prediction.is_some() {
                    self.showing_prediction = true;
                } else if let Ok(index) = usize::try_from(target) {
                    self.show_turn(index);
                }
            }
            Command::DismissNotice(index) => {
                if index < self.notices.len() {
                    self.notices.remove(index);
                }
            }
            Command::DismissNotices => self.notices.clear(),
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
            Command::Select(_)
            | Command::JumpTo { .. }
            | Command::PickLine { .. }
            | Command::ShowSource(_)
            | Command::ShowInspector
            | Command::ShowSummary
            | Command::ToggleText
            | Command::ShowList(_)
            | Command::FocusFilter
            | Command::FitMap
            | Command::ToggleMap
            | Command::AppendOrder(_)
            | Command::SavePlan(_)
            | Command::RemovePlan(_)
            | Command::PlanRoute { .. }
            | Command::ToggleEditor
            | Command::SelectOrderLine(_) => self.handle_view(ctx, command),
            Command::OpenWindow(_)
            | Command::Toggle(_)
            | Command::ShowOrderForms(_)
            | Command::Preview
            | Command::Arbiter(_)
            | Command::ConfirmReplace(_)
            | Command::ConfirmViewAs(_) => self.handle_windows(ctx, command),
        }
        ctx.request_repaint();
    }

    /// The commands of the panels (sorted out by `handle`): selection, tabs, lists, map, editor.
    fn handle_view(&mut self, ctx: &egui::Context, command: Command) {
        match command {
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
            Command::FocusFilter => self.lists.focus_filter = true,
            Command::FitMap => self.map.fit(),
            Command::ToggleMap => self.map.shown = !self.map.shown,
            Command::AppendOrder(line) => {
                self.editor.append_order(ctx, &line);
                self.editor.open = true;
            }
            Command::SavePlan(plan) => self.editor.add_plan(plan),
            Command::RemovePlan(fleet) => self.editor.remove_plan(fleet),
            Command::PlanRoute { fleet, waypoints } => {
                let at = self
                    .knowledge
                    .fleet(fleet)
                    .and_then(|f| f.world.as_ref().map(|w| w.value));
                if let Some(from) = at {
                    self.map.route = Some(crate::gui::map::RouteDraft {
                        fleet,
                        from,
                        worlds: waypoints,
                        plan: true,
                    });
                    self.map.shown = true;
                }
            }
            Command::ToggleEditor => self.editor.open = !self.editor.open,
            Command::SelectOrderLine(line) => {
                self.editor.open = true;
                self.editor.select_line(line);
                ctx.request_repaint();
            }
            // The others are sorted out by `handle`.
            _ => {}
        }
    }

    /// The commands of the windows (sorted out by `handle`): open, toggle, the preview, the arbiter.
    fn handle_windows(&mut self, ctx: &egui::Context, command: Command) {
        match command {
            Command::OpenWindow(id) => {
                if id == WindowId::OpenPath {
                    self.windows.open_path.for_ally = false;
                }
                self.windows.open(ctx, id);
            }
            Command::Toggle(id) => self.windows.toggle(ctx, id),
            Command::ShowOrderForms(line) => {
                self.windows.order_language.show_line(&line);
                WindowId::OrderLanguage.raise(ctx);
            }
            Command::Preview if !self.session.is_empty() => self.start_preview(ctx),
            Command::Arbiter(command) => {
                if matches!(
                    command,
                    ArbiterCommand::OpenDialog | ArbiterCommand::Open(_)
                ) {
                    WindowId::Arbiter.raise(ctx);
                }
                if let Some(number) = self.windows.arbiter.handle(ctx, command, self.lang()) {
                    self.request_main_view(number);
                }
            }
            Command::ConfirmReplace(confirmed) => {
                if let Some(pending) = self.replace_pending.take() {
                    if confirmed {
                        self.replace_with(&pending.opened);
                    } else {
                        self.close_opened(&pending.opened);
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
            // A preview with nothing loaded; the others are sorted out by `handle`.
            _ => {}
        }
    }

    /// Shows the system's file dialog and opens what is picked; without a
    /// dialog, offers to type the path.
    fn open_dialog(&mut self) {
        if let Some(paths) = self.pick_files(
            "gui-dialog-title",
            &["txt", "cr", "nbt", "NBT", "TXT"],
            false,
        ) {
            self.open_files(&paths);
        }
    }

    /// Shows the system's file dialog and adds the CRs picked as allies'
    /// reports (another player's CR of the game loaded is an ally's, also
    /// when typed or dropped).
    fn add_ally_dialog(&mut self) {
        if let Some(paths) = self.pick_files("gui-menu-add-ally", &["txt", "cr", "TXT", "CR"], true)
        {
            self.open_ally_files(&paths);
        }
    }

    /// The files picked in the system's file dialog (titled `title`, filtered
    /// on `extensions`); without a dialog, says so and offers to type the path
    /// (of allies' reports when `for_ally`).
    fn pick_files(
        &mut self,
        title: &str,
        extensions: &[&str],
        for_ally: bool,
    ) -> Option<Vec<PathBuf>> {
        let lang = self.lang();
        let picked = path_prompt::ask(|| {
            rfd::FileDialog::new()
                .set_title(tr(lang, title))
                .add_filter(tr(lang, "gui-dialog-filter"), extensions)
                .add_filter(tr(lang, "gui-dialog-all"), &["*"])
                .pick_files()
        });
        match picked {
            DialogAnswer::Picked(paths) => Some(paths),
            DialogAnswer::Unavailable => {
                self.notify(Notice::new(
                    Severity::Info,
                    "gui-no-file-dialog",
                    Vec::new(),
                ));
                self.windows.open_path.for_ally = for_ally;
                self.windows.open_path.set_open(true);
                None
            }
            DialogAnswer::Cancelled => None,
        }
    }

    /// Forgets the loaded turn at `index`; the turn shown stays if it can.
    pub(super) fn close_turn(&mut self, index: usize) {
        // What was said of its files goes with them.
        if let Some(turn) = self.session.turns().get(index) {
            let mut names = vec![turn.cr.name.clone()];
            names.extend(turn.nbt.as_ref().map(|n| n.source.name.clone()));
            self.notices.retain(|n| {
                n.file()
                    .is_none_or(|file| !names.iter().any(|name| name == file))
            });
        }
        self.session.remove(index);
        if index < self.current {
            self.current -= 1;
        }
        let count = self.session.turns().len();
        self.current = self.current.min(count.saturating_sub(1));
        self.central = CentralState::default();
    }

    /// Runs the what-if preview of the order draft on the knowledge of the turn
    /// shown, with the ruleset its NBT names (else 2002).
    fn start_preview(&mut self, ctx: &egui::Context) {
        self.knowledge_now();
        let name = self
            .current_turn()
            .and_then(|t| t.nbt.as_ref())
            .and_then(|n| n.file.ruleset.clone())
            .filter(|n| crate::rules::Ruleset::BUILTIN_NAMES.contains(&n.as_str()))
            .unwrap_or_else(|| "2002".to_string());
        let ruleset = crate::rules::Ruleset::builtin(&name)
            .unwrap_or_else(|_| crate::rules::Ruleset::builtin_2002());
        let orders = crate::orders::parse_orders(&self.editor.text).orders;
        self.preview_base = Some((self.current, self.session.generation()));
        self.windows.preview.start(
            ctx,
            crate::model::knowledge::Knowledge::clone(&self.knowledge),
            orders,
            ruleset,
        );
    }

    /// What "view as player `number`" would close or leave behind: the loaded
    /// turns that are not his files of the open game (another game, another
    /// player, files opened by hand, the demo), and orders in the editor saved in
    /// no draft. `None`: nothing (nothing loaded, or his own files again).
    fn view_as_would_lose(&self, number: u32) -> Option<ViewAsPending> {
        let sources = self.main_sources(number)?;
        let game_dir = self.windows.arbiter.game().and_then(|g| g.dir.as_deref());
        let closed_turns = self
            .session
            .turns()
            .iter()
            .filter(|turn| {
                // The arbiter's galaxy, and the reports of the open game's
                // folder, are made or read again whenever asked: replacing
                // them loses nothing.
                let galaxy = match &turn.cr.origin {
                    SourceOrigin::Arbiter(_) => true,
                    SourceOrigin::File(path) => {
                        game_dir.is_some_and(|dir| path.starts_with(dir.join("players")))
                    }
                    SourceOrigin::Demo(_) | SourceOrigin::Predicted(_) => false,
                };
                !galaxy
                    && !sources
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

    /// Whether the turns loaded are the open game's own: its galaxy, or a
    /// player's reports of its folder (the arbiter's table stays docked).
    pub(super) fn shows_game_files(&self) -> bool {
        let Some(game) = self.windows.arbiter.game() else {
            return false;
        };
        let game_dir = game.dir.as_deref();
        !self.session.is_empty()
            && self
                .session
                .turns()
                .iter()
                .all(|turn| match &turn.cr.origin {
                    SourceOrigin::Arbiter(_) => true,
                    SourceOrigin::File(path) => {
                        game_dir.is_some_and(|dir| path.starts_with(dir.join("players")))
                    }
                    SourceOrigin::Demo(_) | SourceOrigin::Predicted(_) => false,
                })
    }

    /// What the main window shows for `number`: player `number`'s reports as
    /// the arbiter sends them, or for [`GALAXY`] the galaxy as it is.
    fn main_sources(&self, number: u32) -> Option<Vec<(SourceFile, bool)>> {
        if number == GALAXY {
            self.windows.arbiter.galaxy_sources()
        } else {
            self.windows.arbiter.player_sources(number)
        }
    }

    /// Shows player `number`'s reports, or the galaxy ([`GALAXY`]), in the
    /// main window — asking first when turns would be closed or orders lost.
    pub(super) fn request_main_view(&mut self, number: u32) {
        match self.view_as_would_lose(number) {
            Some(pending) => self.view_as_pending = Some(pending),
            None => self.view_as_player(number),
        }
    }

    /// The galaxy in the main window follows the game: read again (a turn
    /// resolved or undone, the folder changed), it is made again.
    pub(super) fn follow_galaxy(&mut self) {
        if let Some(shown) = self.desk
            && shown != self.windows.arbiter.generation()
        {
            let current = self.selection;
            self.view_as_player(GALAXY);
            self.selection = current;
        }
    }

    /// Replaces the loaded turns with player `number`'s reports as the arbiter
    /// sends them (the arbiter's "view as player"), or with the galaxy as it
    /// is ([`GALAXY`]: the arbiter's desk).
    fn view_as_player(&mut self, number: u32) {
        let Some(sources) = self.main_sources(number) else {
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
        // Another viewpoint: the map fits it anew.
        self.map.forget_view();
        if number == GALAXY {
            self.desk = Some(self.windows.arbiter.generation());
            self.desk_knowers = self.windows.arbiter.knowers().clone();
        } else {
            self.desk = None;
            self.desk_knowers.clear();
            self.notify(Notice::new(
                Severity::Info,
                "gui-arbiter-viewing",
                vec![("number".into(), number.to_string())],
            ));
        }
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

    /// The keyboard shortcuts and the files dropped on the window.
    pub(super) fn input(&mut self, ctx: &egui::Context) {
        for pressed in ui_command::pressed(ctx) {
            if let Some(command) = pressed.command(self.current) {
                self.commands.push(command);
            }
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
}
