//! The command line, declared with clap. The limits each subcommand takes, and their
//! defaults, come from the limit types themselves (serialised with serde_json), so help can
//! never list a limit the type lacks or a default it does not have.

use std::fmt::Display;

use clap::error::ErrorKind;
use clap::{Args, CommandFactory, Parser, Subcommand, ValueHint};
use serde::de::{DeserializeOwned, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};
use surfaces_core::a2ui::Limits;
use surfaces_core::card::{check_card_bytes, CardLimits, CardOptions};

/// The crate version and the git revision the core was built from (its build.rs): the
/// same revision the contract record names.
pub fn version() -> &'static str {
    static VERSION: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    VERSION.get_or_init(|| {
        format!(
            "{} ({})",
            env!("CARGO_PKG_VERSION"),
            surfaces_core::contract::GIT_REV
        )
    })
}

const EXIT_STATUS: &str = "\
Exit status: 0 no error finding (card) / nothing ignored (a2ui), 1 otherwise,
             2 usage or I/O problem";

#[derive(Parser)]
#[command(
    name = "surfaces",
    version = version(),
    about = "Check agent cards' UI links and A2UI streams from a terminal or CI",
    after_help = format!(
        "Each subcommand's --help lists its limits with their defaults.\n\n{EXIT_STATUS}"
    ),
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Check an A2A Agent Card's UI links extension
    #[command(after_help = card_after_help())]
    Card(CardArgs),
    /// Validate and fold an A2UI v0.9 / v0.9.1 stream
    #[command(after_help = a2ui_after_help())]
    A2ui(A2uiArgs),
    /// Print the contract record: A2UI versions, transport, the official files the
    /// validator is held to (revision, sha256), renderer and catalog revisions, action API,
    /// accessibility baseline
    Contract {
        /// Print it as JSON
        #[arg(long)]
        json: bool,
    },
    /// Print a shell completion script to standard output
    #[command(
        after_help = "For example: surfaces completions bash > ~/.local/share/bash-completion/completions/surfaces"
    )]
    Completions {
        /// The shell to complete for
        shell: clap_complete::Shell,
    },
}

#[derive(Args)]
pub struct CardArgs {
    /// The card's JSON (- reads standard input)
    #[arg(value_name = "FILE|-", value_hint = ValueHint::FilePath)]
    pub file: String,
    /// The URL the card was fetched from, for same-origin marks
    #[arg(long, value_name = "URL", value_hint = ValueHint::Url, value_parser = origin)]
    pub origin: Option<String>,
    /// Override a limit (repeatable; the limits are listed below)
    #[arg(long = "limit", value_name = "NAME=VALUE", value_parser = limit::<CardLimits>)]
    pub limits: Vec<(String, Value)>,
    /// Print the report as JSON instead of a summary
    #[arg(long)]
    pub json: bool,
}

#[derive(Args)]
pub struct A2uiArgs {
    /// Envelopes: a JSON array, {"messages": [...]} or JSON Lines (- reads standard input)
    #[arg(value_name = "FILE|-", value_hint = ValueHint::FilePath)]
    pub file: String,
    /// Override a limit (repeatable; the limits are listed below)
    #[arg(long = "limit", value_name = "NAME=VALUE", value_parser = limit::<Limits>)]
    pub limits: Vec<(String, Value)>,
    /// Print the report as JSON instead of a summary
    #[arg(long)]
    pub json: bool,
    /// Lint a complete stream: warn of a missing root, dangling children and orphans
    /// (exit 1)
    #[arg(long)]
    pub strict: bool,
}

fn card_after_help() -> String {
    format!(
        "{}\n\
         Exit status: 0 no error finding, 1 an error finding, 2 usage or I/O problem",
        limits_help::<CardLimits>("cardBytes")
    )
}

fn a2ui_after_help() -> String {
    format!(
        "{}\n\
         --strict adds the end-of-stream warnings stream-no-root, stream-dangling-child and\n\
         stream-orphan at the end of the findings (in --json: \"findings\", \"envelope\": null).\n\n\
         Exit status: 0 nothing ignored, 1 an envelope ignored, an error about the whole\n\
         input or (--strict) an end-of-stream warning, 2 usage or I/O problem",
        limits_help::<Limits>("partBytes")
    )
}

/// `Limits (--limit NAME=VALUE):` and one `name (default VALUE)` line per limit, in the
/// type's field order.
fn limits_help<T: Serialize + Default>(cap: &str) -> String {
    let mut s = String::from("Limits (--limit NAME=VALUE):\n");
    for (name, value) in defaults::<T>() {
        s.push_str(&format!("  {name} (default {value})\n"));
    }
    s.push_str(&format!(
        "\nAt most {cap} bytes of input are read, plus one to tell that there are more;\n\
         past that the input is too large (a finding).\n"
    ));
    s
}

/// A limit type's defaults as (name, value) pairs, in field order, with the names the
/// type reads (`cardBytes`, `partBytes`, …: the npm package's).
pub fn defaults<T: Serialize + Default>() -> Vec<(String, Value)> {
    let text = serde_json::to_string(&T::default()).expect("limits always serialise");
    serde_json::from_str::<Pairs>(&text)
        .expect("limits serialise as an object")
        .0
}

/// An object's members in the order they were written (a `Map` would sort them).
struct Pairs(Vec<(String, Value)>);

impl<'de> Deserialize<'de> for Pairs {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Members;
        impl<'de> Visitor<'de> for Members {
            type Value = Pairs;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Pairs, A::Error> {
                let mut pairs = Vec::new();
                while let Some(pair) = map.next_entry()? {
                    pairs.push(pair);
                }
                Ok(Pairs(pairs))
            }
        }
        d.deserialize_map(Members)
    }
}

/// `--origin URL`, judged by the core as it judges `fetchedFrom` (an absolute http(s) URL),
/// before any input is read.
fn origin(given: &str) -> Result<String, String> {
    let options = CardOptions {
        fetched_from: Some(given.to_string()),
        ..CardOptions::default()
    };
    check_card_bytes(b"", &options).map_err(|e| e.to_string())?;
    Ok(given.to_string())
}

/// One `--limit NAME=VALUE`, checked against the limit type `T` as it is parsed: an
/// unknown name or a value of the wrong kind is a usage error naming the option.
fn limit<T: Serialize + DeserializeOwned + Default>(
    given: &str,
) -> Result<(String, Value), String> {
    let (name, value) = given
        .split_once('=')
        .ok_or_else(|| "expected NAME=VALUE".to_string())?;
    if !defaults::<T>().iter().any(|(n, _)| n == name) {
        return Err(format!(
            "unknown limit {name:?} (the limits and their defaults are in --help)"
        ));
    }
    let number: f64 = value
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite())
        .ok_or_else(|| format!("{name}: {value:?} is not a number"))?;
    let number = if number.fract() == 0.0 && number >= 0.0 {
        Value::from(number as u64)
    } else {
        Value::from(number)
    };
    let mut one = Map::new();
    one.insert(name.to_string(), number.clone());
    serde_json::from_value::<T>(Value::Object(one)).map_err(|e| format!("{name}: {e}"))?;
    Ok((name.to_string(), number))
}

/// The limits given, over the type's defaults (a name given twice: the last counts).
pub fn limits<T: DeserializeOwned>(
    subcommand: &str,
    given: &[(String, Value)],
) -> Result<T, clap::Error> {
    let obj: Map<String, Value> = given.iter().cloned().collect();
    serde_json::from_value(Value::Object(obj)).map_err(|e| {
        usage(
            subcommand,
            ErrorKind::ValueValidation,
            format!("--limit: {e}"),
        )
    })
}

/// A usage problem found after parsing (a value the parser could not judge), formatted as
/// clap formats its own, with the subcommand's usage line; exit status 2.
pub fn usage(subcommand: &str, kind: ErrorKind, message: impl Display) -> clap::Error {
    let mut cmd = Cli::command();
    cmd.build();
    match cmd.find_subcommand_mut(subcommand) {
        Some(sub) => sub.error(kind, message),
        None => cmd.error(kind, message),
    }
}

/// An I/O problem (a file that cannot be read): no usage line; exit status 2.
pub fn io_problem(message: impl Display) -> clap::Error {
    clap::Error::raw(ErrorKind::Io, format!("{message}\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn defaults_keep_field_order() {
        let names: Vec<String> = defaults::<CardLimits>().into_iter().map(|p| p.0).collect();
        assert_eq!(names.first().map(String::as_str), Some("cardBytes"));
        assert_eq!(names.len(), 7);
    }
}
