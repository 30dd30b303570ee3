//! The "UI links" screen: check a card, pick an audience view, and list its entries as plain
//! links a person may choose to follow. Nothing is opened, embedded, framed or prefetched.

use leptos::prelude::*;
use surfaces_core::card::{check_card, Access, Audience, CardOptions, CardReport, Entry, UiLinks};
use surfaces_core::web_url;

use crate::demo_cards::DEMO_CARDS;
use crate::findings::{self, plural, FindingsTable};
use crate::source::SourceInput;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ViewKind {
    Directory,
    Engagement,
    Operator,
    All,
}

impl ViewKind {
    const ALL: [ViewKind; 4] = [
        ViewKind::Directory,
        ViewKind::Engagement,
        ViewKind::Operator,
        ViewKind::All,
    ];

    fn id(self) -> &'static str {
        match self {
            ViewKind::Directory => "directory",
            ViewKind::Engagement => "engagement",
            ViewKind::Operator => "operator",
            ViewKind::All => "all",
        }
    }

    fn title(self) -> &'static str {
        match self {
            ViewKind::Directory => "Directory",
            ViewKind::Engagement => "Engagement",
            ViewKind::Operator => "Operator",
            ViewKind::All => "All",
        }
    }

    fn explain(self) -> &'static str {
        match self {
            ViewKind::Directory => "A public directory: entries whose audience is public.",
            ViewKind::Engagement => "Inside an engagement with the agent: public and client entries.",
            ViewKind::Operator => "Chosen explicitly: operator entries. The audience is a label, not secrecy: anyone with the card can read these URLs.",
            ViewKind::All => "Chosen explicitly: every linkable entry, including those with no stated audience.",
        }
    }

    fn pick(self, report: &CardReport) -> &[usize] {
        match self {
            ViewKind::Directory => &report.views.directory,
            ViewKind::Engagement => &report.views.engagement,
            ViewKind::Operator => &report.views.operator,
            ViewKind::All => &report.views.all,
        }
    }
}

fn audience_text(a: Option<Audience>) -> &'static str {
    match a {
        Some(Audience::Public) => "public",
        Some(Audience::Client) => "client",
        Some(Audience::Operator) => "operator",
        None => "unstated",
    }
}

fn access_text(a: Option<Access>) -> &'static str {
    match a {
        Some(Access::Open) => "open (no sign-in)",
        Some(Access::Authenticated) => "sign-in required",
        None => "unstated",
    }
}

/// What became of the "Fetched from" field: same-origin is computed only from a usable one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// The field is empty.
    NotGiven,
    /// The field holds something that is not an address a card can come from; the text
    /// says why in plain words.
    Unusable(String),
    /// Same-origin was computed against this origin (`https://host[:port]`).
    Used(String),
}

/// Checks `text` against `fetched_from`; an unusable "fetched from" is reported beside the
/// field and the card is still checked without an origin.
pub fn check(text: &str, fetched_from: &str) -> (CardReport, Origin) {
    let fetched_from = fetched_from.trim();
    let plain = || check_card(text, &CardOptions::default()).expect("no origin, no misuse");
    if fetched_from.is_empty() {
        return (plain(), Origin::NotGiven);
    }
    let options = CardOptions {
        fetched_from: Some(fetched_from.to_string()),
        ..Default::default()
    };
    match check_card(text, &options) {
        Ok(r) => {
            let origin = web_url::parse(fetched_from)
                .ok()
                .and_then(|u| u.origin())
                .map_or_else(|| fetched_from.to_string(), |o| o.ascii_serialization());
            (r, Origin::Used(origin))
        }
        // The core decides what is usable; this only words its refusal for a person.
        Err(_) => (plain(), Origin::Unusable(origin_problem(fetched_from))),
    }
}

/// Why `raw` cannot be where a card was fetched from, in words a person reads beside the
/// field (not the parser's error names).
pub fn origin_problem(raw: &str) -> String {
    use web_url::Failure as F;
    const WANT: &str =
        "Give the full address the card was fetched from, starting with https:// (or http://).";
    match web_url::parse(raw) {
        Err(e) => match F::of(raw, e) {
            F::Relative => format!("This is not a full web address. {WANT}"),
            F::EmptyHost => format!("The address names no host after the //. {WANT}"),
            F::Port => {
                "The port (after the colon following the host) is not a number from 0 to 65535."
                    .to_string()
            }
            F::IpAddress => "The host looks like an IP address but is not a valid one.".to_string(),
            F::HostCharacters => {
                "The host contains characters a host name cannot have.".to_string()
            }
            F::Punycode => {
                "The host has an xn-- part that does not encode a valid international name."
                    .to_string()
            }
            F::NotDnsName => {
                "The host has a part longer than 63 characters, or is longer than 253 in all; no name in the DNS is."
                    .to_string()
            }
            F::Other | F::NoParser => format!("This is not a valid web address. {WANT}"),
        },
        Ok(u) if !matches!(u.scheme.as_str(), "http" | "https") => {
            format!("Only http:// and https:// addresses are places a card is fetched from; this one is not. {WANT}")
        }
        Ok(_) => format!("The address names no host. {WANT}"),
    }
}

/// The warnings about one entry, shown beside it (the full list stays in the table).
fn entry_notes(findings: &[surfaces_core::Finding], index: usize) -> Vec<String> {
    let marker = format!("/params/uis/{index}/");
    findings
        .iter()
        .filter(|f| f.severity == surfaces_core::Severity::Warning && f.path.contains(&marker))
        .map(|f| f.message.clone())
        .collect()
}

/// The report as `surfaces card FILE --origin URL --json` prints it: the same core value
/// (`CardReport::to_json`), so the download and the CLI cannot drift apart.
pub fn report_json(report: &CardReport) -> String {
    let mut text =
        serde_json::to_string_pretty(&report.to_json()).expect("a report always serialises");
    text.push('\n');
    text
}

/// Hands `text` to the browser as a file download: a Blob URL followed through an
/// `<a download>` that is never put in the document. A download is not a fetch, so the
/// console's `default-src 'none'` policy needs no exception for it.
fn download(name: &str, text: &str) -> Result<(), wasm_bindgen::JsValue> {
    use wasm_bindgen::JsCast;
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let kind = web_sys::BlobPropertyBag::new();
    kind.set_type("application/json");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &kind)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let a: web_sys::HtmlElement = document.create_element("a")?.unchecked_into();
    a.set_attribute("href", &url)?;
    a.set_attribute("download", name)?;
    a.click();
    // The download has started from the URL by then; revoking at once can cut it short in
    // some browsers, and keeping it costs one small report's memory for a while.
    set_timeout(
        move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        },
        std::time::Duration::from_secs(30),
    );
    Ok(())
}

fn focus_tab(kind: ViewKind) {
    use wasm_bindgen::JsCast;
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(&format!("view-tab-{}", kind.id())))
    {
        let _ = el.unchecked_into::<web_sys::HtmlElement>().focus();
    }
}

#[component]
pub fn UiLinksScreen() -> impl IntoView {
    // URLs parse with the browser's own parser (surfaces-host): before anything is checked.
    surfaces_host::install();
    let first = &DEMO_CARDS[0];
    let selected = RwSignal::new(first.id.to_string());
    let card_text = RwSignal::new(first.json.to_string());
    let fetched_from = RwSignal::new(first.fetched_from.to_string());
    let view_kind = RwSignal::new(ViewKind::Directory);
    let download_error = RwSignal::new(false);
    // Typed card text waiting for a pause (see `SourceInput`): the result is about to change.
    let pending = RwSignal::new(false);

    let checked = Memo::new(move |_| check(&card_text.get(), &fetched_from.get()));
    let present = Memo::new(move |_| checked.with(|(r, _)| r.ui_links == UiLinks::Present));
    let origin_error = Memo::new(move |_| match checked.with(|(_, o)| o.clone()) {
        Origin::Unusable(why) => Some(why),
        _ => None,
    });

    // A "fetched from" belongs to the card it came with: another card starts without one
    // (an example brings its own), or its same-origin badges would be about the wrong card.
    let on_example = Callback::new(move |id: String| {
        if let Some(card) = DEMO_CARDS.iter().find(|c| c.id == id) {
            card_text.set(card.json.to_string());
            fetched_from.set(card.fetched_from.to_string());
        }
    });
    let forget_origin = Callback::new(move |()| fetched_from.set(String::new()));

    let on_download = move |_| {
        let text = checked.with_untracked(|(r, _)| report_json(r));
        download_error.set(download("card-report.json", &text).is_err());
    };

    let on_tab_key = move |ev: leptos::ev::KeyboardEvent| {
        let i = ViewKind::ALL
            .iter()
            .position(|k| *k == view_kind.get_untracked())
            .unwrap_or(0);
        let n = ViewKind::ALL.len();
        let to = match ev.key().as_str() {
            "ArrowRight" => (i + 1) % n,
            "ArrowLeft" => (i + n - 1) % n,
            "Home" => 0,
            "End" => n - 1,
            _ => return,
        };
        ev.prevent_default();
        view_kind.set(ViewKind::ALL[to]);
        focus_tab(ViewKind::ALL[to]);
    };

    let tabs = move || {
        present.get().then(|| {
            view! {
                <div class="view-tabs" role="tablist" aria-label="Show entries for" data-testid="view-tabs">
                    {ViewKind::ALL
                        .into_iter()
                        .map(|k| {
                            let count = move || checked.with(|(r, _)| k.pick(r).len());
                            let chosen = move || view_kind.get() == k;
                            view! {
                                <button
                                    type="button"
                                    role="tab"
                                    id=format!("view-tab-{}", k.id())
                                    data-testid=format!("view-{}", k.id())
                                    aria-controls="view-panel"
                                    aria-selected=move || if chosen() { "true" } else { "false" }
                                    tabindex=move || if chosen() { "0" } else { "-1" }
                                    on:click=move |_| view_kind.set(k)
                                    on:keydown=on_tab_key
                                >
                                    {k.title()}
                                    " "
                                    <span class="view-count" data-testid="view-count">{move || format!("({})", count())}</span>
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
            }
        })
    };

    view! {
        <div class="screen result-first">
            <section class="panel input" aria-labelledby="card-heading">
                <h1 id="card-heading">"UI links"</h1>
                <p class="lede">
                    "Check an A2A Agent Card's UI links: the web surfaces its publisher offers to people. "
                    "Each entry is shown as a link a person may choose to follow; nothing is opened, embedded or framed."
                </p>
                <SourceInput
                    name="card"
                    examples=DEMO_CARDS.iter().map(|c| (c.id, c.title.to_string())).collect()
                    example_label="Example card"
                    custom_label="Your own card (pasted or opened)"
                    text_label="Card JSON"
                    file_label="Open a card file"
                    accept=".json,application/json"
                    rows=14
                    selected=selected
                    text=card_text
                    on_example=on_example
                    on_open=forget_origin
                    on_replace=forget_origin
                    pending=pending
                />
                <label for="fetched-from">"Fetched from"</label>
                <input
                    id="fetched-from"
                    data-testid="fetched-from"
                    type="url"
                    placeholder="https://agent.example/.well-known/agent-card.json"
                    aria-describedby=move || if origin_error.get().is_some() { "fetched-from-hint fetched-from-error" } else { "fetched-from-hint" }
                    aria-invalid=move || origin_error.get().is_some().then_some("true")
                    prop:value=move || fetched_from.get()
                    on:input=move |ev| fetched_from.set(event_target_value(&ev))
                />
                <p class="hint" id="fetched-from-hint">"Same-origin is computed from this URL, never read from the card. Opening another card clears it."</p>
                {move || {
                    origin_error.get().map(|e| view! { <p class="field-error" id="fetched-from-error" data-testid="origin-error">{e}</p> })
                }}
            </section>
            <section class="panel result" aria-labelledby="result-heading" aria-busy=move || pending.get().then_some("true") data-testid="result-panel">
                <h2 id="result-heading">"Result"</h2>
                <div aria-live="polite">
                    {move || {
                        let (report, origin) = checked.get();
                        view! { <Summary report=report origin=origin /> }
                    }}
                </div>
                <p class="buttons">
                    <button type="button" data-testid="download-report" on:click=on_download>"Download report (JSON)"</button>
                </p>
                {move || download_error.get().then(|| view! {
                    <p class="field-error" role="alert" data-testid="download-error">"The report could not be prepared for download."</p>
                })}
                {tabs}
                {move || {
                    let (report, origin) = checked.get();
                    let kind = view_kind.get();
                    let has_origin = matches!(origin, Origin::Used(_));
                    view! { <ReportView report=report kind=kind has_origin=has_origin /> }
                }}
            </section>
        </div>
    }
}

/// What the check found, in a few lines: whether the card uses UI links, how many entries,
/// the findings by severity, and what same-origin was computed against.
#[component]
fn Summary(report: CardReport, origin: Origin) -> impl IntoView {
    let status = match report.ui_links {
        UiLinks::Present => {
            let linkable = report.entries.iter().filter(|e| e.linkable).count();
            format!(
                "This card lists {} ({linkable} linkable).",
                plural(report.entries.len(), "web surface", "web surfaces")
            )
        }
        UiLinks::Absent => "This card does not use the UI links extension. That says nothing about the agent: a card without it is silent about surfaces, not an agent without any.".to_string(),
        UiLinks::Invalid => "This card's UI links could not be read; see the findings.".to_string(),
    };
    let status_kind = format!("{:?}", report.ui_links).to_lowercase();
    let origin_note = (report.ui_links == UiLinks::Present).then(|| match origin {
        Origin::NotGiven => "Same-origin was not computed: no \u{201c}Fetched from\u{201d} address is given, so no entry is marked same-origin or cross-origin.".to_string(),
        Origin::Unusable(_) => "Same-origin was not computed: the \u{201c}Fetched from\u{201d} address cannot be used (see beside the field), so no entry is marked same-origin or cross-origin.".to_string(),
        Origin::Used(o) => format!("Same-origin is computed against {o}, where the card was fetched from."),
    });
    view! {
        <p class=format!("status status-{status_kind}") data-testid="status" data-ui-links=status_kind.clone()>{status}</p>
        <p class="finding-summary" data-testid="finding-summary">{findings::summary(&report.findings)}</p>
        {origin_note.map(|n| view! { <p class="origin-note" data-testid="origin-note">{n}</p> })}
    }
}

#[component]
fn ReportView(report: CardReport, kind: ViewKind, has_origin: bool) -> impl IntoView {
    let shown: Vec<Entry> = kind
        .pick(&report)
        .iter()
        .map(|&i| report.entries[i].clone())
        .collect();
    let linkable = report.entries.iter().filter(|e| e.linkable).count();
    let hidden = linkable - shown.len();
    let unlinkable: Vec<Entry> = report
        .entries
        .iter()
        .filter(|e| !e.linkable)
        .cloned()
        .collect();
    let present = report.ui_links == UiLinks::Present;
    view! {
        {present.then(|| view! {
            <div class="view-panel" role="tabpanel" id="view-panel" aria-labelledby=format!("view-tab-{}", kind.id()) data-testid="view-panel">
                <p class="view-explain" data-testid="view-explain">{kind.explain()}</p>
                {if shown.is_empty() {
                    view! { <p class="empty" data-testid="no-entries">"No linkable entry is meant for this view."</p> }.into_any()
                } else {
                    view! {
                        <ul class="entries" data-testid="entries">
                            {shown.into_iter().map(|e| {
                                let notes = entry_notes(&report.findings, e.index);
                                view! { <EntryItem entry=e has_origin=has_origin notes=notes /> }
                            }).collect_view()}
                        </ul>
                    }.into_any()
                }}
                {(hidden > 0).then(|| view! {
                    <p class="hidden-note" data-testid="hidden-note">
                        {format!("{} in this card {} not meant for this view. Audience is a label, not access control: switch the view to see them.",
                            plural(hidden, "more linkable entry", "more linkable entries"), if hidden == 1 { "is" } else { "are" })}
                    </p>
                })}
            </div>
            {(!unlinkable.is_empty()).then(|| view! {
                <details class="unlinkable" data-testid="unlinkable">
                    <summary>{format!("{} not linkable", plural(unlinkable.len(), "entry is", "entries are"))}</summary>
                    <ul>
                        {unlinkable.into_iter().map(|e| view! {
                            <li data-testid="unlinkable-entry">
                                <bdi class="label">{e.label.unwrap_or_else(|| "(no label)".into())}</bdi>
                                " — "
                                <code class="url-text">{e.url_text.unwrap_or_else(|| "(no url)".into())}</code>
                            </li>
                        }).collect_view()}
                    </ul>
                </details>
            })}
        })}
        <FindingsTable findings=report.findings />
    }
}

#[component]
fn EntryItem(entry: Entry, has_origin: bool, notes: Vec<String>) -> impl IntoView {
    let url = entry.url.clone().expect("views hold linkable entries only");
    let host = entry.host.clone().unwrap_or_default();
    // The ASCII form first: a whole-script look-alike (аррӏе.com) is plain in punycode.
    let host_line = match &entry.host_unicode {
        Some(u) => format!("{host} ({u})"),
        None => host.clone(),
    };
    let label = entry.label.clone().unwrap_or_default();
    let cross = has_origin && entry.same_origin == Some(false);
    let same = has_origin && entry.same_origin == Some(true);
    view! {
        <li class="entry" data-testid="entry" data-index=entry.index>
            <div class="entry-head">
                <a
                    data-testid="entry-link"
                    href=url
                    target="_blank"
                    rel="noopener noreferrer"
                    referrerpolicy="no-referrer"
                ><bdi>{label}</bdi></a>
                {cross.then(|| view! {
                    <span class="badge cross-origin" data-testid="cross-origin" title="This surface is on another origin than the card">"cross-origin"</span>
                })}
                {same.then(|| view! { <span class="badge same-origin" data-testid="same-origin">"same origin as the card"</span> })}
            </div>
            <p class="host"><span class="visually-hidden">"Goes to "</span><code data-testid="entry-host">{host_line}</code></p>
            {entry.purpose.map(|p| view! { <p class="purpose" dir="auto" data-testid="entry-purpose">{p}</p> })}
            <ul class="labels" aria-label="Labels stated by the publisher (not safety claims)">
                <li data-testid="entry-audience">"audience: " {audience_text(entry.audience)}</li>
                <li data-testid="entry-access">"access: " {access_text(entry.access)}</li>
                {entry.kind.map(|k| view! { <li data-testid="entry-kind">"kind: " <bdi>{k}</bdi></li> })}
                {entry.skill.clone().map(|s| view! { <li data-testid="entry-skill">"skill: " <bdi>{s}</bdi></li> })}
            </ul>
            {(!notes.is_empty()).then(|| view! {
                <ul class="entry-warnings" data-testid="entry-warnings" aria-label="Warnings about this entry">
                    {notes.into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}
                </ul>
            })}
            {(entry.skill_declared == Some(false)).then(|| view! {
                <p class="note" data-testid="dangling-skill">"This entry names a skill the card does not declare."</p>
            })}
        </li>
    }
}
