//! Lifting one raw instruction into its semantic record.
//!
//! Each release folder maps opcode names to [`LiftFn`]s (`lifter(name)`), falling
//! back to [`crate::common::lifter`] for opcodes whose meaning is the same in every
//! release that has them. The adapter resolves names once into a 256-entry
//! dispatch table, so decoding never compares strings.

use crate::code::CodeObject;
use crate::sem::*;
use crate::table::OpcodeTable;

/// What a lifter says about one instruction; the walker adds offset, jump target and location.
#[derive(Clone, Debug, PartialEq)]
pub struct Lifted {
    pub op: Op,
    pub stack: StackEffect,
    pub flow: Flow,
    pub protocols: Protocols,
}

/// Control shape; the walker resolves targets from the opcode table's jump encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Next,
    Branch(Condition),
    Jump,
    Setup,
    Return,
    Raise,
}

impl Lifted {
    pub fn new(op: Op, pops: u32, pushes: u32) -> Lifted {
        Lifted { op, stack: StackEffect::new(pops, pushes), flow: Flow::Next, protocols: Protocols::NONE }
    }

    pub fn protocols(mut self, protocols: Protocols) -> Lifted {
        self.protocols = self.protocols | protocols;
        self
    }

    pub fn flow(mut self, flow: Flow) -> Lifted {
        self.flow = flow;
        self
    }

    pub fn jump_stack(mut self, pops: u32, pushes: u32) -> Lifted {
        self.stack = self.stack.with_jump(pops, pushes);
        self
    }

    pub fn peek(mut self, depth: u32) -> Lifted {
        self.stack = self.stack.with_peek(depth);
        self
    }
}

/// Per-code-object context a lifter may consult, plus state carried between
/// instructions of one code object (3.11/3.12 `KW_NAMES` names the next call's keywords).
pub struct LiftCx<'a> {
    pub code: &'a CodeObject,
    pub table: &'static OpcodeTable,
    pub pending_kw_names: Option<u32>,
    /// The operation of the preceding instruction in byte order, `EXTENDED_ARG`
    /// prefixes skipped. Operands some releases pass on the stack are recovered
    /// from it (3.13+ `CALL_KW` names loaded by the `LOAD_CONST` just before it,
    /// 3.14 `CALL_FUNCTION_EX` given a `PUSH_NULL` instead of a kwargs mapping).
    pub previous: Option<Op>,
    /// Where this release keeps a call's self/NULL slot (and so where method and
    /// global loads push it).
    pub self_slot: SelfSlot,
}

impl<'a> LiftCx<'a> {
    /// The context at the start of a code object: nothing carried over yet.
    pub fn new(code: &'a CodeObject, table: &'static OpcodeTable, self_slot: SelfSlot) -> LiftCx<'a> {
        LiftCx { code, table, pending_kw_names: None, previous: None, self_slot }
    }

    pub fn const_tuple_len(&self, index: u32) -> Result<u32, String> {
        match self.code.consts.get(index as usize) {
            Some(crate::code::Const::Tuple(items)) => Ok(items.len() as u32),
            Some(other) => Err(format!("constant {index} is {other}, expected a tuple of keyword names")),
            None => Err(format!("constant index {index} out of range ({} constants)", self.code.consts.len())),
        }
    }

    pub fn check_const(&self, index: u32) -> Result<u32, String> {
        if (index as usize) < self.code.consts.len() {
            Ok(index)
        } else {
            Err(format!("constant index {index} out of range ({} constants)", self.code.consts.len()))
        }
    }

    pub fn check_name(&self, index: u32) -> Result<u32, String> {
        if (index as usize) < self.code.names.len() {
            Ok(index)
        } else {
            Err(format!("name index {index} out of range ({} names)", self.code.names.len()))
        }
    }

    pub fn check_slot(&self, slot: u32) -> Result<u32, String> {
        if (slot as usize) < self.code.localsplus.len() {
            Ok(slot)
        } else {
            Err(format!("local slot {slot} out of range ({} slots)", self.code.localsplus.len()))
        }
    }

    /// 3.10 addresses cells and frees relative to the end of the plain locals.
    pub fn check_cell(&self, index: u32) -> Result<u32, String> {
        self.check_slot(self.code.cell_offset + index)
    }

    pub fn compare_op(&self, index: u32) -> Result<CompareOp, String> {
        self.table
            .compare_ops
            .get(index as usize)
            .and_then(|s| CompareOp::from_symbol(s))
            .ok_or_else(|| format!("comparison operator {index} is not defined"))
    }

    pub fn binary_op(&self, index: u32) -> Result<(BinaryOp, bool), String> {
        self.table
            .binary_ops
            .get(index as usize)
            .and_then(|s| BinaryOp::from_symbol(s))
            .ok_or_else(|| format!("binary operator {index} is not defined"))
    }
}

pub type LiftResult = Result<Lifted, String>;

/// Lifts one instruction given its full (extended) argument.
pub type LiftFn = fn(arg: u32, cx: &mut LiftCx<'_>) -> LiftResult;

/// Protocol families shared by several operations.
pub mod families {
    use crate::sem::Protocols;
    pub const ATTR: Protocols = Protocols::ATTR_GET;
    pub const TRUTH: Protocols = Protocols::TRUTH.union(Protocols::LEN);
    pub const ITERATION: Protocols = Protocols::ITER;
    pub const FOR_ITER: Protocols = Protocols::NEXT;
    pub const HASHING: Protocols = Protocols::HASH.union(Protocols::COMPARE);
}

pub fn conversion(bits: u32) -> Conversion {
    match bits {
        1 => Conversion::Str,
        2 => Conversion::Repr,
        3 => Conversion::Ascii,
        _ => Conversion::None,
    }
}
