//! The A2UI cases of `tests/fixtures/a2ui-cases.json` (docs/a2ui-cases.md) through the
//! built `surfaces` binary: each case's stream written to a file and read by
//! `surfaces a2ui FILE --json` (the report), `--render` (the render views) and
//! `--surface S --component C [--edit P=JSON]... [--scope P]` (each click), held to the same
//! expectations as the core's own run. A case, or a part of one, that the command line
//! cannot express is left out: another A2A context or a clock, a host allowlist, person
//! steps before input, `acceptAgent`/`keepMine`, and a report or render after edits.

#[path = "../../surfaces-core/tests/support/a2ui_cases.rs"]
mod a2ui_cases;

use std::path::{Path, PathBuf};
use std::process::Command;

use a2ui_cases::{diff, refused, render_view, report_view, sent, Action, Case};
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_surfaces");

/// The stream of a case as one file's text, when the command line can read it as the
/// core read it: input steps with no context, clock or per-part limit, all before any
/// person step, and either all `envelopes` (joined into one array) or one `text`.
fn stream(case: &Case) -> Option<String> {
    if case.allowed_hosts.is_some() {
        return None;
    }
    // A limit per part (one call that applies text) tells the steps apart, which one file
    // read as one part does not.
    if case
        .limits
        .as_ref()
        .is_some_and(|l| l.contains_key("idnHosts"))
    {
        return None;
    }
    let inputs = case.steps.iter().take_while(|s| !s.is_person()).count();
    let (input, person) = case.steps.split_at(inputs);
    if person.iter().any(|s| !s.is_person())
        || input
            .iter()
            .any(|s| s.context_id.is_some() || s.now_ms.is_some())
    {
        return None;
    }
    if let [only] = input {
        if let Some(text) = &only.text {
            return Some(text.clone());
        }
    }
    let mut all = Vec::new();
    for s in input {
        all.extend(s.envelopes.clone()?);
    }
    Some(Value::Array(all).to_string())
}

fn limit_args(case: &Case) -> Vec<String> {
    case.limits
        .iter()
        .flatten()
        .flat_map(|(k, v)| ["--limit".to_string(), format!("{k}={v}")])
        .collect()
}

/// Runs `surfaces a2ui FILE ARGS...`: (exit status, standard output as JSON).
fn surfaces(file: &Path, args: &[String]) -> (i32, Value) {
    let out = Command::new(BIN)
        .arg("a2ui")
        .arg(file)
        .args(args)
        .output()
        .expect("run surfaces");
    let status = out.status.code().expect("an exit status");
    let stdout = String::from_utf8(out.stdout).expect("UTF-8 output");
    let json = serde_json::from_str(&stdout).unwrap_or_else(|e| {
        panic!(
            "surfaces a2ui {args:?}: not JSON ({e}), exit {status}: {stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (status, json)
}

struct Checked {
    reports: usize,
    renders: usize,
    clicks: usize,
    skipped: Vec<String>,
}

/// Runs what the command line can express of one case; returns the differences.
fn check(case: &Case, file: &Path, seen: &mut Checked) -> Vec<String> {
    let want = case.expect.as_ref().expect("every case has an expectation");
    let mut out = Vec::new();
    let Some(text) = stream(case) else {
        seen.skipped.push(case.name.clone());
        return out;
    };
    std::fs::write(file, text).expect("write the stream");
    let limits = limit_args(case);
    let edits_anything = case
        .steps
        .iter()
        .any(|s| matches!(s.action(), Action::Edit(_)));

    // The report: exit 0 when nothing was ignored and the whole input had no error, else 1.
    if !edits_anything {
        let mut args = limits.clone();
        args.push("--json".into());
        let (status, report) = surfaces(file, &args);
        let got = report_view(&report);
        diff("/report", &got, &want.report, &mut out);
        let whole_input_error = got["findings"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|f| f["envelope"].is_null() && f["severity"] == "error");
        let clean = got["ignored"] == 0 && !whole_input_error;
        if status != if clean { 0 } else { 1 } {
            out.push(format!("--json: exit {status}, clean {clean}"));
        }
        seen.reports += 1;
    }
    let mut locale = Vec::new();
    if let Some(tag) = &case.locale {
        locale = vec!["--locale".to_string(), tag.clone()];
    }

    // The render views.
    if !edits_anything && !case.render.is_empty() {
        let mut args = limits.clone();
        args.extend(locale.clone());
        args.push("--render".into());
        let (_, rendered) = surfaces(file, &args);
        for id in &case.render {
            let got = render_view(&rendered["surfaces"][id]);
            diff(&format!("/render/{id}"), &got, &want.render[id], &mut out);
        }
        seen.renders += 1;
    }

    // Each click, after the edits before it (each of which the core accepted).
    let mut edits: Vec<String> = Vec::new();
    for (i, step) in case.steps.iter().enumerate() {
        match step.action() {
            Action::Edit(e) if want.steps[i]["ok"] == true => {
                edits.push("--edit".into());
                edits.push(format!("{}={}", e.pointer, e.value));
            }
            Action::Click(c) if clicks_surface_edited(case, i, c) => {
                let mut args = limits.clone();
                args.extend(locale.clone());
                args.extend([
                    "--surface".to_string(),
                    c.surface_id.clone(),
                    "--component".into(),
                    c.component_id.clone(),
                    "--timestamp".into(),
                    c.timestamp().to_string(),
                ]);
                if !c.scope.is_empty() {
                    args.extend(["--scope".to_string(), c.scope.clone()]);
                }
                args.extend(edits.clone());
                let (status, printed) = surfaces(file, &args);
                let got = match printed.get("refused") {
                    Some(r) => {
                        if status != 3 {
                            out.push(format!("/steps/{i}: refused with exit {status}, not 3"));
                        }
                        refused(
                            r["code"].as_str().unwrap_or("?"),
                            r["message"].as_str().unwrap_or("?").to_string(),
                        )
                    }
                    None => sent(printed),
                };
                diff(&format!("/steps/{i}"), &got, &want.steps[i], &mut out);
                seen.clicks += 1;
            }
            Action::Input { .. } | Action::Click(_) => {}
            // A refused edit, acceptAgent or keepMine: later clicks are not expressible.
            _ => return out,
        }
    }
    out
}

/// The CLI applies `--edit`s to the clicked surface only: a click is expressible when every
/// edit before it was to that surface.
fn clicks_surface_edited(case: &Case, upto: usize, c: &a2ui_cases::Click) -> bool {
    case.steps[..upto].iter().all(|s| match s.action() {
        Action::Edit(e) => e.surface_id == c.surface_id,
        _ => true,
    })
}

#[test]
fn every_case_holds_through_the_cli() {
    let dir = std::env::temp_dir().join(format!("surfaces-a2ui-cases-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let file: PathBuf = dir.join("stream.json");
    let cases = a2ui_cases::cases();
    let mut seen = Checked {
        reports: 0,
        renders: 0,
        clicks: 0,
        skipped: Vec::new(),
    };
    let mut failures = Vec::new();
    for case in &cases {
        let found = check(case, &file, &mut seen);
        if !found.is_empty() {
            failures.push(format!("case {:?}:\n  {}", case.name, found.join("\n  ")));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!(
        "{} cases: {} reports, {} renders, {} clicks checked through the CLI; not expressible: {:?}",
        cases.len(),
        seen.reports,
        seen.renders,
        seen.clicks,
        seen.skipped
    );
    assert!(
        failures.is_empty(),
        "{} A2UI cases differ through `surfaces a2ui` from {} (if the core's run passes, the CLI differs from the core):\n{}",
        failures.len(),
        a2ui_cases::FIXTURE,
        failures.join("\n")
    );
    assert!(
        seen.reports >= 50 && seen.clicks >= 10 && seen.renders >= 15,
        "the CLI checks too little of the corpus: {} reports, {} clicks, {} renders",
        seen.reports,
        seen.clicks,
        seen.renders
    );
}
