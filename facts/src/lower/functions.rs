//! Functions and classes.
//!
//! Function creation has one shape in every release: `MakeFunction(insn, code,
//! out)` plus one `FunctionAttribute` per attached value, keyed by the
//! `MAKE_FUNCTION` instruction. ≤3.12 pops the attributes below the code object
//! (3.10 also the qualified name above it); 3.13+ creates a bare function and
//! attaches each attribute with a `SET_FUNCTION_ATTRIBUTE` that passes the
//! function on, so `out` is the output of the last of those.

use cpyg_adapters::sem::{FunctionAttrs, Op};

use super::{Cx, Owner};
use crate::schema::{self, FunctionAttr};

/// Attribute bits in the order their values sit on the stack, bottom to top.
const ATTRS: [(u32, FunctionAttr); 5] = [
    (FunctionAttrs::DEFAULTS, FunctionAttr::Defaults),
    (FunctionAttrs::KWDEFAULTS, FunctionAttr::KwDefaults),
    (FunctionAttrs::ANNOTATIONS, FunctionAttr::Annotations),
    (FunctionAttrs::CLOSURE, FunctionAttr::Closure),
    (FunctionAttrs::ANNOTATE, FunctionAttr::Annotate),
];

fn attr_of(bits: FunctionAttrs) -> Option<FunctionAttr> {
    ATTRS.iter().find(|(bit, _)| bits.0 == *bit).map(|&(_, attr)| attr)
}

pub(super) fn make_function(cx: &mut Cx<'_>, i: usize, attrs: FunctionAttrs) {
    let insn = i as u32;
    let mut position = 0;
    for (bit, attr) in ATTRS {
        if attrs.0 & bit != 0 {
            if let Some(value) = cx.input(i, position) {
                cx.emit(schema::FunctionAttribute { insn, attr: attr.id(), value });
            }
            position += 1;
        }
    }
    let Some(mut out) = cx.output(i, 0) else { return };
    // 3.13+: follow the function through the SET_FUNCTION_ATTRIBUTEs applied to it.
    for _ in 0..cx.instrs().len() {
        let Some(next) = attribute_setter_of(cx, out) else { break };
        if let (Some(value), Some(attr)) = (cx.input(next, 0), attr_of(attr_bits(cx, next))) {
            cx.emit(schema::FunctionAttribute { insn, attr: attr.id(), value });
        }
        match cx.output(next, 0) {
            Some(v) => out = v,
            None => break,
        }
    }
    let code = cx.input(i, position).and_then(|v| cx.const_of(v)).and_then(|c| cx.consts.code(c));
    if let Some(code) = code {
        cx.emit(schema::MakeFunction { insn, code, out });
    }
}

fn attr_bits(cx: &Cx<'_>, i: usize) -> FunctionAttrs {
    match cx.instr(i).op {
        Op::SetFunctionAttribute { attr } => attr,
        _ => FunctionAttrs(0),
    }
}

/// The `SET_FUNCTION_ATTRIBUTE` that is the only reader of `var`, as its function operand.
fn attribute_setter_of(cx: &Cx<'_>, var: u32) -> Option<usize> {
    match cx.consumers(var) {
        [reader] => match cx.owner(*reader) {
            Owner::Input { insn, index: 1 } if matches!(cx.instr(insn).op, Op::SetFunctionAttribute { .. }) => {
                Some(insn)
            }
            _ => None,
        },
        _ => None,
    }
}

/// `SET_FUNCTION_ATTRIBUTE`: `[value, function]` → the same function.
pub(super) fn set_function_attribute(cx: &mut Cx<'_>, i: usize) {
    if let (Some(from), Some(to)) = (cx.input(i, 1), cx.output(i, 0)) {
        cx.emit(schema::SameValue { insn: i as u32, from, to });
    }
}

pub(super) fn load_build_class(cx: &mut Cx<'_>, i: usize) {
    if let Some(out) = cx.output(i, 0) {
        cx.emit(schema::LoadBuildClass { insn: i as u32, out });
    }
}

/// The code object of the function every producer of `var` creates, when they agree.
pub(super) fn function_code_of(cx: &Cx<'_>, var: u32) -> Option<u32> {
    let mut found = None;
    for (j, _) in cx.producing_outputs(var) {
        let code = match cx.instr(j).op {
            Op::MakeFunction { attrs } => make_function_code(cx, j, attrs)?,
            // A 3.13+ attribute setter: the function came from its operand 1.
            Op::SetFunctionAttribute { .. } => created_function_code(cx, j)?,
            _ => return None,
        };
        match found {
            None => found = Some(code),
            Some(c) if c == code => {}
            Some(_) => return None,
        }
    }
    found
}

fn make_function_code(cx: &Cx<'_>, j: usize, attrs: FunctionAttrs) -> Option<u32> {
    cx.input(j, attrs.count()).and_then(|v| cx.const_of(v)).and_then(|c| cx.consts.code(c))
}

/// Walks back through attribute setters to the `MAKE_FUNCTION` (bounded by the code length).
fn created_function_code(cx: &Cx<'_>, mut setter: usize) -> Option<u32> {
    for _ in 0..cx.instrs().len() {
        let operand = cx.input(setter, 1)?;
        let (j, _) = cx.sole_producer(operand)?;
        match cx.instr(j).op {
            Op::MakeFunction { attrs } => return make_function_code(cx, j, attrs),
            Op::SetFunctionAttribute { .. } => setter = j,
            _ => return None,
        }
    }
    None
}
