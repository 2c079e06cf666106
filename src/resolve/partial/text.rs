//! The preview's values as text, in the interface's language: one line per
//! value that changes (`F_57 · VC : 12 -> 22 (+10)`, with odds `M_48 ·
//! Population : 63 -> 69 (70 %) ou 70 (30 %)`), for the app's preview window,
//! `nebutil orders --preview` and the mail robot's forecast alike.

use crate::i18n::{Lang, tr, tr_args};

use super::{Distribution, Field, Item, Key as ValueKey, Odds, Preview};

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

/// The preview's rows as the app's window and `nebutil orders --preview` show
/// them: with odds, every value not certain to stay as it is
/// ([`odds_row`]); without, the single run's changes ([`row`]); each followed
/// by why, where the list alone would not tell.
pub fn preview_rows(preview: Option<&Preview>, odds: Option<&Odds>, lang: Lang) -> Vec<String> {
    let rows: Vec<(ValueKey, String)> = match (odds, preview) {
        (Some(odds), _) => odds
            .changing()
            .map(|(key, d)| {
                (
                    *key,
                    odds_row(key, odds.now.get(key).copied(), d, odds.runs, lang),
                )
            })
            .collect(),
        (None, Some(p)) => p
            .changes
            .iter()
            .map(|c| (c.key, row(&c.key, c.before, c.after, lang)))
            .collect(),
        (None, None) => Vec::new(),
    };
    rows.into_iter()
        .map(|(key, text)| match why(preview, &key, lang) {
            Some(why) => format!("{text} — {why}"),
            None => text,
        })
        .collect()
}

/// Why a change happens when the list alone would not tell: an empty
/// fleet of the player lost (G-94).
fn why(preview: Option<&Preview>, key: &ValueKey, lang: Lang) -> Option<String> {
    let (Item::Fleet(fleet), Field::Owned) = (key.item, key.field) else {
        return None;
    };
    let now = &preview?.now;
    let empty = now
        .fleet(fleet)
        .is_some_and(|f| f.total.or(f.vc.zip(f.vt).map(|(c, t)| c + t)) == Some(0));
    empty.then(|| tr(lang, "gui-preview-empty-fleet-lost"))
}

/// `M_48 · Population : 63 -> 69 (70 %) ou 70 (30 %)`, the likeliest first (at
/// most six, then "…"); the runs where the value is gone (the world lost) as
/// `— (5 %)`. A certain value is written as [`row`].
pub fn odds_row(
    key: &ValueKey,
    now: Option<i64>,
    d: &Distribution,
    runs: u32,
    lang: Lang,
) -> String {
    let lost = runs.saturating_sub(d.runs());
    if d.is_certain() && lost == 0 {
        return row(key, now, Some(d.min), lang);
    }
    let mut outcomes: Vec<(i64, u32)> = d.counts.iter().map(|(v, c)| (*v, *c)).collect();
    outcomes.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let outcome = |value: &str, percent: u32| {
        tr_args(
            lang,
            "gui-preview-outcome",
            &[("value", value), ("percent", &percent.to_string())],
        )
    };
    let mut parts: Vec<String> = outcomes
        .iter()
        .take(6)
        .map(|(value, _)| {
            outcome(
                &value_text(key.field, Some(*value), lang),
                d.percent(*value, runs),
            )
        })
        .collect();
    if outcomes.len() > 6 {
        parts.push("…".into());
    }
    if lost > 0 {
        let percent = (u64::from(lost) * 200 + u64::from(runs)) / (u64::from(runs.max(1)) * 2);
        parts.push(outcome("—", u32::try_from(percent).unwrap_or(100)));
    }
    let or = format!(" {} ", tr(lang, "gui-preview-or"));
    format!(
        "{} : {} -> {}",
        head(key, lang),
        value_text(key.field, now, lang),
        parts.join(&or)
    )
}

/// The outcomes of a random value, the likeliest first: `63 (70 %) ou 64 (30 %)`
/// (over the runs that gave a value).
pub fn spread_text(d: &Distribution, field: Field, lang: Lang) -> String {
    let runs = d.runs();
    let mut outcomes: Vec<(i64, u32)> = d.counts.iter().map(|(v, c)| (*v, *c)).collect();
    outcomes.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let or = format!(" {} ", tr(lang, "gui-preview-or"));
    outcomes
        .iter()
        .take(6)
        .map(|(value, _)| {
            tr_args(
                lang,
                "gui-preview-outcome",
                &[
                    ("value", &value_text(field, Some(*value), lang)),
                    ("percent", &d.percent(*value, runs).to_string()),
                ],
            )
        })
        .collect::<Vec<_>>()
        .join(&or)
}
