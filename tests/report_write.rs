//! The CR writer: printing (`report::write::print`) every full example line of the
//! rule book (catalog §2.3) from its `TurnView`, in the canonical spacing of the
//! book's main examples (`M_15 (13,75,584) "Maxtor:5" [I=2]=3 [P=86(167)]=1
//! MP=7(+1)`); where the book shows another spacing or a typo, the expected text
//! is the canonical form and the comment names the book's variant.
//!
//! The projection (`project`: what a player's CR tells) and the rulings it
//! applies are tested further below with small hand-built galaxies.

#[path = "common/view_builder.rs"]
mod view_builder;

use nebutil::model::Class;
use nebutil::model::tech::Tech;
use nebutil::model::view::{
    DeclarationKind, DeclarationView, DeclarationsView, FireMark, FleetEvent, PlayerRef, PopKind,
    RankingEntry, SpyEntry, SpyReport, StatKind, StatValue, TechLine, TechView, TreasureSite,
    TurnView, WorldEvent, WorldView,
};
use nebutil::report::write::{fleet_line, print, trace_text, world_line};
use view_builder::{black_hole, fleet, trace, treasure, world};

fn line(world: view_builder::W) -> String {
    world_line(&world.build())
}

fn text(view: &TurnView) -> String {
    print(view)
}

fn lines(text: &[&str]) -> String {
    let mut out = String::new();
    for line in text {
        out.push_str(line);
        out.push('\n');
    }
    out
}

fn worlds_view(worlds: Vec<WorldView>) -> TurnView {
    TurnView {
        worlds,
        ..TurnView::default()
    }
}

// ---------------------------------------------------------------- world lines

/// III.1 000:L160 (and III.1.5 000:L235).
#[test]
fn basic_world_line() {
    assert_eq!(
        line(
            world(15, &[13, 75, 584])
                .owner("Maxtor", 5)
                .industries(2, 2)
                .vi(3)
                .pop(86, 167)
                .vp(1)
                .mp(7, 1)
        ),
        r#"M_15 (13,75,584) "Maxtor:5" [I=2]=3 [P=86(167)]=1 MP=7(+1)"#
    );
}

/// III.1.5 000:L239: converts of another player, inside the VP brackets.
#[test]
fn converts_of_another_missionary() {
    assert_eq!(
        line(
            world(15, &[13, 75, 584])
                .owner("Maxtor", 5)
                .industries(2, 2)
                .vi(3)
                .pop(86, 167)
                .converts(12, "Miria")
                .vp(1)
                .mp(7, 1)
        ),
        r#"M_15 (13,75,584) "Maxtor:5" [I=2]=3 [P=86(167)/12C:"Miria"]=1 MP=7(+1)"#
    );
}

/// III.1.5 000:L243: robots.
#[test]
fn robots() {
    assert_eq!(
        line(
            world(15, &[13, 75, 584])
                .owner("Maxtor", 5)
                .industries(2, 2)
                .vi(3)
                .robots(25, 167)
                .vp(1)
                .mp(7, 1)
        ),
        r#"M_15 (13,75,584) "Maxtor:5" [I=2]=3 [P=25R(167)]=1 MP=7(+1)"#
    );
}

/// III.1.6 000:L265: no protections: no brackets.
#[test]
fn no_protections() {
    assert_eq!(
        line(
            world(24, &[12, 25, 685])
                .owner("Maxtor", 4)
                .pop(2, 2)
                .mp(5, 8)
        ),
        r#"M_24 (12,25,685) "Maxtor:4" P=2(2) MP=5(+8)"#
    );
}

/// III.1.6 000:L269: the book's `"Maxtor :3"` (typo) is written `"Maxtor:3"`;
/// industries without VI have no brackets.
#[test]
fn industries_without_vi() {
    assert_eq!(
        line(
            world(456, &[95, 465])
                .owner("Maxtor", 3)
                .industries(8, 8)
                .pop(11, 25)
                .mp(10, 5)
        ),
        r#"M_456 (95,465) "Maxtor:3" I=8 P=11(25) MP=10(+5)"#
    );
}

/// III.1.6 000:L273 and L277: the book's `P=20 (25) MP=5 (+2)` spacing is written
/// without the space before `(`.
#[test]
fn no_space_before_parenthesis() {
    assert_eq!(
        line(
            world(125, &[56, 94, 129])
                .owner("Maxtor", 6)
                .pop(20, 25)
                .mp(5, 2)
        ),
        r#"M_125 (56,94,129) "Maxtor:6" P=20(25) MP=5(+2)"#
    );
    assert_eq!(
        line(
            world(125, &[56, 94, 129])
                .owner("Maxtor", 7)
                .pop(22, 25)
                .mp(8, 3)
        ),
        r#"M_125 (56,94,129) "Maxtor:7" P=22(25) MP=8(+3)"#
    );
}

fn start_world_127() -> view_builder::W {
    world(127, &[48, 123, 287])
        .start()
        .owner("Maxtor", 0)
        .industries(30, 30)
        .vi(1)
        .pop(50, 100)
        .vp(1)
        .mp(30, 2)
}

/// III.2 000:L285 / V.5 000:L1015: the start world at game start, no counter.
#[test]
fn start_world_at_game_start() {
    assert_eq!(
        line(start_world_127()),
        r#"Md_127 (48,123,287) "Maxtor" [I=30]=1 [P=50(100)]=1 MP=30(+2)"#
    );
}

/// III.3 000:L295: a black hole the player crossed.
#[test]
fn black_hole_line() {
    assert_eq!(world_line(&black_hole(65)), "M_65 * Trou noir *****");
}

/// III.3 000:L299 and VI.6.3 000:L1442: black holes in an explorer's connection
/// list; the book has `65@` and `@56`, ruling G-25 writes `@56`. 000:L303: the
/// non-explorer view. (These lines show only connections: the view's other
/// items are unknown, the owner block neutral.)
#[test]
fn black_hole_connections() {
    let only_connections = |w: view_builder::W| {
        let mut v = w.build();
        v.industries = None;
        v.active_industries = None;
        v.vi = None;
        v.population = None;
        v.converts = None;
        v.robots = None;
        v.pop_limit = None;
        v.vp = None;
        v.mp = None;
        v.mining = None;
        v.pc = None;
        v.pillage_count = None;
        v.pillage_recovery = None;
        v.pe = None;
        v.meva = None;
        world_line(&v)
    };
    assert_eq!(
        only_connections(world(12, &[18, 65]).black_hole_at(65)),
        "M_12 (18,@65)"
    );
    assert_eq!(only_connections(world(12, &[18, 65])), "M_12 (18,65)");
    assert_eq!(
        only_connections(world(45, &[23, 56, 67]).black_hole_at(56)),
        "M_45 (23,@56,67)"
    );
    // Annex 000:L2250-2251.
    assert_eq!(
        only_connections(world(110, &[12, 26, 175])),
        "M_110 (12,26,175)"
    );
    assert_eq!(only_connections(world(21, &[189])), "M_21 (189)");
}

/// III.6 000:L369: stock without mining: `MP=3`.
#[test]
fn mp_stock_only_and_treasure_on_world() {
    let view = TurnView {
        worlds: vec![
            world(124, &[65, 258, 804])
                .owner("Maxtor", 2)
                .pop(12, 12)
                .vp(1)
                .mp(3, 0)
                .build(),
        ],
        treasures: vec![treasure(57, "La machine perdue", TreasureSite::World(124))],
        ..TurnView::default()
    };
    assert_eq!(
        text(&view),
        lines(&[
            r#"M_124 (65,258,804) "Maxtor:2" [P=12(12)]=1 MP=3"#,
            "  T_57 <La machine perdue>",
        ])
    );
}

/// IV 000:L471 and L475: active industries `I=a/n`.
#[test]
fn active_industries() {
    let w = |a, p, mp| {
        line(
            world(100, &[234, 345])
                .start()
                .owner("Miria", 7)
                .industries(a, 30)
                .vi(1)
                .pop(p, 100)
                .vp(3)
                .mp(mp, 3),
        )
    };
    assert_eq!(
        w(25, 100, 25),
        r#"Md_100 (234,345) "Miria:7" [I=25/30]=1 [P=100(100)]=3 MP=25(+3)"#
    );
    assert_eq!(
        w(22, 22, 35),
        r#"Md_100 (234,345) "Miria:7" [I=22/30]=1 [P=22(100)]=3 MP=35(+3)"#
    );
}

/// IV.3.4 000:L656: coordinates last; the book's `MP=3 (+1)` without the space.
#[test]
fn coordinates() {
    assert_eq!(
        line(
            world(342, &[45, 89, 245, 368])
                .owner("Gaskor", 3)
                .pop(49, 78)
                .vp(1)
                .mp(3, 1)
                .coords(12, 7)
        ),
        r#"M_342 (45,89,245,368) "Gaskor:3" [P=49(78)]=1 MP=3(+1) [12,7]"#
    );
}

/// V.2 000:L875: pillaged this turn, `P` right after the quote; `Pi=1/4`.
#[test]
fn pillaged() {
    assert_eq!(
        line(
            world(106, &[109, 156, 348])
                .owner("Miria", 5)
                .event(WorldEvent::Pillaged)
                .pop(18, 27)
                .vp(1)
                .mp(2, 1)
                .pillage(1, 4)
        ),
        r#"M_106 (109,156,348) "Miria:5"P [P=18(27)]=1 MP=2(+1) Pi=1/4"#
    );
}

/// Ruling G-18: a world captured this turn is `"Name"!` (V.5 000:L1037, VII.1.6
/// 000:L1754), never `"Name!"`.
#[test]
fn ruling_g18_captured_flag_outside_the_quotes() {
    assert_eq!(
        line(
            world(48, &[127, 256, 304])
                .owner("Maxtor", 0)
                .event(WorldEvent::Captured)
                .pop(89, 120)
                .mp(3, 5)
        ),
        r#"M_48 (127,256,304) "Maxtor"! P=89(120) MP=3(+5)"#
    );
    assert_eq!(
        line(
            world(505, &[10, 23, 89])
                .owner("Miria", 0)
                .event(WorldEvent::Captured)
                .pop(254, 356)
                .mp(15, 4)
        ),
        r#"M_505 (10,23,89) "Miria"! P=254(356) MP=15(+4)"#
    );
}

/// Annex 000:L2261, L2254, L2255: given this turn; new owner (old owner); became
/// neutral.
#[test]
fn gift_and_previous_owners() {
    assert_eq!(
        line(
            world(289, &[1, 2])
                .owner("Miria", 0)
                .event(WorldEvent::Gift)
                .pop(5, 10)
        ),
        r#"M_289 (1,2) "Miria"C P=5(10)"#
    );
    assert_eq!(
        line(
            world(13, &[1])
                .owner("Miria", 0)
                .previous("Maxtor")
                .pop(5, 10)
        ),
        r#"M_13 (1) "Miria(Maxtor)" P=5(10)"#
    );
    assert_eq!(
        line(world(13, &[1]).previous("BACKCHICHE").pop(5, 10)),
        r#"M_13 (1) " (BACKCHICHE) " P=5(10)"#
    );
}

/// VI.6 000:L1340-1341: the explorer's view of a start world; `E=1/8` on the
/// world line itself (ruling G-22: the writer keeps every item on one line).
#[test]
fn ruling_g22_exploration_counter_on_the_world_line() {
    let view = TurnView {
        worlds: vec![
            world(440, &[13, 75, 584])
                .owner("Maxtor", 6)
                .industries(7, 30)
                .vi(3)
                .pop(86, 100)
                .vp(1)
                .mp(7, 2)
                .pe(300)
                .meva(1, 8)
                .build(),
        ],
        fleets: vec![
            fleet(111, "Petipas", Some(440))
                .ships(1, 0)
                .from(13)
                .build(),
        ],
        ..TurnView::default()
    };
    assert_eq!(
        text(&view),
        lines(&[
            r#"M_440 (13,75,584) "Maxtor:6" [I=7/30]=3 [P=86(100)]=1 MP=7(+2) PE=300 E=1/8"#,
            r#"  F_111 "Petipas" []=1 du M_13"#,
        ])
    );
}

/// Ruling G-17: `:o` iff o ≥ 1 or a distinct mining counter, `:o:c` iff c ≠ o
/// (VI.6.2 000:L1379, L1402, L1412, L1418; 001:L331, L358, L371, L378).
#[test]
fn ruling_g17_counters() {
    assert_eq!(
        line(
            world(50, &[23, 160])
                .owner("Maxtor", 2)
                .counters(2, 8)
                .pop(10, 20)
                .mp(3, 5)
                .meva(3, 8)
        ),
        r#"M_50 (23,160) "Maxtor:2:8" P=10(20) MP=3(+5) E=3/8"#
    );
    assert_eq!(
        line(
            world(50, &[23, 160])
                .owner("Miranda", 3)
                .counters(3, 9)
                .pop(10, 20)
                .mp(3, 5)
                .meva(3, 8)
        ),
        r#"M_50 (23,160) "Miranda:3:9" P=10(20) MP=3(+5) E=3/8"#
    );
    assert_eq!(
        line(
            world(55, &[12, 253, 658, 667])
                .owner("Miranda", 0)
                .counters(0, 3)
                .pop(15, 254)
                .mp(1, 0)
                .meva(2, 8)
        ),
        r#"M_55 (12,253,658,667) "Miranda:0:3" P=15(254) MP=1 E=2/8"#
    );
    assert_eq!(
        line(
            world(50, &[23, 160])
                .owner("Maxtor", 3)
                .counters(3, 12)
                .pop(10, 20)
                .mp(3, 5)
                .meva(3, 6)
        ),
        r#"M_50 (23,160) "Maxtor:3:12" P=10(20) MP=3(+5) E=3/6"#
    );
    // Counter 0 and no distinct mining counter: no `:0`.
    assert_eq!(
        line(world(1, &[2]).owner("Maxtor", 0).pop(1, 1)),
        r#"M_1 (2) "Maxtor" P=1(1)"#
    );
}

/// VI.6.2 000:L1418: MEVA of population, `+Pop=+17.5%` before `E=`.
#[test]
fn growth_rate() {
    assert_eq!(
        line(
            world(50, &[23, 160])
                .owner("Miranda", 3)
                .pop(10, 35)
                .mp(3, 5)
                .growth(175)
                .meva(4, 8)
        ),
        r#"M_50 (23,160) "Miranda:3" P=10(35) MP=3(+5) +Pop=+17.5% E=4/8"#
    );
    assert_eq!(
        line(
            world(50, &[23, 160])
                .owner("Miranda", 3)
                .pop(10, 35)
                .growth(200)
                .meva(4, 8)
        ),
        r#"M_50 (23,160) "Miranda:3" P=10(35) +Pop=+20% E=4/8"#
    );
}

/// VII.1.4 000:L1659: `Pi=2` (recovered); the book's `" Maxtor:5"`,
/// `(351) ]` and `[] = 2` spacings are written canonically.
#[test]
fn before_the_bomb() {
    let view = TurnView {
        worlds: vec![
            world(51, &[8, 541, 26])
                .owner("Maxtor", 5)
                .pop(351, 351)
                .vp(3)
                .mp(2, 3)
                .pillage(2, 0)
                .build(),
        ],
        fleets: vec![fleet(48, "Miria", Some(51)).ships(2, 0).bomb().build()],
        ..TurnView::default()
    };
    assert_eq!(
        text(&view),
        lines(&[
            r#"M_51 (8,541,26) "Maxtor:5" [P=351(351)]=3 MP=2(+3) Pi=2"#,
            r#"  F#48 "Miria" []=2"#,
        ])
    );
}

/// Ruling G-23 (VII.1.4 000:L1666-1667): the deaths marker right after the count,
/// with its letter: the book's `P=0{-351} (0)` is written `P=0{-351P}(0)`.
#[test]
fn ruling_g23_deaths_after_the_count_with_letter() {
    let view = TurnView {
        worlds: vec![
            world(51, &[8, 541, 26])
                .bombed()
                .deaths(351, PopKind::NonConverts)
                .build(),
        ],
        fleets: vec![
            fleet(48, "Miria", Some(51))
                .ships(2, 0)
                .fire(FireMark::Bomb)
                .build(),
        ],
        ..TurnView::default()
    };
    assert_eq!(
        text(&view),
        lines(&["M#51 (8,541,26) P=0{-351P}(0)", r#"  F_48 "Miria" []=2*B"#])
    );
    assert_eq!(
        line(
            world(7, &[1])
                .owner("Robby", 2)
                .robots(30, 40)
                .deaths(7, PopKind::Robots)
                .deaths(2, PopKind::Robots)
        ),
        r#"M_7 (1) "Robby:2" P=30R{-7R}{-2R}(40)"#
    );
    assert_eq!(
        line(
            world(7, &[1])
                .owner("Miria", 2)
                .pop(14, 26)
                .converts(14, "Miria")
                .deaths(2, PopKind::Converts)
        ),
        r#"M_7 (1) "Miria:2" P=14C{-2C}(26)"#
    );
}

/// VII.1.5 000:L1715-1717: the VP fired at F_124, the VI ambushed F_73 (ruling
/// G-20: `**` after the ambushers' block; the trace of the ambushed fleet keeps
/// its trailing `**`). The book's missing quote `"Maxtor []=10*M` is closed.
#[test]
fn ambush_example() {
    let mut trace = trace(73, "Maxtor", 463, Some(54), 247);
    trace.ambushed = true;
    let view = TurnView {
        worlds: vec![
            world(463, &[54, 247, 400])
                .owner("Miria", 4)
                .vi(4)
                .vi_fire(FireMark::Ambush)
                .pop(10, 23)
                .vp(1)
                .vp_fire(FireMark::Fleet(124))
                .mp(3, 1)
                .pillage(2, 2)
                .build(),
        ],
        fleets: vec![
            fleet(124, "Maxtor", Some(463))
                .ships(10, 0)
                .foreign()
                .fire(FireMark::Protections)
                .build(),
        ],
        traces: vec![trace],
        ..TurnView::default()
    };
    // On Maxtor's CR the fleet is his own: cargo shown.
    let mut own = view.clone();
    own.fleets[0].cargo = Some(Default::default());
    assert_eq!(
        text(&own),
        lines(&[
            r#"M_463 (54,247,400) "Miria:4" []=4** [P=10(23)]=1*F_124 MP=3(+1) Pi=2/2"#,
            r#"  F_124 "Maxtor" []=10*M"#,
            r#"  {F_73 "Maxtor" du M_54 vers M_247}**"#,
        ])
    );
    // On Miria's CR: cargo hidden.
    assert_eq!(
        text(&view).lines().nth(1),
        Some(r#"  F_124 "Maxtor" [?]=10*M"#)
    );
}

/// Ruling G-26: converts of the world owner: `/5C`; all converted: `P=14C(26)`;
/// another missionary: `/8C:"Gehowa"` (the annex's bare `/8C:Gehowa` is quoted).
#[test]
fn ruling_g26_converts_notation() {
    let base = || world(1, &[2]).owner("Gehowa", 1).pop(14, 26);
    assert_eq!(
        line(base().converts(5, "Gehowa")),
        r#"M_1 (2) "Gehowa:1" P=14(26)/5C"#
    );
    assert_eq!(
        line(base().converts(14, "Gehowa")),
        r#"M_1 (2) "Gehowa:1" P=14C(26)"#
    );
    assert_eq!(
        line(base().converts(8, "Miria")),
        r#"M_1 (2) "Gehowa:1" P=14(26)/8C:"Miria""#
    );
    assert_eq!(
        line(base().converts(14, "Miria")),
        r#"M_1 (2) "Gehowa:1" P=14(26)/14C:"Miria""#
    );
    assert_eq!(
        line(base().converts(8, "Miria").vp(3)),
        r#"M_1 (2) "Gehowa:1" [P=14(26)/8C:"Miria"]=3"#
    );
    // A neutral world with a missionary's converts.
    assert_eq!(
        line(world(1, &[2]).pop(14, 26).converts(8, "Miria")),
        r#"M_1 (2) P=14(26)/8C:"Miria""#
    );
}

/// Annex 000:L2277-2284: `MP=(+2)`, `PC=2`, `PE=600`, `E=7/8`, every item in
/// order.
#[test]
fn every_world_item_in_order() {
    assert_eq!(
        line(
            world(10, &[1, 2, 3])
                .owner("X", 2)
                .industries(1, 5)
                .vi(2)
                .pop(14, 26)
                .vp(3)
                .mp(0, 2)
                .pc(2)
                .pillage(2, 4)
                .pe(600)
                .growth(125)
                .meva(7, 8)
                .coords(10, 7)
        ),
        r#"M_10 (1,2,3) "X:2" [I=1/5]=2 [P=14(26)]=3 MP=(+2) PC=2 Pi=2/4 PE=600 +Pop=+12.5% E=7/8 [10,7]"#
    );
    assert_eq!(line(world(10, &[1]).vi(4)), r#"M_10 (1) []=4 P=0(0)"#);
}

/// A world's name and corruption lines (ruling G-15), then its treasures, fleets
/// (each with its treasures) and traces.
#[test]
fn world_block_layout() {
    let view = TurnView {
        worlds: vec![
            world(127, &[48, 123, 287])
                .start()
                .owner("Maxtor", 3)
                .industries(30, 30)
                .vi(1)
                .pop(50, 100)
                .vp(1)
                .mp(30, 7)
                .coords(10, 7)
                .name("Terra Nova")
                .corrupted_by("Miria")
                .build(),
        ],
        fleets: vec![
            fleet(57, "Maxtor", Some(127)).ships(10, 0).build(),
            fleet(60, "Miria", Some(127)).total_only(3).build(),
        ],
        treasures: vec![
            treasure(57, "La machine perdue", TreasureSite::World(127)),
            treasure(77, "La potion invisible", TreasureSite::Fleet(57)),
        ],
        traces: vec![trace(128, "Maxtor", 127, None, 123)],
        ..TurnView::default()
    };
    assert_eq!(
        text(&view),
        lines(&[
            r#"Md_127 (48,123,287) "Maxtor:3" [I=30]=1 [P=50(100)]=1 MP=30(+7) [10,7]"#,
            r#"  Nom : "Terra Nova""#,
            r#"  Corrompu par : "Miria""#,
            "  T_57 <La machine perdue>",
            r#"  F_57 "Maxtor" []=10"#,
            "  T_77 <La potion invisible>",
            r#"  F_60 "Miria" [?]=3?"#,
            r#"  {F_128 "Maxtor" vers M_123}"#,
        ])
    );
}

// ---------------------------------------------------------------- fleets

/// III.4 000:L309-315 / V.5 000:L1015-1020: the start CR.
#[test]
fn start_cr() {
    let mut view = worlds_view(vec![start_world_127().build()]);
    for id in [57, 128, 157, 240, 301] {
        view.fleets.push(fleet(id, "Maxtor", Some(127)).build());
    }
    assert_eq!(
        text(&view),
        lines(&[
            r#"Md_127 (48,123,287) "Maxtor" [I=30]=1 [P=50(100)]=1 MP=30(+2)"#,
            r#"  F_57 "Maxtor""#,
            r#"  F_128 "Maxtor""#,
            r#"  F_157 "Maxtor""#,
            r#"  F_240 "Maxtor""#,
            r#"  F_301 "Maxtor""#,
        ])
    );
}

/// V.5 000:L1037-1045: a capture, an arrival, departure traces. The book's typo
/// `[=]10` is written `[]=10`.
#[test]
fn capture_and_departures() {
    let view = TurnView {
        worlds: vec![
            world(48, &[127, 256, 304])
                .owner("Maxtor", 0)
                .event(WorldEvent::Captured)
                .pop(89, 120)
                .mp(3, 5)
                .build(),
            world(127, &[48, 123, 287])
                .start()
                .owner("Maxtor", 1)
                .industries(2, 30)
                .vi(1)
                .pop(55, 100)
                .vp(1)
                .mp(2, 2)
                .build(),
        ],
        fleets: vec![
            fleet(57, "Maxtor", Some(48)).ships(10, 0).from(127).build(),
            fleet(240, "Maxtor", Some(127)).build(),
            fleet(301, "Maxtor", Some(127)).build(),
        ],
        traces: vec![
            trace(57, "Maxtor", 127, None, 48),
            trace(128, "Maxtor", 127, None, 123),
            trace(157, "Maxtor", 127, None, 287),
        ],
        ..TurnView::default()
    };
    assert_eq!(
        text(&view),
        lines(&[
            r#"M_48 (127,256,304) "Maxtor"! P=89(120) MP=3(+5)"#,
            r#"  F_57 "Maxtor" []=10 du M_127"#,
            r#"Md_127 (48,123,287) "Maxtor:1" [I=2/30]=1 [P=55(100)]=1 MP=2(+2)"#,
            r#"  F_240 "Maxtor""#,
            r#"  F_301 "Maxtor""#,
            r#"  {F_57 "Maxtor" vers M_48}"#,
            r#"  {F_128 "Maxtor" vers M_123}"#,
            r#"  {F_157 "Maxtor" vers M_287}"#,
        ])
    );
}

/// III.4 000:L319, III.6 000:L378 (`[] = 2` written `[]=2`), V.3 000:L891-899,
/// VII.3.4 000:L1840-1841: own fleets.
#[test]
fn own_fleets() {
    let f = |b: view_builder::F| fleet_line(&b.build());
    assert_eq!(
        f(fleet(57, "Maxtor", None).ships(10, 0)),
        r#"F_57 "Maxtor" []=10"#
    );
    assert_eq!(
        f(fleet(25, "Maxtor", None).ships(2, 0)),
        r#"F_25 "Maxtor" []=2"#
    );
    assert_eq!(
        f(fleet(176, "Miria", None).ships(5, 0).cargo(5, 0, 0, 0)),
        r#"F_176 "Miria" [5]=5"#
    );
    assert_eq!(
        f(fleet(98, "Miria", None).ships(0, 6).cargo(0, 7, 0, 0)),
        r#"F_98 "Miria" [7N]=6T"#
    );
    assert_eq!(
        f(fleet(189, "Miria", None).ships(4, 6).cargo(2, 7, 3, 2)),
        r#"F_189 "Miria" [2,7N,3C,2R]=4+6T"#
    );
    assert_eq!(
        f(fleet(104, "Miria", None).ships(5, 0)),
        r#"F_104 "Miria" []=5"#
    );
    assert_eq!(
        f(fleet(214, "Backchiche", None).ships(7, 0).peace()),
        r#"F_214 ("Backchiche") []=7"#
    );
    assert_eq!(
        f(fleet(44, "Miria", None).ships(2, 1).cargo(4, 0, 0, 0)),
        r#"F_44 "Miria" [4]=2+1T"#
    );
}

/// IV.3.6 000:L686 and L692, V.3 000:L961-967, annex 000:L2294-2296: others'
/// fleets: cargo hidden; composition hidden at ALI 0.
#[test]
fn foreign_fleets() {
    let f = |b: view_builder::F| fleet_line(&b.build());
    assert_eq!(
        f(fleet(124, "LE BARBARE TABATABA", None).total_only(24)),
        r#"F_124 "LE BARBARE TABATABA" [?]=24?"#
    );
    assert_eq!(
        f(fleet(124, "LE BARBARE TABATABA", None)
            .ships(6, 18)
            .foreign()),
        r#"F_124 "LE BARBARE TABATABA" [?]=6+18T"#
    );
    assert_eq!(
        f(fleet(233, "B. BROTHER", None).ships(3, 0).foreign()),
        r#"F_233 "B. BROTHER" [?]=3"#
    );
    assert_eq!(
        f(fleet(301, "BACKCHICHE", None).ships(0, 5).foreign()),
        r#"F_301 "BACKCHICHE" [?]=5T"#
    );
    assert_eq!(
        f(fleet(20, "X", None).total_only(10)),
        r#"F_20 "X" [?]=10?"#
    );
    // A foreign empty fleet shows no ships block.
    assert_eq!(f(fleet(21, "X", None).total_only(0)), r#"F_21 "X""#);
    // A neutral fleet has no owner block.
    assert_eq!(
        f(fleet(22, "X", None).no_owner().ships(3, 0).foreign()),
        "F_22 [?]=3"
    );
}

/// VII.1.2 000:L1618-1620 and VII.1.6 000:L1754-1758: fire markers glued to the
/// ships block (the book's `[]=11 * F_258` written `[]=11*F_258`), arrivals.
#[test]
fn fire_markers_and_arrivals() {
    let f = |b: view_builder::F| fleet_line(&b.build());
    assert_eq!(
        f(fleet(128, "Miria", None)
            .ships(11, 0)
            .fire(FireMark::Fleet(258))),
        r#"F_128 "Miria" []=11*F_258"#
    );
    assert_eq!(
        f(fleet(258, "GASKOR", None)
            .ships(0, 2)
            .cargo(4, 0, 0, 0)
            .fire(FireMark::Fleet(128))),
        r#"F_258 "GASKOR" [4]=2T*F_128"#
    );
    assert_eq!(
        f(fleet(258, "GASKOR", None)
            .ships(0, 9)
            .cargo(12, 0, 0, 0)
            .from(505)),
        r#"F_258 "GASKOR" [12]=9T du M_505"#
    );
    assert_eq!(
        f(fleet(1, "X", None).ships(2, 0).from_unknown()),
        r#"F_1 "X" []=2 du M_?"#
    );
    assert_eq!(
        f(fleet(1, "X", None)
            .ships(2, 0)
            .from(124)
            .fire(FireMark::Population)),
        r#"F_1 "X" []=2 du M_124 *P"#
    );
    for (mark, text) in [
        (FireMark::NonConverts, "*N"),
        (FireMark::Converts, "*C"),
        (FireMark::Ambush, "**"),
        (FireMark::Fleet(43), "*F_43"),
        (FireMark::Population, "*P"),
        (FireMark::Industries, "*I"),
        (FireMark::Protections, "*M"),
        (FireMark::RobotAttack, "*R"),
        (FireMark::Bomb, "*B"),
    ] {
        assert_eq!(
            f(fleet(5, "X", None).ships(5, 0).fire(mark)),
            format!(r#"F_5 "X" []=5{text}"#)
        );
    }
}

/// Ruling G-21 (annex 000:L2303-2304): a fleet that fired and was wiped out keeps
/// its owner: `F_12 "Maxtor" *M`; without a known owner, `F_12 *M`.
#[test]
fn ruling_g21_destroyed_fleet_keeps_its_owner() {
    let f = |b: view_builder::F| fleet_line(&b.build());
    assert_eq!(
        f(fleet(12, "Maxtor", None).fire(FireMark::Protections)),
        r#"F_12 "Maxtor" *M"#
    );
    assert_eq!(
        f(fleet(210, "Maxtor", None).fire(FireMark::Fleet(12))),
        r#"F_210 "Maxtor" *F_12"#
    );
    assert_eq!(
        f(fleet(12, "X", None).no_owner().fire(FireMark::Protections)),
        "F_12 *M"
    );
}

/// Annex 000:L2285-2289 and VI.6 000:L1353: fleet flags right after the owner
/// block; the book's `("Ishar (Maxtor) ") C` written `("Ishar(Maxtor)")C`.
#[test]
fn fleet_flags() {
    let f = |b: view_builder::F| fleet_line(&b.build());
    assert_eq!(
        f(fleet(777, "Ishar", None)
            .previous("Maxtor")
            .peace()
            .event(FleetEvent::Gift)),
        r#"F_777 ("Ishar(Maxtor)")C"#
    );
    assert_eq!(
        f(fleet(18, "X", None)
            .ships(1, 0)
            .event(FleetEvent::UnloadedPc)),
        r#"F_18 "X"D []=1"#
    );
    assert_eq!(
        f(fleet(45, "X", None).ships(1, 0).event(FleetEvent::Pirated)),
        r#"F_45 "X"P []=1"#
    );
    assert_eq!(
        f(fleet(14, "X", None).ships(1, 0).event(FleetEvent::Captured)),
        r#"F_14 "X"! []=1"#
    );
    assert_eq!(
        f(fleet(3, "X", None).no_owner().previous("BACKCHICHE")),
        r#"F_3 " (BACKCHICHE) ""#
    );
}

/// Annex 000:L2297-2299: traces.
#[test]
fn traces() {
    assert_eq!(
        trace_text(&trace(4, "X", 1, None, 58)),
        r#"{F_4 "X" vers M_58}"#
    );
    assert_eq!(
        trace_text(&trace(9, "X", 1, Some(12), 441)),
        r#"{F_9 "X" du M_12 vers M_441}"#
    );
    let mut unknown = trace(12, "X", 1, None, 120);
    unknown.from = Some(nebutil::model::view::Origin::Unknown);
    assert_eq!(trace_text(&unknown), r#"{F_12 "X" du M_? vers M_120}"#);
}

// ---------------------------------------------------------------- sections

/// IV.3 000:L546-552 (normalised: the book's markdown bold removed).
#[test]
fn technology_block() {
    let l = |tech, level, invested, cost| TechLine {
        tech,
        level,
        invested,
        cost,
    };
    let view = TurnView {
        tech: Some(TechView {
            lines: vec![
                l(Tech::Dep, 4, 4, Some(10)),
                l(Tech::Att, 1, 0, Some(10)),
                l(Tech::Def, 1, 0, Some(10)),
                l(Tech::Rad, 1, 0, Some(5)),
                l(Tech::Ali, 0, 2, Some(5)),
                l(Tech::Car, 1, 0, Some(10)),
            ],
            catt: Some(50),
            cdef: Some(100),
        }),
        ..TurnView::default()
    };
    assert_eq!(
        text(&view),
        lines(&[
            "Vos niveaux technologiques :",
            "DEplacement : 4 (+4/10)",
            "ATtaque : 1 (10), Votre CA est de : 50",
            "DEfense : 1 (10), Votre CD est de : 100",
            "RADar : 1 (5)",
            "Connaissance des ALIens : 0 (+2/5)",
            "CARgaison : 1 (10)",
            "",
        ])
    );
    // The maximum level (ours, G-15).
    let mut max = view.clone();
    if let Some(tech) = &mut max.tech {
        tech.lines = vec![l(Tech::Rad, 3, 0, None)];
    }
    assert_eq!(
        text(&max),
        lines(&["Vos niveaux technologiques :", "RADar : 3 (max)", ""])
    );
}

/// IV.4 000:L704-717 (without the source's blank line) and 000:L761-771 (spy
/// ranking on Populations; the example has no Convertis/Robots lines).
#[test]
fn statistics_block() {
    let own = |values: &[(StatKind, u64)]| TurnView {
        statistics: values
            .iter()
            .map(|&(k, v)| (k, StatValue::Own(v)))
            .collect(),
        ..TurnView::default()
    };
    use StatKind::*;
    assert_eq!(
        text(&own(&[
            (MiningCapacity, 34),
            (Populations, 1247),
            (Converts, 0),
            (Robots, 0),
            (Cargo, 13),
            (Worlds, 13),
            (Fleets, 14),
            (Industries, 45),
            (ActiveIndustries, 16),
            (Ships, 32),
            (Treasures, 2),
        ])),
        lines(&[
            "Statistiques",
            "Capacité minière : 34",
            "Populations : 1247",
            "Convertis : 0",
            "Robots : 0",
            "Cargaison transportée : 13",
            "Mondes : 13",
            "Flottes : 14",
            "Industries : 45",
            "Industries actives : 16",
            "Vaisseaux : 32",
            "Trésors : 2",
            "",
        ])
    );
    let mut spied = own(&[
        (MiningCapacity, 37),
        (Cargo, 13),
        (Worlds, 15),
        (Fleets, 16),
        (Industries, 45),
        (ActiveIndustries, 15),
        (Ships, 68),
        (Treasures, 2),
    ]);
    let entry = |rank, name: Option<&str>, value| SpyEntry {
        rank,
        name: name.map(str::to_string),
        value,
    };
    spied.statistics.insert(
        Populations,
        StatValue::Spied(SpyReport {
            entries: vec![
                entry(1, None, 1624),
                entry(4, Some("TAPIMOKET"), 1299),
                entry(7, Some("Maxtor"), 1057),
                entry(12, Some("LE BARBARE TABATABA"), 896),
                entry(16, None, 453),
            ],
            mean: 1051,
            error_percent: 10,
        }),
    );
    assert_eq!(
        text(&spied),
        lines(&[
            "Statistiques",
            "Capacité minière : 37",
            r#"Populations : 1:1624 4:"TAPIMOKET":1299 7:"Maxtor":1057 12:"LE BARBARE TABATABA":896 16:453 M : 1051 [Erreur=10%]"#,
            "Cargaison transportée : 13",
            "Mondes : 15",
            "Flottes : 16",
            "Industries : 45",
            "Industries actives : 15",
            "Vaisseaux : 68",
            "Trésors : 2",
            "",
        ])
    );
}

fn player(name: &str, number: u32) -> PlayerRef {
    PlayerRef {
        name: name.into(),
        number: Some(number),
    }
}

/// VII.3 000:L1779 (written `, ` between players, without the book's space before
/// the comma) and our header, score, declarations and ranking sections.
#[test]
fn header_known_players_declarations_ranking() {
    let declaration = |kind, p, turn| DeclarationView {
        kind,
        player: p,
        turn,
    };
    let view = TurnView {
        game: Some("KARNAJ".into()),
        turn: Some(12),
        player: Some(player("Maxtor", 5)),
        class: Some(Class::Emperor),
        score: Some(1234),
        score_delta: Some(56),
        known_players: vec![player("Miria", 7), player("Backchiche", 9)],
        declarations: Some(DeclarationsView {
            made: vec![
                declaration(DeclarationKind::Ally, player("Miria", 7), None),
                declaration(DeclarationKind::MpLoader, player("Miria", 7), None),
                declaration(DeclarationKind::Jihad, player("Backchiche", 9), Some(4)),
            ],
            received: vec![
                declaration(DeclarationKind::Ally, player("Miria", 7), None),
                declaration(DeclarationKind::PopUnloader, player("Miria", 7), None),
            ],
        }),
        ranking: vec![
            RankingEntry {
                rank: 1,
                player: player("Maxtor", 5),
                score: 3456,
            },
            RankingEntry {
                rank: 2,
                player: player("Miria", 7),
                score: -12,
            },
        ],
        ..TurnView::default()
    };
    assert_eq!(
        text(&view),
        lines(&[
            "NEBULA - Partie KARNAJ - Tour 12",
            r#"Joueur : "Maxtor":5 (Empereur)"#,
            "Points : 1234 (+56)",
            "",
            r#"Vous connaissez de nom : "Miria":7, "Backchiche":9"#,
            r#"Vos déclarations : A:"Miria":7 C:"Miria":7 J:"Backchiche":9(4)"#,
            r#"Déclarations reçues : A:"Miria":7 DP:"Miria":7"#,
            "",
            "Classement final :",
            r#"1. "Maxtor":5 3456"#,
            r#"2. "Miria":7 -12"#,
        ])
    );
    let quiet = TurnView {
        turn: Some(1),
        score: Some(0),
        score_delta: Some(-3),
        declarations: Some(DeclarationsView::default()),
        ..TurnView::default()
    };
    assert_eq!(
        text(&quiet),
        lines(&[
            "NEBULA - Tour 1",
            "Points : 0 (-3)",
            "",
            "Vos déclarations : aucune",
            "Déclarations reçues : aucune",
            "",
        ])
    );
}

// ---------------------------------------------------------------- unknowns

/// A view with unknowns prints placeholders: `(...)`, `"..."`, `[?]`, `. . .`.
#[test]
fn unknowns() {
    let mut w = world(25, &[1]).pop(50, 70).build();
    w.connections = None;
    w.owner = None;
    w.elided = true;
    w.industries = None;
    w.active_industries = None;
    w.vi = None;
    w.vp = None;
    w.mp = None;
    w.mining = None;
    w.pc = None;
    w.pillage_count = None;
    w.pillage_recovery = None;
    w.pe = None;
    w.meva = None;
    assert_eq!(world_line(&w), r#"M_25 (...) "..." P=50(70) . . ."#);
}
