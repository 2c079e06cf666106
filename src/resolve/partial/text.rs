//! The preview's values as text, in the interface's language: one line per
//! value that changes (`F_57 · VC : 12 -> 22 (+10)`), for the app's preview
//! window and the mail robot's forecast alike.

use crate::i18n::{Lang, tr};

use super::{Field, Item, Key as ValueKey};

/// `M_48`, `F_57`, `DEP`, `Points`.
pub fn item_text(item: Item, lang: Lang) -> String {
    match item {
        Item::World(w) => format!("M_{w}"),
        Item::Fleet(f) => format!("F_{f}"),
        Item::Tech(t) => t.keyword().to_string(),
        Item::Player => tr(lang, "gui-preview-item-player"),
    }
}

/// A value: `63`, `M_12` (a position), "à vous" / "perdu" (owned), `—` (none).
pub fn value_text(field: Field, value: Option<i64>, lang: Lang) -> String {
    match (field, value) {
        (_, None) => "—".into(),
        (Field::Owned, Some(v)) => tr(
            lang,
            if v > 0 {
                "gui-preview-owned-yes"
            } else {
                "gui-preview-owned-no"
            },
        ),
        (Field::Position, Some(v)) => format!("M_{v}"),
        (_, Some(v)) => v.to_string(),
    }
}

/// ` (+6)` after a number that changed by 6; nothing for an owner or a position.
pub fn delta_text(field: Field, before: Option<i64>, after: Option<i64>) -> String {
    match (field, before, after) {
        (Field::Owned | Field::Position, _, _) => String::new(),
        (_, Some(b), Some(a)) => format!(" ({:+})", a - b),
        _ => String::new(),
    }
}

/// `M_48 · Population`.
pub fn head(key: &ValueKey, lang: Lang) -> String {
    format!(
        "{} · {}",
        item_text(key.item, lang),
        tr(lang, &format!("gui-preview-field-{}", key.field.name()))
    )
}

/// `F_57 · VC : 12 -> 22 (+10)`.
pub fn row(key: &ValueKey, before: Option<i64>, after: Option<i64>, lang: Lang) -> String {
    format!(
        "{} : {} -> {}{}",
        head(key, lang),
        value_text(key.field, before, lang),
        value_text(key.field, after, lang),
        delta_text(key.field, before, after)
    )
}
