//! The Bidi Rule (RFC 5893, section 2) for a host's Unicode form, as UTS #46 applies it with
//! CheckBidi, which the URL Standard sets: in a domain with a right-to-left character (or an
//! Arabic digit) in any label, every label must read unambiguously in one direction. The
//! `url` crate applies it; Node's `URL` does not, so that in wasm32 `https://١٢.example/`
//! (a label of Arabic-Indic digits alone) was a link where natively it is no URL (a red-team
//! review). The core applies it to every host it reads, in both builds.
//!
//! The classes come from one generated table ([`table`]) of ranges of code points, made
//! from ICU4X's Bidi_Class data (what the `url` crate's IDNA reads) and held to it over
//! every code point by a test.

#[rustfmt::skip]
mod table;

/// Where each range of [`table::CLASS_OF`] starts.
static STARTS: crate::code_points::Sorted = crate::code_points::Sorted::new(&table::STARTS);

/// The Bidi_Class values the rule tells apart, as [`table::CLASS_OF`] numbers them; every
/// other one is `OTHER`. Named by Unicode's short names, which RFC 5893 uses. Numbers, not
/// an enum: the table's byte is the class, with no second list to turn it into one.
mod class {
    pub(super) const L: u8 = 0;
    pub(super) const R: u8 = 1;
    pub(super) const AL: u8 = 2;
    pub(super) const AN: u8 = 3;
    pub(super) const EN: u8 = 4;
    pub(super) const ES: u8 = 5;
    pub(super) const CS: u8 = 6;
    pub(super) const ET: u8 = 7;
    pub(super) const ON: u8 = 8;
    pub(super) const BN: u8 = 9;
    pub(super) const NSM: u8 = 10;
    /// Every other class: what the table's generator writes for them.
    #[cfg(all(test, not(target_arch = "wasm32")))]
    pub(super) const OTHER: u8 = 11;
}

/// The class of `c` ([`class`]).
fn class_of(c: char) -> u8 {
    let starts = STARTS.get();
    let range = starts.partition_point(|&start| start <= u32::from(c)) - 1;
    table::CLASS_OF[range]
}

/// Whether `domain` (a host's Unicode form, labels split at `.`) meets the Bidi Rule: it
/// is no Bidi domain name (no label has an R, AL or AN character), or each of its labels
/// meets the rule's six conditions. An empty label (the root's, after a final dot) has none.
pub(crate) fn holds(domain: &str) -> bool {
    // ASCII holds no R, AL or AN character.
    if domain.is_ascii() {
        return true;
    }
    if !domain
        .chars()
        .any(|c| matches!(class_of(c), class::R | class::AL | class::AN))
    {
        return true;
    }
    domain.split('.').all(label_holds)
}

fn label_holds(label: &str) -> bool {
    use class::*;
    let mut classes = label.chars().map(class_of);
    let Some(first) = classes.next() else {
        return true;
    };
    let classes: Vec<u8> = std::iter::once(first).chain(classes).collect();
    // The last character that is not a nonspacing mark.
    let last = classes.iter().rev().find(|&&c| c != NSM).copied();
    match first {
        // 2, 3 and 4: a right-to-left label.
        R | AL => {
            classes
                .iter()
                .all(|&c| matches!(c, R | AL | AN | EN | ES | CS | ET | ON | BN | NSM))
                && matches!(last, Some(R | AL | EN | AN))
                && !(classes.contains(&EN) && classes.contains(&AN))
        }
        // 5 and 6: a left-to-right label.
        L => {
            classes
                .iter()
                .all(|&c| matches!(c, L | EN | ES | CS | ET | ON | BN | NSM))
                && matches!(last, Some(L | EN))
        }
        // 1: a label starts with L, R or AL.
        _ => false,
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use icu_properties::props::BidiClass;
    use icu_properties::CodePointMapData;

    fn icu_class(u: u32) -> u8 {
        let Some(c) = char::from_u32(u) else {
            return class::OTHER;
        };
        match CodePointMapData::<BidiClass>::new().get(c) {
            BidiClass::LeftToRight => class::L,
            BidiClass::RightToLeft => class::R,
            BidiClass::ArabicLetter => class::AL,
            BidiClass::ArabicNumber => class::AN,
            BidiClass::EuropeanNumber => class::EN,
            BidiClass::EuropeanSeparator => class::ES,
            BidiClass::CommonSeparator => class::CS,
            BidiClass::EuropeanTerminator => class::ET,
            BidiClass::OtherNeutral => class::ON,
            BidiClass::BoundaryNeutral => class::BN,
            BidiClass::NonspacingMark => class::NSM,
            _ => class::OTHER,
        }
    }

    /// What the table is made from: every code point's class, as ranges.
    fn generate() -> String {
        let (mut starts, mut class_of) = (Vec::new(), Vec::new());
        for u in 0..=0x10FFFF_u32 {
            let class = icu_class(u);
            if class_of.last() != Some(&class) {
                starts.push(u);
                class_of.push(class);
            }
        }
        let gaps: Vec<String> = crate::code_points::encode(&starts)
            .iter()
            .map(|b| b.to_string())
            .collect();
        let class_of: Vec<String> = class_of.iter().map(|c| c.to_string()).collect();
        format!(
            "// Generated from ICU4X's Bidi_Class data (icu_properties) by\n\
             // `UPDATE_BIDI=1 cargo test -p surfaces-core --lib bidi`: do not edit.\n\
             // Code points from the i-th start up to the next have the class CLASS_OF[i]\n\
             // (super::class); the starts as the gaps between them (crate::code_points).\n\
             pub(super) const STARTS: [u8; {g}] = [{}];\n\
             pub(super) const CLASS_OF: [u8; {r}] = [{}];\n",
            gaps.join(", "),
            class_of.join(", "),
            g = gaps.len(),
            r = class_of.len(),
        )
    }

    #[test]
    fn the_table_is_what_icu4x_gives() {
        crate::code_points::assert_generated(
            "src/bidi/table.rs",
            &generate(),
            "UPDATE_BIDI",
            "bidi",
        );
    }

    #[test]
    fn every_code_point_has_icu4xs_class() {
        for u in 0..=0x10FFFF_u32 {
            if let Some(c) = char::from_u32(u) {
                assert_eq!(class_of(c), icu_class(u), "{c:?}");
            }
        }
    }

    #[test]
    fn the_rules_examples() {
        for (domain, ok) in [
            ("example.com", true),
            ("münchen.example", true),
            // A label of Arabic-Indic digits alone starts with AN (condition 1).
            ("١٢.example", false),
            ("a١.example", false),
            ("א.١٢", false),
            ("مثال.example", true),
            ("مثال.إختبار", true),
            ("שלום.example", true),
            // In a Bidi domain name, a left-to-right label must not start with a digit.
            ("1a.שלום", false),
            ("a1.שלום", true),
            // A right-to-left label ends with R, AL, EN or AN (then marks).
            ("שלום-.example", false),
            ("שלום1.example", true),
            // European and Arabic digits together in a right-to-left label.
            ("ש1١.example", false),
            // A right-to-left label takes no L character.
            ("שaל.example", false),
            // Not a Bidi domain name: no condition applies.
            ("1a.example", true),
            ("example.", true),
            ("מ.", true),
        ] {
            assert_eq!(holds(domain), ok, "{domain}");
        }
    }

    /// The `url` crate applies the rule as UTS #46 says: on generated hosts of letters,
    /// digits and marks of both directions, it reads every host the rule lets stand that it
    /// reads at all, and refuses every one the rule refuses.
    #[test]
    fn agrees_with_the_url_crate() {
        use crate::test_rng::Xorshift;
        use unicode_normalization::UnicodeNormalization;
        let pieces = [
            "a", "b", "1", "2", "-", "\u{05E9}", "\u{05DC}", "\u{0645}", "\u{062B}", "\u{0661}",
            "\u{0662}", "\u{06F1}", "\u{05B0}", "\u{0651}", "\u{00E9}", "\u{0301}", "\u{00FC}",
            "\u{03C9}", "\u{200F}", "%", "_",
        ];
        let mut rng = Xorshift(0x5EED_B1D1);
        let mut below = |n: usize| (rng.next() % n as u64) as usize;
        let (mut refused_by_rule, mut read) = (0, 0);
        for _ in 0..20_000 {
            let labels = 1 + below(3);
            let host: Vec<String> = (0..labels)
                .map(|_| {
                    (0..1 + below(5))
                        .map(|_| pieces[below(pieces.len())])
                        .collect()
                })
                .collect();
            let host = format!("{}.example", host.join("."));
            let accepted = url::Url::parse(&format!("https://{host}/")).is_ok();
            let rule = holds(&host.nfc().collect::<String>());
            if !rule {
                refused_by_rule += 1;
                assert!(
                    !accepted,
                    "{host}: the rule refuses it, the url crate reads it"
                );
            }
            if accepted {
                read += 1;
            }
        }
        assert!(
            refused_by_rule > 1000 && read > 1000,
            "{refused_by_rule} {read}"
        );
    }
}
