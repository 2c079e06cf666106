//! Unit tests of the session: decoding, the demo and ORION fixtures, NBT merging,
//! headerless CRs.

use super::*;
use crate::i18n::Lang;

#[test]
fn lines_are_1_based_without_line_breaks() {
    let source = SourceFile::new(
        SourceOrigin::Demo("x".into()),
        "x",
        "a\r\nbé\n\nc".to_string(),
    );
    assert_eq!(source.line_count(), 4);
    assert_eq!(source.line(1), Some("a"));
    assert_eq!(source.line(2), Some("bé"));
    assert_eq!(source.line(3), Some(""));
    assert_eq!(source.line(4), Some("c"));
    assert_eq!(source.line(0), None);
    assert_eq!(source.line(5), None);
    let trailing = SourceFile::new(SourceOrigin::Demo("x".into()), "x", "a\n".to_string());
    assert_eq!(trailing.line_count(), 1);
    assert_eq!(
        SourceFile::new(SourceOrigin::Demo("x".into()), "x", String::new()).line_count(),
        0
    );
}

#[test]
fn decodes_utf8_windows_1252_and_refuses_binary() {
    let (text, legacy) = decode("a", "\u{feff}Capacité".as_bytes()).unwrap_or_default();
    assert_eq!((text.as_str(), legacy.is_some()), ("Capacité", false));
    let (text, legacy) = decode("a", b"Capacit\xe9 \x80 \x9c").unwrap_or_default();
    assert_eq!((text.as_str(), legacy.is_some()), ("Capacité € œ", true));
    assert_eq!(
        decode("a.bin", b"M_1\0"),
        Err(LoadError::Binary {
            name: "a.bin".into()
        })
    );
}

#[test]
fn nbt_files_are_recognised_by_extension() {
    assert!(is_nbt_path(Path::new("/tmp/T7.NBT")));
    assert!(is_nbt_path(Path::new("t7.nbt")));
    assert!(!is_nbt_path(Path::new("t7.txt")));
    assert!(!is_nbt_path(Path::new("nbt")));
}

use super::orion::{demo_source, load_orion};

#[test]
fn the_orion_fixture_reads_without_any_diagnostic() {
    let mut session = Session::default();
    load_orion(&mut session);
    assert_eq!(session.pending_nbt().count(), 0);
    for turn in session.turns() {
        let diagnostics: Vec<String> = turn
            .diagnostics()
            .map(|(_, source, d)| d.render(&source.name, Lang::En))
            .collect();
        assert!(diagnostics.is_empty(), "{diagnostics:#?}");
        assert_eq!(turn.view.galaxy_size, Some((24, 20)));
        assert_eq!(turn.view.player.as_ref().and_then(|p| p.number), Some(5));
    }
}

#[test]
fn an_nbt_opened_before_its_cr_waits_then_merges() {
    let mut session = Session::default();
    let loaded = session.add_nbt(demo_source("demo_t6.nbt"));
    assert_eq!(loaded, Ok(Loaded::NbtPending { turn: 6 }));
    assert_eq!(
        session.pending_nbt().collect::<Vec<_>>(),
        [("demo_t6.nbt", 6)]
    );
    let index = session.add_cr(demo_source("demo_t6.cr"));
    assert_eq!(session.pending_nbt().count(), 0);
    let turn = session.turn(index);
    assert!(turn.is_some_and(|t| t.nbt.is_some()));
    assert_eq!(turn.and_then(|t| t.view.galaxy_size), Some((24, 20)));
}

#[test]
fn an_nbt_merges_into_the_loaded_turn_of_its_number_only() {
    let mut session = Session::default();
    session.add_cr(demo_source("demo_t5.cr"));
    session.add_cr(demo_source("demo_t7.cr"));
    assert_eq!(
        session.add_nbt(demo_source("demo_t7.nbt")),
        Ok(Loaded::NbtAttached(1))
    );
    assert!(session.turns()[0].nbt.is_none());
    assert_eq!(session.turns()[0].view.galaxy_size, None);
}

#[test]
fn opening_a_report_again_replaces_it_and_keeps_its_nbt() {
    let mut session = Session::default();
    session.add_cr(demo_source("demo_t7.cr"));
    let _ = session.add_nbt(demo_source("demo_t7.nbt"));
    let generation = session.generation();
    session.add_cr(demo_source("demo_t7.cr"));
    assert_eq!(session.turns().len(), 1);
    assert!(session.turns()[0].nbt.is_some());
    assert!(session.generation() > generation);
}

#[test]
fn an_unusable_nbt_is_refused_with_its_error() {
    let mut session = Session::default();
    let source = SourceFile::new(
        SourceOrigin::Demo("bad.nbt".into()),
        "bad.nbt",
        "(version: 99, turn: 1, player: (number: 1, name: \"X\"))".into(),
    );
    match session.add_nbt(source) {
        Err(LoadError::NbtUnreadable { name, error }) => {
            assert_eq!(name, "bad.nbt");
            assert_eq!(error.map(|d| d.code), Some("nbt-future-version".into()));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_cr_without_header_takes_the_nbt_of_its_name_and_a_stated_turn() {
    let mut session = Session::default();
    let text = demo_source("demo_t7.cr").text;
    let body = text.split_once('\n').map_or("", |(_, rest)| rest);
    let source = SourceFile::new(
        SourceOrigin::Demo("mail_t9.cr".into()),
        "mail_t9.cr",
        body.to_string(),
    );
    let index = session.add_cr(source);
    let turn = |s: &Session, i: usize| s.turn(i).and_then(|t| t.view.turn);
    assert_eq!(turn(&session, index), Some(9), "from the file name");
    assert!(session.turn(index).is_some_and(LoadedTurn::lacks_header));
    let mut nbt = demo_source("demo_t7.nbt");
    nbt.origin = SourceOrigin::Demo("mail_t9.nbt".into());
    assert_eq!(session.add_nbt(nbt), Ok(Loaded::NbtAttached(index)));
    assert_eq!(turn(&session, index), Some(7), "the NBT beats the name");
    assert_eq!(
        session.turn(index).and_then(|t| t.view.galaxy_size),
        Some((24, 20))
    );
    let generation = session.generation();
    let index = session.state(
        index,
        Stated {
            turn: Some(8),
            ..Stated::default()
        },
    );
    assert_eq!(turn(&session, index), Some(8), "stated beats the NBT");
    assert!(session.generation() > generation);
    assert_eq!(session.knowledge_at(index).turns(), [8]);
}

#[test]
fn knowledge_at_a_turn_leaves_later_turns_out() {
    let mut session = Session::default();
    load_orion(&mut session);
    assert_eq!(session.knowledge_at(0).turns(), [5]);
    assert_eq!(session.knowledge_at(2).turns(), [5, 6, 7]);
    // M_123: described on turns 6 and 7, only named on turn 5.
    let at_5 = session.knowledge_at(0);
    assert!(at_5.world(123).is_some_and(|w| w.last_described.is_none()));
    let at_7 = session.knowledge_at(2);
    assert_eq!(at_7.world(123).and_then(|w| w.first_described), Some(6));
}

#[test]
fn opening_a_folder_or_a_missing_file_fails_cleanly() {
    let mut session = Session::default();
    let dir = std::env::temp_dir();
    assert_eq!(
        session.open_path(&dir),
        Err(LoadError::Directory { path: dir.clone() })
    );
    let missing = dir.join("nebutil-no-such-file.cr");
    assert!(matches!(
        session.open_path(&missing),
        Err(LoadError::Io { .. })
    ));
    assert!(session.is_empty());
}
