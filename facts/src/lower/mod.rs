//! Lowering a decoded package into facts, one code object at a time.
//!
//! The code objects of each module are lowered (modules in parallel) into one
//! [`FactSet`] whose instruction, variable, block, constant and region ids count
//! from 0 at the module's first code object and whose symbols are a local table.
//! [`lower_package`] then joins the sets in module order, relation by relation
//! in parallel: per-set offsets go onto every column of those types and local
//! symbols become global ones, which the column types of the schema say how to
//! do. The result is the same whatever the thread count.
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

pub(crate) use insns::operation;
pub(crate) use operators::condition;

use std::ops::Range;
use std::sync::LazyLock;

use rayon::prelude::*;

use cpyg_adapters::sem::{Instr, Op, SelfSlot};

use crate::cfg::{code_cfg, Cfg};
use crate::check::{check_code, CheckReport};
use crate::flow::{code_flow, CodeFlow};
use crate::input::{CodeInput, PackageInput};
use crate::schema::{ColumnType, Entity, RelationId, Row, RELATIONS};
use crate::symbols::Symbols;

/// How many ids of each per-code entity (see [`Entity::is_per_code`]) a code
/// object, or a run of them, uses; other entities count 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Counts([u32; Entity::ALL.len()]);

impl Counts {
    fn get(&self, entity: Entity) -> u32 {
        self.0[entity as usize]
    }

    fn with(mut self, entity: Entity, count: u32) -> Counts {
        self.0[entity as usize] = count;
        self
    }

    fn checked_add(self, other: Counts) -> Result<Counts, String> {
        let mut sum = self;
        for entity in Entity::ALL {
            let (a, b) = (self.get(entity), other.get(entity));
            sum.0[entity as usize] = a
                .checked_add(b)
                .ok_or_else(|| format!("more than {} {} ids in one package", u32::MAX, entity.name()))?;
        }
        Ok(sum)
    }
}

/// The per-code entity whose ids a column of type `ty` holds, if any: those
/// ids move past the ids of the code objects before.
fn per_code(ty: ColumnType) -> Option<Entity> {
    ty.entity().filter(|entity| entity.is_per_code())
}

/// For each relation (by index), its id columns: `(column index, entity)`.
/// Their values are local to a fact set; worked out once from the schema, so
/// that joining does not look at the columns that keep their values.
static ID_COLUMNS: LazyLock<Vec<Vec<(usize, Entity)>>> = LazyLock::new(|| {
    RELATIONS
        .iter()
        .map(|relation| {
            relation.columns.iter().enumerate().filter_map(|(i, column)| Some((i, column.ty.entity()?))).collect()
        })
        .collect()
});

/// Facts of consecutive code objects (one module's, or the package's module
/// list), with instruction, variable, block, constant and region ids counted
/// from 0 at the set's first code object, and symbols local to the set.
///
/// Code objects are lowered one at a time between [`FactSet::open_code`] and
/// [`FactSet::close_code`]; their rows carry ids numbered from 0, which
/// [`FactSet::push`] moves past the ids of the code objects before.
#[derive(Debug)]
pub struct FactSet {
    tables: Vec<Vec<u32>>,
    pub symbols: Symbols,
    /// Ids used by the closed code objects: the open one's ids start here.
    counts: Counts,
    /// Ids of the open code object: its rows' ids must be below these.
    open: Counts,
    /// The first id of the open code object found out of its range.
    out_of_range: Option<String>,
}

impl Default for FactSet {
    fn default() -> FactSet {
        FactSet::new()
    }
}

impl FactSet {
    pub fn new() -> FactSet {
        FactSet {
            tables: vec![Vec::new(); RELATIONS.len()],
            symbols: Symbols::new(),
            counts: Counts::default(),
            open: Counts::default(),
            out_of_range: None,
        }
    }

    /// Adds a row with ids of the open code object, moved past those before it.
    pub fn push<R: Row>(&mut self, row: R) {
        let table = &mut self.tables[R::ID as usize];
        let start = table.len();
        row.write_to(table);
        // `R::COLUMN_TYPES` is a constant: this loop is resolved per relation.
        for (column, (value, &ty)) in table[start..].iter_mut().zip(R::COLUMN_TYPES).enumerate() {
            let Some(entity) = per_code(ty) else { continue };
            let count = self.open.get(entity);
            if *value < count {
                // `counts + open` was checked when the code object opened: no overflow.
                *value += self.counts.get(entity);
            } else if self.out_of_range.is_none() {
                let relation = R::ID.schema();
                let name = relation.columns[column].name;
                self.out_of_range = Some(format!(
                    "{}.{name} is {value}, but the code object has {count} {} ids",
                    relation.name,
                    entity.name()
                ));
            }
        }
    }

    pub fn sym(&mut self, text: &str) -> u32 {
        self.symbols.intern(text)
    }

    /// Rows of one relation, in the order they were pushed.
    pub fn rows(&self, id: RelationId) -> impl Iterator<Item = &[u32]> {
        self.tables[id as usize].chunks_exact(id.arity().max(1))
    }

    /// Starts the rows of a code object that uses `code` ids.
    fn open_code(&mut self, code: Counts) -> Result<(), String> {
        self.counts.checked_add(code)?;
        self.open = code;
        Ok(())
    }

    /// Ends the open code object: the next one's ids follow its ids.
    fn close_code(&mut self) -> Result<(), String> {
        if let Some(error) = self.out_of_range.take() {
            return Err(error);
        }
        self.counts = self.counts.checked_add(self.open)?;
        self.open = Counts::default();
        Ok(())
    }
}

/// The facts of a whole package: global ids, rows sorted and deduplicated.
#[derive(Debug)]
pub struct Facts {
    pub minor: u8,
    pub symbols: Symbols,
    /// Each relation's rows in order, in consecutive pieces: one per fact set
    /// (sets join in order, so their rows mostly follow on), or a single one
    /// where the relation had to be sorted whole.
    tables: Vec<Vec<Vec<u32>>>,
}

impl Facts {
    /// Facts from whole tables, one per relation in [`RelationId`] order, each a
    /// flat run of rows (facts read back from a fact directory). Rows are kept
    /// in the order given.
    pub fn from_tables(minor: u8, symbols: Symbols, tables: Vec<Vec<u32>>) -> Result<Facts, String> {
        if tables.len() != RELATIONS.len() {
            return Err(format!("{} tables given for {} relations", tables.len(), RELATIONS.len()));
        }
        for (relation, table) in RELATIONS.iter().zip(&tables) {
            let arity = relation.columns.len().max(1);
            if table.len() % arity != 0 {
                return Err(format!("{}: {} values do not make rows of {arity}", relation.name, table.len()));
            }
        }
        Ok(Facts { minor, symbols, tables: tables.into_iter().map(|table| vec![table]).collect() })
    }

    pub fn rows(&self, id: RelationId) -> impl Iterator<Item = &[u32]> {
        let arity = id.arity().max(1);
        self.tables[id as usize].iter().flat_map(move |piece| piece.chunks_exact(arity))
    }

    pub fn count(&self, id: RelationId) -> usize {
        self.tables[id as usize].iter().map(Vec::len).sum::<usize>() / id.arity().max(1)
    }

    /// Rows of one relation, to edit in place (tools that rewrite facts; tests
    /// corrupt a fact set to see the check catch it). Order is not restored.
    pub fn rows_mut(&mut self, id: RelationId) -> impl Iterator<Item = &mut [u32]> {
        let arity = id.arity().max(1);
        self.tables[id as usize].iter_mut().flat_map(move |piece| piece.chunks_exact_mut(arity))
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
///
/// Each module's code objects are lowered, in parallel, into one [`FactSet`];
/// the sets are then joined relation by relation, in parallel. The result does
/// not depend on the thread count: symbols are numbered in set order, and every
/// relation is sorted.
pub fn lower_package(input: &PackageInput<'_>, threads: usize) -> Result<Lowered, crate::Error> {
    lower(input, threads, false).map_err(crate::Error::Lower)
}

/// [`lower_package`], also running [`check_code`] on each code object's flow and
/// graph as they are lowered (a code object that cannot be lowered is a violation).
pub fn lower_package_checked(input: &PackageInput<'_>, threads: usize) -> Result<Lowered, crate::Error> {
    lower(input, threads, true).map_err(crate::Error::Lower)
}

fn lower(input: &PackageInput<'_>, threads: usize, check: bool) -> Result<Lowered, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| format!("cannot start the lowering threads: {e}"))?;
    pool.install(|| lower_in_pool(input, check))
}

fn lower_in_pool(input: &PackageInput<'_>, check: bool) -> Result<Lowered, String> {
    let children = input.children();
    let runs = module_runs(&input.codes);
    let results: Vec<(Result<FactSet, String>, Option<CheckReport>)> =
        runs.par_iter().map(|run| lower_codes(input, &input.codes[run.clone()], &children, check)).collect();
    // Runs are in code id order, so the reports merge in code id order.
    let mut report = check.then(CheckReport::default);
    let mut sets = Vec::with_capacity(results.len());
    for (set, one) in results {
        if let (Some(report), Some(one)) = (report.as_mut(), one) {
            report.merge(one);
        }
        sets.push(set);
    }

    let mut failed_modules: Vec<Option<String>> = vec![None; input.modules.len()];
    for (run, set) in runs.iter().zip(&sets) {
        if let Err(e) = set {
            let module = input.codes[run.start].module;
            let slot = failed_modules.get_mut(module as usize).ok_or_else(|| {
                format!("code object {} names module {module}, which is not in the input", input.codes[run.start].id)
            })?;
            if slot.is_none() {
                *slot = Some(e.clone());
            }
        }
    }
    let skipped = input
        .modules
        .iter()
        .zip(&failed_modules)
        .filter_map(|(m, reason)| {
            reason.as_ref().map(|r| SkippedModule {
                module: m.name.to_string(),
                file: m.file.clone(),
                reason: r.clone(),
            })
        })
        .collect();
    let renumber = Renumbering::new(input, &failed_modules);

    let mut kept = vec![structure::lower_modules(input, &failed_modules)];
    for (run, set) in runs.iter().zip(sets) {
        let module = input.codes[run.start].module as usize;
        if let (Ok(set), Some(None)) = (set, failed_modules.get(module)) {
            kept.push(set);
        }
    }
    Ok(Lowered { facts: join(kept, &renumber, input.minor)?, skipped, check: report })
}

/// Ranges of consecutive code objects of the same module (one per module, as
/// the input lists each module's code objects together).
fn module_runs(codes: &[CodeInput<'_>]) -> Vec<Range<usize>> {
    let mut runs: Vec<Range<usize>> = Vec::new();
    for (i, code) in codes.iter().enumerate() {
        match runs.last_mut() {
            Some(run) if codes[run.start].module == code.module => run.end = i + 1,
            _ => runs.push(i..i + 1),
        }
    }
    runs
}

/// Lowers consecutive code objects into one fact set; the first failure names
/// its code object. With `check`, every code object is checked (those after a
/// failure too) and the reports are merged in order.
fn lower_codes(
    pkg: &PackageInput<'_>,
    codes: &[CodeInput<'_>],
    children: &[Vec<u32>],
    check: bool,
) -> (Result<FactSet, String>, Option<CheckReport>) {
    let mut set = Ok(FactSet::new());
    let mut report = check.then(CheckReport::default);
    for code in codes {
        let into = match &mut set {
            Ok(set) => std::mem::take(set),
            // The module is left out: the code objects after it are lowered only to be checked.
            Err(_) if check => FactSet::new(),
            Err(_) => break,
        };
        let children = children.get(code.id as usize).map_or(&[][..], Vec::as_slice);
        let (lowered, one) = lower_code(pkg, code, children, into, check);
        if let (Some(report), Some(one)) = (report.as_mut(), one) {
            report.merge(one);
        }
        match lowered {
            Ok(lowered) if set.is_ok() => set = Ok(lowered),
            Err(e) if set.is_ok() => set = Err(format!("code object {}: {e}", code.qualname)),
            _ => {}
        }
    }
    if let Ok(set) = &mut set {
        // The sets wait for each other to be joined: give back the room tables grew into.
        for table in &mut set.tables {
            table.shrink_to_fit();
        }
    }
    (set, report)
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

/// How the local ids of one fact set become global ones.
struct Shift<'s> {
    /// Per-code ids used by the sets before this one.
    counts: Counts,
    /// Local symbol → global symbol (empty for relations without symbols).
    symbols: &'s [u32],
}

impl Shift<'_> {
    /// Turns a set's rows of relation `r` into global ids, in place; a row that
    /// refers into a skipped module goes with it.
    fn apply(&self, table: &mut Vec<u32>, r: usize, renumber: &Renumbering) {
        let arity = RELATIONS[r].columns.len();
        let columns = &ID_COLUMNS[r];
        if columns.is_empty() {
            return;
        }
        let mut kept = 0;
        for row in 0..table.len() / arity {
            let (from, to) = (row * arity, kept * arity);
            if to < from {
                table.copy_within(from..from + arity, to);
            }
            let whole =
                columns.iter().all(|&(column, entity)| match self.global(table[to + column], entity, renumber) {
                    Some(value) => {
                        table[to + column] = value;
                        true
                    }
                    None => false,
                });
            kept += usize::from(whole);
        }
        table.truncate(kept * arity);
    }

    /// The global id of a local one; `None` for a reference into a skipped module.
    fn global(&self, value: u32, entity: Entity, renumber: &Renumbering) -> Option<u32> {
        match entity {
            Entity::Symbol => self.symbols.get(value as usize).copied(),
            Entity::Module => renumber.module(value),
            Entity::Code => renumber.code(value),
            // The sum is below the package's count, which `Counts::checked_add` checked.
            Entity::Insn | Entity::Var | Entity::Block | Entity::Const | Entity::Region => {
                Some(value + self.counts.get(entity))
            }
        }
    }
}

/// Joins fact sets in order: symbols are numbered in order of first use across
/// the sets, per-code ids follow on, and each relation (in parallel with the
/// others) gets global ids in place and is sorted if the pieces are not in order.
fn join(sets: Vec<FactSet>, renumber: &Renumbering, minor: u8) -> Result<Facts, String> {
    let mut offsets = Vec::with_capacity(sets.len());
    let mut used = Counts::default();
    let mut local_symbols = Vec::with_capacity(sets.len());
    let mut tables: Vec<Vec<Vec<u32>>> = (0..RELATIONS.len()).map(|_| Vec::with_capacity(sets.len())).collect();
    for set in sets {
        if let Some(error) = set.out_of_range {
            return Err(error);
        }
        offsets.push(used);
        used = used.checked_add(set.counts)?;
        local_symbols.push(set.symbols);
        for (pieces, table) in tables.iter_mut().zip(set.tables) {
            pieces.push(table);
        }
    }
    // Numbering symbols is sequential (first use, in set order): the relations
    // without symbol columns are joined meanwhile, the others after it.
    let has_symbols = |r: usize| ID_COLUMNS[r].iter().any(|&(_, entity)| entity == Entity::Symbol);
    let (with_symbols, without): (Vec<_>, Vec<_>) = tables.iter_mut().enumerate().partition(|(r, _)| has_symbols(*r));
    let ((symbols, symbol_maps), ()) = rayon::join(
        || number_symbols(local_symbols),
        || without.into_par_iter().for_each(|(r, pieces)| join_relation(r, pieces, &offsets, &[], renumber)),
    );
    with_symbols.into_par_iter().for_each(|(r, pieces)| join_relation(r, pieces, &offsets, &symbol_maps, renumber));
    Ok(Facts { minor, symbols, tables })
}

/// The package's symbols, numbered in order of first use over the sets' tables
/// in order, and each set's local → global map.
fn number_symbols(sets: Vec<Symbols>) -> (Symbols, Vec<Vec<u32>>) {
    let mut symbols = Symbols::new();
    let maps = sets.iter().map(|local| symbols.absorb(local)).collect();
    (symbols, maps)
}

/// One relation's rows from every set (`pieces[k]` from set `k`, whose ids
/// start at `offsets[k]` and whose symbols `symbol_maps[k]` maps): global ids,
/// then sorted and deduplicated unless already in order.
fn join_relation(
    r: usize,
    pieces: &mut Vec<Vec<u32>>,
    offsets: &[Counts],
    symbol_maps: &[Vec<u32>],
    renumber: &Renumbering,
) {
    let arity = RELATIONS[r].columns.len();
    if arity == 0 {
        pieces.clear();
        return;
    }
    for (k, (piece, &counts)) in pieces.iter_mut().zip(offsets).enumerate() {
        let symbols = symbol_maps.get(k).map_or(&[][..], Vec::as_slice);
        Shift { counts, symbols }.apply(piece, r, renumber);
    }
    pieces.retain(|piece| !piece.is_empty());
    if !pieces_in_order(pieces, arity) {
        let whole = pieces.concat();
        *pieces = vec![sorted_rows(whole, arity)];
    }
}

/// Rows sorted lexicographically (numerically by column) and deduplicated.
fn sorted_rows(table: Vec<u32>, arity: usize) -> Vec<u32> {
    let mut rows: Vec<&[u32]> = table.chunks_exact(arity).collect();
    rows.sort_unstable();
    rows.dedup();
    rows.concat()
}

/// Whether the rows are sorted and free of duplicates.
fn is_strictly_increasing(table: &[u32], arity: usize) -> bool {
    let rows = table.chunks_exact(arity);
    rows.clone().zip(rows.skip(1)).all(|(a, b)| a < b)
}

/// Whether non-empty pieces, one after the other, are sorted and free of
/// duplicates, as most relations are once sets are joined in order.
fn pieces_in_order(pieces: &[Vec<u32>], arity: usize) -> bool {
    let each_in_order = pieces.iter().all(|piece| is_strictly_increasing(piece, arity));
    let boundaries_in_order =
        pieces.windows(2).all(|pair| match (pair[0].rchunks_exact(arity).next(), pair[1].chunks_exact(arity).next()) {
            (Some(last), Some(first)) => last < first,
            _ => true,
        });
    each_in_order && boundaries_in_order
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
    /// The variables whose values reach each variable (stack flows into it).
    producers: Adjacency,
    /// The variables each variable's value reaches.
    consumers: Adjacency,
    /// Variables that always hold NULL (see `NullValue`).
    nulls: Vec<bool>,
    /// Where the rows go: the set of this code object's module, with this code
    /// object open.
    pub out: FactSet,
}

/// For each variable, the variables linked to it, in flow order: one flat list
/// cut into slices (instead of a vector per variable).
struct Adjacency {
    /// `targets[starts[v]..starts[v + 1]]` are the variables linked to `v`.
    starts: Vec<u32>,
    targets: Vec<u32>,
}

impl Adjacency {
    /// From `(variable, linked variable)` pairs, each below `count`.
    fn new(count: usize, pairs: impl Iterator<Item = (u32, u32)> + Clone) -> Adjacency {
        let mut starts = vec![0u32; count + 1];
        for (var, _) in pairs.clone() {
            starts[var as usize + 1] += 1;
        }
        for v in 0..count {
            starts[v + 1] += starts[v];
        }
        let mut next = starts.clone();
        let mut targets = vec![0u32; starts[count] as usize];
        for (var, linked) in pairs {
            targets[next[var as usize] as usize] = linked;
            next[var as usize] += 1;
        }
        Adjacency { starts, targets }
    }

    fn of(&self, var: u32) -> &[u32] {
        let v = var as usize;
        match (self.starts.get(v), self.starts.get(v + 1)) {
            (Some(&start), Some(&end)) => self.targets.get(start as usize..end as usize).unwrap_or(&[]),
            _ => &[],
        }
    }
}

impl<'a> Cx<'a> {
    fn new(
        pkg: &'a PackageInput<'a>,
        code: &'a CodeInput<'a>,
        flow: &'a CodeFlow,
        cfg: &'a Cfg,
        children: &[u32],
        mut out: FactSet,
    ) -> Result<Cx<'a>, String> {
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
        if let Some((from, to)) = flow.flows.iter().find(|&&(from, to)| from as usize >= count || to as usize >= count)
        {
            return Err(format!("stack flow {from} -> {to} names a variable out of range ({count} variables)"));
        }
        let producers = Adjacency::new(count, flow.flows.iter().map(|&(from, to)| (to, from)));
        let consumers = Adjacency::new(count, flow.flows.iter().copied());
        let mut consts = consts::ConstTable::build(code.code, &code.decoded.instrs, children)?;
        for &child in children {
            if let Some(index) = pkg.codes.get(child as usize).and_then(|c| c.compiled_from) {
                consts.add_compiled(index, child)?;
            }
        }
        let fits = |n: usize, entity: Entity| u32::try_from(n).map_err(|_| format!("too many {} ids", entity.name()));
        out.open_code(
            Counts::default()
                .with(Entity::Insn, fits(code.decoded.instrs.len(), Entity::Insn)?)
                .with(Entity::Var, flow.vars.count)
                .with(Entity::Block, fits(cfg.blocks.len(), Entity::Block)?)
                .with(Entity::Const, consts.len())
                .with(Entity::Region, fits(code.decoded.regions.len(), Entity::Region)?),
        )?;
        let nulls = vec![false; count];
        let mut cx = Cx { pkg, code, flow, cfg, consts, owners, producers, consumers, nulls, out };
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
        self.producers.of(var)
    }

    pub fn consumers(&self, var: u32) -> &[u32] {
        self.consumers.of(var)
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

/// Lowers one code object into `out`, after the code objects already there,
/// and, when `check` is set, checks its flow and graph.
fn lower_code(
    pkg: &PackageInput<'_>,
    code: &CodeInput<'_>,
    children: &[u32],
    out: FactSet,
    check: bool,
) -> (Result<FactSet, String>, Option<CheckReport>) {
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
    let set = lower_code_with(pkg, code, &flow, &cfg, children, out);
    match (set, report) {
        (Err(e), Some(mut report)) => {
            report.refused(&name(), format!("lowering: {e}"));
            (Err(e), Some(report))
        }
        (set, report) => (set, report),
    }
}

/// [`lower_code`] given the flow and control-flow graph.
fn lower_code_with(
    pkg: &PackageInput<'_>,
    code: &CodeInput<'_>,
    flow: &CodeFlow,
    cfg: &Cfg,
    children: &[u32],
    out: FactSet,
) -> Result<FactSet, String> {
    check_shapes(code, flow, cfg)?;
    let mut cx = Cx::new(pkg, code, flow, cfg, children, out)?;
    structure::lower_code_object(&mut cx);
    consts::lower(&mut cx);
    for i in 0..cx.instrs().len() {
        insns::lower(&mut cx, i);
        lower_operation(&mut cx, i);
    }
    stack::lower(&mut cx);
    exceptions::lower_regions(&mut cx);
    control::lower(&mut cx)?;
    let mut out = cx.out;
    out.close_code()?;
    Ok(out)
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
        Op::Nop
        | Op::ExtendedArg
        | Op::PopTop
        | Op::Copy { .. }
        | Op::Swap { .. }
        | Op::RotateDown { .. }
        | Op::DupTopTwo => {}
        Op::Resume { after } => generators::resume(cx, i, *after),
        Op::PushNull => names::push_null(cx, i),

        Op::LoadConst { .. } | Op::LoadImmediate { .. } => consts::load_const(cx, i),
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
        Op::ListExtend { depth } | Op::SetUpdate { depth } | Op::DictUpdate { depth } => {
            containers::extend(cx, i, *depth)
        }
        Op::DictMerge { depth } => containers::dict_merge(cx, i, *depth),
        Op::ListToTuple => containers::list_to_tuple(cx, i),
        Op::UnpackSequence { count } => containers::unpack_sequence(cx, i, *count),
        Op::UnpackEx { before, after } => containers::unpack_ex(cx, i, *before, *after),
        Op::FormatValue { conversion, with_spec } => containers::format_value(cx, i, *conversion, *with_spec),
        Op::ConvertValue { .. } => {}
        Op::FormatSimple => containers::format_folded(cx, i, false),
        Op::FormatWithSpec => containers::format_folded(cx, i, true),
        Op::BuildTemplate => containers::build_template(cx, i),
        Op::BuildInterpolation { conversion, with_spec } => {
            containers::build_interpolation(cx, i, *conversion, *with_spec)
        }

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
        Op::BeginFinally => consts::begin_finally(cx, i),
        Op::SetupBlock { .. }
        | Op::PopBlock
        | Op::EndFinally
        | Op::CallFinally
        | Op::PopFinally { .. }
        | Op::WithCleanupFinish => {}
        Op::BuildUnpacked { kind, .. } => containers::build_unpacked(cx, i, *kind),

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
