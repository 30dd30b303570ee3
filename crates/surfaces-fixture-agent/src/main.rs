//! `surfaces-fixture-agent`: an A2A v0.3 agent for agent-surfaces' tests and demos.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    use clap::Parser;
    use std::io::Write;
    use surfaces_fixture_agent::{serve_with, url_of, Options, Scenario};

    fn scenarios() -> String {
        Scenario::ALL
            .iter()
            .map(|s| format!("  {:<16} {}", s.name(), s.describe()))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// An A2A v0.3 agent (JSON-RPC, streaming) that answers with A2UI v0.9 surfaces, for
    /// tests and demos. Its card is at /.well-known/agent-card.json, its JSON-RPC endpoint
    /// at /. The first line it prints is its URL.
    #[derive(Parser)]
    #[command(name = "surfaces-fixture-agent", version, after_help = format!("Scenarios:\n{}", scenarios()))]
    struct Args {
        /// Address to listen on (port 0 picks a free port).
        #[arg(long, default_value = "127.0.0.1:0", value_name = "ADDR")]
        listen: std::net::SocketAddr,
        /// What the agent answers (see the list below).
        #[arg(long, default_value = "booking", value_name = "NAME")]
        scenario: Scenario,
        /// How long a confirmation the agent asks for stays open, in milliseconds.
        #[arg(long, default_value_t = 300_000, value_name = "MS",
              value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
        confirmation_ttl_ms: u64,
    }

    let args = Args::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("surfaces-fixture-agent: {e}");
            return std::process::ExitCode::from(1);
        }
    };
    let result = runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(args.listen).await?;
        let url = url_of(listener.local_addr()?);
        {
            let mut out = std::io::stdout().lock();
            writeln!(out, "{url}")?;
            out.flush()?;
        }
        eprintln!(
            "surfaces-fixture-agent: scenario {}; card at {url}.well-known/agent-card.json",
            args.scenario
        );
        let options = Options {
            confirmation_ttl: std::time::Duration::from_millis(args.confirmation_ttl_ms),
        };
        serve_with(listener, args.scenario, options).await
    });
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("surfaces-fixture-agent: {e}");
            std::process::ExitCode::from(1)
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}
