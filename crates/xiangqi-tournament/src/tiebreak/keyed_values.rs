//! A row's values as a JSON object keyed by criterion, in ranking order (`serde(with)` of
//! [`Row::values`](crate::Row::values)).

use super::criterion::Criterion;
use super::value::Value;
use alloc::vec::Vec;
use core::fmt;
use serde::de::{self, MapAccess, Visitor};
use serde::ser::SerializeMap;

pub(crate) fn serialize<S: serde::Serializer>(values: &[(Criterion, Value)], serializer: S) -> Result<S::Ok, S::Error> {
    let mut map = serializer.serialize_map(Some(values.len()))?;
    for (criterion, value) in values {
        map.serialize_entry(criterion, value)?;
    }
    map.end()
}

pub(crate) fn deserialize<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<(Criterion, Value)>, D::Error> {
    struct KeyedVisitor;
    impl<'de> Visitor<'de> for KeyedVisitor {
        type Value = Vec<(Criterion, Value)>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("an object of criterion keys and values")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut values: Vec<(Criterion, Value)> = Vec::new();
            while let Some((criterion, value)) = map.next_entry::<Criterion, Value>()? {
                if values.iter().any(|(c, _)| *c == criterion) {
                    return Err(de::Error::custom(alloc::format!("criterion {criterion} appears twice")));
                }
                values.push((criterion, value));
            }
            Ok(values)
        }
    }
    deserializer.deserialize_map(KeyedVisitor)
}
