use leptos::prelude::*;
use surfaces_core::{Finding, Severity};

/// `n` and the noun in the number `n` asks for ("1 error", "0 errors", "2 infos").
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// "N errors, N warnings, N infos": the findings counted by severity.
pub fn summary(findings: &[Finding]) -> String {
    let count = |sev| findings.iter().filter(|f| f.severity == sev).count();
    format!(
        "{}, {}, {}",
        plural(count(Severity::Error), "error", "errors"),
        plural(count(Severity::Warning), "warning", "warnings"),
        plural(count(Severity::Info), "info", "infos"),
    )
}

/// The findings of a check, as a table: severity, code, JSON Pointer path, message.
#[component]
pub fn FindingsTable(findings: Vec<Finding>) -> impl IntoView {
    if findings.is_empty() {
        return view! { <p class="no-findings" data-testid="no-findings">"No findings."</p> }
            .into_any();
    }
    let rows = findings
        .into_iter()
        .map(|f| {
            let sev = f.severity.as_str();
            let code = f.code.as_str();
            // What the code means in general; the message says what was found where.
            let meaning = f.code.summary();
            let path = if f.path.is_empty() {
                "(whole document)".to_string()
            } else {
                f.path
            };
            view! {
                // `data-label` names the column when narrow screens stack a row's cells.
                <tr data-testid="finding" data-severity=sev data-code=code>
                    <td data-label="Severity"><span class=format!("sev sev-{sev}")>{sev}</span></td>
                    <td data-label="Code"><code class="code" title=meaning>{code}</code></td>
                    <td data-label="Path"><code class="path">{path}</code></td>
                    <td data-label="Message" dir="auto">{f.message}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <table class="findings" data-testid="findings">
            <caption>"Findings"</caption>
            <thead>
                <tr><th scope="col">"Severity"</th><th scope="col">"Code"</th><th scope="col">"Path"</th><th scope="col">"Message"</th></tr>
            </thead>
            <tbody>{rows}</tbody>
        </table>
    }
    .into_any()
}
