//! Fact rows (all `u32` columns) into typed ascent relations: enum columns
//! become their enums, bool columns `bool`. A value out of range is an error
//! naming the relation (fact directories can be edited by hand).

use cpyg_facts::lower::Facts;
use cpyg_facts::schema::{
    BinaryOperator, CodeKind, CompareOperator, Condition, ConstKind, ContainerKind, Conversion, EdgeKind, FunctionAttr,
    Intrinsic, Operation, ParamKind, RelationId, UnaryOperator,
};

/// A column type the rules read.
pub trait Column: Sized {
    fn from_u32(value: u32) -> Option<Self>;
}

impl Column for u32 {
    fn from_u32(value: u32) -> Option<u32> {
        Some(value)
    }
}

impl Column for bool {
    fn from_u32(value: u32) -> Option<bool> {
        match value {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }
}

macro_rules! enum_columns {
    ($($en:ty),*) => {$(
        impl Column for $en {
            fn from_u32(value: u32) -> Option<$en> {
                <$en>::ALL.get(value as usize).copied()
            }
        }
    )*};
}

enum_columns!(
    BinaryOperator,
    CodeKind,
    CompareOperator,
    Condition,
    ConstKind,
    ContainerKind,
    Conversion,
    EdgeKind,
    FunctionAttr,
    Intrinsic,
    ParamKind,
    UnaryOperator
);

/// A typed row.
pub trait Row: Sized {
    const ARITY: usize;
    fn from_columns(columns: &[u32]) -> Option<Self>;
}

macro_rules! tuple_rows {
    ($($n:literal: ($($t:ident $i:tt),*);)*) => {$(
        impl<$($t: Column),*> Row for ($($t,)*) {
            const ARITY: usize = $n;
            fn from_columns(columns: &[u32]) -> Option<Self> {
                Some(($($t::from_u32(columns[$i])?,)*))
            }
        }
    )*};
}

tuple_rows! {
    1: (A 0);
    2: (A 0, B 1);
    3: (A 0, B 1, C 2);
    4: (A 0, B 1, C 2, D 3);
    5: (A 0, B 1, C 2, D 3, E 4);
    6: (A 0, B 1, C 2, D 3, E 4, F 5);
    7: (A 0, B 1, C 2, D 3, E 4, F 5, G 6);
}

/// One row of relation `relation`, typed.
pub fn typed<R: Row>(relation: &str, columns: &[u32]) -> Result<R, String> {
    if columns.len() != R::ARITY {
        return Err(format!("relation {relation} has {} columns; the rules read {}", columns.len(), R::ARITY));
    }
    R::from_columns(columns)
        .ok_or_else(|| format!("relation {relation}: row {columns:?} has a value out of its column's range"))
}

/// Every row of relation `id`, typed.
pub fn rows<R: Row>(facts: &Facts, id: RelationId) -> Result<Vec<R>, String> {
    let name = id.schema().name;
    facts.rows(id).map(|columns| typed(name, columns)).collect()
}

/// `Insn(insn, code, _, _)` projected to `(insn, code)`.
pub fn insn_code(facts: &Facts) -> Vec<(u32, u32)> {
    facts.rows(RelationId::Insn).map(|c| (c[0], c[1])).collect()
}

/// The instructions of one operation: `Insn(insn, _, _, op)` projected to `insn`.
pub fn insns_of(facts: &Facts, op: Operation) -> Vec<(u32,)> {
    facts.rows(RelationId::Insn).filter(|c| c[3] == op.id()).map(|c| (c[0],)).collect()
}
