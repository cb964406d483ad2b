//! The whole standard library of every available interpreter, decoded by cpyg and
//! compared with that interpreter's own `dis` (see `cpyg conformance`). An
//! interpreter that is not installed is reported as missing, not passed over.

#[path = "support/missing.rs"]
mod missing;

fn check_stdlib(minor: u8) {
    let Some(python) = missing::interpreter(minor, "standard-library conformance") else { return };
    eprintln!("comparing with {} ({})", python.path.display(), python.version);
    let report = cpyg::conformance::run(&python.path, minor, &[], 2).unwrap();
    for m in &report.mismatches {
        eprintln!("MISMATCH {m}");
    }
    eprintln!("CPython 3.{minor} standard library: {report}");
    assert_eq!(report.mismatch_count, 0);
    assert!(report.modules > 500, "only {} modules compiled", report.modules);
}

#[test]
fn stdlib_3_8() {
    check_stdlib(8);
}

#[test]
fn stdlib_3_9() {
    check_stdlib(9);
}

#[test]
fn stdlib_3_10() {
    check_stdlib(10);
}

#[test]
fn stdlib_3_11() {
    check_stdlib(11);
}

#[test]
fn stdlib_3_12() {
    check_stdlib(12);
}

#[test]
fn stdlib_3_13() {
    check_stdlib(13);
}

#[test]
fn stdlib_3_14() {
    check_stdlib(14);
}

#[test]
fn stdlib_3_15() {
    check_stdlib(15);
}

/// One test per release: a release added without one is caught here.
#[test]
fn every_release_has_a_stdlib_test() {
    let source = include_str!("stdlib_conformance.rs");
    for minor in cpyg::adapters::supported_minors() {
        assert!(source.contains(&format!("fn stdlib_3_{minor}()")), "no stdlib test for 3.{minor}");
    }
}
