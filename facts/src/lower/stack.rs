//! Operand-stack flow relations, from `flow.rs`.

use cpyg_adapters::sem::Op;

use super::Cx;
use crate::schema;

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
            if cx.consumers(var).is_empty() && unused_is_legitimate(cx, insn) {
                cx.emit(schema::UnusedOutput { var });
            }
        }
    }
    for (region, range) in flow.vars.handler_values.iter().enumerate() {
        for (index, var) in range.clone().enumerate() {
            cx.emit(schema::HandlerVar { var, region: region as u32, index: index as u32 });
        }
    }
    for &(from, to) in &flow.flows {
        cx.emit(schema::StackFlow { from, to });
    }
}

/// Outputs nothing reads, by design:
/// - outputs of unreachable instructions, which never run;
/// - the value 3.14's `RETURN_VALUE` pushes, which lands on the caller's stack.
fn unused_is_legitimate(cx: &Cx<'_>, insn: usize) -> bool {
    let unreachable = cx.code.depths.entry.get(insn).is_none_or(Option::is_none);
    unreachable || matches!(cx.instr(insn).op, Op::Return)
}
