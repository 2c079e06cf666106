//! The galaxy map: torus geometry, approximate placement, links across the seam,
//! hit-testing (pure functions), and the map in the app (egui_kittest: shown,
//! clicking a world's position selects it, hovering shows its CR line, a
//! right-click menu appends an order to the draft).
use std::collections::BTreeMap;

use egui::{Pos2, Rect, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use nebutil::gui::map::draw::{AnnotationStyle, Annotations, Frame, Highlights, annotate};
use nebutil::gui::map::layout::{self, MapLayout, OwnerKey, player_color};
use nebutil::gui::map::placement::{APPROX_STEP, MIN_GAP, TurnGraph, place, place_turns};
use nebutil::gui::map::spatial::SpatialIndex;
use nebutil::gui::map::torus::Torus;
use nebutil::gui::map::view::{MapView, bounds, torus_mean};
use nebutil::gui::session::{Session, SourceFile, SourceOrigin};
use nebutil::gui::settings::Settings;
use nebutil::gui::{Command, NebutilApp, Selection, UiContext};
use nebutil::model::Coords;
use nebutil::model::knowledge::Knowledge;
use nebutil::model::view::{Connection, OwnerView, PlayerRef, TurnView, WorldView};

use crate::support::fresh_dir::fresh_dir;
use crate::support::orion::orion;

fn close(a: Pos2, b: Pos2) -> bool {
    (a - b).length() < 1e-3
}

// ----- torus geometry -----

#[test]
fn wrap_brings_points_back_onto_the_torus() {
    let t = Torus::new(24, 20);
    assert!(close(t.wrap(Pos2::new(-1.0, 21.0)), Pos2::new(23.0, 1.0)));
    assert!(close(t.wrap(Pos2::new(48.5, -40.0)), Pos2::new(0.5, 0.0)));
    assert!(close(t.wrap(Pos2::new(3.0, 4.0)), Pos2::new(3.0, 4.0)));
    // A tiny negative number does not wrap to the width itself.
    let p = t.wrap(Pos2::new(-1e-9, 0.0));
    assert!(p.x < 24.0 && p.x >= 0.0);
    // A plane does not wrap.
    let plane = Torus::plane(24.0, 20.0);
    assert!(close(
        plane.wrap(Pos2::new(-1.0, 21.0)),
        Pos2::new(-1.0, 21.0)
    ));
}

#[test]
fn delta_goes_to_the_nearest_image_across_the_seam() {
    let t = Torus::new(24, 20);
    let d = t.delta(Pos2::new(1.0, 1.0), Pos2::new(23.0, 19.0));
    assert!((d - Vec2::new(-2.0, -2.0)).length() < 1e-4, "{d:?}");
    let d = t.delta(Pos2::new(23.0, 10.0), Pos2::new(0.0, 10.0));
    assert!((d - Vec2::new(1.0, 0.0)).length() < 1e-4, "{d:?}");
    // Without crossing: the plain difference.
    let d = t.delta(Pos2::new(5.0, 5.0), Pos2::new(8.0, 3.0));
    assert!((d - Vec2::new(3.0, -2.0)).length() < 1e-4);
    assert!((t.distance(Pos2::new(0.0, 0.0), Pos2::new(23.0, 19.0)) - 2f32.sqrt()).abs() < 1e-4);
    // On a plane nothing is crossed.
    let plane = Torus::plane(24.0, 20.0);
    let d = plane.delta(Pos2::new(1.0, 1.0), Pos2::new(23.0, 19.0));
    assert!((d - Vec2::new(22.0, 18.0)).length() < 1e-4);
}

#[test]
fn the_mean_of_worlds_across_the_seam_is_at_the_seam() {
    let t = Torus::new(24, 20);
    let mean = torus_mean(&t, [Pos2::new(23.0, 10.0), Pos2::new(1.0, 10.0)]).unwrap_or_default();
    assert!(mean.x < 0.01 || mean.x > 23.99, "{mean:?}");
    assert!((mean.y - 10.0).abs() < 1e-3);
}

// ----- camera -----

#[test]
fn each_world_is_drawn_once_at_its_image_nearest_the_centre() {
    let t = Torus::new(24, 20);
    let rect = Rect::from_min_size(Pos2::ZERO, Vec2::new(480.0, 400.0));
    let view = MapView {
        center: Pos2::new(23.0, 10.0),
        zoom: 20.0,
    };
    // World at x = 1 is 2 units right of the centre (across the seam).
    let s = view.to_screen(&t, rect, Pos2::new(1.0, 10.0));
    assert!(close(s, rect.center() + Vec2::new(40.0, 0.0)), "{s:?}");
    // Every position falls inside the period shown around the centre.
    let period = view.period_rect(&t, rect);
    for x in 0..24 {
        for y in 0..20 {
            let s = view.to_screen(&t, rect, Pos2::new(x as f32, y as f32));
            assert!(period.expand(0.01).contains(s), "{x},{y} → {s:?}");
        }
    }
    // And back.
    let p = view.from_screen(&t, rect, s);
    assert!(close(p, Pos2::new(1.0, 10.0)), "{p:?}");
}

#[test]
fn panning_wraps_around() {
    let t = Torus::new(24, 20);
    let mut view = MapView {
        center: Pos2::new(1.0, 1.0),
        zoom: 10.0,
    };
    // Dragging the map 30 points right moves the centre 3 units left, across x = 0.
    view.pan(&t, Vec2::new(30.0, 0.0));
    assert!(
        close(view.center, Pos2::new(22.0, 1.0)),
        "{:?}",
        view.center
    );
    // A whole period brings it back.
    view.pan(&t, Vec2::new(-240.0, -200.0) - Vec2::new(30.0, 0.0));
    assert!(close(view.center, Pos2::new(1.0, 1.0)), "{:?}", view.center);
}

#[test]
fn zoom_keeps_the_point_under_the_cursor() {
    let t = Torus::new(24, 20);
    let rect = Rect::from_min_size(Pos2::ZERO, Vec2::new(480.0, 400.0));
    let mut view = MapView {
        center: Pos2::new(12.0, 10.0),
        zoom: 20.0,
    };
    let anchor = Pos2::new(400.0, 90.0);
    let before = view.from_screen(&t, rect, anchor);
    view.zoom_at(&t, rect, anchor, 2.0);
    assert!((view.zoom - 40.0).abs() < 1e-4);
    let after = view.from_screen(&t, rect, anchor);
    assert!(t.distance(before, after) < 1e-3, "{before:?} {after:?}");
    // Bounded.
    view.zoom_at(&t, rect, anchor, 1e9);
    assert!(view.zoom <= nebutil::gui::map::view::MAX_ZOOM);
}

#[test]
fn fit_shows_the_whole_torus() {
    let t = Torus::new(24, 20);
    let rect = Rect::from_min_size(Pos2::new(100.0, 50.0), Vec2::new(800.0, 500.0));
    let view = MapView::fit(&t, rect, Pos2::new(3.0, 4.0));
    assert!(rect.contains_rect(view.period_rect(&t, rect)));
    assert!(close(view.center, Pos2::new(3.0, 4.0)));
}

#[test]
fn fitting_a_few_worlds_zooms_on_them_across_the_seam() {
    let t = Torus::new(24, 20);
    let rect = Rect::from_min_size(Pos2::ZERO, Vec2::new(800.0, 500.0));
    let points = [
        Pos2::new(23.0, 5.0),
        Pos2::new(1.0, 6.0),
        Pos2::new(0.0, 4.0),
    ];
    let view = MapView::fit_points(&t, rect, points);
    let whole = MapView::fit(&t, rect, Pos2::new(0.0, 5.0));
    assert!(view.zoom > whole.zoom);
    for p in points {
        assert!(rect.contains(view.to_screen(&t, rect, p)), "{p:?}");
    }
    // Worlds all over the torus: the whole torus.
    let spread = (0..24).map(|x| Pos2::new(x as f32, (x % 20) as f32));
    let view = MapView::fit_points(&t, rect, spread);
    assert!((view.zoom - whole.zoom).abs() < 1e-3);
}

#[test]
fn fitting_fills_85_percent_of_the_panel_in_its_tighter_direction() {
    let t = Torus::new(60, 60);
    let rect = Rect::from_min_size(Pos2::new(300.0, 60.0), Vec2::new(640.0, 480.0));
    // A small cluster, as a player knows it in his first turns.
    let points = [
        Pos2::new(30.0, 30.0),
        Pos2::new(36.0, 31.0),
        Pos2::new(31.0, 34.0),
        Pos2::new(33.0, 30.5),
    ];
    let view = MapView::fit_points(&t, rect, points);
    let screen: Vec<Pos2> = points
        .iter()
        .map(|p| view.to_screen(&t, rect, *p))
        .collect();
    let (min, max) = screen.iter().fold(
        (Pos2::new(f32::MAX, f32::MAX), Pos2::new(f32::MIN, f32::MIN)),
        |(a, b), p| (a.min(*p), b.max(*p)),
    );
    let span = ((max.x - min.x) / rect.width()).max((max.y - min.y) / rect.height());
    assert!((0.8..=0.9).contains(&span), "{span}");
    for p in screen {
        assert!(rect.shrink(27.0).contains(p), "{p:?}");
    }
}

#[test]
fn bounds_take_the_smallest_window_across_the_seam_when_smaller() {
    let t = Torus::new(30, 20);
    // x: 28, 29, 1, 2 → the window [28, 32] (4 wide) across the seam, not [1, 29].
    // y: 3..=6 → the plain window.
    let points = [
        Pos2::new(28.0, 3.0),
        Pos2::new(29.0, 6.0),
        Pos2::new(1.0, 4.0),
        Pos2::new(2.0, 5.0),
    ];
    let (center, size) = bounds(&t, points).expect("bounds");
    assert!((size.x - 4.0).abs() < 1e-4, "{size:?}");
    assert!((size.y - 3.0).abs() < 1e-4, "{size:?}");
    assert!(
        center.x.abs() < 1e-4 || (center.x - 30.0).abs() < 1e-4,
        "{center:?}"
    );
    assert!((center.y - 4.5).abs() < 1e-4, "{center:?}");
    // Not across the seam when the plain window is smaller.
    let (center, size) = bounds(&t, [Pos2::new(10.0, 1.0), Pos2::new(14.0, 19.0)]).expect("b");
    assert!((size.x - 4.0).abs() < 1e-4 && (center.x - 12.0).abs() < 1e-4);
    // y: 1 and 19 are 2 apart across the seam.
    assert!(
        (size.y - 2.0).abs() < 1e-4 && center.y.abs() < 1e-4,
        "{center:?} {size:?}"
    );
    // On a plane: the plain box.
    let plane = Torus::plane(30.0, 20.0);
    let (center, size) = bounds(&plane, points).expect("b");
    assert!((size.x - 28.0).abs() < 1e-4 && (center.x - 15.0).abs() < 1e-4);
    assert!(bounds(&t, []).is_none());
}

/// A knowledge whose player's worlds straddle the seam of a 40 × 30 torus, with a
/// neighbour only named and a far world known by its radar position only.
fn seam_knowledge() -> Knowledge {
    let mut far = world(9, Some((20, 15)), None, &[]);
    far.coords_approximate = true;
    far.line = 0;
    far.owner = None;
    far.connections = None;
    let view = TurnView {
        game: Some("SEAM".into()),
        turn: Some(3),
        player: Some(PlayerRef {
            name: "Moi".into(),
            number: Some(1),
        }),
        galaxy_size: Some((40, 30)),
        worlds: vec![
            world(1, Some((39, 28)), Some("Moi"), &[2, 3]),
            world(2, Some((1, 29)), Some("Moi"), &[1, 4]),
            world(3, Some((38, 1)), Some("Moi"), &[1]),
            far,
        ],
        ..TurnView::default()
    };
    Knowledge::from_views([view]).0
}

#[test]
fn the_first_view_fits_the_players_worlds_across_the_seam() {
    let knowledge = seam_knowledge();
    let layout = MapLayout::build(&knowledge, 3);
    let torus = layout.torus.expect("torus");
    let rect = Rect::from_min_size(Pos2::new(300.0, 60.0), Vec2::new(640.0, 480.0));
    let view = MapView::fit_points(&torus, rect, layout.home_positions());
    let whole = MapView::fit(&torus, rect, Pos2::ZERO);
    assert!(
        view.zoom > 2.0 * whole.zoom,
        "{} vs {}",
        view.zoom,
        whole.zoom
    );
    // The centre is at the seam's corner, not in the middle of the torus.
    assert!(
        torus.distance(view.center, Pos2::new(0.0, 0.0)) < 3.0,
        "{view:?}"
    );
    // The player's worlds and the named neighbour are in the panel, with margins.
    for id in [1, 2, 3, 4] {
        let s = view.to_screen(&torus, rect, layout.world(id).expect("world").pos);
        assert!(rect.shrink(27.0).contains(s), "M_{id} at {s:?}");
    }
    // The far world known by radar only is not fitted.
    let far = view.to_screen(&torus, rect, layout.world(9).expect("M_9").pos);
    assert!(!rect.contains(far), "{far:?}");
}

// ----- approximate placement -----

#[test]
fn a_world_without_coordinates_goes_beside_its_only_neighbour() {
    let t = Torus::new(24, 20);
    let exact = BTreeMap::from([(1, Pos2::new(5.0, 5.0))]);
    let placed = place(&t, &[1, 2], &exact, &[(1, 2)]);
    let p = placed[&2];
    assert!(
        (t.distance(p, Pos2::new(5.0, 5.0)) - APPROX_STEP).abs() < 1e-3,
        "{p:?}"
    );
    assert!(close(placed[&1], Pos2::new(5.0, 5.0)));
}

#[test]
fn a_world_between_known_neighbours_goes_near_their_middle_across_the_seam() {
    let t = Torus::new(24, 20);
    let exact = BTreeMap::from([(1, Pos2::new(23.0, 10.0)), (2, Pos2::new(1.0, 10.0))]);
    let placed = place(&t, &[1, 2, 3], &exact, &[(1, 3), (3, 2)]);
    let p = placed[&3];
    // The middle is x = 0 (the seam), not x = 12.
    assert!(
        t.distance(p, Pos2::new(0.0, 10.0)) <= APPROX_STEP * 0.35 + 1e-3,
        "{p:?}"
    );
}

#[test]
fn placement_is_deterministic_and_reaches_every_world() {
    let t = Torus::new(30, 30);
    let exact = BTreeMap::from([(10, Pos2::new(2.0, 2.0)), (20, Pos2::new(20.0, 3.0))]);
    let links = vec![(10, 11), (11, 12), (12, 13), (20, 21), (30, 31), (40, 40)];
    let ids = vec![10, 11, 12, 13, 20, 21, 30, 31, 40];
    let a = place(&t, &ids, &exact, &links);
    let mut reversed_links = links.clone();
    reversed_links.reverse();
    let swapped: Vec<_> = reversed_links.iter().map(|(x, y)| (*y, *x)).collect();
    let mut reversed_ids = ids.clone();
    reversed_ids.reverse();
    let b = place(&t, &reversed_ids, &exact, &swapped);
    assert_eq!(a, b);
    assert_eq!(a.len(), ids.len());
    // A chain moves away step by step from its anchor.
    assert!(t.distance(a[&12], a[&11]) > 0.5);
    // Disconnected groups (30–31, 40) get distinct seeds.
    assert!(t.distance(a[&30], a[&40]) > 0.5);
    for p in a.values() {
        assert!(p.x >= 0.0 && p.x < 30.0 && p.y >= 0.0 && p.y < 30.0);
    }
}

/// A thousand worlds on a small galaxy, half of them stacked on one spot, the
/// others without coordinates, one in two linked to the stack and the rest to
/// nothing (as a damaged CR can say): each one is placed, on the torus, and the
/// worlds without coordinates are spread around rather than stacked (the
/// crowded spots count as taken, see `MAX_NEARBY` in placement.rs).
#[test]
fn a_crowded_map_places_every_world_on_the_torus() {
    let t = Torus::new(20, 20);
    let exact: BTreeMap<u32, Pos2> = (1..=500).map(|id| (id, Pos2::new(5.0, 5.0))).collect();
    let links: Vec<(u32, u32)> = (501..=1000).step_by(2).map(|id| (1, id)).collect();
    let ids: Vec<u32> = (1..=1000).collect();
    let placed = place(&t, &ids, &exact, &links);
    assert_eq!(placed.len(), 1000);
    for p in placed.values() {
        assert!(
            p.x >= 0.0 && p.x < 20.0 && p.y >= 0.0 && p.y < 20.0,
            "{p:?}"
        );
    }
    let spots: std::collections::BTreeSet<(u32, u32)> = (501..=1000)
        .map(|id| {
            let p = placed[&id];
            ((p.x * 10.0) as u32, (p.y * 10.0) as u32)
        })
        .collect();
    assert!(spots.len() > 450, "{} spots for 500 worlds", spots.len());
}

#[test]
fn approximate_worlds_do_not_cover_known_worlds_or_each_other() {
    let t = Torus::new(24, 20);
    let exact = BTreeMap::from([(1, Pos2::new(5.0, 5.0)), (2, Pos2::new(6.0, 5.0))]);
    let mut links = vec![(1, 2)];
    links.extend((10..17).map(|id| (1, id)));
    let ids: Vec<u32> = [1, 2].into_iter().chain(10..17).collect();
    let placed = place(&t, &ids, &exact, &links);
    let points: Vec<Pos2> = placed.values().copied().collect();
    for (i, a) in points.iter().enumerate() {
        for b in &points[i + 1..] {
            assert!(t.distance(*a, *b) >= MIN_GAP - 1e-3, "{a:?} {b:?}");
        }
    }
    // Each one still next to its only neighbour.
    for id in 10..17 {
        assert!(t.distance(placed[&id], Pos2::new(5.0, 5.0)) <= 2.0 * APPROX_STEP + 1e-3);
    }
}

// ----- hit-testing -----

/// The point nearest to `p` within `radius`, looking at every point (the lowest
/// index on a tie): what the spatial index must answer.
fn brute_nearest(t: &Torus, points: &[Pos2], p: Pos2, radius: f32) -> Option<usize> {
    points
        .iter()
        .enumerate()
        .map(|(i, q)| (t.distance(p, *q), i))
        .filter(|(d, _)| *d <= radius)
        .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)))
        .map(|(_, i)| i)
}

#[test]
fn the_spatial_index_finds_the_nearest_world_across_the_seam() {
    let t = Torus::new(24, 20);
    let points = vec![
        Pos2::new(0.0, 0.0),
        Pos2::new(12.0, 10.0),
        Pos2::new(12.4, 10.0),
        Pos2::new(23.0, 19.0),
    ];
    let index = SpatialIndex::new(&t, &points);
    assert_eq!(
        index.nearest(&t, &points, Pos2::new(23.9, 19.9), 0.5),
        Some(0)
    );
    assert_eq!(
        index.nearest(&t, &points, Pos2::new(12.3, 10.0), 0.5),
        Some(2)
    );
    assert_eq!(
        index.nearest(&t, &points, Pos2::new(12.1, 10.1), 0.5),
        Some(1)
    );
    assert_eq!(index.nearest(&t, &points, Pos2::new(6.0, 6.0), 0.5), None);
    assert_eq!(
        index.nearest(&t, &points, Pos2::new(22.6, 18.6), 1.0),
        Some(3)
    );
    // Against brute force on a grid of probes.
    for x in 0..48 {
        for y in 0..40 {
            let p = Pos2::new(x as f32 * 0.5, y as f32 * 0.5);
            let brute = brute_nearest(&t, &points, p, 1.5);
            assert_eq!(index.nearest(&t, &points, p, 1.5), brute, "{p:?}");
        }
    }
}

/// Cells of several radar units on a torus whose sides are not a multiple of
/// them (a narrower last column and row): the same answers as brute force.
#[test]
fn the_spatial_index_with_wide_cells_agrees_with_brute_force() {
    let t = Torus::new(37, 23);
    let mut seed: u32 = 12345;
    let mut next = |limit: f32| {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        (seed >> 8) as f32 / (1u32 << 24) as f32 * limit
    };
    let points: Vec<Pos2> = (0..12).map(|_| Pos2::new(next(37.0), next(23.0))).collect();
    let index = SpatialIndex::new(&t, &points);
    for radius in [0.7, 2.5, 6.0, 30.0] {
        for x in 0..74 {
            for y in 0..46 {
                let p = Pos2::new(x as f32 * 0.5, y as f32 * 0.5);
                let brute = brute_nearest(&t, &points, p, radius);
                assert_eq!(
                    index.nearest(&t, &points, p, radius),
                    brute,
                    "{p:?} {radius}"
                );
            }
        }
    }
    // No point: nothing, whatever the radius.
    assert_eq!(
        SpatialIndex::new(&t, &[]).nearest(&t, &[], Pos2::new(1.0, 1.0), 5.0),
        None
    );
    assert_eq!(
        SpatialIndex::default().nearest(&t, &points, Pos2::new(1.0, 1.0), 5.0),
        None
    );
}

// ----- layout from a knowledge -----

fn world(id: u32, coords: Option<(u32, u32)>, owner: Option<&str>, links: &[u32]) -> WorldView {
    WorldView {
        id,
        connections: Some(
            links
                .iter()
                .map(|w| Connection {
                    world: *w,
                    black_hole: false,
                })
                .collect(),
        ),
        owner: Some(OwnerView {
            name: owner.map(Into::into),
            ..OwnerView::default()
        }),
        coords: coords.map(|(x, y)| Coords { x, y }),
        line: id,
        ..WorldView::default()
    }
}

fn small_knowledge() -> Knowledge {
    let view = TurnView {
        turn: Some(4),
        player: Some(PlayerRef {
            name: "Maxtor".into(),
            number: Some(5),
        }),
        galaxy_size: Some((24, 20)),
        worlds: vec![
            world(1, Some((0, 5)), Some("Maxtor"), &[2, 3]),
            world(2, Some((23, 5)), Some("Miria"), &[1]),
            world(3, None, None, &[1, 4]),
            // A radar-3 position from the NBT only.
            WorldView {
                id: 4,
                coords: Some(Coords { x: 10, y: 12 }),
                coords_approximate: true,
                ..WorldView::default()
            },
        ],
        ..TurnView::default()
    };
    let (knowledge, diagnostics) = Knowledge::from_views([view]);
    assert!(diagnostics.is_empty());
    knowledge
}

#[test]
fn links_are_drawn_once_toward_the_nearest_image() {
    let layout = MapLayout::build(&small_knowledge(), 4);
    // 1–2, 1–3, 3–4: each once although 1 and 2 list each other.
    assert_eq!(layout.links.len(), 3);
    let across = layout
        .links
        .iter()
        .find(|l| {
            let (a, b) = (
                layout.worlds[l.a as usize].id,
                layout.worlds[l.b as usize].id,
            );
            (a, b) == (1, 2)
        })
        .expect("link 1–2");
    assert!(across.crosses_seam);
    assert!((layout.link_offset(across) - Vec2::new(-1.0, 0.0)).length() < 1e-4);
    // World 4 was only named, with a radar-3 position: drawn there, marked as
    // such, unknown owner; world 3 (no coordinates) approximate.
    let w4 = layout.world(4).expect("world 4");
    assert!(!w4.approximate && w4.radar);
    assert!(close(w4.pos, Pos2::new(10.0, 12.0)));
    assert_eq!(w4.owner, OwnerKey::Unknown);
    assert_eq!(w4.age, None);
    let w3 = layout.world(3).expect("world 3");
    assert!(w3.approximate && !w3.radar && w3.owner == OwnerKey::Neutral);
    assert!(
        layout
            .world(1)
            .is_some_and(|w| !w.approximate && w.owner == OwnerKey::Me)
    );
    assert_eq!(layout.neighbours(1), vec![2, 3]);
    // Hit-testing through the layout, across the seam.
    assert_eq!(
        layout.world_at(Pos2::new(23.8, 5.1), 0.4).map(|w| w.id),
        Some(1)
    );
    // The legend: me first.
    assert_eq!(layout.legend[0].owner, OwnerKey::Me);
}

#[test]
fn information_fades_with_its_age() {
    assert_eq!(layout::fade(Some(0)), 1.0);
    assert!(layout::fade(Some(1)) < 1.0);
    assert!(layout::fade(Some(4)) < layout::fade(Some(1)));
    assert!(layout::fade(Some(100)) >= 0.3);
    assert_eq!(layout::fade(None), 0.3);
    let layout = MapLayout::build(&small_knowledge(), 7);
    assert_eq!(layout.world(1).and_then(|w| w.age), Some(3));
}

#[test]
fn owner_colours_are_stable_and_distinct() {
    let colours: Vec<_> = (1..=32).map(|n| player_color("x", Some(n))).collect();
    for (i, a) in colours.iter().enumerate() {
        for b in &colours[i + 1..] {
            assert_ne!(a, b);
        }
        assert_ne!(*a, layout::my_color());
    }
    assert_eq!(player_color("Miria", None), player_color("Miria", None));
    assert_ne!(player_color("Miria", None), player_color("Maxtor", None));
}

// ----- stable layout, labels and badges on generated games -----

/// A session holding the files `files` (CRs, NBTs).
fn session_of(files: Vec<(String, String)>) -> Session {
    let mut session = Session::default();
    let (crs, nbts): (Vec<_>, Vec<_>) = files.into_iter().partition(|(n, _)| !n.ends_with(".nbt"));
    for (name, text) in crs {
        session.add_cr(SourceFile::new(
            SourceOrigin::Demo(name.clone()),
            &name,
            text,
        ));
    }
    for (name, text) in nbts {
        let _ = session.add_nbt(SourceFile::new(
            SourceOrigin::Demo(name.clone()),
            &name,
            text,
        ));
    }
    session
}

/// Generated games: the demo (player 1, radar 0, four turns), and the same
/// galaxy seen by its other players.
fn generated_sessions() -> Vec<Session> {
    let mut sessions = vec![session_of(nebutil::gui::demo::files())];
    let (save, _) = nebutil::game::demo::demo_game(3);
    for player in 2..=7 {
        let Some((cr, nbt)) =
            nebutil::game::folder::player_files(&save, nebutil::model::PlayerId(player))
        else {
            continue;
        };
        // Without its NBT too: the worlds placed from their connections only.
        sessions.push(session_of(vec![(format!("p{player}.cr"), cr.clone())]));
        sessions.push(session_of(vec![
            (format!("p{player}.cr"), cr),
            (format!("p{player}.nbt"), nbt),
        ]));
    }
    let demo_crs = nebutil::gui::demo::files()
        .into_iter()
        .filter(|(name, _)| !name.ends_with(".nbt"))
        .collect();
    sessions.push(session_of(demo_crs));
    sessions
}

#[test]
fn a_world_keeps_its_place_when_a_turn_adds_worlds() {
    let session = session_of(nebutil::gui::demo::files());
    let turns = session.turns().len();
    assert!(turns >= 4, "{turns}");
    let layouts: Vec<MapLayout> = (0..turns)
        .map(|i| {
            let k = session.knowledge_at(i);
            MapLayout::build(&k, k.latest_turn().unwrap_or(0))
        })
        .collect();
    let mut compared = 0;
    for pair in layouts.windows(2) {
        let (before, after) = (&pair[0], &pair[1]);
        assert!(after.worlds.len() >= before.worlds.len());
        for w in &before.worlds {
            let later = after.world(w.id).expect("still known");
            if w.approximate && later.approximate {
                assert!(
                    close(w.pos, later.pos),
                    "M_{} moved from {:?} to {:?}",
                    w.id,
                    w.pos,
                    later.pos
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 0, "the demo has worlds without coordinates");

    // By hand: turn 2 names two new worlds around a world of turn 1.
    let t = Torus::new(20, 20);
    let mut first = TurnGraph::default();
    first.worlds.extend([1, 2, 3]);
    first.exact.insert(1, Pos2::new(5.0, 5.0));
    first.link(1, 2);
    first.link(1, 3);
    let mut second = first.clone();
    second.worlds.extend([4, 5]);
    second.link(2, 4);
    second.link(2, 5);
    second.link(3, 4);
    let one = place_turns(&t, std::slice::from_ref(&first));
    let two = place_turns(&t, &[first.clone(), second.clone()]);
    assert!(close(one[&2], two[&2]) && close(one[&3], two[&3]));
    // The new ones near their neighbours.
    assert!(t.distance(two[&4], two[&2]) < 2.0 * APPROX_STEP);
    // Known coordinates win: world 2 localised on turn 3 goes to them.
    let mut third = second.clone();
    third.exact.insert(2, Pos2::new(9.0, 9.0));
    let three = place_turns(&t, &[first, second, third]);
    assert!(close(three[&2], Pos2::new(9.0, 9.0)));
    assert!(close(three[&4], two[&4]) && close(three[&3], two[&3]));
}

#[test]
fn the_layout_is_deterministic_and_keeps_worlds_apart() {
    for session in generated_sessions() {
        let last = session.turns().len() - 1;
        let k = session.knowledge_at(last);
        let a = MapLayout::build(&k, 9);
        let b = MapLayout::build(&session.knowledge_at(last), 9);
        assert_eq!(a.worlds, b.worlds);
        let torus = a.torus.expect("torus");
        for (i, w) in a.worlds.iter().enumerate() {
            if !w.approximate {
                continue;
            }
            for (j, other) in a.worlds.iter().enumerate() {
                if i != j {
                    let d = torus.distance(w.pos, other.pos);
                    assert!(
                        d >= MIN_GAP - 1e-3,
                        "M_{} and M_{} {d} apart",
                        w.id,
                        other.id
                    );
                }
            }
        }
        // Connections to a world without coordinates have similar lengths.
        for link in &a.links {
            let (wa, wb) = (&a.worlds[link.a as usize], &a.worlds[link.b as usize]);
            if wa.approximate || wb.approximate {
                let len = a.link_offset(link).length();
                assert!(len <= 3.5 * APPROX_STEP, "M_{}–M_{}: {len}", wa.id, wb.id);
            }
        }
    }
}

/// Asserts that no two labels or badges overlap, that none covers a world
/// other than its own, and that all are inside the panel.
fn assert_disjoint(frame: &Frame<'_>, annotations: &Annotations) {
    let mut rects: Vec<(Rect, usize, String)> = Vec::new();
    for l in &annotations.labels {
        rects.push((l.rect, l.world, l.text.clone()));
    }
    for b in &annotations.badges {
        if let Some(r) = b.rect {
            let world = frame.layout.badges[b.badge].world as usize;
            rects.push((r, world, b.text.clone()));
        }
    }
    for (i, (a, _, ta)) in rects.iter().enumerate() {
        assert!(frame.clip.contains_rect(*a), "{ta} out of the panel");
        for reserved in &frame.reserved {
            assert!(!reserved.intersects(*a), "{ta} under the legend");
        }
        for (b, _, tb) in &rects[i + 1..] {
            let overlap = a.intersect(*b);
            assert!(
                overlap.width() <= 0.0 || overlap.height() <= 0.0,
                "{ta} {a:?} and {tb} {b:?} overlap"
            );
        }
    }
    for &w in &frame.visible {
        let disc = Rect::from_center_size(frame.screen[w], Vec2::splat(2.0 * frame.radius));
        for (r, own, text) in &rects {
            if *own != w {
                let overlap = disc.intersect(*r);
                assert!(
                    overlap.width() <= 0.0 || overlap.height() <= 0.0,
                    "{text} covers M_{}",
                    frame.layout.worlds[w].id
                );
            }
        }
    }
}

#[test]
fn labels_and_badges_never_overlap_on_generated_galaxies() {
    let style = AnnotationStyle::fixed();
    let mut placed = 0;
    // A map of 1280×800, and the narrow one beside the editor at 1024×700.
    let rects = [
        Rect::from_min_size(Pos2::new(250.0, 40.0), Vec2::new(700.0, 560.0)),
        Rect::from_min_size(Pos2::new(350.0, 80.0), Vec2::new(320.0, 460.0)),
    ];
    for (session, rect) in generated_sessions()
        .into_iter()
        .flat_map(|s| rects.map(|r| (s.clone(), r)))
    {
        let last = session.turns().len() - 1;
        let k = session.knowledge_at(last);
        let layout = MapLayout::build(&k, k.latest_turn().unwrap_or(0));
        let torus = layout.torus.expect("torus");
        let fitted = MapView::fit_points(&torus, rect, layout.home_positions());
        for zoom in [fitted.zoom, 8.0, 20.0, 45.0, 90.0] {
            let view = MapView { zoom, ..fitted };
            let mut frame = Frame::new(&layout, view, rect, rect).expect("frame");
            // The legend's corner.
            frame
                .reserved
                .push(Rect::from_min_size(rect.min, Vec2::new(230.0, 120.0)));
            let highlights = Highlights {
                selected_world: layout.worlds.first().map(|w| w.id),
                ..Highlights::default()
            };
            let annotations = annotate(&frame, &highlights, &style);
            assert_disjoint(&frame, &annotations);
            placed += annotations.labels.len();
            // The rectangles are the texts' sizes (measured without building them).
            for l in &annotations.labels {
                assert!((l.rect.width() - style.label.width(&l.text) - 4.0).abs() < 1e-3);
            }
            for b in &annotations.badges {
                if let Some(r) = b.rect {
                    let w = style.badge.width(&b.text) + style.badge.height * 0.8 + 6.0;
                    assert!((r.width() - w).abs() < 1e-3, "{} {r:?}", b.text);
                }
            }
            // Every badge is accounted for (placed or a mark on its world).
            let in_view = frame
                .visible
                .iter()
                .filter(|&&i| rect.contains(frame.screen[i]))
                .map(|&i| layout.worlds[i].badges.len())
                .sum::<usize>();
            assert_eq!(annotations.badges.len(), in_view);
        }
        // At the first view, the player's own worlds are all labelled.
        let frame = Frame::new(&layout, fitted, rect, rect).expect("frame");
        let annotations = annotate(&frame, &Highlights::default(), &style);
        for (i, w) in layout.worlds.iter().enumerate() {
            if w.owner == OwnerKey::Me && rect.contains(frame.screen[i]) {
                assert!(
                    annotations.labels.iter().any(|l| l.world == i),
                    "M_{} not labelled",
                    w.id
                );
            }
        }
    }
    assert!(placed > 100, "{placed}");
}

#[test]
fn labels_never_overlap_on_a_dense_galaxy() {
    // Every grid point of a 30 × 20 torus is a world, most linked.
    let mut worlds = Vec::new();
    for y in 0..20u32 {
        for x in 0..30u32 {
            let id = y * 30 + x + 1;
            let owner = match id % 5 {
                0 => None,
                1 => Some("Moi"),
                _ => Some("Autre"),
            };
            let right = y * 30 + (x + 1) % 30 + 1;
            let coords = (id % 9 != 0).then_some((x, y));
            worlds.push(world(id, coords, owner, &[right]));
        }
    }
    let view = TurnView {
        game: Some("DENSE".into()),
        turn: Some(1),
        player: Some(PlayerRef {
            name: "Moi".into(),
            number: Some(1),
        }),
        galaxy_size: Some((30, 20)),
        worlds,
        ..TurnView::default()
    };
    let k = Knowledge::from_views([view]).0;
    let layout = MapLayout::build(&k, 1);
    let style = AnnotationStyle::fixed();
    let rect = Rect::from_min_size(Pos2::ZERO, Vec2::new(900.0, 600.0));
    for zoom in [3.0, 15.0, 30.0, 60.0] {
        let view = MapView {
            center: Pos2::new(29.5, 0.5),
            zoom,
        };
        let frame = Frame::new(&layout, view, rect, rect).expect("frame");
        let annotations = annotate(&frame, &Highlights::default(), &style);
        assert_disjoint(&frame, &annotations);
        if zoom >= 60.0 {
            assert!(!annotations.labels.is_empty());
        }
    }
}

/// Twenty-five worlds 4 points apart (zoomed out) crowd one cell of the
/// placement grid: no label is tried for them (none could fit: trying every
/// spot of tens of thousands of such worlds made a frame cost seconds) but the
/// selected world's, which finds room at the cluster's edge; zoomed in, they
/// all get theirs.
#[test]
fn a_crowded_spot_tries_no_label_but_the_selection() {
    let mut worlds = Vec::new();
    for y in 0..5u32 {
        for x in 0..5u32 {
            let id = y * 5 + x + 1;
            worlds.push(world(id, Some((50 + x, 50 + y)), Some("Moi"), &[]));
        }
    }
    let view = TurnView {
        game: Some("FOULE".into()),
        turn: Some(1),
        player: Some(PlayerRef {
            name: "Moi".into(),
            number: Some(1),
        }),
        galaxy_size: Some((100, 100)),
        worlds,
        ..TurnView::default()
    };
    let k = Knowledge::from_views([view]).0;
    let layout = MapLayout::build(&k, 1);
    let style = AnnotationStyle::fixed();
    let rect = Rect::from_min_size(Pos2::ZERO, Vec2::new(700.0, 700.0));
    // The bottom-right world: room for its label below or to the right.
    let selected = 25;
    let out = |zoom: f32, center: f32, selected_world: Option<u32>| {
        let view = MapView {
            center: Pos2::new(center, center),
            zoom,
        };
        let frame = Frame::new(&layout, view, rect, rect).expect("frame");
        let highlights = Highlights {
            selected_world,
            ..Highlights::default()
        };
        let annotations = annotate(&frame, &highlights, &style);
        assert_disjoint(&frame, &annotations);
        annotations
            .labels
            .iter()
            .map(|l| layout.worlds[l.world].id)
            .collect::<Vec<_>>()
    };
    // At 4 points per unit, worlds 50…54 are drawn at 322…338: one cell.
    assert_eq!(out(4.0, 57.0, None), Vec::<u32>::new());
    assert_eq!(out(4.0, 57.0, Some(selected)), vec![selected]);
    assert_eq!(out(60.0, 52.0, None).len(), 25);
}

/// Runs one frame of the map panel alone over `knowledge`, the pointer at
/// `pointer`.
fn map_frame(
    ctx: &egui::Context,
    session: &Session,
    knowledge: &Knowledge,
    state: &mut nebutil::gui::map::MapState,
    pointer: Pos2,
) {
    let proposals = nebutil::gui::editor::quick::ProposalCache::default();
    let input = nebutil::gui::map::MapInput {
        orders: nebutil::gui::editor::quick::OrderInput {
            knowledge,
            revision: (0, 0),
            draft: "",
            cache: &proposals,
        },
        draft: &[],
        draft_line: None,
        threats: &[],
        plans: &[],
        turn: 0,
        uncertain: &[],
    };
    let raw = egui::RawInput {
        screen_rect: Some(Rect::from_min_size(Pos2::ZERO, Vec2::new(1000.0, 700.0))),
        events: vec![egui::Event::PointerMoved(pointer)],
        ..egui::RawInput::default()
    };
    let mut output = ctx.run_ui(raw, |ui| {
        egui::CentralPanel::default().show(ui, |ui| {
            let mut commands = Vec::new();
            let lang = nebutil::i18n::Lang::Fr;
            let mut cx = UiContext::new(lang, session, 0, knowledge, None, &mut commands);
            nebutil::gui::map::map_ui(ui, &mut cx, &input, state);
        });
    });
    output.textures_delta.clear();
}

#[test]
fn a_badge_hovered_while_the_view_changes_does_not_panic() {
    let session = session_of(nebutil::gui::demo::files());
    let last = session.turns().len() - 1;
    let knowledge = session.knowledge_at(last);
    let ctx = egui::Context::default();
    let mut state = nebutil::gui::map::MapState::default();
    state.refresh(&knowledge, 5, (last, 0));
    let far = Pos2::new(5.0, 5.0);
    map_frame(&ctx, &session, &knowledge, &mut state, far);
    map_frame(&ctx, &session, &knowledge, &mut state, far);
    let badges = state.annotations().badges.len();
    assert!(badges > 0);
    let last_badge = state.annotations().badges[badges - 1].clone();
    let pointer = last_badge.hit_rect().center();
    map_frame(&ctx, &session, &knowledge, &mut state, pointer);
    // Zoomed in far from the worlds: no badge in view, the hovered badge's
    // index is gone.
    if let Some(view) = &mut state.view {
        view.zoom = 160.0;
        view.center += Vec2::new(13.0, 13.0);
    }
    map_frame(&ctx, &session, &knowledge, &mut state, pointer);
    assert!(state.annotations().badges.len() < badges);
    map_frame(&ctx, &session, &knowledge, &mut state, pointer);
    // A new layout (another turn) with the pointer still there.
    let earlier = session.knowledge_at(0);
    state.refresh(&earlier, 1, (0, 0));
    map_frame(&ctx, &session, &earlier, &mut state, pointer);
}

/// The labels and badges are placed once for a view: moving the pointer
/// (hover highlights, repaints) reuses them; zooming, selecting or another
/// layout places them again.
#[test]
fn labels_are_placed_once_per_view_not_per_frame() {
    let session = session_of(nebutil::gui::demo::files());
    let last = session.turns().len() - 1;
    let knowledge = session.knowledge_at(last);
    let ctx = egui::Context::default();
    let mut state = nebutil::gui::map::MapState::default();
    state.refresh(&knowledge, 5, (last, 0));
    map_frame(&ctx, &session, &knowledge, &mut state, Pos2::new(5.0, 5.0));
    map_frame(&ctx, &session, &knowledge, &mut state, Pos2::new(5.0, 5.0));
    let placed = state.annotation_passes();
    let labels = state.annotations().labels.len();
    assert!(labels > 0);
    for i in 0..20 {
        let pointer = Pos2::new(100.0 + 30.0 * i as f32, 200.0 + 10.0 * i as f32);
        map_frame(&ctx, &session, &knowledge, &mut state, pointer);
    }
    assert_eq!(state.annotation_passes(), placed);
    assert_eq!(state.annotations().labels.len(), labels);
    if let Some(view) = &mut state.view {
        view.zoom *= 2.0;
    }
    map_frame(&ctx, &session, &knowledge, &mut state, Pos2::new(5.0, 5.0));
    assert_eq!(state.annotation_passes(), placed + 1);
    let earlier = session.knowledge_at(0);
    state.refresh(&earlier, 1, (0, 0));
    map_frame(&ctx, &session, &earlier, &mut state, Pos2::new(5.0, 5.0));
    assert_eq!(state.annotation_passes(), placed + 2);
}

// ----- the map in the app -----

fn app() -> Harness<'static, NebutilApp> {
    let data = fresh_dir("data");
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .build_eframe(move |_cc| {
            NebutilApp::with_settings(Settings::default(), orion()).with_data_dir(Some(data))
        });
    harness.run();
    harness
}

fn click_at(harness: &mut Harness<'static, NebutilApp>, pos: Pos2, button: egui::PointerButton) {
    harness.hover_at(pos);
    harness.run();
    for pressed in [true, false] {
        harness.event(egui::Event::PointerButton {
            pos,
            button,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
        harness.step();
    }
    harness.run();
}

#[test]
fn the_demo_opens_on_the_map() {
    let harness = app();
    harness.get_by_label("Carte de la galaxie");
    // The legend: the player's colour first.
    harness.get_by_label_contains("Maxtor (vous)");
    assert!(harness.state().map().shown);
    let layout = harness.state().map().layout();
    // The demo's worlds with coordinates and those only named in connection lists.
    let w48 = layout.world(48).expect("M_48 on the map");
    assert!(!w48.approximate);
    assert!(layout.world(304).is_some_and(|w| w.approximate));
    assert!(layout.world(65).is_some_and(|w| w.black_hole));
    // Players seen by their fleets only are in the legend too.
    let miria = layout
        .legend
        .iter()
        .find(|e| e.owner == OwnerKey::Player("Miria".into()))
        .expect("Miria in the legend");
    assert_eq!(miria.worlds, 0);
    assert!(miria.fleets >= 1);
}

#[test]
fn the_first_view_shows_the_players_worlds_and_ctrl_h_comes_back_to_it() {
    let mut harness = app();
    let first = harness.state().map().view.expect("view");
    {
        let map = harness.state().map();
        let layout = map.layout();
        // Every world of the player is drawn in the map's panel.
        for w in layout.worlds.iter().filter(|w| w.owner == OwnerKey::Me) {
            let s = map.world_screen_pos(w.id).expect("drawn");
            let canvas = harness.get_by_label("Carte de la galaxie").rect();
            assert!(canvas.contains(s), "M_{} at {s:?} out of {canvas:?}", w.id);
        }
    }
    // Zoom and pan away, then Ctrl+H.
    for _ in 0..3 {
        harness.get_by_label("+").click();
        harness.run();
    }
    harness.get_by_label("Tout").click();
    harness.run();
    assert!(harness.state().map().view.expect("view").zoom < first.zoom);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::H);
    harness.run();
    let back = harness.state().map().view.expect("view");
    assert!((back.zoom - first.zoom).abs() < 1e-3, "{back:?} {first:?}");
    assert!(close(back.center, first.center), "{back:?} {first:?}");
    // "Ajuster" too.
    harness.get_by_label("Tout").click();
    harness.run();
    harness.get_by_label("Ajuster").click();
    harness.run();
    let again = harness.state().map().view.expect("view");
    assert!((again.zoom - first.zoom).abs() < 1e-3);
}

#[test]
fn clicking_a_world_on_the_map_selects_it() {
    let mut harness = app();
    let pos = harness
        .state()
        .map()
        .world_screen_pos(123)
        .expect("M_123 drawn");
    click_at(&mut harness, pos, egui::PointerButton::Primary);
    assert_eq!(harness.state().selection(), Some(Selection::World(123)));
    // The inspector beside the map shows its CR line.
    harness.get_by_label_contains("M_123 (127,77,410) \"Maxtor\"!");
}

/// Clicks the badge holding fleet `id` until the fleet is selected (each click
/// selects the badge's next fleet); returns the badge's position.
fn select_fleet(harness: &mut Harness<'static, NebutilApp>, id: u32) -> Pos2 {
    let pos = harness
        .state()
        .map()
        .fleet_screen_pos(id)
        .unwrap_or_else(|| panic!("F_{id} drawn"));
    let mut seen = Vec::new();
    for _ in 0..12 {
        click_at(harness, pos, egui::PointerButton::Primary);
        match harness.state().selection() {
            Some(Selection::Fleet(f)) if f == id => return pos,
            Some(Selection::Fleet(f)) => seen.push(f),
            other => panic!("{other:?}"),
        }
    }
    panic!("F_{id} never selected: {seen:?}");
}

#[test]
fn clicking_a_fleet_badge_selects_its_fleets_in_turn() {
    let mut harness = app();
    let pos = harness
        .state()
        .map()
        .fleet_screen_pos(57)
        .expect("F_57 drawn");
    click_at(&mut harness, pos, egui::PointerButton::Primary);
    let Some(Selection::Fleet(first)) = harness.state().selection() else {
        panic!("{:?}", harness.state().selection());
    };
    // The badge's fleets, one per click, then the first again.
    let layout = harness.state().map().layout();
    let b = layout.badge_of(57).expect("badge");
    let fleets: Vec<u32> = layout.fleets[layout.badges[b].fleets.range()].to_vec();
    assert!(fleets.contains(&57) && fleets[0] == first, "{fleets:?}");
    for k in 1..=fleets.len() {
        click_at(&mut harness, pos, egui::PointerButton::Primary);
        assert_eq!(
            harness.state().selection(),
            Some(Selection::Fleet(fleets[k % fleets.len()]))
        );
    }
    select_fleet(&mut harness, 57);
}

#[test]
fn hovering_a_badge_lists_its_fleets_with_their_cr_lines() {
    let mut harness = app();
    let pos = harness
        .state()
        .map()
        .fleet_screen_pos(57)
        .expect("F_57 drawn");
    harness.hover_at(pos);
    harness.run();
    let layout = harness.state().map().layout();
    let badge = &layout.badges[layout.badge_of(57).expect("badge")];
    let count = badge.fleets.len();
    let fleets: Vec<u32> = layout.fleets[badge.fleets.range()].to_vec();
    let word = if count == 1 { "flotte" } else { "flottes" };
    harness.get_by_label_contains(&format!("{count} {word}"));
    for id in fleets.iter().take(6) {
        harness.get_by_label(&format!("F_{id}"));
    }
}

#[test]
fn a_badge_counts_an_owners_fleets_and_ships_and_covers_no_world() {
    let harness = app();
    let map = harness.state().map();
    let layout = map.layout();
    let annotations = map.annotations();
    let knowledge = harness.state().knowledge();
    let me = knowledge.player.as_ref().map(|p| p.name.as_str());
    assert!(!annotations.badges.is_empty());
    for placed in &annotations.badges {
        let badge = &layout.badges[placed.badge];
        let fleets: Vec<_> = layout.fleets[badge.fleets.range()]
            .iter()
            .map(|&id| knowledge.fleet(id).expect("a known fleet"))
            .collect();
        for f in &fleets {
            let world = f.world.as_ref().map(|w| w.value);
            assert_eq!(world, Some(layout.worlds[badge.world as usize].id));
            let owner = f.owner.as_ref().map(|o| &*o.value);
            let key = match owner {
                None => OwnerKey::Unknown,
                Some(name) if Some(name) == me => OwnerKey::Me,
                Some(name) => OwnerKey::Player(name.into()),
            };
            assert_eq!(key, badge.owner);
        }
        let ships: Option<u32> = fleets
            .iter()
            .map(|f| {
                f.total.as_ref().map(|t| t.value).or_else(|| {
                    let vt = f.vt.as_ref().map_or(0, |v| v.value);
                    Some(f.vc.as_ref()?.value + vt)
                })
            })
            .sum();
        assert_eq!(badge.ships, ships);
        // Drawn in full: "nF sV"; a mark has no text.
        if placed.rect.is_some() {
            let expected = format!("{}F {}V", fleets.len(), ships.unwrap_or_default());
            assert!(
                placed.text == expected || placed.text.starts_with(&format!("{}F ?", fleets.len())),
                "{} vs {expected}",
                placed.text
            );
        } else {
            assert!(placed.text.is_empty());
        }
        // One badge per owner and world.
        let same = annotations
            .badges
            .iter()
            .filter(|p| {
                let o = &layout.badges[p.badge];
                o.world == badge.world && o.owner == badge.owner
            })
            .count();
        assert_eq!(same, 1);
    }
    // No badge drawn over a world other than its own.
    for placed in &annotations.badges {
        let Some(rect) = placed.rect else { continue };
        let own = layout.worlds[layout.badges[placed.badge].world as usize].id;
        for w in &layout.worlds {
            if w.id != own
                && let Some(s) = map.world_screen_pos(w.id)
            {
                assert!(!rect.contains(s), "badge {} over M_{}", placed.text, w.id);
            }
        }
    }
}

#[test]
fn hovering_a_world_shows_its_cr_line() {
    let mut harness = app();
    let pos = harness
        .state()
        .map()
        .world_screen_pos(287)
        .expect("M_287 drawn");
    harness.hover_at(pos);
    harness.run();
    harness.get_by_label_contains("M_287 (127,99) \"Maxtor:4\"");
}

#[test]
fn a_right_click_menu_appends_a_move_order_to_the_draft() {
    let mut harness = app();
    // A right click on a badge opens the menu of its selected fleet.
    let pos = select_fleet(&mut harness, 301);
    click_at(&mut harness, pos, egui::PointerButton::Secondary);
    // The inspector beside the map shows the selected fleet's order menus too:
    // the context menu's are the last ones.
    harness
        .get_all_by_label("Déplacer vers")
        .last()
        .expect("the menu's entry")
        .hover();
    harness.run();
    harness
        .get_all_by_label("M_48  F_301 MM 48")
        .last()
        .expect("the menu's entry")
        .click();
    harness.run();
    assert!(
        harness.state().editor().text.contains("F_301 MM 48"),
        "{}",
        harness.state().editor().text
    );
}

#[test]
fn the_map_can_give_the_central_panel_back_to_the_inspector() {
    let mut harness = app();
    harness.get_by_label("Affichage").click();
    harness.run();
    harness.get_by_label("Carte").click();
    harness.run();
    assert!(!harness.state().map().shown);
    assert!(harness.query_by_label("Carte de la galaxie").is_none());
}

#[test]
fn a_route_clicked_on_the_map_becomes_a_move_order() {
    let mut harness = app();
    let fleet = select_fleet(&mut harness, 301);
    click_at(&mut harness, fleet, egui::PointerButton::Secondary);
    harness
        .get_by_label("Tracer une route (cliquez les mondes)…")
        .click();
    harness.run();
    assert!(harness.state().map().route.is_some());
    for world in [48, 256] {
        let pos = harness
            .state()
            .map()
            .world_screen_pos(world)
            .expect("drawn");
        click_at(&mut harness, pos, egui::PointerButton::Primary);
    }
    // Clicking worlds while drawing a route does not select them.
    assert_eq!(harness.state().selection(), Some(Selection::Fleet(301)));
    harness.get_by_label("Ajouter l'ordre").click();
    harness.run();
    assert!(harness.state().map().route.is_none());
    assert!(
        harness.state().editor().text.contains("F_301 MM 48 256"),
        "{}",
        harness.state().editor().text
    );
}

#[test]
fn a_world_selected_in_the_list_out_of_view_is_brought_into_view() {
    let mut harness = app();
    // Zoom in far: M_99 leaves the view.
    for _ in 0..5 {
        harness.get_by_label("+").click();
        harness.run();
    }
    let zoomed = harness.state().map().view.expect("view").zoom;
    assert!(zoomed > 60.0, "{zoomed}");
    harness.get_by_label("M_99").click();
    harness.run();
    assert_eq!(harness.state().selection(), Some(Selection::World(99)));
    let view = harness.state().map().view.expect("view");
    let layout = harness.state().map().layout();
    let torus = layout.torus.expect("torus");
    assert!(torus.distance(view.center, layout.world(99).expect("M_99").pos) < 1e-3);
}

#[test]
fn the_map_menu_shows_a_construction_it_cannot_take_disabled_with_its_reason() {
    let mut harness = app();
    // M_99 has no industry: nothing can be built there.
    let pos = harness
        .state()
        .map()
        .world_screen_pos(99)
        .expect("M_99 drawn");
    click_at(&mut harness, pos, egui::PointerButton::Secondary);
    harness.get_by_label("Construire").hover();
    harness.run();
    let vi = harness.get_by_label_contains("M_99 C 1 VI");
    assert!(vi.accesskit_node().is_disabled(), "VI is not disabled");
    vi.hover();
    harness.run();
    harness.get_by_label_contains("Désactivé : M_99 n'a aucune industrie active");
    // A click on it adds nothing.
    harness.get_by_label_contains("M_99 C 1 VI").click();
    harness.run();
    assert!(
        !harness.state().editor().text.contains("M_99"),
        "{}",
        harness.state().editor().text
    );
}

#[test]
fn send_a_fleet_here_appends_the_route_to_the_draft() {
    let mut harness = app();
    // M_256 is neutral; F_301 is on M_127: 127 -> 48 -> 256.
    let pos = harness
        .state()
        .map()
        .world_screen_pos(256)
        .expect("M_256 drawn");
    click_at(&mut harness, pos, egui::PointerButton::Secondary);
    harness.get_by_label("Envoyer une flotte ici").hover();
    harness.run();
    // F_188 is there already: disabled.
    let here = harness.get_by_label_contains("F_188 (sur M_256)");
    assert!(here.accesskit_node().is_disabled());
    harness
        .get_by_label_contains("F_301 (sur M_127, 2 sauts)")
        .click();
    harness.run();
    assert!(
        harness.state().editor().text.contains("F_301 MM 48 256"),
        "{}",
        harness.state().editor().text
    );
}

/// The draft on the map: every order with a place is drawn as the player types
/// (a move along its route with its steps against DEP, fire on its target, a
/// construction, a transfer, a gift), an order with an error flagged; a click
/// on a drawn route selects its line in the editor, whose cursor line is the
/// order highlighted.
#[test]
fn the_draft_is_drawn_on_the_map_and_a_drawn_order_selects_its_line() {
    use nebutil::orders::place::Mark;
    let mut harness = app();
    for line in [
        "M_48 C 1 VC F_57",
        "F_57 MM 304",
        "F_57 * F_11",
        "F_57 T 1 VC VI",
        "F_11 MM 304",
        "F_57 C : \"Miria\"",
    ] {
        harness.state_mut().send(Command::AppendOrder(line.into()));
    }
    harness.run();
    let marks = harness.state().draft_marks().to_vec();
    let line_of = |line: u32| {
        marks
            .iter()
            .find(|p| p.line == line)
            .unwrap_or_else(|| panic!("line {line} drawn: {marks:?}"))
    };
    assert_eq!(line_of(1).mark, Mark::At { world: 48 });
    assert!(matches!(
        &line_of(2).mark,
        Mark::Move { fleet: 57, from: 48, route, .. } if route == &vec![304]
    ));
    assert!(matches!(line_of(3).mark, Mark::Fire { at: 48, .. }));
    assert_eq!(line_of(4).mark, Mark::At { world: 48 });
    // F_11 is TAPIMOKET's: drawn in the error colour.
    assert!(line_of(5).error);
    assert!(!line_of(2).error);
    assert_eq!(line_of(6).mark, Mark::Gift { at: 48 });
    // Typing changes the drawing: the move goes further.
    harness
        .state_mut()
        .send(Command::AppendOrder("F_57 MM 127".into()));
    harness.run();
    assert!(
        harness
            .state()
            .draft_marks()
            .iter()
            .any(|p| p.line == 7
                && matches!(&p.mark, Mark::Move { route, .. } if route == &vec![127]))
    );
    // A click in the middle of the drawn move 48 → 304 selects line 2.
    let a = harness
        .state()
        .map()
        .world_screen_pos(48)
        .expect("M_48 drawn");
    let b = harness
        .state()
        .map()
        .world_screen_pos(304)
        .expect("M_304 drawn");
    let middle = a + (b - a) * 0.5;
    click_at(&mut harness, middle, egui::PointerButton::Primary);
    harness.run();
    assert_eq!(harness.state().editor().cursor_line(&harness.ctx), Some(2));
}

#[test]
fn the_threat_next_turn_is_a_map_layer_and_a_sortable_tab() {
    use egui_kittest::kittest::Queryable;
    let mut harness = crate::support::app::app_with(|cc| {
        nebutil::gui::NebutilApp::new(cc, crate::support::orion::orion())
    });
    let threats = harness.state().threats().to_vec();
    assert!(!threats.is_empty());
    // Off by default; F7 shows it.
    assert!(!harness.state().map().threats_shown);
    harness.key_press(egui::Key::F7);
    harness.run();
    assert!(harness.state().map().threats_shown);
    // The tab, its rows; a header sorts, a fleet clicked is selected.
    harness.state_mut().send(nebutil::gui::Command::ShowThreats);
    harness.run();
    harness.get_by_label_contains("Les flottes d'autres joueurs");
    harness.get_by_label("Vaisseaux").click();
    harness.run();
    let strongest = threats
        .iter()
        .max_by_key(|t| (t.ships.unwrap_or(0), std::cmp::Reverse((t.world, t.fleet))))
        .map(|t| t.fleet)
        .expect("a threat");
    harness
        .get_all_by_label(&format!("F_{strongest}"))
        .next()
        .expect("its row")
        .click();
    harness.run();
    assert_eq!(
        harness.state().selection(),
        Some(nebutil::gui::Selection::Fleet(strongest))
    );
}
