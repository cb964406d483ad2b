//! Unit tests on hand-made 3.10 code objects: lifters one by one, line tables and
//! block stacks `compile()` never makes. What python3.10 compiled is tested in
//! `adapters/tests/cpython310.rs`.

use super::{lifter, opcodes};
use crate::code::{CodeObject, Const, Slot};
use crate::lift::{LiftCx, Lifted};
use crate::sem::*;

fn adapter() -> &'static crate::Adapter {
    crate::adapter(10).expect("3.10 adapter")
}

/// A code object with the given bytecode and line table and a few constants,
/// names and locals, for lifting and hand-made control flow.
fn synthetic(code: Vec<u8>, linetable: Vec<u8>, stacksize: u32) -> CodeObject {
    let slot = |name: &str| Slot { name: name.into(), kind: crate::code::slot_kind::LOCAL };
    CodeObject {
        argcount: 0,
        posonlyargcount: 0,
        kwonlyargcount: 0,
        stacksize,
        flags: 0,
        code,
        consts: vec![Const::None, Const::Tuple(vec![Const::Str("k".into())])],
        names: vec!["a".into(), "b".into()],
        localsplus: vec![slot("x"), slot("y")],
        cell_offset: 0,
        filename: "t.py".into(),
        name: "t".into(),
        qualname: None,
        firstlineno: 1,
        linetable,
        exceptiontable: Vec::new(),
    }
}

fn opcode(name: &str) -> u8 {
    opcodes::TABLE.by_name(name).expect("3.10 opcode").code
}

fn lift(name: &str, arg: u32, cx: &mut LiftCx<'_>) -> Lifted {
    let lift = lifter(name).or_else(|| crate::common::lifter(name)).expect("lifter");
    lift(arg, cx).unwrap_or_else(|e| panic!("{name} {arg}: {e}"))
}

/// Line of every code unit, from `co_lines()` ranges `(start, end, line)`.
fn lines_from_ranges(ranges: &[(u32, u32, Option<u32>)]) -> Vec<Option<u32>> {
    let mut lines = Vec::new();
    for &(start, end, line) in ranges {
        assert_eq!(start as usize, 2 * lines.len());
        lines.extend(std::iter::repeat(line).take(((end - start) / 2) as usize));
    }
    lines
}

fn decoded_lines(code: &CodeObject) -> Vec<Option<u32>> {
    super::line_table::decode(code).expect("line table").iter().map(|l| l.line).collect()
}

#[test]
fn fixed_stack_effects_match_the_table() {
    let code = synthetic(Vec::new(), Vec::new(), 0);
    for info in opcodes::TABLE.opcodes {
        let Some((normal, jump)) = info.stack_effect else { continue };
        let mut cx = LiftCx::new(&code, &opcodes::TABLE, crate::sem::SelfSlot::BeforeCallable);
        let lifted = lift(info.name, 1, &mut cx);
        assert_eq!(lifted.stack.net(), normal as i64, "{}", info.name);
        assert_eq!(lifted.stack.jump_net(), jump as i64, "{} (jump)", info.name);
    }
}

#[test]
fn argument_dependent_stack_effects_match_dis() {
    // (opcode, argument, dis.stack_effect(opcode, argument)) from python3.10.
    let cases = [
        ("CALL_FUNCTION", 3, -3),
        ("CALL_METHOD", 2, -3),
        ("CALL_FUNCTION_EX", 0, -1),
        ("CALL_FUNCTION_EX", 1, -2),
        ("MAKE_FUNCTION", 0, -1),
        ("MAKE_FUNCTION", 0x0f, -5),
        ("MAKE_FUNCTION", 0x103, -3),
        ("BUILD_SLICE", 2, -1),
        ("BUILD_SLICE", 3, -2),
        ("UNPACK_EX", 0x103, 4),
        ("RAISE_VARARGS", 2, -2),
        ("FORMAT_VALUE", 4, -1),
        ("BUILD_MAP", 2, -3),
    ];
    let code = synthetic(Vec::new(), Vec::new(), 0);
    for (name, arg, net) in cases {
        let mut cx = LiftCx::new(&code, &opcodes::TABLE, crate::sem::SelfSlot::BeforeCallable);
        assert_eq!(lift(name, arg, &mut cx).stack.net(), net, "{name} {arg}");
    }
    // CALL_FUNCTION_KW 3 (dis: -4) after LOAD_CONST of the names tuple.
    let mut cx = LiftCx::new(&code, &opcodes::TABLE, crate::sem::SelfSlot::BeforeCallable);
    lift("LOAD_CONST", 1, &mut cx);
    let call = lift("CALL_FUNCTION_KW", 3, &mut cx);
    assert_eq!(call.stack, StackEffect::new(5, 1));
    let layout = CallLayout { argc: 3, keyword_count: 1, keywords_const: Some(1), self_slot: SelfSlot::None };
    assert_eq!(call.op, Op::Call { layout });
}

#[test]
fn keyword_call_without_a_names_constant_is_an_error() {
    let code = synthetic(Vec::new(), Vec::new(), 0);
    let mut cx = LiftCx::new(&code, &opcodes::TABLE, crate::sem::SelfSlot::BeforeCallable);
    lift("LOAD_CONST", 0, &mut cx);
    let lift_kw = lifter("CALL_FUNCTION_KW").expect("lifter");
    assert!(lift_kw(1, &mut cx).is_err());
}

#[test]
fn line_table_continues_long_ranges() {
    // 'def k(a):\n    return [' + ','.join(['a'] * 140) + ']\n': 282 code units on line 2,
    // stored as pairs (254, 1), (254, 0), (56, 0).
    let nop = opcode("NOP");
    let code = synthetic([nop, 0].repeat(282), vec![254, 1, 254, 0, 56, 0], 0);
    let expected = lines_from_ranges(&[(0, 254, Some(2)), (254, 508, Some(2)), (508, 564, Some(2))]);
    assert_eq!(decoded_lines(&code), expected);
    // A lineless pair (line delta -128) keeps the running line for the next range.
    let code = synthetic([nop, 0].repeat(3), vec![2, 1, 2, 0x80, 2, 1], 0);
    assert_eq!(decoded_lines(&code), vec![Some(2), None, Some(3)]);
    // Units past the last range have no line.
    let code = synthetic([nop, 0].repeat(3), vec![2, 1], 0);
    assert_eq!(decoded_lines(&code), vec![Some(2), None, None]);
}

#[test]
fn line_table_rejects_bad_input() {
    let nop = opcode("NOP");
    assert!(super::line_table::decode(&synthetic(vec![nop, 0], vec![2], 0)).is_err());
    // A line delta taking the running line below zero.
    assert!(super::line_table::decode(&synthetic(vec![nop, 0], vec![2, 0xfe], 0)).is_err());
}

#[test]
fn block_stacks_must_agree_where_paths_join() {
    let [setup, load, jump_if_false, pop_block, ret, reraise] =
        ["SETUP_FINALLY", "LOAD_CONST", "POP_JUMP_IF_FALSE", "POP_BLOCK", "RETURN_VALUE", "RERAISE"].map(opcode);
    // 0 SETUP_FINALLY ->12; 2 LOAD_CONST; 4 POP_JUMP_IF_FALSE 8; 6 POP_BLOCK;
    // 8 LOAD_CONST (reached inside and outside the block); 10 RETURN_VALUE; 12 RERAISE.
    let bytes = vec![setup, 5, load, 0, jump_if_false, 4, pop_block, 0, load, 0, ret, 0, reraise, 0];
    let code = synthetic(bytes, Vec::new(), 6);
    let err = adapter().decode(&code).expect_err("disagreeing block stacks");
    assert_eq!(err.offset, Some(8), "{err}");
}

#[test]
fn pop_except_needs_an_except_handler_block() {
    let [load, pop_except, ret] = ["LOAD_CONST", "POP_EXCEPT", "RETURN_VALUE"].map(opcode);
    let bytes = vec![load, 0, load, 0, load, 0, pop_except, 0, load, 0, ret, 0];
    let err = adapter().decode(&synthetic(bytes, Vec::new(), 3)).expect_err("no handler block");
    assert_eq!(err.offset, Some(6), "{err}");
}

#[test]
fn regions_validate_against_co_stacksize() {
    let [load, ret] = ["LOAD_CONST", "RETURN_VALUE"].map(opcode);
    let code = synthetic(vec![load, 0, load, 0, ret, 0], Vec::new(), 1);
    let decoded = adapter().decode(&code).expect("decodes");
    assert!(crate::validate::stack_depths(&code, &decoded).is_err());
}
