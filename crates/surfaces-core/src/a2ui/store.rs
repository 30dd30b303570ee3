//! Folding envelopes into surfaces, oldest first. An envelope that breaks the schema or an
//! admission check is skipped and counted; the rest still apply.

use crate::{Code, Finding};
use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;

use super::admission::{Admission, PartHosts, UrlPolicy};
use super::catalog::{self, Component, Components, Id};
use super::fast::{Listed, NewSurface};
use super::limits::Limits;
use super::model::{Data, Model};
use super::path::Path;
use super::schema::{MessageKind, SchemaError, Validator};
use super::tree::{self, GraphError, Update};
use crate::finding::Severity;

/// The Basic Catalog's id, and the ids it had before (accepted as aliases, with a note).
pub const BASIC_CATALOG_ID: &str =
    "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";
pub const BASIC_CATALOG_ALIASES: [&str; 2] = [
    "https://a2ui.org/specification/v0_9/standard_catalog.json",
    "https://a2ui.org/specification/v0_9/basic_catalog.json",
];

/// A finding about one envelope (`envelope` is its index in the store; `None` for a whole
/// part or text that could not be split into envelopes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "ts", tsify(rename = "A2uiFinding"))]
pub struct EnvelopeFinding {
    pub envelope: Option<usize>,
    pub severity: Severity,
    #[cfg_attr(feature = "ts", tsify(type = "FindingCode"))]
    pub code: Code,
    pub path: String,
    pub message: String,
}

/// Where an envelope comes from, for ownership and rate limiting.
#[derive(Debug, Clone, Default)]
pub struct ApplyContext {
    /// The A2A task or context the envelope arrived in. A surface belongs to the context that
    /// created it; an envelope from another context naming it is refused.
    pub context_id: Option<String>,
    /// Milliseconds on any clock the caller keeps, for the per-surface update rate. Without
    /// it, the rate is not limited.
    pub now_ms: Option<f64>,
}

#[derive(Debug, Clone)]
pub(crate) struct Surface {
    pub id: String,
    pub catalog_id: String,
    pub catalog_rendered: bool,
    pub theme: Option<Value>,
    pub send_data_model: bool,
    pub owner: Option<String>,
    pub components: Components,
    /// Parent links of `components`, so each update is checked where it changes the graph.
    graph: tree::Graph,
    pub model: Model,
    /// An upper bound on the model's serialised size, so that no update measures the whole
    /// model but the first near the limit. Once `model_exact`, the size with each tape at its
    /// kept size, which may count floats at their widest
    /// ([`super::model::Taped::exact_size`]): the size once the tapes are settled.
    model_bound: usize,
    /// Whether `model_bound` is kept as the size write by write (set once a write nears the
    /// limit, see `update_data_model`).
    model_exact: bool,
    /// The person's edits, by pointer; never touched by agent updates.
    pub overlay: BTreeMap<String, Value>,
    /// For each edited pointer, the agent's value there when the person last edited it (or
    /// last kept their value): an agent update that changes it is a proposal, not an erasure.
    pub agent_at_edit: BTreeMap<String, Option<Value>>,
    tokens: f64,
    last_ms: Option<f64>,
}

impl Surface {
    /// Measures the model whole, its tapes settled, and keeps its size exactly from then on
    /// (once per surface: see `update_data_model`).
    fn measure_model(&mut self) {
        if !self.model_exact {
            self.model.settle();
            self.model_bound = self.model.json_size();
            self.model_exact = true;
        }
    }

    fn take_token(&mut self, now: Option<f64>, limits: &Limits) -> bool {
        // A clock that is not a finite number limits nothing rather than everything.
        let Some(now) = now.filter(|n| n.is_finite()) else {
            return true;
        };
        if let Some(last) = self.last_ms {
            let elapsed = ((now - last) / 1000.0).max(0.0);
            self.tokens = (self.tokens + elapsed * limits.updates_per_second)
                .min(f64::from(limits.update_burst));
        }
        self.last_ms = Some(now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Counters safe to send anywhere: codes and counts, never agent content.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "ts", tsify(rename = "A2uiStats"))]
pub struct Stats {
    pub envelopes: usize,
    pub applied: usize,
    pub ignored: usize,
    /// Findings per code: all of them, those past the `findings` limit too, which the
    /// report lists only as a count (`findings-truncated`).
    #[cfg_attr(feature = "ts", tsify(type = "Partial<Record<FindingCode, number>>"))]
    pub findings: BTreeMap<Code, usize>,
    /// Live components per component type, over all surfaces.
    pub components: BTreeMap<String, usize>,
    pub surfaces: usize,
}

/// Surfaces folded from A2UI envelopes.
#[derive(Debug, Clone, Default)]
pub struct SurfaceStore {
    pub limits: Limits,
    pub urls: UrlPolicy,
    pub(crate) surfaces: Vec<Surface>,
    /// Where each surface is in `surfaces`, by id, for [`SurfaceStore::position`]. Found by
    /// comparing its id with each live surface's, every envelope cost time that grows with
    /// the surfaces alive (1–4% of a fold of 300 small surfaces in `bench/ab.mjs`); found in
    /// a tree of ids, it cost a comparison a level, most ids of one length and so compared
    /// byte by byte.
    positions: Positions,
    pub(crate) envelopes: usize,
    pub(crate) applied: usize,
    pub(crate) ignored: usize,
    pub(crate) findings: Vec<EnvelopeFinding>,
    /// Findings past the `findings` limit: counted, not kept.
    pub(crate) findings_dropped: usize,
    /// Findings per code, all of them (kept or not), for `stats()`.
    pub(crate) codes: BTreeMap<Code, usize>,
    /// The BCP 47 tag every pass formats for (`None`: en-US): one per store, so what a
    /// render shows, what a check decides and what an action sends agree.
    pub(crate) locale: Option<String>,
    /// The segments of the data update's path being applied, kept from one update to the
    /// next so that their strings are made once (see [`pointer::parse_into`]).
    segments: Vec<String>,
    /// The secret each surface's component table is hashed with ([`catalog::IdHasher`]).
    hash_seed: HashSeed,
    /// The `null` slots data updates have asked to add to arrays ([`MAX_STREAM_PADDING`]).
    padded: usize,
    /// The hosts with `xn--` labels the part being applied has named (`Limits::idn_hosts`).
    part_hosts: PartHosts,
    /// How many [`SurfaceStore::enter_part`] are not left yet: while any is, the calls that
    /// apply are one part.
    parts_entered: u32,
}

/// Surface ids to places, hashed as component ids are ([`catalog::IdHasher`]) under a seed
/// of their own ([`HashSeed`]): an agent's ids, which it cannot make collide once the host
/// has seeded the hashes ([`seed_hashes`]). Unseeded, a lookup is still bounded by
/// `Limits::surfaces`.
#[derive(Debug, Clone)]
struct Positions(std::collections::HashMap<String, usize, catalog::IdHasher>);

impl Default for Positions {
    fn default() -> Self {
        let seed = HashSeed::default().0;
        Positions(std::collections::HashMap::with_hasher(
            catalog::IdHasher::with_seed(seed),
        ))
    }
}

impl std::ops::Deref for Positions {
    type Target = std::collections::HashMap<String, usize, catalog::IdHasher>;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl std::ops::DerefMut for Positions {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

/// 64 bits an agent cannot know: the standard library's per-process random keys (natively)
/// mixed with what the host gave [`seed_hashes`] (wasm32, where the standard library has no
/// randomness and its keys are the same in every build).
#[derive(Debug, Clone, Copy)]
struct HashSeed(u64);

static HOST_SEED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Gives the stores made from now on 64 random bits to hash component and surface ids with
/// ([`catalog::IdHasher`]). Native builds need not call it. In wasm32 a host should, once,
/// before it makes a store (`surfaces-host` does, from `crypto.getRandomValues`): without
/// it an agent that knows the build could send ids that all collide, and each lookup would
/// walk a surface's components or the store's surfaces (still bounded by
/// `Limits::components` and `Limits::surfaces`).
pub fn seed_hashes(seed: u64) {
    HOST_SEED.store(seed, std::sync::atomic::Ordering::Relaxed);
    // Made again from the new seed when next asked for.
    KEY_SEED.store(0, std::sync::atomic::Ordering::Relaxed);
}

static KEY_SEED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// The seed the readers hash an object's keys under to find one given twice
/// (`fast::Keys`): a [`HashSeed`] made once (and again after [`seed_hashes`]), since a
/// record of a table's rows asks for it each row.
pub(crate) fn key_seed() -> u64 {
    use std::sync::atomic::Ordering::Relaxed;
    match KEY_SEED.load(Relaxed) {
        0 => {
            // Never 0, which means "not made yet".
            let seed = HashSeed::default().0 | 1;
            KEY_SEED.store(seed, Relaxed);
            seed
        }
        seed => seed,
    }
}

impl Default for HashSeed {
    fn default() -> Self {
        use std::hash::BuildHasher;
        let host = HOST_SEED.load(std::sync::atomic::Ordering::Relaxed);
        HashSeed(std::hash::RandomState::new().hash_one(host))
    }
}

/// The segment strings a store keeps for the next data update's path, and the room each
/// may keep: at most 2 KB in all, however long the paths an agent sends.
const KEPT_SEGMENTS: usize = 32;
const KEPT_SEGMENT_BYTES: usize = 64;

/// Why an envelope was not applied.
pub(crate) struct Refusal(pub(crate) Vec<SchemaError>);

fn refuse(code: Code, path: &Path, message: String) -> Refusal {
    Refusal(vec![SchemaError::new(code, path.pointer(), message)])
}

impl SurfaceStore {
    /// The locale numbers, currencies and plurals are formatted for, in renders, checks
    /// and actions alike.
    pub fn locale(&self) -> &str {
        self.locale.as_deref().unwrap_or("en-US")
    }

    /// Sets the locale (a BCP 47 tag such as `de-DE`) for every later render, check and
    /// action. A string that is not shaped like a tag is misuse, refused with an error.
    pub fn set_locale(&mut self, tag: &str) -> Result<(), crate::UsageError> {
        let well_formed = tag.len() <= 35
            && tag.split(['-', '_']).enumerate().all(|(i, sub)| {
                (1..=8).contains(&sub.len())
                    && sub.bytes().all(|b| b.is_ascii_alphanumeric())
                    && (i > 0 || sub.bytes().all(|b| b.is_ascii_alphabetic()))
            });
        if !well_formed {
            return Err(crate::UsageError::InvalidLocale(
                tag.chars().take(40).collect(),
            ));
        }
        self.locale = Some(tag.to_string());
        Ok(())
    }

    pub fn new(limits: Limits) -> Self {
        SurfaceStore {
            limits,
            ..Default::default()
        }
    }

    pub(crate) fn surface(&self, id: &str) -> Option<&Surface> {
        self.position(id).map(|i| &self.surfaces[i])
    }

    /// The surfaces' ids, oldest first: cheaper than `report()` when that is all a caller
    /// needs (a renderer deciding which surfaces to draw).
    pub fn surface_ids(&self) -> impl Iterator<Item = &str> {
        self.surfaces.iter().map(|s| s.id.as_str())
    }

    /// Whether the surface uses a catalog this library renders (`None`: no such surface).
    pub fn catalog_rendered(&self, surface_id: &str) -> Option<bool> {
        self.surface(surface_id).map(|s| s.catalog_rendered)
    }

    pub(crate) fn surface_mut(&mut self, id: &str) -> Option<&mut Surface> {
        self.position(id).map(|i| &mut self.surfaces[i])
    }

    /// Where surface `id` is in `surfaces`. A few (a store keeps 8 at most by default) are
    /// found by comparing ids a word at a time, which costs less than hashing one; more,
    /// by the hash.
    fn position(&self, id: &str) -> Option<usize> {
        if self.surfaces.len() <= 4 {
            let id = id.as_bytes();
            return (self.surfaces.iter())
                .position(|s| crate::swar::same_bytes(s.id.as_bytes(), id));
        }
        self.positions.get(id).copied()
    }

    /// Whether `positions` says where each surface is, and no more.
    fn positions_agree(&self) -> bool {
        self.positions.len() == self.surfaces.len()
            && (self.surfaces.iter().enumerate())
                .all(|(i, s)| self.positions.get(&s.id) == Some(&i))
    }

    pub fn findings(&self) -> &[EnvelopeFinding] {
        &self.findings
    }

    /// How many findings came past the `findings` limit: counted in [`SurfaceStore::stats`],
    /// not kept; the report says how many in its last finding (`findings-truncated`).
    pub fn findings_dropped(&self) -> usize {
        self.findings_dropped
    }

    pub(crate) fn note(&mut self, envelope: Option<usize>, f: Finding) {
        *self.codes.entry(f.code).or_default() += 1;
        if self.findings.len() >= self.limits.findings {
            self.findings_dropped += 1;
            return;
        }
        self.findings.push(EnvelopeFinding {
            envelope,
            severity: f.severity,
            code: f.code,
            path: f.path,
            message: f.message,
        });
    }

    /// Applies one envelope, as a part of its own. Returns whether it was applied.
    pub fn apply_envelope(&mut self, env: &Value, ctx: &ApplyContext) -> bool {
        self.apply_envelope_owned(env.clone(), ctx)
    }

    /// Like [`SurfaceStore::apply_envelope`], taking the envelope so that its components and
    /// values move into the surface instead of being copied.
    pub fn apply_envelope_owned(&mut self, env: Value, ctx: &ApplyContext) -> bool {
        self.begin_part();
        self.envelope_owned(env, ctx)
    }

    /// Applies one envelope of the part being applied.
    pub(crate) fn envelope_owned(&mut self, mut env: Value, ctx: &ApplyContext) -> bool {
        self.counted(|store| store.admit_and_apply(&mut env, ctx))
    }

    /// Counts an envelope and applies it with `apply` (unless past the envelope limit), noting
    /// what it says: one place for every way an envelope comes in.
    pub(crate) fn counted(
        &mut self,
        apply: impl FnOnce(&mut Self) -> Result<Notes, Refusal>,
    ) -> bool {
        let index = self.envelopes;
        self.envelopes += 1;
        if index >= self.limits.envelopes {
            self.ignored += 1;
            // One finding for the first envelope past the limit, not one per envelope.
            if index == self.limits.envelopes {
                let limit = self.limits.envelopes;
                self.note(
                    Some(index),
                    crate::Finding::new(Code::EnvelopeLimit, String::new(), format!("Only {limit} envelopes are processed; this one and all later ones are ignored.")),
                );
            }
            return false;
        }
        match apply(self) {
            Ok(notes) => {
                self.applied += 1;
                for f in notes {
                    self.note(Some(index), f);
                }
                true
            }
            Err(Refusal(errors)) => {
                self.ignored += 1;
                for e in errors {
                    self.note(Some(index), e);
                }
                false
            }
        }
    }

    fn admit_and_apply(&mut self, env: &mut Value, ctx: &ApplyContext) -> Result<Notes, Refusal> {
        let mut v = Validator::default();
        let kind = v.envelope(env);
        if !v.errors.is_empty() {
            return Err(Refusal(v.errors));
        }
        let kind = kind.expect("a valid envelope has one message");
        let Some(Value::Object(mut body)) = env.get_mut(kind.key()).map(Value::take) else {
            unreachable!("schema-checked: a message is an object");
        };
        let Some(Value::String(sid)) = body.remove("surfaceId") else {
            unreachable!("schema-checked: a message names its surface");
        };
        match kind {
            MessageKind::UpdateDataModel => {
                let value = body.remove("value").map(Data::Built);
                let path = body.get("path").and_then(Value::as_str);
                self.data_update(&sid, path, value, ctx)
            }
            MessageKind::UpdateComponents => {
                let Some(Value::Array(list)) = body.remove("components") else {
                    unreachable!("schema-checked: updateComponents has a components array");
                };
                let list = list.into_iter().map(Listed::Value).collect();
                self.components_update(&sid, list, Checked::Already, ctx)
            }
            MessageKind::CreateSurface => {
                let new = NewSurface {
                    catalog_id: match body.remove("catalogId") {
                        Some(Value::String(id)) => id.into(),
                        _ => unreachable!("schema-checked: createSurface has a catalogId"),
                    },
                    send_data_model: body.get("sendDataModel").and_then(Value::as_bool),
                    theme: body.remove("theme"),
                    theme_admitted: false,
                    surface_id: sid.into(),
                };
                self.create_surface(new, ctx)
            }
            MessageKind::DeleteSurface => self.delete_surface(&sid, ctx),
        }
    }

    /// Admission's checks, with this store's limits and URL policy.
    fn admission(&self) -> Admission<'_> {
        Admission::in_part(&self.limits, &self.urls, &self.part_hosts)
    }

    /// A part begins (one call that applies text, data or an envelope): it has named no
    /// host yet (`Limits::idn_hosts`). Within [`SurfaceStore::enter_part`], nothing begins.
    pub(crate) fn begin_part(&mut self) {
        if self.parts_entered == 0 {
            self.part_hosts.clear();
        }
    }

    /// Makes what is applied until the matching [`SurfaceStore::leave_part`] one part, for
    /// the limits a part has (`Limits::idn_hosts`): for a caller whose one call applies
    /// several parts (an A2A event of several, a chunk of a stream of several events), so
    /// that the call is bounded as one part is. Calls nest.
    pub fn enter_part(&mut self) {
        self.begin_part();
        self.parts_entered += 1;
    }

    /// Ends what [`SurfaceStore::enter_part`] began.
    pub fn leave_part(&mut self) {
        self.parts_entered = self.parts_entered.saturating_sub(1);
    }

    /// Applies a `deleteSurface` whose envelope is schema-valid.
    pub(crate) fn delete_surface(
        &mut self,
        sid: &str,
        ctx: &ApplyContext,
    ) -> Result<Notes, Refusal> {
        let mpath = Path::ROOT.key("deleteSurface");
        let mut adm = self.admission();
        adm.id(sid, &mpath.key("surfaceId"));
        if !adm.errors.is_empty() {
            return Err(Refusal(adm.errors));
        }
        let warnings = adm.warnings;
        self.target(sid, ctx, &mpath)?;
        if let Some(gone) = self.positions.remove(sid) {
            self.surfaces.remove(gone);
            for i in self.positions.values_mut().filter(|i| **i > gone) {
                *i -= 1;
            }
        }
        debug_assert!(self.positions_agree());
        Ok(warnings)
    }

    /// Applies an `updateComponents` whose envelope is schema-valid: its components checked
    /// against the catalog unless the envelope's check did that (`checked`), then admission,
    /// then the surface, then the update. Envelopes the hand reader reads (`direct.rs`) and
    /// envelopes read whole come here alike.
    pub(crate) fn components_update(
        &mut self,
        sid: &str,
        components: Vec<Listed>,
        checked: Checked,
        ctx: &ApplyContext,
    ) -> Result<Notes, Refusal> {
        let mpath = Path::ROOT.key("updateComponents");
        let cpath = mpath.key("components");
        // A component the hand reader read into the catalog's form was checked as it was
        // read, and nothing was found: only the others are checked here, each at its place.
        let values = || {
            components.iter().enumerate().filter_map(|(i, c)| match c {
                Listed::Value(v) => Some((i, v)),
                Listed::Typed { .. } => None,
            })
        };
        if checked == Checked::Not {
            // What `Validator::envelope` checks of an envelope of this shape.
            let mut v = Validator::default();
            for (i, c) in values() {
                v.component(c, &cpath.index(i));
            }
            if !v.errors.is_empty() {
                return Err(Refusal(v.errors));
            }
        }
        let mut adm = self.admission();
        adm.id(sid, &mpath.key("surfaceId"));
        for (i, c) in values() {
            adm.component(c, &cpath.index(i));
        }
        if !adm.errors.is_empty() {
            return Err(Refusal(adm.errors));
        }
        let warnings = adm.warnings;
        let limits = self.limits.clone();
        let surface = self.target(sid, ctx, &mpath)?;
        let mut notes = update_components(surface, components, &limits, &mpath)?;
        notes.extend(warnings);
        Ok(notes)
    }

    /// Applies a schema-valid `updateDataModel` (from an envelope, or read straight from the
    /// text by `apply_text`'s fast path): admission, then the surface, then the model.
    pub(crate) fn data_update(
        &mut self,
        sid: &str,
        path: Option<&str>,
        value: Option<Data>,
        ctx: &ApplyContext,
    ) -> Result<Notes, Refusal> {
        let mut segments = std::mem::take(&mut self.segments);
        let applied = self.data_update_with(sid, path, value, ctx, &mut segments);
        // What is kept is bounded whatever the paths an agent sends (each string keeps the
        // room of the longest segment it held): a few short strings, as most paths have.
        segments.truncate(KEPT_SEGMENTS);
        segments.retain(|s| s.capacity() <= KEPT_SEGMENT_BYTES);
        self.segments = segments;
        applied
    }

    /// [`SurfaceStore::data_update`] with the strings of `segments` to parse the path into.
    fn data_update_with(
        &mut self,
        sid: &str,
        path: Option<&str>,
        value: Option<Data>,
        ctx: &ApplyContext,
        segments: &mut Vec<String>,
    ) -> Result<Notes, Refusal> {
        let mpath = Path::ROOT.key("updateDataModel");
        let mut adm = self.admission();
        adm.id(sid, &mpath.key("surfaceId"));
        // What admission learns, so the fold does not walk the update again.
        let n = path
            .and_then(|p| adm.model_path(p, &mpath.key("path"), segments))
            .unwrap_or(0);
        let segs = &segments[..n];
        let (value_size, value_depth) = match &value {
            None => (0, 0),
            Some(Data::Built(v)) => adm.model_value(v, &mpath.key("value")),
            // Measured by the reader, which found nothing admission would speak of.
            Some(Data::Taped(t)) => (t.size, t.depth),
        };
        adm.model_depth(segs.len(), value_depth, &mpath.key("path"));
        if !adm.errors.is_empty() {
            return Err(Refusal(adm.errors));
        }
        let warnings = adm.warnings;
        let limits = self.limits.clone();
        let padding_left = MAX_STREAM_PADDING - self.padded;
        let mut padded = 0;
        let surface = self.target(sid, ctx, &mpath)?;
        let update = DataUpdate {
            segs,
            value_size,
            value_depth,
            limits: &limits,
            mpath: &mpath,
            padding_left,
            padded: &mut padded,
        };
        let mut notes = update_data_model(surface, path.unwrap_or(""), value, update)?;
        self.padded += padded;
        notes.extend(warnings);
        Ok(notes)
    }

    /// The surface an update names, if it exists, belongs to the update's context, and has
    /// a token left in its rate bucket.
    fn target(
        &mut self,
        sid: &str,
        ctx: &ApplyContext,
        mpath: &Path,
    ) -> Result<&mut Surface, Refusal> {
        let sid_path = mpath.key("surfaceId");
        let limits = &self.limits;
        let Some(surface) = self.position(sid).map(|i| &mut self.surfaces[i]) else {
            return Err(refuse(
                Code::SurfaceUnknown,
                &sid_path,
                format!("No surface \"{sid}\" exists; create it first."),
            ));
        };
        if let (Some(owner), Some(from)) = (&surface.owner, &ctx.context_id) {
            if owner != from {
                return Err(refuse(
                    Code::SurfaceNotOwned,
                    &sid_path,
                    format!("Surface \"{sid}\" belongs to another task or context; this envelope may not change it."),
                ));
            }
        }
        if !surface.take_token(ctx.now_ms, limits) {
            return Err(refuse(
                Code::UpdateRateExceeded,
                &sid_path,
                format!(
                    "Surface \"{sid}\" is updated faster than {} per second (burst {}).",
                    limits.updates_per_second, limits.update_burst
                ),
            ));
        }
        Ok(surface)
    }

    /// Applies a `createSurface` whose envelope is schema-valid: admission, then the
    /// surface. (Admission's warnings, a bidi control in the theme's text, are the caller's
    /// as for every other message.)
    pub(crate) fn create_surface(
        &mut self,
        new: NewSurface,
        ctx: &ApplyContext,
    ) -> Result<Notes, Refusal> {
        let mpath = Path::ROOT.key("createSurface");
        let sid = &*new.surface_id;
        let mut adm = self.admission();
        adm.id(sid, &mpath.key("surfaceId"));
        // theme.iconUrl is kept as data only: never loaded, never shown as identity.
        if let Some(theme) = new.theme.as_ref().filter(|_| !new.theme_admitted) {
            adm.theme(theme, &mpath.key("theme"));
        }
        if !adm.errors.is_empty() {
            return Err(Refusal(adm.errors));
        }
        let warnings = adm.warnings;
        if self.surface(sid).is_some() {
            return Err(refuse(
                Code::SurfaceExists,
                &mpath.key("surfaceId"),
                format!("Surface \"{sid}\" already exists; delete it before creating it again."),
            ));
        }
        if self.surfaces.len() >= self.limits.surfaces {
            return Err(refuse(
                Code::SurfaceLimit,
                &mpath.key("surfaceId"),
                format!(
                    "{} surfaces are alive; no more may be created.",
                    self.surfaces.len()
                ),
            ));
        }
        let catalog_id = new.catalog_id.into_owned();
        let mut notes = Vec::new();
        let catalog_rendered = if catalog_id == BASIC_CATALOG_ID {
            true
        } else if BASIC_CATALOG_ALIASES.contains(&catalog_id.as_str()) {
            let cpath = mpath.key("catalogId").pointer().to_string();
            notes.push(Finding::new(Code::CatalogAlias, cpath, format!("\"{catalog_id}\" is an old id of the Basic Catalog; it is read as {BASIC_CATALOG_ID}.")));
            true
        } else {
            // The agent picks from the client's supportedCatalogIds (client_capabilities):
            // a catalog it was never offered is a contract error, as the official client
            // conformance suites say, not a surface kept empty. (The code
            // `catalog-not-rendered`, which kept it, is retired, never reused.)
            return Err(refuse(
                Code::CatalogNotSupported,
                &mpath.key("catalogId"),
                format!("\"{catalog_id}\" is not a catalog this client advertised (supportedCatalogIds: {BASIC_CATALOG_ID}); the surface is refused."),
            ));
        };
        let hasher = catalog::IdHasher::with_seed(self.hash_seed.0);
        self.surfaces.push(Surface {
            id: sid.to_string(),
            catalog_id,
            catalog_rendered,
            theme: new.theme,
            send_data_model: new.send_data_model.unwrap_or(false),
            owner: ctx.context_id.clone(),
            components: Components::with_hasher(hasher.clone()),
            graph: tree::Graph::with_hasher(&hasher),
            model: Model::default(),
            model_bound: 2,
            model_exact: false,
            overlay: BTreeMap::new(),
            agent_at_edit: BTreeMap::new(),
            tokens: f64::from(self.limits.update_burst),
            last_ms: None,
        });
        self.positions
            .insert(sid.to_string(), self.surfaces.len() - 1);
        debug_assert!(self.positions_agree());
        notes.extend(warnings);
        Ok(notes)
    }

    /// Counters for telemetry: codes and counts only.
    pub fn stats(&self) -> Stats {
        let mut s = Stats {
            envelopes: self.envelopes,
            applied: self.applied,
            ignored: self.ignored,
            surfaces: self.surfaces.len(),
            ..Default::default()
        };
        s.findings = self.codes.clone();
        for surface in &self.surfaces {
            for c in surface.components.values() {
                *s.components.entry(c.kind.name().to_string()).or_default() += 1;
            }
        }
        s
    }
}

/// What an applied envelope says besides being applied: (severity, code, path, message).
pub(crate) type Notes = Vec<Finding>;

/// Whether an update's components have been checked against the catalog already.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Checked {
    Already,
    Not,
}

fn update_components(
    surface: &mut Surface,
    list: Vec<Listed>,
    limits: &Limits,
    mpath: &Path,
) -> Result<Notes, Refusal> {
    let cpath = mpath.key("components");
    // Each admitted component is decoded once into the catalog's typed values; nothing
    // reads component JSON by key after this.
    let mut decoded: Vec<(Id, Box<Component>)> = Vec::with_capacity(list.len());
    for (i, c) in list.into_iter().enumerate() {
        let c = match c {
            Listed::Value(v) => v,
            Listed::Typed { id, component, .. } => {
                decoded.push((id, component));
                continue;
            }
        };
        let Value::Object(mut o) = c else {
            unreachable!("schema-checked: a component is an object");
        };
        let Some(Value::String(id)) = o.remove("id") else {
            unreachable!("schema-checked: a component has a string id");
        };
        let component = catalog::component::decode(o).map_err(|why| {
            refuse(
                Code::WrongType,
                &cpath.index(i),
                format!("Component \"{id}\" cannot be read as the catalog's {why}."),
            )
        })?;
        decoded.push((Id::from(id), Box::new(component)));
    }
    let Some(update) = Update::of(
        decoded.iter().map(|(id, c)| (id.as_str(), &**c)).collect(),
        surface.components.hasher(),
    ) else {
        // Said at the first place the stream repeats an id.
        let mut seen = std::collections::BTreeSet::new();
        let i = decoded
            .iter()
            .position(|(id, _)| !seen.insert(id.as_str()))
            .expect("an id comes twice");
        let id = &decoded[i].0;
        return Err(refuse(
            Code::DuplicateComponentId,
            &cpath.index(i).key("id"),
            format!("\"{id}\" appears twice in one update."),
        ));
    };
    // One lookup of each: whether it is new, and what its old version placed as its own.
    let (mut added, mut owned) = (0, surface.graph.owned());
    for (id, c) in &decoded {
        match surface.components.get(id.as_str()) {
            Some(old) => owned = owned.saturating_sub(tree::owned_children(old)),
            None => added += 1,
        }
        owned = owned.saturating_add(tree::owned_children(c));
    }
    let total = surface.components.len() + added;
    if total > limits.components {
        return Err(refuse(
            Code::ComponentLimit,
            &cpath,
            format!(
                "The surface would hold {total} components; the limit is {}.",
                limits.components
            ),
        ));
    }
    // Each child placed is another component, so a surface never needs more places than it
    // may hold components. Past that, a list of ids no surface can define (tens of
    // thousands, under a parent resent one edge at a time) made every small update's check
    // below go through all of them.
    if owned > limits.components {
        return Err(refuse(
            Code::ComponentLimit,
            &cpath,
            format!(
                "The surface's components would place {owned} children; the limit is {} components.",
                limits.components
            ),
        ));
    }
    // Checked against a borrowed view of the update: a refused update leaves the surface
    // as it was, and nothing is copied to try it.
    let admitted = match surface.graph.admit(&surface.components, &update) {
        Ok(admitted) => admitted,
        Err(GraphError::Cycle(id)) => {
            return Err(refuse(
                Code::ComponentCycle,
                &cpath,
                format!("Component \"{id}\" would contain itself."),
            ));
        }
        Err(GraphError::TwoParents(id)) => {
            return Err(refuse(
                Code::ComponentTwoParents,
                &cpath,
                format!("Component \"{id}\" would have two parents."),
            ));
        }
        // The same rule (a component appears once in a tree), said as it happened.
        Err(GraphError::ListedTwice { parent, child }) => {
            return Err(refuse(
                Code::ComponentTwoParents,
                &cpath,
                format!("Component \"{parent}\" lists \"{child}\" twice; a component appears once in a tree."),
            ));
        }
    };
    drop(update);
    // Room for the new ones at once: inserted one by one, a new surface's table grew (and
    // rehashed) several times in one update.
    surface.components.reserve(added);
    surface
        .graph
        .apply(&mut surface.components, decoded, admitted);
    surface.graph.set_owned(owned);
    Ok(Vec::new())
}

/// An admitted data update: its parsed path and its value's size, from admission.
struct DataUpdate<'a> {
    segs: &'a [String],
    value_size: usize,
    value_depth: usize,
    limits: &'a Limits,
    mpath: &'a Path<'a>,
    /// The `null` slots the store may still add to arrays ([`MAX_STREAM_PADDING`]), and
    /// where to say how many this update added.
    padding_left: usize,
    padded: &'a mut usize,
}

/// At most this many `null` slots are added to arrays over a store's life, ten writes at
/// [`pointer::MAX_ARRAY_PADDING`]. A write at `/a/9999` is 20 bytes that make 9,999
/// slots, and the delete of `/a` that takes them away as few: alternated through 2,000
/// updates they took 67 ms natively, and ten times as long at a host's raised `envelopes`.
/// Counted for the writes made.
pub const MAX_STREAM_PADDING: usize = 10 * super::pointer::MAX_ARRAY_PADDING;

fn update_data_model(
    surface: &mut Surface,
    raw_path: &str,
    value: Option<Data>,
    update: DataUpdate,
) -> Result<Notes, Refusal> {
    let DataUpdate {
        segs,
        value_size,
        value_depth,
        limits,
        mpath,
        padding_left,
        padded,
    } = update;
    let too_large = |size: usize| {
        refuse(
            Code::DataModelTooLarge,
            mpath,
            format!(
                "The data model would be {size} bytes; the limit is {}.",
                limits.data_model_bytes
            ),
        )
    };
    // The size after a write of `change` (what it takes out, and puts in).
    let after = |bound: usize, (removed, added): (usize, usize)| {
        bound.saturating_sub(removed).saturating_add(added)
    };
    // Far from the limit a write is counted at a bound that costs nothing to find: its
    // value's size with floats at their widest, its path's keys and padding as if all new,
    // a delete as the `null` it may leave (an array's item deleted becomes `null`, longer
    // than a digit). The first write that would pass the limit by that count has the
    // model measured whole, once; from then on each write is counted for what it changes
    // (`Model::set_size_change`). Measured whole on a copy at each write near the limit,
    // updates of a few bytes to a model just under it cost 0.35 ms each.
    let exact = surface.model_exact;
    // What a write adds at most, as counted far from the limit (below): each segment may
    // add a key as JSON writes it (quoted and escaped: a control character is six bytes),
    // braces, a colon and a comma; padded array slots are `null,` each. Saturating: an
    // agent's index may be as large as usize (32 bits in wasm).
    let path_growth = if exact || value.is_none() {
        0
    } else {
        segs.iter()
            .map(|s| super::pointer::string_size(s).saturating_add(4))
            .fold(0, usize::saturating_add)
    };
    let growth = |padding: usize| {
        value_size
            .saturating_add(path_growth)
            .saturating_add(padding.saturating_mul(5))
    };
    // Far from the limit, a write into a part an earlier write split off that replaces or
    // adds a member or an item there is made in the part's bytes (`Model::edit`), counted
    // as the write below would count it (it pads no array).
    let grown = growth(0);
    if !exact
        && surface.model_bound.saturating_add(grown) <= limits.data_model_bytes
        && value
            .as_ref()
            .is_some_and(|v| surface.model.edit(segs, v, value_depth))
    {
        surface.model_bound = surface.model_bound.saturating_add(grown);
        return Ok(Vec::new());
    }
    surface.model_bound -= surface.model.open(segs, exact);
    let Some(mut value) = value else {
        if !exact && surface.model_bound.saturating_add(4) <= limits.data_model_bytes {
            surface.model.delete(segs);
            surface.model_bound += 4;
            return Ok(Vec::new());
        }
        surface.measure_model();
        let size = after(surface.model_bound, surface.model.delete_size_change(segs));
        if size > limits.data_model_bytes {
            return Err(too_large(size));
        }
        surface.model.delete(segs);
        surface.model_bound = size;
        return Ok(Vec::new());
    };
    if segs.is_empty() && !value.is_object() {
        return Err(refuse(
            Code::DataModelNotObject,
            &mpath.key("value"),
            "The whole data model must be an object.".into(),
        ));
    }
    let unreachable = || {
        refuse(
            Code::PathUnreachable,
            &mpath.key("path"),
            format!("\"{raw_path}\" runs through a value that is not an object or array."),
        )
    };
    let planned = surface.model.plan(segs);
    let padding = match planned {
        Some(planned) => planned.padding(),
        None => surface.model.padding_past_bound(segs).unwrap_or(0),
    };
    let max = super::pointer::MAX_ARRAY_PADDING;
    if padding > padding_left || (planned.is_none() && padding > 0) {
        return Err(refuse(
            Code::DataModelTooLarge,
            &mpath.key("path"),
            format!("\"{raw_path}\" would add `null` items to arrays to reach its index ({padding} of them); at most {max} are added to an array in one write, and {MAX_STREAM_PADDING} over this store's life, to any of its surfaces ({padding_left} are left)."),
        ));
    }
    *padded = padding;
    if !exact {
        let growth = growth(padding);
        if surface.model_bound.saturating_add(growth) <= limits.data_model_bytes {
            // A write the plan refuses is refused as the write itself would refuse it.
            let planned = planned.ok_or_else(unreachable)?;
            surface
                .model
                .set_planned(segs, value, planned, false)
                .map_err(|()| unreachable())?;
            surface.model_bound = surface.model_bound.saturating_add(growth);
            return Ok(Vec::new());
        }
        surface.measure_model();
    }
    if let (Some(planned), Some(change)) =
        (planned, surface.model.set_size_change(segs, value_size))
    {
        let size = after(surface.model_bound, change);
        if size <= limits.data_model_bytes {
            let over = surface
                .model
                .set_planned(segs, value, planned, true)
                .map_err(|()| unreachable())?;
            surface.model_bound = size - over;
            return Ok(Vec::new());
        }
    }
    // Refused, or past the limit as the sizes stand: each made exact (`value_size` may be a
    // bound, see `Taped::exact_size`; so may the model's tapes'), and the length decides.
    let value_size = value.settle(value_size);
    if value_size > limits.data_model_bytes {
        return Err(too_large(value_size));
    }
    surface.model_bound -= surface.model.settle();
    let planned = planned.ok_or_else(unreachable)?;
    let change = surface
        .model
        .set_size_change(segs, value_size)
        .ok_or_else(unreachable)?;
    let size = after(surface.model_bound, change);
    if size > limits.data_model_bytes {
        return Err(too_large(size));
    }
    let over = surface
        .model
        .set_planned(segs, value, planned, true)
        .map_err(|()| unreachable())?;
    surface.model_bound = size - over;
    Ok(Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Surfaces are found by id whether few (compared) or many (hashed) are alive, as they
    /// are created and deleted in any order, and ids of one length are told apart.
    #[test]
    fn surfaces_are_found_by_id_few_or_many() {
        let limits = Limits {
            surfaces: 12,
            ..Limits::default()
        };
        let mut store = SurfaceStore::new(limits);
        let ctx = ApplyContext::default();
        let envelope = |message: &str, id: &str| {
            let body = match message {
                "createSurface" => {
                    format!(r#"{{"surfaceId":"{id}","catalogId":"{BASIC_CATALOG_ID}"}}"#)
                }
                _ => format!(r#"{{"surfaceId":"{id}"}}"#),
            };
            format!(r#"{{"version":"v0.9","{message}":{body}}}"#)
        };
        let ids = [
            "s-0",
            "s-1",
            "s-2",
            "a-surface-id-of-many-bytes",
            "s-4",
            "s-5",
            "s-6",
            "s-7",
        ];
        let mut alive: Vec<&str> = Vec::new();
        let check = |store: &SurfaceStore, alive: &[&str]| {
            for id in ids {
                let found = store.surface(id).map(|s| s.id.as_str());
                assert_eq!(
                    found,
                    alive.contains(&id).then_some(id),
                    "{id} of {alive:?}"
                );
            }
            assert!(store.surface("s-9").is_none() && store.surface("s").is_none());
        };
        for id in ids {
            assert!(store.apply_text(&envelope("createSurface", id), &ctx) == 1);
            alive.push(id);
            check(&store, &alive);
        }
        for id in [
            "s-4",
            "s-0",
            "a-surface-id-of-many-bytes",
            "s-7",
            "s-2",
            "s-1",
        ] {
            store.apply_text(&envelope("deleteSurface", id), &ctx);
            alive.retain(|a| *a != id);
            check(&store, &alive);
        }
        assert!(store.findings().is_empty(), "{:?}", store.findings());
    }

    /// The segment strings kept between data updates stay bounded: at the bound all are
    /// kept, one past it is not, whatever the paths (refused ones included) before.
    #[test]
    fn kept_segments_are_bounded() {
        let limits = Limits {
            path_chars: 1 << 20,
            data_model_depth: 1 << 16,
            ..Limits::default()
        };
        let mut store = SurfaceStore::new(limits);
        let ctx = ApplyContext::default();
        let update = |store: &mut SurfaceStore, segments: usize, bytes: usize| {
            let path = format!("/{}", vec!["x".repeat(bytes); segments].join("/"));
            let text = format!(
                r#"[{{"version":"v0.9","updateDataModel":{{"surfaceId":"none","path":"{path}","value":1}}}}]"#
            );
            store.apply_text(&text, &ctx);
        };
        let room = |store: &SurfaceStore| {
            let kept = &store.segments;
            (
                kept.len(),
                kept.iter().map(String::capacity).max().unwrap_or(0),
            )
        };
        update(&mut store, KEPT_SEGMENTS, KEPT_SEGMENT_BYTES);
        assert_eq!(room(&store), (KEPT_SEGMENTS, KEPT_SEGMENT_BYTES));
        update(&mut store, 10_000, 100);
        assert!(room(&store).0 <= KEPT_SEGMENTS && room(&store).1 <= KEPT_SEGMENT_BYTES);
        update(&mut store, 1, KEPT_SEGMENT_BYTES + 1);
        let (n, widest) = room(&store);
        assert!(n <= KEPT_SEGMENTS && widest <= KEPT_SEGMENT_BYTES);
        update(&mut store, KEPT_SEGMENTS + 1, 1);
        assert!(room(&store).0 <= KEPT_SEGMENTS);
        // Every update here named a surface that does not exist: each was refused.
        assert!(store.surfaces.is_empty());
    }
}
