//! Input mutation: byte-level edits for every target, plus token edits for the text targets.

use rand::{Rng, RngExt};

use crate::Target;

/// Largest input produced (bytes).
const MAX_LEN: usize = 1 << 20;

/// Words the text targets are built from (calls, separators, options, odd numbers).
const DICTIONARY: &[&str] = &[
    "envido",
    "real-envido",
    "falta-envido",
    "quiero",
    "no-quiero",
    "truco",
    "retruco",
    "vale-cuatro",
    "mazo",
    "flor",
    "contraflor",
    "seis",
    "nove",
    "doze",
    "hidden",
    "hide-7O",
    "play",
    "run",
    "envide",
    "torne",
    "falta",
    "truc",
    "pass",
    "joc-fora",
    " | ",
    " / ",
    "[",
    "]",
    ":",
    "0:",
    "3:",
    "5:",
    "-",
    "players=6",
    "players=2",
    "pica-pica",
    "target=15",
    "ferro=open",
    "camas 1-0",
    "vira 7O",
    "dealer 9",
    "score 29-0",
    "seat 4:",
    "1E",
    "7O",
    "12B",
    "8C",
    "\"",
    "{",
    "}",
    "\\u0000",
    "null",
    "true",
    "99999999999999999999",
    "-1",
    "\"sample\":true",
    "\"seed\":18446744073709551615",
    "\"id\":",
];

/// Interesting 64-bit values written over binary inputs.
const NUMBERS: &[u64] = &[
    0,
    1,
    2,
    0x7f,
    0x80,
    0xff,
    0xffff,
    1 << 31,
    1 << 32,
    u64::MAX,
    u64::MAX / 2,
];

/// A mutated copy of `base` (1 to 4 edits), sometimes spliced with another corpus entry.
pub fn mutate<R: Rng>(target: Target, base: &[u8], corpus: &[Vec<u8>], rng: &mut R) -> Vec<u8> {
    let mut v = base.to_vec();
    let text = matches!(target, Target::Spot | Target::Serve);
    let edits = 1 + rng.random_range(0..4);
    for _ in 0..edits {
        let choice = rng.random_range(0..if text { 10 } else { 8 });
        match choice {
            0 if !v.is_empty() => {
                let i = rng.random_range(0..v.len());
                v[i] ^= 1 << rng.random_range(0..8);
            }
            1 if !v.is_empty() => {
                let i = rng.random_range(0..v.len());
                v[i] = [0u8, 0xff, 0x7f, 0x80, b'\n', b' ', rng.random()][rng.random_range(0..7)];
            }
            2 => {
                let i = rng.random_range(0..=v.len());
                let n = rng.random_range(1..9);
                let bytes: Vec<u8> = (0..n).map(|_| rng.random()).collect();
                v.splice(i..i, bytes);
            }
            3 if !v.is_empty() => {
                let i = rng.random_range(0..v.len());
                let n = rng.random_range(1..=(v.len() - i).min(64));
                v.drain(i..i + n);
            }
            4 if !v.is_empty() => v.truncate(rng.random_range(0..v.len())),
            5 if !v.is_empty() => {
                let i = rng.random_range(0..v.len());
                let n = rng.random_range(1..=(v.len() - i).min(256));
                let copy = v[i..i + n].to_vec();
                let at = rng.random_range(0..=v.len());
                v.splice(at..at, copy);
            }
            6 if v.len() >= 8 => {
                let i = rng.random_range(0..=v.len() - 8) & !7;
                let x = NUMBERS[rng.random_range(0..NUMBERS.len())];
                v[i..i + 8].copy_from_slice(&x.to_le_bytes());
            }
            7 if !corpus.is_empty() => {
                let other = &corpus[rng.random_range(0..corpus.len())];
                let cut = rng.random_range(0..=v.len());
                let from = rng.random_range(0..=other.len());
                v.truncate(cut);
                v.extend_from_slice(&other[from..]);
            }
            8 => {
                let word = DICTIONARY[rng.random_range(0..DICTIONARY.len())].as_bytes();
                let i = rng.random_range(0..=v.len());
                v.splice(i..i, word.iter().copied());
            }
            9 => token_edit(&mut v, rng),
            _ => {}
        }
    }
    v.truncate(MAX_LEN);
    v
}

/// Swaps, repeats or drops whitespace-separated tokens of a text input.
fn token_edit<R: Rng>(v: &mut Vec<u8>, rng: &mut R) {
    let Ok(text) = std::str::from_utf8(v) else {
        return;
    };
    let mut tokens: Vec<&str> = text.split(' ').collect();
    if tokens.len() < 2 {
        return;
    }
    let i = rng.random_range(0..tokens.len());
    let j = rng.random_range(0..tokens.len());
    match rng.random_range(0..3) {
        0 => tokens.swap(i, j),
        1 => {
            let t = tokens[i];
            tokens.insert(j, t);
        }
        _ => {
            tokens.remove(i);
        }
    }
    *v = tokens.join(" ").into_bytes();
}
