//! Truncated, corrupted and mutated `.pyc` files must give errors, never panics
//! (a panic fails these tests), and never a silent success on a truncated file.

use std::fs;
use std::path::{Path, PathBuf};

use cpyg::adapters::{adapter, pyc, validate};

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

/// Runs the whole front end on `bytes`: header, marshal, decode and validate every code object.
fn load_all(bytes: &[u8]) -> Result<usize, String> {
    let file = pyc::read(bytes).map_err(|e| e.to_string())?;
    let adapter = adapter(file.minor).expect("header accepted only for supported releases");
    let mut decoded = 0;
    for code in file.code.preorder() {
        let d = adapter.decode(code).map_err(|e| e.to_string())?;
        validate::stack_depths(code, &d).map_err(|e| e.to_string())?;
        decoded += 1;
    }
    Ok(decoded)
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

/// xorshift64*: deterministic, so a failure reproduces.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn mutate(bytes: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut out = bytes.to_vec();
    for _ in 0..1 + rng.below(4) {
        // Keep the 16-byte header mostly intact so mutations reach the marshal data and decoders.
        let at = 16 + rng.below(out.len().saturating_sub(16).max(1));
        let at = at.min(out.len().saturating_sub(1));
        match rng.below(5) {
            0 => out[at] = rng.next() as u8,
            1 => out[at] ^= 1 << rng.below(8),
            2 => {
                out.insert(at, rng.next() as u8);
            }
            3 => {
                out.remove(at);
            }
            _ => {
                // Small integers are where lengths, counts and opargs live.
                out[at] = [0, 1, 2, 0x7f, 0x80, 0xff][rng.below(6)];
            }
        }
    }
    out
}

#[test]
fn mutated_files_never_panic() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let files: Vec<Vec<u8>> = fixture_pycs().iter().map(|p| fs::read(p).unwrap()).collect();
    let (mut accepted, mut rejected) = (0, 0);
    for i in 0..5000 {
        let original = &files[i % files.len()];
        match load_all(&mutate(original, &mut rng)) {
            Ok(_) => accepted += 1,
            Err(message) => {
                assert!(!message.is_empty());
                rejected += 1;
            }
        }
    }
    eprintln!("5000 mutated files: {accepted} still decode, {rejected} rejected with an error");
    assert!(rejected > 1000, "mutations should mostly break the files");
}

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
