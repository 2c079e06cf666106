//! The CR reader. (Being written: see issue 2.)

use crate::diagnostic::Diagnostic;
use crate::model::view::TurnView;

/// Reads a CR. Never fails: returns what was read and the diagnostics.
pub fn read(text: &str) -> (TurnView, Vec<Diagnostic>) {
    let _ = text;
    (TurnView::default(), Vec::new())
}
