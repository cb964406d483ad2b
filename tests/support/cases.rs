//! What tests/programs/analysis cases declare about themselves.

/// `# requires: 3.N` on main.py's first line: the case needs release 3.N or later
/// (3.8, every release, when absent).
pub fn required_release(main_source: &str) -> u8 {
    let first = main_source.lines().next().unwrap_or("");
    first.strip_prefix("# requires: 3.").and_then(|minor| minor.trim().parse().ok()).unwrap_or(8)
}
