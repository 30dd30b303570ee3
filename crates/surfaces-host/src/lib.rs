//! The host's WHATWG URL parser (`URL`, in browsers and Node), its NFKC and NFD normalizer
//! (`String.prototype.normalize`) and two Unicode properties (RegExp property escapes), as a
//! [`surfaces_core::web_url::Parser`].
//!
//! The npm package and the console install it before the core parses anything, so their
//! `.wasm` carries neither the `url` crate nor the IDNA tables (issue 16): the host already
//! has both, and its parser is the reference one. `tests/web_url.rs` holds it to the corpus
//! the `url` crate is held to natively.

use surfaces_core::web_url::{self, Host, Parser, UrlError, WebUrl};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_name = URL)]
    type JsUrl;
    #[wasm_bindgen(constructor, js_class = "URL", catch)]
    fn new(input: &str) -> Result<JsUrl, JsValue>;
    #[wasm_bindgen(method, getter)]
    fn href(this: &JsUrl) -> String;
    #[wasm_bindgen(method, getter)]
    fn protocol(this: &JsUrl) -> String;
    #[wasm_bindgen(method, getter)]
    fn username(this: &JsUrl) -> String;
    #[wasm_bindgen(method, getter)]
    fn password(this: &JsUrl) -> String;
    #[wasm_bindgen(method, getter)]
    fn hostname(this: &JsUrl) -> String;
    #[wasm_bindgen(method, getter)]
    fn port(this: &JsUrl) -> String;
}

thread_local! {
    /// General categories L, N, P and S: what draws something (see `surfaces_core::text`).
    static GRAPHIC: js_sys::RegExp = js_sys::RegExp::new(r"^[\p{L}\p{N}\p{P}\p{S}]$", "u");
    static IGNORABLE: js_sys::RegExp =
        js_sys::RegExp::new(r"^\p{Default_Ignorable_Code_Point}$", "u");
}

/// The host's parser, normalizer and Unicode properties.
pub struct HostUrl;

impl Parser for HostUrl {
    fn parse(&self, input: &str) -> Result<WebUrl, UrlError> {
        let Ok(url) = JsUrl::new(input) else {
            // `URL` throws one TypeError for every failure; which one it is, as the `url`
            // crate tells it, is whether the text starts with a scheme at all.
            return Err(if web_url::starts_with_scheme(input) {
                UrlError::Invalid
            } else {
                UrlError::RelativeWithoutBase
            });
        };
        let protocol = url.protocol();
        let scheme = protocol.strip_suffix(':').unwrap_or(&protocol).to_string();
        let port = url.port();
        Ok(WebUrl {
            href: url.href(),
            host: Host::from_serialised(&scheme, &url.hostname()),
            scheme,
            username: url.username(),
            password: url.password(),
            // `URL` gives "" for a default or absent port, a decimal otherwise.
            port: port.parse().ok(),
        })
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

    fn lowercase(&self, c: char) -> String {
        String::from(js_sys::JsString::from(c.encode_utf8(&mut [0; 4]) as &str).to_lower_case())
    }
}

/// Makes the host's parser the one the core uses. Cheap to call again (the first stays).
pub fn install() {
    web_url::install(&HostUrl);
}
