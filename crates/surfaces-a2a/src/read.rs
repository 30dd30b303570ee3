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
//!
//! How: a scan of the event's structure (the kept texts' syntax checked by
//! `json_scan::value_end`, no value built) writes the event again with each kept place as a
//! numbered placeholder; `serde_json` reads that into values; and the placeholders are put
//! back as the texts. Not `serde_json`'s `raw_value` feature: turned on in one crate, it is
//! on in every crate of the build, and makes an agent's object keyed
//! `$serde_json::private::RawValue` a marker that is read as JSON text (the A2UI case "keys
//! serde_json reserves are ordinary keys" holds the core to that).

use std::fmt;
use std::ops::Range;

use serde::de::Error as _;
use serde_json::Value;
use surfaces_core::json_scan::{skip_ws, value_end, value_end_within, Unscanned};
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
    /// A place kept as its text.
    Kept,
}

impl At {
    /// The place of the member `key` of an object at `self`.
    fn member(self, key: &str) -> At {
        match (self, key) {
            (At::Part, "data") | (At::Content, "value") => At::Kept,
            (At::Part, "content") => At::Content,
            (_, "parts") => At::Parts,
            _ => At::Any,
        }
    }

    /// The place of an element of an array at `self`.
    fn element(self) -> At {
        if self == At::Parts {
            At::Part
        } else {
            At::Any
        }
    }
}

/// Containers the scan follows outside kept places: `serde_json` reads no deeper (128).
const MAX_DEPTH: usize = 128;

/// JSON values an event may hold, each kept text counted as one. Built, a value takes far
/// more room than its text: a one-member object 7 bytes long is a B-tree node of about 400
/// bytes in wasm32, so a 1.1 MB event of them was about 50 MB of values before any limit
/// on what they mean (parts, turns) was checked. Counted by the scan, before any is built,
/// this bounds the values to a few MB. The largest answer a conversation sends, a task with
/// its history, holds about 15 values a message: room for some 2,000.
pub const MAX_VALUES: usize = 32_768;

/// Why a text was not read.
#[derive(Debug)]
pub(crate) enum Unread {
    /// Not JSON, or nested deeper than the reader follows.
    NotJson(serde_json::Error),
    /// More than [`MAX_VALUES`] values.
    TooManyValues,
}

impl Unread {
    /// The finding on an answer or event: `not_json` makes the one for text that is not
    /// JSON, in the caller's words.
    pub(crate) fn finding(self, not_json: impl FnOnce(serde_json::Error) -> Finding) -> Finding {
        match self {
            Unread::NotJson(e) => not_json(e),
            Unread::TooManyValues => {
                too_many_values("The answer or event", " (a part's data counted as one)")
            }
        }
    }
}

/// `a2a-stream-event-too-large` for `what` past [`MAX_VALUES`], wherever it is counted.
fn too_many_values(what: &str, counted: &str) -> Finding {
    Finding::new(
        Code::A2aStreamEventTooLarge,
        "",
        format!(
            "{what} holds more than {MAX_VALUES} JSON values{counted}; the limit is {MAX_VALUES}."
        ),
    )
}

/// A kept text read into values, counted first as an event is: past [`MAX_VALUES`] nothing
/// is built. For data shown as values (a part that is not A2UI, a confirmation), which the
/// event's own count took as one value.
pub(crate) fn kept_value(text: &str) -> Result<Value, Unread> {
    counted(text)?;
    // Syntax was checked when the event was read; `serde_json` says what else is wrong.
    Ok(surfaces_core::json::read_value(text)?)
}

/// Whether [`kept_value`] would read `text`, building nothing: what it counts, then what
/// `serde_json` would refuse in building it ([`surfaces_core::json::value_reads`]).
pub(crate) fn kept_value_reads(text: &str) -> Result<(), Unread> {
    counted(text)?;
    Ok(surfaces_core::json::value_reads(text)?)
}

fn counted(text: &str) -> Result<(), Unread> {
    let b = text.as_bytes();
    match value_end_within(b, skip_ws(b, 0), MAX_VALUES) {
        Err(Unscanned::TooManyValues) => Err(Unread::TooManyValues),
        _ => Ok(()),
    }
}

impl From<serde_json::Error> for Unread {
    fn from(e: serde_json::Error) -> Unread {
        Unread::NotJson(e)
    }
}

/// Reads `text` as JSON, with the places above kept as their text (see the module's
/// comment). Outside them its depth is `serde_json`'s to bound (128), as for any value; a
/// kept text's syntax is checked here, and its depth by whichever reader builds it (the
/// store's, or [`DataText::value`]). Nothing is built when the text holds more than
/// [`MAX_VALUES`] values.
pub(crate) fn parse(text: &str) -> Result<Value, Unread> {
    let (skeleton, kept) = skeleton(text)?;
    if kept.is_empty() {
        return Ok(surfaces_core::json::read_value(text)?);
    }
    let mut v = surfaces_core::json::read_value(&skeleton)?;
    put_back(&mut v, text, &kept);
    Ok(v)
}

/// [`parse`] for an answer or event: what refuses it is a finding, `a2a-not-json` naming
/// `what` ("The event") or `a2a-stream-event-too-large`.
pub(crate) fn parse_event(text: &str, what: &str) -> Result<Value, Finding> {
    parse(text).map_err(|u| {
        u.finding(|e| Finding::new(Code::A2aNotJson, "", format!("{what} is not JSON ({e}).")))
    })
}

fn fail(what: &str, at: usize) -> Unread {
    Unread::NotJson(serde_json::Error::custom(format!("{what} at byte {at}")))
}

/// `text` with each kept place written as the string of its number, and the kept ranges
/// (the text is not written again when nothing is kept). Refused past [`MAX_VALUES`] values.
fn skeleton(text: &str) -> Result<(String, Vec<Range<usize>>), Unread> {
    let b = text.as_bytes();
    let mut out = String::new();
    let mut kept: Vec<Range<usize>> = Vec::new();
    let mut copied = 0;
    // Each open container: whether it is an object, and its place.
    let mut open: Vec<(bool, At)> = Vec::new();
    let mut i = skip_ws(b, 0);
    let mut at = At::Any;
    let mut values = 0;
    loop {
        // A value, at `at`.
        values += 1;
        if values > MAX_VALUES {
            return Err(Unread::TooManyValues);
        }
        match b.get(i) {
            Some(b'{' | b'[') if at != At::Kept => {
                if open.len() == MAX_DEPTH {
                    return Err(fail("containers nest too deeply", i));
                }
                let object = b[i] == b'{';
                open.push((object, at));
                i = skip_ws(b, i + 1);
                let close = if object { b'}' } else { b']' };
                if b.get(i) == Some(&close) {
                    open.pop();
                    i += 1;
                } else {
                    (i, at) = next(text, i, object, at)?;
                    continue;
                }
            }
            _ => {
                // A kept value's syntax is checked here (`value_end`), whoever reads it: some
                // kept places nobody reads (a text part's `data`, a `parts` list under
                // `metadata`), and what is not JSON is refused as the whole event. Not its
                // depth: no value is built, and the reader that builds one has its own limit.
                let end = value_end(b, i).ok_or_else(|| fail("expected a value", i))?;
                if at == At::Kept {
                    out.push_str(&text[copied..i]);
                    out.push('"');
                    out.push_str(&kept.len().to_string());
                    out.push('"');
                    copied = end;
                    kept.push(i..end);
                }
                i = end;
            }
        }
        // After a value: the next member or element, or the containers it closes.
        loop {
            i = skip_ws(b, i);
            let Some(&(object, place)) = open.last() else {
                if i != b.len() {
                    return Err(fail("trailing characters", i));
                }
                if !kept.is_empty() {
                    out.push_str(&text[copied..]);
                }
                return Ok((out, kept));
            };
            match (b.get(i), object) {
                (Some(b','), _) => {
                    (i, at) = next(text, skip_ws(b, i + 1), object, place)?;
                    break;
                }
                (Some(b'}'), true) | (Some(b']'), false) => {
                    open.pop();
                    i += 1;
                }
                _ => return Err(fail("expected `,` or the end of a container", i)),
            }
        }
    }
}

/// The start and place of the next value in a container at `place`: after a member's key
/// and `:` in an object, or at `i` in an array.
fn next(text: &str, i: usize, object: bool, place: At) -> Result<(usize, At), Unread> {
    if !object {
        return Ok((skip_ws(text.as_bytes(), i), place.element()));
    }
    let b = text.as_bytes();
    if b.get(i) != Some(&b'"') {
        return Err(fail("expected a key", i));
    }
    let end = value_end(b, i).ok_or_else(|| fail("expected a key", i))?;
    let raw = &text[i..end];
    // A key with an escape is compared as `serde_json` reads it.
    let decoded;
    let key = if raw.contains('\\') {
        decoded = surfaces_core::json::read_string(raw)?;
        decoded.as_str()
    } else {
        &raw[1..raw.len() - 1]
    };
    let colon = skip_ws(b, end);
    if b.get(colon) != Some(&b':') {
        return Err(fail("expected `:`", colon));
    }
    Ok((skip_ws(b, colon + 1), place.member(key)))
}

/// Puts each kept text back where [`skeleton`] left its number, walking the same places
/// (an explicit stack: the depth is at most [`MAX_DEPTH`]).
fn put_back(v: &mut Value, text: &str, kept: &[Range<usize>]) {
    let mut todo: Vec<(&mut Value, At)> = vec![(v, At::Any)];
    while let Some((v, at)) = todo.pop() {
        match v {
            Value::Object(o) => {
                for (k, child) in o.iter_mut() {
                    let place = at.member(k);
                    if place == At::Kept {
                        let n = child.as_str().and_then(|n| n.parse::<usize>().ok());
                        if let Some(range) = n.and_then(|n| kept.get(n)) {
                            *child = Value::String(text[range.clone()].to_string());
                        }
                    } else {
                        todo.push((child, place));
                    }
                }
            }
            Value::Array(a) => todo.extend(a.iter_mut().map(|child| (child, at.element()))),
            _ => {}
        }
    }
}

/// A data part's `data`: the JSON text the agent sent (without the white space between its
/// tokens once a task shows it), read into values only when shown; and whether it was
/// found readable so ([`DataText::shown`]).
#[derive(Clone)]
pub struct DataText(String, bool);

impl DataText {
    /// From a place [`parse`] kept; `None` for any other value.
    pub(crate) fn kept(v: &Value) -> Option<DataText> {
        v.as_str().map(|s| DataText(s.to_string(), false))
    }

    /// The JSON text of a value this side made (what a person sends).
    pub fn of(v: &Value) -> DataText {
        DataText(v.to_string(), false)
    }

    /// The data as sent (in a task's turns, without its spaces): JSON, whose syntax the
    /// event's reader checked without building a value (so not its depth: what reads it
    /// next checks that, as the store's reader and [`DataText::value`] do).
    pub fn text(&self) -> &str {
        &self.0
    }

    /// The text without the white space between its tokens (strings are kept as they are,
    /// numbers as the agent spelled them): what `partBytes` bounds.
    pub fn unspaced(&self) -> String {
        let (text, b) = (self.0.as_str(), self.0.as_bytes());
        let mut out = String::with_capacity(text.len());
        let (mut i, mut from) = (0, 0);
        while i < b.len() {
            match b[i] {
                // The text's syntax was checked, so each string ends where `value_end` says.
                b'"' => i = value_end(b, i).unwrap_or(b.len()),
                b' ' | b'\t' | b'\n' | b'\r' => {
                    out.push_str(&text[from..i]);
                    i += 1;
                    from = i;
                }
                _ => i += 1,
            }
        }
        out.push_str(&text[from..]);
        out
    }

    /// [`DataText::unspaced`] as a `DataText`, once [`DataText::check`]ed: what a task keeps
    /// of data it shows.
    pub(crate) fn shown(self) -> Result<DataText, Finding> {
        self.check()?;
        Ok(DataText(self.unspaced(), true))
    }

    /// The data as values. Data nested past `serde_json`'s limit (128), or holding more
    /// than [`MAX_VALUES`] JSON values (counted before any is built), is a finding (its path
    /// the caller's to give): this is where that is checked.
    pub fn value(&self) -> Result<Value, Finding> {
        kept_value(&self.0).map_err(Self::unread)
    }

    /// What [`DataText::value`] would say of the data, with no value built: what a task
    /// checks of data it keeps to show.
    pub(crate) fn check(&self) -> Result<(), Finding> {
        kept_value_reads(&self.0).map_err(Self::unread)
    }

    fn unread(u: Unread) -> Finding {
        match u {
            Unread::NotJson(e) => Finding::new(
                Code::A2aResponseInvalid,
                "",
                format!("A data part's `data` cannot be read ({e})."),
            ),
            Unread::TooManyValues => too_many_values("A data part's `data`", ""),
        }
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

/// As its values, read by [`DataText::value`] (so counted first) for the call and dropped:
/// data that reader refuses cannot be serialized. Written by [`json_with_data_as_sent`], the
/// text itself, once checked.
impl serde::Serialize for DataText {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if SPLICING.get() {
            if !self.1 {
                self.check()
                    .map_err(|f| serde::ser::Error::custom(f.message))?;
            }
            SPLICED.set(Some(self.0.clone()));
            // `Splice` writes the text in this empty string's place, and takes it. Left
            // untaken, a serializer of another kind wrote the string: an empty one where
            // the data goes, and the text would go in the next string `Splice` writes.
            let done = s.serialize_str("");
            if SPLICED.take().is_some() {
                return Err(serde::ser::Error::custom(
                    "data written by another serializer",
                ));
            }
            return done;
        }
        self.value()
            .map_err(|f| serde::ser::Error::custom(f.message))?
            .serialize(s)
    }
}

std::thread_local! {
    /// Whether [`json_with_data_as_sent`] is writing.
    static SPLICING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// The text a `DataText` gives for the string it is about to write.
    static SPLICED: std::cell::Cell<Option<String>> = const { std::cell::Cell::new(None) };
}

/// `value` as JSON text, its `DataText`s written as the text kept (checked as
/// [`DataText::value`] checks it, nothing built). The same values for `JSON.parse`, and its
/// objects' keys in the agent's order; where each was built into values and written again,
/// the first view of data nested 127 deep at the kept bound (2.1 million arrays) took a
/// second in Node, three times its `JSON.parse`. (`serde_json`'s `RawValue` would do
/// this, but its feature makes a key an agent can send a marker in the whole build.)
pub fn json_with_data_as_sent<T: serde::Serialize + ?Sized>(
    value: &T,
) -> Result<String, serde_json::Error> {
    struct Splicing;
    impl Drop for Splicing {
        fn drop(&mut self) {
            SPLICING.set(false);
            SPLICED.set(None);
        }
    }
    let mut out = Vec::new();
    SPLICED.set(None);
    let _on = (SPLICING.replace(true), Splicing);
    let mut w = serde_json::Serializer::with_formatter(&mut out, Splice::default());
    value.serialize(&mut w)?;
    // serde_json writes UTF-8, and the kept texts are `String`s.
    String::from_utf8(out).map_err(|_| serde::ser::Error::custom("not UTF-8"))
}

/// serde_json's compact formatter, but for the string a `DataText` writes while
/// [`json_with_data_as_sent`] writes: the kept text in its place.
#[derive(Default)]
struct Splice {
    raw: bool,
}

impl serde_json::ser::Formatter for Splice {
    fn begin_string<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        match SPLICED.take() {
            Some(text) => {
                self.raw = true;
                w.write_all(text.as_bytes())
            }
            None => w.write_all(b"\""),
        }
    }

    fn end_string<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        if std::mem::take(&mut self.raw) {
            return Ok(());
        }
        w.write_all(b"\"")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a task checks of data it shows is what reading it would refuse: it builds
    /// nothing, so it must refuse what `serde_json` refuses in building, and nothing else.
    #[test]
    fn data_checked_unbuilt_is_refused_as_building_it_is() {
        let nested = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
        let mut cases: Vec<String> = [
            "1e400",
            "-1e400",
            "1e308",
            "[1.7976931348623157e308, 1.8e308]",
            "18446744073709551616",
            "-9223372036854775809",
            r#""\ud800""#,
            r#""\udc00\ud800""#,
            r#""\ud83d\ude00""#,
            r#"{"a": 1, "a": 2}"#,
            r#"{"k": [true, null, {"x": "y"}], "n": -0.0}"#,
            "  [ 1 ,\n 2 ]  ",
        ]
        .map(String::from)
        .to_vec();
        cases.extend((125..=130).map(nested));
        for text in &cases {
            let built = kept_value(text).is_ok();
            assert_eq!(kept_value_reads(text).is_ok(), built, "{text:.40}");
        }
        // Each thing building refuses is among them.
        for refused in ["1e400", r#""\ud800""#, &nested(130)] {
            assert!(kept_value_reads(refused).is_err(), "{refused:.40}");
        }
        // Both say no to more than the count; the check says it as the reading does.
        let many = format!("[{}]", vec!["0"; MAX_VALUES].join(","));
        assert!(matches!(
            kept_value_reads(&many),
            Err(Unread::TooManyValues)
        ));
        assert!(matches!(kept_value(&many), Err(Unread::TooManyValues)));
    }

    /// The text [`json_with_data_as_sent`] writes reads as the values built and written
    /// again did, holds each kept text as it was, and refuses what building refuses.
    #[test]
    fn data_written_as_sent_reads_as_the_values_written_again() {
        #[derive(serde::Serialize)]
        struct Shown {
            empty: String,
            data: Vec<DataText>,
            escaped: String,
        }
        let nested = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
        let texts = [
            r#"{"b": 1, "a": [true, null, {"x": "\u00e9\"\\"}], "n": -0.0, "e": 1E2}"#.to_string(),
            r#"{"a": 1, "a": 2}"#.into(),
            "18446744073709551616".into(),
            "-9223372036854775809".into(),
            "[1.7976931348623157e308, 5e-324, 1e-400, 0.1]".into(),
            r#""\ud83d\ude00 \u2028""#.into(),
            r#""""#.into(),
            nested(100),
        ];
        let shown = Shown {
            empty: String::new(),
            data: texts
                .iter()
                .map(|t| DataText(t.clone(), false).shown().unwrap())
                .collect(),
            escaped: "q\"\\\u{1}".into(),
        };
        let spliced = json_with_data_as_sent(&shown).unwrap();
        let rewritten = serde_json::to_string(&shown).unwrap();
        assert_ne!(spliced, rewritten);
        let read = |t: &str| -> Value { serde_json::from_str(t).unwrap() };
        assert_eq!(read(&spliced), read(&rewritten));
        for d in &shown.data {
            assert!(spliced.contains(d.text()), "{:.40}", d.text());
        }
        assert!(
            spliced.starts_with(r#"{"empty":"","data":[{"b":1,"a":"#),
            "{spliced:.60}"
        );
        // What building refuses is refused, and writing is as before afterwards.
        for refused in ["1e400", r#""\ud800""#, &nested(130)] {
            let one = [DataText(refused.to_string(), false)];
            assert!(json_with_data_as_sent(&one).is_err(), "{refused:.40}");
            assert!(!SPLICING.get());
        }
        // Written by another serializer while splicing: refused, not misplaced.
        struct Inner(DataText);
        impl serde::Serialize for Inner {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let v = serde_json::to_value(&self.0).map_err(serde::ser::Error::custom)?;
                v.serialize(s)
            }
        }
        let inner = (Inner(DataText("[2]".into(), true)), "after");
        assert!(json_with_data_as_sent(&inner).is_err());
        let again = [DataText("[1.0]".into(), false)];
        assert_eq!(serde_json::to_string(&again).unwrap(), "[[1.0]]");
        assert_eq!(json_with_data_as_sent(&again).unwrap(), "[[1.0]]");
    }

    /// `v` with each kept text read back into values, where [`put_back`] put it.
    fn restored(mut v: Value) -> Value {
        let mut todo: Vec<(&mut Value, At)> = vec![(&mut v, At::Any)];
        while let Some((v, at)) = todo.pop() {
            match v {
                Value::Object(o) => {
                    for (k, child) in o.iter_mut() {
                        if at.member(k) == At::Kept {
                            let kept = child.as_str().expect("kept text");
                            assert_eq!(kept.trim(), kept, "a kept text is the value alone");
                            *child = serde_json::from_str(kept).expect("kept text is JSON");
                        } else {
                            todo.push((child, at.member(k)));
                        }
                    }
                }
                Value::Array(a) => todo.extend(a.iter_mut().map(|c| (c, at.element()))),
                _ => {}
            }
        }
        v
    }

    /// A small generator of JSON texts around the kept places: keys that make them (some
    /// escaped, some given twice), every kind of value, white space here and there.
    struct Gen(u64);
    impl Gen {
        fn next(&mut self, n: u64) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 33) % n
        }
        fn ws(&mut self, out: &mut String) {
            out.push_str(["", " ", "\n  ", "\t", ""][self.next(5) as usize]);
        }
        fn value(&mut self, out: &mut String, depth: u32) {
            let kind = if depth > 5 {
                self.next(4)
            } else {
                self.next(7)
            };
            self.pick(out, depth, Some(kind));
        }
        fn pick(&mut self, out: &mut String, depth: u32, kind: Option<u64>) {
            self.ws(out);
            match kind.unwrap_or(4) {
                0 => out.push_str(["0", "-1.5e3", "12", "1E+2"][self.next(4) as usize]),
                1 => out.push_str(["true", "false", "null"][self.next(3) as usize]),
                2 => out.push_str(
                    [r#""""#, r#""a\"b]}""#, r#""\\""#, r#""é \u00e9""#][self.next(4) as usize],
                ),
                3 => out.push_str(r#""text""#),
                4 | 5 => {
                    out.push('{');
                    for i in 0..self.next(4) {
                        if i > 0 {
                            out.push(',');
                        }
                        self.ws(out);
                        let keys = [
                            r#""parts""#,
                            r#""data""#,
                            r#""content""#,
                            r#""value""#,
                            r#""d\u0061ta""#,
                            r#""p\u0061rts""#,
                            r#""x""#,
                            r#""$serde_json::private::RawValue""#,
                        ];
                        let k = self.next(keys.len() as u64) as usize;
                        out.push_str(keys[k]);
                        self.ws(out);
                        out.push(':');
                        if (k == 0 || k == 5) && depth < 5 && self.next(4) > 0 {
                            // Mostly a list of objects, as parts are.
                            self.ws(out);
                            out.push('[');
                            for j in 0..self.next(3) + 1 {
                                if j > 0 {
                                    out.push(',');
                                }
                                self.pick(out, depth + 2, Some(4));
                            }
                            out.push(']');
                        } else {
                            self.value(out, depth + 1);
                        }
                    }
                    self.ws(out);
                    out.push('}');
                }
                _ => {
                    out.push('[');
                    for i in 0..self.next(4) {
                        if i > 0 {
                            out.push(',');
                        }
                        self.value(out, depth + 1);
                    }
                    self.ws(out);
                    out.push(']');
                }
            }
            self.ws(out);
        }
    }

    #[test]
    fn kept_texts_read_back_are_what_serde_json_reads() {
        let mut g = Gen(7);
        let mut kept_any = 0;
        for _ in 0..20_000 {
            let mut text = String::new();
            g.value(&mut text, 0);
            let want: Value = serde_json::from_str(&text).unwrap();
            let got = parse(&text).unwrap_or_else(|e| panic!("{e:?}: {text}"));
            if got != want {
                kept_any += 1;
            }
            assert_eq!(restored(got), want, "{text}");
        }
        assert!(kept_any > 1_000, "{kept_any} texts had a place kept");
    }

    #[test]
    fn a_texts_syntax_is_judged_as_serde_json_judges_it() {
        // Generated texts with one byte changed or taken out: `parse` reads what
        // `serde_json` reads and refuses what it refuses (the changes hit kept places too).
        // Syntax only: in a kept place, a number past a float's range, a lone surrogate or
        // nesting past 128 are left to the reader that builds a value (the generator makes
        // none of them).
        let mut g = Gen(11);
        let (mut read, mut refused) = (0, 0);
        for _ in 0..20_000 {
            let mut text = String::new();
            g.value(&mut text, 0);
            let mut bytes = text.into_bytes();
            let at = g.next(bytes.len() as u64) as usize;
            if !bytes[at].is_ascii() {
                continue;
            }
            const TO: &[u8] = b"{}[],:\" 0tx\\-.e+19u\x01\x0c\x7f";
            match g.next(TO.len() as u64 + 1) as usize {
                n if n == TO.len() => drop(bytes.remove(at)),
                n => bytes[at] = TO[n],
            }
            let Ok(text) = String::from_utf8(bytes) else {
                continue;
            };
            let want = serde_json::from_str::<Value>(&text);
            match parse(&text) {
                Ok(got) => {
                    assert_eq!(restored(got), want.unwrap(), "{text}");
                    read += 1;
                }
                Err(_) => {
                    assert!(want.is_err(), "refused, where serde_json reads it: {text}");
                    refused += 1;
                }
            }
        }
        assert!(
            read > 2_000 && refused > 2_000,
            "{read} read, {refused} refused"
        );
    }

    #[test]
    fn what_serde_json_refuses_is_refused() {
        for text in [
            "",
            "{",
            "[1,]",
            r#"{"a":1,}"#,
            r#"{"a" 1}"#,
            r#"{a:1}"#,
            "[1 2]",
            "{} {}",
            "01x",
            r#"{"parts":[{"data": }]}"#,
            r#"{"parts":[{"data":1]]}"#,
            r#"{"parts":[{"data"}]}"#,
            r#"{"parts":[{"d\uZZZZ":1}]}"#,
        ] {
            assert!(parse(text).is_err(), "{text:?}");
        }
        // Past 128 containers outside a kept place, as `serde_json` refuses.
        let deep = "[".repeat(129) + &"]".repeat(129);
        assert!(parse(&deep).is_err());
        let ok = "[".repeat(127) + &"]".repeat(127);
        assert!(parse(&ok).is_ok());
    }

    #[test]
    fn a_kept_text_is_checked_but_not_built() {
        // Its syntax is checked wherever it is, read or not…
        for data in [
            "[1,,2]",
            "tru",
            "@",
            "{]",
            "[}",
            r#"{"a" 1}"#,
            "1 2",
            r#""a" "b""#,
        ] {
            for text in [
                format!(r#"{{"parts": [{{"data": {data}}}]}}"#),
                format!(r#"{{"parts": [{{"kind": "text", "text": "hi", "data": {data}}}]}}"#),
                format!(r#"{{"metadata": {{"parts": [{{"data": {data}}}]}}}}"#),
                format!(r#"{{"parts": [{{"content": {{"$case": "raw", "value": {data}}}}}]}}"#),
            ] {
                assert!(parse(&text).is_err(), "{text}");
                assert!(serde_json::from_str::<Value>(&text).is_err(), "{text}");
            }
        }
        // …and not its depth: no value is built, and the reader that builds one checks it.
        let deep = "[".repeat(500) + &"]".repeat(500);
        for data in ["[1, 2]", r#""éé""#, deep.as_str()] {
            let text = format!(r#"{{"parts": [{{"data": {data}}}], "n": 1}}"#);
            let v = parse(&text).unwrap();
            assert_eq!(v["parts"][0]["data"], Value::String(data.to_string()));
            assert_eq!(v["n"], 1);
        }
    }

    #[test]
    fn values_are_counted_before_any_is_built() {
        let refused = |text: &str| matches!(parse(text), Err(Unread::TooManyValues));
        // `{"a":[0,…]}`: the object, the array and each zero.
        let zeros = |n: usize| format!(r#"{{"a":[{}]}}"#, vec!["0"; n].join(","));
        assert!(parse(&zeros(MAX_VALUES - 2)).is_ok());
        assert!(refused(&zeros(MAX_VALUES - 1)));
        // One-member objects, the costly kind: the array, and each object and its member.
        let objects = |n: usize| format!("[{}]", vec![r#"{"a":{}}"#; n].join(","));
        assert_eq!(MAX_VALUES % 2, 0);
        assert!(parse(&objects((MAX_VALUES - 2) / 2)).is_ok());
        assert!(refused(&objects(MAX_VALUES / 2)));
        // A part's data is one value, however many it holds, in both kept places…
        let many = vec!["0"; 3 * MAX_VALUES].join(",");
        for text in [
            format!(r#"{{"parts":[{{"data":[{many}]}}]}}"#),
            format!(r#"{{"parts":[{{"content":{{"$case":"data","value":[{many}]}}}}]}}"#),
        ] {
            assert!(parse(&text).is_ok());
        }
        // …and each part is counted: its object and its data, here with the array.
        let parts = |n: usize| format!(r#"{{"parts":[{}]}}"#, vec![r#"{"data":0}"#; n].join(","));
        assert!(parse(&parts((MAX_VALUES - 2) / 2)).is_ok());
        assert!(refused(&parts(MAX_VALUES / 2)));
        // Past the limit the scan stops: what follows is not read.
        assert!(refused(&format!(
            "[{}, nonsense",
            vec!["0"; MAX_VALUES].join(",")
        )));
    }
}
