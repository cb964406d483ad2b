//! CPython 3.10: release-specific decoding.
//!
//! 3.10 is the last release with a run-time block stack: `SETUP_*` opcodes push
//! handler blocks, `POP_BLOCK` pops them, and exception regions are not stored
//! but follow from simulating that stack ([`blocks`]). Its line table is the
//! byte-delta/line-delta format of [`line_table`]. Calls use `CALL_FUNCTION`,
//! `CALL_FUNCTION_KW` (names tuple on the stack) and the `LOAD_METHOD` /
//! `CALL_METHOD` pair; binary operators each have their own opcode.

pub mod blocks;
pub mod line_table;
pub mod opcodes;
#[cfg(test)]
mod tests;

use crate::code::{CodeObject, Const};
use crate::common;
use crate::decode::{AdapterParts, DecodeError};
use crate::lift::{families, Flow, LiftCx, LiftFn, LiftResult, Lifted};
use crate::sem::*;

pub fn parts() -> AdapterParts {
    AdapterParts { table: &opcodes::TABLE, self_slot: crate::sem::SelfSlot::BeforeCallable, lifter, locations: line_table::decode, regions }
}

fn regions(_code: &CodeObject, instrs: &[Instr]) -> Result<Vec<ExceptionRegion>, DecodeError> {
    check_keyword_names(instrs)?;
    blocks::simulate(instrs)
}

/// `CALL_FUNCTION_KW` takes its keyword names from the most recent tuple
/// `LOAD_CONST` ([`load_const`]); that is only the tuple on the stack when the
/// load comes directly before the call, as the compiler always emits it.
fn check_keyword_names(instrs: &[Instr]) -> Result<(), DecodeError> {
    for (i, instr) in instrs.iter().enumerate() {
        let Op::Call { layout } = &instr.op else { continue };
        let Some(names) = layout.keywords_const else { continue };
        let loader = instrs[..i].iter().rev().find(|prev| prev.op != Op::ExtendedArg);
        if !matches!(loader, Some(prev) if prev.op == (Op::LoadConst { index: names })) {
            return Err(DecodeError::at(
                instr.offset,
                format!("{}: the keyword names tuple is not loaded directly before the call", instr.opname),
            ));
        }
    }
    Ok(())
}

/// Opcodes whose meaning in 3.10 differs from [`crate::common::lifter`] or exist only here.
fn lifter(name: &str) -> Option<LiftFn> {
    let f: LiftFn = match name {
        "LOAD_CONST" => load_const,
        "LOAD_GLOBAL" => |n, cx| Ok(Lifted::new(Op::LoadGlobal { name: cx.check_name(n)?, self_slot: crate::sem::SelfSlot::None }, 0, 1)),
        "LOAD_ATTR" => common::load_attr,
        "LOAD_METHOD" => common::load_method,
        "COMPARE_OP" => |a, cx| common::compare(a, cx, 0, None),
        // The compiler only emits 2 or 3; any other argument pops two at run time.
        "BUILD_SLICE" => |n, _| {
            let count = if n == 3 { 3 } else { 2 };
            Ok(Lifted::new(Op::BuildSlice { count }, count, 1))
        },

        "ROT_TWO" => |_, _| rotate(2),
        "ROT_THREE" => |_, _| rotate(3),
        "ROT_FOUR" => |_, _| rotate(4),
        "ROT_N" => |n, _| rotate(n),
        "DUP_TOP" => |_, _| Ok(Lifted::new(Op::Copy { depth: 1 }, 1, 2)),
        "DUP_TOP_TWO" => |_, _| Ok(Lifted::new(Op::DupTopTwo, 2, 4)),

        "BINARY_ADD" => |_, _| Ok(common::binary(BinaryOp::Add, false)),
        "BINARY_AND" => |_, _| Ok(common::binary(BinaryOp::And, false)),
        "BINARY_FLOOR_DIVIDE" => |_, _| Ok(common::binary(BinaryOp::FloorDivide, false)),
        "BINARY_LSHIFT" => |_, _| Ok(common::binary(BinaryOp::LShift, false)),
        "BINARY_MATRIX_MULTIPLY" => |_, _| Ok(common::binary(BinaryOp::MatMul, false)),
        "BINARY_MULTIPLY" => |_, _| Ok(common::binary(BinaryOp::Multiply, false)),
        "BINARY_MODULO" => |_, _| Ok(common::binary(BinaryOp::Remainder, false)),
        "BINARY_OR" => |_, _| Ok(common::binary(BinaryOp::Or, false)),
        "BINARY_POWER" => |_, _| Ok(common::binary(BinaryOp::Power, false)),
        "BINARY_RSHIFT" => |_, _| Ok(common::binary(BinaryOp::RShift, false)),
        "BINARY_SUBTRACT" => |_, _| Ok(common::binary(BinaryOp::Subtract, false)),
        "BINARY_TRUE_DIVIDE" => |_, _| Ok(common::binary(BinaryOp::TrueDivide, false)),
        "BINARY_XOR" => |_, _| Ok(common::binary(BinaryOp::Xor, false)),
        "INPLACE_ADD" => |_, _| Ok(common::binary(BinaryOp::Add, true)),
        "INPLACE_AND" => |_, _| Ok(common::binary(BinaryOp::And, true)),
        "INPLACE_FLOOR_DIVIDE" => |_, _| Ok(common::binary(BinaryOp::FloorDivide, true)),
        "INPLACE_LSHIFT" => |_, _| Ok(common::binary(BinaryOp::LShift, true)),
        "INPLACE_MATRIX_MULTIPLY" => |_, _| Ok(common::binary(BinaryOp::MatMul, true)),
        "INPLACE_MULTIPLY" => |_, _| Ok(common::binary(BinaryOp::Multiply, true)),
        "INPLACE_MODULO" => |_, _| Ok(common::binary(BinaryOp::Remainder, true)),
        "INPLACE_OR" => |_, _| Ok(common::binary(BinaryOp::Or, true)),
        "INPLACE_POWER" => |_, _| Ok(common::binary(BinaryOp::Power, true)),
        "INPLACE_RSHIFT" => |_, _| Ok(common::binary(BinaryOp::RShift, true)),
        "INPLACE_SUBTRACT" => |_, _| Ok(common::binary(BinaryOp::Subtract, true)),
        "INPLACE_TRUE_DIVIDE" => |_, _| Ok(common::binary(BinaryOp::TrueDivide, true)),
        "INPLACE_XOR" => |_, _| Ok(common::binary(BinaryOp::Xor, true)),

        "POP_JUMP_IF_TRUE" => |_, _| Ok(common::branch_on_truth(Condition::IfTrue)),
        "POP_JUMP_IF_FALSE" => |_, _| Ok(common::branch_on_truth(Condition::IfFalse)),
        "JUMP_IF_TRUE_OR_POP" => |_, _| Ok(common::branch_or_pop(Condition::IfTrueKeep)),
        "JUMP_IF_FALSE_OR_POP" => |_, _| Ok(common::branch_or_pop(Condition::IfFalseKeep)),
        // Pops the raised type and the `except` operand on both edges.
        "JUMP_IF_NOT_EXC_MATCH" => |_, _| {
            Ok(Lifted::new(Op::Branch, 2, 0).flow(Flow::Branch(Condition::ExceptionNotMatched)))
        },
        // Leaves the iterator in place and pushes the next value; when exhausted
        // it pops the iterator and jumps.
        "FOR_ITER" => |_, _| {
            Ok(Lifted::new(Op::ForIter, 0, 1)
                .peek(1)
                .jump_stack(1, 0)
                .flow(Flow::Branch(Condition::Exhausted))
                .protocols(families::FOR_ITER))
        },

        "CALL_FUNCTION" => |argc, _| call(argc, 0, None, SelfSlot::None),
        "CALL_FUNCTION_KW" => call_function_kw,
        // `LOAD_METHOD` left `[method, self]` or `[NULL, callable]` below the arguments.
        "CALL_METHOD" => |argc, _| call(argc, 0, None, SelfSlot::BeforeCallable),
        "CALL_FUNCTION_EX" => |a, _| {
            let with_kwargs = a & 1 == 1;
            Ok(common::call_ex(with_kwargs, SelfSlot::None, 2 + with_kwargs as u32))
        },
        "MAKE_FUNCTION" => make_function,

        "SETUP_FINALLY" => |_, _| setup(Op::SetupBlock { kind: BlockKind::Finally }, 0, 0, 0),
        // Replaces the manager with its bound `__exit__`, opens the block above
        // that, then pushes the result of `__enter__()`.
        "SETUP_WITH" => |_, _| {
            let enter = common::enter_context(false);
            setup(enter.op, 1, 2, 1).map(|lifted| lifted.protocols(enter.protocols))
        },
        // Pops the awaited `__aenter__` result, opens the block below it, pushes it back.
        "SETUP_ASYNC_WITH" => |_, _| setup(Op::SetupBlock { kind: BlockKind::AsyncWith }, 1, 1, 0),
        "POP_BLOCK" => |_, _| Ok(Lifted::new(Op::PopBlock, 0, 0)),
        // Restores the exception state saved below the handler's three values.
        "POP_EXCEPT" => |_, _| Ok(Lifted::new(Op::PopExcept, 3, 0)),
        "RERAISE" => |a, _| Ok(Lifted::new(Op::Reraise { set_lasti: a != 0 }, 3, 0).flow(Flow::Raise)),
        // Calls `__exit__` (7th from the top) with the exception triple on top.
        "WITH_EXCEPT_START" => |_, _| {
            Ok(Lifted::new(Op::WithExceptStart, 0, 1)
                .peek(7)
                .protocols(Protocols::CONTEXT_EXIT | Protocols::CALL))
        },
        // The handler of `async for`: the exception triple, the saved triple and
        // the iterator. It re-raises anything but `StopAsyncIteration`.
        "END_ASYNC_FOR" => |_, _| Ok(Lifted::new(Op::EndAsyncFor, 7, 0)),

        "GEN_START" => |_, _| Ok(Lifted::new(Op::GenStart, 1, 0)),
        // Pops the value to send and the sub-iterator; pushes its return value
        // (re-executed in place while the sub-iterator yields).
        "YIELD_FROM" => |_, _| Ok(Lifted::new(Op::YieldFrom, 2, 1).protocols(families::FOR_ITER)),

        // Pops the attribute names; the subject and class become the attribute tuple
        // (or stay the subject) and the success flag.
        "MATCH_CLASS" => |n, _| Ok(Lifted::new(Op::MatchClass { count: n }, 3, 2).protocols(families::ATTR)),
        // Reads the subject and keys; pushes the values (or None) and the success flag.
        "MATCH_KEYS" => |_, _| Ok(Lifted::new(Op::MatchKeys, 0, 2).peek(2).protocols(Protocols::MAPPING)),
        // Replaces the keys with a copy of the subject (left below) without them.
        "COPY_DICT_WITHOUT_KEYS" => |_, _| {
            Ok(Lifted::new(Op::CopyDictWithoutKeys, 1, 1).peek(1).protocols(Protocols::MAPPING))
        },
        _ => return None,
    };
    Some(f)
}

/// Besides pushing the constant, remembers a tuple as the candidate keyword
/// names of a following `CALL_FUNCTION_KW` (see [`check_keyword_names`]).
fn load_const(index: u32, cx: &mut LiftCx<'_>) -> LiftResult {
    let index = cx.check_const(index)?;
    let is_tuple = matches!(cx.code.consts.get(index as usize), Some(Const::Tuple(_)));
    cx.pending_kw_names = is_tuple.then_some(index);
    Ok(Lifted::new(Op::LoadConst { index }, 0, 1))
}

/// `[callable, args…, names]`: the names tuple is the topmost input and the last
/// `len(names)` arguments are passed by keyword.
fn call_function_kw(argc: u32, cx: &mut LiftCx<'_>) -> LiftResult {
    let names = cx.pending_kw_names.take().ok_or("the keyword names are not a constant tuple")?;
    let keyword_count = cx.const_tuple_len(names)?;
    if keyword_count > argc {
        return Err(format!("{keyword_count} keyword names for {argc} arguments"));
    }
    let mut lifted = call(argc, keyword_count, Some(names), SelfSlot::None)?;
    lifted.stack = StackEffect::new(argc + 2, 1);
    Ok(lifted)
}

/// [`common::call`] for an argument count that leaves room for the callable,
/// self/NULL and names slots (a four-byte argument could overflow them).
fn call(argc: u32, keyword_count: u32, keywords_const: Option<u32>, self_slot: SelfSlot) -> LiftResult {
    if argc > u32::MAX - 2 {
        return Err(format!("argument count {argc} is out of range"));
    }
    Ok(common::call(argc, keyword_count, keywords_const, self_slot))
}

/// 3.10 pops the qualified name above the code object, and one value per flag
/// (defaults, kwdefaults, annotations, closure) below it; higher bits are ignored.
fn make_function(flags: u32, _: &mut LiftCx<'_>) -> LiftResult {
    let attrs = FunctionAttrs(flags & 0x0f);
    Ok(Lifted::new(Op::MakeFunction { attrs }, 2 + attrs.count(), 1))
}

/// `ROT_*`: the top moves down to position `depth`.
fn rotate(depth: u32) -> LiftResult {
    if depth == 0 {
        return Err("rotation of depth 0".into());
    }
    Ok(Lifted::new(Op::RotateDown { depth }, depth, depth))
}

/// A block opener that pops `pops` values and pushes `pushes`, of which the
/// first `kept` stay below the block's stack level. On the handler edge (as
/// `dis.stack_effect(jump=True)` counts it) the stack is cut back to that level
/// and six values arrive: the exception triple and the previous exception state
/// saved with the `EXCEPT_HANDLER` block.
fn setup(op: Op, pops: u32, pushes: u32, kept: u32) -> LiftResult {
    let handler_pushes = kept + blocks::HANDLER_PUSHES;
    Ok(Lifted::new(op, pops, pushes).jump_stack(pops, handler_pushes).flow(Flow::Setup))
}
