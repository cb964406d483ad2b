//! Subscripts and slices.

use super::Cx;
use crate::schema;

/// `[container, key]`.
pub(super) fn subscript(cx: &mut Cx<'_>, i: usize) {
    if let (Some(container), Some(key), Some(out)) = (cx.input(i, 0), cx.input(i, 1), cx.output(i, 0)) {
        cx.emit(schema::Subscript { insn: i as u32, container, key, out });
    }
}

/// `[value, container, key]`.
pub(super) fn store_subscript(cx: &mut Cx<'_>, i: usize) {
    if let (Some(value), Some(container), Some(key)) = (cx.input(i, 0), cx.input(i, 1), cx.input(i, 2)) {
        cx.emit(schema::StoreSubscript { insn: i as u32, container, key, value });
    }
}

/// `[container, key]`.
pub(super) fn delete_subscript(cx: &mut Cx<'_>, i: usize) {
    if let (Some(container), Some(key)) = (cx.input(i, 0), cx.input(i, 1)) {
        cx.emit(schema::DeleteSubscript { insn: i as u32, container, key });
    }
}

/// `[container, start, stop]`.
pub(super) fn slice(cx: &mut Cx<'_>, i: usize) {
    if let (Some(container), Some(start), Some(stop), Some(out)) =
        (cx.input(i, 0), cx.input(i, 1), cx.input(i, 2), cx.output(i, 0))
    {
        cx.emit(schema::SliceSubscript { insn: i as u32, container, start, stop, out });
    }
}

/// `[value, container, start, stop]`.
pub(super) fn store_slice(cx: &mut Cx<'_>, i: usize) {
    if let (Some(value), Some(container), Some(start), Some(stop)) =
        (cx.input(i, 0), cx.input(i, 1), cx.input(i, 2), cx.input(i, 3))
    {
        cx.emit(schema::StoreSliceSubscript { insn: i as u32, container, start, stop, value });
    }
}

/// `[start, stop, step?]`.
pub(super) fn build_slice(cx: &mut Cx<'_>, i: usize) {
    let insn = i as u32;
    if let Some(out) = cx.output(i, 0) {
        cx.emit(schema::BuildSlice { insn, out });
    }
    for (index, value) in cx.inputs(i).enumerate() {
        cx.emit(schema::SliceBound { insn, index: index as u32, value });
    }
}
