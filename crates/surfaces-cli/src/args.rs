//! The command line, declared with clap. The limits each subcommand takes, and their
//! defaults, come from the limit types themselves (serialised with serde_json), so help can
//! never list a limit the type lacks or a default it does not have.

use std::fmt::Display;
use std::path::PathBuf;
use std::time::Duration;

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
             2 usage or I/O problem, 3 a refused click (a2ui --action)";

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
    /// The card's JSON: a file, - for standard input, or an https:// URL to fetch it from
    #[arg(value_name = "FILE|-|URL", value_hint = ValueHint::AnyPath)]
    pub file: String,
    /// The URL the card was fetched from, for same-origin marks (not with a URL: the card is
    /// then checked against the URL it came from)
    #[arg(long, value_name = "URL", value_hint = ValueHint::Url, value_parser = origin)]
    pub origin: Option<String>,
    /// With a URL: trust the CA certificates in this PEM file instead of the built-in roots
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub cacert: Option<PathBuf>,
    /// With a URL: the time the whole fetch may take, redirects and body included
    /// [default: 10]
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub timeout: Option<Duration>,
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
    /// Print what a person would see instead of the report: each surface's render tree,
    /// evaluated, as JSON
    #[arg(long, conflicts_with = "target", group = "mode")]
    pub render: bool,
    /// The locale numbers, currencies and plurals are formatted for (BCP 47), in --render
    /// and in the checks and context of --action alike [default: en-US]
    #[arg(long, value_name = "TAG", requires = "mode", value_parser = locale)]
    pub locale: Option<String>,
    /// Print the action message a click on COMPONENT would send instead of the report
    /// (split at the last '/'; for a component id with a '/', use --surface and --component)
    #[arg(long, value_name = "SURFACE/COMPONENT", groups = ["target", "mode"], value_parser = target)]
    pub action: Option<(String, String)>,
    /// With --component: the surface of the clicked component
    #[arg(long, value_name = "SURFACE", requires = "component")]
    pub surface: Option<String>,
    /// With --surface: the clicked component (the same as --action SURFACE/COMPONENT)
    #[arg(long, value_name = "COMPONENT", groups = ["target", "mode"], requires = "surface")]
    pub component: Option<String>,
    /// Before the click, a person's edit of the surface's data model, held to the same rules
    /// as one typed into a renderer (repeatable, applied in order)
    #[arg(long = "edit", value_name = "POINTER=JSON", requires = "target", value_parser = edit)]
    pub edits: Vec<(String, Value)>,
    /// For a button inside a template: the pointer of its item, against which relative
    /// context paths resolve (a Button's `scope` in --render)
    #[arg(long, value_name = "POINTER", requires = "target", value_parser = scope)]
    pub scope: Option<String>,
    /// The action's timestamp (RFC 3339) [default: 1970-01-01T00:00:00Z, so that the output
    /// is the same on every run]
    #[arg(long, value_name = "DATE-TIME", requires = "target", value_parser = timestamp)]
    pub timestamp: Option<String>,
}

impl A2uiArgs {
    /// The clicked component, as (surface, component), when the run prints an action.
    pub fn action_target(&self) -> Option<(&str, &str)> {
        match (&self.action, &self.surface, &self.component) {
            (Some((s, c)), _, _) => Some((s, c)),
            (None, Some(s), Some(c)) => Some((s, c)),
            _ => None,
        }
    }
}

/// The timestamp of an action when --timestamp is not given: fixed, so that a snapshot of
/// the output does not change from run to run.
pub const DEFAULT_TIMESTAMP: &str = "1970-01-01T00:00:00Z";

/// `--locale TAG`: a BCP 47 tag's shape, by the core's own rule (`SurfaceStore::set_locale`).
/// Which locales format differently is the core's business: an unknown language formats as
/// English.
fn locale(given: &str) -> Result<String, String> {
    surfaces_core::a2ui::SurfaceStore::default()
        .set_locale(given)
        .map(|()| given.to_string())
        .map_err(|e| e.to_string())
}

/// `--action SURFACE/COMPONENT`, split at the last `/` (surface ids may contain `/`; a
/// component id that does is given with --surface and --component).
fn target(given: &str) -> Result<(String, String), String> {
    match given.rsplit_once('/') {
        Some((s, c)) if !s.is_empty() && !c.is_empty() => Ok((s.to_string(), c.to_string())),
        _ => Err(
            "expected SURFACE/COMPONENT, split at the last '/' (or use --surface and --component)"
                .to_string(),
        ),
    }
}

/// `--edit POINTER=JSON`: the pointer ends at the first `=` after which the rest is JSON
/// (so a JSON string may contain `=`, and a pointer may too when what follows it is not
/// JSON). Whether the pointer and the value are allowed is the core's edit rules' business.
fn edit(given: &str) -> Result<(String, Value), String> {
    for (i, _) in given.match_indices('=') {
        if let Ok(value) = serde_json::from_str::<Value>(&given[i + 1..]) {
            return Ok((given[..i].to_string(), value));
        }
    }
    Err(if given.contains('=') {
        "expected POINTER=JSON: the value is not JSON (a string is quoted: /name='\"Ada\"')"
            .to_string()
    } else {
        "expected POINTER=JSON".to_string()
    })
}

/// `--scope POINTER`: a JSON Pointer (RFC 6901), `""` outside templates.
fn scope(given: &str) -> Result<String, String> {
    surfaces_core::a2ui::pointer::parse(given)
        .map(|_| given.to_string())
        .map_err(|e| e.message(given))
}

/// `--timestamp`: an RFC 3339 date-time, `YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM)`.
fn timestamp(given: &str) -> Result<String, String> {
    rfc3339(given).then(|| given.to_string()).ok_or_else(|| {
        format!("{given:?} is not an RFC 3339 date-time (for example 2025-12-15T12:00:00Z)")
    })
}

fn rfc3339(s: &str) -> bool {
    let b = s.as_bytes();
    let num = |from: usize, len: usize, max: u32| -> bool {
        b.get(from..from + len).is_some_and(|d| {
            d.iter().all(u8::is_ascii_digit)
                && d.iter().fold(0u32, |n, d| n * 10 + u32::from(d - b'0')) <= max
        })
    };
    let at = |i: usize, c: &[u8]| b.get(i).is_some_and(|x| c.contains(x));
    if !(num(0, 4, 9999)
        && at(4, b"-")
        && num(5, 2, 12)
        && at(7, b"-")
        && num(8, 2, 31)
        && at(10, b"Tt")
        && num(11, 2, 23)
        && at(13, b":")
        && num(14, 2, 59)
        && at(16, b":")
        && num(17, 2, 60))
    {
        return false;
    }
    if b[5..7] == *b"00" || b[8..10] == *b"00" {
        return false;
    }
    let mut i = 19;
    if at(i, b".") {
        let digits = b[i + 1..].iter().take_while(|d| d.is_ascii_digit()).count();
        if digits == 0 {
            return false;
        }
        i += 1 + digits;
    }
    match b.get(i) {
        Some(b'Z' | b'z') => i + 1 == b.len(),
        Some(b'+' | b'-') => {
            i + 6 == b.len() && num(i + 1, 2, 23) && at(i + 3, b":") && num(i + 4, 2, 59)
        }
        _ => false,
    }
}

fn card_after_help() -> String {
    format!(
        "{}\n\
         A URL is fetched over HTTPS only: at most cardBytes of body are read (plus one), the\n\
         whole fetch gets --timeout seconds, and at most {} redirects are followed, each on the\n\
         same host. Entries are marked same-origin against the URL the card came from, after\n\
         the redirects; --json adds \"fetchedFrom\": {{\"url\", \"requested\", \"redirects\"}}.\n\n\
         Exit status: 0 no error finding, 1 an error finding, 2 usage or I/O problem\n\
         \x20            (an http:// URL, or a card that could not be fetched)",
        limits_help::<CardLimits>("cardBytes"),
        crate::fetch::MAX_REDIRECTS
    )
}

fn a2ui_after_help() -> String {
    format!(
        "{}\n\
         --strict adds the end-of-stream warnings stream-no-root, stream-dangling-child and\n\
         stream-orphan at the end of the findings (in --json: \"findings\", \"envelope\": null).\n\n\
         --render prints, instead of the report, one JSON object:\n\
         \x20 {{\"locale\": TAG, \"surfaces\": {{SURFACE_ID: TREE or null, ...}}}}\n\
         surfaces sorted by id; null while a surface has no root component. TREE is the\n\
         core's render node with its values evaluated (texts, failing checks in \"errors\",\n\
         \"faults\"); a Button's kind adds \"enabled\" and \"blocked\" (why not), a\n\
         Placeholder's adds \"text\". The same stream always prints the same text.\n\n\
         --action SURFACE/COMPONENT (or --surface S --component C) applies each --edit, then\n\
         prints the action message the click would send:\n\
         \x20 {{\"version\": \"v0.9\", \"action\": {{\"name\", \"surfaceId\", \"sourceComponentId\",\n\
         \x20 \"timestamp\", \"context\"}}}}\n\
         A refused click or edit prints {{\"refused\": {{\"severity\", \"code\", \"surfaceId\",\n\
         \"componentId\", \"path\", \"message\"}}}} and the same finding on standard error; exit 3.\n\
         Both print JSON with or without --json, and say on standard error when the stream\n\
         was not clean (run without them for the findings). docs/cli.md has the details.\n\n\
         Exit status: 0 nothing ignored, 1 an envelope ignored, an error about the whole\n\
         input or (--strict) an end-of-stream warning, 2 usage or I/O problem,\n\
         3 (--action) the click or an edit was refused",
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

/// `--timeout SECONDS`: a number of seconds above 0, fractions allowed (tests use a fraction
/// of a second), at most a day.
fn seconds(given: &str) -> Result<Duration, String> {
    given
        .parse::<f64>()
        .ok()
        .filter(|s| *s > 0.0 && *s <= 86_400.0)
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .ok_or_else(|| format!("{given:?} is not a number of seconds above 0 (at most 86400)"))
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
    // Digits are read exactly, and refused past the largest integer rather than taken as
    // it (`partBytes=99999999999999999999` was read as 18446744073709551615: no limit).
    let past = || format!("{name}: {value} is past the largest limit, {}", u64::MAX);
    let number = if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) {
        Value::from(value.parse::<u64>().map_err(|_| past())?)
    } else {
        let number: f64 = value
            .parse()
            .ok()
            .filter(|v: &f64| v.is_finite())
            .ok_or_else(|| format!("{name}: {value:?} is not a number"))?;
        if number.fract() == 0.0 && number >= 0.0 {
            // 2^64 and past it do not fit; below it the cast is exact.
            if number >= 18_446_744_073_709_551_616.0 {
                return Err(past());
            }
            Value::from(number as u64)
        } else {
            Value::from(number)
        }
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

    /// The help's `[default: …]` for --timeout is written by hand: it must say what the fetch
    /// uses.
    #[test]
    fn the_timeout_help_names_the_default_the_fetch_uses() {
        let mut cmd = Cli::command();
        let card = cmd.find_subcommand_mut("card").unwrap();
        let help = card.render_long_help().to_string();
        let default = format!("[default: {}]", crate::fetch::DEFAULT_TIMEOUT_SECS);
        assert!(help.contains(&default), "{default} not in {help}");
    }

    #[test]
    fn defaults_keep_field_order() {
        let names: Vec<String> = defaults::<CardLimits>().into_iter().map(|p| p.0).collect();
        assert_eq!(names.first().map(String::as_str), Some("cardBytes"));
        assert_eq!(names.len(), 8);
    }
}
