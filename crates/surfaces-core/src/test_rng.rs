//! The generator the unit tests draw their cases from: Marsaglia's xorshift64, the same
//! numbers on every run, natively and in wasm; and the objects of many keys they share.

pub(crate) struct Xorshift(pub u64);

impl Xorshift {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// A JSON object of `n` keys, `"k0":0`, `"k1":1`, …, with `more` (members with a comma
/// before each, or nothing) after them: the large objects the key checks are tested on.
pub(crate) fn keyed(n: usize, more: &str) -> String {
    let keys: Vec<String> = (0..n).map(|i| format!("\"k{i}\":{i}")).collect();
    format!("{{{}{more}}}", keys.join(","))
}
