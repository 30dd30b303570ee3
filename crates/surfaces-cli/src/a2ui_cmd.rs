use std::fmt::Write as _;
use std::io::Write;
use std::time::Instant;

use surfaces_core::a2ui::{A2uiReport, ApplyContext, Limits, SurfaceStore};
use surfaces_core::Severity;

use crate::args::{limits, A2uiArgs};
use crate::out::{json_text, Out};
use crate::term::{finding_line, safe};
use crate::{action_cmd, read_input, render_cmd, CLEAN, FINDINGS};

/// Folds the stream, then prints the report (the default), the render trees (`--render`)
/// or a click's action message (`--action`). The exit status is the lint's in every mode;
/// `--action` adds 3 for a refused click.
pub fn run(args: &A2uiArgs, out: &mut Out<impl Write>) -> Result<i32, clap::Error> {
    let limits: Limits = limits("a2ui", &args.limits)?;
    let file = args.file.as_str();
    let input = read_input(file, limits.part_bytes)?;
    let mut store = SurfaceStore::new(limits);
    if let Some(tag) = &args.locale {
        store
            .set_locale(tag)
            .expect("--locale is checked by the same rule");
    }
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
    // --strict: the stream has ended, so what is still missing is a defect. The warnings
    // are about the whole stream (`envelope` None) and go at the end of the findings.
    let end_of_stream = if args.strict {
        store.end_of_stream()
    } else {
        Vec::new()
    };
    let stream_warnings = args.strict.then_some(end_of_stream.len());
    report.findings.extend(end_of_stream);
    // A note about the whole input (a byte-order mark) is no failure; an error is.
    let whole_input_errors = report
        .findings
        .iter()
        .filter(|f| f.envelope.is_none() && f.severity == Severity::Error)
        .count();
    let clean = stream_warnings.unwrap_or(0) == 0 && report.ignored == 0 && whole_input_errors == 0;
    let status = if clean { CLEAN } else { FINDINGS };
    if args.render || args.action_target().is_some() {
        if !clean {
            // The output shows what the stream folded to; the findings are in the report.
            let mode = if args.render { "--render" } else { "--action" };
            let _ = writeln!(
                std::io::stderr(),
                "surfaces: the stream is not clean ({} envelopes ignored, {} errors about the whole input, {} end-of-stream warnings); run without {mode} for the findings",
                report.ignored,
                whole_input_errors,
                stream_warnings.unwrap_or(0)
            );
        }
        if args.render {
            out.write_str(&json_text(&render_cmd::render(&store, &report)));
            out.write_str("\n");
            return Ok(status);
        }
        let refused = action_cmd::run(args, &mut store, out);
        return Ok(if refused { crate::REFUSED } else { status });
    }
    if args.json {
        out.write_str(&json_text(&report.to_json()));
        out.write_str("\n");
    } else {
        out.write_str(&summary(file, &report, fold_ms, stream_warnings));
    }
    Ok(status)
}

/// `stream_warnings`: with --strict, how many end-of-stream warnings there are (they are
/// among the findings, and a last line counts them).
fn summary(file: &str, r: &A2uiReport, fold_ms: f64, stream_warnings: Option<usize>) -> String {
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
        // A finding without an envelope is about the whole input or stream.
        let whole = if f.envelope.is_some() {
            "(envelope)"
        } else {
            "(stream)"
        };
        let line = finding_line(
            f.severity,
            Some(&at),
            f.code.as_str(),
            &f.path,
            whole,
            &f.message,
        );
        let _ = writeln!(s, "{line}");
    }
    if let Some(n) = stream_warnings {
        let _ = writeln!(s, "end of stream: {n} warnings");
    }
    s
}
