//! CPython 3.8 decoding: the shared `finally` bodies of
//! `tests/programs/adapters/finally_paths.py` as python3.8 compiled it.

mod support;

use cpyg_adapters::sem::*;
use support::Fixture;

const MINOR: u8 = 8;
const PROGRAM: &str = "adapters/finally_paths";

fn region_of(d: &Fixture, qualname: &str, offset: u32) -> Option<(u32, u32)> {
    let code = d.code(qualname);
    code.decoded.regions.iter().find(|r| r.covers(offset)).map(|r| (r.handler, r.depth))
}

#[test]
fn return_runs_the_finally_body_as_a_subroutine() {
    let d = Fixture::load(MINOR, PROGRAM);
    // return f(): the result waits on the fall-through edge; the body gets its six slots.
    let call = d.nth("returns_a_value", "CALL_FINALLY", 0);
    assert_eq!(call.op, Op::CallFinally);
    assert_eq!(call.control, Control::Branch { target: 12, when: Condition::FinallyCall });
    assert_eq!(call.stack, StackEffect::new(0, 0).with_jump(1, 6));
    assert_eq!(d.nth("nested", "BEGIN_FINALLY", 0).stack, StackEffect::new(0, 6));
    assert_eq!(d.nth("returns_a_value", "END_FINALLY", 0).stack, StackEffect::new(6, 0));
    // The try body's handler is the finally body, which runs at the try's level.
    assert_eq!(region_of(&d, "returns_a_value", 2), Some((12, 0)));
    assert_eq!(region_of(&d, "returns_a_value", 12), None);
}

#[test]
fn nested_finally_bodies_each_get_their_own_level() {
    let d = Fixture::load(MINOR, PROGRAM);
    let inner = d.nth("nested", "CALL_FINALLY", 0);
    let outer = d.nth("nested", "CALL_FINALLY", 1);
    assert_eq!((inner.control.target(), inner.stack.jump), (Some(18), Some((1, 6))));
    assert_eq!((outer.control.target(), outer.stack.jump), (Some(30), Some((1, 6))));
    assert_eq!(region_of(&d, "nested", 4), Some((18, 0)));
    // The inner body is inside the outer try.
    assert_eq!(region_of(&d, "nested", 18), Some((30, 0)));
}

#[test]
fn break_and_continue_keep_the_iterator_below() {
    let d = Fixture::load(MINOR, PROGRAM);
    let code = d.code("leaves_a_loop");
    let calls: Vec<_> = code.instrs().iter().filter(|i| i.op == Op::CallFinally).collect();
    assert_eq!(calls.len(), 2, "break and continue");
    for call in calls {
        // The loop's iterator is below the try's level: nothing is kept above it.
        assert_eq!(call.stack.jump, Some((0, 6)), "@{}", call.offset);
    }
}

#[test]
fn return_from_an_except_as_body_fills_the_body_up_to_its_level() {
    let d = Fixture::load(MINOR, PROGRAM);
    // `except ValueError as e: return e` pops the handler's exception state
    // (POP_EXCEPT) before running the cleanup body `e = None; del e`, whose
    // block opened above those three values.
    let call = d.nth("returns_from_a_handler", "CALL_FINALLY", 0);
    let (pops, pushes) = call.stack.jump.expect("a jump effect");
    assert_eq!(pushes - pops, 6 + 3 - 1, "@{}: {:?}", call.offset, call.stack);
}

#[test]
fn with_cleanup_pops_exit_and_the_six_slots() {
    let d = Fixture::load(MINOR, PROGRAM);
    let start = d.nth("returns_from_a_with", "WITH_CLEANUP_START", 0);
    assert_eq!(start.op, Op::WithExceptStart);
    assert_eq!(start.stack, StackEffect::new(7, 9));
    assert!(start.protocols.contains(Protocols::CONTEXT_EXIT));
    assert_eq!(d.nth("returns_from_a_with", "WITH_CLEANUP_FINISH", 0).stack, StackEffect::new(3, 0));
    // return v: POP_FINALLY 0 after the inline cleanup (v was rotated below it).
    assert_eq!(d.nth("returns_from_a_with", "POP_FINALLY", 0).op, Op::PopFinally { preserve_tos: false });
    // return f() in a finally body: the result stays on top of what it drops.
    let early = d.nth("returns_from_finally", "POP_FINALLY", 0);
    assert_eq!((early.op.clone(), early.stack), (Op::PopFinally { preserve_tos: true }, StackEffect::new(7, 1)));
}

#[test]
fn compare_op_covers_membership_identity_and_except_matching() {
    let d = Fixture::load(MINOR, PROGRAM);
    let matching = d.nth("returns_from_a_handler", "COMPARE_OP", 0);
    assert_eq!(matching.arg, Some(10));
    assert_eq!((matching.op.clone(), matching.stack), (Op::CheckExcMatch, StackEffect::new(2, 1)));
}

#[test]
fn lines_come_from_lnotab() {
    let d = Fixture::load(MINOR, PROGRAM);
    let code = d.code("returns_a_value");
    let lines: Vec<_> = code.instrs().iter().map(|i| (i.offset, i.location.line)).collect();
    assert_eq!(lines[0], (0, Some(3)));
    assert_eq!(lines[1], (2, Some(4)));
    assert_eq!(code.at(12, "LOAD_FAST").location.line, Some(6));
    assert!(lines.iter().all(|(_, line)| line.is_some()), "every instruction has a line: {lines:?}");
}
