//! `surfaces`: check agent cards (and, later, A2UI streams) from a terminal or CI.
//!
//! Exit status: 0 when there is no error finding, 1 when there is, 2 for usage or I/O
//! problems.

mod a2ui_cmd;
mod card_cmd;
mod term;

use std::io::Read;
use std::process::ExitCode;

const USAGE: &str = "\
usage: surfaces card FILE|- [--origin URL] [--json]
       surfaces a2ui FILE|- [--limit NAME=VALUE]... [--json]

  card     check an A2A Agent Card's UI links extension
           FILE is the card's JSON (- reads standard input)
  a2ui     validate and fold an A2UI v0.9 / v0.9.1 stream
           FILE holds a JSON array of envelopes, {\"messages\": [...]}, or JSON Lines
  --origin the URL the card was fetched from, for same-origin marks
  --limit  override a limit: envelopes, surfaces, components, depth, dataModelBytes,
           textChars, options, idChars, actionContextBytes, partBytes, updateBurst,
           updatesPerSecond, functionDepth, functionSteps, functionOutputChars
  --json   print the report as JSON instead of a summary

exit status: 0 no error finding (card) / nothing ignored (a2ui), 1 otherwise,
             2 usage or I/O problem";

/// Why the command could not do its job (exit status 2).
pub struct Usage(pub String);

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(clean) => ExitCode::from(if clean { 0 } else { 1 }),
        Err(Usage(msg)) => {
            eprintln!("surfaces: {msg}\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<bool, Usage> {
    match args.first().map(String::as_str) {
        Some("card") => card_cmd::run(&args[1..]),
        Some("a2ui") => a2ui_cmd::run(&args[1..]),
        Some("-h") | Some("--help") | Some("help") => {
            println!("{USAGE}");
            Ok(true)
        }
        Some(other) => Err(Usage(format!("unknown command {other:?}"))),
        None => Err(Usage("no command given".into())),
    }
}

/// Reads FILE, or standard input for `-`.
pub fn read_input(file: &str) -> Result<String, Usage> {
    if file == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| Usage(format!("cannot read standard input: {e}")))?;
        Ok(s)
    } else {
        std::fs::read_to_string(file).map_err(|e| Usage(format!("cannot read {file}: {e}")))
    }
}
