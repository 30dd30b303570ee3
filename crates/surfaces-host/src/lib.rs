//! The host's WHATWG URL parser (`URL`, in browsers and Node), its NFKC and NFD normalizer
//! (`String.prototype.normalize`) and two Unicode properties (RegExp property escapes), as a
//! [`surfaces_core::web_url::Parser`].
//!
//! The npm package and the console install it before the core parses anything, so their
//! `.wasm` carries neither the `url` crate nor the IDNA tables (issue 16): the host already
//! has both, and its parser is the reference one. `tests/web_url.rs` holds it to the corpus
//! the `url` crate is held to natively.

use surfaces_core::web_url::{self, Parser, UrlError, WebUrl};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_name = URL)]
    type JsUrl;
    #[wasm_bindgen(constructor, js_class = "URL", catch)]
    fn new(input: &str) -> Result<JsUrl, JsValue>;
    /// `URL.parse` (Chromium 126, Node 22): the URL, or `null` where `new URL` throws.
    #[wasm_bindgen(static_method_of = JsUrl, js_class = "URL", js_name = parse)]
    fn parse_or_null(input: &str) -> Option<JsUrl>;
    /// `URL.canParse` (Chromium 120, Node 19.9).
    #[wasm_bindgen(static_method_of = JsUrl, js_class = "URL", js_name = canParse)]
    fn can_parse(input: &str) -> bool;
    #[wasm_bindgen(method, getter)]
    fn href(this: &JsUrl) -> String;
}

/// How the host's `URL` says a text is no URL without throwing, where it can: a thrown
/// `TypeError` costs about 13 µs in Chromium, and 1 MB of Image URLs the parser refuses took
/// 232 ms to fold (a red-team review).
#[derive(Clone, Copy)]
enum Refusal {
    Parse,
    CanParse,
    Throw,
}

thread_local! {
    static REFUSAL: Refusal = {
        let url = js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("URL")).ok();
        let has = |name: &str| {
            url.as_ref()
                .and_then(|u| js_sys::Reflect::get(u, &JsValue::from_str(name)).ok())
                .is_some_and(|f| f.is_function())
        };
        if has("parse") {
            Refusal::Parse
        } else if has("canParse") {
            Refusal::CanParse
        } else {
            Refusal::Throw
        }
    };
    /// General categories L, N, P and S: what draws something (see `surfaces_core::text`).
    static GRAPHIC: js_sys::RegExp = js_sys::RegExp::new(r"^[\p{L}\p{N}\p{P}\p{S}]$", "u");
    static IGNORABLE: js_sys::RegExp =
        js_sys::RegExp::new(r"^\p{Default_Ignorable_Code_Point}$", "u");
    /// Every Default_Ignorable_Code_Point but the bidi controls
    /// (`surfaces_core::text::is_bidi_control`).
    static IGNORABLES: js_sys::RegExp = js_sys::RegExp::new(
        r"(?![\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069])\p{Default_Ignorable_Code_Point}",
        "gu",
    );
}

/// The host's parser, normalizer and Unicode properties.
pub struct HostUrl;

impl Parser for HostUrl {
    fn parse(&self, input: &str) -> Result<WebUrl, UrlError> {
        let read = match REFUSAL.with(|r| *r) {
            Refusal::Parse => JsUrl::parse_or_null(input),
            Refusal::CanParse => JsUrl::can_parse(input)
                .then(|| JsUrl::new(input).ok())
                .flatten(),
            Refusal::Throw => JsUrl::new(input).ok(),
        };
        let Some(url) = read else {
            // `URL` throws one TypeError for every failure; which one it is, as the `url`
            // crate tells it, is whether the text starts with a scheme at all.
            return Err(if web_url::starts_with_scheme(input) {
                UrlError::Invalid
            } else {
                UrlError::RelativeWithoutBase
            });
        };
        // Its parts read back from `href`, where its getters were a call each.
        WebUrl::from_href(url.href()).ok_or(UrlError::Invalid)
    }

    fn nfkc(&self, text: &str) -> String {
        String::from(js_sys::JsString::from(text).normalize("NFKC"))
    }

    fn nfd(&self, text: &str) -> String {
        String::from(js_sys::JsString::from(text).normalize("NFD"))
    }

    fn is_graphic(&self, c: char) -> bool {
        GRAPHIC.with(|re| re.test(c.encode_utf8(&mut [0; 4])))
    }

    fn is_default_ignorable(&self, c: char) -> bool {
        IGNORABLE.with(|re| re.test(c.encode_utf8(&mut [0; 4])))
    }

    fn lowercase(&self, text: &str) -> String {
        String::from(js_sys::JsString::from(text).to_lower_case())
    }

    fn without_default_ignorables(&self, text: &str) -> String {
        IGNORABLES.with(|re| String::from(js_sys::JsString::from(text).replace_by_pattern(re, "")))
    }
}

/// Makes the host's parser the one the core uses, and seeds the hash of component ids with
/// the host's randomness (once, whether or not a parser was installed before). Cheap to
/// call again (the first stays).
pub fn install() {
    web_url::install(&HostUrl);
    static SEEDED: std::sync::Once = std::sync::Once::new();
    SEEDED.call_once(|| surfaces_core::a2ui::seed_hashes(random_u64()));
}

/// 64 bits from `crypto.getRandomValues` (browsers, Node 19 and later), or, on a host without
/// it, from `Math.random`: an agent sees neither.
fn random_u64() -> u64 {
    let words = js_sys::Uint32Array::new_with_length(2);
    let crypto = js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("crypto"));
    let filled = crypto.ok().is_some_and(|crypto| {
        js_sys::Reflect::get(&crypto, &JsValue::from_str("getRandomValues"))
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
            .is_some_and(|f| f.call1(&crypto, &words).is_ok())
    });
    if filled {
        u64::from(words.get_index(0)) << 32 | u64::from(words.get_index(1))
    } else {
        // 52 bits each; their product's bits past the mantissa are lost, not the point.
        let draw = || (js_sys::Math::random() * 2f64.powi(52)) as u64;
        draw() << 12 ^ draw()
    }
}

#[cfg(test)]
mod tests {
    use wasm_bindgen_test::wasm_bindgen_test;
    wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

    /// The seed of component-id hashing comes from the page's `crypto`: draws differ, and
    /// fill all 64 bits (a fallback to `Math.random` alone would leave patterns).
    #[wasm_bindgen_test]
    fn seeds_are_drawn_from_the_hosts_randomness() {
        let draws: Vec<u64> = (0..16).map(|_| super::random_u64()).collect();
        for (i, a) in draws.iter().enumerate() {
            assert!(draws[i + 1..].iter().all(|b| a != b), "{draws:x?}");
        }
        let (ones, any_high) = draws.iter().fold((0, false), |(n, high), d| {
            (n + d.count_ones(), high || d >> 52 != 0)
        });
        // 16 × 64 fair bits: 512 on average; this bound fails once in far more than 2^40.
        assert!((380..=644).contains(&ones), "{ones} ones in {draws:x?}");
        assert!(any_high);
    }
}
