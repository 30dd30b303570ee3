//! The "About this console" screen (`#about`): the contract record this build carries, the
//! same record `surfaces contract --json` and the npm package's `contract()` give. Key facts
//! are a definition list and a table; the whole record follows as pretty JSON in a `<pre>`.
//! Everything is text nodes or attribute values chosen here (a `title` with a full hash).

use leptos::prelude::*;
use surfaces_core::contract::{self, ContractRecord, PinnedFile};

/// How many hex digits of a revision or sha256 are shown; the full value is the cell's
/// `title` and is in the JSON below the table.
const SHORT: usize = 12;

/// The record as pretty JSON: the value the CLI prints with `--json`.
pub fn record_json(record: &ContractRecord) -> String {
    serde_json::to_string_pretty(record)
        .unwrap_or_else(|e| format!("the record did not serialise: {e}"))
}

fn short(hex: &str) -> String {
    match hex.get(..SHORT) {
        Some(head) if hex.len() > SHORT => format!("{head}…"),
        _ => hex.to_string(),
    }
}

/// A list of short values, one per item.
fn codes(items: &[&'static str], testid: &'static str) -> impl IntoView {
    view! {
        <ul class="about-list" data-testid=testid>
            {items.iter().map(|i| view! { <li><code>{*i}</code></li> }).collect_view()}
        </ul>
    }
}

fn sentences(items: &[&'static str]) -> impl IntoView {
    view! {
        <ul class="about-list">
            {items.iter().map(|i| view! { <li>{*i}</li> }).collect_view()}
        </ul>
    }
}

fn bundle_row(f: PinnedFile) -> impl IntoView {
    let revision = short(&f.revision);
    let sha = short(&f.sha256);
    view! {
        <tr data-testid="about-bundle-file">
            <td><code title=f.upstream_path>{f.path}</code></td>
            <td>{f.repository}</td>
            <td><code title=f.revision>{revision}</code></td>
            <td><code data-testid="about-sha256" title=f.sha256>{sha}</code></td>
        </tr>
    }
}

#[component]
pub fn AboutScreen() -> impl IntoView {
    let r = contract::record();
    let json = record_json(&r);
    let ContractRecord {
        ui_contract,
        status,
        transport_profile: transport,
        schema_bundle,
        renderer,
        component_catalog,
        action_api,
        accessibility_baseline: a11y,
    } = r;
    view! {
        <div class="screen about-screen">
            <section class="panel" aria-labelledby="about-heading" data-testid="about">
                <h1 id="about-heading">"About this console"</h1>
                <p class="lede">
                    "The contract record of this build: which A2UI versions it accepts and refuses, what transport it reads, "
                    "the official files it was tested against, and its revision. "
                    <code>"surfaces contract --json"</code>" and the npm package's "<code>"contract()"</code>
                    " give the same record; the end-to-end tests check that all three agree."
                </p>
                <dl class="facts" data-testid="about-facts">
                    <dt>"Accepted versions"</dt>
                    <dd>{codes(&ui_contract.accepted, "about-accepted")}</dd>
                    <dt>"Refused versions"</dt>
                    <dd>{codes(&ui_contract.refused, "about-refused")}</dd>
                    <dt>"Status"</dt>
                    <dd data-testid="about-status">{status}</dd>
                    <dt>"Transport profile"</dt>
                    <dd>
                        {sentences(&transport.a2a_parts)}
                        <p class="about-sub">"Media types"</p>
                        {codes(&transport.media_types, "about-media-types")}
                        <p class="about-sub">"Extension URIs"</p>
                        {codes(&transport.extension_uris, "about-extension-uris")}
                        <p class="hint">{transport.note}</p>
                    </dd>
                    <dt>"Renderer"</dt>
                    <dd data-testid="about-renderer">
                        "version "<code>{contract::VERSION}</code>", git revision "<code>{contract::GIT_REV}</code>
                        " ("<code>{renderer}</code>")"
                    </dd>
                    <dt>"Component catalog"</dt>
                    <dd><code class="about-wrap">{component_catalog}</code></dd>
                    <dt>"Action API"</dt>
                    <dd>
                        <p class="about-line">{action_api.message}</p>
                        <p class="about-line hint">{action_api.lifecycle}</p>
                    </dd>
                    <dt>"Accessibility baseline"</dt>
                    <dd>
                        <p class="about-line">"axe-core "<code>{a11y.axe_core}</code>": "{a11y.rules}</p>
                        <p class="about-line hint">{a11y.browser}</p>
                        <p class="about-sub">"Keyboard flows tested"</p>
                        {sentences(&a11y.keyboard_flows)}
                    </dd>
                </dl>
                <table class="findings about-bundle" data-testid="about-bundle">
                    <caption>"Schema bundle: the official files the validator is held to"</caption>
                    <thead>
                        <tr>
                            <th scope="col">"File"</th>
                            <th scope="col">"Repository"</th>
                            <th scope="col">"Revision"</th>
                            <th scope="col">"sha256"</th>
                        </tr>
                    </thead>
                    <tbody>{schema_bundle.into_iter().map(bundle_row).collect_view()}</tbody>
                </table>
                <p class="hint">"Revisions and hashes are shortened here; the full values are in each cell's title and in the record below."</p>
                <h2 id="about-json-heading">"The whole record (JSON)"</h2>
                <pre class="model about-json" data-testid="about-json" tabindex="0" aria-labelledby="about-json-heading">{json}</pre>
            </section>
        </div>
    }
}
