//! How much each key digit multiplies a table's rows: for every digit, the number of distinct
//! keys left when that digit is dropped, and its distinct values (abstraction design aid).
//!
//! `cargo run -p truco-query --release --example key_digits -- <table> 343,7,4,...`

use std::collections::HashSet;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(path), Some(radices)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: key_digits <table> <radices, most significant first>");
        std::process::exit(2);
    };
    let radices: Vec<u64> = radices.split(',').filter_map(|r| r.parse().ok()).collect();
    let table = truco_query::Table::open(path, Default::default()).expect("open table");
    let keys: Vec<Vec<u64>> = table
        .keys()
        .map(|mut k| {
            let mut d = vec![0; radices.len()];
            for (slot, &r) in d.iter_mut().zip(&radices).rev() {
                *slot = k % r;
                k /= r;
            }
            d
        })
        .collect();
    println!("{} rows", keys.len());
    for i in 0..radices.len() {
        let values: HashSet<u64> = keys.iter().map(|d| d[i]).collect();
        let dropped: HashSet<Vec<u64>> = keys
            .iter()
            .map(|d| {
                let mut d = d.clone();
                d[i] = 0;
                d
            })
            .collect();
        println!(
            "digit {i} (radix {}): {} values, x{:.2}",
            radices[i],
            values.len(),
            keys.len() as f64 / dropped.len() as f64
        );
    }
}
