//! A small A2A v0.3 client for the tests, and the fold of what it receives into a
//! `SurfaceStore`, as a console would do it.
#![allow(dead_code)]

use std::collections::BTreeSet;
use std::time::Duration;

use serde_json::{json, Value};
use surfaces_core::a2ui::{ApplyContext, PartOutcome, SurfaceStore};

/// Every test gives up after this long.
pub const TEST_TIME: Duration = Duration::from_secs(30);

pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .no_proxy()
        .timeout(Duration::from_secs(20))
        .build()
        .unwrap()
}

pub fn user_text(text: &str, task: Option<&str>, context: Option<&str>) -> Value {
    let mut m = json!({
        "kind": "message", "role": "user", "messageId": format!("u-{}", rand_id()),
        "parts": [{"kind": "text", "text": text}],
    });
    if let Some(t) = task {
        m["taskId"] = json!(t);
    }
    if let Some(c) = context {
        m["contextId"] = json!(c);
    }
    m
}

/// A user message carrying an A2UI action (as built by `SurfaceStore::action`).
pub fn user_action(action: Value, task: Option<&str>, context: Option<&str>) -> Value {
    let mut m = user_text("", task, context);
    m["parts"] = json!([{
        "kind": "data", "data": action,
        "metadata": {"mimeType": "application/json+a2ui"},
    }]);
    m
}

fn rand_id() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(1);
    N.fetch_add(1, Ordering::Relaxed)
}

pub async fn rpc(url: &str, method: &str, params: Value) -> Value {
    let body = json!({"jsonrpc": "2.0", "id": 7, "method": method, "params": params});
    let r = client()
        .post(url)
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    serde_json::from_slice(&r.bytes().await.unwrap()).unwrap()
}

/// A stream's results in order, and whether it ended cleanly (not broken off).
pub struct Streamed {
    pub results: Vec<Value>,
    pub clean_end: bool,
    pub content_type: String,
}

/// Reads server-sent events of JSON-RPC responses from a response, event by event.
pub async fn read_events(mut r: reqwest::Response) -> Streamed {
    let content_type = r
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let mut buf = Vec::new();
    let mut results = Vec::new();
    let clean_end = loop {
        match r.chunk().await {
            Ok(Some(c)) => {
                buf.extend_from_slice(&c);
                results.extend(take_events(&mut buf));
            }
            Ok(None) => break true,
            Err(_) => break false,
        }
    };
    Streamed {
        results,
        clean_end,
        content_type,
    }
}

/// Takes the complete events out of `buf`: each `data:` line's JSON-RPC `result`.
pub fn take_events(buf: &mut Vec<u8>) -> Vec<Value> {
    let mut out = Vec::new();
    while let Some(end) = buf.windows(2).position(|w| w == b"\n\n") {
        let event: Vec<u8> = buf.drain(..end + 2).collect();
        let text = String::from_utf8(event).unwrap();
        for line in text.lines() {
            if let Some(data) = line.strip_prefix("data: ") {
                let v: Value = serde_json::from_str(data).unwrap();
                assert_eq!(v["jsonrpc"], "2.0");
                out.push(v["result"].clone());
            }
        }
    }
    out
}

pub async fn stream(url: &str, method: &str, params: Value) -> Streamed {
    let body = json!({"jsonrpc": "2.0", "id": "s", "method": method, "params": params});
    let r = client()
        .post(url)
        .header("content-type", "application/json")
        .header("accept", "text/event-stream")
        .body(body.to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    read_events(r).await
}

/// A console's view of one agent: every A2UI part of every message and artifact, folded
/// once, with the context of the task it came in.
#[derive(Default)]
pub struct Fold {
    pub store: SurfaceStore,
    pub seen_messages: BTreeSet<String>,
    pub seen_artifacts: BTreeSet<(String, String)>,
    pub a2ui_parts: usize,
    /// A clock for the rate limit, when set: every envelope arrives at this time.
    pub now_ms: Option<f64>,
}

impl Fold {
    fn parts(&mut self, parts: &Value, context: &Value) {
        let ctx = ApplyContext {
            context_id: context.as_str().map(str::to_string),
            now_ms: self.now_ms,
        };
        for p in parts.as_array().into_iter().flatten() {
            if let PartOutcome::A2ui(_) = self.store.apply_part(p.clone(), true, &ctx) {
                self.a2ui_parts += 1;
            }
        }
    }

    fn message(&mut self, m: &Value) {
        if m["role"] != "agent" {
            return;
        }
        let id = m["messageId"].as_str().unwrap().to_string();
        if self.seen_messages.insert(id) {
            self.parts(&m["parts"], &m["contextId"]);
        }
    }

    fn artifact(&mut self, task: &Value, a: &Value, context: &Value) {
        let key = (
            task.as_str().unwrap_or_default().to_string(),
            a["artifactId"].as_str().unwrap().to_string(),
        );
        if self.seen_artifacts.insert(key) {
            self.parts(&a["parts"], context);
        }
    }

    /// Folds one result: a Message, a Task, or a status or artifact update.
    pub fn result(&mut self, r: &Value) {
        match r["kind"].as_str().unwrap() {
            "message" => self.message(r),
            "task" => {
                for m in r["history"].as_array().into_iter().flatten() {
                    self.message(m);
                }
                if let Some(m) = r.pointer("/status/message") {
                    self.message(m);
                }
                for a in r["artifacts"].as_array().into_iter().flatten() {
                    self.artifact(&r["id"], a, &r["contextId"]);
                }
            }
            "status-update" => {
                if let Some(m) = r.pointer("/status/message") {
                    self.message(m);
                }
            }
            "artifact-update" => self.artifact(&r["taskId"], &r["artifact"], &r["contextId"]),
            other => panic!("unexpected result kind {other}"),
        }
    }

    pub fn ignored_codes(&self) -> Vec<String> {
        self.store
            .findings()
            .iter()
            .filter(|f| f.severity == surfaces_core::Severity::Error)
            .map(|f| f.code.to_string())
            .collect()
    }

    pub fn surface(&self, id: &str) -> Option<surfaces_core::a2ui::SurfaceReport> {
        self.store
            .report()
            .surfaces
            .into_iter()
            .find(|s| s.surface_id == id)
    }
}
