//! Finding the extension declaration in `capabilities.extensions` and checking its frame
//! (§2, §3 rules 1–2).

use crate::Code;
use std::collections::HashSet;

use serde_json::{Map, Value};

use super::{CardLimits, Findings, UI_LINKS_URI};
use crate::pointer::Pointer;

pub(super) struct Found<'a> {
    pub decl: &'a Map<String, Value>,
    pub path: Pointer,
}

impl Found<'_> {
    pub fn uis_path(&self) -> Pointer {
        self.path.key("params").key("uis")
    }
}

/// A URI that a publisher probably meant as ours: same text but for case, a trailing
/// slash, the scheme or surrounding spaces.
fn near_miss(uri: &str) -> bool {
    let norm = |s: &str| {
        let s = s.trim().to_ascii_lowercase();
        let s = s
            .strip_prefix("https://")
            .or_else(|| s.strip_prefix("http://"))
            .map(str::to_string)
            .unwrap_or(s);
        s.trim_end_matches('/').to_string()
    };
    norm(uri) == norm(UI_LINKS_URI)
}

fn other_version(uri: &str) -> bool {
    let prefix = &UI_LINKS_URI[..UI_LINKS_URI.len() - "v1".len()];
    uri.starts_with(prefix) && uri != UI_LINKS_URI && !near_miss(uri)
}

pub(super) fn find<'a>(card: &'a Map<String, Value>, findings: &mut Findings) -> Option<Found<'a>> {
    let caps_path = Pointer::root().key("capabilities");
    let caps = card.get("capabilities")?;
    let Some(caps) = caps.as_object() else {
        findings.push(
            Code::CapabilitiesNotObject,
            &caps_path,
            "`capabilities` is not an object, so no extension can be read from it.".into(),
        );
        return None;
    };
    let ext_path = caps_path.key("extensions");
    let exts = caps.get("extensions")?;
    let Some(exts) = exts.as_array() else {
        if !exts.is_null() {
            findings.push(
                Code::ExtensionsNotArray,
                &ext_path,
                "`capabilities.extensions` is not an array, so no extension can be read from it."
                    .into(),
            );
        }
        return None;
    };
    let mut found: Option<Found<'a>> = None;
    for (i, ext) in exts.iter().enumerate() {
        let path = ext_path.index(i);
        let Some(decl) = ext.as_object() else {
            continue;
        };
        let Some(uri) = decl.get("uri").and_then(Value::as_str) else {
            continue;
        };
        if uri == UI_LINKS_URI {
            if found.is_some() {
                findings.push(
                    Code::ExtensionDeclaredTwice,
                    &path,
                    "The UI links extension is declared more than once; only the first declaration is read.".into(),
                );
            } else {
                found = Some(Found { decl, path });
            }
        } else if near_miss(uri) {
            findings.push(
                Code::ExtensionUriNearMiss,
                &path.key("uri"),
                format!(
                    "\"{uri}\" looks like the UI links extension but is not its URI; consumers match \"{UI_LINKS_URI}\" exactly, so this declaration is not read."
                ),
            );
        } else if other_version(uri) {
            findings.push(
                Code::ExtensionVersionUnknown,
                &path.key("uri"),
                format!(
                    "\"{uri}\" is a UI links version this checker does not know; only v1 is read."
                ),
            );
        }
    }
    found
}

/// Ids of the skills the card declares in its own `skills` array.
pub(super) fn declared_skills(card: &Map<String, Value>) -> HashSet<&str> {
    card.get("skills")
        .and_then(Value::as_array)
        .map(|skills| {
            skills
                .iter()
                .filter_map(|s| s.get("id").and_then(Value::as_str))
                .collect()
        })
        .unwrap_or_default()
}

/// Checks the declaration's frame and returns the entries to read (at most
/// `limits.entries`), or `None` when there are none to read.
pub(super) fn check<'a>(
    found: &Found<'a>,
    limits: &CardLimits,
    findings: &mut Findings,
) -> Option<&'a [Value]> {
    let decl = found.decl;
    match decl.get("required") {
        None | Some(Value::Bool(false)) => {}
        Some(Value::Bool(true)) => findings.push(
            Code::RequiredTrue,
            &found.path.key("required"),
            "UI links is a data-only extension and must not be required (§3.1); the flag is ignored.".into(),
        ),
        Some(_) => findings.push(
            Code::RequiredNotBoolean,
            &found.path.key("required"),
            "`required` is not a boolean; it is ignored.".into(),
        ),
    }
    let params_path = found.path.key("params");
    let Some(params) = decl.get("params") else {
        findings.push(
            Code::ParamsMissing,
            &params_path,
            "The declaration has no `params`, so it lists no surfaces (§3.2).".into(),
        );
        return None;
    };
    let Some(params) = params.as_object() else {
        findings.push(
            Code::ParamsNotObject,
            &params_path,
            "`params` is not an object, so it lists no surfaces (§3.2).".into(),
        );
        return None;
    };
    let uis_path = found.uis_path();
    let Some(uis) = params.get("uis") else {
        findings.push(
            Code::UisMissing,
            &uis_path,
            "`params.uis` is required (§3.2).".into(),
        );
        return None;
    };
    let Some(uis) = uis.as_array() else {
        findings.push(
            Code::UisNotArray,
            &uis_path,
            "`params.uis` must be an array of entries (§3.2).".into(),
        );
        return None;
    };
    if uis.is_empty() {
        findings.push(
            Code::UisEmpty,
            &uis_path,
            "`params.uis` must contain at least one entry (§3.2).".into(),
        );
        return None;
    }
    if uis.len() > limits.entries {
        findings.push(
            Code::UisTooMany,
            &uis_path,
            format!(
                "`params.uis` has {} entries; only the first {} are read.",
                uis.len(),
                limits.entries
            ),
        );
        return Some(&uis[..limits.entries]);
    }
    Some(uis)
}
