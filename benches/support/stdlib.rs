//! The standard library of the benchmarks' interpreter (CPYG_BENCH_PYTHON, default
//! python3.12), compiled once through cpyg's own loader before anything is timed.

use std::path::PathBuf;
use std::process::Command;

use cpyg::load;
use cpyg::package::ModuleSource;

/// A compiled standard library: its release, its folder and its modules' code.
pub struct Stdlib {
    pub minor: u8,
    pub root: PathBuf,
    pub sources: Vec<ModuleSource>,
}

/// The interpreter's standard library folder.
fn stdlib_dir(python: &str) -> Option<PathBuf> {
    let script = "import sysconfig; print(sysconfig.get_paths()['stdlib'])";
    let out = Command::new(python).args(["-I", "-S", "-c", script]).output().ok()?;
    out.status.success().then(|| PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()))
}

/// Compiles the standard library, or says why not (`bench` names the benchmark).
pub fn compile(bench: &str) -> Option<Stdlib> {
    let python = std::env::var("CPYG_BENCH_PYTHON").unwrap_or_else(|_| "python3.12".into());
    let Some(stdlib) = stdlib_dir(&python) else {
        eprintln!("{bench}: no interpreter (set CPYG_BENCH_PYTHON or put python3.12 on PATH): skipped");
        return None;
    };
    let loaded = load::load(std::slice::from_ref(&stdlib), Some(&python)).expect("the standard library loads");
    let (minor, root) = (loaded.minor, loaded.root.clone());
    Some(Stdlib { minor, root, sources: loaded.modules.into_iter().map(Into::into).collect() })
}
