//! CPython 3.11 decoding: instructions of the committed fixture
//! `tests/programs/adapters/calls_jumps_handlers.py` as python3.11 compiled it, plus
//! hand-written wordcode and tables.

mod support;

use cpyg_adapters::code::{CodeObject, Const};
use cpyg_adapters::sem::*;
use support::handmade::{bare_code, wordcode};
use support::{release, Fixture};

const MINOR: u8 = 11;
const PROGRAM: &str = "adapters/calls_jumps_handlers";

#[test]
fn keyword_call_runs_through_kw_names_precall_and_call() {
    let d = Fixture::load(MINOR, PROGRAM);
    // b.append(x, key=len)
    let method = d.nth("loops", "LOAD_METHOD", 0);
    assert_eq!(method.op, Op::LoadAttr { name: 0, self_slot: SelfSlot::BeforeCallable });
    assert_eq!(method.stack, StackEffect::new(1, 2));
    assert_eq!(d.nth("loops", "KW_NAMES", 0).op, Op::KwNames { index: 1 });
    let precall = d.nth("loops", "PRECALL", 0);
    assert_eq!(precall.op, Op::PrepareCall { argc: 2 });
    assert_eq!(precall.stack, StackEffect::new(0, 0).with_peek(4));
    let call = d.nth("loops", "CALL", 0);
    let layout = CallLayout { argc: 2, keyword_count: 1, keywords_const: Some(1), self_slot: SelfSlot::BeforeCallable };
    assert_eq!(call.op, Op::Call { layout });
    assert_eq!(call.stack, StackEffect::new(4, 1));
    assert!(call.protocols.contains(Protocols::CALL));
    // The keyword names are consumed: the next call has none.
    let Op::Call { layout } = &d.nth("loops", "CALL", 1).op else { panic!("CALL lifts to Op::Call") };
    assert_eq!((layout.keyword_count, layout.keywords_const), (0, None));
}

#[test]
fn star_call_and_global_with_null() {
    let d = Fixture::load(MINOR, PROGRAM);
    // g(*a, **b)
    let global = d.nth("handlers", "LOAD_GLOBAL", 0);
    assert_eq!(global.op, Op::LoadGlobal { name: 0, self_slot: SelfSlot::BeforeCallable });
    assert_eq!(global.stack, StackEffect::new(0, 2));
    let call = d.nth("handlers", "CALL_FUNCTION_EX", 0);
    assert_eq!(call.op, Op::CallEx { with_kwargs: true, self_slot: SelfSlot::BeforeCallable });
    assert_eq!(call.stack, StackEffect::new(4, 1));
}

#[test]
fn for_iter_pops_the_iterator_on_its_jump_edge() {
    let d = Fixture::load(MINOR, PROGRAM);
    let for_iter = d.nth("loops", "FOR_ITER", 0);
    assert_eq!(for_iter.stack, StackEffect::new(0, 1).with_peek(1).with_jump(1, 0));
    assert_eq!(for_iter.stack.required_depth(), 1);
    assert_eq!(for_iter.control, Control::Branch { target: 74, when: Condition::Exhausted });
    assert!(for_iter.protocols.contains(Protocols::NEXT));
}

#[test]
fn conditional_jumps_have_their_polarity_and_truth_tests() {
    let d = Fixture::load(MINOR, PROGRAM);
    let not_none = d.nth("loops", "POP_JUMP_FORWARD_IF_NOT_NONE", 0);
    assert_eq!(not_none.control, Control::Branch { target: 16, when: Condition::IfNotNone });
    assert!(!not_none.protocols.contains(Protocols::TRUTH));
    let backward = d.nth("loops", "POP_JUMP_BACKWARD_IF_FALSE", 0);
    assert_eq!(backward.control, Control::Branch { target: 82, when: Condition::IfFalse });
    assert!(backward.protocols.contains(Protocols::TRUTH));
    assert_eq!(backward.stack, StackEffect::new(1, 0));
    let forward_true = d.nth("loops", "POP_JUMP_FORWARD_IF_TRUE", 0);
    assert_eq!(forward_true.control, Control::Branch { target: 110, when: Condition::IfTrue });

    // both = p and os or None
    let or_pop = d.nth("<module>", "JUMP_IF_TRUE_OR_POP", 0);
    assert_eq!(or_pop.control, Control::Branch { target: 122, when: Condition::IfTrueKeep });
    assert_eq!(or_pop.stack, StackEffect::new(1, 0).with_jump(1, 1));
    assert!(or_pop.protocols.contains(Protocols::TRUTH));
    let and_pop = d.nth("<module>", "JUMP_IF_FALSE_OR_POP", 0);
    assert_eq!(and_pop.control, Control::Branch { target: 214, when: Condition::IfFalseKeep });
}

#[test]
fn send_pops_the_receiver_when_it_returns() {
    let d = Fixture::load(MINOR, PROGRAM);
    let send = d.nth("co", "SEND", 0);
    assert_eq!(send.op, Op::Send);
    assert_eq!(send.stack, StackEffect::new(1, 1).with_peek(1).with_jump(2, 1));
    assert_eq!(send.stack.required_depth(), 2);
    assert_eq!(send.control, Control::Branch { target: 22, when: Condition::SendReturned });
    assert_eq!(d.nth("co", "GET_AWAITABLE", 0).op, Op::GetAwaitable);
}

#[test]
fn generators_start_with_the_sent_value() {
    let d = Fixture::load(MINOR, PROGRAM);
    for qualname in ["co", "agen", "gen"] {
        let first = &d.code(qualname).instrs()[0];
        assert_eq!((first.op.clone(), first.stack), (Op::ReturnGenerator, StackEffect::new(0, 1)), "{qualname}");
    }
    let wrap = d.nth("agen", "ASYNC_GEN_WRAP", 0);
    assert_eq!(wrap.op, Op::CallIntrinsic { function: Intrinsic::AsyncGenWrap });
    assert_eq!(wrap.stack, StackEffect::new(1, 1));
}

#[test]
fn exception_handling_opcodes() {
    let d = Fixture::load(MINOR, PROGRAM);
    let bare = d.nth("handlers", "RERAISE", 1);
    assert_eq!((bare.offset, bare.arg), (90, Some(0)));
    assert_eq!(bare.op, Op::Reraise { set_lasti: false });
    assert_eq!(bare.stack, StackEffect::new(1, 0));
    assert_eq!(bare.control, Control::Raise);
    let with_lasti = d.nth("handlers", "RERAISE", 0);
    assert_eq!(with_lasti.arg, Some(1));
    assert_eq!(with_lasti.op, Op::Reraise { set_lasti: true });
    assert_eq!(with_lasti.stack, StackEffect::new(1, 0).with_peek(1));
    // After `with`'s __exit__ declined the exception: lasti sits two below.
    let after_exit = d.nth("handlers", "RERAISE", 5);
    assert_eq!((after_exit.offset, after_exit.stack), (294, StackEffect::new(1, 0).with_peek(2)));

    let exit = d.nth("handlers", "WITH_EXCEPT_START", 0);
    assert_eq!(exit.stack, StackEffect::new(0, 1).with_peek(4));
    assert!(exit.protocols.contains(Protocols::CONTEXT_EXIT | Protocols::CALL));
    assert_eq!(d.nth("handlers", "POP_EXCEPT", 0).stack, StackEffect::new(1, 0));
    assert_eq!(d.nth("handlers", "PUSH_EXC_INFO", 0).stack, StackEffect::new(1, 2));
    assert_eq!(d.nth("groups", "CHECK_EG_MATCH", 0).stack, StackEffect::new(2, 2));
    let prep = d.nth("groups", "PREP_RERAISE_STAR", 0);
    assert_eq!((prep.op.clone(), prep.stack), (Op::PrepReraiseStar, StackEffect::new(2, 1)));
    assert_eq!(d.nth("co", "END_ASYNC_FOR", 0).stack, StackEffect::new(2, 0));
}

#[test]
fn pattern_matching_opcodes() {
    let d = Fixture::load(MINOR, PROGRAM);
    let keys = d.nth("matching", "MATCH_KEYS", 0);
    assert_eq!((keys.op.clone(), keys.stack), (Op::MatchKeys, StackEffect::new(0, 1).with_peek(2)));
    let class = d.nth("matching", "MATCH_CLASS", 0);
    assert_eq!((class.op.clone(), class.stack), (Op::MatchClass { count: 0 }, StackEffect::new(3, 1)));
    // len(subject) >= 1 for the one-key mapping pattern.
    assert_eq!(d.nth("matching", "COMPARE_OP", 0).op, Op::Compare { op: CompareOp::Ge, to_bool: false });
}

#[test]
fn make_function_pops_one_value_per_flag() {
    let d = Fixture::load(MINOR, PROGRAM);
    // def add(v: int = step) closing over `total`: defaults, annotations, closure.
    let make = d.nth("closures", "MAKE_FUNCTION", 0);
    assert_eq!(make.op, Op::MakeFunction { attrs: FunctionAttrs(0x0d) });
    assert_eq!(make.stack, StackEffect::new(4, 1));
}

#[test]
fn locations_use_every_entry_form() {
    // firstlineno 10; entries: long (line +2, end +1, col 4, no end col), no-column
    // (line -1), one-line delta 0 over two units, one-line delta 2, short form 3,
    // no location, long with multi-byte varints. Expectations from co_positions().
    let linetable = vec![
        0xF0, 0x04, 0x01, 0x05, 0x00, 0xE8, 0x03, 0xD1, 7, 20, 0xE0, 200, 250, 0x98, 0x52, 0xF8, 0xF0, 0x48, 0x03,
        0x00, 0x42, 0x02, 0x4D, 0x02,
    ];
    let mut code = CodeObject { firstlineno: 10, linetable, ..bare_code([9, 0].repeat(9)) };
    let loc = |line, end_line, column, end_column| Location { line, end_line, column, end_column };
    let expected = vec![
        loc(Some(12), Some(13), Some(4), None),
        loc(Some(11), Some(11), None, None),
        loc(Some(11), Some(11), Some(7), Some(20)),
        loc(Some(11), Some(11), Some(7), Some(20)),
        loc(Some(13), Some(13), Some(200), Some(250)),
        loc(Some(13), Some(13), Some(29), Some(31)),
        Location::default(),
        loc(Some(113), Some(113), Some(129), Some(140)),
        // Past the end of the table: no location.
        Location::default(),
    ];
    assert_eq!(cpyg_adapters::location_table::decode(&code).unwrap(), expected);
    let decoded = release(MINOR).decode(&code).unwrap();
    assert_eq!(decoded.instrs.iter().map(|i| i.location).collect::<Vec<_>>(), expected);

    code.linetable = vec![0xF0, 0x04];
    assert!(cpyg_adapters::location_table::decode(&code).is_err(), "truncated long entry");
    code.linetable = vec![0x70, 0x04];
    assert!(cpyg_adapters::location_table::decode(&code).is_err(), "entry without its start bit");
}

#[test]
fn exception_table_entries_are_half_open_byte_ranges() {
    // (start 2, length 3, handler 10, depth 1, lasti) and, with two-group varints,
    // (start 70, length 1, handler 100, depth 0); dis._parse_exception_table gives
    // (4, 10, 20, 1, True) and (140, 142, 200, 0, False).
    let exceptiontable = vec![0x82, 0x03, 0x0A, 0x03, 0xC1, 0x06, 0x01, 0x41, 0x24, 0x00];
    let mut code = CodeObject { exceptiontable, ..bare_code([9, 0].repeat(120)) };
    let regions = release(MINOR).decode(&code).unwrap().regions;
    let expected = vec![
        ExceptionRegion { start: 4, end: 10, handler: 20, depth: 1, lasti: true, pushed: 2 },
        ExceptionRegion { start: 140, end: 142, handler: 200, depth: 0, lasti: false, pushed: 1 },
    ];
    assert_eq!(regions, expected);
    assert!(regions[0].covers(8) && !regions[0].covers(10));

    for (bad, why) in [
        (vec![0x82, 0x03, 0x0A], "truncated entry"),
        (vec![0x02, 0x03, 0x0A, 0x03], "entry without its start bit"),
        (vec![0x82, 0x03, 0x44, 0x00, 0x03], "handler past the end of the code"),
        (vec![0x82, 0x00, 0x0A, 0x03], "empty range"),
    ] {
        code.exceptiontable = bad;
        assert!(release(MINOR).decode(&code).is_err(), "{why}");
    }
}

#[test]
fn malformed_operands_are_errors() {
    let kw_names_not_tuple =
        CodeObject { consts: vec![Const::Str("k".into())], ..bare_code(wordcode(MINOR, &[("KW_NAMES", 0)])) };
    let err = release(MINOR).decode(&kw_names_not_tuple).unwrap_err();
    assert!(err.message.contains("tuple"), "{err}");

    let names = Const::Tuple(vec![Const::Str("a".into()), Const::Str("b".into())]);
    let too_many_names = wordcode(MINOR, &[("KW_NAMES", 0), ("PRECALL", 1), ("CALL", 1)]);
    let err = release(MINOR).decode(&CodeObject { consts: vec![names], ..bare_code(too_many_names) }).unwrap_err();
    assert!(err.message.contains("2 keyword names for 1 arguments"), "{err}");

    let annotate_flag = bare_code(wordcode(MINOR, &[("MAKE_FUNCTION", 0x10)]));
    assert!(release(MINOR).decode(&annotate_flag).is_err());

    let missing_name = CodeObject { names: vec!["only".into()], ..bare_code(wordcode(MINOR, &[("LOAD_GLOBAL", 3)])) };
    let err = release(MINOR).decode(&missing_name).unwrap_err();
    assert!(err.message.contains("name index 1 out of range"), "{err}");
}

#[test]
fn interactive_print_expr_pops_its_value() {
    // Only `compile(..., "single")` emits it, so no standard-library module has one.
    let code = bare_code(wordcode(MINOR, &[("PRINT_EXPR", 0)]));
    let instr = &release(MINOR).decode(&code).unwrap().instrs[0];
    assert_eq!((instr.op.clone(), instr.stack), (Op::PrintExpr, StackEffect::new(1, 0)));
    assert!(instr.protocols.contains(Protocols::CALL));
}

#[test]
fn huge_call_counts_are_errors_not_overflows() {
    for opname in ["PRECALL", "CALL"] {
        let code = bare_code(wordcode(
            MINOR,
            &[("EXTENDED_ARG", 0xff), ("EXTENDED_ARG", 0xff), ("EXTENDED_ARG", 0xff), (opname, 0xff)],
        ));
        assert!(release(MINOR).decode(&code).unwrap_err().message.contains("out of range"), "{opname}");
    }
}
