//! The orders the app proposes (`orders::propose`): on the ORION fixture and on
//! hand-written CRs (reasons, quantities, "send a fleet here" routes), and the
//! property over generated games: every proposal marked valid, appended to the
//! draft it was proposed for, validates without a new error.
//!
//! Warnings are allowed on a valid proposal (they are shown with it, on hover):
//! the validator warns about what is legal but risky (a bomb with exactly 25 VC,
//! permissions not shown, a known black hole on the way); the warnings that
//! mean "this does nothing" disable the proposal instead.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use nebutil::diagnostic::{Diagnostic, Severity};
use nebutil::game::generate::{GeneratorParams, PlayerSetup, generate_seeded};
use nebutil::i18n::Lang;
use nebutil::model::knowledge::Knowledge;
use nebutil::model::record::TurnRecord;
use nebutil::model::view::TurnView;
use nebutil::model::{Class, Galaxy, PlayerId};
use nebutil::nbt;
use nebutil::orders::propose::{Group, Proposal, Proposer, RouteProblem, Verdict};
use nebutil::orders::validate::{PlayerContext, check_orders_with};
use nebutil::orders::{OrderKind, parse_orders};
use nebutil::report;
use nebutil::resolve::{Submissions, resolve_turn};
use nebutil::rules::Ruleset;

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The knowledge of CR texts (each with its optional NBT text).
fn knowledge_of_texts(files: &[(String, Option<String>)]) -> Knowledge {
    let mut views = Vec::new();
    for (cr, nbt_text) in files {
        let (mut view, diagnostics) = report::read(cr);
        let errors: Vec<&Diagnostic> = diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{errors:?}");
        if let Some(text) = nbt_text {
            let (file, mut diagnostics) = nbt::read(text);
            let file = file.expect("the NBT reads");
            nbt::apply(&file, &mut view, &mut diagnostics);
        }
        views.push(view);
    }
    let (knowledge, diagnostics) = Knowledge::from_views(views);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    knowledge
}

fn orion() -> Knowledge {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/orion");
    let files: Vec<(String, Option<String>)> = (5..=7)
        .map(|t| {
            (
                read(&dir.join(format!("demo_t{t}.cr"))),
                Some(read(&dir.join(format!("demo_t{t}.nbt")))),
            )
        })
        .collect();
    knowledge_of_texts(&files)
}

fn find<'a>(proposals: &'a [Proposal], text: &str) -> &'a Proposal {
    proposals
        .iter()
        .find(|p| p.text == text)
        .unwrap_or_else(|| {
            let texts: Vec<&str> = proposals.iter().map(|p| p.text.as_str()).collect();
            panic!("{text} not proposed: {texts:?}")
        })
}

fn reason_code(p: &Proposal) -> &str {
    p.verdict.reason().map_or("", |r| r.code.as_str())
}

// ----- ORION -----

#[test]
fn a_world_without_active_industries_builds_nothing_and_says_why() {
    let knowledge = orion();
    let ctx = PlayerContext::new(&knowledge);
    let rules = Ruleset::builtin_2002();
    let proposer = Proposer::new(&ctx, &rules, "");
    // M_99 has no industry.
    let m99 = proposer.world(99);
    let vi = find(&m99, "M_99 C 1 VI");
    assert_eq!(vi.group, Group::Build);
    assert_eq!(vi.label, "propose-build-vi");
    assert_eq!(reason_code(vi), "propose-no-industry");
    let reason = vi.verdict.reason().map(|r| r.message(Lang::Fr));
    assert_eq!(
        reason.as_deref(),
        Some("M_99 n'a aucune industrie active, il ne peut rien produire ce tour.")
    );
    // Research too.
    assert_eq!(
        reason_code(find(&m99, "M_99 C 1 DEP")),
        "propose-no-industry"
    );
}

#[test]
fn constructions_take_the_up_the_draft_leaves() {
    let knowledge = orion();
    let ctx = PlayerContext::new(&knowledge);
    let rules = Ruleset::builtin_2002();
    let have = ctx
        .world_now(123)
        .and_then(|w| ctx.current(&w.active_industries()).copied())
        .expect("M_123's active industries");
    assert!(have >= 2, "{have}");
    let proposer = Proposer::new(&ctx, &rules, "");
    let m123 = proposer.world(123);
    let vi = find(&m123, &format!("M_123 C {have} VI"));
    assert!(vi.verdict.is_valid(), "{:?}", vi.verdict);
    // A draft that spends all but one UP: one VI.
    let draft = format!("M_123 C {} VP\n", have - 1);
    let proposer = Proposer::new(&ctx, &rules, &draft);
    let vi = find(&proposer.world(123), "M_123 C 1 VI").clone();
    assert!(vi.verdict.is_valid(), "{:?}", vi.verdict);
    // Everything spent: disabled, said so.
    let draft = format!("M_123 C {have} VP\n");
    let proposer = Proposer::new(&ctx, &rules, &draft);
    let vi = find(&proposer.world(123), "M_123 C 1 VI").clone();
    assert_eq!(reason_code(&vi), "propose-no-up-left");
}

#[test]
fn an_exclusive_order_already_in_the_draft_disables_the_others() {
    let knowledge = orion();
    let ctx = PlayerContext::new(&knowledge);
    let rules = Ruleset::builtin_2002();
    let proposer = Proposer::new(&ctx, &rules, "F_301 MM 48\n");
    let f301 = proposer.fleet(301);
    let other = f301
        .iter()
        .find(|p| p.group == Group::Move && p.text != "F_301 MM 48")
        .expect("another move");
    assert_eq!(reason_code(other), "order-check-exclusive");
    // Not the player's: nothing proposed.
    assert!(proposer.fleet(11).is_empty());
    assert!(
        proposer
            .world(256)
            .iter()
            .all(|p| matches!(p.order, OrderKind::NoAmbush { .. }))
    );
}

#[test]
fn send_a_fleet_here_routes_over_known_connections() {
    let knowledge = orion();
    let ctx = PlayerContext::new(&knowledge);
    let rules = Ruleset::builtin_2002();
    let proposer = Proposer::new(&ctx, &rules, "");
    let here = proposer.send_here(256);
    // F_301 on M_127: 127 -> 48 -> 256.
    let f301 = here
        .iter()
        .find(|p| matches!(p.order, OrderKind::Move { fleet: 301, .. }))
        .expect("F_301 listed");
    assert_eq!(f301.text, "F_301 MM 48 256");
    assert!(f301.verdict.is_valid(), "{:?}", f301.verdict);
    assert_eq!(f301.group, Group::SendHere);
    assert!(f301.args.contains(&("steps", "2".to_string())));
    assert!(f301.args.contains(&("world", "127".to_string())));
    // F_188 is on M_256 already.
    let f188 = here
        .iter()
        .find(|p| matches!(p.order, OrderKind::Move { fleet: 188, .. }))
        .expect("F_188 listed");
    assert_eq!(reason_code(f188), "propose-route-here");
    assert_eq!(proposer.route(188, 256), Err(RouteProblem::AlreadyThere));
    // Only the player's fleets, by number.
    let fleets: Vec<u32> = here
        .iter()
        .filter_map(|p| match p.order {
            OrderKind::Move { fleet, .. } => Some(fleet),
            _ => None,
        })
        .collect();
    assert!(!fleets.contains(&11) && !fleets.contains(&233));
    assert!(fleets.windows(2).all(|w| w[0] < w[1]), "{fleets:?}");
}

// ----- hand-written CRs: DEP, unknown connections -----

/// A CR of turn 5 for "Maxtor" with DEP `dep`: a chain M_1 – M_2 – M_3 – M_4 whose
/// last world's connections are not shown, F_1 on M_1.
fn chain_cr(dep: u32) -> String {
    format!(
        "NEBULA - Partie TEST - Tour 5
Joueur : \"Maxtor\":5 (Empereur)

Vos niveaux technologiques :
DEplacement : {dep} (10)
ATtaque : 1 (10), Votre CA est de : 50
DEfense : 1 (10), Votre CD est de : 100
RADar : 0 (5)
Connaissance des ALIens : 0 (5)
CARgaison : 2 (10)

Vous connaissez de nom : \"Miria\":7

M_1 (2) \"Maxtor:3\" [I=20]=2 [P=40(60)]=1 MP=25(+2)
  F_1 \"Maxtor\" []=4
M_2 (1,3) P=3(10) MP=2
M_3 (2,4,8) \"Miria\" P=10(20) MP=4
M_8 (3) P=1(10) MP=0
M_9 (1) P=1(10) MP=0
"
    )
}

fn chain(dep: u32) -> Knowledge {
    knowledge_of_texts(&[(chain_cr(dep), None)])
}

#[test]
fn a_route_beyond_dep_is_too_far_and_says_how_far() {
    let knowledge = chain(2);
    let ctx = PlayerContext::new(&knowledge);
    let rules = Ruleset::builtin_2002();
    let proposer = Proposer::new(&ctx, &rules, "");
    assert_eq!(proposer.dep(), Some(2));
    assert_eq!(proposer.route(1, 3), Ok(vec![2, 3]));
    assert_eq!(
        proposer.route(1, 8),
        Err(RouteProblem::TooFar { steps: 3, dep: 2 })
    );
    let here = proposer.send_here(8);
    assert_eq!(reason_code(&here[0]), "propose-route-too-far");
    let text = here[0].verdict.reason().map(|r| r.message(Lang::En));
    assert_eq!(
        text.as_deref(),
        Some("M_8 is 3 steps away from F_1: your DEP of 2 allows only 2 steps per turn.")
    );
    // Research of DEP in the draft counts (10 UP: one more level).
    let proposer = Proposer::new(&ctx, &rules, "M_1 C 10 DEP\n");
    assert_eq!(proposer.dep(), Some(3));
    let here = proposer.send_here(8);
    assert_eq!(here[0].text, "F_1 MM 2 3 8");
    assert!(here[0].verdict.is_valid(), "{:?}", here[0].verdict);
}

#[test]
fn worlds_whose_connections_are_unknown_are_not_crossed() {
    let knowledge = chain(5);
    let ctx = PlayerContext::new(&knowledge);
    let rules = Ruleset::builtin_2002();
    let proposer = Proposer::new(&ctx, &rules, "");
    // M_4 is named by M_3's list: reachable; beyond it nothing is known.
    assert_eq!(proposer.route(1, 4), Ok(vec![2, 3, 4]));
    // M_9 lists M_1 but M_1 does not list M_9, and no list leads to M_77.
    assert_eq!(proposer.route(1, 9), Err(RouteProblem::NoRoute));
    assert_eq!(proposer.route(1, 77), Err(RouteProblem::NoRoute));
    let here = proposer.send_here(77);
    assert_eq!(reason_code(&here[0]), "propose-route-none");
}

// ----- generated games -----

const GAME: &str = "PROPOSE";

/// Random orders for every player (some invalid: the resolver voids them).
fn random_text(galaxy: &Galaxy, player: PlayerId, rng: &mut ChaCha8Rng) -> String {
    let mut text = String::new();
    for world in galaxy.worlds_of(player) {
        if let Some(fleet) = galaxy.fleets_at(world.id).find(|f| f.owner == player) {
            let n = rng.random_range(1..=4);
            text.push_str(&format!("M_{} C {n} VC F_{}\n", world.id, fleet.id));
        }
        if rng.random_ratio(1, 2) {
            let tech = ["DEP", "ATT", "DEF", "RAD", "ALI", "CAR"][rng.random_range(0..6)];
            text.push_str(&format!("M_{} C 2 {tech}\n", world.id));
        }
    }
    for fleet in galaxy.fleets_of(player) {
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
    text
}

/// A generated game of 7 players (one per class) played `turns` turns under the
/// built-in ruleset `rules`.
fn play(seed: u64, turns: u32, rules: &str) -> (Vec<(Galaxy, Option<TurnRecord>)>, Ruleset) {
    let ruleset = Ruleset::builtin(rules).expect("a built-in ruleset");
    let setups = (0..7)
        .map(|i| PlayerSetup::new(&format!("Joueur {}", i + 1), Class::ALL[i % 7]))
        .collect();
    let mut params = GeneratorParams::new(setups);
    params.final_turn = Some(30);
    params.worlds = 80;
    let mut galaxy = generate_seeded(&params, &ruleset, seed).expect("a galaxy");
    let mut history = vec![(galaxy.clone(), None)];
    let mut orders_rng = ChaCha8Rng::seed_from_u64(seed ^ 0xbeef);
    for _ in 0..turns {
        let mut submissions = Submissions::new();
        for player in galaxy.players.values().filter(|p| !p.is_neutral()) {
            let text = random_text(&galaxy, player.id, &mut orders_rng);
            submissions.insert(player.id, parse_orders(&text).orders);
        }
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

/// The errors of `text` checked: (line, code).
fn errors(text: &str, ctx: &PlayerContext<'_>, rules: &Ruleset) -> BTreeSet<(u32, String)> {
    check_orders_with(text, ctx, rules)
        .diagnostics
        .into_iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| (d.span.line, d.code))
        .collect()
}

fn appended(draft: &str, line: &str) -> String {
    let mut text = draft.to_string();
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(line);
    text.push('\n');
    text
}

/// Every proposal for the player's worlds and fleets and "send a fleet here" to
/// a few other worlds.
fn all_proposals(proposer: &Proposer<'_, '_>, view: &TurnView, me: &str) -> Vec<Proposal> {
    let mut out = Vec::new();
    for world in &view.worlds {
        out.extend(proposer.world(world.id));
    }
    for fleet in view
        .fleets
        .iter()
        .filter(|f| f.owner.as_deref() == Some(me))
    {
        out.extend(proposer.fleet(fleet.id));
    }
    let others: Vec<u32> = view
        .worlds
        .iter()
        .filter(|w| w.owner.as_ref().and_then(|o| o.name.as_deref()) != Some(me))
        .map(|w| w.id)
        .take(4)
        .collect();
    for world in others {
        out.extend(proposer.send_here(world));
    }
    out
}

#[derive(Default)]
struct Tally {
    valid: usize,
    disabled: usize,
    groups: BTreeSet<Group>,
    sent: usize,
}

/// Checks every proposal against `draft`; returns the tally.
fn check_draft(
    draft: &str,
    ctx: &PlayerContext<'_>,
    rules: &Ruleset,
    view: &TurnView,
    me: &str,
    tally: &mut Tally,
) {
    let before = errors(draft, ctx, rules);
    let proposer = Proposer::new(ctx, rules, draft);
    for p in all_proposals(&proposer, view, me) {
        // The text is the canonical order and reads back as the proposal's order.
        let read = parse_orders(&p.text);
        assert!(
            read.diagnostics.is_empty(),
            "{}: {:?}",
            p.text,
            read.diagnostics
        );
        assert_eq!(read.kinds(), vec![p.order.clone()], "{}", p.text);
        assert_eq!(p.order.to_string(), p.text);
        match &p.verdict {
            Verdict::Valid { warnings } => {
                tally.valid += 1;
                tally.groups.insert(p.group);
                if p.group == Group::SendHere {
                    tally.sent += 1;
                }
                let text = appended(draft, &p.text);
                let after = errors(&text, ctx, rules);
                let new: Vec<&(u32, String)> = after.difference(&before).collect();
                assert!(
                    new.is_empty(),
                    "{me}: `{}` proposed as valid, but appended to\n{draft}it gives {new:?}",
                    p.text
                );
                // Its warnings are the validator's on the appended line.
                let line = text.lines().count() as u32;
                let warned: BTreeSet<String> = check_orders_with(&text, ctx, rules)
                    .diagnostics
                    .into_iter()
                    .filter(|d| d.severity == Severity::Warning && d.span.line == line)
                    .map(|d| d.code)
                    .collect();
                let said: BTreeSet<String> = warnings.iter().map(|w| w.code.clone()).collect();
                assert_eq!(warned, said, "{}", p.text);
            }
            Verdict::Disabled { reason } => {
                tally.disabled += 1;
                // Every reason renders in both languages.
                for lang in Lang::ALL {
                    let message = reason.message(lang);
                    assert_ne!(message, reason.code, "{} has no text", reason.code);
                    assert!(!message.contains('$'), "{message}");
                }
            }
        }
    }
}

/// A draft built from proposals: for each world, its first valid construction
/// (the UP it leaves), then a valid move for every other fleet — each taken from
/// the proposals for the draft so far.
fn greedy_draft(ctx: &PlayerContext<'_>, rules: &Ruleset, view: &TurnView, me: &str) -> String {
    let mut draft = String::new();
    let mine: Vec<u32> = view
        .worlds
        .iter()
        .filter(|w| w.owner.as_ref().and_then(|o| o.name.as_deref()) == Some(me))
        .map(|w| w.id)
        .collect();
    for world in mine {
        let proposer = Proposer::new(ctx, rules, &draft);
        if let Some(p) = proposer
            .world(world)
            .into_iter()
            .find(|p| p.group == Group::Build && p.verdict.is_valid())
        {
            draft = appended(&draft, &p.text);
        }
    }
    let fleets: Vec<u32> = view
        .fleets
        .iter()
        .filter(|f| f.owner.as_deref() == Some(me))
        .map(|f| f.id)
        .step_by(2)
        .collect();
    for fleet in fleets {
        let proposer = Proposer::new(ctx, rules, &draft);
        if let Some(p) = proposer
            .fleet(fleet)
            .into_iter()
            .find(|p| p.group == Group::Move && p.verdict.is_valid())
        {
            draft = appended(&draft, &p.text);
        }
    }
    draft
}

#[test]
fn every_valid_proposal_validates_without_a_new_error_on_generated_games() {
    let mut tally = Tally::default();
    for (seed, rules) in [(11u64, "2002"), (12, "2002"), (13, "1999")] {
        let (history, rules) = play(seed, 3, rules);
        let (galaxy, _) = history.last().expect("turns");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let players: Vec<PlayerId> = galaxy
            .players
            .values()
            .filter(|p| !p.is_neutral())
            .map(|p| p.id)
            .collect();
        for player in players {
            let knowledge = knowledge_of(&history, player, &rules);
            let ctx = PlayerContext::new(&knowledge);
            let turn = knowledge.latest_turn().expect("turns");
            let view = knowledge.view_at(turn).expect("the latest view").clone();
            let Some(me) = ctx.me.map(str::to_string) else {
                panic!("the CR names its player");
            };
            // The empty draft, a draft that spends the budget (clean), and
            // random orders (some with errors: no new error is the rule).
            let greedy = greedy_draft(&ctx, &rules, &view, &me);
            assert!(
                errors(&greedy, &ctx, &rules).is_empty(),
                "{me}: the greedy draft\n{greedy}"
            );
            let random = random_text(galaxy, player, &mut rng);
            for draft in ["", greedy.as_str(), random.as_str()] {
                check_draft(draft, &ctx, &rules, &view, &me, &mut tally);
            }
        }
    }
    // The property is not vacuous: many proposals of many kinds, both verdicts.
    assert!(tally.valid > 500, "{} valid", tally.valid);
    assert!(tally.disabled > 100, "{} disabled", tally.disabled);
    assert!(tally.sent > 0, "no fleet sent anywhere");
    for group in [
        Group::Build,
        Group::Research,
        Group::Move,
        Group::Probe,
        Group::Cargo,
        Group::Transfer,
        Group::Stance,
    ] {
        assert!(tally.groups.contains(&group), "no valid {group:?}");
    }
}

/// Where the draft's orders happen (`orders::place`, what the map draws): a
/// move from its fleet's world along its route with DEP, fire at its target,
/// constructions at their world, a transfer as an arrow, a gift; an order with
/// an error keeps its mark, flagged.
#[test]
fn the_drafts_orders_are_placed_on_their_worlds() {
    use nebutil::orders::place::{Mark, place_orders};
    let knowledge = orion();
    let ctx = PlayerContext::new(&knowledge);
    let rules = Ruleset::builtin_2002();
    let draft = "M_48 C 1 VC F_57\nF_57 MM 304 48\nF_11 MM 304\nF_57 * F_11\nF_57 T 1 VC F_240\n# un commentaire\nA : \"Miria\"\n";
    let checked = check_orders_with(draft, &ctx, &rules);
    let placed = place_orders(&checked, &ctx, Some(3));
    let lines: Vec<u32> = placed.iter().map(|p| p.line).collect();
    // The declaration has no place; the comment is no order.
    assert_eq!(lines, [1, 2, 3, 4, 5]);
    assert_eq!(placed[0].mark, Mark::At { world: 48 });
    assert_eq!(
        placed[1].mark,
        Mark::Move {
            fleet: 57,
            from: 48,
            route: vec![304, 48],
            dep: Some(3)
        }
    );
    assert_eq!(placed[1].mark.steps(), Some((2, Some(true))));
    assert!(!placed[1].error);
    // F_11 is not the player's: drawn, in the error colour.
    assert!(placed[2].error);
    assert!(matches!(placed[3].mark, Mark::Fire { at: 48, .. }));
    assert!(matches!(
        placed[4].mark,
        Mark::Arrow { from: 48, .. } | Mark::At { world: 48 }
    ));
    assert_eq!(placed[1].mark.worlds(), [48, 304, 48]);
}

// ----- routes over several turns -----

/// A ring of six worlds (a torus' row: M_6 wraps round to M_1), M_4 a black hole
/// seen from M_3 and M_5, and a dead end M_7 behind it; F_1 on M_1, DEP `dep`.
fn ring_cr(dep: u32) -> String {
    format!(
        "NEBULA - Partie TEST - Tour 5
Joueur : \"Maxtor\":5 (Empereur)

Vos niveaux technologiques :
DEplacement : {dep} (10)
ATtaque : 1 (10), Votre CA est de : 50
DEfense : 1 (10), Votre CD est de : 100
RADar : 0 (5)
Connaissance des ALIens : 0 (5)
CARgaison : 2 (10)

M_1 (2,6) \"Maxtor:3\" [I=20]=2 [P=40(60)]=1 MP=25(+2)
  F_1 \"Maxtor\" []=4
M_2 (1,3) P=3(10) MP=2
M_3 (2,4) P=3(10) MP=2
M_4 * Trou noir *****
M_5 (4,6) P=3(10) MP=2
M_6 (5,1) P=3(10) MP=2
M_7 (4) P=3(10) MP=2
"
    )
}

#[test]
fn a_plan_crosses_the_torus_seam_and_is_cut_into_turns() {
    let knowledge = knowledge_of_texts(&[(ring_cr(1), None)]);
    let ctx = PlayerContext::new(&knowledge);
    let rules = Ruleset::builtin_2002();
    let proposer = Proposer::new(&ctx, &rules, "");
    // M_1 to M_3 then M_5: M_3 and M_5 are two steps apart round the seam
    // (3-2-1-6-5), the black hole M_4 between them is never crossed.
    let plan = proposer.plan(1, &[3, 5], 5).expect("a plan");
    assert_eq!(
        plan.legs,
        vec![vec![2], vec![3], vec![2], vec![1], vec![6], vec![5]]
    );
    assert_eq!(plan.arrival_turn(), 11);
    // With DEP 2 in the draft's research (10 UP for one level): three turns.
    let proposer = Proposer::new(&ctx, &rules, "M_1 C 10 DEP\n");
    let plan = proposer.plan(1, &[3, 5], 5).expect("a plan");
    assert_eq!(plan.dep, 2);
    assert_eq!(plan.legs, vec![vec![2, 3], vec![2, 1], vec![6, 5]]);
    // Straight to M_5: across the seam, not round by the black hole.
    let plan = proposer.plan(1, &[5], 5).expect("a plan");
    assert_eq!(plan.legs, vec![vec![6, 5]]);
    // This turn's move is the first leg, and the validator takes it.
    let order = match plan.follow(5, Some(1)) {
        nebutil::orders::propose::PlanStatus::OnTrack { order, .. } => order,
        other => panic!("{other:?}"),
    };
    assert_eq!(order.to_string(), "F_1 MM 6 5");
    let verdict = proposer.judge(&order);
    assert!(verdict.is_valid(), "{verdict:?}");
}

#[test]
fn a_plan_ends_on_a_black_hole_but_never_goes_through_one() {
    let knowledge = knowledge_of_texts(&[(ring_cr(3), None)]);
    let ctx = PlayerContext::new(&knowledge);
    let rules = Ruleset::builtin_2002();
    let proposer = Proposer::new(&ctx, &rules, "");
    use nebutil::orders::propose::PlanProblem;
    // M_7 lies only behind the black hole.
    assert_eq!(
        proposer.plan(1, &[7], 5),
        Err(PlanProblem::NoRoute { from: 1, to: 7 })
    );
    // The black hole itself may be the destination (the fleet is lost there).
    let plan = proposer.plan(1, &[4], 5).expect("a plan");
    assert_eq!(plan.legs, vec![vec![2, 3, 4]]);
    // Nothing beyond it.
    assert_eq!(
        proposer.plan(1, &[4, 5], 5),
        Err(PlanProblem::NoRoute { from: 4, to: 5 })
    );
    // Where it already is: no plan.
    assert_eq!(proposer.plan(1, &[1], 5), Err(PlanProblem::Nowhere));
    // An unknown fleet has no position.
    assert_eq!(proposer.plan(99, &[2], 5), Err(PlanProblem::NoPosition));
}
