//! Code objects as marshal stores them, normalised across releases only where the
//! meaning is identical (3.10's separate `varnames`/`cellvars`/`freevars` become
//! one `localsplus` table with kinds, as 3.11+ stores it).

use std::fmt;

/// Kind bits of a `localsplus` slot, as CPython 3.11+ defines them
/// (`CO_FAST_LOCAL`, `CO_FAST_CELL`, `CO_FAST_FREE`; 3.13+ adds `CO_FAST_HIDDEN`).
pub mod slot_kind {
    pub const ARG_POS: u8 = 0x02;
    pub const ARG_KW: u8 = 0x04;
    pub const ARG_VAR: u8 = 0x08;
    pub const HIDDEN: u8 = 0x10;
    pub const LOCAL: u8 = 0x20;
    pub const CELL: u8 = 0x40;
    pub const FREE: u8 = 0x80;
}

/// `co_flags` bits that name the kind of a function body.
pub mod co_flags {
    pub const OPTIMIZED: u32 = 0x0001;
    pub const NEWLOCALS: u32 = 0x0002;
    pub const VARARGS: u32 = 0x0004;
    pub const VARKEYWORDS: u32 = 0x0008;
    pub const NESTED: u32 = 0x0010;
    pub const GENERATOR: u32 = 0x0020;
    pub const NOFREE: u32 = 0x0040;
    pub const COROUTINE: u32 = 0x0080;
    pub const ITERABLE_COROUTINE: u32 = 0x0100;
    pub const ASYNC_GENERATOR: u32 = 0x0200;
}

#[derive(Clone, Debug, PartialEq)]
pub struct Slot {
    pub name: String,
    pub kind: u8,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CodeObject {
    pub argcount: u32,
    pub posonlyargcount: u32,
    pub kwonlyargcount: u32,
    pub stacksize: u32,
    pub flags: u32,
    pub code: Vec<u8>,
    pub consts: Vec<Const>,
    pub names: Vec<String>,
    /// Every fast slot: locals, then (3.10) cells and frees appended in that order.
    pub localsplus: Vec<Slot>,
    /// 3.10 only: `LOAD_DEREF i` addresses `localsplus[cell_offset + i]`.
    /// 3.11+ addresses `localsplus` directly, so this is 0.
    pub cell_offset: u32,
    pub filename: String,
    pub name: String,
    /// `co_qualname` (3.11+). 3.10 code objects do not store it.
    pub qualname: Option<String>,
    pub firstlineno: u32,
    /// 3.10: `co_linetable` (byte-delta/line-delta pairs); 3.11+: the location table.
    pub linetable: Vec<u8>,
    /// 3.11+: the varint exception table. Empty in 3.10.
    pub exceptiontable: Vec<u8>,
}

impl CodeObject {
    pub fn nested(&self) -> impl Iterator<Item = &std::sync::Arc<CodeObject>> {
        self.consts.iter().filter_map(|c| match c {
            Const::Code(code) => Some(code),
            _ => None,
        })
    }

    /// This code object and every nested one, in preorder of `co_consts`
    /// (the order identities are assigned in).
    pub fn preorder(&self) -> Vec<&CodeObject> {
        let mut out = Vec::new();
        let mut stack = vec![self];
        while let Some(code) = stack.pop() {
            out.push(code);
            let children: Vec<&CodeObject> = code.nested().map(|c| &**c).collect();
            stack.extend(children.into_iter().rev());
        }
        out
    }

    pub fn slot_name(&self, slot: u32) -> Option<&str> {
        self.localsplus.get(slot as usize).map(|s| s.name.as_str())
    }

    pub fn name_at(&self, index: u32) -> Option<&str> {
        self.names.get(index as usize).map(String::as_str)
    }

    pub fn display_name(&self) -> &str {
        self.qualname.as_deref().unwrap_or(&self.name)
    }
}

/// A constant as marshal stores it. Integers too large for `i64` keep their decimal text.
#[derive(Clone, Debug, PartialEq)]
pub enum Const {
    None,
    Ellipsis,
    StopIteration,
    Bool(bool),
    Int(i64),
    BigInt(String),
    Float(f64),
    Complex(f64, f64),
    Str(String),
    /// A string holding lone surrogates (which a Rust string cannot): its code
    /// points, surrogates included. `repr` escapes them, as Python's does.
    SurrogateStr(Vec<u32>),
    Bytes(Vec<u8>),
    Tuple(Vec<Const>),
    FrozenSet(Vec<Const>),
    /// 3.14 stores constant slices.
    Slice(Box<[Const; 3]>),
    Code(std::sync::Arc<CodeObject>),
}

impl fmt::Display for Const {
    /// Python's `repr` for the constants the compiler emits, as `dis` shows them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Const::None => f.write_str("None"),
            Const::Ellipsis => f.write_str("Ellipsis"),
            Const::StopIteration => f.write_str("StopIteration"),
            Const::Bool(true) => f.write_str("True"),
            Const::Bool(false) => f.write_str("False"),
            Const::Int(i) => write!(f, "{i}"),
            Const::BigInt(s) => f.write_str(s),
            Const::Float(x) => write_float(f, *x),
            Const::Complex(re, im) => {
                if *re == 0.0 && re.is_sign_positive() {
                    write_float(f, *im)?;
                    f.write_str("j")
                } else {
                    f.write_str("(")?;
                    write_float(f, *re)?;
                    if *im >= 0.0 || im.is_nan() {
                        f.write_str("+")?;
                    }
                    write_float(f, *im)?;
                    f.write_str("j)")
                }
            }
            Const::Str(s) => write_str_repr(f, s),
            Const::SurrogateStr(units) => write_surrogate_str_repr(f, units),
            Const::Bytes(b) => write_bytes_repr(f, b),
            Const::Tuple(items) => {
                f.write_str("(")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{item}")?;
                }
                if items.len() == 1 {
                    f.write_str(",")?;
                }
                f.write_str(")")
            }
            Const::FrozenSet(items) => {
                f.write_str("frozenset({")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str("})")
            }
            Const::Slice(parts) => write!(f, "slice({}, {}, {})", parts[0], parts[1], parts[2]),
            Const::Code(code) => write!(f, "<code object {}>", code.name),
        }
    }
}

fn write_float(f: &mut fmt::Formatter<'_>, x: f64) -> fmt::Result {
    if x.is_nan() {
        f.write_str("nan")
    } else if x.is_infinite() {
        f.write_str(if x > 0.0 { "inf" } else { "-inf" })
    } else if x == x.trunc() && x.abs() < 1e16 {
        write!(f, "{x:.1}")
    } else {
        write!(f, "{x}")
    }
}

fn write_str_repr(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    write_code_points_repr(f, s.chars().map(u32::from), s.contains('\'') && !s.contains('"'))
}

/// Python's `repr` of a string with lone surrogates: they print as `\udXXX`,
/// so that no two distinct strings share a text.
fn write_surrogate_str_repr(f: &mut fmt::Formatter<'_>, units: &[u32]) -> fmt::Result {
    let has = |c: char| units.contains(&(c as u32));
    write_code_points_repr(f, units.iter().copied(), has('\'') && !has('"'))
}

fn write_code_points_repr(
    f: &mut fmt::Formatter<'_>,
    points: impl Iterator<Item = u32>,
    double_quotes: bool,
) -> fmt::Result {
    let quote = if double_quotes { '"' } else { '\'' };
    write!(f, "{quote}")?;
    for point in points {
        match char::from_u32(point) {
            Some('\\') => f.write_str("\\\\")?,
            Some('\n') => f.write_str("\\n")?,
            Some('\r') => f.write_str("\\r")?,
            Some('\t') => f.write_str("\\t")?,
            Some(c) if c == quote => write!(f, "\\{c}")?,
            Some(c) if (c as u32) < 0x20 || c as u32 == 0x7f => write!(f, "\\x{:02x}", c as u32)?,
            Some(c) => write!(f, "{c}")?,
            None => write!(f, "\\u{point:04x}")?,
        }
    }
    write!(f, "{quote}")
}

fn write_bytes_repr(f: &mut fmt::Formatter<'_>, b: &[u8]) -> fmt::Result {
    let quote = if b.contains(&b'\'') && !b.contains(&b'"') { b'"' } else { b'\'' };
    write!(f, "b{}", quote as char)?;
    for &c in b {
        match c {
            b'\\' => f.write_str("\\\\")?,
            b'\n' => f.write_str("\\n")?,
            b'\r' => f.write_str("\\r")?,
            b'\t' => f.write_str("\\t")?,
            c if c == quote => write!(f, "\\{}", c as char)?,
            0x20..=0x7e => write!(f, "{}", c as char)?,
            c => write!(f, "\\x{c:02x}")?,
        }
    }
    write!(f, "{}", quote as char)
}
