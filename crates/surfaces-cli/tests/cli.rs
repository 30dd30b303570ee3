//! The `surfaces` binary as a publisher's CI would run it (native only: a wasm32 build has
//! no processes to spawn).
#![cfg(not(target_arch = "wasm32"))]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use serde_json::{json, Value};
use surfaces_core::a2ui::Limits;
use surfaces_core::card::CardLimits;

// The core's reader of the reference data: checks it against tests/spec.lock first.
#[path = "../../surfaces-core/tests/support/spec.rs"]
mod spec;

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
        vec!["card", "-", "--origin"],
        vec!["card", "-", "--origin", "not a url"],
        vec!["card", "-", "--bogus"],
        vec!["card", "a.json", "b.json"],
        vec!["card", "-", "--limit", "partBytes=1"],
        vec!["a2ui"],
        vec!["a2ui", "-", "--bogus"],
        vec!["a2ui", "-", "--strict=yes"],
        vec!["a2ui", "-", "--limit", "cardBytes=1"],
        vec!["a2ui", "-", "--limit", "updateBurst=1.5"],
        // Past the largest integer: refused, never taken as the largest (no limit).
        vec!["a2ui", "-", "--limit", "partBytes=18446744073709551616"],
        vec!["a2ui", "-", "--limit", "partBytes=99999999999999999999"],
        vec!["a2ui", "-", "--limit", "partBytes=1e20"],
        vec!["card", "-", "--limit", "cardBytes=18446744073709551616"],
        vec!["completions"],
        vec!["completions", "cmd.exe"],
    ] {
        let o = surfaces(&args, Some("{}"));
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("Usage:") || err.contains("try '--help'"),
            "{args:?}: {err}"
        );
        assert!(
            o.stdout.is_empty(),
            "{args:?}: usage errors print nothing on stdout"
        );
    }
    // An I/O problem names the file, without a usage line.
    let o = surfaces(&["card", "/no/such/file.json"], None);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("cannot read /no/such/file.json"), "{err}");
    assert_eq!(surfaces(&["--help"], None).status.code(), Some(0));
}

fn spec_example(name: &str) -> String {
    spec::spec_dir()
        .join("a2ui/v0_9/catalogs/basic/examples")
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
    // The applied envelope's text reorders itself (U+202E): a warning; the first refusal
    // is envelope 3's.
    assert_eq!(
        (&v["findings"][0]["envelope"], &v["findings"][0]["code"]),
        (&json!(1), &json!("text-bidi-control"))
    );
    assert_eq!(v["findings"][1]["envelope"], 3);
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
    // The largest integer is a limit like any other.
    let o = surfaces(
        &["a2ui", "-", "--limit", "partBytes=18446744073709551615"],
        Some(lines),
    );
    assert_ne!(
        o.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
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

// --- Hostile input, round two: bytes, caps, closed pipes, JSON escapes. ---

const UI_LINKS: &str = "https://dev.agentmesh.ai/extensions/ui-links/v1";
const BASIC: &str = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";

fn surfaces_bytes(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_surfaces"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    // Written from a thread: a command that stops reading early must not block the test.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

fn card_json(label: &str) -> String {
    serde_json::json!({"capabilities": {"extensions": [{"uri": UI_LINKS, "params": {"uis": [
        {"url": "https://a.example/", "label": label}
    ]}}]}})
    .to_string()
}

#[test]
fn a_card_that_is_not_utf8_is_a_finding_not_a_usage_error() {
    let o = surfaces_bytes(&["card", "-"], b"{\"name\": \"caf\xE9\"}");
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let out = stdout(&o);
    assert!(out.contains("card-not-utf8"), "{out}");
    assert!(out.contains("offset 13"), "{out}");
    let o = surfaces_bytes(&["card", "-", "--json"], b"\xFF\xFE{\x00}\x00");
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["uiLinks"], "invalid");
    assert_eq!(v["findings"][0]["code"], "card-not-utf8");
}

#[test]
fn a_stream_that_is_not_utf8_is_a_finding_not_a_usage_error() {
    let o = surfaces_bytes(&["a2ui", "-", "--json"], b"\xFF\xFE[\x00]\x00");
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let findings = v["findings"].as_array().unwrap();
    assert!(
        findings.iter().any(|f| f["severity"] == "error"),
        "{findings:?}"
    );
    assert!(o.stderr.is_empty());
}

#[test]
fn card_bytes_limit_at_and_one_past() {
    let card = card_json("A");
    let n = card.len().to_string();
    let at = format!("cardBytes={n}");
    let o = surfaces(&["card", "-", "--limit", &at], Some(&card));
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let past = format!("cardBytes={}", card.len() - 1);
    // From standard input the size is not known: reading stopped one byte past the cap.
    let o = surfaces(&["card", "-", "--limit", &past], Some(&card));
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("card-too-large"), "{out}");
    assert!(
        out.contains(&format!("more than {} bytes", card.len() - 1)),
        "{out}"
    );
    // From a file the size is known and said.
    let path = std::env::temp_dir().join(format!("surfaces-cli-card-{}.json", std::process::id()));
    std::fs::write(&path, &card).unwrap();
    let o = surfaces(&["card", path.to_str().unwrap(), "--limit", &past], None);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains(&format!("The card is {} bytes", card.len())),
        "{}",
        stdout(&o)
    );
    // Unknown limit names are misuse.
    assert_eq!(
        surfaces(&["card", "-", "--limit", "cardbytes=1"], Some(&card))
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn card_findings_limit_is_configurable() {
    let mut entry = serde_json::json!({"url": "https://a.example/", "label": "A"});
    for i in 0..5 {
        entry[format!("x{i}")] = serde_json::json!(1);
    }
    let card = serde_json::json!({"capabilities": {"extensions": [{"uri": UI_LINKS, "params": {"uis": [entry]}}]}}).to_string();
    let o = surfaces(&["card", "-", "--json", "--limit=findings=2"], Some(&card));
    assert_eq!(o.status.code(), Some(0), "warnings and info only");
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let codes: Vec<&str> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect();
    assert_eq!(
        codes,
        [
            "entry-field-unknown",
            "entry-field-unknown",
            "findings-truncated"
        ]
    );
}

#[test]
fn a2ui_part_bytes_limit_at_and_one_past_even_inside_a_character() {
    let line = format!(
        r#"{{"version":"v0.9","createSurface":{{"surfaceId":"é","catalogId":"{BASIC}"}}}}"#
    );
    let at = format!("partBytes={}", line.len());
    let o = surfaces(&["a2ui", "-", "--limit", &at], Some(&line));
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    // One byte short: reading stops in the middle of the two-byte "é"... or anywhere: the
    // stream is too large, never "not UTF-8" or "not JSON".
    let cut_at = line.find('é').unwrap() + 1;
    for cap in [cut_at - 1, cut_at, line.len() - 1] {
        let limit = format!("partBytes={cap}");
        let o = surfaces(&["a2ui", "-", "--limit", &limit, "--json"], Some(&line));
        assert_eq!(o.status.code(), Some(1));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert_eq!(v["envelopes"], 0, "{cap}");
        let codes: Vec<&str> = v["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["code"].as_str().unwrap())
            .collect();
        assert_eq!(codes, ["part-too-large"], "{cap}");
        let message = v["findings"][0]["message"].as_str().unwrap();
        assert!(
            message.contains(&format!("more than {cap} bytes")),
            "{message}"
        );
    }
}

/// Streams `total` bytes into the command and says how many it took before it stopped
/// reading and exited.
fn flood(args: &[&str], total: usize) -> (Output, usize) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_surfaces"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let chunk = vec![b' '; 64 * 1024];
        let mut sent = 0;
        while sent < total {
            match input.write(&chunk) {
                Ok(n) => sent += n,
                Err(_) => break, // the command closed its input: it read all it wanted
            }
        }
        sent
    });
    let out = child.wait_with_output().unwrap();
    (out, writer.join().unwrap())
}

#[test]
fn two_hundred_megabytes_on_stdin_are_not_read() {
    const TOTAL: usize = 200 * 1024 * 1024;
    for (args, code) in [
        (&["card", "-"][..], "card-too-large"),
        (&["a2ui", "-"][..], "part-too-large"),
    ] {
        let (o, sent) = flood(args, TOTAL);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stdout(&o));
        let out = stdout(&o);
        assert!(out.contains(code), "{out}");
        assert!(out.contains("more than 1048576 bytes"), "{out}");
        // It stopped at the cap (1 MiB and a byte), give or take what pipes buffer.
        assert!(sent < 16 * 1024 * 1024, "{args:?} took {sent} bytes");
    }
}

/// Runs the command on a large output, reads one line of it and closes the pipe.
fn read_one_line_and_hang_up(args: &[&str], stdin: Vec<u8>) -> Output {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_surfaces"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    reader.read_line(&mut first).unwrap();
    assert!(!first.is_empty());
    drop(reader); // like `| head -1`
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

#[test]
fn a_closed_pipe_ends_quietly_with_the_status_of_the_run() {
    // A2UI: 5,000 surfaces, over a megabyte of JSON and a quarter of summary.
    let mut stream = String::new();
    for i in 0..5000 {
        stream.push_str(&format!(
            "{{\"version\":\"v0.9\",\"createSurface\":{{\"surfaceId\":\"s{i}\",\"catalogId\":\"{BASIC}\"}}}}\n"
        ));
    }
    let limits = [
        "--limit",
        "surfaces=10000",
        "--limit",
        "envelopes=10000",
        "--limit",
        "partBytes=10000000",
    ];
    for json in [true, false] {
        let mut args = vec!["a2ui", "-"];
        args.extend(limits);
        if json {
            args.push("--json");
        }
        let o = read_one_line_and_hang_up(&args, stream.clone().into_bytes());
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!err.contains("panicked"), "{err}");
        assert!(err.is_empty(), "no message on a closed pipe: {err}");
        assert_eq!(o.status.code(), Some(0), "not a signal, the run's status");
    }
    // A card with 20,000 findings, and an error among them: the status stays 1.
    let mut entry = serde_json::json!({"url": "http://a.example/", "label": "A"});
    for i in 0..20_000 {
        entry[format!("x{i}")] = serde_json::json!(1);
    }
    let card = serde_json::json!({"capabilities": {"extensions": [{"uri": UI_LINKS, "params": {"uis": [entry]}}]}}).to_string();
    for json in [true, false] {
        let mut args = vec!["card", "-", "--limit", "findings=100000"];
        if json {
            args.push("--json");
        }
        let o = read_one_line_and_hang_up(&args, card.clone().into_bytes());
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!err.contains("panicked"), "{err}");
        assert!(err.is_empty(), "{err}");
        assert_eq!(o.status.code(), Some(1));
    }
}

#[test]
fn json_output_escapes_c1_controls_and_line_separators() {
    let label = "A\u{85}B\u{9b}31mC\u{2028}D\u{2029}E";
    let o = surfaces(&["card", "-", "--json"], Some(&card_json(label)));
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let raw = stdout(&o);
    for c in ['\u{85}', '\u{9b}', '\u{2028}', '\u{2029}'] {
        assert!(!raw.contains(c), "raw {c:?} in --json output");
    }
    assert!(raw.contains(r"A\u0085B\u009b31mC\u2028D\u2029E"), "{raw}");
    let v: serde_json::Value = serde_json::from_str(&raw).unwrap();
    assert_eq!(
        v["entries"][0]["label"], label,
        "the escapes mean the same text"
    );

    let stream = format!(
        "{}\n{}\n",
        serde_json::json!({"version": "v0.9", "createSurface": {"surfaceId": "a", "catalogId": BASIC}}),
        serde_json::json!({"version": "v0.9", "updateDataModel": {"surfaceId": "a", "path": "/", "value": {"t": label}}})
    );
    let o = surfaces(&["a2ui", "-", "--json"], Some(&stream));
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let raw = stdout(&o);
    assert!(!raw.contains('\u{85}') && !raw.contains('\u{9b}'), "{raw}");
    assert!(raw.contains(r"\u0085") && raw.contains(r"\u009b"), "{raw}");
    let v: serde_json::Value = serde_json::from_str(&raw).unwrap();
    assert_eq!(v["surfaces"][0]["dataModel"]["t"], label);
}

#[test]
fn usage_keeps_the_exit_status_contract() {
    let o = surfaces(&["--help"], None);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(out.contains("Exit status: 0"), "{out}");
    assert!(out.contains("2 usage or I/O problem"), "{out}");
    for command in ["card", "a2ui", "completions"] {
        assert!(out.contains(command), "{command} is listed: {out}");
    }
    for sub in ["card", "a2ui"] {
        let out = stdout(&surfaces(&[sub, "--help"], None));
        assert!(out.contains("Exit status: 0"), "{sub}: {out}");
        assert!(out.contains("2 usage or I/O problem"), "{sub}: {out}");
    }
}

// --- CLI conventions: help, version, completions. ---

/// A limit type's defaults as the JSON the `--limit` option reads, names and values.
fn defaults(v: Value) -> Vec<(String, Value)> {
    v.as_object().unwrap().clone().into_iter().collect()
}

#[test]
fn help_on_every_subcommand_lists_every_limit_with_its_default() {
    let card = defaults(serde_json::to_value(CardLimits::default()).unwrap());
    let a2ui = defaults(serde_json::to_value(Limits::default()).unwrap());
    assert!(card.len() >= 7 && a2ui.len() >= 21, "{card:?} {a2ui:?}");
    for (sub, limits) in [("card", &card), ("a2ui", &a2ui)] {
        for flag in ["--help", "-h"] {
            let o = surfaces(&[sub, flag], None);
            assert_eq!(o.status.code(), Some(0), "{sub} {flag}");
            assert!(o.stderr.is_empty(), "{sub} {flag}");
            let out = stdout(&o);
            assert!(out.contains(&format!("Usage: surfaces {sub}")), "{out}");
            for (name, value) in limits {
                let line = format!("  {name} (default {value})\n");
                assert!(out.contains(&line), "{sub} {flag} lacks {line:?}:\n{out}");
            }
        }
        // `surfaces help SUB` says the same.
        let o = surfaces(&["help", sub], None);
        assert_eq!(o.status.code(), Some(0));
        assert_eq!(stdout(&o), stdout(&surfaces(&[sub, "--help"], None)));
    }
    let out = stdout(&surfaces(&["a2ui", "--help"], None));
    for what in [
        "--strict",
        "--json",
        "--limit",
        "stream-no-root",
        "stream-orphan",
    ] {
        assert!(out.contains(what), "{what}: {out}");
    }
    let out = stdout(&surfaces(&["card", "--help"], None));
    assert!(out.contains("--origin"), "{out}");
    let o = surfaces(&["completions", "--help"], None);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("bash"), "{}", stdout(&o));
}

#[test]
fn version_is_the_crate_version_and_the_build_revision() {
    for args in [&["--version"][..], &["-V"]] {
        let o = surfaces(args, None);
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        let out = stdout(&o);
        let rest = out
            .strip_prefix(&format!("surfaces {} (", env!("CARGO_PKG_VERSION")))
            .unwrap_or_else(|| panic!("{args:?}: {out:?}"));
        let rev = rest
            .strip_suffix(")\n")
            .unwrap_or_else(|| panic!("{out:?}"));
        assert!(
            rev == "unknown" || (rev.len() >= 7 && rev.chars().all(|c| c.is_ascii_hexdigit())),
            "{out:?}"
        );
    }
}

#[test]
fn completions_print_a_script_for_each_shell() {
    let o = surfaces(&["completions", "bash"], None);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(out.contains("_surfaces()"), "{out}");
    assert!(out.contains("complete -F _surfaces"), "{out}");
    for option in ["--strict", "--origin", "--limit"] {
        assert!(out.contains(option), "{option}");
    }
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let o = surfaces(&["completions", shell], None);
        assert_eq!(o.status.code(), Some(0), "{shell}");
        assert!(stdout(&o).contains("surfaces"), "{shell}");
    }
}

#[test]
fn help_on_a_closed_pipe_ends_quietly() {
    for args in [
        &["--help"][..],
        &["a2ui", "--help"],
        &["completions", "zsh"],
    ] {
        let o = read_one_line_and_hang_up(args, Vec::new());
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.is_empty(), "{args:?}: {err}");
        assert_eq!(o.status.code(), Some(0), "{args:?}");
    }
}

// --- a2ui --strict: lint a recorded stream that has ended. ---

/// The official login form, changed by `edit` (given its components), as stream text.
fn login_form(edit: impl FnOnce(&mut Vec<Value>)) -> String {
    let text = std::fs::read_to_string(spec_example("09_login-form.json")).unwrap();
    let mut example: Value = serde_json::from_str(&text).unwrap();
    let components = example["messages"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find_map(|m| m.get_mut("updateComponents"))
        .unwrap()["components"]
        .as_array_mut()
        .unwrap();
    edit(components);
    example.to_string()
}

fn codes(report: &Value) -> Vec<&str> {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect()
}

#[test]
fn strict_passes_a_complete_official_stream() {
    let file = spec_example("09_login-form.json");
    let o = surfaces(&["a2ui", "--strict", &file], None);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("end of stream: 0 warnings"),
        "{}",
        stdout(&o)
    );
    let o = surfaces(&["a2ui", "--strict", "--json", &file], None);
    assert_eq!(o.status.code(), Some(0));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(codes(&v), Vec::<&str>::new());
    // Unchanged stream text, read from standard input: the same.
    let o = surfaces(&["a2ui", "--strict", "-"], Some(&login_form(|_| {})));
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
}

#[test]
fn strict_warns_of_what_an_ended_stream_lacks_and_exits_one() {
    let no_root = login_form(|c| c.retain(|c| c["id"] != "root"));
    let dangling = login_form(|c| {
        let column = c.iter_mut().find(|c| c["id"] == "main-column").unwrap();
        column["children"]
            .as_array_mut()
            .unwrap()
            .push(json!("never-sent"));
    });
    let orphan = login_form(|c| c.push(json!({"id": "lost", "component": "Text", "text": "x"})));
    for (stream, code) in [
        (&no_root, "stream-no-root"),
        (&dangling, "stream-dangling-child"),
        (&orphan, "stream-orphan"),
    ] {
        // Without --strict the stream may still be live: nothing changes.
        let o = surfaces(&["a2ui", "-"], Some(stream));
        assert_eq!(o.status.code(), Some(0), "{code}: {}", stdout(&o));
        assert!(!stdout(&o).contains(code), "{code}");
        let o = surfaces(&["a2ui", "-", "--json"], Some(stream));
        let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert_eq!(codes(&v), Vec::<&str>::new(), "{code}");

        let o = surfaces(&["a2ui", "-", "--strict"], Some(stream));
        assert_eq!(o.status.code(), Some(1), "{code}: {}", stdout(&o));
        let out = stdout(&o);
        assert!(out.contains(code), "{out}");
        assert!(out.contains("end of stream: 1 warnings"), "{out}");

        let o = surfaces(&["a2ui", "-", "--strict", "--json"], Some(stream));
        assert_eq!(o.status.code(), Some(1), "{code}");
        let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert_eq!(codes(&v), [code]);
        let f = &v["findings"][0];
        assert_eq!(f["severity"], "warning", "{f}");
        assert_eq!(f["envelope"], Value::Null, "{f}");
        assert_eq!(
            (v["ignored"].as_u64(), v["applied"].as_u64()),
            (Some(0), Some(3))
        );
    }
    // The warnings name what is missing.
    let out = stdout(&surfaces(&["a2ui", "-", "--strict"], Some(&dangling)));
    assert!(out.contains("\"never-sent\""), "{out}");
    let out = stdout(&surfaces(&["a2ui", "-", "--strict"], Some(&orphan)));
    assert!(out.contains("\"lost\""), "{out}");
}

#[test]
fn strict_warnings_follow_the_fold_findings() {
    // An ignored envelope (an unknown surface) and a surface with no root: the fold's
    // finding first, then the end-of-stream warning.
    let stream = format!(
        "{}\n{}\n",
        json!({"version": "v0.9", "createSurface": {"surfaceId": "a", "catalogId": BASIC}}),
        json!({"version": "v0.9", "deleteSurface": {"surfaceId": "nope"}})
    );
    let o = surfaces(&["a2ui", "-", "--strict", "--json"], Some(&stream));
    assert_eq!(o.status.code(), Some(1));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let codes = codes(&v);
    assert_eq!(codes.last(), Some(&"stream-no-root"), "{codes:?}");
    assert_eq!(v["findings"][0]["envelope"], 1, "{v}");
}

/// A byte-order mark is noted (info) and is no failure: exit 0.
#[test]
fn a_byte_order_mark_alone_is_no_failure() {
    let dir = std::env::temp_dir().join(format!("surfaces-bom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bom.json");
    let stream = r#"[{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}]"#;
    std::fs::write(&file, format!("\u{FEFF}{stream}")).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_surfaces"))
        .args(["a2ui", file.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("text-bom"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `surfaces contract --json` is the core's record, and the text form names every key.
#[test]
fn contract_prints_the_record() {
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_surfaces"))
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&["contract", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let printed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        printed,
        serde_json::to_value(surfaces_core::contract::record()).unwrap()
    );
    let text = String::from_utf8(run(&["contract"]).stdout).unwrap();
    for key in [
        "ui_contract",
        "status",
        "transport_profile",
        "schema_bundle",
        "renderer",
        "component_catalog",
        "action_api",
        "accessibility_baseline",
    ] {
        assert!(text.contains(key), "{key}");
    }
}

// --- a2ui --render: what a person would see. ---

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// The node with this id in a render tree (depth first), or panics.
fn node<'v>(tree: &'v Value, id: &str) -> &'v Value {
    fn find<'v>(n: &'v Value, id: &str) -> Option<&'v Value> {
        if n["id"] == id {
            return Some(n);
        }
        let k = &n["kind"];
        let mut kids: Vec<&Value> = ["child", "trigger", "content"]
            .iter()
            .filter_map(|key| k.get(*key))
            .collect();
        kids.extend(k["children"].as_array().into_iter().flatten());
        kids.extend(
            k["tabs"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|tab| &tab[1]),
        );
        kids.into_iter().find_map(|c| find(c, id))
    }
    find(tree, id).unwrap_or_else(|| panic!("no node {id:?} in {tree}"))
}

/// `surfaces a2ui FILE --render [extra...]`: exit 0, nothing on stderr, the JSON.
fn render(file: &str, extra: &[&str]) -> Value {
    let mut args = vec!["a2ui", file, "--render"];
    args.extend(extra);
    let o = surfaces(&args, None);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    assert!(o.stderr.is_empty(), "{}", stderr(&o));
    serde_json::from_str(&stdout(&o)).unwrap()
}

#[test]
fn render_evaluates_functions_checks_and_buttons() {
    let v = render(&spec_example("32_advanced-form-validator.json"), &[]);
    assert_eq!(v["locale"], "en-US", "the default locale");
    let surfaces = v["surfaces"].as_object().unwrap();
    assert_eq!(
        surfaces.keys().collect::<Vec<_>>(),
        ["gallery-advanced-validator"]
    );
    let tree = &v["surfaces"]["gallery-advanced-validator"];
    assert_eq!(tree["id"], "root");
    // formatString with a nested formatDate over the data model, evaluated.
    let welcome = node(tree, "welcome-text");
    assert_eq!(welcome["kind"]["component"], "Text");
    assert_eq!(
        welcome["kind"]["text"],
        "Hello! Today is Monday, December 15."
    );
    // Checks over the (empty) form data fail, with the agent's messages.
    assert_eq!(
        node(tree, "email-field")["errors"],
        json!(["Invalid email format"])
    );
    assert_eq!(
        node(tree, "zip-field")["errors"],
        json!(["Must be exactly 5 digits"])
    );
    assert_eq!(node(tree, "terms-checkbox")["kind"]["value"], false);
    // The Button's check fails, so it is disabled, and says why.
    let why = "You must agree to terms AND provide either Email or Phone, plus a Zip code.";
    let submit = node(tree, "submit-btn");
    assert_eq!(submit["errors"], json!([why]));
    assert_eq!(submit["kind"]["enabled"], false);
    assert_eq!(
        submit["kind"]["blocked"],
        json!({"reason": "checks", "messages": [why]})
    );
    assert_eq!(submit["kind"]["event"], "register");
    assert_eq!(
        node(tree, "submit-btn-text")["kind"]["text"],
        "Submit Registration"
    );
}

#[test]
fn render_snapshot_of_a_button_node() {
    // The whole node, as agent developers snapshot it: the core's fields and the CLI's
    // `enabled` / `blocked`. A change of shape fails here.
    let v = render(&spec_example("09_login-form.json"), &[]);
    let tree = &v["surfaces"]["gallery-login-form"];
    let expected = json!({
        "description": null,
        "errors": ["Please fix errors before signing in"],
        "faults": [],
        "id": "login-btn",
        "kind": {
            "blocked": {"reason": "checks", "messages": ["Please fix errors before signing in"]},
            "child": {
                "description": null,
                "errors": [],
                "faults": [],
                "id": "login-btn-text",
                "kind": {"component": "Text", "text": "Sign in", "variant": "body"},
                "label": null,
                "proposal": null,
                "weight": null
            },
            "component": "Button",
            "enabled": false,
            "event": "login",
            "local": null,
            "openUrl": null,
            "scope": "",
            "variant": "default"
        },
        "label": null,
        "proposal": null,
        "weight": null
    });
    assert_eq!(node(tree, "login-btn"), &expected);
    // A Button without checks is enabled.
    let signup = node(tree, "signup-link");
    assert_eq!(
        (&signup["kind"]["enabled"], &signup["kind"]["blocked"]),
        (&json!(true), &Value::Null)
    );
}

#[test]
fn render_formats_for_the_locale() {
    let file = spec_example("19_software-purchase.json");
    let find_text = |v: &Value, suffix: &str| -> String {
        let raw = v.to_string();
        let at = raw
            .find(suffix)
            .unwrap_or_else(|| panic!("{suffix}: {raw}"));
        let start = raw[..at].rfind('"').unwrap() + 1;
        raw[start..at + suffix.len()].to_string()
    };
    let en = render(&file, &[]);
    assert_eq!(find_text(&en, "/year"), "$1,188.00/year");
    let de = render(&file, &["--locale", "de-DE"]);
    assert_eq!(de["locale"], "de-DE");
    // A no-break space between the amount and the symbol, as German writes it.
    assert_eq!(find_text(&de, "/year"), "1.188,00\u{a0}$/year");
    let v = render(
        &spec_example("15_account-balance.json"),
        &["--locale=de-DE"],
    );
    let balance = node(&v["surfaces"]["gallery-account-balance"], "balance");
    assert_eq!(balance["kind"]["text"], "12.458,32\u{a0}$");
}

fn create(id: &str) -> Value {
    json!({"version": "v0.9", "createSurface": {"surfaceId": id, "catalogId": BASIC}})
}

fn lines(envelopes: &[Value]) -> String {
    envelopes.iter().map(|e| format!("{e}\n")).collect()
}

#[test]
fn render_shows_placeholders_with_their_reasons_and_faults() {
    let stream = lines(&[
        create("b"),
        create("a"),
        json!({"version": "v0.9", "updateComponents": {"surfaceId": "a", "components": [
            {"id": "root", "component": "Column", "children": ["gone", "img"]},
            {"id": "img", "component": "Image", "url": {"path": "/u"}}
        ]}}),
        json!({"version": "v0.9", "updateDataModel": {"surfaceId": "a", "value": {"u": "http://example.com/x.png"}}}),
    ]);
    let o = surfaces(&["a2ui", "-", "--render"], Some(&stream));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let raw = stdout(&o);
    // Surfaces sorted by id, whatever order they were created in; one without a root is null.
    assert!(
        raw.find("\"a\": {").unwrap() < raw.find("\"b\": null").unwrap(),
        "{raw}"
    );
    let v: Value = serde_json::from_str(&raw).unwrap();
    assert_eq!(v["surfaces"]["b"], Value::Null);
    let tree = &v["surfaces"]["a"];
    let gone = node(tree, "gone");
    assert_eq!(
        gone["kind"],
        json!({"component": "Placeholder", "name": null, "reason": "missing"})
    );
    // The address is bound, so admission could not refuse it: the render does.
    let img = node(tree, "img");
    assert_eq!(img["kind"]["component"], "Placeholder");
    assert_eq!(img["kind"]["reason"], "urlRefused");
    assert_eq!(img["faults"][0]["code"], "url-refused", "{img}");
    // Deterministic: the same stream prints the same bytes.
    let again = surfaces(&["a2ui", "-", "--render"], Some(&stream));
    assert_eq!(stdout(&again), raw);
}

#[test]
fn render_keeps_the_lint_exit_status_and_says_why_on_stderr() {
    // The second surface's update is ignored (an unknown surface): exit 1, JSON still printed.
    let stream = lines(&[
        create("a"),
        json!({"version": "v0.9", "deleteSurface": {"surfaceId": "nope"}}),
    ]);
    let o = surfaces(&["a2ui", "-", "--render"], Some(&stream));
    assert_eq!(o.status.code(), Some(1));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["surfaces"], json!({"a": null}));
    let err = stderr(&o);
    assert!(err.contains("1 envelopes ignored"), "{err}");
    assert!(err.contains("run without --render"), "{err}");
    // --strict: a surface without a root at the end of the stream is a warning (exit 1).
    let o = surfaces(
        &["a2ui", "-", "--render", "--strict"],
        Some(&lines(&[create("a")])),
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("1 end-of-stream warnings"),
        "{}",
        stderr(&o)
    );
    // --json changes nothing: the output is JSON either way.
    let file = spec_example("09_login-form.json");
    assert_eq!(
        stdout(&surfaces(&["a2ui", &file, "--render", "--json"], None)),
        stdout(&surfaces(&["a2ui", &file, "--render"], None))
    );
}

// --- a2ui --action: the message a click would send. ---

/// `surfaces a2ui FILE --action ... [extra...]`: (exit status, stdout JSON, stderr).
fn click(file: &str, target: &str, extra: &[&str]) -> (Option<i32>, Value, String) {
    let mut args = vec!["a2ui", file, "--action", target];
    args.extend(extra);
    let o = surfaces(&args, None);
    let v = serde_json::from_str(&stdout(&o))
        .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", stdout(&o)));
    (o.status.code(), v, stderr(&o))
}

#[test]
fn action_is_refused_while_the_checks_fail_and_sent_after_the_edits() {
    let file = spec_example("09_login-form.json");
    let (code, v, err) = click(&file, "gallery-login-form/login-btn", &[]);
    assert_eq!(code, Some(3));
    assert_eq!(
        v,
        json!({"refused": {
            "severity": "error",
            "code": "action-checks-failing",
            "surfaceId": "gallery-login-form",
            "componentId": "login-btn",
            "path": "",
            "message": "a check fails: Please fix errors before signing in"
        }})
    );
    assert!(
        err.starts_with(
            "error   action-checks-failing  gallery-login-form/login-btn  a check fails"
        ),
        "{err}"
    );
    // One edit is not enough: the password is still too short.
    let (code, v, _) = click(
        &file,
        "gallery-login-form/login-btn",
        &["--edit", r#"/email="ada@example.com""#],
    );
    assert_eq!(code, Some(3));
    assert_eq!(v["refused"]["code"], "action-checks-failing");
    // Both: the click sends the edited email in its context.
    let edits = [
        "--edit",
        r#"/email="ada@example.com""#,
        "--edit",
        r#"/password="correct horse""#,
    ];
    let (code, v, err) = click(&file, "gallery-login-form/login-btn", &edits);
    assert_eq!(code, Some(0), "{v}");
    assert!(err.is_empty(), "{err}");
    assert_eq!(
        v,
        json!({"version": "v0.9", "action": {
            "name": "login",
            "surfaceId": "gallery-login-form",
            "sourceComponentId": "login-btn",
            "timestamp": "1970-01-01T00:00:00Z",
            "context": {"email": "ada@example.com"}
        }})
    );
    // The later edit of a field wins; --timestamp is passed through.
    let mut more = edits.to_vec();
    more.extend([
        "--edit",
        r#"/email="grace@example.com""#,
        "--timestamp",
        "2025-12-15T12:00:00.5+01:00",
    ]);
    let (code, v, _) = click(&file, "gallery-login-form/login-btn", &more);
    assert_eq!(code, Some(0));
    assert_eq!(v["action"]["context"]["email"], "grace@example.com");
    assert_eq!(v["action"]["timestamp"], "2025-12-15T12:00:00.5+01:00");
    // --surface and --component say the same as --action.
    let mut args = vec![
        "a2ui",
        &file,
        "--surface",
        "gallery-login-form",
        "--component",
        "login-btn",
    ];
    args.extend(edits);
    let o = surfaces(&args, None);
    assert_eq!(o.status.code(), Some(0));
    let same: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(same["action"]["context"]["email"], "ada@example.com");
}

#[test]
fn action_edits_change_the_whole_context_object() {
    // The advanced validator sends all of /formData: the edits are in it, typed.
    let file = spec_example("32_advanced-form-validator.json");
    let (code, v, _) = click(
        &file,
        "gallery-advanced-validator/submit-btn",
        &[
            "--edit",
            "/formData/agree=true",
            "--edit",
            r#"/formData/phone="+15550100000""#,
            "--edit",
            r#"/formData/zip="12345""#,
        ],
    );
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["action"]["name"], "register");
    assert_eq!(
        v["action"]["context"],
        json!({"data": {"agree": true, "email": "", "phone": "+15550100000", "zip": "12345"}})
    );
}

#[test]
fn action_refusals_are_findings_with_exit_three() {
    let file = spec_example("09_login-form.json");
    for (target, extra, code, path) in [
        ("gallery-login-form/title", &[][..], "action-missing", ""),
        (
            "gallery-login-form/nope",
            &[][..],
            "action-component-unknown",
            "",
        ),
        // An unknown surface is the click's refusal, even with an edit for it.
        (
            "nope/login-btn",
            &["--edit", "/email=\"x\""][..],
            "action-surface-unknown",
            "",
        ),
        // The edit rules: no prototype keys in a person's value, no edit of the whole model.
        (
            "gallery-login-form/signup-link",
            &["--edit", r#"/email={"__proto__": 1}"#][..],
            "edit-refused",
            "/email",
        ),
        (
            "gallery-login-form/signup-link",
            &["--edit", "=1"][..],
            "edit-refused",
            "",
        ),
    ] {
        let (status, v, err) = click(&file, target, extra);
        assert_eq!(status, Some(3), "{target} {extra:?}: {v}");
        let f = &v["refused"];
        assert_eq!(f["code"], code, "{target} {extra:?}: {v}");
        assert_eq!(f["severity"], "error");
        assert_eq!(f["path"], path, "{v}");
        let (s, c) = target.rsplit_once('/').unwrap();
        assert_eq!((&f["surfaceId"], &f["componentId"]), (&json!(s), &json!(c)));
        assert!(!f["message"].as_str().unwrap().is_empty());
        assert!(err.contains(code), "{err}");
    }
    // An edit past dataModelBytes is refused by the core's limit.
    let (status, v, _) = click(
        &file,
        "gallery-login-form/signup-link",
        &[
            "--limit",
            "dataModelBytes=64",
            "--edit",
            &format!("/email=\"{}\"", "a".repeat(100)),
        ],
    );
    assert_eq!(status, Some(3));
    assert_eq!(v["refused"]["code"], "edit-refused");
    assert!(
        v["refused"]["message"]
            .as_str()
            .unwrap()
            .contains("the limit is 64"),
        "{v}"
    );
}

#[test]
fn action_targets_split_at_the_last_slash_and_resolve_template_scopes() {
    let stream = lines(&[
        create("team/a"),
        json!({"version": "v0.9", "updateComponents": {"surfaceId": "team/a", "components": [
            {"id": "root", "component": "List", "children": {"componentId": "row", "path": "/items"}},
            {"id": "row", "component": "Button", "child": "row/label",
             "action": {"event": {"name": "pick", "context": {"name": {"path": "name"}, "all": {"path": "/count"}}}}},
            {"id": "row/label", "component": "Text", "text": {"path": "name"}}
        ]}}),
        json!({"version": "v0.9", "updateDataModel": {"surfaceId": "team/a", "value": {
            "count": 2, "items": [{"name": "Ada"}, {"name": "Grace\u{202e}"}]
        }}}),
    ]);
    // The surface id has a '/': the split is at the last one.
    let o = surfaces(
        &["a2ui", "-", "--action", "team/a/row", "--scope", "/items/1"],
        Some(&stream),
    );
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let raw = stdout(&o);
    assert!(
        !raw.contains('\u{202e}'),
        "bidi controls are escaped: {raw}"
    );
    let v: Value = serde_json::from_str(&raw).unwrap();
    assert_eq!(v["action"]["surfaceId"], "team/a");
    assert_eq!(v["action"]["sourceComponentId"], "row");
    assert_eq!(
        v["action"]["context"],
        json!({"name": "Grace\u{202e}", "all": 2})
    );
    // Without --scope the relative path has no item: it is left out.
    let o = surfaces(&["a2ui", "-", "--action", "team/a/row"], Some(&stream));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["action"]["context"], json!({"all": 2}));
    // The render says each Button's scope, to pass to --scope.
    let o = surfaces(&["a2ui", "-", "--render"], Some(&stream));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let items = v["surfaces"]["team/a"]["kind"]["children"]
        .as_array()
        .unwrap();
    assert_eq!(items[1]["kind"]["scope"], "/items/1");
    assert_eq!(items[1]["kind"]["enabled"], true);
    // A component id with a '/' is named with --surface and --component; its refusal
    // reaches the terminal escaped.
    let o = surfaces(
        &[
            "a2ui",
            "-",
            "--surface",
            "team/a",
            "--component",
            "row/label",
        ],
        Some(&stream),
    );
    assert_eq!(o.status.code(), Some(3));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["refused"]["code"], "action-missing");
    assert_eq!(v["refused"]["componentId"], "row/label");
    let o = surfaces(
        &[
            "a2ui",
            "-",
            "--surface",
            "team/a",
            "--component",
            "x\u{1b}[2J",
        ],
        Some(&stream),
    );
    assert_eq!(o.status.code(), Some(3));
    assert!(!o.stderr.contains(&0x1b) && !o.stdout.contains(&0x1b));
    assert!(stderr(&o).contains("x\\u{1b}[2J"), "{}", stderr(&o));
}

#[test]
fn render_and_action_usage_errors_exit_two() {
    let file = spec_example("09_login-form.json");
    for extra in [
        &["--render", "--action", "gallery-login-form/login-btn"][..],
        &["--render", "--component", "x", "--surface", "y"],
        &["--locale", "de-DE"],
        &["--render", "--locale", "not a tag"],
        &["--render", "--locale", ""],
        &["--edit", "/email=\"x\""],
        &["--scope", "/items/0"],
        &["--timestamp", "2025-12-15T12:00:00Z"],
        &["--action", "no-slash"],
        &["--action", "/login-btn"],
        &["--action", "gallery-login-form/"],
        &["--surface", "gallery-login-form"],
        &["--component", "login-btn"],
        &["--action", "a/b", "--surface", "a", "--component", "b"],
        &["--action", "a/b", "--edit", "/email"],
        &["--action", "a/b", "--edit", "/email=not json"],
        &["--action", "a/b", "--scope", "items"],
        &["--action", "a/b", "--timestamp", "2025-12-15"],
        &["--action", "a/b", "--timestamp", "2025-12-15T24:00:00Z"],
        &["--action", "a/b", "--timestamp", "2025-12-15T12:00:00"],
    ] {
        let mut args = vec!["a2ui", file.as_str()];
        args.extend(extra);
        let o = surfaces(&args, None);
        assert_eq!(o.status.code(), Some(2), "{extra:?}: {}", stdout(&o));
        assert!(o.stdout.is_empty(), "{extra:?}");
        let err = stderr(&o);
        assert!(err.contains("try '--help'"), "{extra:?}: {err}");
    }
}

#[test]
fn help_documents_render_action_and_exit_three() {
    let out = stdout(&surfaces(&["a2ui", "--help"], None));
    for what in [
        "--render",
        "--locale <TAG>",
        "--action <SURFACE/COMPONENT>",
        "--surface <SURFACE>",
        "--component <COMPONENT>",
        "--edit <POINTER=JSON>",
        "--scope <POINTER>",
        "--timestamp <DATE-TIME>",
        "split at the last '/'",
        "{\"locale\": TAG, \"surfaces\": {SURFACE_ID: TREE or null, ...}}",
        "{\"refused\": {",
        "3 (--action) the click or an edit was refused",
    ] {
        assert!(out.contains(what), "{what}: {out}");
    }
    let out = stdout(&surfaces(&["--help"], None));
    assert!(out.contains("3 a refused click (a2ui --action)"), "{out}");
}

/// docs/cli.md names every subcommand and every option the CLI has.
#[test]
fn the_cli_document_names_every_option() {
    let doc = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/cli.md"),
    )
    .unwrap();
    for sub in ["card", "a2ui", "contract", "completions"] {
        assert!(doc.contains(&format!("surfaces {sub}")), "{sub}");
        let help = stdout(&surfaces(&[sub, "--help"], None));
        for word in help.split_whitespace() {
            let option = word.trim_end_matches(|c: char| !c.is_ascii_alphanumeric());
            if option.starts_with("--") && option.len() > 2 && option != "--help" {
                assert!(doc.contains(option), "docs/cli.md lacks {sub} {option}");
            }
        }
    }
    for status in ["`0`", "`1`", "`2`", "`3`"] {
        assert!(doc.contains(status), "exit status {status}");
    }
}

/// `--locale` is the store's: the click's checks and context are evaluated in the locale
/// `--render` shows, so a Button drawn as enabled is sent, with the value as drawn.
#[test]
fn action_uses_the_locale_the_render_shows() {
    let stream = json!([
        {"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},
        {"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [
            {"id": "root", "component": "Button", "child": "label",
             "checks": [{"condition": {"call": "regex", "args": {
                 "value": {"call": "formatNumber", "args": {"value": {"path": "/total"}, "decimals": 1}},
                 "pattern": "^1\\.234,5$"}}, "message": "Not a German total"}],
             "action": {"event": {"name": "pay", "context": {
                 "shown": {"call": "formatNumber", "args": {"value": {"path": "/total"}, "decimals": 1}}}}}},
            {"id": "label", "component": "Text", "text": "Pay"}]}},
        {"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/total", "value": 1234.5}}
    ]);
    let file = std::env::temp_dir().join(format!("surfaces-locale-{}.json", std::process::id()));
    std::fs::write(&file, stream.to_string()).unwrap();
    let file = file.to_str().unwrap();
    let (code, v, _) = click(file, "s/root", &[]);
    assert_eq!(
        (code, &v["refused"]["code"]),
        (Some(3), &json!("action-checks-failing"))
    );
    let (code, v, _) = click(file, "s/root", &["--locale", "de-DE"]);
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["action"]["context"]["shown"], "1.234,5");
    let o = surfaces(&["a2ui", file, "--render", "--locale", "de-DE"], None);
    let tree: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(tree["surfaces"]["s"]["kind"]["enabled"], true);
}
