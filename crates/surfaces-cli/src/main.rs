//! `surfaces`: check agent cards and A2UI streams from a terminal or CI.
//!
//! Exit status: 0 when there is no error finding (card) / nothing ignored (a2ui), 1 when
//! there is (or, with `a2ui --strict`, an end-of-stream warning), 2 for usage or I/O
//! problems, 3 when `a2ui --action` refuses the click or an edit. `--help` and `--version`
//! exit 0. `docs/cli.md` documents every output shape.

mod a2ui_cmd;
mod action_cmd;
mod args;
mod card_cmd;
mod fetch;
mod out;
mod render_cmd;
mod term;

use std::io::{self, Read, Write};
use std::process::ExitCode;

use clap::{CommandFactory, Parser};

use crate::args::{io_problem, Cli, Command};
use crate::out::Out;

fn main() -> ExitCode {
    let mut out = Out::stdout();
    let status = match run(std::env::args_os(), &mut out) {
        Ok(status) => status,
        Err(e) if e.use_stderr() => {
            // Standard error may be closed too: never panic over a message.
            let _ = write!(io::stderr(), "{}", e.render());
            e.exit_code()
        }
        Err(e) => {
            // Help and version are output: they go where the reports go, and end quietly
            // on a closed pipe (`surfaces --help | head -1`).
            out.write_str(&e.render().to_string());
            e.exit_code()
        }
    };
    match out.finish() {
        Ok(()) => ExitCode::from(u8::try_from(status).unwrap_or(2)),
        Err(e) => {
            let _ = writeln!(io::stderr(), "surfaces: cannot write the output: {e}");
            ExitCode::from(2)
        }
    }
}

/// Exit status 0: the run was clean.
pub const CLEAN: i32 = 0;
/// Exit status 1: a finding says the input is not clean.
pub const FINDINGS: i32 = 1;
/// Exit status 3: `a2ui --action` refused the click or an edit.
pub const REFUSED: i32 = 3;

/// The run's exit status ([`CLEAN`], [`FINDINGS`], [`REFUSED`]); `Err` for help and version
/// (exit 0) and for usage and I/O problems (exit 2).
fn run(
    argv: impl IntoIterator<Item = std::ffi::OsString>,
    out: &mut Out<impl Write>,
) -> Result<i32, clap::Error> {
    let cli = Cli::try_parse_from(argv)?;
    match cli.command {
        Command::Card(a) => {
            card_cmd::run(&a, out).map(|clean| if clean { CLEAN } else { FINDINGS })
        }
        Command::A2ui(a) => a2ui_cmd::run(&a, out),
        Command::Contract { json } => {
            let record = surfaces_core::contract::record();
            if json {
                out.write_str(&out::json_text(
                    &serde_json::to_value(&record).expect("a record"),
                ));
                out.write_str("\n");
            } else {
                out.write_str(&contract_text(&record));
            }
            Ok(CLEAN)
        }
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "surfaces", &mut script);
            out.write_str(&String::from_utf8_lossy(&script));
            Ok(CLEAN)
        }
    }
}

/// What was read of FILE or standard input.
pub struct Input {
    /// At most `cap + 1` bytes: one more than the cap says there was more.
    pub bytes: Vec<u8>,
    pub cap: usize,
    /// The whole input's size, when it is known without reading it (a regular file).
    pub size: Option<u64>,
}

impl Input {
    /// Whether the input is larger than the cap (and so was not read whole).
    pub fn over_cap(&self) -> bool {
        self.bytes.len() > self.cap
    }

    /// How large the input is, for a too-large message: the file's size, or "more than
    /// the cap" when reading stopped there.
    pub fn size_text(&self) -> String {
        match self.size {
            Some(n) => format!("{n} bytes"),
            None => format!("more than {} bytes (reading stopped there)", self.cap),
        }
    }
}

/// Reads FILE, or standard input for `-`, as bytes: at most `cap + 1` of them, so a huge
/// input costs no more memory than the cap.
pub fn read_input(file: &str, cap: usize) -> Result<Input, clap::Error> {
    let limit = u64::try_from(cap).unwrap_or(u64::MAX).saturating_add(1);
    let mut bytes = Vec::new();
    if file == "-" {
        io::stdin()
            .lock()
            .take(limit)
            .read_to_end(&mut bytes)
            .map_err(|e| io_problem(format!("cannot read standard input: {e}")))?;
        Ok(Input {
            bytes,
            cap,
            size: None,
        })
    } else {
        let cannot = |e: io::Error| io_problem(format!("cannot read {}: {e}", term::safe(file)));
        let f = std::fs::File::open(file).map_err(cannot)?;
        let size = f.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
        f.take(limit).read_to_end(&mut bytes).map_err(cannot)?;
        Ok(Input { bytes, cap, size })
    }
}

/// The contract record as lines a person reads.
fn contract_text(r: &surfaces_core::contract::ContractRecord) -> String {
    let mut s = String::new();
    let mut line = |k: &str, v: &str| {
        s.push_str(&format!("{k:<24}{v}\n"));
    };
    line(
        "ui_contract",
        &format!(
            "accepts {}; refuses {}",
            r.ui_contract.accepted.join(", "),
            r.ui_contract.refused.join(", ")
        ),
    );
    line("status", r.status);
    line(
        "transport_profile",
        &format!(
            "{} ({})",
            r.transport_profile.a2a_parts.join("; "),
            r.transport_profile.note
        ),
    );
    line("schema_bundle", "");
    for f in &r.schema_bundle {
        line(
            "",
            &format!(
                "{} {}@{} sha256:{}",
                f.path,
                f.repository,
                &f.revision[..f.revision.len().min(12)],
                f.sha256
            ),
        );
    }
    line("renderer", &r.renderer);
    line("component_catalog", &r.component_catalog);
    line(
        "action_api",
        &format!("{}; {}", r.action_api.message, r.action_api.lifecycle),
    );
    line(
        "accessibility_baseline",
        &format!(
            "axe-core {} ({}); {}",
            r.accessibility_baseline.axe_core,
            r.accessibility_baseline.rules,
            r.accessibility_baseline.browser
        ),
    );
    s
}
