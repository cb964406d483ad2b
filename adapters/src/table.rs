//! The declarative opcode table each release folder carries (`cpython3XX/opcodes.rs`,
//! generated from that interpreter's `opcode`/`dis` modules by `gen/opcode_table.py`).

/// How an opcode's argument encodes a jump, as the release's `dis` computes `jump_target`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Jump {
    None,
    /// `offset + 2 + 2 * cache_entries ± jump_unit * arg` (minus for backward opcodes).
    Relative,
    /// `jump_unit * arg` (3.8–3.10).
    Absolute,
}

#[derive(Clone, Copy, Debug)]
pub struct OpcodeInfo {
    pub code: u8,
    pub name: &'static str,
    pub has_arg: bool,
    /// Inline cache code units that follow the instruction (3.11+).
    pub cache_entries: u8,
    pub jump: Jump,
    pub backward: bool,
    /// `dis.stack_effect` on the (normal, jump) edge when it is the same for every
    /// argument; used to cross-check the handwritten decoders without Python.
    pub stack_effect: Option<(i32, i32)>,
}

#[derive(Debug)]
pub struct OpcodeTable {
    pub minor: u8,
    pub generated_from: &'static str,
    /// The `.pyc` magic number of the release the table was generated from.
    pub magic: u16,
    pub extended_arg: u8,
    /// Bytes per unit of a jump argument: 1 before 3.10, 2 (one code unit) from 3.10.
    pub jump_unit: u8,
    pub opcodes: &'static [OpcodeInfo],
    pub compare_ops: &'static [&'static str],
    /// `BINARY_OP` argument → operator symbol (3.11+).
    pub binary_ops: &'static [&'static str],
    pub intrinsics_1: &'static [&'static str],
    pub intrinsics_2: &'static [&'static str],
    /// `LOAD_SPECIAL` argument → method name (3.14+).
    pub special_methods: &'static [&'static str],
    /// `LOAD_COMMON_CONSTANT` argument → builtin name (3.14+).
    pub common_constants: &'static [&'static str],
}

impl OpcodeTable {
    /// Opcode byte → row, for O(1) lookup while walking wordcode.
    pub fn index(&'static self) -> [Option<&'static OpcodeInfo>; 256] {
        let mut by_code = [None; 256];
        for info in self.opcodes {
            by_code[info.code as usize] = Some(info);
        }
        by_code
    }

    pub fn by_name(&self, name: &str) -> Option<&'static OpcodeInfo> {
        self.opcodes.iter().find(|info| info.name == name)
    }
}
