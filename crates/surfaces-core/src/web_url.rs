//! URLs as the WHATWG URL Standard parses them, from whichever parser the build carries.
//!
//! Native builds parse with the `url` crate. In WebAssembly the host already holds a WHATWG
//! parser, the reference one (`URL` in browsers and Node), with the IDNA tables it needs;
//! shipping the `url` crate there would add those tables to every page (issue 16). So a
//! wasm32 build without the `url-crate` feature parses through a [`Parser`] the embedder
//! installs once ([`install`]): the npm binding and the console install the host's, from
//! `surfaces-host`. One corpus (`tests/fixtures/web-url.json`) holds both parsers to the same
//! results. Until a parser is installed, every URL is refused (fail closed, never open).
//!
//! The same goes for NFKC normalization, which reading host names out of a label needs,
//! NFD, which look-alike skeletons are computed over (`String.prototype.normalize` in the
//! host, `unicode-normalization` natively), and the two character properties that tell
//! whether text draws anything (RegExp property escapes in the host, `icu_properties`
//! natively).

use std::borrow::Cow;
use std::cell::RefCell;
use std::fmt;
use std::sync::OnceLock;

use crate::recent::Recent;

/// The host of a parsed URL, serialised as WHATWG serialises it (IPv6 in brackets).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Host {
    /// A domain in ASCII (punycode) form, or an opaque host of a non-special scheme.
    Domain(String),
    /// An IPv4 address in dotted-decimal form.
    Ipv4(String),
    /// An IPv6 address, in brackets: `[::1]`.
    Ipv6(String),
}

impl Host {
    /// The serialised host (`URL.hostname`).
    pub fn as_str(&self) -> &str {
        match self {
            Host::Domain(s) | Host::Ipv4(s) | Host::Ipv6(s) => s,
        }
    }

    /// Classifies a serialised host (`URL.hostname`) of a URL with this scheme. WHATWG
    /// parses a special URL's host whose last label is a number as IPv4 (or fails), so a
    /// serialised one made of digits and dots is one; other schemes' hosts are opaque.
    pub fn from_serialised(scheme: &str, host: &str) -> Option<Host> {
        if host.is_empty() {
            None
        } else if host.starts_with('[') {
            Some(Host::Ipv6(host.to_string()))
        } else if is_special(scheme)
            // An IPv4 address is serialised as four decimal numbers; a domain of dots alone
            // (`.`) is no address.
            && host.split('.').count() == 4
            && host
                .split('.')
                .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        {
            Some(Host::Ipv4(host.to_string()))
        } else {
            Some(Host::Domain(host.to_string()))
        }
    }
}

/// The parts of a parsed URL the checks read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebUrl {
    /// The serialisation (`URL.href`).
    pub href: String,
    /// The scheme, lower case, without the colon.
    pub scheme: String,
    /// The user name, percent-encoded; empty when there is none.
    pub username: String,
    /// The password, percent-encoded; empty when there is none (WHATWG does not tell an
    /// empty password from none).
    pub password: String,
    pub host: Option<Host>,
    /// The port when it is given and not the scheme's default.
    pub port: Option<u16>,
}

/// An origin as WHATWG defines it: a tuple for `http:`, `https:`, `ws:`, `wss:` and `ftp:`
/// URLs, opaque for everything else. Opaque origins are same-origin with nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    pub scheme: String,
    pub host: String,
    /// The port, the scheme's default filled in.
    pub port: u16,
}

impl Origin {
    /// `https://host[:port]`, the port left out when it is the scheme's default.
    pub fn ascii_serialization(&self) -> String {
        match default_port(&self.scheme) {
            Some(p) if p == self.port => format!("{}://{}", self.scheme, self.host),
            _ => format!("{}://{}:{}", self.scheme, self.host, self.port),
        }
    }
}

fn default_port(scheme: &str) -> Option<u16> {
    match scheme {
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        "ftp" => Some(21),
        _ => None,
    }
}

impl WebUrl {
    /// The parts of a URL read back from its serialisation (`URL.href`, as a WHATWG parser
    /// writes it), or `None` when `href` is no such serialisation. Its user information,
    /// host and port are written in one way only (each `@`, `:`, `/`, `?` and `#` in user
    /// information escaped; a port only when it is not the default), so they are read back
    /// as the parser's own getters give them: a host parser asked for `href` alone crosses
    /// out of wasm and back once where six getters crossed six times.
    pub fn from_href(href: String) -> Option<WebUrl> {
        let colon = href.find(':')?;
        let scheme = href[..colon].to_string();
        let (mut username, mut password, mut host, mut port) =
            (String::new(), String::new(), None, None);
        if let Some(rest) = href[colon + 1..].strip_prefix("//") {
            let authority = &rest[..rest.find(['/', '?', '#']).unwrap_or(rest.len())];
            let host_port = match authority.rsplit_once('@') {
                Some((userinfo, host_port)) => {
                    let (user, pass) = userinfo.split_once(':').unwrap_or((userinfo, ""));
                    username = user.to_string();
                    password = pass.to_string();
                    host_port
                }
                None => authority,
            };
            // An IPv6 host's colons are within its brackets.
            let host_end = match host_port.strip_prefix('[') {
                Some(v6) => v6.find(']')? + 2,
                None => host_port.find(':').unwrap_or(host_port.len()),
            };
            host = Host::from_serialised(&scheme, &host_port[..host_end]);
            port = match &host_port[host_end..] {
                "" => None,
                p => Some(p.strip_prefix(':')?.parse().ok()?),
            };
        }
        Some(WebUrl {
            href,
            scheme,
            username,
            password,
            host,
            port,
        })
    }

    pub fn host_str(&self) -> Option<&str> {
        self.host.as_ref().map(Host::as_str)
    }

    pub fn is_ip(&self) -> bool {
        matches!(self.host, Some(Host::Ipv4(_) | Host::Ipv6(_)))
    }

    pub fn has_credentials(&self) -> bool {
        !self.username.is_empty() || !self.password.is_empty()
    }

    /// The tuple origin, or `None` for an opaque one.
    pub fn origin(&self) -> Option<Origin> {
        let port = default_port(&self.scheme)?;
        Some(Origin {
            scheme: self.scheme.clone(),
            host: self.host_str()?.to_string(),
            port: self.port.unwrap_or(port),
        })
    }
}

/// Why a text is not a URL. The parsers say no more than this alike; what a person is told
/// beyond it comes from [`Failure::of`], which reads the text, so both builds word it alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UrlError {
    /// No scheme: a relative reference, which needs a base.
    RelativeWithoutBase,
    /// Not a URL by the WHATWG rules.
    Invalid,
    /// No parser is installed (a wasm32 embedder that did not call [`install`]).
    NoParser,
    /// A URL by the WHATWG rules whose host no name in the DNS has: a label longer than
    /// [`LONGEST_LABEL`] or more than [`LONGEST_HOST`] in all ([`parse_dns`]).
    NotDnsName,
}

impl fmt::Display for UrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            UrlError::RelativeWithoutBase => "a relative URL, with no scheme",
            UrlError::Invalid => "not a valid URL",
            UrlError::NoParser => "no URL parser is installed in this build",
            UrlError::NotDnsName => "a URL whose host no name in the DNS has",
        })
    }
}

/// Which part of a text that is not a URL is at fault, for wording: read from the text, so
/// it does not depend on which parser refused it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    Relative,
    EmptyHost,
    Port,
    IpAddress,
    /// An `xn--` label that is no IDNA form of anything.
    Punycode,
    HostCharacters,
    NoParser,
    /// A host too long for the DNS ([`UrlError::NotDnsName`]).
    NotDnsName,
    Other,
}

impl Failure {
    /// Why `raw` did not parse, given that it did not.
    pub fn of(raw: &str, error: UrlError) -> Failure {
        match error {
            UrlError::RelativeWithoutBase => return Failure::Relative,
            UrlError::NoParser => return Failure::NoParser,
            UrlError::NotDnsName => return Failure::NotDnsName,
            UrlError::Invalid => {}
        }
        let Some(auth) = authority(raw) else {
            return Failure::Other;
        };
        let host_port = after_credentials(&auth);
        // `[v6]:port`: the port is what follows the bracket.
        if let Some(rest) = host_port.strip_prefix('[') {
            return match rest
                .split_once(']')
                .and_then(|(_, after)| after.strip_prefix(':'))
            {
                Some(port) if !port_ok(port) => Failure::Port,
                _ => Failure::IpAddress,
            };
        }
        let (host, port) = match host_port.split_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (host_port, None),
        };
        if host.is_empty() {
            Failure::EmptyHost
        } else if port.is_some_and(|p| !port_ok(p)) {
            Failure::Port
        } else if host
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'.' || b == b'x')
            && host.bytes().next().is_some_and(|b| b.is_ascii_digit())
        {
            Failure::IpAddress
        } else if host
            .split('.')
            .any(|l| l.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--")))
        {
            Failure::Punycode
        } else {
            Failure::HostCharacters
        }
    }

    /// What is wrong, in a few plain words.
    pub fn words(self) -> &'static str {
        match self {
            Failure::Relative => "it has no scheme, such as https:",
            Failure::EmptyHost => "it names no host",
            Failure::Port => "its port is not a number from 0 to 65535",
            Failure::IpAddress => "its host looks like an IP address but is not a valid one",
            Failure::Punycode => {
                "its host has an xn-- label that is not the encoding of a valid international name"
            }
            Failure::HostCharacters => "its host holds characters a host name cannot have",
            Failure::NoParser => "this build has no URL parser installed",
            Failure::NotDnsName => {
                "its host has a label of more than 63 characters, or more than 253 in all, and no name in the DNS has one"
            }
            Failure::Other => "it does not follow the URL syntax",
        }
    }
}

/// A port as WHATWG reads one: empty (the default), or ASCII digits up to 65535.
fn port_ok(port: &str) -> bool {
    port.is_empty()
        || (port.bytes().all(|b| b.is_ascii_digit())
            && port.parse::<u32>().is_ok_and(|n| n <= 65535))
}

/// Host and port: what follows the last `@` of an authority.
fn after_credentials(authority: &str) -> &str {
    authority.rsplit_once('@').map_or(authority, |(_, h)| h)
}

/// The authority of a URL's text (user information, host and port), as the parser finds it:
/// tabs and newlines dropped, after the scheme and the slashes or backslashes that follow it.
fn authority(raw: &str) -> Option<Cow<'_, str>> {
    let raw = raw.trim_matches(|c: char| c <= ' ');
    let of = |text: &str| -> Option<(usize, usize)> {
        let (scheme, rest) = text.split_once(':')?;
        let after = rest.trim_start_matches(['/', '\\']);
        let start = scheme.len() + 1 + (rest.len() - after.len());
        Some((
            start,
            start + after.find(['/', '?', '#', '\\']).unwrap_or(after.len()),
        ))
    };
    // Most URLs hold no tab or newline: their authority is a slice of them.
    if !raw.contains(['\t', '\n', '\r']) {
        let (start, end) = of(raw)?;
        return Some(Cow::Borrowed(&raw[start..end]));
    }
    let text: String = raw
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let (start, end) = of(&text)?;
    Some(Cow::Owned(text[start..end].to_string()))
}

/// Whether `input` starts with a scheme and its colon, after what the WHATWG parser strips
/// (leading C0 controls and spaces; tabs and newlines anywhere). A text that does not is a
/// relative reference: with no base, the parser fails on it for that reason.
pub fn starts_with_scheme(input: &str) -> bool {
    let mut chars = input
        .trim_start_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'));
    if !chars.next().is_some_and(|c| c.is_ascii_alphabetic()) {
        return false;
    }
    for c in chars {
        if c == ':' {
            return true;
        }
        if !(c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')) {
            return false;
        }
    }
    false
}

/// A WHATWG URL parser, and the Unicode data that goes with reading hosts and labels:
/// normalization and two character properties. In wasm32 the host has all of it (`URL`,
/// `String.prototype.normalize`, RegExp property escapes), so the package carries none of
/// the tables.
pub trait Parser: Send + Sync {
    /// Parses an absolute URL.
    fn parse(&self, input: &str) -> Result<WebUrl, UrlError>;
    /// The NFKC form of `text`.
    fn nfkc(&self, text: &str) -> String;
    /// The NFD form of `text`.
    fn nfd(&self, text: &str) -> String;
    /// Whether `c` is a letter, number, punctuation mark or symbol (general categories L, N,
    /// P and S).
    fn is_graphic(&self, c: char) -> bool;
    /// Whether `c` is a Default_Ignorable_Code_Point.
    fn is_default_ignorable(&self, c: char) -> bool;
    /// Each character of `text` in its full lowercase mapping, on its own (SpecialCasing's
    /// unconditional mappings, so `İ` gives `i̇`), as `char::to_lowercase` gives it. `text`
    /// holds no `Σ`, whose mapping alone depends on where it stands ([`lowercase`]).
    fn lowercase(&self, text: &str) -> String;
    /// `text` without its Default_Ignorable_Code_Points, but for the bidi controls among them
    /// ([`crate::text::is_bidi_control`]).
    fn without_default_ignorables(&self, text: &str) -> String;
}

static INSTALLED: OnceLock<&'static dyn Parser> = OnceLock::new();

/// Installs the parser every URL in this process goes through. The first one stays; a
/// later call changes nothing and returns `false`.
pub fn install(parser: &'static dyn Parser) -> bool {
    INSTALLED.set(parser).is_ok()
}

fn parser() -> Option<&'static dyn Parser> {
    #[cfg(any(not(target_arch = "wasm32"), feature = "url-crate"))]
    {
        Some(*INSTALLED.get_or_init(|| &UrlCrate))
    }
    #[cfg(not(any(not(target_arch = "wasm32"), feature = "url-crate")))]
    {
        INSTALLED.get().copied()
    }
}

/// Parses an absolute URL with the installed parser. With none, nothing is a URL. A host
/// that could be an international name is refused ([`UrlError::NotDnsName`]) when it has a
/// label longer than a DNS label or is longer than a DNS name as written
/// ([`parse_fully_with_unicode`]); the URL Standard takes it, at a cost that grows with the
/// square of the label.
///
/// A URL in the plain form most agents send ([`plain`]) is read here without the parser: in
/// wasm32 the parser is the host's `URL`, a call into JavaScript and one back per part
/// read, a few microseconds a URL, which made a surface of images several times slower
/// to fold than the official core's.
pub fn parse(input: &str) -> Result<WebUrl, UrlError> {
    match PlainUrl::parsed(input) {
        Some(url) => Ok(url.to_url()),
        None => parse_fully(input),
    }
}

/// [`parse`] for a URL an agent wrote, whose host is to be a name the DNS could be asked
/// for: refused ([`UrlError::NotDnsName`]) when its host has a label of more than
/// [`LONGEST_LABEL`] bytes or more than [`LONGEST_HOST`] in all, as the parser gives it back
/// ([`dns_sized`]; a host written in Unicode is longer once encoded). [`parse`] refuses one
/// that could be an international name so as written, before the parser reads it. Every URL
/// an agent's card or stream names is read through this (the A2UI policy applies the same
/// check), so that none is a link or an address in one place and refused in another.
pub fn parse_dns(input: &str) -> Result<WebUrl, UrlError> {
    let url = parse(input)?;
    if !url.host_str().is_none_or(dns_sized) {
        return Err(UrlError::NotDnsName);
    }
    Ok(url)
}

/// Whether a host as the parser gives it back (ASCII) is the size of a name in the DNS:
/// at most [`LONGEST_HOST`] bytes and [`LONGEST_LABEL`] a label, a final full stop aside
/// (RFC 1035, section 2.3.4; UTS #46's `VerifyDnsLength` but for its refusal of an empty
/// label, which the URL Standard lets stand). An IP address always is.
pub fn dns_sized(host: &str) -> bool {
    let name = host.strip_suffix('.').unwrap_or(host);
    // A pass over the bytes, not `split('.')`, whose searcher was about a quarter of the URL
    // policy's time in a fold of a gallery of Images (a Node profile of the npm package).
    fits_dns(name.len(), longest_label(name.as_bytes()))
}

/// Whether a name of `len` bytes whose longest label is `longest` bytes fits the DNS: the
/// rule of [`dns_sized`], for a reader that measured the name as it read it.
fn fits_dns(len: usize, longest: usize) -> bool {
    len <= LONGEST_HOST && longest <= LONGEST_LABEL
}

/// The length of the longest dot-separated label of `host`.
fn longest_label(host: &[u8]) -> usize {
    let (mut longest, mut label) = (0, 0);
    for &c in host {
        label = if c == b'.' { 0 } else { label + 1 };
        longest = longest.max(label);
    }
    longest
}

/// `http://` or `https://`, a host of ASCII letters, digits and hyphens in dot-separated
/// labels (none empty, none `xn--` in any case, the last starting with a letter, so never an
/// IPv4 address), a port of one to five digits that is not the scheme's default and starts
/// with no `0`, then nothing or a path from `/` of letters, digits, `-._~!$&()*+,;=:@/` and
/// percent escapes, with no `.` or `..` segment, and a query and a fragment of those and
/// `?`: a URL every WHATWG parser reads as written, but for the host's letters lower-cased
/// and a `/` added when there is no path. Nothing is percent-encoded, resolved or decoded:
/// an escape must be in upper-case hex and stand for a byte that is not a letter, a digit or
/// one of `-._~` (Chromium's `URL` decodes those in a path), nor a control character.
/// Anything else is `None`.
///
/// Public so that tests hold it to each parser ([`parse_fully`]) on generated URLs and the
/// corpus.
pub fn plain(input: &str) -> Option<WebUrl> {
    PlainUrl::read(input).map(|p| p.to_url())
}

/// A [`plain`] URL as read, borrowing its text: what the URL policy checks, with nothing
/// built (`UrlPolicy` reads a surface's media URLs this way).
pub(crate) struct PlainUrl<'a> {
    input: &'a str,
    pub scheme: &'static str,
    /// Where the host starts and ends, and where the port (if any) ends.
    start: usize,
    host_end: usize,
    port_end: usize,
    /// Whether the host has upper-case letters (its serialisation lower-cases them).
    upper: bool,
    /// Whether the host is [`dns_sized`], as its labels were read.
    dns_sized: bool,
    port: Option<u16>,
    /// Whether no path follows the host and port (its serialisation adds `/`).
    no_path: bool,
}

impl<'a> PlainUrl<'a> {
    /// `input` when it is a [`plain`] URL and a parser is installed: with none, nothing is
    /// a URL ([`parse`]), not even a plain one.
    pub(crate) fn parsed(input: &'a str) -> Option<Self> {
        parser()?;
        Self::read(input)
    }

    /// Whether the host is [`dns_sized`] (it has no final full stop).
    pub(crate) fn dns_sized(&self) -> bool {
        debug_assert_eq!(
            self.dns_sized,
            dns_sized(&self.input[self.start..self.host_end])
        );
        self.dns_sized
    }

    /// The host, lower-cased.
    pub(crate) fn host(&self) -> std::borrow::Cow<'a, str> {
        let host = &self.input[self.start..self.host_end];
        if self.upper {
            host.to_ascii_lowercase().into()
        } else {
            host.into()
        }
    }

    fn to_url(&self) -> WebUrl {
        let (input, host) = (self.input, self.host());
        let href = if self.no_path || self.upper {
            let mut href = String::with_capacity(input.len() + 1);
            href.push_str(&input[..self.start]);
            href.push_str(&host);
            href.push_str(&input[self.host_end..self.port_end]);
            if self.no_path {
                href.push('/');
            }
            href.push_str(&input[self.port_end..]);
            href
        } else {
            input.to_string()
        };
        WebUrl {
            href,
            scheme: self.scheme.to_string(),
            username: String::new(),
            password: String::new(),
            host: Some(Host::Domain(host.into_owned())),
            port: self.port,
        }
    }

    fn read(input: &'a str) -> Option<Self> {
        Self::read_with(input, false).map(|(url, _)| url)
    }

    /// A URL [`plain`] but for `xn--` labels in its host, which must then be in lower case,
    /// and whether it has such a label: the same bytes a parser reads the same way once its
    /// host is known to be a host the parser gives back as written ([`known_unicode_form`]).
    fn read_idn(input: &'a str) -> Option<(Self, bool)> {
        Self::read_with(input, true).filter(|(url, idn)| !(*idn && url.upper))
    }

    fn read_with(input: &'a str, idn: bool) -> Option<(Self, bool)> {
        // One pass over the bytes: this runs for every URL a surface names, before any check.
        let b = input.as_bytes();
        let (scheme, start, default_port) = if b.starts_with(b"https://") {
            ("https", 8, 443)
        } else if b.starts_with(b"http://") {
            ("http", 7, 80)
        } else {
            return None;
        };
        let mut i = start;
        let mut label = start;
        let mut upper = false;
        let mut punycode = false;
        let mut longest = 0;
        loop {
            // A label's lower-case letters, digits and hyphens in a loop of one test a byte.
            while b.get(i).is_some_and(|&c| LABEL_BYTE[c as usize]) {
                i += 1;
            }
            match b.get(i) {
                Some(b'A'..=b'Z') => {
                    upper = true;
                    i += 1;
                }
                end @ (None | Some(b'.' | b'/' | b'?' | b'#' | b':')) => {
                    if i == label {
                        return None;
                    }
                    longest = longest.max(i - label);
                    if b[label..i]
                        .get(..4)
                        .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"))
                    {
                        if !idn {
                            return None;
                        }
                        punycode = true;
                    }
                    if end != Some(&b'.') {
                        if !b[label].is_ascii_alphabetic() {
                            return None;
                        }
                        break;
                    }
                    i += 1;
                    label = i;
                }
                Some(_) => return None,
            }
        }
        let host_end = i;
        let mut port = None;
        if b.get(i) == Some(&b':') {
            i += 1;
            let digits = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
            if !(1..=5).contains(&digits) || b[i] == b'0' {
                return None;
            }
            let value = b[i..i + digits]
                .iter()
                .fold(0u32, |v, &d| v * 10 + u32::from(d - b'0'));
            if value > 65535 || value == default_port {
                return None;
            }
            port = Some(value as u16);
            i += digits;
            if !matches!(b.get(i), None | Some(b'/' | b'?' | b'#')) {
                return None;
            }
        }
        let port_end = i;
        // The path: plain bytes, with no `.` or `..` segment. It starts with `/` or is empty,
        // since the host or port ended at `/`, `?`, `#` or the end.
        let mut segment = i;
        loop {
            // The run of plain bytes up to the next `/`, `%`, `?`, `#` or other byte, in a
            // loop of one test a byte (the match below made it four or five).
            while b.get(i).is_some_and(|&c| SEGMENT_BYTE[c as usize]) {
                i += 1;
            }
            let c = b.get(i).copied();
            match c {
                None | Some(b'/' | b'?' | b'#') => {
                    if matches!(&b[segment..i], b"." | b"..") {
                        return None;
                    }
                    if c != Some(b'/') {
                        break;
                    }
                    i += 1;
                    segment = i;
                }
                Some(b'%') => i += escape_at(b, i)?,
                Some(_) => return None,
            }
        }
        let path_end = i;
        // The query, then the fragment: one `#` at most, `?` anywhere after the first.
        let mut hashes = 0;
        loop {
            while b.get(i).is_some_and(|&c| plain_byte(c)) {
                i += 1;
            }
            let Some(&c) = b.get(i) else { break };
            match c {
                b'#' => {
                    hashes += 1;
                    i += 1;
                }
                b'%' => i += escape_at(b, i)?,
                b'?' => i += 1,
                _ => return None,
            }
        }
        if hashes > 1 {
            return None;
        }
        let url = PlainUrl {
            input,
            scheme,
            start,
            dns_sized: fits_dns(host_end - start, longest),
            host_end,
            port_end,
            upper,
            port,
            no_path: path_end == port_end,
        };
        Some((url, punycode))
    }
}

/// The length of the percent escape at `b[i]` (`%` and two upper-case hex digits) when a
/// [`plain`] URL may hold it as written: when it stands for a byte no parser decodes.
fn escape_at(b: &[u8], i: usize) -> Option<usize> {
    let hex = |c: u8| match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    };
    let byte = hex(*b.get(i + 1)?)? << 4 | hex(*b.get(i + 2)?)?;
    let unreserved = byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~');
    // Nor a control character: older Chromium refused `%00` in a path.
    (!unreserved && !byte.is_ascii_control()).then_some(3)
}

/// A byte a [`plain`] URL's host label runs on over: a lower-case letter, a digit or `-`.
static LABEL_BYTE: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 128 {
        let c8 = c as u8;
        t[c] = c8.is_ascii_lowercase() || c8.is_ascii_digit() || c8 == b'-';
        c += 1;
    }
    t
};

/// A [`plain_byte`] that is not `/`: one a path segment runs on over.
static SEGMENT_BYTE: [bool; 256] = {
    let mut t = PLAIN;
    t[b'/' as usize] = false;
    t
};

/// A byte a [`plain`] URL's path, query or fragment may hold as written: letters, digits
/// and `-._~!$&()*+,;=:@/`.
#[inline]
fn plain_byte(b: u8) -> bool {
    PLAIN[b as usize]
}

/// [`plain_byte`] as a table of 256 flags: a 128-bit mask was a call to a shift helper in
/// wasm32.
const PLAIN: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 128 {
        t[c] = (c as u8).is_ascii_alphanumeric();
        c += 1;
    }
    let marks = b"-._~!$&()*+,;=:@/";
    let mut i = 0;
    while i < marks.len() {
        t[marks[i] as usize] = true;
        i += 1;
    }
    t
};

/// [`parse`] without its shortcut for [`plain`] URLs: the installed parser, and the
/// checks below.
///
/// A special URL's host must also be one the URL Standard allows, whatever the parser let
/// through. Chromium's `URL` is more lenient: it percent-encodes a space or `*` in a host,
/// takes `xn--` labels that are no IDNA form of anything, and maps full-width and
/// superscript digits inside IPv6 brackets. Here a domain holds no forbidden code point,
/// every `xn--` label must decode to a form the parser reads back as the same host, and an
/// IPv6 host must be an IPv6 literal as written. The `url` crate and Node meet all three.
pub fn parse_fully(input: &str) -> Result<WebUrl, UrlError> {
    parse_fully_with_unicode(input, &mut Unbounded, None)
        .and_then(|read| read.map(|(url, _)| url).ok_or(UrlError::Invalid))
}

/// [`parse`], with the Unicode form of the host ([`domain_to_unicode`]) that the checks
/// found on the way: decoding a host's labels and reading it back costs more than the
/// parse itself, so a caller that warns of look-alike hosts takes it from here.
pub fn parse_with_unicode(input: &str) -> Result<(WebUrl, Option<String>), UrlError> {
    // Every host may be named, so `None` never comes.
    parse_with_unicode_within(input, &mut Unbounded).and_then(|read| read.ok_or(UrlError::Invalid))
}

/// How many hosts with `xn--` labels a caller lets [`parse_with_unicode_within`] read:
/// each is decoded, read back by the parser and looked at, tens of microseconds.
pub(crate) trait HostBudget {
    /// Whether `host` (ASCII) may be read: one read before, or one more that fits.
    fn name(&mut self, host: &str) -> bool;
    /// Whether the parser may read `host`, written in Unicode or with escapes (as written):
    /// one read before, or one more that fits.
    fn read(&mut self, host: &str) -> bool;
    /// Whether no host may be read but those read before.
    fn spent(&self) -> bool;
}

/// No bound.
struct Unbounded;

impl HostBudget for Unbounded {
    fn name(&mut self, _: &str) -> bool {
        true
    }
    fn read(&mut self, _: &str) -> bool {
        true
    }
    fn spent(&self) -> bool {
        false
    }
}

/// [`parse_with_unicode`] within `budget`: `Ok(None)` when the host has `xn--` labels and
/// the budget refuses it. A refused URL costs at most one parse, and none when the budget
/// is spent and the parser would be needed to tell its host: a URL whose host could be
/// such a host (written in Unicode or with percent escapes) is refused then.
pub(crate) fn parse_with_unicode_within(
    input: &str,
    budget: &mut dyn HostBudget,
) -> Result<Option<(WebUrl, Option<String>)>, UrlError> {
    // The host as written, when it could have `xn--` labels, once looked for.
    let mut written = None;
    if parser().is_some() {
        match PlainUrl::read_idn(input) {
            Some((url, false)) => return Ok(Some((url.to_url(), None))),
            // A plain URL but for a host with `xn--` labels that the parser has lately read
            // in full and given back as written: the same host, and the rest plain, so the
            // same URL. The parser's reading of such a host is most of what it costs.
            Some((url, true)) => {
                let host = url.host();
                if let Some(unicode) = known_unicode_form(&host) {
                    return Ok(budget.name(&host).then(|| (url.to_url(), Some(unicode))));
                }
                if budget.spent() && !budget.name(&host) {
                    return Ok(None);
                }
            }
            None => match written.insert(international_host(input)) {
                Some(Written::Ascii(host)) if budget.spent() && !budget.name(host) => {
                    return Ok(None)
                }
                Some(Written::Unknown(_)) if budget.spent() => return Ok(None),
                // Only a host with `xn--` labels written in ASCII can be one the parser has
                // lately given back; any other URL skips the look for one.
                Some(Written::Ascii(_)) => {
                    if let Some((host, unicode)) = known_host_as_written(input) {
                        if !budget.name(host) {
                            return Ok(None);
                        }
                        if let Some(read) = read_around_host(input, host) {
                            return read.map(|url| Some((url, Some(unicode))));
                        }
                    }
                }
                _ => {}
            },
        }
    }
    // A host the parser has lately refused, it refuses again, whatever else the URL holds.
    let refusable = refusable_host(input, &written);
    if let Some(host) = &refusable {
        if crate::recent::kept(&REFUSED_HOSTS, host).is_some() {
            return Err(UrlError::Invalid);
        }
    }
    let read = parse_fully_with_unicode(input, budget, written);
    if let (Err(UrlError::Invalid), Some(host)) = (&read, &refusable) {
        if parse_fully(&format!("https://{host}/")).is_err() {
            crate::recent::answer(&REFUSED_HOSTS, host, |_| ());
        }
    }
    read
}

thread_local! {
    /// Hosts as written that could have `xn--` labels and that the parser refused, alone in a
    /// URL ([`refusable_host`]): such a host may cost the parser as much as one it takes (a
    /// stream of URLs of one took 68 ms a MB natively: a red-team review).
    static REFUSED_HOSTS: RefCell<Recent<()>> = const { RefCell::new(Recent::new()) };
}

/// The host of an `http(s)://` URL as written, when it could have `xn--` labels once read:
/// a host whose refusal by the parser, alone, is the URL's (a special URL's host is read
/// the same whatever its port, path, query or fragment; another scheme's is not read so).
/// `written` is what [`international_host`] found, when it was looked for.
fn refusable_host(input: &str, written: &Option<Option<Written>>) -> Option<String> {
    if !(input.starts_with("https://") || input.starts_with("http://")) {
        return None;
    }
    match written {
        Some(Some(Written::Ascii(host) | Written::Unknown(host))) => Some(host.clone()),
        Some(None) => None,
        None => match international_host(input)? {
            Written::Ascii(host) | Written::Unknown(host) => Some(host),
        },
    }
}

/// The host of an `http(s)://` URL as written, with its Unicode form, when it is a host the
/// parser has lately given back ([`known_unicode_form`]), written as it gave it back, with no
/// user information and nothing the parser drops (a tab or a newline) before it ends.
fn known_host_as_written(input: &str) -> Option<(&str, String)> {
    let rest = input
        .strip_prefix("https://")
        .or_else(|| input.strip_prefix("http://"))?;
    // User information (an `@` anywhere in the authority, after a `:` too) makes the host
    // another one; a tab or a newline the parser drops moves where the host ends.
    let authority = &rest[..rest.find(['/', '?', '#', '\\']).unwrap_or(rest.len())];
    if authority.contains(['@', '\t', '\n', '\r']) {
        return None;
    }
    let host = authority.split_once(':').map_or(authority, |(h, _)| h);
    Some((host, known_unicode_form(host)?))
}

/// A URL whose host (as written, [`known_host_as_written`]) the parser has lately given back
/// as it is written, read by the parser with a one-letter host in its place, and that host
/// put back: how the parser reads a special URL's port, path, query and fragment does not
/// depend on its host, and the parser's reading of a host with `xn--` labels is most of what
/// such a URL costs (a URL of a known host not plain for a space in its path cost as much as
/// a new host).
/// `None` when the parser did not read it so (then it reads the URL whole).
fn read_around_host(input: &str, host: &str) -> Option<Result<WebUrl, UrlError>> {
    let scheme_end = input.find("://")?;
    let (scheme, rest) = (&input[..scheme_end], &input[scheme_end + 3 + host.len()..]);
    let mut url = match parse_fully(&format!("{scheme}://h{rest}")) {
        Ok(url) => url,
        Err(e) => return Some(Err(e)),
    };
    let after = url.href.strip_prefix(&format!("{scheme}://h"))?.to_string();
    if url.host != Some(Host::Domain("h".into())) || !url.username.is_empty() {
        return None;
    }
    url.href = format!("{scheme}://{host}{after}");
    url.host = Some(Host::Domain(host.to_string()));
    Some(Ok(url))
}

/// Whether a host as written ([`international_host`]: one that could have `xn--` labels once
/// the parser has read it, as it has one, a character past ASCII or a percent escape) may be
/// read at all. One written in ASCII must be a DNS name's size ([`dns_sized`]); one written
/// in Unicode or with escapes (decoded) at most [`WRITTEN_LENGTHS`] times that, and its
/// mapped form is then held to the size ([`refused_as_mapped`]). The parser decodes or
/// encodes each label in time that grows with the square of its length (two labels of 2,000
/// bytes were 1.7 ms a URL: a red-team review), and no longer one names anything. Any other
/// host is read in time that grows with its length alone.
fn written_fits_dns(host: &Written) -> bool {
    let host = match host {
        // A plain one fits as it is, byte for byte (a final full stop aside, as `dns_sized`).
        Written::Ascii(host) => return dns_sized(host),
        Written::Unknown(host) => host,
    };
    let decoded = percent_decoded(host.as_bytes());
    let text = String::from_utf8_lossy(&decoded);
    let (mut label, mut all) = (0, 0);
    for c in text.chars() {
        all += 1;
        // The full stops IDNA maps to `.` end a label as it does.
        if matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}') {
            label = 0;
        } else {
            label += 1;
        }
        // As written, a name may be longer than it maps to (soft hyphens and other characters
        // IDNA drops, decomposed letters it composes: a red-team review found honest names
        // written so), so this bound is for the work before mapping only, and generous;
        // [`refused_as_mapped`] holds the mapped form to a DNS name's size before the parser.
        if label > WRITTEN_LENGTHS * LONGEST_LABEL || all > WRITTEN_LENGTHS * LONGEST_HOST {
            return false;
        }
    }
    true
}

/// How many times a DNS label's or name's length a host may be as written in Unicode or
/// with escapes ([`written_fits_dns`]).
const WRITTEN_LENGTHS: usize = 4;

/// The most bytes (or characters, as written) a name in the DNS has.
pub(crate) const LONGEST_HOST: usize = 253;

/// The most bytes (or characters, as written) a label of a name in the DNS has.
pub(crate) const LONGEST_LABEL: usize = 63;

/// `b` with each `%` and two hex digits as the byte they stand for.
fn percent_decoded(b: &[u8]) -> Vec<u8> {
    let hex = |c: u8| (c as char).to_digit(16);
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match (
            b[i],
            b.get(i + 1).and_then(|&c| hex(c)),
            b.get(i + 2).and_then(|&c| hex(c)),
        ) {
            (b'%', Some(hi), Some(lo)) => {
                out.push((hi * 16 + lo) as u8);
                i += 3;
            }
            (c, ..) => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// A host as written that could have `xn--` labels once the parser has read it.
enum Written {
    /// ASCII with such a label, in lower case: as the parser gives it back, if it takes it.
    Ascii(String),
    /// Written in Unicode or with percent escapes (as written): it would take the parser
    /// to tell.
    Unknown(String),
}

/// The host of `input`'s authority, when it could have `xn--` labels once the parser has
/// read it (`None`: it could not). Asked of every URL that is not plain, so nothing is
/// made for one whose host could not.
fn international_host(input: &str) -> Option<Written> {
    let authority = authority(input)?;
    let host_port = after_credentials(&authority);
    let host = if host_port.starts_with('[') {
        host_port
    } else {
        host_port.split_once(':').map_or(host_port, |(h, _)| h)
    };
    let b = host.as_bytes();
    if b.iter().any(|&c| c >= 0x80 || c == b'%') {
        return Some(Written::Unknown(host.to_string()));
    }
    let punycode = b
        .split(|&c| c == b'.')
        .any(|l| l.get(..4).is_some_and(|p| p.eq_ignore_ascii_case(b"xn--")));
    punycode.then(|| Written::Ascii(host.to_ascii_lowercase()))
}

/// The parser's reading of `input`, checked as [`parse_fully`] says, within `budget`.
/// `written` is what [`international_host`] found, when it was looked for.
///
/// A host that could be an international name ([`written_fits_dns`]) with a label of more than
/// [`LONGEST_LABEL`] characters, or more than [`LONGEST_HOST`] in all, is refused
/// ([`UrlError::NotDnsName`]) before the parser reads it, where the URL Standard takes it:
/// the parser decodes or encodes each such label in time that grows with the square of its
/// length (a `fetchedFrom` of 40,000 characters took a second in Node, a red-team review),
/// and no name in the DNS has one. Here, so that every reading of such a URL is bounded
/// alike, whoever asks.
fn parse_fully_with_unicode(
    input: &str,
    budget: &mut dyn HostBudget,
    written: Option<Option<Written>>,
) -> Result<Option<(WebUrl, Option<String>)>, UrlError> {
    let parser = parser().ok_or(UrlError::NoParser)?;
    // The host as written, looked for once.
    let written = written.unwrap_or_else(|| international_host(input));
    if !written.as_ref().is_none_or(written_fits_dns) {
        return Err(UrlError::NotDnsName);
    }
    // A host written in Unicode or with escapes costs the parser its IDNA work whatever comes
    // of it (refused once encoded as longer than a DNS name, or for a character no host may
    // hold): it is counted as written before the parser reads it. Counted only once named
    // (as the parser gives it back), 1,150 such hosts of a 1 MB part, each refused, took
    // 0.17 s natively (a red-team review).
    if let Some(Written::Unknown(host)) = &written {
        if !budget.read(host) {
            return Ok(None);
        }
        if let Some(refused) = refused_as_mapped(host) {
            return Err(refused);
        }
    }
    let url = parser.parse(input)?;
    let mut unicode = None;
    let standard = !is_special(&url.scheme)
        || match &url.host {
            Some(Host::Domain(d)) => {
                // Encoded, a host written in Unicode can be longer than a DNS name.
                if has_punycode(d) && !dns_sized(d) {
                    return Err(UrlError::NotDnsName);
                }
                if standard_domain(d) && has_punycode(d) && !budget.name(d) {
                    return Ok(None);
                }
                standard_domain(d)
                    && (!has_punycode(d) || {
                        unicode = unicode_form(parser, d);
                        unicode.is_some()
                    })
            }
            Some(Host::Ipv6(_)) => ipv6_as_written(input),
            _ => true,
        };
    if standard {
        Ok(Some((url, unicode)))
    } else {
        Err(UrlError::Invalid)
    }
}

/// Why a host as written in Unicode or with escapes ([`Written::Unknown`], decoded) is
/// refused before the parser reads it, as its mapping (NFKC, which UTS #46's mapping
/// follows, without the default-ignorable characters it drops) shows; `None` when it is
/// not. Each was found by a red-team review.
/// - It holds `ẞ` (U+1E9E): UTS #46 maps it to `ß` since Unicode 15.1 and to `ss` before.
///   Node's `URL` reads `https://straẞe.de/` as `strasse.de`, the `url` crate as
///   `xn--strae-oqa.de`, another domain. Refused in every build.
/// - It maps to a character no domain may hold: the Standard refuses it, and Chromium's
///   `URL` maps a full-width `％` to `%` and then decodes the escape it makes, so that
///   `ex％41mple.com` was `example.com` there and `a％2eb.com` was `a.b.com`.
/// - Mapped, it is longer than a DNS name could be once encoded ([`UrlError::NotDnsName`]):
///   a label of `n` characters, one of them past ASCII, encodes to at least `n + 4` (`xn--`
///   and a character or more for each), so one of more than 59 cannot be 63 or less. A label
///   of 63 squared katakana, each mapped to three to five, passed as written and cost the
///   parser 0.4 ms in Chromium to map and encode before it was refused.
fn refused_as_mapped(host: &str) -> Option<UrlError> {
    let refused = |host: &str| {
        if host.starts_with('[') {
            // An IPv6 literal is checked as written ([`ipv6_as_written`]).
            return None;
        }
        let decoded = percent_decoded(host.as_bytes());
        let text = String::from_utf8_lossy(&decoded);
        let mapped = mapped_as_host(&text);
        if text.contains('\u{1E9E}') || !standard_domain(&mapped) {
            return Some(UrlError::Invalid);
        }
        let (mut least, mut labels) = (0, 0);
        for label in mapped.split('.') {
            let n = label.chars().count();
            let encoded = if label.is_ascii() { n } else { n + 4 };
            if encoded > LONGEST_LABEL {
                return Some(UrlError::NotDnsName);
            }
            least += encoded;
            labels += 1;
        }
        // The full stops between labels, and a final one aside.
        let least = least + labels - 1 - usize::from(mapped.ends_with('.'));
        (least > LONGEST_HOST).then_some(UrlError::NotDnsName)
    };
    // Surfaces name a few hosts many times: each one's answer is kept (as the parser's reading
    // of a host is), where mapping it again for each URL doubled a fold of such URLs.
    crate::recent::answer(&MAPPED, host, refused)
}

thread_local! {
    /// Hosts as written in Unicode or with escapes, each with [`refused_as_mapped`]'s answer.
    static MAPPED: RefCell<Recent<Option<UrlError>>> = const { RefCell::new(Recent::new()) };
}

/// Whether a label of `domain` starts with `xn--`. Asked of every host a surface names, so
/// it reads bytes rather than splitting labels.
fn has_punycode(domain: &str) -> bool {
    let b = domain.as_bytes();
    b.iter()
        .enumerate()
        .any(|(i, &c)| c == b'x' && (i == 0 || b[i - 1] == b'.') && b[i..].starts_with(b"xn--"))
}

/// `ascii` with each `xn--` label decoded, when each decodes to a non-ASCII label, the
/// whole meets the Bidi Rule ([`crate::bidi`]) and the parser reads it back as `ascii`.
fn unicode_form(parser: &dyn Parser, ascii: &str) -> Option<String> {
    crate::recent::answer(&UNICODE_FORMS, ascii, |ascii| {
        unicode_form_of(parser, ascii)
    })
}

thread_local! {
    /// Hosts the parser gave back from a URL, each with its [`unicode_form`].
    static UNICODE_FORMS: RefCell<Recent<Option<String>>> =
        const { RefCell::new(Recent::new()) };
}

/// The Unicode form of `ascii` when the parser lately gave `ascii` back as a URL's host and
/// it has one ([`unicode_form`]); otherwise `None`, and nothing is computed.
fn known_unicode_form(ascii: &str) -> Option<String> {
    crate::recent::kept(&UNICODE_FORMS, ascii).flatten()
}

/// [`unicode_form`], computed.
fn unicode_form_of(parser: &dyn Parser, ascii: &str) -> Option<String> {
    let mut labels = Vec::new();
    for label in ascii.split('.') {
        match label.strip_prefix("xn--") {
            // No DNS name has such a label, and its decoding grows with its square.
            Some(_) if label.len() > LONGEST_LABEL => return None,
            Some(code) => labels.push(
                idna::punycode::decode_to_string(code)
                    .filter(|u| !u.is_empty() && !u.is_ascii())?,
            ),
            None => labels.push(label.to_string()),
        }
    }
    // A label must not begin with a combining mark (UTS #46's validity criteria). Node's
    // `URL` knows no mark added since Unicode 14 (`https://xn--9x0h.example/` is a link there
    // and no URL natively: a red-team review), so a label must begin with a letter, number,
    // punctuation mark or symbol by the host's own Unicode data, which is newer.
    if labels
        .iter()
        .any(|l| l.chars().next().is_some_and(|c| !is_graphic(c)))
    {
        return None;
    }
    let unicode = labels.join(".");
    // The URL Standard's IDNA checks the Bidi Rule; Node's `URL` does not.
    if !crate::bidi::holds(&unicode) {
        return None;
    }
    let again = parser.parse(&format!("https://{unicode}/")).ok()?;
    (again.host_str() == Some(ascii)).then_some(unicode)
}

/// Whether the bracketed host in `input` is an IPv6 address as written (WHATWG neither
/// decodes nor maps anything inside the brackets).
fn ipv6_as_written(input: &str) -> bool {
    authority(input).is_some_and(|auth| {
        after_credentials(&auth)
            .strip_prefix('[')
            .and_then(|rest| rest.split_once(']'))
            .is_some_and(|(literal, _)| literal.parse::<std::net::Ipv6Addr>().is_ok())
    })
}

fn is_special(scheme: &str) -> bool {
    matches!(scheme, "http" | "https" | "ws" | "wss" | "ftp" | "file")
}

/// No forbidden domain code point.
fn standard_domain(domain: &str) -> bool {
    !domain.contains(|c: char| {
        c <= ' '
            || matches!(
                c,
                '#' | '/'
                    | ':'
                    | '<'
                    | '>'
                    | '?'
                    | '@'
                    | '['
                    | '\\'
                    | ']'
                    | '^'
                    | '|'
                    | '%'
                    | '\u{7f}'
            )
    })
}

/// NFKC with the installed parser's normalizer; the text unchanged with none.
pub fn nfkc(text: &str) -> String {
    parser().map_or_else(|| text.to_string(), |p| p.nfkc(text))
}

/// NFD with the installed parser's normalizer; the text unchanged with none.
pub fn nfd(text: &str) -> String {
    parser().map_or_else(|| text.to_string(), |p| p.nfd(text))
}

/// Whether `c` is a letter, number, punctuation mark or symbol, by the installed parser's
/// Unicode data; `false` with none (so text reads as drawing nothing: fail closed), but for
/// ASCII, which needs no data.
pub fn is_graphic(c: char) -> bool {
    // ASCII is answered here: most text is ASCII, and asking the host costs a call.
    if c.is_ascii() {
        return c.is_ascii_graphic();
    }
    parser().is_some_and(|p| p.is_graphic(c))
}

/// Whether `c` is a Default_Ignorable_Code_Point, by the installed parser's Unicode data;
/// `false` with none.
pub fn is_default_ignorable(c: char) -> bool {
    !c.is_ascii() && parser().is_some_and(|p| p.is_default_ignorable(c))
}

/// Each character of `text` in its lowercase form, on its own (as UTS #46 maps a host: `Σ`
/// is `σ` wherever it stands), by the installed parser's Unicode data (the case tables are
/// 12 KB of a gzipped wasm32 build); `text` unchanged with none, but for ASCII, which needs
/// no data. One call to the host for the whole text: a character at a time, a card's labels
/// (NFKC makes a character of up to 18) took 0.1 s in Node (a red-team review).
pub fn lowercase(text: &str) -> String {
    if text.is_ascii() {
        return text.to_ascii_lowercase();
    }
    let Some(p) = parser() else {
        return text.to_string();
    };
    // The host's `toLowerCase` writes a final `ς` for a `Σ` that ends a word.
    if text.contains('\u{03A3}') {
        p.lowercase(&text.replace('\u{03A3}', "\u{03C3}"))
    } else {
        p.lowercase(text)
    }
}

/// `text` mapped as UTS #46 maps a host, as far as the host's Unicode data lets this crate
/// follow it: the lunate sigmas as `σ` (NFKC takes them to `ς`), NFKC, lower case, NFKC again
/// (a capital and a mark compose only once lowered: `J̌` is `ǰ`, a red-team review), the
/// default-ignorable characters IDNA drops left out (the bidi controls kept, for a caller to
/// refuse), and the ideographic full stop as `.`. Where a host's length is judged before the
/// parser reads it ([`refused_as_mapped`]) and where a card's label is read for the hosts it
/// names (`card::host`).
pub(crate) fn mapped_as_host(text: &str) -> String {
    let text: String = text
        .chars()
        .map(|c| match c {
            '\u{03F2}' | '\u{1D6D3}' | '\u{1D70D}' | '\u{1D747}' | '\u{1D781}' | '\u{1D7BB}' => 'σ',
            c => c,
        })
        .collect();
    let folded = nfkc(&text);
    let lowered = lowercase(&folded);
    // NFKC again only where lowering changed something: most text has nothing to compose.
    let mapped = if lowered == folded {
        lowered
    } else {
        nfkc(&lowered)
    };
    without_default_ignorables(&mapped).replace('\u{3002}', ".")
}

/// `text` without its Default_Ignorable_Code_Points but for the bidi controls, by the
/// installed parser's Unicode data, in one call to the host; `text` unchanged with none.
pub fn without_default_ignorables(text: &str) -> String {
    // ASCII holds none.
    match parser() {
        Some(p) if !text.is_ascii() => p.without_default_ignorables(text),
        _ => text.to_string(),
    }
}

/// The Unicode form of an ASCII (punycode) domain, when it has one that maps back to it:
/// each `xn--` label decoded, then the whole read again by the parser, which must give the
/// same ASCII host (so a label that is not valid IDNA has no Unicode form).
pub fn domain_to_unicode(ascii_host: &str) -> Option<String> {
    if !has_punycode(ascii_host) {
        return None;
    }
    unicode_form(parser()?, ascii_host)
}

/// The `url` crate, which native builds (and wasm32 ones with `url-crate`) parse with.
#[cfg(any(not(target_arch = "wasm32"), feature = "url-crate"))]
pub struct UrlCrate;

#[cfg(any(not(target_arch = "wasm32"), feature = "url-crate"))]
impl Parser for UrlCrate {
    fn parse(&self, input: &str) -> Result<WebUrl, UrlError> {
        let url = url::Url::parse(input).map_err(|e| match e {
            url::ParseError::RelativeUrlWithoutBase => UrlError::RelativeWithoutBase,
            _ => UrlError::Invalid,
        })?;
        let host = match url.host() {
            Some(url::Host::Domain(d)) if !d.is_empty() => Some(Host::Domain(d.to_string())),
            Some(url::Host::Domain(_)) | None => None,
            Some(url::Host::Ipv4(_)) => url.host_str().map(|h| Host::Ipv4(h.to_string())),
            Some(url::Host::Ipv6(_)) => url.host_str().map(|h| Host::Ipv6(h.to_string())),
        };
        Ok(WebUrl {
            scheme: url.scheme().to_string(),
            username: url.username().to_string(),
            password: url.password().unwrap_or_default().to_string(),
            host,
            port: url.port(),
            href: url.into(),
        })
    }

    fn nfkc(&self, text: &str) -> String {
        use unicode_normalization::UnicodeNormalization;
        text.nfkc().collect()
    }

    fn nfd(&self, text: &str) -> String {
        use unicode_normalization::UnicodeNormalization;
        text.nfd().collect()
    }

    fn is_graphic(&self, c: char) -> bool {
        use icu_properties::props::{GeneralCategory, GeneralCategoryGroup};
        const GRAPHIC: GeneralCategoryGroup = GeneralCategoryGroup::Letter
            .union(GeneralCategoryGroup::Number)
            .union(GeneralCategoryGroup::Punctuation)
            .union(GeneralCategoryGroup::Symbol);
        GRAPHIC.contains(icu_properties::CodePointMapData::<GeneralCategory>::new().get(c))
    }

    fn is_default_ignorable(&self, c: char) -> bool {
        use icu_properties::props::DefaultIgnorableCodePoint;
        icu_properties::CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
    }

    fn lowercase(&self, text: &str) -> String {
        text.chars().flat_map(char::to_lowercase).collect()
    }

    fn without_default_ignorables(&self, text: &str) -> String {
        text.chars()
            .filter(|&c| !self.is_default_ignorable(c) || crate::text::is_bidi_control(c))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_is_dns_sized_up_to_63_bytes_a_label_and_253_in_all() {
        let label = |n: usize| "a".repeat(n);
        let name253 = [label(63), label(63), label(63), label(61)].join(".");
        assert_eq!(name253.len(), 253);
        for (host, sized) in [
            (label(63), true),
            (label(64), false),
            (format!("{}.example", label(63)), true),
            (format!("x.{}.example", label(64)), false),
            (name253.clone(), true),
            (format!("{name253}."), true),
            (format!("a{name253}"), false),
            ("127.0.0.1".to_string(), true),
            ("[::1]".to_string(), true),
        ] {
            assert_eq!(dns_sized(&host), sized, "{host}");
            // A plain URL's reader measures its host as it reads it, to the same verdict
            // (a host ending in a full stop, or an address, is not plain).
            if !host.ends_with('.') && !host.starts_with(['1', '[']) {
                for url in [format!("https://{host}/p"), format!("https://{host}:8443")] {
                    let plain = PlainUrl::read(&url).expect("plain");
                    assert_eq!(plain.dns_sized, sized, "{url}");
                }
            }
        }
    }

    #[test]
    fn parse_dns_refuses_what_no_dns_name_is_and_reads_the_rest_as_parse_does() {
        for ok in [
            format!("https://{}.example/x", "a".repeat(63)),
            format!("https://{}.example/x", "\u{6771}".repeat(20)),
            "https://agent.example:8443/a?b#c".to_string(),
            "https://127.0.0.1/".to_string(),
        ] {
            assert_eq!(parse_dns(&ok), parse(&ok), "{ok}");
            assert!(parse_dns(&ok).is_ok(), "{ok}");
        }
        for refused in [
            format!("https://{}.example/x", "a".repeat(64)),
            // Encoded, 63 CJK characters are a label of more than 63 bytes.
            format!("https://{}.example/x", "\u{6771}".repeat(63)),
            // Refused before the parser decodes (or is asked to decode) the label.
            format!("https://xn--{}.example/", "a".repeat(2000)),
            format!("https://{}.example/", "%41".repeat(64)),
        ] {
            assert_eq!(parse_dns(&refused), Err(UrlError::NotDnsName), "{refused}");
            assert_eq!(
                Failure::of(&refused, UrlError::NotDnsName),
                Failure::NotDnsName
            );
        }
        // Whatever is no URL stays so.
        assert_eq!(parse_dns("/relative"), Err(UrlError::RelativeWithoutBase));
    }

    #[test]
    fn punycode_labels_are_found_only_at_a_label_start() {
        for (domain, found) in [
            ("xn--mnchen-3ya.example", true),
            ("www.xn--mnchen-3ya.example", true),
            ("a.b.xn--p1ai", true),
            ("xn--", true),
            ("axn--b.example", false),
            ("a.bxn--.example", false),
            ("xn-.example", false),
            ("x.n--a", false),
            ("", false),
            ("example.com", false),
            ("example.xn-", false),
        ] {
            let split = domain.split('.').any(|l| l.starts_with("xn--"));
            assert_eq!(split, found, "{domain}");
            assert_eq!(has_punycode(domain), found, "{domain}");
        }
    }

    /// A URL of a host with `xn--` labels leaves the host known, so that the next URL of it
    /// that is plain but for the host is read without the parser.
    #[test]
    fn a_host_read_in_full_is_known_to_the_next_url_of_it() {
        let host = "xn--80ak6aa92e.xn--p1ai";
        assert_eq!(known_unicode_form(host), None);
        let (url, unicode) = parse_with_unicode(&format!("https://{host}/a.png")).unwrap();
        assert_eq!(url.host_str(), Some(host));
        let unicode = unicode.expect("a Unicode form");
        assert_eq!(known_unicode_form(host).as_ref(), Some(&unicode));
        let next = format!("https://{host}:8443/b/c.png?w=1#top");
        assert!(matches!(PlainUrl::read_idn(&next), Some((_, true))));
        assert_eq!(
            parse_with_unicode(&next),
            parse_fully(&next).map(|url| (url, Some(unicode)))
        );
        // A host the parser refuses to give back as written is never known.
        assert!(parse_with_unicode("https://xn--abc.example/").is_err());
        assert_eq!(known_unicode_form("xn--abc.example"), None);
    }

    /// A host holding U+1E9E names no one domain (parsers map it to "ß" or to "ss"), nor one
    /// that maps to a character no domain may hold (Chromium decodes a full-width `％` as an
    /// escape): refused, written as itself or escaped; elsewhere in a URL it is text.
    #[test]
    fn a_host_parsers_read_as_other_hosts_is_refused() {
        for raw in [
            "https://ex\u{FF05}41mple.com/",
            "https://a\u{FF05}2eb.com/",
            "https://\u{FF05}30x7f.1/",
            "https://a\u{FE6A}2eb.com/",
            "https://a%EF%BC%852eb.com/",
            "https://a\u{FF0F}b.com/",
            "https://a\u{FF20}b.com/",
            "https://a\u{3000}b.com/",
            "https://stra\u{1E9E}e.de/",
            "https://\u{1E9E}.de/p",
            "https://stra%E1%BA%9Ee.de/",
            "https://stra%e1%ba%9ee.de:8443/",
            "https://user@stra\u{1E9E}e.de/",
        ] {
            assert_eq!(parse(raw), Err(UrlError::Invalid), "{raw}");
        }
        for raw in [
            "https://\u{FF30}\u{FF21}\u{FF39}\u{FF30}\u{FF21}\u{FF2C}\u{FF0E}\u{FF23}\u{FF2F}\u{FF2D}/",
            "https://paypal\u{3002}com/",
            "https://stra\u{DF}e.de/",
            "https://strasse.de/\u{1E9E}",
            "https://\u{1E9E}@strasse.de/",
            "https://strasse.de/?q=%E1%BA%9E",
        ] {
            assert!(parse(raw).is_ok(), "{raw}");
        }
    }

    /// A host refused as mapped for its length is one the parser would give back longer than
    /// a DNS name, or refuse: on generated labels of mixed scripts and lengths around the
    /// limit, including characters NFKC widens and ones UTS #46 drops.
    #[test]
    fn a_host_refused_as_mapped_for_its_length_is_never_one_that_fits() {
        let pieces = [
            "a",
            "b",
            "c",
            "d",
            "e",
            "1",
            "-",
            "\u{6771}",
            "\u{00E9}",
            "\u{3300}",
            "\u{00AD}",
            "\u{FB01}",
            "\u{0430}",
            "\u{1D400}",
            "\u{200B}",
        ];
        let mut rng = crate::test_rng::Xorshift(0xD15_51E5);
        let (mut refused, mut fit) = (0, 0);
        for _ in 0..4000 {
            let len = 10 + (rng.next() % 60) as usize;
            let label: String = (0..len)
                .map(|_| pieces[(rng.next() % pieces.len() as u64) as usize])
                .collect();
            let raw = format!("https://{label}.example/");
            let early = match international_host(&raw) {
                Some(Written::Unknown(host)) => refused_as_mapped(&host),
                _ => None,
            };
            let parsed = UrlCrate.parse(&raw);
            if early == Some(UrlError::NotDnsName) {
                refused += 1;
                assert!(
                    parsed
                        .as_ref()
                        .map_or(true, |u| !u.host_str().is_none_or(dns_sized)),
                    "{raw}: refused as mapped, but the parser gives back {parsed:?}"
                );
            } else if parsed.is_ok_and(|u| u.host_str().is_some_and(dns_sized)) {
                fit += 1;
            }
        }
        assert!(refused > 300 && fit > 300, "{refused} refused, {fit} fit");
    }

    /// Honest names written longer than they map to are read, not refused for their length:
    /// soft hyphens and zero-width spaces IDNA drops, decomposed Hangul it composes, a
    /// capital and a mark that compose once lowered, a final full stop (a red-team review).
    #[test]
    fn names_written_longer_than_they_map_to_are_read() {
        let welsh = "llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch";
        let cut = |sep: &str| {
            welsh
                .as_bytes()
                .chunks(5)
                .map(|c| std::str::from_utf8(c).unwrap())
                .collect::<Vec<_>>()
                .join(sep)
        };
        let jamo: String = nfd("\u{B300}\u{D559}\u{AD50}\u{BC15}\u{BB3C}\u{AD00}\u{ACFC}\u{D559}\u{AD6D}\u{B9BD}\u{C6D0}\u{ACF5}\u{C0AC}\u{AD00}\u{AD11}\u{D1B5}\u{C2E0}\u{AD11}\u{C5ED}\u{C2DC}\u{ACF5}\u{D559}\u{D55C}\u{AD6D}");
        assert!(jamo.chars().count() > LONGEST_LABEL);
        let xn = format!(
            "xn--bcher-kva.{}.{}.{}.{}.",
            "b".repeat(63),
            "c".repeat(63),
            "d".repeat(63),
            "e".repeat(47)
        );
        for host in [
            format!("{}.co.uk", cut("\u{AD}")),
            format!("{}.co.uk", cut("\u{200B}")),
            format!("{jamo}.kr"),
            format!("{}{}.com", "a".repeat(44), "J\u{30C}".repeat(8)),
            xn,
        ] {
            let raw = format!("https://{host}/");
            let url = parse_dns(&raw);
            assert!(
                url.as_ref()
                    .is_ok_and(|u| u.host_str().is_some_and(dns_sized)),
                "{raw}: {url:?}"
            );
        }
    }

    /// A budget of hosts already named, and no room for another.
    struct Spent(&'static [&'static str]);

    impl HostBudget for Spent {
        fn name(&mut self, host: &str) -> bool {
            self.0.contains(&host)
        }
        fn read(&mut self, _: &str) -> bool {
            false
        }
        fn spent(&self) -> bool {
            true
        }
    }

    /// Room for `limit` hosts read as written, and any number named.
    struct Reads {
        read: Vec<String>,
        limit: usize,
    }

    impl HostBudget for Reads {
        fn name(&mut self, _: &str) -> bool {
            true
        }
        fn read(&mut self, host: &str) -> bool {
            if !self.read.iter().any(|h| h == host) {
                if self.read.len() == self.limit {
                    return false;
                }
                self.read.push(host.to_string());
            }
            true
        }
        fn spent(&self) -> bool {
            false
        }
    }

    /// A host written in Unicode is counted before the parser reads it, whatever becomes of
    /// it: one refused once read (longer than a DNS name once mapped and encoded) counts as
    /// one taken does, and past the limit none is read.
    #[test]
    fn hosts_written_in_unicode_are_counted_before_they_are_read() {
        let mut budget = Reads {
            read: Vec::new(),
            limit: 2,
        };
        // Each square maps to three to five katakana: 63 of them encode to far more than 63.
        let grown = |c: char| format!("https://{}.example/", c.to_string().repeat(63));
        let mut within =
            |raw: &str| parse_with_unicode_within(raw, &mut budget).map(|r| r.is_some());
        assert_eq!(within(&grown('\u{3300}')), Err(UrlError::NotDnsName));
        assert_eq!(within("https://münchen.example/"), Ok(true));
        // Read before: read again.
        assert_eq!(within(&grown('\u{3300}')), Err(UrlError::NotDnsName));
        assert_eq!(within("https://münchen.example/x"), Ok(true));
        // A third: refused unread.
        assert_eq!(within(&grown('\u{3301}')), Ok(false));
        assert_eq!(within("https://bücher.example/"), Ok(false));
        // Whatever needs no IDNA work is read as ever.
        assert_eq!(within("https://example.com/a b"), Ok(true));
        assert_eq!(
            budget.read,
            [
                "\u{3300}".repeat(63) + ".example",
                "münchen.example".to_string()
            ]
        );
    }

    /// Once a budget is spent, a URL of a host named before stands, and one that could
    /// name another host with `xn--` labels is refused, before the parser when it would
    /// take the parser to tell.
    #[test]
    fn a_spent_budget_refuses_what_could_name_another_international_host() {
        let within = |raw: &str| {
            parse_with_unicode_within(raw, &mut Spent(&["xn--mnchen-3ya.example"]))
                .map(|read| read.map(|(url, unicode)| (url.href, unicode)))
        };
        let named = Some("münchen.example".to_string());
        for raw in [
            "https://xn--mnchen-3ya.example/a",
            "https://xn--mnchen-3ya.example/a b",
            "https://XN--mnchen-3ya.example/a",
            "https://user@xn--mnchen-3ya.example:8443/a",
            "https:\\\txn--mnchen-3ya.example/a",
        ] {
            assert_eq!(within(raw).unwrap().unwrap().1, named, "{raw}");
        }
        for raw in [
            "https://xn--nxasmq6b.example/a",
            "https://xn--nxasmq6b.example/a b",
            "https://XN--nxasmq6b.example/a",
            "https://münchen.example/a",
            "https://m%C3%BCnchen.example/a",
            "https:\\\txn--nxasmq6b.example/a",
        ] {
            assert_eq!(within(raw), Ok(None), "{raw}");
        }
        // Whatever cannot name such a host is read as ever.
        assert!(within("https://example.com/a b").unwrap().is_some());
        assert!(within("https://xn.example/a%41").unwrap().is_some());
        assert_eq!(within("https://a b.example/"), Err(UrlError::Invalid));
        assert!(international_host("https://example.com/xn--/%41/é").is_none());
        assert!(international_host("https://ü@xn--user@example.com:1/").is_none());
    }

    /// A host the parser refuses alone is refused again without it; a URL refused for its
    /// port or path leaves its host as it was.
    #[test]
    fn a_refused_host_is_refused_again_without_the_parser() {
        let refused = |host: &str| crate::recent::kept(&REFUSED_HOSTS, host).is_some();
        assert_eq!(
            parse_with_unicode("https://xn--mnchen-3ya.example:99999/"),
            Err(UrlError::Invalid)
        );
        assert!(!refused("xn--mnchen-3ya.example"));
        assert!(parse_with_unicode("https://xn--mnchen-3ya.example/").is_ok());
        for raw in [
            "https://XN--zz-zz-zz.example/a b",
            "https://xn--zz-zz-zz.example:8443/",
            "https://u@xn--zz-zz-zz.example/",
        ] {
            assert_eq!(parse_with_unicode(raw), Err(UrlError::Invalid), "{raw}");
            assert!(refused("xn--zz-zz-zz.example"), "{raw}");
        }
        // Another scheme's host is not read as a special one's.
        assert!(refusable_host("foo://xn--zz-zz-zz.example/", &None).is_none());
        assert!(parse_fully("foo://xn--zz-zz-zz.example/").is_ok());
    }

    #[test]
    fn unicode_forms_map_back() {
        assert_eq!(
            domain_to_unicode("xn--80ak6aa92e.com").as_deref(),
            Some("\u{0430}\u{0440}\u{0440}\u{04CF}\u{0435}.com")
        );
        assert_eq!(
            domain_to_unicode("xn--mnchen-3ya.example").as_deref(),
            Some("münchen.example")
        );
        assert_eq!(domain_to_unicode("example.com"), None);
        // Not punycode at all, and punycode of something IDNA refuses (upper case).
        assert_eq!(domain_to_unicode("xn--.example"), None);
        assert_eq!(domain_to_unicode("xn--zz-zz-zz.example"), None);
        assert_eq!(domain_to_unicode("xn--MNCHEN-3YA.example"), None);
    }

    #[test]
    fn failures_are_worded_from_the_text() {
        let of = |raw: &str| Failure::of(raw, parse(raw).unwrap_err());
        assert_eq!(of("agent.example/card.json"), Failure::Relative);
        assert_eq!(of("https://agent.example:99999/"), Failure::Port);
        assert_eq!(of("https://[::1/"), Failure::IpAddress);
        assert_eq!(of("https://999.1.1.1/"), Failure::IpAddress);
        assert_eq!(of("https://a b.example/"), Failure::HostCharacters);
        assert_eq!(of("https://user@/x"), Failure::EmptyHost);
        assert_eq!(of("https://:443/"), Failure::EmptyHost);
        // The port, wherever it is, found as WHATWG finds it (red-team review).
        assert_eq!(of("https://a.com:+1/"), Failure::Port);
        assert_eq!(of("https://[::1]:99999/"), Failure::Port);
        assert_eq!(of("https://a.com:1:2/"), Failure::Port);
        assert_eq!(of("https://[::1.2.3.04]/"), Failure::IpAddress);
        assert_eq!(of("https://xn--80ak6aa45d.com/"), Failure::Punycode);
        assert_eq!(of("https://XN--.example/"), Failure::Punycode);
        assert_eq!(
            Failure::of("https://a.example/", UrlError::NoParser),
            Failure::NoParser
        );
    }

    #[test]
    fn domains_the_standard_refuses() {
        assert!(standard_domain("agent.example"));
        assert!(standard_domain("xn--mnchen-3ya.example"));
        for raw in [
            "https://xn--.example/",
            "https://xn--zz-zz-zz.example/",
            "https://xn--80ak6aa45d.com/",
        ] {
            assert_eq!(parse(raw), Err(UrlError::Invalid), "{raw}");
        }
        for d in ["a%20b.example", "a b.example", "a<b.example", "a^b.example"] {
            assert!(!standard_domain(d), "{d}");
        }
    }

    #[test]
    fn origins() {
        let a = parse("https://Agent.EXAMPLE:443/x").unwrap();
        let b = parse("https://agent.example/y").unwrap();
        assert_eq!(a.origin(), b.origin());
        assert_eq!(
            a.origin().unwrap().ascii_serialization(),
            "https://agent.example"
        );
        let c = parse("http://agent.example:8080/").unwrap();
        assert_eq!(
            c.origin().unwrap().ascii_serialization(),
            "http://agent.example:8080"
        );
        assert_eq!(parse("data:text/plain,x").unwrap().origin(), None);
    }
}
