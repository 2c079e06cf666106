//! A player's files made into his knowledge, turn by turn — for the app (its
//! session of files opened, `crate::gui::session`), the command line
//! (`nebutil orders`, `nebutil report`) and the mail robot alike: one reading of
//! a text file ([`read_text_file`], over [`crate::storage::text_file::read_text`]),
//! one rule pairing an NBT with its CR ([`nbt_goes_with`]; the NBT beside a CR is
//! [`crate::storage::beside::nbt_path`]), one merge of the player's own reports
//! and his allies' ([`merge_reports`]). No egui here.
//!
//! A turn is one CR (read with [`crate::report::read`](fn@crate::report::read)) and, when opened, its
//! `.NBT` companion (read with [`crate::nbt::read`] and merged with
//! [`crate::nbt::apply`]). The CR's own reading is kept apart from the merged view,
//! so opening the NBT again, or the CR again, recomputes the merge from scratch.
//! An NBT opened before its CR waits until a CR of its turn arrives.
//!
//! Files are decoded as UTF-8, or else as Windows-1252 (the French mail programs
//! of 2002 wrote Latin-1/Windows-1252; an info diagnostic says so). A file with a
//! NUL byte, a folder, or a file over the size limit of its kind
//! ([`crate::storage::text_file::TextKind::limit`]) is refused, and so is a
//! file that is not a CR at all (empty, or nothing in it is CR notation, see
//! [`crate::report::read_report`]).
//!
//! A CR that does not tell its turn or player (no header line) is completed by
//! [`crate::report::infer::complete`] from what lies beside its file (its NBT,
//! its file name, its folder's other CRs, looked at by
//! [`crate::storage::beside`]) and from what the player stated in the app
//! ([`Session::state`]): its view then feeds the knowledge, the map, the editor's
//! draft and the preview like any other.

mod file;
#[cfg(test)]
mod tests;

pub use file::{
    FileRole, LoadError, MAX_FILE_BYTES, SourceFile, SourceOrigin, decode, display_name,
    is_nbt_path, read_text_file,
};

use std::path::Path;
use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Severity};
use crate::model::knowledge::Knowledge;
use crate::model::view::TurnView;
use crate::nbt::{self, NbtFile};
use crate::report;
use crate::report::infer::{self, Header, Stated, Surroundings};
use crate::storage::beside;

/// An `.NBT` file merged into a turn.
#[derive(Clone, Debug)]
pub struct NbtPart {
    /// Its text; `diagnostics` = reading + merging.
    pub source: SourceFile,
    pub file: NbtFile,
    read_diagnostics: Vec<Diagnostic>,
}

/// One turn: a CR and maybe its NBT.
#[derive(Clone, Debug)]
pub struct LoadedTurn {
    pub cr: SourceFile,
    pub nbt: Option<NbtPart>,
    /// What the CR alone says. While no NBT is merged its worlds and fleets
    /// are `view`'s, unchanged (completing a CR sets its header only), and
    /// left out of it ([`LoadedTurn::shared`]): one copy of a big CR's worlds,
    /// not two.
    cr_view: TurnView,
    /// `cr_view`'s worlds and fleets are `view`'s.
    shared: bool,
    /// The CR completed (turn, player, game it does not tell) and merged with the
    /// NBT: what the application shows. Shared with the knowledge built from
    /// it ([`Session::knowledge_at`]): one copy of a big turn, not two.
    pub view: Arc<TurnView>,
    /// What lies beside the CR's file.
    around: Surroundings,
    /// What the player stated about the CR (turn, player).
    stated: Stated,
    /// What completing the CR said (inferred or unknown turn and player).
    inferred: Vec<Diagnostic>,
}

/// Turns' views shared between the session and what is built from them.
pub type SharedViews = Vec<Arc<TurnView>>;

/// A copy of `cr_view` whose worlds and fleets are moved out of it, not copied:
/// a big CR's worlds are never held twice, even for a moment.
fn moved_into_view(cr_view: &mut TurnView) -> TurnView {
    let worlds = std::mem::take(&mut cr_view.worlds);
    let fleets = std::mem::take(&mut cr_view.fleets);
    let mut view = cr_view.clone();
    view.worlds = worlds;
    view.fleets = fleets;
    view
}

impl LoadedTurn {
    fn new(cr: SourceFile, mut cr_view: TurnView, around: Surroundings) -> Self {
        // Shared from the start (no NBT merged).
        let view = moved_into_view(&mut cr_view);
        LoadedTurn {
            view: Arc::new(view),
            cr,
            nbt: None,
            cr_view,
            shared: true,
            around,
            stated: Stated::default(),
            inferred: Vec::new(),
        }
    }

    /// `cr_view` whole again (its worlds and fleets taken back from `view`).
    fn unshare(&mut self) {
        if self.shared {
            match Arc::get_mut(&mut self.view) {
                Some(view) => {
                    self.cr_view.worlds = std::mem::take(&mut view.worlds);
                    self.cr_view.fleets = std::mem::take(&mut view.fleets);
                }
                // A knowledge still holds the view: copied back, not taken.
                None => {
                    self.cr_view.worlds.clone_from(&self.view.worlds);
                    self.cr_view.fleets.clone_from(&self.view.fleets);
                }
            }
            self.shared = false;
        }
    }

    /// The worlds and fleets the CR alone lists.
    fn cr_parts(
        &self,
    ) -> (
        &[crate::model::view::WorldView],
        &[crate::model::view::FleetView],
    ) {
        let whole = if self.shared {
            &self.view
        } else {
            &self.cr_view
        };
        (&whole.worlds, &whole.fleets)
    }

    /// The next turn as predicted (`view`, the preview's predicted CR), shown
    /// like a turn: its CR text is the view printed, named `name`.
    pub fn predicted(name: &str, view: TurnView) -> Self {
        let text = crate::report::write::print(&view);
        let cr = SourceFile::new(SourceOrigin::Predicted(name.to_string()), name, text);
        LoadedTurn::new(cr, view, Surroundings::default())
    }

    /// Recomputes `view` from the CR, what lies beside it, what the player
    /// stated and the NBT.
    fn merge(&mut self) {
        self.unshare();
        let mut view = if self.nbt.is_none() {
            // Shared again below.
            moved_into_view(&mut self.cr_view)
        } else {
            self.cr_view.clone()
        };
        let mut around = self.around.clone();
        if let Some(part) = &self.nbt {
            around.nbt = Some(beside::nbt_header(&part.file));
        }
        self.inferred = infer::complete(&mut view, &around, &self.stated);
        if let Some(part) = &mut self.nbt {
            let mut diagnostics = part.read_diagnostics.clone();
            nbt::apply(&part.file, &mut view, &mut diagnostics);
            part.source.diagnostics = diagnostics;
        }
        self.view = Arc::new(view);
        // Without an NBT the worlds and fleets were moved: shared.
        self.shared = self.nbt.is_none();
    }

    /// True when the CR itself does not tell its turn or its player (no header
    /// line): the app offers to state them.
    pub fn lacks_header(&self) -> bool {
        self.cr_view.turn.is_none() || self.cr_view.player.is_none()
    }

    /// What the CR itself tells (its header), before any inference.
    pub fn own_header(&self) -> Header {
        Header::of(&self.cr_view)
    }

    /// What the player stated about the CR.
    pub fn stated(&self) -> &Stated {
        &self.stated
    }

    /// Every name owning a world or fleet on the CR: the players it may be for.
    pub fn owner_names(&self) -> Vec<String> {
        let (worlds, fleets) = self.cr_parts();
        let mut names: Vec<String> = worlds
            .iter()
            .filter_map(|w| w.owner.as_ref()?.name.as_deref())
            .chain(fleets.iter().filter_map(|f| f.owner.as_deref()))
            .map(str::to_string)
            .collect();
        names.sort();
        names.dedup();
        names
    }

    /// A file of the turn.
    pub fn source(&self, role: FileRole) -> Option<&SourceFile> {
        match role {
            FileRole::Cr => Some(&self.cr),
            FileRole::Nbt => self.nbt.as_ref().map(|part| &part.source),
        }
    }

    /// Every diagnostic of the turn with the file it is about.
    pub fn diagnostics(&self) -> impl Iterator<Item = (FileRole, &SourceFile, &Diagnostic)> {
        let cr = self
            .cr
            .diagnostics
            .iter()
            .chain(&self.inferred)
            .map(|d| (FileRole::Cr, &self.cr, d));
        let nbt = self.nbt.iter().flat_map(|part| {
            part.source
                .diagnostics
                .iter()
                .map(move |d| (FileRole::Nbt, &part.source, d))
        });
        cr.chain(nbt)
    }

    fn sort_key(&self) -> (bool, u32, String, String) {
        (
            self.view.turn.is_none(),
            self.view.turn.unwrap_or(0),
            self.view
                .player
                .as_ref()
                .map(|p| p.name.clone())
                .unwrap_or_default(),
            self.cr.name.clone(),
        )
    }

    /// True when the CR is the same report as `other`: same file, or same game,
    /// turn and player (as told or inferred; a stand-in turn tells nothing).
    fn same_report(&self, other: &LoadedTurn) -> bool {
        if self.cr.origin == other.cr.origin {
            return true;
        }
        let (a, b) = (&self.view, &other.view);
        a.turn.is_some()
            && !a.turn_assumed
            && !b.turn_assumed
            && a.turn == b.turn
            && a.game == b.game
            && a.player.is_some()
            && a.player.as_ref().map(|p| &p.name) == b.player.as_ref().map(|p| &p.name)
    }
}

/// What opening one file did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Loaded {
    /// A CR, now the turn at this index.
    Cr(usize),
    /// An ally's CR (of the game of the turns loaded, another player's), now
    /// the ally's turn at this index of [`Session::allies`].
    AllyCr(usize),
    /// An NBT merged into the turn at this index.
    NbtAttached(usize),
    /// An NBT kept until the CR of its turn is opened.
    NbtPending { turn: u32 },
}

/// Every loaded turn, sorted by turn number (unknown turn last), then player and
/// file name.
#[derive(Clone, Debug, Default)]
pub struct Session {
    turns: Vec<LoadedTurn>,
    /// Allies' reports: their worlds and fleets join the player's knowledge
    /// (`Knowledge::add_ally`); they are not turns of his own.
    allies: Vec<LoadedTurn>,
    /// NBT files whose CR is not loaded yet.
    pending_nbt: Vec<NbtPart>,
    /// Changes whenever the turns change.
    generation: u64,
}

impl Session {
    pub fn turns(&self) -> &[LoadedTurn] {
        &self.turns
    }

    pub fn turn(&self, index: usize) -> Option<&LoadedTurn> {
        self.turns.get(index)
    }

    pub fn is_empty(&self) -> bool {
        self.turns.is_empty()
    }

    /// A number that changes whenever a turn is added, replaced or removed.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// What the player knew at the turn at `index`: the knowledge of the loaded
    /// turns of the same game and player, up to that turn (later turns are left
    /// out: looking back at a turn shows what was known then).
    pub fn knowledge_at(&self, index: usize) -> Knowledge {
        let (own, allies) = self.knowledge_views(index);
        // Views of another game or player were filtered out: nothing is refused
        // but an ally the knowledge cannot take (see `merge_reports`).
        merge_reports(own, allies).knowledge
    }

    /// The views [`Session::knowledge_at`] merges, shared (not copied): the
    /// player's own turns up to that turn, then his allies' reports. They can
    /// be merged on another thread.
    pub fn knowledge_views(&self, index: usize) -> (SharedViews, SharedViews) {
        let Some(current) = self.turns.get(index) else {
            return (Vec::new(), Vec::new());
        };
        let (game, player, turn) = (
            &current.view.game,
            current.view.player.as_ref().map(|p| &p.name),
            current.view.turn,
        );
        let views = self
            .turns
            .iter()
            .filter(|t| {
                &t.view.game == game
                    && t.view.player.as_ref().map(|p| &p.name) == player
                    && t.view.turn.is_some()
                    && t.view.turn <= turn
            })
            .map(|t| Arc::clone(&t.view));
        // The allies' reports of the same game, up to that turn.
        let allies = self
            .allies
            .iter()
            .filter(|ally| {
                let same_game = match (&ally.view.game, game) {
                    (Some(a), Some(b)) => a.eq_ignore_ascii_case(b),
                    _ => true,
                };
                same_game && ally.view.turn.is_some() && ally.view.turn <= turn
            })
            .map(|ally| Arc::clone(&ally.view));
        (views.collect(), allies.collect())
    }

    /// The allies' reports loaded, by turn.
    pub fn allies(&self) -> &[LoadedTurn] {
        &self.allies
    }

    /// Forgets an ally's report.
    pub fn remove_ally(&mut self, index: usize) {
        if index < self.allies.len() {
            self.allies.remove(index);
            self.generation += 1;
        }
    }

    /// Whether a report read is an ally's: of the game of the player's turns
    /// loaded (the game known on both), another player's.
    pub fn is_ally_view(&self, view: &TurnView) -> bool {
        let (Some(game), Some(player)) = (&view.game, &view.player) else {
            return false;
        };
        self.turns.iter().any(|t| {
            t.view
                .game
                .as_ref()
                .is_some_and(|g| g.eq_ignore_ascii_case(game))
                && t.view
                    .player
                    .as_ref()
                    .is_some_and(|p| !p.name.eq_ignore_ascii_case(&player.name))
        })
    }

    /// Opens a CR from disk as an ally's report (with the NBT beside it, when
    /// there is one): refused when it is the player's own or of another game
    /// than his turns loaded, or tells no player.
    pub fn open_ally_path(&mut self, path: &Path) -> Result<usize, LoadError> {
        let source = source_file(path)?;
        let (view, diagnostics) = read_cr(&source)?;
        // The knowledge's own checks, on the turns loaded: another game, the
        // player himself, no player.
        let mut probe = self
            .turns
            .last()
            .map(|_| self.knowledge_at(self.turns.len() - 1))
            .unwrap_or_default();
        let view = Arc::new(view);
        let refused = probe.add_ally(Arc::clone(&view)).into_iter().next();
        drop(probe);
        if let Some(reason) = refused {
            return Err(LoadError::AllyRefused {
                name: source.name,
                reason,
            });
        }
        // The probe is gone: the view is whole again, not copied.
        let view = Arc::try_unwrap(view).unwrap_or_else(|shared| (*shared).clone());
        let around = beside::surroundings(path, &view);
        let index = self.add_ally_read(source, view, diagnostics, around);
        // His NBT beside it.
        if let Some(nbt) = beside::nbt_path(path)
            && let Ok((text, _)) = read_text_file(&nbt)
        {
            let source =
                SourceFile::new(SourceOrigin::File(nbt.clone()), &display_name(&nbt), text);
            let _ = self.add_nbt(source);
        }
        Ok(self
            .allies
            .iter()
            .position(|a| a.cr.origin == SourceOrigin::File(path.to_path_buf()))
            .unwrap_or(index))
    }

    /// Adds an ally's CR already read; the same report again replaces it.
    fn add_ally_read(
        &mut self,
        mut source: SourceFile,
        view: TurnView,
        diagnostics: Vec<Diagnostic>,
        around: Surroundings,
    ) -> usize {
        source.diagnostics.extend(diagnostics);
        let mut turn = LoadedTurn::new(source, view, around);
        turn.merge();
        if let Some(old) = self.allies.iter().position(|t| t.same_report(&turn)) {
            let old = self.allies.remove(old);
            turn.nbt = old.nbt;
        }
        if turn.nbt.is_none()
            && let Some(pending) = self.pending_nbt.iter().position(|p| nbt_matches(p, &turn))
        {
            turn.nbt = Some(self.pending_nbt.remove(pending));
            turn.merge();
        }
        self.generation += 1;
        let origin = turn.cr.origin.clone();
        self.allies.push(turn);
        self.allies.sort_by_cached_key(LoadedTurn::sort_key);
        self.allies
            .iter()
            .position(|t| t.cr.origin == origin)
            .unwrap_or(0)
    }

    /// NBT files waiting for their CR: (file name, turn).
    pub fn pending_nbt(&self) -> impl Iterator<Item = (&str, u32)> {
        self.pending_nbt
            .iter()
            .map(|p| (p.source.name.as_str(), p.file.turn))
    }

    /// Opens a file from disk: an NBT by extension, a CR otherwise.
    pub fn open_path(&mut self, path: &Path) -> Result<Loaded, LoadError> {
        let source = source_file(path)?;
        if is_nbt_path(path) {
            return self.add_nbt(source);
        }
        let (view, diagnostics) = read_cr(&source)?;
        let around = beside::surroundings(path, &view);
        // Another player's report of the game loaded: an ally's.
        if self.is_ally_view(&view) {
            return Ok(Loaded::AllyCr(self.add_ally_read(
                source,
                view,
                diagnostics,
                around,
            )));
        }
        Ok(Loaded::Cr(self.add_read_cr(
            source,
            view,
            diagnostics,
            around,
        )))
    }

    /// Reads a CR text and adds it as a turn (replacing the same report if it was
    /// loaded already). Diagnostics already in `source` are kept before the
    /// reader's. Returns the index of the turn.
    pub fn add_cr(&mut self, source: SourceFile) -> usize {
        let (view, diagnostics) = report::read(&source.text);
        let around = Surroundings {
            file_name: Some(source.name.clone()),
            ..Surroundings::default()
        };
        self.add_read_cr(source, view, diagnostics, around)
    }

    /// Adds a CR already read, with what lies beside its file.
    fn add_read_cr(
        &mut self,
        mut source: SourceFile,
        view: TurnView,
        diagnostics: Vec<Diagnostic>,
        around: Surroundings,
    ) -> usize {
        source.diagnostics.extend(diagnostics);
        let mut turn = LoadedTurn::new(source, view, around);
        turn.merge();
        if let Some(old) = self.turns.iter().position(|t| t.same_report(&turn)) {
            // The report is opened again: keep the NBT that went with it, and
            // what the player stated about it.
            let old = self.turns.remove(old);
            turn.nbt = old.nbt;
            if turn.stated.is_empty() {
                turn.stated = old.stated;
            }
        }
        if turn.nbt.is_none()
            && let Some(pending) = self.pending_nbt.iter().position(|p| nbt_matches(p, &turn))
        {
            turn.nbt = Some(self.pending_nbt.remove(pending));
        }
        turn.merge();
        self.generation += 1;
        let origin = turn.cr.origin.clone();
        self.turns.push(turn);
        self.sort();
        self.turns
            .iter()
            .position(|t| t.cr.origin == origin)
            .unwrap_or(0)
    }

    /// Reads an NBT text; merges it into the loaded turn it belongs to, or keeps
    /// it until that turn's CR is opened.
    pub fn add_nbt(&mut self, mut source: SourceFile) -> Result<Loaded, LoadError> {
        let (file, diagnostics) = nbt::read(&source.text);
        source.diagnostics.extend(diagnostics);
        let Some(file) = file else {
            let error = source
                .diagnostics
                .iter()
                .find(|d| d.severity == Severity::Error)
                .cloned();
            return Err(LoadError::NbtUnreadable {
                name: source.name,
                error,
            });
        };
        let part = NbtPart {
            read_diagnostics: source.diagnostics.clone(),
            source,
            file,
        };
        // Opened again: drop the previous copy of the same file.
        self.pending_nbt
            .retain(|p| p.source.origin != part.source.origin);
        match self.turns.iter().position(|t| nbt_matches(&part, t)) {
            Some(index) => {
                let turn = &mut self.turns[index];
                turn.nbt = Some(part);
                turn.merge();
                self.generation += 1;
                Ok(Loaded::NbtAttached(index))
            }
            None if let Some(index) = self.allies.iter().position(|t| nbt_matches(&part, t)) => {
                let ally = &mut self.allies[index];
                ally.nbt = Some(part);
                ally.merge();
                self.generation += 1;
                Ok(Loaded::AllyCr(index))
            }
            None => {
                let turn = part.file.turn;
                self.pending_nbt.push(part);
                Ok(Loaded::NbtPending { turn })
            }
        }
    }

    /// States the turn and player of the CR at `index` where it does not tell
    /// them (its own header always wins): the view, the knowledge, the map and
    /// the editor's draft follow. Returns the turn's new index (turns are sorted
    /// by number).
    pub fn state(&mut self, index: usize, stated: Stated) -> usize {
        let Some(turn) = self.turns.get_mut(index) else {
            return index;
        };
        turn.stated = stated;
        turn.merge();
        // A pending NBT may now match its turn.
        if turn.nbt.is_none()
            && let Some(pending) = self.pending_nbt.iter().position(|p| nbt_matches(p, turn))
        {
            turn.nbt = Some(self.pending_nbt.remove(pending));
            turn.merge();
        }
        let origin = turn.cr.origin.clone();
        self.generation += 1;
        self.sort();
        self.turns
            .iter()
            .position(|t| t.cr.origin == origin)
            .unwrap_or(index)
    }

    /// Forgets every turn and every pending NBT.
    pub fn clear(&mut self) {
        self.turns.clear();
        self.allies.clear();
        self.pending_nbt.clear();
        self.generation += 1;
    }

    /// Forgets a turn (its NBT too).
    pub fn remove(&mut self, index: usize) {
        if index < self.turns.len() {
            self.turns.remove(index);
            self.generation += 1;
        }
    }

    fn sort(&mut self) {
        self.turns.sort_by_cached_key(LoadedTurn::sort_key);
    }
}

/// A file from disk, read as text (its decoding noted among its diagnostics).
fn source_file(path: &Path) -> Result<SourceFile, LoadError> {
    let (text, info) = read_text_file(path)?;
    let mut source = SourceFile::new(
        SourceOrigin::File(path.to_path_buf()),
        &display_name(path),
        text,
    );
    source.diagnostics.extend(info);
    Ok(source)
}

/// A file's text read as a CR (refused when nothing in it is one).
fn read_cr(source: &SourceFile) -> Result<(TurnView, Vec<Diagnostic>), LoadError> {
    report::read_report(&source.text).map_err(|reason| LoadError::NotReport {
        name: source.name.clone(),
        reason,
    })
}

/// Whether two turns may be the same player's of the same game: no game
/// names that differ, no player numbers or names that differ (case aside).
/// What a report does not say does not tell them apart.
pub fn same_seat(a: &TurnView, b: &TurnView) -> bool {
    let differ = |x: Option<&str>, y: Option<&str>| matches!((x, y), (Some(x), Some(y)) if x.trim().to_lowercase() != y.trim().to_lowercase());
    let game = differ(a.game.as_deref(), b.game.as_deref());
    let number = matches!(
        (a.player.as_ref().and_then(|p| p.number), b.player.as_ref().and_then(|p| p.number)),
        (Some(x), Some(y)) if x != y
    );
    let name = differ(
        a.player.as_ref().map(|p| p.name.as_str()),
        b.player.as_ref().map(|p| p.name.as_str()),
    );
    !(game || number || name)
}

/// Whether an NBT goes with a turn loaded ([`nbt_goes_with`] on its CR's own
/// reading).
fn nbt_matches(part: &NbtPart, turn: &LoadedTurn) -> bool {
    nbt_goes_with(
        &part.file,
        &part.source.origin,
        &turn.cr_view,
        &turn.cr.origin,
    )
}

/// The one pairing rule of an NBT with a CR, for the app, the command line and
/// the mail robot: an NBT goes with a CR of the same turn and, when both name
/// him, the same player of the same game; with a CR that does not tell its
/// turn, it goes with the CR of the same file name in the same folder. `cr` is
/// what the CR itself tells (its reading, before any inference).
pub fn nbt_goes_with(
    nbt: &NbtFile,
    nbt_origin: &SourceOrigin,
    cr: &TurnView,
    cr_origin: &SourceOrigin,
) -> bool {
    // The same player of the same game, where the CR tells (two games may
    // each have a "Maxtor").
    let same_player = cr.player.as_ref().is_none_or(|p| {
        p.name == nbt.player.name && p.number.is_none_or(|n| n == nbt.player.number)
    }) && match (&cr.game, &nbt.game) {
        (Some(a), Some(b)) => a.trim().eq_ignore_ascii_case(b.trim()),
        _ => true,
    };
    match cr.turn {
        Some(number) => number == nbt.turn && same_player,
        None => same_player && same_stem(nbt_origin, cr_origin),
    }
}

/// What merging a player's reports said ([`merge_reports`]).
#[derive(Debug, Default)]
pub struct Merged {
    pub knowledge: Knowledge,
    /// For each of the player's own reports, in order, why it was refused
    /// (another game or player, no turn), when it was.
    pub own_refused: Vec<Vec<Diagnostic>>,
    /// For each ally's report, in order, why it was refused (another game,
    /// the player's own, no player, too many allies), when it was.
    pub allies_refused: Vec<Vec<Diagnostic>>,
}

/// The one merge of a player's reports into his knowledge, for the app
/// ([`Session::knowledge_at`]), the command line and the mail robot: his own
/// turns first ([`Knowledge::add`]), then his allies' ([`Knowledge::add_ally`]:
/// the newest turn wins; the same turn, the player's own).
pub fn merge_reports<Own: Into<Arc<TurnView>>, Ally: Into<Arc<TurnView>>>(
    own: impl IntoIterator<Item = Own>,
    allies: impl IntoIterator<Item = Ally>,
) -> Merged {
    let mut merged = Merged::default();
    for view in own {
        let refused = merged.knowledge.add(view);
        merged.own_refused.push(refused);
    }
    for view in allies {
        let refused = merged.knowledge.add_ally(view);
        merged.allies_refused.push(refused);
    }
    merged
}

/// A player's knowledge of one turn from his CR on disk and the NBT beside it
/// (the same file name), opened as the app opens them ([`Session::open_path`]):
/// what the mail robot checks a player's orders against. `None` when the CR
/// cannot be read or is no report; an NBT that does not read is left out.
pub fn turn_knowledge(cr: &Path) -> Option<Knowledge> {
    let mut session = Session::default();
    let Ok(Loaded::Cr(_)) = session.open_path(cr) else {
        return None;
    };
    if let Some(nbt) = beside::nbt_path(cr) {
        let _ = session.open_path(&nbt);
    }
    let index = session
        .turns
        .iter()
        .position(|t| t.cr.origin == SourceOrigin::File(cr.to_path_buf()))?;
    Some(session.knowledge_at(index))
}

/// True when two files have the same name but for the extension, in the same
/// folder (demo files: the same name but for the extension).
fn same_stem(a: &SourceOrigin, b: &SourceOrigin) -> bool {
    let stem = |name: &str| {
        Path::new(name)
            .file_stem()
            .map(|s| s.to_string_lossy().to_lowercase())
    };
    match (a, b) {
        (SourceOrigin::File(a), SourceOrigin::File(b)) => {
            a.parent() == b.parent()
                && stem(&a.to_string_lossy()).is_some()
                && a.file_stem().map(|s| s.to_string_lossy().to_lowercase())
                    == b.file_stem().map(|s| s.to_string_lossy().to_lowercase())
        }
        (SourceOrigin::Demo(a), SourceOrigin::Demo(b)) => stem(a).is_some() && stem(a) == stem(b),
        _ => false,
    }
}

/// The hand-written ORION turns 5–7 (`tests/fixtures/orion/`, player Maxtor): the
/// fixture of the unit tests that need known worlds and fleets.
#[cfg(test)]
pub(crate) mod orion {
    use super::{Session, SourceFile, SourceOrigin};

    const ORION: [(&str, &str); 6] = [
        (
            "demo_t5.cr",
            include_str!("../../../tests/fixtures/orion/demo_t5.cr"),
        ),
        (
            "demo_t6.cr",
            include_str!("../../../tests/fixtures/orion/demo_t6.cr"),
        ),
        (
            "demo_t7.cr",
            include_str!("../../../tests/fixtures/orion/demo_t7.cr"),
        ),
        (
            "demo_t5.nbt",
            include_str!("../../../tests/fixtures/orion/demo_t5.nbt"),
        ),
        (
            "demo_t6.nbt",
            include_str!("../../../tests/fixtures/orion/demo_t6.nbt"),
        ),
        (
            "demo_t7.nbt",
            include_str!("../../../tests/fixtures/orion/demo_t7.nbt"),
        ),
    ];

    pub(crate) fn demo_source(name: &str) -> SourceFile {
        let text = ORION
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, text)| text.to_string())
            .unwrap_or_default();
        SourceFile::new(SourceOrigin::Demo(name.into()), name, text)
    }

    /// Loads the three turns; returns the index of the last (turn 7).
    pub(crate) fn load_orion(session: &mut Session) -> usize {
        let mut last = 0;
        for (name, _) in ORION {
            if name.ends_with(".nbt") {
                let _ = session.add_nbt(demo_source(name));
            } else {
                last = session.add_cr(demo_source(name));
            }
        }
        last
    }
}
