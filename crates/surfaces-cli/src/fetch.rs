//! `surfaces card https://…`: a card fetched within bounds a server cannot stretch. HTTPS on
//! every hop; at most `cap + 1` bytes of body (the caller passes the core's `cardBytes`, so a
//! card that is too large is the same `card-too-large` finding as a file that is); one
//! deadline for the whole fetch, redirects and body included, so a server that dribbles bytes
//! cannot hold the run; and at most [`MAX_REDIRECTS`] redirects, each on the host asked for.
//!
//! Redirects are followed here rather than by the HTTP client: same-origin is computed from
//! the URL the card finally came from, so every hop has to be checked and recorded.

use std::path::Path;
use std::time::Duration;

use url::Url;
#[cfg(not(target_arch = "wasm32"))]
use {
    std::fmt::Write as _,
    std::io::{self, Read},
    std::time::Instant,
    ureq::tls::{Certificate, PemItem, RootCerts, TlsConfig},
    ureq::Agent,
};

/// The certificates `--cacert` names, trusted instead of the built-in roots.
#[cfg(not(target_arch = "wasm32"))]
pub type Roots = Vec<Certificate<'static>>;
/// The CLI is a native program; on wasm32 (built there only so the workspace's lints cover
/// it) nothing is fetched.
#[cfg(target_arch = "wasm32")]
pub type Roots = Vec<()>;
#[cfg(target_arch = "wasm32")]
const NO_NETWORK: &str = "fetching is not available in a WebAssembly build of the CLI";

#[cfg(target_arch = "wasm32")]
pub fn trusted_roots(_path: &Path) -> Result<Roots, String> {
    Err(NO_NETWORK.to_string())
}

#[cfg(target_arch = "wasm32")]
pub fn fetch(_: &Url, _: usize, _: Duration, _: Option<Roots>) -> Result<Fetched, String> {
    Err(NO_NETWORK.to_string())
}

/// Redirects followed before the fetch is given up: enough for the usual `/` →
/// `/.well-known/agent-card.json` moves, few enough that a loop ends at once.
pub const MAX_REDIRECTS: usize = 3;

/// The whole fetch's budget when `--timeout` is not given, in seconds.
pub const DEFAULT_TIMEOUT_SECS: f64 = 10.0;

/// A card as it came off the network.
pub struct Fetched {
    /// The URL the card was served from, after the redirects: the one same-origin is
    /// computed from.
    pub url: Url,
    /// The URLs that answered with a redirect, in the order they were asked.
    pub redirects: Vec<Url>,
    /// At most `cap + 1` bytes of the body: one more than the cap says there was more.
    pub bytes: Vec<u8>,
}

/// Whether a FILE argument names a URL (`scheme://…`) rather than a path.
pub fn looks_like_url(arg: &str) -> bool {
    let Some((scheme, _)) = arg.split_once("://") else {
        return false;
    };
    let mut chars = scheme.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

/// The URL to fetch, or why it is not one this command fetches.
pub fn https_url(arg: &str) -> Result<Url, String> {
    let url = Url::parse(arg).map_err(|e| format!("{arg:?} is not a URL ({e})"))?;
    if url.scheme() != "https" {
        return Err(format!(
            "only https:// URLs are fetched, not {}: URLs (to check a card served another \
             way, save it to a file and give its URL with --origin)",
            url.scheme()
        ));
    }
    if url.host().is_none() {
        return Err(format!("{arg:?} names no host"));
    }
    Ok(url)
}

/// The certificates of a `--cacert` PEM file, trusted instead of the built-in roots.
#[cfg(not(target_arch = "wasm32"))]
pub fn trusted_roots(path: &Path) -> Result<Roots, String> {
    let pem = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut certs = Vec::new();
    for item in ureq::tls::parse_pem(&pem) {
        match item {
            Ok(PemItem::Certificate(c)) => certs.push(c),
            Ok(_) => {}
            Err(e) => return Err(format!("{} is not PEM: {e}", path.display())),
        }
    }
    if certs.is_empty() {
        return Err(format!("{} holds no PEM certificate", path.display()));
    }
    Ok(certs)
}

/// Fetches `url`, reading at most `cap + 1` bytes of its body. `Err` says why there is no
/// card to check (a refused redirect, a status other than 200, the deadline, a network or
/// TLS failure); what the body holds is the core's to judge.
#[cfg(not(target_arch = "wasm32"))]
pub fn fetch(
    url: &Url,
    cap: usize,
    timeout: Duration,
    roots: Option<Roots>,
) -> Result<Fetched, String> {
    let deadline = Instant::now() + timeout;
    let agent = agent(roots);
    let mut at = url.clone();
    let mut redirects = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(timed_out(timeout));
        }
        let response = agent
            .get(at.as_str())
            .config()
            .timeout_global(Some(left))
            .build()
            .call()
            .map_err(|e| failure(e, timeout))?;
        let status = response.status();
        if matches!(status.as_u16(), 301 | 302 | 303 | 307 | 308) {
            let location = response.headers().get("location");
            if location.is_some_and(|v| v.to_str().is_err()) {
                return Err(format!(
                    "{at} answered HTTP {status} with a Location that is not ASCII text; \
                     it is not followed",
                    status = status.as_u16()
                ));
            }
            let location = location.and_then(|v| v.to_str().ok());
            let next = next_hop(&at, status.as_u16(), location)?;
            redirects.push(at);
            if redirects.len() > MAX_REDIRECTS {
                return Err(format!(
                    "it redirected more than {MAX_REDIRECTS} times ({}); at most \
                     {MAX_REDIRECTS} redirects are followed",
                    chain(&redirects, &next)
                ));
            }
            at = next;
            continue;
        }
        if status.as_u16() != 200 {
            let reason = status.canonical_reason().unwrap_or("");
            return Err(format!(
                "{at} answered HTTP {} {reason}; a card is read from a 200 answer only",
                status.as_u16()
            ));
        }
        let limit = u64::try_from(cap).unwrap_or(u64::MAX).saturating_add(1);
        let mut bytes = Vec::new();
        response
            .into_body()
            .into_reader()
            .take(limit)
            .read_to_end(&mut bytes)
            .map_err(|e| failure(ureq::Error::from(e), timeout))?;
        return Ok(Fetched {
            url: at,
            redirects,
            bytes,
        });
    }
}

/// The next URL of a redirect from `from`, held to the fetch's rules: a `Location` there is,
/// `https:`, on the same host. A redirect to another host is refused rather than followed:
/// the card would then be checked against an origin the person did not name.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
fn next_hop(from: &Url, status: u16, location: Option<&str>) -> Result<Url, String> {
    let location =
        location.ok_or_else(|| format!("{from} answered HTTP {status} without a Location"))?;
    let next = from
        .join(location)
        .map_err(|e| format!("{from} redirected to {location:?}, which is not a URL ({e})"))?;
    if next.scheme() != "https" {
        return Err(format!(
            "{from} redirected to {next}, which is not https:; only https:// URLs are fetched"
        ));
    }
    if next.host() != from.host() {
        return Err(format!(
            "{from} redirected to another host ({next}); redirects are followed on the same \
             host only, so that same-origin is computed against the host you named. To check \
             the card there, give that URL"
        ));
    }
    Ok(next)
}

#[cfg(not(target_arch = "wasm32"))]
fn chain(redirects: &[Url], next: &Url) -> String {
    let mut s = String::new();
    for u in redirects {
        let _ = write!(s, "{u} -> ");
    }
    let _ = write!(s, "{next}");
    s
}

#[cfg(not(target_arch = "wasm32"))]
fn agent(roots: Option<Roots>) -> Agent {
    let roots = roots.map_or(RootCerts::WebPki, RootCerts::from);
    Agent::config_builder()
        .https_only(true)
        // Followed by [`fetch`], hop by hop.
        .max_redirects(0)
        // A status other than 200 is a message of ours that names it.
        .http_status_as_error(false)
        .tls_config(TlsConfig::builder().root_certs(roots).build())
        .user_agent(format!("surfaces/{}", env!("CARGO_PKG_VERSION")))
        .accept("application/json")
        .build()
        .new_agent()
}

#[cfg(not(target_arch = "wasm32"))]
fn failure(e: ureq::Error, timeout: Duration) -> String {
    match e {
        ureq::Error::Timeout(_) => timed_out(timeout),
        ureq::Error::Io(ref io) if io.kind() == io::ErrorKind::TimedOut => timed_out(timeout),
        e => e.to_string(),
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn timed_out(timeout: Duration) -> String {
    format!(
        "no complete answer within {} s (--timeout)",
        timeout.as_secs_f64()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_told_from_paths() {
        for url in [
            "https://a.example/",
            "http://a.example",
            "HTTPS://A.EXAMPLE",
            "file:///x",
        ] {
            assert!(looks_like_url(url), "{url}");
        }
        for path in [
            "card.json",
            "-",
            "./https://a.example",
            "/tmp/a://b",
            "c:\\x",
            "1a://b",
        ] {
            assert!(!looks_like_url(path), "{path}");
        }
    }

    #[test]
    fn only_https_urls_with_a_host_are_fetched() {
        assert!(https_url("HTTPS://A.Example/card").is_ok());
        for url in [
            "http://a.example/",
            "ftp://a.example/",
            "file:///etc/passwd",
            "https://",
        ] {
            assert!(https_url(url).is_err(), "{url}");
        }
    }

    #[test]
    fn redirects_stay_on_https_and_the_same_host() {
        let from = Url::parse("https://a.example/x/card").unwrap();
        let hop = |loc| next_hop(&from, 302, Some(loc));
        assert_eq!(
            hop("../.well-known/agent-card.json").unwrap().as_str(),
            "https://a.example/.well-known/agent-card.json"
        );
        // Another port is the same host; the origin the card is checked against is the
        // final URL's, port included.
        assert_eq!(
            hop("https://A.EXAMPLE:8443/c").unwrap().as_str(),
            "https://a.example:8443/c"
        );
        assert!(hop("http://a.example/card").is_err());
        assert!(hop("https://b.example/card").is_err());
        assert!(hop("//b.example/card").is_err());
        assert!(hop("https://a.example.evil/card").is_err());
        assert!(next_hop(&from, 302, None).is_err());
    }
}
