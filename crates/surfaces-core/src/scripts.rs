//! TS #39 mixed-script detection, as far as the host checks need it: a label's resolved
//! script set (the intersection of its characters' augmented Script_Extensions).
//!
//! `unicode-security` computes the same from `unicode-script`'s tables, which were about
//! 15 KB of the gzipped npm package (issue 16): a range table and a per-range bit set for
//! every script extension, searched two ways. Here one generated table ([`table`]) maps
//! ranges of code points to one of a few hundred distinct augmented sets, and a test holds
//! every code point to what `unicode-security` gives.

#[rustfmt::skip]
mod table;

/// Where each range of [`table::SET_OF`] starts.
static STARTS: crate::code_points::Sorted = crate::code_points::Sorted::new(&table::STARTS);

/// An augmented script set (TS #39 §5.1): Script_Extensions, plus the three writing systems
/// that combine scripts (Han with Bopomofo, Japanese, Korean).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScriptSet {
    /// Bit `i` is the script `table::NAMES[i]`.
    bits: [u64; 4],
    hanb: bool,
    jpan: bool,
    kore: bool,
    /// Common or Inherited characters go with every script.
    all: bool,
}

impl ScriptSet {
    const ALL: ScriptSet = ScriptSet {
        bits: [u64::MAX; 4],
        hanb: true,
        jpan: true,
        kore: true,
        all: true,
    };

    /// The augmented script set of one character.
    #[cfg(all(test, not(target_arch = "wasm32")))]
    pub fn of_char(c: char) -> ScriptSet {
        let starts = STARTS.get();
        ScriptSet::of_range(starts.partition_point(|&start| start <= u32::from(c)) - 1)
    }

    /// The set of every character in range `range` of [`table::SET_OF`].
    fn of_range(range: usize) -> ScriptSet {
        let set = usize::from(table::SET_OF[range]);
        let flags = table::FLAGS[set];
        if flags & table::ALL != 0 {
            return ScriptSet::ALL;
        }
        let start = set
            .checked_sub(1)
            .map_or(0, |p| usize::from(table::ENDS[p]));
        let mut bits = [0u64; 4];
        for &i in &table::SCRIPTS[start..usize::from(table::ENDS[set])] {
            bits[usize::from(i) / 64] |= 1 << (i % 64);
        }
        ScriptSet {
            bits,
            hanb: flags & table::HANB != 0,
            jpan: flags & table::JPAN != 0,
            kore: flags & table::KORE != 0,
            all: false,
        }
    }

    /// The resolved script set of `s`: what its characters have in common.
    pub fn of_str(s: &str) -> ScriptSet {
        let starts = STARTS.get();
        let mut set = ScriptSet::ALL;
        // The code points `range` covers: a label's letters mostly come from one block, so
        // the next one is most often in the range the last one was.
        let (mut from, mut to) = (1, 0);
        for c in s.chars() {
            let u = u32::from(c);
            if (from..=to).contains(&u) {
                continue;
            }
            let range = starts.partition_point(|&start| start <= u) - 1;
            from = starts[range];
            to = starts
                .get(range + 1)
                .map_or(u32::from(char::MAX), |&next| next - 1);
            set.intersect_with(ScriptSet::of_range(range));
        }
        set
    }

    pub fn intersect_with(&mut self, other: ScriptSet) {
        for (a, b) in self.bits.iter_mut().zip(other.bits) {
            *a &= b;
        }
        self.hanb &= other.hanb;
        self.jpan &= other.jpan;
        self.kore &= other.kore;
        self.all &= other.all;
    }

    pub fn is_empty(&self) -> bool {
        self.bits == [0; 4] && !self.hanb && !self.jpan && !self.kore
    }

    pub fn is_all(&self) -> bool {
        self.all
    }

    /// Whether Latin is one of the set's scripts (as it is of All).
    pub fn has_latin(&self) -> bool {
        let i = table::LATIN;
        self.bits[i / 64] & (1 << (i % 64)) != 0
    }
}

/// The names TS #39 tools print: `Empty`, `All`, or the writing systems and scripts, as
/// `unicode-security`'s `Display` spells them.
impl std::fmt::Display for ScriptSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_empty() {
            return f.write_str("Empty");
        }
        if self.is_all() {
            return f.write_str("All");
        }
        let combined = [
            (self.hanb, "Han with Bopomofo"),
            (self.jpan, "Japanese"),
            (self.kore, "Korean"),
        ];
        let names = combined
            .into_iter()
            .filter_map(|(on, name)| on.then_some(name))
            .chain(
                (0..table::NAMES.len())
                    .filter(|&i| self.bits[i / 64] & (1 << (i % 64)) != 0)
                    .map(|i| table::NAMES[i]),
            );
        for (i, name) in names.enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(name)?;
        }
        Ok(())
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use unicode_security::mixed_script::AugmentedScriptSet;
    use unicode_security::MixedScript;

    /// What the table is made from: every code point's augmented script set, computed by
    /// `unicode-security`, as ranges over distinct sets.
    fn generate() -> String {
        use unicode_script::Script;
        // Script names in unicode-script's order, each once.
        // Script full names by unicode-script's number for them, the order its sets list
        // their scripts in.
        let mut by_number = std::collections::BTreeMap::new();
        // Each distinct set: its scripts (indices into `names`) and flags.
        let mut sets: Vec<(Vec<usize>, u8)> = Vec::new();
        let (mut starts, mut set_of) = (Vec::new(), Vec::new());
        for u in 0..=0x10FFFF_u32 {
            let set = match char::from_u32(u) {
                Some(c) => AugmentedScriptSet::for_char(c),
                // Surrogates: no character, no script (as an unassigned code point).
                None => {
                    AugmentedScriptSet::from(unicode_script::ScriptExtension::from(Script::Unknown))
                }
            };
            let mut scripts = Vec::new();
            if !set.is_all() {
                for s in set.base.iter() {
                    by_number.insert(s as u8, s.full_name());
                    scripts.push(usize::from(s as u8));
                }
            }
            let flags = u8::from(set.hanb)
                | u8::from(set.jpan) << 1
                | u8::from(set.kore) << 2
                | u8::from(set.is_all()) << 3;
            let entry = (scripts, flags);
            let index = sets.iter().position(|s| *s == entry).unwrap_or_else(|| {
                sets.push(entry);
                sets.len() - 1
            });
            if set_of.last() != Some(&index) {
                starts.push(u);
                set_of.push(index);
            }
        }
        let names: Vec<&str> = (0..=*by_number.keys().last().unwrap())
            .map(|n| by_number.get(&n).copied().unwrap_or(""))
            .collect();
        assert!(sets.len() <= usize::from(u16::MAX));
        let latin = names.iter().position(|&n| n == "Latin").unwrap();
        let (mut scripts, mut ends, mut flags) = (Vec::new(), Vec::new(), Vec::new());
        for (list, f) in &sets {
            scripts.extend(list.iter().map(|i| i.to_string()));
            ends.push(scripts.len().to_string());
            flags.push(f.to_string());
        }
        let set_of: Vec<String> = set_of.iter().map(|i| i.to_string()).collect();
        let starts: Vec<String> = crate::code_points::encode(&starts)
            .iter()
            .map(|b| b.to_string())
            .collect();
        format!(
            "// Generated from unicode-security's augmented script sets (TS #39) by\n\
             // `UPDATE_SCRIPTS=1 cargo test -p surfaces-core --lib scripts`: do not edit.\n\
             // Script full names; a set's script i is NAMES[i].\n\
             pub(super) const NAMES: [&str; {n}] = {names:?};\n\
             pub(super) const LATIN: usize = {latin};\n\
             pub(super) const HANB: u8 = 1;\n\
             pub(super) const JPAN: u8 = 2;\n\
             pub(super) const KORE: u8 = 4;\n\
             pub(super) const ALL: u8 = 8;\n\
             // The distinct sets: set i holds the scripts SCRIPTS[ENDS[i - 1]..ENDS[i]] and\n\
             // the flags FLAGS[i].\n\
             pub(super) const SCRIPTS: [u8; {k}] = [{}];\n\
             pub(super) const ENDS: [u16; {s}] = [{}];\n\
             pub(super) const FLAGS: [u8; {s}] = [{}];\n\
             // Code points from the i-th start up to the next have the set SET_OF[i]; the\n\
             // starts as the gaps between them (crate::code_points).\n\
             pub(super) const STARTS: [u8; {g}] = [{}];\n\
             pub(super) const SET_OF: [u16; {r}] = [{}];\n",
            scripts.join(", "),
            ends.join(", "),
            flags.join(", "),
            starts.join(", "),
            set_of.join(", "),
            n = names.len(),
            k = scripts.len(),
            s = sets.len(),
            g = starts.len(),
            r = set_of.len(),
        )
    }

    #[test]
    fn the_table_is_what_unicode_security_gives() {
        crate::code_points::assert_generated(
            "src/scripts/table.rs",
            &generate(),
            "UPDATE_SCRIPTS",
            "scripts",
        );
    }

    #[test]
    fn every_character_has_unicode_securitys_set() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let want = AugmentedScriptSet::for_char(c);
            let got = ScriptSet::of_char(c);
            assert_eq!(
                (got.to_string(), got.is_empty(), got.is_all()),
                (want.to_string(), want.is_empty(), want.is_all()),
                "{c:?}"
            );
        }
    }

    /// Labels of characters drawn from a few scripts and the characters every script shares.
    #[test]
    fn labels_resolve_as_unicode_security_resolves_them() {
        let pool: Vec<char> = "aZ9-éаСрӏ一ひカ한ㄅαΩ٣ـ\u{301}\u{3099}・ー𐐀Ꮪⴰअঅ"
            .chars()
            .collect();
        let mut rng = crate::test_rng::Xorshift(0x2545_f491_4f6c_dd1d);
        for _ in 0..20_000 {
            let seed = rng.next();
            let len = (seed % 6) as usize;
            let label: String = (0..len)
                .map(|i| pool[((seed >> (8 * i + 3)) % pool.len() as u64) as usize])
                .collect();
            let want = label.as_str().resolve_script_set();
            let got = ScriptSet::of_str(&label);
            assert_eq!(got.to_string(), want.to_string(), "{label:?}");
            assert_eq!(
                got.is_empty(),
                !label.as_str().is_single_script(),
                "{label:?}"
            );
            let mut latin = want;
            latin.intersect_with(AugmentedScriptSet::for_char('a'));
            assert_eq!(got.has_latin(), !latin.is_empty(), "{label:?}");
        }
    }
}
