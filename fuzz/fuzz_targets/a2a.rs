//! What an agent sends over A2A, read as a client reads it: any bytes, cut into pieces at any
//! point, go through the server-sent-events decoder into the task view (turns, artifacts,
//! A2UI surfaces) and the action attempts, in both protocol versions; and every event's JSON
//! goes through the reader for JavaScript clients' objects (`a2a::sdk`). Never a panic, and
//! everything the view keeps stays within its limits.
#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use surfaces_a2a::{sdk, Attempts, ProtocolVersion, SseDecoder, SseLimits, TaskLimits, TaskView};
use surfaces_core::a2ui::Limits;
use surfaces_fuzz::{assert_code, assert_path, within};

/// Far above what the decoder's and the fold's bounds allow for one input.
const MAX_READ: Duration = Duration::from_secs(2);

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let version = if first & 1 == 0 {
        ProtocolVersion::V0_3
    } else {
        ProtocolVersion::V1_0
    };
    // Small limits, so that small inputs cross them.
    let sse = SseLimits {
        line_bytes: 512,
        event_bytes: 1024,
        events: 64,
    };
    let limits = TaskLimits {
        turns: 8,
        artifacts: 4,
        seen_ids: 32,
        findings: 16,
        kept_bytes: 4096,
    };
    let mut view = TaskView::new(first & 2 == 0, Limits::default(), limits);
    let mut attempts = Attempts::default();
    let _ = attempts.begin("s", "b", "key-1");
    let answering = ["key-1".to_string()];
    // Cut wherever the input says: a stream arrives in pieces of any size.
    let step = usize::from(first >> 2).max(1);
    let mut decoder = SseDecoder::new(sse);
    within("a stream", MAX_READ, || {
        for piece in rest.chunks(step) {
            view.apply_stream_bytes_with(version, &mut decoder, piece, |e| {
                attempts.on_task_read(e, &surfaces_a2a::saved::keys_answered(e));
                attempts.on_answer(e, &answering);
            });
        }
        decoder.finish();
        view.stream_ended();
        attempts.answer_ended(&answering);
    });
    check(&view, &limits);

    // The same bytes as one answer, and as what a JavaScript client would hand over.
    let text = String::from_utf8_lossy(rest);
    let mut other = TaskView::new(true, Limits::default(), limits);
    within("an answer", MAX_READ, || {
        other.apply_text(version, &text);
        if let Ok(v) = serde_json::from_str::<Value>(&text) {
            for candidate in [&v, v.get("result").unwrap_or(&Value::Null)] {
                match sdk::event(candidate) {
                    Ok(e) => {
                        attempts.on_answer(&e, &answering);
                        other.apply(e);
                    }
                    Err(f) => {
                        assert_code(f.code.as_str());
                        assert_path(&f.path);
                    }
                }
            }
        }
    });
    check(&other, &limits);
});

fn check(view: &TaskView, limits: &TaskLimits) {
    assert!(
        view.turns.len() <= limits.turns,
        "{} turns",
        view.turns.len()
    );
    assert!(
        view.artifacts.len() <= limits.artifacts,
        "{} artifacts",
        view.artifacts.len()
    );
    assert!(
        view.findings.len() <= limits.findings,
        "{} findings",
        view.findings.len()
    );
    for f in &view.findings {
        assert_code(f.code.as_str());
        assert_path(&f.path);
    }
    let report = view.surfaces.report();
    assert_eq!(report.envelopes, report.applied + report.ignored);
}
