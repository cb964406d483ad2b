//! CPython 3.13: release-specific decoding.

pub mod opcodes;

use crate::code::CodeObject;
use crate::decode::{AdapterParts, DecodeError};
use crate::lift::LiftFn;
use crate::sem::{ExceptionRegion, Instr};

pub fn parts() -> AdapterParts {
    AdapterParts { table: &opcodes::TABLE, lifter, locations: crate::location_table::decode, regions }
}

fn regions(code: &CodeObject, instrs: &[Instr]) -> Result<Vec<ExceptionRegion>, DecodeError> {
    crate::exception_table::decode(&code.exceptiontable, instrs, code.code.len() as u32)
}

/// Opcodes whose meaning in 3.13 differs from [`crate::common::lifter`] or exist only here.
fn lifter(name: &str) -> Option<LiftFn> {
    let _ = name;
    None
}
