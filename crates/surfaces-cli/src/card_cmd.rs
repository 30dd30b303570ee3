use std::fmt::Write as _;
use std::io::Write;

use clap::error::ErrorKind;
use surfaces_core::card::{check_card_bytes, CardLimits, CardOptions, CardReport, Entry};
use surfaces_core::Severity;

use crate::args::{limits, usage, CardArgs};
use crate::out::{json_text, Out};
use crate::read_input;
use crate::term::{finding_line, safe};

pub fn run(args: &CardArgs, out: &mut Out<impl Write>) -> Result<bool, clap::Error> {
    let limits: CardLimits = limits("card", &args.limits)?;
    let options = CardOptions {
        fetched_from: args.origin.clone(),
        limits,
    };
    let file = args.file.as_str();
    let input = read_input(file, options.limits.card_bytes)?;
    // Past the cap the core reads the cap and one byte more, and says the card is too large.
    // (--origin was judged when it was parsed: this error is not expected.)
    let mut report = check_card_bytes(&input.bytes, &options)
        .map_err(|e| usage("card", ErrorKind::ValueValidation, format!("--origin: {e}")))?;
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
    if args.json {
        out.write_str(&json_text(&report.to_json()));
        out.write_str("\n");
    } else {
        out.write_str(&summary(file, &report, options.fetched_from.is_some()));
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
        let line = finding_line(
            f.severity,
            None,
            f.code.as_str(),
            &f.path,
            "(card)",
            &f.message,
        );
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
