//! One entry of `params.uis` (§3 rules 3–8, §5, §6).

use crate::Code;
use std::collections::{HashMap, HashSet};

use crate::web_url::{self, Origin, UrlError, WebUrl};
use serde_json::{Map, Value};

use super::host;
use super::report::{Access, Audience, Entry};
use super::{CardLimits, Findings};
use crate::pointer::Pointer;
use crate::text::{codepoint, draws_nothing, hidden_characters, Hidden};

const KNOWN_FIELDS: [&str; 7] = [
    "url", "label", "purpose", "audience", "access", "kind", "skill",
];

pub(super) fn check(
    index: usize,
    raw: &Value,
    path: &Pointer,
    skills: &HashSet<&str>,
    origin: Option<&Origin>,
    limits: &CardLimits,
    findings: &mut Findings,
) -> Entry {
    let mut entry = Entry {
        index,
        url: None,
        url_text: None,
        host: None,
        host_unicode: None,
        label: None,
        purpose: None,
        audience: None,
        access: None,
        kind: None,
        skill: None,
        skill_declared: None,
        same_origin: None,
        linkable: false,
    };
    let Some(obj) = raw.as_object() else {
        findings.push(
            Code::EntryNotObject,
            path,
            "This entry is not an object, so it is not read.".into(),
        );
        return entry;
    };
    let url = check_url(obj, path, limits, &mut entry, findings);
    let label_ok = check_label(obj, path, limits, &mut entry, url.as_ref(), findings);
    entry.purpose = optional_text(obj, "purpose", path, limits.purpose_chars, findings);
    entry.audience = check_enum(
        obj,
        "audience",
        path,
        findings,
        &[
            ("public", Audience::Public),
            ("client", Audience::Client),
            ("operator", Audience::Operator),
        ],
    );
    entry.access = check_enum(
        obj,
        "access",
        path,
        findings,
        &[
            ("open", Access::Open),
            ("authenticated", Access::Authenticated),
        ],
    );
    entry.kind = optional_text(obj, "kind", path, limits.token_chars, findings);
    entry.skill = optional_text(obj, "skill", path, limits.token_chars, findings);
    if let Some(skill) = &entry.skill {
        let declared = skills.contains(skill.as_str());
        if !declared {
            findings.push(
                Code::SkillUndeclared,
                &path.key("skill"),
                format!("`skill` \"{skill}\" matches no id in the card's `skills`; the entry is still shown (§3.8)."),
            );
        }
        entry.skill_declared = Some(declared);
    }
    for key in obj.keys().filter(|k| !KNOWN_FIELDS.contains(&k.as_str())) {
        let squashed: String = key
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_ascii_lowercase();
        if squashed.contains("sameorigin")
            || squashed.contains("trusted")
            || squashed.contains("verified")
        {
            findings.push(
                Code::TrustClaimIgnored,
                &path.key(key),
                format!("`{key}` looks like a claim about trust or origin; consumers compute same-origin themselves and never take it from the card (§6)."),
            );
        } else {
            findings.push(
                Code::EntryFieldUnknown,
                &path.key(key),
                format!("`{key}` is not a field of UI links v1; it is ignored."),
            );
        }
    }
    if let Some(url) = url {
        if label_ok {
            entry.same_origin = origin.map(|o| url.origin().as_ref() == Some(o));
            entry.url = Some(url.href);
            entry.linkable = true;
        }
    }
    entry
}

fn check_url(
    obj: &Map<String, Value>,
    path: &Pointer,
    limits: &CardLimits,
    entry: &mut Entry,
    findings: &mut Findings,
) -> Option<WebUrl> {
    let path = path.key("url");
    let raw = match obj.get("url") {
        None => {
            findings.push(
                Code::UrlMissing,
                &path,
                "`url` is required (§3.3); the entry is not linkable.".into(),
            );
            return None;
        }
        Some(Value::String(s)) => s,
        Some(_) => {
            findings.push(
                Code::UrlNotString,
                &path,
                "`url` must be a string (§3.3); the entry is not linkable.".into(),
            );
            return None;
        }
    };
    entry.url_text = Some(kept_bytes(raw, limits.url_bytes));
    if raw.len() > limits.url_bytes {
        findings.push(
            Code::UrlTooLong,
            &path,
            format!(
                "`url` is {} bytes; over {} the entry is not linkable.",
                raw.len(),
                limits.url_bytes
            ),
        );
        return None;
    }
    if raw.trim() != raw || raw.chars().any(|c| c.is_control() || c.is_whitespace()) {
        // WHATWG parsing strips some of these silently; a careful reader refuses instead.
        findings.push(
            Code::UrlHasWhitespace,
            &path,
            "`url` contains spaces or control characters; the entry is not linkable.".into(),
        );
        return None;
    }
    let url = match web_url::parse_dns(raw) {
        Ok(u) => u,
        Err(UrlError::RelativeWithoutBase) => {
            findings.push(
                Code::UrlNotAbsolute,
                &path,
                "`url` must be an absolute HTTPS URL (§3.3); the entry is not linkable.".into(),
            );
            return None;
        }
        Err(e) => {
            findings.push(
                Code::UrlInvalid,
                &path,
                format!(
                    "`url` is not a valid URL ({}); the entry is not linkable.",
                    web_url::Failure::of(raw, e).words()
                ),
            );
            return None;
        }
    };
    if url.scheme != "https" {
        findings.push(
            Code::UrlNotHttps,
            &path,
            format!("`url` uses the `{}:` scheme; only `https:` is allowed (§3.3) and the entry is not linkable.", url.scheme),
        );
        return None;
    }
    let Some(ascii_host) = url.host_str() else {
        findings.push(
            Code::UrlInvalid,
            &path,
            "`url` has no host; the entry is not linkable.".into(),
        );
        return None;
    };
    entry.host = Some(ascii_host.to_string());
    if url.has_credentials() {
        findings.push(
            Code::UrlHasCredentials,
            &path,
            format!("`url` carries a user name or password before the host; the real host is {ascii_host}."),
        );
    }
    if url.is_ip() {
        findings.push(
            Code::UrlIpHost,
            &path,
            format!("`url` points at an IP address ({ascii_host}), not a name."),
        );
    }
    if let Some(unicode) = host::unicode_host(&url) {
        match host::look(&unicode) {
            host::Look::MixedScripts => findings.push(
                Code::HostMixedScripts,
                &path,
                format!("The host mixes writing systems, a common look-alike trick; it is shown as {ascii_host}."),
            ),
            host::Look::WholeScriptConfusable { looks_like, script } => findings.push(
                Code::HostWholeScriptConfusable,
                &path,
                format!("The host {unicode} is written in {script} letters that pass for Latin ones: it reads as {looks_like}. It is shown as {ascii_host}."),
            ),
            host::Look::Plain => {
                findings.push(
                    Code::HostIdn,
                    &path,
                    format!("The host is internationalised: {unicode} ({ascii_host})."),
                );
                entry.host_unicode = Some(unicode);
            }
        }
    }
    Some(url)
}

fn check_label(
    obj: &Map<String, Value>,
    path: &Pointer,
    limits: &CardLimits,
    entry: &mut Entry,
    url: Option<&WebUrl>,
    findings: &mut Findings,
) -> bool {
    let path = path.key("label");
    let label = match obj.get("label") {
        None => {
            findings.push(
                Code::LabelMissing,
                &path,
                "`label` is required (§3.3); the entry is not linkable.".into(),
            );
            return false;
        }
        Some(Value::String(s)) => s,
        Some(_) => {
            findings.push(
                Code::LabelNotString,
                &path,
                "`label` must be a string (§3.3); the entry is not linkable.".into(),
            );
            return false;
        }
    };
    entry.label = Some(kept_chars(label, limits.label_chars));
    // The length first: the look at each character below is a call into the host's RegExp
    // in wasm32, a label of 1 MB of combining marks 0.2 s in Node (a red-team review).
    let chars = label.chars().count();
    if chars > limits.label_chars {
        findings.push(
            Code::LabelTooLong,
            &path,
            format!(
                "`label` is {chars} characters; over {} the entry is not linkable.",
                limits.label_chars
            ),
        );
        return false;
    }
    if draws_nothing(label) {
        // Empty, spaces, or only characters that draw nothing on their own: invisible,
        // format and combining characters, blank glyphs such as U+2800.
        let message = match label.chars().find(|c| !c.is_whitespace()) {
            None => "`label` is empty or only spaces; the entry is not linkable.".to_string(),
            Some(c) => format!(
                "`label` shows nothing a person can read: none of its characters (the first is {}) draws anything; the entry is not linkable.",
                codepoint(c)
            ),
        };
        findings.push(Code::LabelEmpty, &path, message);
        return false;
    }
    hidden_findings(label, &path, "label", findings);
    let named = host::hosts_named_in(label);
    if let Some(url_host) = url.and_then(WebUrl::host_str) {
        let url_host = url_host.trim_start_matches("www.");
        for named in &named {
            if named != url_host && !url_host.ends_with(&format!(".{named}")) {
                findings.push(
                    Code::LabelNamesOtherHost,
                    &path,
                    format!("`label` names {named}, but the link goes to {url_host}."),
                );
            }
        }
    }
    // A host the label names is read by the same rules as the link's own host.
    for named in &named {
        let Some(unicode) = web_url::domain_to_unicode(named) else {
            continue;
        };
        match host::look(&unicode) {
            host::Look::MixedScripts => findings.push(
                Code::HostMixedScripts,
                &path,
                format!("`label` names {named}, a host that mixes writing systems, a common look-alike trick."),
            ),
            host::Look::WholeScriptConfusable { looks_like, script } => findings.push(
                Code::HostWholeScriptConfusable,
                &path,
                format!("`label` names {unicode} ({named}), written in {script} letters that pass for Latin ones: it reads as {looks_like}."),
            ),
            host::Look::Plain => {}
        }
    }
    true
}

/// `text` as a report keeps it: past `cap` characters, its first `cap` and "…". Such an
/// entry is no link, and its report no larger for a longer text (a label of 1 MB of U+007F
/// was 6 MB of the CLI's output, each character escaped: a red-team review).
fn kept_chars(text: &str, cap: usize) -> String {
    match text.char_indices().nth(cap) {
        None => text.to_string(),
        Some((end, _)) => format!("{}…", &text[..end]),
    }
}

/// [`kept_chars`] by bytes, cut at a character's boundary.
fn kept_bytes(text: &str, cap: usize) -> String {
    if text.len() <= cap {
        return text.to_string();
    }
    let end = (0..=cap)
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0);
    format!("{}…", &text[..end])
}

fn hidden_findings(text: &str, path: &Pointer, field: &str, findings: &mut Findings) {
    for hidden in hidden_characters(text) {
        match hidden {
            Hidden::BidiControl(c) => findings.push(
                Code::TextBidiControl,
                path,
                format!(
                    "`{field}` contains {}, which reorders how the text reads.",
                    codepoint(c)
                ),
            ),
            Hidden::Invisible(c) => findings.push(
                Code::TextInvisibleCharacter,
                path,
                format!(
                    "`{field}` contains {}, which is invisible on screen.",
                    codepoint(c)
                ),
            ),
            Hidden::Control(c) => findings.push(
                Code::TextControlCharacter,
                path,
                format!("`{field}` contains the control character {}.", codepoint(c)),
            ),
        }
    }
}

/// An optional free-text or token field: kept when it is a string within the cap.
fn optional_text(
    obj: &Map<String, Value>,
    field: &'static str,
    path: &Pointer,
    cap: usize,
    findings: &mut Findings,
) -> Option<String> {
    let path = path.key(field);
    match obj.get(field)? {
        Value::String(s) => {
            let chars = s.chars().count();
            if chars > cap {
                findings.push(
                    too_long_code(field),
                    &path,
                    format!("`{field}` is {chars} characters; over {cap} it is dropped."),
                );
                return None;
            }
            hidden_findings(s, &path, field, findings);
            Some(s.clone())
        }
        Value::Null => None,
        _ => {
            findings.push(
                not_string_code(field),
                &path,
                format!("`{field}` is not a string; it is ignored."),
            );
            None
        }
    }
}

fn too_long_code(field: &str) -> Code {
    match field {
        "purpose" => Code::PurposeTooLong,
        "kind" => Code::KindTooLong,
        _ => Code::SkillTooLong,
    }
}

fn not_string_code(field: &str) -> Code {
    match field {
        "purpose" => Code::PurposeNotString,
        "kind" => Code::KindNotString,
        "audience" => Code::AudienceNotString,
        "access" => Code::AccessNotString,
        _ => Code::SkillNotString,
    }
}

fn check_enum<T: Copy>(
    obj: &Map<String, Value>,
    field: &'static str,
    path: &Pointer,
    findings: &mut Findings,
    values: &[(&str, T)],
) -> Option<T> {
    let path = path.key(field);
    match obj.get(field)? {
        Value::String(s) => {
            if let Some((_, v)) = values.iter().find(|(name, _)| *name == s) {
                return Some(*v);
            }
            let allowed: Vec<&str> = values.iter().map(|(n, _)| *n).collect();
            let code = if field == "audience" {
                Code::AudienceUnknown
            } else {
                Code::AccessUnknown
            };
            findings.push(
                code,
                &path,
                format!(
                    "`{field}` \"{s}\" is not one of {}; it counts as unstated.",
                    allowed.join(", ")
                ),
            );
            None
        }
        Value::Null => None,
        _ => {
            findings.push(
                not_string_code(field),
                &path,
                format!("`{field}` is not a string; it counts as unstated."),
            );
            None
        }
    }
}

/// Two entries pointing at the same URL are worth a note, not a refusal.
pub(super) fn note_duplicate_urls(entries: &[Entry], uis_path: &Pointer, findings: &mut Findings) {
    let mut first: HashMap<&str, usize> = HashMap::new();
    for e in entries {
        let Some(url) = e.url.as_deref() else {
            continue;
        };
        if let Some(&i) = first.get(url) {
            findings.push(
                Code::UrlDuplicate,
                &uis_path.index(e.index).key("url"),
                format!("This entry links to the same URL as entry {i}."),
            );
        } else {
            first.insert(url, e.index);
        }
    }
}
