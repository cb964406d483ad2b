//! CPython 3.13: release-specific decoding.
//!
//! The call convention is `[callable, self-or-NULL, args…]` (`LOAD_GLOBAL` and
//! `LOAD_ATTR` push the NULL/self slot *after* the callable), keyword names are a
//! stack operand of `CALL_KW`, and every conditional jump tests a value that is
//! already a bool (`TO_BOOL`, `COMPARE_OP` with its bool bit, `IS_OP`…), so only
//! those earlier instructions run the truth protocol.

pub mod opcodes;

use crate::common;
use crate::decode::AdapterParts;
use crate::lift::{families, Flow, LiftFn, Lifted};
use crate::sem::*;

pub fn parts() -> AdapterParts {
    AdapterParts { table: &opcodes::TABLE, self_slot: crate::sem::SelfSlot::AfterCallable, lifter, locations: crate::location_table::decode, regions: crate::exception_table::regions }
}

/// `COMPARE_OP`: the operator index is `arg >> 5`; bit 4 (16) coerces the result
/// to bool; the low four bits only guide specialisation.
const COMPARE_SHIFT: u32 = 5;
const COMPARE_TO_BOOL_BIT: u32 = 16;

/// Opcodes whose meaning in 3.13 differs from [`crate::common::lifter`] or exist only here.
pub(crate) fn lifter(name: &str) -> Option<LiftFn> {
    let f: LiftFn = match name {
        "LOAD_GLOBAL" => common::load_global_with_null_bit,
        "LOAD_ATTR" => common::load_attr_with_method_bit,
        "COMPARE_OP" => |a, cx| common::compare(a, cx, COMPARE_SHIFT, Some(COMPARE_TO_BOOL_BIT)),
        // The operand is a bool produced by `TO_BOOL`: no truth protocol here.
        "UNARY_NOT" => |_, _| Ok(Lifted::new(Op::Unary { op: UnaryOp::Not }, 1, 1)),
        "POP_JUMP_IF_TRUE" => |_, _| Ok(common::branch(Condition::IfTrue)),
        "POP_JUMP_IF_FALSE" => |_, _| Ok(common::branch(Condition::IfFalse)),

        "CALL" => |argc, _| {
            common::count(argc, 2)?;
            Ok(common::call(argc, 0, None, SelfSlot::AfterCallable))
        },
        "CALL_KW" => common::call_kw_with_names_on_stack,
        // `[callable, NULL, args-tuple, kwargs-mapping if arg & 1]`.
        "CALL_FUNCTION_EX" => |a, _| {
            let with_kwargs = a & 1 == 1;
            Ok(common::call_ex(with_kwargs, SelfSlot::AfterCallable, 3 + with_kwargs as u32))
        },
        // Only the code object: defaults, closure… follow as `SET_FUNCTION_ATTRIBUTE`.
        "MAKE_FUNCTION" => |_, _| Ok(Lifted::new(Op::MakeFunction { attrs: FunctionAttrs(0) }, 1, 1)),

        "FOR_ITER" => |_, _| Ok(common::for_iter_exhausted_at_end_for()),
        // Pops the exhausted iteration's placeholder; the `POP_TOP` after it drops the iterator.
        "END_FOR" => |_, _| Ok(Lifted::new(Op::EndFor, 1, 0)),
        "END_ASYNC_FOR" => |_, _| Ok(common::end_async_for()),
        // `[receiver, value]`: sends `value`; the result replaces it on both edges,
        // the jump taken when the receiver returned instead of yielding.
        "SEND" => |_, _| {
            Ok(Lifted::new(Op::Send, 1, 1)
                .peek(1)
                .flow(Flow::Branch(Condition::SendReturned))
                .protocols(families::FOR_ITER | Protocols::CALL))
        },

        "WITH_EXCEPT_START" => |_, _| Ok(common::with_except_start()),
        // The interpreter only ever uses 0, 1 or 2; bound it so depths stay in range.
        "RERAISE" => |a, _| {
            common::count(a, 1)?;
            Ok(common::reraise(a))
        },
        "POP_EXCEPT" => |_, _| Ok(common::pop_except()),

        "MATCH_CLASS" => |n, _| Ok(common::match_class(n)),
        "MATCH_KEYS" => |_, _| Ok(common::match_keys()),
        _ => return None,
    };
    Some(f)
}
