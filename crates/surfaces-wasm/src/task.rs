//! `A2aTask`: one conversation with an agent, for front ends that bring their own A2A client
//! (`@a2a-js/sdk`, or raw JSON-RPC). The client does the HTTP; this folds what it returns
//! into the task's turns and surfaces (the core's `TaskView`), and builds the messages to
//! send with the A2UI extension activated, an action's idempotency key and its lifecycle.
//!
//! The surfaces live in one store shared with `mountSurface` (the `store` getter): the
//! store is swapped into the task view for each fold, which is O(1), so the task view's
//! reader and the renderer see the same surfaces without a copy.

use std::cell::RefCell;
use std::rc::Rc;

use serde_json::{json, Value};
use surfaces_a2a as a2a;
use surfaces_a2a::{
    lifecycle::ActionState, sdk, Attempts, Decision, Endpoint, Outgoing, ProtocolVersion, Signal,
    TaskLimits, TaskView,
};
use surfaces_core::a2ui::{self, Limits};
use surfaces_core::{Code, Finding};
use wasm_bindgen::prelude::*;

use crate::{from_js, option_as, option_string, string_arg, to_js, SurfaceStore};

#[wasm_bindgen(typescript_custom_section)]
const TASK_TYPES: &'static str = r#"
export interface A2aTaskOptions extends SurfaceStoreOptions {
  /** The protocol version to speak when the card offers both (default: the card's choice). */
  protocolVersion?: "0.3" | "1.0";
}

/** How an outgoing message is shaped: `@a2a-js/sdk` 1.x's objects (the default), or the
 *  JSON of the protocol version the agent's card names, for raw JSON-RPC clients. */
export type MessageShape = "a2a-js" | "json";

export interface MessageOptions {
  /** Default: a fresh id. */
  messageId?: string;
  shape?: MessageShape;
}

/** A message to send, and the HTTP headers that activate the A2UI extension. With
 *  `@a2a-js/sdk`: `client.sendMessageStream({ message }, { serviceParameters })`. */
export interface OutgoingMessage {
  message: Record<string, unknown>;
  /** The extension URIs the message activates. */
  extensions: string[];
  /** `X-A2A-Extensions` (v0.3) or `A2A-Extensions` (v1.0), when an extension is activated. */
  serviceParameters: Record<string, string>;
  protocolVersion: "0.3" | "1.0";
}

export type ActionMessageResult =
  | ({ ok: true; idempotencyKey: string } & OutgoingMessage)
  | { ok: false; code: FindingCode; reason: string };

export type IngestResult = { read: true } | { read: false; finding: Finding };

/** A part of a turn or an artifact. The same object is in every later `view()`, frozen; a
 *  data part's `data` is shared too (not frozen, for the cost of walking it): read it, do
 *  not change it. */
export type TaskPart =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "interface"; readonly envelopes: number }
  | { readonly kind: "data"; readonly mediaType: string | null; readonly data: unknown }
  | { readonly kind: "file"; readonly name: string | null; readonly mediaType: string | null; readonly uri: string | null };

export interface TaskAttempt {
  surfaceId: string;
  componentId: string;
  idempotencyKey: string;
  sends: number;
  state: "pending" | "needs_confirmation" | "running" | "succeeded" | "rejected" | "failed" | "outcome_unknown";
  /** What the agent asks the person to confirm (its claim: show it as text), while asked. */
  confirmation: { confirmationId: string; summary: string; expiresAt: string } | null;
}

export interface TaskSnapshot {
  taskId: string | null;
  contextId: string | null;
  /** The A2A task state, kebab-case ("working", "input-required", …), or null before one. */
  state: string | null;
  /** Whether the last answer or stream has given its last event. */
  settled: boolean;
  /** Oldest first: the person's and the agent's messages. Agent text is text, never markup.
   *  The list is this view's; each turn is the same frozen object in every later view. */
  turns: { readonly role: "user" | "agent"; readonly messageId: string | null; readonly parts: readonly TaskPart[] }[];
  /** The list is this view's; each artifact is frozen, its parts shared with later views. */
  artifacts: { readonly artifactId: string; readonly name: string | null; readonly parts: readonly TaskPart[] }[];
  /** What could not be read or was ignored (codes `a2a-…`). */
  findings: Finding[];
  /** Each action sent, with its lifecycle state. */
  actions: TaskAttempt[];
  /** Invalid interface updates ignored (envelopes the surfaces refused). */
  ignored: number;
}

/** One conversation with an agent whose A2A client you bring. */
export class A2aTask {
  free(): void;
  /** `card`: the agent's card (object or JSON text). Throws when it cannot be read (not
   *  JSON, past 1 MiB or 32,768 JSON values, as `checkCard` says `card-too-large`) or names
   *  no A2A v0.3 or v1.0 JSON-RPC endpoint: there is then no agent to talk to. */
  constructor(card: object | string, options?: A2aTaskOptions);
  /** The surfaces, shared with whatever draws them (the UI build's renderer takes this
   *  store); redraw after `ingest`. */
  readonly store: SurfaceStore;
  readonly protocolVersion: "0.3" | "1.0";
  /** Folds what your client returned: a send's result (Message or Task), a stream event, a
   *  `getTask` answer — as `@a2a-js/sdk` 1.x gives them, or v0.3 / v1.0 JSON, as objects
   *  or as the JSON text your client read (a string: a stream event's `data`, a response
   *  body), which is read without being parsed in JavaScript first. Never throws on what
   *  the agent sent; it becomes a finding. */
  ingest(event: unknown): IngestResult;
  /** Call when an answer is read: a stream's end, or after ingesting a send's result. A
   *  Task snapshot settles actions only here, if it was the answer's last word (a stream's
   *  first event is the task as it was before the message). An action this answer carried
   *  that is still running (the stream ended before its last event, or while the task still
   *  works) has an unknown outcome (`outcome_unknown`): ingest the task read again
   *  (`getTask`) to learn it. */
  streamEnded(): void;
  /** The person's text, as a message to send on this conversation. */
  userMessage(text: string, options?: MessageOptions): OutgoingMessage;
  /** The message carrying `action` (what a Button's action handler, or `store.action`, gave) on the same
   *  task, with a fresh idempotency key; refused (`action-under-way`) while an action on this
   *  task is under way, this Button's or another's: the agent's events name no action, so
   *  what it says next must be about one. */
  actionMessage(action: ActionMessage, options?: MessageOptions): ActionMessageResult;
  /** The answer to the confirmation the Button's action waits for (docs/actions.md), as a
   *  message on the task that asked, or null when none is awaited. A confirm past
   *  `expiresAt` is refused here and becomes a cancel (`decision` says which is sent). */
  answerConfirmation(surfaceId: string, componentId: string, decision: "confirm" | "cancel", options?: MessageOptions): (OutgoingMessage & { decision: "confirm" | "cancel" }) | null;
  /** The A2UI `error` client messages (`client_to_server.json`) for envelopes the surfaces
   *  refused since the last report, as one message on this task, so the agent can correct
   *  itself; null when there is nothing new. At most 20 are reported per task. */
  reportRefusals(options?: MessageOptions): OutgoingMessage | null;
  view(): TaskSnapshot;
}
"#;

/// Refused envelopes reported to the agent per task, at most: enough for an agent to correct
/// itself, not a channel an agent's stream can make us flood.
const REFUSALS_REPORTED: usize = 20;

/// Bytes of one event handed to `ingest`, as JSON: what one stream event may hold.
const EVENT_BYTES: usize = 1_100_000;

fn fresh_id(prefix: &str) -> String {
    let r = (js_sys::Math::random() * 1e15) as u64;
    format!("{prefix}-{:x}-{r:x}", js_sys::Date::now() as u64)
}

#[wasm_bindgen(skip_typescript)]
pub struct A2aTask {
    view: TaskView,
    store: Rc<RefCell<a2ui::SurfaceStore>>,
    endpoint: Endpoint,
    attempts: Attempts,
    /// Refusals already reported to the agent (`reportRefusals`).
    reported: usize,
    /// A task snapshot read since the last send: a stream's first event is the task as it
    /// was before the message arrived, so the attempts learn from it only if nothing came
    /// after it (as the console does, from the exchange's last word).
    snapshot: Option<a2a::Event>,
    /// What `view` made of the turns and artifact parts, each made once.
    made: RefCell<Made>,
    /// The idempotency keys of the messages whose answer is being read (sent since the
    /// last `streamEnded`): what the events ingested meanwhile are about. The events carry
    /// no key, so one action at a time is under way on a task (`actionMessage`), and an
    /// event never moves another attempt.
    answering: Vec<String>,
}

impl A2aTask {
    /// Runs `f` on the task view with the shared store swapped in.
    fn with_view<R>(&mut self, f: impl FnOnce(&mut TaskView) -> R) -> R {
        let mut store = self.store.borrow_mut();
        std::mem::swap(&mut self.view.surfaces, &mut *store);
        let r = f(&mut self.view);
        std::mem::swap(&mut self.view.surfaces, &mut *store);
        r
    }

    fn outgoing(&self, out: &Outgoing, options: &MessageOptions) -> Value {
        let message = if options.json {
            sdk::to_json_message(self.endpoint.version, out)
        } else {
            sdk::to_sdk_message(out)
        };
        json!({
            "message": message,
            "extensions": out.extensions,
            "serviceParameters": sdk::extension_headers(self.endpoint.version, out),
            "protocolVersion": self.endpoint.version,
        })
    }

    /// What is read until the next `streamEnded` is about the action of key `k` too.
    fn follow(&mut self, k: String) {
        if !self.answering.contains(&k) {
            self.answering.push(k);
        }
    }

    /// Records the message as sent (the person's turn; an answer is awaited) and shapes it.
    fn finish(
        &mut self,
        out: Outgoing,
        options: &MessageOptions,
        key: Option<String>,
    ) -> Result<JsValue, JsError> {
        let mut v = self.outgoing(&out, options);
        self.view.sent(&out);
        self.snapshot = None;
        // An action's message, or the answer to its confirmation: its answer is about it.
        let carried = out
            .metadata
            .get(a2a::lifecycle::ACTION_METADATA_KEY)
            .and_then(|m| m["idempotencyKey"].as_str());
        if let Some(k) = carried {
            self.follow(k.to_string());
        }
        if let Some(k) = key {
            v["ok"] = json!(true);
            v["idempotencyKey"] = json!(k);
        }
        to_js(&v)
    }
}

/// A message method's options, read and checked before the method changes anything: a bad
/// option is a usage error that leaves the task as it was (no attempt begun, no refusal
/// counted as reported, no answer recorded).
struct MessageOptions {
    id: String,
    /// `shape: "json"`: the version's JSON rather than `@a2a-js/sdk`'s objects.
    json: bool,
}

impl MessageOptions {
    fn read(options: &Option<js_sys::Object>) -> Result<MessageOptions, JsError> {
        let id = option_as(
            options,
            "messageId",
            |v| v.as_string().filter(|s| !s.is_empty()),
            "a non-empty string",
        )?
        .unwrap_or_else(|| fresh_id("msg"));
        let json = match option_string(options, "shape")?.as_deref() {
            None | Some("a2a-js") => false,
            Some("json") => true,
            Some(other) => {
                return Err(JsError::new(&format!(
                    "shape must be \"a2a-js\" or \"json\", not {other:?}"
                )))
            }
        };
        Ok(MessageOptions { id, json })
    }
}

#[wasm_bindgen]
impl A2aTask {
    #[wasm_bindgen(constructor)]
    pub fn new(card: JsValue, options: Option<js_sys::Object>) -> Result<A2aTask, JsError> {
        crate::host_url();
        let card = crate::card::card_value(&card, "A2aTask")?.map_err(|f| {
            JsError::new(&format!("A2aTask: the card cannot be read: {}", f.message))
        })?;
        let prefer = match option_string(&options, "protocolVersion")?.as_deref() {
            None => None,
            Some("0.3") => Some(ProtocolVersion::V0_3),
            Some("1.0") => Some(ProtocolVersion::V1_0),
            Some(other) => {
                return Err(JsError::new(&format!(
                    "A2aTask: protocolVersion must be \"0.3\" or \"1.0\", not {other:?}"
                )))
            }
        };
        let endpoint = a2a::endpoint(&card, prefer)
            .map_err(|f: Finding| JsError::new(&format!("A2aTask: {}: {}", f.code, f.message)))?;
        // The store is made exactly as `new SurfaceStore(options)` makes it.
        let store = SurfaceStore::new(options)?;
        let advertised = a2ui::card_advertises_a2ui(&card);
        let limits: Limits = store.inner.borrow().limits.clone();
        Ok(A2aTask {
            view: TaskView::new(advertised, limits, TaskLimits::default()),
            store: store.inner,
            endpoint,
            attempts: Attempts::default(),
            snapshot: None,
            reported: 0,
            made: RefCell::default(),
            answering: Vec::new(),
        })
    }

    #[wasm_bindgen(getter)]
    pub fn store(&self) -> SurfaceStore {
        SurfaceStore::sharing(self.store.clone())
    }

    #[wasm_bindgen(getter, js_name = protocolVersion)]
    pub fn protocol_version(&self) -> String {
        self.endpoint.version.as_str().to_string()
    }

    pub fn ingest(&mut self, event: JsValue) -> Result<JsValue, JsError> {
        // A string is the event's JSON as the client read it (a stream event's `data`, a
        // response body), read as it is: no `JSON.parse` and `JSON.stringify` in between.
        // Past the limit in UTF-16 units it is past it in UTF-8 bytes, so it is refused
        // before it is copied. Anything else is read as the text `JSON.stringify` makes.
        // An object is held to the same limit as the text `JSON.stringify` makes of it,
        // before that text is copied either.
        let stringified;
        let s = match event.dyn_ref::<js_sys::JsString>() {
            Some(s) => s,
            None => {
                stringified = crate::json_string(&event, "ingest: the event")?;
                &stringified
            }
        };
        let text = match s.length() as usize {
            units if units > EVENT_BYTES => Err(format!(
                "An event of at least {units} bytes; the limit is {EVENT_BYTES}."
            )),
            // Within it in units, text may still be past it in bytes (up to three a unit).
            units => Ok(crate::string_text(s, units as u32)
                .ok_or_else(|| JsError::new("ingest: the event cannot be read as text"))?),
        }
        .and_then(|text| {
            if text.len() > EVENT_BYTES {
                Err(format!(
                    "An event of {} bytes; the limit is {EVENT_BYTES}.",
                    text.len()
                ))
            } else {
                Ok(text)
            }
        });
        let read = match text {
            Ok(text) => sdk::read(&text),
            Err(said) => Err(Finding::new(Code::A2aStreamEventTooLarge, "", said)),
        };
        let result = match read {
            Ok(e) => {
                // An event about another task says nothing about this one's actions.
                if !self.view.names_other_task(&e) {
                    if matches!(e, a2a::Event::Task { .. }) {
                        // The task read again: what it says of actions of unknown outcome.
                        // One it finds under way is followed as an answer's action is (a
                        // resubscribed stream, the next read), and of unknown outcome again
                        // if the reading ends before the task's last word.
                        let keys = a2a::saved::keys_answered(&e);
                        for k in self.attempts.on_task_read(&e, &keys) {
                            self.follow(k);
                        }
                        self.snapshot = Some(e.clone());
                    } else {
                        self.snapshot = None;
                        self.attempts.on_answer(&e, &self.answering);
                    }
                }
                self.with_view(|view| view.apply(e));
                json!({"read": true})
            }
            Err(f) => {
                let v = json!({"read": false, "finding": f});
                self.view.finding(f);
                v
            }
        };
        to_js(&result)
    }

    #[wasm_bindgen(js_name = streamEnded)]
    pub fn stream_ended(&mut self) {
        if let Some(e) = self.snapshot.take() {
            self.attempts.on_answer(&e, &self.answering);
        }
        // An action still running when its answer is over (broken off, ended before the
        // task's last word, or while the task still works) may or may not have been done.
        self.attempts
            .answer_ended(&std::mem::take(&mut self.answering));
        self.view.stream_ended();
    }

    #[wasm_bindgen(js_name = userMessage)]
    pub fn user_message(
        &mut self,
        text: JsValue,
        options: Option<js_sys::Object>,
    ) -> Result<JsValue, JsError> {
        let text = string_arg(&text, "userMessage: the text")?;
        let options = MessageOptions::read(&options)?;
        let model = self.store.borrow().client_data_model();
        let out = a2a::a2ui_message(
            &self.endpoint,
            &options.id,
            Some(&text),
            vec![],
            &self.view,
            model,
        );
        self.finish(out, &options, None)
    }

    #[wasm_bindgen(js_name = actionMessage)]
    pub fn action_message(
        &mut self,
        action: JsValue,
        options: Option<js_sys::Object>,
    ) -> Result<JsValue, JsError> {
        let action = from_js(&action, "actionMessage: the action")?;
        let field = |k: &str| {
            action
                .get("action")
                .and_then(|a| a.get(k))
                .and_then(Value::as_str)
                .map(str::to_string)
        };
        let (Some(surface), Some(component)) = (field("surfaceId"), field("sourceComponentId"))
        else {
            return Err(JsError::new(
                "actionMessage: pass the action message an onAction handler (or store.action) gave",
            ));
        };
        let options = MessageOptions::read(&options)?;
        let key = fresh_id("act");
        // One action at a time on a task: the agent's events name no action, so what it
        // says next (a question to confirm, the task's end) must be about one.
        if let Some(busy) = self.attempts.under_way() {
            let reason = if busy.surface_id == surface && busy.component_id == component {
                format!("An action of this Button is {}.", state_words(busy.state))
            } else {
                format!(
                    "Another action on this task (Button \"{}\") is {}: one is sent at a time, so that what the agent says next is about one.",
                    busy.component_id,
                    state_words(busy.state)
                )
            };
            return to_js(&json!({
                "ok": false,
                "code": Code::ActionUnderWay,
                "reason": reason,
            }));
        }
        let attempt = self
            .attempts
            .begin(&surface, &component, &key)
            .map_err(|_| JsError::new("actionMessage: the Button is busy"))?;
        let _ = attempt.on(Signal::Sent);
        let metadata = attempt.metadata();
        let model = self.store.borrow().client_data_model();
        let mut out = a2a::a2ui_message(
            &self.endpoint,
            &options.id,
            None,
            vec![action],
            &self.view,
            model,
        );
        out.metadata
            .insert(a2a::lifecycle::ACTION_METADATA_KEY.into(), metadata);
        self.finish(out, &options, Some(key))
    }

    /// The person's answer to the confirmation the Button's action waits for, as a message on
    /// the task that asked; `null` when none is awaited. A confirm at or after the request's
    /// `expiresAt` is refused here and a cancel is built instead.
    #[wasm_bindgen(js_name = answerConfirmation)]
    pub fn answer_confirmation(
        &mut self,
        surface_id: JsValue,
        component_id: JsValue,
        decision: JsValue,
        options: Option<js_sys::Object>,
    ) -> Result<JsValue, JsError> {
        let surface_id = string_arg(&surface_id, "answerConfirmation: surfaceId")?;
        let component_id = string_arg(&component_id, "answerConfirmation: componentId")?;
        let decision = string_arg(&decision, "answerConfirmation: decision")?;
        let decision = match decision.as_str() {
            "confirm" => Decision::Confirm,
            "cancel" => Decision::Cancel,
            other => {
                return Err(JsError::new(&format!(
                    "answerConfirmation: decision must be \"confirm\" or \"cancel\", not {other:?}"
                )))
            }
        };
        let options = MessageOptions::read(&options)?;
        let Some(attempt) = self.attempts.latest_mut(&surface_id, &component_id) else {
            return Ok(JsValue::NULL);
        };
        // Answered on a copy, kept only once the message can be built: an answer that is
        // not sent leaves the attempt as it was.
        let mut answered = attempt.clone();
        let Ok(answer) = answered.answer(decision, js_sys::Date::now()) else {
            return Ok(JsValue::NULL);
        };
        let Some(out) = a2a::confirmation_message(&self.endpoint, &options.id, &answer, &self.view)
        else {
            return Ok(JsValue::NULL);
        };
        *attempt = answered;
        let sent = match answer.decision {
            Decision::Confirm => "confirm",
            Decision::Cancel => "cancel",
        };
        let v = self.finish(out, &options, None)?;
        js_sys::Reflect::set(&v, &"decision".into(), &sent.into())
            .map_err(|_| JsError::new("answerConfirmation: the result"))?;
        Ok(v)
    }

    /// The A2UI `error` client messages for envelopes refused since the last report, as one
    /// message to the agent on this task; `null` when there is nothing new, or when this task
    /// has reported its share (20).
    #[wasm_bindgen(js_name = reportRefusals)]
    pub fn report_refusals(&mut self, options: Option<js_sys::Object>) -> Result<JsValue, JsError> {
        let options = MessageOptions::read(&options)?;
        let errors: Vec<Value> = self
            .with_view(|view| view.refusals_for_agent(REFUSALS_REPORTED))
            .into_iter()
            .skip(self.reported)
            .collect();
        if errors.is_empty() {
            return Ok(JsValue::NULL);
        }
        self.reported += errors.len();
        let out = a2a::a2ui_message(&self.endpoint, &options.id, None, errors, &self.view, None);
        self.finish(out, &options, None)
    }

    pub fn view(&self) -> Result<JsValue, JsError> {
        let v = &self.view;
        let store = self.store.borrow();
        let ignored = store.stats().ignored;
        let actions: Vec<Value> = self
            .attempts
            .list
            .iter()
            .map(|a| {
                json!({
                    "surfaceId": a.surface_id,
                    "componentId": a.component_id,
                    "idempotencyKey": a.idempotency_key,
                    "sends": a.sends,
                    "state": a.state,
                    "confirmation": a.confirmation.as_ref().map(|c| json!({
                        "confirmationId": c.confirmation_id,
                        "summary": c.summary,
                        "expiresAt": c.expires_at,
                    })),
                })
            })
            .collect();
        let mut findings = v.reported_findings();
        findings.extend(
            self.attempts
                .list
                .iter()
                .flat_map(|a| a.findings.iter().cloned()),
        );
        // The turns and artifacts' parts are the objects made for earlier views ([`Made`]);
        // the rest, small, is made anew. Its keys come in the order of the fields here.
        #[derive(serde::Serialize)]
        #[serde(rename_all = "camelCase")]
        struct View<'v> {
            task_id: &'v Option<String>,
            context_id: &'v Option<String>,
            state: &'v Option<a2a::TaskState>,
            settled: bool,
            findings: Vec<Finding>,
            actions: Vec<Value>,
            ignored: usize,
        }
        let out = to_js(&View {
            task_id: &v.task_id,
            context_id: &v.context_id,
            state: &v.state,
            settled: v.settled,
            findings,
            actions,
            ignored,
        })?;
        let mut made = self.made.borrow_mut();
        made.update(v)?;
        let set = |k: &str, value: &JsValue| {
            js_sys::Reflect::set(&out, &k.into(), value).map_err(|_| JsError::new("view"))
        };
        set("turns", &made.turns().into())?;
        set("artifacts", &made.artifacts(v)?.into())?;
        Ok(out)
    }
}

/// What [`A2aTask::view`] made of the turns and the artifacts' parts, as JavaScript objects
/// frozen to the part ([`frozen`]), kept so that each is made once: turns never change once
/// pushed (the oldest are dropped) and an artifact's parts are only ever appended. Made anew
/// at each call, a view
/// rebuilt every kept data part into values, wrote it as JSON and parsed it: up to 4 MiB of
/// data each call, so a page that redraws after each event did work that grew with the
/// square of the events (81 ms a view after 400 events of 10 KB, a red-team review). Now a
/// call makes what is new, and the rest is as many references as there are turns and parts.
#[derive(Default)]
struct Made {
    /// The number (counted from the conversation's first turn) of `turns[0]`.
    first: usize,
    turns: Vec<JsValue>,
    /// Each artifact's parts, in the task's order of artifacts.
    parts: Vec<Vec<JsValue>>,
}

impl Made {
    /// Brings what is made up to the task's turns and artifacts.
    fn update(&mut self, v: &TaskView) -> Result<(), JsError> {
        let dropped = v.turns_dropped();
        let gone = dropped.saturating_sub(self.first).min(self.turns.len());
        self.turns.drain(..gone);
        self.first += gone;
        if self.turns.is_empty() || self.first > dropped || self.turns.len() > v.turns.len() {
            self.turns.clear();
            self.first = dropped;
        }
        self.turns.extend(frozen(&v.turns[self.turns.len()..], 3)?);
        self.parts.truncate(v.artifacts.len());
        for (i, a) in v.artifacts.iter().enumerate() {
            if i == self.parts.len() {
                self.parts.push(Vec::new());
            }
            let made = &mut self.parts[i];
            if made.len() > a.parts.len() {
                made.clear();
            }
            made.extend(frozen(&a.parts[made.len()..], 1)?);
        }
        Ok(())
    }

    fn turns(&self) -> js_sys::Array {
        self.turns.iter().collect()
    }

    /// The artifacts, each a fresh object around its parts made.
    fn artifacts(&self, v: &TaskView) -> Result<js_sys::Array, JsError> {
        let out = js_sys::Array::new();
        for (a, parts) in v.artifacts.iter().zip(&self.parts) {
            let o = to_js(&json!({"artifactId": a.artifact_id, "name": a.name}))?;
            let parts: js_sys::Array = parts.iter().collect();
            js_sys::Reflect::set(&o, &"parts".into(), &parts)
                .map_err(|_| JsError::new("view: an artifact"))?;
            out.push(&js_sys::Object::freeze(&o.into()));
        }
        Ok(out)
    }
}

/// `items` as JavaScript objects handed out by every later view, each frozen down to
/// `depth` levels: a turn, its list of parts and each part (depth 3), or an artifact's part
/// (1). Made in one `JSON.parse` for all the new ones (one each took 40 ms for the first
/// view of 64 artifacts of 256 parts), of the data as the agent sent it
/// ([`a2a::json_with_data_as_sent`]). A part's data is shared as it is, not walked: frozen
/// member by member, each a call out of wasm, data nested 127 deep at the kept bound (2.1
/// million arrays) took 1.4 s to freeze where making it took 0.4 (a red-team review). The
/// types say it is read-only.
fn frozen<T: serde::Serialize>(items: &[T], depth: usize) -> Result<Vec<JsValue>, JsError> {
    if items.is_empty() {
        return Ok(Vec::new());
    }
    let text = a2a::json_with_data_as_sent(items).map_err(|e| JsError::new(&e.to_string()))?;
    let parsed = js_sys::JSON::parse(&text)
        .map_err(|_| JsError::new("a view could not be handed to JavaScript"))?;
    let made: Vec<JsValue> = js_sys::Array::from(&parsed).iter().collect();
    let mut level = made.clone();
    for left in (0..depth).rev() {
        let mut next = Vec::new();
        for v in &level {
            if let Some(o) = v.dyn_ref::<js_sys::Object>() {
                js_sys::Object::freeze(o);
                if left == 0 {
                    continue;
                }
                if let Some(parts) = js_sys::Reflect::get(o, &"parts".into())
                    .ok()
                    .filter(js_sys::Array::is_array)
                {
                    next.push(parts);
                } else if let Some(list) = v.dyn_ref::<js_sys::Array>() {
                    next.extend(list.iter());
                }
            }
        }
        level = next;
    }
    Ok(made)
}

fn state_words(s: ActionState) -> &'static str {
    match s {
        ActionState::Pending => "pending",
        ActionState::NeedsConfirmation => "waiting for a confirmation",
        ActionState::Running => "running",
        _ => "finished",
    }
}
