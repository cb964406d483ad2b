//! Finding the modules of an input and their dotted names, without running Python.
//!
//! An input is a folder, a `.py` file or a `.pyc` file. Names follow the import
//! system, relative to a root folder:
//! - a folder is the root, unless it is itself a regular package (then its parent
//!   is, so `pkg/` yields `pkg`, `pkg.mod`, ...) or it keeps its packages in `src/`
//!   (then `src/` is);
//! - a single file is named by the packages around it (`pkg/sub/mod.py` with
//!   `__init__.py` in `pkg/` and `sub/` is `pkg.sub.mod`).
//!
//! A folder tree holding any `.py` file is a source tree: only `.py` files count
//! and `__pycache__` is ignored. Otherwise it is sourceless: a module is
//! `NAME.pyc` where its source would be (`compileall -b`), or failing that
//! `__pycache__/NAME.cpython-3XX.pyc`.
//!
//! Within a folder the import system's precedence applies: a regular package
//! shadows a module of the same name, which shadows a namespace package. Hidden
//! folders, virtual environments and folders whose names are not identifiers
//! (`site-packages`, `my-tool`) cannot be imported and are skipped.

use std::cmp::Ordering;
use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

/// How a module's code is obtained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A `.py` file, to be compiled.
    Source,
    /// A `.pyc` file, read directly.
    Pyc,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiscoveredModule {
    pub name: String,
    pub path: PathBuf,
    pub is_package: bool,
    pub kind: FileKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Discovered {
    /// The folder names are relative to (the common ancestor when inputs have different roots).
    pub root: PathBuf,
    /// Sorted by dotted name, packages before their children.
    pub modules: Vec<DiscoveredModule>,
    /// Files and folders inside the inputs that look like Python but cannot be
    /// read as modules, with the reason, in path order.
    pub passed_over: Vec<PassedOver>,
}

/// A file or folder discovery leaves out, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassedOver {
    pub path: PathBuf,
    pub reason: String,
}

impl fmt::Display for PassedOver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.reason)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiscoverError {
    NoInputs,
    /// An input or a folder inside it could not be read.
    Io {
        path: PathBuf,
        message: String,
    },
    /// A file input that is neither `.py` nor `.pyc`.
    NotPython {
        path: PathBuf,
    },
    /// A file input whose name cannot be a module name.
    BadModuleName {
        path: PathBuf,
        reason: String,
    },
    NoModules {
        path: PathBuf,
    },
    /// Two files claim the same dotted name.
    DuplicateModule {
        name: String,
        first: PathBuf,
        second: PathBuf,
    },
}

impl fmt::Display for DiscoverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiscoverError::NoInputs => f.write_str("no input given: pass a package folder, .py files or .pyc files"),
            DiscoverError::Io { path, message } => write!(f, "{}: {message}", path.display()),
            DiscoverError::NotPython { path } => {
                write!(f, "{}: not a Python input (expected a folder, a .py file or a .pyc file)", path.display())
            }
            DiscoverError::BadModuleName { path, reason } => write!(f, "{}: {reason}", path.display()),
            DiscoverError::NoModules { path } => write!(f, "{}: no importable Python modules found", path.display()),
            DiscoverError::DuplicateModule { name, first, second } => {
                write!(f, "module {name} is given twice: {} and {}", first.display(), second.display())
            }
        }
    }
}

impl std::error::Error for DiscoverError {}

/// Finds the modules of all inputs; see the module documentation for the rules.
pub fn discover(inputs: &[PathBuf]) -> Result<Discovered, DiscoverError> {
    if inputs.is_empty() {
        return Err(DiscoverError::NoInputs);
    }
    let mut roots = Vec::new();
    let mut modules: Vec<DiscoveredModule> = Vec::new();
    let mut passed_over = Vec::new();
    for input in inputs {
        let found = discover_one(input)?;
        roots.push(found.root);
        modules.extend(found.modules);
        passed_over.extend(found.passed_over);
    }
    passed_over.sort_by(|a, b| a.path.cmp(&b.path));
    passed_over.dedup();
    modules.sort_by(|a, b| compare_names(&a.name, &b.name).then_with(|| a.path.cmp(&b.path)));
    modules.dedup_by(|later, earlier| later.name == earlier.name && later.path == earlier.path);
    if let Some(pair) = modules.windows(2).find(|pair| pair[0].name == pair[1].name) {
        return Err(DiscoverError::DuplicateModule {
            name: pair[0].name.clone(),
            first: pair[0].path.clone(),
            second: pair[1].path.clone(),
        });
    }
    Ok(Discovered { root: common_ancestor(&roots), modules, passed_over })
}

/// Orders dotted names component by component, so a package precedes its children
/// and `pkg.z` precedes `pkg_a`.
pub fn compare_names(a: &str, b: &str) -> Ordering {
    a.split('.').cmp(b.split('.'))
}

/// Whether `name` is a Python identifier, the condition for a file or folder to be
/// importable. Unicode letters count, as in Python (approximating XID_Start/XID_Continue).
pub fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    match chars.next() {
        Some(c) if c == '_' || c.is_alphabetic() => chars.all(|c| c == '_' || c.is_alphanumeric()),
        _ => false,
    }
}

fn discover_one(input: &Path) -> Result<Discovered, DiscoverError> {
    let input = std::path::absolute(input).map_err(|e| io_error(input, e))?;
    let meta = fs::metadata(&input).map_err(|e| io_error(&input, e))?;
    if meta.is_dir() {
        discover_folder(&input)
    } else {
        discover_file(&input)
    }
}

fn io_error(path: &Path, error: std::io::Error) -> DiscoverError {
    DiscoverError::Io { path: path.to_path_buf(), message: error.to_string() }
}

// ---------------------------------------------------------------------------
// Single files

fn discover_file(path: &Path) -> Result<Discovered, DiscoverError> {
    let file_name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
    let (stem, kind, folder) = if let Some(stem) = file_name.strip_suffix(".py") {
        (stem, FileKind::Source, parent_of(path))
    } else if let Some(cached) = parse_cached_name(file_name).filter(|_| in_pycache(path)) {
        // __pycache__/NAME.cpython-3XX.pyc belongs to the folder above __pycache__.
        (cached.module, FileKind::Pyc, parent_of(&parent_of(path)))
    } else if let Some(stem) = file_name.strip_suffix(".pyc") {
        (stem, FileKind::Pyc, parent_of(path))
    } else {
        return Err(DiscoverError::NotPython { path: path.to_path_buf() });
    };
    if let Some(reason) = unreadable_file(path) {
        return Err(DiscoverError::Io { path: path.to_path_buf(), message: reason });
    }
    // An explicit script need not be importable, but its name must not look dotted.
    if stem.is_empty() || stem.contains('.') {
        return Err(DiscoverError::BadModuleName {
            path: path.to_path_buf(),
            reason: format!("{stem:?} cannot be a module name"),
        });
    }
    let (root, mut parts) = enclosing_packages(&folder);
    let is_package = stem == "__init__";
    if is_package {
        if parts.is_empty() {
            return Err(DiscoverError::BadModuleName {
                path: path.to_path_buf(),
                reason: "the folder of this __init__ file is not an importable package name".into(),
            });
        }
    } else {
        parts.push(stem.to_string());
    }
    let module = DiscoveredModule { name: parts.join("."), path: path.to_path_buf(), is_package, kind };
    Ok(Discovered { root, modules: vec![module], passed_over: Vec::new() })
}

/// Why a module file cannot be read whole, if it cannot: only regular files are
/// (a FIFO would block, a device never end), up to a size.
fn unreadable_file(path: &Path) -> Option<String> {
    match fs::metadata(path) {
        Err(e) => Some(e.to_string()),
        Ok(meta) if !meta.is_file() => Some("not a regular file (a FIFO, socket or device); not read".into()),
        Ok(meta) if meta.len() > cpyg_adapters::limits::MAX_INPUT_FILE_BYTES => Some(format!(
            "{} bytes, more than the {} a module file may have",
            meta.len(),
            cpyg_adapters::limits::MAX_INPUT_FILE_BYTES
        )),
        Ok(_) => None,
    }
}

fn parent_of(path: &Path) -> PathBuf {
    path.parent().map(Path::to_path_buf).unwrap_or_default()
}

fn in_pycache(path: &Path) -> bool {
    path.parent().and_then(Path::file_name).is_some_and(|n| n == "__pycache__")
}

/// The dotted-name parts of the packages that contain `folder` (outermost first,
/// `folder` included when it is one), and the first folder up that is not a package.
fn enclosing_packages(folder: &Path) -> (PathBuf, Vec<String>) {
    let mut parts = Vec::new();
    let mut current = folder.to_path_buf();
    while has_init_file(&current) {
        let Some(name) = current.file_name().and_then(|n| n.to_str()).filter(|n| is_identifier(n)) else { break };
        parts.push(name.to_string());
        current = parent_of(&current);
    }
    parts.reverse();
    (current, parts)
}

/// Whether a folder on disk is a regular package in any form (source, legacy or cached).
fn has_init_file(folder: &Path) -> bool {
    if folder.join("__init__.py").is_file() || folder.join("__init__.pyc").is_file() {
        return true;
    }
    let Ok(entries) = fs::read_dir(folder.join("__pycache__")) else { return false };
    entries
        .flatten()
        .any(|e| e.file_name().to_str().and_then(parse_cached_name).is_some_and(|c| c.module == "__init__"))
}

// ---------------------------------------------------------------------------
// Folders

/// What one folder holds, as far as imports are concerned.
#[derive(Debug, Default)]
struct Folder {
    path: PathBuf,
    /// Module name → `NAME.py`.
    sources: BTreeMap<String, PathBuf>,
    /// Module name → `NAME.pyc` beside where the source would be.
    legacy: BTreeMap<String, PathBuf>,
    /// Module name → the preferred `__pycache__/NAME.TAG.pyc`.
    cached: BTreeMap<String, CachedPyc>,
    /// Importable sub-folder name → its contents.
    folders: BTreeMap<String, Folder>,
    /// What was left out here and below.
    passed_over: Vec<PassedOver>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Source,
    Sourceless,
}

impl Folder {
    /// What was left out, of the kind of files `mode` reads (a source tree does
    /// not report its stray `.pyc` files).
    fn passed_over_in(&self, mode: Mode, out: &mut Vec<PassedOver>) {
        let wanted = |p: &PassedOver| match mode {
            Mode::Source => !p.path.extension().is_some_and(|e| e == "pyc"),
            Mode::Sourceless => !p.path.extension().is_some_and(|e| e == "py"),
        };
        out.extend(self.passed_over.iter().filter(|p| wanted(p)).cloned());
        for folder in self.folders.values() {
            folder.passed_over_in(mode, out);
        }
    }

    fn has_sources(&self) -> bool {
        !self.sources.is_empty() || self.folders.values().any(Folder::has_sources)
    }

    fn is_regular_package(&self, mode: Mode) -> bool {
        self.module_file("__init__", mode).is_some()
    }

    /// The file that provides module `name` of this folder in `mode`.
    fn module_file(&self, name: &str, mode: Mode) -> Option<(&Path, FileKind)> {
        match mode {
            Mode::Source => self.sources.get(name).map(|p| (p.as_path(), FileKind::Source)),
            Mode::Sourceless => self
                .legacy
                .get(name)
                .or_else(|| self.cached.get(name).map(|c| &c.path))
                .map(|p| (p.as_path(), FileKind::Pyc)),
        }
    }

    fn module_names(&self) -> impl Iterator<Item = &String> {
        let mut names: Vec<&String> = self.sources.keys().chain(self.legacy.keys()).chain(self.cached.keys()).collect();
        names.sort();
        names.dedup();
        names.into_iter()
    }

    fn contains_regular_package(&self, mode: Mode) -> bool {
        self.folders.values().any(|f| f.is_regular_package(mode) || f.contains_regular_package(mode))
    }

    /// Appends the modules of this folder and below, named under `prefix`. The
    /// folder's own `__init__` is the package `prefix` (none at the root).
    fn collect(&self, prefix: &[String], mode: Mode, out: &mut Vec<DiscoveredModule>) {
        let dotted = |name: &str| prefix.iter().map(String::as_str).chain([name]).collect::<Vec<_>>().join(".");
        if !prefix.is_empty() {
            if let Some((path, kind)) = self.module_file("__init__", mode) {
                out.push(DiscoveredModule { name: prefix.join("."), path: path.to_path_buf(), is_package: true, kind });
            }
        }
        let mut plain_modules = HashSet::new();
        for name in self.module_names().filter(|n| n.as_str() != "__init__") {
            let shadowed_by_package = self.folders.get(name).is_some_and(|f| f.is_regular_package(mode));
            if let (false, Some((path, kind))) = (shadowed_by_package, self.module_file(name, mode)) {
                out.push(DiscoveredModule { name: dotted(name), path: path.to_path_buf(), is_package: false, kind });
                plain_modules.insert(name.as_str());
            }
        }
        for (name, folder) in &self.folders {
            // A module of the same name wins over a namespace portion.
            if folder.is_regular_package(mode) || !plain_modules.contains(name.as_str()) {
                let mut inner = prefix.to_vec();
                inner.push(name.clone());
                folder.collect(&inner, mode, out);
            }
        }
    }
}

fn discover_folder(path: &Path) -> Result<Discovered, DiscoverError> {
    let mut visited = HashSet::new();
    let tree = scan_folder(path, &mut visited)?;
    let mode = if tree.has_sources() { Mode::Source } else { Mode::Sourceless };

    let (root, prefix, chosen) = if tree.is_regular_package(mode) && folder_name(path).is_some_and(is_identifier) {
        let (root, parts) = enclosing_packages(path);
        (root, parts, &tree)
    } else if let Some(src) = tree.folders.get("src").filter(|src| is_src_layout(src, mode)) {
        (src.path.clone(), Vec::new(), src)
    } else {
        (path.to_path_buf(), Vec::new(), &tree)
    };
    let mut modules = Vec::new();
    chosen.collect(&prefix, mode, &mut modules);
    if modules.is_empty() {
        return Err(DiscoverError::NoModules { path: path.to_path_buf() });
    }
    modules.sort_by(|a, b| compare_names(&a.name, &b.name));
    let mut passed_over = Vec::new();
    tree.passed_over_in(mode, &mut passed_over);
    Ok(Discovered { root, modules, passed_over })
}

fn folder_name(path: &Path) -> Option<&str> {
    path.file_name().and_then(|n| n.to_str())
}

/// `src/` holds the packages when it is not a package itself and holds a regular
/// package somewhere; a `src` folder of loose modules is an ordinary namespace
/// package (`import src.utils`).
fn is_src_layout(src: &Folder, mode: Mode) -> bool {
    !src.is_regular_package(mode) && src.contains_regular_package(mode)
}

/// Reads a folder tree, keeping only what can be imported. Folders reached twice
/// (through symbolic links) are read once. Python files that cannot be modules
/// (names that are not identifiers, files that are not regular) and sub-folders
/// that cannot be read are recorded in [`Folder::passed_over`]; only the input
/// folder itself failing to read is an error.
fn scan_folder(path: &Path, visited: &mut HashSet<PathBuf>) -> Result<Folder, DiscoverError> {
    let canonical = fs::canonicalize(path).map_err(|e| io_error(path, e))?;
    visited.insert(canonical);
    let mut folder = Folder { path: path.to_path_buf(), ..Folder::default() };
    let mut entries: Vec<_> =
        fs::read_dir(path).map_err(|e| io_error(path, e))?.collect::<Result<_, _>>().map_err(|e| io_error(path, e))?;
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let entry_path = entry.path();
        let file_name = entry.file_name();
        let name = file_name.to_string_lossy();
        let looks_python = name.ends_with(".py") || name.ends_with(".pyc");
        let mut pass_over = |reason: String| folder.passed_over.push(PassedOver { path: entry_path.clone(), reason });
        // Follow symbolic links; a dangling one is skipped.
        let Ok(meta) = fs::metadata(&entry_path) else {
            if looks_python {
                pass_over("a dangling symbolic link".into());
            }
            continue;
        };
        let Some(name) = file_name.to_str() else {
            if looks_python || meta.is_dir() {
                pass_over("the name is not UTF-8, so it is no module name".into());
            }
            continue;
        };
        if meta.is_dir() {
            if name == "__pycache__" {
                scan_pycache(&entry_path, &mut folder.cached);
            } else if is_importable_folder(name, &entry_path) && !was_visited(&entry_path, visited) {
                match scan_folder(&entry_path, visited) {
                    Ok(inner) => {
                        folder.folders.insert(name.to_string(), inner);
                    }
                    Err(e) => pass_over(format!("cannot read the folder ({e})")),
                }
            }
            continue;
        }
        let (stem, legacy) = match (name.strip_suffix(".py"), name.strip_suffix(".pyc")) {
            (Some(stem), _) => (stem, false),
            (_, Some(stem)) => (stem, true),
            _ => continue,
        };
        if !is_identifier(stem) {
            pass_over(format!("{stem:?} is not an identifier, so it cannot be imported"));
        } else if let Some(reason) = unreadable_file(&entry_path) {
            pass_over(reason);
        } else if legacy {
            folder.legacy.insert(stem.to_string(), entry_path);
        } else {
            folder.sources.insert(stem.to_string(), entry_path);
        }
    }
    Ok(folder)
}

fn is_importable_folder(name: &str, path: &Path) -> bool {
    // `.venv` is hidden and `site-packages` is not an identifier, but a virtual
    // environment may be called `venv` or `env`.
    is_identifier(name) && !path.join("pyvenv.cfg").exists()
}

fn was_visited(path: &Path, visited: &HashSet<PathBuf>) -> bool {
    fs::canonicalize(path).map_or(true, |c| visited.contains(&c))
}

/// A `__pycache__` entry: `NAME.TAG[.opt-N].pyc`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct CachedPyc {
    path: PathBuf,
    /// The CPython minor version of `cpython-3XX`.
    minor: u8,
    /// 0 for plain, N for `.opt-N`.
    opt: u8,
}

impl CachedPyc {
    /// Preference among a module's cached files: a release cpyg reads, then the
    /// newest release, then unoptimised.
    fn rank(&self) -> (bool, u8, std::cmp::Reverse<u8>) {
        (cpyg_adapters::adapter(self.minor).is_some(), self.minor, std::cmp::Reverse(self.opt))
    }
}

struct CachedName<'a> {
    module: &'a str,
    minor: u8,
    opt: u8,
}

fn parse_cached_name(file_name: &str) -> Option<CachedName<'_>> {
    let mut parts = file_name.strip_suffix(".pyc")?.split('.');
    let module = parts.next().filter(|m| is_identifier(m))?;
    let minor = parts.next()?.strip_prefix("cpython-3")?.parse().ok()?;
    let opt = match parts.next() {
        None => 0,
        Some(level) => level.strip_prefix("opt-")?.parse().ok()?,
    };
    parts.next().is_none().then_some(CachedName { module, minor, opt })
}

fn scan_pycache(path: &Path, cached: &mut BTreeMap<String, CachedPyc>) {
    // An unreadable cache folder only loses fallbacks; the scan goes on.
    let Ok(entries) = fs::read_dir(path) else { return };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(parsed) = file_name.to_str().and_then(parse_cached_name) else { continue };
        if !entry.path().is_file() {
            continue;
        }
        let candidate = CachedPyc { path: entry.path(), minor: parsed.minor, opt: parsed.opt };
        let kept_is_better = matches!(cached.get(parsed.module), Some(current) if current.rank() >= candidate.rank());
        if !kept_is_better {
            cached.insert(parsed.module.to_string(), candidate);
        }
    }
}

fn common_ancestor(paths: &[PathBuf]) -> PathBuf {
    let Some(first) = paths.first() else { return PathBuf::new() };
    let mut common: PathBuf = first.clone();
    for path in &paths[1..] {
        while !path.starts_with(&common) {
            if !common.pop() {
                return PathBuf::new();
            }
        }
    }
    common
}
