//! Basic blocks and typed edges of one code object.

use std::ops::Range;

use cpyg_adapters::DecodedCode;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum EdgeKind {
    Fallthrough,
    BranchTrue,
    BranchFalse,
    Jump,
    Exception,
    Resume,
}

impl EdgeKind {
    pub fn name(self) -> &'static str {
        match self {
            EdgeKind::Fallthrough => "fallthrough",
            EdgeKind::BranchTrue => "branch_true",
            EdgeKind::BranchFalse => "branch_false",
            EdgeKind::Jump => "jump",
            EdgeKind::Exception => "exception",
            EdgeKind::Resume => "resume",
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cfg {
    /// Instruction index ranges, in code order.
    pub blocks: Vec<Range<usize>>,
    /// Per instruction: its block.
    pub insn_block: Vec<u32>,
    /// (from block, to block, kind).
    pub edges: Vec<(u32, u32, EdgeKind)>,
}

pub fn code_cfg(decoded: &DecodedCode) -> Result<Cfg, String> {
    let _ = decoded;
    Err("control-flow graph is not built yet".into())
}
