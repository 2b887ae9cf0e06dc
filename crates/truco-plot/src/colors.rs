//! The colour of each action in a range grid, shared by the PNG/SVG picture and the web
//! explorer (which gets them in `/api/range`'s `colors`), so that both show one action alike.
//!
//! Known actions have fixed colours (card plays in greens, truco calls in reds, envido calls
//! in blues, flor in purples, folds in greys); any other name gets one of a fixed set by a hash
//! of its name, so it is stable across spots and runs.

/// The colour of a cell whose hands the table never saw (its uniform fallback).
pub const FALLBACK: (u8, u8, u8) = (190, 190, 190);

/// The colour of a hand class no hand falls into.
pub const EMPTY: (u8, u8, u8) = (235, 235, 235);

/// Fixed colours by action name (the range's names: card roles and the variant's call words).
const KNOWN: [(&str, (u8, u8, u8)); 28] = [
    ("play high", (27, 120, 55)),
    ("play mid", (90, 174, 97)),
    ("play low", (166, 219, 160)),
    ("play", (27, 120, 55)),
    ("hide high", (140, 81, 10)),
    ("hide mid", (191, 129, 45)),
    ("hide low", (223, 194, 125)),
    ("hide", (140, 81, 10)),
    ("truco", (215, 48, 39)),
    ("retruco", (244, 109, 67)),
    ("vale-cuatro", (165, 0, 38)),
    ("seis", (244, 109, 67)),
    ("nove", (165, 0, 38)),
    ("doze", (103, 0, 13)),
    ("quiero", (253, 174, 97)),
    ("no-quiero", (120, 120, 120)),
    ("envido", (69, 117, 180)),
    ("real-envido", (116, 173, 209)),
    ("falta-envido", (49, 54, 149)),
    ("flor", (118, 42, 131)),
    ("contraflor", (153, 112, 171)),
    ("mazo", (77, 77, 77)),
    ("pass", (160, 160, 160)),
    ("run", (120, 120, 120)),
    ("envide", (69, 117, 180)),
    ("torne", (116, 173, 209)),
    ("falta", (49, 54, 149)),
    ("raise", (215, 48, 39)),
];

/// Colours for names not in the fixed table.
const OTHERS: [(u8, u8, u8); 8] = [
    (0, 137, 123),
    (233, 30, 99),
    (255, 193, 7),
    (63, 81, 181),
    (121, 85, 72),
    (0, 188, 212),
    (205, 220, 57),
    (156, 39, 176),
];

/// The RGB colour of `action`.
pub fn action_rgb(action: &str) -> (u8, u8, u8) {
    if let Some((_, c)) = KNOWN.iter().find(|(n, _)| *n == action) {
        return *c;
    }
    let h = action
        .bytes()
        .fold(0u32, |h, b| h.wrapping_mul(31).wrapping_add(u32::from(b)));
    OTHERS[h as usize % OTHERS.len()]
}

/// `rgb` as a CSS hex colour (`#rrggbb`).
pub fn hex((r, g, b): (u8, u8, u8)) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_fixed_or_stable() {
        assert_eq!(hex(action_rgb("truco")), "#d73027");
        assert_eq!(action_rgb("some-call"), action_rgb("some-call"));
        assert_ne!(action_rgb("play high"), action_rgb("truco"));
        assert_eq!(hex(FALLBACK), "#bebebe");
    }
}
