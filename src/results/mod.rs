//! Results of a solved package: the SQLite database (`cpyg analyze`, `cpyg solve`),
//! the call graph in PyCG's, a richer JSON and Graphviz form (`cpyg callgraph`),
//! and the one-line summary the commands print.

pub mod callgraph;
pub mod calls;
pub mod control;
pub mod sqlite;

use std::fmt;
use std::path::{Path, PathBuf};

use cpyg_facts::fact_check::check_facts;
use cpyg_facts::read::{read_dir_and_manifest, Verify};
use cpyg_facts::schema::{RelationId, RELATION_IDS};
use cpyg_rules::objects::Coverage;
use cpyg_rules::RuleSet;

use crate::analysis::{analyze_profiled, solve_profiled, Analysis, ControlScope, Names};
use crate::profile::Profiler;

/// The rule set called `name`; an unknown name lists the known ones.
pub fn rule_set(name: &str) -> Result<RuleSet, String> {
    RuleSet::from_name(name)
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
    rule_set: RuleSet,
    threads: usize,
    control: ControlScope,
    db: &sqlite::Destination<'_>,
) -> Result<Run, String> {
    let mut analysis = analyze_profiled(inputs, python, rule_set, threads, Profiler::new())?;
    analysis.build_control(control)?;
    export_run(analysis, db)
}

/// `cpyg solve`: read a fact directory, solve it, then write the database.
pub fn solve_to_db(
    facts: &Path,
    verify: Verify,
    rule_set: RuleSet,
    threads: usize,
    control: ControlScope,
    db: &sqlite::Destination<'_>,
) -> Result<Run, String> {
    let mut analysis = solve_dir_profiled(facts, verify, rule_set, threads, Profiler::new())?;
    analysis.build_control(control)?;
    export_run(analysis, db)
}

fn export_run(mut analysis: Analysis, db: &sqlite::Destination<'_>) -> Result<Run, String> {
    let exported = sqlite::export(&mut analysis, db)?;
    Ok(Run { analysis, database: Some((db.path.to_path_buf(), exported)) })
}

/// Solves the facts of a fact directory exactly as `cpyg facts` wrote it.
pub fn solve_dir(dir: &Path, rule_set: RuleSet, threads: usize) -> Result<Analysis, String> {
    solve_dir_with(dir, Verify::Contents, rule_set, threads)
}

/// Solves the facts of a fact directory, checked as `verify` says; every id is
/// checked either way, so that no rule or name lookup meets a dangling one.
pub fn solve_dir_with(dir: &Path, verify: Verify, rule_set: RuleSet, threads: usize) -> Result<Analysis, String> {
    solve_dir_profiled(dir, verify, rule_set, threads, Profiler::new())
}

/// [`solve_dir_with`], recording the phases `read` and `solve` into `profiler`.
pub fn solve_dir_profiled(
    dir: &Path,
    verify: Verify,
    rule_set: RuleSet,
    threads: usize,
    mut profiler: Profiler,
) -> Result<Analysis, String> {
    profiler.begin("read");
    if !dir.is_dir() {
        return Err(format!("{}: no such fact directory (`cpyg facts INPUT -o DIR` writes one)", dir.display()));
    }
    let (facts, manifest) = read_dir_and_manifest(dir, verify)?;
    let report = check_facts(&facts);
    if !report.is_clean() {
        let first = report.violations.first().map(|v| v.to_string()).unwrap_or_default();
        return Err(format!(
            "{}: the facts are inconsistent ({} violations; first: {first})",
            dir.display(),
            report.violation_count
        ));
    }
    let skipped = manifest.skipped;
    if facts.count(RelationId::Module) == 0 {
        return Err(format!("{}: {}", dir.display(), crate::facts::nothing_left(&skipped)));
    }
    let (solution, profiler) = solve_profiled(&facts, rule_set, threads.max(1), profiler)?;
    let names = Names::new(&facts)?;
    Ok(Analysis { facts, solution, names, skipped, profile: profiler.finish(), control: None, control_scope: ControlScope::Skip })
}

/// Call sites by how completely they are resolved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CoverageCounts {
    pub concrete: usize,
    pub typed_unresolved: usize,
    pub top: usize,
}

impl CoverageCounts {
    pub fn of(analysis: &Analysis) -> CoverageCounts {
        let mut counts = CoverageCounts::default();
        for &(_, level) in &analysis.solution.coverage {
            match level {
                Coverage::ConcreteOnly => counts.concrete += 1,
                Coverage::TypedUnresolved => counts.typed_unresolved += 1,
                Coverage::ConservativeTop => counts.top += 1,
            }
        }
        counts
    }

    pub fn sites(&self) -> usize {
        self.concrete + self.typed_unresolved + self.top
    }
}

/// The summary line of `cpyg analyze` and `cpyg solve`.
impl fmt::Display for Run {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let facts = &self.analysis.facts;
        let solution = &self.analysis.solution;
        let fact_count: usize = RELATION_IDS.iter().map(|&id| facts.count(id)).sum();
        let coverage = CoverageCounts::of(&self.analysis);
        let share = |n: usize| if coverage.sites() == 0 { 0.0 } else { 100.0 * n as f64 / coverage.sites() as f64 };
        write!(
            f,
            "{} modules ({} skipped), {} code objects, {fact_count} facts; {} points-to tuples, {} call edges ({} to outside names), \
             {} call sites: {:.1}% concrete, {:.1}% typed unresolved, {:.1}% conservative top; {} round{};",
            facts.count(RelationId::Module),
            self.analysis.skipped.len(),
            facts.count(RelationId::Code),
            solution.points_to_count(),
            solution.call_edge.len() + solution.calls_external.len(),
            solution.calls_external.len(),
            coverage.sites(),
            share(coverage.concrete),
            share(coverage.typed_unresolved),
            share(coverage.top),
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
