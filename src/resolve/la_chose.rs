//! Step 15a, "Actions de la Chose" (III.6, VIII.1): La Chose, the 18th special
//! treasure, "effectue des actions parfois bénéfiques, parfois beaucoup moins
//! agréables … se déplace à son gré … lorsqu'elle le souhaite elle ne fait rien".
//! The book never says which actions: this step is the hook where an arbiter's
//! variant would plug them in.

use super::Turn;

/// Runs La Chose's actions.
///
/// Ruling G-124 (III.6): La Chose is a special treasure worth no points whose action
/// hook does nothing and never moves it (the book gives no action to implement);
/// the step is kept, in its place after the bombs, so that a variant can fill it.
pub(super) fn run(turn: &mut Turn<'_>) {
    let _ = turn;
}
