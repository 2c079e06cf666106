//! The player's passwords in the system keyring (Secret Service on Linux,
//! Keychain on macOS, Credential Manager on Windows; the `keyring` crate), and
//! only there, only when he asked for it: the game's password (it goes in every
//! request's subject) and his SMTP server's. Never in a file of the app. A
//! machine without a keyring (no D-Bus session, no Secret Service daemon) says
//! so once ([`available`]) and the password is asked each session.
//!
//! The calls may wait on the keyring (a locked keyring asks the user to unlock
//! it): the app makes them off its UI thread.

/// The service name every entry is filed under.
pub const SERVICE: &str = "nebutil";

/// Which password.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Secret {
    /// The password of player `player` in game `game`.
    Game { game: String, player: u32 },
    /// The password of `user` on the SMTP server `host`.
    Smtp { host: String, user: String },
}

impl Secret {
    /// The entry's user name in the keyring (what the keyring's own window
    /// shows beside "nebutil").
    pub fn account(&self) -> String {
        match self {
            Secret::Game { game, player } => format!("partie {game} joueur {player}"),
            Secret::Smtp { host, user } => format!("smtp {user}@{host}"),
        }
    }
}

/// Why the keyring did not answer. The texts come from the keyring, never
/// carry the password.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KeyringError {
    /// No keyring on this machine (or none reachable now).
    #[error("no keyring: {0}")]
    Unavailable(String),
    /// The keyring refused or failed.
    #[error("keyring: {0}")]
    Failed(String),
}

impl KeyringError {
    /// The Fluent id of its message (argument `detail`).
    pub fn message_id(&self) -> &'static str {
        match self {
            KeyringError::Unavailable(_) => "post-keyring-unavailable",
            KeyringError::Failed(_) => "post-keyring-failed",
        }
    }

    /// The keyring's own words.
    pub fn detail(&self) -> &str {
        match self {
            KeyringError::Unavailable(d) | KeyringError::Failed(d) => d,
        }
    }
}

fn failed(error: &keyring::Error) -> KeyringError {
    match error {
        keyring::Error::NoStorageAccess(_)
        | keyring::Error::PlatformFailure(_)
        | keyring::Error::NoDefaultStore => KeyringError::Unavailable(error.to_string()),
        _ => KeyringError::Failed(error.to_string()),
    }
}

/// Whether this machine has a keyring the app can use (found once per run).
pub fn available() -> Result<(), KeyringError> {
    keyring::Entry::store_status().as_ref().map_err(failed)?;
    Ok(())
}

fn entry(secret: &Secret) -> Result<keyring::Entry, KeyringError> {
    available()?;
    keyring::Entry::new(SERVICE, &secret.account()).map_err(|e| failed(&e))
}

/// The password kept for `secret`, `None` when there is none.
pub fn load(secret: &Secret) -> Result<Option<String>, KeyringError> {
    match entry(secret)?.get_password() {
        Ok(password) => Ok(Some(password)),
        Err(keyring::Error::NoEntry) => Ok(None),
        Err(e) => Err(failed(&e)),
    }
}

/// Keeps `password` for `secret` (replacing what was kept).
pub fn store(secret: &Secret, password: &str) -> Result<(), KeyringError> {
    entry(secret)?
        .set_password(password)
        .map_err(|e| failed(&e))
}

/// Forgets the password of `secret` (nothing kept is not an error).
pub fn forget(secret: &Secret) -> Result<(), KeyringError> {
    match entry(secret)?.delete_credential() {
        Ok(()) | Err(keyring::Error::NoEntry) => Ok(()),
        Err(e) => Err(failed(&e)),
    }
}
