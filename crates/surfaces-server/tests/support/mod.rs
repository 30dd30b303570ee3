//! Loopback helpers: the server in-process, a recording upstream, a sentinel that must hear
//! nothing, and a raw HTTP/1.1 client for request targets no library would send.
#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use surfaces_server::{app, AgentTarget, Config};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

pub const TEST_TIME: Duration = Duration::from_secs(40);
/// How long `/flood` sends unless the proxy lets go first: ten times the longest
/// `stream_max` a test of it sets, and half `TEST_TIME`.
pub const FLOOD_FOR: Duration = Duration::from_secs(20);
/// The most events `/flood` sends (32 GiB), so that it is bounded in count as well as time.
pub const FLOOD_EVENTS: usize = 1 << 21;

pub async fn bounded<T>(f: impl std::future::Future<Output = T>) -> T {
    tokio::time::timeout(TEST_TIME, f)
        .await
        .expect("the test took too long")
}

/// A built console's stand-in, and a secret file beside it that must never be served.
pub fn dist() -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "surfaces-server-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let dist = root.join("dist");
    std::fs::create_dir_all(dist.join("snippets")).unwrap();
    std::fs::write(root.join("secret.txt"), "TOP-SECRET").unwrap();
    std::fs::write(dist.join(".hidden"), "TOP-SECRET").unwrap();
    std::fs::write(
        dist.join("index.html"),
        "<!doctype html><script type=module src=/boot.js></script>",
    )
    .unwrap();
    std::fs::write(dist.join("boot.js"), "import init from './web.js';").unwrap();
    std::fs::write(dist.join("web_bg.wasm"), b"\0asm\x01\0\0\0").unwrap();
    std::fs::write(dist.join("style.css"), "body{}").unwrap();
    std::fs::write(dist.join("snippets").join("a.js"), "export {}").unwrap();
    dist
}

pub fn agent(name: &str, url: &str) -> AgentTarget {
    AgentTarget::parse(&format!("{name}={url}")).unwrap()
}

/// Starts the server in-process on 127.0.0.1:0; returns `http://127.0.0.1:PORT/`.
pub async fn server(config: Config) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = surfaces_server::url_of(listener.local_addr().unwrap());
    // As the binary serves: with its connection limit and header timeout.
    let _ = app(config.clone()).unwrap();
    tokio::spawn(async move {
        let _ = surfaces_server::serve(listener, config).await;
    });
    url
}

pub fn host_of(url: &str) -> String {
    url.trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string()
}

pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .no_proxy()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap()
}

/// A listener that must never be contacted: it counts connections.
pub struct Sentinel {
    pub addr: String,
    pub hits: Arc<AtomicUsize>,
}

pub async fn sentinel() -> Sentinel {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let hits = Arc::new(AtomicUsize::new(0));
    let h = Arc::clone(&hits);
    tokio::spawn(async move {
        while let Ok((_s, _)) = listener.accept().await {
            h.fetch_add(1, Ordering::SeqCst);
        }
    });
    Sentinel { addr, hits }
}

/// An upstream that records each request's head (lowercased) and body, and answers by path:
/// `/redirect` (302 to `redirect_to`), `/big` (2 MiB), `/slow` (after 3 s), `/flood` (an
/// event stream for `FLOOD_FOR`), `/html` and `/two-types` (a page), `/script` (a script), `/quiet` (a stream of one
/// event, then silence), `/bytes/N` and `/chunked/N` (N bytes, with a length or in chunks), `/status/N` (status N
/// and nothing else), anything else `{"ok":true}` with a `Set-Cookie`.
pub struct Recorder {
    pub url: String,
    pub heads: Arc<Mutex<Vec<String>>>,
    pub connections: Arc<AtomicUsize>,
}

pub async fn recorder(redirect_to: String) -> Recorder {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/", listener.local_addr().unwrap());
    let heads = Arc::new(Mutex::new(Vec::new()));
    let connections = Arc::new(AtomicUsize::new(0));
    let (h, c) = (Arc::clone(&heads), Arc::clone(&connections));
    tokio::spawn(async move {
        while let Ok((sock, _)) = listener.accept().await {
            c.fetch_add(1, Ordering::SeqCst);
            let h = Arc::clone(&h);
            let redirect_to = redirect_to.clone();
            tokio::spawn(async move {
                let _ = answer(sock, h, &redirect_to).await;
            });
        }
    });
    Recorder {
        url,
        heads,
        connections,
    }
}

async fn answer(
    mut sock: TcpStream,
    heads: Arc<Mutex<Vec<String>>>,
    redirect_to: &str,
) -> std::io::Result<()> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    let head_end = loop {
        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
        let n = sock.read(&mut chunk).await?;
        if n == 0 || buf.len() > 65536 {
            return Ok(());
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).to_ascii_lowercase();
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0);
    while buf.len() < head_end + length {
        let n = sock.read(&mut chunk).await?;
        if n == 0 {
            break;
        }
        buf.extend_from_slice(&chunk[..n]);
    }
    let body = String::from_utf8_lossy(&buf[head_end..]).to_string();
    heads.lock().unwrap().push(format!("{head}{body}"));
    let path = head.split(' ').nth(1).unwrap_or("/").to_string();
    match path.as_str() {
        "/redirect" => {
            let r = format!("HTTP/1.1 302 Found\r\nLocation: {redirect_to}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
            sock.write_all(r.as_bytes()).await?;
        }
        "/big" => {
            let n = 2 * 1024 * 1024;
            let r = format!("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {n}\r\nConnection: close\r\n\r\n");
            sock.write_all(r.as_bytes()).await?;
            sock.write_all(&vec![b' '; n]).await?;
        }
        "/slow" => {
            tokio::time::sleep(Duration::from_secs(3)).await;
            sock.write_all(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}").await?;
        }
        "/flood" => {
            sock.write_all(
                b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n",
            )
            .await?;
            let event = format!("data: {}\n\n", "x".repeat(16 * 1024));
            // Bounded by time first (`FLOOD_FOR`), and by a count far past it
            // (`FLOOD_EVENTS`): a count of 1 GiB ran out in 1.7 s on a fast machine, before a
            // 2 s `stream_max` ended the stream, so a test of that limit passed or failed by
            // the machine's speed. It stops as soon as the proxy lets go.
            let until = tokio::time::Instant::now() + FLOOD_FOR;
            for _ in 0..FLOOD_EVENTS {
                if tokio::time::Instant::now() >= until {
                    break;
                }
                sock.write_all(event.as_bytes()).await?;
            }
        }
        "/html" | "/two-types" => {
            // A page; or a page under two types, of which a browser reads the last.
            let page = "<!doctype html><script src=/agents/rec/script></script>";
            let first = if path == "/html" {
                ""
            } else {
                "Content-Type: application/json\r\n"
            };
            let r = format!("HTTP/1.1 200 OK\r\n{first}Content-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{page}", page.len());
            sock.write_all(r.as_bytes()).await?;
        }
        "/script" => {
            let r = "HTTP/1.1 200 OK\r\nContent-Type: text/javascript\r\nContent-Length: 9\r\nConnection: close\r\n\r\nalert(1);";
            sock.write_all(r.as_bytes()).await?;
        }
        "/quiet" => {
            // One event, then silence (bounded).
            sock.write_all(
                b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\ndata: {}\n\n",
            )
            .await?;
            tokio::time::sleep(Duration::from_secs(20)).await;
        }
        p if p.starts_with("/bytes/") || p.starts_with("/chunked/") => {
            // N bytes, with a Content-Length or in chunks of 64 KiB.
            let n: usize = p
                .rsplit('/')
                .next()
                .and_then(|n| n.parse().ok())
                .unwrap_or(0);
            let body = vec![b' '; n];
            if p.starts_with("/bytes/") {
                let r = format!("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {n}\r\nConnection: close\r\n\r\n");
                sock.write_all(r.as_bytes()).await?;
                sock.write_all(&body).await?;
            } else {
                sock.write_all(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n").await?;
                for part in body.chunks(64 * 1024) {
                    sock.write_all(format!("{:x}\r\n", part.len()).as_bytes())
                        .await?;
                    sock.write_all(part).await?;
                    sock.write_all(b"\r\n").await?;
                }
                sock.write_all(b"0\r\n\r\n").await?;
            }
        }
        p if p.starts_with("/status/") => {
            let code = &p["/status/".len()..];
            let r =
                format!("HTTP/1.1 {code} Odd\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
            sock.write_all(r.as_bytes()).await?;
        }
        _ => {
            let r = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nSet-Cookie: upstream=1\r\nX-Upstream-Secret: 1\r\nA2A-Version: 0.3\r\nContent-Length: 11\r\nConnection: close\r\n\r\n{\"ok\":true}";
            sock.write_all(r.as_bytes()).await?;
        }
    }
    Ok(())
}

/// Sends `request` as written and reads the whole answer (the request should say
/// `Connection: close`). Returns the status, the head (lowercased) and the body.
pub async fn raw(server: &str, request: &[u8]) -> (u16, String, Vec<u8>) {
    let mut sock = TcpStream::connect(host_of(server)).await.unwrap();
    sock.write_all(request).await.unwrap();
    let mut buf = Vec::new();
    tokio::time::timeout(Duration::from_secs(15), sock.read_to_end(&mut buf))
        .await
        .expect("the server answered in time")
        .unwrap();
    let end = buf
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map_or(buf.len(), |i| i + 4);
    let head = String::from_utf8_lossy(&buf[..end]).to_ascii_lowercase();
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, head, buf[end..].to_vec())
}

pub fn get(target: &str, host: &str) -> Vec<u8> {
    format!("GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").into_bytes()
}
