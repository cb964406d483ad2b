//! Exception regions, handler entries and exception matching.

use super::Cx;
use crate::schema;

/// `ExceptionRegion` and `InsnRegion`, keyed by the instructions at the native offsets.
pub(super) fn lower_regions(cx: &mut Cx<'_>) {
    let code = cx.id();
    let instrs = cx.instrs();
    for (r, region) in cx.code.decoded.regions.iter().enumerate() {
        let first = instrs.partition_point(|i| i.offset < region.start);
        let end = instrs.partition_point(|i| i.offset < region.end);
        let Some(handler) = cx.code.decoded.index_of(region.handler) else { continue };
        if first >= end {
            continue;
        }
        let region_id = r as u32;
        cx.emit(schema::ExceptionRegion {
            region: region_id,
            code,
            first: first as u32,
            last: (end - 1) as u32,
            handler: handler as u32,
            depth: region.depth,
            lasti: region.lasti as u32,
        });
        for insn in first..end {
            cx.emit(schema::InsnRegion { insn: insn as u32, region: region_id });
        }
    }
}

/// `PUSH_EXC_INFO`: `[exception]` → `[previous exception, exception]`.
pub(super) fn push_exc_info(cx: &mut Cx<'_>, i: usize) {
    let insn = i as u32;
    if let (Some(exception), Some(previous_out), Some(exception_out)) =
        (cx.input(i, 0), cx.output(i, 0), cx.output(i, 1))
    {
        cx.emit(schema::PushExcInfo { insn, exception, previous_out, exception_out });
        cx.emit(schema::SameValue { insn, from: exception, to: exception_out });
    }
}

/// `CHECK_EXC_MATCH`: pops the pattern, reads the exception below it, pushes a bool.
/// 3.11+ `CHECK_EXC_MATCH` reads the exception below the pattern it pops; 3.8
/// `COMPARE_OP exception match` pops both, `[exception type, pattern]`.
pub(super) fn check_exc_match(cx: &mut Cx<'_>, i: usize) {
    let insn = i as u32;
    let operands = match cx.peek(i, 1) {
        Some(exception) => (Some(exception), cx.input(i, 0)),
        None => (cx.input(i, 0), cx.input(i, 1)),
    };
    if let (Some(exception), Some(pattern)) = operands {
        cx.emit(schema::ExceptMatch { insn, exception, pattern });
    }
    if let Some(out) = cx.output(i, 0) {
        cx.emit(schema::ExceptMatchResult { insn, out });
    }
}

/// 3.10 `JUMP_IF_NOT_EXC_MATCH`: `[exception type, pattern]`.
pub(super) fn jump_if_not_exc_match(cx: &mut Cx<'_>, i: usize) {
    if let (Some(exception), Some(pattern)) = (cx.input(i, 0), cx.input(i, 1)) {
        cx.emit(schema::ExceptMatch { insn: i as u32, exception, pattern });
    }
}

/// `CHECK_EG_MATCH`: `[exception, pattern]` → `[rest, matched]`.
pub(super) fn check_eg_match(cx: &mut Cx<'_>, i: usize) {
    if let (Some(exception), Some(pattern), Some(rest), Some(matched)) =
        (cx.input(i, 0), cx.input(i, 1), cx.output(i, 0), cx.output(i, 1))
    {
        cx.emit(schema::ExceptStarMatch { insn: i as u32, exception, pattern, rest, matched });
    }
}
