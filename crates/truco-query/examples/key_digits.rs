//! How many distinct values each key digit takes in a table: where an abstraction's
//! information sets come from (used to size `abstractions/*.toml`).
//!
//!     cargo run --release -p truco-query --example key_digits -- models/paulista.tbl

use std::collections::HashSet;

use truco_game::abstraction::Abstraction;
use truco_query::{OpenOptions, Table};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: key_digits TABLE")?;
    let table = Table::open(&path, OpenOptions::default())?;
    let abstraction = Abstraction::from_id(&table.meta().abstraction_id)?;
    let radices = abstraction.radices();
    let mut seen = vec![HashSet::new(); radices.len()];
    for key in table.keys() {
        for (set, d) in seen.iter_mut().zip(abstraction.digits(key)) {
            set.insert(d);
        }
    }
    println!("{path}: {} rows, {}", table.len(), abstraction.id());
    for (i, (set, radix)) in seen.iter().zip(radices).enumerate() {
        println!("digit {i:2} (radix {radix:4}): {} values", set.len());
    }
    Ok(())
}
