//! CPython 3.9 decoding: what differs from 3.10 in
//! `tests/programs/adapters/finally_paths.py` as python3.9 compiled it.

mod support;

use cpyg_adapters::sem::*;
use support::Fixture;

const MINOR: u8 = 9;
const PROGRAM: &str = "adapters/finally_paths";

#[test]
fn jump_arguments_count_bytes() {
    let d = Fixture::load(MINOR, PROGRAM);
    let code = d.code("leaves_a_loop");
    let for_iter = code.nth("FOR_ITER", 0);
    let arg = for_iter.arg.unwrap();
    // Relative: past the instruction plus the argument in bytes (3.10 counts code units).
    assert_eq!(for_iter.control.target(), Some(for_iter.offset + 2 + arg));
    let back = code.nth("JUMP_ABSOLUTE", 0);
    assert_eq!(back.control, Control::Jump { target: back.arg.unwrap() });
}

#[test]
fn finally_bodies_are_copied_and_reraise_takes_no_argument() {
    let d = Fixture::load(MINOR, PROGRAM);
    let code = d.code("returns_a_value");
    assert!(code.instrs().iter().all(|i| !matches!(i.opname, "CALL_FINALLY" | "END_FINALLY")));
    let reraise = code.nth("RERAISE", 0);
    assert_eq!((reraise.arg, reraise.op.clone()), (None, Op::Reraise { set_lasti: false }));
    assert_eq!(reraise.stack, StackEffect::new(3, 0));
}

#[test]
fn lines_come_from_lnotab() {
    let d = Fixture::load(MINOR, PROGRAM);
    let code = d.code("returns_a_value");
    assert_eq!(code.at(0, "SETUP_FINALLY").location.line, Some(3));
    assert_eq!(code.at(2, "LOAD_FAST").location.line, Some(4));
    assert!(code.instrs().iter().all(|i| i.location.line.is_some()));
}
