//! Characters that make text read differently from what it is: hidden characters, text that
//! draws nothing, and host labels that mix scripts or can pass for Latin ones (Unicode
//! TS #39: script sets from [`crate::scripts`], skeletons from [`crate::skeleton`], both
//! tables generated from the `unicode-security` crate;
//! general categories and Default_Ignorable_Code_Point from the URL parser's host, see
//! [`crate::web_url::Parser`]).

use crate::scripts::ScriptSet;

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
    is_bidi_code(u32::from(c))
}

/// [`is_bidi_control`] of a code point, as the hand reader asks it of each `\u` escape it
/// unescapes: a few comparisons and no branch.
#[inline(always)]
pub(crate) const fn is_bidi_code(c: u32) -> bool {
    (c.wrapping_sub(0x202A) < 5)
        | (c.wrapping_sub(0x2066) < 4)
        | (c.wrapping_sub(0x200E) < 2)
        | (c == 0x061C)
}

/// The first bidirectional control in `s`, found without decoding text that cannot hold one
/// (see [`first_bidi_at`]).
pub fn first_bidi_control(s: &str) -> Option<char> {
    first_bidi_at(s.as_bytes()).and_then(|p| s[p..].chars().next())
}

/// Whether the UTF-8 `b` holds a bidirectional control: [`first_bidi_control`] for bytes
/// being written (a string read with escapes goes straight to a tape, never a `&str`).
pub(crate) fn holds_bidi_control(b: &[u8]) -> bool {
    first_bidi_at(b).is_some()
}

/// Where the UTF-8 `b` first holds a bidirectional control. Every one's UTF-8 starts with
/// 0xE2 0x80, 0xE2 0x81 (U+200E…U+2069) or is 0xD8 0x9C (U+061C), so the search goes a block
/// of byte pairs at a time from one such lead to the next ([`crate::swar::find_bidi_lead`]) and
/// decodes only the characters they start, for [`is_bidi_control`], the one rule. (Text with
/// one curly quote or dash, all 0xE2 0x80, was decoded whole before: three times the
/// official core's time on a stream of such strings; and Arabic, whose letters start with
/// 0xD8, stopped a single-byte search at every other character.)
pub(crate) fn first_bidi_at(b: &[u8]) -> Option<usize> {
    let mut at = 0;
    while let Some(i) = crate::swar::find_bidi_lead(&b[at..]) {
        let p = at + i;
        // A lead starts a character: 0xD8 one of two bytes, 0xE2 one of three.
        let c = match b[p..] {
            [0xD8, b1, ..] => u32::from(b1 & 0x3F) | 0x18 << 6,
            [0xE2, b1, b2, ..] => 0x2000 | u32::from(b1 & 0x3F) << 6 | u32::from(b2 & 0x3F),
            _ => 0,
        };
        if char::from_u32(c).is_some_and(is_bidi_control) {
            return Some(p);
        }
        // The lead is two bytes of one character: the next lead starts past both.
        at = p + 2;
    }
    None
}

/// The characters in `s` when they are more than `limit`, found without counting them when
/// its bytes are not more (a character is at least one byte): limits are checked on every
/// id and string an agent sends, and counting is a pass over each.
pub(crate) fn chars_past(s: &str, limit: usize) -> Option<usize> {
    if s.len() <= limit {
        return None;
    }
    Some(s.chars().count()).filter(|&n| n > limit)
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

/// Letters and symbols whose glyph is empty: their general category says "draws something",
/// their glyph draws nothing. Everything else is decided by the Unicode properties in
/// [`draws_something`]; this list is only for what those properties cannot see.
const BLANK_GLYPHS: [char; 6] = [
    '\u{2800}', // BRAILLE PATTERN BLANK (So): an empty cell, used as a "space" that is no space
    '\u{115F}', // HANGUL CHOSEONG FILLER (Lo)
    '\u{1160}', // HANGUL JUNGSEONG FILLER (Lo)
    '\u{3164}', // HANGUL FILLER (Lo)
    '\u{FFA0}', // HALFWIDTH HANGUL FILLER (Lo)
    '\u{1D159}', // MUSICAL SYMBOL NULL NOTEHEAD (So): drawn as nothing
];

/// Whether a character, on its own, puts something visible on screen: a letter, number,
/// punctuation mark or symbol (general categories L, N, P, S) that is not
/// Default_Ignorable_Code_Point and not a known blank glyph. Spaces and separators (Z),
/// controls, format characters, surrogates, private-use and unassigned code points (C) and
/// marks (M, which only ever draw on a base character) do not.
pub fn draws_something(c: char) -> bool {
    !BLANK_GLYPHS.contains(&c)
        && !crate::web_url::is_default_ignorable(c)
        && crate::web_url::is_graphic(c)
}

/// Whether nothing in `s` draws anything: empty, or only spaces, invisible, format,
/// combining or blank characters (U+2800 alone, U+0301 alone, U+FE0F with U+200D, …).
pub fn draws_nothing(s: &str) -> bool {
    !s.chars().any(draws_something)
}

/// Whether one dot-separated label of a (Unicode) host mixes scripts: TS #39 mixed-script
/// detection, an empty resolved script set. Common and Inherited characters (digits,
/// hyphens, combining marks) go with any script; Japanese (Han with Hiragana and Katakana),
/// Korean (Han with Hangul) and Han with Bopomofo count as one script each.
pub fn label_mixes_scripts(label: &str) -> bool {
    ScriptSet::of_str(label).is_empty()
}

/// A host label that can pass for a Latin one though it holds no Latin letter (TS #39
/// whole-script confusable, like all-Cyrillic `аррӏе` for `apple`): a non-ASCII label
/// written in one script other than Latin (mixed labels have their own finding) whose
/// confusable skeleton is made only of ASCII letters, digits and hyphens. Returns the
/// skeleton in lower case (what the label looks like) and the script's name.
pub fn whole_script_confusable(label: &str) -> Option<(String, String)> {
    let scripts = ScriptSet::of_str(label);
    whole_script_confusable_in(label, scripts).map(|skeleton| (skeleton, scripts.to_string()))
}

/// [`whole_script_confusable`] of a label whose script set is known: the skeleton only.
pub(crate) fn whole_script_confusable_in(label: &str, scripts: ScriptSet) -> Option<String> {
    if label.is_ascii() || scripts.is_empty() || scripts.is_all() || scripts.has_latin() {
        return None;
    }
    let skeleton = crate::skeleton::ascii_skeleton(label)?;
    let latin_looking = skeleton.chars().any(|c| c.is_ascii_alphabetic());
    latin_looking.then(|| skeleton.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    #[test]
    fn chars_past_counts_only_over_the_limit() {
        assert_eq!(chars_past("abc", 3), None);
        assert_eq!(chars_past("abcd", 3), Some(4));
        assert_eq!(chars_past("", 0), None);
        assert_eq!(chars_past("a", 0), Some(1));
        // Six bytes, three characters: at the limit of three, past a limit of two.
        assert_eq!(chars_past("ééé", 3), None);
        assert_eq!(chars_past("ééé", 2), Some(3));
        assert_eq!(chars_past("😀😀", 1), Some(2));
        assert_eq!(chars_past("😀😀", 2), None);
    }

    use super::*;

    /// The rule asked of a code point, against the five ranges it stands for, at every
    /// code point (the hand reader asks it of each `\u` escape it unescapes).
    #[test]
    fn is_bidi_code_is_the_five_ranges() {
        for c in 0..=0x11_0000u32 {
            let listed = matches!(c, 0x061C | 0x200E | 0x200F | 0x202A..=0x202E | 0x2066..=0x2069);
            assert_eq!(is_bidi_code(c), listed, "{c:#x}");
            if let Some(ch) = char::from_u32(c) {
                assert_eq!(is_bidi_control(ch), listed, "{c:#x}");
            }
        }
    }

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

    /// Every character there is, alone and between others: the byte search finds exactly
    /// those `is_bidi_control` names.
    // Also in wasm, where the search is SIMD (`swar`).
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn every_character_is_found_or_not_as_the_rule_says() {
        let all = (0..=0x10FFFF).filter_map(char::from_u32);
        // In wasm (a debug build, in a browser, within the test runner's time limit): every
        // character whose UTF-8 starts with 0xD8 or 0xE2, the only bytes a search can stop
        // at (no other character holds them), and every 61st other one.
        #[cfg(target_arch = "wasm32")]
        let all = all.filter(|&c| {
            matches!(u32::from(c), 0x600..=0x63F | 0x2000..=0x2FFF) || u32::from(c) % 61 == 0
        });
        for c in all {
            let want = is_bidi_control(c).then_some(c);
            // Short, and long enough for a block of sixteen bytes and more.
            for s in [format!("{c}ab{c}"), format!("{c}{}{c}", "ab".repeat(10))] {
                assert_eq!(first_bidi_control(&s), want, "{:04X}", c as u32);
                assert_eq!(holds_bidi_control(s.as_bytes()), want.is_some());
            }
        }
    }

    // Also in wasm, where the search is SIMD (`swar`).
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn the_first_bidi_control_is_the_one_a_char_by_char_search_finds() {
        // Every bidi control, the characters next to them in the code space (same lead
        // bytes), and text around them of one to four bytes a character.
        let near = [
            '\u{061B}', '\u{061C}', '\u{061D}', '\u{200D}', '\u{200E}', '\u{200F}', '\u{2010}',
            '\u{2014}', '\u{2019}', '\u{2029}', '\u{202A}', '\u{202C}', '\u{202E}', '\u{202F}',
            '\u{2065}', '\u{2066}', '\u{2069}', '\u{206A}', '\u{0600}', '\u{06FF}', 'a', 'é', '日',
            '😀',
        ];
        let naive = |s: &str| s.chars().find(|&c| is_bidi_control(c));
        for &x in &near {
            for &y in &near {
                for pad in 0..10 {
                    let filler = "—ü".repeat(pad);
                    for s in [
                        format!("{filler}{x}{y}"),
                        format!("{x}{filler}{y}"),
                        format!("{x}{y}{filler}"),
                        format!("{}{x}{}{y}", "a".repeat(pad), "日".repeat(pad)),
                    ] {
                        assert_eq!(first_bidi_control(&s), naive(&s), "{s:?}");
                        assert_eq!(holds_bidi_control(s.as_bytes()), naive(&s).is_some());
                    }
                }
            }
        }
    }

    #[test]
    fn mixed_scripts() {
        assert!(label_mixes_scripts("p\u{0430}ypal")); // Cyrillic a
        assert!(!label_mixes_scripts(
            "\u{0430}\u{0440}\u{0440}\u{04CF}\u{0435}"
        )); // all Cyrillic
        assert!(!label_mixes_scripts("münchen"));
        assert!(!label_mixes_scripts("東京-2"));
        assert!(!label_mixes_scripts("とうきょう東京"));
        assert!(!label_mixes_scripts("한국漢字"));
        assert!(!label_mixes_scripts("e\u{0301}cole")); // a combining mark goes with its base
        assert!(label_mixes_scripts("abcαβγ"));
        assert!(label_mixes_scripts("gооgle")); // Latin with Cyrillic o
        assert!(label_mixes_scripts("παypal")); // Greek with Latin
    }

    #[test]
    fn whole_script_confusables() {
        let (skeleton, script) =
            whole_script_confusable("\u{0430}\u{0440}\u{0440}\u{04CF}\u{0435}").unwrap();
        assert_eq!(skeleton, "apple");
        assert_eq!(script, "Cyrillic");
        assert_eq!(whole_script_confusable("раураl"), None); // mixed: another finding
        assert_eq!(
            whole_script_confusable("ѕсоре").map(|(s, _)| s),
            Some("scope".into())
        );
        // Not confusable: ASCII, Latin with diacritics, Cyrillic words that look Cyrillic,
        // Japanese, Greek that does not pass for Latin.
        for label in [
            "apple",
            "münchen",
            "пример",
            "москва",
            "東京",
            "とうきょう",
            "ελλάδα",
        ] {
            assert_eq!(whole_script_confusable(label), None, "{label}");
        }
    }

    #[test]
    fn blank_text() {
        for s in [
            "\u{2800}",
            "\u{FE0F}",
            "\u{17B5}",
            "\u{0301}",
            "\u{1D173}",
            "\u{3164}",
            "\u{115F}\u{1160}",
            "\u{FFA0}",
            " \u{2800} \u{200D} ",
            "\u{0301}\u{0301}\u{0301}",
            "\u{200B}\u{202E}",
            "\u{E0041}\u{E0042}",
            "\u{3000}\u{00A0}\u{2028}",
            "\u{E000}",
            "\u{0378}", // unassigned
        ] {
            assert!(draws_nothing(s), "{s:?} is blank");
        }
        assert!(draws_nothing(""));
        for s in [
            "A",
            "\u{2800}x",
            "❤\u{FE0F}",
            "·",
            "東",
            "\u{0301}e",
            "٣",
            "-",
        ] {
            assert!(!draws_nothing(s), "{s:?} is not blank");
        }
    }
}
