//! Unit tests of the mail protocol.

use super::*;

fn headers(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

#[test]
fn bounces_and_automatic_mails_are_recognised() {
    let own = "robot@nebula.test";
    let plain = headers(&[("Subject", "ORDRES X 1 a")]);
    assert!(!is_automatic(&plain, "p1@example.org", own));
    assert!(is_automatic(&plain, "", own));
    assert!(is_automatic(&plain, "MAILER-DAEMON@example.org", own));
    assert!(is_automatic(&plain, "Robot@Nebula.test", own));
    for (key, value) in [
        ("Auto-Submitted", "auto-replied"),
        ("Precedence", "bulk"),
        ("Precedence", "list"),
        ("List-Id", "<x.example.org>"),
        ("Return-Path", "<>"),
        (
            "Content-Type",
            "multipart/report; report-type=delivery-status",
        ),
    ] {
        assert!(
            is_automatic(&headers(&[(key, value)]), "p1@example.org", own),
            "{key}: {value}"
        );
    }
    assert!(!is_automatic(
        &headers(&[("Auto-Submitted", "no"), ("Precedence", "normal")]),
        "p1@example.org",
        own
    ));
}

#[test]
fn undeclared_latin1_and_declared_qp_are_decoded() {
    let undeclared =
        b"From: p1@example.org\r\nSubject: ORDRES X 1 a\r\n\r\nDEBUT\r\n# d\xe9fense\r\nFIN\r\n";
    let mail = read_incoming(undeclared, "robot@x");
    assert!(mail.text.contains("# défense"), "{:?}", mail.text);
    assert_eq!(mail.from, "p1@example.org");
    assert!(!mail.automatic && !mail.html_only);
    let qp = b"From: P1 <P1@Example.org>\r\nSubject: ORDRES X 1 a\r\nContent-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n# =E0 l'est\r\n";
    let mail = read_incoming(qp, "robot@x");
    assert!(mail.text.contains("# à l'est"));
    assert_eq!(mail.from, "p1@example.org");
    let html =
        b"From: p1@example.org\r\nSubject: s\r\nContent-Type: text/html\r\n\r\n<p>DEBUT</p>\r\n";
    assert!(read_incoming(html, "robot@x").html_only);
}

struct Fixture {
    state: MailState,
    players: Vec<(PlayerId, String)>,
}

fn fixture() -> Fixture {
    let mut state = MailState::default();
    state.players.insert(
        1,
        PlayerMail::new(vec!["p1@example.org".into()], "pw1".into(), Lang::Fr),
    );
    Fixture {
        state,
        players: vec![(PlayerId(1), "Un".into())],
    }
}

fn orders_mail(date: Option<i64>, body: &str) -> Incoming {
    Incoming {
        from: "p1@example.org".into(),
        subject: "ORDRES KARNAJ 1 pw1".into(),
        text: format!("DEBUT\n{body}FIN\n"),
        date,
        ..Incoming::default()
    }
}

fn run(f: &mut Fixture, key: &str, now: i64, mail: &Incoming) -> (Vec<Reply>, Vec<Effect>) {
    let handled = run_with(f, key, now, mail, &mut RunBudget::default(), false);
    assert!(!handled.deferred);
    (handled.replies, handled.effects)
}

fn run_with(
    f: &mut Fixture,
    key: &str,
    now: i64,
    mail: &Incoming,
    budget: &mut RunBudget,
    over: bool,
) -> Handled {
    let verify = |hash: &str, password: &str| hash == password;
    let stored = |_: PlayerId| None;
    let validate = |_: PlayerId, _: &str, _: Lang| vec![(true, "x:1:1: erreur".to_string())];
    let files = |_: PlayerId| Vec::new();
    let ctx = Context {
        game: "KARNAJ",
        turn: 3,
        over,
        players: &f.players,
        now,
        key,
        domain: "karnaj.abc.nebutil",
        verify_password: &verify,
        stored_orders: &stored,
        validate: &validate,
        forecast: &|_, _, _| Vec::new(),
        turn_files: &files,
    };
    handle(&mut f.state, &ctx, mail, budget)
}

fn stored(effects: &[Effect]) -> Vec<(u32, bool)> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::StoreOrders {
                version, current, ..
            } => Some((*version, *current)),
            _ => None,
        })
        .collect()
}

#[test]
fn versions_follow_the_mail_date_bounded_by_arrival() {
    let mut f = fixture();
    let (replies, effects) = run(&mut f, "a", 1000, &orders_mail(Some(900), "# B\n"));
    assert_eq!(stored(&effects), [(1, true)]);
    assert_eq!(replies.len(), 1);
    assert_eq!(replies[0].id, "a-r0");
    assert!(replies[0].body.contains("x:1:1: erreur"));
    assert!(replies[0].body.contains(&checksum("# B\n")));
    // Older by its Date: kept, not current, and said so.
    let (replies, effects) = run(&mut f, "b", 1010, &orders_mail(Some(800), "# A\n"));
    assert_eq!(stored(&effects), [(2, false)]);
    assert!(replies[0].body.contains("PAS vos ordres courants"));
    // A Date in the future counts as the arrival: it wins over 900, not over later mails.
    let (_, effects) = run(&mut f, "c", 1020, &orders_mail(Some(99_999), "# C\n"));
    assert_eq!(stored(&effects), [(3, true)]);
    let (replies, effects) = run(&mut f, "d", 1030, &orders_mail(None, "# D\n"));
    assert_eq!(stored(&effects), [(4, true)]);
    assert!(!replies[0].body.contains("tour précédent"));
    // Turn 3 was first seen at 1000: a mail dated 500 was written before it
    // began; the acknowledgement warns.
    assert_eq!(f.state.turn_seen.get(&3), Some(&1000));
    let (replies, _) = run(&mut f, "e", 1040, &orders_mail(Some(500), "# E\n"));
    assert!(
        replies[0].body.contains("tour précédent"),
        "{}",
        replies[0].body
    );
    assert_eq!(f.state.processed, ["a", "b", "c", "d", "e"]);
}

#[test]
fn old_rate_counters_are_forgotten_with_their_addresses() {
    let mut state = MailState::default();
    state.replies.insert("old@x".into(), vec![0, 10]);
    state.replies.insert("recent@x".into(), vec![0, 99_000]);
    state.wrong.insert("stranger@x".into(), vec![100]);
    state.wrong.insert("today@x".into(), vec![50_000]);
    forget_old_counters(&mut state, 100_000);
    assert_eq!(state.replies.keys().collect::<Vec<_>>(), ["recent@x"]);
    assert_eq!(state.replies["recent@x"], [99_000]);
    assert_eq!(state.wrong.keys().collect::<Vec<_>>(), ["today@x"]);
    forget_old_counters(&mut state, 100_000 + WRONG_WINDOW);
    assert!(state.replies.is_empty() && state.wrong.is_empty());
}

#[test]
fn a_message_s_text_attachments_are_relayed_and_nothing_else_of_the_mail() {
    let mut f = fixture();
    f.state.players.insert(
        2,
        PlayerMail::new(vec!["p2@example.org".into()], "pw2".into(), Lang::En),
    );
    f.players.push((PlayerId(2), "Deux".into()));
    let raw = b"From: Joueur Un <p1@example.org>\r\nSubject: MESSAGE KARNAJ 1 pw1 <2>\r\n\
MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n\
--b\r\nContent-Type: text/plain\r\n\r\nDEBUT\r\nVoir le plan.\r\nFIN\r\n\
--b\r\nContent-Type: text/plain; name=plan.txt\r\nContent-Disposition: attachment; filename=plan.txt\r\n\r\nF_12 M 48\r\n\
--b\r\nContent-Type: image/png; name=x.png\r\nContent-Disposition: attachment; filename=x.png\r\n\r\nPNG\r\n\
--b--\r\n";
    let mail = read_incoming(raw, "robot@x");
    let (replies, _) = run(&mut f, "m", 100, &mail);
    let relayed = replies
        .iter()
        .find(|r| r.to == ["p2@example.org"])
        .expect("relayed to player 2");
    assert!(relayed.body.contains("Voir le plan."), "{}", relayed.body);
    assert_eq!(relayed.attachments.len(), 1, "the PNG is dropped");
    assert_eq!(relayed.attachments[0].0, "plan.txt");
    assert!(relayed.attachments[0].1.contains("F_12 M 48"));
    assert!(!relayed.body.contains("p1@example.org") && !relayed.subject.contains("Joueur Un"));
}

fn logged(effects: &[Effect], text: &str) -> bool {
    effects
        .iter()
        .any(|e| matches!(e, Effect::Log(l) if l.contains(text)))
}

fn from(address: &str, subject: &str, body: &str) -> Incoming {
    Incoming {
        from: address.into(),
        subject: subject.into(),
        text: body.into(),
        ..Incoming::default()
    }
}

#[test]
fn forged_wrong_passwords_never_lock_a_player_out() {
    let mut f = fixture();
    let wrong = from(
        "p1@example.org",
        "ORDRES KARNAJ 1 faux",
        "DEBUT\n# x\nFIN\n",
    );
    for i in 0..WRONG_PASSWORDS {
        let (replies, effects) = run(&mut f, &format!("w{i}"), 100, &wrong);
        assert_eq!(replies.len(), 1, "mail {i} answered");
        assert!(stored(&effects).is_empty());
    }
    for i in 0..20 {
        let (replies, effects) = run(&mut f, &format!("w-more{i}"), 100, &wrong);
        assert!(replies.is_empty(), "no more error replies");
        assert!(logged(&effects, "no reply"));
    }
    // The player's own mail, right password, after 25 forged ones: stored,
    // acknowledged.
    let (replies, effects) = run(&mut f, "real", 101, &orders_mail(None, "# vrais\n"));
    assert_eq!(stored(&effects), [(1, true)]);
    assert_eq!(replies.len(), 1);
    assert_eq!(replies[0].to, ["p1@example.org"]);
}

#[test]
fn a_stranger_guessing_is_silenced_and_costs_a_bounded_number_of_checks() {
    let mut f = fixture();
    let guess = |n: usize| {
        from(
            "guesser@evil.test",
            &format!("ORDRES KARNAJ 1 guess{n}"),
            "DEBUT\nFIN\n",
        )
    };
    let mut budget = RunBudget::default();
    for n in 0..WRONG_PASSWORDS {
        let handled = run_with(&mut f, &format!("g{n}"), 100, &guess(n), &mut budget, false);
        assert_eq!(handled.replies.len(), 1);
        assert!(!handled.replies[0].body.contains(&format!("guess{n}")));
    }
    let handled = run_with(&mut f, "g-more", 100, &guess(99), &mut budget, false);
    assert!(handled.replies.is_empty() && logged(&handled.effects, "silenced"));
    // Even the right password is not checked from that pair for a day…
    let right = from("guesser@evil.test", "ORDRES KARNAJ 1 pw1", "DEBUT\nFIN\n");
    let handled = run_with(&mut f, "g-right", 100, &right, &mut budget, false);
    assert!(stored(&handled.effects).is_empty());
    // …and is, a day later.
    let handled = run_with(&mut f, "g-later", 100 + 86_400, &right, &mut budget, false);
    assert_eq!(stored(&handled.effects), [(1, true)]);
}

#[test]
fn one_run_checks_few_strangers_passwords_and_defers_the_others() {
    let mut f = fixture();
    let mut budget = RunBudget::default();
    let mut checked = 0;
    let mut deferred = 0;
    for n in 0..100 {
        let mail = from(
            &format!("s{n}@evil.test"),
            &format!("ORDRES KARNAJ 1 guess{n}"),
            "DEBUT\nFIN\n",
        );
        let handled = run_with(&mut f, &format!("s{n}"), 100, &mail, &mut budget, false);
        if handled.deferred {
            deferred += 1;
            assert!(handled.replies.is_empty() && handled.effects.is_empty());
        } else {
            checked += 1;
        }
    }
    assert_eq!(checked, STRANGER_CHECKS_PER_PLAYER);
    assert_eq!(deferred, 100 - STRANGER_CHECKS_PER_PLAYER);
    assert_eq!(
        f.state.processed.len(),
        checked,
        "deferred mails are not journaled"
    );
    // The player's own mails are never deferred.
    let handled = run_with(
        &mut f,
        "own",
        100,
        &orders_mail(None, "# a\n"),
        &mut budget,
        false,
    );
    assert!(!handled.deferred);
    assert_eq!(stored(&handled.effects), [(1, true)]);
}

#[test]
fn forged_hello_mails_never_swallow_a_player_s_acknowledgement() {
    let mut f = fixture();
    for i in 0..(REPLIES_PER_HOUR + 5) {
        let (replies, _) = run(
            &mut f,
            &format!("h{i}"),
            5000,
            &from("p1@example.org", "hello", "hi"),
        );
        assert_eq!(
            replies.len(),
            usize::from(i < REPLIES_PER_HOUR),
            "hello {i}"
        );
    }
    for i in 0..30 {
        let (replies, effects) = run(&mut f, &format!("o{i}"), 5000, &orders_mail(None, "# y\n"));
        assert_eq!(replies.len(), 1, "acknowledgement {i}");
        assert_eq!(stored(&effects).len(), 1);
    }
    let (replies, _) = run(
        &mut f,
        "later",
        5000 + 3600,
        &from("p1@example.org", "hello", "hi"),
    );
    assert_eq!(replies.len(), 1, "an hour later");
}

#[test]
fn no_reply_quotes_a_password() {
    let mut f = fixture();
    for subject in [
        "ORDRE KARNAJ 1 pw1-secret",
        "Re: ORDRES KARNAJ 1 pw1-secret",
        "ORDRES KARNAJ x pw1-secret",
        "ORDRESKARNAJ 1 pw1-secret",
        "ORDRES\u{7}\u{8} KARNAJ 1 pw1-secret",
    ] {
        let (replies, _) = run(
            &mut f,
            subject,
            100,
            &from("p1@example.org", subject, "DEBUT\nFIN\n"),
        );
        assert_eq!(replies.len(), 1, "{subject}");
        let text = format!("{}\n{}", replies[0].subject, replies[0].body);
        assert!(!text.contains("secret"), "{subject}: {text}");
    }
    let (replies, _) = run(
        &mut f,
        "q",
        100,
        &from("p1@example.org", "ORDRE KARNAJ 1 pw1-secret", ""),
    );
    assert!(
        replies[0].body.contains("« ORDRE … »"),
        "{}",
        replies[0].body
    );
    // A control character ends the quoted word: what follows is never glued on
    // (a fuzz finding: "CONF\0\0sesame\0\042" was quoted "CONFsesame42").
    let (replies, _) = run(
        &mut f,
        "nul",
        100,
        &from("p1@example.org", "CONF\u{0}\u{0}pw1\u{0}secret", ""),
    );
    assert!(!replies[0].body.contains("pw1"), "{}", replies[0].body);
    assert!(
        replies[0].body.contains("« CONF … »"),
        "{}",
        replies[0].body
    );
}

#[test]
fn a_stranger_learns_nothing_of_a_right_password_and_the_player_is_told() {
    let mut f = fixture();
    let wrong = from(
        "x@elsewhere.test",
        "INFO KARNAJ 1 faux",
        "DEBUT\nNBORDRES\nFIN\n",
    );
    let right = from(
        "x@elsewhere.test",
        "INFO KARNAJ 1 pw1",
        "DEBUT\nNBORDRES\nFIN\n",
    );
    let (wrong_replies, _) = run(&mut f, "a", 100, &wrong);
    let (right_replies, effects) = run(&mut f, "b", 100, &right);
    let to_stranger = |replies: &[Reply]| -> Vec<(String, String)> {
        replies
            .iter()
            .filter(|r| r.to == ["x@elsewhere.test"])
            .map(|r| (r.subject.clone(), r.body.clone()))
            .collect()
    };
    assert_eq!(to_stranger(&wrong_replies), to_stranger(&right_replies));
    assert_eq!(to_stranger(&right_replies).len(), 1);
    let to_player: Vec<&Reply> = right_replies
        .iter()
        .filter(|r| r.to == ["p1@example.org"])
        .collect();
    assert_eq!(to_player.len(), 2, "the answer and the notice");
    assert!(
        to_player
            .iter()
            .any(|r| r.body.contains("x@elsewhere.test"))
    );
    assert!(logged(&effects, "password used from"));
}

fn two_players() -> Fixture {
    let mut f = fixture();
    for (n, name) in [(2, "Deux"), (3, "Trois")] {
        f.state.players.insert(
            n,
            PlayerMail::new(
                vec![format!("p{n}@example.org")],
                format!("pw{n}"),
                Lang::Fr,
            ),
        );
        f.players.push((PlayerId(n), name.into()));
    }
    f
}

#[test]
fn only_a_member_of_a_thread_joins_it_by_replying() {
    let mut f = two_players();
    let (replies, _) = run(
        &mut f,
        "t1",
        100,
        &from(
            "p1@example.org",
            "MESSAGE KARNAJ 1 pw1 M <2>",
            "DEBUT\nsecret\nFIN\n",
        ),
    );
    assert_eq!(
        replies
            .iter()
            .filter(|r| r.to == ["p2@example.org"])
            .count(),
        1
    );
    // Player 3 guesses the thread's key: his message goes to whom he names only.
    let mut outsider = from(
        "p3@example.org",
        "MESSAGE KARNAJ 3 pw3 <1>",
        "DEBUT\nmoi aussi\nFIN\n",
    );
    outsider.references = vec!["t1-r0@karnaj.abc.nebutil".into()];
    let (replies, _) = run(&mut f, "t2", 100, &outsider);
    assert!(
        replies.iter().all(|r| r.to != ["p2@example.org"]),
        "{replies:#?}"
    );
    let ack = replies
        .iter()
        .find(|r| r.to == ["p3@example.org"])
        .expect("ack");
    assert!(!ack.body.contains('2'), "{}", ack.body);
    // Player 2, a member, answering: to the whole thread.
    let mut member = from(
        "p2@example.org",
        "MESSAGE KARNAJ 2 pw2 <1>",
        "DEBUT\nok\nFIN\n",
    );
    member.references = vec!["t1-r0@karnaj.abc.nebutil".into()];
    let (replies, _) = run(&mut f, "t3", 100, &member);
    assert!(replies.iter().any(|r| r.to == ["p1@example.org"]));
    // A reference of another game's robot (same key, other domain) is not ours.
    let mut other_game = from(
        "p2@example.org",
        "MESSAGE KARNAJ 2 pw2 <3>",
        "DEBUT\nok\nFIN\n",
    );
    other_game.references = vec!["t1-r0@karnaj.zzz.nebutil".into()];
    let (replies, _) = run(&mut f, "t4", 100, &other_game);
    assert!(replies.iter().all(|r| r.to != ["p1@example.org"]));
}

#[test]
fn relays_are_rate_limited_and_carry_few_small_attachments() {
    let mut f = two_players();
    let mut mail = from(
        "p1@example.org",
        "MESSAGE KARNAJ 1 pw1 <2>",
        "DEBUT\nbonjour\nFIN\n",
    );
    mail.text_attachments = (0..6)
        .map(|i| {
            (
                format!("a{i}.txt"),
                "x".repeat(if i == 1 { 100_000 } else { 10 }),
            )
        })
        .collect();
    let (replies, _) = run(&mut f, "r0", 100, &mail);
    let relayed = replies
        .iter()
        .find(|r| r.to == ["p2@example.org"])
        .expect("relayed");
    assert_eq!(relayed.attachments.len(), RELAYED_ATTACHMENTS);
    assert!(
        relayed
            .attachments
            .iter()
            .all(|(_, t)| t.len() <= RELAYED_ATTACHMENT_BYTES)
    );
    let ack = replies
        .iter()
        .find(|r| r.to == ["p1@example.org"])
        .expect("ack");
    assert!(ack.body.contains("3 pièces jointes"), "{}", ack.body);
    mail.text_attachments.clear();
    for i in 1..RELAYS_PER_HOUR {
        let (replies, _) = run(&mut f, &format!("r{i}"), 100, &mail);
        assert!(
            replies.iter().any(|r| r.to == ["p2@example.org"]),
            "relay {i}"
        );
    }
    let (replies, effects) = run(&mut f, "over", 100, &mail);
    assert!(replies.iter().all(|r| r.to != ["p2@example.org"]));
    assert_eq!(replies.len(), 1, "the sender is told");
    assert!(logged(&effects, "not relayed"));
    let (replies, _) = run(&mut f, "next-hour", 100 + 3600, &mail);
    assert!(replies.iter().any(|r| r.to == ["p2@example.org"]));
}

#[test]
fn email_changes_name_few_valid_addresses() {
    let mut f = fixture();
    let config = |body: &str| from("p1@example.org", "CONFIG KARNAJ 1 pw1", body);
    let (replies, _) = run(
        &mut f,
        "c1",
        100,
        &config("DEBUT\nEMAIL a@x.test,b@x.test,c@x.test,d@x.test\nFIN\n"),
    );
    assert_eq!(replies.len(), 1, "no confirmation sent: {replies:#?}");
    assert!(replies[0].body.contains("au plus 3"), "{}", replies[0].body);
    let (replies, _) = run(
        &mut f,
        "c2",
        100,
        &config("DEBUT\nEMAIL p2@@example.org\nFIN\n"),
    );
    assert_eq!(replies.len(), 1);
    assert!(replies[0].body.contains("p2@@example.org"));
    assert!(f.state.players[&1].pending.is_none());
    let (replies, _) = run(
        &mut f,
        "c3",
        100,
        &config("DEBUT\nEMAIL a@x.test,b@x.test\nFIN\n"),
    );
    assert_eq!(replies.len(), 2, "one confirmation to the two, one answer");
    let (replies, effects) = run(&mut f, "c4", 100, &config("DEBUT\nPASSWORD court\nFIN\n"));
    assert!(
        replies[0].body.contains("au moins 6"),
        "{}",
        replies[0].body
    );
    assert!(
        !effects
            .iter()
            .any(|e| matches!(e, Effect::SetPassword { .. }))
    );
}

#[test]
fn orders_are_refused_after_the_final_turn_and_without_text() {
    let mut f = fixture();
    let handled = run_with(
        &mut f,
        "over",
        100,
        &orders_mail(None, "# x\n"),
        &mut RunBudget::default(),
        true,
    );
    assert!(stored(&handled.effects).is_empty());
    assert!(
        handled.replies[0].body.contains("terminée"),
        "{}",
        handled.replies[0].body
    );
    for (key, mail) in [
        ("empty", from("p1@example.org", "ORDRES KARNAJ 1 pw1", "")),
        (
            "blank",
            from("p1@example.org", "ORDRES KARNAJ 1 pw1", "  \n\n"),
        ),
        (
            "undecodable",
            Incoming {
                undecodable: true,
                ..orders_mail(None, "# x\n")
            },
        ),
    ] {
        let (replies, effects) = run(&mut f, key, 100, &mail);
        assert!(stored(&effects).is_empty(), "{key}");
        assert_eq!(replies.len(), 1, "{key}");
        assert!(
            replies[0].body.contains("rien n'a été enregistré"),
            "{key}: {}",
            replies[0].body
        );
    }
    // DEBUT FIN with nothing between empties the orders: stored.
    let (_, effects) = run(&mut f, "cleared", 100, &orders_mail(None, ""));
    assert_eq!(stored(&effects), [(1, true)]);
}

#[test]
fn a_mail_nested_deeper_than_the_robot_reads_costs_little_and_gets_one_error() {
    // Just under the 1 MiB a mail may weigh (a deeper one is not read at all).
    let depth = 15_000;
    let mut raw = String::from("From: x@evil.test\r\nSubject: ORDRES KARNAJ 1 pw1\r\n");
    for i in 0..depth {
        raw.push_str(&format!(
            "Content-Type: multipart/mixed; boundary=b{i}\r\n\r\n--b{i}\r\n"
        ));
    }
    raw.push_str("Content-Type: text/plain\r\n\r\nDEBUT\r\nFIN\r\n");
    let mail = read_incoming(raw.as_bytes(), "robot@x");
    assert!(mail.too_complex);
    assert_eq!(mail.from, "x@evil.test");
    let mut f = fixture();
    let (replies, effects) = run(&mut f, "deep", 100, &mail);
    assert_eq!(replies.len(), 1);
    assert!(replies[0].body.contains("trop de parties"));
    assert!(stored(&effects).is_empty());
    // Wide: a thousand parts.
    let mut wide = String::from(
        "From: p1@example.org\r\nSubject: ORDRES KARNAJ 1 pw1\r\nContent-Type: multipart/mixed; boundary=B\r\n\r\n",
    );
    for _ in 0..1000 {
        wide.push_str("--B\r\nContent-Type: text/plain\r\n\r\nx\r\n");
    }
    wide.push_str("--B--\r\n");
    assert!(read_incoming(wide.as_bytes(), "robot@x").too_complex);
    // A few levels, within the limits: read.
    let mut nested = String::from("From: p1@example.org\r\nSubject: ORDRES KARNAJ 1 pw1\r\n");
    for i in 0..MAX_DEPTH {
        nested.push_str(&format!(
            "Content-Type: multipart/mixed; boundary=b{i}\r\n\r\n--b{i}\r\n"
        ));
    }
    nested.push_str("Content-Type: text/plain\r\n\r\nDEBUT\r\n# profond\r\nFIN\r\n");
    let mail = read_incoming(nested.as_bytes(), "robot@x");
    assert!(!mail.too_complex, "{mail:?}");
    assert!(mail.text.contains("# profond"), "{mail:?}");
}

#[test]
fn a_mail_too_large_is_read_for_its_headers_only() {
    let head = b"From: p1@example.org\r\nSubject: ORDRES KARNAJ 1 pw1\r\n\r\nDEBUT\r\n";
    let mail = read_incoming_sized(head, 200 << 20, "robot@x");
    assert_eq!(
        (mail.from.as_str(), mail.size),
        ("p1@example.org", 200 << 20)
    );
    assert!(mail.text.is_empty());
    let mut f = fixture();
    let (replies, effects) = run(&mut f, "big", 100, &mail);
    assert_eq!(replies.len(), 1);
    assert!(replies[0].body.contains("trop gros"));
    assert!(stored(&effects).is_empty());
}

#[test]
fn a_broken_transfer_encoding_is_undecodable_not_empty() {
    let raw = b"From: p1@example.org\r\nSubject: ORDRES KARNAJ 1 pw1\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n!!!! not base64 ####\r\n";
    let mail = read_incoming(raw, "robot@x");
    assert!(mail.undecodable, "{mail:?}");
}

#[test]
fn passwords_need_six_characters_and_no_blank() {
    assert_eq!(password_problem("abcdef"), None);
    assert_eq!(password_problem("abcde"), Some("mail-password-short"));
    assert_eq!(password_problem(" abcdefg"), Some("mail-password-blank"));
    assert_eq!(password_problem("abc defg"), Some("mail-password-blank"));
    assert!(is_mailbox("p1@example.org"));
    for bad in [
        "p2@@example.org",
        "Jean Dupont",
        "",
        "a@",
        "@b",
        "J <a@b.org>",
    ] {
        assert!(!is_mailbox(bad), "{bad}");
    }
}

#[test]
fn message_ids_differ_from_game_to_game() {
    let a = MailState {
        instance: "0a1b2c".into(),
        ..MailState::default()
    };
    let b = MailState {
        instance: "ffee00".into(),
        ..MailState::default()
    };
    assert_eq!(a.message_domain("KARNAJ"), "karnaj.0a1b2c.nebutil");
    assert_ne!(a.message_domain("KARNAJ"), b.message_domain("KARNAJ"));
    assert_eq!(a.message_domain("<>"), "nebula.0a1b2c.nebutil");
}
