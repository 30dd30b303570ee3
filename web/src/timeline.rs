//! A stream read through the core's reader, envelope by envelope, and the timeline that
//! shows it: each envelope's type, surface and status (applied, refused with its findings,
//! or not applied yet).
//!
//! The text is split by `surfaces_core::json_scan::split`, the scan `SurfaceStore::apply_text`
//! and the npm package's `applyEnvelopes` use, under the same `partBytes` limit. Each envelope
//! is then applied on its own (`SurfaceStore::apply_envelope_text`), so the screen can step
//! through a stream; what the store says about an unreadable envelope is replaced by what the
//! scan found, with its line and column in the whole text, worded as the core words it. Tests
//! (`web/tests/a2ui_timeline.rs`, `tests/e2e/a2ui.test.mjs`) hold the result to
//! `SurfaceStore::apply_text` and to the package on the same text.

use std::sync::Arc;

use leptos::html;
use leptos::prelude::*;
use serde_json::Value;
use surfaces_core::a2ui::{ApplyContext, EnvelopeFinding, Limits, SurfaceStore};
use surfaces_core::json_scan::{self, Issue, Positions};
use surfaces_core::Code;
use wasm_bindgen::JsCast;

const BOM: &str = "\u{FEFF}";
/// The timeline lists at most this many envelopes (past the default envelope limit, the
/// store ignores them all anyway); the rest are counted in one line.
pub const MAX_ROWS: usize = 2001;
/// Characters of an envelope shown as "the offending part".
const PART_CHARS: usize = 1200;
/// Characters shown of a long line before a syntax error (few, so that the error is in view
/// in a narrow box) and after it.
const LINE_BEFORE: usize = 24;
const LINE_AFTER: usize = 60;

/// What the scan found wrong in an envelope it could not read, said as the core says it.
#[derive(Debug, Clone, PartialEq)]
pub struct ScanProblem {
    pub code: Code,
    /// RFC 6901 pointer inside the envelope (for a break, into the batch).
    pub path: String,
    pub message: String,
    /// Byte offset in [`Stream::text`], and its 1-based line and column (characters).
    pub at: usize,
    pub line: usize,
    pub column: usize,
}

/// One envelope of a stream, as the reader found it.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// Byte range in [`Stream::text`].
    pub start: usize,
    pub end: usize,
    /// `createSurface`, `updateComponents`, `updateDataModel`, `deleteSurface` (several
    /// joined by " + "), "unreadable", or what else it is.
    pub kind: String,
    pub surface: Option<String>,
    /// Not empty for an envelope the scan refused: it is refused whatever the store holds.
    pub problems: Vec<ScanProblem>,
    /// The syntax error after which nothing more was read (one envelope, refused).
    pub is_break: bool,
}

impl Entry {
    pub fn readable(&self) -> bool {
        self.problems.is_empty()
    }
}

/// A text past `partBytes`: not read at all, as the package says it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TooLarge {
    /// Longer than the limit in UTF-16 units (the package refuses it before copying it).
    Units(usize),
    /// Within it in units, past it in UTF-8 bytes.
    Bytes,
}

/// A stream's text split into envelopes.
#[derive(Debug, Clone, PartialEq)]
pub struct Stream {
    original: Arc<str>,
    /// Where the text after a byte-order mark starts.
    base: usize,
    pub too_large: Option<TooLarge>,
    pub entries: Vec<Entry>,
}

/// What became of one envelope when applied.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub applied: bool,
    /// Its findings (those the store kept, under its `findings` limit).
    pub findings: Vec<EnvelopeFinding>,
}

const KINDS: [&str; 4] = [
    "createSurface",
    "updateComponents",
    "updateDataModel",
    "deleteSurface",
];

/// The type(s) and surface of a readable envelope (one the scan found clean, so it parses).
fn head(text: &str) -> (String, Option<String>) {
    let o = match surfaces_core::json::read_value(text) {
        Ok(Value::Object(o)) => o,
        Ok(_) => return ("not an object".to_string(), None),
        Err(_) => return ("unreadable".to_string(), None),
    };
    let kinds: Vec<&str> = KINDS
        .iter()
        .filter(|k| o.contains_key(**k))
        .copied()
        .collect();
    let surface = kinds.iter().find_map(|k| match o[*k].get("surfaceId")? {
        Value::String(s) => Some(s.clone()),
        other => Some(other.to_string()),
    });
    let kind = if kinds.is_empty() {
        "no message type".to_string()
    } else {
        kinds.join(" + ")
    };
    (kind, surface)
}

/// A scan issue in the words of the core's reader ([`Issue::envelope_message`]).
fn problem(positions: &mut Positions, issue: &Issue, batch: bool) -> ScanProblem {
    let (message, line, column) = issue.envelope_message(positions, batch);
    ScanProblem {
        code: issue.problem.envelope_code(),
        path: issue.path.clone(),
        message,
        at: issue.start,
        line,
        column,
    }
}

impl Stream {
    /// Splits `text` as the core's `SurfaceStore::apply_text` does, under `limits.partBytes`.
    pub fn read(text: &str, limits: &Limits) -> Stream {
        let mut stream = Stream {
            original: Arc::from(text),
            base: 0,
            too_large: None,
            entries: Vec::new(),
        };
        // As the package: longer than the limit in UTF-16 units is refused before anything
        // else; then the core's own check in bytes.
        let units = text.encode_utf16().count();
        if units > limits.part_bytes {
            stream.too_large = Some(TooLarge::Units(units));
            return stream;
        }
        if text.len() > limits.part_bytes {
            stream.too_large = Some(TooLarge::Bytes);
            return stream;
        }
        if text.starts_with(BOM) {
            stream.base = BOM.len();
        }
        let body = &text[stream.base..];
        let b = body.as_bytes();
        let split = json_scan::split(b, false);
        let mut positions = Positions::new(b);
        for item in &split.items {
            let problems: Vec<ScanProblem> = item
                .issues
                .iter()
                .map(|i| problem(&mut positions, i, false))
                .collect();
            let (kind, surface) = if problems.is_empty() {
                head(&body[item.start..item.end])
            } else {
                ("unreadable".to_string(), None)
            };
            stream.entries.push(Entry {
                start: item.start,
                end: item.end,
                kind,
                surface,
                problems,
                is_break: false,
            });
        }
        if let Some(issue) = split.broken {
            stream.entries.push(Entry {
                start: issue.start.min(b.len()),
                end: b.len(),
                kind: "unreadable".to_string(),
                surface: None,
                problems: vec![problem(&mut positions, &issue, true)],
                is_break: true,
            });
        }
        stream
    }

    /// The text the envelopes' ranges are in (after a byte-order mark).
    pub fn text(&self) -> &str {
        &self.original[self.base..]
    }

    /// Whether the text started with a byte-order mark.
    pub fn bom(&self) -> bool {
        self.base > 0
    }

    /// A store at the start of the stream, holding what the core says about the whole text
    /// (too large; a byte-order mark).
    pub fn start(&self, limits: Limits) -> SurfaceStore {
        let mut store = SurfaceStore::new(limits);
        let ctx = ApplyContext::default();
        match self.too_large {
            Some(TooLarge::Units(units)) => store.refuse_text_past_limit(units),
            // The core notes the size and reads nothing.
            Some(TooLarge::Bytes) => {
                store.apply_text(&self.original, &ctx);
            }
            // The mark alone: noted, and no envelope in it.
            None if self.bom() => {
                store.apply_text(BOM, &ctx);
            }
            None => {}
        }
        store
    }

    /// Applies envelope `i` (the store holds envelopes `0..i` already).
    pub fn apply(&self, store: &mut SurfaceStore, i: usize) -> Outcome {
        let e = &self.entries[i];
        let before = store.findings().len();
        // An unreadable envelope is given to the store as it is (a break as nothing), so the
        // store counts and refuses it as the batch reader would; its findings then say where.
        let text = if e.is_break {
            ""
        } else {
            &self.text()[e.start..e.end]
        };
        let applied = store.apply_envelope_text(text, &ApplyContext::default());
        let mut findings = store.findings()[before..].to_vec();
        self.correct(&mut findings, store.limits.envelopes);
        Outcome { applied, findings }
    }

    /// Puts what the scan found (with its place in the whole text) in place of what the store
    /// said about each unreadable envelope, one for one.
    pub fn correct(&self, findings: &mut [EnvelopeFinding], envelope_limit: usize) {
        let mut at = (usize::MAX, 0usize);
        for f in findings {
            let Some(i) = f.envelope else { continue };
            // Past the envelope limit the store says nothing about what an envelope holds.
            if i >= envelope_limit {
                continue;
            }
            let Some(e) = self.entries.get(i).filter(|e| !e.readable()) else {
                continue;
            };
            let j = if at.0 == i { at.1 } else { 0 };
            at = (i, j + 1);
            if let Some(p) = e.problems.get(j) {
                *f = EnvelopeFinding {
                    envelope: Some(i),
                    severity: p.code.severity(),
                    code: p.code,
                    path: p.path.clone(),
                    message: p.message.clone(),
                };
            }
        }
    }
}

/// Agent text for a `<pre>`, or an id the console names in its own words: direction
/// controls and other invisible controls become U+FFFD (so a line reads in the order it was
/// written, and an id cannot turn the words after it around), a tab one space (so a column
/// stays a column).
pub(crate) fn visible(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '\t' => ' ',
            '\n' => '\n',
            '\u{200E}'
            | '\u{200F}'
            | '\u{061C}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2066}'..='\u{2069}' => '\u{FFFD}',
            c if c.is_control() => '\u{FFFD}',
            c => c,
        })
        .collect()
}

/// At most `n` characters of `s`, and how many more there were.
fn clip(s: &str, n: usize) -> (String, usize) {
    match s.char_indices().nth(n) {
        Some((i, _)) => (s[..i].to_string(), s[i..].chars().count()),
        None => (s.to_string(), 0),
    }
}

/// The lines around a scan problem, numbered, with a caret under its column; a long line is
/// cut to the characters around the column.
pub fn around(text: &str, p: &ScanProblem) -> String {
    let at = p.at.min(text.len());
    // Byte offsets from the scan fall on character boundaries except inside bad UTF-8, which
    // a Rust string cannot hold; be safe anyway.
    let at = (0..=at)
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0);
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    let prev = (line_start > 0).then(|| {
        let end = line_start - 1;
        let start = text[..end].rfind('\n').map_or(0, |i| i + 1);
        &text[start..end]
    });
    let width = p.line.to_string().len();
    let number = |n: usize| format!("{n:>width$} | ");
    // The window of a line shown: characters [from, to) of it.
    let window = |line: &str, col: usize| -> (usize, String) {
        let chars: Vec<char> = line.trim_end_matches('\r').chars().collect();
        let from = col.saturating_sub(LINE_BEFORE + 1);
        let to = (col + LINE_AFTER).min(chars.len());
        let from = from.min(to);
        let mut shown = String::new();
        if from > 0 {
            shown.push('…');
        }
        shown.push_str(&visible(&chars[from..to].iter().collect::<String>()));
        if to < chars.len() {
            shown.push('…');
        }
        (from, shown)
    };
    let mut out = String::new();
    if let Some(prev) = prev {
        let (_, shown) = window(prev, p.column);
        out.push_str(&number(p.line - 1));
        out.push_str(&shown);
        out.push('\n');
    }
    let (from, shown) = window(&text[line_start..line_end], p.column);
    out.push_str(&number(p.line));
    out.push_str(&shown);
    out.push('\n');
    out.push_str(&" ".repeat(width));
    out.push_str(" | ");
    let skipped = usize::from(from > 0);
    out.push_str(&" ".repeat(p.column.saturating_sub(1 + from) + skipped));
    out.push('^');
    out
}

/// The part of a readable envelope a finding's path points to (its nearest part that exists),
/// as pretty JSON of at most [`PART_CHARS`] characters; with the pointer it shows.
pub fn part_at(envelope: &str, path: &str) -> (String, String) {
    let Ok(value) = surfaces_core::json::read_value(envelope) else {
        let (shown, more) = clip(envelope, PART_CHARS);
        return (String::new(), with_more(visible(&shown), more));
    };
    let mut pointer = path.to_string();
    let found = loop {
        if let Some(v) = value.pointer(&pointer) {
            break v;
        }
        match pointer.rfind('/') {
            Some(i) => pointer.truncate(i),
            None => {
                pointer.clear();
                break &value;
            }
        }
    };
    let pretty = serde_json::to_string_pretty(found).unwrap_or_default();
    let (shown, more) = clip(&pretty, PART_CHARS);
    (pointer, with_more(visible(&shown), more))
}

fn with_more(mut shown: String, more: usize) -> String {
    if more > 0 {
        shown.push_str(&format!("\n… ({more} more characters not shown)"));
    }
    shown
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// "applied", "refused: code", or "not applied yet".
pub fn status_text(o: Option<&Outcome>) -> String {
    match o {
        None => "not applied yet".into(),
        Some(o) if o.applied && o.findings.is_empty() => "applied".into(),
        Some(o) if o.applied => format!(
            "applied, with {}",
            plural(o.findings.len(), "note", "notes")
        ),
        Some(o) => match o.findings.first() {
            Some(f) if o.findings.len() > 1 => {
                format!(
                    "refused: {} and {} more",
                    f.code.as_str(),
                    o.findings.len() - 1
                )
            }
            Some(f) => format!("refused: {}", f.code.as_str()),
            None => "refused".into(),
        },
    }
}

/// The timeline: one row per envelope of `stream`; the rows of `outcomes` were applied, the
/// last of them just now. A refused envelope's row is a button that shows why.
#[component]
pub fn Timeline(
    stream: Memo<Arc<Stream>>,
    outcomes: RwSignal<Vec<Outcome>>,
    open: RwSignal<Option<usize>>,
    envelope_limit: usize,
) -> impl IntoView {
    let list = NodeRef::<html::Ol>::new();
    let position = Memo::new(move |_| outcomes.with(Vec::len));
    // Keep the envelope just applied in view inside the list's own scroll box.
    Effect::new(move |_| {
        let p = position.get();
        let Some(ol) = list.get() else { return };
        let Some(boxed) = ol.parent_element() else {
            return;
        };
        if p == 0 {
            boxed.set_scroll_top(0);
            return;
        }
        let Ok(Some(li)) = ol.query_selector(&format!("li[data-index=\"{}\"]", p - 1)) else {
            return;
        };
        let li: web_sys::HtmlElement = li.unchecked_into();
        let (top, height) = (li.offset_top(), li.offset_height());
        let (scroll, view) = (boxed.scroll_top(), boxed.client_height());
        if top < scroll || top + height > scroll + view {
            boxed.set_scroll_top((top - view / 2).max(0));
        }
    });
    let rows = move || {
        let s = stream.get();
        let n = s.entries.len().min(MAX_ROWS);
        (0..n)
            .map(|i| row(s.clone(), i, outcomes, open, position, envelope_limit))
            .collect_view()
    };
    let more = move || {
        let n = stream.with(|s| s.entries.len());
        (n > MAX_ROWS).then(|| {
            view! {
                <p class="hint" data-testid="timeline-more">
                    {format!("{} more envelopes are not listed.", n - MAX_ROWS)}
                </p>
            }
        })
    };
    let empty = move || {
        stream.with(|s| s.entries.is_empty()).then(|| {
            view! { <p class="hint" data-testid="timeline-empty">"No envelopes in this text."</p> }
        })
    };
    view! {
        <div class="timeline-box" tabindex="0" role="region" aria-labelledby="timeline-heading" data-testid="timeline-box">
            <ol class="timeline" node_ref=list data-testid="timeline">{rows}</ol>
            {empty}
        </div>
        {more}
    }
}

fn row(
    s: Arc<Stream>,
    i: usize,
    outcomes: RwSignal<Vec<Outcome>>,
    open: RwSignal<Option<usize>>,
    position: Memo<usize>,
    envelope_limit: usize,
) -> impl IntoView {
    let e = s.entries[i].clone();
    // None: not applied yet; Some(applied).
    let status = Memo::new(move |_| outcomes.with(|o| o.get(i).map(|x| x.applied)));
    let current = Memo::new(move |_| position.get() == i + 1);
    let is_open = Memo::new(move |_| open.get() == Some(i) && status.get() == Some(false));
    let detail_id = format!("timeline-detail-{i}");
    let state = move || match status.get() {
        None => "pending",
        Some(true) => "applied",
        Some(false) => "refused",
    };
    let (kind, surface) = (e.kind.clone(), e.surface.clone());
    let label = move || {
        let status_line = outcomes.with(|o| status_text(o.get(i)));
        view! {
            <span class="tl-index">{format!("#{}", i + 1)}</span>
            <span class="tl-type" data-testid="timeline-type">{kind.clone()}</span>
            <span class="tl-surface" data-testid="timeline-surface">
                {match surface.clone() {
                    Some(sid) => view! { "surface " <code>{visible(&sid)}</code> }.into_any(),
                    None => view! { "no surface" }.into_any(),
                }}
            </span>
            <span class=move || format!("tl-status tl-status-{}", state()) data-testid="timeline-status">{status_line}</span>
            {move || current.get().then(|| view! { <span class="tl-marker" data-testid="timeline-current">"◀ just applied"</span> })}
        }
    };
    let head = {
        let detail_id = detail_id.clone();
        move || {
            match status.get() {
            Some(false) => view! {
                <button
                    type="button"
                    class="tl-head"
                    data-testid="timeline-why"
                    aria-expanded=move || if is_open.get() { "true" } else { "false" }
                    aria-controls=detail_id.clone()
                    on:click=move |_| open.update(|o| *o = if *o == Some(i) { None } else { Some(i) })
                >
                    {label()}
                    <span class="visually-hidden">" (show why)"</span>
                </button>
            }
            .into_any(),
            _ => view! { <div class="tl-head">{label()}</div> }.into_any(),
        }
        }
    };
    let detail = move || {
        if !is_open.get() {
            return None;
        }
        let o = outcomes.with(|o| o.get(i).cloned())?;
        Some(detail_view(&s, i, &o, envelope_limit))
    };
    view! {
        <li
            data-testid="timeline-entry"
            data-index=i
            data-status=state
            class=move || if current.get() { format!("tl-entry tl-{} tl-current", state()) } else { format!("tl-entry tl-{}", state()) }
            aria-current=move || current.get().then_some("step")
        >
            {head}
            <div class="tl-detail" id=detail_id data-testid="timeline-detail" hidden=move || !is_open.get()>{detail}</div>
        </li>
    }
}

fn detail_view(s: &Stream, i: usize, o: &Outcome, envelope_limit: usize) -> AnyView {
    let e = &s.entries[i];
    let findings = if o.findings.is_empty() {
        let why = if i >= envelope_limit {
            format!("It is past the limit of {envelope_limit} envelopes, so it was not read.")
        } else {
            "Its findings are past the store's findings limit and were not kept.".to_string()
        };
        view! { <p data-testid="timeline-finding">{why}</p> }.into_any()
    } else {
        let items = o
            .findings
            .iter()
            .take(20)
            .map(|f| {
                let path = if f.path.is_empty() {
                    "(whole envelope)".to_string()
                } else {
                    f.path.clone()
                };
                view! {
                    <li data-testid="timeline-finding" data-code=f.code.as_str()>
                        <code>{f.code.as_str()}</code>" at "<code class="path">{path}</code>": "
                        <span dir="auto">{f.message.clone()}</span>
                    </li>
                }
            })
            .collect_view();
        let more = (o.findings.len() > 20).then(
            || view! { <li>{format!("… and {} more (see Findings).", o.findings.len() - 20)}</li> },
        );
        view! { <ul class="tl-findings">{items}{more}</ul> }.into_any()
    };
    let (where_, part) = if let Some(p) = e.problems.first() {
        (
            format!("Line {}, column {} of the text:", p.line, p.column),
            around(s.text(), p),
        )
    } else if i < envelope_limit {
        let path = o.findings.first().map_or("", |f| f.path.as_str());
        let (pointer, part) = part_at(&s.text()[e.start..e.end], path);
        let where_ = if pointer.is_empty() {
            "The envelope:".to_string()
        } else {
            format!("The envelope at {pointer}:")
        };
        (where_, part)
    } else {
        return view! { <div>{findings}</div> }.into_any();
    };
    view! {
        <div>
            {findings}
            <p class="tl-where">{where_}</p>
            <pre class="tl-json" data-testid="timeline-json" tabindex="0">{part}</pre>
        </div>
    }
    .into_any()
}
