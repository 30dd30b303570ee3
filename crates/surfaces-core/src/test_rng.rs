//! The generator the unit tests draw their cases from: Marsaglia's xorshift64, the same
//! numbers on every run, natively and in wasm; and the objects of many keys and the streams
//! of data updates they share.

pub(crate) struct Xorshift(pub u64);

impl Xorshift {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (which is more than 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A JSON object of `n` keys, `"k0":0`, `"k1":1`, …, with `more` (members with a comma
/// before each, or nothing) after them: the large objects the key checks are tested on.
pub(crate) fn keyed(n: usize, more: &str) -> String {
    let keys: Vec<String> = (0..n).map(|i| format!("\"k{i}\":{i}")).collect();
    format!("{{{}{more}}}", keys.join(","))
}

/// Where [`data_stream`] writes: text as UTF-8 or as UTF-16 units (which may hold a lone
/// surrogate, pushed by the stream's caller).
pub(crate) trait TextOut {
    fn text(&mut self, s: &str);
}

impl TextOut for String {
    fn text(&mut self, s: &str) {
        self.push_str(s);
    }
}

impl TextOut for Vec<u16> {
    fn text(&mut self, s: &str) {
        self.extend(s.encode_utf16());
    }
}

/// How [`data_stream`] lays its envelopes out.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Layout {
    /// A JSON array.
    Batch,
    /// JSON Lines.
    Lines,
    /// One data update alone (the surface is the caller's to create).
    Lone,
}

/// The `createSurface` of surface `s` that [`data_stream`] writes first.
pub(crate) const CREATE_S: &str = r#"{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}"#;

/// A stream the tests of each way text comes in fold both ways and compare: `CREATE_S`
/// (but alone) and one to six data updates of surface `s` (one alone), each setting
/// `/v{k}` to `{"t": [...]}`, an array of fewer than `strings` strings whose bodies `body`
/// writes.
pub(crate) fn data_stream<O: TextOut>(
    out: &mut O,
    rng: &mut Xorshift,
    layout: Layout,
    strings: usize,
    mut body: impl FnMut(&mut O, &mut Xorshift),
) {
    let (open, sep, close) = match layout {
        Layout::Batch => ("[", ",", "]"),
        Layout::Lines => ("", "\n", ""),
        Layout::Lone => ("", "", ""),
    };
    out.text(open);
    let updates = if layout == Layout::Lone {
        1
    } else {
        out.text(CREATE_S);
        1 + rng.below(6)
    };
    for k in 0..updates {
        out.text(sep);
        out.text(&format!(
            r#"{{"version":"v0.9","updateDataModel":{{"surfaceId":"s","path":"/v{k}","value":{{"t":["#
        ));
        for m in 0..rng.below(strings) {
            if m > 0 {
                out.text(",");
            }
            out.text("\"");
            body(out, rng);
            out.text("\"");
        }
        out.text("]}}}");
    }
    out.text(close);
}
