//! Bad files: truncated, flipped, extended, foreign. Never a panic, always a typed error, and
//! with checksum verification on never a silently different answer.

mod common;

use common::{meta, TempPath};
use proptest::prelude::*;
use truco_query::{OpenOptions, Table, TableError, TableWriter};

const ROWS: u64 = 300;

fn key(i: u64) -> u64 {
    i.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (i % 3 * 20)
}

/// A real table of 300 rows. Kind 0: 1 to 20 actions (counts stored as bytes), with values.
/// Kind 1: 1 to 16 actions (counts packed as nibbles), without values.
fn original_bytes(kind: usize) -> Vec<u8> {
    let mut w = TableWriter::new(meta());
    let max_actions = [20, 16][kind];
    for i in 0..ROWS {
        let n = (i % max_actions) as usize + 1;
        let p: Vec<f64> = (0..n)
            .map(|j| (i * 7 + j as u64) as f64 % 5.0 + 0.5)
            .collect();
        let v: Vec<f64> = (0..n).map(|j| j as f64 - 3.0).collect();
        w.push(key(i), &p, (kind == 0).then_some(&v[..])).unwrap();
    }
    let path = TempPath::new("orig");
    w.write(&path.0).unwrap();
    std::fs::read(&path.0).unwrap()
}

/// What a table answers for each probe: probabilities and values, or None.
type Answers = Vec<Option<(Vec<u8>, Vec<f32>)>>;

fn probes() -> Vec<u64> {
    (0..ROWS)
        .flat_map(|i| [key(i), key(i) ^ 1])
        .chain([0, u64::MAX])
        .collect()
}

fn answers(t: &Table) -> Answers {
    probes()
        .into_iter()
        .map(|k| {
            t.lookup(k)
                .map(|r| (r.probs_u8().collect(), r.values().collect()))
        })
        .collect()
}

fn open_bytes(bytes: &[u8], verify: bool) -> (TempPath, Result<Table, TableError>) {
    let path = TempPath::new("bad");
    std::fs::write(&path.0, bytes).unwrap();
    let t = Table::open(
        &path.0,
        OpenOptions {
            verify_checksum: verify,
        },
    );
    (path, t)
}

#[derive(Debug, Clone)]
enum Damage {
    Truncate(usize),
    Flip(Vec<(usize, u8)>),
    Extend(Vec<u8>),
}

fn damage() -> impl Strategy<Value = Damage> {
    prop_oneof![
        (0usize..100_000).prop_map(Damage::Truncate),
        prop::collection::vec((0usize..100_000, 1u8..=255), 1..4).prop_map(Damage::Flip),
        prop::collection::vec(any::<u8>(), 1..64).prop_map(Damage::Extend),
    ]
}

fn apply(orig: &[u8], d: &Damage) -> Vec<u8> {
    let mut b = orig.to_vec();
    match d {
        Damage::Truncate(n) => b.truncate(n % orig.len()),
        Damage::Flip(flips) => {
            for &(at, mask) in flips {
                let at = at % b.len();
                b[at] ^= mask;
            }
        }
        Damage::Extend(extra) => b.extend_from_slice(extra),
    }
    b
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn damaged_tables_never_lie_or_panic(d in damage(), kind in 0usize..2) {
        let orig = originals(kind);
        let bytes = apply(orig, &d);
        let (_p, verified) = open_bytes(&bytes, true);
        match verified {
            // Only possible if the damage cancelled out: the answers must be the same.
            Ok(t) => prop_assert_eq!(&answers(&t), reference_answers(kind)),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
        let (_p, unverified) = open_bytes(&bytes, false);
        if let Ok(t) = unverified {
            // Body damage may change answers without verification, but never panics.
            for k in probes() {
                let _ = t.try_lookup(k);
            }
            prop_assert!(t.verify().is_err() || &answers(&t) == reference_answers(kind));
        }
    }
}

fn originals(kind: usize) -> &'static [u8] {
    static BYTES: std::sync::OnceLock<[Vec<u8>; 2]> = std::sync::OnceLock::new();
    &BYTES.get_or_init(|| [original_bytes(0), original_bytes(1)])[kind]
}

fn original_bytes_cached() -> &'static [u8] {
    originals(0)
}

fn reference_answers(kind: usize) -> &'static Answers {
    static ANSWERS: std::sync::OnceLock<[Answers; 2]> = std::sync::OnceLock::new();
    &ANSWERS.get_or_init(|| {
        [0, 1].map(|k| {
            let (_p, t) = open_bytes(originals(k), true);
            answers(&t.unwrap())
        })
    })[kind]
}

#[test]
fn truncated_and_extended_say_how_long() {
    let orig = original_bytes_cached();
    let (_p, t) = open_bytes(&orig[..orig.len() - 8], true);
    match t {
        Err(TableError::Truncated { expected, actual }) => {
            assert_eq!(expected, orig.len() as u64);
            assert_eq!(actual, orig.len() as u64 - 8);
        }
        other => panic!("expected Truncated, got {other:?}"),
    }
    let mut longer = orig.to_vec();
    longer.push(0);
    let (_p, t) = open_bytes(&longer, true);
    assert!(matches!(
        t,
        Err(TableError::TrailingData { expected, actual })
            if expected == orig.len() as u64 && actual == expected + 1
    ));
}

#[test]
fn not_a_table() {
    for bytes in [&b"hello"[..], &[0u8; 4096]] {
        let (_p, t) = open_bytes(bytes, true);
        assert!(matches!(t, Err(TableError::NotATable { .. })), "{t:?}");
    }
    let (_p, t) = open_bytes(b"", true);
    assert!(matches!(t, Err(TableError::Empty { .. })), "{t:?}");
    let (_p, t) = open_bytes(b"TRUCOTBL", true);
    assert!(matches!(t, Err(TableError::Truncated { .. })), "{t:?}");
    let missing = TempPath::new("missing");
    assert!(matches!(
        Table::open(&missing.0, OpenOptions::default()),
        Err(TableError::Io { .. })
    ));
}

#[test]
fn unsupported_version_is_named() {
    let mut b = original_bytes_cached().to_vec();
    b[8] = 2;
    let (_p, t) = open_bytes(&b, true);
    let e = t.unwrap_err();
    assert!(matches!(
        e,
        TableError::UnsupportedVersion {
            found: 2,
            supported: 1
        }
    ));
    assert!(e.to_string().contains("version 2"));
}

#[test]
fn body_flip_is_caught_by_checksum_or_later_verify() {
    let mut b = original_bytes_cached().to_vec();
    let last = b.len() - 1;
    b[last - 3] ^= 0x40;
    let (_p, t) = open_bytes(&b, true);
    assert!(matches!(
        t,
        Err(TableError::ChecksumMismatch { region: "body", .. })
    ));
    let (_p, t) = open_bytes(&b, false);
    let t = t.expect("without verification the header alone is checked");
    assert!(matches!(
        t.verify(),
        Err(TableError::ChecksumMismatch { region: "body", .. })
    ));
}

#[test]
fn header_flip_is_always_caught() {
    for at in [12usize, 30, 60, 100, 190] {
        let mut b = original_bytes_cached().to_vec();
        b[at] ^= 1;
        let (_p, t) = open_bytes(&b, false);
        assert!(
            matches!(
                t,
                Err(TableError::ChecksumMismatch {
                    region: "header",
                    ..
                })
            ),
            "byte {at}: {t:?}"
        );
    }
}

#[test]
fn other_variant_or_abstraction_is_refused_by_name() {
    let (_p, t) = open_bytes(original_bytes_cached(), true);
    let t = t.unwrap();
    let m = meta();
    t.expect(
        &m.variant,
        &m.options,
        &m.abstraction_id,
        m.abstraction_hash,
    )
    .unwrap();
    let e = t
        .expect(
            "paulista",
            &m.options,
            &m.abstraction_id,
            m.abstraction_hash,
        )
        .unwrap_err();
    assert!(matches!(e, TableError::WrongVariant { .. }));
    let msg = e.to_string();
    assert!(msg.contains("paulista") && msg.contains("arg-1v1"), "{msg}");
    let e = t
        .expect(&m.variant, "flor=on", &m.abstraction_id, m.abstraction_hash)
        .unwrap_err();
    assert!(e.to_string().contains("flor=on") && e.to_string().contains("flor=off"));
    let e = t
        .expect(
            &m.variant,
            &m.options,
            "arg-1v1-buckets",
            m.abstraction_hash,
        )
        .unwrap_err();
    assert!(matches!(e, TableError::WrongAbstraction { .. }));
    let msg = e.to_string();
    assert!(
        msg.contains("arg-1v1-buckets") && msg.contains("arg-1v1-tiers"),
        "{msg}"
    );
    let e = t
        .expect(&m.variant, &m.options, &m.abstraction_id, 99)
        .unwrap_err();
    assert!(matches!(
        e,
        TableError::WrongAbstraction {
            expected_hash: 99,
            ..
        }
    ));
}

#[test]
fn unknown_key_is_a_typed_error() {
    let (_p, t) = open_bytes(original_bytes_cached(), true);
    let t = t.unwrap();
    assert!(t.get(key(5)).is_ok());
    assert!(matches!(
        t.get(key(5) ^ 1),
        Err(TableError::UnknownKey { key: k }) if k == key(5) ^ 1
    ));
}

/// Header fields a crafted file may set: (offset, width in bytes).
const FIELDS: [(usize, usize); 22] = [
    (12, 4),
    (20, 4),
    (24, 8),
    (32, 8),
    (48, 1),
    (49, 1),
    (64, 8),
    (72, 8),
    (88, 8),
    (96, 8),
    (104, 8),
    (112, 8),
    (120, 8),
    (128, 8),
    (136, 8),
    (144, 8),
    (152, 8),
    (160, 8),
    (168, 8),
    (176, 8),
    (16, 4),
    (50, 1),
];

/// Sets header fields to new values (small shifts or arbitrary), with a valid header checksum.
fn craft(orig: &[u8], edits: &[(usize, i64, bool)]) -> Vec<u8> {
    let mut b = orig.to_vec();
    for &(field, delta, replace) in edits {
        let (at, width) = FIELDS[field % FIELDS.len()];
        let mut raw = [0u8; 8];
        raw[..width].copy_from_slice(&b[at..at + width]);
        let old = u64::from_le_bytes(raw);
        let new = if replace {
            delta as u64
        } else {
            old.wrapping_add(delta as u64)
        };
        b[at..at + width].copy_from_slice(&new.to_le_bytes()[..width]);
    }
    let mut hl = [0u8; 4];
    hl.copy_from_slice(&orig[16..20]);
    let hl = u32::from_le_bytes(hl) as usize;
    let sum = truco_query::format::checksum(&b[..hl - 8]);
    if b.len() >= hl {
        b[hl - 8..hl].copy_from_slice(&sum.to_le_bytes());
    }
    b
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// A file crafted with a valid header checksum but inconsistent fields: a typed error at
    /// open, or lookups that return (possibly wrong answers or errors) without panicking.
    #[test]
    fn crafted_headers_never_panic(
        kind in 0usize..2,
        edits in prop::collection::vec(
            (0usize..FIELDS.len(), prop_oneof![-64i64..64, any::<i64>()], any::<bool>()),
            1..4,
        ),
    ) {
        let bytes = craft(originals(kind), &edits);
        for verify in [false, true] {
            let (_p, t) = open_bytes(&bytes, verify);
            if let Ok(t) = t {
                for k in probes() {
                    if let Ok(Some(row)) = t.try_lookup(k) {
                        prop_assert_eq!(row.probs_u8().map(u32::from).sum::<u32>(), 255);
                        prop_assert!(row.values().all(f32::is_finite));
                    }
                }
            }
        }
    }
}
