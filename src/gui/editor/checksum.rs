//! The acknowledgement check of the mail window: the robot's acknowledgement
//! (`nebutil mail`) gives the SHA-256 checksum of the orders it stored; the
//! player pastes it here (the number alone or the whole line) and sees whether
//! the server holds exactly the orders of the editor, as exported.

use egui::RichText;

use crate::game::mailbox::checksum;
use crate::i18n::{Lang, tr};
use crate::orders::mail::order_file_text;

/// The first run of 64 hexadecimal digits in `pasted` (lower case), if any.
pub fn checksum_in(pasted: &str) -> Option<String> {
    let bytes = pasted.as_bytes();
    let mut start = 0;
    while start < bytes.len() {
        let run = bytes[start..]
            .iter()
            .take_while(|b| b.is_ascii_hexdigit())
            .count();
        if run == 64 {
            return Some(pasted[start..start + 64].to_ascii_lowercase());
        }
        start += run.max(1);
    }
    None
}

/// What the pasted acknowledgement says of the editor's orders.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AckCheck {
    /// Nothing pasted yet.
    Empty,
    /// Pasted text without a checksum in it.
    NoChecksum,
    Same,
    Different,
}

/// Compares the checksum pasted from an acknowledgement with the orders' text.
pub fn ack_check(orders: &str, pasted: &str) -> AckCheck {
    if pasted.trim().is_empty() {
        return AckCheck::Empty;
    }
    match checksum_in(pasted) {
        None => AckCheck::NoChecksum,
        Some(found) if found == checksum(&order_file_text(orders)) => AckCheck::Same,
        Some(_) => AckCheck::Different,
    }
}

/// The checksum of the orders and the field for the acknowledgement's.
pub(super) fn ack_check_ui(ui: &mut egui::Ui, orders: &str, pasted: &mut String, lang: Lang) {
    ui.label(tr(lang, "gui-editor-mail-checksum"));
    ui.label(RichText::new(checksum(&order_file_text(orders))).monospace());
    let label = ui.label(tr(lang, "gui-editor-mail-ack-checksum"));
    ui.add(
        egui::TextEdit::singleline(pasted)
            .desired_width(f32::INFINITY)
            .hint_text(tr(lang, "gui-editor-mail-ack-checksum-hint")),
    )
    .labelled_by(label.id);
    let (id, color) = match ack_check(orders, pasted) {
        AckCheck::Empty => return,
        AckCheck::NoChecksum => ("gui-editor-mail-ack-none", ui.visuals().warn_fg_color),
        AckCheck::Same => (
            "gui-editor-mail-ack-same",
            egui::Color32::from_rgb(0x2e, 0x8b, 0x3e),
        ),
        AckCheck::Different => ("gui-editor-mail-ack-different", ui.visuals().error_fg_color),
    };
    ui.label(RichText::new(tr(lang, id)).color(color));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_acknowledgement_line_is_compared_with_the_exported_text() {
        let orders = "\u{feff}F_12 M 48\r\n# fin\r\n\r\n";
        let sum = checksum(&order_file_text(orders));
        assert_eq!(sum, checksum("F_12 M 48\n# fin\n"));
        assert_eq!(ack_check(orders, ""), AckCheck::Empty);
        assert_eq!(ack_check(orders, "version 3"), AckCheck::NoChecksum);
        let line = format!(
            "stockés : version 2, 2 lignes, somme de contrôle SHA-256 {}.",
            sum.to_uppercase()
        );
        assert_eq!(ack_check(orders, &line), AckCheck::Same);
        assert_eq!(ack_check("F_12 M 49\n", &line), AckCheck::Different);
        // The server stores the body of the mail the app writes: the same text.
        let mail = crate::orders::mail::OrdersMail::from_order_text(
            crate::orders::mail::Credentials {
                game: "KARNAJ".into(),
                player: crate::model::PlayerId(4),
                password: "secret".into(),
            },
            None,
            orders,
        );
        let sent = mail.to_mail().to_text();
        let (kind, _) = crate::orders::mail::parse_mail(&sent);
        let Some(crate::orders::mail::MailKind::Orders(received)) = kind else {
            panic!("an orders mail: {sent}");
        };
        assert_eq!(checksum(&received.order_text()), sum);
        // 65 digits are not a checksum.
        assert_eq!(ack_check(orders, &format!("{sum}0")), AckCheck::NoChecksum);
    }
}
