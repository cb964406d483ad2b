//! Operand-stack flow of one code object: every value an instruction pushes and
//! every value it reads becomes a variable, and `flows` links each read to every
//! producer that can reach it along normal, jump and exception edges.
//!
//! The stack is simulated abstractly: each slot holds the set of variables that
//! may have produced its value. Blocks are visited lowest index first and
//! revisited when a join widens their entry stack, until nothing changes. An
//! instruction an exception region covers also sends its entry stack, cut to the
//! region's depth and topped with the handler's own values, to the handler.
//! Stack shuffles move sets without creating variables, so flow goes straight
//! from a producer to its eventual consumer. The depths met on the way must be
//! the ones validation computed (`StackDepths`), or the code is refused.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::ops::Range;

use cpyg_adapters::code::CodeObject;
use cpyg_adapters::sem::{Condition, Control, Instr, Op, StackEffect};
use cpyg_adapters::validate::{self, StackDepths};
use cpyg_adapters::DecodedCode;
use rustc_hash::FxHashMap;

use crate::cfg;

/// Variables of one code object, numbered locally and deterministically: for each
/// instruction in order its popped inputs (deepest first), then its in-place
/// reads, then its outputs (deepest first); after all instructions, the values
/// each exception region's handler starts with, region by region; last, the
/// values the frame starts with.
///
/// Stack shuffles (`Copy`, `Swap`, `RotateDown`, `DupTopTwo`) and 3.10's block
/// openers (`SetupBlock`, which pass their operand through) have no variables.
/// An instruction whose jump edge pushes values of its own (3.11 `SEND`'s return
/// value) has as many outputs as the larger of its two edges push; the keeping
/// branches (`JUMP_IF_TRUE_OR_POP`) pass their operand on along the jump edge.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CodeVars {
    /// Per instruction: popped inputs, `index` 0 = deepest.
    pub inputs: Vec<Range<u32>>,
    /// Per instruction: (depth below the popped inputs, 1 = top, variable) read in
    /// place, deepest first (see [`in_place_reads`]).
    pub peeks: Vec<Vec<(u32, u32)>>,
    /// Per instruction: pushed outputs, `index` 0 = deepest.
    pub outputs: Vec<Range<u32>>,
    /// Per exception region (in `DecodedCode::regions` order): the pushed handler values.
    pub handler_values: Vec<Range<u32>>,
    /// Values on the stack when the frame starts, `index` 0 = deepest: the first
    /// sent value a 3.10 generator pops with `GEN_START`; empty otherwise.
    pub entry: Range<u32>,
    pub count: u32,
}

/// Who a variable belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VarOwner {
    Input { insn: u32, index: u32 },
    Peek { insn: u32, depth: u32 },
    Output { insn: u32, index: u32 },
    Handler { region: u32, index: u32 },
    Entry { index: u32 },
}

impl VarOwner {
    /// Whether the variable is a value placed on the stack (the `from` side of a flow).
    pub fn is_producer(self) -> bool {
        matches!(self, VarOwner::Output { .. } | VarOwner::Handler { .. } | VarOwner::Entry { .. })
    }
}

impl CodeVars {
    /// The owner of every variable, indexed by variable.
    pub fn owners(&self) -> Vec<VarOwner> {
        let mut owners = vec![VarOwner::Entry { index: 0 }; self.count as usize];
        let mut put = |range: &Range<u32>, owner: &dyn Fn(u32) -> VarOwner| {
            for (k, var) in range.clone().enumerate() {
                owners[var as usize] = owner(k as u32);
            }
        };
        for insn in 0..self.inputs.len() {
            let i = insn as u32;
            put(&self.inputs[insn], &|index| VarOwner::Input { insn: i, index });
            put(&self.outputs[insn], &|index| VarOwner::Output { insn: i, index });
        }
        for (region, range) in self.handler_values.iter().enumerate() {
            put(range, &|index| VarOwner::Handler { region: region as u32, index });
        }
        put(&self.entry, &|index| VarOwner::Entry { index });
        for (insn, peeks) in self.peeks.iter().enumerate() {
            for &(depth, var) in peeks {
                owners[var as usize] = VarOwner::Peek { insn: insn as u32, depth };
            }
        }
        owners
    }

    /// Producer variables (outputs, handler values, entry values) in variable order.
    pub fn producers(&self) -> impl Iterator<Item = u32> + '_ {
        let per_insn = self.outputs.iter().flat_map(|r| r.clone());
        per_insn.chain(self.handler_values.iter().flat_map(|r| r.clone())).chain(self.entry.clone())
    }
}

/// Why no flow consumes a producer variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum UnusedReason {
    /// The producing instruction (or every instruction its handler covers) is never reached.
    Unreachable,
    /// The value is only ever dropped by exception unwinding: cut from the stack
    /// on the way to a handler, or abandoned when a raise leaves the frame.
    Unwound,
    /// Pushed by a return: the value lands on the caller's stack
    /// (3.14 `RETURN_VALUE`, which `dis` accounts as replacing the returned value).
    Returned,
    /// None of the above: a value that disappears unexplained (a violation).
    Lost,
}

impl UnusedReason {
    pub const ALL: [UnusedReason; 4] =
        [UnusedReason::Unreachable, UnusedReason::Unwound, UnusedReason::Returned, UnusedReason::Lost];

    pub fn name(self) -> &'static str {
        match self {
            UnusedReason::Unreachable => "unreachable",
            UnusedReason::Unwound => "unwound",
            UnusedReason::Returned => "returned",
            UnusedReason::Lost => "lost",
        }
    }

    /// Whether the fact files may list the variable as legitimately unused.
    pub fn is_legitimate(self) -> bool {
        self != UnusedReason::Lost
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CodeFlow {
    pub vars: CodeVars,
    /// (producer: output or handler value, consumer: input or in-place read), sorted, deduplicated.
    pub flows: Vec<(u32, u32)>,
    /// Producer variables no flow consumes, in variable order, with the reason.
    pub unused: Vec<(u32, UnusedReason)>,
}

/// At most four positions are read in place (3.10 `WITH_EXCEPT_START`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reads {
    depths: [u32; 4],
    len: u8,
}

impl Reads {
    fn of(depths: &[u32]) -> Reads {
        let mut reads = Reads::default();
        for &depth in depths.iter().take(4) {
            reads.depths[reads.len as usize] = depth;
            reads.len += 1;
        }
        reads
    }

    /// Depths below the popped values, 1 = the value just below them.
    pub fn as_slice(&self) -> &[u32] {
        &self.depths[..self.len as usize]
    }
}

/// The stack positions an operation reads without popping them, as depths below
/// the values it pops (1 = the value right below them). `StackEffect.peek` only
/// says how deep the deepest such read goes; which positions in between are read
/// depends on the operation:
///
/// - building a comprehension's container (`LIST_APPEND`, `SET_ADD`, `MAP_ADD`,
///   `LIST_EXTEND`, `SET_UPDATE`, `DICT_UPDATE`, `DICT_MERGE`): the container at `depth`;
/// - `FOR_ITER`: the iterator at the peek depth (on top; 3.15: below its index);
///   `SEND`: the receiver at the peek depth (below the sent value; 3.15: below a
///   NULL too); `GET_ANEXT`: the iterator on top; `IMPORT_FROM`: the module on top;
/// - `GET_LEN`, `MATCH_MAPPING`, `MATCH_SEQUENCE`: the subject on top;
///   `MATCH_KEYS`: the key tuple on top and the subject below it; 3.10
///   `COPY_DICT_WITHOUT_KEYS`: the subject below the popped keys;
/// - `CHECK_EXC_MATCH`: the exception below the popped type;
/// - `WITH_EXCEPT_START`: the exception on top (3.10: the type, value and
///   traceback, positions 1-3) and the `__exit__` callable at the peek depth
///   (3.14: with the self-or-NULL slot above it, position 4); 3.8's
///   `WITH_CLEANUP_START` pops them instead;
/// - `RERAISE n` (3.11+): the saved `lasti` at depth `n`;
/// - 3.11 `PRECALL`: nothing: it rearranges the call's slots in place, and the
///   `CALL` after it pops and reads them all.
pub fn in_place_reads(op: &Op, stack: &StackEffect) -> Result<Reads, String> {
    let peek = stack.peek;
    let reads = match *op {
        Op::ListAppend { depth }
        | Op::SetAdd { depth }
        | Op::MapAdd { depth }
        | Op::ListExtend { depth }
        | Op::SetUpdate { depth }
        | Op::DictUpdate { depth }
        | Op::DictMerge { depth } => Reads::of(&[depth]),
        // 3.15 keeps an index (or NULL) above the iterator and the delegation's receiver.
        Op::ForIter | Op::Send => Reads::of(&[peek]),
        Op::GetANext
        | Op::ImportFrom { .. }
        | Op::GetLen
        | Op::MatchMapping
        | Op::MatchSequence
        | Op::CopyDictWithoutKeys => Reads::of(&[1]),
        // 3.8's form pops both operands.
        Op::CheckExcMatch if peek > 0 => Reads::of(&[1]),
        Op::MatchKeys => Reads::of(&[2, 1]),
        Op::WithExceptStart => match peek {
            // 3.8 `WITH_CLEANUP_START` pops what it reads.
            0 => Reads::default(),
            7 => Reads::of(&[7, 3, 2, 1]),
            5 => Reads::of(&[5, 4, 1]),
            _ => Reads::of(&[peek, 1]),
        },
        Op::Reraise { .. } if peek > 0 => Reads::of(&[peek]),
        _ => Reads::default(),
    };
    let deepest = reads.as_slice().first().copied().unwrap_or(0);
    let explained = deepest == peek || matches!(op, Op::PrepareCall { .. });
    if !explained || reads.as_slice().contains(&0) {
        return Err(format!("no in-place read rule gives {op:?} its peek depth {peek}"));
    }
    Ok(reads)
}

/// Operations that only rearrange the stack: their outputs are their inputs.
fn is_shuffle(op: &Op) -> bool {
    matches!(op, Op::Copy { .. } | Op::Swap { .. } | Op::RotateDown { .. } | Op::DupTopTwo | Op::SetupBlock { .. })
}

/// The (pops, pushes) of the jump edge, for instructions that have one.
fn jump_effect(instr: &Instr) -> Option<(u32, u32)> {
    match instr.control {
        Control::Branch { .. } | Control::Jump { .. } => {
            Some(instr.stack.jump.unwrap_or((instr.stack.pops, instr.stack.pushes)))
        }
        // 3.10 block openers reach their handler through the exception region.
        Control::Next | Control::Setup { .. } | Control::Return | Control::Raise => None,
    }
}

/// `JUMP_IF_TRUE_OR_POP` and `JUMP_IF_FALSE_OR_POP` leave their operand on the
/// stack along the jump edge: the values it pushes there are the ones it popped.
fn jump_keeps_operands(instr: &Instr) -> bool {
    matches!(instr.control, Control::Branch { when: Condition::IfTrueKeep | Condition::IfFalseKeep, .. })
}

fn output_count(instr: &Instr) -> u32 {
    match jump_effect(instr) {
        Some((_, pushes)) if !jump_keeps_operands(instr) => instr.stack.pushes.max(pushes),
        _ => instr.stack.pushes,
    }
}

/// Variable ids stay below this bit, which marks interned sets of several producers.
const MANY: u32 = 1 << 31;
/// No producer set yet.
const NONE: u32 = u32::MAX;

/// Numbers the variables of every instruction, handler and frame entry.
pub fn number_vars(decoded: &DecodedCode) -> Result<CodeVars, String> {
    let n = decoded.instrs.len();
    let mut vars = CodeVars {
        inputs: Vec::with_capacity(n),
        peeks: Vec::with_capacity(n),
        outputs: Vec::with_capacity(n),
        ..CodeVars::default()
    };
    let mut next: u64 = 0;
    let mut take = |count: u32| -> Result<Range<u32>, String> {
        let start = next;
        next += count as u64;
        if next >= MANY as u64 {
            return Err(format!("more than {MANY} stack variables in one code object"));
        }
        Ok(start as u32..next as u32)
    };
    for instr in &decoded.instrs {
        if is_shuffle(&instr.op) {
            let here = take(0)?;
            vars.inputs.push(here.clone());
            vars.peeks.push(Vec::new());
            vars.outputs.push(here);
            continue;
        }
        let reads = in_place_reads(&instr.op, &instr.stack).map_err(|e| format!("offset {}: {e}", instr.offset))?;
        vars.inputs.push(take(instr.stack.pops)?);
        let mut peeks = Vec::with_capacity(reads.as_slice().len());
        for &depth in reads.as_slice() {
            peeks.push((depth, take(1)?.start));
        }
        vars.peeks.push(peeks);
        vars.outputs.push(take(output_count(instr))?);
    }
    for region in &decoded.regions {
        vars.handler_values.push(take(region.pushed)?);
    }
    vars.entry = take(validate::entry_depth(&decoded.instrs))?;
    vars.count = take(0)?.start;
    Ok(vars)
}

/// Simulates the operand stack of `code` with sets of producers per slot.
/// `depths` must be what [`validate::stack_depths`] computed for `decoded`; the
/// simulation refuses the code where it disagrees. (Everything it needs comes from
/// `decoded`; `code` is part of the signature for callers that pass all three.)
pub fn code_flow(code: &CodeObject, decoded: &DecodedCode, depths: &StackDepths) -> Result<CodeFlow, String> {
    let _ = code;
    if decoded.instrs.is_empty() {
        return Err("code object has no instructions".into());
    }
    if depths.entry.len() != decoded.instrs.len() {
        return Err(format!("{} stack depths for {} instructions", depths.entry.len(), decoded.instrs.len()));
    }
    let vars = number_vars(decoded)?;
    let mut sim = Simulation::new(decoded, &vars, depths)?;
    sim.run()?;
    let flows = sim.flows();
    let unused = sim.unused(&flows);
    Ok(CodeFlow { vars, flows, unused })
}

/// Slot operations (stack slots copied, compared or visited) allowed per code
/// object: far above what compiler output needs (the costliest code object in the
/// 3.10-3.14 standard libraries takes about 100 000), low enough that a hostile
/// code object with a deep stack under many blocks is refused instead of
/// exhausting memory and time.
const WORK_BUDGET: u64 = 1 << 25;

/// What the previous covered instruction of a block left behind (see [`Simulation::unwind`]).
#[derive(Default)]
struct Unwinding {
    /// Its region.
    region: Option<usize>,
    /// The slots it marked as unwound.
    marked: Range<usize>,
    /// How many bottom slots no instruction has replaced since.
    stable: usize,
}

/// Per-variable flags gathered by the simulation.
const PRODUCED: u8 = 1;
const UNWOUND: u8 = 2;
const CONSUMED: u8 = 4;

struct Simulation<'a> {
    decoded: &'a DecodedCode,
    vars: &'a CodeVars,
    depths: &'a StackDepths,
    starts: Vec<usize>,
    region_of: Vec<u32>,
    sets: SetTable,
    /// Entry stack of each block once reached.
    entry: Vec<Option<Vec<u32>>>,
    /// Per block: (slot, set) arrivals not yet merged into its entry stack.
    pending: Vec<Vec<(u32, u32)>>,
    /// Per block: visited with its current entry stack at least once.
    block_done: Vec<bool>,
    /// Slot operations left before the code object is refused as too costly.
    budget: u64,
    queued: Vec<bool>,
    work: BinaryHeap<Reverse<u32>>,
    /// Per variable: for consumers, the set of producers reaching it (or `NONE`).
    reaching: Vec<u32>,
    flags: Vec<u8>,
    visited: Vec<bool>,
    scratch: Vec<u32>,
}

impl<'a> Simulation<'a> {
    fn new(decoded: &'a DecodedCode, vars: &'a CodeVars, depths: &'a StackDepths) -> Result<Self, String> {
        let region_of = cfg::covering_regions(decoded);
        let starts = cfg::block_starts(decoded, &region_of)?;
        let blocks = starts.len();
        let mut sim = Simulation {
            decoded,
            vars,
            depths,
            starts,
            region_of,
            sets: SetTable::default(),
            entry: vec![None; blocks],
            pending: vec![Vec::new(); blocks],
            block_done: vec![false; blocks],
            budget: WORK_BUDGET,
            queued: vec![false; blocks],
            work: BinaryHeap::new(),
            reaching: vec![NONE; vars.count as usize],
            flags: vec![0; vars.count as usize],
            visited: vec![false; decoded.instrs.len()],
            scratch: Vec::new(),
        };
        let initial: Vec<u32> = vars.entry.clone().collect();
        for &var in &initial {
            sim.flags[var as usize] |= PRODUCED;
        }
        sim.join(0, &initial)?;
        Ok(sim)
    }

    fn run(&mut self) -> Result<(), String> {
        while let Some(Reverse(block)) = self.work.pop() {
            self.queued[block as usize] = false;
            self.visit(block as usize)?;
        }
        let instrs = &self.decoded.instrs;
        for (i, (&visited, depth)) in self.visited.iter().zip(&self.depths.entry).enumerate() {
            if visited != depth.is_some() {
                return Err(format!(
                    "offset {}: the flow {} this instruction but validation {}",
                    instrs[i].offset,
                    if visited { "reaches" } else { "never reaches" },
                    if depth.is_some() { "does" } else { "does not" }
                ));
            }
        }
        Ok(())
    }

    fn block_of(&self, insn: usize) -> Result<usize, String> {
        self.starts.binary_search(&insn).map_err(|_| format!("instruction {insn} does not start a block"))
    }

    fn target_block(&self, target: u32, from: u32) -> Result<usize, String> {
        self.block_of(cfg::index_at(self.decoded, target, from)?)
    }

    /// Widens the entry stack of `block` with `incoming`; queues it when that may
    /// change it. Sets not already contained are only noted here and merged all
    /// at once when the block is visited: a join of n edges then builds one set
    /// instead of n growing ones.
    fn join(&mut self, block: usize, incoming: &[u32]) -> Result<(), String> {
        let mut changed = false;
        self.budget = self.budget.saturating_sub(incoming.len() as u64);
        match self.entry[block].as_ref() {
            None => {
                self.entry[block] = Some(incoming.to_vec());
                changed = true;
            }
            Some(current) => {
                if current.len() != incoming.len() {
                    let at = self.decoded.instrs[self.starts[block]].offset;
                    return Err(format!(
                        "offset {at}: paths join with stack depths {} and {}",
                        current.len(),
                        incoming.len()
                    ));
                }
                for (slot, (&have, &more)) in current.iter().zip(incoming).enumerate() {
                    if !self.sets.contains(have, more) {
                        self.pending[block].push((slot as u32, more));
                        changed = true;
                    }
                }
            }
        }
        if changed && !self.queued[block] {
            self.queued[block] = true;
            self.work.push(Reverse(block as u32));
        }
        Ok(())
    }

    /// Merges the sets noted for `block` into its entry stack; true if it grew.
    fn settle(&mut self, block: usize) -> bool {
        let mut pending = std::mem::take(&mut self.pending[block]);
        let Some(stack) = self.entry[block].as_mut() else { return false };
        pending.sort_unstable();
        let mut grew = false;
        for group in pending.chunk_by(|a, b| a.0 == b.0) {
            let slot = group[0].0 as usize;
            let merged = self.sets.union_all(stack[slot], group.iter().map(|&(_, set)| set));
            self.budget = self.budget.saturating_sub(self.sets.members(&merged).len() as u64);
            grew |= merged != stack[slot];
            stack[slot] = merged;
        }
        pending.clear();
        self.pending[block] = pending;
        grew
    }

    fn visit(&mut self, block: usize) -> Result<(), String> {
        let grew = self.settle(block);
        if self.block_done[block] && !grew {
            return Ok(());
        }
        self.block_done[block] = true;
        let mut stack = self.entry[block].clone().ok_or("a queued block has no entry stack")?;
        let end = self.starts.get(block + 1).copied().unwrap_or(self.decoded.instrs.len());
        let decoded = self.decoded;
        let mut since = Unwinding::default();
        for i in self.starts[block]..end {
            let instr = &decoded.instrs[i];
            self.visited[i] = true;
            self.spend(stack.len() as u64 + instr.stack.pops as u64 + instr.stack.pushes as u64)?;
            if self.depths.entry[i] != Some(stack.len() as u32) {
                return Err(format!(
                    "offset {}: the flow reaches {} with stack depth {}, validation computed {:?}",
                    instr.offset,
                    instr.opname,
                    stack.len(),
                    self.depths.entry[i]
                ));
            }
            let region = self.region_of.get(i).copied().filter(|&r| r != u32::MAX).map(|r| r as usize);
            if let Some(region) = region.filter(|&r| self.decoded.regions[r].reached_from(&instr.op, stack.len())) {
                self.unwind(region, &stack, instr.offset, &mut since)?;
            }
            let untouched = stack.len().saturating_sub(instr.stack.pops as usize);
            if is_shuffle(&instr.op) {
                shuffle(&mut stack, instr).map_err(|e| format!("offset {}: {e}", instr.offset))?;
            } else {
                self.transfer(i, &mut stack)?;
            }
            since.stable = since.stable.min(untouched);
            match instr.control {
                Control::Next | Control::Setup { .. } | Control::Branch { .. } => {}
                Control::Jump { .. } | Control::Return => return Ok(()),
                Control::Raise => {
                    if self.region_of[i] == u32::MAX {
                        // The exception leaves the frame with whatever is still on the stack.
                        for &set in &stack {
                            self.mark_unwound(set);
                        }
                    }
                    return Ok(());
                }
            }
        }
        if end >= decoded.instrs.len() {
            let last = &decoded.instrs[end - 1];
            return Err(format!("offset {}: {} falls off the end of the code", last.offset, last.opname));
        }
        self.join(block + 1, &stack)
    }

    /// The exception edge of a covered instruction: its entry stack cut to the
    /// region's depth, then the handler's values. What the previous covered
    /// instruction of the block already did for slots nothing has touched since
    /// is not done again, so a long protected run under a deep stack stays linear.
    fn unwind(&mut self, region: usize, stack: &[u32], at: u32, since: &mut Unwinding) -> Result<(), String> {
        let r = self.decoded.regions[region];
        let depth = r.depth as usize;
        if depth > stack.len() {
            return Err(format!("offset {at}: stack depth {} is below the handler's depth {depth}", stack.len()));
        }
        // Slots marked last time and not replaced since need no second pass.
        let still_marked = since.marked.start.max(depth)..since.marked.end.min(since.stable);
        let skip = if still_marked.is_empty() { depth..depth } else { still_marked };
        for &set in stack[depth..skip.start].iter().chain(&stack[skip.end..]) {
            self.mark_unwound(set);
        }
        since.marked = depth..stack.len();
        let unchanged = since.region == Some(region) && since.stable >= depth;
        since.region = Some(region);
        since.stable = stack.len();
        if unchanged {
            return Ok(());
        }
        let mut incoming = std::mem::take(&mut self.scratch);
        incoming.clear();
        incoming.extend_from_slice(&stack[..depth]);
        for var in self.vars.handler_values[region].clone() {
            self.flags[var as usize] |= PRODUCED;
            incoming.push(var);
        }
        let handler = self.target_block(r.handler, at)?;
        let joined = self.join(handler, &incoming);
        self.scratch = incoming;
        joined
    }

    /// A data instruction: its inputs and in-place reads take the sets under them;
    /// the jump edge (if any) and the normal edge get their outputs.
    fn transfer(&mut self, i: usize, stack: &mut Vec<u32>) -> Result<(), String> {
        let (decoded, vars) = (self.decoded, self.vars);
        let instr = &decoded.instrs[i];
        let depth = stack.len();
        let pops = instr.stack.pops as usize;
        let at = |message: String| format!("offset {}: {} {message}", instr.offset, instr.opname);
        let below = depth.checked_sub(pops).ok_or_else(|| at(format!("pops {pops} of {depth} values")))?;
        for (k, var) in vars.inputs[i].clone().enumerate() {
            self.consume(var, stack[below + k]);
        }
        for &(read, var) in &vars.peeks[i] {
            let slot = below.checked_sub(read as usize).ok_or_else(|| at(format!("reads depth {read} of {below}")))?;
            self.consume(var, stack[slot]);
        }
        let outputs = vars.outputs[i].clone();
        if let Some((jump_pops, jump_pushes)) = jump_effect(instr) {
            let kept = depth
                .checked_sub(jump_pops as usize)
                .ok_or_else(|| at(format!("jumps popping {jump_pops} of {depth}")))?;
            // Values the jump edge drops beyond the inputs must be ones the instruction
            // read. 3.8 `CALL_FINALLY` is the exception: what it keeps above the
            // `finally` body's level waits on its fall-through edge, where the body returns.
            let waits = instr.op == Op::CallFinally;
            for slot in if waits { below..below } else { kept..below } {
                let read = (below - slot) as u32;
                if !vars.peeks[i].iter().any(|&(d, _)| d == read) {
                    return Err(at(format!("drops the value at depth {read} on its jump edge without reading it")));
                }
            }
            let mut incoming = std::mem::take(&mut self.scratch);
            incoming.clear();
            incoming.extend_from_slice(&stack[..kept]);
            if jump_keeps_operands(instr) {
                let passed =
                    stack.get(kept..kept + jump_pushes as usize).ok_or_else(|| at("keeps more than it pops".into()))?;
                incoming.extend_from_slice(passed);
            } else {
                for var in outputs.clone().take(jump_pushes as usize) {
                    self.flags[var as usize] |= PRODUCED;
                    incoming.push(var);
                }
            }
            let Some(target) = instr.control.target() else { return Err(at("has a jump edge but no target".into())) };
            let block = self.target_block(target, instr.offset)?;
            let joined = self.join(block, &incoming);
            self.scratch = incoming;
            joined?;
        }
        stack.truncate(below);
        for var in outputs.take(instr.stack.pushes as usize) {
            self.flags[var as usize] |= PRODUCED;
            stack.push(var);
        }
        Ok(())
    }

    /// Charges `work` slot operations to the code object's budget.
    fn spend(&mut self, work: u64) -> Result<(), String> {
        self.budget = self.budget.checked_sub(work).ok_or_else(|| {
            format!(
                "the stack flow needs more than {WORK_BUDGET} slot operations (stack depth {} at most)",
                self.depths.max_depth
            )
        })?;
        Ok(())
    }

    fn consume(&mut self, var: u32, set: u32) {
        let reaching = &mut self.reaching[var as usize];
        *reaching = self.sets.union(*reaching, set);
    }

    fn mark_unwound(&mut self, set: u32) {
        if set & MANY == 0 {
            self.flags[set as usize] |= UNWOUND;
        } else if self.sets.mark(set) {
            for &var in self.sets.members(&set) {
                self.flags[var as usize] |= UNWOUND;
            }
        }
    }

    fn flows(&self) -> Vec<(u32, u32)> {
        let mut flows = Vec::with_capacity(self.reaching.len());
        for (consumer, reaching) in self.reaching.iter().enumerate() {
            if *reaching != NONE {
                flows.extend(self.sets.members(reaching).iter().map(|&producer| (producer, consumer as u32)));
            }
        }
        flows.sort_unstable();
        flows
    }

    fn unused(&mut self, flows: &[(u32, u32)]) -> Vec<(u32, UnusedReason)> {
        for &(producer, _) in flows {
            self.flags[producer as usize] |= CONSUMED;
        }
        let mut unused = Vec::new();
        let instrs = &self.decoded.instrs;
        let returns = self.vars.outputs.iter().zip(instrs).filter(|(_, instr)| instr.control == Control::Return);
        let mut returned = vec![false; self.vars.count as usize];
        for (range, _) in returns {
            for var in range.clone() {
                returned[var as usize] = true;
            }
        }
        for var in self.vars.producers() {
            let flags = self.flags[var as usize];
            if flags & CONSUMED != 0 {
                continue;
            }
            let reason = if flags & PRODUCED == 0 {
                UnusedReason::Unreachable
            } else if returned[var as usize] {
                UnusedReason::Returned
            } else if flags & UNWOUND != 0 {
                UnusedReason::Unwound
            } else {
                UnusedReason::Lost
            };
            unused.push((var, reason));
        }
        unused
    }
}

/// Applies a pure rearrangement to the abstract stack.
fn shuffle(stack: &mut Vec<u32>, instr: &Instr) -> Result<(), String> {
    let depth = stack.len();
    let expected = (depth + instr.stack.pushes as usize).checked_sub(instr.stack.pops as usize);
    let position = |n: u32| {
        depth
            .checked_sub(n as usize)
            .filter(|_| n > 0)
            .ok_or_else(|| format!("{} reaches depth {n} of {depth}", instr.opname))
    };
    match instr.op {
        Op::Copy { depth: n } => stack.push(stack[position(n)?]),
        Op::Swap { depth: n } => stack.swap(position(n)?, depth - 1),
        Op::RotateDown { depth: n } => {
            let at = position(n)?;
            stack[at..].rotate_right(1);
        }
        Op::DupTopTwo => {
            let at = position(2)?;
            stack.extend_from_within(at..);
        }
        _ => {}
    }
    if Some(stack.len()) != expected {
        return Err(format!(
            "{} is recorded as {:?}, but rearranges {depth} values into {}",
            instr.opname,
            instr.stack,
            stack.len()
        ));
    }
    Ok(())
}

/// Interned sets of producer variables. A set of one variable is the variable
/// itself; larger sets get an id with the `MANY` bit, and unions are memoised,
/// so a stack slot is one `u32` and joining two equal stacks costs a comparison
/// per slot.
#[derive(Default)]
struct SetTable {
    sets: Vec<Box<[u32]>>,
    ids: FxHashMap<Box<[u32]>, u32>,
    unions: FxHashMap<(u32, u32), u32>,
    marked: Vec<bool>,
    buffer: Vec<u32>,
}

impl SetTable {
    fn members<'s>(&'s self, id: &'s u32) -> &'s [u32] {
        if *id & MANY == 0 {
            std::slice::from_ref(id)
        } else {
            &self.sets[(*id & !MANY) as usize]
        }
    }

    fn union(&mut self, a: u32, b: u32) -> u32 {
        if a == b || b == NONE {
            return a;
        }
        if a == NONE {
            return b;
        }
        let key = (a.min(b), a.max(b));
        if let Some(&known) = self.unions.get(&key) {
            return known;
        }
        let mut merged = std::mem::take(&mut self.buffer);
        merged.clear();
        merge_sorted(self.members(&a), self.members(&b), &mut merged);
        let id = if merged.len() == self.members(&a).len() {
            a
        } else if merged.len() == self.members(&b).len() {
            b
        } else {
            self.intern(&merged)
        };
        self.buffer = merged;
        self.unions.insert(key, id);
        id
    }

    /// Whether set `have` already holds every member of `more` (answered cheaply:
    /// false may only mean "not known").
    fn contains(&self, have: u32, more: u32) -> bool {
        if have == more {
            return true;
        }
        if have & MANY == 0 {
            return false;
        }
        if more & MANY == 0 {
            return self.members(&have).binary_search(&more).is_ok();
        }
        self.unions.get(&(have.min(more), have.max(more))) == Some(&have)
    }

    /// The union of `base` and every set in `more`, built once.
    fn union_all(&mut self, base: u32, more: impl Iterator<Item = u32>) -> u32 {
        let mut merged = std::mem::take(&mut self.buffer);
        merged.clear();
        merged.extend_from_slice(self.members(&base));
        for set in more {
            merged.extend_from_slice(self.members(&set));
        }
        merged.sort_unstable();
        merged.dedup();
        let id = if merged.len() == self.members(&base).len() {
            base
        } else if merged.len() == 1 {
            merged[0]
        } else {
            self.intern(&merged)
        };
        self.buffer = merged;
        id
    }

    fn intern(&mut self, members: &[u32]) -> u32 {
        if let Some(&id) = self.ids.get(members) {
            return id;
        }
        let id = MANY | self.sets.len() as u32;
        self.sets.push(members.into());
        self.ids.insert(members.into(), id);
        self.marked.push(false);
        id
    }

    /// Marks a multi-producer set once; true the first time.
    fn mark(&mut self, id: u32) -> bool {
        let seen = &mut self.marked[(id & !MANY) as usize];
        !std::mem::replace(seen, true)
    }
}

fn merge_sorted(a: &[u32], b: &[u32], out: &mut Vec<u32>) {
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => {
                out.push(a[i]);
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                out.push(b[j]);
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                out.push(a[i]);
                i += 1;
                j += 1;
            }
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
}
