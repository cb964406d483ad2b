//! Locals, cells, globals and names.

use cpyg_adapters::sem::{LocalAccess, Op, SelfSlot};

use super::Cx;
use crate::schema;

/// Output positions of a `LOAD_GLOBAL`'s global and of the NULL it may push:
/// `[NULL, global]` in 3.11-3.12, `[global, NULL]` in 3.13+. A real layout
/// difference of the releases; `LoadGlobal.out` and `NullValue` hide it from rules.
fn global_and_null(self_slot: SelfSlot) -> (u32, Option<u32>) {
    match self_slot {
        SelfSlot::None => (0, None),
        SelfSlot::BeforeCallable => (1, Some(0)),
        SelfSlot::AfterCallable => (0, Some(1)),
    }
}

/// Variables that always hold NULL: `PUSH_NULL`'s output and the NULL half of a
/// `LOAD_GLOBAL` that pushes one.
pub(super) fn null_outputs(cx: &Cx<'_>) -> Vec<bool> {
    let mut nulls = vec![false; cx.flow.vars.count as usize];
    for (i, instr) in cx.instrs().iter().enumerate() {
        let null = match instr.op {
            Op::PushNull => cx.output(i, 0),
            Op::LoadGlobal { self_slot, .. } => global_and_null(self_slot).1.and_then(|k| cx.output(i, k)),
            _ => None,
        };
        if let Some(slot) = null.and_then(|v| nulls.get_mut(v as usize)) {
            *slot = true;
        }
    }
    nulls
}

pub(super) fn push_null(cx: &mut Cx<'_>, i: usize) {
    if let Some(var) = cx.output(i, 0) {
        cx.emit(schema::NullValue { var });
    }
}

pub(super) fn load_local(cx: &mut Cx<'_>, i: usize, slot: u32, access: LocalAccess) {
    let (insn, code) = (i as u32, cx.id());
    if let Some(out) = cx.output(i, 0) {
        cx.emit(schema::LoadLocal { insn, code, slot, out });
    }
    // Inlined comprehensions save the outer value and leave the slot empty.
    if access == LocalAccess::AndClear {
        cx.emit(schema::DeleteLocal { insn, code, slot });
    }
}

pub(super) fn load_local_pair(cx: &mut Cx<'_>, i: usize, first: u32, second: u32) {
    let (insn, code) = (i as u32, cx.id());
    for (index, slot) in [(0, first), (1, second)] {
        if let Some(out) = cx.output(i, index) {
            cx.emit(schema::LoadLocal { insn, code, slot, out });
        }
    }
}

pub(super) fn store_local(cx: &mut Cx<'_>, i: usize, slot: u32) {
    if let Some(value) = cx.input(i, 0) {
        cx.emit(schema::StoreLocal { insn: i as u32, code: cx.id(), slot, value });
    }
}

/// `STORE_FAST_STORE_FAST`: the top goes to `first`, the value below it to `second`.
pub(super) fn store_local_pair(cx: &mut Cx<'_>, i: usize, first: u32, second: u32) {
    let (insn, code) = (i as u32, cx.id());
    for (index, slot) in [(1, first), (0, second)] {
        if let Some(value) = cx.input(i, index) {
            cx.emit(schema::StoreLocal { insn, code, slot, value });
        }
    }
}

pub(super) fn store_then_load(cx: &mut Cx<'_>, i: usize, store: u32, load: u32) {
    store_local(cx, i, store);
    load_local(cx, i, load, LocalAccess::Plain);
}

pub(super) fn delete_local(cx: &mut Cx<'_>, i: usize, slot: u32) {
    cx.emit(schema::DeleteLocal { insn: i as u32, code: cx.id(), slot });
}

pub(super) fn make_cell(cx: &mut Cx<'_>, i: usize, slot: u32) {
    cx.emit(schema::MakeCell { insn: i as u32, code: cx.id(), slot });
}

pub(super) fn load_cell_ref(cx: &mut Cx<'_>, i: usize, slot: u32) {
    if let Some(out) = cx.output(i, 0) {
        cx.emit(schema::LoadCellRef { insn: i as u32, code: cx.id(), slot, out });
    }
}

pub(super) fn load_cell(cx: &mut Cx<'_>, i: usize, slot: u32) {
    if let Some(out) = cx.output(i, 0) {
        cx.emit(schema::LoadCell { insn: i as u32, code: cx.id(), slot, out });
    }
}

pub(super) fn store_cell(cx: &mut Cx<'_>, i: usize, slot: u32) {
    if let Some(value) = cx.input(i, 0) {
        cx.emit(schema::StoreCell { insn: i as u32, code: cx.id(), slot, value });
    }
}

pub(super) fn delete_cell(cx: &mut Cx<'_>, i: usize, slot: u32) {
    cx.emit(schema::DeleteCell { insn: i as u32, code: cx.id(), slot });
}

/// `LOAD_CLASSDEREF` (≤3.11) and `LOAD_FROM_DICT_OR_DEREF` (3.12+, whose mapping
/// operand is always the class namespace from `LOAD_LOCALS`): one shape.
pub(super) fn load_class_cell(cx: &mut Cx<'_>, i: usize, slot: u32) {
    if let Some(out) = cx.output(i, 0) {
        cx.emit(schema::LoadClassCell { insn: i as u32, code: cx.id(), slot, out });
    }
}

pub(super) fn load_global(cx: &mut Cx<'_>, i: usize, name: u32, self_slot: SelfSlot) {
    let (global, null) = global_and_null(self_slot);
    let name = cx.name_sym(name);
    if let Some(out) = cx.output(i, global) {
        cx.emit(schema::LoadGlobal { insn: i as u32, name, out });
    }
    if let Some(var) = null.and_then(|k| cx.output(i, k)) {
        cx.emit(schema::NullValue { var });
    }
}

pub(super) fn store_global(cx: &mut Cx<'_>, i: usize, name: u32) {
    let name = cx.name_sym(name);
    if let Some(value) = cx.input(i, 0) {
        cx.emit(schema::StoreGlobal { insn: i as u32, name, value });
    }
}

pub(super) fn delete_global(cx: &mut Cx<'_>, i: usize, name: u32) {
    let name = cx.name_sym(name);
    cx.emit(schema::DeleteGlobal { insn: i as u32, name });
}

pub(super) fn load_name(cx: &mut Cx<'_>, i: usize, name: u32) {
    let name = cx.name_sym(name);
    if let Some(out) = cx.output(i, 0) {
        cx.emit(schema::LoadName { insn: i as u32, name, out });
    }
}

pub(super) fn store_name(cx: &mut Cx<'_>, i: usize, name: u32) {
    let name = cx.name_sym(name);
    if let Some(value) = cx.input(i, 0) {
        cx.emit(schema::StoreName { insn: i as u32, name, value });
    }
}

pub(super) fn delete_name(cx: &mut Cx<'_>, i: usize, name: u32) {
    let name = cx.name_sym(name);
    cx.emit(schema::DeleteName { insn: i as u32, name });
}

pub(super) fn load_from_mapping(cx: &mut Cx<'_>, i: usize, name: u32) {
    let name = cx.name_sym(name);
    if let (Some(mapping), Some(out)) = (cx.input(i, 0), cx.output(i, 0)) {
        cx.emit(schema::LoadNameFromMapping { insn: i as u32, mapping, name, out });
    }
}

pub(super) fn load_locals(cx: &mut Cx<'_>, i: usize) {
    if let Some(out) = cx.output(i, 0) {
        cx.emit(schema::LoadLocals { insn: i as u32, out });
    }
}
