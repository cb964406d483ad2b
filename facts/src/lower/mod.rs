//! Lowering a decoded package into facts, one code object at a time.
//!
//! Each code object is lowered on its own (in parallel) into a [`FactSet`] whose
//! instruction, variable, block, constant and region ids are local (from 0) and
//! whose symbols are a local table. [`lower_package`] then concatenates the sets
//! in code id order, adding per-code offsets to every column of those types and
//! mapping local symbols to global ones, which the column types of the schema
//! say how to do. The result is the same whatever the thread count.
//!
//! One file per area: [`structure`] (modules, code objects, parameters, slots),
//! [`insns`] (origin, operation, locations, protocols), [`stack`] (operand-stack
//! flow), [`consts`], [`names`] (locals, globals, names, cells), [`attrs`],
//! [`subscripts`], [`containers`] (containers, unpacking, formatting),
//! [`functions`] (functions and classes), [`imports`], [`calls`],
//! [`generators`] (returns, yields, awaits, raise), [`iteration`], [`context`]
//! (context managers), [`operators`] (operators, comparisons, truth tests),
//! [`exceptions`] (regions, handlers, matching), [`control`] (blocks and edges).

mod attrs;
mod calls;
mod consts;
mod containers;
mod context;
mod control;
mod exceptions;
mod functions;
mod generators;
mod imports;
mod insns;
mod iteration;
mod names;
mod operators;
mod stack;
mod structure;
mod subscripts;

use std::ops::Range;

use rayon::prelude::*;

use cpyg_adapters::sem::{Instr, Op, SelfSlot};

use crate::cfg::{code_cfg, Cfg};
use crate::check::{check_code, CheckReport};
use crate::flow::{code_flow, CodeFlow};
use crate::input::{CodeInput, PackageInput};
use crate::schema::{ColumnType, RelationId, Row, RELATIONS};
use crate::symbols::Symbols;

/// Facts with local ids, as one code object (or the package's module list) produces them.
#[derive(Debug, Default)]
pub struct FactSet {
    tables: Vec<Vec<u32>>,
    pub symbols: Symbols,
    /// How many ids of each per-code entity this set uses (the offsets of the next set).
    pub insns: u32,
    pub vars: u32,
    pub blocks: u32,
    pub consts: u32,
    pub regions: u32,
}

impl FactSet {
    pub fn new() -> FactSet {
        FactSet { tables: vec![Vec::new(); RELATIONS.len()], ..FactSet::default() }
    }

    pub fn push<R: Row>(&mut self, row: R) {
        row.write_to(&mut self.tables[R::ID as usize]);
    }

    pub fn sym(&mut self, text: &str) -> u32 {
        self.symbols.intern(text)
    }

    /// Rows of one relation, in the order they were pushed.
    pub fn rows(&self, id: RelationId) -> impl Iterator<Item = &[u32]> {
        self.tables[id as usize].chunks_exact(id.arity().max(1))
    }
}

/// The facts of a whole package: global ids, rows sorted and deduplicated.
#[derive(Debug)]
pub struct Facts {
    pub minor: u8,
    pub symbols: Symbols,
    tables: Vec<Vec<u32>>,
}

impl Facts {
    pub fn rows(&self, id: RelationId) -> impl Iterator<Item = &[u32]> {
        self.tables[id as usize].chunks_exact(id.arity().max(1))
    }

    pub fn count(&self, id: RelationId) -> usize {
        self.tables[id as usize].len() / id.arity().max(1)
    }

    /// Rows of one relation, to edit in place (tools that rewrite facts; tests
    /// corrupt a fact set to see the check catch it). Order is not restored.
    pub fn rows_mut(&mut self, id: RelationId) -> impl Iterator<Item = &mut [u32]> {
        self.tables[id as usize].chunks_exact_mut(id.arity().max(1))
    }
}

/// A module left out of the facts, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkippedModule {
    pub module: String,
    pub file: String,
    pub reason: String,
}

#[derive(Debug)]
pub struct Lowered {
    pub facts: Facts,
    /// Modules whose code could not be lowered; ids of the others are renumbered densely.
    pub skipped: Vec<SkippedModule>,
    /// The per-code consistency check of every code object, when asked for
    /// ([`lower_package_checked`]), merged in code id order.
    pub check: Option<CheckReport>,
}

/// Lowers every code object on `threads` threads. A module any of whose code
/// objects cannot be lowered is left out (and listed in `skipped`).
pub fn lower_package(input: &PackageInput<'_>, threads: usize) -> Result<Lowered, String> {
    lower(input, threads, false)
}

/// [`lower_package`], also running [`check_code`] on each code object's flow and
/// graph as they are lowered (a code object that cannot be lowered is a violation).
pub fn lower_package_checked(input: &PackageInput<'_>, threads: usize) -> Result<Lowered, String> {
    lower(input, threads, true)
}

fn lower(input: &PackageInput<'_>, threads: usize, check: bool) -> Result<Lowered, String> {
    let children = input.children();
    let lower_one = |code: &CodeInput<'_>| lower_code(input, code, &children[code.id as usize], check);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| format!("cannot start the lowering threads: {e}"))?;
    let results: Vec<(Result<FactSet, String>, Option<CheckReport>)> = pool.install(|| input.codes.par_iter().map(lower_one).collect());
    let mut report = check.then(CheckReport::default);
    let mut sets = Vec::with_capacity(results.len());
    for (set, one) in results {
        if let (Some(report), Some(one)) = (report.as_mut(), one) {
            report.merge(one);
        }
        sets.push(set);
    }

    let mut failed_modules: Vec<Option<String>> = vec![None; input.modules.len()];
    for (code, set) in input.codes.iter().zip(&sets) {
        if let Err(e) = set {
            let slot = failed_modules
                .get_mut(code.module as usize)
                .ok_or_else(|| format!("code object {} names module {}, which is not in the input", code.id, code.module))?;
            if slot.is_none() {
                *slot = Some(format!("code object {}: {e}", code.qualname));
            }
        }
    }
    let skipped = input
        .modules
        .iter()
        .zip(&failed_modules)
        .filter_map(|(m, reason)| {
            reason.as_ref().map(|r| SkippedModule { module: m.name.to_string(), file: m.file.clone(), reason: r.clone() })
        })
        .collect();
    let renumber = Renumbering::new(input, &failed_modules);

    let mut merged = Merger::new(&renumber);
    merged.absorb(&structure::lower_modules(input, &failed_modules));
    for (code, set) in input.codes.iter().zip(sets) {
        if failed_modules[code.module as usize].is_none() {
            if let Ok(set) = set {
                merged.absorb(&set);
            }
        }
    }
    Ok(Lowered { facts: merged.finish(input.minor), skipped, check: report })
}

/// Dense module and code ids once skipped modules are left out.
pub(crate) struct Renumbering {
    modules: Vec<Option<u32>>,
    codes: Vec<Option<u32>>,
}

impl Renumbering {
    fn new(input: &PackageInput<'_>, failed: &[Option<String>]) -> Renumbering {
        let mut next = 0;
        let modules: Vec<Option<u32>> = failed
            .iter()
            .map(|f| {
                f.is_none().then(|| {
                    next += 1;
                    next - 1
                })
            })
            .collect();
        let mut next = 0;
        let codes = input
            .codes
            .iter()
            .map(|c| {
                modules.get(c.module as usize).copied().flatten().map(|_| {
                    next += 1;
                    next - 1
                })
            })
            .collect();
        Renumbering { modules, codes }
    }

    pub(crate) fn module(&self, id: u32) -> Option<u32> {
        self.modules.get(id as usize).copied().flatten()
    }

    fn code(&self, id: u32) -> Option<u32> {
        self.codes.get(id as usize).copied().flatten()
    }
}

/// Concatenates fact sets, turning local ids into global ones by column type.
struct Merger<'a> {
    renumber: &'a Renumbering,
    symbols: Symbols,
    tables: Vec<Vec<u32>>,
    insns: u32,
    vars: u32,
    blocks: u32,
    consts: u32,
    regions: u32,
}

impl<'a> Merger<'a> {
    fn new(renumber: &'a Renumbering) -> Merger<'a> {
        Merger {
            renumber,
            symbols: Symbols::new(),
            tables: vec![Vec::new(); RELATIONS.len()],
            insns: 0,
            vars: 0,
            blocks: 0,
            consts: 0,
            regions: 0,
        }
    }

    fn absorb(&mut self, set: &FactSet) {
        let symbol_map = self.symbols.absorb(&set.symbols);
        for (index, relation) in RELATIONS.iter().enumerate() {
            let arity = relation.columns.len();
            let out = &mut self.tables[index];
            'rows: for row in set.tables[index].chunks_exact(arity) {
                let start = out.len();
                for (value, column) in row.iter().zip(relation.columns) {
                    let global = match column.ty {
                        ColumnType::Insn => Some(value + self.insns),
                        ColumnType::Var => Some(value + self.vars),
                        ColumnType::Block => Some(value + self.blocks),
                        ColumnType::Const => Some(value + self.consts),
                        ColumnType::Region => Some(value + self.regions),
                        ColumnType::Symbol => symbol_map.get(*value as usize).copied(),
                        ColumnType::Module => self.renumber.module(*value),
                        ColumnType::Code => self.renumber.code(*value),
                        ColumnType::Number | ColumnType::Bool | ColumnType::Text | ColumnType::Enum(_) => Some(*value),
                    };
                    match global {
                        Some(v) => out.push(v),
                        // A reference into a skipped module: the row goes with it.
                        None => {
                            out.truncate(start);
                            continue 'rows;
                        }
                    }
                }
            }
        }
        self.insns += set.insns;
        self.vars += set.vars;
        self.blocks += set.blocks;
        self.consts += set.consts;
        self.regions += set.regions;
    }

    fn finish(self, minor: u8) -> Facts {
        let tables = self
            .tables
            .into_iter()
            .zip(RELATIONS)
            .map(|(table, relation)| sorted_rows(table, relation.columns.len()))
            .collect();
        Facts { minor, symbols: self.symbols, tables }
    }
}

/// Rows sorted lexicographically (numerically by column) and deduplicated.
fn sorted_rows(table: Vec<u32>, arity: usize) -> Vec<u32> {
    if arity == 0 {
        return table;
    }
    let mut rows: Vec<&[u32]> = table.chunks_exact(arity).collect();
    rows.sort_unstable();
    rows.dedup();
    rows.concat()
}

// ---------------------------------------------------------------------------
// Per-code lowering
// ---------------------------------------------------------------------------

/// Who a variable belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Owner {
    Input { insn: usize, index: u32 },
    Peek { insn: usize, depth: u32 },
    Output { insn: usize, index: u32 },
    Handler { region: usize, index: u32 },
    Unknown,
}

/// Everything a lowering function needs about one code object.
pub(crate) struct Cx<'a> {
    pub pkg: &'a PackageInput<'a>,
    pub code: &'a CodeInput<'a>,
    pub flow: &'a CodeFlow,
    pub cfg: &'a Cfg,
    pub consts: consts::ConstTable<'a>,
    owners: Vec<Owner>,
    producers: Vec<Vec<u32>>,
    consumers: Vec<Vec<u32>>,
    /// Variables that always hold NULL (see `NullValue`).
    nulls: Vec<bool>,
    pub out: FactSet,
}

impl<'a> Cx<'a> {
    fn new(pkg: &'a PackageInput<'a>, code: &'a CodeInput<'a>, flow: &'a CodeFlow, cfg: &'a Cfg, children: &[u32]) -> Result<Cx<'a>, String> {
        let count = flow.vars.count as usize;
        let mut owners = vec![Owner::Unknown; count];
        let mut set = |var: u32, owner: Owner| -> Result<(), String> {
            match owners.get_mut(var as usize) {
                Some(slot) => {
                    *slot = owner;
                    Ok(())
                }
                None => Err(format!("stack flow variable {var} is out of range ({count} variables)")),
            }
        };
        let vars = &flow.vars;
        for (insn, range) in vars.inputs.iter().enumerate() {
            for (index, var) in range.clone().enumerate() {
                set(var, Owner::Input { insn, index: index as u32 })?;
            }
        }
        for (insn, peeks) in vars.peeks.iter().enumerate() {
            for &(depth, var) in peeks {
                set(var, Owner::Peek { insn, depth })?;
            }
        }
        for (insn, range) in vars.outputs.iter().enumerate() {
            for (index, var) in range.clone().enumerate() {
                set(var, Owner::Output { insn, index: index as u32 })?;
            }
        }
        for (region, range) in vars.handler_values.iter().enumerate() {
            for (index, var) in range.clone().enumerate() {
                set(var, Owner::Handler { region, index: index as u32 })?;
            }
        }
        let mut producers = vec![Vec::new(); count];
        let mut consumers = vec![Vec::new(); count];
        for &(from, to) in &flow.flows {
            if from as usize >= count || to as usize >= count {
                return Err(format!("stack flow {from} -> {to} names a variable out of range ({count} variables)"));
            }
            producers[to as usize].push(from);
            consumers[from as usize].push(to);
        }
        let mut out = FactSet::new();
        let consts = consts::ConstTable::build(code.code, &code.decoded.instrs, children)?;
        out.insns = code.decoded.instrs.len() as u32;
        out.vars = flow.vars.count;
        out.blocks = cfg.blocks.len() as u32;
        out.consts = consts.len();
        out.regions = code.decoded.regions.len() as u32;
        let mut cx = Cx { pkg, code, flow, cfg, consts, owners, producers, consumers, nulls: vec![false; count], out };
        cx.nulls = names::null_outputs(&cx);
        Ok(cx)
    }

    pub fn id(&self) -> u32 {
        self.code.id
    }

    pub fn instrs(&self) -> &'a [Instr] {
        &self.code.decoded.instrs
    }

    pub fn instr(&self, i: usize) -> &'a Instr {
        &self.code.decoded.instrs[i]
    }

    pub fn emit<R: Row>(&mut self, row: R) {
        self.out.push(row);
    }

    pub fn sym(&mut self, text: &str) -> u32 {
        self.out.sym(text)
    }

    /// `co_names[index]` as a symbol (the decoder has checked the index).
    pub fn name_sym(&mut self, index: u32) -> u32 {
        let text = self.code.code.name_at(index).unwrap_or("");
        self.out.sym(text)
    }

    fn range(ranges: &[Range<u32>], insn: usize) -> Range<u32> {
        ranges.get(insn).cloned().unwrap_or(0..0)
    }

    pub fn inputs(&self, insn: usize) -> Range<u32> {
        Self::range(&self.flow.vars.inputs, insn)
    }

    pub fn outputs(&self, insn: usize) -> Range<u32> {
        Self::range(&self.flow.vars.outputs, insn)
    }

    /// Popped value `index` (0 = deepest) of an instruction.
    pub fn input(&self, insn: usize, index: u32) -> Option<u32> {
        let r = self.inputs(insn);
        r.start.checked_add(index).filter(|v| *v < r.end)
    }

    /// The topmost popped value.
    pub fn last_input(&self, insn: usize) -> Option<u32> {
        let r = self.inputs(insn);
        (r.end > r.start).then(|| r.end - 1)
    }

    /// Pushed value `index` (0 = deepest) of an instruction.
    pub fn output(&self, insn: usize, index: u32) -> Option<u32> {
        let r = self.outputs(insn);
        r.start.checked_add(index).filter(|v| *v < r.end)
    }

    /// The value read in place at `depth` below the popped ones (1 = top).
    pub fn peek(&self, insn: usize, depth: u32) -> Option<u32> {
        self.flow.vars.peeks.get(insn)?.iter().find(|(d, _)| *d == depth).map(|&(_, v)| v)
    }

    pub fn owner(&self, var: u32) -> Owner {
        self.owners.get(var as usize).copied().unwrap_or(Owner::Unknown)
    }

    pub fn producers(&self, var: u32) -> &[u32] {
        self.producers.get(var as usize).map_or(&[], Vec::as_slice)
    }

    pub fn consumers(&self, var: u32) -> &[u32] {
        self.consumers.get(var as usize).map_or(&[], Vec::as_slice)
    }

    pub fn is_null(&self, var: u32) -> bool {
        self.nulls.get(var as usize).copied().unwrap_or(false)
    }

    /// Every value read at `var` is NULL (and at least one value reaches it).
    pub fn only_null(&self, var: u32) -> bool {
        let producers = self.producers(var);
        !producers.is_empty() && producers.iter().all(|&p| self.is_null(p))
    }

    /// The instructions (and output positions) whose outputs reach `var`; handler values are skipped.
    pub fn producing_outputs(&self, var: u32) -> impl Iterator<Item = (usize, u32)> + '_ {
        self.producers(var).iter().filter_map(|&p| match self.owner(p) {
            Owner::Output { insn, index } => Some((insn, index)),
            _ => None,
        })
    }

    /// The single instruction output that reaches `var`, if exactly one does.
    pub fn sole_producer(&self, var: u32) -> Option<(usize, u32)> {
        match self.producers(var) {
            [p] => match self.owner(*p) {
                Owner::Output { insn, index } => Some((insn, index)),
                _ => None,
            },
            _ => None,
        }
    }

    /// The constant every producer of `var` loads, if they all load the same one.
    pub fn const_of(&self, var: u32) -> Option<u32> {
        let mut found = None;
        for &p in self.producers(var) {
            let Owner::Output { insn, .. } = self.owner(p) else { return None };
            let constant = self.consts.loaded_by(insn, &self.instr(insn).op)?;
            match found {
                None => found = Some(constant),
                Some(c) if c == constant => {}
                Some(_) => return None,
            }
        }
        found
    }
}

/// Lowers one code object into a fact set with local ids and, when `check` is
/// set, checks its flow and graph.
fn lower_code(pkg: &PackageInput<'_>, code: &CodeInput<'_>, children: &[u32], check: bool) -> (Result<FactSet, String>, Option<CheckReport>) {
    let name = || {
        let module = pkg.modules.get(code.module as usize).map_or("?", |m| m.name);
        format!("{module}:{}", code.qualname)
    };
    let refused = |message: String| {
        let mut report = CheckReport::default();
        report.failed(&name(), message.clone());
        (Err(message), check.then_some(report))
    };
    let flow = match code_flow(code.code, code.decoded, code.depths) {
        Ok(flow) => flow,
        Err(e) => return refused(format!("stack flow: {e}")),
    };
    let cfg = match code_cfg(code.decoded) {
        Ok(cfg) => cfg,
        Err(e) => return refused(format!("control-flow graph: {e}")),
    };
    let report = check.then(|| check_code(&name(), code.decoded, code.depths, &flow, &cfg));
    let set = lower_code_with(pkg, code, &flow, &cfg, children);
    match (set, report) {
        (Err(e), Some(mut report)) => {
            report.refused(&name(), format!("lowering: {e}"));
            (Err(e), Some(report))
        }
        (set, report) => (set, report),
    }
}

/// [`lower_code`] given the flow and control-flow graph (tests hand-build them).
pub(crate) fn lower_code_with(
    pkg: &PackageInput<'_>,
    code: &CodeInput<'_>,
    flow: &CodeFlow,
    cfg: &Cfg,
    children: &[u32],
) -> Result<FactSet, String> {
    check_shapes(code, flow, cfg)?;
    let mut cx = Cx::new(pkg, code, flow, cfg, children)?;
    structure::lower_code_object(&mut cx);
    consts::lower(&mut cx);
    for i in 0..cx.instrs().len() {
        insns::lower(&mut cx, i);
        lower_operation(&mut cx, i);
    }
    stack::lower(&mut cx);
    exceptions::lower_regions(&mut cx);
    control::lower(&mut cx)?;
    Ok(cx.out)
}

/// The flow and graph must describe this code object's instructions and regions.
fn check_shapes(code: &CodeInput<'_>, flow: &CodeFlow, cfg: &Cfg) -> Result<(), String> {
    let n = code.decoded.instrs.len();
    let vars = &flow.vars;
    if vars.inputs.len() != n || vars.outputs.len() != n || vars.peeks.len() != n {
        return Err(format!("stack flow describes {} instructions, the code has {n}", vars.inputs.len()));
    }
    if vars.handler_values.len() != code.decoded.regions.len() {
        return Err(format!(
            "stack flow describes {} exception regions, the code has {}",
            vars.handler_values.len(),
            code.decoded.regions.len()
        ));
    }
    if cfg.insn_block.len() != n {
        return Err(format!("control-flow graph describes {} instructions, the code has {n}", cfg.insn_block.len()));
    }
    Ok(())
}

/// The semantic relations of one instruction, by area.
fn lower_operation(cx: &mut Cx<'_>, i: usize) {
    let op = &cx.instr(i).op;
    match op {
        Op::Nop | Op::ExtendedArg | Op::PopTop | Op::Copy { .. } | Op::Swap { .. } | Op::RotateDown { .. } | Op::DupTopTwo => {}
        Op::Resume { after } => generators::resume(cx, i, *after),
        Op::PushNull => names::push_null(cx, i),

        Op::LoadConst { .. } | Op::LoadInt { .. } => consts::load_const(cx, i),
        Op::LoadBuiltin { name } => consts::load_builtin(cx, i, name),

        Op::LoadLocal { slot, access } => names::load_local(cx, i, *slot, *access),
        Op::StoreLocal { slot } => names::store_local(cx, i, *slot),
        Op::DeleteLocal { slot } => names::delete_local(cx, i, *slot),
        Op::LoadLocalPair { first, second, .. } => names::load_local_pair(cx, i, *first, *second),
        Op::StoreLocalPair { first, second } => names::store_local_pair(cx, i, *first, *second),
        Op::StoreThenLoadLocal { store, load } => names::store_then_load(cx, i, *store, *load),
        Op::MakeCell { slot } => names::make_cell(cx, i, *slot),
        Op::LoadCellRef { slot } => names::load_cell_ref(cx, i, *slot),
        Op::LoadCell { slot } => names::load_cell(cx, i, *slot),
        Op::StoreCell { slot } => names::store_cell(cx, i, *slot),
        Op::DeleteCell { slot } => names::delete_cell(cx, i, *slot),
        Op::CopyFreeVars { .. } => {}
        Op::LoadClassCell { slot, .. } => names::load_class_cell(cx, i, *slot),
        Op::LoadGlobal { name, self_slot } => names::load_global(cx, i, *name, *self_slot),
        Op::StoreGlobal { name } => names::store_global(cx, i, *name),
        Op::DeleteGlobal { name } => names::delete_global(cx, i, *name),
        Op::LoadName { name } => names::load_name(cx, i, *name),
        Op::StoreName { name } => names::store_name(cx, i, *name),
        Op::DeleteName { name } => names::delete_name(cx, i, *name),
        Op::LoadFromMappingOrGlobals { name } => names::load_from_mapping(cx, i, *name),
        Op::LoadLocals => names::load_locals(cx, i),
        Op::SetupAnnotations => {}

        Op::LoadAttr { name, self_slot } => attrs::load_attr(cx, i, *name, *self_slot != SelfSlot::None),
        Op::StoreAttr { name } => attrs::store_attr(cx, i, *name),
        Op::DeleteAttr { name } => attrs::delete_attr(cx, i, *name),
        Op::LoadSuperAttr { name, self_slot, .. } => attrs::load_super_attr(cx, i, *name, *self_slot != SelfSlot::None),
        Op::LoadSpecial { method } => {
            attrs::load_special(cx, i, *method);
            context::load_special(cx, i, *method);
        }

        Op::Subscript => subscripts::subscript(cx, i),
        Op::StoreSubscript => subscripts::store_subscript(cx, i),
        Op::DeleteSubscript => subscripts::delete_subscript(cx, i),
        Op::Slice => subscripts::slice(cx, i),
        Op::StoreSlice => subscripts::store_slice(cx, i),
        Op::BuildSlice { .. } => subscripts::build_slice(cx, i),

        Op::Binary { op, inplace } => operators::binary(cx, i, *op, *inplace),
        Op::Unary { op } => operators::unary(cx, i, *op),
        Op::ToBool => operators::to_bool(cx, i),
        Op::Compare { op, .. } => operators::compare(cx, i, *op),
        Op::Is { negated } => operators::identity(cx, i, *negated),
        Op::Contains { negated } => operators::contains(cx, i, *negated),

        Op::BuildTuple { .. } | Op::BuildList { .. } | Op::BuildSet { .. } => containers::build_sequence(cx, i),
        Op::BuildMap { .. } => containers::build_map(cx, i),
        Op::BuildConstKeyMap { .. } => containers::build_const_key_map(cx, i),
        Op::BuildString { .. } => containers::build_string(cx, i),
        Op::ListAppend { depth } | Op::SetAdd { depth } => containers::add(cx, i, *depth),
        Op::MapAdd { depth } => containers::map_add(cx, i, *depth),
        Op::ListExtend { depth } | Op::SetUpdate { depth } | Op::DictUpdate { depth } => containers::extend(cx, i, *depth),
        Op::DictMerge { depth } => containers::dict_merge(cx, i, *depth),
        Op::ListToTuple => containers::list_to_tuple(cx, i),
        Op::UnpackSequence { count } => containers::unpack_sequence(cx, i, *count),
        Op::UnpackEx { before, after } => containers::unpack_ex(cx, i, *before, *after),
        Op::FormatValue { conversion, with_spec } => containers::format_value(cx, i, *conversion, *with_spec),
        Op::ConvertValue { .. } => {}
        Op::FormatSimple => containers::format_folded(cx, i, false),
        Op::FormatWithSpec => containers::format_folded(cx, i, true),
        Op::BuildTemplate => containers::build_template(cx, i),
        Op::BuildInterpolation { conversion, with_spec } => containers::build_interpolation(cx, i, *conversion, *with_spec),

        Op::MakeFunction { attrs } => functions::make_function(cx, i, *attrs),
        Op::SetFunctionAttribute { .. } => functions::set_function_attribute(cx, i),
        Op::LoadBuildClass => functions::load_build_class(cx, i),

        Op::ImportName { name } => imports::import_name(cx, i, *name),
        Op::ImportFrom { name } => imports::import_from(cx, i, *name),
        Op::ImportStar => imports::import_star(cx, i),

        Op::Call { layout } => calls::call(cx, i, layout),
        Op::CallEx { with_kwargs, self_slot } => calls::call_ex(cx, i, *with_kwargs, *self_slot),
        Op::PrepareCall { .. } | Op::KwNames { .. } => {}
        Op::CallIntrinsic { function } => calls::intrinsic_call(cx, i, *function),

        Op::Return => generators::return_value(cx, i),
        Op::ReturnConst { index } => generators::return_const(cx, i, *index),
        Op::ReturnGenerator => generators::return_generator(cx, i),
        Op::GenStart => {}
        Op::Yield => generators::yield_value(cx, i),
        Op::YieldFrom | Op::Send => generators::delegate(cx, i),
        Op::EndSend => generators::end_send(cx, i),
        Op::GetAwaitable => generators::await_value(cx, i),
        Op::CleanupThrow => {}

        Op::GetIter | Op::GetYieldFromIter => iteration::get_iter(cx, i),
        Op::ForIter => iteration::next(cx, i),
        Op::GetAIter => iteration::get_aiter(cx, i),
        Op::GetANext => iteration::get_anext(cx, i),
        Op::EndFor | Op::PopIter | Op::EndAsyncFor => {}

        Op::EnterContext { is_async } => context::enter_context(cx, i, *is_async),
        Op::WithExceptStart => context::with_except_start(cx, i),

        Op::Raise { argc } => generators::raise(cx, i, *argc),
        Op::Reraise { .. } => generators::reraise(cx, i),
        Op::PushExcInfo => exceptions::push_exc_info(cx, i),
        Op::PopExcept => {}
        Op::CheckExcMatch => exceptions::check_exc_match(cx, i),
        Op::CheckExceptionGroupMatch => exceptions::check_eg_match(cx, i),
        Op::PrepReraiseStar => {}
        Op::SetupBlock { .. } | Op::PopBlock => {}

        Op::MatchClass { .. }
        | Op::MatchMapping
        | Op::MatchSequence
        | Op::MatchKeys
        | Op::GetLen
        | Op::CopyDictWithoutKeys
        | Op::PrintExpr
        | Op::ExitInitCheck
        | Op::Jump => {}
        Op::Branch => operators::branch(cx, i),
    }
}

