//! The server over loopback: its headers, the agent list, the closed proxy (with the
//! fixture agent and with recording upstreams), streaming, and every limit.
#![cfg(not(target_arch = "wasm32"))]

mod support;

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use support::*;
use surfaces_fixture_agent::Scenario;
use surfaces_server::{
    Config, Limits, AGENT_CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY, SECURITY_HEADERS,
};

/// The `[serve.headers]` of Trunk.toml, as (lowercased name, value).
fn trunk_headers() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../Trunk.toml"))
        .expect("Trunk.toml");
    let mut out = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line == "[serve.headers]";
            continue;
        }
        if !inside || line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (k, v) = line.split_once(" = ").expect("a header line");
        out.push((
            k.trim_matches('"').to_ascii_lowercase(),
            v.trim_matches('"').to_string(),
        ));
    }
    assert!(out.len() >= 5, "Trunk.toml's headers were not found");
    out
}

fn message(text: &str) -> Value {
    json!({"kind": "message", "role": "user", "messageId": "m-1",
           "parts": [{"kind": "text", "text": text}]})
}

fn rpc_body(method: &str, params: Value) -> String {
    json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}).to_string()
}

async fn fixture_server(scenario: Scenario, limits: Limits) -> (String, String) {
    let agent_url = surfaces_fixture_agent::spawn(scenario).await.unwrap();
    let mut config = Config::new(dist(), vec![agent("fixture", &agent_url)]);
    config.limits = limits;
    (server(config).await, agent_url)
}

fn post_stream(server: &str, path: &str, body: String) -> reqwest::RequestBuilder {
    client()
        .post(format!("{server}{path}"))
        .header("content-type", "application/json")
        .header("accept", "text/event-stream")
        .body(body)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn security_headers_are_http_headers_on_the_console_and_its_assets() {
    bounded(async {
        let s = server(Config::new(dist(), vec![])).await;
        // The constant is Trunk.toml's policy, and every header Trunk sends is sent here.
        let trunk = trunk_headers();
        assert!(trunk.contains(&(
            "content-security-policy".into(),
            CONTENT_SECURITY_POLICY.to_string()
        )));
        for (name, value) in &trunk {
            assert!(
                SECURITY_HEADERS.contains(&(name.as_str(), value.as_str())),
                "{name}: {value} is not sent"
            );
        }
        for (path, status, content_type) in [
            ("", 200, "text/html; charset=utf-8"),
            ("index.html", 200, "text/html; charset=utf-8"),
            ("boot.js", 200, "text/javascript; charset=utf-8"),
            ("web_bg.wasm", 200, "application/wasm"),
            ("style.css", 200, "text/css; charset=utf-8"),
            ("snippets/a.js", 200, "text/javascript; charset=utf-8"),
            ("missing.js", 404, "application/json"),
            ("agents", 200, "application/json"),
        ] {
            let r = client().get(format!("{s}{path}")).send().await.unwrap();
            assert_eq!(r.status(), status, "/{path}");
            let h = r.headers();
            assert_eq!(h["content-type"], content_type, "/{path}");
            for (name, value) in &trunk {
                assert_eq!(h[name.as_str()], value.as_str(), "/{path} {name}");
            }
            assert_eq!(h["x-content-type-options"], "nosniff");
            assert_eq!(h["referrer-policy"], "no-referrer");
            assert_eq!(h["x-frame-options"], "DENY");
            assert_eq!(h["cross-origin-opener-policy"], "same-origin");
            assert_eq!(h.get_all("content-security-policy").iter().count(), 1);
        }
        let wasm = client()
            .get(format!("{s}web_bg.wasm"))
            .send()
            .await
            .unwrap();
        assert_eq!(&wasm.bytes().await.unwrap()[..4], b"\0asm");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn console_files_stay_inside_dist() {
    bounded(async {
        let s = server(Config::new(dist(), vec![])).await;
        let host = host_of(&s);
        for target in [
            "/../secret.txt",
            "/%2e%2e/secret.txt",
            "/%2E%2E%2Fsecret.txt",
            "/snippets/../../secret.txt",
            "/.hidden",
            "/%2ehidden",
            "/snippets/",
            "/snippets",
            "//secret.txt",
            "/..%5csecret.txt",
        ] {
            let (status, _, body) = raw(&s, &get(target, &host)).await;
            assert!(status == 404 || status == 400, "{target}: {status}");
            assert!(
                !String::from_utf8_lossy(&body).contains("TOP-SECRET"),
                "{target}"
            );
        }
        let r = client().post(s.to_string()).body("x").send().await.unwrap();
        assert_eq!(r.status(), 405);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn agents_lists_the_configured_agents() {
    bounded(async {
        let config = Config::new(
            dist(),
            vec![
                agent("fixture", "http://127.0.0.1:9"),
                agent("other-1", "http://agent.invalid/a2a"),
            ],
        );
        let s = server(config).await;
        let r = client().get(format!("{s}agents")).send().await.unwrap();
        assert_eq!(r.status(), 200);
        let list: Value = serde_json::from_slice(&r.bytes().await.unwrap()).unwrap();
        assert_eq!(
            list,
            json!([
                {"name": "fixture", "cardUrl": "/agents/fixture/.well-known/agent-card.json",
                 "upstream": "http://127.0.0.1:9/",
                 "upstreamCardUrl": "http://127.0.0.1:9/.well-known/agent-card.json"},
                {"name": "other-1", "cardUrl": "/agents/other-1/.well-known/agent-card.json",
                 "upstream": "http://agent.invalid/a2a/",
                 "upstreamCardUrl": "http://agent.invalid/a2a/.well-known/agent-card.json"}
            ])
        );
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn proxies_the_card_unchanged_and_message_send() {
    bounded(async {
        let (s, agent_url) = fixture_server(Scenario::Booking, Limits::default()).await;
        let direct = client()
            .get(format!("{agent_url}.well-known/agent-card.json"))
            .send()
            .await
            .unwrap()
            .bytes()
            .await
            .unwrap();
        let r = client()
            .get(format!("{s}agents/fixture/.well-known/agent-card.json"))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
        assert_eq!(r.headers()["content-type"], "application/json");
        assert_eq!(
            r.headers()["content-security-policy"],
            AGENT_CONTENT_SECURITY_POLICY
        );
        assert_eq!(
            r.bytes().await.unwrap(),
            direct,
            "the card is passed on unchanged"
        );
        let r = client()
            .post(format!("{s}agents/fixture/"))
            .header("content-type", "application/json")
            .header(
                "x-a2a-extensions",
                "https://a2ui.org/a2a-extension/a2ui/v0.9",
            )
            .body(rpc_body("message/send", json!({"message": message("hi")})))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
        assert_eq!(
            r.headers()["x-a2a-extensions"],
            "https://a2ui.org/a2a-extension/a2ui/v0.9"
        );
        assert_eq!(r.headers()["cache-control"], "no-store");
        let v: Value = serde_json::from_slice(&r.bytes().await.unwrap()).unwrap();
        assert_eq!(v["result"]["kind"], "task");
        assert_eq!(v["result"]["status"]["state"], "input-required");
        // Without the trailing slash, the same endpoint.
        let r = client()
            .post(format!("{s}agents/fixture"))
            .header("content-type", "application/json")
            .body(rpc_body("tasks/get", json!({"id": "task-1"})))
            .send()
            .await
            .unwrap();
        let v: Value = serde_json::from_slice(&r.bytes().await.unwrap()).unwrap();
        assert_eq!(v["result"]["id"], "task-1");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refuses_unknown_agents_and_every_escape_and_reaches_nothing_else() {
    bounded(async {
        let sent = sentinel().await;
        let rec = recorder(format!("http://{}/", sent.addr)).await;
        let s = server(Config::new(dist(), vec![agent("fixture", &rec.url)])).await;
        let host = host_of(&s);
        let x = &sent.addr;
        let targets = [
            "/agents/nope/.well-known/agent-card.json".to_string(),
            "/agents/FIXTURE/".into(),
            "/agents/%66ixture/".into(),
            "/agents//fixture/".into(),
            format!("/agents/{x}/"),
            format!("/agents/fixture@{x}/"),
            format!("/agents/fixture/@{x}/"),
            format!("/agents/fixture/x@{x}"),
            format!("/agents/fixture//{x}/"),
            format!("/agents/fixture/http://{x}/"),
            format!("/agents/fixture/http:%2f%2f{x}/"),
            "/agents/fixture/../../x".into(),
            "/agents/fixture/..".into(),
            "/agents/fixture/.".into(),
            "/agents/fixture/a/../b".into(),
            "/agents/fixture/%2e%2e/x".into(),
            "/agents/fixture/%2E%2E%2Fx".into(),
            "/agents/fixture/.%2e/x".into(),
            "/agents/fixture/a%2fb".into(),
            "/agents/fixture/a%5cb".into(),
            "/agents/fixture/a%00b".into(),
            "/agents/fixture/a%0d%0aHost:x".into(),
            "/agents/fixture/%".into(),
            "/agents/fixture/a\\..\\b".into(),
            "/agents/fixture/x?q=%zz".into(),
            format!("/agents/..%2f..%2f{x}/"),
            format!("http://{x}/agents/nope/"),
        ];
        for target in &targets {
            let (status, _, _) = raw(&s, &get(target, &host)).await;
            assert!(
                status == 400 || status == 404,
                "{target}: {status} (expected 400 or 404)"
            );
        }
        // A POST to an unknown agent or an escaping path is refused the same way.
        for path in [
            "/agents/nope/",
            "/agents/fixture/%2e%2e/",
            "/agents/fixture/a%2f",
        ] {
            let request = format!(
                "POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
                 Content-Length: 2\r\nConnection: close\r\n\r\n{{}}"
            );
            let (status, _, _) = raw(&s, request.as_bytes()).await;
            assert!(status == 400 || status == 404, "{path}: {status}");
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert_eq!(
            rec.connections.load(Ordering::SeqCst),
            0,
            "the agent was reached"
        );
        assert_eq!(
            sent.hits.load(Ordering::SeqCst),
            0,
            "the sentinel was reached"
        );

        // Host and forwarding headers do not steer: the configured agent answers.
        let steer = format!(
            "GET /agents/fixture/steer HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nX-Forwarded-Host: {x}\r\n\
             Forwarded: host={x}\r\nX-Forwarded-For: 10.0.0.1\r\nConnection: close\r\n\r\n",
            x.rsplit(':').next().unwrap()
        );
        let (status, _, body) = raw(&s, steer.as_bytes()).await;
        assert_eq!(status, 200);
        assert_eq!(body, b"{\"ok\":true}");
        // A redirect is not followed, nor passed on.
        let r = client()
            .get(format!("{s}agents/fixture/redirect"))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 502);
        assert!(r.headers().get("location").is_none());
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert_eq!(rec.connections.load(Ordering::SeqCst), 2);
        let heads = rec.heads.lock().unwrap().clone();
        assert!(heads[0].starts_with("get /steer http/1.1"), "{}", heads[0]);
        assert!(heads[0].contains(&format!("host: {}", host_of(&rec.url))));
        assert!(!heads[0].contains(x.as_str()), "{}", heads[0]);
        assert!(!heads[0].contains("forwarded"), "{}", heads[0]);
        assert_eq!(
            sent.hits.load(Ordering::SeqCst),
            0,
            "the sentinel was reached"
        );
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forwards_no_cookies_or_credentials() {
    bounded(async {
        let rec = recorder("http://127.0.0.1:9/".into()).await;
        let s = server(Config::new(dist(), vec![agent("rec", &rec.url)])).await;
        let host = host_of(&s);
        let body = r#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{}}"#;
        let request = format!(
            "POST /agents/rec/rpc?x=1 HTTP/1.1\r\nHost: {host}\r\nOrigin: http://{host}\r\n\
             Sec-Fetch-Site: same-origin\r\nCookie: session=abc\r\nAuthorization: Bearer t0ken\r\n\
             Proxy-Authorization: Basic eA==\r\nReferer: http://{host}/#agent\r\n\
             X-Forwarded-For: 10.0.0.1\r\nX-Api-Key: k3y\r\nTE: trailers\r\nUpgrade: websocket\r\n\
             Connection: close, Upgrade\r\nKeep-Alive: timeout=5\r\n\
             Content-Type: application/json\r\nAccept: application/json\r\n\
             A2A-Extensions: https://a2ui.org/a2a-extension/a2ui/v0.9\r\n\
             X-A2A-Extensions: https://a2ui.org/a2a-extension/a2ui/v0.9\r\nA2A-Version: 0.3\r\n\
             Content-Length: {}\r\n\r\n{body}",
            body.len()
        );
        let (status, head, reply) = raw(&s, request.as_bytes()).await;
        assert_eq!(status, 200, "{head}");
        assert_eq!(reply, b"{\"ok\":true}");
        assert!(!head.contains("set-cookie"), "{head}");
        assert!(!head.contains("x-upstream-secret"), "{head}");
        assert!(head.contains("a2a-version: 0.3"), "{head}");
        let seen = rec.heads.lock().unwrap()[0].clone();
        assert!(seen.starts_with("post /rpc?x=1 http/1.1"), "{seen}");
        for gone in [
            "cookie",
            "authorization",
            "referer",
            "origin",
            "x-forwarded",
            "x-api-key",
            "te:",
            "upgrade",
            "keep-alive",
            "sec-fetch",
            "abc",
            "t0ken",
            "k3y",
        ] {
            assert!(!seen.contains(gone), "{gone} reached the agent:\n{seen}");
        }
        for kept in [
            "content-type: application/json",
            "accept: application/json",
            "a2a-extensions: https://a2ui.org/a2a-extension/a2ui/v0.9",
            "x-a2a-extensions: https://a2ui.org/a2a-extension/a2ui/v0.9",
            "a2a-version: 0.3",
        ] {
            assert!(
                seen.contains(kept),
                "{kept} did not reach the agent:\n{seen}"
            );
        }
        assert!(seen.ends_with(&body.to_ascii_lowercase()));
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refuses_other_sites_and_other_hosts() {
    bounded(async {
        let rec = recorder("http://127.0.0.1:9/".into()).await;
        let s = server(Config::new(dist(), vec![agent("rec", &rec.url)])).await;
        let host = host_of(&s);
        let post = |headers: &str, ctype: &str| {
            format!(
                "POST /agents/rec/ HTTP/1.1\r\n{headers}Content-Type: {ctype}\r\n\
                 Content-Length: 2\r\nConnection: close\r\n\r\n{{}}"
            )
        };
        let cases = [
            (post(&format!("Host: {host}\r\nSec-Fetch-Site: cross-site\r\n"), "application/json"), 403),
            (post(&format!("Host: {host}\r\nSec-Fetch-Site: same-site\r\n"), "application/json"), 403),
            (post(&format!("Host: {host}\r\nOrigin: http://evil.example\r\n"), "application/json"), 403),
            (post(&format!("Host: {host}\r\nOrigin: null\r\n"), "application/json"), 403),
            (post(&format!("Host: {host}\r\n"), "text/plain"), 415),
            (post(&format!("Host: {host}\r\n"), "application/x-www-form-urlencoded"), 415),
            (post("Host: evil.example\r\n", "application/json"), 403),
            (post(&format!("Host: rebind.example:{}\r\n", host.rsplit(':').next().unwrap()), "application/json"), 403),
            ("GET /index.html HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n".to_string(), 403),
            // A Host whose end names another host, or two Hosts: refused.
            ("GET /index.html HTTP/1.1\r\nHost: [::1]evil\r\nConnection: close\r\n\r\n".to_string(), 403),
            ("GET /index.html HTTP/1.1\r\nHost: [::1]@evil.example\r\nConnection: close\r\n\r\n".to_string(), 403),
            ("GET /index.html HTTP/1.1\r\nHost: localhost:evil\r\nConnection: close\r\n\r\n".to_string(), 403),
            (format!("GET /index.html HTTP/1.1\r\nHost: {host}\r\nHost: evil.example\r\nConnection: close\r\n\r\n"), 403),
            // Ours, with or without a port.
            ("GET /index.html HTTP/1.1\r\nHost: [::1]:8080\r\nConnection: close\r\n\r\n".to_string(), 200),
            ("GET /index.html HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".to_string(), 200),
            ("GET /index.html HTTP/1.1\r\nHost: LOCALHOST:\r\nConnection: close\r\n\r\n".to_string(), 200),
            (format!("PUT /agents/rec/ HTTP/1.1\r\nHost: {host}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"), 405),
        ];
        for (request, want) in &cases {
            let (status, _, _) = raw(&s, request.as_bytes()).await;
            assert_eq!(status, *want, "{request}");
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert_eq!(rec.connections.load(Ordering::SeqCst), 0);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn events_arrive_one_by_one_as_the_agent_sends_them() {
    bounded(async {
        let (s, _) = fixture_server(Scenario::Progress, Limits::default()).await;
        let started = Instant::now();
        let mut r = post_stream(
            &s,
            "agents/fixture/",
            rpc_body("message/stream", json!({"message": message("go")})),
        )
        .send()
        .await
        .unwrap();
        assert_eq!(r.status(), 200);
        assert_eq!(r.headers()["content-type"], "text/event-stream");
        assert_eq!(r.headers()["cache-control"], "no-cache");
        assert_eq!(
            r.headers()["content-security-policy"],
            AGENT_CONTENT_SECURITY_POLICY
        );
        let mut buf = Vec::new();
        let mut arrivals: Vec<(Duration, Value)> = Vec::new();
        while let Some(chunk) = r.chunk().await.unwrap() {
            buf.extend_from_slice(&chunk);
            while let Some(end) = buf.windows(2).position(|w| w == b"\n\n") {
                let event: Vec<u8> = buf.drain(..end + 2).collect();
                let line = String::from_utf8(event).unwrap();
                let v: Value =
                    serde_json::from_str(line.trim().strip_prefix("data: ").unwrap()).unwrap();
                arrivals.push((started.elapsed(), v["result"].clone()));
            }
        }
        assert!(arrivals.len() >= 11, "{} events", arrivals.len());
        let (first_at, first) = &arrivals[0];
        let (last_at, last) = arrivals.last().unwrap();
        assert_eq!(first["kind"], "task");
        assert_eq!(last["final"], true);
        assert_eq!(last["status"]["state"], "completed");
        // The first event was in hand well before the agent finished (about 2 s later).
        assert!(
            *last_at >= *first_at + Duration::from_millis(1500),
            "first at {first_at:?}, last at {last_at:?}"
        );
        // And the updates came spread out, not in one lump at the end.
        let before_half = arrivals
            .iter()
            .filter(|(t, _)| *t < *first_at + Duration::from_millis(1000))
            .count();
        assert!(
            (2..arrivals.len() - 3).contains(&before_half),
            "{before_half}"
        );
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stream_cut_off_midway_ends_cleanly_for_the_page() {
    bounded(async {
        let (s, agent_url) = fixture_server(Scenario::Cut, Limits::default()).await;
        let body = rpc_body("message/stream", json!({"message": message("go")}));
        // Straight from the agent, the stream breaks off …
        let mut direct = post_stream(&agent_url, "", body.clone())
            .send()
            .await
            .unwrap();
        let broke = loop {
            match direct.chunk().await {
                Ok(Some(_)) => {}
                Ok(None) => break false,
                Err(_) => break true,
            }
        };
        assert!(broke, "the fixture agent must cut its stream");
        // … and through the server, the page gets what was sent and a clean end.
        let mut r = post_stream(&s, "agents/fixture/", body)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
        let mut text = Vec::new();
        loop {
            match r.chunk().await {
                Ok(Some(c)) => text.extend_from_slice(&c),
                Ok(None) => break,
                Err(e) => panic!("the page's stream broke: {e}"),
            }
        }
        let text = String::from_utf8(text).unwrap();
        assert_eq!(text.matches("data: ").count(), 3, "{text}");
        assert!(text.ends_with("\n\n"));
        assert!(!text.contains("\"final\":true"));
        // The server still serves.
        let r = client().get(format!("{s}agents")).send().await.unwrap();
        assert_eq!(r.status(), 200);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_stream_limit_429_and_the_place_comes_back() {
    bounded(async {
        let limits = Limits {
            max_streams: 1,
            ..Limits::default()
        };
        let (s, _) = fixture_server(Scenario::Progress, limits).await;
        let body = rpc_body("message/stream", json!({"message": message("go")}));
        let mut first = post_stream(&s, "agents/fixture/", body.clone())
            .send()
            .await
            .unwrap();
        assert_eq!(first.status(), 200);
        assert!(first.chunk().await.unwrap().is_some());
        let second = post_stream(&s, "agents/fixture/", body.clone())
            .send()
            .await
            .unwrap();
        assert_eq!(second.status(), 429);
        assert_eq!(second.headers()["retry-after"], "1");
        // A stream by method alone (no Accept) counts too.
        let third = client()
            .post(format!("{s}agents/fixture/"))
            .header("content-type", "application/json")
            .body(rpc_body("tasks/resubscribe", json!({"id": "task-1"})))
            .send()
            .await
            .unwrap();
        assert_eq!(third.status(), 429);
        // The refused stream never reached the agent: it has one task only.
        let r = client()
            .post(format!("{s}agents/fixture/"))
            .header("content-type", "application/json")
            .body(rpc_body("tasks/get", json!({"id": "task-2"})))
            .send()
            .await
            .unwrap();
        let v: Value = serde_json::from_slice(&r.bytes().await.unwrap()).unwrap();
        assert_eq!(v["error"]["code"], -32001);
        while first.chunk().await.unwrap().is_some() {}
        tokio::time::sleep(Duration::from_millis(100)).await;
        let again = post_stream(&s, "agents/fixture/", body)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), 200);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_that_stops_reading_does_not_wedge_the_server() {
    bounded(async {
        use tokio::io::AsyncWriteExt;
        let rec = recorder("http://127.0.0.1:9/".into()).await;
        let mut config = Config::new(dist(), vec![agent("rec", &rec.url)]);
        config.limits.max_streams = 1;
        config.limits.stream_idle = Duration::from_secs(2);
        let s = server(config).await;
        let host = host_of(&s);
        // A client that asks for an endless stream and never reads a byte.
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.set_recv_buffer_size(4096).unwrap();
        let mut stalled = socket.connect(host.parse().unwrap()).await.unwrap();
        stalled
            .write_all(
                format!(
                    "POST /agents/rec/flood HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\
                     Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{{}}"
                )
                .as_bytes(),
            )
            .await
            .unwrap();
        tokio::time::sleep(Duration::from_millis(300)).await;
        // Other requests are served meanwhile …
        for path in ["agents", "index.html", "agents/rec/plain"] {
            let r = client().get(format!("{s}{path}")).send().await.unwrap();
            assert_eq!(r.status(), 200, "{path}");
        }
        // … the stalled stream holds the only place …
        let flood = || {
            client()
                .post(format!("{s}agents/rec/flood"))
                .header("content-type", "application/json")
                .header("accept", "text/event-stream")
                .body("{}")
                .send()
        };
        assert_eq!(flood().await.unwrap().status(), 429);
        // … until the page has not taken a chunk for the idle time: then it is let go.
        let since = Instant::now();
        let freed = loop {
            tokio::time::sleep(Duration::from_millis(250)).await;
            let r = flood().await.unwrap();
            if r.status() == 200 {
                break since.elapsed();
            }
            assert_eq!(r.status(), 429);
            assert!(since.elapsed() < Duration::from_secs(20), "the place never came back");
        };
        assert!(freed >= Duration::from_millis(500), "{freed:?}");
        drop(stalled);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn request_body_limit_is_413() {
    bounded(async {
        let rec = recorder("http://127.0.0.1:9/".into()).await;
        let mut config = Config::new(dist(), vec![agent("rec", &rec.url)]);
        config.limits.body_bytes = 1024;
        let s = server(config).await;
        let host = host_of(&s);
        let at_limit = format!("{{\"a\":\"{}\"}}", "x".repeat(1024 - 8));
        assert_eq!(at_limit.len(), 1024);
        let r = client()
            .post(format!("{s}agents/rec/"))
            .header("content-type", "application/json")
            .body(at_limit.clone())
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
        let over = format!("{at_limit} ");
        let r = client()
            .post(format!("{s}agents/rec/"))
            .header("content-type", "application/json")
            .body(over.clone())
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 413);
        // Chunked, with no length given: refused while reading.
        let chunked = format!(
            "POST /agents/rec/ HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
             Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n{:x}\r\n{over}\r\n0\r\n\r\n",
            over.len()
        );
        let (status, _, _) = raw(&s, chunked.as_bytes()).await;
        assert_eq!(status, 413);
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert_eq!(
            rec.connections.load(Ordering::SeqCst),
            1,
            "only the request at the limit"
        );
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn large_and_slow_agent_responses_are_cut_short() {
    bounded(async {
        let rec = recorder("http://127.0.0.1:9/".into()).await;
        let mut config = Config::new(dist(), vec![agent("rec", &rec.url)]);
        config.limits.response_bytes = 1024 * 1024;
        config.limits.request_timeout = Duration::from_secs(1);
        let s = server(config).await;
        let r = client()
            .get(format!("{s}agents/rec/big"))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 502);
        let started = Instant::now();
        let r = client()
            .get(format!("{s}agents/rec/slow"))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 504);
        assert!(started.elapsed() < Duration::from_millis(2500));
        // Nothing listens here: 502.
        let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let dead = format!("http://{}/", closed.local_addr().unwrap());
        drop(closed);
        let s = server(Config::new(dist(), vec![agent("dead", &dead)])).await;
        let r = client()
            .get(format!("{s}agents/dead/"))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 502);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_prints_its_url_and_shows_its_limits() {
    bounded(async {
        use tokio::io::AsyncBufReadExt;
        let exe = env!("CARGO_BIN_EXE_surfaces-server");
        let help = tokio::process::Command::new(exe)
            .arg("--help")
            .output()
            .await
            .unwrap();
        assert!(help.status.success());
        let help = String::from_utf8(help.stdout).unwrap();
        for flag in [
            "--listen <ADDR>",
            "[default: 127.0.0.1:8080]",
            "--dist <DIR>",
            "--agent <NAME=URL>",
            "--max-body <BYTES>",
            "[default: 1048576]",
            "--max-response <BYTES>",
            "--request-timeout <SECS>",
            "--stream-idle-timeout <SECS>",
            "--stream-max-duration <SECS>",
            "--max-streams <N>",
            "[default: 16]",
        ] {
            assert!(help.contains(flag), "{flag} missing from --help:\n{help}");
        }
        for bad in [
            "x=https://agent.example/",
            "x=http://u:p@agent.example/",
            "bad name=http://a/",
        ] {
            let out = tokio::process::Command::new(exe)
                .args(["--listen", "127.0.0.1:0", "--agent", bad])
                .output()
                .await
                .unwrap();
            assert_eq!(out.status.code(), Some(2), "{bad}");
        }
        let dup = tokio::process::Command::new(exe)
            .args([
                "--listen",
                "127.0.0.1:0",
                "--agent",
                "a=http://x/",
                "--agent",
                "a=http://y/",
            ])
            .output()
            .await
            .unwrap();
        assert_eq!(dup.status.code(), Some(1));
        assert!(String::from_utf8_lossy(&dup.stderr).contains("twice"));
        let dist = dist();
        let mut child = tokio::process::Command::new(exe)
            .args([
                "--listen",
                "127.0.0.1:0",
                "--agent",
                "fixture=http://127.0.0.1:9",
            ])
            .arg("--dist")
            .arg(&dist)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        let mut lines = tokio::io::BufReader::new(child.stdout.take().unwrap()).lines();
        let url = lines.next_line().await.unwrap().unwrap();
        assert!(
            url.starts_with("http://127.0.0.1:") && url.ends_with('/'),
            "{url}"
        );
        let r = client().get(format!("{url}agents")).send().await.unwrap();
        assert_eq!(r.status(), 200);
        let r = client().get(url.clone()).send().await.unwrap();
        assert_eq!(
            r.headers()["content-security-policy"],
            CONTENT_SECURITY_POLICY
        );
        child.kill().await.unwrap();
    })
    .await;
}

/// An agent's answer is served from the console's origin: were it read as a page or a
/// script, it would run as the console (red-team review: a `text/html` answer loading
/// `/agents/NAME/x.js` did). Every answer is JSON, an event stream or bytes, under a policy
/// that runs nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_agents_answer_is_never_a_page_or_a_script() {
    bounded(async {
        let rec = recorder("http://127.0.0.1:9/".into()).await;
        let s = server(Config::new(dist(), vec![agent("rec", &rec.url)])).await;
        for (path, kind) in [
            ("html", "application/octet-stream"),
            // The first type counts, and only one is sent: a browser would read the last.
            ("two-types", "application/json"),
            ("script", "application/octet-stream"),
            ("ok", "application/json"),
            ("missing-agent-path", "application/json"),
        ] {
            let r = client()
                .get(format!("{s}agents/rec/{path}"))
                .send()
                .await
                .unwrap();
            assert_eq!(r.status(), 200, "{path}");
            let h = r.headers();
            assert_eq!(h.get_all("content-type").iter().count(), 1, "{path}");
            assert_eq!(h["content-type"], kind, "{path}");
            assert_eq!(h["content-security-policy"], AGENT_CONTENT_SECURITY_POLICY);
            assert_eq!(h.get_all("content-security-policy").iter().count(), 1);
            assert_eq!(h["x-content-type-options"], "nosniff");
        }
        // The server's own answers under /agents/ too; the console's pages keep theirs.
        let r = client()
            .get(format!("{s}agents/nobody/"))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 404);
        assert_eq!(
            r.headers()["content-security-policy"],
            AGENT_CONTENT_SECURITY_POLICY
        );
        let r = client().get(s.clone()).send().await.unwrap();
        assert_eq!(
            r.headers()["content-security-policy"],
            CONTENT_SECURITY_POLICY
        );
    })
    .await;
}

/// Only a success or an error is passed on: `101 Switching Protocols` for a plain GET, or
/// a status no standard has, is the agent's mistake (502).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_successes_and_errors_are_passed_on() {
    bounded(async {
        let rec = recorder("http://127.0.0.1:9/".into()).await;
        let s = server(Config::new(dist(), vec![agent("rec", &rec.url)])).await;
        for (code, want) in [
            (101, 502),
            (199, 502),
            (200, 200),
            (204, 204),
            (299, 299),
            (404, 404),
            (599, 599),
            (600, 502),
            (999, 502),
        ] {
            let r = client()
                .get(format!("{s}agents/rec/status/{code}"))
                .send()
                .await
                .unwrap();
            assert_eq!(r.status().as_u16(), want, "{code}");
            // A 204 has no content, and so no length either (RFC 9110, 8.6).
            if code == 204 {
                assert!(r.headers().get("content-length").is_none());
            }
            // A final status past 5xx is read as one, and refused for what it is (a 1xx
            // is not final: the client waits past it, and the agent closes).
            if code >= 600 {
                let body = r.text().await.unwrap();
                assert!(body.contains("answered with status"), "{code}: {body}");
            }
        }
    })
    .await;
}

/// An answer is streamed only when the page asked for a stream: one that calls itself a
/// stream unasked is read within `response_bytes` (red-team review: an endless
/// `text/event-stream` answer to a card fetch passed 64 MB against an 8 MB limit).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_that_calls_itself_a_stream_unasked_is_held_to_the_response_limit() {
    bounded(async {
        let rec = recorder("http://127.0.0.1:9/".into()).await;
        let mut config = Config::new(dist(), vec![agent("rec", &rec.url)]);
        config.limits.response_bytes = 1024 * 1024;
        let s = server(config).await;
        let r = client()
            .get(format!("{s}agents/rec/flood"))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 502);
        // Asked for, it is a stream, passed on as it comes.
        let mut r = client()
            .get(format!("{s}agents/rec/flood"))
            .header("accept", "text/event-stream")
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
        assert_eq!(r.headers()["content-type"], "text/event-stream");
        let mut got = 0;
        while got <= 2 * 1024 * 1024 {
            got += r.chunk().await.unwrap().unwrap().len();
        }
    })
    .await;
}

/// Whether the server closes `sock` (reads to its end) within `within`.
async fn closed_within(sock: &mut tokio::net::TcpStream, within: Duration) -> bool {
    use tokio::io::AsyncReadExt;
    let mut buf = [0u8; 1024];
    matches!(
        tokio::time::timeout(within, async {
            loop {
                match sock.read(&mut buf).await {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {}
                }
            }
        })
        .await,
        Ok(())
    )
}

/// At most `max_connections` at once, and a connection whose client never finishes its
/// headers is closed after `header_timeout` (red-team review: 200 such connections were
/// all open after 45 s, and 1,100 left the server no descriptor to take the console's).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_are_bounded_in_number_and_in_time_to_send_their_headers() {
    bounded(async {
        use tokio::io::AsyncWriteExt;
        let mut config = Config::new(dist(), vec![]);
        config.limits.max_connections = 2;
        config.limits.header_timeout = Duration::from_secs(1);
        let s = server(config).await;
        let host = host_of(&s);
        let connect = || tokio::net::TcpStream::connect(host.clone());
        // Two slow clients: one sends nothing, one a request line and never the rest.
        let mut silent = connect().await.unwrap();
        let mut slow = connect().await.unwrap();
        slow.write_all(format!("GET / HTTP/1.1\r\nHost: {host}\r\n").as_bytes())
            .await
            .unwrap();
        tokio::time::sleep(Duration::from_millis(200)).await;
        // At the limit: a third is closed at once, before it sends anything.
        let mut third = connect().await.unwrap();
        assert!(closed_within(&mut third, Duration::from_millis(500)).await);
        // The two are closed once their headers are late …
        let started = Instant::now();
        assert!(closed_within(&mut silent, Duration::from_secs(5)).await);
        assert!(closed_within(&mut slow, Duration::from_secs(5)).await);
        let took = started.elapsed();
        assert!(took >= Duration::from_millis(500), "{took:?}");
        // … and their places come back.
        tokio::time::sleep(Duration::from_millis(100)).await;
        let r = client().get(format!("{s}agents")).send().await.unwrap();
        assert_eq!(r.status(), 200);
    })
    .await;
}

/// A request's body arrives within `request_timeout` (408 past it): a client that sends a
/// Content-Length and then too few bytes held up to a MiB for as long as it liked.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_body_that_does_not_arrive_in_time_is_408() {
    bounded(async {
        let rec = recorder("http://127.0.0.1:9/".into()).await;
        let mut config = Config::new(dist(), vec![agent("rec", &rec.url)]);
        config.limits.request_timeout = Duration::from_secs(1);
        let s = server(config).await;
        let host = host_of(&s);
        let started = Instant::now();
        let (status, _, _) = raw(
            &s,
            format!(
                "POST /agents/rec/ HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
                 Content-Length: 100\r\n\r\n{{\"a\":1"
            )
            .as_bytes(),
        )
        .await;
        assert_eq!(status, 408);
        assert!(started.elapsed() < Duration::from_secs(5));
        assert!(
            rec.heads.lock().unwrap().is_empty(),
            "the agent heard nothing"
        );
    })
    .await;
}

/// At most `max_requests` requests to agents that are not streams at once (429 past
/// it), each holding its place until the page has taken its answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_to_agents_at_the_limit_and_one_past() {
    bounded(async {
        let rec = recorder("http://127.0.0.1:9/".into()).await;
        let mut config = Config::new(dist(), vec![agent("rec", &rec.url)]);
        config.limits.max_requests = 2;
        let s = server(config).await;
        let get = |path: &'static str| client().get(format!("{s}agents/rec/{path}")).send();
        // Two slow answers (3 s) hold both places.
        let (a, b) = (tokio::spawn(get("slow")), tokio::spawn(get("slow")));
        tokio::time::sleep(Duration::from_millis(500)).await;
        let past = get("ok").await.unwrap();
        assert_eq!(past.status(), 429);
        assert_eq!(past.headers()["retry-after"], "1");
        assert_eq!(a.await.unwrap().unwrap().status(), 200);
        assert_eq!(b.await.unwrap().unwrap().status(), 200);
        // Streams have places of their own.
        let stream = client()
            .get(format!("{s}agents/rec/quiet"))
            .header("accept", "text/event-stream")
            .send()
            .await
            .unwrap();
        assert_eq!(stream.status(), 200);
        // The places came back: at the limit again, two at once.
        let (a, b) = (get("ok").await.unwrap(), get("ok").await.unwrap());
        assert_eq!((a.status().as_u16(), b.status().as_u16()), (200, 200));
    })
    .await;
}

/// A page that leaves a stream gives its place back at once, not when the agent next sends
/// (red-team review: with an agent gone silent, the place stayed taken for the idle time).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stream_the_page_leaves_gives_its_place_back_at_once() {
    bounded(async {
        let rec = recorder("http://127.0.0.1:9/".into()).await;
        let mut config = Config::new(dist(), vec![agent("rec", &rec.url)]);
        config.limits.max_streams = 1;
        config.limits.stream_idle = Duration::from_secs(30);
        let s = server(config).await;
        let quiet = || {
            client()
                .get(format!("{s}agents/rec/quiet"))
                .header("accept", "text/event-stream")
                .send()
        };
        let mut first = quiet().await.unwrap();
        assert_eq!(first.status(), 200);
        assert!(first.chunk().await.unwrap().is_some());
        assert_eq!(quiet().await.unwrap().status(), 429);
        drop(first);
        let since = Instant::now();
        loop {
            tokio::time::sleep(Duration::from_millis(100)).await;
            if quiet().await.unwrap().status() == 200 {
                break;
            }
            assert!(
                since.elapsed() < Duration::from_secs(5),
                "the place never came back"
            );
        }
    })
    .await;
}

/// `response_bytes` at the limit and one past, for an answer with a Content-Length and one
/// in chunks (which is only counted as it comes).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn response_bytes_at_the_limit_and_one_past() {
    bounded(async {
        let rec = recorder("http://127.0.0.1:9/".into()).await;
        let mut config = Config::new(dist(), vec![agent("rec", &rec.url)]);
        let limit = 256 * 1024;
        config.limits.response_bytes = limit;
        let s = server(config).await;
        for way in ["bytes", "chunked"] {
            let at = client()
                .get(format!("{s}agents/rec/{way}/{limit}"))
                .send()
                .await
                .unwrap();
            assert_eq!(at.status(), 200, "{way} at the limit");
            assert_eq!(at.bytes().await.unwrap().len(), limit);
            let past = client()
                .get(format!("{s}agents/rec/{way}/{}", limit + 1))
                .send()
                .await
                .unwrap();
            assert_eq!(past.status(), 502, "{way} one past");
        }
    })
    .await;
}

/// `request_timeout` under and past: an answer after 3 s is taken within 5 s, not within 1.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn request_timeout_under_and_past() {
    bounded(async {
        let rec = recorder("http://127.0.0.1:9/".into()).await;
        for (secs, want) in [(5, 200), (1, 504)] {
            let mut config = Config::new(dist(), vec![agent("rec", &rec.url)]);
            config.limits.request_timeout = Duration::from_secs(secs);
            let s = server(config).await;
            let r = client()
                .get(format!("{s}agents/rec/slow"))
                .send()
                .await
                .unwrap();
            assert_eq!(r.status(), want, "{secs} s");
        }
    })
    .await;
}

/// A stream ends when the agent says nothing for `stream_idle`, and after `stream_max` in
/// any case, however much it sends.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn streams_end_when_the_agent_is_silent_and_when_their_time_is_up() {
    bounded(async {
        let rec = recorder("http://127.0.0.1:9/".into()).await;
        let mut config = Config::new(dist(), vec![agent("rec", &rec.url)]);
        config.limits.stream_idle = Duration::from_secs(1);
        config.limits.stream_max = Duration::from_secs(2);
        let s = server(config).await;
        for (path, least, most) in [("quiet", 900, 4000), ("flood", 1900, 6000)] {
            let started = Instant::now();
            let mut r = client()
                .get(format!("{s}agents/rec/{path}"))
                .header("accept", "text/event-stream")
                .send()
                .await
                .unwrap();
            assert_eq!(r.status(), 200);
            let mut got = 0;
            while let Ok(Some(c)) = r.chunk().await {
                got += c.len();
            }
            let took = started.elapsed().as_millis();
            assert!(got > 0, "{path}");
            assert!(
                (least..most).contains(&took),
                "{path}: ended after {took} ms"
            );
        }
    })
    .await;
}

/// A client that asks for an answer and never reads it holds its connection, and the
/// answer's place, only until it has taken nothing for `stream_idle` (review: hyper has no
/// timer for writing, so it held them for ever). A request that asked for a stream and was
/// answered otherwise holds its stream's place the same way.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_never_reads_its_answer_lets_go_of_its_place() {
    bounded(async {
        use tokio::io::AsyncWriteExt;
        let rec = recorder("http://127.0.0.1:9/".into()).await;
        let mut config = Config::new(dist(), vec![agent("rec", &rec.url)]);
        config.limits.max_requests = 1;
        config.limits.max_streams = 1;
        config.limits.stream_idle = Duration::from_secs(1);
        let s = server(config).await;
        let host = host_of(&s);
        let get = |path: &'static str, stream: bool| {
            let r = client().get(format!("{s}agents/rec/{path}"));
            if stream {
                r.header("accept", "text/event-stream").send()
            } else {
                r.send()
            }
        };
        for (stream, other) in [(false, "ok"), (true, "quiet")] {
            // 8 MiB asked for and never read, by a client with a small receive buffer.
            let socket = tokio::net::TcpSocket::new_v4().unwrap();
            socket.set_recv_buffer_size(4096).unwrap();
            let mut stalled = socket.connect(host.parse().unwrap()).await.unwrap();
            let accept = if stream {
                "Accept: text/event-stream\r\n"
            } else {
                ""
            };
            stalled
                .write_all(
                    format!(
                        "GET /agents/rec/bytes/8388608 HTTP/1.1\r\nHost: {host}\r\n{accept}\r\n"
                    )
                    .as_bytes(),
                )
                .await
                .unwrap();
            tokio::time::sleep(Duration::from_millis(400)).await;
            assert_eq!(get(other, stream).await.unwrap().status(), 429, "{other}");
            let since = Instant::now();
            loop {
                tokio::time::sleep(Duration::from_millis(200)).await;
                let r = get(other, stream).await.unwrap();
                if r.status() == 200 {
                    break;
                }
                assert_eq!(r.status(), 429);
                assert!(
                    since.elapsed() < Duration::from_secs(10),
                    "{other}: never let go"
                );
            }
            drop(stalled);
        }
    })
    .await;
}

/// Request bodies are read in places of their own, as many as the requests and streams
/// they are for: past them, 429 before any byte of the body is read. (Read whole before it
/// is known which they are for, every connection could hold one: 405 MB.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn request_bodies_being_read_at_the_limit_and_one_past() {
    bounded(async {
        let rec = recorder("http://127.0.0.1:9/".into()).await;
        let mut config = Config::new(dist(), vec![agent("rec", &rec.url)]);
        (config.limits.max_requests, config.limits.max_streams) = (1, 1);
        config.limits.request_timeout = Duration::from_secs(3);
        let s = server(config).await;
        let host = host_of(&s);
        let addr = s
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string();
        let stalled = || async {
            use tokio::io::AsyncWriteExt;
            let mut sock = tokio::net::TcpStream::connect(&addr).await.unwrap();
            let head = format!(
                "POST /agents/rec/ HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
                 Content-Length: 100\r\n\r\n{{\"a\":"
            );
            sock.write_all(head.as_bytes()).await.unwrap();
            sock
        };
        // Two bodies stalled: both places taken.
        let (a, b) = (stalled().await, stalled().await);
        tokio::time::sleep(Duration::from_millis(300)).await;
        let post = format!(
            "POST /agents/rec/ HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
             Content-Length: 2\r\nConnection: close\r\n\r\n{{}}"
        );
        let (status, _, _) = raw(&s, post.as_bytes()).await;
        assert_eq!(status, 429, "one past the places");
        // A GET has no body to read: it is not held back by them.
        let (status, _, _) = raw(&s, &get("/agents/rec/ok", &host)).await;
        assert_eq!(status, 200);
        // The stalled bodies time out (408) and their places come back: at the limit again.
        drop((a, b));
        tokio::time::sleep(Duration::from_millis(300)).await;
        let (status, _, _) = raw(&s, post.as_bytes()).await;
        assert_eq!(status, 200);
    })
    .await;
}

/// A limit of zero is a mistake, refused when the server is set up.
#[test]
fn zero_limits_are_refused() {
    type Set = fn(&mut Limits);
    let cases: [(&str, Set); 7] = [
        ("--request-timeout", |l| l.request_timeout = Duration::ZERO),
        ("--connect-timeout", |l| l.connect_timeout = Duration::ZERO),
        ("--stream-idle-timeout", |l| l.stream_idle = Duration::ZERO),
        ("--stream-max-duration", |l| l.stream_max = Duration::ZERO),
        ("--header-timeout", |l| l.header_timeout = Duration::ZERO),
        ("--max-body", |l| l.body_bytes = 0),
        ("--max-response", |l| l.response_bytes = 0),
    ];
    for (flag, set) in cases {
        let mut config = Config::new(dist(), vec![]);
        set(&mut config.limits);
        let err = surfaces_server::app(config).err().map(|e| e.0);
        assert_eq!(err, Some(format!("{flag} must be at least 1")));
    }
    let mut config = Config::new(dist(), vec![]);
    (config.limits.body_bytes, config.limits.request_timeout) = (1, Duration::from_secs(1));
    assert!(surfaces_server::app(config).is_ok(), "one is a limit");
}

/// A console file larger than the chunk it is read in arrives whole, as it is on disk.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_large_console_file_arrives_whole() {
    bounded(async {
        let dist = dist();
        let big: Vec<u8> = (0..300_000u32).map(|i| (i * 7 % 251) as u8).collect();
        std::fs::write(dist.join("big_bg.wasm"), &big).unwrap();
        let s = server(Config::new(dist, vec![])).await;
        let r = client()
            .get(format!("{s}big_bg.wasm"))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
        assert_eq!(r.headers()["content-type"], "application/wasm");
        assert_eq!(r.headers()["content-length"], "300000");
        assert_eq!(r.bytes().await.unwrap().as_ref(), big.as_slice());
        let head = client()
            .head(format!("{s}big_bg.wasm"))
            .send()
            .await
            .unwrap();
        assert_eq!(head.headers()["content-length"], "300000");
    })
    .await;
}
