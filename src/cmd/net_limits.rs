//! Connection limits shared by `truco serve --listen` and `--http`: a cap on the connections
//! held at once from one address, the bound on `--max-clients`, and the binding rule (loopback
//! unless `--allow-remote`).

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};

/// Largest `--max-clients` accepted (beyond it a number is a typo, and tokio's semaphore
/// panics past `usize::MAX >> 3`).
pub const MAX_CLIENTS_LIMIT: usize = 1_000_000;

/// Parses `--max-clients`: 1 to [`MAX_CLIENTS_LIMIT`].
pub fn parse_max_clients(s: &str) -> Result<usize, String> {
    let n: usize = s
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a number of clients"))?;
    if n == 0 || n > MAX_CLIENTS_LIMIT {
        return Err(format!(
            "{n} is out of range: from 1 to {MAX_CLIENTS_LIMIT} clients"
        ));
    }
    Ok(n)
}

/// Counts the connections held per client address; [`PerAddress::try_hold`] refuses one past
/// the cap.
#[derive(Debug)]
pub struct PerAddress {
    cap: usize,
    held: Mutex<HashMap<IpAddr, usize>>,
}

/// One connection counted against its address, released on drop.
#[derive(Debug)]
pub struct Held {
    owner: Arc<PerAddress>,
    ip: IpAddr,
}

impl PerAddress {
    /// At most `cap` connections per address.
    pub fn new(cap: usize) -> Arc<PerAddress> {
        Arc::new(PerAddress {
            cap,
            held: Mutex::new(HashMap::new()),
        })
    }

    /// Counts one more connection from `ip`, or `None` if it already holds the cap.
    pub fn try_hold(self: &Arc<Self>, ip: IpAddr) -> Option<Held> {
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        let n = held.entry(ip).or_insert(0);
        if *n >= self.cap {
            return None;
        }
        *n += 1;
        Some(Held {
            owner: Arc::clone(self),
            ip,
        })
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut held = self.owner.held.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = held.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                held.remove(&self.ip);
            }
        }
    }
}

/// Refuses to serve on a non-loopback address unless `allow_remote`; with it, prints a warning
/// on stderr (anyone who can reach the address can use the server).
pub fn check_bind(addr: &SocketAddr, allow_remote: bool) -> Result<(), String> {
    if addr.ip().is_loopback() {
        return Ok(());
    }
    if !allow_remote {
        return Err(format!(
            "{addr} is not a loopback address: anyone who can reach it could use the server; \
             add --allow-remote to serve it anyway, or bind 127.0.0.1"
        ));
    }
    eprintln!(
        "truco serve: warning: serving on {addr}, reachable from other machines (--allow-remote)"
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_holds_at_most_its_cap_and_gets_slots_back() {
        let limits = PerAddress::new(2);
        let (a, b): (IpAddr, IpAddr) = ("127.0.0.2".parse().unwrap(), "::1".parse().unwrap());
        let first = limits.try_hold(a).unwrap();
        let _second = limits.try_hold(a).unwrap();
        assert!(limits.try_hold(a).is_none());
        assert!(limits.try_hold(b).is_some());
        drop(first);
        assert!(limits.try_hold(a).is_some());
    }

    #[test]
    fn max_clients_is_bounded_with_a_message() {
        assert_eq!(parse_max_clients("4096"), Ok(4096));
        for bad in ["0", "18446744073709551615", "1000001", "-1", "x"] {
            let e = parse_max_clients(bad).unwrap_err();
            assert!(e.contains(bad) || e.contains("range"), "{e}");
        }
    }

    #[test]
    fn only_loopback_binds_without_allow_remote() {
        let local: SocketAddr = "127.0.0.1:80".parse().unwrap();
        let v6: SocketAddr = "[::1]:80".parse().unwrap();
        let any: SocketAddr = "0.0.0.0:80".parse().unwrap();
        assert!(check_bind(&local, false).is_ok() && check_bind(&v6, false).is_ok());
        assert!(check_bind(&any, false)
            .unwrap_err()
            .contains("--allow-remote"));
        assert!(check_bind(&any, true).is_ok());
    }
}
