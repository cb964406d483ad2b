//! Exception regions of 3.10 code, reconstructed from its block stack.
//!
//! 3.10 stores no exception table. At run time `SETUP_FINALLY`, `SETUP_WITH`
//! and `SETUP_ASYNC_WITH` push a block recording the handler and the stack
//! level, and `POP_BLOCK` pops it. When an exception is raised, the interpreter
//! pops blocks until it finds a `SETUP` one (a popped `EXCEPT_HANDLER` block
//! restores the exception state it saved), cuts the value stack to that block's
//! level, pushes an `EXCEPT_HANDLER` block and six values (the saved exception
//! state and the new exception triple), and jumps to the handler. `POP_EXCEPT`
//! (and `END_ASYNC_FOR` when it swallows `StopAsyncIteration`) pops the
//! `EXCEPT_HANDLER` block again.
//!
//! [`simulate`] follows that stack along every edge: fall-through, jumps and the
//! `SETUP` → handler edges (a handler starts with the blocks enclosing its
//! `SETUP` plus `EXCEPT_HANDLER`). It must agree wherever paths join, as the
//! interpreter relies on it. Each instruction's innermost `SETUP` block is its
//! handler; runs of instructions with the same handler become the half-open
//! regions that 3.11+ would store.
//!
//! A region's depth is the stack level recorded when its block opens, so the
//! simulation carries the stack depth too, following the same edges (the
//! `SETUP` → handler edge with the effect `dis.stack_effect(jump=True)` gives it).
//! Bounds on the depth (underflow, `co_stacksize`) are left to
//! [`crate::validate::stack_depths`], which checks the finished regions.
//!
//! 3.8 and 3.9 use the same machinery ([`Rules`]). 3.8 also shares one
//! `finally` body between the normal path (`BEGIN_FINALLY`), the exception
//! path and `CALL_FINALLY` (`return`, `break`, `continue` in the `try`), so the
//! body is entered with and without an `EXCEPT_HANDLER` block: those blocks are
//! not tracked there (they only restore exception state and never decide a
//! handler). A `CALL_FINALLY`'s jump arrives with the depth the body's other
//! entries have (its block's level plus six, as the compiler counts); the value
//! a `return` keeps below stays on the fall-through edge, where the body comes
//! back to. [`simulate`] records the jump's stack effect on the instruction.
//! Blocks are identified by their handler: 3.8 compiles each `try` once, so a
//! handler offset names one block. (The compiler itself takes the deepest
//! entry as the body's depth, which is why `dis.stack_effect` gives the jump +1.)

use crate::decode::DecodeError;
use crate::sem::{Condition, Control, ExceptionRegion, Instr, Op};

/// Values pushed when a handler starts: the previous exception state and the
/// raised exception, each as (type, value, traceback).
pub const HANDLER_PUSHES: u32 = 6;

/// What the block stack tracks in a release.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Whether handlers push an `EXCEPT_HANDLER` block that `POP_EXCEPT` pops (3.9, 3.10).
    pub except_handler_blocks: bool,
}

impl Rules {
    pub const EXCEPT_HANDLER_BLOCKS: Rules = Rules { except_handler_blocks: true };
    /// 3.8: one `finally` body serves paths with and without the handler block.
    pub const SHARED_FINALLY_BODIES: Rules = Rules { except_handler_blocks: false };
}

/// `CO_MAXBLOCKS`: the interpreter's fixed block-stack capacity.
const MAX_BLOCKS: usize = 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Block {
    /// Opened by a `SETUP_*`: its handler and the stack level it cuts back to.
    Setup { handler: u32, level: u32 },
    /// Pushed when a handler starts; marks that the saved exception state is on the stack.
    ExceptHandler,
}

/// What holds on entry to one instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
struct State {
    depth: u32,
    blocks: Vec<Block>,
}

impl State {
    /// The handler an exception raised here reaches, with its stack level.
    fn innermost_handler(&self) -> Option<(u32, u32)> {
        self.blocks.iter().rev().find_map(|block| match *block {
            Block::Setup { handler, level } => Some((handler, level)),
            Block::ExceptHandler => None,
        })
    }
}

/// Simulates the block stack and stack depth from the first instruction, checks
/// that they agree wherever paths join, and derives the exception regions.
pub fn simulate(instrs: &mut [Instr], rules: Rules) -> Result<Vec<ExceptionRegion>, DecodeError> {
    let mut states: Vec<Option<State>> = vec![None; instrs.len()];
    let mut work = Vec::new();
    // Handler offset → the level its block cuts the stack back to.
    let mut levels: std::collections::BTreeMap<u32, u32> = std::collections::BTreeMap::new();
    if !instrs.is_empty() {
        states[0] = Some(State { depth: crate::validate::entry_depth(instrs), blocks: Vec::new() });
        work.push(0);
    }
    while let Some(index) = work.pop() {
        let Some(state) = states[index].clone() else { continue };
        if let Control::Branch { target, when: Condition::FinallyCall } = instrs[index].control {
            let instr = &mut instrs[index];
            let level = *levels.get(&target).ok_or_else(|| {
                DecodeError::at(instr.offset, format!("{}: {target} is not the handler of a block", instr.opname))
            })?;
            // Values a `return` keeps above the level wait on the fall-through edge;
            // below it (a `return` in an `except ... as` body, after `POP_EXCEPT`),
            // the body's entry is made up to the level with empty slots.
            let (pops, pushes) = match state.depth.checked_sub(level) {
                Some(kept) => (kept, HANDLER_PUSHES),
                None => (0, HANDLER_PUSHES + (level - state.depth)),
            };
            instr.stack = instr.stack.with_jump(pops, pushes);
        }
        let next_states = successors(instrs, index, state, rules)?;
        // A block opener's fall-through state has its new block on top.
        if let Control::Setup { handler } = instrs[index].control {
            if let Some(&Block::Setup { level, .. }) = next_states.first().and_then(|(_, s)| s.blocks.last()) {
                levels.entry(handler).or_insert(level);
            }
        }
        for (target, next) in next_states {
            match &states[target] {
                None => {
                    states[target] = Some(next);
                    work.push(target);
                }
                Some(seen) if *seen == next => {}
                Some(seen) => {
                    return Err(DecodeError::at(
                        instrs[target].offset,
                        format!(
                            "paths join with different block stacks or depths: {} from offset {} against {} seen before",
                            describe(&next),
                            instrs[index].offset,
                            describe(seen)
                        ),
                    ));
                }
            }
        }
    }
    Ok(regions(instrs, &states))
}

/// The states the instruction at `index` passes on, with the index each one reaches.
fn successors(instrs: &[Instr], index: usize, state: State, rules: Rules) -> Result<Vec<(usize, State)>, DecodeError> {
    let instr = &instrs[index];
    let at = |message: String| DecodeError::at(instr.offset, format!("{}: {message}", instr.opname));
    let depth_after = |pops: u32, pushes: u32| {
        state
            .depth
            .checked_sub(pops)
            .and_then(|d| d.checked_add(pushes))
            .ok_or_else(|| at(format!("needs {pops} stack values, {} present", state.depth)))
    };
    let mut out = Vec::with_capacity(2);
    let fall_through =
        || (index + 1 < instrs.len()).then_some(index + 1).ok_or_else(|| at("falls off the end of the code".into()));
    let target_index = |target: u32| {
        instrs
            .binary_search_by_key(&target, |i| i.offset)
            .map_err(|_| at(format!("target {target} is not an instruction start")))
    };
    let (jump_pops, jump_pushes) = instr.stack.jump.unwrap_or((instr.stack.pops, instr.stack.pushes));
    match instr.control {
        Control::Next => {
            let blocks = block_effect(instr, &state.blocks, rules).map_err(at)?;
            out.push((fall_through()?, State { depth: depth_after(instr.stack.pops, instr.stack.pushes)?, blocks }));
        }
        Control::Branch { target, .. } => {
            let normal = depth_after(instr.stack.pops, instr.stack.pushes)?;
            out.push((fall_through()?, State { depth: normal, blocks: state.blocks.clone() }));
            let jump = depth_after(jump_pops, jump_pushes)?;
            out.push((target_index(target)?, State { depth: jump, blocks: state.blocks.clone() }));
        }
        Control::Jump { target } => {
            let depth = depth_after(jump_pops, jump_pushes)?;
            out.push((target_index(target)?, State { depth, blocks: state.blocks.clone() }));
        }
        Control::Setup { handler } => {
            let handler_depth = depth_after(jump_pops, jump_pushes)?;
            let level = handler_depth.checked_sub(HANDLER_PUSHES).ok_or_else(|| {
                at(format!("handler edge leaves {handler_depth} values, fewer than {HANDLER_PUSHES}"))
            })?;
            if state.blocks.len() >= MAX_BLOCKS {
                return Err(at(format!("more than {MAX_BLOCKS} nested blocks")));
            }
            let mut inside = state.blocks.clone();
            inside.push(Block::Setup { handler, level });
            let mut in_handler = state.blocks.clone();
            if rules.except_handler_blocks {
                in_handler.push(Block::ExceptHandler);
            }
            let normal = depth_after(instr.stack.pops, instr.stack.pushes)?;
            out.push((fall_through()?, State { depth: normal, blocks: inside }));
            out.push((target_index(handler)?, State { depth: handler_depth, blocks: in_handler }));
        }
        Control::Return | Control::Raise => {}
    }
    Ok(out)
}

/// How a fall-through instruction changes the block stack.
fn block_effect(instr: &Instr, blocks: &[Block], rules: Rules) -> Result<Vec<Block>, String> {
    let mut blocks = blocks.to_vec();
    match instr.op {
        Op::PopExcept | Op::EndAsyncFor if !rules.except_handler_blocks => {}
        Op::PopBlock => match blocks.pop() {
            Some(Block::Setup { .. }) => {}
            Some(Block::ExceptHandler) => return Err("pops an EXCEPT_HANDLER block".into()),
            None => return Err("pops an empty block stack".into()),
        },
        Op::PopExcept | Op::EndAsyncFor => match blocks.pop() {
            Some(Block::ExceptHandler) => {}
            Some(Block::Setup { .. }) => return Err("the top block is not an EXCEPT_HANDLER".into()),
            None => return Err("pops an empty block stack".into()),
        },
        _ => {}
    }
    Ok(blocks)
}

/// Maximal runs of reachable instructions with the same innermost handler.
fn regions(instrs: &[Instr], states: &[Option<State>]) -> Vec<ExceptionRegion> {
    let mut regions: Vec<ExceptionRegion> = Vec::new();
    for (instr, state) in instrs.iter().zip(states) {
        let Some((handler, depth)) = state.as_ref().and_then(State::innermost_handler) else { continue };
        match regions.last_mut() {
            Some(last) if last.end == instr.offset && last.handler == handler && last.depth == depth => {
                last.end = instr.next_offset();
            }
            _ => regions.push(ExceptionRegion {
                start: instr.offset,
                end: instr.next_offset(),
                handler,
                depth,
                lasti: false,
                pushed: HANDLER_PUSHES,
            }),
        }
    }
    regions
}

fn describe(state: &State) -> String {
    let blocks: Vec<String> = state
        .blocks
        .iter()
        .map(|b| match b {
            Block::Setup { handler, level } => format!("setup->{handler}@{level}"),
            Block::ExceptHandler => "except-handler".to_string(),
        })
        .collect();
    format!("depth {} blocks [{}]", state.depth, blocks.join(", "))
}
