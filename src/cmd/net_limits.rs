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

/// Descriptors kept for everything but client connections (the table, stdio, the runtime).
const RESERVED_FDS: u64 = 64;

/// The process's descriptor limit, raised to its hard limit first (capped at 2^20); `None`
/// where it cannot be read.
pub fn descriptor_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut r = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: `r` is a valid rlimit to fill in.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut r) } != 0 {
            return None;
        }
        let want = r.rlim_max.min(1 << 20);
        if want > r.rlim_cur {
            let raised = libc::rlimit {
                rlim_cur: want,
                rlim_max: r.rlim_max,
            };
            // SAFETY: a valid rlimit; a refusal leaves the old limit.
            if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } == 0 {
                r.rlim_cur = want;
            }
        }
        // `rlim_t` is not `u64` on every Unix.
        #[allow(clippy::unnecessary_cast)]
        Some(r.rlim_cur as u64)
    }
    #[cfg(not(unix))]
    None
}

/// The clients served at once and the refused connections answered at once (`busy`), fitted
/// to `fds` descriptors: refusals take at most an eighth (and 1,024), clients the rest but a
/// reserve, so that past the caps the server still accepts, refuses and answers the others
/// instead of running out of descriptors.
pub fn fit_to_descriptors(max_clients: usize, fds: Option<u64>) -> (usize, usize) {
    let Some(fds) = fds else {
        return (max_clients, max_clients.min(1024));
    };
    let refusals = (fds / 8).clamp(1, 1024);
    let room = fds.saturating_sub(RESERVED_FDS + refusals).max(1);
    let clients = (max_clients as u64).min(room) as usize;
    (clients, (refusals as usize).min(max_clients.max(1)))
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
    fn connections_fit_the_descriptor_limit() {
        // 1,024 descriptors: 128 for refusals, 64 kept, 832 clients.
        assert_eq!(fit_to_descriptors(4096, Some(1024)), (832, 128));
        assert_eq!(fit_to_descriptors(100, Some(1024)), (100, 100));
        assert_eq!(fit_to_descriptors(4096, Some(1 << 20)), (4096, 1024));
        assert_eq!(fit_to_descriptors(4096, None), (4096, 1024));
        assert_eq!(fit_to_descriptors(10, Some(10)).0, 1);
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
