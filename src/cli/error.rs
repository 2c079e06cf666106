//! Why a command stopped (exit status 2): [`CliError`], each with its localised
//! message (`i18n/*/cli.ftl` and the messages of the errors it wraps).

use std::io::Write;
use std::path::PathBuf;

use crate::diagnostic::{Diagnostic, Localized};
use crate::game::arbiter::ArbiterError;
use crate::game::generate::GenerateError;
use crate::game::save::SaveError;
use crate::i18n::{Lang, tr_args};
use crate::rules::RulesError;
use crate::storage::text_file::ReadError;

use super::EXIT_USAGE;

/// Why a command stopped before doing its work. Displayed as its English message.
#[derive(Debug, thiserror::Error)]
#[error("{}", Localized::message(self, Lang::En))]
pub enum CliError {
    /// A file that cannot be read: the system's error, a folder, too large.
    Read { file: PathBuf, error: ReadError },
    /// A file that is not UTF-8 where only UTF-8 is read (a save, a ruleset).
    NotUtf8 { file: PathBuf },
    /// A file or folder that cannot be written (or listed before writing).
    Write {
        file: PathBuf,
        error: std::io::Error,
    },
    /// A save that cannot be used, in the file `file`.
    Save { file: PathBuf, error: SaveError },
    /// A ruleset (built-in name or RON file `spec`) that does not validate.
    Rules { spec: String, error: RulesError },
    /// The galaxy could not be generated with these parameters.
    Generate(GenerateError),
    /// The turn cannot be resolved.
    Arbiter(#[from] ArbiterError),
    /// `game new` never writes into a folder holding something.
    NotEmpty { dir: PathBuf },
    /// `--names` or `--classes` with another count than `--players`.
    ListLength {
        option: &'static str,
        given: usize,
        players: usize,
    },
    /// A class name no class has.
    BadClass { class: String },
    /// The registration forms have errors (printed before).
    Registrations { file: PathBuf },
    /// `--computer` names a seat the game does not have.
    NoSeat { seat: u32 },
    /// A file that is not a turn report at all, with the reader's reason.
    NotReport { file: String, reason: Diagnostic },
    /// An ally's report that cannot join the player's knowledge (another game,
    /// the player's own, no player): the knowledge's reason.
    AllyRefused { file: String, reason: Diagnostic },
    /// A ruleset file (or built-in name) the orders check cannot use; its
    /// diagnostics as the ruleset's own text.
    RulesUnreadable { file: PathBuf, error: RulesError },
    /// `combat --search` with something that is no fleet number.
    BadFleet { fleet: String },
    /// `mail passwd` read an empty password.
    NoPassword,
    /// The mail robot's own failures (its state file, the outbox, SMTP…).
    Mail(#[from] crate::desk::mail::MailError),
    /// The game folder's sequence (its lock, save, turn, undo…).
    Desk(#[from] crate::desk::DeskError),
    /// A JSON document that could not be written (serde's own text).
    Json(#[from] serde_json::Error),
    /// A file the player's session cannot open (`report CR… --csv`).
    Load(#[from] crate::storage::session::LoadError),
}

impl CliError {
    /// The exit status of a command that stopped on this error.
    pub fn exit_status(&self) -> i32 {
        EXIT_USAGE
    }
}

/// The exit status of a command: its own when it ran, else the error's, whose
/// message goes to `err` as `nebutil: message`.
pub fn finish(result: Result<i32, CliError>, lang: Lang, err: &mut dyn Write) -> i32 {
    result.unwrap_or_else(|error| {
        say!(err, "nebutil: {}", error.message(lang));
        error.exit_status()
    })
}

impl Localized for CliError {
    fn code(&self) -> &str {
        match self {
            CliError::Read { error, .. } => match error {
                ReadError::TooLarge { .. } => "cli-file-too-large",
                ReadError::Directory => "cli-file-is-directory",
                ReadError::Binary => "cli-file-binary",
                ReadError::Io(_) => "cli-cannot-read",
            },
            CliError::NotUtf8 { .. } => "cli-cannot-read",
            CliError::Write { .. } => "cli-cannot-write",
            CliError::Save { error, .. } => error.code(),
            CliError::Rules { error, .. } => error.code(),
            CliError::Generate(error) => error.code,
            CliError::Arbiter(error) => error.code(),
            CliError::NotEmpty { .. } => "cli-game-not-empty",
            CliError::ListLength { .. } => "cli-game-list-length",
            CliError::BadClass { .. } => "cli-game-bad-class",
            CliError::Registrations { .. } => "registration-file-errors",
            CliError::NoSeat { .. } => "cli-game-no-seat",
            CliError::NotReport { .. } => "cli-not-a-report",
            CliError::AllyRefused { .. } => "cli-ally-refused",
            CliError::RulesUnreadable { .. } => "cli-cannot-read",
            CliError::BadFleet { .. } => "cli-combat-bad-fleet",
            CliError::NoPassword => "mail-cli-no-password",
            CliError::Mail(_) => "cli-mail",
            CliError::Desk(error) => error.code(),
            CliError::Json(_) => "cli-json",
            CliError::Load(error) => error.code(),
        }
    }

    fn message(&self, lang: Lang) -> String {
        let show = |path: &PathBuf| path.display().to_string();
        match self {
            CliError::Read { file, error } => super::input::cannot_read_message(lang, file, error),
            CliError::NotUtf8 { file } => {
                let error = std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8");
                super::input::cannot_read_message(lang, file, &ReadError::Io(error))
            }
            CliError::Write { file, error } => tr_args(
                lang,
                self.code(),
                &[("file", &show(file)), ("error", &error.to_string())],
            ),
            CliError::Save { file, error } => {
                format!("{}: {}", file.display(), error.message(lang))
            }
            CliError::Rules { spec, error } => error.render(spec, lang),
            CliError::Generate(error) => error.message(lang),
            CliError::Arbiter(error) => error.message(lang),
            CliError::NotEmpty { dir } => tr_args(lang, self.code(), &[("dir", &show(dir))]),
            CliError::ListLength {
                option,
                given,
                players,
            } => tr_args(
                lang,
                self.code(),
                &[
                    ("option", option),
                    ("given", &given.to_string()),
                    ("players", &players.to_string()),
                ],
            ),
            CliError::BadClass { class } => tr_args(lang, self.code(), &[("class", class)]),
            CliError::Registrations { file } => {
                format!("{}: {}", file.display(), tr_args(lang, self.code(), &[]))
            }
            CliError::NoSeat { seat } => tr_args(lang, self.code(), &[("seat", &seat.to_string())]),
            CliError::NotReport { file, reason } | CliError::AllyRefused { file, reason } => {
                tr_args(
                    lang,
                    self.code(),
                    &[("file", file), ("reason", &reason.message(lang))],
                )
            }
            CliError::RulesUnreadable { file, error } => tr_args(
                lang,
                self.code(),
                &[
                    ("file", &show(file)),
                    ("error", &error.render("ruleset", lang)),
                ],
            ),
            CliError::BadFleet { fleet } => tr_args(lang, self.code(), &[("fleet", fleet)]),
            CliError::NoPassword => tr_args(lang, self.code(), &[]),
            CliError::Mail(error) => error.message(lang),
            CliError::Desk(error) => error.message(lang),
            CliError::Json(error) => error.to_string(),
            CliError::Load(error) => error.message(lang),
        }
    }
}
