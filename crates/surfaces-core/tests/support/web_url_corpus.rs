//! The URL corpus (`tests/fixtures/web-url.json`), serde-typed, and one check of whatever
//! parser is installed against it: the `url` crate here, the host's `URL` in surfaces-host.

use serde::Deserialize;
use surfaces_core::web_url::{self, Host, UrlError};

pub const CORPUS: &str = include_str!("../../../../tests/fixtures/web-url.json");

#[derive(Deserialize)]
pub struct Corpus {
    pub urls: Vec<UrlCase>,
    pub nfkc: Vec<NfkcCase>,
    pub nfd: Vec<NfkcCase>,
    pub chars: Vec<CharCase>,
    pub unicode: Vec<UnicodeCase>,
}

#[derive(Deserialize)]
pub struct UrlCase {
    pub input: String,
    pub error: Option<String>,
    pub href: Option<String>,
    pub scheme: Option<String>,
    pub username: Option<String>,
    pub password: Option<String>,
    pub host: Option<HostCase>,
    pub port: Option<u16>,
}

#[derive(Deserialize)]
pub struct HostCase {
    pub kind: String,
    pub value: String,
}

/// A character's two properties, as the host's RegExp property escapes read them, and its
/// lowercase form, as the host's `toLowerCase` gives it.
#[derive(Deserialize)]
pub struct CharCase {
    pub char: char,
    pub graphic: bool,
    pub ignorable: bool,
    pub lower: String,
}

/// A normalization case: NFKC or NFD, by the list it is in.
#[derive(Deserialize)]
pub struct NfkcCase {
    pub input: String,
    pub output: String,
}

#[derive(Deserialize)]
pub struct UnicodeCase {
    pub ascii: String,
    pub unicode: Option<String>,
}

fn host_case(host: &Host) -> (&'static str, &str) {
    match host {
        Host::Domain(d) => ("domain", d),
        Host::Ipv4(a) => ("ipv4", a),
        Host::Ipv6(a) => ("ipv6", a),
    }
}

/// Every case the installed parser gets wrong, except the inputs in `expected_failures`
/// (which must each fail, so the list cannot go stale).
pub fn mismatches(expected_failures: &[&str]) -> Vec<String> {
    let corpus: Corpus = serde_json::from_str(CORPUS).expect("web-url.json is the corpus");
    let mut out = Vec::new();
    let mut failed = Vec::new();
    for case in &corpus.urls {
        let got = web_url::parse(&case.input);
        let wrong = match (&case.error, &got) {
            (Some(want), Err(e)) => {
                let e = match e {
                    UrlError::RelativeWithoutBase => "relative",
                    UrlError::Invalid => "invalid",
                    UrlError::NoParser => "no parser",
                    UrlError::NotDnsName => "not a DNS name",
                };
                (want != e).then(|| format!("{:?}: error {e}, want {want}", case.input))
            }
            (Some(want), Ok(u)) => {
                Some(format!("{:?}: parsed {u:?}, want error {want}", case.input))
            }
            (None, Err(e)) => Some(format!("{:?}: {e}", case.input)),
            (None, Ok(u)) => {
                let host = u.host.as_ref().map(host_case);
                let want_host = case
                    .host
                    .as_ref()
                    .map(|h| (h.kind.as_str(), h.value.as_str()));
                let same = Some(&u.href) == case.href.as_ref()
                    && Some(&u.scheme) == case.scheme.as_ref()
                    && Some(&u.username) == case.username.as_ref()
                    && Some(&u.password) == case.password.as_ref()
                    && host == want_host
                    && u.port == case.port;
                (!same).then(|| format!("{:?}: parsed {u:?}", case.input))
            }
        };
        if let Some(w) = wrong {
            failed.push(case.input.as_str());
            if !expected_failures.contains(&case.input.as_str()) {
                out.push(w);
            }
        }
    }
    for stale in expected_failures.iter().filter(|i| !failed.contains(i)) {
        out.push(format!(
            "{stale:?} is listed as an expected failure but passes"
        ));
    }
    let nfkc: fn(&str) -> String = web_url::nfkc;
    let forms = [
        ("nfkc", &corpus.nfkc, nfkc),
        ("nfd", &corpus.nfd, web_url::nfd),
    ];
    for (form, cases, normalize) in forms {
        for case in cases {
            let got = normalize(&case.input);
            if got != case.output {
                out.push(format!(
                    "{form} {:?} = {got:?}, want {:?}",
                    case.input, case.output
                ));
            }
        }
    }
    for case in &corpus.chars {
        let got = (
            web_url::is_graphic(case.char),
            web_url::is_default_ignorable(case.char),
        );
        if got != (case.graphic, case.ignorable) {
            out.push(format!(
                "{:?}: (graphic, ignorable) = {got:?}, want {:?}",
                case.char,
                (case.graphic, case.ignorable)
            ));
        }
        let kept = web_url::without_default_ignorables(&format!("a{}b", case.char));
        let want_kept = if case.ignorable && !surfaces_core::text::is_bidi_control(case.char) {
            "ab".to_string()
        } else {
            format!("a{}b", case.char)
        };
        if kept != want_kept {
            out.push(format!(
                "{:?}: without default ignorables {kept:?}, want {want_kept:?}",
                case.char
            ));
        }
        let lower = web_url::lowercase(&case.char.to_string());
        if lower != case.lower {
            out.push(format!(
                "{:?}: lowercase {lower:?}, want {:?}",
                case.char, case.lower
            ));
        }
    }
    // A text is lowered as each of its characters alone (the host's `toLowerCase` of the
    // whole writes a word's final `Σ` as `ς`; UTS #46 maps it to `σ`).
    let all: String = corpus.chars.iter().map(|c| c.char).collect();
    let each: String = corpus.chars.iter().map(|c| c.lower.as_str()).collect();
    for (text, want) in [(all.as_str(), each.as_str()), ("ΣΑΣ ΟΔΟΣ.", "σασ οδοσ.")] {
        let got = web_url::lowercase(text);
        if got != want {
            out.push(format!("lowercase of {text:?} = {got:?}, want {want:?}"));
        }
    }
    for case in &corpus.unicode {
        let got = web_url::domain_to_unicode(&case.ascii);
        if got != case.unicode {
            out.push(format!(
                "unicode of {:?} = {got:?}, want {:?}",
                case.ascii, case.unicode
            ));
        }
    }
    out
}

/// URLs generated near the plain form (`web_url::plain`) and past its edges, with the
/// corpus's: wherever `plain` reads one, the installed parser (`web_url::parse_fully`) reads
/// it the same. How many `plain` read, and every disagreement.
pub fn plain_disagreements() -> (usize, Vec<String>) {
    let corpus: Corpus = serde_json::from_str(CORPUS).expect("web-url.json is the corpus");
    let mut inputs: Vec<String> = corpus.urls.iter().map(|c| c.input.clone()).collect();
    let long = "a".repeat(70);
    let labels = [
        "a",
        "example",
        "a-b",
        "-a",
        "b-",
        "x1",
        "localhost",
        &long,
        "e",
        "z9-",
        "xn--abc",
        "xn--nxasmq6b",
        "1",
        "123",
        "0x1f",
        "A",
        "b_c",
        "",
        "EXAMPLE",
        "Xn--abc",
        "XN--nxasmq6b",
        "Cdn",
        "0",
        "09",
        "ex\u{e9}",
    ];
    inputs.extend(generated(&labels, 10, 6000));
    let mut read = 0;
    let mut wrong = Vec::new();
    for input in &inputs {
        if let Some(plain) = web_url::plain(input) {
            read += 1;
            let full = web_url::parse_fully(input);
            if full.as_ref() != Ok(&plain) {
                wrong.push(format!("{input:?}: plain {plain:?}, parser {full:?}"));
            }
        }
    }
    (read, wrong)
}

/// Every URL of the corpus and of the generated ones that the parser takes, its parts read
/// back from its `href` (`WebUrl::from_href`) against the parser's: how many were read, and
/// where they differ. (Not used by surfaces-host's tests, which include this file: there
/// the parser's parts are read back from its `href`.)
#[allow(dead_code)]
pub fn href_disagreements() -> (usize, Vec<String>) {
    let corpus: Corpus = serde_json::from_str(CORPUS).expect("web-url.json is the corpus");
    let mut inputs: Vec<String> = corpus.urls.iter().map(|c| c.input.clone()).collect();
    let labels = [
        "example",
        "xn--nxasmq6b",
        "ex\u{e9}",
        "A",
        "1",
        "",
        "b_c",
        "[::1]",
        "1.2.3.4",
    ];
    inputs.extend(generated(&labels, 3, 3000));
    for scheme in [
        "foo://u:p@h:1/x",
        "foo:/x",
        "foo:x",
        "mailto:a@b",
        "file:///x",
        "foo:///x",
        "foo://[::1]:8/",
    ] {
        inputs.push(scheme.to_string());
    }
    let mut read = 0;
    let mut wrong = Vec::new();
    for input in &inputs {
        if let Ok(url) = web_url::parse_fully(input) {
            read += 1;
            let back = web_url::WebUrl::from_href(url.href.clone());
            if back.as_ref() != Some(&url) {
                wrong.push(format!("{input:?}: parser {url:?}, from href {back:?}"));
            }
        }
    }
    (read, wrong)
}

/// URLs whose hosts have `xn--` labels, each read twice by `web_url::parse_with_unicode`
/// (the second time its host is one the parser has just given back, so a URL plain but for
/// that host is read without the parser) against the parser's reading and the host's
/// Unicode form: how many were read with a Unicode form both times, and where they differ.
pub fn idn_disagreements() -> (usize, Vec<String>) {
    let long = format!(
        "xn--{}",
        "80aaaaaaaaaa0cbbbbbbbbb6sacacacacacacacacaca149ceaeeeeeeee"
    );
    let labels = [
        "xn--nxasmq6b",
        "xn--80ak6aa92e",
        "xn--mnchen-3ya",
        "example",
        "xn--p1ai",
        &long,
        "cdn",
        "a-b",
        "xn--abc",
        "xn--zz-zz-zz",
        "XN--nxasmq6b",
        "Xn--80ak6aa92e",
        "xn--MNCHEN-3YA",
        "xn--",
        "xn--80ak6aa92e-",
        "EXAMPLE",
        "1",
        "",
        "ex\u{e9}",
    ];
    let mut read = 0;
    let mut wrong = Vec::new();
    for input in generated(&labels, 7, 4000) {
        // Read once before the parser's reading is known (the host may or may not have been
        // read lately), then again after it (it has).
        let first = web_url::parse_with_unicode(&input);
        let expected = web_url::parse_fully(&input).map(|url| {
            let unicode = match &url.host {
                Some(web_url::Host::Domain(d)) => web_url::domain_to_unicode(d),
                _ => None,
            };
            (url, unicode)
        });
        let second = web_url::parse_with_unicode(&input);
        for (time, got) in [("first", first), ("second", second)] {
            if got != expected {
                wrong.push(format!(
                    "{input:?}, read the {time} time: {got:?}, parser {expected:?}"
                ));
            }
        }
        read += usize::from(matches!(expected, Ok((_, Some(_)))));
    }
    (read, wrong)
}

/// `n` URLs of these host labels (the first `plain` of them the usual ones), with ports,
/// path segments, queries and fragments plain and not, from a fixed seed.
fn generated(labels: &[&str], plain: usize, n: usize) -> Vec<String> {
    // Each part drawn from its plain choices (the first few of each list) three times in
    // four, else from all of them, so that most URLs are plain and the rest are near it.
    let schemes = [
        "https://",
        "http://",
        "HTTPS://",
        "ftp://",
        "https:/",
        "https:///",
        "wss://",
    ];
    let ports = [
        "", ":443", ":80", ":8080", ":", ":08080", ":65535", ":65536", ":0", ":8443", ":123456",
        ":00443", ":1a",
    ];
    let segments = [
        "",
        "a",
        "~x",
        "A-Z",
        "!$&()*+,;=",
        "@",
        ":",
        ".a",
        "a.",
        "...",
        "b_c",
        ".",
        "..",
        "b%2e",
        "%2e",
        "%2E%2e",
        "a b",
        "x'y",
        "{",
        "\u{e9}",
        "\\",
        "^",
        "|",
        "`",
        "\t",
        "\"",
        "<>",
        "[]",
        "%20",
        "a%2Fb",
        "%2f",
        "%41",
        "%7E",
        "%5F",
        "%zz",
        "%4",
        "%",
        "%2E",
        "a%20b%C3%A9",
        "%00",
        "%1F",
        "%7F",
    ];
    let tails = [
        "",
        "?",
        "?q=1&b=2",
        "?a?b",
        "#",
        "#f",
        "#?x",
        "?q#f",
        "?/..",
        "#a#b",
        "?'",
        "?x y",
        "?%41",
        "#\"",
        "?<",
        "#`",
        "?{}",
        "? ",
        "#\u{e9}",
        "?\u{e9}",
        "?a%2Fb",
        "#%20",
        "?%7e",
        "?%",
        "#%zz",
        "?q=%E2%9C%93",
        "?%2D",
    ];
    let mut draw = Draw(0x2545_f491_4f6c_dd1d);
    let mut inputs = Vec::with_capacity(n);
    for _ in 0..n {
        let mut url = schemes[draw.pick(schemes.len(), 2)].to_string();
        let host: Vec<&str> = (0..1 + draw.next(3))
            .map(|_| labels[draw.pick(labels.len(), plain)])
            .collect();
        url.push_str(&host.join("."));
        url.push_str(ports[draw.pick(ports.len(), 1)]);
        for _ in 0..draw.next(4) {
            url.push('/');
            url.push_str(segments[draw.pick(segments.len(), 11)]);
        }
        url.push_str(tails[draw.pick(tails.len(), 10)]);
        inputs.push(url);
    }
    inputs
}

/// A fixed generator (xorshift), so every run tries the same URLs.
struct Draw(u64);

impl Draw {
    fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    /// A place in a list of `len`: among its first `plain` three times in four.
    fn pick(&mut self, len: usize, plain: usize) -> usize {
        if self.next(4) == 0 {
            self.next(len)
        } else {
            self.next(plain)
        }
    }
}
