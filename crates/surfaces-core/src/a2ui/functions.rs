//! The Basic Catalog's 14 functions, evaluated within a fixed budget: nesting depth, steps
//! per evaluation and output size. Regular expressions use the linear-time `regex-lite` engine
//! with a compiled-size cap; a pattern it cannot compile (lookaround, backreferences) fails
//! the check closed. Nothing here can hang, recurse without bound or reach the network.

use std::cell::Cell;

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
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            depth: 5,
            steps: 256,
            output_chars: 10_000,
        }
    }
}
/// Compiled size of one regular expression, in bytes.
pub const REGEX_SIZE_LIMIT: usize = 64 * 1024;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EvalError {
    TooDeep,
    TooManySteps,
    TooLong,
    /// The pattern does not compile in a linear-time engine, or is too large.
    BadPattern(String),
    /// Not a function this renderer evaluates (never reached for schema-valid input).
    Unknown(String),
    /// `openUrl` has an effect; it is an action, not a value.
    NotAValue,
}

impl std::fmt::Display for EvalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EvalError::TooDeep => write!(f, "function calls nest deeper than the budget allows"),
            EvalError::TooManySteps => write!(f, "more function calls than the budget allows"),
            EvalError::TooLong => {
                write!(f, "the result is longer than the budget allows")
            }
            EvalError::BadPattern(why) => write!(f, "the pattern cannot be used: {why}"),
            EvalError::Unknown(n) => write!(f, "\"{n}\" is not a function this renderer evaluates"),
            EvalError::NotAValue => write!(f, "openUrl is an action, not a value"),
        }
    }
}

/// What an evaluation can see: bindings (absolute or relative to the current template item)
/// and the locale numbers, currencies, dates and plurals are formatted for.
pub struct Env<'a> {
    pub lookup: &'a dyn Fn(&str) -> Option<Value>,
    /// A BCP 47 tag such as `en-US`, `de-DE` or `fr`; the caller says where it comes from
    /// (the console uses the browser's `navigator.language`).
    pub locale: &'a str,
    pub budget: Budget,
    steps: Cell<usize>,
}

impl<'a> Env<'a> {
    pub fn new(lookup: &'a dyn Fn(&str) -> Option<Value>, locale: &'a str) -> Self {
        Self::with_budget(lookup, locale, Budget::default())
    }

    pub fn with_budget(
        lookup: &'a dyn Fn(&str) -> Option<Value>,
        locale: &'a str,
        budget: Budget,
    ) -> Self {
        Env {
            lookup,
            locale,
            budget,
            steps: Cell::new(0),
        }
    }

    fn step(&self) -> Result<(), EvalError> {
        let n = self.steps.get() + 1;
        self.steps.set(n);
        if n > self.budget.steps {
            Err(EvalError::TooManySteps)
        } else {
            Ok(())
        }
    }
}

/// Evaluates a dynamic value: a literal, a `{"path"}` binding or a `{"call"}` function call.
pub fn evaluate(v: &Value, env: &Env, depth: usize) -> Result<Value, EvalError> {
    match v {
        Value::Object(o) if o.contains_key("call") => {
            let name = o.get("call").and_then(Value::as_str).unwrap_or_default();
            let empty = Map::new();
            let args = o.get("args").and_then(Value::as_object).unwrap_or(&empty);
            call(name, args, env, depth + 1)
        }
        Value::Object(o) => Ok(o
            .get("path")
            .and_then(Value::as_str)
            .and_then(|p| (env.lookup)(p))
            .unwrap_or(Value::Null)),
        literal => Ok(literal.clone()),
    }
}

fn arg(args: &Map<String, Value>, key: &str, env: &Env, depth: usize) -> Result<Value, EvalError> {
    match args.get(key) {
        Some(v) => evaluate(v, env, depth),
        None => Ok(Value::Null),
    }
}

fn as_number(v: &Value) -> Option<f64> {
    match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// The text a value shows as.
pub fn to_text(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        Value::Number(n) => match n.as_f64() {
            Some(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", f as i64),
            _ => n.to_string(),
        },
        other => other.to_string(),
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
    if s.chars().count() > env.budget.output_chars {
        Err(EvalError::TooLong)
    } else {
        Ok(Value::String(s))
    }
}

pub fn call(
    name: &str,
    args: &Map<String, Value>,
    env: &Env,
    depth: usize,
) -> Result<Value, EvalError> {
    if depth > env.budget.depth {
        return Err(EvalError::TooDeep);
    }
    env.step()?;
    let a = |k: &str| arg(args, k, env, depth);
    Ok(match name {
        "required" => Value::Bool(match a("value")? {
            Value::Null => false,
            Value::String(s) => !s.trim().is_empty(),
            Value::Array(x) => !x.is_empty(),
            _ => true,
        }),
        "regex" => {
            let value = to_text(&a("value")?);
            let pattern = to_text(&a("pattern")?);
            Value::Bool(compile(&pattern)?.is_match(&value))
        }
        "length" => {
            let n = to_text(&a("value")?).chars().count() as f64;
            let (min, max) = (as_number(&a("min")?), as_number(&a("max")?));
            Value::Bool(min.is_none_or(|m| n >= m) && max.is_none_or(|m| n <= m))
        }
        "numeric" => {
            let (min, max) = (as_number(&a("min")?), as_number(&a("max")?));
            Value::Bool(
                as_number(&a("value")?)
                    .is_some_and(|n| min.is_none_or(|m| n >= m) && max.is_none_or(|m| n <= m)),
            )
        }
        "email" => Value::Bool(is_email(&to_text(&a("value")?))),
        "formatString" => {
            let template = to_text(&a("value")?);
            bounded(format_string(&template, env, depth)?, env)?
        }
        "formatNumber" => {
            let Some(n) = as_number(&a("value")?) else {
                return Ok(Value::String(String::new()));
            };
            let decimals = as_number(&a("decimals")?).map(|d| d.clamp(0.0, 20.0) as usize);
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
            let Some(n) = as_number(&a("value")?) else {
                return Ok(Value::String(String::new()));
            };
            let code = to_text(&a("currency")?).to_ascii_uppercase();
            let decimals = as_number(&a("decimals")?).map(|d| d.clamp(0.0, 20.0) as usize);
            let grouping = a("grouping")?.as_bool().unwrap_or(true);
            bounded(
                format_currency(n, &code, decimals, grouping, env.locale),
                env,
            )?
        }
        "formatDate" => {
            let value = a("value")?;
            let pattern = to_text(&a("format")?);
            bounded(
                crate::a2ui::dates::format(&value, &pattern).unwrap_or_default(),
                env,
            )?
        }
        "pluralize" => {
            let n = as_number(&a("value")?).unwrap_or(0.0);
            let category = plural_category(n, env.locale);
            let chosen = match a(category)? {
                Value::Null => a("other")?,
                v => v,
            };
            bounded(to_text(&chosen), env)?
        }
        "and" | "or" => {
            let values = args
                .get("values")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            let mut result = name == "and";
            for v in &values {
                let b = truthy(&evaluate(v, env, depth)?);
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
        "not" => Value::Bool(!truthy(&a("value")?)),
        "openUrl" => return Err(EvalError::NotAValue),
        other => return Err(EvalError::Unknown(other.to_string())),
    })
}

/// Compiles an agent's pattern in the linear-time engine, bounded in size.
pub fn compile(pattern: &str) -> Result<regex_lite::Regex, EvalError> {
    regex_lite::RegexBuilder::new(pattern)
        .size_limit(REGEX_SIZE_LIMIT)
        .nest_limit(64)
        .build()
        .map_err(|e| {
            EvalError::BadPattern(
                e.to_string()
                    .lines()
                    .last()
                    .unwrap_or("invalid")
                    .trim()
                    .to_string(),
            )
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
    let mut rest = template;
    while let Some(i) = rest.find("${") {
        if rest[..i].ends_with('\\') {
            out.push_str(&rest[..i - 1]);
            out.push_str("${");
            rest = &rest[i + 2..];
            continue;
        }
        out.push_str(&rest[..i]);
        let body = &rest[i + 2..];
        let Some(end) = closing(body) else {
            out.push_str(&rest[i..]);
            rest = "";
            break;
        };
        let value = expression(body[..end].trim(), env, depth + 1)?;
        out.push_str(&to_text(&value));
        if out.chars().count() > env.budget.output_chars {
            return Err(EvalError::TooLong);
        }
        rest = &body[end + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

/// The index of the `}` closing an expression, skipping nested `${…}` and quoted strings.
fn closing(s: &str) -> Option<usize> {
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

fn expression(expr: &str, env: &Env, depth: usize) -> Result<Value, EvalError> {
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
            return call(name, &args, env, depth);
        }
    }
    Ok((env.lookup)(expr).unwrap_or(Value::Null))
}

/// An argument inside `${fn(…)}`: a nested `${…}`, a quoted string, a number or a boolean.
fn literal(v: &str, env: &Env, depth: usize) -> Result<Value, EvalError> {
    if let Some(inner) = v.strip_prefix("${").and_then(|r| r.strip_suffix('}')) {
        return expression(inner.trim(), env, depth + 1);
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
    if let Ok(n) = v.parse::<f64>() {
        return Ok(serde_json::json!(n));
    }
    Ok((env.lookup)(v).unwrap_or(Value::Null))
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
