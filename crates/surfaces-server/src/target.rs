//! Agents as the operator names them, and the one way a request reaches one: its `{rest}`
//! appended as a path under the configured base URL, after a strict check.

use url::Url;

/// One agent the server may reach: `--agent NAME=URL`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgentTarget {
    pub name: String,
    /// The base URL, normalised by the WHATWG parser; its path ends with `/`.
    pub base: Url,
}

impl AgentTarget {
    /// Parses `NAME=URL`. The name is 1–64 of `a-z 0-9 - _` starting with a letter or digit;
    /// the URL is an absolute `http:` URL with a host and no user name, password, query or
    /// fragment. (`https:` agents need a TLS client this build does not carry.)
    pub fn parse(spec: &str) -> Result<AgentTarget, String> {
        let (name, url) = spec
            .split_once('=')
            .ok_or_else(|| format!("{spec:?}: expected NAME=URL"))?;
        if !name_ok(name) {
            return Err(format!(
                "{name:?}: an agent name is 1 to 64 of a-z, 0-9, '-' and '_', starting with a letter or digit"
            ));
        }
        let mut base = Url::parse(url).map_err(|e| format!("{url:?}: {e}"))?;
        match base.scheme() {
            "http" => {}
            "https" => {
                return Err(format!(
                    "{url:?}: https agents are not supported by this build (plain http only)"
                ))
            }
            other => return Err(format!("{url:?}: the scheme must be http, not {other}")),
        }
        if base.host_str().is_none_or(str::is_empty) {
            return Err(format!("{url:?}: no host"));
        }
        if !base.username().is_empty() || base.password().is_some() {
            return Err(format!("{url:?}: credentials in the URL are not accepted"));
        }
        if base.query().is_some() || base.fragment().is_some() {
            return Err(format!("{url:?}: the base URL takes no query or fragment"));
        }
        if !base.path().ends_with('/') {
            let path = format!("{}/", base.path());
            base.set_path(&path);
        }
        Ok(AgentTarget {
            name: name.to_string(),
            base,
        })
    }

    /// The agent's card URL: `{base}.well-known/agent-card.json`.
    pub fn card_url(&self) -> String {
        format!("{}.well-known/agent-card.json", self.base)
    }

    /// The upstream URL for a request's raw (still percent-encoded) `rest` and query, or why
    /// it is refused. Only paths under the base are ever produced.
    pub fn join(&self, rest: &str, query: Option<&str>) -> Result<Url, &'static str> {
        check_rest(rest)?;
        if let Some(q) = query {
            check_query(q)?;
        }
        let mut text = format!("{}{rest}", self.base);
        if let Some(q) = query {
            text.push('?');
            text.push_str(q);
        }
        let url = Url::parse(&text).map_err(|_| "the path does not make a URL")?;
        // Belt and braces: the parser must not have moved us anywhere else.
        let same = url.scheme() == self.base.scheme()
            && url.host_str() == self.base.host_str()
            && url.port_or_known_default() == self.base.port_or_known_default()
            && url.username().is_empty()
            && url.password().is_none()
            && url.fragment().is_none()
            && url.path().starts_with(self.base.path());
        if !same {
            return Err("the path would leave the agent's base URL");
        }
        Ok(url)
    }
}

pub(crate) fn name_ok(name: &str) -> bool {
    (1..=64).contains(&name.len())
        && name.bytes().enumerate().all(|(i, b)| {
            b.is_ascii_lowercase() || b.is_ascii_digit() || (i > 0 && (b == b'-' || b == b'_'))
        })
}

/// Characters a path may hold as they are: RFC 3986 unreserved and sub-delims, `:` and `/`,
/// and `%` for escapes. `@` and `\` are refused, as is everything else.
fn path_byte_ok(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:/%".contains(&b)
}

/// Escapes that could change where a path goes, or hide a control character.
fn escape_ok(decoded: u8) -> bool {
    !(decoded < 0x20 || decoded == 0x7f || b"/\\.%@?#:".contains(&decoded))
}

fn escapes_ok(s: &str, dangerous: bool) -> Result<(), &'static str> {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = |c: u8| (c as char).to_digit(16);
            let (Some(h), Some(l)) = (
                b.get(i + 1).copied().and_then(hex),
                b.get(i + 2).copied().and_then(hex),
            ) else {
                return Err("a malformed percent escape");
            };
            let decoded = (h * 16 + l) as u8;
            if dangerous && !escape_ok(decoded) {
                return Err("an escaped slash, backslash, dot, '%', '@', '?', '#', ':' or control character");
            }
            i += 3;
        } else {
            i += 1;
        }
    }
    Ok(())
}

fn check_rest(rest: &str) -> Result<(), &'static str> {
    if rest.len() > 2048 {
        return Err("the path is too long");
    }
    // `;` too: servers that take matrix parameters (Tomcat, Spring) read `..;` as `..`.
    if let Some(b) = rest.bytes().find(|b| !path_byte_ok(*b) || *b == b';') {
        return Err(match b {
            b'\\' => "a backslash",
            b'@' => "an '@'",
            b';' => "a ';'",
            _ => "a character paths here may not hold",
        });
    }
    escapes_ok(rest, true)?;
    // Escapes of UTF-8 only: some servers decode an overlong form (`%c0%ae`) as a dot.
    let bytes = decoded(rest);
    let Ok(text) = std::str::from_utf8(&bytes) else {
        return Err("escapes that are not UTF-8");
    };
    // Dots and slashes in other forms, which a server that normalises Unicode (NFKC)
    // reads as `.` and `/`: fullwidth, one-dot leader, small full stop, division slash.
    if text.contains([
        '\u{FF0E}', '\u{2024}', '\u{FE52}', '\u{FF0F}', '\u{2215}', '\u{FF3C}',
    ]) {
        return Err("a dot or slash in another form");
    }
    for seg in text.split('/') {
        // Dots alone, however many, and trailing dots and spaces (which Windows servers
        // drop): some servers read `...` or `..%20` as a parent too.
        if !seg.is_empty() && seg.trim_end_matches(['.', ' ']).is_empty() {
            return Err("a segment of dots alone ('.', '..')");
        }
    }
    let segments: Vec<&str> = rest.split('/').collect();
    for (i, seg) in segments.iter().enumerate() {
        // Empty only as the whole rest ("") or after a final slash: never `//`.
        if seg.is_empty() && i + 1 != segments.len() {
            return Err("an empty segment ('//')");
        }
    }
    Ok(())
}

/// `s` with its percent escapes decoded (they are known to be well formed).
fn decoded(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16).unwrap_or(0) as u8;
        if b[i] == b'%' && i + 2 < b.len() {
            out.push(hex(b[i + 1]) * 16 + hex(b[i + 2]));
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    out
}

fn check_query(q: &str) -> Result<(), &'static str> {
    if q.len() > 2048 {
        return Err("the query is too long");
    }
    if !q.bytes().all(|b| path_byte_ok(b) || b == b'?') {
        return Err("a character queries here may not hold");
    }
    escapes_ok(q, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn agent(url: &str) -> AgentTarget {
        AgentTarget::parse(&format!("a={url}")).unwrap()
    }

    #[test]
    fn joins_under_the_base() {
        let a = agent("http://127.0.0.1:9000");
        assert_eq!(a.base.as_str(), "http://127.0.0.1:9000/");
        assert_eq!(a.join("", None).unwrap().as_str(), "http://127.0.0.1:9000/");
        assert_eq!(
            a.join(".well-known/agent-card.json", None)
                .unwrap()
                .as_str(),
            "http://127.0.0.1:9000/.well-known/agent-card.json"
        );
        let b = agent("http://agent.example/a2a/v1");
        assert_eq!(b.base.as_str(), "http://agent.example/a2a/v1/");
        assert_eq!(
            b.join("rpc", Some("x=1&y=%20")).unwrap().as_str(),
            "http://agent.example/a2a/v1/rpc?x=1&y=%20"
        );
        assert_eq!(
            b.join("v1/message:send", None).unwrap().path(),
            "/a2a/v1/v1/message:send"
        );
        assert_eq!(
            b.join("caf%C3%A9/", None).unwrap().path(),
            "/a2a/v1/caf%C3%A9/"
        );
    }

    #[test]
    fn refuses_every_escape() {
        let a = agent("http://127.0.0.1:9000/base/");
        for rest in [
            "..",
            "../x",
            "a/../../x",
            "./x",
            "a/./b",
            "%2e%2e/x",
            "%2E%2E",
            ".%2e/x",
            "a%2fb",
            "a%2Fb",
            "a%5cb",
            "a\\b",
            "..\\x",
            "@evil.example/",
            "x@evil.example",
            "%40evil",
            "//evil.example/",
            "http://evil.example/",
            "a//b",
            "%00",
            "a%0d%0aHost:%20x",
            "%",
            "%zz",
            "%2",
            "a b",
            "a#b",
            "a?b",
            "é",
            "%252e%252e",
            // Read as a parent by some servers (red-team review).
            "..;/admin",
            "a/..;/b",
            "x;y",
            "%c0%ae%c0%ae/admin",
            "%C0%AE",
            "caf%C3",
            "...",
            "a/..../b",
            "..%20/admin",
            ".%20",
            "%20",
            "%EF%BC%8E%EF%BC%8E/admin",
            "%E2%80%A4%E2%80%A4",
            "a%EF%BC%8Fb",
            "a%E2%88%95b",
        ] {
            assert!(a.join(rest, None).is_err(), "{rest:?} was accepted");
        }
        for q in ["a b", "a#b", "x=\\", "%zz", "a@b"] {
            assert!(a.join("x", Some(q)).is_err(), "query {q:?} was accepted");
        }
    }

    #[test]
    fn paths_and_queries_at_their_length_limit_and_one_past() {
        let a = agent("http://127.0.0.1:9000/");
        assert!(a.join(&"a".repeat(2048), None).is_ok());
        assert!(a.join(&"a".repeat(2049), None).is_err());
        assert!(a.join("x", Some(&"q".repeat(2048))).is_ok());
        assert!(a.join("x", Some(&"q".repeat(2049))).is_err());
    }

    #[test]
    fn refuses_bad_configuration() {
        for spec in [
            "noequals",
            "=http://a/",
            "Caps=http://a/",
            "-x=http://a/",
            "a.b=http://a/",
            "a=https://a/",
            "a=ftp://a/",
            "a=file:///etc/",
            "a=http://user:pw@a/",
            "a=http://a/?q=1",
            "a=http://a/#f",
            "a=/relative",
            "a=not a url",
        ] {
            assert!(AgentTarget::parse(spec).is_err(), "{spec:?} was accepted");
        }
        let long = format!("{}=http://a/", "a".repeat(65));
        assert!(AgentTarget::parse(&long).is_err());
        assert!(AgentTarget::parse("fixture_2-b=http://a:81").is_ok());
    }
}
