//! What the curve examples (`mini_curve`, `thread_curve`) share: flags and the evaluation times.

/// The value after flag `name` on the command line, or `default`.
pub fn arg(name: &str, default: &str) -> String {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
        .unwrap_or_else(|| default.to_string())
}

/// Evaluation times: `points` steps growing geometrically (doubling) up to `total`.
pub fn schedule(total: f64, points: usize) -> Vec<f64> {
    (1..=points)
        .map(|k| total * 2f64.powi(k as i32 - points as i32))
        .collect()
}
