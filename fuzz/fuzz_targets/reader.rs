//! Reading A2UI input as it comes off a file or socket: any bytes (a JSON array,
//! `{"messages": […]}`, one envelope, JSON Lines, or garbage) give a report, never a panic.
//! Text is read as scanned bytes are (`apply_scanned`), though a JSON array given as text is
//! read straight into the store, with no scan first unless something is wrong in it: both
//! give the same report, and so do the bytes as `apply_bytes` takes them (as text when they
//! are UTF-8).
//! The same text as UTF-16 units folds alike too, and any units as their UTF-8 does.
//! And an array folds alike as text (large data values kept as tapes until read) and as
//! parsed values (every value built at once).
#![no_main]

use libfuzzer_sys::fuzz_target;
use surfaces_core::a2ui::{ApplyContext, SurfaceStore};
use surfaces_core::utf16::Utf16Text;
use surfaces_core::Code;
use surfaces_fuzz::{assert_code, assert_path};

fuzz_target!(|data: &[u8]| {
    let mut store = SurfaceStore::default();
    store.apply_scanned(data, &ApplyContext::default());
    let report = store.report();
    let mut by_bytes = SurfaceStore::default();
    by_bytes.apply_bytes(data, &ApplyContext::default());
    assert_eq!(by_bytes.report(), report, "bytes fold as scanned");
    // `apply_bytes` reads as text what simdutf8 takes for UTF-8: the standard library's
    // verdict, always.
    assert_eq!(
        simdutf8::basic::from_utf8(data).is_ok(),
        std::str::from_utf8(data).is_ok(),
        "simdutf8 and str::from_utf8 disagree"
    );
    assert_eq!(
        report.envelopes,
        report.applied + report.ignored,
        "every envelope read is either applied or ignored"
    );
    assert!(
        report.surfaces.len() <= store.limits.surfaces,
        "more surfaces alive than the limit"
    );
    for f in &report.findings {
        assert_code(f.code.as_str());
        assert!(
            f.severity == f.code.severity() || f.code == surfaces_core::Code::FindingsTruncated,
            "{f:?}"
        );
        assert_path(&f.path);
        if let Some(i) = f.envelope {
            assert!(
                i < report.envelopes,
                "finding names envelope {i} of {}",
                report.envelopes
            );
        }
    }
    for s in &report.surfaces {
        assert!(
            s.components <= store.limits.components,
            "surface holds more components than the limit"
        );
        let bytes = serde_json::to_string(&s.data_model).unwrap().len();
        assert!(
            bytes <= store.limits.data_model_bytes,
            "surface {:?} holds a {bytes}-byte data model",
            s.surface_id
        );
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let mut by_text = SurfaceStore::default();
        by_text.apply_text(text, &ApplyContext::default());
        assert_eq!(by_text.report(), report, "text and scanned bytes fold alike");
        // Given as UTF-16 units, as the npm package gives a JavaScript string in Node.
        let units: Vec<u16> = text.encode_utf16().collect();
        let mut by_units = SurfaceStore::default();
        by_units.apply_utf16(Utf16Text::from_units(&units), &ApplyContext::default());
        assert_eq!(by_units.report(), report, "units and bytes fold alike");
    }
    // Any units (lone surrogates included) fold as the UTF-8 a `TextEncoder` makes of them.
    let units: Vec<u16> = data
        .chunks_exact(2)
        .map(|p| u16::from_le_bytes([p[0], p[1]]))
        .collect();
    let mut by_units = SurfaceStore::default();
    by_units.apply_utf16(Utf16Text::from_units(&units), &ApplyContext::default());
    let mut by_lossy = SurfaceStore::default();
    by_lossy.apply_text(&String::from_utf16_lossy(&units), &ApplyContext::default());
    assert_eq!(by_units.report(), by_lossy.report(), "units fold as their UTF-8");
    // A JSON array read from text keeps large data values as tapes until they are read; as
    // parsed values, every value is built at once. Both hold the same.
    // (Only where the scan finds the text clean: a value nested 100 deep, which serde_json
    // parses and the scan refuses, is refused by text alone, tapes or not.)
    if let Ok(serde_json::Value::Array(items)) = serde_json::from_slice(data) {
        let text = serde_json::Value::Array(items.clone()).to_string();
        if surfaces_core::json_scan::scan_document(text.as_bytes(), false)
            .is_ok_and(|issues| issues.is_empty())
        {
            let mut taped = SurfaceStore::default();
            taped.apply_text(&text, &ApplyContext::default());
            let mut built = SurfaceStore::default();
            built.apply_data_owned(serde_json::Value::Array(items), &ApplyContext::default());
            assert_eq!(taped.report(), built.report(), "taped and built values fold alike");
        }
    }
    let _ = report.to_json();
    let stats = store.stats();
    assert_eq!(stats.envelopes, report.envelopes);
    // The stats count every finding; the report lists up to the limit, then one that
    // counts the rest.
    let counted = stats.findings.values().sum::<usize>();
    // (The count of the rest is the store's, not read back out of the message.)
    let dropped = store.findings_dropped();
    let truncated = report.findings.last().map(|f| f.code) == Some(Code::FindingsTruncated);
    assert_eq!(truncated, dropped > 0);
    if let Some(f) = report.findings.last().filter(|_| truncated) {
        assert_eq!(report.findings.len() - 1, store.limits.findings);
        assert!(f.message.starts_with(&format!("{dropped} ")), "{f:?}");
    }
    assert_eq!(counted, report.findings.len() - usize::from(truncated) + dropped);
});
