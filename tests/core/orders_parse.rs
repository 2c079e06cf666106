//! The order parser: every form of the order table, the book's example lines
//! (catalog §2.5), the lexical rulings G-1…G-6, G-9, G-12, located errors, the
//! envelope, the order metadata, and robustness on random text.

use nebutil::diagnostic::{Severity, Span};
use nebutil::model::{Class, PlayerId, Tech};
use nebutil::orders::ast::{
    Construction, Declaration, Fire, FleetTarget, FleetTransfer, Guard, GuardTransfer, LoadGoods,
    MevaTarget, People, Prober, UnloadGoods, VpTarget,
};
use nebutil::orders::{OrderKind, PlayerRef, Subject, parse_line, parse_order, parse_orders};
use proptest::prelude::*;

const FORMS: &str = include_str!("../fixtures/orders/forms.txt");
const ERRORS: &str = include_str!("../fixtures/orders/errors.txt");
const CATALOG: &str = include_str!("../fixtures/orders/catalog_2_5.txt");
const CATALOG_EXPECTED: &str = include_str!("../fixtures/orders/catalog_2_5.expected");

/// Non-comment lines of a `|`-separated fixture, split and trimmed.
fn rows(fixture: &str) -> Vec<Vec<&str>> {
    fixture
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split(" | ").collect())
        .collect()
}

fn parse_ok(text: &str) -> OrderKind {
    match parse_order(text) {
        Ok(kind) => kind,
        Err(diagnostic) => panic!("{text:?} does not parse: {diagnostic:?}"),
    }
}

#[test]
fn every_form_of_the_order_table_parses_to_its_form() {
    let mut seen = [false; 94];
    for row in rows(FORMS) {
        let [form, input, canonical, ..] = row[..] else {
            panic!("bad fixture row {row:?}")
        };
        let form: u8 = form.parse().expect("form number");
        let kind = parse_ok(input);
        // Both movement syntaxes (#87, #88) are the same order; as written, each
        // is its own form.
        let expected_form = if form == 88 { 87 } else { form };
        assert_eq!(kind.form(), expected_form, "{input}");
        assert_eq!(kind.written_form(input), form, "{input}");
        assert_eq!(kind.to_string(), canonical, "{input}");
        assert_eq!(parse_ok(canonical), kind, "{canonical}");
        seen[form as usize] = true;
    }
    let missing: Vec<usize> = (1..=93).filter(|&f| !seen[f]).collect();
    assert!(missing.is_empty(), "forms without a fixture: {missing:?}");
}

#[test]
fn typed_values_of_some_forms() {
    assert_eq!(
        parse_ok("M_127 C 10 VC F_57"),
        OrderKind::Build {
            world: 127,
            count: 10,
            construction: Construction::Vc(57)
        }
    );
    assert_eq!(
        parse_ok("F_73 MM 54 463 247 123"),
        OrderKind::Move {
            fleet: 73,
            route: vec![54, 463, 247, 123]
        }
    );
    assert_eq!(
        parse_ok("VI M_5 ? F_291"),
        OrderKind::Fire {
            conditional: true,
            fire: Fire::Vi {
                world: 5,
                fleet: 291
            }
        }
    );
    assert_eq!(
        parse_ok("VP M_5 * C"),
        OrderKind::Fire {
            conditional: false,
            fire: Fire::Vp {
                world: 5,
                target: VpTarget::Converts
            }
        }
    );
    assert_eq!(
        parse_ok("F_5 * M"),
        OrderKind::Fire {
            conditional: false,
            fire: Fire::Fleet {
                fleet: 5,
                target: FleetTarget::Protections
            }
        }
    );
    assert_eq!(
        parse_ok("F_5 D MP"),
        OrderKind::Unload {
            fleet: 5,
            count: None,
            goods: UnloadGoods::Mp
        }
    );
    assert_eq!(
        parse_ok("F_5 C 2 C"),
        OrderKind::Load {
            fleet: 5,
            count: Some(2),
            goods: LoadGoods::People(People::Converts)
        }
    );
    assert_eq!(
        parse_ok("F_4 T 3 VC VT F_8"),
        OrderKind::FleetTransfer {
            fleet: 4,
            count: 3,
            transfer: FleetTransfer::VcToVtOnFleet(8)
        }
    );
    assert_eq!(
        parse_ok("M_9 T 2 VP VI"),
        OrderKind::GuardTransfer {
            world: 9,
            count: 2,
            from: Guard::Vp,
            to: GuardTransfer::OtherGuard
        }
    );
    assert_eq!(
        parse_ok("VP M_5 S M_6"),
        OrderKind::Probe {
            prober: Prober::Guard(Guard::Vp, 5),
            target: 6
        }
    );
    assert_eq!(
        parse_ok("F_50 E 4 VC CM"),
        OrderKind::Meva {
            fleet: 50,
            count: 4,
            target: MevaTarget::Mining
        }
    );
    assert_eq!(
        parse_ok("M_23 C 7 ALI"),
        OrderKind::Build {
            world: 23,
            count: 7,
            construction: Construction::Research(Tech::Ali)
        }
    );
    assert_eq!(
        parse_ok("NCP : 7"),
        OrderKind::Declare {
            declaration: Declaration::NonPopLoader,
            player: PlayerRef::Number(PlayerId(7))
        }
    );
}

/// The 27 order lines of catalog §2.5 (25 stand-alone lines and the two orders
/// of the book's mail example), in order.
#[test]
fn catalog_example_order_lines_parse() {
    let mut lines = CATALOG.lines().filter(|l| !l.starts_with("//"));
    let mut canonical = Vec::new();
    for line in lines.by_ref() {
        if line.starts_with("ORDRES") {
            break;
        }
        let parsed = parse_line(line, 1);
        assert!(
            parsed.diagnostics.is_empty(),
            "{line}: {:?}",
            parsed.diagnostics
        );
        canonical.push(parsed.order.expect("an order").kind.to_string());
    }
    assert_eq!(canonical.len(), 25);
    let start = CATALOG.find("ORDRES KARNAJ").expect("the mail example");
    let mail = parse_orders(&CATALOG[start..]);
    assert!(mail.diagnostics.is_empty(), "{:?}", mail.diagnostics);
    canonical.extend(mail.orders.iter().map(|o| o.kind.to_string()));
    let expected: Vec<&str> = CATALOG_EXPECTED.lines().collect();
    assert_eq!(canonical, expected);
    // The comment after `;` and the three `#` lines are comments, not orders.
    assert_eq!(mail.comments.len(), 4);
    assert_eq!(mail.comments[3].text, "; surprise !!!");
    let envelope = mail.envelope.expect("the mail envelope");
    assert_eq!((envelope.debut_line, envelope.fin_line), (Some(2), Some(9)));
    match envelope.subject {
        Some(nebutil::orders::mail::MailSubject::Orders {
            credentials,
            acknowledgement,
        }) => {
            assert_eq!(credentials.game, "KARNAJ");
            assert_eq!(credentials.player, PlayerId(4));
            assert_eq!(credentials.password, "toto");
            assert_eq!(acknowledgement, None);
        }
        other => panic!("not an orders subject: {other:?}"),
    }
    // Spans: `J : 3` is on line 7, columns 1–6 (the comment excluded).
    assert_eq!(mail.orders[0].span, Span::new(7, 1, 6));
}

/// The source writes `F_258 * F_128.` with a sentence's full stop (000:L1594).
#[test]
fn a_trailing_full_stop_is_a_warning_and_the_order_is_kept() {
    let parsed = parse_line("F_258 * F_128.", 3);
    assert_eq!(
        parsed.order.as_ref().map(|o| o.kind.to_string()),
        Some("F_258 * F_128".into())
    );
    assert_eq!(parsed.order.map(|o| o.span), Some(Span::new(3, 1, 14)));
    assert_eq!(parsed.diagnostics.len(), 1);
    assert_eq!(parsed.diagnostics[0].code, "order-trailing-period");
    assert_eq!(parsed.diagnostics[0].severity, Severity::Warning);
    assert_eq!(parsed.diagnostics[0].span.column, 14);
}

#[test]
fn ruling_g1_underscore_space_or_nothing() {
    for text in [
        "M_127 C 10 VC F_57",
        "M 127 C 10 VC F 57",
        "M127 C10 VC F57",
        "M127 C10VC F57",
    ] {
        assert_eq!(parse_ok(text).to_string(), "M_127 C 10 VC F_57", "{text}");
    }
    assert_eq!(parse_ok("T57 F44").to_string(), "T_57 F_44");
    assert_eq!(parse_ok("F 5 * M").to_string(), "F_5 * M");
}

#[test]
fn ruling_g2_keywords_are_case_insensitive() {
    assert_eq!(
        parse_ok("m_127 c 10 vc f_57").to_string(),
        "M_127 C 10 VC F_57"
    );
    assert_eq!(parse_ok("f_48 l bombe").to_string(), "F_48 L BOMBE");
    assert_eq!(parse_ok("Ncp : 7").to_string(), "NCP : 7");
    assert_eq!(parse_ok("f_240 mm 48 304").to_string(), "F_240 MM 48 304");
    // Names keep their case.
    assert_eq!(parse_ok("m_1 = \"Terre\"").to_string(), "M_1 = \"Terre\"");
}

#[test]
fn ruling_g3_comments_and_blank_lines() {
    let file =
        parse_orders("# Ordres du tour 4\n\n   \nJ : 3 ; surprise !!!\n; rien\n#####\nF 5 * M ;\n");
    assert!(file.diagnostics.is_empty(), "{:?}", file.diagnostics);
    let kinds: Vec<String> = file.orders.iter().map(|o| o.kind.to_string()).collect();
    assert_eq!(kinds, ["J : 3", "F_5 * M"]);
    let comments: Vec<&str> = file.comments.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(
        comments,
        [
            "# Ordres du tour 4",
            "; surprise !!!",
            "; rien",
            "#####",
            ";"
        ]
    );
    assert_eq!(file.comments[1].span, Span::new(4, 7, 21));
}

#[test]
fn ruling_g4_no_ambush_world_bare_or_written_as_a_world() {
    for text in ["Z 12", "Z M_12", "Z M12", "z m 12", "Z12"] {
        assert_eq!(
            parse_ok(text),
            OrderKind::NoAmbush { world: Some(12) },
            "{text}"
        );
    }
    assert_eq!(parse_ok("Z"), OrderKind::NoAmbush { world: None });
    assert_eq!(parse_ok("Z M_12").to_string(), "Z 12");
}

#[test]
fn ruling_g5_declaration_target_number_or_quoted_name() {
    assert_eq!(
        parse_ok("A : \"Miria\""),
        OrderKind::Declare {
            declaration: Declaration::Ally,
            player: PlayerRef::Name("Miria".into())
        }
    );
    assert_eq!(
        parse_ok("F_1 C : \"BOF III\""),
        OrderKind::GiveFleet {
            fleet: 1,
            player: PlayerRef::Name("BOF III".into())
        }
    );
    assert_eq!(parse_ok("A : \"BOF III\"").to_string(), "A : \"BOF III\"");
    let error = parse_order("A : BOF III").expect_err("unquoted name");
    assert_eq!(error.code, "order-player-unquoted");
    assert_eq!(error.args, [("name".to_string(), "BOF III".to_string())]);
    assert!(
        parse_order("A : \"\"").is_err(),
        "an empty name names nobody"
    );
}

#[test]
fn ruling_g6_spaces_around_the_colon_are_optional() {
    for text in ["A : 3", "A:3", "A :3", "A: 3"] {
        assert_eq!(parse_ok(text).to_string(), "A : 3", "{text}");
    }
    assert_eq!(parse_ok("M_289 C:4").to_string(), "M_289 C : 4");
    assert_eq!(parse_ok("F_1 C:4").to_string(), "F_1 C : 4");
}

#[test]
fn ruling_g9_zero_quantity_is_a_syntax_error() {
    for text in [
        "M_127 C 0 VC F_57",
        "F_5 D 0 MP",
        "F_5 C 0 MP",
        "F_5 T 0 R",
        "M_1 E 0 P M_2",
    ] {
        let error = parse_order(text).expect_err(text);
        assert_eq!(error.code, "order-zero-quantity", "{text}");
    }
    // An omitted optional quantity is "all", not zero.
    assert_eq!(parse_ok("F_5 D MP").count(), None);
    assert_eq!(parse_ok("F_5 D 1 MP").count(), Some(1));
}

#[test]
fn ruling_g12_route_length_is_the_number_of_worlds_listed() {
    assert_eq!(parse_ok("F_57 M_48").route_len(), Some(1));
    assert_eq!(parse_ok("F_240 MM 48 304").route_len(), Some(2));
    // A revisit is allowed and counted.
    assert_eq!(parse_ok("F_1 MM 2 3 2").route_len(), Some(3));
    assert_eq!(parse_ok("F_1 M_2 M_3 M_2"), parse_ok("F_1 MM 2 3 2"));
    assert_eq!(parse_ok("F_1 P").route_len(), None);
}

#[test]
fn ruling_g14_naming_executes_with_the_pillages() {
    let name = parse_ok("M_1 = \"Terre\"");
    assert_eq!(name.weight(), 16);
    assert_eq!(name.weight(), parse_ok("M_1 P").weight());
    assert_eq!(name.step(), None);
}

#[test]
fn broken_lines_give_located_errors() {
    for row in rows(ERRORS) {
        let [input, code, column] = row[..] else {
            panic!("bad fixture row {row:?}")
        };
        let parsed = parse_line(input, 9);
        assert!(parsed.order.is_none(), "{input} gave an order");
        let errors: Vec<_> = parsed
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        assert_eq!(errors.len(), 1, "{input}: {:?}", parsed.diagnostics);
        assert_eq!(errors[0].code, code, "{input}: {:?}", errors[0]);
        assert_eq!(
            errors[0].span.column.to_string(),
            column,
            "{input}: {:?}",
            errors[0]
        );
        assert_eq!(errors[0].span.line, 9);
    }
}

#[test]
fn errors_carry_the_fix_or_the_alternatives() {
    let fix = |text: &str| {
        let error = parse_order(text).expect_err(text);
        error
            .args
            .iter()
            .find(|(k, _)| k == "fix")
            .map(|(_, v)| v.clone())
    };
    assert_eq!(fix("Md_127 C 10 VI").as_deref(), Some("M_127 C 10 VI"));
    assert_eq!(fix("F#48 L BOMBE").as_deref(), Some("F_48 L BOMBE"));
    assert_eq!(fix("F_5 D (x) MP").as_deref(), Some("F_5 D MP"));
    assert_eq!(fix("F_5 C (12) MP").as_deref(), Some("F_5 C 12 MP"));
    assert_eq!(fix("F_5 M_48 304").as_deref(), Some("F_5 MM 48 304"));
    assert_eq!(fix("F_5 MM 48 M_304").as_deref(), Some("F_5 MM 48 304"));
    let error = parse_order("F_48 L BOMB").expect_err("misspelt");
    assert!(
        error.args.contains(&("suggestion".into(), "BOMBE".into())),
        "{error:?}"
    );
    let error = parse_order("F_5 D 3 XX").expect_err("bad goods");
    assert!(
        error
            .args
            .contains(&("expected".into(), "MP, PC, P, N, C, R".into())),
        "{error:?}"
    );
    let message = error.message(nebutil::i18n::Lang::Fr);
    assert!(
        message.contains("XX") && message.contains("MP, PC"),
        "{message}"
    );
    let error = parse_order("F_5 D XX").expect_err("bad goods");
    assert!(
        error
            .args
            .contains(&("expected".into(), "x, MP, PC, P, N, C, R".into())),
        "{error:?}"
    );
}

#[test]
fn text_outside_the_envelope_is_ignored_with_an_info() {
    let text = "From: joueur@exemple.fr\nORDRES KARNAJ 4 toto \"tour 5\"\nDEBUT\nM_127 C 10 VC F_57\nFIN\n-- \nMaxtor\n";
    let file = parse_orders(text);
    assert_eq!(file.orders.len(), 1);
    let infos: Vec<(&str, u32)> = file
        .diagnostics
        .iter()
        .map(|d| (d.code.as_str(), d.span.line))
        .collect();
    assert_eq!(
        infos,
        [("order-outside-envelope", 1), ("order-outside-envelope", 6)]
    );
    assert!(
        file.diagnostics
            .iter()
            .all(|d| d.severity == Severity::Info)
    );
    assert_eq!(file.orders[0].span.line, 4);
    match file.envelope.and_then(|e| e.subject) {
        Some(nebutil::orders::mail::MailSubject::Orders {
            acknowledgement, ..
        }) => {
            assert_eq!(acknowledgement.as_deref(), Some("tour 5"));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn envelope_problems_are_reported() {
    let file = parse_orders("ORDRES KARNAJ 4 toto\nM_1 P\n");
    assert_eq!(file.orders.len(), 1);
    assert!(
        file.diagnostics
            .iter()
            .any(|d| d.code == "order-envelope-no-debut")
    );
    let file = parse_orders("DEBUT\nM_1 P\n");
    assert_eq!(file.orders.len(), 1);
    assert!(
        file.diagnostics
            .iter()
            .any(|d| d.code == "order-envelope-no-fin")
    );
    let file = parse_orders("M_1 P\nFIN\nCordialement\n");
    assert_eq!(file.orders.len(), 1);
    assert!(
        file.diagnostics
            .iter()
            .any(|d| d.code == "order-envelope-fin-without-debut")
    );
    let file = parse_orders("MESSAGE KARNAJ 4 toto <2>\nDEBUT\nOn va gagner !\nFIN\n");
    assert!(file.orders.is_empty());
    assert!(
        file.diagnostics
            .iter()
            .any(|d| d.code == "order-mail-not-orders")
    );
}

#[test]
fn a_file_reports_every_broken_line_and_keeps_the_others() {
    let file = parse_orders("M_1 P\nM_1 Q\nF_2 G\nbonjour\nF_3 P\n");
    let kinds: Vec<String> = file.orders.iter().map(|o| o.kind.to_string()).collect();
    assert_eq!(kinds, ["M_1 P", "F_2 G", "F_3 P"]);
    let lines: Vec<u32> = file.diagnostics.iter().map(|d| d.span.line).collect();
    assert_eq!(lines, [2, 4]);
}

#[test]
fn metadata_exclusivity_weight_class_subject() {
    let exclusive = [
        "F_1 * F_2",
        "F_1 ? M",
        "VP M_1 * N",
        "VI M_1 ? F_2",
        "F_1 MM 2",
        "F_1 L BOMBE",
        "F_1 T 2 R",
        "F_1 C : 3",
        "M_1 C : 3",
    ];
    for text in exclusive {
        assert!(parse_ok(text).is_exclusive(), "{text}");
        assert_eq!(
            parse_ok(text).weight(),
            if text.contains(" : ") { 17 } else { 14 },
            "{text}"
        );
    }
    let not_exclusive = [
        "F_1 C BOMBE",
        "F_1 E 2 VC P",
        "A : 3",
        "F_1 C MP",
        "F_1 T 2 VC F_3",
        "VI M_1 S M_2",
        "M_1 P",
    ];
    for text in not_exclusive {
        assert!(!parse_ok(text).is_exclusive(), "{text}");
    }
    assert_eq!(parse_ok("M_1 C 2 I").weight(), 6);
    assert_eq!(parse_ok("M_1 T 24 R I").weight(), 6);
    assert_eq!(parse_ok("M_1 C 2 P").weight(), 4);
    assert_eq!(parse_ok("F_1 D PC").weight(), 9);
    assert_eq!(parse_ok("F_1 D P").weight(), 5);
    assert_eq!(parse_ok("M_1 P").step(), Some(18));
    assert_eq!(parse_ok("F_1 C : 3").step(), Some(20));
    assert_eq!(parse_ok("F_1 C BOMBE").weight(), 15);

    assert_eq!(parse_ok("J : 3").required_class(), Some(Class::Missionary));
    for text in ["M_1 C 2 R", "M_1 T 2 R VI", "F_1 T 2 R"] {
        assert_eq!(
            parse_ok(text).required_class(),
            Some(Class::Robotron),
            "{text}"
        );
    }
    for text in [
        "F_1 T 2 VC VT",
        "F_1 T 2 VC VT F_2",
        "M_1 T 2 VI VT F_2",
        "M_1 T 2 VP VT F_2",
    ] {
        assert_eq!(
            parse_ok(text).required_class(),
            Some(Class::Merchant),
            "{text}"
        );
    }
    assert_eq!(
        parse_ok("F_1 E 2 VC CM").required_class(),
        Some(Class::Explorer)
    );
    assert_eq!(parse_ok("F_1 T 2 VC F_2").required_class(), None);

    assert_eq!(parse_ok("VI M_5 ? F_291").subject(), Subject::ViGroup(5));
    assert_eq!(parse_ok("VP M_5 * N").subject(), Subject::VpGroup(5));
    assert_eq!(parse_ok("M_5 T 2 VP F_1").subject(), Subject::VpGroup(5));
    assert_eq!(parse_ok("M_5 C : 2").subject(), Subject::World(5));
    assert_eq!(parse_ok("F_5 MM 2").subject(), Subject::Fleet(5));
    assert_eq!(parse_ok("T_7 F_5").subject(), Subject::Treasure(7));
    assert_eq!(parse_ok("Z").subject(), Subject::Player);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_text_never_panics(text in any::<String>()) {
        let file = parse_orders(&text);
        for diagnostic in &file.diagnostics {
            prop_assert!(diagnostic.span.line >= 1);
            prop_assert!(diagnostic.span.end_column >= diagnostic.span.column);
        }
    }

    #[test]
    fn order_like_text_never_panics(
        text in "[MFTVIPZACENDJSRGLOB0-9_ :*?=#().;\"@\n-]{0,60}"
    ) {
        let file = parse_orders(&text);
        // Every order read reprints to text that reads back as the same order.
        for order in &file.orders {
            prop_assert_eq!(parse_order(&order.kind.to_string()), Ok(order.kind.clone()));
        }
    }
}

#[test]
fn references_in_written_order() {
    use nebutil::orders::ast::EntityRef::{Fleet, Player, Treasure, World};
    let refs = |text: &str| parse_ok(text).references();
    assert_eq!(refs("M_127 C 10 VC F_57"), [World(127), Fleet(57)]);
    assert_eq!(refs("F_73 MM 54 463"), [Fleet(73), World(54), World(463)]);
    assert_eq!(refs("T_57 F_44"), [Treasure(57), Fleet(44)]);
    assert_eq!(refs("VP M_5 S M_6"), [World(5), World(6)]);
    assert_eq!(
        refs("F_1 C : \"Miria\""),
        [Fleet(1), Player(PlayerRef::Name("Miria".into()))]
    );
    assert_eq!(refs("Z"), []);
    assert_eq!(refs("F_4 T 3 VC VT F_8"), [Fleet(4), Fleet(8)]);
    // Every form names at least what its printed text names.
    for line in FORMS
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let input = line.split(" | ").nth(1).expect("input");
        let kind = parse_ok(input);
        let text = kind.to_string();
        let written =
            text.matches("M_").count() + text.matches("F_").count() + text.matches("T_").count();
        let named = kind
            .references()
            .iter()
            .filter(|r| !matches!(r, Player(_)))
            .count();
        let bare_worlds = match &kind {
            OrderKind::Move { route, .. } => route.len(),
            OrderKind::NoAmbush { world: Some(_) } => 1,
            _ => 0,
        };
        assert_eq!(named, written + bare_worlds, "{text}");
    }
}
