//! Unicode punctuation as CommonMark 0.31.2 means it: the general categories P and S (a
//! delimiter run beside one flanks differently). ASCII is `u8::is_ascii_punctuation`; the
//! rest is a table generated from ICU4X's data (`icu_properties`, a dev-dependency only).

// Generated, one line an array: not for rustfmt.
#[rustfmt::skip]
mod table;

/// Whether `c` is in the general category P (punctuation) or S (symbol).
pub(crate) fn is_punctuation(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_punctuation();
    }
    let u = c as u32;
    // The ranges are sorted and do not overlap: the last starting at or before `u`.
    let i = table::RANGES.partition_point(|&(start, _)| start <= u);
    i > 0 && u <= table::RANGES[i - 1].1
}

/// Whether `c` is Unicode white space as the spec means it: the category Zs, tab, line
/// feed, form feed and carriage return (not the line tabulation, U+0085 or U+2028/9,
/// which `char::is_whitespace` also counts).
pub(crate) fn is_whitespace(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\x0C' | '\r')
        || (c.is_whitespace() && !c.is_control() && !matches!(c, '\u{2028}' | '\u{2029}'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use icu_properties::props::{GeneralCategory, GeneralCategoryGroup};
    use icu_properties::CodePointMapData;

    fn icu_punctuation(c: char) -> bool {
        let group = GeneralCategoryGroup::Punctuation.union(GeneralCategoryGroup::Symbol);
        group.contains(CodePointMapData::<GeneralCategory>::new().get(c))
    }

    fn generate() -> String {
        let mut ranges: Vec<(u32, u32)> = Vec::new();
        for u in 0x80..=0x10FFFF_u32 {
            let Some(c) = char::from_u32(u) else {
                continue;
            };
            if !icu_punctuation(c) {
                continue;
            }
            match ranges.last_mut() {
                Some((_, end)) if *end + 1 == u => *end = u,
                _ => ranges.push((u, u)),
            }
        }
        let body: Vec<String> = ranges
            .iter()
            .map(|(a, b)| format!("(0x{a:X}, 0x{b:X})"))
            .collect();
        format!(
            "// Generated from ICU4X's general categories (icu_properties) by\n\
             // `UPDATE_PUNCTUATION=1 cargo test -p surfaces-markdown punctuation`: do not edit.\n\
             // The code points past ASCII in the categories P and S, as inclusive ranges.\n\
             pub(super) const RANGES: [(u32, u32); {}] = [{}];\n",
            ranges.len(),
            body.join(", ")
        )
    }

    #[test]
    fn the_table_is_what_icu4x_gives() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/punctuation/table.rs");
        let fresh = generate();
        if std::env::var_os("UPDATE_PUNCTUATION").is_some() {
            std::fs::write(&path, &fresh).unwrap();
        }
        let kept = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            kept == fresh,
            "src/punctuation/table.rs is stale: UPDATE_PUNCTUATION=1 cargo test -p surfaces-markdown punctuation"
        );
    }

    #[test]
    fn every_code_point_is_what_icu4x_says() {
        for c in (0..=0x10FFFF_u32).filter_map(char::from_u32) {
            assert_eq!(is_punctuation(c), icu_punctuation(c), "{c:?}");
            let zs = CodePointMapData::<GeneralCategory>::new().get(c)
                == GeneralCategory::SpaceSeparator;
            assert_eq!(
                is_whitespace(c),
                zs || matches!(c, '\t' | '\n' | '\x0C' | '\r'),
                "{c:?}"
            );
        }
    }
}
