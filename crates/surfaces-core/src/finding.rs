use serde::Serialize;

pub use crate::code::{Area, Code, RETIRED};

/// How much a finding matters to someone deciding whether to trust what they render.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
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

/// One flat finding: a stable [`Code`], its severity, an RFC 6901 `path` into the checked
/// document, and a plain-language `message` (also its `Display`). Every finding of the
/// project, card or A2UI, has this shape.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct Finding {
    pub severity: Severity,
    #[cfg_attr(feature = "ts", tsify(type = "FindingCode"))]
    pub code: Code,
    pub path: String,
    pub message: String,
}

impl Finding {
    /// A finding with its code's severity.
    pub fn new(code: Code, path: impl Into<String>, message: impl Into<String>) -> Self {
        Finding {
            severity: code.severity(),
            code,
            path: path.into(),
            message: message.into(),
        }
    }

    /// The finding without the message, which may quote the data: code, severity and path
    /// only, for logs and telemetry.
    pub fn masked(&self) -> String {
        format!(
            "{} {} at \"{}\"",
            self.severity.as_str(),
            self.code,
            self.path
        )
    }
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}
