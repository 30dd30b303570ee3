//! The Basic Catalog's 14 functions, evaluated within a budget of *work*, not only of
//! calls: every character a function scans, every regular-expression step (compiled size ×
//! text length), every lookup and every character of output is charged, both to the one
//! evaluation and to the [`Meter`] of the whole pass it belongs to (a render, or the checks
//! of one click). Past either budget the evaluation fails, and callers fail closed: a check
//! that cannot be evaluated fails, a value that cannot be evaluated shows nothing.
//!
//! Regular expressions use the linear-time `regex-lite` engine with a compiled-size cap; a
//! pattern it cannot compile (lookaround, backreferences) fails the check closed. Bindings
//! are looked up by reference: reading a long string costs what scanning it costs, never a
//! copy per lookup. Nothing here can hang, recurse without bound or reach the network.

use crate::Code;
use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use serde_json::{Map, Value};

/// What one evaluation (one text, one check, one action context value) may spend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Nesting of function calls (and of `${…}` inside `formatString`).
    pub depth: usize,
    /// Function calls.
    pub steps: usize,
    /// Characters a function may produce.
    pub output_chars: usize,
    /// Work units, each about a nanosecond natively at worst: a call 64, a lookup 32 plus its
    /// path, 1 per 4 bytes scanned, 1 per byte copied or produced, and a regex match half its
    /// compiled size times the text's length (measured: 0.3 to 1.3 ns per compiled byte per
    /// text byte in `regex-lite`).
    pub work: u64,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            depth: 5,
            steps: 256,
            output_chars: 10_000,
            work: DEFAULT_EVALUATION_WORK,
        }
    }
}

/// Work one evaluation may do by default.
pub const DEFAULT_EVALUATION_WORK: u64 = 2_000_000;
/// Work one pass (a render, or one action's checks and context) may do by default: about
/// 10 to 25 ms natively at worst (BENCHMARKS.md, "Hostile input").
pub const DEFAULT_PASS_WORK: u64 = 10_000_000;

/// Compiled size of one regular expression, in bytes.
pub const REGEX_SIZE_LIMIT: usize = 64 * 1024;

/// Cost of one compile attempt: a fixed part (about 10 µs even for a tiny pattern), a part
/// per pattern character, and half the size tried.
const COMPILE_WORK: u64 = 10_000;
const COMPILE_WORK_PER_CHAR: u64 = 400;
/// Fixed cost of a call, and of a lookup (plus its path's length). A call is about 400 ns
/// natively, its arguments made from the stored call and its result checked: charged 64, a
/// check of 255 `length` calls over a template's 200 items spent a render's budget in 28 ms,
/// not the 10 ms it stands for (2026-12-05, `and` of 255 `length` calls on a Button's checks).
const CALL_WORK: u64 = 384;
const LOOKUP_WORK: u64 = 32;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EvalError {
    TooDeep,
    TooManySteps,
    TooLong,
    /// The evaluation, or the pass it belongs to, spent its work budget.
    TooMuchWork,
    /// The pattern does not compile in a linear-time engine, or is too large.
    BadPattern(String),
    /// Not a function this renderer evaluates (never reached for schema-valid input).
    Unknown(String),
    /// `openUrl` has an effect; it is an action, not a value.
    NotAValue,
}

impl EvalError {
    /// A stable finding code for the failure.
    pub fn code(&self) -> Code {
        match self {
            EvalError::TooDeep => Code::FunctionTooDeep,
            EvalError::TooManySteps => Code::FunctionTooManyCalls,
            EvalError::TooLong => Code::FunctionOutputTooLong,
            EvalError::TooMuchWork => Code::EvaluationBudgetSpent,
            EvalError::BadPattern(_) => Code::PatternRefused,
            EvalError::Unknown(_) => Code::FunctionUnknown,
            EvalError::NotAValue => Code::FunctionNotAValue,
        }
    }
}

impl std::fmt::Display for EvalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EvalError::TooDeep => write!(f, "function calls nest deeper than the budget allows"),
            EvalError::TooManySteps => write!(f, "more function calls than the budget allows"),
            EvalError::TooLong => {
                write!(f, "the result is longer than the budget allows")
            }
            EvalError::TooMuchWork => write!(f, "the work budget for evaluating it is spent"),
            EvalError::BadPattern(why) => write!(f, "the pattern cannot be used: {why}"),
            EvalError::Unknown(n) => write!(f, "\"{n}\" is not a function this renderer evaluates"),
            EvalError::NotAValue => write!(f, "openUrl is an action, not a value"),
        }
    }
}

/// A compiled pattern and the compiled-size bound its matching is charged by.
struct Compiled {
    pattern: String,
    regex: Result<Rc<regex_lite::Regex>, EvalError>,
    size: u64,
}

/// The work budget of one pass, shared by every evaluation in it, and the patterns the pass
/// compiled (a List template repeats one check many times; it is compiled once).
pub struct Meter {
    left: Cell<u64>,
    spent_out: Cell<bool>,
    patterns: RefCell<Vec<Compiled>>,
}

/// Patterns kept per pass.
const PATTERN_CACHE: usize = 32;

impl Meter {
    pub fn new(units: u64) -> Self {
        Meter {
            left: Cell::new(units),
            spent_out: Cell::new(false),
            patterns: RefCell::new(Vec::new()),
        }
    }

    /// Whether some evaluation of the pass ran out of work.
    pub fn spent_out(&self) -> bool {
        self.spent_out.get()
    }

    /// Work left in the pass.
    pub fn left(&self) -> u64 {
        self.left.get()
    }

    /// Takes `units` from the pass; `false` (and spent) when there are not that many left.
    pub fn take(&self, units: u64) -> bool {
        match self.left.get().checked_sub(units) {
            Some(rest) => {
                self.left.set(rest);
                true
            }
            None => {
                self.left.set(0);
                self.spent_out.set(true);
                false
            }
        }
    }
}

/// What an evaluation can see: bindings (absolute or relative to the current template item)
/// and the locale numbers, currencies, dates and plurals are formatted for.
pub struct Env<'a> {
    pub lookup: &'a dyn Fn(&str) -> Option<&'a Value>,
    /// A BCP 47 tag such as `en-US`, `de-DE` or `fr`: the store's locale, so what is shown
    /// and what is checked agree.
    pub locale: &'a str,
    pub budget: Budget,
    steps: Cell<usize>,
    work: Cell<u64>,
    meter: Option<&'a Meter>,
}

impl<'a> Env<'a> {
    pub fn new(lookup: &'a dyn Fn(&str) -> Option<&'a Value>, locale: &'a str) -> Self {
        Self::with_budget(lookup, locale, Budget::default())
    }

    pub fn with_budget(
        lookup: &'a dyn Fn(&str) -> Option<&'a Value>,
        locale: &'a str,
        budget: Budget,
    ) -> Self {
        Env {
            lookup,
            locale,
            budget,
            steps: Cell::new(0),
            work: Cell::new(budget.work),
            meter: None,
        }
    }

    /// An evaluation that is part of a pass: its work counts against the pass's meter too.
    pub fn in_pass(
        lookup: &'a dyn Fn(&str) -> Option<&'a Value>,
        locale: &'a str,
        budget: Budget,
        meter: &'a Meter,
    ) -> Self {
        Env {
            meter: Some(meter),
            ..Self::with_budget(lookup, locale, budget)
        }
    }

    fn step(&self) -> Result<(), EvalError> {
        let n = self.steps.get() + 1;
        self.steps.set(n);
        if n > self.budget.steps {
            return Err(EvalError::TooManySteps);
        }
        self.charge(CALL_WORK)
    }

    /// Charges `units` of work to this evaluation and to its pass.
    pub fn charge(&self, units: u64) -> Result<(), EvalError> {
        match self.work.get().checked_sub(units) {
            Some(rest) => self.work.set(rest),
            None => {
                self.work.set(0);
                return Err(EvalError::TooMuchWork);
            }
        }
        match self.meter {
            Some(m) if !m.take(units) => Err(EvalError::TooMuchWork),
            _ => Ok(()),
        }
    }

    /// A binding's value, by reference, charged by its path.
    fn look(&self, path: &str) -> Result<Option<&'a Value>, EvalError> {
        // Parsing allocates a segment at a time: a byte is charged more than once.
        self.charge(LOOKUP_WORK + 4 * path.len() as u64)?;
        Ok((self.lookup)(path))
    }

    /// The text of `v`, charged as a scan of it; an array's or object's, as its JSON is
    /// written ([`CONTAINER_TEXT_WORK`] a byte), so that one too large for the budget is
    /// never written whole. (Written first and charged a quarter unit a byte after, a 60 KB
    /// array of zeros bound to 255 checks of a template's 200 items took a render 300 ms.)
    fn scan<'v>(&self, v: &'v Value) -> Result<Cow<'v, str>, EvalError> {
        if let Value::Array(_) | Value::Object(_) = v {
            let mut w = ChargedText {
                env: self,
                out: Vec::new(),
                spent: None,
            };
            let written = serde_json::to_writer(&mut w, v);
            if let Some(e) = w.spent {
                return Err(e);
            }
            written.map_err(|_| EvalError::TooLong)?;
            // serde_json writes UTF-8.
            return Ok(Cow::Owned(
                String::from_utf8(w.out).map_err(|_| EvalError::TooLong)?,
            ));
        }
        let t = text_of(v);
        self.charge(t.len() as u64 / 4)?;
        Ok(t)
    }

    /// Whether `text` matches `pattern`, charged by compiled size × text length.
    pub fn matches(&self, pattern: &str, text: &str) -> Result<bool, EvalError> {
        let (regex, size) = self.compiled(pattern)?;
        // The engine steps through at most its compiled program for each byte of text.
        self.charge(size.saturating_mul(text.len() as u64 + 1) / 2)?;
        Ok(regex.is_match(text))
    }

    fn compiled(&self, pattern: &str) -> Result<(Rc<regex_lite::Regex>, u64), EvalError> {
        if let Some(m) = self.meter {
            if let Some(c) = m.patterns.borrow().iter().find(|c| c.pattern == pattern) {
                return c.regex.clone().map(|r| (r, c.size));
            }
        }
        // Each attempt parses the whole pattern again: up to ~300 ns per pattern character
        // natively, plus ~20 µs for a large program (measured). It is charged before the
        // compile, so a pattern too costly to try is never tried. Sizes double from small,
        // so the size a match is charged by is at most twice the program's; an error that is
        // not about size ends the ladder at once.
        let mut result = Err(EvalError::BadPattern("invalid".into()));
        let mut size = 0;
        let mut limit = 256;
        while limit <= REGEX_SIZE_LIMIT {
            self.charge(
                COMPILE_WORK
                    + COMPILE_WORK_PER_CHAR.saturating_mul(pattern.len() as u64)
                    + limit as u64 / 2,
            )?;
            size = limit as u64;
            match compile_within(pattern, limit) {
                Ok(r) => {
                    result = Ok(Rc::new(r));
                    break;
                }
                Err((e, too_large)) => {
                    result = Err(e);
                    if !too_large {
                        break;
                    }
                }
            }
            limit *= 2;
        }
        if let Some(m) = self.meter {
            // The oldest pattern makes room: a template repeating one pattern after many
            // others still compiles it once (found by fuzzing: a full cache recompiled it
            // for every item).
            let mut cache = m.patterns.borrow_mut();
            if cache.len() >= PATTERN_CACHE {
                cache.remove(0);
            }
            cache.push(Compiled {
                pattern: pattern.to_string(),
                regex: result.clone(),
                size,
            });
        }
        result.map(|r| (r, size))
    }
}

/// Evaluates a dynamic value: a literal, a `{"path"}` binding or a `{"call"}` function call.
pub fn evaluate(v: &Value, env: &Env, depth: usize) -> Result<Value, EvalError> {
    owned(resolve(v, env, depth)?, env)
}

/// Like [`evaluate`], but a value read by reference stays borrowed (nothing is copied).
pub fn evaluate_ref<'v, 'e: 'v>(
    v: &'v Value,
    env: &Env<'e>,
    depth: usize,
) -> Result<Cow<'v, Value>, EvalError> {
    resolve(v, env, depth)
}

fn resolve<'v, 'e: 'v>(
    v: &'v Value,
    env: &Env<'e>,
    depth: usize,
) -> Result<Cow<'v, Value>, EvalError> {
    match v {
        Value::Object(o) if o.contains_key("call") => {
            let name = o.get("call").and_then(Value::as_str).unwrap_or_default();
            static EMPTY: std::sync::OnceLock<Map<String, Value>> = std::sync::OnceLock::new();
            let args = o
                .get("args")
                .and_then(Value::as_object)
                .unwrap_or_else(|| EMPTY.get_or_init(Map::new));
            call(name, args, env, depth + 1).map(Cow::Owned)
        }
        Value::Object(o) => Ok(match o.get("path").and_then(Value::as_str) {
            Some(p) => env.look(p)?.map_or(Cow::Owned(Value::Null), Cow::Borrowed),
            None => Cow::Owned(Value::Null),
        }),
        literal => Ok(Cow::Borrowed(literal)),
    }
}

fn arg<'v, 'e: 'v>(
    args: &'v Map<String, Value>,
    key: &str,
    env: &Env<'e>,
    depth: usize,
) -> Result<Cow<'v, Value>, EvalError> {
    match args.get(key) {
        Some(v) => resolve(v, env, depth),
        None => Ok(Cow::Owned(Value::Null)),
    }
}

fn as_number(v: &Value) -> Option<f64> {
    match v {
        Value::Number(n) => n.as_f64(),
        // A number is short; a long string is not one, and is not parsed.
        Value::String(s) if s.len() <= 64 => crate::number::parse_f64(s.trim()),
        _ => None,
    }
}

/// The text a value shows as.
pub fn to_text(v: &Value) -> String {
    text_of(v).into_owned()
}

/// Work units charged for each byte of an array's or object's text made for a function:
/// serde_json writes the text of an array of small numbers at about 7 ns a byte (natively),
/// a token at a time.
const CONTAINER_TEXT_WORK: u64 = 8;

/// A writer of a container's JSON text that charges [`CONTAINER_TEXT_WORK`] for each byte
/// before it keeps it, and stops writing when the budget is spent.
struct ChargedText<'e, 'a> {
    env: &'e Env<'a>,
    out: Vec<u8>,
    spent: Option<EvalError>,
}

impl std::io::Write for ChargedText<'_, '_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if let Err(e) = self.env.charge(CONTAINER_TEXT_WORK * buf.len() as u64) {
            self.spent = Some(e);
            return Err(std::io::Error::other("the work budget is spent"));
        }
        self.out.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The text a value shows as, borrowed when it is a string.
pub fn text_of(v: &Value) -> Cow<'_, str> {
    match v {
        Value::Null => Cow::Borrowed(""),
        Value::String(s) => Cow::Borrowed(s),
        Value::Number(n) => Cow::Owned(match n.as_f64() {
            Some(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", f as i64),
            _ => n.to_string(),
        }),
        other => Cow::Owned(other.to_string()),
    }
}

fn truthy(v: &Value) -> bool {
    match v {
        Value::Bool(b) => *b,
        Value::Null => false,
        Value::Number(n) => n.as_f64().is_some_and(|f| f != 0.0),
        Value::String(s) => !s.is_empty(),
        Value::Array(a) => !a.is_empty(),
        Value::Object(_) => true,
    }
}

fn bounded(s: String, env: &Env) -> Result<Value, EvalError> {
    env.charge(s.len() as u64)?;
    if s.chars().count() > env.budget.output_chars {
        Err(EvalError::TooLong)
    } else {
        Ok(Value::String(s))
    }
}

pub fn call<'v, 'e: 'v>(
    name: &str,
    args: &'v Map<String, Value>,
    env: &Env<'e>,
    depth: usize,
) -> Result<Value, EvalError> {
    if depth > env.budget.depth {
        return Err(EvalError::TooDeep);
    }
    env.step()?;
    let a = |k: &str| arg(args, k, env, depth);
    Ok(match name {
        "required" => Value::Bool(match &*a("value")? {
            Value::Null => false,
            Value::String(s) => {
                env.charge(s.len() as u64 / 4)?;
                !s.trim().is_empty()
            }
            Value::Array(x) => !x.is_empty(),
            _ => true,
        }),
        "regex" => {
            let value = a("value")?;
            let pattern = a("pattern")?;
            let (value, pattern) = (env.scan(&value)?, env.scan(&pattern)?);
            Value::Bool(env.matches(&pattern, &value)?)
        }
        "length" => {
            let value = a("value")?;
            let n = env.scan(&value)?.chars().count() as f64;
            let (min, max) = (as_number(&*a("min")?), as_number(&*a("max")?));
            Value::Bool(min.is_none_or(|m| n >= m) && max.is_none_or(|m| n <= m))
        }
        "numeric" => {
            let (min, max) = (as_number(&*a("min")?), as_number(&*a("max")?));
            Value::Bool(
                as_number(&*a("value")?)
                    .is_some_and(|n| min.is_none_or(|m| n >= m) && max.is_none_or(|m| n <= m)),
            )
        }
        "email" => {
            let value = a("value")?;
            Value::Bool(is_email(&env.scan(&value)?))
        }
        "formatString" => {
            let value = a("value")?;
            let template = env.scan(&value)?;
            bounded(format_string(&template, env, depth)?, env)?
        }
        "formatNumber" => {
            let Some(n) = as_number(&*a("value")?) else {
                return Ok(Value::String(String::new()));
            };
            let decimals = as_number(&*a("decimals")?).map(|d| d.clamp(0.0, 20.0) as usize);
            let grouping = a("grouping")?.as_bool().unwrap_or(true);
            bounded(
                format_number(
                    n,
                    decimals.unwrap_or_else(|| default_decimals(n)),
                    grouping,
                    env.locale,
                ),
                env,
            )?
        }
        "formatCurrency" => {
            let Some(n) = as_number(&*a("value")?) else {
                return Ok(Value::String(String::new()));
            };
            let currency = a("currency")?;
            let code = env.scan(&currency)?;
            // Currency codes are three letters; a long one is not looked at further.
            let code: String = code
                .chars()
                .take(8)
                .collect::<String>()
                .to_ascii_uppercase();
            let decimals = as_number(&*a("decimals")?).map(|d| d.clamp(0.0, 20.0) as usize);
            let grouping = a("grouping")?.as_bool().unwrap_or(true);
            bounded(
                format_currency(n, &code, decimals, grouping, env.locale),
                env,
            )?
        }
        "formatDate" => {
            let value = a("value")?;
            let format = a("format")?;
            let pattern = env.scan(&format)?;
            // The output is at least as long as the pattern's letters: refuse before building.
            if pattern.chars().count() > env.budget.output_chars {
                return Err(EvalError::TooLong);
            }
            bounded(
                super::dates::format(&value, &pattern).unwrap_or_default(),
                env,
            )?
        }
        "pluralize" => {
            let n = as_number(&*a("value")?).unwrap_or(0.0);
            let category = plural_category(n, env.locale);
            let chosen = match a(category)? {
                v if v.is_null() => a("other")?,
                v => v,
            };
            bounded(env.scan(&chosen)?.into_owned(), env)?
        }
        "and" | "or" => {
            let mut result = name == "and";
            for v in args
                .get("values")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let b = truthy(&*resolve(v, env, depth)?);
                if name == "and" && !b {
                    result = false;
                    break;
                }
                if name == "or" && b {
                    result = true;
                    break;
                }
            }
            Value::Bool(result)
        }
        "not" => Value::Bool(!truthy(&*a("value")?)),
        "openUrl" => return Err(EvalError::NotAValue),
        other => return Err(EvalError::Unknown(other.to_string())),
    })
}

/// Compiles an agent's pattern in the linear-time engine, bounded in size.
pub fn compile(pattern: &str) -> Result<regex_lite::Regex, EvalError> {
    compile_within(pattern, REGEX_SIZE_LIMIT).map_err(|(e, _)| e)
}

/// The compiled pattern, or why not and whether only its size was the reason.
fn compile_within(
    pattern: &str,
    size_limit: usize,
) -> Result<regex_lite::Regex, (EvalError, bool)> {
    regex_lite::RegexBuilder::new(pattern)
        .size_limit(size_limit)
        .nest_limit(64)
        .build()
        .map_err(|e| {
            let text = e.to_string();
            let too_large = text.contains("size limit");
            let why = text.lines().last().unwrap_or("invalid").trim().to_string();
            (EvalError::BadPattern(why), too_large)
        })
}

fn is_email(s: &str) -> bool {
    let Some((local, domain)) = s.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && local.len() <= 64
        && !domain.contains('@')
        && !s.chars().any(|c| c.is_whitespace() || c.is_control())
        && domain.contains('.')
        && domain
            .split('.')
            .all(|l| !l.is_empty() && l.chars().all(|c| c.is_alphanumeric() || c == '-'))
        // A top-level label has at least two characters and is not a number
        // (`test@test.c`, `a@10.0.0.1` are not addresses; `xn--p1ai` is).
        && domain
            .rsplit('.')
            .next()
            .is_some_and(|tld| tld.chars().count() >= 2 && !tld.chars().all(|c| c.is_ascii_digit()))
}

fn default_decimals(n: f64) -> usize {
    if n.fract() == 0.0 {
        0
    } else {
        let s = format!("{}", n.abs());
        s.split_once('.').map_or(0, |(_, f)| f.len().min(3))
    }
}

/// A BCP 47 locale's language subtag, lower-cased ("pt-BR" and "pt_br" are "pt").
fn language(locale: &str) -> String {
    locale
        .split(['-', '_'])
        .next()
        .unwrap_or("en")
        .to_ascii_lowercase()
}

/// Separators for a locale's language: (group, decimal).
fn separators(locale: &str) -> (&'static str, &'static str) {
    match language(locale).as_str() {
        "de" | "es" | "it" | "nl" | "pt" | "id" | "tr" | "da" => (".", ","),
        "fr" | "nb" | "no" | "sv" | "fi" | "cs" | "pl" | "ru" | "uk" => ("\u{202F}", ","),
        _ => (",", "."),
    }
}

pub fn format_number(n: f64, decimals: usize, grouping: bool, locale: &str) -> String {
    let (group, decimal) = separators(locale);
    // Half away from zero, as Intl.NumberFormat rounds.
    let scale = 10f64.powi(decimals.min(20) as i32);
    let rounded = (n.abs() * scale).round() / scale;
    let fixed = format!("{:.*}", decimals, rounded);
    let (int, frac) = fixed
        .split_once('.')
        .map_or((fixed.as_str(), ""), |(i, f)| (i, f));
    let mut out = String::new();
    for (i, c) in int.chars().enumerate() {
        if grouping && i > 0 && (int.len() - i) % 3 == 0 {
            out.push_str(group);
        }
        out.push(c);
    }
    if !frac.is_empty() {
        out.push_str(decimal);
        out.push_str(frac);
    }
    if n < 0.0 && fixed.chars().any(|c| c.is_ascii_digit() && c != '0') {
        out.insert(0, '-');
    }
    out
}

fn format_currency(
    n: f64,
    code: &str,
    decimals: Option<usize>,
    grouping: bool,
    locale: &str,
) -> String {
    let (symbol, default_decimals) = match code {
        "USD" => ("$", 2),
        "EUR" => ("€", 2),
        "GBP" => ("£", 2),
        "JPY" => ("¥", 0),
        "CNY" => ("CN¥", 2),
        "INR" => ("₹", 2),
        "KRW" => ("₩", 0),
        _ => ("", 2),
    };
    let amount = format_number(
        n.abs(),
        decimals.unwrap_or(default_decimals),
        grouping,
        locale,
    );
    let sign = if n < 0.0 { "-" } else { "" };
    let symbol = if symbol.is_empty() {
        format!("{code}\u{A0}")
    } else {
        symbol.to_string()
    };
    match separators(locale).1 {
        // Languages writing a decimal comma put the symbol after the amount.
        "," => format!("{sign}{amount}\u{A0}{}", symbol.trim_end()),
        _ => format!("{sign}{symbol}{amount}"),
    }
}

/// The CLDR plural category of `n` in the locale's language (a subset of CLDR's rules).
pub fn plural_category(n: f64, locale: &str) -> &'static str {
    let integer = n.fract() == 0.0;
    let i = n.abs().trunc() as u64;
    match language(locale).as_str() {
        "fr" | "pt" => {
            if i == 0 || i == 1 {
                "one"
            } else {
                "other"
            }
        }
        "ja" | "zh" | "ko" | "id" | "th" | "vi" => "other",
        "ru" | "uk" if integer => match (i % 10, i % 100) {
            (1, r) if r != 11 => "one",
            (2..=4, r) if !(12..=14).contains(&r) => "few",
            _ => "many",
        },
        "pl" if integer => match (i, i % 10, i % 100) {
            (1, _, _) => "one",
            (_, 2..=4, r) if !(12..=14).contains(&r) => "few",
            _ => "many",
        },
        "ar" if integer => match (i, i % 100) {
            (0, _) => "zero",
            (1, _) => "one",
            (2, _) => "two",
            (_, 3..=10) => "few",
            (_, 11..=99) => "many",
            _ => "other",
        },
        // English and the languages that share its rule.
        _ => {
            if integer && i == 1 {
                "one"
            } else {
                "other"
            }
        }
    }
}

/// `${…}` interpolation: JSON Pointer paths (absolute or relative) and named-argument calls;
/// `\${` is a literal `${`.
pub fn format_string(template: &str, env: &Env, depth: usize) -> Result<String, EvalError> {
    let mut out = String::new();
    // Characters written so far, kept as we go (counting `out` again each time is quadratic).
    let mut written = 0usize;
    let mut push = |out: &mut String, s: &str| -> Result<(), EvalError> {
        written += s.chars().count();
        if written > env.budget.output_chars {
            return Err(EvalError::TooLong);
        }
        out.push_str(s);
        Ok(())
    };
    let mut rest = template;
    while let Some(i) = rest.find("${") {
        if rest[..i].ends_with('\\') {
            push(&mut out, &rest[..i - 1])?;
            push(&mut out, "${")?;
            rest = &rest[i + 2..];
            continue;
        }
        push(&mut out, &rest[..i])?;
        let body = &rest[i + 2..];
        let end = closing(body, env)?;
        let Some(end) = end else {
            push(&mut out, &rest[i..])?;
            rest = "";
            break;
        };
        let value = expression(body[..end].trim(), env, depth + 1)?;
        push(&mut out, &env.scan(&value)?)?;
        rest = &body[end + 1..];
    }
    push(&mut out, rest)?;
    Ok(out)
}

/// The index of the `}` closing an expression, skipping nested `${…}` and quoted strings.
fn closing(s: &str, env: &Env) -> Result<Option<usize>, EvalError> {
    let found = closing_at(s);
    // Charged for what was scanned to find it.
    env.charge(found.map_or(s.len(), |i| i + 1) as u64)?;
    Ok(found)
}

fn closing_at(s: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    let mut chars = s.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '$') if chars.peek().map(|p| p.1) == Some('{') => {
                chars.next();
                depth += 1;
            }
            (None, '}') if depth == 0 => return Some(i),
            (None, '}') => depth -= 1,
            _ => {}
        }
    }
    None
}

fn expression<'e>(expr: &str, env: &Env<'e>, depth: usize) -> Result<Cow<'e, Value>, EvalError> {
    if depth > env.budget.depth {
        return Err(EvalError::TooDeep);
    }
    if let Some(open) = expr.find('(') {
        let name = expr[..open].trim();
        if !name.is_empty()
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && expr.ends_with(')')
        {
            let mut args = Map::new();
            for part in split_args(&expr[open + 1..expr.len() - 1]) {
                let Some((k, v)) = part.split_once(':') else {
                    continue;
                };
                args.insert(k.trim().to_string(), literal(v.trim(), env, depth)?);
            }
            return call(name, &args, env, depth).map(Cow::Owned);
        }
    }
    Ok(env
        .look(expr)?
        .map_or(Cow::Owned(Value::Null), Cow::Borrowed))
}

/// An argument inside `${fn(…)}`: a nested `${…}`, a quoted string, a number or a boolean.
fn literal(v: &str, env: &Env, depth: usize) -> Result<Value, EvalError> {
    if let Some(inner) = v.strip_prefix("${").and_then(|r| r.strip_suffix('}')) {
        return owned(expression(inner.trim(), env, depth + 1)?, env);
    }
    if v.len() >= 2
        && ((v.starts_with('\'') && v.ends_with('\'')) || (v.starts_with('"') && v.ends_with('"')))
    {
        return Ok(Value::String(v[1..v.len() - 1].to_string()));
    }
    match v {
        "true" => return Ok(Value::Bool(true)),
        "false" => return Ok(Value::Bool(false)),
        _ => {}
    }
    if let Some(n) = crate::number::parse_f64(v) {
        return Ok(serde_json::json!(n));
    }
    owned(
        env.look(v)?.map_or(Cow::Owned(Value::Null), Cow::Borrowed),
        env,
    )
}

/// A value to keep, copied if borrowed; the copy is charged by its size and by what it
/// allocates ([`clone_work`]).
fn owned(v: Cow<'_, Value>, env: &Env) -> Result<Value, EvalError> {
    if let Cow::Borrowed(b) = &v {
        env.charge(clone_work(b))?;
    }
    Ok(v.into_owned())
}

/// Work charged for each allocation a copy makes: about 30 ns natively, where a byte copied
/// costs one unit (a nanosecond or less).
const ALLOC_WORK: u64 = 32;

/// What copying `v` costs: its size as compact JSON, and [`ALLOC_WORK`] for each string,
/// array and object member that is copied to a heap block of its own
/// ([`crate::a2ui::pointer::copy_size`]). By size alone an array of 16,000 `[0]` cost 64,001
/// units and took as long to copy as 500,000 (red-team review).
pub(crate) fn clone_work(v: &Value) -> u64 {
    let (size, blocks) = crate::a2ui::pointer::copy_size(v);
    copy_work(size, blocks)
}

/// [`clone_work`] of a value whose size and blocks are known.
pub(crate) fn copy_work(size: usize, blocks: usize) -> u64 {
    (size as u64).saturating_add((blocks as u64).saturating_mul(ALLOC_WORK))
}

/// Splits `a: x, b: ${f(c: 1, d: 2)}` at top-level commas.
fn split_args(s: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut quote, mut start) = (0i32, None::<char>, 0);
    for (i, c) in s.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '{' | '(') => depth += 1,
            (None, '}' | ')') => depth -= 1,
            (None, ',') if depth == 0 => {
                parts.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if !s[start..].trim().is_empty() {
        parts.push(&s[start..]);
    }
    parts
}
