//! Mutation fuzzing of everything that reads input, without nightly Rust:
//! seeds are the committed fixtures, mutations are deterministic (xorshift from
//! a seed, so any finding reproduces with `cpyg-fuzz TARGET N SEED`), and every
//! input runs under `catch_unwind` with its time measured. A panic or an input
//! slower than [`SLOW`] is a finding; an abort ends the process, which the
//! caller sees as a failed run.
//!
//! Targets:
//! - `marshal`: the `.pyc` header and marshal reader;
//! - `decode`: that, then decoding and stack validation of every code object;
//! - `lower`: that, then lowering the module into facts;
//! - `facts`: one relation file of a written fact directory mutated, then read
//!   back (structure only, as `cpyg solve --edited` does), id-checked, named and,
//!   when consistent, solved.

use std::fmt;
use std::fs;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use cpyg::adapters::{adapter, pyc, validate};
use cpyg::package::{ModuleSource, SemanticPackage};
use cpyg_facts::fact_check::check_facts;
use cpyg_facts::read::{read_dir_with, Verify};

/// An input taking longer than this is reported as a hang.
pub const SLOW: Duration = Duration::from_secs(10);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Marshal,
    Decode,
    Lower,
    Facts,
}

impl Target {
    pub const ALL: [Target; 4] = [Target::Marshal, Target::Decode, Target::Lower, Target::Facts];

    pub fn name(self) -> &'static str {
        match self {
            Target::Marshal => "marshal",
            Target::Decode => "decode",
            Target::Lower => "lower",
            Target::Facts => "facts",
        }
    }
}

/// What a run found.
#[derive(Debug, Default)]
pub struct Report {
    pub target: &'static str,
    pub iterations: u64,
    /// Inputs the target accepted (the rest were refused with an error).
    pub accepted: u64,
    /// Inputs that panicked: (iteration, message), the first few.
    pub panics: Vec<(u64, String)>,
    pub panic_count: u64,
    /// Inputs slower than [`SLOW`].
    pub slow: u64,
    pub slowest: Duration,
    pub time: Duration,
}

impl Report {
    pub fn is_clean(&self) -> bool {
        self.panic_count == 0 && self.slow == 0
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} inputs, {} accepted, {} refused with an error, {} panics, {} over {} s (slowest {:.3} s), {:.1} s",
            self.target,
            self.iterations,
            self.accepted,
            self.iterations - self.accepted - self.panic_count,
            self.panic_count,
            self.slow,
            SLOW.as_secs(),
            self.slowest.as_secs_f64(),
            self.time.as_secs_f64()
        )?;
        for (iteration, message) in &self.panics {
            write!(f, "\n  panic at iteration {iteration}: {message}")?;
        }
        Ok(())
    }
}

/// xorshift64*: deterministic, so a finding reproduces from its seed.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// One to four byte edits after `keep` leading bytes (a `.pyc` header stays mostly
/// intact, so mutations reach the marshal data and the decoders).
pub fn mutate(bytes: &[u8], keep: usize, rng: &mut Rng) -> Vec<u8> {
    let mut out = bytes.to_vec();
    for _ in 0..1 + rng.below(4) {
        if out.is_empty() {
            out.push(rng.next() as u8);
        }
        let at = (keep + rng.below(out.len().saturating_sub(keep))).min(out.len() - 1);
        match rng.below(6) {
            0 => out[at] = rng.next() as u8,
            1 => out[at] ^= 1 << rng.below(8),
            2 => out.insert(at, rng.next() as u8),
            3 => {
                out.remove(at);
            }
            4 => {
                // A run copied elsewhere: repeated structure, shifted lengths.
                let len = 1 + rng.below(16.min(out.len() - at));
                let piece = out[at..at + len].to_vec();
                let to = rng.below(out.len());
                out.splice(to..to, piece);
            }
            _ => {
                // Small integers are where lengths, counts and opargs live.
                out[at] = [0, 1, 2, 9, 0x7f, 0x80, 0xff][rng.below(7)];
            }
        }
    }
    out
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every committed `.pyc` fixture, in path order.
pub fn seed_pycs() -> Vec<Vec<u8>> {
    fixture_paths().iter().filter_map(|p| fs::read(p).ok()).collect()
}

/// The paths of the committed `.pyc` fixtures, in path order.
pub fn fixture_paths() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = fs::read_dir(dir) else { return };
        let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "pyc") {
                out.push(path);
            }
        }
    }
    let mut paths = Vec::new();
    walk(&repo().join("tests/fixtures"), &mut paths);
    paths
}

/// Runs `target` on `iterations` mutated inputs.
pub fn run(target: Target, iterations: u64, seed: u64) -> Result<Report, String> {
    let mut rng = Rng::new(seed);
    let mut report = Report { target: target.name(), iterations, ..Report::default() };
    let started = Instant::now();
    // Panics are findings, reported here; the default hook would print each one.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let result = match target {
        Target::Facts => fuzz_facts(iterations, &mut rng, &mut report),
        _ => {
            let seeds = seed_pycs();
            if seeds.is_empty() {
                return Err("no .pyc fixtures found under tests/fixtures".into());
            }
            for i in 0..iterations {
                let input = mutate(&seeds[rng.below(seeds.len())], 16, &mut rng);
                observe(&mut report, i, || match target {
                    Target::Marshal => pyc::read(&input).is_ok(),
                    Target::Decode => decode(&input).is_ok(),
                    _ => lower(&input).is_ok(),
                });
            }
            Ok(())
        }
    };
    std::panic::set_hook(hook);
    report.time = started.elapsed();
    result.map(|()| report)
}

fn observe(report: &mut Report, iteration: u64, body: impl FnOnce() -> bool) {
    let started = Instant::now();
    let outcome = catch_unwind(AssertUnwindSafe(body));
    let took = started.elapsed();
    report.slowest = report.slowest.max(took);
    if took > SLOW {
        report.slow += 1;
    }
    match outcome {
        Ok(true) => report.accepted += 1,
        Ok(false) => {}
        Err(payload) => {
            report.panic_count += 1;
            if report.panics.len() < 5 {
                let message = payload
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                report.panics.push((iteration, message));
            }
        }
    }
}

/// Header, marshal, decode and validate every code object.
fn decode(bytes: &[u8]) -> Result<(), String> {
    let file = pyc::read(bytes).map_err(|e| e.to_string())?;
    let adapter = adapter(file.minor).ok_or("no adapter")?;
    for code in file.code.preorder() {
        let decoded = adapter.decode(code).map_err(|e| e.to_string())?;
        validate::stack_depths(code, &decoded).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Decode as a one-module package, then lower it.
fn lower(bytes: &[u8]) -> Result<(), String> {
    let file = pyc::read(bytes).map_err(|e| e.to_string())?;
    let path = PathBuf::from("m.pyc");
    let source = ModuleSource { name: "m".into(), path: path.clone(), is_package: false, code: file.code, strings: Vec::new() };
    let (package, failures) = SemanticPackage::build_partial(file.minor, vec![source], 1);
    if !failures.is_empty() {
        return Err(failures[0].to_string());
    }
    let input = cpyg::facts::package_input(&package, Path::new(""));
    let lowered = cpyg_facts::lower::lower_package(&input, 1).map_err(|e| e.to_string())?;
    if lowered.skipped.is_empty() {
        Ok(())
    } else {
        Err(lowered.skipped[0].reason.clone())
    }
}

/// One relation file of the running example's facts mutated per input.
fn fuzz_facts(iterations: u64, rng: &mut Rng, report: &mut Report) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let facts = dir.path().join("facts");
    let example = repo().join("tests/fixtures/cpython312/running_example/main.pyc");
    cpyg::facts::run(&[example], None, &facts, 1).map_err(|e| e.to_string())?;
    let mut files: Vec<PathBuf> = fs::read_dir(&facts)
        .map_err(|e| e.to_string())?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "facts"))
        .collect();
    files.sort();
    let originals: Vec<Vec<u8>> = files.iter().map(fs::read).collect::<Result<_, _>>().map_err(|e| e.to_string())?;
    for i in 0..iterations {
        let k = rng.below(files.len());
        let mutated = mutate(&originals[k], 0, rng);
        fs::write(&files[k], &mutated).map_err(|e| e.to_string())?;
        observe(report, i, || {
            let Ok(read) = read_dir_with(&facts, Verify::Structure) else { return false };
            if !check_facts(&read).is_clean() {
                return false;
            }
            let Ok(_names) = cpyg::analysis::Names::new(&read) else { return false };
            cpyg_rules::solve(&read, cpyg_rules::RuleSet::Insensitive, 1).is_ok()
        });
        fs::write(&files[k], &originals[k]).map_err(|e| e.to_string())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What CI runs: a fixed number of inputs per target, none may panic or hang.
    fn check(target: Target, iterations: u64) {
        let report = run(target, iterations, 7).unwrap();
        eprintln!("{report}");
        assert!(report.is_clean(), "{report}");
        assert!(report.accepted < iterations, "mutations should break some inputs: {report}");
    }

    #[test]
    fn fixtures_cover_every_release() {
        let paths = fixture_paths();
        assert!(paths.len() >= 55, "expected the committed fixtures, found {}", paths.len());
        let mut minors: Vec<u8> = paths.iter().map(|p| pyc::read(&fs::read(p).unwrap()).unwrap().minor).collect();
        minors.sort_unstable();
        minors.dedup();
        assert_eq!(minors, cpyg::adapters::supported_minors().collect::<Vec<_>>());
    }

    /// Every fixture truncated at every byte is refused.
    #[test]
    fn every_truncation_is_an_error() {
        let mut cases = 0;
        for path in fixture_paths() {
            let bytes = fs::read(&path).unwrap();
            for len in 0..bytes.len() {
                assert!(pyc::read(&bytes[..len]).is_err(), "{} truncated to {len} bytes was accepted", path.display());
                cases += 1;
            }
        }
        eprintln!("{cases} truncated files refused");
    }

    #[test]
    fn marshal() {
        check(Target::Marshal, 20_000);
    }

    #[test]
    fn decode() {
        check(Target::Decode, 20_000);
    }

    #[test]
    fn lower() {
        check(Target::Lower, 5_000);
    }

    #[test]
    fn facts() {
        check(Target::Facts, 1_000);
    }
}
