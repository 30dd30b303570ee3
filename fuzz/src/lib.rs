//! Helpers the fuzz targets share: the invariants every finding keeps, and ids read from an
//! input so a target can poke at the components the input named.

use std::sync::OnceLock;
use std::time::Duration;

use serde_json::Value;

/// CPU time this thread has used: unlike wall-clock time, it does not grow when other
/// processes share the machine, so a limit on it does not make a target flaky.
pub fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec through a valid pointer.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// Runs `f` and fails when it used more than `limit` of CPU time. The limits the targets
/// set are far above what the core's work budgets allow (a few to a few tens of
/// milliseconds natively; AddressSanitizer and coverage make it several times slower), so
/// only work the budgets fail to count trips them. `FUZZ_SHOW_TIMES=1` prints every time.
pub fn within<T>(what: &str, limit: Duration, f: impl FnOnce() -> T) -> T {
    static SHOW: OnceLock<bool> = OnceLock::new();
    let started = thread_cpu_time();
    let out = f();
    let took = thread_cpu_time().saturating_sub(started);
    if *SHOW.get_or_init(|| std::env::var_os("FUZZ_SHOW_TIMES").is_some()) {
        eprintln!("{what}: {took:?}");
    }
    assert!(
        took <= limit,
        "{what} used {took:?} of CPU time; the limit is {limit:?}"
    );
    out
}

/// A finding's code is public API: non-empty kebab-case (`a-z`, `0-9`, single `-` inside).
pub fn assert_code(code: &str) {
    assert!(
        !code.is_empty()
            && !code.starts_with('-')
            && !code.ends_with('-')
            && !code.contains("--")
            && code
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
        "finding code {code:?} is not kebab-case"
    );
}

/// A finding's path is an RFC 6901 pointer into the checked document: `""` or `/…`.
pub fn assert_path(path: &str) {
    assert!(
        path.is_empty() || path.starts_with('/'),
        "finding path {path:?} is neither empty nor absolute"
    );
}

/// At most this many ids are collected, so one input cannot make a target slow.
pub const MAX_IDS: usize = 64;

/// Strings under an `id` key anywhere in the input, read as JSON or as JSON Lines.
pub fn ids_in(bytes: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    let Ok(text) = std::str::from_utf8(bytes) else {
        return out;
    };
    if let Ok(v) = serde_json::from_str::<Value>(text) {
        collect_ids(&v, &mut out, 0);
    } else {
        for line in text.lines() {
            if let Ok(v) = serde_json::from_str::<Value>(line) {
                collect_ids(&v, &mut out, 0);
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

fn collect_ids(v: &Value, out: &mut Vec<String>, depth: usize) {
    if out.len() >= MAX_IDS || depth > 64 {
        return;
    }
    match v {
        Value::Object(o) => {
            for (k, x) in o {
                match (k.as_str(), x) {
                    ("id", Value::String(s)) if out.len() < MAX_IDS => out.push(s.clone()),
                    _ => collect_ids(x, out, depth + 1),
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| collect_ids(x, out, depth + 1)),
        _ => {}
    }
}
