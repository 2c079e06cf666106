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
pub mod highlight;
pub mod quick;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use egui::text::{CCursor, CCursorRange, LayoutJob};
use egui::text_edit::TextEditState;
use egui::{Id, Key, Modifiers, RichText};
use serde::{Deserialize, Serialize};

use self::drafts::DraftKey;
use super::inspector::severity_color;
use super::path_prompt::{self, DialogAnswer, PathPrompt, PromptTexts, path_prompt_window};
use super::ui_command::UiCommand;
use crate::diagnostic::{Diagnostic, Severity};
use crate::i18n::{Lang, tr, tr_args};
use crate::model::knowledge::Knowledge;
use crate::model::view::TurnView;
use crate::orders::explain;
use crate::orders::mail::{Credentials, MailKind, OrdersMail, order_file_text};
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
            confirm: None,
            mail: MailForm::default(),
            outgoing: None,
            source: None,
            last_export_dir: None,
            preview_requested: false,
        }
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
        if self.source.as_deref() != context.source {
            self.source = context.source.map(Path::to_path_buf);
        }
        self.follow_turn(ctx, context.view);
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
    /// saved; otherwise the player is asked.
    fn follow_turn(&mut self, ctx: &egui::Context, view: Option<&TurnView>) {
        let key = view.map(|view| draft_key(view, self.source.as_deref()));
        if key == self.key {
            return;
        }
        let persisted = self.is_persisted();
        let draft = match (&self.data_dir, &key) {
            (Some(dir), Some(key)) => drafts::load(dir, key).ok().flatten(),
            _ => None,
        };
        self.key = key;
        // "Exported to …" spoke of the other turn.
        self.status = None;
        self.saved.clone_from(&draft);
        self.pending_draft = None;
        self.completion = Completion::default();
        match draft {
            Some(draft) if draft == self.text => {}
            Some(draft) if persisted => self.replace_text(ctx, draft, true),
            Some(draft) => self.pending_draft = Some(draft),
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

    /// The file name offered when exporting.
    fn default_file_name(&self, what: Export) -> String {
        let base = match &self.key {
            Some(key) => key.file_name().trim_end_matches(".txt").to_string(),
            None => "ordres".to_string(),
        };
        match what {
            Export::Orders => format!("{base}_ordres.txt"),
            Export::Mail => format!("{base}_courrier.txt"),
        }
    }

    /// The path offered when exporting: for the orders of a CR of a game folder
    /// (`players/<n>/turn-TTT.cr`), the file `nebutil game turn` reads
    /// (`players/<n>/orders-TTT.txt`); else the default name in the last folder
    /// written to, else the CR's folder, else the data folder's `exports/`.
    pub fn default_export_path(&self, what: Export) -> PathBuf {
        if what == Export::Orders
            && let Some(path) = self
                .source
                .as_deref()
                .and_then(crate::game::folder::orders_path_for_cr)
        {
            return path;
        }
        let in_game_folder = self
            .source
            .as_deref()
            .and_then(crate::game::folder::cr_place)
            .is_some();
        let source_dir = self.source.as_deref().and_then(Path::parent);
        let dir = if in_game_folder {
            source_dir.map(Path::to_path_buf)
        } else {
            self.last_export_dir
                .clone()
                .or_else(|| source_dir.map(Path::to_path_buf))
        }
        .or_else(|| self.data_dir.as_ref().map(|d| d.join(EXPORTS_DIR)))
        .unwrap_or_default();
        dir.join(self.default_file_name(what))
    }

    /// The text of an export: the order file is byte for byte what the clipboard
    /// and the mail's body carry (the one rule: [`order_file_text`]).
    pub fn export_content(&self, what: Export) -> String {
        match what {
            Export::Orders => order_file_text(&self.text),
            Export::Mail => self.mail_text().unwrap_or_default(),
        }
    }

    /// Sends the orders out (export, copy, mail), or first asks the player when
    /// they have errors.
    pub fn request_outgoing(&mut self, ctx: &egui::Context, what: Outgoing, lang: Lang) {
        if self.error_count() > 0 {
            self.outgoing = Some(what);
        } else {
            self.perform_outgoing(ctx, what, lang);
        }
    }

    /// The errors of the text as last checked.
    fn error_count(&self) -> usize {
        self.analysis
            .checked
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count()
    }

    fn perform_outgoing(&mut self, ctx: &egui::Context, what: Outgoing, lang: Lang) {
        match what {
            Outgoing::ExportDialog => self.export_dialog(Export::Orders, lang),
            Outgoing::ExportPath => self.open_path_window(Export::Orders),
            Outgoing::Copy => {
                ctx.copy_text(self.export_content(Export::Orders));
                self.status = Some(Status::new(Severity::Info, "gui-editor-copied", Vec::new()));
            }
            Outgoing::MailCopy => {
                if let Some(text) = self.mail_text() {
                    ctx.copy_text(text);
                    self.status = Some(Status::new(
                        Severity::Info,
                        "gui-editor-mail-copied",
                        Vec::new(),
                    ));
                }
            }
            Outgoing::MailSave => self.export_dialog(Export::Mail, lang),
        }
    }

    /// Writes an export, or asks first when the file exists.
    pub fn request_write(&mut self, path: PathBuf, what: Export) {
        let content = self.export_content(what);
        if path.exists() {
            self.confirm = Some(PendingWrite {
                path,
                content,
                what,
            });
        } else {
            self.write(&path, &content, what);
        }
    }

    fn write(&mut self, path: &Path, content: &str, what: Export) {
        let file = path.display().to_string();
        // The exports folder the editor offers is made on first use (a folder
        // the user typed is not: a typo must not create folders).
        let exports = self.data_dir.as_ref().map(|d| d.join(EXPORTS_DIR));
        if let Some(exports) = exports.filter(|e| path.parent() == Some(e.as_path())) {
            // A failure shows as the write's own.
            let _ = std::fs::create_dir_all(exports);
        }
        let written = crate::storage::write_atomic(
            path,
            content.as_bytes(),
            crate::storage::Durability::Synced,
        );
        self.status = Some(match written {
            Ok(()) => {
                self.last_export_dir = path.parent().map(Path::to_path_buf);
                Status::new(
                    Severity::Info,
                    match what {
                        Export::Orders => "gui-editor-exported",
                        Export::Mail => "gui-editor-mail-saved",
                    },
                    vec![("file", file)],
                )
            }
            Err(error) => Status::new(
                Severity::Error,
                "gui-editor-write-failed",
                vec![("file", file), ("error", error.to_string())],
            ),
        });
    }

    /// Asks the system's save dialog; without one, the typed path window.
    fn export_dialog(&mut self, what: Export, lang: Lang) {
        let offered = self.default_export_path(what);
        let mut dialog = rfd::FileDialog::new()
            .set_title(tr(lang, "gui-editor-dialog-title"))
            .add_filter(tr(lang, "gui-editor-dialog-filter"), &["txt"]);
        if let Some(name) = offered.file_name() {
            dialog = dialog.set_file_name(name.to_string_lossy());
        }
        if let Some(dir) = offered.parent().filter(|d| d.is_dir()) {
            dialog = dialog.set_directory(dir);
        }
        match path_prompt::ask(|| dialog.save_file()) {
            DialogAnswer::Picked(path) => self.request_write(path, what),
            DialogAnswer::Unavailable => self.open_path_window(what),
            DialogAnswer::Cancelled => {}
        }
    }

    fn open_path_window(&mut self, what: Export) {
        let path = self.default_export_path(what).display().to_string();
        self.path_prompt.show(path);
        self.path_for = what;
    }

    /// The orders mail, when the game, the player number and the password are known.
    fn orders_mail(&self) -> Option<OrdersMail> {
        let player: u32 = self.mail.player.trim().parse().ok()?;
        let game = self.mail.game.trim();
        let password = self.mail.password.trim();
        if game.is_empty() || password.is_empty() {
            return None;
        }
        let acknowledgement = self.mail.acknowledgement.trim();
        Some(OrdersMail::from_order_text(
            Credentials {
                game: game.to_string(),
                player: crate::model::PlayerId(player),
                password: password.to_string(),
            },
            (!acknowledgement.is_empty()).then(|| acknowledgement.to_string()),
            &self.text,
        ))
    }

    fn mail_text(&self) -> Option<String> {
        self.orders_mail().map(|m| m.to_mail().to_text())
    }

    /// Opens the mail window, its fields filled from the knowledge.
    fn open_mail(&mut self, knowledge: &Knowledge) {
        if self.mail.game.is_empty()
            && let Some(game) = &knowledge.game
        {
            self.mail.game.clone_from(game);
        }
        if self.mail.player.is_empty()
            && let Some(number) = knowledge.player.as_ref().and_then(|p| p.number)
        {
            self.mail.player = number.to_string();
        }
        self.mail.open = true;
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

/// The editor panel.
pub fn editor_ui(ui: &mut egui::Ui, state: &mut EditorState, context: &EditorContext<'_>) {
    let lang = context.lang;
    toolbar_ui(ui, state, context);
    draft_line_ui(ui, state, lang);
    if let Some(status) = &state.status {
        let mut dismiss = false;
        ui.horizontal_wrapped(|ui| {
            if ui
                .small_button("x")
                .on_hover_text(tr(lang, "gui-notice-dismiss"))
                .clicked()
            {
                dismiss = true;
            }
            ui.label(RichText::new(status.text(lang)).color(severity_color(ui, status.severity)));
        });
        if dismiss {
            state.status = None;
        }
    }
    egui::Panel::bottom("editor-diagnostics")
        .resizable(true)
        .default_size(170.0)
        .show(ui, |ui| diagnostics_list_ui(ui, state, lang));
    egui::CentralPanel::default().show(ui, |ui| text_ui(ui, state, context));
    windows_ui(ui.ctx(), state, context);
}

fn toolbar_ui(ui: &mut egui::Ui, state: &mut EditorState, context: &EditorContext<'_>) {
    let lang = context.lang;
    let ctx = ui.ctx().clone();
    ui.horizontal_wrapped(|ui| {
        ui.strong(tr(lang, "gui-editor-title"));
        let (can_undo, can_redo) = state.can_undo_redo(&ctx);
        if ui
            .add_enabled(can_undo, egui::Button::new(tr(lang, "gui-editor-undo")))
            .on_hover_text("Ctrl+Z")
            .clicked()
        {
            state.undo_redo(&ctx, false);
        }
        if ui
            .add_enabled(can_redo, egui::Button::new(tr(lang, "gui-editor-redo")))
            .on_hover_text("Ctrl+Shift+Z, Ctrl+Y")
            .clicked()
        {
            state.undo_redo(&ctx, true);
        }
        if ui
            .button(tr(lang, "gui-editor-format"))
            .on_hover_text(tr(lang, "gui-editor-format-hint"))
            .clicked()
        {
            let formatted = crate::orders::format_orders(&state.text);
            if formatted != state.text {
                state.replace_text(&ctx, formatted, false);
            }
        }
        ui.separator();
        let offered = state
            .default_export_path(Export::Orders)
            .display()
            .to_string();
        if ui
            .button(tr(lang, "gui-editor-export"))
            .on_hover_text(tr_args(
                lang,
                "gui-editor-export-hint",
                &[("file", &offered)],
            ))
            .clicked()
        {
            state.request_outgoing(&ctx, Outgoing::ExportDialog, lang);
        }
        if ui.button(tr(lang, "gui-editor-export-path")).clicked() {
            state.request_outgoing(&ctx, Outgoing::ExportPath, lang);
        }
        if ui
            .button(tr(lang, "gui-editor-copy"))
            .on_hover_text(tr(lang, "gui-editor-copy-hint"))
            .clicked()
        {
            state.request_outgoing(&ctx, Outgoing::Copy, lang);
        }
        if ui.button(tr(lang, "gui-editor-mail")).clicked() {
            state.open_mail(context.knowledge);
        }
        // The what-if preview (the resolver run on the player's view with these
        // orders): the application runs it (`Command::Preview`).
        if ui
            .button(tr(lang, "gui-editor-preview"))
            .on_hover_text(UiCommand::Preview.hover_text(&ctx, lang))
            .clicked()
        {
            state.preview_requested = true;
        }
    });
}

fn draft_line_ui(ui: &mut egui::Ui, state: &mut EditorState, lang: Lang) {
    let checked = &state.analysis.checked;
    let count = |severity: Severity| {
        checked
            .diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
            .to_string()
    };
    ui.weak(tr_args(
        lang,
        "gui-editor-counts",
        &[
            ("orders", &checked.file.orders.len().to_string()),
            ("errors", &count(Severity::Error)),
            ("warnings", &count(Severity::Warning)),
        ],
    ));
    let draft = match (&state.data_dir, &state.key, &state.save_error) {
        (None, _, _) => tr(lang, "gui-editor-draft-no-dir"),
        (_, None, _) => tr(lang, "gui-editor-draft-no-key"),
        (_, _, Some(error)) => tr_args(lang, "gui-editor-draft-error", &[("error", error)]),
        (Some(dir), Some(key), None) => tr_args(
            lang,
            "gui-editor-draft-saved",
            &[("file", &drafts::draft_path(dir, key).display().to_string())],
        ),
    };
    ui.weak(draft);
    if let Some(draft) = state.pending_draft.clone() {
        ui.group(|ui| {
            ui.label(
                RichText::new(tr(lang, "gui-editor-draft-found")).color(ui.visuals().warn_fg_color),
            );
            ui.horizontal(|ui| {
                if ui.button(tr(lang, "gui-editor-draft-load")).clicked() {
                    state.replace_text(ui.ctx(), draft.clone(), false);
                    state.pending_draft = None;
                }
                if ui.button(tr(lang, "gui-editor-draft-keep")).clicked() {
                    // The text is saved over the draft at the next autosave.
                    state.pending_draft = None;
                }
            });
        });
    }
}

/// How many diagnostics the editor's list lays out.
const EDITOR_LISTED: usize = 300;

fn diagnostics_list_ui(ui: &mut egui::Ui, state: &mut EditorState, lang: Lang) {
    let diagnostics = &state.analysis.checked.diagnostics;
    ui.strong(tr_args(
        lang,
        "gui-editor-diagnostics",
        &[("count", &diagnostics.len().to_string())],
    ));
    if diagnostics.is_empty() {
        ui.weak(tr(lang, "gui-editor-no-diagnostics"));
        return;
    }
    let mut jump = None;
    // Each message whole, wrapped to the panel's width. At most
    // `EDITOR_LISTED` are laid out (the count above is the total): a draft
    // full of errors stays fast.
    egui::ScrollArea::vertical()
        .id_salt("editor-diagnostics-list")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for diagnostic in diagnostics.iter().take(EDITOR_LISTED) {
                let color = severity_color(ui, diagnostic.severity);
                let message = diagnostic.message(lang);
                let text = format!(
                    "{}:{}  {message}",
                    diagnostic.span.line, diagnostic.span.column,
                );
                let response = ui
                    .add(egui::Button::selectable(false, RichText::new(text).color(color)).wrap())
                    .on_hover_text(format!(
                        "{} [{}]",
                        super::diagnostics::severity_text(lang, diagnostic.severity),
                        diagnostic.code
                    ));
                if response.clicked() {
                    jump = Some(diagnostic.span);
                }
            }
            if diagnostics.len() > EDITOR_LISTED {
                ui.weak(tr_args(
                    lang,
                    "gui-editor-diagnostics-more",
                    &[("count", &(diagnostics.len() - EDITOR_LISTED).to_string())],
                ));
            }
        });
    if let Some(span) = jump {
        let start = char_index(&state.text, span.line, span.column);
        let end = char_index(&state.text, span.line, span.end_column).max(start);
        state.jump = Some((start, end, 0));
        ui.ctx().request_repaint();
    }
}

/// Keys for the completion popup, taken before the text field sees them.
#[derive(Default)]
struct PopupKeys {
    up: usize,
    down: usize,
    accept: bool,
    dismiss: bool,
}

fn consume(input: &mut egui::InputState, key: Key) -> usize {
    let mut count = 0;
    while input.consume_key(Modifiers::NONE, key) {
        count += 1;
    }
    count
}

fn text_ui(ui: &mut egui::Ui, state: &mut EditorState, context: &EditorContext<'_>) {
    let lang = context.lang;
    let ctx = ui.ctx().clone();
    let id = text_id();

    // A diagnostic clicked: focus the text, then (once focused: an unfocused
    // text field keeps only the cursor of a selection) select its span.
    if let Some((start, end, tries)) = state.jump {
        if ctx.memory(|m| m.has_focus(id)) || tries >= 3 {
            let mut edit_state = TextEditState::load(&ctx, id).unwrap_or_default();
            edit_state.cursor.set_char_range(Some(CCursorRange::two(
                CCursor::new(start),
                CCursor::new(end),
            )));
            edit_state.store(&ctx, id);
            state.jump = None;
        } else {
            ctx.memory_mut(|m| m.request_focus(id));
            state.jump = Some((start, end, tries + 1));
        }
        ctx.request_repaint();
    }

    let mut keys = PopupKeys::default();
    if state.completion.open && ctx.memory(|m| m.has_focus(id)) {
        ctx.input_mut(|input| {
            keys.up = consume(input, Key::ArrowUp);
            keys.down = consume(input, Key::ArrowDown);
            keys.accept = consume(input, Key::Tab) > 0;
            if state.completion.enter_accepts {
                keys.accept |= consume(input, Key::Enter) > 0;
            }
            keys.dismiss = consume(input, Key::Escape) > 0;
        });
    }

    let label = ui.label(tr(lang, "gui-editor-text-label"));
    state.load_rules(context.ruleset);
    let before = state.text.clone();
    let EditorState {
        text,
        analysis,
        rules,
        layout,
        ..
    } = state;
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let mut layouter = |ui: &egui::Ui, buffer: &dyn egui::TextBuffer, wrap_width: f32| {
        if let Some((_, rules)) = rules.as_ref() {
            analysis.ensure(buffer.as_str(), context, rules);
        }
        let dark = ui.visuals().dark_mode;
        let cache_key = (analysis.generation, dark, font.size.to_bits());
        let job = match layout {
            Some((key, job)) if *key == cache_key => job.clone(),
            _ => {
                let job = highlight::layout_job(
                    buffer.as_str(),
                    &analysis.checked.diagnostics,
                    font.clone(),
                    ui.visuals(),
                );
                *layout = Some((cache_key, job.clone()));
                job
            }
        };
        let mut job = job;
        job.wrap.max_width = wrap_width;
        ui.fonts_mut(|f| f.layout_job(job))
    };
    let output = egui::ScrollArea::vertical()
        .id_salt("editor-text-scroll")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            egui::TextEdit::multiline(text)
                .id(id)
                .code_editor()
                .hint_text(tr(lang, "gui-editor-hint"))
                .desired_width(f32::INFINITY)
                .desired_rows(24)
                .layouter(&mut layouter)
                .show(ui)
        })
        .inner;
    let response = output.response.response.clone().labelled_by(label.id);
    let changed = state.text != before;

    hover_ui(&response, &output.galley, output.galley_pos, state, lang);
    completion_ui(ui, state, context, &output, changed, keys);
}

/// The tooltip of the order line under the pointer: its explanation and its
/// diagnostics.
fn hover_ui(
    response: &egui::Response,
    galley: &Arc<egui::Galley>,
    galley_pos: egui::Pos2,
    state: &EditorState,
    lang: Lang,
) {
    let Some(pointer) = response.hover_pos() else {
        return;
    };
    let cursor = galley.cursor_from_pos(pointer - galley_pos);
    let line = line_of(&state.text, cursor.index.0);
    let checked = &state.analysis.checked;
    let order = checked.file.orders.iter().find(|o| o.span.line == line);
    let diagnostics: Vec<&Diagnostic> = checked
        .diagnostics
        .iter()
        .filter(|d| d.span.line == line)
        .collect();
    if order.is_none() && diagnostics.is_empty() {
        return;
    }
    response.clone().on_hover_ui(|ui| {
        if let Some(order) = order {
            ui.label(explain(&order.kind, lang));
            ui.label(RichText::new(order.kind.to_string()).monospace().weak());
        }
        for diagnostic in diagnostics {
            ui.label(
                RichText::new(diagnostic.message(lang))
                    .color(severity_color(ui, diagnostic.severity)),
            );
        }
    });
}

/// The completion popup under the cursor.
fn completion_ui(
    ui: &mut egui::Ui,
    state: &mut EditorState,
    context: &EditorContext<'_>,
    output: &egui::text_edit::TextEditOutput,
    changed: bool,
    keys: PopupKeys,
) {
    let ctx = ui.ctx().clone();
    let focused = output.response.response.has_focus();
    let Some(range) = output.cursor_range else {
        state.completion.open = false;
        return;
    };
    let cursor = range.primary.index.0;
    let suggestions = if range.is_empty() {
        complete::suggest(&state.text, cursor, context.knowledge)
    } else {
        Vec::new()
    };
    let completion = &mut state.completion;
    if keys.dismiss {
        completion.dismissed = Some(state.text.clone());
    }
    if completion.dismissed.as_deref() != Some(state.text.as_str()) {
        completion.dismissed = None;
    }
    // Opens while typing; closes when the cursor moves without typing, on
    // Escape, without focus or without suggestions.
    let moved = completion.cursor != Some(cursor);
    completion.cursor = Some(cursor);
    if changed {
        completion.open = true;
        completion.selected = 0;
        completion.navigated = false;
    } else if moved {
        completion.open = false;
    }
    if !focused || suggestions.is_empty() || completion.dismissed.is_some() {
        completion.open = false;
    }
    if !completion.open {
        return;
    }
    let len = suggestions.len();
    completion.selected = (completion.selected + keys.down + len * keys.up.max(1) - keys.up) % len;
    completion.navigated |= keys.up + keys.down > 0;
    completion.enter_accepts =
        completion.navigated || !complete::is_complete(&state.text, cursor, context.knowledge);
    if keys.accept {
        let chosen = suggestions[completion.selected.min(len - 1)].insert.clone();
        let word = complete::word_before(&state.text, cursor);
        let mut text: String = state.text.chars().take(word.start).collect();
        text.push_str(&chosen);
        let caret = text.chars().count();
        text.extend(state.text.chars().skip(word.end));
        state.completion.open = false;
        state.replace_text(&ctx, text, false);
        // The cursor after the inserted word.
        let mut edit_state = TextEditState::load(&ctx, text_id()).unwrap_or_default();
        edit_state
            .cursor
            .set_char_range(Some(CCursorRange::one(CCursor::new(caret))));
        let mut undoer = edit_state.undoer();
        undoer.add_undo(&(CCursorRange::one(CCursor::new(caret)), state.text.clone()));
        edit_state.set_undoer(undoer);
        edit_state.store(&ctx, text_id());
        ctx.request_repaint();
        return;
    }
    let caret = output
        .galley
        .pos_from_cursor(range.primary)
        .translate(output.galley_pos.to_vec2());
    let selected = completion.selected;
    let mut clicked = None;
    egui::Area::new(Id::unique("order-editor-completion"))
        .order(egui::Order::Foreground)
        .fixed_pos(caret.left_bottom() + egui::vec2(0.0, 2.0))
        .show(&ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(320.0);
                for (index, suggestion) in suggestions.iter().enumerate() {
                    let text = if suggestion.detail.is_empty() {
                        RichText::new(&suggestion.insert).monospace()
                    } else {
                        RichText::new(format!("{}  {}", suggestion.insert, suggestion.detail))
                            .monospace()
                    };
                    if ui
                        .add(egui::Button::selectable(index == selected, text))
                        .clicked()
                    {
                        clicked = Some(index);
                    }
                }
            });
        });
    if let Some(index) = clicked {
        let chosen = suggestions[index].insert.clone();
        let word = complete::word_before(&state.text, cursor);
        let mut text: String = state.text.chars().take(word.start).collect();
        text.push_str(&chosen);
        text.extend(state.text.chars().skip(word.end));
        state.completion.open = false;
        state.replace_text(&ctx, text, false);
        ctx.memory_mut(|m| m.request_focus(text_id()));
    }
}

/// How many diagnostics the "orders with errors" question lists.
const OUTGOING_LISTED: usize = 5;

/// "These orders have errors": asked before orders with errors leave the
/// editor (export, copy, mail). "Export anyway" goes on; "Back to the editor"
/// (or Escape) puts the cursor on the first error.
fn outgoing_confirm_ui(ctx: &egui::Context, state: &mut EditorState, lang: Lang) {
    let Some(what) = state.outgoing else {
        return;
    };
    let diagnostics = &state.analysis.checked.diagnostics;
    let count = |severity: Severity| {
        diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    };
    let (errors, warnings) = (count(Severity::Error), count(Severity::Warning));
    let mut answer = escape_pressed(ctx).then_some(false);
    egui::Window::new(tr(lang, "gui-editor-errors-title"))
        .id(Id::unique("editor-errors-window"))
        .order(egui::Order::Foreground)
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(ctx.content_rect().center())
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            ui.set_max_width(520.0);
            ui.label(tr_args(
                lang,
                "gui-editor-errors-counts",
                &[
                    ("errors", &errors.to_string()),
                    ("warnings", &warnings.to_string()),
                ],
            ));
            let listed: Vec<&Diagnostic> = diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .chain(
                    diagnostics
                        .iter()
                        .filter(|d| d.severity == Severity::Warning),
                )
                .take(OUTGOING_LISTED)
                .collect();
            for diagnostic in &listed {
                let line = tr_args(
                    lang,
                    "gui-editor-errors-line",
                    &[
                        ("line", &diagnostic.span.line.to_string()),
                        ("message", &diagnostic.message(lang)),
                    ],
                );
                ui.add(
                    egui::Label::new(
                        RichText::new(line).color(severity_color(ui, diagnostic.severity)),
                    )
                    .wrap(),
                );
            }
            let more = (errors + warnings).saturating_sub(listed.len());
            if more > 0 {
                ui.weak(tr_args(
                    lang,
                    "gui-editor-errors-more",
                    &[("count", &more.to_string())],
                ));
            }
            let copy = matches!(what, Outgoing::Copy | Outgoing::MailCopy);
            ui.label(tr(
                lang,
                if copy {
                    "gui-editor-errors-question-copy"
                } else {
                    "gui-editor-errors-question"
                },
            ));
            ui.horizontal(|ui| {
                if ui.button(tr(lang, "gui-editor-errors-back")).clicked() {
                    answer = Some(false);
                }
                let anyway = if copy {
                    "gui-editor-errors-anyway-copy"
                } else {
                    "gui-editor-errors-anyway"
                };
                if ui.button(tr(lang, anyway)).clicked() {
                    answer = Some(true);
                }
            });
        });
    match answer {
        Some(true) => {
            state.outgoing = None;
            state.perform_outgoing(ctx, what, lang);
        }
        Some(false) => {
            state.outgoing = None;
            if let Some(first) = diagnostics.iter().find(|d| d.severity == Severity::Error) {
                let span = first.span;
                let start = char_index(&state.text, span.line, span.column);
                let end = char_index(&state.text, span.line, span.end_column).max(start);
                state.jump = Some((start, end, 0));
            }
            state.mail.open = false;
        }
        None => {}
    }
}

/// The editor's windows: export to a typed path, overwrite confirmation, mail.
fn windows_ui(ctx: &egui::Context, state: &mut EditorState, context: &EditorContext<'_>) {
    let lang = context.lang;

    let texts = PromptTexts {
        title: tr(lang, "gui-editor-path-title"),
        help: None,
        label: tr(lang, "gui-editor-path-label"),
        multiline: false,
        cancel: tr(lang, "gui-cancel"),
    };
    let buttons = [(state.path_for, tr(lang, "gui-editor-path-button"))];
    if let Some((what, paths)) = path_prompt_window(
        ctx,
        "editor-path-window",
        &mut state.path_prompt,
        &texts,
        &buttons,
    ) && let Some(path) = paths.into_iter().next()
    {
        state.request_write(path, what);
    }

    outgoing_confirm_ui(ctx, state, lang);

    if let Some(pending) = state.confirm.clone() {
        let mut answer = escape_pressed(ctx).then_some(false);
        egui::Window::new(tr(lang, "gui-editor-overwrite-title"))
            .id(Id::unique("editor-overwrite-window"))
            .pivot(egui::Align2::CENTER_CENTER)
            .default_pos(ctx.content_rect().center())
            .resizable(false)
            .collapsible(false)
            .show(ctx, |ui| {
                ui.label(tr_args(
                    lang,
                    "gui-editor-overwrite",
                    &[("file", &pending.path.display().to_string())],
                ));
                ui.horizontal(|ui| {
                    if ui.button(tr(lang, "gui-editor-overwrite-yes")).clicked() {
                        answer = Some(true);
                    }
                    if ui.button(tr(lang, "gui-cancel")).clicked() {
                        answer = Some(false);
                    }
                });
            });
        match answer {
            Some(true) => {
                state.confirm = None;
                state.write(&pending.path, &pending.content, pending.what);
            }
            Some(false) => state.confirm = None,
            None => {}
        }
    }

    if state.mail.open {
        let mut open = !escape_pressed(ctx);
        let mut outgoing = None;
        egui::Window::new(tr(lang, "gui-editor-mail-title"))
            .id(Id::unique("editor-mail-window"))
            .default_pos(ctx.content_rect().center())
            .min_width(460.0)
            .open(&mut open)
            .collapsible(false)
            .show(ctx, |ui| {
                egui::Grid::new("editor-mail-fields")
                    .num_columns(2)
                    .show(ui, |ui| {
                        for (id, field, password) in [
                            ("gui-editor-mail-game", &mut state.mail.game, false),
                            ("gui-editor-mail-player", &mut state.mail.player, false),
                            ("gui-editor-mail-password", &mut state.mail.password, true),
                            (
                                "gui-editor-mail-ack",
                                &mut state.mail.acknowledgement,
                                false,
                            ),
                        ] {
                            let label = ui.label(tr(lang, id));
                            ui.add(
                                egui::TextEdit::singleline(field)
                                    .password(password)
                                    .desired_width(260.0)
                                    .min_size(egui::vec2(260.0, 0.0)),
                            )
                            .labelled_by(label.id);
                            ui.end_row();
                        }
                    });
                ui.separator();
                match state.orders_mail() {
                    None => {
                        ui.weak(tr(lang, "gui-editor-mail-missing"));
                    }
                    Some(mail) => {
                        for diagnostic in MailKind::Orders(mail.clone()).check() {
                            ui.label(
                                RichText::new(diagnostic.message(lang))
                                    .color(severity_color(ui, diagnostic.severity)),
                            );
                        }
                        let mail = mail.to_mail();
                        ui.label(tr(lang, "gui-editor-mail-subject"));
                        ui.label(RichText::new(&mail.subject).monospace());
                        ui.label(tr(lang, "gui-editor-mail-body"));
                        egui::ScrollArea::vertical()
                            .id_salt("editor-mail-body")
                            .max_height(300.0)
                            .show(ui, |ui| {
                                ui.label(RichText::new(&mail.body).monospace());
                            });
                        ui.horizontal(|ui| {
                            if ui.button(tr(lang, "gui-editor-mail-copy")).clicked() {
                                outgoing = Some(Outgoing::MailCopy);
                            }
                            if ui.button(tr(lang, "gui-editor-mail-save")).clicked() {
                                outgoing = Some(Outgoing::MailSave);
                            }
                        });
                    }
                }
                ui.separator();
                checksum::ack_check_ui(ui, &state.text, &mut state.mail.received_checksum, lang);
            });
        state.mail.open = open;
        if let Some(what) = outgoing {
            state.request_outgoing(ctx, what, lang);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_convert_between_lines_and_characters() {
        let text = "M_48 C 10 VC\nF_é7 MM 48\n";
        assert_eq!(char_index(text, 1, 1), 0);
        assert_eq!(char_index(text, 2, 1), 13);
        assert_eq!(char_index(text, 2, 5), 17);
        // Past the end of a line: its end.
        assert_eq!(char_index(text, 1, 99), 12);
        assert_eq!(line_of(text, 0), 1);
        assert_eq!(line_of(text, 13), 2);
        assert_eq!(line_of(text, 12), 1);
    }

    #[test]
    fn appended_orders_take_a_line_of_their_own() {
        let mut state = EditorState::new(None);
        state.append_line("M_48 C 10 VC");
        state.text.push_str("F_57 P");
        state.append_line("F_57 MM 48 304\n");
        assert_eq!(state.text, "M_48 C 10 VC\nF_57 P\nF_57 MM 48 304\n");
    }

    #[test]
    fn every_cr_has_a_stable_draft_key() {
        let mut view = TurnView {
            game: Some("ORION".into()),
            turn: Some(7),
            ..TurnView::default()
        };
        assert_eq!(draft_key(&view, None).file_name(), "ORION___t7.txt");
        view.player = Some(crate::model::view::PlayerRef {
            name: "Maxtor".into(),
            number: Some(5),
        });
        assert_eq!(draft_key(&view, None).file_name(), "ORION_5_t7.txt");
        // A game created without a name, in its game folder: the folder's name.
        view.game = None;
        let in_folder = Path::new("/parties/orion-2/players/5/turn-007.cr");
        assert_eq!(
            draft_key(&view, Some(in_folder)).file_name(),
            "orion-2_5_t7.txt"
        );
        // Elsewhere: a token drawn from the reader, the same for every file of his.
        let alone = draft_key(&view, Some(Path::new("/tmp/a/t7.txt")));
        assert!(alone.game.starts_with("sans-nom-"), "{alone:?}");
        assert_eq!(alone, draft_key(&view, Some(Path::new("/home/b/t7.txt"))));
        let mut other = view.clone();
        other.player = Some(crate::model::view::PlayerRef {
            name: "Miria".into(),
            number: Some(6),
        });
        assert_ne!(draft_key(&other, None).game, alone.game);
        // Nothing known at all: the file's folder, and turn 0.
        let blank = TurnView::default();
        let here = draft_key(&blank, Some(Path::new("/tmp/a/t.txt")));
        assert_eq!(here.turn, 0);
        assert_eq!(here, draft_key(&blank, Some(Path::new("/tmp/a/u.txt"))));
        assert_ne!(here, draft_key(&blank, Some(Path::new("/tmp/b/t.txt"))));
    }

    fn view(turn: u32) -> TurnView {
        TurnView {
            game: Some("ORION".into()),
            turn: Some(turn),
            player: Some(crate::model::view::PlayerRef {
                name: "Maxtor".into(),
                number: Some(5),
            }),
            ..TurnView::default()
        }
    }

    fn step(state: &mut EditorState, ctx: &egui::Context, view: &TurnView, knowledge: &Knowledge) {
        let context = EditorContext {
            knowledge,
            view: Some(view),
            ruleset: None,
            revision: (0, 0),
            source: None,
            lang: Lang::Fr,
        };
        state.update(ctx, &context);
    }

    fn temp_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("nebutil-editor-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::create_dir_all(&dir);
        dir
    }

    #[test]
    fn each_turn_has_its_draft_and_switching_back_restores_it() {
        let dir = temp_dir("switch");
        let ctx = egui::Context::default();
        let knowledge = Knowledge::new();
        let mut state = EditorState::new(Some(dir.clone()));
        step(&mut state, &ctx, &view(7), &knowledge);
        state.text = "F_57 P\n".into();
        step(&mut state, &ctx, &view(7), &knowledge);
        // Turn 6 has no draft: an empty text (turn 7's is saved).
        step(&mut state, &ctx, &view(6), &knowledge);
        assert_eq!(state.text, "");
        assert!(!state.has_pending_draft());
        step(&mut state, &ctx, &view(7), &knowledge);
        assert_eq!(state.text, "F_57 P\n");
        assert_eq!(state.checked().file.orders.len(), 1);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn text_that_could_not_be_saved_is_never_replaced_without_asking() {
        let dir = temp_dir("unsaved");
        let ctx = egui::Context::default();
        let knowledge = Knowledge::new();
        // A draft for turn 6.
        let key = draft_key(&view(6), None);
        assert!(drafts::save(&dir, &key, "F_1 P\n").is_ok());
        // The drafts folder of turn 7 cannot be written: a file stands in the way.
        let blocked = dir.join("blocked");
        let _ = std::fs::write(&blocked, "");
        let mut state = EditorState::new(Some(blocked));
        step(&mut state, &ctx, &view(7), &knowledge);
        state.text = "F_57 P\n".into();
        step(&mut state, &ctx, &view(7), &knowledge);
        assert!(state.save_error.is_some());
        // Turn 6's draft is found, in the same (now reachable) folder.
        state.data_dir = Some(dir.clone());
        step(&mut state, &ctx, &view(6), &knowledge);
        assert_eq!(state.text, "F_57 P\n");
        assert!(state.has_pending_draft());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
