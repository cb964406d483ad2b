//! CPython 3.12: release-specific decoding.
//!
//! What sets 3.12 apart: calls are `[KW_NAMES] CALL` over the stack layout
//! `[NULL-or-method, callable-or-self, args...]`, with methods loaded by
//! `LOAD_ATTR` (bit 0 of its argument) or `LOAD_SUPER_ATTR`; `COMPARE_OP` keeps
//! the operator in the bits above 4; `FOR_ITER` and `SEND` jump to the
//! `END_FOR`/`END_SEND` that finishes the loop.

pub mod opcodes;

use crate::common;
use crate::decode::AdapterParts;
use crate::lift::{families, Flow, LiftFn, Lifted};
use crate::sem::{Condition, Op, Protocols};

pub fn parts() -> AdapterParts {
    AdapterParts { table: &opcodes::TABLE, self_slot: crate::sem::SelfSlot::BeforeCallable, lifter, locations: crate::location_table::decode, regions: crate::exception_table::regions }
}

/// Opcodes whose meaning in 3.12 differs from [`crate::common::lifter`] or exist only here.
fn lifter(name: &str) -> Option<LiftFn> {
    let f: LiftFn = match name {
        "LOAD_ATTR" => common::load_attr_with_method_bit,
        // The low four bits cache which comparison outcomes the specialisation tests.
        "COMPARE_OP" => |a, cx| common::compare(a, cx, 4, None),

        "POP_JUMP_IF_TRUE" => |_, _| Ok(common::branch_on_truth(Condition::IfTrue)),
        "POP_JUMP_IF_FALSE" => |_, _| Ok(common::branch_on_truth(Condition::IfFalse)),
        "END_FOR" => |_, _| Ok(Lifted::new(Op::EndFor, 2, 0)),
        "FOR_ITER" => |_, _| Ok(for_iter()),
        "SEND" => |_, _| Ok(send()),
        // Everything else decodes as in 3.11.
        _ => return super::cpython311::lifter(name),
    };
    Some(f)
}

/// `FOR_ITER`: pushes the next value above the iterator. Its jump target is the
/// loop's `END_FOR`, which pops two values, so the jump edge is recorded as `dis`
/// accounts it: the same +1 as the normal edge, landing on `END_FOR`. (The
/// interpreter itself pops the iterator and skips the `END_FOR`; the depth after
/// it is the same either way.)
fn for_iter() -> Lifted {
    Lifted::new(Op::ForIter, 0, 1).peek(1).flow(Flow::Branch(Condition::Exhausted)).protocols(families::FOR_ITER)
}

/// `SEND` over `[receiver, value]`: replaces the value with what the receiver
/// yields, or, when the receiver returns, with its return value and jumps to the
/// `END_SEND` that drops the receiver.
fn send() -> Lifted {
    Lifted::new(Op::Send, 1, 1)
        .peek(1)
        .flow(Flow::Branch(Condition::SendReturned))
        .protocols(families::FOR_ITER | Protocols::CALL)
}
