use std::fmt::Write as _;
use std::io::Write;
use std::time::Instant;

use surfaces_core::a2ui::{A2uiReport, ApplyContext, Limits, SurfaceStore};

use crate::out::{json_text, Out};
use crate::term::{finding_line, safe};
use crate::{limits_object, read_input, Usage};

pub fn run(args: &[String], out: &mut Out<impl Write>) -> Result<bool, Usage> {
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
    let limits: Limits = serde_json::from_value(limits_object(&limits)?)
        .map_err(|e| Usage(format!("--limit: {e}")))?;
    let input = read_input(&file, limits.part_bytes)?;
    let mut store = SurfaceStore::new(limits);
    let ctx = ApplyContext::default();
    let started = Instant::now();
    if input.over_cap() {
        // Too large whatever the bytes are, even cut inside a character: the core is given
        // text of more than partBytes (lossy, so never shorter) and says so without reading it.
        store.apply_text(&String::from_utf8_lossy(&input.bytes), &ctx);
    } else {
        store.apply_bytes(&input.bytes, &ctx);
    }
    let fold_ms = started.elapsed().as_secs_f64() * 1000.0;
    let mut report = store.report();
    if input.over_cap() {
        for f in report
            .findings
            .iter_mut()
            .filter(|f| f.code == "part-too-large")
        {
            f.message = format!(
                "The text is {}; over {} it is not read.",
                input.size_text(),
                input.cap
            );
        }
    }
    if json {
        out.write_str(&json_text(&report.to_json()));
        out.write_str("\n");
    } else {
        out.write_str(&summary(&file, &report, fold_ms));
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
