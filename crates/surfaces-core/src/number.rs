//! Decimal text read as an `f64`, exactly as `str::parse::<f64>` reads it, by serde_json's
//! float reader (which `float_roundtrip` makes exact, and every build already carries).
//!
//! Why not `str::parse`: it brings core's own exact float reader and its 10 KB table of
//! powers of five into wasm32 builds, a second copy of what serde_json does. Both round
//! correctly, so on text both accept they give the same bits; this module only rewrites
//! Rust's float syntax into JSON's (tests hold the two equal). One difference, on purpose:
//! past about 655,000 characters `str::parse` stops reading an exponent exactly (so
//! `1` and 700,000 zeros then `e-700000` is infinite there), where this reads the true value,
//! as serde_json and `JSON.parse` do; the JSON scan and the parser so agree on it.

/// What `s.parse::<f64>().ok()` gives (see above for texts of over 655,000 characters): an
/// optional sign, then `inf`, `infinity` or `nan` in any case, or digits with an optional
/// point and exponent (`1`, `.5`, `5.`, `1e9`, `+2E-3`); no spaces. Past `f64::MAX` it is an
/// infinity, as there. Linear in the length of `s`.
pub fn parse_f64(s: &str) -> Option<f64> {
    let (negative, body) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let signed = |x: f64| if negative { -x } else { x };
    if body.eq_ignore_ascii_case("inf") || body.eq_ignore_ascii_case("infinity") {
        return Some(signed(f64::INFINITY));
    }
    if body.eq_ignore_ascii_case("nan") {
        return Some(signed(f64::NAN));
    }
    let b = body.as_bytes();
    let digits = |from: usize| from + b[from..].iter().take_while(|c| c.is_ascii_digit()).count();
    let int_end = digits(0);
    let (frac_start, frac_end) = match b.get(int_end) {
        Some(b'.') => (int_end + 1, digits(int_end + 1)),
        _ => (int_end, int_end),
    };
    if int_end == 0 && frac_end == frac_start {
        return None;
    }
    let mut exp_end = frac_end;
    if matches!(b.get(frac_end), Some(b'e' | b'E')) {
        let sign = usize::from(matches!(b.get(frac_end + 1), Some(b'+' | b'-')));
        exp_end = digits(frac_end + 1 + sign);
        if exp_end == frac_end + 1 + sign {
            return None;
        }
    }
    if exp_end != b.len() {
        return None;
    }
    // JSON's form: no leading zeros and at least one integer digit, no bare point. Text
    // already in it (any JSON number, so every one the scan reads) is read as it is.
    let json_form = !s.starts_with('+')
        && int_end > 0
        && (b[0] != b'0' || int_end == 1)
        && (frac_end > frac_start || frac_start == int_end);
    let json = if json_form {
        std::borrow::Cow::Borrowed(s)
    } else {
        let int = body[..int_end].trim_start_matches('0');
        let mut json = String::with_capacity(body.len() + 3);
        if negative {
            json.push('-');
        }
        json.push_str(if int.is_empty() { "0" } else { int });
        if frac_end > frac_start {
            json.push_str(&body[int_end..frac_end]);
        }
        json.push_str(&body[frac_end..exp_end]);
        std::borrow::Cow::Owned(json)
    };
    match serde_json::from_str::<serde_json::Value>(&json) {
        Ok(v) => v.as_f64(),
        // The text is a JSON number, so the only refusal left is a magnitude past f64::MAX.
        Err(_) => Some(signed(f64::INFINITY)),
    }
}

#[cfg(test)]
mod tests {
    use super::parse_f64;

    fn same(s: &str) {
        let want = s.parse::<f64>().ok();
        let got = parse_f64(s);
        let agree = match (want, got) {
            (Some(a), Some(b)) => {
                a.to_bits() == b.to_bits()
                    || (a.is_nan() && b.is_nan() && a.is_sign_negative() == b.is_sign_negative())
            }
            (None, None) => true,
            _ => false,
        };
        assert!(agree, "{s:?}: str::parse gives {want:?}, parse_f64 {got:?}");
    }

    #[test]
    fn reads_what_str_parse_reads() {
        for s in [
            "",
            "+",
            "-",
            ".",
            "e5",
            "1",
            "-0",
            "+0",
            "0",
            "00",
            "007",
            "-007.50",
            ".5",
            "5.",
            "-.5",
            "+5.",
            "1e5",
            "1E+5",
            "1e-5",
            "1.e5",
            ".e5",
            "1e",
            "1e+",
            "1.5e-3",
            "inf",
            "-INF",
            "+Infinity",
            "infinit",
            "NaN",
            "-nan",
            "nan1",
            " 1",
            "1 ",
            "0x10",
            "1_0",
            "1e400",
            "-1e400",
            "1e-400",
            "-1e-400",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "4.9e-324",
            "2.4e-324",
            "18446744073709551615",
            "-9223372036854775809",
            "9007199254740993",
            "0.1000000000000000055511151231257827",
            "1e99999999999999999999",
            "1e-99999999999999999999",
            "0e99999999999999999999",
            "١",
            "1.0.0",
            "--1",
            "+-1",
        ] {
            same(s);
        }
        let long = format!("1{}", "0".repeat(400));
        same(&long);
        same(&format!("0.{}1", "0".repeat(400)));
    }

    /// Where `str::parse` stops reading exponents exactly, this reads what serde_json (and so
    /// the parser every envelope goes through) reads.
    #[test]
    fn long_texts_read_as_serde_json_reads_them() {
        for s in [
            format!("1{}e-700000", "0".repeat(700_000)),
            format!("0.{}1e700000", "0".repeat(699_999)),
            format!("-1{}e-700000", "0".repeat(700_000)),
        ] {
            let want: f64 = serde_json::from_str(&s).unwrap();
            assert_eq!(parse_f64(&s), Some(want));
            assert_eq!(want.abs(), 1.0);
        }
    }

    /// Random strings over the characters float syntax is made of, and random floats
    /// written in several ways.
    #[test]
    fn agrees_on_generated_text() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let alphabet = b"0123456789012345.eE+-infaINFty";
        for _ in 0..200_000 {
            let len = (next() % 14) as usize;
            let s: String = (0..len)
                .map(|_| alphabet[(next() % alphabet.len() as u64) as usize] as char)
                .collect();
            same(&s);
        }
        for _ in 0..50_000 {
            let x = f64::from_bits(next());
            for s in [
                format!("{x}"),
                format!("{x:e}"),
                format!("{x:.3}"),
                format!("{x:.20e}"),
            ] {
                same(&s);
            }
        }
    }
}
