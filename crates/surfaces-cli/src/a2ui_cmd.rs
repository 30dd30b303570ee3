use std::fmt::Write;
use std::time::Instant;

use serde_json::{Map, Value};
use surfaces_core::a2ui::{A2uiReport, ApplyContext, Limits, SurfaceStore};

use crate::term::{finding_line, safe};
use crate::{read_input, Usage};

/// `--limit name=value`: the names are the npm package's (`envelopes`, `dataModelBytes`, …).
fn parse_limits(given: &[String]) -> Result<Limits, Usage> {
    let mut obj = Map::new();
    for g in given {
        let (name, value) = g
            .split_once('=')
            .ok_or_else(|| Usage(format!("--limit takes name=value, not {g:?}")))?;
        let value: f64 = value
            .parse()
            .map_err(|_| Usage(format!("--limit {name}: {value:?} is not a number")))?;
        let number = if value.fract() == 0.0 && value >= 0.0 {
            Value::from(value as u64)
        } else {
            Value::from(value)
        };
        obj.insert(name.to_string(), number);
    }
    serde_json::from_value(Value::Object(obj)).map_err(|e| Usage(format!("--limit: {e}")))
}

pub fn run(args: &[String]) -> Result<bool, Usage> {
    let mut file = None;
    let mut json = false;
    let mut limits = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--json" => json = true,
            "--limit" => limits.push(
                it.next()
                    .ok_or_else(|| Usage("--limit needs name=value".into()))?
                    .clone(),
            ),
            s if s.starts_with("--limit=") => limits.push(s["--limit=".len()..].to_string()),
            s if s.starts_with('-') && s != "-" => {
                return Err(Usage(format!("unknown option {s:?}")))
            }
            s if file.is_none() => file = Some(s.to_string()),
            s => return Err(Usage(format!("unexpected argument {s:?}"))),
        }
    }
    let file = file.ok_or_else(|| Usage("a2ui needs a FILE (or - for standard input)".into()))?;
    let limits = parse_limits(&limits)?;
    let text = read_input(&file)?;
    let mut store = SurfaceStore::new(limits);
    let started = Instant::now();
    store.apply_text(&text, &ApplyContext::default());
    let fold_ms = started.elapsed().as_secs_f64() * 1000.0;
    let report = store.report();
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&report.to_json()).expect("serialises")
        );
    } else {
        print!("{}", summary(&file, &report, fold_ms));
    }
    Ok(report.ignored == 0 && !report.findings.iter().any(|f| f.envelope.is_none()))
}

fn summary(file: &str, r: &A2uiReport, fold_ms: f64) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{}: {} envelopes, {} applied, {} ignored ({fold_ms:.2} ms)",
        safe(file),
        r.envelopes,
        r.applied,
        r.ignored
    );
    if r.ignored > 0 {
        let _ = writeln!(s, "{} invalid interface updates ignored.", r.ignored);
    }
    for surface in &r.surfaces {
        let _ = writeln!(
            s,
            "surface {}: {} components, {}{}",
            safe(&surface.surface_id),
            surface.components,
            if surface.root {
                "root present"
            } else {
                "waiting for root"
            },
            if surface.catalog_rendered {
                String::new()
            } else {
                format!(", catalog {} not rendered", safe(&surface.catalog_id))
            }
        );
        for p in &surface.placeholders {
            let _ = writeln!(
                s,
                "  placeholder {} ({:?})",
                safe(&p.component_id),
                p.reason
            );
        }
    }
    for f in &r.findings {
        let at = f
            .envelope
            .map(|e| format!("#{e}"))
            .unwrap_or_else(|| "-".into());
        let line = finding_line(
            f.severity,
            Some(&at),
            f.code,
            &f.path,
            "(envelope)",
            &f.message,
        );
        let _ = writeln!(s, "{line}");
    }
    s
}
