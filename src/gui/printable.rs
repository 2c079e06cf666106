//! "Imprimer" on the CR's text tab: the turn report as a standalone HTML page
//! or plain text under a header naming the game, turn, player and class
//! ([`crate::report::printable`]), written through the system's save dialog
//! or, without one, the typed-path window. (The order editor has its own,
//! beside its other exports.)

use std::path::{Path, PathBuf};

use super::path_prompt::{self, DialogAnswer, PathPrompt, PromptTexts, path_prompt_window};
use crate::diagnostic::Severity;
use crate::i18n::{Lang, tr, tr_args};
use crate::report::printable::{self, Document, PrintHeader};

/// The printable export's form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrintKind {
    Html,
    Text,
}

impl PrintKind {
    fn extension(self) -> &'static str {
        match self {
            PrintKind::Html => "html",
            PrintKind::Text => "txt",
        }
    }
}

/// The CR's printable export: its typed-path window, the folder last written
/// to, what the last export did.
#[derive(Clone, Debug, Default)]
pub struct PrintExport {
    path_prompt: PathPrompt,
    last_dir: Option<PathBuf>,
    status: Option<(Severity, String)>,
    /// A file that exists, waiting for "Remplacer".
    overwrite: Option<(PathBuf, PrintKind)>,
}

/// What is printed: the document, its header and its text, and the file name
/// offered (without extension).
pub struct Printed<'a> {
    pub document: Document,
    pub header: PrintHeader,
    pub text: &'a str,
    pub stem: String,
}

impl Printed<'_> {
    fn content(&self, kind: PrintKind, lang: Lang) -> String {
        match kind {
            PrintKind::Html => printable::html(self.document, &self.header, self.text, lang),
            PrintKind::Text => printable::plain(self.document, &self.header, self.text, lang),
        }
    }
}

impl PrintExport {
    fn offered(&self, printed: &Printed<'_>, kind: PrintKind) -> PathBuf {
        let suffix = match kind {
            PrintKind::Html => "",
            PrintKind::Text => "_impression",
        };
        self.last_dir.clone().unwrap_or_default().join(format!(
            "{}{suffix}.{}",
            printed.stem,
            kind.extension()
        ))
    }

    /// Writes the printable export to `path` and says so.
    pub fn write(&mut self, path: &Path, printed: &Printed<'_>, kind: PrintKind, lang: Lang) {
        let file = path.display().to_string();
        let content = printed.content(kind, lang);
        self.status = Some(
            match crate::storage::write_atomic(
                path,
                content.as_bytes(),
                crate::storage::Durability::Synced,
            ) {
                Ok(()) => {
                    self.last_dir = path.parent().map(Path::to_path_buf);
                    (
                        Severity::Info,
                        tr_args(lang, "gui-print-exported", &[("file", &file)]),
                    )
                }
                Err(error) => (
                    Severity::Error,
                    tr_args(
                        lang,
                        "gui-print-failed",
                        &[("file", &file), ("error", &error.to_string())],
                    ),
                ),
            },
        );
    }

    /// Writes to `path`, or first asks when the file exists.
    fn request(&mut self, path: PathBuf, printed: &Printed<'_>, kind: PrintKind, lang: Lang) {
        // A folder is no file to replace: writing says why it cannot.
        if path.is_file() {
            self.overwrite = Some((path, kind));
        } else {
            self.write(&path, printed, kind, lang);
        }
    }

    fn dialog(&mut self, printed: &Printed<'_>, kind: PrintKind, lang: Lang) {
        let offered = self.offered(printed, kind);
        let filter = match kind {
            PrintKind::Html => tr(lang, "gui-editor-dialog-filter-html"),
            PrintKind::Text => tr(lang, "gui-editor-dialog-filter"),
        };
        let mut dialog = rfd::FileDialog::new()
            .set_title(tr(lang, "gui-print-title"))
            .add_filter(filter, &[kind.extension()]);
        if let Some(name) = offered.file_name() {
            dialog = dialog.set_file_name(name.to_string_lossy());
        }
        if let Some(dir) = offered.parent().filter(|d| d.is_dir()) {
            dialog = dialog.set_directory(dir);
        }
        match path_prompt::ask(|| dialog.save_file()) {
            DialogAnswer::Picked(path) => self.request(path, printed, kind, lang),
            DialogAnswer::Unavailable => self.path_prompt.show(offered.display().to_string()),
            DialogAnswer::Cancelled => {}
        }
    }

    /// The "Imprimer le compte rendu" menu (HTML, text, typed path), the
    /// typed-path window, and what the last export did.
    pub fn print_ui(&mut self, ui: &mut egui::Ui, printed: &Printed<'_>, lang: Lang) {
        ui.menu_button(tr(lang, "gui-print-report"), |ui| {
            if ui.button(tr(lang, "gui-editor-print-html")).clicked() {
                self.dialog(printed, PrintKind::Html, lang);
            }
            if ui.button(tr(lang, "gui-editor-print-text")).clicked() {
                self.dialog(printed, PrintKind::Text, lang);
            }
            if ui.button(tr(lang, "gui-editor-print-path")).clicked() {
                let offered = self.offered(printed, PrintKind::Html);
                self.path_prompt.show(offered.display().to_string());
            }
        });
        if let Some((severity, text)) = &self.status {
            let color = super::inspector::severity_color(ui, *severity);
            ui.label(egui::RichText::new(text).color(color));
        }
        let texts = PromptTexts {
            title: tr(lang, "gui-print-title"),
            help: None,
            label: tr(lang, "gui-print-path-label"),
            multiline: false,
            cancel: tr(lang, "gui-cancel"),
        };
        let buttons = [
            (PrintKind::Html, tr(lang, "gui-editor-print-path-html")),
            (PrintKind::Text, tr(lang, "gui-editor-print-path-text")),
        ];
        if let Some((kind, paths)) = path_prompt_window(
            ui.ctx(),
            "print-report-path-window",
            &mut self.path_prompt,
            &texts,
            &buttons,
        ) && let Some(path) = paths.into_iter().next()
        {
            self.request(path, printed, kind, lang);
        }
        if let Some((path, kind)) = self.overwrite.clone() {
            match path_prompt::overwrite_window(ui.ctx(), "print-overwrite-window", &path, lang) {
                Some(true) => {
                    self.overwrite = None;
                    self.write(&path, printed, kind, lang);
                }
                Some(false) => self.overwrite = None,
                None => {}
            }
        }
    }
}
