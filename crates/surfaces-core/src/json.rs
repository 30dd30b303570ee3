//! `serde_json`'s readers of JSON text, for every crate of the workspace.
//!
//! `serde_json`'s reader is generic, so each crate that calls it gets a copy of its own, built
//! at that crate's opt-level: the A2A crate, the JS binding and the console, built for size,
//! had their own copies beside the core's, each with the float reader and the rest of the
//! number parsing (the headless `.wasm` held two of every one, 6 KB gzipped). Called through
//! these functions, built here, there is one copy, the core's. Other crates read their own
//! types from the `Value` one of these builds (`serde_json::from_value`), or through a reader
//! the core gives the type ([`crate::a2ui::Limits::from_json`]).

use serde::de::{DeserializeSeed, Deserializer as _, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use std::fmt;

/// `text` read into a `Value`, as `serde_json::from_str` reads it.
#[inline(never)]
pub fn read_value(text: &str) -> Result<Value, serde_json::Error> {
    serde_json::from_str(text)
}

/// `text`, a JSON string, read into its characters, as `serde_json::from_str` reads it.
#[inline(never)]
pub fn read_string(text: &str) -> Result<String, serde_json::Error> {
    serde_json::from_str(text)
}

/// Whether [`read_value`] would read `text`, building nothing: what `serde_json` would refuse
/// in building it (nesting past 128, a number no float holds, an escape that is half a
/// surrogate pair, text after the value), through a visitor that keeps nothing.
/// (`serde::de::IgnoredAny` is not that: `serde_json` skips its numbers unread.)
#[inline(never)]
pub fn value_reads(text: &str) -> Result<(), serde_json::Error> {
    let mut d = serde_json::Deserializer::from_str(text);
    (&mut d).deserialize_any(Nothing)?;
    d.end()
}

/// Reads any value as `serde_json` reads one to build a `Value`, keeping nothing.
#[derive(Clone, Copy)]
struct Nothing;

impl<'de> DeserializeSeed<'de> for Nothing {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Nothing {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(self)?.is_some() {}
        Ok(())
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while map.next_key_seed(self)?.is_some() {
            map.next_value_seed(self)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_reads_refuses_what_read_value_refuses() {
        let deep = format!("{}{}", "[".repeat(129), "]".repeat(129));
        for text in [
            "1",
            "[1.5e3, -2, true, null, \"a\"]",
            r#"{"a": {"b": [1, 2]}}"#,
            "1e400",
            r#""\ud800""#,
            "[1] 2",
            "[1,]",
            &deep,
        ] {
            assert_eq!(
                value_reads(text).is_ok(),
                read_value(text).is_ok(),
                "{text:.40}"
            );
        }
        assert!(value_reads("1e400").is_err());
        assert!(value_reads(&deep).is_err());
        assert!(value_reads(r#"{"a": [1, {"b": null}]}"#).is_ok());
        assert_eq!(read_string(r#""a\nb""#).unwrap(), "a\nb");
        assert!(read_string("1").is_err());
    }
}
