use std::fmt::Write as _;
use std::io::Write;

use surfaces_core::card::{check_card_bytes, CardLimits, CardOptions, CardReport, Entry};
use surfaces_core::Severity;

use crate::out::{json_text, Out};
use crate::term::{finding_line, safe};
use crate::{limits_object, read_input, Usage};

pub fn run(args: &[String], out: &mut Out<impl Write>) -> Result<bool, Usage> {
    let mut file = None;
    let mut origin = None;
    let mut json = false;
    let mut limits = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--json" => json = true,
            "--origin" => {
                origin = Some(
                    it.next()
                        .ok_or_else(|| Usage("--origin needs a URL".into()))?
                        .clone(),
                )
            }
            s if s.starts_with("--origin=") => origin = Some(s["--origin=".len()..].to_string()),
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
    let file = file.ok_or_else(|| Usage("card needs a FILE (or - for standard input)".into()))?;
    let limits: CardLimits = serde_json::from_value(limits_object(&limits)?)
        .map_err(|e| Usage(format!("--limit: {e}")))?;
    let options = CardOptions {
        fetched_from: origin,
        limits,
    };
    let input = read_input(&file, options.limits.card_bytes)?;
    // Past the cap the core reads the cap and one byte more, and says the card is too large.
    let mut report = check_card_bytes(&input.bytes, &options).map_err(|e| Usage(e.to_string()))?;
    if input.over_cap() {
        for f in report
            .findings
            .iter_mut()
            .filter(|f| f.code == "card-too-large")
        {
            f.message = format!(
                "The card is {}; cards over {} bytes are not read.",
                input.size_text(),
                input.cap
            );
        }
    }
    if json {
        out.write_str(&json_text(&report.to_json()));
        out.write_str("\n");
    } else {
        out.write_str(&summary(&file, &report, options.fetched_from.is_some()));
    }
    Ok(!report.has_errors())
}

fn entry_line(e: &Entry, with_origin: bool) -> String {
    let mut s = String::new();
    let label = e
        .label
        .as_deref()
        .map(safe)
        .unwrap_or_else(|| "(no label)".into());
    let target = match (&e.url, &e.url_text) {
        (Some(u), _) => safe(u),
        (None, Some(t)) => format!("not linkable: {}", safe(t)),
        (None, None) => "not linkable".into(),
    };
    let _ = writeln!(s, "  [{}] {label}  {target}", e.index);
    let mut tags = vec![
        format!(
            "audience {}",
            e.audience
                .map(|a| format!("{a:?}").to_lowercase())
                .unwrap_or_else(|| "unstated".into())
        ),
        format!(
            "access {}",
            e.access
                .map(|a| format!("{a:?}").to_lowercase())
                .unwrap_or_else(|| "unstated".into())
        ),
    ];
    if let Some(k) = &e.kind {
        tags.push(format!("kind {}", safe(k)));
    }
    if let Some(sk) = &e.skill {
        let note = if e.skill_declared == Some(false) {
            " (not declared)"
        } else {
            ""
        };
        tags.push(format!("skill {}{note}", safe(sk)));
    }
    if with_origin {
        match e.same_origin {
            Some(true) => tags.push("same origin".into()),
            Some(false) => tags.push(format!(
                "CROSS-ORIGIN ({})",
                e.host.as_deref().unwrap_or("?")
            )),
            None => {}
        }
    }
    let _ = writeln!(s, "      {}", tags.join(" · "));
    if let Some(p) = &e.purpose {
        let _ = writeln!(s, "      {}", safe(p));
    }
    s
}

pub fn summary(file: &str, r: &CardReport, with_origin: bool) -> String {
    let mut s = String::new();
    let status = format!("{:?}", r.ui_links).to_lowercase();
    let linkable = r.entries.iter().filter(|e| e.linkable).count();
    let _ = writeln!(
        s,
        "{}: UI links {status}, {} entries ({linkable} linkable)",
        safe(file),
        r.entries.len()
    );
    for e in &r.entries {
        s.push_str(&entry_line(e, with_origin));
    }
    if !r.entries.is_empty() {
        let v = &r.views;
        let _ = writeln!(
            s,
            "views: directory {:?}  engagement {:?}  operator {:?}  all {:?}",
            v.directory, v.engagement, v.operator, v.all
        );
    }
    for f in &r.findings {
        let line = finding_line(f.severity, None, f.code, &f.path, "(card)", &f.message);
        let _ = writeln!(s, "{line}");
    }
    let count = |sev| r.findings.iter().filter(|f| f.severity == sev).count();
    let _ = writeln!(
        s,
        "{} errors, {} warnings, {} info",
        count(Severity::Error),
        count(Severity::Warning),
        count(Severity::Info)
    );
    s
}
