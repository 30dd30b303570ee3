//! LEB128, the one form of a length or a gap the crate writes into bytes: string lengths on
//! a data-model tape ([`crate::a2ui`]'s `tape.rs`) and the gaps of the generated code-point
//! tables ([`crate::code_points`]).

/// `n` as LEB128, and how many of the bytes it takes.
pub(crate) fn bytes(n: u64) -> ([u8; 10], usize) {
    let (mut n, mut bytes, mut width) = (n, [0; 10], 0);
    while n >= 0x80 {
        bytes[width] = (n as u8) | 0x80;
        n >>= 7;
        width += 1;
    }
    bytes[width] = n as u8;
    (bytes, width + 1)
}

/// One number read from `next` byte by byte; at most ten bytes are read, so bytes that never
/// end a number cannot make it read on.
pub(crate) fn read(mut next: impl FnMut() -> u8) -> u64 {
    let mut n = 0u64;
    for shift in (0..64).step_by(7) {
        let b = next();
        n |= u64::from(b & 0x7f) << shift;
        if b & 0x80 == 0 {
            break;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_it_writes() {
        for n in [
            0,
            1,
            0x7f,
            0x80,
            0x3fff,
            0x4000,
            0x1_0000,
            0x10_FFFF,
            u64::MAX,
        ] {
            let (b, width) = bytes(n);
            assert_eq!(
                width,
                if n == 0 {
                    1
                } else {
                    (64 - n.leading_zeros() as usize).div_ceil(7)
                }
            );
            let mut at = 0;
            let got = read(|| {
                at += 1;
                b[at - 1]
            });
            assert_eq!((got, at), (n, width));
        }
    }
}
