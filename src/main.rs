use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};

use cpyg::analysis::names::NameStyle;
use cpyg::analysis::Products;
use cpyg::error::{EXIT_INCOMPLETE, EXIT_USAGE};
use cpyg::load;
use cpyg::monitor;
use cpyg::output::emit;
use cpyg::results::sqlite::Destination;
use cpyg::Error;
use cpyg_facts::read::Verify;
use cpyg_rules::RuleSet;

/// Exit codes: 0 success; 1 nothing analysable, or inputs skipped under `--strict`;
/// 2 usage error; 3 input error; 4 a `--timeout` or `--max-memory` bound.
#[derive(Parser)]
#[command(name = "cpyg", version = version(), about = "Static analysis of native CPython bytecode (3.8-3.15)")]
#[command(after_help = "Exit codes: 0 success; 1 nothing analysable, or inputs skipped under --strict; \
                        2 usage error; 3 input error; 4 a --timeout or --max-memory bound stopped the run.")]
struct Cli {
    /// Colours in help and error messages.
    #[arg(long, global = true, value_enum, default_value_t = clap::ColorChoice::Auto)]
    color: clap::ColorChoice,
    #[command(subcommand)]
    command: Command,
}

/// `0.1.0 (git 3337d7156e36)`: the revision the binary was built from.
fn version() -> &'static str {
    concat!(env!("CARGO_PKG_VERSION"), " (git ", env!("CPYG_GIT_REVISION"), ")")
}

#[derive(Subcommand)]
enum Command {
    /// List the decoded instructions of a package, modules, or .pyc files.
    Disasm {
        /// A package folder, .py files, .pyc files, or a folder of .pyc files.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        #[command(flatten)]
        python: Python,
        /// JSON Lines, one object per code object (schema: docs/disasm.schema.json in cpyg's source).
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        threads: Threads,
        #[command(flatten)]
        output: Output,
    },
    /// Lower a package into relational facts for Datalog rules (the directory's
    /// schema.json documents every relation; schema.dl declares them for Soufflé).
    Facts {
        /// A package folder, .py files, .pyc files, or a folder of .pyc files.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// The fact directory to write (created if needed).
        #[arg(short, long)]
        output: PathBuf,
        #[command(flatten)]
        python: Python,
        #[command(flatten)]
        threads: Threads,
        /// How symbol columns are written: `ids` (numbers joined with `Symbol`, what
        /// `cpyg solve` reads) or `text` (the names themselves, for other tools).
        #[arg(long, value_enum, default_value_t = SymbolsAs::Ids)]
        symbols: SymbolsAs,
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
        #[command(flatten)]
        db: Database,
        /// Which code objects get a CFG and CDG (`cfg_*`, `cdg_edge` tables).
        #[arg(long, value_enum, default_value_t = Scope::Reachable)]
        control: Scope,
        /// Also build the data-dependence graph of the code objects with a CFG (`ddg_*`
        /// tables; the reachable ones get a CFG for it under `--control none`).
        #[arg(long)]
        ddg: bool,
        #[command(flatten)]
        run: RunOptions,
    },
    /// Solve a fact directory written by `cpyg facts`, and write the results into a SQLite database.
    Solve {
        /// The fact directory.
        #[arg(long)]
        facts: PathBuf,
        #[command(flatten)]
        rules: RuleArgs,
        #[command(flatten)]
        roots: Roots,
        #[command(flatten)]
        db: Database,
        /// Accept facts changed since `cpyg facts` wrote them (rows and hashes
        /// are not compared with the manifest; schema, arities and ids still are).
        #[arg(long)]
        edited: bool,
        #[command(flatten)]
        threads: Threads,
        /// Which code objects get a CFG and CDG (`cfg_*`, `cdg_edge` tables).
        #[arg(long, value_enum, default_value_t = Scope::Reachable)]
        control: Scope,
        /// Also build the data-dependence graph of the code objects with a CFG (`ddg_*`
        /// tables; the reachable ones get a CFG for it under `--control none`).
        #[arg(long)]
        ddg: bool,
        #[command(flatten)]
        run: RunOptions,
    },
    /// Print the call graph of a package: pycg ({"caller": ["callee", ...]}), json or dot.
    Callgraph {
        #[command(flatten)]
        input: AnalysisInput,
        #[arg(long, value_enum, default_value_t = cpyg::results::callgraph::Format::Pycg)]
        format: cpyg::results::callgraph::Format,
        /// Full dotted names (`requests.sessions.Session.send`) or PyCG's, relative to the
        /// root package (`sessions.Session.send`); default: relative for pycg, full otherwise.
        #[arg(long, value_enum)]
        names: Option<Names>,
        /// Only the part around this function (a full name or a unique last part of one):
        /// what it calls and what calls it.
        #[arg(long, value_name = "FUNCTION")]
        from: Option<String>,
        /// With --from: only within this many calls of it.
        #[arg(long, requires = "from")]
        depth: Option<usize>,
        /// Leave out modules and functions with no call edge.
        #[arg(long)]
        drop_isolated: bool,
        #[command(flatten)]
        output: Output,
        #[command(flatten)]
        run: RunOptions,
    },
    /// Print the control-flow graph, the control-dependence graph or the data-dependence
    /// graph of a package's functions, as Graphviz or JSON (schemas: docs/control.schema.json
    /// and docs/ddg.schema.json in cpyg's source).
    Graph {
        /// `cfg` (refined, exception-aware, with a synthetic exit), `cdg` or `ddg`.
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
        #[arg(long, value_enum, default_value_t = GraphScope::Reachable)]
        scope: GraphScope,
        #[command(flatten)]
        output: Output,
        #[command(flatten)]
        run: RunOptions,
    },
    /// Print the lines a line depends on (`--backward`, the default) or that depend on it
    /// (`--forward`), following data dependences within functions, through globals,
    /// cells, fields and containers, and across calls: the values themselves (a thin
    /// slice), or with `--full` also what found them (bases, keys and callees).
    Slice {
        /// `FILE:LINE` or `FILE:LINE:NAME` (only the instructions on the line that read or
        /// write NAME); FILE as the package spells it, or its last parts.
        criterion: String,
        /// What depends on the criterion, instead of what it depends on.
        #[arg(long, conflicts_with = "backward")]
        forward: bool,
        /// What the criterion depends on (the default).
        #[arg(long)]
        backward: bool,
        /// Follow also the `base` edges: the objects attributes and items were read from,
        /// the keys, and the functions called (a thin slice, the default, leaves them out).
        #[arg(long)]
        full: bool,
        #[command(flatten)]
        input: AnalysisInput,
        /// A line per source line (`file:line  functions  kinds`) or one JSON document.
        #[arg(long, value_enum, default_value_t = SliceFormat::Text)]
        format: SliceFormat,
        #[command(flatten)]
        output: Output,
        #[command(flatten)]
        run: RunOptions,
    },
    /// Answer a common question from a database written by `cpyg analyze` or `cpyg solve`.
    Query {
        /// The database.
        db: PathBuf,
        #[command(subcommand)]
        question: Question,
        /// An aligned table or one JSON document (`{"columns": [...], "rows": [...]}`).
        #[arg(long, value_enum, default_value_t = QueryFormat::Table, global = true)]
        format: QueryFormat,
        #[command(flatten)]
        output: Output,
    },
    /// List the releases cpyg reads, the interpreters it finds for them (PATH, pyenv)
    /// and the one it uses when `--python` is not given.
    Interpreters {
        #[command(flatten)]
        output: Output,
    },
    /// List the rule sets `--rules` takes, one line each.
    Rules,
    /// Propose a selective policy (`--rules selective --policy FILE`) from the solution of
    /// `--rules` (default insensitive): the functions whose merged activations lose
    /// precision, within a cost budget, each with the reason it was chosen.
    Policy {
        /// Read the package and propose (the one mode, for now).
        #[arg(long, required = true)]
        propose: bool,
        #[command(flatten)]
        input: AnalysisInput,
        /// The estimated cost (contexts times points-to rows) the chosen functions may add;
        /// default: the insensitive solution's points-to count.
        #[arg(long)]
        budget: Option<u64>,
        #[command(flatten)]
        output: Output,
        #[command(flatten)]
        run: RunOptions,
    },
    /// Compare cpyg's decoding with an interpreter's own `dis`, module by module.
    Conformance {
        #[command(flatten)]
        python: Python,
        /// Files to compile and compare; default: the interpreter's whole standard library.
        paths: Vec<PathBuf>,
        /// Interpreter processes to run at once (default: available cores).
        #[arg(long, visible_alias = "jobs", value_parser = parse_threads)]
        threads: Option<usize>,
        #[command(flatten)]
        output: Output,
        /// No progress line on stderr (there is none when stderr is not a terminal).
        #[arg(short, long)]
        quiet: bool,
    },
    /// Print a completion script for a shell (`cpyg completions bash > /etc/bash_completion.d/cpyg`).
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

#[derive(Subcommand)]
enum Question {
    /// The call sites that may call a function.
    Callers {
        /// A full dotted name, or the unique last part of one (`Session.send`).
        function: String,
    },
    /// What a function may call (its comprehensions' and class bodies' calls included).
    Callees { function: String },
    /// What the names at a source line may point to.
    PointsTo {
        /// `FILE:LINE` or `FILE:LINE:NAME`; FILE as the database records it, or its last parts.
        location: String,
    },
    /// Every function reachable from a function through call edges, with its distance.
    ReachableFrom { function: String },
    /// What a module imports.
    Imports {
        /// A module's dotted name.
        module: String,
    },
    /// Call sites whose callee is not (completely) known, with the reason.
    Unresolved {
        /// Only those whose kind or reason contains this text.
        #[arg(long)]
        reason: Option<String>,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum QueryFormat {
    Table,
    Json,
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

/// The code objects `cpyg graph` draws.
#[derive(Clone, Copy, ValueEnum)]
enum GraphScope {
    Reachable,
    All,
}

#[derive(Clone, Copy, ValueEnum)]
enum GraphProduct {
    Cfg,
    Cdg,
    /// The data-dependence graph.
    Ddg,
}

#[derive(Clone, Copy, ValueEnum)]
enum SliceFormat {
    Text,
    Json,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum GraphFormat {
    Dot,
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
enum Names {
    Full,
    Relative,
}

#[derive(Clone, Copy, ValueEnum)]
enum SymbolsAs {
    Ids,
    Text,
}

/// The interpreter that compiles sources.
#[derive(Args)]
struct Python {
    /// Interpreter that compiles sources: a path or a name such as python3.12 (default:
    /// the newest python3.8-3.15 on PATH or under pyenv; `cpyg interpreters` shows which).
    #[arg(long)]
    python: Option<String>,
}

#[derive(Args)]
struct Threads {
    /// Threads for loading, decoding, lowering and writing (default: available cores); solving
    /// uses them only in a build with the `parallel` feature.
    #[arg(long, value_parser = parse_threads)]
    threads: Option<usize>,
}

impl Threads {
    fn get(&self) -> usize {
        self.threads.unwrap_or_else(cores)
    }
}

fn parse_threads(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("at least 1".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("`{text}` is not a number of threads")),
    }
}

/// Where the analysis starts.
#[derive(Args)]
struct Roots {
    /// `modules`: module bodies (an application); `public`: also every public function,
    /// method and property, called from outside (a library); `all`: every function.
    /// Default: `modules` for a package with a `__main__` module or console scripts
    /// (which are then entry points), `public` otherwise.
    #[arg(long, value_enum)]
    roots: Option<cpyg::analysis::roots::RootMode>,
    /// A function called from outside besides the module bodies (a full name or its
    /// unique last parts; repeatable; implies `--roots modules`).
    #[arg(long, value_name = "FUNCTION")]
    entry: Vec<String>,
}

impl Roots {
    fn start(&self) -> cpyg::analysis::roots::Start {
        cpyg::analysis::roots::Start { mode: self.roots, entries: self.entry.clone() }
    }
}

#[derive(Args)]
struct RuleArgs {
    /// The rule set to solve (`cpyg rules` lists them).
    #[arg(long = "rules", value_parser = rule_set_parser(), default_value = "insensitive")]
    rule_set: RuleSet,
    /// The policy of `--rules selective`: which functions get which attributes
    /// (JSON; schema: docs/policy.schema.json in cpyg's source).
    #[arg(long, value_name = "FILE.json")]
    policy: Option<PathBuf>,
}

impl RuleArgs {
    fn rules(&self) -> Result<cpyg::analysis::Rules, cpyg::Error> {
        cpyg::analysis::Rules::new(self.rule_set, self.policy.clone())
    }
}

/// The rule sets by name, so that help lists them and a wrong one is a usage error.
fn rule_set_parser() -> impl clap::builder::TypedValueParser<Value = RuleSet> {
    use clap::builder::TypedValueParser as _;
    let names: Vec<clap::builder::PossibleValue> =
        RuleSet::ALL.iter().map(|r| clap::builder::PossibleValue::new(r.name()).help(r.description())).collect();
    clap::builder::PossibleValuesParser::new(names)
        .map(|name: String| RuleSet::from_name(&name).expect("only the names of rule sets are possible"))
}

#[derive(Args)]
struct Output {
    /// Write the result into this file (it appears only complete) instead of standard output.
    #[arg(short, long)]
    output: Option<PathBuf>,
}

#[derive(Args)]
struct Database {
    /// The database to write (a SQLite file it replaces only when complete).
    #[arg(long)]
    db: PathBuf,
    /// Replace the `--db` file even if it is not a SQLite database.
    #[arg(long)]
    force: bool,
}

impl Database {
    fn destination(&self) -> Destination<'_> {
        Destination { path: &self.db, force: self.force }
    }
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
    #[arg(long, short = 'v', visible_alias = "verbose")]
    profile: bool,
    /// No progress line on stderr (there is none when stderr is not a terminal).
    #[arg(short, long)]
    quiet: bool,
    /// Exit with 1 when any input module was skipped (the results are still written).
    #[arg(long)]
    strict: bool,
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

    /// Success, or 1 under `--strict` when modules were skipped.
    fn exit(&self, skipped: usize) -> ExitCode {
        if self.strict && skipped > 0 {
            eprintln!("cpyg: --strict: {skipped} input module(s) skipped");
            ExitCode::from(EXIT_INCOMPLETE)
        } else {
            ExitCode::SUCCESS
        }
    }
}

/// What `analyze`, `callgraph` and `graph` load and how they solve it.
#[derive(Args)]
struct AnalysisInput {
    /// A package folder, .py files, .pyc files, or a folder of .pyc files.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    #[command(flatten)]
    rules: RuleArgs,
    #[command(flatten)]
    roots: Roots,
    #[command(flatten)]
    python: Python,
    #[command(flatten)]
    threads: Threads,
}

impl AnalysisInput {
    fn analyze(&self) -> Result<cpyg::analysis::Analysis, Error> {
        let python = self.python.python.as_deref();
        let (start, profiler) = (self.roots.start(), cpyg::profile::Profiler::new());
        cpyg::analysis::analyze_from(&self.paths, python, self.rules.rules()?, &start, self.threads.get(), profiler)
    }
}

fn main() -> ExitCode {
    let cli = match parse() {
        Ok(cli) => cli,
        Err(error) => {
            // Help and version are printed on stdout with success; the rest are usage errors.
            let _ = error.print();
            return ExitCode::from(if error.use_stderr() { EXIT_USAGE } else { 0 });
        }
    };
    let result = run(cli.command);
    monitor::finish();
    match result {
        Ok(code) => code,
        Err(error) => {
            eprintln!("cpyg: {error}");
            ExitCode::from(error.exit_code())
        }
    }
}

/// The command line, with `--color` applied to clap's own messages.
fn parse() -> Result<Cli, clap::Error> {
    let args: Vec<String> = std::env::args().collect();
    let color = args.iter().enumerate().find_map(|(k, arg)| match arg.strip_prefix("--color") {
        Some(rest) if rest.starts_with('=') => Some(rest[1..].to_string()),
        Some("") => args.get(k + 1).cloned(),
        _ => None,
    });
    let color = color.and_then(|c| clap::ColorChoice::from_str(&c, true).ok()).unwrap_or(clap::ColorChoice::Auto);
    let mut matches = Cli::command().color(color).try_get_matches_from(&args)?;
    Cli::from_arg_matches_mut(&mut matches)
}

fn run(command: Command) -> Result<ExitCode, Error> {
    match command {
        Command::Disasm { paths, python, json, threads, output } => {
            disasm(&paths, python.python.as_deref(), json, threads.get(), output.output.as_deref())
        }
        Command::Facts { paths, output, python, threads, symbols, check, run } => {
            facts(&paths, &output, python.python.as_deref(), threads.get(), symbols, check, &run)
        }
        Command::Conformance { python, paths, threads, output, quiet } => {
            monitor::start(monitor::Limits::default(), monitor::Display { progress: !quiet });
            conformance(python.python.as_deref(), &paths, threads.unwrap_or_else(cores), output.output.as_deref())
        }
        Command::Interpreters { output } => interpreters(output.output.as_deref()),
        Command::Policy { propose: _, input, budget, output, run } => {
            run.start();
            let analysis = input.analyze()?;
            let proposal = cpyg::analysis::propose::propose(&analysis, budget);
            let proposal = cpyg::analysis::propose::confirm(&analysis, proposal, None, input.threads.get())?;
            monitor::finish();
            run.report(&analysis.profile);
            report_skipped(&analysis);
            eprintln!(
                "cpyg: {}; {} functions proposed (estimated cost {} of a budget of {}; {} candidates over it; {} dropped by the row limit {}: {})",
                cpyg::results::Setting(&analysis),
                proposal.functions.len(),
                proposal.proposed.estimated_total,
                proposal.proposed.budget,
                proposal.proposed.over_budget.len(),
                proposal.proposed.over_row_limit.len(),
                proposal.proposed.row_limit.unwrap_or(0),
                proposal.proposed.solved.iter().map(|t| format!("{} functions, {} rows", t.functions, t.rows)).collect::<Vec<_>>().join(" -> ")
            );
            let text = serde_json::to_string_pretty(&proposal).map_err(|e| Error::Usage(e.to_string()))?;
            emit(output.output.as_deref(), |out| writeln!(out, "{text}"))?;
            Ok(run.exit(analysis.skipped.len()))
        }
        Command::Rules => {
            let width = RuleSet::ALL.iter().map(|r| r.name().len()).max().unwrap_or(0);
            emit(None, |out| {
                RuleSet::ALL
                    .iter()
                    .try_for_each(|rules| writeln!(out, "{:width$}  {}", rules.name(), rules.description()))
            })?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Analyze { input, db, control, ddg, run } => {
            analyze(&input, &db, Products { control: control.into(), ddg }, &run)
        }
        Command::Solve { facts, rules, roots, db, edited, threads, control, ddg, run } => {
            let verify = if edited { Verify::Structure } else { Verify::Contents };
            let products = Products { control: control.into(), ddg };
            solve(&facts, verify, rules.rules()?, &roots.start(), &db, threads.get(), products, &run)
        }
        Command::Slice { criterion, forward, backward: _, full, input, format, output, run } => {
            slice(&criterion, forward, full, &input, format, output.output.as_deref(), &run)
        }
        Command::Graph { product, input, function, format, scope, output, run } => {
            graph(product, &input, function.as_deref(), format, scope, output.output.as_deref(), &run)
        }
        Command::Callgraph { input, format, names, from, depth, drop_isolated, output, run } => {
            use cpyg::results::callgraph::View;
            let names = match names {
                Some(Names::Full) => NameStyle::Full,
                Some(Names::Relative) => NameStyle::Relative,
                None => View::whole(format).names,
            };
            let view = View { names, from, depth, drop_isolated };
            callgraph(&input, format, &view, output.output.as_deref(), &run)
        }
        Command::Query { db, question, format, output } => query(&db, question, format, output.output.as_deref()),
        Command::Completions { shell } => {
            clap_complete::generate(shell, &mut Cli::command(), "cpyg", &mut io::stdout());
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// One line per release, newest first: the interpreter found for it, or why none was;
/// then the one used without `--python`.
fn interpreters(output: Option<&Path>) -> Result<ExitCode, Error> {
    let survey = load::interpreter::find_supported();
    let default = load::interpreter::resolve(None);
    emit(output, |out| {
        writeln!(out, "cpyg reads {} bytecode", cpyg::adapters::supported_releases())?;
        let mut minors: Vec<u8> = cpyg::adapters::supported_minors().collect();
        minors.sort_unstable_by(|a, b| b.cmp(a));
        for minor in minors {
            match survey.found.iter().find(|i| i.minor == minor) {
                Some(found) => writeln!(out, "3.{minor}: {} (Python {})", found.path.display(), found.version)?,
                None => writeln!(out, "3.{minor}: no interpreter found (.pyc files of this release need none)")?,
            }
        }
        match &default {
            Ok(i) => {
                writeln!(out, "default (no --python): {} (Python {}), the newest found", i.path.display(), i.version)
            }
            Err(e) => writeln!(out, "default (no --python): none: {e}"),
        }
    })?;
    Ok(ExitCode::SUCCESS)
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn disasm(
    paths: &[PathBuf],
    python: Option<&str>,
    json: bool,
    threads: usize,
    output: Option<&Path>,
) -> Result<ExitCode, Error> {
    let loaded = load::load(paths, python).map_err(cpyg::facts::load_error)?;
    for failure in &loaded.failures {
        eprintln!("cpyg: skipped {failure}");
    }
    let (minor, skipped) = (loaded.minor, loaded.failures.len());
    let sources = loaded.modules.into_iter().map(Into::into).collect();
    let package =
        cpyg::package::SemanticPackage::build(minor, sources, threads).map_err(|e| Error::Input(e.to_string()))?;
    eprintln!("cpyg: {} modules ({skipped} skipped), {} code objects", package.modules.len(), package.codes.len());
    emit(output, |mut out| {
        if json {
            cpyg::disasm::write_json(&package, &mut out)
        } else {
            cpyg::disasm::write_text(&package, &mut out)
        }
    })?;
    Ok(ExitCode::SUCCESS)
}

fn facts(
    paths: &[PathBuf],
    output: &Path,
    python: Option<&str>,
    threads: usize,
    symbols: SymbolsAs,
    check: bool,
    options: &RunOptions,
) -> Result<ExitCode, Error> {
    options.start();
    let symbols = match symbols {
        SymbolsAs::Ids => cpyg_facts::write::SymbolColumns::Ids,
        SymbolsAs::Text => cpyg_facts::write::SymbolColumns::Text,
    };
    let run = cpyg::facts::run_with_options(paths, python, output, threads, check, symbols)?;
    monitor::finish();
    options.report(&run.profile);
    for skipped in &run.skipped {
        eprintln!("cpyg: skipped {} ({}): {}", skipped.module, skipped.file, skipped.reason);
    }
    eprintln!("cpyg: {run} in {}", output.display());
    if let Some(check) = &run.check {
        emit(None, |out| writeln!(out, "{check}"))?;
        if !check.is_clean() {
            return Ok(ExitCode::FAILURE);
        }
    }
    Ok(options.exit(run.skipped.len()))
}

fn analyze(input: &AnalysisInput, db: &Database, products: Products, options: &RunOptions) -> Result<ExitCode, Error> {
    options.start();
    let python = input.python.python.as_deref();
    let run = cpyg::results::analyze_to_db_from(
        &input.paths,
        python,
        input.rules.rules()?,
        &input.roots.start(),
        input.threads.get(),
        products,
        &db.destination(),
    )?;
    monitor::finish();
    options.report(&run.analysis.profile);
    report_run(&run);
    Ok(options.exit(run.analysis.skipped.len()))
}

fn solve(
    facts: &Path,
    verify: Verify,
    rules: cpyg::analysis::Rules,
    start: &cpyg::analysis::roots::Start,
    db: &Database,
    threads: usize,
    products: Products,
    options: &RunOptions,
) -> Result<ExitCode, Error> {
    options.start();
    let run = cpyg::results::solve_to_db_from(facts, verify, rules, start, threads, products, &db.destination())?;
    monitor::finish();
    options.report(&run.analysis.profile);
    report_run(&run);
    Ok(options.exit(run.analysis.skipped.len()))
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

fn callgraph(
    input: &AnalysisInput,
    format: cpyg::results::callgraph::Format,
    view: &cpyg::results::callgraph::View,
    output: Option<&Path>,
    options: &RunOptions,
) -> Result<ExitCode, Error> {
    options.start();
    let analysis = input.analyze()?;
    let text = cpyg::results::callgraph::render(&analysis, format, view).map_err(Error::Usage)?;
    monitor::finish();
    options.report(&analysis.profile);
    report_skipped(&analysis);
    eprintln!(
        "cpyg: {}; {} modules ({} skipped), {} call edges",
        cpyg::results::Setting(&analysis),
        analysis.facts.count(cpyg_facts::schema::RelationId::Module),
        analysis.skipped.len(),
        analysis.solution.call_edge.len() + analysis.solution.calls_external.len()
    );
    emit(output, |out| out.write_all(text.as_bytes()))?;
    Ok(options.exit(analysis.skipped.len()))
}

fn graph(
    product: GraphProduct,
    input: &AnalysisInput,
    function: Option<&str>,
    format: GraphFormat,
    scope: GraphScope,
    output: Option<&Path>,
    options: &RunOptions,
) -> Result<ExitCode, Error> {
    use cpyg::results::control::{Format, Product};
    options.start();
    let mut analysis = input.analyze()?;
    let scope = match scope {
        GraphScope::Reachable => cpyg::analysis::ControlScope::Reachable,
        GraphScope::All => cpyg::analysis::ControlScope::All,
    };
    analysis.build_control(scope)?;
    // The graph's text, and one line saying what it holds.
    let (text, summary) = match product {
        GraphProduct::Ddg => {
            analysis.build_ddg(cpyg_ddg::Options::default())?;
            let text = cpyg::results::ddg::render(&analysis, function, format == GraphFormat::Json)?;
            let summary = analysis.ddg.as_ref().map(|ddg| {
                let kinds: Vec<String> =
                    cpyg_ddg::Kind::ALL.iter().map(|&k| format!("{} {}", ddg.count(k), k.name())).collect();
                let across = match &ddg.contexts {
                    Some(c) => format!("; {} between {} activations", c.edges.len(), c.activations.len()),
                    None => String::new(),
                };
                format!("{} nodes, {} dependences ({}){across}", ddg.nodes.len(), ddg.edges.len(), kinds.join(", "))
            });
            (text, summary)
        }
        GraphProduct::Cfg | GraphProduct::Cdg => {
            let product = if matches!(product, GraphProduct::Cfg) { Product::Cfg } else { Product::Cdg };
            let format = match format {
                GraphFormat::Dot => Format::Dot,
                GraphFormat::Json => Format::Json,
            };
            let text = cpyg::results::control::render(&analysis, product, function, format).map_err(Error::Usage)?;
            let summary = analysis.control.as_ref().map(|control| {
                format!(
                    "{} code objects, {} blocks, {} CFG edges, {} control dependences",
                    control.coverage.len(),
                    control.blocks.len(),
                    control.edges.len(),
                    control.cdg.len()
                )
            });
            (text, summary)
        }
    };
    monitor::finish();
    options.report(&analysis.profile);
    report_skipped(&analysis);
    if let Some(summary) = summary {
        eprintln!("cpyg: {}; {summary}", cpyg::results::Setting(&analysis));
    }
    emit(output, |out| out.write_all(text.as_bytes()))?;
    Ok(options.exit(analysis.skipped.len()))
}

fn slice(
    criterion: &str,
    forward: bool,
    full: bool,
    input: &AnalysisInput,
    format: SliceFormat,
    output: Option<&Path>,
    options: &RunOptions,
) -> Result<ExitCode, Error> {
    use cpyg::results::ddg::{slice, Criterion, Direction, Namer};
    let criterion = Criterion::parse(criterion).map_err(Error::Usage)?;
    options.start();
    let mut analysis = input.analyze()?;
    analysis.build_products(Products { control: cpyg::analysis::ControlScope::Reachable, ddg: true })?;
    let ddg = analysis.ddg.as_ref().ok_or_else(|| Error::Input("no data-dependence graph".into()))?;
    let direction = if forward { Direction::Forward } else { Direction::Backward };
    let lines = slice(&Namer::new(&analysis), ddg, &criterion, direction, !full).map_err(Error::Usage)?;
    monitor::finish();
    options.report(&analysis.profile);
    report_skipped(&analysis);
    eprintln!("cpyg: {}; {} lines in the slice", cpyg::results::Setting(&analysis), lines.len());
    emit(output, |out| match format {
        SliceFormat::Json => writeln!(out, "{}", serde_json::to_string_pretty(&lines).unwrap_or_default()),
        SliceFormat::Text => lines.iter().try_for_each(|l| {
            let functions: Vec<&str> = l.functions.iter().map(String::as_str).collect();
            let kinds: Vec<&str> = l.kinds.iter().copied().collect();
            writeln!(
                out,
                "{}:{}  {}  {}",
                l.file,
                l.line,
                functions.join(","),
                if kinds.is_empty() { "criterion".to_string() } else { kinds.join(",") }
            )
        }),
    })?;
    Ok(options.exit(analysis.skipped.len()))
}

fn query(db: &Path, question: Question, format: QueryFormat, output: Option<&Path>) -> Result<ExitCode, Error> {
    use cpyg::query::Question as Q;
    let question = match question {
        Question::Callers { function } => Q::Callers(function),
        Question::Callees { function } => Q::Callees(function),
        Question::PointsTo { location } => {
            let (file, line, name) = cpyg::query::parse_location(&location).map_err(Error::Usage)?;
            Q::PointsTo { file, line, name }
        }
        Question::ReachableFrom { function } => Q::ReachableFrom(function),
        Question::Imports { module } => Q::Imports(module),
        Question::Unresolved { reason } => Q::Unresolved { reason },
    };
    let connection = cpyg::results::sqlite::open_read_only(db)?;
    let answer = cpyg::query::answer(&connection, &question).map_err(Error::Usage)?;
    emit(output, |out| match format {
        QueryFormat::Table => answer.write_table(out),
        QueryFormat::Json => answer.write_json(out),
    })?;
    Ok(ExitCode::SUCCESS)
}

fn conformance(
    python: Option<&str>,
    paths: &[PathBuf],
    threads: usize,
    output: Option<&Path>,
) -> Result<ExitCode, Error> {
    let interpreter = load::interpreter::resolve(python).map_err(|e| Error::Input(e.to_string()))?;
    let minor = interpreter.minor;
    let started = std::time::Instant::now();
    let report = cpyg::conformance::run(&interpreter.path, minor, paths, threads)?;
    monitor::finish();
    emit(output, |out| {
        for m in &report.mismatches {
            writeln!(out, "MISMATCH {m}")?;
        }
        if report.mismatch_count > report.mismatches.len() {
            writeln!(out, "... {} more mismatches", report.mismatch_count - report.mismatches.len())?;
        }
        writeln!(
            out,
            "CPython {} ({}): {report} ({:.1}s)",
            interpreter.version,
            interpreter.path.display(),
            started.elapsed().as_secs_f64()
        )
    })?;
    Ok(if report.mismatch_count == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
