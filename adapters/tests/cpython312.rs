//! CPython 3.12 decoding: instructions of the committed fixture
//! `tests/programs/adapters/calls_jumps_handlers.py` as python3.12 compiled it, plus
//! hand-written wordcode.

mod support;

use cpyg_adapters::code::{slot_kind, CodeObject, Const, Slot};
use cpyg_adapters::sem::*;
use support::handmade::{bare_code, wordcode};
use support::{release, Fixture};

const MINOR: u8 = 12;
const PROGRAM: &str = "adapters/calls_jumps_handlers";

#[test]
fn method_call_with_keywords() {
    let d = Fixture::load(MINOR, PROGRAM);
    // b.append(x, key=len): LOAD_ATTR with the method bit, KW_NAMES, CALL.
    let method = d.nth("loops", "LOAD_ATTR", 0);
    assert_eq!(method.arg, Some(1));
    assert_eq!(method.op, Op::LoadAttr { name: 0, self_slot: SelfSlot::BeforeCallable });
    assert_eq!(method.stack, StackEffect::new(1, 2));
    assert_eq!(d.nth("loops", "KW_NAMES", 0).op, Op::KwNames { index: 1 });
    let call = d.nth("loops", "CALL", 0);
    let layout = CallLayout { argc: 2, keyword_count: 1, keywords_const: Some(1), self_slot: SelfSlot::BeforeCallable };
    assert_eq!(call.op, Op::Call { layout });
    assert_eq!(call.stack, StackEffect::new(4, 1));

    // os.sep: a plain attribute.
    let plain = d.nth("<module>", "LOAD_ATTR", 0);
    assert_eq!(plain.arg, Some(32));
    assert_eq!(
        (plain.op.clone(), plain.stack),
        (Op::LoadAttr { name: 16, self_slot: SelfSlot::None }, StackEffect::new(1, 1))
    );
}

#[test]
fn zero_argument_super_method() {
    let d = Fixture::load(MINOR, PROGRAM);
    let load = d.nth("C.m", "LOAD_SUPER_ATTR", 0);
    assert_eq!(load.arg, Some(5));
    assert_eq!(load.op, Op::LoadSuperAttr { name: 1, self_slot: SelfSlot::BeforeCallable, two_args: false });
    assert_eq!(load.stack, StackEffect::new(3, 2));
}

#[test]
fn compare_op_keeps_the_operator_above_bit_four() {
    let d = Fixture::load(MINOR, PROGRAM);
    let ge = d.nth("matching", "COMPARE_OP", 0);
    assert_eq!((ge.arg, ge.op.clone()), (Some(92), Op::Compare { op: CompareOp::Ge, to_bool: false }));
    let eq = d.nth("matching", "COMPARE_OP", 1);
    assert_eq!((eq.arg, eq.op.clone()), (Some(40), Op::Compare { op: CompareOp::Eq, to_bool: false }));
}

#[test]
fn for_iter_jumps_to_end_for_as_dis_accounts_it() {
    let d = Fixture::load(MINOR, PROGRAM);
    let for_iter = d.nth("loops", "FOR_ITER", 0);
    assert_eq!(for_iter.stack, StackEffect::new(0, 1).with_peek(1));
    assert_eq!(for_iter.control, Control::Branch { target: 66, when: Condition::Exhausted });
    let end = d.nth("loops", "END_FOR", 0);
    assert_eq!((end.offset, end.op.clone(), end.stack), (66, Op::EndFor, StackEffect::new(2, 0)));
}

#[test]
fn send_and_its_companions() {
    let d = Fixture::load(MINOR, PROGRAM);
    let send = d.nth("co", "SEND", 0);
    assert_eq!(send.stack, StackEffect::new(1, 1).with_peek(1));
    assert_eq!(send.control, Control::Branch { target: 24, when: Condition::SendReturned });
    assert_eq!(d.nth("co", "END_SEND", 0).stack, StackEffect::new(2, 1));
    assert_eq!(d.nth("co", "CLEANUP_THROW", 0).stack, StackEffect::new(3, 2));
    let first = &d.code("co").instrs()[0];
    assert_eq!((first.op.clone(), first.stack), (Op::ReturnGenerator, StackEffect::new(0, 1)));
}

#[test]
fn conditional_jumps_have_their_polarity_and_truth_tests() {
    let d = Fixture::load(MINOR, PROGRAM);
    let if_false = d.nth("loops", "POP_JUMP_IF_FALSE", 0);
    assert_eq!(if_false.control, Control::Branch { target: 96, when: Condition::IfFalse });
    assert!(if_false.protocols.contains(Protocols::TRUTH));
    let if_true = d.nth("loops", "POP_JUMP_IF_TRUE", 0);
    assert_eq!(if_true.control, Control::Branch { target: 96, when: Condition::IfTrue });
    let not_none = d.nth("loops", "POP_JUMP_IF_NOT_NONE", 0);
    assert_eq!(not_none.control, Control::Branch { target: 18, when: Condition::IfNotNone });
    assert!(!not_none.protocols.contains(Protocols::TRUTH));
    let none = d.nth("groups", "POP_JUMP_IF_NONE", 0);
    assert_eq!(none.control, Control::Branch { target: 88, when: Condition::IfNone });
}

#[test]
fn inlined_comprehension_saves_and_clears_its_variable() {
    let d = Fixture::load(MINOR, PROGRAM);
    let save = d.nth("loops", "LOAD_FAST_AND_CLEAR", 0);
    assert_eq!(save.op, Op::LoadLocal { slot: 5, access: LocalAccess::AndClear });
    assert_eq!(save.stack, StackEffect::new(0, 1));
    assert_eq!(d.nth("loops", "BINARY_SLICE", 0).stack, StackEffect::new(3, 1));
}

#[test]
fn intrinsics_come_from_the_release_table() {
    let d = Fixture::load(MINOR, PROGRAM);
    let wrap = d.nth("agen", "CALL_INTRINSIC_1", 0);
    assert_eq!(wrap.op, Op::CallIntrinsic { function: Intrinsic::AsyncGenWrap });
    let stop = d.nth("agen", "CALL_INTRINSIC_1", 1);
    assert_eq!(
        (stop.op.clone(), stop.stack),
        (Op::CallIntrinsic { function: Intrinsic::StopIterationError }, StackEffect::new(1, 1))
    );
    let prep = d.nth("groups", "CALL_INTRINSIC_2", 0);
    assert_eq!((prep.op.clone(), prep.stack), (Op::PrepReraiseStar, StackEffect::new(2, 1)));
}

#[test]
fn returns_raises_and_handlers() {
    let d = Fixture::load(MINOR, PROGRAM);
    let ret = d.nth("groups", "RETURN_CONST", 0);
    assert_eq!(
        (ret.op.clone(), ret.stack, ret.control),
        (Op::ReturnConst { index: 0 }, StackEffect::new(0, 0), Control::Return)
    );
    let reraise = d.nth("handlers", "RERAISE", 0);
    assert_eq!(
        (reraise.arg, reraise.stack, reraise.control),
        (Some(1), StackEffect::new(1, 0).with_peek(1), Control::Raise)
    );
    assert_eq!(d.nth("handlers", "WITH_EXCEPT_START", 0).stack, StackEffect::new(0, 1).with_peek(4));
    let star = d.nth("handlers", "CALL_FUNCTION_EX", 0);
    assert_eq!(star.op, Op::CallEx { with_kwargs: true, self_slot: SelfSlot::BeforeCallable });
    assert_eq!(star.stack, StackEffect::new(4, 1));
    assert_eq!(d.nth("handlers", "LOAD_GLOBAL", 0).op, Op::LoadGlobal { name: 0, self_slot: SelfSlot::BeforeCallable });
    assert_eq!(d.nth("matching", "MATCH_KEYS", 0).stack, StackEffect::new(0, 1).with_peek(2));
    assert_eq!(d.nth("matching", "MATCH_CLASS", 0).stack, StackEffect::new(3, 1));
    let make = d.nth("closures", "MAKE_FUNCTION", 0);
    assert_eq!(
        (make.op.clone(), make.stack),
        (Op::MakeFunction { attrs: FunctionAttrs(0x0d) }, StackEffect::new(4, 1))
    );
}

#[test]
fn class_scope_lookups_through_a_mapping() {
    let code = CodeObject {
        names: vec!["T".into()],
        localsplus: vec![Slot { name: "T".into(), kind: slot_kind::FREE }],
        ..bare_code(wordcode(
            MINOR,
            &[("LOAD_FROM_DICT_OR_GLOBALS", 0), ("LOAD_FROM_DICT_OR_DEREF", 0), ("LOAD_LOCALS", 0)],
        ))
    };
    let instrs = release(MINOR).decode(&code).unwrap().instrs;
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
    let err = release(MINOR).decode(&CodeObject { consts: vec![names], ..bare_code(too_many_names) }).unwrap_err();
    assert!(err.message.contains("2 keyword names for 1 arguments"), "{err}");

    let annotate_flag = bare_code(wordcode(MINOR, &[("MAKE_FUNCTION", 0x10)]));
    assert!(release(MINOR).decode(&annotate_flag).is_err());

    let invalid_intrinsic = bare_code(wordcode(MINOR, &[("CALL_INTRINSIC_1", 0)]));
    assert!(release(MINOR).decode(&invalid_intrinsic).is_err());

    let missing_name = CodeObject { names: vec!["only".into()], ..bare_code(wordcode(MINOR, &[("LOAD_ATTR", 3)])) };
    assert!(release(MINOR).decode(&missing_name).unwrap_err().message.contains("name index 1 out of range"));
}

#[test]
fn huge_call_counts_are_errors_not_overflows() {
    // CALL 0xffffffff through three EXTENDED_ARG prefixes.
    let code = bare_code(wordcode(
        MINOR,
        &[("EXTENDED_ARG", 0xff), ("EXTENDED_ARG", 0xff), ("EXTENDED_ARG", 0xff), ("CALL", 0xff)],
    ));
    assert!(release(MINOR).decode(&code).unwrap_err().message.contains("out of range"));
}
