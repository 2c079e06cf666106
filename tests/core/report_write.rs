//! The CR writer: printing (`report::write::print`) every full example line of the
//! rule book (catalog §2.3) from its `TurnView`, in the canonical spacing of the
//! book's main examples (`M_15 (13,75,584) "Maxtor:5" [I=2]=3 [P=86(167)]=1
//! MP=7(+1)`); where the book shows another spacing or a typo, the expected text
//! is the canonical form and the comment names the book's variant.
//!
//! The projection (`project`: what a player's CR tells) and the rulings it
//! applies are tested further below with small hand-built galaxies.

use crate::support::view_builder::{self, black_hole, fleet, trace, treasure, world};
use nebutil::model::Class;
use nebutil::model::tech::Tech;
use nebutil::model::view::{
    DeclarationKind, DeclarationView, DeclarationsView, FireMark, FleetEvent, PlayerRef, PopKind,
    RankingEntry, SpyEntry, SpyReport, StatKind, StatValue, TechLine, TechView, TreasureSite,
    TurnView, WorldEvent, WorldView,
};
use nebutil::report::write::{fleet_line, print, trace_text, world_line};

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
        v.set_industries(None);
        v.set_active_industries(None);
        v.set_vi(None);
        v.set_population(None);
        v.set_converts(None);
        v.set_robots(None);
        v.set_pop_limit(None);
        v.set_vp(None);
        v.set_mp(None);
        v.set_mining(None);
        v.set_pc(None);
        v.set_pillage_count(None);
        v.set_pillage_recovery(None);
        v.set_pe(None);
        v.set_meva(None);
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
                .arrived_from(13)
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
fn ruling_g20_ambush_example() {
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
fn ruling_g15_world_block_layout() {
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

/// The remaining full lines of the book: VII.1.2 000:L1588-1590 (before
/// combat), VII.1.6 000:L1757-1758 (`] =1` written `]=1`), IV.7 000:L836-837
/// (markdown bold removed), VI.6 000:L1350-1353 (two explorers, a gift), and the
/// 1999 rules' MEVA in sixths (001:L358, L371, L378).
#[test]
fn remaining_book_lines() {
    let before_combat = TurnView {
        worlds: vec![world(505, &[10, 23, 89]).pop(254, 356).mp(15, 4).build()],
        fleets: vec![
            fleet(128, "Miria", Some(505)).ships(18, 0).build(),
            fleet(258, "GASKOR", Some(505))
                .ships(4, 13)
                .cargo(12, 0, 0, 0)
                .build(),
        ],
        ..TurnView::default()
    };
    assert_eq!(
        text(&before_combat),
        lines(&[
            "M_505 (10,23,89) P=254(356) MP=15(+4)",
            r#"  F_128 "Miria" []=18"#,
            r#"  F_258 "GASKOR" [12]=4+13T"#,
        ])
    );
    assert_eq!(
        line(
            world(10, &[45, 505])
                .owner("GASKOR", 2)
                .pop(320, 353)
                .vp(1)
                .mp(3, 2)
        ),
        r#"M_10 (45,505) "GASKOR:2" [P=320(353)]=1 MP=3(+2)"#
    );
    let production = TurnView {
        worlds: vec![
            world(100, &[234, 345])
                .start()
                .owner("Miria", 7)
                .industries(22, 30)
                .vi(3)
                .pop(100, 100)
                .vp(1)
                .mp(25, 3)
                .build(),
        ],
        fleets: vec![
            fleet(25, "Gaskor", Some(100))
                .ships(10, 0)
                .foreign()
                .arrived_from(234)
                .build(),
        ],
        ..TurnView::default()
    };
    assert_eq!(
        text(&production),
        lines(&[
            r#"Md_100 (234,345) "Miria:7" [I=22/30]=3 [P=100(100)]=1 MP=25(+3)"#,
            r#"  F_25 "Gaskor" [?]=10 du M_234"#,
        ])
    );
    let explorers = TurnView {
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
            fleet(111, "Petipas", Some(440)).ships(1, 0).build(),
            fleet(777, "Ishar", Some(440))
                .previous("Maxtor")
                .peace()
                .event(FleetEvent::Gift)
                .foreign()
                .build(),
        ],
        ..TurnView::default()
    };
    assert_eq!(
        text(&explorers),
        lines(&[
            r#"M_440 (13,75,584) "Maxtor:6" [I=7/30]=3 [P=86(100)]=1 MP=7(+2) PE=300 E=1/8"#,
            r#"  F_111 "Petipas" []=1"#,
            r#"  F_777 ("Ishar(Maxtor)")C"#,
        ])
    );
    assert_eq!(
        line(
            world(50, &[23, 160])
                .owner("Miranda", 3)
                .counters(3, 9)
                .pop(10, 20)
                .mp(3, 5)
                .meva(2, 6)
        ),
        r#"M_50 (23,160) "Miranda:3:9" P=10(20) MP=3(+5) E=2/6"#
    );
    assert_eq!(
        line(
            world(55, &[12, 253, 658, 667])
                .owner("Miranda", 0)
                .counters(0, 3)
                .pop(15, 254)
                .mp(1, 0)
                .meva(1, 6)
        ),
        r#"M_55 (12,253,658,667) "Miranda:0:3" P=15(254) MP=1 E=1/6"#
    );
    assert_eq!(
        line(
            world(50, &[23, 160])
                .owner("Miranda", 3)
                .pop(10, 35)
                .mp(3, 5)
                .growth(175)
                .meva(3, 6)
        ),
        r#"M_50 (23,160) "Miranda:3" P=10(35) MP=3(+5) +Pop=+17.5% E=3/6"#
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
            fleet(57, "Maxtor", Some(48))
                .ships(10, 0)
                .arrived_from(127)
                .build(),
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

/// Catalog §2.2 (`no ships block at all = empty fleet: F_57 "Maxtor"`), III.4
/// 000:L319, the annex 000:L1353 and L2255: an empty fleet has no ships block,
/// whoever owns it, at peace or having just become neutral. A neutral fleet has
/// no owner block either, and a line with neither is the annex's mention
/// (`F#102`, 000:L2252: nothing known of the fleet): an empty neutral fleet
/// keeps the ships block of its 0 ships, `[]=0` (the grammar's `ship_count`),
/// the one line that reads back as what it is.
#[test]
fn empty_fleets_are_written_as_the_book_does() {
    let f = |b: view_builder::F| fleet_line(&b.build());
    assert_eq!(f(fleet(58, "Maxtor", None)), r#"F_58 "Maxtor""#);
    assert_eq!(f(fleet(58, "Maxtor", None).peace()), r#"F_58 ("Maxtor")"#);
    assert_eq!(
        f(fleet(777, "Ishar", None)
            .previous("Maxtor")
            .peace()
            .event(FleetEvent::Gift)),
        r#"F_777 ("Ishar(Maxtor)")C"#
    );
    assert_eq!(
        f(fleet(58, "Maxtor", None).no_owner().previous("BACKCHICHE")),
        r#"F_58 " (BACKCHICHE) ""#
    );
    assert_eq!(
        f(fleet(12, "Maxtor", None).fire(FireMark::Protections)),
        r#"F_12 "Maxtor" *M"#
    );
    let neutral = fleet(2, "-", Some(10)).no_owner().build();
    assert_eq!(fleet_line(&neutral), "F_2 []=0");
    // Read back under its world, each is what it was.
    for line in [
        fleet_line(&fleet(58, "Maxtor", Some(10)).build()),
        fleet_line(&neutral),
    ] {
        let text = format!("M_10 (11) P=3(10)\n  {line}\n");
        let (view, diagnostics) = nebutil::report::read(&text);
        assert!(diagnostics.is_empty(), "{line}: {diagnostics:?}");
        let read = view.fleets.first().cloned().map(|mut f| {
            f.line = 0;
            f
        });
        let written = if line.starts_with("F_2 ") {
            neutral.clone()
        } else {
            fleet(58, "Maxtor", Some(10)).build()
        };
        assert_eq!(read, Some(written), "{line}");
    }
    // Without its ships block, the neutral one would be a mere mention.
    let (view, diagnostics) = nebutil::report::read("M_10 (11) P=3(10)\n  F_2\n");
    assert_eq!(view.fleets.first().and_then(|f| f.total), None);
    assert!(
        diagnostics.iter().any(|d| d.code == "cr-fleet-incomplete"),
        "{diagnostics:?}"
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
            .arrived_from(505)),
        r#"F_258 "GASKOR" [12]=9T du M_505"#
    );
    assert_eq!(
        f(fleet(1, "X", None).ships(2, 0).arrived_from_unknown()),
        r#"F_1 "X" []=2 du M_?"#
    );
    assert_eq!(
        f(fleet(1, "X", None)
            .ships(2, 0)
            .arrived_from(124)
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

/// A view with unknowns prints placeholders: `(...)`, `. . .`; an unknown owner
/// on an elided line has no owner block.
#[test]
fn unknowns() {
    let mut w = world(25, &[1]).pop(50, 70).build();
    w.connections = None;
    w.owner = None;
    w.elided = true;
    w.set_industries(None);
    w.set_active_industries(None);
    w.set_vi(None);
    w.set_vp(None);
    w.set_mp(None);
    w.set_mining(None);
    w.set_pc(None);
    w.set_pillage_count(None);
    w.set_pillage_recovery(None);
    w.set_pe(None);
    w.set_meva(None);
    assert_eq!(world_line(&w), r#"M_25 (...) P=50(70) . . ."#);
}

// ================================================================ projection
//
// Small hand-built galaxies: what each player's CR tells.

mod projection {
    use std::collections::BTreeSet;

    use nebutil::model::record::{Shooter, Trace, TurnRecord};
    use nebutil::model::tech::Tech;
    use nebutil::model::treasure::{TreasureKind, TreasureLocation};
    use nebutil::model::view::{
        Deaths, FireMark, FleetEvent, PopKind, StatKind, StatValue, TurnView, WorldEvent,
    };
    use nebutil::model::{
        Class, Coords, Fleet, Galaxy, Jihad, Player, PlayerId, Treasure, World, WorldId,
    };
    use nebutil::report::write::{
        WriteOptions, print, project, spy_report, spy_reports, statistic, write,
    };
    use nebutil::rules::Ruleset;
    use rand::SeedableRng;

    pub const MAXTOR: PlayerId = PlayerId(5);
    pub const MIRIA: PlayerId = PlayerId(7);
    pub const BACKCHICHE: PlayerId = PlayerId(9);
    pub const PETIPAS: PlayerId = PlayerId(11);

    pub fn rules() -> Ruleset {
        Ruleset::builtin_2002()
    }

    /// Four players and the neutral one, no world yet.
    pub fn players() -> Galaxy {
        let mut galaxy = Galaxy {
            width: 100,
            height: 100,
            turn: 3,
            final_turn: 20,
            ..Galaxy::default()
        };
        for player in [
            Player::neutral(),
            Player::new(MAXTOR, "Maxtor", Some(Class::Emperor)),
            Player::new(MIRIA, "Miria", Some(Class::Missionary)),
            Player::new(BACKCHICHE, "Backchiche", Some(Class::Pirate)),
            Player::new(PETIPAS, "Petipas", Some(Class::Explorer)),
        ] {
            galaxy.players.insert(player.id, player);
        }
        galaxy
    }

    pub fn add_world(galaxy: &mut Galaxy, id: WorldId, connections: &[WorldId], owner: PlayerId) {
        let mut world = World::new(id, connections.to_vec(), Coords { x: id % 100, y: 7 });
        world.owner = owner;
        world.population.non_converts = 10;
        world.pop_limit = 20;
        galaxy.worlds.insert(id, world);
    }

    pub fn add_fleet(
        galaxy: &mut Galaxy,
        id: u32,
        owner: PlayerId,
        world: WorldId,
        vc: u32,
        vt: u32,
    ) {
        let mut fleet = Fleet::new(id, owner, world);
        fleet.vc = vc;
        fleet.vt = vt;
        galaxy.fleets.insert(id, fleet);
    }

    pub fn world_mut(galaxy: &mut Galaxy, id: WorldId) -> &mut World {
        galaxy
            .worlds
            .get_mut(&id)
            .expect("world of the test galaxy")
    }

    pub fn player_mut(galaxy: &mut Galaxy, id: PlayerId) -> &mut Player {
        galaxy
            .players
            .get_mut(&id)
            .expect("player of the test galaxy")
    }

    fn described(view: &TurnView) -> Vec<WorldId> {
        view.worlds.iter().map(|w| w.id).collect()
    }

    fn cr(galaxy: &Galaxy, player: PlayerId, record: Option<&TurnRecord>) -> String {
        write(
            galaxy,
            player,
            &WriteOptions {
                ruleset: &rules(),
                record,
                game_name: None,
            },
        )
    }

    /// The world lines (and the lines under them) of a CR.
    fn world_part(text: &str) -> String {
        let is_world = |l: &str| ["M_", "Md_", "M#", "Md#"].iter().any(|p| l.starts_with(p));
        let mut out = String::new();
        for line in text.lines().skip_while(|l| !is_world(l)) {
            if line.is_empty() {
                break;
            }
            out.push_str(line);
            out.push('\n');
        }
        out
    }

    /// Ruling G-62: owned worlds, worlds with an own fleet (even empty), probed
    /// worlds, worlds with own converts, emigration destinations and crossed
    /// black holes are described; neighbours are only numbers.
    #[test]
    fn ruling_g62_described_worlds() {
        let mut g = players();
        add_world(&mut g, 1, &[2, 3], MAXTOR); // owned
        add_world(&mut g, 2, &[1, 4], MIRIA); // Maxtor's empty fleet there
        add_world(&mut g, 3, &[1], PlayerId::NEUTRAL); // probed
        add_world(&mut g, 4, &[2], MIRIA); // next to Maxtor's fleet: not described
        add_world(&mut g, 5, &[4], BACKCHICHE); // Miria's converts
        add_world(&mut g, 6, &[5], PlayerId::NEUTRAL); // Maxtor's emigrants
        add_world(&mut g, 7, &[6], PlayerId::NEUTRAL); // black hole crossed
        add_world(&mut g, 8, &[7], BACKCHICHE); // nobody's business
        add_fleet(&mut g, 10, MAXTOR, 2, 0, 0);
        add_fleet(&mut g, 11, BACKCHICHE, 2, 4, 0);
        add_fleet(&mut g, 12, MIRIA, 8, 4, 0);
        world_mut(&mut g, 5).population.converts.insert(MIRIA, 3);
        {
            let w = world_mut(&mut g, 7);
            w.black_hole = true;
            w.owner = PlayerId::NEUTRAL;
            w.population.non_converts = 0;
            w.pop_limit = 0;
        }
        let mut record = TurnRecord::default();
        record.probed.insert(MAXTOR, BTreeSet::from([3]));
        record.emigrated_to.insert(MAXTOR, BTreeSet::from([6]));
        record
            .black_holes_crossed
            .insert(MAXTOR, BTreeSet::from([7]));
        record.traces.push(Trace {
            fleet: 44,
            owner: BACKCHICHE,
            world: 2,
            from: None,
            to: 4,
            ambushed: false,
        });
        record.traces.push(Trace {
            fleet: 45,
            owner: BACKCHICHE,
            world: 8,
            from: None,
            to: 7,
            ambushed: false,
        });

        let maxtor = project(&g, MAXTOR, Some(&record), &rules(), None);
        assert_eq!(described(&maxtor), vec![1, 2, 3, 6, 7]);
        assert!(
            maxtor
                .world(7)
                .is_some_and(|w| w.black_hole && w.connections.is_none())
        );
        // Every fleet and trace on a described world, whoever owns it.
        let fleets: Vec<u32> = maxtor.fleets.iter().map(|f| f.id).collect();
        assert_eq!(fleets, vec![10, 11]);
        let traces: Vec<u32> = maxtor.traces.iter().map(|t| t.fleet).collect();
        assert_eq!(traces, vec![44]);

        let miria = project(&g, MIRIA, Some(&record), &rules(), None);
        assert_eq!(described(&miria), vec![2, 4, 5, 8]);
        let text = world_part(&cr(&g, MAXTOR, Some(&record)));
        assert_eq!(
            text,
            "M_1 (2,3) \"Maxtor\" P=10(20)\n\
             M_2 (1,4) \"Miria\" P=10(20)\n  F_10 \"Maxtor\"\n  F_11 \"Backchiche\" [?]=4?\n  {F_44 \"Backchiche\" vers M_4}\n\
             M_3 (1) P=10(20)\n\
             M_6 (5) P=10(20)\n\
             M_7 * Trou noir *****\n"
        );
    }

    /// Ruling G-16: `Md_` only on the owner's own CR while he still owns it.
    #[test]
    fn ruling_g16_start_world_prefix() {
        let mut g = players();
        add_world(&mut g, 127, &[48], MAXTOR);
        world_mut(&mut g, 127).start_owner = Some(MAXTOR);
        add_fleet(&mut g, 1, PETIPAS, 127, 1, 0);
        let line = |g: &Galaxy, p| print(&project(g, p, None, &rules(), None));
        assert!(world_part(&line(&g, MAXTOR)).starts_with("Md_127 (48) \"Maxtor\""));
        assert!(world_part(&line(&g, PETIPAS)).starts_with("M_127 (48) \"Maxtor\""));
        // Captured by Miria: M_ for everybody, Miria included.
        world_mut(&mut g, 127).owner = MIRIA;
        add_fleet(&mut g, 2, MAXTOR, 127, 1, 0);
        assert!(world_part(&line(&g, MAXTOR)).starts_with("M_127 (48) \"Miria\""));
        assert!(world_part(&line(&g, MIRIA)).starts_with("M_127 (48) \"Miria\""));
        // Taken back: Md_ again on its owner's CR.
        world_mut(&mut g, 127).owner = MAXTOR;
        assert!(world_part(&line(&g, MAXTOR)).starts_with("Md_127"));
        // A bombed start world of its owner: `Md#`.
        world_mut(&mut g, 127).bombed = true;
        assert!(world_part(&line(&g, MAXTOR)).starts_with("Md#127"));
    }

    /// Ruling G-17: counters shown iff o ≥ 1 or a distinct mining counter;
    /// `:o:c` iff c ≠ o; a capacity-0 world without MEVA counter shows none.
    #[test]
    fn ruling_g17_counters_from_the_galaxy() {
        let mut g = players();
        add_world(&mut g, 1, &[2], MAXTOR);
        let owner_block = |g: &Galaxy| {
            let view = project(g, MAXTOR, None, &rules(), None);
            let owner = view.worlds[0].owner.clone().expect("owner known");
            (owner.owned_turns, owner.mining_counter)
        };
        let set = |g: &mut Galaxy, o, c, mining| {
            let w = world_mut(g, 1);
            w.owned_turns = o;
            w.mining_counter = c;
            w.mining = mining;
        };
        set(&mut g, 5, 5, 2);
        assert_eq!(owner_block(&g), (5, None));
        set(&mut g, 2, 5, 2);
        assert_eq!(owner_block(&g), (2, Some(5)));
        set(&mut g, 0, 0, 2);
        assert_eq!(owner_block(&g), (0, None));
        // Capacity 0: no counter, however long owned…
        set(&mut g, 9, 0, 0);
        assert_eq!(owner_block(&g), (0, None));
        // …until a MEVA CM starts it ("Miranda:0:3").
        set(&mut g, 0, 3, 0);
        assert_eq!(owner_block(&g), (0, Some(3)));
        assert!(world_part(&cr(&g, MAXTOR, None)).starts_with("M_1 (2) \"Maxtor:0:3\""));
    }

    /// Ruling G-21 through the projection: a fleet that fired and lost every ship
    /// keeps its owner on the CR.
    #[test]
    fn ruling_g21_wiped_out_fleet() {
        let mut g = players();
        add_world(&mut g, 1, &[2], MIRIA);
        add_fleet(&mut g, 12, MAXTOR, 1, 0, 0);
        let mut record = TurnRecord::default();
        record
            .fire
            .insert(Shooter::Fleet(12), FireMark::Protections);
        let text = cr(&g, MAXTOR, Some(&record));
        assert!(text.contains("\n  F_12 \"Maxtor\" *M\n"), "{text}");
    }

    /// Ruling G-23 through the projection: the bomb example VII.1.4.
    #[test]
    fn ruling_g23_bombed_world() {
        let mut g = players();
        add_world(&mut g, 51, &[8, 541, 26], PlayerId::NEUTRAL);
        {
            let w = world_mut(&mut g, 51);
            w.population.non_converts = 0;
            w.pop_limit = 0;
            w.bombed = true;
        }
        add_fleet(&mut g, 48, MIRIA, 51, 2, 0);
        let mut record = TurnRecord::default();
        record.deaths.insert(
            51,
            vec![Deaths {
                count: 351,
                kind: PopKind::NonConverts,
            }],
        );
        record.fire.insert(Shooter::Fleet(48), FireMark::Bomb);
        assert_eq!(
            world_part(&cr(&g, MIRIA, Some(&record))),
            "M#51 (8,541,26) P=0{-351P}(0)\n  F_48 \"Miria\" []=2*B\n"
        );
    }

    /// Ruling G-25 / III.3: black holes marked `@` in connection lists on an
    /// explorer's CR only.
    #[test]
    fn ruling_g25_black_holes_for_explorers_only() {
        let mut g = players();
        add_world(&mut g, 12, &[18, 65], PlayerId::NEUTRAL);
        add_world(&mut g, 65, &[12], PlayerId::NEUTRAL);
        world_mut(&mut g, 65).black_hole = true;
        add_fleet(&mut g, 1, PETIPAS, 12, 1, 0);
        add_fleet(&mut g, 2, MAXTOR, 12, 1, 0);
        assert!(world_part(&cr(&g, PETIPAS, None)).starts_with("M_12 (18,@65) "));
        assert!(world_part(&cr(&g, MAXTOR, None)).starts_with("M_12 (18,65) "));
    }

    /// Ruling G-26 through the projection: another missionary's converts are
    /// named inside the VP brackets; the owner's own are not.
    #[test]
    fn ruling_g26_converts_from_the_galaxy() {
        let mut g = players();
        add_world(&mut g, 15, &[13, 75, 584], MAXTOR);
        {
            let w = world_mut(&mut g, 15);
            w.owned_turns = 5;
            w.mining_counter = 5;
            w.population.non_converts = 74;
            w.population.converts.insert(MIRIA, 12);
            w.pop_limit = 167;
            w.vp = 1;
            w.vi = 3;
            w.industries = 2;
            w.active_industries = 2;
            w.mp = 7;
            w.mining = 1;
        }
        let text = world_part(&cr(&g, MAXTOR, None));
        assert_eq!(
            text,
            "M_15 (13,75,584) \"Maxtor:5\" [I=2]=3 [P=86(167)/12C:\"Miria\"]=1 MP=7(+1)\n"
        );
        // Miria sees the world too (her converts are there).
        let view = project(&g, MIRIA, None, &rules(), None);
        assert_eq!(view.worlds[0].converts(), Some(12));
        assert_eq!(view.worlds[0].converts_owner.as_deref(), Some("Miria"));
        // Miria's own world, all converted: `P=14C`.
        add_world(&mut g, 16, &[15], MIRIA);
        {
            let w = world_mut(&mut g, 16);
            w.population.non_converts = 0;
            w.population.converts.insert(MIRIA, 14);
            w.pop_limit = 26;
        }
        assert!(cr(&g, MIRIA, None).contains("M_16 (15) \"Miria\" P=14C(26)\n"));
    }

    /// IV.3.6: others' cargo is hidden; their composition too at ALI 0.
    #[test]
    fn ali_hides_foreign_fleets() {
        let mut g = players();
        add_world(&mut g, 1, &[2], MAXTOR);
        add_fleet(&mut g, 124, BACKCHICHE, 1, 6, 18);
        add_fleet(&mut g, 125, BACKCHICHE, 1, 3, 0);
        add_fleet(&mut g, 57, MAXTOR, 1, 0, 6);
        g.fleets.get_mut(&57).expect("fleet").cargo.n = 7;
        g.fleets.get_mut(&124).expect("fleet").cargo.mp = 5;
        let text = cr(&g, MAXTOR, None);
        assert!(text.contains("  F_57 \"Maxtor\" [7N]=6T\n"), "{text}");
        assert!(text.contains("  F_124 \"Backchiche\" [?]=24?\n"), "{text}");
        assert!(text.contains("  F_125 \"Backchiche\" [?]=3?\n"), "{text}");
        player_mut(&mut g, MAXTOR).tech.set_level(Tech::Ali, 1);
        let text = cr(&g, MAXTOR, None);
        assert!(
            text.contains("  F_124 \"Backchiche\" [?]=6+18T\n"),
            "{text}"
        );
        assert!(text.contains("  F_125 \"Backchiche\" [?]=3\n"), "{text}");
        let view = project(&g, MAXTOR, None, &rules(), None);
        let f = view.fleet(124).expect("fleet 124 described");
        assert_eq!(
            (f.vc, f.vt, f.total, f.cargo),
            (Some(6), Some(18), Some(24), None)
        );
    }

    /// IV.3.4: RAD 1 gives the coordinates of owned worlds, RAD 2 of every
    /// described world; RAD 0 none.
    #[test]
    fn radar_coordinates() {
        let mut g = players();
        add_world(&mut g, 1, &[2], MAXTOR);
        add_world(&mut g, 2, &[1], MIRIA);
        add_fleet(&mut g, 3, MAXTOR, 2, 1, 0);
        let coords = |g: &Galaxy| {
            project(g, MAXTOR, None, &rules(), None)
                .worlds
                .iter()
                .map(|w| w.coords.is_some())
                .collect::<Vec<_>>()
        };
        assert_eq!(coords(&g), vec![false, false]);
        player_mut(&mut g, MAXTOR).tech.set_level(Tech::Rad, 1);
        assert_eq!(coords(&g), vec![true, false]);
        player_mut(&mut g, MAXTOR).tech.set_level(Tech::Rad, 2);
        assert_eq!(coords(&g), vec![true, true]);
        player_mut(&mut g, MAXTOR).tech.set_level(Tech::Rad, 3);
        assert_eq!(coords(&g), vec![true, true]);
        assert!(cr(&g, MAXTOR, None).contains("M_1 (2) \"Maxtor\" P=10(20) [1,7]\n"));
    }

    /// IV.3: the technology block from the player's levels and the ruleset's
    /// costs and maxima (the explorer's RAD costs 4), `(max)` at the maximum.
    #[test]
    fn technology_block_from_the_ruleset() {
        let mut g = players();
        {
            let tech = &mut player_mut(&mut g, PETIPAS).tech;
            tech.set_level(Tech::Dep, 4);
            tech.set_progress(Tech::Dep, 4);
            tech.set_progress(Tech::Ali, 2);
            tech.set_level(Tech::Att, 4);
        }
        let text = cr(&g, PETIPAS, None);
        let block: Vec<&str> = text
            .lines()
            .skip_while(|l| !l.starts_with("Vos niveaux"))
            .take(7)
            .collect();
        assert_eq!(
            block,
            vec![
                "Vos niveaux technologiques :",
                "DEplacement : 4 (+4/6)",
                "ATtaque : 4 (12), Votre CA est de : 67",
                "DEfense : 1 (12), Votre CD est de : 100",
                "RADar : 0 (4)",
                "Connaissance des ALIens : 0 (+2/3)",
                "CARgaison : 1 (10)",
            ]
        );
        player_mut(&mut g, PETIPAS).tech.set_level(Tech::Rad, 3);
        assert!(cr(&g, PETIPAS, None).contains("\nRADar : 3 (max)\n"));
    }

    /// Header, score, known players (ruling G-135: never the neutral player, not
    /// oneself), declarations made and received (ruling G-144).
    #[test]
    fn ruling_g135_g144_header_known_players_and_declarations() {
        let mut g = players();
        {
            let me = player_mut(&mut g, MIRIA);
            me.score = 1234;
            me.score_last_turn = 56;
            me.known_players = BTreeSet::from([PlayerId::NEUTRAL, MIRIA, MAXTOR, BACKCHICHE]);
            me.declarations.allies.insert(MAXTOR);
            me.declarations.mp_loaders.insert(MAXTOR);
            me.declarations.jihad = Some(Jihad {
                target: BACKCHICHE,
                declared_turn: 2,
            });
        }
        player_mut(&mut g, MAXTOR)
            .declarations
            .pop_unloaders
            .insert(MIRIA);
        player_mut(&mut g, MAXTOR).declarations.allies.insert(MIRIA);
        player_mut(&mut g, BACKCHICHE)
            .declarations
            .pillagers
            .insert(MIRIA);
        player_mut(&mut g, BACKCHICHE)
            .declarations
            .allies
            .insert(MAXTOR);
        let text = write(
            &g,
            MIRIA,
            &WriteOptions {
                ruleset: &rules(),
                record: None,
                game_name: Some("KARNAJ"),
            },
        );
        let head: Vec<&str> = text.lines().take(3).collect();
        assert_eq!(
            head,
            vec![
                "NEBULA - Partie KARNAJ - Tour 3",
                "Joueur : \"Miria\":7 (Missionnaire)",
                "Points : 1234 (+56)",
            ]
        );
        assert!(
            text.contains(
                "\nVous connaissez de nom : \"Maxtor\":5, \"Backchiche\":9\n\
             Vos déclarations : A:\"Maxtor\":5 C:\"Maxtor\":5 J:\"Backchiche\":9(2)\n\
             Déclarations reçues : A:\"Maxtor\":5 DP:\"Maxtor\":5 PI:\"Backchiche\":9\n"
            ),
            "{text}"
        );
        let quiet = cr(&g, PETIPAS, None);
        assert!(quiet.contains("\nVos déclarations : aucune\nDéclarations reçues : aucune\n"));
        assert!(!quiet.contains("Vous connaissez de nom"));
    }

    /// VI.4.1: on the CR of a missionary in Jihad, the worlds his target
    /// corrupted (captured first, owns, or owned 5 turns or more) say so.
    #[test]
    fn corruption_lines() {
        let mut g = players();
        player_mut(&mut g, MIRIA).declarations.jihad = Some(Jihad {
            target: BACKCHICHE,
            declared_turn: 1,
        });
        add_world(&mut g, 1, &[2], BACKCHICHE); // owned by the target
        add_world(&mut g, 2, &[1], MAXTOR); // captured first by the target
        add_world(&mut g, 3, &[1], MAXTOR); // owned 5 turns by the target
        add_world(&mut g, 4, &[1], MAXTOR); // owned 4 turns only
        world_mut(&mut g, 2).first_captor = Some(BACKCHICHE);
        world_mut(&mut g, 3).ownership_turns.insert(BACKCHICHE, 5);
        world_mut(&mut g, 4).ownership_turns.insert(BACKCHICHE, 4);
        for w in 1..=4 {
            add_fleet(&mut g, 10 + w, MIRIA, w, 1, 0);
            add_fleet(&mut g, 20 + w, MAXTOR, w, 1, 0);
        }
        world_mut(&mut g, 1).name = Some("Sodome".into());
        let view = project(&g, MIRIA, None, &rules(), None);
        let corrupted: Vec<Option<&str>> = view.worlds.iter().map(|w| w.corrupted_by()).collect();
        assert_eq!(
            corrupted,
            vec![
                Some("Backchiche"),
                Some("Backchiche"),
                Some("Backchiche"),
                None
            ]
        );
        assert!(print(&view).contains(
            "M_1 (2) \"Backchiche\" P=10(20)\n  Nom : \"Sodome\"\n  Corrompu par : \"Backchiche\"\n"
        ));
        // The age is the ruleset's (`combat.jihad_corruption_turns`): at 4 turns,
        // the world owned 4 turns is corrupted too; at 6, the one owned 5 is not.
        let mut four = rules();
        four.combat.jihad_corruption_turns = 4;
        let mut six = rules();
        six.combat.jihad_corruption_turns = 6;
        let corrupted_at = |ruleset: &nebutil::rules::Ruleset| -> Vec<bool> {
            project(&g, MIRIA, None, ruleset, None)
                .worlds
                .iter()
                .map(|w| w.corrupted_by().is_some())
                .collect()
        };
        assert_eq!(corrupted_at(&four), vec![true, true, true, true]);
        assert_eq!(corrupted_at(&six), vec![true, true, false, false]);
        // Nobody else sees corruption lines; everybody sees the name.
        let maxtor = project(&g, MAXTOR, None, &rules(), None);
        assert!(maxtor.worlds.iter().all(|w| w.corrupted_by().is_none()));
        assert_eq!(maxtor.worlds[0].name(), Some("Sodome"));
    }

    /// Owner changes from the record: `"Miria(Maxtor)"`, `" (BACKCHICHE) "`,
    /// fleets likewise; flags; arrivals; traces.
    #[test]
    fn markers_from_the_record() {
        let mut g = players();
        add_world(&mut g, 1, &[2], MIRIA);
        add_world(&mut g, 2, &[1], PlayerId::NEUTRAL);
        add_fleet(&mut g, 3, MIRIA, 1, 2, 0);
        add_fleet(&mut g, 4, PlayerId::NEUTRAL, 2, 0, 0);
        add_fleet(&mut g, 5, MIRIA, 2, 5, 0);
        add_fleet(&mut g, 6, MIRIA, 1, 0, 1);
        let mut record = TurnRecord::default();
        record.world_previous_owner.insert(1, MAXTOR);
        record.world_events.insert(1, WorldEvent::Captured);
        record.world_previous_owner.insert(2, BACKCHICHE);
        record.fleet_previous_owner.insert(3, MAXTOR);
        record.fleet_events.insert(3, FleetEvent::Pirated);
        record.fleet_previous_owner.insert(4, BACKCHICHE);
        record.fleet_events.insert(6, FleetEvent::UnloadedPc);
        record.arrivals.insert(5, 1);
        record.fire.insert(Shooter::Fleet(5), FireMark::Fleet(4));
        record.traces.push(Trace {
            fleet: 5,
            owner: MIRIA,
            world: 1,
            from: None,
            to: 2,
            ambushed: false,
        });
        record.traces.push(Trace {
            fleet: 73,
            owner: MAXTOR,
            world: 2,
            from: Some(54),
            to: 247,
            ambushed: true,
        });
        assert_eq!(
            world_part(&cr(&g, MIRIA, Some(&record))),
            "M_1 (2) \"Miria(Maxtor)\"! P=10(20)\n\
             \x20 F_3 \"Miria(Maxtor)\"P []=2\n\
             \x20 F_6 \"Miria\"D []=1T\n\
             \x20 {F_5 \"Miria\" vers M_2}\n\
             M_2 (1) \" (Backchiche) \" P=10(20)\n\
             \x20 F_4 \" (Backchiche) \"\n\
             \x20 F_5 \"Miria\" []=5 du M_1 *F_4\n\
             \x20 {F_73 \"Maxtor\" du M_54 vers M_247}**\n"
        );
    }

    /// Treasures: on worlds and on fleets (anyone's), each after its holder.
    #[test]
    fn treasures_on_worlds_and_fleets() {
        let mut g = players();
        add_world(&mut g, 105, &[102, 324, 421], MIRIA);
        add_fleet(&mut g, 44, MIRIA, 105, 2, 1);
        add_fleet(&mut g, 233, BACKCHICHE, 105, 3, 0);
        g.fleets.get_mut(&44).expect("fleet").cargo.mp = 4;
        let kind = |name| TreasureKind::from_name(name).expect("a treasure of the vocabulary");
        for (id, name, location) in [
            (57, "La machine invisible", TreasureLocation::World(105)),
            (77, "La potion invisible", TreasureLocation::Fleet(44)),
            (56, "La machine noire", TreasureLocation::Fleet(233)),
        ] {
            g.treasures.insert(
                id,
                Treasure {
                    id,
                    kind: kind(name),
                    location,
                },
            );
        }
        assert_eq!(
            world_part(&cr(&g, MIRIA, None)),
            "M_105 (102,324,421) \"Miria\" P=10(20)\n\
             \x20 T_57 <La machine invisible>\n\
             \x20 F_44 \"Miria\" [4]=2+1T\n\
             \x20 T_77 <La potion invisible>\n\
             \x20 F_233 \"Backchiche\" [?]=3?\n\
             \x20 T_56 <La machine noire>\n"
        );
    }

    /// Ruling G-123: the statistics' definitions.
    #[test]
    fn ruling_g123_statistics() {
        let mut g = players();
        add_world(&mut g, 1, &[2], MAXTOR);
        add_world(&mut g, 2, &[1], MAXTOR);
        add_world(&mut g, 3, &[1], MIRIA);
        {
            let w = world_mut(&mut g, 1);
            w.mining = 3;
            w.industries = 10;
            w.active_industries = 4;
            w.vi = 2;
            w.vp = 1;
            w.population.converts.insert(MIRIA, 5);
        }
        {
            let w = world_mut(&mut g, 2);
            w.mining = 2;
            w.population.non_converts = 0;
            w.population.robots = 30;
        }
        world_mut(&mut g, 3).population.converts.insert(MIRIA, 4);
        add_fleet(&mut g, 1, MAXTOR, 1, 3, 2);
        add_fleet(&mut g, 2, MAXTOR, 3, 0, 0);
        {
            let f = g.fleets.get_mut(&1).expect("fleet");
            f.cargo.mp = 1;
            f.cargo.n = 2;
            f.cargo.r = 1;
        }
        g.treasures.insert(
            1,
            Treasure {
                id: 1,
                kind: TreasureKind::from_name("La couronne royale").expect("treasure"),
                location: TreasureLocation::Fleet(2),
            },
        );
        g.treasures.insert(
            2,
            Treasure {
                id: 2,
                kind: TreasureKind::from_name("La couronne noire").expect("treasure"),
                location: TreasureLocation::World(3),
            },
        );
        let view = project(&g, MAXTOR, None, &rules(), None);
        let value = |kind| match &view.statistics[&kind] {
            StatValue::Own(v) => *v,
            StatValue::Spied(_) => panic!("not spied"),
        };
        assert_eq!(value(StatKind::MiningCapacity), 5);
        assert_eq!(value(StatKind::Populations), 15); // 10 N + 5 C, robots excluded
        assert_eq!(value(StatKind::Converts), 0);
        assert_eq!(value(StatKind::Robots), 30);
        assert_eq!(value(StatKind::Cargo), 4);
        assert_eq!(value(StatKind::Worlds), 2);
        assert_eq!(value(StatKind::Fleets), 2);
        assert_eq!(value(StatKind::Industries), 10);
        assert_eq!(value(StatKind::ActiveIndustries), 4);
        assert_eq!(value(StatKind::Ships), 5 + 3); // VC+VT, VI+VP
        assert_eq!(value(StatKind::Treasures), 1);
        assert_eq!(statistic(&g, MIRIA, StatKind::Converts), 9); // on every world
        assert_eq!(statistic(&g, MIRIA, StatKind::Treasures), 1);
    }

    /// The final ranking appears on the last turn's CR only; equal scores share
    /// a rank.
    #[test]
    fn final_ranking_on_the_last_turn() {
        let mut g = players();
        player_mut(&mut g, MAXTOR).score = 300;
        player_mut(&mut g, MIRIA).score = 500;
        player_mut(&mut g, BACKCHICHE).score = 300;
        player_mut(&mut g, PETIPAS).score = -20;
        assert!(!cr(&g, MAXTOR, None).contains("Classement final"));
        g.turn = g.final_turn;
        let text = cr(&g, MAXTOR, None);
        assert!(text.ends_with(
            "Classement final :\n1. \"Miria\":7 500\n2. \"Maxtor\":5 300\n2. \"Backchiche\":9 300\n4. \"Petipas\":11 -20\n"
        ), "{text}");
    }

    /// Rulings G-121, G-122, G-142: spy rankings. With 7 spies (0 % error) the
    /// values are exact: equal values rank by player number; the spy and the
    /// players he knows are named, the unknown first and last are not; the mean
    /// is over every player.
    #[test]
    fn ruling_g121_g122_g142_spy_rankings() {
        let mut g = players();
        for (id, p, pop) in [
            (1, MAXTOR, 40),
            (2, MIRIA, 90),
            (3, BACKCHICHE, 40),
            (4, PETIPAS, 10),
        ] {
            add_world(&mut g, id, &[1], p);
            world_mut(&mut g, id).population.non_converts = pop;
        }
        player_mut(&mut g, MAXTOR).known_players.insert(BACKCHICHE);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let exact = spy_report(&g, MAXTOR, StatKind::Populations, 7, &rules(), &mut rng);
        let entries: Vec<(u32, Option<&str>, u64)> = exact
            .entries
            .iter()
            .map(|e| (e.rank, e.name.as_deref(), e.value))
            .collect();
        assert_eq!(
            entries,
            vec![
                (1, None, 90),
                (2, Some("Maxtor"), 40),
                (3, Some("Backchiche"), 40),
                (4, None, 10)
            ]
        );
        assert_eq!(exact.mean, 45);
        assert_eq!(exact.error_percent, 0);

        // With 1 spy (50 %), others' values move within ±50 %, one's own never.
        for seed in 0..50 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let report = spy_report(&g, MAXTOR, StatKind::Populations, 1, &rules(), &mut rng);
            assert_eq!(report.error_percent, 50);
            let mine = report
                .entries
                .iter()
                .find(|e| e.name.as_deref() == Some("Maxtor"))
                .expect("own entry");
            assert_eq!(mine.value, 40);
            assert!((22..=68).contains(&report.mean), "mean {}", report.mean);
            let values: Vec<u64> = report.entries.iter().map(|e| e.value).collect();
            let mut sorted = values.clone();
            sorted.sort_by(|a, b| b.cmp(a));
            assert_eq!(values, sorted, "ranked by shown value");
        }

        // Through the record onto the CR, in place of the own value.
        let mut spies = std::collections::BTreeMap::new();
        spies.insert(MAXTOR, std::collections::BTreeMap::from([(2u8, 7u32)]));
        let record = TurnRecord {
            spy_reports: spy_reports(&g, &spies, &rules(), &mut rng),
            spies,
            ..TurnRecord::default()
        };
        let text = cr(&g, MAXTOR, Some(&record));
        assert!(
            text.contains(
                "\nPopulations : 1:90 2:\"Maxtor\":40 3:\"Backchiche\":40 4:10 M : 45 [Erreur=0%]\n"
            ),
            "{text}"
        );
        assert!(cr(&g, MIRIA, Some(&record)).contains("\nPopulations : 90\n"));
    }

    /// `write` is `print(project(…))`.
    #[test]
    fn write_is_print_of_project() {
        let mut g = players();
        add_world(&mut g, 1, &[2], MAXTOR);
        add_fleet(&mut g, 1, MAXTOR, 1, 2, 0);
        let options = WriteOptions {
            ruleset: &rules(),
            record: None,
            game_name: Some("G"),
        };
        assert_eq!(
            write(&g, MAXTOR, &options),
            print(&project(&g, MAXTOR, None, &rules(), Some("G")))
        );
    }
}

// ================================================================ complete CRs

/// A complete CR of a small hand-built galaxy, reviewed by eye against the book's
/// CRs (insta snapshots in tests/snapshots/), and the book's own start of game
/// (V.5) as fixtures (tests/fixtures/cr_write/*.cr).
mod complete {
    use std::collections::{BTreeMap, BTreeSet};

    use nebutil::model::record::{Shooter, Trace, TurnRecord};
    use nebutil::model::tech::Tech;
    use nebutil::model::treasure::{TreasureKind, TreasureLocation};
    use nebutil::model::view::{Deaths, FireMark, PopKind, WorldEvent};
    use nebutil::model::{Galaxy, Jihad, PlayerId, Treasure};
    use nebutil::report::write::{WriteOptions, spy_reports, write};
    use rand::SeedableRng;

    use super::projection::{
        BACKCHICHE, MAXTOR, MIRIA, PETIPAS, add_fleet, add_world, player_mut, players, rules,
        world_mut,
    };

    fn treasure(galaxy: &mut Galaxy, id: u32, name: &str, location: TreasureLocation) {
        let kind = TreasureKind::from_name(name).expect("a treasure of the vocabulary");
        galaxy.treasures.insert(id, Treasure { id, kind, location });
    }

    /// Turn 12 of the game KARNAJ.
    fn karnaj() -> (Galaxy, TurnRecord) {
        let mut g = players();
        g.turn = 12;
        g.final_turn = 25;
        {
            let maxtor = player_mut(&mut g, MAXTOR);
            maxtor.score = 1234;
            maxtor.score_last_turn = 56;
            maxtor.known_players = BTreeSet::from([MIRIA, BACKCHICHE]);
            maxtor.declarations.allies.insert(MIRIA);
            maxtor.declarations.pop_unloaders.insert(MIRIA);
            maxtor.tech.set_level(Tech::Dep, 4);
            maxtor.tech.set_progress(Tech::Dep, 4);
            maxtor.tech.set_level(Tech::Rad, 1);
            maxtor.tech.set_progress(Tech::Ali, 2);
        }
        {
            let miria = player_mut(&mut g, MIRIA);
            miria.score = 987;
            miria.score_last_turn = -12;
            miria.known_players = BTreeSet::from([MAXTOR]);
            miria.declarations.allies.insert(MAXTOR);
            miria.declarations.mp_loaders.insert(MAXTOR);
            miria.declarations.jihad = Some(Jihad {
                target: BACKCHICHE,
                declared_turn: 9,
            });
            miria.tech.set_level(Tech::Ali, 1);
        }
        player_mut(&mut g, PETIPAS).tech.set_level(Tech::Rad, 2);

        // Maxtor's start world, named, with a treasure and fleets.
        add_world(&mut g, 127, &[48, 123, 287], MAXTOR);
        {
            let w = world_mut(&mut g, 127);
            w.start_owner = Some(MAXTOR);
            w.owned_turns = 11;
            w.mining_counter = 11;
            w.industries = 30;
            w.active_industries = 22;
            w.vi = 1;
            w.vp = 1;
            w.population.non_converts = 80;
            w.pop_limit = 100;
            w.mp = 30;
            w.mining = 3;
            w.pe = 1200;
            w.name = Some("Terra Nova".into());
        }
        treasure(
            &mut g,
            57,
            "La machine perdue",
            TreasureLocation::World(127),
        );
        add_fleet(&mut g, 57, MAXTOR, 127, 10, 0);
        treasure(
            &mut g,
            77,
            "La potion invisible",
            TreasureLocation::Fleet(57),
        );
        add_fleet(&mut g, 240, MAXTOR, 127, 0, 0);
        add_fleet(&mut g, 111, PETIPAS, 127, 1, 0);

        // Captured this turn from Backchiche.
        add_world(&mut g, 48, &[127, 256, 304], MAXTOR);
        {
            let w = world_mut(&mut g, 48);
            w.population.non_converts = 89;
            w.pop_limit = 120;
            w.mp = 3;
            w.mining = 5;
            w.first_captor = Some(BACKCHICHE);
            w.ownership_turns.insert(BACKCHICHE, 6);
        }
        add_fleet(&mut g, 128, MAXTOR, 48, 10, 0);
        g.fleets.get_mut(&128).expect("fleet").cargo.mp = 4;

        // Maxtor's world with Miria's converts, attacked by Backchiche.
        add_world(&mut g, 15, &[13, 75, 584], MAXTOR);
        {
            let w = world_mut(&mut g, 15);
            w.owned_turns = 5;
            w.mining_counter = 5;
            w.industries = 2;
            w.active_industries = 2;
            w.vi = 3;
            w.vp = 1;
            w.population.non_converts = 74;
            w.population.converts.insert(MIRIA, 12);
            w.pop_limit = 167;
            w.mp = 7;
            w.mining = 1;
            w.pillage_count = 1;
            w.pillage_recovery = 3;
        }
        add_fleet(&mut g, 214, MIRIA, 15, 7, 0);
        g.fleets.get_mut(&214).expect("fleet").at_peace = true;
        add_fleet(&mut g, 124, BACKCHICHE, 15, 6, 18);
        g.fleets.get_mut(&124).expect("fleet").cargo.n = 20;

        // A neutral world Maxtor probed, next to a black hole he crossed.
        add_world(&mut g, 12, &[18, 65], PlayerId::NEUTRAL);
        {
            let w = world_mut(&mut g, 12);
            w.population.non_converts = 7;
            w.pop_limit = 8;
            w.mp = 15;
            w.mining = 4;
            w.meva = 2;
        }
        add_world(&mut g, 65, &[12], PlayerId::NEUTRAL);
        {
            let w = world_mut(&mut g, 65);
            w.black_hole = true;
            w.population.non_converts = 0;
            w.pop_limit = 0;
        }
        add_fleet(&mut g, 301, PETIPAS, 12, 3, 0);

        // Miria's MEVA-improved world (Petipas' MEVA), Backchiche's pillaged one.
        add_world(&mut g, 50, &[23, 160], MIRIA);
        {
            let w = world_mut(&mut g, 50);
            w.owned_turns = 3;
            w.mining_counter = 9;
            w.population.non_converts = 10;
            w.pop_limit = 35;
            w.mp = 3;
            w.mining = 5;
            w.meva = 4;
            w.growth_bonus = 75;
        }
        add_fleet(&mut g, 33, PETIPAS, 50, 2, 0);
        add_world(&mut g, 106, &[109, 156, 348], BACKCHICHE);
        {
            let w = world_mut(&mut g, 106);
            w.owned_turns = 5;
            w.mining_counter = 5;
            w.population.non_converts = 18;
            w.pop_limit = 27;
            w.vp = 1;
            w.mp = 2;
            w.mining = 1;
            w.pillage_count = 1;
            w.pillage_recovery = 4;
        }
        add_fleet(&mut g, 44, MIRIA, 106, 4, 1);

        let mut record = TurnRecord {
            turn: 11,
            ..TurnRecord::default()
        };
        record.world_previous_owner.insert(48, BACKCHICHE);
        record.world_events.insert(48, WorldEvent::Captured);
        record.world_events.insert(106, WorldEvent::Pillaged);
        record.arrivals.insert(128, 127);
        record.arrivals.insert(111, 13);
        record
            .fire
            .insert(Shooter::Fleet(124), FireMark::Population);
        record.fire.insert(Shooter::Vi(15), FireMark::Fleet(124));
        record.deaths.insert(
            15,
            vec![Deaths {
                count: 6,
                kind: PopKind::NonConverts,
            }],
        );
        record.traces.push(Trace {
            fleet: 128,
            owner: MAXTOR,
            world: 127,
            from: None,
            to: 48,
            ambushed: false,
        });
        record.probed.insert(MAXTOR, BTreeSet::from([12]));
        record
            .black_holes_crossed
            .insert(MAXTOR, BTreeSet::from([65]));
        record.spies.insert(MAXTOR, BTreeMap::from([(2u8, 4u32)]));
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
        record.spy_reports = spy_reports(&g, &record.spies, &rules(), &mut rng);
        (g, record)
    }

    fn cr(galaxy: &Galaxy, record: &TurnRecord, player: PlayerId) -> String {
        write(
            galaxy,
            player,
            &WriteOptions {
                ruleset: &rules(),
                record: Some(record),
                game_name: Some("KARNAJ"),
            },
        )
    }

    #[test]
    fn snapshot_maxtor_turn_12() {
        let (g, record) = karnaj();
        insta::assert_snapshot!("karnaj_maxtor_turn_12", cr(&g, &record, MAXTOR));
    }

    #[test]
    fn snapshot_miria_turn_12() {
        let (g, record) = karnaj();
        insta::assert_snapshot!("karnaj_miria_turn_12", cr(&g, &record, MIRIA));
    }

    #[test]
    fn snapshot_petipas_turn_12() {
        let (g, record) = karnaj();
        insta::assert_snapshot!("karnaj_petipas_turn_12", cr(&g, &record, PETIPAS));
    }
}

/// The book's own game start (III.4, V.5): Maxtor's CR at turn 0 and at turn 1
/// after `M_127 C 10 VC F_57` … `F_57 M_48`, `F_128 M_123`, `F_157 M_287`. The
/// expected CRs (tests/fixtures/cr_write/book_v5_turn_*.cr) contain the book's
/// lines verbatim (V.5 000:L1015-1020, L1037-1045, the typo `[=]10` repaired).
mod book_scenario {
    use nebutil::model::record::{Trace, TurnRecord};
    use nebutil::model::view::WorldEvent;
    use nebutil::model::{Galaxy, PlayerId};
    use nebutil::report::write::{WriteOptions, write};

    use super::projection::{MAXTOR, add_fleet, add_world, players, rules, world_mut};

    fn start() -> Galaxy {
        let mut g = players();
        g.players.retain(|id, _| id.is_neutral() || *id == MAXTOR);
        g.turn = 0;
        add_world(&mut g, 127, &[48, 123, 287], MAXTOR);
        {
            let start = rules().start.clone();
            let w = world_mut(&mut g, 127);
            w.start_owner = Some(MAXTOR);
            w.industries = start.industries;
            w.active_industries = start.industries;
            w.vi = start.vi;
            w.vp = start.vp;
            w.population.non_converts = start.population;
            w.pop_limit = start.population_limit;
            w.mp = start.mp;
            w.mining = start.mining_capacity;
        }
        for id in [57, 128, 157, 240, 301] {
            add_fleet(&mut g, id, MAXTOR, 127, 0, 0);
        }
        for (id, connections, pop, limit, mp, mining) in [
            (48, &[127, 256, 304][..], 89, 120, 3, 5),
            (123, &[127, 17][..], 40, 60, 0, 2),
            (287, &[127][..], 12, 30, 4, 1),
        ] {
            add_world(&mut g, id, connections, PlayerId::NEUTRAL);
            let w = world_mut(&mut g, id);
            w.population.non_converts = pop;
            w.pop_limit = limit;
            w.mp = mp;
            w.mining = mining;
        }
        g
    }

    fn turn_1() -> (Galaxy, TurnRecord) {
        let mut g = start();
        g.turn = 1;
        {
            let w = world_mut(&mut g, 127);
            w.owned_turns = 1;
            w.mining_counter = 1;
            w.population.non_converts = 55;
            w.mp = 2;
            w.active_industries = 2;
        }
        for (fleet, world) in [(57, 48), (128, 123), (157, 287)] {
            let f = g.fleets.get_mut(&fleet).expect("fleet");
            f.vc = 10;
            f.world = world;
        }
        world_mut(&mut g, 48).owner = MAXTOR;
        world_mut(&mut g, 123).owner = MAXTOR;
        world_mut(&mut g, 287).owner = MAXTOR;
        let mut record = TurnRecord::default();
        for (fleet, to) in [(57, 48), (128, 123), (157, 287)] {
            record.arrivals.insert(fleet, 127);
            record.world_events.insert(to, WorldEvent::Captured);
            record.traces.push(Trace {
                fleet,
                owner: MAXTOR,
                world: 127,
                from: None,
                to,
                ambushed: false,
            });
        }
        (g, record)
    }

    fn cr(galaxy: &Galaxy, record: Option<&TurnRecord>) -> String {
        write(
            galaxy,
            MAXTOR,
            &WriteOptions {
                ruleset: &rules(),
                record,
                game_name: Some("LIVRE"),
            },
        )
    }

    #[test]
    fn book_v5_turn_0() {
        assert_eq!(
            cr(&start(), None),
            include_str!("../fixtures/cr_write/book_v5_turn_0.cr")
        );
    }

    #[test]
    fn book_v5_turn_1() {
        let (g, record) = turn_1();
        assert_eq!(
            cr(&g, Some(&record)),
            include_str!("../fixtures/cr_write/book_v5_turn_1.cr")
        );
    }
}

/// The one-pass statistics table (used for spy rankings) gives every player's
/// statistics exactly as `statistic` computes them one by one, on a game played a
/// few turns by computer players.
#[test]
fn statistics_table_matches_statistic_for_every_player() {
    use nebutil::model::view::StatKind;
    use nebutil::report::write::{statistic, statistics_table};
    let (save, _) = nebutil::game::demo::demo_game(3);
    let g = &save.galaxy;
    let table = statistics_table(g);
    assert_eq!(table.len(), g.players.len());
    for player in g.players.keys() {
        for kind in StatKind::ALL {
            assert_eq!(
                table[player][&kind],
                statistic(g, *player, kind),
                "{player} {kind:?}"
            );
        }
    }
}
