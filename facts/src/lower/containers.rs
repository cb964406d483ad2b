//! Containers, unpacking and string formatting.

use cpyg_adapters::sem::{self, Op};

use super::Cx;
use crate::schema::{self, ContainerKind, Conversion};

fn container_kind(op: &Op) -> Option<ContainerKind> {
    Some(match op {
        Op::BuildTuple { .. } => ContainerKind::Tuple,
        Op::BuildList { .. } | Op::ListAppend { .. } | Op::ListExtend { .. } => ContainerKind::List,
        Op::BuildSet { .. } | Op::SetAdd { .. } | Op::SetUpdate { .. } => ContainerKind::Set,
        Op::BuildMap { .. }
        | Op::BuildConstKeyMap { .. }
        | Op::MapAdd { .. }
        | Op::DictUpdate { .. }
        | Op::DictMerge { .. } => ContainerKind::Dict,
        _ => return None,
    })
}

pub(super) fn conversion(c: sem::Conversion) -> Conversion {
    match c {
        sem::Conversion::None => Conversion::None,
        sem::Conversion::Str => Conversion::Str,
        sem::Conversion::Repr => Conversion::Repr,
        sem::Conversion::Ascii => Conversion::Ascii,
    }
}

fn build(cx: &mut Cx<'_>, i: usize, kind: ContainerKind) {
    if let Some(out) = cx.output(i, 0) {
        cx.emit(schema::BuildContainer { insn: i as u32, kind: kind.id(), out });
    }
}

/// `BUILD_TUPLE`/`LIST`/`SET`: the items bottom to top.
pub(super) fn build_sequence(cx: &mut Cx<'_>, i: usize) {
    let Some(kind) = container_kind(&cx.instr(i).op) else { return };
    build(cx, i, kind);
    for (index, value) in cx.inputs(i).enumerate() {
        cx.emit(schema::ContainerItem { insn: i as u32, index: index as u32, value });
    }
}

/// `BUILD_MAP`: key, value, key, value...
pub(super) fn build_map(cx: &mut Cx<'_>, i: usize) {
    build(cx, i, ContainerKind::Dict);
    let inputs: Vec<u32> = cx.inputs(i).collect();
    for (index, pair) in inputs.chunks_exact(2).enumerate() {
        cx.emit(schema::DictEntry { insn: i as u32, index: index as u32, key: pair[0], value: pair[1] });
    }
}

/// `BUILD_CONST_KEY_MAP`: the values, then a constant tuple of keys on top.
pub(super) fn build_const_key_map(cx: &mut Cx<'_>, i: usize) {
    build(cx, i, ContainerKind::Dict);
    let inputs: Vec<u32> = cx.inputs(i).collect();
    let Some((&keys, values)) = inputs.split_last() else { return };
    let Some(keys) = cx.const_of(keys) else { return };
    let keys: Vec<u32> = cx.consts.items(keys).to_vec();
    for (index, (&key, &value)) in keys.iter().zip(values).enumerate() {
        cx.emit(schema::DictConstKeyEntry { insn: i as u32, index: index as u32, key, value });
    }
}

/// `LIST_APPEND`/`SET_ADD`: the container sits `depth` below the popped value.
pub(super) fn add(cx: &mut Cx<'_>, i: usize, depth: u32) {
    let Some(kind) = container_kind(&cx.instr(i).op) else { return };
    if let (Some(container), Some(value)) = (cx.peek(i, depth), cx.input(i, 0)) {
        cx.emit(schema::ContainerAdd { insn: i as u32, kind: kind.id(), container, value });
    }
}

/// `MAP_ADD`: `[key, value]` with the dict `depth` below them.
pub(super) fn map_add(cx: &mut Cx<'_>, i: usize, depth: u32) {
    if let (Some(container), Some(key), Some(value)) = (cx.peek(i, depth), cx.input(i, 0), cx.input(i, 1)) {
        cx.emit(schema::DictAdd { insn: i as u32, container, key, value });
    }
}

pub(super) fn extend(cx: &mut Cx<'_>, i: usize, depth: u32) {
    let Some(kind) = container_kind(&cx.instr(i).op) else { return };
    if let (Some(container), Some(iterable)) = (cx.peek(i, depth), cx.input(i, 0)) {
        cx.emit(schema::ContainerExtend { insn: i as u32, kind: kind.id(), container, iterable });
    }
}

pub(super) fn dict_merge(cx: &mut Cx<'_>, i: usize, depth: u32) {
    if let (Some(container), Some(mapping)) = (cx.peek(i, depth), cx.input(i, 0)) {
        cx.emit(schema::DictMerge { insn: i as u32, container, mapping });
    }
}

/// 3.8 `BUILD_*_UNPACK`: a new container extended by (or merged with) each input in turn.
pub(super) fn build_unpacked(cx: &mut Cx<'_>, i: usize, kind: sem::UnpackedKind) {
    let kind = match kind {
        sem::UnpackedKind::Tuple => ContainerKind::Tuple,
        sem::UnpackedKind::List => ContainerKind::List,
        sem::UnpackedKind::Set => ContainerKind::Set,
        sem::UnpackedKind::Dict => ContainerKind::Dict,
    };
    build(cx, i, kind);
    let Some(container) = cx.output(i, 0) else { return };
    let insn = i as u32;
    for part in cx.inputs(i).collect::<Vec<_>>() {
        if kind == ContainerKind::Dict {
            cx.emit(schema::DictMerge { insn, container, mapping: part });
        } else {
            cx.emit(schema::ContainerExtend { insn, kind: kind.id(), container, iterable: part });
        }
    }
}

pub(super) fn list_to_tuple(cx: &mut Cx<'_>, i: usize) {
    if let (Some(list), Some(out)) = (cx.input(i, 0), cx.output(i, 0)) {
        cx.emit(schema::ListToTuple { insn: i as u32, list, out });
    }
}

/// `UNPACK_SEQUENCE n`: item 0 ends on top, so output `k` (0 = deepest) is item `n-1-k`.
pub(super) fn unpack_sequence(cx: &mut Cx<'_>, i: usize, count: u32) {
    let insn = i as u32;
    if let Some(iterable) = cx.input(i, 0) {
        cx.emit(schema::Unpack { insn, iterable });
    }
    for (k, out) in cx.outputs(i).enumerate() {
        let Some(index) = count.checked_sub(1 + k as u32) else { continue };
        cx.emit(schema::UnpackItem { insn, index, out });
    }
}

/// `UNPACK_EX`: from the top, the `before` leading items (item 0 on top), the
/// list of the starred target, then the `after` trailing items (the last deepest).
pub(super) fn unpack_ex(cx: &mut Cx<'_>, i: usize, before: u32, after: u32) {
    let insn = i as u32;
    if let Some(iterable) = cx.input(i, 0) {
        cx.emit(schema::Unpack { insn, iterable });
    }
    let n = before as u64 + after as u64 + 1;
    for (k, out) in cx.outputs(i).enumerate() {
        let Some(from_top) = n.checked_sub(1 + k as u64) else { continue };
        if from_top < before as u64 {
            cx.emit(schema::UnpackItem { insn, index: from_top as u32, out });
        } else if from_top == before as u64 {
            cx.emit(schema::UnpackRest { insn, out });
        } else {
            cx.emit(schema::UnpackItemFromEnd { insn, index: (n - from_top) as u32, out });
        }
    }
}

/// ≤3.12 `FORMAT_VALUE`: `[value, spec?]`.
pub(super) fn format_value(cx: &mut Cx<'_>, i: usize, conv: sem::Conversion, with_spec: bool) {
    if let (Some(value), Some(out)) = (cx.input(i, 0), cx.output(i, 0)) {
        cx.emit(schema::FormatValue { insn: i as u32, value, conversion: conversion(conv).id(), out });
    }
    if with_spec {
        if let Some(spec) = cx.input(i, 1) {
            cx.emit(schema::FormatSpec { insn: i as u32, spec });
        }
    }
}

/// 3.13+ `FORMAT_SIMPLE`/`FORMAT_WITH_SPEC`: when the value comes from a
/// `CONVERT_VALUE`, the conversion and its input are folded in, so the field has
/// the same shape as a ≤3.12 `FORMAT_VALUE`.
pub(super) fn format_folded(cx: &mut Cx<'_>, i: usize, with_spec: bool) {
    let (Some(mut value), Some(out)) = (cx.input(i, 0), cx.output(i, 0)) else { return };
    let mut conv = Conversion::None;
    if let Some((j, 0)) = cx.sole_producer(value) {
        if let Op::ConvertValue { conversion: c } = cx.instr(j).op {
            if let Some(original) = cx.input(j, 0) {
                value = original;
                conv = conversion(c);
            }
        }
    }
    cx.emit(schema::FormatValue { insn: i as u32, value, conversion: conv.id(), out });
    if with_spec {
        if let Some(spec) = cx.input(i, 1) {
            cx.emit(schema::FormatSpec { insn: i as u32, spec });
        }
    }
}

pub(super) fn build_string(cx: &mut Cx<'_>, i: usize) {
    let insn = i as u32;
    if let Some(out) = cx.output(i, 0) {
        cx.emit(schema::BuildString { insn, out });
    }
    for (index, value) in cx.inputs(i).enumerate() {
        cx.emit(schema::StringPart { insn, index: index as u32, value });
    }
}

/// 3.14 `BUILD_TEMPLATE`: `[strings, interpolations]`.
pub(super) fn build_template(cx: &mut Cx<'_>, i: usize) {
    if let (Some(strings), Some(interpolations), Some(out)) = (cx.input(i, 0), cx.input(i, 1), cx.output(i, 0)) {
        cx.emit(schema::BuildTemplate { insn: i as u32, strings, interpolations, out });
    }
}

/// 3.14 `BUILD_INTERPOLATION`: `[value, expression text, spec?]`.
pub(super) fn build_interpolation(cx: &mut Cx<'_>, i: usize, conv: sem::Conversion, with_spec: bool) {
    let insn = i as u32;
    if let (Some(value), Some(expression), Some(out)) = (cx.input(i, 0), cx.input(i, 1), cx.output(i, 0)) {
        cx.emit(schema::BuildInterpolation { insn, value, expression, conversion: conversion(conv).id(), out });
    }
    if with_spec {
        if let Some(spec) = cx.input(i, 2) {
            cx.emit(schema::FormatSpec { insn, spec });
        }
    }
}
