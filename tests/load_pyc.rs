//! `.pyc` inputs whose headers decide the outcome; no Python needed.

use std::fs;
use std::path::Path;

use cpyg::load::{load, FailureReason, LoadError};

/// A `.pyc` header for `magic` followed by `body`.
fn pyc(path: &Path, magic: u16, body: &[u8]) {
    let mut data = magic.to_le_bytes().to_vec();
    data.extend_from_slice(b"\r\n");
    data.extend_from_slice(&[0; 12]);
    data.extend_from_slice(body);
    fs::write(path, data).unwrap();
}

#[test]
fn a_release_cpyg_does_not_read_is_fatal_and_named() {
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join("old.pyc");
    pyc(&old, 3394, b"c");
    let err = load(std::slice::from_ref(&old), None).unwrap_err();
    assert!(matches!(err, LoadError::Pyc { .. }), "{err}");
    let text = err.to_string();
    assert!(text.contains(&old.display().to_string()) && text.contains("3.7"), "{text}");

    let py2 = dir.path().join("py2.pyc");
    pyc(&py2, 62211, b"c");
    let text = load(&[py2], None).unwrap_err().to_string();
    assert!(text.contains("py2.pyc") && text.contains("2.7"), "{text}");
}

#[test]
fn headers_of_two_releases_do_not_mix() {
    let dir = tempfile::tempdir().unwrap();
    pyc(&dir.path().join("a.pyc"), 3495, b"garbage");
    pyc(&dir.path().join("b.pyc"), 3531, b"garbage");
    let err = load(&[dir.path().to_path_buf()], None).unwrap_err();
    let text = err.to_string();
    assert!(matches!(err, LoadError::MixedReleases { first_minor: 11, second_minor: 12, .. }), "{text}");
    assert!(text.contains("a.pyc") && text.contains("b.pyc"), "{text}");
}

#[test]
fn without_any_pyc_header_there_is_no_release() {
    let only_junk = tempfile::tempdir().unwrap();
    fs::write(only_junk.path().join("junk.pyc"), b"not bytecode at all").unwrap();
    let err = load(&[only_junk.path().to_path_buf()], None).unwrap_err();
    assert!(matches!(&err, LoadError::NoRelease { failures } if failures.len() == 1), "{err}");
    assert!(err.to_string().contains("junk.pyc"), "{err}");
}

#[test]
fn a_damaged_body_is_reported_beside_a_release() {
    let dir = tempfile::tempdir().unwrap();
    pyc(&dir.path().join("cut.pyc"), 3531, b"");
    fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cpython312/running_example/main.pyc"),
        dir.path().join("good.pyc"),
    )
    .unwrap();
    // The damaged module is reported and the load goes on with the other.
    let package = load(&[dir.path().to_path_buf()], None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(package.minor, 12);
    assert_eq!(package.modules.len(), 1);
    assert_eq!(package.failures.len(), 1);
    assert!(matches!(package.failures[0].reason, FailureReason::BadCode { .. }));
}

#[test]
fn nothing_loaded_is_an_error_listing_every_failure() {
    let dir = tempfile::tempdir().unwrap();
    pyc(&dir.path().join("cut.pyc"), 3531, b"");
    let err = load(&[dir.path().to_path_buf()], None).unwrap_err();
    assert!(matches!(&err, LoadError::NothingLoaded { failures } if failures.len() == 1), "{err}");
    assert!(err.to_string().starts_with("no module could be loaded (1 skipped); cut ("), "{err}");
}
