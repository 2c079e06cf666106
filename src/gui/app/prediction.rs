//! The predicted turn: after a preview, "Tour N+1 (prévu)" in the turn
//! selector shows the preview's predicted CR like a turn — map, lists,
//! inspector, summary, the CR's text — on the knowledge of the turn it was
//! computed from plus that predicted report, clearly labelled, one click from
//! the real turn. Values the odds found uncertain are marked "≈" in the lists
//! (their outcomes on hover). It is the preview's own `next` view: nothing in
//! it the preview does not show (its no-leak tests hold for it).

use std::collections::BTreeMap;

use super::NebutilApp;
use crate::gui::session::LoadedTurn;
use crate::model::knowledge::Knowledge;
use crate::resolve::partial::{Distribution, Key};

/// The predicted next turn, shown like a turn.
pub struct Prediction {
    /// The real turn it was computed from: (index, session generation).
    pub base: (usize, u64),
    /// The preview results it shows ([`crate::gui::preview::PreviewState::results`]).
    results: u64,
    pub turn: LoadedTurn,
    /// The knowledge of the base turn with the predicted report added.
    pub knowledge: Knowledge,
    /// The values whose outcome is random, with their odds (once the odds are in).
    pub uncertain: BTreeMap<Key, Distribution>,
}

impl Prediction {
    /// What the map's layout is keyed on while it is shown (never a real
    /// turn's key).
    pub fn revision(&self) -> (usize, u64) {
        (usize::MAX, self.results)
    }
}

impl NebutilApp {
    /// Follows the preview: a new result makes a new predicted turn; another
    /// real turn shown, or other files loaded, drop it.
    pub(super) fn refresh_prediction(&mut self) {
        let base = (self.current, self.session.generation());
        if self.prediction.as_ref().is_some_and(|p| p.base != base) {
            self.prediction = None;
            self.showing_prediction = false;
        }
        let preview = &self.windows.preview;
        let results = preview.results();
        if self
            .prediction
            .as_ref()
            .is_some_and(|p| p.results == results)
        {
            return;
        }
        let Some(one) = preview.preview() else {
            if self.prediction.is_some() {
                self.prediction = None;
                self.showing_prediction = false;
            }
            return;
        };
        if self.preview_base != Some(base) {
            return;
        }
        let view = one.next.clone();
        let name = format!(
            "{}.prevu",
            view.turn
                .map_or_else(|| "tour".to_string(), |t| format!("tour-{t}"))
        );
        let turn = LoadedTurn::predicted(&name, view);
        let mut knowledge = Knowledge::clone(&self.knowledge);
        // The predicted turn's view, shared with its knowledge (not copied).
        let _ = knowledge.add(std::sync::Arc::clone(&turn.view));
        let uncertain = preview
            .odds()
            .map(|odds| {
                odds.changing()
                    .filter(|(_, d)| !d.is_certain() || d.runs() < odds.runs)
                    .map(|(key, d)| (*key, d.clone()))
                    .collect()
            })
            .unwrap_or_default();
        self.prediction = Some(Prediction {
            base,
            results,
            turn,
            knowledge,
            uncertain,
        });
    }

    /// The predicted turn, when there is one for the turn shown.
    pub fn prediction(&self) -> Option<&Prediction> {
        self.prediction.as_ref()
    }

    /// The predicted turn is what the panels show.
    pub fn showing_prediction(&self) -> bool {
        self.showing_prediction && self.prediction.is_some()
    }
}
