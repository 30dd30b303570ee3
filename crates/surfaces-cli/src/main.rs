//! `surfaces`: check agent cards and A2UI streams from a terminal or CI.
//!
//! Exit status: 0 when there is no error finding, 1 when there is, 2 for usage or I/O
//! problems.

mod a2ui_cmd;
mod card_cmd;
mod out;
mod term;

use std::io::{self, Read, Write};
use std::process::ExitCode;

use serde_json::{Map, Value};

use crate::out::Out;

const USAGE: &str = "\
usage: surfaces card FILE|- [--origin URL] [--limit NAME=VALUE]... [--json]
       surfaces a2ui FILE|- [--limit NAME=VALUE]... [--json]

  card     check an A2A Agent Card's UI links extension
           FILE is the card's JSON (- reads standard input)
  a2ui     validate and fold an A2UI v0.9 / v0.9.1 stream
           FILE holds a JSON array of envelopes, {\"messages\": [...]}, or JSON Lines
  --origin the URL the card was fetched from, for same-origin marks
  --limit  override a limit
           card: cardBytes, entries, labelChars, purposeChars, tokenChars, urlBytes,
           findings
           a2ui: envelopes, surfaces, components, depth, renderedNodes, dataModelBytes,
           dataModelDepth, textChars, options, idChars, actionContextBytes, partBytes,
           updateBurst, updatesPerSecond, functionDepth, functionSteps,
           functionOutputChars, functionWork, renderWork, renderBytes, findings
           at most cardBytes (card) or partBytes (a2ui) bytes are read, plus one to
           tell that there are more; past that the input is too large (a finding)
  --json   print the report as JSON instead of a summary

exit status: 0 no error finding (card) / nothing ignored (a2ui), 1 otherwise,
             2 usage or I/O problem";

/// Why the command could not do its job (exit status 2).
pub struct Usage(pub String);

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut out = Out::stdout();
    let status = match run(&args, &mut out) {
        Ok(true) => 0,
        Ok(false) => 1,
        Err(Usage(msg)) => {
            // Standard error may be closed too: never panic over a message.
            let _ = writeln!(io::stderr(), "surfaces: {msg}\n\n{USAGE}");
            2
        }
    };
    match out.finish() {
        Ok(()) => ExitCode::from(status),
        Err(e) => {
            let _ = writeln!(io::stderr(), "surfaces: cannot write the output: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String], out: &mut Out<impl Write>) -> Result<bool, Usage> {
    match args.first().map(String::as_str) {
        Some("card") => card_cmd::run(&args[1..], out),
        Some("a2ui") => a2ui_cmd::run(&args[1..], out),
        Some("-h") | Some("--help") | Some("help") => {
            out.write_str(USAGE);
            out.write_str("\n");
            Ok(true)
        }
        Some(other) => Err(Usage(format!("unknown command {other:?}"))),
        None => Err(Usage("no command given".into())),
    }
}

/// `--limit name=value` pairs as the JSON object the limit types read (the names are the
/// npm package's: `cardBytes`, `partBytes`, …); unknown names are refused by the type.
pub fn limits_object(given: &[String]) -> Result<Value, Usage> {
    let mut obj = Map::new();
    for g in given {
        let (name, value) = g
            .split_once('=')
            .ok_or_else(|| Usage(format!("--limit takes name=value, not {g:?}")))?;
        let value: f64 = value
            .parse()
            .map_err(|_| Usage(format!("--limit {name}: {value:?} is not a number")))?;
        let number = if value.fract() == 0.0 && value >= 0.0 {
            Value::from(value as u64)
        } else {
            Value::from(value)
        };
        obj.insert(name.to_string(), number);
    }
    Ok(Value::Object(obj))
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
pub fn read_input(file: &str, cap: usize) -> Result<Input, Usage> {
    let limit = u64::try_from(cap).unwrap_or(u64::MAX).saturating_add(1);
    let mut bytes = Vec::new();
    if file == "-" {
        io::stdin()
            .lock()
            .take(limit)
            .read_to_end(&mut bytes)
            .map_err(|e| Usage(format!("cannot read standard input: {e}")))?;
        Ok(Input {
            bytes,
            cap,
            size: None,
        })
    } else {
        let cannot = |e: io::Error| Usage(format!("cannot read {}: {e}", term::safe(file)));
        let f = std::fs::File::open(file).map_err(cannot)?;
        let size = f.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
        f.take(limit).read_to_end(&mut bytes).map_err(cannot)?;
        Ok(Input { bytes, cap, size })
    }
}
