//! The arbiter's view: a game folder (or a save file) opened in the application.
//!
//! - Open: the folder dialog, a typed path, a path given on the command line or
//!   dropped on the window — a folder holding `game.ron`, or a `.ron` save.
//! - Every player: number, name, class, rank, score, worlds, fleets, and whether
//!   his order file of the turn is there (else ONR). The table follows the folder:
//!   the order files (and `game.ron`) are looked at once a second while the window
//!   is shown, and a file that arrives or changes is read again without asking.
//! - Without a system folder dialog (no desktop portal), "Ouvrir un dossier…"
//!   opens the typed-path window (`path_prompt`) and says why.
//! - "Voir comme le joueur n": the player's CR and NBT as the arbiter sends them
//!   (projected from the save by [`crate::game::folder::player_files`]) replace
//!   the loaded turns; in a game folder his earlier reports come along.
//! - "Résoudre le tour" asks first, with a summary (who sent orders, who is ONR,
//!   the orders and unreadable lines of each player); then the same files as
//!   `nebutil game turn DIR`
//!   ([`crate::game::folder::resolve`]), computed on a background thread; files
//!   that already exist are overwritten only when the arbiter says so. The log
//!   shows the ONR, the unreadable lines and every voided order.
//!
//! Only a folder's `game.ron` is resolved: a save opened on its own (an old copy in
//! `saves/`…) is shown, never written over.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

use egui::RichText;

pub use super::command::ArbiterCommand;
use super::command::Command;
use super::command::WindowId;
use super::path_prompt::{self, DialogAnswer, PathPrompt, PromptTexts, path_prompt_window};
use super::session::{SourceFile, SourceOrigin, read_text_file};
use super::task::Task;
use crate::game::arbiter::{self, Sent};
use crate::game::folder::{self, ResolvedTurn};
use crate::game::save::Save;
use crate::i18n::{Lang, tr, tr_args};
use crate::model::{Class, PlayerId};
use crate::orders::print_orders;
use crate::resolve::{EventKind, VoidedOrder};

/// The window's id (its layer: `Order::Middle`).
pub const WINDOW_ID: &str = WindowId::Arbiter.name();

/// True for a path the application opens as a game: a folder holding `game.ron`,
/// or a `.ron` file.
pub fn is_game_path(path: &Path) -> bool {
    if path.is_dir() {
        return path.join(folder::SAVE_FILE).is_file();
    }
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("ron"))
}

/// One player of the open game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    pub number: u32,
    pub name: String,
    pub class: Option<Class>,
    /// 1 = best score (ties by number).
    pub rank: usize,
    pub score: i64,
    pub score_delta: i64,
    pub worlds: usize,
    pub fleets: usize,
    pub ships: u64,
    /// The orders read from his file of the turn; `None`: no file (ONR).
    pub orders: Option<usize>,
    /// Lines of his file that could not be read.
    pub unreadable: usize,
}

/// The game open in the arbiter's view.
#[derive(Clone, Debug)]
pub struct OpenGame {
    /// What was opened (the folder, or the save file).
    pub source: PathBuf,
    /// The game folder, when the save is its `game.ron`: only then can the turn
    /// be resolved.
    pub dir: Option<PathBuf>,
    pub save: Save,
    /// Every player, by number.
    pub players: Vec<PlayerRow>,
    /// What every player sent for this turn (read from the folder).
    sent: BTreeMap<PlayerId, Sent>,
    /// The arbiter's log of the previous turn, when the folder has it.
    pub previous_log: Option<String>,
}

/// The log of a turn resolved in the application.
#[derive(Clone, Debug)]
pub struct TurnLog {
    pub turn: u32,
    pub next_turn: u32,
    /// Names by player, as they were before the turn.
    names: BTreeMap<PlayerId, String>,
    sent: BTreeMap<PlayerId, Sent>,
    pub onr: Vec<PlayerId>,
    pub voided: Vec<VoidedOrder>,
    /// The final ranking, when the game ended with this turn.
    pub final_ranking: Vec<(PlayerId, i64)>,
    /// The log file as written.
    pub text: String,
    /// The files written (relative to the folder).
    pub written: usize,
}

/// A resolved turn waiting for the arbiter's word: some of its files exist.
struct Pending {
    resolved: ResolvedTurn,
    sent: BTreeMap<PlayerId, Sent>,
    names: BTreeMap<PlayerId, String>,
    existing: Vec<PathBuf>,
}

type JobResult = Result<ResolvedTurn, String>;

/// How often the order files are looked at while the window is shown.
pub const WATCH_INTERVAL: Duration = Duration::from_secs(1);

/// A watched file at the last look: its size and modification time; `None` when
/// it is not there.
type FileStamp = Option<(u64, Option<SystemTime>)>;

/// The files the table depends on: `game.ron` first, then every player's order
/// file of the turn (a few thousand `stat` calls at most: no file is read).
fn folder_stamps(dir: &Path, save: &Save) -> Vec<FileStamp> {
    let turn = save.galaxy.turn;
    std::iter::once(PathBuf::from(folder::SAVE_FILE))
        .chain(
            save.galaxy
                .players
                .keys()
                .filter(|id| !id.is_neutral())
                .map(|id| folder::orders_file(*id, turn)),
        )
        .map(|relative| {
            std::fs::metadata(dir.join(relative))
                .ok()
                .map(|m| (m.len(), m.modified().ok()))
        })
        .collect()
}

/// A resolution under way on a background task.
struct Job {
    task: Task<JobResult>,
    sent: BTreeMap<PlayerId, Sent>,
    names: BTreeMap<PlayerId, String>,
}

/// The arbiter's view: its window and the game it has open.
#[derive(Default)]
pub struct ArbiterState {
    /// The window is shown.
    pub open: bool,
    /// The text of the "path" field.
    pub path_text: String,
    game: Option<OpenGame>,
    job: Option<Job>,
    pending: Option<Pending>,
    log: Option<TurnLog>,
    /// The last failure (message in the interface language).
    error: Option<String>,
    /// The summary of the turn to resolve is shown (the arbiter's word awaited).
    confirm_resolve: bool,
    /// The folder's files at the last look, and when that was.
    stamps: Vec<FileStamp>,
    last_look: Option<Instant>,
    /// The typed-path window (no folder dialog here).
    path_prompt: PathPrompt,
    /// Why the typed-path window was opened (a message id), shown in it.
    path_prompt_why: Option<&'static str>,
}

impl std::fmt::Debug for ArbiterState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ArbiterState")
            .field("open", &self.open)
            .field("game", &self.game.as_ref().map(|g| &g.source))
            .field("running", &self.is_running())
            .finish_non_exhaustive()
    }
}

/// Player `id`'s name in `save`, else his number.
fn names_of(save: &Save) -> BTreeMap<PlayerId, String> {
    save.galaxy
        .players
        .values()
        .map(|p| (p.id, p.name.clone()))
        .collect()
}

/// Every player of the save, by number, with what he sent.
fn player_rows(save: &Save, sent: &BTreeMap<PlayerId, Sent>) -> Vec<PlayerRow> {
    let mut rows: Vec<PlayerRow> = arbiter::standings(&save.galaxy)
        .into_iter()
        .map(|standing| {
            let s = sent.get(&standing.player);
            PlayerRow {
                number: standing.player.0,
                name: standing.name,
                class: standing.class,
                rank: standing.rank,
                score: standing.score,
                score_delta: standing.score_last_turn,
                worlds: standing.worlds,
                fleets: standing.fleets,
                ships: standing.ships,
                orders: s.map(|s| s.orders.len()),
                unreadable: s.map_or(0, |s| s.diagnostics.len()),
            }
        })
        .collect();
    rows.sort_by_key(|r| r.number);
    rows
}

/// Reads every player's order file of the save's turn (missing = ONR; a file
/// that cannot be read is an error).
fn read_sent(dir: &Path, save: &Save) -> Result<BTreeMap<PlayerId, Sent>, String> {
    folder::read_sent(save, |relative| std::fs::read(dir.join(relative)))
        .map_err(|(relative, error)| format!("{}: {error}", dir.join(relative).display()))
}

/// Reads a game folder or a save file.
fn read_game(path: &Path, lang: Lang) -> Result<OpenGame, String> {
    let (save_path, dir) = if path.is_dir() {
        (path.join(folder::SAVE_FILE), Some(path.to_path_buf()))
    } else {
        let dir = (path.file_name().and_then(|n| n.to_str()) == Some(folder::SAVE_FILE))
            .then(|| path.parent().map(Path::to_path_buf))
            .flatten();
        (path.to_path_buf(), dir)
    };
    let text = std::fs::read_to_string(&save_path).map_err(|e| {
        tr_args(
            lang,
            "gui-arbiter-cannot-read",
            &[
                ("file", &save_path.display().to_string()),
                ("error", &e.to_string()),
            ],
        )
    })?;
    let save = Save::from_ron(&text)
        .map_err(|e| format!("{}: {}", save_path.display(), e.message(lang)))?;
    let sent = match &dir {
        Some(dir) => read_sent(dir, &save)?,
        None => BTreeMap::new(),
    };
    let previous_log = dir.as_ref().and_then(|dir| {
        let turn = save.galaxy.turn.checked_sub(1)?;
        std::fs::read_to_string(dir.join(folder::log_file(turn))).ok()
    });
    Ok(OpenGame {
        source: path.to_path_buf(),
        players: player_rows(&save, &sent),
        dir,
        save,
        sent,
        previous_log,
    })
}

impl ArbiterState {
    /// The game open, if any.
    pub fn game(&self) -> Option<&OpenGame> {
        self.game.as_ref()
    }

    /// The log of the turn last resolved here.
    pub fn log(&self) -> Option<&TurnLog> {
        self.log.as_ref()
    }

    /// The last failure, in the interface language of the moment it happened.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// A resolution is under way.
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }

    /// Files that exist and would be overwritten (the turn waits for the word).
    pub fn pending_overwrite(&self) -> Option<&[PathBuf]> {
        self.pending.as_ref().map(|p| p.existing.as_slice())
    }

    /// Opens a game folder or a save file and shows the window. Returns false
    /// (and keeps the message) when it cannot be read.
    pub fn open_game(&mut self, path: &Path, lang: Lang) -> bool {
        self.open = true;
        match read_game(path, lang) {
            Ok(game) => {
                self.path_text = path.display().to_string();
                self.stamps = game
                    .dir
                    .as_deref()
                    .map(|dir| folder_stamps(dir, &game.save))
                    .unwrap_or_default();
                self.last_look = Some(Instant::now());
                // Another game: the question asked about the last one is gone.
                if self.game.as_ref().is_some_and(|g| g.source != path) {
                    self.confirm_resolve = false;
                }
                self.game = Some(game);
                self.error = None;
                self.pending = None;
                true
            }
            Err(message) => {
                self.error = Some(message);
                false
            }
        }
    }

    /// Reads the open game again (after the players sent orders, or a turn).
    pub fn reload(&mut self, lang: Lang) {
        if let Some(source) = self.game.as_ref().map(|g| g.source.clone()) {
            self.open_game(&source, lang);
        }
    }

    /// Looks at the folder's files (at most once per [`WATCH_INTERVAL`], while the
    /// window is shown): an order file that arrived, changed or went away is read
    /// again, and a new `game.ron` (a turn resolved elsewhere) reloads the game.
    /// Asks for the next look with `request_repaint_after`, never a busy repaint.
    pub fn watch(&mut self, ctx: &egui::Context, lang: Lang) {
        if !self.open || self.job.is_some() || self.pending.is_some() {
            return;
        }
        let Some(dir) = self.game.as_ref().and_then(|g| g.dir.clone()) else {
            return;
        };
        if self
            .last_look
            .is_none_or(|last| last.elapsed() >= WATCH_INTERVAL)
        {
            self.look(&dir, lang);
        }
        ctx.request_repaint_after(WATCH_INTERVAL);
    }

    /// Compares the folder's files with the last look; reads again what changed.
    fn look(&mut self, dir: &Path, lang: Lang) {
        self.last_look = Some(Instant::now());
        let Some(game) = self.game.as_ref() else {
            return;
        };
        let now = folder_stamps(dir, &game.save);
        if now == self.stamps {
            return;
        }
        let save_changed = now.first() != self.stamps.first() || now.len() != self.stamps.len();
        self.stamps = now;
        if save_changed {
            self.reload(lang);
        } else {
            self.refresh_orders(dir);
        }
    }

    /// Reads every player's order file again (the save is kept as it is).
    fn refresh_orders(&mut self, dir: &Path) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        match read_sent(dir, &game.save) {
            Ok(sent) => {
                for row in &mut game.players {
                    let s = sent.get(&PlayerId(row.number));
                    row.orders = s.map(|s| s.orders.len());
                    row.unreadable = s.map_or(0, |s| s.diagnostics.len());
                }
                game.sent = sent;
            }
            Err(message) => self.error = Some(message),
        }
    }

    /// The summary of the turn to resolve is shown, waiting for the arbiter.
    pub fn confirming_resolve(&self) -> bool {
        self.confirm_resolve
    }

    /// The typed-path window is shown (no folder dialog, or asked for), with the
    /// id of the message saying why.
    pub fn path_prompt(&self) -> Option<Option<&'static str>> {
        self.path_prompt.open.then_some(self.path_prompt_why)
    }

    /// What the folder dialog answered: the game picked is opened; without a
    /// dialog, the typed-path window opens, saying why.
    pub fn dialog_answered(&mut self, answer: DialogAnswer<PathBuf>, lang: Lang) {
        self.open = true;
        match answer {
            DialogAnswer::Picked(path) => {
                self.open_game(&path, lang);
            }
            DialogAnswer::Unavailable => {
                self.path_prompt.show(self.path_text.clone());
                self.path_prompt_why = Some("gui-arbiter-no-folder-dialog");
            }
            DialogAnswer::Cancelled => {}
        }
    }

    /// Reads the folder again and shows the summary of the turn to resolve; the
    /// turn is resolved only on [`ArbiterCommand::ConfirmResolve`].
    pub fn ask_resolve(&mut self, lang: Lang) {
        if self.job.is_some() || self.pending.is_some() {
            return;
        }
        let Some(source) = self.game.as_ref().map(|g| g.source.clone()) else {
            return;
        };
        // A folder that cannot be read again is not resolved from what was
        // read before (the message says why).
        if !self.open_game(&source, lang) {
            return;
        }
        if self.game.as_ref().is_some_and(|g| g.dir.is_none()) {
            self.error = Some(tr(lang, "gui-arbiter-save-alone"));
            return;
        }
        self.confirm_resolve = true;
    }

    /// Player `number`'s turn files as the arbiter sends them, oldest first: the
    /// CRs and NBTs of his earlier turns found in the folder, then the ones
    /// projected from the save. `None` when no game is open or the number is not a
    /// player's.
    pub fn player_sources(&self, number: u32) -> Option<Vec<(SourceFile, bool)>> {
        let game = self.game.as_ref()?;
        let id = PlayerId(number);
        let (cr, nbt) = folder::player_files(&game.save, id)?;
        let turn = game.save.galaxy.turn;
        let mut sources = Vec::new();
        if let Some(dir) = &game.dir {
            for earlier in 1..turn {
                for (relative, is_nbt) in [
                    (folder::cr_file(id, earlier), false),
                    (folder::nbt_file(id, earlier), true),
                ] {
                    let path = dir.join(relative);
                    if let Ok((text, info)) = read_text_file(&path) {
                        let name = super::session::display_name(&path);
                        let mut source = SourceFile::new(SourceOrigin::File(path), &name, text);
                        source.diagnostics.extend(info);
                        sources.push((source, is_nbt));
                    }
                }
            }
        }
        for (relative, text, is_nbt) in [
            (folder::cr_file(id, turn), cr, false),
            (folder::nbt_file(id, turn), nbt, true),
        ] {
            let name = super::session::display_name(&relative);
            // In a folder, the file's own place (the order editor exports beside
            // it); a save alone has no folder: the text is the app's own.
            let origin = match &game.dir {
                Some(dir) => SourceOrigin::File(dir.join(&relative)),
                None => SourceOrigin::Demo(name.clone()),
            };
            sources.push((SourceFile::new(origin, &name, text), is_nbt));
        }
        Some(sources)
    }

    /// Starts resolving the open game's turn on a background thread: the save
    /// and the order files are read again first (no summary asked).
    pub fn resolve(&mut self, ctx: &egui::Context, lang: Lang) {
        if self.job.is_some() {
            return;
        }
        self.reload(lang);
        self.start_resolution(ctx, lang);
    }

    /// Starts resolving the turn as read (the summary the arbiter saw).
    fn start_resolution(&mut self, ctx: &egui::Context, lang: Lang) {
        if self.job.is_some() || self.pending.is_some() {
            return;
        }
        let Some(game) = self.game.as_ref() else {
            return;
        };
        if game.dir.is_none() {
            self.error = Some(tr(lang, "gui-arbiter-save-alone"));
            return;
        }
        let save = game.save.clone();
        let sent = game.sent.clone();
        let names = names_of(&save);
        let job_sent = sent.clone();
        let spawned = Task::spawn("nebutil-arbiter", ctx, move |reporter| {
            let result = folder::resolve(&save, &job_sent, lang).map_err(|e| e.message(lang));
            reporter.send(result);
        });
        match spawned {
            Ok(task) => {
                self.error = None;
                self.log = None;
                self.job = Some(Job { task, sent, names });
            }
            Err(error) => self.error = Some(error.to_string()),
        }
    }

    /// Takes the background task's result (once per frame): writes the files,
    /// or waits for the arbiter's word when some exist.
    pub fn poll(&mut self, lang: Lang) {
        let Some(job) = self.job.as_mut() else {
            return;
        };
        let polled = job.task.poll();
        let result = match polled.messages.into_iter().next() {
            Some(result) => result,
            None if polled.ended => Err(tr(lang, "gui-arbiter-failed")),
            None => return,
        };
        let Some(job) = self.job.take() else {
            return;
        };
        match result {
            Ok(resolved) => {
                let dir = self.game.as_ref().and_then(|g| g.dir.clone());
                let Some(dir) = dir else {
                    return;
                };
                let existing: Vec<PathBuf> = resolved
                    .files
                    .iter()
                    .map(|(relative, _)| dir.join(relative))
                    .filter(|path| path.exists())
                    .collect();
                let pending = Pending {
                    resolved,
                    sent: job.sent,
                    names: job.names,
                    existing,
                };
                if pending.existing.is_empty() {
                    self.write(pending, lang);
                } else {
                    self.pending = Some(pending);
                }
            }
            Err(message) => self.error = Some(message),
        }
    }

    /// Writes a resolved turn's files, then the next `game.ron`, and reads the
    /// game again.
    fn write(&mut self, pending: Pending, lang: Lang) {
        let Some(dir) = self.game.as_ref().and_then(|g| g.dir.clone()) else {
            return;
        };
        let Pending {
            resolved,
            sent,
            names,
            ..
        } = pending;
        // The same crash-safe commit as `nebutil game turn`, under the folder's
        // lock (one writer at a time).
        use crate::storage::{fault::Faults, lock, turn};
        let cannot_write = |path: &std::path::Path, error: &dyn std::fmt::Display| {
            tr_args(
                lang,
                "gui-arbiter-cannot-write",
                &[
                    ("file", &path.display().to_string()),
                    ("error", &error.to_string()),
                ],
            )
        };
        let _lock = match lock::lock(&dir) {
            Ok(lock) => lock,
            Err(lock::LockError::Busy(path)) => {
                self.error = Some(tr_args(
                    lang,
                    "gui-arbiter-busy",
                    &[("file", &path.display().to_string())],
                ));
                return;
            }
            Err(lock::LockError::Io(path, error)) => {
                self.error = Some(cannot_write(&path, &error));
                return;
            }
        };
        match turn::recover(&dir, &mut Faults::none()) {
            Ok(turn::Recovery::Clean | turn::Recovery::RolledBack) => {}
            Ok(turn::Recovery::Completed { .. }) => {
                // A turn interrupted earlier was finished: the folder moved on,
                // this resolution is out of date.
                self.error = Some(tr(lang, "gui-arbiter-recovered"));
                return;
            }
            Err(error) => {
                self.error = Some(cannot_write(&dir.join(turn::WORK_DIR), &error));
                return;
            }
        }
        if let Err(error) = turn::commit(
            &dir,
            &resolved.files,
            &resolved.save_text,
            &mut Faults::none(),
        ) {
            self.error = Some(cannot_write(&dir, &error));
            return;
        }
        let onr = resolved
            .next
            .galaxy
            .players
            .keys()
            .filter(|id| !id.is_neutral() && !sent.contains_key(id))
            .copied()
            .collect();
        self.log = Some(TurnLog {
            turn: resolved.turn,
            next_turn: resolved.next.galaxy.turn,
            names,
            onr,
            voided: resolved.outcome.voided().cloned().collect(),
            final_ranking: resolved
                .outcome
                .events
                .iter()
                .find_map(|e| match &e.kind {
                    EventKind::GameOver { ranking } => Some(ranking.clone()),
                    _ => None,
                })
                .unwrap_or_default(),
            text: resolved
                .files
                .last()
                .map(|(_, text)| text.clone())
                .unwrap_or_default(),
            written: resolved.files.len() + 1,
            sent,
        });
        self.reload(lang);
    }

    /// Handles one command of the view (the application calls this from its one
    /// place where commands are handled). Returns the player whose files are to
    /// be shown, for [`ArbiterCommand::ViewAs`].
    pub fn handle(
        &mut self,
        ctx: &egui::Context,
        command: ArbiterCommand,
        lang: Lang,
    ) -> Option<u32> {
        match command {
            ArbiterCommand::OpenDialog => {
                self.open = true;
                let answer = path_prompt::ask(|| {
                    rfd::FileDialog::new()
                        .set_title(tr(lang, "gui-arbiter-dialog-title"))
                        .pick_folder()
                });
                self.dialog_answered(answer, lang);
            }
            ArbiterCommand::DialogAnswered(answer) => self.dialog_answered(answer, lang),
            ArbiterCommand::Open(path) => {
                self.open_game(&path, lang);
            }
            ArbiterCommand::Reload => self.reload(lang),
            ArbiterCommand::ViewAs(number) => return Some(number),
            ArbiterCommand::Resolve => self.ask_resolve(lang),
            ArbiterCommand::ConfirmResolve => {
                if std::mem::take(&mut self.confirm_resolve) {
                    self.start_resolution(ctx, lang);
                }
            }
            ArbiterCommand::CancelResolve => self.confirm_resolve = false,
            ArbiterCommand::ConfirmOverwrite => {
                if let Some(pending) = self.pending.take() {
                    self.write(pending, lang);
                }
            }
            ArbiterCommand::CancelOverwrite => self.pending = None,
        }
        None
    }
}

fn class_name(class: Option<Class>, lang: Lang) -> &'static str {
    match (class, lang) {
        (None, _) => "-",
        (Some(class), Lang::Fr) => class.french_name(),
        (Some(class), Lang::En) => class.english_name(),
    }
}

/// Draws the arbiter's window.
pub fn arbiter_window(
    ctx: &egui::Context,
    state: &mut ArbiterState,
    lang: Lang,
    commands: &mut Vec<Command>,
) {
    state.watch(ctx, lang);
    let mut open = state.open;
    egui::Window::new(WindowId::Arbiter.title(lang))
        .id(egui::Id::unique(WINDOW_ID))
        .open(&mut open)
        .default_size([860.0, 640.0])
        .vscroll(true)
        .show(ctx, |ui| arbiter_ui(ui, state, lang, commands));
    state.open = open;
    path_window(ctx, state, lang, commands);
    if state.confirm_resolve
        && let Some(game) = &state.game
    {
        resolve_confirm_ui(ctx, game, lang, commands);
    }
}

/// The typed-path window (no folder dialog here): a game folder or a save.
fn path_window(
    ctx: &egui::Context,
    state: &mut ArbiterState,
    lang: Lang,
    commands: &mut Vec<Command>,
) {
    let texts = PromptTexts {
        title: tr(lang, "gui-arbiter-path-title"),
        help: state.path_prompt_why.map(|id| tr(lang, id)),
        label: tr(lang, "gui-arbiter-path-label"),
        multiline: false,
        cancel: tr(lang, "gui-cancel"),
    };
    let buttons = [((), tr(lang, "gui-arbiter-path-open"))];
    if let Some(((), paths)) = path_prompt_window(
        ctx,
        "arbiter-path-window",
        &mut state.path_prompt,
        &texts,
        &buttons,
    ) && let Some(path) = paths.into_iter().next()
    {
        send(commands, ArbiterCommand::Open(path));
    }
}

/// The question before a turn is resolved (modal: the rest of the window waits):
/// who sent orders and how many, who is ONR, the unreadable lines; "Résoudre"
/// or "Annuler" (Escape, or a click beside it, cancels).
fn resolve_confirm_ui(
    ctx: &egui::Context,
    game: &OpenGame,
    lang: Lang,
    commands: &mut Vec<Command>,
) {
    let sent = game.players.iter().filter(|r| r.orders.is_some()).count();
    let onr = game.players.len() - sent;
    let orders: usize = game.players.iter().filter_map(|r| r.orders).sum();
    let unreadable: usize = game.players.iter().map(|r| r.unreadable).sum();
    let modal = egui::Modal::new(egui::Id::unique("arbiter-resolve-confirm")).show(ctx, |ui| {
        ui.set_max_width(560.0);
        ui.heading(tr_args(
            lang,
            "gui-arbiter-confirm-title",
            &[("turn", &game.save.galaxy.turn.to_string())],
        ));
        ui.label(tr_args(
            lang,
            "gui-arbiter-confirm-counts",
            &[
                ("sent", &sent.to_string()),
                ("players", &game.players.len().to_string()),
                ("orders", &orders.to_string()),
                ("unreadable", &unreadable.to_string()),
            ],
        ));
        if onr > 0 {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                tr_args(
                    lang,
                    "gui-arbiter-confirm-onr",
                    &[("count", &onr.to_string())],
                ),
            );
        }
        ui.add_space(4.0);
        confirm_table_ui(ui, game, lang);
        ui.add_space(6.0);
        let mut answer = None;
        ui.horizontal(|ui| {
            if ui.button(tr(lang, "gui-arbiter-confirm-yes")).clicked() {
                answer = Some(ArbiterCommand::ConfirmResolve);
            }
            if ui.button(tr(lang, "gui-cancel")).clicked() {
                answer = Some(ArbiterCommand::CancelResolve);
            }
        });
        answer
    });
    match modal.inner {
        Some(answer) => send(commands, answer),
        None if modal.should_close() => send(commands, ArbiterCommand::CancelResolve),
        None => {}
    }
}

/// Every player in the summary: what he sent (orders, unreadable lines) or ONR.
/// Only the rows in view are laid out.
fn confirm_table_ui(ui: &mut egui::Ui, game: &OpenGame, lang: Lang) {
    use egui_extras::{Column, TableBuilder};
    let row_height = ui.spacing().interact_size.y;
    TableBuilder::new(ui)
        .id_salt("arbiter-confirm-players")
        .striped(true)
        .vscroll(true)
        .max_scroll_height(260.0)
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
        .column(Column::auto().at_least(160.0))
        .column(Column::auto().at_least(90.0))
        .column(Column::remainder().at_least(120.0))
        .header(row_height, |mut header| {
            for (id, hint) in [
                ("gui-arbiter-col-player", "gui-arbiter-col-player-hint"),
                ("gui-arbiter-col-orders", "gui-arbiter-col-orders-hint"),
                (
                    "gui-arbiter-col-unreadable",
                    "gui-arbiter-col-unreadable-hint",
                ),
            ] {
                header.col(|ui| {
                    ui.strong(tr(lang, id)).on_hover_text(tr(lang, hint));
                });
            }
        })
        .body(|body| {
            body.rows(row_height, game.players.len(), |mut table_row| {
                let Some(row) = game.players.get(table_row.index()) else {
                    return;
                };
                table_row.col(|ui| {
                    ui.add(egui::Label::new(format!("{} « {} »", row.number, row.name)).truncate());
                });
                table_row.col(|ui| match row.orders {
                    None => {
                        ui.colored_label(ui.visuals().warn_fg_color, "ONR");
                    }
                    Some(count) => {
                        ui.label(tr_args(
                            lang,
                            "gui-arbiter-orders",
                            &[("count", &count.to_string())],
                        ));
                    }
                });
                table_row.col(|ui| {
                    if row.orders.is_some() {
                        ui.label(tr_args(
                            lang,
                            "gui-arbiter-confirm-unreadable",
                            &[("count", &row.unreadable.to_string())],
                        ));
                    }
                });
            });
        });
}

fn send(commands: &mut Vec<Command>, command: ArbiterCommand) {
    commands.push(Command::Arbiter(command));
}

fn arbiter_ui(
    ui: &mut egui::Ui,
    state: &mut ArbiterState,
    lang: Lang,
    commands: &mut Vec<Command>,
) {
    ui.horizontal(|ui| {
        if ui.button(tr(lang, "gui-arbiter-open")).clicked() {
            send(commands, ArbiterCommand::OpenDialog);
        }
        let label = ui.label(tr(lang, "gui-arbiter-path"));
        let edit = ui
            .add(egui::TextEdit::singleline(&mut state.path_text).desired_width(360.0))
            .labelled_by(label.id);
        let entered = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let path = state.path_text.trim();
        if (ui
            .add_enabled(
                !path.is_empty(),
                egui::Button::new(tr(lang, "gui-arbiter-open-path")),
            )
            .clicked()
            || entered)
            && !path.is_empty()
        {
            send(commands, ArbiterCommand::Open(PathBuf::from(path)));
        }
    });
    if let Some(error) = &state.error {
        ui.colored_label(ui.visuals().error_fg_color, error);
    }
    let Some(game) = &state.game else {
        ui.weak(tr(lang, "gui-arbiter-none"));
        return;
    };
    ui.separator();
    let save = &game.save;
    ui.label(
        RichText::new(tr_args(
            lang,
            "gui-arbiter-header",
            &[
                (
                    "game",
                    save.game_name
                        .as_deref()
                        .unwrap_or(&tr(lang, "gui-arbiter-unnamed")),
                ),
                ("ruleset", &save.ruleset.name),
                ("turn", &save.galaxy.turn.to_string()),
                ("final", &save.galaxy.final_turn.to_string()),
                ("worlds", &save.galaxy.worlds.len().to_string()),
            ],
        ))
        .strong(),
    );
    ui.weak(game.source.display().to_string());
    ui.horizontal(|ui| {
        let can_resolve = game.dir.is_some() && !state.is_running() && state.pending.is_none();
        let button = ui
            .add_enabled(
                can_resolve,
                egui::Button::new(tr(lang, "gui-arbiter-resolve")),
            )
            .on_disabled_hover_text(tr(lang, "gui-arbiter-save-alone"));
        if button.clicked() {
            send(commands, ArbiterCommand::Resolve);
        }
        if ui.button(tr(lang, "gui-arbiter-reload")).clicked() {
            send(commands, ArbiterCommand::Reload);
        }
        if state.is_running() {
            ui.spinner();
            ui.label(tr(lang, "gui-arbiter-running"));
        }
    });
    if let Some(existing) = state.pending_overwrite() {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            tr_args(
                lang,
                "gui-arbiter-exists",
                &[("count", &existing.len().to_string())],
            ),
        );
        for path in existing.iter().take(8) {
            ui.monospace(path.display().to_string());
        }
        ui.horizontal(|ui| {
            if ui.button(tr(lang, "gui-arbiter-overwrite")).clicked() {
                send(commands, ArbiterCommand::ConfirmOverwrite);
            }
            if ui.button(tr(lang, "gui-cancel")).clicked() {
                send(commands, ArbiterCommand::CancelOverwrite);
            }
        });
    }
    // The turn just resolved comes first: it is what the arbiter reads next.
    if let Some(log) = &state.log {
        ui.separator();
        log_ui(ui, log, lang);
    }
    ui.separator();
    ui.heading(tr(lang, "gui-arbiter-players"));
    players_ui(ui, game, lang, commands);
    if state.log.is_none()
        && let Some(text) = &game.previous_log
    {
        ui.separator();
        egui::CollapsingHeader::new(tr(lang, "gui-arbiter-previous-log"))
            .id_salt("arbiter-previous-log")
            .show(ui, |ui| {
                ui.monospace(text);
            });
    }
}

/// The players' table: only the rows in view are laid out (a game may have
/// hundreds of players).
fn players_ui(ui: &mut egui::Ui, game: &OpenGame, lang: Lang, commands: &mut Vec<Command>) {
    use egui_extras::{Column, TableBuilder};
    let row_height = ui.spacing().interact_size.y + 2.0;
    let mut table = TableBuilder::new(ui)
        .id_salt("arbiter-players")
        .striped(true)
        .resizable(true)
        .vscroll(true)
        .max_scroll_height(360.0)
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
    for _ in 0..9 {
        table = table.column(Column::auto().at_least(40.0));
    }
    table
        .column(Column::remainder().at_least(160.0))
        .header(row_height, |mut header| {
            for id in [
                "gui-arbiter-col-number",
                "gui-arbiter-col-name",
                "gui-arbiter-col-class",
                "gui-arbiter-col-rank",
                "gui-arbiter-col-score",
                "gui-arbiter-col-worlds",
                "gui-arbiter-col-fleets",
                "gui-arbiter-col-ships",
                "gui-arbiter-col-orders",
                "gui-arbiter-col-view",
            ] {
                header.col(|ui| {
                    ui.strong(tr(lang, id))
                        .on_hover_text(tr(lang, &format!("{id}-hint")));
                });
            }
        })
        .body(|body| {
            body.rows(row_height, game.players.len(), |mut table_row| {
                let Some(row) = game.players.get(table_row.index()) else {
                    return;
                };
                let cells = [
                    row.number.to_string(),
                    row.name.clone(),
                    class_name(row.class, lang).to_string(),
                    row.rank.to_string(),
                    format!("{} ({:+})", row.score, row.score_delta),
                    row.worlds.to_string(),
                    row.fleets.to_string(),
                    row.ships.to_string(),
                ];
                for cell in cells {
                    table_row.col(|ui| {
                        ui.label(cell);
                    });
                }
                table_row.col(|ui| match row.orders {
                    None => {
                        ui.colored_label(ui.visuals().warn_fg_color, "ONR");
                    }
                    Some(count) => {
                        let mut text =
                            tr_args(lang, "gui-arbiter-orders", &[("count", &count.to_string())]);
                        if row.unreadable > 0 {
                            text.push_str(&tr_args(
                                lang,
                                "gui-arbiter-unreadable-count",
                                &[("count", &row.unreadable.to_string())],
                            ));
                        }
                        ui.label(text);
                    }
                });
                table_row.col(|ui| {
                    if ui
                        .button(tr_args(
                            lang,
                            "gui-arbiter-view-as",
                            &[("number", &row.number.to_string())],
                        ))
                        .clicked()
                    {
                        send(commands, ArbiterCommand::ViewAs(row.number));
                    }
                });
            });
        });
}

/// The voided orders: only the rows in view are laid out (a turn of a big game
/// voids thousands of orders). One line per order; a reason too long for its
/// column shows whole on hover.
fn voided_ui(ui: &mut egui::Ui, log: &TurnLog, lang: Lang, name: &dyn Fn(&PlayerId) -> String) {
    use egui_extras::{Column, TableBuilder};
    let row_height = ui.spacing().interact_size.y;
    TableBuilder::new(ui)
        .id_salt("arbiter-voided")
        .striped(true)
        .resizable(true)
        .vscroll(true)
        .max_scroll_height(320.0)
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
        .column(Column::auto().at_least(80.0))
        .column(Column::auto().at_least(80.0))
        .column(Column::auto().at_least(120.0))
        .column(Column::remainder().at_least(160.0))
        .header(row_height, |mut header| {
            for id in [
                "gui-arbiter-col-player",
                "gui-arbiter-col-line",
                "gui-arbiter-col-order",
                "gui-arbiter-col-reason",
            ] {
                header.col(|ui| {
                    ui.strong(tr(lang, id));
                });
            }
        })
        .body(|body| {
            body.rows(row_height, log.voided.len(), |mut row| {
                let Some(v) = log.voided.get(row.index()) else {
                    return;
                };
                let file = log.sent.get(&v.player).map_or("-", |s| s.file.as_str());
                row.col(|ui| {
                    ui.add(egui::Label::new(name(&v.player)).truncate());
                });
                row.col(|ui| {
                    ui.label(format!("{file}:{}", v.order.span.line));
                });
                row.col(|ui| {
                    let text = print_orders(std::iter::once(&v.order.kind));
                    ui.monospace(text.trim_end());
                });
                row.col(|ui| {
                    ui.add(egui::Label::new(v.diagnostic.message(lang)).truncate());
                });
            });
        });
}

fn log_ui(ui: &mut egui::Ui, log: &TurnLog, lang: Lang) {
    let name = |id: &PlayerId| {
        log.names
            .get(id)
            .map_or_else(|| id.0.to_string(), |n| format!("{} « {n} »", id.0))
    };
    ui.heading(tr_args(
        lang,
        "gui-arbiter-log-title",
        &[
            ("turn", &log.turn.to_string()),
            ("next", &log.next_turn.to_string()),
            ("files", &log.written.to_string()),
        ],
    ));
    ui.strong(tr(lang, "gui-arbiter-log-onr"));
    if log.onr.is_empty() {
        ui.weak(tr(lang, "gui-arbiter-log-none"));
    }
    for id in &log.onr {
        ui.label(name(id));
    }
    ui.strong(tr(lang, "gui-arbiter-log-unreadable"));
    let mut unreadable = 0;
    for s in log.sent.values() {
        for diagnostic in &s.diagnostics {
            unreadable += 1;
            ui.label(diagnostic.render(&s.file, lang));
        }
    }
    if unreadable == 0 {
        ui.weak(tr(lang, "gui-arbiter-log-none"));
    }
    ui.strong(tr_args(
        lang,
        "gui-arbiter-log-voided",
        &[("count", &log.voided.len().to_string())],
    ));
    if log.voided.is_empty() {
        ui.weak(tr(lang, "gui-arbiter-log-none"));
    } else {
        voided_ui(ui, log, lang, &name);
    }
    if !log.final_ranking.is_empty() {
        ui.strong(tr(lang, "gui-arbiter-log-final"));
        for (rank, (player, score)) in log.final_ranking.iter().enumerate() {
            ui.label(format!("{}. {} : {score}", rank + 1, name(player)));
        }
    }
    egui::CollapsingHeader::new(tr(lang, "gui-arbiter-log-file"))
        .id_salt("arbiter-log-file")
        .show(ui, |ui| {
            ui.monospace(&log.text);
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::generate::{GeneratorParams, PlayerSetup, generate_seeded};
    use crate::rules::Ruleset;

    fn save() -> Save {
        let players = vec![
            PlayerSetup::new("Ana", Class::Emperor),
            PlayerSetup::new("Bob", Class::Merchant),
        ];
        let ruleset = Ruleset::builtin_2002();
        let galaxy = generate_seeded(&GeneratorParams::new(players), &ruleset, 3)
            .unwrap_or_else(|e| panic!("{}", e.message(Lang::En)));
        Save::new(None, ruleset, 3, galaxy)
    }

    #[test]
    fn players_are_listed_by_number_with_their_rank_by_score() {
        let mut save = save();
        if let Some(bob) = save.galaxy.players.get_mut(&PlayerId(2)) {
            bob.score = 50;
        }
        let mut sent = BTreeMap::new();
        sent.insert(
            PlayerId(2),
            folder::sent_from_bytes(PlayerId(2), 1, b"XX\n"),
        );
        let rows = player_rows(&save, &sent);
        let summary: Vec<(u32, usize, Option<usize>, usize)> = rows
            .iter()
            .map(|r| (r.number, r.rank, r.orders, r.unreadable))
            .collect();
        assert_eq!(summary, [(1, 2, None, 0), (2, 1, Some(0), 1)]);
    }

    #[test]
    fn the_last_turn_resolved_shows_the_final_ranking_then_nothing_more_resolves() {
        let dir = std::env::temp_dir().join(format!("nebutil-arbiter-last-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut save = save();
        save.galaxy.final_turn = 2;
        for (relative, text) in folder::game_files(&save) {
            let _ = crate::storage::write_atomic_in_new_dirs(
                &dir.join(relative),
                text.as_bytes(),
                crate::storage::Durability::Synced,
            );
        }
        let mut state = ArbiterState::default();
        assert!(state.open_game(&dir, Lang::En));
        let ctx = egui::Context::default();
        let wait = |state: &mut ArbiterState| {
            for _ in 0..3000 {
                state.poll(Lang::En);
                if !state.is_running() {
                    return;
                }
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            panic!("not resolved");
        };
        state.resolve(&ctx, Lang::En);
        wait(&mut state);
        let ranking: Vec<u32> = state
            .log()
            .map(|l| l.final_ranking.iter().map(|(p, _)| p.0).collect())
            .unwrap_or_default();
        assert_eq!(ranking.len(), 2, "{:?}", state.error());
        assert_eq!(state.game().map(|g| g.save.galaxy.turn), Some(2));
        // The game is over: resolving again is refused with the reason.
        state.resolve(&ctx, Lang::En);
        wait(&mut state);
        assert!(state.error().is_some());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_save_on_its_own_is_shown_but_never_resolved() {
        let dir =
            std::env::temp_dir().join(format!("nebutil-arbiter-alone-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let path = dir.join("game-001.ron");
        let _ = std::fs::write(&path, save().to_ron());
        let mut state = ArbiterState::default();
        assert!(state.open_game(&path, Lang::Fr));
        let game = state.game().map(|g| (g.dir.is_none(), g.players.len()));
        assert_eq!(game, Some((true, 2)));
        // Player 2's files, the app's own text (no folder to place them in).
        let sources = state.player_sources(2).unwrap_or_default();
        let names: Vec<(&str, bool)> = sources
            .iter()
            .map(|(s, nbt)| (s.name.as_str(), *nbt))
            .collect();
        assert_eq!(names, [("turn-001.cr", false), ("turn-001.nbt", true)]);
        assert!(sources.iter().all(|(s, _)| s.path().is_none()));
        assert!(state.player_sources(0).is_none());
        state.resolve(&egui::Context::default(), Lang::En);
        assert!(!state.is_running());
        assert!(state.error().is_some_and(|e| e.contains("on its own")));
        // Not a save: refused with a message.
        let _ = std::fs::write(&path, "(nothing)");
        assert!(!state.open_game(&path, Lang::En));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// An inconsistent save is refused with the same message as `nebutil game show`.
    #[test]
    fn an_inconsistent_save_is_refused_naming_entity_and_field() {
        let dir = std::env::temp_dir().join(format!("nebutil-arbiter-bad-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let path = dir.join("game.ron");
        let mut bad = save();
        let fleet = bad.galaxy.fleets.keys().next().copied().unwrap_or(1);
        if let Some(f) = bad.galaxy.fleets.get_mut(&fleet) {
            f.world = 999_999;
        }
        let _ = std::fs::write(&path, bad.to_ron());
        let mut state = ArbiterState::default();
        assert!(!state.open_game(&path, Lang::Fr));
        let error = state.error().unwrap_or_default().to_string();
        let expected = crate::game::save::Save::from_ron(&bad.to_ron())
            .err()
            .map(|e| e.message(Lang::Fr))
            .unwrap_or_default();
        assert!(expected.contains(&format!("F_{fleet}")), "{expected}");
        assert!(error.contains(&expected), "{error}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn only_the_voided_orders_in_view_are_laid_out() {
        use egui_kittest::kittest::Queryable;
        let text: String = (1..=3000).map(|n| format!("F_{n} M_{}\n", n + 1)).collect();
        let orders = crate::orders::parse_orders(&text).orders;
        assert_eq!(orders.len(), 3000);
        let voided: Vec<VoidedOrder> = orders
            .into_iter()
            .map(|order| VoidedOrder {
                player: PlayerId(1),
                diagnostic: crate::diagnostic::Diagnostic::error("resolve-void-class", order.span),
                order,
            })
            .collect();
        let mut sent = BTreeMap::new();
        sent.insert(
            PlayerId(1),
            folder::sent_from_bytes(PlayerId(1), 1, text.as_bytes()),
        );
        let log = TurnLog {
            turn: 1,
            next_turn: 2,
            names: BTreeMap::from([(PlayerId(1), "Ana".to_string())]),
            sent,
            onr: Vec::new(),
            voided,
            final_ranking: Vec::new(),
            text: String::new(),
            written: 0,
        };
        let name = |id: &PlayerId| format!("{} « Ana »", id.0);
        let harness = egui_kittest::Harness::builder()
            .with_size(egui::vec2(900.0, 700.0))
            .build_ui(|ui| voided_ui(ui, &log, Lang::Fr, &name));
        let file = log
            .sent
            .get(&PlayerId(1))
            .map(|s| s.file.clone())
            .unwrap_or_default();
        // The first rows are there, the last is not: a few dozen rows at most.
        harness.get_by_label(&format!("{file}:1"));
        harness.get_by_label("F_1 MM 2");
        assert!(harness.query_by_label(&format!("{file}:3000")).is_none());
        let laid_out = harness
            .query_all_by_label_contains(&format!("{file}:"))
            .count();
        assert!((5..60).contains(&laid_out), "{laid_out} rows laid out");
    }

    #[test]
    fn game_paths_are_folders_with_a_save_or_ron_files() {
        assert!(is_game_path(Path::new("saves/game-003.ron")));
        assert!(is_game_path(Path::new("x/GAME.RON")));
        assert!(!is_game_path(Path::new("turn-003.cr")));
        // A folder without game.ron is not a game.
        assert!(!is_game_path(&std::env::temp_dir()));
    }
}
