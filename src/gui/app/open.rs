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
    pub(super) fn open_demo(&mut self) {
        self.current = demo::load(&mut self.session);
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
