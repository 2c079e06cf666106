//! The order editor: the player's orders for the turn shown, as text, checked on
//! every keystroke against what he knows.
//!
//! - Text with syntax highlighting by token class ([`highlight`], through the
//!   orders lexer); every diagnostic of the parser and the validator underlined
//!   and listed below the text (click: the cursor goes to its span). The check
//!   is the CLI's (`nebutil orders`): [`PlayerContext::new`] on the knowledge of
//!   the turn shown, then [`check_orders_with`].
//! - Hovering an order line: its plain explanation and the line's diagnostics.
//! - Completion ([`complete`]) of world / fleet / treasure / player numbers
//!   known and of keywords: ↑/↓ to choose, Tab or Enter to accept, Escape to close.
//! - Undo / redo: Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y (egui's text undoer; the orders
//!   added from the map and the completions accepted are undo points), and the
//!   two buttons.
//! - Drafts ([`drafts`]): one per (game, player, turn), autosaved atomically to
//!   the data folder after each change and restored when that turn is shown again
//!   (also after a crash). A draft never silently replaces text that is saved
//!   nowhere: the editor asks.
//! - Export: the order file (system dialog, or a typed path where there is no
//!   dialog), the clipboard, and the mail for the arbiter's server (subject +
//!   `DEBUT` … `FIN`) with copy and save. Writing onto an existing file asks
//!   first.
//! - Order buttons under the inspector's heading ([`quick`]) and the map's menus
//!   append orders through `Command::AppendOrder`; "Prévisualiser" (F5) asks for
//!   the what-if preview ([`crate::gui::preview`]).
//!
//! The state is changed only here (it is the editor's own view state, like the
//! lists' filter); the application reaches it through [`EditorState::append_order`]
//! (`Command::AppendOrder`) and [`EditorState::update`], once per frame.

pub mod checksum;
pub mod complete;
pub mod drafts;
mod export;
pub mod highlight;
pub mod quick;
#[cfg(test)]
mod tests;
mod ui;

pub use self::ui::editor_ui;

use std::path::{Path, PathBuf};

use egui::text::{CCursor, CCursorRange, LayoutJob};
use egui::text_edit::TextEditState;
use egui::{Id, Key};
use serde::{Deserialize, Serialize};

use self::drafts::DraftKey;
use super::path_prompt::PathPrompt;
use crate::diagnostic::{Diagnostic, Severity};
use crate::i18n::{Lang, tr_args};
use crate::model::knowledge::Knowledge;
use crate::model::view::TurnView;
use crate::orders::propose::RoutePlan;
use crate::orders::validate::{Checked, PlayerContext, check_orders_with};
use crate::rules::Ruleset;

/// The folder of the data folder offered for exports when the turn's CR has no
/// folder of its own (the demo, a save opened alone).
pub const EXPORTS_DIR: &str = "exports";

/// eframe's storage key of [`EditorPrefs`].
pub const STORAGE_KEY: &str = "editor";

/// The id of the order text field.
pub fn text_id() -> Id {
    Id::unique("order-editor-text")
}

/// What eframe remembers of the editor.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct EditorPrefs {
    /// The panel is shown.
    pub open: bool,
    /// The folder of the last file the editor wrote (offered first next time,
    /// except for a CR of a game folder, whose orders go where the arbiter reads).
    pub last_export_dir: Option<PathBuf>,
}

/// What the editor needs from the application each frame.
pub struct EditorContext<'a> {
    /// What the player knew at the turn shown.
    pub knowledge: &'a Knowledge,
    /// The turn shown.
    pub view: Option<&'a TurnView>,
    /// The ruleset its NBT names (else 2002).
    pub ruleset: Option<&'a str>,
    /// Changes whenever the knowledge does.
    pub revision: (usize, u64),
    /// The CR file of the turn shown (its folder is the default export folder;
    /// in a game folder, its orders file is the default export).
    pub source: Option<&'a Path>,
    pub lang: Lang,
}

/// The orders checked: the text they were read from and what the check said.
#[derive(Clone, Debug, Default)]
struct Analysis {
    text: String,
    revision: Option<(usize, u64)>,
    /// Bumped at each new check (the highlighting's cache key).
    generation: u64,
    checked: Checked,
}

impl Analysis {
    /// Checks `text` again when it or the knowledge changed.
    fn ensure(&mut self, text: &str, context: &EditorContext<'_>, rules: &Ruleset) {
        if self.text == text && self.revision == Some(context.revision) {
            return;
        }
        let player = PlayerContext::new(context.knowledge);
        self.checked = check_orders_with(text, &player, rules);
        self.text = text.to_string();
        self.revision = Some(context.revision);
        self.generation += 1;
    }
}

/// A message of the editor (exported, copied, could not write…).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Status {
    severity: Severity,
    id: &'static str,
    args: Vec<(&'static str, String)>,
}

impl Status {
    fn new(severity: Severity, id: &'static str, args: Vec<(&'static str, String)>) -> Self {
        Status { severity, id, args }
    }

    fn text(&self, lang: Lang) -> String {
        let args: Vec<(&str, &str)> = self.args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        tr_args(lang, self.id, &args)
    }
}

/// What a file written by the editor holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Export {
    /// The order text.
    Orders,
    /// The mail for the arbiter's server.
    Mail,
    /// The orders printable: an HTML page with the game, turn and player
    /// ([`crate::report::printable`]).
    PrintHtml,
    /// The orders printable as plain text, under the same header.
    PrintText,
}

/// Something that sends the orders out of the editor: asked for confirmation
/// first when the orders have errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outgoing {
    /// Export through the system's save dialog.
    ExportDialog,
    /// Export to a typed path.
    ExportPath,
    /// Copy the orders to the clipboard.
    Copy,
    /// Copy the mail for the arbiter's server.
    MailCopy,
    /// Save the mail to a file.
    MailSave,
}

/// A write waiting for the player's confirmation (the file exists).
#[derive(Clone, Debug, PartialEq, Eq)]
struct PendingWrite {
    path: PathBuf,
    content: String,
    what: Export,
}

/// The completion popup's state.
#[derive(Clone, Debug, Default)]
struct Completion {
    open: bool,
    selected: usize,
    /// The text when the popup was closed with Escape: stays closed until it changes.
    dismissed: Option<String>,
    /// The cursor (characters) last frame.
    cursor: Option<usize>,
    /// The player chose a suggestion with the arrows since he last typed.
    navigated: bool,
    /// Enter accepts the suggestion: the player chose one, or the word typed is
    /// not complete by itself (`P` is an order keyword: Enter after `F_57 P`
    /// ends the line instead of writing `PI`). Tab always accepts.
    enter_accepts: bool,
    /// Where the popup's rows were last frame, and what each does: a click
    /// there is handled before the text field, which loses its focus (and the
    /// popup) on that very click.
    hits: Vec<(egui::Rect, PopupHit)>,
}

/// What a row of the completion popup does when clicked.
#[derive(Clone, Debug, PartialEq)]
enum PopupHit {
    /// Writes this suggestion over the word before the cursor.
    Suggestion(String),
    /// Opens the order language on this line.
    Forms(String),
}

/// The mail window's fields (the password stays in memory only).
#[derive(Clone, Debug, Default)]
struct MailForm {
    open: bool,
    game: String,
    player: String,
    password: String,
    acknowledgement: String,
    /// The robot's acknowledgement (or its checksum), pasted to compare.
    received_checksum: String,
}

/// The order editor's state.
pub struct EditorState {
    /// The orders, as typed.
    pub text: String,
    /// The panel is shown.
    pub open: bool,
    /// Where drafts go (`None`: not saved).
    data_dir: Option<PathBuf>,
    /// The draft the text belongs to.
    key: Option<DraftKey>,
    /// The text of that draft on disk (`None`: no file).
    saved: Option<String>,
    /// A draft found for the turn shown while the text was saved nowhere: the
    /// player chooses.
    pending_draft: Option<String>,
    /// The last autosave failed with this error.
    save_error: Option<String>,
    analysis: Analysis,
    rules: Option<(String, Ruleset)>,
    layout: Option<((u64, bool, u32), LayoutJob)>,
    completion: Completion,
    /// A character range to select in the text once it has the focus (and the
    /// frames waited for it).
    jump: Option<(usize, usize, u8)>,
    status: Option<Status>,
    /// The "export to a path" window, and what it exports.
    path_prompt: PathPrompt,
    path_for: Export,
    /// The header of a printable export: the turn shown's game, turn, player
    /// and class (set each frame by [`EditorState::update`]).
    print_header: crate::report::printable::PrintHeader,
    /// The interface language, for the printable export's header.
    print_lang: Lang,
    confirm: Option<PendingWrite>,
    mail: MailForm,
    /// An export of orders with errors, waiting for "export anyway".
    outgoing: Option<Outgoing>,
    /// The CR file of the turn shown (set each frame by [`EditorState::update`]).
    source: Option<PathBuf>,
    /// See [`EditorPrefs::last_export_dir`].
    last_export_dir: Option<PathBuf>,
    /// "Prévisualiser" was clicked (taken by the application, which runs it).
    preview_requested: bool,
    /// "Ouvrir le courrier de la partie" was clicked in the mail window.
    courrier_requested: bool,
    /// "This order's forms" was clicked for this line (taken by the
    /// application, which opens the order language on it).
    order_forms_requested: Option<String>,
    /// The routes planned in the draft's game by its player (all turns),
    /// kept beside the drafts.
    plans: Vec<RoutePlan>,
    /// The plans file could not be read (its error): it is left as it is
    /// until a plan is saved.
    plans_error: Option<String>,
}

/// An editor that saves no draft: the data folder is given by whoever knows it
/// (`gui::run` gives the user's; tests give a temporary folder).
impl Default for EditorState {
    fn default() -> Self {
        EditorState::new(None)
    }
}

impl std::fmt::Debug for EditorState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EditorState")
            .field("text", &self.text)
            .field("open", &self.open)
            .field("key", &self.key)
            .finish_non_exhaustive()
    }
}

impl EditorState {
    /// An empty editor saving its drafts under `data_dir`.
    pub fn new(data_dir: Option<PathBuf>) -> Self {
        EditorState {
            text: String::new(),
            open: false,
            data_dir,
            key: None,
            saved: None,
            pending_draft: None,
            save_error: None,
            analysis: Analysis::default(),
            rules: None,
            layout: None,
            completion: Completion::default(),
            jump: None,
            status: None,
            path_prompt: PathPrompt::default(),
            path_for: Export::Orders,
            print_header: crate::report::printable::PrintHeader::default(),
            print_lang: Lang::Fr,
            confirm: None,
            mail: MailForm::default(),
            outgoing: None,
            source: None,
            last_export_dir: None,
            preview_requested: false,
            courrier_requested: false,
            order_forms_requested: None,
            plans: Vec::new(),
            plans_error: None,
        }
    }

    /// The routes planned in the game shown by its player.
    pub fn plans(&self) -> &[RoutePlan] {
        &self.plans
    }

    /// Why the plans file could not be read, if it could not.
    pub fn plans_error(&self) -> Option<&str> {
        self.plans_error.as_deref()
    }

    /// Keeps `plan` (replacing the fleet's previous one) and saves the plans.
    pub fn add_plan(&mut self, plan: RoutePlan) {
        self.plans.retain(|p| p.fleet != plan.fleet);
        self.plans.push(plan);
        self.plans.sort_by_key(|p| p.fleet);
        self.save_plans();
    }

    /// Forgets fleet `fleet`'s plan and saves the plans.
    pub fn remove_plan(&mut self, fleet: crate::model::FleetId) {
        self.plans.retain(|p| p.fleet != fleet);
        self.save_plans();
    }

    fn save_plans(&mut self) {
        let (Some(dir), Some(key)) = (&self.data_dir, &self.key) else {
            return;
        };
        self.plans_error = drafts::save_plans(dir, key, &self.plans)
            .err()
            .map(|e| e.to_string());
    }

    /// Reads the plans of the draft's game and player when they change.
    fn follow_plans(&mut self, previous: Option<&DraftKey>) {
        let same_seat = |a: &DraftKey, b: &DraftKey| a.game == b.game && a.player == b.player;
        if let (Some(previous), Some(key)) = (previous, &self.key)
            && same_seat(previous, key)
        {
            return;
        }
        self.plans_error = None;
        self.plans = match (&self.data_dir, &self.key) {
            (Some(dir), Some(key)) => match drafts::load_plans(dir, key) {
                Ok(plans) => plans,
                Err(error) => {
                    self.plans_error = Some(error.to_string());
                    Vec::new()
                }
            },
            _ => Vec::new(),
        };
    }

    /// What eframe remembers of the editor.
    pub fn prefs(&self) -> EditorPrefs {
        EditorPrefs {
            open: self.open,
            last_export_dir: self.last_export_dir.clone(),
        }
    }

    /// Takes back what eframe remembered.
    pub fn apply_prefs(&mut self, prefs: EditorPrefs) {
        self.open = prefs.open;
        self.last_export_dir = prefs.last_export_dir;
    }

    /// An export of orders with errors waits for the player's answer.
    pub fn outgoing_pending(&self) -> Option<Outgoing> {
        self.outgoing
    }

    /// The data folder drafts are saved in.
    pub fn data_dir(&self) -> Option<&Path> {
        self.data_dir.as_deref()
    }

    /// Saves drafts in another data folder (tests; a portable installation).
    pub fn set_data_dir(&mut self, dir: Option<PathBuf>) {
        self.data_dir = dir;
        self.key = None;
        self.saved = None;
    }

    /// The draft the text belongs to.
    pub fn draft_key(&self) -> Option<&DraftKey> {
        self.key.as_ref()
    }

    /// A saved draft waits for the player's choice (load it or keep the text).
    pub fn has_pending_draft(&self) -> bool {
        self.pending_draft.is_some()
    }

    /// The diagnostics of the text as last checked (parser and validator).
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.analysis.checked.diagnostics
    }

    /// The orders read from the text as last checked.
    pub fn checked(&self) -> &Checked {
        &self.analysis.checked
    }

    /// Appends one order line at the end of the text (on a line of its own).
    pub fn append_line(&mut self, line: &str) {
        let text = appended(&self.text, line);
        self.text = text;
    }

    /// [`EditorState::append_line`] as an undo point of the text field (the
    /// orders sent by the map and the inspector).
    pub fn append_order(&mut self, ctx: &egui::Context, line: &str) {
        let text = appended(&self.text, line);
        self.replace_text(ctx, text, false);
        self.completion.open = false;
    }

    /// Selects line `line` of the text (a drawn order clicked on the map): the
    /// text field takes the focus with the line selected.
    pub fn select_line(&mut self, line: u32) {
        let start = char_index(&self.text, line, 1);
        let end = char_index(&self.text, line, u32::MAX).max(start);
        self.jump = Some((start, end, 0));
    }

    /// The line of the text cursor (1-based), when the text field has one.
    pub fn cursor_line(&self, ctx: &egui::Context) -> Option<u32> {
        let state = TextEditState::load(ctx, text_id())?;
        let range = state.cursor.char_range()?;
        Some(line_of(&self.text, range.primary.index.0))
    }

    /// Bumped at each new check of the text (caches keyed on the check).
    pub fn check_generation(&self) -> u64 {
        self.analysis.generation
    }

    /// Loads the ruleset the context names (once).
    fn load_rules(&mut self, name: Option<&str>) {
        let name = name
            .filter(|n| Ruleset::BUILTIN_NAMES.contains(n))
            .unwrap_or("2002");
        if self.rules.as_ref().is_none_or(|(n, _)| n != name) {
            let rules = Ruleset::builtin(name).unwrap_or_else(|_| Ruleset::builtin_2002());
            self.rules = Some((name.to_string(), rules));
        }
    }

    /// Once per frame, after the panels: follows the turn shown (its draft),
    /// checks the text, autosaves it.
    pub fn update(&mut self, ctx: &egui::Context, context: &EditorContext<'_>) {
        // The same CR file still shown: a new key means its turn or player
        // was stated (a CR without header), not another turn.
        let same_report = context.source.is_some() && self.source.as_deref() == context.source;
        if self.source.as_deref() != context.source {
            self.source = context.source.map(Path::to_path_buf);
        }
        self.follow_turn(ctx, context.view, same_report);
        self.print_header = context
            .view
            .map(crate::report::printable::PrintHeader::of_view)
            .unwrap_or_default();
        self.print_lang = context.lang;
        self.load_rules(context.ruleset);
        if let Some((_, rules)) = &self.rules {
            self.analysis.ensure(&self.text, context, rules);
        }
        self.autosave();
    }

    /// True once after "Prévisualiser" was clicked: the application runs the
    /// preview (`Command::Preview`, as F5 does).
    pub fn take_preview_request(&mut self) -> bool {
        std::mem::take(&mut self.preview_requested)
    }

    /// True once after "Ouvrir le courrier de la partie" was clicked: the
    /// application opens the Courrier window on its ORDRES request.
    pub fn take_courrier_request(&mut self) -> bool {
        std::mem::take(&mut self.courrier_requested)
    }

    /// The line whose forms were asked for (a diagnostic's or the completion's
    /// "this order's forms"), once: the application opens the order language
    /// on it (`Command::ShowOrderForms`).
    pub fn take_order_forms_request(&mut self) -> Option<String> {
        self.order_forms_requested.take()
    }

    /// The text of line `line` (1-based) of the draft.
    pub fn line_text(&self, line: u32) -> &str {
        self.text
            .lines()
            .nth(line.saturating_sub(1) as usize)
            .unwrap_or_default()
    }

    /// The text is saved in no draft (no data folder, no draft for the turn
    /// shown, the last save failed, or not saved yet) and is not empty: replacing
    /// it would lose it.
    pub fn has_unsaved_text(&self) -> bool {
        !self.is_persisted()
    }

    /// The text is written somewhere: in its draft, or it is empty.
    fn is_persisted(&self) -> bool {
        self.text.trim().is_empty()
            || (self.data_dir.is_some()
                && self.key.is_some()
                && self.save_error.is_none()
                && self.saved.as_deref() == Some(self.text.as_str()))
    }

    /// When the turn shown changes: its draft replaces the text if the text is
    /// saved; otherwise the player is asked. `same_report`: the same CR is
    /// shown, its turn or player stated: without a draft of its own yet, the
    /// text goes on as its draft.
    fn follow_turn(&mut self, ctx: &egui::Context, view: Option<&TurnView>, same_report: bool) {
        let key = view.map(|view| draft_key(view, self.source.as_deref()));
        if key == self.key {
            return;
        }
        let persisted = self.is_persisted();
        let draft = match (&self.data_dir, &key) {
            (Some(dir), Some(key)) => drafts::load(dir, key).ok().flatten(),
            _ => None,
        };
        let previous = std::mem::replace(&mut self.key, key);
        self.follow_plans(previous.as_ref());
        // "Exported to …" spoke of the other turn.
        self.status = None;
        self.saved.clone_from(&draft);
        self.pending_draft = None;
        self.completion = Completion::default();
        match draft {
            Some(draft) if draft == self.text => {}
            Some(draft) if persisted => self.replace_text(ctx, draft, true),
            Some(draft) => self.pending_draft = Some(draft),
            // Its turn or player stated: the orders written for it stay.
            None if same_report => {}
            None if persisted => self.replace_text(ctx, String::new(), true),
            // Unsaved text and no draft for this turn: the text becomes its draft.
            None => {}
        }
        ctx.request_repaint();
    }

    /// Writes the draft when the text changed (not while the player chooses
    /// between a saved draft and the text).
    fn autosave(&mut self) {
        if self.pending_draft.is_some() {
            return;
        }
        let (Some(dir), Some(key)) = (&self.data_dir, &self.key) else {
            return;
        };
        if self.saved.as_deref().unwrap_or("") == self.text {
            return;
        }
        match drafts::save(dir, key, &self.text) {
            Ok(()) => {
                self.saved = Some(self.text.clone());
                self.save_error = None;
            }
            Err(error) => {
                // Tried again at the next change, not at every frame.
                self.saved = Some(self.text.clone());
                self.save_error = Some(error.to_string());
            }
        }
    }

    /// Replaces the whole text: an undo point unless `fresh` (another draft: its
    /// history starts there).
    fn replace_text(&mut self, ctx: &egui::Context, text: String, fresh: bool) {
        let id = text_id();
        let mut state = TextEditState::load(ctx, id).unwrap_or_default();
        let end = CCursorRange::one(CCursor::new(text.chars().count()));
        if fresh {
            state.clear_undoer();
        } else {
            let before = state
                .cursor
                .char_range()
                .unwrap_or_else(|| CCursorRange::one(CCursor::new(self.text.chars().count())));
            let mut undoer = state.undoer();
            undoer.add_undo(&(before, self.text.clone()));
            undoer.add_undo(&(end, text.clone()));
            state.set_undoer(undoer);
        }
        state.cursor.set_char_range(Some(end));
        state.store(ctx, id);
        self.text = text;
    }

    /// Undo (`redo == false`) or redo through the text field's undoer.
    fn undo_redo(&mut self, ctx: &egui::Context, redo: bool) {
        let id = text_id();
        let mut state = TextEditState::load(ctx, id).unwrap_or_default();
        let cursor = state
            .cursor
            .char_range()
            .unwrap_or_else(|| CCursorRange::one(CCursor::new(self.text.chars().count())));
        let current = (cursor, self.text.clone());
        let mut undoer = state.undoer();
        let target = if redo {
            undoer.redo(&current).cloned()
        } else {
            undoer.undo(&current).cloned()
        };
        state.set_undoer(undoer);
        if let Some((range, text)) = target {
            state.cursor.set_char_range(Some(range));
            self.text = text;
        }
        state.store(ctx, id);
    }

    fn can_undo_redo(&self, ctx: &egui::Context) -> (bool, bool) {
        let state = TextEditState::load(ctx, text_id()).unwrap_or_default();
        let cursor = state
            .cursor
            .char_range()
            .unwrap_or_else(|| CCursorRange::one(CCursor::new(self.text.chars().count())));
        let current = (cursor, self.text.clone());
        let undoer = state.undoer();
        (
            undoer.has_undo(&current) || undoer.is_in_flux(),
            undoer.has_redo(&current),
        )
    }
}

/// `text` with `line` appended on a line of its own.
fn appended(text: &str, line: &str) -> String {
    let mut out = text.to_string();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(line.trim_end_matches(['\n', '\r']));
    out.push('\n');
    out
}

/// The draft of a turn: its game, its player (number, else name) and its number.
///
/// Every CR has one, so that no order text is ever left without a draft. The
/// game is the name its header gives; else, for a CR of a game folder
/// (`DIR/players/<n>/turn-TTT.cr`), the folder's name; else a stable token
/// drawn from what the CR says of its reader (`sans-nom-` and a hash of his
/// name, number, start worlds and the galaxy's size), else of the file's
/// folder. The player is his number, else his name, else `_`; the turn is the
/// CR's, else the file name's in a game folder, else 0 (unknown).
pub fn draft_key(view: &TurnView, cr_path: Option<&Path>) -> DraftKey {
    let place = cr_path.and_then(crate::game::folder::cr_place);
    let game = view
        .game
        .clone()
        .filter(|g| !g.trim().is_empty())
        .or_else(|| {
            place
                .as_ref()
                .and_then(|(dir, _, _)| dir.file_name())
                .map(|name| name.to_string_lossy().into_owned())
        })
        .unwrap_or_else(|| format!("sans-nom-{:016x}", identity_hash(view, cr_path)));
    let player = view
        .player
        .as_ref()
        .map(|p| p.number.map_or_else(|| p.name.clone(), |n| n.to_string()))
        .or_else(|| place.as_ref().map(|(_, player, _)| player.0.to_string()))
        .unwrap_or_else(|| "_".to_string());
    let turn = view
        .turn
        .or_else(|| place.as_ref().map(|(_, _, turn)| *turn))
        .unwrap_or(0);
    DraftKey { game, player, turn }
}

/// A stable hash (FNV-1a, 64 bits) of what a CR without a game name says of
/// its reader; of its file's folder when it says nothing.
fn identity_hash(view: &TurnView, cr_path: Option<&Path>) -> u64 {
    let mut identity = String::new();
    if let Some(player) = &view.player {
        identity.push_str(&format!("{}:{:?};", player.name, player.number));
    }
    let me = view.player.as_ref().map(|p| p.name.as_str());
    let mut starts: Vec<u32> = view
        .worlds
        .iter()
        .filter(|w| w.start_world)
        .filter(|w| me.is_none() || w.owner.as_ref().and_then(|o| o.name.as_deref()) == me)
        .map(|w| w.id)
        .collect();
    starts.sort_unstable();
    // Not the galaxy's size: it comes with the NBT, which may be opened later.
    identity.push_str(&format!("{starts:?}"));
    if view.player.is_none()
        && starts.is_empty()
        && let Some(dir) = cr_path.and_then(Path::parent)
    {
        identity.push_str(&dir.to_string_lossy());
    }
    identity.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Escape was pressed this frame (closes the dialog drawn).
fn escape_pressed(ctx: &egui::Context) -> bool {
    ctx.input(|i| i.key_pressed(Key::Escape))
}

/// The character index of a 1-based (line, column) of `text`.
pub fn char_index(text: &str, line: u32, column: u32) -> usize {
    let mut index = 0;
    for (number, content) in text.split('\n').enumerate() {
        let length = content.chars().count();
        if number as u32 + 1 == line {
            return index + (column.max(1) as usize - 1).min(length);
        }
        index += length + 1;
    }
    text.chars().count()
}

/// The 1-based line of a character index.
pub fn line_of(text: &str, index: usize) -> u32 {
    text.chars().take(index).filter(|c| *c == '\n').count() as u32 + 1
}
