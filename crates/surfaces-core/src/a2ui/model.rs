//! An agent's data model, with the large values updates set kept as checked tapes until
//! something reads them.
//!
//! The official web core keeps `JSON.parse`'s objects by reference; building the same values
//! as a tree in wasm memory was most of a value-heavy fold, and a stream that replaces a
//! large value before anyone reads it paid for building every copy (issue 16). So a large
//! value the reader checked without building ([`super::fast`]: syntax, numbers, keys given
//! twice, nesting, size, and no key or text admission would speak of) is stored here as the
//! flat [`super::tape`] the reader wrote, under a `null` placeholder in the built part.
//!
//! A read builds what it returns from the tape (as it would otherwise clone it) and keeps
//! the tape, which is smaller than the tree: a model that is only read holds tapes only. A
//! write that goes through a tape builds its path into the built part for good; far from
//! the model's limit, the large values beside that path stay tapes ([`tape::split`]), and a
//! large list or map the path goes into is kept item by item: a `null` for each of its items
//! in the built part, and only the items writes go into built ([`Model::open`]).
//!
//! Every read goes through [`Model::value`] or [`Model::get`], which build what they return;
//! a write first builds the path through the tapes it would go through ([`Model::open`]), so
//! the built part's structure is always what the agent's updates made it. The one exception,
//! far from the limit: the first write into a part a split left is made in the part's bytes
//! ([`Model::edit`]), which then hold what the write would have built. Tests hold a
//! model to one built eagerly (`tests/a2ui_fold.rs`, `tests/properties.rs`).

use serde_json::{Map, Value};

use super::fast::TAPE_FROM;
use super::{pointer, tape};

/// A value an update sets: built, or a tape the reader wrote (see `fast::Measure`).
#[derive(Debug)]
pub(crate) enum Data {
    Built(Value),
    Taped(Taped),
}

/// A tape of a value the reader has checked as admission would check it, with what that
/// check measured.
#[derive(Debug, Clone)]
pub(crate) struct Taped {
    pub tape: Box<[u8]>,
    /// Its length as compact JSON (what `Admission::model_value` measures), or more when
    /// `exact` is false: see [`Taped::exact_size`]. Nothing until `measured`.
    pub size: usize,
    /// Whether `size` is the length itself, not a bound from floats counted at their widest.
    pub exact: bool,
    /// Whether `size` was measured: false for a part a write split off a stored tape
    /// ([`tape::split`]), which no reader measured and which is measured whole only if the
    /// model nears its limit.
    pub measured: bool,
    /// How deep it nests (0 for a scalar); for a part, at most that.
    pub depth: usize,
    pub is_object: bool,
    /// Whether a write has changed it in place ([`Model::edit`], a part only): the next
    /// write through it builds it.
    pub edited: bool,
}

impl Taped {
    /// Its length as compact JSON. The reader counts a float it would have to format at its
    /// widest, so `size` bounds the length (and a part [`tape::split`] kept has none); the
    /// length itself is wanted only near a limit, and found here in one pass over the tape.
    pub fn exact_size(&self) -> usize {
        if self.measured && self.exact {
            self.size
        } else {
            tape::json_size(&self.tape)
        }
    }

    /// Makes `size` the length itself, so that it is not looked for again, and returns by
    /// how much it overstated it.
    pub fn settle(&mut self) -> usize {
        let exact = self.exact_size();
        self.settle_at(exact)
    }

    /// [`Taped::settle`] with its length found.
    fn settle_at(&mut self, exact: usize) -> usize {
        let over = if self.measured { self.size - exact } else { 0 };
        self.size = exact;
        self.exact = true;
        self.measured = true;
        over
    }
}

/// A tape the model keeps, and for a large list or map kept item by item ([`Model::open`]),
/// where each item (or member) starts on the tape, marked [`tape::OUT`] once built into the
/// built part: a list's items in order, then where its `END` is ([`tape::item_starts`]); a
/// map's members sorted by key ([`tape::member_starts`]). The built part holds such a list
/// as an array with a `null` for each item still on the tape, and such a map as an object
/// with a `null` under each key still on it; `size`, once measured, counts those items only.
/// Apart from [`Taped`], which the reader hands about for every large value: 16 bytes more
/// in it made a fold of small literal values 2% slower.
#[derive(Debug, Clone)]
struct Kept {
    taped: Taped,
    items: Option<Box<[u32]>>,
    /// How many items are still on the tape, for a list or map kept item by item.
    left: usize,
}

/// Where an item of a list or map kept item by item goes in it: its index, or its key.
#[derive(Clone, Copy)]
enum Place<'t> {
    Index(usize),
    Key(&'t str),
}

impl Place<'_> {
    /// Where it goes in `container` (the list or map in the built part).
    fn in_built(self, container: &mut Value) -> Option<&mut Value> {
        match (self, container) {
            (Place::Index(i), Value::Array(list)) => list.get_mut(i),
            (Place::Key(k), Value::Object(map)) => map.get_mut(k),
            _ => None,
        }
    }
}

impl std::ops::Deref for Kept {
    type Target = Taped;
    fn deref(&self) -> &Taped {
        &self.taped
    }
}

impl std::ops::DerefMut for Kept {
    fn deref_mut(&mut self) -> &mut Taped {
        &mut self.taped
    }
}

impl Kept {
    fn whole(taped: Taped) -> Self {
        Kept {
            taped,
            items: None,
            left: 0,
        }
    }

    /// A list or map kept item by item, with where its items start ([`tape::item_starts`],
    /// [`tape::member_starts`]), every item on its tape.
    fn apart(taped: Taped, starts: Box<[u32]>) -> Self {
        let mut kept = Kept::whole(taped);
        kept.keep_apart(starts);
        kept
    }

    /// Keeps it item by item from now, every item on its tape, at `starts`.
    fn keep_apart(&mut self, starts: Box<[u32]>) {
        debug_assert!(starts.iter().all(|&start| start & tape::OUT == 0));
        self.items = Some(starts);
        self.left = self.pieces();
    }

    /// How many items a list or map kept item by item has, on the tape or built.
    fn pieces(&self) -> usize {
        let n = self.items.as_deref().map_or(0, <[u32]>::len);
        if self.tape.first() == Some(&tape::OBJECT) {
            n
        } else {
            n.saturating_sub(1)
        }
    }

    /// The item at `j` of a list or map kept item by item, where it goes and its tape, while
    /// it is on the tape.
    fn piece_at(&self, j: usize) -> Option<(Place<'_>, &[u8])> {
        let starts = self.items.as_deref()?;
        if self.tape.first() == Some(&tape::OBJECT) {
            let start = *starts.get(j)?;
            if start & tape::OUT != 0 {
                return None;
            }
            let (key, value) = tape::member_value(&self.tape, start);
            return Some((Place::Key(key), value));
        }
        tape::item(&self.tape, starts, j).map(|item| (Place::Index(j), item))
    }

    /// Where the item `seg` names is among the items of a list or map kept item by item,
    /// and its tape, while it is on the tape.
    fn piece(&self, seg: &str) -> Option<(usize, &[u8])> {
        let starts = self.items.as_deref()?;
        let j = if self.tape.first() == Some(&tape::OBJECT) {
            tape::find_member(&self.tape, starts, seg)?
        } else {
            pointer::array_index(seg, self.pieces())?
        };
        self.piece_at(j).map(|(_, bytes)| (j, bytes))
    }

    /// [`Taped::exact_size`]; for a list or map kept item by item, of the items on its tape.
    fn exact_size(&self) -> usize {
        match &self.items {
            Some(_) if !(self.measured && self.exact) => {
                self.on_tape().map(|(_, item)| tape::json_size(item)).sum()
            }
            _ => self.taped.exact_size(),
        }
    }

    /// [`Taped::settle`], of the items on its tape for a list or map kept item by item.
    fn settle(&mut self) -> usize {
        let exact = self.exact_size();
        self.taped.settle_at(exact)
    }

    /// The items of a list or map kept item by item that are still on its tape, each with
    /// where it goes (none for a tape kept whole).
    fn on_tape(&self) -> impl Iterator<Item = (Place<'_>, &[u8])> {
        (0..self.pieces()).filter_map(move |j| self.piece_at(j))
    }

    /// How many `null`s it stands for in the built part: one, or one per item still on the
    /// tape of a list or map kept item by item.
    fn placeholders(&self) -> usize {
        match &self.items {
            None => 1,
            Some(_) => self.left,
        }
    }

    /// The size the model counts it at: `size`, or for a part not yet measured, its length.
    fn kept(&self) -> usize {
        if self.measured {
            self.size
        } else {
            self.exact_size()
        }
    }
}

impl Data {
    /// Its length as compact JSON, given what was measured (exact for a built value); a
    /// tape keeps it, so that it is not looked for again once stored.
    pub fn settle(&mut self, measured: usize) -> usize {
        match self {
            Data::Built(_) => measured,
            Data::Taped(t) => {
                t.settle();
                t.size
            }
        }
    }

    pub fn is_object(&self) -> bool {
        match self {
            Data::Built(v) => v.is_object(),
            Data::Taped(t) => t.is_object,
        }
    }

    /// The value, built.
    pub fn into_value(self) -> Value {
        match self {
            Data::Built(v) => v,
            Data::Taped(t) => tape::read(&t.tape),
        }
    }
}

/// At most this many tapes are kept unbuilt per model (each is at least `fast::TAPE_FROM`
/// bytes, so the data-model limit bounds them first unless it is raised far). They are
/// sorted by path, so a write costs a binary search or two whatever their number. (Searched
/// one by one with a cap of 64, a stream that set a few hundred nested values had most of
/// them built, then dropped: a quarter of its fold.)
const MAX_TAPES: usize = 4096;

/// The least a value beside a write's path must take on its tape to be kept a tape of its
/// own when the write splits the tape it is in ([`tape::split`]); smaller ones are built.
/// Each part costs an allocation, its path and a copy: kept from [`TAPE_FROM`] bytes, a list
/// of 400 records of about 300 bytes each, patched at 100 places, folded in 7% more
/// instructions than with the list built whole.
const SPLIT_FROM: usize = 16 * TAPE_FROM;

/// What [`Model::plan`] found a write would do, for [`Model::set_planned`] to do it. Made
/// only by `plan` (its field is private), and to be used before the model changes.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Planned {
    padding: usize,
}

impl Planned {
    /// The `null` slots the write adds to arrays.
    pub fn padding(self) -> usize {
        self.padding
    }
}

/// An agent's data model.
#[derive(Debug, Clone)]
pub(crate) struct Model {
    /// The built part, with a `null` where each stored tape sits (for a list or map kept item
    /// by item, a list or map with a `null` for each item still on its tape).
    root: Value,
    /// Tapes not yet moved into `root`, sorted by where each sits: a path with no `-`, so it
    /// names one place for as long as it is stored (array slots are never removed, only set
    /// to `null`). No path starts with another, so the paths that start with a given one
    /// follow it in order. (A sorted list, not a map: the same lookups for about 4 KB less
    /// of the gzipped module.)
    tapes: Vec<(Vec<String>, Kept)>,
}

impl Default for Model {
    fn default() -> Self {
        Model {
            root: Value::Object(Map::new()),
            tapes: Vec::new(),
        }
    }
}

/// Sorts tapes by path, in place ([`crate::heapsort`]: the standard library's stable sort,
/// made for this one element type, added 3.2 KB to the gzipped module).
fn sort_by_path(v: &mut [(Vec<String>, Kept)]) {
    crate::heapsort::heapsort(v, |a, b| a.0 < b.0);
}

/// Puts the value of the tape `t` back where it sits, at `segs` in `root`: the whole value
/// in place of its `null`, or the items of a list or map still on its tape in place of
/// theirs.
fn put_back(root: &mut Value, segs: &[String], t: &Kept) {
    if t.items.is_none() {
        let _ = pointer::set(root, segs, tape::read(&t.tape));
        return;
    }
    if let Some(container) = pointer::get_mut(root, segs) {
        for (place, item) in t.on_tape() {
            if let Some(slot) = place.in_built(container) {
                *slot = tape::read(item);
            }
        }
    }
}

fn starts_with(segs: &[String], prefix: &[String]) -> bool {
    segs.len() >= prefix.len() && segs[..prefix.len()] == *prefix
}

impl Model {
    /// The whole model, built.
    pub fn value(&self) -> Value {
        let mut root = self.root.clone();
        for (segs, s) in &self.tapes {
            put_back(&mut root, segs, s);
        }
        root
    }

    /// Where the tape `segs` runs through or names sits in `tapes`: one search, not one per
    /// prefix (a path may have hundreds of segments). Every path between such a tape's and
    /// `segs` starts with the tape's, and no other tape's path does, so it is the greatest
    /// path not past `segs`.
    fn tape_above(&self, segs: &[String]) -> Option<usize> {
        let i = self.tapes.partition_point(|(k, _)| k.as_slice() <= segs);
        i.checked_sub(1)
            .filter(|&i| starts_with(segs, &self.tapes[i].0))
    }

    /// Where the tapes at or under `segs` sit in `tapes`.
    fn tapes_under(&self, segs: &[String]) -> std::ops::Range<usize> {
        let start = self.tapes.partition_point(|(k, _)| k.as_slice() < segs);
        let n = self.tapes[start..]
            .iter()
            .take_while(|(k, _)| starts_with(k, segs))
            .count();
        start..start + n
    }

    /// The value at `segs`, built.
    pub fn get(&self, segs: &[String]) -> Option<Value> {
        if let Some(i) = self.tape_above(segs) {
            let (k, s) = &self.tapes[i];
            if s.items.is_none() {
                return tape::get(&s.tape, &segs[k.len()..]);
            }
            // In a list or map kept item by item, an item on the tape is read from it; one
            // built is in the built part, as is the list or map itself.
            if let Some((_, item)) = segs.get(k.len()).and_then(|seg| s.piece(seg)) {
                return tape::get(item, &segs[k.len() + 1..]);
            }
        }
        let mut value = pointer::get(&self.root, segs).cloned()?;
        // The tapes under it, put in place: only this value is built, not the whole model
        // (a write's split leaves tapes under each container on its path).
        for (k, t) in &self.tapes[self.tapes_under(segs)] {
            put_back(&mut value, &k[segs.len()..], t);
        }
        Some(value)
    }

    /// Makes `segs` writable: the path through the tape it would run through is built into
    /// the built part. With `measure` (near the model's limit, where sizes are kept exactly)
    /// the whole tape is built, and the call returns by how much its kept size overstated
    /// its length ([`Taped::exact_size`], a pass over it), which the model's kept size no
    /// longer counts. Without, the large values beside the path stay tapes, unmeasured
    /// ([`Taped::measured`]), and the call returns 0.
    ///
    /// A large list or map the path goes into (not the model's root) is kept item by item, far
    /// from the limit: only the item on the path is built (the list or map holds a `null` in
    /// the built part for each of the others), and each later write into it builds the item
    /// it goes into ([`Model::take_item`]), near the limit too, its size then kept exactly.
    /// Its tape is not copied when it is the tape's whole value.
    pub fn open(&mut self, segs: &[String], measure: bool) -> usize {
        let Some(i) = self.through(segs) else {
            return 0;
        };
        self.open_at(i, segs, measure)
    }

    /// [`Model::open`] of the tape at `i` in `tapes`, which `segs` runs through. Apart, so
    /// that the check every write makes stays a small function: with its three ways in it,
    /// 5,000 writes of one small value, which go through no tape, folded 3–4% slower in
    /// Chromium (150 runs a side).
    #[inline(never)]
    fn open_at(&mut self, i: usize, segs: &[String], measure: bool) -> usize {
        if self.tapes[i].1.items.is_some() {
            self.take_item(i, segs);
            return 0;
        }
        if !measure && self.keep_items(i, segs) {
            return 0;
        }
        self.open_tape(i, segs, measure)
    }

    /// Keeps the tape at `i` in `tapes`, which `segs` runs through, item by item, when it is
    /// a list or a map (not the model's root) of [`SPLIT_FROM`] bytes or more whose item on
    /// the path (if there) is shorter, and builds that item: whether it did.
    #[inline(never)]
    fn keep_items(&mut self, i: usize, segs: &[String]) -> bool {
        let (k, s) = &mut self.tapes[i];
        // Not the root, which every path goes into: a tape set anywhere in the model would
        // be built rather than kept, as no tape is kept inside one kept apart.
        if s.tape.len() < SPLIT_FROM || k.is_empty() {
            return false;
        }
        let Some((starts, _)) = tape::apart_starts(&s.tape, &segs[k.len()], SPLIT_FROM, 0) else {
            return false;
        };
        let Some(slot) = pointer::get_mut(&mut self.root, k) else {
            return false;
        };
        // Unmeasured from now, as a split's parts are (only far from the limit): the model's
        // kept size still counts it as measured, and no item's size is looked for as it
        // is built (a fold of lists in lists spent a tenth of its instructions on that).
        s.measured = false;
        s.size = 0;
        *slot = tape::nulls(&s.tape, &starts);
        s.keep_apart(starts.into());
        self.take_item(i, segs);
        true
    }

    /// Builds the item of the list or map at `i` in `tapes` (kept item by item) that `segs`
    /// goes into, into the built part, if it is on the tape; the list or map leaves the
    /// tapes once no item is left on it. Each item is built once, when the first write
    /// goes into it.
    #[inline(never)]
    fn take_item(&mut self, i: usize, segs: &[String]) {
        let (k, s) = &mut self.tapes[i];
        let Some((j, _)) = s.piece(&segs[k.len()]) else {
            return;
        };
        // Once half the items are built, so are the rest, and it leaves the tapes:
        // the writes after it look through no tape. (2,000 writes into a list of 200
        // records folded 3% slower with the list kept to its last item.) Each item is still
        // built once.
        let n = s.pieces();
        let take = if 2 * (s.left - 1) < n { 0..n } else { j..j + 1 };
        let mut container = pointer::get_mut(&mut self.root, k);
        for j in take {
            let Some((place, item)) = s.piece_at(j) else {
                continue;
            };
            let size = if s.measured { tape::json_size(item) } else { 0 };
            if let Some(slot) = container.as_mut().and_then(|c| place.in_built(c)) {
                *slot = tape::read(item);
            }
            s.size = s.size.saturating_sub(size);
            if let Some(start) = s.items.as_mut().and_then(|starts| starts.get_mut(j)) {
                *start |= tape::OUT;
            }
            s.left -= 1;
        }
        let left = s.left;
        if left == 0 {
            self.tapes.remove(i);
        }
    }

    /// Where the tape `segs` runs through (not one it names) sits in `tapes`.
    fn through(&self, segs: &[String]) -> Option<usize> {
        self.tape_above(segs)
            .filter(|&i| self.tapes[i].0.len() < segs.len())
    }

    /// [`Model::open`] of the tape at `i` in `tapes`, which `segs` runs through. Apart, so
    /// that the check every write makes stays a small function: with this in it, a stream
    /// of small updates that never goes through a tape folded 4–9% slower in Chromium.
    #[inline(never)]
    fn open_tape(&mut self, i: usize, segs: &[String], measure: bool) -> usize {
        let (k, s) = self.tapes.remove(i);
        // Near the limit, where sizes are kept exactly, the tape is built whole; so is a part
        // an earlier split made, so that no byte is copied into parts more than once (split
        // again at each write one level deeper, a value nested `d` deep with a large value at
        // each level would have its bytes copied up to `d` times).
        if measure || !s.measured {
            let _ = pointer::set(&mut self.root, &k, tape::read(&s.tape));
            return if s.measured {
                s.size - s.exact_size()
            } else {
                0
            };
        }
        // Far from the limit, where sizes are bounds: only the path is built, and the large
        // values beside it stay tapes, measured only if the model nears its limit.
        let room = MAX_TAPES - self.tapes.len();
        let below = &segs[k.len()..];
        let (built, parts) = tape::split(&s.tape, below, SPLIT_FROM, room, SPLIT_FROM);
        let _ = pointer::set(&mut self.root, &k, built);
        // The parts' paths all start with `k`, as no other tape's does: they go where it
        // was, in their order.
        let mut parts: Vec<(Vec<String>, Kept)> = parts
            .into_iter()
            .map(
                |tape::Part {
                     path,
                     tape: bytes,
                     items,
                 }| {
                    let mut at = k.clone();
                    at.extend(path);
                    let part = Taped {
                        is_object: bytes.first() == Some(&tape::OBJECT),
                        tape: bytes,
                        size: 0,
                        exact: false,
                        measured: false,
                        depth: s.depth,
                        edited: false,
                    };
                    let part = match items {
                        None => Kept::whole(part),
                        Some(starts) => Kept::apart(part, starts.into()),
                    };
                    (at, part)
                },
            )
            .collect();
        sort_by_path(&mut parts);
        self.tapes.splice(i..i, parts);
        // A list or map the path goes into, kept item by item: the item on the path is built,
        // as for any write into one (and one of that item only leaves the tapes).
        if let Some(i) = self
            .through(segs)
            .filter(|&i| self.tapes[i].1.items.is_some())
        {
            self.take_item(i, segs);
        }
        0
    }

    /// Sets `data` (which nests `depth` deep) at `segs` in the bytes of the part
    /// ([`tape::split`]) `segs` runs through, when the place is there already, or is a new
    /// member of an object or a new last item of an array that is there ([`tape::slot`]: no
    /// container made on the way, no `null`s padding), and no write has changed that part so
    /// before: whether it did. If not, nothing has changed, and the write is to
    /// [`Model::open`] its path. Only a part (not measured) is written in, so never near the
    /// limit, where every tape is measured ([`Model::settle`]).
    ///
    /// A write that went through a part built it whole (the next write through it still
    /// does, but for a list or map, which it keeps item by item): one record patched in each
    /// of 20 lists set in one update built every record of 19 of them, and folded in 2.4
    /// times the instructions it takes with this. Moving the part's bytes after the place is
    /// a small part of building them. Once only per part, so that writes to one part again
    /// and again do not walk and move it each time. A tape an update stored (measured) is
    /// opened as before: its split builds only the path, and each later write on that path
    /// is a write to the built part, where walking the tape each time would cost more.
    #[inline]
    pub fn edit(&mut self, segs: &[String], data: &Data, depth: usize) -> bool {
        // Most writes go to a model that keeps no tape: one test, not a search.
        !self.tapes.is_empty() && self.edit_in_part(segs, data, depth)
    }

    /// [`Model::edit`] of a model that keeps tapes.
    #[inline(never)]
    fn edit_in_part(&mut self, segs: &[String], data: &Data, depth: usize) -> bool {
        let Some(i) = self.through(segs) else {
            return false;
        };
        let (k, t) = &mut self.tapes[i];
        if t.measured || t.edited || t.items.is_some() {
            return false;
        }
        let below = &segs[k.len()..];
        let Some(slot) = tape::slot(&t.tape, below) else {
            return false;
        };
        let built;
        let new = match data {
            Data::Taped(n) => &n.tape[..],
            Data::Built(v) => {
                built = tape::tape_of(v);
                &built[..]
            }
        };
        let key = below.last().map_or("", String::as_str);
        t.tape = tape::written(std::mem::take(&mut t.tape), slot, key, new);
        t.depth = t.depth.max(below.len() + depth);
        t.edited = true;
        true
    }

    /// The length of `built`, the value at `segs`, as the model keeps it: each tape at or
    /// under `segs` by its kept size, in place of its `null`.
    fn kept_size(&self, segs: &[String], built: &Value) -> usize {
        let under = &self.tapes[self.tapes_under(segs)];
        let taped: usize = under.iter().map(|(_, t)| t.kept()).sum();
        let nulls: usize = under.iter().map(|(_, t)| t.placeholders()).sum();
        (pointer::json_size(built) + taped).saturating_sub(4 * nulls)
    }

    /// What a [`Model::set`] of a value `new` bytes long at `segs` (which must be open) takes
    /// out of the model's kept size and puts in ([`pointer::set_size_change`]): what it
    /// writes, and what it replaces, at the cost of that. `None` where it would be refused.
    pub fn set_size_change(&self, segs: &[String], new: usize) -> Option<(usize, usize)> {
        pointer::set_size_change(&self.root, segs, new, |v| self.kept_size(segs, v))
    }

    /// What a [`Model::delete`] at `segs` (which must be open) takes out of the model's kept
    /// size and puts in.
    pub fn delete_size_change(&self, segs: &[String]) -> (usize, usize) {
        pointer::delete_size_change(&self.root, segs, |v| self.kept_size(segs, v))
    }

    /// Removes the tapes at or under `segs`.
    fn drop_tapes_under(&mut self, segs: &[String]) {
        let under = self.tapes_under(segs);
        self.tapes.drain(under);
    }

    /// What a [`Model::set`] at `segs` (which must be open) would do: `None` where it would
    /// be refused, or else the `null` slots it would add to arrays.
    pub fn plan(&self, segs: &[String]) -> Option<Planned> {
        pointer::plan(&self.root, segs).map(|padding| Planned { padding })
    }

    /// The `null` slots a write at `segs` (which must be open) would add with no bound on
    /// them, where [`Model::plan`] refuses it: `None` when it is refused for another reason.
    pub fn padding_past_bound(&self, segs: &[String]) -> Option<usize> {
        pointer::plan_within(&self.root, segs, usize::MAX)
    }

    /// Sets `data` at `segs` (which must be open), as [`pointer::set`] does.
    #[cfg(test)]
    pub fn set(&mut self, segs: &[String], data: Data) -> Result<(), ()> {
        let planned = self.plan(segs).ok_or(())?;
        self.set_planned(segs, data, planned, true).map(|_| ())
    }

    /// [`Model::set`] with the plan [`Model::plan`] has just made for `segs` (the fold
    /// measures a write before making it, and a plan is a walk of the path). With `measure`,
    /// returns by how much a tape's kept size overstated its length when it is built rather
    /// than kept ([`Taped::exact_size`], a pass over it): the model's kept size does not
    /// count that.
    pub fn set_planned(
        &mut self,
        segs: &[String],
        data: Data,
        _: Planned,
        measure: bool,
    ) -> Result<usize, ()> {
        // A path with `-` names a place only once; past MAX_TAPES, values are built, and
        // small ones below the root (`fast::TAPE_FROM`).
        let mut overstated = 0;
        // Where the tapes at or under `segs` start, if any: one search for what follows.
        // The tape before them is the one `segs` goes into, if any (any path between the
        // two would start with that tape's). A list or map kept item by item holds no tape.
        let at = self.tapes.partition_point(|(k, _)| k.as_slice() < segs);
        let in_items = at.checked_sub(1).is_some_and(|above| {
            let (k, t) = &self.tapes[above];
            t.items.is_some() && starts_with(segs, k)
        });
        let stored = match data {
            Data::Taped(t)
                if self.tapes.len() < MAX_TAPES
                    && (segs.is_empty() || t.tape.len() >= TAPE_FROM)
                    && !segs.iter().any(|s| s == "-")
                    && !in_items =>
            {
                pointer::set_planned(&mut self.root, segs, Value::Null)?;
                Some(t)
            }
            other => {
                let over = match &other {
                    Data::Taped(t) if measure => t.size - t.exact_size(),
                    _ => 0,
                };
                pointer::set_planned(&mut self.root, segs, other.into_value())?;
                overstated = over;
                None
            }
        };
        // What was stored at or under `segs` is replaced.
        let under = self.tapes[at..]
            .iter()
            .take_while(|(k, _)| starts_with(k, segs))
            .count();
        self.tapes.drain(at..at + under);
        if let Some(t) = stored {
            self.tapes.insert(at, (segs.to_vec(), Kept::whole(t)));
        }
        Ok(overstated)
    }

    /// Removes the value at `segs`, as [`pointer::delete`] does. (The store has opened
    /// `segs` already, and counted what that found: here it finds nothing more.)
    pub fn delete(&mut self, segs: &[String]) {
        self.open(segs, false);
        pointer::delete(&mut self.root, segs);
        self.drop_tapes_under(segs);
    }

    /// Makes each tape's size its exact length (see [`Taped::exact_size`]), each tape once,
    /// and returns by how much their sizes overstated their lengths: the model's kept size
    /// less that is its length.
    pub fn settle(&mut self) -> usize {
        self.tapes.iter_mut().map(|(_, t)| t.settle()).sum()
    }

    /// The model's length as compact JSON text, measured whole.
    pub fn json_size(&self) -> usize {
        let placeholders = 4 * self
            .tapes
            .iter()
            .map(|(_, t)| t.placeholders())
            .sum::<usize>();
        pointer::json_size(&self.root) - placeholders
            + self
                .tapes
                .iter()
                .map(|(_, t)| t.exact_size())
                .sum::<usize>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn segs(p: &str) -> Vec<String> {
        pointer::parse(p).unwrap()
    }

    fn taped(v: &Value) -> Taped {
        Taped {
            tape: tape::tests::tape_of(v).into(),
            size: pointer::json_size(v),
            exact: true,
            measured: true,
            depth: 0,
            is_object: v.is_object(),
            edited: false,
        }
    }

    /// Sets `v` at `s` in a model that keeps tapes (opened far from or near the limit, as
    /// `measure` says) and in one built eagerly: the size change the first finds before the
    /// write is what the write changes, and both refuse or take it alike. Far from the limit
    /// the write is made in the bytes of a part the path runs through where the store makes
    /// it so ([`Model::edit`]; a scalar as a built value, any other as a tape), and
    /// the call returns whether it was.
    fn set_in_both(
        lazy: &mut Model,
        eager: &mut Value,
        s: &[String],
        v: Value,
        measure: bool,
        path: &str,
    ) -> bool {
        if !measure {
            let data = if v.is_array() || v.is_object() {
                Data::Taped(taped(&v))
            } else {
                Data::Built(v.clone())
            };
            if lazy.edit(s, &data, 0) {
                let want = pointer::set(eager, s, v);
                assert!(want.is_ok(), "{path}: made in a part, refused built");
                return true;
            }
        }
        lazy.open(s, measure);
        let before = pointer::json_size(eager);
        let change = lazy.set_size_change(s, pointer::json_size(&v));
        let want = pointer::set(eager, s, v.clone()).map(|_| ());
        assert_eq!(change.is_some(), want.is_ok(), "{path}");
        if let Some((removed, added)) = change {
            assert_eq!(
                before - removed + added,
                pointer::json_size(eager),
                "{path}"
            );
        }
        assert_eq!(lazy.set(s, Data::Taped(taped(&v))), want, "{path}");
        false
    }

    /// [`set_in_both`] for a delete.
    fn delete_in_both(
        lazy: &mut Model,
        eager: &mut Value,
        s: &[String],
        measure: bool,
        path: &str,
    ) {
        lazy.open(s, measure);
        let before = pointer::json_size(eager);
        let (removed, added) = lazy.delete_size_change(s);
        lazy.delete(s);
        pointer::delete(eager, s);
        assert_eq!(
            before - removed + added,
            pointer::json_size(eager),
            "{path}"
        );
    }

    /// A tape shorter than `fast::TAPE_FROM` is built below the root, and kept at the root.
    #[test]
    fn keeps_small_tapes_only_at_the_root() {
        let pad = |n: usize| json!({ "p": "x".repeat(n) });
        // `{"p": "x…"}` on a tape: its header, key and string headers around the text.
        let at = |n: usize| tape::tests::tape_of(&pad(n)).len();
        let n = (0..super::super::fast::TAPE_FROM)
            .find(|&n| at(n) == super::super::fast::TAPE_FROM)
            .expect("a length that makes a tape of exactly TAPE_FROM bytes");
        let mut m = Model::default();
        for (path, len, kept) in [("/a", n - 1, false), ("/b", n, true), ("", 1, true)] {
            let s = segs(path);
            m.open(&s, true);
            m.set(&s, Data::Taped(taped(&pad(len)))).unwrap();
            assert_eq!(m.tapes.iter().any(|(k, _)| *k == s), kept, "{path}");
        }
        assert_eq!(m.value(), pad(1));
        // A write below the root tape builds it first.
        let s = segs("/q");
        m.open(&s, true);
        m.set(&s, Data::Built(json!(1))).unwrap();
        assert!(m.tapes.is_empty());
        assert_eq!(m.value(), json!({"p": "x", "q": 1}));
    }

    /// A part takes one write in its bytes (replacing a member, adding one, appending an
    /// item); the next write through it builds it (a list or map, item by item), so that writes
    /// into one part again and again do not copy it each time. A stored tape is split,
    /// never written in.
    #[test]
    fn a_part_is_written_in_its_bytes_once() {
        let list: Value = (0..300)
            .map(|i| json!({"id": i, "name": format!("n{i}")}))
            .collect();
        let map: Value = (0..300)
            .map(|i| (format!("k{i}"), json!({"name": format!("n{i}")})))
            .collect::<Map<_, _>>()
            .into();
        let mut eager =
            json!({"a": list.clone(), "b": list.clone(), "c": list, "d": map, "t": "x"});
        let mut m = Model::default();
        m.set(&segs(""), Data::Taped(taped(&eager))).unwrap();
        let edited = |m: &Model, p: &str| {
            m.tapes
                .iter()
                .find(|(k, _)| *k == segs(p))
                .map(|(_, t)| t.edited)
        };
        // A stored tape is opened (split: the lists are parts), not written in.
        assert!(!m.edit(&segs("/t"), &Data::Built(json!("y")), 0));
        m.open(&segs("/t"), false);
        m.set(&segs("/t"), Data::Built(json!("y"))).unwrap();
        eager["t"] = json!("y");
        assert_eq!(
            (edited(&m, "/a"), edited(&m, "/b"), edited(&m, "/c")),
            (Some(false), Some(false), Some(false))
        );
        for (p, v) in [
            ("/a/3/name", json!("z")),
            ("/b/300", json!({"id": 300})),
            ("/c/7/new", json!([1])),
            ("/d/k1/name", json!("q")),
        ] {
            assert!(m.edit(&segs(p), &Data::Built(v.clone()), 1), "{p}");
            pointer::set(&mut eager, &segs(p), v).unwrap();
        }
        assert_eq!(
            (edited(&m, "/a"), edited(&m, "/b"), edited(&m, "/c")),
            (Some(true), Some(true), Some(true))
        );
        assert_eq!(m.value(), eager);
        // The next write through a part builds it: the part leaves the tapes.
        let p = segs("/a/4/name");
        assert!(!m.edit(&p, &Data::Built(json!("w")), 0));
        assert_eq!(
            edited(&m, "/a"),
            Some(true),
            "a write refused changes nothing"
        );
        m.open(&p, false);
        // A list: only the item the write goes into is built.
        let at = m.tapes.iter().position(|(k, _)| *k == segs("/a")).unwrap();
        assert_eq!(m.tapes[at].1.placeholders(), 299);
        assert_eq!(m.root["a"][4], json!({"id": 4, "name": "n4"}));
        assert_eq!(m.root["a"][5], Value::Null);
        m.set(&p, Data::Built(json!("w"))).unwrap();
        pointer::set(&mut eager, &p, json!("w")).unwrap();
        assert_eq!(m.value(), eager);
        assert_eq!(m.json_size(), pointer::json_size(&eager));
        // A map: only the member the write goes into is built.
        let p = segs("/d/k2/name");
        assert!(!m.edit(&p, &Data::Built(json!("w")), 0));
        m.open(&p, false);
        let at = m.tapes.iter().position(|(k, _)| *k == segs("/d")).unwrap();
        assert_eq!(m.tapes[at].1.placeholders(), 299);
        assert_eq!(m.root["d"]["k2"], json!({"name": "n2"}));
        assert_eq!(m.root["d"]["k3"], Value::Null);
        m.set(&p, Data::Built(json!("w"))).unwrap();
        pointer::set(&mut eager, &p, json!("w")).unwrap();
        assert_eq!(m.value(), eager);
        assert_eq!(m.json_size(), pointer::json_size(&eager));
    }

    /// A list or map kept item by item builds one item a write until half are built, then
    /// the rest, and leaves the tapes; the model's root is never kept so, whatever it holds.
    #[test]
    fn kept_apart_until_half_are_built() {
        let record = |i: usize| json!({"id": i, "pad": "x".repeat(600)});
        let list: Value = (0..10).map(record).collect();
        let map: Value = (0..10)
            .map(|i| (format!("k{i}"), record(i)))
            .collect::<Map<_, _>>()
            .into();
        for (value, key) in [(list, ""), (map, "k")] {
            let seg = |i: usize| format!("{key}{i}");
            let mut m = Model::default();
            let mut eager = json!({});
            set_in_both(&mut m, &mut eager, &segs("/v"), value, false, "/v");
            for i in 0..6 {
                let p = segs(&format!("/v/{}/id", seg(i)));
                set_in_both(&mut m, &mut eager, &p, json!(-1), false, "");
                let left = m.tapes.first().map(|(_, t)| t.placeholders());
                // After the sixth write into it, fewer than half would be left.
                assert_eq!(left, (i < 5).then_some(9 - i), "{p:?}");
                assert_eq!(m.value(), eager);
                assert_eq!(m.json_size(), pointer::json_size(&eager));
            }
        }
        // A map of one member, the one the path goes into, below a stored tape's top: the
        // split builds that member and keeps nothing apart. (The map's tape is 4,097 bytes,
        // too large an item for its parent to be kept apart, and its member 4,089, small
        // enough for the map to be.)
        let mut m = Model::default();
        let one = json!({"x": {"only": "s".repeat(4086)}, "y": 1});
        assert_eq!(tape::tests::tape_of(&one["x"]).len(), SPLIT_FROM + 1);
        m.set(&segs("/one"), Data::Taped(taped(&one))).unwrap();
        m.open(&segs("/one/x/only"), false);
        assert!(m.tapes.is_empty(), "{:?}", m.tapes.first().map(|(k, _)| k));
        assert_eq!(m.get(&segs("/one")), Some(one));
        // A large map at the root: split, not kept apart.
        let root: Value = (0..20)
            .map(|i| (format!("k{i}"), record(i)))
            .collect::<Map<_, _>>()
            .into();
        let mut m = Model::default();
        m.set(&[], Data::Taped(taped(&root))).unwrap();
        m.open(&segs("/k1/id"), false);
        assert!(m.tapes.is_empty(), "built, its members small");
    }

    /// At most [`MAX_TAPES`] tapes are kept: the next value is built into the model.
    #[test]
    fn keeps_tapes_up_to_the_limit() {
        let mut m = Model::default();
        for i in 0..=MAX_TAPES {
            let v = json!({ "i": i, "pad": "x".repeat(super::super::fast::TAPE_FROM) });
            let s = segs(&format!("/k{i}"));
            m.open(&s, true);
            m.set(&s, Data::Taped(taped(&v))).unwrap();
            assert_eq!(m.tapes.len(), (i + 1).min(MAX_TAPES), "{i}");
        }
        let (last, past) = (format!("k{}", MAX_TAPES - 1), format!("k{MAX_TAPES}"));
        assert_eq!(m.root[&last], Value::Null, "a tape's placeholder");
        assert_eq!(m.root[&past]["i"], json!(MAX_TAPES), "built at once");
        assert_eq!(
            m.get(&segs(&format!("/{last}/i"))),
            Some(json!(MAX_TAPES - 1))
        );
    }

    /// Random writes, deletes and reads over paths that share prefixes (tapes beside, above
    /// and below one another), on a model that keeps tapes and on one that builds at once.
    #[test]
    fn finds_tapes_by_path_as_an_eager_model_finds_values() {
        let mut rng = crate::test_rng::Xorshift(0x9E37_79B9_7F4A_7C15);
        let mut next = |n: u64| rng.next() % n;
        let names = ["a", "b", "ab", "0", "1", "a~b"];
        for _ in 0..40 {
            let mut lazy = Model::default();
            let mut eager = json!({});
            for _ in 0..60 {
                let depth = 1 + next(3) as usize;
                let s: Vec<String> = (0..depth)
                    .map(|_| names[next(names.len() as u64) as usize].to_string())
                    .collect();
                let path = format!("/{}", s.join("/"));
                match next(5) {
                    0 => {
                        lazy.delete(&s);
                        pointer::delete(&mut eager, &s);
                    }
                    1 => {
                        assert_eq!(lazy.get(&s), pointer::get(&eager, &s).cloned(), "{path}");
                        continue;
                    }
                    k => {
                        let v = match k {
                            2 => json!({"a": {"b": next(9)}, "0": [1, 2]}),
                            3 => json!([{"ab": "x"}, next(9)]),
                            _ => json!(next(9)),
                        };
                        lazy.open(&s, true);
                        let want = pointer::set(&mut eager, &s, v.clone()).map(|_| ());
                        assert_eq!(lazy.set(&s, Data::Taped(taped(&v))), want, "{path}");
                    }
                }
                assert_eq!(lazy.value(), eager, "after {path}");
                assert_eq!(lazy.json_size(), pointer::json_size(&eager), "{path}");
            }
        }
    }

    /// The heapsort puts any list of paths in the order the standard library's sort does.
    #[test]
    fn sorts_paths_as_the_standard_sort_does() {
        let mut rng = crate::test_rng::Xorshift(0x5851_F42D_4C95_7F2D);
        let mut next = |n: u64| rng.next() % n;
        let segs = ["", "a", "ab", "b", "0", "1", "10", "9", "é"];
        for n in 0..60 {
            let mut v: Vec<(Vec<String>, Kept)> = (0..n)
                .map(|_| {
                    let path = (0..next(4))
                        .map(|_| segs[next(segs.len() as u64) as usize].to_string())
                        .collect();
                    (path, Kept::whole(taped(&json!(null))))
                })
                .collect();
            let mut want: Vec<Vec<String>> = v.iter().map(|(p, _)| p.clone()).collect();
            want.sort();
            sort_by_path(&mut v);
            let got: Vec<Vec<String>> = v.into_iter().map(|(p, _)| p).collect();
            assert_eq!(got, want, "{n}");
        }
    }

    /// A write beside a large value far from the limit keeps the large values beside its
    /// path as parts; a later write into a part builds it whole rather than splitting it
    /// again, so no byte is copied into parts twice. Near the limit, a tape is built whole.
    #[test]
    fn splits_a_stored_value_once() {
        let big = |c: &str| json!({"text": c.repeat(5000), "inner": {"more": [c.repeat(5000)]}});
        let v = json!({"a": big("a"), "b": big("b"), "c": 1});
        let paths = |m: &Model| -> Vec<String> {
            m.tapes
                .iter()
                .map(|(k, _)| format!("/{}", k.join("/")))
                .collect()
        };
        let mut m = Model::default();
        m.open(&[], false);
        m.set(&[], Data::Taped(taped(&v))).unwrap();
        // Beside `/a` and `/b`: both kept, unmeasured.
        m.open(&segs("/c"), false);
        assert_eq!(paths(&m), ["/a", "/b"]);
        assert!(m.tapes.iter().all(|(_, t)| !t.measured));
        // Into `/b`, a part: built whole, its own large member not kept apart.
        m.open(&segs("/b/inner/x"), false);
        assert_eq!(paths(&m), ["/a"]);
        m.set(&segs("/b/inner/x"), Data::Built(json!(2))).unwrap();
        let mut want = v.clone();
        want["b"]["inner"]["x"] = json!(2);
        assert_eq!(m.value(), want);
        assert_eq!(m.json_size(), pointer::json_size(&want));
        // Near the limit a stored value is built whole.
        let mut m = Model::default();
        m.set(&[], Data::Taped(taped(&v))).unwrap();
        assert_eq!(m.open(&segs("/c"), true), 0);
        assert!(m.tapes.is_empty());
        assert_eq!(m.value(), v);
    }

    /// Writes beside and into large stored values far from the limit, which split them
    /// ([`tape::split`]; a write into a part, in its bytes, once: [`Model::edit`]),
    /// then near it, where sizes are kept exactly: the model holds and measures what an
    /// eager one does, and a write's size change is what it changes.
    #[test]
    fn split_tapes_keep_what_an_eager_model_keeps() {
        let mut rng = crate::test_rng::Xorshift(0xD1B5_4A32_D192_ED03);
        let mut next = |n: u64| rng.next() % n;
        let names = ["a", "b", "0", "1", "-", "2"];
        let (mut parts, mut edits, mut lists, mut maps) = (0, 0, 0, 0);
        for round in 0..60 {
            let mut lazy = Model::default();
            let mut eager = json!({});
            for op in 0..80 {
                // Far from the limit first, then near it, as the store goes.
                let exact = op >= 60;
                if op == 60 {
                    lazy.settle();
                }
                let depth = next(4) as usize;
                let s: Vec<String> = (0..depth)
                    .map(|_| names[next(names.len() as u64) as usize].to_string())
                    .collect();
                let path = format!("/{}", s.join("/"));
                match next(6) {
                    0 if !s.is_empty() => {
                        // Asked at any time, not only near the limit, a size change is exact.
                        delete_in_both(&mut lazy, &mut eager, &s, exact, &path);
                    }
                    1 => {
                        assert_eq!(lazy.get(&s), pointer::get(&eager, &s).cloned(), "{path}");
                        continue;
                    }
                    _ => {
                        // Large values of nested records and lists, and small ones.
                        let v = match next(5) {
                            0 => json!(next(9)),
                            // A long list of small records: kept item by item.
                            1 => (0..50 + next(40))
                                .map(|i| json!({"a": i, "b": "w".repeat(60), "0": [i]}))
                                .collect(),
                            // A large map of records, some keyed as paths go: kept item by
                            // item too.
                            2 => (0..50 + next(40))
                                .map(|i| {
                                    let key = ["a", "b", "0", "1", "2"]
                                        .get(i as usize)
                                        .map_or(format!("z{i}"), |k| k.to_string());
                                    (key, json!({"a": i, "b": "w".repeat(60), "1": [i]}))
                                })
                                .collect::<Map<_, _>>()
                                .into(),
                            _ => {
                                let mut pick = |n: u64| next(n);
                                let mut v = json!({});
                                for k in ["a", "b", "0", "1"] {
                                    let x = match pick(3) {
                                        0 => crate::a2ui::tape::tests::random_value(&mut pick, 3),
                                        1 => {
                                            json!([{"a": "x".repeat(4200)}, [1, 2.5], {"b": {"0": "y".repeat(4100)}}])
                                        }
                                        _ => json!({"0": [0.1, 1e300, -7], "1": "z".repeat(4150)}),
                                    };
                                    v[k] = x;
                                }
                                if s.is_empty() {
                                    v
                                } else if pick(2) == 0 {
                                    json!([v["a"], v["b"]])
                                } else {
                                    v
                                }
                            }
                        };
                        if set_in_both(&mut lazy, &mut eager, &s, v, exact, &path) {
                            edits += 1;
                        }
                    }
                }
                parts += lazy.tapes.iter().filter(|(_, t)| !t.measured).count();
                for (_, t) in &lazy.tapes {
                    // A list or map kept apart has items left on its tape.
                    assert!(t.items.is_none() || t.left > 0, "{path}");
                    if t.items.is_some() {
                        match t.is_object {
                            false => lists += 1,
                            true => maps += 1,
                        }
                    }
                }
                // Sorted by path, and no path starts with another.
                for w in lazy.tapes.windows(2) {
                    assert!(w[0].0 < w[1].0 && !starts_with(&w[1].0, &w[0].0), "{path}");
                }
                assert_eq!(lazy.value(), eager, "round {round}, after {path}");
                assert_eq!(lazy.json_size(), pointer::json_size(&eager), "{path}");
                for p in ["", "/a", "/a/a", "/b/0", "/0/1/a", "/a/b/0"] {
                    assert_eq!(
                        lazy.get(&segs(p)),
                        pointer::get(&eager, &segs(p)).cloned(),
                        "{p}"
                    );
                }
            }
        }
        assert!(parts > 500, "parts split off: {parts}");
        assert!(edits > 20, "writes made in parts: {edits}");
        assert!(lists > 100, "lists kept item by item: {lists}");
        assert!(maps > 200, "maps kept item by item: {maps}");
    }

    /// Every write, on a model that keeps tapes and on one that builds everything at once,
    /// in a sequence that goes through, above, beside and into stored tapes.
    #[test]
    fn keeps_what_an_eager_model_keeps() {
        let writes: Vec<(&str, Option<Value>)> = vec![
            ("/a", Some(json!({"b": [1, 2, {"c": "x"}], "d": null}))),
            ("/e", Some(json!([1, 2, 3]))),
            ("/a/b/2/c", Some(json!("y"))),
            ("/a/b/-", Some(json!(4))),
            ("/e/5", Some(json!("padded"))),
            ("/f/g/0", Some(json!({"h": 1}))),
            ("/f", Some(json!({"g": []}))),
            ("/f/g/-", Some(json!(true))),
            ("/e/1", None),
            ("/a", None),
            ("/a/x", Some(json!(1))),
            ("/i", Some(json!("scalar"))),
            ("/i/j", Some(json!(1))),
            ("", Some(json!({"k": {"l": [0]}}))),
            ("/k/l/0", Some(json!(2))),
            // A `null` on the way, an object's first member, padding under a new key, an
            // item made `null` (longer than a digit), the whole model deleted.
            ("/n", Some(json!(null))),
            ("/n/x/0", Some(json!(1))),
            ("/o", Some(json!({}))),
            ("/o/p", Some(json!("v"))),
            ("/q/3/r", Some(json!(1))),
            ("/q/1", None),
            ("/k/l/0", None),
            ("/k/l/7", None),
            ("", None),
            ("/s", Some(json!(1))),
        ];
        let mut lazy = Model::default();
        let mut eager = json!({});
        for (reads, (path, v)) in writes.into_iter().enumerate() {
            let s = segs(path);
            match v {
                // What a write takes out and puts in, found before it, is what it changes.
                Some(v) => {
                    set_in_both(&mut lazy, &mut eager, &s, v, true, path);
                }
                None => delete_in_both(&mut lazy, &mut eager, &s, true, path),
            }
            assert_eq!(lazy.json_size(), pointer::json_size(&eager), "after {path}");
            assert_eq!(lazy.value(), eager, "after {path}");
            assert_eq!(lazy.json_size(), pointer::json_size(&eager), "{path}");
            if reads % 3 == 0 {
                // A read builds from tapes; later writes must not depend on it.
                assert_eq!(
                    lazy.get(&segs("/a/b")),
                    pointer::get(&eager, &segs("/a/b")).cloned()
                );
            }
            for p in ["", "/a", "/a/b/2", "/e/5", "/f/g", "/k/l", "/nothing"] {
                assert_eq!(
                    lazy.get(&segs(p)),
                    pointer::get(&eager, &segs(p)).cloned(),
                    "{p}"
                );
            }
        }
    }
}
