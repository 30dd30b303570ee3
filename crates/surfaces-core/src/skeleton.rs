//! TS #39 confusable skeletons, as far as the look-alike check needs them: whether a host
//! label reads as plain ASCII host text (`аррӏе` as `apple`), and as what.
//!
//! The whole confusables table and the normalization tables it is defined over were a large
//! part of the npm package (issue 16). The check only asks about skeletons made of ASCII
//! letters, digits and hyphens, so only the characters whose own skeleton is such text are
//! kept ([`table`], generated from `unicode-security`, which a test holds this to), and NFD
//! is the one the URL parser's host provides ([`crate::web_url::nfd`]).
//!
//! Why characters one at a time give the skeleton of a label: a skeleton is
//! NFD(map(NFD(label))), with `map` taking each character to its prototype. Each character
//! of an NFD text is its own NFD, so its own skeleton is NFD(map(c)). When each of those is
//! ASCII, NFD of their concatenation is the concatenation (ASCII has nothing to reorder or
//! decompose); when one is not, the skeleton keeps that character (NFD only reorders marks).

#[rustfmt::skip]
mod table;

/// The characters the table has a skeleton for.
static CHARS: crate::code_points::Sorted = crate::code_points::Sorted::new(&table::CHARS);

/// The skeleton of `label` when it is ASCII letters, digits and hyphens only (or empty);
/// `None` when it holds anything else.
pub fn ascii_skeleton(label: &str) -> Option<String> {
    let mut out = String::with_capacity(label.len());
    for c in crate::web_url::nfd(label).chars() {
        match in_table(c) {
            Some(skeleton) => out.push_str(skeleton),
            // The rest of ASCII's letters, digits and hyphen are their own skeleton.
            None if c.is_ascii_alphanumeric() || c == '-' => out.push(c),
            None => return None,
        }
    }
    Some(out)
}

/// A character's skeleton, when the table has it: ASCII letters, digits and hyphens, or
/// nothing.
fn in_table(c: char) -> Option<&'static str> {
    let u = u32::from(c);
    if let Ok(i) = CHARS.get().binary_search(&u) {
        let start = i.checked_sub(1).map_or(0, |p| usize::from(table::ENDS[p]));
        return table::TARGETS.get(start..usize::from(table::ENDS[i]));
    }
    let before = table::EMPTY.partition_point(|&(first, _)| first <= u);
    (before > 0 && u <= table::EMPTY[before - 1].1).then_some("")
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// What the table is made from: every character whose skeleton, computed by
    /// `unicode-security`, is ASCII letters, digits and hyphens (or nothing, as for a soft
    /// hyphen) and not the character itself.
    fn generate() -> String {
        let (mut chars, mut ends, mut targets) = (Vec::new(), Vec::new(), String::new());
        let mut empty: Vec<(u32, u32)> = Vec::new();
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let s: String = unicode_security::skeleton(&c.to_string()).collect();
            let u = u32::from(c);
            if s.is_empty() {
                match empty.last_mut() {
                    Some((_, last)) if *last + 1 == u => *last = u,
                    _ => empty.push((u, u)),
                }
            } else if s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
                && s != c.to_string()
            {
                chars.push(u);
                targets.push_str(&s);
                ends.push(targets.len().to_string());
            }
        }
        let n = chars.len();
        let chars: Vec<String> = crate::code_points::encode(&chars)
            .iter()
            .map(|b| b.to_string())
            .collect();
        let empty: Vec<String> = empty
            .iter()
            .map(|(a, b)| format!("({a:#x}, {b:#x})"))
            .collect();
        format!(
            "// Generated from unicode-security's TS #39 confusables by\n\
             // `UPDATE_SKELETONS=1 cargo test -p surfaces-core --lib skeleton`: do not edit.\n\
             // The characters whose skeleton is ASCII letters, digits and hyphens (and not\n\
             // the character itself), sorted, as the gaps between them (crate::code_points);\n\
             // the i-th one's ends at ENDS[i] in TARGETS.\n\
             pub(super) const CHARS: [u8; {g}] = [{}];\n\
             pub(super) const ENDS: [u16; {n}] = [{}];\n\
             pub(super) const TARGETS: &str = {:?};\n\
             // The ranges of characters whose skeleton is empty (such as a soft hyphen).\n\
             pub(super) const EMPTY: [(u32, u32); {e}] = [{}];\n",
            chars.join(", "),
            ends.join(", "),
            targets,
            empty.join(", "),
            g = chars.len(),
            e = empty.len(),
        )
    }

    #[test]
    fn the_table_is_what_unicode_security_gives() {
        crate::code_points::assert_generated(
            "src/skeleton/table.rs",
            &generate(),
            "UPDATE_SKELETONS",
            "skeleton",
        );
    }

    /// The reference: the whole skeleton, when it is ASCII letters, digits and hyphens.
    fn reference(label: &str) -> Option<String> {
        let s: String = unicode_security::skeleton(label).collect();
        s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-')
            .then_some(s)
    }

    /// Every character alone, and labels that mix characters with ASCII skeletons, marks
    /// that compose or reorder, and characters without one.
    #[test]
    fn agrees_with_unicode_security() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let s = c.to_string();
            assert_eq!(ascii_skeleton(&s), reference(&s), "{:#x}", u32::from(c));
        }
        let parts = [
            "а", "р", "ӏ", "е", "ѕ", "о", "0", "1", "l", "I", "m", "rn", "w", "-", "é", "e\u{301}",
            "\u{301}", "\u{323}", "\u{307}", "ſ", "\u{1e9b}", "K", "\u{212a}", "Å", "ß", "ı", "ｐ",
            "𝐚", "①", "ℓ", "ⅰ", "ǉ", "ﬁ", "ϲ", "ɑ", "һ", "ԁ", "ց", "օ", "х", "Ꭺ", "ᏼ", "東", "ア",
            "한", ".", "_", " ", "\u{200d}", "\u{fe0f}", "ǅ", "㎏",
        ];
        let mut rng = crate::test_rng::Xorshift(0x9E37_79B9_7F4A_7C15);
        for _ in 0..20_000 {
            let mut label = String::new();
            for _ in 0..(rng.0 % 6) {
                let x = rng.next();
                label.push_str(parts[(x % parts.len() as u64) as usize]);
            }
            rng.next();
            assert_eq!(ascii_skeleton(&label), reference(&label), "{label:?}");
        }
    }
}
