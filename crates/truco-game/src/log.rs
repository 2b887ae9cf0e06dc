//! A fixed-capacity record of a hand's public events, replayable without hidden cards.

use crate::action::{Awards, Event};
use crate::public::{PlayError, PublicState};

/// Most events one hand can produce (18 cards, 6 folds, and every call and answer).
pub const MAX_EVENTS: usize = 64;

/// The public events of one hand, in order (no heap).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EventLog {
    events: [Event; MAX_EVENTS],
    len: u8,
}

impl Default for EventLog {
    fn default() -> Self {
        EventLog::new()
    }
}

impl EventLog {
    /// An empty log.
    pub const fn new() -> EventLog {
        EventLog {
            events: [Event::Deal; MAX_EVENTS],
            len: 0,
        }
    }

    /// Appends an event; `false` if the log is full (a hand never fills it).
    pub fn push(&mut self, e: Event) -> bool {
        if (self.len as usize) < MAX_EVENTS {
            self.events[self.len as usize] = e;
            self.len += 1;
            true
        } else {
            false
        }
    }

    /// Empties the log.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The events so far.
    pub fn as_slice(&self) -> &[Event] {
        &self.events[..self.len as usize]
    }

    /// Replays the events from `start` (a hand waiting for its deal) with public information
    /// only; returns the resulting public state and the points each team scored.
    pub fn replay(&self, start: PublicState) -> Result<(PublicState, [u32; 2]), PlayError> {
        replay(start, self.as_slice())
    }
}

/// Replays `events` from `start` with public information only (what a spot parser does).
pub fn replay(
    mut start: PublicState,
    events: &[Event],
) -> Result<(PublicState, [u32; 2]), PlayError> {
    let mut pts = [0u32; 2];
    for &e in events {
        let aw: Awards = start.apply_event(e)?;
        pts[0] += aw.points(0);
        pts[1] += aw.points(1);
    }
    Ok((start, pts))
}
