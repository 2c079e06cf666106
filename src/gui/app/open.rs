//! Opening files: CRs with their NBTs, recent files, the demo, a game folder.

use std::path::{Path, PathBuf};

use super::NebutilApp;
use crate::diagnostic::Severity;
use crate::gui::arbiter::is_game_path;
use crate::gui::demo;
use crate::gui::inspector::CentralState;
use crate::gui::menu::Notice;
use crate::gui::session::{self, LoadError, Loaded, LoadedTurn, SourceOrigin, display_name};

impl NebutilApp {
    /// Opens CRs as allies' reports (File ▸ Add an ally's report…): each joins
    /// the player's knowledge, or says why it cannot.
    pub(super) fn open_ally_files(&mut self, paths: &[PathBuf]) {
        for path in paths {
            match self.session.open_ally_path(path) {
                Ok(index) => {
                    self.settings.remember(path);
                    self.ally_added(index);
                }
                Err(error) => {
                    let args = error.args(self.lang());
                    self.notify(Notice::new(Severity::Error, error.message_id(), args));
                }
            }
        }
    }

    /// Says that the ally's report at `index` joined the knowledge.
    fn ally_added(&mut self, index: usize) {
        if let Some(ally) = self.session.allies().get(index) {
            let notice = Notice::new(
                Severity::Info,
                "gui-ally-added",
                vec![
                    ("file".into(), ally.cr.name.clone()),
                    ("seat".into(), seat_text(&ally.view, self.lang())),
                ],
            );
            self.notify(notice);
        }
    }

    /// Opens the demo game: it replaces turns of another game or player
    /// (asking first when the editor holds orders saved in no draft).
    pub(super) fn open_demo(&mut self) {
        self.current = demo::load(&mut self.session);
        let opened: Vec<SourceOrigin> = self
            .session
            .turns()
            .iter()
            .map(|t| t.cr.origin.clone())
            .filter(|origin| matches!(origin, SourceOrigin::Demo(_)))
            .collect();
        self.settle_seat(&opened);
    }

    /// Files just opened (`opened`, their turns) of another game or player
    /// than turns loaded before replace those turns: at once, or once the
    /// player agrees when the editor holds orders saved in no draft.
    pub(super) fn settle_seat(&mut self, opened: &[SourceOrigin]) {
        let turns = self.session.turns();
        let Some(newest) = turns.iter().rev().find(|t| opened.contains(&t.cr.origin)) else {
            return;
        };
        let closed_turns = turns
            .iter()
            .filter(|t| {
                !opened.contains(&t.cr.origin) && !session::same_seat(&t.view, &newest.view)
            })
            .count();
        if closed_turns == 0 {
            return;
        }
        if self.editor.has_unsaved_text() {
            self.replace_pending = Some(super::ReplacePending {
                opened: opened.to_vec(),
                closed_turns,
            });
        } else {
            self.replace_with(opened);
        }
    }

    /// Closes the turns of another game or player than the newest of
    /// `opened`, says so, and shows that newest turn.
    pub(super) fn replace_with(&mut self, opened: &[SourceOrigin]) {
        let Some(newest) = self
            .session
            .turns()
            .iter()
            .rev()
            .find(|t| opened.contains(&t.cr.origin))
            .map(|t| (t.cr.origin.clone(), t.cr.name.clone(), t.view.clone()))
        else {
            return;
        };
        let (origin, name, view) = newest;
        let mut index = 0;
        while let Some(turn) = self.session.turns().get(index) {
            if !opened.contains(&turn.cr.origin) && !session::same_seat(&turn.view, &view) {
                self.close_turn(index);
            } else {
                index += 1;
            }
        }
        // Allies of another game go with the turns closed, and the player now
        // shown is no ally of his own.
        let mut index = 0;
        while let Some(ally) = self.session.allies().get(index) {
            let same_game = match (&ally.view.game, &view.game) {
                (Some(a), Some(b)) => a.eq_ignore_ascii_case(b),
                _ => false,
            };
            let is_him = ally
                .view
                .player
                .as_ref()
                .zip(view.player.as_ref())
                .is_some_and(|(a, b)| a.name.eq_ignore_ascii_case(&b.name));
            if same_game && !is_him {
                index += 1;
            } else {
                self.session.remove_ally(index);
            }
        }
        if !self
            .session
            .turns()
            .iter()
            .any(|t| matches!(t.cr.origin, SourceOrigin::Arbiter(_)))
        {
            self.desk = None;
            self.desk_knowers.clear();
        }
        self.notify(Notice::new(
            Severity::Info,
            "gui-session-replaced",
            vec![
                ("file".into(), name),
                ("seat".into(), seat_text(&view, self.lang())),
            ],
        ));
        if let Some(index) = self
            .session
            .turns()
            .iter()
            .position(|t| t.cr.origin == origin)
        {
            self.show_turn(index);
        }
    }

    /// Closes the turns just opened (the player kept the loaded ones).
    pub(super) fn close_opened(&mut self, opened: &[SourceOrigin]) {
        let mut index = 0;
        while let Some(turn) = self.session.turns().get(index) {
            if opened.contains(&turn.cr.origin) {
                self.close_turn(index);
            } else {
                index += 1;
            }
        }
    }

    /// Opens files; the last turn among the CRs opened becomes the current one.
    /// A file that cannot be opened gives a notice; the others still open.
    pub(super) fn open_files(&mut self, paths: &[PathBuf]) {
        // A game folder or save goes to the arbiter's view.
        let (games, paths): (Vec<&PathBuf>, Vec<&PathBuf>) =
            paths.iter().partition(|p| is_game_path(p));
        self.open_reports(&paths);
        // After the reports: the galaxy asks before replacing them.
        for path in games {
            if self.windows.arbiter.open_game(path, self.lang()) {
                // The arbiter's desk: the galaxy as it is in the main window.
                self.request_main_view(crate::gui::arbiter::GALAXY);
            } else {
                let error = self.windows.arbiter.error().unwrap_or_default().to_string();
                self.notify(Notice::new(
                    Severity::Error,
                    "gui-arbiter-open-failed",
                    vec![("error".into(), error)],
                ));
            }
        }
    }

    /// Opens CRs and NBTs; the last turn among the CRs opened becomes the
    /// current one.
    fn open_reports(&mut self, paths: &[&PathBuf]) {
        if paths.is_empty() {
            return;
        }
        let before = self.current_origin();
        let mut opened: Vec<SourceOrigin> = Vec::new();
        // A CR brings the `.NBT` of its name when that is not opened with it
        // (not remembered as a recent file of its own).
        let mut all: Vec<(PathBuf, bool)> = Vec::new();
        for path in paths {
            all.push(((*path).clone(), false));
            if !session::is_nbt_path(path)
                && let Some(nbt) = crate::storage::beside::nbt_path(path)
                && !paths.iter().any(|p| **p == nbt)
            {
                all.push((nbt, true));
            }
        }
        // The player's earlier turns beside a CR opened (`turn-005.cr`,
        // `turn-006.cr` beside `turn-007.cr`, same game and player), as
        // Fichiers récents brings them: found after the files given.
        let mut earlier: Vec<PathBuf> = Vec::new();
        let mut earlier_of: Vec<(String, usize)> = Vec::new();
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
                                if !companion {
                                    let found =
                                        crate::storage::beside::look(path, &turn.view).earlier;
                                    let new: Vec<PathBuf> = found
                                        .into_iter()
                                        .filter(|p| {
                                            !all.iter().any(|(a, _)| a == p) && !earlier.contains(p)
                                        })
                                        .collect();
                                    if !new.is_empty() {
                                        earlier_of.push((turn.cr.name.clone(), new.len()));
                                    }
                                    earlier.extend(new);
                                }
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
                        Loaded::AllyCr(index) => {
                            if !session::is_nbt_path(path) {
                                self.ally_added(index);
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
        // The earlier turns found, with their NBTs; not remembered as recent
        // files of their own, and the turn shown stays the one opened.
        for path in &earlier {
            let mut files = vec![path.clone()];
            files.extend(crate::storage::beside::nbt_path(path));
            for file in files {
                if let Ok(Loaded::Cr(index) | Loaded::NbtAttached(index)) =
                    self.session.open_path(&file)
                    && let Some(turn) = self.session.turn(index)
                    && !opened.contains(&turn.cr.origin)
                {
                    opened.insert(0, turn.cr.origin.clone());
                }
            }
        }
        for (file, count) in earlier_of {
            self.notify(Notice::new(
                Severity::Info,
                "gui-earlier-turns-opened",
                vec![("file".into(), file), ("count".into(), count.to_string())],
            ));
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
        self.settle_seat(&opened);
    }

    /// Reopens a recent file in place of the loaded turns, with the `.NBT` of the
    /// same name and the player's other turns of its folder (and their NBTs). A
    /// file that cannot be opened (gone, not a CR) leaves the loaded turns as
    /// they are, with a notice. A game folder opens in the arbiter's view.
    pub(super) fn open_recent(&mut self, recent_path: &Path) {
        if is_game_path(recent_path) {
            self.open_files(&[recent_path.to_path_buf()]);
            return;
        }
        // An NBT brings its CR (and the rest with it).
        let main = if session::is_nbt_path(recent_path) {
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
        if !session::is_nbt_path(path) {
            let read = session::read_text_file(path).and_then(|(text, _)| {
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

    pub(super) fn current_origin(&self) -> Option<SourceOrigin> {
        self.current_turn().map(|t| t.cr.origin.clone())
    }

    pub(super) fn show_turn(&mut self, index: usize) {
        if index < self.session.turns().len() {
            self.current = index;
            self.central.highlight = None;
        }
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

/// The game and the player of a turn, as the turn selector and the notices
/// name them: `LYRA · "Maxtor":1`; empty when the report says neither.
pub fn seat_text(view: &crate::model::view::TurnView, lang: crate::i18n::Lang) -> String {
    let mut parts = Vec::new();
    if let Some(game) = view.game.as_deref().filter(|g| !g.trim().is_empty()) {
        parts.push(game.to_string());
    }
    if let Some(player) = &view.player {
        parts.push(match player.number {
            Some(number) => format!("\"{}\":{number}", player.name),
            None => format!("\"{}\"", player.name),
        });
    }
    if view
        .player
        .as_ref()
        .is_some_and(|p| p.number == Some(0) && p.name == crate::game::folder::ARBITER_NAME)
    {
        // The arbiter's galaxy: no player 0.
        parts.pop();
        parts.push(crate::i18n::tr(lang, "gui-seat-arbiter"));
    }
    if parts.is_empty() {
        crate::i18n::tr(lang, "gui-seat-unknown")
    } else {
        parts.join(" · ")
    }
}
