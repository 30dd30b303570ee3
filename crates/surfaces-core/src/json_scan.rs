//! The first pass over untrusted JSON, before any parser builds a value from it.
//!
//! A document an agent wrote can be read differently by different parsers (a key given
//! twice, a number no float can hold, a string with half a UTF-16 pair), or can be built to
//! exhaust a recursive reader (nesting). A batch of envelopes must also be split so that
//! one bad envelope costs only itself. This scanner does all of that in one linear pass
//! with an explicit stack, so its own depth is never the document's: it finds where each
//! value of a batch starts and ends, and what is wrong inside each one, with an RFC 6901
//! path and a byte offset. Only values it found clean are handed to `serde_json`, which
//! then cannot fail on them (they nest less deeply than its recursion limit). The one
//! exception is a JSON array given as text, which `a2ui::direct` reads first with readers
//! that refuse all the scan refuses, and scans only when they stop.

use crate::Code;
use std::borrow::Cow;
use std::collections::HashSet;

use crate::pointer::Pointer;

/// Nesting a scanned value may reach. Below serde_json's own recursion limit (128), so a
/// value that passed the scan always parses; far above what an envelope or a card needs.
pub const MAX_DEPTH: usize = 100;

/// What is wrong at one place of a document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// Not JSON from here on; says what was expected.
    Syntax(&'static str),
    /// A container nested deeper than [`MAX_DEPTH`].
    TooDeep,
    /// An object key given more than once (compared after unescaping).
    DuplicateKey(String),
    /// A number outside what a 64-bit float holds (`1e400`); `JSON.parse` reads Infinity.
    NumberOutOfRange(String),
    /// A `\uD800`-style escape that is half of a UTF-16 pair; no character.
    LoneSurrogate,
    /// Bytes that are not UTF-8.
    NotUtf8,
}

impl Problem {
    /// The finding code for this problem in an A2UI envelope.
    pub fn envelope_code(&self) -> Code {
        match self {
            Problem::Syntax(_) => Code::EnvelopeNotJson,
            Problem::TooDeep => Code::EnvelopeTooDeep,
            Problem::DuplicateKey(_) => Code::DuplicateKey,
            Problem::NumberOutOfRange(_) => Code::NumberOutOfRange,
            Problem::LoneSurrogate => Code::StringLoneSurrogate,
            Problem::NotUtf8 => Code::EnvelopeNotUtf8,
        }
    }

    /// A plain sentence about the problem, without its place.
    pub fn describe(&self) -> String {
        match self {
            Problem::Syntax(expected) => format!("This is not JSON: expected {expected}"),
            Problem::TooDeep => {
                format!("Containers nest deeper than {MAX_DEPTH} levels here")
            }
            Problem::DuplicateKey(k) => format!(
                "The key \"{}\" appears twice in one object; readers disagree on which one counts",
                clip(k)
            ),
            Problem::NumberOutOfRange(n) => format!(
                "The number {} is outside the range of a 64-bit float",
                clip(n)
            ),
            Problem::LoneSurrogate => {
                "A string holds half of a UTF-16 surrogate pair, which is no character".into()
            }
            Problem::NotUtf8 => "These bytes are not UTF-8 text".into(),
        }
    }
}

/// At most 64 characters of agent text in a message.
fn clip(s: &str) -> Cow<'_, str> {
    match s.char_indices().nth(64) {
        Some((i, _)) => Cow::Owned(format!("{}…", &s[..i])),
        None => Cow::Borrowed(s),
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Issue {
    pub problem: Problem,
    /// RFC 6901 pointer inside the scanned value.
    pub path: String,
    /// Byte range in the whole text: the offending token (a syntax error's range is empty).
    pub start: usize,
    pub end: usize,
}

impl Issue {
    /// What a reader of envelopes says about this issue, in the words every reader of this
    /// library uses (the store's, the console's timeline): where it is as a line and column
    /// of the whole text, and, when `batch` is set (the issue broke a batch), that the
    /// envelopes after it are not read. Returns the message with its 1-based line and column.
    pub fn envelope_message(
        &self,
        positions: &mut Positions,
        batch: bool,
    ) -> (String, usize, usize) {
        let (line, column) = positions.of(self.start);
        let after = if batch {
            "; the envelopes after it are not read"
        } else {
            ""
        };
        (
            format!(
                "{} (line {line}, column {column}){after}.",
                self.problem.describe()
            ),
            line,
            column,
        )
    }
}

/// 1-based line and column (in characters) of a byte offset.
pub fn position(text: &[u8], offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    // Continuation bytes do not start a character.
    let column = before[line_start..]
        .iter()
        .filter(|&&b| (b & 0xC0) != 0x80)
        .count()
        + 1;
    (line, column)
}

/// Line and column of offsets asked for in increasing order, in one pass over the text in
/// all (asking from the start each time is quadratic in a document of many bad lines).
pub struct Positions<'a> {
    text: &'a [u8],
    at: usize,
    line: usize,
    column: usize,
}

impl<'a> Positions<'a> {
    pub fn new(text: &'a [u8]) -> Self {
        Positions {
            text,
            at: 0,
            line: 1,
            column: 1,
        }
    }

    /// 1-based line and column (in characters) of `offset`.
    pub fn of(&mut self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        if offset < self.at {
            *self = Positions::new(self.text);
        }
        for &b in &self.text[self.at..offset] {
            if b == b'\n' {
                self.line += 1;
                self.column = 1;
            } else if (b & 0xC0) != 0x80 {
                self.column += 1;
            }
        }
        self.at = offset;
        (self.line, self.column)
    }
}

/// One value found in a document: its byte range and what is wrong inside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    pub start: usize,
    pub end: usize,
    pub issues: Vec<Issue>,
}

impl Item {
    pub fn is_clean(&self) -> bool {
        self.issues.is_empty()
    }
}

/// How a document holds its values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Nothing but white space.
    Empty,
    /// A JSON array: each element is an item.
    Array,
    /// `{"messages": [...]}` (with no `version`): each element of `messages` is an item.
    Messages,
    /// One value.
    Single,
    /// JSON Lines: each non-blank line is an item.
    Lines,
}

/// A document split into items. `broken` is a syntax error between items: nothing after it
/// is read (where the next item would start cannot be known).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split {
    pub shape: Shape,
    pub items: Vec<Item>,
    pub broken: Option<Issue>,
}

/// A set of keys: a short list compared one by one, a hash set once an object is large,
/// hashed as the readers hash keys (`a2ui::store::key_seed`): the standard library's own
/// hasher has the same keys in every wasm32 build, so an agent could have sent keys that
/// all fall in one place of the set.
enum Keys<'a> {
    Few(Vec<Cow<'a, str>>),
    Many(HashSet<Cow<'a, str>, crate::a2ui::catalog::IdHasher>),
}

impl<'a> Keys<'a> {
    /// Adds `k`; `false` when it was there already.
    fn insert(&mut self, k: Cow<'a, str>) -> bool {
        match self {
            Keys::Few(v) if v.len() < 16 => {
                if v.contains(&k) {
                    return false;
                }
                v.push(k);
                true
            }
            Keys::Few(v) => {
                let hasher = crate::a2ui::catalog::IdHasher::with_seed(crate::a2ui::key_seed());
                let mut set = HashSet::with_capacity_and_hasher(2 * v.len(), hasher);
                set.extend(v.drain(..));
                let fresh = set.insert(k);
                *self = Keys::Many(set);
                fresh
            }
            Keys::Many(set) => set.insert(k),
        }
    }
}

enum Frame<'a> {
    Array { index: usize },
    Object { key: Cow<'a, str>, keys: Keys<'a> },
}

/// Members of the top-level object, when a caller asks for them: (key, value range).
type Members<'a> = Vec<(Cow<'a, str>, usize, usize)>;

struct Scanner<'a> {
    b: &'a [u8],
    i: usize,
    frames: Vec<Frame<'a>>,
    issues: Vec<Issue>,
    /// When set, the top-level object's members are recorded here.
    members: Option<Members<'a>>,
    member_start: usize,
}

/// Issues kept per value: enough to say what is wrong, bounded whatever the value holds.
const MAX_ISSUES: usize = 16;

impl<'a> Scanner<'a> {
    fn new(b: &'a [u8], i: usize) -> Self {
        Scanner {
            b,
            i,
            frames: Vec::new(),
            issues: Vec::new(),
            members: None,
            member_start: 0,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn ws(&mut self) {
        self.i = skip_ws(self.b, self.i);
    }

    fn path(&self) -> String {
        let mut p = Pointer::root();
        for f in &self.frames {
            p = match f {
                Frame::Array { index } => p.index(*index),
                Frame::Object { key, .. } => p.key(key),
            };
        }
        p.into()
    }

    fn issue(&mut self, problem: Problem, start: usize, end: usize) {
        if self.issues.len() < MAX_ISSUES {
            let path = self.path();
            self.issues.push(Issue {
                problem,
                path,
                start,
                end,
            });
        }
    }

    fn syntax(&self, expected: &'static str) -> Issue {
        Issue {
            problem: Problem::Syntax(expected),
            path: self.path(),
            start: self.i,
            end: self.i,
        }
    }

    /// Scans one complete value starting at the cursor (white space first).
    fn value(&mut self) -> Result<(), Issue> {
        'value: loop {
            self.ws();
            let start = self.i;
            match self.peek() {
                Some(c @ (b'{' | b'[')) => {
                    if self.frames.len() >= MAX_DEPTH {
                        self.issue(Problem::TooDeep, start, start + 1);
                        // Its paths and keys are not kept past the depth, but its syntax is
                        // checked as `value_end` checks it, on the heap: a document the scan
                        // reads is one `value_end` reads (fuzz target `json_scan`). Skipped
                        // by its brackets alone, anything inside it passed.
                        if walk(self, usize::MAX).is_err() {
                            return Err(self.syntax("JSON inside a container nested too deep"));
                        }
                    } else {
                        self.i += 1;
                        self.ws();
                        if c == b'{' {
                            self.frames.push(Frame::Object {
                                key: Cow::Borrowed(""),
                                keys: Keys::Few(Vec::new()),
                            });
                            if self.peek() == Some(b'}') {
                                self.i += 1;
                                self.frames.pop();
                            } else {
                                self.key()?;
                                continue 'value;
                            }
                        } else {
                            self.frames.push(Frame::Array { index: 0 });
                            if self.peek() == Some(b']') {
                                self.i += 1;
                                self.frames.pop();
                            } else {
                                continue 'value;
                            }
                        }
                    }
                }
                Some(b'"') => self.skip_string()?,
                Some(b'-' | b'0'..=b'9') => self.number()?,
                Some(b't') => self.literal(b"true")?,
                Some(b'f') => self.literal(b"false")?,
                Some(b'n') => self.literal(b"null")?,
                _ => return Err(self.syntax("a value")),
            }
            // A value ended: close the containers it ends, or go on to the next member.
            loop {
                self.ws();
                let next = self.peek();
                let end = self.i;
                let at_top_member = self.frames.len() == 1 && self.members.is_some();
                match (self.frames.last_mut(), next) {
                    (None, _) => return Ok(()),
                    (Some(Frame::Array { index }), Some(b',')) => {
                        *index += 1;
                        self.i += 1;
                        continue 'value;
                    }
                    (Some(Frame::Array { .. }), Some(b']')) => {
                        self.i += 1;
                        self.frames.pop();
                    }
                    (Some(Frame::Object { key, .. }), Some(b',' | b'}')) => {
                        if at_top_member {
                            let key = std::mem::take(key);
                            let from = self.member_start;
                            if let Some(m) = self.members.as_mut() {
                                m.push((key, from, end));
                            }
                        }
                        self.i += 1;
                        if next == Some(b',') {
                            self.ws();
                            self.key()?;
                            continue 'value;
                        }
                        self.frames.pop();
                    }
                    (Some(Frame::Array { .. }), _) => return Err(self.syntax("`,` or `]`")),
                    (Some(Frame::Object { .. }), _) => return Err(self.syntax("`,` or `}`")),
                }
            }
        }
    }

    /// Reads `"key":` into the open object, noting a key given twice.
    fn key(&mut self) -> Result<(), Issue> {
        if self.peek() != Some(b'"') {
            return Err(self.syntax("a string key"));
        }
        let start = self.i;
        let key = self.string()?;
        let fresh = match self.frames.last_mut() {
            Some(Frame::Object { keys, key: current }) => {
                *current = key.clone();
                keys.insert(key.clone())
            }
            _ => true,
        };
        if !fresh {
            // The path names the repeated member itself.
            let end = self.i;
            self.issue(Problem::DuplicateKey(key.into_owned()), start, end);
        }
        self.ws();
        if self.peek() != Some(b':') {
            return Err(self.syntax("`:`"));
        }
        self.i += 1;
        self.ws();
        if self.frames.len() == 1 {
            self.member_start = self.i;
        }
        Ok(())
    }

    /// Moves from a string's opening quote to its closing one, checking its escapes and
    /// control characters; says whether it holds an escape. Plain bytes are skipped a run at
    /// a time: large data values are mostly plain text.
    fn skip_string_body(&mut self) -> Result<bool, Issue> {
        self.i += 1;
        let mut escaped = false;
        loop {
            self.i += crate::swar::plain_run(&self.b[self.i..]).0;
            match self.peek() {
                None => return Err(self.syntax("the end of a string")),
                Some(b'"') => return Ok(escaped),
                Some(b'\\') => {
                    escaped = true;
                    self.escape()?;
                }
                Some(_) => return Err(self.syntax("no control character in a string")),
            }
        }
    }

    /// Moves past a string value whose text nobody reads (a value, not a key): checked as
    /// [`Self::string`] checks it, without decoding it.
    fn skip_string(&mut self) -> Result<(), Issue> {
        self.skip_string_body()?;
        self.i += 1;
        Ok(())
    }

    /// Reads a string, returning its text (borrowed when it has no escapes).
    fn string(&mut self) -> Result<Cow<'a, str>, Issue> {
        let open = self.i;
        let escaped = self.skip_string_body()?;
        let raw = &self.b[open + 1..self.i];
        self.i += 1;
        Ok(if !escaped {
            // Not yet known to be UTF-8 when scanning bytes; lossless when it is.
            String::from_utf8_lossy(raw)
        } else {
            // serde_json unescapes it: the same reading the parser will give.
            // Read as `&str`, not bytes: one serde_json reader type in the module, not two
            // (each brings its own copy of the number parser, about 10 KB of wasm).
            match std::str::from_utf8(&self.b[open..self.i]).map(serde_json::from_str::<String>) {
                Ok(Ok(s)) => Cow::Owned(s),
                _ => String::from_utf8_lossy(raw),
            }
        })
    }

    /// Reads one escape sequence (at a backslash), noting a lone surrogate.
    fn escape(&mut self) -> Result<(), Issue> {
        let start = self.i;
        self.i += 1;
        match self.peek() {
            Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => {
                self.i += 1;
                Ok(())
            }
            Some(b'u') => {
                self.i += 1;
                let unit = self.hex4()?;
                match unit {
                    0xD800..=0xDBFF => {
                        // A high surrogate must be followed by an escaped low one.
                        let low = if self.b[self.i..].starts_with(b"\\u") {
                            let save = self.i;
                            self.i += 2;
                            let low = self.hex4()?;
                            if (0xDC00..=0xDFFF).contains(&low) {
                                Some(low)
                            } else {
                                self.i = save;
                                None
                            }
                        } else {
                            None
                        };
                        if low.is_none() {
                            let end = self.i;
                            self.issue(Problem::LoneSurrogate, start, end);
                        }
                    }
                    0xDC00..=0xDFFF => {
                        let end = self.i;
                        self.issue(Problem::LoneSurrogate, start, end);
                    }
                    _ => {}
                }
                Ok(())
            }
            _ => Err(self.syntax("a valid escape after `\\`")),
        }
    }

    fn hex4(&mut self) -> Result<u32, Issue> {
        let digits = self
            .b
            .get(self.i..self.i + 4)
            .filter(|d| d.iter().all(u8::is_ascii_hexdigit))
            .ok_or_else(|| self.syntax("four hex digits after `\\u`"))?;
        let v = digits.iter().fold(0u32, |acc, d| {
            acc * 16 + (*d as char).to_digit(16).unwrap_or(0)
        });
        self.i += 4;
        Ok(v)
    }

    fn digits(&mut self) -> usize {
        let from = self.i;
        while let Some(b'0'..=b'9') = self.peek() {
            self.i += 1;
        }
        self.i - from
    }

    fn number(&mut self) -> Result<(), Issue> {
        let start = self.i;
        let exponent = self.number_syntax()?;
        let end = self.i;
        // Without an exponent a number is below 10^(its digits), so under 300 characters
        // it is finite (f64 reaches 1.8e308); only the rest is read as a float would be.
        if exponent || end - start >= 300 {
            let text = std::str::from_utf8(&self.b[start..end]).unwrap_or("");
            if !crate::number::parse_f64(text).is_some_and(f64::is_finite) {
                self.issue(Problem::NumberOutOfRange(text.to_string()), start, end);
            }
        }
        Ok(())
    }

    /// Moves past a number in JSON's grammar (not its range); says whether it has an
    /// exponent.
    fn number_syntax(&mut self) -> Result<bool, Issue> {
        if self.peek() == Some(b'-') {
            self.i += 1;
        }
        match self.peek() {
            Some(b'0') => self.i += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return Err(self.syntax("a digit")),
        }
        let mut exponent = false;
        if self.peek() == Some(b'.') {
            self.i += 1;
            if self.digits() == 0 {
                return Err(self.syntax("a digit after `.`"));
            }
        }
        if let Some(b'e' | b'E') = self.peek() {
            exponent = true;
            self.i += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.i += 1;
            }
            if self.digits() == 0 {
                return Err(self.syntax("a digit in the exponent"));
            }
        }
        Ok(exponent)
    }

    fn literal(&mut self, word: &'static [u8]) -> Result<(), Issue> {
        if self.b[self.i..].starts_with(word) {
            self.i += word.len();
            Ok(())
        } else {
            Err(self.syntax("`true`, `false` or `null`"))
        }
    }

    /// Skips a container too deep to scan, counting brackets outside strings (a counter, not
    /// a stack: its depth costs nothing). Its inside is not checked: it is refused anyway.
    fn skip_container(&mut self) -> Result<(), Issue> {
        let mut depth = 0usize;
        let mut in_string = false;
        while let Some(c) = self.peek() {
            self.i += 1;
            match (in_string, c) {
                // An escape skips the byte after it, never past the end of the text.
                (true, b'\\') => self.i = (self.i + 1).min(self.b.len()),
                (true, b'"') => in_string = false,
                (true, _) => {}
                (false, b'"') => in_string = true,
                (false, b'{' | b'[') => depth += 1,
                (false, b'}' | b']') => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                _ => {}
            }
        }
        Err(self.syntax("the end of a container"))
    }
}

/// Where a value that failed to scan most likely ends: its brackets matched, ignoring
/// everything else; `None` when they never close. Lets a batch go on past one bad envelope.
fn resync(b: &[u8], start: usize) -> Option<usize> {
    let mut s = Scanner::new(b, start);
    match s.peek() {
        Some(b'{' | b'[') => s.skip_container().ok().map(|()| s.i),
        _ => None,
    }
}

/// Where the JSON value that starts at `start` ends (one past its last byte), or `None` when
/// no value starts there or its syntax is not JSON's. Nothing is built, and nothing but the
/// syntax decides (not duplicate keys, a number's range, a `\\u` escape's pairing, or the
/// depth, whose stack is on the heap): for a caller that keeps the value as text for a
/// reader that checks the rest (the A2A reader keeps a part's data as text this way). The
/// scanner's own readers take each string, number and literal; only the walk is this one's,
/// as [`Scanner::value`] keeps paths and keys for its issues and stops checking past
/// `MAX_DEPTH`.
pub fn value_end(b: &[u8], start: usize) -> Option<usize> {
    value_end_within(b, start, usize::MAX).ok()
}

/// Why [`value_end_within`] found no end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unscanned {
    /// No value starts there, or its syntax is not JSON's.
    NotJson,
    /// The value holds more than the values allowed (itself and each one inside it); the
    /// walk stops there, so what follows is not read.
    TooManyValues,
}

/// [`value_end`], stopping past `max_values` values: for a reader about to build the value,
/// whose values take far more room than their text (a one-member object of 7 bytes is a
/// B-tree node of hundreds), so that text of a bounded size cannot make an unbounded amount
/// of them.
pub fn value_end_within(b: &[u8], start: usize, max_values: usize) -> Result<usize, Unscanned> {
    let mut s = Scanner::new(b, start);
    walk(&mut s, max_values).map(|()| s.i)
}

/// The walk of [`value_end_within`] from the value at `s`'s cursor, which it leaves past
/// the value, or where its syntax breaks.
fn walk(s: &mut Scanner, max_values: usize) -> Result<(), Unscanned> {
    use Unscanned::NotJson;
    // The open containers: whether each is an object.
    let mut open: Vec<bool> = Vec::new();
    let mut values = 0usize;
    loop {
        // A value at the cursor.
        values += 1;
        if values > max_values {
            return Err(Unscanned::TooManyValues);
        }
        match s.peek().ok_or(NotJson)? {
            c @ (b'{' | b'[') => {
                let object = c == b'{';
                s.i += 1;
                s.ws();
                if s.peek() == Some(if object { b'}' } else { b']' }) {
                    s.i += 1;
                } else {
                    open.push(object);
                    if object {
                        member_key(s).ok_or(NotJson)?;
                    }
                    continue;
                }
            }
            b'"' => s.skip_string().map_err(|_| NotJson)?,
            b'-' | b'0'..=b'9' => {
                s.number_syntax().map_err(|_| NotJson)?;
            }
            b't' => s.literal(b"true").map_err(|_| NotJson)?,
            b'f' => s.literal(b"false").map_err(|_| NotJson)?,
            b'n' => s.literal(b"null").map_err(|_| NotJson)?,
            _ => return Err(NotJson),
        }
        // After a value: the next one in its container, or the containers it closes.
        loop {
            let Some(&object) = open.last() else {
                return Ok(());
            };
            s.ws();
            match (s.peek().ok_or(NotJson)?, object) {
                (b',', _) => {
                    s.i += 1;
                    s.ws();
                    if object {
                        member_key(s).ok_or(NotJson)?;
                    }
                    break;
                }
                (b'}', true) | (b']', false) => {
                    open.pop();
                    s.i += 1;
                }
                _ => return Err(NotJson),
            }
        }
    }
}

/// Past a member's key, its `:` and the white space after, from the key's `"`.
fn member_key(s: &mut Scanner) -> Option<()> {
    if s.peek() != Some(b'"') {
        return None;
    }
    s.skip_string().ok()?;
    s.ws();
    if s.peek() != Some(b':') {
        return None;
    }
    s.i += 1;
    s.ws();
    Some(())
}

/// Scans the one value at `start`, with UTF-8 checked when `bytes` may not be text.
fn scan_item(b: &[u8], start: usize, check_utf8: bool) -> Result<Item, Issue> {
    let mut s = Scanner::new(b, start);
    s.value()?;
    let end = s.i;
    let mut issues = s.issues;
    if check_utf8 {
        if let Err(e) = std::str::from_utf8(&b[start..end]) {
            issues.insert(0, not_utf8(start + e.valid_up_to()));
        }
    }
    Ok(Item { start, end, issues })
}

fn not_utf8(at: usize) -> Issue {
    Issue {
        problem: Problem::NotUtf8,
        path: String::new(),
        start: at,
        end: at + 1,
    }
}

/// A value that did not scan: an item holding the syntax error, spanning what it took.
fn broken_item(start: usize, end: usize, issue: Issue) -> Item {
    Item {
        start,
        end,
        issues: vec![issue],
    }
}

/// Past the JSON white space (space, tab, line feed, carriage return) at `i`: none in most
/// JSON agents send, which costs a byte's test here; one byte after a colon or comma in some,
/// and a line's indentation in indented JSON, which [`past_ws`] counts.
// Always inlined, and all but the test left to a call: the hand reader skips white space
// between every two tokens, in dozens of places (inlined whole, the count made the UI module
// 2 KB larger gzipped; left to LLVM, it was a call even where there is none).
#[inline(always)]
pub fn skip_ws(b: &[u8], i: usize) -> usize {
    if b.get(i).is_some_and(|&c| crate::swar::is_ws(c)) {
        past_ws(b, i)
    } else {
        i
    }
}

/// [`skip_ws`] from a white space byte at `i`: one byte, or a run counted a block at a time
/// ([`crate::swar::ws_run`]).
#[inline(never)]
fn past_ws(b: &[u8], i: usize) -> usize {
    match b.get(i + 1) {
        Some(&c) if crate::swar::is_ws(c) => i + crate::swar::ws_run(&b[i..]),
        _ => i + 1,
    }
}

/// Splits the elements of the array that starts at `open`. Returns where it ended, or the
/// break that stopped it.
fn split_array(
    b: &[u8],
    open: usize,
    check_utf8: bool,
    items: &mut Vec<Item>,
) -> Result<usize, Issue> {
    let mut i = skip_ws(b, open + 1);
    if b.get(i) == Some(&b']') {
        return Ok(i + 1);
    }
    loop {
        i = skip_ws(b, i);
        let start = i;
        match scan_item(b, start, check_utf8) {
            Ok(item) => {
                i = item.end;
                items.push(item);
            }
            Err(issue) => {
                // One bad element: refuse it and go on when its brackets show where it ends.
                let Some(end) = resync(b, start) else {
                    return Err(issue);
                };
                let next = skip_ws(b, end);
                if !matches!(b.get(next), Some(b',' | b']')) {
                    return Err(issue);
                }
                items.push(broken_item(start, end, issue));
                i = end;
            }
        }
        i = skip_ws(b, i);
        match b.get(i) {
            Some(b',') => i += 1,
            Some(b']') => return Ok(i + 1),
            _ => {
                let mut s = Scanner::new(b, i);
                s.frames.push(Frame::Array { index: items.len() });
                return Err(s.syntax("`,` or `]` between envelopes"));
            }
        }
    }
}

/// Whether the line starting at `first` holds a complete value and more lines, not only
/// white space, follow. (A one-line array that ends with a newline, as files do, is not read
/// twice to find that out.)
fn first_line_is_value(b: &[u8], first: usize) -> bool {
    let first_line_end = crate::swar::find(&b[first..], b'\n').map_or(b.len(), |p| first + p);
    skip_ws(b, first_line_end) < b.len() && {
        let mut s = Scanner::new(&b[..first_line_end], first);
        s.value().is_ok() && skip_ws(&b[..first_line_end], s.i) == first_line_end
    }
}

/// Whether [`split`] reads `b` as one JSON array ([`Shape::Array`]) whatever follows its
/// first line: it opens an array, and its first line is not a whole value (JSON Lines).
pub fn is_array(b: &[u8]) -> bool {
    let first = skip_ws(b, 0);
    b.get(first) == Some(&b'[') && !first_line_is_value(b, first)
}

/// Splits a document into the values it holds: a JSON array, `{"messages": [...]}`, one
/// value, or JSON Lines. `check_utf8` is for bytes not yet known to be UTF-8.
pub fn split(b: &[u8], check_utf8: bool) -> Split {
    let first = skip_ws(b, 0);
    let mut items = Vec::new();
    let Some(&c) = b.get(first) else {
        return Split {
            shape: Shape::Empty,
            items,
            broken: None,
        };
    };
    // JSON Lines, when the first line holds a complete value on its own and more follows.
    let first_line_is_value = || first_line_is_value(b, first);
    if c == b'[' {
        let broken = match split_array(b, first, check_utf8, &mut items) {
            Ok(end) if skip_ws(b, end) < b.len() && first_line_is_value() => {
                return lines(b, check_utf8);
            }
            Ok(end) => trailing(b, end),
            Err(issue) => Some(issue),
        };
        return Split {
            shape: Shape::Array,
            items,
            broken,
        };
    }
    // One value, if nothing but white space follows it.
    let mut s = Scanner::new(b, first);
    if c == b'{' {
        s.members = Some(Vec::new());
    }
    let whole = s.value().map(|()| s.i);
    if let Ok(end) = whole {
        if skip_ws(b, end) == b.len() {
            let members = s.members.take().unwrap_or_default();
            let messages = members.iter().find(|(k, ..)| k == "messages");
            let has_version = members.iter().any(|(k, ..)| k == "version");
            if let (Some((_, from, _)), false) = (messages, has_version) {
                // Problems outside `messages` (a second `messages` key…) break the wrapper.
                let outside = s
                    .issues
                    .iter()
                    .find(|i| !i.path.starts_with("/messages/"))
                    .cloned();
                if b.get(*from) == Some(&b'[') {
                    let broken = match split_array(b, *from, check_utf8, &mut items) {
                        Ok(_) => outside,
                        Err(issue) => Some(issue),
                    };
                    return Split {
                        shape: Shape::Messages,
                        items,
                        broken,
                    };
                }
            }
            let mut issues = s.issues;
            if check_utf8 {
                if let Err(e) = std::str::from_utf8(&b[first..end]) {
                    let at = first + e.valid_up_to();
                    issues.insert(0, not_utf8(at));
                }
            }
            items.push(Item {
                start: first,
                end,
                issues,
            });
            return Split {
                shape: Shape::Single,
                items,
                broken: None,
            };
        }
    }
    if !first_line_is_value() {
        let issue = match whole {
            Err(issue) => issue,
            Ok(end) => Scanner::new(b, skip_ws(b, end)).syntax("the end of the text"),
        };
        let end = b.len();
        items.push(broken_item(first, end, issue));
        return Split {
            shape: Shape::Single,
            items,
            broken: None,
        };
    }
    lines(b, check_utf8)
}

/// Each non-blank line is one item.
fn lines(b: &[u8], check_utf8: bool) -> Split {
    let mut items = Vec::new();
    let mut line_start = 0;
    while line_start < b.len() {
        let line_end =
            crate::swar::find(&b[line_start..], b'\n').map_or(b.len(), |p| line_start + p);
        let line = &b[..line_end];
        let start = skip_ws(line, line_start);
        if start < line_end {
            let item = match scan_item(line, start, check_utf8) {
                Ok(item) if skip_ws(line, item.end) == line_end => item,
                Ok(item) => {
                    let s = Scanner::new(line, skip_ws(line, item.end));
                    broken_item(start, line_end, s.syntax("the end of the line"))
                }
                Err(issue) => broken_item(start, line_end, issue),
            };
            items.push(item);
        }
        line_start = line_end + 1;
    }
    Split {
        shape: Shape::Lines,
        items,
        broken: None,
    }
}

/// Anything but white space after a document's value is a break.
fn trailing(b: &[u8], end: usize) -> Option<Issue> {
    let i = skip_ws(b, end);
    (i < b.len()).then(|| Scanner::new(b, i).syntax("the end of the text"))
}

/// Scans a whole document as one value (a card): its issues, or the syntax error that makes
/// it unreadable.
pub fn scan_document(b: &[u8], check_utf8: bool) -> Result<Vec<Issue>, Issue> {
    let first = skip_ws(b, 0);
    let item = scan_item(b, first, check_utf8)?;
    match trailing(b, item.end) {
        Some(issue) => Err(issue),
        None => Ok(item.issues),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_end_within_counts_every_value() {
        let within = |t: &str, max: usize| value_end_within(t.as_bytes(), 0, max);
        // The array, the object, its members' values (one an array of two), `null` and the
        // empty containers: nine.
        let t = r#"[{"a": "x", "b": [1, true]}, null, {}, []]"#;
        assert_eq!(within(t, 9), Ok(t.len()));
        assert_eq!(within(t, 8), Err(Unscanned::TooManyValues));
        assert_eq!(within("7", 1), Ok(1));
        assert_eq!(within("7", 0), Err(Unscanned::TooManyValues));
        // Keys are not values; what is not JSON says so while within the count…
        assert_eq!(within(r#"{"a":1,"b":2}"#, 3), Ok(13));
        assert_eq!(within("[1, 2,]", 10), Err(Unscanned::NotJson));
        // …and past it the walk has stopped: what follows is not read.
        assert_eq!(
            within("[1, 2, 3, nonsense", 3),
            Err(Unscanned::TooManyValues)
        );
    }

    #[test]
    fn value_end_finds_where_each_json_value_ends() {
        let end = |t: &str, at: usize| value_end(t.as_bytes(), at);
        assert_eq!(end(r#"{"a": [1, "]}"], "b": {}} ,"#, 0), Some(25));
        assert_eq!(end(r#"["\\", "\"]"]x"#, 0), Some(13));
        assert_eq!(end(r#""a\"b" ,"#, 0), Some(6));
        assert_eq!(end(r#"{ "k" : [ ] , "l":{ }}"#, 0), Some(22));
        assert_eq!(end(r#""\u00e9\/\b\f\n\r\t""#, 0), Some(20));
        for (t, n) in [
            ("12.5e3,", 6),
            ("true}", 4),
            ("null", 4),
            ("-1 ]", 2),
            ("0,", 1),
        ] {
            assert_eq!(end(t, 0), Some(n), "{t:?}");
        }
        for (t, n) in [("-0.5E+7]", 7), ("1e-2}", 4), ("false", 5), ("[[]]", 4)] {
            assert_eq!(end(t, 0), Some(n), "{t:?}");
        }
        // Long runs between escapes, at every offset of a block.
        for pad in 0..40 {
            let t = format!(r#"["{}\"]{}", 1]"#, "x".repeat(pad), "y".repeat(pad));
            assert_eq!(end(&t, 0), Some(t.len()), "{t}");
        }
        // Not a value, one the text ends inside, or not JSON's syntax.
        for t in [
            "",
            ",",
            "}",
            " 1",
            "[1}",
            "{]",
            r#"{"a": [1}"#,
            r#""abc"#,
            r#""a\"#,
            "[[]",
            "[1,]",
            "[,1]",
            "[1 2]",
            r#"{"a" 1}"#,
            r#"{"a":}"#,
            r#"{a:1}"#,
            r#"{"a":1,}"#,
            "tru",
            "nul",
            "-",
            "1.",
            ".5",
            "1e",
            "+1",
            r#""\x""#,
            r#""\u12g4""#,
            "\"\u{1}\"",
            "@",
        ] {
            assert_eq!(end(t, 0), None, "{t:?}");
        }
    }

    fn problems(text: &str) -> Vec<(Problem, String)> {
        scan_document(text.as_bytes(), false)
            .unwrap()
            .into_iter()
            .map(|i| (i.problem, i.path))
            .collect()
    }

    #[test]
    fn clean_documents_have_no_issues() {
        for t in [
            "{}",
            "[]",
            r#"{"a":[1,-2.5e3,true,false,null,"x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"],"b":{}}"#,
            " [ 0 , -0 , 1E+2 , 1e-400 ] ",
            "\"text\"",
            "123456789012345678",
        ] {
            assert_eq!(scan_document(t.as_bytes(), true), Ok(vec![]), "{t}");
            // Whatever scans clean, serde_json reads.
            serde_json::from_str::<serde_json::Value>(t).unwrap();
        }
    }

    #[test]
    fn a_key_given_twice_is_found_in_an_object_of_any_size() {
        // `n` keys `k0`, `k1`, … and then `more`: sixteen are compared one by one, past
        // that they are in a seeded set.
        use crate::test_rng::keyed;
        let twice = |k: &str| vec![(Problem::DuplicateKey(k.into()), format!("/{k}"))];
        for n in [15, 16, 17, 40, 3000] {
            assert_eq!(problems(&keyed(n, "")), vec![], "{n}");
            assert_eq!(problems(&keyed(n, r#","k0":0"#)), twice("k0"), "{n}");
            let last = format!("k{}", n - 1);
            assert_eq!(
                problems(&keyed(n, &format!(r#","{last}":0"#))),
                twice(&last),
                "{n}"
            );
            assert_eq!(problems(&keyed(n, r#","\u006b0":0"#)), twice("k0"), "{n}");
        }
    }

    #[test]
    fn finds_what_parsers_disagree_on_with_paths() {
        assert_eq!(
            problems(r#"{"a":{"k":1,"k":2}}"#),
            vec![(Problem::DuplicateKey("k".into()), "/a/k".into())]
        );
        // Keys are compared after unescaping: "\u0061" is "a".
        assert_eq!(
            problems(r#"{"a":1,"\u0061":2}"#),
            vec![(Problem::DuplicateKey("a".into()), "/a".into())]
        );
        assert_eq!(
            problems(r#"{"x":[1,1e400]}"#),
            vec![(Problem::NumberOutOfRange("1e400".into()), "/x/1".into())]
        );
        assert_eq!(
            problems(&format!("[{}]", "9".repeat(400))),
            vec![(Problem::NumberOutOfRange("9".repeat(400)), "/0".into())]
        );
        // Numbers without an exponent are read only from 300 characters on: the longest one
        // skipped is finite, and the first past f64::MAX written out in full is caught.
        let skipped = format!("-{}.{}", "9".repeat(200), "9".repeat(97));
        assert_eq!(skipped.len(), 299);
        assert!(problems(&format!("[{skipped}]")).is_empty());
        let max = format!("1{}", "0".repeat(308));
        assert!(problems(&format!("[{max}]")).is_empty());
        let past = format!("2{}", "0".repeat(308));
        assert_eq!(
            problems(&format!("[{past}]")),
            vec![(Problem::NumberOutOfRange(past.clone()), "/0".into())]
        );
        assert_eq!(
            problems(r#"{"s":"\ud800","t":"\udc00x","u":"\ud800\u0041"}"#),
            vec![
                (Problem::LoneSurrogate, "/s".into()),
                (Problem::LoneSurrogate, "/t".into()),
                (Problem::LoneSurrogate, "/u".into()),
            ]
        );
        // Many keys switch to a hash set and still find the repeat.
        let many: Vec<String> = (0..40).map(|i| format!("\"k{i}\":{i}")).collect();
        assert_eq!(
            problems(&format!("{{{},\"k3\":0}}", many.join(","))),
            vec![(Problem::DuplicateKey("k3".into()), "/k3".into())]
        );
    }

    #[test]
    fn depth_is_counted_not_recursed() {
        let at = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
        assert_eq!(problems(&at(MAX_DEPTH)), vec![]);
        let past = problems(&at(MAX_DEPTH + 1));
        assert_eq!(past.len(), 1);
        assert_eq!(past[0].0, Problem::TooDeep);
        // A million levels cost a counter, not a stack.
        assert_eq!(problems(&at(1_000_000)).len(), 1);
        serde_json::from_str::<serde_json::Value>(&at(MAX_DEPTH)).unwrap();
        // Past the depth the syntax is still checked, as `value_end` checks it: text that
        // is no JSON inside is not read, and JSON inside is (found by the fuzz target).
        for (inside, json) in [
            ("id\":\"root\"", false),
            ("1,", false),
            ("{\"a\" 1}", false),
            ("\"x\",{\"a\":[true,null]}", true),
        ] {
            let n = MAX_DEPTH + 5;
            let text = format!("{}{inside}{}", "[".repeat(n), "]".repeat(n));
            let scanned = scan_document(text.as_bytes(), false);
            assert_eq!(scanned.is_ok(), json, "{inside}");
            assert_eq!(value_end(text.as_bytes(), 0).is_some(), json, "{inside}");
            if let Err(e) = scanned {
                assert!(matches!(e.problem, Problem::Syntax(_)), "{inside}");
            }
        }
    }

    #[test]
    fn syntax_errors_have_positions() {
        let text = "{\"a\": 1\n \"b\": 2}";
        let e = scan_document(text.as_bytes(), false).unwrap_err();
        assert_eq!(e.problem, Problem::Syntax("`,` or `}`"));
        assert_eq!(position(text.as_bytes(), e.start), (2, 2));
        assert!(scan_document(b"{} x", false).is_err());
        assert!(scan_document(b"\"a\x01\"", false).is_err());
        assert!(scan_document(b"01", false).is_err());
        assert_eq!(position("é\néa".as_bytes(), 5), (2, 2));
        let text = "ab\né\n\nxyz".as_bytes();
        let mut p = Positions::new(text);
        for offset in [0, 1, 3, 5, 6, 8, 2, 9] {
            assert_eq!(p.of(offset), position(text, offset), "{offset}");
        }
    }

    #[test]
    fn a_bad_element_costs_only_itself() {
        let text = r#"[{"a":1}, {"b" 2}, {"c":{"c":1,"c":2}}, [[[1]]], {"d":4}]"#;
        let s = split(text.as_bytes(), false);
        assert_eq!(s.shape, Shape::Array);
        assert_eq!(s.broken, None);
        let clean: Vec<bool> = s.items.iter().map(Item::is_clean).collect();
        assert_eq!(clean, [true, false, false, true, true]);
        assert_eq!(&text[s.items[4].start..s.items[4].end], r#"{"d":4}"#);
        // Where the next element starts cannot be known: the break is said once.
        let s = split(br#"[{"a":1} {"b":2}]"#, false);
        assert_eq!(s.items.len(), 1);
        assert!(s.broken.is_some());
    }

    #[test]
    fn shapes() {
        let s = split(br#"{"messages":[{"a":1},{"b":2}]}"#, false);
        assert_eq!((s.shape, s.items.len()), (Shape::Messages, 2));
        let s = split(br#"{"version":"v0.9","messages":[]}"#, false);
        assert_eq!((s.shape, s.items.len()), (Shape::Single, 1));
        let s = split(b"{\"a\":1}\n\n{\"b\":\n{\"c\":3}\r\n", false);
        assert_eq!(s.shape, Shape::Lines);
        assert_eq!(
            s.items.iter().map(Item::is_clean).collect::<Vec<_>>(),
            [true, false, true]
        );
        // A pretty-printed envelope with one error is one finding, not one per line.
        let s = split(b"{\n  \"a\": 1\n  \"b\": 2\n}\n", false);
        assert_eq!((s.shape, s.items.len()), (Shape::Single, 1));
        assert!(!s.items[0].is_clean());
        assert_eq!(split(b"  \n", false).shape, Shape::Empty);
        // JSON Lines may start with any value, an array included (found by a property test).
        let s = split(b"[]\n{\"a\":1}\n", false);
        assert_eq!((s.shape, s.items.len(), s.broken), (Shape::Lines, 2, None));
        let s = split(br#"{"messages":[{"a":1}],"messages":[]}"#, false);
        assert!(s.broken.is_some(), "a repeated wrapper key is ambiguous");
    }

    #[test]
    fn offsets_never_pass_the_end_of_the_text() {
        // Found by fuzzing: a too-deep container ending in a backslash inside a string.
        let text = format!("{}\"\\", "[".repeat(MAX_DEPTH + 1));
        let e = scan_document(text.as_bytes(), false).unwrap_err();
        assert!(e.start <= text.len() && e.end <= text.len(), "{e:?}");
        let s = split(text.as_bytes(), false);
        for i in s.items.iter().flat_map(|i| &i.issues).chain(&s.broken) {
            assert!(i.start <= text.len() && i.end <= text.len(), "{i:?}");
        }
    }

    #[test]
    fn bytes_that_are_not_utf8() {
        let mut text = br#"[{"a":"x"},{"b":""#.to_vec();
        text.extend([0xFF, b'"', b'}', b']']);
        let s = split(&text, true);
        assert!(s.items[0].is_clean());
        assert_eq!(s.items[1].issues[0].problem, Problem::NotUtf8);
    }
}
