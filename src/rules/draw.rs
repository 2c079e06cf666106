//! Counts of chances drawn at once: how many of `n` units succeed when each one has
//! the same chance (binomial), how many of `k` units drawn from a mixed group are
//! of one kind (hypergeometric), and the split of `k` drawn units among several
//! kinds (multivariate hypergeometric). Each takes O(1) expected draws from the
//! generator passed in (no global generator), whatever the counts: a world of
//! billions of people costs what a world of ten costs.
//!
//! Ruling G-146 (VIII.1): every rule of the form "each unit has a chance" (deaths of
//! overpopulation, deconversions, …) is drawn as one count with the distribution
//! the units' independent chances give — binomial for `n` units of chance `p`,
//! hypergeometric (one kind after the other, in the order the rule lists them)
//! for which units among a mixed group — never one draw per unit. Small counts
//! (at most 16 units, or draws) are drawn unit by unit with exact integer draws;
//! larger ones by Hörmann's BTRD (binomial) and Stadlober's HRUA (hypergeometric)
//! rejection samplers, whose arithmetic uses only IEEE operations Rust rounds the
//! same way on every machine (no system `ln`), so the same seed gives the same game
//! everywhere. The counts themselves are exact integers.

use rand::{Rng, RngExt};

use super::Ratio;

/// Up to this many units, draws are made one unit at a time with exact integers.
const SMALL: u64 = 16;

/// The number of successes among `n` units that each succeed with chance `p`
/// (`p ≥ 1` is certainty; an invalid or zero `p` never succeeds).
///
/// Applies ruling G-146 (see the ruling list).
pub fn binomial<R: Rng + ?Sized>(rng: &mut R, n: u64, p: Ratio) -> u64 {
    if n == 0 || p.num == 0 || p.den == 0 {
        return 0;
    }
    if p.num >= p.den {
        return n;
    }
    if n <= SMALL {
        return (0..n)
            .filter(|_| rng.random_range(0..p.den) < p.num)
            .count() as u64;
    }
    // Draw the rarer outcome: p ≤ 1/2.
    let flip = u128::from(p.num) * 2 > u128::from(p.den);
    let num = if flip { p.den - p.num } else { p.num };
    let prob = num as f64 / p.den as f64;
    let k = if n as f64 * prob < 10.0 {
        binomial_inversion(rng, n, prob)
    } else {
        btrd(rng, n, prob)
    };
    if flip { n - k } else { k }
}

/// How many of `sample` units drawn without replacement from `good + bad` units are
/// good. `sample` is capped at `good + bad`.
///
/// Applies ruling G-146 (see the ruling list).
pub fn hypergeometric<R: Rng + ?Sized>(rng: &mut R, good: u64, bad: u64, sample: u64) -> u64 {
    // Beyond any count of the game (sums of u32 counts fit): the bad units are capped.
    let bad = bad.min(u64::MAX - good);
    let total = good + bad;
    let sample = sample.min(total);
    if sample == 0 || good == 0 {
        return 0;
    }
    if bad == 0 {
        return sample;
    }
    if sample == total {
        return good;
    }
    let small = sample.min(total - sample);
    if bad <= SMALL && bad < good {
        // The bad units are the few: count those drawn.
        return sample - hypergeometric_urn(rng, bad, good, sample);
    }
    if small <= SMALL || good <= SMALL {
        return hypergeometric_urn(rng, good, bad, sample);
    }
    hrua(rng, good, bad, sample)
}

/// Splits `sample` units drawn without replacement from groups of `counts` units:
/// how many come from each group (`sample` is capped at the total). One
/// hypergeometric draw per group, in the groups' order.
///
/// Applies ruling G-146 (see the ruling list).
pub fn multivariate_hypergeometric<R: Rng + ?Sized>(
    rng: &mut R,
    counts: &[u64],
    sample: u64,
) -> Vec<u64> {
    let mut rest: u64 = counts.iter().fold(0u64, |a, &c| a.saturating_add(c));
    let mut left = sample.min(rest);
    let mut out = Vec::with_capacity(counts.len());
    for &count in counts {
        rest -= count.min(rest);
        let taken = if left == 0 {
            0
        } else if rest == 0 {
            left.min(count)
        } else {
            hypergeometric(rng, count, rest, left)
        };
        out.push(taken);
        left -= taken;
    }
    out
}

/// A uniform value in the open interval (0, 1), from 53 random bits.
fn uniform<R: Rng + ?Sized>(rng: &mut R) -> f64 {
    ((rng.next_u64() >> 11) as f64 + 0.5) * (1.0 / 9_007_199_254_740_992.0)
}

/// The natural logarithm from IEEE operations only (same bits on every machine):
/// `x = m·2^e`, `m ∈ [√½, √2)`, `ln m = 2 atanh((m−1)/(m+1))` by its series.
fn ln(x: f64) -> f64 {
    if x.is_nan() || x <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if x.is_infinite() {
        return x;
    }
    let bits = x.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i64;
    if exponent == 0 {
        // Subnormal: scale into the normal range first.
        return ln(x * 18_014_398_509_481_984.0) - 54.0 * std::f64::consts::LN_2;
    }
    let mut e = exponent - 1023;
    let mut m = f64::from_bits((bits & ((1u64 << 52) - 1)) | (1023u64 << 52));
    if m > std::f64::consts::SQRT_2 {
        m *= 0.5;
        e += 1;
    }
    let s = (m - 1.0) / (m + 1.0);
    let s2 = s * s;
    // |s| ≤ 0.1716: 14 terms leave less than 1e-21.
    let mut sum = 0.0;
    let mut k = 27.0;
    while k >= 1.0 {
        sum = sum * s2 + 1.0 / k;
        k -= 2.0;
    }
    2.0 * s * sum + e as f64 * std::f64::consts::LN_2
}

/// `x^n` by squaring (no system `pow`).
fn powu(mut x: f64, mut n: u64) -> f64 {
    let mut out = 1.0;
    while n > 0 {
        if n & 1 == 1 {
            out *= x;
        }
        x *= x;
        n >>= 1;
    }
    out
}

/// `ln k! − ((k + ½) ln(k + 1) − (k + 1) + ½ ln 2π)`: the Stirling correction.
fn fc(k: u64) -> f64 {
    const TABLE: [f64; 10] = [
        0.081_061_466_795_327_26,
        0.041_340_695_955_409_29,
        0.027_677_925_684_998_34,
        0.020_790_672_103_765_09,
        0.016_644_691_189_821_19,
        0.013_876_128_823_070_75,
        0.011_896_709_945_891_77,
        0.010_411_265_261_972_09,
        0.009_255_462_182_712_733,
        0.008_330_563_433_362_87,
    ];
    if let Some(&v) = TABLE.get(k as usize) {
        return v;
    }
    let inv = 1.0 / (k as f64 + 1.0);
    let inv2 = inv * inv;
    (1.0 / 12.0 - (1.0 / 360.0 - (1.0 / 1260.0) * inv2) * inv2) * inv
}

/// `ln k!`.
fn ln_factorial(k: u64) -> f64 {
    const HALF_LN_2PI: f64 = 0.918_938_533_204_672_8;
    if k < 2 {
        return 0.0;
    }
    if k <= 30 {
        return (2..=k).map(|i| ln(i as f64)).sum();
    }
    let k1 = k as f64 + 1.0;
    fc(k) + (k as f64 + 0.5) * ln(k1) - k1 + HALF_LN_2PI
}

/// Binomial by inversion (small mean `n·p < 10`, `p ≤ ½`).
fn binomial_inversion<R: Rng + ?Sized>(rng: &mut R, n: u64, p: f64) -> u64 {
    let q = 1.0 - p;
    let s = p / q;
    let a = (n as f64 + 1.0) * s;
    let start = powu(q, n);
    loop {
        let mut r = start;
        let mut u = uniform(rng);
        let mut x: u64 = 0;
        // With a mean below 10, a count above 110 has a chance below 1e-60: such a
        // walk only means rounding left `u` above the total; draw again.
        while x <= n.min(110) {
            if u <= r {
                return x;
            }
            u -= r;
            x += 1;
            r *= a / x as f64 - s;
        }
    }
}

/// Hörmann's BTRD ("The generation of binomial random variates", 1993), for
/// `n·p ≥ 10`, `p ≤ ½`.
fn btrd<R: Rng + ?Sized>(rng: &mut R, n: u64, p: f64) -> u64 {
    let nf = n as f64;
    let q = 1.0 - p;
    let m = ((nf + 1.0) * p).floor();
    let r = p / q;
    let nr = (nf + 1.0) * r;
    let npq = nf * p * q;
    let sqrt_npq = npq.sqrt();
    let b = 1.15 + 2.53 * sqrt_npq;
    let a = -0.0873 + 0.0248 * b + 0.01 * p;
    let c = nf * p + 0.5;
    let alpha = (2.83 + 5.1 / b) * sqrt_npq;
    let v_r = 0.92 - 4.2 / b;
    let u_rv_r = 0.86 * v_r;
    let m_int = m as u64;
    loop {
        let mut v = uniform(rng);
        let u;
        if v <= u_rv_r {
            let u = v / v_r - 0.43;
            let k = ((2.0 * a / (0.5 - u.abs()) + b) * u + c).floor();
            if k >= 0.0 && k <= nf {
                return k as u64;
            }
            continue;
        }
        if v >= v_r {
            u = uniform(rng) - 0.5;
        } else {
            let w = v / v_r - 0.93;
            u = 0.5f64.copysign(w) - w;
            v = uniform(rng) * v_r;
        }
        let us = 0.5 - u.abs();
        if us <= 0.0 {
            continue;
        }
        let kf = ((2.0 * a / us + b) * u + c).floor();
        if !(kf >= 0.0 && kf <= nf) {
            continue;
        }
        let k = kf as u64;
        v = v * alpha / (a / (us * us) + b);
        let km = k.abs_diff(m_int);
        if km <= 15 {
            // f(k) / f(m) by recurrence.
            let mut f = 1.0;
            if m_int < k {
                for i in m_int + 1..=k {
                    f *= nr / i as f64 - r;
                }
            } else {
                for i in k + 1..=m_int {
                    v *= nr / i as f64 - r;
                }
            }
            if v <= f {
                return k;
            }
            continue;
        }
        let v = ln(v);
        let kmf = km as f64;
        let rho = (kmf / npq) * (((kmf / 3.0 + 0.625) * kmf + 1.0 / 6.0) * kmf + 0.5) / npq;
        let t = -kmf * kmf / (2.0 * npq);
        if v < t - rho {
            return k;
        }
        if v > t + rho {
            continue;
        }
        let nm = nf - m + 1.0;
        let h = (m + 0.5) * ln((m + 1.0) / (r * nm)) + fc(m_int) + fc(n - m_int);
        let nk = nf - kf + 1.0;
        if v <= h + (nf + 1.0) * ln(nm / nk) + (kf + 0.5) * ln(nk * r / (kf + 1.0))
            - fc(k)
            - fc(n - k)
        {
            return k;
        }
    }
}

/// Hypergeometric by drawing the units one at a time (exact integer draws), on the
/// smaller of the sample and its complement.
fn hypergeometric_urn<R: Rng + ?Sized>(rng: &mut R, good: u64, bad: u64, sample: u64) -> u64 {
    let total = good + bad;
    // Draw whichever is smaller: the sample, its complement, or the good units
    // (by symmetry the good units "draw" the sample).
    let complement = sample > total / 2;
    let drawn = if complement { total - sample } else { sample };
    if good <= drawn {
        // Fewer good units than draws: which good units fall into the drawn set.
        let mut in_drawn = 0;
        let mut left_total = total;
        let mut left_drawn = drawn;
        for _ in 0..good {
            if rng.random_range(0..left_total) < left_drawn {
                in_drawn += 1;
                left_drawn -= 1;
            }
            left_total -= 1;
        }
        return if complement {
            good - in_drawn
        } else {
            in_drawn
        };
    }
    let mut left_total = total;
    let mut left_good = good;
    for _ in 0..drawn {
        if left_good == 0 {
            break;
        }
        if rng.random_range(0..left_total) < left_good {
            left_good -= 1;
        }
        left_total -= 1;
    }
    let in_drawn = good - left_good;
    if complement {
        good - in_drawn
    } else {
        in_drawn
    }
}

/// Stadlober's HRUA (ratio of uniforms, "Sampling from Poisson, binomial and
/// hypergeometric distributions", 1989), with the corrections of numpy's version.
fn hrua<R: Rng + ?Sized>(rng: &mut R, good: u64, bad: u64, sample: u64) -> u64 {
    const D1: f64 = 1.715_527_769_921_413_5;
    const D2: f64 = 0.898_916_162_058_898_8;
    let popsize = good + bad;
    let computed = sample.min(popsize - sample);
    let min_gb = good.min(bad);
    let max_gb = good.max(bad);
    let pop = popsize as f64;
    let p = min_gb as f64 / pop;
    let q = max_gb as f64 / pop;
    let mu = computed as f64 * p;
    let a = mu + 0.5;
    let var = (popsize - computed) as f64 * computed as f64 * p * q / (pop - 1.0);
    let c = (var + 0.5).sqrt();
    let h = D1 * c + D2;
    let mode = ((computed as f64 + 1.0) * (min_gb as f64 + 1.0) / (pop + 2.0)).floor() as u64;
    let mode = mode.min(computed).min(min_gb);
    let g = ln_factorial(mode)
        + ln_factorial(min_gb - mode)
        + ln_factorial(computed - mode)
        + ln_factorial(max_gb - computed + mode);
    let b = ((computed.min(min_gb) + 1) as f64).min((a + 16.0 * c).floor());
    let k = loop {
        let u = uniform(rng);
        let v = uniform(rng);
        let x = a + h * (v - 0.5) / u;
        if !(x >= 0.0 && x < b) {
            continue;
        }
        let k = x.floor() as u64;
        if k > computed || k > min_gb {
            continue;
        }
        let gp = ln_factorial(k)
            + ln_factorial(min_gb - k)
            + ln_factorial(computed - k)
            + ln_factorial(max_gb - computed + k);
        let t = g - gp;
        if u * (4.0 - u) - 3.0 <= t {
            break k;
        }
        if u * (u - t) >= 1.0 {
            continue;
        }
        if 2.0 * ln(u) <= t {
            break k;
        }
    };
    let k = if good > bad { computed - k } else { k };
    if computed < sample { good - k } else { k }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn ratio(num: u64, den: u64) -> Ratio {
        Ratio::new(num, den).unwrap_or(Ratio::ZERO)
    }

    #[test]
    fn ln_matches_the_library_within_rounding() {
        for &x in &[
            1e-300, 1e-10, 0.3, 0.5, 0.999, 1.0, 1.5, 2.0, 10.0, 12345.678, 1e300,
        ] {
            let ours = ln(x);
            let std = x.ln();
            assert!(
                (ours - std).abs() <= 1e-15 * std.abs().max(1.0),
                "{x}: {ours} {std}"
            );
        }
        assert_eq!(ln(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn ln_factorial_is_the_sum_of_logs() {
        for k in [0u64, 1, 2, 10, 30, 31, 50, 100, 1000] {
            let direct: f64 = (2..=k).map(|i| (i as f64).ln()).sum();
            let ours = ln_factorial(k);
            assert!(
                (ours - direct).abs() <= 1e-9 * direct.max(1.0),
                "{k}: {ours} {direct}"
            );
        }
    }

    /// Mean and variance of `samples` draws close to the law's (within 5 standard
    /// errors), every draw in range.
    fn check_moments(draws: &[u64], mean: f64, var: f64, max: u64) {
        assert!(draws.iter().all(|&d| d <= max));
        let n = draws.len() as f64;
        let m = draws.iter().map(|&d| d as f64).sum::<f64>() / n;
        let v = draws.iter().map(|&d| (d as f64 - m).powi(2)).sum::<f64>() / (n - 1.0);
        let se = (var / n).sqrt().max(1e-9);
        assert!((m - mean).abs() <= 5.0 * se, "mean {m}, expected {mean}");
        // Variance within 10 % (plenty of draws).
        assert!(
            (v - var).abs() <= 0.1 * var + 1e-9,
            "variance {v}, expected {var}"
        );
    }

    #[test]
    fn binomial_has_the_right_mean_and_variance_in_every_regime() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for &(n, num, den) in &[
            (10u64, 1u64, 2u64),
            (100, 1, 2),
            (100, 1, 30),
            (1000, 3, 4),
            (1_000_000, 1, 2),
            (1_000_000, 1, 1000),
            (4_000_000_000, 1, 2),
            (u64::from(u32::MAX), 1, 3),
        ] {
            let p = num as f64 / den as f64;
            let draws: Vec<u64> = (0..4000)
                .map(|_| binomial(&mut rng, n, ratio(num, den)))
                .collect();
            check_moments(&draws, n as f64 * p, n as f64 * p * (1.0 - p), n);
        }
    }

    #[test]
    fn binomial_small_counts_match_exact_probabilities() {
        // n = 40, p = 1/2 (BTRD): P(X = 20) = C(40,20)/2^40 ≈ 0.1254.
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let hits = (0..20_000)
            .filter(|_| binomial(&mut rng, 40, ratio(1, 2)) == 20)
            .count();
        assert!((2300..=2720).contains(&hits), "{hits}");
    }

    #[test]
    fn hypergeometric_matches_exact_probabilities() {
        // 30 good of 100, 50 drawn: P(15) ≈ 0.17248; 300 of 1000, 500 drawn:
        // P(150) ≈ 0.05501 (both HRUA). 20 000 draws, within 5 σ.
        let mut rng = ChaCha8Rng::seed_from_u64(12);
        let hits = (0..20_000)
            .filter(|_| hypergeometric(&mut rng, 30, 70, 50) == 15)
            .count();
        assert!((3183..=3717).contains(&hits), "{hits}");
        let hits = (0..20_000)
            .filter(|_| hypergeometric(&mut rng, 300, 700, 500) == 150)
            .count();
        assert!((939..=1262).contains(&hits), "{hits}");
    }

    #[test]
    fn binomial_edges() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        assert_eq!(binomial(&mut rng, 0, ratio(1, 2)), 0);
        assert_eq!(binomial(&mut rng, 1000, Ratio::ZERO), 0);
        assert_eq!(binomial(&mut rng, 1000, Ratio::ONE), 1000);
        assert_eq!(binomial(&mut rng, u64::MAX, Ratio::ONE), u64::MAX);
        assert!(binomial(&mut rng, u64::MAX / 2, ratio(1, 2)) <= u64::MAX / 2);
    }

    #[test]
    fn hypergeometric_has_the_right_mean_and_variance() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for &(good, bad, sample) in &[
            (5u64, 5u64, 4u64),
            (30, 70, 50),
            (1000, 2000, 1500),
            (1000, 2000, 2990),
            (3, 1_000_000, 500_000),
            (2_000_000_000, 1_000_000_000, 1_500_000_000),
            (100, 10_000, 200),
        ] {
            let total = (good + bad) as f64;
            let s = sample as f64;
            let mean = s * good as f64 / total;
            let var =
                s * (good as f64 / total) * (bad as f64 / total) * (total - s) / (total - 1.0);
            let draws: Vec<u64> = (0..4000)
                .map(|_| hypergeometric(&mut rng, good, bad, sample))
                .collect();
            check_moments(&draws, mean, var, good.min(sample));
            assert!(
                draws.iter().all(|&d| sample - d <= bad),
                "{good} {bad} {sample}"
            );
        }
    }

    #[test]
    fn multivariate_split_sums_to_the_sample_and_respects_the_groups() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let counts = [1000u64, 0, 2000, 7, u64::from(u32::MAX)];
        for sample in [0u64, 1, 500, 3007, u64::from(u32::MAX), u64::MAX] {
            let split = multivariate_hypergeometric(&mut rng, &counts, sample);
            let total: u64 = counts.iter().sum();
            assert_eq!(split.iter().sum::<u64>(), sample.min(total));
            assert!(split.iter().zip(&counts).all(|(s, c)| s <= c));
        }
    }

    #[test]
    fn same_seed_same_draws() {
        let run = |seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            (
                binomial(&mut rng, 3_000_000_000, ratio(1, 2)),
                hypergeometric(&mut rng, 10_000_000, 20_000_000, 7_000_000),
            )
        };
        assert_eq!(run(42), run(42));
    }
}
