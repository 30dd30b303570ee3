//! Where and how to talk to an agent, from its card: the JSON-RPC endpoint and protocol
//! version (v1.0's `supportedInterfaces`, v0.3's `url`/`preferredTransport`/
//! `additionalInterfaces`, or both in the hybrid cards SDKs publish), and which A2UI
//! version it speaks. Only what the card says is used, and only as an address to ask.

use serde::Serialize;
use serde_json::Value;

use super::wire::ProtocolVersion;
use surfaces_core::a2ui::EXTENSION_URIS;
use surfaces_core::{Code, Finding};

/// The endpoint chosen, and what it speaks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Endpoint {
    /// An absolute `http:` or `https:` URL without credentials.
    pub url: String,
    pub version: ProtocolVersion,
    /// The A2UI extension URIs the card advertises (v0.9, v0.9.1), which a message to it
    /// activates; empty when it advertises none.
    pub a2ui_extensions: Vec<String>,
    /// Whether the card says the agent streams (`capabilities.streaming`).
    pub streaming: bool,
}

fn candidates(card: &Value) -> Vec<(String, ProtocolVersion)> {
    let mut out = Vec::new();
    for i in card
        .get("supportedInterfaces")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let binding = i
            .get("protocolBinding")
            .and_then(Value::as_str)
            .unwrap_or("");
        let version = i
            .get("protocolVersion")
            .and_then(Value::as_str)
            .unwrap_or("");
        let Some(url) = i.get("url").and_then(Value::as_str) else {
            continue;
        };
        if !binding.eq_ignore_ascii_case("JSONRPC") {
            continue;
        }
        if version.starts_with("1.") || version == "1" {
            out.push((url.to_string(), ProtocolVersion::V1_0));
        } else if version.starts_with("0.3") {
            out.push((url.to_string(), ProtocolVersion::V0_3));
        }
    }
    // The v0.3 fields: the main `url` speaks `preferredTransport` (JSON-RPC by default).
    let v03 = card
        .get("protocolVersion")
        .and_then(Value::as_str)
        .is_none_or(|v| v.starts_with("0."));
    if v03 {
        let preferred = card
            .get("preferredTransport")
            .and_then(Value::as_str)
            .unwrap_or("JSONRPC");
        if let Some(url) = card.get("url").and_then(Value::as_str) {
            if preferred.eq_ignore_ascii_case("JSONRPC") {
                out.push((url.to_string(), ProtocolVersion::V0_3));
            }
        }
        for i in card
            .get("additionalInterfaces")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let transport = i.get("transport").and_then(Value::as_str).unwrap_or("");
            if let (true, Some(url)) = (
                transport.eq_ignore_ascii_case("JSONRPC"),
                i.get("url").and_then(Value::as_str),
            ) {
                out.push((url.to_string(), ProtocolVersion::V0_3));
            }
        }
    }
    out
}

/// The most JSON-RPC interfaces of a card read, in the card's order: each address is parsed,
/// in wasm32 by the host's `URL`, and a card of 1 MB listing 10,900 took 0.1 s in Node (a
/// red-team review). Cards list one or two.
pub const MAX_INTERFACES: usize = 16;

fn usable(raw: &str) -> Option<String> {
    let url = surfaces_core::web_url::parse_dns(raw).ok()?;
    let ok = matches!(url.scheme.as_str(), "http" | "https")
        && url.host.is_some()
        && !url.has_credentials();
    ok.then_some(url.href)
}

/// The endpoint to use: the first JSON-RPC interface in `prefer`'s version, else in the
/// other; v1.0 when the caller has no preference. A card naming none this client speaks
/// (only gRPC or HTTP+JSON, or unusable addresses) is a finding.
pub fn endpoint(card: &Value, prefer: Option<ProtocolVersion>) -> Result<Endpoint, Finding> {
    let prefer = prefer.unwrap_or(ProtocolVersion::V1_0);
    let all: Vec<(String, ProtocolVersion)> = candidates(card)
        .into_iter()
        .take(MAX_INTERFACES)
        .filter_map(|(u, v)| usable(&u).map(|u| (u, v)))
        .collect();
    let (url, version) = all
        .iter()
        .find(|(_, v)| *v == prefer)
        .or_else(|| all.first())
        .cloned()
        .ok_or_else(|| {
            Finding::new(
                Code::A2aNoEndpoint,
                "",
                "The card names no JSON-RPC endpoint of A2A v0.3 or v1.0 at an http(s) address without credentials.",
            )
        })?;
    // Each URI once: every request names them in a header and in its message, so a card
    // repeating one would make every request as large as the card.
    let mut a2ui_extensions: Vec<String> = Vec::new();
    for uri in card
        .pointer("/capabilities/extensions")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|e| e.get("uri").and_then(Value::as_str))
    {
        if EXTENSION_URIS.contains(&uri) && !a2ui_extensions.iter().any(|u| u == uri) {
            a2ui_extensions.push(uri.to_string());
        }
    }
    Ok(Endpoint {
        url,
        version,
        a2ui_extensions,
        streaming: card
            .pointer("/capabilities/streaming")
            .and_then(Value::as_bool)
            .unwrap_or(false),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn each_card_shape_gives_its_endpoint() {
        let v1 = json!({"supportedInterfaces": [
            {"url": "https://a.example/grpc", "protocolBinding": "GRPC", "protocolVersion": "1.0"},
            {"url": "https://a.example/rpc", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]});
        let e = endpoint(&v1, None).unwrap();
        assert_eq!(
            (e.url.as_str(), e.version),
            ("https://a.example/rpc", ProtocolVersion::V1_0)
        );
        let v03 = json!({"url": "https://b.example/a2a", "protocolVersion": "0.3.0"});
        assert_eq!(endpoint(&v03, None).unwrap().version, ProtocolVersion::V0_3);
        let hybrid = json!({"url": "https://c.example/a2a", "preferredTransport": "JSONRPC", "protocolVersion": "0.3",
            "supportedInterfaces": [
                {"url": "https://c.example/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
                {"url": "https://c.example/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}]});
        assert_eq!(
            endpoint(&hybrid, None).unwrap().version,
            ProtocolVersion::V1_0
        );
        assert_eq!(
            endpoint(&hybrid, Some(ProtocolVersion::V0_3))
                .unwrap()
                .version,
            ProtocolVersion::V0_3
        );
    }

    #[test]
    fn no_usable_endpoint_is_a_finding() {
        for card in [
            json!({}),
            json!({"url": "https://x.example", "preferredTransport": "GRPC"}),
            json!({"url": "javascript:alert(1)"}),
            json!({"url": "https://user:pw@x.example/a2a"}),
            json!({"url": "/relative"}),
            json!({"supportedInterfaces": [{"url": "https://x.example", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]}),
            // No name in the DNS has a label of 64 bytes: no address to ask.
            json!({"url": format!("https://{}.example/a2a", "a".repeat(64))}),
            json!({"url": format!("https://xn--{}.example/a2a", "a".repeat(2000))}),
        ] {
            let f = endpoint(&card, None).unwrap_err();
            assert_eq!(f.code, Code::A2aNoEndpoint, "{card}");
        }
        // Only the first MAX_INTERFACES are read.
        let listed = |usable_at: usize| {
            let list: Vec<Value> = (0..=usable_at)
                .map(|i| {
                    let url = if i == usable_at {
                        "https://ok.example/a2a".to_string()
                    } else {
                        format!("ftp://x{i}.example/")
                    };
                    json!({"url": url, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"})
                })
                .collect();
            json!({"supportedInterfaces": list})
        };
        assert_eq!(
            endpoint(&listed(MAX_INTERFACES - 1), None).unwrap().url,
            "https://ok.example/a2a"
        );
        assert_eq!(
            endpoint(&listed(MAX_INTERFACES), None).unwrap_err().code,
            Code::A2aNoEndpoint
        );
        let at_the_limit = format!("https://{}.example/a2a", "a".repeat(63));
        let card = json!({"url": at_the_limit});
        assert_eq!(endpoint(&card, None).unwrap().url, at_the_limit);
    }
}
