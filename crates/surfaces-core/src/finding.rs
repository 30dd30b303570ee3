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

/// The longest message a finding carries, in bytes.
pub const MAX_MESSAGE_BYTES: usize = 2048;

/// `message` cut to at most [`MAX_MESSAGE_BYTES`] at a character's boundary, ending in "…"
/// when cut.
fn bounded_message(mut message: String) -> String {
    if message.len() > MAX_MESSAGE_BYTES {
        let mut end = MAX_MESSAGE_BYTES - '…'.len_utf8();
        while !message.is_char_boundary(end) {
            end -= 1;
        }
        message.truncate(end);
        message.push('…');
        // What it held before the cut is given back: a store keeps up to `findings` of them.
        message.shrink_to_fit();
    }
    message
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
    /// A finding with its code's severity. A message longer than [`MAX_MESSAGE_BYTES`] is
    /// cut there, ending in "…": messages quote the data (an id, a key, a host), and a store
    /// keeps up to `findings` of them. (The path is bounded where it is built,
    /// [`crate::pointer::MAX_POINTER_BYTES`].)
    pub fn new(code: Code, path: impl Into<String>, message: impl Into<String>) -> Self {
        Finding {
            severity: code.severity(),
            code,
            path: path.into(),
            message: bounded_message(message.into()),
        }
    }

    /// The finding with its path under `prefix` (a pointer), as found in a value that sits
    /// at `prefix` in what the caller reports on. The whole is held to
    /// [`crate::pointer::MAX_POINTER_BYTES`] as a built pointer is: the segments that would
    /// pass it are left out, so the path names an ancestor, never another place.
    pub fn under(mut self, prefix: &str) -> Self {
        let mut path = String::with_capacity(prefix.len() + self.path.len());
        path.push_str(prefix);
        path.push_str(&self.path);
        let max = crate::pointer::MAX_POINTER_BYTES;
        while path.len() > max {
            // Escapes (`~0`, `~1`) hold no `/`: each cut is at a segment's start.
            let Some(at) = path.rfind('/') else {
                path.clear();
                break;
            };
            path.truncate(at);
        }
        self.path = path;
        self
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_at_the_bound_is_kept_and_one_past_it_is_cut() {
        let at = "m".repeat(MAX_MESSAGE_BYTES);
        assert_eq!(Finding::new(Code::WrongType, "", at.clone()).message, at);
        let cut = Finding::new(Code::WrongType, "", format!("{at}m")).message;
        assert_eq!(cut.len(), MAX_MESSAGE_BYTES);
        assert!(cut.ends_with('…') && cut.starts_with("mmm"));
        // A long message's memory goes with what was cut.
        let cut = Finding::new(Code::WrongType, "", "m".repeat(1 << 20)).message;
        assert!(cut.capacity() < 2 * MAX_MESSAGE_BYTES, "{}", cut.capacity());
        // Cut at a character's boundary: "é" is two bytes, and the cut falls inside one.
        let wide = format!("m{}", "é".repeat(MAX_MESSAGE_BYTES));
        let cut = Finding::new(Code::WrongType, "", wide).message;
        assert!(cut.len() <= MAX_MESSAGE_BYTES && cut.ends_with('…'));
    }

    #[test]
    fn a_path_put_under_a_prefix_is_held_to_the_pointer_bound() {
        use crate::pointer::MAX_POINTER_BYTES;
        let f = |path: &str| Finding::new(Code::WrongType, path, "m");
        assert_eq!(f("/a/b").under("/parts/0/data").path, "/parts/0/data/a/b");
        assert_eq!(f("").under("/parts/0/data").path, "/parts/0/data");
        // `/p/` and a key that fill the bound exactly; then a segment after it, or one
        // byte more of the key.
        let key = "k".repeat(MAX_POINTER_BYTES - 3);
        let at = f(&format!("/{key}")).under("/p");
        assert_eq!(at.path.len(), MAX_POINTER_BYTES, "at the bound");
        assert_eq!(f(&format!("/{key}/x")).under("/p").path, at.path);
        assert_eq!(
            f(&format!("/{key}k")).under("/p").path,
            "/p",
            "one past: the ancestor"
        );
    }
}
