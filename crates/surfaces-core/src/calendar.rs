//! The proleptic Gregorian calendar, once for every reader of dates in the crate: the JSON
//! Schema formats, the `formatDate` function and A2A's confirmation expiry.

/// Days in `month` (1–12) of `year`; `None` for a month that does not exist.
pub fn days_in_month(year: i64, month: u32) -> Option<u32> {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => Some(29),
        2 => Some(28),
        4 | 6 | 9 | 11 => Some(30),
        1 | 3 | 5 | 7 | 8 | 10 | 12 => Some(31),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::days_in_month;

    #[test]
    fn leap_years_and_impossible_months() {
        assert_eq!(days_in_month(2024, 2), Some(29));
        assert_eq!(days_in_month(1900, 2), Some(28));
        assert_eq!(days_in_month(2000, 2), Some(29));
        assert_eq!(days_in_month(2026, 4), Some(30));
        assert_eq!(days_in_month(2026, 12), Some(31));
        assert_eq!(days_in_month(2026, 0), None);
        assert_eq!(days_in_month(2026, 13), None);
    }
}
