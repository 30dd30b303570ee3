//! `surfaces card https://…` against HTTPS servers this test starts on 127.0.0.1, trusted
//! through `--cacert` (native only: a wasm32 build has no processes or sockets).
#![cfg(not(target_arch = "wasm32"))]

mod loopback;

use std::net::TcpListener;
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use loopback::{Pki, Reply, Server};

/// Runs `surfaces` with no proxy settings from the environment: a proxy would be asked for
/// 127.0.0.1 instead of the test's server.
fn surfaces(args: &[&str]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_surfaces"));
    for var in [
        "ALL_PROXY",
        "all_proxy",
        "HTTPS_PROXY",
        "https_proxy",
        "HTTP_PROXY",
        "http_proxy",
        "NO_PROXY",
        "no_proxy",
    ] {
        cmd.env_remove(var);
    }
    cmd.args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn json_out(o: &Output) -> Value {
    serde_json::from_str(&stdout(o)).unwrap_or_else(|e| panic!("{e}: {}", stdout(o)))
}

/// A card whose UI links are `urls`, labelled A, B, …
fn card(urls: &[String]) -> String {
    let uis: Vec<Value> = urls
        .iter()
        .zip('A'..)
        .map(|(u, l)| json!({"url": u, "label": l.to_string()}))
        .collect();
    json!({
        "name": "Loopback agent",
        "capabilities": {"extensions": [{
            "uri": "https://dev.agentmesh.ai/extensions/ui-links/v1",
            "params": {"uis": uis}
        }]}
    })
    .to_string()
}

/// A usage or I/O problem: exit 2, the reason on standard error, nothing on standard output.
fn assert_problem(o: &Output, says: &str) {
    assert_eq!(o.status.code(), Some(2), "{}", stderr(o));
    assert!(stderr(o).contains(says), "{says:?} not in: {}", stderr(o));
    assert!(o.stdout.is_empty(), "{}", stdout(o));
}

/// The card is asked for at one port and served, after two redirects, from another port of
/// the same host: same-origin is the second port's, and the output says where the card came
/// from.
#[test]
fn same_origin_is_computed_from_the_url_the_card_came_from() {
    let pki = Pki::new();
    let asked_port = Arc::new(AtomicU16::new(0));
    let served = {
        let asked_port = asked_port.clone();
        Server::start(&pki, move |path, port| match path {
            // Relative, so it stays on this server.
            "/hop" => Reply::redirect(301, "/.well-known/agent-card.json"),
            "/.well-known/agent-card.json" => Reply::ok(card(&[
                format!("https://127.0.0.1:{port}/dashboard"),
                format!(
                    "https://127.0.0.1:{}/dashboard",
                    asked_port.load(Ordering::Relaxed)
                ),
            ])),
            _ => Reply::status(404),
        })
    };
    let to = served.url("/hop");
    let asked = Server::start(&pki, move |path, _| match path {
        "/start" => Reply::redirect(302, to.clone()),
        _ => Reply::status(404),
    });
    asked_port.store(asked.port, Ordering::Relaxed);
    let start = asked.url("/start");
    let card_url = served.url("/.well-known/agent-card.json");

    let o = surfaces(&["card", &start, "--cacert", pki.ca(), "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json_out(&o);
    assert_eq!(v["uiLinks"], "present");
    assert_eq!(v["entries"][0]["sameOrigin"], true, "{v}");
    assert_eq!(v["entries"][1]["sameOrigin"], false, "{v}");
    assert_eq!(
        v["fetchedFrom"],
        json!({"url": card_url, "requested": start, "redirects": [start, served.url("/hop")]})
    );
    assert_eq!(asked.hits(), ["/start"]);
    assert_eq!(served.hits(), ["/hop", "/.well-known/agent-card.json"]);

    let o = surfaces(&["card", &start, "--cacert", pki.ca()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with(&format!(
            "{start}: UI links present, 2 entries (2 linkable)\n\
             fetched from {card_url} (after 2 redirects)\n"
        )),
        "{out}"
    );
    assert!(out.contains("same origin"), "{out}");
    assert!(out.contains("CROSS-ORIGIN (127.0.0.1)"), "{out}");

    // Without a redirect there is none to list; the URL asked for is the one used.
    let o = surfaces(&["card", &card_url, "--cacert", pki.ca(), "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json_out(&o);
    assert_eq!(
        v["fetchedFrom"],
        json!({"url": card_url, "requested": card_url, "redirects": []})
    );
    assert_eq!(v["entries"][0]["sameOrigin"], true, "{v}");
}

/// The server's certificate is trusted only through --cacert: without it, the fetch fails on
/// the certificate and no card is read.
#[test]
fn a_certificate_no_trusted_root_signed_is_refused() {
    let pki = Pki::new();
    let server = Server::start(&pki, |_, _| {
        Reply::ok(card(&["https://a.example/".to_string()]))
    });
    let o = surfaces(&["card", &server.url("/card.json"), "--timeout", "5"]);
    assert_problem(&o, "cannot fetch");
    assert!(
        stderr(&o).to_lowercase().contains("certificate"),
        "{}",
        stderr(&o)
    );
    // A file that holds no certificate is not a trust store.
    let empty = std::env::temp_dir().join(format!("surfaces-cli-empty-{}.pem", std::process::id()));
    std::fs::write(&empty, "not a certificate\n").unwrap();
    let o = surfaces(&[
        "card",
        &server.url("/card.json"),
        "--cacert",
        empty.to_str().unwrap(),
    ]);
    std::fs::remove_file(&empty).unwrap();
    assert_problem(&o, "holds no PEM certificate");
    let o = surfaces(&[
        "card",
        &server.url("/card.json"),
        "--cacert",
        "/no/such/ca.pem",
    ]);
    assert_problem(&o, "cannot read /no/such/ca.pem");
    // Neither of those two runs connected.
    assert_eq!(server.hits().len(), 0, "{:?}", server.hits());
}

/// An http:// URL (or any scheme but https) is refused before anything is sent: the listener
/// it names is never connected to.
#[test]
fn only_https_urls_are_fetched() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    for url in [
        format!("http://127.0.0.1:{port}/card.json"),
        format!("HTTP://127.0.0.1:{port}/card.json"),
        format!("ftp://127.0.0.1:{port}/card.json"),
    ] {
        let o = surfaces(&["card", &url]);
        assert_problem(&o, "only https:// URLs are fetched");
        assert!(
            stderr(&o).contains("Usage: surfaces card"),
            "{}",
            stderr(&o)
        );
    }
    assert_eq!(
        listener.accept().map(|_| ()).unwrap_err().kind(),
        std::io::ErrorKind::WouldBlock,
        "a connection was made"
    );
}

/// The body is read up to `cardBytes` and one byte more, the same cap as a file's: a card of
/// exactly the cap is read, one byte past it is `card-too-large` (a finding, exit 1), and an
/// endless body is not read to its end.
#[test]
fn the_body_is_capped_at_card_bytes() {
    let pki = Pki::new();
    let body = card(&["https://a.example/".to_string()]);
    let n = body.len();
    let server = Server::start(&pki, move |path, _| match path {
        "/card.json" => Reply::ok(body.clone()),
        _ => Reply::Flood { len: 256 << 20 },
    });
    let url = server.url("/card.json");
    let at = format!("cardBytes={n}");
    let o = surfaces(&["card", &url, "--cacert", pki.ca(), "--limit", &at, "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(json_out(&o)["uiLinks"], "present");

    let past = format!("cardBytes={}", n - 1);
    let o = surfaces(&[
        "card",
        &url,
        "--cacert",
        pki.ca(),
        "--limit",
        &past,
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let v = json_out(&o);
    assert_eq!(v["findings"][0]["code"], "card-too-large", "{v}");
    let message = v["findings"][0]["message"].as_str().unwrap();
    assert!(
        message.contains(&format!(
            "more than {} bytes (reading stopped there)",
            n - 1
        )),
        "{message}"
    );
    assert_eq!(v["fetchedFrom"]["url"], url);

    // 256 MiB offered, 1 MiB (the default cap) taken: the client hangs up long before the
    // end (what was written is the cap plus what the socket buffers held).
    let o = surfaces(&["card", &server.url("/flood"), "--cacert", pki.ca()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stdout(&o).contains("card-too-large"), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("more than 1048576 bytes"),
        "{}",
        stdout(&o)
    );
    assert!(
        server.flooded() < 32 << 20,
        "{} bytes written",
        server.flooded()
    );
}

/// `/r/N` redirects N times before the card: three are followed, a fourth is refused without
/// being followed.
#[test]
fn at_most_three_redirects_are_followed() {
    let pki = Pki::new();
    let server = Server::start(&pki, |path, _| {
        match path.strip_prefix("/r/").and_then(|n| n.parse::<u32>().ok()) {
            Some(0) => Reply::ok(card(&["https://a.example/".to_string()])),
            Some(n) => Reply::redirect(if n % 2 == 0 { 307 } else { 308 }, format!("/r/{}", n - 1)),
            None => Reply::status(404),
        }
    });
    let o = surfaces(&["card", &server.url("/r/3"), "--cacert", pki.ca(), "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json_out(&o);
    assert_eq!(v["fetchedFrom"]["url"], server.url("/r/0"));
    assert_eq!(v["fetchedFrom"]["redirects"].as_array().unwrap().len(), 3);

    let before = server.hits().len();
    let o = surfaces(&["card", &server.url("/r/4"), "--cacert", pki.ca()]);
    assert_problem(&o, "redirected more than 3 times");
    assert!(stderr(&o).contains(&server.url("/r/0")), "{}", stderr(&o));
    assert_eq!(server.hits()[before..], ["/r/4", "/r/3", "/r/2", "/r/1"]);
}

/// A redirect to another host (localhost is not 127.0.0.1, though both are this machine) or
/// to http: is refused, and the card it points at is never asked for.
#[test]
fn redirects_stay_on_the_host_and_on_https() {
    let pki = Pki::new();
    let server = Server::start(&pki, |path, port| match path {
        "/away" => Reply::redirect(302, format!("https://localhost:{port}/card.json")),
        "/down" => Reply::redirect(301, format!("http://127.0.0.1:{port}/card.json")),
        "/card.json" => Reply::ok(card(&["https://a.example/".to_string()])),
        _ => Reply::status(404),
    });
    let o = surfaces(&["card", &server.url("/away"), "--cacert", pki.ca()]);
    assert_problem(&o, "redirected to another host");
    assert!(stderr(&o).contains(&format!("https://localhost:{}/card.json", server.port)));
    let o = surfaces(&["card", &server.url("/down"), "--cacert", pki.ca()]);
    assert_problem(&o, "which is not https:");
    assert_eq!(server.hits(), ["/away", "/down"]);
    // The certificate names localhost too: given directly, that URL is fetched.
    let direct = format!("https://localhost:{}/card.json", server.port);
    let o = surfaces(&["card", &direct, "--cacert", pki.ca()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// One deadline covers the whole fetch: a listener that never speaks TLS, a server that never
/// answers, and one that sends a byte every 100 ms (so no single read waits long) all end at
/// the --timeout.
#[test]
fn the_timeout_covers_the_whole_fetch() {
    let pki = Pki::new();
    let server = Server::start(&pki, |path, _| match path {
        "/silent" => Reply::Silence,
        _ => Reply::Dribble {
            len: 200,
            every: Duration::from_millis(100),
        },
    });
    // Connections queue in the backlog without being accepted.
    let mute = TcpListener::bind("127.0.0.1:0").unwrap();
    let mute_url = format!(
        "https://127.0.0.1:{}/card.json",
        mute.local_addr().unwrap().port()
    );
    for url in [mute_url, server.url("/silent"), server.url("/dribble")] {
        let began = Instant::now();
        let o = surfaces(&["card", &url, "--cacert", pki.ca(), "--timeout", "0.5"]);
        let took = began.elapsed();
        assert_problem(&o, "no complete answer within 0.5 s");
        assert!(took < Duration::from_secs(4), "{url}: {took:?}");
    }
}

/// A status other than 200 means no card was fetched: an I/O problem (exit 2), as a file
/// that cannot be read is; the body of the answer is not checked.
#[test]
fn a_status_other_than_200_is_a_fetch_failure() {
    let pki = Pki::new();
    let server = Server::start(&pki, |path, _| match path {
        "/gone" => Reply::status(404),
        "/broken" => Reply::status(500),
        "/moved" => Reply::status(302),
        "/moved-odd" => Reply::Answer {
            status: 302,
            headers: vec![("location", "/card-\u{e9}.json".into())],
            body: Vec::new(),
        },
        _ => Reply::status(204),
    });
    for (path, says) in [
        ("/gone", "answered HTTP 404 Not Found"),
        ("/broken", "answered HTTP 500 Internal Server Error"),
        ("/moved", "answered HTTP 302 without a Location"),
        (
            "/moved-odd",
            "answered HTTP 302 with a Location that is not ASCII text",
        ),
        ("/empty", "answered HTTP 204 No Content"),
    ] {
        let o = surfaces(&["card", &server.url(path), "--cacert", pki.ca()]);
        assert_problem(&o, says);
    }
}

/// A body that is not JSON is the core's to judge: a finding (exit 1), never a failure, with
/// where it came from.
#[test]
fn a_body_that_is_not_json_is_a_finding() {
    let pki = Pki::new();
    let server = Server::start(&pki, |_, _| Reply::Answer {
        status: 200,
        headers: vec![("content-type", "text/html".into())],
        body: b"<html><body>Welcome</body></html>".to_vec(),
    });
    let url = server.url("/.well-known/agent-card.json");
    let o = surfaces(&["card", &url, "--cacert", pki.ca(), "--json"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let v = json_out(&o);
    assert_eq!(v["findings"][0]["code"], "card-not-json", "{v}");
    assert_eq!(v["fetchedFrom"]["url"], url);
    let o = surfaces(&["card", &url, "--cacert", pki.ca()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("card-not-json"), "{}", stdout(&o));
}

/// The fetch's options and --origin are checked before anything is read or sent.
#[test]
fn options_that_do_not_go_with_the_input_are_usage_errors() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let url = format!(
        "https://127.0.0.1:{}/card.json",
        listener.local_addr().unwrap().port()
    );
    for (args, says) in [
        (
            vec!["card", &url, "--origin", "https://a.example/"],
            "--origin cannot be used with a URL",
        ),
        (vec!["card", &url, "--timeout", "0"], "--timeout"),
        (vec!["card", &url, "--timeout", "soon"], "--timeout"),
        (vec!["card", "-", "--timeout", "1"], "go with a URL"),
        (
            vec!["card", "card.json", "--cacert", "ca.pem"],
            "go with a URL",
        ),
    ] {
        let o = surfaces(&args);
        assert_problem(&o, says);
        let err = stderr(&o);
        assert!(
            err.contains("Usage:") || err.contains("try '--help'"),
            "{args:?}: {err}"
        );
    }
    assert_eq!(
        listener.accept().map(|_| ()).unwrap_err().kind(),
        std::io::ErrorKind::WouldBlock,
        "a connection was made"
    );
}
