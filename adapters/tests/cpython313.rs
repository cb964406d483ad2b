//! CPython 3.13 decoding: instructions of the committed fixture
//! `tests/programs/adapters/with_try_async_for.py` as python3.13 compiled it, plus
//! hand-written wordcode.

mod support;

use cpyg_adapters::code::Const;
use cpyg_adapters::sem::*;
use support::handmade::{bare_code, opcode};
use support::{release, Fixture};

const MINOR: u8 = 13;
const PROGRAM: &str = "adapters/with_try_async_for";

#[test]
fn calls_put_self_after_the_callable() {
    let fixture = Fixture::load(MINOR, PROGRAM);
    let f = fixture.code("K.f");
    // `c.m(1, k=2)`: LOAD_ATTR with the method bit, then the names tuple as the last input.
    let load = f.at(12, "LOAD_ATTR");
    assert_eq!(load.op, Op::LoadAttr { name: 0, self_slot: SelfSlot::AfterCallable });
    assert_eq!(f.object.names[0], "m");
    assert_eq!((load.stack.pops, load.stack.pushes), (1, 2));
    assert_eq!(f.at(36, "LOAD_CONST").op, Op::LoadConst { index: 3 });
    assert_eq!(f.object.consts[3], Const::Tuple(vec![Const::Str("k".into())]));
    let call = f.at(38, "CALL_KW");
    let layout = CallLayout { argc: 2, keyword_count: 1, keywords_const: Some(3), self_slot: SelfSlot::AfterCallable };
    assert_eq!(call.op, Op::Call { layout });
    assert_eq!((call.stack.pops, call.stack.pushes), (5, 1), "callable, self, 2 arguments, names");
    assert!(call.protocols.contains(Protocols::CALL));

    // `h(*xs)`: LOAD_GLOBAL pushes h and then NULL (bit 0); no kwargs mapping (bit 0 clear).
    let global = f.at(102, "LOAD_GLOBAL");
    assert_eq!(global.op, Op::LoadGlobal { name: 1, self_slot: SelfSlot::AfterCallable });
    assert_eq!(f.object.names[1], "h");
    assert_eq!((global.stack.pops, global.stack.pushes), (0, 2));
    let star = f.at(114, "CALL_FUNCTION_EX");
    assert_eq!(star.op, Op::CallEx { with_kwargs: false, self_slot: SelfSlot::AfterCallable });
    assert_eq!((star.stack.pops, star.stack.pushes), (3, 1));
    // `o(*xs, **e)`.
    let star_star =
        f.instrs().iter().find(|i| i.opname == "CALL_FUNCTION_EX" && i.arg == Some(1)).expect("o(*xs, **e)");
    assert_eq!(star_star.op, Op::CallEx { with_kwargs: true, self_slot: SelfSlot::AfterCallable });
    assert_eq!((star_star.stack.pops, star_star.stack.pushes), (4, 1));
}

#[test]
fn super_attributes_and_comparisons() {
    let fixture = Fixture::load(MINOR, PROGRAM);
    let f = fixture.code("K.f");
    // `super().m`: global `super` (no NULL bit), `__class__`, `self`, then the
    // zero-argument form of LOAD_SUPER_ATTR without the method bit.
    assert_eq!(f.at(128, "LOAD_GLOBAL").op, Op::LoadGlobal { name: 2, self_slot: SelfSlot::None });
    assert_eq!(f.object.names[2], "super");
    let attr = f.at(142, "LOAD_SUPER_ATTR");
    assert_eq!(attr.op, Op::LoadSuperAttr { name: 0, self_slot: SelfSlot::None, two_args: false });
    assert_eq!((attr.stack.pops, attr.stack.pushes), (3, 1));
    assert!(attr.protocols.contains(Protocols::CALL | Protocols::ATTR_GET));

    // `x < 3` feeding a jump: COMPARE_OP 18 is `<` (18 >> 5 == 0) with the bool bit
    // (16) set, so the comparison runs the truth protocol and the jump does not.
    let cmp = f.at(72, "COMPARE_OP");
    assert_eq!(cmp.op, Op::Compare { op: CompareOp::Lt, to_bool: true });
    assert!(cmp.protocols.contains(Protocols::COMPARE | Protocols::TRUTH));
    let jump = f.at(76, "POP_JUMP_IF_TRUE");
    assert_eq!(jump.control, Control::Branch { target: 84, when: Condition::IfTrue });
    assert!(jump.protocols.is_empty());
    assert!(f.at(86, "TO_BOOL").protocols.contains(Protocols::TRUTH));
    // `not it`: TO_BOOL tests truth, UNARY_NOT only flips the bool.
    let g = fixture.code("g");
    assert!(g.at(78, "TO_BOOL").protocols.contains(Protocols::TRUTH));
    assert!(g.at(86, "UNARY_NOT").protocols.is_empty());
}

#[test]
fn for_loops_exit_through_end_for() {
    let fixture = Fixture::load(MINOR, PROGRAM);
    let f = fixture.code("K.f");
    let for_iter = f.at(62, "FOR_ITER");
    assert_eq!(for_iter.control, Control::Branch { target: 122, when: Condition::Exhausted });
    assert_eq!((for_iter.stack.pops, for_iter.stack.pushes, for_iter.stack.peek), (0, 1, 1));
    assert_eq!(for_iter.stack.jump_net(), 1, "dis counts the exhausted edge through END_FOR");
    let end_for = f.at(122, "END_FOR");
    assert_eq!((end_for.stack.pops, end_for.stack.pushes), (1, 0));
    assert_eq!(f.at(124, "POP_TOP").stack.pops, 1, "the iterator");
}

#[test]
fn with_blocks_and_handlers() {
    let fixture = Fixture::load(MINOR, PROGRAM);
    let f = fixture.code("K.f");
    let enter = f.at(6, "BEFORE_WITH");
    assert_eq!(enter.op, Op::EnterContext { is_async: false });
    assert_eq!((enter.stack.pops, enter.stack.pushes), (1, 2));
    let exit = f.instrs().iter().find(|i| i.opname == "WITH_EXCEPT_START").expect("with handler");
    assert_eq!(
        (exit.stack.pops, exit.stack.pushes, exit.stack.peek),
        (0, 1, 4),
        "exit, lasti, previous exception, exception"
    );
    let reraise = f.instrs().iter().find(|i| i.opname == "RERAISE" && i.arg == Some(2)).expect("RERAISE 2");
    assert_eq!(reraise.op, Op::Reraise { set_lasti: true });
    assert_eq!((reraise.stack.pops, reraise.stack.peek, reraise.control), (1, 2, Control::Raise));
}

#[test]
fn async_for_and_f_strings() {
    let fixture = Fixture::load(MINOR, PROGRAM);
    let g = fixture.code("g");
    let gen = g.at(0, "RETURN_GENERATOR");
    assert_eq!((gen.stack.pops, gen.stack.pushes, gen.control), (0, 1, Control::Next));
    let end = g.instrs().iter().find(|i| i.opname == "END_ASYNC_FOR").expect("END_ASYNC_FOR");
    assert_eq!((end.stack.pops, end.stack.pushes, end.control), (2, 0, Control::Next));
    let send = g.instrs().iter().find(|i| i.opname == "SEND").expect("SEND");
    assert!(matches!(send.control, Control::Branch { when: Condition::SendReturned, .. }));
    let resumes: Vec<_> = g
        .instrs()
        .iter()
        .filter_map(|i| match i.op {
            Op::Resume { after } => Some(after),
            _ => None,
        })
        .collect();
    assert_eq!(resumes, [ResumeKind::FunctionStart, ResumeKind::Await, ResumeKind::Await]);
    let convert = g.instrs().iter().find(|i| i.opname == "CONVERT_VALUE").expect("!r");
    assert_eq!(convert.op, Op::ConvertValue { conversion: Conversion::Repr });
    assert!(g.instrs().iter().any(|i| i.op == Op::FormatWithSpec));
}

#[test]
fn functions_take_attributes_one_by_one() {
    let fixture = Fixture::load(MINOR, PROGRAM);
    let k = fixture.code("K");
    let make = k.at(22, "MAKE_FUNCTION");
    assert_eq!(
        (make.op.clone(), make.stack.pops, make.stack.pushes),
        (Op::MakeFunction { attrs: FunctionAttrs(0) }, 1, 1)
    );
    let closure = k.at(24, "SET_FUNCTION_ATTRIBUTE");
    assert_eq!(closure.op, Op::SetFunctionAttribute { attr: FunctionAttrs(FunctionAttrs::CLOSURE) });
}

#[test]
fn call_kw_without_constant_names_counts_no_keywords() {
    // LOAD_FAST x; LOAD_FAST y; CALL_KW 0 (names from a local, never in compiler output).
    let adapter = release(MINOR);
    let op = |name: &str| opcode(MINOR, name);
    let code = vec![op("LOAD_FAST"), 0, op("LOAD_FAST"), 1, op("CALL_KW"), 0];
    let decoded = adapter.decode(&bare_code(code)).unwrap();
    let call = &decoded.instrs[2];
    assert_eq!(
        call.op,
        Op::Call {
            layout: CallLayout { argc: 0, keyword_count: 0, keywords_const: None, self_slot: SelfSlot::AfterCallable }
        }
    );
    assert_eq!(call.stack.pops, 3);
    // More names than arguments is malformed.
    let code = vec![op("LOAD_CONST"), 1, op("CALL_KW"), 0];
    assert!(adapter.decode(&bare_code(code)).is_err());
}
