//! Results of a solved package: the SQLite database (`cpyg analyze`, `cpyg solve`),
//! the call graph in PyCG's, a richer JSON and Graphviz form (`cpyg callgraph`),
//! and the one-line summary the commands print.

pub mod callgraph;
pub mod calls;
pub mod control;
pub mod ddg;
pub mod reasons;
pub mod sqlite;

use std::fmt;
use std::path::{Path, PathBuf};

use cpyg_facts::fact_check::check_facts;
use cpyg_facts::read::{read_dir_and_manifest, Verify};
use cpyg_facts::schema::{RelationId, RELATION_IDS};
use cpyg_rules::objects::Coverage;
use cpyg_rules::RuleSet;

use crate::analysis::roots::{self, Start};
use crate::analysis::{analyze_from, solve_profiled, Analysis, ControlScope, Products};
use crate::profile::Profiler;

/// Column `value` of a fact relation keyed by column `key` (the last row wins).
pub(crate) fn column_map(
    facts: &cpyg_facts::lower::Facts,
    id: RelationId,
    key: usize,
    value: usize,
) -> std::collections::HashMap<u32, u32> {
    facts.rows(id).map(|r| (r[key], r[value])).collect()
}

/// The rule set called `name`; an unknown name lists the known ones.
pub fn rule_set(name: &str) -> Result<RuleSet, crate::Error> {
    Ok(RuleSet::from_name(name)?)
}

/// A solved package; where its time went is `analysis.profile`.
pub struct Run {
    pub analysis: Analysis,
    pub database: Option<(PathBuf, sqlite::Exported)>,
}

/// `cpyg analyze`: load, decode, lower and solve the inputs, then write the database.
pub fn analyze_to_db(
    inputs: &[PathBuf],
    python: Option<&str>,
    rules: impl Into<crate::analysis::Rules>,
    threads: usize,
    control: ControlScope,
    db: &sqlite::Destination<'_>,
) -> Result<Run, crate::Error> {
    analyze_to_db_from(inputs, python, rules, &Start::modules(), threads, control, db)
}

/// [`analyze_to_db`] from the roots `start` asks for.
pub fn analyze_to_db_from(
    inputs: &[PathBuf],
    python: Option<&str>,
    rules: impl Into<crate::analysis::Rules>,
    start: &Start,
    threads: usize,
    products: impl Into<Products>,
    db: &sqlite::Destination<'_>,
) -> Result<Run, crate::Error> {
    let mut analysis = analyze_from(inputs, python, rules, start, threads, Profiler::new())?;
    analysis.build_products(products.into())?;
    export_run(analysis, db)
}

/// `cpyg solve`: read a fact directory, solve it, then write the database.
pub fn solve_to_db(
    facts: &Path,
    verify: Verify,
    rules: impl Into<crate::analysis::Rules>,
    threads: usize,
    control: ControlScope,
    db: &sqlite::Destination<'_>,
) -> Result<Run, crate::Error> {
    solve_to_db_from(facts, verify, rules, &Start::modules(), threads, control, db)
}

/// [`solve_to_db`] from the roots `start` asks for.
pub fn solve_to_db_from(
    facts: &Path,
    verify: Verify,
    rules: impl Into<crate::analysis::Rules>,
    start: &Start,
    threads: usize,
    products: impl Into<Products>,
    db: &sqlite::Destination<'_>,
) -> Result<Run, crate::Error> {
    let mut analysis = solve_dir_from(facts, verify, rules, start, threads, Profiler::new())?;
    analysis.build_products(products.into())?;
    export_run(analysis, db)
}

fn export_run(mut analysis: Analysis, db: &sqlite::Destination<'_>) -> Result<Run, crate::Error> {
    let exported = sqlite::export(&mut analysis, db)?;
    Ok(Run { analysis, database: Some((db.path.to_path_buf(), exported)) })
}

/// Solves the facts of a fact directory exactly as `cpyg facts` wrote it.
pub fn solve_dir(
    dir: &Path,
    rules: impl Into<crate::analysis::Rules>,
    threads: usize,
) -> Result<Analysis, crate::Error> {
    solve_dir_with(dir, Verify::Contents, rules, threads)
}

/// Solves the facts of a fact directory, checked as `verify` says; every id is
/// checked either way, so that no rule or name lookup meets a dangling one.
pub fn solve_dir_with(
    dir: &Path,
    verify: Verify,
    rules: impl Into<crate::analysis::Rules>,
    threads: usize,
) -> Result<Analysis, crate::Error> {
    solve_dir_profiled(dir, verify, rules, threads, Profiler::new())
}

/// [`solve_dir_with`], recording the phases `read` and `solve` into `profiler`.
pub fn solve_dir_profiled(
    dir: &Path,
    verify: Verify,
    rules: impl Into<crate::analysis::Rules>,
    threads: usize,
    profiler: Profiler,
) -> Result<Analysis, crate::Error> {
    solve_dir_from(dir, verify, rules, &Start::modules(), threads, profiler)
}

/// [`solve_dir_profiled`] from the roots `start` asks for (packaging metadata is looked
/// for beside the inputs the manifest records).
pub fn solve_dir_from(
    dir: &Path,
    verify: Verify,
    rules: impl Into<crate::analysis::Rules>,
    start: &Start,
    threads: usize,
    mut profiler: Profiler,
) -> Result<Analysis, crate::Error> {
    profiler.begin("read");
    if !dir.is_dir() {
        return Err(format!("{}: no such fact directory (`cpyg facts INPUT -o DIR` writes one)", dir.display()).into());
    }
    let (facts, manifest) = read_dir_and_manifest(dir, verify)?;
    let report = check_facts(&facts);
    if !report.is_clean() {
        let first = report.violations.first().map(|v| v.to_string()).unwrap_or_default();
        return Err(crate::Error::Input(format!(
            "{}: the facts are inconsistent ({} violations; first: {first})",
            dir.display(),
            report.violation_count
        )));
    }
    let provenance = crate::analysis::Provenance::of_manifest(&manifest);
    let skipped = manifest.skipped;
    if facts.count(RelationId::Module) == 0 {
        return Err(crate::Error::NothingAnalysable(format!(
            "{}: {}",
            dir.display(),
            crate::facts::nothing_left(&skipped)
        )));
    }
    let inputs: Vec<PathBuf> = manifest.inputs.iter().map(PathBuf::from).collect();
    let names = crate::analysis::Names::new(&facts)?;
    let chosen = roots::choose(&facts, &names, start, &roots::metadata_folders(&inputs))?;
    let rules = rules.into();
    let policy = rules.policy_rows(&names)?;
    let (solution, profiler) = solve_profiled(&facts, rules.set, &policy, &chosen.roots, threads.max(1), profiler)?;
    Ok(Analysis::solved(facts, names, solution, skipped, profiler.finish(), provenance, chosen))
}

/// Which instructions are explicit calls (`f(x)`, the paper's call sites), as
/// opposed to protocol sites (operators, comparisons, truth tests, iteration,
/// `with`, attribute hooks) where the interpreter may call special methods.
pub struct ExplicitCalls(Vec<bool>);

impl ExplicitCalls {
    pub fn of(facts: &cpyg_facts::lower::Facts) -> ExplicitCalls {
        let mut explicit = vec![false; facts.count(RelationId::Insn)];
        for row in facts.rows(RelationId::Call) {
            if let Some(slot) = explicit.get_mut(row[0] as usize) {
                *slot = true;
            }
        }
        ExplicitCalls(explicit)
    }

    pub fn contains(&self, insn: u32) -> bool {
        self.0.get(insn as usize).copied().unwrap_or(false)
    }

    /// `call` or `protocol`, as the `coverage` table's `site_kind`.
    pub fn kind_of(&self, insn: u32) -> &'static str {
        if self.contains(insn) {
            "call"
        } else {
            "protocol"
        }
    }
}

/// Sites by how completely they are resolved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CoverageCounts {
    pub concrete: usize,
    pub typed_unresolved: usize,
    pub top: usize,
}

impl CoverageCounts {
    /// The explicit call sites' counts, then the protocol sites'.
    pub fn of(analysis: &Analysis) -> (CoverageCounts, CoverageCounts) {
        let explicit = ExplicitCalls::of(&analysis.facts);
        let (mut calls, mut protocol) = (CoverageCounts::default(), CoverageCounts::default());
        for &(site, level) in &analysis.solution.coverage {
            let counts = if explicit.contains(site) { &mut calls } else { &mut protocol };
            match level {
                Coverage::ConcreteOnly => counts.concrete += 1,
                Coverage::TypedUnresolved => counts.typed_unresolved += 1,
                Coverage::ConservativeTop => counts.top += 1,
            }
        }
        (calls, protocol)
    }

    fn share(&self, n: usize) -> f64 {
        if self.sites() == 0 {
            0.0
        } else {
            100.0 * n as f64 / self.sites() as f64
        }
    }

    pub fn sites(&self) -> usize {
        self.concrete + self.typed_unresolved + self.top
    }
}

/// What a result was made with: `CPython 3.12.1 (/usr/bin/python3.12), rules insensitive, roots modules`.
pub struct Setting<'a>(pub &'a Analysis);

impl fmt::Display for Setting<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let analysis = self.0;
        match &analysis.provenance.interpreter {
            Some((version, path)) => write!(f, "CPython {version} ({path})")?,
            None => write!(f, "CPython 3.{} (.pyc files)", analysis.facts.minor)?,
        }
        let rules = analysis.solution.rule_set.map_or("?", |r| r.name());
        write!(f, ", rules {rules}, roots {}", analysis.roots)
    }
}

/// The summary line of `cpyg analyze` and `cpyg solve`.
impl fmt::Display for Run {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}; ", Setting(&self.analysis))?;
        let facts = &self.analysis.facts;
        let solution = &self.analysis.solution;
        let fact_count: usize = RELATION_IDS.iter().map(|&id| facts.count(id)).sum();
        let (calls, protocol) = CoverageCounts::of(&self.analysis);
        write!(
            f,
            "{} modules ({} skipped), {} code objects, {fact_count} facts; {} points-to tuples, {} call edges ({} to outside names), \
             {} call sites: {:.1}% concrete, {:.1}% typed unresolved, {:.1}% conservative top \
             (and {} protocol sites: operators, comparisons, iteration...); {} round{};",
            facts.count(RelationId::Module),
            self.analysis.skipped.len(),
            facts.count(RelationId::Code),
            solution.points_to_count(),
            solution.call_edge.len() + solution.calls_external.len(),
            solution.calls_external.len(),
            calls.sites(),
            calls.share(calls.concrete),
            calls.share(calls.typed_unresolved),
            calls.share(calls.top),
            protocol.sites(),
            solution.rounds,
            if solution.rounds == 1 { "" } else { "s" },
        )?;
        // The phases, without their steps: load, decode, lower (or read), solve, export.
        let phases = self.analysis.profile.iter().filter(|r| r.depth == 0);
        for (k, phase) in phases.enumerate() {
            write!(f, "{} {} {:.2}s", if k == 0 { "" } else { "," }, phase.name, phase.wall.as_secs_f64())?;
        }
        if let Some((path, exported)) = &self.database {
            write!(f, "; {} rows in {} tables of {}", exported.rows, exported.tables, path.display())?;
        }
        Ok(())
    }
}
