use std::fmt::Write as _;
use std::io::Write;
use std::time::Duration;

use clap::error::ErrorKind;
use serde_json::{json, Value};
use surfaces_core::card::{check_card_bytes, CardLimits, CardOptions, CardReport, Entry};
use surfaces_core::Severity;

use crate::args::{io_problem, limits, usage, CardArgs};
use crate::fetch::{self, Fetched};
use crate::out::{json_text, Out};
use crate::term::{finding_line, safe};
use crate::{read_input, Input};

pub fn run(args: &CardArgs, out: &mut Out<impl Write>) -> Result<bool, clap::Error> {
    let limits: CardLimits = limits("card", &args.limits)?;
    let file = args.file.as_str();
    let cap = limits.card_bytes;
    let (input, fetched) = if fetch::looks_like_url(file) {
        let (input, fetched) = fetch_input(args, cap)?;
        (input, Some(fetched))
    } else {
        if args.cacert.is_some() || args.timeout.is_some() {
            return Err(usage(
                "card",
                ErrorKind::ArgumentConflict,
                "--cacert and --timeout go with a URL to fetch, not with a file",
            ));
        }
        (read_input(file, cap)?, None)
    };
    let options = CardOptions {
        fetched_from: match &fetched {
            Some(f) => Some(f.url.to_string()),
            None => args.origin.clone(),
        },
        limits,
    };
    // Past the cap the core reads the cap and one byte more, and says the card is too large.
    // (--origin was judged when it was parsed, and a fetched URL is https: this error is not
    // expected.)
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
        let mut json = report.to_json();
        if let (Some(f), Value::Object(o)) = (&fetched, &mut json) {
            o.insert("fetchedFrom".into(), fetched_json(f));
        }
        out.write_str(&json_text(&json));
        out.write_str("\n");
    } else {
        let note = fetched.as_ref().map(fetched_line);
        out.write_str(&summary(
            file,
            note.as_deref(),
            &report,
            options.fetched_from.is_some(),
        ));
    }
    Ok(!report.has_errors())
}

/// The card at the URL FILE names, fetched; the URL options checked first. A URL that is not
/// `https:` and misplaced options are usage problems; a card that cannot be fetched is an I/O
/// problem, as a file that cannot be read is.
fn fetch_input(args: &CardArgs, cap: usize) -> Result<(Input, Fetched), clap::Error> {
    let url = fetch::https_url(&args.file)
        .map_err(|e| usage("card", ErrorKind::ValueValidation, safe(&e)))?;
    if args.origin.is_some() {
        return Err(usage(
            "card",
            ErrorKind::ArgumentConflict,
            "--origin cannot be used with a URL: the card is checked against the URL it is \
             fetched from",
        ));
    }
    let roots = args
        .cacert
        .as_deref()
        .map(fetch::trusted_roots)
        .transpose()
        .map_err(|e| io_problem(format!("--cacert: {}", safe(&e))))?;
    let timeout = args
        .timeout
        .unwrap_or(Duration::from_secs_f64(fetch::DEFAULT_TIMEOUT_SECS));
    let mut fetched = fetch::fetch(&url, cap, timeout, roots)
        .map_err(|e| io_problem(format!("cannot fetch {url}: {}", safe(&e))))?;
    let input = Input {
        bytes: std::mem::take(&mut fetched.bytes),
        cap,
        size: None,
    };
    Ok((input, fetched))
}

/// `fetchedFrom` in `--json`: the URL same-origin was computed against (`url`), the one asked
/// for, and the ones that redirected on the way.
fn fetched_json(f: &Fetched) -> Value {
    json!({
        "url": f.url.as_str(),
        "requested": f.redirects.first().unwrap_or(&f.url).as_str(),
        "redirects": f.redirects.iter().map(|u| u.as_str()).collect::<Vec<_>>(),
    })
}

fn fetched_line(f: &Fetched) -> String {
    match f.redirects.len() {
        0 => format!("fetched from {}", f.url),
        1 => format!("fetched from {} (after 1 redirect)", f.url),
        n => format!("fetched from {} (after {n} redirects)", f.url),
    }
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

/// The report as lines a person reads; `note` is a line under the first (where a fetched
/// card came from).
pub fn summary(file: &str, note: Option<&str>, r: &CardReport, with_origin: bool) -> String {
    let mut s = String::new();
    let status = format!("{:?}", r.ui_links).to_lowercase();
    let linkable = r.entries.iter().filter(|e| e.linkable).count();
    let _ = writeln!(
        s,
        "{}: UI links {status}, {} entries ({linkable} linkable)",
        safe(file),
        r.entries.len()
    );
    if let Some(note) = note {
        let _ = writeln!(s, "{}", safe(note));
    }
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
