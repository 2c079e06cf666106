//! The files the application has loaded, turn by turn — no egui here.
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

use std::path::{Path, PathBuf};

use crate::diagnostic::{Diagnostic, Localized, Severity};
use crate::i18n::{Lang, tr_args};
use crate::model::knowledge::Knowledge;
use crate::model::view::TurnView;
use crate::nbt::{self, NbtFile};
use crate::report;
use crate::report::infer::{self, Header, Stated, Surroundings};
use crate::storage::beside;
use crate::storage::text_file::{self, ReadError, TextKind};

/// The largest CR the application opens (a CR of a 2002 game is under 100 KB);
/// an NBT has its own limit (see [`crate::storage::text_file`]).
pub const MAX_FILE_BYTES: u64 = TextKind::Report.limit();

/// Where a text came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SourceOrigin {
    /// Embedded in the application (the demo game), by file name.
    Demo(String),
    File(PathBuf),
}

/// Which file of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FileRole {
    Cr,
    Nbt,
}

/// A text file as loaded, with what its reader said about it.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub origin: SourceOrigin,
    /// The name shown to the user (the file name).
    pub name: String,
    pub text: String,
    /// Byte offset of the start of each line.
    line_starts: Vec<usize>,
    pub diagnostics: Vec<Diagnostic>,
}

impl SourceFile {
    pub fn new(origin: SourceOrigin, name: &str, text: String) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(
            text.char_indices()
                .filter(|(_, c)| *c == '\n')
                .map(|(i, _)| i + 1)
                .filter(|start| *start < text.len()),
        );
        if text.is_empty() {
            line_starts.clear();
        }
        SourceFile {
            origin,
            name: name.to_string(),
            text,
            line_starts,
            diagnostics: Vec::new(),
        }
    }

    /// The number of lines.
    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    /// Line `number` (1-based) without its line break; `None` past the end.
    pub fn line(&self, number: u32) -> Option<&str> {
        let index = usize::try_from(number).ok()?.checked_sub(1)?;
        let start = *self.line_starts.get(index)?;
        let end = self
            .line_starts
            .get(index + 1)
            .copied()
            .unwrap_or(self.text.len());
        let line = self.text.get(start..end)?;
        Some(line.trim_end_matches(['\n', '\r']))
    }

    pub fn path(&self) -> Option<&Path> {
        match &self.origin {
            SourceOrigin::Demo(_) => None,
            SourceOrigin::File(path) => Some(path),
        }
    }
}

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
    /// What the CR alone says.
    cr_view: TurnView,
    /// The CR completed (turn, player, game it does not tell) and merged with the
    /// NBT: what the application shows.
    pub view: TurnView,
    /// What lies beside the CR's file.
    around: Surroundings,
    /// What the player stated about the CR (turn, player).
    stated: Stated,
    /// What completing the CR said (inferred or unknown turn and player).
    inferred: Vec<Diagnostic>,
}

impl LoadedTurn {
    fn new(cr: SourceFile, cr_view: TurnView, around: Surroundings) -> Self {
        LoadedTurn {
            view: cr_view.clone(),
            cr,
            nbt: None,
            cr_view,
            around,
            stated: Stated::default(),
            inferred: Vec::new(),
        }
    }

    /// Recomputes `view` from the CR, what lies beside it, what the player
    /// stated and the NBT.
    fn merge(&mut self) {
        self.view = self.cr_view.clone();
        let mut around = self.around.clone();
        if let Some(part) = &self.nbt {
            around.nbt = Some(beside::nbt_header(&part.file));
        }
        self.inferred = infer::complete(&mut self.view, &around, &self.stated);
        if let Some(part) = &mut self.nbt {
            let mut diagnostics = part.read_diagnostics.clone();
            nbt::apply(&part.file, &mut self.view, &mut diagnostics);
            part.source.diagnostics = diagnostics;
        }
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
        let mut names: Vec<String> = self
            .cr_view
            .worlds
            .iter()
            .filter_map(|w| w.owner.as_ref()?.name.clone())
            .chain(self.cr_view.fleets.iter().filter_map(|f| f.owner.clone()))
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

/// Why a file could not be opened. The message ids are in `gui.ftl`. Displayed
/// as its English message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", Localized::message(self, Lang::En))]
pub enum LoadError {
    /// The operating system refused (missing file, no permission…).
    Io {
        path: PathBuf,
        error: String,
    },
    Directory {
        path: PathBuf,
    },
    /// Over the size limit of its kind (`limit`, bytes).
    TooLarge {
        path: PathBuf,
        bytes: u64,
        limit: u64,
    },
    /// Not a text file.
    Binary {
        name: String,
    },
    /// An NBT file the NBT reader could not use, with its first error.
    NbtUnreadable {
        name: String,
        error: Option<Diagnostic>,
    },
    /// A file that is not a CR at all (empty, or nothing in it is CR notation):
    /// the reader's one refusal.
    NotReport {
        name: String,
        reason: Diagnostic,
    },
}

impl LoadError {
    /// The Fluent message id.
    pub fn message_id(&self) -> &'static str {
        match self {
            LoadError::Io { .. } => "gui-error-io",
            LoadError::Directory { .. } => "gui-error-directory",
            LoadError::TooLarge { .. } => "gui-error-too-large",
            LoadError::Binary { .. } => "gui-error-binary",
            LoadError::NbtUnreadable { .. } => "gui-error-nbt",
            LoadError::NotReport { .. } => "gui-error-not-report",
        }
    }

    /// The message arguments, in the language of the message.
    pub fn args(&self, lang: Lang) -> Vec<(String, String)> {
        let path = |p: &Path| ("file".to_string(), p.display().to_string());
        match self {
            LoadError::Io { path: p, error } => vec![path(p), ("error".into(), error.clone())],
            LoadError::Directory { path: p } => vec![path(p)],
            LoadError::TooLarge {
                path: p,
                bytes,
                limit,
            } => vec![
                path(p),
                ("megabytes".into(), ReadError::megabytes(*bytes).to_string()),
                ("max".into(), ReadError::megabytes(*limit).to_string()),
            ],
            LoadError::Binary { name } => vec![("file".into(), name.clone())],
            LoadError::NbtUnreadable { name, error } => vec![
                ("file".into(), name.clone()),
                (
                    "error".into(),
                    error
                        .as_ref()
                        .map(|d| d.render(name, lang))
                        .unwrap_or_default(),
                ),
            ],
            LoadError::NotReport { name, reason } => vec![
                ("file".into(), name.clone()),
                ("reason".into(), reason.message(lang)),
            ],
        }
    }
}

impl Localized for LoadError {
    fn code(&self) -> &str {
        self.message_id()
    }

    fn message(&self, lang: Lang) -> String {
        let args = self.args(lang);
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        tr_args(lang, self.message_id(), &args)
    }
}

/// What opening one file did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Loaded {
    /// A CR, now the turn at this index.
    Cr(usize),
    /// An NBT merged into the turn at this index.
    NbtAttached(usize),
    /// An NBT kept until the CR of its turn is opened.
    NbtPending { turn: u32 },
}

/// True for a file the application reads as an NBT (by extension, any case).
pub fn is_nbt_path(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case(nbt::EXTENSION))
}

/// The name shown for a path: its file name.
pub fn display_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

/// Decodes a text file: UTF-8 (a byte order mark is dropped), else Windows-1252
/// with an info diagnostic (see [`crate::text`]). A NUL byte means binary.
pub fn decode(name: &str, bytes: &[u8]) -> Result<(String, Option<Diagnostic>), LoadError> {
    if bytes.contains(&0) {
        return Err(LoadError::Binary {
            name: name.to_string(),
        });
    }
    Ok(crate::text::decode(bytes))
}

/// Reads a file from disk and decodes it (see [`decode`]), within the size limit
/// of its kind (an NBT by extension, else a CR; [`crate::storage::text_file`]).
/// The diagnostic, when present, is the info that Windows-1252 was assumed.
pub fn read_text_file(path: &Path) -> Result<(String, Option<Diagnostic>), LoadError> {
    let kind = if is_nbt_path(path) {
        TextKind::Nbt
    } else {
        TextKind::Report
    };
    let bytes = text_file::read_bytes(path, kind.limit()).map_err(|e| match e {
        ReadError::Directory => LoadError::Directory {
            path: path.to_path_buf(),
        },
        ReadError::TooLarge { bytes, limit } => LoadError::TooLarge {
            path: path.to_path_buf(),
            bytes,
            limit,
        },
        ReadError::Io(error) => LoadError::Io {
            path: path.to_path_buf(),
            error: error.to_string(),
        },
    })?;
    if bytes.contains(&0) {
        return Err(LoadError::Binary {
            name: display_name(path),
        });
    }
    Ok(crate::text::decode_owned(bytes))
}

/// Every loaded turn, sorted by turn number (unknown turn last), then player and
/// file name.
#[derive(Clone, Debug, Default)]
pub struct Session {
    turns: Vec<LoadedTurn>,
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
        let Some(current) = self.turns.get(index) else {
            return Knowledge::new();
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
            .map(|t| t.view.clone());
        // Views of another game or player were filtered out: nothing is refused.
        Knowledge::from_views(views).0
    }

    /// NBT files waiting for their CR: (file name, turn).
    pub fn pending_nbt(&self) -> impl Iterator<Item = (&str, u32)> {
        self.pending_nbt
            .iter()
            .map(|p| (p.source.name.as_str(), p.file.turn))
    }

    /// Opens a file from disk: an NBT by extension, a CR otherwise.
    pub fn open_path(&mut self, path: &Path) -> Result<Loaded, LoadError> {
        let (text, info) = read_text_file(path)?;
        let mut source = SourceFile::new(
            SourceOrigin::File(path.to_path_buf()),
            &display_name(path),
            text,
        );
        source.diagnostics.extend(info);
        if is_nbt_path(path) {
            return self.add_nbt(source);
        }
        let (view, diagnostics) =
            report::read_report(&source.text).map_err(|reason| LoadError::NotReport {
                name: source.name.clone(),
                reason,
            })?;
        let around = beside::surroundings(path, &view);
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

/// An NBT goes with a CR of the same turn and, when both name him, the same
/// player; with a CR that does not tell its turn, it goes with the CR of the same
/// file name in the same folder.
fn nbt_matches(part: &NbtPart, turn: &LoadedTurn) -> bool {
    let file = &part.file;
    let view = &turn.cr_view;
    let same_player = view
        .player
        .as_ref()
        .is_none_or(|p| p.name == file.player.name);
    match view.turn {
        Some(number) => number == file.turn && same_player,
        None => same_player && same_stem(&part.source.origin, &turn.cr.origin),
    }
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
            include_str!("../../tests/fixtures/orion/demo_t5.cr"),
        ),
        (
            "demo_t6.cr",
            include_str!("../../tests/fixtures/orion/demo_t6.cr"),
        ),
        (
            "demo_t7.cr",
            include_str!("../../tests/fixtures/orion/demo_t7.cr"),
        ),
        (
            "demo_t5.nbt",
            include_str!("../../tests/fixtures/orion/demo_t5.nbt"),
        ),
        (
            "demo_t6.nbt",
            include_str!("../../tests/fixtures/orion/demo_t6.nbt"),
        ),
        (
            "demo_t7.nbt",
            include_str!("../../tests/fixtures/orion/demo_t7.nbt"),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_1_based_without_line_breaks() {
        let source = SourceFile::new(
            SourceOrigin::Demo("x".into()),
            "x",
            "a\r\nbé\n\nc".to_string(),
        );
        assert_eq!(source.line_count(), 4);
        assert_eq!(source.line(1), Some("a"));
        assert_eq!(source.line(2), Some("bé"));
        assert_eq!(source.line(3), Some(""));
        assert_eq!(source.line(4), Some("c"));
        assert_eq!(source.line(0), None);
        assert_eq!(source.line(5), None);
        let trailing = SourceFile::new(SourceOrigin::Demo("x".into()), "x", "a\n".to_string());
        assert_eq!(trailing.line_count(), 1);
        assert_eq!(
            SourceFile::new(SourceOrigin::Demo("x".into()), "x", String::new()).line_count(),
            0
        );
    }

    #[test]
    fn decodes_utf8_windows_1252_and_refuses_binary() {
        let (text, legacy) = decode("a", "\u{feff}Capacité".as_bytes()).unwrap_or_default();
        assert_eq!((text.as_str(), legacy.is_some()), ("Capacité", false));
        let (text, legacy) = decode("a", b"Capacit\xe9 \x80 \x9c").unwrap_or_default();
        assert_eq!((text.as_str(), legacy.is_some()), ("Capacité € œ", true));
        assert_eq!(
            decode("a.bin", b"M_1\0"),
            Err(LoadError::Binary {
                name: "a.bin".into()
            })
        );
    }

    #[test]
    fn nbt_files_are_recognised_by_extension() {
        assert!(is_nbt_path(Path::new("/tmp/T7.NBT")));
        assert!(is_nbt_path(Path::new("t7.nbt")));
        assert!(!is_nbt_path(Path::new("t7.txt")));
        assert!(!is_nbt_path(Path::new("nbt")));
    }

    use super::orion::{demo_source, load_orion};

    #[test]
    fn the_demo_reads_without_any_diagnostic_and_every_nbt_is_merged() {
        let mut session = Session::default();
        let last = crate::gui::demo::load(&mut session);
        let turns: Vec<Option<u32>> = session.turns().iter().map(|t| t.view.turn).collect();
        assert_eq!(turns, [Some(1), Some(2), Some(3), Some(4), Some(5)]);
        assert_eq!(last, 4);
        assert_eq!(session.pending_nbt().count(), 0);
        for turn in session.turns() {
            let diagnostics: Vec<String> = turn
                .diagnostics()
                .map(|(_, source, d)| d.render(&source.name, Lang::En))
                .collect();
            assert!(diagnostics.is_empty(), "{diagnostics:#?}");
            assert!(turn.nbt.is_some(), "{}", turn.cr.name);
            // The NBT gave what the CR does not carry.
            assert!(turn.view.galaxy_size.is_some());
            assert_eq!(turn.view.player.as_ref().and_then(|p| p.number), Some(1));
        }
    }

    #[test]
    fn the_orion_fixture_reads_without_any_diagnostic() {
        let mut session = Session::default();
        load_orion(&mut session);
        assert_eq!(session.pending_nbt().count(), 0);
        for turn in session.turns() {
            let diagnostics: Vec<String> = turn
                .diagnostics()
                .map(|(_, source, d)| d.render(&source.name, Lang::En))
                .collect();
            assert!(diagnostics.is_empty(), "{diagnostics:#?}");
            assert_eq!(turn.view.galaxy_size, Some((24, 20)));
            assert_eq!(turn.view.player.as_ref().and_then(|p| p.number), Some(5));
        }
    }

    #[test]
    fn an_nbt_opened_before_its_cr_waits_then_merges() {
        let mut session = Session::default();
        let loaded = session.add_nbt(demo_source("demo_t6.nbt"));
        assert_eq!(loaded, Ok(Loaded::NbtPending { turn: 6 }));
        assert_eq!(
            session.pending_nbt().collect::<Vec<_>>(),
            [("demo_t6.nbt", 6)]
        );
        let index = session.add_cr(demo_source("demo_t6.cr"));
        assert_eq!(session.pending_nbt().count(), 0);
        let turn = session.turn(index);
        assert!(turn.is_some_and(|t| t.nbt.is_some()));
        assert_eq!(turn.and_then(|t| t.view.galaxy_size), Some((24, 20)));
    }

    #[test]
    fn an_nbt_merges_into_the_loaded_turn_of_its_number_only() {
        let mut session = Session::default();
        session.add_cr(demo_source("demo_t5.cr"));
        session.add_cr(demo_source("demo_t7.cr"));
        assert_eq!(
            session.add_nbt(demo_source("demo_t7.nbt")),
            Ok(Loaded::NbtAttached(1))
        );
        assert!(session.turns()[0].nbt.is_none());
        assert_eq!(session.turns()[0].view.galaxy_size, None);
    }

    #[test]
    fn opening_a_report_again_replaces_it_and_keeps_its_nbt() {
        let mut session = Session::default();
        session.add_cr(demo_source("demo_t7.cr"));
        let _ = session.add_nbt(demo_source("demo_t7.nbt"));
        let generation = session.generation();
        session.add_cr(demo_source("demo_t7.cr"));
        assert_eq!(session.turns().len(), 1);
        assert!(session.turns()[0].nbt.is_some());
        assert!(session.generation() > generation);
    }

    #[test]
    fn an_unusable_nbt_is_refused_with_its_error() {
        let mut session = Session::default();
        let source = SourceFile::new(
            SourceOrigin::Demo("bad.nbt".into()),
            "bad.nbt",
            "(version: 99, turn: 1, player: (number: 1, name: \"X\"))".into(),
        );
        match session.add_nbt(source) {
            Err(LoadError::NbtUnreadable { name, error }) => {
                assert_eq!(name, "bad.nbt");
                assert_eq!(error.map(|d| d.code), Some("nbt-future-version".into()));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_cr_without_header_takes_the_nbt_of_its_name_and_a_stated_turn() {
        let mut session = Session::default();
        let text = demo_source("demo_t7.cr").text;
        let body = text.split_once('\n').map_or("", |(_, rest)| rest);
        let source = SourceFile::new(
            SourceOrigin::Demo("mail_t9.cr".into()),
            "mail_t9.cr",
            body.to_string(),
        );
        let index = session.add_cr(source);
        let turn = |s: &Session, i: usize| s.turn(i).and_then(|t| t.view.turn);
        assert_eq!(turn(&session, index), Some(9), "from the file name");
        assert!(session.turn(index).is_some_and(LoadedTurn::lacks_header));
        let mut nbt = demo_source("demo_t7.nbt");
        nbt.origin = SourceOrigin::Demo("mail_t9.nbt".into());
        assert_eq!(session.add_nbt(nbt), Ok(Loaded::NbtAttached(index)));
        assert_eq!(turn(&session, index), Some(7), "the NBT beats the name");
        assert_eq!(
            session.turn(index).and_then(|t| t.view.galaxy_size),
            Some((24, 20))
        );
        let generation = session.generation();
        let index = session.state(
            index,
            Stated {
                turn: Some(8),
                ..Stated::default()
            },
        );
        assert_eq!(turn(&session, index), Some(8), "stated beats the NBT");
        assert!(session.generation() > generation);
        assert_eq!(session.knowledge_at(index).turns(), [8]);
    }

    #[test]
    fn knowledge_at_a_turn_leaves_later_turns_out() {
        let mut session = Session::default();
        load_orion(&mut session);
        assert_eq!(session.knowledge_at(0).turns(), [5]);
        assert_eq!(session.knowledge_at(2).turns(), [5, 6, 7]);
        // M_123: described on turns 6 and 7, only named on turn 5.
        let at_5 = session.knowledge_at(0);
        assert!(at_5.world(123).is_some_and(|w| w.last_described.is_none()));
        let at_7 = session.knowledge_at(2);
        assert_eq!(at_7.world(123).and_then(|w| w.first_described), Some(6));
    }

    #[test]
    fn opening_a_folder_or_a_missing_file_fails_cleanly() {
        let mut session = Session::default();
        let dir = std::env::temp_dir();
        assert_eq!(
            session.open_path(&dir),
            Err(LoadError::Directory { path: dir.clone() })
        );
        let missing = dir.join("nebutil-no-such-file.cr");
        assert!(matches!(
            session.open_path(&missing),
            Err(LoadError::Io { .. })
        ));
        assert!(session.is_empty());
    }
}
