//! Exporting the orders: the order file (dialog, typed path, default path,
//! confirmation before writing over a file), the clipboard, the mail.

use std::path::{Path, PathBuf};

use super::{EXPORTS_DIR, EditorState, Export, Outgoing, PendingWrite, Status};
use crate::diagnostic::Severity;
use crate::gui::path_prompt::{self, DialogAnswer};
use crate::i18n::{Lang, tr};
use crate::model::knowledge::Knowledge;
use crate::orders::mail::{Credentials, OrdersMail, order_file_text};
use crate::report::printable::{self, Document};

impl EditorState {
    /// The file name offered when exporting.
    pub(super) fn default_file_name(&self, what: Export) -> String {
        let base = match &self.key {
            Some(key) => key.file_name().trim_end_matches(".txt").to_string(),
            None => "ordres".to_string(),
        };
        match what {
            Export::Orders => format!("{base}_ordres.txt"),
            Export::Mail => format!("{base}_courrier.txt"),
            Export::PrintHtml => format!("{base}_ordres.html"),
            Export::PrintText => format!("{base}_ordres_impression.txt"),
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
            Export::PrintHtml => printable::html(
                Document::Orders,
                &self.print_header,
                &order_file_text(&self.text),
                self.print_lang,
            ),
            Export::PrintText => printable::plain(
                Document::Orders,
                &self.print_header,
                &order_file_text(&self.text),
                self.print_lang,
            ),
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
    pub(super) fn error_count(&self) -> usize {
        self.analysis
            .checked
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count()
    }

    pub(super) fn perform_outgoing(&mut self, ctx: &egui::Context, what: Outgoing, lang: Lang) {
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
        // A folder is no file to replace: writing says why it cannot.
        if path.is_file() {
            self.confirm = Some(PendingWrite {
                path,
                content,
                what,
            });
        } else {
            self.write(&path, &content, what);
        }
    }

    pub(super) fn write(&mut self, path: &Path, content: &str, what: Export) {
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
                        Export::PrintHtml | Export::PrintText => "gui-editor-printable-exported",
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
    pub(super) fn export_dialog(&mut self, what: Export, lang: Lang) {
        let offered = self.default_export_path(what);
        let dialog = rfd::FileDialog::new().set_title(tr(lang, "gui-editor-dialog-title"));
        let mut dialog = if what == Export::PrintHtml {
            dialog.add_filter(tr(lang, "gui-editor-dialog-filter-html"), &["html", "htm"])
        } else {
            dialog.add_filter(tr(lang, "gui-editor-dialog-filter"), &["txt"])
        };
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

    pub(super) fn open_path_window(&mut self, what: Export) {
        let path = self.default_export_path(what).display().to_string();
        self.path_prompt.show(path);
        self.path_for = what;
    }

    /// The orders mail, when the game, the player number and the password are known.
    pub(super) fn orders_mail(&self) -> Option<OrdersMail> {
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

    pub(super) fn mail_text(&self) -> Option<String> {
        self.orders_mail().map(|m| m.to_mail().to_text())
    }

    /// Opens the mail window, its fields filled from the knowledge.
    pub(super) fn open_mail(&mut self, knowledge: &Knowledge) {
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
