//! The arbiter's save: everything needed to resolve the next turn, as versioned RON.
//!
//! A [`Save`] holds the format version, the game's name, the **full ruleset** (a game
//! keeps its rules even if a built-in file changes later), the game seed, the seed
//! of the next turn's resolution, the arbiter's [`Galaxy`] and the record of the
//! turn last resolved (`None` at game start). No player passwords.
//!
//! # Randomness
//!
//! The resolver never keeps a generator between runs: the seed of the resolution
//! of turn `t` (the galaxy at turn `t` becoming turn `t + 1`) is [`turn_seed`]`(seed,
//! t)` — the first 64-bit output of a ChaCha8 generator whose 32-byte key is the
//! game seed (little-endian, bytes 0–7) followed by the turn (little-endian, bytes
//! 8–11) and zeros. The save stores it as `next_turn_seed` so that the text alone
//! says which draws the next turn will use; [`Save::next_turn_rng`] builds the
//! generator from it. So (save, every player's orders) → the same next save.
//!
//! # Text
//!
//! [`Save::to_ron`] is deterministic (maps are ordered, no floats): the same save
//! gives the same bytes. It starts with one `//` comment line, then one RON struct
//! without a struct name. [`Save::from_ron`] reads the version first and refuses
//! a save written by a newer Nébutil ([`SaveError::FutureVersion`]), then reads the
//! rest and validates the ruleset. This module does no file I/O: the CLI reads and
//! writes the text.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::i18n::{Lang, tr_args};
use crate::model::Galaxy;
use crate::model::record::TurnRecord;
use crate::rules::{RulesError, Ruleset};

/// The save format this build writes, and the newest it reads.
pub const FORMAT_VERSION: u32 = 1;

/// The first line of every save.
pub const HEADER: &str = "// Nébutil NG game save — edit with care";

/// One game, as the arbiter keeps it between turns.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Save {
    /// [`FORMAT_VERSION`] when written.
    pub format_version: u32,
    /// The game's name, printed in every CR header.
    pub game_name: Option<String>,
    /// The game seed (the galaxy was generated from it).
    pub seed: u64,
    /// The seed of the next resolution: [`turn_seed`]`(seed, galaxy.turn)`.
    pub next_turn_seed: u64,
    /// The rules of this game, in full.
    pub ruleset: Ruleset,
    /// The galaxy at its current turn.
    pub galaxy: Galaxy,
    /// What happened during the turn last resolved; `None` at game start.
    pub last_record: Option<TurnRecord>,
}

/// The seed of the resolution of `turn` in the game of seed `seed` (module docs).
pub fn turn_seed(seed: u64, turn: u32) -> u64 {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    key[8..12].copy_from_slice(&turn.to_le_bytes());
    ChaCha8Rng::from_seed(key).next_u64()
}

/// Why a save text was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum SaveError {
    /// Not RON, or not the shape of a save (1-based position).
    Syntax {
        line: usize,
        column: usize,
        message: String,
    },
    /// Written by a newer Nébutil.
    FutureVersion { found: u32 },
    /// The version 0 never existed.
    BadVersion { found: u32 },
    /// The ruleset inside does not validate.
    Rules(RulesError),
}

impl SaveError {
    /// The Fluent id (in `i18n/*/game.ftl`), also a stable code.
    pub fn code(&self) -> &'static str {
        match self {
            SaveError::Syntax { .. } => "game-save-syntax",
            SaveError::FutureVersion { .. } => "game-save-future-version",
            SaveError::BadVersion { .. } => "game-save-bad-version",
            SaveError::Rules(_) => "game-save-rules",
        }
    }

    /// The message in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            SaveError::Syntax {
                line,
                column,
                message,
            } => tr_args(
                lang,
                self.code(),
                &[
                    ("line", &line.to_string()),
                    ("column", &column.to_string()),
                    ("error", message),
                ],
            ),
            SaveError::FutureVersion { found } | SaveError::BadVersion { found } => tr_args(
                lang,
                self.code(),
                &[
                    ("found", &found.to_string()),
                    ("supported", &FORMAT_VERSION.to_string()),
                ],
            ),
            SaveError::Rules(error) => tr_args(
                lang,
                self.code(),
                &[("error", &error.render("ruleset", lang))],
            ),
        }
    }
}

fn syntax(error: &ron::error::SpannedError) -> SaveError {
    SaveError::Syntax {
        line: error.span.start.line,
        column: error.span.start.col,
        message: error.code.to_string(),
    }
}

/// Only the version, read before the rest (unknown fields ignored).
#[derive(Deserialize)]
struct VersionOnly {
    format_version: u32,
}

impl Save {
    /// A save of a new game (no record yet), at [`FORMAT_VERSION`].
    pub fn new(game_name: Option<String>, ruleset: Ruleset, seed: u64, galaxy: Galaxy) -> Save {
        Save {
            format_version: FORMAT_VERSION,
            game_name,
            seed,
            next_turn_seed: turn_seed(seed, galaxy.turn),
            ruleset,
            galaxy,
            last_record: None,
        }
    }

    /// The generator of the next resolution.
    pub fn next_turn_rng(&self) -> ChaCha8Rng {
        ChaCha8Rng::seed_from_u64(self.next_turn_seed)
    }

    /// The save as text: [`HEADER`], then pretty RON. Same save → same bytes.
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new()
            .indentor("  ")
            .compact_arrays(true);
        // A save holds only integers, strings, sequences and ordered maps: the
        // serializer cannot fail on it; should it ever, the text says so and
        // reading it back refuses it.
        let body = ron::ser::to_string_pretty(self, config)
            .unwrap_or_else(|error| format!("/* cannot write: {error} */"));
        format!("{HEADER}\n{body}\n")
    }

    /// Reads a save written by [`Save::to_ron`] (this or an older format version).
    pub fn from_ron(text: &str) -> Result<Save, SaveError> {
        // One full parse (the save is large); the version alone is read only to
        // explain a file that does not parse (a newer format, say).
        let check = |found: u32| {
            if found > FORMAT_VERSION {
                Err(SaveError::FutureVersion { found })
            } else if found == 0 {
                Err(SaveError::BadVersion { found })
            } else {
                Ok(())
            }
        };
        let save: Save = match ron::from_str(text) {
            Ok(save) => save,
            Err(error) => {
                let version: VersionOnly = ron::from_str(text).map_err(|e| syntax(&e))?;
                check(version.format_version)?;
                return Err(syntax(&error));
            }
        };
        check(save.format_version)?;
        save.ruleset.validate().map_err(SaveError::Rules)?;
        Ok(save)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::generate::{GeneratorParams, PlayerSetup, generate_seeded};
    use crate::model::Class;

    fn sample(seed: u64) -> Save {
        let ruleset = Ruleset::builtin_2002();
        let params = GeneratorParams::new(vec![
            PlayerSetup::new("Joueur 1", Class::Emperor),
            PlayerSetup::new("Joueur 2", Class::Pirate),
        ]);
        let galaxy = generate_seeded(&params, &ruleset, seed).expect("valid parameters");
        Save::new(Some("Essai".to_string()), ruleset, seed, galaxy)
    }

    #[test]
    fn round_trip_gives_the_same_save_and_bytes() {
        let save = sample(7);
        let text = save.to_ron();
        assert!(text.starts_with(HEADER));
        let back = Save::from_ron(&text).expect("reads back");
        assert_eq!(back, save);
        assert_eq!(back.to_ron(), text);
    }

    #[test]
    fn same_seed_same_text_other_seed_other_text() {
        assert_eq!(sample(3).to_ron(), sample(3).to_ron());
        assert_ne!(sample(3).to_ron(), sample(4).to_ron());
    }

    #[test]
    fn turn_seeds_depend_on_seed_and_turn() {
        assert_eq!(turn_seed(1, 1), turn_seed(1, 1));
        assert_ne!(turn_seed(1, 1), turn_seed(1, 2));
        assert_ne!(turn_seed(1, 1), turn_seed(2, 1));
        let save = sample(9);
        assert_eq!(save.next_turn_seed, turn_seed(9, save.galaxy.turn));
        let mut a = save.next_turn_rng();
        let mut b = save.next_turn_rng();
        assert_eq!(a.next_u64(), b.next_u64());
    }

    #[test]
    fn future_version_is_refused() {
        let mut save = sample(1);
        save.format_version = FORMAT_VERSION + 1;
        let error = Save::from_ron(&save.to_ron()).expect_err("refused");
        assert_eq!(
            error,
            SaveError::FutureVersion {
                found: FORMAT_VERSION + 1
            }
        );
        assert!(
            error
                .message(Lang::En)
                .contains(&(FORMAT_VERSION + 1).to_string())
        );
    }

    #[test]
    fn version_zero_is_refused() {
        let mut save = sample(1);
        save.format_version = 0;
        assert_eq!(
            Save::from_ron(&save.to_ron()),
            Err(SaveError::BadVersion { found: 0 })
        );
    }

    #[test]
    fn garbage_gives_a_located_syntax_error() {
        let error =
            Save::from_ron("(\n  format_version: 1,\n  seed: oops,\n)").expect_err("refused");
        match error {
            SaveError::Syntax { line, .. } => assert!(line >= 2, "line {line}"),
            other => panic!("unexpected {other:?}"),
        }
        let no_version = Save::from_ron("(seed: 1)").expect_err("refused");
        assert_eq!(no_version.code(), "game-save-syntax");
    }

    #[test]
    fn an_invalid_ruleset_is_refused() {
        let mut save = sample(2);
        save.ruleset.technologies.clear();
        let error = Save::from_ron(&save.to_ron()).expect_err("refused");
        assert_eq!(error.code(), "game-save-rules");
    }
}
