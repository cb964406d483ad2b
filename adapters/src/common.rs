//! Lifters shared by releases.
//!
//! [`lifter`] covers opcodes whose argument encoding, stack transfer and meaning
//! are the same in every release that has them; a release folder's own
//! `lifter(name)` is consulted first and overrides these. The named functions
//! below are encodings several (not all) releases share; release folders map
//! their opcode names to them explicitly.

use crate::lift::{conversion, families, Flow, LiftCx, LiftFn, LiftResult, Lifted};
use crate::sem::*;

pub fn lifter(name: &str) -> Option<LiftFn> {
    let f: LiftFn = match name {
        "NOP" | "CACHE" | "NOT_TAKEN" => |_, _| Ok(Lifted::new(Op::Nop, 0, 0)),
        "RESUME" => |a, _| {
            let after = match a & 3 {
                0 => ResumeKind::FunctionStart,
                1 => ResumeKind::Yield,
                2 => ResumeKind::YieldFrom,
                _ => ResumeKind::Await,
            };
            Ok(Lifted::new(Op::Resume { after }, 0, 0))
        },
        "EXTENDED_ARG" => |_, _| Ok(Lifted::new(Op::ExtendedArg, 0, 0)),
        "POP_TOP" => |_, _| Ok(Lifted::new(Op::PopTop, 1, 0)),
        "PUSH_NULL" => |_, _| Ok(Lifted::new(Op::PushNull, 0, 1)),
        "COPY" => |n, _| shuffle(Op::Copy { depth: n }, n, count(n, 1)?),
        "SWAP" => |n, _| shuffle(Op::Swap { depth: n }, n, n),

        "LOAD_CONST" => |i, cx| Ok(Lifted::new(Op::LoadConst { index: cx.check_const(i)? }, 0, 1)),
        "LOAD_SMALL_INT" => |i, _| Ok(Lifted::new(Op::LoadImmediate { value: Immediate::Int(i as i64) }, 0, 1)),
        "LOAD_ASSERTION_ERROR" => |_, _| Ok(Lifted::new(Op::LoadBuiltin { name: "AssertionError" }, 0, 1)),
        "LOAD_COMMON_CONSTANT" => |i, cx| {
            let name = cx
                .table
                .common_constants
                .get(i as usize)
                .ok_or_else(|| format!("common constant {i} is not defined"))?;
            // The table names builtins by name and (3.15+) values by their repr.
            let op = match *name {
                "None" => Op::LoadImmediate { value: Immediate::None },
                "True" => Op::LoadImmediate { value: Immediate::Bool(true) },
                "False" => Op::LoadImmediate { value: Immediate::Bool(false) },
                "''" => Op::LoadImmediate { value: Immediate::EmptyStr },
                name => match name.parse::<i64>() {
                    Ok(int) => Op::LoadImmediate { value: Immediate::Int(int) },
                    Err(_) => Op::LoadBuiltin { name },
                },
            };
            Ok(Lifted::new(op, 0, 1))
        },

        "LOAD_FAST" => |s, cx| load_local(s, cx, LocalAccess::Plain),
        "LOAD_FAST_CHECK" => |s, cx| load_local(s, cx, LocalAccess::Checked),
        "LOAD_FAST_AND_CLEAR" => |s, cx| load_local(s, cx, LocalAccess::AndClear),
        "LOAD_FAST_BORROW" => |s, cx| load_local(s, cx, LocalAccess::Borrow),
        "LOAD_FAST_LOAD_FAST" => |a, cx| load_local_pair(a, cx, LocalAccess::Plain),
        "LOAD_FAST_BORROW_LOAD_FAST_BORROW" => |a, cx| load_local_pair(a, cx, LocalAccess::Borrow),
        "STORE_FAST" => |s, cx| Ok(Lifted::new(Op::StoreLocal { slot: cx.check_slot(s)? }, 1, 0)),
        "DELETE_FAST" => |s, cx| Ok(Lifted::new(Op::DeleteLocal { slot: cx.check_slot(s)? }, 0, 0)),
        "STORE_FAST_STORE_FAST" => |a, cx| {
            let (first, second) = (cx.check_slot(a >> 4)?, cx.check_slot(a & 15)?);
            Ok(Lifted::new(Op::StoreLocalPair { first, second }, 2, 0))
        },
        "STORE_FAST_LOAD_FAST" => |a, cx| {
            let (store, load) = (cx.check_slot(a >> 4)?, cx.check_slot(a & 15)?);
            Ok(Lifted::new(Op::StoreThenLoadLocal { store, load }, 1, 1))
        },
        "MAKE_CELL" => |s, cx| Ok(Lifted::new(Op::MakeCell { slot: cx.check_slot(s)? }, 0, 0)),
        "LOAD_CLOSURE" => |s, cx| Ok(Lifted::new(Op::LoadCellRef { slot: cx.check_cell(s)? }, 0, 1)),
        "LOAD_DEREF" => |s, cx| Ok(Lifted::new(Op::LoadCell { slot: cx.check_cell(s)? }, 0, 1)),
        "STORE_DEREF" => |s, cx| Ok(Lifted::new(Op::StoreCell { slot: cx.check_cell(s)? }, 1, 0)),
        "DELETE_DEREF" => |s, cx| Ok(Lifted::new(Op::DeleteCell { slot: cx.check_cell(s)? }, 0, 0)),
        "COPY_FREE_VARS" => |n, _| Ok(Lifted::new(Op::CopyFreeVars { count: n }, 0, 0)),
        "LOAD_CLASSDEREF" => {
            |s, cx| Ok(Lifted::new(Op::LoadClassCell { slot: cx.check_cell(s)?, mapping_on_stack: false }, 0, 1))
        }
        "LOAD_FROM_DICT_OR_DEREF" => {
            |s, cx| Ok(Lifted::new(Op::LoadClassCell { slot: cx.check_cell(s)?, mapping_on_stack: true }, 1, 1))
        }

        "STORE_GLOBAL" => |n, cx| Ok(Lifted::new(Op::StoreGlobal { name: cx.check_name(n)? }, 1, 0)),
        "DELETE_GLOBAL" => |n, cx| Ok(Lifted::new(Op::DeleteGlobal { name: cx.check_name(n)? }, 0, 0)),
        "LOAD_NAME" => |n, cx| Ok(Lifted::new(Op::LoadName { name: cx.check_name(n)? }, 0, 1)),
        "STORE_NAME" => |n, cx| Ok(Lifted::new(Op::StoreName { name: cx.check_name(n)? }, 1, 0)),
        "DELETE_NAME" => |n, cx| Ok(Lifted::new(Op::DeleteName { name: cx.check_name(n)? }, 0, 0)),
        "LOAD_FROM_DICT_OR_GLOBALS" => {
            |n, cx| Ok(Lifted::new(Op::LoadFromMappingOrGlobals { name: cx.check_name(n)? }, 1, 1))
        }
        "LOAD_LOCALS" => |_, _| Ok(Lifted::new(Op::LoadLocals, 0, 1)),
        "SETUP_ANNOTATIONS" => |_, _| Ok(Lifted::new(Op::SetupAnnotations, 0, 0)),

        "STORE_ATTR" => {
            |n, cx| Ok(Lifted::new(Op::StoreAttr { name: cx.check_name(n)? }, 2, 0).protocols(Protocols::ATTR_SET))
        }
        "DELETE_ATTR" => {
            |n, cx| Ok(Lifted::new(Op::DeleteAttr { name: cx.check_name(n)? }, 1, 0).protocols(Protocols::ATTR_DEL))
        }
        "LOAD_SUPER_ATTR" => |a, cx| {
            let self_slot = slot_if(a & 1 == 1, cx);
            let op = Op::LoadSuperAttr { name: cx.check_name(a >> 2)?, self_slot, two_args: a & 2 == 2 };
            Ok(Lifted::new(op, 3, 1 + slot_values(self_slot)).protocols(Protocols::CALL | families::ATTR))
        },
        "LOAD_SPECIAL" => |i, cx| {
            let name =
                cx.table.special_methods.get(i as usize).ok_or_else(|| format!("special method {i} is not defined"))?;
            let (method, family) = match *name {
                "__enter__" => (SpecialMethod::Enter, Protocols::CONTEXT_ENTER),
                "__exit__" => (SpecialMethod::Exit, Protocols::CONTEXT_EXIT),
                "__aenter__" => (SpecialMethod::AEnter, Protocols::CONTEXT_ENTER),
                "__aexit__" => (SpecialMethod::AExit, Protocols::CONTEXT_EXIT),
                other => return Err(format!("unknown special method {other}")),
            };
            Ok(Lifted::new(Op::LoadSpecial { method }, 1, 2).protocols(family | families::ATTR))
        },

        "BINARY_SUBSCR" => |_, _| Ok(Lifted::new(Op::Subscript, 2, 1).protocols(Protocols::SUBSCR_GET)),
        "STORE_SUBSCR" => |_, _| Ok(Lifted::new(Op::StoreSubscript, 3, 0).protocols(Protocols::SUBSCR_SET)),
        "DELETE_SUBSCR" => |_, _| Ok(Lifted::new(Op::DeleteSubscript, 2, 0).protocols(Protocols::SUBSCR_DEL)),
        "BINARY_SLICE" => |_, _| Ok(Lifted::new(Op::Slice, 3, 1).protocols(Protocols::SUBSCR_GET | Protocols::INDEX)),
        "STORE_SLICE" => {
            |_, _| Ok(Lifted::new(Op::StoreSlice, 4, 0).protocols(Protocols::SUBSCR_SET | Protocols::INDEX))
        }
        "BUILD_SLICE" => |n, _| Ok(Lifted::new(Op::BuildSlice { count: n }, n, 1)),

        "BINARY_OP" => binary_op,
        "UNARY_NEGATIVE" => |_, _| unary(UnaryOp::Negative),
        "UNARY_POSITIVE" => |_, _| unary(UnaryOp::Positive),
        "UNARY_INVERT" => |_, _| unary(UnaryOp::Invert),
        "UNARY_NOT" => |_, _| Ok(Lifted::new(Op::Unary { op: UnaryOp::Not }, 1, 1).protocols(families::TRUTH)),
        "TO_BOOL" => |_, _| Ok(Lifted::new(Op::ToBool, 1, 1).protocols(families::TRUTH)),
        "IS_OP" => |a, _| Ok(identity(a == 1)),
        "CONTAINS_OP" => |a, _| Ok(membership(a == 1)),

        "BUILD_TUPLE" => |n, _| Ok(Lifted::new(Op::BuildTuple { count: n }, n, 1)),
        "BUILD_LIST" => |n, _| Ok(Lifted::new(Op::BuildList { count: n }, n, 1)),
        "BUILD_SET" => |n, _| Ok(Lifted::new(Op::BuildSet { count: n }, n, 1).protocols(families::HASHING)),
        "BUILD_MAP" => |n, _| Ok(Lifted::new(Op::BuildMap { pairs: n }, count(n, n)?, 1).protocols(families::HASHING)),
        "BUILD_CONST_KEY_MAP" => {
            |n, _| Ok(Lifted::new(Op::BuildConstKeyMap { count: n }, count(n, 1)?, 1).protocols(families::HASHING))
        }
        "BUILD_STRING" => |n, _| Ok(Lifted::new(Op::BuildString { count: n }, n, 1)),
        "LIST_APPEND" => |d, _| Ok(Lifted::new(Op::ListAppend { depth: d }, 1, 0).peek(d)),
        "SET_ADD" => |d, _| Ok(Lifted::new(Op::SetAdd { depth: d }, 1, 0).peek(d).protocols(families::HASHING)),
        "MAP_ADD" => |d, _| Ok(Lifted::new(Op::MapAdd { depth: d }, 2, 0).peek(d).protocols(families::HASHING)),
        "LIST_EXTEND" => {
            |d, _| Ok(Lifted::new(Op::ListExtend { depth: d }, 1, 0).peek(d).protocols(families::ITERATION))
        }
        "SET_UPDATE" => |d, _| {
            Ok(Lifted::new(Op::SetUpdate { depth: d }, 1, 0).peek(d).protocols(families::ITERATION | families::HASHING))
        },
        "DICT_UPDATE" => {
            |d, _| Ok(Lifted::new(Op::DictUpdate { depth: d }, 1, 0).peek(d).protocols(Protocols::MAPPING))
        }
        "DICT_MERGE" => |d, _| Ok(Lifted::new(Op::DictMerge { depth: d }, 1, 0).peek(d).protocols(Protocols::MAPPING)),
        "LIST_TO_TUPLE" => |_, _| Ok(Lifted::new(Op::ListToTuple, 1, 1)),
        "UNPACK_SEQUENCE" => {
            |n, _| Ok(Lifted::new(Op::UnpackSequence { count: n }, 1, n).protocols(families::ITERATION))
        }
        "UNPACK_EX" => |a, _| {
            let (before, after) = (a & 0xff, a >> 8);
            Ok(Lifted::new(Op::UnpackEx { before, after }, 1, before + after + 1).protocols(families::ITERATION))
        },

        "FORMAT_VALUE" => |a, _| {
            let with_spec = a & 4 == 4;
            let op = Op::FormatValue { conversion: conversion(a & 3), with_spec };
            Ok(Lifted::new(op, 1 + with_spec as u32, 1).protocols(Protocols::FORMAT))
        },
        "CONVERT_VALUE" => {
            |a, _| Ok(Lifted::new(Op::ConvertValue { conversion: conversion(a) }, 1, 1).protocols(Protocols::FORMAT))
        }
        "FORMAT_SIMPLE" => |_, _| Ok(Lifted::new(Op::FormatSimple, 1, 1).protocols(Protocols::FORMAT)),
        "FORMAT_WITH_SPEC" => |_, _| Ok(Lifted::new(Op::FormatWithSpec, 2, 1).protocols(Protocols::FORMAT)),

        "SET_FUNCTION_ATTRIBUTE" => |a, _| Ok(Lifted::new(Op::SetFunctionAttribute { attr: FunctionAttrs(a) }, 2, 1)),
        "LOAD_BUILD_CLASS" => |_, _| Ok(Lifted::new(Op::LoadBuildClass, 0, 1)),

        "IMPORT_NAME" => {
            |n, cx| Ok(Lifted::new(Op::ImportName { name: cx.check_name(n)? }, 2, 1).protocols(Protocols::IMPORT))
        }
        "IMPORT_FROM" => |n, cx| {
            Ok(Lifted::new(Op::ImportFrom { name: cx.check_name(n)? }, 0, 1)
                .peek(1)
                .protocols(Protocols::IMPORT | families::ATTR))
        },
        "IMPORT_STAR" => |_, _| Ok(Lifted::new(Op::ImportStar, 1, 0).protocols(Protocols::IMPORT)),
        "CALL_INTRINSIC_1" => |i, cx| intrinsic(i, cx.table.intrinsics_1, 1),
        "CALL_INTRINSIC_2" => |i, cx| intrinsic(i, cx.table.intrinsics_2, 2),

        "RETURN_VALUE" => |_, _| Ok(Lifted::new(Op::Return, 1, 0).flow(Flow::Return)),
        "RETURN_CONST" => {
            |i, cx| Ok(Lifted::new(Op::ReturnConst { index: cx.check_const(i)? }, 0, 0).flow(Flow::Return))
        }
        "RETURN_GENERATOR" => |_, _| Ok(return_generator()),
        "YIELD_VALUE" => |_, _| Ok(Lifted::new(Op::Yield, 1, 1)),
        "GET_AWAITABLE" => |_, _| Ok(Lifted::new(Op::GetAwaitable, 1, 1).protocols(Protocols::AWAIT)),
        "END_SEND" => |_, _| Ok(Lifted::new(Op::EndSend, 2, 1)),
        "CLEANUP_THROW" => |_, _| Ok(Lifted::new(Op::CleanupThrow, 3, 2)),

        "GET_ITER" => |_, _| Ok(Lifted::new(Op::GetIter, 1, 1).protocols(families::ITERATION)),
        "GET_YIELD_FROM_ITER" => |_, _| Ok(Lifted::new(Op::GetYieldFromIter, 1, 1).protocols(families::ITERATION)),
        "GET_AITER" => |_, _| Ok(Lifted::new(Op::GetAIter, 1, 1).protocols(Protocols::AITER)),
        "GET_ANEXT" => {
            |_, _| Ok(Lifted::new(Op::GetANext, 0, 1).peek(1).protocols(Protocols::ANEXT | Protocols::AWAIT))
        }
        "POP_ITER" => |_, _| Ok(Lifted::new(Op::PopIter, 1, 0)),

        "BEFORE_WITH" => |_, _| Ok(enter_context(false)),
        "BEFORE_ASYNC_WITH" => |_, _| Ok(enter_context(true)),

        "RAISE_VARARGS" => {
            |n, _| Ok(Lifted::new(Op::Raise { argc: n }, n, 0).flow(Flow::Raise).protocols(Protocols::CALL))
        }
        "PUSH_EXC_INFO" => |_, _| Ok(Lifted::new(Op::PushExcInfo, 1, 2)),
        "CHECK_EXC_MATCH" => |_, _| Ok(Lifted::new(Op::CheckExcMatch, 1, 1).peek(1)),
        "CHECK_EG_MATCH" => |_, _| Ok(Lifted::new(Op::CheckExceptionGroupMatch, 2, 2)),

        "MATCH_MAPPING" => |_, _| Ok(Lifted::new(Op::MatchMapping, 0, 1).peek(1)),
        "MATCH_SEQUENCE" => |_, _| Ok(Lifted::new(Op::MatchSequence, 0, 1).peek(1)),
        "GET_LEN" => |_, _| Ok(Lifted::new(Op::GetLen, 0, 1).peek(1).protocols(Protocols::LEN)),

        "PRINT_EXPR" => |_, _| Ok(Lifted::new(Op::PrintExpr, 1, 0).protocols(Protocols::CALL)),
        "EXIT_INIT_CHECK" => |_, _| Ok(Lifted::new(Op::ExitInitCheck, 1, 0)),

        "JUMP_FORWARD" | "JUMP_BACKWARD" | "JUMP_BACKWARD_NO_INTERRUPT" | "JUMP_ABSOLUTE" => {
            |_, _| Ok(Lifted::new(Op::Jump, 0, 0).flow(Flow::Jump))
        }
        "POP_JUMP_IF_NONE" => |_, _| Ok(branch(Condition::IfNone)),
        "POP_JUMP_IF_NOT_NONE" => |_, _| Ok(branch(Condition::IfNotNone)),
        _ => return None,
    };
    Some(f)
}

/// `a + b` stack values, refusing counts no real code object could have.
pub fn count(a: u32, b: u32) -> Result<u32, String> {
    a.checked_add(b).filter(|&n| n <= MAX_STACK_VALUES).ok_or_else(|| format!("stack count {a} + {b} is out of range"))
}

/// Far above any `co_stacksize` CPython produces; keeps stack arithmetic in range.
pub const MAX_STACK_VALUES: u32 = 1 << 24;

fn shuffle(op: Op, pops: u32, pushes: u32) -> LiftResult {
    if pops == 0 {
        return Err("stack shuffle of depth 0".into());
    }
    Ok(Lifted::new(op, pops, pushes))
}

fn load_local(slot: u32, cx: &mut LiftCx<'_>, access: LocalAccess) -> LiftResult {
    Ok(Lifted::new(Op::LoadLocal { slot: cx.check_slot(slot)?, access }, 0, 1))
}

fn load_local_pair(arg: u32, cx: &mut LiftCx<'_>, access: LocalAccess) -> LiftResult {
    let (first, second) = (cx.check_slot(arg >> 4)?, cx.check_slot(arg & 15)?);
    Ok(Lifted::new(Op::LoadLocalPair { first, second, access }, 0, 2))
}

fn unary(op: UnaryOp) -> LiftResult {
    Ok(Lifted::new(Op::Unary { op }, 1, 1).protocols(Protocols::UNARY))
}

/// A conditional jump that pops its operand on both edges.
pub fn branch(when: Condition) -> Lifted {
    Lifted::new(Op::Branch, 1, 0).flow(Flow::Branch(when))
}

/// `POP_JUMP_IF_TRUE/FALSE` on an arbitrary object: the jump tests its truth.
pub fn branch_on_truth(when: Condition) -> Lifted {
    branch(when).protocols(families::TRUTH)
}

/// `JUMP_IF_TRUE_OR_POP`/`JUMP_IF_FALSE_OR_POP`: keeps the value on the jump edge.
pub fn branch_or_pop(when: Condition) -> Lifted {
    branch(when).jump_stack(1, 1).protocols(families::TRUTH)
}

/// 3.11+ `BINARY_OP`: the argument indexes the release's `_nb_ops` table; 3.14's
/// `[]` entry is a subscript.
pub fn binary_op(arg: u32, cx: &mut LiftCx<'_>) -> LiftResult {
    if cx.table.binary_ops.get(arg as usize) == Some(&"[]") {
        return Ok(Lifted::new(Op::Subscript, 2, 1).protocols(Protocols::SUBSCR_GET));
    }
    let (op, inplace) = cx.binary_op(arg)?;
    Ok(binary(op, inplace))
}

pub fn binary(op: BinaryOp, inplace: bool) -> Lifted {
    let family = if inplace { Protocols::INPLACE | Protocols::BINARY } else { Protocols::BINARY };
    Lifted::new(Op::Binary { op, inplace }, 2, 1).protocols(family)
}

pub fn enter_context(is_async: bool) -> Lifted {
    let family = if is_async { Protocols::CONTEXT_ENTER | Protocols::AWAIT } else { Protocols::CONTEXT_ENTER };
    Lifted::new(Op::EnterContext { is_async }, 1, 2).protocols(family | families::ATTR | Protocols::CALL)
}

/// `is` / `is not` (3.9+ `IS_OP`, 3.8 `COMPARE_OP`).
pub fn identity(negated: bool) -> Lifted {
    Lifted::new(Op::Is { negated }, 2, 1)
}

/// `in` / `not in` (3.9+ `CONTAINS_OP`, 3.8 `COMPARE_OP`).
pub fn membership(negated: bool) -> Lifted {
    Lifted::new(Op::Contains { negated }, 2, 1).protocols(Protocols::CONTAINS | families::ITERATION)
}

/// `COMPARE_OP` where the operator index is `arg >> shift` and, from 3.13, bit 4
/// asks for the result coerced to bool.
pub fn compare(arg: u32, cx: &mut LiftCx<'_>, shift: u32, to_bool_bit: Option<u32>) -> LiftResult {
    let op = cx.compare_op(arg >> shift)?;
    let to_bool = to_bool_bit.is_some_and(|bit| arg & bit != 0);
    let family = if to_bool { Protocols::COMPARE | families::TRUTH } else { Protocols::COMPARE };
    Ok(Lifted::new(Op::Compare { op, to_bool }, 2, 1).protocols(family))
}

/// `LOAD_GLOBAL` with the NULL-push flag in bit 0 (3.11+).
pub fn load_global_with_null_bit(arg: u32, cx: &mut LiftCx<'_>) -> LiftResult {
    let self_slot = slot_if(arg & 1 == 1, cx);
    Ok(Lifted::new(Op::LoadGlobal { name: cx.check_name(arg >> 1)?, self_slot }, 0, 1 + slot_values(self_slot)))
}

/// The release's self/NULL slot when an instruction's flag asks for one.
fn slot_if(flag: bool, cx: &LiftCx<'_>) -> SelfSlot {
    if flag {
        cx.self_slot
    } else {
        SelfSlot::None
    }
}

fn slot_values(slot: SelfSlot) -> u32 {
    (slot != SelfSlot::None) as u32
}

/// `LOAD_ATTR` with the method flag in bit 0 (3.12+).
pub fn load_attr_with_method_bit(arg: u32, cx: &mut LiftCx<'_>) -> LiftResult {
    let self_slot = slot_if(arg & 1 == 1, cx);
    Ok(Lifted::new(Op::LoadAttr { name: cx.check_name(arg >> 1)?, self_slot }, 1, 1 + slot_values(self_slot))
        .protocols(families::ATTR))
}

/// `LOAD_ATTR` without flags (3.10, 3.11).
pub fn load_attr(arg: u32, cx: &mut LiftCx<'_>) -> LiftResult {
    Ok(Lifted::new(Op::LoadAttr { name: cx.check_name(arg)?, self_slot: SelfSlot::None }, 1, 1)
        .protocols(families::ATTR))
}

/// `LOAD_METHOD` (3.10, 3.11): pushes the method and self, or NULL and the attribute.
pub fn load_method(arg: u32, cx: &mut LiftCx<'_>) -> LiftResult {
    Ok(Lifted::new(Op::LoadAttr { name: cx.check_name(arg)?, self_slot: cx.self_slot }, 1, 2).protocols(families::ATTR))
}

/// A call with `argc` stack arguments after the callable and its self/NULL slot.
pub fn call(argc: u32, keyword_count: u32, keywords_const: Option<u32>, self_slot: SelfSlot) -> Lifted {
    let slots = match self_slot {
        SelfSlot::None => 1,
        SelfSlot::AfterCallable | SelfSlot::BeforeCallable => 2,
    };
    let layout = CallLayout { argc, keyword_count, keywords_const, self_slot };
    Lifted::new(Op::Call { layout }, argc + slots, 1).protocols(Protocols::CALL)
}

/// Stack pops of `CALL_FUNCTION_EX` given the callable slots and whether a kwargs mapping is present.
pub fn call_ex(with_kwargs: bool, self_slot: SelfSlot, pops: u32) -> Lifted {
    Lifted::new(Op::CallEx { with_kwargs, self_slot }, pops, 1)
        .protocols(Protocols::CALL | families::ITERATION | Protocols::MAPPING)
}

fn intrinsic(index: u32, names: &[&str], pops: u32) -> LiftResult {
    let name = *names.get(index as usize).ok_or_else(|| format!("intrinsic {index} is not defined"))?;
    let function = match name {
        "INTRINSIC_IMPORT_STAR" => return Ok(Lifted::new(Op::ImportStar, 1, 1).protocols(Protocols::IMPORT)),
        "INTRINSIC_UNARY_POSITIVE" => return unary(UnaryOp::Positive),
        "INTRINSIC_LIST_TO_TUPLE" => return Ok(Lifted::new(Op::ListToTuple, 1, 1)),
        "INTRINSIC_PREP_RERAISE_STAR" => return Ok(Lifted::new(Op::PrepReraiseStar, 2, 1)),
        "INTRINSIC_PRINT" => Intrinsic::Print,
        "INTRINSIC_STOPITERATION_ERROR" => Intrinsic::StopIterationError,
        "INTRINSIC_ASYNC_GEN_WRAP" => Intrinsic::AsyncGenWrap,
        "INTRINSIC_TYPEVAR" => Intrinsic::TypeVar,
        "INTRINSIC_PARAMSPEC" => Intrinsic::ParamSpec,
        "INTRINSIC_TYPEVARTUPLE" => Intrinsic::TypeVarTuple,
        "INTRINSIC_SUBSCRIPT_GENERIC" => Intrinsic::SubscriptGeneric,
        "INTRINSIC_TYPEALIAS" => Intrinsic::TypeAlias,
        "INTRINSIC_TYPEVAR_WITH_BOUND" => Intrinsic::TypeVarWithBound,
        "INTRINSIC_TYPEVAR_WITH_CONSTRAINTS" => Intrinsic::TypeVarWithConstraints,
        "INTRINSIC_SET_FUNCTION_TYPE_PARAMS" => Intrinsic::SetFunctionTypeParams,
        "INTRINSIC_SET_TYPEPARAM_DEFAULT" => Intrinsic::SetTypeparamDefault,
        other => return Err(format!("unknown intrinsic {other}")),
    };
    let family = if function == Intrinsic::Print { Protocols::CALL } else { Protocols::NONE };
    Ok(Lifted::new(Op::CallIntrinsic { function }, pops, 1).protocols(family))
}

// ---------------------------------------------------------------------------
// Encodings shared by CPython 3.11 and later (exception handling, pattern
// matching, generators) and by 3.11-3.12 (`KW_NAMES` calls, `MAKE_FUNCTION`
// with its attributes on the stack). Release folders map their names to these.
// ---------------------------------------------------------------------------

/// `RETURN_GENERATOR` (3.11+), recorded as the generator frame sees it at run
/// time: the frame is suspended right after the instruction, and the first
/// `send()` resumes it with the sent value pushed, which the `POP_TOP` that
/// follows discards. `dis.stack_effect` says 0 because the compiler's stack-depth
/// pass starts generator bodies at depth 1 instead of charging this push.
pub fn return_generator() -> Lifted {
    Lifted::new(Op::ReturnGenerator, 0, 1)
}

/// `RERAISE` (3.11+): pops the exception. A nonzero argument means the offset to
/// restore as `f_lasti` sits `arg` values below it, read and left in place.
pub fn reraise(arg: u32) -> Lifted {
    Lifted::new(Op::Reraise { set_lasti: arg != 0 }, 1, 0).peek(arg).flow(Flow::Raise)
}

/// `POP_EXCEPT` (3.11+): pops the exception saved by `PUSH_EXC_INFO` and makes it
/// the handled exception again.
pub fn pop_except() -> Lifted {
    Lifted::new(Op::PopExcept, 1, 0)
}

/// `WITH_EXCEPT_START` (3.11+): with `[__exit__, lasti, previous exception,
/// exception]` on top, calls `__exit__` with the exception and pushes the result.
pub fn with_except_start() -> Lifted {
    Lifted::new(Op::WithExceptStart, 0, 1).peek(4).protocols(Protocols::CONTEXT_EXIT | Protocols::CALL)
}

/// `END_ASYNC_FOR` (3.11-3.13): pops the async iterator and the exception,
/// swallowing `StopAsyncIteration` and re-raising anything else.
pub fn end_async_for() -> Lifted {
    Lifted::new(Op::EndAsyncFor, 2, 0)
}

/// `MATCH_CLASS count` (3.11+): pops subject, class and the keyword-name tuple,
/// pushes the tuple of extracted attributes or `None`.
pub fn match_class(count: u32) -> Lifted {
    Lifted::new(Op::MatchClass { count }, 3, 1).protocols(families::ATTR)
}

/// `MATCH_KEYS` (3.11+): reads the subject and the key tuple below the top,
/// pushes the tuple of values or `None`.
pub fn match_keys() -> Lifted {
    Lifted::new(Op::MatchKeys, 0, 1).peek(2).protocols(Protocols::MAPPING | Protocols::SUBSCR_GET)
}

/// `MAKE_FUNCTION flags` (3.11, 3.12): the code object on top, below it one
/// value per flag bit (defaults, kwdefaults, annotations, closure).
pub fn make_function_with_attrs(flags: u32) -> LiftResult {
    let known =
        FunctionAttrs::DEFAULTS | FunctionAttrs::KWDEFAULTS | FunctionAttrs::ANNOTATIONS | FunctionAttrs::CLOSURE;
    if flags & !known != 0 {
        return Err(format!("unknown function attribute flags {flags:#x}"));
    }
    let attrs = FunctionAttrs(flags);
    Ok(Lifted::new(Op::MakeFunction { attrs }, 1 + attrs.count(), 1))
}

/// `KW_NAMES index` (3.11, 3.12): names the keyword arguments of the next call;
/// the walker carries the constant to that `CALL` in [`LiftCx::pending_kw_names`].
pub fn kw_names(index: u32, cx: &mut LiftCx<'_>) -> LiftResult {
    cx.const_tuple_len(index)?;
    cx.pending_kw_names = Some(index);
    Ok(Lifted::new(Op::KwNames { index }, 0, 0))
}

/// `CALL argc` (3.11, 3.12): `[NULL-or-method, callable-or-self, args...]`, the
/// last arguments named by a preceding `KW_NAMES`.
pub fn call_with_kw_names(argc: u32, cx: &mut LiftCx<'_>) -> LiftResult {
    let keywords_const = cx.pending_kw_names.take();
    let keyword_count = match keywords_const {
        Some(index) => cx.const_tuple_len(index)?,
        None => 0,
    };
    if keyword_count > argc {
        return Err(format!("{keyword_count} keyword names for {argc} arguments"));
    }
    count(argc, 2)?;
    Ok(call(argc, keyword_count, keywords_const, SelfSlot::BeforeCallable))
}

/// `CALL_FUNCTION_EX flags` (3.11, 3.12): `[NULL, callable, args tuple, kwargs?]`.
pub fn call_function_ex_after_null(flags: u32) -> Lifted {
    let with_kwargs = flags & 1 == 1;
    call_ex(with_kwargs, SelfSlot::BeforeCallable, 3 + with_kwargs as u32)
}

// ---------------------------------------------------------------------------
// Encodings shared by CPython 3.13 and 3.14 (keyword names as a stack operand).
// ---------------------------------------------------------------------------

/// `CALL_KW argc` (3.13+): `[callable, self-or-NULL, args..., names]`, where
/// `names` is the tuple of keyword names pushed last by a `LOAD_CONST` right
/// before the call. Pops everything, pushes the result. When the names do not
/// come from a constant (never in compiler output) the keyword count is not
/// known here and is reported as 0 with no constant.
pub fn call_kw_with_names_on_stack(argc: u32, cx: &mut LiftCx<'_>) -> LiftResult {
    let names = match cx.previous {
        Some(Op::LoadConst { index }) => cx.const_tuple_len(index).ok().map(|len| (index, len)),
        _ => None,
    };
    let (keywords_const, keyword_count) = match names {
        Some((index, len)) if len <= argc => (Some(index), len),
        Some((_, len)) => return Err(format!("{len} keyword names for {argc} arguments")),
        None => (None, 0),
    };
    let pops = count(argc, 3)?;
    let mut lifted = call(argc, keyword_count, keywords_const, SelfSlot::AfterCallable);
    lifted.stack.pops = pops;
    Ok(lifted)
}

/// `FOR_ITER` (3.13+) whose exhausted edge `dis` targets at the `END_FOR` after
/// the loop, with the same +1 effect as the normal edge. The interpreter instead
/// skips `END_FOR` (3.13: drops the iterator and skips the `POP_TOP` after it too;
/// 3.14 leaves the iterator to `POP_ITER`): modelled as `dis` does, the edge
/// pushes a placeholder that `END_FOR` pops, so every later depth is the real one.
pub fn for_iter_exhausted_at_end_for() -> Lifted {
    Lifted::new(Op::ForIter, 0, 1).peek(1).flow(Flow::Branch(Condition::Exhausted)).protocols(families::FOR_ITER)
}
