//! Every language carries every message, and the files are valid Fluent.

use nebutil::i18n::{self, Lang};

#[test]
fn every_language_has_the_same_messages() {
    let (french, french_errors) = i18n::message_ids(Lang::Fr);
    let (english, english_errors) = i18n::message_ids(Lang::En);
    assert_eq!(french_errors, 0, "syntax errors in i18n/fr");
    assert_eq!(english_errors, 0, "syntax errors in i18n/en");
    let mut missing = Vec::new();
    for id in &french {
        if !english.contains(id) {
            missing.push(format!("en lacks {id}"));
        }
    }
    for id in &english {
        if !french.contains(id) {
            missing.push(format!("fr lacks {id}"));
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    let mut sorted = french.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), french.len(), "a message id is defined twice");
}

#[test]
fn messages_render_in_both_languages() {
    assert_eq!(i18n::tr(Lang::Fr, "lang-name"), "Français");
    assert_eq!(i18n::tr(Lang::En, "lang-name"), "English");
    // An unknown id comes back as itself rather than as nothing.
    assert_eq!(i18n::tr(Lang::En, "no-such-message"), "no-such-message");
}

#[test]
fn language_codes_parse() {
    assert_eq!(Lang::from_code("fr_FR.UTF-8"), Some(Lang::Fr));
    assert_eq!(Lang::from_code("en-GB"), Some(Lang::En));
    assert_eq!(Lang::from_code("de"), None);
    assert_eq!(Lang::default(), Lang::Fr);
}

/// Every code of a typed error has a message in French and in English, its
/// arguments all filled in, and the error displays as its English message.
#[test]
fn every_error_code_has_a_message_in_both_languages() {
    use nebutil::diagnostic::{Diagnostic, Localized, Span};
    use nebutil::game::arbiter::ArbiterError;
    use nebutil::game::save::{Problem, ProblemKind, SaveError};

    let Err(rules) = nebutil::rules::Ruleset::from_ron("not a ruleset") else {
        panic!("a text that is no ruleset was accepted");
    };
    let problem = |kind| Problem {
        kind,
        entity: "M_12".into(),
        field: "owner",
        value: "7".into(),
    };
    let kinds = [
        ProblemKind::KeyMismatch,
        ProblemKind::NoWorld,
        ProblemKind::NoPlayer,
        ProblemKind::NoFleet,
        ProblemKind::OneWayConnection,
        ProblemKind::SelfConnection,
        ProblemKind::OutOfRange,
    ];
    // A new kind or variant breaks these matches: add a sample below.
    for kind in kinds {
        match kind {
            ProblemKind::KeyMismatch
            | ProblemKind::NoWorld
            | ProblemKind::NoPlayer
            | ProblemKind::NoFleet
            | ProblemKind::OneWayConnection
            | ProblemKind::SelfConnection
            | ProblemKind::OutOfRange => {}
        }
    }
    let mut errors: Vec<(Box<dyn Localized>, String)> = Vec::new();
    let mut save_errors = vec![
        SaveError::Syntax {
            line: 3,
            column: 9,
            message: "Expected struct".into(),
        },
        SaveError::FutureVersion { found: 99 },
        SaveError::BadVersion { found: 0 },
        SaveError::Rules(rules),
    ];
    save_errors.extend(kinds.map(|kind| SaveError::Invalid(problem(kind))));
    for error in save_errors {
        match &error {
            SaveError::Syntax { .. }
            | SaveError::FutureVersion { .. }
            | SaveError::BadVersion { .. }
            | SaveError::Rules(_)
            | SaveError::Invalid(_) => {}
        }
        let display = error.to_string();
        errors.push((Box::new(error), display));
    }
    let error = ArbiterError::GameOver { turn: 20 };
    match &error {
        ArbiterError::GameOver { .. } => {}
    }
    let display = error.to_string();
    errors.push((Box::new(error), display));
    {
        use nebutil::cli::error::CliError;
        use nebutil::storage::text_file::ReadError;
        use std::path::PathBuf;
        let io = || std::io::Error::new(std::io::ErrorKind::NotFound, "missing");
        for error in [
            CliError::Read {
                file: PathBuf::from("game.ron"),
                error: ReadError::TooLarge {
                    bytes: 30_000_000,
                    limit: 10_000_000,
                },
            },
            CliError::Read {
                file: PathBuf::from("dir"),
                error: ReadError::Directory,
            },
            CliError::Write {
                file: PathBuf::from("out"),
                error: io(),
            },
            CliError::NotEmpty {
                dir: PathBuf::from("game"),
            },
            CliError::ListLength {
                option: "--names",
                given: 2,
                players: 3,
            },
            CliError::BadClass {
                class: "Druid".into(),
            },
            CliError::NotReport {
                file: "cr.txt".into(),
                reason: Diagnostic::error("cr-empty", Span::new(1, 1, 1)),
            },
            CliError::AllyRefused {
                file: "ally.cr".into(),
                reason: Diagnostic::error("knowledge-ally-is-self", Span::new(1, 1, 1))
                    .arg("player", "Maxtor"),
            },
            CliError::BadFleet {
                fleet: "X_1".into(),
            },
            CliError::NoPassword,
            CliError::Registrations {
                file: PathBuf::from("forms.txt"),
            },
            CliError::NoSeat { seat: 9 },
        ] {
            // The other variants carry an error sampled above or below (`Load`:
            // the session's `LoadError`), or a technical
            // text (`Json`, `Mail`), or share the code of `Read` with an I/O error
            // (`NotUtf8`, `RulesUnreadable`).
            match &error {
                CliError::Read { .. }
                | CliError::NotUtf8 { .. }
                | CliError::Write { .. }
                | CliError::Save { .. }
                | CliError::Rules { .. }
                | CliError::Generate(_)
                | CliError::Arbiter(_)
                | CliError::NotEmpty { .. }
                | CliError::ListLength { .. }
                | CliError::BadClass { .. }
                | CliError::NotReport { .. }
                | CliError::AllyRefused { .. }
                | CliError::RulesUnreadable { .. }
                | CliError::BadFleet { .. }
                | CliError::NoPassword
                | CliError::Registrations { .. }
                | CliError::NoSeat { .. }
                | CliError::Mail(_)
                | CliError::Desk(_)
                | CliError::Json(_)
                | CliError::Load(_) => {}
            }
            assert_eq!(error.exit_status(), 2);
            let display = error.to_string();
            errors.push((Box::new(error), display));
        }
    }
    {
        use nebutil::desk::DeskError;
        use std::path::PathBuf;
        // `Read` and `Write` share their codes with `CliError`'s; `Save` and
        // `Arbiter` wrap errors sampled above.
        for error in [
            DeskError::Busy {
                lock: PathBuf::from("game.lock"),
            },
            DeskError::NotAFolder {
                path: PathBuf::from("saves/game-007.ron"),
            },
            DeskError::NoSave {
                dir: PathBuf::from("elsewhere"),
            },
            DeskError::TurnExists {
                file: PathBuf::from("turn.txt"),
            },
            DeskError::OutOfDate,
            DeskError::NothingToUndo,
            DeskError::NoKeptSave {
                file: PathBuf::from("saves/game-001.ron"),
            },
        ] {
            match &error {
                DeskError::Busy { .. }
                | DeskError::Read { .. }
                | DeskError::Write { .. }
                | DeskError::Save { .. }
                | DeskError::NotAFolder { .. }
                | DeskError::NoSave { .. }
                | DeskError::Arbiter(_)
                | DeskError::TurnExists { .. }
                | DeskError::OutOfDate
                | DeskError::NothingToUndo
                | DeskError::NoKeptSave { .. } => {}
            }
            let display = error.to_string();
            errors.push((Box::new(error), display));
        }
    }
    #[cfg(feature = "gui")]
    {
        use nebutil::gui::arbiter::error::GameError;
        // `Desk` wraps the errors sampled above.
        let error = GameError::Failed;
        match &error {
            GameError::Desk(_) | GameError::Failed => {}
        }
        let display = error.to_string();
        errors.push((Box::new(error), display));
    }
    #[cfg(feature = "gui")]
    {
        use nebutil::gui::session::LoadError;
        use std::path::PathBuf;
        let reason = Diagnostic::error("cr-empty", Span::new(1, 1, 1));
        for error in [
            LoadError::Io {
                path: PathBuf::from("a.txt"),
                kind: std::io::ErrorKind::PermissionDenied,
                error: "denied".into(),
            },
            LoadError::Directory {
                path: PathBuf::from("dir"),
            },
            LoadError::TooLarge {
                path: PathBuf::from("big.txt"),
                bytes: 30_000_000,
                limit: 10_000_000,
            },
            LoadError::Binary {
                name: "a.png".into(),
            },
            LoadError::NbtUnreadable {
                name: "a.nbt".into(),
                error: Some(reason.clone()),
            },
            LoadError::NotReport {
                name: "a.txt".into(),
                reason: reason.clone(),
            },
            LoadError::AllyRefused {
                name: "ally.cr".into(),
                reason: Diagnostic::error("knowledge-ally-is-self", Span::new(1, 1, 1))
                    .arg("player", "Maxtor"),
            },
        ] {
            match &error {
                LoadError::Io { .. }
                | LoadError::Directory { .. }
                | LoadError::TooLarge { .. }
                | LoadError::Binary { .. }
                | LoadError::NbtUnreadable { .. }
                | LoadError::NotReport { .. }
                | LoadError::AllyRefused { .. } => {}
            }
            let display = error.to_string();
            errors.push((Box::new(error), display));
        }
    }
    let mut codes = std::collections::BTreeSet::new();
    for (error, display) in &errors {
        let code = error.code();
        codes.insert(code.to_string());
        for lang in [Lang::Fr, Lang::En] {
            assert!(i18n::has_message(lang, code), "{code}: no {lang:?} message");
            let message = error.message(lang);
            assert!(!message.is_empty(), "{code}: empty {lang:?} message");
            assert!(
                !message.contains('{'),
                "{code}: an argument left unfilled in {lang:?}: {message}"
            );
        }
        assert_ne!(error.message(Lang::Fr), error.message(Lang::En), "{code}");
        assert_eq!(display, &error.message(Lang::En), "{code}");
    }
    assert_eq!(codes.len(), errors.len(), "two samples share a code");
}

#[test]
fn a_signed_or_zero_padded_argument_stays_as_written() {
    use nebutil::i18n::{Lang, tr_args};
    let facts = |step: &str| {
        tr_args(
            Lang::En,
            "gui-order-language-facts",
            &[
                ("who", "anyone"),
                ("exclusive", "not exclusive"),
                ("step", step),
            ],
        )
    };
    assert!(
        facts("+20").ends_with("at step +20 of the turn"),
        "{}",
        facts("+20")
    );
    assert!(
        facts("007").ends_with("at step 007 of the turn"),
        "{}",
        facts("007")
    );
    assert!(
        facts("7").ends_with("at step 7 of the turn"),
        "{}",
        facts("7")
    );
}

#[test]
fn a_missing_file_is_said_in_the_interface_language() {
    use nebutil::i18n::Lang;
    use nebutil::storage::text_file::{TextKind, cannot_read_message, read_text};
    let path = std::path::Path::new("/nonexistent-nebutil/turn.cr");
    let Err(error) = read_text(path, TextKind::Report) else {
        panic!("no such file");
    };
    let fr = cannot_read_message(Lang::Fr, path, &error);
    assert!(
        fr.contains("fichier introuvable") && !fr.contains("os error"),
        "{fr}"
    );
    let en = cannot_read_message(Lang::En, path, &error);
    assert!(
        en.contains("no such file") && !en.contains("os error"),
        "{en}"
    );
}
