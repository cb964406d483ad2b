use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

use std::time::Duration;

use cpyg::load;
use cpyg::monitor;
use cpyg::package::SemanticPackage;
use cpyg::results::sqlite::Destination;
use cpyg_facts::read::Verify;

#[derive(Parser)]
#[command(name = "cpyg", version, about = "Static analysis of native CPython bytecode (3.8-3.15)")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the decoded instructions of a package, modules, or .pyc files.
    Disasm {
        /// A package folder, .py files, .pyc files, or a folder of .pyc files.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Interpreter that compiles sources: a path or a name such as python3.12
        /// (default: the newest python3.8-3.15 on PATH or under pyenv).
        #[arg(long)]
        python: Option<String>,
        /// JSON Lines, one object per code object (schema: docs/disasm-json.md).
        #[arg(long)]
        json: bool,
        /// Decoding threads (default: available cores).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Lower a package into relational facts for Datalog rules (schema: facts/README.md).
    Facts {
        /// A package folder, .py files, .pyc files, or a folder of .pyc files.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// The fact directory to write (created if needed).
        #[arg(short, long)]
        output: PathBuf,
        /// Interpreter that compiles sources: a path or a name such as python3.12.
        #[arg(long)]
        python: Option<String>,
        /// Decoding and lowering threads (default: available cores).
        #[arg(long)]
        threads: Option<usize>,
        /// Also check every code object's stack flow and blocks, and the ids, flow and
        /// edges of the fact set written; print the counts and exit with 1 on any violation.
        #[arg(long)]
        check: bool,
        #[command(flatten)]
        run: RunOptions,
    },
    /// Load, lower and solve a package, and write the results into a SQLite database.
    Analyze {
        #[command(flatten)]
        input: AnalysisInput,
        /// The database to write (a SQLite file it replaces only when complete).
        #[arg(long)]
        db: PathBuf,
        /// Replace the `--db` file even if it is not a SQLite database.
        #[arg(long)]
        force: bool,
        /// Which code objects get a CFG and CDG (`cfg_*`, `cdg_edge` tables).
        #[arg(long, value_enum, default_value_t = Scope::Reachable)]
        control: Scope,
        #[command(flatten)]
        run: RunOptions,
    },
    /// Solve a fact directory written by `cpyg facts`, and write the results into a SQLite database.
    Solve {
        /// The fact directory.
        #[arg(long)]
        facts: PathBuf,
        /// The rule set to solve.
        #[arg(long, default_value = "insensitive")]
        rules: String,
        /// The database to write (a SQLite file it replaces only when complete).
        #[arg(long)]
        db: PathBuf,
        /// Replace the `--db` file even if it is not a SQLite database.
        #[arg(long)]
        force: bool,
        /// Accept facts changed since `cpyg facts` wrote them (rows and hashes
        /// are not compared with the manifest; schema, arities and ids still are).
        #[arg(long)]
        edited: bool,
        /// Solving threads (default: available cores).
        #[arg(long)]
        threads: Option<usize>,
        /// Which code objects get a CFG and CDG (`cfg_*`, `cdg_edge` tables).
        #[arg(long, value_enum, default_value_t = Scope::Reachable)]
        control: Scope,
        #[command(flatten)]
        run: RunOptions,
    },
    /// Print the call graph of a package: pycg ({"caller": ["callee", ...]}), json or dot.
    Callgraph {
        #[command(flatten)]
        input: AnalysisInput,
        /// pycg, json (nodes and per-site edges) or dot (Graphviz).
        #[arg(long, default_value = "pycg")]
        format: String,
        #[command(flatten)]
        run: RunOptions,
    },
    /// Print the control-flow graph or the control-dependence graph of a package's
    /// functions, as Graphviz or JSON (schema: docs/control.schema.json).
    Graph {
        /// `cfg` (refined, exception-aware, with a synthetic exit) or `cdg`.
        #[arg(value_enum)]
        product: GraphProduct,
        #[command(flatten)]
        input: AnalysisInput,
        /// Only the functions with this name, as the call graph names them (`pkg.mod.Class.method`).
        #[arg(long)]
        function: Option<String>,
        #[arg(long, value_enum, default_value_t = GraphFormat::Dot)]
        format: GraphFormat,
        /// Which code objects: those the analysis reaches, or all.
        #[arg(long, value_enum, default_value_t = Scope::Reachable)]
        scope: Scope,
        #[command(flatten)]
        run: RunOptions,
    },
    /// List the releases cpyg reads and the interpreters it finds for them (PATH, pyenv).
    Interpreters,
    /// Compare cpyg's decoding with an interpreter's own `dis`, module by module.
    Conformance {
        /// Interpreter to compare with: a path or a name such as python3.12 (default: the newest found).
        #[arg(long)]
        python: Option<String>,
        /// Files to compile and compare; default: the interpreter's whole standard library.
        paths: Vec<PathBuf>,
        /// Interpreter processes to run at once (default: available cores).
        #[arg(long)]
        jobs: Option<usize>,
    },
}

/// Which code objects get control products.
#[derive(Clone, Copy, ValueEnum)]
enum Scope {
    /// The code objects the points-to analysis reaches.
    Reachable,
    /// Every code object.
    All,
    /// None (no `cfg_*` or `cdg_edge` rows).
    None,
}

impl From<Scope> for cpyg::analysis::ControlScope {
    fn from(scope: Scope) -> Self {
        match scope {
            Scope::Reachable => cpyg::analysis::ControlScope::Reachable,
            Scope::All => cpyg::analysis::ControlScope::All,
            Scope::None => cpyg::analysis::ControlScope::Skip,
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum GraphProduct {
    Cfg,
    Cdg,
}

#[derive(Clone, Copy, ValueEnum)]
enum GraphFormat {
    Dot,
    Json,
}

/// Bounds, profile and progress of a run that loads or solves a package.
#[derive(Args)]
struct RunOptions {
    /// Stop the run after this much wall time (seconds, or a number with s, m or h):
    /// exit code 4, and nothing is written.
    #[arg(long, value_parser = monitor::parse_duration)]
    timeout: Option<Duration>,
    /// Stop the run when cpyg's resident memory passes this (bytes, or a number with
    /// K, M, G or T): exit code 4, and nothing is written.
    #[arg(long, value_name = "SIZE", value_parser = monitor::parse_size)]
    max_memory: Option<u64>,
    /// Print wall time, CPU time and resident memory of every phase on stderr (the
    /// database keeps them in its `profile` table either way).
    #[arg(long)]
    profile: bool,
    /// No progress line on stderr (there is none when stderr is not a terminal).
    #[arg(short, long)]
    quiet: bool,
}

impl RunOptions {
    fn start(&self) {
        let limits = monitor::Limits { timeout: self.timeout, max_memory: self.max_memory };
        monitor::start(limits, monitor::Display { progress: !self.quiet });
    }

    fn report(&self, profile: &[cpyg::profile::PhaseRecord]) {
        if self.profile {
            eprint!("{}", cpyg::profile::Table(profile));
        }
    }
}

/// What `analyze` and `callgraph` load and how they solve it.
#[derive(Args)]
struct AnalysisInput {
    /// A package folder, .py files, .pyc files, or a folder of .pyc files.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The rule set to solve.
    #[arg(long, default_value = "insensitive")]
    rules: String,
    /// Interpreter that compiles sources: a path or a name such as python3.12.
    #[arg(long)]
    python: Option<String>,
    /// Threads for decoding, lowering and solving (default: available cores).
    #[arg(long)]
    threads: Option<usize>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Disasm { paths, python, json, threads } => disasm(&paths, python.as_deref(), json, threads),
        Command::Facts { paths, output, python, threads, check, run } => {
            facts(&paths, &output, python.as_deref(), threads, check, &run)
        }
        Command::Conformance { python, paths, jobs } => conformance(python.as_deref(), &paths, jobs),
        Command::Interpreters => interpreters(),
        Command::Analyze { input, db, force, control, run } => {
            analyze(&input, &Destination { path: &db, force }, control.into(), &run)
        }
        Command::Solve { facts, rules, db, force, edited, threads, control, run } => {
            let verify = if edited { Verify::Structure } else { Verify::Contents };
            solve(&facts, verify, &rules, &Destination { path: &db, force }, threads, control.into(), &run)
        }
        Command::Graph { product, input, function, format, scope, run } => {
            graph(product, &input, function.as_deref(), format, scope, &run)
        }
        Command::Callgraph { input, format, run } => callgraph(&input, &format, &run),
    };
    monitor::finish();
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("cpyg: {message}");
            ExitCode::from(2)
        }
    }
}

/// One line per release, newest first: the interpreter found for it, or why none was.
fn interpreters() -> Result<ExitCode, String> {
    let survey = load::interpreter::find_supported();
    println!("cpyg reads {} bytecode", cpyg::adapters::supported_releases());
    let mut minors: Vec<u8> = cpyg::adapters::supported_minors().collect();
    minors.sort_unstable_by(|a, b| b.cmp(a));
    for minor in minors {
        match survey.found.iter().find(|i| i.minor == minor) {
            Some(found) => println!("3.{minor}: {} (Python {})", found.path.display(), found.version),
            None => println!("3.{minor}: no interpreter found (.pyc files of this release need none)"),
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Loads and decodes the inputs; modules that failed to compile are reported on stderr.
fn semantic_package(
    paths: &[PathBuf],
    python: Option<&str>,
    threads: Option<usize>,
) -> Result<SemanticPackage, String> {
    let loaded = load::load(paths, python).map_err(|e| e.to_string())?;
    for failure in &loaded.failures {
        eprintln!("cpyg: skipped {failure}");
    }
    let minor = loaded.minor;
    let skipped = loaded.failures.len();
    let sources = loaded.modules.into_iter().map(Into::into).collect();
    let package = SemanticPackage::build(minor, sources, threads.unwrap_or_else(cores)).map_err(|e| e.to_string())?;
    eprintln!("cpyg: {} modules ({skipped} skipped), {} code objects", package.modules.len(), package.codes.len());
    Ok(package)
}

fn disasm(paths: &[PathBuf], python: Option<&str>, json: bool, threads: Option<usize>) -> Result<ExitCode, String> {
    let package = semantic_package(paths, python, threads)?;
    let mut out = BufWriter::new(io::stdout().lock());
    let written =
        if json { cpyg::disasm::write_json(&package, &mut out) } else { cpyg::disasm::write_text(&package, &mut out) };
    match written.and_then(|_| out.flush()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        // A closed pipe (`cpyg disasm … | head`) is not an error worth reporting.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(format!("writing the listing: {e}")),
    }
}

fn facts(
    paths: &[PathBuf],
    output: &std::path::Path,
    python: Option<&str>,
    threads: Option<usize>,
    check: bool,
    options: &RunOptions,
) -> Result<ExitCode, String> {
    options.start();
    let run = cpyg::facts::run_with_check(paths, python, output, threads.unwrap_or_else(cores), check)?;
    monitor::finish();
    options.report(&run.profile);
    for skipped in &run.skipped {
        eprintln!("cpyg: skipped {} ({}): {}", skipped.module, skipped.file, skipped.reason);
    }
    eprintln!(
        "cpyg: {} modules, {} code objects, {} facts in {} ({} skipped); load {:.2}s (of which marshal {:.2}s), decode {:.2}s, lower {:.2}s, write {:.2}s",
        run.modules,
        run.code_objects,
        run.facts,
        output.display(),
        run.skipped.len(),
        run.load.as_secs_f64(),
        run.marshal.as_secs_f64(),
        run.decode.as_secs_f64(),
        run.lower.as_secs_f64(),
        run.write.as_secs_f64()
    );
    match &run.check {
        Some(check) => {
            println!("{check}");
            Ok(if check.is_clean() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
        }
        None => Ok(ExitCode::SUCCESS),
    }
}

fn analyze(
    input: &AnalysisInput,
    db: &Destination<'_>,
    control: cpyg::analysis::ControlScope,
    options: &RunOptions,
) -> Result<ExitCode, String> {
    let rule_set = cpyg::results::rule_set(&input.rules)?;
    let threads = input.threads.unwrap_or_else(cores);
    options.start();
    let run = cpyg::results::analyze_to_db(&input.paths, input.python.as_deref(), rule_set, threads, control, db)?;
    monitor::finish();
    options.report(&run.analysis.profile);
    report_run(&run);
    Ok(ExitCode::SUCCESS)
}

fn solve(
    facts: &std::path::Path,
    verify: Verify,
    rules: &str,
    db: &Destination<'_>,
    threads: Option<usize>,
    control: cpyg::analysis::ControlScope,
    options: &RunOptions,
) -> Result<ExitCode, String> {
    let rule_set = cpyg::results::rule_set(rules)?;
    options.start();
    let run = cpyg::results::solve_to_db(facts, verify, rule_set, threads.unwrap_or_else(cores), control, db)?;
    monitor::finish();
    options.report(&run.analysis.profile);
    report_run(&run);
    Ok(ExitCode::SUCCESS)
}

fn report_run(run: &cpyg::results::Run) {
    report_skipped(&run.analysis);
    eprintln!("cpyg: {run}");
}

fn report_skipped(analysis: &cpyg::analysis::Analysis) {
    for skipped in &analysis.skipped {
        eprintln!("cpyg: skipped {} ({}): {}", skipped.module, skipped.file, skipped.reason);
    }
}

fn callgraph(input: &AnalysisInput, format: &str, options: &RunOptions) -> Result<ExitCode, String> {
    let format = cpyg::results::callgraph::Format::from_name(format)?;
    let rule_set = cpyg::results::rule_set(&input.rules)?;
    let threads = input.threads.unwrap_or_else(cores);
    options.start();
    let analysis = cpyg::analysis::analyze_with(&input.paths, input.python.as_deref(), rule_set, threads)?;
    let text = cpyg::results::callgraph::render(&analysis, format)?;
    monitor::finish();
    options.report(&analysis.profile);
    report_skipped(&analysis);
    eprintln!(
        "cpyg: {} modules ({} skipped), {} call edges",
        analysis.facts.count(cpyg_facts::schema::RelationId::Module),
        analysis.skipped.len(),
        analysis.solution.call_edge.len() + analysis.solution.calls_external.len()
    );
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(format!("writing the call graph: {e}")),
    }
}

fn graph(
    product: GraphProduct,
    input: &AnalysisInput,
    function: Option<&str>,
    format: GraphFormat,
    scope: Scope,
    options: &RunOptions,
) -> Result<ExitCode, String> {
    use cpyg::results::control::{Format, Product};
    let rule_set = cpyg::results::rule_set(&input.rules)?;
    let threads = input.threads.unwrap_or_else(cores);
    options.start();
    let mut analysis = cpyg::analysis::analyze_with(&input.paths, input.python.as_deref(), rule_set, threads)?;
    let scope = match scope {
        // Nothing to draw without them.
        Scope::None => return Err("`graph` needs control products: --scope reachable or all".to_string()),
        scope => scope.into(),
    };
    analysis.build_control(scope)?;
    let product = match product {
        GraphProduct::Cfg => Product::Cfg,
        GraphProduct::Cdg => Product::Cdg,
    };
    let format = match format {
        GraphFormat::Dot => Format::Dot,
        GraphFormat::Json => Format::Json,
    };
    let text = cpyg::results::control::render(&analysis, product, function, format)?;
    monitor::finish();
    options.report(&analysis.profile);
    report_skipped(&analysis);
    if let Some(control) = &analysis.control {
        eprintln!(
            "cpyg: {} code objects, {} blocks, {} CFG edges, {} control dependences",
            control.coverage.len(),
            control.blocks.len(),
            control.edges.len(),
            control.cdg.len()
        );
    }
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(format!("writing the graph: {e}")),
    }
}

fn conformance(python: Option<&str>, paths: &[PathBuf], jobs: Option<usize>) -> Result<ExitCode, String> {
    let interpreter = load::interpreter::resolve(python).map_err(|e| e.to_string())?;
    let minor = interpreter.minor;
    let started = std::time::Instant::now();
    let report = cpyg::conformance::run(&interpreter.path, minor, paths, jobs.unwrap_or_else(cores))?;
    for m in &report.mismatches {
        println!("MISMATCH {m}");
    }
    if report.mismatch_count > report.mismatches.len() {
        println!("... {} more mismatches", report.mismatch_count - report.mismatches.len());
    }
    println!(
        "CPython {} ({}): {report} ({:.1}s)",
        interpreter.version,
        interpreter.path.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(if report.mismatch_count == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
