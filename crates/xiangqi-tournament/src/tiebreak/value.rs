//! [`Value`]: what a criterion gives one participant.

use alloc::vec::Vec;
use core::fmt;

use crate::points::Points;

/// The value of a criterion for one participant.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// A number of points.
    Points(Points),
    /// A count (games, fouls, a lot number, a head-to-head level).
    Count(i64),
    /// A sequence compared element by element (the CXA tails).
    List(Vec<Points>),
    /// The criterion does not apply to this tie (for example head-to-head in a tie of three, pair-only mode).
    NotApplicable,
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Points(p) => write!(f, "{p}"),
            Value::Count(n) => write!(f, "{n}"),
            Value::List(items) => {
                f.write_str("[")?;
                for (i, p) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{p}")?;
                }
                f.write_str("]")
            }
            Value::NotApplicable => f.write_str("n/a"),
        }
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::Value;
    use crate::points::Points;
    use alloc::vec::Vec;
    use core::fmt;
    use serde::de::{self, SeqAccess, Visitor};
    use serde::ser::SerializeSeq;

    /// Points as strings (`"5.5"`), counts as integers, lists as arrays of strings, not applicable as `null`.
    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    impl serde::Serialize for Value {
        fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            match self {
                Value::Points(p) => p.serialize(serializer),
                Value::Count(n) => serializer.serialize_i64(*n),
                Value::List(items) => {
                    let mut seq = serializer.serialize_seq(Some(items.len()))?;
                    for p in items {
                        seq.serialize_element(p)?;
                    }
                    seq.end()
                }
                Value::NotApplicable => serializer.serialize_none(),
            }
        }
    }

    /// The forms that `Serialize` writes: a string is points, an integer a count, an array a list of points, `null`
    /// not applicable.
    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    impl<'de> serde::Deserialize<'de> for Value {
        fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Value, D::Error> {
            struct ValueVisitor;
            impl<'de> Visitor<'de> for ValueVisitor {
                type Value = Value;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a criterion value: points as a string, a count, an array of points, or null")
                }
                fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
                    v.parse().map(Value::Points).map_err(E::custom)
                }
                fn visit_i64<E: de::Error>(self, v: i64) -> Result<Value, E> {
                    Ok(Value::Count(v))
                }
                fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value, E> {
                    i64::try_from(v).map(Value::Count).map_err(|_| E::custom("count out of range"))
                }
                fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
                    let mut items = Vec::new();
                    while let Some(p) = seq.next_element::<Points>()? {
                        items.push(p);
                    }
                    Ok(Value::List(items))
                }
                fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
                    Ok(Value::NotApplicable)
                }
                fn visit_none<E: de::Error>(self) -> Result<Value, E> {
                    Ok(Value::NotApplicable)
                }
            }
            deserializer.deserialize_any(ValueVisitor)
        }
    }
}
