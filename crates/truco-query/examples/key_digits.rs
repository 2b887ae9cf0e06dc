use truco_query::{OpenOptions, Table};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let t = Table::open(&args[1], OpenOptions::default()).unwrap();
    let radices: Vec<u64> = args[2].split(',').map(|x| x.parse().unwrap()).collect();
    let n = radices.len();
    let mut seen: Vec<std::collections::HashMap<u64, u64>> = vec![Default::default(); n];
    for k in t.keys() {
        let mut k = k;
        for i in (0..n).rev() {
            *seen[i].entry(k % radices[i]).or_default() += 1;
            k /= radices[i];
        }
    }
    for (i, s) in seen.iter().enumerate() {
        println!("digit {i} (radix {}): {} values", radices[i], s.len());
    }
}
