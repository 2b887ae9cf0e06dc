//! What every answer of `truco serve --http` goes through: the Host and Origin checks (a web
//! page of another site, or a DNS name rebound to 127.0.0.1, cannot call the API from a
//! visitor's browser), the security headers, and a JSON body on every error status (the
//! protocol's error object, whatever layer refused the request).

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::Value;
use truco_query::protocol::error_answer;

/// The page's Content-Security-Policy: its own inline script and style, requests to this
/// server only, no frames, no forms, no plugins.
pub const CSP: &str = "default-src 'none'; script-src 'unsafe-inline'; \
    style-src 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; \
    form-action 'none'; frame-ancestors 'none'";

/// Which `Host` and `Origin` headers the server accepts.
#[derive(Debug, Clone)]
pub struct Guard {
    /// The `host:port` names of the bound address (loopback: `127.0.0.1`, `localhost`,
    /// `[::1]` with its port); empty with `--allow-remote` (any host, same-origin only).
    hosts: Vec<String>,
}

impl Guard {
    /// The guard of a server bound on `local` (`allow_remote`: served beyond loopback).
    pub fn new(local: SocketAddr, allow_remote: bool) -> Arc<Guard> {
        let hosts = if allow_remote {
            Vec::new()
        } else {
            let port = local.port();
            let mut hosts: Vec<String> = ["127.0.0.1", "localhost", "[::1]"]
                .iter()
                .map(|h| format!("{h}:{port}"))
                .collect();
            hosts.push(local.to_string());
            if port == 80 {
                hosts.extend(["127.0.0.1", "localhost", "[::1]"].map(String::from));
            }
            hosts
        };
        Arc::new(Guard { hosts })
    }

    /// Why the request is refused (403), if it is: a `Host` not naming this server, or an
    /// `Origin` of another site.
    pub fn refuse(&self, headers: &HeaderMap) -> Option<&'static str> {
        let host = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .map(|h| h.to_ascii_lowercase());
        let Some(host) = host else {
            return Some("no Host header");
        };
        if !self.hosts.is_empty() && !self.hosts.contains(&host) {
            return Some(
                "the Host header does not name this server (only its loopback address is served)",
            );
        }
        match headers.get(header::ORIGIN).map(|o| o.to_str()) {
            None => None,
            Some(Ok(origin)) if origin.eq_ignore_ascii_case(&format!("http://{host}")) => None,
            Some(_) => Some("requests from another site's pages are refused"),
        }
    }
}

/// The middleware: refuses a bad Host or Origin, adds the security headers, and gives every
/// error status a JSON body.
pub async fn guard(State(guard): State<Arc<Guard>>, req: Request, next: Next) -> Response {
    let mut res = match guard.refuse(req.headers()) {
        Some(why) => {
            let body = error_answer(Value::Null, "forbidden", why);
            (StatusCode::FORBIDDEN, json_body(&body)).into_response()
        }
        None => next.run(req).await,
    };
    let status = res.status();
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    if (status.is_client_error() || status.is_server_error()) && !is_json {
        let body = error_answer(Value::Null, kind_of(status), &status.to_string());
        let mut json = json_body(&body).into_response();
        *json.status_mut() = status;
        for (name, value) in res.headers() {
            if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
                json.headers_mut().insert(name.clone(), value.clone());
            }
        }
        res = json;
    }
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    res
}

/// A JSON body with its content type.
pub fn json_body(v: &Value) -> ([(header::HeaderName, &'static str); 1], Body) {
    (
        [(header::CONTENT_TYPE, "application/json")],
        Body::from(v.to_string()),
    )
}

/// The protocol's error kind for an HTTP status.
pub fn kind_of(status: StatusCode) -> &'static str {
    match status.as_u16() {
        404 => "not_found",
        405 => "method_not_allowed",
        408 => "timeout",
        413 => "too_long",
        503 => "busy",
        s if s >= 500 => "internal",
        _ => "bad_request",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(k.clone(), HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn loopback_names_pass_other_hosts_and_origins_do_not() {
        let g = Guard::new("127.0.0.1:8080".parse().unwrap(), false);
        for host in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LOCALHOST:8080",
            "[::1]:8080",
        ] {
            assert_eq!(g.refuse(&headers(&[(header::HOST, host)])), None, "{host}");
        }
        let same = [
            (header::HOST, "localhost:8080"),
            (header::ORIGIN, "http://localhost:8080"),
        ];
        assert_eq!(g.refuse(&headers(&same)), None);
        for bad in [
            vec![(header::HOST, "evil.example:8080")],
            vec![(header::HOST, "127.0.0.1:9999")],
            vec![],
            vec![
                (header::HOST, "127.0.0.1:8080"),
                (header::ORIGIN, "http://evil.example"),
            ],
            vec![(header::HOST, "127.0.0.1:8080"), (header::ORIGIN, "null")],
        ] {
            assert!(g.refuse(&headers(&bad)).is_some(), "{bad:?}");
        }
        // Served remotely: any host, but still same-origin only.
        let r = Guard::new("0.0.0.0:8080".parse().unwrap(), true);
        assert_eq!(r.refuse(&headers(&[(header::HOST, "box.lan:8080")])), None);
        let cross = [
            (header::HOST, "box.lan:8080"),
            (header::ORIGIN, "http://evil.example"),
        ];
        assert!(r.refuse(&headers(&cross)).is_some());
    }
}
