//! A reader for the marshal format as CPython 3.8–3.15 writes code objects.
//!
//! Hostile input is expected: every read is bounds-checked, nesting is capped at
//! [`MAX_DEPTH`] (CPython's own limit is 2000), and back-references are charged
//! against a node budget so that a small file cannot expand into a huge tree.

use std::fmt;

use crate::code::{slot_kind, CodeObject, Const, Slot};

/// Deepest nesting of containers and code objects accepted (CPython's own limit).
pub const MAX_DEPTH: usize = 2000;

const FLAG_REF: u8 = 0x80;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarshalError {
    /// Byte offset in the marshal stream where reading failed.
    pub offset: usize,
    pub message: String,
}

impl fmt::Display for MarshalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "marshal data, byte {}: {}", self.offset, self.message)
    }
}

impl std::error::Error for MarshalError {}

type Result<T> = std::result::Result<T, MarshalError>;

/// A value as read, before it is known whether it is a constant, a name or code.
#[derive(Clone, Debug)]
enum Value {
    Null,
    Const(Const),
    /// Kept apart from `Const::Str` only so that a reference can be charged its size.
    Pending,
}

/// Reads one code object (the payload of a `.pyc`, or `marshal.dumps(code)`) for
/// CPython 3.`minor`. Trailing bytes are an error: a `.pyc` holds exactly one object.
pub fn read_code(data: &[u8], minor: u8) -> Result<CodeObject> {
    let mut reader = Reader::new(data, minor);
    let value = reader.object(0)?;
    if reader.pos != data.len() {
        return Err(reader.error(format!("{} trailing bytes after the code object", data.len() - reader.pos)));
    }
    match value {
        Value::Const(Const::Code(code)) => Ok(std::sync::Arc::unwrap_or_clone(code)),
        _ => Err(MarshalError { offset: 0, message: "top-level object is not a code object".into() }),
    }
}

struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
    minor: u8,
    refs: Vec<(Value, usize)>,
    /// Nodes materialised so far, references included.
    nodes: usize,
    budget: usize,
}

impl<'a> Reader<'a> {
    fn new(data: &'a [u8], minor: u8) -> Self {
        Reader {
            data,
            pos: 0,
            minor,
            refs: Vec::new(),
            nodes: 0,
            budget: 1_000_000usize.max(data.len().saturating_mul(64)),
        }
    }

    fn error(&self, message: impl Into<String>) -> MarshalError {
        MarshalError { offset: self.pos, message: message.into() }
    }

    fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        let end = self.pos.checked_add(n).filter(|&end| end <= self.data.len());
        match end {
            Some(end) => {
                let bytes = &self.data[self.pos..end];
                self.pos = end;
                Ok(bytes)
            }
            None => Err(self.error(format!("truncated: needs {n} more bytes, {} left", self.data.len() - self.pos))),
        }
    }

    fn u8(&mut self) -> Result<u8> {
        Ok(self.take(1)?[0])
    }

    fn i32(&mut self) -> Result<i32> {
        Ok(i32::from_le_bytes(self.take(4)?.try_into().unwrap()))
    }

    fn u32_field(&mut self, what: &str) -> Result<u32> {
        let v = self.i32()?;
        u32::try_from(v).map_err(|_| self.error(format!("negative {what} ({v})")))
    }

    fn len(&mut self) -> Result<usize> {
        let n = self.i32()?;
        let n = usize::try_from(n).map_err(|_| self.error(format!("negative length {n}")))?;
        if n > self.data.len() - self.pos {
            // Every element takes at least one byte, so a longer count is corrupt.
            return Err(self.error(format!("length {n} exceeds the remaining {} bytes", self.data.len() - self.pos)));
        }
        Ok(n)
    }

    fn charge(&mut self, nodes: usize) -> Result<()> {
        self.nodes = self.nodes.saturating_add(nodes);
        if self.nodes > self.budget {
            return Err(self.error("object graph too large (back-references expand beyond the node budget)"));
        }
        Ok(())
    }

    fn f64(&mut self) -> Result<f64> {
        Ok(f64::from_le_bytes(self.take(8)?.try_into().unwrap()))
    }

    fn text_float(&mut self) -> Result<f64> {
        let n = self.u8()? as usize;
        let text = self.take(n)?;
        std::str::from_utf8(text)
            .ok()
            .and_then(|s| s.trim().parse::<f64>().ok())
            .ok_or_else(|| self.error("malformed float text"))
    }

    fn object(&mut self, depth: usize) -> Result<Value> {
        // Nesting comes from the input: grow the stack on the heap rather than
        // overflow it, whatever thread (and stack size) reads the data.
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.object_on_stack(depth))
    }

    fn object_on_stack(&mut self, depth: usize) -> Result<Value> {
        if depth > MAX_DEPTH {
            return Err(self.error(format!("nesting deeper than {MAX_DEPTH}")));
        }
        let start = self.pos;
        let byte = self.u8()?;
        let (kind, flag) = (byte & !FLAG_REF, byte & FLAG_REF != 0);
        // Containers and code reserve their reference slot before their contents, as CPython does.
        let slot = if flag && matches!(kind, b'(' | b')' | b'c' | b'<' | b'>' | b'[' | b'{' | b':') {
            self.refs.push((Value::Pending, 1));
            Some(self.refs.len() - 1)
        } else {
            None
        };
        self.charge(1)?;
        let value = match kind {
            b'0' => Value::Null,
            b'N' => Value::Const(Const::None),
            b'F' => Value::Const(Const::Bool(false)),
            b'T' => Value::Const(Const::Bool(true)),
            b'S' => Value::Const(Const::StopIteration),
            b'.' => Value::Const(Const::Ellipsis),
            b'i' => Value::Const(Const::Int(self.i32()? as i64)),
            b'I' => Value::Const(Const::Int(i64::from_le_bytes(self.take(8)?.try_into().unwrap()))),
            b'l' => Value::Const(self.long()?),
            b'g' => Value::Const(Const::Float(self.f64()?)),
            b'f' => Value::Const(Const::Float(self.text_float()?)),
            b'y' => {
                let re = self.f64()?;
                Value::Const(Const::Complex(re, self.f64()?))
            }
            b'x' => {
                let re = self.text_float()?;
                Value::Const(Const::Complex(re, self.text_float()?))
            }
            b's' => {
                let n = self.len()?;
                Value::Const(Const::Bytes(self.take(n)?.to_vec()))
            }
            b'u' | b't' => {
                let n = self.len()?;
                Value::Const(Const::Str(decode_utf8(self.take(n)?)))
            }
            b'a' | b'A' => {
                let n = self.len()?;
                Value::Const(Const::Str(self.ascii(n)?))
            }
            b'z' | b'Z' => {
                let n = self.u8()? as usize;
                Value::Const(Const::Str(self.ascii(n)?))
            }
            b'(' | b')' | b'<' | b'>' => {
                let n = if kind == b')' { self.u8()? as usize } else { self.len()? };
                let mut items = Vec::with_capacity(n.min(4096));
                for _ in 0..n {
                    items.push(self.constant(depth + 1, "container element")?);
                }
                match kind {
                    b'(' | b')' => Value::Const(Const::Tuple(items)),
                    b'>' => Value::Const(Const::FrozenSet(items)),
                    _ => {
                        return Err(MarshalError {
                            offset: start,
                            message: "a set is not a code-object constant".into(),
                        })
                    }
                }
            }
            b':' if self.minor >= 14 => {
                let parts = [
                    self.constant(depth + 1, "slice start")?,
                    self.constant(depth + 1, "slice stop")?,
                    self.constant(depth + 1, "slice step")?,
                ];
                Value::Const(Const::Slice(Box::new(parts)))
            }
            b'c' => Value::Const(Const::Code(std::sync::Arc::new(self.code(depth + 1)?))),
            b'r' => {
                let index = self.i32()?;
                let entry = usize::try_from(index).ok().and_then(|i| self.refs.get(i)).cloned();
                match entry {
                    Some((Value::Pending, _)) => {
                        return Err(MarshalError {
                            offset: start,
                            message: format!("reference {index} to an object still being read"),
                        })
                    }
                    Some((value, size)) => {
                        self.charge(size)?;
                        value
                    }
                    None => {
                        return Err(MarshalError {
                            offset: start,
                            message: format!("reference {index} to an unknown object ({} known)", self.refs.len()),
                        })
                    }
                }
            }
            b'[' | b'{' => {
                return Err(MarshalError {
                    offset: start,
                    message: format!("marshal type {:?} is not a code-object constant", kind as char),
                })
            }
            other => {
                return Err(MarshalError { offset: start, message: format!("unknown marshal type code 0x{other:02x}") })
            }
        };
        if flag {
            let size = self.nodes_in(&value);
            match slot {
                Some(i) => self.refs[i] = (value.clone(), size),
                None => self.refs.push((value.clone(), size)),
            }
        }
        Ok(value)
    }

    fn nodes_in(&self, value: &Value) -> usize {
        fn count(c: &Const) -> usize {
            match c {
                Const::Tuple(items) | Const::FrozenSet(items) => 1 + items.iter().map(count).sum::<usize>(),
                Const::Slice(parts) => 1 + parts.iter().map(count).sum::<usize>(),
                Const::Code(code) => 1 + code.consts.len() + code.names.len() + code.localsplus.len(),
                _ => 1,
            }
        }
        match value {
            Value::Const(c) => count(c),
            _ => 1,
        }
    }

    fn ascii(&mut self, n: usize) -> Result<String> {
        let bytes = self.take(n)?;
        if !bytes.is_ascii() {
            return Err(self.error("non-ASCII byte in an ASCII string"));
        }
        Ok(String::from_utf8(bytes.to_vec()).unwrap())
    }

    fn long(&mut self) -> Result<Const> {
        let n = self.i32()?;
        let count = n.unsigned_abs() as usize;
        if count > (self.data.len() - self.pos) / 2 {
            return Err(self.error(format!("integer of {count} digits exceeds the remaining data")));
        }
        // 15-bit digits, least significant first.
        let mut digits = Vec::with_capacity(count);
        for _ in 0..count {
            let d = u16::from_le_bytes(self.take(2)?.try_into().unwrap());
            if d >= 1 << 15 {
                return Err(self.error("integer digit out of range"));
            }
            digits.push(d as u32);
        }
        let negative = n < 0;
        if count <= 4 {
            let mut v: i128 = 0;
            for &d in digits.iter().rev() {
                v = v << 15 | d as i128;
            }
            let v = if negative { -v } else { v };
            if let Ok(small) = i64::try_from(v) {
                return Ok(Const::Int(small));
            }
        }
        Ok(Const::BigInt(big_decimal(&digits, negative)))
    }

    /// An object that must be a constant (not NULL).
    fn constant(&mut self, depth: usize, what: &str) -> Result<Const> {
        let at = self.pos;
        match self.object(depth)? {
            Value::Const(c) => Ok(c),
            _ => Err(MarshalError { offset: at, message: format!("NULL where a {what} was expected") }),
        }
    }

    fn string(&mut self, depth: usize, what: &str) -> Result<String> {
        let at = self.pos;
        match self.constant(depth, what)? {
            Const::Str(s) => Ok(s),
            other => Err(MarshalError { offset: at, message: format!("{what} is {other}, expected a string") }),
        }
    }

    fn bytes(&mut self, depth: usize, what: &str) -> Result<Vec<u8>> {
        let at = self.pos;
        match self.constant(depth, what)? {
            Const::Bytes(b) => Ok(b),
            other => Err(MarshalError { offset: at, message: format!("{what} is {}, expected bytes", short(&other)) }),
        }
    }

    fn tuple(&mut self, depth: usize, what: &str) -> Result<Vec<Const>> {
        let at = self.pos;
        match self.constant(depth, what)? {
            Const::Tuple(items) => Ok(items),
            other => {
                Err(MarshalError { offset: at, message: format!("{what} is {}, expected a tuple", short(&other)) })
            }
        }
    }

    fn strings(&mut self, depth: usize, what: &str) -> Result<Vec<String>> {
        let at = self.pos;
        self.tuple(depth, what)?
            .into_iter()
            .map(|c| match c {
                Const::Str(s) => Ok(s),
                other => Err(MarshalError {
                    offset: at,
                    message: format!("{what} holds {}, expected strings", short(&other)),
                }),
            })
            .collect()
    }

    fn code(&mut self, depth: usize) -> Result<CodeObject> {
        let argcount = self.u32_field("co_argcount")?;
        let posonlyargcount = self.u32_field("co_posonlyargcount")?;
        let kwonlyargcount = self.u32_field("co_kwonlyargcount")?;
        let nlocals = if self.minor <= 10 { Some(self.u32_field("co_nlocals")?) } else { None };
        let stacksize = self.u32_field("co_stacksize")?;
        let flags = self.i32()? as u32;
        let code = self.bytes(depth, "co_code")?;
        let consts = self.tuple(depth, "co_consts")?;
        let names = self.strings(depth, "co_names")?;
        let (localsplus, cell_offset) = if self.minor <= 10 {
            let varnames = self.strings(depth, "co_varnames")?;
            let freevars = self.strings(depth, "co_freevars")?;
            let cellvars = self.strings(depth, "co_cellvars")?;
            if nlocals != Some(varnames.len() as u32) {
                return Err(self.error(format!("co_nlocals {nlocals:?} disagrees with {} varnames", varnames.len())));
            }
            let cell_offset = varnames.len() as u32;
            let args = argcount
                + kwonlyargcount
                + (flags & crate::code::co_flags::VARARGS != 0) as u32
                + (flags & crate::code::co_flags::VARKEYWORDS != 0) as u32;
            let mut slots: Vec<Slot> = varnames
                .into_iter()
                .enumerate()
                .map(|(i, name)| Slot {
                    name,
                    kind: if (i as u32) < args { slot_kind::LOCAL | slot_kind::ARG_POS } else { slot_kind::LOCAL },
                })
                .collect();
            slots.extend(cellvars.into_iter().map(|name| Slot { name, kind: slot_kind::CELL }));
            slots.extend(freevars.into_iter().map(|name| Slot { name, kind: slot_kind::FREE }));
            (slots, cell_offset)
        } else {
            let names = self.strings(depth, "co_localsplusnames")?;
            let kinds = self.bytes(depth, "co_localspluskinds")?;
            if names.len() != kinds.len() {
                return Err(self.error(format!("{} localsplus names but {} kinds", names.len(), kinds.len())));
            }
            (names.into_iter().zip(kinds).map(|(name, kind)| Slot { name, kind }).collect(), 0)
        };
        let filename = self.string(depth, "co_filename")?;
        let name = self.string(depth, "co_name")?;
        let qualname = if self.minor >= 11 { Some(self.string(depth, "co_qualname")?) } else { None };
        let firstlineno = self.u32_field("co_firstlineno")?;
        let linetable = self.bytes(depth, "co_linetable")?;
        let exceptiontable = if self.minor >= 11 { self.bytes(depth, "co_exceptiontable")? } else { Vec::new() };
        Ok(CodeObject {
            argcount,
            posonlyargcount,
            kwonlyargcount,
            stacksize,
            flags,
            code,
            consts,
            names,
            localsplus,
            cell_offset,
            filename,
            name,
            qualname,
            firstlineno,
            linetable,
            exceptiontable,
        })
    }
}

fn short(c: &Const) -> String {
    let text = c.to_string();
    if text.len() > 40 {
        format!("{}…", &text[..text.char_indices().nth(40).map_or(text.len(), |(i, _)| i)])
    } else {
        text
    }
}

/// UTF-8 as marshal writes it (`surrogatepass`): lone surrogates become U+FFFD.
fn decode_utf8(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Decimal text of a number given as 15-bit digits, least significant first.
fn big_decimal(digits: &[u32], negative: bool) -> String {
    // Repeated multiply-add in base 1e9.
    let mut limbs: Vec<u64> = vec![0];
    for &d in digits.iter().rev() {
        let mut carry = d as u64;
        for limb in limbs.iter_mut() {
            let v = *limb * (1 << 15) + carry;
            *limb = v % 1_000_000_000;
            carry = v / 1_000_000_000;
        }
        while carry > 0 {
            limbs.push(carry % 1_000_000_000);
            carry /= 1_000_000_000;
        }
    }
    let mut text = if negative { String::from("-") } else { String::new() };
    text += &limbs.last().unwrap().to_string();
    for limb in limbs.iter().rev().skip(1) {
        text += &format!("{limb:09}");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_integers_print_in_decimal() {
        // 2**64 = digits of 15 bits: 2**60 * 16 -> [0, 0, 0, 0, 16]
        assert_eq!(big_decimal(&[0, 0, 0, 0, 16], false), "18446744073709551616");
        assert_eq!(big_decimal(&[0, 0, 0, 0, 16], true), "-18446744073709551616");
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let mut data = vec![b')', 1].repeat(100_000);
        data.push(b'N');
        let mut reader = Reader::new(&data, 12);
        let err = reader.object(0).unwrap_err();
        assert!(err.message.contains("nesting deeper"), "{err}");
    }

    #[test]
    fn reference_bombs_hit_the_budget() {
        // Level k is a 255-tuple holding level k-1 once and then 254 references
        // to it: 8 levels describe 255**8 nodes in a few kilobytes.
        fn level(k: u32, levels: u32) -> Vec<u8> {
            let mut data = vec![b')' | FLAG_REF, 255];
            if k == 0 {
                data.extend(std::iter::repeat(b'N').take(255));
                return data;
            }
            data.extend(level(k - 1, levels));
            // Reference slots are reserved outermost first: level k-1 is slot levels-k+1.
            for _ in 0..254 {
                data.push(b'r');
                data.extend_from_slice(&(levels - k + 1).to_le_bytes());
            }
            data
        }
        let data = level(8, 8);
        let mut reader = Reader::new(&data, 12);
        let err = reader.object(0).unwrap_err();
        assert!(err.message.contains("budget"), "{err}");
    }
}
