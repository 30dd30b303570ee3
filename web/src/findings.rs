use leptos::prelude::*;
use surfaces_core::Finding;

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
                <tr data-testid="finding" data-severity=sev data-code=code>
                    <td><span class=format!("sev sev-{sev}")>{sev}</span></td>
                    <td><code title=meaning>{code}</code></td>
                    <td><code class="path">{path}</code></td>
                    <td dir="auto">{f.message}</td>
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
