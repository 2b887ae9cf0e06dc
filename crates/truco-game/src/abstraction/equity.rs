//! Card buckets chosen by measurement (`arg-1v1-equity-v1`, `arg-1v1-equity-coarse-v1`): the
//! three-card hands of the 40-card deck clustered by their strength against classes of
//! opponent hands (opponent-cluster hand strength, as poker abstractions measure it), instead
//! of the hand-written strength groups of the `buckets` module.
//!
//! The measurement is exact. For every own hand and every opponent hand (with card removal),
//! [`round_won`] decides who takes the truco round when both play their cards perfectly with
//! both hands known, as mano and as pie. Hands are ranked by that equity against every hand and
//! split into [`OPPONENT_CLASSES`] classes of equal deal probability; a hand's feature is its
//! equity against each class, as mano and as pie, and weighted k-means (k-means++ seeding,
//! restarts, a fixed seed) groups hands with similar features. Clusters are numbered by mean
//! equity, strongest first. `examples/equity_buckets.rs` writes the clustering as data in
//! `abstractions/`; a test checks that the shipped files are what this code produces.

use std::sync::OnceLock;

use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::ranking::ARGENTINE_TIERS;
use crate::tricks::{hand_winner, PARDA};

/// Opponent hand classes a feature is measured against.
pub const OPPONENT_CLASSES: usize = 8;

/// Length of a hand's feature: its equity against each class, as mano and as pie.
pub const FEATURES: usize = OPPONENT_CLASSES * 2;

/// Index of a sorted tier triple (tiers 1..=14) into a flat table.
#[inline]
pub(crate) fn triple_index(t: [u8; 3]) -> usize {
    (t[0] as usize * 15 + t[1] as usize) * 15 + t[2] as usize
}

/// How many cards of the 40-card deck each tier (1..=14) holds; index 0 unused.
fn tier_sizes() -> [u8; 15] {
    let mut sizes = [0u8; 15];
    for (i, cards) in ARGENTINE_TIERS.iter().enumerate() {
        sizes[i + 1] = cards.len() as u8;
    }
    sizes
}

/// Every sorted tier triple (strongest first) that a deal can hold.
pub fn tier_triples() -> Vec<[u8; 3]> {
    let sizes = tier_sizes();
    let mut out = Vec::new();
    for a in 1..=14u8 {
        for b in a..=14u8 {
            for c in b..=14u8 {
                let t = [a, b, c];
                if (1..=14u8)
                    .all(|x| t.iter().filter(|&&y| y == x).count() as u8 <= sizes[x as usize])
                {
                    out.push(t);
                }
            }
        }
    }
    out
}

fn choose(n: u8, k: u8) -> f64 {
    if k > n {
        return 0.0;
    }
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// Number of ways to hold `t` given `taken` cards already out of each tier.
fn ways(t: [u8; 3], sizes: &[u8; 15], taken: &[u8; 15]) -> f64 {
    let mut counts = [0u8; 15];
    for &x in &t {
        counts[x as usize] += 1;
    }
    (1..15)
        .map(|x| choose(sizes[x] - taken[x].min(sizes[x]), counts[x]))
        .product()
}

/// Whether the holder of `me` takes the round against `opp` when both play perfectly with both
/// hands known (the Argentine trick and parda rules: `tricks::hand_winner`).
pub fn round_won(me: [u8; 3], opp: [u8; 3], mano: bool) -> bool {
    fn go(
        me: [u8; 3],
        opp: [u8; 3],
        used: (u8, u8),
        results: [u8; 3],
        n: usize,
        my_lead: bool,
        mano: bool,
    ) -> bool {
        let reply = |mine: usize, theirs: usize| {
            let (a, b) = (me[mine], opp[theirs]);
            let r = match a.cmp(&b) {
                std::cmp::Ordering::Less => 0,
                std::cmp::Ordering::Greater => 1,
                std::cmp::Ordering::Equal => PARDA,
            };
            let mut res = results;
            res[n] = r;
            let mano_team = if mano { 0 } else { 1 };
            match hand_winner(&res, n + 1, mano_team) {
                Some(w) => w == 0,
                None => {
                    let lead = match r {
                        0 => true,
                        1 => false,
                        _ => my_lead,
                    };
                    let used = (used.0 | 1 << mine, used.1 | 1 << theirs);
                    go(me, opp, used, res, n + 1, lead, mano)
                }
            }
        };
        // The cards of a hand not yet played (bit i of `mask`: card i played).
        let unplayed = |mask: u8| (0..3).filter(move |&i| mask & (1 << i) == 0);
        if my_lead {
            unplayed(used.0).any(|m| unplayed(used.1).all(|o| reply(m, o)))
        } else {
            unplayed(used.1).all(|o| unplayed(used.0).any(|m| reply(m, o)))
        }
    }
    go(me, opp, (0, 0), [PARDA; 3], 0, mano, mano)
}

/// The measured features of every hand: `(triples, deal weights, features)`.
pub fn features() -> (Vec<[u8; 3]>, Vec<f64>, Vec<[f64; FEATURES]>) {
    let sizes = tier_sizes();
    let none = [0u8; 15];
    let triples = tier_triples();
    let n = triples.len();
    let weight: Vec<f64> = triples.iter().map(|&t| ways(t, &sizes, &none)).collect();
    // wins[h][o] = (as mano, as pie); count[h][o] = opponent hands of triple o given h.
    let mut wins = vec![(false, false); n * n];
    let mut count = vec![0.0f64; n * n];
    for (h, &me) in triples.iter().enumerate() {
        let mut taken = [0u8; 15];
        for &x in &me {
            taken[x as usize] += 1;
        }
        for (o, &opp) in triples.iter().enumerate() {
            count[h * n + o] = ways(opp, &sizes, &taken);
            if count[h * n + o] > 0.0 {
                wins[h * n + o] = (round_won(me, opp, true), round_won(me, opp, false));
            }
        }
    }
    let equity: Vec<f64> = (0..n)
        .map(|h| {
            let (mut w, mut c) = (0.0, 0.0);
            for o in 0..n {
                let (a, b) = wins[h * n + o];
                w += count[h * n + o] * (a as u8 + b as u8) as f64 / 2.0;
                c += count[h * n + o];
            }
            w / c
        })
        .collect();
    // Opponent classes: equal deal probability by equity (ties broken by the triple's order).
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| equity[a].total_cmp(&equity[b]).then(a.cmp(&b)));
    let total: f64 = weight.iter().sum();
    let mut class = vec![0usize; n];
    let mut before = 0.0;
    for &h in &order {
        let mid = (before + weight[h] / 2.0) / total;
        class[h] = ((mid * OPPONENT_CLASSES as f64) as usize).min(OPPONENT_CLASSES - 1);
        before += weight[h];
    }
    let feats = (0..n)
        .map(|h| {
            let mut num = [0.0f64; FEATURES];
            let mut den = [0.0f64; OPPONENT_CLASSES];
            for o in 0..n {
                let c = count[h * n + o];
                let (a, b) = wins[h * n + o];
                num[class[o] * 2] += c * a as u8 as f64;
                num[class[o] * 2 + 1] += c * b as u8 as f64;
                den[class[o]] += c;
            }
            let mut f = [0.0f64; FEATURES];
            for i in 0..FEATURES {
                let d = den[i / 2];
                f[i] = if d > 0.0 { num[i] / d } else { equity[h] };
            }
            f
        })
        .collect();
    (triples, weight, feats)
}

fn distance(a: &[f64; FEATURES], b: &[f64; FEATURES]) -> f64 {
    a.iter().zip(b).map(|(x, y)| (x - y) * (x - y)).sum()
}

/// Weighted k-means of `points` into `k` clusters (k-means++ seeding, `restarts` runs from
/// `seed`, the lowest weighted inertia kept). Returns each point's cluster and the inertia.
pub fn kmeans(
    points: &[[f64; FEATURES]],
    weights: &[f64],
    k: usize,
    restarts: usize,
    seed: u64,
) -> (Vec<usize>, f64) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut best: Option<(Vec<usize>, f64)> = None;
    for _ in 0..restarts {
        let mut centres: Vec<[f64; FEATURES]> = Vec::with_capacity(k);
        let first = rng.random_range(0..points.len());
        centres.push(points[first]);
        while centres.len() < k {
            let d: Vec<f64> = points
                .iter()
                .zip(weights)
                .map(|(p, w)| {
                    w * centres
                        .iter()
                        .map(|c| distance(p, c))
                        .fold(f64::MAX, f64::min)
                })
                .collect();
            let total: f64 = d.iter().sum();
            let mut pick = rng.random::<f64>() * total;
            let mut chosen = points.len() - 1;
            for (i, &x) in d.iter().enumerate() {
                if pick < x {
                    chosen = i;
                    break;
                }
                pick -= x;
            }
            centres.push(points[chosen]);
        }
        let mut assign = vec![usize::MAX; points.len()];
        for _ in 0..500 {
            let mut changed = false;
            for (i, p) in points.iter().enumerate() {
                let c = (0..k)
                    .min_by(|&a, &b| distance(p, &centres[a]).total_cmp(&distance(p, &centres[b])))
                    .unwrap_or(0);
                if assign[i] != c {
                    assign[i] = c;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
            for (c, centre) in centres.iter_mut().enumerate() {
                let mut sum = [0.0f64; FEATURES];
                let mut w = 0.0;
                for (i, p) in points.iter().enumerate() {
                    if assign[i] == c {
                        for (s, x) in sum.iter_mut().zip(p) {
                            *s += weights[i] * x;
                        }
                        w += weights[i];
                    }
                }
                if w > 0.0 {
                    *centre = sum.map(|s| s / w);
                }
            }
        }
        let inertia: f64 = points
            .iter()
            .zip(&assign)
            .zip(weights)
            .map(|((p, &c), w)| w * distance(p, &centres[c]))
            .sum();
        if best.as_ref().is_none_or(|(_, b)| inertia < *b) {
            best = Some((assign, inertia));
        }
    }
    best.unwrap_or_default()
}

/// The clustering of the three-card hands into `k` buckets, as `(triple, bucket)` in the order
/// of [`tier_triples`], buckets numbered by mean equity against every hand, strongest first.
pub fn cluster(k: usize) -> Vec<([u8; 3], u8)> {
    let (triples, weights, feats) = features();
    let (assign, _) = kmeans(&feats, &weights, k, 8, 0x7275_636f);
    let mut strength = vec![(0.0f64, 0.0f64); k];
    for (i, &c) in assign.iter().enumerate() {
        let eq = feats[i].iter().sum::<f64>() / FEATURES as f64;
        strength[c].0 += weights[i] * eq;
        strength[c].1 += weights[i];
    }
    let mut by_strength: Vec<usize> = (0..k).filter(|&c| strength[c].1 > 0.0).collect();
    by_strength.sort_by(|&a, &b| {
        (strength[b].0 / strength[b].1)
            .total_cmp(&(strength[a].0 / strength[a].1))
            .then(a.cmp(&b))
    });
    let mut rename = vec![0u8; k];
    for (new, &old) in by_strength.iter().enumerate() {
        rename[old] = new as u8;
    }
    triples
        .into_iter()
        .zip(assign)
        .map(|(t, c)| (t, rename[c]))
        .collect()
}

/// The data file of a clustering: the definition's header, then one `"a-b-c" = bucket` line
/// per hand (tiers strongest first).
pub fn render(header: &str, buckets: &[([u8; 3], u8)]) -> String {
    let mut out = String::from(header);
    out.push_str("\n[hands]\n");
    for (t, b) in buckets {
        out.push_str(&format!("\"{}-{}-{}\" = {}\n", t[0], t[1], t[2], b));
    }
    out
}

/// Reads the `[hands]` table of a definition file: bucket of each triple (255 = none), and the
/// number of buckets. Panics on a malformed file (the files are compiled in and tested).
pub(crate) fn parse(definition: &str) -> (Box<[u8; 3375]>, u64) {
    let mut table = Box::new([u8::MAX; 3375]);
    let mut buckets = 0u64;
    let body = definition
        .split("\n[hands]\n")
        .nth(1)
        .expect("a [hands] table");
    for line in body
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let (hand, bucket) = line.split_once(" = ").expect("\"a-b-c\" = bucket");
        let tiers: Vec<u8> = hand
            .trim_matches('"')
            .split('-')
            .map(|x| x.parse().expect("a tier"))
            .collect();
        let bucket: u8 = bucket.trim().parse().expect("a bucket");
        table[triple_index([tiers[0], tiers[1], tiers[2]])] = bucket;
        buckets = buckets.max(bucket as u64 + 1);
    }
    (table, buckets)
}

/// A compiled-in clustering, parsed at first use.
pub(crate) struct EquityBuckets {
    definition: &'static str,
    parsed: OnceLock<(Box<[u8; 3375]>, u64)>,
}

impl EquityBuckets {
    pub(crate) const fn new(definition: &'static str) -> EquityBuckets {
        EquityBuckets {
            definition,
            parsed: OnceLock::new(),
        }
    }

    fn table(&self) -> &(Box<[u8; 3375]>, u64) {
        self.parsed.get_or_init(|| parse(self.definition))
    }

    /// The bucket of a full hand of sorted tiers.
    pub(crate) fn bucket(&self, tiers: [u8; 3]) -> u64 {
        self.table().0[triple_index(tiers)] as u64
    }

    /// Number of buckets.
    pub(crate) fn len(&self) -> u64 {
        self.table().1
    }
}
