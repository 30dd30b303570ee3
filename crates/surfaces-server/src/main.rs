//! `surfaces-server`: serves the built console with its security headers and proxies
//! `/agents/{name}/…` to the agents named at start, and to nothing else.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    use clap::Parser;
    use std::io::Write;
    use std::time::Duration;
    use surfaces_server::{url_of, AgentTarget, Config, Limits};

    /// Serves the agent-surfaces console (a directory of built files) with its
    /// Content-Security-Policy and other security headers, and proxies /agents/NAME/… to
    /// the agents named with --agent, and to nothing else. GET /agents lists them. The first
    /// line it prints is its URL.
    #[derive(Parser)]
    #[command(name = "surfaces-server", version)]
    struct Args {
        /// Address to listen on (port 0 picks a free port).
        #[arg(long, default_value = "127.0.0.1:8080", value_name = "ADDR")]
        listen: std::net::SocketAddr,
        /// The built console (Trunk's output).
        #[arg(long, default_value = "dist", value_name = "DIR")]
        dist: std::path::PathBuf,
        /// An agent the console may reach, as NAME=URL (an http: base URL; its card is
        /// URL/.well-known/agent-card.json). Repeatable.
        #[arg(long = "agent", value_name = "NAME=URL", value_parser = AgentTarget::parse)]
        agents: Vec<AgentTarget>,
        /// A host name the server answers to besides localhost, 127.0.0.1 and [::1]
        /// (requests naming any other Host are refused). Repeatable.
        #[arg(long = "allow-host", value_name = "NAME")]
        allow_hosts: Vec<String>,
        /// Largest request body sent to an agent, in bytes (413 past it).
        #[arg(long, value_name = "BYTES", default_value_t = Limits::default().body_bytes)]
        max_body: usize,
        /// Largest agent response that is not a stream, in bytes (502 past it).
        #[arg(long, value_name = "BYTES", default_value_t = Limits::default().response_bytes)]
        max_response: usize,
        /// Seconds for a request that is not a stream, start to end (504 past it).
        #[arg(long, value_name = "SECS", default_value_t = Limits::default().request_timeout.as_secs())]
        request_timeout: u64,
        /// Seconds to connect to an agent.
        #[arg(long, value_name = "SECS", default_value_t = Limits::default().connect_timeout.as_secs())]
        connect_timeout: u64,
        /// Seconds a stream may stay silent, or unread by the page, before it is ended.
        #[arg(long, value_name = "SECS", default_value_t = Limits::default().stream_idle.as_secs())]
        stream_idle_timeout: u64,
        /// Seconds a stream may last in all.
        #[arg(long, value_name = "SECS", default_value_t = Limits::default().stream_max.as_secs())]
        stream_max_duration: u64,
        /// Streams open at once (429 past it).
        #[arg(long, value_name = "N", default_value_t = Limits::default().max_streams)]
        max_streams: usize,
        /// Requests to agents that are not streams, at once (429 past it).
        #[arg(long, value_name = "N", default_value_t = Limits::default().max_requests)]
        max_requests: usize,
        /// Connections open at once (a new one is closed past it).
        #[arg(long, value_name = "N", default_value_t = Limits::default().max_connections)]
        max_connections: usize,
        /// Seconds for a client to send a request's headers, or to start its next request
        /// on a connection kept open (the connection is closed past it).
        #[arg(long, value_name = "SECS", default_value_t = Limits::default().header_timeout.as_secs())]
        header_timeout: u64,
    }

    let args = Args::parse();
    let mut allowed_hosts = args.allow_hosts;
    if !args.listen.ip().is_unspecified() {
        allowed_hosts.push(args.listen.ip().to_string());
    }
    let config = Config {
        dist: args.dist,
        agents: args.agents,
        allowed_hosts,
        limits: Limits {
            body_bytes: args.max_body,
            response_bytes: args.max_response,
            request_timeout: Duration::from_secs(args.request_timeout),
            connect_timeout: Duration::from_secs(args.connect_timeout),
            stream_idle: Duration::from_secs(args.stream_idle_timeout),
            stream_max: Duration::from_secs(args.stream_max_duration),
            max_streams: args.max_streams,
            max_requests: args.max_requests,
            max_connections: args.max_connections,
            header_timeout: Duration::from_secs(args.header_timeout),
        },
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("surfaces-server: {e}");
            return std::process::ExitCode::from(1);
        }
    };
    let result = runtime.block_on(async move {
        // Checked before anything is printed: a bad configuration prints no URL.
        let _ = surfaces_server::app(config.clone()).map_err(std::io::Error::other)?;
        let listener = tokio::net::TcpListener::bind(args.listen).await?;
        let url = url_of(listener.local_addr()?);
        {
            let mut out = std::io::stdout().lock();
            writeln!(out, "{url}")?;
            out.flush()?;
        }
        if !config.dist.join("index.html").is_file() {
            eprintln!(
                "surfaces-server: {} has no index.html (build the console with `trunk build --release`)",
                config.dist.display()
            );
        }
        for a in &config.agents {
            eprintln!("surfaces-server: agent {} → {}", a.name, a.base);
        }
        surfaces_server::serve(listener, config).await
    });
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("surfaces-server: {e}");
            std::process::ExitCode::from(1)
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}
