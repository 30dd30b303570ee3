//! RFC 6901 pointers into a surface's data model, refusing the segments that pollute
//! JavaScript prototypes when a model is handed to JS code.

use crate::Code;
use serde_json::{Map, Value};

pub const FORBIDDEN_SEGMENTS: [&str; 3] = ["__proto__", "constructor", "prototype"];

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PointerError {
    /// Not empty and not starting with `/`.
    NotAbsolute,
    /// A `~` not followed by `0` or `1`.
    BadEscape,
    /// `__proto__`, `constructor` or `prototype`.
    Forbidden(String),
}

impl PointerError {
    pub fn code(&self) -> Code {
        match self {
            PointerError::NotAbsolute => Code::PathNotAbsolute,
            PointerError::BadEscape => Code::PathInvalid,
            PointerError::Forbidden(_) => Code::PathForbiddenSegment,
        }
    }

    pub fn message(&self, path: &str) -> String {
        match self {
            PointerError::NotAbsolute => format!("\"{path}\" is not an absolute JSON Pointer."),
            PointerError::BadEscape => format!("\"{path}\" has a `~` that is not `~0` or `~1`."),
            PointerError::Forbidden(s) => {
                format!("\"{path}\" has the segment \"{s}\", which is refused.")
            }
        }
    }
}

/// Splits and unescapes a pointer. `""` and `"/"` both mean the whole model (A2UI's reading
/// of `/`, which RFC 6901 would take as the empty key).
pub fn parse(pointer: &str) -> Result<Vec<String>, PointerError> {
    let mut segs = Vec::new();
    parse_into(pointer, &mut segs)?;
    Ok(segs)
}

/// [`parse`] into the first segments of `segs`, reusing the strings there, and returns how
/// many the pointer has (those past them are left as they were). A fold parses a pointer
/// per data update: a string per segment made and dropped each time was a twentieth of a
/// fold of short updates.
pub(crate) fn parse_into(pointer: &str, segs: &mut Vec<String>) -> Result<usize, PointerError> {
    if pointer.is_empty() || pointer == "/" {
        return Ok(0);
    }
    let Some(rest) = pointer.strip_prefix('/') else {
        return Err(PointerError::NotAbsolute);
    };
    let mut n = 0;
    let mut next = |raw: &str| {
        if n == segs.len() {
            segs.push(String::new());
        }
        segment_into(raw, &mut segs[n])?;
        n += 1;
        Ok(())
    };
    // Split at the byte: `str::split('/')` sets up a searcher per pointer, a cost that
    // showed in folds of many short data updates.
    let mut start = 0;
    for (i, b) in rest.bytes().enumerate() {
        if b == b'/' {
            next(&rest[start..i])?;
            start = i + 1;
        }
    }
    next(&rest[start..])?;
    Ok(n)
}

/// Unescapes one segment and refuses the polluting ones.
pub fn segment(raw: &str) -> Result<String, PointerError> {
    let mut out = String::new();
    segment_into(raw, &mut out)?;
    Ok(out)
}

/// [`segment`] into `out`, which is cleared first.
fn segment_into(raw: &str, out: &mut String) -> Result<(), PointerError> {
    out.clear();
    // Most segments have no escape: copied whole rather than a character at a time (and,
    // up to 64 bytes, without the `memory.copy` of `push_str` in wasm32).
    if !raw.as_bytes().contains(&b'~') {
        crate::swar::push_str(out, raw);
    } else {
        let mut chars = raw.chars();
        while let Some(c) = chars.next() {
            if c == '~' {
                match chars.next() {
                    Some('0') => out.push('~'),
                    Some('1') => out.push('/'),
                    _ => return Err(PointerError::BadEscape),
                }
            } else {
                out.push(c);
            }
        }
    }
    if FORBIDDEN_SEGMENTS.contains(&out.as_str()) {
        return Err(PointerError::Forbidden(out.clone()));
    }
    Ok(())
}

/// Checks a relative path (as used inside templates): segments without a leading `/`.
pub fn check_relative(path: &str) -> Result<(), PointerError> {
    if path.is_empty() || path == "." {
        return Ok(());
    }
    // The segments `parse` (absolute) or a split at `/` (relative) would give, checked where
    // they stand: every binding of every component is checked, and a list of strings made
    // for it and dropped was a few percent of a fold of small surfaces.
    let rest = path.strip_prefix('/').unwrap_or(path);
    let mut unescaped = String::new();
    let mut start = 0;
    for (i, b) in rest.bytes().enumerate() {
        if b == b'/' {
            check_segment(&rest[start..i], &mut unescaped)?;
            start = i + 1;
        }
    }
    check_segment(&rest[start..], &mut unescaped)
}

/// What [`segment`] would refuse of `raw`, copying it (into `unescaped`) only to unescape it.
fn check_segment(raw: &str, unescaped: &mut String) -> Result<(), PointerError> {
    if raw.as_bytes().contains(&b'~') {
        return segment_into(raw, unescaped);
    }
    if FORBIDDEN_SEGMENTS.contains(&raw) {
        return Err(PointerError::Forbidden(raw.to_owned()));
    }
    Ok(())
}

/// The array index a segment names in an array of `len` items (`-` is `len`: one past the
/// end), as [`get`] and [`set`] read it.
pub(crate) fn array_index(seg: &str, len: usize) -> Option<usize> {
    index(seg, len)
}

fn index(seg: &str, len: usize) -> Option<usize> {
    if seg == "-" {
        return Some(len);
    }
    if seg.is_empty() || (seg.len() > 1 && seg.starts_with('0')) {
        return None;
    }
    // Digits only (no sign, which `str::parse` would take), and `None` past `usize`.
    seg.bytes().try_fold(0usize, |n, b| {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        n.checked_mul(10)?.checked_add(usize::from(d))
    })
}

pub fn get<'v>(root: &'v Value, segs: &[String]) -> Option<&'v Value> {
    let mut at = root;
    for s in segs {
        at = match at {
            Value::Object(o) => o.get(s)?,
            Value::Array(a) => a.get(index(s, a.len())?)?,
            _ => return None,
        };
    }
    Some(at)
}

/// [`get`], to change the value found.
pub fn get_mut<'v>(root: &'v mut Value, segs: &[String]) -> Option<&'v mut Value> {
    let mut at = root;
    for s in segs {
        at = match at {
            Value::Object(o) => o.get_mut(s)?,
            Value::Array(a) => {
                let i = index(s, a.len())?;
                a.get_mut(i)?
            }
            _ => return None,
        };
    }
    Some(at)
}

/// At most this many `null` slots are added to reach an array index past the end.
pub const MAX_ARRAY_PADDING: usize = 10_000;

/// The container to create for a missing step: an array when the next segment is an array
/// index, as the official web core does, so templates find arrays.
fn container_for(next: &str) -> Value {
    if next == "-"
        || (!next.is_empty()
            && next.bytes().all(|b| b.is_ascii_digit())
            && (next == "0" || !next.starts_with('0')))
    {
        Value::Array(Vec::new())
    } else {
        Value::Object(Map::new())
    }
}

/// `null` slots a [`set`] at `segs` would add to arrays (0 for most writes, and for one
/// that would be refused).
pub fn padding(root: &Value, segs: &[String]) -> usize {
    plan(root, segs).unwrap_or(0)
}

/// Places `value` at index `i` of `a`, padding with `null` up to it (bounded).
fn put(a: &mut Vec<Value>, i: usize, value: Value) -> Result<Option<Value>, ()> {
    if i < a.len() {
        return Ok(Some(std::mem::replace(&mut a[i], value)));
    }
    if i - a.len() > MAX_ARRAY_PADDING {
        return Err(());
    }
    a.resize(i, Value::Null);
    a.push(value);
    Ok(None)
}

/// What a [`set`] at `segs` would do, found without changing anything: the `null` slots it
/// would add to arrays, or `None` where it would be refused. The same steps as `set`, with
/// a container still to be made (or a `null` to be replaced by one) standing for what
/// `set` would make there.
pub(crate) fn plan(root: &Value, segs: &[String]) -> Option<usize> {
    plan_within(root, segs, MAX_ARRAY_PADDING)
}

/// [`plan`] with at most `max_padding` slots added to each array: with no bound, whether a
/// write is refused for its padding alone.
pub(crate) fn plan_within(root: &Value, segs: &[String], max_padding: usize) -> Option<usize> {
    let mut at = Some(root);
    let mut padding = 0usize;
    for s in segs {
        let (len, items) = match at {
            Some(Value::Object(o)) => {
                at = o.get(s);
                continue;
            }
            Some(Value::Array(a)) => (a.len(), Some(a)),
            Some(Value::Null) | None if container_for(s).is_array() => (0, None),
            Some(Value::Null) | None => {
                at = None;
                continue;
            }
            Some(_) => return None,
        };
        let i = index(s, len)?;
        if i >= len {
            if i - len > max_padding {
                return None;
            }
            padding = padding.saturating_add(i - len);
        }
        at = items.and_then(|a| a.get(i));
    }
    Some(padding)
}

/// Sets `value` at `segs`, creating containers on the way (arrays for index segments,
/// objects otherwise). Returns the value it replaced, or `Err(())` when the path runs
/// through a scalar, a bad array index, or would pad an array by more than
/// [`MAX_ARRAY_PADDING`]; then `root` is left as it was (a refused write made no
/// containers on the way: each would have been model bytes no limit counted).
#[allow(clippy::result_unit_err)]
pub fn set(root: &mut Value, segs: &[String], value: Value) -> Result<Option<Value>, ()> {
    if plan(root, segs).is_none() {
        return Err(());
    }
    set_planned(root, segs, value)
}

/// [`set`] for a caller that has just had [`plan`] accept `segs` in `root` (so that a write
/// measured first is not planned twice). The steps still refuse what they cannot do, but
/// only the plan keeps a refused write from leaving containers behind.
pub(crate) fn set_planned(
    root: &mut Value,
    segs: &[String],
    value: Value,
) -> Result<Option<Value>, ()> {
    debug_assert!(plan(root, segs).is_some());
    let Some((last, parents)) = segs.split_last() else {
        return Ok(Some(std::mem::replace(root, value)));
    };
    let mut at = root;
    for (k, s) in parents.iter().enumerate() {
        let next = segs[k + 1].as_str();
        if at.is_null() {
            *at = container_for(s);
        }
        at = match at {
            // Looked up before the key is copied: most writes go through keys that exist.
            Value::Object(o) => {
                if !o.contains_key(s) {
                    o.insert(s.clone(), container_for(next));
                }
                o.get_mut(s).ok_or(())?
            }
            Value::Array(a) => {
                let i = index(s, a.len()).ok_or(())?;
                if i >= a.len() {
                    put(a, i, container_for(next))?;
                }
                a.get_mut(i).ok_or(())?
            }
            _ => return Err(()),
        };
    }
    if at.is_null() {
        *at = container_for(last);
    }
    match at {
        Value::Object(o) => match o.get_mut(last) {
            Some(slot) => Ok(Some(std::mem::replace(slot, value))),
            None => Ok(o.insert(last.clone(), value)),
        },
        Value::Array(a) => {
            let i = index(last, a.len()).ok_or(())?;
            put(a, i, value)
        }
        _ => Err(()),
    }
}

/// What [`set_planned`] of a value `new` bytes long at `segs` would take out of `root`'s
/// compact JSON and put in, in bytes, found by the same walk without changing anything
/// (`measure` gives the length of the value it would replace); `None` where the set would
/// be refused. A model's length is so kept for what a write costs, not for a measure of
/// the whole model: measured whole near its limit, each update of a few bytes to a model
/// just under it cost a copy and a measure of all of it.
pub(crate) fn set_size_change(
    root: &Value,
    segs: &[String],
    new: usize,
    measure: impl FnOnce(&Value) -> usize,
) -> Option<(usize, usize)> {
    let mut at = root;
    for (k, s) in segs.iter().enumerate() {
        at = match at {
            // A `null` on the way becomes the container the rest of the path makes.
            Value::Null => return Some((4, fresh(&segs[k..], new)?)),
            Value::Object(o) => match o.get(s) {
                Some(child) => child,
                None => {
                    let member = (string_size(s) + 1).saturating_add(fresh(&segs[k + 1..], new)?);
                    return Some((0, usize::from(!o.is_empty()).saturating_add(member)));
                }
            },
            Value::Array(a) => {
                let i = index(s, a.len())?;
                match a.get(i) {
                    Some(child) => child,
                    None => {
                        // `null,` for each slot padded, then the new item.
                        let padding = i - a.len();
                        if padding > MAX_ARRAY_PADDING {
                            return None;
                        }
                        let items = (5 * padding).saturating_add(fresh(&segs[k + 1..], new)?);
                        return Some((0, usize::from(!a.is_empty()).saturating_add(items)));
                    }
                }
            }
            _ => return None,
        };
    }
    Some((measure(at), new))
}

/// The length of what a set makes where nothing is: a container for each segment of `rest`
/// (an array padded up to an index, or an object of one key), the value at its end `new`
/// bytes long; `None` past the padding bound.
fn fresh(rest: &[String], new: usize) -> Option<usize> {
    rest.iter().try_rfold(new, |inner, s| {
        if container_for(s).is_array() {
            let i = index(s, 0)?;
            (i <= MAX_ARRAY_PADDING).then(|| (2 + 5 * i).saturating_add(inner))
        } else {
            Some((2 + string_size(s) + 1).saturating_add(inner))
        }
    })
}

/// What [`delete`] at `segs` would take out of `root`'s compact JSON and put in, in bytes
/// (`measure` gives the length of the value it removes): a member goes with its key and a
/// comma, an array's item becomes `null` (longer than a digit), the whole model `{}`.
pub(crate) fn delete_size_change(
    root: &Value,
    segs: &[String],
    measure: impl FnOnce(&Value) -> usize,
) -> (usize, usize) {
    let Some((last, parents)) = segs.split_last() else {
        return (measure(root), 2);
    };
    match get(root, parents) {
        Some(Value::Object(o)) => match o.get(last) {
            Some(v) => (
                usize::from(o.len() > 1) + string_size(last) + 1 + measure(v),
                0,
            ),
            None => (0, 0),
        },
        Some(Value::Array(a)) => match index(last, a.len()).and_then(|i| a.get(i)) {
            Some(v) => (measure(v), 4),
            None => (0, 0),
        },
        _ => (0, 0),
    }
}

/// Removes the value at `segs`. In an array the slot becomes `null` and the length stays.
pub fn delete(root: &mut Value, segs: &[String]) -> Option<Value> {
    let Some((last, parents)) = segs.split_last() else {
        return Some(std::mem::replace(root, Value::Object(Map::new())));
    };
    match get_mut(root, parents)? {
        Value::Object(o) => o.remove(last),
        Value::Array(a) => {
            let i = index(last, a.len())?;
            a.get_mut(i)
                .map(|slot| std::mem::replace(slot, Value::Null))
        }
        _ => None,
    }
}

/// The length of `v` as compact JSON text, without building the text.
pub fn json_size(v: &Value) -> usize {
    copy_size(v).0
}

/// The length of `v` as compact JSON, and the heap blocks a copy of it makes (each
/// non-empty string, each non-empty array, each object member), on one walk: what a copy
/// costs besides its length (`functions::clone_work`).
pub(crate) fn copy_size(v: &Value) -> (usize, usize) {
    match v {
        Value::Null => (4, 0),
        Value::Bool(b) => (if *b { 4 } else { 5 }, 0),
        Value::Number(n) => (number_size(n), 0),
        Value::String(s) => (string_size(s), usize::from(!s.is_empty())),
        Value::Array(a) => {
            let (size, blocks) = a.iter().map(copy_size).fold((0, 0), add);
            (
                2 + size + a.len().saturating_sub(1),
                blocks + usize::from(!a.is_empty()),
            )
        }
        Value::Object(o) => {
            let (size, blocks) = o
                .iter()
                .map(|(k, v)| add((string_size(k) + 1, 1), copy_size(v)))
                .fold((0, 0), add);
            (2 + size + o.len().saturating_sub(1), blocks)
        }
    }
}

fn add(a: (usize, usize), b: (usize, usize)) -> (usize, usize) {
    (a.0 + b.0, a.1 + b.1)
}

/// Digits of an integer, counted; a float measured in a stack buffer, never a heap string
/// (a data model is mostly integers, and this runs for every update).
pub(crate) fn number_size(n: &serde_json::Number) -> usize {
    if let Some(u) = n.as_u64() {
        return digits(u);
    }
    if let Some(i) = n.as_i64() {
        return 1 + digits(i.unsigned_abs());
    }
    match n.as_f64() {
        Some(f) if f.is_finite() => float_size(f),
        _ => n.to_string().len(),
    }
}

/// The decimal digits of `u`.
pub(crate) fn digits(u: u64) -> usize {
    u.checked_ilog10().map_or(1, |d| d as usize + 1)
}

/// The length of what serde_json writes for a finite float (its Display and its writer both
/// call zmij: the shortest decimal that reads back as the float). Formatting is a tenth of a
/// value-heavy fold in wasm, so the floats agents mostly send are measured without it: with
/// a magnitude from 0.001 up, at most three decimals and at most 15 significant digits (a
/// decimal with 15 digits or fewer reads back as one float only, so the shortest form is
/// the one with the fewest decimals, written out without an exponent), `m / 10^k` is that
/// read (division by an exact power of ten rounds once), and `a * 10^k` is below 2^52, so
/// rounding it finds the decimal whenever there is one. Everything else is formatted.
pub(crate) fn float_size(f: f64) -> usize {
    float_size_fast(f).unwrap_or_else(|| zmij::Buffer::new().format_finite(f).len())
}

/// The most serde_json writes for a finite float: zmij's buffer holds 24 bytes, and the
/// widest forms fill it (`-2.2250738585072014e-308`, `-0.000012345678901234567`).
pub(crate) const FLOAT_SIZE_MAX: usize = 24;

/// [`float_size`] for the floats measured without formatting, `None` for the rest. The
/// reader counts the rest at [`FLOAT_SIZE_MAX`] and finds their exact length only when a
/// limit is near (`model::Taped::exact_size`): formatting each float of a stream of
/// computed values (16 or 17 digits) was a third of its fold.
pub(crate) fn float_size_fast(f: f64) -> Option<usize> {
    const SCALES: [f64; 4] = [1.0, 10.0, 100.0, 1000.0];
    let a = f.abs();
    if (1e-3..1e15).contains(&a) {
        // A decimal of up to three places passes at three places too (below 1e15 the
        // rounding errors of `a * 1000` stay under a half), so one test rules out the
        // computed floats, which have more; `None` only ever costs a formatting.
        // Rounded half to even, one wasm instruction (`f64.nearest`; `round` is a call into
        // compiler-builtins, 3% of a fold of decimals): the two differ only on a product
        // that ends in exactly .5, which no decimal of that many places passes either way.
        let thousandths = (a * 1000.0).round_ties_even();
        if thousandths < 1e15 && thousandths / 1000.0 != a {
            return None;
        }
        for (k, scale) in SCALES.iter().enumerate() {
            let m = (a * scale).round_ties_even();
            if m >= 1e15 {
                break;
            }
            if m / scale == a {
                let whole = digits((m / scale).trunc() as u64);
                let sign = usize::from(f.is_sign_negative());
                // `1.0` for a whole number: serde_json always writes a float's point.
                return Some(sign + whole + 1 + k.max(1));
            }
        }
    }
    None
}

/// How many bytes more than itself serde_json writes for byte `b` of a string: `"`, `\\`
/// and the controls with a short escape take two bytes, the other controls `\u00XX`, six;
/// nothing else is escaped. The one statement of it: [`string_size`] and the hand reader
/// (`super::direct`), which counts as it unescapes, both ask here.
pub(crate) fn escaped_extra(b: u8) -> usize {
    match b {
        b'"' | b'\\' | b'\n' | b'\r' | b'\t' | 0x08 | 0x0c => 1,
        0..0x20 => 5,
        _ => 0,
    }
}

pub(crate) fn string_size(s: &str) -> usize {
    let mut extra = 0;
    let mut rest = s.as_bytes();
    loop {
        let (plain, _) = crate::swar::plain_run(rest);
        let Some(&b) = rest.get(plain) else { break };
        extra += escaped_extra(b);
        rest = &rest[plain + 1..];
    }
    2 + s.len() + extra
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Xorshift;
    use serde_json::json;

    /// Paths checked where they stand are refused exactly as the segments `parse` and
    /// `segment` make of them would be, with the same error.
    #[test]
    fn paths_are_checked_as_their_parsed_segments_are() {
        let by_parsing = |path: &str| -> Result<(), PointerError> {
            if path.is_empty() || path == "." {
                return Ok(());
            }
            if path.starts_with('/') {
                return parse(path).map(|_| ());
            }
            path.split('/').try_for_each(|s| segment(s).map(|_| ()))
        };
        let pieces = [
            "/",
            "/",
            "a",
            "bc",
            "~0",
            "~1",
            "~",
            "~2",
            "~~",
            "__proto__",
            "constructor",
            "prototype",
            "__pro~1to__",
            "construct~0or",
            ".",
            "0",
            "é",
        ];
        let mut rng = Xorshift(0x0BAD_5EED_1234_5678);
        let mut refused = 0;
        for _ in 0..20_000 {
            let n = rng.next() % 6;
            let path: String = (0..n)
                .map(|_| pieces[(rng.next() % pieces.len() as u64) as usize])
                .collect();
            let expected = by_parsing(&path);
            refused += usize::from(expected.is_err());
            assert_eq!(check_relative(&path), expected, "{path:?}");
        }
        assert!(refused > 2_000, "{refused}");
    }

    /// The shortcut must give exactly what serde_json writes: decimals of every shape it
    /// takes, the edges of its range, and floats it must leave to the formatter.
    #[test]
    fn float_sizes_are_what_serde_json_writes() {
        let written = |f: f64| serde_json::to_string(&f).unwrap().len();
        let mut floats = vec![
            0.0,
            -0.0,
            0.001,
            0.0009999,
            0.00100001,
            1e15,
            1e15 - 1.0,
            999_999_999_999_999.9,
            1e14,
            1e16,
            0.1 + 0.2,
            1.0 / 3.0,
            2f64.powi(52),
            2f64.powi(53) + 2.0,
            5e-324,
            f64::MAX,
            f64::MIN_POSITIVE,
            123_456.789,
            0.5,
            0.25,
            0.125,
            0.0625,
            99.99,
            1e-7,
        ];
        // Decimals with up to four places, over many magnitudes, both signs.
        let mut rng = Xorshift(0x9E37_79B9_7F4A_7C15);
        for _ in 0..200_000 {
            let x = rng.next();
            let places = (x % 5) as i32;
            let magnitude = ((x >> 8) % 16) as u32;
            let m = (x >> 20) % 10u64.pow(magnitude.min(15)).max(1);
            let f = m as f64 / 10f64.powi(places);
            floats.push(if x & 1 == 0 { f } else { -f });
            floats.push(f64::from_bits(x >> 1));
        }
        // The widest forms there are: the most digits, the longest exponents, both signs,
        // and the longest fixed forms at the edge of zmij's fixed range.
        floats.extend([
            -2.2250738585072014e-308,
            -1.7976931348623157e308,
            -1.2345678901234567e-300,
            -0.000012345678901234567,
            -0.000_099_999_999_999_999_99,
            -1234567890123456.7,
            -9007199254740993.0,
        ]);
        for f in floats.into_iter().filter(|f| f.is_finite()) {
            assert_eq!(float_size(f), written(f), "{f:?}");
            assert!(float_size_fast(f).is_none_or(|n| n == written(f)), "{f:?}");
            assert!(written(f) <= FLOAT_SIZE_MAX, "{f:?}");
        }
        assert_eq!(written(-2.2250738585072014e-308), FLOAT_SIZE_MAX);
        // Decimals of up to three places from 0.001 to below 1e15 take the fast path.
        let mut rng = Xorshift(0x2545_F491_4F6C_DD1D);
        for _ in 0..100_000 {
            let x = rng.next();
            let places = (x % 4) as i32;
            let m = (x >> 8) % 10u64.pow(((x >> 4) % 16) as u32).max(1);
            let f = m as f64 / 10f64.powi(places);
            if (1e-3..1e15).contains(&f) {
                assert_eq!(float_size_fast(f), Some(written(f)), "{f:?}");
            }
        }
        assert_eq!(float_size_fast(1.0 / 3.0), None);
    }

    #[test]
    fn digits_are_counted_at_every_power_of_ten() {
        for p in 0..20u32 {
            let t = 10u64.pow(p);
            assert_eq!(digits(t), p as usize + 1);
            assert_eq!(digits(t - 1), (p as usize).max(1));
        }
        assert_eq!(digits(u64::MAX), 20);
    }

    /// A write that fails leaves the value as it was, whatever it made on the way before
    /// the step that fails (a container for a key, a `null` replaced, array padding).
    #[test]
    fn a_refused_set_changes_nothing() {
        let roots = [
            json!({}),
            json!(null),
            json!({"a": null, "b": [1, null, {"c": 2}], "s": "text", "n": 5}),
            json!([[], {"a": []}, null]),
        ];
        let segs = [
            "a",
            "b",
            "c",
            "s",
            "n",
            "0",
            "1",
            "2",
            "-",
            "10000",
            "10001",
            "10003",
            "20000",
            "99999999999999999999",
            "01",
            "",
        ];
        let mut rng = Xorshift(0x9E37_79B9_7F4A_7C15);
        let (mut ok, mut refused) = (0, 0);
        for _ in 0..20_000 {
            let x = rng.next();
            let root = &roots[(x % roots.len() as u64) as usize];
            let path: Vec<String> = (0..1 + (x >> 8) % 4)
                .map(|k| segs[((x >> (12 + 5 * k)) % segs.len() as u64) as usize].to_string())
                .collect();
            let mut v = root.clone();
            match set(&mut v, &path, json!("new")) {
                Ok(_) => {
                    ok += 1;
                    assert!(plan(root, &path).is_some(), "{path:?} on {root}");
                    if !path.iter().any(|s| s == "-") {
                        assert_eq!(get(&v, &path), Some(&json!("new")), "{path:?} on {root}");
                    }
                }
                Err(()) => {
                    refused += 1;
                    assert_eq!(&v, root, "{path:?} changed {root} to {v}");
                }
            }
        }
        assert!(ok > 1000 && refused > 1000, "{ok} {refused}");
    }

    #[test]
    fn parse_escapes_and_refusals() {
        assert_eq!(parse("/a~1b/m~0n").unwrap(), vec!["a/b", "m~n"]);
        assert!(parse("").unwrap().is_empty() && parse("/").unwrap().is_empty());
        assert_eq!(parse("a/b"), Err(PointerError::NotAbsolute));
        assert_eq!(parse("/a~2"), Err(PointerError::BadEscape));
        assert_eq!(
            parse("/x/__proto__/polluted"),
            Err(PointerError::Forbidden("__proto__".into()))
        );
        assert!(parse("/constructor/prototype").is_err());
        assert!(
            parse("/__proto~0__").is_ok(),
            "only the exact segment is refused"
        );
    }

    #[test]
    fn array_indices_are_decimal_digits_without_sign_or_leading_zero() {
        // The reading `str::parse` gave, with the checks it needed around it.
        fn parsed(seg: &str, len: usize) -> Option<usize> {
            if seg == "-" {
                return Some(len);
            }
            if seg.is_empty()
                || (seg.len() > 1 && seg.starts_with('0'))
                || !seg.bytes().all(|b| b.is_ascii_digit())
            {
                return None;
            }
            seg.parse().ok()
        }
        let max = usize::MAX.to_string();
        let past = format!("{max}0");
        let mut last = max.clone().into_bytes();
        *last.last_mut().unwrap() += 1;
        let last = String::from_utf8(last).unwrap();
        for seg in [
            "-", "", "0", "00", "01", "7", "10", "+1", "-1", "1a", "a1", " 1", "1 ", "٣", "1.0",
            &max, &past, &last,
        ] {
            assert_eq!(index(seg, 5), parsed(seg, 5), "{seg:?}");
        }
        assert_eq!(index(&max, 0), Some(usize::MAX));
        assert_eq!(index(&last, 0), None, "one past usize::MAX");
    }

    #[test]
    fn parse_into_reuses_strings_and_reads_as_parse() {
        // One scratch list through pointers of more, fewer and escaped segments, and
        // refused ones in between: each time its first `n` are what `parse` gives.
        let mut segs = Vec::new();
        for p in [
            "/a/bb/ccc/dddd",
            "/x",
            "",
            "/a~1b/m~0n/tail",
            "/",
            "/a~2",
            "/x/__proto__",
            "/0/-/",
            "//",
            "/only",
            "no-slash",
            "/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/b",
        ] {
            let got = parse_into(p, &mut segs).map(|n| segs[..n].to_vec());
            assert_eq!(got, parse(p), "{p:?}");
        }
        // The strings stay for the next pointer: four were made by the first.
        assert_eq!(segs.len(), 4);
    }

    #[test]
    fn set_get_delete() {
        let mut m = json!({});
        set(&mut m, &parse("/user/name").unwrap(), json!("Ada")).unwrap();
        set(&mut m, &parse("/list").unwrap(), json!([1, 2])).unwrap();
        set(&mut m, &parse("/list/-").unwrap(), json!(3)).unwrap();
        assert_eq!(m, json!({"user": {"name": "Ada"}, "list": [1, 2, 3]}));
        assert_eq!(get(&m, &parse("/list/2").unwrap()), Some(&json!(3)));
        assert_eq!(get(&m, &parse("/list/01").unwrap()), None);
        assert!(set(&mut m, &parse("/user/name/x").unwrap(), json!(1)).is_err());
        delete(&mut m, &parse("/list/0").unwrap());
        assert_eq!(m["list"], json!([null, 2, 3]));
        delete(&mut m, &parse("/user").unwrap());
        assert_eq!(m, json!({"list": [null, 2, 3]}));
    }

    #[test]
    fn missing_containers_follow_the_next_segment_and_padding_is_bounded() {
        let mut m = json!({});
        set(&mut m, &parse("/f/0/2").unwrap(), json!("x")).unwrap();
        set(&mut m, &parse("/g/a").unwrap(), json!("y")).unwrap();
        assert_eq!(m, json!({"f": [[null, null, "x"]], "g": {"a": "y"}}));
        assert_eq!(padding(&m, &parse("/f/0/5").unwrap()), 2);
        assert_eq!(padding(&m, &parse("/h/3").unwrap()), 3);
        assert_eq!(padding(&m, &parse("/g/b").unwrap()), 0);
        assert!(set(
            &mut m,
            &parse(&format!("/f/{}", MAX_ARRAY_PADDING + 2)).unwrap(),
            json!(1)
        )
        .is_err());
        assert!(set(&mut m, &parse("/z/4294967295/x").unwrap(), json!(1)).is_err());
        set(
            &mut m,
            &parse(&format!("/f/{}", MAX_ARRAY_PADDING + 1)).unwrap(),
            json!(1),
        )
        .unwrap();
    }

    #[test]
    fn size_matches_serde() {
        let v = json!({"a": [1, 2.5, "x\"y\n\u{1}\\\t\u{1f}", null, true, false], "b": {"c": "é"},
            "n": [0, 9, 10, 99, 100, -1, -10, u64::MAX, i64::MIN, 1e300, -0.5, 1.5e-7, 123456789.25]});
        assert_eq!(json_size(&v), serde_json::to_string(&v).unwrap().len());
        // Floats of every magnitude and precision, as bits: the writer's shortest form.
        let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..20_000 {
            let x = rng.next();
            let f = f64::from_bits(x);
            if let Some(n) = serde_json::Number::from_f64(f) {
                let v = Value::Number(n);
                assert_eq!(
                    json_size(&v),
                    serde_json::to_string(&v).unwrap().len(),
                    "{f:e}"
                );
            }
        }
    }
}
