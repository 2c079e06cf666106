//! Partial galaxies and the what-if preview (`resolve::partial`).
//!
//! - The leak test: a real game (generator, a few turns of random orders), one
//!   player's CRs and NBTs written by the writer and read back, his knowledge,
//!   the partial galaxy built from it: it holds no fact his CRs did not tell, and
//!   changing what he cannot see changes nothing in it nor in the preview.
//! - Scenarios on hand-written CRs: building ships, growth odds, assumptions.

use std::collections::BTreeSet;

use crate::support::galaxy_strategy;

use proptest::prelude::*;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use nebutil::game::generate::{GeneratorParams, PlayerSetup, generate_seeded};
use nebutil::model::knowledge::Knowledge;
use nebutil::model::record::TurnRecord;
use nebutil::model::treasure::TreasureLocation;
use nebutil::model::view::{TreasureSite, TurnView};
use nebutil::model::{Class, Galaxy, PlayerId, Tech, TechLevels};
use nebutil::nbt;
use nebutil::orders::{Order, parse_orders};
use nebutil::report;
use nebutil::resolve::partial::{
    Assumed, Assumptions, Change, Field, HiddenSplit, Item, Key, ODDS_SEED, Odds, OddsControl,
    Partial, PlayerAssumption, galaxy_from_knowledge, preview, preview_odds,
};
use nebutil::resolve::{Submissions, resolve_turn};
use nebutil::rules::Ruleset;

const GAME: &str = "FUITE";

fn rules() -> Ruleset {
    Ruleset::builtin("2002").expect("built-in rules")
}

fn orders(text: &str) -> Vec<Order> {
    let file = parse_orders(text);
    assert!(file.diagnostics.is_empty(), "{:?}", file.diagnostics);
    file.orders
}

/// What `player` receives for the galaxy's turn, read back as the app reads it.
fn received(
    galaxy: &Galaxy,
    record: Option<&TurnRecord>,
    player: PlayerId,
    ruleset: &Ruleset,
) -> TurnView {
    crate::support::received::received(galaxy, record, player, ruleset, GAME)
}

/// Random orders for every player, as text: moves to neighbours, ships built on
/// fleets, research, loads and unloads — some invalid (the resolver voids them).
fn random_orders(galaxy: &Galaxy, rng: &mut ChaCha8Rng) -> Submissions {
    let mut submissions = Submissions::new();
    for player in galaxy.players.values().filter(|p| !p.is_neutral()) {
        let mut text = String::new();
        for world in galaxy.worlds_of(player.id) {
            if let Some(fleet) = galaxy.fleets_at(world.id).find(|f| f.owner == player.id) {
                let n = rng.random_range(1..=4);
                text.push_str(&format!("M_{} C {n} VC F_{}\n", world.id, fleet.id));
            }
            if rng.random_ratio(1, 2) {
                let tech = ["DEP", "ATT", "DEF", "RAD", "ALI", "CAR"][rng.random_range(0..6)];
                text.push_str(&format!("M_{} C 2 {tech}\n", world.id));
            }
        }
        for fleet in galaxy.fleets_of(player.id) {
            let Some(world) = galaxy.world(fleet.world) else {
                continue;
            };
            match rng.random_range(0..4) {
                0 | 1 if !world.connections.is_empty() => {
                    let to = world.connections[rng.random_range(0..world.connections.len())];
                    text.push_str(&format!("F_{} M_{to}\n", fleet.id));
                }
                2 => text.push_str(&format!("F_{} C MP\n", fleet.id)),
                _ => text.push_str(&format!("F_{} D MP\n", fleet.id)),
            }
        }
        submissions.insert(player.id, parse_orders(&text).orders);
    }
    submissions
}

/// A generated game played `turns` turns; returns every turn's galaxy and record.
fn play(seed: u64, turns: u32) -> (Vec<(Galaxy, Option<TurnRecord>)>, Ruleset) {
    let ruleset = rules();
    let setups = (0..4)
        .map(|i| PlayerSetup::new(&format!("Joueur {}", i + 1), Class::ALL[i % 7]))
        .collect();
    let mut params = GeneratorParams::new(setups);
    params.final_turn = Some(30);
    params.worlds = 40;
    let mut galaxy = generate_seeded(&params, &ruleset, seed).expect("a galaxy");
    let mut history = vec![(galaxy.clone(), None)];
    let mut orders_rng = ChaCha8Rng::seed_from_u64(seed ^ 0xfeed);
    for _ in 0..turns {
        let submissions = random_orders(&galaxy, &mut orders_rng);
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(u64::from(galaxy.turn)));
        let outcome = resolve_turn(&galaxy, &submissions, &ruleset, &mut rng);
        galaxy = outcome.galaxy;
        history.push((galaxy.clone(), Some(outcome.record)));
    }
    (history, ruleset)
}

fn knowledge_of(
    history: &[(Galaxy, Option<TurnRecord>)],
    player: PlayerId,
    ruleset: &Ruleset,
) -> Knowledge {
    crate::support::received::knowledge_of(history, player, ruleset, GAME)
}

/// Every fact of the partial galaxy is one the knowledge holds (or an assumption).
fn assert_no_leak(partial: &Galaxy, me: PlayerId, knowledge: &Knowledge, truth: &Galaxy) {
    let turn = knowledge.latest_turn().expect("turns");
    let latest = knowledge.view_at(turn).expect("the latest view");
    let listed: BTreeSet<u32> = latest.fleets.iter().map(|f| f.id).collect();
    // No fleet the latest CR did not list (no hidden foreign fleet).
    for fleet in partial.fleets.values() {
        assert!(
            listed.contains(&fleet.id),
            "F_{} was not on the CR",
            fleet.id
        );
        let seen = latest.fleet(fleet.id).expect("listed");
        assert_eq!(
            Some(fleet.ships()),
            seen.total.map(u64::from),
            "F_{} ships",
            fleet.id
        );
        if seen.cargo.is_none() {
            assert_eq!(fleet.cargo.total(), 0, "F_{}: hidden cargo", fleet.id);
        }
        if seen.vc.is_none() {
            assert_eq!(fleet.vt, 0, "F_{}: hidden split", fleet.id);
        }
    }
    // No foreign technology level (no CR shows them): the assumed ones.
    for player in partial.players.values() {
        if player.id != me && !player.is_neutral() {
            assert_eq!(
                player.tech,
                TechLevels::initial(),
                "{}'s levels",
                player.name
            );
            assert!(player.class.is_none(), "{}'s class", player.name);
        }
    }
    // Own technologies and score: the CR's.
    let own = partial.player(me).expect("me");
    let truth_me = truth.player(me).expect("me in the truth");
    assert_eq!(own.tech, truth_me.tech);
    assert_eq!(own.score, truth_me.score);
    // Worlds: known ones only; those never described are empty.
    for world in partial.worlds.values() {
        let k = knowledge
            .world(world.id)
            .expect("a world the knowledge names");
        if k.last_described.is_none() {
            assert!(world.owner.is_neutral(), "M_{} owner", world.id);
            assert_eq!(
                (
                    world.population.total(),
                    world.industries,
                    world.mp,
                    world.vi + world.vp
                ),
                (0, 0, 0, 0),
                "M_{}: state of a world never described",
                world.id
            );
            if k.connections.is_none() {
                // Links only from the neighbours' lists (reverse links).
                for link in &world.connections {
                    let other = knowledge.world(*link).expect("known");
                    let lists = other
                        .connections
                        .as_ref()
                        .is_some_and(|c| c.value.iter().any(|c| c.world == world.id));
                    assert!(lists, "M_{} -> M_{link} not from a CR", world.id);
                }
            }
        } else if let Some(line) = latest
            .world(world.id)
            .filter(|w| !w.elided && w.owner.is_some())
        {
            assert_eq!(line.mp(), Some(world.mp), "M_{} MP", world.id);
            assert_eq!(
                line.population().map(u64::from),
                Some(world.population.humans()),
                "M_{} P",
                world.id
            );
            assert_eq!(
                line.industries(),
                Some(world.industries),
                "M_{} I",
                world.id
            );
            assert_eq!(line.vi(), Some(world.vi), "M_{} VI", world.id);
            assert_eq!(line.vp(), Some(world.vp), "M_{} VP", world.id);
        } else {
            // Described on an older turn: its last values seen.
            let seen = |s: &Option<nebutil::model::knowledge::Seen<u32>>| {
                s.as_ref().map_or(0, |s| s.value)
            };
            assert_eq!(seen(&k.mp()), world.mp, "M_{} stale MP", world.id);
            assert_eq!(
                seen(&k.industries()),
                world.industries,
                "M_{} stale I",
                world.id
            );
            assert_ne!(world.owner, me, "M_{} is not mine any more", world.id);
        }
        if k.position.is_none() {
            assert_eq!((world.coords.x, world.coords.y), (0, 0));
        }
    }
    // No treasure the latest CR did not show, where it showed it.
    for treasure in partial.treasures.values() {
        let seen = latest
            .treasures
            .iter()
            .find(|t| t.id == treasure.id)
            .unwrap_or_else(|| panic!("T_{} was not on the CR", treasure.id));
        let site = match treasure.location {
            TreasureLocation::World(w) => TreasureSite::World(w),
            TreasureLocation::Fleet(f) => TreasureSite::Fleet(f),
        };
        assert_eq!(seen.site, site);
    }
    // The final turn is not known.
    assert_eq!(partial.final_turn, u32::MAX);
}

/// Changes, in the truth, only what `player` cannot see at the galaxy's turn:
/// other players' technologies, classes' hidden facts, the composition and
/// cargo of foreign fleets he sees without ALI, every world and fleet not
/// on his CR.
fn change_the_hidden(
    galaxy: &mut Galaxy,
    player: PlayerId,
    ruleset: &Ruleset,
    record: Option<&TurnRecord>,
) {
    let view = report::write::project(galaxy, player, record, ruleset, Some(GAME));
    let described: BTreeSet<u32> = view.worlds.iter().map(|w| w.id).collect();
    let ali = galaxy.player(player).map_or(0, |p| p.tech.level(Tech::Ali));
    for p in galaxy.players.values_mut() {
        if p.id != player && !p.is_neutral() {
            p.tech.set_level(Tech::Def, p.tech.level(Tech::Def) + 3);
            p.tech.set_progress(Tech::Att, 1);
            p.score += 1000;
        }
    }
    for fleet in galaxy.fleets.values_mut() {
        if fleet.owner == player {
            continue;
        }
        if !described.contains(&fleet.world) {
            fleet.vc += 7;
            fleet.cargo.mp = 0;
        } else if fleet.ships() > 0 {
            let car = 1;
            fleet.cargo.mp = u32::try_from(fleet.capacity(car).min(2)).expect("small");
            if ali == 0 && fleet.vt > 0 {
                fleet.vt -= 1;
                fleet.vc += 1;
            }
        }
    }
    for world in galaxy.worlds.values_mut() {
        if !described.contains(&world.id) && !world.black_hole {
            world.mp += 13;
            world.industries += 2;
        }
    }
}

#[test]
fn the_partial_galaxy_holds_nothing_the_crs_did_not_tell() {
    let (mut contacts, mut foreign_fleets) = (0, 0);
    for seed in [7_u64, 2026] {
        let (history, ruleset) = play(seed, 10);
        let (truth, _) = history.last().expect("turns");
        for player in truth.players.keys().copied().filter(|p| !p.is_neutral()) {
            let knowledge = knowledge_of(&history, player, &ruleset);
            let (partial, me, assumed) =
                galaxy_from_knowledge(&knowledge, &Assumptions::default(), &ruleset);
            assert_eq!(me, player);
            assert_no_leak(&partial, me, &knowledge, truth);
            let foreign = partial
                .players
                .values()
                .filter(|p| p.id != me && !p.is_neutral())
                .count();
            let assumed_tech = assumed
                .iter()
                .filter(|a| matches!(a, Assumed::ForeignTech { .. }))
                .count();
            assert_eq!(
                assumed_tech, foreign,
                "one technology assumption per other player"
            );
            contacts += foreign;
            foreign_fleets += partial.fleets.values().filter(|f| f.owner != me).count();

            // The preview describes only worlds and fleets the partial galaxy has.
            let draft = random_orders(&partial, &mut ChaCha8Rng::seed_from_u64(seed));
            let mine = draft.get(&me).cloned().unwrap_or_default();
            let p = preview(&knowledge, &mine, &Assumptions::default(), &ruleset, seed);
            for world in &p.next.worlds {
                assert!(
                    partial.worlds.contains_key(&world.id),
                    "M_{} predicted",
                    world.id
                );
            }
            for fleet in &p.next.fleets {
                assert!(
                    partial.fleets.contains_key(&fleet.id),
                    "F_{} predicted",
                    fleet.id
                );
            }
            for t in &p.next.treasures {
                assert!(
                    partial.treasures.contains_key(&t.id),
                    "T_{} predicted",
                    t.id
                );
            }
            for w in &p.next.worlds {
                if knowledge.world(w.id).is_none_or(|k| k.position.is_none()) {
                    assert_eq!(w.coords, None, "M_{}: made-up coordinates", w.id);
                }
            }
            for change in &p.changes {
                assert!(matches!(
                    change.key.item,
                    Item::World(_) | Item::Fleet(_) | Item::Tech(_) | Item::Player
                ));
            }

            // What he cannot see changes nothing: the same partial galaxy, the same
            // preview.
            let mut hidden = history.clone();
            let last = hidden.len() - 1;
            let record = hidden[last].1.clone();
            change_the_hidden(&mut hidden[last].0, player, &ruleset, record.as_ref());
            assert_ne!(&hidden[last].0, truth, "the truth changed");
            let other_knowledge = knowledge_of(&hidden, player, &ruleset);
            let (other_partial, _, _) =
                galaxy_from_knowledge(&other_knowledge, &Assumptions::default(), &ruleset);
            assert_eq!(
                other_partial, partial,
                "seed {seed}, player {player}: a hidden fact leaked"
            );
            let other = preview(
                &other_knowledge,
                &mine,
                &Assumptions::default(),
                &ruleset,
                seed,
            );
            assert_eq!(other, p, "the preview depends on a hidden fact");
        }
    }
    // The games met other players and their fleets: the test saw foreign facts.
    assert!(
        contacts > 0 && foreign_fleets > 0,
        "contacts {contacts}, foreign fleets {foreign_fleets}"
    );
}

/// A hand-written CR: Maxtor's M_48 with 20 industries, 63 people, 30 MP, his
/// fleet F_57 of 12 VC; Miria's fleet F_204 seen without ALI; neighbours only named.
const CR: &str = "\
NEBULA - Partie TEST - Tour 3
Joueur : \"Maxtor\":5 (Empereur)
Points : 40 (+4)

Vos niveaux technologiques :
DEplacement : 3 (10)
ATtaque : 1 (10), Votre CA est de : 50
DEfense : 1 (10), Votre CD est de : 100
RADar : 0 (10)
Connaissance des ALIens : 0 (5)
CARgaison : 1 (10)

Vous connaissez de nom : \"Miria\":7

M_48 (127,256) \"Maxtor:3\" I=20 P=63(100) MP=30
  F_57 \"Maxtor\" []=12
  F_204 \"Miria\" [?]=24?
  F_300 \"Backchiche\" [?]=3
";

fn hand_knowledge() -> Knowledge {
    let (view, diagnostics) = report::read(CR);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let (knowledge, diagnostics) = Knowledge::from_views([view]);
    assert!(diagnostics.is_empty());
    knowledge
}

fn key(item: Item, field: Field) -> Key {
    Key { item, field }
}

fn change(p: &[Change], item: Item, field: Field) -> Option<Change> {
    p.iter().copied().find(|c| c.key == key(item, field))
}

#[test]
fn building_ten_vc_on_f57_predicts_ten_more_vc_and_ten_mp_less() {
    let knowledge = hand_knowledge();
    let ruleset = rules();
    let p = preview(
        &knowledge,
        &orders("M_48 C 10 VC F_57\n"),
        &Assumptions::default(),
        &ruleset,
        1,
    );
    assert!(p.voided.is_empty(), "{:?}", p.voided);
    let vc = change(&p.changes, Item::Fleet(57), Field::Vc).expect("F_57's VC change");
    assert_eq!(
        (vc.before, vc.after, vc.delta()),
        (Some(12), Some(22), Some(10))
    );
    let mp = change(&p.changes, Item::World(48), Field::Mp).expect("M_48's MP change");
    assert_eq!(mp.delta(), Some(-10));
    // Without the order, neither changes.
    let idle = preview(&knowledge, &[], &Assumptions::default(), &ruleset, 1);
    assert_eq!(change(&idle.changes, Item::Fleet(57), Field::Vc), None);
    assert_eq!(change(&idle.changes, Item::World(48), Field::Mp), None);
}

#[test]
fn an_impossible_order_is_reported_voided() {
    let knowledge = hand_knowledge();
    let p = preview(
        &knowledge,
        &orders("F_204 M_127\n"),
        &Assumptions::default(),
        &rules(),
        1,
    );
    assert_eq!(p.voided.len(), 1, "{:?}", p.voided);
    assert_eq!(change(&p.changes, Item::Fleet(204), Field::Owned), None);
}

#[test]
fn growth_of_63_people_is_6_or_7_with_its_odds() {
    let knowledge = hand_knowledge();
    let ruleset = rules();
    let mut seen = Vec::new();
    let odds = preview_odds(
        &knowledge,
        &[],
        &Assumptions::default(),
        &ruleset,
        99,
        400,
        &mut |n| seen.push(n),
    );
    assert_eq!(seen.len(), 400);
    assert_eq!(seen.last(), Some(&400));
    assert_eq!(
        odds.now.get(&key(Item::World(48), Field::Population)),
        Some(&63)
    );
    let population = odds
        .next
        .get(&key(Item::World(48), Field::Population))
        .expect("M_48's population");
    assert_eq!((population.min, population.max), (69, 70));
    assert_eq!(population.runs(), 400);
    let seventy = population.percent(70, 400);
    assert!(
        (22..=38).contains(&seventy),
        "+7 in {seventy} % of the runs (30 % expected)"
    );
    assert_eq!(population.percent(69, 400) + seventy, 100);
    // Certain values are certain.
    let vc = odds
        .next
        .get(&key(Item::Fleet(57), Field::Vc))
        .expect("F_57");
    assert!(vc.is_certain());
    assert!(
        odds.changing()
            .any(|(k, _)| *k == key(Item::World(48), Field::Population))
    );
    assert!(
        !odds
            .changing()
            .any(|(k, _)| *k == key(Item::Fleet(57), Field::Vc))
    );
}

#[test]
fn assumptions_are_listed_and_can_be_changed() {
    let knowledge = hand_knowledge();
    let ruleset = rules();
    let (galaxy, me, assumed) =
        galaxy_from_knowledge(&knowledge, &Assumptions::default(), &ruleset);
    assert_eq!(me, PlayerId(5));
    // Backchiche: no number on the CR, a synthetic one.
    let backchiche = galaxy.player_by_name("Backchiche").expect("Backchiche");
    assert!(backchiche.id.0 > 7);
    assert!(assumed.contains(&Assumed::SyntheticNumber {
        player: "Backchiche".into(),
        number: backchiche.id.0,
    }));
    // `[?]=24?` = 24 VC by default; hidden cargo empty.
    let f204 = galaxy.fleet(204).expect("F_204");
    assert_eq!((f204.vc, f204.vt, f204.cargo.total()), (24, 0, 0));
    assert!(assumed.contains(&Assumed::HiddenSplit {
        fleet: 204,
        total: 24,
        vc: 24,
        vt: 0
    }));
    // Neighbours only named: empty neutral worlds linked back to M_48.
    let m127 = galaxy.world(127).expect("M_127");
    assert!(m127.owner.is_neutral());
    assert_eq!(m127.connections, vec![48]);
    assert!(
        assumed
            .iter()
            .any(|a| matches!(a, Assumed::NamedOnly { worlds } if worlds == &vec![127, 256]))
    );
    // Miria at the starting levels.
    let miria = galaxy.player_by_name("Miria").expect("Miria");
    assert_eq!(miria.id, PlayerId(7));
    assert_eq!(miria.tech, TechLevels::initial());

    let mut changed = Assumptions {
        hidden_split: HiddenSplit::AllVt,
        hidden_cargo_mp: 5,
        symmetric_links: false,
        ..Assumptions::default()
    };
    changed.players.insert(
        "Miria".into(),
        PlayerAssumption {
            tech: Some([5, 4, 3, 2, 1, 3]),
            class: Some(Class::Missionary),
        },
    );
    let (galaxy, _, assumed) = galaxy_from_knowledge(&knowledge, &changed, &ruleset);
    let f204 = galaxy.fleet(204).expect("F_204");
    // 24 VT of CAR 3 carry the 5 MP assumed.
    assert_eq!((f204.vc, f204.vt, f204.cargo.mp), (0, 24, 5));
    // 3 VC of Backchiche (CAR 1): capacity 3.
    assert_eq!(galaxy.fleet(300).expect("F_300").cargo.mp, 3);
    let miria = galaxy.player_by_name("Miria").expect("Miria");
    assert_eq!(miria.tech.level(Tech::Dep), 5);
    assert_eq!(miria.class, Some(Class::Missionary));
    assert!(galaxy.world(127).expect("M_127").connections.is_empty());
    assert!(assumed.contains(&Assumed::ForeignTech {
        player: "Miria".into(),
        levels: [5, 4, 3, 2, 1, 3],
        overridden: true,
    }));
    // Every assumption has a message in both languages.
    for a in &assumed {
        for lang in [nebutil::i18n::Lang::Fr, nebutil::i18n::Lang::En] {
            let text = nebutil::i18n::tr(lang, a.message_id());
            assert_ne!(text, a.message_id(), "no message for {a:?}");
        }
    }
}

#[test]
fn the_demo_game_previews() {
    let texts = [
        (
            include_str!("../../tests/fixtures/orion/demo_t7.cr"),
            include_str!("../../tests/fixtures/orion/demo_t7.nbt"),
        ),
        (
            include_str!("../../tests/fixtures/orion/demo_t6.cr"),
            include_str!("../../tests/fixtures/orion/demo_t6.nbt"),
        ),
    ];
    let views = texts.iter().map(|(cr, nbt_text)| {
        let (mut view, _) = report::read(cr);
        let (file, _) = nbt::read(nbt_text);
        let mut diagnostics = Vec::new();
        if let Some(file) = file {
            nbt::apply(&file, &mut view, &mut diagnostics);
        }
        view
    });
    let (knowledge, _) = Knowledge::from_views(views);
    let ruleset = rules();
    // Md_127 has 12 active industries and 12 MP: 2 VC on F_301.
    let p = preview(
        &knowledge,
        &orders("M_127 C 2 VC F_301\n"),
        &Assumptions::default(),
        &ruleset,
        3,
    );
    assert!(p.voided.is_empty(), "{:?}", p.voided);
    let vc = change(&p.changes, Item::Fleet(301), Field::Vc).expect("F_301");
    assert_eq!(vc.delta(), Some(2));
    // Other players are assumed at the starting levels.
    assert!(
        p.assumed
            .iter()
            .any(|a| matches!(a, Assumed::ForeignTech { player, .. } if player == "Miria"))
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Any galaxy, any player, any draft (random order lines, some nonsense): the
    /// partial galaxy and the preview never panic, and hold only fleets the CR
    /// listed.
    #[test]
    fn any_cr_and_draft_previews_without_panicking(
        (galaxy, record) in galaxy_strategy::galaxy_and_record(&Ruleset::builtin_2002()),
        draft in proptest::collection::vec(
            prop_oneof![
                Just("M_1 C 3 VC F_1"), Just("F_1 M_2"), Just("F_2 MM 1 2 3"),
                Just("F_1 C MP"), Just("F_1 D"), Just("M_1 C 2 DEP"), Just("F_1 * F_2"),
                Just("M_2 P"), Just("F_3 C : 2"), Just("A : 2"), Just("M_1 E 2 N M_2"),
            ],
            0..8,
        ),
    ) {
        let ruleset = Ruleset::builtin_2002();
        let text: String = draft.iter().map(|l| format!("{l}\n")).collect();
        let orders = parse_orders(&text).orders;
        for player in galaxy.players.keys().copied().filter(|p| !p.is_neutral()) {
            let view = received(&galaxy, Some(&record), player, &ruleset);
            let listed: BTreeSet<u32> = view.fleets.iter().map(|f| f.id).collect();
            let (knowledge, _) = Knowledge::from_views([view]);
            let (partial, _, _) = galaxy_from_knowledge(&knowledge, &Assumptions::default(), &ruleset);
            for fleet in partial.fleets.keys() {
                prop_assert!(listed.contains(fleet));
            }
            let p = preview(&knowledge, &orders, &Assumptions::default(), &ruleset, 5);
            for fleet in &p.next.fleets {
                prop_assert!(partial.fleets.contains_key(&fleet.id));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// The same with every count of the galaxy at an extreme (`u32::MAX`, 0):
    /// people, industries, MP, ships, cargo, technology levels. The partial galaxy,
    /// the preview and its odds run without an overflow.
    #[test]
    fn extreme_counts_preview_without_overflow(
        (galaxy, record) in galaxy_strategy::galaxy_and_record(&Ruleset::builtin_2002()),
        value in prop_oneof![Just(u32::MAX), Just(u32::MAX - 1), Just(u32::MAX / 2)],
        draft in proptest::collection::vec(
            prop_oneof![
                Just("M_1 C 4294967295 VC F_1"), Just("F_1 M_2"), Just("M_1 C 4294967295 P"),
                Just("F_1 C 4294967295 MP"), Just("F_1 D 4294967295 PC"), Just("M_1 C 2 DEP"),
                Just("F_1 * F_2"), Just("M_1 E 4294967295 N M_2"), Just("M_1 C 4294967295 I"),
            ],
            0..8,
        ),
    ) {
        let ruleset = Ruleset::builtin_2002();
        let mut galaxy = galaxy;
        for (i, w) in galaxy.worlds.values_mut().enumerate() {
            let v = if i % 3 == 0 { 0 } else { value };
            w.population.non_converts = v;
            w.pop_limit = v / 2;
            w.industries = v;
            w.active_industries = v;
            w.mp = v;
            w.vi = v;
            w.vp = v;
        }
        for f in galaxy.fleets.values_mut() {
            f.vc = value;
            f.vt = value;
            f.cargo.mp = value;
        }
        for p in galaxy.players.values_mut() {
            for tech in Tech::ALL {
                p.tech.set_level(tech, value);
            }
        }
        let text: String = draft.iter().map(|l| format!("{l}\n")).collect();
        let orders = parse_orders(&text).orders;
        for player in galaxy.players.keys().copied().filter(|p| !p.is_neutral()).take(2) {
            let view = received(&galaxy, Some(&record), player, &ruleset);
            let (knowledge, _) = Knowledge::from_views([view]);
            let p = preview(&knowledge, &orders, &Assumptions::default(), &ruleset, 5);
            prop_assert_eq!(p.next.player.as_ref().map(|x| x.number), Some(Some(player.0)));
            let odds = preview_odds(
                &knowledge, &orders, &Assumptions::default(), &ruleset, 5, 3, &mut |_| {},
            );
            prop_assert_eq!(odds.runs, 3);
        }
    }
}

/// The mail robot's forecast (`game::mailbox::forecast`) is built on the
/// player's reports only: two games that differ only in what he cannot see give
/// him the same forecast, word for word.
#[test]
fn the_mail_forecast_depends_on_nothing_the_player_cannot_know() {
    let (history, ruleset) = play(7, 6);
    let (truth, _) = history.last().expect("turns");
    let mut said = 0;
    for player in truth.players.keys().copied().filter(|p| !p.is_neutral()) {
        let knowledge = knowledge_of(&history, player, &ruleset);
        let (partial, me, _) = galaxy_from_knowledge(&knowledge, &Assumptions::default(), &ruleset);
        let draft = random_orders(&partial, &mut ChaCha8Rng::seed_from_u64(7));
        let text: String = draft
            .get(&me)
            .map(|orders| orders.iter().map(|o| format!("{}\n", o.kind)).collect())
            .unwrap_or_default();
        let forecast = nebutil::game::mailbox::forecast(
            &knowledge,
            &text,
            &ruleset,
            "orders.txt",
            nebutil::i18n::Lang::Fr,
        );
        said += forecast.len();
        let mut hidden = history.clone();
        let last = hidden.len() - 1;
        let record = hidden[last].1.clone();
        change_the_hidden(&mut hidden[last].0, player, &ruleset, record.as_ref());
        let other = knowledge_of(&hidden, player, &ruleset);
        let again = nebutil::game::mailbox::forecast(
            &other,
            &text,
            &ruleset,
            "orders.txt",
            nebutil::i18n::Lang::Fr,
        );
        assert_eq!(again, forecast, "player {player}: a hidden fact leaked");
    }
    assert!(said > 0, "the forecasts said something");
}

/// The odds' runs spread over threads give the same bytes on one thread or
/// four (run `i` seeded `seed + i` whichever thread makes it), equal to the
/// sequential runs; cancelled, they give nothing.
#[test]
fn the_odds_are_the_same_bytes_on_one_thread_or_four() {
    let (history, ruleset) = play(17, 4);
    let me = PlayerId(1);
    let knowledge = knowledge_of(&history, me, &ruleset);
    let (galaxy, _) = history.last().expect("turns");
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let draft = random_orders(galaxy, &mut rng)
        .remove(&me)
        .unwrap_or_default();
    let partial = Partial::new(&knowledge, &Assumptions::default(), &ruleset);
    let sequential = partial.odds(&draft, &ruleset, ODDS_SEED, 95, &mut |_| {});
    assert!(
        sequential.changing().any(|(_, d)| !d.is_certain()),
        "some value must be random for the comparison to mean something"
    );
    let bytes = |odds: &Odds| ron::to_string(odds).expect("serialised");
    for threads in [1, 2, 4] {
        let seen = std::sync::atomic::AtomicU32::new(0);
        struct Count<'a>(&'a std::sync::atomic::AtomicU32);
        impl OddsControl for Count<'_> {
            fn progress(&self, done: u32) {
                self.0.fetch_max(done, std::sync::atomic::Ordering::Relaxed);
            }
        }
        let parallel = partial
            .odds_parallel(&draft, &ruleset, ODDS_SEED, 95, threads, &Count(&seen))
            .expect("not cancelled");
        assert_eq!(bytes(&parallel), bytes(&sequential), "{threads} threads");
        assert_eq!(seen.into_inner(), 95, "progress reaches every run");
    }
    struct Cancel;
    impl OddsControl for Cancel {
        fn cancelled(&self) -> bool {
            true
        }
    }
    assert!(
        partial
            .odds_parallel(&draft, &ruleset, ODDS_SEED, 95, 4, &Cancel)
            .is_none()
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// The odds count each run from the player's own part of the CR
    /// (`report::write::own_part`): the same values as the whole predicted CR
    /// gives, on any galaxy, player and draft.
    #[test]
    fn the_odds_count_what_the_whole_predicted_cr_shows(
        (galaxy, record) in galaxy_strategy::galaxy_and_record(&Ruleset::builtin_2002()),
        draft in proptest::collection::vec(
            prop_oneof![
                Just("M_1 C 3 VC F_1"), Just("F_1 M_2"), Just("F_2 MM 1 2 3"),
                Just("F_1 C MP"), Just("F_1 D"), Just("M_1 C 2 DEP"), Just("F_1 * F_2"),
                Just("M_2 P"), Just("F_3 C : 2"), Just("M_1 E 2 N M_2"),
            ],
            0..8,
        ),
        seed in 0u64..1000,
    ) {
        let ruleset = Ruleset::builtin_2002();
        let text: String = draft.iter().map(|l| format!("{l}\n")).collect();
        let orders = parse_orders(&text).orders;
        for player in galaxy.players.keys().copied().filter(|p| !p.is_neutral()) {
            let view = received(&galaxy, Some(&record), player, &ruleset);
            let (knowledge, _) = Knowledge::from_views([view]);
            let partial = Partial::new(&knowledge, &Assumptions::default(), &ruleset);
            let (whole, _) = partial.run(&orders, &ruleset, seed);
            prop_assert_eq!(
                partial.run_values(&orders, &ruleset, seed),
                nebutil::resolve::partial::own_values(&whole)
            );
        }
    }
}

/// The same on played games (every player, several turns, random drafts).
#[test]
fn the_odds_count_what_the_whole_predicted_cr_shows_on_played_games() {
    for seed in [3, 17] {
        let (history, ruleset) = play(seed, 5);
        let (galaxy, _) = history.last().expect("turns");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let drafts = random_orders(galaxy, &mut rng);
        for player in galaxy.players.keys().copied().filter(|p| !p.is_neutral()) {
            let knowledge = knowledge_of(&history, player, &ruleset);
            let partial = Partial::new(&knowledge, &Assumptions::default(), &ruleset);
            let draft = drafts.get(&player).cloned().unwrap_or_default();
            for run in 0..4 {
                let (whole, _) = partial.run(&draft, &ruleset, run);
                assert_eq!(
                    partial.run_values(&draft, &ruleset, run),
                    nebutil::resolve::partial::own_values(&whole),
                    "player {player:?}, run {run}"
                );
            }
        }
    }
}
