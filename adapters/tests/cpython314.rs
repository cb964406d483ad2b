//! CPython 3.14 decoding, checked without Python against what the 3.14
//! interpreter reported once for a small module (`data/cpython314_module.rs`).

#[path = "data/cpython314_module.rs"]
#[rustfmt::skip]
mod module;
#[path = "data/dis_facts.rs"]
mod dis_facts;

use cpyg_adapters::code::{CodeObject, Const};
use cpyg_adapters::sem::*;
use cpyg_adapters::{adapter, Adapter};
use dis_facts::{at, decoded};

const MINOR: u8 = 14;

fn setup() -> (&'static Adapter, Vec<CodeObject>) {
    let adapter = adapter(MINOR).expect("3.14 adapter");
    (adapter, dis_facts::code_objects(module::MODULE, MINOR))
}

#[test]
fn every_opcode_has_a_lifter() {
    assert_eq!(adapter(MINOR).unwrap().unlifted_opcodes(), Vec::<&str>::new());
}

#[test]
fn fixed_stack_effects_agree_with_the_table() {
    dis_facts::check_fixed_stack_effects(adapter(MINOR).unwrap());
}

#[test]
fn huge_arguments_are_errors_or_records_not_panics() {
    dis_facts::check_huge_arguments(adapter(MINOR).unwrap());
}

#[test]
fn module_agrees_with_dis() {
    let (adapter, codes) = setup();
    dis_facts::check_against_dis(adapter, &codes, module::CODES);
}

#[test]
fn location_and_exception_tables() {
    dis_facts::check_tables(adapter(MINOR).unwrap());
    dis_facts::check_damaged_tables(adapter(MINOR).unwrap());
}

#[test]
fn with_loads_special_methods_and_calls_them() {
    let (adapter, codes) = setup();
    let (_, f) = decoded(adapter, &codes, "K.f");
    // COPY 1; LOAD_SPECIAL __exit__; SWAP 2; SWAP 3; LOAD_SPECIAL __enter__; CALL 0.
    let exit = at(&f, 8, "LOAD_SPECIAL");
    assert_eq!(exit.op, Op::LoadSpecial { method: SpecialMethod::Exit });
    assert_eq!((exit.stack.pops, exit.stack.pushes), (1, 2), "bound method and self/NULL");
    assert!(exit.protocols.contains(Protocols::CONTEXT_EXIT));
    let enter = at(&f, 14, "LOAD_SPECIAL");
    assert_eq!(enter.op, Op::LoadSpecial { method: SpecialMethod::Enter });
    assert!(enter.protocols.contains(Protocols::CONTEXT_ENTER));
    let call_enter = at(&f, 16, "CALL");
    assert_eq!((call_enter.stack.pops, call_enter.stack.pushes), (2, 1));
    // The normal exit calls `__exit__(None, None, None)` as a plain CALL 3.
    let call_exit = at(&f, 70, "CALL");
    assert_eq!((call_exit.stack.pops, call_exit.stack.pushes), (5, 1));
    // The handler reads `[exit, self-or-NULL, lasti, previous exception, exception]` in place.
    let handler = at(&f, 186, "WITH_EXCEPT_START");
    assert_eq!((handler.stack.pops, handler.stack.pushes, handler.stack.peek), (0, 1, 5));
    assert!(handler.protocols.contains(Protocols::CALL | Protocols::CONTEXT_EXIT));
}

#[test]
fn calls_and_their_stack_operands() {
    let (adapter, codes) = setup();
    let (code, f) = decoded(adapter, &codes, "K.f");
    // `c.m(1, k=2)`.
    assert_eq!(at(&f, 28, "LOAD_ATTR").op, Op::LoadAttr { name: 0, self_slot: SelfSlot::AfterCallable });
    assert_eq!(at(&f, 48, "LOAD_SMALL_INT").op, Op::LoadInt { value: 1 });
    assert_eq!(code.consts[1], Const::Tuple(vec![Const::Str("k".into())]));
    let call = at(&f, 54, "CALL_KW");
    let layout = CallLayout { argc: 2, keyword_count: 1, keywords_const: Some(1), self_slot: SelfSlot::AfterCallable };
    assert_eq!(call.op, Op::Call { layout });
    assert_eq!((call.stack.pops, call.stack.pushes), (5, 1));
    // `h(*xs)`: the absent kwargs are a PUSH_NULL, still one of the four inputs.
    assert_eq!(at(&f, 128, "LOAD_GLOBAL").op, Op::LoadGlobal { name: 1, self_slot: SelfSlot::AfterCallable });
    at(&f, 140, "PUSH_NULL");
    let star = at(&f, 142, "CALL_FUNCTION_EX");
    assert_eq!(star.arg, None);
    assert_eq!(star.op, Op::CallEx { with_kwargs: false, self_slot: SelfSlot::AfterCallable });
    assert_eq!((star.stack.pops, star.stack.pushes), (4, 1));
    // `o(*xs, **e)`.
    let star_star = f.instrs.iter().filter(|i| i.opname == "CALL_FUNCTION_EX").nth(1).expect("o(*xs, **e)");
    assert_eq!(star_star.op, Op::CallEx { with_kwargs: true, self_slot: SelfSlot::AfterCallable });
    assert_eq!((star_star.stack.pops, star_star.stack.pushes), (4, 1));
    // `f(*g)`: the optimiser folds the kwargs PUSH_NULL into `LOAD_GLOBAL g`'s NULL bit.
    let (_, k) = decoded(adapter, &codes, "k");
    assert_eq!(at(&k, 12, "LOAD_GLOBAL").op, Op::LoadGlobal { name: 1, self_slot: SelfSlot::AfterCallable });
    let folded = at(&k, 22, "CALL_FUNCTION_EX");
    assert_eq!(folded.op, Op::CallEx { with_kwargs: false, self_slot: SelfSlot::AfterCallable });
    assert_eq!((folded.stack.pops, folded.stack.pushes), (4, 1));
    // `super().m`.
    let attr = at(&f, 170, "LOAD_SUPER_ATTR");
    assert_eq!(attr.op, Op::LoadSuperAttr { name: 0, self_slot: SelfSlot::None, two_args: false });
    assert_eq!((attr.stack.pops, attr.stack.pushes), (3, 1));
}

#[test]
fn branches_and_loops() {
    let (adapter, codes) = setup();
    let (_, f) = decoded(adapter, &codes, "K.f");
    let cmp = at(&f, 94, "COMPARE_OP");
    assert_eq!(cmp.op, Op::Compare { op: CompareOp::Lt, to_bool: true });
    let jump = at(&f, 98, "POP_JUMP_IF_TRUE");
    assert_eq!(jump.control, Control::Branch { target: 108, when: Condition::IfTrue });
    assert!(jump.protocols.is_empty(), "the operand is already a bool");
    let not_taken = at(&f, 102, "NOT_TAKEN");
    assert_eq!((not_taken.op.clone(), not_taken.stack, not_taken.control), (Op::Nop, StackEffect::new(0, 0), Control::Next));
    // JUMP_BACKWARD has one cache unit; its target counts from after it.
    assert_eq!(at(&f, 104, "JUMP_BACKWARD").control, Control::Jump { target: 84 });

    let for_iter = at(&f, 84, "FOR_ITER");
    assert_eq!(for_iter.control, Control::Branch { target: 150, when: Condition::Exhausted });
    assert_eq!((for_iter.stack.pops, for_iter.stack.pushes, for_iter.stack.peek, for_iter.stack.jump_net()), (0, 1, 1, 1));
    assert_eq!(at(&f, 150, "END_FOR").stack.pops, 1);
    let pop_iter = at(&f, 152, "POP_ITER");
    assert_eq!((pop_iter.op.clone(), pop_iter.stack.pops), (Op::PopIter, 1));
}

#[test]
fn returns_push_into_the_caller() {
    let (adapter, codes) = setup();
    let (_, f) = decoded(adapter, &codes, "K.f");
    let ret = at(&f, 182, "RETURN_VALUE");
    assert_eq!((ret.stack.pops, ret.stack.pushes, ret.control), (1, 1, Control::Return));
    assert_eq!(ret.stack.net(), 0, "as dis counts it");
}

#[test]
fn async_for_ends_without_jumping() {
    let (adapter, codes) = setup();
    let (_, g) = decoded(adapter, &codes, "g");
    let end = at(&g, 62, "END_ASYNC_FOR");
    assert_eq!(end.arg, Some(20));
    assert_eq!((end.stack.pops, end.stack.pushes, end.control), (2, 0, Control::Next));
    // The argument points back at the loop's SEND, which dis shows as its target.
    assert_eq!(adapter.dis_jump_target(end), Some(24));
    let resumes: Vec<_> = g.instrs.iter().filter_map(|i| match i.op {
        Op::Resume { after } => Some(after),
        _ => None,
    }).collect();
    assert_eq!(resumes, [ResumeKind::FunctionStart, ResumeKind::Await, ResumeKind::Await]);
}

#[test]
fn template_strings() {
    let (adapter, codes) = setup();
    let (_, g) = decoded(adapter, &codes, "g");
    // `{it!r:>{x}}`: value, expression text and format spec; conversion in arg >> 2.
    let first = at(&g, 78, "BUILD_INTERPOLATION");
    assert_eq!(first.op, Op::BuildInterpolation { conversion: Conversion::Repr, with_spec: true });
    assert_eq!((first.stack.pops, first.stack.pushes), (3, 1));
    assert!(first.protocols.is_empty(), "conversion and formatting happen when the template is rendered");
    // `{x}`.
    let second = at(&g, 84, "BUILD_INTERPOLATION");
    assert_eq!(second.op, Op::BuildInterpolation { conversion: Conversion::None, with_spec: false });
    assert_eq!((second.stack.pops, second.stack.pushes), (2, 1));
    let template = at(&g, 88, "BUILD_TEMPLATE");
    assert_eq!((template.op.clone(), template.stack.pops, template.stack.pushes), (Op::BuildTemplate, 2, 1));
}

#[test]
fn constant_slices_subscripts_and_common_constants() {
    let (adapter, codes) = setup();
    let (code, h) = decoded(adapter, &codes, "h");
    // `s[1:2]` loads a constant slice and subscripts with BINARY_OP `[]`.
    assert_eq!(at(&h, 4, "LOAD_CONST").op, Op::LoadConst { index: 0 });
    assert_eq!(code.consts[0], Const::Slice(Box::new([Const::Int(1), Const::Int(2), Const::None])));
    let subscript = at(&h, 6, "BINARY_OP");
    assert_eq!(subscript.arg, Some(26));
    assert_eq!((subscript.op.clone(), subscript.stack.pops, subscript.stack.pushes), (Op::Subscript, 2, 1));
    assert!(subscript.protocols.contains(Protocols::SUBSCR_GET));
    // `assert` and the inlined `all(...)`.
    assert_eq!(at(&h, 32, "LOAD_COMMON_CONSTANT").op, Op::LoadBuiltin { name: "AssertionError" });
    assert_eq!(at(&h, 64, "LOAD_COMMON_CONSTANT").op, Op::LoadBuiltin { name: "all" });
    assert_eq!(at(&h, 38, "LOAD_SMALL_INT").op, Op::LoadInt { value: 0 });

    // The generator resumes after a yield at exception depth 1 (RESUME 5 = 1 | 4).
    let (_, genexpr) = decoded(adapter, &codes, "h.<locals>.<genexpr>");
    let resume = at(&genexpr, 16, "RESUME");
    assert_eq!((resume.arg, resume.op.clone()), (Some(5), Op::Resume { after: ResumeKind::Yield }));
    let pair = at(&genexpr, 12, "STORE_FAST_LOAD_FAST");
    assert_eq!(pair.op, Op::StoreThenLoadLocal { store: 1, load: 1 });
}

#[test]
fn borrowed_loads() {
    let adapter = adapter(MINOR).unwrap();
    let op = |name: &str| adapter.table.by_name(name).unwrap().code;
    // LOAD_FAST_BORROW_LOAD_FAST_BORROW 0x10 pushes slot 1 then slot 0.
    let code = vec![op("LOAD_FAST_BORROW"), 1, op("LOAD_FAST_BORROW_LOAD_FAST_BORROW"), 0x10];
    let decoded = adapter.decode(&dis_facts::synthetic(code, Vec::new(), Vec::new())).unwrap();
    assert_eq!(decoded.instrs[0].op, Op::LoadLocal { slot: 1, access: LocalAccess::Borrow });
    assert_eq!(decoded.instrs[1].op, Op::LoadLocalPair { first: 1, second: 0, access: LocalAccess::Borrow });
    assert_eq!(decoded.instrs[1].stack, StackEffect::new(0, 2));
}
