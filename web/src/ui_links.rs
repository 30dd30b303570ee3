//! The "UI links" screen: check a card, pick an audience view, and list its entries as plain
//! links a person may choose to follow. Nothing is opened, embedded, framed or prefetched.

use leptos::prelude::*;
use surfaces_core::card::{check_card, Access, Audience, CardOptions, CardReport, Entry, UiLinks};

use crate::demo_cards::DEMO_CARDS;
use crate::findings::FindingsTable;
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

/// Checks `text`; an unusable "fetched from" is reported beside the field and the card is
/// still checked without an origin.
pub fn check(text: &str, fetched_from: &str) -> (CardReport, Option<String>) {
    let fetched_from = fetched_from.trim();
    if !fetched_from.is_empty() {
        let options = CardOptions {
            fetched_from: Some(fetched_from.to_string()),
            ..Default::default()
        };
        match check_card(text, &options) {
            Ok(r) => return (r, None),
            Err(e) => {
                let r = check_card(text, &CardOptions::default()).expect("no origin, no misuse");
                return (r, Some(e.to_string()));
            }
        }
    }
    (
        check_card(text, &CardOptions::default()).expect("no origin, no misuse"),
        None,
    )
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

#[component]
pub fn UiLinksScreen() -> impl IntoView {
    let first = &DEMO_CARDS[0];
    let selected = RwSignal::new(first.id.to_string());
    let card_text = RwSignal::new(first.json.to_string());
    let fetched_from = RwSignal::new(first.fetched_from.to_string());
    let view_kind = RwSignal::new(ViewKind::Directory);

    let checked = Memo::new(move |_| check(&card_text.get(), &fetched_from.get()));

    let on_example = Callback::new(move |id: String| {
        if let Some(card) = DEMO_CARDS.iter().find(|c| c.id == id) {
            card_text.set(card.json.to_string());
            fetched_from.set(card.fetched_from.to_string());
        }
    });

    view! {
        <div class="screen">
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
                />
                <label for="fetched-from">"Fetched from"</label>
                <input
                    id="fetched-from"
                    data-testid="fetched-from"
                    type="url"
                    placeholder="https://agent.example/.well-known/agent-card.json"
                    prop:value=move || fetched_from.get()
                    on:input=move |ev| fetched_from.set(event_target_value(&ev))
                />
                <p class="hint">"Same-origin is computed from this URL, never read from the card."</p>
                {move || {
                    checked.get().1.map(|e| view! { <p class="field-error" role="alert" data-testid="origin-error">{e}</p> })
                }}
                <fieldset class="views">
                    <legend>"Show entries for"</legend>
                    {ViewKind::ALL
                        .into_iter()
                        .map(|k| {
                            let id = format!("view-{}", k.id());
                            view! {
                                <div class="radio">
                                    <input
                                        type="radio"
                                        name="view"
                                        id=id.clone()
                                        data-testid=id.clone()
                                        value=k.id()
                                        prop:checked=move || view_kind.get() == k
                                        on:change=move |_| view_kind.set(k)
                                    />
                                    <label for=id>{k.id()}</label>
                                </div>
                            }
                        })
                        .collect_view()}
                </fieldset>
            </section>
            <section class="panel result" aria-labelledby="result-heading" aria-live="polite">
                <h2 id="result-heading">"Result"</h2>
                {move || {
                    let (report, _) = checked.get();
                    let kind = view_kind.get();
                    let has_origin = !fetched_from.get().trim().is_empty() && checked.get().1.is_none();
                    view! { <ReportView report=report kind=kind has_origin=has_origin /> }
                }}
            </section>
        </div>
    }
}

#[component]
fn ReportView(report: CardReport, kind: ViewKind, has_origin: bool) -> impl IntoView {
    let status = match report.ui_links {
        UiLinks::Present => {
            let linkable = report.entries.iter().filter(|e| e.linkable).count();
            format!("This card lists {} web surfaces ({linkable} linkable).", report.entries.len())
        }
        UiLinks::Absent => "This card does not use the UI links extension. That says nothing about the agent: a card without it is silent about surfaces, not an agent without any.".to_string(),
        UiLinks::Invalid => "This card's UI links could not be read; see the findings.".to_string(),
    };
    let status_kind = format!("{:?}", report.ui_links).to_lowercase();
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
        <p class=format!("status status-{status_kind}") data-testid="status" data-ui-links=status_kind.clone()>{status}</p>
        {present.then(|| view! {
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
                    {format!("{hidden} more linkable entr{} in this card {} not meant for this view. Audience is a label, not access control: switch the view to see them.",
                        if hidden == 1 { "y" } else { "ies" }, if hidden == 1 { "is" } else { "are" })}
                </p>
            })}
            {(!unlinkable.is_empty()).then(|| view! {
                <details class="unlinkable" data-testid="unlinkable">
                    <summary>{format!("{} entr{} not linkable", unlinkable.len(), if unlinkable.len() == 1 { "y is" } else { "ies are" })}</summary>
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
