//! The rulings Nébutil NG applies where the rule book is silent or contradicts
//! itself (`shared/rules/catalog.md` §6 numbers the gaps G-1 … G-145).
//!
//! Each ruling is written once, as a doc comment `/// Ruling G-n (section): …` next
//! to the code that applies it; the build script gathers them here, so the list an
//! arbiter or a player reads is exactly what the code does.

/// One ruling and where the code applies it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ruling {
    /// The gap number `n` of `G-n`.
    pub id: u32,
    /// The rule-book section it concerns (e.g. `III.1.3`).
    pub section: &'static str,
    pub text: &'static str,
    /// The source file applying it (relative to the crate root) and its line.
    pub file: &'static str,
    pub line: u32,
}

include!(concat!(env!("OUT_DIR"), "/rulings.rs"));

/// Every ruling, by gap number.
pub fn all() -> &'static [Ruling] {
    RULINGS
}

/// The rulings for gap `G-id` (a gap may be applied in several places: reading
/// and writing the CR, for instance).
pub fn by_id(id: u32) -> impl Iterator<Item = &'static Ruling> {
    RULINGS.iter().filter(move |r| r.id == id)
}
