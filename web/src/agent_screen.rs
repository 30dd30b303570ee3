//! The "Agent" screen: talk to a live A2A agent through the console's own server. The agents
//! are the ones the server was started with (`GET /agents`); every request goes to this
//! origin (`/agents/NAME/…`), which the page's `connect-src 'self'` also enforces. The core
//! does the protocol (`surfaces_core::a2a`): the endpoint from the card, the requests, the
//! stream, the task view with its A2UI surfaces, and each action's lifecycle, shown here in
//! the console's own words next to the surface that sent it.

use leptos::prelude::*;
use serde_json::Value;
use surfaces_core::a2a::{
    self, lifecycle::signal_of, wire, ActionState, Attempt, Attempts, ConfirmationEnd, Decision,
    Endpoint, ProtocolVersion, Shown, Signal, SseDecoder, SseLimits, TaskLimits, TaskView,
};
use surfaces_core::a2ui::Limits;
use surfaces_core::card::{check_card, CardOptions};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::a2ui_render::{Handlers, LiveSurface};

/// One agent the server proxies to.
#[derive(Debug, Clone, PartialEq)]
struct Agent {
    name: String,
    card_url: String,
    /// Where the agent really is (for "fetched from" and to map its endpoint to the proxy).
    upstream: String,
}

/// A conversation: the agent, its endpoint, the task view and the actions' lifecycles.
struct Conversation {
    agent: Agent,
    endpoint: Endpoint,
    /// The endpoint, as a path on this origin.
    path: String,
    task: TaskView,
    attempts: Attempts,
    next_id: u64,
}

fn now_iso() -> String {
    String::from(js_sys::Date::new_0().to_iso_string())
}

/// A fresh id for a message or an idempotency key.
fn fresh_id(prefix: &str) -> String {
    let r = (js_sys::Math::random() * 1e15) as u64;
    format!("{prefix}-{:x}-{r:x}", js_sys::Date::now() as u64)
}

async fn fetch(
    path: &str,
    body: Option<&Value>,
    headers: &[(String, String)],
) -> Result<web_sys::Response, String> {
    let init = web_sys::RequestInit::new();
    init.set_method(if body.is_some() { "POST" } else { "GET" });
    // Never the page's cookies or credentials: the server forwards none anyway.
    init.set_credentials(web_sys::RequestCredentials::Omit);
    let h = web_sys::Headers::new().map_err(|_| "headers".to_string())?;
    for (k, v) in headers {
        h.set(k, v).map_err(|_| format!("header {k}"))?;
    }
    init.set_headers(&h);
    if let Some(b) = body {
        init.set_body(&wasm_bindgen::JsValue::from_str(&b.to_string()));
    }
    let window = web_sys::window().ok_or("no window")?;
    let resp = JsFuture::from(window.fetch_with_str_and_init(path, &init))
        .await
        .map_err(|_| "The request could not be made.".to_string())?;
    resp.dyn_into::<web_sys::Response>()
        .map_err(|_| "not a response".to_string())
}

async fn text_of(resp: &web_sys::Response) -> Result<String, String> {
    let p = resp.text().map_err(|_| "no body".to_string())?;
    JsFuture::from(p)
        .await
        .ok()
        .and_then(|t| t.as_string())
        .ok_or_else(|| "The answer could not be read.".to_string())
}

/// Reads a streamed answer chunk by chunk, handing each to `chunk`; `Err` if it broke.
async fn read_stream(resp: &web_sys::Response, mut chunk: impl FnMut(&[u8])) -> Result<(), ()> {
    let body = resp.body().ok_or(())?;
    let reader: web_sys::ReadableStreamDefaultReader =
        body.get_reader().dyn_into().map_err(|_| ())?;
    loop {
        let r = JsFuture::from(reader.read()).await.map_err(|_| ())?;
        let done = js_sys::Reflect::get(&r, &"done".into()).map_err(|_| ())?;
        if done.as_bool() == Some(true) {
            return Ok(());
        }
        let value = js_sys::Reflect::get(&r, &"value".into()).map_err(|_| ())?;
        let bytes = js_sys::Uint8Array::new(&value).to_vec();
        chunk(&bytes);
    }
}

/// Whether this origin's server proxies at least one agent (`GET /agents`).
pub async fn agents_available() -> bool {
    match fetch("/agents", None, &[]).await {
        Ok(r) if r.ok() => text_of(&r)
            .await
            .ok()
            .and_then(|t| serde_json::from_str::<Value>(&t).ok())
            .is_some_and(|v| !agents_of(&v).is_empty()),
        _ => false,
    }
}

fn agents_of(v: &Value) -> Vec<Agent> {
    v.as_array()
        .into_iter()
        .flatten()
        .filter_map(|a| {
            Some(Agent {
                name: a.get("name")?.as_str()?.to_string(),
                card_url: a.get("cardUrl")?.as_str()?.to_string(),
                upstream: a.get("upstream")?.as_str()?.to_string(),
            })
        })
        .collect()
}

/// The endpoint as a path on this origin, when it lies under the agent's configured base;
/// otherwise the console does not contact it.
fn proxied(agent: &Agent, endpoint: &Endpoint) -> Option<String> {
    let base = agent.upstream.trim_end_matches('/');
    let rest = endpoint.url.strip_prefix(base)?;
    if !(rest.is_empty() || rest.starts_with('/')) {
        return None;
    }
    Some(format!(
        "/agents/{}{}",
        agent.name,
        if rest.is_empty() { "/" } else { rest }
    ))
}

/// The console's words for an attempt's state (never the agent's): a rejection says why
/// when the console knows.
fn attempt_text(a: &Attempt) -> &'static str {
    match (a.state, a.confirmation_end) {
        (ActionState::Rejected, Some(ConfirmationEnd::Declined)) => {
            "Not done: you canceled it before the agent acted."
        }
        (ActionState::Rejected, Some(ConfirmationEnd::Expired)) => {
            "Not done: the confirmation had expired, so it was not sent. Choose the button again to start over."
        }
        (ActionState::Rejected, Some(ConfirmationEnd::Invalid)) => {
            "Not done: the agent's confirmation request could not be read (see the findings), so it cannot be confirmed."
        }
        (s, _) => state_text(s),
    }
}

/// The instant `ms` (since the epoch) in words, in the person's time zone.
fn when(ms: i64) -> String {
    let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"dateStyle".into(), &"long".into());
    let _ = js_sys::Reflect::set(&options, &"timeStyle".into(), &"long".into());
    String::from(date.to_locale_string("en-GB", &options))
}

/// The console's words for an action's state (never the agent's).
fn state_text(s: ActionState) -> &'static str {
    match s {
        ActionState::Pending => "Sending…",
        ActionState::Running => "Sent; waiting for the agent to say it is done.",
        ActionState::NeedsConfirmation => "The agent asks you to confirm before it acts.",
        ActionState::Succeeded => "Done: the agent completed it.",
        ActionState::Rejected => "Not done: the agent refused it, or it was canceled.",
        ActionState::Failed => "Failed: the agent reports an error.",
        ActionState::OutcomeUnknown => {
            "Unknown: the connection ended before the agent said whether it was done."
        }
    }
}

/// One part of a turn or an artifact: agent text as a text node, the rest described.
fn shown(p: &Shown) -> AnyView {
    match p {
        Shown::Text { text } => view! { <p dir="auto" class="turn-text">{text.clone()}</p> }.into_any(),
        Shown::Interface { envelopes } => {
            let s = if *envelopes == 1 { "" } else { "s" };
            view! { <p class="turn-note">{format!("Interface update ({envelopes} envelope{s})")}</p> }.into_any()
        }
        Shown::Data { .. } => view! { <p class="turn-note">"Data (not shown)"</p> }.into_any(),
        Shown::File { name, .. } => {
            view! { <p class="turn-note">"File: " <bdi>{name.clone().unwrap_or_default()}</bdi></p> }.into_any()
        }
    }
}

#[component]
pub fn AgentScreen() -> impl IntoView {
    let agents = RwSignal::new(None::<Result<Vec<Agent>, String>>);
    let convo: RwSignal<Option<Conversation>, LocalStorage> = RwSignal::new_local(None);
    let card_view = RwSignal::new(None::<(String, surfaces_core::CardReport)>);
    let problem = RwSignal::new(None::<String>);
    let draft = RwSignal::new(String::new());
    let sending = RwSignal::new(false);
    let announce = RwSignal::new(String::new());
    // One polite announcement per change: the same words again are not said twice.
    let say = move |text: &str| {
        if announce.with_untracked(|a| a != text) {
            announce.set(text.to_string());
        }
    };

    leptos::task::spawn_local(async move {
        let result = match fetch("/agents", None, &[]).await {
            Ok(r) if r.ok() => text_of(&r)
                .await
                .and_then(|t| serde_json::from_str::<Value>(&t).map_err(|e| e.to_string()))
                .map(|v| agents_of(&v)),
            _ => Err("This console is not served by surfaces-server, so no agent can be reached (start it with scripts/serve.sh).".to_string()),
        };
        agents.set(Some(result));
    });

    let choose = move |agent: Agent| {
        problem.set(None);
        convo.set(None);
        card_view.set(None);
        leptos::task::spawn_local(async move {
            let card = match fetch(&agent.card_url, None, &[]).await {
                Ok(r) if r.ok() => text_of(&r).await,
                _ => Err("The agent's card could not be fetched.".to_string()),
            };
            let card = match card {
                Ok(c) => c,
                Err(e) => return problem.set(Some(e)),
            };
            // Fetched from where the agent really is: same-origin is computed against it.
            let fetched_from = format!(
                "{}/.well-known/agent-card.json",
                agent.upstream.trim_end_matches('/')
            );
            let options = CardOptions {
                fetched_from: Some(fetched_from.clone()),
                ..CardOptions::default()
            };
            if let Ok(report) = check_card(&card, &options) {
                card_view.set(Some((fetched_from, report)));
            }
            let Ok(value) = serde_json::from_str::<Value>(&card) else {
                return problem.set(Some("The agent's card is not JSON.".into()));
            };
            let endpoint = match a2a::endpoint(&value, Some(ProtocolVersion::V0_3)) {
                Ok(e) => e,
                Err(f) => return problem.set(Some(f.message)),
            };
            let Some(path) = proxied(&agent, &endpoint) else {
                return problem.set(Some(
                    "The card names an endpoint outside the agent this console was started with; it is not contacted.".into(),
                ));
            };
            let advertised = !endpoint.a2ui_extensions.is_empty();
            convo.set(Some(Conversation {
                agent,
                endpoint,
                path,
                task: TaskView::new(advertised, Limits::default(), TaskLimits::default()),
                attempts: Attempts::default(),
                next_id: 1,
            }));
        });
    };

    // Sends a request and reads the answer into the task; the attempts learn from the last
    // event that said how the task stands (a stream's first event is the task as it was).
    let deliver = move |request: wire::Request, path: String, version: ProtocolVersion| {
        sending.set(true);
        leptos::task::spawn_local(async move {
            let mut last: Option<Signal> = None;
            let mut note = |e: &a2a::Event| {
                if let Some(s) = signal_of(e) {
                    last = Some(s);
                }
            };
            let result = fetch(&path, Some(&request.body), &request.headers).await;
            let ok = match result {
                Ok(resp) if resp.ok() && request.streams => {
                    let mut decoder = SseDecoder::new(SseLimits::default());
                    read_stream(&resp, |bytes| {
                        convo.update(|c| {
                            if let Some(c) = c.as_mut() {
                                c.task.apply_stream_bytes_with(
                                    version,
                                    &mut decoder,
                                    bytes,
                                    &mut note,
                                );
                            }
                        })
                    })
                    .await
                    .is_ok()
                }
                Ok(resp) if resp.ok() => match text_of(&resp).await {
                    Ok(t) => {
                        convo.update(|c| {
                            if let Some(c) = c.as_mut() {
                                c.task.apply_text_with(version, &t, &mut note);
                            }
                        });
                        true
                    }
                    Err(_) => false,
                },
                _ => false,
            };
            convo.update(|c| {
                if let Some(c) = c.as_mut() {
                    c.task.stream_ended();
                    // Each attempt still waiting learns from the task's last word, or is lost.
                    let signal = last.or_else(|| c.task.state.map(Signal::Task));
                    if let Some(signal) = signal {
                        for a in c.attempts.list.iter_mut().filter(|a| !a.state.is_final()) {
                            let _ = a.on(signal.clone());
                        }
                    }
                    if !ok || !c.task.settled {
                        c.attempts.lost();
                    }
                    if let Some(a) = c.attempts.list.last() {
                        say(attempt_text(a));
                    }
                }
            });
            if !ok {
                problem.set(Some(
                    "The agent could not be reached, or its answer broke off.".into(),
                ));
            }
            sending.set(false);
        });
    };

    // Sends a message (text and/or A2UI client messages) and reads the answer into the task.
    let send = move |text: Option<String>, a2ui: Vec<Value>, attempt: Option<(String, String)>| {
        let Some((request, path, version)) = convo
            .try_update(|c| {
                let c = c.as_mut()?;
                let mut out = a2a::a2ui_message(
                    &c.endpoint,
                    &fresh_id("msg"),
                    text.as_deref(),
                    a2ui,
                    &c.task,
                    c.task.surfaces.client_data_model(),
                );
                if let Some((sid, cid)) = &attempt {
                    if let Some(a) = c.attempts.latest_mut(sid, cid) {
                        let _ = a.on(Signal::Sent);
                        out.metadata
                            .insert(a2a::lifecycle::ACTION_METADATA_KEY.into(), a.metadata());
                    }
                }
                c.task.sent(&out);
                let id = c.next_id;
                c.next_id += 1;
                Some((
                    wire::send(c.endpoint.version, id, &out, c.endpoint.streaming),
                    c.path.clone(),
                    c.endpoint.version,
                ))
            })
            .flatten()
        else {
            return;
        };
        deliver(request, path, version);
    };

    // The person's answer to a confirmation request: the core refuses a confirm past its
    // expiry (and a cancel is sent instead), and builds the message with the attempt's key.
    let answer = move |sid: String, cid: String, decision: Decision| {
        if sending.get_untracked() {
            return;
        }
        let built = convo
            .try_update(|c| {
                let c = c.as_mut()?;
                let a = c.attempts.latest_mut(&sid, &cid)?;
                let answer = a.answer(decision, js_sys::Date::now()).ok()?;
                let words = attempt_text(a);
                let out =
                    a2a::confirmation_message(&c.endpoint, &fresh_id("msg"), &answer, &c.task)?;
                c.task.sent(&out);
                let id = c.next_id;
                c.next_id += 1;
                Some((
                    words,
                    wire::send(c.endpoint.version, id, &out, c.endpoint.streaming),
                    c.path.clone(),
                    c.endpoint.version,
                ))
            })
            .flatten();
        if let Some((words, request, path, version)) = built {
            say(words);
            deliver(request, path, version);
        }
    };

    let submit = move || {
        let text = draft.get_untracked().trim().to_string();
        if text.is_empty() || sending.get_untracked() {
            return;
        }
        draft.set(String::new());
        send(Some(text), Vec::new(), None);
    };

    let agent_list = move || {
        match agents.get() {
        None => view! { <p data-testid="agents-loading">"Looking for agents…"</p> }.into_any(),
        Some(Err(e)) => view! { <p class="field-error" data-testid="agents-none">{e}</p> }.into_any(),
        Some(Ok(list)) if list.is_empty() => view! { <p data-testid="agents-none">"The server was started with no agent."</p> }.into_any(),
        Some(Ok(list)) => view! {
            <ul class="agent-list" data-testid="agent-list">
                {list.into_iter().map(|a| {
                    let label = a.name.clone();
                    let upstream = a.upstream.clone();
                    let chosen = a.clone();
                    view! {
                        <li>
                            <button type="button" data-testid="agent-choose" on:click=move |_| choose(chosen.clone())>{label}</button>
                            " " <span class="entry-host">{upstream}</span>
                        </li>
                    }
                }).collect_view()}
            </ul>
        }.into_any(),
    }
    };

    let card_summary = move || {
        card_view.get().map(|(from, report)| {
            let links = report.views.directory.iter().filter_map(|&i| report.entries.get(i)).filter(|e| e.linkable).map(|e| {
                let href = e.url.clone().unwrap_or_default();
                let label = e.label.clone().unwrap_or_default();
                view! { <li><a href=href rel="noopener noreferrer" target="_blank"><bdi>{label}</bdi></a></li> }
            }).collect_view();
            view! {
                <section class="agent-card" data-testid="agent-card" aria-label="The agent's card">
                    <p>"Card fetched from " <code>{from}</code> ": UI links " {format!("{:?}", report.ui_links).to_lowercase()} "."</p>
                    <ul>{links}</ul>
                </section>
            }
        })
    };

    let turns = move || {
        convo.with(|c| {
            let Some(c) = c else { return ().into_any() };
            let ignored = c.task.surfaces.report().ignored;
            let rows = c.task.turns.iter().map(|t| {
                let who = match t.role { a2a::Role::User => "You", a2a::Role::Agent => "Agent" };
                let parts = t.parts.iter().map(shown).collect_view();
                view! { <li class="turn" data-testid="turn" data-role=who><span class="turn-who">{who}</span>{parts}</li> }
            }).collect_view();
            let state = c.task.state.map(|s| format!("{s:?}")).unwrap_or_else(|| "no task yet".into());
            let artifacts = c.task.artifacts.iter().map(|a| {
                let name = a.name.clone().unwrap_or_else(|| a.artifact_id.clone());
                let parts = a.parts.iter().map(shown).collect_view();
                view! { <li class="turn" data-testid="artifact"><span class="turn-who">"Artifact: " {name}</span>{parts}</li> }
            }).collect_view();
            let mut findings = c.task.findings.clone();
            findings.extend(c.attempts.list.iter().flat_map(|a| a.findings.iter().cloned()));
            findings.extend(c.task.surfaces.findings().iter().map(|f| surfaces_core::Finding {
                severity: f.severity,
                code: f.code,
                path: f.path.clone(),
                message: f.message.clone(),
            }));
            let with = c.agent.name.clone();
            view! {
                <h2>"Conversation with " {with}</h2>
                <p data-testid="task-state">"Task: " {state}</p>
                {(ignored > 0).then(|| view! { <p class="a2ui-notice" data-testid="ignored">{format!("{ignored} invalid interface updates ignored.")}</p> })}
                <ol class="turns" data-testid="turns">{rows}{artifacts}</ol>
                {(!findings.is_empty()).then(|| view! { <crate::findings::FindingsTable findings=findings /> })}
            }.into_any()
        })
    };

    // One area per surface, kept while the surface exists: later task updates patch what it
    // draws, so a field being typed into keeps its focus while the agent streams.
    let surface_ids = move || {
        convo.with(|c| {
            c.as_ref()
                .map(|c| {
                    c.task
                        .surfaces
                        .surface_ids()
                        .map(str::to_string)
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    };
    let surfaces = move || {
        view! {
            <For each=surface_ids key=|id| id.clone() let:sid>
                {surface_area(sid, convo, say, send, answer)}
            </For>
        }
    };

    let ready = move || convo.with(|c| c.is_some());
    view! {
        <div class="screen agent-screen" data-testid="agent-screen">
            <section class="panel input" aria-labelledby="agent-heading">
                <h1 id="agent-heading">"Talk to an agent"</h1>
                <p class="visually-hidden" role="status" aria-live="polite" data-testid="agent-announce">{move || announce.get()}</p>
                {agent_list}
                {move || problem.get().map(|p| view! { <p class="field-error" role="alert" data-testid="agent-problem">{p}</p> })}
                {card_summary}
                <form class="composer" on:submit=move |ev| { ev.prevent_default(); submit(); }>
                    <label for="agent-message">"Message to the agent"</label>
                    <input id="agent-message" data-testid="agent-message" type="text" autocomplete="off"
                        prop:value=move || draft.get()
                        disabled=move || !ready()
                        on:input=move |ev| draft.set(event_target_value(&ev)) />
                    <button type="submit" data-testid="agent-send" disabled=move || !ready() || sending.get()>"Send"</button>
                </form>
            </section>
            <section class="panel result" aria-label="The conversation">
                {move || (!ready()).then(|| view! { <p>"Choose an agent to start a conversation."</p> })}
                {turns}
                {surfaces}
            </section>
        </div>
    }
}

/// One surface of the conversation's task, drawn once and patched on each later change.
fn surface_area(
    sid: String,
    convo: RwSignal<Option<Conversation>, LocalStorage>,
    say: impl Fn(&str) + Copy + Send + Sync + 'static,
    send: impl Fn(Option<String>, Vec<Value>, Option<(String, String)>) + Copy + Send + Sync + 'static,
    answer: impl Fn(String, String, Decision) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let drawn = LiveSurface::new(2);
    let show = {
        let (drawn, sid) = (drawn.clone(), sid.clone());
        move |c: &Option<Conversation>| {
            if let Some(c) = c {
                drawn.show(&c.task.surfaces, &sid)
            }
        }
    };
    convo.with_untracked(show.clone());
    // The first run only subscribes: the surface was drawn just above.
    Effect::new(move |seen: Option<()>| {
        convo.with(|c| {
            if seen.is_some() {
                show(c)
            }
        })
    });
    let (s_edit, s_click, s_accept, s_keep) = (sid.clone(), sid.clone(), sid.clone(), sid.clone());
    let handlers = Handlers {
        open: Callback::new(|_url: String| {}),
        accept: Callback::new(move |p: String| {
            convo.update(|c| {
                if let Some(c) = c.as_mut() {
                    let _ = c.task.surfaces.accept_agent(&s_accept, &p);
                }
            })
        }),
        keep: Callback::new(move |p: String| {
            convo.update(|c| {
                if let Some(c) = c.as_mut() {
                    let _ = c.task.surfaces.keep_mine(&s_keep, &p);
                }
            })
        }),
        edit: Callback::new(move |(p, v): (String, Value)| {
            convo.update(|c| {
                if let Some(c) = c.as_mut() {
                    let _ = c.task.surfaces.edit(&s_edit, &p, v);
                }
            })
        }),
        click: Callback::new(move |(component, scope): (String, String)| {
            let key = fresh_id("act");
            let built = convo
                .try_update(|c| {
                    let c = c.as_mut()?;
                    let message = c
                        .task
                        .surfaces
                        .action_in(&s_click, &component, &scope, &now_iso())
                        .ok()?;
                    // A double click while it runs is refused: it sends once.
                    c.attempts.begin(&s_click, &component, &key).ok()?;
                    Some(message)
                })
                .flatten();
            if let Some(message) = built {
                say(state_text(ActionState::Pending));
                send(None, vec![message], Some((s_click.clone(), component)));
            }
        }),
    };
    let sid_state = sid.clone();
    let state = move || {
        convo.with(|c| {
            c.as_ref().and_then(|c| {
                c.attempts
                    .list
                    .iter()
                    .rev()
                    .find(|a| a.surface_id == sid_state)
                    .map(|a| (a.state, attempt_text(a)))
            })
        })
    };
    // The confirmation the surface's latest attempt waits for, if it waits for one.
    let sid_ask = sid.clone();
    // A memo: the dialog is drawn again only when the question changes, so an edit in the
    // form or a stream event does not take the focus back to it.
    let asked = Memo::new(move |_| {
        convo.with(|c| {
            let a = c
                .as_ref()?
                .attempts
                .list
                .iter()
                .rev()
                .find(|a| a.surface_id == sid_ask)?;
            (a.state == ActionState::NeedsConfirmation)
                .then(|| Some((a.component_id.clone(), a.confirmation.clone()?)))
                .flatten()
        })
    });
    let dialog_ref = NodeRef::<leptos::html::Section>::new();
    // The dialog takes focus when it opens, so the keyboard is where the question is.
    Effect::new(move |_| {
        if let Some(el) = dialog_ref.get() {
            let _ = el.focus();
        }
    });
    let title_id = format!("confirm-title-{sid}");
    let claim_id = format!("confirm-claim-{sid}");
    let sid_dialog = sid.clone();
    let dialog = move || {
        asked.get().map(|(component, c)| {
            let (yes_sid, no_sid) = (sid_dialog.clone(), sid_dialog.clone());
            let (yes_cid, no_cid) = (component.clone(), component);
            view! {
                <section class="confirm-dialog" role="dialog" tabindex="-1" node_ref=dialog_ref
                    aria-labelledby=title_id.clone() aria-describedby=claim_id.clone()
                    data-testid="confirm-dialog">
                    <h3 id=title_id.clone()>"Confirm before the agent acts"</h3>
                    <div id=claim_id.clone()>
                        <p class="confirm-says">"The agent says:"</p>
                        <blockquote class="confirm-claim" dir="auto" data-testid="confirm-summary">{c.summary.clone()}</blockquote>
                        <p class="confirm-expiry" data-testid="confirm-expiry">
                            "This request expires " <time datetime=c.expires_at.clone()>{when(c.expires_at_ms)}</time>
                            ". After that it cannot be confirmed."
                        </p>
                    </div>
                    <div class="confirm-buttons">
                        <button type="button" class="confirm-yes" data-testid="confirm-yes"
                            on:click=move |_| answer(yes_sid.clone(), yes_cid.clone(), Decision::Confirm)>"Confirm"</button>
                        <button type="button" class="confirm-no" data-testid="confirm-no"
                            on:click=move |_| answer(no_sid.clone(), no_cid.clone(), Decision::Cancel)>"Cancel"</button>
                    </div>
                </section>
            }
        })
    };
    // The dialog is the console's, so it is drawn after the agent's area, never inside it.
    view! {
        <section class="agent-area" aria-label=format!("Content from the agent, surface {sid}") data-testid="agent-surface">
            <p class="agent-area-label"><span class="visually-hidden">"Agent content. "</span>"surface " <code>{sid.clone()}</code></p>
            <div class="agent-area-body">{drawn.view(handlers)}</div>
            {move || state().map(|(s, text)| view! {
                <p class="action-state" data-testid="action-state" data-state=format!("{s:?}")>
                    <strong>"Your action: "</strong>{text}
                </p>
            })}
        </section>
        {dialog}
    }
}
