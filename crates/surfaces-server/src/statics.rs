//! The built console's files, from one directory, by plain names only.

use std::path::{Path, PathBuf};

use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::{error, method_not_allowed};

/// Content types by file extension; anything else is `application/octet-stream` (and with
/// `nosniff`, a browser will not guess otherwise).
fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "json" | "map" => "application/json",
        "webmanifest" => "application/manifest+json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The file a request path names under `dist`, if it is a plain name: segments of
/// `A-Z a-z 0-9 . _ -`, none empty and none starting with a dot. Nothing is decoded, so no
/// escape can name a parent or a hidden file.
fn file_for(dist: &Path, path: &str) -> Option<PathBuf> {
    let rel = path.strip_prefix('/')?;
    let rel = if rel.is_empty() { "index.html" } else { rel };
    let mut out = dist.to_path_buf();
    for seg in rel.split('/') {
        // No segment ends in a dot either: Windows drops it, so `a.br.` would name `a.br`.
        let plain = !seg.is_empty()
            && !seg.starts_with('.')
            && !seg.ends_with('.')
            && seg
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b));
        if !plain {
            return None;
        }
        out.push(seg);
    }
    Some(out)
}

/// How much of a file is read at a time.
const CHUNK: usize = 64 * 1024;

/// The file's first `len` bytes as a body read a chunk at a time as the client takes it:
/// read whole, each request held the file in memory for as long as its client took to read
/// it, so fifty slow readers of a 20 MB file held a gigabyte (a red-team review). Now each
/// holds a chunk. The length is promised (`Content-Length`), so a file that shrinks while it
/// is read ends the body in an error, which the client sees as a body broken off, never as a
/// whole one; one that grows is sent as long as it was.
fn streamed(file: tokio::fs::File, len: u64) -> Body {
    use tokio::io::AsyncReadExt;
    let chunks = futures_util::stream::unfold(Some((file, len)), |state| async move {
        let (mut file, left) = state?;
        if left == 0 {
            return None;
        }
        let mut chunk = vec![0; CHUNK.min(usize::try_from(left).unwrap_or(CHUNK))];
        match file.read(&mut chunk).await {
            Ok(0) => Some((
                Err(std::io::Error::from(std::io::ErrorKind::UnexpectedEof)),
                None,
            )),
            Ok(n) => {
                chunk.truncate(n);
                let next = Some((file, left - n as u64));
                Some((Ok(axum::body::Bytes::from(chunk)), next))
            }
            Err(e) => Some((Err(e), None)),
        }
    });
    Body::from_stream(chunks)
}

/// Whether a file of this name is sent Brotli-compressed when the build wrote its `.br`
/// (`scripts/precompress.mjs` compresses the same extensions).
fn compressible(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()).unwrap_or(""),
        "wasm" | "js" | "mjs" | "css" | "html" | "json" | "map" | "svg" | "txt" | "webmanifest"
    )
}

/// Whether a q-value (RFC 9110 §12.4.2: `0` to `1`, at most three decimals) is above 0.
/// One that is no q-value at all takes nothing: an entry a client wrote wrong is not read
/// as a yes.
fn positive_weight(q: &str) -> bool {
    let (whole, decimals) = q.split_once('.').unwrap_or((q, ""));
    let digits = decimals.len() <= 3 && decimals.bytes().all(|b| b.is_ascii_digit());
    match whole {
        "0" => digits && decimals.bytes().any(|b| b != b'0'),
        "1" => digits && decimals.bytes().all(|b| b == b'0'),
        _ => false,
    }
}

/// Whether a request's `Accept-Encoding` (RFC 9110 §12.5.3) takes `br`: named with a
/// weight above 0 and nowhere with 0, or, when it is not named, `*` so.
fn takes_brotli(headers: &HeaderMap) -> bool {
    // For `br` and for `*`: (named with a weight above 0, named with weight 0).
    let (mut br, mut any) = ((false, false), (false, false));
    let values = headers.get_all(header::ACCEPT_ENCODING).into_iter();
    for item in values
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
    {
        let mut parts = item.split(';');
        let coding = parts.next().unwrap_or("").trim();
        let weight = parts.find_map(|p| {
            let (k, v) = p.split_once('=')?;
            k.trim().eq_ignore_ascii_case("q").then(|| v.trim())
        });
        let yes = weight.is_none_or(positive_weight);
        let seen = if coding.eq_ignore_ascii_case("br") {
            &mut br
        } else if coding == "*" {
            &mut any
        } else {
            continue;
        };
        if yes {
            seen.0 = true;
        } else {
            seen.1 = true;
        }
    }
    match br {
        (false, false) => any.0 && !any.1,
        (yes, no) => yes && !no,
    }
}

/// Whether a name is a file's Brotli, `FILE.br`, in any case (a file system that ignores
/// case opens `FILE.BR` as it).
fn is_brotli_copy(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("br"))
}

async fn is_file(path: &Path) -> bool {
    tokio::fs::metadata(path).await.is_ok_and(|m| m.is_file())
}

/// `file`'s Brotli, `FILE.br`, opened, with what it is as opened, when the build wrote one
/// no older than the file (a `.br` left from an earlier build, or a file put there by hand
/// after it, is not used).
async fn fresh_brotli(
    file: &Path,
    modified: std::time::SystemTime,
) -> Option<(tokio::fs::File, std::fs::Metadata)> {
    let mut name = file.file_name()?.to_os_string();
    name.push(".br");
    let br = file.with_file_name(name);
    if !is_file(&br).await {
        return None;
    }
    let opened = tokio::fs::File::open(&br).await.ok()?;
    let m = opened.metadata().await.ok()?;
    (m.is_file() && m.modified().ok()? >= modified).then_some((opened, m))
}

/// The entity tag of what is sent: its length and time of change, and whether it is the
/// Brotli copy (two copies of one file are two representations, RFC 9110 §8.8.3).
fn entity_tag(m: &std::fs::Metadata, brotli: bool) -> Option<HeaderValue> {
    let since = m
        .modified()
        .ok()?
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?;
    let br = if brotli { "-br" } else { "" };
    let tag = format!("\"{:x}-{:x}{br}\"", m.len(), since.as_nanos());
    HeaderValue::from_str(&tag).ok()
}

/// Whether `If-None-Match` names `tag` (or is `*`), compared as RFC 9110 §13.1.2 says:
/// weakly, a `W/` ignored on either side.
fn none_match(headers: &HeaderMap, tag: &HeaderValue) -> bool {
    let bare = |t: &str| t.trim().trim_start_matches("W/").to_owned();
    let tag = bare(tag.to_str().unwrap_or_default());
    let values = headers.get_all(header::IF_NONE_MATCH).into_iter();
    values
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|t| t.trim() == "*" || bare(t) == tag)
}

pub(crate) async fn serve_file(dist: &Path, req: Request) -> Response {
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return method_not_allowed("GET, HEAD");
    }
    let Some(file) = file_for(dist, req.uri().path()) else {
        return error(StatusCode::NOT_FOUND, "not found");
    };
    // A file's Brotli is reached through the file's own address: one address a resource.
    if is_brotli_copy(&file) {
        return error(StatusCode::NOT_FOUND, "not found");
    }
    // Files only: a directory (or anything else, such as a pipe, which would hold the
    // request until something wrote to it) is neither opened nor served.
    if !is_file(&file).await {
        return error(StatusCode::NOT_FOUND, "not found");
    }
    let Ok(opened) = tokio::fs::File::open(&file).await else {
        return error(StatusCode::NOT_FOUND, "not found");
    };
    // What is sent is measured as opened, not as the name looked at before (it may have
    // been replaced meanwhile).
    let meta = match opened.metadata().await {
        Ok(m) if m.is_file() => m,
        _ => return error(StatusCode::NOT_FOUND, "not found"),
    };
    let compressible = compressible(&file);
    let brotli = match meta.modified() {
        Ok(modified) if compressible && takes_brotli(req.headers()) => {
            fresh_brotli(&file, modified).await
        }
        _ => None,
    };
    let (opened, meta, encoded) = match brotli {
        Some((br, m)) => (br, m, true),
        None => (opened, meta, false),
    };
    let tag = entity_tag(&meta, encoded);
    let unchanged = tag.as_ref().is_some_and(|t| none_match(req.headers(), t));
    let mut r = if unchanged {
        StatusCode::NOT_MODIFIED.into_response()
    } else if req.method() == Method::HEAD {
        StatusCode::OK.into_response()
    } else {
        (StatusCode::OK, streamed(opened, meta.len())).into_response()
    };
    let h = r.headers_mut();
    if !unchanged {
        h.insert(header::CONTENT_LENGTH, HeaderValue::from(meta.len()));
        h.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(content_type(&file)),
        );
        if encoded {
            h.insert(header::CONTENT_ENCODING, HeaderValue::from_static("br"));
        }
    }
    // What is sent for this address depends on the request's Accept-Encoding: a cache
    // must not give the Brotli to a client that did not ask for it.
    if compressible {
        h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    if let Some(tag) = tag {
        h.insert(header::ETAG, tag);
    }
    // Trunk builds with stable names (filehash = false): always revalidate, which the
    // entity tag makes a 304 with no body when nothing changed.
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_names() {
        let d = Path::new("/srv/dist");
        assert_eq!(
            file_for(d, "/"),
            Some(PathBuf::from("/srv/dist/index.html"))
        );
        assert_eq!(
            file_for(d, "/snippets/x-1/inline0.js"),
            Some(PathBuf::from("/srv/dist/snippets/x-1/inline0.js"))
        );
        for bad in [
            "/../x",
            "/a/../b",
            "/.env",
            "/a/.git/config",
            "/%2e%2e/x",
            "/a%2fb",
            "//etc/passwd",
            "/a\\b",
            "/a/",
            "/a.br.",
            "/a./b",
            "x",
        ] {
            assert_eq!(file_for(d, bad), None, "{bad}");
        }
    }

    /// A file that shrinks while it is sent ends its body in an error (the client sees it
    /// broken off, short of its length); one that grows is sent as long as it was opened.
    #[tokio::test]
    async fn a_file_changed_while_sent_is_never_sent_as_whole() {
        use futures_util::StreamExt;
        let dir = std::env::temp_dir().join(format!("statics-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a_bg.wasm");
        let read_all = |body: Body| async move {
            let mut stream = body.into_data_stream();
            let (mut got, mut broke) = (0, false);
            while let Some(chunk) = stream.next().await {
                match chunk {
                    Ok(c) => got += c.len(),
                    Err(_) => broke = true,
                }
            }
            (got, broke)
        };
        std::fs::write(&path, vec![7u8; 3 * CHUNK]).unwrap();
        let opened = tokio::fs::File::open(&path).await.unwrap();
        std::fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .unwrap()
            .set_len(CHUNK as u64 / 2)
            .unwrap();
        assert_eq!(
            read_all(streamed(opened, 3 * CHUNK as u64)).await,
            (CHUNK / 2, true)
        );
        std::fs::write(&path, vec![7u8; 3 * CHUNK]).unwrap();
        let opened = tokio::fs::File::open(&path).await.unwrap();
        assert_eq!(
            read_all(streamed(opened, 2 * CHUNK as u64 + 1)).await,
            (2 * CHUNK + 1, false)
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// `values` as `Accept-Encoding` headers, one a `|`-separated part.
    fn accepting(values: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in values.split('|') {
            h.append(header::ACCEPT_ENCODING, HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn brotli_is_taken_as_accept_encoding_says() {
        for (values, want) in [
            ("gzip, deflate, br, zstd", true),
            ("BR", true),
            (" br ; q=1", true),
            ("br;q=0.001", true),
            ("br;q=1.000", true),
            ("br;level=1;q=0.5", true),
            ("*", true),
            ("gzip|br", true),
            ("", false),
            ("gzip, deflate", false),
            ("identity", false),
            ("br;q=0", false),
            ("br;q=0.000", false),
            ("br;Q=0", false),
            ("*;q=0", false),
            ("br;q=0, *", false),
            ("*, br;q=0", false),
            ("br, br;q=0", false),
            ("gzip, *;q=0", false),
            ("br;q=2", false),
            ("br;q=1.5", false),
            ("br;q=0.0001", false),
            ("br;q=abc", false),
            ("br;q=", false),
            ("br;q=.5", false),
            ("brotli", false),
        ] {
            assert_eq!(takes_brotli(&accepting(values)), want, "{values:?}");
        }
        assert!(!takes_brotli(&HeaderMap::new()));
    }

    /// A GET (or HEAD) of `path` under `dist` with these headers: its status, headers and body.
    async fn fetch(
        dist: &Path,
        method: Method,
        path: &str,
        headers: &[(header::HeaderName, &str)],
    ) -> (StatusCode, HeaderMap, Vec<u8>) {
        let mut req = Request::builder().method(method).uri(path);
        for (k, v) in headers {
            req = req.header(k, *v);
        }
        let r = serve_file(dist, req.body(Body::empty()).unwrap()).await;
        let (parts, body) = r.into_parts();
        let body = axum::body::to_bytes(body, usize::MAX).await.unwrap();
        (parts.status, parts.headers, body.to_vec())
    }

    /// Sets `path`'s time of change to `secs` seconds past the epoch.
    fn touch(path: &Path, secs: u64) {
        let t = std::time::UNIX_EPOCH + std::time::Duration::from_secs(secs);
        std::fs::File::options()
            .write(true)
            .open(path)
            .unwrap()
            .set_modified(t)
            .unwrap();
    }

    /// A file is sent as the Brotli the build wrote beside it to a client that takes `br`,
    /// with the file's own type, and as itself to any other; a `.br` older than its file is
    /// never sent, nor one beside a file of a type not compressed, and no `.br` has an
    /// address of its own. Each answer names what it varies on and tags what it is, and a
    /// client holding that tag gets a 304 with no body.
    #[tokio::test]
    async fn brotli_beside_a_file_is_sent_to_those_who_take_it() {
        let dist = std::env::temp_dir().join(format!("statics-br-{}", std::process::id()));
        std::fs::create_dir_all(&dist).unwrap();
        let (wasm, br) = (dist.join("a_bg.wasm"), dist.join("a_bg.wasm.br"));
        std::fs::write(&wasm, b"\0asm the module itself").unwrap();
        std::fs::write(&br, b"its brotli").unwrap();
        touch(&wasm, 1_000);
        touch(&br, 1_000);
        let takes = [(header::ACCEPT_ENCODING, "gzip, deflate, br, zstd")];

        let (status, h, body) = fetch(&dist, Method::GET, "/a_bg.wasm", &takes).await;
        assert_eq!(
            (status, body.as_slice()),
            (StatusCode::OK, &b"its brotli"[..])
        );
        assert_eq!(h[header::CONTENT_ENCODING], "br");
        assert_eq!(h[header::CONTENT_TYPE], "application/wasm");
        assert_eq!(h[header::CONTENT_LENGTH], "10");
        assert_eq!(h[header::VARY], "accept-encoding");
        let br_tag = h[header::ETAG].clone();

        let (status, h, body) = fetch(&dist, Method::HEAD, "/a_bg.wasm", &takes).await;
        assert_eq!((status, body.len()), (StatusCode::OK, 0));
        assert_eq!(h[header::CONTENT_ENCODING], "br");
        assert_eq!(h[header::CONTENT_LENGTH], "10");

        let gzip_only = [(header::ACCEPT_ENCODING, "gzip")];
        let (status, h, body) = fetch(&dist, Method::GET, "/a_bg.wasm", &gzip_only).await;
        assert_eq!(
            (status, body.as_slice()),
            (StatusCode::OK, &b"\0asm the module itself"[..])
        );
        assert!(h.get(header::CONTENT_ENCODING).is_none());
        assert_eq!(h[header::VARY], "accept-encoding");
        let plain_tag = h[header::ETAG].clone();
        assert_ne!(plain_tag, br_tag);

        // Held tags: each representation's own, either way written, or any.
        for (held, want) in [
            (
                br_tag.to_str().unwrap().to_owned(),
                StatusCode::NOT_MODIFIED,
            ),
            (
                format!("W/{}", br_tag.to_str().unwrap()),
                StatusCode::NOT_MODIFIED,
            ),
            (
                format!("\"x\", {}", br_tag.to_str().unwrap()),
                StatusCode::NOT_MODIFIED,
            ),
            ("*".to_owned(), StatusCode::NOT_MODIFIED),
            (plain_tag.to_str().unwrap().to_owned(), StatusCode::OK),
            ("\"x\"".to_owned(), StatusCode::OK),
        ] {
            let asked = [takes[0].clone(), (header::IF_NONE_MATCH, held.as_str())];
            let (status, h, body) = fetch(&dist, Method::GET, "/a_bg.wasm", &asked).await;
            assert_eq!(status, want, "{held}");
            if want == StatusCode::NOT_MODIFIED {
                assert!(body.is_empty());
                assert_eq!(h[header::ETAG], br_tag);
                assert_eq!(h[header::VARY], "accept-encoding");
            }
        }

        // Rebuilt without its .br written again: the old one is not sent for it.
        touch(&wasm, 2_000);
        let (_, h, body) = fetch(&dist, Method::GET, "/a_bg.wasm", &takes).await;
        assert_eq!(body, b"\0asm the module itself");
        assert!(h.get(header::CONTENT_ENCODING).is_none());

        for own in ["/a_bg.wasm.br", "/a_bg.wasm.BR", "/a_bg.wasm.br."] {
            let (status, _, _) = fetch(&dist, Method::GET, own, &takes).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{own}");
        }
        assert!(is_brotli_copy(Path::new("a.Br")) && !is_brotli_copy(Path::new("a.brr")));

        std::fs::write(dist.join("p.png"), b"png").unwrap();
        std::fs::write(dist.join("p.png.br"), b"br").unwrap();
        let (_, h, body) = fetch(&dist, Method::GET, "/p.png", &takes).await;
        assert_eq!(body, b"png");
        assert!(h.get(header::CONTENT_ENCODING).is_none() && h.get(header::VARY).is_none());

        // A `.br` that is not a file is not opened.
        std::fs::create_dir_all(dist.join("d.js.br")).unwrap();
        std::fs::write(dist.join("d.js"), b"js").unwrap();
        let (_, _, body) = fetch(&dist, Method::GET, "/d.js", &takes).await;
        assert_eq!(body, b"js");
        std::fs::remove_dir_all(&dist).unwrap();
    }

    #[test]
    fn wasm_is_application_wasm() {
        assert_eq!(content_type(Path::new("a/b_bg.wasm")), "application/wasm");
        assert_eq!(
            content_type(Path::new("index.html")),
            "text/html; charset=utf-8"
        );
        assert_eq!(
            content_type(Path::new("x.unknown")),
            "application/octet-stream"
        );
    }
}
