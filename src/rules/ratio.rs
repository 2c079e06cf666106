//! Exact non-negative fractions for the rates and probabilities of the rules.
//!
//! A [`Ratio`] is written `"1/10"` in a ruleset file (a plain `"3"` means `3/1`).
//! Game arithmetic is exact: a ratio multiplies a count with an explicit rounding
//! (`floor`, `ceil`, `round_half_up`), never through floating point.

use std::cmp::Ordering;
use std::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A non-negative fraction `num / den`, `den > 0`, kept in lowest terms by the
/// constructors (a file may hold `"2/20"`: it is read as is and compares equal to
/// `"1/10"`).
#[derive(Clone, Copy, Debug, Eq)]
pub struct Ratio {
    pub num: u64,
    pub den: u64,
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Ratio {
    pub const ZERO: Ratio = Ratio { num: 0, den: 1 };
    pub const ONE: Ratio = Ratio { num: 1, den: 1 };

    /// `num / den` in lowest terms; `None` when `den == 0`.
    pub fn new(num: u64, den: u64) -> Option<Ratio> {
        if den == 0 {
            return None;
        }
        let g = gcd(num, den).max(1);
        Some(Ratio {
            num: num / g,
            den: den / g,
        })
    }

    /// The whole number `n`.
    pub const fn whole(n: u64) -> Ratio {
        Ratio { num: n, den: 1 }
    }

    /// True when the denominator is not zero (a hand-built or parsed value may break it).
    pub fn is_valid(self) -> bool {
        self.den != 0
    }

    /// `self + other`, `None` on overflow or an invalid operand.
    pub fn checked_add(self, other: Ratio) -> Option<Ratio> {
        let num = u128::from(self.num) * u128::from(other.den)
            + u128::from(other.num) * u128::from(self.den);
        let den = u128::from(self.den) * u128::from(other.den);
        reduce128(num, den)
    }

    /// `self × other`, `None` on overflow or an invalid operand.
    pub fn checked_mul(self, other: Ratio) -> Option<Ratio> {
        reduce128(
            u128::from(self.num) * u128::from(other.num),
            u128::from(self.den) * u128::from(other.den),
        )
    }

    /// `self × k` for a whole `k`, `None` on overflow.
    pub fn checked_scale(self, k: u64) -> Option<Ratio> {
        self.checked_mul(Ratio::whole(k))
    }

    /// `floor(n × self)`; 0 for an invalid ratio.
    pub fn floor_of(self, n: u64) -> u64 {
        if self.den == 0 {
            return 0;
        }
        let product = u128::from(n) * u128::from(self.num);
        clamp_u64(product / u128::from(self.den))
    }

    /// `ceil(n × self)`; 0 for an invalid ratio.
    pub fn ceil_of(self, n: u64) -> u64 {
        if self.den == 0 {
            return 0;
        }
        let product = u128::from(n) * u128::from(self.num);
        clamp_u64(product.div_ceil(u128::from(self.den)))
    }

    /// `n × self` rounded to the nearest integer, halves rounded up; 0 for an invalid ratio.
    pub fn round_half_up_of(self, n: u64) -> u64 {
        if self.den == 0 {
            return 0;
        }
        let product = u128::from(n) * u128::from(self.num);
        let den = u128::from(self.den);
        clamp_u64((2 * product + den) / (2 * den))
    }

    /// `n × self` split into its whole part and the remaining fraction (`< 1`):
    /// the "integer part certain, fractional part = probability of one more" rule
    /// of growth and conversion.
    pub fn split_of(self, n: u64) -> (u64, Ratio) {
        if self.den == 0 {
            return (0, Ratio::ZERO);
        }
        let product = u128::from(n) * u128::from(self.num);
        let den = u128::from(self.den);
        let whole = clamp_u64(product / den);
        let rest = reduce128(product % den, den).unwrap_or(Ratio::ZERO);
        (whole, rest)
    }

    /// True when the value is at most one (a probability).
    pub fn is_probability(self) -> bool {
        self.den != 0 && self.num <= self.den
    }

    /// The value as a percentage with its fraction, e.g. `17.5` for `7/40` (display only).
    pub fn percent_text(self) -> String {
        if self.den == 0 {
            return "?".into();
        }
        let tenths_thousand = u128::from(self.num) * 100_000 / u128::from(self.den);
        let whole = tenths_thousand / 1000;
        let frac = tenths_thousand % 1000;
        if frac == 0 {
            format!("{whole}")
        } else {
            let text = format!("{whole}.{frac:03}");
            text.trim_end_matches('0').to_string()
        }
    }

    /// Parses `"a/b"` or `"a"` (spaces allowed around the parts).
    pub fn parse(text: &str) -> Result<Ratio, String> {
        let text = text.trim();
        let (num, den) = match text.split_once('/') {
            Some((num, den)) => (num.trim(), den.trim()),
            None => (text, "1"),
        };
        let num: u64 = num.parse().map_err(|_| {
            format!("expected a fraction \"a/b\" of whole numbers, found \"{text}\"")
        })?;
        let den: u64 = den.parse().map_err(|_| {
            format!("expected a fraction \"a/b\" of whole numbers, found \"{text}\"")
        })?;
        if den == 0 {
            return Err(format!("the denominator of \"{text}\" is zero"));
        }
        Ok(Ratio { num, den })
    }
}

fn clamp_u64(value: u128) -> u64 {
    u64::try_from(value).unwrap_or(u64::MAX)
}

fn reduce128(num: u128, den: u128) -> Option<Ratio> {
    if den == 0 {
        return None;
    }
    let mut a = num;
    let mut b = den;
    while b != 0 {
        (a, b) = (b, a % b);
    }
    let g = a.max(1);
    Some(Ratio {
        num: u64::try_from(num / g).ok()?,
        den: u64::try_from(den / g).ok()?,
    })
}

impl PartialEq for Ratio {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ratio {
    /// Compares the values (`1/2 == 2/4`); an invalid ratio (den 0) sorts as infinite.
    fn cmp(&self, other: &Self) -> Ordering {
        (u128::from(self.num) * u128::from(other.den))
            .cmp(&(u128::from(other.num) * u128::from(self.den)))
    }
}

impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

impl Serialize for Ratio {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Ratio {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct RatioVisitor;
        impl Visitor<'_> for RatioVisitor {
            type Value = Ratio;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a fraction written as a string, e.g. \"1/10\"")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Ratio, E> {
                Ratio::parse(text).map_err(E::custom)
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Ratio, E> {
                Ok(Ratio::whole(n))
            }
        }
        deserializer.deserialize_any(RatioVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_is_exact() {
        let r = Ratio::new(67, 100).unwrap_or(Ratio::ZERO);
        // 18 × 0.67 = 12.06 → ceil 13 (the book's Miria shot).
        assert_eq!(r.ceil_of(18), 13);
        assert_eq!(r.floor_of(18), 12);
        let third = Ratio::new(1, 3).unwrap_or(Ratio::ZERO);
        assert_eq!(third.floor_of(30), 10);
        assert_eq!(third.ceil_of(31), 11);
        let half = Ratio::new(1, 2).unwrap_or(Ratio::ZERO);
        assert_eq!(half.round_half_up_of(5), 3);
        assert_eq!(half.round_half_up_of(4), 2);
    }

    #[test]
    fn parse_and_compare() {
        assert_eq!(Ratio::parse("2/20"), Ok(Ratio { num: 2, den: 20 }));
        assert_eq!(
            Ratio::parse("2/20").unwrap_or(Ratio::ZERO),
            Ratio::new(1, 10).unwrap_or(Ratio::ONE)
        );
        assert_eq!(Ratio::parse(" 3 "), Ok(Ratio::whole(3)));
        assert!(Ratio::parse("1/0").is_err());
        assert!(Ratio::parse("0.1").is_err());
        assert_eq!(
            Ratio::new(7, 40).map(Ratio::percent_text).as_deref(),
            Some("17.5")
        );
        assert_eq!(
            Ratio::new(1, 10).map(Ratio::percent_text).as_deref(),
            Some("10")
        );
    }

    #[test]
    fn split_gives_certain_part_and_chance() {
        let growth = Ratio::new(1, 10).unwrap_or(Ratio::ZERO);
        assert_eq!(
            growth.split_of(63),
            (6, Ratio::new(3, 10).unwrap_or(Ratio::ZERO))
        );
        assert_eq!(
            growth.split_of(7),
            (0, Ratio::new(7, 10).unwrap_or(Ratio::ZERO))
        );
        assert_eq!(growth.split_of(50), (5, Ratio::ZERO));
    }
}
