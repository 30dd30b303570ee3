//! `/agents/{name}/{rest}`: a closed proxy to the configured agents.
//!
//! Only a configured base URL is ever reached, with `{rest}` appended as a path under it
//! (see [`crate::AgentTarget::join`]). Requests carry only an allow-list of headers (no
//! cookies, no credentials, no `Host` from the page); responses bring back only an
//! allow-list. Redirects are not followed. Streams pass through chunk by chunk.

use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use tokio::sync::OwnedSemaphorePermit;
use tokio::time::{timeout, Instant};

use crate::{error, method_not_allowed, Shared};

/// Request headers passed to an agent; every other header stays here.
const REQUEST_HEADERS: [&str; 5] = [
    "content-type",
    "accept",
    "a2a-extensions",
    "x-a2a-extensions",
    "a2a-version",
];

/// Response headers passed back from an agent; every other header (`Set-Cookie`,
/// `Location`, `WWW-Authenticate`, hop-by-hop headers, …) is dropped. `Content-Type` is
/// made anew ([`content_type`]).
const RESPONSE_HEADERS: [&str; 3] = ["a2a-extensions", "x-a2a-extensions", "a2a-version"];

/// The Content-Security-Policy of everything under `/agents/`: a document there has an
/// origin of its own and runs nothing, loads nothing and is framed by nothing. An agent's
/// answer is served from the console's origin, and under the console's policy (whose
/// `script-src 'self'` covers `/agents/`) a page of the agent's would be the console's.
pub const AGENT_CONTENT_SECURITY_POLICY: &str =
    "sandbox; default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The type an agent's answer is passed on as: JSON and event streams as themselves, and
/// anything else as bytes, so that no answer is ever read as a page, a script or a style
/// (with `X-Content-Type-Options: nosniff`). Only the first `Content-Type` counts; a
/// browser would read the last.
fn content_type(headers: &HeaderMap) -> &'static str {
    let media = media_type(headers);
    if media == "text/event-stream" {
        "text/event-stream"
    } else if is_json_type(&media) {
        "application/json"
    } else {
        "application/octet-stream"
    }
}

/// The media type of the first `Content-Type`, lower case, without parameters.
fn media_type(headers: &HeaderMap) -> String {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .map(|m| m.trim().to_ascii_lowercase())
        .unwrap_or_default()
}

fn is_json_type(media: &str) -> bool {
    media == "application/json" || (media.starts_with("application/") && media.ends_with("+json"))
}

/// JSON-RPC methods answered with a stream (A2A v0.3 and v1.0 names).
const STREAMING_METHODS: [&str; 4] = [
    "message/stream",
    "tasks/resubscribe",
    "SendStreamingMessage",
    "SubscribeToTask",
];

pub(crate) async fn proxy(shared: &Arc<Shared>, req: Request, after_agents: &str) -> Response {
    let (name, rest) = after_agents.split_once('/').unwrap_or((after_agents, ""));
    let Some(agent) = shared.config.agents.iter().find(|a| a.name == name) else {
        return error(StatusCode::NOT_FOUND, "no agent of that name is configured");
    };
    let url = match agent.join(rest, req.uri().query()) {
        Ok(u) => u,
        Err(why) => return error(StatusCode::BAD_REQUEST, &format!("path refused: {why}")),
    };
    let method = req.method().clone();
    if method != Method::GET && method != Method::POST {
        return method_not_allowed("GET, POST");
    }
    if let Some(refused) = cross_site(req.headers()) {
        return refused;
    }
    if method == Method::POST && !is_json(req.headers()) {
        return error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "requests to agents carry application/json",
        );
    }
    let limits = &shared.config.limits;
    let headers = req.headers().clone();
    let body = if method == Method::POST {
        // A place to read the body in, held until it is read: past them, 429.
        let Ok(_reading) = Arc::clone(&shared.bodies).try_acquire_owned() else {
            return too_many("requests sending a body are");
        };
        let read = read_body(req.into_body(), &headers, limits.body_bytes);
        match timeout(limits.request_timeout, read).await {
            Ok(Ok(b)) => b,
            Ok(Err(r)) => return r,
            Err(_) => {
                return error(
                    StatusCode::REQUEST_TIMEOUT,
                    "the request body did not arrive in time",
                )
            }
        }
    } else {
        Bytes::new()
    };
    // A request takes a place before the agent is asked, so past the limit nothing is
    // sent: a stream's place, or a request's. Its answer holds it until the page has taken
    // the answer (each may be `response_bytes` held for a page that does not read).
    let stream = wants_stream(&headers, &body);
    let (places, what) = match stream {
        true => (&shared.streams, "streams are"),
        false => (&shared.requests, "requests to agents are"),
    };
    let Ok(place) = Arc::clone(places).try_acquire_owned() else {
        return too_many(what);
    };
    let mut upstream = shared.client.request(method.clone(), url);
    for name in REQUEST_HEADERS {
        for value in headers.get_all(name) {
            upstream = upstream.header(name, value.clone());
        }
    }
    if method == Method::POST {
        upstream = upstream.body(body);
    }
    let started = Instant::now();
    let response = match timeout(limits.request_timeout, upstream.send()).await {
        Err(_) => {
            return error(
                StatusCode::GATEWAY_TIMEOUT,
                "the agent did not answer in time",
            )
        }
        Ok(Err(e)) if e.is_timeout() => {
            return error(
                StatusCode::GATEWAY_TIMEOUT,
                "the agent did not answer in time",
            )
        }
        Ok(Err(_)) => return error(StatusCode::BAD_GATEWAY, "the agent could not be reached"),
        Ok(Ok(r)) => r,
    };
    let status = response.status();
    if status.is_redirection() {
        return error(
            StatusCode::BAD_GATEWAY,
            "the agent answered with a redirect; redirects are not followed",
        );
    }
    // An answer is a success or an error: an informational status (`101 Switching
    // Protocols`) or one no standard has would be passed on as something else.
    if !(status.is_success() || status.is_client_error() || status.is_server_error()) {
        return error(
            StatusCode::BAD_GATEWAY,
            &format!("the agent answered with status {}", status.as_u16()),
        );
    }
    let mut out = HeaderMap::new();
    for name in RESPONSE_HEADERS {
        for value in response.headers().get_all(name) {
            out.append(HeaderName::from_static(name), value.clone());
        }
    }
    let kind = content_type(response.headers());
    out.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    // Streamed only when the page asked for a stream (and holds a stream's place): an
    // answer that calls itself a stream otherwise is read within `response_bytes`, as any
    // (and a stream asked for and answered otherwise keeps its stream's place for it).
    if stream && kind == "text/event-stream" {
        out.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        // Tells a reverse proxy in front of this one not to buffer either.
        out.insert("x-accel-buffering", HeaderValue::from_static("no"));
        let body = pump(response, place, limits.stream_idle, limits.stream_max);
        return (status, out, body).into_response();
    }
    let left = limits.request_timeout.saturating_sub(started.elapsed());
    match timeout(left, read_limited(response, limits.response_bytes)).await {
        Err(_) => error(
            StatusCode::GATEWAY_TIMEOUT,
            "the agent did not answer in time",
        ),
        Ok(Err(Upstream::TooLarge)) => error(
            StatusCode::BAD_GATEWAY,
            "the agent's response is larger than this server passes on",
        ),
        Ok(Err(Upstream::Broken)) => {
            error(StatusCode::BAD_GATEWAY, "the agent's response broke off")
        }
        Ok(Ok(bytes)) => {
            out.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
            // Sent as its length says, not in chunks: the body is a stream only to hold
            // its place.
            // No length on a 204, which has no content (RFC 9110, 8.6).
            if status != StatusCode::NO_CONTENT {
                out.insert(header::CONTENT_LENGTH, HeaderValue::from(bytes.len()));
            }
            (status, out, holding(bytes, place)).into_response()
        }
    }
}

/// `bytes` as a body that holds `place` until the connection asks for what comes after
/// them, which it does once it has taken them to write.
fn holding(bytes: Bytes, place: OwnedSemaphorePermit) -> Body {
    let parts = (Some(bytes), place);
    Body::from_stream(futures_util::stream::unfold(
        parts,
        |(bytes, place)| async move {
            let bytes = bytes?;
            Some((Ok::<_, std::io::Error>(bytes), (None, place)))
        },
    ))
}

fn too_many(what: &str) -> Response {
    let mut r = error(
        StatusCode::TOO_MANY_REQUESTS,
        &format!("too many {what} open; try again when one has ended"),
    );
    r.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    r
}

/// A request another site's page made: refused, so no page but the console's can drive
/// the agents through this server with the person's browser.
fn cross_site(headers: &HeaderMap) -> Option<Response> {
    let refuse = || {
        Some(error(
            StatusCode::FORBIDDEN,
            "requests to agents must come from this server's own pages",
        ))
    };
    if let Some(site) = headers.get("sec-fetch-site") {
        if !matches!(site.to_str(), Ok("same-origin" | "none")) {
            return refuse();
        }
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
        let same = match (origin.to_str(), host) {
            (Ok(o), Some(h)) => o == format!("http://{h}") || o == format!("https://{h}"),
            _ => false,
        };
        if !same {
            return refuse();
        }
    }
    None
}

fn is_json(headers: &HeaderMap) -> bool {
    is_json_type(&media_type(headers))
}

fn wants_stream(headers: &HeaderMap, body: &[u8]) -> bool {
    let accepts = headers
        .get_all(header::ACCEPT)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|v| v.to_ascii_lowercase().contains("text/event-stream"));
    // Only `method` is read: the rest of the body is skipped, never built into values.
    #[derive(serde::Deserialize)]
    struct Rpc {
        method: Option<String>,
    }
    // An object: a derived struct would also take an array's first element as `method`.
    let object = body.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{');
    accepts
        || object
            && serde_json::from_slice::<Rpc>(body).is_ok_and(|r| {
                r.method
                    .is_some_and(|m| STREAMING_METHODS.contains(&m.as_str()))
            })
}

/// The request body, at most `limit` bytes (413 past it, before or while reading).
async fn read_body(body: Body, headers: &HeaderMap, limit: usize) -> Result<Bytes, Response> {
    let too_large = || {
        error(
            StatusCode::PAYLOAD_TOO_LARGE,
            &format!("request bodies to agents are at most {limit} bytes"),
        )
    };
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit as u64) {
        return Err(too_large());
    }
    let mut stream = body.into_data_stream();
    // Room for what the request says it holds (within the limit), so that the buffer is not
    // grown, and held at up to twice its length, as it is read.
    let mut buf = Vec::with_capacity(declared.map_or(0, |n| n as usize));
    while let Some(chunk) = stream.next().await {
        let Ok(chunk) = chunk else {
            return Err(error(StatusCode::BAD_REQUEST, "the request body broke off"));
        };
        if buf.len() + chunk.len() > limit {
            return Err(too_large());
        }
        buf.extend_from_slice(&chunk);
    }
    Ok(Bytes::from(buf))
}

enum Upstream {
    TooLarge,
    Broken,
}

async fn read_limited(mut response: reqwest::Response, limit: usize) -> Result<Bytes, Upstream> {
    if response.content_length().is_some_and(|n| n > limit as u64) {
        return Err(Upstream::TooLarge);
    }
    let mut buf = Vec::new();
    loop {
        match response.chunk().await {
            Ok(Some(c)) => {
                if buf.len() + c.len() > limit {
                    return Err(Upstream::TooLarge);
                }
                buf.extend_from_slice(&c);
            }
            Ok(None) => return Ok(Bytes::from(buf)),
            Err(_) => return Err(Upstream::Broken),
        }
    }
}

/// Passes a stream on chunk by chunk, in its own task holding the stream's place. It ends
/// when the agent ends or breaks off (the page's response then ends cleanly), when the agent
/// is silent for `idle`, when the page does not take a chunk for `idle` or has gone, or
/// after `max`.
fn pump(
    mut response: reqwest::Response,
    permit: OwnedSemaphorePermit,
    idle: Duration,
    max: Duration,
) -> Body {
    let (tx, rx) = tokio::sync::mpsc::channel::<Bytes>(4);
    tokio::spawn(async move {
        let _permit = permit;
        let deadline = Instant::now() + max;
        loop {
            let wait = idle.min(deadline.saturating_duration_since(Instant::now()));
            // A page that has gone ends the stream now, not when the agent next sends:
            // until then it would hold a stream's place.
            let chunk = tokio::select! {
                got = timeout(wait, response.chunk()) => match got {
                    Ok(Ok(Some(c))) => c,
                    _ => break,
                },
                () = tx.closed() => break,
            };
            let wait = idle.min(deadline.saturating_duration_since(Instant::now()));
            if !matches!(timeout(wait, tx.send(chunk)).await, Ok(Ok(()))) {
                break;
            }
        }
    });
    Body::from_stream(futures_util::stream::unfold(rx, |mut rx| async move {
        rx.recv().await.map(|c| (Ok::<_, std::io::Error>(c), rx))
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stream_is_wanted_by_its_accept_header_or_its_method() {
        let none = HeaderMap::new();
        let mut accepts = HeaderMap::new();
        accepts.insert(header::ACCEPT, "text/event-stream".parse().unwrap());
        assert!(wants_stream(&accepts, b"{}"));
        assert!(wants_stream(
            &none,
            br#" {"jsonrpc":"2.0","method":"message/stream","params":{"a":[{"b":1}]}}"#
        ));
        assert!(!wants_stream(&none, br#"{"method":"message/send"}"#));
        // Only an object names a method: not an array, nor a method that is not a string.
        assert!(!wants_stream(&none, br#"["message/stream"]"#));
        assert!(!wants_stream(&none, br#"{"method":["message/stream"]}"#));
        assert!(!wants_stream(&none, b"not json"));
    }
}
