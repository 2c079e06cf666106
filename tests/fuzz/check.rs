//! What each fuzz target checks, shared by the fuzz targets (`fuzz_targets/`) and
//! the regression test (`tests/core/fuzz_regressions.rs`), which replays every file of
//! `regressions/<target>/` through the same function.
//!
//! Every check feeds raw bytes to one reader the way the program does (decoding
//! included) and asserts what must hold for any input: no panic (overflow checks
//! are on in both builds), diagnostics capped per file, and the reader's own
//! round trip where it has one.

use nebutil::diagnostic::MAX_PER_FILE;

/// One target's check of one input.
pub type Check = fn(&[u8]);

/// Every target, by the name of its folder under `regressions/`.
pub const TARGETS: [(&str, Check); 10] = [
    ("report_read", report_read),
    ("orders_parse", orders_parse),
    ("orders_validate", orders_validate),
    ("orders_mail", orders_mail),
    ("nbt_read", nbt_read),
    ("save_load", save_load),
    ("ruleset_load", ruleset_load),
    ("combat_setup", combat_setup),
    ("mail_incoming", mail_incoming),
    ("resolve_save", resolve_save),
];

fn text(data: &[u8]) -> String {
    nebutil::text::decode(data).0
}

fn capped(count: usize, what: &str) {
    assert!(count <= MAX_PER_FILE + 1, "{what}: {count} diagnostics");
}

/// The CR reader, then the CR printer on what it read, read again: the printed
/// text is read without a new error. A streamed reading hands over the worlds
/// and fleets the kept reading keeps, with the same diagnostics.
pub fn report_read(data: &[u8]) {
    let text = text(data);
    let (view, diagnostics) = nebutil::report::read(&text);
    capped(diagnostics.len(), "report::read");
    let mut handed = Handed::default();
    if let Ok((mut streamed, streamed_diagnostics)) =
        nebutil::report::read_report_streamed(&text, &mut handed)
    {
        streamed.worlds = handed.worlds;
        streamed.fleets = handed.fleets;
        assert_eq!(streamed, view, "a streamed reading reads the same view");
        assert_eq!(
            streamed_diagnostics, diagnostics,
            "a streamed reading gives the same diagnostics"
        );
    }
    let printed = nebutil::report::write::print(&view);
    let (again, _) = nebutil::report::read(&printed);
    let reprinted = nebutil::report::write::print(&again);
    assert_eq!(printed, reprinted, "printing what was read is stable");
}

/// What a streamed reading handed over.
#[derive(Default)]
struct Handed {
    worlds: Vec<nebutil::model::view::WorldView>,
    fleets: Vec<nebutil::model::view::FleetView>,
}

impl nebutil::report::Sink for Handed {
    fn world(
        &mut self,
        world: &nebutil::model::view::WorldView,
        _: Option<&nebutil::model::view::PlayerRef>,
    ) {
        self.worlds.push(world.clone());
    }
    fn fleet(
        &mut self,
        fleet: &nebutil::model::view::FleetView,
        _: Option<&nebutil::model::view::PlayerRef>,
    ) {
        self.fleets.push(fleet.clone());
    }
}

/// The order parser and printer: printing what was parsed and parsing it again
/// gives the same text.
pub fn orders_parse(data: &[u8]) {
    let text = text(data);
    let file = nebutil::orders::parse_orders(&text);
    capped(file.diagnostics.len(), "orders::parse_orders");
    let printed = nebutil::orders::format_orders(&text);
    assert_eq!(
        nebutil::orders::format_orders(&printed),
        printed,
        "formatting is idempotent"
    );
}

/// The validator, against the knowledge of a demo CR (so that fleets and
/// worlds exist) and against nothing.
pub fn orders_validate(data: &[u8]) {
    let text = text(data);
    let rules = nebutil::rules::Ruleset::builtin_2002();
    let empty = nebutil::model::knowledge::Knowledge::new();
    let checked = nebutil::orders::validate::check_orders(&text, &empty, &rules);
    capped(checked.diagnostics.len(), "check_orders");
    let (view, _) = nebutil::report::read(DEMO_CR);
    let (knowledge, _) = nebutil::model::knowledge::Knowledge::from_views([view]);
    let checked = nebutil::orders::validate::check_orders(&text, &knowledge, &rules);
    capped(checked.diagnostics.len(), "check_orders");
}

/// A small CR of the book's notation, for the validator's knowledge.
const DEMO_CR: &str = include_str!("../fixtures/orion/demo_t5.cr");

/// The order-mail reader.
pub fn orders_mail(data: &[u8]) {
    let (_, diagnostics) = nebutil::orders::parse_mail(&text(data));
    capped(diagnostics.len(), "orders::parse_mail");
}

/// The `.NBT` reader.
pub fn nbt_read(data: &[u8]) {
    let (_, diagnostics) = nebutil::nbt::read(&text(data));
    capped(diagnostics.len(), "nbt::read");
}

/// A save: parsed, checked (referential integrity and ranges), printed and parsed
/// again to the same save.
pub fn save_load(data: &[u8]) {
    let Ok(save) = nebutil::game::save::Save::from_ron(&text(data)) else {
        return;
    };
    let printed = save.to_ron();
    match nebutil::game::save::Save::from_ron(&printed) {
        Ok(again) => assert_eq!(again.to_ron(), printed, "a save prints stably"),
        Err(error) => panic!("a printed save does not load: {error:?}"),
    }
}

/// A ruleset in RON.
pub fn ruleset_load(data: &[u8]) {
    let _ = nebutil::rules::Ruleset::from_ron(&text(data));
}

/// A combat setup, then the fight it describes (bounded by the simulator's round
/// limit).
pub fn combat_setup(data: &[u8]) {
    let (setup, diagnostics) = nebutil::combat::sim::parse(&text(data));
    capped(diagnostics.len(), "combat::sim::parse");
    if let Some(setup) = setup {
        let rules = nebutil::rules::Ruleset::builtin_2002();
        let _ = nebutil::combat::sim::simulate_rounds(&setup, &rules, 8);
    }
}

/// A raw mail as the robot receives it.
pub fn mail_incoming(data: &[u8]) {
    use nebutil::game::mailbox::{self, Context, MailState, PlayerMail, ReplyKind, RunBudget};
    use nebutil::i18n::Lang;
    use nebutil::model::PlayerId;
    let incoming = mailbox::read_incoming(data, "robot@nebula.example");
    assert_eq!(incoming.size, data.len());
    assert!(incoming.text_attachments.len() <= mailbox::MAX_TEXT_ATTACHMENTS);
    // Read for its headers only (as a mail over 1 MiB is), the sender and the
    // subject are the same as read whole.
    let head = mailbox::read_incoming_sized(
        &data[..data.len().min(mailbox::HEADER_BYTES)],
        usize::MAX,
        "robot@nebula.example",
    );
    if data.len() <= mailbox::HEADER_BYTES {
        assert_eq!(
            (&head.from, &head.subject),
            (&incoming.from, &incoming.subject)
        );
    }
    assert!(head.text.is_empty() && head.text_attachments.is_empty());
    // The protocol on it: two registered players (the test's "hashes" are the
    // passwords themselves). No reply to a mail without the right password
    // ever quotes player 1's password, and one mail gets few replies.
    let mut state = MailState::default();
    state.players.insert(
        1,
        PlayerMail::new(vec!["p1@example.org".into()], "sesame42".into(), Lang::Fr),
    );
    state.players.insert(
        2,
        PlayerMail::new(vec!["p2@example.org".into()], "sesame43".into(), Lang::En),
    );
    let players = [
        (PlayerId(1), "Un".to_string()),
        (PlayerId(2), "Deux".to_string()),
    ];
    let verify = |hash: &str, password: &str| hash == password;
    let stored = |_: PlayerId| Some("# ordres\n".to_string());
    let validate = |_: PlayerId, _: &str, _: Lang| Vec::new();
    let files = |_: PlayerId| vec![("turn-003.cr".to_string(), "CR".to_string())];
    let ctx = Context {
        game: "KARNAJ",
        turn: 3,
        over: false,
        players: &players,
        now: 1_000_000,
        key: "fuzz",
        domain: "karnaj.0a1b2c.nebutil",
        verify_password: &verify,
        stored_orders: &stored,
        validate: &validate,
        forecast: &|_, _, _| vec!["F_1 · VC : 1 -> 2 (+1)".to_string()],
        turn_files: &files,
    };
    let handled = mailbox::handle(&mut state, &ctx, &incoming, &mut RunBudget::default());
    assert!(
        handled.replies.len() <= 6,
        "{} replies",
        handled.replies.len()
    );
    // (A reply quotes the subject's first word: a "password" there is not one.)
    let quoted = incoming
        .subject
        .split_whitespace()
        .take(2)
        .any(|w| w.contains("sesame4"));
    for reply in &handled.replies {
        if reply.kind == ReplyKind::Limited && !quoted {
            let text = format!("{}\n{}", reply.subject, reply.body);
            assert!(!text.contains("sesame4"), "a password quoted: {text}");
        }
    }
}

/// A turn resolved from a fuzzed save: the input is a save, then optionally a
/// line `%%` and one player's orders. A save that loads is resolved with those
/// orders (player 1) and the autoplayer's orders for the others; the next save
/// must load again.
pub fn resolve_save(data: &[u8]) {
    use nebutil::game::save::Save;
    let text = text(data);
    let (save_text, orders_text) = match text.split_once("\n%%\n") {
        Some((save, orders)) => (save, Some(orders)),
        None => (text.as_str(), None),
    };
    let Ok(save) = Save::from_ron(save_text) else {
        return;
    };
    let mut rng = save.next_turn_rng();
    let mut submissions =
        nebutil::game::autoplay::all_orders(&save.galaxy, &save.ruleset, &mut rng);
    if let Some(orders) = orders_text {
        let file = nebutil::orders::parse_orders(orders);
        submissions.insert(nebutil::model::PlayerId(1), file.orders);
    }
    if let Ok((next, _)) = nebutil::game::arbiter::run_turn(&save, &submissions) {
        let printed = next.to_ron();
        if let Err(error) = Save::from_ron(&printed) {
            panic!("the next save does not load: {error:?}");
        }
    }
}
