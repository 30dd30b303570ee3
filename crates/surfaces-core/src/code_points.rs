//! Sorted code points as the generated tables keep them ([`crate::scripts`],
//! [`crate::skeleton`]): the gaps between them as LEB128, decoded once when first searched.
//! As `u32` arrays the two tables were about 5.5 KB of the gzipped npm package; as gaps,
//! most of one or two bytes, about 2 KB (issue 16).

use std::sync::OnceLock;

/// A sorted table of code points, kept as gaps.
pub(crate) struct Sorted {
    gaps: &'static [u8],
    decoded: OnceLock<Box<[u32]>>,
}

impl Sorted {
    pub const fn new(gaps: &'static [u8]) -> Sorted {
        Sorted {
            gaps,
            decoded: OnceLock::new(),
        }
    }

    /// The code points, in order.
    pub fn get(&self) -> &[u32] {
        self.decoded.get_or_init(|| decode(self.gaps))
    }
}

fn decode(gaps: &[u8]) -> Box<[u32]> {
    let (mut out, mut at) = (Vec::new(), 0u32);
    let mut bytes = gaps.iter();
    while bytes.len() > 0 {
        // The tables are generated, and each gap fits a code point.
        at += crate::leb128::read(|| bytes.next().copied().unwrap_or(0)) as u32;
        out.push(at);
    }
    out.into_boxed_slice()
}

/// The gaps of sorted `points`, for a generator to write.
#[cfg(all(test, not(target_arch = "wasm32")))]
pub(crate) fn encode(points: &[u32]) -> Vec<u8> {
    let (mut out, mut prev) = (Vec::new(), 0);
    for &p in points {
        let (bytes, width) = crate::leb128::bytes(u64::from(p - prev));
        out.extend_from_slice(&bytes[..width]);
        prev = p;
    }
    out
}

/// Fails unless the generated table at `path` (from the crate's root) is `fresh`, what its
/// generator makes now; with the environment variable `update` set, writes it first.
#[cfg(all(test, not(target_arch = "wasm32")))]
pub(crate) fn assert_generated(path: &str, fresh: &str, update: &str, module: &str) {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    if std::env::var_os(update).is_some() {
        std::fs::write(&file, fresh).unwrap();
    }
    let kept = std::fs::read_to_string(&file).unwrap_or_default();
    assert!(
        kept == fresh,
        "{path} is stale: {update}=1 cargo test -p surfaces-core --lib {module}"
    );
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn decodes_what_it_encodes() {
        let points = [0, 1, 0x7f, 0x80, 0x3fff, 0x4000, 0x1_0000, 0x10_FFFF];
        let gaps: &'static [u8] = Box::leak(encode(&points).into_boxed_slice());
        assert_eq!(Sorted::new(gaps).get(), points);
        assert_eq!(Sorted::new(&[]).get(), [0u32; 0]);
    }
}
