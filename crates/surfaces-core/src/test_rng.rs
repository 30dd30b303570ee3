//! The generator the unit tests draw their cases from: Marsaglia's xorshift64, the same
//! numbers on every run, natively and in wasm.

pub(crate) struct Xorshift(pub u64);

impl Xorshift {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}
