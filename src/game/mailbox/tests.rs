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
    let verify = |hash: &str, password: &str| hash == password;
    let stored = |_: PlayerId| None;
    let validate = |_: PlayerId, _: &str, _: Lang| vec![(true, "x:1:1: erreur".to_string())];
    let files = |_: PlayerId| Vec::new();
    let ctx = Context {
        game: "KARNAJ",
        turn: 3,
        players: &f.players,
        now,
        key,
        verify_password: &verify,
        stored_orders: &stored,
        validate: &validate,
        turn_files: &files,
    };
    handle(&mut f.state, &ctx, mail)
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

#[test]
fn wrong_passwords_end_in_silence_and_replies_are_limited() {
    let mut f = fixture();
    let mut wrong = orders_mail(None, "# x\n");
    wrong.subject = "ORDRES KARNAJ 1 faux".into();
    for i in 0..WRONG_PASSWORDS {
        let (replies, effects) = run(&mut f, &format!("w{i}"), 100, &wrong);
        assert_eq!(replies.len(), 1, "mail {i} answered");
        assert!(stored(&effects).is_empty());
    }
    let (replies, effects) = run(&mut f, "w-last", 100, &wrong);
    assert!(replies.is_empty(), "silence");
    assert!(
        effects
            .iter()
            .any(|e| matches!(e, Effect::Log(l) if l.contains("silenced")))
    );
    // The right password, many times in an hour: 20 replies, then none.
    let mut f = fixture();
    let mut answered = 0;
    for i in 0..(REPLIES_PER_HOUR + 5) {
        let (replies, _) = run(&mut f, &format!("m{i}"), 5000, &orders_mail(None, "# y\n"));
        answered += replies.len();
    }
    assert_eq!(answered, REPLIES_PER_HOUR);
    let (replies, _) = run(&mut f, "later", 5000 + 3600, &orders_mail(None, "# y\n"));
    assert_eq!(replies.len(), 1, "an hour later");
}
