//! Requests to the console's own origin (the page's `connect-src 'self'`): the Agent screen's
//! calls through `surfaces-server`, and the example streams the A2UI screen fetches.

use serde_json::Value;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// `GET` (or `POST` with `body`) of `path`, with `headers` and never the page's credentials;
/// `Err` says, for the person, that no answer came.
pub async fn fetch(
    path: &str,
    body: Option<&Value>,
    headers: &[(String, String)],
) -> Result<web_sys::Response, String> {
    let init = web_sys::RequestInit::new();
    init.set_method(if body.is_some() { "POST" } else { "GET" });
    // Never the page's cookies or credentials: the server forwards none anyway.
    init.set_credentials(web_sys::RequestCredentials::Omit);
    let h = web_sys::Headers::new().map_err(|_| "headers".to_string())?;
    for (k, v) in headers {
        h.set(k, v).map_err(|_| format!("header {k}"))?;
    }
    init.set_headers(&h);
    if let Some(b) = body {
        init.set_body(&wasm_bindgen::JsValue::from_str(&b.to_string()));
    }
    let window = web_sys::window().ok_or("no window")?;
    let resp = JsFuture::from(window.fetch_with_str_and_init(path, &init))
        .await
        .map_err(|_| "The request could not be made.".to_string())?;
    resp.dyn_into::<web_sys::Response>()
        .map_err(|_| "not a response".to_string())
}

/// The answer's body as text.
pub async fn text_of(resp: &web_sys::Response) -> Result<String, String> {
    let p = resp.text().map_err(|_| "no body".to_string())?;
    JsFuture::from(p)
        .await
        .ok()
        .and_then(|t| t.as_string())
        .ok_or_else(|| "The answer could not be read.".to_string())
}
