//! The turn and player of a CR that does not tell them (no header line): a small
//! row under the turn selector, filled with what was inferred, where the player
//! states them. What he states feeds the turn's view exactly as a header would
//! (see [`crate::gui::session::Session::state`]).

use super::command::Command;
use super::context::UiContext;
use super::session::{LoadedTurn, SourceOrigin};
use crate::i18n::tr;
use crate::report::infer::Stated;

/// The values being edited, for the turn they were taken from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HeaderEdit {
    /// The CR the values belong to (reset when another turn is shown).
    origin: Option<SourceOrigin>,
    pub turn: u32,
    /// Empty: unknown.
    pub player: String,
    /// 0: unknown.
    pub number: u32,
    /// The number as typed: empty while unknown (the field then asks for it,
    /// rather than showing a number 0 that no player has).
    number_text: String,
}

impl HeaderEdit {
    /// Takes the values of `turn`'s view (inferred, stated or stand-in).
    fn reset(&mut self, turn: &LoadedTurn) {
        self.origin = Some(turn.cr.origin.clone());
        self.turn = turn.view.turn.unwrap_or(1);
        self.player = turn
            .view
            .player
            .as_ref()
            .map(|p| p.name.clone())
            .unwrap_or_default();
        self.number = turn
            .view
            .player
            .as_ref()
            .and_then(|p| p.number)
            .unwrap_or(0);
        self.number_text = if self.number > 0 {
            self.number.to_string()
        } else {
            String::new()
        };
    }

    /// What is stated, for the facts the CR's own header lacks.
    fn stated(&self, turn: &LoadedTurn) -> Stated {
        let own = turn.own_header();
        Stated {
            turn: own.turn.is_none().then_some(self.turn),
            player: (own.player.is_none() && !self.player.is_empty()).then(|| self.player.clone()),
            number: (own.player.as_ref().is_none_or(|p| p.number.is_none()) && self.number > 0)
                .then_some(self.number),
        }
    }
}

/// The row, shown only when the current turn's CR lacks its turn or player.
pub fn header_bar_ui(ui: &mut egui::Ui, cx: &mut UiContext<'_>, edit: &mut HeaderEdit) {
    let Some(turn) = cx.turn() else {
        return;
    };
    let (index, lang) = (cx.current, cx.lang);
    if !turn.lacks_header() {
        return;
    }
    if edit.origin.as_ref() != Some(&turn.cr.origin) {
        edit.reset(turn);
    }
    let own = turn.own_header();
    ui.horizontal_wrapped(|ui| {
        if turn.stated().is_empty() {
            ui.colored_label(ui.visuals().warn_fg_color, tr(lang, "gui-header-missing"));
        } else {
            // Stated already: said so, no longer as a warning.
            ui.label(tr(lang, "gui-header-stated"));
        }
        if own.turn.is_none() {
            let label = ui.label(tr(lang, "gui-header-turn"));
            ui.add(egui::DragValue::new(&mut edit.turn).range(0..=9999))
                .labelled_by(label.id);
        }
        if own.player.is_none() {
            let label = ui.label(tr(lang, "gui-header-player"));
            let unknown = tr(lang, "gui-header-unknown-player");
            let shown = if edit.player.is_empty() {
                unknown.clone()
            } else {
                edit.player.clone()
            };
            egui::ComboBox::from_id_salt("header-player")
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut edit.player, String::new(), unknown);
                    for name in turn.owner_names() {
                        let text = name.clone();
                        ui.selectable_value(&mut edit.player, name, text);
                    }
                })
                .response
                .labelled_by(label.id);
        }
        if own.player.as_ref().is_none_or(|p| p.number.is_none()) {
            let label = ui.label(tr(lang, "gui-header-number"));
            let field = egui::TextEdit::singleline(&mut edit.number_text)
                .hint_text(
                    egui::RichText::new(tr(lang, "gui-header-number-ask"))
                        .color(ui.visuals().warn_fg_color),
                )
                .desired_width(90.0);
            if ui
                .add(field)
                .labelled_by(label.id)
                .on_hover_text(tr(lang, "gui-header-number-hover"))
                .changed()
            {
                edit.number_text.retain(|c| c.is_ascii_digit());
                edit.number_text.truncate(4);
                edit.number = edit.number_text.parse().unwrap_or(0);
            }
        }
        let stated = edit.stated(turn);
        let changed = stated != *turn.stated();
        if ui
            .add_enabled(changed, egui::Button::new(tr(lang, "gui-header-apply")))
            .on_hover_text(tr(lang, "gui-header-apply-hover"))
            .clicked()
        {
            cx.send(Command::StateHeader { index, stated });
        }
    });
}
