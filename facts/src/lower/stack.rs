//! Operand-stack flow relations, from `flow.rs`.

use super::Cx;
use crate::schema::{self, UnusedReason};

pub(super) fn lower(cx: &mut Cx<'_>) {
    let flow = cx.flow;
    for (insn, range) in flow.vars.inputs.iter().enumerate() {
        for (index, var) in range.clone().enumerate() {
            cx.emit(schema::InVar { var, insn: insn as u32, index: index as u32 });
        }
    }
    for (insn, peeks) in flow.vars.peeks.iter().enumerate() {
        for &(depth, var) in peeks {
            cx.emit(schema::PeekVar { var, insn: insn as u32, depth });
        }
    }
    for (insn, range) in flow.vars.outputs.iter().enumerate() {
        for (index, var) in range.clone().enumerate() {
            cx.emit(schema::OutVar { var, insn: insn as u32, index: index as u32 });
        }
    }
    for (region, range) in flow.vars.handler_values.iter().enumerate() {
        for (index, var) in range.clone().enumerate() {
            cx.emit(schema::HandlerVar { var, region: region as u32, index: index as u32 });
        }
    }
    for (index, var) in flow.vars.entry.clone().enumerate() {
        cx.emit(schema::EntryVar { var, code: cx.id(), index: index as u32 });
    }
    for &(from, to) in &flow.flows {
        cx.emit(schema::StackFlow { from, to });
    }
    // The checker counts unexplained (`lost`) values as violations; they are not facts.
    for &(var, reason) in &flow.unused {
        if let Some(reason) = UnusedReason::from_name(reason.name()) {
            cx.emit(schema::UnusedOutput { var, reason: reason.id() });
        }
    }
}
