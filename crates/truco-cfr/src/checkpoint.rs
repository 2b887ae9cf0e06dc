//! Saving and restoring a [`McSolver`] (serde + bincode), with atomic file writes.
//!
//! A checkpoint holds the configuration, the iteration count, the RNG state, every
//! `(key, action count)` in slot order and the used part of the regret and sum arrays. Restoring
//! re-inserts the keys in slot order, so every key gets its old offset back and a resumed
//! single-thread run is bit-for-bit the uninterrupted one.

use std::fs;
use std::io::Write;
use std::path::Path;

use rand_xoshiro::Xoshiro256PlusPlus;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::error::CfrError;
use crate::mccfr::{McConfig, McSolver};
use crate::table::InfoTable;

const FORMAT_VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
struct Checkpoint<K> {
    version: u32,
    config: McConfig,
    iterations: u64,
    rng: Xoshiro256PlusPlus,
    keys: Vec<(K, u8)>,
    regrets: Vec<f32>,
    sums: Vec<f32>,
}

impl<K> McSolver<K>
where
    K: Copy + Eq + std::hash::Hash + std::fmt::Debug + Send + Sync + Serialize + DeserializeOwned,
{
    /// Encodes the solver state.
    pub fn to_bytes(&self) -> Result<Vec<u8>, CfrError> {
        let entries = self.table.entries();
        let used = entries.last().map_or(0, |(_, e)| e.offset + e.len);
        let ck = Checkpoint {
            version: FORMAT_VERSION,
            config: self.config.clone(),
            iterations: self.iterations,
            rng: self.rng.clone(),
            keys: entries.iter().map(|&(k, e)| (k, e.len as u8)).collect(),
            regrets: (0..used).map(|i| self.table.regret(i)).collect(),
            sums: (0..used).map(|i| self.table.sum(i)).collect(),
        };
        Ok(bincode::serde::encode_to_vec(
            &ck,
            bincode::config::standard(),
        )?)
    }

    /// Decodes a solver state written by [`McSolver::to_bytes`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, CfrError> {
        let (ck, _): (Checkpoint<K>, usize) =
            bincode::serde::decode_from_slice(bytes, bincode::config::standard())?;
        if ck.version != FORMAT_VERSION {
            return Err(CfrError::CorruptCheckpoint(format!(
                "format version {} (expected {FORMAT_VERSION})",
                ck.version
            )));
        }
        if ck.regrets.len() != ck.sums.len() {
            return Err(CfrError::CorruptCheckpoint("array lengths differ".into()));
        }
        let table = InfoTable::new(ck.config.max_info_sets, ck.config.max_actions)?;
        let mut next = 0;
        for &(k, n) in &ck.keys {
            let e = table.get_or_insert(&k, n as usize)?;
            if e.offset != next {
                return Err(CfrError::CorruptCheckpoint(format!("duplicate key {k:?}")));
            }
            next += n as usize;
        }
        if next != ck.regrets.len() {
            return Err(CfrError::CorruptCheckpoint(format!(
                "{} action slots for {next} actions",
                ck.regrets.len()
            )));
        }
        for (i, (&r, &s)) in ck.regrets.iter().zip(&ck.sums).enumerate() {
            table.set_regret(i, r);
            table.set_sum(i, s);
        }
        Ok(Self::from_parts(ck.config, table, ck.iterations, ck.rng))
    }

    /// Writes the state to `path` atomically: a temporary file beside it, synced, then renamed.
    pub fn save(&self, path: &Path) -> Result<(), CfrError> {
        let bytes = self.to_bytes()?;
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(".tmp");
        let tmp = std::path::PathBuf::from(tmp);
        let written = (|| {
            let mut f = fs::File::create(&tmp)?;
            f.write_all(&bytes)?;
            f.sync_all()?;
            fs::rename(&tmp, path)
        })();
        if written.is_err() {
            // A full disk must not leave a partial temporary file behind.
            let _ = fs::remove_file(&tmp);
        }
        written?;
        Ok(())
    }

    /// Reads a state written by [`McSolver::save`].
    pub fn load(path: &Path) -> Result<Self, CfrError> {
        Self::from_bytes(&fs::read(path)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Leduc;

    fn snapshot(s: &McSolver<u32>) -> Vec<(u32, u32)> {
        let t = s.table();
        (0..t.action_slots())
            .map(|i| (t.regret(i).to_bits(), t.sum(i).to_bits()))
            .collect()
    }

    #[test]
    fn resumed_run_equals_uninterrupted_run() {
        let config = McConfig {
            seed: 5,
            ..McConfig::default()
        };
        let mut whole = McSolver::new(config.clone()).unwrap();
        whole.train(&Leduc, 3000).unwrap();

        let mut first = McSolver::new(config).unwrap();
        first.train(&Leduc, 1200).unwrap();
        let dir = std::env::temp_dir().join(format!("truco-cfr-ck-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("leduc.ckpt");
        first.save(&path).unwrap();
        drop(first);
        let mut resumed = McSolver::<u32>::load(&path).unwrap();
        fs::remove_dir_all(&dir).unwrap();
        assert_eq!(resumed.iterations(), 1200);
        resumed.train(&Leduc, 1800).unwrap();

        assert_eq!(resumed.iterations(), whole.iterations());
        assert_eq!(resumed.table().entries(), whole.table().entries());
        assert_eq!(snapshot(&resumed), snapshot(&whole));
    }

    #[test]
    fn garbage_is_a_typed_error() {
        assert!(McSolver::<u32>::from_bytes(&[1, 2, 3]).is_err());
        let s = McSolver::<u32>::new(McConfig::default()).unwrap();
        let mut bytes = s.to_bytes().unwrap();
        bytes[0] = 9; // version
        assert!(matches!(
            McSolver::<u32>::from_bytes(&bytes),
            Err(CfrError::CorruptCheckpoint(_))
        ));
    }
}
