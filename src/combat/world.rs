//! Fire on a world (VII.1.1, catalog §4.10): its protection ships (VP, VI), its
//! populations and its industries, in layers.

use crate::rules::Ruleset;

use super::{DestroyComputation, destroyed, largest_remainder};

/// A world taking fire, as counted at the start of the step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorldTarget {
    pub vi: u32,
    pub vp: u32,
    /// CDef of the VI and VP: the world owner's VC CDef (no cargo factor).
    pub protection_cdef: u32,
    /// CDef of populations, robots and industries (the ruleset's
    /// `policies.population_cdef`, G-66: 100, one per hit).
    pub population_cdef: u32,
    pub non_converts: u64,
    /// Converts by missionary (the caller's order, kept in the results).
    pub converts: Vec<u64>,
    pub robots: u64,
    pub industries: u64,
}

impl WorldTarget {
    /// A world whose owner has DEF `def_level` (VI and VP defend with its CDef).
    pub fn new(rules: &Ruleset, def_level: u32) -> WorldTarget {
        WorldTarget {
            vi: 0,
            vp: 0,
            protection_cdef: rules.cdef(def_level),
            population_cdef: rules.policies.population_cdef,
            non_converts: 0,
            converts: Vec::new(),
            robots: 0,
            industries: 0,
        }
    }

    /// All populations: non-converts, converts and robots.
    pub fn population(&self) -> u64 {
        self.converts
            .iter()
            .fold(self.non_converts.saturating_add(self.robots), |sum, &c| {
                sum.saturating_add(c)
            })
    }

    fn no_losses(&self) -> WorldLosses {
        WorldLosses {
            vi: 0,
            vp: 0,
            non_converts: 0,
            converts: vec![0; self.converts.len()],
            robots: 0,
            industries: 0,
        }
    }
}

/// What a fire order aims at on a world.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorldAim {
    /// `F_f * P`: the VP first, then the populations (N, C and R alike).
    Population,
    /// `F_f * I`: the VI first, then the industries.
    Industries,
    /// `F_f * M`: the VI and VP only.
    Protection,
    /// `VP M_m * N`: the world's non-converts.
    NonConverts,
    /// `VP M_m * C`: the world's converts.
    Converts,
}

/// One layer of a world hit by a shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayerKind {
    Vp,
    Vi,
    Population,
    Industries,
}

/// The damage one shot does to one layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayerDamage {
    pub layer: LayerKind,
    pub present: u64,
    pub lost: u64,
}

/// What a world loses (to one shot, or to a whole volley).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorldLosses {
    pub vi: u64,
    pub vp: u64,
    pub non_converts: u64,
    /// Converts lost by missionary, in the order of [`WorldTarget::converts`].
    pub converts: Vec<u64>,
    pub robots: u64,
    pub industries: u64,
}

impl WorldLosses {
    /// Populations lost (N, C and R).
    pub fn population(&self) -> u64 {
        self.converts
            .iter()
            .fold(self.non_converts.saturating_add(self.robots), |sum, &c| {
                sum.saturating_add(c)
            })
    }

    /// Adds `other` to these losses.
    pub(crate) fn add(&mut self, other: &WorldLosses) {
        self.vi = self.vi.saturating_add(other.vi);
        self.vp = self.vp.saturating_add(other.vp);
        self.non_converts = self.non_converts.saturating_add(other.non_converts);
        self.robots = self.robots.saturating_add(other.robots);
        self.industries = self.industries.saturating_add(other.industries);
        for (mine, theirs) in self.converts.iter_mut().zip(&other.converts) {
            *mine = mine.saturating_add(*theirs);
        }
    }

    /// Caps every loss at what `target` holds.
    pub(crate) fn cap(&mut self, target: &WorldTarget) {
        self.vi = self.vi.min(u64::from(target.vi));
        self.vp = self.vp.min(u64::from(target.vp));
        self.non_converts = self.non_converts.min(target.non_converts);
        self.robots = self.robots.min(target.robots);
        self.industries = self.industries.min(target.industries);
        for (mine, &there) in self.converts.iter_mut().zip(&target.converts) {
            *mine = (*mine).min(there);
        }
    }
}

/// The result of one shot on a world.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorldShot {
    /// `Nd`, computed with the CD of the first non-empty layer.
    pub destroy: DestroyComputation,
    /// The layers hit, in order.
    pub layers: Vec<LayerDamage>,
    pub losses: WorldLosses,
}

/// Splits `count` populations lost among N, each missionary's C and R, pro rata of
/// their numbers (largest remainder).
fn kill_population(target: &WorldTarget, count: u64, losses: &mut WorldLosses) {
    let mut groups = Vec::with_capacity(target.converts.len() + 2);
    groups.push(target.non_converts);
    groups.push(target.robots);
    groups.extend_from_slice(&target.converts);
    let shares = largest_remainder(count, &groups);
    let mut shares = shares.into_iter();
    losses.non_converts = shares.next().unwrap_or(0);
    losses.robots = shares.next().unwrap_or(0);
    for (lost, share) in losses.converts.iter_mut().zip(shares) {
        *lost = share;
    }
}

/// Splits `nd` (at most `vi + vp`) between the VI and the VP pro rata, floors first, the
/// remainder to the larger group (VI on a tie), spilling onto the other when full.
fn split_protection(nd: u64, vi: u64, vp: u64) -> (u64, u64) {
    let total = u128::from(vi) + u128::from(vp);
    if total == 0 {
        return (0, 0);
    }
    let nd128 = u128::from(nd).min(total);
    let vi_floor = u64::try_from(nd128 * u128::from(vi) / total).unwrap_or(vi);
    let vp_floor = u64::try_from(nd128 * u128::from(vp) / total).unwrap_or(vp);
    let nd = u64::try_from(nd128).unwrap_or(nd);
    let rest = nd.saturating_sub(vi_floor).saturating_sub(vp_floor);
    let (mut vi_lost, mut vp_lost) = (vi_floor, vp_floor);
    if vi >= vp {
        let more = rest.min(vi - vi_lost);
        vi_lost += more;
        vp_lost += (rest - more).min(vp - vp_lost);
    } else {
        let more = rest.min(vp - vp_lost);
        vp_lost += more;
        vi_lost += (rest - more).min(vi - vi_lost);
    }
    (vi_lost, vp_lost)
}

/// `n` hits on `target` aimed at `aim`.
///
/// Ruling G-67 (VII.1.1): `Nd` is computed with the CD of the first non-empty layer (VP before
/// populations for `* P`, VI before industries for `* I`), that layer dies first and the rest
/// of `Nd` spills one for one onto the next layer; `* M` splits `Nd` between VI and VP pro
/// rata (the remainder to the larger group, VI on a tie).
///
/// Ruling G-68 (VII.1.3): `VP M_m * N` may kill the owner's own non-converts, and
/// `VP M_m * C` kills the converts of every missionary on the world, pro rata of their numbers.
pub fn fire_on_world(n: u128, target: &WorldTarget, aim: WorldAim) -> WorldShot {
    match aim {
        WorldAim::Population | WorldAim::Industries => fire_through_guards(n, target, aim),
        WorldAim::Protection => fire_on_protections(n, target),
        WorldAim::NonConverts => fire_on_non_converts(n, target),
        WorldAim::Converts => fire_on_converts(n, target),
    }
}

/// `* P` or `* I`: the VP (for `P`) or the VI (for `I`) first, with their CD when
/// there are any, the rest of `Nd` onto the populations or the industries.
fn fire_through_guards(n: u128, target: &WorldTarget, aim: WorldAim) -> WorldShot {
    let mut losses = target.no_losses();
    let mut layers = Vec::new();
    let (guard_kind, guard, rest_kind, rest) = if aim == WorldAim::Population {
        (
            LayerKind::Vp,
            u64::from(target.vp),
            LayerKind::Population,
            target.population(),
        )
    } else {
        (
            LayerKind::Vi,
            u64::from(target.vi),
            LayerKind::Industries,
            target.industries,
        )
    };
    let cd = if guard > 0 {
        target.protection_cdef
    } else {
        target.population_cdef
    };
    let destroy = destroyed(n, u128::from(cd), 1, guard.saturating_add(rest));
    let guard_lost = destroy.nd.min(guard);
    let rest_lost = (destroy.nd - guard_lost).min(rest);
    if guard > 0 {
        layers.push(LayerDamage {
            layer: guard_kind,
            present: guard,
            lost: guard_lost,
        });
    }
    if rest > 0 && (guard == 0 || rest_lost > 0) {
        layers.push(LayerDamage {
            layer: rest_kind,
            present: rest,
            lost: rest_lost,
        });
    }
    if aim == WorldAim::Population {
        losses.vp = guard_lost;
        kill_population(target, rest_lost, &mut losses);
    } else {
        losses.vi = guard_lost;
        losses.industries = rest_lost;
    }
    WorldShot {
        destroy,
        layers,
        losses,
    }
}

/// `* M`: `Nd` split between the VI and the VP.
fn fire_on_protections(n: u128, target: &WorldTarget) -> WorldShot {
    let mut losses = target.no_losses();
    let mut layers = Vec::new();
    let vi = u64::from(target.vi);
    let vp = u64::from(target.vp);
    let destroy = destroyed(
        n,
        u128::from(target.protection_cdef),
        1,
        vi.saturating_add(vp),
    );
    let (vi_lost, vp_lost) = split_protection(destroy.nd, vi, vp);
    losses.vi = vi_lost;
    losses.vp = vp_lost;
    for (layer, present, lost) in [
        (LayerKind::Vi, vi, losses.vi),
        (LayerKind::Vp, vp, losses.vp),
    ] {
        if present > 0 {
            layers.push(LayerDamage {
                layer,
                present,
                lost,
            });
        }
    }
    WorldShot {
        destroy,
        layers,
        losses,
    }
}

/// `VP M_m * N`: the non-converts.
fn fire_on_non_converts(n: u128, target: &WorldTarget) -> WorldShot {
    let mut losses = target.no_losses();
    let mut layers = Vec::new();
    let destroy = destroyed(
        n,
        u128::from(target.population_cdef),
        1,
        target.non_converts,
    );
    losses.non_converts = destroy.nd;
    if target.non_converts > 0 {
        layers.push(LayerDamage {
            layer: LayerKind::Population,
            present: target.non_converts,
            lost: destroy.nd,
        });
    }
    WorldShot {
        destroy,
        layers,
        losses,
    }
}

/// `VP M_m * C`: the converts of every missionary, pro rata of their numbers.
fn fire_on_converts(n: u128, target: &WorldTarget) -> WorldShot {
    let mut losses = target.no_losses();
    let mut layers = Vec::new();
    let present = target
        .converts
        .iter()
        .fold(0u64, |sum, &c| sum.saturating_add(c));
    let destroy = destroyed(n, u128::from(target.population_cdef), 1, present);
    let shares = largest_remainder(destroy.nd, &target.converts);
    for (lost, share) in losses.converts.iter_mut().zip(shares) {
        *lost = share;
    }
    if present > 0 {
        layers.push(LayerDamage {
            layer: LayerKind::Population,
            present,
            lost: destroy.nd,
        });
    }
    WorldShot {
        destroy,
        layers,
        losses,
    }
}
