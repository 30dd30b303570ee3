//! The `surfaces` binary as a publisher's CI would run it (native only: a wasm32 build has
//! no processes to spawn).
#![cfg(not(target_arch = "wasm32"))]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn fixture(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/cards")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

fn surfaces(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_surfaces"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    if let Some(s) = stdin {
        // A command that exits early (a usage error) may close its input first.
        let _ = input.write_all(s.as_bytes());
    }
    drop(input);
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn larkfield_is_clean_and_marks_cross_origin() {
    let o = surfaces(
        &[
            "card",
            &fixture("larkfield.json"),
            "--origin",
            "https://agent.larkfield.example/.well-known/agent-card.json",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let out = stdout(&o);
    assert!(
        out.contains("UI links present, 3 entries (3 linkable)"),
        "{out}"
    );
    assert!(
        out.contains("CROSS-ORIGIN (status.larkfield.example)"),
        "{out}"
    );
    assert!(
        out.contains("views: directory [2]  engagement [1, 2]  operator [0]  all [0, 1, 2]"),
        "{out}"
    );
    assert!(out.contains("0 errors, 0 warnings, 0 info"), "{out}");
}

#[test]
fn json_report_has_the_documented_shape() {
    let o = surfaces(
        &[
            "card",
            &fixture("larkfield.json"),
            "--json",
            "--origin=https://agent.larkfield.example/",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["uiLinks"], "present");
    assert_eq!(v["views"]["directory"], serde_json::json!([2]));
    assert_eq!(v["entries"][1]["skillDeclared"], true);
    assert_eq!(v["entries"][2]["sameOrigin"], false);
}

#[test]
fn errors_exit_one() {
    let o = surfaces(&["card", &fixture("hostile.json")], None);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("url-not-https"), "{out}");
    // The bidi override in a label is escaped, not passed to the terminal.
    assert!(out.contains("\\u{202e}"), "{out}");
    assert!(!out.contains('\u{202e}'));
}

#[test]
fn terminal_escapes_never_reach_the_terminal() {
    let card = r#"{"capabilities":{"extensions":[{"uri":"https://dev.agentmesh.ai/extensions/ui-links/v1","params":{"uis":[{"url":"https://a.example/","label":"A\u001b]0;pwned\u0007\u001b[2J"}]}}]}}"#;
    let o = surfaces(&["card", "-"], Some(card));
    assert_eq!(o.status.code(), Some(0));
    assert!(!o.stdout.contains(&0x1b), "raw ESC reached stdout");
}

#[test]
fn stdin_and_absent() {
    let o = surfaces(&["card", "-"], Some(r#"{"name":"x"}"#));
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("UI links absent"));
    let o = surfaces(&["card", "-"], Some("{nope"));
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("card-not-json"));
}

#[test]
fn usage_and_io_problems_exit_two() {
    for args in [
        vec![],
        vec!["frobnicate"],
        vec!["card"],
        vec!["card", "/no/such/file.json"],
        vec!["card", "-", "--origin"],
        vec!["card", "-", "--origin", "not a url"],
        vec!["card", "-", "--bogus"],
        vec!["card", "a.json", "b.json"],
    ] {
        let o = surfaces(&args, Some("{}"));
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("usage:"),
            "{args:?}"
        );
    }
    assert_eq!(surfaces(&["--help"], None).status.code(), Some(0));
}

fn spec_example(name: &str) -> String {
    let dir = std::env::var("AGENT_SURFACES_SPEC")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/spec"));
    dir.join("a2ui/v0_9/catalogs/basic/examples")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

#[test]
fn a2ui_official_example_exits_zero() {
    let o = surfaces(&["a2ui", &spec_example("09_login-form.json")], None);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("0 ignored"));
}

#[test]
fn a2ui_hostile_stream_exits_one_and_reports_json() {
    let hostile =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/a2ui/hostile.json");
    let o = surfaces(&["a2ui", hostile.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("15 invalid interface updates ignored."),
        "{}",
        stdout(&o)
    );
    assert!(
        !stdout(&o).contains('\u{202e}'),
        "bidi controls are escaped"
    );
    let o = surfaces(&["a2ui", hostile.to_str().unwrap(), "--json"], None);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        (
            v["envelopes"].as_u64(),
            v["applied"].as_u64(),
            v["ignored"].as_u64()
        ),
        (Some(18), Some(3), Some(15))
    );
    assert_eq!(v["surfaces"][0]["surfaceId"], "main");
    assert_eq!(v["findings"][0]["envelope"], 3);
}

#[test]
fn a2ui_json_lines_from_stdin_and_limits() {
    let lines = concat!(
        r#"{"version":"v0.9","createSurface":{"surfaceId":"a","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}"#,
        "\n",
        r#"{"version":"v0.9","createSurface":{"surfaceId":"b","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}"#,
        "\n"
    );
    assert_eq!(surfaces(&["a2ui", "-"], Some(lines)).status.code(), Some(0));
    let o = surfaces(
        &["a2ui", "-", "--limit", "surfaces=1", "--json"],
        Some(lines),
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("surface-limit"));
    for bad in ["surfaces", "nope=1", "surfaces=x"] {
        assert_eq!(
            surfaces(&["a2ui", "-", "--limit", bad], Some(lines))
                .status
                .code(),
            Some(2),
            "{bad}"
        );
    }
}
