//! CPython 3.14: release-specific decoding.
//!
//! As in 3.13 the call convention is `[callable, self-or-NULL, args…]` and
//! conditional jumps test values that are already bools. New here: `with`
//! loads `__exit__`/`__enter__` with `LOAD_SPECIAL` and calls them with plain
//! `CALL`s, `CALL_FUNCTION_EX` always takes a kwargs slot (NULL when absent),
//! subscripts are `BINARY_OP []`, and t-strings build `Template`s.

pub mod opcodes;

use crate::common;
use crate::decode::AdapterParts;
use crate::lift::{conversion, Flow, LiftCx, LiftFn, LiftResult, Lifted};
use crate::sem::*;

pub fn parts() -> AdapterParts {
    AdapterParts { table: &opcodes::TABLE, self_slot: crate::sem::SelfSlot::AfterCallable, lifter, locations: crate::location_table::decode, regions: crate::exception_table::regions }
}

/// Opcodes whose meaning in 3.14 differs from 3.13 (see [`super::cpython313`]) or exist only here.
fn lifter(name: &str) -> Option<LiftFn> {
    let f: LiftFn = match name {
        "CALL_FUNCTION_EX" => call_function_ex,
        // Only the code object: defaults, closure… follow as `SET_FUNCTION_ATTRIBUTE`.
        "MAKE_FUNCTION" => |_, _| Ok(Lifted::new(Op::MakeFunction { attrs: FunctionAttrs(0) }, 1, 1)),
        // The interpreter's definition is `(retval -- res)`: `res` is the slot the
        // value lands in on the *caller's* stack, which is why `dis` reports a net
        // effect of 0. In this frame the value is popped and nothing follows.
        "RETURN_VALUE" => |_, _| Ok(Lifted::new(Op::Return, 1, 1).flow(Flow::Return)),

        // Pops the exhausted iteration's placeholder; `POP_ITER` after it drops the iterator.
        "END_FOR" => |_, _| Ok(Lifted::new(Op::EndFor, 1, 0)),
        // Handler of an `async for`: pops the awaitable and the exception and goes
        // on with the next instruction when it is `StopAsyncIteration`, otherwise
        // re-raises it (an exception edge). Its argument points back at the loop's
        // `SEND` only so that `sys.monitoring` can report the loop exit as a branch
        // taken there (the interpreter "jumps" by 0): `dis` shows that as a jump
        // target (see `Adapter::dis_jump_target`), but control never goes there.
        "END_ASYNC_FOR" => |_, _| Ok(Lifted::new(Op::EndAsyncFor, 2, 0)),
        // `[exit, self-or-NULL, lasti, previous exception, exception]`: `LOAD_SPECIAL`
        // left the exit method's self slot in the block, one more value than before.
        "WITH_EXCEPT_START" => |_, _| Ok(common::with_except_start().peek(5)),
        // `[strings tuple, interpolations tuple]` → `Template`.
        "BUILD_TEMPLATE" => |_, _| Ok(Lifted::new(Op::BuildTemplate, 2, 1)),
        "BUILD_INTERPOLATION" => build_interpolation,
        // Everything else decodes as in 3.13.
        _ => return super::cpython313::lifter(name),
    };
    Some(f)
}

/// `[callable, self-or-NULL, args, kwargs-or-NULL]`: the kwargs slot is always
/// there. Without `**` the compiler fills it with `PUSH_NULL`, which the optimiser
/// folds into the NULL bit of a `LOAD_GLOBAL` loading the `*` argument just before.
fn call_function_ex(_: u32, cx: &mut LiftCx<'_>) -> LiftResult {
    let null_kwargs = matches!(cx.previous, Some(Op::PushNull | Op::LoadGlobal { self_slot: SelfSlot::AfterCallable, .. }));
    Ok(common::call_ex(!null_kwargs, SelfSlot::AfterCallable, 4))
}

/// `[value, expression text, format spec if arg & 1]` → `Interpolation`; the
/// conversion (`!s`, `!r`, `!a`) is recorded in `arg >> 2` and applied later by
/// whoever renders the template, so nothing is formatted here.
fn build_interpolation(arg: u32, _: &mut LiftCx<'_>) -> LiftResult {
    let with_spec = arg & 1 == 1;
    let op = Op::BuildInterpolation { conversion: conversion((arg >> 2) & 3), with_spec };
    Ok(Lifted::new(op, 2 + with_spec as u32, 1))
}
