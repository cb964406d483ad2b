//! Choosing the CPython interpreter that compiles source inputs.
//!
//! Interpreters are looked for by name (`python3.15` … `python3.8`) on `PATH`
//! and in pyenv's versions folder (`$PYENV_ROOT` or `~/.pyenv`, newest patch
//! first). Each candidate is run once to learn its implementation, version and
//! bytecode magic; only CPython releases with an adapter, at their released
//! bytecode format, are accepted.

use std::env;
use std::ffi::OsString;
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use cpyg_adapters::pyc::release_of_magic;

/// A CPython interpreter cpyg can use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Interpreter {
    pub path: PathBuf,
    /// CPython 3.`minor`.
    pub minor: u8,
    /// As the interpreter reports it, e.g. "3.12.1".
    pub version: String,
    /// `importlib.util.MAGIC_NUMBER` as a number.
    pub magic: u16,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InterpreterError {
    /// Nothing of the wanted names ran.
    NotFound {
        wanted: Vec<String>,
        /// Where they were looked for, as a readable list.
        places: String,
        /// Candidates that exist but could not be used, with the reason.
        rejected: Vec<(PathBuf, String)>,
    },
    /// The interpreter named by a path does not run or does not answer as Python.
    Unusable { path: PathBuf, reason: String },
    /// It runs, but cpyg cannot read its bytecode.
    Unsupported { path: PathBuf, version: String, reason: String },
}

impl fmt::Display for InterpreterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InterpreterError::NotFound { wanted, places, rejected } => {
                write!(f, "no usable Python interpreter: looked for {} {places}", wanted.join(", "))?;
                for (path, reason) in rejected {
                    write!(f, "; {} rejected: {reason}", path.display())?;
                }
                f.write_str("; pass --python PATH to choose one")
            }
            InterpreterError::Unusable { path, reason } => {
                write!(f, "{}: cannot use as a Python interpreter: {reason}", path.display())
            }
            InterpreterError::Unsupported { path, version, reason } => {
                write!(f, "{} is Python {version}: {reason}", path.display())
            }
        }
    }
}

impl std::error::Error for InterpreterError {}

/// The folders interpreters are looked for in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchPlaces {
    /// `PATH`, in order.
    pub path_dirs: Vec<PathBuf>,
    /// pyenv's `versions` folder.
    pub pyenv_versions: Option<PathBuf>,
}

impl SearchPlaces {
    /// `PATH`, and `$PYENV_ROOT/versions` or `~/.pyenv/versions`.
    pub fn from_env() -> Self {
        let path_dirs = env::var_os("PATH").map(|p| env::split_paths(&p).collect::<Vec<_>>()).unwrap_or_default();
        let non_empty = |v: OsString| (!v.is_empty()).then(|| PathBuf::from(v));
        let pyenv_root = env::var_os("PYENV_ROOT")
            .and_then(non_empty)
            .or_else(|| env::var_os("HOME").and_then(non_empty).map(|h| h.join(".pyenv")));
        SearchPlaces::new(path_dirs, pyenv_root.map(|root| root.join("versions")))
    }

    pub fn new(path_dirs: Vec<PathBuf>, pyenv_versions: Option<PathBuf>) -> Self {
        // An empty PATH entry means the current folder; running whatever is there is not wanted.
        let path_dirs = path_dirs.into_iter().filter(|d| !d.as_os_str().is_empty()).collect();
        SearchPlaces { path_dirs, pyenv_versions }
    }

    /// Executables called `name` on `PATH`, in `PATH` order.
    fn on_path(&self, name: &str) -> Vec<PathBuf> {
        self.path_dirs.iter().map(|dir| dir.join(name)).filter(|p| is_executable(p)).collect()
    }

    /// pyenv builds of CPython 3.`minor`, newest patch first (`3.12.10` before `3.12.9`,
    /// a final release before a pre-release or variant of the same patch).
    fn in_pyenv(&self, minor: u8) -> Vec<PathBuf> {
        let Some(versions) = &self.pyenv_versions else { return Vec::new() };
        let Ok(entries) = std::fs::read_dir(versions) else { return Vec::new() };
        let prefix = format!("3.{minor}.");
        let mut builds: Vec<(Option<u32>, bool, String)> = entries
            .flatten()
            .filter_map(|e| e.file_name().into_string().ok())
            .filter_map(|name| {
                let rest = name.strip_prefix(&prefix)?;
                let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
                let is_plain = digits.len() == rest.len();
                Some((digits.parse().ok(), is_plain, name))
            })
            .collect();
        builds.sort_by(|a, b| b.cmp(a));
        let exe = format!("python3.{minor}");
        builds
            .into_iter()
            .map(|(_, _, name)| versions.join(name).join("bin").join(&exe))
            .filter(|p| is_executable(p))
            .collect()
    }

    fn candidates(&self, minor: u8) -> Vec<PathBuf> {
        let mut found = self.on_path(&format!("python3.{minor}"));
        found.extend(self.in_pyenv(minor));
        found
    }

    /// "on PATH (a:b) and under ~/.pyenv/versions/3.12.*/bin", for error messages.
    fn describe(&self, pyenv: PyenvScope) -> String {
        let dirs: Vec<String> = self.path_dirs.iter().map(|d| d.display().to_string()).collect();
        let mut text = format!("on PATH ({})", if dirs.is_empty() { "empty".to_string() } else { dirs.join(":") });
        let pattern = match pyenv {
            PyenvScope::NotSearched => return text,
            PyenvScope::AllReleases => "3.X.*".to_string(),
            PyenvScope::Release(minor) => format!("3.{minor}.*"),
        };
        if let Some(versions) = &self.pyenv_versions {
            text += &format!(" and under {}", versions.join(pattern).join("bin").display());
        }
        text
    }
}

/// Which pyenv builds a search covered.
#[derive(Clone, Copy)]
enum PyenvScope {
    NotSearched,
    AllReleases,
    Release(u8),
}

fn is_executable(path: &Path) -> bool {
    let Ok(meta) = std::fs::metadata(path) else { return false };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.is_file() && meta.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    {
        meta.is_file()
    }
}

/// The supported releases, newest first.
fn releases_newest_first() -> Vec<u8> {
    let mut minors: Vec<u8> = cpyg_adapters::supported_minors().collect();
    minors.sort_unstable_by(|a, b| b.cmp(a));
    minors
}

/// The interpreter for `--python` (a path, or a name looked up like the defaults),
/// or without it the newest supported release found.
pub fn resolve(python: Option<&str>) -> Result<Interpreter, InterpreterError> {
    resolve_in(&SearchPlaces::from_env(), python)
}

pub fn resolve_in(places: &SearchPlaces, python: Option<&str>) -> Result<Interpreter, InterpreterError> {
    match python {
        Some(given) if given.contains('/') || given.contains(std::path::MAIN_SEPARATOR) => {
            let path = PathBuf::from(given);
            let facts = probe(&path).map_err(|reason| InterpreterError::Unusable { path: path.clone(), reason })?;
            accept(path, facts)
        }
        Some(name) => resolve_name(places, name),
        None => resolve_newest(places),
    }
}

fn resolve_name(places: &SearchPlaces, name: &str) -> Result<Interpreter, InterpreterError> {
    let release = name.strip_prefix("python3.").and_then(|m| m.parse::<u8>().ok());
    let mut candidates = places.on_path(name);
    if let Some(minor) = release {
        candidates.extend(places.in_pyenv(minor));
    }
    let mut rejected = Vec::new();
    for path in candidates {
        match probe(&path) {
            // The first one that runs decides: a name is a request for that program.
            Ok(facts) => return accept(path, facts),
            Err(reason) => rejected.push((path, reason)),
        }
    }
    Err(InterpreterError::NotFound {
        wanted: vec![name.to_string()],
        places: places.describe(release.map_or(PyenvScope::NotSearched, PyenvScope::Release)),
        rejected,
    })
}

fn resolve_newest(places: &SearchPlaces) -> Result<Interpreter, InterpreterError> {
    let minors = releases_newest_first();
    let mut rejected = Vec::new();
    for &minor in &minors {
        match find_release_in(places, minor) {
            Ok(found) => return Ok(found),
            Err(InterpreterError::NotFound { rejected: r, .. }) => rejected.extend(r),
            Err(other) => return Err(other),
        }
    }
    let wanted = minors.iter().map(|m| format!("python3.{m}")).collect();
    Err(InterpreterError::NotFound { wanted, places: places.describe(PyenvScope::AllReleases), rejected })
}

/// The first working CPython 3.`minor` on `PATH` or in pyenv.
pub fn find_release(minor: u8) -> Result<Interpreter, InterpreterError> {
    find_release_in(&SearchPlaces::from_env(), minor)
}

pub fn find_release_in(places: &SearchPlaces, minor: u8) -> Result<Interpreter, InterpreterError> {
    let mut rejected = Vec::new();
    for path in places.candidates(minor) {
        let outcome = probe(&path).and_then(|facts| accept(path.clone(), facts).map_err(|e| e.to_string()));
        match outcome {
            Ok(found) if found.minor == minor => return Ok(found),
            Ok(found) => rejected.push((path, format!("it is Python {}, not 3.{minor}", found.version))),
            Err(reason) => rejected.push((path, reason)),
        }
    }
    Err(InterpreterError::NotFound {
        wanted: vec![format!("python3.{minor}")],
        places: places.describe(PyenvScope::Release(minor)),
        rejected,
    })
}

/// Every supported release looked for: the interpreters found, newest first, and
/// for each release not found, why.
#[derive(Clone, Debug)]
pub struct Survey {
    pub found: Vec<Interpreter>,
    pub missing: Vec<(u8, InterpreterError)>,
}

pub fn find_supported() -> Survey {
    find_supported_in(&SearchPlaces::from_env())
}

pub fn find_supported_in(places: &SearchPlaces) -> Survey {
    let mut survey = Survey { found: Vec::new(), missing: Vec::new() };
    for minor in releases_newest_first() {
        match find_release_in(places, minor) {
            Ok(found) => survey.found.push(found),
            Err(error) => survey.missing.push((minor, error)),
        }
    }
    survey
}

/// What an interpreter says about itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProbeFacts {
    pub implementation: String,
    pub major: u32,
    pub minor: u32,
    pub version: String,
    pub magic: u16,
}

/// Prints the facts on one line. `-I -S` keeps the environment, the user's site
/// folder and `site` itself out; importing `importlib.util` runs nothing else.
const PROBE_SCRIPT: &str = "import sys, importlib.util\n\
print(sys.implementation.name, sys.version_info[0], sys.version_info[1], sys.version.split()[0], \
int.from_bytes(importlib.util.MAGIC_NUMBER[:2], 'little'))";

/// A probe should take well under a second; a hung interpreter must not hang cpyg.
const PROBE_TIMEOUT: Duration = Duration::from_secs(30);

/// Runs the interpreter once to learn what it is.
pub fn probe(path: &Path) -> Result<ProbeFacts, String> {
    let mut child = Command::new(path)
        .args(["-I", "-S", "-c", PROBE_SCRIPT])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run it: {e}"))?;
    let status = wait_with_timeout(&mut child, PROBE_TIMEOUT)?;
    // The outputs are a line or a short error, far below a pipe's capacity, so
    // reading after the exit cannot deadlock.
    let mut stdout = String::new();
    let mut stderr = String::new();
    if let Some(mut out) = child.stdout.take() {
        let _ = out.read_to_string(&mut stdout);
    }
    if let Some(mut err) = child.stderr.take() {
        let _ = err.read_to_string(&mut stderr);
    }
    if !status.success() {
        let detail = stderr.trim().lines().last().unwrap_or("no error output").to_string();
        return Err(format!("it failed ({status}): {detail}"));
    }
    parse_probe(&stdout).ok_or_else(|| format!("unexpected answer to the version probe: {:?}", stdout.trim()))
}

fn wait_with_timeout(child: &mut std::process::Child, timeout: Duration) -> Result<std::process::ExitStatus, String> {
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Ok(status),
            Ok(None) if start.elapsed() < timeout => std::thread::sleep(Duration::from_millis(5)),
            Ok(None) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("no answer within {} s", timeout.as_secs()));
            }
            Err(e) => return Err(format!("cannot wait for it: {e}")),
        }
    }
}

fn parse_probe(stdout: &str) -> Option<ProbeFacts> {
    let line = stdout.lines().last()?;
    let fields: Vec<&str> = line.split_whitespace().collect();
    let [implementation, major, minor, version, magic] = fields.as_slice() else { return None };
    Some(ProbeFacts {
        implementation: implementation.to_string(),
        major: major.parse().ok()?,
        minor: minor.parse().ok()?,
        version: version.to_string(),
        magic: magic.parse().ok()?,
    })
}

/// Accepts a probed interpreter if cpyg reads its bytecode.
fn accept(path: PathBuf, facts: ProbeFacts) -> Result<Interpreter, InterpreterError> {
    let unsupported =
        |reason: String| InterpreterError::Unsupported { path: path.clone(), version: facts.version.clone(), reason };
    let supported: Vec<String> = cpyg_adapters::supported_minors().map(|m| format!("3.{m}")).collect();
    if facts.implementation != "cpython" {
        return Err(unsupported(format!(
            "its implementation is {}, and cpyg reads CPython bytecode only",
            facts.implementation
        )));
    }
    let minor = match u8::try_from(facts.minor) {
        Ok(minor) if facts.major == 3 && cpyg_adapters::adapter(minor).is_some() => minor,
        _ => return Err(unsupported(format!("cpyg supports CPython {}", supported.join(", ")))),
    };
    if release_of_magic(facts.magic) != Some((minor, true)) {
        return Err(unsupported(format!(
            "its bytecode magic {} is not the released 3.{minor} format (a pre-release build?)",
            facts.magic
        )));
    }
    Ok(Interpreter { path, minor, version: facts.version, magic: facts.magic })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_probe_line() {
        let facts = parse_probe("cpython 3 12 3.12.1 3531\n").unwrap();
        assert_eq!(
            facts,
            ProbeFacts { implementation: "cpython".into(), major: 3, minor: 12, version: "3.12.1".into(), magic: 3531 }
        );
        assert_eq!(parse_probe("Python 3.12.1\n"), None);
        assert_eq!(parse_probe(""), None);
    }

    #[test]
    fn accepts_only_released_supported_cpython() {
        let facts = |implementation: &str, minor: u32, magic: u16| ProbeFacts {
            implementation: implementation.into(),
            major: 3,
            minor,
            version: format!("3.{minor}.0"),
            magic,
        };
        let path = PathBuf::from("/x/python");
        assert_eq!(accept(path.clone(), facts("cpython", 12, 3531)).unwrap().minor, 12);
        assert_eq!(accept(path.clone(), facts("cpython", 8, 3413)).unwrap().minor, 8);
        assert_eq!(accept(path.clone(), facts("cpython", 15, 3666)).unwrap().minor, 15);
        let old = accept(path.clone(), facts("cpython", 7, 3394)).unwrap_err().to_string();
        assert!(old.contains("/x/python is Python 3.7.0") && old.contains("3.8"), "{old}");
        let pypy = accept(path.clone(), facts("pypy", 10, 3439)).unwrap_err().to_string();
        assert!(pypy.contains("pypy"), "{pypy}");
        let alpha = accept(path, facts("cpython", 14, 3600)).unwrap_err().to_string();
        assert!(alpha.contains("pre-release"), "{alpha}");
    }
}
