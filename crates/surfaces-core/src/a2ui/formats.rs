//! The JSON Schema formats the A2UI schemas use (`date`, `time`, `date-time` per RFC 3339,
//! `uri` per RFC 3986), asserted as a format-validating JSON Schema engine asserts them: the
//! DateTimeInput `min`/`max` schema is a `oneOf` over formats, which only means something when
//! formats are checked.

fn two(b: &[u8]) -> Option<u32> {
    match b {
        [a @ b'0'..=b'9', c @ b'0'..=b'9'] => Some(u32::from(a - b'0') * 10 + u32::from(c - b'0')),
        _ => None,
    }
}

pub fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' || !b[..4].iter().all(u8::is_ascii_digit) {
        return false;
    }
    let year: u32 = s[..4].parse().unwrap_or(0);
    let (Some(month), Some(day)) = (two(&b[5..7]), two(&b[8..10])) else {
        return false;
    };
    crate::calendar::days_in_month(i64::from(year), month)
        .is_some_and(|days| (1..=days).contains(&day))
}

pub fn is_time(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() < 9 || b[2] != b':' || b[5] != b':' {
        return false;
    }
    let (Some(h), Some(m), Some(sec)) = (two(&b[..2]), two(&b[3..5]), two(&b[6..8])) else {
        return false;
    };
    if h > 23 || m > 59 || sec > 60 {
        return false;
    }
    let mut i = 8;
    if b.get(i) == Some(&b'.') {
        i += 1;
        let start = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if i == start {
            return false;
        }
    }
    let rest = &b[i..];
    // A leap second is only valid at 23:59:60 UTC.
    let utc_minutes =
        |offset: i32| -> i32 { ((h as i32 * 60 + m as i32 - offset) % 1440 + 1440) % 1440 };
    match rest {
        [b'Z' | b'z'] => sec != 60 || (h == 23 && m == 59),
        [sign @ (b'+' | b'-'), oh @ ..] if oh.len() == 5 && oh[2] == b':' => {
            let (Some(oh), Some(om)) = (two(&oh[..2]), two(&oh[3..5])) else {
                return false;
            };
            if oh > 23 || om > 59 {
                return false;
            }
            let offset = (oh * 60 + om) as i32 * if *sign == b'+' { 1 } else { -1 };
            sec != 60 || utc_minutes(offset) == 23 * 60 + 59
        }
        _ => false,
    }
}

pub fn is_date_time(s: &str) -> bool {
    match s.find(['T', 't']) {
        Some(t) => is_date(&s[..t]) && is_time(&s[t + 1..]),
        None => false,
    }
}

fn unreserved(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~')
}

fn sub_delim(c: u8) -> bool {
    matches!(
        c,
        b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
    )
}

/// Every byte is allowed by `ok` or starts a valid percent-encoding.
fn chars_ok(b: &[u8], ok: impl Fn(u8) -> bool) -> bool {
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            if i + 2 >= b.len() || !(b[i + 1].is_ascii_hexdigit() && b[i + 2].is_ascii_hexdigit()) {
                return false;
            }
            i += 3;
        } else if ok(b[i]) {
            i += 1;
        } else {
            return false;
        }
    }
    true
}

fn pchar(c: u8) -> bool {
    unreserved(c) || sub_delim(c) || c == b':' || c == b'@'
}

fn is_host(h: &[u8]) -> bool {
    if let Some(inner) = h.strip_prefix(b"[").and_then(|r| r.strip_suffix(b"]")) {
        let Ok(inner) = std::str::from_utf8(inner) else {
            return false;
        };
        if let Some(future) = inner.strip_prefix(['v', 'V']) {
            let Some((ver, rest)) = future.split_once('.') else {
                return false;
            };
            return !ver.is_empty()
                && ver.bytes().all(|c| c.is_ascii_hexdigit())
                && !rest.is_empty()
                && rest
                    .bytes()
                    .all(|c| unreserved(c) || sub_delim(c) || c == b':');
        }
        return inner.parse::<std::net::Ipv6Addr>().is_ok();
    }
    chars_ok(h, |c| unreserved(c) || sub_delim(c))
}

/// A theme's `primaryColor`: `#RRGGBB` (the catalog's pattern `^#[0-9a-fA-F]{6}$`).
pub fn is_hex_colour(s: &str) -> bool {
    s.len() == 7 && s.starts_with('#') && s[1..].bytes().all(|b| b.is_ascii_hexdigit())
}

/// RFC 3986 `URI`: a scheme, then hier-part, optional query and fragment.
pub fn is_uri(s: &str) -> bool {
    let b = s.as_bytes();
    let Some(colon) = b.iter().position(|&c| c == b':') else {
        return false;
    };
    let scheme = &b[..colon];
    if scheme.is_empty()
        || !scheme[0].is_ascii_alphabetic()
        || !scheme
            .iter()
            .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
    {
        return false;
    }
    let rest = &b[colon + 1..];
    let (before_fragment, fragment) = match rest.iter().position(|&c| c == b'#') {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    let (hier, query) = match before_fragment.iter().position(|&c| c == b'?') {
        Some(i) => (&before_fragment[..i], Some(&before_fragment[i + 1..])),
        None => (before_fragment, None),
    };
    let qf = |part: &[u8]| chars_ok(part, |c| pchar(c) || c == b'/' || c == b'?');
    if query.is_some_and(|q| !qf(q)) || fragment.is_some_and(|f| !qf(f)) {
        return false;
    }
    let path = if let Some(after) = hier.strip_prefix(b"//") {
        let end = after.iter().position(|&c| c == b'/').unwrap_or(after.len());
        let (authority, path) = after.split_at(end);
        let host_port = match authority.iter().position(|&c| c == b'@') {
            Some(at) => {
                if !chars_ok(&authority[..at], |c| {
                    unreserved(c) || sub_delim(c) || c == b':'
                }) {
                    return false;
                }
                &authority[at + 1..]
            }
            None => authority,
        };
        let (host, port) = if host_port.starts_with(b"[") {
            match host_port.iter().position(|&c| c == b']') {
                Some(close) => (&host_port[..=close], &host_port[close + 1..]),
                None => return false,
            }
        } else {
            match host_port.iter().position(|&c| c == b':') {
                Some(i) => (&host_port[..i], &host_port[i..]),
                None => (host_port, &b""[..]),
            }
        };
        if !is_host(host) {
            return false;
        }
        if !port.is_empty() && (port[0] != b':' || !port[1..].iter().all(u8::is_ascii_digit)) {
            return false;
        }
        path
    } else {
        hier
    };
    chars_ok(path, |c| pchar(c) || c == b'/')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_times() {
        assert!(
            is_date("2024-02-29")
                && !is_date("2023-02-29")
                && !is_date("2024-13-01")
                && !is_date("24-01-01")
        );
        assert!(
            is_time("14:30:00Z")
                && is_time("14:30:00.5+02:00")
                && !is_time("14:30")
                && !is_time("14:30:00")
        );
        assert!(is_time("23:59:60Z") && !is_time("22:59:60Z") && is_time("00:59:60+01:00"));
        assert!(is_date_time("2026-01-16T14:30:00Z") && !is_date_time("2026-01-16 14:30:00Z"));
    }

    #[test]
    fn uris() {
        for ok in [
            "https://a.example/x?y#z",
            "mailto:a@b.example",
            "urn:isbn:0451450523",
            "http://[::1]:80/",
            "a:",
            "https://u:p@h:8080",
        ] {
            assert!(is_uri(ok), "{ok}");
        }
        for bad in [
            "/relative",
            "no scheme",
            "https://a b/",
            "1http://x",
            "https://a.example/%zz",
            "http://[::1/",
            "https://h:8x/",
            "",
        ] {
            assert!(!is_uri(bad), "{bad}");
        }
    }
}
