//! A host's string of characters no higher than U+00FF (Latin-1) as the UTF-8 the readers
//! take. Node writes a string's UTF-8 a character at a time once it meets one past ASCII:
//! `Buffer#utf8Write` took 25 µs for the 600 KB of the `megabyte` workload
//! (`bench/workloads.mjs`), and 250 µs with one "é" at its start, where `latin1Write`, a
//! copy of the bytes, takes 8. [`Latin1Text`] holds such a copy and converts it in wasm,
//! sixteen bytes at a time. No bidi control is below U+0100, so none is searched for here.

/// A text's Latin-1 bytes, at the start of the buffer its UTF-8 is then written to. Its
/// first bytes up to the first past ASCII are their own UTF-8 and stay where they are (all
/// of a text that is ASCII, which so costs a look for a byte past ASCII, faster than
/// Node's `utf8Write`); the rest is moved past the text's end and converted back to where
/// it was, never reaching a byte not yet read. So a text takes at most two
/// bytes a character and [`GAP`] more while it is converted, as its UTF-8 does.
pub struct Latin1Text {
    buf: Vec<u8>,
    len: usize,
}

/// How far past the text's end its rest is moved: a margin only. Reading a block at `i` of
/// the rest's `rest` bytes, its stores end by `2 * i + 32` past where the rest's UTF-8
/// starts (sixteen bytes past ASCII, two each at most) or `2 * i + 64` (sixty-four ASCII
/// bytes), and the next byte not read is `rest + GAP + i + 16` or `+ 64` past it: past the
/// stores while `i <= rest + GAP - 16`, which every block is with no margin at all.
const GAP: usize = 16;

/// Room for a host to write a string's Latin-1 bytes into ([`Latin1Room::bytes`]), not
/// zeroed first. Only once the host has written every byte is it a [`Latin1Text`]
/// ([`Latin1Room::filled`]); the one way to make one.
pub struct Latin1Room(Latin1Text);

impl Latin1Room {
    /// Room for `len` bytes.
    pub fn new(len: usize) -> Latin1Room {
        let size = len.saturating_mul(2).saturating_add(GAP);
        Latin1Room(Latin1Text {
            buf: Vec::with_capacity(size),
            len,
        })
    }

    /// Where the bytes go: `len` bytes, for the host to write through. No reference to
    /// them is made here: they are not initialised until written.
    pub fn bytes(&mut self) -> *mut u8 {
        self.0.buf.as_mut_ptr()
    }

    /// The text, once the host has written its bytes.
    ///
    /// # Safety
    /// Every one of the `len` bytes at [`Latin1Room::bytes`] has been written.
    pub unsafe fn filled(self) -> Latin1Text {
        self.0
    }
}

impl Latin1Text {
    /// The text of these Latin-1 bytes (each a character of that value), written into a
    /// room as a host writes them.
    pub fn from_bytes(bytes: &[u8]) -> Latin1Text {
        let mut room = Latin1Room::new(bytes.len());
        // SAFETY: the room has `len` bytes at `bytes()`, all written here before it is
        // taken as filled.
        unsafe {
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), room.bytes(), bytes.len());
            room.filled()
        }
    }

    /// The UTF-8 of the characters: each byte below 0x80 as itself, each other as two.
    pub fn into_utf8(self) -> String {
        let Latin1Text { mut buf, len: n } = self;
        let base = buf.as_mut_ptr();
        // SAFETY: the `n` bytes at the start are initialised (`Latin1Room::filled`).
        let ascii = unsafe { ascii_prefix(base, n) };
        let mut o = ascii;
        if ascii < n {
            let rest = n - ascii;
            // SAFETY: `rest` bytes from `ascii` are initialised, and moved to
            // `n + GAP`, whose `rest` bytes end within the capacity (`2 * n + GAP`) and
            // overlap none of them. From here on the rest is reached only through `src`,
            // the UTF-8 written from `dst` behind it.
            let (src, dst) = unsafe {
                let src = base.add(n + GAP);
                std::ptr::copy_nonoverlapping(base.add(ascii), src, rest);
                (src.cast_const(), base.add(ascii))
            };
            // SAFETY: `src` holds `rest` bytes, `rest + GAP` past `dst` (`GAP`).
            let (mut i, mut w) = unsafe { blocks(src, dst, rest) };
            // SAFETY (each read and store below): byte `i < rest` is read before anything
            // is stored; the stores at `w <= 2 * i` and `w + 1` end short of
            // `rest + GAP + i`, and within the capacity.
            while i < rest {
                let b = unsafe { src.add(i).read() };
                i += 1;
                if b < 0x80 {
                    unsafe { dst.add(w).write(b) };
                    w += 1;
                } else {
                    unsafe {
                        dst.add(w).write(0xC0 | b >> 6);
                        dst.add(w + 1).write(b & 0xBF);
                    }
                    w += 2;
                }
            }
            o += w;
        }
        // SAFETY: the first `o` bytes were written, each character's UTF-8 whole: the
        // ASCII start as the host wrote it, then a byte below 0x80 as itself and any other
        // as the two bytes of its scalar value.
        unsafe { buf.set_len(o) };
        debug_assert!(std::str::from_utf8(&buf).is_ok());
        unsafe { String::from_utf8_unchecked(buf) }
    }
}

/// How many of the `n` bytes at `p` are ASCII before the first that is not: sixty-four at
/// a time with WebAssembly SIMD, eight without, and then a byte at a time.
///
/// # Safety
/// `p` holds `n` initialised bytes.
unsafe fn ascii_prefix(p: *const u8, n: usize) -> usize {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    let mut i = wide::ascii_blocks(p, n);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    let mut i = {
        let mut i = 0;
        while i + 8 <= n && p.add(i).cast::<u64>().read_unaligned() & 0x8080_8080_8080_8080 == 0 {
            i += 8;
        }
        i
    };
    while i < n && p.add(i).read() < 0x80 {
        i += 1;
    }
    i
}

/// Converts whole blocks of the `n` bytes at `src` to UTF-8 at `dst`, and returns how many
/// bytes it read and wrote: sixteen at a time (sixty-four at a time where they are ASCII)
/// with WebAssembly SIMD; without, none, the caller's loop converting them all.
///
/// # Safety
/// `src` holds `n` initialised bytes, `dst` has room for twice as many, and the stores a
/// block makes (up to 64 bytes past where its UTF-8 starts) overlap no byte not yet read.
#[allow(unused_variables)]
unsafe fn blocks(src: *const u8, dst: *mut u8, n: usize) -> (usize, usize) {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return wide::blocks(src, dst, n);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    (0, 0)
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod wide {
    use core::arch::wasm32::*;

    /// [`super::blocks`]: a block of sixteen ASCII bytes stored as it is; any other, each
    /// half's bytes laid as a lead and a continuation byte side by side, and the
    /// continuation of each ASCII byte dropped by a shuffle looked up by which are ASCII
    /// ([`SHUFFLES`]).
    ///
    /// # Safety
    /// As [`super::blocks`].
    pub(super) unsafe fn blocks(src: *const u8, dst: *mut u8, n: usize) -> (usize, usize) {
        let (mut i, mut o) = (0, 0);
        // Sixty-four bytes at a time where they are all ASCII; else each of their four
        // blocks (or the last few blocks) as below, before sixty-four are tried again.
        let mut blocks_to = 0;
        while i + 16 <= n {
            if i >= blocks_to {
                if i + 64 <= n {
                    let four = load4(src.add(i));
                    if !past_ascii(&four) {
                        for (k, v) in four.into_iter().enumerate() {
                            v128_store(dst.add(o + 16 * k).cast(), v);
                        }
                        i += 64;
                        o += 64;
                        continue;
                    }
                }
                blocks_to = i + 64;
            }
            let v = v128_load(src.add(i).cast());
            let high = i8x16_bitmask(v) as usize;
            if high == 0 {
                v128_store(dst.add(o).cast(), v);
                i += 16;
                o += 16;
                continue;
            }
            // A byte past ASCII is 0xC2 or 0xC3 (its top two bits) and then 0x80 with its
            // low six; an ASCII byte keeps itself as its "lead".
            let lead = v128_bitselect(
                v128_or(u8x16_shr(v, 6), u8x16_splat(0xC0)),
                v,
                i8x16_lt(v, i8x16_splat(0)),
            );
            let cont = v128_and(v, u8x16_splat(0xBF));
            let low =
                i8x16_shuffle::<0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23>(lead, cont);
            let upper = i8x16_shuffle::<8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31>(
                lead, cont,
            );
            let (low_key, high_key) = (high & 0xFF, high >> 8);
            v128_store(
                dst.add(o).cast(),
                i8x16_swizzle(low, v128_load(SHUFFLES[low_key].as_ptr().cast())),
            );
            o += 8 + low_key.count_ones() as usize;
            v128_store(
                dst.add(o).cast(),
                i8x16_swizzle(upper, v128_load(SHUFFLES[high_key].as_ptr().cast())),
            );
            o += 8 + high_key.count_ones() as usize;
            i += 16;
        }
        (i, o)
    }

    /// [`super::ascii_prefix`]'s whole blocks of sixty-four, all ASCII.
    ///
    /// # Safety
    /// `p` holds `n` initialised bytes.
    pub(super) unsafe fn ascii_blocks(p: *const u8, n: usize) -> usize {
        let mut i = 0;
        while i + 64 <= n && !past_ascii(&load4(p.add(i))) {
            i += 64;
        }
        i
    }

    /// The four blocks of sixteen bytes at `p`.
    ///
    /// # Safety
    /// `p` holds 64 initialised bytes.
    unsafe fn load4(p: *const u8) -> [v128; 4] {
        [0, 16, 32, 48].map(|k| v128_load(p.add(k).cast()))
    }

    /// Whether any of the bytes is past ASCII.
    fn past_ascii(four: &[v128; 4]) -> bool {
        let all = v128_or(v128_or(four[0], four[1]), v128_or(four[2], four[3]));
        i8x16_bitmask(all) != 0
    }

    /// For each set of eight bytes, a bit each for those past ASCII, the shuffle that keeps
    /// from a block of eight lead and continuation pairs each byte's lead, and its
    /// continuation when it is past ASCII, in order. Index 0x80 picks nothing (a zero byte
    /// past what is kept, which the next store writes over).
    static SHUFFLES: [[u8; 16]; 256] = {
        let mut table = [[0x80u8; 16]; 256];
        let mut key = 0;
        while key < 256 {
            let (mut at, mut lane) = (0, 0);
            while lane < 8 {
                table[key][at] = 2 * lane as u8;
                at += 1;
                if key >> lane & 1 == 1 {
                    table[key][at] = 2 * lane as u8 + 1;
                    at += 1;
                }
                lane += 1;
            }
            key += 1;
        }
        table
    };
}

#[cfg(test)]
mod tests {
    use super::{Latin1Room, Latin1Text};
    use crate::test_rng::Xorshift;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    fn check(bytes: &[u8]) {
        let expected: String = bytes.iter().map(|&b| char::from(b)).collect();
        assert_eq!(
            Latin1Text::from_bytes(bytes).into_utf8(),
            expected,
            "{bytes:x?}"
        );
    }

    /// Every byte in every place of a block, among ASCII and among bytes past it, with a
    /// block after it and a tail: each block's halves and each place of the tail.
    #[test]
    fn every_byte_converts_in_every_place() {
        for b in 0..=255u8 {
            for around in [b'a', 0xE9] {
                for place in 0..40 {
                    let mut bytes = vec![around; 40];
                    bytes[place] = b;
                    check(&bytes);
                    check(&bytes[..place + 1]);
                }
            }
        }
    }

    /// A byte past ASCII at every place of an ASCII text of three runs of sixty-four and
    /// more (where the start is found, and where the rest's runs of sixty-four are), alone
    /// and with others after it.
    #[test]
    fn one_byte_past_ascii_anywhere_in_long_ascii_converts() {
        for len in [64, 65, 127, 128, 200] {
            for place in 0..len {
                for b in [0x80, 0xA0, 0xE9, 0xFF] {
                    let mut bytes: Vec<u8> = (0..len).map(|k| b' ' + (k % 95) as u8).collect();
                    bytes[place] = b;
                    check(&bytes);
                    if place + 70 < len {
                        bytes[place + 70] = 0xC0;
                    }
                    bytes[len - 1] = 0xFE;
                    check(&bytes);
                }
            }
        }
    }

    /// Every pattern of bytes past ASCII in a block's two halves (each half's 256 keys),
    /// and random texts of every length to past three runs of sixty-four.
    #[test]
    fn blocks_of_every_pattern_and_length_convert() {
        for key in 0..256usize {
            let half: Vec<u8> = (0..8)
                .map(|k| {
                    if key >> k & 1 == 1 {
                        0x80 + k as u8 * 15
                    } else {
                        b'0' + k as u8
                    }
                })
                .collect();
            let mut bytes = half.clone();
            bytes.extend(half.iter().rev());
            bytes.extend_from_slice(b"tail");
            check(&bytes);
        }
        let mut rng = Xorshift(0x1a71);
        for len in 0..200 {
            for _ in 0..20 {
                let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
                check(&bytes);
                let mostly_ascii: Vec<u8> = (0..len)
                    .map(|_| {
                        if rng.next() % 40 == 0 {
                            0xA0 + (rng.next() % 96) as u8
                        } else {
                            b' ' + (rng.next() % 95) as u8
                        }
                    })
                    .collect();
                check(&mostly_ascii);
            }
        }
    }

    /// A host writes into a room, and what it wrote converts.
    #[test]
    fn a_room_a_host_fills_converts_as_its_bytes_do() {
        for n in [0, 1, 15, 16, 17, 31, 32, 33, 1023, 1024, 1025, 65_537] {
            let bytes: Vec<u8> = (0..n)
                .map(|i| [b'a', 0xE9, b'"', 0xFF, 0x00, 0x80][i % 6])
                .collect();
            let mut room = Latin1Room::new(n);
            // SAFETY: the room has `n` bytes at `bytes()`, and all of them are written.
            let text = unsafe {
                std::ptr::copy_nonoverlapping(bytes.as_ptr(), room.bytes(), n);
                room.filled()
            };
            let utf8 = text.into_utf8();
            assert_eq!(
                utf8,
                bytes.iter().map(|&b| char::from(b)).collect::<String>(),
                "{n}"
            );
        }
    }

    /// Text within Latin-1 folds through [`crate::a2ui::SurfaceStore::apply_latin1`] (no
    /// bidi control searched for: none lies below U+0100) as its UTF-8 folds through
    /// `apply_text`: strings of letters, symbols and C1 controls, escapes among them
    /// (a `\u` escape of a bidi control is still found), with and without a byte-order mark's
    /// look-alike (U+00FE U+00FF), as a batch and as JSON Lines.
    #[test]
    fn latin1_folds_as_its_utf8_folds() {
        use crate::a2ui::{ApplyContext, SurfaceStore};
        use crate::test_rng::{data_stream, Layout};
        let mut rng = Xorshift(0x5EED_1A71);
        let pieces = [
            "a",
            "plain words ",
            "Café ",
            "crème brûlée",
            "Ñandú",
            "°£©½",
            r"\u00a0",
            r"\u0080",
            "ÿþ",
            r"\u202e",
            r"\\",
            r"\n",
            r#"\""#,
            r"\u00e9",
            // C1 controls, a no-break space and a soft hyphen, raw: still no bidi control.
            "\u{85}\u{9F}",
            "\u{A0}\u{AD}",
        ];
        let ctx = ApplyContext::default();
        for round in 0..300 {
            let layout = if round % 5 == 0 {
                Layout::Lines
            } else {
                Layout::Batch
            };
            let mut text = String::from(if round % 3 == 0 { "þÿ" } else { "" });
            data_stream(&mut text, &mut rng, layout, 5, |out, rng| {
                for _ in 0..rng.below(30) {
                    out.push_str(pieces[rng.below(pieces.len())]);
                }
            });
            let bytes: Vec<u8> = text
                .chars()
                .map(|c| u8::try_from(u32::from(c)).unwrap())
                .collect();
            let mut by_latin1 = SurfaceStore::default();
            let mut by_text = SurfaceStore::default();
            by_latin1.apply_latin1(Latin1Text::from_bytes(&bytes), &ctx);
            by_text.apply_text(&text, &ctx);
            let (a, b) = (by_latin1.report(), by_text.report());
            assert_eq!(
                serde_json::to_string(&a).unwrap(),
                serde_json::to_string(&b).unwrap(),
                "{text}"
            );
        }
    }
}
