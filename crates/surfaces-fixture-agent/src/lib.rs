//! An A2A v0.3 agent for agent-surfaces' tests and demos.
//!
//! It serves its card at `/.well-known/agent-card.json` (A2UI v0.9 and UI links extensions)
//! and answers JSON-RPC 2.0 at `/`: `message/send`, `message/stream` (server-sent events),
//! `tasks/get`, `tasks/cancel` and `tasks/resubscribe`. What it answers is chosen at start
//! by a [`Scenario`]: a booking form, a long job, a slow or failing action, an agent update
//! of a field the person edited, and hostile modes (markup, update storms, oversize parts,
//! component cycles, surfaces of another context, a stream cut off midway).
//!
//! The booking scenario asks the person to confirm before it books (the confirmation
//! convention of `docs/actions.md`), and books once per idempotency key.
//!
//! Everything it holds is bounded: tasks, events per task, history, request bodies, the
//! idempotency keys remembered.
#![cfg(not(target_arch = "wasm32"))]

mod card;
mod clock;
mod scenario;
mod tasks;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde_json::{json, Value};

pub use scenario::{
    Scenario, CUT_ACTION_MS, OVERSIZE_BYTES, PROGRESS_STEPS, PROGRESS_STEP_MS, SLOW_ACTION_MS,
    STORM_UPDATES,
};
use tasks::{Agent, RpcError};

/// The A2UI v0.9 extension URI the card declares.
pub const A2UI_EXTENSION: &str = "https://a2ui.org/a2a-extension/a2ui/v0.9";
/// The UI links extension URI the card declares.
pub const UI_LINKS_EXTENSION: &str = "https://dev.agentmesh.ai/extensions/ui-links/v1";
/// The media type of the A2UI data parts it sends (`metadata.mimeType`).
pub const A2UI_MIME: &str = "application/json+a2ui";
/// The Basic Catalog, the only catalog its surfaces use.
pub const BASIC_CATALOG: &str = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";
/// The largest JSON-RPC request body it reads.
pub const BODY_LIMIT: usize = 2 * 1024 * 1024;

/// The media type of a confirmation request and of its answer (`docs/actions.md`).
pub const CONFIRMATION_MIME: &str = "application/vnd.agent-surfaces.confirmation+json";
/// The message metadata key an action's idempotency key travels under.
pub const ACTION_METADATA_KEY: &str = "agent-surfaces/action";
/// How long a confirmation the agent asks for stays open, unless told otherwise.
pub const CONFIRMATION_TTL: std::time::Duration = std::time::Duration::from_secs(300);

/// How the agent behaves beyond its scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// How long after asking a confirmation expires (`expiresAt`).
    pub confirmation_ttl: std::time::Duration,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            confirmation_ttl: CONFIRMATION_TTL,
        }
    }
}

/// The agent's routes. `url` is where it is reached (its card's JSON-RPC `url`).
pub fn router(scenario: Scenario, url: &str) -> Router {
    router_with(scenario, Options::default(), url)
}

/// [`router`], with options.
pub fn router_with(scenario: Scenario, options: Options, url: &str) -> Router {
    let agent = Arc::new(Agent::new(scenario, options, url.to_string()));
    Router::new()
        .route("/.well-known/agent-card.json", get(card_handler))
        .route("/", post(rpc_handler))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(agent)
}

/// Serves the agent on `listener` until the process ends. Its URL is
/// `http://{listener address}/`.
pub async fn serve(listener: tokio::net::TcpListener, scenario: Scenario) -> std::io::Result<()> {
    serve_with(listener, scenario, Options::default()).await
}

/// [`serve`], with options.
pub async fn serve_with(
    listener: tokio::net::TcpListener,
    scenario: Scenario,
    options: Options,
) -> std::io::Result<()> {
    let url = url_of(listener.local_addr()?);
    axum::serve(listener, router_with(scenario, options, &url)).await
}

/// Binds `127.0.0.1:0`, serves the agent in the background, and returns its URL (for tests).
pub async fn spawn(scenario: Scenario) -> std::io::Result<String> {
    spawn_with(scenario, Options::default()).await
}

/// [`spawn`], with options.
pub async fn spawn_with(scenario: Scenario, options: Options) -> std::io::Result<String> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let url = url_of(listener.local_addr()?);
    let app = router_with(scenario, options, &url);
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    Ok(url)
}

/// `http://ADDR/`, the agent's base URL for a bound address.
pub fn url_of(addr: SocketAddr) -> String {
    format!("http://{addr}/")
}

async fn card_handler(State(agent): State<Arc<Agent>>) -> Response {
    let body = serde_json::to_vec_pretty(&card::card(agent.scenario, &agent.url))
        .expect("a JSON value serialises");
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        body,
    )
        .into_response()
}

async fn rpc_handler(State(agent): State<Arc<Agent>>, headers: HeaderMap, body: Bytes) -> Response {
    let mut response = rpc(&agent, &body).await;
    // The extension is active when the client asked for it: say so, as the SDKs do.
    let asked = ["x-a2a-extensions", "a2a-extensions"].iter().any(|h| {
        headers
            .get_all(*h)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .any(|v| v.split(',').any(|u| u.trim() == A2UI_EXTENSION))
    });
    if asked {
        response
            .headers_mut()
            .insert("x-a2a-extensions", HeaderValue::from_static(A2UI_EXTENSION));
    }
    response
}

fn json_response(value: &Value) -> Response {
    (
        StatusCode::OK,
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        serde_json::to_vec(value).expect("a JSON value serialises"),
    )
        .into_response()
}

fn rpc_error(id: &Value, e: RpcError) -> Response {
    json_response(&json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": {"code": e.code, "message": e.message},
    }))
}

async fn rpc(agent: &Arc<Agent>, body: &[u8]) -> Response {
    let Ok(request) = serde_json::from_slice::<Value>(body) else {
        return rpc_error(&Value::Null, RpcError::new(-32700, "Invalid JSON payload"));
    };
    let id = match request.get("id") {
        Some(v @ (Value::String(_) | Value::Number(_) | Value::Null)) => v.clone(),
        _ => Value::Null,
    };
    let (Some("2.0"), Some(method)) = (
        request.get("jsonrpc").and_then(Value::as_str),
        request.get("method").and_then(Value::as_str),
    ) else {
        return rpc_error(
            &id,
            RpcError::new(-32600, "Request payload validation error"),
        );
    };
    let params = request.get("params").cloned().unwrap_or(Value::Null);
    let result = match method {
        "message/send" => agent.send(&params).await,
        "tasks/get" => agent.get(&params),
        "tasks/cancel" => agent.cancel(&params),
        "message/stream" | "tasks/resubscribe" => {
            let stream = if method == "message/stream" {
                agent.stream(&params)
            } else {
                agent.resubscribe(&params)
            };
            return match stream {
                Ok(events) => sse(&id, events),
                Err(e) => rpc_error(&id, e),
            };
        }
        _ => Err(RpcError::new(-32601, "Method not found")),
    };
    match result {
        Ok(value) => json_response(&json!({"jsonrpc": "2.0", "id": id, "result": value})),
        Err(e) => rpc_error(&id, e),
    }
}

/// A server-sent event stream of JSON-RPC responses, one `data:` line per event.
fn sse(id: &Value, events: tasks::Events) -> Response {
    let id = serde_json::to_string(id).expect("a JSON value serialises");
    let body = Body::from_stream(events.into_stream(move |event| {
        Bytes::from(format!(
            "data: {{\"jsonrpc\":\"2.0\",\"id\":{id},\"result\":{event}}}\n\n"
        ))
    }));
    (
        StatusCode::OK,
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/event-stream"),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        ],
        body,
    )
        .into_response()
}
