//! The "Agent" screen: talk to a live A2A agent through the console's own server. The agents
//! are the ones the server was started with (`GET /agents`); every request goes to this
//! origin (`/agents/NAME/…`), which the page's `connect-src 'self'` also enforces. The core
//! does the protocol (`surfaces_a2a`): the endpoint from the card, the requests, the
//! stream, the task view with its A2UI surfaces, and each action's lifecycle, shown here in
//! the console's own words next to the surface that sent it.
//!
//! The conversation's task is kept in this tab's session storage (`a2a::saved`: ids, keys,
//! states and the person's edits, bounded): a reload, or a lost stream, rebuilds it from
//! the agent (`tasks/get`, then a resubscribe while it works), and no action is sent again
//! on its own. "Forget this task" removes it all.

use leptos::prelude::*;
use serde_json::Value;
use surfaces_a2a as a2a;
use surfaces_a2a::{
    lifecycle::signal_of,
    saved::{keys_answered, SavedTask},
    wire, ActionState, Attempt, Attempts, ConfirmationEnd, Decision, Endpoint, ProtocolVersion,
    Shown, Signal, SseDecoder, SseLimits, TaskLimits, TaskState, TaskView,
};
use surfaces_core::a2ui::Limits;
use surfaces_core::card::{check_card, read_card, CardLimits, CardOptions};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::a2ui_render::{Handlers, LiveSurface};
use crate::same_origin::{fetch, text_of};
use surfaces_render::HeldButtons;

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
    /// Which conversation this is: an answer that arrives for an earlier one (forgotten,
    /// or left for another agent) is dropped.
    generation: u64,
    /// The record this conversation was restored from, until the task was read again and
    /// the person's edits put back on its surfaces. Nothing is stored meanwhile, so a read
    /// that fails loses nothing.
    restoring: Option<SavedTask>,
}

/// Numbers conversations.
static GENERATION: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

fn next_generation() -> u64 {
    GENERATION.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// History messages a `tasks/get` asks for: as many turns as the view keeps.
const HISTORY: usize = 200;

/// The conversation's task in this tab's session storage: one record (`a2a::saved`'s
/// format, at most `SAVED_MAX_BYTES`), under one key. Storage that is off or full is not an
/// error the person must handle: the console says that a reload would lose the task.
mod session {
    /// The key of the record.
    pub const KEY: &str = "agent-surfaces/agent-task";

    /// The tab's session storage; `None` when storage is off for the page (reading it
    /// throws then).
    fn storage() -> Option<web_sys::Storage> {
        web_sys::window()?.session_storage().ok().flatten()
    }

    pub fn read() -> Option<String> {
        storage()?.get_item(KEY).ok().flatten()
    }

    /// Whether it was stored.
    pub fn write(text: &str) -> bool {
        storage().is_some_and(|s| s.set_item(KEY, text).is_ok())
    }

    pub fn remove() {
        if let Some(s) = storage() {
            let _ = s.remove_item(KEY);
        }
    }
}

/// Resolves after `ms` milliseconds (a timer of the page).
async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms.max(0));
        }
    });
    let _ = JsFuture::from(promise).await;
}

/// A fresh id for a message or an idempotency key.
fn fresh_id(prefix: &str) -> String {
    let r = (js_sys::Math::random() * 1e15) as u64;
    format!("{prefix}-{:x}-{r:x}", js_sys::Date::now() as u64)
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
            .and_then(|t| surfaces_core::json::read_value(&t).ok())
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
            "Not done: the confirmation request expired before it was confirmed, so the question was closed and nothing was confirmed. Choose the button again to start over if you still want it."
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
            "Unknown: the connection ended before the agent said whether it was done. It is not sent again unless you choose to."
        }
    }
}

/// The console's words for the task's state (never the agent's).
fn task_state_text(s: Option<TaskState>) -> &'static str {
    match s {
        None => "not started yet",
        Some(TaskState::Submitted) => "received by the agent",
        Some(TaskState::Working) => "the agent is working on it",
        Some(TaskState::InputRequired) => "waiting for your answer",
        Some(TaskState::AuthRequired) => "waiting for you to sign in with the agent",
        Some(TaskState::Completed) => "done",
        Some(TaskState::Canceled) => "canceled",
        Some(TaskState::Failed) => "failed",
        Some(TaskState::Rejected) => "refused by the agent",
        Some(TaskState::Unknown) => "not known",
    }
}

/// The task state's A2A name (`input-required`), for a data attribute.
fn task_state_name(s: Option<TaskState>) -> String {
    s.and_then(|s| serde_json::to_value(s).ok())
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_else(|| "none".into())
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
    // URLs parse with the browser's own parser (surfaces-host): before anything is checked.
    surfaces_host::install();
    let agents = RwSignal::new(None::<Result<Vec<Agent>, String>>);
    let convo: RwSignal<Option<Conversation>, LocalStorage> = RwSignal::new_local(None);
    let card_view = RwSignal::new(None::<(String, surfaces_core::CardReport)>);
    let problem = RwSignal::new(None::<String>);
    let draft = RwSignal::new(String::new());
    let sending = RwSignal::new(false);
    // A `tasks/get` (and the resubscribe that may follow it) is under way.
    let checking = RwSignal::new(false);
    // The latest conversation being opened (its card fetched): an earlier one sets nothing.
    let opening = StoredValue::new(0_u64);
    // What the console could not keep in this tab, if anything.
    let storage_note = RwSignal::new(None::<String>);
    let announce = RwSignal::new(String::new());
    // One polite announcement per change: the same words again are not said twice.
    let say = move |text: &str| {
        if announce.with_untracked(|a| a != text) {
            announce.set(text.to_string());
        }
    };

    // The conversation's task, kept in this tab as it changes (once it has one, and not
    // while a restored one waits to be read again: what is stored stays as it was).
    // The text last stored: a change the record does not see (an agent's update, a storm of
    // them) writes nothing.
    let stored = StoredValue::new(String::new());
    Effect::new(move |_| {
        convo.with(|c| {
            let Some(c) = c.as_ref().filter(|c| c.restoring.is_none()) else {
                return;
            };
            let Some(saved) = SavedTask::capture(&c.agent.name, &c.task, &c.attempts) else {
                return;
            };
            let e = saved.encode();
            if stored.with_value(|s| *s == e.text) {
                return;
            }
            let written = session::write(&e.text);
            stored.set_value(if written { e.text } else { String::new() });
            let note = if !written {
                // An older record must not outlive this one: restored, it would lack what
                // happened since (an attempt of unknown outcome, with its key).
                session::remove();
                Some("This tab could not keep the task (its storage is off or full): a reload would lose your edits.".to_string())
            } else if e.dropped_edits > 0 {
                let n = e.dropped_edits;
                Some(if n == 1 {
                    "One of your edits is too large to keep in this tab: a reload would lose it.".to_string()
                } else {
                    format!("{n} of your edits (the largest) are too large to keep in this tab: a reload would lose them.")
                })
            } else {
                None
            };
            if storage_note.with_untracked(|n| *n != note) {
                storage_note.set(note);
            }
        })
    });

    // Reads the answer to `request` into conversation `generation`'s task; the attempts
    // waiting on it learn from the last event that said how the task stands (a stream's
    // first event is the task as it was). Says whether an attempt sent was lost: the answer
    // broke off, or ended before the task's last word.
    //
    // Only the attempts whose idempotency keys are in `keys` (what this request carried, or
    // what a resubscribe follows) learn from it, and only from an answer that arrived whole:
    // an answer that broke off, or gave no word of the task, leaves them of unknown outcome.
    // A stream's first event, when it is the task, is the task as it was when the stream
    // began (before the message, perhaps): it settles nothing unless the task has ended.
    // A flag of conversation `generation` is cleared only while that conversation is the
    // current one: choosing another, or forgetting, cleared it already, and the next
    // conversation's own request may hold it now.
    let settle_flag = move |flag: RwSignal<bool>, generation: u64| {
        if convo.with_untracked(|c| c.as_ref().map(|c| c.generation)) == Some(generation) {
            flag.set(false);
        }
    };

    let deliver = move |request: wire::Request,
                        path: String,
                        version: ProtocolVersion,
                        generation: u64,
                        keys: Vec<String>| async move {
        let mut last: Option<Signal> = None;
        let mut snapshot: Option<Signal> = None;
        let mut first = request.streams;
        let mut note = |e: &a2a::Event| {
            let signal = signal_of(e);
            if std::mem::take(&mut first) && matches!(e, a2a::Event::Task { .. }) {
                snapshot = signal;
            } else if signal.is_some() {
                last = signal;
            }
        };
        let result = fetch(&path, Some(&request.body), &request.headers).await;
        let ok = match result {
            Ok(resp) if resp.ok() && request.streams => {
                let mut decoder = SseDecoder::new(SseLimits::default());
                read_stream(&resp, |bytes| {
                    convo.update(|c| {
                        if let Some(c) = c.as_mut().filter(|c| c.generation == generation) {
                            c.task
                                .apply_stream_bytes_with(version, &mut decoder, bytes, &mut note);
                        }
                    })
                })
                .await
                .is_ok()
            }
            Ok(resp) if resp.ok() => match text_of(&resp).await {
                Ok(t) => {
                    convo.update(|c| {
                        if let Some(c) = c.as_mut().filter(|c| c.generation == generation) {
                            c.task.apply_text_with(version, &t, &mut note);
                        }
                    });
                    true
                }
                Err(_) => false,
            },
            _ => false,
        };
        let mut lost = false;
        let mut ours = false;
        convo.update(|c| {
            let Some(c) = c.as_mut().filter(|c| c.generation == generation) else {
                return;
            };
            ours = true;
            c.task.stream_ended();
            // The attempts this answer is about learn from the task's last word, if the
            // answer arrived whole and said one; the rest wait for the task read again
            // (`tasks/get`), which shows whether the agent got them.
            let ended = snapshot.filter(|s| matches!(s, Signal::Task(t) if t.is_terminal()));
            let signal = (ok && c.task.settled).then(|| last.or(ended)).flatten();
            if let Some(signal) = signal {
                c.attempts.answered(signal, &keys);
            }
            // Still running when the answer is over: broken off, ended before the task's
            // last word, or over while the task still works. What was sent may or may not
            // have been done.
            lost = c.attempts.answer_ended(&keys);
            if let Some(a) = c.attempts.list.last() {
                say(attempt_text(a));
            }
        });
        if ours && !ok {
            problem.set(Some(
                "The agent could not be reached, or its answer broke off.".into(),
            ));
        }
        lost
    };

    // Reads the task again (`tasks/get`): its history, artifacts and state folded (each
    // message once), the person's edits put back on a restored task's surfaces, and then
    // what it says of the actions. One whose outcome is unknown is settled only when the
    // task's history holds its key; while the task works, a resubscribe follows it to its
    // end. Nothing is ever sent again here.
    let check = move |generation: u64| async move {
        if checking.get_untracked() {
            return;
        }
        let Some((request, path, version)) = convo
            .try_update(|c| {
                let c = c.as_mut().filter(|c| c.generation == generation)?;
                let task_id = c.task.task_id.clone()?;
                let id = c.next_id;
                c.next_id += 1;
                Some((
                    wire::get_task(
                        c.endpoint.version,
                        id,
                        &task_id,
                        HISTORY,
                        &c.endpoint.a2ui_extensions,
                    ),
                    c.path.clone(),
                    c.endpoint.version,
                ))
            })
            .flatten()
        else {
            return;
        };
        checking.set(true);
        problem.set(None);
        say("Checking with the agent how the task stands…");
        let text = match fetch(&path, Some(&request.body), &request.headers).await {
            Ok(r) if r.ok() => text_of(&r).await.ok(),
            _ => None,
        };
        let Some(text) = text else {
            settle_flag(checking, generation);
            problem.set(Some(
                "The agent could not be reached to say how the task stands. Choose Check again to ask again.".into(),
            ));
            return;
        };
        // First the task as it is: its surfaces drawn again, the person's edits put back. The
        // answer is read once: what it says of the actions is kept for the next step.
        let read = convo
            .try_update(|c| {
                let c = c.as_mut().filter(|c| c.generation == generation)?;
                let mut said = None;
                c.task.apply_text_with(version, &text, |e| {
                    if matches!(e, a2a::Event::Task { .. }) {
                        said = Some((signal_of(e), keys_answered(e)));
                    }
                });
                if said.is_some() {
                    if let Some(saved) = c.restoring.take() {
                        saved.reapply_edits(&mut c.task);
                    }
                }
                Some(said)
            })
            .flatten();
        let (signal, keys) = match read {
            Some(Some(said)) => said,
            other => {
                settle_flag(checking, generation);
                if other.is_some() {
                    problem.set(Some(
                        "The agent did not give this task back (see the findings), so how its actions ended is not known.".into(),
                    ));
                }
                return;
            }
        };
        // Then, once the page has shown the actions as they were, what the task says of them.
        sleep(0).await;
        let follow = convo
            .try_update(|c| {
                let c = c.as_mut().filter(|c| c.generation == generation)?;
                if let Some(signal) = signal {
                    c.attempts.on_task_signal(signal, &keys);
                }
                if let Some(a) = c.attempts.list.last() {
                    say(attempt_text(a));
                }
                let working = matches!(
                    c.task.state,
                    Some(TaskState::Submitted | TaskState::Working)
                );
                if !working
                    || !c
                        .attempts
                        .list
                        .iter()
                        .any(|a| a.state == ActionState::Running)
                {
                    return None;
                }
                let task_id = c.task.task_id.clone()?;
                let id = c.next_id;
                c.next_id += 1;
                // Read to the task's last event: ended before it, the outcome is unknown.
                c.task.settled = false;
                let running: Vec<String> = c
                    .attempts
                    .list
                    .iter()
                    .filter(|a| a.state == ActionState::Running)
                    .map(|a| a.idempotency_key.clone())
                    .collect();
                Some((
                    running,
                    wire::resubscribe(
                        c.endpoint.version,
                        id,
                        &task_id,
                        &c.endpoint.a2ui_extensions,
                    ),
                    c.path.clone(),
                ))
            })
            .flatten();
        if let Some((running, request, path)) = follow {
            let _ = deliver(request, path, version, generation, running).await;
        }
        settle_flag(checking, generation);
    };

    // Sends a message of conversation `generation` and reads its answer; an action lost on
    // the way is checked with the agent (`tasks/get`), never sent again.
    let dispatch = move |request: wire::Request,
                         path: String,
                         version: ProtocolVersion,
                         generation: u64,
                         keys: Vec<String>| {
        sending.set(true);
        leptos::task::spawn_local(async move {
            let lost = deliver(request, path, version, generation, keys).await;
            settle_flag(sending, generation);
            if lost {
                check(generation).await;
            }
        });
    };

    // Opens a conversation with `agent`: its card, its endpoint; restored from `saved`, the
    // task is read again from the agent.
    let open = move |agent: Agent, saved: Option<SavedTask>| {
        // The latest opening wins: one still fetching its card when the person chose
        // another agent, or forgot the task, sets nothing.
        let generation = next_generation();
        opening.set_value(generation);
        leptos::task::spawn_local(async move {
            let card = match fetch(&agent.card_url, None, &[]).await {
                Ok(r) if r.ok() => text_of(&r).await,
                _ => Err("The agent's card could not be fetched.".to_string()),
            };
            if opening.get_value() != generation {
                return;
            }
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
            let value = match read_card(&card, &CardLimits::default()) {
                Ok(v) => v,
                Err(f) => return problem.set(Some(format!("The agent's card: {}", f.message))),
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
            let (task, attempts) = match &saved {
                Some(s) => (
                    s.task_view(advertised, Limits::default(), TaskLimits::default()),
                    s.attempts(),
                ),
                None => (
                    TaskView::new(advertised, Limits::default(), TaskLimits::default()),
                    Attempts::default(),
                ),
            };
            let restoring = saved.is_some();
            convo.set(Some(Conversation {
                agent,
                endpoint,
                path,
                task,
                attempts,
                next_id: 1,
                generation,
                restoring: saved,
            }));
            if restoring {
                check(generation).await;
            }
        });
    };

    // Another conversation: the task kept in this tab goes.
    let choose = move |agent: Agent| {
        session::remove();
        stored.set_value(String::new());
        sending.set(false);
        checking.set(false);
        problem.set(None);
        storage_note.set(None);
        convo.set(None);
        card_view.set(None);
        open(agent, None);
    };

    // "Forget this task": its record, its surfaces, the person's edits and the actions'
    // states leave this tab (the agent keeps its task: that is the agent's).
    let forget = move || {
        session::remove();
        stored.set_value(String::new());
        opening.set_value(next_generation());
        sending.set(false);
        checking.set(false);
        convo.set(None);
        card_view.set(None);
        problem.set(None);
        storage_note.set(None);
        draft.set(String::new());
        say("This task is forgotten in this tab: its surfaces, your edits and the state of its actions are gone.");
    };

    leptos::task::spawn_local(async move {
        let result = match fetch("/agents", None, &[]).await {
            Ok(r) if r.ok() => text_of(&r)
                .await
                .and_then(|t| surfaces_core::json::read_value(&t).map_err(|e| e.to_string()))
                .map(|v| agents_of(&v)),
            _ => Err("This console is not served by surfaces-server, so no agent can be reached (start it with scripts/serve.sh).".to_string()),
        };
        // A task kept in this tab (a reload) is restored from the agent.
        if let (Ok(list), Some(text)) = (&result, session::read()) {
            match SavedTask::decode(&text) {
                Ok(saved) => match list.iter().find(|a| a.name == saved.agent) {
                    Some(agent) => {
                        say("Restoring your conversation from this tab…");
                        open(agent.clone(), Some(saved));
                    }
                    None => {
                        session::remove();
                        problem.set(Some("The task kept in this tab was with an agent this server no longer serves; it was removed.".into()));
                    }
                },
                Err(e) => {
                    session::remove();
                    problem.set(Some(format!(
                        "The task kept in this tab could not be restored ({e}); it was removed."
                    )));
                }
            }
        }
        agents.set(Some(result));
    });

    // Sends a message (text and/or A2UI client messages) and reads the answer into the task;
    // an action lost on the way is checked with the agent (`tasks/get`), never sent again.
    let send = move |text: Option<String>, a2ui: Vec<Value>, attempt: Option<(String, String)>| {
        let Some((request, path, version, generation, keys)) = convo
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
                let mut keys = Vec::new();
                if let Some((sid, cid)) = &attempt {
                    if let Some(a) = c.attempts.latest_mut(sid, cid) {
                        let _ = a.on(Signal::Sent);
                        out.metadata
                            .insert(a2a::lifecycle::ACTION_METADATA_KEY.into(), a.metadata());
                        keys.push(a.idempotency_key.clone());
                    }
                }
                c.task.sent(&out);
                let id = c.next_id;
                c.next_id += 1;
                Some((
                    wire::send(c.endpoint.version, id, &out, c.endpoint.streaming),
                    c.path.clone(),
                    c.endpoint.version,
                    c.generation,
                    keys,
                ))
            })
            .flatten()
        else {
            return;
        };
        dispatch(request, path, version, generation, keys);
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
                let keys = vec![a.idempotency_key.clone()];
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
                    c.generation,
                    keys,
                ))
            })
            .flatten();
        if let Some((words, request, path, version, generation, keys)) = built {
            say(words);
            dispatch(request, path, version, generation, keys);
        }
    };

    let submit = move || {
        let text = draft.get_untracked().trim().to_string();
        if text.is_empty() || sending.get_untracked() || checking.get_untracked() {
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
            let (state, state_name) = (task_state_text(c.task.state), task_state_name(c.task.state));
            let generation = c.generation;
            // Check again: while an action's outcome is unknown, or a restored task could
            // not be read yet. It only reads the task; nothing is sent again.
            let unsure = c.restoring.is_some()
                || c.attempts.list.iter().any(|a| a.state == ActionState::OutcomeUnknown);
            let artifacts = c.task.artifacts.iter().map(|a| {
                let name = a.name.clone().unwrap_or_else(|| a.artifact_id.clone());
                let parts = a.parts.iter().map(shown).collect_view();
                view! { <li class="turn" data-testid="artifact"><span class="turn-who">"Artifact: " {name}</span>{parts}</li> }
            }).collect_view();
            let mut findings = c.task.reported_findings();
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
                <p data-testid="task-state" data-state=state_name>"Task: " {state}</p>
                <div class="task-controls">
                    {unsure.then(|| view! {
                        <button type="button" data-testid="check-again" disabled=move || checking.get() || sending.get()
                            on:click=move |_| leptos::task::spawn_local(check(generation))>"Check again"</button>
                    })}
                    <button type="button" data-testid="forget-task" on:click=move |_| forget()>"Forget this task"</button>
                </div>
                {unsure.then(|| view! {
                    <p class="task-note" data-testid="unsure-note">
                        "Check again asks the agent how the task stands; nothing is sent again. To send an action whose outcome is unknown once more, choose its button: it goes with the same key, so an agent that honours it does it once."
                    </p>
                })}
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
                {surface_area(sid, convo, checking, say, send, answer)}
            </For>
        }
    };

    // A restored task can be written to once it was read again.
    let ready = move || convo.with(|c| c.as_ref().is_some_and(|c| c.restoring.is_none()));
    view! {
        <div class="screen agent-screen" data-testid="agent-screen">
            <section class="panel input" aria-labelledby="agent-heading">
                <h1 id="agent-heading">"Talk to an agent"</h1>
                <p class="visually-hidden" role="status" aria-live="polite" data-testid="agent-announce">{move || announce.get()}</p>
                {agent_list}
                {move || problem.get().map(|p| view! { <p class="field-error" role="alert" data-testid="agent-problem">{p}</p> })}
                {card_summary}
                {move || storage_note.get().map(|n| view! { <p class="a2ui-notice" data-testid="storage-note">{n}</p> })}
                <form class="composer" on:submit=move |ev| { ev.prevent_default(); submit(); }>
                    <label for="agent-message">"Message to the agent"</label>
                    <input id="agent-message" data-testid="agent-message" type="text" autocomplete="off"
                        prop:value=move || draft.get()
                        disabled=move || !ready()
                        on:input=move |ev| draft.set(event_target_value(&ev)) />
                    <button type="submit" data-testid="agent-send" disabled=move || !ready() || sending.get() || checking.get()>"Send"</button>
                </form>
            </section>
            <section class="panel result" aria-label="The conversation">
                {move || convo.with(|c| c.is_none()).then(|| view! { <p>"Choose an agent to start a conversation."</p> })}
                {move || checking.get().then(|| view! { <p class="task-note" data-testid="checking">"Checking with the agent how the task stands…"</p> })}
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
    checking: RwSignal<bool>,
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
    // The renderer holds every Button that sends an action while one of the task is under
    // way (pending, running, waiting for the person's confirmation: one action at a time on a
    // task, as `A2aTask` has it), and while the task is read again (a click then waits: it
    // may learn the action was done). A memo, not a derived signal: every Button reads it.
    let held = Memo::new(move |_| {
        checking.get()
            || convo.with(|c| c.as_ref().is_some_and(|c| c.attempts.under_way().is_some()))
    });
    provide_context(HeldButtons(held.into()));
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
            // While the task is read again, a click waits: it may learn the action was done.
            if checking.get_untracked() {
                return;
            }
            let key = fresh_id("act");
            let built = convo
                .try_update(|c| {
                    let c = c.as_mut()?;
                    // One action at a time on a task: the agent's answer names no action.
                    // The renderer holds such Buttons meanwhile; this covers a click that
                    // came before the memo did.
                    if c.attempts.under_way().is_some() {
                        return None;
                    }
                    let message = c
                        .task
                        .surfaces
                        .action_in(&s_click, &component, &scope, &crate::now_iso())
                        .ok()?;
                    let retry = match c.attempts.latest_mut(&s_click, &component) {
                        // Lost after the person confirmed: sending the action again would
                        // start the question over, not repeat the confirmation. Only the
                        // task, read again, can say how it stands.
                        Some(a)
                            if a.state == ActionState::OutcomeUnknown
                                && a.confirmation_end == Some(ConfirmationEnd::Confirmed) =>
                        {
                            return Some(None);
                        }
                        // The person sends again an action whose outcome is unknown: the
                        // same attempt, with the same key, so an agent that honours the key
                        // does it once.
                        Some(a) if a.state == ActionState::OutcomeUnknown => {
                            a.on(Signal::Retry).ok()?;
                            true
                        }
                        // A double click while it runs is refused: it sends once.
                        _ => {
                            c.attempts.begin(&s_click, &component, &key).ok()?;
                            false
                        }
                    };
                    Some(Some((message, retry)))
                })
                .flatten();
            let Some(built) = built else {
                return;
            };
            let Some((message, retry)) = built else {
                say("Not sent again: you confirmed this action and the connection ended before the agent answered. Choose Check again to ask the agent how it stands.");
                return;
            };
            if retry {
                say(state_text(ActionState::Running));
                send(None, vec![message], Some((s_click.clone(), component)));
                return;
            }
            // Pending is shown (and a second click refused) before the message leaves; it
            // leaves unless the attempt went meanwhile (the task forgotten).
            say(state_text(ActionState::Pending));
            let sid = s_click.clone();
            leptos::task::spawn_local(async move {
                sleep(0).await;
                let still = convo.with_untracked(|c| {
                    c.as_ref().is_some_and(|c| {
                        c.attempts.latest(&sid, &component).is_some_and(|a| {
                            a.idempotency_key == key && a.state == ActionState::Pending
                        })
                    })
                });
                if still {
                    send(None, vec![message], Some((sid, component)));
                }
            });
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
    // A question that expires before the person answers closes itself and says so: nothing
    // is sent (the agent set the expiry, and refuses a late confirmation itself).
    let sid_expiry = sid.clone();
    Effect::new(move |_| {
        let Some((component, c)) = asked.get() else {
            return;
        };
        let sid = sid_expiry.clone();
        leptos::task::spawn_local(async move {
            let still_asked = || {
                convo.with_untracked(|cv| {
                    cv.as_ref()
                        .and_then(|cv| cv.attempts.latest(&sid, &component))
                        .is_some_and(|a| {
                            a.state == ActionState::NeedsConfirmation
                                && a.confirmation.as_ref().is_some_and(|x| *x == c)
                        })
                })
            };
            // Timers wait at most a day at a time (a page's timer is bounded).
            loop {
                let left = c.expires_at_ms as f64 - js_sys::Date::now();
                if left <= 0.0 {
                    break;
                }
                sleep(left.min(86_400_000.0) as i32 + 1).await;
                if !still_asked() {
                    return;
                }
            }
            let words = convo
                .try_update(|cv| {
                    let a = cv.as_mut()?.attempts.latest_mut(&sid, &component)?;
                    let same = a.state == ActionState::NeedsConfirmation
                        && a.confirmation.as_ref().is_some_and(|x| *x == c);
                    if !same || !c.expired_at(js_sys::Date::now()) {
                        return None;
                    }
                    a.on(Signal::Expired).ok()?;
                    Some(attempt_text(a))
                })
                .flatten();
            if let Some(words) = words {
                say(words);
            }
        });
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
            <p class="agent-area-label"><span class="visually-hidden">"Agent content. "</span>"surface " <code>{crate::timeline::visible(&sid)}</code></p>
            <div class="agent-area-body">{drawn.view(handlers)}</div>
            {move || state().map(|(s, text)| view! {
                <p class="action-state" data-testid="action-state" data-state=format!("{s:?}")>
                    <strong>"Your action: "</strong>{text}
                    // Why a press of another Button does nothing meanwhile (it is held).
                    {s.is_busy().then(|| view! {
                        <span data-testid="action-held">" Until then, buttons that send to the agent are on hold."</span>
                    })}
                </p>
            })}
        </section>
        {dialog}
    }
}
