//! A host's UTF-16 string as the UTF-8 the readers take. A JavaScript engine keeps a string
//! with any character past U+00FF as UTF-16, and its `TextEncoder` turns such a string into
//! UTF-8 a character at a time: 0.72 ms for a 330 KB stream of text mostly not ASCII in
//! Node, more than `JSON.parse` of it, where a plain copy of its units takes 0.03 ms. This
//! converts that copy in wasm, eight units at a time, and says where the first bidi control
//! lands, so that the reader's search for one is already done.

/// The UTF-8 of `units`, a lone surrogate written as U+FFFD (as `TextEncoder` writes it,
/// and `String::from_utf16_lossy`), and where in it the first bidi control starts, if any
/// ([`crate::text::is_bidi_control`]).
pub fn to_utf8(units: &[u16]) -> (String, Option<usize>) {
    // At most three bytes a unit (a surrogate pair is two units for four bytes, and a lone
    // surrogate one unit for U+FFFD's three), and room for the widest store below.
    let room = units.len().saturating_mul(3).saturating_add(SLACK);
    let mut out: Vec<u8> = Vec::with_capacity(room);
    let dst = out.as_mut_ptr();
    let n = units.len();
    // Found in a pass of its own: a test per block inside the loop below cost more.
    let bidi_unit = first_bidi_unit(units).unwrap_or(n);
    let mut bidi = None;
    let (mut i, mut o) = (0, 0);
    // SAFETY (every store below): `o <= 3 * i` before each unit is read (no unit writes more
    // than three bytes, and a pair four for two), so a store of `SLACK` bytes at `o` ends
    // within `3 * n + SLACK`, the room reserved; and one of eight units' 28 bytes, made
    // only when `i + 8 <= n`, within `3 * n + 4`.
    while i < n {
        // A block the vector path leaves goes a unit at a time up to and with the unit it
        // stopped at (a surrogate, or the first bidi control), then the vector path goes on.
        let mut end = n.min(i + 8);
        if let Some(block) = units.get(i..i + 8) {
            let stop = (bidi_unit >= i).then(|| bidi_unit - i).filter(|&k| k < 8);
            match stop.map_or_else(|| unsafe { block_of_eight(block, dst.add(o)) }, Err) {
                Ok(written) => {
                    i += 8;
                    o += written;
                    continue;
                }
                Err(stop) => end = i + stop + 1,
            }
        }
        // Without a branch on how many bytes each takes: text in most scripts mixes one-,
        // two- and three-byte characters word by word.
        while i < end {
            if i == bidi_unit {
                bidi = Some(o);
            }
            let c = u32::from(units[i]);
            i += 1;
            if c & 0xF800 == 0xD800 {
                let low = units.get(i).map_or(0, |&u| u32::from(u));
                let bytes = if c < 0xDC00 && (0xDC00..0xE000).contains(&low) {
                    i += 1;
                    let c = 0x10000 + ((c - 0xD800) << 10 | (low - 0xDC00));
                    u32::from_le_bytes([
                        0xF0 | (c >> 18) as u8,
                        0x80 | (c >> 12 & 0x3F) as u8,
                        0x80 | (c >> 6 & 0x3F) as u8,
                        0x80 | (c & 0x3F) as u8,
                    ])
                } else {
                    u32::from_le_bytes([0xEF, 0xBF, 0xBD, 0])
                };
                unsafe { dst.add(o).cast::<u32>().write_unaligned(bytes) };
                o += if bytes >> 24 == 0 { 3 } else { 4 };
                continue;
            }
            let two = (0xC0 | c >> 6) | (0x80 | c & 0x3F) << 8;
            let three = (0xE0 | c >> 12) | (0x80 | c >> 6 & 0x3F) << 8 | (0x80 | c & 0x3F) << 16;
            let (bytes, len) = if c < 0x80 {
                (c, 1)
            } else if c < 0x800 {
                (two, 2)
            } else {
                (three, 3)
            };
            unsafe { dst.add(o).cast::<u32>().write_unaligned(bytes.to_le()) };
            o += len;
        }
    }
    // SAFETY: `o` bytes were written, within the room reserved (above).
    unsafe { out.set_len(o) };
    debug_assert!(std::str::from_utf8(&out).is_ok());
    // SAFETY: every byte above is written as part of one character's UTF-8: ASCII as
    // itself, the rest by the encoding's rules from a scalar value (a surrogate is never
    // encoded: a pair is combined first, a lone one written as U+FFFD).
    (unsafe { String::from_utf8_unchecked(out) }, bidi)
}

/// The widest store: sixteen bytes, of which the vector path keeps at most twelve.
const SLACK: usize = 16;

/// Where `units` holds its first bidi control ([`crate::text::is_bidi_control`]).
fn first_bidi_unit(units: &[u16]) -> Option<usize> {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return wide::first_bidi_unit(units);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    units.iter().position(|&u| is_bidi(u))
}

/// [`crate::text::is_bidi_control`] for a UTF-16 unit (a surrogate is none).
fn is_bidi(u: u16) -> bool {
    char::from_u32(u32::from(u)).is_some_and(crate::text::is_bidi_control)
}

/// Writes the UTF-8 of eight units to `dst` and returns how many bytes it wrote, or else
/// where its first surrogate is (the units up to it are left to the caller). Without
/// WebAssembly SIMD, every block is left.
///
/// # Safety
/// `dst` has room for 28 bytes.
#[allow(unused_variables)]
unsafe fn block_of_eight(units: &[u16], dst: *mut u8) -> Result<usize, usize> {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return wide::block_of_eight(units, dst);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    Err(7)
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod wide {
    use core::arch::wasm32::*;

    /// [`super::block_of_eight`], eight units in one vector: all ASCII narrowed at once,
    /// otherwise each unit's one to three bytes made side by side, and each half's bytes
    /// pushed together by a shuffle looked up by its units' lengths ([`SHUFFLES`]).
    ///
    /// # Safety
    /// `units` holds eight units and `dst` has room for 28 bytes.
    pub(super) unsafe fn block_of_eight(units: &[u16], dst: *mut u8) -> Result<usize, usize> {
        debug_assert!(units.len() >= 8);
        let v = v128_load(units.as_ptr().cast());
        let splat = u16x8_splat;
        let surrogate = u16x8_eq(v128_and(v, splat(0xF800)), splat(0xD800));
        if v128_any_true(surrogate) {
            return Err(i16x8_bitmask(surrogate).trailing_zeros() as usize);
        }
        let ascii = u16x8_eq(v128_and(v, splat(0xFF80)), splat(0));
        if u16x8_all_true(ascii) {
            v128_store64_lane::<0>(u8x16_narrow_i16x8(v, v), dst.cast());
            return Ok(8);
        }
        // Each unit's first, second and third byte, a vector each (a unit of one byte has
        // only the first, of two bytes the first two).
        let two = u16x8_eq(v128_and(v, splat(0xF800)), splat(0));
        let last = v128_or(v128_and(v, splat(0x3F)), splat(0x80));
        let middle = v128_or(v128_and(u16x8_shr(v, 6), splat(0x3F)), splat(0x80));
        let lead2 = v128_or(u16x8_shr(v, 6), splat(0xC0));
        let lead3 = v128_or(u16x8_shr(v, 12), splat(0xE0));
        let first = v128_bitselect(v, v128_bitselect(lead2, lead3, two), ascii);
        let second = v128_bitselect(last, middle, two);
        // The eight first bytes, then the eight second ones; and the eight third ones.
        let firsts = u8x16_narrow_i16x8(first, second);
        let thirds = u8x16_narrow_i16x8(last, last);
        // Each half's three bytes a unit, unit after unit, then kept as long as each is.
        let keys = i8x16_bitmask(i8x16_narrow_i16x8(ascii, two));
        let low =
            i8x16_shuffle::<0, 8, 16, 1, 9, 17, 2, 10, 18, 3, 11, 19, 0, 0, 0, 0>(firsts, thirds);
        let high =
            i8x16_shuffle::<4, 12, 20, 5, 13, 21, 6, 14, 22, 7, 15, 23, 0, 0, 0, 0>(firsts, thirds);
        let low_key = usize::from(keys & 0xF) << 4 | usize::from(keys >> 8 & 0xF);
        let high_key = usize::from(keys >> 4 & 0xF) << 4 | usize::from(keys >> 12 & 0xF);
        let (low_shuffle, low_len) = &SHUFFLES[low_key];
        let (high_shuffle, high_len) = &SHUFFLES[high_key];
        v128_store(
            dst.cast(),
            i8x16_swizzle(low, v128_load(low_shuffle.as_ptr().cast())),
        );
        let at = dst.add(usize::from(*low_len));
        v128_store(
            at.cast(),
            i8x16_swizzle(high, v128_load(high_shuffle.as_ptr().cast())),
        );
        Ok(usize::from(*low_len) + usize::from(*high_len))
    }

    /// [`super::first_bidi_unit`], eight units at a time: U+200E…U+200F, U+202A…U+202E,
    /// U+2066…U+2069 and U+061C.
    pub(super) fn first_bidi_unit(units: &[u16]) -> Option<usize> {
        let splat = u16x8_splat;
        let mut blocks = units.chunks_exact(8);
        for (k, block) in blocks.by_ref().enumerate() {
            // SAFETY: `block` is eight u16, sixteen bytes, and v128_load takes any alignment.
            let v = unsafe { v128_load(block.as_ptr().cast()) };
            let d = u16x8_sub(v, splat(0x2000));
            let marks = u16x8_eq(v128_and(d, splat(0xFFFE)), splat(0x0E));
            let embeds = u16x8_lt(u16x8_sub(d, splat(0x2A)), splat(5));
            let isolates = u16x8_lt(u16x8_sub(d, splat(0x66)), splat(4));
            let arabic = u16x8_eq(v, splat(0x061C));
            let hit = v128_or(v128_or(marks, embeds), v128_or(isolates, arabic));
            if v128_any_true(hit) {
                return Some(8 * k + i16x8_bitmask(hit).trailing_zeros() as usize);
            }
        }
        let tail = blocks.remainder();
        let at = units.len() - tail.len();
        tail.iter().position(|&u| super::is_bidi(u)).map(|p| at + p)
    }

    /// For each key of four units (a bit a unit for "one byte" above a bit a unit for "at
    /// most two"), the shuffle that keeps each unit's first one, two or three of its three
    /// bytes in order, and how many that is. Index 0x80 picks nothing (a zero byte past what
    /// is kept).
    static SHUFFLES: [([u8; 16], u8); 256] = {
        let mut table = [([0x80u8; 16], 0u8); 256];
        let mut key = 0;
        while key < 256 {
            let mut at = 0;
            let mut lane = 0;
            while lane < 4 {
                let len = if key >> 4 >> lane & 1 == 1 {
                    1
                } else if key >> lane & 1 == 1 {
                    2
                } else {
                    3
                };
                let mut b = 0;
                while b < len {
                    table[key].0[at] = (3 * lane + b) as u8;
                    at += 1;
                    b += 1;
                }
                lane += 1;
            }
            table[key].1 = at as u8;
            key += 1;
        }
        table
    };
}

#[cfg(test)]
mod tests {
    use super::to_utf8;
    use crate::test_rng::Xorshift;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    fn check(units: &[u16]) {
        let (s, bidi) = to_utf8(units);
        assert_eq!(s, String::from_utf16_lossy(units), "{units:x?}");
        assert_eq!(bidi, crate::text::first_bidi_at(s.as_bytes()), "{units:x?}");
    }

    #[test]
    fn converts_as_the_standard_library_converts() {
        for s in [
            "",
            "a",
            "plain ascii, more than eight units long",
            "東京 Москва café 😀 ✓",
            "\u{202E}x",
            "ab\u{061C}",
            "“quoted” — \u{2066}",
        ] {
            check(&s.encode_utf16().collect::<Vec<_>>());
        }
        // Lone and swapped surrogates, at the end and before ASCII blocks.
        for units in [
            &[0xD800][..],
            &[0xDC00, 0x41],
            &[0xDC00, 0xD800],
            &[0xD83D, 0xDE00, 0xD83D],
            &[0x41; 9],
        ] {
            check(units);
        }
    }

    #[test]
    fn random_units_convert_as_the_standard_library_converts() {
        // Units drawn from each range that is encoded differently, and runs of ASCII long
        // enough to take the block path at any offset.
        let mut rng = Xorshift(0x5EED_0016);
        let mut below = |n: u64| rng.next() % n;
        let picks: [(u16, u16); 8] = [
            (0, 0x80),
            (0x80, 0x800),
            (0x800, 0xD800),
            (0xD800, 0xDC00),
            (0xDC00, 0xE000),
            (0xE000, 0xFFFF),
            (0x2000, 0x2080),
            (0x0600, 0x0620),
        ];
        for _ in 0..6000 {
            let len = below(72) as usize;
            let mut units = Vec::with_capacity(len);
            while units.len() < len {
                let (lo, hi) = picks[below(picks.len() as u64) as usize];
                let run = if lo == 0 { 1 + below(20) } else { 1 };
                for _ in 0..run {
                    units.push(lo + below(u64::from(hi - lo)) as u16);
                }
            }
            check(&units);
        }
    }

    /// Text given as units folds as its UTF-8 folds: the same report, findings of bidi
    /// controls included (the conversion's note of the first one replaces the reader's
    /// search), with and without a byte-order mark, as a batch (the reader) and as JSON
    /// Lines (the scan).
    #[test]
    fn units_fold_as_their_utf8_folds() {
        use crate::a2ui::{ApplyContext, SurfaceStore};
        let mut rng = Xorshift(0x5EED_1616);
        let mut below = |n: usize| (rng.next() % n as u64) as usize;
        let pieces = [
            "a",
            "plain words ",
            "東京",
            "Москва",
            "“q”",
            "—",
            "😀",
            r"\u202e",
            r"\\",
            r"\n",
            r#"\""#,
            r"\u0041",
        ];
        let raw: [u16; 6] = [0x202E, 0x2067, 0x061C, 0x200F, 0xD800, 0xDC00];
        let ctx = ApplyContext::default();
        for round in 0..300 {
            let create = r#"{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}"#;
            let mut units: Vec<u16> = Vec::new();
            if round % 3 == 0 {
                units.push(0xFEFF);
            }
            let lines = round % 5 == 0;
            let (open, sep, close) = if lines {
                ("", "\n", "")
            } else {
                ("[", ",", "]")
            };
            units.extend(open.encode_utf16());
            units.extend(create.encode_utf16());
            for k in 0..1 + below(6) {
                units.extend(sep.encode_utf16());
                let head = format!(
                    r#"{{"version":"v0.9","updateDataModel":{{"surfaceId":"s","path":"/v{k}","value":{{"t":["#
                );
                units.extend(head.encode_utf16());
                for m in 0..below(4) {
                    if m > 0 {
                        units.push(u16::from(b','));
                    }
                    units.push(u16::from(b'"'));
                    for _ in 0..below(30) {
                        if below(12) == 0 {
                            units.push(raw[below(raw.len())]);
                        } else {
                            units.extend(pieces[below(pieces.len())].encode_utf16());
                        }
                    }
                    // A string that ends with a control: where it ends, the note of where
                    // the control is must be exact (a byte-order mark shifts it).
                    if below(4) == 0 {
                        units.push(raw[below(4)]);
                    }
                    units.push(u16::from(b'"'));
                }
                units.extend("]}}}".encode_utf16());
            }
            units.extend(close.encode_utf16());
            let text = String::from_utf16_lossy(&units);
            let mut by_units = SurfaceStore::default();
            by_units.apply_utf16(&units, &ctx);
            let mut by_text = SurfaceStore::default();
            by_text.apply_text(&text, &ctx);
            let (a, b) = (by_units.report(), by_text.report());
            assert_eq!(
                serde_json::to_string(&a).unwrap(),
                serde_json::to_string(&b).unwrap(),
                "{text}"
            );
        }
    }
}
