//! Password hashes (argon2id, PHC strings): made by `nebutil mail passwd` and
//! `PASSWORD`, checked by the robot with one memory block kept from check to
//! check (a check allocates nothing that grows with the number of mails).

use std::time::{SystemTime, UNIX_EPOCH};

use argon2::password_hash::{Output, PasswordHash, SaltString};

use super::MailError;

/// The largest argon2 memory a stored hash may ask for, in KiB (the default is
/// 19,456): a hash edited by hand cannot make a check take gigabytes.
const MAX_MEMORY_KIB: u32 = 256 * 1024;

/// A salt for a password hash: 16 bytes from the standard library's per-process
/// random keys (`RandomState` is seeded by the operating system).
fn salt() -> Result<SaltString, MailError> {
    SaltString::encode_b64(&random_bytes()).map_err(|e| MailError::Library(e.to_string()))
}

/// 16 bytes no one can guess (the operating system's seeds of `RandomState`,
/// mixed with the clock).
pub fn random_bytes() -> [u8; 16] {
    use std::hash::{BuildHasher, Hasher};
    let mut bytes = [0u8; 16];
    for chunk in bytes.chunks_mut(8) {
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_u128(
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos()),
        );
        chunk.copy_from_slice(&hasher.finish().to_le_bytes()[..chunk.len()]);
    }
    bytes
}

/// Words of a drawn password: short, without accents, read alike in French
/// and English, no two alike at a glance (256 of them: 8 bits each).
const WORDS: [&str; 256] = [
    "abri", "acier", "agate", "aigle", "album", "alpha", "ambre", "ancre", "angle", "arche",
    "argent", "arome", "astre", "atlas", "atome", "aurore", "avion", "azur", "badge", "balle",
    "banjo", "barde", "basalte", "bison", "bleu", "bocal", "bolide", "bonsai", "borne", "boussole",
    "brise", "bronze", "cactus", "cadre", "calme", "camel", "canal", "canoe", "cape", "carbone",
    "caravane", "carte", "castor", "cedre", "cerise", "chaman", "chant", "chrome", "cirque",
    "citron", "clair", "cobalt", "comete", "condor", "corail", "cosmos", "coton", "crabe",
    "crater", "cristal", "cuivre", "cygne", "dague", "dalle", "delta", "desert", "diamant",
    "dingo", "disque", "dolmen", "domino", "dragon", "drakkar", "dune", "eclair", "ecume",
    "efface", "elan", "email", "emeraude", "encre", "epice", "equinoxe", "escale", "etoile",
    "fable", "falaise", "fanal", "faucon", "fenouil", "ferme", "figue", "flamme", "flute",
    "fougere", "fresque", "fusain", "galaxie", "galet", "gazelle", "geyser", "girafe", "givre",
    "globe", "gorille", "granit", "griffon", "guitare", "hamac", "harpe", "hibou", "horizon",
    "hublot", "iceberg", "igloo", "indigo", "iris", "ivoire", "jade", "jaguar", "jasmin", "jungle",
    "kayak", "koala", "lagon", "lama", "lanterne", "laser", "lavande", "lemur", "lezard", "lilas",
    "limon", "lotus", "loutre", "lumen", "lune", "lynx", "magma", "mammouth", "manoir", "marbre",
    "marron", "mascotte", "meteore", "mimosa", "mirage", "moka", "mousse", "mouton", "nacre",
    "narval", "nectar", "neon", "nimbus", "noisette", "nomade", "nova", "oasis", "ocean", "ocre",
    "olive", "ombre", "onyx", "opale", "orage", "orbite", "orchidee", "orque", "osier", "pagode",
    "palmier", "panda", "papyrus", "paprika", "pastel", "perle", "phare", "piano", "pigment",
    "pingouin", "piment", "pixel", "plasma", "platine", "plume", "polaire", "pollen", "prisme",
    "puma", "pulsar", "quartz", "quasar", "radar", "radis", "rafale", "raisin", "rapide", "recif",
    "renard", "requin", "rivage", "robot", "rocher", "rubis", "safran", "saphir", "satin",
    "saturne", "savane", "sequoia", "sextant", "silex", "sirocco", "solaire", "sonar", "soufre",
    "sphinx", "spirale", "stylo", "sumac", "tambour", "tango", "tapir", "tempete", "tigre",
    "titan", "tonnerre", "topaze", "tornade", "toucan", "tulipe", "tundra", "turbo", "valse",
    "vanille", "velours", "vent", "verger", "vortex", "wagon", "yeti", "zebre", "zenith", "zephyr",
    "zinc", "abysse", "albatros", "antenne", "ardoise", "baobab", "boreal", "comptoir", "dauphin",
    "echo", "fjord",
];

/// A password to give a player: three words and two digits drawn from the
/// operating system's randomness (`comete-radar-tigre-42`: about 31 bits,
/// easy to read out and to type, changed by the player with `PASSWORD`).
pub fn readable_password() -> String {
    let bytes = random_bytes();
    let words: Vec<&str> = bytes[..3].iter().map(|b| WORDS[usize::from(*b)]).collect();
    format!("{}-{:02}", words.join("-"), bytes[3] % 100)
}

/// The argon2id hash (PHC string) of a password.
pub fn hash_password(password: &str) -> Result<String, MailError> {
    use argon2::PasswordHasher;
    let salt = salt()?;
    argon2::Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| MailError::Library(e.to_string()))
}

/// Checks passwords against PHC hashes, reusing one argon2 memory block.
#[derive(Default)]
pub struct PasswordChecker {
    blocks: Vec<argon2::Block>,
    /// Checks made (the run's summary in the log).
    pub checks: usize,
}

impl PasswordChecker {
    /// Whether `password` matches the PHC `hash` (argon2 of any variant and
    /// version; `false` for anything else).
    pub fn verify(&mut self, hash: &str, password: &str) -> bool {
        let Ok(parsed) = PasswordHash::new(hash) else {
            return false;
        };
        let (Some(salt), Some(expected)) = (parsed.salt, parsed.hash) else {
            return false;
        };
        let Ok(algorithm) = argon2::Algorithm::try_from(parsed.algorithm) else {
            return false;
        };
        let version = match parsed.version {
            Some(v) => match argon2::Version::try_from(v) {
                Ok(version) => version,
                Err(_) => return false,
            },
            None => argon2::Version::default(),
        };
        let Ok(params) = argon2::Params::try_from(&parsed) else {
            return false;
        };
        if params.m_cost() > MAX_MEMORY_KIB {
            return false;
        }
        let mut salt_bytes = [0u8; 64];
        let Ok(salt) = salt.decode_b64(&mut salt_bytes) else {
            return false;
        };
        let block_count = params.block_count();
        if self.blocks.len() < block_count {
            self.blocks.resize(block_count, argon2::Block::default());
        }
        let mut out = [0u8; 64];
        let Some(out) = out.get_mut(..expected.len()) else {
            return false;
        };
        self.checks += 1;
        let argon = argon2::Argon2::new(algorithm, version, params);
        argon
            .hash_password_into_with_memory(password.as_bytes(), salt, out, &mut self.blocks[..])
            .is_ok()
            // `Output`'s comparison takes the same time wherever they differ.
            && Output::new(out).is_ok_and(|computed| computed == expected)
    }
}

/// Whether `password` matches the PHC `hash` (one check, its own memory).
pub fn verify_password(hash: &str, password: &str) -> bool {
    PasswordChecker::default().verify(hash, password)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_is_checked_against_its_argon2id_hash() {
        let hash = hash_password("toto-1").expect("hashed");
        assert!(hash.starts_with("$argon2id$"));
        assert!(!hash.contains("toto"));
        assert!(verify_password(&hash, "toto-1"));
        assert!(!verify_password(&hash, "Toto-1"));
        assert!(!verify_password("not a hash", "toto-1"));
        assert_ne!(hash, hash_password("toto-1").expect("hashed"), "salted");
    }

    #[test]
    fn drawn_passwords_are_words_and_usable() {
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..50 {
            let password = readable_password();
            assert_eq!(
                crate::game::mailbox::password_problem(&password),
                None,
                "{password}"
            );
            assert_eq!(password.split('-').count(), 4, "{password}");
            assert!(password.is_ascii(), "{password}");
            seen.insert(password);
        }
        assert!(seen.len() > 45, "drawn, not fixed: {seen:?}");
        let unique: std::collections::BTreeSet<&str> = WORDS.iter().copied().collect();
        assert_eq!(unique.len(), WORDS.len(), "no word twice");
    }

    #[test]
    fn one_checker_checks_many_hashes_with_one_memory_block() {
        let first = hash_password("premier").expect("hashed");
        let second = hash_password("second").expect("hashed");
        let mut checker = PasswordChecker::default();
        for _ in 0..3 {
            assert!(checker.verify(&first, "premier"));
            assert!(!checker.verify(&first, "second"));
            assert!(checker.verify(&second, "second"));
        }
        let blocks = checker.blocks.len();
        assert_eq!(blocks, 19_456, "argon2's default memory, once");
        assert_eq!(checker.checks, 9);
        // A hash asking for 1 GiB is refused without allocating it.
        let huge = first.replace("m=19456", "m=1048576");
        assert!(!checker.verify(&huge, "premier"));
        assert_eq!(checker.blocks.len(), blocks);
    }
}
