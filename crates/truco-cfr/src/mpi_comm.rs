//! [`Comm`] over MPI (the `mpi` feature): the ranks of `MPI_COMM_WORLD`, as started by
//! `mpirun -np N`.

use mpi::collective::SystemOperation;
use mpi::datatype::PartitionMut;
use mpi::environment::Universe;
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use mpi::Count;
use std::ops::Range;

use crate::distributed::Comm;
use crate::error::CfrError;

/// The world communicator; MPI is finalized when it is dropped.
pub struct MpiComm {
    world: SimpleCommunicator,
    // Declared last: dropped (MPI_Finalize) after the communicator.
    _universe: Universe,
}

impl MpiComm {
    /// Initializes MPI (once per process).
    pub fn init() -> Result<Self, CfrError> {
        let universe = mpi::initialize().ok_or_else(|| {
            CfrError::InvalidConfig("MPI is already initialized in this process".into())
        })?;
        let world = universe.world();
        Ok(Self {
            world,
            _universe: universe,
        })
    }
}

fn count(n: usize, what: &str) -> Result<Count, CfrError> {
    Count::try_from(n).map_err(|_| {
        CfrError::InvalidConfig(format!(
            "{what} of {n} bytes exceeds MPI's 2 GiB message limit: merge more often"
        ))
    })
}

impl Comm for MpiComm {
    fn rank(&self) -> usize {
        self.world.rank() as usize
    }

    fn size(&self) -> usize {
        self.world.size() as usize
    }

    fn all_gather(&self, mine: &[u8], all: &mut Vec<u8>) -> Result<Vec<Range<usize>>, CfrError> {
        let n = count(mine.len(), "a rank's merge")?;
        let mut counts = vec![0 as Count; self.size()];
        self.world.all_gather_into(&n, &mut counts[..]);
        let mut displs = Vec::with_capacity(counts.len());
        let mut total = 0usize;
        for &c in &counts {
            displs.push(count(total, "a merge")?);
            total += c as usize;
        }
        count(total, "a merge")?;
        all.clear();
        all.resize(total, 0);
        {
            let mut part = PartitionMut::new(&mut all[..], &counts[..], &displs[..]);
            self.world.all_gather_varcount_into(mine, &mut part);
        }
        Ok(counts
            .iter()
            .zip(&displs)
            .map(|(&c, &d)| d as usize..d as usize + c as usize)
            .collect())
    }

    fn sum(&self, x: u64) -> Result<u64, CfrError> {
        let mut out = 0u64;
        self.world
            .all_reduce_into(&x, &mut out, SystemOperation::sum());
        Ok(out)
    }
}
