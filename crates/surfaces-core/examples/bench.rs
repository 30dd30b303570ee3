//! Native benchmark of card checking and folding: `scripts/bench.sh` runs it in release mode
//! on the workloads `bench/gen-workloads.mjs` writes to `target/bench/`. Prints JSON.

use std::time::Instant;

use surfaces_core::a2ui::{ApplyContext, Limits, SurfaceStore};
use surfaces_core::card::{check_card, CardOptions};

fn median_ms(reps: usize, mut f: impl FnMut()) -> f64 {
    for _ in 0..3 {
        f();
    }
    let mut samples: Vec<f64> = (0..reps)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

fn main() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let reps: usize = std::env::var("BENCH_REPS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(30);
    let mut out = serde_json::Map::new();
    let only = std::env::var("BENCH_ONLY").ok();
    for card in ["larkfield", "hostile", "sdk-hybrid"] {
        if only.is_some() {
            break;
        }
        let text = std::fs::read_to_string(root.join(format!("tests/fixtures/cards/{card}.json")))
            .unwrap();
        let options = CardOptions {
            fetched_from: Some("https://agent.example/".into()),
            ..Default::default()
        };
        let ms = median_ms(reps * 100, || {
            check_card(&text, &options).unwrap();
        });
        out.insert(
            format!("card {card}"),
            serde_json::json!({ "medianMs": ms, "bytes": text.len() }),
        );
    }
    let limits = Limits {
        envelopes: usize::MAX,
        surfaces: 10_000,
        components: 100_000,
        depth: 1000,
        data_model_bytes: usize::MAX,
        text_chars: usize::MAX,
        options: usize::MAX,
        id_chars: usize::MAX,
        part_bytes: usize::MAX,
        envelope_values: usize::MAX,
        update_burst: u32::MAX,
        updates_per_second: 1e9,
        ..Limits::default()
    };
    // The workloads bench/gen-workloads.mjs wrote, in its order.
    let list = root.join("target/bench/workloads.json");
    let Some(names) = std::fs::read_to_string(&list)
        .ok()
        .and_then(|t| serde_json::from_str::<Vec<String>>(&t).ok())
    else {
        eprintln!(
            "no workloads: run bench/gen-workloads.mjs first ({})",
            list.display()
        );
        println!("{}", serde_json::to_string_pretty(&out).unwrap());
        return;
    };
    for w in &names {
        let path = root.join(format!("target/bench/{w}.json"));
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!(
                "skipping {w}: run bench/gen-workloads.mjs first ({})",
                path.display()
            );
            continue;
        };
        if only.as_ref().is_some_and(|only| only != w) {
            continue;
        }
        let mut check = SurfaceStore::new(limits.clone());
        let envelopes = check.apply_text(&text, &ApplyContext::default());
        assert_eq!(check.report().ignored, 0, "{w}: every envelope is accepted");
        let ms = median_ms(reps, || {
            let mut s = SurfaceStore::new(limits.clone());
            s.apply_text(&text, &ApplyContext::default());
        });
        out.insert(
            format!("fold {w}"),
            serde_json::json!({ "medianMs": ms, "bytes": text.len(), "envelopes": envelopes }),
        );
    }
    println!("{}", serde_json::to_string_pretty(&out).unwrap());
}
