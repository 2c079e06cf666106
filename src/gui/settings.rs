//! What the application remembers between runs, through eframe's storage
//! (feature `persistence`): language, theme, recent files. The window's size and
//! the panels' sizes are remembered by eframe and egui themselves. Game data is
//! never stored here: it stays in the player's own files.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::i18n::Lang;

/// The storage key of [`Settings`].
pub const STORAGE_KEY: &str = "nebutil-settings";

/// How many recent files are remembered.
pub const MAX_RECENT: usize = 10;

/// Light or dark appearance.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ThemeChoice {
    /// Follow the operating system.
    #[default]
    System,
    Light,
    Dark,
}

impl ThemeChoice {
    pub const ALL: [ThemeChoice; 3] = [ThemeChoice::System, ThemeChoice::Light, ThemeChoice::Dark];

    pub fn preference(self) -> egui::ThemePreference {
        match self {
            ThemeChoice::System => egui::ThemePreference::System,
            ThemeChoice::Light => egui::ThemePreference::Light,
            ThemeChoice::Dark => egui::ThemePreference::Dark,
        }
    }

    /// The message id of its name in the View menu.
    pub fn message_id(self) -> &'static str {
        match self {
            ThemeChoice::System => "gui-theme-system",
            ThemeChoice::Light => "gui-theme-light",
            ThemeChoice::Dark => "gui-theme-dark",
        }
    }
}

/// The remembered preferences.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub lang: Lang,
    pub theme: ThemeChoice,
    /// Most recent first.
    pub recent: Vec<PathBuf>,
    /// The "first steps" band of the demo was closed (Aide ▸ Premiers pas shows
    /// it again).
    pub first_steps_closed: bool,
}

impl Settings {
    /// Puts `path` first in the recent files (once), keeping [`MAX_RECENT`].
    pub fn remember(&mut self, path: &Path) {
        self.recent.retain(|p| p != path);
        self.recent.insert(0, path.to_path_buf());
        self.recent.truncate(MAX_RECENT);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recent_files_are_unique_most_recent_first_and_bounded() {
        let mut settings = Settings::default();
        for i in 0..12 {
            settings.remember(Path::new(&format!("/cr/{i}.txt")));
        }
        settings.remember(Path::new("/cr/5.txt"));
        assert_eq!(settings.recent.len(), MAX_RECENT);
        assert_eq!(settings.recent[0], Path::new("/cr/5.txt"));
        assert_eq!(settings.recent[1], Path::new("/cr/11.txt"));
        assert_eq!(
            settings
                .recent
                .iter()
                .filter(|p| p.as_path() == Path::new("/cr/5.txt"))
                .count(),
            1
        );
    }

    #[test]
    fn settings_survive_ron_and_missing_fields_take_defaults() {
        let mut settings = Settings {
            lang: Lang::En,
            theme: ThemeChoice::Dark,
            recent: Vec::new(),
            first_steps_closed: false,
        };
        settings.remember(Path::new("/cr/t7.txt"));
        let text = ron::to_string(&settings).unwrap_or_default();
        assert_eq!(ron::from_str::<Settings>(&text).ok(), Some(settings));
        let partial: Option<Settings> = ron::from_str("(lang: En)").ok();
        assert_eq!(
            partial,
            Some(Settings {
                lang: Lang::En,
                ..Settings::default()
            })
        );
    }
}
