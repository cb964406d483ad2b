//! Basic blocks and typed control-flow edges of one code object.
//!
//! Leaders are the entry, every jump or branch target, every exception handler,
//! the instruction after anything that does not simply fall through to it (a
//! branch, a jump, a return, a raise, or a suspension: yield, await, the
//! generator's creation), and every instruction that may raise in another
//! exception context (the handler and depth of the region covering it, or none)
//! than the block's instructions before it that may raise. Edges are keyed by
//! block ids local to the code object; the writer maps them through the
//! instructions' native offsets.

use std::ops::Range;

use cpyg_adapters::sem::{Condition, Control, Instr, Op, Protocols};
use cpyg_adapters::DecodedCode;

use crate::lower::{condition, operation};
use crate::schema::Operation;

/// How control goes from one block to the next.
///
/// `BranchTrue` and `BranchFalse` are relative to the positive reading of the
/// branch's test: the value is true (`IfTrue`, `IfFalse`, and their keeping
/// forms), the value is None (`IfNone`, `IfNotNone`), the iterator is exhausted,
/// the sub-iterator returned, the exception matched (3.10
/// `JUMP_IF_NOT_EXC_MATCH`). So `POP_JUMP_IF_FALSE` jumps along `BranchFalse`
/// and falls through along `BranchTrue`, while `POP_JUMP_IF_NONE` and `FOR_ITER`
/// jump along `BranchTrue`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum EdgeKind {
    Fallthrough,
    BranchTrue,
    BranchFalse,
    Jump,
    /// From a block holding an instruction an exception region covers to the region's handler.
    Exception,
    /// From a block ending in a suspension (yield, await, generator creation) to
    /// the block where the frame continues when it is resumed.
    Resume,
}

impl EdgeKind {
    pub const ALL: [EdgeKind; 6] = [
        EdgeKind::Fallthrough,
        EdgeKind::BranchTrue,
        EdgeKind::BranchFalse,
        EdgeKind::Jump,
        EdgeKind::Exception,
        EdgeKind::Resume,
    ];

    pub fn name(self) -> &'static str {
        match self {
            EdgeKind::Fallthrough => "fallthrough",
            EdgeKind::BranchTrue => "branch_true",
            EdgeKind::BranchFalse => "branch_false",
            EdgeKind::Jump => "jump",
            EdgeKind::Exception => "exception",
            EdgeKind::Resume => "resume",
        }
    }

    /// Value of the kind as a fact column (its position in [`EdgeKind::ALL`]).
    pub fn code(self) -> u32 {
        self as u32
    }
}

/// Blocks, the block of each instruction, and the edges between blocks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cfg {
    /// Instruction index ranges, in order; together they cover every instruction once.
    pub blocks: Vec<Range<usize>>,
    /// Per instruction: its block.
    pub insn_block: Vec<u32>,
    /// (from block, to block, kind), sorted and deduplicated.
    pub edges: Vec<(u32, u32, EdgeKind)>,
}

impl Cfg {
    /// The block whose first instruction is `insn`, if one starts there.
    pub fn block_starting_at(&self, insn: usize) -> Option<u32> {
        let block = *self.insn_block.get(insn)?;
        (self.blocks.get(block as usize)?.start == insn).then_some(block)
    }
}

/// The (jump edge, fall-through edge) kinds of a conditional branch.
pub fn branch_edge_kinds(when: Condition) -> (EdgeKind, EdgeKind) {
    use EdgeKind::{BranchFalse, BranchTrue};
    match when {
        Condition::IfTrue | Condition::IfTrueKeep | Condition::IfNone => (BranchTrue, BranchFalse),
        Condition::Exhausted | Condition::SendReturned => (BranchTrue, BranchFalse),
        Condition::IfFalse | Condition::IfFalseKeep | Condition::IfNotNone => (BranchFalse, BranchTrue),
        Condition::ExceptionNotMatched => (BranchFalse, BranchTrue),
        // Not a test: the body runs (BranchTrue) and then the code after the call does.
        Condition::FinallyCall => (BranchTrue, BranchFalse),
    }
}

/// Whether the frame suspends after this instruction and continues with the next
/// one when resumed: `YIELD_VALUE` (which also carries `await` from 3.11),
/// 3.10 `YIELD_FROM`, and `RETURN_GENERATOR`, after which the first `send()`
/// resumes the new generator.
pub fn is_suspension(op: &Op) -> bool {
    matches!(op, Op::Yield | Op::YieldFrom | Op::ReturnGenerator)
}

/// Index of the instruction starting at `offset`.
pub(crate) fn index_at(decoded: &DecodedCode, offset: u32, from: u32) -> Result<usize, String> {
    decoded.index_of(offset).ok_or_else(|| format!("offset {from}: target {offset} is not an instruction start"))
}

/// Sorted indices of the instructions that start a block; `region_of` is
/// [`covering_regions`] of the same code.
pub(crate) fn block_starts(decoded: &DecodedCode, region_of: &[u32]) -> Result<Vec<usize>, String> {
    let instrs = &decoded.instrs;
    let mut leader = vec![false; instrs.len()];
    if let Some(first) = leader.first_mut() {
        *first = true;
    }
    for (i, instr) in instrs.iter().enumerate() {
        if let Some(target) = instr.control.target() {
            leader[index_at(decoded, target, instr.offset)?] = true;
        }
        if ends_block(instr) {
            if let Some(next) = leader.get_mut(i + 1) {
                *next = true;
            }
        }
    }
    for region in &decoded.regions {
        leader[index_at(decoded, region.handler, region.start)?] = true;
    }
    // The instructions of a block that may raise share one exception context (a
    // handler and its depth, or none), so the block's exception edge is theirs: code
    // before a `try` or after it never shares a block with the protected code. Those
    // that never raise (a `SETUP_FINALLY`, a `POP_BLOCK`, a jump) split nothing.
    let context = |i: usize| decoded.regions.get(region_of[i] as usize).map(|r| (r.handler, r.depth));
    let mut block_context = None;
    for (i, instr) in instrs.iter().enumerate() {
        if leader[i] {
            block_context = None;
        }
        if may_raise(instr) {
            let here = context(i);
            leader[i] |= block_context.is_some_and(|seen| seen != here);
            block_context = Some(here);
        }
    }
    Ok(leader.iter().enumerate().filter(|(_, &is)| is).map(|(i, _)| i).collect())
}

/// Whether an instruction may raise: its operation may ([`Operation::never_raises`]),
/// and a conditional jump only as its condition says ([`Condition::may_raise`](crate::schema::Condition::may_raise)).
pub(crate) fn may_raise(instr: &Instr) -> bool {
    let op = operation(&instr.op);
    match instr.control {
        Control::Branch { when, .. } if op == Operation::Branch => {
            condition(when).may_raise(instr.protocols.contains(Protocols::TRUTH))
        }
        _ => !op.never_raises(),
    }
}

fn ends_block(instr: &Instr) -> bool {
    match instr.control {
        Control::Branch { .. } | Control::Jump { .. } | Control::Return | Control::Raise => true,
        Control::Next | Control::Setup { .. } => is_suspension(&instr.op),
    }
}

/// Index of the exception region covering each instruction (`u32::MAX` where none does).
/// Regions are sorted and disjoint (checked by validation), so one merge walk suffices.
pub(crate) fn covering_regions(decoded: &DecodedCode) -> Vec<u32> {
    let mut out = vec![u32::MAX; decoded.instrs.len()];
    let mut r = 0;
    for (slot, instr) in out.iter_mut().zip(&decoded.instrs) {
        while r < decoded.regions.len() && decoded.regions[r].end <= instr.offset {
            r += 1;
        }
        if decoded.regions.get(r).is_some_and(|region| region.covers(instr.offset)) {
            *slot = r as u32;
        }
    }
    out
}

pub fn code_cfg(decoded: &DecodedCode) -> Result<Cfg, String> {
    let instrs = &decoded.instrs;
    let region_of = covering_regions(decoded);
    let starts = block_starts(decoded, &region_of)?;
    let mut blocks = Vec::with_capacity(starts.len());
    let mut insn_block = vec![0u32; instrs.len()];
    for (b, &start) in starts.iter().enumerate() {
        let end = starts.get(b + 1).copied().unwrap_or(instrs.len());
        insn_block[start..end].fill(b as u32);
        blocks.push(start..end);
    }
    let block_at = |offset: u32, from: u32| -> Result<u32, String> { Ok(insn_block[index_at(decoded, offset, from)?]) };

    let mut edges = Vec::with_capacity(blocks.len() * 2);
    for (b, range) in blocks.iter().enumerate() {
        let b = b as u32;
        let last = range.end - 1;
        let instr = &instrs[last];
        // Unreachable code may end without a successor; validation refuses that only where it runs.
        let next = insn_block.get(last + 1).copied();
        match instr.control {
            Control::Next | Control::Setup { .. } => {
                let kind = if is_suspension(&instr.op) { EdgeKind::Resume } else { EdgeKind::Fallthrough };
                edges.extend(next.map(|n| (b, n, kind)));
            }
            Control::Branch { target, when } => {
                let (jump_kind, fall_kind) = branch_edge_kinds(when);
                edges.push((b, block_at(target, instr.offset)?, jump_kind));
                edges.extend(next.map(|n| (b, n, fall_kind)));
            }
            Control::Jump { target } => edges.push((b, block_at(target, instr.offset)?, EdgeKind::Jump)),
            Control::Return | Control::Raise => {}
        }
    }
    for (i, &r) in region_of.iter().enumerate() {
        if let Some(region) = decoded.regions.get(r as usize) {
            edges.push((insn_block[i], block_at(region.handler, region.start)?, EdgeKind::Exception));
        }
    }
    edges.sort_unstable();
    edges.dedup();
    Ok(Cfg { blocks, insn_block, edges })
}
