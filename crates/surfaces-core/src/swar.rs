//! Byte searches sixteen bytes at a time with WebAssembly SIMD where the build has it (our
//! wasm32 builds do: `.cargo/config.toml`), and eight at a time in a word elsewhere (SWAR:
//! SIMD within a register). These searches run over every byte of every string an agent
//! sends: string bodies are most of the bytes of a stream that carries data.

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// How many bytes of `rest` come before its first `"`, `\\` or control character (all of
/// them when it has none), never fewer: the bytes a JSON string holds as they are
/// (`json_scan`'s scanner refuses a string at any other stop, so stopping early would refuse
/// valid JSON, not only cost time). And whether they are all ASCII (`false` may also mean a
/// byte past them is not): a string that is needs no search for bidi controls, and the
/// bytes are loaded here anyway.
pub(crate) fn plain_run(rest: &[u8]) -> (usize, bool) {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return wide::plain_run(rest);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    plain_run_words(rest)
}

/// Appends `s` to `out`. Up to 64 bytes (most ids, keys, words, paths, labels and
/// addresses) are copied by a few loads and stores that overlap as the length needs: in
/// wasm32 a copy of a length known only at run time is a `memory.copy`, which V8 makes a
/// call out of the module to a C function, several times what such a copy costs (a tenth
/// of a fold of chat messages went to the copies of their keys and short strings onto the
/// tape).
#[inline(always)]
pub(crate) fn extend(out: &mut Vec<u8>, s: &[u8]) {
    let len = s.len();
    if len > 64 {
        out.extend_from_slice(s);
        return;
    }
    out.reserve(len);
    // SAFETY: `len` bytes are reserved past the vector's length, and written there before
    // the length covers them.
    unsafe {
        copy_short(s, out.as_mut_ptr().add(out.len()));
        out.set_len(out.len() + len);
    }
}

/// Copies `s` to `dst` as [`extend`] copies it.
///
/// # Safety
/// `s` is at most 64 bytes long (past that, the bytes between its first and last 32 would
/// be left unwritten), and `dst` is valid for `s.len()` bytes of writes, which overlap
/// none of `s`.
#[inline(always)]
pub(crate) unsafe fn copy_short(s: &[u8], dst: *mut u8) {
    let len = s.len();
    debug_assert!(len <= 64);
    let src = s.as_ptr();
    // Each load and store below lies within the `len` bytes at `src` and at `dst` (the
    // second of a pair ends where they do).
    macro_rules! pair {
        ($t:ty) => {{
            let w = std::mem::size_of::<$t>();
            let (a, b) = (
                src.cast::<$t>().read_unaligned(),
                src.add(len - w).cast::<$t>().read_unaligned(),
            );
            dst.cast::<$t>().write_unaligned(a);
            dst.add(len - w).cast::<$t>().write_unaligned(b);
        }};
    }
    match len {
        // 33 to 64 bytes: two pairs, the first and the last 32 bytes, overlapping as the
        // length needs.
        33.. => {
            pair!(u128);
            let (a, b) = (
                src.add(16).cast::<u128>().read_unaligned(),
                src.add(len - 32).cast::<u128>().read_unaligned(),
            );
            dst.add(16).cast::<u128>().write_unaligned(a);
            dst.add(len - 32).cast::<u128>().write_unaligned(b);
        }
        16.. => pair!(u128),
        8.. => pair!(u64),
        4.. => pair!(u32),
        1.. => {
            dst.write(*src);
            dst.add(len / 2).write(*src.add(len / 2));
            dst.add(len - 1).write(*src.add(len - 1));
        }
        0 => {}
    }
}

/// `s` as a `String` of its own, copied as [`extend`] copies.
#[inline]
pub(crate) fn owned(s: &str) -> String {
    let mut bytes = Vec::with_capacity(s.len());
    extend(&mut bytes, s.as_bytes());
    // SAFETY: the bytes of a `str`, copied whole.
    unsafe { String::from_utf8_unchecked(bytes) }
}

/// `s` appended to `out`, copied as [`extend`] copies (not `push_str`, a `memory.copy` in
/// wasm32).
#[inline(always)]
pub(crate) fn push_str(out: &mut String, s: &str) {
    // SAFETY: the bytes of a `str`, copied whole after those of a `String`: still UTF-8.
    extend(unsafe { out.as_mut_vec() }, s.as_bytes());
}

/// The places among the sixteen bytes of `b` that end a run of a string's plain bytes (a
/// `"`, a `\\` or a control), a bit each: bit `i` for `b[i]`.
#[inline(always)]
pub(crate) fn stops16(b: &[u8; 16]) -> u32 {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return u32::from(wide::stops(wide::block(b)));
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    (u32::from(stop_bits(word(&b[..8]))) | u32::from(stop_bits(word(&b[8..]))) << 8)
}

/// The bytes of `x` that end a run of a string's plain bytes, a bit each. Unlike [`stops`],
/// exact in every byte: no sum here carries out of its byte.
#[cfg(any(test, not(all(target_arch = "wasm32", target_feature = "simd128"))))]
fn stop_bits(x: u64) -> u8 {
    let lows = !HIGHS;
    let zero = |v: u64| !(((v & lows) + lows) | v) & HIGHS;
    let control = !(((x & lows) + ONES * 0x60) | x) & HIGHS;
    let hits = zero(x ^ (ONES * u64::from(b'"'))) | zero(x ^ (ONES * u64::from(b'\\'))) | control;
    // Each byte's high bit moved down to bit 0 of its byte, then all eight gathered into
    // the top byte by one multiplication, byte `i` to bit `i`.
    ((hits >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// Whether every byte of `s` is ASCII: sixteen at a time in wasm32, where `<[u8]>::is_ascii`
/// tests four.
pub(crate) fn is_ascii(s: &[u8]) -> bool {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return wide::is_ascii(s);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    s.is_ascii()
}

/// A place in `bytes` that holds a bidi control's two-byte lead ([`is_bidi_lead`]) and that
/// no control starts before: the first lead (word at a time) or the first control itself
/// (SIMD). Places are tested a block at a time, so text in scripts whose letters start with
/// 0xD8 (Arabic) or punctuation that starts with 0xE2 but not 0xE2 0x80/0x81 (arrows,
/// check marks) costs no more than ASCII; a single-byte search stopped at every one of them.
pub(crate) fn find_bidi_lead(bytes: &[u8]) -> Option<usize> {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return wide::find_bidi_lead(bytes);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    find_bidi_lead_words(bytes)
}

/// High bit set in each byte of `v` that is zero; exact for the lowest such byte (a borrow
/// only reaches higher bytes), which is the one the searches below want.
fn zero_bytes(v: u64) -> u64 {
    v.wrapping_sub(ONES) & !v & HIGHS
}

fn word(chunk: &[u8]) -> u64 {
    u64::from_le_bytes(chunk.try_into().expect("eight bytes"))
}

/// [`plain_run`] eight bytes at a time; also what a caller with only a few bytes left to
/// search asks (an unescaped string's last run): another call of [`plain_run`] there made
/// LLVM stop inlining it where every string is read (a fold of 5,000 small updates 5–10%
/// slower in `bench/ab.mjs`).
pub(crate) fn plain_run_words(rest: &[u8]) -> (usize, bool) {
    let mut chunks = rest.chunks_exact(8);
    let mut at = 0;
    let mut high = 0;
    for chunk in chunks.by_ref() {
        let x = word(chunk);
        high |= x;
        let hit = stops(x);
        if hit != 0 {
            return (at + (hit.trailing_zeros() / 8) as usize, high & HIGHS == 0);
        }
        at += 8;
    }
    let tail = chunks.remainder();
    let run = tail
        .iter()
        .position(|&c| c == b'"' || c == b'\\' || c < 0x20)
        .unwrap_or(tail.len());
    (at + run, high & HIGHS == 0 && tail[..run].is_ascii())
}

/// High bit set in the lowest byte of `x` that is a `"`, `\\` or control character, if any:
/// where a run of a JSON string's plain bytes stops (bytes above it may be set too). Fewer
/// operations than [`stop_bits`]' exact test, for the word-at-a-time search, which wasm32
/// runs too, on every string's last few bytes.
fn stops(x: u64) -> u64 {
    zero_bytes(x ^ (ONES * u64::from(b'"')))
        | zero_bytes(x ^ (ONES * u64::from(b'\\')))
        | (x.wrapping_sub(ONES * 0x20) & !x & HIGHS)
}

/// Whether `b` is JSON white space: a space, tab, line feed or carriage return.
#[inline(always)]
pub(crate) fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\t' | b'\r')
}

/// How many bytes at the start of `rest` are JSON white space ([`is_ws`]). Indented JSON (an
/// agent's `json.dumps(…, indent=2)`, a file a person wrote) has a run of them before nearly
/// every member and item: read a byte at a time, the 65 KB of indentation in the official
/// examples written with an indent of two took one instruction in twenty of their fold
/// natively (callgrind).
#[inline]
pub(crate) fn ws_run(rest: &[u8]) -> usize {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return wide::ws_run(rest);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    ws_run_words(rest)
}

/// [`ws_run`] eight bytes at a time; also what the SIMD search asks of the last few bytes.
fn ws_run_words(rest: &[u8]) -> usize {
    let mut chunks = rest.chunks_exact(8);
    let mut at = 0;
    for chunk in chunks.by_ref() {
        let other = !ws_bytes(word(chunk)) & HIGHS;
        if other != 0 {
            return at + (other.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    at + chunks.remainder().iter().take_while(|&&b| is_ws(b)).count()
}

/// High bit set in each byte of `x` that is JSON white space, exact in every byte (no sum
/// carries out of its byte), so the first byte that is not is found from it.
fn ws_bytes(x: u64) -> u64 {
    let lows = !HIGHS;
    let zero = |v: u64| !(((v & lows) + lows) | v) & HIGHS;
    zero(x ^ (ONES * u64::from(b' ')))
        | zero(x ^ (ONES * u64::from(b'\n')))
        | zero(x ^ (ONES * u64::from(b'\t')))
        | zero(x ^ (ONES * u64::from(b'\r')))
}

/// Whether no byte of the word `x` has its high bit set.
fn all_ascii(x: u64) -> bool {
    x & HIGHS == 0
}

/// Where `bytes` first holds `a`.
pub(crate) fn find(bytes: &[u8], a: u8) -> Option<usize> {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return wide::find(bytes, a);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    find_words(bytes, a)
}

/// [`find`] eight bytes at a time.
fn find_words(bytes: &[u8], a: u8) -> Option<usize> {
    let mut chunks = bytes.chunks_exact(8);
    let mut at = 0;
    for chunk in chunks.by_ref() {
        // Exact for the lowest byte, which is the first hit.
        let hit = zero_bytes(word(chunk) ^ (ONES * u64::from(a)));
        if hit != 0 {
            return Some(at + (hit.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|&c| c == a)
        .map(|p| at + p)
}

/// Whether `bytes[at..]` starts with one of the two-byte leads a bidirectional control's
/// UTF-8 has: 0xE2 0x80, 0xE2 0x81 (U+2000…U+207F) or 0xD8 0x9C (U+061C itself).
fn is_bidi_lead(bytes: &[u8], at: usize) -> bool {
    matches!(
        (bytes.get(at), bytes.get(at + 1)),
        (Some(0xE2), Some(0x80 | 0x81)) | (Some(0xD8), Some(0x9C))
    )
}

/// [`find_bidi_lead`] eight pairs at a time.
fn find_bidi_lead_words(bytes: &[u8]) -> Option<usize> {
    let mut at = 0;
    // Two words a byte apart: a pair at `at + k` is byte k of the first and of the second.
    while at + 9 <= bytes.len() {
        let x = word(&bytes[at..at + 8]);
        // Most words are ASCII, or have no lead byte (most scripts): one test passes them.
        if all_ascii(x) {
            at += 8;
            continue;
        }
        let eq = |v: u64, c: u8| zero_bytes(v ^ (ONES * u64::from(c)));
        let (e2, d8) = (eq(x, 0xE2), eq(x, 0xD8));
        if e2 | d8 == 0 {
            at += 8;
            continue;
        }
        let y = word(&bytes[at + 1..at + 9]);
        // `zero_bytes` misses no byte, but may flag one above a true hit: each flagged
        // place is tested exactly.
        // 0x80 and 0x81 differ in their low bit only: one test finds both.
        let mut hit = (e2 & eq(y & !ONES, 0x80)) | (d8 & eq(y, 0x9C));
        while hit != 0 {
            let p = at + (hit.trailing_zeros() / 8) as usize;
            if is_bidi_lead(bytes, p) {
                return Some(p);
            }
            hit &= hit - 1;
        }
        at += 8;
    }
    (at..bytes.len()).find(|&p| is_bidi_lead(bytes, p))
}

/// The searches sixteen bytes at a time. A block's lanes are compared exactly, so a hit needs
/// no second test. The tail shorter than a block goes to the word-at-a-time forms, but for
/// `find_bidi_lead`, which tests a last block that overlaps the one before (and only a
/// text shorter than a block and two bytes goes to its word-at-a-time form).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod wide {
    use core::arch::wasm32::{
        u64x2, u8x16_bitmask, u8x16_eq, u8x16_lt, u8x16_splat, u8x16_sub, v128, v128_and,
        v128_any_true, v128_or,
    };

    /// Sixteen bytes from the start of `b` as a vector; two word loads, so that no `unsafe`
    /// pointer load is needed (the engine joins them into one).
    pub(super) fn block(b: &[u8]) -> v128 {
        u64x2(super::word(&b[..8]), super::word(&b[8..16]))
    }

    /// The lanes of `x` that end a run of a string's plain bytes: `"`, `\\`, or a control.
    pub(super) fn stops(x: v128) -> u16 {
        let quote = u8x16_eq(x, u8x16_splat(b'"'));
        let backslash = u8x16_eq(x, u8x16_splat(b'\\'));
        let control = u8x16_lt(x, u8x16_splat(0x20));
        u8x16_bitmask(v128_or(v128_or(quote, backslash), control))
    }

    /// The lanes of `x` below `run` that are not ASCII, as bits; `run` is at most 15.
    fn high_below(x: v128, run: u32) -> u16 {
        u8x16_bitmask(x) & ((1u16 << run) - 1)
    }

    pub(super) fn plain_run(rest: &[u8]) -> (usize, bool) {
        let mut at = 0;
        let mut high = u8x16_splat(0);
        while let Some(b) = rest.get(at..at + 16) {
            let x = block(b);
            let hit = stops(x);
            if hit != 0 {
                let run = hit.trailing_zeros();
                let ascii = u8x16_bitmask(high) == 0 && high_below(x, run) == 0;
                return (at + run as usize, ascii);
            }
            high = v128_or(high, x);
            at += 16;
        }
        let (run, ascii) = super::plain_run_words(&rest[at..]);
        (at + run, ascii && u8x16_bitmask(high) == 0)
    }

    pub(super) fn ws_run(rest: &[u8]) -> usize {
        let mut at = 0;
        while let Some(b) = rest.get(at..at + 16) {
            let x = block(b);
            let ws = v128_or(
                v128_or(
                    u8x16_eq(x, u8x16_splat(b' ')),
                    u8x16_eq(x, u8x16_splat(b'\n')),
                ),
                v128_or(
                    u8x16_eq(x, u8x16_splat(b'\t')),
                    u8x16_eq(x, u8x16_splat(b'\r')),
                ),
            );
            let other = !u8x16_bitmask(ws);
            if other != 0 {
                return at + other.trailing_zeros() as usize;
            }
            at += 16;
        }
        at + super::ws_run_words(&rest[at..])
    }

    pub(super) fn is_ascii(s: &[u8]) -> bool {
        let mut chunks = s.chunks_exact(16);
        let mut high = u8x16_splat(0);
        for b in chunks.by_ref() {
            high = v128_or(high, block(b));
        }
        u8x16_bitmask(high) == 0 && chunks.remainder().is_ascii()
    }

    pub(super) fn find(bytes: &[u8], a: u8) -> Option<usize> {
        let mut at = 0;
        // Four blocks a round while no block holds it: one test of the four, where a test of
        // each was most of a search of a line of 100 KB for its end (every text given whole
        // is searched for a first newline, to tell JSON Lines from one array).
        let splat = u8x16_splat(a);
        while let Some(b) = bytes.get(at..at + 64) {
            let hits = v128_or(
                v128_or(u8x16_eq(block(b), splat), u8x16_eq(block(&b[16..]), splat)),
                v128_or(
                    u8x16_eq(block(&b[32..]), splat),
                    u8x16_eq(block(&b[48..]), splat),
                ),
            );
            if v128_any_true(hits) {
                break;
            }
            at += 64;
        }
        while let Some(b) = bytes.get(at..at + 16) {
            let hit = u8x16_bitmask(u8x16_eq(block(b), splat));
            if hit != 0 {
                return Some(at + hit.trailing_zeros() as usize);
            }
            at += 16;
        }
        super::find_words(&bytes[at..], a).map(|p| at + p)
    }

    pub(super) fn find_bidi_lead(bytes: &[u8]) -> Option<usize> {
        let mut at = 0;
        while let Some(b) = bytes.get(at..at + 18) {
            if let Some(p) = bidi_control_in(b) {
                return Some(at + p);
            }
            at += 16;
        }
        // The places left, in a last block that overlaps the one before: its places before
        // `at` were tested already, and started no control. Strings are short, so this tail
        // is a good part of each search, and byte by byte it was most of it. That block ends
        // at the third byte from the end; of the two places past it, only the one before the
        // last can start a control (U+061C, two bytes).
        let Some(last) = bytes.len().checked_sub(18) else {
            return super::find_bidi_lead_words(bytes);
        };
        bidi_control_in(&bytes[last..])
            .map(|p| last + p)
            .or_else(|| bytes.ends_with(&[0xD8, 0x9C]).then(|| bytes.len() - 2))
    }

    /// The first of the sixteen places from the start of `b` (at least 18 bytes) where a
    /// bidi control starts: place k is lane k of the blocks there, a byte on and two on.
    /// Exact, so that the punctuation that shares a control's lead (curly quotes, dashes,
    /// the ellipsis: 0xE2 0x80 too) never stops the search; stopping at each cost a tenth
    /// of a fold of text that has them.
    fn bidi_control_in(b: &[u8]) -> Option<usize> {
        let x = block(b);
        let (e2, d8) = (
            u8x16_eq(x, u8x16_splat(0xE2)),
            u8x16_eq(x, u8x16_splat(0xD8)),
        );
        if !v128_any_true(v128_or(e2, d8)) {
            return None;
        }
        let (y, z) = (block(&b[1..]), block(&b[2..]));
        let is = |v, c| u8x16_eq(v, u8x16_splat(c));
        // `v` in `from..from + n`, by one unsigned comparison.
        let within = |v, from, n| u8x16_lt(u8x16_sub(v, u8x16_splat(from)), u8x16_splat(n));
        // U+200E, U+200F: 0xE2 0x80 0x8E/0x8F; U+202A…U+202E: 0xE2 0x80 0xAA…0xAE.
        let after_80 = v128_or(within(z, 0x8E, 2), within(z, 0xAA, 5));
        // U+2066…U+2069: 0xE2 0x81 0xA6…0xA9.
        let after_81 = within(z, 0xA6, 4);
        let from_e2 = v128_or(
            v128_and(is(y, 0x80), after_80),
            v128_and(is(y, 0x81), after_81),
        );
        // U+061C: 0xD8 0x9C.
        let hit = v128_or(v128_and(e2, from_e2), v128_and(d8, is(y, 0x9C)));
        let hit = u8x16_bitmask(hit);
        (hit != 0).then(|| hit.trailing_zeros() as usize)
    }
}

/// The order of two byte strings of the same length, as `a.cmp(b)` gives it, read a word at
/// a time: `cmp` of two slices is a call to `memcmp` (in wasm32 a loop a byte at a time) for
/// each pair a sort, a search or a resent list compares. Two loads that overlap cover any
/// length from four to eight (or eight to sixteen): where the first words are equal, the
/// bytes the second words share with them are too, so the second words order the strings
/// by their first difference. Longer ones (a UUID is 36 bytes, and agents that name
/// components by UUID resend lists of them) go eight bytes at a time, the last word
/// overlapping the one before it in the same way (unless the length is a multiple of
/// eight): by `memcmp`, a chat log of such ids spent a seventh of its fold comparing the
/// Column's kept children.
#[inline]
pub(crate) fn cmp_same_len(a: &[u8], b: &[u8]) -> std::cmp::Ordering {
    debug_assert_eq!(a.len(), b.len());
    let n = a.len();
    let w4 = |s: &[u8], at: usize| u32::from_be_bytes(s[at..at + 4].try_into().expect("four"));
    let w8 = |s: &[u8], at: usize| u64::from_be_bytes(s[at..at + 8].try_into().expect("eight"));
    match n {
        0..=3 => {
            let short = |s: &[u8]| s.iter().fold(0u32, |w, &x| w << 8 | u32::from(x));
            short(a).cmp(&short(b))
        }
        4..=8 => (w4(a, 0), w4(a, n - 4)).cmp(&(w4(b, 0), w4(b, n - 4))),
        // The loop below would do for these too, but inlined into the sorts and searches
        // of ids it made the `.wasm` 9 KB larger than this pair of loads.
        9..=16 => (w8(a, 0), w8(a, n - 8)).cmp(&(w8(b, 0), w8(b, n - 8))),
        _ => {
            let mut at = 0;
            while at + 8 < n {
                let (x, y) = (w8(a, at), w8(b, at));
                if x != y {
                    return x.cmp(&y);
                }
                at += 8;
            }
            w8(a, n - 8).cmp(&w8(b, n - 8))
        }
    }
}

/// Whether two byte strings are equal: as [`cmp_same_len`] reads them, but words compared
/// as they are, with no byte order to put right, and short ones inlined where they are
/// asked (as a call to `cmp_same_len`, a twentieth of a fold of chat messages, whose keys
/// are compared with their sibling's).
#[inline]
pub(crate) fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    let w4 = |s: &[u8], at: usize| u32::from_le_bytes(s[at..at + 4].try_into().expect("four"));
    let w8 = |s: &[u8], at: usize| u64::from_le_bytes(s[at..at + 8].try_into().expect("eight"));
    match n {
        0 => true,
        1..=3 => a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1],
        4..=8 => (w4(a, 0) ^ w4(b, 0)) | (w4(a, n - 4) ^ w4(b, n - 4)) == 0,
        9..=16 => (w8(a, 0) ^ w8(b, 0)) | (w8(a, n - 8) ^ w8(b, n - 8)) == 0,
        // The last eight bytes first, in line: strings that share a prefix and end in a
        // number (keys such as `項目3の12名前`, compared pair by pair among an object's
        // first keys) differ there, and most such pairs end here without a call.
        _ => w8(a, n - 8) == w8(b, n - 8) && same_long(a, b),
    }
}

/// [`same_bytes`] of two strings of one length past sixteen bytes, out of line: words
/// compared as they are, the last overlapping the one before. Through `cmp_same_len`, each
/// word was put in byte order first (keys in Japanese, 18 bytes and more, are compared with
/// the other keys of their object).
#[inline(never)]
fn same_long(a: &[u8], b: &[u8]) -> bool {
    debug_assert!(a.len() == b.len() && a.len() > 16);
    let w8 = |s: &[u8], at: usize| u64::from_le_bytes(s[at..at + 8].try_into().expect("eight"));
    let n = a.len();
    let mut at = 0;
    while at + 8 < n {
        if w8(a, at) != w8(b, at) {
            return false;
        }
        at += 8;
    }
    w8(a, n - 8) == w8(b, n - 8)
}

/// Where two byte strings of the same length first differ, if they do, eight bytes at a
/// time: a list of ids resent with one more is compared with its last version whole, its
/// text at once (`catalog::Ids::common_prefix`).
pub(crate) fn first_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    debug_assert_eq!(a.len(), b.len());
    let (mut wa, mut wb) = (a.chunks_exact(8), b.chunks_exact(8));
    let mut at = 0;
    for (x, y) in (&mut wa).zip(&mut wb) {
        let x = u64::from_le_bytes(x.try_into().expect("eight"));
        let y = u64::from_le_bytes(y.try_into().expect("eight"));
        if x != y {
            // Little-endian: the lowest differing bit is in the first differing byte.
            return Some(at + ((x ^ y).trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    let tail = wa.remainder().iter().zip(wb.remainder());
    tail.enumerate()
        .find(|(_, (x, y))| x != y)
        .map(|(i, _)| at + i)
}

/// Where two byte strings of the same length last differ, if they do, eight bytes at a time
/// from their end: a list of ids resent with one more at its start is compared with its
/// last version whole (`catalog::Ids::common_suffix`).
pub(crate) fn last_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    debug_assert_eq!(a.len(), b.len());
    let (mut wa, mut wb) = (a.rchunks_exact(8), b.rchunks_exact(8));
    let mut end = a.len();
    for (x, y) in (&mut wa).zip(&mut wb) {
        let x = u64::from_le_bytes(x.try_into().expect("eight"));
        let y = u64::from_le_bytes(y.try_into().expect("eight"));
        end -= 8;
        if x != y {
            // Little-endian: the highest differing bit is in the last differing byte.
            return Some(end + 7 - ((x ^ y).leading_zeros() / 8) as usize);
        }
    }
    let head = wa.remainder().iter().zip(wb.remainder());
    head.enumerate()
        .rev()
        .find(|(_, (x, y))| x != y)
        .map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    /// Each length a copy goes a different way at (and past the longest), of bytes all
    /// different, onto a buffer that holds bytes already, with room and without.
    #[test]
    fn extend_copies_every_length_whole_and_nothing_more() {
        let text: Vec<u8> = (0..80u8).map(|i| b' ' + i).collect();
        for len in 0..=70 {
            for before in [0, 1, 7, 33] {
                for room in [0, 64] {
                    let mut out = Vec::with_capacity(before + room);
                    out.extend(std::iter::repeat_n(b'-', before));
                    let s = &text[len % 5..len % 5 + len];
                    extend(&mut out, s);
                    assert_eq!(&out[..before], &vec![b'-'; before][..]);
                    assert_eq!(&out[before..], s, "{len} after {before}");
                }
            }
            let s = std::str::from_utf8(&text[..len]).unwrap();
            assert_eq!(owned(s), s);
            let mut out = String::from("é-");
            push_str(&mut out, s);
            assert_eq!(out, format!("é-{s}"));
        }
    }

    /// Runs of every length in `LENGTHS`, of each white space byte and of them mixed, ended by
    /// each byte that is not one (the near misses among them: vertical tab, form feed, 0x1F,
    /// `!`, and the four with their high bit set) or by the text's end, and every prefix of
    /// such a text (so that a run reaches the end of a slice shorter than a block or a word):
    /// as long as a byte-at-a-time count says; and `json_scan::skip_ws` from every place of
    /// it as the byte-at-a-time skip it replaced.
    #[test]
    fn white_space_runs_are_counted_exactly() {
        let naive = |b: &[u8]| {
            b.iter()
                .take_while(|&&c| matches!(c, b' ' | b'\n' | b'\t' | b'\r'))
                .count()
        };
        let mut rng = crate::test_rng::Xorshift(0x0005_ace5);
        let ends: Vec<u8> = (0..=255u8).filter(|&b| !is_ws(b)).collect();
        for b in 0..=255u8 {
            assert_eq!(
                is_ws(b),
                matches!(b, b' ' | b'\n' | b'\t' | b'\r'),
                "{b:#x}"
            );
        }
        for &len in &LENGTHS {
            for end in ends.iter().copied().map(Some).chain([None]) {
                for mixed in [0, 1, 2, 3, 4] {
                    let mut text: Vec<u8> = (0..len)
                        .map(|_| match mixed {
                            0 => b' ',
                            1 => b'\n',
                            2 => b'\t',
                            3 => b'\r',
                            _ => [b' ', b'\n', b'\t', b'\r'][(rng.next() % 4) as usize],
                        })
                        .collect();
                    text.extend(end);
                    // Bytes past the end that would continue the run, had it not ended.
                    text.extend(std::iter::repeat_n(b' ', 20));
                    let counted = ws_run(&text);
                    assert_eq!(counted, naive(&text), "{len} bytes ({mixed}) then {end:?}");
                    assert_eq!(counted, if end.is_some() { len } else { len + 20 });
                    assert_eq!(ws_run_words(&text), counted);
                    if end.is_none() || mixed == 4 && end.is_some_and(|e| e < 0x20) {
                        for k in 0..=text.len() {
                            let rest = &text[..k];
                            assert_eq!(ws_run(rest), naive(rest), "{k} of {text:?}");
                            assert_eq!(ws_run_words(rest), naive(rest), "{k} of {text:?}");
                        }
                        for i in 0..=text.len() + 1 {
                            let skipped = i + text.get(i..).map_or(0, naive);
                            assert_eq!(
                                crate::json_scan::skip_ws(&text, i),
                                skipped,
                                "{i} of {text:?}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// Every length up to past one word, and lengths around one, two and three blocks of
    /// sixteen, so that each place is tried in a block, across a block's end and in a tail.
    const LENGTHS: [usize; 29] = [
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 23, 24, 25, 31, 32,
        33, 34, 47, 49,
    ];

    #[test]
    fn short_strings_order_as_slices_order() {
        let mut rng = crate::test_rng::Xorshift(0x1d5_c0de);
        // Two letters and the bytes at the ends of the range, so that equal runs are long
        // and a first difference falls at every place, in every word half.
        let alphabet = [b'a', b'b', 0x00, 0xff];
        // Past 16 bytes, every length up to five words, so that the difference falls in
        // each word and in the last one, which overlaps the one before unless the length is
        // a multiple of eight.
        for n in 0..=40 {
            for _ in 0..400 {
                let a: Vec<u8> = (0..n).map(|_| alphabet[rng.next() as usize % 4]).collect();
                let mut b = a.clone();
                for _ in 0..rng.next() % 3 {
                    if n > 0 {
                        b[rng.next() as usize % n] = alphabet[rng.next() as usize % 4];
                    }
                }
                assert_eq!(cmp_same_len(&a, &b), a.cmp(&b), "{a:?} {b:?}");
                assert_eq!(same_bytes(&a, &b), a == b, "{a:?} {b:?}");
            }
        }
        assert!(!same_bytes(b"ab", b"abc"));
    }

    #[test]
    fn first_and_last_differences_are_the_bytes_that_differ() {
        let mut rng = crate::test_rng::Xorshift(0xd1ff);
        for n in 0..=40 {
            for _ in 0..200 {
                let a: Vec<u8> = (0..n)
                    .map(|_| [b'a', 0x00, 0xff][rng.next() as usize % 3])
                    .collect();
                let mut b = a.clone();
                // Up to three bytes changed, so that the first and the last difference are
                // apart, in one word or in two.
                for _ in 0..rng.next() % 4 {
                    if n > 0 {
                        b[rng.next() as usize % n] ^= 1 << (rng.next() % 8);
                    }
                }
                let naive = a.iter().zip(&b).position(|(x, y)| x != y);
                assert_eq!(first_difference(&a, &b), naive, "{a:?} {b:?}");
                let naive = a.iter().zip(&b).rposition(|(x, y)| x != y);
                assert_eq!(last_difference(&a, &b), naive, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn plain_runs_stop_where_a_byte_by_byte_search_stops() {
        let naive = |b: &[u8]| {
            b.iter()
                .position(|&c| c == b'"' || c == b'\\' || c < 0x20)
                .unwrap_or(b.len())
        };
        // Every byte value at every place of a chunk and of the tail, alone and after a
        // byte that borrows (0x00) or that meets a test itself.
        for len in LENGTHS {
            for at in 0..len {
                for byte in 0..=255u8 {
                    for before in [b'a', 0x00, 0x1f, 0x21, 0x5d, 0x80, 0xff] {
                        let mut b = vec![b'a'; len];
                        b[at] = byte;
                        if at > 0 {
                            b[at - 1] = before;
                        }
                        let (run, ascii) = plain_run(&b);
                        assert_eq!(run, naive(&b), "{b:?}");
                        // Never all ASCII when one of them is not.
                        assert!(!ascii || b[..run].is_ascii(), "{b:?}");
                        assert_eq!(is_ascii(&b), b.is_ascii(), "{b:?}");
                    }
                }
            }
        }
    }

    /// Every stop of a block, not only its first, among bytes next to each edge of the tests
    /// (a borrow or a carry out of one byte would mark the next), in both forms.
    #[test]
    fn every_stop_of_a_block_is_found() {
        let values = [
            b'"', b'\\', 0x00, 0x1f, 0x20, 0x21, 0x23, 0x5b, 0x5d, 0x7f, 0x80, 0x9f, 0xa2, 0xdc,
            0xff, b'a',
        ];
        let mut rng = crate::test_rng::Xorshift(0x5705);
        for _ in 0..50_000 {
            let b: [u8; 16] = std::array::from_fn(|_| values[rng.next() as usize % values.len()]);
            let naive = (0..16)
                .filter(|&i| b[i] == b'"' || b[i] == b'\\' || b[i] < 0x20)
                .fold(0u32, |m, i| m | 1 << i);
            assert_eq!(stops16(&b), naive, "{b:?}");
            let words =
                u32::from(stop_bits(word(&b[..8]))) | u32::from(stop_bits(word(&b[8..]))) << 8;
            assert_eq!(words, naive, "{b:?}");
        }
    }

    #[test]
    fn find_stops_where_a_byte_by_byte_search_stops() {
        // And lengths about one and two rounds of four blocks.
        for len in LENGTHS.into_iter().chain([63, 64, 65, 80, 127, 128, 130]) {
            for at in 0..len {
                for byte in 0..=255u8 {
                    for second in [None, Some(at + 1), Some(len - 1)] {
                        let mut b = vec![b'a'; len];
                        b[at] = byte;
                        if let Some(i) = second.filter(|&i| i < len) {
                            b[i] = b'\n';
                        }
                        let want = b.iter().position(|&c| c == b'\n');
                        assert_eq!(find(&b, b'\n'), want, "{b:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn bidi_leads_are_found_where_a_byte_by_byte_search_finds_them() {
        let lead = |b: &[u8]| (0..b.len()).find(|&p| is_bidi_lead(b, p));
        let control = |b: &[u8]| {
            (0..b.len()).find(|&p| {
                std::str::from_utf8(&b[p..b.len().min(p + 3)])
                    .ok()
                    .or_else(|| std::str::from_utf8(&b[p..b.len().min(p + 2)]).ok())
                    .and_then(|s| s.chars().next())
                    .is_some_and(crate::text::is_bidi_control)
            })
        };
        let bytes = [
            0xE2, 0xD8, 0x80, 0x81, 0x9C, 0x00, 0x01, 0xE3, 0xD9, 0x7F, b'a',
        ];
        // Third bytes at each edge of the controls' ranges, and past them.
        let thirds = [0x8D, 0x8E, 0x8F, 0xA9, 0xAA, 0xAE, 0xAF, 0xA5, 0xA6];
        for len in LENGTHS {
            for at in 0..len {
                for &first in &bytes {
                    for &second in &bytes {
                        // Third bytes matter to a control starting at `at`, so they go with
                        // a plain byte before it.
                        for (before, third) in [b'a', 0x00, 0xE2, 0xD8]
                            .into_iter()
                            .map(|b| (b, b'a'))
                            .chain(thirds.map(|t| (b'a', t)))
                        {
                            let mut b = vec![b'a'; len];
                            b[at] = first;
                            if at + 1 < len {
                                b[at + 1] = second;
                            }
                            if at + 2 < len {
                                b[at + 2] = third;
                            }
                            if at > 0 {
                                b[at - 1] = before;
                            }
                            let found = find_bidi_lead(&b);
                            let (first_lead, first_control) = (lead(&b), control(&b));
                            // A lead, at or past the first, and never past the first control.
                            match found {
                                Some(p) => assert!(
                                    is_bidi_lead(&b, p)
                                        && first_lead <= Some(p)
                                        && first_control.is_none_or(|c| p <= c),
                                    "{b:?}"
                                ),
                                None => assert_eq!(first_control, None, "{b:?}"),
                            }
                            // The word-at-a-time form stops at each lead; SIMD at controls
                            // only, in text of at least a block and two bytes.
                            let simd =
                                cfg!(all(target_arch = "wasm32", target_feature = "simd128"));
                            let want = if simd && len >= 18 {
                                first_control
                            } else {
                                first_lead
                            };
                            assert_eq!(found, want, "{b:?}");
                        }
                    }
                }
            }
        }
    }
}
