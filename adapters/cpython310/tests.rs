//! Unit tests on small 3.10 code objects. The marshalled ones were produced by
//! python3.10 (`marshal.dumps` of the function's code object, compiled from the
//! source quoted above each) when the tests were written; expected lines are its
//! `co_lines()` and expected regions were checked by hand against `dis`.

use super::{blocks, lifter, opcodes};
use crate::code::{CodeObject, Const, Slot};
use crate::lift::{LiftCx, Lifted};
use crate::sem::*;

fn adapter() -> &'static crate::Adapter {
    crate::adapter(10).expect("3.10 adapter")
}

fn code_from_hex(hex: &str) -> CodeObject {
    let bytes: Vec<u8> = (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex fixture"))
        .collect();
    crate::marshal::read_code(&bytes, 10).expect("marshalled 3.10 code")
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
fn every_opcode_has_a_lifter() {
    assert_eq!(adapter().unlifted_opcodes(), Vec::<&str>::new());
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

// 'def f(x):\n    for i in x:\n        if i:\n            break\n    else:\n        return 1\n'
const FOR_ELSE: &str = "e301000000000000000000000002000000020000004300000073180000007c0044005d077d017c01720901006400530071026401530029024ee901000000a9002902da0178da016972020000007202000000fa04742e7079da016601000000730a00000008010401060102ff0403";
// 'def h(a):\n    x = a\n' + '\n' * 200 + '    return x\n'
const LONG_LINE_JUMP: &str = "e301000000000000000000000002000000010000004300000073080000007c007d017c01530029014ea9002902da0161da017872010000007201000000fa04742e7079da01680100000073060000000401007f044a";
// 'def m(a):\n    return (a +\n' + '\n' * 140 + '    a)\n'
const NEGATIVE_SPLIT: &str = "e301000000000000000000000001000000020000004300000073080000007c007c001700530029014ea9002901da016172010000007201000000fa04742e7079da016d01000000730a0000000201007f020e008104f2";
// 'async def r(s):\n    return s\n'
const ASYNC_RETURN: &str = "e30100000000000000000000000100000001000000c3000000730600000081017c00530029014ea9002901da017372010000007201000000fa04742e7079da017201000000730400000002800401";

#[test]
fn line_table_follows_line_deltas_both_ways() {
    let code = code_from_hex(FOR_ELSE);
    let expected = lines_from_ranges(&[(0, 8, Some(2)), (8, 12, Some(3)), (12, 18, Some(4)), (18, 20, Some(3)), (20, 24, Some(6))]);
    assert_eq!(decoded_lines(&code), expected);
}

#[test]
fn line_table_joins_split_line_deltas() {
    let code = code_from_hex(LONG_LINE_JUMP);
    assert_eq!(decoded_lines(&code), lines_from_ranges(&[(0, 4, Some(2)), (4, 8, Some(203))]));
    let code = code_from_hex(NEGATIVE_SPLIT);
    let expected = lines_from_ranges(&[(0, 2, Some(2)), (2, 4, Some(143)), (4, 8, Some(2))]);
    assert_eq!(decoded_lines(&code), expected);
}

#[test]
fn line_table_marks_lineless_ranges() {
    let code = code_from_hex(ASYNC_RETURN);
    assert_eq!(decoded_lines(&code), lines_from_ranges(&[(0, 2, None), (2, 6, Some(2))]));
    // GEN_START pops the first sent value, so the frame starts one deep.
    let decoded = adapter().decode(&code).expect("decodes");
    assert_eq!(decoded.instrs[0].op, Op::GenStart);
    assert!(decoded.regions.is_empty());
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

// 'def t(a):\n    try:\n        with a as b:\n            b(k=1)\n    except E as e:\n'
// '        pass\n    finally:\n        a()\n'
const TRY_WITH: &str = "e3010000000000000000000000030000000a00000043000000737a0000007a387a197c008f0d7d017c01640164028d0101005700640004000400830301006e083100731477010100010001005900010057006e1204007400792c01007d0201007a065700590064007d027e026e0b64007d027e027701770057007c00830001006400530057007c0083000100640053007c0083000100770029034ee9010000002901da016b2901da01452903da0161da0162da0165a9007207000000fa04742e7079da017401000000731a000000040106010c011cff04800e020c01088002ff02800a0302fe1202";
// 'async def w(a):\n    async with a as y:\n        async for z in y:\n            pass\n'
const ASYNC_WITH_FOR: &str = "e30100000000000000000000000300000009000000c3000000735400000081017c0034004900640048009a167d017c0132007a0633006400480057007d02710a360057006400040004008303490064004800010064005300310049006400480073237701010001000100590001006400530029014ea9002903da0161da0179da017a72010000007201000000fa04742e7079da017701000000730c00000002800e011001020104ff2eff";

fn region(start: u32, end: u32, handler: u32, depth: u32) -> ExceptionRegion {
    ExceptionRegion { start, end, handler, depth, lasti: false, pushed: blocks::HANDLER_PUSHES }
}

#[test]
fn regions_of_try_except_finally_around_with() {
    let code = code_from_hex(TRY_WITH);
    let decoded = adapter().decode(&code).expect("decodes");
    // 0 SETUP_FINALLY 114, 2 SETUP_FINALLY 54, 6 SETUP_WITH 34 (`__enter__` runs
    // before its block opens), 34 the with handler, 54 the except handler,
    // 66 SETUP_FINALLY 80 (clean-up of `e`, above the saved exception triple),
    // 114 the finally handler.
    let expected = vec![
        region(2, 4, 114, 0),
        region(4, 8, 54, 0),
        region(8, 22, 34, 1),
        region(22, 52, 54, 0),
        region(52, 68, 114, 0),
        region(68, 70, 80, 3),
        region(70, 92, 114, 0),
        region(102, 104, 114, 0),
    ];
    assert_eq!(decoded.regions, expected);
    let call = &decoded.instrs[decoded.index_of(16).expect("call at 16")];
    let layout = CallLayout { argc: 1, keyword_count: 1, keywords_const: Some(2), self_slot: SelfSlot::None };
    assert_eq!(call.op, Op::Call { layout });
    let depths = crate::validate::stack_depths(&code, &decoded).expect("validates");
    assert_eq!(depths.max_depth, code.stacksize);
}

#[test]
fn regions_of_async_with_and_async_for() {
    let code = code_from_hex(ASYNC_WITH_FOR);
    let decoded = adapter().decode(&code).expect("decodes");
    // 12 SETUP_ASYNC_WITH 58 opens its block below the awaited `__aenter__` result;
    // 20 SETUP_FINALLY 34 guards `__anext__`; 34 END_ASYNC_FOR closes the handler.
    let expected = vec![region(14, 22, 58, 1), region(22, 30, 34, 2), region(30, 38, 58, 1)];
    assert_eq!(decoded.regions, expected);
    let depths = crate::validate::stack_depths(&code, &decoded).expect("validates");
    assert_eq!(depths.max_depth, code.stacksize);
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
