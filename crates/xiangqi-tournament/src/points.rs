//! Exact points: integers counted in quarter points, never floats.

use core::fmt;
use core::iter::Sum;
use core::ops::{Add, AddAssign, Mul, Neg, Sub};
use core::str::FromStr;

/// An exact number of points.
///
/// Scores in the rule books are whole or half points (2/1/0, or 1/½/0). Sonneborn-Berger (小分) adds *half* an
/// opponent's score for a draw, so half of a half point must stay exact too: a `Points` value is stored as an
/// integer count of **quarter points**. No floating-point number is used anywhere in this crate.
///
/// `Display` writes the shortest decimal form (`4`, `5.5`, `4.75`, `-1`); `FromStr` reads the same forms
/// (also `½`, as in `3½`).
///
/// ```
/// use xiangqi::tournament::Points;
/// let p: Points = "5.5".parse()?;
/// assert_eq!(p, Points::from_half_points(11));
/// assert_eq!(p.half().to_string(), "2.75");
/// # Ok::<_, xiangqi::tournament::ParsePointsError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(i64);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);

    /// `n` whole points.
    #[must_use]
    pub const fn whole(n: i64) -> Points {
        Points(n * 4)
    }

    /// `n` half points (`from_half_points(3)` is 1.5).
    #[must_use]
    pub const fn from_half_points(n: i64) -> Points {
        Points(n * 2)
    }

    /// `n` quarter points.
    #[must_use]
    pub const fn from_quarters(n: i64) -> Points {
        Points(n)
    }

    /// The value as a count of quarter points.
    #[must_use]
    pub const fn quarters(self) -> i64 {
        self.0
    }

    /// Whether the value is a whole number of half points.
    #[must_use]
    pub const fn is_half_point_multiple(self) -> bool {
        self.0 % 2 == 0
    }

    /// Half of the value, exact when the value is a multiple of half a point (always the case for scores).
    /// A quarter point that cannot be halved is rounded towards zero.
    #[must_use]
    pub const fn half(self) -> Points {
        Points(self.0 / 2)
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, rhs: Points) -> Points {
        Points(self.0.saturating_add(rhs.0))
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, rhs: Points) {
        *self = *self + rhs;
    }
}

impl Sub for Points {
    type Output = Points;
    fn sub(self, rhs: Points) -> Points {
        Points(self.0.saturating_sub(rhs.0))
    }
}

impl Neg for Points {
    type Output = Points;
    fn neg(self) -> Points {
        Points(self.0.saturating_neg())
    }
}

impl Mul<i64> for Points {
    type Output = Points;
    fn mul(self, rhs: i64) -> Points {
        Points(self.0.saturating_mul(rhs))
    }
}

impl Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        let whole = abs / 4;
        match abs % 4 {
            0 => write!(f, "{sign}{whole}"),
            1 => write!(f, "{sign}{whole}.25"),
            2 => write!(f, "{sign}{whole}.5"),
            _ => write!(f, "{sign}{whole}.75"),
        }
    }
}

xiangqi_board::parse_error! {
    /// A string that is not a number of points (whole, or with `.25`, `.5`, `.75` or `½`).
    pub struct ParsePointsError: "points", "a whole number, or one ending in .25, .5, .75 or ½"
}

impl FromStr for Points {
    type Err = ParsePointsError;

    fn from_str(s: &str) -> Result<Points, ParsePointsError> {
        let error = || ParsePointsError::new(s);
        let (negative, body) = match s.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, s),
        };
        let (whole, fraction) = if let Some(w) = body.strip_suffix('½') {
            (w, 2)
        } else if let Some((w, frac)) = body.split_once('.') {
            let quarters = match frac {
                "0" | "00" => 0,
                "25" => 1,
                "5" | "50" => 2,
                "75" => 3,
                _ => return Err(error()),
            };
            (w, quarters)
        } else {
            (body, 0)
        };
        if whole.is_empty() && fraction == 0 || !whole.bytes().all(|b| b.is_ascii_digit()) || whole.len() > 15 {
            return Err(error());
        }
        let whole: i64 = if whole.is_empty() { 0 } else { whole.parse().map_err(|_| error())? };
        let quarters = whole * 4 + fraction;
        Ok(Points(if negative { -quarters } else { quarters }))
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::Points;
    use core::fmt;
    use serde::de::{self, Visitor};

    /// Points are written as strings (`"5.5"`) so that no JSON reader turns them into floats.
    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    impl serde::Serialize for Points {
        fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_str(self)
        }
    }

    /// Points are read from a string (`"1.5"`) or a JSON integer (`2`); a JSON float is refused.
    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    impl<'de> serde::Deserialize<'de> for Points {
        fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Points, D::Error> {
            deserializer.deserialize_any(PointsVisitor)
        }
    }

    struct PointsVisitor;

    impl Visitor<'_> for PointsVisitor {
        type Value = Points;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("points as an integer or a string such as \"1.5\"")
        }

        fn visit_i64<E: de::Error>(self, v: i64) -> Result<Points, E> {
            if v.unsigned_abs() > 1 << 40 {
                return Err(E::custom("points out of range"));
            }
            Ok(Points::whole(v))
        }

        fn visit_u64<E: de::Error>(self, v: u64) -> Result<Points, E> {
            let v = i64::try_from(v).map_err(|_| E::custom("points out of range"))?;
            self.visit_i64(v)
        }

        fn visit_f64<E: de::Error>(self, _: f64) -> Result<Points, E> {
            Err(E::custom("points must be an integer or a string such as \"1.5\", never a float"))
        }

        fn visit_str<E: de::Error>(self, v: &str) -> Result<Points, E> {
            v.parse().map_err(E::custom)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn display_and_parse_round_trip() {
        for q in -13..=13 {
            let p = Points::from_quarters(q);
            assert_eq!(p.to_string().parse::<Points>(), Ok(p), "{q}");
        }
        assert_eq!("3½".parse::<Points>(), Ok(Points::from_half_points(7)));
        assert_eq!(Points::from_quarters(-3).to_string(), "-0.75");
        for bad in ["", "-", "1.3", "x", "1.", ".", "1e3", "99999999999999999"] {
            assert!(bad.parse::<Points>().is_err(), "{bad}");
        }
    }
}
