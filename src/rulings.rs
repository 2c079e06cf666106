//! The rulings Nébutil NG applies where the rule book is silent or contradicts
//! itself (`shared/rules/catalog.md` §6 numbers the gaps G-1 … G-145; G-146, how
//! chances are drawn, is ours).
//!
//! Each ruling is written once, as a doc comment `/// Ruling G-n (section): …` next
//! to the code that decides it; every other place applying it carries a doc line
//! `/// Applies ruling G-n (see the ruling list).` instead of a second statement.
//! The build script gathers both here, so the list an arbiter or a player reads is
//! exactly what the code does, one entry per gap with all its places.

/// One ruling and where the code applies it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ruling {
    /// The gap number `n` of `G-n`.
    pub id: u32,
    /// The rule-book section it concerns (e.g. `III.1.3`).
    pub section: &'static str,
    pub text: &'static str,
    /// The source file stating it (relative to the crate root) and its line: the
    /// place that decides it.
    pub file: &'static str,
    pub line: u32,
    /// The other places applying it (`Applies ruling G-n` doc lines), by file and line.
    pub also: &'static [(&'static str, u32)],
}

impl Ruling {
    /// Every place applying the ruling: the one stating it first, then the others.
    pub fn places(&self) -> impl Iterator<Item = (&'static str, u32)> + use<> {
        std::iter::once((self.file, self.line)).chain(self.also.iter().copied())
    }
}

include!(concat!(env!("OUT_DIR"), "/rulings.rs"));

/// Every ruling, by gap number.
pub fn all() -> &'static [Ruling] {
    RULINGS
}

/// The ruling for gap `G-id` (at most one: a gap is stated once; its places are
/// [`Ruling::places`]).
pub fn by_id(id: u32) -> impl Iterator<Item = &'static Ruling> {
    RULINGS.iter().filter(move |r| r.id == id)
}

/// A place in the source about gap `G-n`: (n, file, line).
pub type GapPlace = (u32, &'static str, u32);

/// Problems of the comments themselves, which `tests/core/rulings.rs` requires empty: a
/// gap stated a second time (the extra statements), and a reference to a gap
/// stated nowhere (the references).
pub fn problems() -> (&'static [GapPlace], &'static [GapPlace]) {
    (DUPLICATES, DANGLING)
}
