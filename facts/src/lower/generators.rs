//! Returns, generators, coroutines, raise and re-raise.

use cpyg_adapters::sem::ResumeKind as SemResume;

use super::Cx;
use crate::schema::{self, ResumeKind};

pub(super) fn resume(cx: &mut Cx<'_>, i: usize, after: SemResume) {
    let kind = match after {
        SemResume::FunctionStart => ResumeKind::FunctionStart,
        SemResume::Yield => ResumeKind::Yield,
        SemResume::YieldFrom => ResumeKind::YieldFrom,
        SemResume::Await => ResumeKind::Await,
    };
    cx.emit(schema::Resume { insn: i as u32, kind: kind.id() });
}

pub(super) fn return_value(cx: &mut Cx<'_>, i: usize) {
    if let Some(value) = cx.input(i, 0) {
        cx.emit(schema::Return { insn: i as u32, value });
    }
}

pub(super) fn return_const(cx: &mut Cx<'_>, i: usize, index: u32) {
    cx.emit(schema::ReturnConst { insn: i as u32, constant: index });
}

pub(super) fn return_generator(cx: &mut Cx<'_>, i: usize) {
    if let Some(out) = cx.output(i, 0) {
        cx.emit(schema::ReturnGenerator { insn: i as u32, out });
    }
}

pub(super) fn yield_value(cx: &mut Cx<'_>, i: usize) {
    if let (Some(value), Some(out)) = (cx.input(i, 0), cx.output(i, 0)) {
        cx.emit(schema::Yield { insn: i as u32, value, out });
    }
}

/// 3.10 `YIELD_FROM` pops `[receiver, value]`; 3.11+ `SEND` reads the receiver in
/// place below the value it pops (3.15: below a NULL too). One shape:
/// `Delegate(receiver, sent, out)`.
pub(super) fn delegate(cx: &mut Cx<'_>, i: usize) {
    let inputs = cx.inputs(i);
    let (receiver, sent) = match cx.peek(i, cx.instr(i).stack.peek) {
        Some(receiver) => (Some(receiver), cx.last_input(i)),
        None if inputs.len() >= 2 => (cx.input(i, 0), cx.input(i, 1)),
        None => (None, None),
    };
    if let (Some(receiver), Some(sent), Some(out)) = (receiver, sent, cx.output(i, 0)) {
        cx.emit(schema::Delegate { insn: i as u32, receiver, sent, out });
    }
}

/// `END_SEND`: `[receiver, value]` → the value.
pub(super) fn end_send(cx: &mut Cx<'_>, i: usize) {
    if let (Some(from), Some(to)) = (cx.last_input(i), cx.output(i, 0)) {
        cx.emit(schema::SameValue { insn: i as u32, from, to });
    }
}

pub(super) fn await_value(cx: &mut Cx<'_>, i: usize) {
    if let (Some(value), Some(out)) = (cx.input(i, 0), cx.output(i, 0)) {
        cx.emit(schema::Await { insn: i as u32, value, out });
    }
}

/// `RAISE_VARARGS argc`: 0 re-raises, 1 `[exception]`, 2 `[exception, cause]`.
pub(super) fn raise(cx: &mut Cx<'_>, i: usize, argc: u32) {
    let insn = i as u32;
    if argc == 0 {
        cx.emit(schema::Reraise { insn });
        return;
    }
    if let Some(exception) = cx.input(i, 0) {
        cx.emit(schema::Raise { insn, exception });
    }
    if argc == 2 {
        if let Some(cause) = cx.input(i, 1) {
            cx.emit(schema::RaiseCause { insn, cause });
        }
    }
}

/// `RERAISE`: 3.11+ pops the exception; 3.10 pops the handler's
/// `[traceback, value, type]` triple, whose value is the exception.
pub(super) fn reraise(cx: &mut Cx<'_>, i: usize) {
    let insn = i as u32;
    cx.emit(schema::Reraise { insn });
    let exception = if cx.inputs(i).len() == 3 { cx.input(i, 1) } else { cx.last_input(i) };
    if let Some(exception) = exception {
        cx.emit(schema::ReraiseValue { insn, exception });
    }
}
