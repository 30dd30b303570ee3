//! The console's same-origin server.
//!
//! It serves the built console (`dist/`) with its Content-Security-Policy and the other
//! security headers as HTTP headers, and proxies `/agents/{name}/{rest}` to the agents the
//! operator named at start (`--agent NAME=URL`), and to nothing else. `GET /agents` lists
//! them. Server-sent events pass through chunk by chunk; request bodies, non-streaming
//! responses, time and concurrent streams are limited. See `docs/server.md`.
#![cfg(not(target_arch = "wasm32"))]

mod proxy;
mod statics;
mod target;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Router;
use serde_json::json;

pub use proxy::AGENT_CONTENT_SECURITY_POLICY;
pub use target::AgentTarget;

/// The console's Content-Security-Policy, the same as `Trunk.toml` sends (a test holds them
/// equal). `frame-ancestors` only works as a header, which is why the server exists.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self'; font-src 'self'; connect-src 'self'; manifest-src 'self'; media-src 'none'; object-src 'none'; frame-src 'none'; child-src 'none'; worker-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// Every header sent on every response (the console's files, the agent list, proxied agent
/// responses and errors alike): the headers `Trunk.toml` sends, plus
/// `Cross-Origin-Resource-Policy`, so no other origin can embed what is served here.
pub const SECURITY_HEADERS: [(&str, &str); 7] = [
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-frame-options", "DENY"),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("cross-origin-opener-policy", "same-origin"),
    (
        "permissions-policy",
        "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    ),
    ("cross-origin-resource-policy", "same-origin"),
];

/// What the server lets a page spend. Every one is a flag of the binary.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Bytes of a request body sent to an agent (413 past it).
    pub body_bytes: usize,
    /// Bytes of an agent's response that is not a stream (502 past it).
    pub response_bytes: usize,
    /// Time for a request that is not a stream, from sending it to the last byte of the
    /// response (504 past it); for a stream, the time until its response headers.
    pub request_timeout: Duration,
    /// Time to connect to an agent.
    pub connect_timeout: Duration,
    /// A stream is ended when the agent sends nothing for this long, or when the page does
    /// not take what was sent for this long; and any connection whose client takes nothing
    /// of a response for this long is closed (it would hold its place, and what it was
    /// sent, for ever).
    pub stream_idle: Duration,
    /// A stream is ended after this long in any case.
    pub stream_max: Duration,
    /// Streams open at once; past it, 429.
    pub max_streams: usize,
    /// Requests to agents that are not streams, at once; past it, 429. Each may hold a
    /// response of `response_bytes` until the page takes it.
    pub max_requests: usize,
    /// Connections open at once; past it, a new one is closed as soon as it is accepted.
    pub max_connections: usize,
    /// Time for a client to send a request's headers, and for a connection kept open to
    /// start its next request; past it, the connection is closed. A request's body is read
    /// within `request_timeout` (408 past it).
    pub header_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            body_bytes: 1024 * 1024,
            response_bytes: 8 * 1024 * 1024,
            request_timeout: Duration::from_secs(30),
            connect_timeout: Duration::from_secs(5),
            stream_idle: Duration::from_secs(60),
            stream_max: Duration::from_secs(3600),
            max_streams: 16,
            max_requests: 32,
            max_connections: 256,
            header_timeout: Duration::from_secs(10),
        }
    }
}

/// How the server is set up.
#[derive(Debug, Clone)]
pub struct Config {
    /// The built console.
    pub dist: PathBuf,
    /// The agents it may reach, by name.
    pub agents: Vec<AgentTarget>,
    pub limits: Limits,
    /// Host names (no port) the server answers to besides `localhost`, `127.0.0.1` and
    /// `[::1]`; any other `Host` header is refused (403), against DNS rebinding.
    pub allowed_hosts: Vec<String>,
}

impl Config {
    pub fn new(dist: impl Into<PathBuf>, agents: Vec<AgentTarget>) -> Self {
        Config {
            dist: dist.into(),
            agents,
            limits: Limits::default(),
            allowed_hosts: Vec::new(),
        }
    }
}

/// A mistake in the configuration.
#[derive(Debug)]
pub struct ConfigError(pub String);

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConfigError {}

pub(crate) struct Shared {
    config: Config,
    client: reqwest::Client,
    streams: Arc<tokio::sync::Semaphore>,
    requests: Arc<tokio::sync::Semaphore>,
    /// Request bodies being read, at once: as many as there are places for the requests
    /// and streams they are for. A body is read whole before it is known which of the two
    /// it is (the JSON-RPC method says), so without a bound of its own every connection
    /// could hold one (256 stalled bodies of 1 MiB held 405 MB, a red-team review).
    bodies: Arc<tokio::sync::Semaphore>,
}

/// The server's routes for `config`.
pub fn app(config: Config) -> Result<Router, ConfigError> {
    for (i, a) in config.agents.iter().enumerate() {
        if config.agents[..i].iter().any(|b| b.name == a.name) {
            return Err(ConfigError(format!(
                "the agent name {:?} is given twice",
                a.name
            )));
        }
    }
    // A limit of zero would refuse everything, or end every stream at once: a mistake.
    for (flag, d) in [
        ("--header-timeout", config.limits.header_timeout),
        ("--request-timeout", config.limits.request_timeout),
        ("--connect-timeout", config.limits.connect_timeout),
        ("--stream-idle-timeout", config.limits.stream_idle),
        ("--stream-max-duration", config.limits.stream_max),
    ] {
        if d.is_zero() {
            return Err(ConfigError(format!("{flag} must be at least 1")));
        }
    }
    for (flag, n) in [
        ("--max-body", config.limits.body_bytes),
        ("--max-response", config.limits.response_bytes),
    ] {
        if n == 0 {
            return Err(ConfigError(format!("{flag} must be at least 1")));
        }
    }
    for (flag, n) in [
        ("--max-streams", config.limits.max_streams),
        ("--max-requests", config.limits.max_requests),
        ("--max-connections", config.limits.max_connections),
    ] {
        if n == 0 {
            return Err(ConfigError(format!("{flag} must be at least 1")));
        }
    }
    let client = reqwest::Client::builder()
        // Only the configured URLs: no redirects followed, no proxy from the environment.
        .redirect(reqwest::redirect::Policy::none())
        .no_proxy()
        .referer(false)
        .connect_timeout(config.limits.connect_timeout)
        .build()
        .map_err(|e| ConfigError(format!("the HTTP client: {e}")))?;
    let streams = Arc::new(tokio::sync::Semaphore::new(config.limits.max_streams));
    let requests = Arc::new(tokio::sync::Semaphore::new(config.limits.max_requests));
    let bodies = Arc::new(tokio::sync::Semaphore::new(
        config
            .limits
            .max_requests
            .saturating_add(config.limits.max_streams),
    ));
    let shared = Arc::new(Shared {
        config,
        client,
        streams,
        requests,
        bodies,
    });
    Ok(Router::new().fallback(handle).with_state(shared))
}

/// Serves `config` on `listener` until the process ends: at most `max_connections` at
/// once, each closed when its headers take longer than `header_timeout` (HTTP/1.1 only).
pub async fn serve(listener: tokio::net::TcpListener, config: Config) -> std::io::Result<()> {
    let (max, header_timeout, write_stall) = (
        config.limits.max_connections,
        config.limits.header_timeout,
        config.limits.stream_idle,
    );
    let router = app(config).map_err(std::io::Error::other)?;
    let places = Arc::new(tokio::sync::Semaphore::new(max));
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of descriptors, or a connection reset before it was taken: the listener
            // is still good. A pause, so that a lasting error does not spin.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        // Past the limit the connection is closed at once: its client sees it end.
        let Ok(place) = Arc::clone(&places).try_acquire_owned() else {
            continue;
        };
        let service = hyper_util::service::TowerToHyperService::new(router.clone());
        tokio::spawn(async move {
            let _place = place;
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(header_timeout);
            // hyper has a timer for reading a request's headers, none for writing an
            // answer: a client that asked for the wasm or an agent's 8 MiB answer and never
            // read held its connection, and the answer's place, for ever (review). A write
            // that has waited `stream_idle` for the client now fails the connection.
            let mut timed = tokio_io_timeout::TimeoutStream::new(stream);
            timed.set_write_timeout(Some(write_stall));
            let io = hyper_util::rt::TokioIo::new(Box::pin(timed));
            // A connection's errors (a client gone, headers too slow) end it alone.
            let _ = http.serve_connection(io, service).await;
        });
    }
}

/// `http://ADDR/`, the URL printed for a bound address.
pub fn url_of(addr: SocketAddr) -> String {
    format!("http://{addr}/")
}

async fn handle(State(shared): State<Arc<Shared>>, req: Request) -> Response {
    let agents = req.uri().path().starts_with("/agents/");
    let mut response = route(&shared, req).await;
    let headers = response.headers_mut();
    for (name, value) in SECURITY_HEADERS {
        headers.insert(
            HeaderName::from_static(name),
            HeaderValue::from_static(value),
        );
    }
    if agents {
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(AGENT_CONTENT_SECURITY_POLICY),
        );
    }
    response
}

async fn route(shared: &Arc<Shared>, req: Request) -> Response {
    if !host_allowed(&shared.config, req.headers()) {
        return error(
            StatusCode::FORBIDDEN,
            "this server does not answer to that Host",
        );
    }
    let path = req.uri().path().to_string();
    if path == "/agents" || path == "/agents/" {
        if req.method() != Method::GET && req.method() != Method::HEAD {
            return method_not_allowed("GET, HEAD");
        }
        return list_agents(&shared.config);
    }
    if let Some(rest) = path.strip_prefix("/agents/") {
        let rest = rest.to_string();
        return proxy::proxy(shared, req, &rest).await;
    }
    statics::serve_file(&shared.config.dist, req).await
}

fn host_allowed(config: &Config, headers: &HeaderMap) -> bool {
    let Some(host) = headers.get(header::HOST).and_then(|h| h.to_str().ok()) else {
        return false;
    };
    // One Host, and no other: two could be read as the one or the other.
    if headers.get_all(header::HOST).iter().count() != 1 {
        return false;
    }
    // Host is `name`, `name:port`, `[v6]` or `[v6]:port`; anything after `]` but a port
    // (`[::1]@evil.example`) names no host of ours.
    // An empty port is a port (RFC 3986), if no browser sends one.
    let port = |p: &str| p.bytes().all(|b| b.is_ascii_digit());
    let name = if let Some(v6) = host.strip_prefix('[') {
        match v6.split_once(']') {
            Some((h, rest)) if rest.is_empty() || rest.strip_prefix(':').is_some_and(port) => h,
            _ => return false,
        }
    } else {
        match host.rsplit_once(':') {
            Some((h, p)) if port(p) => h,
            Some(_) => return false,
            None => host,
        }
    };
    let name = name.to_ascii_lowercase();
    ["localhost", "127.0.0.1", "::1"].contains(&name.as_str())
        || config.allowed_hosts.iter().any(|h| {
            h.trim_start_matches('[')
                .trim_end_matches(']')
                .eq_ignore_ascii_case(&name)
        })
}

fn list_agents(config: &Config) -> Response {
    let list: Vec<_> = config
        .agents
        .iter()
        .map(|a| {
            json!({
                "name": a.name,
                "cardUrl": format!("/agents/{}/.well-known/agent-card.json", a.name),
                "upstream": a.base.as_str(),
                "upstreamCardUrl": a.card_url(),
            })
        })
        .collect();
    json_response(StatusCode::OK, &json!(list))
}

pub(crate) fn json_response(status: StatusCode, value: &serde_json::Value) -> Response {
    let mut r = (status, Body::from(value.to_string())).into_response();
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

/// An error of the server's own: `{"error": "..."}`.
pub(crate) fn error(status: StatusCode, message: &str) -> Response {
    json_response(status, &json!({ "error": message }))
}

pub(crate) fn method_not_allowed(allow: &'static str) -> Response {
    let mut r = error(StatusCode::METHOD_NOT_ALLOWED, "method not allowed");
    r.headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static(allow));
    r
}
