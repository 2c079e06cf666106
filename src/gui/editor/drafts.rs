//! Order drafts on disk: one text file per (game, player, turn) in the
//! application's data folder (`drafts/`), written atomically (a temporary file in
//! the same folder, then a rename), so that a crash never leaves half a draft.

use std::path::{Path, PathBuf};

use crate::orders::propose::RoutePlan;

/// Which orders a draft holds: a game, a player, a turn.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DraftKey {
    pub game: String,
    /// The player's number when known, else his name.
    pub player: String,
    pub turn: u32,
}

impl DraftKey {
    /// The file name of the draft: `ORION_5_t7.txt` (characters other than
    /// letters, digits, `-` replaced by `_`).
    pub fn file_name(&self) -> String {
        format!(
            "{}_{}_t{}.txt",
            sanitize(&self.game),
            sanitize(&self.player),
            self.turn
        )
    }
}

fn sanitize(text: &str) -> String {
    let cleaned: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .take(64)
        .collect();
    if cleaned.is_empty() {
        "_".to_string()
    } else {
        cleaned
    }
}

/// The application's data folder (`~/.local/share/nebutil` on Linux), if the
/// system has one.
pub fn default_data_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", super::super::APP_ID).map(|d| d.data_dir().to_path_buf())
}

/// The drafts folder of a data folder.
pub fn drafts_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("drafts")
}

/// The draft's path in a data folder.
pub fn draft_path(data_dir: &Path, key: &DraftKey) -> PathBuf {
    drafts_dir(data_dir).join(key.file_name())
}

/// Reads a draft: `Ok(None)` when there is none.
pub fn load(data_dir: &Path, key: &DraftKey) -> std::io::Result<Option<String>> {
    match std::fs::read(draft_path(data_dir, key)) {
        Ok(bytes) => {
            let text = String::from_utf8_lossy(&bytes).into_owned();
            Ok(Some(
                text.strip_prefix('\u{feff}').unwrap_or(&text).to_string(),
            ))
        }
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(error),
    }
}

/// Writes a draft atomically (creates the folder). Called after each change, so
/// without waiting for the disk (`fsync`): the rename alone keeps a crash of the
/// application from leaving half a draft.
pub fn save(data_dir: &Path, key: &DraftKey, text: &str) -> std::io::Result<()> {
    let dir = drafts_dir(data_dir);
    std::fs::create_dir_all(&dir)?;
    crate::storage::write_atomic(
        &draft_path(data_dir, key),
        text.as_bytes(),
        crate::storage::Durability::Rename,
    )
}

/// The file of the routes planned in a game by a player (all turns):
/// `ORION_5_plans.ron`, beside the drafts.
pub fn plans_path(data_dir: &Path, key: &DraftKey) -> PathBuf {
    drafts_dir(data_dir).join(format!(
        "{}_{}_plans.ron",
        sanitize(&key.game),
        sanitize(&key.player)
    ))
}

/// The largest plans file read (a few hundred plans take a few kilobytes).
const MAX_PLANS_BYTES: u64 = 1 << 20;

/// Reads the routes planned for the draft's game and player: none when there
/// is no file. A file too large or unreadable as plans is an error (the
/// caller says so and keeps it untouched until a plan is saved).
pub fn load_plans(data_dir: &Path, key: &DraftKey) -> std::io::Result<Vec<RoutePlan>> {
    use std::io::Read;
    let path = plans_path(data_dir, key);
    let file = match std::fs::File::open(&path) {
        Ok(file) => file,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(error) => return Err(error),
    };
    let mut text = String::new();
    file.take(MAX_PLANS_BYTES + 1).read_to_string(&mut text)?;
    if text.len() as u64 > MAX_PLANS_BYTES {
        return Err(std::io::Error::other("plans file too large"));
    }
    ron::from_str(&text).map_err(std::io::Error::other)
}

/// Writes the routes planned (atomically; an empty list removes the file).
pub fn save_plans(data_dir: &Path, key: &DraftKey, plans: &[RoutePlan]) -> std::io::Result<()> {
    let path = plans_path(data_dir, key);
    if plans.is_empty() {
        return match std::fs::remove_file(&path) {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => Err(error),
            _ => Ok(()),
        };
    }
    std::fs::create_dir_all(drafts_dir(data_dir))?;
    let text = ron::ser::to_string_pretty(plans, ron::ser::PrettyConfig::new())
        .map_err(std::io::Error::other)?;
    crate::storage::write_atomic(&path, text.as_bytes(), crate::storage::Durability::Rename)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("nebutil-drafts-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn key() -> DraftKey {
        DraftKey {
            game: "ORION 2".into(),
            player: "5".into(),
            turn: 7,
        }
    }

    #[test]
    fn plans_are_saved_per_game_and_player_and_read_back() {
        let dir = temp_dir("plans");
        assert!(load_plans(&dir, &key()).is_ok_and(|p| p.is_empty()));
        let plan = RoutePlan {
            fleet: 1,
            turn: 7,
            start: 1,
            waypoints: vec![5],
            legs: vec![vec![2, 3], vec![5]],
            dep: 2,
        };
        assert!(save_plans(&dir, &key(), std::slice::from_ref(&plan)).is_ok());
        // Another turn of the same game and player finds them.
        let later = DraftKey { turn: 9, ..key() };
        assert_eq!(load_plans(&dir, &later).ok(), Some(vec![plan]));
        assert!(plans_path(&dir, &key()).ends_with("ORION_2_5_plans.ron"));
        // Emptied: the file goes.
        assert!(save_plans(&dir, &key(), &[]).is_ok());
        assert!(!plans_path(&dir, &key()).exists());
        // Garbage is an error, not a panic nor an empty list silently.
        assert!(std::fs::write(plans_path(&dir, &key()), "not ron (").is_ok());
        assert!(load_plans(&dir, &key()).is_err());
    }

    #[test]
    fn file_names_are_safe() {
        assert_eq!(key().file_name(), "ORION_2_5_t7.txt");
        let odd = DraftKey {
            game: "../é".into(),
            player: String::new(),
            turn: 1,
        };
        assert_eq!(odd.file_name(), "_______t1.txt");
        assert!(!odd.file_name().contains('/'));
    }

    #[test]
    fn a_draft_saved_is_read_back_and_no_temporary_file_stays() {
        let dir = temp_dir("roundtrip");
        assert!(matches!(load(&dir, &key()), Ok(None)));
        assert!(save(&dir, &key(), "M_48 C 10 VC\n").is_ok());
        assert!(save(&dir, &key(), "M_48 C 12 VC\n").is_ok());
        assert_eq!(
            load(&dir, &key()).ok().flatten().as_deref(),
            Some("M_48 C 12 VC\n")
        );
        let names: Vec<String> = std::fs::read_dir(drafts_dir(&dir))
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        assert_eq!(names, ["ORION_2_5_t7.txt"]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
