//! Constants: `co_consts`, the items nested in them, and the immediates that
//! 3.14+ loads without a constant (`LOAD_SMALL_INT`, 3.15 `LOAD_COMMON_CONSTANT`
//! of `None`, `''`, ...), so that rules see one shape.

use std::collections::{BTreeMap, VecDeque};

use cpyg_adapters::code::{CodeObject, Const};
use cpyg_adapters::sem::{Immediate, Instr, Op};

use super::Cx;
use crate::schema::{self, ConstKind};

/// A constant's value: from the code object, or an instruction's immediate.
#[derive(Clone, Copy, Debug)]
pub(crate) enum ConstValue<'a> {
    Stored(&'a Const),
    Immediate(Immediate),
}

/// Local constant ids: `co_consts[i]` is `i`; nested items follow breadth-first,
/// then the `LoadImmediate` operands in order of first load.
pub(crate) struct ConstTable<'a> {
    values: Vec<ConstValue<'a>>,
    /// Items of tuple, frozenset and slice constants, by constant id.
    items: BTreeMap<u32, Vec<u32>>,
    /// Code id of each code constant, by constant id.
    codes: BTreeMap<u32, u32>,
    /// `LoadImmediate` operand → its constant.
    immediates: BTreeMap<Immediate, u32>,
    stored: u32,
    /// String constants and the code objects compiled from them (`eval`/`exec` of the string).
    compiled: Vec<(u32, u32)>,
}

impl<'a> ConstTable<'a> {
    pub fn build(code: &'a CodeObject, instrs: &[Instr], children: &[u32]) -> Result<ConstTable<'a>, String> {
        let mut table = ConstTable {
            values: code.consts.iter().map(ConstValue::Stored).collect(),
            items: BTreeMap::new(),
            codes: BTreeMap::new(),
            immediates: BTreeMap::new(),
            stored: code.consts.len() as u32,
            compiled: Vec::new(),
        };
        // Direct code constants are the children, in order (identities follow `co_consts`).
        let mut child = children.iter();
        for (i, c) in code.consts.iter().enumerate() {
            if let Const::Code(_) = c {
                let id = child.next().ok_or_else(|| format!("code constant {i} has no code object id"))?;
                table.codes.insert(i as u32, *id);
            }
        }
        let mut queue: VecDeque<(u32, &'a Const)> =
            code.consts.iter().enumerate().map(|(i, c)| (i as u32, c)).collect();
        while let Some((id, value)) = queue.pop_front() {
            let items: &'a [Const] = match value {
                Const::Tuple(items) | Const::FrozenSet(items) => items,
                Const::Slice(parts) => &parts[..],
                _ => continue,
            };
            let mut ids = Vec::with_capacity(items.len());
            for item in items {
                let item_id = table.values.len() as u32;
                table.values.push(ConstValue::Stored(item));
                ids.push(item_id);
                queue.push_back((item_id, item));
            }
            table.items.insert(id, ids);
        }
        for instr in instrs {
            let value = match instr.op {
                Op::LoadImmediate { value } => value,
                Op::BeginFinally => Immediate::None,
                _ => continue,
            };
            let id = table.values.len() as u32;
            if let std::collections::btree_map::Entry::Vacant(slot) = table.immediates.entry(value) {
                slot.insert(id);
                table.values.push(ConstValue::Immediate(value));
            }
        }
        Ok(table)
    }

    pub fn len(&self) -> u32 {
        self.values.len() as u32
    }

    pub fn value(&self, id: u32) -> Option<ConstValue<'a>> {
        self.values.get(id as usize).copied()
    }

    pub fn items(&self, id: u32) -> &[u32] {
        self.items.get(&id).map_or(&[], Vec::as_slice)
    }

    /// The constant an instruction loads, if it loads one.
    pub fn loaded_by(&self, _insn: usize, op: &Op) -> Option<u32> {
        match op {
            Op::LoadConst { index } => (*index < self.stored).then_some(*index),
            Op::LoadImmediate { value } => self.immediates.get(value).copied(),
            Op::BeginFinally => self.immediates.get(&Immediate::None).copied(),
            _ => None,
        }
    }

    /// The integer value of a constant, if it is an int.
    pub fn int(&self, id: u32) -> Option<i64> {
        match self.value(id)? {
            ConstValue::Immediate(Immediate::Int(v)) | ConstValue::Stored(&Const::Int(v)) => Some(v),
            ConstValue::Immediate(Immediate::Bool(b)) | ConstValue::Stored(&Const::Bool(b)) => Some(b as i64),
            _ => None,
        }
    }

    pub fn code(&self, id: u32) -> Option<u32> {
        self.codes.get(&id).copied()
    }
}

fn kind_of(value: &Const) -> ConstKind {
    match value {
        Const::None => ConstKind::None,
        Const::Ellipsis => ConstKind::Ellipsis,
        Const::StopIteration => ConstKind::StopIteration,
        Const::Bool(_) => ConstKind::Bool,
        Const::Int(_) | Const::BigInt(_) => ConstKind::Int,
        Const::Float(_) => ConstKind::Float,
        Const::Complex(..) => ConstKind::Complex,
        Const::Str(_) | Const::SurrogateStr(_) => ConstKind::Str,
        Const::Bytes(_) => ConstKind::Bytes,
        Const::Tuple(_) => ConstKind::Tuple,
        Const::FrozenSet(_) => ConstKind::FrozenSet,
        Const::Slice(_) => ConstKind::Slice,
        Const::Code(_) => ConstKind::Code,
    }
}

impl ConstTable<'_> {
    /// Records that child `code` is compiled from the string `co_consts[index]`.
    pub fn add_compiled(&mut self, index: u32, code: u32) -> Result<(), String> {
        match self.values.get(index as usize) {
            Some(ConstValue::Stored(Const::Str(_))) if index < self.stored => {
                self.compiled.push((index, code));
                Ok(())
            }
            _ => Err(format!("code object {code} is compiled from constant {index}, which is not a string")),
        }
    }
}

/// `Const`, `ConstIndex`, `ConstInt`, `ConstItem`, `ConstCode`, `CompiledString` for every
/// constant of the code object.
pub(super) fn lower(cx: &mut Cx<'_>) {
    let code = cx.id();
    for id in 0..cx.consts.len() {
        let Some(value) = cx.consts.value(id) else { continue };
        let (kind, text) = match value {
            ConstValue::Stored(c) => (kind_of(c), c.to_string()),
            ConstValue::Immediate(v) => {
                let c = v.to_const();
                (kind_of(&c), c.to_string())
            }
        };
        let value_sym = cx.sym(&text);
        cx.emit(schema::Const { constant: id, code, kind: kind.id(), value: value_sym });
        if id < cx.consts.stored {
            cx.emit(schema::ConstIndex { constant: id, index: id });
        }
        if let Some(v) = cx.consts.int(id).filter(|_| kind == ConstKind::Int) {
            if let Ok(v) = u32::try_from(v) {
                cx.emit(schema::ConstInt { constant: id, value: v });
            }
        }
        let items: Vec<u32> = cx.consts.items(id).to_vec();
        for (index, item) in items.into_iter().enumerate() {
            cx.emit(schema::ConstItem { constant: id, index: index as u32, item });
        }
        if let Some(child) = cx.consts.code(id) {
            cx.emit(schema::ConstCode { constant: id, code: child });
        }
    }
    for (constant, code) in cx.consts.compiled.clone() {
        cx.emit(schema::CompiledString { constant, code });
    }
}

pub(super) fn load_const(cx: &mut Cx<'_>, i: usize) {
    let Some(constant) = cx.consts.loaded_by(i, &cx.instr(i).op) else { return };
    if let Some(out) = cx.output(i, 0) {
        cx.emit(schema::LoadConst { insn: i as u32, constant, out });
    }
}

/// 3.8 `BEGIN_FINALLY`: the top of its six slots is where an exception would be;
/// on the normal path there is none, and `WITH_CLEANUP_START` passes `None`s.
pub(super) fn begin_finally(cx: &mut Cx<'_>, i: usize) {
    let Some(constant) = cx.consts.loaded_by(i, &cx.instr(i).op) else { return };
    let top = cx.instr(i).stack.pushes.saturating_sub(1);
    if let Some(out) = cx.output(i, top) {
        cx.emit(schema::LoadConst { insn: i as u32, constant, out });
    }
}

pub(super) fn load_builtin(cx: &mut Cx<'_>, i: usize, name: &str) {
    let name = cx.sym(name);
    if let Some(out) = cx.output(i, 0) {
        cx.emit(schema::LoadBuiltin { insn: i as u32, name, out });
    }
}
