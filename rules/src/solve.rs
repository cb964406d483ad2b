//! The driver: facts and knowledge into a rule set's program, rounds of the
//! fixed point with C3 orders recomputed in between, then coverage; results
//! sorted, so they are the same whatever the thread count.

use std::time::{Duration, Instant};

use cpyg_facts::lower::Facts;
use cpyg_facts::schema::{Operation, Protocol, RelationId};
use cpyg_facts::symbols::Symbols;

use crate::context::{Attribute, CallString, Context};
use crate::error::Error;
use crate::flow::Flow;
use crate::input::{insn_code, insns_of, rows};
use crate::knowledge::{Knowledge, Roots};
use crate::mro::{linearize, MroRow};
use crate::never_run::NeverRun;
use crate::objects::*;
use crate::sets::{CallSite1, Contextual, CoverageProgram, Insensitive, Orders, Prepare, RuleSet};
use crate::substitution::Substitution;

/// Derived relations, sorted and deduplicated.
#[derive(Debug, Default)]
pub struct Solution {
    pub rule_set: Option<RuleSet>,
    /// The facts' symbols, then the names the rules match that the package never spells.
    pub symbols: Symbols,
    pub rounds: usize,
    pub threads: usize,
    pub time: Duration,
    pub reachable: Vec<Code>,
    /// The points-to sets of the variables the solver kept (`Solution::points_to` answers
    /// for any variable).
    pub pts: Vec<(Var, Obj)>,
    /// `(var, representative)` for every variable the substitution replaced (`crate::substitution`):
    /// it holds exactly what its representative holds. Sorted by `var`.
    pub aliases: Vec<(Var, Var)>,
    pub local: Vec<(Code, Slot, Obj)>,
    /// Fields of modules and classes (`Solution::fields` gives every field).
    pub field: Vec<(Obj, Sym, Obj)>,
    /// `(var, base, name)`: field `name` of `base`, not a module or class, holds what `var` holds.
    pub field_flow: Vec<(Var, Obj, Sym)>,
    pub elem: Vec<(Obj, Obj)>,
    pub cell_value: Vec<(Obj, Obj)>,
    pub slot_cell: Vec<(Code, Slot, Obj)>,
    pub calls_external: Vec<(Insn, Ext)>,
    /// `(call, name)`: the call may be `type("name", bases, namespace)`, making a class.
    pub type_classes: Vec<(Insn, Sym)>,
    pub call_edge: Vec<(Insn, Code)>,
    /// The `call_edge` rows that only the callback fallback gives: an outside function whose
    /// behaviour is not modelled is assumed to call what it is given.
    pub assumed_call: Vec<(Insn, Code)>,
    pub invokes: Vec<(Insn, Insn)>,
    pub returns: Vec<(Code, Obj)>,
    /// `(code, kind)`: `code` may raise an exception of this kind (`Context::exception_kind`).
    pub raises: Vec<(Code, Obj)>,
    pub mro: Vec<MroRow>,
    pub unresolved: Vec<(Insn, Group)>,
    pub coverage: Vec<(Insn, Coverage)>,
    /// The call graph with contexts: `(caller context, site, callee context, callee)`. Every
    /// context is the empty call string under the insensitive rule set.
    pub context_call_edge: Vec<(CallString, Insn, CallString, Code)>,
    /// `(heap context, cell, object)`: what each cell an activation made may hold.
    pub context_cell_value: Vec<(CallString, Obj, Obj)>,
    /// Every activation a call site starts, and how it binds the site's own arguments
    /// (what the data-dependence graph follows from actuals to formals and back).
    pub call_binding: Vec<CallBinding>,
    /// The attributes the rule set gave code objects (every one `context` under `context`).
    pub policy: Vec<(Code, Attribute)>,
    /// The relations above with their contexts, under a rule set whose objects carry heap
    /// contexts; `None` under `insensitive`, whose objects are the same in every activation.
    pub contexts: Option<Contexts>,
}

/// What the data-dependence graph needs to tell activations apart: which contexts run
/// each code object, and what variables and cell slots hold in each. Sorted.
#[derive(Debug, Default)]
pub struct Contexts {
    /// `(ctx, code)`: code runs in `ctx` (module bodies in the root context).
    pub active: Vec<(CallString, Code)>,
    /// `(var, ctx, heap context, obj)`: `pts` of the kept variables (see `Solution::aliases`).
    pub pts: Vec<(Var, CallString, CallString, Obj)>,
    /// `(ctx, code, slot, heap context, cell)`: `slot_cell`.
    pub slot_cell: Vec<(CallString, Code, Slot, CallString, Obj)>,
}

impl Contexts {
    /// What `var` may point to, in each context: rows `(representative, ctx, heap context, obj)`.
    pub fn points_to<'a>(&'a self, solution: &Solution, var: Var) -> &'a [(Var, CallString, CallString, Obj)] {
        let kept = solution.representative(var);
        let start = self.pts.partition_point(|r| r.0 < kept);
        let end = start + self.pts[start..].partition_point(|r| r.0 == kept);
        &self.pts[start..end]
    }
}

/// Site `site`, in context `ctx`, runs `code` in `callee_ctx`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CallBinding {
    pub ctx: CallString,
    pub site: Insn,
    pub callee_ctx: CallString,
    pub code: Code,
    /// The parameter the site's first positional argument binds (1 after a bound
    /// receiver); `None` when the activation takes no argument from the site's own
    /// (a property getter, an implicit special method, a callback run by outside code).
    pub shift: Option<u32>,
    /// The site's result is what `code` returns (not so for `__init__` of a class call).
    pub result: bool,
}

impl Solution {
    /// The variable whose set `var` shares (itself when it was kept).
    pub fn representative(&self, var: Var) -> Var {
        match self.aliases.binary_search_by_key(&var, |&(v, _)| v) {
            Ok(at) => self.aliases[at].1,
            Err(_) => var,
        }
    }

    /// What `var` may point to: rows `(representative, obj)` of `pts`.
    pub fn points_to(&self, var: Var) -> &[(Var, Obj)] {
        let kept = self.representative(var);
        let start = self.pts.partition_point(|&(v, _)| v < kept);
        let end = start + self.pts[start..].partition_point(|&(v, _)| v == kept);
        &self.pts[start..end]
    }

    /// How many `(var, obj)` pairs hold, every variable counted.
    pub fn points_to_count(&self) -> u64 {
        let aliased: u64 = self.aliases.iter().map(|&(_, kept)| self.points_to(kept).len() as u64).sum();
        self.pts.len() as u64 + aliased
    }

    /// Every `(var, obj)` pair, sorted.
    pub fn all_points_to(&self) -> Vec<(Var, Obj)> {
        let mut all = self.pts.clone();
        for &(var, kept) in &self.aliases {
            all.extend(self.points_to(kept).iter().map(|&(_, o)| (var, o)));
        }
        all.sort_unstable();
        all
    }

    /// Every field: those of modules and classes, and those the stores into other objects give.
    pub fn fields(&self) -> Vec<(Obj, Sym, Obj)> {
        let mut all = self.field.clone();
        for &(var, base, name) in &self.field_flow {
            all.extend(self.points_to(var).iter().map(|&(_, o)| (base, name, o)));
        }
        all.sort_unstable();
        all.dedup();
        all
    }
}

/// What the driver is about to do, or has just done: for progress displays and
/// profiles, which time each step from one report to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Replacing variables that provably hold the same objects.
    Substitute,
    /// Joining facts with facts, once (`crate::sets::Prepare`).
    Prepare,
    /// Guessing the class orders from module and class bodies alone.
    Guess,
    /// Round `round` (from 1) derives what the round's class orders give (`crate::sets::Orders`).
    Orders { round: usize },
    /// Round `round` runs the rules to their fixed point.
    FixedPoint { round: usize },
    /// Round `round` ended with these sizes; `last` when its classes' orders held.
    RoundEnded { round: usize, pts: usize, call_edges: usize, last: bool },
    /// Classifying call sites.
    Coverage,
    /// The solution is complete.
    Done,
}

/// Where the rounds' class orders start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstOrders {
    /// Every class alone: the first round finds the bases, a second uses them.
    Empty,
    /// Guessed by the rules with no call followed: the same fixed point, usually one
    /// round sooner (`tests/analysis_exactness.rs` compares the two).
    Guessed,
}

/// Runs `rule_set` over `facts` on `threads` threads.
pub fn solve(facts: &Facts, rule_set: RuleSet, threads: usize) -> Result<Solution, Error> {
    solve_observed(facts, rule_set, threads, &|_| {})
}

/// [`solve`], telling `observe` each [`Step`] as it starts.
pub fn solve_observed(
    facts: &Facts,
    rule_set: RuleSet,
    threads: usize,
    observe: &(dyn Fn(Step) + Sync),
) -> Result<Solution, Error> {
    solve_rooted(facts, rule_set, &[], &Roots::default(), threads, observe)
}

/// [`solve_observed`] from module bodies and `roots`; `policy` gives code objects their
/// attributes under the `selective` rule set (the other sets ignore it).
pub fn solve_rooted(
    facts: &Facts,
    rule_set: RuleSet,
    policy: &[(Code, Attribute)],
    roots: &Roots,
    threads: usize,
    observe: &(dyn Fn(Step) + Sync),
) -> Result<Solution, Error> {
    let started = Instant::now();
    observe(Step::Substitute);
    let policy = uniform_policy(facts, rule_set, policy);
    let flow_codes: Vec<Code> = policy.iter().filter(|p| p.1 == Attribute::Flow).map(|p| p.0).collect();
    let substitution = Substitution::with_flow(facts, Flow::of(facts, &flow_codes)?);
    let first = FirstOrders::Guessed;
    let mut solution = solve_substituted(facts, rule_set, &policy, roots, threads, &substitution, first, observe)?;
    solution.time = started.elapsed();
    Ok(solution)
}

/// [`solve`] with the given variable substitution ([`Substitution::identity`] for none)
/// and first class orders (flow sensitivity is the substitution's).
pub fn solve_with(
    facts: &Facts,
    rule_set: RuleSet,
    threads: usize,
    substitution: &Substitution,
    first: FirstOrders,
) -> Result<Solution, Error> {
    let policy = uniform_policy(facts, rule_set, &[]);
    solve_substituted(facts, rule_set, &policy, &Roots::default(), threads, substitution, first, &|_| {})
}

/// Stack size of the solver's worker threads.
const WORKER_STACK: usize = 64 << 20;

#[allow(clippy::too_many_arguments)]
fn solve_substituted(
    facts: &Facts,
    rule_set: RuleSet,
    policy: &[(Code, Attribute)],
    roots: &Roots,
    threads: usize,
    substitution: &Substitution,
    first: FirstOrders,
    observe: &(dyn Fn(Step) + Sync),
) -> Result<Solution, Error> {
    let started = Instant::now();
    let mut symbols = facts.symbols.clone();
    let knowledge = Knowledge::new(&mut symbols, facts, roots)?;
    // The fixed point's rule functions have frames of hundreds of KiB (every join of a stratum
    // in one function), and a worker waiting in a parallel join runs stolen jobs on top of its
    // stack: 2 MiB, the default, overflowed on requests. Untouched stack costs no memory.
    // A sequential program (the default build) runs on one of the pool's threads.
    let threads = if cfg!(feature = "parallel") { threads.max(1) } else { 1 };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(WORKER_STACK)
        .build()
        .map_err(|e| Error::Threads { threads, message: e.to_string() })?;
    let mut solution = pool.install(|| match rule_set {
        RuleSet::Insensitive | RuleSet::Flow => {
            run::<Insensitive>(facts, &knowledge, policy, substitution, first, observe)
        }
        RuleSet::Context | RuleSet::Complete | RuleSet::Selective => {
            run::<Contextual>(facts, &knowledge, policy, substitution, first, observe)
        }
        RuleSet::CallSite1 => run::<CallSite1>(facts, &knowledge, policy, substitution, first, observe),
    })?;
    observe(Step::Done);
    solution.rule_set = Some(rule_set);
    solution.policy = sorted(policy);
    solution.symbols = symbols;
    solution.threads = threads;
    solution.time = started.elapsed();
    Ok(solution)
}

/// The policy a rule set gives code objects: the same attributes to every one, or under
/// `selective` the given ones.
fn uniform_policy(facts: &Facts, rule_set: RuleSet, given: &[(Code, Attribute)]) -> Vec<(Code, Attribute)> {
    let every = |attributes: &[Attribute]| {
        facts.rows(RelationId::Code).flat_map(|c| attributes.iter().map(move |&a| (c[0], a))).collect()
    };
    match rule_set {
        RuleSet::Insensitive | RuleSet::CallSite1 => Vec::new(),
        RuleSet::Context => every(&[Attribute::Context]),
        RuleSet::Flow => every(&[Attribute::Flow]),
        RuleSet::Complete => every(Attribute::ALL),
        RuleSet::Selective => sorted(given),
    }
}

/// What the driver needs of a rule set's program; every set includes the same
/// shared files, so one macro implements it for each.
trait Program: Default {
    /// Copies the facts, knowledge and prepared relations of the preparation and the
    /// policy, and takes `mro` and the relations that depend on it from the round's orders.
    fn load(&mut self, prepared: &Prepare, orders: Orders, policy: &[(Code, Attribute)]);
    fn run(&mut self);
    /// Runs to the fixed point, or stops between two iterations once `limit` has passed
    /// (false then).
    fn run_for(&mut self, limit: std::time::Duration) -> bool;
    fn profile(&self) -> String;
    /// The values most often in each column of the largest derived relations (where a
    /// round that does not end spends itself).
    fn heaviest(&self) -> String;
    fn class_bases(&self) -> Vec<(Insn, u32, Obj)>;
    /// Leaves out every call site (the guess of the orders follows none).
    fn clear_calls(&mut self);
    fn round_sizes(&self) -> (usize, usize);
    fn into_solution(self, facts: &Facts, substitution: &Substitution) -> Result<Solution, String>;
}

fn run<P: Program>(
    facts: &Facts,
    knowledge: &Knowledge,
    policy: &[(Code, Attribute)],
    substitution: &Substitution,
    first: FirstOrders,
    observe: &(dyn Fn(Step) + Sync),
) -> Result<Solution, Error> {
    // Each round starts afresh from the facts and the orders the previous round's bases give. Orders
    // computed from more bases only add positions; the rounds end when bases stop changing.
    // Only the orders' part of the preparation depends on them: the rest is prepared once.
    let classes: Vec<Insn> =
        sorted_owned(rows::<(u32, u32, u32, u32)>(facts, RelationId::BuildClass)?.iter().map(|r| r.0));
    let diagnostics = Diagnostics::from_env()?;
    observe(Step::Prepare);
    let prepared = prepare(facts, knowledge, substitution)?;
    if diagnostics.profile {
        eprintln!("{}", prepared_profile(&prepared));
    }
    // Classes `type(...)` may make are keyed by their call (`TypeCallClass`).
    let classes: Vec<Insn> = sorted_owned(classes.into_iter().chain(prepared.TypeCallClass.iter().map(|r| r.0)));
    let prepared = kept_relations(prepared);
    let mut mro = linearize(&classes, &[], diagnostics.max_orders);
    if first == FirstOrders::Guessed && !classes.is_empty() {
        // A first guess at the bases: the rules with no call followed, so that only module
        // and class bodies run. It costs a small part of a round and usually finds every
        // base, so the first round is also the last (it still ends only when its orders
        // hold). Without calls the rules derive a subset of what they derive with them,
        // so the guess never holds a base the rounds would not find.
        observe(Step::Guess);
        let mut program = P::default();
        program.load(&prepared, orders(&prepared, &mro), policy);
        program.clear_calls();
        diagnostics.run(&mut program, "guess")?;
        mro = linearize(&classes, &program.class_bases(), diagnostics.max_orders);
    }
    let mut rounds = 0;
    loop {
        observe(Step::Orders { round: rounds + 1 });
        let orders = orders(&prepared, &mro);
        observe(Step::FixedPoint { round: rounds + 1 });
        let mut program = P::default();
        program.load(&prepared, orders, policy);
        rounds += 1;
        diagnostics.run(&mut program, &format!("round {rounds}"))?;
        let next = linearize(&classes, &program.class_bases(), diagnostics.max_orders);
        if diagnostics.profile {
            let several = next.iter().filter(|r| r.1 == 1 && r.2 == 1).count();
            let most = next.iter().map(|r| r.1 + 1).max().unwrap_or(0);
            eprintln!(
                "orders after round {}: {} rows, {several} classes with several, at most {most}",
                rounds,
                next.len()
            );
        }
        let (pts, call_edges) = program.round_sizes();
        observe(Step::RoundEnded { round: rounds, pts, call_edges, last: next == mro });
        if next == mro {
            observe(Step::Coverage);
            let mut solution = program.into_solution(facts, substitution)?;
            solution.rounds = rounds;
            return Ok(solution);
        }
        mro = next;
    }
}

/// Appends the eight values most frequent in each column of `rows` to `text`.
fn heaviest<A, B>(text: &mut String, name: &str, rows: impl Iterator<Item = (A, B)>)
where
    A: std::fmt::Debug + std::hash::Hash + Eq + Ord,
    B: std::fmt::Debug + std::hash::Hash + Eq + Ord,
{
    use std::collections::HashMap;
    fn top<T: std::fmt::Debug + Ord>(counts: HashMap<T, usize>) -> String {
        let mut counts: Vec<(usize, T)> = counts.into_iter().map(|(k, n)| (n, k)).collect();
        counts.sort_by(|a, b| b.cmp(a));
        counts.iter().take(8).map(|(n, k)| format!("    {n:>9} {k:?}\n")).collect()
    }
    let (mut first, mut second) = (HashMap::<A, usize>::new(), HashMap::<B, usize>::new());
    for (a, b) in rows {
        *first.entry(a).or_default() += 1;
        *second.entry(b).or_default() += 1;
    }
    text.push_str(&format!("{name}: heaviest first columns\n{}  heaviest last columns\n{}", top(first), top(second)));
}

/// The kinds of the objects `pts` holds: distinct objects per kind over all variables, and
/// per kind in the variable that holds the most, to tell a hub of package objects from one
/// of outside values.
fn object_kinds(text: &mut String, rows: impl Iterator<Item = (Var, Obj)>) {
    use std::collections::{HashMap, HashSet};
    fn kind(o: &Obj) -> String {
        match o {
            Obj::External(e) => {
                let root = format!("{:?}", e.root);
                format!("External.{}/{}", root.split('(').next().unwrap_or(""), e.path().count())
            }
            _ => format!("{o:?}").split('(').next().unwrap_or("").to_string(),
        }
    }
    let mut by_var: HashMap<Var, Vec<Obj>> = HashMap::new();
    let mut all: HashSet<Obj> = HashSet::new();
    for (v, o) in rows {
        by_var.entry(v).or_default().push(o);
        all.insert(o);
    }
    let count = |objs: &mut dyn Iterator<Item = &Obj>| {
        let mut n: HashMap<String, usize> = HashMap::new();
        for o in objs {
            *n.entry(kind(o)).or_default() += 1;
        }
        let mut n: Vec<(usize, String)> = n.into_iter().map(|(k, c)| (c, k)).collect();
        n.sort_by(|a, b| b.cmp(a));
        n.iter().map(|(c, k)| format!("    {c:>9} {k}\n")).collect::<String>()
    };
    text.push_str(&format!("pts: distinct objects by kind\n{}", count(&mut all.iter())));
    text.push_str(&format!("pts: tuples by kind\n{}", count(&mut by_var.values().flatten())));
    if let Some((v, objs)) = by_var.iter().max_by_key(|(v, objs)| (objs.len(), **v)) {
        text.push_str(&format!("pts: objects of var {v} by kind\n{}", count(&mut objs.iter())));
    }
}

/// What the environment asks the driver to show of its programs.
struct Diagnostics {
    /// `CPYG_PROFILE`: rule times and relation sizes after each program.
    profile: bool,
    /// `CPYG_PROFILE_STOP=SECONDS`: a program still running after this long stops and
    /// prints its profile and heaviest keys so far instead of running on.
    stop: Option<std::time::Duration>,
    /// `CPYG_MRO_ORDERS=N`: the most orders a class may have (`crate::mro`), to measure
    /// what the limit costs and buys.
    max_orders: usize,
}

impl Diagnostics {
    fn from_env() -> Result<Diagnostics, Error> {
        let stop = match std::env::var("CPYG_PROFILE_STOP") {
            Err(_) => None,
            Ok(text) => Some(
                text.parse::<f64>()
                    .ok()
                    .filter(|s| s.is_finite() && *s >= 0.0)
                    .map(std::time::Duration::from_secs_f64)
                    .ok_or_else(|| {
                        Error::Environment(format!("CPYG_PROFILE_STOP: `{text}` is not a number of seconds"))
                    })?,
            ),
        };
        let max_orders = match std::env::var("CPYG_MRO_ORDERS") {
            Err(_) => crate::mro::MAX_ORDERS,
            Ok(text) => text
                .parse::<usize>()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| Error::Environment(format!("CPYG_MRO_ORDERS: `{text}` is not a positive number")))?,
        };
        Ok(Diagnostics { profile: std::env::var_os("CPYG_PROFILE").is_some(), stop, max_orders })
    }

    /// Runs `program` (the guess, or a round: `name`) to its fixed point, or fails once
    /// the stop has passed, after printing what it derived so far.
    fn run<P: Program>(&self, program: &mut P, name: &str) -> Result<(), Error> {
        if let Some(limit) = self.stop {
            if !program.run_for(limit) {
                eprintln!("{name}:\n{}\n{}", program.profile(), program.heaviest());
                return Err(Error::ProfileStop { program: name.to_string(), after: limit });
            }
        } else {
            program.run();
        }
        if self.profile {
            eprintln!("{name}:\n{}", program.profile());
        }
        Ok(())
    }
}

/// Fills the fact relations of a program, each from the relation of the same name.
macro_rules! load_facts {
    ($program:ident, $facts:ident, $substitution:ident, $never_run:ident; $($rel:ident),* $(,)?) => {
        $( $program.$rel = $substitution.rows($facts, RelationId::$rel, &$never_run)?.into_iter().collect(); )*
    };
}

/// Moves relations of the same name from one program into another.
macro_rules! move_relations {
    ($from:ident, $to:ident; $($rel:ident),* $(,)?) => {
        $( $to.$rel = std::mem::take(&mut $from.$rel).into_iter().collect(); )*
    };
}

/// Copies relations of the same name from one program into another.
macro_rules! copy_relations {
    ($from:ident, $to:ident; $($rel:ident),* $(,)?) => {
        $( $to.$rel = $from.$rel.clone().into_iter().collect(); )*
    };
}

/// Calls `$callback!($($args)*; ...)` with every fact relation the rules read.
macro_rules! fact_relations {
    ($callback:ident!($($args:tt)*)) => {
        $callback!($($args)*;
            Module, ModuleCode, Code, CodeParent, CodeArgs, Param, LocalSlot, CellSlot, FreeSlot,
            StackFlow, SameValue, HandlerVar, Const, ConstInt, CompiledString, LoadConst, LoadBuiltin, LoadLocal, StoreLocal,
            MakeCell, LoadCell, StoreCell, LoadCellRef, LoadClassCell, LoadGlobal, StoreGlobal, LoadName,
            StoreName, LoadNameFromMapping, LoadAttr, MethodSelf, StoreAttr, SuperAttr, Subscript, StoreSubscript,
            SliceSubscript, BuildContainer, ContainerItem, DictEntry, DictConstKeyEntry, ContainerAdd,
            DictAdd, ContainerExtend, DictMerge, ListToTuple, Unpack, UnpackItem, UnpackItemFromEnd,
            UnpackRest, MakeFunction, FunctionAttribute, BuildClass, ClassBody, ClassBase, ImportName,
            ImportModule, ImportResult, ImportFrom, ImportStar, Call, CallReceiver, CallArg, CallKeyword, CallStarArgs,
            CallStarKwargs, CallShape, CallIntrinsic, IntrinsicArg, ConstItem, Return, ReturnConst, Yield, Delegate, Await, GetIter, Next,
            GetAIter, GetANext, Raise, ExceptionRegion, InsnRegion, EnterContext, ExitContext, BinaryOp, UnaryOp,
            Compare, Contains, Identity, TruthTest, FormatValue, FormatSpec, DeleteAttr, BuildSlice, ConditionalJump, OutVar,
            InsnBlock, BlockEdge, EntryBlock,
        )
    };
}

/// Calls `$callback!($($args)*; ...)` with the relations the driver makes beside the facts
/// (`mro` apart: it changes between rounds).
macro_rules! knowledge_relations {
    ($callback:ident!($($args:tt)*)) => {
        $callback!($($args)*;
            InsnCode, ToBool, SpecialName, BinarySpecial, CompareSpecial, ContainerMethodEffect, ModuleAttribute,
            BuiltinFunction, BuiltinParameter, SpecialFallback, ConstModule, ConstRelativeModule, ConstReprFormat, ImplicitlyWrapped, ConstMethod, ContainerTypeMethod,
            BareOutsideBase, GenericBase, ImportableAs, Submodule, OutsideSubmodule, PrivateName, CapitalizedName, ConstName,
            OutsideCalled, OutsideArgument, OutsideElement, OutsideReceiver, NotRun,
        )
    };
}

/// Calls `$callback!($($args)*; ...)` with the fact, knowledge and prepared relations the
/// fixed-point rules read: only these outlive the preparation and are copied into each
/// program (most fact relations only the preparation reads, three in four; kubernetes' are
/// 36 million rows). `rules/tests/prepared.rs` checks the list against the rule files.
macro_rules! fixed_point_inputs {
    ($callback:ident!($($args:tt)*)) => {
        $callback!($($args)*;
            ModuleCode, CodeModule, DefaultStore, StaticDefault, CellSlot, LoadLocal, StoreCell, StoreAttr, SuperAttr,
            UnpackRest, MakeFunction, ClassBase, CallKeyword, CallStarArgs,
            CallStarKwargs, Delegate, GetIter, Next, GetAIter, GetANext, ExitContext, BinaryOp,
            TruthTest, InsnCode, SpecialName, ContainerMethodEffect, BuiltinFunction, BuiltinParameter, PrivateName,
            CapitalizedName, Copy, Alloc, LocalStore, StaticLocal, StaticField, StoreStatic,
            LoadStatic, ClassStore, AttrLoad, ImportStarInto, CallIn, CallPositional, NameArg, CallbackArg,
            PositionalParam, KeywordSlot, KeywordParam, VarArgsOf, KwArgsOf, KwDefaultsFlow,
            ReturnVar, ReturnsParameter, StaticReturn, ArgsGuardedReturn, NoneGuardedReturn, NoneTestedParam,
            NoneTestedPositional, NoneTestedKeyword, NoneTestedFunction, UnguardedReturn, LastPositional, NoPositional,
            ForwardingReturn, ForwardingSite, GeneratorCode, NeverCallsBack, ModelledBuiltin, ClassDefines,
            AttrStoredAnywhere, ClassBodyRun, ZeroArgumentCall, ClosureFlow, SlotCellLoad, CellLoad,
            ParamCell, StaticCellValue, ElemFlow, KeyedElemFlow, UnkeyedDisplay, ElemStore, DictStore, DisplayKey, DisplayValue, DictKeyRead, DictValueRead, ElemCopyTo, ElemCopyInto, ElemLoad,
            ItemLoad, ItemFlow, ExactTuple, StaticElem, KnownAll, AllName, ContainerMethodLoad,
            AsyncGeneratorCode, RaiseIn, RegionRaise, HandlerOf, CodeRegion, ReraisesTo, InsnRegion, ImplicitCall, ImplicitArg, ImplicitResult,
            FallbackCall, ReflectedCall, LeftMethod, ContextExit, OutsideCalled, OutsideArgument,
            OutsideElement, OutsideReceiver, NotRun, Subscript, SubscriptedBase, SpecialCallSite, SpecialFallback,
            MetaclassKeyword, ImplicitlyWrapped, ModuleNameArg, DeleteAttr, GlobalDefined, ConstMethod, ContainerTypeMethod,
            SliceLoad, EnterResult, SpecialCallArg, PercentFormat, WithFromList, KeyedCall,
            DefaultParam, CallSite, StarCall, LooseStarArgs, ClassStoresCall, ClassStoresValue, NamedItemStore, NamedItemLoad,
            StringRun, TypeCallClass, OutsideSubmodule,
        )
    };
}

/// Calls `$callback!($($args)*; ...)` with the relations only the orders program reads
/// beside the fixed point's (`orders` copies them from the kept preparation).
macro_rules! orders_only_inputs {
    ($callback:ident!($($args:tt)*)) => {
        $callback!($($args)*; BareOutsideBase, GenericBase, SelfStores)
    };
}

/// Calls `$callback!($($args)*; ...)` with the prepared relations the orders program derives
/// from `mro` (`crate::datalog::classes::classes_orders`).
macro_rules! order_relations {
    ($callback:ident!($($args:tt)*)) => {
        $callback!($($args)*; MroClass, OutsideBase, Owner, HasOwner, HasSpecial, NextDefiner, SuperNewOutside, OutsideInit, GenericClass,
            InstanceStored)
    };
}

/// Calls `$callback!($($args)*; ...)` with every relation `crate::datalog::prepared` declares
/// but those of [`order_relations`].
macro_rules! prepared_relations {
    ($callback:ident!($($args:tt)*)) => {
        $callback!($($args)*;
            Copy, Alloc, LocalStore, DefaultStore, StaticDefault, StaticLocal, CodeModule, GlobalDefined, PackageModuleName, StaticField,
            StoreStatic, LoadStatic, ClassStore, AttrLoad, ImportStarInto, CallIn, CallPositional, NameArg, CallbackArg,
            PositionalParam, KeywordSlot, KeywordParam, VarArgsOf, KwArgsOf, KwDefaultsFlow, ReturnVar,
            ReturnsParameter, StaticReturn, ArgsGuardedReturn, NoneGuardedReturn, NoneTestedParam, NoneTestedPositional,
            NoneTestedKeyword, NoneTestedFunction, UnguardedReturn, LastPositional, NoPositional,
            ForwardingReturn, ForwardingSite, GeneratorCode, NeverCallsBack, ModelledBuiltin, ClassDefinesIn, ClassDefines,
            AttrStoredAnywhere, SelfStores, IsSuperAttr, SubscriptedBase, ClassBodyRun, ZeroArgumentCall, ClosureFlow, SlotCellLoad, CellLoad, ParamCell,
            StaticCellValue, ElemFlow, KeyedElemFlow, UnkeyedDisplay, ElemStore, DictStore, DisplayKey, DisplayValue, DictKeyRead, DictValueRead, ElemCopyTo, ElemCopyInto, ElemLoad, ItemLoad, ItemFlow,
            ExactTuple, StaticElem, KnownAll, AllName, ContainerMethodLoad, AsyncGeneratorCode, RaiseIn, RegionRaise, HandlerOf, CodeRegion, ReraisesTo, ImplicitCall, ImplicitArg,
            ImplicitResult, FallbackCall, ReflectedCall, LeftMethod, ContextExit, SpecialCallSite, MetaclassKeyword,
            ModuleNameArg, SliceLoad, EnterResult, SpecialCallArg, PercentFormat, WithFromList, KeyedCall,
            DefaultParam, CallSite, StarCall, LooseStarArgs, ClassStoresCall, ClassStoresValue, NamedItemStore, NamedItemLoad,
            StringRun, TypeCallClass,
        )
    };
}

/// Runs the preparation program over the facts (variables substituted) and the knowledge.
fn prepare(facts: &Facts, knowledge: &Knowledge, substitution: &Substitution) -> Result<Prepare, String> {
    let mut prepare = Prepare::default();
    let never_run = NeverRun::of(facts);
    fact_relations!(load_facts!(prepare, facts, substitution, never_run));
    prepare.InsnCode = insn_code(facts).into_iter().collect();
    prepare.ToBool = insns_of(facts, Operation::ToBool).into_iter().collect();
    prepare.SpecialName = knowledge.special_names.iter().copied().collect();
    prepare.BinarySpecial = knowledge.binary_specials.iter().copied().collect();
    prepare.CompareSpecial = knowledge.compare_specials.iter().copied().collect();
    prepare.ContainerMethodEffect = knowledge.container_methods.iter().copied().collect();
    prepare.ModuleAttribute = knowledge.module_attributes.iter().copied().collect();
    prepare.BuiltinFunction = knowledge.builtin_functions.iter().copied().collect();
    prepare.BuiltinParameter = knowledge.builtin_parameters.iter().copied().collect();
    prepare.SpecialFallback = knowledge.special_fallbacks.iter().copied().collect();
    prepare.ConstModule = knowledge.constant_modules.iter().copied().collect();
    prepare.ConstRelativeModule = knowledge.constant_relative_modules.iter().copied().collect();
    prepare.ConstReprFormat = knowledge.constant_repr_formats.iter().copied().collect();
    prepare.ImplicitlyWrapped = knowledge.implicitly_wrapped.iter().copied().collect();
    prepare.ConstMethod = knowledge.const_methods.iter().copied().collect();
    prepare.ContainerTypeMethod = knowledge.container_type_methods.iter().copied().collect();
    prepare.BareOutsideBase = knowledge.bare_outside_bases.iter().copied().collect();
    prepare.GenericBase = knowledge.generic_bases.iter().copied().collect();
    prepare.ImportableAs = knowledge.importable_as.iter().copied().collect();
    prepare.Submodule = knowledge.submodules.iter().copied().collect();
    prepare.OutsideSubmodule = knowledge.outside_submodules.iter().copied().collect();
    prepare.PrivateName = knowledge.private_names.iter().copied().collect();
    prepare.CapitalizedName = knowledge.capitalized_names.iter().copied().collect();
    prepare.ConstName = knowledge.constant_names.iter().copied().collect();
    prepare.OutsideCalled = knowledge.outside_called.iter().copied().collect();
    prepare.OutsideArgument = knowledge.outside_arguments.iter().copied().collect();
    prepare.OutsideElement = knowledge.outside_elements.iter().copied().collect();
    prepare.OutsideReceiver = knowledge.outside_receivers.iter().copied().collect();
    prepare.NotRun = knowledge.not_run.iter().copied().collect();
    prepare.run();
    Ok(prepare)
}

/// The relations the rule sets and the orders program read from a finished preparation,
/// without the program's indices (every round copies them; its program builds its own).
fn kept_relations(mut prepared: Prepare) -> Prepare {
    let mut kept = Prepare::default();
    fixed_point_inputs!(move_relations!(prepared, kept));
    orders_only_inputs!(move_relations!(prepared, kept));
    kept
}

/// The round's `mro` and what depends on it (`crate::sets::Orders`).
fn orders(prepared: &Prepare, mro: &[MroRow]) -> Orders {
    let mut orders = Orders::default();
    orders.mro = mro.iter().copied().collect();
    copy_relations!(prepared, orders; ClassDefines, SpecialName);
    orders_only_inputs!(copy_relations!(prepared, orders));
    orders.run();
    orders
}

fn prepared_profile(prepare: &Prepare) -> String {
    format!("{}\n{}", prepare.scc_times_summary(), prepare.relation_sizes_summary())
}

/// `rows`, sorted and deduplicated, without a copy first.
fn sorted_owned<T: Ord>(rows: impl IntoIterator<Item = T>) -> Vec<T> {
    let mut rows: Vec<T> = rows.into_iter().collect();
    rows.sort_unstable();
    rows.dedup();
    rows
}

fn sorted<'a, T: Ord + Copy + 'a>(rows: impl IntoIterator<Item = &'a T>) -> Vec<T> {
    let mut rows: Vec<T> = rows.into_iter().copied().collect();
    rows.sort_unstable();
    rows.dedup();
    rows
}

/// Instructions that may call special methods implicitly, in reachable code, by family.
fn implicit_sites(facts: &Facts, reachable: &[Code]) -> Result<Vec<(Insn, Protocol)>, String> {
    let live: std::collections::HashSet<Code> = reachable.iter().copied().collect();
    let code_of: Vec<(u32, u32)> = insn_code(facts);
    let mut sites = Vec::new();
    for (insn, protocol) in rows::<(u32, u32)>(facts, RelationId::InsnProtocol)? {
        let protocol = Protocol::ALL.get(protocol as usize).copied().ok_or("InsnProtocol: unknown protocol")?;
        let code = code_of.get(insn as usize).map(|r| r.1).ok_or("InsnProtocol: unknown instruction")?;
        if live.contains(&code) && is_implicit_call(protocol) {
            sites.push((insn, protocol));
        }
    }
    Ok(sites)
}

/// Families whose special methods the interpreter calls on its own (attribute
/// access and explicit calls are counted elsewhere).
fn is_implicit_call(protocol: Protocol) -> bool {
    use Protocol::*;
    matches!(
        protocol,
        SubscrGet
            | SubscrSet
            | SubscrDel
            | Binary
            | Inplace
            | Unary
            | Compare
            | Contains
            | Truth
            | Iter
            | Next
            | ContextEnter
            | ContextExit
            | Await
            | AIter
            | ANext
            | Len
    )
}

fn coverage(
    live_call: Vec<(Insn, Var, Var)>,
    pts: &[(Var, Obj)],
    invokes: Vec<(Insn, Insn)>,
    call_edge: Vec<(Insn, Code)>,
    implicit_site: Vec<(Insn, Protocol)>,
) -> (Vec<(Insn, Group)>, Vec<(Insn, Coverage)>) {
    let mut by_var: std::collections::HashMap<Var, Vec<Obj>> = std::collections::HashMap::new();
    for &(v, o) in pts {
        by_var.entry(v).or_default().push(o);
    }
    let mut program = CoverageProgram::default();
    program.callee_obj = live_call
        .iter()
        .flat_map(|&(site, callee, _)| by_var.get(&callee).into_iter().flatten().map(move |&o| (site, o)))
        .collect();
    program.live_call = live_call;
    program.invokes = invokes;
    program.call_edge = call_edge;
    program.implicit_site = implicit_site;
    program.run();
    (sorted(&program.unresolved), sorted(&program.coverage))
}

macro_rules! program {
    ($set:ty, $ctx:ty) => {
        impl Program for $set {
            fn load(&mut self, prepared: &Prepare, mut orders: Orders, policy: &[(Code, Attribute)]) {
                fixed_point_inputs!(copy_relations!(prepared, self));
                order_relations!(move_relations!(orders, self));
                self.mro = std::mem::take(&mut orders.mro).into_iter().collect();
                self.Policy = policy.iter().copied().collect();
            }

            fn clear_calls(&mut self) {
                self.CallIn = Default::default();
            }

            fn run(&mut self) {
                <$set>::run(self);
            }

            fn run_for(&mut self, limit: std::time::Duration) -> bool {
                self.run_timeout(limit)
            }

            fn profile(&self) -> String {
                format!("{}\n{}", self.scc_times_summary(), self.relation_sizes_summary())
            }

            fn heaviest(&self) -> String {
                let mut text = String::new();
                heaviest(&mut text, "pts(var, obj)", self.pts.iter().map(|t| (t.1, t.3)));
                heaviest(&mut text, "local(code, slot, obj)", self.local.iter().map(|t| ((t.1, t.2), t.4)));
                heaviest(&mut text, "elem(container, obj)", self.elem.iter().map(|t| (t.1, t.3)));
                heaviest(&mut text, "elem_load(container, var)", self.elem_load.iter().map(|t| (t.1, t.3)));
                heaviest(&mut text, "elem_subset(source, container)", self.elem_subset.iter().map(|t| (t.1, t.3)));
                heaviest(&mut text, "field(obj, name, obj)", self.field.iter().map(|t| ((t.0, t.1), t.3)));
                heaviest(&mut text, "attr_load(obj, name, var)", self.attr_load.iter().map(|t| ((t.3, t.4), t.5)));
                heaviest(&mut text, "raises(code, kind)", self.raises.iter().map(|t| (t.1, t.2)));
                heaviest(&mut text, "reachable(ctx, code)", self.reachable.iter().map(|t| (t.1, t.0)));
                object_kinds(&mut text, self.pts.iter().map(|t| (t.1, t.3)));
                text
            }

            fn class_bases(&self) -> Vec<(Insn, u32, Obj)> {
                sorted(&self.class_base)
            }

            fn round_sizes(&self) -> (usize, usize) {
                (self.pts.len(), self.call_edge.len())
            }

            fn into_solution(self, facts: &Facts, substitution: &Substitution) -> Result<Solution, String> {
                let reachable: Vec<Code> = sorted_owned(self.reachable.iter().map(|r| r.1));
                let implicit = implicit_sites(facts, &reachable)?;
                let pts = sorted_owned(self.pts.iter().map(|r| (r.1, r.3)));
                let invokes = sorted(&self.invokes);
                let call_edge = sorted(&self.call_edge);
                let live_call = sorted_owned(self.live_call.iter().map(|r| (r.1, r.2, r.3)));
                let (unresolved, coverage) = coverage(live_call, &pts, invokes.clone(), call_edge.clone(), implicit);
                let heap = |h: &<$ctx as Context>::Heap| <$ctx as Context>::heap_call_string(h);
                // Flow-tracked stores reach their loads directly; the local still holds them.
                let stored = substitution.flow().tracked_stores().iter().flat_map(|&(code, slot, var)| {
                    let var = substitution.var(var);
                    let start = pts.partition_point(|p| p.0 < var);
                    pts[start..].iter().take_while(move |p| p.0 == var).map(move |p| (code, slot, p.1))
                });
                let local = sorted_owned(self.local.iter().map(|r| (r.1, r.2, r.4)).chain(stored));
                Ok(Solution {
                    reachable,
                    local,
                    field: sorted_owned(self.field.iter().map(|r| (r.0, r.1, r.3))),
                    field_flow: sorted_owned(
                        self.field_flow.iter().filter(|f| !f.3.is_namespace()).map(|f| (f.1, f.3, f.4)),
                    ),
                    aliases: substitution.aliases(),
                    elem: sorted_owned(self.elem.iter().map(|r| (r.1, r.3))),
                    cell_value: sorted_owned(self.cell_value.iter().map(|r| (r.1, r.3))),
                    slot_cell: sorted_owned(self.slot_cell.iter().map(|r| (r.1, r.2, r.4))),
                    calls_external: sorted(&self.calls_external),
                    type_classes: {
                        let calls: std::collections::HashSet<Insn> = self.TypeCallClass.iter().map(|r| r.0).collect();
                        sorted_owned(
                            self.NameArg.iter().filter(|r| r.1 == 0 && calls.contains(&r.0)).map(|r| (r.0, r.2)),
                        )
                    },
                    call_edge,
                    assumed_call: sorted(&self.assumed_call),
                    returns: sorted_owned(self.returns.iter().map(|r| (r.1, r.3))),
                    raises: sorted_owned(self.raises.iter().map(|r| (r.1, r.2))),
                    mro: sorted(&self.mro),
                    context_call_edge: sorted_owned(
                        self.context_call_edge.iter().map(|r| (r.0.call_string(), r.1, r.2.call_string(), r.3)),
                    ),
                    context_cell_value: sorted_owned(self.cell_value.iter().map(|r| (heap(&r.0), r.1, r.3))),
                    call_binding: {
                        let code_of: std::collections::HashMap<Insn, Code> =
                            self.MakeFunction.iter().map(|r| (r.0, r.1)).collect();
                        let mut shifts: std::collections::HashMap<_, Vec<u32>> = std::collections::HashMap::new();
                        for r in self.call_args_to.iter() {
                            shifts.entry((r.0.clone(), r.1, r.2, r.4.clone())).or_default().push(r.3);
                        }
                        let result: std::collections::HashSet<_> =
                            self.result_to.iter().map(|r| (r.0.clone(), r.1, r.2)).collect();
                        sorted_owned(self.invocation.iter().flat_map(|r| {
                            let key = (r.0.clone(), r.1, r.2, r.3.clone());
                            let shifts: Vec<Option<u32>> = match shifts.get(&key) {
                                Some(all) => all.iter().copied().map(Some).collect(),
                                None => vec![None],
                            };
                            let code = code_of.get(&r.2).copied();
                            let result = result.contains(&(r.0.clone(), r.1, r.2));
                            shifts.into_iter().filter_map(move |shift| {
                                Some(CallBinding {
                                    ctx: r.0.call_string(),
                                    site: r.1,
                                    callee_ctx: r.3.call_string(),
                                    code: code?,
                                    shift,
                                    result,
                                })
                            })
                        }))
                    },
                    contexts: <$ctx as Context>::HEAP_CONTEXTS.then(|| Contexts {
                        active: sorted_owned(self.active.iter().map(|r| (r.0.call_string(), r.1))),
                        pts: sorted_owned(self.pts.iter().map(|r| (r.1, r.0.call_string(), heap(&r.2), r.3))),
                        slot_cell: sorted_owned(
                            self.slot_cell.iter().map(|r| (r.0.call_string(), r.1, r.2, heap(&r.3), r.4)),
                        ),
                    }),
                    pts,
                    invokes,
                    unresolved,
                    coverage,
                    ..Solution::default()
                })
            }
        }
    };
}

program!(Insensitive, crate::sets::insensitive::Ctx);
program!(Contextual, crate::sets::contextual::Ctx);
program!(CallSite1, crate::sets::callsite1::Ctx);

/// The names of a relation list's relations.
macro_rules! relation_names {
    (; $($rel:ident),* $(,)?) => { vec![$(stringify!($rel)),*] };
}

/// The relations the preparation and the orders program derive, as the driver lists them:
/// every one `crate::datalog::prepared` declares (`rules/tests/prepared.rs` checks it).
pub fn moved_prepared_relations() -> Vec<&'static str> {
    let mut names = prepared_relations!(relation_names!());
    names.extend(order_relations!(relation_names!()));
    names
}

/// The relations of the facts, the knowledge and the preparation.
pub fn input_relations() -> Vec<&'static str> {
    let mut names = fact_relations!(relation_names!());
    names.extend(knowledge_relations!(relation_names!()));
    names.extend(prepared_relations!(relation_names!()));
    names
}

/// The input relations the driver copies into the fixed-point program, and those it keeps
/// for the orders program alone.
pub fn fixed_point_inputs() -> (Vec<&'static str>, Vec<&'static str>) {
    (fixed_point_inputs!(relation_names!()), orders_only_inputs!(relation_names!()))
}
