//! The forecast in an `ORDRES` acknowledgement: the player's orders resolved
//! exactly as the app's preview resolves them (`resolve::partial`, the same
//! default assumptions, the same seed) on his own reports of the turn — the
//! orders the resolver would void, with why, and the main predicted changes of
//! his worlds, fleets, technologies and score. Built from his knowledge only
//! (his CR and NBT), never from the save: the preview's no-leak guarantee holds.

use crate::i18n::{Lang, tr_args};
use crate::model::knowledge::Knowledge;
use crate::orders::parse_orders;
use crate::resolve::partial::text::row;
use crate::resolve::partial::{Assumptions, Partial};
use crate::rules::Ruleset;

/// The seed of the forecast's single run: the app's preview's (its predicted CR).
pub const FORECAST_SEED: u64 = crate::resolve::partial::PREVIEW_SEED;

/// The predicted changes listed at most (the rest counted).
pub const MAX_CHANGES: usize = 20;

/// The forecast's lines in `lang`: the voided orders first (each with its
/// reason, as the file `name` would show it), then the changes (at most
/// [`MAX_CHANGES`], then how many more). Empty when there is nothing to say.
pub fn forecast(
    knowledge: &Knowledge,
    orders_text: &str,
    ruleset: &Ruleset,
    name: &str,
    lang: Lang,
) -> Vec<String> {
    let orders = parse_orders(orders_text).orders;
    let partial = Partial::new(knowledge, &Assumptions::default(), ruleset);
    let preview = partial.preview(&orders, ruleset, FORECAST_SEED);
    let mut lines = Vec::new();
    for voided in &preview.voided {
        lines.push(voided.render(name, lang));
    }
    for change in preview.changes.iter().take(MAX_CHANGES) {
        lines.push(row(&change.key, change.before, change.after, lang));
    }
    if preview.changes.len() > MAX_CHANGES {
        lines.push(tr_args(
            lang,
            "mail-forecast-more",
            &[("count", &(preview.changes.len() - MAX_CHANGES).to_string())],
        ));
    }
    lines
}
