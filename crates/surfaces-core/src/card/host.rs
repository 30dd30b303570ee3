//! Origins and hosts, as a WHATWG URL parser computes them ([`crate::web_url`]): default
//! ports, host case and IDNA are normalised before anything is compared.

use std::cell::RefCell;

use crate::recent::Recent;
use crate::web_url::{self, Host, Origin, WebUrl};
use crate::Code;

use crate::scripts::ScriptSet;
use crate::text::whole_script_confusable_in;
use crate::UsageError;

/// The origin of the URL the card was fetched from.
pub(super) fn fetched_origin(fetched_from: Option<&str>) -> Result<Option<Origin>, UsageError> {
    let Some(raw) = fetched_from else {
        return Ok(None);
    };
    let url = web_url::parse(raw.trim())
        .map_err(|e| UsageError::InvalidFetchedFrom(format!("{raw:?}: {e}")))?;
    if !matches!(url.scheme.as_str(), "http" | "https") || url.host.is_none() {
        return Err(UsageError::InvalidFetchedFrom(format!(
            "{raw:?} is not an http(s) URL with a host"
        )));
    }
    Ok(url.origin())
}

/// The Unicode form of an ASCII (punycode) domain, when it differs.
pub(super) fn unicode_host(url: &WebUrl) -> Option<String> {
    let Some(Host::Domain(ascii)) = &url.host else {
        return None;
    };
    web_url::domain_to_unicode(ascii)
}

/// What a (Unicode) host looks like to a person: whether a label mixes scripts, or else
/// whether a label can pass for a Latin one (TS #39 whole-script confusable).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Look {
    /// Nothing to say beyond its being internationalised.
    Plain,
    /// A label mixes scripts (`pаypal`, with a Cyrillic `а`).
    MixedScripts,
    /// A label is written in one non-Latin script and can pass for ASCII: `looks_like` is
    /// the host with each such label replaced by its skeleton (`apple.com`); `script`
    /// names the script of the first such label.
    WholeScriptConfusable { looks_like: String, script: String },
}

/// How a host in Unicode form reads (see [`Look`]). Under a top-level domain of its own
/// script that cannot pass for Latin (`.рф`), a confusable label is ordinary: the name as
/// a whole does not read as a Latin one (browsers make the same exception).
pub(super) fn look(unicode_host: &str) -> Look {
    thread_local! {
        static LOOKS: RefCell<Recent<Look>> = const { RefCell::new(Recent::new()) };
    }
    crate::recent::answer(&LOOKS, unicode_host, look_of)
}

/// [`look`], computed.
fn look_of(unicode_host: &str) -> Look {
    // Each label's script set is found once: it is most of the cost of a look, and a
    // host may hold dozens of labels (a look-alike stream names thousands of such hosts).
    let labels: Vec<(&str, ScriptSet)> = unicode_host
        .split('.')
        .map(|l| (l, ScriptSet::of_str(l)))
        .collect();
    if labels.iter().any(|(_, set)| set.is_empty()) {
        return Look::MixedScripts;
    }
    let mut script = None;
    let mut looks_like = String::with_capacity(unicode_host.len());
    for (i, &(label, set)) in labels.iter().enumerate() {
        if i > 0 {
            looks_like.push('.');
        }
        match whole_script_confusable_in(label, set) {
            Some(skeleton) => {
                script.get_or_insert(set);
                looks_like.push_str(&skeleton);
            }
            None => looks_like.push_str(label),
        }
    }
    let tld = labels
        .iter()
        .rev()
        .find(|(l, _)| !l.is_empty())
        .copied()
        .unwrap_or(("", ScriptSet::of_str("")));
    let tld_reads_foreign = !tld.0.is_ascii() && whole_script_confusable_in(tld.0, tld.1).is_none();
    match script {
        Some(set) if !tld_reads_foreign => Look::WholeScriptConfusable {
            looks_like,
            script: set.to_string(),
        },
        _ => Look::Plain,
    }
}

/// What a careful reader should know about an address an A2UI surface names (a media source,
/// an `openUrl` target): the same host warnings a card's links get, as (code, message).
#[cfg(test)]
pub(crate) fn address_warnings(url: &WebUrl) -> Vec<(Code, String)> {
    warnings_of(url, unicode_host(url).as_deref())
}

/// [`address_warnings`] of a URL whose host's Unicode form is known (`None`: it has none).
pub(crate) fn warnings_of(url: &WebUrl, unicode: Option<&str>) -> Vec<(Code, String)> {
    let mut out = Vec::new();
    let ascii_host = url.host_str().unwrap_or_default();
    if url.is_ip() {
        out.push((
            Code::UrlIpHost,
            format!("The address points at an IP address ({ascii_host}), not a name."),
        ));
    }
    if let Some(unicode) = unicode {
        match look(unicode) {
            Look::MixedScripts => out.push((
                Code::HostMixedScripts,
                format!("The host mixes writing systems, a common look-alike trick; it is {ascii_host}."),
            )),
            Look::WholeScriptConfusable { looks_like, script } => out.push((
                Code::HostWholeScriptConfusable,
                format!("The host is written in {script} letters that pass for Latin ones: it reads as {looks_like} but is {ascii_host}."),
            )),
            Look::Plain => {}
        }
    }
    out
}

/// Characters that end a word that might name a host, beside white space.
fn is_break(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '(' | ')'
                | '<'
                | '>'
                | '"'
                | '\''
                | ','
                | '['
                | ']'
                | '{'
                | '}'
                | '|'
                | '`'
                | '«'
                | '»'
                | '‘'
                | '’'
                | '“'
                | '”'
                | '「'
                | '」'
                | '『'
                | '』'
                | '【'
                | '】'
                | '、'
                // Dashes, angle quotes, bullets, arrows and ellipses run text on where no
                // host can go on (`paypal.com—login`, `paypal.com›`).
                | '–'
                | '—'
                | '‹'
                | '›'
                | '•'
                | '→'
                | '…'
        )
}

/// Hosts named in a label, such as `www.bank.example`, `https://bank.example/login`,
/// `PAYPAL.COM:443` or `ＰＡＹＰＡＬ．ＣＯＭ`: a label that names one host and links to
/// another is a classic phishing shape. Each word is first read the way a browser reads a
/// host (`web_url::mapped_as_host`: width and compatibility forms folded, case lowered, the
/// ideographic full stops read as `.`, characters that draw nothing such as `pay\u{AD}pal.com`
/// dropped, as a browser drops them; what is left that no host may hold, a bidi control or a
/// symbol, makes the word name none), then a host is taken from it with its scheme, port and
/// path set aside and parsed as a URL's host would be (UTS #46 itself is the parser's).
/// Hosts come back in ASCII (punycode) form, without `www.`.
pub(super) fn hosts_named_in(label: &str) -> Vec<String> {
    let mut hosts = Vec::new();
    for word in label.split(is_break).filter(|w| !w.is_empty()) {
        let mapped = web_url::mapped_as_host(word);
        // Full-width brackets and quotes are ASCII ones now.
        hosts.extend(mapped.split(is_break).filter_map(host_in_token));
    }
    hosts
}

fn host_in_token(token: &str) -> Option<String> {
    // A host ends with a letter or a digit: what follows it in a sentence does not make the
    // word name no host (`paypal.com.`, `paypal.com®`, `paypal.com✓`; a red-team review).
    let token = token.trim_end_matches(|c: char| !c.is_alphanumeric());
    let (has_scheme, rest) = match token.split_once("://") {
        Some((_, rest)) => (true, rest),
        None => (false, token),
    };
    let authority = rest.split(['/', '?', '#', '\\']).next().unwrap_or("");
    // `support@paypal.com` and `user@host` name the part after the `@`, as a URL would.
    let authority = authority
        .rsplit_once('@')
        .map_or(authority, |(_, host)| host);
    let host = match authority.rsplit_once(':') {
        Some((host, port)) if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) => host,
        Some(_) => return None,
        None => authority,
    };
    let host_chars = host.starts_with(|c: char| c.is_alphanumeric())
        && host
            .chars()
            .all(|c| c.is_alphanumeric() || c == '.' || c == '-');
    if !host_chars {
        return None;
    }
    let dotted_quad = host.split('.').count() == 4
        && host
            .split('.')
            .all(|p| !p.is_empty() && p.len() <= 3 && p.bytes().all(|b| b.is_ascii_digit()));
    let looks_like_host = has_scheme
        || dotted_quad
        || host.starts_with("www.")
        || (host.contains('.')
            && host.rsplit('.').next().is_some_and(|tld| {
                tld.chars().count() >= 2 && tld.chars().all(char::is_alphabetic)
            }));
    if !looks_like_host {
        return None;
    }
    let url = web_url::parse(&format!("https://{host}/")).ok()?;
    match url.host? {
        Host::Domain(d) if d.contains('.') => Some(d.trim_start_matches("www.").to_string()),
        Host::Domain(_) => None,
        Host::Ipv4(ip) | Host::Ipv6(ip) => Some(ip),
    }
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
        let b = web_url::parse("https://agent.example/reports")
            .unwrap()
            .origin()
            .unwrap();
        assert_eq!(a, b);
        let c = fetched_origin(Some("https://münchen.example/"))
            .unwrap()
            .unwrap();
        assert_eq!(
            c,
            web_url::parse("https://xn--mnchen-3ya.example/x")
                .unwrap()
                .origin()
                .unwrap()
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
        assert_eq!(hosts_named_in("support@paypal.com"), vec!["paypal.com"]);
        assert_eq!(hosts_named_in("Admin at 192.168.0.1"), vec!["192.168.0.1"]);
        assert!(hosts_named_in("Version 1.2.3").is_empty());
        assert!(hosts_named_in("Report \u{202E}xcod.exe").is_empty());
        assert!(hosts_named_in("（paypal\u{2764}.com）").is_empty());
        assert!(hosts_named_in("Operations dashboard").is_empty());
        assert!(hosts_named_in("<script>fetch('x?c='+document.cookie)</script>").is_empty());
    }

    #[test]
    fn hosts_in_labels_are_read_as_a_browser_reads_them() {
        for label in [
            "paypal.com/login",
            "PAYPAL.COM:443",
            "paypal\u{3002}com",
            "paypal\u{FF0E}com",
            "paypal\u{FF61}com",
            "Log in at \u{FF30}\u{FF21}\u{FF39}\u{FF30}\u{FF21}\u{FF2C}\u{FF0E}\u{FF23}\u{FF2F}\u{FF2D}",
            "Visit https://PayPal.com:8443/x?y#z now.",
            "(paypal.com)",
            "“paypal.com”",
            "www.paypal.com\u{3002}",
            "paypal.com/",
            "\u{FF08}paypal.com\u{FF09}",
            "「paypal.com」",
        ] {
            assert_eq!(hosts_named_in(label), vec!["paypal.com"], "{label:?}");
        }
        for label in [
            "Payroll reports v2.0",
            "Operations dashboard",
            "e.g. this, i.e. that",
            "Version 1.2.3-beta",
            "Ratio 3:2",
            "paypal.com:login",
        ] {
            assert!(hosts_named_in(label).is_empty(), "{label:?}");
        }
        assert_eq!(
            hosts_named_in("Sign in at \u{0430}\u{0440}\u{0440}\u{04CF}\u{0435}.com"),
            vec!["xn--80ak6aa92e.com"]
        );
        assert_eq!(hosts_named_in("https://10.0.0.1/x"), vec!["10.0.0.1"]);
        // The lunate sigma reads as σ in a host, as a browser reads it; ς stays ς.
        let sigma = web_url::parse("https://σab.com/").unwrap();
        assert_eq!(
            hosts_named_in("\u{03F2}ab.com"),
            vec![sigma.host_str().unwrap()]
        );
        let final_sigma = web_url::parse("https://ςab.com/").unwrap();
        assert_eq!(
            hosts_named_in("ςab.com"),
            vec![final_sigma.host_str().unwrap()]
        );
        assert_ne!(sigma.host_str(), final_sigma.host_str());
        // An address names its host, and so does a bare IPv4 address (found by red-teaming).
        assert_eq!(hosts_named_in("10.0.0.1"), vec!["10.0.0.1"]);
    }

    #[test]
    fn looks_of_hosts() {
        assert_eq!(look("münchen.example"), Look::Plain);
        assert_eq!(look("東京.jp"), Look::Plain);
        assert_eq!(look("p\u{0430}ypal.com"), Look::MixedScripts);
        assert_eq!(
            look("\u{0430}\u{0440}\u{0440}\u{04CF}\u{0435}.com"),
            Look::WholeScriptConfusable {
                looks_like: "apple.com".into(),
                script: "Cyrillic".into()
            }
        );
        assert_eq!(
            look("\u{0430}\u{0440}\u{0440}\u{04CF}\u{0435}.пример.com"),
            Look::WholeScriptConfusable {
                looks_like: "apple.пример.com".into(),
                script: "Cyrillic".into()
            }
        );
        // Under a Cyrillic top-level domain a Cyrillic name is ordinary.
        assert_eq!(
            look("\u{0430}\u{0440}\u{0440}\u{04CF}\u{0435}.рф"),
            Look::Plain
        );
        assert_eq!(look("пример.рф"), Look::Plain);
        assert_eq!(
            web_url::domain_to_unicode("xn--80ak6aa92e.com").as_deref(),
            Some("\u{0430}\u{0440}\u{0440}\u{04CF}\u{0435}.com")
        );
        assert_eq!(web_url::domain_to_unicode("example.com"), None);
    }
}
