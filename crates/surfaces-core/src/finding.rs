use serde::Serialize;

/// How much a finding matters to someone deciding whether to trust what they render.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The data breaks a rule; the part it names is not used.
    Error,
    /// The data is used, but a careful reader should look.
    Warning,
    /// Worth knowing; nothing is wrong.
    Info,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

/// One flat finding: a stable kebab-case `code`, an RFC 6901 `path` into the checked
/// document, and a plain-language `message`. Codes are part of the public API.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub severity: Severity,
    pub code: &'static str,
    pub path: String,
    pub message: String,
}
