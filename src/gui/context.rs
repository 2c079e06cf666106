//! [`UiContext`]: what every panel and window is handed each frame — the
//! language, the loaded turns and the one shown, the player's knowledge, the
//! selection — and where it sends its [`Command`]s.

use super::command::{Command, Selection};
use super::session::{LoadedTurn, Session};
use crate::i18n::{Lang, tr};
use crate::model::knowledge::Knowledge;
use crate::model::view::TurnView;

/// What the panels and windows read, and their way to ask for changes.
pub struct UiContext<'a> {
    /// The interface language.
    pub lang: Lang,
    /// The loaded turns.
    pub session: &'a Session,
    /// The index of the turn shown in [`UiContext::session`].
    pub current: usize,
    /// What the player knew at the turn shown.
    pub knowledge: &'a Knowledge,
    /// The world or fleet in the inspector.
    pub selection: Option<Selection>,
    /// On the arbiter's galaxy: the players who know each world (their CR of
    /// the turn describes it), shown by the inspector.
    pub knowers:
        Option<&'a std::collections::BTreeMap<crate::model::WorldId, Vec<crate::model::PlayerId>>>,
    /// The threat next turn at the turn shown.
    pub threats: &'a [crate::model::threat::Threat],
    /// The routes planned over several turns, and the order draft's text (to
    /// tell whether a plan's move is in it already).
    pub plans: &'a [crate::orders::propose::RoutePlan],
    pub draft: &'a str,
    /// The errors the editor found in the draft (orders with errors never
    /// leave without the player saying so).
    pub draft_errors: usize,
    /// The next turn as the last preview predicted it, if any.
    pub predicted: Option<&'a LoadedTurn>,
    /// The predicted turn is what is shown ([`UiContext::turn`] gives it).
    pub showing_prediction: bool,
    /// On the predicted turn: the values whose outcome is random, with their odds.
    pub uncertain: Option<
        &'a std::collections::BTreeMap<
            crate::resolve::partial::Key,
            crate::resolve::partial::Distribution,
        >,
    >,
    /// The knowledge of the turn shown is being built in the background (a big
    /// turn): `knowledge` is still the one before.
    pub reading: bool,
    commands: &'a mut Vec<Command>,
}

impl<'a> UiContext<'a> {
    pub fn new(
        lang: Lang,
        session: &'a Session,
        current: usize,
        knowledge: &'a Knowledge,
        selection: Option<Selection>,
        commands: &'a mut Vec<Command>,
    ) -> Self {
        UiContext {
            lang,
            session,
            current,
            knowledge,
            selection,
            knowers: None,
            threats: &[],
            plans: &[],
            draft: "",
            draft_errors: 0,
            predicted: None,
            showing_prediction: false,
            uncertain: None,
            reading: false,
            commands,
        }
    }

    /// The turn shown: the predicted one while it is shown.
    pub fn turn(&self) -> Option<&'a LoadedTurn> {
        match self.predicted {
            Some(predicted) if self.showing_prediction => Some(predicted),
            _ => self.session.turn(self.current),
        }
    }

    /// What the CR of the turn shown told.
    pub fn view(&self) -> Option<&'a TurnView> {
        self.turn().map(|t| &*t.view)
    }

    /// Asks the application for a change (handled at the end of the frame).
    pub fn send(&mut self, command: Command) {
        self.commands.push(command);
    }

    /// The message `id` in the interface language.
    pub fn tr(&self, id: &str) -> String {
        tr(self.lang, id)
    }
}
