//! Origins and hosts, as the `url` crate (WHATWG URL) computes them: default ports, host
//! case and IDNA are normalised before anything is compared.

use url::{Host, Origin, Url};

use crate::text::label_mixes_scripts;
use crate::UsageError;

/// The origin of the URL the card was fetched from.
pub(super) fn fetched_origin(fetched_from: Option<&str>) -> Result<Option<Origin>, UsageError> {
    let Some(raw) = fetched_from else {
        return Ok(None);
    };
    let url = Url::parse(raw.trim())
        .map_err(|e| UsageError::InvalidFetchedFrom(format!("{raw:?}: {e}")))?;
    if !matches!(url.scheme(), "http" | "https") || url.host().is_none() {
        return Err(UsageError::InvalidFetchedFrom(format!(
            "{raw:?} is not an http(s) URL with a host"
        )));
    }
    Ok(Some(url.origin()))
}

/// The Unicode form of an ASCII (punycode) domain, when it differs.
pub(super) fn unicode_host(url: &Url) -> Option<String> {
    let Some(Host::Domain(ascii)) = url.host() else {
        return None;
    };
    if !ascii.split('.').any(|l| l.starts_with("xn--")) {
        return None;
    }
    let (unicode, result) = idna::domain_to_unicode(ascii);
    if result.is_err() || unicode == ascii {
        return None;
    }
    Some(unicode)
}

pub(super) fn mixes_scripts(unicode_host: &str) -> bool {
    unicode_host.split('.').any(label_mixes_scripts)
}

pub(super) fn is_ip(url: &Url) -> bool {
    matches!(url.host(), Some(Host::Ipv4(_)) | Some(Host::Ipv6(_)))
}

/// Hosts named in a label, such as `www.bank.example` or `https://bank.example/login`:
/// a label that names one host and links to another is a classic phishing shape.
pub(super) fn hosts_named_in(label: &str) -> Vec<String> {
    label
        .split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | '<' | '>' | '"' | '\'' | ','))
        .filter_map(|token| {
            let token = token.trim_end_matches(['.', ':', ';', '!', '?']);
            let bare = token.split_once("://").map_or(token, |(_, rest)| rest);
            let bare = bare.split(['/', '?', '#']).next().unwrap_or("");
            let host_chars = bare.starts_with(|c: char| c.is_alphanumeric())
                && bare
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '.' || c == '-');
            if !host_chars {
                return None;
            }
            let looks_like_host = token.contains("://")
                || token.starts_with("www.")
                || (token.contains('.')
                    && token.rsplit('.').next().is_some_and(|tld| {
                        tld.len() >= 2 && tld.chars().all(|c| c.is_alphabetic())
                    }));
            if !looks_like_host {
                return None;
            }
            let candidate = if token.contains("://") {
                token.to_string()
            } else {
                format!("https://{token}")
            };
            let url = Url::parse(&candidate).ok()?;
            match url.host()? {
                Host::Domain(d) if d.contains('.') => {
                    Some(d.trim_start_matches("www.").to_string())
                }
                Host::Domain(_) => None,
                ip => Some(ip.to_string()),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origin_normalises_port_case_and_idna() {
        let a = fetched_origin(Some(
            "https://Agent.EXAMPLE:443/.well-known/agent-card.json",
        ))
        .unwrap()
        .unwrap();
        let b = Url::parse("https://agent.example/reports")
            .unwrap()
            .origin();
        assert_eq!(a, b);
        let c = fetched_origin(Some("https://münchen.example/"))
            .unwrap()
            .unwrap();
        assert_eq!(
            c,
            Url::parse("https://xn--mnchen-3ya.example/x")
                .unwrap()
                .origin()
        );
    }

    #[test]
    fn fetched_from_must_be_http() {
        assert!(fetched_origin(Some("not a url")).is_err());
        assert!(fetched_origin(Some("file:///etc/passwd")).is_err());
        assert!(fetched_origin(Some("data:text/plain,hi")).is_err());
        assert!(fetched_origin(Some("http://localhost:8080/")).is_ok());
    }

    #[test]
    fn hosts_in_labels() {
        assert_eq!(
            hosts_named_in("Sign in at www.bank.example now"),
            vec!["bank.example"]
        );
        assert_eq!(
            hosts_named_in("https://paypal.com/login"),
            vec!["paypal.com"]
        );
        assert!(hosts_named_in("Payroll reports v2.0").is_empty());
        assert!(hosts_named_in("Operations dashboard").is_empty());
        assert!(hosts_named_in("<script>fetch('x?c='+document.cookie)</script>").is_empty());
    }
}
