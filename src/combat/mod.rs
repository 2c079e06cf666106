//! Fire resolution (rule book VII.1, catalog §4.7–4.10): exact integer arithmetic.
//!
//! Every function here is pure: values in, a detailed result out. Each result keeps
//! every intermediate number of the book's formulas (numerators, denominators, the
//! rounded values), so a simulator can print e.g.
//! `n = ⌈(18×67)/100⌉ = ⌈12.06⌉ = 13` from the very numbers the resolver used.
//!
//! The three formulas of VII.1.2:
//!
//! ```text
//! n  = ⌈(Nc1·CAC + Nt1·CAT) / 100⌉                    (× ambush multiplier on CAC and CAT)
//! CD = (Nc2·CDC + Nt2·CDT) / (Nc2 + Nt2) · (1 + C/Cm)  (÷ flight divisor when fleeing)
//! Nd = ⌈n · CD / 100⌉                                  (capped at the ships present)
//! ```
//!
//! Nothing is ever computed in floating point: `n · CD / 100` is one fraction of
//! 128-bit integers, rounded up once.
//!
//! - [`Shooter`] and [`hits`]: step 1 (`n`);
//! - [`FleetTarget`], [`fleet_cd`], [`destroyed`], [`apply_fleet_losses`]: steps 2–3 on
//!   a fleet, VC destroyed first, excess cargo lost;
//! - [`WorldTarget`], [`WorldAim`], [`fire_on_world`]: fire on VP / populations, VI /
//!   industries, VI + VP (`* M`), `VP * N`, `VP * C`;
//! - [`resolve_volley`]: several shooters and targets in one simultaneous step;
//! - [`resolve_ambush_route`]: the ambush shots along a moving fleet's route;
//! - [`robot_fight`]: a robot attack (VI.5.1), robots against robots then against
//!   the populations;
//! - [`Razed`]: what a bomb destroys (VII.1.4), [`bomb_points`] what it scores;
//! - [`sim`]: the combat simulator built on these functions.

mod bomb;
mod fleet;
mod robots;
pub mod sim;
mod volley;
mod world;

pub use bomb::{Razed, bomb_points, reset_razed_world};
pub use fleet::{
    CargoKind, DefenceComputation, FleetLosses, FleetTarget, apply_fleet_losses, fleet_cd,
};
pub use robots::{RobotFight, robot_fight};
pub use volley::{
    Aim, AmbushHop, AmbushOutcome, Shot, ShotDetail, ShotEffect, VolleyResult,
    resolve_ambush_route, resolve_volley,
};
pub use world::{
    LayerDamage, LayerKind, WorldAim, WorldLosses, WorldShot, WorldTarget, fire_on_world,
};

use crate::model::Class;
use crate::rules::{Ratio, Ruleset};

/// The ships of one firing group: a fleet (VC and VT), or the VI or the VP of a world
/// (counted as `vc`, with their owner's CAtt).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shooter {
    /// Number of VC (or VI, VP) firing.
    pub vc: u32,
    /// Number of VT firing.
    pub vt: u32,
    /// CAtt of the VC (`CAC`).
    pub cac: u32,
    /// CAtt of the VT (`CAT`, 30 in the book).
    pub cat: u32,
    /// 1 for a normal shot, the ruleset's ambush multiplier for an ambush shot.
    pub multiplier: u32,
    /// True for an ambush shot (affects nothing but the multiplier and flight).
    pub ambush: bool,
}

impl Shooter {
    /// A fleet of `vc` VC and `vt` VT whose owner has class `class` and ATT level
    /// `att_level`.
    ///
    /// Ruling G-77 (VII.1.2): a missionary fires with CAtt(ATT + 4) when the designated target
    /// belongs to his Jihad target (a fleet of that player, or a world he owns), the CAtt
    /// table being extrapolated past ATT 12 (157, 173); `jihad` says whether that is the case.
    pub fn fleet(
        rules: &Ruleset,
        class: Class,
        att_level: u32,
        jihad: bool,
        vc: u32,
        vt: u32,
    ) -> Shooter {
        Shooter {
            vc,
            vt,
            cac: rules.catt_for(class, att_level, jihad),
            cat: rules.vt_catt(),
            multiplier: 1,
            ambush: false,
        }
    }

    /// The VI or the VP of a world: `count` ships firing with the world owner's CAtt.
    pub fn protection(
        rules: &Ruleset,
        class: Class,
        att_level: u32,
        jihad: bool,
        count: u32,
    ) -> Shooter {
        Shooter::fleet(rules, class, att_level, jihad, count, 0)
    }

    /// The same ships firing from ambush: CAtt of VC and VT multiplied by the
    /// ruleset's ambush multiplier (× 2).
    pub fn ambush(self, rules: &Ruleset) -> Shooter {
        Shooter {
            multiplier: rules.combat.ambush_multiplier.max(1),
            ambush: true,
            ..self
        }
    }

    /// VC + VT.
    pub fn ships(&self) -> u64 {
        u64::from(self.vc) + u64::from(self.vt)
    }
}

/// Step 1 of VII.1.2, with its numbers: `n = ⌈numerator / 100⌉`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HitsComputation {
    pub vc: u32,
    pub vt: u32,
    pub cac: u32,
    pub cat: u32,
    pub multiplier: u32,
    /// `(Nc·CAC + Nt·CAT) · multiplier`.
    pub numerator: u128,
    /// The number of ships hit, `⌈numerator / 100⌉`.
    pub n: u128,
}

impl HitsComputation {
    /// The formula with its numbers, e.g. `n = ⌈(18×67)/100⌉ = ⌈12.06⌉ = 13`
    /// (`⌈2×(5×50)/100⌉` for an ambush).
    pub fn formula(&self) -> String {
        let sum = weighted_text(self.vc, self.cac, self.vt, self.cat);
        let scaled = if self.multiplier == 1 {
            sum
        } else {
            format!("{}×{sum}", self.multiplier)
        };
        format!(
            "n = ⌈{scaled}/100⌉ = ⌈{}⌉ = {}",
            decimal_text(self.numerator, 100),
            self.n
        )
    }

    /// `numerator / 100` as an exact fraction (`None` past 64 bits).
    pub fn exact(&self) -> Option<Ratio> {
        ratio128(self.numerator, 100)
    }
}

/// Number of ships of the target hit by `shooter` (step 1 of VII.1.2).
pub fn hits(shooter: &Shooter) -> HitsComputation {
    let numerator = (u128::from(shooter.vc) * u128::from(shooter.cac)
        + u128::from(shooter.vt) * u128::from(shooter.cat))
        * u128::from(shooter.multiplier);
    HitsComputation {
        vc: shooter.vc,
        vt: shooter.vt,
        cac: shooter.cac,
        cat: shooter.cat,
        multiplier: shooter.multiplier,
        numerator,
        n: numerator.div_ceil(100),
    }
}

/// Step 3 of VII.1.2, with its numbers: `Nd = min(⌈n · CD / 100⌉, present)` where
/// `CD = cd_num / cd_den`, i.e. `⌈n · cd_num / (cd_den · 100)⌉`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DestroyComputation {
    pub n: u128,
    pub cd_num: u128,
    pub cd_den: u128,
    /// `n · cd_num` (saturating: a product past 128 bits destroys everything present).
    pub numerator: u128,
    /// `cd_den · 100`.
    pub denominator: u128,
    /// `⌈numerator / denominator⌉` before the cap.
    pub uncapped: u128,
    /// Ships present (the cap).
    pub present: u64,
    /// Ships destroyed.
    pub nd: u64,
}

impl DestroyComputation {
    /// The formula with its numbers, e.g. `Nd = ⌈13 × 107.882…/100⌉ = ⌈14.024…⌉ = 15`,
    /// ending with the cap when the ships present are fewer.
    pub fn formula(&self) -> String {
        let exact = match mul_div_rem(self.n, self.cd_num, self.cd_den) {
            Some((whole, 0)) => decimal_text(whole, 100),
            _ => {
                let den = self.cd_den.saturating_mul(100);
                decimal_text(self.n.saturating_mul(self.cd_num), den)
            }
        };
        let mut text = format!(
            "Nd = ⌈{} × {}/100⌉ = ⌈{exact}⌉ = {}",
            self.n,
            decimal_text(self.cd_num, self.cd_den),
            self.uncapped
        );
        if self.uncapped > u128::from(self.present) {
            text.push_str(&format!(" → {}", self.nd));
        }
        text
    }

    /// `n · CD / 100` as an exact fraction (`None` past 64 bits).
    pub fn exact(&self) -> Option<Ratio> {
        ratio128(self.numerator, self.denominator)
    }
}

/// Ships destroyed by `n` hits on a target of defence `cd_num / cd_den` (in percent)
/// with `present` ships (step 3 of VII.1.2). A zero denominator destroys nothing.
/// Exact for every input: the product `n · cd_num` is formed on 256 bits.
pub fn destroyed(n: u128, cd_num: u128, cd_den: u128, present: u64) -> DestroyComputation {
    let denominator = cd_den.saturating_mul(100);
    let numerator = n.saturating_mul(cd_num);
    // ⌈x / (d·100)⌉ = ⌈⌈x / d⌉ / 100⌉.
    let uncapped = mul_div_ceil(n, cd_num, cd_den).div_ceil(100);
    let nd = u64::try_from(uncapped.min(u128::from(present))).unwrap_or(present);
    DestroyComputation {
        n,
        cd_num,
        cd_den,
        numerator,
        denominator,
        uncapped,
        present,
        nd,
    }
}

/// The 256-bit product `a · b` as `(high, low)` halves.
fn mul_wide(a: u128, b: u128) -> (u128, u128) {
    let mask = u128::from(u64::MAX);
    let (a0, a1) = (a & mask, a >> 64);
    let (b0, b1) = (b & mask, b >> 64);
    let (p00, p01, p10, p11) = (a0 * b0, a0 * b1, a1 * b0, a1 * b1);
    let mid = (p00 >> 64) + (p01 & mask) + (p10 & mask);
    let low = (p00 & mask) | (mid << 64);
    let high = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
    (high, low)
}

/// `(⌊a · b / d⌋, a · b mod d)` computed exactly (the product on 256 bits); `None`
/// when `d == 0` or the quotient does not fit in 128 bits.
pub(crate) fn mul_div_rem(a: u128, b: u128, d: u128) -> Option<(u128, u128)> {
    if d == 0 {
        return None;
    }
    let (high, low) = mul_wide(a, b);
    if high >= d {
        return None;
    }
    let mut rem = high;
    let mut quotient: u128 = 0;
    for i in (0..128).rev() {
        let carry = rem >> 127;
        rem = (rem << 1) | ((low >> i) & 1);
        quotient <<= 1;
        if carry == 1 || rem >= d {
            rem = rem.wrapping_sub(d);
            quotient |= 1;
        }
    }
    Some((quotient, rem))
}

/// `⌈a · b / d⌉` computed exactly; `u128::MAX` when the quotient does not fit, 0
/// when `d == 0`.
pub(crate) fn mul_div_ceil(a: u128, b: u128, d: u128) -> u128 {
    if d == 0 {
        return 0;
    }
    match mul_div_rem(a, b, d) {
        Some((quotient, 0)) => quotient,
        Some((quotient, _)) => quotient.saturating_add(1),
        None => u128::MAX,
    }
}

pub(crate) fn gcd128(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Splits `total` among `groups` pro rata of their sizes: floors first, then one more
/// to the groups with the largest remainders (ties: the larger group, then the first).
/// `total` is capped at the sum of the groups; no group gives more than it has.
pub(crate) fn largest_remainder(total: u64, groups: &[u64]) -> Vec<u64> {
    let sum: u128 = groups.iter().map(|&g| u128::from(g)).sum();
    let total = u128::from(total).min(sum);
    if sum == 0 {
        return vec![0; groups.len()];
    }
    let mut shares: Vec<u64> = Vec::with_capacity(groups.len());
    let mut remainders: Vec<(u128, u64, usize)> = Vec::with_capacity(groups.len());
    for (index, &group) in groups.iter().enumerate() {
        // total ≤ sum, so the quotient is at most `group`: it always fits.
        let (share, remainder) = mul_div_rem(total, u128::from(group), sum).unwrap_or((0, 0));
        shares.push(u64::try_from(share).unwrap_or(group));
        remainders.push((remainder, group, index));
    }
    let given: u128 = shares.iter().map(|&s| u128::from(s)).sum();
    let mut left = total.saturating_sub(given);
    remainders.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
    for (remainder, _, index) in remainders {
        if left == 0 {
            break;
        }
        if remainder > 0
            && let (Some(share), Some(&group)) = (shares.get_mut(index), groups.get(index))
            && *share < group
        {
            *share += 1;
            left -= 1;
        }
    }
    shares
}

/// Splits `total` pro rata of `weights` (floors, then one more to the largest
/// remainders, ties to the first); all zero weights give everything to the first.
pub fn split(total: u64, weights: &[u64]) -> Vec<u64> {
    let sum: u128 = weights.iter().map(|&w| u128::from(w)).sum();
    if weights.is_empty() {
        return Vec::new();
    }
    if sum == 0 {
        let mut shares = vec![0; weights.len()];
        shares[0] = total;
        return shares;
    }
    let total128 = u128::from(total);
    let mut shares: Vec<u64> = Vec::with_capacity(weights.len());
    let mut rests: Vec<(u128, usize)> = Vec::with_capacity(weights.len());
    for (i, &w) in weights.iter().enumerate() {
        let product = total128 * u128::from(w);
        shares.push(u64::try_from(product / sum).unwrap_or(u64::MAX));
        rests.push((product % sum, i));
    }
    let given: u128 = shares.iter().map(|&s| u128::from(s)).sum();
    let mut left = total128.saturating_sub(given);
    rests.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    for (_, i) in rests {
        if left == 0 {
            break;
        }
        shares[i] += 1;
        left -= 1;
    }
    shares
}

/// `(Nc×CA + Nt×CT)` with the absent terms left out (`(18×67)`, `(4×55 + 13×30)`).
pub(crate) fn weighted_text(vc: u32, vc_coef: u32, vt: u32, vt_coef: u32) -> String {
    match (vc, vt) {
        (_, 0) => format!("({vc}×{vc_coef})"),
        (0, _) => format!("({vt}×{vt_coef})"),
        _ => format!("({vc}×{vc_coef} + {vt}×{vt_coef})"),
    }
}

/// `num / den` in decimal with at most three decimals, `…` when more would follow
/// (`12.06`, `107.882…`, `7`); the book's notation, the same in every language.
pub fn decimal_text(num: u128, den: u128) -> String {
    if den == 0 {
        return "?".into();
    }
    let whole = num / den;
    let mut rest = num % den;
    if rest == 0 {
        return whole.to_string();
    }
    let mut text = format!("{whole}.");
    for _ in 0..3 {
        // rest < den: rest × 10 may only overflow for denominators past 2^124.
        let Some(scaled) = rest.checked_mul(10) else {
            break;
        };
        text.push(char::from(b'0' + u8::try_from(scaled / den).unwrap_or(0)));
        rest = scaled % den;
        if rest == 0 {
            return text;
        }
    }
    text.push('…');
    text
}

fn ratio128(num: u128, den: u128) -> Option<Ratio> {
    if den == 0 {
        return None;
    }
    let g = gcd128(num, den).max(1);
    Ratio::new(u64::try_from(num / g).ok()?, u64::try_from(den / g).ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mul_div_ceil_is_exact_on_256_bits() {
        for a in 0..40u128 {
            for b in 0..40u128 {
                for d in 1..15u128 {
                    assert_eq!(mul_div_ceil(a, b, d), (a * b).div_ceil(d), "{a}·{b}/{d}");
                }
            }
        }
        let big = u128::MAX / 3;
        // (2^128 − 1)/3 · 6 / 4 = (2^128 − 1) / 2 → ⌈⌉ = 2^127.
        assert_eq!(mul_div_ceil(big, 6, 4), 1 << 127);
        assert_eq!(mul_div_ceil(u128::MAX, u128::MAX, u128::MAX), u128::MAX);
        assert_eq!(mul_div_ceil(u128::MAX, 2, 1), u128::MAX);
        assert_eq!(mul_div_ceil(1 << 100, 1 << 100, 1 << 80), 1 << 120);
        assert_eq!(
            mul_div_ceil((1 << 100) + 1, 1 << 100, 1 << 100),
            (1 << 100) + 1
        );
        assert_eq!(mul_div_ceil(5, 5, 0), 0);
    }

    #[test]
    fn split_gives_every_unit_pro_rata() {
        assert_eq!(split(15, &[13, 2]), vec![13, 2]);
        assert_eq!(split(5, &[1, 1]), vec![3, 2]);
        assert_eq!(split(7, &[0, 0]), vec![7, 0]);
        assert_eq!(split(10, &[1, 3]), vec![3, 7]);
        assert!(split(3, &[]).is_empty());
    }

    #[test]
    fn largest_remainder_gives_every_unit_once() {
        assert_eq!(largest_remainder(5, &[3, 4, 0, 2]), vec![2, 2, 0, 1]);
        assert_eq!(largest_remainder(9, &[3, 4]), vec![3, 4]);
        assert_eq!(largest_remainder(1, &[2, 2]), vec![1, 0]);
        assert_eq!(largest_remainder(3, &[]), Vec::<u64>::new());
        assert_eq!(
            largest_remainder(u64::MAX, &[u64::MAX, u64::MAX]),
            vec![u64::MAX / 2 + 1, u64::MAX / 2]
        );
    }
}
