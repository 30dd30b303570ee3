//! The server's logs carry no agent or person content: the binary is run as an operator runs
//! it, strings planted in what a person sends (body, path, query, headers) and what the agent
//! answers pass through it, and none of them may appear on its stdout or stderr.
#![cfg(not(target_arch = "wasm32"))]

mod support;

use std::process::Stdio;

use serde_json::{json, Value};
use support::{bounded, client, dist};
use surfaces_fixture_agent::Scenario;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, BufReader};
use tokio::process::Command;

fn p(n: u32) -> String {
    format!("PLANTED-{n}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn logs_carry_no_agent_or_person_content() {
    bounded(async {
        let agent_url = surfaces_fixture_agent::spawn(Scenario::Booking).await.unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_surfaces-server"))
            .args(["--listen", "127.0.0.1:0", "--dist"])
            .arg(dist())
            .args(["--agent", &format!("fixture={agent_url}")])
            // An agent that is not there: its failures are logged, if anything is.
            .args(["--agent", "gone=http://127.0.0.1:9/"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut url = String::new();
        stdout.read_line(&mut url).await.unwrap();
        let s = url.trim().to_string();
        assert!(s.starts_with("http://127.0.0.1:"), "{s}");

        let card = client()
            .get(format!("{s}agents/fixture/.well-known/agent-card.json"))
            .send()
            .await
            .unwrap()
            .bytes()
            .await
            .unwrap();
        let card: Value = serde_json::from_slice(&card).unwrap();
        let agent_says = card["description"].as_str().unwrap().to_string();
        let send = |target: &str, body: String| {
            client()
                .post(format!("{s}{target}"))
                .header("content-type", "application/json")
                .header("x-a2a-extensions", p(1))
                .header("x-planted", p(2))
                .body(body)
        };
        let message = |text: String| {
            json!({"jsonrpc": "2.0", "id": p(3), "method": "message/send", "params": {"message":
                {"kind": "message", "role": "user", "messageId": p(4), "parts": [{"kind": "text", "text": text}]}}})
            .to_string()
        };
        let r = send("agents/fixture/", message(p(5))).send().await.unwrap();
        assert_eq!(r.status(), 200);
        let answer = r.text().await.unwrap();
        let r = send(&format!("agents/fixture/{}?q={}", p(6), p(7)), message(p(8)))
            .send()
            .await
            .unwrap();
        let _ = r.text().await;
        // Refused before the agent: not JSON, a cross-site request, an unknown agent.
        let _ = send("agents/fixture/", format!("not json {}", p(9))).send().await.unwrap().text().await;
        let _ = send("agents/fixture/", message(p(10)))
            .header("sec-fetch-site", "cross-site")
            .header("origin", format!("https://{}.example", p(11).to_lowercase()))
            .send()
            .await
            .unwrap()
            .text()
            .await;
        let _ = send(&format!("agents/{}/", p(12)), message(p(13))).send().await.unwrap().text().await;
        // An agent that cannot be reached.
        let _ = send("agents/gone/", message(p(14))).send().await.unwrap().text().await;
        let _ = client().get(format!("{s}{}.js", p(15))).send().await.unwrap().text().await;

        child.start_kill().unwrap();
        let _ = child.wait().await;
        let mut out = String::new();
        stdout.read_to_string(&mut out).await.unwrap();
        let mut err = String::new();
        child.stderr.take().unwrap().read_to_string(&mut err).await.unwrap();
        let logs = format!("{out}\n{err}");
        // The operator's own configuration is logged (so this test reads the real logs)...
        assert!(logs.contains("agent fixture"), "{logs}");
        // ...and nothing a person sent or an agent said.
        assert!(!logs.contains("PLANTED") && !logs.contains("planted"), "{logs}");
        assert!(!logs.contains(&agent_says), "{logs}");
        assert!(answer.contains("task"), "the message went through: {answer}");
    })
    .await;
}
