//! A host's UTF-16 string as the UTF-8 the readers take. A JavaScript engine keeps a string
//! with any character past U+00FF as UTF-16, and its `TextEncoder` turns such a string into
//! UTF-8 a character at a time: 0.72 ms for the 338,000 units of the `scripts` workload
//! (`bench/workloads.mjs`) in Node, three quarters of `JSON.parse` of it, where a plain copy
//! of its units takes 0.03 ms. [`Utf16Text`] holds such a copy and converts it in wasm, eight
//! units at a time, and says where the first bidi control lands, so that the reader's
//! search for one is already done.

/// A text's UTF-16 units, little-endian, laid in the buffer its UTF-8 is then written to:
/// the units sit past room for a third of the buffer, and the conversion writes from the
/// front, never reaching a unit it has not read. So a text takes at most three bytes a unit
/// while it is converted, as the buffer a host's own UTF-8 encoder writes to does (wasm
/// memory, once grown, is never given back).
pub struct Utf16Text {
    buf: Vec<u8>,
    units: usize,
    /// Where in `buf` the units start: [`units_at`].
    start: usize,
}

/// Where the units start: past a third of the buffer and this much more, so that the UTF-8
/// written up to a unit (three bytes a unit, and a store of up to 28 bytes ahead of it)
/// never reaches it. (Reading unit `i`, the last store ends by `3 * i + 28`; the unit is at
/// `n + GAP + 2 * i` or a byte on, past it while `i <= n + 4`: always.)
const GAP: usize = 32;

/// The place in a buffer at `base` where `units` units start: `units + GAP`, or a byte on
/// when that address is odd. A host writing UTF-16 to an odd address writes it twice: Node's
/// `Buffer#write` writes the units one place on, then moves them all back a byte (a
/// fiftieth of a fold of text in eight scripts).
fn units_at(base: *const u8, units: usize) -> usize {
    let at = units + GAP;
    at + (base as usize + at) % 2
}

/// Room for a host to write a string's UTF-16 units into ([`Utf16Room::units`]), not zeroed
/// first: zeroed, a text was written twice before it was read (up to a fiftieth of a fold
/// of text in eight scripts). Only once the host has written every byte is it a
/// [`Utf16Text`] ([`Utf16Room::filled`]); the one way to make one.
pub struct Utf16Room(Utf16Text);

impl Utf16Room {
    /// Room for `units` units.
    pub fn new(units: usize) -> Utf16Room {
        let size = units.saturating_mul(3).saturating_add(GAP + 1);
        let buf: Vec<u8> = Vec::with_capacity(size);
        let start = units_at(buf.as_ptr(), units);
        Utf16Room(Utf16Text { buf, units, start })
    }

    /// Where the units go: `2 * units` bytes at an even address, for the host to write
    /// through. No reference to them is made here: they are not initialised until written.
    pub fn units(&mut self) -> *mut u8 {
        // SAFETY: `start + 2 * units` is at most `3 * units + GAP + 1`, the capacity.
        unsafe { self.0.buf.as_mut_ptr().add(self.0.start) }
    }

    /// The text, once the host has written its units.
    ///
    /// # Safety
    /// Every one of the `2 * units` bytes at [`Utf16Room::units`] has been written.
    pub unsafe fn filled(self) -> Utf16Text {
        self.0
    }
}

impl Utf16Text {
    /// The text of these units, written into a room as a host writes them.
    pub fn from_units(units: &[u16]) -> Utf16Text {
        let mut room = Utf16Room::new(units.len());
        let at = room.units();
        // SAFETY: the room has two bytes a unit at `at`, and every one of them is written
        // here before the room is taken as filled.
        unsafe {
            for (i, u) in units.iter().enumerate() {
                at.add(2 * i).cast::<[u8; 2]>().write(u.to_le_bytes());
            }
            room.filled()
        }
    }

    /// How many units the text has.
    pub fn len(&self) -> usize {
        self.units
    }

    /// Whether the text has no unit.
    pub fn is_empty(&self) -> bool {
        self.units == 0
    }

    /// The UTF-8 of the units, a lone surrogate written as U+FFFD (as `TextEncoder` writes
    /// it, and `String::from_utf16_lossy`), and where in it the first bidi control starts, if
    /// any ([`crate::text::is_bidi_control`]).
    pub fn into_utf8(self) -> (String, Option<usize>) {
        let Utf16Text {
            mut buf,
            units: n,
            start,
        } = self;
        debug_assert!(buf.is_empty() && start >= n + GAP && buf.capacity() >= start + 2 * n);
        // From here on the buffer is reached only through these two pointers, the units
        // read ahead of the UTF-8 written.
        let dst = buf.as_mut_ptr();
        // SAFETY: the units lie within the capacity, initialised (`Utf16Room::filled`).
        let src = unsafe { dst.add(start) }.cast_const();
        // The text's first units, as far as they are ASCII, narrowed sixteen at a time: all
        // of a text that is ASCII but kept as UTF-16 (as one cut from such a text is), in a
        // loop with nothing else to test. Tried after every block of ASCII in the loop
        // below instead, it made text of emoji a seventh slower to fold (BENCHMARKS.md).
        // SAFETY: the units are initialised; a byte written for each unit read, from the
        // start, is short of the units (which start past `n`).
        let ascii = unsafe { ascii_run(src, dst, n) };
        let unit = |i: usize| {
            debug_assert!(i < n);
            // SAFETY: `i < n`, and unit `i` is not written over before it is read (`GAP`).
            u16::from_le_bytes(unsafe { src.add(2 * i).cast::<[u8; 2]>().read() })
        };
        let mut bidi = None;
        let (mut i, mut o) = (ascii, ascii);
        // SAFETY (every store below): `o <= 3 * i` before each unit is read (no unit writes
        // more than three bytes, and a pair four for two), so a store of four bytes at `o`
        // ends within `3 * n + 4`, and one of eight units' 28 bytes, made only when
        // `i + 8 <= n`, within `3 * n + 4`: in the capacity, and short of any
        // unit not read (`GAP`).
        while i < n {
            // Whole blocks go the vector way, in a loop with nothing else to test. A block it
            // leaves goes a unit at a time up to and with the unit it stopped at (a surrogate,
            // or the first bidi control), as do the last few: then the vector way goes on.
            let mut end = n;
            while i + 8 <= n {
                debug_assert!(o <= 3 * i);
                match unsafe { block_of_eight(src.add(2 * i), dst.add(o), bidi.is_none()) } {
                    Ok((units, written)) => {
                        i += units;
                        o += written;
                    }
                    Err(stop) => {
                        end = i + stop + 1;
                        break;
                    }
                }
            }
            while i < end {
                debug_assert!(o <= 3 * i);
                let c = u32::from(unit(i));
                if bidi.is_none() && is_bidi(c as u16) {
                    bidi = Some(o);
                }
                i += 1;
                // A high surrogate and a low one make one character; a surrogate alone is
                // none, and stands as U+FFFD.
                let low = if i < n { u32::from(unit(i)) } else { 0 };
                let c = if (0xD800..0xDC00).contains(&c) && (0xDC00..0xE000).contains(&low) {
                    i += 1;
                    0x10000 + ((c - 0xD800) << 10 | (low - 0xDC00))
                } else {
                    c
                };
                let mut bytes = [0; 4];
                let len = char::from_u32(c)
                    .unwrap_or(char::REPLACEMENT_CHARACTER)
                    .encode_utf8(&mut bytes)
                    .len();
                unsafe { dst.add(o).cast::<[u8; 4]>().write_unaligned(bytes) };
                o += len;
            }
        }
        // SAFETY: the first `o` bytes were written, each as part of one character's UTF-8:
        // ASCII as itself, the rest by the encoding's rules from a scalar value (by
        // `char::encode_utf8` a unit at a time; a surrogate is never encoded: a pair is
        // combined first, a lone one written as U+FFFD).
        unsafe { buf.set_len(o) };
        debug_assert!(std::str::from_utf8(&buf).is_ok());
        (unsafe { String::from_utf8_unchecked(buf) }, bidi)
    }
}

/// [`Utf16Text::from_units`] and [`Utf16Text::into_utf8`].
#[cfg(test)]
fn to_utf8(units: &[u16]) -> (String, Option<usize>) {
    Utf16Text::from_units(units).into_utf8()
}

/// [`crate::text::is_bidi_control`] for a UTF-16 unit (a surrogate is none).
fn is_bidi(u: u16) -> bool {
    char::from_u32(u32::from(u)).is_some_and(crate::text::is_bidi_control)
}

/// Narrows the ASCII units at `src`, sixteen at a time, to bytes at `dst`, as many whole
/// blocks of them as there are before a unit past ASCII or the end of the `units` units there,
/// and returns how many it took (a multiple of sixteen). Without WebAssembly SIMD, none.
///
/// # Safety
/// `src` holds `2 * units` initialised bytes, and `dst` has room for as many bytes as it
/// takes units, overlapping none it has not read.
#[allow(unused_variables)]
unsafe fn ascii_run(src: *const u8, dst: *mut u8, units: usize) -> usize {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return wide::ascii_run(src, dst, units);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    0
}

/// Writes the UTF-8 of the eight units at `src` to `dst` and returns how many units it
/// took (all eight, or seven when the last is the first half of a pair the next block
/// ends) and how many bytes it wrote; or else a place up to and with which the units are
/// left to the caller: when `bidi` asks and the block is not ASCII, its first bidi
/// control's, if it has one, or else, when a surrogate in it is not half of a pair within
/// it, one at or past that surrogate and before any other such one (the pairs before it
/// stay the caller's too, once, rather than one block tried again after each). The search for a bidi control is here, in the blocks
/// not ASCII, not in a pass of its own over the units before: one pass fewer, and as fast
/// (`bench/ab.mjs`, BENCHMARKS.md). Without WebAssembly SIMD, every block is left.
///
/// # Safety
/// `src` holds sixteen initialised bytes, and `dst` has room for 28 bytes that overlap
/// none of them.
#[allow(unused_variables)]
unsafe fn block_of_eight(
    src: *const u8,
    dst: *mut u8,
    bidi: bool,
) -> Result<(usize, usize), usize> {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return wide::block_of_eight(src, dst, bidi);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    Err(7)
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod wide {
    use core::arch::wasm32::*;

    /// [`super::block_of_eight`], eight units in one vector: all ASCII narrowed at once,
    /// otherwise each unit's one to three bytes (two for each half of a surrogate pair)
    /// made side by side, and each half's bytes
    /// pushed together by a shuffle looked up by its units' lengths ([`SHUFFLES`]).
    ///
    /// # Safety
    /// As [`super::block_of_eight`].
    pub(super) unsafe fn block_of_eight(
        src: *const u8,
        dst: *mut u8,
        bidi: bool,
    ) -> Result<(usize, usize), usize> {
        let v = v128_load(src.cast());
        // The last unit opens a pair the next block closes (text of emoji does so in a
        // block out of four): the seven before it are taken, with a one-byte unit in its
        // place whose byte the next store writes over. The store is no longer than a block's.
        if is_high(u16x8_extract_lane::<7>(v)) && !is_high(u16x8_extract_lane::<6>(v)) {
            return eight(u16x8_replace_lane::<7>(v, 0), dst, bidi).map(|written| (7, written - 1));
        }
        eight(v, dst, bidi).map(|written| (8, written))
    }

    fn is_high(unit: u16) -> bool {
        unit & 0xFC00 == 0xD800
    }

    /// [`block_of_eight`] of the units in `v`: how many bytes it wrote, or where it stopped.
    ///
    /// # Safety
    /// `dst` has room for 28 bytes.
    unsafe fn eight(v: v128, dst: *mut u8, bidi: bool) -> Result<usize, usize> {
        let splat = u16x8_splat;
        let ascii = u16x8_eq(v128_and(v, splat(0xFF80)), splat(0));
        if u16x8_all_true(ascii) {
            v128_store64_lane::<0>(u8x16_narrow_i16x8(v, v), dst.cast());
            return Ok(8);
        }
        if bidi {
            let controls = bidi_controls(v);
            if v128_any_true(controls) {
                return Err(i16x8_bitmask(controls).trailing_zeros() as usize);
            }
        }
        // Each unit's first, second and third byte, a vector each (a unit of one byte has
        // only the first, of two bytes the first two).
        let mut two = u16x8_eq(v128_and(v, splat(0xF800)), splat(0));
        let last = v128_or(v128_and(v, splat(0x3F)), splat(0x80));
        let middle = v128_or(v128_and(u16x8_shr(v, 6), splat(0x3F)), splat(0x80));
        let lead2 = v128_or(u16x8_shr(v, 6), splat(0xC0));
        let lead3 = v128_or(u16x8_shr(v, 12), splat(0xE0));
        let mut first = v128_bitselect(v, v128_bitselect(lead2, lead3, two), ascii);
        let mut second = v128_bitselect(last, middle, two);
        let surrogate = u16x8_eq(v128_and(v, splat(0xF800)), splat(0xD800));
        if v128_any_true(surrogate) {
            // A pair within the block is one character of four bytes, two from each unit
            // (so each counts as a unit of two bytes below): from the high one, 0xF0 with
            // bits 18–20 and then bits 12–17; from the low one, bits 10–11 (the high one's,
            // moved a lane up) with bits 6–9, and then bits 0–5.
            let high = u16x8_eq(v128_and(v, splat(0xFC00)), splat(0xD800));
            let low = u16x8_eq(v128_and(v, splat(0xFC00)), splat(0xDC00));
            // Each high one followed by a low one in the block, and each low one preceded
            // by a high one; else the units up to the first surrogate are left to the caller.
            let unpaired = v128_or(
                v128_xor(low, after(high)),
                v128_and(high, u16x8(0, 0, 0, 0, 0, 0, 0, 0xFFFF)),
            );
            if v128_any_true(unpaired) {
                // A lane is marked where a low unit follows no high one, or a high one is
                // followed by no low one (the lane after it, or lane 7 itself).
                return Err(i16x8_bitmask(unpaired).trailing_zeros() as usize);
            }
            // The character's bits from 10 up, from a high unit: its 10 bits, plus 0x40
            // (0x10000 >> 10).
            let top = u16x8_add(v128_and(v, splat(0x3FF)), splat(0x40));
            let high_first = v128_or(u16x8_shr(top, 8), splat(0xF0));
            let high_second = v128_or(v128_and(u16x8_shr(top, 2), splat(0x3F)), splat(0x80));
            let low_first = v128_or(
                v128_or(
                    u16x8_shl(v128_and(after(top), splat(3)), 4),
                    v128_and(u16x8_shr(v, 6), splat(0xF)),
                ),
                splat(0x80),
            );
            first = v128_bitselect(high_first, v128_bitselect(low_first, first, low), high);
            second = v128_bitselect(high_second, v128_bitselect(last, second, low), high);
            two = v128_or(two, surrogate);
        }
        // Each half's first, second and third bytes, four of each side by side: the 64-bit
        // halves paired (one instruction each), then narrowed to bytes.
        let keys = i8x16_bitmask(i8x16_narrow_i16x8(ascii, two));
        let low = u8x16_narrow_i16x8(i64x2_shuffle::<0, 2>(first, second), last);
        let high = u8x16_narrow_i16x8(
            i64x2_shuffle::<1, 3>(first, second),
            i64x2_shuffle::<1, 1>(last, last),
        );
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

    /// [`super::ascii_run`].
    ///
    /// # Safety
    /// As [`super::ascii_run`].
    pub(super) unsafe fn ascii_run(src: *const u8, dst: *mut u8, units: usize) -> usize {
        let mut done = 0;
        while done + 16 <= units {
            let a = v128_load(src.add(2 * done).cast());
            let b = v128_load(src.add(2 * done + 16).cast());
            if v128_any_true(v128_and(v128_or(a, b), u16x8_splat(0xFF80))) {
                break;
            }
            v128_store(dst.add(done).cast(), u8x16_narrow_i16x8(a, b));
            done += 16;
        }
        done
    }

    /// Each unit moved one lane up (lane `k` holds what lane `k - 1` held; lane 0, zero).
    fn after(v: v128) -> v128 {
        i8x16_shuffle::<16, 17, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13>(v, u16x8_splat(0))
    }

    /// The lanes of `v` that hold a bidi control ([`super::is_bidi`]): U+200E…U+200F,
    /// U+202A…U+202E, U+2066…U+2069 and U+061C.
    fn bidi_controls(v: v128) -> v128 {
        let splat = u16x8_splat;
        let d = u16x8_sub(v, splat(0x2000));
        let marks = u16x8_eq(v128_and(d, splat(0xFFFE)), splat(0x0E));
        let embeds = u16x8_lt(u16x8_sub(d, splat(0x2A)), splat(5));
        let isolates = u16x8_lt(u16x8_sub(d, splat(0x66)), splat(4));
        let arabic = u16x8_eq(v, splat(0x061C));
        v128_or(v128_or(marks, embeds), v128_or(isolates, arabic))
    }

    /// For each key of four units (a bit a unit for "one byte" above a bit a unit for "at
    /// most two"), the shuffle that keeps each unit's first one, two or three of its three
    /// bytes (its first at its own place, its second four places on, its third eight), in
    /// order, and how many that is. Index 0x80 picks nothing (a zero byte past what is kept).
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
                    table[key].0[at] = (4 * b + lane) as u8;
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
    use crate::text::is_bidi_control;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    fn check(units: &[u16]) {
        let (s, bidi) = to_utf8(units);
        assert_eq!(s, String::from_utf16_lossy(units), "{units:x?}");
        let first = s.char_indices().find(|&(_, c)| is_bidi_control(c));
        assert_eq!(bidi, first.map(|(at, _)| at), "{units:x?}");
    }

    /// A host writes into a room at an even address, whatever the count of units, and
    /// what it wrote converts as the standard library converts it, its first bidi control
    /// found.
    #[test]
    fn a_room_a_host_fills_converts_as_its_units_do() {
        use super::Utf16Room;
        for n in [0, 1, 2, 3, 8, 9, 31, 32, 33, 1023, 1024, 1025] {
            let units: Vec<u16> = (0..n as u16)
                .map(|i| [0x41, 0xE9, 0x3042, 0xD83D, 0xDE00, 0x202E][usize::from(i) % 6])
                .collect();
            let mut room = Utf16Room::new(n);
            let at = room.units();
            assert_eq!(at as usize % 2, 0, "{n} units");
            let bytes: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
            // SAFETY: the room has `2 * n` bytes at `at`, and all of them are written.
            let text = unsafe {
                std::ptr::copy_nonoverlapping(bytes.as_ptr(), at, bytes.len());
                room.filled()
            };
            let (utf8, bidi) = text.into_utf8();
            assert_eq!(utf8, String::from_utf16_lossy(&units), "{n} units");
            assert_eq!(bidi, utf8.find('\u{202E}'), "{n} units");
        }
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

    /// A text whose first units are ASCII, as many as up to three blocks of the sixteen units
    /// the start is narrowed by in wasm and past them, then each kind of unit that ends that
    /// start (past ASCII, a bidi control, a pair, lone surrogates), or none (all ASCII).
    #[test]
    fn an_ascii_start_of_any_length_converts() {
        let ends: [&[u16]; 8] = [
            &[],
            &[0x7F],
            &[0x80],
            &[0x6771],
            &[0x202E],
            &[0x061C],
            &[0xD83D, 0xDE00],
            &[0xDC00, 0xD800],
        ];
        for start in 0..52 {
            for end in ends {
                let mut units: Vec<u16> = (0..start).map(|k| 0x20 + (k % 0x5F) as u16).collect();
                units.extend_from_slice(end);
                check(&units);
                units.extend([0x41; 17]);
                check(&units);
            }
        }
    }

    /// Every unit there is, in every lane of a block (among ASCII, and among three-byte
    /// units) with a block after it, and in every place past the last block: the vector
    /// path (in wasm) and the unit path convert it as the standard library does, and the
    /// bidi pass finds exactly the units `is_bidi_control` names.
    #[test]
    fn every_unit_converts_and_is_found_or_not_as_the_rule_says() {
        // A block of one-, two- and three-byte units, which the vector path takes up again
        // after a control, then three units no block takes.
        let after = [
            0x41, 0x416, 0x6771, 0x41, 0x416, 0x6771, 0x41, 0x416, 0x6771, 0x41, 0x416,
        ];
        for u in 0..=0xFFFF_u16 {
            for around in [0x41, 0x6771] {
                for lane in 0..8 {
                    let mut units = vec![around; 8];
                    units[lane] = u;
                    units.extend(after);
                    check(&units);
                }
            }
            for place in 0..3 {
                let mut units = vec![0x416; 19];
                units[16 + place] = u;
                check(&units);
            }
        }
    }

    /// Every surrogate pair there is, at every place in a block (the last place splits it
    /// across two blocks), among ASCII and among three-byte units, with a second pair or a
    /// lone surrogate after it in the block.
    #[test]
    fn every_pair_converts_wherever_it_falls() {
        for high in 0xD800..=0xDBFF_u16 {
            for low in 0xDC00..=0xDFFF_u16 {
                let k = usize::from(high ^ low);
                let lane = k % 8;
                let mut units = vec![[0x41, 0x6771][k / 8 % 2]; 16];
                units[lane] = high;
                units[lane + 1] = low;
                if lane < 5 && k % 3 == 0 {
                    units[lane + 2] = [high, low, 0xD83D][k / 3 % 3];
                    units[lane + 3] = 0xDE00;
                }
                check(&units);
            }
        }
    }

    /// The block of eight units that `key`'s digits in base `kinds.len()` name, lowest
    /// digit first: every key below `kinds.len()` to the 8th names a different block.
    fn block_of(kinds: &[u16], mut key: usize) -> Vec<u16> {
        (0..8)
            .map(|_| {
                let k = kinds[key % kinds.len()];
                key /= kinds.len();
                k
            })
            .collect()
    }

    /// Every arrangement of high, low and other units in a block (pairs, lone halves, a
    /// high unit in the last lane whose low one opens the next block, or does not), then
    /// a low unit, a high one or another.
    #[test]
    fn every_arrangement_of_surrogates_in_a_block_converts() {
        let kinds = [0x41, 0x416, 0xD83D, 0xDE00];
        for key in 0..4_usize.pow(8) {
            for next in [0xDE00, 0xD83D, 0x6771] {
                let mut units = block_of(&kinds, key);
                units.extend([next, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41]);
                check(&units);
            }
        }
    }

    /// Every mix of one-, two- and three-byte units in a block (each of the shuffles the
    /// vector path looks up, in both halves), followed by the same mix reversed.
    #[test]
    fn every_mix_of_lengths_in_a_block_converts() {
        let kinds = [0x41, 0x416, 0x6771];
        for key in 0..3_usize.pow(8) {
            let mut units = block_of(&kinds, key);
            units.extend(units.clone().into_iter().rev());
            check(&units);
        }
    }

    #[test]
    fn random_units_convert_as_the_standard_library_converts() {
        // Units drawn from each range that is encoded differently, and runs of ASCII long
        // enough to take the block path at any offset.
        let mut rng = Xorshift(0x5EED_0016);
        let mut below = |n: u64| rng.next() % n;
        let picks: [(u32, u32); 8] = [
            (0, 0x80),
            (0x80, 0x800),
            (0x800, 0xD800),
            (0xD800, 0xDC00),
            (0xDC00, 0xE000),
            (0xE000, 0x10000),
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
                    units.push((lo + below(u64::from(hi - lo)) as u32) as u16);
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
        use crate::test_rng::{data_stream, Layout, CREATE_S};
        let mut rng = Xorshift(0x5EED_1616);
        // Mostly strings with no escape: the reader takes the conversion's note for those.
        let pieces = [
            "a",
            "plain words ",
            "東京",
            "Москва",
            "“q”",
            "—",
            "😀",
            "ελληνικά ",
            "한국어",
            "…",
            "नमस्ते",
            r"\u202e",
            r"\\",
            r"\n",
            r#"\""#,
        ];
        let raw: [u16; 6] = [0x202E, 0x2067, 0x061C, 0x200F, 0xD800, 0xDC00];
        let ctx = ApplyContext::default();
        for round in 0..300 {
            let mut units: Vec<u16> = Vec::new();
            if round % 3 == 0 {
                units.push(0xFEFF);
            }
            // One envelope alone, read by hand (`direct::read_one`) from where the
            // conversion found the first control, held to the scan of the same bytes.
            let lone = round % 7 == 0;
            let layout = if lone {
                Layout::Lone
            } else if round % 5 == 0 {
                Layout::Lines
            } else {
                Layout::Batch
            };
            data_stream(&mut units, &mut rng, layout, 4, |units, rng| {
                for _ in 0..rng.below(30) {
                    if rng.below(12) == 0 {
                        units.push(raw[rng.below(raw.len())]);
                    } else {
                        units.extend(pieces[rng.below(pieces.len())].encode_utf16());
                    }
                }
                // A string that ends with a control: where it ends, the note of where the
                // control is must be exact (a byte-order mark shifts it).
                if rng.below(4) == 0 {
                    units.push(raw[rng.below(4)]);
                }
            });
            let text = String::from_utf16_lossy(&units);
            let mut by_units = SurfaceStore::default();
            let mut by_text = SurfaceStore::default();
            if lone {
                by_units.apply_text(CREATE_S, &ctx);
                by_text.apply_text(CREATE_S, &ctx);
            }
            by_units.apply_utf16(super::Utf16Text::from_units(&units), &ctx);
            if lone {
                by_text.apply_scanned(text.as_bytes(), &ctx);
            } else {
                by_text.apply_text(&text, &ctx);
            }
            let (a, b) = (by_units.report(), by_text.report());
            assert_eq!(
                serde_json::to_string(&a).unwrap(),
                serde_json::to_string(&b).unwrap(),
                "{text}"
            );
        }
    }
}
