//! CPython 3.10 decoding of committed fixtures (`tests/programs/adapters/*.py` as
//! python3.10 compiled them): line tables whose deltas do not fit one entry, and
//! exception regions rebuilt from the block stack. Expected lines are the
//! functions' `co_lines()`; expected regions were checked by hand against `dis`.
//! Hand-made code objects are tested next to the decoder (`cpython310/tests.rs`).

mod support;

use cpyg_adapters::sem::*;
use cpyg_adapters::validate::stack_depths;
use support::{Code, Fixture};

const MINOR: u8 = 10;

fn program(name: &str) -> Fixture {
    Fixture::load(MINOR, &format!("adapters/{name}"))
}

/// `(start, end, line)` runs of instructions on one line, as `co_lines()` gives
/// them where no two neighbouring ranges share a line.
fn line_ranges(code: &Code) -> Vec<(u32, u32, Option<u32>)> {
    let mut ranges: Vec<(u32, u32, Option<u32>)> = Vec::new();
    for instr in code.instrs() {
        let line = instr.location.line;
        match ranges.last_mut() {
            Some((_, end, last)) if *last == line => *end = instr.next_offset(),
            _ => ranges.push((instr.offset, instr.next_offset(), line)),
        }
    }
    ranges
}

#[test]
fn line_table_follows_line_deltas_both_ways() {
    let fixture = program("for_else_break");
    let f = fixture.code("f");
    assert_eq!(
        line_ranges(f),
        [(0, 8, Some(2)), (8, 12, Some(3)), (12, 18, Some(4)), (18, 20, Some(3)), (20, 24, Some(6))]
    );
}

#[test]
fn line_table_joins_split_line_deltas() {
    let fixture = program("long_line_gap");
    let h = fixture.code("h");
    assert_eq!(line_ranges(h), [(0, 4, Some(3)), (4, 8, Some(204))]);
    let fixture = program("multiline_expression_gap");
    let m = fixture.code("m");
    assert_eq!(line_ranges(m), [(0, 2, Some(3)), (2, 4, Some(144)), (4, 8, Some(3))]);
}

#[test]
fn line_table_marks_lineless_ranges() {
    let fixture = program("async_return");
    let r = fixture.code("r");
    assert_eq!(line_ranges(r), [(0, 2, None), (2, 6, Some(2))]);
    // GEN_START pops the first sent value, so the frame starts one deep.
    assert_eq!(r.instrs()[0].op, Op::GenStart);
    assert!(r.decoded.regions.is_empty());
}

/// A 3.10 handler starts with the previous exception state and the raised
/// exception pushed, each as (type, value, traceback).
fn region(start: u32, end: u32, handler: u32, depth: u32) -> ExceptionRegion {
    ExceptionRegion { start, end, handler, depth, lasti: false, pushed: 6 }
}

#[test]
fn regions_of_try_except_finally_around_with() {
    let fixture = program("try_except_finally_with");
    let t = fixture.code("t");
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
    assert_eq!(t.decoded.regions, expected);
    let call = t.at(16, "CALL_FUNCTION_KW");
    let layout = CallLayout { argc: 1, keyword_count: 1, keywords_const: Some(2), self_slot: SelfSlot::None };
    assert_eq!(call.op, Op::Call { layout });
    let depths = stack_depths(&t.object, &t.decoded).expect("validates");
    assert_eq!(depths.max_depth, t.object.stacksize);
}

#[test]
fn regions_of_async_with_and_async_for() {
    let fixture = program("async_with_for");
    let w = fixture.code("w");
    // 12 SETUP_ASYNC_WITH 58 opens its block below the awaited `__aenter__` result;
    // 20 SETUP_FINALLY 34 guards `__anext__`; 34 END_ASYNC_FOR closes the handler.
    let expected = vec![region(14, 22, 58, 1), region(22, 30, 34, 2), region(30, 38, 58, 1)];
    assert_eq!(w.decoded.regions, expected);
    let depths = stack_depths(&w.object, &w.decoded).expect("validates");
    assert_eq!(depths.max_depth, w.object.stacksize);
}
