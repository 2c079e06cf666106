//! What the command line and the app read from the process's environment, in
//! one place below both (the core never reads it).

use crate::i18n::Lang;

/// The language of the environment (`LC_ALL`, `LC_MESSAGES`, `LANG`, the first
/// set), else French: the command line's default, and the app's on its first
/// start (then the language chosen in its menu is remembered).
pub fn lang() -> Lang {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|name| std::env::var(name).ok())
        .find(|value| !value.is_empty())
        .and_then(|value| Lang::from_code(&value))
        .unwrap_or_default()
}
