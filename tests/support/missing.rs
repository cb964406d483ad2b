// Each test crate that includes this uses part of it.
#![allow(dead_code)]

//! What a test does when something it needs is not installed: it says so on
//! stderr and passes over that part, except under `CI=true` (set by `.ci/run`,
//! which installs every interpreter), where a missing piece fails the test
//! instead of letting it pass unchecked.

use cpyg::load::interpreter::{find_release, Interpreter};

/// Reports `what` as not checked; fails under `CI=true`.
pub fn not_checked(what: &str) {
    let under_ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
    assert!(!under_ci, "CI=true and {what}");
    eprintln!("SKIPPED: {what}");
}

/// python3.`minor`, or `None` after reporting that `purpose` was not checked under it.
pub fn interpreter(minor: u8, purpose: &str) -> Option<Interpreter> {
    match find_release(minor) {
        Ok(found) => Some(found),
        Err(why) => {
            not_checked(&format!("python3.{minor} not found ({why}): {purpose} NOT checked under CPython 3.{minor}"));
            None
        }
    }
}
