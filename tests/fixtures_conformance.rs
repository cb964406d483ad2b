//! Every supported release, without Python: the committed fixtures (our own
//! programs compiled by each interpreter, see tests/fixtures/regenerate.sh) decode
//! exactly as that interpreter's `dis` described them, and their `.pyc` files
//! hold the same code objects.

#[path = "support/cases.rs"]
mod cases;

use std::fs;
use std::io::BufReader;
use std::path::{Path, PathBuf};

use base64::Engine;
use cases::required_release;

fn fixture_dir(minor: u8) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/cpython3{minor}"))
}

/// Programs under tests/programs that release 3.`minor` compiles: the running
/// example, the feature package (10 modules, one with `match`, which 3.8 and 3.9
/// reject) and the adapter programs (10, one with `except*`, which 3.8-3.10 reject);
/// 3.14+ also the two t-string programs of py314/; every module of the analysis
/// cases that the release compiles (a case's main.py may start `# requires: 3.N`).
fn compiled_programs(minor: u8) -> usize {
    let features = if minor >= 10 { 10 } else { 9 };
    let adapter_programs = if minor >= 11 { 10 } else { 9 };
    let py314 = if minor >= 14 { 2 } else { 0 };
    let analysis: usize = fs::read_dir(programs_dir().join("analysis"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|case| case.is_dir() && required_release(&fs::read_to_string(case.join("main.py")).unwrap()) <= minor)
        .map(|case| python_files_under(&case))
        .sum();
    1 + features + adapter_programs + py314 + analysis
}


fn programs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs")
}

fn python_files_under(dir: &Path) -> usize {
    fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .map(|path| match path.is_dir() {
            true => python_files_under(&path),
            false => usize::from(path.extension().is_some_and(|e| e == "py")),
        })
        .sum()
}

#[test]
fn fixtures_exist_for_every_supported_release() {
    let minors: Vec<u8> = cpyg::adapters::supported_minors().collect();
    assert_eq!(minors, (8..=15).collect::<Vec<u8>>());
    for minor in minors {
        assert!(fixture_dir(minor).join("dis.jsonl").is_file(), "no fixtures for CPython 3.{minor}");
    }
}

#[test]
fn fixtures_agree_with_dis() {
    for minor in cpyg::adapters::supported_minors() {
        let adapter = cpyg::adapters::adapter(minor).unwrap();
        let dump = fs::File::open(fixture_dir(minor).join("dis.jsonl")).unwrap();
        let report = cpyg::conformance::check_dump(adapter, BufReader::new(dump)).unwrap();
        for m in &report.mismatches {
            eprintln!("3.{minor}: {m}");
        }
        assert_eq!(report.mismatch_count, 0, "CPython 3.{minor}: {} mismatches", report.mismatch_count);
        assert_eq!(report.modules, compiled_programs(minor), "CPython 3.{minor}");
        assert!(report.instructions > 1000, "CPython 3.{minor}: only {} instructions", report.instructions);
    }
}

#[test]
fn pyc_fixtures_hold_the_dumped_code() {
    for minor in cpyg::adapters::supported_minors() {
        let dir = fixture_dir(minor);
        let dump = fs::read_to_string(dir.join("dis.jsonl")).unwrap();
        let mut checked = 0;
        for line in dump.lines() {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            let Some(marshal) = record["marshal"].as_str() else { continue };
            let source = record["path"].as_str().unwrap();
            let relative = source.strip_prefix("tests/programs/").unwrap();
            let pyc = fs::read(dir.join(format!("{relative}c"))).unwrap();
            let from_pyc = cpyg::adapters::pyc::read(&pyc).unwrap();
            assert_eq!(from_pyc.minor, minor);
            let bytes = base64::engine::general_purpose::STANDARD.decode(marshal).unwrap();
            let from_dump = cpyg::adapters::marshal::read_code(&bytes, minor).unwrap();
            assert_eq!(from_pyc.code, from_dump, "{source} under 3.{minor}");
            checked += 1;
        }
        assert_eq!(checked, compiled_programs(minor), "3.{minor}: .pyc fixtures");
    }
}
