//! The shared wordcode walker: EXTENDED_ARG folding, inline caches, jump targets
//! and locations, with everything release-specific delegated to the adapter.

use std::fmt;

use crate::code::CodeObject;
use crate::lift::{Flow, LiftCx, LiftFn};
use crate::sem::*;
use crate::table::{Jump, OpcodeInfo, OpcodeTable};

/// One release's decoder, assembled from its folder (`cpython3XX/mod.rs`).
pub struct Adapter {
    pub table: &'static OpcodeTable,
    pub self_slot: SelfSlot,
    by_code: [Option<&'static OpcodeInfo>; 256],
    dispatch: [Option<LiftFn>; 256],
    locations: fn(&CodeObject) -> Result<Vec<Location>, String>,
    regions: fn(&CodeObject, &mut [Instr]) -> Result<Vec<ExceptionRegion>, DecodeError>,
}

/// The parts a release folder supplies.
pub struct AdapterParts {
    pub table: &'static OpcodeTable,
    /// The release's call layout: where a call's self/NULL slot sits.
    pub self_slot: SelfSlot,
    /// Release-specific lifters by opcode name; `None` falls back to [`crate::common::lifter`].
    pub lifter: fn(&str) -> Option<LiftFn>,
    /// One location per code unit of `co_code`.
    pub locations: fn(&CodeObject) -> Result<Vec<Location>, String>,
    /// The exception regions, from the table or the block stack. A release whose
    /// stack effects depend on the whole code object (3.8 `CALL_FINALLY`) completes
    /// its instructions here.
    pub regions: fn(&CodeObject, &mut [Instr]) -> Result<Vec<ExceptionRegion>, DecodeError>,
}

impl AdapterParts {
    /// A release with 3.11's location and exception tables: only the opcode
    /// table, the call layout and the lifters are its own.
    pub fn with_tables(table: &'static OpcodeTable, self_slot: SelfSlot, lifter: fn(&str) -> Option<LiftFn>) -> Self {
        AdapterParts {
            table,
            self_slot,
            lifter,
            locations: crate::location_table::decode,
            regions: crate::exception_table::regions,
        }
    }
}

/// A decoding failure at a code object offset. The caller adds file and code-object names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError {
    pub offset: Option<u32>,
    pub message: String,
}

impl DecodeError {
    pub fn at(offset: u32, message: impl Into<String>) -> DecodeError {
        DecodeError { offset: Some(offset), message: message.into() }
    }

    pub fn whole(message: impl Into<String>) -> DecodeError {
        DecodeError { offset: None, message: message.into() }
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.offset {
            Some(offset) => write!(f, "offset {offset}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for DecodeError {}

/// A code object's instructions and normalised exception regions.
#[derive(Clone, Debug, PartialEq)]
pub struct DecodedCode {
    pub instrs: Vec<Instr>,
    pub regions: Vec<ExceptionRegion>,
}

impl DecodedCode {
    /// Index of the instruction that starts at `offset`, if one does.
    pub fn index_of(&self, offset: u32) -> Option<usize> {
        self.instrs.binary_search_by_key(&offset, |i| i.offset).ok()
    }
}

impl Adapter {
    pub fn new(parts: AdapterParts) -> Adapter {
        let by_code = parts.table.index();
        let mut dispatch: [Option<LiftFn>; 256] = [None; 256];
        for info in parts.table.opcodes {
            dispatch[info.code as usize] = (parts.lifter)(info.name).or_else(|| crate::common::lifter(info.name));
        }
        Adapter {
            table: parts.table,
            self_slot: parts.self_slot,
            by_code,
            dispatch,
            locations: parts.locations,
            regions: parts.regions,
        }
    }

    pub fn minor(&self) -> u8 {
        self.table.minor
    }

    /// Opcode names in the table that no lifter handles (should be empty).
    pub fn unlifted_opcodes(&self) -> Vec<&'static str> {
        self.table
            .opcodes
            .iter()
            .filter(|info| self.dispatch[info.code as usize].is_none())
            .map(|info| info.name)
            .collect()
    }

    pub fn decode(&self, code: &CodeObject) -> Result<DecodedCode, DecodeError> {
        let mut instrs = self.instructions(code)?;
        let regions = (self.regions)(code, &mut instrs)?;
        Ok(DecodedCode { instrs, regions })
    }

    fn instructions(&self, code: &CodeObject) -> Result<Vec<Instr>, DecodeError> {
        let bytes = &code.code;
        if bytes.len() % 2 != 0 {
            return Err(DecodeError::whole(format!("co_code has odd length {}", bytes.len())));
        }
        let locations = (self.locations)(code).map_err(|e| DecodeError::whole(format!("line table: {e}")))?;
        let mut cx = LiftCx::new(code, self.table, self.self_slot);
        let mut instrs = Vec::with_capacity(bytes.len() / 2);
        let mut extended: u32 = 0;
        let mut pos = 0usize;
        while pos < bytes.len() {
            let offset = pos as u32;
            let opcode = bytes[pos];
            let info = self.by_code[opcode as usize].ok_or_else(|| {
                DecodeError::at(offset, format!("opcode {opcode} is not defined in CPython 3.{}", self.minor()))
            })?;
            let raw = bytes[pos + 1] as u32;
            let arg = if info.has_arg { Some(extended << 8 | raw) } else { None };
            extended = if opcode == self.table.extended_arg { extended << 8 | raw } else { 0 };
            if extended > 0x00ff_ffff && opcode == self.table.extended_arg {
                return Err(DecodeError::at(offset, "more than three EXTENDED_ARG prefixes"));
            }
            let next = pos + 2 + 2 * info.cache_entries as usize;
            if next > bytes.len() {
                return Err(DecodeError::at(
                    offset,
                    format!("{} runs past the end of co_code (inline caches)", info.name),
                ));
            }
            let lift = self.dispatch[opcode as usize]
                .ok_or_else(|| DecodeError::at(offset, format!("{} has no semantic lifter", info.name)))?;
            let lifted =
                lift(arg.unwrap_or(0), &mut cx).map_err(|e| DecodeError::at(offset, format!("{}: {e}", info.name)))?;
            let control = self.control(info, offset, arg.unwrap_or(0), lifted.flow)?;
            let location = locations.get(pos / 2).copied().unwrap_or_default();
            if lifted.op != Op::ExtendedArg {
                cx.previous = Some(lifted.op.clone());
            }
            instrs.push(Instr {
                offset,
                opname: info.name,
                opcode,
                arg,
                cache_entries: info.cache_entries,
                op: lifted.op,
                stack: lifted.stack,
                control,
                protocols: lifted.protocols,
                location,
            });
            pos = next;
        }
        Ok(instrs)
    }

    fn control(&self, info: &OpcodeInfo, offset: u32, arg: u32, flow: Flow) -> Result<Control, DecodeError> {
        let target = || -> Result<u32, DecodeError> {
            let distance = self.table.jump_unit as i64 * arg as i64;
            let target = match info.jump {
                Jump::Absolute => Some(distance),
                Jump::Relative => {
                    let base = offset as i64 + 2 + 2 * info.cache_entries as i64;
                    Some(if info.backward { base - distance } else { base + distance })
                }
                Jump::None => None,
            };
            match target {
                Some(t) if (0..=u32::MAX as i64).contains(&t) => Ok(t as u32),
                Some(t) => Err(DecodeError::at(offset, format!("{} jumps to {t}, outside the code", info.name))),
                None => Err(DecodeError::at(
                    offset,
                    format!("{} is lifted as a jump but its opcode has no jump argument", info.name),
                )),
            }
        };
        Ok(match flow {
            Flow::Next => Control::Next,
            Flow::Branch(when) => Control::Branch { target: target()?, when },
            Flow::Jump => Control::Jump { target: target()? },
            Flow::Setup => Control::Setup { handler: target()? },
            Flow::Return => Control::Return,
            Flow::Raise => Control::Raise,
        })
    }

    /// `dis`'s `jump_target` for this instruction: the encoded target of any
    /// opcode with a jump argument, even where control does not use it
    /// (3.14 `END_ASYNC_FOR`).
    pub fn dis_jump_target(&self, instr: &Instr) -> Option<u32> {
        let info = self.by_code[instr.opcode as usize]?;
        self.control(info, instr.offset, instr.arg.unwrap_or(0), Flow::Jump).ok().and_then(|c| c.target())
    }
}
