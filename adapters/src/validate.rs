//! Validation of a decoded code object (paper Algorithm 1, line 11): stack depth
//! by abstract interpretation over normal, jump and exception edges.
//!
//! Invariants checked here, and relied on by everything downstream:
//! - every jump target and handler is an instruction start;
//! - control never falls off the end of the code;
//! - each instruction is reached with one stack depth, whatever the path;
//! - no instruction pops below the bottom of the stack, and no protected
//!   instruction sits below its region's restored depth;
//! - the deepest point never exceeds `co_stacksize`.

use crate::code::CodeObject;
use crate::decode::{DecodeError, DecodedCode};
use crate::sem::{Control, ExceptionRegion, Instr, Op};

/// Stack depth on entry to each instruction (`None` where unreachable) and the maximum reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StackDepths {
    pub entry: Vec<Option<u32>>,
    pub max_depth: u32,
}

/// The region whose handler catches an exception at `offset` (regions never overlap).
pub fn region_at(regions: &[ExceptionRegion], offset: u32) -> Option<&ExceptionRegion> {
    let i = regions.partition_point(|r| r.end <= offset);
    regions.get(i).filter(|r| r.covers(offset))
}

/// Depth the code starts with: a 3.10 generator begins with the first sent value on the stack.
pub fn entry_depth(instrs: &[Instr]) -> u32 {
    match instrs.first().map(|i| &i.op) {
        Some(Op::GenStart) => 1,
        _ => 0,
    }
}

pub fn stack_depths(code: &CodeObject, decoded: &DecodedCode) -> Result<StackDepths, DecodeError> {
    let instrs = &decoded.instrs;
    let regions = &decoded.regions;
    check_regions(regions)?;
    let mut entry: Vec<Option<u32>> = vec![None; instrs.len()];
    if instrs.is_empty() {
        return Err(DecodeError::whole("code object has no instructions"));
    }
    let mut max_depth = entry_depth(instrs);
    let mut work = vec![0usize];
    entry[0] = Some(max_depth);

    let reach =
        |index: usize, depth: u32, from: u32, entry: &mut Vec<Option<u32>>, work: &mut Vec<usize>| match entry[index] {
            Some(seen) if seen == depth => Ok(()),
            Some(seen) => Err(DecodeError::at(
                instrs[index].offset,
                format!("stack depth {seen} here, but {depth} on the edge from offset {from}"),
            )),
            None => {
                entry[index] = Some(depth);
                work.push(index);
                Ok(())
            }
        };
    let index_of = |offset: u32, from: u32| {
        decoded
            .index_of(offset)
            .ok_or_else(|| DecodeError::at(from, format!("target {offset} is not an instruction start")))
    };

    while let Some(i) = work.pop() {
        let instr = &instrs[i];
        let depth = entry[i].expect("queued instructions have a depth");
        let at = instr.offset;
        if depth < instr.stack.required_depth() {
            return Err(DecodeError::at(
                at,
                format!(
                    "{} needs {} stack values but only {depth} are there",
                    instr.opname,
                    instr.stack.required_depth()
                ),
            ));
        }
        let after = within_stacksize(depth, instr.stack.pops, instr.stack.pushes, code, at)?;
        max_depth = max_depth.max(after);
        if let Some(region) = region_at(regions, at).filter(|r| r.reached_from(&instr.op, depth as usize)) {
            if depth < region.depth {
                return Err(DecodeError::at(
                    at,
                    format!(
                        "stack depth {depth} is below the depth {} its handler {} restores",
                        region.depth, region.handler
                    ),
                ));
            }
            let handler_depth = within_stacksize(region.depth, 0, region.pushed, code, at)?;
            max_depth = max_depth.max(handler_depth);
            reach(index_of(region.handler, at)?, handler_depth, at, &mut entry, &mut work)?;
        }
        if let Some(target) = instr.control.target() {
            if !matches!(instr.control, Control::Setup { .. }) {
                let (pops, pushes) = instr.stack.jump.unwrap_or((instr.stack.pops, instr.stack.pushes));
                let jumped = within_stacksize(depth, pops, pushes, code, at)?;
                max_depth = max_depth.max(jumped);
                reach(index_of(target, at)?, jumped, at, &mut entry, &mut work)?;
            }
        }
        if instr.control.falls_through() {
            if i + 1 >= instrs.len() {
                return Err(DecodeError::at(at, format!("{} falls off the end of the code", instr.opname)));
            }
            reach(i + 1, after, at, &mut entry, &mut work)?;
        }
    }
    if max_depth > code.stacksize {
        return Err(DecodeError::whole(format!(
            "stack depth reaches {max_depth}, above co_stacksize {}",
            code.stacksize
        )));
    }
    Ok(StackDepths { entry, max_depth })
}

/// `depth - pops + pushes` (the caller has checked `pops <= depth`), refused
/// beyond `co_stacksize` before it can overflow.
fn within_stacksize(depth: u32, pops: u32, pushes: u32, code: &CodeObject, at: u32) -> Result<u32, DecodeError> {
    let after = depth as u64 - pops.min(depth) as u64 + pushes as u64;
    if after > code.stacksize as u64 {
        return Err(DecodeError::at(at, format!("stack depth reaches {after}, above co_stacksize {}", code.stacksize)));
    }
    Ok(after as u32)
}

/// Regions must be sorted, non-empty and disjoint, as CPython's tables are.
fn check_regions(regions: &[ExceptionRegion]) -> Result<(), DecodeError> {
    for pair in regions.windows(2) {
        if pair[1].start < pair[0].end {
            return Err(DecodeError::at(
                pair[1].start,
                format!(
                    "exception regions {}..{} and {}..{} overlap or are unsorted",
                    pair[0].start, pair[0].end, pair[1].start, pair[1].end
                ),
            ));
        }
    }
    if let Some(r) = regions.iter().find(|r| r.start >= r.end) {
        return Err(DecodeError::at(r.start, format!("empty exception region {}..{}", r.start, r.end)));
    }
    Ok(())
}
