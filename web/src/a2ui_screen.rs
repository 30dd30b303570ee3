//! The "A2UI" screen: pick an official example or a hostile stream, or paste your own; it is
//! applied whole as soon as it is taken (see `SourceInput`: at once, or once typing pauses),
//! and can then be stepped through envelope by envelope (Reset, then Apply next); see the
//! surfaces, the findings, the effective data model and the last action message. Offline:
//! nothing is sent anywhere.

use leptos::html;
use leptos::prelude::*;
use serde_json::Value;
use std::sync::Arc;
use surfaces_core::a2ui::{Limits, SurfaceStore};
use surfaces_core::Finding;
use wasm_bindgen::JsCast;

use crate::a2ui_render::{Handlers, LiveSurface};
use crate::demo_streams::{self, DemoStream, HandedStreams, DEMO_STREAMS, FIRST};
use crate::findings::FindingsTable;
use crate::source::SourceInput;
use crate::timeline::{status_text, Entry, Outcome, Stream, Timeline};

/// The envelopes in a stream's text, as the core's reader splits it (a JSON array,
/// `{"messages": [...]}`, one envelope, or JSON Lines; see [`Stream::read`]).
pub fn envelopes_of(text: &str) -> Vec<Entry> {
    Stream::read(text, &Limits::default()).entries
}

/// WCAG relative luminance of `#rrggbb`.
fn luminance(hex: &str) -> Option<f64> {
    let h = hex.strip_prefix('#')?;
    if h.len() != 6 {
        return None;
    }
    let c = |i: usize| -> Option<f64> {
        let v = f64::from(u8::from_str_radix(&h[i..i + 2], 16).ok()?) / 255.0;
        Some(if v <= 0.03928 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        })
    };
    Some(0.2126 * c(0)? + 0.7152 * c(2)? + 0.0722 * c(4)?)
}

/// The agent's primary colour, with the text colour (black or white) that keeps WCAG AA
/// (4.5:1) on it; `None` for anything that is not `#rrggbb`. (One of the two always reaches
/// 4.5:1, so a valid colour is never refused; the check is what picks the text colour.)
pub fn accent(primary: &str) -> Option<(String, &'static str)> {
    let l = luminance(primary)?;
    let on_white = 1.05 / (l + 0.05);
    let on_black = (l + 0.05) / 0.05;
    if on_white >= 4.5 {
        Some((primary.to_string(), "#ffffff"))
    } else if on_black >= 4.5 {
        Some((primary.to_string(), "#000000"))
    } else {
        None
    }
}

#[component]
pub fn A2uiScreen() -> impl IntoView {
    // URLs parse with the browser's own parser (surfaces-host): before anything is checked.
    surfaces_host::install();
    let handed = use_context::<HandedStreams>();
    // The text of an example the console carries, or that a component test handed over.
    let carried = move |d: &DemoStream| d.embedded.or_else(|| handed.and_then(|h| (h.0)(d.id)));
    let first = DEMO_STREAMS
        .iter()
        .find(|d| d.id == FIRST)
        .expect("the first example is one of them");
    let selected = RwSignal::new(first.id.to_string());
    let text = RwSignal::new(carried(first).unwrap_or_default().to_string());
    // Examples fetched so far, so that choosing one again takes no request.
    let fetched = StoredValue::new(std::collections::HashMap::<&'static str, String>::new());
    // Why the example last chosen could not be fetched.
    let example_error = RwSignal::new(None::<String>);
    // Which example's text is the stream's (the result panel's `data-stream`), or `custom`.
    let shown = RwSignal::new(first.id.to_string());
    // Each choice of an example and each edit of the text counts here: a fetched example is
    // taken only if nothing was chosen, typed, pasted or opened since it was asked for.
    let asked = StoredValue::new(0u64);
    // The package's limits.
    let limits = StoredValue::new(Limits::default());
    let envelope_limit = limits.with_value(|l| l.envelopes);
    // The text read through the core's reader.
    let stream = Memo::new(move |_| Arc::new(limits.with_value(|l| Stream::read(&text.get(), l))));
    let store = RwSignal::new(SurfaceStore::new(limits.get_value()));
    // What became of each envelope applied so far: as many as have been applied.
    let outcomes = RwSignal::new(Vec::<Outcome>::new());
    let position = Memo::new(move |_| outcomes.with(Vec::len));
    let total = Memo::new(move |_| stream.with(|s| s.entries.len()));
    let counts = Memo::new(move |_| {
        outcomes.with(|o| {
            let applied = o.iter().filter(|x| x.applied).count();
            (applied, o.len() - applied)
        })
    });
    // The refused envelope whose finding is shown.
    let open = RwSignal::new(None::<usize>);
    // The last action message built, and the surface whose Button built it (shown under it).
    let last_action = RwSignal::new(None::<(String, String)>);
    let announce = RwSignal::new(String::new());
    // An openUrl target waiting for the person to confirm it.
    let pending_open = RwSignal::new(None::<String>);
    // Typed stream text waiting for a pause (see `SourceInput`), or an example being fetched.
    let pending = RwSignal::new(false);
    let step_button = NodeRef::<html::Button>::new();
    let back_button = NodeRef::<html::Button>::new();

    let reset = move || {
        store.set(stream.with_untracked(|s| s.start(limits.get_value())));
        outcomes.set(Vec::new());
        open.set(None);
        last_action.set(None);
    };
    let has_focus = |b: NodeRef<html::Button>| {
        b.get_untracked()
            .is_some_and(|b| b.matches(":focus").unwrap_or(false))
    };
    // Moves focus to `to` once the DOM is updated (from a button that was just disabled).
    let hand_focus = move |to: NodeRef<html::Button>| {
        set_timeout(
            move || {
                if let Some(to) = to.get_untracked() {
                    let _ = to.focus();
                }
            },
            std::time::Duration::ZERO,
        );
    };
    let counts_text =
        move |(applied, refused): (usize, usize)| format!("{applied} applied, {refused} refused");
    // Applies the envelopes up to `end` (exclusive) that are not applied yet.
    let apply_upto = move |end: usize| -> usize {
        let s = stream.get_untracked();
        let start = outcomes.with_untracked(Vec::len);
        let end = end.min(s.entries.len());
        if end <= start {
            return 0;
        }
        let mut new = Vec::with_capacity(end - start);
        store.update(|st| {
            for i in start..end {
                new.push(s.apply(st, i));
            }
        });
        outcomes.update(|o| o.extend(new));
        end - start
    };
    let apply_all = move || {
        reset();
        let n = apply_upto(usize::MAX);
        announce.set(format!(
            "Read {} envelope{}: {}.",
            n,
            if n == 1 { "" } else { "s" },
            counts_text(counts.get_untracked())
        ));
    };
    let step_forward = move || {
        let focused = has_focus(step_button);
        if apply_upto(position.get_untracked() + 1) == 0 {
            return;
        }
        let p = position.get_untracked();
        let (kind, surface) = stream.with_untracked(|s| {
            let e = &s.entries[p - 1];
            (e.kind.clone(), e.surface.clone())
        });
        let status = outcomes.with_untracked(|o| status_text(o.last()));
        announce.set(format!(
            "Envelope {p} of {}: {kind}{}, {status}.",
            total.get_untracked(),
            surface
                .map(|s| format!(" on surface {s}"))
                .unwrap_or_default()
        ));
        // The step button is disabled at the end: focus moves to Back rather than be lost.
        if p == total.get_untracked() && focused {
            hand_focus(back_button);
        }
    };
    let back = move || {
        let p = position.get_untracked();
        if p == 0 {
            return;
        }
        let focused = has_focus(back_button);
        // Back is a rebuild: the store from the start up to the envelope before.
        reset();
        apply_upto(p - 1);
        announce.set(format!(
            "Back to envelope {} of {}: {}.",
            p - 1,
            total.get_untracked(),
            counts_text(counts.get_untracked())
        ));
        if p == 1 && focused {
            hand_focus(step_button);
        }
    };
    // The first example is applied at first open.
    apply_all();

    let on_example = Callback::new(move |id: String| {
        example_error.set(None);
        asked.update_value(|n| *n += 1);
        let Some(d) = DEMO_STREAMS.iter().find(|d| d.id == id) else {
            return;
        };
        let known = carried(d)
            .map(str::to_string)
            .or_else(|| fetched.with_value(|f| f.get(d.id).cloned()));
        if let Some(t) = known {
            pending.set(false);
            shown.set(d.id.to_string());
            text.set(t);
            apply_all();
            return;
        }
        // Busy until it comes (the result panel's `aria-busy`).
        pending.set(true);
        let ticket = asked.get_value();
        leptos::task::spawn_local(async move {
            let got = demo_streams::fetch(d).await;
            // Kept for the next time it is chosen, even when it is no longer wanted now; and
            // nothing more once the screen is gone (its state is disposed then).
            if let Ok(t) = &got {
                let kept = fetched.try_update_value(|f| {
                    f.insert(d.id, t.clone());
                });
                if kept.is_none() {
                    return;
                }
            }
            if asked.try_get_value() != Some(ticket) {
                return;
            }
            pending.set(false);
            match got {
                Ok(t) => {
                    shown.set(d.id.to_string());
                    text.set(t);
                    apply_all();
                }
                // The menu names the stream shown again; choosing the example tries again.
                Err(why) => {
                    example_error.set(Some(why));
                    selected.set(shown.get_untracked());
                }
            }
        });
    });

    // Text typed, pasted or opened is the stream now.
    let taken_as_typed = move || {
        asked.update_value(|n| *n += 1);
        example_error.set(None);
        shown.set(crate::source::CUSTOM.into());
        apply_all();
    };

    // Named for the stream shown, which is not the one chosen while that one is fetched.
    let agent_name = move || {
        let id = shown.get();
        DEMO_STREAMS
            .iter()
            .find(|d| d.id == id)
            .map(|d| format!("Demo agent: {}", d.title))
            .unwrap_or_else(|| "Pasted stream (agent unknown)".to_string())
    };

    // One area per surface, kept while the surface exists: each later store change patches
    // what it draws (see `SurfaceArea`), so a field being typed into keeps its focus.
    let surface_ids =
        move || store.with(|s| s.surface_ids().map(str::to_string).collect::<Vec<_>>());
    let surfaces = move || {
        view! {
            <For each=surface_ids key=|id| id.clone() let:sid>
                <SurfaceArea sid=sid store=store name=Signal::derive(agent_name) pending_open=pending_open last_action=last_action />
            </For>
        }
    };

    let findings = move || {
        let mut all = store.with(|s| s.findings().to_vec());
        // What the store said about an unreadable envelope, said with its place in the text.
        stream.with(|s| s.correct(&mut all, envelope_limit));
        // The findings past the store's limit are counted in its report's last finding.
        if let Some(f) = store
            .with(|s| s.report().findings.pop())
            .filter(|f| f.code == surfaces_core::Code::FindingsTruncated)
        {
            all.push(f);
        }
        all.into_iter()
            .map(|f| Finding {
                severity: f.severity,
                code: f.code,
                // A pointer into the stream: the envelope's index, then the path inside it.
                path: match f.envelope {
                    Some(i) => format!("/{i}{}", f.path),
                    None => f.path,
                },
                message: f.message,
            })
            .collect::<Vec<_>>()
    };
    let ignored = move || store.with(|s| s.report().ignored);
    let model = move || {
        let r = store.with(|s| s.report());
        let models: serde_json::Map<String, Value> = r
            .surfaces
            .into_iter()
            .map(|s| (s.surface_id, s.data_model))
            .collect();
        serde_json::to_string_pretty(&Value::Object(models)).unwrap_or_default()
    };

    view! {
        <div class="screen result-first">
            <section class="panel input" aria-labelledby="a2ui-heading">
                <h1 id="a2ui-heading">"A2UI"</h1>
                <p class="lede">
                    "Fold an A2UI v0.9 stream into surfaces and render them with this console's own components. "
                    "Agent text is shown as text; nothing is evaluated, loaded or sent."
                </p>
                <SourceInput
                    name="stream"
                    examples=DEMO_STREAMS.iter().map(|d| (d.id, format!("{} — {}", d.id, d.title))).collect()
                    example_label="Example stream"
                    custom_label="Your own stream (pasted or opened)"
                    text_label="Stream (JSON array, {\"messages\": …} or JSON Lines)"
                    file_label="Open a stream file"
                    accept=".json,.jsonl,application/json"
                    rows=12
                    selected=selected
                    text=text
                    on_example=on_example
                    on_typing=Callback::new(move |()| asked.update_value(|n| *n += 1))
                    on_edit=Callback::new(move |()| taken_as_typed())
                    on_open=Callback::new(move |()| taken_as_typed())
                    pending=pending
                />
                {move || example_error.get().map(|e| view! { <p class="field-error" role="alert" data-testid="example-error">{e}</p> })}
                <div class="buttons">
                    <button type="button" data-testid="apply-all" on:click=move |_| apply_all()>"Apply all"</button>
                    <button type="button" data-testid="step-back" node_ref=back_button
                        disabled=move || position.get() == 0
                        on:click=move |_| back()>"Back one envelope"</button>
                    <button type="button" data-testid="apply-step" node_ref=step_button
                        disabled=move || { position.get() >= total.get() }
                        on:click=move |_| step_forward()>"Apply next envelope"</button>
                    <button type="button" data-testid="reset" on:click=move |_| reset()>"Reset"</button>
                </div>
                <p class="hint" data-testid="position">
                    {move || format!("{} of {} envelopes read: {}.", position.get(), total.get(), counts_text(counts.get()))}
                </p>
                <h2 id="timeline-heading">"Stream timeline"</h2>
                <Timeline stream=stream outcomes=outcomes open=open envelope_limit=envelope_limit />
                <h2>"Effective data model"</h2>
                <pre class="model" data-testid="a2ui-model" tabindex="0" aria-label="Effective data model">{model}</pre>
                <h2>"Last action message"</h2>
                <p class="hint" data-testid="a2ui-action-where">{move || match last_action.get() {
                    Some((sid, _)) => view! { "Shown under the surface " <bdi>{crate::timeline::visible(&sid)}</bdi> " that sent it. Offline: nothing is sent." }.into_any(),
                    None => "No button clicked yet. An action's message is shown under the surface that sent it. Offline: nothing is sent.".into_any(),
                }}</p>
            </section>
            <section class="panel result" aria-labelledby="a2ui-result-heading" aria-busy=move || pending.get().then_some("true") data-stream=move || shown.get() data-testid="result-panel">
                <h2 id="a2ui-result-heading">"Surfaces"</h2>
                <p class="visually-hidden" aria-live="polite" data-testid="a2ui-live">{move || announce.get()}</p>
                {move || {
                    let n = ignored();
                    (n > 0).then(|| view! {
                        <p class="a2ui-ignored" role="status" data-testid="a2ui-ignored">{format!("{n} invalid interface update{} ignored.", if n == 1 { "" } else { "s" })}</p>
                    })
                }}
                {move || pending_open.get().map(|u| view! { <OpenUrlPanel url=u pending=pending_open /> })}
                {surfaces}
                {move || view! { <FindingsTable findings=findings() /> }}
            </section>
        </div>
    }
}

/// openUrl is always the person's choice: the exact target, its host in ASCII (punycode)
/// form, and a link that opens in a new browsing context with no opener and no referrer.
#[component]
fn OpenUrlPanel(url: String, pending: RwSignal<Option<String>>) -> impl IntoView {
    let parsed = surfaces_core::web_url::parse(&url).ok();
    let host = parsed
        .as_ref()
        .and_then(|u| u.host_str().map(str::to_string))
        .unwrap_or_default();
    let punycode = host.split('.').any(|l| l.starts_with("xn--"));
    view! {
        <div class="open-url" role="dialog" aria-labelledby="open-url-title" data-testid="open-url">
            <p id="open-url-title"><strong>"The agent asks to open a page."</strong></p>
            <p>"Host: " <strong class="open-url-host" data-testid="open-url-host">{host}</strong>
                {punycode.then_some(" (an internationalised name, shown in its ASCII form)")}</p>
            <p><code class="a2ui-url" data-testid="open-url-target">{url.clone()}</code></p>
            <p>
                <a href=url target="_blank" rel="noopener noreferrer" referrerpolicy="no-referrer" data-testid="open-url-go"
                    on:click=move |_| pending.set(None)>"Open in a new tab"</a>
                " "
                <button type="button" data-testid="open-url-cancel" on:click=move |_| pending.set(None)>"Cancel"</button>
            </p>
        </div>
    }
}

/// One surface of the store, drawn once and patched on each later change of the store.
#[component]
fn SurfaceArea(
    sid: String,
    store: RwSignal<SurfaceStore>,
    name: Signal<String>,
    pending_open: RwSignal<Option<String>>,
    last_action: RwSignal<Option<(String, String)>>,
) -> impl IntoView {
    let drawn = LiveSurface::new(2);
    {
        let (drawn, sid) = (drawn.clone(), sid.clone());
        // The first run only subscribes: the surface was drawn just below.
        Effect::new(move |seen: Option<()>| {
            store.with(|s| {
                if seen.is_some() {
                    drawn.show(s, &sid)
                }
            })
        });
    }
    store.with_untracked(|s| drawn.show(s, &sid));
    let theme_color = {
        let sid = sid.clone();
        Memo::new(move |_| {
            store.with(|s| {
                s.theme(&sid)
                    .and_then(|t| t.get("primaryColor"))
                    .and_then(Value::as_str)
                    .map(str::to_string)
            })
        })
    };
    let (sid_edit, sid_click, sid_accept, sid_keep, sid_here) = (
        sid.clone(),
        sid.clone(),
        sid.clone(),
        sid.clone(),
        sid.clone(),
    );
    let handlers = Handlers {
        open: Callback::new(move |url: String| pending_open.set(Some(url))),
        accept: Callback::new(move |pointer: String| {
            store.update(|s| {
                let _ = s.accept_agent(&sid_accept, &pointer);
            })
        }),
        keep: Callback::new(move |pointer: String| {
            store.update(|s| {
                let _ = s.keep_mine(&sid_keep, &pointer);
            })
        }),
        edit: Callback::new(move |(pointer, value): (String, Value)| {
            store.update(|s| {
                let _ = s.edit(&sid_edit, &pointer, value);
            });
        }),
        click: Callback::new(move |(component, scope): (String, String)| {
            let result = store
                .with_untracked(|s| s.action_in(&sid_click, &component, &scope, &crate::now_iso()));
            last_action.set(Some((
                sid_click.clone(),
                match result {
                    Ok(msg) => serde_json::to_string_pretty(&msg).unwrap_or_default(),
                    Err(e) => format!("Not sent: {e}"),
                },
            )));
        }),
    };
    let area = NodeRef::<html::Section>::new();
    Effect::new(move |_| {
        let colours = theme_color.get().as_deref().and_then(accent);
        if let Some(el) = area.get() {
            let style = el.unchecked_ref::<web_sys::HtmlElement>().style();
            match colours {
                Some((bg, fg)) => {
                    let _ = style.set_property("--agent-primary", &bg);
                    let _ = style.set_property("--agent-on-primary", fg);
                }
                None => {
                    let _ = style.remove_property("--agent-primary");
                    let _ = style.remove_property("--agent-on-primary");
                }
            }
        }
    });
    let accent_note = move || match theme_color.get() {
        Some(c) if accent(&c).is_none() => Some(format!(
            "The agent's colour {c} is not applied: text on it would not keep WCAG AA contrast."
        )),
        _ => None,
    };
    view! {
        <section class="agent-area" node_ref=area tabindex="-1" aria-label=move || format!("Content from {}", name.get()) data-testid="agent-area">
            <p class="agent-area-label">
                <span class="visually-hidden">"Agent content. "</span>
                {move || name.get()}
                " · surface "
                <code>{crate::timeline::visible(&sid)}</code>
            </p>
            {move || accent_note().map(|n| view! { <p class="a2ui-note">{n}</p> })}
            <div class="agent-area-body" data-testid="a2ui-surface">{drawn.view(handlers)}</div>
        </section>
        // Where the eye is after a click: right under the surface whose Button sent it.
        {move || last_action.get().filter(|(from, _)| *from == sid_here).map(|(_, text)| view! {
            <section class="a2ui-action-here" aria-label="Action message from this surface" data-testid="a2ui-action-box">
                <p class="hint">"Action message (offline: nothing is sent)"</p>
                <pre class="model" data-testid="a2ui-action" tabindex="0" aria-label="Last action message">{text}</pre>
            </section>
        })}
    }
}
