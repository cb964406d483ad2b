//! CPython 3.12 decoding, checked against a module that python3.12 compiled and
//! disassembled once (`fixtures/py312.rs`), plus hand-written wordcode.

// The snippet source stays in the fixture for readers.
#[allow(dead_code)]
#[path = "fixtures/py312.rs"]
mod fixture;
#[path = "support/mod.rs"]
mod support;

use cpyg_adapters::code::{slot_kind, Const, Slot};
use cpyg_adapters::sem::*;
use support::{bare_code, decode_fixture, wordcode, Decoded};

const MINOR: u8 = 12;

fn decoded() -> Decoded {
    decode_fixture(MINOR, fixture::MARSHAL, fixture::CODES)
}

fn adapter() -> &'static cpyg_adapters::Adapter {
    cpyg_adapters::adapter(MINOR).expect("3.12 is supported")
}

#[test]
fn every_opcode_has_a_lifter() {
    assert_eq!(adapter().unlifted_opcodes(), Vec::<&str>::new());
}

#[test]
fn fixture_matches_dis() {
    // Instructions, jump targets, positions, stack effects, exception regions and
    // stack-depth validation for every code object (see `support::decode_fixture`).
    decoded();
}

#[test]
fn method_call_with_keywords() {
    let d = decoded();
    // b.append(x, key=len): LOAD_ATTR with the method bit, KW_NAMES, CALL.
    let method = d.instr("loops", "LOAD_ATTR", 0);
    assert_eq!(method.arg, Some(1));
    assert_eq!(method.op, Op::LoadAttr { name: 0, self_slot: SelfSlot::BeforeCallable });
    assert_eq!(method.stack, StackEffect::new(1, 2));
    assert_eq!(d.instr("loops", "KW_NAMES", 0).op, Op::KwNames { index: 1 });
    let call = d.instr("loops", "CALL", 0);
    let layout = CallLayout { argc: 2, keyword_count: 1, keywords_const: Some(1), self_slot: SelfSlot::BeforeCallable };
    assert_eq!(call.op, Op::Call { layout });
    assert_eq!(call.stack, StackEffect::new(4, 1));

    // os.sep: a plain attribute.
    let plain = d.instr("<module>", "LOAD_ATTR", 0);
    assert_eq!(plain.arg, Some(32));
    assert_eq!((plain.op.clone(), plain.stack), (Op::LoadAttr { name: 16, self_slot: SelfSlot::None }, StackEffect::new(1, 1)));
}

#[test]
fn zero_argument_super_method() {
    let d = decoded();
    let load = d.instr("C.m", "LOAD_SUPER_ATTR", 0);
    assert_eq!(load.arg, Some(5));
    assert_eq!(load.op, Op::LoadSuperAttr { name: 1, self_slot: SelfSlot::BeforeCallable, two_args: false });
    assert_eq!(load.stack, StackEffect::new(3, 2));
}

#[test]
fn compare_op_keeps_the_operator_above_bit_four() {
    let d = decoded();
    let ge = d.instr("matching", "COMPARE_OP", 0);
    assert_eq!((ge.arg, ge.op.clone()), (Some(92), Op::Compare { op: CompareOp::Ge, to_bool: false }));
    let eq = d.instr("matching", "COMPARE_OP", 1);
    assert_eq!((eq.arg, eq.op.clone()), (Some(40), Op::Compare { op: CompareOp::Eq, to_bool: false }));
}

#[test]
fn for_iter_jumps_to_end_for_as_dis_accounts_it() {
    let d = decoded();
    let for_iter = d.instr("loops", "FOR_ITER", 0);
    assert_eq!(for_iter.stack, StackEffect::new(0, 1).with_peek(1));
    assert_eq!(for_iter.control, Control::Branch { target: 66, when: Condition::Exhausted });
    let end = d.instr("loops", "END_FOR", 0);
    assert_eq!((end.offset, end.op.clone(), end.stack), (66, Op::EndFor, StackEffect::new(2, 0)));
}

#[test]
fn send_and_its_companions() {
    let d = decoded();
    let send = d.instr("co", "SEND", 0);
    assert_eq!(send.stack, StackEffect::new(1, 1).with_peek(1));
    assert_eq!(send.control, Control::Branch { target: 24, when: Condition::SendReturned });
    assert_eq!(d.instr("co", "END_SEND", 0).stack, StackEffect::new(2, 1));
    assert_eq!(d.instr("co", "CLEANUP_THROW", 0).stack, StackEffect::new(3, 2));
    let first = &d.code("co").instrs[0];
    assert_eq!((first.op.clone(), first.stack), (Op::ReturnGenerator, StackEffect::new(0, 1)));
}

#[test]
fn conditional_jumps_have_their_polarity_and_truth_tests() {
    let d = decoded();
    let if_false = d.instr("loops", "POP_JUMP_IF_FALSE", 0);
    assert_eq!(if_false.control, Control::Branch { target: 96, when: Condition::IfFalse });
    assert!(if_false.protocols.contains(Protocols::TRUTH));
    let if_true = d.instr("loops", "POP_JUMP_IF_TRUE", 0);
    assert_eq!(if_true.control, Control::Branch { target: 96, when: Condition::IfTrue });
    let not_none = d.instr("loops", "POP_JUMP_IF_NOT_NONE", 0);
    assert_eq!(not_none.control, Control::Branch { target: 18, when: Condition::IfNotNone });
    assert!(!not_none.protocols.contains(Protocols::TRUTH));
    let none = d.instr("groups", "POP_JUMP_IF_NONE", 0);
    assert_eq!(none.control, Control::Branch { target: 88, when: Condition::IfNone });
}

#[test]
fn inlined_comprehension_saves_and_clears_its_variable() {
    let d = decoded();
    let save = d.instr("loops", "LOAD_FAST_AND_CLEAR", 0);
    assert_eq!(save.op, Op::LoadLocal { slot: 5, access: LocalAccess::AndClear });
    assert_eq!(save.stack, StackEffect::new(0, 1));
    assert_eq!(d.instr("loops", "BINARY_SLICE", 0).stack, StackEffect::new(3, 1));
}

#[test]
fn intrinsics_come_from_the_release_table() {
    let d = decoded();
    let wrap = d.instr("agen", "CALL_INTRINSIC_1", 0);
    assert_eq!(wrap.op, Op::CallIntrinsic { function: Intrinsic::AsyncGenWrap });
    let stop = d.instr("agen", "CALL_INTRINSIC_1", 1);
    assert_eq!((stop.op.clone(), stop.stack), (Op::CallIntrinsic { function: Intrinsic::StopIterationError }, StackEffect::new(1, 1)));
    let prep = d.instr("groups", "CALL_INTRINSIC_2", 0);
    assert_eq!((prep.op.clone(), prep.stack), (Op::PrepReraiseStar, StackEffect::new(2, 1)));
}

#[test]
fn returns_raises_and_handlers() {
    let d = decoded();
    let ret = d.instr("groups", "RETURN_CONST", 0);
    assert_eq!((ret.op.clone(), ret.stack, ret.control), (Op::ReturnConst { index: 0 }, StackEffect::new(0, 0), Control::Return));
    let reraise = d.instr("handlers", "RERAISE", 0);
    assert_eq!((reraise.arg, reraise.stack, reraise.control), (Some(1), StackEffect::new(1, 0).with_peek(1), Control::Raise));
    assert_eq!(d.instr("handlers", "WITH_EXCEPT_START", 0).stack, StackEffect::new(0, 1).with_peek(4));
    let star = d.instr("handlers", "CALL_FUNCTION_EX", 0);
    assert_eq!(star.op, Op::CallEx { with_kwargs: true, self_slot: SelfSlot::BeforeCallable });
    assert_eq!(star.stack, StackEffect::new(4, 1));
    assert_eq!(d.instr("handlers", "LOAD_GLOBAL", 0).op, Op::LoadGlobal { name: 0, self_slot: SelfSlot::BeforeCallable });
    assert_eq!(d.instr("matching", "MATCH_KEYS", 0).stack, StackEffect::new(0, 1).with_peek(2));
    assert_eq!(d.instr("matching", "MATCH_CLASS", 0).stack, StackEffect::new(3, 1));
    let make = d.instr("closures", "MAKE_FUNCTION", 0);
    assert_eq!((make.op.clone(), make.stack), (Op::MakeFunction { attrs: FunctionAttrs(0x0d) }, StackEffect::new(4, 1)));
}

#[test]
fn class_scope_lookups_through_a_mapping() {
    let mut code = bare_code(
        wordcode(MINOR, &[("LOAD_FROM_DICT_OR_GLOBALS", 0), ("LOAD_FROM_DICT_OR_DEREF", 0), ("LOAD_LOCALS", 0)]),
        vec![],
        &["T"],
    );
    code.localsplus = vec![Slot { name: "T".into(), kind: slot_kind::FREE }];
    let instrs = adapter().decode(&code).unwrap().instrs;
    assert_eq!(instrs[0].op, Op::LoadFromMappingOrGlobals { name: 0 });
    assert_eq!(instrs[0].stack, StackEffect::new(1, 1));
    assert_eq!(instrs[1].op, Op::LoadClassCell { slot: 0, mapping_on_stack: true });
    assert_eq!(instrs[1].stack, StackEffect::new(1, 1));
    assert_eq!((instrs[2].op.clone(), instrs[2].stack), (Op::LoadLocals, StackEffect::new(0, 1)));
}

#[test]
fn malformed_operands_are_errors() {
    let names = Const::Tuple(vec![Const::Str("a".into()), Const::Str("b".into())]);
    let too_many_names = wordcode(MINOR, &[("KW_NAMES", 0), ("CALL", 1)]);
    let err = adapter().decode(&bare_code(too_many_names, vec![names], &[])).unwrap_err();
    assert!(err.message.contains("2 keyword names for 1 arguments"), "{err}");

    let annotate_flag = bare_code(wordcode(MINOR, &[("MAKE_FUNCTION", 0x10)]), vec![], &[]);
    assert!(adapter().decode(&annotate_flag).is_err());

    let invalid_intrinsic = bare_code(wordcode(MINOR, &[("CALL_INTRINSIC_1", 0)]), vec![], &[]);
    assert!(adapter().decode(&invalid_intrinsic).is_err());

    let missing_name = bare_code(wordcode(MINOR, &[("LOAD_ATTR", 3)]), vec![], &["only"]);
    assert!(adapter().decode(&missing_name).unwrap_err().message.contains("name index 1 out of range"));
}

#[test]
fn huge_call_counts_are_errors_not_overflows() {
    // CALL 0xffffffff through three EXTENDED_ARG prefixes.
    let code = bare_code(
        wordcode(MINOR, &[("EXTENDED_ARG", 0xff), ("EXTENDED_ARG", 0xff), ("EXTENDED_ARG", 0xff), ("CALL", 0xff)]),
        vec![],
        &[],
    );
    assert!(adapter().decode(&code).unwrap_err().message.contains("out of range"));
}
