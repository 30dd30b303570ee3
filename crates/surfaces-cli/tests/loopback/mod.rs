//! An HTTPS server on 127.0.0.1 for the fetch tests, with a certificate authority made for
//! the run. Every wait in it is bounded: the accept loop ends when the server is dropped or
//! after a minute, and each connection has socket timeouts and a ceiling on how long it
//! stays quiet, so a test that fails cannot leave it running.

use std::io::{self, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, KeyPair, KeyUsagePurpose};
use rustls::pki_types::{PrivateKeyDer, PrivatePkcs8KeyDer};
use rustls::{ServerConfig, ServerConnection, StreamOwned};

/// A CA made for this test, its certificate in a PEM file for `--cacert`, and a server
/// certificate it signed for `127.0.0.1` and `localhost` (two hosts on loopback, for
/// redirects that leave the host).
pub struct Pki {
    pub ca_file: PathBuf,
    pub tls: Arc<ServerConfig>,
}

static FILES: AtomicUsize = AtomicUsize::new(0);

impl Pki {
    pub fn new() -> Pki {
        let ca_key = KeyPair::generate().unwrap();
        let mut ca = CertificateParams::new(Vec::<String>::new()).unwrap();
        ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        ca.distinguished_name
            .push(DnType::CommonName, "surfaces test CA");
        ca.key_usages = vec![
            KeyUsagePurpose::KeyCertSign,
            KeyUsagePurpose::DigitalSignature,
        ];
        let ca = ca.self_signed(&ca_key).unwrap();
        let key = KeyPair::generate().unwrap();
        let leaf = CertificateParams::new(vec!["127.0.0.1".to_string(), "localhost".to_string()])
            .unwrap()
            .signed_by(&key, &ca, &ca_key)
            .unwrap();
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let tls = ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .unwrap()
            .with_no_client_auth()
            .with_single_cert(
                vec![leaf.der().clone()],
                PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.serialize_der())),
            )
            .unwrap();
        let ca_file = std::env::temp_dir().join(format!(
            "surfaces-cli-ca-{}-{}.pem",
            std::process::id(),
            FILES.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::write(&ca_file, ca.pem()).unwrap();
        Pki {
            ca_file,
            tls: Arc::new(tls),
        }
    }

    pub fn ca(&self) -> &str {
        self.ca_file.to_str().unwrap()
    }
}

impl Drop for Pki {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.ca_file);
    }
}

/// What the server does with a request.
pub enum Reply {
    Answer {
        status: u16,
        headers: Vec<(&'static str, String)>,
        body: Vec<u8>,
    },
    /// Headers promising `len` bytes, then one byte every `every`: each read finds a byte,
    /// so only a deadline for the whole fetch ends it.
    Dribble { len: usize, every: Duration },
    /// A body of `len` bytes, written as fast as the client takes it; what was written before
    /// the client hung up is counted in [`Server::flooded`].
    Flood { len: usize },
    /// The request is read and never answered.
    Silence,
}

impl Reply {
    pub fn ok(body: impl Into<Vec<u8>>) -> Reply {
        Reply::Answer {
            status: 200,
            headers: vec![("content-type", "application/json".into())],
            body: body.into(),
        }
    }

    pub fn redirect(status: u16, location: impl Into<String>) -> Reply {
        Reply::Answer {
            status,
            headers: vec![("location", location.into())],
            body: Vec::new(),
        }
    }

    pub fn status(status: u16) -> Reply {
        Reply::Answer {
            status,
            headers: vec![("content-type", "text/plain".into())],
            body: b"no card here".to_vec(),
        }
    }
}

/// A request's path and the server's own port (for absolute URLs to itself) to a reply.
type Route = dyn Fn(&str, u16) -> Reply + Send + Sync;

pub struct Server {
    pub port: u16,
    stop: Arc<AtomicBool>,
    hits: Arc<Mutex<Vec<String>>>,
    flooded: Arc<AtomicUsize>,
    accept: Option<JoinHandle<()>>,
}

/// The longest the server keeps accepting, whatever the test does.
const LIFETIME: Duration = Duration::from_secs(60);
/// The longest a connection is held without an answer ([`Reply::Silence`]).
const QUIET: Duration = Duration::from_secs(10);

impl Server {
    /// Listens on 127.0.0.1 (a port the system picks) and answers each request with
    /// `route(path, port)`.
    pub fn start(pki: &Pki, route: impl Fn(&str, u16) -> Reply + Send + Sync + 'static) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let port = listener.local_addr().unwrap().port();
        let stop = Arc::new(AtomicBool::new(false));
        let hits = Arc::new(Mutex::new(Vec::new()));
        let flooded = Arc::new(AtomicUsize::new(0));
        let route: Arc<Route> = Arc::new(route);
        let tls = pki.tls.clone();
        let accept = {
            let (stop, hits, flooded) = (stop.clone(), hits.clone(), flooded.clone());
            std::thread::spawn(move || {
                let until = Instant::now() + LIFETIME;
                while !stop.load(Ordering::Relaxed) && Instant::now() < until {
                    match listener.accept() {
                        Ok((stream, _)) => {
                            let c = Connection {
                                port,
                                tls: tls.clone(),
                                route: route.clone(),
                                stop: stop.clone(),
                                hits: hits.clone(),
                                flooded: flooded.clone(),
                            };
                            std::thread::spawn(move || {
                                let _ = c.serve(stream);
                            });
                        }
                        Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                            std::thread::sleep(Duration::from_millis(5));
                        }
                        Err(_) => break,
                    }
                }
            })
        };
        Server {
            port,
            stop,
            hits,
            flooded,
            accept: Some(accept),
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("https://127.0.0.1:{}{path}", self.port)
    }

    /// The paths asked for, in order.
    pub fn hits(&self) -> Vec<String> {
        self.hits.lock().unwrap().clone()
    }

    /// Bytes of [`Reply::Flood`] bodies written before their clients hung up.
    pub fn flooded(&self) -> usize {
        self.flooded.load(Ordering::Relaxed)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.accept.take() {
            let _ = t.join();
        }
    }
}

struct Connection {
    port: u16,
    tls: Arc<ServerConfig>,
    route: Arc<Route>,
    stop: Arc<AtomicBool>,
    hits: Arc<Mutex<Vec<String>>>,
    flooded: Arc<AtomicUsize>,
}

impl Connection {
    /// One request per connection: every answer says `Connection: close`, so a client that
    /// follows a redirect opens a new one.
    fn serve(self, tcp: TcpStream) -> io::Result<()> {
        tcp.set_nonblocking(false)?;
        tcp.set_read_timeout(Some(Duration::from_secs(5)))?;
        tcp.set_write_timeout(Some(Duration::from_secs(5)))?;
        let conn = ServerConnection::new(self.tls.clone()).map_err(io::Error::other)?;
        let mut s = StreamOwned::new(conn, tcp);
        let path = read_request_path(&mut s)?;
        self.hits.lock().unwrap().push(path.clone());
        match (self.route)(&path, self.port) {
            Reply::Answer {
                status,
                headers,
                body,
            } => {
                let mut head = format!(
                    "HTTP/1.1 {status} X\r\ncontent-length: {}\r\nconnection: close\r\n",
                    body.len()
                );
                for (k, v) in headers {
                    head.push_str(&format!("{k}: {v}\r\n"));
                }
                head.push_str("\r\n");
                s.write_all(head.as_bytes())?;
                s.write_all(&body)?;
                s.flush()?;
                s.conn.send_close_notify();
                s.flush()
            }
            Reply::Dribble { len, every } => {
                s.write_all(ok_head(len).as_bytes())?;
                for _ in 0..len {
                    if self.stop.load(Ordering::Relaxed) {
                        break;
                    }
                    s.write_all(b" ")?;
                    s.flush()?;
                    std::thread::sleep(every);
                }
                Ok(())
            }
            Reply::Flood { len } => {
                s.write_all(ok_head(len).as_bytes())?;
                let chunk = [b' '; 16 * 1024];
                let mut left = len;
                while left > 0 {
                    let n = left.min(chunk.len());
                    s.write_all(&chunk[..n])?;
                    s.flush()?;
                    self.flooded.fetch_add(n, Ordering::Relaxed);
                    left -= n;
                }
                Ok(())
            }
            Reply::Silence => {
                let until = Instant::now() + QUIET;
                while !self.stop.load(Ordering::Relaxed) && Instant::now() < until {
                    std::thread::sleep(Duration::from_millis(20));
                }
                Ok(())
            }
        }
    }
}

fn ok_head(len: usize) -> String {
    format!(
        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {len}\r\n\
         connection: close\r\n\r\n"
    )
}

/// Reads a request head (at most 16 KiB) and returns its path.
fn read_request_path(s: &mut impl Read) -> io::Result<String> {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if head.len() > 16 * 1024 || s.read(&mut byte)? == 0 {
            return Err(io::ErrorKind::InvalidData.into());
        }
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head);
    let line = head.lines().next().unwrap_or_default();
    match line.split(' ').collect::<Vec<_>>()[..] {
        ["GET", path, _] => Ok(path.to_string()),
        _ => Err(io::ErrorKind::InvalidData.into()),
    }
}
