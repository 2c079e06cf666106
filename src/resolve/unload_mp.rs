//! Placeholder: being written.

use super::Turn;

pub(super) fn run(_turn: &mut Turn<'_>) {}
