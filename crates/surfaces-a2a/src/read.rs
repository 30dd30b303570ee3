//! An answer's or event's JSON read into values, except each part's data, kept as its text.
//!
//! A part's data is the agent's payload (an A2UI part's envelopes, up to `partBytes`); what
//! is around it is a few fields of fixed shape. Built into values, then walked again by the
//! store, a chat log's part cost about three times what the store's text reader takes for
//! the same text (`A2aTask.ingest`, BENCHMARKS.md). So the data is kept as the text it came
//! as: an A2UI part goes to that reader, and other data becomes values only when it is
//! shown ([`DataText::value`]).
//!
//! Kept as text: the `data` of every object in a `parts` array, and the `value` of such an
//! object's `content` (`@a2a-js/sdk`'s `{content: {$case, value}}`). Those places hold a
//! string of JSON text in the values this reader makes, and only this crate's part readers
//! look there, so nothing reads them as the agent's own strings.

use std::fmt;

use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use surfaces_core::{Code, Finding};

/// Where in the fixed shape a value is: what the names of its members mean.
#[derive(Clone, Copy, PartialEq)]
enum At {
    Any,
    /// The value of a `parts` member.
    Parts,
    /// An element of a `parts` array.
    Part,
    /// A part's `content`.
    Content,
}

/// Reads `text` as JSON, with the places above kept as their text (see the module's comment).
/// Its depth is `serde_json`'s to bound (128), as for any value; a kept text is only
/// scanned here, never built, and its depth is checked where it is read.
pub(crate) fn parse(text: &str) -> serde_json::Result<Value> {
    let mut d = serde_json::Deserializer::from_str(text);
    let v = Seed(At::Any).deserialize(&mut d)?;
    d.end()?;
    Ok(v)
}

struct Seed(At);

impl<'de> DeserializeSeed<'de> for Seed {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

/// A kept place: the value's text, as a string.
struct Kept;

impl<'de> DeserializeSeed<'de> for Kept {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        let raw = <&RawValue>::deserialize(d)?;
        Ok(Value::String(raw.get().to_string()))
    }
}

impl<'de> Visitor<'de> for Seed {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }
    fn visit_i64<E>(self, n: i64) -> Result<Value, E> {
        Ok(Value::from(n))
    }
    fn visit_u64<E>(self, n: u64) -> Result<Value, E> {
        Ok(Value::from(n))
    }
    fn visit_f64<E>(self, n: f64) -> Result<Value, E> {
        // JSON text holds no NaN or infinity, so this is a number.
        Ok(Value::from(n))
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<Value, E> {
        Ok(Value::String(s.to_string()))
    }
    fn visit_string<E>(self, s: String) -> Result<Value, E> {
        Ok(Value::String(s))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let inner = if self.0 == At::Parts {
            At::Part
        } else {
            At::Any
        };
        let mut out = Vec::new();
        while let Some(v) = seq.next_element_seed(Seed(inner))? {
            out.push(v);
        }
        Ok(Value::Array(out))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let v = match (self.0, key.as_str()) {
                (At::Part, "data") | (At::Content, "value") => map.next_value_seed(Kept)?,
                (At::Part, "content") => map.next_value_seed(Seed(At::Content))?,
                (_, "parts") => map.next_value_seed(Seed(At::Parts))?,
                _ => map.next_value_seed(Seed(At::Any))?,
            };
            // The last of a key given twice, as `serde_json` keeps it.
            out.insert(key, v);
        }
        Ok(Value::Object(out))
    }
}

/// A data part's `data`: the JSON text the agent sent, read into values only when shown.
#[derive(Clone)]
pub struct DataText(String);

impl DataText {
    /// From a place [`parse`] kept; `None` for any other value.
    pub(crate) fn kept(v: &Value) -> Option<DataText> {
        v.as_str().map(|s| DataText(s.to_string()))
    }

    /// The data as sent (valid JSON: [`parse`] read it).
    pub fn text(&self) -> &str {
        &self.0
    }

    /// The text without the white space between its tokens (strings are kept as they are,
    /// numbers as the agent spelled them): what `partBytes` bounds.
    pub fn unspaced(&self) -> String {
        let mut out = Vec::with_capacity(self.0.len());
        let (mut in_string, mut escaped) = (false, false);
        for &b in self.0.as_bytes() {
            if in_string {
                out.push(b);
                if escaped {
                    escaped = false;
                } else if b == b'\\' {
                    escaped = true;
                } else if b == b'"' {
                    in_string = false;
                }
            } else if !matches!(b, b' ' | b'\t' | b'\n' | b'\r') {
                in_string = b == b'"';
                out.push(b);
            }
        }
        // Only ASCII bytes outside strings were left out, so the text is still UTF-8.
        String::from_utf8(out).unwrap_or_else(|_| self.0.clone())
    }

    /// The data as values. Past `serde_json`'s nesting limit (128) it is a finding (its
    /// path the caller's to give): the text was only scanned, so this is where its depth
    /// is checked.
    pub fn value(&self) -> Result<Value, Finding> {
        serde_json::from_str(&self.0).map_err(|e| {
            Finding::new(
                Code::A2aResponseInvalid,
                "",
                format!("A data part's `data` cannot be read ({e})."),
            )
        })
    }
}

impl fmt::Debug for DataText {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        // Escaped, as a string's `Debug` is: the agent's text may hold control characters.
        f.debug_tuple("DataText").field(&self.0).finish()
    }
}

/// Equal when the values are: the same data with other spacing or key order is the same.
impl PartialEq for DataText {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0 || matches!((self.value(), other.value()), (Ok(a), Ok(b)) if a == b)
    }
}

impl serde::Serialize for DataText {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.value()
            .map_err(|f| serde::ser::Error::custom(f.message))?
            .serialize(s)
    }
}
