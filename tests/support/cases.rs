//! What tests/programs/analysis cases declare about themselves.

/// `# requires: 3.N` on main.py's first line: the case needs release 3.N or later
/// (3.8, every release, when absent).
/// A `# from source: why` line among main.py's leading comments: the case is analysed from
/// its source, compiled by each release's interpreter, not from the committed `.pyc`
/// fixtures (a `.pyc` keeps no source, and the case needs what only the source gives:
/// constant strings for `eval`/`exec` compiled as package code).
#[allow(dead_code)] // only tests/analysis_programs.rs analyses cases from source
pub fn from_source(main_source: &str) -> bool {
    main_source.lines().take_while(|l| l.starts_with('#')).any(|l| l.starts_with("# from source:"))
}

pub fn required_release(main_source: &str) -> u8 {
    let first = main_source.lines().next().unwrap_or("");
    first.strip_prefix("# requires: 3.").and_then(|minor| minor.trim().parse().ok()).unwrap_or(8)
}
