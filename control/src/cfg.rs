//! The refined CFG of each code object, from the lowering's conservative one.
//!
//! The lowering's CFG (facts `Block`, `BlockEdge`) gives every instruction an
//! exception region covers an edge to the region's handler, and nothing leaves the
//! code object: that is what the points-to rules need. The product keeps its blocks
//! and its normal, branch and resume edges, and rebuilds the exception edges from
//! the instructions that may raise:
//! - an instruction may raise unless its operation never does (constants, stack
//!   shuffles, stores of locals, jumps, building tuples and lists, ...), and a
//!   conditional jump only when it runs the truth protocol (≤3.12) or matches an
//!   exception (3.10), not when it tests a bool (3.13+) or None;
//!   asynchronous exceptions (`KeyboardInterrupt` from a signal, `MemoryError`) are
//!   not modelled;
//! - a local load may raise only when definite assignment (a forward must-analysis
//!   over normal, branch, resume and every exception path) cannot prove its slot
//!   bound, and a `LOAD_FAST_AND_CLEAR` never raises;
//! - an exception goes to the handler of the region covering the instruction, with
//!   the region's restored stack depth, or out of the code object (to its exit).
//!
//! Returns go to the exit too. The exit is a synthetic block per code object; a
//! region from which the exit cannot be reached (an infinite loop, a dead block
//! with no successor) gets a `synthetic` edge to it, so that every block has
//! postdominators.

use std::collections::{HashMap, HashSet};

use cpyg_facts::lower::Facts;
use cpyg_facts::schema::{self, Operation, RelationId};

/// How control passes along an edge of the product CFG; for the CDG, the outcome
/// of the controller a dependence rests on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum EdgeKind {
    /// Straight on: falling through, jumping, returning.
    Normal,
    /// A branch's test holds, read positively (facts' `branch_true`: the value is
    /// true, is None, the iterator is exhausted, the exception matched).
    True,
    /// The branch's test fails.
    False,
    /// An exception raised in the block goes to the handler (or out, to the exit).
    Exception,
    /// A suspended frame (yield, await) is resumed.
    Resume,
    /// To the exit from a region that never reaches it: added for postdominators;
    /// no run takes it.
    Synthetic,
}

impl EdgeKind {
    pub const ALL: [EdgeKind; 6] =
        [EdgeKind::Normal, EdgeKind::True, EdgeKind::False, EdgeKind::Exception, EdgeKind::Resume, EdgeKind::Synthetic];

    pub fn name(self) -> &'static str {
        match self {
            EdgeKind::Normal => "normal",
            EdgeKind::True => "true",
            EdgeKind::False => "false",
            EdgeKind::Exception => "exception",
            EdgeKind::Resume => "resume",
            EdgeKind::Synthetic => "synthetic",
        }
    }

    pub fn from_name(name: &str) -> Option<EdgeKind> {
        EdgeKind::ALL.into_iter().find(|k| k.name() == name)
    }

    fn of_fact(kind: u32) -> Option<EdgeKind> {
        use schema::EdgeKind as F;
        Some(match *F::ALL.get(kind as usize)? {
            F::Fallthrough | F::Jump => EdgeKind::Normal,
            F::BranchTrue => EdgeKind::True,
            F::BranchFalse => EdgeKind::False,
            F::Resume => EdgeKind::Resume,
            F::Exception => EdgeKind::Exception,
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum BlockKind {
    /// The block the code object starts in.
    Entry,
    Body,
    /// The synthetic exit: where returns, uncaught exceptions and `synthetic` edges go.
    Exit,
}

impl BlockKind {
    pub fn name(self) -> &'static str {
        match self {
            BlockKind::Entry => "entry",
            BlockKind::Body => "body",
            BlockKind::Exit => "exit",
        }
    }
}

/// A block of the product: a lowering block, or a code object's exit (no instructions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// The fact's block id; an exit's is past every fact block (`first exit id + code`).
    pub id: u32,
    pub code: u32,
    pub kind: BlockKind,
    /// First and last instruction ids.
    pub insns: Option<(u32, u32)>,
    /// Native offsets of the first and the last instruction.
    pub offsets: Option<(u32, u32)>,
    /// Smallest and largest source line of its instructions, where they have lines.
    pub lines: Option<(u32, u32)>,
}

/// A successor edge; `depth` is the stack depth a handler restores (exception edges
/// to a handler only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Edge {
    pub from: u32,
    pub to: u32,
    pub kind: EdgeKind,
    pub depth: Option<u32>,
}

/// Why an instruction may raise, for coverage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Justification {
    /// `raise`, a re-raise, the end of a `finally`: the package raises.
    Raise,
    /// A call whose callees are all package code.
    PackageCall,
    /// A local that may be unbound.
    UnboundLocal,
    /// A call (or implicit call) with an outside or unknown callee.
    UnresolvedCall,
    /// An operation whose failure is native behaviour (a missing attribute, a bad operand).
    Native,
}

impl Justification {
    const ALL: [Justification; 5] = [
        Justification::Raise,
        Justification::PackageCall,
        Justification::UnboundLocal,
        Justification::UnresolvedCall,
        Justification::Native,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Justification::Raise => "raise",
            Justification::PackageCall => "package call",
            Justification::UnboundLocal => "unbound local",
            Justification::UnresolvedCall => "unresolved call",
            Justification::Native => "native operation",
        }
    }

    fn is_concrete(self) -> bool {
        matches!(self, Justification::Raise | Justification::PackageCall | Justification::UnboundLocal)
    }
}

fn is_local_load(op: Operation) -> bool {
    matches!(op, Operation::LoadLocal | Operation::LoadLocalPair | Operation::StoreThenLoadLocal)
}

/// One code object's product CFG, blocks indexed locally (the exit last).
pub(crate) struct CodeGraph {
    pub blocks: Vec<Block>,
    /// Per local block: (successor, kind, restored depth), sorted and deduplicated.
    pub succ: Vec<Vec<(usize, EdgeKind, Option<u32>)>>,
    pub coverage: super::CodeCoverage,
}

impl CodeGraph {
    pub fn exit(&self) -> usize {
        self.blocks.len() - 1
    }

    pub fn block_id(&self, local: usize) -> u32 {
        self.blocks[local].id
    }

    pub fn edges(&self) -> impl Iterator<Item = Edge> + '_ {
        self.succ.iter().enumerate().flat_map(move |(from, succ)| {
            succ.iter().map(move |&(to, kind, depth)| Edge {
                from: self.block_id(from),
                to: self.block_id(to),
                kind,
                depth,
            })
        })
    }
}

pub(crate) struct Graphs {
    pub codes: Vec<CodeGraph>,
    pub disproved_unbound_loads: usize,
}

/// Per instruction id, what the product needs of it.
struct InsnTable {
    op: Vec<Option<Operation>>,
    offset: Vec<u32>,
    line: Vec<u32>,
    /// Index into `regions`, or `u32::MAX`.
    region: Vec<u32>,
    call: Vec<bool>,
    unresolved: Vec<bool>,
    /// Conditional jumps that may raise ([`schema::Condition::may_raise`]); a jump with
    /// no `ConditionalJump` fact (unreachable) is assumed to.
    branch_raises: Vec<bool>,
}

/// `(insn, slot)` pairs sorted, looked up by instruction.
struct BySite(Vec<(u32, u32)>);

impl BySite {
    fn new(mut pairs: Vec<(u32, u32)>) -> BySite {
        pairs.sort_unstable();
        pairs.dedup();
        BySite(pairs)
    }

    fn slots(&self, insn: u32) -> impl Iterator<Item = u32> + '_ {
        let start = self.0.partition_point(|&(i, _)| i < insn);
        self.0[start..].iter().take_while(move |&&(i, _)| i == insn).map(|&(_, s)| s)
    }
}

struct Region {
    handler: u32,
    depth: u32,
}

const NONE: u32 = u32::MAX;

pub(crate) fn build(facts: &Facts, codes: &[u32], unresolved_calls: &[u32]) -> Result<Graphs, String> {
    let insns = facts.count(RelationId::Insn);
    let mut table = InsnTable {
        op: vec![None; insns],
        offset: vec![0; insns],
        line: vec![NONE; insns],
        region: vec![NONE; insns],
        call: vec![false; insns],
        unresolved: vec![false; insns],
        branch_raises: vec![true; insns],
    };
    let slot_of = |insn: u32, what: &str| -> Result<usize, String> {
        (insn as usize)
            .lt(&insns)
            .then_some(insn as usize)
            .ok_or_else(|| format!("{what}: instruction {insn} is not in Insn ({insns} instructions)"))
    };
    for row in facts.rows(RelationId::Insn) {
        let i = slot_of(row[0], "Insn")?;
        let op = Operation::ALL.get(row[3] as usize).copied();
        table.op[i] = Some(op.ok_or_else(|| format!("Insn {}: operation {} is unknown", row[0], row[3]))?);
        table.offset[i] = row[2];
    }
    for row in facts.rows(RelationId::InsnLine) {
        table.line[slot_of(row[0], "InsnLine")?] = row[1];
    }
    let mut regions: HashMap<u32, u32> = HashMap::new();
    let mut region_info = Vec::new();
    for row in facts.rows(RelationId::ExceptionRegion) {
        regions.insert(row[0], region_info.len() as u32);
        region_info.push(Region { handler: row[4], depth: row[5] });
    }
    for row in facts.rows(RelationId::InsnRegion) {
        let r = *regions.get(&row[1]).ok_or_else(|| format!("InsnRegion: region {} is not declared", row[1]))?;
        table.region[slot_of(row[0], "InsnRegion")?] = r;
    }
    for row in facts.rows(RelationId::Call) {
        table.call[slot_of(row[0], "Call")?] = true;
    }
    let truth_tests: HashSet<u32> = facts.rows(RelationId::TruthTest).map(|r| r[0]).collect();
    for row in facts.rows(RelationId::ConditionalJump) {
        let condition = schema::Condition::ALL
            .get(row[1] as usize)
            .ok_or_else(|| format!("ConditionalJump {}: condition {} is unknown", row[0], row[1]))?;
        table.branch_raises[slot_of(row[0], "ConditionalJump")?] = condition.may_raise(truth_tests.contains(&row[0]));
    }
    for &site in unresolved_calls {
        table.unresolved[slot_of(site, "unresolved call")?] = true;
    }
    let loads = BySite::new(facts.rows(RelationId::LoadLocal).map(|r| (r[0], r[2])).collect());
    let stores = BySite::new(facts.rows(RelationId::StoreLocal).map(|r| (r[0], r[2])).collect());
    let deletes = BySite::new(facts.rows(RelationId::DeleteLocal).map(|r| (r[0], r[2])).collect());
    let mut params: HashMap<u32, Vec<u32>> = HashMap::new();
    for row in facts.rows(RelationId::Param) {
        params.entry(row[0]).or_default().push(row[2]);
    }

    // Blocks of the chosen code objects, in instruction order; their fact edges.
    let chosen: HashMap<u32, usize> = codes.iter().enumerate().map(|(i, &c)| (c, i)).collect();
    let mut blocks_of: Vec<Vec<(u32, u32, u32)>> = vec![Vec::new(); codes.len()];
    let mut first_exit = 0u32;
    for row in facts.rows(RelationId::Block) {
        first_exit = first_exit.max(row[0] + 1);
        if let Some(&c) = chosen.get(&row[1]) {
            if row[2] > row[3] || row[3] as usize >= insns {
                return Err(format!("Block {}: instructions {}..={} are not a range of Insn", row[0], row[2], row[3]));
            }
            blocks_of[c].push((row[2], row[3], row[0]));
        }
    }
    let entries: HashMap<u32, u32> = facts.rows(RelationId::EntryBlock).map(|r| (r[0], r[1])).collect();
    let mut fact_edges: HashMap<u32, Vec<(u32, u32)>> = HashMap::new();
    for row in facts.rows(RelationId::BlockEdge) {
        fact_edges.entry(row[0]).or_default().push((row[1], row[2]));
    }

    let context =
        Context { table: &table, region_info: &region_info, loads: &loads, stores: &stores, deletes: &deletes };
    let mut graphs = Graphs { codes: Vec::with_capacity(codes.len()), disproved_unbound_loads: 0 };
    for (c, &code) in codes.iter().enumerate() {
        let mut blocks = std::mem::take(&mut blocks_of[c]);
        blocks.sort_unstable();
        let entry = entries.get(&code).copied();
        let graph = context
            .code_graph(code, &blocks, entry, first_exit + code, &fact_edges, params.get(&code).map_or(&[][..], |p| p))
            .map_err(|e| format!("code object {code}: {e}"))?;
        graphs.disproved_unbound_loads += graph.1;
        graphs.codes.push(graph.0);
    }
    Ok(graphs)
}

struct Context<'a> {
    table: &'a InsnTable,
    region_info: &'a [Region],
    loads: &'a BySite,
    stores: &'a BySite,
    deletes: &'a BySite,
}

/// Fixed-size sets of local slots.
#[derive(Clone, PartialEq, Eq)]
struct Slots(Vec<u64>);

impl Slots {
    fn empty(n: usize) -> Slots {
        Slots(vec![0; n.div_ceil(64)])
    }
    fn full(n: usize) -> Slots {
        Slots(vec![u64::MAX; n.div_ceil(64)])
    }
    fn insert(&mut self, slot: u32) {
        if let Some(word) = self.0.get_mut(slot as usize / 64) {
            *word |= 1 << (slot % 64);
        }
    }
    fn remove(&mut self, slot: u32) {
        if let Some(word) = self.0.get_mut(slot as usize / 64) {
            *word &= !(1 << (slot % 64));
        }
    }
    fn contains(&self, slot: u32) -> bool {
        self.0.get(slot as usize / 64).is_some_and(|w| w & (1 << (slot % 64)) != 0)
    }
    /// Intersects in place; whether anything changed.
    fn meet(&mut self, other: &Slots) -> bool {
        let mut changed = false;
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            let next = *a & b;
            changed |= next != *a;
            *a = next;
        }
        changed
    }
}

impl Context<'_> {
    fn op(&self, insn: u32) -> Operation {
        self.table.op[insn as usize].unwrap_or(Operation::Nop)
    }

    /// A `LOAD_FAST_AND_CLEAR`: a load that also empties its slot; never raises.
    fn clears(&self, insn: u32) -> bool {
        self.op(insn) == Operation::LoadLocal && self.deletes.slots(insn).next().is_some()
    }

    /// Steps `assigned` over `insn`.
    fn transfer(&self, insn: u32, assigned: &mut Slots) {
        for slot in self.stores.slots(insn) {
            assigned.insert(slot);
        }
        for slot in self.deletes.slots(insn) {
            assigned.remove(slot);
        }
    }

    /// Why `insn` may raise when `assigned` holds before it, or `None` when it cannot.
    fn may_raise(&self, insn: u32, assigned: &Slots) -> Option<Justification> {
        let op = self.op(insn);
        let t = self.table;
        if is_local_load(op) || op == Operation::DeleteLocal {
            if self.clears(insn) {
                return None;
            }
            // `STORE_FAST_LOAD_FAST` loads after its store.
            let stored;
            let before = if op == Operation::StoreThenLoadLocal {
                let mut after = assigned.clone();
                self.transfer(insn, &mut after);
                stored = after;
                &stored
            } else {
                assigned
            };
            let slots = if op == Operation::DeleteLocal { self.deletes.slots(insn) } else { self.loads.slots(insn) };
            let mut slots = slots.peekable();
            if slots.peek().is_none() {
                // A load whose value nothing reads has no `LoadLocal` fact: assume it checks.
                return Some(Justification::UnboundLocal);
            }
            return slots.any(|s| !before.contains(s)).then_some(Justification::UnboundLocal);
        }
        let raises = match op {
            Operation::Branch => t.branch_raises[insn as usize],
            _ => !op.never_raises(),
        };
        if !raises {
            return None;
        }
        Some(match op {
            Operation::Raise | Operation::Reraise | Operation::EndFinally => Justification::Raise,
            _ if t.unresolved[insn as usize] => Justification::UnresolvedCall,
            Operation::Call | Operation::CallEx if t.call[insn as usize] => Justification::PackageCall,
            _ => Justification::Native,
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn code_graph(
        &self,
        code: u32,
        blocks: &[(u32, u32, u32)],
        entry: Option<u32>,
        exit_id: u32,
        fact_edges: &HashMap<u32, Vec<(u32, u32)>>,
        params: &[u32],
    ) -> Result<(CodeGraph, usize), String> {
        let t = self.table;
        let n = blocks.len();
        let exit = n;
        let local: HashMap<u32, usize> = blocks.iter().enumerate().map(|(i, b)| (b.2, i)).collect();
        // Blocks are sorted by their first instruction and do not overlap.
        let block_of_insn = |insn: u32| -> Option<usize> {
            let i = blocks.partition_point(|b| b.0 <= insn).checked_sub(1)?;
            (insn <= blocks[i].1).then_some(i)
        };
        let local_of = |block: u32| -> Result<usize, String> {
            local.get(&block).copied().ok_or_else(|| format!("an edge names block {block}, not one of its own"))
        };
        // Normal, branch and resume successors (exception edges are rebuilt below).
        let mut succ: Vec<Vec<(usize, EdgeKind, Option<u32>)>> = vec![Vec::new(); n + 1];
        for (i, &(_, last, id)) in blocks.iter().enumerate() {
            let finally_call = self.op(last) == Operation::CallFinally;
            for &(to, kind) in fact_edges.get(&id).map_or(&[][..], |e| e) {
                let kind = EdgeKind::of_fact(kind).ok_or_else(|| format!("block {id}: edge kind {kind} is unknown"))?;
                if kind == EdgeKind::Exception {
                    continue;
                }
                // 3.8 `CALL_FINALLY` runs the finally body and comes back: not a test.
                let kind = if finally_call { EdgeKind::Normal } else { kind };
                succ[i].push((local_of(to)?, kind, None));
            }
            if matches!(self.op(last), Operation::Return | Operation::ReturnConst) {
                succ[i].push((exit, EdgeKind::Normal, None));
            }
        }
        // 3.8: an `END_FINALLY` may return to after any `CALL_FINALLY` of its code object.
        // It need not end its block (the lowering lets it fall through, as it does when
        // no return address is on the stack), so the block's edge leaves from inside it,
        // as exception edges do.
        let returns: Vec<usize> = blocks
            .iter()
            .enumerate()
            .filter(|(_, b)| self.op(b.1) == Operation::CallFinally)
            .filter_map(|(i, _)| (i + 1 < n).then_some(i + 1))
            .collect();
        if !returns.is_empty() {
            for (i, &(first, last, _)) in blocks.iter().enumerate() {
                if (first..=last).any(|insn| self.op(insn) == Operation::EndFinally) {
                    succ[i].extend(returns.iter().map(|&r| (r, EdgeKind::Normal, None)));
                }
            }
        }
        // 3.8: the `END_FINALLY` that a failed `except` match jumps to always re-raises
        // (the exception's type is on the stack, not None or a return address), so it
        // goes on only along its exception edge.
        let failed_match = |from: usize, kind: EdgeKind| {
            let (first, last, _) = blocks[from];
            kind == EdgeKind::False
                && self.op(last) == Operation::Branch
                && last > first
                && self.op(last - 1) == Operation::CheckExcMatch
        };
        let mut reraises = vec![true; n];
        let mut entered = vec![false; n];
        for (from, edges) in succ.iter().enumerate().take(n) {
            for &(to, kind, _) in edges {
                if to < n {
                    entered[to] = true;
                    reraises[to] &= failed_match(from, kind);
                }
            }
        }
        for (i, &(first, _, _)) in blocks.iter().enumerate() {
            if entered[i] && reraises[i] && self.op(first) == Operation::EndFinally {
                succ[i].retain(|&(_, kind, _)| kind != EdgeKind::Normal);
            }
        }
        // Per block, the handler (local block, restored depth) of each instruction.
        let mut handlers: Vec<Vec<Option<(usize, u32)>>> = Vec::with_capacity(n);
        for &(first, last, _) in blocks {
            let mut of_block = Vec::with_capacity((last - first + 1) as usize);
            for insn in first..=last {
                let r = t.region[insn as usize];
                of_block.push(if r == NONE {
                    None
                } else {
                    let region = &self.region_info[r as usize];
                    let block = block_of_insn(region.handler)
                        .ok_or_else(|| format!("handler instruction {} is in none of its blocks", region.handler))?;
                    Some((block, region.depth))
                });
            }
            handlers.push(of_block);
        }

        // Definite assignment: a must-analysis, so blocks start full and the entry with the
        // parameters (and meets what loops back into it).
        // Slot sets as wide as the highest slot the code object's own instructions name.
        let own = blocks.iter().flat_map(|&(first, last, _)| first..=last);
        let slots = 1 + own
            .flat_map(|insn| [self.loads, self.stores, self.deletes].into_iter().flat_map(move |by| by.slots(insn)))
            .chain(params.iter().copied())
            .max()
            .unwrap_or(0) as usize;
        let entry_local = match entry {
            Some(e) => Some(local_of(e)?),
            None => None,
        };
        let mut state_in: Vec<Slots> = vec![Slots::full(slots); n];
        if let Some(e) = entry_local {
            let mut start = Slots::empty(slots);
            for &p in params {
                start.insert(p);
            }
            state_in[e] = start;
        }
        let mut changed = true;
        while changed {
            changed = false;
            for (i, &(first, last, _)) in blocks.iter().enumerate() {
                let mut assigned = state_in[i].clone();
                for (insn, handler) in (first..=last).zip(&handlers[i]) {
                    if let Some((h, _)) = *handler {
                        changed |= state_in[h].meet(&assigned);
                    }
                    self.transfer(insn, &mut assigned);
                }
                for &(to, _, _) in &succ[i] {
                    if to != exit {
                        changed |= state_in[to].meet(&assigned);
                    }
                }
            }
        }

        // Exception edges of the instructions that may raise.
        let mut justified = [0usize; 5];
        let mut disproved = 0;
        for (i, &(first, last, _)) in blocks.iter().enumerate() {
            let mut assigned = state_in[i].clone();
            for (insn, handler) in (first..=last).zip(&handlers[i]) {
                let op = self.op(insn);
                match self.may_raise(insn, &assigned) {
                    Some(why) => {
                        justified[why as usize] += 1;
                        match *handler {
                            Some((h, depth)) => succ[i].push((h, EdgeKind::Exception, Some(depth))),
                            None => succ[i].push((exit, EdgeKind::Exception, None)),
                        }
                    }
                    None if is_local_load(op) && !self.clears(insn) => disproved += 1,
                    None => {}
                }
                self.transfer(insn, &mut assigned);
            }
        }
        for s in &mut succ {
            s.sort_unstable();
            s.dedup();
        }
        add_synthetic_exits(&mut succ, exit);

        let mut product: Vec<Block> = blocks
            .iter()
            .enumerate()
            .map(|(i, &(first, last, id))| {
                let lines = (first..=last).map(|insn| t.line[insn as usize]).filter(|&l| l != NONE);
                let (low, high) = lines.fold((NONE, 0), |(lo, hi), l| (lo.min(l), hi.max(l)));
                Block {
                    id,
                    code,
                    kind: if Some(i) == entry_local { BlockKind::Entry } else { BlockKind::Body },
                    insns: Some((first, last)),
                    offsets: Some((t.offset[first as usize], t.offset[last as usize])),
                    lines: (low != NONE).then_some((low, high)),
                }
            })
            .collect();
        product.push(Block { id: exit_id, code, kind: BlockKind::Exit, insns: None, offsets: None, lines: None });

        let typed = Justification::ALL.iter().any(|j| !j.is_concrete() && justified[*j as usize] > 0);
        let detail: Vec<String> = Justification::ALL
            .iter()
            .filter(|j| justified[**j as usize] > 0)
            .map(|j| format!("{}: {}", j.name(), justified[*j as usize]))
            .collect();
        let coverage = super::CodeCoverage {
            code,
            level: if typed { "typed_unresolved" } else { "concrete" },
            detail: detail.join(", "),
        };
        Ok((CodeGraph { blocks: product, succ, coverage }, disproved))
    }
}

/// Gives every set of blocks that cannot reach `exit` a `synthetic` edge to it: from
/// the first block (in code order) of each strongly connected component with no
/// way out, after which every block reaches the exit.
fn add_synthetic_exits(succ: &mut [Vec<(usize, EdgeKind, Option<u32>)>], exit: usize) {
    let n = succ.len();
    let reaches = reaching(succ, exit);
    if reaches.iter().all(|&r| r) {
        return;
    }
    let components = strongly_connected(succ, &reaches);
    // A component is a sink when none of its blocks has a successor in another one.
    let mut sink = vec![true; n];
    for (b, s) in succ.iter().enumerate() {
        if reaches[b] {
            continue;
        }
        if s.iter().any(|&(to, _, _)| components[to] != components[b]) {
            sink[components[b]] = false;
        }
    }
    let mut done = vec![false; n];
    for b in 0..n {
        let c = components[b];
        if !reaches[b] && sink[c] && !done[c] {
            done[c] = true;
            succ[b].push((exit, EdgeKind::Synthetic, None));
        }
    }
}

/// Which blocks have a path to `exit`.
fn reaching(succ: &[Vec<(usize, EdgeKind, Option<u32>)>], exit: usize) -> Vec<bool> {
    let n = succ.len();
    let mut pred: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (b, s) in succ.iter().enumerate() {
        for &(to, _, _) in s {
            pred[to].push(b);
        }
    }
    let mut seen = vec![false; n];
    seen[exit] = true;
    let mut stack = vec![exit];
    while let Some(b) = stack.pop() {
        for &p in &pred[b] {
            if !seen[p] {
                seen[p] = true;
                stack.push(p);
            }
        }
    }
    seen
}

/// Component index per block (Tarjan's algorithm, iterative) over the blocks not
/// `excluded`; excluded blocks get `usize::MAX`.
fn strongly_connected(succ: &[Vec<(usize, EdgeKind, Option<u32>)>], excluded: &[bool]) -> Vec<usize> {
    let n = succ.len();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut component = vec![usize::MAX; n];
    let mut stack = Vec::new();
    let mut next = 0;
    let mut components = 0;
    for root in 0..n {
        if excluded[root] || index[root] != usize::MAX {
            continue;
        }
        let mut work: Vec<(usize, usize)> = vec![(root, 0)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (b, ref mut at)) = work.last_mut() {
            if let Some(&(to, _, _)) = succ[b].get(*at) {
                *at += 1;
                if excluded[to] {
                    continue;
                }
                if index[to] == usize::MAX {
                    index[to] = next;
                    low[to] = next;
                    next += 1;
                    stack.push(to);
                    on_stack[to] = true;
                    work.push((to, 0));
                } else if on_stack[to] {
                    low[b] = low[b].min(index[to]);
                }
            } else {
                work.pop();
                if let Some(&(parent, _)) = work.last() {
                    low[parent] = low[parent].min(low[b]);
                }
                if low[b] == index[b] {
                    while let Some(m) = stack.pop() {
                        on_stack[m] = false;
                        component[m] = components;
                        if m == b {
                            break;
                        }
                    }
                    components += 1;
                }
            }
        }
    }
    component
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(edges: &[(usize, usize)], n: usize) -> Vec<Vec<(usize, EdgeKind, Option<u32>)>> {
        let mut succ = vec![Vec::new(); n];
        for &(a, b) in edges {
            succ[a].push((b, EdgeKind::Normal, None));
        }
        succ
    }

    #[test]
    fn an_infinite_loop_gets_one_synthetic_exit_edge_from_its_first_block() {
        // 0 -> 1 -> 2 -> 1 (loop), 3 dead with no successor, 4 = exit.
        let mut succ = graph(&[(0, 1), (1, 2), (2, 1)], 5);
        add_synthetic_exits(&mut succ, 4);
        let synthetic: Vec<usize> = (0..5).filter(|&b| succ[b].iter().any(|e| e.1 == EdgeKind::Synthetic)).collect();
        assert_eq!(synthetic, vec![1, 3]);
        assert!(reaching(&succ, 4).iter().all(|&r| r));
    }

    #[test]
    fn blocks_that_reach_the_exit_get_no_synthetic_edge() {
        let mut succ = graph(&[(0, 1), (1, 0), (1, 2)], 3);
        add_synthetic_exits(&mut succ, 2);
        assert!(succ.iter().flatten().all(|e| e.1 != EdgeKind::Synthetic));
    }
}
