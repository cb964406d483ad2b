//! `cpyg facts`: load a package, decode it, lower it into a fact directory.
//!
//! The facts crate (`cpyg-facts`) does not know this crate: the semantic package
//! is handed over as its borrowed [`PackageInput`].

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use std::fmt;

use cpyg_facts::check::CheckReport;
use cpyg_facts::fact_check::{check_facts, FactCheckReport};
use cpyg_facts::input::{CodeInput, ModuleInput, PackageInput};
use cpyg_facts::lower::{lower_package, lower_package_checked, SkippedModule};
use cpyg_facts::schema::CodeKind as FactCodeKind;
use cpyg_facts::write::{write_dir, ManifestInfo, SymbolColumns};

use crate::load;
use crate::profile::{PhaseRecord, Profiler};
use crate::package::{CodeKind, SemanticPackage};

/// What one run did, for the command's summary line.
#[derive(Debug)]
pub struct FactsRun {
    /// The release, and the version and path of the interpreter that compiled the sources.
    pub minor: u8,
    pub interpreter: Option<(String, String)>,
    pub modules: usize,
    pub code_objects: usize,
    pub skipped: Vec<SkippedModule>,
    pub facts: usize,
    /// Finding, compiling and reading the modules (the interpreter's compile included).
    pub load: Duration,
    /// Reading marshal data and `.pyc` files, part of `load`.
    pub marshal: Duration,
    /// Marshal output to semantic records, validated.
    pub decode: Duration,
    pub lower: Duration,
    pub write: Duration,
    /// With `--check`: both consistency checks.
    pub check: Option<FactsCheck>,
    pub profile: Vec<PhaseRecord>,
}

/// The summary line of `cpyg facts` (the folder follows it).
impl fmt::Display for FactsRun {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.interpreter {
            Some((version, path)) => write!(f, "CPython {version} ({path}); ")?,
            None => write!(f, "CPython 3.{} (.pyc files); ", self.minor)?,
        }
        write!(
            f,
            "{} modules, {} code objects, {} facts ({} skipped); load {:.2}s (of which marshal {:.2}s), \
             decode {:.2}s, lower {:.2}s, write {:.2}s",
            self.modules,
            self.code_objects,
            self.facts,
            self.skipped.len(),
            self.load.as_secs_f64(),
            self.marshal.as_secs_f64(),
            self.decode.as_secs_f64(),
            self.lower.as_secs_f64(),
            self.write.as_secs_f64()
        )
    }
}

/// `cpyg facts --check`: every code object's flow and graph as they are lowered,
/// then the whole fact set as written.
#[derive(Debug)]
pub struct FactsCheck {
    /// Per code object (`cpyg_facts::check`); code objects that could not be
    /// decoded or lowered are `refused` violations.
    pub codes: CheckReport,
    /// Over the fact set (`cpyg_facts::fact_check`).
    pub facts: FactCheckReport,
    /// The fact-set check (the per-code one runs during lowering).
    pub time: Duration,
}

impl FactsCheck {
    pub fn violation_count(&self) -> u64 {
        self.codes.violation_count + self.facts.violation_count
    }

    pub fn is_clean(&self) -> bool {
        self.violation_count() == 0
    }
}

impl fmt::Display for FactsCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "check, code objects: {}", self.codes)?;
        writeln!(f, "check, fact set: {}", self.facts)?;
        write!(f, "check: {} violations ({:.2}s)", self.violation_count(), self.time.as_secs_f64())
    }
}

/// Runs `cpyg facts INPUT... -o DIR`.
pub fn run(inputs: &[PathBuf], python: Option<&str>, output: &Path, threads: usize) -> Result<FactsRun, crate::Error> {
    run_with_check(inputs, python, output, threads, false)
}

/// Runs `cpyg facts INPUT... -o DIR`, with `--check` when `check` is set.
pub fn run_with_check(
    inputs: &[PathBuf],
    python: Option<&str>,
    output: &Path,
    threads: usize,
    check: bool,
) -> Result<FactsRun, crate::Error> {
    run_with_options(inputs, python, output, threads, check, SymbolColumns::Ids)
}

/// Runs `cpyg facts INPUT... -o DIR [--check] [--symbols text]`.
pub fn run_with_options(
    inputs: &[PathBuf],
    python: Option<&str>,
    output: &Path,
    threads: usize,
    check: bool,
    symbols: SymbolColumns,
) -> Result<FactsRun, crate::Error> {
    let mut profiler = Profiler::new();
    let Decoded { root, interpreter, package, mut skipped, skipped_paths, decode_failures, times, .. } =
        decode_inputs(inputs, python, threads, &mut profiler)?;
    // Compiler output the adapters cannot decode is a violation; a source that does not compile is not.
    let mut decode_report = CheckReport::default();
    for (code_object, error) in &decode_failures {
        decode_report.failed(code_object, format!("decode: {error}"));
    }

    let started = Instant::now();
    profiler.begin("lower");
    let input = package_input(&package, &root);
    let mut lowered = if check { lower_package_checked(&input, threads)? } else { lower_package(&input, threads)? };
    let lower_time = started.elapsed();
    check_something_left(&package, &lowered, &skipped)?;

    let started = Instant::now();
    profiler.begin("write");
    let info = ManifestInfo {
        tool_version: env!("CARGO_PKG_VERSION"),
        interpreter: interpreter.as_ref().map(|i| i.version.as_str()),
        interpreter_path: interpreter.as_ref().map(|i| i.path.to_string_lossy().into_owned()),
        inputs: inputs.iter().map(|p| p.display().to_string()).collect(),
        skipped: skipped.clone(),
        skipped_paths,
        symbols,
    };
    let partial = cpyg_facts::write::partial_dir(output)?;
    crate::monitor::writing(partial.clone());
    let written = write_dir(output, &input, &lowered, &info, threads);
    crate::monitor::written(&partial);
    written?;
    let write_time = started.elapsed();

    let check = lowered.check.take().map(|codes| {
        profiler.begin("check");
        let started = Instant::now();
        let mut all = decode_report;
        all.merge(codes);
        FactsCheck { codes: all, facts: check_facts(&lowered.facts), time: started.elapsed() }
    });

    skipped.extend(lowered.skipped.iter().cloned());
    skipped.sort_by(|a, b| a.module.cmp(&b.module));
    let facts = cpyg_facts::schema::RELATION_IDS.iter().map(|&id| lowered.facts.count(id)).sum();
    Ok(FactsRun {
        minor: package.minor,
        interpreter: interpreter.map(|i| (i.version, i.path.to_string_lossy().into_owned())),
        modules: package.modules.len() - lowered.skipped.len(),
        code_objects: package.codes.len(),
        skipped,
        facts,
        load: times.load,
        marshal: times.marshal,
        decode: times.decode,
        lower: lower_time,
        write: write_time,
        check,
        profile: profiler.finish(),
    })
}

/// A loaded and decoded input, with what had to be left out.
pub struct Decoded {
    pub root: PathBuf,
    /// The interpreter that compiled the sources, if any did.
    pub interpreter: Option<load::Interpreter>,
    /// The inputs as given, and each decoded module's file with its SHA-256.
    pub provenance: crate::analysis::Provenance,
    pub package: SemanticPackage,
    /// Modules that did not compile or have a code object the adapters refuse.
    pub skipped: Vec<SkippedModule>,
    pub skipped_paths: Vec<PathBuf>,
    /// `(module:qualname, error)` of every code object the adapters refused.
    pub decode_failures: Vec<(String, String)>,
    pub times: DecodeTimes,
}

#[derive(Clone, Copy, Debug, Default)]
pub struct DecodeTimes {
    pub load: Duration,
    pub marshal: Duration,
    pub decode: Duration,
}

/// Finds, compiles and reads `inputs`, and decodes them into a semantic package;
/// the first half of both `cpyg facts` and `cpyg analyze`.
pub fn decode_inputs(
    inputs: &[PathBuf],
    python: Option<&str>,
    threads: usize,
    profiler: &mut Profiler,
) -> Result<Decoded, crate::Error> {
    let started = Instant::now();
    profiler.begin("load");
    let loaded = load::load(inputs, python).map_err(load_error)?;
    let load = started.elapsed();
    let mut skipped = Vec::new();
    let mut skipped_paths = Vec::new();
    for failure in &loaded.failures {
        skipped.push(SkippedModule {
            module: failure.name.clone(),
            file: relative_file(&loaded.root, &failure.path),
            reason: failure.reason.to_string(),
        });
        skipped_paths.push(failure.path.clone());
    }
    let started = Instant::now();
    profiler.begin("decode");
    let sources = loaded.modules.into_iter().map(Into::into).collect();
    let (package, failures) = SemanticPackage::build_partial(loaded.minor, sources, threads);
    let mut decode_failures = Vec::new();
    for failure in failures {
        decode_failures.push((format!("{}:{}", failure.module, failure.qualname), failure.error.to_string()));
        skipped.push(SkippedModule {
            module: failure.module.clone(),
            file: relative_file(&loaded.root, &failure.path),
            reason: format!("code object {}: {}", failure.qualname, failure.error),
        });
        skipped_paths.push(failure.path);
    }
    let times = DecodeTimes { load, marshal: loaded.marshal_time, decode: started.elapsed() };
    if package.modules.is_empty() {
        return Err(crate::Error::NothingAnalysable(nothing_left(&skipped)));
    }
    let provenance = crate::analysis::Provenance::of_inputs(inputs, loaded.interpreter.as_ref(), &package, &loaded.root);
    Ok(Decoded {
        root: loaded.root,
        interpreter: loaded.interpreter,
        provenance,
        package,
        skipped,
        skipped_paths,
        decode_failures,
        times,
    })
}

/// A failed load as a command error: nothing loadable is "nothing analysable" (exit 1).
pub fn load_error(error: load::LoadError) -> crate::Error {
    match error {
        load::LoadError::NothingLoaded { .. } => crate::Error::NothingAnalysable(error.to_string()),
        error => crate::Error::Input(error.to_string()),
    }
}

/// Fails when lowering left out every module that decoding kept (`skipped`: what
/// loading and decoding left out), naming every module left out.
pub fn check_something_left(
    package: &SemanticPackage,
    lowered: &cpyg_facts::lower::Lowered,
    skipped: &[SkippedModule],
) -> Result<(), crate::Error> {
    if lowered.skipped.len() < package.modules.len() {
        return Ok(());
    }
    let mut all = skipped.to_vec();
    all.extend(lowered.skipped.iter().cloned());
    all.sort_by(|a, b| a.module.cmp(&b.module));
    Err(crate::Error::NothingAnalysable(nothing_left(&all)))
}

/// The error when every module was left out: a run that analysed nothing fails.
pub fn nothing_left(skipped: &[SkippedModule]) -> String {
    let mut message = format!("no module could be analysed ({} skipped)", skipped.len());
    for s in skipped {
        message += &format!("; {} ({}): {}", s.module, s.file, s.reason);
    }
    message
}

/// The semantic package as the facts crate reads it.
pub fn package_input<'a>(package: &'a SemanticPackage, root: &Path) -> PackageInput<'a> {
    PackageInput {
        minor: package.minor,
        modules: package
            .modules
            .iter()
            .map(|m| ModuleInput {
                id: m.id,
                name: &m.name,
                file: relative_file(root, &m.path),
                path: &m.path,
                is_package: m.is_package,
                root: m.root,
            })
            .collect(),
        codes: package
            .codes
            .iter()
            .map(|c| CodeInput {
                id: c.id,
                parent: c.parent,
                module: c.module,
                qualname: &c.qualname,
                kind: fact_kind(c.kind),
                compiled_from: c.compiled_from,
                code: &c.code,
                decoded: &c.decoded,
                depths: &c.depths,
            })
            .collect(),
    }
}

fn fact_kind(kind: CodeKind) -> FactCodeKind {
    match kind {
        CodeKind::Module => FactCodeKind::Module,
        CodeKind::ClassBody => FactCodeKind::ClassBody,
        CodeKind::Function => FactCodeKind::Function,
        CodeKind::Lambda => FactCodeKind::Lambda,
        CodeKind::Comprehension => FactCodeKind::Comprehension,
        CodeKind::Generator => FactCodeKind::Generator,
        CodeKind::Coroutine => FactCodeKind::Coroutine,
        CodeKind::AsyncGenerator => FactCodeKind::AsyncGenerator,
        CodeKind::CompiledString => FactCodeKind::CompiledString,
    }
}

/// `path` relative to `root`, `/`-separated, so the facts do not depend on where the input lives.
pub fn relative_file(root: &Path, path: &Path) -> String {
    let relative = path.strip_prefix(root).unwrap_or(path);
    relative.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/")
}
