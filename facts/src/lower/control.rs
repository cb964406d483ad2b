//! Basic blocks and typed edges, from the control-flow graph.

use super::Cx;
use crate::schema::{self, EdgeKind};

pub(super) fn lower(cx: &mut Cx<'_>) -> Result<(), String> {
    let code = cx.id();
    let n = cx.instrs().len();
    for (b, range) in cx.cfg.blocks.iter().enumerate() {
        if range.start >= range.end || range.end > n {
            return Err(format!("block {b} spans instructions {}..{} of {n}", range.start, range.end));
        }
        cx.emit(schema::Block { block: b as u32, code, first: range.start as u32, last: (range.end - 1) as u32 });
        if range.start == 0 {
            cx.emit(schema::EntryBlock { code, block: b as u32 });
        }
    }
    let blocks = cx.cfg.blocks.len() as u32;
    for (insn, &block) in cx.cfg.insn_block.iter().enumerate() {
        if block >= blocks {
            return Err(format!("instruction {insn} is in block {block}, of {blocks}"));
        }
        cx.emit(schema::InsnBlock { insn: insn as u32, block });
    }
    for &(from, to, kind) in &cx.cfg.edges {
        let kind =
            EdgeKind::from_name(kind.name()).ok_or_else(|| format!("edge kind {} has no schema name", kind.name()))?;
        if from >= blocks || to >= blocks {
            return Err(format!("edge {from} -> {to} names a block out of range ({blocks} blocks)"));
        }
        cx.emit(schema::BlockEdge { from, to, kind: kind.id() });
    }
    Ok(())
}
