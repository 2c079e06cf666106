//! `nebutil mail` end to end, against a real SMTP server on the loopback
//! (`tests/support/mail.rs`): players' mails are sent to it with a real SMTP
//! client (lettre), delivered into the game's inbox Maildir, processed by the real
//! binary, and the robot's replies go out through the same server into the
//! players' Maildir, where they are read back.
//!
//! Without python3 + aiosmtpd the tests say so on stderr and pass (CI has them).

use std::path::Path;

use crate::support::cli::{TempDir, copy_files, folder_files};
use crate::support::mail::{Got, ROBOT, for_rcpt, mail, nebutil, new_game, ok, run, sha256, smtpd};

#[test]
fn every_request_by_mail_with_a_real_smtp_server() {
    let root = TempDir::created("mail-requests");
    let game = root.path().join("game");
    let others = root.path().join("players-mail");
    new_game(&game);
    let Some(server) = smtpd(&game, &others) else {
        return;
    };
    // The first run mails every registered player his CR and NBT of turn 1, once.
    run(&game, &server);
    let got = server.take();
    assert_eq!(got.len(), 3, "{got:#?}");
    for g in &got {
        let names: Vec<&str> = g.attachments.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["turn-001.cr", "turn-001.nbt"], "{}", g.subject);
        assert!(g.raw.contains("Auto-Submitted: auto-replied"));
    }
    run(&game, &server);
    assert!(server.take().is_empty(), "the CRs are mailed once");

    // ORDRES: stored exactly as the DEBUT…FIN body (not the signature), acknowledged
    // with the version, the checksum and the validator's diagnostics.
    let orders = "# mes ordres\nF_9999 * M\n";
    server.send(
        "p1@example.org",
        &mail(
            "p1@example.org",
            "Ordres KARNAJ 1 totoro \"premier envoi\"",
            &format!("Bonjour\nDEBUT\n{orders}FIN\n-- \nma signature\n"),
        ),
    );
    run(&game, &server);
    let stored = std::fs::read_to_string(game.join("players/1/orders-001.txt")).expect("stored");
    assert_eq!(stored, orders);
    let got = server.take();
    assert_eq!(got.len(), 1, "{got:#?}");
    let ack = &got[0];
    assert_eq!(ack.rcpt, "p1@example.org");
    assert!(ack.subject.contains("version 1"), "{}", ack.subject);
    assert!(ack.subject.contains("premier envoi"));
    assert!(ack.body.contains(&sha256(orders)), "{}", ack.body);
    assert!(
        ack.body.contains("orders-001.txt:2:"),
        "a diagnostic: {}",
        ack.body
    );
    assert!(ack.body.contains("DEBUT\n# mes ordres\nF_9999 * M\nFIN"));
    assert!(!ack.body.contains("signature"));

    // Two versions out of order: the later Date wins, the older is kept, said so.
    let newer = "# version B\nF_1 * M\n";
    let older = "# version A\n";
    let dated = |date: &str, body: &str| {
        format!(
            "From: p1@example.org\nTo: {ROBOT}\nDate: {date}\nSubject: ORDRES KARNAJ 1 totoro\n\
             \nDEBUT\n{body}FIN\n"
        )
    };
    server.send(
        "p1@example.org",
        &dated("Mon, 01 Jan 2024 10:00:00 +0000", newer),
    );
    server.send(
        "p1@example.org",
        &dated("Mon, 01 Jan 2024 09:00:00 +0000", older),
    );
    run(&game, &server);
    let got = server.take();
    assert_eq!(got.len(), 2);
    let current = std::fs::read_to_string(game.join("players/1/orders-001.txt")).expect("stored");
    // Version 1 (no Date: its arrival, today) is still the latest by date.
    assert_eq!(current, orders);
    assert!(game.join("mail/orders/1/001-v002.txt").exists());
    assert_eq!(
        std::fs::read_to_string(game.join("mail/orders/1/001-v003.txt")).expect("v3"),
        older
    );
    assert!(
        got.iter()
            .all(|g| g.body.contains("PAS vos ordres courants"))
    );

    // Latin-1 quoted-printable orders from a 2002 client; English acknowledgement.
    server.send(
        "p2@example.org",
        "From: p2@example.org\nTo: robot@nebula.test\nSubject: ORDRES karnaj 2 secret2\n\
         MIME-Version: 1.0\nContent-Type: text/plain; charset=ISO-8859-1\n\
         Content-Transfer-Encoding: quoted-printable\n\nDEBUT\n# d=E9fense =E0 l'est\nFIN\n",
    );
    run(&game, &server);
    assert_eq!(
        std::fs::read_to_string(game.join("players/2/orders-001.txt")).expect("stored"),
        "# défense à l'est\n"
    );
    let got = server.take();
    assert_eq!(got.len(), 1);
    assert!(
        got[0].body.contains("These are your current orders"),
        "{}",
        got[0].body
    );

    // Orders as a text attachment; an HTML-only mail is answered with an explanation.
    server.send(
        "p3@example.org",
        "From: p3@example.org\nTo: robot@nebula.test\nSubject: ORDRES KARNAJ 3 troisieme\n\
         MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=XX\n\n--XX\n\
         Content-Type: text/plain; charset=utf-8\n\nmes ordres sont joints\n--XX\n\
         Content-Type: text/plain; charset=utf-8\n\
         Content-Disposition: attachment; filename=\"ordres.txt\"\n\n\
         DEBUT\n# joint\nFIN\n--XX--\n",
    );
    server.send(
        "p3@example.org",
        "From: p3@example.org\nTo: robot@nebula.test\nSubject: ORDRES KARNAJ 3 troisieme\n\
         MIME-Version: 1.0\nContent-Type: text/html; charset=utf-8\n\n\
         <html><body><p>DEBUT</p><p>FIN</p></body></html>\n",
    );
    run(&game, &server);
    assert_eq!(
        std::fs::read_to_string(game.join("players/3/orders-001.txt")).expect("stored"),
        "# joint\n"
    );
    let got = server.take();
    assert_eq!(got.len(), 2, "{got:#?}");
    assert!(got.iter().any(|g| g.body.contains("HTML")), "{got:#?}");

    // A bounce and an automatic reply: never answered.
    server.send(
        "",
        "From: MAILER-DAEMON@example.org\nTo: robot@nebula.test\nSubject: Undelivered\n\n\
         ORDRES KARNAJ 1 totoro\n",
    );
    server.send(
        "p1@example.org",
        "From: p1@example.org\nTo: robot@nebula.test\nAuto-Submitted: auto-replied\n\
         Subject: ORDRES KARNAJ 1 totoro\n\nDEBUT\nFIN\n",
    );
    // A wrong password: one error reply, nothing stored.
    server.send(
        "p3@example.org",
        &mail(
            "p3@example.org",
            "ORDRES KARNAJ 3 faux",
            "DEBUT\n# rien\nFIN\n",
        ),
    );
    run(&game, &server);
    let got = server.take();
    assert_eq!(
        got.len(),
        1,
        "only the wrong password is answered: {got:#?}"
    );
    assert!(got[0].body.contains("mot de passe"), "{}", got[0].body);
    assert_eq!(
        std::fs::read_to_string(game.join("players/3/orders-001.txt")).expect("stored"),
        "# joint\n"
    );
    let log = std::fs::read_to_string(game.join("mail/robot.log")).expect("log");
    assert!(log.contains("automatic"), "{log}");

    // A right password from an unknown address: the answer goes to the registered one.
    server.send(
        "stranger@elsewhere.org",
        &mail(
            "stranger@elsewhere.org",
            "INFO KARNAJ 1 totoro",
            "DEBUT\nNBORDRES\nORDRES\nCR\nFIN\n",
        ),
    );
    run(&game, &server);
    let got = server.take();
    assert_eq!(got.len(), 3, "{got:#?}");
    let note = for_rcpt(&got, "stranger@elsewhere.org");
    assert_eq!(note.len(), 1);
    assert!(!note[0].body.contains("F_9999"), "no data to a stranger");
    let to_player = for_rcpt(&got, "p1@example.org");
    assert_eq!(
        to_player.len(),
        2,
        "the answer and a notice: {to_player:#?}"
    );
    assert!(
        to_player
            .iter()
            .any(|g| g.body.contains("stranger@elsewhere.org")),
        "the player is told which address used his password"
    );
    let info: Vec<&&Got> = to_player
        .iter()
        .filter(|g| g.body.contains("Ordres stockés"))
        .collect();
    assert_eq!(info.len(), 1);
    assert!(
        info[0].body.contains("Ordres stockés pour le tour 1 : 1"),
        "{}",
        info[0].body
    );
    assert!(info[0].body.contains("F_9999 * M"));
    assert_eq!(info[0].attachments.len(), 2);

    // CONFIG: empty body = the current settings; RUMEUR N; MESSAGE M and A.
    server.send(
        "p3@example.org",
        &mail(
            "p3@example.org",
            "CONFIG KARNAJ 3 troisieme",
            "DEBUT\nRUMEURS N\nFIN\n",
        ),
    );
    server.send(
        "p2@example.org",
        &mail("p2@example.org", "CONFIG KARNAJ 2 secret2", "DEBUT\nFIN\n"),
    );
    run(&game, &server);
    let got = server.take();
    assert_eq!(got.len(), 2);
    assert!(
        for_rcpt(&got, "p3@example.org")[0]
            .body
            .contains("RUMEUR N")
    );
    assert!(
        for_rcpt(&got, "p2@example.org")[0]
            .body
            .contains("RUMEUR Y")
    );

    server.send(
        "p1@example.org",
        &mail(
            "p1@example.org",
            "MESSAGE KARNAJ 1 totoro M <2,3>",
            "DEBUT\nOn va gagner !\nFIN\n",
        ),
    );
    server.send(
        "p1@example.org",
        &mail(
            "p1@example.org",
            "Message KARNAJ 1 totoro A <All>",
            "DEBUT\nC'est moi le plus fort\nFIN\n",
        ),
    );
    run(&game, &server);
    let got = server.take();
    let to2 = for_rcpt(&got, "p2@example.org");
    let to3 = for_rcpt(&got, "p3@example.org");
    let to1 = for_rcpt(&got, "p1@example.org");
    assert_eq!(to2.len(), 2, "message and rumour: {got:#?}");
    assert_eq!(to3.len(), 1, "3 refuses rumours");
    assert_eq!(to1.len(), 2, "two confirmations");
    assert!(to3[0].body.contains("On va gagner !"));
    let rumour = to2
        .iter()
        .find(|g| g.body.contains("le plus fort"))
        .expect("the rumour");
    assert!(
        !rumour.raw.contains("p1@example.org"),
        "anonymous: {}",
        rumour.raw
    );
    assert!(!rumour.raw.contains("Joueur <"), "no sender header");
    assert!(!rumour.body.contains("joueur 1") && !rumour.subject.contains(" 1"));

    // Player 3 answers the M message (a reply to the relayed mail): it goes to the
    // whole thread, 1 and 2, though he names only 1.
    let relayed = &to3[0].message_id;
    server.send(
        "p3@example.org",
        &format!(
            "From: p3@example.org\nTo: {ROBOT}\nIn-Reply-To: {relayed}\n\
             Subject: MESSAGE KARNAJ 3 troisieme M <1>\n\nDEBUT\nPas si vite.\nFIN\n"
        ),
    );
    run(&game, &server);
    let got = server.take();
    assert_eq!(for_rcpt(&got, "p1@example.org").len(), 1, "{got:#?}");
    assert_eq!(for_rcpt(&got, "p2@example.org").len(), 1, "{got:#?}");
    assert!(
        for_rcpt(&got, "p2@example.org")[0]
            .body
            .contains("Pas si vite.")
    );

    // EMAIL: a confirmation mail to the new address; its reply makes the change.
    server.send(
        "p2@example.org",
        &mail(
            "p2@example.org",
            "CONFIG KARNAJ 2 secret2",
            "DEBUT\nEMAIL new2@example.org\nFIN\n",
        ),
    );
    run(&game, &server);
    let got = server.take();
    let ask = for_rcpt(&got, "new2@example.org");
    assert_eq!(ask.len(), 1, "{got:#?}");
    assert!(ask[0].subject.starts_with("CONFIRMATION KARNAJ 2 "));
    server.send(
        "new2@example.org",
        &mail(
            "new2@example.org",
            &format!("Re: {}", ask[0].subject),
            "ok\n",
        ),
    );
    run(&game, &server);
    let got = server.take();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].rcpt, "new2@example.org");
    // From now on, data replies go to the new address only.
    server.send(
        "p2@example.org",
        &mail(
            "p2@example.org",
            "INFO KARNAJ 2 secret2",
            "DEBUT\nNBORDRES\nFIN\n",
        ),
    );
    run(&game, &server);
    let got = server.take();
    let to_new = for_rcpt(&got, "new2@example.org");
    assert_eq!(to_new.len(), 2, "the answer and a notice: {got:#?}");
    assert!(
        to_new.iter().any(|g| g.body.contains("Orders stored")),
        "{to_new:#?}"
    );
    let to_old = for_rcpt(&got, "p2@example.org");
    assert_eq!(to_old.len(), 1, "{got:#?}");
    assert!(!to_old[0].body.contains("Orders stored"));
    let state = std::fs::read_to_string(game.join("mail/state.json")).expect("state");
    assert!(!state.contains("secret2") && state.contains("$argon2id$"));
}

/// What must come out of a run whatever the crashes: orders, kept versions, the
/// names of the replies in the outbox, the mails moved to cur.
fn outcome(dir: &Path) -> Vec<String> {
    folder_files(dir)
        .into_iter()
        .filter(|(name, _)| {
            !name.ends_with("state.json") && !name.ends_with("robot.log") && !name.contains("/tmp/")
        })
        .map(|(name, bytes)| {
            if name.contains("outbox/") {
                // Replies carry their Date: the name says which reply it is.
                name
            } else {
                format!("{name} {}", sha256(&String::from_utf8_lossy(&bytes)))
            }
        })
        .collect()
}

#[test]
fn a_run_killed_at_any_step_processes_and_sends_each_mail_once() {
    let root = TempDir::created("mail-kill");
    let game = root.path().join("game");
    let others = root.path().join("players-mail");
    new_game(&game);
    let Some(server) = smtpd(&game, &others) else {
        return;
    };
    let d = game.to_str().expect("utf-8");
    // The turn's CRs out of the way, then three mails waiting in the inbox.
    run(&game, &server);
    server.take();
    server.send(
        "p1@example.org",
        &mail(
            "p1@example.org",
            "ORDRES KARNAJ 1 totoro",
            "DEBUT\n# un\nF_9999 * M\nFIN\n",
        ),
    );
    server.send(
        "p2@example.org",
        &mail(
            "p2@example.org",
            "CONFIG KARNAJ 2 secret2",
            "DEBUT\nPASSWORD nouveau9\nFIN\n",
        ),
    );
    server.send(
        "p3@example.org",
        &mail(
            "p3@example.org",
            "ORDRES KARNAJ 3 troisieme",
            "DEBUT\n# troisieme\nFIN\n",
        ),
    );
    let pristine = root.path().join("pristine");
    copy_files(folder_files(&game), &pristine);
    ok(&nebutil(&["mail", "run", d, "--from", ROBOT], None, None));
    let expected = outcome(&game);
    assert_eq!(
        expected
            .iter()
            .filter(|n| n.contains("outbox/new/"))
            .count(),
        3,
        "{expected:#?}"
    );
    let mut killed = 0;
    for step in 1..40 {
        std::fs::remove_dir_all(&game).expect("reset");
        copy_files(folder_files(&pristine), &game);
        let fault = format!("kill:{step}");
        let first = nebutil(&["mail", "run", d, "--from", ROBOT], None, Some(&fault));
        if first.status.success() {
            break;
        }
        killed += 1;
        ok(&nebutil(&["mail", "run", d, "--from", ROBOT], None, None));
        assert_eq!(outcome(&game), expected, "killed at step {step}");
        // The new password holds whatever the crash.
        let state = std::fs::read_to_string(game.join("mail/state.json")).expect("state");
        let parsed: nebutil::game::mailbox::MailState =
            serde_json::from_str(&state).expect("state");
        assert_eq!(parsed.processed.len(), 3);
    }
    assert!(killed >= 6, "the run has steps to kill: {killed}");

    // Sending, killed after each mail sent: every reply arrives, none twice but the
    // one in flight (same Message-ID).
    let mut sends = 0;
    let mut kills = 0;
    for step in 1..20 {
        let fault = format!("kill:{step}");
        let url = server.url();
        let first = nebutil(
            &["mail", "run", d, "--from", ROBOT, "--smtp", &url],
            None,
            Some(&fault),
        );
        sends += 1;
        if first.status.success() {
            break;
        }
        kills += 1;
    }
    assert!(sends > 1);
    let got = server.take();
    let mut ids: Vec<&str> = got.iter().map(|g| g.message_id.as_str()).collect();
    ids.sort();
    let all = ids.len();
    ids.dedup();
    assert_eq!(ids.len(), 3, "{got:#?}");
    assert!(
        all - ids.len() <= kills,
        "at most the mail in flight twice per kill: {all} for {kills} kills"
    );
}

#[test]
fn a_whole_game_by_mail() {
    let root = TempDir::created("mail-game");
    let game = root.path().join("game");
    let others = root.path().join("players-mail");
    new_game(&game);
    let Some(server) = smtpd(&game, &others) else {
        return;
    };
    let d = game.to_str().expect("utf-8");
    run(&game, &server);
    assert_eq!(server.take().len(), 3, "turn 1 CRs");
    for (n, password) in [(1, "totoro"), (2, "secret2"), (3, "troisieme")] {
        let from = format!("p{n}@example.org");
        server.send(
            &from,
            &mail(
                &from,
                &format!("ORDRES KARNAJ {n} {password}"),
                "DEBUT\n# tour 1\nFIN\n",
            ),
        );
    }
    run(&game, &server);
    assert_eq!(server.take().len(), 3, "three acknowledgements");
    ok(&nebutil(&["game", "turn", d], None, None));
    run(&game, &server);
    let got = server.take();
    assert_eq!(got.len(), 3, "turn 2 CRs: {got:#?}");
    assert!(
        got.iter()
            .all(|g| g.attachments.iter().any(|(n, _)| n == "turn-002.cr"))
    );
    // A deadline in an hour: everyone is reminded once (nobody sent orders yet).
    let soon = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("clock")
        .as_secs()
        + 3600;
    let deadline = format!("@{soon}");
    let url = server.url();
    let remind = [
        "mail",
        "run",
        d,
        "--smtp",
        &url,
        "--from",
        ROBOT,
        "--deadline",
        &deadline,
    ];
    ok(&nebutil(&remind, None, None));
    let got = server.take();
    assert_eq!(got.len(), 3, "{got:#?}");
    assert!(
        got.iter()
            .all(|g| g.subject.contains("turn 2") || g.subject.contains("tour 2"))
    );
    ok(&nebutil(&remind, None, None));
    assert!(server.take().is_empty(), "reminded once");
    server.send(
        "p1@example.org",
        &mail(
            "p1@example.org",
            "ORDRES KARNAJ 1 totoro",
            "DEBUT\n# tour 2\nFIN\n",
        ),
    );
    run(&game, &server);
    assert_eq!(
        std::fs::read_to_string(game.join("players/1/orders-002.txt")).expect("turn 2"),
        "# tour 2\n"
    );
    let got = server.take();
    assert_eq!(got.len(), 1);
    assert!(got[0].body.contains("tour 2"), "{}", got[0].body);
}

/// A mail fetcher whose Maildir names repeat (fetchmail's `%s` in an `mda`
/// line, or a process number alone): a later mail of the same name is a mail
/// of its own — processed, answered, kept beside the first — never taken for
/// the first or written over it and its reply.
#[test]
fn a_mail_named_as_an_earlier_one_is_processed_and_kept_beside_it() {
    let root = TempDir::created("mail-same-name");
    let dir = root.path().join("game");
    new_game(&dir);
    let d = dir.to_str().expect("utf-8");
    let mail_dir = dir.join("mail");
    let run_without_smtp = || ok(&nebutil(&["mail", "run", d, "--from", ROBOT], None, None));
    run_without_smtp();
    let deliver = |raw: &str| {
        std::fs::write(mail_dir.join("inbox/new/arbiter.28024.vm"), raw).expect("delivered");
    };
    let first = mail("p1@example.org", "INFO KARNAJ 1 totoro", "");
    let second = mail("p2@example.org", "INFO KARNAJ 2 secret2", "");
    deliver(&first);
    run_without_smtp();
    deliver(&second);
    run_without_smtp();
    // Delivered again, the same second mail is one more mail (a fetcher that
    // fetched it twice): kept too, under a name of its own.
    deliver(&second);
    run_without_smtp();
    let files = |sub: &str| -> Vec<(String, String)> {
        let mut files: Vec<(String, String)> = std::fs::read_dir(mail_dir.join(sub))
            .expect("a Maildir folder")
            .flatten()
            .map(|e| {
                let text = std::fs::read_to_string(e.path()).unwrap_or_default();
                (e.file_name().to_string_lossy().to_string(), text)
            })
            .collect();
        files.sort();
        files
    };
    let kept = files("inbox/cur");
    assert_eq!(kept.len(), 3, "{kept:?}");
    assert!(files("inbox/new").is_empty());
    assert_eq!(kept.iter().filter(|(_, text)| *text == first).count(), 1);
    assert_eq!(kept.iter().filter(|(_, text)| *text == second).count(), 2);
    // The replies to the mails (the turn's CRs left aside).
    let replies: Vec<(String, String)> = files("outbox/new")
        .into_iter()
        .filter(|(name, _)| !name.starts_with("turn-"))
        .collect();
    let to = |player: &str| {
        replies
            .iter()
            .filter(|(_, text)| text.contains(&format!("To: {player}")))
            .count()
    };
    assert_eq!(
        (replies.len(), to("p1@example.org"), to("p2@example.org")),
        (3, 1, 2),
        "{replies:?}"
    );
    // Nothing is processed twice.
    let again = run_without_smtp();
    assert!(again.contains("0 mail"), "{again}");
    assert_eq!(files("inbox/cur").len(), 3);
}

/// `nebutil game undo` between two runs: the undone turn's CRs still in the
/// outbox never leave; those already sent are followed by the new ones as a
/// correction once the turn is resolved again (G-165).
#[test]
fn an_undone_turn_is_withdrawn_or_corrected() {
    let root = TempDir::created("mail-undo");
    let game = root.path().join("game");
    let others = root.path().join("players-mail");
    new_game(&game);
    let Some(server) = smtpd(&game, &others) else {
        return;
    };
    let d = game.to_str().expect("utf-8");
    run(&game, &server);
    assert_eq!(server.take().len(), 3);
    // Turn 2's CRs written, not sent; the turn undone: withdrawn.
    ok(&nebutil(&["game", "turn", d], None, None));
    ok(&nebutil(&["mail", "run", d, "--from", ROBOT], None, None));
    ok(&nebutil(&["game", "undo", d], None, None));
    let withdrawn = run(&game, &server);
    assert!(
        withdrawn.contains("3 CR d'un tour annulé retirés"),
        "{withdrawn}"
    );
    assert!(server.take().is_empty(), "nothing of the undone turn left");
    // Resolved again: the CRs go out, as first CRs.
    ok(&nebutil(&["game", "turn", d], None, None));
    run(&game, &server);
    let got = server.take();
    assert_eq!(got.len(), 3);
    assert!(
        got.iter().all(|g| !g.subject.contains("correction")),
        "{got:#?}"
    );
    // Undone after they were sent: the next ones are corrections.
    ok(&nebutil(&["game", "undo", d], None, None));
    run(&game, &server);
    ok(&nebutil(&["game", "turn", d], None, None));
    run(&game, &server);
    let got = server.take();
    assert_eq!(got.len(), 3, "{got:#?}");
    for g in &got {
        assert!(g.subject.contains("(correction)"), "{}", g.subject);
        assert!(
            g.body.contains("CORRECTION") || g.body.contains("CORRECTION:"),
            "{}",
            g.body
        );
        assert!(g.message_id.contains("-c1@"), "{}", g.message_id);
        assert!(g.attachments.iter().any(|(n, _)| n == "turn-002.cr"));
    }
}

/// The acknowledgement of an ORDRES mail forecasts the turn as the app's
/// preview does, on the player's own reports (`--no-forecast`: none).
#[test]
fn an_orders_acknowledgement_carries_the_forecast_unless_turned_off() {
    let root = TempDir::created("mail-forecast");
    let dir = root.path().join("game");
    new_game(&dir);
    let d = dir.to_str().expect("utf-8");
    let cr = std::fs::read_to_string(dir.join("players/1/turn-001.cr")).expect("his CR");
    let world: u32 = cr
        .lines()
        .find_map(|l| l.trim_start().strip_prefix("Md_"))
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok())
        .expect("his start world");
    let inbox = dir.join("mail/inbox/new");
    std::fs::create_dir_all(&inbox).expect("inbox");
    let orders = format!("DEBUT\nM_{world} C 5 DEP\nF_999 M {world}\nFIN\n");
    let reply_to_p1 = |extra: &[&str], name: &str| -> String {
        std::fs::write(
            inbox.join(name),
            mail("p1@example.org", "ORDRES KARNAJ 1 totoro", &orders),
        )
        .expect("delivered");
        let mut args = vec!["mail", "run", d, "--from", ROBOT];
        args.extend_from_slice(extra);
        ok(&nebutil(&args, None, None));
        let outbox = dir.join("mail/outbox/new");
        let mut replies: Vec<(std::time::SystemTime, String)> = std::fs::read_dir(&outbox)
            .expect("outbox")
            .flatten()
            .filter_map(|e| {
                let text = std::fs::read_to_string(e.path()).ok()?;
                let when = e.metadata().ok()?.modified().ok()?;
                (text.contains("To: p1@example.org")
                    && text.contains("Subject: ")
                    && !e.file_name().to_string_lossy().starts_with("turn-"))
                .then_some((when, text))
            })
            .collect();
        replies.sort();
        let raw = replies.pop().map(|(_, t)| t).expect("a reply to p1");
        crate::support::mail::body_of(&raw)
    };
    let body = reply_to_p1(&[], "p1-orders-1.vm");
    assert!(body.contains("Prévision"), "{body}");
    // The research predicted (5 UP toward DEP), the impossible move voided with why.
    let forecast = body
        .split("Prévision")
        .nth(1)
        .and_then(|rest| rest.split("DEBUT").next())
        .unwrap_or_default();
    assert!(
        forecast.contains("DEP · UP investies : 0 -> 5 (+5)"),
        "{body}"
    );
    assert!(forecast.contains("resolve-void-fleet-not-owned"), "{body}");
    // The order text stays last, between DEBUT and FIN.
    assert!(body.trim_end().ends_with("FIN"), "{body}");
    let body = reply_to_p1(&["--no-forecast"], "p1-orders-2.vm");
    assert!(!body.contains("Prévision"), "{body}");
    assert!(body.contains("DEBUT"), "{body}");
}

/// The player's side, end to end: the app builds an ORDRES mail (checked by the
/// robot's parser), sends it through SMTP (`post::send_smtp`), the robot stores
/// and acknowledges it, and the app files the acknowledgement by its facts,
/// its checksum matching the orders it sent; a relayed message is filed with
/// its sender, a rumour without.
#[test]
fn the_app_sends_orders_by_smtp_and_matches_the_acknowledgement() {
    use nebutil::game::mailbox::client::{Received, classify};
    use nebutil::game::mailbox::{checksum, read_incoming};
    use nebutil::orders::mail::{Credentials, MailKind, OrdersMail};
    use nebutil::post::{Security, SmtpSettings, send_smtp};

    let root = TempDir::created("mail-app-side");
    let game = root.path().join("game");
    let others = root.path().join("players-mail");
    new_game(&game);
    let Some(server) = smtpd(&game, &others) else {
        return;
    };
    run(&game, &server);
    let _ = server.take();
    let orders = OrdersMail::from_order_text(
        Credentials {
            game: "KARNAJ".into(),
            player: nebutil::model::PlayerId(1),
            password: "totoro".into(),
        },
        None,
        "# depuis l'appli\nF_1 M 2\n",
    );
    let kind = MailKind::Orders(orders.clone());
    assert!(kind.check().is_empty(), "{:?}", kind.check());
    let port: u16 = server
        .url()
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .expect("a port");
    let settings = SmtpSettings {
        host: "127.0.0.1".into(),
        port,
        security: Security::Plain,
        user: None,
    };
    send_smtp(&settings, None, "p1@example.org", ROBOT, &kind.to_mail()).expect("sent");
    run(&game, &server);
    let got = server.take();
    let ack = got
        .iter()
        .find(|g| g.rcpt == "p1@example.org")
        .expect("an acknowledgement");
    let read = read_incoming(ack.raw.as_bytes(), "p1@example.org");
    match classify(&read) {
        Received::OrdersAck {
            game,
            turn,
            player,
            version,
            checksum: acknowledged,
            ..
        } => {
            assert_eq!((game.as_str(), turn, player, version), ("KARNAJ", 1, 1, 1));
            assert_eq!(acknowledged, checksum(&orders.order_text()));
        }
        other => panic!("not an acknowledgement: {other:?}"),
    }
    // A message to two players, then a rumour: filed with and without sender.
    for (subject, body) in [
        (
            "MESSAGE KARNAJ 1 totoro M <2,3>",
            "DEBUT\nAlliance ?\nFIN\n",
        ),
        (
            "MESSAGE KARNAJ 1 totoro A <2>",
            "DEBUT\nOn dit que...\nFIN\n",
        ),
    ] {
        let mail = nebutil::orders::mail::Mail {
            subject: subject.into(),
            body: body.into(),
        };
        send_smtp(&settings, None, "p1@example.org", ROBOT, &mail).expect("sent");
    }
    run(&game, &server);
    let got = server.take();
    let to_p2: Vec<Received> = got
        .iter()
        .filter(|g| g.rcpt == "p2@example.org")
        .map(|g| classify(&read_incoming(g.raw.as_bytes(), "p2@example.org")))
        .collect();
    assert!(
        to_p2.iter().any(|r| matches!(r, Received::Message { from: Some(1), to, text, .. } if to == &vec![2, 3] && text.contains("Alliance ?"))),
        "{to_p2:?}"
    );
    assert!(
        to_p2.iter().any(|r| matches!(r, Received::Message { from: None, text, .. } if text.contains("On dit que"))),
        "{to_p2:?}"
    );
    // The rumour's raw mail names no sender anywhere.
    let rumour = got
        .iter()
        .find(|g| g.rcpt == "p2@example.org" && g.body.contains("On dit que"))
        .expect("the rumour");
    assert!(!rumour.raw.contains("from=1"), "{}", rumour.raw);
    // The sender's confirmation is the answer to his MESSAGE.
    let answers: Vec<Received> = got
        .iter()
        .filter(|g| g.rcpt == "p1@example.org")
        .map(|g| classify(&read_incoming(g.raw.as_bytes(), "p1@example.org")))
        .collect();
    assert!(
        answers.iter().any(
            |r| matches!(r, Received::Answer { request, player: 1, .. } if request == "MESSAGE")
        ),
        "{answers:?}"
    );
    // CONFIG and INFO are answered as such, for the app to file with them.
    for (subject, body, request) in [
        ("CONFIG KARNAJ 1 totoro", "DEBUT\nRUMEUR N\nFIN\n", "CONFIG"),
        ("INFO KARNAJ 1 totoro", "DEBUT\nNBORDRES\nFIN\n", "INFO"),
    ] {
        let mail = nebutil::orders::mail::Mail {
            subject: subject.into(),
            body: body.into(),
        };
        send_smtp(&settings, None, "p1@example.org", ROBOT, &mail).expect("sent");
        run(&game, &server);
        let got = server.take();
        let mut book = nebutil::post::book::GameMail {
            player: 1,
            ..Default::default()
        };
        book.record_sent(1, subject, None, nebutil::post::book::Via::Smtp);
        let filed: Vec<_> = got
            .iter()
            .filter(|g| g.rcpt == "p1@example.org")
            .map(|g| book.file(classify(&read_incoming(g.raw.as_bytes(), "p1@example.org"))))
            .collect();
        assert!(
            filed.contains(&nebutil::post::book::Filed::Answer {
                request: request.into(),
                matched: true
            }),
            "{filed:?}"
        );
        assert!(book.sent[0].reply.is_some());
    }
}
