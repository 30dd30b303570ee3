//! Tasks, their event logs, and the JSON-RPC methods on them.
//!
//! A task keeps a snapshot (the `Task` object `tasks/get` returns) and a log of the events
//! every run streamed. A run is one message's answer: it is played by a scenario in its own
//! tokio task (so it goes on if the client leaves, as an agent's work would), and any number
//! of streams follow the log from where they joined.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, SystemTime};

use axum::body::Bytes;
use futures_util::Stream;
use serde_json::{json, Value};
use tokio::sync::watch;

use crate::clock;
use crate::scenario::{self, Input};
use crate::{Options, Scenario};

/// Tasks kept; past it the oldest task that is not running is forgotten.
pub(crate) const MAX_TASKS: usize = 256;
/// Events kept per task; past it events are no longer logged (streams end at the run's end).
const MAX_LOG: usize = 20_000;
/// Messages kept in a task's history.
const MAX_HISTORY: usize = 200;
/// Surfaces remembered per context, for the foreign-surface scenario.
const MAX_SURFACES: usize = 64;
/// Idempotency keys remembered with the effect each had; past it the oldest is forgotten.
const MAX_EFFECTS: usize = 1024;
/// How long `message/send` waits for a run to end.
const SEND_WAIT: Duration = Duration::from_secs(60);

#[derive(Debug)]
pub(crate) struct RpcError {
    pub code: i64,
    pub message: String,
}

impl RpcError {
    pub(crate) fn new(code: i64, message: impl Into<String>) -> Self {
        RpcError {
            code,
            message: message.into(),
        }
    }
    fn invalid_params(message: impl Into<String>) -> Self {
        RpcError::new(-32602, message)
    }
    fn task_not_found(id: &str) -> Self {
        RpcError::new(-32001, format!("Task not found: {}", clip(id, 128)))
    }
}

#[derive(Clone)]
enum Item {
    Event(Arc<str>),
    /// The run's final event has been logged.
    End,
    /// The run stopped midway: streams following it are broken off.
    Cut,
}

struct Entry {
    n: u64,
    task: Value,
    log: Vec<Item>,
    run: u64,
    running: bool,
    actions: u32,
    /// The confirmation this task waits for, if it asked for one.
    pending: Option<Pending>,
    tx: watch::Sender<u64>,
}

/// A confirmation asked for and not yet answered: what it would do, bound to the key of the
/// action that asked. The answer only names it; the details stay here.
#[derive(Debug, Clone)]
pub(crate) struct Pending {
    pub id: String,
    pub key: Option<String>,
    pub expires: SystemTime,
    pub context: Value,
}

/// An effect done once: the idempotency key that asked for it, its task, its reference.
struct Effect {
    key: String,
    task_id: String,
    reference: String,
}

impl Entry {
    fn log(&mut self, item: Item) {
        if matches!(item, Item::Event(_)) && self.log.len() >= MAX_LOG {
            return;
        }
        self.log.push(item);
        self.tx.send_modify(|v| *v += 1);
    }

    fn state(&self) -> &str {
        self.task
            .pointer("/status/state")
            .and_then(Value::as_str)
            .unwrap_or("unknown")
    }
}

#[derive(Default)]
struct Tasks {
    map: HashMap<String, Entry>,
    order: VecDeque<String>,
    /// (contextId, surfaceId), newest last.
    surfaces: VecDeque<(String, String)>,
    effects: VecDeque<Effect>,
    /// Bookings made: each effect counts once, however often its key is sent.
    bookings: u64,
}

pub(crate) struct Agent {
    pub scenario: Scenario,
    pub options: Options,
    pub url: String,
    /// Numbers messages (and the `message` scenario's replies).
    next: AtomicU64,
    /// Numbers tasks: `task-1`, `task-2`, … and their surfaces.
    next_task: AtomicU64,
    tasks: Mutex<Tasks>,
}

fn terminal(state: &str) -> bool {
    matches!(state, "completed" | "canceled" | "failed" | "rejected")
}

pub(crate) fn clip(s: &str, max: usize) -> String {
    s.chars().take(max).collect()
}

pub(crate) fn context_ok(s: &str) -> bool {
    (1..=128).contains(&s.len())
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._:-".contains(&b))
}

enum Begun {
    Message(Value),
    Run {
        task_id: String,
        from: usize,
        rx: watch::Receiver<u64>,
    },
}

impl Agent {
    pub(crate) fn new(scenario: Scenario, options: Options, url: String) -> Self {
        Agent {
            scenario,
            options,
            url,
            next: AtomicU64::new(1),
            next_task: AtomicU64::new(1),
            tasks: Mutex::new(Tasks::default()),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Tasks> {
        self.tasks.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(crate) fn next_n(&self) -> u64 {
        self.next.fetch_add(1, Ordering::Relaxed)
    }

    /// Starts answering a `message/send` or `message/stream`.
    fn begin(self: &Arc<Self>, params: &Value) -> Result<Begun, RpcError> {
        let message = params
            .get("message")
            .filter(|m| m.is_object())
            .ok_or_else(|| RpcError::invalid_params("params.message must be an object"))?;
        if !message.get("parts").is_some_and(Value::is_array) {
            return Err(RpcError::invalid_params("message.parts must be an array"));
        }
        let input = scenario::input_of(message);
        if self.scenario == Scenario::Message {
            return Ok(Begun::Message(scenario::message_reply(
                self, message, &input,
            )));
        }
        let mut guard = self.lock();
        // As a plain `&mut Tasks`, its fields borrow apart (an entry and the effects).
        let tasks: &mut Tasks = &mut guard;
        let mut user = message.clone();
        if let Some(task_id) = message.get("taskId").and_then(Value::as_str) {
            let entry = tasks
                .map
                .get_mut(task_id)
                .ok_or_else(|| RpcError::task_not_found(task_id))?;
            if entry.running {
                return Err(RpcError::new(
                    -32004,
                    "The task is still working: wait for its final event or cancel it.",
                ));
            }
            // A message repeating the key of an effect this task had (a retry after a
            // lost answer) gets the task as it ended, and nothing is done again.
            let key = scenario::key_of(message);
            if terminal(entry.state())
                && key.is_some_and(|k| {
                    tasks
                        .effects
                        .iter()
                        .any(|e| e.key == k && e.task_id == task_id)
                })
            {
                return Ok(Begun::Message(entry.task.clone()));
            }
            if terminal(entry.state()) {
                return Err(RpcError::invalid_params(format!(
                    "Task {task_id} is in a terminal state ({}).",
                    entry.state()
                )));
            }
            let context_id = entry.task["contextId"].clone();
            user["taskId"] = json!(task_id);
            user["contextId"] = context_id.clone();
            push_history(&mut entry.task, user);
            entry.run += 1;
            entry.running = true;
            // Booking actions: the `agent-update` scenario proposes other values at the first.
            if matches!(&input, Input::Action { name, .. } if name == "book") {
                entry.actions += 1;
            }
            let from = entry.log.len();
            let snapshot = entry.task.to_string();
            entry.log(Item::Event(snapshot.into()));
            let em = Emitter {
                agent: Arc::clone(self),
                n: entry.n,
                task_id: task_id.to_string(),
                context_id: context_id.as_str().unwrap_or_default().to_string(),
                run: entry.run,
                actions: entry.actions,
            };
            let rx = entry.tx.subscribe();
            tokio::spawn(scenario::continue_task(em, input));
            return Ok(Begun::Run {
                task_id: task_id.to_string(),
                from,
                rx,
            });
        }
        if tasks.map.len() >= MAX_TASKS {
            let idle = tasks
                .order
                .iter()
                .position(|id| tasks.map.get(id).is_some_and(|e| !e.running));
            let Some(i) = idle else {
                return Err(RpcError::new(-32603, "Too many tasks are running."));
            };
            if let Some(id) = tasks.order.remove(i) {
                tasks.map.remove(&id);
            }
        }
        let n = self.next_task.fetch_add(1, Ordering::Relaxed);
        let task_id = format!("task-{n}");
        let context_id = message
            .get("contextId")
            .and_then(Value::as_str)
            .filter(|c| context_ok(c))
            .map_or_else(|| format!("ctx-{n}"), str::to_string);
        user["taskId"] = json!(task_id);
        user["contextId"] = json!(context_id);
        let task = json!({
            "kind": "task",
            "id": task_id,
            "contextId": context_id,
            "status": {"state": "submitted", "timestamp": clock::now()},
            "history": [user],
            "artifacts": [],
        });
        let (tx, rx) = watch::channel(0);
        let mut entry = Entry {
            n,
            task,
            log: Vec::new(),
            run: 1,
            running: true,
            actions: 0,
            pending: None,
            tx,
        };
        let snapshot = entry.task.to_string();
        entry.log(Item::Event(snapshot.into()));
        tasks.map.insert(task_id.clone(), entry);
        tasks.order.push_back(task_id.clone());
        let em = Emitter {
            agent: Arc::clone(self),
            n,
            task_id: task_id.clone(),
            context_id,
            run: 1,
            actions: 0,
        };
        tokio::spawn(scenario::start(em, input));
        Ok(Begun::Run {
            task_id,
            from: 0,
            rx,
        })
    }

    /// `message/send`: the answer once its run has ended (or was cut off).
    pub(crate) async fn send(self: &Arc<Self>, params: &Value) -> Result<Value, RpcError> {
        match self.begin(params)? {
            Begun::Message(m) => Ok(m),
            Begun::Run {
                task_id,
                mut from,
                mut rx,
            } => {
                let waited = tokio::time::timeout(SEND_WAIT, async {
                    loop {
                        rx.borrow_and_update();
                        {
                            let tasks = self.lock();
                            let Some(entry) = tasks.map.get(&task_id) else {
                                return;
                            };
                            while let Some(item) = entry.log.get(from) {
                                if !matches!(item, Item::Event(_)) {
                                    return;
                                }
                                from += 1;
                            }
                        }
                        if rx.changed().await.is_err() {
                            return;
                        }
                    }
                })
                .await;
                let _ = waited;
                self.snapshot(&task_id, None)
            }
        }
    }

    /// `message/stream`: every event of the run, as it happens.
    pub(crate) fn stream(self: &Arc<Self>, params: &Value) -> Result<Events, RpcError> {
        Ok(match self.begin(params)? {
            Begun::Message(m) => Events {
                agent: Arc::clone(self),
                first: Some(m.to_string()),
                follow: None,
                finished: false,
            },
            Begun::Run { task_id, from, rx } => Events {
                agent: Arc::clone(self),
                first: None,
                follow: Some((task_id, from, rx)),
                finished: false,
            },
        })
    }

    /// `tasks/resubscribe`: the task as it is now, then the rest of its running run.
    pub(crate) fn resubscribe(self: &Arc<Self>, params: &Value) -> Result<Events, RpcError> {
        let id = task_id_param(params)?;
        let tasks = self.lock();
        let entry = tasks
            .map
            .get(id)
            .ok_or_else(|| RpcError::task_not_found(id))?;
        let follow = entry
            .running
            .then(|| (id.to_string(), entry.log.len(), entry.tx.subscribe()));
        Ok(Events {
            agent: Arc::clone(self),
            first: Some(entry.task.to_string()),
            follow,
            finished: false,
        })
    }

    /// `tasks/get`, with `historyLength`.
    pub(crate) fn get(&self, params: &Value) -> Result<Value, RpcError> {
        let id = task_id_param(params)?;
        let length = match params.get("historyLength") {
            None | Some(Value::Null) => None,
            Some(v) => Some(v.as_u64().ok_or_else(|| {
                RpcError::invalid_params("historyLength must be a non-negative integer")
            })?),
        };
        self.snapshot(id, length)
    }

    /// `tasks/cancel`: a task that has not ended is canceled, and its run stops.
    pub(crate) fn cancel(&self, params: &Value) -> Result<Value, RpcError> {
        let id = task_id_param(params)?;
        let mut tasks = self.lock();
        let entry = tasks
            .map
            .get_mut(id)
            .ok_or_else(|| RpcError::task_not_found(id))?;
        if terminal(entry.state()) {
            return Err(RpcError::new(-32002, "Task cannot be canceled"));
        }
        let status = json!({"state": "canceled", "timestamp": clock::now()});
        entry.task["status"] = status.clone();
        if entry.running {
            entry.running = false;
            let event = json!({
                "kind": "status-update",
                "taskId": id,
                "contextId": entry.task["contextId"],
                "status": status,
                "final": true,
            });
            entry.log(Item::Event(event.to_string().into()));
            entry.log(Item::End);
        }
        Ok(entry.task.clone())
    }

    fn snapshot(&self, id: &str, history: Option<u64>) -> Result<Value, RpcError> {
        let tasks = self.lock();
        let entry = tasks
            .map
            .get(id)
            .ok_or_else(|| RpcError::task_not_found(id))?;
        let mut task = entry.task.clone();
        if let (Some(n), Some(Value::Array(h))) = (history, task.get_mut("history")) {
            let keep = usize::try_from(n).unwrap_or(usize::MAX).min(h.len());
            h.drain(..h.len() - keep);
        }
        Ok(task)
    }
}

fn task_id_param(params: &Value) -> Result<&str, RpcError> {
    params
        .get("id")
        .and_then(Value::as_str)
        .ok_or_else(|| RpcError::invalid_params("params.id must be a task id"))
}

fn push_history(task: &mut Value, message: Value) {
    if let Some(Value::Array(h)) = task.get_mut("history") {
        if h.len() >= MAX_HISTORY {
            h.remove(0);
        }
        h.push(message);
    }
}

/// What a run does to the task snapshot.
fn apply(task: &mut Value, event: &Value) {
    match event.get("kind").and_then(Value::as_str) {
        Some("status-update") => {
            task["status"] = event["status"].clone();
            if let Some(m) = event.pointer("/status/message") {
                push_history(task, m.clone());
            }
        }
        Some("artifact-update") => {
            let artifact = &event["artifact"];
            let Some(Value::Array(list)) = task.get_mut("artifacts") else {
                return;
            };
            let append = event.get("append").and_then(Value::as_bool) == Some(true);
            match list
                .iter_mut()
                .find(|a| a["artifactId"] == artifact["artifactId"])
            {
                Some(old) if append => {
                    if let (Some(Value::Array(parts)), Some(more)) =
                        (old.get_mut("parts"), artifact["parts"].as_array())
                    {
                        parts.extend(more.iter().cloned());
                    }
                }
                Some(old) => *old = artifact.clone(),
                None => list.push(artifact.clone()),
            }
        }
        _ => {}
    }
}

/// One run's voice: what a scenario emits goes to the task's snapshot and log. Every emit
/// says whether the run still stands (it does not once the task was canceled).
pub(crate) struct Emitter {
    agent: Arc<Agent>,
    /// The task's number, for surface ids.
    pub n: u64,
    pub task_id: String,
    pub context_id: String,
    run: u64,
    /// Actions received on this task so far, this one included.
    pub actions: u32,
}

impl Emitter {
    pub(crate) fn scenario(&self) -> Scenario {
        self.agent.scenario
    }

    fn push(&self, event: Value, end: bool) -> bool {
        let mut tasks = self.agent.lock();
        let Some(entry) = tasks.map.get_mut(&self.task_id) else {
            return false;
        };
        if entry.run != self.run || !entry.running {
            return false;
        }
        apply(&mut entry.task, &event);
        entry.log(Item::Event(event.to_string().into()));
        if end {
            entry.running = false;
            entry.log(Item::End);
        }
        true
    }

    /// An agent message on this task.
    pub(crate) fn message(&self, parts: Vec<Value>) -> Value {
        json!({
            "kind": "message",
            "role": "agent",
            "messageId": format!("msg-{}", self.agent.next_n()),
            "taskId": self.task_id,
            "contextId": self.context_id,
            "parts": parts,
        })
    }

    /// A `TaskStatusUpdateEvent`; with `parts`, its status carries an agent message.
    pub(crate) fn status(&self, state: &str, parts: Vec<Value>, last: bool) -> bool {
        let mut status = json!({"state": state, "timestamp": clock::now()});
        if !parts.is_empty() {
            status["message"] = self.message(parts);
        }
        self.push(
            json!({
                "kind": "status-update",
                "taskId": self.task_id,
                "contextId": self.context_id,
                "status": status,
                "final": last,
            }),
            last,
        )
    }

    /// A whole artifact in one `TaskArtifactUpdateEvent`.
    pub(crate) fn artifact(&self, id: &str, name: &str, parts: Vec<Value>) -> bool {
        self.push(
            json!({
                "kind": "artifact-update",
                "taskId": self.task_id,
                "contextId": self.context_id,
                "artifact": {"artifactId": id, "name": name, "parts": parts},
                "append": false,
                "lastChunk": true,
            }),
            false,
        )
    }

    /// Stops the run without a final event: streams following it are broken off.
    pub(crate) fn cut(&self) {
        let mut tasks = self.agent.lock();
        if let Some(entry) = tasks.map.get_mut(&self.task_id) {
            if entry.run == self.run && entry.running {
                entry.running = false;
                entry.log(Item::Cut);
            }
        }
    }

    /// Breaks off the streams following the run now, while the run goes on: later events
    /// reach the task (`tasks/get`) and streams that join later (`tasks/resubscribe`).
    pub(crate) fn cut_streams(&self) {
        let mut tasks = self.agent.lock();
        if let Some(entry) = tasks.map.get_mut(&self.task_id) {
            if entry.run == self.run && entry.running {
                entry.log(Item::Cut);
            }
        }
    }

    pub(crate) async fn pause(&self, ms: u64) {
        tokio::time::sleep(Duration::from_millis(ms)).await;
    }

    /// Asks for confirmation of `context` (the action's details) on behalf of the action
    /// sent with `key`: remembers it on the task and returns its id and expiry.
    pub(crate) fn ask(&self, key: Option<String>, context: &Value) -> (String, SystemTime) {
        let id = format!("confirm-{}-{}", self.n, self.actions);
        let expires = SystemTime::now() + self.agent.options.confirmation_ttl;
        let mut tasks = self.agent.lock();
        if let Some(entry) = tasks.map.get_mut(&self.task_id) {
            entry.pending = Some(Pending {
                id: id.clone(),
                key,
                expires,
                context: context.clone(),
            });
        }
        (id, expires)
    }

    /// The confirmation the task waits for, which an answer settles either way.
    pub(crate) fn take_pending(&self) -> Option<Pending> {
        let mut tasks = self.agent.lock();
        tasks.map.get_mut(&self.task_id)?.pending.take()
    }

    /// Books once per idempotency key: the reference of the booking `key` made, made now if
    /// it made none yet.
    pub(crate) fn book_once(&self, key: &str) -> String {
        let mut tasks = self.agent.lock();
        if let Some(e) = tasks.effects.iter().find(|e| e.key == key) {
            return e.reference.clone();
        }
        tasks.bookings += 1;
        let reference = format!("BK-{:04}", tasks.bookings);
        if tasks.effects.len() >= MAX_EFFECTS {
            tasks.effects.pop_front();
        }
        tasks.effects.push_back(Effect {
            key: key.to_string(),
            task_id: self.task_id.clone(),
            reference: reference.clone(),
        });
        reference
    }

    /// Remembers that this context created `surface_id`.
    pub(crate) fn remember_surface(&self, surface_id: &str) {
        let mut tasks = self.agent.lock();
        if tasks.surfaces.len() >= MAX_SURFACES {
            tasks.surfaces.pop_front();
        }
        tasks
            .surfaces
            .push_back((self.context_id.clone(), surface_id.to_string()));
    }

    /// The newest surface another context created.
    pub(crate) fn surface_of_other_context(&self) -> Option<String> {
        let tasks = self.agent.lock();
        tasks
            .surfaces
            .iter()
            .rev()
            .find(|(c, _)| *c != self.context_id)
            .map(|(_, s)| s.clone())
    }
}

/// A stream of events: optionally one given first, then a run's log from an index.
pub(crate) struct Events {
    agent: Arc<Agent>,
    first: Option<String>,
    follow: Option<(String, usize, watch::Receiver<u64>)>,
    finished: bool,
}

impl Events {
    /// The events as body chunks, each made by `frame`; a cut run ends in an error, which
    /// breaks the connection off without the chunked body's end.
    pub(crate) fn into_stream(
        self,
        frame: impl Fn(&str) -> Bytes + Send + 'static,
    ) -> impl Stream<Item = Result<Bytes, std::io::Error>> + Send {
        futures_util::stream::unfold((self, frame), |(mut ev, frame)| async move {
            if ev.finished {
                return None;
            }
            if let Some(first) = ev.first.take() {
                let chunk = frame(&first);
                return Some((Ok(chunk), (ev, frame)));
            }
            loop {
                let (task_id, from, rx) = ev.follow.as_mut()?;
                rx.borrow_and_update();
                let item = {
                    let tasks = ev.agent.lock();
                    tasks.map.get(task_id.as_str())?.log.get(*from).cloned()
                };
                match item {
                    Some(Item::Event(e)) => {
                        *from += 1;
                        let chunk = frame(&e);
                        return Some((Ok(chunk), (ev, frame)));
                    }
                    Some(Item::End) => return None,
                    Some(Item::Cut) => {
                        ev.finished = true;
                        let cut = std::io::Error::other("the fixture agent cut the stream");
                        return Some((Err(cut), (ev, frame)));
                    }
                    None => {
                        if rx.changed().await.is_err() {
                            return None;
                        }
                    }
                }
            }
        })
    }
}
