//! The fixture agent, driven over loopback: its card, its JSON-RPC methods, and every
//! scenario's A2UI envelopes folded through `surfaces_core::a2ui::SurfaceStore`.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::future::Future;
use std::time::{Duration, Instant};

use common::*;
use serde_json::{json, Value};
use surfaces_a2a::lifecycle::{check_confirmation, ACTION_METADATA_KEY, CONFIRMATION_MEDIA_TYPE};
use surfaces_core::a2ui::card_advertises_a2ui;
use surfaces_core::card::UiLinks;
use surfaces_core::{check_card, CardOptions, Severity};
use surfaces_fixture_agent::{spawn, spawn_with, Options, Scenario, A2UI_EXTENSION};

async fn bounded<T>(f: impl Future<Output = T>) -> T {
    tokio::time::timeout(TEST_TIME, f)
        .await
        .expect("the test took too long")
}

fn params(message: Value) -> Value {
    json!({ "message": message })
}

/// Starts a task with a text message over `message/stream`, folding what comes.
async fn start(url: &str, fold: &mut Fold) -> (Streamed, String, String) {
    let s = stream(
        url,
        "message/stream",
        params(user_text("hello", None, None)),
    )
    .await;
    for r in &s.results {
        fold.result(r);
    }
    let task = &s.results[0];
    assert_eq!(task["kind"], "task", "a stream starts with the Task");
    let id = task["id"].as_str().unwrap().to_string();
    let ctx = task["contextId"].as_str().unwrap().to_string();
    (s, id, ctx)
}

fn last(s: &Streamed) -> &Value {
    s.results.last().expect("at least one event")
}

fn timestamp() -> &'static str {
    "2026-09-01T10:00:00Z"
}

/// `message` with the action metadata convention's idempotency key.
fn keyed(mut message: Value, key: &str, attempt: u32) -> Value {
    message["metadata"] = json!({ACTION_METADATA_KEY: {"idempotencyKey": key, "attempt": attempt}});
    message
}

/// The person's answer to a confirmation request, as `docs/actions.md` has it.
fn answer(task: &str, ctx: &str, id: &str, decision: &str, key: Option<&str>) -> Value {
    let mut m = user_text("", Some(task), Some(ctx));
    m["parts"] = json!([{"kind": "data", "metadata": {"mimeType": CONFIRMATION_MEDIA_TYPE},
                         "data": {"confirmationId": id, "decision": decision}}]);
    match key {
        Some(k) => keyed(m, k, 2),
        None => m,
    }
}

/// The confirmation request of the last event, read by the core as a console reads it.
fn confirmation_of(s: &Streamed) -> surfaces_a2a::Confirmation {
    let end = last(s);
    assert_eq!(end["status"]["state"], "input-required");
    let part = end["status"]["message"]["parts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["metadata"]["mimeType"] == CONFIRMATION_MEDIA_TYPE)
        .expect("a confirmation request");
    check_confirmation(&part["data"]).expect("a well-formed confirmation request")
}

/// The booking form, filled in and booked with `key`: the stream that answered the action.
async fn book(url: &str, key: &str) -> (Fold, Streamed, String, String) {
    let mut fold = Fold::default();
    let (_, task, ctx) = start(url, &mut fold).await;
    let surface = fold.store.surface_ids().next().unwrap().to_string();
    fold.store
        .edit(&surface, "/booking/name", json!("Ada"))
        .unwrap();
    let action = fold.store.action(&surface, "book", timestamp()).unwrap();
    let m = keyed(user_action(action, Some(&task), Some(&ctx)), key, 1);
    let s = stream(url, "message/stream", params(m)).await;
    for r in &s.results {
        fold.result(r);
    }
    (fold, s, task, ctx)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn card_is_a_valid_a2a_card_with_ui_links_and_a2ui() {
    bounded(async {
        let url = spawn(Scenario::Booking).await.unwrap();
        let card_url = format!("{url}.well-known/agent-card.json");
        let r = client().get(&card_url).send().await.unwrap();
        assert_eq!(r.status(), 200);
        assert_eq!(r.headers()["content-type"], "application/json");
        let text = r.text().await.unwrap();
        let card: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(card["protocolVersion"], "0.3.0");
        assert_eq!(card["url"], url.as_str());
        assert_eq!(card["capabilities"]["streaming"], true);
        assert!(card_advertises_a2ui(&card));
        let a2ui = card["capabilities"]["extensions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["uri"] == A2UI_EXTENSION)
            .unwrap();
        assert_eq!(
            a2ui["params"]["supportedCatalogIds"],
            json!([surfaces_core::a2ui::BASIC_CATALOG_ID])
        );
        let report = check_card(
            &text,
            &CardOptions {
                fetched_from: Some(card_url),
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!(report.ui_links, UiLinks::Present);
        let errors: Vec<_> = report
            .findings
            .iter()
            .filter(|f| f.severity != Severity::Info)
            .collect();
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(report.entries.len(), 2);
        assert!(report.entries.iter().all(|e| e.linkable
            && e.url.as_deref().unwrap().starts_with("https://")
            && e.label.is_some()));
        // Every skill a UI link names is declared.
        assert!(report
            .entries
            .iter()
            .all(|e| e.skill_declared != Some(false)));
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn booking_form_then_action_round_trip() {
    bounded(async {
        let url = spawn(Scenario::Booking).await.unwrap();
        let mut fold = Fold::default();
        let (s, task, ctx) = start(&url, &mut fold).await;
        assert!(s.clean_end);
        assert_eq!(s.content_type, "text/event-stream");
        let end = last(&s);
        assert_eq!(end["kind"], "status-update");
        assert_eq!(end["final"], true);
        assert_eq!(end["status"]["state"], "input-required");
        assert!(s.results[1..]
            .iter()
            .all(|r| r["taskId"] == task.as_str() && r["contextId"] == ctx.as_str()));
        let parts = end["status"]["message"]["parts"].as_array().unwrap();
        let a2ui: Vec<_> = parts.iter().filter(|p| p["kind"] == "data").collect();
        assert_eq!(a2ui.len(), 3, "one envelope per part");
        assert!(a2ui
            .iter()
            .all(|p| p["metadata"]["mimeType"] == "application/json+a2ui"
                && p["data"]["version"] == "v0.9"));
        assert_eq!(fold.ignored_codes(), Vec::<String>::new());
        let stats = fold.store.stats();
        for kind in ["TextField", "DateTimeInput", "ChoicePicker", "Row"] {
            assert_eq!(stats.components.get(kind), Some(&1), "{kind}");
        }
        assert_eq!(stats.components.get("Button"), Some(&2), "Book and Check");
        let surface = "booking-1";
        // The Button's check holds it until a name is entered.
        assert!(fold.store.action(surface, "book", timestamp()).is_err());
        fold.store
            .edit(surface, "/booking/name", json!("Ada"))
            .unwrap();
        let action = fold.store.action(surface, "book", timestamp()).unwrap();
        assert_eq!(action["action"]["name"], "book");
        assert_eq!(action["action"]["context"]["name"], "Ada");
        let s1 = stream(
            &url,
            "message/stream",
            params(keyed(
                user_action(action, Some(&task), Some(&ctx)),
                "key-1",
                1,
            )),
        )
        .await;
        // Book is consequential: the agent asks first, and books nothing yet.
        assert!(s1.clean_end);
        assert_eq!(last(&s1)["final"], true);
        assert!(s1.results.iter().all(|r| r["kind"] != "artifact-update"));
        let c = confirmation_of(&s1);
        assert!(c.summary.contains("name: Ada"), "{}", c.summary);
        let s2 = stream(
            &url,
            "message/stream",
            params(answer(
                &task,
                &ctx,
                &c.confirmation_id,
                "confirm",
                Some("key-1"),
            )),
        )
        .await;
        assert!(s2.clean_end);
        assert_eq!(s2.results[0]["kind"], "task");
        assert!(s2.results.iter().any(|r| r["kind"] == "artifact-update"));
        for r in &s2.results {
            fold.result(r);
        }
        assert_eq!(last(&s2)["status"]["state"], "completed");
        assert_eq!(last(&s2)["final"], true);
        assert_eq!(fold.ignored_codes(), Vec::<String>::new());
        let confirmation = fold
            .surface("confirmation-1")
            .expect("a confirmation surface");
        assert!(confirmation.root);
        // tasks/get has the whole story.
        let got = rpc(&url, "tasks/get", json!({"id": task})).await;
        let t = &got["result"];
        assert_eq!(t["status"]["state"], "completed");
        assert_eq!(t["artifacts"][0]["artifactId"], "confirmation");
        let history = t["history"].as_array().unwrap();
        assert_eq!(history.iter().filter(|m| m["role"] == "user").count(), 3);
        let short = rpc(&url, "tasks/get", json!({"id": task, "historyLength": 1})).await;
        assert_eq!(short["result"]["history"].as_array().unwrap().len(), 1);
        // A finished task takes no more messages and cannot be canceled.
        let again = rpc(
            &url,
            "message/send",
            params(user_text("more", Some(&task), None)),
        )
        .await;
        assert_eq!(again["error"]["code"], -32602);
        let cancel = rpc(&url, "tasks/cancel", json!({"id": task})).await;
        assert_eq!(cancel["error"]["code"], -32002);
    })
    .await;
}

/// The form's second action only answers in text: it books nothing, and it is not the
/// booking the `agent-update` scenario answers with other values.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_answers_in_text_and_the_first_booking_is_still_the_first() {
    bounded(async {
        let url = spawn(Scenario::AgentUpdate).await.unwrap();
        let mut fold = Fold::default();
        let (_, task, ctx) = start(&url, &mut fold).await;
        let surface = "booking-1";
        let check = fold.store.action(surface, "check", timestamp()).unwrap();
        assert_eq!(check["action"]["name"], "check");
        let m = keyed(user_action(check, Some(&task), Some(&ctx)), "key-c", 1);
        let s = stream(&url, "message/stream", params(m)).await;
        let end = last(&s);
        assert_eq!(end["status"]["state"], "input-required");
        assert_eq!(
            end["status"]["message"]["parts"][0]["text"],
            "Free on 2026-09-01: ballroom. Choose Book to book it."
        );
        assert!(s.results.iter().all(|r| r["kind"] != "artifact-update"));
        fold.store
            .edit(surface, "/booking/name", json!("Ada"))
            .unwrap();
        let book = fold.store.action(surface, "book", timestamp()).unwrap();
        let m = keyed(user_action(book, Some(&task), Some(&ctx)), "key-b", 1);
        let s = stream(&url, "message/stream", params(m)).await;
        let parts = last(&s)["status"]["message"]["parts"].clone();
        assert!(
            parts
                .as_array()
                .unwrap()
                .iter()
                .any(|p| p["data"]["updateDataModel"]["path"] == "/booking/date"),
            "{parts}"
        );
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_confirmed_booking_is_made_once_per_idempotency_key() {
    bounded(async {
        let url = spawn(Scenario::Booking).await.unwrap();
        let (_, s, task, ctx) = book(&url, "key-once").await;
        let c = confirmation_of(&s);
        let confirm = params(answer(
            &task,
            &ctx,
            &c.confirmation_id,
            "confirm",
            Some("key-once"),
        ));
        let first = rpc(&url, "message/send", confirm.clone()).await;
        assert_eq!(first["result"]["status"]["state"], "completed");
        let text = first["result"]["artifacts"][0]["parts"][0]["text"]
            .as_str()
            .unwrap();
        assert!(text.starts_with("Booked (BK-0001): "), "{text}");
        // The answer was lost; the same confirmation is sent again with the same key: the
        // task as it ended comes back, and nothing is booked twice.
        let again = rpc(&url, "message/send", confirm.clone()).await;
        assert_eq!(again["result"], first["result"]);
        let streamed = stream(&url, "message/stream", confirm).await;
        assert_eq!(streamed.results.len(), 1);
        assert_eq!(streamed.results[0], first["result"]);
        // Another key on another task is another booking: the count above was of effects.
        let (_, s, task, ctx) = book(&url, "key-two").await;
        let c = confirmation_of(&s);
        let second = rpc(
            &url,
            "message/send",
            params(answer(
                &task,
                &ctx,
                &c.confirmation_id,
                "confirm",
                Some("key-two"),
            )),
        )
        .await;
        let text = second["result"]["artifacts"][0]["parts"][0]["text"]
            .as_str()
            .unwrap();
        assert!(text.starts_with("Booked (BK-0002): "), "{text}");
        // A key that made no effect on a finished task is still refused.
        let other = rpc(
            &url,
            "message/send",
            params(answer(
                &task,
                &ctx,
                &c.confirmation_id,
                "confirm",
                Some("key-other"),
            )),
        )
        .await;
        assert_eq!(other["error"]["code"], -32602);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_canceled_confirmation_books_nothing_and_the_form_stays() {
    bounded(async {
        let url = spawn(Scenario::Booking).await.unwrap();
        let (_, s, task, ctx) = book(&url, "key-c").await;
        let c = confirmation_of(&s);
        let r = rpc(
            &url,
            "message/send",
            params(answer(
                &task,
                &ctx,
                &c.confirmation_id,
                "cancel",
                Some("key-c"),
            )),
        )
        .await;
        let t = &r["result"];
        assert_eq!(t["status"]["state"], "input-required");
        assert!(t["artifacts"].as_array().unwrap().is_empty());
        assert!(t["status"]["message"]["parts"][0]["text"]
            .as_str()
            .unwrap()
            .starts_with("Not booked"));
        // The canceled confirmation cannot be confirmed afterwards.
        let late = rpc(
            &url,
            "message/send",
            params(answer(
                &task,
                &ctx,
                &c.confirmation_id,
                "confirm",
                Some("key-c"),
            )),
        )
        .await;
        assert_eq!(late["result"]["status"]["state"], "rejected");
        assert!(late["result"]["artifacts"].as_array().unwrap().is_empty());
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_confirmation_is_refused() {
    bounded(async {
        let options = Options {
            confirmation_ttl: Duration::from_millis(300),
        };
        let url = spawn_with(Scenario::Booking, options).await.unwrap();
        let asked_at = std::time::SystemTime::now();
        let (_, s, task, ctx) = book(&url, "key-e").await;
        let c = confirmation_of(&s);
        // expiresAt says when: about the TTL after it was asked.
        let asked_ms = asked_at
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis() as i64;
        assert!(
            (asked_ms + 250..asked_ms + 5_000).contains(&c.expires_at_ms),
            "{}",
            c.expires_at
        );
        tokio::time::sleep(Duration::from_millis(400)).await;
        let r = rpc(
            &url,
            "message/send",
            params(answer(
                &task,
                &ctx,
                &c.confirmation_id,
                "confirm",
                Some("key-e"),
            )),
        )
        .await;
        assert_eq!(r["result"]["status"]["state"], "rejected");
        assert!(r["result"]["status"]["message"]["parts"][0]["text"]
            .as_str()
            .unwrap()
            .contains("expired"));
        assert!(r["result"]["artifacts"].as_array().unwrap().is_empty());
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_confirmation_without_its_key_or_with_another_id_books_nothing() {
    bounded(async {
        let url = spawn(Scenario::Booking).await.unwrap();
        for (id, key) in [
            (None, None),
            (None, Some("key-wrong")),
            (Some("confirm-9-9"), Some("key-k")),
        ] {
            let (_, s, task, ctx) = book(&url, "key-k").await;
            let c = confirmation_of(&s);
            let id = id.unwrap_or(&c.confirmation_id);
            let r = rpc(
                &url,
                "message/send",
                params(answer(&task, &ctx, id, "confirm", key)),
            )
            .await;
            assert_eq!(r["result"]["status"]["state"], "rejected", "{id} {key:?}");
            assert!(r["result"]["artifacts"].as_array().unwrap().is_empty());
        }
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn message_send_returns_the_task_and_folds_the_same() {
    bounded(async {
        let url = spawn(Scenario::Booking).await.unwrap();
        let r = rpc(&url, "message/send", params(user_text("hi", None, None))).await;
        assert_eq!(r["id"], 7);
        let task = &r["result"];
        assert_eq!(task["kind"], "task");
        assert_eq!(task["status"]["state"], "input-required");
        let mut fold = Fold::default();
        fold.result(task);
        assert_eq!(fold.a2ui_parts, 3);
        assert_eq!(fold.ignored_codes(), Vec::<String>::new());
        assert!(fold.surface("booking-1").unwrap().root);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_rpc_errors() {
    bounded(async {
        let url = spawn(Scenario::Booking).await.unwrap();
        let post = |body: &'static str| {
            let url = url.clone();
            async move {
                let r = client()
                    .post(&url)
                    .header("content-type", "application/json")
                    .body(body)
                    .send()
                    .await
                    .unwrap();
                serde_json::from_slice::<Value>(&r.bytes().await.unwrap()).unwrap()
            }
        };
        assert_eq!(post("{not json").await["error"]["code"], -32700);
        assert_eq!(post(r#"{"id":1}"#).await["error"]["code"], -32600);
        assert_eq!(
            post(r#"{"jsonrpc":"2.0","id":1,"method":"nope"}"#).await["error"]["code"],
            -32601
        );
        assert_eq!(
            post(r#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{}}"#).await["error"]
                ["code"],
            -32602
        );
        let missing = rpc(&url, "tasks/get", json!({"id": "task-999"})).await;
        assert_eq!(missing["error"]["code"], -32001);
        let missing = rpc(
            &url,
            "message/send",
            params(user_text("x", Some("task-999"), None)),
        )
        .await;
        assert_eq!(missing["error"]["code"], -32001);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn progress_streams_updates_over_two_seconds() {
    bounded(async {
        let url = spawn(Scenario::Progress).await.unwrap();
        let began = Instant::now();
        let mut fold = Fold::default();
        let (s, _, _) = start(&url, &mut fold).await;
        assert!(began.elapsed() >= Duration::from_millis(1800));
        assert!(s.clean_end);
        let working = s
            .results
            .iter()
            .filter(|r| r["kind"] == "status-update" && r["status"]["state"] == "working")
            .count();
        assert!(working >= 9, "{working} working updates");
        assert_eq!(last(&s)["status"]["state"], "completed");
        assert_eq!(fold.ignored_codes(), Vec::<String>::new());
        let surface = fold.surface("progress-1").unwrap();
        assert_eq!(surface.data_model["progress"]["text"], "8 of 8 steps done");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancel_stops_a_running_task_and_resubscribe_follows_one() {
    bounded(async {
        let url = spawn(Scenario::Progress).await.unwrap();
        // Resubscribe while it runs: the Task as it is, then the rest until the final event.
        let first = client()
            .post(&url)
            .header("content-type", "application/json")
            .body(
                json!({"jsonrpc":"2.0","id":1,"method":"message/stream",
                       "params": params(user_text("go", None, None))})
                .to_string(),
            )
            .send()
            .await
            .unwrap();
        drop(first); // the person's tab closed; the work goes on
        tokio::time::sleep(Duration::from_millis(600)).await;
        let s = stream(&url, "tasks/resubscribe", json!({"id": "task-1"})).await;
        assert!(s.clean_end);
        assert_eq!(s.results[0]["kind"], "task");
        assert_eq!(s.results[0]["status"]["state"], "working");
        assert_eq!(last(&s)["status"]["state"], "completed");
        assert_eq!(last(&s)["final"], true);
        assert!(s.results.len() >= 3);
        // Cancel a second one midway.
        let url2 = url.clone();
        let running = tokio::spawn(async move {
            stream(&url2, "message/stream", params(user_text("go", None, None))).await
        });
        tokio::time::sleep(Duration::from_millis(600)).await;
        let canceled = rpc(&url, "tasks/cancel", json!({"id": "task-2"})).await;
        assert_eq!(canceled["result"]["status"]["state"], "canceled");
        let s = running.await.unwrap();
        assert!(s.clean_end);
        assert_eq!(last(&s)["status"]["state"], "canceled");
        assert_eq!(last(&s)["final"], true);
        tokio::time::sleep(Duration::from_millis(400)).await;
        let got = rpc(&url, "tasks/get", json!({"id": "task-2"})).await;
        assert_eq!(got["result"]["status"]["state"], "canceled");
        assert!(got["result"]["artifacts"].as_array().unwrap().is_empty());
    })
    .await;
}

async fn form_then_book(scenario: Scenario) -> (String, Fold, Streamed, String, String) {
    let url = spawn(scenario).await.unwrap();
    let mut fold = Fold::default();
    let (_, task, ctx) = start(&url, &mut fold).await;
    fold.store
        .edit("booking-1", "/booking/name", json!("Ada"))
        .unwrap();
    let action = fold.store.action("booking-1", "book", timestamp()).unwrap();
    let s = stream(
        &url,
        "message/stream",
        params(user_action(action, Some(&task), Some(&ctx))),
    )
    .await;
    for r in &s.results {
        fold.result(r);
    }
    (url, fold, s, task, ctx)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_action_takes_three_seconds() {
    bounded(async {
        let began = Instant::now();
        let (_, fold, s, _, _) = form_then_book(Scenario::SlowAction).await;
        assert!(began.elapsed() >= Duration::from_secs(3));
        assert_eq!(last(&s)["status"]["state"], "completed");
        assert!(fold.surface("confirmation-1").is_some());
        assert_eq!(fold.ignored_codes(), Vec::<String>::new());
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failing_action_ends_failed() {
    bounded(async {
        let (url, fold, s, task, _) = form_then_book(Scenario::FailingAction).await;
        assert_eq!(last(&s)["status"]["state"], "failed");
        assert_eq!(last(&s)["final"], true);
        assert!(fold.surface("confirmation-1").is_none());
        let got = rpc(&url, "tasks/get", json!({"id": task})).await;
        assert_eq!(got["result"]["status"]["state"], "failed");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn agent_update_of_an_edited_field_is_a_proposal() {
    bounded(async {
        let url = spawn(Scenario::AgentUpdate).await.unwrap();
        let mut fold = Fold::default();
        let (_, task, ctx) = start(&url, &mut fold).await;
        let surface = "booking-1";
        fold.store
            .edit(surface, "/booking/name", json!("Ada"))
            .unwrap();
        fold.store
            .edit(surface, "/booking/room", json!(["garden"]))
            .unwrap();
        let action = fold.store.action(surface, "book", timestamp()).unwrap();
        let s = stream(
            &url,
            "message/stream",
            params(user_action(action, Some(&task), Some(&ctx))),
        )
        .await;
        for r in &s.results {
            fold.result(r);
        }
        assert_eq!(last(&s)["status"]["state"], "input-required");
        assert_eq!(fold.ignored_codes(), Vec::<String>::new());
        let report = fold.surface(surface).unwrap();
        // The person's room stays; the agent's is a proposal. The date was not edited: it
        // simply changes.
        assert_eq!(report.data_model["booking"]["room"], json!(["garden"]));
        assert_eq!(report.data_model["booking"]["date"], "2026-09-02");
        assert_eq!(report.proposals.len(), 1, "{:?}", report.proposals);
        assert_eq!(report.proposals[0].pointer, "/booking/room");
        assert_eq!(report.proposals[0].agent, json!(["terrace"]));
        // Taking the proposal and booking again completes it.
        fold.store.accept_agent(surface, "/booking/room").unwrap();
        let action = fold.store.action(surface, "book", timestamp()).unwrap();
        assert_eq!(action["action"]["context"]["room"], json!(["terrace"]));
        let s = stream(
            &url,
            "message/stream",
            params(user_action(action, Some(&task), Some(&ctx))),
        )
        .await;
        assert_eq!(last(&s)["status"]["state"], "completed");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn message_scenario_answers_with_messages() {
    bounded(async {
        let url = spawn(Scenario::Message).await.unwrap();
        let r = rpc(&url, "message/send", params(user_text("hi", None, None))).await;
        let m = &r["result"];
        assert_eq!(m["kind"], "message");
        assert_eq!(m["role"], "agent");
        let ctx = m["contextId"].as_str().unwrap().to_string();
        let mut fold = Fold::default();
        fold.result(m);
        let surface = fold.store.report().surfaces[0].surface_id.clone();
        fold.store
            .edit(&surface, "/booking/name", json!("Ada"))
            .unwrap();
        let action = fold.store.action(&surface, "book", timestamp()).unwrap();
        let s = stream(
            &url,
            "message/stream",
            params(user_action(action, None, Some(&ctx))),
        )
        .await;
        assert!(s.clean_end);
        assert_eq!(s.results.len(), 1);
        assert_eq!(s.results[0]["kind"], "message");
        assert_eq!(s.results[0]["contextId"], ctx.as_str());
        fold.result(&s.results[0]);
        assert_eq!(fold.ignored_codes(), Vec::<String>::new());
        assert_eq!(fold.store.report().surfaces.len(), 2);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn markup_is_kept_as_text() {
    bounded(async {
        let url = spawn(Scenario::Markup).await.unwrap();
        let mut fold = Fold::default();
        let (s, _, _) = start(&url, &mut fold).await;
        assert_eq!(fold.ignored_codes(), Vec::<String>::new());
        let all = serde_json::to_string(&s.results).unwrap();
        assert!(all.contains("<script>alert('surface')</script>"));
        assert!(all.contains("javascript:alert(1)"));
        let report = fold.surface("markup-1").unwrap();
        assert_eq!(
            report.data_model["m"]["v"],
            "<script>document.cookie</script>"
        );
        assert_eq!(report.components, 9);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn storm_trips_the_rate_limit() {
    bounded(async {
        let url = spawn(Scenario::Storm).await.unwrap();
        // Without a clock nothing is limited: all of it folds.
        let mut free = Fold::default();
        let (s, _, _) = start(&url, &mut free).await;
        assert!(s.clean_end);
        let n = surfaces_fixture_agent::STORM_UPDATES;
        assert_eq!(free.a2ui_parts, n + 2);
        assert_eq!(free.ignored_codes(), Vec::<String>::new());
        assert_eq!(
            free.surface("storm-1").unwrap().data_model["count"],
            n.to_string()
        );
        // With everything arriving at once, the surface's burst is spent and the rest refused.
        let mut timed = Fold {
            now_ms: Some(0.0),
            ..Default::default()
        };
        for r in &s.results {
            timed.result(r);
        }
        let codes = timed.ignored_codes();
        assert!(!codes.is_empty());
        assert!(
            codes.iter().all(|c| c == "update-rate-exceeded"),
            "{codes:?}"
        );
        let stats = timed.store.stats();
        assert!(stats.applied <= 201, "{}", stats.applied);
        assert_eq!(stats.applied + stats.ignored, n + 2);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oversize_part_is_not_read() {
    bounded(async {
        let url = spawn(Scenario::Oversize).await.unwrap();
        let mut fold = Fold::default();
        let (s, _, _) = start(&url, &mut fold).await;
        assert!(s.clean_end);
        assert_eq!(fold.ignored_codes(), vec!["part-too-large".to_string()]);
        let report = fold.surface("oversize-1").unwrap();
        assert!(report.root);
        assert!(report.data_model.get("blob").is_none());
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cycles_are_refused() {
    bounded(async {
        let url = spawn(Scenario::Cycle).await.unwrap();
        let mut fold = Fold::default();
        start(&url, &mut fold).await;
        let codes = fold.ignored_codes();
        assert!(!codes.is_empty());
        assert!(codes.iter().all(|c| c == "component-cycle"), "{codes:?}");
        assert_eq!(fold.store.stats().ignored, 2);
        // The surface drawn before the cycles stands.
        assert_eq!(fold.surface("cycle-1").unwrap().components, 2);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn foreign_surface_is_refused() {
    bounded(async {
        let url = spawn(Scenario::ForeignSurface).await.unwrap();
        let mut fold = Fold::default();
        start(&url, &mut fold).await;
        assert_eq!(fold.ignored_codes(), Vec::<String>::new());
        // A second conversation writes to the first one's surface.
        let (s, _, ctx2) = start(&url, &mut fold).await;
        assert_ne!(s.results[0]["contextId"], "ctx-1");
        assert_ne!(ctx2, "ctx-1");
        let codes = fold.ignored_codes();
        assert_eq!(
            codes,
            vec![
                "surface-not-owned".to_string(),
                "surface-not-owned".to_string()
            ]
        );
        let first = fold.surface("own-1").unwrap();
        assert!(first.data_model.get("hijacked").is_none());
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cut_stream_breaks_off_without_a_final_event() {
    bounded(async {
        let url = spawn(Scenario::Cut).await.unwrap();
        let mut fold = Fold::default();
        let (s, task, _) = start(&url, &mut fold).await;
        assert!(!s.clean_end, "the stream must break off, not end");
        assert!(s.results.len() >= 3);
        assert!(s.results.iter().all(|r| r["final"] != true));
        assert_eq!(fold.ignored_codes(), Vec::<String>::new());
        assert!(fold.surface("cut-1").unwrap().root);
        // message/send returns the task as it was left: still working.
        let r = rpc(&url, "message/send", params(user_text("again", None, None))).await;
        assert_eq!(r["result"]["status"]["state"], "working");
        let got = rpc(&url, "tasks/get", json!({"id": task})).await;
        assert_eq!(got["result"]["status"]["state"], "working");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cut_action_breaks_the_stream_off_and_books_anyway_once() {
    bounded(async {
        let url = spawn(Scenario::CutAction).await.unwrap();
        let mut fold = Fold::default();
        let (_, task, ctx) = start(&url, &mut fold).await;
        fold.store
            .edit("booking-1", "/booking/name", json!("Ada"))
            .unwrap();
        let action = fold.store.action("booking-1", "book", timestamp()).unwrap();
        let m = keyed(user_action(action, Some(&task), Some(&ctx)), "key-cut", 1);
        let s = stream(&url, "message/stream", params(m.clone())).await;
        assert!(!s.clean_end, "the action's stream must break off, not end");
        assert!(s.results.iter().all(|r| r["final"] != true));
        assert_eq!(last(&s)["status"]["state"], "working");
        // The task goes on: it holds the action (with its key), and a resubscribe follows it
        // to its end.
        let got = rpc(&url, "tasks/get", json!({"id": task})).await;
        assert_eq!(got["result"]["status"]["state"], "working");
        let read =
            surfaces_a2a::wire::response(surfaces_a2a::ProtocolVersion::V0_3, &got.to_string())
                .unwrap();
        let keys = surfaces_a2a::saved::keys_in_history(&read);
        assert!(keys.contains("key-cut"));
        let s = stream(&url, "tasks/resubscribe", json!({"id": task})).await;
        assert!(s.clean_end);
        assert_eq!(last(&s)["status"]["state"], "completed");
        let got = rpc(&url, "tasks/get", json!({"id": task})).await;
        assert_eq!(got["result"]["status"]["state"], "completed");
        let booked = got["result"]["artifacts"][0]["parts"][0]["text"]
            .as_str()
            .unwrap();
        assert!(booked.starts_with("Booked (BK-0001)"), "{booked}");
        // The same key again gets the task as it ended: nothing is booked twice.
        let again = rpc(&url, "message/send", params(keyed(m, "key-cut", 2))).await;
        assert_eq!(again["result"]["status"]["state"], "completed");
        assert_eq!(again["result"]["artifacts"].as_array().unwrap().len(), 1);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_prints_its_url_first() {
    bounded(async {
        use tokio::io::AsyncBufReadExt;
        let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_surfaces-fixture-agent"))
            .args(["--listen", "127.0.0.1:0", "--scenario", "cycle"])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        let mut lines = tokio::io::BufReader::new(child.stdout.take().unwrap()).lines();
        let url = lines.next_line().await.unwrap().unwrap();
        assert!(
            url.starts_with("http://127.0.0.1:") && url.ends_with('/'),
            "{url}"
        );
        let card = client()
            .get(format!("{url}.well-known/agent-card.json"))
            .send()
            .await
            .unwrap()
            .bytes()
            .await
            .unwrap();
        let card: Value = serde_json::from_slice(&card).unwrap();
        assert_eq!(card["url"], url.as_str());
        assert!(card["description"].as_str().unwrap().contains("cycle"));
        child.kill().await.unwrap();
        let bad = tokio::process::Command::new(env!("CARGO_BIN_EXE_surfaces-fixture-agent"))
            .args(["--scenario", "nope"])
            .output()
            .await
            .unwrap();
        assert_eq!(bad.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&bad.stderr).contains("booking"));
    })
    .await;
}
