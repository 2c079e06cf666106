//! The canonical printer: the text of every form, and parse(print(o)) == o over
//! generated orders of every form.

use nebutil::model::{PlayerId, Tech};
use nebutil::orders::ast::{
    Construction, Declaration, Fire, FleetTarget, FleetTransfer, Guard, GuardTransfer, LoadGoods,
    MevaTarget, People, Prober, RobotProduct, UnloadGoods, VpTarget,
};
use nebutil::orders::{
    OrderKind, PlayerRef, format_orders, parse_order, parse_orders, print_orders,
};
use proptest::prelude::*;
use proptest::strategy::Union;

const FORMS: &str = include_str!("../fixtures/orders/forms.txt");

#[test]
fn every_form_prints_its_canonical_text() {
    let mut count = 0;
    for line in FORMS
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let fields: Vec<&str> = line.split(" | ").collect();
        let (input, canonical) = (fields[1], fields[2]);
        let kind = parse_order(input).unwrap_or_else(|e| panic!("{input}: {e:?}"));
        assert_eq!(kind.to_string(), canonical);
        // Printing is a fixed point.
        assert_eq!(
            parse_order(canonical).map(|k| k.to_string()),
            Ok(canonical.to_string())
        );
        count += 1;
    }
    assert!(count >= 93, "{count} fixture rows");
}

#[test]
fn canonical_spelling() {
    let cases = [
        ("m127 c10 vc f57", "M_127 C 10 VC F_57"),
        ("F 240 M 48 M 304", "F_240 MM 48 304"),
        ("vi m5 ? f291", "VI M_5 ? F_291"),
        ("a:\"Miria\"", "A : \"Miria\""),
        ("M_12 =\"  La Terre  \"", "M_12 = \"  La Terre  \""),
        ("z m12", "Z 12"),
        ("f_5 d mp", "F_5 D MP"),
    ];
    for (input, canonical) in cases {
        assert_eq!(
            parse_order(input).map(|k| k.to_string()),
            Ok(canonical.to_string()),
            "{input}"
        );
    }
}

#[test]
fn an_order_file_prints_one_order_per_line_and_reads_back() {
    let text = "M_127 C 10 VC F_57\n# commentaire\nF_57 M_48 ; on y va\nJ:3\n";
    let file = parse_orders(text);
    let kinds = file.kinds();
    let printed = print_orders(&kinds);
    assert_eq!(printed, "M_127 C 10 VC F_57\nF_57 MM 48\nJ : 3\n");
    assert_eq!(parse_orders(&printed).kinds(), kinds);
    assert_eq!(print_orders(&[]), "");
}

// ---- Generated orders of every form ----

fn id() -> impl Strategy<Value = u32> + Clone {
    prop_oneof![0..1000u32, any::<u32>()]
}

fn qty() -> impl Strategy<Value = u32> + Clone {
    prop_oneof![1..100u32, 1..=u32::MAX]
}

fn opt_qty() -> impl Strategy<Value = Option<u32>> + Clone {
    proptest::option::of(qty())
}

/// A world name: anything on one line but `"`, `@` and `;` (G-3 strips from `;`).
fn name() -> impl Strategy<Value = String> + Clone {
    "[^\"@;\n\r]{0,20}"
}

fn player() -> impl Strategy<Value = PlayerRef> + Clone {
    prop_oneof![
        id().prop_map(|n| PlayerRef::Number(PlayerId(n))),
        "[^\"@;\n\r]{0,12}[A-Za-zé][^\"@;\n\r]{0,8}".prop_map(PlayerRef::Name),
    ]
}

fn people() -> impl Strategy<Value = People> + Clone {
    proptest::sample::select(People::ALL.to_vec())
}

fn guard() -> impl Strategy<Value = Guard> + Clone {
    prop_oneof![Just(Guard::Vi), Just(Guard::Vp)]
}

fn construction() -> impl Strategy<Value = Construction> {
    prop_oneof![
        id().prop_map(Construction::Vc),
        id().prop_map(Construction::Vt),
        Just(Construction::Vi),
        Just(Construction::Vp),
        Just(Construction::Industries),
        Just(Construction::PopLimit),
        Just(Construction::Robots),
        id().prop_map(Construction::Spies),
        proptest::sample::select(Tech::ALL.to_vec()).prop_map(Construction::Research),
    ]
}

fn fire() -> impl Strategy<Value = Fire> {
    prop_oneof![
        (
            id(),
            prop_oneof![
                id().prop_map(FleetTarget::Fleet),
                Just(FleetTarget::Protections),
                Just(FleetTarget::Population),
                Just(FleetTarget::Industries),
            ]
        )
            .prop_map(|(fleet, target)| Fire::Fleet { fleet, target }),
        (
            id(),
            prop_oneof![
                id().prop_map(VpTarget::Fleet),
                Just(VpTarget::NonConverts),
                Just(VpTarget::Converts),
            ]
        )
            .prop_map(|(world, target)| Fire::Vp { world, target }),
        (id(), id()).prop_map(|(world, fleet)| Fire::Vi { world, fleet }),
    ]
}

fn order() -> impl Strategy<Value = OrderKind> {
    use OrderKind as K;
    let arms: Vec<BoxedStrategy<OrderKind>> = vec![
        (id(), name())
            .prop_map(|(world, name)| K::Name { world, name })
            .boxed(),
        (
            proptest::sample::select(Declaration::ALL.to_vec()),
            player(),
        )
            .prop_map(|(declaration, player)| K::Declare {
                declaration,
                player,
            })
            .boxed(),
        id().prop_map(|fleet| K::Peace { fleet }).boxed(),
        id().prop_map(|fleet| K::War { fleet }).boxed(),
        proptest::option::of(id())
            .prop_map(|world| K::NoAmbush { world })
            .boxed(),
        (
            prop_oneof![
                (guard(), id()).prop_map(|(g, w)| Prober::Guard(g, w)),
                id().prop_map(Prober::Fleet)
            ],
            id(),
        )
            .prop_map(|(prober, target)| K::Probe { prober, target })
            .boxed(),
        (id(), qty(), people(), id())
            .prop_map(|(world, count, people, target)| K::Emigrate {
                world,
                count,
                people,
                target,
            })
            .boxed(),
        (id(), qty(), construction())
            .prop_map(|(world, count, construction)| K::Build {
                world,
                count,
                construction,
            })
            .boxed(),
        (id(), qty())
            .prop_map(|(world, count)| K::ViToIndustries { world, count })
            .boxed(),
        (
            id(),
            qty(),
            prop_oneof![
                Just(RobotProduct::Industries),
                id().prop_map(RobotProduct::Vc),
                Just(RobotProduct::Vi),
                Just(RobotProduct::Vp),
            ],
        )
            .prop_map(|(world, count, product)| K::TransformRobots {
                world,
                count,
                product,
            })
            .boxed(),
        id().prop_map(|fleet| K::BuildBomb { fleet }).boxed(),
        (
            id(),
            opt_qty(),
            prop_oneof![
                Just(UnloadGoods::Mp),
                Just(UnloadGoods::Pc),
                people().prop_map(UnloadGoods::People)
            ],
        )
            .prop_map(|(fleet, count, goods)| K::Unload {
                fleet,
                count,
                goods,
            })
            .boxed(),
        id().prop_map(|treasure| K::DropTreasure { treasure })
            .boxed(),
        (
            id(),
            qty(),
            guard(),
            prop_oneof![
                Just(GuardTransfer::OtherGuard),
                id().prop_map(GuardTransfer::Fleet),
                id().prop_map(GuardTransfer::FleetAsVt),
            ],
        )
            .prop_map(|(world, count, from, to)| K::GuardTransfer {
                world,
                count,
                from,
                to,
            })
            .boxed(),
        (
            id(),
            qty(),
            prop_oneof![
                guard().prop_map(FleetTransfer::VcToGuard),
                id().prop_map(FleetTransfer::VcToFleet),
                id().prop_map(FleetTransfer::VtToFleet),
                Just(FleetTransfer::VcToVt),
                id().prop_map(FleetTransfer::VcToVtOnFleet),
            ],
        )
            .prop_map(|(fleet, count, transfer)| K::FleetTransfer {
                fleet,
                count,
                transfer,
            })
            .boxed(),
        (
            id(),
            opt_qty(),
            prop_oneof![Just(LoadGoods::Mp), people().prop_map(LoadGoods::People)],
        )
            .prop_map(|(fleet, count, goods)| K::Load {
                fleet,
                count,
                goods,
            })
            .boxed(),
        (id(), id())
            .prop_map(|(treasure, fleet)| K::LoadTreasure { treasure, fleet })
            .boxed(),
        (
            id(),
            qty(),
            prop_oneof![Just(MevaTarget::Population), Just(MevaTarget::Mining)],
        )
            .prop_map(|(fleet, count, target)| K::Meva {
                fleet,
                count,
                target,
            })
            .boxed(),
        (any::<bool>(), fire())
            .prop_map(|(conditional, fire)| K::Fire { conditional, fire })
            .boxed(),
        (id(), proptest::collection::vec(id(), 1..8))
            .prop_map(|(fleet, route)| K::Move { fleet, route })
            .boxed(),
        id().prop_map(|fleet| K::DropBomb { fleet }).boxed(),
        (id(), qty())
            .prop_map(|(fleet, count)| K::RobotAttack { fleet, count })
            .boxed(),
        id().prop_map(|world| K::Pillage { world }).boxed(),
        (id(), player())
            .prop_map(|(fleet, player)| K::GiveFleet { fleet, player })
            .boxed(),
        (id(), player())
            .prop_map(|(world, player)| K::GiveWorld { world, player })
            .boxed(),
    ];
    Union::new(arms)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn parse_of_print_is_the_order(kind in order()) {
        let text = kind.to_string();
        prop_assert_eq!(parse_order(&text), Ok(kind.clone()), "{}", text);
    }

    #[test]
    fn an_order_file_round_trips(kinds in proptest::collection::vec(order(), 0..20)) {
        let text = print_orders(&kinds);
        let file = parse_orders(&text);
        prop_assert!(file.diagnostics.is_empty(), "{:?}", file.diagnostics);
        prop_assert_eq!(file.kinds(), kinds);
        for (i, order) in file.orders.iter().enumerate() {
            prop_assert_eq!(order.span.line as usize, i + 1);
            prop_assert_eq!(order.span.column, 1);
        }
    }
}

/// The generator reaches all 92 forms that the AST distinguishes (#88 is #87).
#[test]
fn the_generator_covers_every_form() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = order();
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..20_000 {
        let tree = strategy.new_tree(&mut runner).expect("a value");
        seen.insert(tree.current().form());
    }
    let missing: Vec<u8> = (1..=93).filter(|f| *f != 88 && !seen.contains(f)).collect();
    assert!(missing.is_empty(), "{missing:?}");
}

#[test]
fn formatting_keeps_comments_envelope_and_broken_lines() {
    let text = "\u{feff}ORDRES KARNAJ 4 toto\r\nDEBUT\r\n# tour 5\r\n  m127 c10 vc f57   ;  renforts\r\nF_5 Q\r\n\r\nf240 m48 m304.\r\nFIN\r\n-- \r\nMaxtor";
    let formatted = format_orders(text);
    assert_eq!(
        formatted,
        "ORDRES KARNAJ 4 toto\nDEBUT\n# tour 5\nM_127 C 10 VC F_57 ;  renforts\nF_5 Q\n\nF_240 MM 48 304\nFIN\n-- \nMaxtor"
    );
    assert_eq!(format_orders(&formatted), formatted);
    assert_eq!(parse_orders(&formatted).kinds(), parse_orders(text).kinds());
}

/// A line of a player's file: an order in a random spelling, a comment, a blank
/// line or something broken.
fn file_line() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (order(), any::<bool>(), "( ;[^\n\r]{0,10})?").prop_map(|(kind, lower, comment)| {
            let text = kind.to_string();
            // Lower-casing keeps quoted names as they are.
            let text = if lower && !text.contains('"') { text.to_lowercase().replace('_', " ") } else { text };
            format!("{text}{comment}")
        }),
        1 => "#[^\n\r]{0,10}",
        1 => Just(String::new()),
        1 => "[A-Z0-9_ :*?=]{1,12}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn formatting_is_idempotent_and_keeps_the_orders(lines in proptest::collection::vec(file_line(), 0..12)) {
        let text = lines.join("\n");
        let formatted = format_orders(&text);
        prop_assert_eq!(format_orders(&formatted), formatted.clone());
        prop_assert_eq!(parse_orders(&formatted).kinds(), parse_orders(&text).kinds());
        prop_assert_eq!(formatted.lines().count(), text.lines().count());
    }
}
