//! Iteration: `iter()`, `next()` of `for` loops and their async forms.

use super::Cx;
use crate::schema;

pub(super) fn get_iter(cx: &mut Cx<'_>, i: usize) {
    if let (Some(iterable), Some(out)) = (cx.input(i, 0), cx.output(i, 0)) {
        cx.emit(schema::GetIter { insn: i as u32, iterable, out });
    }
}

/// `FOR_ITER` reads the iterator in place (it stays for the next round), at
/// the peek depth: 3.15 keeps an index above it.
pub(super) fn next(cx: &mut Cx<'_>, i: usize) {
    if let (Some(iterator), Some(out)) = (cx.peek(i, cx.instr(i).stack.peek), cx.output(i, 0)) {
        cx.emit(schema::Next { insn: i as u32, iterator, out });
    }
}

pub(super) fn get_aiter(cx: &mut Cx<'_>, i: usize) {
    if let (Some(iterable), Some(out)) = (cx.input(i, 0), cx.output(i, 0)) {
        cx.emit(schema::GetAIter { insn: i as u32, iterable, out });
    }
}

pub(super) fn get_anext(cx: &mut Cx<'_>, i: usize) {
    if let (Some(iterator), Some(out)) = (cx.peek(i, 1), cx.output(i, 0)) {
        cx.emit(schema::GetANext { insn: i as u32, iterator, out });
    }
}
