//! Agent strings reach a terminal only with their control and bidi characters escaped, so a
//! card cannot move the cursor, recolour the screen or reorder what a person reads.

/// Whether a terminal would act on `c` (C0 and C1 controls, DEL, line and paragraph
/// separators) or hide it (bidi controls, zero-width characters, tags).
pub fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200B}'..='\u{200F}' | '\u{061C}' | '\u{2028}' | '\u{2029}' | '\u{FEFF}' | '\u{E0000}'..='\u{E007F}')
}

pub fn safe(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if is_hidden(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// One finding as a terminal line: severity, where (for A2UI, the envelope's number), code,
/// path (or `whole` when the finding is about the whole input), message; agent text escaped.
pub fn finding_line(
    severity: surfaces_core::Severity,
    at: Option<&str>,
    code: &str,
    path: &str,
    whole: &str,
    message: &str,
) -> String {
    let at = at.map(|a| format!("{a:>5}  ")).unwrap_or_default();
    let path = if path.is_empty() {
        whole.to_string()
    } else {
        safe(path)
    };
    format!(
        "{:<7} {at}{code}  {path}  {}",
        severity.as_str(),
        safe(message)
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn escapes_terminal_controls() {
        assert_eq!(
            super::safe("a\u{1b}[31mb\u{202e}c\n"),
            "a\\u{1b}[31mb\\u{202e}c\\u{a}"
        );
        assert_eq!(super::safe("Payroll – münchen"), "Payroll – münchen");
    }
}
