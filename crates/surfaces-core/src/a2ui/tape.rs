//! A data value as one flat buffer: what the reader writes as it checks a large data value
//! (see [`super::model`]), instead of a `Value` tree of separately allocated nodes. Building
//! the `Value` later is a walk over the buffer with nothing to parse again: strings are
//! stored as their UTF-8 bytes and numbers as the bits serde_json would have read.
//!
//! Only [`Writer`] writes a tape, and [`written`] puts one value's tape in place of a value
//! on another, or where a new one goes (its containers carry no lengths to mend); every tape
//! is one value.

use serde_json::{Map, Number, Value};

const NULL: u8 = 0;
const FALSE: u8 = 1;
const TRUE: u8 = 2;
const U64: u8 = 3;
const I64: u8 = 4;
const F64: u8 = 5;
const STR: u8 = 6;
pub(crate) const ARRAY: u8 = 7;
pub(crate) const OBJECT: u8 = 8;
const END: u8 = 9;

/// Appends one value's parts: containers are opened, filled and closed in order, object
/// members as a key then a value.
pub(crate) struct Writer<'t>(pub &'t mut Vec<u8>);

impl Writer<'_> {
    pub fn null(&mut self) {
        self.0.push(NULL);
    }
    pub fn bool(&mut self, b: bool) {
        self.0.push(if b { TRUE } else { FALSE });
    }
    pub fn u64(&mut self, n: u64) {
        self.number(U64, n.to_le_bytes());
    }
    pub fn i64(&mut self, n: i64) {
        self.number(I64, n.to_le_bytes());
    }
    /// A float as `Value::from(f64)` keeps it: one that is no JSON number is `null`.
    pub fn f64(&mut self, n: f64) {
        if n.is_finite() {
            self.number(F64, n.to_le_bytes());
        } else {
            self.0.push(NULL);
        }
    }
    /// A number's tag and its eight bytes, after one check for room (pushed and extended,
    /// each checked for room of its own).
    #[inline(always)]
    fn number(&mut self, tag: u8, bytes: [u8; 8]) {
        self.0.reserve(9);
        let at = self.0.len();
        // SAFETY: nine bytes are reserved past the length, and written before it covers them.
        unsafe {
            let dst = self.0.as_mut_ptr().add(at);
            dst.write(tag);
            dst.add(1).cast::<[u8; 8]>().write_unaligned(bytes);
            self.0.set_len(at + 9);
        }
    }
    /// A string (a value, or a key where a member starts).
    pub fn str(&mut self, s: &str) {
        self.utf8(s.as_bytes());
    }
    /// A string as the UTF-8 bytes a reader made (unescaped text). Bytes that were not UTF-8
    /// would read back as an empty string, never as anything unsafe ([`Reader::str`]).
    pub fn utf8(&mut self, s: &[u8]) {
        let len = s.len();
        if len > 64 {
            self.0.reserve(11 + len);
            self.0.push(STR);
            leb128(self.0, len);
            self.0.extend_from_slice(s);
            return;
        }
        // Most strings (keys, ids, words): the tag, a length of one byte and the bytes,
        // after one check for room where a push and an extend checked three times.
        self.0.reserve(2 + len);
        let at = self.0.len();
        // SAFETY: `2 + len` bytes are reserved past the length, and written before it covers
        // them; `s` is not in the tape (the tape is borrowed mutably here).
        unsafe {
            let dst = self.0.as_mut_ptr().add(at);
            dst.write(STR);
            dst.add(1).write(len as u8);
            crate::swar::copy_short(s, dst.add(2));
            self.0.set_len(at + 2 + len);
        }
    }
    /// Starts a string whose UTF-8 the caller appends next, of at least `at_least` bytes:
    /// room is left for its length, as many bytes as `at_least` takes (one below 128), and
    /// [`Writer::end_utf8`] fills it in. The room is never more than the length takes, so
    /// the bytes move only when the string came out longer than its room says (forward);
    /// with two bytes of room, every string under 128 bytes moved back one, a call out of
    /// the module in wasm32 for each (an eighth of a fold of strings holding JSON).
    pub fn begin_utf8(&mut self, at_least: usize) -> Begun {
        self.0.push(STR);
        let prefix = self.0.len();
        if at_least < 0x80 {
            self.0.push(0);
        } else {
            let width = crate::leb128::bytes(at_least as u64).1;
            self.0.extend_from_slice(&[0; 10][..width]);
        }
        Begun {
            prefix,
            body: self.0.len(),
        }
    }
    /// Ends the string begun: its length goes where room was left, in as few bytes as it
    /// takes (its bytes move forward when the room was short), so that the tape is the one
    /// [`Writer::utf8`] writes. Returns where the string's bytes now start.
    pub fn end_utf8(&mut self, begun: Begun) -> usize {
        let len = self.0.len() - begun.body;
        // The room is one byte at least, and at most what the length takes.
        if len < 0x80 {
            debug_assert_eq!(begun.body, begun.prefix + 1, "a string shorter than begun");
            self.0[begun.prefix] = len as u8;
            return begun.body;
        }
        let (length, width) = crate::leb128::bytes(len as u64);
        let body = begun.prefix + width;
        debug_assert!(body >= begun.body, "the room is at most the length's width");
        if body > begun.body {
            self.0.resize(body + len, 0);
            self.0.copy_within(begun.body..begun.body + len, body);
        }
        self.0[begun.prefix..body].copy_from_slice(&length[..width]);
        body
    }
    pub fn open(&mut self, object: bool) {
        self.0.push(if object { OBJECT } else { ARRAY });
    }
    pub fn close(&mut self) {
        self.0.push(END);
    }
}

/// Where a string [`Writer::begin_utf8`] started has its length and its bytes.
pub(crate) struct Begun {
    prefix: usize,
    body: usize,
}

/// `n` as LEB128: one byte for most keys and short strings (a fixed eight made a tape an
/// eighth larger than its JSON), and room for any `usize`.
#[inline(always)]
fn leb128(out: &mut Vec<u8>, n: usize) {
    // Most strings are short: one byte, pushed (a tenth of a fold of short strings went to
    // the general case).
    if n < 0x80 {
        out.push(n as u8);
        return;
    }
    let (bytes, width) = crate::leb128::bytes(n as u64);
    out.extend_from_slice(&bytes[..width]);
}

/// The tape of a value already built (a call kept by a component, [`super::catalog::Dynamic`]).
/// Its nesting is what admission allowed, so the recursion here is bounded by it.
pub(crate) fn tape_of(v: &Value) -> Vec<u8> {
    let mut tape = Vec::new();
    Writer(&mut tape).value(v);
    tape
}

impl Writer<'_> {
    /// A value already built, as [`tape_of`] writes it: a number as the kind serde_json
    /// made it, an object's members in its map's order. Its nesting is what admission
    /// allowed, so the recursion here is bounded by it.
    pub fn value(&mut self, v: &Value) {
        fn write(v: &Value, w: &mut Writer) {
            match v {
                Value::Null => w.null(),
                Value::Bool(b) => w.bool(*b),
                Value::Number(n) => match (n.as_u64(), n.as_i64(), n.as_f64()) {
                    (Some(u), _, _) => w.u64(u),
                    (_, Some(i), _) => w.i64(i),
                    (_, _, f) => w.f64(f.unwrap_or(f64::NAN)),
                },
                Value::String(s) => w.str(s),
                Value::Array(a) => {
                    w.open(false);
                    a.iter().for_each(|x| write(x, w));
                    w.close();
                }
                Value::Object(o) => {
                    w.open(true);
                    for (k, x) in o {
                        w.str(k);
                        write(x, w);
                    }
                    w.close();
                }
            }
        }
        write(v, self)
    }
}

/// The value a tape holds. Its nesting is what the writer's caller allowed (the reader's
/// depth limit), so the recursion here is bounded by it.
pub(crate) fn read(tape: &[u8]) -> Value {
    let mut r = Reader::new(tape);
    let v = r.value();
    debug_assert_eq!(r.at, tape.len(), "a tape holds one value");
    v
}

/// [`read`], building at most `most` values (each scalar, array and object is one), with
/// how many it built; `None`, having stopped at the first past them, if the tape holds more.
pub(crate) fn read_within(tape: &[u8], most: usize) -> Option<(Value, usize)> {
    let mut r = Reader {
        left: most,
        ..Reader::new(tape)
    };
    let v = r.value();
    (r.at <= tape.len()).then_some((v, most - r.left))
}

/// The value at `segs` inside a tape's value, as [`super::pointer::get`] finds it in the
/// built value, building only that part: what is passed over is skipped, not built.
pub(crate) fn get(tape: &[u8], segs: &[String]) -> Option<Value> {
    match find(tape, segs)? {
        Found::Value(mut r) => Some(r.value()),
        Found::End { .. } => None,
    }
}

/// Where a write inside a tape's value goes on the tape ([`slot`]): the bytes of the value it
/// replaces, or none where it adds a member to an object or a last item to an array (before
/// the container's end), and whether a key goes first (a new member).
#[derive(Debug)]
pub(crate) struct Slot {
    pub at: std::ops::Range<usize>,
    pub member: bool,
}

/// Where a write at `segs` inside a tape's value goes on the tape, as
/// [`super::pointer::set_planned`] finds its place in the built value, when that place is
/// there or is a new member of an object or a new last item (`-`, or the index of the
/// array's length) of an array that is there: no container made on the way, no `null`s
/// padding an array. Nothing is built; what is passed over is skipped.
pub(crate) fn slot(tape: &[u8], segs: &[String]) -> Option<Slot> {
    Some(match find(tape, segs)? {
        Found::Value(mut r) => {
            let start = r.at;
            r.skip();
            Slot {
                at: start..r.at.min(tape.len()),
                member: false,
            }
        }
        Found::End { at, member } => Slot { at: at..at, member },
    })
}

/// What [`find`] finds: a reader at the start of the value there, or the end of the
/// container a new member or last item goes before (never past the tape's end, were the
/// tape not well formed).
enum Found<'t> {
    Value(Reader<'t>),
    End { at: usize, member: bool },
}

/// The walk [`get`] and [`slot`] share: one pass over what lies before the place.
fn find<'t>(tape: &'t [u8], segs: &[String]) -> Option<Found<'t>> {
    let mut r = Reader::new(tape);
    for (n, seg) in segs.iter().enumerate() {
        let last = n + 1 == segs.len();
        let end = |r: &Reader, member| Found::End {
            at: r.at.min(tape.len()),
            member,
        };
        match r.byte() {
            OBJECT => loop {
                if r.at_container_end() {
                    return last.then(|| end(&r, true));
                }
                r.byte(); // a key's STR tag
                if r.bytes() == seg.as_bytes() {
                    break;
                }
                r.skip();
            },
            ARRAY => {
                // As `pointer::get` and `pointer::set_planned`: an index without leading
                // zeros, and `-` the array's length (which names no item to read).
                let append = seg == "-";
                let i = if append {
                    usize::MAX
                } else {
                    super::pointer::array_index(seg, usize::MAX)?
                };
                let mut k = 0;
                loop {
                    if r.at_container_end() {
                        // `k` is the array's length.
                        return (last && (append || k == i)).then(|| end(&r, false));
                    }
                    if k == i {
                        break;
                    }
                    r.skip();
                    k += 1;
                }
            }
            _ => return None,
        }
    }
    Some(Found::Value(r))
}

/// The tape with `new` (one value's tape) written at `slot` (a [`slot`] on it, for a path
/// whose last segment is `key`): the tape [`super::pointer::set_planned`] of that value at
/// that place would leave, as containers on a tape carry no lengths to mend. The bytes
/// before the slot stay where they are; those after it move once.
pub(crate) fn written(tape: Box<[u8]>, slot: Slot, key: &str, new: &[u8]) -> Box<[u8]> {
    let mut member = Vec::new();
    if slot.member {
        Writer(&mut member).str(key);
    }
    let mut bytes = tape.into_vec();
    let (start, end, len) = (slot.at.start, slot.at.end, bytes.len());
    let added = member.len() + new.len();
    // The bytes after the slot move to where the new ones end (`Vec::splice` did the same
    // in 744 bytes more of the gzipped module).
    if added > end - start {
        bytes.resize(len + added - (end - start), 0);
    }
    bytes.copy_within(end..len, start + added);
    bytes.truncate(len + added - (end - start));
    bytes[start..start + member.len()].copy_from_slice(&member);
    bytes[start + member.len()..start + added].copy_from_slice(new);
    bytes.into_boxed_slice()
}

/// The high bit of an item's start in [`item_starts`]: set by its owner once the item is
/// built and kept elsewhere. Starts are `u32`s (a list of records keeps a sixth of a word
/// per record, not a `usize`), so an array of as many bytes or more is never kept item by
/// item.
pub(crate) const OUT: u32 = 1 << 31;

/// Where each item of the array at the start of `tape` starts, then where the array's `END`
/// is: `None` when `tape` does not start with an array, or the array's bytes reach [`OUT`],
/// or as soon as item `on` (on a write's path) is found to take `large` bytes or more. One
/// pass that builds nothing, and passes over item `on` only as far as `large` bytes, so that
/// lists nested in each other along a path, each with a large item on it, are not each
/// passed over whole. For a long list a write goes into: its items are then built one at a
/// time, as writes go into them (`Model`), not all at the first write.
pub(crate) fn item_starts(tape: &[u8], on: usize, large: usize) -> Option<Vec<u32>> {
    if tape.first() != Some(&ARRAY) {
        return None;
    }
    let mut starts = Vec::new();
    let mut at = 1usize;
    // Where the item on the path would reach `large` bytes, once it is reached.
    let mut stop = usize::MAX;
    // Containers open in the item being passed over. A loop of its own, not `Reader::skip`
    // per item: a tag here takes about half the instructions (a fold of lists in lists
    // spent 2% of its instructions finding its list's items).
    let mut open = 0usize;
    loop {
        if open == 0 {
            // Between items: `starts` holds those before, and item `on` ends here if it is
            // the last of them.
            if starts.len() == on.saturating_add(1) {
                if at >= stop {
                    return None;
                }
                stop = usize::MAX;
            }
            starts.push(u32::try_from(at).ok().filter(|&at| at < OUT)?);
            if tape.get(at) == Some(&END) {
                return Some(starts);
            }
            if starts.len() == on.saturating_add(1) {
                stop = at.saturating_add(large);
            }
        } else if at >= stop {
            return None;
        }
        // Past the tape's end inside the array: no tape the writer wrote.
        let tag = *tape.get(at)?;
        at += 1;
        match tag {
            U64 | I64 | F64 => at += 8,
            STR => match tape.get(at) {
                Some(&len) if len < 0x80 => at += 1 + usize::from(len),
                _ => {
                    let mut r = Reader::new(tape);
                    r.at = at;
                    let len = crate::leb128::read(|| r.byte());
                    at = r.at.saturating_add(usize::try_from(len).ok()?);
                }
            },
            ARRAY | OBJECT => open += 1,
            END => open = open.checked_sub(1)?,
            _ => {}
        }
    }
}

/// The bytes of item `i` of an array kept item by item ([`item_starts`]), while it is on
/// the tape (its start has no [`OUT`] bit).
pub(crate) fn item<'t>(tape: &'t [u8], starts: &[u32], i: usize) -> Option<&'t [u8]> {
    let (&start, &next) = (starts.get(i)?, starts.get(i + 1)?);
    if start & OUT != 0 {
        return None;
    }
    let (start, end) = (start as usize, (next & !OUT) as usize);
    tape.get(start..end.max(start))
}

/// How many small items in a row [`split`] finds in an array before it builds the rest of
/// the array's items (before the path's, or after it) without looking at their size.
const SMALL_RUN: usize = 32;

/// Where each member of the object at the start of `tape` starts (its key's tag), sorted
/// by key, and where the object's `END` is: `None` when `tape` does not start with an
/// object, a key is given twice (no tape the reader wrote), the object's bytes reach
/// [`OUT`], or the member keyed `on` (on a write's path) is found to take `large` bytes or
/// more (passed over only that far), or the object is shorter than `from` bytes. One pass
/// that builds nothing, then a sort of the keys where they stand on the tape: for a
/// large map of records a write goes into, whose members are then built one at a time
/// (`Model`), as a long list's items are ([`item_starts`]).
pub(crate) fn member_starts(
    tape: &[u8],
    on: &str,
    large: usize,
    from: usize,
) -> Option<(Vec<u32>, usize)> {
    if tape.first() != Some(&OBJECT) {
        return None;
    }
    let mut r = Reader::new(tape);
    r.at = 1;
    // Each member's key with its start, sorted by key then: comparing keys read again from
    // the tape at each step of the sort took half a fold of a map of 5,000 records. Its
    // first eight bytes first, as a number (in the order of the bytes): most comparisons end
    // there, without a call to compare the rest (a third of the sort's instructions).
    let mut members: Vec<(u64, &[u8], u32)> = Vec::new();
    while !r.at_container_end() {
        let start = u32::try_from(r.at).ok().filter(|&at| at < OUT)?;
        r.byte(); // a key's STR tag
        let key = r.bytes();
        let mut head = [0; 8];
        head[..key.len().min(8)].copy_from_slice(&key[..key.len().min(8)]);
        members.push((u64::from_be_bytes(head), key, start));
        if key == on.as_bytes() {
            // Passed over as far as `large` bytes, and its last one may run past them.
            let from = r.at;
            if !r.skip_within(large.saturating_sub(1)) || r.at - from >= large {
                return None;
            }
        } else {
            r.skip();
        }
    }
    // Not sorted for nothing: the object is at least `from` bytes, with its `END`.
    let end = r.at;
    if tape.get(end) != Some(&END) || end >= OUT as usize || end + 1 < from {
        return None;
    }
    crate::heapsort::heapsort(&mut members, |a, b| (a.0, a.1) < (b.0, b.1));
    if members.windows(2).any(|w| w[0].1 == w[1].1) {
        return None;
    }
    Some((members.into_iter().map(|(.., start)| start).collect(), end))
}

/// The key of the member at `start` (its key's tag) on an object's tape ([`member_starts`];
/// the [`OUT`] bit ignored).
pub(crate) fn member_key(tape: &[u8], start: u32) -> &str {
    let mut r = Reader::new(tape);
    r.at = (start & !OUT) as usize + 1;
    r.str()
}

/// The value of the member at `start` (its key's tag) on an object's tape, and its key.
pub(crate) fn member_value(tape: &[u8], start: u32) -> (&str, &[u8]) {
    let mut r = Reader::new(tape);
    r.at = (start & !OUT) as usize + 1;
    let key = r.str();
    let at = r.at;
    r.skip();
    (key, &tape[at.min(tape.len())..r.at.clamp(at, tape.len())])
}

/// A map of the members at `starts` on an object's tape ([`member_starts`]), each `null`.
/// Inserted one by one, in key order: collected, the map sorts them again, with a stable
/// sort made for this element type (that and an unstable sort of the members added 6.3 KB
/// to the gzipped module, where [`crate::heapsort`] takes a few hundred bytes).
pub(crate) fn null_members(tape: &[u8], starts: &[u32]) -> Map<String, Value> {
    let mut map = Map::new();
    for &start in starts {
        map.insert(member_key(tape, start).to_owned(), Value::Null);
    }
    map
}

/// Where the member keyed `key` is among `starts` ([`member_starts`], sorted by key),
/// whether it is on the tape or not.
pub(crate) fn find_member(tape: &[u8], starts: &[u32], key: &str) -> Option<usize> {
    starts
        .binary_search_by(|&s| member_key(tape, s).as_bytes().cmp(key.as_bytes()))
        .ok()
}

/// A tape [`split`] keeps apart: its path below the split tape's, its bytes, and for a
/// large list or map the path goes into, where its items start ([`item_starts`],
/// [`member_starts`]), all on its tape.
#[derive(Debug, PartialEq)]
pub(crate) struct Part {
    pub path: Vec<String>,
    pub tape: Box<[u8]>,
    pub items: Option<Vec<u32>>,
}

/// A tape's value built along `path` only, for a write that goes into it: each container on
/// the path is built with its members, but a container beside the path (or at its end,
/// which the write replaces) whose tape is at least `large` bytes is left as a part of
/// its own, a copy of its bytes, with `null` in its place; at most `room` parts. Returns
/// the value and the parts, each with its path below the tape's. The parts are never one
/// above another, and none but a list or map kept item by item (below) is above the end
/// of `path`.
///
/// A list or map below the tape's top that the path goes into, whose tape is at least
/// `items_from` bytes, where the item on the path is shorter than `large` (or is not there:
/// an append, a new key), is kept as a part too, with its items' starts ([`Part::items`]).
/// The value holds a `null` for each of its items, and the path goes no further: the model
/// builds the item on it (`Model::take_item`), as for any write into a list or map kept so. A patch of one record in a list of 5,000 built all 5,000 before, where the
/// official core changes one field of what `JSON.parse` made: 0.85 times its speed.
///
/// A write of a small value beside a large one (a status next to a list, a price list added
/// to a grid) built the whole tape before: a dashboard's grid of 90,000 readings and a
/// price list added beside it spent a fifth of its fold's instructions building the grid
/// (callgrind; with this, 31% fewer in all, the store's drop included). The work is linear
/// in the tape: each byte is built, read as a container of the path, or passed over and
/// copied with a part; what was read of a container before it was found large is read
/// again (at most `large` bytes, but for a string that starts in them, built whole), and
/// so is what a container on the path that is not kept item by item was passed over for:
/// the items before the path's and at most `large` bytes of that, or, when it is shorter
/// than `items_from`, all of it (at most `items_from` bytes a level). A map kept item by
/// item has its keys sorted besides.
pub(crate) fn split(
    tape: &[u8],
    path: &[String],
    large: usize,
    mut room: usize,
    items_from: usize,
) -> (Value, Vec<Part>) {
    let mut parts = Vec::new();
    if path.is_empty() || !matches!(tape.first(), Some(&(ARRAY | OBJECT))) {
        return (read(tape), parts);
    }
    let mut r = Reader::new(tape);
    // The containers of the path being built, outermost first, each with where it goes in
    // the one before (its key, or none for an array's next item) and the index of its item
    // on the path, if an array's. Not a recursion: the path is as long as the reader's depth
    // limit allows.
    let mut open: Vec<(Value, Option<String>, Option<usize>)> = Vec::new();
    let container = |tag: u8, depth: usize| {
        let seg = path.get(depth);
        match tag {
            OBJECT => (Value::Object(Map::new()), None),
            _ => (
                Value::Array(Vec::new()),
                seg.and_then(|s| super::pointer::array_index(s, usize::MAX)),
            ),
        }
    };
    let (root, index) = container(r.byte(), 0);
    open.push((root, None, index));
    // Every frame is an array or an object (`container` makes them), so the arms for
    // anything else are never taken; they do nothing rather than panic.
    loop {
        let depth = open.len();
        let Some((built, _, index)) = open.last_mut() else {
            return (Value::Null, parts);
        };
        if r.at_end() {
            let Some((done, key, _)) = open.pop() else {
                return (Value::Null, parts);
            };
            match open.last_mut() {
                None => return (done, parts),
                Some((parent, ..)) => put(parent, key, done),
            }
            continue;
        }
        // A large list or map the path goes into, met first (nothing read of it yet): kept
        // item by item, when its item on the path is small or not there. Not the tape's
        // top: the model keeps that apart itself (`Model::keep_items`), and never the
        // model's root, where a split of a whole model starts.
        let fresh = match built {
            Value::Array(items) => items.is_empty(),
            Value::Object(map) => map.is_empty(),
            _ => false,
        };
        if fresh && depth >= 2 && depth <= path.len() && room > 0 {
            let open = r.at - 1;
            if let Some((mut kept, value)) = apart(tape, open, &path[depth - 1], large, items_from)
            {
                kept.path = path[..depth - 1].to_vec();
                *built = value;
                room -= 1;
                // At the container's `END`, which closes this frame next.
                r.at = open + kept.tape.len() - 1;
                parts.push(kept);
                continue;
            }
        }
        let (key, seg) = match built {
            Value::Object(_) => {
                r.byte(); // a key's STR tag
                let k = r.str();
                let on = path.get(depth - 1).is_some_and(|s| s == k);
                (Some(crate::swar::owned(k)), on)
            }
            Value::Array(items) => {
                // The items but the one on the path (all, when none is) in a loop of their
                // own: a chart's thousands of points.
                // An array's items are mostly alike and small (records, points), so each is
                // built as it is read (its values that start in its first `large` bytes), and
                // only one found larger is passed over again: found out first as `member`
                // does, each small item was read twice. (`member` inlined by hand: called
                // here, an item took about 36 instructions more, 1.4% of a fold of a chart's
                // series.)
                // Past a run of `SMALL_RUN` small items, the rest are built without a look at
                // their size: at worst a large one is built, as the whole tape was before.
                let until = index.unwrap_or(usize::MAX);
                let mut small = 0;
                while items.len() != until {
                    let start = r.at;
                    match tape.get(start) {
                        None | Some(&END) => break,
                        Some(&(ARRAY | OBJECT)) if room > 0 && small < SMALL_RUN => {}
                        Some(_) => {
                            items.push(r.value());
                            continue;
                        }
                    }
                    r.stop = start.saturating_add(large);
                    let item = r.value();
                    r.stop = usize::MAX;
                    if r.at - start < large {
                        items.push(item);
                        small += 1;
                        continue;
                    }
                    small = 0;
                    drop(item);
                    let bytes = pass_over(&mut r, start, &mut room);
                    keep(&mut parts, path, depth, items.len().to_string(), bytes);
                    items.push(Value::Null);
                }
                if r.at_container_end() {
                    continue;
                }
                (None, true)
            }
            _ => (None, false),
        };
        let tag = tape.get(r.at).copied().unwrap_or(END);
        let nested = matches!(tag, ARRAY | OBJECT);
        // Into a container on the path, above its end: built member by member.
        if seg && nested && depth < path.len() {
            r.at += 1;
            let (next, index) = container(tag, depth);
            open.push((next, key, index));
            continue;
        }
        let value = member(&mut r, large, &mut room).unwrap_or_else(|bytes| {
            let last = match (&key, &*built) {
                (Some(k), _) => k.clone(),
                (None, Value::Array(items)) => items.len().to_string(),
                _ => String::new(),
            };
            keep(&mut parts, path, depth, last, bytes);
            Value::Null
        });
        put(built, key, value);
    }
}

/// The list or map at `open` on `tape` as a [`split`] part kept item by item (its path
/// left for the caller), with the value the split's value holds for it, a `null` for each
/// item ([`nulls`]): the model builds the item on the path (`Model::take_item`), as it does
/// for any list or map kept so. `None` where [`apart_starts`] finds none.
fn apart(
    tape: &[u8],
    open: usize,
    seg: &str,
    large: usize,
    items_from: usize,
) -> Option<(Part, Value)> {
    let (starts, end) = apart_starts(&tape[open..], seg, large, items_from)?;
    let bytes = tape.get(open..open.checked_add(end + 1)?)?;
    let value = nulls(bytes, &starts);
    let part = Part {
        path: Vec::new(),
        tape: bytes.into(),
        items: Some(starts),
    };
    Some((part, value))
}

/// Where the items of the list or map at the start of `tape` start ([`item_starts`],
/// [`member_starts`]), and where its `END` is, for a write that goes into the item `seg`
/// names: `None` where it is shorter than `from` bytes, the item `seg` names is `large`
/// bytes or more, or (in a list) `seg` is no index.
pub(crate) fn apart_starts(
    tape: &[u8],
    seg: &str,
    large: usize,
    from: usize,
) -> Option<(Vec<u32>, usize)> {
    match *tape.first()? {
        ARRAY => {
            let on = super::pointer::array_index(seg, usize::MAX)?;
            let starts = item_starts(tape, on, large)?;
            let end = *starts.last()? as usize;
            (end + 1 >= from).then_some((starts, end))
        }
        OBJECT => member_starts(tape, seg, large, from),
        _ => None,
    }
}

/// What the built part holds for a list or map kept item by item, all of whose items are on
/// its tape at `starts`: a `null` for each (under its key, in a map).
pub(crate) fn nulls(tape: &[u8], starts: &[u32]) -> Value {
    match tape.first() {
        Some(&OBJECT) => Value::Object(null_members(tape, starts)),
        _ => Value::Array(vec![Value::Null; starts.len().saturating_sub(1)]),
    }
}

/// Puts `value` in the container [`split`] builds: under `key` in an object, last in an array.
fn put(container: &mut Value, key: Option<String>, value: Value) {
    match container {
        Value::Object(map) => {
            map.insert(key.unwrap_or_default(), value);
        }
        Value::Array(items) => items.push(value),
        _ => {}
    }
}

/// A member of an object [`split`] builds (or the item on the path of an array), beside
/// the path or at its end: built, when it is a scalar or a container shorter than `large`
/// bytes (or no `room` is left); else passed over, its bytes given back to be kept as a
/// part.
///
/// A container is first passed over for up to `large` bytes: one that ends within them is
/// built (those bytes read twice); any other is passed over to its end. An object's members
/// are of any size (a title beside a list): building a large one as far as `large` bytes
/// before finding it large, as the items of an array are found out (below), made a model of
/// 20 lists of 300 records, each then patched once, fold 30% slower than with each list
/// built whole.
#[inline(always)]
fn member<'t>(r: &mut Reader<'t>, large: usize, room: &mut usize) -> Result<Value, &'t [u8]> {
    let start = r.at;
    if *room == 0 || !matches!(r.tape.get(start), Some(&(ARRAY | OBJECT))) {
        return Ok(r.value());
    }
    let small = r.skip_within(large.saturating_sub(1));
    r.at = start;
    if small {
        return Ok(r.value());
    }
    Err(pass_over(r, start, room))
}

/// The bytes of the container at `start`, passed over to its end, to be kept as a part
/// (which takes one of the `room` left).
fn pass_over<'t>(r: &mut Reader<'t>, start: usize, room: &mut usize) -> &'t [u8] {
    r.at = start;
    r.skip();
    *room -= 1;
    &r.tape[start..r.at.min(r.tape.len())]
}

/// Keeps `bytes` as a part of [`split`], at its path below the split tape: the path's
/// segments above it, then its own (`last`).
fn keep(parts: &mut Vec<Part>, path: &[String], depth: usize, last: String, bytes: &[u8]) {
    let mut at = Vec::with_capacity(depth);
    at.extend_from_slice(&path[..depth - 1]);
    at.push(last);
    parts.push(Part {
        path: at,
        tape: bytes.into(),
        items: None,
    });
}

struct Reader<'t> {
    tape: &'t [u8],
    at: usize,
    /// How many more values [`Reader::value`] may build; at the first past them it moves
    /// past the tape's end, which ends every loop, and builds nothing more.
    left: usize,
    /// Where [`Reader::value`] stops building, as it does past `left`: no value starting
    /// here or past it is built.
    stop: usize,
}

impl<'t> Reader<'t> {
    fn new(tape: &'t [u8]) -> Self {
        Reader {
            tape,
            at: 0,
            left: usize::MAX,
            stop: usize::MAX,
        }
    }

    fn byte(&mut self) -> u8 {
        let b = self.tape.get(self.at).copied().unwrap_or(END);
        self.at += 1;
        b
    }

    fn word(&mut self) -> [u8; 8] {
        let w = self
            .tape
            .get(self.at..self.at + 8)
            .and_then(|w| w.try_into().ok())
            .unwrap_or_default();
        self.at += 8;
        w
    }

    /// A string's bytes after its tag. They came from a `&str`, so they are UTF-8.
    fn str(&mut self) -> &'t str {
        std::str::from_utf8(self.bytes()).unwrap_or_default()
    }

    /// [`Reader::str`] as bytes, where only their equality is wanted.
    fn bytes(&mut self) -> &'t [u8] {
        let len = crate::leb128::read(|| self.byte());
        let len = usize::try_from(len).unwrap_or(usize::MAX);
        let end = self.at.saturating_add(len).min(self.tape.len());
        let s = &self.tape[self.at.min(end)..end];
        self.at = end;
        s
    }

    /// Whether the reader is at the end of the container it is in (or past the tape),
    /// without passing over it.
    fn at_container_end(&self) -> bool {
        self.tape.get(self.at).is_none_or(|&b| b == END)
    }

    fn at_end(&mut self) -> bool {
        let end = self.at_container_end();
        if end {
            self.at += 1;
        }
        end
    }

    /// Passes over one value, without recursion: containers are counted in and out.
    fn skip(&mut self) {
        self.skip_within(usize::MAX);
    }

    /// [`Reader::skip`], stopped once `most` bytes are passed over: whether the value ended
    /// within them.
    fn skip_within(&mut self, most: usize) -> bool {
        let end = self.at.saturating_add(most);
        let mut open = 0usize;
        loop {
            if self.at >= end {
                return false;
            }
            match self.byte() {
                U64 | I64 | F64 => self.at += 8,
                // Passed over, not read: no need to know the bytes are UTF-8.
                STR => {
                    let len = crate::leb128::read(|| self.byte());
                    self.at = self
                        .at
                        .saturating_add(usize::try_from(len).unwrap_or(usize::MAX));
                }
                ARRAY | OBJECT => open += 1,
                END => open = open.saturating_sub(1),
                _ => {}
            }
            if open == 0 || self.at >= self.tape.len() {
                return true;
            }
        }
    }

    fn value(&mut self) -> Value {
        if self.left == 0 || self.at >= self.stop {
            self.at = self.tape.len() + 1;
            return Value::Null;
        }
        self.left -= 1;
        match self.byte() {
            FALSE => Value::Bool(false),
            TRUE => Value::Bool(true),
            U64 => Value::from(u64::from_le_bytes(self.word())),
            I64 => Value::from(i64::from_le_bytes(self.word())),
            F64 => {
                Number::from_f64(f64::from_le_bytes(self.word())).map_or(Value::Null, Value::Number)
            }
            STR => Value::String(crate::swar::owned(self.str())),
            ARRAY => {
                let mut items = Vec::new();
                while !self.at_end() {
                    items.push(self.value());
                }
                Value::Array(items)
            }
            OBJECT => {
                let mut map = Map::new();
                while !self.at_end() {
                    self.byte(); // a key's STR tag
                    let k = crate::swar::owned(self.str());
                    let v = self.value();
                    map.insert(k, v);
                }
                Value::Object(map)
            }
            _ => Value::Null,
        }
    }
}

/// The length of a tape's value as compact JSON, as [`super::pointer::json_size`] measures
/// the value built: one pass over the tape, building nothing, each float the reader counted
/// at its widest formatted ([`super::pointer::float_size`]). For a tape the reader measured
/// with such floats, and for a part [`split`] kept, which no reader measured.
pub(crate) fn json_size(tape: &[u8]) -> usize {
    let mut r = Reader::new(tape);
    let mut size = 0usize;
    // The containers open, innermost last: whether each is an object, and how many values
    // (and, in an object, keys) were read in it. Not a recursion: a tape nests as deep as
    // its writer's caller allowed.
    let mut open: Vec<(bool, usize)> = Vec::new();
    while r.at < tape.len() {
        let tag = r.byte();
        if tag == END {
            open.pop();
            size += 1;
            continue;
        }
        if let Some((object, n)) = open.last_mut() {
            // A comma before each item but the first; an object's key has its colon.
            let item = !*object || *n % 2 == 0;
            size += usize::from(item && *n > 0) + usize::from(*object && *n % 2 == 0);
            *n += 1;
        }
        size += match tag {
            NULL | TRUE => 4,
            FALSE => 5,
            U64 => super::pointer::digits(u64::from_le_bytes(r.word())),
            I64 => {
                let i = i64::from_le_bytes(r.word());
                usize::from(i < 0) + super::pointer::digits(i.unsigned_abs())
            }
            F64 => super::pointer::float_size(f64::from_le_bytes(r.word())),
            STR => super::pointer::string_size(r.str()),
            ARRAY | OBJECT => {
                open.push((tag == OBJECT, 0));
                1
            }
            _ => 0,
        };
    }
    size
}

#[cfg(test)]
pub(crate) mod tests {
    pub(crate) use super::tape_of;
    use super::*;
    use serde_json::json;

    /// A string written by its caller after `begin_utf8` is the tape `utf8` writes, with
    /// its length taking as many bytes as the room left, or more.
    #[test]
    fn a_string_begun_ends_as_one_written_whole() {
        let lens = [0, 1, 127, 128, 16_383, 16_384, 20_000, 2_097_151, 2_097_152];
        for len in lens {
            let s = "é".repeat(len / 2) + &"a".repeat(len % 2);
            let mut whole = vec![ARRAY];
            Writer(&mut whole).utf8(s.as_bytes());
            for at_least in lens.into_iter().filter(|&l| l <= len) {
                let mut begun = vec![ARRAY];
                let b = Writer(&mut begun).begin_utf8(at_least);
                begun.extend_from_slice(s.as_bytes());
                let at = Writer(&mut begun).end_utf8(b);
                assert_eq!(begun, whole, "{len} {at_least}");
                assert_eq!(&begun[at..], s.as_bytes());
            }
        }
    }

    #[test]
    fn reads_back_what_was_written() {
        for v in [
            json!(null),
            json!({}),
            json!([]),
            json!({"a": [1, -2, 2.5, u64::MAX, i64::MIN, "q\"\\\n\u{1}é😀", null, true, false, {}, []]}),
            json!([[[[{"": {"x": ""}}]]]]),
            json!("text"),
        ] {
            assert_eq!(read(&tape_of(&v)), v);
        }
        // Every length up to past the 64 bytes `Writer::utf8` copies in a few stores, and
        // lengths at each edge of the LEB128 bytes they take, as keys and as values.
        for n in (0..=70).chain([127, 128, 129, 16_383, 16_384, 2_097_151, 2_097_152]) {
            let s = "é".repeat(n / 2) + &"x".repeat(n % 2);
            assert_eq!(s.len(), n);
            let v = json!({ s.clone(): [s.clone(), {"k": s.clone()}] });
            let tape = tape_of(&v);
            assert_eq!(read(&tape), v);
            let path = [s.clone(), "1".to_string(), "k".to_string()];
            assert_eq!(get(&tape, &path), Some(json!(s)));
        }
    }

    /// A random value of every kind, nesting up to `depth`, with strings that need
    /// escapes and floats that need formatting to be measured.
    pub(crate) fn random_value(next: &mut impl FnMut(u64) -> u64, depth: usize) -> Value {
        let kind = if depth == 0 { next(6) } else { next(8) };
        match kind {
            0 => json!(null),
            1 => json!(next(2) == 0),
            2 => json!(next(1 << 40) as i64 - (1 << 39)),
            3 => json!(u64::MAX - next(1000)),
            4 => json!((next(1 << 53) as f64) / (next(1 << 20) + 1) as f64 * 1e-7),
            5 => json!(["", "q\"\\\n\u{1}é😀", &"x".repeat(next(300) as usize)][next(3) as usize]),
            6 => Value::Array(
                (0..next(5))
                    .map(|_| random_value(next, depth - 1))
                    .collect(),
            ),
            _ => Value::Object(
                (0..next(5))
                    .map(|i| {
                        (
                            format!("k{i}{}", "é".repeat(next(3) as usize)),
                            random_value(next, depth - 1),
                        )
                    })
                    .collect(),
            ),
        }
    }

    /// A tape measures as the value built from it does, item for item.
    #[test]
    fn measures_what_a_pointer_measures() {
        let mut rng = crate::test_rng::Xorshift(0x2545_F491_4F6C_DD1D);
        let mut next = |n: u64| rng.next() % n;
        for v in [
            json!(null),
            json!({}),
            json!([]),
            json!([[], {}]),
            json!({"": [1.5, -0.0]}),
        ] {
            assert_eq!(
                json_size(&tape_of(&v)),
                crate::a2ui::pointer::json_size(&v),
                "{v}"
            );
        }
        for _ in 0..2000 {
            let v = random_value(&mut next, 4);
            assert_eq!(
                json_size(&tape_of(&v)),
                crate::a2ui::pointer::json_size(&v),
                "{v}"
            );
        }
    }

    /// A split builds the containers on the path and keeps each large container beside it
    /// (or at its end) as a part of its own; the parts put back where the built value holds
    /// `null` give the value the tape holds.
    #[test]
    fn splits_only_along_the_path() {
        let big = |c: &str| json!({"pad": c.repeat(300), "n": [1, 2.5, null]});
        let v = json!({
            "a": [big("x"), {"b": big("y"), "c": 1, "d": [big("z"), 2]}, big("w")],
            "e": big("v"),
            "f": "small",
            "g": [1, 2],
        });
        let tape = tape_of(&v);
        let segs = |p: &str| crate::a2ui::pointer::parse(p).unwrap();
        let cases: [(&str, usize, &[&str]); 10] = [
            // Into the middle item of `/a`: its siblings and the big values beside it kept.
            (
                "/a/1/c",
                usize::MAX,
                &["/a/0", "/a/1/b", "/a/1/d", "/a/2", "/e"],
            ),
            // The end of the path is kept too: the write replaces it.
            (
                "/a/1/b",
                usize::MAX,
                &["/a/0", "/a/1/b", "/a/1/d", "/a/2", "/e"],
            ),
            // Into a large container on the path, whose members are then built or kept.
            (
                "/a/1/d/0/pad",
                usize::MAX,
                &["/a/0", "/a/1/b", "/a/2", "/e"],
            ),
            // A key the tape does not have: only the top is built.
            ("/new", usize::MAX, &["/a", "/e"]),
            ("/new/deeper", usize::MAX, &["/a", "/e"]),
            // An index with a leading zero, or `-`, names no item: none is gone into.
            ("/a/01/c", usize::MAX, &["/a/0", "/a/1", "/a/2", "/e"]),
            ("/a/-", usize::MAX, &["/a/0", "/a/1", "/a/2", "/e"]),
            // Through a scalar or a small container.
            ("/f/x", usize::MAX, &["/a", "/e"]),
            ("/g/0", usize::MAX, &["/a", "/e"]),
            // No room: nothing is kept, the value is built whole.
            ("/a/1/c", 0, &[]),
        ];
        for (path, room, want) in cases {
            let (built, parts) = split(&tape, &segs(path), 256, room, usize::MAX);
            let got: Vec<String> = parts
                .iter()
                .map(|part| format!("/{}", part.path.join("/")))
                .collect();
            assert_eq!(got, *want, "{path}");
            let mut whole = built;
            for part in &parts {
                assert!(part.tape.len() >= 256, "{path}");
                assert_eq!(
                    crate::a2ui::pointer::get(&whole, &part.path),
                    Some(&Value::Null),
                    "{path}"
                );
                crate::a2ui::pointer::set(&mut whole, &part.path, read(&part.tape)).unwrap();
            }
            assert_eq!(whole, v, "{path}");
        }
        // A container of `large` bytes is kept, one byte short of it built: an object's
        // member, and an array's item.
        let e = tape_of(&v["e"]).len();
        for (large, kept) in [(e, true), (e + 1, false)] {
            let (_, parts) = split(&tape, &segs("/f"), large, usize::MAX, usize::MAX);
            assert_eq!(parts.iter().any(|part| part.path == ["e"]), kept, "{large}");
        }
        let a0 = tape_of(&v["a"][0]).len();
        for (large, kept) in [(a0, true), (a0 + 1, false)] {
            let (_, parts) = split(&tape, &segs("/a/1/c"), large, usize::MAX, usize::MAX);
            assert_eq!(
                parts.iter().any(|part| part.path == ["a", "0"]),
                kept,
                "{large}"
            );
        }
        // Past `SMALL_RUN` small items in a row, an array's next items are built whatever
        // their size; one before that is kept.
        for (run, kept) in [(SMALL_RUN - 1, true), (SMALL_RUN, false)] {
            let mut items = vec![json!([1]); run];
            items.push(big("q"));
            items.push(json!({"t": 1}));
            let tape = tape_of(&json!({ "arr": items }));
            let path = format!("/arr/{}/t", run + 1);
            let (whole, parts) = split(&tape, &segs(&path), 256, usize::MAX, usize::MAX);
            let at = ["arr".to_string(), run.to_string()];
            assert_eq!(parts.iter().any(|part| part.path == at), kept, "{run}");
            assert_eq!(whole["arr"][run] == Value::Null, kept, "{run}");
        }
        // As many parts as room is left for, in the tape's order; the rest built.
        let (_, parts) = split(&tape, &segs("/a/1/c"), 256, 2, usize::MAX);
        assert_eq!(parts.len(), 2);
        // A scalar tape, or no path: built whole.
        assert_eq!(
            split(&tape_of(&json!(3)), &segs("/a"), 1, 9, 1),
            (json!(3), vec![])
        );
        assert_eq!(split(&tape, &[], 1, 9, 1), (v, vec![]));
    }

    /// Random values split along random paths, some leading into them and some not, put
    /// back together are the value.
    #[test]
    fn split_parts_put_back_are_the_value() {
        let mut rng = crate::test_rng::Xorshift(0x9E37_79B9_7F4A_7C15);
        let mut next = |n: u64| rng.next() % n;
        let mut kept = 0;
        let (mut items_kept, mut members_kept) = (0, 0);
        for _ in 0..8000 {
            // A container at the top, as a data model's values mostly are.
            let items: Vec<Value> = (0..1 + next(5))
                .map(|_| random_value(&mut next, 4))
                .collect();
            let v = if next(2) == 0 {
                Value::Array(items)
            } else {
                Value::Object(
                    items
                        .into_iter()
                        .enumerate()
                        .map(|(i, x)| (format!("m{i}"), x))
                        .collect(),
                )
            };
            let tape = tape_of(&v);
            // A path made of the value's own keys and indices, then perhaps one it lacks.
            let mut path = Vec::new();
            let mut at = &v;
            loop {
                let seg = match at {
                    Value::Object(m) if !m.is_empty() && next(5) > 0 => {
                        let (k, x) = m.iter().nth(next(m.len() as u64) as usize).unwrap();
                        at = x;
                        k.clone()
                    }
                    Value::Array(a) if !a.is_empty() && next(5) > 0 => {
                        let i = next(a.len() as u64) as usize;
                        at = &a[i];
                        i.to_string()
                    }
                    _ => break,
                };
                path.push(seg);
            }
            if next(3) == 0 {
                path.push(["zz", "0", "-", "7"][next(4) as usize].to_string());
            }
            let large = [1, 16, 64, 256][next(4) as usize];
            let room = [0, 1, 3, usize::MAX][next(4) as usize];
            let items_from = [usize::MAX, 1, 24, 256][next(4) as usize];
            let (mut whole, parts) = split(&tape, &path, large, room, items_from);
            assert!(parts.len() <= room);
            kept += parts.len();
            for part in &parts {
                let p = &part.path;
                let Some(starts) = &part.items else {
                    assert!(part.tape.len() >= large);
                    assert!(p.len() <= path.len() && p[..p.len() - 1] == path[..p.len() - 1]);
                    assert_eq!(crate::a2ui::pointer::get(&whole, p), Some(&Value::Null));
                    crate::a2ui::pointer::set(&mut whole, p, read(&part.tape)).unwrap();
                    continue;
                };
                // A list or map the path goes into (below the top), kept item by item: a
                // `null` for each item, all on the tape (the model builds the path's, which
                // is shorter than `large`).
                assert!(part.tape.len() >= items_from);
                assert!(!p.is_empty() && p.len() < path.len() && p[..] == path[..p.len()]);
                let seg = &path[p.len()];
                let mut container = crate::a2ui::pointer::get(&whole, p).unwrap().clone();
                match &mut container {
                    Value::Array(list) => {
                        items_kept += 1;
                        let all = item_starts(&part.tape, usize::MAX, usize::MAX).unwrap();
                        assert_eq!(all.len(), starts.len());
                        assert_eq!(list.len(), starts.len() - 1);
                        let on = crate::a2ui::pointer::array_index(seg, usize::MAX);
                        for (i, slot) in list.iter_mut().enumerate() {
                            let bytes = item(&part.tape, starts, i).unwrap();
                            assert_eq!(*slot, Value::Null);
                            assert!(on != Some(i) || bytes.len() < large);
                            *slot = read(bytes);
                        }
                    }
                    Value::Object(map) => {
                        members_kept += 1;
                        assert_eq!(map.len(), starts.len());
                        for &start in starts {
                            let (key, bytes) = member_value(&part.tape, start);
                            assert_eq!(start & OUT, 0);
                            assert!(key != seg || bytes.len() < large);
                            let slot = map.get_mut(key).unwrap();
                            assert_eq!(*slot, Value::Null);
                            *slot = read(bytes);
                        }
                    }
                    other => panic!("{path:?}: {other} at {p:?}"),
                }
                crate::a2ui::pointer::set(&mut whole, p, container).unwrap();
            }
            assert_eq!(whole, v, "{path:?}");
        }
        assert!(kept > 800, "parts kept: {kept}");
        assert!(items_kept > 60, "lists kept item by item: {items_kept}");
        assert!(members_kept > 60, "maps kept item by item: {members_kept}");
    }

    /// Where each item of an array's tape starts is where the tape of each item, written one
    /// after another, starts; a tape cut short anywhere has none (and nothing panics).
    #[test]
    fn finds_where_each_item_starts() {
        let mut rng = crate::test_rng::Xorshift(0x2545_F491_4F6C_DD1D);
        let mut next = |n: u64| rng.next() % n;
        for _ in 0..500 {
            let items: Vec<Value> = (0..next(12)).map(|_| random_value(&mut next, 3)).collect();
            let mut want = vec![1u32];
            for x in &items {
                let at = *want.last().unwrap() as usize + tape_of(x).len();
                want.push(at as u32);
            }
            let tape = tape_of(&Value::Array(items.clone()));
            let starts = item_starts(&tape, usize::MAX, usize::MAX).unwrap();
            assert_eq!(starts, want);
            for (i, x) in items.iter().enumerate() {
                assert_eq!(read(item(&tape, &starts, i).unwrap()), *x);
            }
            assert_eq!(item(&tape, &starts, items.len()), None);
            let mut out = starts.clone();
            if !items.is_empty() {
                out[0] |= OUT;
                assert_eq!(item(&tape, &out, 0), None);
            }
            for cut in 0..tape.len() {
                assert_eq!(
                    item_starts(&tape[..cut], usize::MAX, usize::MAX),
                    None,
                    "cut at {cut}"
                );
            }
            // With an item on a path: refused once that item takes `large` bytes, passed
            // over only that far; the starts otherwise.
            for (on, x) in items.iter().enumerate() {
                let len = tape_of(x).len();
                for large in [1, len, len + 1, 64] {
                    let got = item_starts(&tape, on, large);
                    assert_eq!(got.is_some(), len < large, "{on} {large}");
                    if let Some(got) = got {
                        assert_eq!(got, want);
                    }
                }
            }
            assert_eq!(item_starts(&tape, items.len(), 1).unwrap(), want);
            // Followed by more bytes (an array inside a larger tape): the same starts.
            let mut longer = tape.clone();
            longer.extend_from_slice(&[STR, 1, b'x', END]);
            assert_eq!(item_starts(&longer, usize::MAX, usize::MAX).unwrap(), want);
        }
        assert_eq!(item_starts(&tape_of(&json!({"a": 1})), 0, 1), None);
        assert_eq!(item_starts(&tape_of(&json!("s")), 0, 1), None);
    }

    /// Where each member of an object's tape starts, sorted by key: each reads back as its
    /// key and value, each is found by its key, and a tape cut short anywhere, or with a
    /// key given twice, has none.
    #[test]
    fn finds_where_each_member_starts() {
        let mut rng = crate::test_rng::Xorshift(0x9E37_79B9_7F4A_7C15);
        let mut next = |n: u64| rng.next() % n;
        for _ in 0..500 {
            let Value::Object(map) = json!({}) else {
                unreachable!()
            };
            let mut map = map;
            for i in 0..next(12) {
                let key = ["", "a", "é\"q\"", "b", "ab", "0", "10", "9"][next(8) as usize];
                map.insert(format!("{key}{i}"), random_value(&mut next, 3));
            }
            let v = Value::Object(map.clone());
            let tape = tape_of(&v);
            let (starts, end) = member_starts(&tape, "", usize::MAX, 0).unwrap();
            assert_eq!(end, tape.len() - 1);
            assert_eq!(starts.len(), map.len());
            let keys: Vec<&str> = starts.iter().map(|&s| member_value(&tape, s).0).collect();
            assert!(keys.windows(2).all(|w| w[0] < w[1]));
            for (j, &start) in starts.iter().enumerate() {
                let (key, bytes) = member_value(&tape, start);
                assert_eq!(read(bytes), map[key]);
                assert_eq!(find_member(&tape, &starts, key), Some(j));
                // With the member on a path: refused once it takes `large` bytes.
                for large in [1, bytes.len(), bytes.len() + 1] {
                    let got = member_starts(&tape, key, large, 0);
                    assert_eq!(got.is_some(), bytes.len() < large, "{key} {large}");
                }
            }
            assert_eq!(find_member(&tape, &starts, "none"), None);
            // An object shorter than `from` bytes has none.
            assert!(member_starts(&tape, "", usize::MAX, tape.len()).is_some());
            assert_eq!(member_starts(&tape, "", usize::MAX, tape.len() + 1), None);
            for cut in 0..tape.len() {
                assert_eq!(
                    member_starts(&tape[..cut], "", usize::MAX, 0),
                    None,
                    "cut at {cut}"
                );
            }
            if let Some((key, _)) = map.iter().next() {
                // A key given twice: no tape the reader writes, refused.
                let mut twice = vec![OBJECT];
                for _ in 0..2 {
                    Writer(&mut twice).str(key);
                    Writer(&mut twice).null();
                }
                twice.push(END);
                assert_eq!(member_starts(&twice, "", usize::MAX, 0), None);
            }
        }
        assert_eq!(member_starts(&tape_of(&json!([1])), "", 9, 0), None);
    }

    #[test]
    fn gets_what_a_pointer_gets() {
        let v = json!({"a": [1, {"b": ["x", {"c": null}]}, [[]], "s"], "b": {"": 2, "0": [3]},
            "n": [1.5, -2, u64::MAX]});
        let tape = tape_of(&v);
        for p in [
            "",
            "/a",
            "/a/1/b/1/c",
            "/a/2/0",
            "/a/3",
            "/a/4",
            "/a/-",
            "/a/01",
            "/a/x",
            "/b/",
            "/b/0",
            "/b/0/0",
            "/b/0/1",
            "/n/2",
            "/n/1",
            "/a/3/0",
            "/z",
            "/a/1/b/1/c/d",
        ] {
            let segs = crate::a2ui::pointer::parse(p).unwrap();
            assert_eq!(
                get(&tape, &segs),
                crate::a2ui::pointer::get(&v, &segs).cloned(),
                "{p}"
            );
        }
    }

    /// A value written at a [`slot`] on a tape reads back as the value a pointer's set
    /// makes, at every place in random values (each member and item, nested, and the whole
    /// value) and past each (a new member, an item appended by `-` or by the array's length),
    /// with values of every kind put in. A slot is found where, and only where, the write
    /// makes no container and pads no array (so never past a segment that names nothing
    /// yet); a value is read only where a pointer finds one.
    #[test]
    fn writes_as_a_pointer_sets() {
        fn places(v: &Value, at: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
            out.push(at.clone());
            let children: Vec<(String, &Value)> = match v {
                Value::Array(a) => a
                    .iter()
                    .enumerate()
                    .map(|(i, x)| (i.to_string(), x))
                    .collect(),
                Value::Object(o) => o.iter().map(|(k, x)| (k.clone(), x)).collect(),
                _ => return,
            };
            for (k, x) in children {
                at.push(k);
                places(x, at, out);
                at.pop();
            }
        }
        use crate::a2ui::pointer;
        // Whether a write at `segs` then `seg` makes no container and pads no array.
        fn takes(v: &Value, segs: &[String], seg: &str) -> bool {
            match pointer::get(v, segs) {
                Some(Value::Object(_)) => true,
                Some(Value::Array(a)) => {
                    pointer::array_index(seg, a.len()).is_some_and(|i| i <= a.len())
                }
                _ => false,
            }
        }
        let mut rng = crate::test_rng::Xorshift(0x6A09_E667_F3BC_C909);
        let mut next = |n: u64| rng.next() % n;
        let (mut replaced, mut added, mut refused) = (0, 0, 0);
        for _ in 0..600 {
            let v = random_value(&mut next, 3);
            let new = random_value(&mut next, 2);
            let (tape, new_tape) = (tape_of(&v), tape_of(&new));
            let write = |segs: &[String], slot: Slot| {
                let key = segs.last().map_or("", String::as_str);
                read(&written(tape.clone().into(), slot, key, &new_tape))
            };
            let mut all = Vec::new();
            places(&v, &mut Vec::new(), &mut all);
            for segs in &all {
                assert_eq!(get(&tape, segs).as_ref(), pointer::get(&v, segs));
                let Some(Slot { at, member: false }) = slot(&tape, segs) else {
                    panic!("no place for {segs:?}, which the value has");
                };
                assert_eq!(read(&tape[at.clone()]), *pointer::get(&v, segs).unwrap());
                let mut want = v.clone();
                pointer::set(&mut want, segs, new.clone()).unwrap();
                let at_value = Slot { at, member: false };
                assert_eq!(write(segs, at_value), want, "{segs:?}");
                replaced += 1;
                let len = match pointer::get(&v, segs) {
                    Some(Value::Array(a)) => a.len(),
                    _ => 0,
                };
                let (len, past_len) = (len.to_string(), (len + 1).to_string());
                let extras = ["-", "01", "x", "", "999", "0", "1", "18446744073709551615"];
                for extra in extras.iter().copied().chain([&*len, &*past_len]) {
                    let mut past = segs.clone();
                    past.push(extra.into());
                    assert_eq!(
                        get(&tape, &past).as_ref(),
                        pointer::get(&v, &past),
                        "{past:?}"
                    );
                    let found = slot(&tape, &past);
                    assert_eq!(found.is_some(), takes(&v, segs, extra), "{past:?}");
                    if let Some(found) = found {
                        let mut want = v.clone();
                        pointer::set(&mut want, &past, new.clone()).unwrap();
                        if found.at.is_empty() {
                            added += 1;
                        }
                        assert_eq!(write(&past, found), want, "{past:?}");
                    }
                    // One segment further: only through a value that is there.
                    for further in ["-", "0", "x"] {
                        let mut deeper = past.clone();
                        deeper.push(further.into());
                        let found = slot(&tape, &deeper).is_some();
                        assert_eq!(found, takes(&v, &past, further), "{deeper:?}");
                        refused += usize::from(!found);
                    }
                }
            }
        }
        assert!(
            replaced > 1000 && added > 1000 && refused > 1000,
            "{replaced} {added} {refused}"
        );
    }
}
