//! The mail server's mails: the book's examples read as typed values, print back
//! canonically, and every mail round-trips; importing an exported order file or
//! orders mail gives the same orders.

use std::path::Path;

use nebutil::diagnostic::Severity;
use nebutil::model::PlayerId;
use nebutil::orders::mail::{
    ConfigCommand, ConfigMail, Credentials, InfoMail, InfoRequest, MessageMail, MessageMode,
    OrdersMail, Recipient, order_file_text,
};
use nebutil::orders::{MailKind, parse_mail, parse_order, parse_orders, print_orders};
use proptest::prelude::*;

fn karnaj(password: &str) -> Credentials {
    Credentials {
        game: "KARNAJ".into(),
        player: PlayerId(4),
        password: password.into(),
    }
}

/// Each `mail/NAME.txt` (a book example) reads without error and prints as
/// `NAME.expected` (an orders mail keeps its body verbatim: it is the order
/// file the server stores, see `order_file_text`).
#[test]
fn book_examples_read_and_print_canonically() {
    let dir = Path::new("tests/fixtures/orders/mail");
    let mut count = 0;
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("fixture dir")
        .flatten()
        .collect();
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "txt") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable");
        let expected =
            std::fs::read_to_string(path.with_extension("expected")).expect("expected file");
        let (mail, diagnostics) = parse_mail(&text);
        assert!(
            diagnostics.is_empty(),
            "{}: {diagnostics:?}",
            path.display()
        );
        let mail = mail.unwrap_or_else(|| panic!("{} is not a mail", path.display()));
        assert_eq!(mail.to_mail().to_text(), expected, "{}", path.display());
        let (again, diagnostics) = parse_mail(&expected);
        assert!(
            diagnostics.is_empty(),
            "{}: {diagnostics:?}",
            path.display()
        );
        assert_eq!(again.as_ref(), Some(&mail), "{}", path.display());
        assert!(mail.check().is_empty(), "{}", path.display());
        count += 1;
    }
    assert_eq!(count, 7);
}

#[test]
fn book_examples_as_typed_values() {
    let read = |text: &str| parse_mail(text).0.expect("a mail");
    assert_eq!(
        read("Message KARNAJ 4 toto M <2,3>\nDEBUT\nOn va gagner !\nFIN\n"),
        MailKind::Message(MessageMail {
            credentials: karnaj("toto"),
            mode: Some(MessageMode::Multi),
            recipients: vec![
                Recipient::Number(PlayerId(2)),
                Recipient::Number(PlayerId(3))
            ],
            lines: vec!["On va gagner !".into()],
        })
    );
    assert_eq!(
        read("Message KARNAJ 4 toto A <All>\nDEBUT\nC'est moi le plus fort\nFIN\n"),
        MailKind::Message(MessageMail {
            credentials: karnaj("toto"),
            mode: Some(MessageMode::Anonymous),
            recipients: vec![Recipient::All],
            lines: vec!["C'est moi le plus fort".into()],
        })
    );
    assert_eq!(
        read("Config KARNAJ 4 toto\nDEBUT\nRUMEURS Y\nMSGGEN N\nCOPIE N\nPASSWORD titi\nFIN\n"),
        MailKind::Config(ConfigMail {
            credentials: karnaj("toto"),
            commands: vec![
                ConfigCommand::Rumeur(true),
                ConfigCommand::MsgGen(false),
                ConfigCommand::Copie(false),
                ConfigCommand::Password("titi".into()),
            ],
        })
    );
    assert_eq!(
        read("Info KARNAJ 4 toto\nDEBUT\nCR\nNBORDRES\nORDRES\nFIN\n"),
        MailKind::Info(InfoMail {
            credentials: karnaj("toto"),
            requests: vec![InfoRequest::Cr, InfoRequest::NbOrdres, InfoRequest::Ordres],
        })
    );
    let MailKind::Orders(orders) = read(
        "ORDRES KARNAJ 4 toto\nDEBUT\n#####\n# Ordres saisis avec Nebutil 2000 #\n#####\n\nJ : 3 ; surprise !!!\nF 5 * M\nFIN\n",
    ) else {
        panic!("an orders mail")
    };
    assert_eq!(orders.credentials, karnaj("toto"));
    // The body verbatim: comments, the blank line and the orders as written.
    assert_eq!(orders.lines.len(), 6);
    assert_eq!(orders.lines[4], "J : 3 ; surprise !!!");
    assert_eq!(
        orders.orders().kinds(),
        [parse_order("J : 3"), parse_order("F_5 * M")].map(|o| o.expect("valid"))
    );
}

#[test]
fn subjects_with_pseudos_acknowledgement_and_mail_headers() {
    let (mail, diagnostics) =
        parse_mail("Subject: Message KARNAJ 4 toto <Miria, BOF III ,7>\nDEBUT\nSalut\nFIN\n");
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let Some(MailKind::Message(message)) = mail else {
        panic!("{mail:?}")
    };
    assert_eq!(message.mode, None);
    assert_eq!(
        message.recipients,
        [
            Recipient::Pseudo("Miria".into()),
            Recipient::Pseudo("BOF III".into()),
            Recipient::Number(PlayerId(7))
        ]
    );
    assert_eq!(
        message.to_mail().subject,
        "MESSAGE KARNAJ 4 toto <Miria,BOF III,7>"
    );

    for subject in [
        "Ordres KARNAJ 4 toto (\"envoi 2\")",
        "ordres KARNAJ 4 toto \"envoi 2\"",
    ] {
        let (mail, diagnostics) = parse_mail(&format!("{subject}\nDEBUT\nFIN\n"));
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        let Some(MailKind::Orders(orders)) = mail else {
            panic!("{mail:?}")
        };
        assert_eq!(orders.acknowledgement.as_deref(), Some("envoi 2"));
        assert_eq!(orders.to_mail().subject, "ORDRES KARNAJ 4 toto \"envoi 2\"");
    }
}

#[test]
fn email_and_addemail_must_be_alone() {
    let (_, diagnostics) =
        parse_mail("Config KARNAJ 4 titi\nDEBUT\nCOPIE Y\nEMAIL a@b.fr,c@d.fr\nFIN\n");
    let errors: Vec<(&str, u32)> = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| (d.code.as_str(), d.span.line))
        .collect();
    assert_eq!(errors, [("order-mail-email-not-alone", 4)]);
    let mail = MailKind::Config(ConfigMail {
        credentials: karnaj("titi"),
        commands: vec![
            ConfigCommand::AddEmail("a@b.fr".into()),
            ConfigCommand::MsgGen(true),
        ],
    });
    assert!(
        mail.check()
            .iter()
            .any(|d| d.code == "order-mail-email-not-alone")
    );
    let alone = MailKind::Config(ConfigMail {
        credentials: karnaj("titi"),
        commands: vec![ConfigCommand::Email(vec!["a@b.fr".into(), "c@d.fr".into()])],
    });
    assert!(alone.check().is_empty(), "{:?}", alone.check());
    assert_eq!(alone.to_mail().body, "DEBUT\nEMAIL a@b.fr,c@d.fr\nFIN\n");
}

#[test]
fn an_empty_config_mail_asks_for_the_configuration() {
    let mail = MailKind::Config(ConfigMail {
        credentials: karnaj("toto"),
        commands: vec![],
    });
    assert_eq!(
        mail.to_mail().to_text(),
        "CONFIG KARNAJ 4 toto\nDEBUT\nFIN\n"
    );
    assert_eq!(parse_mail(&mail.to_mail().to_text()).0, Some(mail));
}

#[test]
fn broken_mails_give_diagnostics() {
    let codes =
        |text: &str| -> Vec<String> { parse_mail(text).1.into_iter().map(|d| d.code).collect() };
    assert_eq!(
        codes("Bonjour\nDEBUT\nFIN\n"),
        ["order-outside-envelope", "order-mail-no-subject"]
    );
    assert_eq!(
        codes("Ordres KARNAJ toto\nDEBUT\nFIN\n"),
        ["order-mail-bad-subject"]
    );
    assert_eq!(
        codes("Ordres KARNAJ quatre toto\nDEBUT\nFIN\n"),
        ["order-mail-bad-player"]
    );
    assert_eq!(
        codes("Message KARNAJ 4 toto 2,3\nDEBUT\nx\nFIN\n"),
        ["order-mail-no-recipients"]
    );
    assert_eq!(
        codes("Config KARNAJ 4 toto\nDEBUT\nMSGGEN peut-être\nCOULEUR bleu\nFIN\n"),
        ["order-mail-config-yes-no", "order-mail-config-unknown"]
    );
    assert_eq!(
        codes("Info KARNAJ 4 toto\nDEBUT\nSCORE\nFIN\n"),
        ["order-mail-info-unknown"]
    );
    assert_eq!(
        codes("Info KARNAJ 4 toto en plus\nDEBUT\nCR\nFIN\n"),
        ["order-mail-subject-extra"]
    );
    assert_eq!(
        codes("Ordres KARNAJ 4 toto sans guillemets\nDEBUT\nFIN\n"),
        ["order-mail-ack-unquoted"]
    );
    assert_eq!(
        codes("Ordres KARNAJ 4 toto\nDEBUT\nM_1 Q\nFIN\n"),
        ["order-unexpected"]
    );
    assert_eq!(
        codes("Ordres KARNAJ 4 toto\nDEBUT\nM_1 P\n"),
        ["order-envelope-no-fin"]
    );
    assert_eq!(
        codes("Ordres KARNAJ 4 toto\nM_1 P\n"),
        ["order-envelope-no-debut"]
    );
}

#[test]
fn unrepresentable_mails_are_flagged() {
    let bad_password = MailKind::Info(InfoMail {
        credentials: karnaj("mot de passe"),
        requests: vec![],
    });
    assert!(
        bad_password
            .check()
            .iter()
            .any(|d| d.code == "order-mail-not-representable")
    );
    let fin_in_text = MailKind::Message(MessageMail {
        credentials: karnaj("toto"),
        mode: None,
        recipients: vec![Recipient::All],
        lines: vec!["a".into(), "FIN".into(), "b".into()],
    });
    assert!(
        fin_in_text
            .check()
            .iter()
            .any(|d| d.code == "order-mail-not-representable")
    );
}

#[test]
fn importing_an_exported_order_file_or_mail_gives_the_same_orders() {
    let written =
        "# tour 5\nm127 c10 vc f57\nF_57 M_48 ; en route\nA:\"Miria\"\nF 5 D MP\nVI M_5 ? F_291\n";
    let orders = parse_orders(written).kinds();
    assert_eq!(orders.len(), 5);
    let file = print_orders(&orders);
    assert_eq!(parse_orders(&file).kinds(), orders);
    let mail = OrdersMail::from_order_text(
        karnaj("toto"),
        Some("tour 5".into()),
        &format!("# Ordres saisis avec Nébutil NG\n{file}"),
    );
    let text = mail.to_mail().to_text();
    assert_eq!(
        text,
        "ORDRES KARNAJ 4 toto \"tour 5\"\nDEBUT\n# Ordres saisis avec Nébutil NG\nM_127 C 10 VC F_57\nF_57 MM 48\nA : \"Miria\"\nF_5 D MP\nVI M_5 ? F_291\nFIN\n"
    );
    assert_eq!(parse_orders(&text).kinds(), orders);
    assert_eq!(mail.orders().kinds(), orders);
    assert_eq!(parse_mail(&text).0, Some(MailKind::Orders(mail)));
    // A mail as a mail client saves it: headers, a signature, CRLF line ends.
    let saved = format!(
        "From: maxtor@example.org\r\nSubject: {}\r\n\r\n{}-- \r\nMaxtor\r\n",
        "ORDRES KARNAJ 4 toto",
        file.replace('\n', "\r\n")
    )
    .replacen("\r\n\r\n", "\r\n\r\nDEBUT\r\n", 1)
    .replace("-- \r\n", "FIN\r\n-- \r\n");
    let imported = parse_orders(&saved);
    assert_eq!(imported.kinds(), orders);
    assert!(
        imported
            .diagnostics
            .iter()
            .all(|d| d.severity == Severity::Info),
        "{:?}",
        imported.diagnostics
    );
}

/// One rule for the order file, the clipboard and the mail: the text as typed,
/// line for line — a line with an error is carried, never dropped — with only
/// its envelope made regular (BOM, CRLF, trailing blank lines, final newline).
#[test]
fn the_order_file_and_the_mail_body_carry_the_same_lines_errors_included() {
    let typed = "\u{feff}# tour 5\r\nF_57 MM 48\r\nF_57 XX n'importe quoi\r\n\r\n  \r\n";
    let file = order_file_text(typed);
    assert_eq!(file, "# tour 5\nF_57 MM 48\nF_57 XX n'importe quoi\n");
    assert_eq!(order_file_text(&file), file, "idempotent");
    assert_eq!(order_file_text(" \n\n"), "");
    let mail = OrdersMail::from_order_text(karnaj("toto"), None, typed);
    assert_eq!(mail.to_mail().body, format!("DEBUT\n{file}FIN\n"));
    assert_eq!(mail.order_text(), file);
    // The server reads back exactly the file, the faulty line with it.
    let text = mail.to_mail().to_text();
    let Some(MailKind::Orders(read)) = parse_mail(&text).0 else {
        panic!("an orders mail: {text}")
    };
    assert_eq!(read.order_text(), file);
    assert_eq!(read.orders().orders.len(), 1);
    assert!(
        read.orders()
            .diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error && d.span.line == 3)
    );
}

fn credentials() -> impl Strategy<Value = Credentials> {
    ("[A-Za-z0-9]{1,10}", 0..100u32, "[!-~]{1,10}").prop_map(|(game, player, password)| {
        Credentials {
            game,
            player: PlayerId(player),
            password,
        }
    })
}

fn mail_kind() -> impl Strategy<Value = MailKind> {
    let orders = proptest::sample::subsequence(
        vec![
            "M_127 C 10 VC F_57",
            "F_240 MM 48 304",
            "A : \"Miria\"",
            "F_5 D MP",
            "Z",
            "M_1 = \"Terre\"",
        ],
        0..6,
    )
    .prop_map(|texts| {
        texts
            .into_iter()
            .filter_map(|t| parse_order(t).ok())
            .collect::<Vec<_>>()
    });
    let recipient = prop_oneof![
        (0..100u32).prop_map(|n| Recipient::Number(PlayerId(n))),
        "[A-Za-zé][A-Za-zé ]{0,8}[A-Za-zé]"
            .prop_filter("not All", |p| !p.eq_ignore_ascii_case("all"))
            .prop_map(Recipient::Pseudo),
        Just(Recipient::All),
    ];
    let config = prop_oneof![
        "[!-~]{1,8}".prop_map(ConfigCommand::Password),
        any::<bool>().prop_map(ConfigCommand::MsgGen),
        any::<bool>().prop_map(ConfigCommand::Copie),
        any::<bool>().prop_map(ConfigCommand::Rumeur),
    ];
    prop_oneof![
        (
            credentials(),
            proptest::option::of("[^\"\n\r]{0,20}"),
            orders
        )
            .prop_map(|(credentials, acknowledgement, orders)| {
                MailKind::Orders(OrdersMail::from_order_text(
                    credentials,
                    acknowledgement
                        .map(|a| a.trim().to_string())
                        .filter(|a| !a.is_empty()),
                    &print_orders(&orders),
                ))
            }),
        (
            credentials(),
            proptest::option::of(prop_oneof![
                Just(MessageMode::Anonymous),
                Just(MessageMode::Multi)
            ]),
            proptest::collection::vec(recipient, 1..4),
            proptest::collection::vec(
                "[^\n\r]{0,30}".prop_filter("not an envelope line", |l| {
                    !["DEBUT", "FIN"]
                        .iter()
                        .any(|w| l.trim().eq_ignore_ascii_case(w))
                }),
                0..4
            ),
        )
            .prop_map(|(credentials, mode, recipients, lines)| {
                MailKind::Message(MessageMail {
                    credentials,
                    mode,
                    recipients,
                    lines,
                })
            }),
        (credentials(), proptest::collection::vec(config, 0..5)).prop_map(
            |(credentials, commands)| MailKind::Config(ConfigMail {
                credentials,
                commands
            })
        ),
        (
            credentials(),
            proptest::collection::vec(
                prop_oneof![
                    Just(InfoRequest::NbOrdres),
                    Just(InfoRequest::Ordres),
                    Just(InfoRequest::Cr)
                ],
                0..4
            )
        )
            .prop_map(|(credentials, requests)| MailKind::Info(InfoMail {
                credentials,
                requests
            })),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn mails_round_trip(mail in mail_kind()) {
        let text = mail.to_mail().to_text();
        let (read, diagnostics) = parse_mail(&text);
        prop_assert!(diagnostics.is_empty(), "{}\n{:?}", text, diagnostics);
        prop_assert_eq!(read, Some(mail));
    }

    #[test]
    fn random_mail_text_never_panics(text in any::<String>()) {
        let _ = parse_mail(&text);
    }

    #[test]
    fn mail_like_text_never_panics(
        text in "(Subject: )?(ORDRES|Message|CONFIG|info)? ?[A-Z]{0,4} ?[0-9]{0,2} [a-z<>,\"() AMl]{0,12}\n(DEBUT\n)?[A-Z0-9_ :*?@\n]{0,40}(FIN\n)?.{0,10}"
    ) {
        let _ = parse_mail(&text);
    }
}
