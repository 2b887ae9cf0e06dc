//! The four targets, their seed corpora, and what each runs on one input.

use std::path::PathBuf;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;

use truco_cfr::McSolver;
use truco_game::Spot;
use truco_query::{OpenOptions, Policy, Table, TableMeta, TableWriter};
use truco_train::checkpoint::{self, CheckpointHeader};
use truco_train::{TrainOptions, TrainVariant};

/// A fuzzing target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Table bytes opened and looked up.
    Table,
    /// Spot notation parsed, viewed and printed back.
    Spot,
    /// Serve request lines answered.
    Serve,
    /// Checkpoint bytes loaded and restored.
    Checkpoint,
}

impl Target {
    /// Every target.
    pub const ALL: [Target; 4] = [
        Target::Table,
        Target::Spot,
        Target::Serve,
        Target::Checkpoint,
    ];

    /// The target's name on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Target::Table => "table",
            Target::Spot => "spot",
            Target::Serve => "serve",
            Target::Checkpoint => "checkpoint",
        }
    }
}

impl FromStr for Target {
    type Err = String;
    fn from_str(s: &str) -> Result<Target, String> {
        Target::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| format!("unknown target `{s}` (table, spot, serve, checkpoint)"))
    }
}

/// Valid spots of every variant (the seeds of `spot` and `serve`).
const SPOTS: [&str; 9] = [
    "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 4C",
    "arg-1v1 | score 3-9 | dealer 1 | seat 0: 6O 7O 1C | 0:envido 1:quiero [0:33 1:25] 0:1C 1:4E / 0:truco 1:quiero",
    "arg-1v1 | score 14-13 | dealer 0 | seat 0: 5E 6E 12B | 1:falta-envido 0:no-quiero 1:truco",
    "arg-2v2 | score 12-20 | dealer 3 | seat 1: 1E 7O 3C | 0:envido 1:quiero [0:31 1:- 2:- 3:-] 0:4B 1:7O 2:truco 3:quiero",
    "arg-classic flor | score 0-0 | dealer 3 | seat 0: 4O 5O 6O | 0:flor 0:4O 1:12B 2:1E 3:3B / 2:7E",
    "arg-classic players=6 pica-pica | score 0-0 | dealer 5 | seat 0: 1E 2E 3E",
    "paulista | score 0-0 | dealer 3 vira 7O | seat 0: 1E 2E 3E",
    "paulista players=2 ferro=open | score 11-11 | dealer 1 vira 12O | seat 0: 1E 7O 3C",
    "valencian | score 5-17 camas 1-0 | dealer 3 | seat 0: 1E 7O 3C | 0:envide",
];

/// The seed corpus of `target` that needs no training run: valid inputs (and a few typical bad
/// ones). The checkpoint target's seed, a real checkpoint, is added by the fuzzing context.
pub fn seeds(target: Target) -> Vec<Vec<u8>> {
    match target {
        Target::Table => vec![table_bytes(true), table_bytes(false)],
        Target::Spot => SPOTS.iter().map(|s| s.as_bytes().to_vec()).collect(),
        Target::Serve => SPOTS
            .iter()
            .enumerate()
            .flat_map(|(i, s)| {
                [
                    format!("{{\"id\":{i},\"spot\":\"{s}\"}}"),
                    format!("{{\"id\":\"x{i}\",\"spot\":\"{s}\",\"sample\":true,\"seed\":{i}}}"),
                ]
            })
            .chain(["{}".into(), "[1,2]".into(), "{\"spot\":7}".into()])
            .map(String::into_bytes)
            .collect(),
        // The checkpoint seed comes from a training run: built once, by the Context.
        Target::Checkpoint => Vec::new(),
    }
}

/// A small table with rows of 1 to 20 actions (with values) or 1 to 16 (without).
fn table_bytes(values: bool) -> Vec<u8> {
    let mut w = TableWriter::new(TableMeta {
        variant: "arg-1v1".into(),
        options: String::new(),
        abstraction_id: "arg-1v1-tiers-v1".into(),
        abstraction_hash: 1,
    });
    for i in 0..64u64 {
        let n = (i % if values { 20 } else { 16 }) as usize + 1;
        let p: Vec<f64> = (0..n).map(|j| ((i + j as u64) % 5) as f64 + 0.5).collect();
        let v: Vec<f64> = (0..n).map(|j| j as f64 - 2.0).collect();
        let key = i.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        w.push(key, &p, values.then_some(&v[..]))
            .expect("a valid row");
    }
    let path = temp_path("seed-table");
    w.write(&path).expect("the seed table is written");
    let bytes = std::fs::read(&path).expect("the seed table is read");
    let _ = std::fs::remove_file(&path);
    bytes
}

/// A real training checkpoint of the mini variant, and the header it must match.
fn checkpoint_bytes() -> (Vec<u8>, CheckpointHeader) {
    let dir = temp_path("seed-ckpt");
    std::fs::create_dir_all(&dir).expect("a temp folder");
    let mut o = TrainOptions::new(TrainVariant::Mini, dir.join("t.tbl"));
    o.iterations = Some(20);
    o.time = None;
    o.eval_deals = 0;
    o.max_info_sets = 1 << 16;
    o.checkpoint = dir.join("t.ckpt");
    truco_train::train(&o, &AtomicBool::new(false)).expect("the seed run trains");
    let bytes = std::fs::read(&o.checkpoint).expect("the checkpoint is read");
    let header = CheckpointHeader {
        variant: o.variant.id().to_string(),
        abstraction: o.abstraction.id().to_string(),
        abstraction_hash: o.abstraction.definition_hash(),
        algorithm: o.algorithm.name().to_string(),
        iterations: 0,
        seconds: 0.0,
        history: None,
    };
    let _ = std::fs::remove_dir_all(&dir);
    (bytes, header)
}

fn temp_path(tag: &str) -> PathBuf {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    std::env::temp_dir().join(format!(
        "truco-fuzz-{tag}-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ))
}

/// What a target needs across inputs: a scratch file, the serving policy, the checkpoint's
/// expected header.
pub(crate) struct Context {
    target: Target,
    scratch: PathBuf,
    policy: Option<Policy>,
    header: Option<CheckpointHeader>,
    /// The seed corpus.
    pub(crate) seeds: Vec<Vec<u8>>,
}

impl Context {
    pub(crate) fn new(target: Target) -> Context {
        let scratch = temp_path(target.name());
        let policy = (target == Target::Serve).then(|| {
            // A one-row arg-1v1 table: most spots fall back, one is answered from the row.
            let spot: Spot = SPOTS[0].parse().expect("a valid seed spot");
            let view = spot.to_view().expect("a view");
            let a = truco_game::abstraction::Abstraction::Tiers;
            let mut legal = truco_game::ActionList::new();
            view.legal_actions(&mut legal);
            let mut w = TableWriter::new(TableMeta {
                variant: "arg-1v1".into(),
                options: String::new(),
                abstraction_id: a.id().into(),
                abstraction_hash: a.definition_hash(),
            });
            let p: Vec<f64> = (1..=legal.len()).map(|i| i as f64).collect();
            w.push(a.key(&view, spot.history()).expect("a key"), &p, None)
                .expect("a row");
            w.write(&scratch).expect("the serving table is written");
            Policy::open(&scratch).expect("the serving table opens")
        });
        let mut seeds = seeds(target);
        let mut header = None;
        if target == Target::Checkpoint {
            let (bytes, h) = checkpoint_bytes();
            seeds.push(bytes);
            header = Some(h);
        }
        Context {
            target,
            scratch,
            policy,
            header,
            seeds,
        }
    }

    /// Runs one input; true when it got past the first checks (worth mutating further).
    pub(crate) fn run(&self, input: &[u8]) -> bool {
        match self.target {
            Target::Table => self.table(input),
            Target::Spot => spot(input),
            Target::Serve => self.serve(input),
            Target::Checkpoint => self.checkpoint(input),
        }
    }

    fn table(&self, input: &[u8]) -> bool {
        if std::fs::write(&self.scratch, input).is_err() {
            return false;
        }
        let mut opened = false;
        for verify_checksum in [false, true] {
            if let Ok(t) = Table::open(&self.scratch, OpenOptions { verify_checksum }) {
                opened = true;
                let mut keys: Vec<u64> = t.keys().take(256).collect();
                keys.extend([0, u64::MAX, 1 << 63]);
                for k in keys {
                    if let Ok(Some(row)) = t.try_lookup(k) {
                        let sum: u32 = row.probs_u8().map(u32::from).sum();
                        assert_eq!(sum, 255, "a decoded row sums to 255");
                        for v in row.values() {
                            assert!(v.is_finite(), "values are finite");
                        }
                    }
                }
                let _ = t.verify();
            }
        }
        opened
    }

    fn serve(&self, input: &[u8]) -> bool {
        let policy = self.policy.as_ref().expect("the serve target has a policy");
        // One request line: the server splits on newlines before the protocol sees a line.
        let line: Vec<u8> = input
            .iter()
            .map(|&b| if b == b'\n' { b' ' } else { b })
            .collect();
        let blank = std::str::from_utf8(&line).is_ok_and(|t| t.trim().is_empty());
        let answer = truco_query::protocol::answer_line(|| Ok::<_, String>(policy), &line);
        match answer {
            None => {
                assert!(blank, "a non-blank line got no answer");
                false
            }
            Some(v) => {
                assert!(v.is_object(), "an answer is a JSON object: {v}");
                let text = v.to_string();
                assert!(!text.contains('\n'), "an answer is one line");
                let ok = v.get("actions").is_some();
                assert!(ok || v.get("error").is_some(), "answer or error: {text}");
                ok || v["error"]["kind"] != "bad_json"
            }
        }
    }

    fn checkpoint(&self, input: &[u8]) -> bool {
        // Recompute the trailing checksum so that mutations reach the body.
        let mut bytes = input.to_vec();
        if bytes.len() >= 8 {
            let n = bytes.len() - 8;
            let sum = xxhash_rust::xxh3::xxh3_64(&bytes[..n]);
            bytes[n..].copy_from_slice(&sum.to_le_bytes());
        }
        if std::fs::write(&self.scratch, &bytes).is_err() {
            return false;
        }
        let header = self
            .header
            .as_ref()
            .expect("the checkpoint target has a header");
        match checkpoint::load(&self.scratch, header) {
            Ok((_, body)) => {
                let _ = McSolver::<u64>::from_bytes(&body);
                true
            }
            Err(_) => false,
        }
    }
}

impl Drop for Context {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.scratch);
    }
}

fn spot(input: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(input) else {
        return false;
    };
    let Ok(spot) = text.parse::<Spot>() else {
        return false;
    };
    // A parsed spot prints back to notation that parses to the same spot.
    let printed = spot.to_string();
    let again: Spot = printed
        .parse()
        .unwrap_or_else(|e| panic!("printed spot does not parse: {printed}: {e}"));
    assert_eq!(again.to_string(), printed, "printing is stable");
    if let Ok(view) = spot.to_view() {
        let mut legal = truco_game::ActionList::new();
        view.legal_actions(&mut legal);
    }
    true
}
