//! Truncated and corrupted `.pyc` files must give errors, never panics (a panic
//! fails these tests), and never a silent success on a truncated file.

use std::fs;
use std::path::{Path, PathBuf};

use cpyg::adapters::pyc;

fn fixture_pycs() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "pyc") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures"), &mut out);
    assert!(out.len() >= 55, "expected the committed fixtures, found {}", out.len());
    out
}

#[test]
fn fixtures_cover_every_release() {
    let mut minors: Vec<u8> = fixture_pycs().iter().map(|p| pyc::read(&fs::read(p).unwrap()).unwrap().minor).collect();
    minors.sort_unstable();
    minors.dedup();
    assert_eq!(minors, cpyg::adapters::supported_minors().collect::<Vec<_>>());
}

#[test]
fn every_truncation_is_an_error() {
    let mut cases = 0;
    for path in fixture_pycs() {
        let bytes = fs::read(&path).unwrap();
        for len in 0..bytes.len() {
            assert!(pyc::read(&bytes[..len]).is_err(), "{} truncated to {len} bytes was accepted", path.display());
            cases += 1;
        }
    }
    eprintln!("{cases} truncated files rejected");
}

// Mutated files: the `cpyg-fuzz` crate (`fuzz/`), whose tests CI runs.

#[test]
fn header_errors_name_the_release() {
    let mut data = vec![0u8; 16];
    data[..4].copy_from_slice(&[0x42, 0x0d, 0x0d, 0x0a]); // 3394: CPython 3.7
    let message = pyc::read(&data).unwrap_err().to_string();
    assert!(message.contains("CPython 3.7 bytecode is not supported yet"), "{message}");
    assert!(message.contains("cpyg reads CPython 3.8-3.15"), "{message}");
    data[..2].copy_from_slice(&3700u16.to_le_bytes());
    assert!(pyc::read(&data).unwrap_err().to_string().contains("not a .pyc"));
    for (magic, release) in [(3620u16, "3.14"), (3655, "3.15"), (3401, "3.8"), (3423, "3.9")] {
        let message = {
            data[..2].copy_from_slice(&magic.to_le_bytes());
            pyc::read(&data).unwrap_err().to_string()
        };
        assert!(message.contains(&format!("pre-release CPython {release}")), "{magic}: {message}");
    }
    for (magic, minor) in [(3413u16, 8), (3425, 9), (3666, 15)] {
        data[..2].copy_from_slice(&magic.to_le_bytes());
        assert_eq!(pyc::read_header(&data).unwrap().1, minor, "final magic {magic}");
    }
    let message = pyc::read(b"abc").unwrap_err().to_string();
    assert!(message.contains("shorter than"), "{message}");
}
