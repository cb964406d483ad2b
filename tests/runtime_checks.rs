//! The analysis test programs run by each available interpreter, with what cpyg
//! derives for them checked against what the run does:
//! - tests/support/analysis_runtime_check.py: every call edge and points-to
//!   assertion of the cases agrees with the calls and values the run shows;
//! - tests/support/cfg_trace_check.py: every step the interpreter takes from one
//!   block to another is an edge of cpyg's CFG (the CFG is sound for that run).
//!
//! An interpreter that is not installed is reported as missing, not passed over.

use std::path::Path;
use std::process::Command;

#[path = "support/missing.rs"]
mod missing;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `script` (below tests/support) under python3.`minor`, if it is installed, and
/// fails with its report when it finds problems.
fn run_checker(minor: u8, script: &str, args: &[&str]) {
    let Some(python) = missing::interpreter(minor, script) else { return };
    let output = Command::new(&python.path)
        .arg(repo().join("tests/support").join(script))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{} could not start: {e}", python.path.display()));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    // The closing line says how much was checked; it goes to the test's output.
    eprintln!("{script} under {}: {}", python.version, stdout.lines().last().unwrap_or("(nothing printed)"));
    assert!(output.status.success(), "{script} under {} found problems:\n{stdout}{stderr}", python.version);
}

fn check_release(minor: u8) {
    run_checker(minor, "analysis_runtime_check.py", &[]);
    run_checker(minor, "cfg_trace_check.py", &["--cpyg", env!("CARGO_BIN_EXE_cpyg")]);
}

macro_rules! per_release {
    ($($test:ident = $minor:literal),* $(,)?) => {
        $(
            #[test]
            fn $test() {
                check_release($minor);
            }
        )*
        /// The releases that have a test above.
        const CHECKED: &[u8] = &[$($minor),*];
    };
}

per_release!(
    runs_agree_under_3_8 = 8,
    runs_agree_under_3_9 = 9,
    runs_agree_under_3_10 = 10,
    runs_agree_under_3_11 = 11,
    runs_agree_under_3_12 = 12,
    runs_agree_under_3_13 = 13,
    runs_agree_under_3_14 = 14,
    runs_agree_under_3_15 = 15,
);

#[test]
fn every_release_is_run() {
    assert_eq!(CHECKED, cpyg::adapters::supported_minors().collect::<Vec<_>>().as_slice());
}
