//! Points-to and call-graph analysis of a loaded package: facts lowered in
//! memory (no fact files), a rule set of `cpyg-rules` run to its fixed point,
//! and the results decoded into names.

pub mod names;
pub mod policy;
pub mod propose;
pub mod roots;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::Mutex;

use cpyg_facts::lower::{lower_package, Facts, SkippedModule};
use cpyg_facts::schema::{CodeKind, RelationId};
use cpyg_rules::objects::Obj;
use cpyg_rules::{RuleSet, Solution, Step};

use crate::facts::{check_something_left, decode_inputs, package_input, Decoded};
use crate::profile::{PhaseRecord, Profiler};

pub use names::Names;
pub use policy::Rules;

/// A solved package.
pub struct Analysis {
    pub facts: Facts,
    pub solution: Solution,
    pub names: Names,
    /// Modules left out (did not compile, could not be decoded or lowered).
    pub skipped: Vec<SkippedModule>,
    /// Every phase so far, with its steps (`crate::profile`).
    pub profile: Vec<PhaseRecord>,
    /// The CFG and CDG, once [`Analysis::build_control`] has run.
    pub control: Option<cpyg_control::Control>,
    /// Which code objects `control` covers.
    pub control_scope: ControlScope,
    /// The data-dependence graph of the code objects `control` covers, once
    /// [`Analysis::build_ddg`] has run.
    pub ddg: Option<cpyg_ddg::Ddg>,
    /// What was analysed, with what.
    pub provenance: Provenance,
    /// Where the analysis started, and why.
    pub roots: roots::Chosen,
}

/// Where the analysed code came from, for the summary line and `meta`.
#[derive(Clone, Debug, Default)]
pub struct Provenance {
    /// The version (`3.12.1`) and path of the interpreter that compiled the sources;
    /// none for `.pyc` inputs.
    pub interpreter: Option<(String, String)>,
    /// The inputs as given.
    pub inputs: Vec<String>,
    /// Each decoded module: dotted name, file relative to the input root, SHA-256 of the file.
    pub modules: Vec<(String, String, String)>,
}

impl Provenance {
    /// The provenance of a package just loaded and decoded.
    pub fn of_inputs(
        inputs: &[PathBuf],
        interpreter: Option<&crate::load::Interpreter>,
        package: &crate::package::SemanticPackage,
        root: &std::path::Path,
    ) -> Provenance {
        let modules = package
            .modules
            .iter()
            .map(|m| {
                // A file that vanished since it was read has no hash to show.
                let sha256 = cpyg_facts::write::sha256_file(&m.path).unwrap_or_default();
                (m.name.clone(), crate::facts::relative_file(root, &m.path), sha256)
            })
            .collect();
        Provenance {
            interpreter: interpreter.map(|i| (i.version.clone(), i.path.to_string_lossy().into_owned())),
            inputs: inputs.iter().map(|p| p.display().to_string()).collect(),
            modules,
        }
    }

    /// The provenance recorded in a fact directory's manifest.
    pub fn of_manifest(manifest: &cpyg_facts::read::Manifest) -> Provenance {
        let interpreter = manifest
            .interpreter
            .as_ref()
            .map(|version| (version.clone(), manifest.interpreter_path.clone().unwrap_or_default()));
        Provenance { interpreter, inputs: manifest.inputs.clone(), modules: manifest.modules.clone() }
    }
}

/// The products built after the fixed point: the CFG and CDG of some code objects, and
/// the data-dependence graph (of the code objects with a CFG; the reachable ones get one
/// when `control` names none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Products {
    pub control: ControlScope,
    pub ddg: bool,
}

impl From<ControlScope> for Products {
    fn from(control: ControlScope) -> Products {
        Products { control, ddg: false }
    }
}

/// Which code objects get control products.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ControlScope {
    /// None: `--no-control`.
    Skip,
    /// The code objects the solution reaches (the default).
    Reachable,
    /// Every code object of the package.
    All,
}

impl ControlScope {
    /// As `meta` records it: `none`, `reachable` or `all`.
    pub fn name(self) -> &'static str {
        match self {
            ControlScope::Skip => "none",
            ControlScope::Reachable => "reachable",
            ControlScope::All => "all",
        }
    }
}

/// Loads `inputs` (as `cpyg facts` does), lowers them and solves the `insensitive` rule set.
pub fn analyze(inputs: &[PathBuf], python: Option<&str>, threads: usize) -> Result<Analysis, crate::Error> {
    analyze_with(inputs, python, RuleSet::Insensitive, threads)
}

/// Loads, lowers and solves `rule_set` on `threads` threads.
pub fn analyze_with(
    inputs: &[PathBuf],
    python: Option<&str>,
    rule_set: RuleSet,
    threads: usize,
) -> Result<Analysis, crate::Error> {
    analyze_profiled(inputs, python, rule_set, threads, Profiler::new())
}

/// [`analyze_with`], recording its phases into `profiler` (which may hold earlier ones).
pub fn analyze_profiled(
    inputs: &[PathBuf],
    python: Option<&str>,
    rule_set: RuleSet,
    threads: usize,
    profiler: Profiler,
) -> Result<Analysis, crate::Error> {
    analyze_from(inputs, python, rule_set, &roots::Start::modules(), threads, profiler)
}

/// [`analyze_profiled`] from the roots `start` asks for.
pub fn analyze_from(
    inputs: &[PathBuf],
    python: Option<&str>,
    rules: impl Into<Rules>,
    start: &roots::Start,
    threads: usize,
    mut profiler: Profiler,
) -> Result<Analysis, crate::Error> {
    let rules = rules.into();
    let threads = threads.max(1);
    let Decoded { root, package, skipped, provenance, .. } = decode_inputs(inputs, python, threads, &mut profiler)?;
    profiler.begin("lower");
    let lowered = lower_package(&package_input(&package, &root), threads)?;
    check_something_left(&package, &lowered, &skipped)?;
    // The decoded code objects are not read again: their memory goes to the solver (half a
    // gigabyte on kubernetes).
    drop(package);
    let mut skipped = skipped;
    skipped.extend(lowered.skipped.iter().cloned());
    skipped.sort_by(|a, b| a.module.cmp(&b.module));
    let names = Names::new(&lowered.facts)?;
    let chosen = roots::choose(&lowered.facts, &names, start, &roots::metadata_folders(inputs))?;
    let policy = rules.policy_rows(&names)?;
    let (solution, profiler) = solve_profiled(&lowered.facts, rules.set, &policy, &chosen.roots, threads, profiler)?;
    Ok(Analysis::solved(lowered.facts, names, solution, skipped, profiler.finish(), provenance, chosen))
}

impl Analysis {
    /// A solved package with its names, before any control product.
    pub fn solved(
        facts: Facts,
        mut names: Names,
        solution: Solution,
        skipped: Vec<SkippedModule>,
        profile: Vec<PhaseRecord>,
        provenance: Provenance,
        roots: roots::Chosen,
    ) -> Analysis {
        names.name_type_classes(&solution.type_classes, &solution.symbols);
        let control_scope = ControlScope::Skip;
        Analysis {
            facts,
            solution,
            names,
            skipped,
            profile,
            control: None,
            control_scope,
            ddg: None,
            provenance,
            roots,
        }
    }
}

/// Solves `facts` as the phase `solve`, its steps (substitution, each round's
/// preparation and fixed point, coverage) recorded and shown as progress.
pub fn solve_profiled(
    facts: &Facts,
    rule_set: RuleSet,
    policy: &[(u32, cpyg_rules::context::Attribute)],
    roots: &cpyg_rules::Roots,
    threads: usize,
    mut profiler: Profiler,
) -> Result<(Solution, Profiler), crate::Error> {
    profiler.begin("solve");
    // The profiler, and what the last round ended with (shown while the next one runs).
    let state = Mutex::new((profiler, String::new()));
    let observe = |step: Step| {
        let mut state = state.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let (profiler, last_round) = &mut *state;
        match step {
            Step::Substitute => profiler.step("substitute"),
            Step::Prepare => profiler.step("prepare"),
            Step::Guess => profiler.step("guess class orders"),
            Step::Orders { round } => profiler.step(&format!("round {round} orders")),
            Step::FixedPoint { round } => profiler.step(&format!("round {round} fixed point")),
            Step::RoundEnded { round, pts, call_edges, last } => {
                let next = if last { "class orders held" } else { "class orders changed" };
                *last_round = format!("(round {round}: {pts} points-to rows, {call_edges} call edges; {next})");
            }
            Step::Coverage => profiler.step("coverage"),
            Step::Done => profiler.end_all(),
        }
        if !last_round.is_empty() {
            crate::monitor::set_detail(last_round.clone());
        }
    };
    let solution = cpyg_rules::solve_rooted(facts, rule_set, policy, roots, threads, &observe)?;
    let (profiler, _) = state.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());
    Ok((solution, profiler))
}

impl Analysis {
    /// Builds the CFG and CDG of the code objects `scope` names, as the phase `control`.
    pub fn build_control(&mut self, scope: ControlScope) -> Result<(), crate::Error> {
        let codes: Vec<u32> = match scope {
            ControlScope::Skip => return Ok(()),
            ControlScope::Reachable => self.solution.reachable.clone(),
            ControlScope::All => self.facts.rows(RelationId::Code).map(|r| r[0]).collect(),
        };
        let mut codes = codes;
        codes.sort_unstable();
        codes.dedup();
        let mut unresolved: Vec<u32> = self.solution.unresolved.iter().map(|&(site, _)| site).collect();
        unresolved.sort_unstable();
        unresolved.dedup();
        let mut profiler = Profiler::new();
        profiler.begin("control");
        let control = cpyg_control::build_observed(&self.facts, &codes, &unresolved, &mut |step| profiler.step(step))?;
        self.profile.extend(profiler.finish());
        self.control = Some(control);
        self.control_scope = scope;
        Ok(())
    }

    /// Builds the products asked for after the fixed point.
    pub fn build_products(&mut self, products: Products) -> Result<(), crate::Error> {
        self.build_control(products.control)?;
        if products.ddg {
            self.build_ddg(cpyg_ddg::Options::default())?;
        }
        Ok(())
    }

    /// Builds the data-dependence graph, as the phase `ddg`, of the code objects the
    /// control products cover (built first for the reachable ones when they are not).
    pub fn build_ddg(&mut self, options: cpyg_ddg::Options) -> Result<(), crate::Error> {
        if self.control.is_none() {
            self.build_control(ControlScope::Reachable)?;
        }
        let Some(control) = &self.control else { return Ok(()) };
        let mut profiler = Profiler::new();
        profiler.begin("ddg");
        let ddg = cpyg_ddg::build(&self.facts, &self.solution, control, options)?;
        self.profile.extend(profiler.finish());
        self.ddg = Some(ddg);
        Ok(())
    }

    /// Call edges in PyCG's shape: caller → callees; every module and function of
    /// the package is a key (with an empty set when it calls nothing). Calls made
    /// by class bodies and comprehensions belong to the enclosing function or module.
    pub fn callgraph_pycg(&self) -> BTreeMap<String, BTreeSet<String>> {
        let relative = Names::with_style(&self.facts, names::NameStyle::Relative);
        // The names were built from these facts once already.
        let names = relative.as_ref().unwrap_or(&self.names);
        self.callgraph_named(names)
    }

    /// [`Analysis::callgraph_pycg`] with full names.
    pub fn callgraph_full(&self) -> BTreeMap<String, BTreeSet<String>> {
        self.callgraph_named(&self.names)
    }

    fn callgraph_named(&self, names: &Names) -> BTreeMap<String, BTreeSet<String>> {
        let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (code, name) in names.code.iter().enumerate() {
            if names.scope[code] == code as u32 {
                graph.entry(name.clone()).or_default();
            }
        }
        for &(site, callee) in &self.solution.call_edge {
            if names.is_function(callee) {
                let caller = names.caller_of(site).to_string();
                graph.entry(caller).or_default().insert(names.code[callee as usize].clone());
            }
        }
        for &(site, ext) in &self.solution.calls_external {
            let caller = names.caller_of(site).to_string();
            graph.entry(caller).or_default().insert(names::external_name(ext, &self.solution.symbols));
        }
        graph
    }

    /// What `name` may point to: a local of the code objects named `scope`, or a
    /// global when `scope` names a module (an attribute when it names a class),
    /// each object described by [`Names::describe`].
    pub fn points_to(&self, scope: &str, name: &str) -> BTreeSet<String> {
        let symbols = &self.solution.symbols;
        let Some(sym) = symbols.id(name) else { return BTreeSet::new() };
        let codes: Vec<u32> =
            (0..self.names.code.len() as u32).filter(|&c| self.names.code[c as usize] == scope).collect();
        let mut found: BTreeSet<Obj> = BTreeSet::new();
        for &code in &codes {
            match self.names.kind[code as usize] {
                CodeKind::Module => {
                    let module = self.facts.rows(RelationId::ModuleCode).find(|r| r[1] == code).map(|r| r[0]);
                    if let Some(m) = module {
                        found.extend(self.field_values(Obj::Module(m), sym));
                    }
                }
                CodeKind::ClassBody => {
                    let class = self.names.class_body.iter().find(|(_, &body)| body == code).map(|(&k, _)| k);
                    if let Some(k) = class {
                        found.extend(self.field_values(Obj::Class(k), sym));
                    }
                }
                _ => found.extend(self.local_values(code, sym)),
            }
        }
        found.into_iter().map(|o| self.names.describe(o, symbols)).collect()
    }

    fn field_values(&self, base: Obj, name: u32) -> impl Iterator<Item = Obj> + '_ {
        let solution = &self.solution;
        let kept = solution.field.iter().filter(move |r| r.0 == base && r.1 == name).map(|r| r.2);
        let stored = solution.field_flow.iter().filter(move |r| r.1 == base && r.2 == name);
        kept.chain(stored.flat_map(move |r| solution.points_to(r.0).iter().map(|p| p.1)))
    }

    /// Values of the slots of `code` named `name`: the slot itself, or the cell it holds.
    fn local_values(&self, code: u32, name: u32) -> Vec<Obj> {
        let slots: Vec<u32> =
            self.facts.rows(RelationId::LocalSlot).filter(|r| r[0] == code && r[2] == name).map(|r| r[1]).collect();
        let mut values = Vec::new();
        for slot in slots {
            values.extend(self.solution.local.iter().filter(|r| r.0 == code && r.1 == slot).map(|r| r.2));
            for cell in self.solution.slot_cell.iter().filter(|r| r.0 == code && r.1 == slot).map(|r| r.2) {
                values.extend(self.solution.cell_value.iter().filter(|r| r.0 == cell).map(|r| r.1));
            }
        }
        values
    }
}
