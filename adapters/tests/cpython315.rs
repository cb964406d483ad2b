//! CPython 3.15 decoding: what differs from 3.14 in
//! `tests/programs/adapters/finally_paths.py` as python3.15 compiled it.

mod support;

use cpyg_adapters::sem::*;
use support::Fixture;

const MINOR: u8 = 15;
const PROGRAM: &str = "adapters/finally_paths";

#[test]
fn an_iterator_takes_two_slots() {
    let d = Fixture::load(MINOR, PROGRAM);
    let code = d.code("iterate");
    let get_iter = code.nth("GET_ITER", 0);
    assert_eq!((get_iter.op.clone(), get_iter.stack), (Op::GetIter, StackEffect::new(1, 2)));
    // FOR_ITER reads the iterator below its index; POP_ITER drops both.
    let for_iter = code.nth("FOR_ITER", 0);
    assert_eq!(for_iter.stack, StackEffect::new(0, 1).with_peek(2));
    assert_eq!(code.nth("POP_ITER", 0).stack, StackEffect::new(2, 0));
    // The generator expression gets the iterable and calls iter() itself.
    let genexpr = d.code("iterate.<locals>.<genexpr>");
    assert_eq!(genexpr.nth("GET_ITER", 0).op, Op::GetIter);
}

#[test]
fn common_constants_include_values() {
    let d = Fixture::load(MINOR, PROGRAM);
    let none = d.nth("leaves_a_loop", "LOAD_COMMON_CONSTANT", 0);
    assert_eq!(none.op, Op::LoadImmediate { value: Immediate::None });
}
