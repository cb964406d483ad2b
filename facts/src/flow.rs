//! Operand-stack flow of one code object: every value an instruction pushes and
//! every value it reads becomes a variable, and `flows` links each read to every
//! producer that can reach it along normal, jump and exception edges.

use std::ops::Range;

use cpyg_adapters::code::CodeObject;
use cpyg_adapters::validate::StackDepths;
use cpyg_adapters::DecodedCode;

/// Variables of one code object, numbered locally and deterministically: for each
/// instruction in order its popped inputs (deepest first), then its in-place
/// reads, then its outputs (deepest first); after all instructions, the values
/// each exception region's handler starts with, region by region.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CodeVars {
    /// Per instruction: popped inputs, `index` 0 = deepest.
    pub inputs: Vec<Range<u32>>,
    /// Per instruction: (depth below the popped inputs, 1 = top, variable) read in place.
    pub peeks: Vec<Vec<(u32, u32)>>,
    /// Per instruction: pushed outputs, `index` 0 = deepest.
    pub outputs: Vec<Range<u32>>,
    /// Per exception region (in `DecodedCode::regions` order): the pushed handler values.
    pub handler_values: Vec<Range<u32>>,
    pub count: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CodeFlow {
    pub vars: CodeVars,
    /// (producer: output or handler value, consumer: input or in-place read), sorted, deduplicated.
    pub flows: Vec<(u32, u32)>,
}

/// Simulates the operand stack of `code` with sets of producers per slot.
pub fn code_flow(code: &CodeObject, decoded: &DecodedCode, depths: &StackDepths) -> Result<CodeFlow, String> {
    let _ = (code, decoded, depths);
    Err("operand-stack flow is not built yet".into())
}
