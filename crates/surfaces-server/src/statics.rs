//! The built console's files, from one directory, by plain names only.

use std::path::{Path, PathBuf};

use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, HeaderValue, Method, StatusCode};
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
        let plain = !seg.is_empty()
            && !seg.starts_with('.')
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

pub(crate) async fn serve_file(dist: &Path, req: Request) -> Response {
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return method_not_allowed("GET, HEAD");
    }
    let Some(file) = file_for(dist, req.uri().path()) else {
        return error(StatusCode::NOT_FOUND, "not found");
    };
    // Files only: a directory (or anything else) is not served.
    match tokio::fs::metadata(&file).await {
        Ok(m) if m.is_file() => {}
        _ => return error(StatusCode::NOT_FOUND, "not found"),
    }
    let Ok(opened) = tokio::fs::File::open(&file).await else {
        return error(StatusCode::NOT_FOUND, "not found");
    };
    // The length of the file opened, not of the name looked at before (it may have been
    // replaced meanwhile).
    let Ok(len) = opened.metadata().await.map(|m| m.len()) else {
        return error(StatusCode::NOT_FOUND, "not found");
    };
    let mut r = (StatusCode::OK, streamed(opened, len)).into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_LENGTH, HeaderValue::from(len));
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(content_type(&file)),
    );
    // Trunk builds with stable names (filehash = false): always revalidate.
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
