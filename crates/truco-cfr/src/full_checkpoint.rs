//! Saving and restoring a [`FullSolver`] (serde + bincode). The tree itself is not stored: it is
//! rebuilt from the game, and the checkpoint checks that its shape matches.

use serde::{Deserialize, Serialize};

use crate::algo::Algorithm;
use crate::error::CfrError;
use crate::full::{load, store, DcfrParams, FullSolver};
use crate::tree::Tree;

const FORMAT_VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
struct FullCheckpoint {
    version: u32,
    algorithm: Algorithm,
    dcfr: DcfrParams,
    iterations: u64,
    num_nodes: u64,
    regrets: Vec<f32>,
    sums: Vec<f32>,
}

impl FullSolver {
    /// Encodes the solver state (tables and iteration count) for `tree`.
    pub fn to_bytes<K>(&self, tree: &Tree<K>) -> Result<Vec<u8>, CfrError> {
        let ck = FullCheckpoint {
            version: FORMAT_VERSION,
            algorithm: self.algorithm,
            dcfr: self.dcfr,
            iterations: self.iterations,
            num_nodes: tree.num_nodes() as u64,
            regrets: self.regrets.iter().map(load).collect(),
            sums: self.sums.iter().map(load).collect(),
        };
        Ok(bincode::serde::encode_to_vec(
            &ck,
            bincode::config::standard(),
        )?)
    }

    /// Decodes a state written by [`FullSolver::to_bytes`] for the same tree.
    pub fn from_bytes<K>(tree: &Tree<K>, bytes: &[u8]) -> Result<Self, CfrError> {
        let (ck, _): (FullCheckpoint, usize) =
            bincode::serde::decode_from_slice(bytes, bincode::config::standard())?;
        if ck.version != FORMAT_VERSION {
            return Err(CfrError::CorruptCheckpoint(format!(
                "format version {} (expected {FORMAT_VERSION})",
                ck.version
            )));
        }
        if ck.num_nodes != tree.num_nodes() as u64
            || ck.regrets.len() != tree.num_actions()
            || ck.sums.len() != tree.num_actions()
        {
            return Err(CfrError::CorruptCheckpoint(
                "checkpoint was written for another tree".into(),
            ));
        }
        let mut s = FullSolver::new(tree, ck.algorithm)?.with_dcfr_params(ck.dcfr);
        for (slot, &v) in s.regrets.iter().zip(&ck.regrets) {
            store(slot, v);
        }
        for (slot, &v) in s.sums.iter().zip(&ck.sums) {
            store(slot, v);
        }
        s.iterations = ck.iterations;
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Kuhn, Leduc};

    #[test]
    fn resumed_full_run_equals_uninterrupted_run() {
        let tree = Tree::build(&Leduc, 1 << 20).unwrap();
        let mut whole = FullSolver::new(&tree, Algorithm::Dcfr).unwrap();
        whole.run(&tree, 20);
        let mut first = FullSolver::new(&tree, Algorithm::Dcfr).unwrap();
        first.run(&tree, 8);
        let bytes = first.to_bytes(&tree).unwrap();
        let mut resumed = FullSolver::from_bytes(&tree, &bytes).unwrap();
        resumed.run(&tree, 12);
        assert_eq!(resumed.iterations(), 20);
        let (a, b) = (whole.average_policy(&tree), resumed.average_policy(&tree));
        assert!(a.iter().zip(&b).all(|(x, y)| x.to_bits() == y.to_bits()));
    }

    #[test]
    fn wrong_tree_is_a_typed_error() {
        let leduc = Tree::build(&Leduc, 1 << 20).unwrap();
        let kuhn = Tree::build(&Kuhn, 1000).unwrap();
        let s = FullSolver::new(&kuhn, Algorithm::CfrPlus).unwrap();
        let bytes = s.to_bytes(&kuhn).unwrap();
        assert!(matches!(
            FullSolver::from_bytes(&leduc, &bytes),
            Err(CfrError::CorruptCheckpoint(_))
        ));
        assert!(FullSolver::from_bytes(&kuhn, &bytes[..3]).is_err());
    }
}
