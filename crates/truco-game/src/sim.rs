//! Random legal playouts (for benchmarks, smoke tests and simulations). No allocation.

use rand::Rng;

use crate::action::{ActionList, Actor};
use crate::public::{PlayError, PublicState};
use crate::state::State;

/// Deals a random hand of `start` and plays uniformly random legal actions to its end.
/// Returns the final state.
pub fn random_playout<R: Rng + ?Sized>(
    start: PublicState,
    rng: &mut R,
) -> Result<State, PlayError> {
    let mut st = State::sample_deal(start, rng);
    let mut legal = ActionList::new();
    loop {
        if st.actor() == Actor::Terminal {
            return Ok(st);
        }
        st.legal_actions(&mut legal);
        if legal.is_empty() {
            return Err(PlayError::WrongPhase("no legal action"));
        }
        let k = ((rng.next_u32() as u64 * legal.len() as u64) >> 32) as usize;
        let a = legal.as_slice()[k];
        st.apply(a)?;
    }
}
