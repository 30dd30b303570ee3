//! Characters that make text read differently from what it is.

/// What kind of hidden character a string carries, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hidden {
    /// Reorders the text around it (e.g. U+202E RIGHT-TO-LEFT OVERRIDE).
    BidiControl(char),
    /// Takes no space on screen (e.g. U+200B ZERO WIDTH SPACE, tag characters).
    Invisible(char),
    /// A C0/C1 control character such as a newline or escape.
    Control(char),
}

pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

pub fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{200B}'..='\u{200D}'
            | '\u{2060}'..='\u{2064}'
            | '\u{FEFF}'
            | '\u{00AD}'
            | '\u{034F}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{180E}'
            | '\u{3164}'
            | '\u{FFA0}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{E0000}'..='\u{E007F}'
    )
}

/// Every hidden character class present in `s`, the first example of each.
pub fn hidden_characters(s: &str) -> Vec<Hidden> {
    let (mut bidi, mut invisible, mut control) = (None, None, None);
    for c in s.chars() {
        if bidi.is_none() && is_bidi_control(c) {
            bidi = Some(Hidden::BidiControl(c));
        } else if invisible.is_none() && is_invisible(c) {
            invisible = Some(Hidden::Invisible(c));
        } else if control.is_none() && c.is_control() {
            control = Some(Hidden::Control(c));
        }
    }
    [bidi, invisible, control].into_iter().flatten().collect()
}

/// `U+202E` style name for a character, for messages.
pub fn codepoint(c: char) -> String {
    format!("U+{:04X}", c as u32)
}

/// A coarse Unicode script, enough to spot hosts that mix alphabets (`pаypal` with a
/// Cyrillic `а`). Japanese and Korean mix Han with kana or Hangul legitimately.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Script {
    Common,
    Latin,
    Greek,
    Cyrillic,
    Armenian,
    Hebrew,
    Arabic,
    Devanagari,
    Thai,
    Georgian,
    Cherokee,
    Cjk,
    Hangul,
    Other,
}

fn script_of(c: char) -> Script {
    match c as u32 {
        0x30..=0x39 | 0x2D | 0x5F => Script::Common,
        0x41..=0x5A | 0x61..=0x7A | 0xC0..=0x24F | 0x1E00..=0x1EFF | 0x2C60..=0x2C7F => {
            if c == '\u{D7}' || c == '\u{F7}' {
                Script::Common
            } else {
                Script::Latin
            }
        }
        0x370..=0x3FF | 0x1F00..=0x1FFF => Script::Greek,
        0x400..=0x52F | 0x1C80..=0x1C8F | 0x2DE0..=0x2DFF | 0xA640..=0xA69F => Script::Cyrillic,
        0x530..=0x58F => Script::Armenian,
        0x590..=0x5FF => Script::Hebrew,
        0x600..=0x6FF | 0x750..=0x77F | 0x8A0..=0x8FF => Script::Arabic,
        0x900..=0x97F => Script::Devanagari,
        0xE00..=0xE7F => Script::Thai,
        0x10A0..=0x10FF => Script::Georgian,
        0x13A0..=0x13FF | 0xAB70..=0xABBF => Script::Cherokee,
        0x3040..=0x30FF
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xF900..=0xFAFF
        | 0x30000..=0x3134F => Script::Cjk,
        0x1100..=0x11FF | 0x3130..=0x318F | 0xAC00..=0xD7AF => Script::Hangul,
        0x300..=0x36F => Script::Common, // combining marks take the script of their base
        _ => Script::Other,
    }
}

/// Whether one dot-separated label of a (Unicode) host mixes scripts.
pub fn label_mixes_scripts(label: &str) -> bool {
    let mut seen: Option<Script> = None;
    for c in label.chars() {
        let s = script_of(c);
        if s == Script::Common {
            continue;
        }
        match seen {
            None => seen = Some(s),
            Some(prev) if prev == s => {}
            Some(prev) => {
                let pair = if prev < s { (prev, s) } else { (s, prev) };
                // Korean writes Han with Hangul; anything else mixed is suspect.
                if pair != (Script::Cjk, Script::Hangul) {
                    return true;
                }
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_each_class_once() {
        let h = hidden_characters("a\u{202E}b\u{200B}c\nd\u{202D}");
        assert_eq!(
            h,
            vec![
                Hidden::BidiControl('\u{202E}'),
                Hidden::Invisible('\u{200B}'),
                Hidden::Control('\n')
            ]
        );
        assert!(hidden_characters("Payroll reports – 2026").is_empty());
    }

    #[test]
    fn mixed_scripts() {
        assert!(label_mixes_scripts("p\u{0430}ypal")); // Cyrillic a
        assert!(!label_mixes_scripts(
            "\u{0430}\u{0440}\u{0440}\u{04CF}\u{0435}"
        )); // all Cyrillic
        assert!(!label_mixes_scripts("münchen"));
        assert!(!label_mixes_scripts("東京-2"));
        assert!(!label_mixes_scripts("한국漢字"));
        assert!(label_mixes_scripts("abcαβγ"));
    }
}
