//! Byte searches eight bytes at a time (SWAR: SIMD within a register). wasm32 builds have no
//! vector instructions by default, and these searches run over every byte of every string an
//! agent sends: string bodies are most of the bytes of a stream that carries data.

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// High bit set in each byte of `v` that is zero; exact for the lowest such byte (a borrow
/// only reaches higher bytes), which is the one the searches below want.
fn zero_bytes(v: u64) -> u64 {
    v.wrapping_sub(ONES) & !v & HIGHS
}

fn word(chunk: &[u8]) -> u64 {
    u64::from_le_bytes(chunk.try_into().expect("eight bytes"))
}

/// How many bytes of `rest` come before its first `"`, `\\` or control character (all of
/// them when it has none): the bytes a JSON string holds as they are. And whether they are
/// all ASCII (`false` may also mean a byte past them is not): a string that is needs no
/// search for bidi controls, and the words are loaded here anyway.
pub(crate) fn plain_run(rest: &[u8]) -> (usize, bool) {
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
/// where a run of a JSON string's plain bytes stops (bytes above it may be set too).
fn stops(x: u64) -> u64 {
    zero_bytes(x ^ (ONES * u64::from(b'"')))
        | zero_bytes(x ^ (ONES * u64::from(b'\\')))
        | (x.wrapping_sub(ONES * 0x20) & !x & HIGHS)
}

/// Whether no byte of the word `x` has its high bit set.
fn all_ascii(x: u64) -> bool {
    x & HIGHS == 0
}

/// [`plain_run`] from `*at`, its bytes copied onto `out` and `*at` moved past them; returns
/// whether they are all ASCII. Runs between a string's escapes are short (a few bytes in text
/// with many escapes), so each word is copied whole, eight bytes, and the copy cut back
/// where the run ends: a copy of a length known only at run time was a fifth of a fold of
/// such text.
pub(crate) fn copy_plain_run(bytes: &[u8], at: &mut usize, out: &mut Vec<u8>) -> bool {
    let mut high = 0;
    while let Some(chunk) = bytes.get(*at..*at + 8) {
        let x = word(chunk);
        let stops = stops(x);
        let len = out.len();
        out.extend_from_slice(chunk);
        if stops == 0 {
            high |= x;
            *at += 8;
            continue;
        }
        let run = stops.trailing_zeros() / 8;
        // The bytes before the first stop: `run` is at most 7, so the shift is in range.
        high |= x & ((1u64 << (run * 8)) - 1);
        out.truncate(len + run as usize);
        *at += run as usize;
        return all_ascii(high);
    }
    let (run, ascii) = plain_run(&bytes[*at..]);
    out.extend_from_slice(&bytes[*at..*at + run]);
    *at += run;
    ascii && all_ascii(high)
}

/// Where `bytes` first holds `a`.
pub(crate) fn find(bytes: &[u8], a: u8) -> Option<usize> {
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

/// Where `bytes` first holds a bidi control's two-byte lead ([`is_bidi_lead`]). Pairs are
/// tested eight at a time, so text in scripts whose letters start with 0xD8 (Arabic) or
/// punctuation that starts with 0xE2 but not 0xE2 0x80/0x81 (arrows, check marks) costs
/// no more than ASCII; a single-byte search stopped at every one of them.
pub(crate) fn find_bidi_lead(bytes: &[u8]) -> Option<usize> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_runs_stop_where_a_byte_by_byte_search_stops() {
        let naive = |b: &[u8]| {
            b.iter()
                .position(|&c| c == b'"' || c == b'\\' || c < 0x20)
                .unwrap_or(b.len())
        };
        // Every byte value at every place of a chunk and of the tail, alone and after a
        // byte that borrows (0x00) or that meets a test itself.
        for len in 0..20 {
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
                        // The copying form copies exactly that run, from anywhere.
                        for from in [0, at] {
                            let (mut to, mut out) = (from, b"x".to_vec());
                            let ascii = copy_plain_run(&b, &mut to, &mut out);
                            assert_eq!(to, from + naive(&b[from..]), "{b:?}");
                            assert_eq!(out[1..], b[from..to], "{b:?}");
                            assert!(!ascii || b[from..to].is_ascii(), "{b:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn find_stops_where_a_byte_by_byte_search_stops() {
        for len in 0..20 {
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
        let naive = |b: &[u8]| (0..b.len()).find(|&p| is_bidi_lead(b, p));
        let bytes = [
            0xE2, 0xD8, 0x80, 0x81, 0x9C, 0x00, 0x01, 0xE3, 0xD9, 0x7F, b'a',
        ];
        for len in 0..20 {
            for at in 0..len {
                for &first in &bytes {
                    for &second in &bytes {
                        for before in [b'a', 0x00, 0xE2, 0xD8] {
                            let mut b = vec![b'a'; len];
                            b[at] = first;
                            if at + 1 < len {
                                b[at + 1] = second;
                            }
                            if at > 0 {
                                b[at - 1] = before;
                            }
                            assert_eq!(find_bidi_lead(&b), naive(&b), "{b:?}");
                        }
                    }
                }
            }
        }
    }
}
