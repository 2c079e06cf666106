//! Fire on a fleet: its defence coefficient (VII.1.2 step 2), which ships die (VC
//! first) and the cargo lost with them.

use crate::model::Cargo;
use crate::rules::{Ratio, Ruleset};

use super::{gcd128, largest_remainder, ratio128};

/// The kinds of cargo a fleet carries (III.5), in the order of [`FleetTarget::cargo`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CargoKind {
    Mp,
    N,
    C,
    R,
}

impl CargoKind {
    pub const ALL: [CargoKind; 4] = [CargoKind::Mp, CargoKind::N, CargoKind::C, CargoKind::R];

    /// Index of this kind in a cargo array.
    pub fn index(self) -> usize {
        match self {
            CargoKind::Mp => 0,
            CargoKind::N => 1,
            CargoKind::C => 2,
            CargoKind::R => 3,
        }
    }
}

/// A fleet taking fire, as counted at the start of the step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FleetTarget {
    pub vc: u32,
    pub vt: u32,
    /// CDef of the VC (`CDC`, from the owner's DEF level).
    pub cdc: u32,
    /// CDef of the VT (`CDT`, 70 in the book).
    pub cdt: u32,
    /// Cargo one VC holds (1).
    pub vc_capacity: u32,
    /// Cargo one VT holds (the owner's CAR level).
    pub vt_capacity: u32,
    /// Cargo by kind, indexed by [`CargoKind::index`].
    pub cargo: [u64; 4],
    /// The fleet leaves this world this turn (VII.1.6): CD divided by `flight_divisor`.
    pub fleeing: bool,
    pub flight_divisor: u32,
}

impl FleetTarget {
    /// A fleet of an owner at DEF `def_level` and CAR `car_level`, not fleeing.
    pub fn new(
        rules: &Ruleset,
        def_level: u32,
        car_level: u32,
        vc: u32,
        vt: u32,
        cargo: &Cargo,
    ) -> FleetTarget {
        FleetTarget {
            vc,
            vt,
            cdc: rules.cdef(def_level),
            cdt: rules.vt_cdef(),
            vc_capacity: rules.combat.vc_cargo,
            vt_capacity: car_level,
            cargo: [
                u64::from(cargo.mp),
                u64::from(cargo.n),
                u64::from(cargo.c),
                u64::from(cargo.r),
            ],
            fleeing: false,
            flight_divisor: rules.combat.flight_divisor.max(1),
        }
    }

    /// The same fleet, fleeing (or not) the world where it is fired upon.
    pub fn with_fleeing(self, fleeing: bool) -> FleetTarget {
        FleetTarget { fleeing, ..self }
    }

    /// VC + VT.
    pub fn ships(&self) -> u64 {
        u64::from(self.vc) + u64::from(self.vt)
    }

    /// Total cargo `C`.
    pub fn cargo_total(&self) -> u64 {
        self.cargo
            .iter()
            .fold(0u64, |sum, &c| sum.saturating_add(c))
    }

    /// Capacity `Cm` with `vc` VC and `vt` VT.
    pub fn capacity_with(&self, vc: u32, vt: u32) -> u64 {
        (u64::from(vc) * u64::from(self.vc_capacity))
            .saturating_add(u64::from(vt) * u64::from(self.vt_capacity))
    }

    /// Capacity `Cm` of the whole fleet.
    pub fn capacity(&self) -> u64 {
        self.capacity_with(self.vc, self.vt)
    }
}

/// Step 2 of VII.1.2, with its numbers:
/// `CD = weighted / ships · (1 + cargo / capacity) / divisor = cd_num / cd_den` (percent).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DefenceComputation {
    pub vc: u32,
    pub vt: u32,
    pub cdc: u32,
    pub cdt: u32,
    /// `Nc·CDC + Nt·CDT`.
    pub weighted: u128,
    /// `Nc + Nt`.
    pub ships: u128,
    /// `C` (counted only up to the capacity: `C ≤ Cm`).
    pub cargo: u128,
    /// `Cm`.
    pub capacity: u128,
    /// 1, or the flight divisor (2) when fleeing.
    pub divisor: u128,
    pub cd_num: u128,
    pub cd_den: u128,
}

impl DefenceComputation {
    /// `(Nc·CDC + Nt·CDT) / (Nc + Nt)`.
    pub fn base(&self) -> Option<Ratio> {
        ratio128(self.weighted, self.ships)
    }

    /// `1 + C / Cm` (1 for a fleet that can carry nothing).
    pub fn cargo_factor(&self) -> Option<Ratio> {
        if self.capacity == 0 {
            Some(Ratio::ONE)
        } else {
            ratio128(self.capacity + self.cargo, self.capacity)
        }
    }

    /// `CD` in percent, exact.
    pub fn cd(&self) -> Option<Ratio> {
        ratio128(self.cd_num, self.cd_den)
    }

    /// The formula with its numbers, e.g.
    /// `CD = (4×100 + 13×70)/17 × (1 + 12/30) = 107.882…` (`/ 2` when fleeing);
    /// `CD = 0` for a fleet without ships.
    pub fn formula(&self) -> String {
        // No ship: no average to take (never a division by zero).
        if self.ships == 0 {
            return "CD = 0".to_string();
        }
        let mut text = format!(
            "CD = {}/{}",
            super::weighted_text(self.vc, self.cdc, self.vt, self.cdt),
            self.ships
        );
        if self.capacity > 0 {
            text.push_str(&format!(" × (1 + {}/{})", self.cargo, self.capacity));
        }
        if self.divisor > 1 {
            text.push_str(&format!(" / {}", self.divisor));
        }
        text.push_str(" = ");
        text.push_str(&super::decimal_text(self.cd_num, self.cd_den));
        text
    }

    /// `CD / 100`, the book's `1.078…` (its `percent_text` is `107.882`).
    pub fn cd_fraction(&self) -> Option<Ratio> {
        ratio128(self.cd_num, self.cd_den.checked_mul(100)?)
    }
}

/// Defence coefficient `CD` of a fleet (step 2 of VII.1.2), halved when it flees.
pub fn fleet_cd(target: &FleetTarget) -> DefenceComputation {
    let weighted = u128::from(target.vc) * u128::from(target.cdc)
        + u128::from(target.vt) * u128::from(target.cdt);
    let ships = u128::from(target.ships());
    let capacity = u128::from(target.capacity());
    let cargo = u128::from(target.cargo_total()).min(capacity);
    let divisor = if target.fleeing {
        u128::from(target.flight_divisor.max(1))
    } else {
        1
    };
    let (cd_num, cd_den) = if ships == 0 {
        (0, 1)
    } else {
        // CD = (weighted / (ships · divisor)) · ((capacity + cargo) / capacity), each
        // fraction reduced first and then cross-reduced, so the products stay small.
        let (mut a, mut b) = reduce(weighted, ships * divisor);
        let (mut c, mut d) = if capacity == 0 {
            (1, 1)
        } else {
            reduce(capacity + cargo, capacity)
        };
        (a, d) = reduce(a, d);
        (c, b) = reduce(c, b);
        (a.saturating_mul(c), b.saturating_mul(d))
    };
    DefenceComputation {
        vc: target.vc,
        vt: target.vt,
        cdc: target.cdc,
        cdt: target.cdt,
        weighted,
        ships,
        cargo,
        capacity,
        divisor,
        cd_num,
        cd_den,
    }
}

fn reduce(num: u128, den: u128) -> (u128, u128) {
    let g = gcd128(num, den).max(1);
    (num / g, den / g)
}

/// What a fleet loses to `nd` destroyed ships.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FleetLosses {
    pub vc_lost: u32,
    pub vt_lost: u32,
    pub vc_left: u32,
    pub vt_left: u32,
    /// Capacity of the ships left.
    pub capacity_left: u64,
    /// Cargo lost by kind ([`CargoKind::index`]).
    pub cargo_lost: [u64; 4],
    /// Cargo kept by kind.
    pub cargo_left: [u64; 4],
}

impl FleetLosses {
    /// Ships destroyed.
    pub fn ships_lost(&self) -> u64 {
        u64::from(self.vc_lost) + u64::from(self.vt_lost)
    }

    /// Ships left.
    pub fn ships_left(&self) -> u64 {
        u64::from(self.vc_left) + u64::from(self.vt_left)
    }

    /// Total cargo lost.
    pub fn cargo_lost_total(&self) -> u64 {
        self.cargo_lost
            .iter()
            .fold(0u64, |sum, &c| sum.saturating_add(c))
    }
}

/// Removes `nd` ships (capped at those present) from `target`: "les VC sont détruits
/// en premier de façon à ce que la plus grande cargaison soit conservée" (VII.1.2) —
/// the ships holding the least cargo die first, VC when a VT holds as much as a VC;
/// then the cargo above the remaining capacity is lost.
///
/// Ruling G-55 (VII.1.2): the cargo above the remaining capacity is removed pro rata of its kinds
/// (MP, N, C, R) by largest remainder; the populations and robots lost count as destroyed.
pub fn apply_fleet_losses(target: &FleetTarget, nd: u64) -> FleetLosses {
    let nd = nd.min(target.ships());
    let vc_first = target.vc_capacity <= target.vt_capacity;
    let (first, second) = if vc_first {
        (target.vc, target.vt)
    } else {
        (target.vt, target.vc)
    };
    let first_lost = nd.min(u64::from(first));
    let second_lost = (nd - first_lost).min(u64::from(second));
    let first_lost = u32::try_from(first_lost).unwrap_or(first);
    let second_lost = u32::try_from(second_lost).unwrap_or(second);
    let (vc_lost, vt_lost) = if vc_first {
        (first_lost, second_lost)
    } else {
        (second_lost, first_lost)
    };
    let vc_left = target.vc - vc_lost;
    let vt_left = target.vt - vt_lost;
    let capacity_left = target.capacity_with(vc_left, vt_left);
    let excess = target.cargo_total().saturating_sub(capacity_left);
    let shares = largest_remainder(excess, &target.cargo);
    let mut cargo_lost = [0u64; 4];
    let mut cargo_left = target.cargo;
    for (index, share) in shares.into_iter().enumerate() {
        if let (Some(lost), Some(left)) = (cargo_lost.get_mut(index), cargo_left.get_mut(index)) {
            *lost = share;
            *left -= share;
        }
    }
    FleetLosses {
        vc_lost,
        vt_lost,
        vc_left,
        vt_left,
        capacity_left,
        cargo_lost,
        cargo_left,
    }
}
