//! CPython 3.11: release-specific decoding.
//!
//! What sets 3.11 apart: calls are `[KW_NAMES] PRECALL CALL` over the stack
//! layout `[NULL-or-method, callable-or-self, args...]`; methods come from
//! `LOAD_METHOD` (`LOAD_ATTR` has no flag bit); conditional jumps exist in
//! forward and backward forms; `JUMP_IF_*_OR_POP` keep their operand on the jump
//! edge; `FOR_ITER` and `SEND` pop on their jump edges.

pub mod opcodes;

use crate::common;
use crate::decode::AdapterParts;
use crate::lift::{families, Flow, LiftCx, LiftFn, LiftResult, Lifted};
use crate::sem::{Condition, Intrinsic, Op, Protocols};

pub fn parts() -> AdapterParts {
    AdapterParts { table: &opcodes::TABLE, self_slot: crate::sem::SelfSlot::BeforeCallable, lifter, locations: crate::location_table::decode, regions: crate::exception_table::regions }
}

/// Opcodes whose meaning in 3.11 differs from [`crate::common::lifter`] or exist only here.
pub(crate) fn lifter(name: &str) -> Option<LiftFn> {
    let f: LiftFn = match name {
        "LOAD_GLOBAL" => common::load_global_with_null_bit,
        "LOAD_ATTR" => common::load_attr,
        "LOAD_METHOD" => common::load_method,
        "COMPARE_OP" => |a, cx| common::compare(a, cx, 0, None),

        "KW_NAMES" => common::kw_names,
        "PRECALL" => precall,
        "CALL" => common::call_with_kw_names,
        "CALL_FUNCTION_EX" => |a, _| Ok(common::call_function_ex_after_null(a)),
        "MAKE_FUNCTION" => |a, _| common::make_function_with_attrs(a),

        "POP_JUMP_FORWARD_IF_TRUE" | "POP_JUMP_BACKWARD_IF_TRUE" => |_, _| Ok(common::branch_on_truth(Condition::IfTrue)),
        "POP_JUMP_FORWARD_IF_FALSE" | "POP_JUMP_BACKWARD_IF_FALSE" => {
            |_, _| Ok(common::branch_on_truth(Condition::IfFalse))
        }
        "POP_JUMP_FORWARD_IF_NONE" | "POP_JUMP_BACKWARD_IF_NONE" => |_, _| Ok(common::branch(Condition::IfNone)),
        "POP_JUMP_FORWARD_IF_NOT_NONE" | "POP_JUMP_BACKWARD_IF_NOT_NONE" => {
            |_, _| Ok(common::branch(Condition::IfNotNone))
        }
        "JUMP_IF_TRUE_OR_POP" => |_, _| Ok(common::branch_or_pop(Condition::IfTrueKeep)),
        "JUMP_IF_FALSE_OR_POP" => |_, _| Ok(common::branch_or_pop(Condition::IfFalseKeep)),
        "FOR_ITER" => |_, _| Ok(for_iter()),
        "SEND" => |_, _| Ok(send()),

        "ASYNC_GEN_WRAP" => |_, _| Ok(Lifted::new(Op::CallIntrinsic { function: Intrinsic::AsyncGenWrap }, 1, 1)),
        "PREP_RERAISE_STAR" => |_, _| Ok(Lifted::new(Op::PrepReraiseStar, 2, 1)),
        "WITH_EXCEPT_START" => |_, _| Ok(common::with_except_start()),
        "RERAISE" => |a, _| Ok(common::reraise(a)),
        "POP_EXCEPT" => |_, _| Ok(common::pop_except()),
        "END_ASYNC_FOR" => |_, _| Ok(common::end_async_for()),
        "MATCH_CLASS" => |a, _| Ok(common::match_class(a)),
        "MATCH_KEYS" => |_, _| Ok(common::match_keys()),
        _ => return None,
    };
    Some(f)
}

/// `PRECALL argc` only unpacks a bound method in place (`[NULL, bound]` becomes
/// `[function, self]`), so at run time it moves nothing: recorded as 0 pops and
/// 0 pushes over the `argc + 2` slots it may rewrite, and the `CALL` after it pops
/// all `argc + 2` and pushes the result. `dis.stack_effect` splits the same total
/// differently: `-argc` here and `-1` on the `CALL`.
fn precall(argc: u32, _cx: &mut LiftCx<'_>) -> LiftResult {
    Ok(Lifted::new(Op::PrepareCall { argc }, 0, 0).peek(common::count(argc, 2)?))
}

/// `FOR_ITER`: pushes the next value above the iterator; when the iterator is
/// exhausted it pops the iterator and jumps past the loop.
fn for_iter() -> Lifted {
    Lifted::new(Op::ForIter, 0, 1)
        .peek(1)
        .jump_stack(1, 0)
        .flow(Flow::Branch(Condition::Exhausted))
        .protocols(families::FOR_ITER)
}

/// `SEND` over `[receiver, value]`: replaces the value with what the receiver
/// yields; when the receiver returns it pops both and jumps with the return value.
fn send() -> Lifted {
    Lifted::new(Op::Send, 1, 1)
        .peek(1)
        .jump_stack(2, 1)
        .flow(Flow::Branch(Condition::SendReturned))
        .protocols(families::FOR_ITER | Protocols::CALL)
}
