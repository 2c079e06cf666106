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
