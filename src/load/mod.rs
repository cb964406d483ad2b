//! Loading a package: find its modules, turn each into a code object, and hand
//! them over in one canonical order.
//!
//! Source files are compiled by a real CPython (see [`interpreter`] and
//! [`compile`]); `.pyc` files are read directly. Either way every module of one
//! load comes from a single CPython release, so that one adapter decodes all of
//! them. A module that does not compile is reported in
//! [`LoadedPackage::failures`] and left out; everything else that goes wrong is a
//! [`LoadError`].

pub mod compile;
pub mod discover;
pub mod interpreter;

use std::fmt;
use std::path::{Path, PathBuf};

use cpyg_adapters::code::CodeObject;
use cpyg_adapters::pyc::{self, PycError};

pub use compile::{CompileError, CompileOutcome, Compiled, CompiledString};
pub use discover::{discover, DiscoverError, Discovered, DiscoveredModule, FileKind};
pub use interpreter::{Interpreter, InterpreterError};

/// Every module of the input, as code objects of one CPython release.
#[derive(Clone, Debug)]
pub struct LoadedPackage {
    /// The release: CPython 3.`minor`.
    pub minor: u8,
    /// The interpreter that compiled the sources, if any were compiled.
    pub interpreter: Option<Interpreter>,
    /// The folder module names are relative to.
    pub root: PathBuf,
    /// Sorted by dotted name; a package comes before its children. Namespace
    /// packages have no code of their own and appear only as name prefixes.
    pub modules: Vec<LoadedModule>,
    /// Modules left out because they could not be compiled or read.
    pub failures: Vec<ModuleFailure>,
    /// Time spent reading marshal data and `.pyc` files, out of the whole load
    /// (the rest is discovery and the interpreter compiling).
    pub marshal_time: std::time::Duration,
}

#[derive(Clone, Debug)]
pub struct LoadedModule {
    /// Dotted name relative to the root (`pkg.sub.mod`).
    pub name: String,
    /// The `.py` or `.pyc` file the code came from.
    pub path: PathBuf,
    /// The module is a package's `__init__`.
    pub is_package: bool,
    pub code: CodeObject,
    /// Constant strings the module passes to `eval`/`exec`, compiled (sources only: a
    /// `.pyc` keeps no source to find them in).
    pub strings: Vec<CompiledString>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModuleFailure {
    pub name: String,
    pub path: PathBuf,
    pub reason: FailureReason,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FailureReason {
    /// The compiler rejected the source.
    SyntaxError { message: String, line: Option<u32> },
    /// Compiling failed another way (unreadable file, null bytes, recursion limit...).
    CompileError { message: String },
    /// The code object (from a `.pyc` or from the compiler) could not be read.
    BadCode { message: String },
    /// A file that looks like Python but cannot be a module (its name, its kind of file).
    NotAModule { message: String },
}

impl fmt::Display for FailureReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FailureReason::SyntaxError { message, line: Some(line) } => {
                write!(f, "syntax error, line {line}: {message}")
            }
            FailureReason::SyntaxError { message, line: None } => write!(f, "syntax error: {message}"),
            FailureReason::CompileError { message } => write!(f, "cannot compile: {message}"),
            FailureReason::BadCode { message } => write!(f, "unreadable code object: {message}"),
            FailureReason::NotAModule { message } => write!(f, "not read: {message}"),
        }
    }
}

impl fmt::Display for ModuleFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}): {}", self.name, self.path.display(), self.reason)
    }
}

#[derive(Debug)]
pub enum LoadError {
    Discover(DiscoverError),
    Interpreter(InterpreterError),
    Compile(CompileError),
    /// A `.pyc` whose header rules out the whole input (not CPython 3.8–3.15 release bytecode).
    Pyc {
        path: PathBuf,
        error: PycError,
    },
    /// Two inputs from different releases.
    MixedReleases {
        first: PathBuf,
        first_minor: u8,
        second: PathBuf,
        second_minor: u8,
    },
    /// `.pyc` inputs of one release, sources to compile, and no interpreter of that release.
    NoMatchingInterpreter {
        pyc: PathBuf,
        minor: u8,
        error: InterpreterError,
    },
    /// No input was a readable `.pyc`, so no release is known (and no source needed compiling).
    NoRelease {
        failures: Vec<ModuleFailure>,
    },
    /// Every module failed: there is nothing to analyse.
    NothingLoaded {
        failures: Vec<ModuleFailure>,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Discover(e) => e.fmt(f),
            LoadError::Interpreter(e) => e.fmt(f),
            LoadError::Compile(e) => e.fmt(f),
            LoadError::Pyc { path, error } => write!(f, "{}: {error}", path.display()),
            LoadError::MixedReleases { first, first_minor, second, second_minor } => write!(
                f,
                "inputs mix CPython releases: {} is 3.{first_minor} but {} is 3.{second_minor}; load one release at a time",
                first.display(),
                second.display()
            ),
            LoadError::NoMatchingInterpreter { pyc, minor, error } => write!(
                f,
                "{} is CPython 3.{minor} bytecode, so the sources must be compiled by python3.{minor}: {error}",
                pyc.display()
            ),
            LoadError::NoRelease { failures } => {
                f.write_str("no input could be read as CPython bytecode")?;
                for failure in failures {
                    write!(f, "; {failure}")?;
                }
                Ok(())
            }
            LoadError::NothingLoaded { failures } => {
                write!(f, "no module could be loaded ({} skipped)", failures.len())?;
                for failure in failures {
                    write!(f, "; {failure}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for LoadError {}

impl From<DiscoverError> for LoadError {
    fn from(e: DiscoverError) -> Self {
        LoadError::Discover(e)
    }
}

impl From<InterpreterError> for LoadError {
    fn from(e: InterpreterError) -> Self {
        LoadError::Interpreter(e)
    }
}

impl From<CompileError> for LoadError {
    fn from(e: CompileError) -> Self {
        LoadError::Compile(e)
    }
}

/// Loads the modules under `inputs` (package folders, `.py` files, `.pyc` files, or
/// folders of `.pyc` files). `python` chooses the interpreter that compiles sources
/// (a path or a name such as `python3.12`); without it the release of the `.pyc`
/// inputs, or else the newest supported interpreter found, is used. With no
/// source among the inputs no interpreter is looked for, and `python` is unused.
pub fn load(inputs: &[PathBuf], python: Option<&str>) -> Result<LoadedPackage, LoadError> {
    let discovered = discover(inputs)?;
    let (sources, pycs): (Vec<&DiscoveredModule>, Vec<&DiscoveredModule>) =
        discovered.modules.iter().partition(|m| m.kind == FileKind::Source);

    let mut loaded: Vec<LoadedModule> = Vec::with_capacity(discovered.modules.len());
    let mut failures: Vec<ModuleFailure> = discovered
        .passed_over
        .iter()
        .map(|p| ModuleFailure {
            name: p.path.strip_prefix(&discovered.root).unwrap_or(&p.path).display().to_string(),
            path: p.path.clone(),
            reason: FailureReason::NotAModule { message: p.reason.clone() },
        })
        .collect();
    let mut release: Option<(u8, PathBuf)> = None;
    let mut marshal_time = std::time::Duration::ZERO;

    for module in &pycs {
        let started = std::time::Instant::now();
        let (minor, code) = read_pyc(module)?;
        marshal_time += started.elapsed();
        if let Some(minor) = minor {
            check_release(&mut release, minor, &module.path)?;
        }
        match code {
            Ok(code) => loaded.push(LoadedModule {
                name: module.name.clone(),
                path: module.path.clone(),
                is_package: module.is_package,
                code,
                strings: Vec::new(),
            }),
            Err(reason) => {
                failures.push(ModuleFailure { name: module.name.clone(), path: module.path.clone(), reason })
            }
        }
    }

    let mut compiled_by = None;
    if !sources.is_empty() {
        let interp = choose_interpreter(python, release.as_ref())?;
        check_release(&mut release, interp.minor, &interp.path)?;
        let jobs: Vec<(String, PathBuf)> = sources.iter().map(|m| (m.name.clone(), m.path.clone())).collect();
        // One outcome per job, in the order of the jobs.
        for (module, outcome) in sources.iter().zip(compile::compile_modules(&interp, &jobs)?) {
            marshal_time += outcome.marshal_time;
            match outcome.result {
                Ok(Compiled { code, strings }) => loaded.push(LoadedModule {
                    name: outcome.name,
                    path: outcome.path,
                    is_package: module.is_package,
                    code,
                    strings,
                }),
                Err(reason) => failures.push(ModuleFailure { name: outcome.name, path: outcome.path, reason }),
            }
        }
        compiled_by = Some(interp);
    }

    let minor = match release {
        Some((minor, _)) => minor,
        // Every input was a file without a .pyc header: there is no release to report.
        None => return Err(LoadError::NoRelease { failures }),
    };
    if loaded.is_empty() {
        failures.sort_by(|a, b| discover::compare_names(&a.name, &b.name));
        return Err(LoadError::NothingLoaded { failures });
    }
    loaded.sort_by(|a, b| discover::compare_names(&a.name, &b.name));
    failures.sort_by(|a, b| discover::compare_names(&a.name, &b.name));
    Ok(LoadedPackage {
        minor,
        interpreter: compiled_by,
        root: discovered.root,
        modules: loaded,
        failures,
        marshal_time,
    })
}

/// Reads one `.pyc`: its release when the header names one, and its code. Header
/// problems that concern the release are fatal for the whole load; a damaged file
/// only loses its own module.
fn read_pyc(module: &DiscoveredModule) -> Result<(Option<u8>, Result<CodeObject, FailureReason>), LoadError> {
    let bad = |message: String| FailureReason::BadCode { message };
    let data = match read_capped(&module.path) {
        Ok(data) => data,
        Err(e) => return Ok((None, Err(bad(format!("cannot read the file: {e}"))))),
    };
    let minor = match pyc::read_header(&data) {
        Ok((_, minor, _)) => minor,
        Err(error @ (PycError::UnsupportedRelease { .. } | PycError::PreRelease { .. })) => {
            return Err(LoadError::Pyc { path: module.path.clone(), error })
        }
        Err(error) => return Ok((None, Err(bad(error.to_string())))),
    };
    match pyc::read(&data) {
        Ok(p) => Ok((Some(minor), Ok(p.code))),
        Err(error) => Ok((Some(minor), Err(bad(error.to_string())))),
    }
}

/// Reads a whole file, but no more than a module file may hold (a file can
/// grow, or be a device, after discovery looked at it).
fn read_capped(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let limit = cpyg_adapters::limits::MAX_INPUT_FILE_BYTES;
    let mut data = Vec::new();
    std::fs::File::open(path)?.take(limit + 1).read_to_end(&mut data)?;
    if data.len() as u64 > limit {
        return Err(std::io::Error::other(format!("larger than the {limit} bytes a module file may have")));
    }
    Ok(data)
}

/// Records the release of the first input and rejects any other.
fn check_release(release: &mut Option<(u8, PathBuf)>, minor: u8, path: &Path) -> Result<(), LoadError> {
    match release {
        None => {
            *release = Some((minor, path.to_path_buf()));
            Ok(())
        }
        Some((first_minor, first)) if *first_minor != minor => Err(LoadError::MixedReleases {
            first: first.clone(),
            first_minor: *first_minor,
            second: path.to_path_buf(),
            second_minor: minor,
        }),
        Some(_) => Ok(()),
    }
}

/// The interpreter asked for, or one matching the `.pyc` inputs, or the newest found.
fn choose_interpreter(python: Option<&str>, pyc_release: Option<&(u8, PathBuf)>) -> Result<Interpreter, LoadError> {
    match (python, pyc_release) {
        (Some(python), _) => Ok(interpreter::resolve(Some(python))?),
        (None, Some((minor, pyc))) => interpreter::find_release(*minor)
            .map_err(|error| LoadError::NoMatchingInterpreter { pyc: pyc.clone(), minor: *minor, error }),
        (None, None) => Ok(interpreter::resolve(None)?),
    }
}

impl From<LoadedModule> for crate::package::ModuleSource {
    fn from(m: LoadedModule) -> Self {
        crate::package::ModuleSource {
            name: m.name,
            path: m.path,
            is_package: m.is_package,
            code: m.code,
            strings: m.strings,
        }
    }
}
