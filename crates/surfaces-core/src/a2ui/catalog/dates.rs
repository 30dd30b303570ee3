//! `formatDate`: Unicode TR35 patterns over ISO 8601 dates, times and date-times (or epoch
//! milliseconds). The wall-clock time is shown as written (no time-zone conversion);
//! month and day names are English.

use serde_json::Value;

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const DAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Moment {
    year: i64,
    month: u32,
    day: u32,
    hour: u32,
    minute: u32,
    second: u32,
}

fn days_to_civil(z: i64) -> (i64, u32, u32) {
    // Howard Hinnant's algorithm: days since 1970-01-01 to a proleptic Gregorian date.
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

fn weekday(y: i64, m: u32, d: u32) -> usize {
    let t = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];
    let y = if m < 3 { y - 1 } else { y };
    ((y + y.div_euclid(4) - y.div_euclid(100)
        + y.div_euclid(400)
        + t[(m - 1) as usize]
        + i64::from(d))
    .rem_euclid(7)) as usize
}

fn num(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

fn parse(v: &Value) -> Option<Moment> {
    if let Some(ms) = v.as_f64() {
        let secs = (ms / 1000.0).floor() as i64;
        let (y, m, d) = days_to_civil(secs.div_euclid(86_400));
        let t = secs.rem_euclid(86_400) as u32;
        return Some(Moment {
            year: y,
            month: m,
            day: d,
            hour: t / 3600,
            minute: t / 60 % 60,
            second: t % 60,
        });
    }
    let s = v.as_str()?.trim();
    let (date, time) = match s.find(['T', 't', ' ']) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None if s.contains(':') => ("", Some(s)),
        None => (s, None),
    };
    let mut m = Moment::default();
    if !date.is_empty() {
        let mut it = date.splitn(3, '-');
        m.year = i64::from(num(it.next()?)?);
        m.month = num(it.next()?)?;
        m.day = num(it.next()?)?;
        if !crate::calendar::days_in_month(m.year, m.month)
            .is_some_and(|d| (1..=d).contains(&m.day))
        {
            return None;
        }
    } else {
        (m.year, m.month, m.day) = (1970, 1, 1);
    }
    if let Some(t) = time {
        let t = t.trim_end_matches(['Z', 'z']);
        let t = t.split(['+', '-']).next().unwrap_or(t);
        let mut it = t.split(':');
        m.hour = num(it.next()?)?;
        m.minute = num(it.next().unwrap_or("0"))?;
        m.second = it
            .next()
            .map(|s| s.split('.').next().unwrap_or("0"))
            .map_or(Some(0), num)?;
        if m.hour > 23 || m.minute > 59 || m.second > 60 {
            return None;
        }
    }
    Some(m)
}

/// `n` zero-padded to at least `width` characters, the sign first (as `{:0width$}` would).
fn zero_padded(n: i64, width: usize) -> String {
    let digits = n.unsigned_abs().to_string();
    let sign = if n < 0 { "-" } else { "" };
    let zeros = width.saturating_sub(digits.len() + sign.len());
    let mut out = String::with_capacity(sign.len() + zeros + digits.len());
    out.push_str(sign);
    out.extend(std::iter::repeat_n('0', zeros));
    out.push_str(&digits);
    out
}

/// Formats `value` with a TR35 pattern; `None` when the value is not a date or time.
pub fn format(value: &Value, pattern: &str) -> Option<String> {
    let m = parse(value)?;
    let mut out = String::new();
    let chars: Vec<char> = pattern.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\'' {
            // Quoted literal; '' is a single quote.
            let mut j = i + 1;
            if chars.get(j) == Some(&'\'') {
                out.push('\'');
                i += 2;
                continue;
            }
            while j < chars.len() && chars[j] != '\'' {
                out.push(chars[j]);
                j += 1;
            }
            i = j + 1;
            continue;
        }
        if !c.is_ascii_alphabetic() {
            out.push(c);
            i += 1;
            continue;
        }
        let mut n = 1;
        while chars.get(i + n) == Some(&c) {
            n += 1;
        }
        let h12 = if m.hour % 12 == 0 { 12 } else { m.hour % 12 };
        let piece = match (c, n) {
            ('y', 2) => format!("{:02}", m.year.rem_euclid(100)),
            // Padded by hand: `format!`'s width is bounded (65,535) and panics past it, and
            // `n` is the agent's pattern length.
            ('y', _) => zero_padded(m.year, n),
            ('M', 1) => m.month.to_string(),
            ('M', 2) => format!("{:02}", m.month),
            ('M', 3) => MONTHS[(m.month - 1) as usize][..3].to_string(),
            ('M', _) => MONTHS[(m.month - 1) as usize].to_string(),
            ('d', 1) => m.day.to_string(),
            ('d', _) => format!("{:02}", m.day),
            ('E', 1..=3) => DAYS[weekday(m.year, m.month, m.day)][..3].to_string(),
            ('E', _) => DAYS[weekday(m.year, m.month, m.day)].to_string(),
            ('H', 1) => m.hour.to_string(),
            ('H', _) => format!("{:02}", m.hour),
            ('h', 1) => h12.to_string(),
            ('h', _) => format!("{h12:02}"),
            ('m', 1) => m.minute.to_string(),
            ('m', _) => format!("{:02}", m.minute),
            ('s', 1) => m.second.to_string(),
            ('s', _) => format!("{:02}", m.second),
            ('a', _) => (if m.hour < 12 { "AM" } else { "PM" }).to_string(),
            _ => chars[i..i + n].iter().collect(),
        };
        out.push_str(&piece);
        i += n;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn days_that_do_not_exist_are_not_formatted() {
        for (date, ok) in [
            ("2026-02-28", true),
            ("2026-02-29", false),
            ("2024-02-29", true),
            ("1900-02-29", false),
            ("2000-02-29", true),
            ("2026-02-30", false),
            ("2026-04-30", true),
            ("2026-04-31", false),
            ("2026-12-31", true),
            ("2026-12-32", false),
        ] {
            assert_eq!(format(&json!(date), "yyyy-MM-dd").is_some(), ok, "{date}");
        }
    }

    #[test]
    fn patterns() {
        let v = json!("2026-01-16T14:30:05Z");
        assert_eq!(format(&v, "MMM dd, yyyy").unwrap(), "Jan 16, 2026");
        assert_eq!(format(&v, "HH:mm").unwrap(), "14:30");
        assert_eq!(format(&v, "h:mm a").unwrap(), "2:30 PM");
        assert_eq!(format(&v, "EEEE, MMMM d").unwrap(), "Friday, January 16");
        assert_eq!(format(&v, "E, MMM d 'at' ss").unwrap(), "Fri, Jan 16 at 05");
        assert_eq!(
            format(&json!("2024-02-29"), "EEEE yy M/d").unwrap(),
            "Thursday 24 2/29"
        );
        assert_eq!(
            format(&json!(0), "yyyy-MM-dd HH:mm:ss").unwrap(),
            "1970-01-01 00:00:00"
        );
        assert_eq!(format(&json!("09:05:00"), "h:mm a").unwrap(), "9:05 AM");
        assert!(format(&json!("not a date"), "yyyy").is_none());
        assert_eq!(format(&json!("2026-01-16"), "yyyyyy").unwrap(), "002026");
        assert_eq!(zero_padded(-5, 4), "-005");
        // Past what `format!` can pad (u16::MAX), without a panic.
        let wide = format(&json!("2026-01-16"), &"y".repeat(70_000)).unwrap();
        assert_eq!(wide.len(), 70_000);
        assert!(wide.ends_with("2026"));
        assert!(format(&json!("2026-13-01"), "yyyy").is_none());
    }
}
