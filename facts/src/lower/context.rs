//! Context managers, one shape in every release: `EnterContext(insn, manager,
//! exit, result, is_async)`. ≤3.13 enter with one instruction (`BEFORE_WITH`,
//! `BEFORE_ASYNC_WITH`, 3.10 `SETUP_WITH`) that pushes the bound `__exit__` and
//! the result of `__enter__`. 3.14 loads both methods with `LOAD_SPECIAL` and
//! calls `__enter__` with a plain `CALL`; its row is keyed by the `LOAD_SPECIAL`
//! of `__enter__`, with `result` the output of that call and `exit` the method
//! half of the `LOAD_SPECIAL` of `__exit__` on the same manager.

use cpyg_adapters::sem::{Op, SpecialMethod};

use super::{Cx, Owner};
use crate::schema;

pub(super) fn enter_context(cx: &mut Cx<'_>, i: usize, is_async: bool) {
    if let (Some(manager), Some(exit), Some(result)) = (cx.input(i, 0), cx.output(i, 0), cx.output(i, 1)) {
        cx.emit(schema::EnterContext { insn: i as u32, manager, exit, result, is_async: is_async as u32 });
    }
}

pub(super) fn load_special(cx: &mut Cx<'_>, i: usize, method: SpecialMethod) {
    let is_async = match method {
        SpecialMethod::Enter => false,
        SpecialMethod::AEnter => true,
        SpecialMethod::Exit | SpecialMethod::AExit => return,
    };
    let (Some(manager), Some(enter)) = (cx.input(i, 0), cx.output(i, 0)) else { return };
    let Some(result) = call_result(cx, enter) else { return };
    let Some(exit) = exit_of(cx, i, manager) else { return };
    cx.emit(schema::EnterContext { insn: i as u32, manager, exit, result, is_async: is_async as u32 });
}

/// The output of the call whose callee slot reads `method`.
fn call_result(cx: &Cx<'_>, method: u32) -> Option<u32> {
    cx.consumers(method).iter().find_map(|&reader| match cx.owner(reader) {
        Owner::Input { insn, index: 0 } if matches!(cx.instr(insn).op, Op::Call { .. }) => cx.output(insn, 0),
        _ => None,
    })
}

/// The `__exit__` method loaded (before `i`) from the same manager value.
fn exit_of(cx: &Cx<'_>, i: usize, manager: u32) -> Option<u32> {
    let producers = cx.producers(manager);
    (0..i).rev().find_map(|k| match cx.instr(k).op {
        Op::LoadSpecial { method: SpecialMethod::Exit | SpecialMethod::AExit } => {
            let input = cx.input(k, 0)?;
            (cx.producers(input) == producers).then(|| cx.output(k, 0)).flatten()
        }
        _ => None,
    })
}

/// `WITH_EXCEPT_START`: the exit callable is the deepest value it reads in place,
/// the exception the topmost (3.8 `WITH_CLEANUP_START` pops both, in that order).
pub(super) fn with_except_start(cx: &mut Cx<'_>, i: usize) {
    let deepest = cx.instr(i).stack.peek;
    // 3.8 `WITH_CLEANUP_START` pops `[exit, six slots]` and pushes the result last.
    let (exit, exception) = match deepest {
        0 => (cx.input(i, 0), cx.last_input(i)),
        _ => (cx.peek(i, deepest), cx.peek(i, 1)),
    };
    let result = cx.instr(i).stack.pushes.saturating_sub(1);
    if let (Some(exit), Some(exception), Some(out)) = (exit, exception, cx.output(i, result)) {
        cx.emit(schema::ExitContext { insn: i as u32, exit, exception, out });
    }
}
