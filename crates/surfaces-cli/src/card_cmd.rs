use std::fmt::Write;

use surfaces_core::card::{check_card, CardOptions, CardReport, Entry};
use surfaces_core::Severity;

use crate::term::{finding_line, safe};
use crate::{read_input, Usage};

pub fn run(args: &[String]) -> Result<bool, Usage> {
    let mut file = None;
    let mut origin = None;
    let mut json = false;
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
            s if s.starts_with('-') && s != "-" => {
                return Err(Usage(format!("unknown option {s:?}")))
            }
            s if file.is_none() => file = Some(s.to_string()),
            s => return Err(Usage(format!("unexpected argument {s:?}"))),
        }
    }
    let file = file.ok_or_else(|| Usage("card needs a FILE (or - for standard input)".into()))?;
    let text = read_input(&file)?;
    let options = CardOptions {
        fetched_from: origin,
        ..Default::default()
    };
    let report = check_card(&text, &options).map_err(|e| Usage(e.to_string()))?;
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&report.to_json()).expect("serialises")
        );
    } else {
        print!(
            "{}",
            summary(&file, &report, options.fetched_from.is_some())
        );
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
