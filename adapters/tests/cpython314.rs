//! CPython 3.14 decoding: instructions of committed fixtures as python3.14
//! compiled them (`tests/programs/adapters/with_try_async_for.py`,
//! `slices_asserts_star_calls.py` and `tests/programs/py314/interpolations.py`),
//! plus hand-written wordcode.

mod support;

use cpyg_adapters::code::Const;
use cpyg_adapters::sem::*;
use support::handmade::{bare_code, opcode};
use support::{release, Fixture};

const MINOR: u8 = 14;
const WITH_TRY: &str = "adapters/with_try_async_for";
const SLICES: &str = "adapters/slices_asserts_star_calls";
const INTERPOLATIONS: &str = "py314/interpolations";

#[test]
fn with_loads_special_methods_and_calls_them() {
    let with_try = Fixture::load(MINOR, WITH_TRY);
    let f = with_try.code("K.f");
    // COPY 1; LOAD_SPECIAL __exit__; SWAP 2; SWAP 3; LOAD_SPECIAL __enter__; CALL 0.
    let exit = f.at(8, "LOAD_SPECIAL");
    assert_eq!(exit.op, Op::LoadSpecial { method: SpecialMethod::Exit });
    assert_eq!((exit.stack.pops, exit.stack.pushes), (1, 2), "bound method and self/NULL");
    assert!(exit.protocols.contains(Protocols::CONTEXT_EXIT));
    let enter = f.at(14, "LOAD_SPECIAL");
    assert_eq!(enter.op, Op::LoadSpecial { method: SpecialMethod::Enter });
    assert!(enter.protocols.contains(Protocols::CONTEXT_ENTER));
    let call_enter = f.at(16, "CALL");
    assert_eq!((call_enter.stack.pops, call_enter.stack.pushes), (2, 1));
    // The normal exit calls `__exit__(None, None, None)` as a plain CALL 3.
    let call_exit = f.at(70, "CALL");
    assert_eq!((call_exit.stack.pops, call_exit.stack.pushes), (5, 1));
    // The handler reads `[exit, self-or-NULL, lasti, previous exception, exception]` in place.
    let handler = f.at(186, "WITH_EXCEPT_START");
    assert_eq!((handler.stack.pops, handler.stack.pushes, handler.stack.peek), (0, 1, 5));
    assert!(handler.protocols.contains(Protocols::CALL | Protocols::CONTEXT_EXIT));
}

#[test]
fn calls_and_their_stack_operands() {
    let with_try = Fixture::load(MINOR, WITH_TRY);
    let f = with_try.code("K.f");
    // `c.m(1, k=2)`.
    assert_eq!(f.at(28, "LOAD_ATTR").op, Op::LoadAttr { name: 0, self_slot: SelfSlot::AfterCallable });
    assert_eq!(f.at(48, "LOAD_SMALL_INT").op, Op::LoadImmediate { value: Immediate::Int(1) });
    assert_eq!(f.object.consts[1], Const::Tuple(vec![Const::Str("k".into())]));
    let call = f.at(54, "CALL_KW");
    let layout = CallLayout { argc: 2, keyword_count: 1, keywords_const: Some(1), self_slot: SelfSlot::AfterCallable };
    assert_eq!(call.op, Op::Call { layout });
    assert_eq!((call.stack.pops, call.stack.pushes), (5, 1));
    // `h(*xs)`: the absent kwargs are a PUSH_NULL, still one of the four inputs.
    assert_eq!(f.at(128, "LOAD_GLOBAL").op, Op::LoadGlobal { name: 1, self_slot: SelfSlot::AfterCallable });
    f.at(140, "PUSH_NULL");
    let star = f.at(142, "CALL_FUNCTION_EX");
    assert_eq!(star.arg, None);
    assert_eq!(star.op, Op::CallEx { with_kwargs: false, self_slot: SelfSlot::AfterCallable });
    assert_eq!((star.stack.pops, star.stack.pushes), (4, 1));
    // `o(*xs, **e)`.
    let star_star = f.instrs().iter().filter(|i| i.opname == "CALL_FUNCTION_EX").nth(1).expect("o(*xs, **e)");
    assert_eq!(star_star.op, Op::CallEx { with_kwargs: true, self_slot: SelfSlot::AfterCallable });
    assert_eq!((star_star.stack.pops, star_star.stack.pushes), (4, 1));
    // `f(*g)`: the optimiser folds the kwargs PUSH_NULL into `LOAD_GLOBAL g`'s NULL bit.
    let slices = Fixture::load(MINOR, SLICES);
    let k = slices.code("k");
    assert_eq!(k.at(12, "LOAD_GLOBAL").op, Op::LoadGlobal { name: 1, self_slot: SelfSlot::AfterCallable });
    let folded = k.at(22, "CALL_FUNCTION_EX");
    assert_eq!(folded.op, Op::CallEx { with_kwargs: false, self_slot: SelfSlot::AfterCallable });
    assert_eq!((folded.stack.pops, folded.stack.pushes), (4, 1));
    // `super().m`.
    let attr = f.at(170, "LOAD_SUPER_ATTR");
    assert_eq!(attr.op, Op::LoadSuperAttr { name: 0, self_slot: SelfSlot::None, two_args: false });
    assert_eq!((attr.stack.pops, attr.stack.pushes), (3, 1));
}

#[test]
fn branches_and_loops() {
    let with_try = Fixture::load(MINOR, WITH_TRY);
    let f = with_try.code("K.f");
    let cmp = f.at(94, "COMPARE_OP");
    assert_eq!(cmp.op, Op::Compare { op: CompareOp::Lt, to_bool: true });
    let jump = f.at(98, "POP_JUMP_IF_TRUE");
    assert_eq!(jump.control, Control::Branch { target: 108, when: Condition::IfTrue });
    assert!(jump.protocols.is_empty(), "the operand is already a bool");
    let not_taken = f.at(102, "NOT_TAKEN");
    assert_eq!(
        (not_taken.op.clone(), not_taken.stack, not_taken.control),
        (Op::Nop, StackEffect::new(0, 0), Control::Next)
    );
    // JUMP_BACKWARD has one cache unit; its target counts from after it.
    assert_eq!(f.at(104, "JUMP_BACKWARD").control, Control::Jump { target: 84 });

    let for_iter = f.at(84, "FOR_ITER");
    assert_eq!(for_iter.control, Control::Branch { target: 150, when: Condition::Exhausted });
    assert_eq!(
        (for_iter.stack.pops, for_iter.stack.pushes, for_iter.stack.peek, for_iter.stack.jump_net()),
        (0, 1, 1, 1)
    );
    assert_eq!(f.at(150, "END_FOR").stack.pops, 1);
    let pop_iter = f.at(152, "POP_ITER");
    assert_eq!((pop_iter.op.clone(), pop_iter.stack.pops), (Op::PopIter, 1));
}

#[test]
fn returns_push_into_the_caller() {
    let with_try = Fixture::load(MINOR, WITH_TRY);
    let f = with_try.code("K.f");
    let ret = f.at(182, "RETURN_VALUE");
    assert_eq!((ret.stack.pops, ret.stack.pushes, ret.control), (1, 1, Control::Return));
    assert_eq!(ret.stack.net(), 0, "as dis counts it");
}

#[test]
fn async_for_ends_without_jumping() {
    let with_try = Fixture::load(MINOR, WITH_TRY);
    let g = with_try.code("g");
    let end = g.at(62, "END_ASYNC_FOR");
    assert_eq!(end.arg, Some(20));
    assert_eq!((end.stack.pops, end.stack.pushes, end.control), (2, 0, Control::Next));
    // The argument points back at the loop's SEND, which dis shows as its target.
    assert_eq!(release(MINOR).dis_jump_target(end), Some(24));
    let resumes: Vec<_> = g
        .instrs()
        .iter()
        .filter_map(|i| match i.op {
            Op::Resume { after } => Some(after),
            _ => None,
        })
        .collect();
    assert_eq!(resumes, [ResumeKind::FunctionStart, ResumeKind::Await, ResumeKind::Await]);
}

#[test]
fn template_strings() {
    let interpolations = Fixture::load(MINOR, INTERPOLATIONS);
    let g = interpolations.code("g");
    // `{it!r:>{x}}`: value, expression text and format spec; conversion in arg >> 2.
    let first = g.at(16, "BUILD_INTERPOLATION");
    assert_eq!(first.op, Op::BuildInterpolation { conversion: Conversion::Repr, with_spec: true });
    assert_eq!((first.stack.pops, first.stack.pushes), (3, 1));
    assert!(first.protocols.is_empty(), "conversion and formatting happen when the template is rendered");
    // `{x}`.
    let second = g.at(22, "BUILD_INTERPOLATION");
    assert_eq!(second.op, Op::BuildInterpolation { conversion: Conversion::None, with_spec: false });
    assert_eq!((second.stack.pops, second.stack.pushes), (2, 1));
    let template = g.at(26, "BUILD_TEMPLATE");
    assert_eq!((template.op.clone(), template.stack.pops, template.stack.pushes), (Op::BuildTemplate, 2, 1));
}

#[test]
fn constant_slices_subscripts_and_common_constants() {
    let slices = Fixture::load(MINOR, SLICES);
    let h = slices.code("h");
    // `s[1:2]` loads a constant slice and subscripts with BINARY_OP `[]`.
    assert_eq!(h.at(4, "LOAD_CONST").op, Op::LoadConst { index: 0 });
    assert_eq!(h.object.consts[0], Const::Slice(Box::new([Const::Int(1), Const::Int(2), Const::None])));
    let subscript = h.at(6, "BINARY_OP");
    assert_eq!(subscript.arg, Some(26));
    assert_eq!((subscript.op.clone(), subscript.stack.pops, subscript.stack.pushes), (Op::Subscript, 2, 1));
    assert!(subscript.protocols.contains(Protocols::SUBSCR_GET));
    // `assert` and the inlined `all(...)`.
    assert_eq!(h.at(32, "LOAD_COMMON_CONSTANT").op, Op::LoadBuiltin { name: "AssertionError" });
    assert_eq!(h.at(64, "LOAD_COMMON_CONSTANT").op, Op::LoadBuiltin { name: "all" });
    assert_eq!(h.at(38, "LOAD_SMALL_INT").op, Op::LoadImmediate { value: Immediate::Int(0) });

    // The generator resumes after a yield at exception depth 1 (RESUME 5 = 1 | 4).
    let genexpr = slices.code("h.<locals>.<genexpr>");
    let resume = genexpr.at(16, "RESUME");
    assert_eq!((resume.arg, resume.op.clone()), (Some(5), Op::Resume { after: ResumeKind::Yield }));
    let pair = genexpr.at(12, "STORE_FAST_LOAD_FAST");
    assert_eq!(pair.op, Op::StoreThenLoadLocal { store: 1, load: 1 });
}

#[test]
fn borrowed_loads() {
    let adapter = release(MINOR);
    let op = |name: &str| opcode(MINOR, name);
    // LOAD_FAST_BORROW_LOAD_FAST_BORROW 0x10 pushes slot 1 then slot 0.
    let code = vec![op("LOAD_FAST_BORROW"), 1, op("LOAD_FAST_BORROW_LOAD_FAST_BORROW"), 0x10];
    let decoded = adapter.decode(&bare_code(code)).unwrap();
    assert_eq!(decoded.instrs[0].op, Op::LoadLocal { slot: 1, access: LocalAccess::Borrow });
    assert_eq!(decoded.instrs[1].op, Op::LoadLocalPair { first: 1, second: 0, access: LocalAccess::Borrow });
    assert_eq!(decoded.instrs[1].stack, StackEffect::new(0, 2));
}
