//! Reading a batch of envelopes in one pass, with a fast path for the commonest envelope, a
//! well-formed `updateDataModel`: its surface id and path stay borrowed from the text and no
//! map is built for it or its envelope (building and dropping those was most of a data
//! update's cost). Every other envelope is built as a `Value`, as `serde_json` would.
//!
//! The fast path only ever *accepts*: an envelope it does not take exactly (another message,
//! an unknown or repeated key, a version other than v0.9/v0.9.1, a non-string where a string
//! belongs) is handed on as a `Value`, to the schema validator, which says why. What it takes
//! is what the validator accepts, folded the same way with the same findings;
//! `tests/a2ui_fold.rs` and `tests/a2ui_schema.rs` hold the two paths to the same result.
//!
//! The reader is also strict where serde_json is not and the scan ([`crate::json_scan`]) is:
//! a key given twice in any object, or a container nested [`MAX_DEPTH`] deep, is an error. So
//! a batch read straight from text with no scan first ([`super::direct`]) is read exactly when
//! the scan would find it clean (serde_json itself refuses the scan's other problems: bad
//! syntax, lone surrogates, numbers no float holds); on any error the caller scans.

use std::borrow::Cow;
use std::cell::Cell;
use std::fmt;
use std::hash::BuildHasherDefault;

use serde::de::{DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value};

use super::catalog::{Component, Id};
use super::model::{Data, Taped};
use super::pointer;
use super::schema::VERSIONS;
use super::tape::{self, Writer};
use crate::json_scan::MAX_DEPTH;
use crate::swar::same_bytes;

/// The `visit_*` methods for JSON's non-string scalars: the value as serde_json would build
/// it, wrapped by `$wrap`, and counted against the envelope's [`Budget`] (`free`: not
/// counted, for a data value, which the budget does not cover until it is built whole).
macro_rules! scalars {
    ($wrap:expr) => {
        scalars!(@each $wrap, spend);
    };
    (free $wrap:expr) => {
        scalars!(@each $wrap, free);
    };
    (@each $wrap:expr, $spend:ident) => {
        fn visit_bool<E: serde::de::Error>(self, b: bool) -> Result<Self::Value, E> {
            $spend(1)?;
            Ok($wrap(Value::Bool(b)))
        }
        fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Self::Value, E> {
            $spend(1)?;
            Ok($wrap(Value::from(n)))
        }
        fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Self::Value, E> {
            $spend(1)?;
            Ok($wrap(Value::from(n)))
        }
        fn visit_f64<E: serde::de::Error>(self, n: f64) -> Result<Self::Value, E> {
            $spend(1)?;
            Ok($wrap(Value::from(n)))
        }
        fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            $spend(1)?;
            Ok($wrap(Value::Null))
        }
    };
}

/// [`scalars`], and arrays built as [`Checked`] builds them.
macro_rules! scalars_and_arrays {
    ($wrap:expr) => {
        scalars!($wrap);
        fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
            Checked { depth: self.depth }.read_seq(seq).map($wrap)
        }
    };
}

/// `expecting` and the `visit_*` methods for everything but objects, strings included, for
/// a visitor whose fast shape is an object.
macro_rules! non_objects {
    ($wrap:expr, $what:literal) => {
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str($what)
        }
        fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Self::Value, E> {
            spend(1)?;
            Ok($wrap(Value::String(s.to_owned())))
        }
        scalars_and_arrays!($wrap);
    };
}

thread_local! {
    /// Whether an envelope is being read under a [`Budget`].
    static ACTIVE: Cell<bool> = const { Cell::new(false) };
    /// How many more values the envelope being read may build.
    static LEFT: Cell<usize> = const { Cell::new(usize::MAX) };
    /// Whether the envelope being read asked for more.
    static OVER: Cell<bool> = const { Cell::new(false) };
}

/// The values one envelope may build as a tree, `Limits::envelope_values`: every value the
/// general reader builds ([`Checked`], the maps an envelope of no fast shape is kept in, a
/// data value built from its tape) is counted against it, and the first past it is an error
/// instead, so a bounded text cannot build a tree many times its size. A thread's readers
/// share it (each envelope is read to the end before the next starts); outside a budget
/// nothing is counted.
///
/// The hand reader ([`super::direct`]) builds no tree of a component it reads into the
/// catalog's form (but a property it reads as JSON, [`property_value`], counted here as
/// the general path counts it), so it counts such an envelope's values by a scan when its text is long
/// enough to hold too many ([`Budget::exceeded`]): the two readers refuse the same
/// envelopes. What the hand reader counts of an envelope, serde_json counts too, so one
/// the hand reader finds past the budget is not read again only to be refused.
///
/// One budget at a time: a second started while one is alive is a bug (dropping it would
/// lift the first).
pub(crate) struct Budget(());

impl Budget {
    pub(crate) fn start(values: usize) -> Budget {
        debug_assert!(!ACTIVE.get(), "one envelope budget at a time");
        ACTIVE.set(true);
        LEFT.set(values);
        OVER.set(false);
        Budget(())
    }

    /// Records that the envelope holds more values than the budget allows, counted without
    /// building them.
    pub(crate) fn exceeded(&self) {
        LEFT.set(0);
        OVER.set(true);
    }

    /// Whether the envelope asked for more values than the budget allowed.
    pub(crate) fn over(&self) -> bool {
        OVER.get()
    }

    /// What is left of it.
    #[cfg(test)]
    pub(crate) fn left(&self) -> usize {
        LEFT.get()
    }
}

impl Drop for Budget {
    fn drop(&mut self) {
        ACTIVE.set(false);
        LEFT.set(usize::MAX);
        OVER.set(false);
    }
}

/// What serde reports past the budget; [`Budget::over`] tells it from a syntax error.
const TOO_MANY: &str = "more JSON values than the limit";

/// Counts `n` values built against the budget.
fn spend<E: serde::de::Error>(n: usize) -> Result<(), E> {
    match spent(n) {
        true => Ok(()),
        false => Err(E::custom(TOO_MANY)),
    }
}

/// [`spend`]'s count, once for every error type (it is called from every visitor). Outside a
/// budget nothing is counted.
#[inline(never)]
fn spent(n: usize) -> bool {
    if !ACTIVE.get() {
        return true;
    }
    let left = LEFT.get();
    if n > left {
        LEFT.set(0);
        OVER.set(true);
        return false;
    }
    LEFT.set(left - n);
    true
}

/// For [`scalars`]' `free` form.
fn free<E>(_: usize) -> Result<(), E> {
    Ok(())
}

/// A tape's value built, counted against the budget; `None` past it (nothing more is
/// built than the budget allows).
pub(super) fn build_tape(t: &[u8]) -> Option<Value> {
    if !ACTIVE.get() {
        return Some(tape::read(t));
    }
    let built = tape::read_within(t, LEFT.get());
    match built {
        Some((v, used)) => {
            LEFT.set(LEFT.get() - used);
            Some(v)
        }
        None => {
            LEFT.set(0);
            OVER.set(true);
            None
        }
    }
}

/// One envelope of a batch.
pub(crate) enum Envelope<'a> {
    /// A schema-valid `updateDataModel`.
    Data(DataUpdate<'a>),
    /// Another message of a fast shape, read by hand (only the hand reader makes these).
    Message {
        /// Read by the tests' account of the envelope; the store reads no version past the
        /// check.
        #[cfg_attr(not(test), allow(dead_code))]
        version: &'static str,
        message: Message<'a>,
    },
    /// Anything else, for the general path.
    Other(Value),
}

/// A message whose envelope is schema-valid as read, but for the components it may carry: a
/// version this renderer reads, a string `surfaceId`, and the members below with nothing
/// else.
pub(crate) enum Message<'a> {
    /// At least one component, each read as [`Checked`] reads it and not yet checked
    /// against the catalog, or read by the hand reader into the catalog's form.
    Components {
        surface_id: Cow<'a, str>,
        components: Vec<Listed>,
    },
    /// A string `catalogId`, `sendDataModel` if there (a boolean), and a theme if there.
    Create(NewSurface<'a>),
    Delete {
        surface_id: Cow<'a, str>,
    },
}

/// A component of an `updateComponents` list as it comes to the store.
pub(crate) enum Listed {
    /// For the validator and admission to check and the decoder to decode.
    Value(Value),
    /// Read by the hand reader into the catalog's form, having checked all that the
    /// validator and admission check of it and found nothing they would speak of
    /// (`direct::Reader::typed_component`).
    Typed {
        id: Id,
        /// Boxed where it is made, as the surface keeps it: moved whole from the reader to
        /// the list, to the update and into the surface's table, it was copied each time.
        component: Box<Component>,
        /// The component as serde_json reads it, for the tests to hold the two paths to
        /// the same result.
        #[cfg(test)]
        source: Value,
    },
}

impl Message<'_> {
    /// The envelope as serde_json alone reads it.
    #[cfg(test)]
    pub(crate) fn into_value(self, version: &str) -> Value {
        let (key, body) = match self {
            Message::Components {
                surface_id,
                components,
            } => (
                "updateComponents",
                serde_json::json!({
                    "surfaceId": surface_id,
                    "components": components.into_iter().map(|c| match c {
                        Listed::Value(v) | Listed::Typed { source: v, .. } => v,
                    }).collect::<Vec<_>>(),
                }),
            ),
            Message::Create(new) => {
                let mut body = serde_json::json!({
                    "surfaceId": new.surface_id,
                    "catalogId": new.catalog_id,
                });
                if let Some(send) = new.send_data_model {
                    body["sendDataModel"] = Value::Bool(send);
                }
                if let Some(theme) = new.theme {
                    body["theme"] = theme;
                }
                ("createSurface", body)
            }
            Message::Delete { surface_id } => (
                "deleteSurface",
                serde_json::json!({"surfaceId": surface_id}),
            ),
        };
        serde_json::json!({"version": version, key: body})
    }
}

/// What a `createSurface` asks for.
pub(crate) struct NewSurface<'a> {
    pub surface_id: Cow<'a, str>,
    pub catalog_id: Cow<'a, str>,
    /// As given (`None`: not given, which reads as `false`).
    pub send_data_model: Option<bool>,
    /// Any JSON the schema lets through (an object), kept as data.
    pub theme: Option<Value>,
    /// Whether admission has found nothing in the theme already (the hand reader takes only
    /// such a theme), so that the store need not walk it again.
    pub theme_admitted: bool,
}

/// A component of an `updateComponents` list, read as [`Checked`] reads it there (the
/// envelope is at depth 0, its body at 1, the list at 2): what the hand reader reads each
/// component with, so that it reads them as serde_json reads the whole envelope.
pub(crate) struct ListedComponent(pub Value);

impl<'de> Deserialize<'de> for ListedComponent {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Checked { depth: 3 }.deserialize(d).map(ListedComponent)
    }
}

/// A value at depth `DEPTH` of its envelope, as [`Checked`] reads it there: a property's
/// value in a [`ListedComponent`] (the component is at depth 3) at 4.
struct ValueAt<const DEPTH: usize>(Value);

impl<'de, const DEPTH: usize> Deserialize<'de> for ValueAt<DEPTH> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Checked { depth: DEPTH }.deserialize(d).map(ValueAt)
    }
}

/// The value of a component's property at the start of `text`, read as [`ListedComponent`]
/// reads it, and the bytes it took: for the hand reader ([`super::direct`]), which reads
/// the rest of the component itself. Counted against the budget as it is built, as the
/// general path counts it, so that the values an envelope builds this way are bounded
/// together; given back when it cannot be read (the general path reads it again, and counts
/// it then). `None` for anything [`Checked`] refuses; past the budget, the budget stays
/// spent (the envelope is past it: what was counted is in it).
pub(crate) fn property_value(text: &str) -> Option<(Value, usize)> {
    value_at::<4>(text)
}

/// [`property_value`] of an argument of a function call, a value the hand reader takes as
/// JSON (a call or a list where a function takes one: `and`'s `values`), read as if at
/// the deepest place a call's argument stands in a component (a check's condition: the
/// checks, the check, the call and its `args` above it, so 8). One read at a shallower
/// place is held to a lower depth than the general path holds it to, never a higher one:
/// the hand reader only accepts less.
pub(crate) fn call_argument(text: &str) -> Option<(Value, usize)> {
    value_at::<8>(text)
}

fn value_at<const DEPTH: usize>(text: &str) -> Option<(Value, usize)> {
    counted_if_read(|| {
        let mut one = serde_json::Deserializer::from_str(text).into_iter::<ValueAt<DEPTH>>();
        let ValueAt(v) = one.next()?.ok()?;
        Some((v, one.byte_offset()))
    })
}

/// What is left of the budget now, for [`give_back_to`].
pub(crate) fn budget_mark() -> usize {
    LEFT.get()
}

/// Gives back what was counted since `mark`, unless the count went past the budget: for
/// values built and dropped again because the general path reads them anew (it counts
/// them then). Outside a budget nothing changes.
pub(crate) fn give_back_to(mark: usize) {
    if !OVER.get() {
        LEFT.set(mark);
    }
}

/// `read`, and when it gives up (`None`), what it counted is given back ([`give_back_to`]):
/// whatever reads the same text next counts it, once.
#[inline(always)]
pub(crate) fn counted_if_read<T>(read: impl FnOnce() -> Option<T>) -> Option<T> {
    let mark = budget_mark();
    let read = read();
    if read.is_none() {
        give_back_to(mark);
    }
    read
}

pub(crate) struct DataUpdate<'a> {
    pub surface_id: Cow<'a, str>,
    pub path: Option<Cow<'a, str>>,
    /// `None` when absent (a delete); `Some(Null)` sets null.
    pub value: Option<Data>,
}

impl DataUpdate<'_> {
    /// Counts what is built of a well-formed data update against the [`Budget`]: nothing
    /// when its value is kept as a tape (or is a scalar); when the value was built, the
    /// envelope's other values as well (its own were counted as it was built), so that the
    /// budget counts all the envelope's values, as for an envelope of no fast shape.
    /// `false` past the budget.
    pub(super) fn count_built(&self) -> bool {
        match &self.value {
            Some(Data::Built(v)) if v.is_array() || v.is_object() => {
                // The envelope, its version, its body and surface id, and a path if given.
                spend::<serde_json::Error>(4 + usize::from(self.path.is_some())).is_ok()
            }
            _ => true,
        }
    }
}

impl<'de> Deserialize<'de> for Envelope<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(EnvelopeVisitor { depth: 0 })
    }
}

/// The visitors below carry the depth they read at, so each is also the seed that reads with
/// it.
macro_rules! seed {
    ($($visitor:ident),*) => {$(
        impl<'de> DeserializeSeed<'de> for $visitor {
            type Value = <Self as Visitor<'de>>::Value;
            fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
                d.deserialize_any(self)
            }
        }
    )*};
}
seed!(Checked, TextVisitor, BodyVisitor, EnvelopeVisitor);

/// A `Value` read as serde_json reads one, refusing a repeated key and a container at this
/// depth or deeper than [`MAX_DEPTH`] (the depth of the container being read: the envelope is 0).
#[derive(Clone, Copy)]
struct Checked {
    depth: usize,
}

impl Checked {
    fn enter<E: serde::de::Error>(self) -> Result<usize, E> {
        if self.depth >= MAX_DEPTH {
            return Err(E::custom("containers nest too deeply"));
        }
        Ok(self.depth + 1)
    }

    fn read_seq<'de, A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let inner = Checked {
            depth: self.enter()?,
        };
        spend(1)?;
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(v) = seq.next_element_seed(inner)? {
            items.push(v);
        }
        Ok(Value::Array(items))
    }

    fn read_map<'de, A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let inner = Checked {
            depth: self.enter()?,
        };
        spend(1)?;
        let mut out = Map::new();
        while let Some(Key(k)) = map.next_key()? {
            let v = map.next_value_seed(inner)?;
            insert_new(&mut out, k.into_owned(), v)?;
        }
        Ok(Value::Object(out))
    }
}

impl<'de> Visitor<'de> for Checked {
    type Value = Value;
    non_objects!(std::convert::identity, "a JSON value");
    fn visit_string<E: serde::de::Error>(self, s: String) -> Result<Value, E> {
        spend(1)?;
        Ok(Value::String(s))
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Value, A::Error> {
        self.read_map(map)
    }
}

/// Inserts a member that must be new: a key given twice is an error, not a replacement.
fn insert_new<E: serde::de::Error>(
    map: &mut Map<String, Value>,
    k: String,
    v: Value,
) -> Result<(), E> {
    match map.entry(k) {
        serde_json::map::Entry::Vacant(slot) => {
            slot.insert(v);
            Ok(())
        }
        serde_json::map::Entry::Occupied(_) => Err(E::custom("a key given twice")),
    }
}

/// A string kept as read (borrowed unless it had escapes), or any other value.
enum Text<'a> {
    Str(Cow<'a, str>),
    Other(Value),
}

impl IntoValue for Text<'_> {
    fn into_value<E: serde::de::Error>(self) -> Result<Value, E> {
        match self {
            Text::Str(s) => spend(1).map(|()| Value::String(s.into_owned())),
            Text::Other(v) => Ok(v),
        }
    }
}

/// Reads a [`Text`] whose value, if a container, is at `depth`.
#[derive(Clone, Copy)]
struct TextVisitor {
    depth: usize,
}

impl<'de> Visitor<'de> for TextVisitor {
    type Value = Text<'de>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_borrowed_str<E>(self, s: &'de str) -> Result<Text<'de>, E> {
        Ok(Text::Str(Cow::Borrowed(s)))
    }
    fn visit_str<E>(self, s: &str) -> Result<Text<'de>, E> {
        Ok(Text::Str(Cow::Owned(s.to_owned())))
    }
    fn visit_string<E>(self, s: String) -> Result<Text<'de>, E> {
        Ok(Text::Str(Cow::Owned(s)))
    }
    scalars_and_arrays!(Text::Other);
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Text<'de>, A::Error> {
        Checked { depth: self.depth }.read_map(map).map(Text::Other)
    }
}

/// An object key, borrowed from the text unless it had escapes (serde's own `Cow` always
/// copies).
struct Key<'a>(Cow<'a, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // JSON keys are strings; the depth is never reached.
        match d.deserialize_any(TextVisitor { depth: 0 })? {
            Text::Str(s) => Ok(Key(s)),
            Text::Other(_) => Err(serde::de::Error::custom("a key that is not a string")),
        }
    }
}

/// The strings of an object being read, until a key shows it is not the fast shape; from
/// then on, the object as a `Value` map (later keys replace earlier ones, as in serde_json).
struct Fields<'a, const N: usize> {
    names: [&'static str; N],
    found: [Option<Text<'a>>; N],
    general: Option<Map<String, Value>>,
}

impl<'a, const N: usize> Fields<'a, N> {
    fn new(names: [&'static str; N]) -> Self {
        Fields {
            names,
            found: std::array::from_fn(|_| None),
            general: None,
        }
    }

    /// Moves what was read so far into the general map.
    fn generalise<E: serde::de::Error>(&mut self) -> Result<&mut Map<String, Value>, E> {
        if self.general.is_none() {
            spend(1)?;
        }
        let map = self.general.get_or_insert_with(Map::new);
        for (name, slot) in self.names.iter().zip(self.found.iter_mut()) {
            if let Some(t) = slot.take() {
                map.insert((*name).to_owned(), t.into_value()?);
            }
        }
        Ok(map)
    }

    /// Which field `key` is, while the object still has the fast shape.
    fn slot(&self, key: &str) -> Option<usize> {
        if self.general.is_some() {
            return None;
        }
        let i = self.names.iter().position(|n| *n == key)?;
        self.found[i].is_none().then_some(i)
    }

    /// The whole object as a `Value`, with `extra` (the non-text field) under its name.
    fn into_general<E: serde::de::Error>(
        mut self,
        name: &str,
        extra: Option<impl IntoValue>,
    ) -> Result<Value, E> {
        let map = self.generalise()?;
        if let Some(x) = extra {
            map.insert(name.to_owned(), x.into_value()?);
        }
        Ok(Value::Object(std::mem::take(map)))
    }
}

/// A part read in a fast shape, built as the general path keeps it, each value it builds
/// counted against the [`Budget`].
trait IntoValue {
    fn into_value<E: serde::de::Error>(self) -> Result<Value, E>;
}

/// Built by [`Checked`], so counted already.
impl IntoValue for Value {
    fn into_value<E: serde::de::Error>(self) -> Result<Value, E> {
        Ok(self)
    }
}

/// What [`read_object`] reads its extra field as, given the depth of that field's value.
trait ReadAt<'de>: Sized + IntoValue {
    fn read<A: MapAccess<'de>>(map: &mut A, depth: usize) -> Result<Self, A::Error>;
}

impl<'de> ReadAt<'de> for Value {
    fn read<A: MapAccess<'de>>(map: &mut A, depth: usize) -> Result<Self, A::Error> {
        map.next_value_seed(Checked { depth })
    }
}

/// Reads an object whose fast shape is the text fields `names` and one more field, `extra`,
/// read as `X` (each at most once, no other key). From the first key that breaks the shape,
/// what was read and all that follows is kept as a `Value` map (`Fields::general`). `depth`
/// is that of the object's members; a key given twice is an error.
fn read_object<'de, A: MapAccess<'de>, X: ReadAt<'de>, const N: usize>(
    mut map: A,
    names: [&'static str; N],
    extra: &'static str,
    depth: usize,
) -> Result<(Fields<'de, N>, Option<X>), A::Error> {
    let mut fields = Fields::new(names);
    let mut x: Option<X> = None;
    while let Some(Key(key)) = map.next_key()? {
        if let Some(i) = fields.slot(&key) {
            fields.found[i] = Some(map.next_value_seed(TextVisitor { depth })?);
            continue;
        }
        if key == extra && x.is_none() && fields.general.is_none() {
            x = Some(X::read(&mut map, depth)?);
            continue;
        }
        let general = fields.generalise()?;
        if let Some(x) = x.take() {
            general.insert(extra.to_owned(), x.into_value()?);
        }
        let value = map.next_value_seed(Checked { depth })?;
        insert_new(general, key.into_owned(), value)?;
    }
    Ok((fields, x))
}

struct EnvelopeVisitor {
    /// Always 0: the envelope is the outermost container.
    depth: usize,
}

impl<'de> Visitor<'de> for EnvelopeVisitor {
    type Value = Envelope<'de>;
    non_objects!(Envelope::Other, "an envelope");
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Envelope<'de>, A::Error> {
        // `version` is read as text; `updateDataModel` as a body that may itself turn out
        // not to have the fast shape.
        let (fields, body) =
            read_object::<_, Body, 1>(map, ["version"], "updateDataModel", self.depth + 1)?;
        match (fields.general.is_none(), &fields.found[0], body) {
            (true, Some(Text::Str(v)), Some(Body::Fast(update))) if VERSIONS.contains(&&**v) => {
                update
                    .count_built()
                    .then_some(Envelope::Data(update))
                    .ok_or_else(|| serde::de::Error::custom(TOO_MANY))
            }
            (_, _, body) => fields
                .into_general("updateDataModel", body)
                .map(Envelope::Other),
        }
    }
}

/// An `updateDataModel` body: the fast shape, or any value.
enum Body<'a> {
    Fast(DataUpdate<'a>),
    Other(Value),
}

impl IntoValue for Body<'_> {
    fn into_value<E: serde::de::Error>(self) -> Result<Value, E> {
        match self {
            Body::Other(v) => Ok(v),
            Body::Fast(u) => {
                // The map and its surface id.
                spend(2)?;
                let mut m = Map::new();
                m.insert("surfaceId".into(), Value::String(u.surface_id.into_owned()));
                if let Some(p) = u.path {
                    spend(1)?;
                    m.insert("path".into(), Value::String(p.into_owned()));
                }
                if let Some(v) = u.value {
                    m.insert("value".into(), IntoValue::into_value(v)?);
                }
                Ok(Value::Object(m))
            }
        }
    }
}

impl<'de> ReadAt<'de> for Body<'de> {
    fn read<A: MapAccess<'de>>(map: &mut A, depth: usize) -> Result<Self, A::Error> {
        map.next_value_seed(BodyVisitor { depth })
    }
}

/// Reads a [`Body`] whose object is at `depth`.
struct BodyVisitor {
    depth: usize,
}

impl<'de> Visitor<'de> for BodyVisitor {
    type Value = Body<'de>;
    non_objects!(Body::Other, "an updateDataModel body");
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Body<'de>, A::Error> {
        let (mut fields, value) =
            read_object::<_, Data, 2>(map, ["surfaceId", "path"], "value", self.depth + 1)?;
        let plain = fields.general.is_none();
        match std::mem::take(&mut fields.found) {
            [Some(Text::Str(surface_id)), None] if plain => {
                return Ok(Body::Fast(DataUpdate {
                    surface_id,
                    path: None,
                    value,
                }))
            }
            [Some(Text::Str(surface_id)), Some(Text::Str(path))] if plain => {
                return Ok(Body::Fast(DataUpdate {
                    surface_id,
                    path: Some(path),
                    value,
                }))
            }
            found => fields.found = found,
        }
        fields.into_general("value", value).map(Body::Other)
    }
}

/// A data value whose tape is shorter than this is built when it is stored below the root
/// (`Model::set_planned`): keeping the tape pays off for large values, and a small one costs
/// less to build than to keep and build later. At the root, where a whole model replaces
/// the last, any is kept: a later write below it builds it once, as storing it would have.
pub(super) const TAPE_FROM: usize = 256;

/// A container built already was built from its tape, whole, by [`taped`], and counted
/// there; a scalar is counted here.
impl IntoValue for Data {
    fn into_value<E: serde::de::Error>(self) -> Result<Value, E> {
        match self {
            Data::Built(v) => {
                if !(v.is_array() || v.is_object()) {
                    spend(1)?;
                }
                Ok(v)
            }
            Data::Taped(t) => build_tape(&t.tape).ok_or_else(|| E::custom(TOO_MANY)),
        }
    }
}

/// A data update's value. A container is checked as [`Checked`] checks it and measured as
/// admission's `model_value` measures it, written to a tape instead of built (see
/// [`super::model`]); one admission would say something of (a refused key, a
/// bidirectional control in its text) is built from the tape at once and goes the general
/// way. A scalar is built as it is read.
impl<'de> ReadAt<'de> for Data {
    fn read<A: MapAccess<'de>>(map: &mut A, depth: usize) -> Result<Self, A::Error> {
        map.next_value_seed(DataVisitor { depth })
    }
}

struct DataVisitor {
    depth: usize,
}

seed!(DataVisitor);

thread_local! {
    /// The tape a data value is written to as it is read, kept between values so that
    /// writing one costs no growth of its buffer: a value kept as a tape is then copied
    /// out once, at its size, and a small one is built from here with no tape of its own.
    static SCRATCH: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Past this, the scratch tape gives its memory back after a value (a large value is rare;
/// holding its size for good is not worth it).
const SCRATCH_KEPT: usize = 1 << 16;

/// Measures one container into the scratch tape with `read`, then keeps it as a tape or
/// builds it: the one place either reader ([`Measure`], [`super::direct`]) makes a [`Data`]
/// of a container. One it builds is counted against the [`Budget`]; past it, `over()`.
pub(super) fn taped<E>(
    read: impl FnOnce(&mut Vec<u8>) -> Result<Measurement, E>,
    over: impl FnOnce() -> E,
) -> Result<Data, E> {
    let mut tape = SCRATCH.with(|s| s.take());
    tape.clear();
    let measured = read(&mut tape);
    let data = measured.and_then(|m| {
        if !m.clean {
            return build_tape(&tape).map(Data::Built).ok_or_else(over);
        }
        let is_object = tape.first() == Some(&tape::OBJECT);
        // A tape past what the scratch keeps is moved out and shrunk where it lies (no
        // second allocation, no copy); a smaller one is copied out at its size.
        let kept: Box<[u8]> = if tape.capacity() > SCRATCH_KEPT {
            std::mem::take(&mut tape).into_boxed_slice()
        } else {
            tape.as_slice().into()
        };
        Ok(Data::Taped(Taped {
            is_object,
            tape: kept,
            size: m.size,
            exact: m.exact,
            measured: true,
            depth: m.depth,
            edited: false,
        }))
    });
    if tape.capacity() > SCRATCH_KEPT {
        tape = Vec::new();
    }
    SCRATCH.with(|s| s.replace(tape));
    data
}

impl<'de> Visitor<'de> for DataVisitor {
    type Value = Data;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    scalars!(free Data::Built);
    fn visit_str<E>(self, s: &str) -> Result<Data, E> {
        Ok(Data::Built(Value::String(s.to_owned())))
    }
    fn visit_string<E>(self, s: String) -> Result<Data, E> {
        Ok(Data::Built(Value::String(s)))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Data, A::Error> {
        let depth = self.depth;
        taped(
            |tape| {
                let keys = &mut Vec::new();
                Measure { depth, tape, keys }.visit_seq(seq)
            },
            || serde::de::Error::custom(TOO_MANY),
        )
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Data, A::Error> {
        let depth = self.depth;
        taped(
            |tape| {
                let keys = &mut Vec::new();
                Measure { depth, tape, keys }.visit_map(map)
            },
            || serde::de::Error::custom(TOO_MANY),
        )
    }
}

/// Reads a value as [`Checked`] does (the same errors, at the same depth), writing it to a
/// tape and measuring what admission's `model_value` measures.
struct Measure<'t, 'de> {
    depth: usize,
    tape: &'t mut Vec<u8>,
    /// The keys of the objects open around this value ([`Keys`]).
    keys: &'t mut Vec<Cow<'de, str>>,
}

pub(super) struct Measurement {
    /// Length as compact JSON, or more when `exact` is false.
    pub size: usize,
    /// Whether `size` is the length itself: false when a float was counted at its widest
    /// ([`pointer::FLOAT_SIZE_MAX`]).
    pub exact: bool,
    /// Nesting (0 for a scalar).
    pub depth: usize,
    /// No refused key and no bidirectional control: admission would say nothing of it.
    pub clean: bool,
}

/// What each reader writes and measures for a scalar, so that both make the same tape.
impl Measurement {
    pub(super) fn scalar(size: usize) -> Self {
        Measurement {
            size,
            exact: true,
            depth: 0,
            clean: true,
        }
    }

    pub(super) fn bool(tape: &mut Vec<u8>, b: bool) -> Self {
        Writer(tape).bool(b);
        Measurement::scalar(if b { 4 } else { 5 })
    }

    pub(super) fn null(tape: &mut Vec<u8>) -> Self {
        Writer(tape).null();
        Measurement::scalar(4)
    }

    /// A negative integer (serde_json reads those as `i64`, the rest as `u64`).
    pub(super) fn i64(tape: &mut Vec<u8>, n: i64) -> Self {
        Measurement::i64_of_size(tape, n, 1 + pointer::digits(n.unsigned_abs()))
    }

    pub(super) fn u64(tape: &mut Vec<u8>, n: u64) -> Self {
        Measurement::u64_of_size(tape, n, pointer::digits(n))
    }

    /// A positive integer of size `len`: read from text of `len` bytes, as serde_json writes
    /// an integer as JSON allows it to be written (counted from the value instead, a tenth
    /// of the time each number took to read).
    #[inline(always)]
    pub(super) fn u64_of_size(tape: &mut Vec<u8>, n: u64, len: usize) -> Self {
        debug_assert_eq!(len, pointer::digits(n));
        Writer(tape).u64(n);
        Measurement::scalar(len)
    }

    /// [`Measurement::u64_of_size`] of a negative integer.
    #[inline(always)]
    pub(super) fn i64_of_size(tape: &mut Vec<u8>, n: i64, len: usize) -> Self {
        debug_assert_eq!(len, 1 + pointer::digits(n.unsigned_abs()));
        Writer(tape).i64(n);
        Measurement::scalar(len)
    }

    /// A finite float whose length as serde_json writes it, `size`, is known.
    #[inline]
    pub(super) fn f64_of_size(tape: &mut Vec<u8>, n: f64, size: usize) -> Self {
        Writer(tape).f64(n);
        Measurement::scalar(size)
    }

    pub(super) fn f64(tape: &mut Vec<u8>, n: f64) -> Self {
        Writer(tape).f64(n);
        // As `Value::from(f64)` keeps it: a float no JSON number is would be `null`.
        if !n.is_finite() {
            return Measurement::scalar(4);
        }
        match pointer::float_size_fast(n) {
            Some(size) => Measurement::scalar(size),
            None => Measurement {
                exact: false,
                ..Measurement::scalar(pointer::FLOAT_SIZE_MAX)
            },
        }
    }

    /// A string value, as its UTF-8 and its length as serde_json writes it; `clean` when the
    /// reader knows it holds no bidi control (it is all ASCII, or the text it was cut from
    /// holds none there), and it need not be searched.
    pub(super) fn str(tape: &mut Vec<u8>, s: &[u8], size: usize, clean: bool) -> Self {
        Writer(tape).utf8(s);
        Measurement::written_str(s, size, clean)
    }

    /// A string value already on the tape.
    pub(super) fn written_str(s: &[u8], size: usize, clean: bool) -> Self {
        debug_assert!(!clean || !crate::text::holds_bidi_control(s));
        Measurement {
            clean: clean || !crate::text::holds_bidi_control(s),
            ..Measurement::scalar(size)
        }
    }

    /// A member's key, before its value: what it adds to its object's measurement.
    pub(super) fn key(&mut self, tape: &mut Vec<u8>, k: &str, size: usize) {
        self.clean &= !pointer::FORBIDDEN_SEGMENTS.contains(&k);
        self.key_known(tape, k, size);
    }

    /// [`Measurement::key`] for a key known not to be refused.
    #[inline]
    pub(super) fn key_known(&mut self, tape: &mut Vec<u8>, k: &str, size: usize) {
        self.size += size + 1;
        Writer(tape).str(k);
    }
}

impl<'de> DeserializeSeed<'de> for Measure<'_, 'de> {
    type Value = Measurement;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Measurement, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Measure<'_, 'de> {
    type Value = Measurement;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, b: bool) -> Result<Measurement, E> {
        Ok(Measurement::bool(self.tape, b))
    }
    fn visit_i64<E>(self, n: i64) -> Result<Measurement, E> {
        Ok(Measurement::i64(self.tape, n))
    }
    fn visit_u64<E>(self, n: u64) -> Result<Measurement, E> {
        Ok(Measurement::u64(self.tape, n))
    }
    fn visit_f64<E>(self, n: f64) -> Result<Measurement, E> {
        Ok(Measurement::f64(self.tape, n))
    }
    fn visit_unit<E>(self) -> Result<Measurement, E> {
        Ok(Measurement::null(self.tape))
    }
    fn visit_borrowed_str<E>(self, s: &'de str) -> Result<Measurement, E> {
        // Borrowed from the text, so it had no escape there, and a string with no escape
        // holds nothing serde_json escapes when it writes it (a raw control character is
        // an error): its compact size is its length and two quotes.
        debug_assert_eq!(s.len() + 2, pointer::string_size(s));
        Ok(Measurement::str(
            self.tape,
            s.as_bytes(),
            s.len() + 2,
            false,
        ))
    }
    fn visit_str<E>(self, s: &str) -> Result<Measurement, E> {
        Ok(Measurement::str(
            self.tape,
            s.as_bytes(),
            pointer::string_size(s),
            false,
        ))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Measurement, A::Error> {
        let depth = Checked { depth: self.depth }.enter()?;
        Writer(self.tape).open(false);
        let mut all = Measurement::scalar(1);
        let mut n = 0usize;
        while let Some(m) = seq.next_element_seed(Measure {
            depth,
            tape: &mut *self.tape,
            keys: &mut *self.keys,
        })? {
            all.add(m);
            n += 1;
        }
        Writer(self.tape).close();
        Ok(all.closed(n))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Measurement, A::Error> {
        let depth = Checked { depth: self.depth }.enter()?;
        Writer(self.tape).open(true);
        let mut all = Measurement::scalar(1);
        let mut n = 0usize;
        let mut seen = Keys::open(self.keys);
        while let Some(Key(k)) = map.next_key()? {
            // A borrowed key had no escape (see `visit_borrowed_str`).
            let size = match &k {
                Cow::Borrowed(b) => b.len() + 2,
                Cow::Owned(o) => pointer::string_size(o),
            };
            all.key(self.tape, &k, size);
            if !seen.insert(self.keys, k) {
                return Err(serde::de::Error::custom("a key given twice"));
            }
            all.add(map.next_value_seed(Measure {
                depth,
                tape: &mut *self.tape,
                keys: &mut *self.keys,
            })?);
            n += 1;
        }
        seen.close(self.keys);
        Writer(self.tape).close();
        Ok(all.closed(n))
    }
}

impl Measurement {
    /// Adds a member's (or item's) measurement to its container's.
    pub(super) fn add(&mut self, m: Measurement) {
        self.size += m.size;
        self.exact &= m.exact;
        self.depth = self.depth.max(m.depth);
        self.clean &= m.clean;
    }

    /// The container's, once its `n` members are added: its commas (or, when empty, its
    /// closing bracket's one byte more) and one level of nesting.
    pub(super) fn closed(mut self, n: usize) -> Self {
        self.size += n.max(1);
        self.depth += 1;
        self
    }
}

/// An object's keys as either reader checks them for one given twice: on a stack of keys the
/// reader keeps for the value it reads (the innermost open object's last), from `from` on,
/// and past [`FEW_KEYS`] of them by their hash as well ([`ManyKeys`]), so a large object
/// costs no quadratic search. They stay on the stack in their order, for the next record to
/// repeat ([`Keys::in_order`]) however many they are.
/// (Each object kept its first eight keys in place, about a hundred bytes zeroed as it
/// opened and, in the hand reader, copied onto and off its stack of open containers.)
pub(super) struct Keys<'a> {
    from: usize,
    /// Boxed: a `Keys` is in every open container the readers keep, most of which never
    /// need one.
    many: Option<Box<ManyKeys>>,
    stack: std::marker::PhantomData<&'a str>,
}

/// How many keys of an object are compared one by one before they are hashed.
const FEW_KEYS: usize = 8;

/// The keys of an object of more than [`FEW_KEYS`], by their hash under a seed an agent
/// cannot know once the host has seeded the hashes ([`super::store::key_seed`]).
///
/// Up to [`FILTERED_KEYS`] keys, each hash sets two bits of a filter and is kept in order:
/// a key whose two bits are both set already (about one in twenty at the most keys, none
/// but by chance before) has its hash looked for among the others', and the keys of an equal
/// hash are compared. Past them, hash to place in a map, where two keys of one hash are
/// compared and a key whose hash another key has already is kept in `more` and compared one
/// by one. No agent can make two keys of one hash but by chance (one in 2^64 a pair); past
/// [`MORE_KEYS`] keys that share a hash, in the filter or in the map (an agent that knows
/// the seed of a build whose host never seeded it), the object is taken for one with a key
/// twice and refused, rather than searched in time that grows with the square of its keys.
/// (A `BTreeSet` of the keys took a fold of objects of 50 keys with a common prefix to a
/// third again the time of the official core: every key compared with about six others,
/// byte by byte in wasm32, and every escaped key copied into it; the map alone, an entry a
/// key, was a tenth of a fold of values of 50 keys new in each.)
struct ManyKeys {
    seed: u64,
    hasher: super::catalog::IdHasher,
    filter: [u64; FILTER_WORDS],
    /// The hashes of the object's keys in their order, while they are at most
    /// [`FILTERED_KEYS`].
    hashes: Vec<u64>,
    /// How many of those keys have the hash of a key before them (as `more`, below).
    shared: usize,
    first: std::collections::HashMap<u64, u32, BuildHasherDefault<Hashed>>,
    more: Vec<u32>,
}

/// A key's hash for [`ManyKeys`]'s filter under `seed`: a word of the key at a time, each
/// multiplied in, which wasm32 does in one instruction where foldhash's folded multiply
/// takes four (a twentieth of a fold of values of 50 keys new in each). Keys of one such
/// hash cost compares only, and at most [`FILTERED_KEYS`] of them a key.
#[inline]
fn filter_hash(seed: u64, k: &[u8]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let word = |b: &[u8]| u64::from_le_bytes(b.try_into().expect("eight bytes"));
    let half = |b: &[u8]| u64::from(u32::from_le_bytes(b.try_into().expect("four bytes")));
    let n = k.len();
    let mut h = (seed ^ n as u64).wrapping_mul(K);
    let last = match n {
        8.. => {
            for w in k[..n - 1].chunks_exact(8) {
                h = (h ^ word(w)).wrapping_mul(K).rotate_left(23);
            }
            word(&k[n - 8..])
        }
        4.. => half(&k[..4]) | half(&k[n - 4..]) << 32,
        1.. => u64::from(k[0]) | u64::from(k[n / 2]) << 8 | u64::from(k[n - 1]) << 16,
        0 => 0,
    };
    h = (h ^ last).wrapping_mul(K);
    h ^ (h >> 31)
}

/// The two bits a key of this hash sets in [`ManyKeys`]'s filter, each as a word of it and a
/// mask: one formula for both ways in ([`ManyKeys::insert_filtered`] and
/// [`ManyKeys::insert_hashed`]), as a key found new by one must be found by the other.
#[inline(always)]
fn filter_bits(hash: u64) -> [(usize, u64); 2] {
    [hash >> 54, (hash >> 44) & 1023].map(|bit| ((bit / 64) as usize, 1u64 << (bit % 64)))
}

/// The most keys of an object found twice through [`ManyKeys`]'s filter, not its map.
const FILTERED_KEYS: usize = 128;

/// The words of [`ManyKeys`]'s filter: 1,024 bits, so that [`FILTERED_KEYS`] keys set at
/// most a quarter of them.
const FILTER_WORDS: usize = 16;

/// The most keys of an object whose hash another of its keys has ([`ManyKeys`]).
const MORE_KEYS: usize = 64;

/// The largest map a [`ManyKeys`] given back keeps ([`ManyKeys::give_back`]).
const SPARE_MAP: usize = 4 * FILTERED_KEYS;

/// A hasher for a key that is a hash already.
#[derive(Default)]
struct Hashed(u64);

impl std::hash::Hasher for Hashed {
    fn write(&mut self, _: &[u8]) {
        unreachable!("only hashes are hashed so")
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

thread_local! {
    /// The [`ManyKeys`] of the last object of many keys to close, cleared, for the next: a
    /// stream of such objects (records of tens of fields, each with keys of its own) made
    /// and freed one an object, its filter zeroed and its list grown each time (an eighth of
    /// the time its duplicate check took in `bench/ab.mjs`'s `japanese-keys`).
    static SPARE_KEYS: Cell<Option<Box<ManyKeys>>> = const { Cell::new(None) };
}

impl ManyKeys {
    fn new(seed: u64) -> Box<Self> {
        if let Some(mut many) = SPARE_KEYS.with(Cell::take) {
            many.seed = seed;
            many.hasher = super::catalog::IdHasher::with_seed(seed);
            return many;
        }
        Box::new(ManyKeys {
            seed,
            hasher: super::catalog::IdHasher::with_seed(seed),
            filter: [0; FILTER_WORDS],
            hashes: Vec::with_capacity(4 * FEW_KEYS),
            shared: 0,
            first: std::collections::HashMap::default(),
            more: Vec::new(),
        })
    }

    /// Whether `k`, to be pushed at `at` on `stack`, is new to the object whose keys are
    /// `stack[from..at]`, all of them inserted before: through the filter, in line, while
    /// they are fewer than [`FILTERED_KEYS`], and past them through the map.
    #[inline(always)]
    fn insert(&mut self, stack: &[Cow<'_, str>], from: usize, k: &str, at: usize) -> bool {
        if at - from < FILTERED_KEYS {
            self.insert_filtered(stack, from, k, at)
        } else {
            self.insert_mapped(stack, from, k, at)
        }
    }

    /// [`ManyKeys::insert`] past [`FILTERED_KEYS`] keys.
    #[inline(never)]
    fn insert_mapped(&mut self, stack: &[Cow<'_, str>], from: usize, k: &str, at: usize) -> bool {
        use std::hash::BuildHasher;
        let hash = self.hasher.hash_one(k);
        self.insert_hashed(stack, from, k, at, hash)
    }

    /// Cleared and kept for the next object of many keys ([`SPARE_KEYS`]), unless its map
    /// grew past what an object of a few hundred keys needs: the memory a larger object
    /// took goes with it. (`more` holds at most [`MORE_KEYS`]; `hashes` at most
    /// [`FILTERED_KEYS`].)
    fn give_back(mut self: Box<Self>) {
        if self.first.capacity() > SPARE_MAP {
            return;
        }
        self.filter = [0; FILTER_WORDS];
        self.hashes.clear();
        self.shared = 0;
        self.first.clear();
        self.more.clear();
        SPARE_KEYS.with(|spare| spare.set(Some(self)));
    }

    /// [`ManyKeys::insert`] of a key while the object has fewer than [`FILTERED_KEYS`]:
    /// the filter's two bits, and the hash kept, in the caller; only a key whose bits are
    /// both set already (about one in a hundred in an object of 50 keys) goes on to the
    /// search ([`ManyKeys::insert_hashed`]). It was a call for every key: in line, with
    /// long keys compared from their end ([`crate::swar::same_bytes`]), a fold of values of
    /// 50 keys in Japanese, new in each, took 0.50 ms where it took 0.53 (BENCHMARKS.md).
    #[inline(always)]
    fn insert_filtered(&mut self, stack: &[Cow<'_, str>], from: usize, k: &str, at: usize) -> bool {
        debug_assert!(at - from < FILTERED_KEYS);
        let hash = filter_hash(self.seed, k.as_bytes());
        let [(wa, ma), (wb, mb)] = filter_bits(hash);
        if self.filter[wa] & ma != 0 && self.filter[wb] & mb != 0 {
            return self.insert_hashed(stack, from, k, at, hash);
        }
        self.filter[wa] |= ma;
        self.filter[wb] |= mb;
        self.hashes.push(hash);
        true
    }

    /// [`ManyKeys::insert`] of `k` of this hash.
    #[inline(never)]
    fn insert_hashed(
        &mut self,
        stack: &[Cow<'_, str>],
        from: usize,
        k: &str,
        at: usize,
        hash: u64,
    ) -> bool {
        let same = |i: usize| same_bytes(stack[i].as_bytes(), k.as_bytes());
        if at - from < FILTERED_KEYS {
            let mut seen = true;
            for (word, mask) in filter_bits(hash) {
                let word = &mut self.filter[word];
                seen &= *word & mask != 0;
                *word |= mask;
            }
            if seen {
                let mut shared = false;
                for (&h, i) in self.hashes.iter().zip(from..) {
                    if h == hash {
                        if same(i) {
                            return false;
                        }
                        shared = true;
                    }
                }
                if shared {
                    if self.shared == MORE_KEYS {
                        return false;
                    }
                    self.shared += 1;
                }
            }
            self.hashes.push(hash);
            return true;
        }
        if at - from == FILTERED_KEYS {
            // The keys before it, all different, move to the map.
            use std::hash::BuildHasher;
            // Emptied rather than freed: its room serves the next object ([`SPARE_KEYS`]).
            self.hashes.clear();
            self.first.reserve(2 * FILTERED_KEYS);
            for (i, key) in stack.iter().enumerate().take(at).skip(from) {
                self.map(stack, key, i, self.hasher.hash_one(key));
            }
        }
        self.map(stack, k, at, hash)
    }

    /// Whether `k`, of this hash, is new to the keys in the map.
    fn map(&mut self, stack: &[Cow<'_, str>], k: &str, at: usize, hash: u64) -> bool {
        use std::collections::hash_map::Entry;
        let same = |i: u32| same_bytes(stack[i as usize].as_bytes(), k.as_bytes());
        match self.first.entry(hash) {
            Entry::Vacant(e) => {
                e.insert(at as u32);
                true
            }
            Entry::Occupied(e) => {
                if same(*e.get()) || self.more.iter().any(|&i| same(i)) {
                    return false;
                }
                if self.more.len() == MORE_KEYS {
                    return false;
                }
                self.more.push(at as u32);
                true
            }
        }
    }
}

impl<'a> Keys<'a> {
    /// An object opening as the innermost on `stack`.
    #[inline]
    pub(super) fn open(stack: &[Cow<'a, str>]) -> Self {
        Keys {
            from: stack.len(),
            many: None,
            stack: std::marker::PhantomData,
        }
    }

    /// Whether `k` is new to this object, the innermost open on `stack`.
    #[inline]
    pub(super) fn insert(&mut self, stack: &mut Vec<Cow<'a, str>>, k: Cow<'a, str>) -> bool {
        let at = stack.len();
        let new = match &mut self.many {
            Some(many) => many.insert(stack, self.from, &k, at),
            None if at - self.from < FEW_KEYS => !stack[self.from..]
                .iter()
                .any(|x| same_bytes(x.as_bytes(), k.as_bytes())),
            None => {
                let mut many = ManyKeys::new(super::store::key_seed());
                // The keys before it are all different, and may be more than
                // [`FILTERED_KEYS`] (a record that repeats its sibling's keys has them
                // pushed as a run, not inserted one by one).
                for i in self.from..at {
                    many.insert(stack, self.from, &stack[i], i);
                }
                let new = many.insert(stack, self.from, &k, at);
                self.many = Some(many);
                new
            }
        };
        stack.push(k);
        new
    }

    /// This object's keys on `stack`, in their order.
    pub(super) fn in_order<'s>(&self, stack: &'s [Cow<'a, str>]) -> &'s [Cow<'a, str>] {
        &stack[self.from..]
    }

    /// Takes this object's keys off `stack` as it closes.
    #[inline]
    pub(super) fn close(&mut self, stack: &mut Vec<Cow<'a, str>>) {
        stack.truncate(self.from);
        if let Some(many) = self.many.take() {
            many.give_back();
        }
    }
}

/// [`super::direct::read_batch`] as serde_json alone reads a batch: what the direct reader
/// is held to.
#[cfg(test)]
pub(super) fn read_batch_serde<'de>(
    text: &'de str,
    apply: impl FnMut(Envelope<'de>),
) -> (usize, bool) {
    struct Batch<F> {
        apply: F,
        read: usize,
    }
    impl<'de, F: FnMut(Envelope<'de>)> Visitor<'de> for &mut Batch<F> {
        type Value = ();
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("an array of envelopes")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
            while let Some(envelope) = seq.next_element_seed(EnvelopeVisitor { depth: 0 })? {
                (self.apply)(envelope);
                self.read += 1;
            }
            Ok(())
        }
    }
    let mut batch = Batch { apply, read: 0 };
    let mut de = serde_json::Deserializer::from_str(text);
    let whole = de
        .deserialize_seq(&mut batch)
        .and_then(|()| de.end())
        .is_ok();
    (batch.read, whole)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How the fast reader reads `text`, as the `Value` serde_json would build, and whether
    /// it took the fast path.
    fn read(text: &str) -> (bool, Value) {
        match serde_json::from_str::<Envelope>(text).unwrap() {
            Envelope::Other(v) => (false, v),
            Envelope::Message { .. } => unreachable!("only the hand reader reads these"),
            Envelope::Data(u) => {
                let v: Value = serde_json::from_str(text).unwrap();
                let version = v["version"].clone();
                let body = Body::Fast(u).into_value::<serde_json::Error>().unwrap();
                (
                    true,
                    serde_json::json!({"version": version, "updateDataModel": body}),
                )
            }
        }
    }

    /// An object's first `n` keys on `stack`, each of a hash of its own, in a [`ManyKeys`].
    fn many_keys(stack: &[Cow<str>], n: usize) -> Box<ManyKeys> {
        let mut many = ManyKeys::new(1);
        for (i, k) in stack.iter().enumerate().take(n) {
            let hash = (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            assert!(many.insert_hashed(stack, 0, k, i, hash), "{k}");
        }
        many
    }

    /// Keys of one hash, as no agent can make them without the seed, are still told
    /// apart, and one given twice is still found: among the filtered keys and in the map.
    #[test]
    fn keys_of_one_hash_are_compared() {
        for before in [0, FILTERED_KEYS] {
            let stack: Vec<Cow<str>> = (0..before)
                .map(|i| Cow::Owned(format!("other{i}")))
                .chain((0..20).map(|i| Cow::Owned(format!("k{i}"))))
                .collect();
            let mut many = many_keys(&stack, before);
            for (i, k) in stack.iter().enumerate().skip(before) {
                assert!(many.insert_hashed(&stack, 0, k, i, 7), "{k}");
            }
            // Each of them again, as the next key.
            for k in &stack[before..] {
                assert!(!many.insert_hashed(&stack, 0, k, stack.len(), 7), "{k}");
            }
            assert_eq!(many.more.len(), if before == 0 { 0 } else { 19 });
        }
    }

    /// Keys of one hash are compared one by one up to [`MORE_KEYS`] of them, among the
    /// filtered keys and in the map; one past, the object is taken for one with a key twice.
    #[test]
    fn keys_of_one_hash_at_the_limit_and_one_past() {
        for before in [0, FILTERED_KEYS] {
            let stack: Vec<Cow<str>> = (0..before + MORE_KEYS + 2)
                .map(|i| Cow::Owned(format!("k{i}")))
                .collect();
            let mut many = many_keys(&stack, before);
            // The first has the hash alone; the next MORE_KEYS share it.
            for (i, k) in stack.iter().enumerate().skip(before).take(MORE_KEYS + 1) {
                assert!(many.insert_hashed(&stack, 0, k, i, 7), "{k}");
            }
            let last = before + MORE_KEYS + 1;
            assert!(!many.insert_hashed(&stack, 0, &stack[last], last, 7));
            let shared = if before == 0 {
                many.shared
            } else {
                many.more.len()
            };
            assert_eq!(shared, MORE_KEYS);
        }
    }

    /// What an object's keys of one hash counted is not left to the next object that
    /// takes its [`ManyKeys`]: that one, too, takes [`MORE_KEYS`] keys sharing a hash.
    #[test]
    fn a_reused_filter_counts_shared_hashes_afresh() {
        let stack: Vec<Cow<str>> = (0..MORE_KEYS + 1)
            .map(|i| Cow::Owned(format!("k{i}")))
            .collect();
        for _ in 0..2 {
            let mut many = ManyKeys::new(1);
            for (i, k) in stack.iter().enumerate() {
                assert!(many.insert_hashed(&stack, 0, k, i, 7), "{k}");
            }
            assert_eq!(many.shared, MORE_KEYS);
            many.give_back();
        }
    }

    /// A key given twice is found wherever its first place is, in objects whose keys end
    /// among the filtered ones, at their limit, one past it and well past it; an object of
    /// keys all different is let through.
    #[test]
    fn keys_given_twice_are_found_at_the_filters_limit_and_past_it() {
        for n in [
            FEW_KEYS + 1,
            FILTERED_KEYS - 1,
            FILTERED_KEYS,
            FILTERED_KEYS + 1,
            3 * FILTERED_KEYS,
        ] {
            for twice in [None, Some(0), Some(FEW_KEYS), Some(n / 2), Some(n - 1)] {
                let mut stack: Vec<Cow<str>> = vec![Cow::Borrowed("outer")];
                let mut keys = Keys::open(&stack);
                for i in 0..n {
                    assert!(
                        keys.insert(&mut stack, Cow::Owned(format!("key {i}"))),
                        "{n} {i}"
                    );
                }
                let last = match twice {
                    Some(i) => format!("key {i}"),
                    None => format!("key {n}"),
                };
                assert_eq!(
                    keys.insert(&mut stack, Cow::Owned(last)),
                    twice.is_none(),
                    "{n} {twice:?}"
                );
                assert_eq!(keys.in_order(&stack).len(), n + 1);
            }
        }
    }

    /// Objects that close one after another share one [`ManyKeys`] ([`SPARE_KEYS`]): each
    /// finds its own key given twice, and no key of an object before it, whatever size the
    /// one before had (past [`FILTERED_KEYS`] keys its keys are in its map, cleared for
    /// the next; past a map of [`SPARE_MAP`], it keeps that map to itself and the next
    /// makes its own), and an object of many keys inside another of many keys has one of
    /// its own.
    #[test]
    fn objects_one_after_another_each_find_only_their_own_keys_twice() {
        let sizes = [
            FEW_KEYS + 1,
            3 * FILTERED_KEYS,
            FILTERED_KEYS,
            2 * SPARE_MAP,
            40,
            FEW_KEYS + 2,
        ];
        let mut stack: Vec<Cow<str>> = vec![Cow::Borrowed("outer")];
        for round in 0..3 {
            for (o, &n) in sizes.iter().enumerate() {
                let mut keys = Keys::open(&stack);
                for i in 0..n {
                    // The same names in every object, each in an order of its own: none is
                    // twice within one, and a name is not where it was in the one before.
                    let k = Cow::Owned(format!("key {}", (i + 5 * o + round) % n));
                    assert!(keys.insert(&mut stack, k), "{round} {o} {i}");
                }
                if round == 1 {
                    // An object of many keys inside this one, closed before it goes on.
                    let mut inner = Keys::open(&stack);
                    for i in 0..2 * FEW_KEYS {
                        assert!(inner.insert(&mut stack, Cow::Owned(format!("key {i}"))));
                    }
                    assert!(!inner.insert(&mut stack, Cow::Owned("key 3".into())));
                    inner.close(&mut stack);
                }
                let twice = Cow::Owned(format!("key {}", n / 2 + round));
                assert!(!keys.insert(&mut stack, twice), "{round} {o}");
                assert!(keys.insert(&mut stack, Cow::Owned(format!("key {n}"))));
                keys.close(&mut stack);
                assert_eq!(stack.len(), 1);
                // What is kept for the next is never a map past SPARE_MAP: after the
                // largest object, nothing, or the one its inner object gave back.
                let spare = SPARE_KEYS.with(|spare| {
                    let many = spare.take();
                    let map = many.as_ref().map(|m| m.first.capacity());
                    spare.set(many);
                    map
                });
                match spare {
                    Some(map) => assert!(map <= SPARE_MAP, "{round} {o} {map}"),
                    None => assert!(n == 2 * SPARE_MAP && round != 1, "{round} {o}"),
                }
            }
        }
    }

    /// Containers nest as deep as the scan lets them and no deeper: the deepest container
    /// allowed is at depth `MAX_DEPTH - 1` (the envelope is at 0), in any field.
    #[test]
    fn nests_as_deep_as_the_scan_allows() {
        let nested = |k: usize| format!("{}1{}", "[".repeat(k), "]".repeat(k));
        for (k, at) in [(MAX_DEPTH - 2, "data"), (MAX_DEPTH - 1, "other")] {
            let data = format!(
                r#"{{"version":"v0.9","updateDataModel":{{"surfaceId":"s","value":{}}}}}"#,
                nested(k)
            );
            let other = format!(r#"{{"version":"v0.9","createSurface":{}}}"#, nested(k));
            let text = if at == "data" { data } else { other };
            let clean = |t: &str| {
                crate::json_scan::scan_document(t.as_bytes(), false).is_ok_and(|i| i.is_empty())
            };
            assert!(
                clean(&text) && serde_json::from_str::<Envelope>(&text).is_ok(),
                "{k}"
            );
            let deeper = text.replacen('[', "[[", 1).replacen(']', "]]", 1);
            assert!(
                !clean(&deeper) && serde_json::from_str::<Envelope>(&deeper).is_err(),
                "{k}"
            );
        }
    }

    /// Numbers at the top of the float range are read as the scan reads them: serde_json's
    /// `float_roundtrip` reads them exactly (without it, some just past `f64::MAX`, which the
    /// scan and `JSON.parse` read as infinity, came out as `f64::MAX`; found by red-teaming).
    #[test]
    fn numbers_at_the_edge_of_the_float_range_are_read_as_the_scan_reads_them() {
        for n in [
            "1.79769313486231581e308",
            "-1.79769313486231589e308",
            "179769313486231581e291",
            "0.179769313486231599e309",
            "1.797693134862315649e308",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "1e308",
            "1e309",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            "1e-400",
        ] {
            let text = format!(
                r#"{{"version":"v0.9","updateDataModel":{{"surfaceId":"s","value":[{n}]}}}}"#
            );
            let scanned = crate::json_scan::scan_document(text.as_bytes(), false)
                .is_ok_and(|issues| issues.is_empty());
            let read = serde_json::from_str::<Envelope>(&text);
            assert_eq!(read.is_ok(), scanned, "{n}");
            if let Ok(Envelope::Data(u)) = read {
                let want: f64 = n.parse().unwrap();
                assert_eq!(u.value.unwrap().into_value()[0].as_f64(), Some(want), "{n}");
            }
        }
        // And every float is read as Rust (and JSON.parse) reads it, to the last bit.
        let mut rng = crate::test_rng::Xorshift(0x2545_F491_4F6C_DD1D);
        for _ in 0..20_000 {
            let x = rng.next();
            let digits = 10_000_000_000_000_000 + x % 90_000_000_000_000_000;
            let exp = (x >> 40) as i64 % 600 - 300;
            let n = format!("{digits}e{exp}");
            let want: f64 = n.parse().unwrap();
            match serde_json::from_str::<f64>(&n) {
                Ok(got) => assert_eq!(got.to_bits(), want.to_bits(), "{n}"),
                Err(_) => assert!(want.is_infinite(), "{n}"),
            }
        }
    }

    /// A value kept as a tape is measured at most at its length, and `exact_size` is its
    /// length, whatever floats it holds: ones measured without formatting, computed ones
    /// counted at their widest, and the widest and narrowest there are.
    #[test]
    fn a_taped_value_knows_its_exact_length() {
        let mut rng = crate::test_rng::Xorshift(0x2545_F491_4F6C_DD1D);
        for round in 0..200 {
            let mut items = vec![
                serde_json::json!("é\n\u{1}"),
                serde_json::json!({"a": [1e-7, -0.0, 1e21]}),
            ];
            for _ in 0..40 + round % 7 {
                let x = rng.next();
                let f = f64::from_bits(x >> 2);
                items.push(match x % 4 {
                    0 => serde_json::json!((x % 100_000) as f64 / 100.0),
                    1 => serde_json::json!(f64::from((x % 1000) as u32) / 7.0),
                    2 if f.is_finite() => serde_json::json!(f),
                    _ => serde_json::json!(-2.2250738585072014e-308),
                });
            }
            let text = Value::Array(items).to_string();
            let mut de = serde_json::Deserializer::from_str(&text);
            let Ok(Data::Taped(t)) = DataVisitor { depth: 0 }.deserialize(&mut de) else {
                panic!("taped: {text}");
            };
            let want = text.len();
            assert!(t.size >= want, "{text}");
            assert_eq!(t.exact_size(), want, "{text}");
        }
    }

    #[test]
    fn reads_what_serde_json_reads_and_takes_only_plain_data_updates() {
        let d = |body: &str| format!(r#"{{"version":"v0.9","updateDataModel":{body}}}"#);
        let fast = [
            d(r#"{"surfaceId":"s","path":"/a","value":1}"#),
            d(r#"{"surfaceId":"s","value":{"a":[1,"x\"y",null,true,2.5,-3]}}"#),
            d(r#"{"path":"/a","surfaceId":"s"}"#),
            d(r#"{"surfaceId":"s","path":"/a","value":null}"#),
            d(r#"{"surfaceId":"s\u0031","path":"/\u00e9"}"#),
            r#"{"updateDataModel":{"surfaceId":"s"},"version":"v0.9.1"}"#.into(),
        ];
        let general = [
            d(r#"{"surfaceId":"s","path":null}"#),
            d(r#"{"surfaceId":"s","path":1}"#),
            d(r#"{"surfaceId":1}"#),
            d(r#"{"path":"/a"}"#),
            d(r#"{"surfaceId":"s","extra":1}"#),
            d(r#"["s","/a"]"#),
            d(r#""s""#),
            d("null"),
            r#"{"version":"v0.8","updateDataModel":{"surfaceId":"s"}}"#.into(),
            r#"{"version":1,"updateDataModel":{"surfaceId":"s"}}"#.into(),
            r#"{"version":"v0.9","updateDataModel":{"surfaceId":"s"},"deleteSurface":{"surfaceId":"s"}}"#.into(),
            r#"{"updateDataModel":{"surfaceId":"s"}}"#.into(),
            r#"{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"c"}}"#.into(),
            r#"["v0.9",{"surfaceId":"s"}]"#.into(),
            "[]".into(),
            "{}".into(),
            "1".into(),
            r#""text""#.into(),
            "null".into(),
        ];
        // A key given twice, anywhere, is an error (the scan refuses the envelope).
        let refused = [
            d(r#"{"surfaceId":"s","surfaceId":"t"}"#),
            d(r#"{"surfaceId":"s","value":1,"value":2}"#),
            d(r#"{"value":1,"surfaceId":"s","value":2,"path":"/p"}"#),
            d(r#"{"surfaceId":"s","extra":1,"extra":2}"#),
            d(r#"{"surfaceId":"s","value":{"a":[{"b":1,"b":2}]}}"#),
            r#"{"version":"v0.9","version":"v0.9","updateDataModel":{"surfaceId":"s"}}"#.into(),
            r#"{"version":"v0.9","updateDataModel":{"surfaceId":"s"},"updateDataModel":{"surfaceId":"t"}}"#.into(),
            r#"{"version":"v0.9","createSurface":{"surfaceId":"s","surfaceId":"t"}}"#.into(),
            r#"[{"a":1,"a":1}]"#.into(),
        ];
        for text in &refused {
            assert!(serde_json::from_str::<Envelope>(text).is_err(), "{text}");
            assert!(
                crate::json_scan::scan_document(text.as_bytes(), false)
                    .is_ok_and(|i| !i.is_empty()),
                "{text}"
            );
        }
        for (texts, want) in [(&fast[..], true), (&general[..], false)] {
            for text in texts {
                let (took, value) = read(text);
                assert_eq!(took, want, "{text}");
                assert_eq!(
                    value,
                    serde_json::from_str::<Value>(text).unwrap(),
                    "{text}"
                );
            }
        }
    }

    /// The budget counts each value the general reader builds once, so that it counts all
    /// of an envelope's values, as the scan counts them, whichever way it was read; a data
    /// update kept as a tape spends nothing.
    #[test]
    fn the_budget_counts_every_value_built() {
        let values = |text: &str| {
            (1..)
                .find(|&n| crate::json_scan::value_end_within(text.as_bytes(), 0, n).is_ok())
                .unwrap()
        };
        let cases = [
            r#"[1, "two", {"three": [3]}]"#,
            r#""an envelope""#,
            "3",
            r#"{"version": "v0.9", "updateDataModel": {"surfaceId": "s", "value": [1, {"a": null}]}, "x": [true]}"#,
            r#"{"updateDataModel": {"path": "/p", "surfaceId": "s", "value": {"a": [1, 2]}}, "version": "v0.8"}"#,
            r#"{"version": {"v": ["0.9"]}, "updateDataModel": {"surfaceId": "s", "value": 1}}"#,
            r#"{"version": "v0.9", "updateDataModel": {"surfaceId": "s", "value": "x", "extra": {"b": 2}}}"#,
            r#"{"version": "v0.9", "updateDataModel": {"surfaceId": "s", "extra": 0, "value": [[], {}]}}"#,
            r#"{"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/a", "value": ["\u202e", {"k": 1.5}]}}"#,
            r#"{"version": "v0.9", "updateDataModel": {"surfaceId": "s", "value": {"__proto__": [1]}}}"#,
            r#"{"version": "v0.9", "updateDataModel": [1, 2]}"#,
            r#"{"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [{"id": "root", "component": "Text", "text": "hi"}]}}"#,
            r#"{"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "c", "theme": {"primaryColor": "red"}}}"#,
            r#"{"version": "v0.9", "deleteSurface": {"surfaceId": "s"}, "updateDataModel": {"surfaceId": "s"}}"#,
            "{}",
        ];
        for text in cases {
            let budget = Budget::start(usize::MAX);
            let read = serde_json::from_str::<Envelope>(text).unwrap();
            let spent = usize::MAX - budget.left();
            let expected = match read {
                Envelope::Data(DataUpdate {
                    value: Some(Data::Built(v)),
                    ..
                }) if v.is_array() || v.is_object() => values(text),
                Envelope::Data(_) => 0,
                _ => values(text),
            };
            assert_eq!(spent, expected, "{text}");
            drop(budget);
            // And one fewer is refused, saying so.
            if expected > 0 {
                let budget = Budget::start(expected - 1);
                assert!(serde_json::from_str::<Envelope>(text).is_err(), "{text}");
                assert!(budget.over(), "{text}");
            }
        }
    }
}
