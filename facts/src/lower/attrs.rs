//! Attributes. A method-form load pushes a pair, whose halves the releases order
//! differently at run time (≤3.12 `[method, self]` or `[NULL, attribute]`; 3.13+
//! `[attribute-or-method, self-or-NULL]`); in every release the deeper half is
//! what the call calls (`LoadAttr.out`) and the other is `MethodSelf`, so the
//! call's `callee` flows from `LoadAttr.out` alike.

use cpyg_adapters::sem::SpecialMethod;

use super::Cx;
use crate::schema;

pub(super) fn load_attr(cx: &mut Cx<'_>, i: usize, name: u32, method: bool) {
    let name = cx.name_sym(name);
    emit_load(cx, i, name, method);
}

fn emit_load(cx: &mut Cx<'_>, i: usize, name: u32, method: bool) {
    let insn = i as u32;
    if let (Some(base), Some(out)) = (cx.input(i, 0), cx.output(i, 0)) {
        cx.emit(schema::LoadAttr { insn, base, name, out });
    }
    if method {
        if let Some(out) = cx.output(i, 1) {
            cx.emit(schema::MethodSelf { insn, out });
        }
    }
}

/// `STORE_ATTR`: `[value, base]`.
pub(super) fn store_attr(cx: &mut Cx<'_>, i: usize, name: u32) {
    let name = cx.name_sym(name);
    if let (Some(value), Some(base)) = (cx.input(i, 0), cx.input(i, 1)) {
        cx.emit(schema::StoreAttr { insn: i as u32, base, name, value });
    }
}

pub(super) fn delete_attr(cx: &mut Cx<'_>, i: usize, name: u32) {
    let name = cx.name_sym(name);
    if let Some(base) = cx.input(i, 0) {
        cx.emit(schema::DeleteAttr { insn: i as u32, base, name });
    }
}

/// `LOAD_SUPER_ATTR`: `[super, class, self]`.
pub(super) fn load_super_attr(cx: &mut Cx<'_>, i: usize, name: u32, method: bool) {
    let name = cx.name_sym(name);
    let insn = i as u32;
    if let (Some(super_fn), Some(class), Some(receiver), Some(out)) =
        (cx.input(i, 0), cx.input(i, 1), cx.input(i, 2), cx.output(i, 0))
    {
        cx.emit(schema::SuperAttr { insn, super_fn, class, receiver, name, out });
    }
    if method {
        if let Some(out) = cx.output(i, 1) {
            cx.emit(schema::MethodSelf { insn, out });
        }
    }
}

/// 3.14 `LOAD_SPECIAL`: a method-form load of `__enter__`, `__exit__` or their async forms.
pub(super) fn load_special(cx: &mut Cx<'_>, i: usize, method: SpecialMethod) {
    let name = cx.sym(method.dunder());
    emit_load(cx, i, name, true);
}
