//! Admission checks beyond the schema (the contract view's list): bounded ids, text and
//! options; refused URL schemes and hosts; data paths that cannot escape or pollute.

use crate::web_url::{WebUrl, LONGEST_HOST};
use crate::Code;
use serde_json::Value;

use super::catalog::IdHasher;
use super::limits::Limits;
use super::path::Path;
use super::pointer::{self, FORBIDDEN_SEGMENTS};
use super::schema::SchemaError;
use std::borrow::Cow;
use std::collections::HashSet;

/// Which URLs an agent may name for the renderer to load or open.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UrlPolicy {
    /// When set, only these hosts (exact, lower-case ASCII) are admitted; `https:` always.
    pub allowed_hosts: Option<Vec<String>>,
}

impl UrlPolicy {
    /// The parsed URL when it may stand; otherwise why not. Its callers read the look-alike
    /// warnings off the URL returned, where they used to parse the text a second time.
    pub fn admit(&self, raw: &str) -> Result<WebUrl, String> {
        self.admit_with_unicode(raw).map(|(url, _)| url)
    }

    /// [`UrlPolicy::admit`], with the host's Unicode form when it has `xn--` labels.
    pub(crate) fn admit_with_unicode(&self, raw: &str) -> Result<(WebUrl, Option<String>), String> {
        self.admit_within(raw, None)
    }

    /// [`UrlPolicy::admit_with_unicode`]; with `hosts`, a host with `xn--` labels must be
    /// one it may name ([`PartHosts::name`]), or the URL is refused before the host is
    /// decoded.
    fn admit_within(
        &self,
        raw: &str,
        hosts: Option<(&PartHosts, usize)>,
    ) -> Result<(WebUrl, Option<String>), String> {
        let read = match hosts {
            Some((hosts, limit)) => {
                crate::web_url::parse_with_unicode_within(raw, &mut Within { hosts, limit })
            }
            None => crate::web_url::parse_with_unicode(raw).map(Some),
        };
        let (url, unicode) = match read {
            // As the DNS would be asked for it: a host written in Unicode is longer once
            // encoded, and one of plain ASCII labels is not looked at before.
            Ok(Some((url, _))) if !url.host_str().is_none_or(crate::web_url::dns_sized) => {
                return Err(not_dns_name(raw));
            }
            Ok(Some(u)) => u,
            Ok(None) => {
                let limit = hosts.map_or(0, |(_, limit)| limit);
                return Err(format!(
                    "\"{raw}\" names a host with `xn--` labels (or one only the URL parser could tell) past what one part may name: {limit} such hosts (`idnHosts`), each at most {LONGEST_HOST} bytes; it is refused."
                ));
            }
            Err(crate::web_url::UrlError::NotDnsName) => return Err(not_dns_name(raw)),
            Err(e) => {
                return Err(format!(
                    "\"{raw}\" is not an absolute URL ({}).",
                    crate::web_url::Failure::of(raw, e).words()
                ))
            }
        };
        match self.refusal(&url.scheme, url.has_credentials(), url.host_str()) {
            Some(why) => Err(why),
            None => Ok((url, unicode)),
        }
    }

    /// The look-alike warnings of a URL that may stand; otherwise why it may not. A plain
    /// URL ([`crate::web_url::plain`]) is checked as read, with nothing built: it names no
    /// IP address and has an ASCII host with no `xn--` label, so it draws no warning.
    /// With `hosts`, within them as [`UrlPolicy::admit_within`].
    fn admit_warnings(
        &self,
        raw: &str,
        hosts: Option<(&PartHosts, usize)>,
    ) -> Result<Vec<(Code, String)>, String> {
        if let Some(plain) = self.admit_plain(raw) {
            return plain.map(|()| Vec::new());
        }
        self.admit_within(raw, hosts)
            .map(|(url, unicode)| crate::card::host::warnings_of(&url, unicode.as_deref()))
    }

    /// Whether a plain URL ([`crate::web_url::plain`]) may stand, or `None` when it is not
    /// plain.
    fn admit_plain(&self, raw: &str) -> Option<Result<(), String>> {
        let url = crate::web_url::PlainUrl::parsed(raw)?;
        if !url.dns_sized() {
            return Some(Err(not_dns_name(raw)));
        }
        // The host lower-cased (a copy when it has capitals) only for an allowlist to read.
        let host = self.allowed_hosts.as_ref().map(|_| url.host());
        Some(match self.refusal(url.scheme, false, host.as_deref()) {
            Some(why) => Err(why),
            None => Ok(()),
        })
    }

    /// Why a URL of this scheme, credentials and host may not stand, if it may not.
    fn refusal(&self, scheme: &str, credentials: bool, host: Option<&str>) -> Option<String> {
        if !crate::swar::same_bytes(scheme.as_bytes(), b"https") {
            return Some(format!(
                "The `{scheme}:` scheme is refused; only https: URLs are admitted."
            ));
        }
        // A person reads `https://bank.example@evil.example/` as the bank's; no surface
        // needs credentials in an address, so none is admitted (cards only warn).
        if credentials {
            return Some(
                "The address carries a user name or password, which hides its real host; it is refused."
                    .into(),
            );
        }
        if let Some(hosts) = &self.allowed_hosts {
            let host = host.unwrap_or_default();
            if !hosts.iter().any(|h| h == host) {
                return Some(format!("{host} is not on this renderer's host allowlist."));
            }
        }
        None
    }
}

/// Why a URL whose host no name in the DNS has is refused: in the words a card's link is
/// refused in ([`crate::web_url::Failure::NotDnsName`]; the rule is the same).
fn not_dns_name(raw: &str) -> String {
    format!(
        "\"{raw}\" is refused: {}.",
        crate::web_url::Failure::NotDnsName.words()
    )
}

/// Keeps a finding in `list`: at most the validator's `MAX_ERRORS`, or for a `verdict` only
/// the first, with no place and no message.
fn note(
    list: &mut Vec<SchemaError>,
    verdict: bool,
    code: Code,
    path: &Path,
    message: impl FnOnce() -> String,
) {
    if verdict {
        super::schema::keep_verdict(list, code);
    } else if list.len() < super::schema::MAX_ERRORS {
        list.push(SchemaError::new(code, path.pointer(), message()));
    }
}

/// The hosts with `xn--` labels the part being applied has named, so that no part names
/// more than `Limits::idn_hosts`: each new one is decoded, read back by the URL parser and
/// checked for look-alikes, tens of microseconds, and a part of 1 MB could name thousands
/// (BENCHMARKS.md, "Hostile input"). A store empties it as each part begins.
/// (A lock, not a `RefCell`, so that a store stays `Sync`; it is never contended: a store
/// applies one part at a time.)
/// (A set of `Cow`s: the set `json_scan` keeps keys in, so its code is in the module once.)
/// Beside them, the hosts written in Unicode or with escapes that the parser has read in the
/// part, as written, held to the same limit: such a host costs the parser its IDNA work
/// whether or not it comes out a host with `xn--` labels (`web_url::HostBudget::read`).
#[derive(Debug, Default)]
pub(crate) struct PartHosts(std::sync::Mutex<Option<[Hosts; 2]>>);

type Hosts = HashSet<Cow<'static, str>, IdHasher>;

/// Which of [`PartHosts`]' two sets.
const NAMED: usize = 0;
const READ: usize = 1;

impl Clone for PartHosts {
    fn clone(&self) -> Self {
        PartHosts(std::sync::Mutex::new(self.hosts().clone()))
    }
}

impl PartHosts {
    fn hosts(&self) -> std::sync::MutexGuard<'_, Option<[Hosts; 2]>> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Whether a part may name `host` (its ASCII form): it has already, or it has named
    /// fewer than `limit` such hosts, and now names this one.
    fn name(&self, host: &str, limit: usize) -> bool {
        self.add(NAMED, host, limit)
    }

    /// Whether the parser may read `host`, as written: it has in this part, or it has read
    /// fewer than `limit` such hosts, and now reads this one.
    fn read(&self, host: &str, limit: usize) -> bool {
        self.add(READ, host, limit)
    }

    fn add(&self, set: usize, host: &str, limit: usize) -> bool {
        let mut hosts = self.hosts();
        let hosts = &mut hosts.get_or_insert_with(|| {
            let seed = super::key_seed();
            [0, 1].map(|_| HashSet::with_hasher(IdHasher::with_seed(seed)))
        })[set];
        if hosts.contains(host) {
            return true;
        }
        if hosts.len() >= limit {
            return false;
        }
        hosts.insert(Cow::Owned(host.to_string()));
        true
    }

    /// How many hosts the part has named.
    fn named(&self) -> usize {
        self.hosts().as_ref().map_or(0, |sets| sets[NAMED].len())
    }

    /// A part begins: it has named none.
    pub(crate) fn clear(&mut self) {
        *self
            .0
            .get_mut()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = None;
    }
}

/// A part's hosts as the URL reader's budget.
struct Within<'a> {
    hosts: &'a PartHosts,
    limit: usize,
}

impl crate::web_url::HostBudget for Within<'_> {
    /// (No host longer than a DNS name comes here: the URL reader refuses it first.)
    fn name(&mut self, host: &str) -> bool {
        self.hosts.name(host, self.limit)
    }
    fn read(&mut self, host: &str) -> bool {
        self.hosts.read(host, self.limit)
    }
    fn spent(&self) -> bool {
        self.hosts.named() >= self.limit
    }
}

pub struct Admission<'a> {
    pub limits: &'a Limits,
    pub urls: &'a UrlPolicy,
    /// The hosts with `xn--` labels named so far in the part the envelope came in, when a
    /// store checks it (`None`: no bound, for a check on its own).
    pub(crate) hosts: Option<&'a PartHosts>,
    pub errors: Vec<SchemaError>,
    /// What the envelope may carry but a careful reader should know (look-alike hosts).
    pub warnings: Vec<SchemaError>,
    /// Only whether anything is found is asked ([`Admission::verdict`]).
    verdict: bool,
}

impl<'a> Admission<'a> {
    /// Checks under `limits` and `urls`, with nothing found yet.
    pub fn new(limits: &'a Limits, urls: &'a UrlPolicy) -> Self {
        Admission {
            limits,
            urls,
            hosts: None,
            errors: Vec::new(),
            warnings: Vec::new(),
            verdict: false,
        }
    }

    /// Checks of an envelope a store applies, within what the part it came in has named
    /// so far (`Limits::idn_hosts`).
    pub(crate) fn in_part(limits: &'a Limits, urls: &'a UrlPolicy, hosts: &'a PartHosts) -> Self {
        Admission {
            hosts: Some(hosts),
            ..Admission::new(limits, urls)
        }
    }

    /// Checks for a reader that asks only whether anything is found: the hand reader, which
    /// leaves what it finds anything in to the general path, to find again and say. The
    /// first error and the first warning are kept with no place and no message, and none
    /// after them (as for `Validator::verdict`).
    pub(crate) fn verdict(limits: &'a Limits, urls: &'a UrlPolicy) -> Self {
        Admission {
            verdict: true,
            ..Admission::new(limits, urls)
        }
    }

    fn err(&mut self, code: Code, path: &Path, message: impl FnOnce() -> String) {
        note(&mut self.errors, self.verdict, code, path, message);
    }

    fn warn(&mut self, code: Code, path: &Path, message: impl FnOnce() -> String) {
        note(&mut self.warnings, self.verdict, code, path, message);
    }

    /// A ChoicePicker's count of options, `n`, at `path`: within `Limits::options`.
    pub(crate) fn options(&mut self, n: usize, path: &Path) {
        let limit = self.limits.options;
        if n > limit {
            self.err(Code::TooManyOptions, path, || {
                format!("{n} options; the limit is {limit}.")
            });
        }
    }

    pub fn id(&mut self, id: &str, path: &Path) {
        // A surface id keys `a2uiClientDataModel.surfaces` in JavaScript; no id may name a
        // prototype.
        if FORBIDDEN_SEGMENTS.contains(&id) {
            self.err(Code::IdForbidden, path, || {
                format!("The id \"{id}\" is refused: it names a JavaScript prototype.")
            });
        }
        let limit = self.limits.id_chars;
        if let Some(n) = crate::text::chars_past(id, limit) {
            self.err(Code::IdTooLong, path, || {
                format!("This id is {n} characters; the limit is {limit}.")
            });
        }
    }

    /// A `path` used for a binding or template: absolute, or relative inside a template.
    pub fn data_path(&mut self, p: &str, path: &Path) {
        if self.path_size(p, path, true) {
            if let Err(e) = pointer::check_relative(p) {
                self.err(e.code(), path, || e.message(p));
            }
        }
    }

    /// A path is at most `pathChars` bytes and `dataModelDepth` segments: a longer one can
    /// name nothing in a model, and resolving it costs what it is long, at every node.
    fn path_size(&mut self, p: &str, path: &Path, segments_too: bool) -> bool {
        // The segments `split('/')` would give, counted bytewise (every update has a path).
        let segments = p
            .trim_start_matches('/')
            .bytes()
            .filter(|&b| b == b'/')
            .count()
            + 1;
        let (chars, depth) = (self.limits.path_chars, self.limits.data_model_depth);
        if p.len() > chars || (segments_too && segments > depth) {
            self.err(Code::PathTooLong, path, || {
                format!("This path is {} bytes in {segments} segments; the limits are {chars} bytes and {depth} segments.", p.len())
            });
            return false;
        }
        true
    }

    /// An `updateDataModel` path: absolute only.
    /// The pointer's segments, parsed into the first of `segs` (see [`pointer::parse_into`]),
    /// and how many they are, or `None` (with a finding) when it is refused.
    pub fn model_path(&mut self, p: &str, path: &Path, segs: &mut Vec<String>) -> Option<usize> {
        // Its segments are held to the model's depth by `model_depth`, with its value's.
        if !self.path_size(p, path, false) {
            return None;
        }
        pointer::parse_into(p, segs)
            .map_err(|e| self.err(e.code(), path, || e.message(p)))
            .ok()
    }

    /// Keys of a data-model value must not be the prototype-polluting names. Returns the
    /// value's size as compact JSON and its nesting depth (a scalar is 0), measured on the
    /// same walk (the fold needs both next). The walk's own depth is bounded by the reader's
    /// (`json_scan::MAX_DEPTH`): values come from parsed text.
    pub fn model_value(&mut self, v: &Value, path: &Path) -> (usize, usize) {
        match v {
            Value::Object(o) => {
                let (mut size, mut depth) = (1 + o.len().max(1), 0);
                for (k, child) in o {
                    if FORBIDDEN_SEGMENTS.contains(&k.as_str()) {
                        self.err(Code::DataForbiddenKey, &path.key(k), || {
                            format!("The key \"{k}\" is refused in a data model.")
                        });
                    } else {
                        let (s, d) = self.model_value(child, &path.key(k));
                        size += pointer::string_size(k) + 1 + s;
                        depth = depth.max(d);
                    }
                }
                (size, depth + 1)
            }
            Value::Array(a) => {
                let (mut size, mut depth) = (1 + a.len().max(1), 0);
                for (i, child) in a.iter().enumerate() {
                    let (s, d) = self.model_value(child, &path.index(i));
                    size += s;
                    depth = depth.max(d);
                }
                (size, depth + 1)
            }
            Value::String(s) => {
                self.bidi(s, path);
                (pointer::string_size(s), 0)
            }
            other => (pointer::json_size(other), 0),
        }
    }

    /// A data update may not make the model nest deeper than `dataModelDepth`: the depth
    /// an update reaches is its path's segments plus its value's own nesting.
    pub fn model_depth(&mut self, segments: usize, value_depth: usize, path: &Path) {
        let limit = self.limits.data_model_depth;
        let depth = segments.saturating_add(value_depth);
        if segments > limit || depth > limit {
            self.err(Code::DataModelTooDeep, path, || {
                format!("This update would nest the data model {depth} levels deep; the limit is {limit}.")
            });
        }
    }

    /// Object keys that become prototype assignments when an object reaches JavaScript are
    /// refused wherever an envelope has an object (theme, component properties, action
    /// context, accessibility), as data keys are.
    pub(crate) fn key(&mut self, k: &str, path: &Path) {
        if FORBIDDEN_SEGMENTS.contains(&k) {
            self.err(Code::KeyForbidden, &path.key(k), || {
                format!("The key \"{k}\" is refused: it names a JavaScript prototype.")
            });
        }
    }

    /// Walks a createSurface theme (any object the schema lets through).
    pub fn theme(&mut self, v: &Value, path: &Path) {
        self.walk(v, path);
    }

    /// Agent text that carries a bidirectional control reads differently from what it is
    /// (U+202E turns "txt.exe" around): a warning, as for cards; renderers isolate all
    /// agent text anyway.
    fn bidi(&mut self, s: &str, path: &Path) {
        if let Some(c) = crate::text::first_bidi_control(s) {
            self.warn(Code::TextBidiControl, path, || {
                format!(
                    "This text contains {}, which reorders how it reads; it is shown isolated.",
                    crate::text::codepoint(c)
                )
            });
        }
    }

    pub(crate) fn url(&mut self, v: &Value, path: &Path) {
        if let Some(raw) = v.as_str() {
            // A reader that asks only whether anything is found hands any URL that is not
            // plain to the general path, which checks it once and says what it finds: its
            // host's look is most of what a URL can cost, and it would be found twice.
            if self.verdict {
                match self.urls.admit_plain(raw) {
                    Some(Ok(())) => {}
                    Some(Err(_)) => self.err(Code::UrlRefused, path, String::new),
                    None => self.warn(Code::UrlRefused, path, String::new),
                }
                return;
            }
            let hosts = self.hosts.map(|h| (h, self.limits.idn_hosts));
            match self.urls.admit_warnings(raw, hosts) {
                Err(why) => self.err(Code::UrlRefused, path, || why),
                Ok(warnings) => {
                    for (code, message) in warnings {
                        self.warn(code, path, || message);
                    }
                }
            }
        }
    }

    /// The one property whose string is a URL to load: a media component's `url` goes
    /// through the URL policy. Both readers of components call this, so the rule is written
    /// once (a `url` of a type not listed here is text, as any other string).
    pub(crate) fn property_url(&mut self, kind: &str, key: &str, v: &Value, path: &Path) {
        // Compared a word at a time: as `==`, each equal length was a call to `memcmp`, and
        // every Image's `url` takes this path.
        let same = |a: &str, b: &str| crate::swar::same_bytes(a.as_bytes(), b.as_bytes());
        if same(key, "url")
            && ["Image", "Video", "AudioPlayer"]
                .iter()
                .any(|k| same(kind, k))
        {
            self.url(v, path);
        }
    }

    /// Walks a (schema-valid) component for ids, text, options, URLs and data paths.
    pub fn component(&mut self, c: &Value, path: &Path) {
        let Some(o) = c.as_object() else { return };
        if let Some(id) = o.get("id").and_then(Value::as_str) {
            self.id(id, &path.key("id"));
        }
        let kind = o
            .get("component")
            .and_then(Value::as_str)
            .unwrap_or_default();
        if let Some(u) = o.get("url") {
            self.property_url(kind, "url", u, &path.key("url"));
        }
        if kind == "ChoicePicker" {
            if let Some(options) = o.get("options").and_then(Value::as_array) {
                self.options(options.len(), &path.key("options"));
            }
        }
        for (k, v) in o {
            self.key(k, path);
            if k != "id" && k != "component" {
                self.walk(v, &path.key(k));
            }
        }
    }

    /// [`Admission::text`] of a string known to be ASCII: one byte a character, and no
    /// bidi control (every one is past U+007F).
    pub(crate) fn ascii_text(&mut self, s: &str, path: &Path) {
        debug_assert!(s.is_ascii());
        if s.len() > self.limits.text_chars {
            self.text_too_long(s.len(), path);
        }
    }

    fn text_too_long(&mut self, chars: usize, path: &Path) {
        let limit = self.limits.text_chars;
        self.err(Code::TextTooLong, path, || {
            format!("{chars} characters; the limit is {limit}.")
        });
    }

    /// A string below a property: at most `textChars` characters, and a bidi control in
    /// it is said (the hand reader checks the strings of the components it reads with this).
    pub(crate) fn text(&mut self, s: &str, path: &Path) {
        if let Some(n) = crate::text::chars_past(s, self.limits.text_chars) {
            self.text_too_long(n, path);
        }
        self.bidi(s, path);
    }

    /// Every string, binding, template and function call below a property.
    pub(crate) fn walk(&mut self, v: &Value, path: &Path) {
        match v {
            Value::String(s) => self.text(s, path),
            Value::Array(a) => {
                for (i, item) in a.iter().enumerate() {
                    self.walk(item, &path.index(i));
                }
            }
            Value::Object(o) => {
                if o.contains_key("componentId") {
                    if let Some(id) = o.get("componentId").and_then(Value::as_str) {
                        self.id(id, &path.key("componentId"));
                    }
                }
                if let Some(Value::String(p)) = o.get("path") {
                    self.data_path(p, &path.key("path"));
                }
                if o.get("call").and_then(Value::as_str) == Some("openUrl") {
                    if let Some(u) = o.get("args").and_then(|a| a.get("url")) {
                        self.url(u, &path.key("args").key("url"));
                    }
                }
                for (k, child) in o {
                    self.key(k, path);
                    if k != "path" {
                        self.walk(child, &path.key(k));
                    }
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A plain URL is checked as read, with nothing built: it is admitted or refused, with
    /// the same words and warnings, as when it is parsed and its warnings read off the URL.
    #[test]
    fn plain_urls_are_admitted_as_parsed_ones_are() {
        let schemes = ["https://", "http://", "HTTPS://", "ftp://", "https://u:p@"];
        let hosts = [
            "cdn.example.com",
            "CDN.Example.com",
            "cdn.example.com:8443",
            "cdn.example.com:443",
            "other.example",
            "xn--mnchen-3ya.example",
            "xn--80ak6aa92e.com",
            "1.2.3.4",
            "[::1]",
            "a.0x1f",
        ];
        let tails = [
            "",
            "/",
            "/p/%20x.jpg",
            "/p/a.jpg?w=1&s=a%2Fb#top",
            "/%41",
            "/a b",
        ];
        let policies = [
            UrlPolicy::default(),
            UrlPolicy {
                allowed_hosts: Some(vec!["cdn.example.com".into()]),
            },
            UrlPolicy {
                allowed_hosts: Some(Vec::new()),
            },
        ];
        let mut plain = 0;
        for scheme in schemes {
            for host in hosts {
                for tail in tails {
                    let raw = format!("{scheme}{host}{tail}");
                    plain += usize::from(crate::web_url::plain(&raw).is_some());
                    for policy in &policies {
                        let parsed = policy
                            .admit(&raw)
                            .map(|url| crate::card::host::address_warnings(&url));
                        assert_eq!(policy.admit_warnings(&raw, None), parsed, "{raw}");
                    }
                }
            }
        }
        assert!(plain > 30, "only {plain} plain URLs");
    }

    /// The fold trusts this size to skip measuring the whole model, so it must be exact.
    #[test]
    fn model_value_measures_compact_json() {
        let (limits, urls) = (Limits::default(), UrlPolicy::default());
        for v in [
            json!({}),
            json!([]),
            json!({"a": [1, -2, 2.5, "q\"\\\n\u{1}é", null, true, false, {}, []]}),
            json!([{"x": {"y": {"z": [0, 1e300, u64::MAX, i64::MIN]}}}, "", "😀"]),
            json!("text"),
            json!(12),
        ] {
            let mut adm = Admission::new(&limits, &urls);
            let (size, _) = adm.model_value(&v, &Path::ROOT);
            assert!(adm.errors.is_empty());
            assert_eq!(size, serde_json::to_string(&v).unwrap().len(), "{v}");
        }
    }
}
