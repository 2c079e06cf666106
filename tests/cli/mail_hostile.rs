//! The mail robot's inbox is open to the internet: hostile mails against the
//! real binary (and a real SMTP server on the loopback, `tests/support/mail.rs`,
//! where sending is involved). Each test puts the bad mail (or server) first and
//! a player's real mail behind it: the real one is always processed.

use std::path::Path;

use crate::support::cli::TempDir;
use crate::support::mail::{
    ROBOT, body_of, deliver, for_rcpt, mail, maildir_texts, nebutil, new_game, ok, run,
    run_offline, smtpd, smtpd_refusing,
};

fn orders_of(dir: &Path, player: u32) -> Option<String> {
    std::fs::read_to_string(dir.join(format!("players/{player}/orders-001.txt"))).ok()
}

fn robot_log(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("mail/robot.log")).unwrap_or_default()
}

/// The replies written to the outbox since the turn's CRs: name, text.
fn replies(dir: &Path) -> Vec<(String, String)> {
    maildir_texts(dir, "mail/outbox/new")
        .into_iter()
        .filter(|(name, _)| !name.starts_with("turn-"))
        .collect()
}

/// A game whose turn-1 CRs are already in the outbox.
fn game(tag: &str) -> (TempDir, std::path::PathBuf) {
    let root = TempDir::created(tag);
    let dir = root.path().join("game");
    new_game(&dir);
    ok(&run_offline(&dir));
    (root, dir)
}

fn p1_orders() -> String {
    mail(
        "p1@example.org",
        "ORDRES KARNAJ 1 totoro",
        "DEBUT\n# les vrais ordres\nFIN\n",
    )
}

#[test]
fn deep_or_huge_mails_and_odd_files_never_stop_the_robot() {
    let (_root, dir) = game("hostile-structure");
    // 100,000 nested multiparts (5 MB: over the size limit, headers read only),
    // 15,000 (just under 1 MiB: too complex), and a thousand parts side by side.
    let nested = |depth: usize| {
        let mut raw = String::from("From: x@evil.test\r\nSubject: ORDRES KARNAJ 1 guess\r\n");
        for i in 0..depth {
            raw.push_str(&format!(
                "Content-Type: multipart/mixed; boundary=b{i}\r\n\r\n--b{i}\r\n"
            ));
        }
        raw
    };
    deliver(&dir, "1-deep", nested(100_000).as_bytes());
    deliver(&dir, "2-deep-under-limit", nested(15_000).as_bytes());
    let mut wide = String::from(
        "From: y@evil.test\r\nSubject: INFO KARNAJ 1 guess\r\nContent-Type: multipart/mixed; boundary=B\r\n\r\n",
    );
    for _ in 0..1000 {
        wide.push_str("--B\r\nContent-Type: text/plain\r\n\r\nx\r\n");
    }
    deliver(&dir, "3-wide", wide.as_bytes());
    // 200 MB (sparse): never read whole.
    let big = dir.join("mail/inbox/tmp/4-big");
    std::fs::write(
        &big,
        "From: z@evil.test\r\nSubject: ORDRES KARNAJ 1 x\r\n\r\nDEBUT\r\n",
    )
    .expect("big");
    let file = std::fs::OpenOptions::new()
        .write(true)
        .open(&big)
        .expect("big");
    file.set_len(200 << 20).expect("sparse");
    std::fs::rename(&big, dir.join("mail/inbox/new/4-big")).expect("moved");
    // A folder, a link to an endless device and a FIFO where mails go.
    std::fs::create_dir_all(dir.join("mail/inbox/new/5-folder/inside")).expect("folder");
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("/dev/zero", dir.join("mail/inbox/new/6-link")).expect("link");
        let fifo = std::process::Command::new("mkfifo")
            .arg(dir.join("mail/inbox/new/7-fifo"))
            .status();
        assert!(fifo.is_ok_and(|s| s.success()), "mkfifo");
    }
    deliver(&dir, "8-real", p1_orders().as_bytes());

    let output = ok(&run_offline(&dir));
    assert_eq!(orders_of(&dir, 1).as_deref(), Some("# les vrais ordres\n"));
    let left = std::fs::read_dir(dir.join("mail/inbox/new"))
        .expect("new")
        .count();
    assert_eq!(left, 0, "nothing left behind");
    // (Names only: a link to /dev/zero or a FIFO is not read, not even here.)
    let mut names: Vec<String> = std::fs::read_dir(dir.join("mail/inbox/failed"))
        .expect("set aside")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    #[cfg(unix)]
    assert_eq!(names, ["5-folder", "6-link", "7-fifo"], "{output}");
    assert!(output.contains("mis de côté"), "{output}");
    let log = robot_log(&dir);
    assert!(log.contains("5-folder: not a plain file"), "{log}");
    // One error reply to each bad mail, none to the files.
    let replies = replies(&dir);
    let to = |who: &str| {
        replies
            .iter()
            .filter(|(_, t)| t.contains(&format!("To: {who}")))
            .count()
    };
    assert_eq!(
        (to("x@evil.test"), to("y@evil.test"), to("z@evil.test")),
        (2, 1, 1),
        "{replies:#?}"
    );
    assert!(
        replies
            .iter()
            .any(|(_, t)| t.contains("To: z@evil.test") && body_of(t).contains("trop gros"))
    );
    assert!(
        replies
            .iter()
            .any(|(_, t)| t.contains("To: y@evil.test") && body_of(t).contains("trop de parties"))
    );
    // A second run has nothing to do.
    assert!(ok(&run_offline(&dir)).contains("0 mail traité"));
}

#[test]
fn a_thousand_guessing_strangers_cost_a_bounded_run_and_a_player_gets_through() {
    let (_root, dir) = game("hostile-guessers");
    for n in 0..1000 {
        let raw = mail(
            &format!("s{n}@evil.test"),
            &format!("ORDRES KARNAJ {} guess{n}", 1 + n % 3),
            "DEBUT\n# rien\nFIN\n",
        );
        deliver(&dir, &format!("{n:04}-stranger"), raw.as_bytes());
        if n == 500 {
            deliver(&dir, "0500-real", p1_orders().as_bytes());
        }
    }
    let output = ok(&run_offline(&dir));
    assert_eq!(orders_of(&dir, 1).as_deref(), Some("# les vrais ordres\n"));
    let log = robot_log(&dir);
    let checks: usize = log
        .lines()
        .filter(|l| l.starts_with("run: "))
        .filter_map(|l| {
            l.split(" password checks")
                .next()?
                .rsplit(", ")
                .next()?
                .parse::<usize>()
                .ok()
        })
        .sum();
    // 10 per claimed player (3 players), and the player's own.
    assert!(checks <= 31, "{checks} checks: {log}");
    assert!(output.contains("attendent le prochain passage"), "{output}");
    let waiting = maildir_texts(&dir, "mail/inbox/new").len();
    assert_eq!(waiting, 1000 - 30, "{output}");
    // The strangers' mails got the same note whatever their password; nothing
    // quotes a password.
    for (_, text) in replies(&dir) {
        assert!(!text.contains("guess"), "{text}");
    }
    let state = std::fs::read_to_string(dir.join("mail/state.json")).expect("state");
    assert!(state.len() < 20_000, "state of {} bytes", state.len());
}

#[test]
fn a_forged_sender_never_silences_a_player() {
    let root = TempDir::created("hostile-forged");
    let dir = root.path().join("game");
    let others = root.path().join("players-mail");
    new_game(&dir);
    let Some(server) = smtpd(&dir, &others) else {
        return;
    };
    run(&dir, &server);
    server.take();
    for i in 0..8 {
        server.send(
            "p1@example.org",
            &mail(
                "p1@example.org",
                &format!("ORDRES KARNAJ 1 faux{i}"),
                "DEBUT\nFIN\n",
            ),
        );
    }
    for _ in 0..25 {
        server.send("p1@example.org", &mail("p1@example.org", "hello", "hi"));
    }
    server.send("p1@example.org", &p1_orders());
    run(&dir, &server);
    assert_eq!(orders_of(&dir, 1).as_deref(), Some("# les vrais ordres\n"));
    let got = server.take();
    let to_p1 = for_rcpt(&got, "p1@example.org");
    assert!(
        to_p1.iter().any(|g| g.subject.contains("AR ordres")),
        "the acknowledgement went out: {got:#?}"
    );
    // 5 wrong-password errors, then the hello errors up to the hourly 20, then
    // the acknowledgement beyond the quota.
    assert_eq!(
        to_p1.len(),
        20 + 1,
        "{:#?}",
        to_p1.iter().map(|g| &g.subject).collect::<Vec<_>>()
    );
}

#[test]
fn one_refused_recipient_blocks_no_one() {
    let root = TempDir::created("hostile-refused");
    let dir = root.path().join("game");
    let others = root.path().join("players-mail");
    new_game(&dir);
    let Some(server) = smtpd_refusing(&dir, &others, &["p2@example.org"], &["p3@example.org"])
    else {
        return;
    };
    let output = run(&dir, &server);
    let got = server.take();
    assert_eq!(got.len(), 1, "{got:#?}");
    assert_eq!(got[0].rcpt, "p1@example.org");
    assert!(output.contains("refusée par le serveur SMTP"), "{output}");
    assert!(output.contains("repartira"), "{output}");
    let failed = maildir_texts(&dir, "mail/outbox/failed");
    assert_eq!(failed.len(), 1);
    assert!(failed[0].1.contains("To: p2@example.org"));
    let log = robot_log(&dir);
    assert!(log.contains("refused for <p2@example.org>"), "{log}");
    assert!(log.contains("kept for the next run"), "{log}");
    // Player 1's orders behind the refusals are answered.
    server.send("p1@example.org", &p1_orders());
    run(&dir, &server);
    assert_eq!(for_rcpt(&server.take(), "p1@example.org").len(), 1);
    drop(server);
    // The busy mailbox accepts again: player 3's CR leaves at the next run.
    let Some(server) = smtpd(&dir, &others) else {
        return;
    };
    run(&dir, &server);
    let got = server.take();
    assert_eq!(got.len(), 1, "{got:#?}");
    assert_eq!(got[0].rcpt, "p3@example.org");
    assert!(maildir_texts(&dir, "mail/outbox/new").is_empty());
}

#[test]
fn unmailable_addresses_and_weak_passwords_are_refused_and_never_fatal() {
    let root = TempDir::created("hostile-addresses");
    let dir = root.path().join("game");
    new_game(&dir);
    let d = dir.to_str().expect("utf-8");
    for (address, password) in [
        ("p2@@example.org", "secret22"),
        ("Jean Dupont", "secret22"),
        ("Jean <p2@example.org>", "secret22"),
        ("p2@example.org", "court"),
        ("p2@example.org", " espace-devant"),
        ("p2@example.org", "deux mots"),
        ("p2@example.org", ""),
    ] {
        let output = nebutil(
            &["mail", "passwd", d, "2", "--email", address],
            Some(&format!("{password}\n")),
            None,
        );
        assert_eq!(output.status.code(), Some(2), "{address} {password:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("secret22"), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    // An address no mail can go to, left in the state by an older version.
    let path = dir.join("mail/state.json");
    let state = std::fs::read_to_string(&path).expect("state");
    std::fs::write(&path, state.replace("p2@example.org", "Jean Dupont")).expect("edited");
    deliver(&dir, "real", p1_orders().as_bytes());
    let output = ok(&run_offline(&dir));
    assert_eq!(
        orders_of(&dir, 1).as_deref(),
        Some("# les vrais ordres\n"),
        "{output}"
    );
    assert!(robot_log(&dir).contains("Jean Dupont"));
    let crs = maildir_texts(&dir, "mail/outbox/new");
    assert_eq!(
        crs.iter()
            .filter(|(n, _)| n.starts_with("turn-001"))
            .count(),
        2,
        "players 1 and 3 get their CR: {:?}",
        crs.iter().map(|(n, _)| n).collect::<Vec<_>>()
    );
}

#[test]
fn no_reply_quotes_a_password_and_a_stranger_learns_nothing() {
    let (_root, dir) = game("hostile-passwords");
    for (name, subject) in [
        ("1-ordre", "ORDRE KARNAJ 1 totoro"),
        ("2-re", "Re: ORDRES KARNAJ 1 totoro"),
        ("3-number", "ORDRES KARNAJ totoro"),
    ] {
        deliver(
            &dir,
            name,
            mail("p1@example.org", subject, "DEBUT\nFIN\n").as_bytes(),
        );
    }
    // A stranger, wrong then right password: the same note; player 1 is told.
    deliver(
        &dir,
        "4-wrong",
        mail(
            "x@evil.test",
            "INFO KARNAJ 1 pas-le-bon",
            "DEBUT\nCR\nFIN\n",
        )
        .as_bytes(),
    );
    deliver(
        &dir,
        "5-right",
        mail("x@evil.test", "INFO KARNAJ 1 totoro", "DEBUT\nCR\nFIN\n").as_bytes(),
    );
    ok(&run_offline(&dir));
    let replies = replies(&dir);
    for (name, text) in &replies {
        assert!(!text.contains("totoro"), "{name}: {text}");
    }
    let to_stranger: Vec<String> = replies
        .iter()
        .filter(|(_, t)| t.contains("To: x@evil.test"))
        .map(|(_, t)| body_of(t))
        .collect();
    assert_eq!(to_stranger.len(), 2);
    assert_eq!(to_stranger[0], to_stranger[1], "no oracle");
    assert!(
        replies
            .iter()
            .any(|(_, t)| t.contains("To: p1@example.org") && body_of(t).contains("x@evil.test")),
        "the player is told"
    );
    // Private files.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).expect("exists").permissions().mode() & 0o777;
        assert_eq!(mode(&dir.join("mail")), 0o700);
        assert_eq!(mode(&dir.join("mail/state.json")), 0o600);
        assert_eq!(mode(&dir.join("mail/robot.log")), 0o600);
        for (name, _) in maildir_texts(&dir, "mail/outbox/new") {
            assert_eq!(
                mode(&dir.join("mail/outbox/new").join(&name)),
                0o600,
                "{name}"
            );
        }
    }
}

#[test]
fn threads_relays_and_address_changes_are_bounded() {
    let root = TempDir::created("hostile-relays");
    let dir = root.path().join("game");
    let others = root.path().join("players-mail");
    new_game(&dir);
    let Some(server) = smtpd(&dir, &others) else {
        return;
    };
    run(&dir, &server);
    server.take();
    server.send(
        "p1@example.org",
        &mail(
            "p1@example.org",
            "MESSAGE KARNAJ 1 totoro M <2>",
            "DEBUT\nentre nous\nFIN\n",
        ),
    );
    run(&dir, &server);
    let got = server.take();
    let relayed = &for_rcpt(&got, "p2@example.org")[0].message_id;
    assert!(
        relayed.contains(".nebutil>") && relayed.contains("karnaj."),
        "{relayed}"
    );
    // Player 3 learns the id (or guesses it): his reply does not join the thread.
    server.send(
        "p3@example.org",
        &format!(
            "From: p3@example.org\nTo: {ROBOT}\nReferences: {relayed}\n\
             Subject: MESSAGE KARNAJ 3 troisieme <1>\n\nDEBUT\nje lis tout\nFIN\n"
        ),
    );
    // 2,000 addresses to confirm: refused, no mail to any of them.
    let many: Vec<String> = (0..2000).map(|i| format!("v{i}@victim.test")).collect();
    // (Put in the inbox as a fetcher would: SMTP refuses such a long line.)
    deliver(
        &dir,
        "2000-addresses",
        mail(
            "p1@example.org",
            "CONFIG KARNAJ 1 totoro",
            &format!("DEBUT\nEMAIL {}\nFIN\n", many.join(",")),
        )
        .as_bytes(),
    );
    // A message with ten attachments, then 25 messages in an hour.
    let mut with_files = format!(
        "From: p1@example.org\nTo: {ROBOT}\nSubject: MESSAGE KARNAJ 1 totoro <3>\n\
         MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=X\n\n\
         --X\nContent-Type: text/plain\n\nDEBUT\nvoir les plans\nFIN\n"
    );
    for i in 0..10 {
        with_files.push_str(&format!(
            "--X\nContent-Type: text/plain\nContent-Disposition: attachment; filename=plan{i}.txt\n\nF_{i} M 4\n"
        ));
    }
    with_files.push_str("--X--\n");
    server.send("p1@example.org", &with_files);
    for i in 0..25 {
        server.send(
            "p1@example.org",
            &mail(
                "p1@example.org",
                "MESSAGE KARNAJ 1 totoro <2>",
                &format!("DEBUT\nmessage {i}\nFIN\n"),
            ),
        );
    }
    server.send("p1@example.org", &p1_orders());
    run(&dir, &server);
    assert_eq!(orders_of(&dir, 1).as_deref(), Some("# les vrais ordres\n"));
    let got = server.take();
    assert!(
        for_rcpt(&got, "p2@example.org")
            .iter()
            .all(|g| !g.body.contains("je lis tout"))
    );
    assert!(
        got.iter().all(|g| !g.rcpt.ends_with("victim.test")),
        "no confirmation sent"
    );
    let to3 = for_rcpt(&got, "p3@example.org");
    let plans = to3
        .iter()
        .find(|g| g.body.contains("voir les plans"))
        .expect("relayed");
    assert_eq!(plans.attachments.len(), 3);
    // The thread's message and the attachments' one counted: 20 relays an hour.
    let to2 = for_rcpt(&got, "p2@example.org").len();
    assert_eq!(to2, 20 - 2, "{got:#?}");
}

#[test]
fn identity_state_and_dates() {
    // Two games of the same name: their CR mails never share a Message-ID.
    let (_a, first) = game("hostile-ids-a");
    let (_b, second) = game("hostile-ids-b");
    let ids = |dir: &Path| -> Vec<String> {
        maildir_texts(dir, "mail/outbox/new")
            .into_iter()
            .filter_map(|(_, t)| {
                t.lines()
                    .find(|l| l.to_ascii_lowercase().starts_with("message-id:"))
                    .map(str::to_string)
            })
            .collect()
    };
    let (a, b) = (ids(&first), ids(&second));
    assert_eq!(a.len(), 3);
    assert!(a.iter().all(|id| !b.contains(id)), "{a:?} {b:?}");

    let dir = first;
    let d = dir.to_str().expect("utf-8");
    // A killed run's temporary files are removed at the next one.
    let leftover = dir.join("mail/.state.json.4242.tmp");
    std::fs::write(&leftover, "half").expect("leftover");
    let order_leftover = dir.join("players/1/.orders-001.txt.4242.tmp");
    std::fs::write(&order_leftover, "half").expect("leftover");
    // Orders that cannot be decoded, or no text at all: nothing stored.
    deliver(&dir, "1-real", p1_orders().as_bytes());
    deliver(
        &dir,
        "2-broken",
        b"From: p1@example.org\r\nSubject: ORDRES KARNAJ 1 totoro\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n!!!! ####\r\n",
    );
    deliver(
        &dir,
        "3-empty",
        mail("p1@example.org", "ORDRES KARNAJ 1 totoro", "").as_bytes(),
    );
    ok(&run_offline(&dir));
    assert!(!leftover.exists() && !order_leftover.exists());
    assert_eq!(orders_of(&dir, 1).as_deref(), Some("# les vrais ordres\n"));
    let refused: Vec<String> = replies(&dir)
        .iter()
        .map(|(_, t)| body_of(t))
        .filter(|b| b.contains("rien n'a été enregistré"))
        .collect();
    assert_eq!(refused.len(), 2, "{refused:#?}");

    // Deadlines that do not exist, or before the turn began.
    for date in [
        "2026-02-31 18:00",
        "0000-01-01 00:00",
        "Tue, 31 Feb 2026 18:00:00 +0000",
        "@0",
        "2001-01-01 00:00",
    ] {
        let output = nebutil(&["mail", "run", d, "--deadline", date], None, None);
        assert_eq!(output.status.code(), Some(2), "{date}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(date), "{stderr}");
    }

    // After the final turn: orders refused with a sentence.
    let save = dir.join("game.ron");
    let text = std::fs::read_to_string(&save).expect("save");
    let final_turn = text
        .lines()
        .find(|l| l.trim_start().starts_with("final_turn:"))
        .expect("final_turn")
        .to_string();
    std::fs::write(&save, text.replacen(&final_turn, "    final_turn: 1,", 1)).expect("over");
    deliver(
        &dir,
        "4-after",
        mail(
            "p1@example.org",
            "ORDRES KARNAJ 1 totoro",
            "DEBUT\n# trop tard\nFIN\n",
        )
        .as_bytes(),
    );
    ok(&run_offline(&dir));
    assert_eq!(orders_of(&dir, 1).as_deref(), Some("# les vrais ordres\n"));
    assert!(
        replies(&dir)
            .iter()
            .any(|(_, t)| body_of(t).contains("est terminée"))
    );
}
