//! The connections of `truco serve --http`: hyper's HTTP/1 server with its limits set, and the
//! caps on connections held at once (in all and per client address).
//!
//! - hyper's header-read timeout (the shorter of `--idle-timeout` and `--line-timeout`) closes a
//!   connection whose next request header does not arrive in time: idle connections,
//!   keep-alive connections left open and slow-header clients alike;
//! - a request header (and the read buffer) is capped at [`MAX_HEAD`] bytes;
//! - the whole exchange of one request (its body included) is timed by the router's timeout
//!   layer (see `web.rs`);
//! - a connection is asked to close (after its request in flight) once it has lived
//!   `--idle-timeout`, and dropped [`CLOSE_GRACE`] later whatever it does (a client that
//!   never reads its answer cannot hold it);
//! - past `--max-clients` connections, or `--max-per-address` from one address, a new
//!   connection gets a 503 with a JSON body and is closed.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use truco_query::protocol::error_answer;

use super::net_limits::PerAddress;
use super::serve::Limits;

/// Largest request header (and read buffer) of a connection, in bytes.
pub const MAX_HEAD: usize = 16 * 1024;

/// How long a connection asked to close may take to finish its request in flight.
const CLOSE_GRACE: Duration = Duration::from_secs(10);

/// Serves `app` on `listener` forever within `limits`.
pub async fn serve(listener: TcpListener, app: Router, limits: Limits) {
    let slots = Arc::new(Semaphore::new(limits.max_clients));
    let per_address = PerAddress::new(limits.per_address);
    // Refused connections are answered by tasks too, boundedly: past this many, closed at once.
    let refusals = Arc::new(Semaphore::new(limits.refusals));
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.idle.min(limits.line))
        .max_buf_size(MAX_HEAD)
        .keep_alive(true);
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(_) => {
                // Out of descriptors or the like: wait a little rather than spin.
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let held = per_address.try_hold(peer.ip());
        match (Arc::clone(&slots).try_acquire_owned(), held) {
            (Ok(permit), Some(held)) => {
                let conn = http
                    .serve_connection(TokioIo::new(stream), TowerToHyperService::new(app.clone()));
                let lifetime = limits.idle;
                tokio::spawn(async move {
                    tokio::pin!(conn);
                    tokio::select! {
                        _ = conn.as_mut() => {}
                        _ = tokio::time::sleep(lifetime) => {
                            conn.as_mut().graceful_shutdown();
                            let _ = tokio::time::timeout(CLOSE_GRACE, conn).await;
                        }
                    }
                    drop((permit, held));
                });
            }
            _ => {
                if let Ok(permit) = Arc::clone(&refusals).try_acquire_owned() {
                    tokio::spawn(async move {
                        refuse_busy(stream).await;
                        drop(permit);
                    });
                }
            }
        }
    }
}

/// Answers a connection over the caps with a 503 and a JSON body, reads (and drops) what the
/// client sent for a moment, then closes (closing with unread input would reset the
/// connection before the client reads the answer).
async fn refuse_busy(mut stream: TcpStream) {
    let body = error_answer(Value::Null, "busy", "too many connections; retry later").to_string();
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\nRetry-After: 1\r\n\r\n{body}",
        body.len()
    );
    let wait = Duration::from_millis(500);
    if !matches!(
        tokio::time::timeout(wait, stream.write_all(answer.as_bytes())).await,
        Ok(Ok(()))
    ) {
        return;
    }
    let _ = stream.shutdown().await;
    let mut sink = [0u8; 4096];
    let deadline = tokio::time::Instant::now() + wait;
    while let Ok(Ok(n)) = tokio::time::timeout_at(deadline, stream.read(&mut sink)).await {
        if n == 0 {
            break;
        }
    }
}
