//! Reading a batch straight from its text: the array, each data update of the fast shape
//! ([`super::fast`]), the envelope and body of each other message of a fast shape
//! ([`fast::Message`]), and each component of the common shapes, into the catalog's form
//! ([`Reader::typed_component`]; any other component is read by serde_json), by hand; any
//! other envelope, and any the hand reader is not sure of, through serde_json from where it
//! starts.
//!
//! Why by hand: a data value's strings are most of the bytes of a stream that carries text,
//! and serde_json reads a string with escapes into a scratch buffer, hands it over, and the
//! fast reader then copied it to its tape and went over it twice more (its length as JSON,
//! its bidi controls). Here a string goes from the text to the tape in one pass that also
//! measures it, and a batch is walked once with no visitor in between. For the other
//! messages, what the hand reader spares is the envelope's and body's `serde_json` maps and
//! a walk of them, and for a component it reads, its map, the validator's and admission's
//! walks of it, and the decoder's taking it apart.
//!
//! The hand reader only ever *accepts less*: anything it does not take exactly as the
//! serde_json reader takes it (a theme of an agent's own members, a key it does not expect
//! or given twice, an
//! escape in a key it matches, a lone surrogate escape, an integer no `u64` or `i64` of 18 digits
//! holds, `-0`, a float past the range, nesting past [`MAX_DEPTH`], bad syntax) makes it give
//! the whole envelope to serde_json, which reads it or says why not. So a batch reads as
//! serde_json alone reads it (`fast::read_batch_serde`, kept for the tests), envelope for
//! envelope and tape for tape, and `tests::reads_what_serde_json_reads` holds the two to that
//! on generated batches. An envelope the hand reader gives up on late is read twice, and a
//! component in it that the typed reading gave up on three times (typed, by serde_json as a
//! component, by serde_json in the whole envelope), a function call in it five times (by
//! hand as a call, by serde_json as a value, then those three) and what precedes a
//! component's type once more (the look ahead): a linear cost, a few times per byte at
//! most, and the URLs of a media component parsed at most twice more. A lone envelope
//! ([`read_one`]) the hand reader gives up on is scanned and read by serde_json after it, as
//! it was before the hand reader took lone envelopes: one more linear pass, at most. JSON
//! Lines ([`read_lines`]) read their first line once more (tried as a lone envelope first),
//! and each line the hand reader gives up on is read by serde_json; from a line neither
//! takes, the text is scanned and that line read again: a few passes a byte, at most.
//!
//! Nothing here recurses: containers are a stack on the heap, at most [`MAX_DEPTH`] deep.

use std::borrow::Cow;

use serde_json::Value;

use super::admission::{Admission, UrlPolicy};
use super::catalog::component::{decode_fields, Field, Fields};
use super::catalog::{component_props, Prop, PropKind as Kind, ICON_NAMES};
use super::catalog::{Action, Align, Children, Component, Dynamic, Id, IdListBuilder, ShortText};
use super::fast::{self, DataUpdate, Envelope, Keys, Listed, Measurement, Message, NewSurface};
use super::limits::Limits;
use super::model::Data;
use super::path::Path;
use super::pointer;
use super::schema::VERSIONS;
use super::schema::{Validator, COMMON_PROPS};
use super::tape::Writer;
use crate::json_scan::MAX_DEPTH;
use crate::swar::same_bytes;

/// Where [`read_batch`] stopped.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Stop {
    /// At the end of the text, all of it read.
    Whole,
    /// At a problem at or before the envelope after those handed over.
    Problem,
    /// At the envelope after those handed over, which the hand reader gave up on and
    /// serde_json did not read: past `Limits::envelope_values`, or for a problem the scan
    /// will name. Either reader would do the same again there.
    Declined(Declined),
}

/// Why the hand reader left an envelope to the scan and serde_json: what a caller knows of it
/// before they read it, so that it is not read by hand again.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Declined {
    /// Not of a shape it reads, or not well formed; serde_json may read it.
    Shape,
    /// Past `Limits::envelope_values`, as it counted it (serde_json would count as much).
    TooLarge,
}

impl Declined {
    /// As a [`fast::Budget`] found the envelope: over it, or not.
    fn over(over: bool) -> Declined {
        match over {
            true => Declined::TooLarge,
            false => Declined::Shape,
        }
    }
}

/// Whether `text` may be JSON Lines ([`read_lines`]): a newline with more than white space
/// after it.
pub(crate) fn may_be_lines(text: &str) -> bool {
    let b = text.as_bytes();
    crate::swar::find(b, b'\n').is_some_and(|at| crate::json_scan::skip_ws(b, at) < b.len())
}

/// serde_json's reading of the envelope that starts `text` (after white space), where the
/// hand reader left it, under a budget of its own (what the hand reader built is dropped, so
/// each reader counts what it builds; serde_json, reading what the scan passes and refusing
/// the rest, counts as much as the hand reader would): the envelope and where it ends in
/// `text`, or why neither reads it, with serde_json's error. The one fallback of
/// [`read_batch`], [`read_lines`] and the scan's items (`input.rs`).
pub(crate) fn read_by_serde<'a>(
    text: &'a str,
    limits: &Limits,
) -> Result<(Envelope<'a>, usize), (Declined, serde_json::Error)> {
    let budget = fast::Budget::start(limits.envelope_values);
    let mut rest = serde_json::Deserializer::from_str(text).into_iter::<Envelope>();
    match rest.next() {
        Some(Ok(envelope)) => Ok((envelope, rest.byte_offset())),
        Some(Err(e)) => Err((Declined::over(budget.over()), e)),
        None => Err((
            Declined::Shape,
            serde::de::Error::custom("no envelope, only white space"),
        )),
    }
}

/// Reads `text` as JSON Lines, one envelope a line, handing each to `apply` as soon as it
/// is read, with no scan first: when its first line that is not blank is one envelope the
/// hand reader or serde_json reads, and more follows (what `json_scan::split` reads as JSON
/// Lines). `None` when it is not, with nothing handed over. Else how many were handed over
/// and where it stopped: at the first line neither reads, from which the caller scans (the
/// envelopes handed over are the scan's first items: one a line that is not blank).
/// (Each line was scanned and then read, and the first read four times over: JSON Lines
/// folded in about 1.3 times the time of the same envelopes in an array.)
///
/// No bidi control starts in the first `clean_to` bytes of `text` (0 when not known).
pub(crate) fn read_lines<'a>(
    text: &'a str,
    clean_to: usize,
    limits: &Limits,
    urls: &UrlPolicy,
    mut apply: impl FnMut(Envelope<'a>),
) -> Option<(usize, Stop)> {
    let b = text.as_bytes();
    let mut read = 0;
    let mut line_start = 0;
    while line_start < b.len() {
        let line_end =
            crate::swar::find(&b[line_start..], b'\n').map_or(b.len(), |p| line_start + p);
        if crate::json_scan::skip_ws(&b[..line_end], line_start) < line_end {
            if read == 0 && crate::json_scan::skip_ws(b, line_end) == b.len() {
                // One line alone: not JSON Lines.
                return None;
            }
            // A line starts after a newline and ends before one: at char boundaries.
            let line = &text[line_start..line_end];
            // Where a line neither reads leaves the text: if it is the first, nothing was
            // handed over and the text is the scan's, as if this had not been tried; else
            // the scan goes on from it, knowing why it was left (so it is not read again
            // by hand, nor by serde_json past the budget).
            let stop = |why| (read > 0).then_some((read, Stop::Declined(why)));
            let envelope = match read_one(line, clean_to.saturating_sub(line_start), limits, urls) {
                Ok(envelope) => envelope,
                // As `read_batch` does: serde_json reads what the hand reader leaves, and it
                // refuses what the scan refuses, so a line it reads is one the scan passes
                // (and a first line it reads is a whole value, so the text is JSON Lines).
                Err(Declined::Shape) => {
                    #[cfg(test)]
                    tests::BY_SERDE.with(|n| n.set(n.get() + 1));
                    match read_by_serde(line, limits) {
                        // Nothing but white space after it on its line.
                        Ok((envelope, end))
                            if crate::json_scan::skip_ws(line.as_bytes(), end) == line.len() =>
                        {
                            envelope
                        }
                        Ok(_) => return stop(Declined::Shape),
                        Err((why, _)) => return stop(why),
                    }
                }
                Err(Declined::TooLarge) => return stop(Declined::TooLarge),
            };
            apply(envelope);
            read += 1;
        }
        line_start = line_end + 1;
    }
    #[cfg(test)]
    tests::LINES_TAKEN.with(|n| n.set(n.get() + 1));
    Some((read, Stop::Whole))
}

/// Reads `text`, a JSON array of envelopes, handing each to `apply` as soon as it is read,
/// with no scan first: a clean batch is read once instead of twice. Returns how many were
/// handed over and where it stopped; on the first error (anything the scan would find, or
/// bad syntax anywhere) it stops, and the caller scans from that envelope on.
///
/// No bidi control starts in the first `clean_to` bytes of `text` (0 when not known).
pub(crate) fn read_batch<'a>(
    text: &'a str,
    clean_to: usize,
    limits: &'a Limits,
    urls: &'a UrlPolicy,
    mut apply: impl FnMut(Envelope<'a>),
) -> (usize, Stop) {
    let mut r = Reader::new(text, clean_to, limits, urls);
    let end = |r: &Reader| match r.at == text.len() {
        true => Stop::Whole,
        false => Stop::Problem,
    };
    r.ws();
    if !r.eat(b'[') {
        return (0, Stop::Problem);
    }
    r.ws();
    if r.eat(b']') {
        r.ws();
        return (0, end(&r));
    }
    let mut read = 0;
    loop {
        r.ws();
        let start = r.at;
        // What the hand reader builds, and serde_json after it, each under a budget of its
        // own (what the hand reader built is dropped).
        let budget = fast::Budget::start(limits.envelope_values);
        let taken = r.fast_envelope(&budget);
        let over = budget.over();
        drop(budget);
        let envelope = match taken {
            Some(envelope) => {
                #[cfg(test)]
                {
                    let counter = match envelope {
                        Envelope::Message { .. } => &tests::TAKEN_MESSAGES,
                        _ => &tests::TAKEN,
                    };
                    counter.with(|n| n.set(n.get() + 1));
                }
                envelope
            }
            // serde_json would count as much, and say the same.
            None if over => return (read, Stop::Declined(Declined::TooLarge)),
            None => {
                #[cfg(test)]
                tests::BY_SERDE.with(|n| n.set(n.get() + 1));
                // `start` follows ASCII (whitespace, `[` or `,`), so it is a char boundary.
                match read_by_serde(&text[start..], limits) {
                    Ok((envelope, end)) => {
                        r.at = start + end;
                        envelope
                    }
                    Err((why, _)) => return (read, Stop::Declined(why)),
                }
            }
        };
        apply(envelope);
        read += 1;
        r.ws();
        match r.next() {
            Some(b',') => {}
            Some(b']') => {
                r.ws();
                return (read, end(&r));
            }
            _ => return (read, Stop::Problem),
        }
    }
}

/// Reads `text` when it is one envelope alone, as a live agent's stream sends them one a
/// part, with no scan first. `Err`, having read nothing to anyone, unless the hand reader
/// takes the whole envelope ([`Reader::fast_envelope`]; no serde_json fallback here) and
/// nothing but white space follows it: then [`crate::json_scan::split`] would find the same
/// one clean value (the hand reader accepts less than the scan), and the caller would read
/// it as this does. Anything else is left to the scan, which says what is wrong;
/// [`Declined::TooLarge`] when the hand reader found the first envelope past
/// `Limits::envelope_values`, which serde_json would too.
///
/// No bidi control starts in the first `clean_to` bytes of `text` (0 when not known).
pub(crate) fn read_one<'a>(
    text: &'a str,
    clean_to: usize,
    limits: &Limits,
    urls: &UrlPolicy,
) -> Result<Envelope<'a>, Declined> {
    let mut r = Reader::new(text, clean_to, limits, urls);
    r.ws();
    if r.peek() != Some(b'{') {
        return Err(Declined::Shape);
    }
    let budget = fast::Budget::start(limits.envelope_values);
    let envelope = r
        .fast_envelope(&budget)
        .ok_or_else(|| Declined::over(budget.over()))?;
    r.ws();
    if r.at == text.len() {
        Ok(envelope)
    } else {
        Err(Declined::Shape)
    }
}

/// The depth of a data update's value, if a container (the envelope is 0, its body 1), as
/// the serde_json reader counts it.
const VALUE_DEPTH: usize = 2;

/// `'a` is the text's (what is read borrows from it); `'p` the store's limits and policy,
/// which nothing read borrows, so a store can apply an envelope once the reader is done.
struct Reader<'a, 'p> {
    text: &'a str,
    at: usize,
    /// A string with escapes, unescaped, before it goes to the tape or becomes a key.
    scratch: Vec<u8>,
    /// Where the text holds its next bidi control, as far as [`Reader::plain_clean`] has
    /// searched ahead (the text's length when it holds no more). It starts where the caller
    /// knows no control starts before (0, or where a conversion from UTF-16 found the first).
    bidi_ahead: usize,
    /// The store's limits and URL policy, which the components read into the catalog's
    /// form are held to as they are read ([`Reader::typed_component`]).
    limits: &'p Limits,
    urls: &'p UrlPolicy,
    /// The properties of the component being read, kept between components: each one's
    /// own list was two or three allocations.
    fields: Fields,
    /// A child list being read, kept between lists: each list is then made at its length
    /// at once, where growing it and cutting it to its length took two or three.
    ids: IdListBuilder,
    /// The keys of the objects being read in a data value, the innermost last ([`Keys`]).
    keys: Vec<Cow<'a, str>>,
    /// The keys of the last object of each array being read in a data value ([`Shape`]).
    shapes: Vec<ShapeKey>,
    /// Where each key on [`Reader::keys`] that has an escape lies: its place on that stack,
    /// and where it (or, for a key of a repeated run, the sibling's same bytes) lies in the
    /// text with its quotes, for [`Reader::record_shape`]; in the order of their places, as
    /// the keys are pushed and taken off.
    escaped: Vec<(usize, usize, usize)>,
    /// How many of [`Reader::shapes`], from the first, are the keys of the last data value
    /// that was an object, for the next one to repeat as a record repeats its sibling's (a
    /// status resent, a page of a map with the keys of the one before).
    top: usize,
    /// [`Missed`] for the data values of the batch.
    top_missed: Missed,
}

/// A component's member, by name ([`Reader::member_name`]).
enum Member<'a> {
    Id,
    Component,
    Other(Cow<'a, str>),
}

impl Member<'_> {
    fn name(&self) -> &str {
        match self {
            Member::Id => "id",
            Member::Component => "component",
            Member::Other(name) => name,
        }
    }
}

/// The most keys of an event's context that [`Reader::event_action`] reads: each placed by
/// moving those after it, so at most about 2,000 moves of a key and its value at this many.
/// A form's button sends a key a field; at 16, a Button whose context named 20 took the
/// general path, three and a half times `JSON.parse`'s time for it.
const MAX_CONTEXT: usize = 64;

/// The most arguments of a call that [`Reader::call`] reads (no function takes more than a
/// few).
const MAX_ARGS: usize = 16;

/// The properties that sort before `component` with one kind in every one of the [`TYPED`]
/// types that has them, a kind [`Reader::typed_property`] reads: one read before its
/// component's type is known takes no look ahead, and no second reading (test
/// `early_properties_have_one_kind_in_every_typed_type`).
const EARLY: [(&str, Kind); 4] = [
    ("children", Kind::ChildList),
    ("child", Kind::ComponentId),
    ("action", Kind::Action),
    ("align", Kind::Enum(Align::NAMES)),
];

/// Where `k` is in [`EARLY`].
fn early_at(k: &str) -> Option<usize> {
    EARLY
        .iter()
        .position(|(name, _)| same_bytes(name.as_bytes(), k.as_bytes()))
}

/// The longest of the words [`Reader::quoted_among`] looks for (test
/// `quoted_words_are_found_among_many`).
const LONGEST_WORD: usize = 32;

/// Words sorted by their length, and where those of each length start, so that
/// [`Reader::quoted_among`] compares a string with the words of its length only (the 59
/// icon names have 11 of four letters at most; each word's length compared in turn was
/// most of a search).
struct ByLength<const N: usize> {
    words: [&'static str; N],
    /// Words of length `n` are `words[starts[n]..starts[n + 1]]`.
    starts: [u8; LONGEST_WORD + 2],
}

impl<const N: usize> ByLength<N> {
    /// `words` grouped by length, when compiled; each at most [`LONGEST_WORD`] long.
    const fn new(mut words: [&'static str; N]) -> Self {
        // An insertion sort, stable: words of one length keep their order.
        let mut i = 1;
        while i < N {
            let mut j = i;
            while j > 0 && words[j - 1].len() > words[j].len() {
                let w = words[j - 1];
                words[j - 1] = words[j];
                words[j] = w;
                j -= 1;
            }
            i += 1;
        }
        assert!(N < 256 && (N == 0 || words[N - 1].len() <= LONGEST_WORD));
        let mut starts = [0u8; LONGEST_WORD + 2];
        let (mut n, mut at) = (0, 0);
        while n <= LONGEST_WORD + 1 {
            while at < N && words[at].len() < n {
                at += 1;
            }
            starts[n] = at as u8;
            n += 1;
        }
        ByLength { words, starts }
    }

    /// The words `len` long.
    fn of_length(&self, len: usize) -> &[&'static str] {
        &self.words[usize::from(self.starts[len])..usize::from(self.starts[len + 1])]
    }
}

/// [`TYPED`] by length.
static TYPED_BY_LENGTH: ByLength<18> = ByLength::new(TYPED);

/// The icon names by length.
static ICONS_BY_LENGTH: ByLength<59> = ByLength::new(ICON_NAMES);

/// How deep a value [`Reader::skip_value`] skips may nest: deeper, the component is left to
/// the general path. What it skips is the first property before `component` that is not
/// [`EARLY`] (an `accessibility` object, `checks`) and those after it up to `component`.
const SKIP_DEPTH: usize = 16;

/// The component types [`Reader::typed_component`] reads: every type of the Basic Catalog.
/// Admission checks nothing of theirs but their strings, ids, paths and URLs, and a
/// ChoicePicker's count of options, which the reader checks as it reads them.
const TYPED: [&str; 18] = [
    "Image",
    "Video",
    "AudioPlayer",
    "CheckBox",
    "Slider",
    "DateTimeInput",
    "Text",
    "Row",
    "Column",
    "List",
    "Card",
    "Modal",
    "Divider",
    "TextField",
    "Icon",
    "Button",
    "Tabs",
    "ChoicePicker",
];

/// A container being read: its measurement so far and, for an object, its keys.
struct Open<'a> {
    all: Measurement,
    n: usize,
    keys: Option<Keys<'a>>,
    /// For an object, its sibling's keys ([`Shape`]).
    shape: Shape,
    /// The keys of its last object member or element (`from`, `len`); in an object, `next`
    /// counts its object members.
    kids: Shape,
    /// How many of its objects in a row repeated none of the keys of the one before
    /// ([`Missed`]).
    missed: Missed,
}

/// Objects in a row, in one container, that repeated none of the keys of the object before
/// them: from [`Missed::LIMIT`] of them on, the container's objects' keys are no longer
/// recorded, so that objects with keys of their own (a map per value, each with new names)
/// pay for no copies of keys that will not come again. An object's object members stop at
/// the first (an object that holds one object, a tree's next level, or several of their own
/// kinds, an address and a price, would pay for recording their keys); an array's elements
/// and the data values of a batch at the second, so that a first element of its own kind
/// (a header before the rows) leaves the rows their records.
#[derive(Clone, Copy, Default)]
struct Missed(u8);

impl Missed {
    const LIMIT: u8 = 2;

    /// Whether to record the keys of an object that closed, given whether it repeated none
    /// of the keys of the one before (`missed`), in a container whose objects stop being
    /// recorded at `limit` misses in a row.
    fn record(&mut self, missed: bool, limit: u8) -> bool {
        if self.0 >= limit {
            return false;
        }
        if !missed {
            self.0 = 0;
            return true;
        }
        self.0 += 1;
        self.0 < limit
    }
}

/// The keys the objects of a container are expected to repeat, as records do (a table's
/// rows in an array, or in an object keyed by id): for a container, where in
/// [`Reader::shapes`] the keys of its last object lie (`from`, `len`); for an object in a
/// container, those of the object before it, and how many of them it has repeated (`next`).
/// A key written as the one before it was, byte for byte, is known: not refused, and, in a
/// run from the object's first, not given twice; it is taken with one comparison instead of
/// being read, measured and compared with the keys before it (a quarter of a fold of chat
/// messages), and an escaped one as it was unescaped the first time (records a Python agent
/// writes with keys not in ASCII folded at 0.77× the official core's speed, unescaped anew
/// in each). The first key that differs ends the run, and it
/// and those after it are read as any key is, compared with the run's keys too. An object
/// that repeats its sibling's keys to its end leaves the shape as it was; any other gives
/// its own to the next.
#[derive(Clone, Copy, Default)]
struct Shape {
    from: usize,
    len: usize,
    next: usize,
}

impl<'a, 'p> Reader<'a, 'p> {
    /// A reader at the start of `text`, in which no bidi control starts in the first
    /// `clean_to` bytes.
    fn new(text: &'a str, clean_to: usize, limits: &'p Limits, urls: &'p UrlPolicy) -> Self {
        Reader {
            text,
            at: 0,
            scratch: Vec::new(),
            bidi_ahead: clean_to,
            limits,
            urls,
            fields: Vec::new(),
            ids: IdListBuilder::default(),
            keys: Vec::new(),
            shapes: Vec::new(),
            escaped: Vec::new(),
            top: 0,
            top_missed: Missed::default(),
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn next(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.at += 1;
        Some(b)
    }

    fn eat(&mut self, c: u8) -> bool {
        let ate = self.peek() == Some(c);
        self.at += usize::from(ate);
        ate
    }

    fn expect(&mut self, c: u8) -> Option<()> {
        self.eat(c).then_some(())
    }

    #[inline]
    fn ws(&mut self) {
        self.at = crate::json_scan::skip_ws(self.text.as_bytes(), self.at);
    }

    /// An envelope of a fast shape (`version` and one message, once each, in either order),
    /// or `None` for serde_json to read from the envelope's start.
    fn fast_envelope(&mut self, budget: &fast::Budget) -> Option<Envelope<'a>> {
        let start = self.at;
        self.expect(b'{')?;
        let (mut version, mut data, mut message) = (None, None, None);
        loop {
            self.ws();
            let key = self.member(&[
                "version",
                "updateDataModel",
                "updateComponents",
                "createSurface",
                "deleteSurface",
            ])?;
            let first = data.is_none() && message.is_none();
            match key {
                // Another version (v0.8, one with escapes) is the general path's: the
                // validator says why.
                "version" if version.is_none() => version = Some(self.quoted(&VERSIONS)?),
                "updateDataModel" if first => data = Some(self.body()?),
                "updateComponents" if first => message = Some(self.components_body()?),
                "createSurface" if first => message = Some(self.create_body()?),
                "deleteSurface" if first => message = Some(self.delete_body()?),
                _ => return None,
            }
            if !self.more(b'}')? {
                break;
            }
        }
        let version = version?;
        match (data, message) {
            (Some(update), None) => update.count_built().then_some(Envelope::Data(update)),
            (None, Some(message)) => {
                // Its components are in the catalog's form, not built, so its values are
                // counted by a scan (fast::Budget), when it is long enough to hold too
                // many: a value takes a byte at least. (Scanned before it is read, every
                // large batch would be scanned twice, envelope by envelope.)
                let most = self.limits.envelope_values;
                if self.at - start > most
                    && crate::json_scan::value_end_within(self.text.as_bytes(), start, most)
                        == Err(crate::json_scan::Unscanned::TooManyValues)
                {
                    budget.exceeded();
                    return None;
                }
                Some(Envelope::Message { version, message })
            }
            _ => None,
        }
    }

    /// The members of a body of a fast shape, each of `keys` at most once and no other,
    /// each read by `read` (which is told which).
    fn members(
        &mut self,
        keys: &[&'static str],
        mut read: impl FnMut(&mut Self, usize) -> Option<()>,
    ) -> Option<()> {
        self.expect(b'{')?;
        let mut seen = 0u32;
        loop {
            self.ws();
            // Its place among `keys`, as found: not compared with them again.
            let i = self.member_at(keys)?;
            if seen & 1 << i != 0 {
                return None;
            }
            seen |= 1 << i;
            read(self, i)?;
            if !self.more(b'}')? {
                return Some(());
            }
        }
    }

    /// An `updateComponents` body of the fast shape: `surfaceId` and a list of at least one
    /// component ([`Reader::components`]). What the hand reader spares here is the
    /// envelope's and the body's maps, their keys, and a walk of them.
    fn components_body(&mut self) -> Option<Message<'a>> {
        let (mut surface_id, mut components) = (None, None);
        self.members(&["surfaceId", "components"], |r, i| {
            match i {
                0 => surface_id = Some(r.string()?),
                _ => components = Some(r.components()?),
            }
            Some(())
        })?;
        Some(Message::Components {
            surface_id: surface_id?,
            components: components?,
        })
    }

    /// A `createSurface` body of the fast shape: `surfaceId`, `catalogId`, and
    /// `sendDataModel` if there, as a boolean, and a theme if there ([`Reader::theme`]).
    fn create_body(&mut self) -> Option<Message<'a>> {
        let (mut surface_id, mut catalog_id, mut send, mut theme) = (None, None, None, None);
        self.members(
            &["surfaceId", "catalogId", "sendDataModel", "theme"],
            |r, i| {
                match i {
                    0 => surface_id = Some(r.string()?),
                    1 => catalog_id = Some(r.string()?),
                    2 => {
                        send = Some(match r.peek()? {
                            b't' => r.literal(b"true").map(|()| true)?,
                            _ => r.literal(b"false").map(|()| false)?,
                        })
                    }
                    _ => theme = Some(r.theme()?),
                }
                Some(())
            },
        )?;
        Some(Message::Create(NewSurface {
            surface_id: surface_id?,
            catalog_id: catalog_id?,
            send_data_model: send,
            theme,
            theme_admitted: true,
        }))
    }

    /// A theme of the catalog's own members only, each a string that keeps to the
    /// validator's rule for it (`Validator::theme`) and in which admission's walk of the
    /// theme finds nothing. Any other theme (a member of an agent's own, a value of
    /// another type, a bidi control in a name) is the general path's, which says what it
    /// finds at its place.
    fn theme(&mut self) -> Option<Value> {
        const MEMBERS: [&str; 3] = ["primaryColor", "iconUrl", "agentDisplayName"];
        #[cfg(test)]
        if tests::UNTYPED.with(|u| u.get()) {
            return None;
        }
        #[cfg(test)]
        let start = self.at;
        let mut theme = serde_json::Map::new();
        let mut adm = Admission::verdict(self.limits, self.urls);
        self.members(&MEMBERS, |r, i| {
            let s = r.string()?;
            let kept = match i {
                0 => super::formats::is_hex_colour(&s),
                1 => super::formats::is_uri(&s),
                _ => true,
            };
            if !kept {
                return None;
            }
            adm.text(&s, &Path::ROOT);
            theme.insert(MEMBERS[i].to_owned(), Value::String(s.into_owned()));
            Some(())
        })?;
        let theme =
            (adm.errors.is_empty() && adm.warnings.is_empty()).then_some(Value::Object(theme))?;
        #[cfg(test)]
        tests::theme_as_checked(&self.text[start..self.at], &theme, (self.limits, self.urls));
        Some(theme)
    }

    /// A `deleteSurface` body of the fast shape: `surfaceId` alone.
    fn delete_body(&mut self) -> Option<Message<'a>> {
        let mut surface_id = None;
        self.members(&["surfaceId"], |r, _| {
            surface_id = Some(r.string()?);
            Some(())
        })?;
        Some(Message::Delete {
            surface_id: surface_id?,
        })
    }

    /// A list of at least one component (an empty one is the validator's to refuse), each
    /// read into the catalog's form here when [`Reader::typed_component`] can, or else by
    /// serde_json from where it starts (so a component costs at most one more read here).
    fn components(&mut self) -> Option<Vec<Listed>> {
        self.expect(b'[')?;
        // Room for most updates at once: grown from empty, the list of a surface of a dozen
        // components took three allocations.
        let mut list = Vec::with_capacity(16);
        loop {
            self.ws();
            let start = self.at;
            // The tests' general path: every component left to serde_json, with no typed
            // reading first (whose state, were it left behind, would then show as a
            // difference between the two).
            #[cfg(test)]
            let typed = match tests::UNTYPED.with(|u| u.get()) {
                true => None,
                false => self.typed_component(),
            };
            #[cfg(not(test))]
            let typed = self.typed_component();
            let item = match typed {
                Some((id, component)) => {
                    #[cfg(test)]
                    let source = tests::typed_as_checked(
                        &self.text[start..self.at],
                        &id,
                        &component,
                        (self.limits, self.urls),
                    );
                    Listed::Typed {
                        id,
                        component: Box::new(component),
                        #[cfg(test)]
                        source,
                    }
                }
                None => {
                    self.at = start;
                    // `at` follows ASCII (whitespace, `[` or `,`), so it is a char boundary.
                    let mut one = serde_json::Deserializer::from_str(&self.text[self.at..])
                        .into_iter::<fast::ListedComponent>();
                    let fast::ListedComponent(c) = one.next()?.ok()?;
                    self.at += one.byte_offset();
                    Listed::Value(c)
                }
            };
            list.push(item);
            if !self.more(b']')? {
                break;
            }
        }
        Some(list)
    }

    /// A component of one of the [`TYPED`] types, its members in any order, each property
    /// read as the catalog's rules give its kind ([`component_props`], which the validator
    /// walks by): a string, a `{"path": …}` binding, a call, a list of ids or a template,
    /// an event action, a number or a boolean by hand, any other as JSON
    /// ([`Reader::typed_property`]); read into the catalog's form through the one decoder.
    /// The validator's checks of such a component are made as it is read, and admission's with its own code; `None` for
    /// anything else, or anything either would speak of, leaves it to serde_json and the
    /// general checks, which say why. (Read into a `serde_json` map, walked by the
    /// validator and by admission, then decoded, a small component cost about twice what
    /// `JSON.parse` takes for its text.)
    // Kept out of the envelope reader: inlined there, it pushed the reader's own
    // helpers out of line (a fifth more time on a stream of small data updates).
    #[inline(never)]
    fn typed_component(&mut self) -> Option<(Id, Component)> {
        let mut fields = std::mem::take(&mut self.fields);
        // What a call of an uncommon shape counted ([`fast::property_value`]) is counted
        // again by the general path, if the component is left to it.
        let read = fast::counted_if_read(|| self.typed_component_with(&mut fields));
        fields.clear();
        self.fields = fields;
        read
    }

    /// [`Reader::typed_component`], with `fields` (empty) to read the properties into.
    #[inline(always)]
    fn typed_component_with(&mut self, fields: &mut Fields) -> Option<(Id, Component)> {
        self.expect(b'{')?;
        // What admission finds is not kept: anything found leaves the component to the
        // general path, which finds it again and says it at its place.
        let mut adm = Admission::verdict(self.limits, self.urls);
        // The type's own properties, and whether it may have `checks` (one of the common
        // properties, as the validator takes them: `Validator::component`).
        let (mut id, mut name, mut props) = (None, None, None::<(&'static [Prop], bool)>);
        // Whether the `component` member was read in its place (its type may have been
        // looked up ahead of it).
        let mut named = false;
        // The [`EARLY`] properties read before `component`, a bit each.
        let mut early = 0u8;
        let mut seen = 0u32;
        loop {
            self.ws();
            let key = self.member_name()?;
            self.ws();
            self.expect(b':')?;
            self.ws();
            match key {
                Member::Id if id.is_none() => id = Some(self.string()?),
                Member::Component if !named => {
                    let n = self.quoted_among(&TYPED_BY_LENGTH)?;
                    // Defensive: the look ahead stops at this member, the first of its name.
                    if name.is_some_and(|ahead| ahead != n) {
                        return None;
                    }
                    named = true;
                    name = Some(n);
                    props = Some(component_props(n)?);
                }
                // A property before `component`, as writers that sort their keys put
                // `children` and `action`: read now when it has one kind in every type that
                // has it (its type's claim to it is checked below), else the type is looked
                // up ahead.
                ref key if props.is_none() && early_at(key.name()).is_some() => {
                    let e = early_at(key.name())?;
                    if early & 1 << e != 0 {
                        return None;
                    }
                    early |= 1 << e;
                    let (early_name, kind) = EARLY[e];
                    let value = self.typed_property(kind, &mut adm)?;
                    fields.push((Cow::Borrowed(early_name), value));
                }
                ref key => {
                    let k = key.name();
                    if props.is_none() {
                        let n = self.component_ahead()?;
                        name = Some(n);
                        props = Some(component_props(n)?);
                    }
                    // Looked up as the validator looks it up: the common properties (`id`
                    // was read above), then the type's own.
                    let (props, checkable) = props?;
                    let (i, prop) = prop_named(props, k)?;
                    // `checks` is a property of a checkable type only.
                    if seen & 1 << i != 0 || matches!(prop.kind, Kind::Checks) && !checkable {
                        return None;
                    }
                    seen |= 1 << i;
                    let value = self.typed_property(prop.kind, &mut adm)?;
                    // A binding's address is checked when it is resolved.
                    if let (Some(n), Field::Json(v)) = (name, &value) {
                        adm.property_url(n, k, v, &Path::ROOT);
                    }
                    fields.push((Cow::Borrowed(prop.name), value));
                }
            }
            if !self.more(b'}')? {
                break;
            }
        }
        let (id, name, (props, _)) = (id?, name?, props?);
        if !named {
            return None;
        }
        // Each property read before its type was known is one of the type's, given once.
        for (e, (early_name, _)) in EARLY.iter().enumerate() {
            if early & 1 << e == 0 {
                continue;
            }
            let i = COMMON_PROPS[1..]
                .iter()
                .chain(props)
                .position(|p| p.name == *early_name)?;
            if seen & 1 << i != 0 {
                return None;
            }
            seen |= 1 << i;
        }
        // Two plain loops, as [`prop_named`] looks: as one chained iterator, a call of its
        // own for each component.
        let common = &COMMON_PROPS[1..];
        let missing = |at: usize, p: &Prop| p.required && seen & 1 << at == 0;
        if common.iter().enumerate().any(|(i, p)| missing(i, p))
            || props
                .iter()
                .enumerate()
                .any(|(i, p)| missing(common.len() + i, p))
        {
            return None;
        }
        adm.id(&id, &Path::ROOT);
        if !adm.errors.is_empty() || !adm.warnings.is_empty() {
            return None;
        }
        let component = decode_fields(name, fields).ok()?;
        Some((Id::from(id), component))
    }

    /// The type a component names in its `component` member, found past the value that
    /// comes next and the members after it, and left there: read again in its place.
    /// `None` when there is none of the [`TYPED`] types, or a value is not one the
    /// reader skips ([`Reader::skip_value`]).
    fn component_ahead(&mut self) -> Option<&'static str> {
        let back = self.at;
        let found = (|| loop {
            self.skip_value()?;
            if !self.more(b'}')? {
                return None;
            }
            self.ws();
            // Told as the member is told where it is read ([`Reader::member_name`]).
            let key = self.member_name()?;
            self.ws();
            self.expect(b':')?;
            self.ws();
            if let Member::Component = key {
                return self.quoted_among(&TYPED_BY_LENGTH);
            }
        })();
        self.at = back;
        found
    }

    /// Past one JSON value, in a loop rather than by recursion: its strings and numbers are
    /// read as the reader reads them, and its structure is read no more than to find its
    /// end. What it skips is read again where the component is read, which checks it, so
    /// text that is no JSON only ends the look ahead (past [`SKIP_DEPTH`] too).
    fn skip_value(&mut self) -> Option<()> {
        let mut depth = 0usize;
        loop {
            self.ws();
            match self.peek()? {
                b'"' => {
                    self.string_body()?;
                }
                b'{' | b'[' => {
                    self.at += 1;
                    depth += 1;
                    if depth > SKIP_DEPTH {
                        return None;
                    }
                    continue;
                }
                b'}' | b']' => {
                    depth = depth.checked_sub(1)?;
                    self.at += 1;
                }
                b',' | b':' if depth > 0 => {
                    self.at += 1;
                    continue;
                }
                b't' => self.literal(b"true")?,
                b'f' => self.literal(b"false")?,
                b'n' => self.literal(b"null")?,
                _ => {
                    self.number()?;
                }
            }
            if depth == 0 {
                return Some(());
            }
        }
    }

    /// A property of `kind` as [`Reader::typed_component`] reads it, checked as the
    /// validator checks that kind and as admission walks what it holds.
    fn typed_property(&mut self, kind: Kind, adm: &mut Admission) -> Option<Field> {
        let here = &Path::ROOT;
        Some(match kind {
            Kind::DynString => match self.peek()? {
                b'{' => Field::Dynamic(self.dynamic_object(kind, adm)?),
                _ => Field::Json(self.text_value(adm)?),
            },
            Kind::IconName => match self.peek()? {
                // A binding, or else an `svgPath` object, read as JSON (as the general path
                // reads it) so that the rest of the Icon is still read by hand.
                b'{' => {
                    self.by_hand_or_json(kind, adm, |r, adm| r.binding(adm).map(Field::Dynamic))?
                }
                _ => {
                    let name = self.quoted_among(&ICONS_BY_LENGTH)?;
                    // One of the catalog's names, all ASCII: no search for a bidi control.
                    adm.ascii_text(name, here);
                    Field::Json(Value::String(name.into()))
                }
            },
            Kind::Num => Field::Json(self.number_value()?),
            Kind::Bool => Field::Json(self.boolean()?),
            Kind::DynBool => match self.peek()? {
                b'{' => Field::Dynamic(self.dynamic_object(kind, adm)?),
                _ => Field::Json(self.boolean()?),
            },
            Kind::DynNumber => match self.peek()? {
                b'{' => Field::Dynamic(self.dynamic_object(kind, adm)?),
                _ => Field::Json(self.number_value()?),
            },
            Kind::Action => Field::Action(self.event_action(adm)?),
            // Any other shape (a member of another name: the object is open) is read as JSON.
            Kind::Accessibility => self.by_hand_or_json(kind, adm, Self::accessibility)?,
            // Any other shape (a list that is not one, an item of another shape) is read as
            // JSON.
            Kind::Checks | Kind::Tabs | Kind::Options => {
                self.by_hand_or_json(kind, adm, |r, adm| r.listed(kind, adm))?
            }
            Kind::Enum(words) => {
                let i = self.quoted_word(words)?;
                adm.ascii_text(words[i], here);
                Field::Word(words[i], i)
            }
            Kind::ComponentId => Field::Id(self.child_id(adm)?),
            Kind::ChildList => match self.peek()? {
                b'[' => {
                    self.at += 1;
                    self.ws();
                    let mut ids = std::mem::take(&mut self.ids);
                    ids.clear();
                    let read = (|| {
                        if !self.eat(b']') {
                            loop {
                                self.child_id_onto(&mut ids, adm)?;
                                if !self.more(b']')? {
                                    break;
                                }
                                self.ws();
                            }
                        }
                        Some(())
                    })();
                    // Kept for the surface's life: made at its length (`ids` keeps its room).
                    let list = ids.build();
                    self.ids = ids;
                    read?;
                    Field::Children(Children::Ids(list))
                }
                _ => {
                    let (mut component_id, mut path) = (None, None);
                    self.members(&["componentId", "path"], |r, i| {
                        let s = Some(r.string()?);
                        match i {
                            0 => component_id = s,
                            _ => path = s,
                        }
                        Some(())
                    })?;
                    let (component_id, path) = (component_id?, path?);
                    adm.id(&component_id, here);
                    adm.data_path(&path, here);
                    adm.text(&component_id, here);
                    Field::Children(Children::Template {
                        component_id: Id::from(component_id),
                        path: path.into_owned(),
                    })
                }
            },
            _ => self.json_property(kind, adm)?,
        })
    }

    /// A component's `accessibility`: an object of a `label` and a `description` at most,
    /// each once, each a dynamic string as [`Reader::typed_property`] reads one (and checks
    /// it: a literal, a binding or a call that gives a string), as the validator's rule for
    /// it has them (`Validator::kind`, `Kind::Accessibility`). `None` for any other object
    /// (one with a member of another name, which the rule lets through), which is then read
    /// as JSON. Read as JSON, an accessible Button cost its fold half as much again.
    fn accessibility(&mut self, adm: &mut Admission) -> Option<Field> {
        let (mut label, mut description) = (None, None);
        self.members(&["label", "description"], |r, i| {
            // As `typed_property` reads a dynamic string.
            let value = match r.peek()? {
                b'{' => r.dynamic_object(Kind::DynString, adm)?,
                _ => Dynamic::from_value(r.text_value(adm)?),
            };
            match i {
                0 => label = Some(value),
                _ => description = Some(value),
            }
            Some(())
        })?;
        Some(Field::Accessibility(label, description))
    }

    /// A property `read` reads by hand, or else one read as JSON from where it starts
    /// ([`Reader::json_property`]): the property kept by hand, or another shape of it (as
    /// the general path reads it), so that the rest of the component is still read by hand.
    /// What `read` counted before it gave up is counted again as JSON, once.
    fn by_hand_or_json(
        &mut self,
        kind: Kind,
        adm: &mut Admission,
        read: impl FnOnce(&mut Self, &mut Admission) -> Option<Field>,
    ) -> Option<Field> {
        let start = self.at;
        if let Some(field) = fast::counted_if_read(|| read(self, adm)) {
            return Some(field);
        }
        self.at = start;
        self.json_property(kind, adm)
    }

    /// A property (an `accessibility` of another shape, and checks, tabs and options
    /// [`Reader::listed`] does not read) read as JSON, held to the validator's rule for the
    /// kind and walked by admission, as the general path reads, checks and walks such a
    /// property, then decoded as it decodes one. Left to the general path, such a component
    /// was read into a map and walked whole (the official examples have ten: serde_json's
    /// reading of them was a tenth of the fold, natively).
    fn json_property(&mut self, kind: Kind, adm: &mut Admission) -> Option<Field> {
        let here = &Path::ROOT;
        let start = self.at;
        // `start` follows `:` and whitespace, ASCII, so it is a char boundary.
        let (v, took) = fast::property_value(&self.text[start..])?;
        self.at = start + took;
        let mut validator = Validator::verdict();
        validator.kind(&v, here, kind);
        if !validator.errors.is_empty() {
            return None;
        }
        if let (Kind::Options, Some(list)) = (kind, v.as_array()) {
            adm.options(list.len(), here);
        }
        adm.walk(&v, here);
        Some(Field::Json(v))
    }

    /// A component's `checks`, a Tabs' `tabs` or a ChoicePicker's `options` as the
    /// validator's rule for the kind has them: a list of objects of two members, each once
    /// and both there (a check's `condition` where a boolean belongs and its `message`; a
    /// tab's `title` where a string belongs and its `child`; an option's `label` where a
    /// string belongs and its `value`), each read as a property of its kind is, and a
    /// ChoicePicker's count of options held to admission's rule. `None` for any other shape.
    /// Read as JSON, each such object cost about 3 µs, a third of a fold of forms. It reads
    /// no JSON itself (a condition, title or label of another shape is the JSON reading's,
    /// which holds what it nests to the depth of a property's list, two containers further
    /// in than [`Reader::dynamic_object`] reads), so it counts nothing against the
    /// envelope's values (a call read by hand is counted by the scan), and giving up costs
    /// no count.
    fn listed(&mut self, kind: Kind, adm: &mut Admission) -> Option<Field> {
        let (names, first) = match kind {
            Kind::Checks => (["condition", "message"], Kind::DynBool),
            Kind::Tabs => (["title", "child"], Kind::DynString),
            _ => (["label", "value"], Kind::DynString),
        };
        self.expect(b'[')?;
        self.ws();
        let mut list = Vec::new();
        if !self.eat(b']') {
            loop {
                let (mut a, mut b) = (None, None);
                self.members(&names, |r, i| {
                    match i {
                        0 => {
                            a = Some(match (r.peek()?, first) {
                                (b'{', _) => r.binding_or_call(first, adm)?,
                                (_, Kind::DynBool) => Dynamic::from_value(r.boolean()?),
                                _ => Dynamic::from_value(r.text_value(adm)?),
                            })
                        }
                        // A tab's `child` too: the validator takes any string there.
                        _ => b = Some(r.text(adm)?.into_owned()),
                    }
                    Some(())
                })?;
                list.push((a?, b?));
                if !self.more(b']')? {
                    break;
                }
                self.ws();
            }
        }
        // The validator's one rule of a list of tabs itself.
        if matches!(kind, Kind::Tabs) && list.is_empty() {
            return None;
        }
        if matches!(kind, Kind::Options) {
            adm.options(list.len(), &Path::ROOT);
        }
        list.shrink_to_fit();
        Some(Field::Pairs(names, list))
    }

    /// A `{"path": …}` binding: the validator's shape (a string `path` and nothing else)
    /// and admission's check of the path.
    fn binding(&mut self, adm: &mut Admission) -> Option<Dynamic> {
        let mut path = None;
        self.members(&["path"], |r, _| {
            path = Some(r.string()?);
            Some(())
        })?;
        let path = path?;
        adm.data_path(&path, &Path::ROOT);
        Some(Dynamic::Binding(ShortText::from(path)))
    }

    /// [`Reader::dynamic_object`] when it is a binding or a call of the common shape, each
    /// read by hand; `None`, from anywhere, for any other.
    fn binding_or_call(&mut self, kind: Kind, adm: &mut Admission) -> Option<Dynamic> {
        let start = self.at;
        if let Some(binding) = self.binding(adm) {
            return Some(binding);
        }
        self.at = start;
        self.call(kind.call_returns(), adm)
    }

    /// An object where a dynamic value of `kind` belongs: a binding, as [`Reader::binding`]
    /// reads it, or else a function call (`Text`s of formatted prices and dates, a tenth of
    /// the official examples' components), read as the general path reads it
    /// ([`fast::property_value`]), checked by the validator and walked by admission as that
    /// path checks and walks it, and kept as the decoder keeps it. Left to the general path,
    /// such a component was read, checked and decoded through a map: a fifth of a fold of
    /// the official examples for a tenth of their components.
    fn dynamic_object(&mut self, kind: Kind, adm: &mut Admission) -> Option<Dynamic> {
        let start = self.at;
        if let Some(read) = self.binding_or_call(kind, adm) {
            return Some(read);
        }
        self.at = start;
        let Field::Json(v) = self.json_property(kind, adm)? else {
            return None;
        };
        // Defensive: the validator lets no other object through here.
        matches!(&v, Value::Object(o) if o.contains_key("call")).then(|| Dynamic::from_value(v))
    }

    /// A function call of the common shape where a dynamic value that is `returns` belongs
    /// (`PropKind::call_returns`): `call`, `args` and `returnType` (optional) once each, in
    /// any order, each argument a string, a number, a boolean or a binding, or else (a call,
    /// a list: `and`'s and `or`'s values) read as JSON where it stands
    /// ([`fast::call_argument`]) and walked by admission. Checked by the
    /// validator's rules for a call (`Validator::call_signature` and `call_args`: a
    /// function of the catalog, its return type as declared and as wanted here, its
    /// arguments by their kinds, none unknown, none missing) and as
    /// admission walks one, and kept as the decoder keeps it: the tape of the call's value,
    /// its members in a map's order. Read into a map first, a call cost as much as eight
    /// components of other kinds. `None` for any other shape (`openUrl`, whose address
    /// admission checks), which the general reading of the value takes.
    fn call(&mut self, returns: Option<&'static str>, adm: &mut Admission) -> Option<Dynamic> {
        // What its arguments read as JSON counted is counted again by whatever reads the
        // call when this leaves it (the general path, or a caller reading it as JSON).
        fast::counted_if_read(|| self.call_by_hand(returns, adm))
    }

    /// [`Reader::call`], counting what it reads as JSON.
    fn call_by_hand(
        &mut self,
        returns: Option<&'static str>,
        adm: &mut Admission,
    ) -> Option<Dynamic> {
        enum Arg {
            Path(ShortText),
            /// A string, a number or a boolean, or a call or a list read as JSON, as the
            /// validator checks it and the tape keeps it.
            Scalar(Value),
        }
        let (mut name, mut returned, mut given) = (None, None, false);
        let mut args: Vec<(Cow<'a, str>, Arg)> = Vec::new();
        self.members(&["call", "args", "returnType"], |r, i| {
            match i {
                // The function's name and its return type are text to admission, as any
                // string below a property is.
                0 => name = Some(r.text(adm)?),
                1 => {
                    given = true;
                    r.expect(b'{')?;
                    r.ws();
                    if r.eat(b'}') {
                        return Some(());
                    }
                    loop {
                        r.ws();
                        let key = r.string()?;
                        r.ws();
                        r.expect(b':')?;
                        r.ws();
                        let arg = match r.peek()? {
                            b'"' => Arg::Scalar(r.text_value(adm)?),
                            b'{' | b'[' => {
                                let start = r.at;
                                match r.binding(adm) {
                                    Some(Dynamic::Binding(path)) => Arg::Path(path),
                                    Some(_) => return None,
                                    // A call or a list (`and`'s values, the calls of a
                                    // check's condition): read as JSON where it stands,
                                    // walked by admission and checked by the validator
                                    // below, as the general path reads, walks and checks
                                    // it. (Left to the general path, the whole component
                                    // was read into maps: a form's checks of an `and` of
                                    // calls took twice `JSON.parse`'s time.)
                                    None => {
                                        r.at = start;
                                        let (v, took) = fast::call_argument(&r.text[start..])?;
                                        r.at = start + took;
                                        adm.walk(&v, &Path::ROOT);
                                        Arg::Scalar(v)
                                    }
                                }
                            }
                            b't' | b'f' => Arg::Scalar(r.boolean()?),
                            b'-' | b'0'..=b'9' => Arg::Scalar(r.number_value()?),
                            _ => return None,
                        };
                        // In a map's order, as the decoder keeps them (placed as read: a sort
                        // brought a sort of its own into the `.wasm`, 6 KB). A key given
                        // twice, or more than any function takes, is the general path's to
                        // refuse.
                        let at = match args.binary_search_by(|(k, _)| k.as_ref().cmp(&key)) {
                            Err(at) if args.len() < MAX_ARGS => at,
                            _ => return None,
                        };
                        args.insert(at, (key, arg));
                        if !r.more(b'}')? {
                            return Some(());
                        }
                    }
                }
                _ => returned = Some(r.text(adm)?),
            }
            Some(())
        })?;
        // `args` is required of every call, whatever its function takes. `openUrl`'s address
        // is admission's to check, on the general path.
        let name = name.filter(|n| given && n != "openUrl")?;
        // The validator's own checks of a call's signature and arguments.
        let mut validator = Validator::verdict();
        let signature =
            validator.call_signature(&name, returned.as_deref(), returns, &Path::ROOT)?;
        let arg = |k: &str| {
            args.binary_search_by(|(key, _)| key.as_ref().cmp(k))
                .ok()
                .map(|i| &args[i].1)
        };
        validator.call_args(
            &name,
            signature,
            args.iter().map(|(k, _)| k.as_ref()),
            |k| arg(k).is_some(),
            &Path::ROOT,
            |v, prop| match arg(prop.name) {
                Some(Arg::Scalar(x)) => v.kind(x, &Path::ROOT, prop.kind),
                Some(Arg::Path(_)) => v.binding_for(prop.kind, &Path::ROOT),
                None => {}
            },
        );
        if !validator.errors.is_empty() {
            return None;
        }
        // Written into the reader's scratch and copied out at its length: grown from empty,
        // each call's tape was four or five reallocations (about 2% of a fold of the
        // official examples, natively).
        let mut tape = std::mem::take(&mut self.scratch);
        tape.clear();
        let mut w = Writer(&mut tape);
        w.open(true);
        w.str("args");
        w.open(true);
        for (key, arg) in &args {
            w.str(key);
            match arg {
                Arg::Path(path) => {
                    w.open(true);
                    w.str("path");
                    w.str(path);
                    w.close();
                }
                Arg::Scalar(v) => w.value(v),
            }
        }
        w.close();
        w.str("call");
        w.str(&name);
        if let Some(returned) = &returned {
            w.str("returnType");
            w.str(returned);
        }
        w.close();
        let call = Box::<[u8]>::from(tape.as_slice());
        self.scratch = tape;
        Some(Dynamic::Call(call))
    }

    /// `true` or `false`.
    fn boolean(&mut self) -> Option<Value> {
        Some(Value::Bool(match self.peek()? {
            b't' => self.literal(b"true").map(|()| true)?,
            _ => self.literal(b"false").map(|()| false)?,
        }))
    }

    /// A number as serde_json reads it.
    fn number_value(&mut self) -> Option<Value> {
        Some(match self.number()? {
            Number::U64(n) => Value::from(n),
            Number::I64(n) => Value::from(n),
            Number::F64(f) | Number::Decimal(f, _) => Value::from(f),
        })
    }

    /// A Button's `{"event": {"name": …, "context": {…}}}` action, `context` optional, each
    /// of its values a string, a number, a boolean or a binding: the validator's shape
    /// (`Validator::action`, a dynamic value per context entry) and what admission walks
    /// (each key, each string, each path). A `functionCall` action is the general path's.
    fn event_action(&mut self, adm: &mut Admission) -> Option<Action> {
        let here = &Path::ROOT;
        let mut event = None;
        self.members(&["event"], |r, _| {
            let (mut name, mut context) = (None, Vec::new());
            r.members(&["name", "context"], |r, i| {
                if i == 0 {
                    name = Some(ShortText::from(r.text(adm)?));
                    return Some(());
                }
                r.expect(b'{')?;
                r.ws();
                if !r.eat(b'}') {
                    loop {
                        r.ws();
                        let key = r.string()?;
                        // Admission reads these keys in any object it walks as a template,
                        // a binding or a call would be read: such a context is the general
                        // path's.
                        if matches!(&*key, "componentId" | "path" | "call") {
                            return None;
                        }
                        r.ws();
                        r.expect(b':')?;
                        r.ws();
                        adm.key(&key, here);
                        let value = match r.peek()? {
                            b'"' => Dynamic::Literal(r.text_value(adm)?),
                            b'{' => r.binding(adm)?,
                            b't' | b'f' => Dynamic::Literal(r.boolean()?),
                            _ => Dynamic::Literal(r.number_value()?),
                        };
                        // In the order of its keys, as the decoder takes a context from a
                        // map; a key given twice, or more than a few keys (each placed by
                        // moving those after it), is the general path's to read.
                        let at = match context
                            .binary_search_by(|(k, _): &(ShortText, _)| k.as_str().cmp(&key))
                        {
                            Err(at) if context.len() < MAX_CONTEXT => at,
                            _ => return None,
                        };
                        context.insert(at, (ShortText::from(key), value));
                        if !r.more(b'}')? {
                            break;
                        }
                    }
                }
                Some(())
            })?;
            context.shrink_to_fit();
            event = Some(Action::Event {
                name: name?,
                context,
            });
            Some(())
        })?;
        event
    }

    /// A child's id (in a list, or a Card's one), checked as [`Reader::text`] checks it: an
    /// id of plain ASCII (most are) made straight from the text, with no `Cow` between (a
    /// chat log resending its list reads hundreds an update). Its own look at the text,
    /// not [`Reader::string_body`]'s: through that call (made generic over `Cow` and `Id`),
    /// the chat log folded a tenth slower in `bench/ab.mjs`.
    #[inline(always)]
    fn child_id(&mut self, adm: &mut Admission) -> Option<Id> {
        Some(match self.plain_id(adm) {
            Some(s) => Id::from(s),
            None => Id::from(self.text(adm)?),
        })
    }

    /// A child id of a list, checked as [`Reader::child_id`] checks one, put at the end of
    /// `ids`.
    // Inlined by hand into the list's loop, where a call for each id made a list of 100
    // ids read in a new order a tenth slower to fold.
    #[inline(always)]
    fn child_id_onto(&mut self, ids: &mut IdListBuilder, adm: &mut Admission) -> Option<()> {
        match self.plain_id(adm) {
            Some(s) => ids.push(s),
            None => ids.push(&self.text(adm)?),
        }
        Some(())
    }

    /// A string of ASCII with no escape next in the text, most ids, checked as
    /// [`Reader::text`] checks it; `None`, with nothing read, for any other.
    #[inline(always)]
    fn plain_id(&mut self, adm: &mut Admission) -> Option<&'a str> {
        let bytes = self.text.as_bytes();
        if bytes.get(self.at) != Some(&b'"') {
            return None;
        }
        let start = self.at + 1;
        let (run, ascii) = crate::swar::plain_run(&bytes[start..]);
        if !ascii || bytes.get(start + run) != Some(&b'"') {
            return None;
        }
        let s = &self.text[start..start + run];
        self.at = start + run + 1;
        adm.ascii_text(s, &Path::ROOT);
        Some(s)
    }

    /// A string, checked as admission checks a string below a property.
    fn text(&mut self, adm: &mut Admission) -> Option<Cow<'a, str>> {
        let s = match self.string_body()? {
            // ASCII with no escape, most ids and words: no bidi control in it, and as many
            // characters as bytes.
            Body::Plain(s, true) => {
                adm.ascii_text(s, &Path::ROOT);
                return Some(Cow::Borrowed(s));
            }
            Body::Plain(s, false) => Cow::Borrowed(s),
            Body::Unescaped { .. } => Cow::Owned(self.unescaped()),
        };
        adm.text(&s, &Path::ROOT);
        Some(s)
    }

    /// A string, checked as admission checks a string below a property.
    fn text_value(&mut self, adm: &mut Admission) -> Option<Value> {
        // Copied as `swar::owned` copies (through `into`, a `memory.copy`, which V8 makes a
        // call out of the module: a hundredth of a fold of Images).
        Some(Value::String(match self.text(adm)? {
            Cow::Borrowed(s) => crate::swar::owned(s),
            Cow::Owned(s) => s,
        }))
    }

    /// An `updateDataModel` body of the fast shape: `surfaceId`, then `path` and `value` if
    /// there, once each in any order.
    fn body(&mut self) -> Option<DataUpdate<'a>> {
        let (mut surface_id, mut path, mut value) = (None, None, None);
        self.members(&["surfaceId", "path", "value"], |r, i| {
            match i {
                0 => surface_id = Some(r.string()?),
                1 => path = Some(r.string()?),
                _ => value = Some(r.data()?),
            }
            Some(())
        })?;
        Some(DataUpdate {
            surface_id: surface_id?,
            path,
            value,
        })
    }

    /// A member's key, when it is one of `keys` written with no escape, and its colon: the
    /// keys of the fast shape. Compared where they stand, not read first: an envelope of no
    /// fast shape costs a comparison or two here before serde_json reads it.
    #[inline(always)]
    fn member(&mut self, keys: &[&'static str]) -> Option<&'static str> {
        self.member_at(keys).map(|i| keys[i])
    }

    /// [`Reader::member`], as the key's place among `keys`.
    #[inline(always)]
    fn member_at(&mut self, keys: &[&'static str]) -> Option<usize> {
        let i = self.quoted_by(keys, |a, b| a == b)?;
        self.ws();
        self.expect(b':')?;
        self.ws();
        Some(i)
    }

    /// Past a string that is one of `words` written with no escape.
    // Inlined where the words are known, so that each comparison is one of known length
    // (as a call it was a sixth of a fold of small data updates, `memcmp` included; by
    // `same_bytes`, the storm of tiny updates folded a tenth slower, 1.38 to 1.50 ms).
    #[inline(always)]
    fn quoted(&mut self, words: &[&'static str]) -> Option<&'static str> {
        self.quoted_by(words, |a, b| a == b).map(|i| words[i])
    }

    /// [`Reader::quoted`] for words not known when compiled (an Image's `fit`, a Row's
    /// `justify`), compared a word at a time ([`same_bytes`]): by `==`, each word of the
    /// string's length was a call to `memcmp`. Gives the word's place among `words`.
    fn quoted_word(&mut self, words: &[&'static str]) -> Option<usize> {
        self.quoted_by(words, same_bytes)
    }

    /// Past a string that is one of `words` written with no escape, each compared by `same`:
    /// its place among them.
    #[inline(always)]
    fn quoted_by(
        &mut self,
        words: &[&'static str],
        same: impl Fn(&[u8], &[u8]) -> bool,
    ) -> Option<usize> {
        let rest = &self.text.as_bytes()[self.at..];
        let i = words.iter().position(|w| {
            let n = w.len();
            rest.len() > n + 1
                && rest[0] == b'"'
                && same(&rest[1..=n], w.as_bytes())
                && rest[n + 1] == b'"'
        })?;
        self.at += words[i].len() + 2;
        Some(i)
    }

    /// [`Reader::quoted`] for a long list of words (the component types, the icon names):
    /// the string's end is found first, and only the words of its length are compared (a
    /// search of the icon names, word by word with `memcmp`, was a fifth of a fold of
    /// Icons).
    fn quoted_among<const N: usize>(&mut self, words: &ByLength<N>) -> Option<&'static str> {
        let rest = &self.text.as_bytes()[self.at..];
        if rest.first() != Some(&b'"') {
            return None;
        }
        // A string longer than any word, or one with an escape, is none of them.
        let len = rest[1..]
            .iter()
            .take(LONGEST_WORD + 1)
            .position(|&c| c == b'"')?;
        let candidate = &rest[1..1 + len];
        let word = words
            .of_length(len)
            .iter()
            .find(|w| same_bytes(w.as_bytes(), candidate))?;
        self.at += len + 2;
        Some(word)
    }

    /// After a member or an item: whether another follows (`,`), or `close` ends them.
    fn more(&mut self, close: u8) -> Option<bool> {
        self.ws();
        match self.next()? {
            b',' => Some(true),
            c if c == close => Some(false),
            _ => None,
        }
    }

    /// A component's member name: `id` and `component`, which every component has, matched
    /// as the bytes `"id"` and `"component"` where they stand (such bytes are that string and
    /// no other: an escape needs a backslash), any other read by [`Reader::string`]. Read as
    /// strings and compared, the two were a third of the strings a fold of Images reads.
    #[inline(always)]
    fn member_name(&mut self) -> Option<Member<'a>> {
        let rest = &self.text.as_bytes()[self.at..];
        for (quoted, member) in [
            (&b"\"id\""[..], Member::Id),
            (b"\"component\"", Member::Component),
        ] {
            if rest
                .get(..quoted.len())
                .is_some_and(|b| same_bytes(b, quoted))
            {
                #[cfg(test)]
                tests::NAMES_WHERE_THEY_STAND.with(|n| n.set(n.get() + 1));
                self.at += quoted.len();
                return Some(member);
            }
        }
        let name = self.string()?;
        Some(match name.as_bytes() {
            // Written with an escape.
            b"id" => Member::Id,
            b"component" => Member::Component,
            _ => Member::Other(name),
        })
    }

    /// A string, borrowed from the text unless it had escapes.
    fn string(&mut self) -> Option<Cow<'a, str>> {
        Some(match self.string_body()? {
            Body::Plain(s, _) => Cow::Borrowed(s),
            Body::Unescaped { .. } => Cow::Owned(self.unescaped()),
        })
    }

    /// The string `string_body` left in `scratch`, as a `String` (`scratch` keeps its room).
    /// It is UTF-8: runs of the text cut at ASCII bytes, and characters `\u` escapes encode.
    fn unescaped(&self) -> String {
        debug_assert!(std::str::from_utf8(&self.scratch).is_ok());
        // SAFETY: `scratch` is UTF-8, as said above: the runs are cut from a `&str` at ASCII
        // bytes (a quote, a backslash), so at characters' ends, and each escape is written
        // as its character's UTF-8 (`unescape`). Checked again, the UTF-8 was a twentieth
        // of a fold of keys Python escapes.
        unsafe { String::from_utf8_unchecked(self.scratch.clone()) }
    }

    /// Past a string's opening quote and up to past its closing one: the string as it stands
    /// in the text when it has no escape, or else unescaped into `scratch`.
    fn string_body(&mut self) -> Option<Body<'a>> {
        self.expect(b'"')?;
        let bytes = self.text.as_bytes();
        let start = self.at;
        let (run, ascii) = crate::swar::plain_run(&bytes[start..]);
        self.at += run;
        match self.next()? {
            b'"' => return Some(Body::Plain(&self.text[start..self.at - 1], ascii)),
            b'\\' => {}
            // A raw control character: serde_json refuses it.
            _ => return None,
        }
        self.scratch.clear();
        crate::swar::extend(&mut self.scratch, &bytes[start..self.at - 1]);
        let (extra, _) = unescape(bytes, &mut self.at, &mut self.scratch)?;
        Some(Body::Unescaped { extra })
    }

    /// A number as serde_json reads it: most by hand (an integer of up to 18 digits, or 19
    /// when not negative; a float [`number_at`] reads), any other by serde_json's own
    /// reader from its text; `None` for text that is no JSON number, or one no float holds.
    /// A positive integer of up to seven digits, most numbers agents send, is read from one
    /// word in the caller (a member's value called out for it, and took its answer back
    /// through memory); any other number by [`Reader::number_past_short`].
    #[inline(always)]
    fn number(&mut self) -> Option<Number> {
        if let Some((len, n)) = short_integer(&self.text.as_bytes()[self.at..]) {
            self.at += len;
            return Some(Number::U64(n));
        }
        self.number_past_short()
    }

    /// [`Reader::number`] of a number that is no short positive integer: one of up to 19
    /// digits in one pass over them; any other, or text that is no number, the general way
    /// ([`Reader::number_by_serde`]).
    fn number_past_short(&mut self) -> Option<Number> {
        let bytes = self.text.as_bytes();
        let start = self.at;
        if let Some((len, n)) = number_at(&bytes[start..]) {
            self.at = start + len;
            return Some(n);
        }
        self.number_by_serde()
    }

    /// [`Reader::number_past_short`] of a number [`number_at`] does not read. Out of line:
    /// inlined, its calls made every number read by hand save six registers and take
    /// 184 bytes of stack first.
    #[cold]
    #[inline(never)]
    fn number_by_serde(&mut self) -> Option<Number> {
        let start = self.at;
        // Any other number (of more digits, with a longer exponent, past the range
        // `crate::number::decimal_f64` reads, or `-0`, a float to serde_json) is found to its
        // end and read by serde_json's own exact reader (`str::parse` would bring core's
        // second one into wasm, 10 KB gzipped: see `crate::number`); one past the range is
        // its error to give, on the whole envelope. Text that is no number is refused here.
        self.eat(b'-');
        match self.next()? {
            b'0' => {}
            b'1'..=b'9' => self.digits(),
            _ => return None,
        }
        if self.eat(b'.') {
            self.digits1()?;
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.at += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.at += 1;
            }
            self.digits1()?;
        }
        by_serde(&self.text[start..self.at])
    }

    fn digits(&mut self) {
        self.at += crate::number::digit_run(&self.text.as_bytes()[self.at..]);
    }

    fn digits1(&mut self) -> Option<()> {
        matches!(self.peek(), Some(b'0'..=b'9')).then(|| self.digits())
    }

    fn literal(&mut self, word: &[u8]) -> Option<()> {
        let end = self.at + word.len();
        (self.text.as_bytes().get(self.at..end) == Some(word)).then(|| self.at = end)
    }

    /// A data update's value, as the serde_json reader's `DataVisitor` makes it.
    fn data(&mut self) -> Option<Data> {
        Some(Data::Built(match self.peek()? {
            b'[' | b'{' => return fast::taped(|tape| self.container(tape).ok_or(()), || ()).ok(),
            b'"' => Value::String(self.string()?.into_owned()),
            b't' => self.literal(b"true").map(|()| Value::Bool(true))?,
            b'f' => self.literal(b"false").map(|()| Value::Bool(false))?,
            b'n' => self.literal(b"null").map(|()| Value::Null)?,
            _ => match self.number()? {
                Number::U64(n) => Value::from(n),
                Number::I64(n) => Value::from(n),
                Number::F64(f) | Number::Decimal(f, _) => Value::from(f),
            },
        }))
    }

    /// A container at [`VALUE_DEPTH`], written to `tape` and measured as the serde_json
    /// reader's `Measure` writes and measures it.
    fn container(&mut self, tape: &mut Vec<u8>) -> Option<Measurement> {
        let mut open: Vec<Open<'a>> = Vec::new();
        self.keys.clear();
        self.escaped.clear();
        self.shapes.truncate(self.top);
        loop {
            // At a value.
            let mut m = match self.peek()? {
                c @ (b'[' | b'{') => {
                    if VALUE_DEPTH + open.len() >= MAX_DEPTH {
                        return None;
                    }
                    self.at += 1;
                    let object = c == b'{';
                    Writer(tape).open(object);
                    let shape = match open.last() {
                        // An object in a container: its sibling's keys.
                        Some(p) if object => Shape { next: 0, ..p.kids },
                        // The value itself: the last value's keys.
                        None if object => Shape {
                            from: 0,
                            len: self.top,
                            next: 0,
                        },
                        _ => Shape::default(),
                    };
                    let mut o = Open {
                        all: Measurement::scalar(1),
                        n: 0,
                        keys: object.then(|| Keys::open(&self.keys)),
                        shape,
                        kids: Shape {
                            from: self.shapes.len(),
                            ..Shape::default()
                        },
                        missed: Missed::default(),
                    };
                    self.ws();
                    if self.eat(if object { b'}' } else { b']' }) {
                        Writer(tape).close();
                        o.all.closed(0)
                    } else {
                        if object {
                            self.key(&mut o, tape)?;
                        }
                        open.push(o);
                        continue;
                    }
                }
                b'"' => {
                    // A string value is written to the tape as it is read (unescaped, copied
                    // once), and the strings after it in an array are read in a run of them.
                    let here = self.at;
                    let bytes = &self.text.as_bytes()[here..];
                    let (run, ascii) = crate::swar::plain_run(&bytes[1..]);
                    let (len, m) = match bytes.get(1 + run) {
                        Some(b'"') => {
                            let clean = ascii || self.plain_clean(here + 1, here + 1 + run);
                            let m = Measurement::str(tape, &bytes[1..1 + run], run + 2, clean);
                            (run + 2, m)
                        }
                        Some(b'\\') => escaped_string_at(bytes, run, ascii, tape)?,
                        // A raw control character (serde_json refuses it), or the text's end.
                        _ => return None,
                    };
                    self.at = here + len;
                    // `bidi_ahead` vouches for the text from where its last search started
                    // up to itself (`plain_clean`); no string of the run starts before that
                    // search did, as the reader never moves back.
                    let (text, clean_to) = (self.text.as_ptr() as usize, self.bidi_ahead);
                    self.run(&mut open, m, tape, move |bytes, tape| {
                        let at = bytes.as_ptr() as usize - text;
                        plain_string_at(bytes, tape, clean_to.saturating_sub(at))
                    })
                }
                b't' | b'f' | b'n' => {
                    let (len, m) = literal_at(&self.text.as_bytes()[self.at..], tape)?;
                    self.at += len;
                    self.run(&mut open, m, tape, literal_at)
                }
                // An integer's text is as serde_json writes it (no sign but `-`, no leading
                // zero, no fraction or exponent: those are floats), so its length is its size.
                _ => {
                    let start = self.at;
                    match self.number()? {
                        Number::U64(n) => {
                            let m = Measurement::u64_of_size(tape, n, self.at - start);
                            self.run(&mut open, m, tape, |bytes, tape| {
                                let (len, n) = short_integer(bytes)?;
                                Some((len, Measurement::u64_of_size(tape, n, len)))
                            })
                        }
                        Number::I64(n) => {
                            let m = Measurement::i64_of_size(tape, n, self.at - start);
                            self.run(&mut open, m, tape, short_integer_at)
                        }
                        Number::F64(f) => {
                            let m = Measurement::f64(tape, f);
                            // A column of computed floats (scores, a series' values), read
                            // in a run as integers and decimals are: round the value loop, a
                            // fold of 10,000 scores took a third more instructions.
                            self.run(&mut open, m, tape, |bytes, tape| match number_at(bytes)? {
                                (len, Number::F64(f)) => Some((len, Measurement::f64(tape, f))),
                                _ => None,
                            })
                        }
                        Number::Decimal(f, size) => {
                            let m = Measurement::f64_of_size(tape, f, usize::from(size));
                            self.run(&mut open, m, tape, |bytes, tape| {
                                let (len, f, size) = short_decimal(bytes)?;
                                Some((len, Measurement::f64_of_size(tape, f, size)))
                            })
                        }
                    }
                }
            };
            // A value is read: it joins its container, and each container it ends closes.
            loop {
                let Some(o) = open.last_mut() else {
                    return Some(m);
                };
                o.all.add(m);
                o.n += 1;
                let object = o.keys.is_some();
                if self.more(if object { b'}' } else { b']' })? {
                    self.ws();
                    if object {
                        self.key(o, tape)?;
                    }
                    break;
                }
                Writer(tape).close();
                let mut o = open.pop()?;
                // What a container kept of its objects' keys goes with it.
                self.shapes.truncate(o.kids.from);
                if let Some(keys) = &mut o.keys {
                    // It repeated none of the keys of the object before it. (One that
                    // repeated all of them leaves the shape as it was: those keys, the same
                    // bytes; `o.shape.len` is not 0.)
                    let missed = o.shape.next == 0;
                    if let Some(p) = open.last_mut() {
                        let missed = missed && p.kids.len > 0;
                        // In an object, from its second object member on.
                        let record = match p.keys {
                            None => p.missed.record(missed, Missed::LIMIT),
                            Some(_) => {
                                p.kids.next += 1;
                                p.missed.record(missed, 1) && p.kids.next > 1
                            }
                        };
                        if !record {
                            p.kids.len = 0;
                        } else if o.shape.len == 0 {
                            self.record_shape(keys, &mut p.kids);
                        }
                    } else {
                        let missed = missed && self.top > 0;
                        if !self.top_missed.record(missed, Missed::LIMIT) {
                            self.top = 0;
                        } else if o.shape.len == 0 {
                            let mut top = Shape::default();
                            self.record_shape(keys, &mut top);
                            self.top = top.len;
                        }
                    }
                    keys.close(&mut self.keys);
                    while self.escaped.last().is_some_and(|e| e.0 >= self.keys.len()) {
                        self.escaped.pop();
                    }
                }
                m = o.all.closed(o.n);
            }
        }
    }

    /// After a scalar measured `m` in an array, the scalars `next` reads right after each
    /// comma (a table of counts, a column of flags), read in a loop of their own rather
    /// than round the value loop; anything else ends the run. Each joins the array but the
    /// last, which is given back for the value loop to add.
    #[inline(always)]
    fn run(
        &mut self,
        open: &mut [Open<'a>],
        mut m: Measurement,
        tape: &mut Vec<u8>,
        next: impl Fn(&[u8], &mut Vec<u8>) -> Option<(usize, Measurement)>,
    ) -> Measurement {
        let Some(o) = open.last_mut().filter(|o| o.keys.is_none()) else {
            return m;
        };
        let bytes = self.text.as_bytes();
        while bytes.get(self.at) == Some(&b',') {
            let Some((len, read)) = next(&bytes[self.at + 1..], tape) else {
                break;
            };
            o.all.add(m);
            o.n += 1;
            self.at += 1 + len;
            m = read;
        }
        m
    }

    /// Whether the text from `start` to `end`, a string with no escape, holds no bidi
    /// control. One search of the text ahead serves every such string up to the next control
    /// it finds, instead of one search per string (an eighth of a fold of text mostly not
    /// ASCII); past that control the search goes on from the string's start. The searches
    /// never cover a byte twice but where one ends on a control, so the cost stays linear.
    fn plain_clean(&mut self, start: usize, end: usize) -> bool {
        if self.bidi_ahead < start {
            let rest = &self.text.as_bytes()[start..];
            self.bidi_ahead = start + crate::text::first_bidi_at(rest).unwrap_or(rest.len());
        }
        self.bidi_ahead >= end
    }

    /// The end of a run of keys an object repeated ([`Shape`]): they join the object's keys,
    /// which the key that ended it and those after it are compared with, and which its next
    /// sibling then repeats.
    #[inline(never)]
    fn end_run(&mut self, shape: &mut Shape) {
        for key in &self.shapes[shape.from..shape.from + shape.next] {
            let (start, len) = (key.start, key.len);
            match &key.unescaped {
                None => self
                    .keys
                    .push(Cow::Borrowed(&self.text[start + 1..start + len - 1])),
                Some((k, _)) => {
                    self.escaped.push((self.keys.len(), start, len));
                    self.keys.push(Cow::Owned(String::from(&**k)));
                }
            }
        }
        shape.len = 0;
    }

    /// The keys of an object that closed in a container, as its next object is expected to
    /// repeat them ([`Shape`]): up to the first that is refused. The object's keys leave
    /// [`Reader::keys`] right after, so an escaped key is moved from there, not copied.
    #[inline(never)]
    fn record_shape(&mut self, keys: &Keys<'a>, shape: &mut Shape) {
        #[cfg(test)]
        tests::SHAPES_RECORDED.with(|n| n.set(n.get() + 1));
        self.shapes.truncate(shape.from);
        let base = self.text.as_ptr() as usize;
        let first = self.keys.len() - keys.in_order(&self.keys).len();
        // `escaped` is in the order of the stack, the outer objects' keys first: this
        // object's are found by a search, not by going through those (an object of 40,000
        // escaped keys, each holding a list of one object with an escaped key, took 290 ms).
        let from = self.escaped.partition_point(|e| e.0 < first);
        let mut escaped = self.escaped[from..].iter();
        for k in &mut self.keys[first..] {
            if super::pointer::FORBIDDEN_SEGMENTS.contains(&&**k) {
                break;
            }
            match k {
                // Borrowed keys are slices of the text, between their quotes.
                Cow::Borrowed(k) => self.shapes.push(ShapeKey {
                    start: k.as_ptr() as usize - base - 1,
                    len: k.len() + 2,
                    unescaped: None,
                }),
                // Escaped keys are on `escaped` in their order.
                Cow::Owned(k) => {
                    let Some(&(_, start, len)) = escaped.next() else {
                        break;
                    };
                    let size = super::pointer::string_size(k);
                    self.shapes.push(ShapeKey {
                        start,
                        len,
                        unescaped: Some((std::mem::take(k).into_boxed_str(), size)),
                    });
                }
            }
        }
        shape.len = self.shapes.len() - shape.from;
    }

    /// An object member's key and colon, measured and written as the serde_json reader does;
    /// a key given twice is left to serde_json (which refuses it).
    fn key(&mut self, o: &mut Open<'a>, tape: &mut Vec<u8>) -> Option<()> {
        if o.shape.len > 0 {
            if o.shape.next < o.shape.len {
                let key = &self.shapes[o.shape.from + o.shape.next];
                let (start, len) = (key.start, key.len);
                let bytes = self.text.as_bytes();
                let here = bytes.get(self.at..self.at + len).unwrap_or_default();
                if crate::swar::same_bytes(here, &bytes[start..start + len]) {
                    let (k, size) = match &key.unescaped {
                        None => (&self.text[start + 1..start + len - 1], len),
                        Some((k, size)) => (&**k, *size),
                    };
                    debug_assert!(!super::pointer::FORBIDDEN_SEGMENTS.contains(&k));
                    self.at += len;
                    o.shape.next += 1;
                    o.all.key_known(tape, k, size);
                    self.ws();
                    self.expect(b':')?;
                    self.ws();
                    return Some(());
                }
            }
            self.end_run(&mut o.shape);
        }
        let start = self.at;
        // A key with no escape (most keys) is found here, in line: through `string_body`,
        // a call for each member, its answer handed back through memory.
        let bytes = self.text.as_bytes();
        let run = match bytes.get(start) {
            Some(b'"') => crate::swar::plain_run(&bytes[start + 1..]).0,
            _ => return None,
        };
        let (k, size) = if bytes.get(start + 1 + run) == Some(&b'"') {
            self.at = start + run + 2;
            // The quotes are ASCII bytes: the slice between them starts and ends where
            // characters do.
            (
                Cow::Borrowed(&self.text[start + 1..start + 1 + run]),
                run + 2,
            )
        } else {
            match self.string_body()? {
                Body::Plain(s, _) => (Cow::Borrowed(s), s.len() + 2),
                Body::Unescaped { extra, .. } => {
                    let k = self.unescaped();
                    let size = k.len() + 2 + extra;
                    (Cow::Owned(k), size)
                }
            }
        };
        o.all.key(tape, &k, size);
        let escaped = matches!(k, Cow::Owned(_));
        if !o.keys.as_mut()?.insert(&mut self.keys, k) {
            return None;
        }
        if escaped {
            self.escaped
                .push((self.keys.len() - 1, start, self.at - start));
        }
        self.ws();
        self.expect(b':')?;
        self.ws();
        Some(())
    }
}

/// A component's property `k` among the common ones (but `id`) and then the type's own
/// `props`, as the validator looks it up, with its place in that order. Two plain loops:
/// as one chained iterator, a call of its own for each property read (a hundredth of a
/// fold of Images).
fn prop_named<'p>(props: &'p [Prop], k: &str) -> Option<(usize, &'p Prop)> {
    let common = &COMMON_PROPS[1..];
    // Compared a word at a time: as `==`, a call to `memcmp` for each name of the same
    // length.
    let named = |p: &Prop| same_bytes(p.name.as_bytes(), k.as_bytes());
    if let Some(i) = common.iter().position(named) {
        return Some((i, &common[i]));
    }
    let i = props.iter().position(named)?;
    Some((common.len() + i, &props[i]))
}

/// `true`, `false` or `null` at the start of `bytes`, as its length and its measure, written
/// to `tape`; `None`, with nothing written, for anything else.
// Inlined by hand: LLVM kept it a call in the loop of runs, and inlined a run of literals
// folds in about half the time (60,000: 1.05 to 0.63 and 0.88 to 0.43 ms in `bench/ab.mjs`).
#[inline(always)]
fn literal_at(bytes: &[u8], tape: &mut Vec<u8>) -> Option<(usize, Measurement)> {
    if bytes.starts_with(b"true") {
        Some((4, Measurement::bool(tape, true)))
    } else if bytes.starts_with(b"false") {
        Some((5, Measurement::bool(tape, false)))
    } else if bytes.starts_with(b"null") {
        Some((4, Measurement::null(tape)))
    } else {
        None
    }
}

/// A number at the start of `bytes` of at most 19 digits (leading zeros aside), read in one
/// pass over its digits, eight a word where eight bytes are left: its length and the number
/// serde_json makes of it (an integer of up to 18 digits, or 19 when not negative; a float of
/// up to 19 digits at a power of ten [`crate::number::decimal_f64`] reaches); `None` for any
/// other text, which [`Reader::number`]'s general way reads with serde_json's reader, or
/// refuses when it is no JSON number. Read before by finding a number's parts first and
/// then the digits of each, a float of a few digits with an exponent (`1.2345678e-9`),
/// which `JSON.parse` reads quickly, folded slower than the official core.
///
/// A number below one counts its digits from the first that is not a zero (`0.000123`:
/// three), which is all its value is made of: counted with its zeros, a computed float of a
/// small magnitude (`0.00044525706788769786`, 17 digits after its zeros) went past 19
/// digits to serde_json's reader, and a fold of 20,000 of them was slower than the official
/// core's.
#[inline(always)]
fn number_at(bytes: &[u8]) -> Option<(usize, Number)> {
    let negative = bytes.first() == Some(&b'-');
    let mut i = usize::from(negative);
    let mut w = 0u64;
    match bytes.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => crate::number::take_digits(bytes, &mut i, &mut w)?,
        _ => return None,
    }
    let whole = i - usize::from(negative);
    let point = i + 1;
    if bytes.get(i) == Some(&b'.') {
        i += 1;
        if !bytes.get(i).is_some_and(u8::is_ascii_digit) {
            return None;
        }
        crate::number::take_digits(bytes, &mut i, &mut w)?;
    }
    let fraction = bytes.get(point..i).unwrap_or_default();
    let scaled = matches!(bytes.get(i), Some(b'e' | b'E'));
    let mut exponent = 0i32;
    if scaled {
        i += 1;
        let sign = match bytes.get(i) {
            Some(b'-') => -1,
            _ => 1,
        };
        if matches!(bytes.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let from = i;
        while let Some(&d @ b'0'..=b'9') = bytes.get(i) {
            // Past four digits, the fast path is out of reach anyway.
            if i - from == 4 {
                return None;
            }
            exponent = exponent * 10 + i32::from(d - b'0');
            i += 1;
        }
        if i == from {
            return None;
        }
        exponent *= sign;
    } else if fraction.is_empty() {
        // An integer: a `u64`, or an `i64` when negative, as serde_json reads it. `-0` and
        // a negative integer of 19 digits, floats to serde_json, are left to it.
        return match negative {
            false => Some((i, Number::U64(w))),
            true if whole <= 18 && w != 0 => Some((i, Number::I64(-(w as i64)))),
            true => None,
        };
    }
    if !scaled {
        if let Some((f, size)) = short_decimal_value(w, negative, whole, fraction) {
            return Some((i, Number::Decimal(f, size as u8)));
        }
    }
    let q = exponent.checked_sub(i32::try_from(fraction.len()).ok()?)?;
    let f = crate::number::decimal_f64(w, q)?;
    Some((i, Number::F64(if negative { -f } else { f })))
}

/// A decimal of one to three places and at most 15 digits in all, not 0 (`12.5`,
/// `-0.25`: a price, a reading), at the start of `bytes`: its length, its value and the
/// length serde_json writes it in ([`short_decimal_value`]); `None` for any other number or
/// none. Read in the run of such decimals after one [`Reader::number`] read (a table of
/// prices, a matrix of readings).
// Inlined by hand, as `literal_at` is. Tried before `number` for every number instead, its
// look at the digits of a computed float before giving up made a fold of them a tenth slower.
#[inline(always)]
fn short_decimal(bytes: &[u8]) -> Option<(usize, f64, usize)> {
    let sign = usize::from(bytes.first() == Some(&b'-'));
    let digit = |i: usize| match bytes.get(i) {
        Some(&d @ b'0'..=b'9') => Some(u64::from(d - b'0')),
        _ => None,
    };
    let mut w = digit(sign)?;
    let mut i = sign + 1;
    // No digit after a leading zero (JSON has none; `number` says what is wrong).
    if w != 0 {
        while let Some(d) = digit(i) {
            if i - sign == 15 {
                return None;
            }
            w = w * 10 + d;
            i += 1;
        }
    }
    let whole = i - sign;
    if bytes.get(i) != Some(&b'.') {
        return None;
    }
    i += 1;
    let point = i;
    while let Some(d) = digit(i) {
        if i - point == 3 {
            return None;
        }
        w = w * 10 + d;
        i += 1;
    }
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        return None;
    }
    let (f, size) = short_decimal_value(w, sign == 1, whole, &bytes[point..i])?;
    Some((i, f, size))
}

/// A decimal's value and the length serde_json writes it in, from its digits `w`, its sign,
/// how many digits its whole part has and its fraction's digits, when it has one to three
/// places, at most 15 digits in all and no exponent, and is not 0; `None` for any other.
///
/// Its digits and the power of ten are both exact in an `f64`, so the one division rounds
/// once, to the float nearest the decimal (Clinger's fast path); and no other decimal of 15
/// digits or fewer rounds to that float, so its shortest form, which serde_json writes, is
/// its own digits but for zeros ending its fraction. Measured so from the text, where
/// [`super::pointer::float_size_fast`] finds that length with a division a place.
#[inline(always)]
fn short_decimal_value(
    w: u64,
    negative: bool,
    whole: usize,
    fraction: &[u8],
) -> Option<(f64, usize)> {
    const SCALES: [f64; 4] = [1.0, 10.0, 100.0, 1000.0];
    let places = fraction.len();
    if !(1..=3).contains(&places) || whole + places > 15 || w == 0 {
        return None;
    }
    let f = w as f64 / SCALES[places];
    let f = if negative { -f } else { f };
    let zeros = fraction.iter().rev().take_while(|&&b| b == b'0').count();
    let size = usize::from(negative) + whole + 1 + (places - zeros).max(1);
    debug_assert_eq!(super::pointer::float_size_fast(f), Some(size), "{f}");
    Some((f, size))
}

/// A string with no escape at the start of `bytes` (an id, a UUID, a word, a name), as its
/// length with its quotes and its measure, written to `tape`, when it is ASCII or lies
/// within the first `clean` bytes, which hold no bidi control; `None`, with nothing
/// written, for any other string or value. Read in the run of them after one string in an
/// array (a list of ids, tags or names), where the value loop's look at each cost a third
/// of the fold (and, for names past ASCII, a quarter more).
// Inlined by hand, as `literal_at` is.
#[inline(always)]
fn plain_string_at(bytes: &[u8], tape: &mut Vec<u8>, clean: usize) -> Option<(usize, Measurement)> {
    if bytes.first() != Some(&b'"') {
        return None;
    }
    let (run, ascii) = crate::swar::plain_run(&bytes[1..]);
    if bytes.get(1 + run) != Some(&b'"') || !ascii && 1 + run > clean {
        return None;
    }
    Some((
        run + 2,
        Measurement::str(tape, &bytes[1..1 + run], run + 2, true),
    ))
}

/// The string at the start of `bytes`, whose first `run` bytes past its quote are plain
/// (`ascii` whether all ASCII) and have an escape after them, unescaped onto `tape` as a
/// whole string (copied once): its length in the text with its quotes, and its measure;
/// `None` when it is no string serde_json reads (the reader then gives the envelope up, and
/// its tape with it).
#[inline(never)]
fn escaped_string_at(
    bytes: &[u8],
    run: usize,
    ascii: bool,
    tape: &mut Vec<u8>,
) -> Option<(usize, Measurement)> {
    let begun = Writer(tape).begin_utf8(run);
    crate::swar::extend(tape, &bytes[1..1 + run]);
    let mut at = run + 2;
    let (extra, clean) = unescape(bytes, &mut at, tape)?;
    let body = Writer(tape).end_utf8(begun);
    let s = &tape[body..];
    Some((
        at,
        Measurement::written_str(s, s.len() + 2 + extra, ascii && clean),
    ))
}

/// A positive integer of up to seven digits at the start of `bytes` (no leading zero, and
/// no fraction or exponent after it), as its length and value, found in one word; `None`
/// for any other number or none.
// Inlined by hand, as `literal_at` is: 50,000 integers 1.18 to 0.90 and 1.01 to 0.78 ms.
#[inline(always)]
fn short_integer(bytes: &[u8]) -> Option<(usize, u64)> {
    if !matches!(bytes.first(), Some(b'1'..=b'9')) {
        return None;
    }
    let (len, n) = crate::number::short_digits(bytes)?;
    (!matches!(bytes[len], b'.' | b'e' | b'E')).then_some((len, n))
}

/// The number `text` holds, as serde_json reads it (a `u64`, else an `i64`, else a float),
/// for one [`Reader::number`] does not read by hand; `None` for one no float holds.
fn by_serde(text: &str) -> Option<Number> {
    let n: serde_json::Number = serde_json::from_str(text).ok()?;
    Some(match (n.as_u64(), n.as_i64()) {
        (Some(u), _) => Number::U64(u),
        (None, Some(i)) => Number::I64(i),
        (None, None) => Number::F64(n.as_f64()?),
    })
}

/// [`short_negative`] or [`short_integer`] at the start of `bytes`, as its length and its
/// measure, written to `tape` as serde_json reads it (an `i64` when negative, else a
/// `u64`); `None`, with nothing written, for anything else. The run after a negative
/// integer takes both signs: a column of changes or offsets goes on past a sign change
/// (40,000 integers of both signs were read one by one, slower than the official core).
/// The run after a positive one keeps to its own sign: a loop that tried both signs took
/// 50,000 positive integers from 0.47 to 0.70 ms (`bench/ab.mjs`).
#[inline(always)]
fn short_integer_at(bytes: &[u8], tape: &mut Vec<u8>) -> Option<(usize, Measurement)> {
    if let Some((len, n)) = short_negative(bytes) {
        return Some((len, Measurement::i64_of_size(tape, n, len)));
    }
    let (len, n) = short_integer(bytes)?;
    Some((len, Measurement::u64_of_size(tape, n, len)))
}

/// A negative integer of up to seven digits at the start of `bytes` (`-` and no leading
/// zero, so never `-0`, which serde_json reads as a float), as its length and value;
/// `None` for any other number or none.
#[inline(always)]
fn short_negative(bytes: &[u8]) -> Option<(usize, i64)> {
    if bytes.first() != Some(&b'-') {
        return None;
    }
    let (len, n) = short_integer(&bytes[1..])?;
    Some((len + 1, -(n as i64)))
}

/// Unescapes a string's text from `*at`, just past a backslash (the first escape's), onto
/// `out`, up to and past the closing quote. Returns how many bytes more than the string's
/// length serde_json writes for it, quotes aside, and whether what it wrote is sure to hold
/// no bidirectional control: `false` when an escape wrote one, and when unsure (the text
/// between the escapes is not all ASCII).
// Inlined where a string value is read and where a key is: as a call, with its answer
// handed back through memory, folds of text with escapes were 5–10% slower (it costs 1.1 KB
// gzipped).
#[inline(always)]
fn unescape(bytes: &[u8], at: &mut usize, out: &mut Vec<u8>) -> Option<(usize, bool)> {
    // From the backslash, which the blocks below take as they take every other escape.
    debug_assert_eq!(bytes.get(at.wrapping_sub(1)), Some(&b'\\'));
    let from = *at - 1;
    let mut here = from;
    let mut extra = 0;
    // Whether an escape wrote a bidirectional control.
    let mut bidi = false;
    let done = loop {
        // A block of sixteen bytes at a time while 32 are left: every run and escape in a
        // block is found from one test of the block; each run is copied by one write of
        // sixteen bytes from where it starts, which the next write or the length leaves out,
        // and each escape written where it stands. Text dense with escapes (JSON in a string,
        // a Windows path, accented names as Python writes them) took a test of a block and a
        // copy for each escape, and a `\u` escape a round of the loop below and two checks of
        // `out`'s room: slower than the official core.
        let mut at_stop = false;
        while bytes.len().saturating_sub(here) >= 32 {
            let block: &[u8; 16] = bytes[here..here + 16].try_into().expect("sixteen bytes");
            let mut stops = crate::swar::stops16(block);
            out.reserve(32);
            let (src, dst) = (bytes[here..].as_ptr(), out.as_mut_ptr());
            let mut len = out.len();
            // The block's first byte not yet written.
            let mut last = 0;
            // SAFETY: each write of sixteen bytes reads them from `here + last`, `last` at
            // most 16, within the 32 bytes left; each write of a character's four bytes (one
            // to four of them kept) is at `len`, past which at least 32 less the bytes
            // written so far are reserved. Each escape writes fewer bytes than it takes in
            // the text (two for one, six for at most three, twelve for four), so `len` is at
            // most the reserved room's start plus the bytes of the block read so far (at
            // most 16 before a write of sixteen, at most 14 before a character's: an escape is
            // taken here only when its letter is in the block). The length never covers more
            // than was written.
            let step = unsafe {
                let write16 = |len: usize, last: usize| {
                    dst.add(len)
                        .cast::<[u8; 16]>()
                        .write_unaligned(src.add(last).cast::<[u8; 16]>().read_unaligned());
                };
                let step = loop {
                    if stops == 0 {
                        write16(len, last);
                        len += 16 - last;
                        break Step::Past(16);
                    }
                    let p = stops.trailing_zeros() as usize;
                    write16(len, last);
                    len += p - last;
                    // A quote or a control ends the blocks, as does an escape the loop
                    // below reads or refuses (a lone surrogate, a letter no escape has), or
                    // whose letter is in the next block.
                    let e = match block.get(p..p + 2) {
                        Some(&[b'\\', e]) => e,
                        _ => break Step::Stop(p),
                    };
                    let short = SHORT_ESCAPES[usize::from(e)];
                    if short != 0 {
                        dst.add(len).write(short);
                        len += 1;
                        extra += pointer::escaped_extra(short);
                        last = p + 2;
                        // The escape's letter, when it is a quote or a backslash, is a stop.
                        stops &= !(3 << p);
                        continue;
                    }
                    if e != b'u' {
                        break Step::Stop(p);
                    }
                    let Some((c, taken)) = unicode_escape_at(bytes, here + p + 2) else {
                        break Step::Stop(p);
                    };
                    bidi |= crate::text::is_bidi_code(c);
                    let (utf8, width) = utf8_word(c);
                    dst.add(len).cast::<[u8; 4]>().write_unaligned(utf8);
                    len += width;
                    if width == 1 {
                        extra += pointer::escaped_extra(utf8[0]);
                    }
                    last = p + 2 + taken;
                    if last >= 16 {
                        break Step::Past(last);
                    }
                    // The escape's backslashes (two for a surrogate pair).
                    stops &= !0 << last;
                };
                out.set_len(len);
                step
            };
            match step {
                Step::Past(n) => here += n,
                Step::Stop(p) => {
                    here += p;
                    at_stop = true;
                    break;
                }
            }
        }
        // Near the text's end (fewer than 32 bytes, so one copy by overlapping loads and
        // stores), or at the stop the blocks ended on.
        if !at_stop && bytes.get(here) != Some(&b'\\') {
            let (run, _) = crate::swar::plain_run_words(&bytes[here..]);
            crate::swar::extend(out, &bytes[here..here + run]);
            here += run;
        }
        match bytes.get(here) {
            Some(b'"') => {
                here += 1;
                break true;
            }
            Some(b'\\') => {}
            // A raw control character (serde_json refuses it), or the text's end.
            _ => break false,
        }
        let Some(&e) = bytes.get(here + 1) else {
            break false;
        };
        let short = SHORT_ESCAPES[usize::from(e)];
        if short != 0 {
            out.push(short);
            extra += pointer::escaped_extra(short);
            here += 2;
        } else if e == b'u' {
            let Some((c, taken)) = unicode_escape_at(bytes, here + 2) else {
                break false;
            };
            bidi |= crate::text::is_bidi_code(c);
            // Each length known when compiled (one known only at run time is a call to
            // `memcpy` in wasm32).
            match utf8_word(c) {
                (utf8, 1) => {
                    out.push(utf8[0]);
                    extra += pointer::escaped_extra(utf8[0]);
                }
                (utf8, 2) => out.extend_from_slice(&utf8[..2]),
                (utf8, 3) => out.extend_from_slice(&utf8[..3]),
                (utf8, _) => out.extend_from_slice(&utf8),
            }
            here += 2 + taken;
        } else {
            break false;
        }
    };
    *at = here;
    // Not `done.then(|| …)`: in wasm32 that closure was left out of line and took the
    // counters by reference, which kept them in memory through the loops above (7% of a
    // fold of accented names as Python writes them).
    if !done {
        return None;
    }
    // Whether it may hold a bidirectional control, asked once of the text between the
    // escapes rather than of each run (text dense with escapes takes a round of the loop
    // above every few bytes); an escape's own character was asked as it was written.
    Some((extra, !bidi && crate::swar::is_ascii(&bytes[from..here])))
}

/// How a block of [`unescape`] ended: past some of its bytes (all sixteen, or an escape
/// that ends at or past its end), or at a stop the loop after the blocks takes.
enum Step {
    Past(usize),
    Stop(usize),
}

/// The UTF-8 of the code point `c` (a character's: no surrogate, at most U+10FFFF) in the
/// first of four bytes, and how many of them it takes.
#[inline(always)]
fn utf8_word(c: u32) -> ([u8; 4], usize) {
    debug_assert!(char::from_u32(c).is_some(), "{c:#x} is no character");
    let cont = |shift: u32| 0x80 | (c >> shift & 0x3F) as u8;
    if c < 0x80 {
        ([c as u8, 0, 0, 0], 1)
    } else if c < 0x800 {
        ([0xC0 | (c >> 6) as u8, cont(0), 0, 0], 2)
    } else if c < 0x1_0000 {
        ([0xE0 | (c >> 12) as u8, cont(6), cont(0), 0], 3)
    } else {
        ([0xF0 | (c >> 18) as u8, cont(12), cont(6), cont(0)], 4)
    }
}

/// The byte each short escape stands for, by the letter after its backslash (`\n` by `n`),
/// and 0 for every other byte: `u`, and those no escape starts with.
const SHORT_ESCAPES: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b'"' as usize] = b'"';
    t[b'\\' as usize] = b'\\';
    t[b'/' as usize] = b'/';
    t[b'b' as usize] = 0x08;
    t[b'f' as usize] = 0x0c;
    t[b'n' as usize] = b'\n';
    t[b'r' as usize] = b'\r';
    t[b't' as usize] = b'\t';
    t
};

/// The value of each byte as a hexadecimal digit, either case, or 255 (`to_digit` tests
/// ranges one after another, each digit of each escape).
const HEX_DIGITS: [u8; 256] = {
    let mut t = [255u8; 256];
    let mut i = 0;
    while i < 10 {
        t[b'0' as usize + i] = i as u8;
        i += 1;
    }
    let mut i = 0;
    while i < 6 {
        t[b'a' as usize + i] = 10 + i as u8;
        t[b'A' as usize + i] = 10 + i as u8;
        i += 1;
    }
    t
};

/// The code point of a `\u` escape whose four digits start at `at`, and how many bytes
/// it takes from there: a high surrogate and the low one escaped right after it are one
/// character, as serde_json reads them. A writer that escapes all but ASCII (Python's
/// `json.dumps` by default) writes every character past U+FFFF so; left to serde_json, each
/// such envelope was read whole a second time, and text of emoji or of scripts past the BMP
/// folded slower than the official core. A lone surrogate, which serde_json refuses, is
/// `None`, and still left to serde_json to refuse.
#[inline(always)]
fn unicode_escape_at(bytes: &[u8], at: usize) -> Option<(u32, usize)> {
    let hex = |at: usize| -> Option<u32> {
        let &[a, b, c, d] = bytes.get(at..at + 4)? else {
            return None;
        };
        let [a, b, c, d] = [a, b, c, d].map(|h| u32::from(HEX_DIGITS[usize::from(h)]));
        // A byte that is no digit is 255: one test for the four.
        ((a | b | c | d) < 16).then_some(a << 12 | b << 8 | c << 4 | d)
    };
    let n = hex(at)?;
    if !(0xD800..0xE000).contains(&n) {
        return Some((n, 4));
    }
    // A low surrogate first, or a high one with no low one escaped right after it.
    if n >= 0xDC00 || bytes.get(at + 4..at + 6)? != b"\\u" {
        return None;
    }
    let low = hex(at + 6)?;
    if !(0xDC00..0xE000).contains(&low) {
        return None;
    }
    Some((0x1_0000 + ((n - 0xD800) << 10 | (low - 0xDC00)), 10))
}

/// A key of a [`Shape`]: where it lies in the text with its quotes, and, when it has an
/// escape (as Python's `json.dumps` writes every key not in ASCII), the key unescaped and
/// its length as serde_json writes it; with none, it is the text between its quotes.
struct ShapeKey {
    start: usize,
    len: usize,
    unescaped: Option<(Box<str>, usize)>,
}

/// A string as [`Reader::string_body`] leaves it.
enum Body<'a> {
    /// As it stands in the text, and whether it is all ASCII (`false` if unsure).
    Plain(&'a str, bool),
    /// In `scratch`; `extra` is how many bytes its escapes add when written as JSON.
    Unescaped { extra: usize },
}

/// A number as serde_json hands it to a visitor.
enum Number {
    U64(u64),
    I64(i64),
    F64(f64),
    /// A float and its length as serde_json writes it ([`short_decimal_value`]: at most
    /// 17), in a byte, so that a `Number` fits in two words.
    Decimal(f64, u8),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::a2ui::catalog::Components;
    use crate::test_rng::Xorshift;
    use std::collections::BTreeMap;

    thread_local! {
        /// How many data updates the hand reader took (not serde_json).
        pub(super) static TAKEN: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
        /// How many other messages (components, creates, deletes) it took.
        pub(super) static TAKEN_MESSAGES: std::cell::Cell<usize> =
            const { std::cell::Cell::new(0) };
        /// How many envelopes of a batch were given to serde_json.
        pub(super) static BY_SERDE: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
        /// How many components it read into the catalog's form.
        static TYPED_TAKEN: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
        /// How many of components' `id` and `component` members it matched where they
        /// stand ([`Reader::member_name`]), not read as strings.
        pub(super) static NAMES_WHERE_THEY_STAND: std::cell::Cell<usize> =
            const { std::cell::Cell::new(0) };
        /// Set, no component is read into the catalog's form and no theme is read by hand
        /// (the general path, the oracle of both).
        pub(super) static UNTYPED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
        /// How many themes the hand reader read.
        static THEMES_TAKEN: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
        /// How many texts [`read_lines`] read to their end.
        pub(super) static LINES_TAKEN: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
        /// How many objects' keys [`Reader::record_shape`] recorded.
        pub(super) static SHAPES_RECORDED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    /// A theme the hand reader read (`text`, read as `theme`), held to the general path on
    /// every read in every test: serde_json reads the same, and neither the validator nor
    /// admission finds anything in it.
    pub(super) fn theme_as_checked(
        text: &str,
        theme: &Value,
        (limits, urls): (&Limits, &UrlPolicy),
    ) {
        THEMES_TAKEN.with(|n| n.set(n.get() + 1));
        let v: Value = serde_json::from_str(text).expect(text);
        assert_eq!(&v, theme, "{text}");
        assert_nothing_found(text, &v, (limits, urls), |validator, adm, v| {
            validator.theme(v, &Path::ROOT);
            adm.theme(v, &Path::ROOT);
        });
    }

    /// Asserts that the validator and admission, each checking `v` (read from `text`) as
    /// `check` has them check it, find nothing in it.
    fn assert_nothing_found(
        text: &str,
        v: &Value,
        (limits, urls): (&Limits, &UrlPolicy),
        check: impl FnOnce(&mut Validator, &mut Admission, &Value),
    ) {
        let mut validator = Validator::default();
        let mut adm = Admission::new(limits, urls);
        check(&mut validator, &mut adm, v);
        assert!(
            validator.errors.is_empty(),
            "{text}: {:?}",
            validator.errors
        );
        assert!(
            adm.errors.is_empty() && adm.warnings.is_empty(),
            "{text}: {:?} {:?}",
            adm.errors,
            adm.warnings
        );
    }

    /// A component the hand reader read into the catalog's form (`text`, read as `id` and
    /// `component` under `limits`), held to the general path on every read in every test:
    /// the validator and admission find nothing in it as serde_json reads it, and the
    /// decoder makes the same component of that. Returns serde_json's reading.
    pub(super) fn typed_as_checked(
        text: &str,
        id: &Id,
        component: &Component,
        (limits, urls): (&Limits, &UrlPolicy),
    ) -> Value {
        TYPED_TAKEN.with(|n| n.set(n.get() + 1));
        let v: Value = serde_json::from_str(text).expect(text);
        assert_nothing_found(text, &v, (limits, urls), |validator, adm, v| {
            validator.component(v, &Path::ROOT);
            adm.component(v, &Path::ROOT);
        });
        let Value::Object(mut o) = v.clone() else {
            panic!("{text}")
        };
        assert_eq!(
            o.remove("id"),
            Some(Value::String(id.to_string())),
            "{text}"
        );
        let decoded = super::super::catalog::component::decode(o).expect(text);
        assert_eq!(&decoded, component, "{text}");
        assert_eq!(format!("{decoded:?}"), format!("{component:?}"), "{text}");
        v
    }

    fn taken() -> usize {
        TAKEN.with(|n| n.get())
    }

    fn taken_messages() -> usize {
        TAKEN_MESSAGES.with(|n| n.get())
    }

    /// An envelope as something to compare: a data update's parts (its value's tape, if it
    /// kept one, with what was measured), or the general envelope's value.
    fn describe(e: Envelope) -> String {
        match e {
            Envelope::Other(v) => format!("other {v}"),
            // As the envelope serde_json reads: the hand reader's alone are these.
            Envelope::Message { version, message } => {
                format!("other {}", message.into_value(version))
            }
            Envelope::Data(u) => {
                let value = match u.value {
                    None => "none".to_owned(),
                    Some(Data::Built(v)) => format!("built {v}"),
                    Some(Data::Taped(t)) => {
                        check_taped(&t);
                        format!(
                            "taped {:?} size {} exact {} depth {} object {}",
                            t.tape, t.size, t.exact, t.depth, t.is_object
                        )
                    }
                };
                let borrowed = |s: &Cow<str>| matches!(s, Cow::Borrowed(_));
                format!(
                    "data {:?} {:?} {value}",
                    (borrowed(&u.surface_id), &u.surface_id),
                    u.path.as_ref().map(|p| (borrowed(p), p))
                )
            }
        }
    }

    /// What a kept tape says of its value, checked against the value itself rather than
    /// against the other reader (both share the measuring code): its JSON length, its
    /// nesting, and that nothing in it is what admission speaks of.
    fn check_taped(t: &super::super::model::Taped) {
        let v = super::super::tape::read(&t.tape);
        let json = serde_json::to_string(&v).unwrap();
        assert_eq!(t.exact_size(), json.len(), "{json}");
        assert!(
            t.size >= json.len() && (t.size == json.len() || !t.exact),
            "{json}"
        );
        let mut stack = vec![(&v, 0)];
        let mut depth = 0;
        while let Some((v, d)) = stack.pop() {
            match v {
                Value::String(s) => assert!(crate::text::first_bidi_control(s).is_none()),
                Value::Array(a) => {
                    depth = depth.max(d + 1);
                    stack.extend(a.iter().map(|x| (x, d + 1)));
                }
                Value::Object(o) => {
                    depth = depth.max(d + 1);
                    for (k, x) in o {
                        assert!(!super::super::pointer::FORBIDDEN_SEGMENTS.contains(&k.as_str()));
                        stack.push((x, d + 1));
                    }
                }
                _ => {}
            }
        }
        assert_eq!(t.depth, depth, "{json}");
    }

    /// A batch of data updates of surface `s`, one a value.
    fn batch_of_values(values: &[&str]) -> String {
        let envelopes: Vec<String> = values
            .iter()
            .map(|v| {
                format!(r#"{{"version":"v0.9","updateDataModel":{{"surfaceId":"s","value":{v}}}}}"#)
            })
            .collect();
        format!("[{}]", envelopes.join(","))
    }

    fn both(text: &str) -> [(usize, bool, Vec<String>); 2] {
        let mut direct = Vec::new();
        let (limits, urls) = (Limits::default(), UrlPolicy::default());
        let (n, stop) = read_batch(text, 0, &limits, &urls, |e| direct.push(describe(e)));
        let whole = stop == Stop::Whole;
        let mut serde = Vec::new();
        let (m, all) = fast::read_batch_serde(text, |e| serde.push(describe(e)));
        [(n, whole, direct), (m, all, serde)]
    }

    /// Pieces a generated batch is made of: what agents send, and what is at each edge of
    /// what the hand reader takes. It takes the first `GOOD_*` of each (the first `CLEAN`
    /// strings hold no bidi control); the rest it leaves to serde_json (which reads some and
    /// refuses others).
    const STRINGS: [&str; 39] = [
        r#""""#,
        r#""plain""#,
        r#""a\"b\\c\/d\b\f\n\r\t""#,
        r#""\u0041\u00e9\u65e5\u0001\u001f\u007f""#,
        "\"“quoted” — … ✓ مرحبا שלום\"",
        "\"é日😀\"",
        r#""__proto__""#,
        r#""\u005f_proto__""#,
        r#""back\\slash\"""#,
        r#""\u0022\u005c""#,
        r#""\u00e9\n\u0041\"\u65e5\t\u005C\u00E9x\u0001""#,
        r#""\u2028\u0008\u000A""#,
        // Past ASCII before the first escape (the string's run of plain bytes is not).
        "\"é\\u0041 and more after it, to go on past a block\"",
        "\"del \u{7f} and line \u{2028} separators, raw\"",
        "\"near misses: \u{2060}\u{2065}\u{206A}\u{2029}\u{202F}\u{2010}\u{061B}\u{061D}\"",
        concat!(
            r#""A longer answer, with \"quotes\", a path C:\\tmp\\x, lines\n"#,
            r#"and\ttabs, long enough that its length takes two bytes of LEB128 once \u00e9"#,
            r#"scaped: \n- one\n- two\n- three\n\u2014 and the end.""#
        ),
        r#""\u202e""#,
        "\"\u{202E}x\\n\"",
        "\"\u{202E}\"",
        "\"\u{061C}\"",
        "\"\u{2066}x\u{2069}\"",
        "\"a sentence long enough to be searched by words \u{200E} with a mark\"",
        "\"another one, long enough for the word loop, \u{2067}isolated\u{2068} text\"",
        "\"and the rest of them, \u{200F}\u{202A}\u{202B}\u{202C}\u{202D} in a row\"",
        r#""escaped in a long string, past the first word: \u200e\u200F\u202A\u202d\u2067""#,
        r#""\ud83d\ude00 and \uD83C\uDFFD, \udbff\udfff""#,
        r#""\ud83d""#,
        r#""\udc00x""#,
        r#""\x""#,
        r#""\u12""#,
        r#""\uZZZZ""#,
        "\"tab\there\"",
        "\"nul\u{0}\"",
        "\"newline\nraw\"",
        r#""unterminated"#,
        r#""\"#,
        r#""\u""#,
        r#""\ud83d\u0041""#,
        r#""\U0041""#,
    ];
    const CLEAN: usize = 16;
    const GOOD_STRINGS: usize = 26;
    const NUMBERS: [&str; 44] = [
        "0",
        "1",
        "-1",
        "12.5",
        "-0.0",
        "1e5",
        "1E+2",
        "-1.5e-3",
        "0.1",
        "1.7976931348623157e308",
        "1e-400",
        "123456789012345678",
        "-123456789012345678",
        "1234567890123456789",
        "9999999999999999999",
        "0.30000000000000004",
        "3.141592653589793238462643383279",
        "1e0022",
        "1E-0005",
        "2.5e000000000000000000001",
        "-0e0",
        "0e5",
        "0.000000000000000000001234",
        "123456789012345.6",
        "-42.123456789012345",
        "-0",
        "1.7976931348623159e308",
        "1e400",
        "-1234567890123456789",
        "12345678901234567890",
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775808",
        "-9223372036854775809",
        "01",
        "1.",
        ".5",
        "-",
        "2.5e",
        "1e+",
        "-00",
        "+1",
        "0x10",
        "1e1.5",
    ];
    const GOOD_NUMBERS: usize = 25;
    const LITERALS: [&str; 6] = ["true", "false", "null", "nul", "tru", "nulll"];
    const GOOD_LITERALS: usize = 3;
    /// Keys, all different after unescaping but the first (`"a"` is `"\u0061"`).
    const KEYS: [&str; 13] = [
        r#""a""#,
        r#""\u0061""#,
        r#""b""#,
        r#""name""#,
        r#""a\nb""#,
        r#""\u005f_proto__""#,
        r#""__proto__x""#,
        r#""prototype""#,
        r#""\u0063onstructor""#,
        r#""constructor!""#,
        r#""é""#,
        r#""k1""#,
        r#""k2""#,
    ];
    /// With indentation past a word of spaces, and a tab or a return among them.
    const SPACES: [&str; 7] = [
        "",
        " ",
        "\n",
        "\t\r\n ",
        "  ",
        "\n                  ",
        "\r\n          \t            \n  ",
    ];

    /// A generator, and whether the batch it is making keeps to the pieces the hand reader
    /// takes (most do, so that most envelopes are read by hand).
    struct Gen(Xorshift, bool);

    impl Gen {
        fn pick<'s>(&mut self, from: &[&'s str]) -> &'s str {
            from[(self.0.next() % from.len() as u64) as usize]
        }
        /// One of `from`, or mostly of its first `good` when the batch keeps to those (an
        /// odd one in an envelope that is otherwise the hand reader's is what tests its
        /// edges).
        fn piece<'s>(&mut self, from: &[&'s str], good: usize) -> &'s str {
            let from = if self.1 && self.below(30) > 0 {
                &from[..good]
            } else {
                from
            };
            self.pick(from)
        }
        fn below(&mut self, n: u64) -> u64 {
            self.0.next() % n
        }
        fn ws(&mut self) -> &'static str {
            if self.below(4) == 0 {
                self.pick(&SPACES)
            } else {
                ""
            }
        }
        /// A value, `depth` levels of containers allowed below it.
        fn value(&mut self, depth: usize, out: &mut String) {
            let kind = self.below(if depth == 0 { 3 } else { 6 });
            match kind {
                0 => out.push_str(self.piece(&STRINGS, GOOD_STRINGS)),
                // Whole values at the edges of nesting and emptiness.
                1 if self.below(8) == 0 => out.push_str(self.pick(&[
                    "[]",
                    "{}",
                    "[[]]",
                    "[{}]",
                    "{\"a\":[]}",
                    "[ ]",
                    "{ }",
                ])),
                1 => out.push_str(self.piece(&NUMBERS, GOOD_NUMBERS)),
                2 => out.push_str(self.piece(&LITERALS, GOOD_LITERALS)),
                3 | 4 => {
                    let object = kind == 4;
                    out.push(if object { '{' } else { '[' });
                    // Up to 12 members: past 8, the reader's set of keys moves to the heap.
                    let n = if self.below(4) == 0 {
                        self.below(13)
                    } else {
                        self.below(5)
                    };
                    // Keys that are all different unless anything goes.
                    let first = self.below(KEYS.len() as u64) as usize;
                    for i in 0..n {
                        if i > 0 {
                            out.push(',');
                        }
                        out.push_str(self.ws());
                        if object {
                            let key = if self.1 {
                                if (i as usize) < KEYS.len() - 1 {
                                    KEYS[1 + (first + i as usize) % (KEYS.len() - 1)].to_owned()
                                } else {
                                    format!("\"k{i}x\"")
                                }
                            } else {
                                self.pick(&KEYS).to_owned()
                            };
                            out.push_str(&key);
                            out.push_str(self.ws());
                            out.push(':');
                            out.push_str(self.ws());
                        }
                        self.value(depth - 1, out);
                        out.push_str(self.ws());
                    }
                    out.push(if object { '}' } else { ']' });
                }
                _ => {
                    // A run of strings with no bidi control or forbidden word, so that
                    // many values are long enough and clean enough to be kept as a tape,
                    // with what was measured; now and then numbers after them.
                    out.push('[');
                    let numbers = if self.below(3) == 0 { 40 } else { 0 };
                    for i in 0..40 + numbers {
                        if i > 0 {
                            out.push(',');
                        }
                        let k = self.below(CLEAN as u64) as usize;
                        let k = if STRINGS[k].contains("proto") { 1 } else { k };
                        out.push_str(match i {
                            39 => self.piece(&STRINGS, GOOD_STRINGS),
                            0..39 => STRINGS[k],
                            _ => self.piece(&NUMBERS, GOOD_NUMBERS),
                        });
                    }
                    out.push(']');
                }
            }
        }
        fn envelope(&mut self, out: &mut String) {
            let version = self.piece(
                &[
                    r#""v0.9""#,
                    r#""v0.9.1""#,
                    r#""v0.8""#,
                    r#""v0\u002e9""#,
                    "9",
                ],
                2,
            );
            let mut members: Vec<String> = Vec::new();
            let colon = format!("{}:{}", self.ws(), self.ws());
            members.push(format!(
                "\"surfaceId\"{colon}{}",
                self.piece(&[r#""s""#, r#""s\u0031""#, "1"], 2)
            ));
            if self.below(3) > 0 {
                members.push(format!(
                    "\"path\"{colon}{}",
                    self.pick(&[r#""/a""#, r#""/\u00e9""#, r#""/a/0""#, "null"])
                ));
            }
            if self.below(5) > 0 {
                let mut v = String::new();
                self.value(4, &mut v);
                members.push(format!("\"value\"{colon}{v}"));
            }
            match self.below(if self.1 { 60 } else { 12 }) {
                0 => members.push(r#""extra":1"#.into()),
                1 => members.push(r#""path":"/b""#.into()),
                2 => members.push(r#""value":2"#.into()),
                3 => {
                    members.remove(0);
                }
                _ => {}
            }
            if self.below(2) == 0 {
                members.reverse();
            }
            let body = format!(
                "{{{}{}{}}}",
                self.ws(),
                members.join(&format!("{},{}", self.ws(), self.ws())),
                self.ws()
            );
            let key = self.piece(
                &[
                    "updateDataModel",
                    "createSurface",
                    "deleteSurface",
                    r"update\u0044ataModel",
                ],
                1,
            );
            let colon = format!("{}:{}", self.ws(), self.ws());
            let mut parts = vec![
                format!("\"version\"{colon}{version}"),
                format!("\"{key}\"{colon}{body}"),
            ];
            match self.below(if self.1 { 50 } else { 10 }) {
                0 => parts.push(r#""version":"v0.9""#.into()),
                1 => {
                    parts.remove(0);
                }
                2 => parts.push(r#""other":{}"#.into()),
                _ => {}
            }
            if self.below(2) == 0 {
                parts.reverse();
            }
            out.push('{');
            out.push_str(self.ws());
            out.push_str(&parts.join(&format!("{},{}", self.ws(), self.ws())));
            out.push_str(self.ws());
            out.push('}');
        }
        /// An `updateComponents`, `createSurface` or `deleteSurface` envelope, of the fast
        /// shape or near it: components that are objects or any value (nested, escaped, with
        /// keys given twice), lists empty or not, themes, flags of any type.
        fn message_envelope(&mut self, out: &mut String) {
            let colon = format!("{}:{}", self.ws(), self.ws());
            let sid = format!(
                "\"surfaceId\"{colon}{}",
                self.piece(&[r#""s""#, r#""s\u0031""#, "1"], 2)
            );
            let (key, mut members) = match self.below(3) {
                0 => {
                    let mut items = Vec::new();
                    for _ in 0..self.below(4) {
                        let mut item = String::new();
                        match self.below(3) {
                            0 => self.value(3, &mut item),
                            _ => {
                                let text = self.pick(&STRINGS);
                                let n = self.below(3);
                                item = format!(
                                    r#"{{"id"{colon}"c{n}","component"{colon}"Text","text"{colon}{text}}}"#
                                );
                            }
                        }
                        items.push(item);
                    }
                    let list = format!("[{}{}]", self.ws(), items.join(","));
                    let key = self.piece(&["updateComponents", r"update\u0043omponents"], 1);
                    (key, vec![sid, format!("\"components\"{colon}{list}")])
                }
                1 => {
                    let catalog = self.piece(&[r#""basic""#, r#""b\u0061sic""#, "7"], 2);
                    let mut members = vec![sid, format!("\"catalogId\"{colon}{catalog}")];
                    if self.below(2) == 0 {
                        let send = self.piece(&["true", "false", "1", "null", r#""true""#], 2);
                        members.push(format!("\"sendDataModel\"{colon}{send}"));
                    }
                    if self.below(3) == 0 {
                        // The catalog's members, of the values the reader takes or not,
                        // and now and then one of an agent's own or one given twice.
                        let mut theme = Vec::new();
                        if self.below(2) == 0 {
                            let name = self.pick(&STRINGS);
                            theme.push(format!("\"agentDisplayName\"{colon}{name}"));
                        }
                        if self.below(2) == 0 {
                            let color = self.piece(
                                &[
                                    r##""#00BFFF""##,
                                    r##""#00bf\u0046f""##,
                                    r##""#00BFF""##,
                                    r##""00BFFFF""##,
                                    r##""#00BFFG""##,
                                    "7",
                                ],
                                3,
                            );
                            theme.push(format!("\"primaryColor\"{colon}{color}"));
                        }
                        if self.below(2) == 0 {
                            let url = self.piece(
                                &[
                                    r#""https://cdn.example.com/icon.png""#,
                                    r#""not a uri""#,
                                    r#""mailto:a@example.com""#,
                                    r#""javascript:alert(1)""#,
                                    "null",
                                ],
                                2,
                            );
                            theme.push(format!("\"iconUrl\"{colon}{url}"));
                        }
                        match self.below(8) {
                            0 => theme.push(format!("\"font\"{colon}\"serif\"")),
                            1 => theme.push(format!("\"__proto__\"{colon}{{}}")),
                            2 => {
                                if let Some(again) = theme.first().cloned() {
                                    theme.push(again);
                                }
                            }
                            _ => {}
                        }
                        members.push(format!("\"theme\"{colon}{{{}}}", theme.join(",")));
                    }
                    (
                        self.piece(&["createSurface", r"create\u0053urface"], 1),
                        members,
                    )
                }
                _ => (
                    self.piece(&["deleteSurface", r"delete\u0053urface"], 1),
                    vec![sid],
                ),
            };
            match self.below(if self.1 { 40 } else { 8 }) {
                0 => members.push(r#""extra":1"#.into()),
                1 => members.push(r#""surfaceId":"t""#.into()),
                2 => {
                    members.remove(0);
                }
                3 => {
                    let again = members.last().cloned().unwrap_or_default();
                    members.push(again);
                }
                _ => {}
            }
            if self.below(2) == 0 {
                members.reverse();
            }
            let version = self.piece(&[r#""v0.9""#, r#""v0.9.1""#, r#""v0.8""#], 2);
            let mut parts = vec![
                format!("\"version\"{colon}{version}"),
                format!("\"{key}\"{colon}{{{}}}", members.join(",")),
            ];
            match self.below(if self.1 { 40 } else { 8 }) {
                0 => {
                    parts.remove(0);
                }
                1 => parts.push(r#""version":"v0.9""#.into()),
                2 => parts.push(r#""deleteSurface":{"surfaceId":"s"}"#.into()),
                _ => {}
            }
            if self.below(2) == 0 {
                parts.reverse();
            }
            out.push('{');
            out.push_str(&parts.join(&format!("{},{}", self.ws(), self.ws())));
            out.push('}');
        }
        fn batch(&mut self) -> String {
            self.1 = self.below(4) > 0;
            let mut out = String::from(self.ws());
            out.push('[');
            let n = self.below(6);
            for i in 0..n {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(self.ws());
                match self.below(if self.1 { 40 } else { 10 }) {
                    0 => out.push_str(self.pick(&NUMBERS)),
                    1 => out.push_str("[1,2]"),
                    n if n % 3 == 0 => self.message_envelope(&mut out),
                    _ => self.envelope(&mut out),
                }
                out.push_str(self.ws());
            }
            out.push(']');
            out.push_str(self.ws());
            // Now and then a byte lost or one too many, anywhere.
            match self.below(if self.1 { 40 } else { 8 }) {
                0 if !out.is_empty() => {
                    let at = self.below(out.len() as u64) as usize;
                    if out.is_char_boundary(at) && out.is_char_boundary(at + 1) {
                        out.remove(at);
                    }
                }
                1 => {
                    let at = self.below(out.len() as u64 + 1) as usize;
                    if out.is_char_boundary(at) {
                        out.insert(
                            at,
                            self.pick(&[",", "]", "}", "\"", "\\", "x"])
                                .chars()
                                .next()
                                .unwrap(),
                        );
                    }
                }
                _ => {}
            }
            out
        }
    }

    /// Bytes that are UTF-8 throughout, ASCII or not, are read by hand as text is; bytes
    /// with a sequence that is no UTF-8 anywhere are scanned, and the envelope that holds it
    /// is refused alone. Either way they fold as their text does.
    #[test]
    fn bytes_that_are_utf8_are_read_as_text() {
        use crate::a2ui::{ApplyContext, SurfaceStore};
        let create = |s: &str| {
            format!(
                r#"{{"version":"v0.9","createSurface":{{"surfaceId":"{s}","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}}}"#
            )
        };
        let data = |s: &str, v: &str| {
            format!(
                r#"{{"version":"v0.9","updateDataModel":{{"surfaceId":"{s}","path":"/v","value":{v}}}}}"#
            )
        };
        let ctx = ApplyContext::default();
        for value in [r#"{"k":"plain"}"#, r#"{"名前":"東京 — ελληνικά"}"#] {
            let text = format!("[{},{}]", create("s"), data("s", value));
            let mut by_text = SurfaceStore::default();
            by_text.apply_text(&text, &ctx);
            let (data_before, messages_before) = (taken(), taken_messages());
            let mut by_bytes = SurfaceStore::default();
            assert_eq!(by_bytes.apply_bytes(text.as_bytes(), &ctx), 2, "{text}");
            assert_eq!(
                (taken() - data_before, taken_messages() - messages_before),
                (1, 1),
                "{text}: each envelope read by hand"
            );
            assert_eq!(
                serde_json::to_string(&by_bytes.report()).unwrap(),
                serde_json::to_string(&by_text.report()).unwrap()
            );
        }
        // One byte that is no UTF-8, in the second envelope: the bytes are scanned, none of
        // their envelopes read in a batch (which the counters count), and the first and
        // third apply.
        let mut bytes = format!("[{},", create("a")).into_bytes();
        bytes.extend(data("a", "\"x\"").bytes());
        let at = bytes.len() - 4;
        bytes[at] = 0xFF;
        bytes.extend(format!(",{}]", create("c")).bytes());
        let (data_before, messages_before) = (taken(), taken_messages());
        let mut s = SurfaceStore::default();
        assert_eq!(s.apply_bytes(&bytes, &ctx), 3);
        assert_eq!((taken(), taken_messages()), (data_before, messages_before));
        let r = s.report();
        assert_eq!((r.applied, r.ignored), (2, 1));
        assert_eq!(r.findings[0].code.as_str(), "envelope-not-utf8");
    }

    #[test]
    fn arrays_of_integers_read_as_serde_json_reads_them() {
        // Around the loop that reads a run of integers after commas: leading zeros, signs,
        // fractions and exponents, 7, 8, 19 and 20 digits, spaces, nesting, and the end.
        let tokens = [
            "1",
            "7",
            "42",
            "1234567",
            "12345678",
            "9999999",
            "0",
            "01",
            "-3",
            "2.5",
            "3e2",
            "4E1",
            "5.",
            "1234567.5",
            "18446744073709551615",
            "18446744073709551616",
            "9999999999999999999",
            "[1,2,3]",
            "[]",
            "true",
            "\"x\"",
        ];
        arrays_read_as_serde_json_reads_them(&tokens, 6, 0x2545_F491_4F6C_DD1D);
    }

    /// Arrays of up to 12 of `tokens` each, comma after comma (a few spaced), two in three
    /// of the first `plain` of them so that runs form, as data values read by the hand
    /// reader and by serde_json alone: the same envelopes and tapes.
    fn arrays_read_as_serde_json_reads_them(tokens: &[&str], plain: usize, seed: u64) {
        let seps = [",", ",", ",", ", ", " ,"];
        let mut rng = Xorshift(seed);
        let mut pick = |n: usize| (rng.next() % n as u64) as usize;
        for _ in 0..20_000 {
            let mut value = String::from("[");
            for i in 0..1 + pick(12) {
                if i > 0 {
                    value.push_str(seps[pick(seps.len())]);
                }
                let t = if pick(3) == 0 {
                    pick(tokens.len())
                } else {
                    pick(plain)
                };
                value.push_str(tokens[t]);
            }
            value.push(']');
            let text = format!(
                r#"[{{"version":"v0.9","updateDataModel":{{"surfaceId":"s","path":"/v","value":{value}}}}}]"#
            );
            let [direct, serde] = both(&text);
            assert_eq!(direct, serde, "{text}");
        }
    }

    #[test]
    fn arrays_of_integers_of_both_signs_read_as_serde_json_reads_them() {
        // Around the run of integers after commas, which takes either sign: seven digits
        // and eight, `-0`, a minus alone, leading zeros, fractions and exponents after the
        // digits, and other values.
        let tokens = [
            "-1",
            "42",
            "-1234567",
            "9876543",
            "-250",
            "-12345678",
            "12345678",
            "-0",
            "0",
            "-",
            "-01",
            "-5.5",
            "-5e3",
            "-9223372036854775808",
            "-9223372036854775809",
            "\"-3\"",
            "null",
        ];
        arrays_read_as_serde_json_reads_them(&tokens, 7, 0xBB67_AE85_84CA_A73B);
        // And read by hand, as a run: one envelope taken whole.
        let value: Vec<String> = (0..5_000)
            .map(|i: i64| ((i * 7919) % 2_000_001 - 1_000_000).to_string())
            .collect();
        let text = format!(
            r#"[{{"version":"v0.9","updateDataModel":{{"surfaceId":"s","path":"/v","value":[{}]}}}}]"#,
            value.join(",")
        );
        let before = taken();
        let [direct, serde] = both(&text);
        assert_eq!(taken() - before, 1, "read by hand");
        assert_eq!(direct, serde);
        let mut tape = Vec::new();
        assert_eq!(
            short_integer_at(b"-1234567,", &mut tape).map(|r| r.0),
            Some(8)
        );
        assert_eq!(
            short_integer_at(b"-0,1,2,3,4", &mut tape).map(|r| r.0),
            None
        );
        assert_eq!(short_integer_at(b"-12.5,1,2", &mut tape).map(|r| r.0), None);
    }

    #[test]
    fn arrays_of_decimals_read_as_serde_json_reads_them() {
        // Around the loop that reads a run of decimals of a few places after commas: more
        // places, more digits, exponents, zeros, signs, integers, and other values.
        let tokens = [
            "12.5",
            "198.73",
            "-0.25",
            "2.50",
            "7.0",
            "0.001",
            "1.2345",
            "0.8414709848078965",
            "123456789012345.6",
            "12345678901234.5",
            "1.5e2",
            "-0.0",
            "0.000",
            "01.5",
            "1.",
            "42",
            "\"x\"",
            "[1.5]",
        ];
        arrays_read_as_serde_json_reads_them(&tokens, 6, 0x6A09_E667_F3BC_C908);
    }

    #[test]
    fn arrays_of_computed_floats_read_as_serde_json_reads_them() {
        // Around the loop that reads a run of computed floats after commas: what ends it
        // (decimals of a few places, integers, numbers of over 19 digits, which serde_json
        // reads, strings, arrays, space), and floats it must refuse or leave to serde_json.
        let tokens = [
            "0.8414709848078965",
            "-0.000266334816193088",
            "3.119990333845173e+24",
            "950517158926177400000",
            "52.574661117978394",
            "1.7976931348623157e308",
            "5e-324",
            "0.12345678901234567890123",
            "1.2345",
            "12.5",
            "-0.0",
            "0",
            "1764547200000",
            "-7",
            " 0.25",
            "01.2345",
            "1.2345e",
            "1e400",
            "\"x\"",
            "[0.8414709848078965]",
        ];
        arrays_read_as_serde_json_reads_them(&tokens, 6, 0x3C6E_F372_FE94_F82B);
    }

    /// Every decimal [`short_decimal`] reads, and every one [`Reader::number`] measures,
    /// reads as serde_json reads it, to the bit, and measures as serde_json writes it:
    /// decimals written by hand (up to five places, zeros among them) and computed floats
    /// in their shortest forms. Both take the decimals of a few places and only those.
    #[test]
    fn decimals_read_and_measure_as_serde_json() {
        let mut rng = Xorshift(0x9E37_79B9_7F4A_7C15);
        let mut pick = |n: u64| rng.next() % n;
        let mut measured = 0;
        for i in 0..300_000 {
            let sign = if i % 3 == 0 { "-" } else { "" };
            let number = if i % 4 == 3 {
                let f =
                    (pick(1 << 53) as f64) / (1u64 << 53) as f64 * 10f64.powi(pick(12) as i32 - 4);
                format!("{sign}{}", serde_json::to_string(&f).unwrap())
            } else {
                let whole = match pick(4) {
                    0 => "0".to_string(),
                    1 => (1 + pick(9)).to_string(),
                    2 => (pick(1_000_000) + 1).to_string(),
                    _ => (pick(999_999_999_999_999) + 1).to_string(),
                };
                let places = pick(6) as usize;
                let fraction: String = (0..places)
                    .map(|_| char::from(b'0' + if pick(4) == 0 { 0 } else { pick(10) as u8 }))
                    .collect();
                if places == 0 && i % 2 == 0 {
                    format!("{sign}{whole}")
                } else {
                    format!("{sign}{whole}.{fraction}")
                }
            };
            let tail = [",", "]", "}", " ", "e5", "E-2", ""][pick(7) as usize];
            let text = format!("{number}{tail}");
            let short = short_decimal(text.as_bytes());
            let (limits, urls) = (Limits::default(), UrlPolicy::default());
            let mut reader = Reader::new(&text, 0, &limits, &urls);
            let read = reader.number();
            let Some(Number::Decimal(f, size)) = read else {
                assert_eq!(short, None, "{text}");
                continue;
            };
            measured += 1;
            let size = usize::from(size);
            assert_eq!(short, Some((number.len(), f, size)), "{text}");
            assert_eq!(reader.at, number.len(), "{text}");
            let theirs: f64 = serde_json::from_str(&number).unwrap();
            assert_eq!(f.to_bits(), theirs.to_bits(), "{text}");
            let written = serde_json::to_string(&theirs).unwrap();
            assert_eq!(size, written.len(), "{text}");
        }
        assert!(measured > 40_000, "{measured}");
        for (text, size) in [
            ("12.5,", 4),
            ("-0.25]", 5),
            ("19.90", 4),
            ("7.0", 3),
            ("0.001", 5),
        ] {
            assert_eq!(
                short_decimal(text.as_bytes()).map(|r| r.2),
                Some(size),
                "{text}"
            );
        }
        for text in [
            "0.0",
            "-0.0",
            "12",
            "1.5e3",
            "1.5e0",
            "01.5",
            "1.",
            ".5",
            "-",
            "1.2345",
            "0.8414709848078965",
            "1234567890123456.5",
        ] {
            assert_eq!(short_decimal(text.as_bytes()), None, "{text}");
            let (limits, urls) = (Limits::default(), UrlPolicy::default());
            let mut reader = Reader::new(text, 0, &limits, &urls);
            let decimal = matches!(reader.number(), Some(Number::Decimal(..)));
            assert!(!decimal, "{text}");
        }
    }

    #[test]
    fn arrays_of_strings_read_as_serde_json_reads_them() {
        // Around the loop that reads a run of ASCII strings after commas: escapes, text not
        // in ASCII, a bidi control, a raw control, cut short, spaced, nested, and the end.
        let tokens = [
            r#""a""#,
            r#""550e8400-e29b-41d4-a716-446655440000""#,
            r#""""#,
            r#""a long enough string to fill more than one block of sixteen""#,
            r#""tab	here""#,
            r#""A""#,
            r#""héllo""#,
            "\"\u{202e}x\"",
            "\"a\u{1}b\"",
            r#""__proto__""#,
            r#""unterminated"#,
            r#"["x","y"]"#,
            "7",
            "null",
        ];
        arrays_read_as_serde_json_reads_them(&tokens, 4, 0xBB67_AE85_84CA_A73B);
        // Runs of strings past ASCII, short and long enough to be kept as a tape: all clean;
        // one with a control in the run; and one after a control, where the search ahead
        // stopped behind the run's start.
        for run in [
            vec!["é", "ü", "ça"],
            vec!["é", "ü", "a\u{202E}b", "ç", "ñ"],
            vec!["\u{202E}", "a", "é", "ü"],
            vec!["a", "é", "\u{2067}", "ø"],
        ] {
            for times in [1, 40] {
                let items: Vec<String> = (0..times)
                    .flat_map(|_| run.iter().map(|s| format!("\"{s}\"")))
                    .collect();
                let value = items.join(",");
                let text = format!(
                    r#"[{{"version":"v0.9","updateDataModel":{{"surfaceId":"s","path":"/v","value":[{value}]}}}}]"#
                );
                let [direct, serde] = both(&text);
                assert_eq!(direct, serde, "{text}");
            }
        }
    }

    #[test]
    fn arrays_of_literals_read_as_serde_json_reads_them() {
        // Around the loop that reads a run of literals after commas: cut short, run on,
        // misspelt, nested, spaced, beside numbers and strings, and the end.
        let tokens = [
            "true",
            "false",
            "null",
            "tru",
            "nul",
            "fals",
            "truex",
            "null1",
            "falsee",
            "True",
            "NULL",
            "[true,false]",
            "[]",
            "1",
            "\"true\"",
            "{}",
            "true\"",
            "n",
        ];
        let seps = [",", ",", ",", ", ", " ,", ",\n", ""];
        let mut rng = Xorshift(0x51_7CC1_B727_220A);
        let mut pick = |n: usize| (rng.next() % n as u64) as usize;
        let (mut read, mut refused) = (0, 0);
        for _ in 0..20_000 {
            let mut value = String::from("[");
            for i in 0..1 + pick(12) {
                if i > 0 {
                    // Mostly a bare comma, so that runs form.
                    value.push_str(seps[if pick(4) == 0 { pick(seps.len()) } else { 0 }]);
                }
                let t = if pick(4) == 0 {
                    pick(tokens.len())
                } else {
                    pick(3)
                };
                value.push_str(tokens[t]);
            }
            if pick(20) != 0 {
                value.push(']');
            }
            let text = format!(
                r#"[{{"version":"v0.9","updateDataModel":{{"surfaceId":"s","path":"/v","value":{value}}}}}]"#
            );
            let [direct, serde] = both(&text);
            assert_eq!(direct, serde, "{text}");
            if serde.0 == 1 && serde_json::from_str::<Value>(&value).is_ok() {
                read += 1;
            } else {
                refused += 1;
            }
        }
        assert!(
            read > 5_000 && refused > 5_000,
            "{read} read, {refused} refused"
        );
    }

    #[test]
    fn reads_what_serde_json_reads() {
        let mut g = Gen(Xorshift(0x9E37_79B9_7F4A_7C15), false);
        let (before, mut envelopes) = (taken(), 0);
        let messages_before = taken_messages();
        for _ in 0..30_000 {
            let text = g.batch();
            let [direct, serde] = both(&text);
            envelopes += serde.0;
            if direct != serde {
                // A scalar followed by what cannot follow a value (`1x`): serde_json's array
                // reader hands the scalar over and then stops; here it stops before it. The
                // caller scans from where either stopped, and the scan reads the rest.
                let extra = serde.2.last().map(String::as_str).unwrap_or_default();
                assert!(
                    !direct.1
                        && !serde.1
                        && serde.0 == direct.0 + 1
                        && serde.2[..direct.0] == direct.2[..]
                        && extra.starts_with("other ")
                        && !extra[6..].starts_with(['{', '[', '"']),
                    "{text}\n{direct:?}\n{serde:?}"
                );
            }
        }
        // The generator reaches the hand reader's shapes, not only serde_json's.
        let (data, messages) = (taken() - before, taken_messages() - messages_before);
        assert!(
            (data + messages) * 2 > envelopes,
            "{data} + {messages} of {envelopes}"
        );
        assert!(messages * 10 > envelopes, "{messages} of {envelopes}");
    }

    /// One envelope alone: what `read_one` takes, serde_json reads the same; what it leaves,
    /// it hands to no one; and text after the envelope, anything but white space, leaves it
    /// all to the scan.
    #[test]
    fn one_envelope_alone_reads_what_serde_json_reads() {
        let mut g = Gen(Xorshift(0x2545_F491_4F6C_DD1D), false);
        let (limits, urls) = (Limits::default(), UrlPolicy::default());
        let (mut taken, mut total) = (0, 0);
        for i in 0..20_000 {
            // Mostly the pieces the hand reader takes, as in a batch.
            g.1 = g.below(4) > 0;
            let mut text = String::from(g.ws());
            if i % 3 == 0 {
                g.message_envelope(&mut text);
            } else {
                g.envelope(&mut text);
            }
            text.push_str(g.ws());
            total += 1;
            let Ok(direct) = read_one(&text, 0, &limits, &urls) else {
                continue;
            };
            taken += 1;
            let serde: Envelope = serde_json::from_str(&text).expect("taken, so JSON");
            assert_eq!(describe(direct), describe(serde), "{text}");
            for after in ["x", ",", "{}", "\n{}", "]"] {
                let more = format!("{text}{after}");
                assert!(read_one(&more, 0, &limits, &urls).is_err(), "{more}");
            }
        }
        // The generator reaches what the hand reader takes, and what it leaves.
        assert!(taken * 3 > total && taken < total, "{taken} of {total}");
    }

    /// Each object's keys are its own: an inner object's, closed, are not its parent's nor
    /// its sibling's; past eight keys they are still compared. A value with a key twice
    /// in one object is left to serde_json (which refuses it), and any other is read here.
    #[test]
    fn each_object_is_held_to_its_own_keys() {
        // `n` keys `k0`, `k1`, … and then `more`.
        use crate::test_rng::keyed;
        const LONG: &str = r#""a_key_well_past_sixteen_bytes""#;
        let many = |dup: &str| keyed(12, dup);
        for (value, twice) in [
            (
                r#"{"a":{"b":1,"c":{"b":2}},"b":[{"b":3},{"b":4}],"c":5}"#.to_owned(),
                false,
            ),
            (
                r#"{"a":{"a":{"a":{}}},"b":{"a":1},"c":[{"a":1,"b":2},{"b":1,"a":2}]}"#.to_owned(),
                false,
            ),
            (r#"{"a":{"b":1},"c":2,"a":3}"#.to_owned(), true),
            (r#"{"a":[{"b":1,"b":2}]}"#.to_owned(), true),
            (r#"{"a":1,"\u0061":2}"#.to_owned(), true),
            (many(""), false),
            (many(r#","k0":0"#), true),
            (many(r#","k11":0"#), true),
            (format!(r#"{{"x":{},"k0":1}}"#, many("")), false),
            (format!(r#"[{},{}]"#, many(""), many(r#","k9":1"#)), true),
            // The ninth key, the one that moves the first eight into a set, given twice;
            // and given again itself.
            (keyed(8, r#","k0":8"#), true),
            (keyed(9, r#","k8":9"#), true),
            // Past eight keys of an inner object, the outer one's keys are still its own.
            (format!(r#"{{"x":{},"x":1}}"#, many("")), true),
            (format!(r#"{{"k10":{}}}"#, many("")), false),
            // Keys past sixteen bytes, told apart by their last eight bytes first: the same
            // there and not before, not the same only in their last byte, and the same.
            (
                r#"{"item_number_A_0001_name":1,"item_number_B_0001_name":2}"#.to_owned(),
                false,
            ),
            (
                r#"{"item_number_A_0001_name":1,"item_number_A_0001_namf":2}"#.to_owned(),
                false,
            ),
            (
                r#"{"item_number_A_0001_name":1,"item_number_A_0001_name":2}"#.to_owned(),
                true,
            ),
            (r#"{"項目3の12名前":1,"項目4の12名前":2}"#.to_owned(), false),
            (
                r#"{"項目3の12名前":1,"x":0,"項目3の12名前":2}"#.to_owned(),
                true,
            ),
            // A long key given twice past the filter's first keys, and past its 128.
            (keyed(20, &format!(",{LONG}:1,{LONG}:2")), true),
            (keyed(140, &format!(",{LONG}:1,{LONG}:2")), true),
        ] {
            let text = format!(
                r#"[{{"version":"v0.9","updateDataModel":{{"surfaceId":"s","value":{value}}}}}]"#
            );
            let before = taken();
            let [direct, serde] = both(&text);
            assert_eq!(direct, serde, "{value}");
            assert_eq!(taken() - before, usize::from(!twice), "{value}");
        }
    }

    /// A key is found in the member loop when it ends at a quote, and read by the string
    /// reader otherwise: at every way a key's plain run can stop (a quote, an escape, a raw
    /// control character, the end of the text), in objects of a few keys and of many, the
    /// batch reads as serde_json reads it. Run in Chromium too, where the run is found by
    /// SIMD.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn keys_read_as_serde_json_reads_them_wherever_their_run_stops() {
        use crate::test_rng::keyed;
        let keys = [
            r#""plain""#,
            r#""a_key_well_past_sixteen_bytes""#,
            r#""ключ_значение""#,
            r#""esc\"aped""#,
            r#""\u0065scaped_first""#,
            r#""escaped_last\n""#,
            "\"raw\u{1}control\"",
            "\"raw\ttab\"",
            "\"\"",
            // A run stopped short of a quote where the colon follows: a reader that took any
            // stop for the key's end would read these as the key `a` and go on.
            "\"a\u{1}:0,\"z\"",
            "\"a\\:0,\"z\"",
        ];
        for key in keys {
            for value in [
                format!("{{{key}:1}}"),
                format!("{{\"a\":0,{key}:1,\"b\":[{{{key}:2}}]}}"),
                format!(
                    "[{},{}]",
                    keyed(12, &format!(",{key}:1")),
                    keyed(12, &format!(",{key}:2"))
                ),
            ] {
                let text = format!(
                    r#"[{{"version":"v0.9","updateDataModel":{{"surfaceId":"s","value":{value}}}}}]"#
                );
                let [direct, serde] = both(&text);
                assert_eq!(direct, serde, "{value}");
            }
        }
        // A key the text ends in: unterminated, and cut after its quote.
        for end in [
            r#"{"k"#,
            r#"{"a_key_well_past_sixteen"#,
            r#"{"k""#,
            r#"{"k":"#,
        ] {
            let text =
                format!(r#"[{{"version":"v0.9","updateDataModel":{{"surfaceId":"s","value":{end}"#);
            let [direct, serde] = both(&text);
            assert_eq!(direct, serde, "{end}");
        }
    }

    /// JSON Lines of every shape the line reader meets fold as the scan folds them
    /// (`apply_scanned`), to the same findings, counts and surfaces: blank and white
    /// space lines, CR LF, blank lines first, a line with more after its value, a first line
    /// the hand reader leaves to serde_json, a line neither reads, a line past
    /// `envelopeValues`, a line of no JSON, one line alone, white space alone.
    #[test]
    fn json_lines_fold_as_the_scan_folds_them() {
        let create = |s: &str| {
            format!(
                r#"{{"version":"v0.9","createSurface":{{"surfaceId":"{s}","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}}}"#
            )
        };
        let data = |v: &str| {
            format!(
                r#"{{"version":"v0.9","updateDataModel":{{"surfaceId":"a","path":"/x","value":{v}}}}}"#
            )
        };
        // A theme of an agent's own: the hand reader leaves it, serde_json reads it.
        let themed = r#"{"version":"v0.9","createSurface":{"surfaceId":"t","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json","theme":{"font":"serif"}}}"#;
        let (a, one, two) = (create("a"), data("1"), data(r#"{"k":[1,2,3,4,5,6,7,8,9]}"#));
        let cases = [
            format!("{a}\n{one}\n{two}\n"),
            format!("{a}\r\n\r\n  \t\r\n{one}\r\n{two}"),
            format!("\n\n  \n{a}\n{one}\n"),
            format!("{a} {one}\n{two}\n"),
            format!("{a}\n{one} 7\n{two}\n"),
            format!("{themed}\n{a}\n{one}\n"),
            format!("{a}\n{themed}\n{one}\n"),
            format!("{a}\n{one}\n{{\"version\":\"v0.9\",\n{two}\n"),
            format!("{a}\nnot json\n{one}\n"),
            format!("{a}\n{}\n{one}\n", data(r#"{"k":1,"k":2}"#)),
            format!("{a}\n[1,2]\n{one}\n"),
            format!("[1,2]\n{a}\n{one}\n"),
            format!(
                "{a}\n{}\n{one}\n",
                data(&format!("[{}]", ["0"; 40].join(",")))
            ),
            format!("{a}\n"),
            format!("  {a}  \n\n"),
            "\n \r\n".to_owned(),
        ];
        let before = LINES_TAKEN.with(|n| n.get());
        let ctx = crate::a2ui::ApplyContext::default();
        for text in &cases {
            let tight = Limits {
                envelope_values: 20,
                ..Limits::default()
            };
            for limits in [Limits::default(), tight] {
                let mut read = crate::a2ui::SurfaceStore::new(limits.clone());
                let mut scanned = crate::a2ui::SurfaceStore::new(limits.clone());
                let (n, m) = (
                    read.apply_text(text, &ctx),
                    scanned.apply_scanned(text.as_bytes(), &ctx),
                );
                assert_eq!(n, m, "{text}");
                assert_same_findings(&read, &scanned, text);
                assert_eq!(
                    serde_json::to_string(&read.report()).unwrap(),
                    serde_json::to_string(&scanned.report()).unwrap(),
                    "{text}"
                );
            }
        }
        // The line reader read some of them to their end (and not every one).
        let whole = LINES_TAKEN.with(|n| n.get()) - before;
        assert!(whole >= 6 && whole < 2 * cases.len(), "{whole}");
    }

    /// Every component type and icon name is found by [`Reader::quoted_among`] where it
    /// stands, and nothing else is: a word cut short or run on, escaped, or unquoted.
    #[test]
    fn quoted_words_are_found_among_many() {
        fn check<const N: usize>(words: &[&'static str], grouped: &ByLength<N>) {
            let (limits, urls) = (Limits::default(), UrlPolicy::default());
            // Grouped, the words are the same words.
            let mut sorted: Vec<_> = grouped.words.to_vec();
            let mut given = words.to_vec();
            sorted.sort();
            given.sort();
            assert_eq!(sorted, given);
            for w in words {
                assert!(w.len() <= LONGEST_WORD, "{w}");
                for (text, found) in [
                    (format!("\"{w}\","), Some(*w)),
                    (format!("\"{w}x\""), None),
                    (format!("\"{}\"", &w[..w.len() - 1]), None),
                    (format!("\"\\u{:04x}{}\"", w.as_bytes()[0], &w[1..]), None),
                    (format!("{w}\""), None),
                    (format!("\"{w}"), None),
                ] {
                    let mut r = Reader::new(&text, 0, &limits, &urls);
                    let got = r.quoted_among(grouped);
                    // A word the list holds in another length is not found for it.
                    let found = found
                        .or_else(|| words.iter().copied().find(|x| text == format!("\"{x}\"")));
                    assert_eq!(got, found, "{text}");
                    assert_eq!(r.at, found.map_or(0, |w| w.len() + 2), "{text}");
                }
            }
        }
        check(&TYPED, &TYPED_BY_LENGTH);
        check(&ICON_NAMES, &ICONS_BY_LENGTH);
    }

    /// A data value that repeats the keys of the last value that was an object (in another
    /// envelope) is held to the same rules as any: a key given twice after the repeated
    /// run or in it, a run cut short, escaped and refused keys, values of other kinds in
    /// between, and more than eight keys.
    #[test]
    fn values_repeating_the_last_values_keys_are_held_to_them() {
        use crate::test_rng::keyed;
        let (twelve, twenty) = (keyed(12, ""), keyed(20, r#","k19":0"#));
        let (k3, k3_short, three) = (
            keyed(12, r#","k3":0"#),
            keyed(4, r#","k3":0"#),
            keyed(3, r#","k0":0"#),
        );
        // The values of a batch, ` | ` between them, and the first with a key twice.
        let cases = [
            (r#"{"a":1,"b":2} | {"a":3,"b":4}"#.to_owned(), None),
            (r#"{"a":1,"b":2} | {"a":3,"b":4,"a":5}"#.into(), Some(1)),
            (r#"{"a":1,"b":2} | {"a":3,"c":4,"b":5}"#.into(), None),
            (r#"{"a":1,"b":2} | {"a":3,"c":4,"c":5}"#.into(), Some(1)),
            (
                r#"{"a":1,"b":2} | {"a":3} | {"a":1,"b":2,"b":3}"#.into(),
                Some(2),
            ),
            (r#"{"a":1,"b":2} | [1,2] | 7 | {"a":1,"b":2}"#.into(), None),
            (
                r#"{"a":1,"b":2} | [{"a":1,"a":2}] | {"a":1,"b":2}"#.into(),
                Some(1),
            ),
            (r#"{"\u0061":1,"b":2} | {"a":1,"\u0061":2}"#.into(), Some(1)),
            (
                r#"{"a":1,"\u0062":2} | {"a":1,"b":2,"b":3}"#.into(),
                Some(1),
            ),
            (r#"{"__proto__":1} | {"__proto__":2}"#.into(), None),
            // Escaped keys repeated, as Python's `json.dumps` writes keys not in ASCII.
            (
                r#"{"\u0061":1,"b":2} | {"\u0061":3,"b":4} | {"\u0061":5,"b":6,"a":7}"#.into(),
                Some(2),
            ),
            (
                r#"{"\u00e9t\u00e9":1,"x":2} | {"\u00e9t\u00e9":3,"x":4} | {"x":1,"\u00e9t\u00e9":2,"\u00e9t\u00e9":3}"#.into(),
                Some(2),
            ),
            (r#"{"a\"":1,"\\":2} | {"a\"":3,"\\":4} | {"a\"":3,"\\":4}"#.into(), None),
            (r#"{"\u005f_proto__":1} | {"\u005f_proto__":2}"#.into(), None),
            (r#"{"\u0061":1} | {"a":2} | {"\u0061":3,"a":4}"#.into(), Some(2)),
            (
                r#"{"\ud83d\ude00":1,"b":2} | {"\ud83d\ude00":2,"b":3} | {"b":1,"\ud83d\ude00":2}"#.into(),
                None,
            ),
            (format!("{twelve} | {twelve}"), None),
            (format!("{twelve} | {k3}"), Some(1)),
            (format!("{twelve} | {k3_short}"), Some(1)),
            (format!("{twelve} | {twenty}"), Some(1)),
            (format!("{three} | {twelve}"), Some(0)),
            // Values with keys of their own, past [`Missed::LIMIT`] of them in a row (no
            // longer recorded), then values that repeat keys, and one with a key twice.
            (r#"{"a":1} | {"b":1} | {"c":1} | {"c":2} | {"c":1,"c":2}"#.into(), Some(4)),
            (r#"{"a":1} | {"b":1} | {"c":1} | {"a":1,"b":2} | {"a":1,"b":2}"#.into(), None),
            (r#"{"a":1} | {"b":1} | {"a":1} | {"a":1,"a":2}"#.into(), Some(3)),
        ];
        for (values, twice) in cases {
            let values: Vec<&str> = values.split(" | ").collect();
            let text = batch_of_values(&values);
            let before = taken();
            let [direct, serde] = both(&text);
            assert_eq!(direct, serde, "{text}");
            // A value with a key twice and the rest of the batch after it are serde_json's.
            assert_eq!(taken() - before, twice.unwrap_or(values.len()), "{text}");
        }
    }

    /// A container's objects are recorded until [`Missed::LIMIT`] in a row (one, in an
    /// object) repeat none of the keys before them, and not after, whatever comes.
    #[test]
    fn objects_are_recorded_up_to_the_limit_of_misses_in_a_row() {
        let mut array = Missed::default();
        let seen: Vec<bool> = [true, false, true, false, true, true, false, true]
            .into_iter()
            .map(|missed| array.record(missed, Missed::LIMIT))
            .collect();
        assert_eq!(seen, [true, true, true, true, true, false, false, false]);
        let mut object = Missed::default();
        let seen: Vec<bool> = [false, false, true, false]
            .into_iter()
            .map(|missed| object.record(missed, 1))
            .collect();
        assert_eq!(seen, [true, true, false, false]);
    }

    /// The reader records the keys of an array's elements and of a batch's data values
    /// until two in a row repeat none of the keys before them, and not after; an element
    /// that repeats them, or repeats some, resets the count.
    #[test]
    fn recording_stops_after_two_objects_in_a_row_repeat_no_keys() {
        let recorded = |values: &[&str]| {
            let text = batch_of_values(values);
            let before = SHAPES_RECORDED.with(|n| n.get());
            let [direct, serde] = both(&text);
            assert_eq!(direct, serde, "{text}");
            SHAPES_RECORDED.with(|n| n.get()) - before
        };
        let elements = |list: &str| recorded(&[list]);
        // Each element new: the first, and the first that repeats nothing; then no more.
        assert_eq!(elements(r#"[{"a":1},{"b":1},{"c":1},{"d":1},{"e":1}]"#), 2);
        // A header, then rows: each row repeats the first row's keys.
        assert_eq!(elements(r#"[{"h":1},{"a":1},{"a":2},{"a":3}]"#), 2);
        // A row that repeats some of the keys before it resets the count.
        assert_eq!(
            elements(r#"[{"a":1},{"b":1},{"b":2,"x":1},{"c":1},{"d":1},{"e":1}]"#),
            4
        );
        // The data values of a batch alike.
        assert_eq!(
            recorded(&[r#"{"a":1}"#, r#"{"b":1}"#, r#"{"c":1}"#, r#"{"d":1}"#]),
            2
        );
        assert_eq!(
            recorded(&[r#"{"a":1}"#, r#"{"a":2}"#, r#"{"b":1}"#, r#"{"c":1,"d":2}"#]),
            2
        );
    }

    /// The objects of an array that repeat their sibling's keys ([`Shape`]) are held to the
    /// same rules as any: a key given twice in one, after the repeated run or in it, is left
    /// to serde_json; escaped and refused keys read as serde_json reads them.
    #[test]
    fn records_repeating_their_keys_are_held_to_them() {
        let twice_in = |value: &str| {
            let text = format!(
                r#"[{{"version":"v0.9","updateDataModel":{{"surfaceId":"s","value":{value}}}}}]"#
            );
            let before = taken();
            let [direct, serde] = both(&text);
            assert_eq!(direct, serde, "{value}");
            taken() == before
        };
        use crate::test_rng::keyed;
        for (value, twice) in [
            (
                r#"[{"a":1,"b":2},{"a":3,"b":4},{"a":5,"b":6}]"#.to_owned(),
                false,
            ),
            (r#"[{"a":1,"b":2},{"a":1,"b":2,"a":3}]"#.to_owned(), true),
            (r#"[{"a":1,"b":2},{"a":1,"c":2,"a":3}]"#.to_owned(), true),
            (r#"[{"a":1,"b":2},{"a":1,"c":2,"b":3}]"#.to_owned(), false),
            (
                r#"[{"a":1,"b":2},{"b":1,"a":2},{"a":1,"b":2,"b":0}]"#.to_owned(),
                true,
            ),
            (
                r#"[{"a":1,"b":2,"c":3},{"a":1},{"a":1,"b":2,"c":3,"a":4}]"#.to_owned(),
                true,
            ),
            (
                r#"[{"a":1,"b":2,"c":3},{"a":1},{"a":1,"b":2,"c":3,"d":4}]"#.to_owned(),
                false,
            ),
            (r#"[{"ab":1},{"a":1},{"ab":2}]"#.to_owned(), false),
            (r#"[{"a":1},{"ab":1,"a":2}]"#.to_owned(), false),
            (r#"[ {"a" : 1} , {"a":1, "a" :2} ]"#.to_owned(), true),
            (r#"[{"a":1},{"\u0061":1,"a":2}]"#.to_owned(), true),
            (
                r#"[{"\u0061":1},{"\u0061":2},{"a":1,"\u0061":2}]"#.to_owned(),
                true,
            ),
            (r#"[{"__proto__":1},{"__proto__":2}]"#.to_owned(), false),
            (
                r#"[{"\u0061":1,"b":2},{"\u0061":3,"b":4},{"\u0061":5,"b":6,"a":7}]"#.to_owned(),
                true,
            ),
            (
                r#"[{"\u00e9":1,"\n":2},{"\u00e9":3,"\n":4},{"\u00e9":5,"\n":6}]"#.to_owned(),
                false,
            ),
            (
                r#"[{"\u00e9":{"\u00e8":1}},{"\u00e9":{"\u00e8":2}},{"\u00e9":{"\u00e8":2,"\u00e8":3}}]"#.to_owned(),
                true,
            ),
            (
                r#"[{"a":1,"__proto__":1},{"a":2,"__proto__":2,"a":3}]"#.to_owned(),
                true,
            ),
            (
                r#"[{"a":[{"x":1},{"x":2}]},{"a":[{"x":1,"x":3}]}]"#.to_owned(),
                true,
            ),
            (
                r#"[{"a":{"b":1}},{"a":{"a":1,"b":2}},{"a":2}]"#.to_owned(),
                false,
            ),
            (r#"[[{"a":1}],[{"a":1,"a":2}]]"#.to_owned(), true),
            // Elements with keys of their own, past [`Missed::LIMIT`] of them in a row (no
            // longer recorded), then elements that repeat keys.
            (r#"[{"a":1},{"b":1},{"c":1},{"c":2},{"c":1,"c":2}]"#.to_owned(), true),
            (r#"[{"a":1},{"b":1},{"c":1},{"c":2},{"c":1,"d":2}]"#.to_owned(), false),
            (r#"[{"h":1},{"a":1},{"a":2},{"b":1},{"a":1,"a":2}]"#.to_owned(), true),
            (r#"{"a":{"x":1,"y":2},"b":{"x":1,"y":2}}"#.to_owned(), false),
            (
                r#"{"a":{"x":1,"y":2},"b":{"x":1,"y":2,"x":3}}"#.to_owned(),
                true,
            ),
            (
                r#"{"a":{"x":1},"b":2,"c":[],"d":{"x":1,"x":2}}"#.to_owned(),
                true,
            ),
            (
                r#"{"a":{"x":{"p":1}},"b":{"x":{"p":1,"p":2}}}"#.to_owned(),
                true,
            ),
            (r#"{"a":{"x":1},"b":{"x":1},"a":{"x":1}}"#.to_owned(), true),
            (r#"[{"a":{"x":1}},{"a":{"x":1,"x":2}}]"#.to_owned(), true),
            (r#"{"a":[{"x":1}],"b":{"x":1,"x":2}}"#.to_owned(), true),
            (
                r#"[{"a":1,"b":[{"x":1}]},{"a":1,"b":[{"y":1}],"c":1,"a":2}]"#.to_owned(),
                true,
            ),
            (
                r#"[{"a":1,"b":[{"x":1},{"x":1}]},{"a":1,"b":[{"x":1},{"x":2,"x":3}]}]"#.to_owned(),
                true,
            ),
            (
                r#"[[{"a":1}],{"b":1},[{"a":1}],{"b":2,"b":3}]"#.to_owned(),
                true,
            ),
            (format!("[{},{}]", keyed(12, ""), keyed(12, "")), false),
            // Escaped keys of an outer object and of records inside it: each record's
            // shape is its own keys' (taken for an outer key's, `"\u0061"` would read as `b`).
            (r#"{"\u0061":[{"\u0062":1},{"\u0061":2}]}"#.to_owned(), false),
            (r#"{"\u0061":[{"\u0062":1},{"\u0062":2,"\u0062":3}]}"#.to_owned(), true),
            (
                r#"{"\u0063":0,"\u0061":[{"\u0062":1,"\u0064":0},{"\u0061":2}]}"#.to_owned(),
                false,
            ),
            // A run of repeated keys past the filter's 128, then one given twice.
            (format!("[{},{}]", keyed(140, ""), keyed(140, "")), false),
            (
                format!("[{},{}]", keyed(140, ""), keyed(140, r#","k5":0"#)),
                true,
            ),
            (
                format!("[{},{}]", keyed(140, ""), keyed(130, r#","k135":0,"k129":0"#)),
                true,
            ),
            (
                format!("[{},{}]", keyed(12, ""), keyed(12, r#","k3":0"#)),
                true,
            ),
            (
                format!("[{},{}]", keyed(12, ""), keyed(3, r#","k3":0,"k1":0"#)),
                true,
            ),
            (
                format!("[{},{}]", keyed(3, ""), keyed(12, r#","k11":0"#)),
                true,
            ),
            (
                format!(
                    "[{},{},{}]",
                    keyed(12, ""),
                    keyed(12, ""),
                    keyed(9, r#","x":0,"k10":0,"k11":0,"k3":0"#)
                ),
                true,
            ),
            (
                format!(
                    "[{},{},{}]",
                    keyed(20, ""),
                    keyed(9, r#","x":0"#),
                    keyed(10, r#","k9":0"#)
                ),
                true,
            ),
        ] {
            assert_eq!(twice_in(&value), twice, "{value}");
        }
        // Generated: each object takes its sibling's keys and drops, repeats, swaps, adds or
        // respells one (`a` as `\u0061`), in an array or in an object keyed by id (an id
        // now and then given twice); a value is now and then such records itself, so that
        // inner runs open and close inside outer ones.
        fn records(g: &mut Xorshift, depth: u32) -> String {
            let map = g.next() % 2 == 0;
            let words = ["a", "b", "name", "k1", "__proto__", "é", "\\u0061", "\\n"];
            let mut keys: Vec<&str> = Vec::new();
            let mut objects = Vec::new();
            for _ in 0..1 + g.next() % 5 {
                match g.next() % 6 {
                    0 if !keys.is_empty() => {
                        let at = (g.next() % keys.len() as u64) as usize;
                        keys.remove(at);
                    }
                    1 if !keys.is_empty() => {
                        let k = keys[(g.next() % keys.len() as u64) as usize];
                        keys.push(k);
                    }
                    2 if keys.len() > 1 => {
                        let last = keys.len() - 1;
                        keys.swap(0, last);
                    }
                    3 if keys.first() == Some(&"a") => keys[0] = "\\u0061",
                    _ => keys.push(words[(g.next() % words.len() as u64) as usize]),
                }
                let members: Vec<String> = keys
                    .iter()
                    .map(|k| match g.next() % 4 {
                        0 if depth < 2 => format!("\"{k}\":{}", records(g, depth + 1)),
                        _ => format!("\"{k}\":0"),
                    })
                    .collect();
                let object = format!("{{{}}}", members.join(","));
                objects.push(match map {
                    true => format!("\"m{}\":{object}", g.next() % 6),
                    false => object,
                });
            }
            match map {
                true => format!("{{{}}}", objects.join(",")),
                false => format!("[{}]", objects.join(",")),
            }
        }
        let mut g = Xorshift(0x9E37_79B9_7F4A_7C15);
        for _ in 0..3000 {
            twice_in(&records(&mut g, 0));
        }
    }

    #[test]
    fn nesting_stops_where_serde_json_stops() {
        for k in MAX_DEPTH - 4..MAX_DEPTH + 2 {
            let mixed = |inner: &str| {
                let mut v = inner.to_owned();
                for i in 0..k {
                    v = if i % 2 == 0 {
                        format!("[ {v} ]")
                    } else {
                        format!("{{\"a\" : {v}}}")
                    };
                }
                v
            };
            let plain = [("[", "]"), ("{\"a\":", "}")]
                .map(|(open, close)| format!("{}1{}", open.repeat(k), close.repeat(k)));
            for value in plain
                .into_iter()
                .chain([mixed("1"), mixed("[]"), mixed("{}")])
            {
                let text = format!(
                    r#"[{{"version":"v0.9","updateDataModel":{{"surfaceId":"s","value":{value}}}}}]"#
                );
                let before = taken();
                let [direct, serde] = both(&text);
                assert_eq!(direct, serde, "{k}");
                // What serde_json reads, the hand reader read itself.
                assert_eq!(taken() - before, usize::from(direct.1), "{k}");
                // The same value as a component's property, three containers further in
                // than a data value's (body, list, component).
                let text = format!(
                    r#"[{{"version":"v0.9","updateComponents":{{"surfaceId":"s","components":[{{"id":"a","text":{value}}}]}}}}]"#
                );
                let before = taken_messages();
                let [direct, serde] = both(&text);
                assert_eq!(direct, serde, "{k}");
                assert_eq!(taken_messages() - before, usize::from(direct.1), "{k}");
            }
        }
    }

    /// Text past U+FFFF as a writer that escapes all but ASCII writes it (Python's
    /// `json.dumps`): each character a pair of surrogate escapes, read by hand as serde_json
    /// reads it, in a data value and in a component; a surrogate alone is still serde_json's.
    #[test]
    fn surrogate_pairs_are_read_by_hand() {
        let escaped: String = "emoji 😀👍🏽, 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 and 𠜎 past the BMP, é 日"
            .chars()
            .map(|c| match c {
                ' '..='~' => c.to_string(),
                _ => c
                    .encode_utf16(&mut [0; 2])
                    .iter()
                    .map(|u| format!("\\u{u:04x}"))
                    .collect(),
            })
            .collect();
        assert!(escaped.contains("\\ud83d\\ude00"), "{escaped}");
        let data = format!(
            r#"[{{"version":"v0.9","updateDataModel":{{"surfaceId":"s","value":{{"t":"{escaped}","\ud83d\ude00":1}}}}}}]"#
        );
        let before = taken();
        let [direct, serde] = both(&data);
        assert_eq!(direct, serde);
        // The tape holds the characters as UTF-8: 😀 is F0 9F 98 80.
        assert!(
            direct.1 && direct.2[0].contains("240, 159, 152, 128"),
            "{direct:?}"
        );
        assert_eq!(taken() - before, 1, "read by hand");
        let component = format!(
            r#"[{{"version":"v0.9","updateComponents":{{"surfaceId":"s","components":[{{"id":"a","component":"Text","text":"{escaped}"}}]}}}}]"#
        );
        let before = taken_messages();
        let [direct, serde] = both(&component);
        assert_eq!(direct, serde);
        assert_eq!(taken_messages() - before, 1, "read by hand");
        // Half a pair, either half, or a high one followed by anything but a low one: left
        // to serde_json, which refuses each.
        for lone in [
            r#"\ud83d"#,
            r#"\ude00"#,
            r#"\ud83d\u0041"#,
            r#"\ud83d\ud83d"#,
            r#"\ud83dx"#,
            r#"\ud83d\n"#,
            r#"\ud83d\\"#,
            r#"\udbff\ue000"#,
        ] {
            let text = format!(
                r#"[{{"version":"v0.9","updateDataModel":{{"surfaceId":"s","value":"{lone}"}}}}]"#
            );
            let before = taken();
            let [direct, serde] = both(&text);
            assert_eq!(direct, serde, "{lone}");
            assert!(!serde.1, "{lone}");
            assert_eq!(taken(), before, "{lone}");
        }
        // The text ends inside the pair.
        for cut in [
            r#""\ud83d"#,
            r#""\ud83d\"#,
            r#""\ud83d\u"#,
            r#""\ud83d\ude0"#,
        ] {
            let text =
                format!(r#"[{{"version":"v0.9","updateDataModel":{{"surfaceId":"s","value":{cut}"#);
            let [direct, serde] = both(&text);
            assert_eq!(direct, serde, "{cut}");
            assert!(!serde.1, "{cut}");
        }
    }

    /// Every character of the BMP but the surrogates, and every high surrogate with low ones
    /// at both ends of their range and between, each as an escape in either case: unescaped
    /// to the bytes serde_json makes, with the length serde_json writes the string back at,
    /// and said to hold no bidirectional control exactly when it holds none (unless the
    /// text between the escapes is past ASCII: then it may be unsure, never wrong). Run in
    /// Chromium too, where the blocks are tested by SIMD.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn every_unicode_escape_unescapes_as_serde_json_does() {
        let mut escapes = Vec::new();
        for c in (0..0xD800u32).chain(0xE000..0x1_0000) {
            escapes.push(format!("\\u{c:04x}"));
        }
        for high in 0xD800..0xDC00u32 {
            for low in [0xDC00, 0xDC01, 0xDE00 + high % 0x100, 0xDFFE, 0xDFFF] {
                escapes.push(format!("\\u{high:04X}\\u{low:04x}"));
            }
        }
        // In runs of 64, with a plain run in the middle of every third.
        let mut seen_bidi = 0;
        for (i, run) in escapes.chunks(64).enumerate() {
            let (first, second) = run.split_at(run.len() / 2);
            let between = if i % 3 == 0 { "plain é text" } else { "" };
            let text = format!("{}{between}{}", first.concat(), second.concat());
            seen_bidi += usize::from(text.contains("\\u202e") && i % 3 != 0);
            let quoted = format!("\"{text}\"");
            let want: String = serde_json::from_str(&quoted).expect(&quoted);
            let (bytes, mut at, mut out) = (quoted.as_bytes(), 2, Vec::new());
            let (extra, clean) = unescape(bytes, &mut at, &mut out).expect(&quoted);
            assert_eq!(at, bytes.len(), "{quoted}");
            assert_eq!(out, want.as_bytes(), "{quoted}");
            let written = serde_json::to_string(&want).expect("a string");
            assert_eq!(written.len(), want.len() + 2 + extra, "{quoted}");
            // Exact where the text between the escapes is ASCII; never wrongly clean.
            let bidi = crate::text::holds_bidi_control(want.as_bytes());
            if quoted.is_ascii() {
                assert_eq!(clean, !bidi, "{quoted}");
            } else {
                assert!(!clean || !bidi, "{quoted}");
            }
        }
        assert!(seen_bidi > 0);
    }

    /// Strings of plain bytes, short escapes, `\\u` escapes and bytes no string may hold, so
    /// that each escape falls at every place of a block of sixteen and across its end, with
    /// text after the string shorter and longer than the 32 bytes the blocks need: each
    /// unescapes to what serde_json reads, or is refused where serde_json refuses it. Run
    /// in Chromium too, where the blocks are tested by SIMD.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn short_escapes_in_every_place_unescape_as_serde_json_does() {
        let parts = [
            "a",
            "bc",
            "d",
            "é",
            "\\\"",
            "\\\\",
            "\\/",
            "\\n",
            "\\t",
            "\\r",
            "\\b",
            "\\f",
            "\\u00e9",
            "\\u0022",
            "\\ud83d\\ude00",
            "\\u005c",
            "\\u0000",
            "\\u001F",
            "\\u0041",
            "\\u07ff",
            "\\u0800",
            "\\uFFFF",
            "\\udbff\\udfff",
            // Bidirectional controls, escaped and not, and characters beside them.
            "\\u202E",
            "\\u061c",
            "\\u200f",
            "\\u2069",
            "\\u2065",
            "\\u202f",
            "\\u200d",
            "\u{202E}",
            "\u{2066}",
        ];
        let bad = [
            "\\x",
            "\\",
            "\u{1}",
            "\\u12",
            "\\ud83d",
            "\\ude00",
            "\\ud83d\\u0041",
            "\\ud83d\\ud83d",
            "\\u00g0",
            "\\U00e9",
            "\\ud83d\\n",
            "\\ud83d\\\\",
            "\\ud83dx",
            "\\ud83d\\udc0g",
        ];
        let mut rng = Xorshift(0x5eed_e5c4);
        let mut tried = [0usize; 2];
        let mut tried_bidi = 0;
        for round in 0..6_000 {
            let mut body = String::new();
            for _ in 0..rng.next() % 40 {
                body.push_str(parts[rng.next() as usize % parts.len()]);
            }
            if round % 7 == 0 {
                let at = body.len();
                body.push_str(bad[rng.next() as usize % bad.len()]);
                // Sometimes the text ends there; sometimes more follows, past a block.
                match rng.next() % 3 {
                    0 => body.truncate(at + 1),
                    1 => {
                        for _ in 0..8 {
                            body.push_str(parts[rng.next() as usize % parts.len()]);
                        }
                    }
                    _ => {}
                }
            }
            let after = ",\"next\": \"é\\\"more\"}".repeat(rng.next() as usize % 4);
            // The first escape, which the string's plain run before it hands over at.
            let first =
                ["\\n", "\\\"", "\\u00e9", "\\ud83d\\ude00", "\\\\"][rng.next() as usize % 5];
            // The plain bytes before it, which the caller has written (and asked whether
            // they are ASCII).
            let prefix = ["", "ab", "é", "\u{202E}", "plain text longer than a block"]
                [rng.next() as usize % 5];
            let quoted = format!("\"{prefix}{first}{body}\"{after}");
            let mut read = serde_json::Deserializer::from_str(&quoted).into_iter::<String>();
            let want = read.next().and_then(Result::ok);
            let (bytes, mut at) = (quoted.as_bytes(), 2 + prefix.len());
            let mut out = [b"kept", prefix.as_bytes()].concat();
            let got = unescape(bytes, &mut at, &mut out);
            tried[usize::from(after.len() >= 32)] += 1;
            let Some(want) = want else {
                assert_eq!(got, None, "{quoted}");
                continue;
            };
            let (extra, clean) = got.expect(&quoted);
            assert_eq!(&out[4..], want.as_bytes(), "{quoted}");
            assert_eq!(&out[..4], b"kept");
            // Where serde_json's string ends (a lone backslash can end it in the text after).
            assert_eq!(at, read.byte_offset(), "{quoted}");
            let written = serde_json::to_string(&want).expect("a string");
            assert_eq!(written.len(), want.len() + 2 + extra, "{quoted}");
            // Of what it wrote, from the first escape on: exact where the text between the
            // escapes is ASCII; never wrongly clean.
            let bidi = crate::text::holds_bidi_control(&want.as_bytes()[prefix.len()..]);
            if quoted[1 + prefix.len()..at].is_ascii() {
                assert_eq!(clean, !bidi, "{quoted}");
            } else {
                assert!(!clean || !bidi, "{quoted}");
            }
            tried_bidi += usize::from(bidi);
        }
        assert!(tried.iter().all(|&n| n > 1_000), "{tried:?}");
        assert!(tried_bidi > 1_000, "{tried_bidi}");
    }

    #[test]
    fn floats_are_read_as_serde_json_reads_them() {
        let mut rng = Xorshift(0x2545_F491_4F6C_DD1D);
        let mut text =
            String::from(r#"[{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":["#);
        for i in 0..20_000 {
            let x = rng.next();
            if i > 0 {
                text.push(',');
            }
            // Short decimals about the fast path's edges (15 digits, powers up to 22), with
            // zeros leading the fraction and exponents of every sign.
            let width = (x >> 8) as usize % 12;
            let fraction = (x >> 12) % 10u64.pow(width as u32);
            let exp = (x >> 40) as i64 % 60 - 30;
            let n = match x % 7 {
                4 => format!("{}.{fraction:0width$}", (x >> 20) % 100_000_000),
                5 => format!("{}.{fraction:0width$}e{exp}", (x >> 20) % 10_000),
                6 => format!("-{}E+{}", (x >> 20) % 1_000_000_000_000_000, exp.abs()),
                0 => format!("{:e}", f64::from_bits(x >> 1)),
                // Up to 17 digits, from past the smallest float to near the largest.
                1 => format!(
                    "{}e{}",
                    x % 100_000_000_000_000_000,
                    (x >> 50) as i64 % 600 - 345
                ),
                2 => format!("{}.{}", x % 1000, x % 1_000_000_000_000_000_000),
                3 => format!("-{}", x % 1_000_000_000_000_000_000),
                _ => unreachable!(),
            };
            let n = if n.contains("inf") || n.contains("NaN") {
                "1".into()
            } else {
                n
            };
            text.push_str(&n);
        }
        text.push_str("]}}]");
        let before = taken();
        let [direct, serde] = both(&text);
        assert_eq!(taken() - before, 1, "read by hand");
        assert!(direct.1 && direct.2[0].contains(" taped "));
        assert_eq!(direct, serde);
    }

    /// A float of integer digits `int`, fraction digits `fraction` and exponent `exponent`
    /// (`scaled`: written with one), from its parts, as the reader read floats before
    /// `number_at` (the parts found first, then the digits of each read): what `number_at`
    /// is held to.
    fn float_by_hand(
        int: &[u8],
        fraction: &[u8],
        exponent: i32,
        scaled: bool,
        negative: bool,
    ) -> Option<Number> {
        let decimal = |d: &[u8]| d.iter().fold(0u64, |n, &c| n * 10 + u64::from(c - b'0'));
        let q = exponent.checked_sub(i32::try_from(fraction.len()).ok()?)?;
        let w = if int == b"0" {
            let zeros = fraction.iter().take_while(|&&d| d == b'0').count();
            let digits = &fraction[zeros..];
            if digits.len() > 19 {
                return None;
            }
            decimal(digits)
        } else {
            if int.len() + fraction.len() > 19 {
                return None;
            }
            decimal(int) * 10u64.pow(fraction.len() as u32) + decimal(fraction)
        };
        if !scaled {
            if let Some((f, size)) = short_decimal_value(w, negative, int.len(), fraction) {
                return Some(Number::Decimal(f, size as u8));
            }
        }
        let f = crate::number::decimal_f64(w, q)?;
        Some(Number::F64(if negative { -f } else { f }))
    }

    /// `number_at`, in one pass, answers for a number exactly as the reader did from its
    /// parts (a float by `float_by_hand`, an integer as serde_json reads it), and leaves to
    /// the general way every text it did not read by hand (more digits, longer exponents,
    /// `-0`, no JSON number), which serde_json reads.
    #[test]
    fn a_number_read_in_one_pass_is_the_number_read_by_its_parts() {
        let same = |a: &Number, b: &Number| match (a, b) {
            (Number::U64(x), Number::U64(y)) => x == y,
            (Number::I64(x), Number::I64(y)) => x == y,
            (Number::F64(x), Number::F64(y)) => x.to_bits() == y.to_bits(),
            (Number::Decimal(x, n), Number::Decimal(y, m)) => x.to_bits() == y.to_bits() && n == m,
            _ => false,
        };
        let mut rng = Xorshift(0xf10a_7a7e);
        let mut answered = 0;
        for _ in 0..200_000 {
            let mut pick = |n: u64| (rng.next() % n) as usize;
            let run = |pick: &mut dyn FnMut(u64) -> usize, n: usize, first: u8| -> String {
                (0..n)
                    .map(|k| char::from(if k == 0 { first } else { b'0' + pick(10) as u8 }))
                    .collect()
            };
            let sign = ["", "-", "-"][pick(3)];
            let int = match pick(6) {
                0 => "0".to_string(),
                1 => "01".to_string(),
                2 => String::new(),
                _ => {
                    let n = 1 + pick(21);
                    let first = b'1' + pick(9) as u8;
                    run(&mut pick, n, first)
                }
            };
            let fraction = match pick(4) {
                0 => String::new(),
                1 => ".".to_string(),
                _ => {
                    let zeros = "0".repeat(pick(25));
                    let n = pick(22);
                    let first = b'0' + pick(10) as u8;
                    format!(".{zeros}{}", run(&mut pick, n, first))
                }
            };
            let exponent = match pick(3) {
                0 => String::new(),
                _ => {
                    let (e, s) = (["e", "E"][pick(2)], ["", "+", "-"][pick(3)]);
                    let n = pick(7);
                    let first = b'0' + pick(10) as u8;
                    format!("{e}{s}{}", run(&mut pick, n, first))
                }
            };
            let number = format!("{sign}{int}{fraction}{exponent}");
            // After it, the end of an array, the end of the text, or more numbers.
            let text = number.clone() + ["]", "", ",12345678"][pick(3)];
            // A `0` and a digit after it: both ways read the `0` alone, and stop there.
            let (number, int, fraction, exponent) = match int.as_str() {
                "01" => (format!("{sign}0"), "0".into(), String::new(), String::new()),
                _ => (number, int, fraction, exponent),
            };
            // The parts as the general way finds them, for a float it reads by hand.
            let valid_int = int == "0" || int.starts_with(|c: char| ('1'..='9').contains(&c));
            let frac_digits = fraction.strip_prefix('.');
            let exp_digits = exponent.get(1..).map(|e| e.trim_start_matches(['+', '-']));
            let valid = valid_int
                && frac_digits.is_none_or(|d| !d.is_empty())
                && exp_digits.is_none_or(|d| !d.is_empty())
                && (frac_digits.is_some() || exp_digits.is_some());
            let integer = valid_int && frac_digits.is_none() && exp_digits.is_none();
            let want = if integer {
                // As the general way reads an integer: up to 19 digits a `u64`, up to 18 an
                // `i64` when negative, and `-0` and the rest left to serde_json.
                match (sign, int.len()) {
                    ("", ..=19) => Some(Number::U64(int.parse().expect("digits"))),
                    (_, ..=18) if int != "0" => {
                        Some(Number::I64(-int.parse::<i64>().expect("digits")))
                    }
                    _ => None,
                }
            } else if valid && exp_digits.is_none_or(|d| d.len() <= 4) {
                let e = exp_digits.map_or(0, |d| {
                    let e: i32 = d.parse().expect("digits");
                    if exponent.contains('-') {
                        -e
                    } else {
                        e
                    }
                });
                float_by_hand(
                    int.as_bytes(),
                    frac_digits.unwrap_or("").as_bytes(),
                    e,
                    exp_digits.is_some(),
                    sign == "-",
                )
            } else {
                None
            };
            let got = number_at(text.as_bytes());
            match (&got, &want) {
                (None, None) => {}
                (Some((len, a)), Some(b)) => {
                    assert_eq!(*len, number.len(), "{number}");
                    assert!(same(a, b), "{number}");
                    answered += 1;
                }
                _ => panic!("{number}: {} against {}", got.is_some(), want.is_some()),
            }
        }
        assert!(answered > 10_000, "{answered}");
    }

    #[test]
    fn floats_below_one_are_read_by_hand_from_their_first_digit_not_a_zero() {
        let mut rng = Xorshift(0x9E37_79B9_7F4A_7C15);
        let mut by_hand = 0;
        for i in 0..40_000u32 {
            let x = rng.next();
            let zeros = (x % 45) as usize;
            let width = 1 + (x >> 8) as usize % 21;
            let digits: String = (0..width)
                .map(|k| char::from(b'1' + ((x >> (k % 50)) % 9) as u8))
                .collect();
            let exp = match i % 3 {
                0 => String::new(),
                _ => format!("e{}", (x >> 32) as i64 % 40 - 20),
            };
            let sign = if x & 1 == 0 { "-" } else { "" };
            let text = format!("{sign}0.{}{digits}{exp}", "0".repeat(zeros));
            let want: f64 = serde_json::from_str(&text).expect(&text);
            let read = number_at(format!("{text},").as_bytes()).map(|(len, n)| {
                assert_eq!(len, text.len(), "{text}");
                n
            });
            match read {
                Some(Number::F64(f) | Number::Decimal(f, _)) => {
                    assert_eq!(f.to_bits(), want.to_bits(), "{text}");
                    by_hand += 1;
                }
                // Past 19 digits, or a power of ten the fast reader does not reach.
                None => assert!(width > 19 || want.abs() < 1e-40, "{text} was left"),
                Some(_) => panic!("{text} read as an integer"),
            }
        }
        assert!(by_hand > 30_000, "{by_hand} read by hand");
    }

    /// Pieces of components: what agents send, and what is at each edge of what
    /// `typed_component` takes (a kind of property it leaves, a word not in the catalog, an
    /// escape, a bidi control, a path admission refuses, a member given twice).
    const IDS: [&str; 8] = [
        r#""c1""#,
        r#""row""#,
        r#""c\u0032""#,
        r#""__proto__""#,
        r#""a-very-long-component-id-0123456789""#,
        r#""é""#,
        "\"a\u{202E}b\"",
        "7",
    ];
    const NAMES: [&str; 21] = [
        r#""Tabs""#,
        r#""ChoicePicker""#,
        r#""CheckBox""#,
        r#""Slider""#,
        r#""DateTimeInput""#,
        r#""Image""#,
        r#""Video""#,
        r#""AudioPlayer""#,
        r#""Text""#,
        r#""Row""#,
        r#""Column""#,
        r#""List""#,
        r#""Card""#,
        r#""Modal""#,
        r#""Divider""#,
        r#""TextField""#,
        r#""Button""#,
        r#""Icon""#,
        r#""Image""#,
        r#""T\u0065xt""#,
        r#""Txt""#,
    ];
    const VALUES: [&str; 37] = [
        r#""Hello""#,
        r#""""#,
        r#""line\nbreak \"quoted\" \u00e9""#,
        "\"“curly” — … ✓ مرحبا\"",
        "\"bidi \u{202E} inside\"",
        r#""bidi \u202e escaped""#,
        r#""a long text that is longer than a tight limit on characters""#,
        r#""h1""#,
        r#""body""#,
        r#""caption""#,
        r#""spaceBetween""#,
        r#""center""#,
        r#""vertical""#,
        r#""obscured""#,
        r#""nope""#,
        r#"{"path":"/user/name"}"#,
        r#"{ "path" : "name" }"#,
        r#"{"path":"/__proto__/x"}"#,
        r#"{"path":"/a~2"}"#,
        r#"{"path":"/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q"}"#,
        r#"{"path":"/x","extra":1}"#,
        r#"{"path":1}"#,
        r#"{"call":"now","returnType":"string"}"#,
        r#"{}"#,
        r#"["a","b","c"]"#,
        r#"[]"#,
        r#"[ "a" , "b\u0063" ]"#,
        r#"["a",1]"#,
        r#"{"componentId":"row","path":"/items"}"#,
        r#"{"path":"rows","componentId":"row"}"#,
        r#"{"componentId":"__proto__","path":"/x"}"#,
        r#"{"componentId":"row"}"#,
        "1",
        "null",
        r#""home""#,
        r#""nope""#,
        r#"{"svgPath":"M0 0"}"#,
    ];
    const MEMBERS: [&str; 17] = [
        "text",
        "variant",
        "children",
        "justify",
        "align",
        "direction",
        "child",
        "trigger",
        "content",
        "axis",
        "label",
        "value",
        "validationRegexp",
        "weight",
        "accessibility",
        "checks",
        "extra",
    ];

    /// Button actions: the first four of the shape `typed_component` reads.
    const ACTIONS: [&str; 16] = [
        r#"{"event":{"name":"go"}}"#,
        r#"{"event":{"name":"submit","context":{"a":1,"b":"x","c":{"path":"/v"},"d":true,"e":-2.5}}}"#,
        r#"{ "event" : { "context" : { } , "name" : "later" } }"#,
        r#"{"event":{"name":"go","context":{"q\u0031":false,"bidi":"safe"}}}"#,
        r#"{"event":{"name":"go","context":{"path":"/__proto__"}}}"#,
        r#"{"event":{"name":"go","context":{"__proto__":1}}}"#,
        r#"{"event":{"name":"go","context":{"a":null}}}"#,
        r#"{"event":{"name":"go","context":{"a":1,"a":2}}}"#,
        r#"{"event":{"name":"go","context":{"componentId":"c","path":"/x"}}}"#,
        r#"{"event":{"name":"go","context":{"t":"a \u202e b"}}}"#,
        r#"{"event":{"name":"go","context":{"b":{"path":"/a~2"}}}}"#,
        r#"{"functionCall":{"call":"openUrl","args":{"url":"https://example.com"}}}"#,
        r#"{"event":{"name":"go","extra":1}}"#,
        r#"{"event":{"name":7}}"#,
        r#"{"event":{}}"#,
        r#"{"event":{"name":"go"},"functionCall":{"call":"now"}}"#,
    ];
    /// Media URLs: the first three of what admission lets through under the default policy.
    const URLS: [&str; 10] = [
        r#""https://example.com/a.png""#,
        r#"{"path":"/media/url"}"#,
        r#""https://cdn.example.org/v.mp4""#,
        r#""javascript:alert(1)""#,
        r#""http://example.com/a.png""#,
        r#""https://ex\u0430mple.com/a.png""#,
        r#""https://user:pw@example.com/""#,
        r#""not a url""#,
        r#""https://xn--80ak6aa92e.com/""#,
        r#""https://192.168.0.1/a.png""#,
    ];
    /// Function calls where a dynamic value belongs: well formed for a string, for a number
    /// or for a boolean, and each way the validator or admission refuses one (an unknown
    /// function, a return type of another kind, a key given twice, an unknown member, a
    /// refused `openUrl` address, a bidi control, too deep).
    const CALLS: [&str; 33] = [
        r#"{"call":"length","args":{"value":"x","min":{"path":"/m"}},"returnType":"boolean"}"#,
        r#"{"call":"not","args":{"value":{"call":"required","args":{"value":{"path":"/x"}}}}}"#,
        r#"{"call":"or","args":{"values":[{"path":"/a"},{"call":"not","args":{"value":{"path":"/b"}}},true]}}"#,
        r#"{"call":"and","args":{"values":[{"call":"email","args":{"value":{"path":"/e"}}},{"call":"length","args":{"value":{"path":"/e"},"max":64}}]},"returnType":"boolean"}"#,
        r#"{"call":"and","args":{"values":[{"call":"openUrl","args":{"url":"http://example.com/"}}]}}"#,
        "{\"call\":\"or\",\"args\":{\"values\":[{\"call\":\"regex\",\"args\":{\"value\":\"a\u{202e}b\",\"pattern\":\"a\"}}]}}",
        r#"{"call":"and","args":{"values":[{"path":"/__proto__/x"},{"call":"nope","args":{}}]}}"#,
        r#"{"call":"not","args":{"value":[{"path":"/a"}]}}"#,
        r#"{ "call" : "formatNumber" , "args" : { "value" : -2.5 , "decimals" : 1 } }"#,
        r#"{"call":"formatString","args":{"v\u0061lue":"x"}}"#,
        r#"{"call":"numeric","args":{"value":{"path":"/n"},"min":-1.5}}"#,
        r#"{"call":"formatString","args":{"value":"${/name} \u00e9"},"returnType":"string"}"#,
        r#"{"call":"formatCurrency","args":{"value":{"path":"/price"}}}"#,
        r#"{"call":"formatNumber","args":{}}"#,
        r#"{"call":"length","args":{"value":"x"},"returnType":"boolean"}"#,
        r#"{"call":"length","args":{"value":"x","min":-1}}"#,
        r#"{"call":"length","args":{"max":1.5,"value":"x"}}"#,
        r#"{"call":"formatString","args":{"value":{"path":"/a"},"other":1}}"#,
        r#"{"call":"formatString","args":{"value":"a","value":"b"}}"#,
        r#"{"returnType":"string","call":"formatDate","args":{"format":"E, MMM d","value":{"path":"/d"}}}"#,
        r#"{"call":"formatCurrency","args":{"value":{"path":"/price"},"currency":"USD"}}"#,
        r#"{"args":{"value":{"path":"/n"},"decimals":2},"call":"formatNumber"}"#,
        r#"{"call":"length","args":{"value":{"path":"/name"},"min":1},"returnType":"boolean"}"#,
        r#"{"call":"not","args":{"value":{"path":"/b"}}}"#,
        r#"{"call":"noSuchFunction","args":{}}"#,
        r#"{"call":"formatString","args":{"value":"x"},"returnType":"number"}"#,
        r#"{"call":"formatString","args":{"value":"x"},"args":{"value":"y"}}"#,
        r#"{"call":"formatString","args":{"value":"x"},"extra":1}"#,
        r#"{"call":"openUrl","args":{"url":"http://example.com/"}}"#,
        "{\"call\":\"formatString\",\"args\":{\"value\":\"a\u{202e}b\"}}",
        r#"{"call":"formatString","args":{"value":[[[[[[[[[[[[[[[["deep"]]]]]]]]]]]]]]]]}}"#,
        r#"{"call":"formatString","path":"/x","args":{"value":"x"}}"#,
        r#"{"path":"/x","extra":true}"#,
    ];
    const CHECKS: [&str; 13] = [
        r#"[{"condition":{"call":"required","args":{"value":{"path":"/x"}}},"message":"Needed"}]"#,
        r#"[{"condition":{"call":"regex","args":{"value":{"path":"/zip"},"pattern":"^[0-9]{5}$"}},"message":"Five digits"}]"#,
        r#"[{"message":"Sorted","condition":{"path":"/ok"}}]"#,
        r#"[{"condition":{"call":"and","args":{"values":[{"path":"/a"},{"call":"email","args":{"value":{"path":"/e"}}}]}},"message":"Both"}]"#,
        r#"[{"condition":true}]"#,
        r#"[ {"condition" : false , "message" : "Never"} , {"condition":{"path":"/ok"},"message":"Two"} ]"#,
        r#"[{"condition":"true","message":"A string"}]"#,
        r#"[]"#,
        r#"[{"condition":{"call":"formatString","args":{"value":"x"}},"message":"Not a boolean"}]"#,
        r#"[{"condition":{"call":"regex","args":{"value":{"path":"/zip"},"pattern":"("}},"message":"Bad pattern"}]"#,
        "[{\"condition\":true,\"message\":\"a\u{202e}b\"}]",
        r#"[{"condition":true,"message":"A message longer than twenty"}]"#,
        r#"{"condition":true,"message":"Not a list"}"#,
    ];
    const ACCESSIBILITY: [&str; 4] = [
        r#"{"label":"Close"}"#,
        r#"{"description":{"path":"/alt"},"label":"Sorted"}"#,
        r#"{"label":"Close","extra":1}"#,
        "{\"label\":\"a\u{202e}b\"}",
    ];
    const WEIGHTS: [&str; 7] = ["1", "2.5", "0", "-1", r#""1""#, "1e400", "null"];

    /// One generated component, mostly of a shape `typed_component` reads.
    fn component(g: &mut Gen) -> String {
        let name = g.piece(&NAMES, 18);
        let mut members = vec![
            format!(r#""id":{}"#, g.piece(&IDS, 3)),
            format!(r#""component":{name}"#),
        ];
        // The properties the catalog gives the type, each with a value of the right kind
        // most of the time, and now and then any key and any value.
        let own: &[&str] = match name.trim_matches('"') {
            "Text" => &["text", "variant"],
            "Row" | "Column" => &["children", "justify", "align"],
            "List" => &["children", "direction", "align"],
            "Card" => &["child"],
            "Modal" => &["trigger", "content"],
            "Divider" => &["axis"],
            "TextField" => &["label", "value", "variant"],
            "Button" => &["child", "variant", "action"],
            "Icon" => &["name"],
            "Image" => &["url", "description", "fit", "variant"],
            "Video" => &["url"],
            "CheckBox" => &["label", "checked"],
            "Slider" => &["label", "min", "max", "number"],
            "DateTimeInput" => &["when", "enableDate", "enableTime", "label", "min"],
            "AudioPlayer" => &["url", "description"],
            "Tabs" => &["tabs"],
            "ChoicePicker" => &["label", "options", "selected", "displayStyle"],
            _ => &["child", "text"],
        };
        for key in own {
            if g.below(5) == 0 {
                continue;
            }
            // Keys of one name holding values of another kind on different types.
            let (key, kind) = match *key {
                "checked" => ("value", "checked"),
                "number" => ("value", "number"),
                "when" => ("value", "text"),
                "selected" => ("value", "selected"),
                k => (k, k),
            };
            // A function call where a dynamic value belongs, now and then.
            if matches!(
                kind,
                "text" | "label" | "value" | "description" | "checked" | "number"
            ) && g.below(8) == 0
            {
                members.push(format!(r#""{key}":{}"#, g.pick(&CALLS)));
                continue;
            }
            let good: &[&str] = match kind {
                "text" | "label" | "value" => {
                    &[r#""Hello""#, r#"{"path":"/user/name"}"#, r#""x\ty""#]
                }
                "variant" => &[r#""h1""#, r#""body""#, r#""obscured""#],
                // Ids as `Reader::child_id` meets them: plain ASCII, escaped, not ASCII,
                // with a bidi control, longer than the tight limits' 20 characters.
                "children" => &[
                    r#"["a","b"]"#,
                    r#"{"componentId":"row","path":"/items"}"#,
                    r#"["a","b\u0063",  "d" ]"#,
                    r#"["é-row","b"]"#,
                    r#"["a\u202eb","c"]"#,
                    "[\"a\u{202e}b\",\"c\"]",
                    r#"["row-with-a-long-long-id","a"]"#,
                    r#"["a",1]"#,
                ],
                "justify" => &[r#""spaceBetween""#, r#""center""#],
                "align" => &[r#""center""#, r#""stretch""#],
                "direction" => &[r#""vertical""#, r#""horizontal""#],
                "axis" => &[r#""horizontal""#],
                "name" => &[r#""home""#, r#""search""#, r#"{"path":"/icon"}"#],
                "url" if g.below(3) == 0 => &URLS[..],
                "url" => &URLS[..3],
                "description" => &[r#""A photo""#, r#"{"path":"/alt"}"#],
                "fit" => &[r#""cover""#, r#""contain""#],
                "checked" => &["true", "false", r#"{"path":"/agree"}"#],
                "number" => &["5", "2.5", r#"{"path":"/volume"}"#],
                "min" | "max" => &["0", "100", "-3.5"],
                "enableDate" | "enableTime" => &["true", "false"],
                // Read by hand (`Reader::listed`) or, in another shape, as JSON, then held to
                // the validator's rule for their kind and walked by admission
                // (`Reader::json_property`).
                "tabs" => &[
                    r#"[ {"title" : {"call":"formatString","args":{"value":"${/t}"}} , "child":"a"} ]"#,
                    r#"[{"\u0074itle":"Escaped","child":"a"}]"#,
                    r#"[{"title":"Twice","title":"Twice","child":"a"}]"#,
                    r#"[{"title":"One","child":"a"},{"title":{"path":"/t"},"child":"b"}]"#,
                    r#"[{"child":"a","title":"Sorted"}]"#,
                    r#"[]"#,
                    r#"[{"title":"No child"}]"#,
                    r#"[{"title":"One","child":"a","extra":1}]"#,
                    "[{\"title\":\"a\u{202e}b\",\"child\":\"a\"}]",
                    r#"[{"title":"A title longer than twenty","child":"a"}]"#,
                    r#"[{"title":"One","child":"a-child-id-longer-than-20"}]"#,
                    r#"{"title":"One","child":"a"}"#,
                ],
                "options" => &[
                    r#"[{"label":"Yes","value":"y"},{"label":{"path":"/no"},"value":"n"}]"#,
                    r#"[{"label":"Yes","value":"y"},{"label":"No","value":"n","value":"m"}]"#,
                    r#"[{"label":null,"value":"y"}]"#,
                    r#"[{"value":"y","label":"Sorted"}]"#,
                    r#"[{"label":"1","value":"1"},{"label":"2","value":"2"},{"label":"3","value":"3"},{"label":"4","value":"4"}]"#,
                    r#"[{"label":"Yes"}]"#,
                    r#"[{"label":"Yes","value":1}]"#,
                    "[{\"label\":\"a\u{2067}b\",\"value\":\"y\"}]",
                    r#"[{"label":{"path":"/a/very/long/path/past/the/limit"},"value":"y"}]"#,
                    r#"[]"#,
                ],
                "selected" => &[
                    r#"{"path":"/choice"}"#,
                    r#"["y"]"#,
                    r#"["y",1]"#,
                    r#"{"call":"formatString","args":{"value":"y"}}"#,
                ],
                "displayStyle" => &[r#""chips""#, r#""checkbox""#, r#""cards""#],
                "action" if g.below(3) == 0 => &ACTIONS[..],
                "action" => &ACTIONS[..4],
                _ => &[
                    r#""a""#,
                    r#""child-2""#,
                    r#""ch\"ild""#,
                    r#""ü""#,
                    r#""a-child-id-longer-than-20""#,
                ],
            };
            let value = if g.below(10) == 0 {
                g.pick(&VALUES)
            } else {
                g.pick(good)
            };
            members.push(format!(r#""{key}":{value}"#));
        }
        if g.below(6) == 0 {
            members.push(format!(r#""weight":{}"#, g.piece(&WEIGHTS, 3)));
        }
        // Checks, on a type that is checkable (or, going anywhere, on any type: one that is
        // not checkable has none), and an accessibility.
        let checkable = matches!(
            name.trim_matches('"'),
            "Button" | "TextField" | "CheckBox" | "ChoicePicker" | "Slider" | "DateTimeInput"
        );
        if g.below(5) == 0 && (checkable || !g.1) {
            members.push(format!(r#""checks":{}"#, g.piece(&CHECKS, 4)));
        }
        if g.below(8) == 0 {
            members.push(format!(r#""accessibility":{}"#, g.piece(&ACCESSIBILITY, 2)));
        }
        match g.below(if g.1 { 40 } else { 8 }) {
            0 => members.push(format!(r#""{}":{}"#, g.pick(&MEMBERS), g.pick(&VALUES))),
            1 => {
                let again = members.last().cloned().unwrap_or_default();
                members.push(again);
            }
            2 => {
                let last = members.len() - 1;
                members.swap(0, last);
            }
            3 => {
                members.remove(0);
            }
            // A second `component`, of this type or another.
            4 => members.push(format!(r#""component":{}"#, g.piece(&NAMES, 18))),
            _ => {}
        }
        // In the order made (`id` and `component` first), sorted by key as many writers
        // sort them, or reversed: properties before `component` are read with its type
        // looked up ahead ([`Reader::component_ahead`]).
        match g.below(3) {
            1 => members.sort(),
            2 => members.reverse(),
            _ => {}
        }
        // A member again, first (before `component`, its copy after it); or a key written
        // with an escape, which the reader compares unescaped as serde_json does.
        match g.below(if g.1 { 40 } else { 12 }) {
            0 => {
                let again = members[g.below(members.len() as u64) as usize].clone();
                members.insert(0, again);
            }
            1 => {
                let k = g.below(members.len() as u64) as usize;
                members[k] = members[k]
                    .replacen("component\"", "compo\\u006eent\"", 1)
                    .replacen("children\"", "chil\\u0064ren\"", 1)
                    .replacen("\"text\"", "\"t\\u0065xt\"", 1);
            }
            _ => {}
        }
        let colon = format!("{}:{}", g.ws(), g.ws());
        let members: Vec<String> = members.iter().map(|m| m.replacen(':', &colon, 1)).collect();
        format!("{{{}}}", members.join(&format!("{},{}", g.ws(), g.ws())))
    }

    /// Asserts that two stores that folded `text` said the same of it and count the same.
    fn assert_same_findings(
        a: &crate::a2ui::SurfaceStore,
        b: &crate::a2ui::SurfaceStore,
        text: &str,
    ) {
        assert_eq!(
            format!("{:?}", a.findings()),
            format!("{:?}", b.findings()),
            "{text}"
        );
        assert_eq!(
            format!("{:?}", a.stats()),
            format!("{:?}", b.stats()),
            "{text}"
        );
    }

    /// The stores `text` folds into with and without components read into the catalog's
    /// form are the same: findings, counts, and every surface's components.
    fn assert_typed_folds_as_general(text: &str, limits: &Limits, urls: &UrlPolicy) {
        let ctx = crate::a2ui::ApplyContext::default();
        let mut direct = crate::a2ui::SurfaceStore::new(limits.clone());
        direct.urls = urls.clone();
        direct.apply_text(text, &ctx);
        let mut general = crate::a2ui::SurfaceStore::new(limits.clone());
        general.urls = urls.clone();
        UNTYPED.with(|u| u.set(true));
        general.apply_text(text, &ctx);
        UNTYPED.with(|u| u.set(false));
        assert_same_findings(&direct, &general, text);
        assert_eq!(direct.surfaces.len(), general.surfaces.len());
        for (a, b) in direct.surfaces.iter().zip(&general.surfaces) {
            assert!(a.components == b.components, "{text}");
            // In id order: the tables' own orders differ with their histories.
            let sorted = |c: &Components| format!("{:?}", c.iter().collect::<BTreeMap<_, _>>());
            assert_eq!(sorted(&a.components), sorted(&b.components), "{text}");
        }
    }

    /// Surfaces created with themes of every kind the hand reader takes or leaves (the
    /// catalog's members with good and bad values, escapes, bidi controls, text past the
    /// limit, members of an agent's own, a member given twice) fold as the general path
    /// folds them: the same findings, and the same theme kept.
    #[test]
    fn themes_fold_as_the_general_path_folds_them() {
        let names = [
            r#""Helper""#,
            r#""H\u0065lper""#,
            r#""evil\u202etxt""#,
            r#""a long name past the tight limit""#,
            "7",
        ];
        let colors = [
            r##""#00BFFF""##,
            r##""#00bf\u0046f""##,
            r##""#00BFF""##,
            r##""#00BFFG""##,
            r##""red""##,
            "null",
        ];
        let icons = [
            r#""https://cdn.example.com/icon.png""#,
            r#""not a uri""#,
            r#""javascript:alert(1)""#,
            "[]",
        ];
        let others = [
            "",
            r#","font":"serif""#,
            r#","__proto__":{}"#,
            r#","agentDisplayName":"Again""#,
        ];
        let before = THEMES_TAKEN.with(|n| n.get());
        let mut cases = 0;
        for (i, name) in names.iter().enumerate() {
            for (j, color) in colors.iter().enumerate() {
                for (k, icon) in icons.iter().enumerate() {
                    for other in others {
                        // Some members left out, in turn.
                        let mut members = Vec::new();
                        if (i + j) % 3 != 0 {
                            members.push(format!(r#""agentDisplayName":{name}"#));
                        }
                        if (j + k) % 4 != 1 {
                            members.push(format!(r#""primaryColor":{color}"#));
                        }
                        if (i + k) % 3 != 2 {
                            members.push(format!(r#""iconUrl":{icon}"#));
                        }
                        let theme =
                            format!("{{{}{other}}}", members.join(",")).replacen("{,", "{", 1);
                        let text = format!(
                            r#"[{{"version":"v0.9","createSurface":{{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json","theme":{theme}}}}}]"#
                        );
                        let tight = Limits {
                            text_chars: 20,
                            ..Limits::default()
                        };
                        for limits in [Limits::default(), tight] {
                            assert_typed_folds_as_general(&text, &limits, &UrlPolicy::default());
                            let ctx = crate::a2ui::ApplyContext::default();
                            let (mut direct, mut general) = (
                                crate::a2ui::SurfaceStore::new(limits.clone()),
                                crate::a2ui::SurfaceStore::new(limits.clone()),
                            );
                            direct.apply_text(&text, &ctx);
                            UNTYPED.with(|u| u.set(true));
                            general.apply_text(&text, &ctx);
                            UNTYPED.with(|u| u.set(false));
                            let themes = |s: &crate::a2ui::SurfaceStore| {
                                s.surfaces
                                    .iter()
                                    .map(|s| s.theme.clone())
                                    .collect::<Vec<_>>()
                            };
                            assert_eq!(themes(&direct), themes(&general), "{text}");
                            cases += 1;
                        }
                    }
                }
            }
        }
        // Most themes are left to the general path; the plain ones are read by hand.
        let taken = THEMES_TAKEN.with(|n| n.get()) - before;
        assert!(
            taken * 20 > cases && taken * 2 < cases,
            "{taken} of {cases}"
        );
    }

    /// A component's `id` and `component` are matched where they stand when written as
    /// they are ([`Reader::member_name`]); written with an escape, given twice, or as a name
    /// that only starts or ends like them, they are read as the general path reads them.
    #[test]
    fn member_names_however_written_fold_as_the_general_path_folds_them() {
        let before = TYPED_TAKEN.with(|n| n.get());
        // Each component, whether the hand reader can take it, and how many of its `id`
        // and `component` it matches where they stand (the hand reader's part only, its
        // look ahead for the type included: the general path reads names as strings).
        let components = [
            (r#"{"id":"root","component":"Text","text":"hi"}"#, true, 2),
            (
                r#"{"\u0069d":"root","component":"Text","text":"hi"}"#,
                true,
                1,
            ),
            (
                r#"{"id":"root","comp\u006fnent":"Text","text":"hi"}"#,
                true,
                1,
            ),
            (r#"{"component":"Text","id":"root","text":"hi"}"#, true, 2),
            (r#"{"text":"hi","component":"Text","id":"root"}"#, true, 3),
            // The type looked up ahead of a property, written with an escape.
            (
                r#"{"text":"hi","comp\u006fnent":"Text","id":"root"}"#,
                true,
                1,
            ),
            (
                r#"{ "id" : "root" , "component" : "Text" , "text" : "hi" }"#,
                true,
                2,
            ),
            // Given twice, once with an escape: refused, by either path.
            (
                r#"{"id":"root","\u0069d":"other","component":"Text","text":"hi"}"#,
                false,
                2,
            ),
            (
                r#"{"\u0069d":"root","id":"other","component":"Text","text":"hi"}"#,
                false,
                2,
            ),
            (
                r#"{"id":"root","component":"Text","component":"Text","text":"hi"}"#,
                false,
                3,
            ),
            // Names that start or end as `id` and `component` do, which no Text has.
            (
                r#"{"id":"root","component":"Text","text":"hi","idx":1}"#,
                false,
                2,
            ),
            (
                r#"{"id":"root","component":"Text","text":"hi","components":1}"#,
                false,
                2,
            ),
            (
                r#"{"id":"root","component":"Text","text":"hi","i":1}"#,
                false,
                2,
            ),
            (r#"{"ID":"root","component":"Text","text":"hi"}"#, false, 1),
        ];
        let mut typed = 0;
        for (component, readable, where_they_stand) in components {
            let text = format!(
                r#"[{{"version":"v0.9","createSurface":{{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}}},{{"version":"v0.9","updateComponents":{{"surfaceId":"s","components":[{component}]}}}}]"#
            );
            let matched = NAMES_WHERE_THEY_STAND.with(|n| n.get());
            assert_typed_folds_as_general(&text, &Limits::default(), &UrlPolicy::default());
            assert_eq!(
                NAMES_WHERE_THEY_STAND.with(|n| n.get()) - matched,
                where_they_stand,
                "{component}"
            );
            typed += usize::from(readable);
        }
        // Each the hand reader can take, it took.
        assert_eq!(TYPED_TAKEN.with(|n| n.get()) - before, typed);
    }

    #[test]
    fn the_official_examples_fold_the_same_typed() {
        let spec = std::env::var("AGENT_SURFACES_SPEC").unwrap_or_else(|_| {
            concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/spec").to_owned()
        });
        let dir = std::path::Path::new(&spec).join("a2ui/v0_9/catalogs/basic/examples");
        let before = TYPED_TAKEN.with(|n| n.get());
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .expect("the official examples")
            .collect();
        files.sort_by_key(|f| f.as_ref().map(|f| f.path()).ok());
        assert_eq!(files.len(), 36);
        let mut components = 0;
        for file in files {
            let example: Value =
                serde_json::from_slice(&std::fs::read(file.unwrap().path()).unwrap()).unwrap();
            let messages = &example["messages"];
            for m in messages.as_array().unwrap() {
                components += m["updateComponents"]["components"]
                    .as_array()
                    .map_or(0, Vec::len);
            }
            for text in [
                serde_json::to_string(messages).unwrap(),
                serde_json::to_string_pretty(messages).unwrap(),
            ] {
                assert_typed_folds_as_general(&text, &Limits::default(), &UrlPolicy::default());
            }
        }
        // Two readings of each example; every one of their components is read typed, though
        // their keys are sorted (serde_json writes a map's keys in order: `children` and
        // `action` come before `component`). 512 of the 1,090 were when a property before
        // `component` left the component to the general path, 984 when a component with
        // checks, tabs or options was left to it.
        let typed = TYPED_TAKEN.with(|n| n.get()) - before;
        assert_eq!(typed, 2 * components);
    }

    /// [`early_at`] is the catalog's: each of its properties has that kind in every
    /// typed type that has it, and each is had by one at least.
    #[test]
    fn early_properties_have_one_kind_in_every_typed_type() {
        use std::mem::discriminant;
        for (e, (k, kind)) in EARLY.into_iter().enumerate() {
            assert_eq!(early_at(k), Some(e));
            let mut had = 0;
            for t in TYPED {
                let props = component_props(t).unwrap().0;
                for p in COMMON_PROPS[1..]
                    .iter()
                    .chain(props)
                    .filter(|p| p.name == k)
                {
                    had += 1;
                    assert_eq!(discriminant(&p.kind), discriminant(&kind), "{t}.{k}");
                    if let (Kind::Enum(a), Kind::Enum(b)) = (p.kind, kind) {
                        assert_eq!(a, b, "{t}.{k}");
                    }
                }
            }
            assert!(had > 0, "{k}");
        }
        assert!(early_at("component").is_none() && early_at("text").is_none());
    }

    /// The words a typed property is matched among (keywords and icon names) are ASCII,
    /// as [`Reader::typed_property`] takes them to be: no bidi control is looked for in them.
    #[test]
    fn keywords_and_icon_names_are_ascii() {
        let mut words = ICON_NAMES.len();
        assert!(ICON_NAMES.iter().all(|w| w.is_ascii()));
        for t in TYPED {
            let props = component_props(t).unwrap().0;
            for p in COMMON_PROPS[1..].iter().chain(props) {
                if let Kind::Enum(list) = p.kind {
                    assert!(list.iter().all(|w| w.is_ascii()), "{t}.{}", p.name);
                    words += list.len();
                }
            }
        }
        assert!(words > 60, "{words}");
    }

    /// A component whose type comes after its other properties is read typed: an early one
    /// ([`EARLY`]) at once, any other with the type looked up ahead past it.
    #[test]
    fn properties_before_the_type_are_read_typed() {
        let cat = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";
        for component in [
            r#"{"text":"x","id":"t","component":"Text"}"#,
            r#"{"children":["t"],"align":"center","component":"Column","id":"c"}"#,
            r#"{"id":"b","action":{"event":{"name":"go"}},"variant":"primary","child":"t","component":"Button"}"#,
            r#"{"url":"https://example.com/a.png","fit":"cover","id":"i","component":"Image"}"#,
        ] {
            let text = format!(
                r#"[{{"version":"v0.9","createSurface":{{"surfaceId":"s","catalogId":"{cat}"}}}},{{"version":"v0.9","updateComponents":{{"surfaceId":"s","components":[{component}]}}}}]"#
            );
            let before = TYPED_TAKEN.with(|n| n.get());
            assert_typed_folds_as_general(&text, &Limits::default(), &UrlPolicy::default());
            assert_eq!(TYPED_TAKEN.with(|n| n.get()) - before, 1, "{component}");
        }
    }

    /// How many of `components` (their JSON, one after another) the hand reader reads
    /// typed in a new surface's first update, the fold held to the general path's.
    fn typed_in_a_new_surface(components: &str) -> usize {
        let text = format!(
            r#"[{{"version":"v0.9","createSurface":{{"surfaceId":"s","catalogId":"{}"}}}},{{"version":"v0.9","updateComponents":{{"surfaceId":"s","components":[{components}]}}}}]"#,
            crate::a2ui::store::BASIC_CATALOG_ID,
        );
        let before = TYPED_TAKEN.with(|n| n.get());
        assert_typed_folds_as_general(&text, &Limits::default(), &UrlPolicy::default());
        TYPED_TAKEN.with(|n| n.get()) - before
    }

    /// A component's `accessibility` of a label and a description is read typed; one of
    /// any other shape, or that the validator or admission would speak of, folds as the
    /// general path folds it.
    #[test]
    fn accessibility_is_read_typed() {
        // How many of the Button and its Text are read typed (a key given twice sends the
        // whole envelope to serde_json's reader).
        for (a11y, typed) in [
            (r#"{"label":"Close","description":"Closes the dialog"}"#, 2),
            (r#"{ "description" : {"path":"/d"} }"#, 2),
            (
                r#"{"label":{"call":"formatString","args":{"value":"${/n} left"}}}"#,
                2,
            ),
            (r#"{"label":"x","extra":1}"#, 2),
            (r#"{}"#, 2),
            (r#"{"label":1}"#, 1),
            (r#"{"label":"a","label":"b"}"#, 0),
            ("{\"label\":\"a\u{202e}b\"}", 1),
            (r#"{"label":{"path":"/__proto__"}}"#, 1),
            (r#"{"label":{"call":"formatNumber","args":{"value":1}}}"#, 2),
            (r#"{"label":{"call":"required","args":{"value":1}}}"#, 2),
            (r#""Close""#, 1),
        ] {
            let button = format!(
                r#"{{"id":"root","component":"Button","child":"l","accessibility":{a11y},"action":{{"event":{{"name":"go"}}}}}},{{"id":"l","component":"Text","text":"Go"}}"#
            );
            assert_eq!(typed_in_a_new_surface(&button), typed, "{a11y}");
        }
    }

    /// An Icon drawn from an `svgPath` is read typed, its path read as JSON; any other
    /// object where a name belongs (a path of another type, a member more, a bidi control
    /// in it, a binding with a member more) folds as the general path folds it.
    #[test]
    fn icons_drawn_from_a_path_are_read_typed() {
        for (name, typed) in [
            (r#"{"svgPath":"M10 20v-6h4v6h5v-8h3L12 3 2 12h3v8z"}"#, 1),
            (r#"{ "svgPath" : "M0 0 L1 1" }"#, 1),
            (r#"{"path":"/icon"}"#, 1),
            (r#"{"svgPath":7}"#, 0),
            (r#"{"svgPath":"M0 0","extra":1}"#, 0),
            ("{\"svgPath\":\"M0 0 \u{202E}\"}", 0),
            (r#"{"path":"/icon","extra":1}"#, 0),
            (r#"{}"#, 0),
        ] {
            let icon = format!(r#"{{"id":"root","component":"Icon","name":{name}}}"#);
            assert_eq!(typed_in_a_new_surface(&icon), typed, "{name}");
        }
    }

    /// An event context of up to [`MAX_CONTEXT`] keys, in any order, is read typed; one
    /// more leaves the Button to the general path. Either way the fold is the same.
    #[test]
    fn event_contexts_are_read_typed_up_to_their_limit() {
        for (keys, typed) in [(MAX_CONTEXT, 1), (MAX_CONTEXT + 1, 0)] {
            // Keys out of order, values of every kind the reader takes.
            let context: Vec<String> = (0..keys)
                .rev()
                .map(|i| match i % 4 {
                    0 => format!(r#""k{i}":{i}"#),
                    1 => format!(r#""k{i}":"v{i}""#),
                    2 => format!(r#""k{i}":{{"path":"/p{i}"}}"#),
                    _ => format!(r#""k{i}":true"#),
                })
                .collect();
            let button = format!(
                r#"{{"id":"root","component":"Button","child":"l","action":{{"event":{{"name":"go","context":{{{}}}}}}}}},{{"id":"l","component":"Text","text":"Go"}}"#,
                context.join(",")
            );
            // The Text is read typed either way.
            assert_eq!(typed_in_a_new_surface(&button), 1 + typed, "{keys} keys");
        }
    }

    #[test]
    fn typed_components_fold_as_the_general_path_folds_them() {
        let mut g = Gen(Xorshift(0x5851_F42D_4C95_7F2D), false);
        let tight = Limits {
            text_chars: 20,
            id_chars: 12,
            path_chars: 24,
            data_model_depth: 6,
            options: 3,
            ..Limits::default()
        };
        let (typed_before, mut components) = (TYPED_TAKEN.with(|n| n.get()), 0);
        for round in 0..4_000 {
            let limits = if round % 3 == 0 {
                tight.clone()
            } else {
                Limits::default()
            };
            // Most rounds keep to what agents send; the rest go anywhere.
            g.1 = round % 4 > 0;
            let mut envelopes = vec![
                r#"{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}"#.to_owned(),
            ];
            for _ in 0..1 + g.below(3) {
                let list: Vec<String> = (0..1 + g.below(3)).map(|_| component(&mut g)).collect();
                components += list.len();
                envelopes.push(format!(
                    r#"{{"version":"v0.9","updateComponents":{{"surfaceId":"s","components":[{}]}}}}"#,
                    list.join(",")
                ));
            }
            let text = format!("[{}]", envelopes.join(","));
            let urls = UrlPolicy {
                allowed_hosts: (round % 5 == 0).then(|| vec!["example.com".to_owned()]),
            };
            assert_typed_folds_as_general(&text, &limits, &urls);
        }
        // Many components are read into the catalog's form, and not all.
        let typed = TYPED_TAKEN.with(|n| n.get()) - typed_before;
        assert!(
            typed * 4 > components && typed * 10 < components * 9,
            "{typed} of {components}"
        );
    }

    /// A component's checks, a Tabs' tabs, a ChoicePicker's options and choice and an
    /// accessibility are read by hand when the validator and admission take them, and left
    /// to the general path, which says why, when not; either way the fold is the same.
    #[test]
    fn checks_tabs_and_options_fold_as_the_general_path_folds_them() {
        let limits = Limits {
            options: 3,
            ..Limits::default()
        };
        let check = r#"{"condition":{"call":"regex","args":{"value":{"path":"/zip"},"pattern":"^[0-9]{5}$"}},"message":"Five digits"}"#;
        let options = r#"[{"label":"Yes","value":"y"},{"label":{"path":"/no"},"value":"n"}]"#;
        let cases = [
            (format!(r#""component":"TextField","label":"Zip","checks":[{check}]"#), true),
            (format!(r#""checks":[{check}],"component":"Button","child":"c","action":{{"event":{{"name":"go"}}}}"#), true),
            (format!(r#""component":"Text","text":"x","checks":[{check}]"#), false),
            (r#""component":"CheckBox","label":"x","value":true,"checks":[{"condition":true}]"#.into(), false),
            (r#""component":"Tabs","tabs":[{"title":"A","child":"a"},{"title":{"path":"/t"},"child":"b"}]"#.into(), true),
            (r#""component":"Tabs","tabs":[]"#.into(), false),
            // Read, then refused by the graph check: a child twice.
            (r#""component":"Tabs","tabs":[{"title":"A","child":"a"},{"title":"B","child":"a"}]"#.into(), true),
            (format!(r#""component":"ChoicePicker","options":{options},"value":{{"path":"/v"}}"#), true),
            (format!(r#""component":"ChoicePicker","options":{options},"value":["y"],"displayStyle":"chips""#), true),
            (r#""component":"ChoicePicker","options":[{"label":"1","value":"1"},{"label":"2","value":"2"},{"label":"3","value":"3"},{"label":"4","value":"4"}],"value":["1"]"#.into(), false),
            (format!(r#""component":"ChoicePicker","options":{options},"value":["y",1]"#), false),
            (r#""component":"Image","url":"https://example.com/a.png","accessibility":{"label":"A photo"}"#.into(), true),
            (r#""component":"Image","url":"https://example.com/a.png","accessibility":{"label":"a\u202eb"}"#.into(), false),
        ];
        for (members, typed) in cases {
            let text = format!(
                r#"[{{"version":"v0.9","createSurface":{{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}}},{{"version":"v0.9","updateComponents":{{"surfaceId":"s","components":[{{"id":"root",{members}}}]}}}}]"#
            );
            let before = TYPED_TAKEN.with(|n| n.get());
            assert_typed_folds_as_general(&text, &limits, &UrlPolicy::default());
            assert_eq!(
                TYPED_TAKEN.with(|n| n.get()) - before,
                usize::from(typed),
                "{text}"
            );
        }
    }

    /// Each call, where a string, a number or a boolean belongs, folds as the general path
    /// folds it; those of the common shape that the validator takes are read by hand.
    #[test]
    fn function_calls_fold_as_the_general_path_folds_them() {
        let hosts = [
            (r#""component":"Text","text""#, ""),
            (r#""component":"Image","url""#, ""),
            (r#""component":"CheckBox","label":"Agree","value""#, ""),
            (r#""component":"Slider","max":10,"value""#, ""),
            (r#""component":"Text","text""#, r#","variant":"h1""#),
        ];
        let tight = Limits {
            text_chars: 6,
            path_chars: 5,
            ..Limits::default()
        };
        let urls = UrlPolicy::default();
        let typed = TYPED_TAKEN.with(|n| n.get());
        for call in CALLS {
            for (host, after) in hosts {
                let text = format!(
                    r#"[{{"version":"v0.9","createSurface":{{"surfaceId":"s","catalogId":"c"}}}},{{"version":"v0.9","updateComponents":{{"surfaceId":"s","components":[{{"id":"root",{host}:{call}{after}}}]}}}}]"#
                );
                assert_typed_folds_as_general(&text, &Limits::default(), &urls);
                assert_typed_folds_as_general(&text, &tight, &urls);
            }
        }
        // The string calls in a Text and an Image, twice each, and the boolean ones in a
        // CheckBox; a few more were left to the general path.
        let typed = TYPED_TAKEN.with(|n| n.get()) - typed;
        assert!(typed >= 25, "{typed}");
    }

    /// A check's condition, a tab's title and an option's label sit two containers further
    /// in than a property: a value nested in them is held to the same depth as the general
    /// path holds it, and a list the hand reader gives up on partway is counted against the
    /// envelope's values once, not once for each reading.
    #[test]
    fn lists_read_by_hand_keep_the_general_paths_depth_and_count() {
        let surface = r#"{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}"#;
        let fold = |component: &str| {
            format!(
                r#"[{surface},{{"version":"v0.9","updateComponents":{{"surfaceId":"s","components":[{{"id":"root",{component}}}]}}}}]"#
            )
        };
        for k in MAX_DEPTH - 12..MAX_DEPTH {
            let deep = format!("{}1{}", "[".repeat(k), "]".repeat(k));
            for component in [
                format!(
                    r#""component":"TextField","label":"x","checks":[{{"condition":{{"call":"required","args":{{"value":{deep}}}}},"message":"m"}}]"#
                ),
                format!(
                    r#""component":"Tabs","tabs":[{{"title":{{"call":"formatString","args":{{"value":{deep}}}}},"child":"a"}}]"#
                ),
                format!(
                    r#""component":"ChoicePicker","value":{{"path":"/v"}},"options":[{{"label":{{"x":{deep}}},"value":"y"}}]"#
                ),
            ] {
                assert_typed_folds_as_general(
                    &fold(&component),
                    &Limits::default(),
                    &UrlPolicy::default(),
                );
            }
        }
        let trues = vec!["true"; 17_000].join(",");
        // The hand reader reads the first check (the `and`'s 17,000 values as JSON), then
        // gives up at the second or not at all; the envelope holds fewer values than
        // `envelopeValues` all the same, and each is counted once: what the first check
        // counted is given back when the checks are read again.
        for (second, lands) in [
            (r#"{"condition":true,"\u006dessage":"n"}"#, true),
            (r#"{"condition":true}"#, false),
            (
                r#"{"condition":{"call":"required","args":{"value":[1]}},"message":"n"}"#,
                true,
            ),
        ] {
            let component = format!(
                r#""component":"TextField","label":"x","checks":[{{"condition":{{"call":"and","args":{{"values":[{trues}]}}}},"message":"m"}},{second}]"#
            );
            let text = fold(&component);
            assert_typed_folds_as_general(&text, &Limits::default(), &UrlPolicy::default());
            let mut store = crate::a2ui::SurfaceStore::new(Limits::default());
            store.apply_text(&text, &crate::a2ui::ApplyContext::default());
            assert_eq!(
                store.surfaces[0].components.len(),
                usize::from(lands),
                "{second}"
            );
        }
    }

    /// A call read by hand is counted as the rest of its envelope is: by a scan, once.
    #[test]
    fn function_calls_read_typed_are_counted_once() {
        let values = vec!["1"; 20_000].join(",");
        // `required` takes any value but null.
        let call = format!(r#"{{"call":"required","args":{{"value":[{values}]}}}}"#);
        let text_of = |rest: &str| {
            format!(
                r#"[{{"version":"v0.9","updateComponents":{{"surfaceId":"s","components":[{{"id":"root","component":"Text","text":{call}{rest}}}]}}}}]"#
            )
        };
        // The envelope, its version, body, surface id, list, component, id, type, the call,
        // its name, its arguments, the array: then the array's numbers.
        let n = 12 + 20_000;
        let urls = UrlPolicy::default();
        let limits = |most| Limits {
            envelope_values: most,
            ..Limits::default()
        };
        let typed = TYPED_TAKEN.with(|n| n.get());
        let (read, stop) = read_batch(&text_of(""), 0, &limits(n), &urls, |_| {});
        assert_eq!((read, stop), (1, Stop::Whole));
        assert_eq!(TYPED_TAKEN.with(|n| n.get()), typed + 1, "read typed");
        // One past, whether the call is read within the budget and the envelope is found
        // past it by the scan, or the call itself is past it.
        for most in [n - 1, 20_000] {
            let (read, stop) = read_batch(&text_of(""), 0, &limits(most), &urls, |_| {});
            assert_eq!(
                (read, stop),
                (0, Stop::Declined(Declined::TooLarge)),
                "{most}"
            );
        }
        // A call read typed in a component then left to the general path (a variant no
        // Text has) is counted once: the envelope is read, at the limit, by serde_json.
        let serde = BY_SERDE.with(|n| n.get());
        let text = text_of(r#","variant":"nope""#);
        let (read, stop) = read_batch(&text, 0, &limits(n + 1), &urls, |_| {});
        assert_eq!((read, stop), (1, Stop::Whole));
        assert_eq!(
            BY_SERDE.with(|n| n.get()),
            serde,
            "the component alone was left"
        );
        let (read, stop) = read_batch(&text, 0, &limits(n), &urls, |_| {});
        assert_eq!((read, stop), (0, Stop::Declined(Declined::TooLarge)));

        // A call of another shape, read as a value: its values are counted as built, once,
        // whether its component is read by hand or left to the general path.
        let and = r#"{"call":"and","args":{"values":[true,false,{"path":"/b"}]}}"#;
        for (rest, built) in [
            // Read by hand but for `and`'s list, read as JSON: the list, two literals, the
            // binding and its path.
            ("", 5),
            // Then the whole component: itself, its id, its type and its variant, besides.
            (r#","variant":"nope""#, 12),
        ] {
            let text = format!(
                r#"{{"version":"v0.9","updateComponents":{{"surfaceId":"s","components":[{{"id":"root","component":"Text","text":{and}{rest}}}]}}}}"#
            );
            let limits = Limits::default();
            let budget = fast::Budget::start(limits.envelope_values);
            let mut r = Reader::new(&text, 0, &limits, &urls);
            let read = r.fast_envelope(&budget);
            assert!(read.is_some(), "{text}");
            assert_eq!(limits.envelope_values - budget.left(), built, "{text}");
        }
    }

    /// An envelope of typed components is counted by a scan, exactly: at the limit it is
    /// read by hand; one past it, the hand reader says so and serde_json is not asked to
    /// build it only to refuse it too.
    #[test]
    fn typed_components_are_counted_at_the_limit_and_refused_one_past() {
        let ids = vec![r#""c""#; 40_000].join(",");
        let env = format!(
            r#"{{"version":"v0.9","updateComponents":{{"surfaceId":"s","components":[{{"id":"root","component":"Column","children":[{ids}]}}]}}}}"#
        );
        // The envelope, its version, body, surface id, list, component, id, type, children.
        let n = 40_000 + 9;
        let text = format!("[{env}]");
        let urls = UrlPolicy::default();
        for (most, taken) in [(n, true), (n - 1, false)] {
            let limits = Limits {
                envelope_values: most,
                ..Limits::default()
            };
            let (before, serde) = (TAKEN_MESSAGES.with(|n| n.get()), BY_SERDE.with(|n| n.get()));
            let typed = TYPED_TAKEN.with(|n| n.get());
            let (read, stop) = read_batch(&text, 0, &limits, &urls, |_| {});
            let took = TAKEN_MESSAGES.with(|n| n.get()) - before;
            assert_eq!(
                BY_SERDE.with(|n| n.get()),
                serde,
                "serde_json was not asked"
            );
            // Read into the catalog's form, not left to serde_json as a value, either way.
            assert_eq!(TYPED_TAKEN.with(|n| n.get()), typed + 1);
            if taken {
                assert_eq!((read, stop, took), (1, Stop::Whole, 1));
            } else {
                assert_eq!(
                    (read, stop, took),
                    (0, Stop::Declined(Declined::TooLarge), 0)
                );
                assert!(matches!(
                    read_one(&env, 0, &limits, &urls),
                    Err(Declined::TooLarge)
                ));
            }
        }
    }
}
