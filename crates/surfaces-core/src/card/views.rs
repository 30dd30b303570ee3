use super::report::{Audience, Entry, Views};

/// Picks entries per audience (§3.5, §11). Only linkable entries are offered anywhere;
/// an unstated audience is never treated as `public`.
pub(super) fn pick(entries: &[Entry]) -> Views {
    let mut v = Views::default();
    for e in entries.iter().filter(|e| e.linkable) {
        match e.audience {
            Some(Audience::Public) => {
                v.directory.push(e.index);
                v.engagement.push(e.index);
            }
            Some(Audience::Client) => v.engagement.push(e.index),
            Some(Audience::Operator) => v.operator.push(e.index),
            None => {}
        }
        v.all.push(e.index);
    }
    v
}
