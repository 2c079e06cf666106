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

pub use super::command::ArbiterCommand;
use super::command::WindowId;
use super::path_prompt::{self, DialogAnswer, PathPrompt};
use super::session::{SourceFile, SourceOrigin, read_text_file};
use super::task::Task;
use crate::diagnostic::Localized;
use crate::game::arbiter::{self, Sent};
use crate::game::folder::{self, ResolvedTurn};
use crate::game::save::Save;
use crate::i18n::{Lang, tr};
use crate::model::{Class, PlayerId};
use crate::resolve::{EventKind, VoidedOrder};

pub mod error;
mod window;

use error::GameError;

pub use window::{arbiter_window, desk_ui};

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
    /// The registration forms the game was made from
    /// (`arbiter/registrations.txt`), when the folder has them.
    pub registrations: Option<String>,
    /// The turns whose arbiter's log the folder holds.
    pub logged_turns: Vec<u32>,
}

/// A player's orders file shown read-only, with the validator's diagnostics
/// against his CR.
#[derive(Clone, Debug)]
pub struct ShownOrders {
    pub player: u32,
    /// The file (relative to the game folder).
    pub file: String,
    /// Its text; `None`: no file (ONR).
    pub text: Option<String>,
    /// Each diagnostic: whether an error, and its line as rendered.
    pub diagnostics: Vec<(bool, String)>,
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

type JobResult = Result<ResolvedTurn, GameError>;

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

/// The egui id of the window of a player's orders (Escape closes it).
pub const ORDERS_WINDOW_ID: &str = "arbiter-orders-window";
/// The egui id of the window of a past turn's log (Escape closes it).
pub const LOG_WINDOW_ID: &str = "arbiter-log-window";

/// The arbiter's view: its window and the game it has open.
#[derive(Default)]
pub struct ArbiterState {
    /// The window is shown.
    pub open: bool,
    /// The main window shows the galaxy: the view is drawn there (docked),
    /// not in a window of its own.
    pub docked: bool,
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
    /// Who knows each world of the open game (for the galaxy's inspector).
    knowers: BTreeMap<crate::model::WorldId, Vec<PlayerId>>,
    /// "Annuler le dernier tour" waits for the arbiter's word.
    confirm_undo: bool,
    /// Counts the readings of the game: the main window's galaxy follows it.
    generation: u64,
    /// The turn the last undo brought the game back to.
    undone: Option<u32>,
    /// A player's orders shown read-only.
    pub shown_orders: Option<ShownOrders>,
    /// A past turn's log shown (its turn and text).
    pub shown_log: Option<(u32, String)>,
}

/// What [`ArbiterState::handle`] asks the main window to show: player
/// `n`'s reports, or — [`GALAXY`] — the galaxy as it is.
pub const GALAXY: u32 = 0;

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
fn read_sent(dir: &Path, save: &Save) -> Result<BTreeMap<PlayerId, Sent>, GameError> {
    Ok(crate::desk::read_orders(dir, save)?)
}

/// Reads a game folder or a save file.
fn read_game(path: &Path) -> Result<OpenGame, GameError> {
    let (save_path, dir) = if path.is_dir() {
        (path.join(folder::SAVE_FILE), Some(path.to_path_buf()))
    } else {
        let dir = (path.file_name().and_then(|n| n.to_str()) == Some(folder::SAVE_FILE))
            .then(|| path.parent().map(Path::to_path_buf))
            .flatten();
        (path.to_path_buf(), dir)
    };
    let save = crate::desk::read_save_file(&save_path)?;
    let sent = match &dir {
        Some(dir) => read_sent(dir, &save)?,
        None => BTreeMap::new(),
    };
    let previous_log = dir.as_ref().and_then(|dir| {
        let turn = save.galaxy.turn.checked_sub(1)?;
        std::fs::read_to_string(dir.join(folder::log_file(turn))).ok()
    });
    let registrations = dir.as_ref().and_then(|dir| {
        std::fs::read_to_string(dir.join("arbiter").join("registrations.txt")).ok()
    });
    let logged_turns = dir
        .as_ref()
        .map(|dir| {
            (1..save.galaxy.turn)
                .filter(|turn| dir.join(folder::log_file(*turn)).is_file())
                .collect()
        })
        .unwrap_or_default();
    Ok(OpenGame {
        source: path.to_path_buf(),
        players: player_rows(&save, &sent),
        dir,
        save,
        sent,
        previous_log,
        registrations,
        logged_turns,
    })
}

impl ArbiterState {
    /// The game open, if any.
    pub fn game(&self) -> Option<&OpenGame> {
        self.game.as_ref()
    }

    /// How many times a game was read (opened, read again after a turn or an
    /// undo): the main window's galaxy is made again when it changes.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// "Annuler le dernier tour" waits for the arbiter's word.
    pub fn confirming_undo(&self) -> bool {
        self.confirm_undo
    }

    /// Undoes the open folder's last turn (`nebutil game undo`: the same
    /// sequence, `desk::GameFolder::undo`) and reads the game again.
    fn undo(&mut self, lang: Lang) {
        let Some(dir) = self.game.as_ref().and_then(|g| g.dir.clone()) else {
            self.error = Some(tr(lang, "gui-arbiter-save-alone"));
            return;
        };
        if self.job.is_some() || self.pending.is_some() {
            return;
        }
        use crate::storage::fault::Faults;
        let undone = crate::desk::GameFolder::open(&dir, &mut Faults::none())
            .and_then(|folder| folder.undo(&mut Faults::none()));
        match undone {
            Ok(turn) => {
                self.log = None;
                self.reload(lang);
                self.undone = Some(turn);
            }
            Err(error) => self.error = Some(error.message(lang)),
        }
    }

    /// The turn the last undo brought the game back to.
    pub fn undone(&self) -> Option<u32> {
        self.undone
    }

    /// Player `player`'s orders file of the turn and the validator's
    /// diagnostics against his CR (the checks the mail robot acknowledges).
    fn read_player_orders(&self, player: u32, lang: Lang) -> Option<ShownOrders> {
        let game = self.game.as_ref()?;
        let id = PlayerId(player);
        let relative = folder::orders_file(id, game.save.galaxy.turn);
        let file = relative.display().to_string();
        let text = game
            .dir
            .as_ref()
            // The one reading of a text file (its size limit, its decoding).
            .and_then(|dir| {
                crate::storage::text_file::read_text(
                    &dir.join(&relative),
                    crate::storage::text_file::TextKind::Orders,
                )
                .ok()
            })
            .map(|(text, _)| text);
        let diagnostics = text
            .as_deref()
            .map(|text| {
                folder::check_player_orders(&game.save, id, text)
                    .iter()
                    .map(|d| {
                        (
                            d.severity == crate::diagnostic::Severity::Error,
                            d.render_plain(&file, lang),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        Some(ShownOrders {
            player,
            file,
            text,
            diagnostics,
        })
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
        match read_game(path) {
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
                self.knowers = folder::world_knowers(&game.save);
                if self.game.as_ref().is_some_and(|g| g.source != game.source) {
                    self.shown_orders = None;
                    self.shown_log = None;
                }
                self.game = Some(game);
                self.error = None;
                self.pending = None;
                self.generation += 1;
                true
            }
            Err(error) => {
                self.error = Some(error.message(lang));
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
            && self.look(&dir, lang)
        {
            // What was drawn this frame is out of date: draw again now.
            ctx.request_repaint();
        }
        ctx.request_repaint_after(WATCH_INTERVAL);
    }

    /// Compares the folder's files with the last look; reads again what
    /// changed (whether something did).
    fn look(&mut self, dir: &Path, lang: Lang) -> bool {
        self.last_look = Some(Instant::now());
        let Some(game) = self.game.as_ref() else {
            return false;
        };
        let now = folder_stamps(dir, &game.save);
        if now == self.stamps {
            return false;
        }
        let save_changed = now.first() != self.stamps.first() || now.len() != self.stamps.len();
        self.stamps = now;
        if save_changed {
            self.reload(lang);
        } else {
            self.refresh_orders(dir, lang);
        }
        true
    }

    /// Reads every player's order file again (the save is kept as it is).
    fn refresh_orders(&mut self, dir: &Path, lang: Lang) {
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
            Err(error) => self.error = Some(error.message(lang)),
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

    /// The galaxy of the open game as it is, for the main window: the
    /// arbiter's report and its NBT made from the save
    /// ([`folder::arbiter_report`], [`folder::arbiter_nbt`]). `None` when no
    /// game is open.
    pub fn galaxy_sources(&self) -> Option<Vec<(SourceFile, bool)>> {
        let game = self.game.as_ref()?;
        let turn = game.save.galaxy.turn;
        let mut sources = Vec::new();
        for (name, text, is_nbt) in [
            (
                format!("arbitre-{turn:03}.cr"),
                folder::arbiter_report(&game.save),
                false,
            ),
            (
                format!("arbitre-{turn:03}.nbt"),
                folder::arbiter_nbt(&game.save),
                true,
            ),
        ] {
            sources.push((
                SourceFile::new(SourceOrigin::Arbiter(name.clone()), &name, text),
                is_nbt,
            ));
        }
        Some(sources)
    }

    /// The players who know each world now (their CR of the turn describes
    /// it), for the inspector of the arbiter's galaxy.
    pub fn knowers(&self) -> &BTreeMap<crate::model::WorldId, Vec<PlayerId>> {
        &self.knowers
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
            let result = folder::resolve(&save, &job_sent).map_err(GameError::from);
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
            None if polled.ended => Err(GameError::Failed),
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
            Err(error) => self.error = Some(error.message(lang)),
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
        // The same sequence as `nebutil game turn`: the folder's lock, a turn
        // left by a crash finished first (this resolution is then out of
        // date), the crash-safe commit. The files that existed were shown to
        // the arbiter, who said to write over them.
        use crate::storage::fault::Faults;
        let written = crate::desk::GameFolder::open(&dir, &mut Faults::none())
            .and_then(|folder| folder.commit(&resolved, true, &mut Faults::none()));
        if let Err(error) = written {
            self.error = Some(error.message(lang));
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
    /// place where commands are handled). Returns what the main window is to
    /// show: the player whose files, for [`ArbiterCommand::ViewAs`], or
    /// [`GALAXY`] — a game just opened, or [`ArbiterCommand::ViewGalaxy`].
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
                let before = self.generation;
                self.dialog_answered(answer, lang);
                if self.generation != before {
                    return Some(GALAXY);
                }
            }
            ArbiterCommand::DialogAnswered(answer) => {
                let before = self.generation;
                self.dialog_answered(answer, lang);
                if self.generation != before {
                    return Some(GALAXY);
                }
            }
            ArbiterCommand::Open(path) => {
                if self.open_game(&path, lang) {
                    return Some(GALAXY);
                }
            }
            ArbiterCommand::Reload => self.reload(lang),
            ArbiterCommand::ViewAs(number) => return Some(number),
            ArbiterCommand::ViewGalaxy => {
                if self.game.is_some() {
                    return Some(GALAXY);
                }
            }
            ArbiterCommand::Undo => {
                if self.game.as_ref().is_some_and(|g| g.dir.is_some()) {
                    self.confirm_undo = true;
                }
            }
            ArbiterCommand::ConfirmUndo => {
                if std::mem::take(&mut self.confirm_undo) {
                    self.undo(lang);
                }
            }
            ArbiterCommand::CancelUndo => self.confirm_undo = false,
            ArbiterCommand::ShowOrders(player) => {
                self.shown_orders = player.and_then(|p| self.read_player_orders(p, lang));
            }
            ArbiterCommand::ShowLog(turn) => {
                self.shown_log = turn.and_then(|turn| {
                    let dir = self.game.as_ref()?.dir.clone()?;
                    let text = std::fs::read_to_string(dir.join(folder::log_file(turn))).ok()?;
                    Some((turn, text))
                });
            }
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

#[cfg(test)]
mod tests;
