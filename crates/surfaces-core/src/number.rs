//! Decimal text read as an `f64`, exactly as `str::parse::<f64>` reads it, by serde_json's
//! float reader (which `float_roundtrip` makes exact, and every build already carries).
//!
//! Why not `str::parse`: it brings core's own exact float reader and its 10 KB table of
//! powers of five into wasm32 builds, a second copy of what serde_json does. Both round
//! correctly, so on text both accept they give the same bits; this module only rewrites
//! Rust's float syntax into JSON's (tests hold the two equal). One difference, on purpose:
//! past about 655,000 characters `str::parse` stops reading an exponent exactly (so
//! `1` and 700,000 zeros then `e-700000` is infinite there), where this reads the true value,
//! as serde_json and `JSON.parse` do; the JSON scan and the parser so agree on it.

/// What `s.parse::<f64>().ok()` gives (see above for texts of over 655,000 characters): an
/// optional sign, then `inf`, `infinity` or `nan` in any case, or digits with an optional
/// point and exponent (`1`, `.5`, `5.`, `1e9`, `+2E-3`); no spaces. Past `f64::MAX` it is an
/// infinity, as there. Linear in the length of `s`.
pub fn parse_f64(s: &str) -> Option<f64> {
    let (negative, body) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let signed = |x: f64| if negative { -x } else { x };
    if body.eq_ignore_ascii_case("inf") || body.eq_ignore_ascii_case("infinity") {
        return Some(signed(f64::INFINITY));
    }
    if body.eq_ignore_ascii_case("nan") {
        return Some(signed(f64::NAN));
    }
    let b = body.as_bytes();
    let digits = |from: usize| from + b[from..].iter().take_while(|c| c.is_ascii_digit()).count();
    let int_end = digits(0);
    let (frac_start, frac_end) = match b.get(int_end) {
        Some(b'.') => (int_end + 1, digits(int_end + 1)),
        _ => (int_end, int_end),
    };
    if int_end == 0 && frac_end == frac_start {
        return None;
    }
    let mut exp_end = frac_end;
    if matches!(b.get(frac_end), Some(b'e' | b'E')) {
        let sign = usize::from(matches!(b.get(frac_end + 1), Some(b'+' | b'-')));
        exp_end = digits(frac_end + 1 + sign);
        if exp_end == frac_end + 1 + sign {
            return None;
        }
    }
    if exp_end != b.len() {
        return None;
    }
    // JSON's form: no leading zeros and at least one integer digit, no bare point. Text
    // already in it (any JSON number, so every one the scan reads) is read as it is.
    let json_form = !s.starts_with('+')
        && int_end > 0
        && (b[0] != b'0' || int_end == 1)
        && (frac_end > frac_start || frac_start == int_end);
    let json = if json_form {
        std::borrow::Cow::Borrowed(s)
    } else {
        let int = body[..int_end].trim_start_matches('0');
        let mut json = String::with_capacity(body.len() + 3);
        if negative {
            json.push('-');
        }
        json.push_str(if int.is_empty() { "0" } else { int });
        if frac_end > frac_start {
            json.push_str(&body[int_end..frac_end]);
        }
        json.push_str(&body[frac_end..exp_end]);
        std::borrow::Cow::Owned(json)
    };
    match serde_json::from_str::<serde_json::Value>(&json) {
        Ok(v) => v.as_f64(),
        // The text is a JSON number, so the only refusal left is a magnitude past f64::MAX.
        Err(_) => Some(signed(f64::INFINITY)),
    }
}

/// `w × 10^q` as the nearest float, as `str::parse::<f64>` reads that decimal, for the
/// decimals agents mostly send (up to 19 digits, a power of ten from 10^-64 to 10^40); `None`
/// for the rest, and for the rare ones this cannot decide, which a caller reads in full.
///
/// Clinger's fast path where it is exact (`w` up to 2^53, a power of ten up to 22: one
/// rounding), else Eisel and Lemire's (the algorithm core's reader uses first) with 105 of its
/// 651 powers of five: the whole table is what makes `str::parse` 10 KB gzipped in wasm (see
/// above), and computed floats (16 or 17 digits) need the rest of it only when tiny or huge.
// Its one caller outside tests, the hand reader's `number`, reads a series of computed
// floats 8% faster with it inlined (chart series 4.6 against 5.0 ms in `bench/ab.mjs`),
// which LLVM stopped doing as that reader grew.
#[inline(always)]
pub(crate) fn decimal_f64(w: u64, q: i32) -> Option<f64> {
    if w == 0 {
        return Some(0.0);
    }
    if w <= 1 << 53 && (-22..=22).contains(&q) {
        let scale = POWERS_OF_TEN[q.unsigned_abs() as usize];
        return Some(if q < 0 {
            w as f64 / scale
        } else {
            w as f64 * scale
        });
    }
    if !(Q_MIN..=Q_MAX).contains(&q) {
        return None;
    }
    let lz = w.leading_zeros();
    let w = w << lz;
    let (hi5, lo5) = POWERS_OF_FIVE[(q - Q_MIN) as usize];
    let product = |a: u64, b: u64| {
        let p = u128::from(a) * u128::from(b);
        (p as u64, (p >> 64) as u64)
    };
    let (mut lo, mut hi) = product(w, hi5);
    // 52 bits of mantissa and 3 to round with: when the bits below them are all ones, the
    // truncated power may have cut a carry, so its low half is added.
    const MASK: u64 = u64::MAX >> 55;
    if hi & MASK == MASK {
        let (_, carry) = product(w, lo5);
        lo = lo.wrapping_add(carry);
        if carry > lo {
            hi += 1;
        }
    }
    // As core's reader has it; for a `w` that is the whole decimal (never truncated, as
    // here) Mushtak and Lemire showed it cannot happen, so it only ever costs a comparison.
    if lo == u64::MAX && !(-27..=55).contains(&q) {
        return None;
    }
    let upper = (hi >> 63) as i32;
    let mut mantissa = hi >> (upper + 9);
    let mut power2 = ((q.wrapping_mul(152_170 + 65_536) >> 16) + 63) + upper - lz as i32 + 1023;
    if power2 <= 0 {
        // Subnormal: out of this range anyway.
        return None;
    }
    // Exactly halfway between two floats: to the even one.
    if lo <= 1 && (-4..=23).contains(&q) && mantissa & 3 == 1 && (mantissa << (upper + 9)) == hi {
        mantissa &= !1;
    }
    mantissa += mantissa & 1;
    mantissa >>= 1;
    if mantissa >= 2 << 52 {
        mantissa = 1 << 52;
        power2 += 1;
    }
    mantissa &= !(1 << 52);
    if power2 >= 0x7FF {
        return None;
    }
    Some(f64::from_bits(mantissa | (power2 as u64) << 52))
}

/// How many ASCII decimal digits `bytes` starts with, eight tested at a time.
pub(crate) fn digit_run(bytes: &[u8]) -> usize {
    let mut at = 0;
    while let Some(chunk) = bytes.get(at..at + 8) {
        let flags = not_digits(
            u64::from_le_bytes(chunk.try_into().expect("eight bytes")) ^ 0x3030_3030_3030_3030,
        );
        if flags != 0 {
            return at + (flags.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    at + bytes[at..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count()
}

/// The digits `bytes` starts with, up to seven, and their value, found in one eight-byte
/// word; `None` when fewer than eight bytes are left, or the eight are all digits (the
/// caller reads on a digit at a time).
pub(crate) fn short_digits(bytes: &[u8]) -> Option<(usize, u64)> {
    let word = u64::from_le_bytes(bytes.get(..8)?.try_into().expect("eight bytes"));
    let values = word ^ 0x3030_3030_3030_3030;
    let len = (not_digits(values).trailing_zeros() / 8) as usize;
    if len == 8 || len == 0 {
        return None;
    }
    // The digits moved to the top of the word: the bytes below are zeros, leading ones.
    let shift = 8 * (8 - len) as u32;
    Some((len, eight_values(values << shift)))
}

/// The digits from `*at` on taken into `w` (appended to its decimal digits), and `*at` moved
/// past them; `None` when `w` would pass 19 digits, before it can overflow. Zeros before
/// its first other digit leave it 0, so they are not counted (`0.000123`: three digits).
///
/// Eight bytes are tested at a time while eight are left, and a word of eight digits is
/// added without finding where its run ends: a computed float's 16 or 17 digits are two
/// such words and a part of one. Finding each word's run and its leading zeros first took
/// about 60 instructions a word, the most of the 320 a computed float cost to read.
#[inline(always)]
pub(crate) fn take_digits(bytes: &[u8], at: &mut usize, w: &mut u64) -> Option<()> {
    while let Some(chunk) = bytes.get(*at..*at + 8) {
        let values =
            u64::from_le_bytes(chunk.try_into().expect("eight bytes")) ^ 0x3030_3030_3030_3030;
        let flags = not_digits(values);
        if flags == 0 {
            if *w >= BELOW[8] {
                return None;
            }
            *w = *w * 100_000_000 + eight_values(values);
            *at += 8;
            continue;
        }
        let len = (flags.trailing_zeros() / 8) as usize;
        if len > 0 {
            if *w >= BELOW[len] {
                return None;
            }
            // The digits moved to the top of the word: the bytes below are zeros, leading ones.
            *w = *w * TENS[len] + eight_values(values << (8 * (8 - len)));
            *at += len;
        }
        return Some(());
    }
    while let Some(&d @ b'0'..=b'9') = bytes.get(*at) {
        if *w >= BELOW[1] {
            return None;
        }
        *w = *w * 10 + u64::from(d - b'0');
        *at += 1;
    }
    Some(())
}

/// The bytes of a word that are no ASCII digit, flagged in their high nibbles, given the
/// word less `0` in each byte (`values`): a digit's byte less `0` is 0 to 9, whose high
/// nibble stays 0 with 6 added; any other byte shows a high nibble in one or the other. A
/// byte past the first flagged one may be flagged wrongly (a carry from it), never one
/// before it: so the flags are exact up to the first byte that is no digit, and all eight
/// are digits exactly when none is flagged.
#[inline(always)]
fn not_digits(values: u64) -> u64 {
    (values | values.wrapping_add(0x0606_0606_0606_0606)) & 0xF0F0_F0F0_F0F0_F0F0
}

/// 10^n, for n digits taken at once.
const TENS: [u64; 9] = [
    1,
    10,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
];

/// 10^(19 - n): a value at or past it has more than 19 - n digits, so n more would pass 19.
const BELOW: [u64; 9] = [
    10_000_000_000_000_000_000,
    1_000_000_000_000_000_000,
    100_000_000_000_000_000,
    10_000_000_000_000_000,
    1_000_000_000_000_000,
    100_000_000_000_000,
    10_000_000_000_000,
    1_000_000_000_000,
    100_000_000_000,
];

/// The value of eight digit values (0 to 9 each, the first in the lowest byte of a
/// little-endian word): pairs, then fours, then the eight, by three multiplications (the
/// method of Lemire's fast_float).
#[inline(always)]
fn eight_values(v: u64) -> u64 {
    const MASK: u64 = 0x0000_00FF_0000_00FF;
    const MUL1: u64 = 100 + (1_000_000 << 32);
    const MUL2: u64 = 1 + (10_000 << 32);
    let v = v.wrapping_mul(10).wrapping_add(v >> 8);
    let v1 = (v & MASK).wrapping_mul(MUL1);
    let v2 = ((v >> 16) & MASK).wrapping_mul(MUL2);
    u64::from((v1.wrapping_add(v2) >> 32) as u32)
}

/// The powers of ten a float holds exactly.
const POWERS_OF_TEN: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

const Q_MIN: i32 = -64;
const Q_MAX: i32 = 40;

/// 5^q for `Q_MIN..=Q_MAX`, as 128 bits with the top one set (high word, low word): for
/// q >= 0, 5^q shifted up (exact up to 5^55); for q < 0, 2^b / 5^-q plus one, with b large
/// enough for 128 bits (2z + 128 below 5^-27, z + 127 from there, z the bits of 5^-q), cut
/// to 128 bits: the entries of the table Eisel and Lemire's algorithm is published with
/// (and core's reader carries), computed with Python's integers.
const POWERS_OF_FIVE: [(u64, u64); 105] = [
    (0xa87fea27a539e9a5, 0x3f2398d747b36224), // 5^-64
    (0xd29fe4b18e88640e, 0x8eec7f0d19a03aad), // 5^-63
    (0x83a3eeeef9153e89, 0x1953cf68300424ac), // 5^-62
    (0xa48ceaaab75a8e2b, 0x5fa8c3423c052dd7), // 5^-61
    (0xcdb02555653131b6, 0x3792f412cb06794d), // 5^-60
    (0x808e17555f3ebf11, 0xe2bbd88bbee40bd0), // 5^-59
    (0xa0b19d2ab70e6ed6, 0x5b6aceaeae9d0ec4), // 5^-58
    (0xc8de047564d20a8b, 0xf245825a5a445275), // 5^-57
    (0xfb158592be068d2e, 0xeed6e2f0f0d56712), // 5^-56
    (0x9ced737bb6c4183d, 0x55464dd69685606b), // 5^-55
    (0xc428d05aa4751e4c, 0xaa97e14c3c26b886), // 5^-54
    (0xf53304714d9265df, 0xd53dd99f4b3066a8), // 5^-53
    (0x993fe2c6d07b7fab, 0xe546a8038efe4029), // 5^-52
    (0xbf8fdb78849a5f96, 0xde98520472bdd033), // 5^-51
    (0xef73d256a5c0f77c, 0x963e66858f6d4440), // 5^-50
    (0x95a8637627989aad, 0xdde7001379a44aa8), // 5^-49
    (0xbb127c53b17ec159, 0x5560c018580d5d52), // 5^-48
    (0xe9d71b689dde71af, 0xaab8f01e6e10b4a6), // 5^-47
    (0x9226712162ab070d, 0xcab3961304ca70e8), // 5^-46
    (0xb6b00d69bb55c8d1, 0x3d607b97c5fd0d22), // 5^-45
    (0xe45c10c42a2b3b05, 0x8cb89a7db77c506a), // 5^-44
    (0x8eb98a7a9a5b04e3, 0x77f3608e92adb242), // 5^-43
    (0xb267ed1940f1c61c, 0x55f038b237591ed3), // 5^-42
    (0xdf01e85f912e37a3, 0x6b6c46dec52f6688), // 5^-41
    (0x8b61313bbabce2c6, 0x2323ac4b3b3da015), // 5^-40
    (0xae397d8aa96c1b77, 0xabec975e0a0d081a), // 5^-39
    (0xd9c7dced53c72255, 0x96e7bd358c904a21), // 5^-38
    (0x881cea14545c7575, 0x7e50d64177da2e54), // 5^-37
    (0xaa242499697392d2, 0xdde50bd1d5d0b9e9), // 5^-36
    (0xd4ad2dbfc3d07787, 0x955e4ec64b44e864), // 5^-35
    (0x84ec3c97da624ab4, 0xbd5af13bef0b113e), // 5^-34
    (0xa6274bbdd0fadd61, 0xecb1ad8aeacdd58e), // 5^-33
    (0xcfb11ead453994ba, 0x67de18eda5814af2), // 5^-32
    (0x81ceb32c4b43fcf4, 0x80eacf948770ced7), // 5^-31
    (0xa2425ff75e14fc31, 0xa1258379a94d028d), // 5^-30
    (0xcad2f7f5359a3b3e, 0x096ee45813a04330), // 5^-29
    (0xfd87b5f28300ca0d, 0x8bca9d6e188853fc), // 5^-28
    (0x9e74d1b791e07e48, 0x775ea264cf55347e), // 5^-27
    (0xc612062576589dda, 0x95364afe032a819e), // 5^-26
    (0xf79687aed3eec551, 0x3a83ddbd83f52205), // 5^-25
    (0x9abe14cd44753b52, 0xc4926a9672793543), // 5^-24
    (0xc16d9a0095928a27, 0x75b7053c0f178294), // 5^-23
    (0xf1c90080baf72cb1, 0x5324c68b12dd6339), // 5^-22
    (0x971da05074da7bee, 0xd3f6fc16ebca5e04), // 5^-21
    (0xbce5086492111aea, 0x88f4bb1ca6bcf585), // 5^-20
    (0xec1e4a7db69561a5, 0x2b31e9e3d06c32e6), // 5^-19
    (0x9392ee8e921d5d07, 0x3aff322e62439fd0), // 5^-18
    (0xb877aa3236a4b449, 0x09befeb9fad487c3), // 5^-17
    (0xe69594bec44de15b, 0x4c2ebe687989a9b4), // 5^-16
    (0x901d7cf73ab0acd9, 0x0f9d37014bf60a11), // 5^-15
    (0xb424dc35095cd80f, 0x538484c19ef38c95), // 5^-14
    (0xe12e13424bb40e13, 0x2865a5f206b06fba), // 5^-13
    (0x8cbccc096f5088cb, 0xf93f87b7442e45d4), // 5^-12
    (0xafebff0bcb24aafe, 0xf78f69a51539d749), // 5^-11
    (0xdbe6fecebdedd5be, 0xb573440e5a884d1c), // 5^-10
    (0x89705f4136b4a597, 0x31680a88f8953031), // 5^-9
    (0xabcc77118461cefc, 0xfdc20d2b36ba7c3e), // 5^-8
    (0xd6bf94d5e57a42bc, 0x3d32907604691b4d), // 5^-7
    (0x8637bd05af6c69b5, 0xa63f9a49c2c1b110), // 5^-6
    (0xa7c5ac471b478423, 0x0fcf80dc33721d54), // 5^-5
    (0xd1b71758e219652b, 0xd3c36113404ea4a9), // 5^-4
    (0x83126e978d4fdf3b, 0x645a1cac083126ea), // 5^-3
    (0xa3d70a3d70a3d70a, 0x3d70a3d70a3d70a4), // 5^-2
    (0xcccccccccccccccc, 0xcccccccccccccccd), // 5^-1
    (0x8000000000000000, 0x0000000000000000), // 5^0
    (0xa000000000000000, 0x0000000000000000), // 5^1
    (0xc800000000000000, 0x0000000000000000), // 5^2
    (0xfa00000000000000, 0x0000000000000000), // 5^3
    (0x9c40000000000000, 0x0000000000000000), // 5^4
    (0xc350000000000000, 0x0000000000000000), // 5^5
    (0xf424000000000000, 0x0000000000000000), // 5^6
    (0x9896800000000000, 0x0000000000000000), // 5^7
    (0xbebc200000000000, 0x0000000000000000), // 5^8
    (0xee6b280000000000, 0x0000000000000000), // 5^9
    (0x9502f90000000000, 0x0000000000000000), // 5^10
    (0xba43b74000000000, 0x0000000000000000), // 5^11
    (0xe8d4a51000000000, 0x0000000000000000), // 5^12
    (0x9184e72a00000000, 0x0000000000000000), // 5^13
    (0xb5e620f480000000, 0x0000000000000000), // 5^14
    (0xe35fa931a0000000, 0x0000000000000000), // 5^15
    (0x8e1bc9bf04000000, 0x0000000000000000), // 5^16
    (0xb1a2bc2ec5000000, 0x0000000000000000), // 5^17
    (0xde0b6b3a76400000, 0x0000000000000000), // 5^18
    (0x8ac7230489e80000, 0x0000000000000000), // 5^19
    (0xad78ebc5ac620000, 0x0000000000000000), // 5^20
    (0xd8d726b7177a8000, 0x0000000000000000), // 5^21
    (0x878678326eac9000, 0x0000000000000000), // 5^22
    (0xa968163f0a57b400, 0x0000000000000000), // 5^23
    (0xd3c21bcecceda100, 0x0000000000000000), // 5^24
    (0x84595161401484a0, 0x0000000000000000), // 5^25
    (0xa56fa5b99019a5c8, 0x0000000000000000), // 5^26
    (0xcecb8f27f4200f3a, 0x0000000000000000), // 5^27
    (0x813f3978f8940984, 0x4000000000000000), // 5^28
    (0xa18f07d736b90be5, 0x5000000000000000), // 5^29
    (0xc9f2c9cd04674ede, 0xa400000000000000), // 5^30
    (0xfc6f7c4045812296, 0x4d00000000000000), // 5^31
    (0x9dc5ada82b70b59d, 0xf020000000000000), // 5^32
    (0xc5371912364ce305, 0x6c28000000000000), // 5^33
    (0xf684df56c3e01bc6, 0xc732000000000000), // 5^34
    (0x9a130b963a6c115c, 0x3c7f400000000000), // 5^35
    (0xc097ce7bc90715b3, 0x4b9f100000000000), // 5^36
    (0xf0bdc21abb48db20, 0x1e86d40000000000), // 5^37
    (0x96769950b50d88f4, 0x1314448000000000), // 5^38
    (0xbc143fa4e250eb31, 0x17d955a000000000), // 5^39
    (0xeb194f8e1ae525fd, 0x5dcfab0800000000), // 5^40
];

#[cfg(test)]
mod tests {
    use super::{digit_run, parse_f64, short_digits, take_digits};

    /// The value of ASCII digits, one by one.
    fn decimal(digits: &[u8]) -> u64 {
        digits.iter().fold(0, |n, &d| n * 10 + u64::from(d - b'0'))
    }

    /// Every run of up to eight digits, followed by every byte, in every place of a word:
    /// the digits found and their value are those read one by one.
    #[test]
    fn short_digits_are_read_as_one_by_one() {
        let mut rng = crate::test_rng::Xorshift(0x2545_F491_4F6C_DD1D);
        for len in 0..=8 {
            for after in 0..=255u8 {
                for _ in 0..20 {
                    let x = rng.next();
                    let mut text: Vec<u8> =
                        (0..len).map(|i| b'0' + (x >> (4 * i)) as u8 % 10).collect();
                    text.push(after);
                    // Bytes past the word's first non-digit: anything.
                    text.extend((0..8).map(|i| (x >> (8 * i)) as u8));
                    let run = text.iter().take_while(|b| b.is_ascii_digit()).count();
                    let expected = (1..8).contains(&run).then(|| (run, decimal(&text[..run])));
                    assert_eq!(short_digits(&text), expected, "{text:?}");
                    // Fewer than eight bytes: never read.
                    assert_eq!(short_digits(&text[..7]), None);
                }
            }
        }
    }

    /// Runs of up to 30 digits, with up to all of them zeros first, after a value of up to
    /// 19 digits, followed by every byte and cut at four lengths (so that fewer than eight
    /// bytes are left): taken as one by one, and refused exactly when the value would pass
    /// 19 digits, its leading zeros aside. Then each bound itself: a value of 10^k and one of
    /// 10^k - 1, followed by one to nine digits.
    #[test]
    fn digits_are_taken_as_one_by_one() {
        let mut rng = crate::test_rng::Xorshift(0x0dd_d161);
        let digits_of = |w: u64| if w == 0 { 0 } else { w.ilog10() as usize + 1 };
        let check = |start: u64, text: &[u8]| {
            let run = text.iter().take_while(|b| b.is_ascii_digit()).count();
            let lead = if start == 0 {
                text[..run].iter().take_while(|&&b| b == b'0').count()
            } else {
                0
            };
            let want = (digits_of(start) + run - lead <= 19).then(|| {
                let value = text[..run]
                    .iter()
                    .fold(start, |n, &d| n * 10 + u64::from(d - b'0'));
                (run, value)
            });
            let (mut at, mut w) = (0, start);
            let got = take_digits(text, &mut at, &mut w).map(|()| (at, w));
            assert_eq!(got, want, "{start} {text:?}");
            want.is_none()
        };
        let mut refused = 0;
        for k in 9..=18 {
            for start in [10u64.pow(k), 10u64.pow(k) - 1] {
                for n in 1..=9 {
                    for digit in [b'0', b'9'] {
                        let mut text = vec![digit; n];
                        text.push(b',');
                        // Read by words, then a byte at a time.
                        check(start, &[&text[..], b"]}]}]}]}"].concat());
                        refused += usize::from(check(start, &text));
                    }
                }
            }
        }
        assert!(refused > 100, "{refused}");
        for len in 0..=30 {
            for zeros in 0..=len {
                for after in 0..=255u8 {
                    let x = rng.next();
                    let mut text: Vec<u8> = (0..len)
                        .map(|i| {
                            if i < zeros {
                                b'0'
                            } else {
                                b'0' + (x.rotate_left(7 * i as u32) as u8 ^ i as u8) % 10
                            }
                        })
                        .collect();
                    text.push(after);
                    text.extend((0..8).map(|i| (x >> (8 * i)) as u8));
                    let start = match x % 4 {
                        0 => 0,
                        1 => x >> 8 & 0xFF,
                        2 => x >> 8 & 0xFFFF_FFFF,
                        _ => (x >> 4) % 10_000_000_000_000_000_000,
                    };
                    for cut in [text.len(), len + 1, len, len.saturating_sub(3)] {
                        refused += usize::from(check(start, &text[..cut]));
                    }
                }
            }
        }
        assert!(refused > 10_100, "{refused}");
    }

    #[test]
    fn digit_runs_end_where_a_byte_by_byte_search_ends() {
        let mut rng = crate::test_rng::Xorshift(0x9E37_79B9_7F4A_7C15);
        for len in 0..=19 {
            for _ in 0..2_000 {
                let x = rng.next();
                let text: Vec<u8> = (0..len)
                    .map(|i| b'0' + ((x >> (i % 16 * 4)) as u8 ^ i as u8) % 10)
                    .collect();
                // A run ends at the first byte that is no digit, at each place.
                for stop in 0..=len {
                    let mut t = text.clone();
                    if stop < len {
                        t[stop] = [b'.', b'e', b'/', b':', b' ', 0xB0, b'-'][x as usize % 7];
                    }
                    assert_eq!(digit_run(&t), stop, "{t:?}");
                }
            }
        }
        assert_eq!(digit_run(b"0123456789012345678901234x"), 25);
        // Every byte beside the digits, in every lane of a word.
        for lane in 0..8 {
            for b in 0..=255u8 {
                let mut t = *b"00000000";
                t[lane] = b;
                let want = if b.is_ascii_digit() { 8 } else { lane };
                assert_eq!(digit_run(&t), want, "{t:?}");
            }
        }
    }

    fn same(s: &str) {
        let want = s.parse::<f64>().ok();
        let got = parse_f64(s);
        let agree = match (want, got) {
            (Some(a), Some(b)) => {
                a.to_bits() == b.to_bits()
                    || (a.is_nan() && b.is_nan() && a.is_sign_negative() == b.is_sign_negative())
            }
            (None, None) => true,
            _ => false,
        };
        assert!(agree, "{s:?}: str::parse gives {want:?}, parse_f64 {got:?}");
    }

    #[test]
    fn reads_what_str_parse_reads() {
        for s in [
            "",
            "+",
            "-",
            ".",
            "e5",
            "1",
            "-0",
            "+0",
            "0",
            "00",
            "007",
            "-007.50",
            ".5",
            "5.",
            "-.5",
            "+5.",
            "1e5",
            "1E+5",
            "1e-5",
            "1.e5",
            ".e5",
            "1e",
            "1e+",
            "1.5e-3",
            "inf",
            "-INF",
            "+Infinity",
            "infinit",
            "NaN",
            "-nan",
            "nan1",
            " 1",
            "1 ",
            "0x10",
            "1_0",
            "1e400",
            "-1e400",
            "1e-400",
            "-1e-400",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "4.9e-324",
            "2.4e-324",
            "18446744073709551615",
            "-9223372036854775809",
            "9007199254740993",
            "0.1000000000000000055511151231257827",
            "1e99999999999999999999",
            "1e-99999999999999999999",
            "0e99999999999999999999",
            "١",
            "1.0.0",
            "--1",
            "+-1",
        ] {
            same(s);
        }
        let long = format!("1{}", "0".repeat(400));
        same(&long);
        same(&format!("0.{}1", "0".repeat(400)));
    }

    /// Where `str::parse` stops reading exponents exactly, this reads what serde_json (and so
    /// the parser every envelope goes through) reads.
    #[test]
    fn long_texts_read_as_serde_json_reads_them() {
        for s in [
            format!("1{}e-700000", "0".repeat(700_000)),
            format!("0.{}1e700000", "0".repeat(699_999)),
            format!("-1{}e-700000", "0".repeat(700_000)),
        ] {
            let want: f64 = serde_json::from_str(&s).unwrap();
            assert_eq!(parse_f64(&s), Some(want));
            assert_eq!(want.abs(), 1.0);
        }
    }

    /// Random strings over the characters float syntax is made of, and random floats
    /// written in several ways.
    #[test]
    fn agrees_on_generated_text() {
        let mut rng = crate::test_rng::Xorshift(0x9e37_79b9_7f4a_7c15);
        let mut next = move || rng.next();
        let alphabet = b"0123456789012345.eE+-infaINFty";
        for _ in 0..200_000 {
            let len = (next() % 14) as usize;
            let s: String = (0..len)
                .map(|_| alphabet[(next() % alphabet.len() as u64) as usize] as char)
                .collect();
            same(&s);
        }
        for _ in 0..50_000 {
            let x = f64::from_bits(next());
            for s in [
                format!("{x}"),
                format!("{x:e}"),
                format!("{x:.3}"),
                format!("{x:.20e}"),
            ] {
                same(&s);
            }
        }
    }

    /// `decimal_f64` gives what `str::parse` gives, or nothing: on decimals of every length
    /// up to 19 digits at every power it takes and past both ends, on integers about 2^53
    /// and 2^64 (where floats are two and more apart, and halfway cases round to even),
    /// and on the shortest text of random floats (what computed values are sent as).
    #[test]
    fn decimals_are_read_as_str_parse_reads_them() {
        let mut rng = crate::test_rng::Xorshift(0x9E37_79B9_7F4A_7C15);
        let mut decided = 0;
        let mut check = |w: u64, q: i32| {
            let want: f64 = format!("{w}e{q}").parse().unwrap();
            if let Some(got) = super::decimal_f64(w, q) {
                assert_eq!(got.to_bits(), want.to_bits(), "{w}e{q}");
                decided += 1;
            }
        };
        for q in super::Q_MIN - 3..=super::Q_MAX + 3 {
            for digits in 1..=19u32 {
                for _ in 0..300 {
                    let w = rng.next() % 10u64.pow(digits);
                    check(w, q);
                }
            }
            for base in [
                1u64 << 53,
                1 << 54,
                u64::MAX / 2,
                10_000_000_000_000_000_000,
            ] {
                for d in 0..40 {
                    check(base.saturating_add(d).saturating_sub(20), q);
                }
            }
        }
        // Exact ties, to be rounded to the even float, written with negative and positive
        // powers: halves above 2^52 (one apart), odd numbers above 2^53 (two apart) with
        // zeros after them, and odd multiples of 8 above 2^56 (sixteen apart) as thousands.
        for j in 0..20u64 {
            check(((1 << 52) + j) * 10 + 5, -1);
            for k in 0..=3 {
                check(((1 << 53) + 2 * j + 1) * 10u64.pow(k), -(k as i32));
            }
            check((1 << 56) / 1000 + 2 + 2 * j, 3);
        }
        for _ in 0..200_000 {
            let f = f64::from_bits(rng.next() >> 2);
            let text = format!("{f:e}");
            let (mantissa, exp) = text.split_once('e').unwrap();
            let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
            let w: u64 = format!("{int}{frac}").parse().unwrap();
            let q = exp.parse::<i32>().unwrap() - frac.len() as i32;
            check(w, q);
        }
        // Nearly all are decided here, not left to the full reader.
        assert!(decided > 600_000, "{decided}");
    }
}
