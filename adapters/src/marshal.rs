//! A reader for the marshal format as CPython 3.8–3.15 writes code objects.
//!
//! Hostile input is expected: every read is bounds-checked, and the limits of
//! [`crate::limits`] apply: nesting, expansion through back-references (a
//! reference is charged the whole subtree it stands for, string bytes
//! included), code objects per byte of input, and integer digits.

use std::fmt;

use crate::code::{slot_kind, CodeObject, Const, Slot};

pub use crate::limits::MAX_DEPTH;
use crate::limits::{expansion_budget, max_code_objects, DECIMAL_DIGITS_MAX, STRING_BYTES_PER_UNIT};

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
    refs: Vec<(Value, usize, usize)>,
    /// Units materialised so far (a node each, plus string bytes), references
    /// charged the subtree they stand for.
    nodes: usize,
    budget: usize,
    /// Code objects materialised so far, references included.
    codes: usize,
    max_codes: usize,
}

impl<'a> Reader<'a> {
    fn new(data: &'a [u8], minor: u8) -> Self {
        Reader {
            data,
            pos: 0,
            minor,
            refs: Vec::new(),
            nodes: 0,
            budget: expansion_budget(data.len()),
            codes: 0,
            max_codes: max_code_objects(data.len()),
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
            return Err(self.error(format!(
                "object graph too large: back-references expand it beyond the budget of {} units for {} bytes",
                self.budget,
                self.data.len()
            )));
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
        let units_before = self.nodes;
        let codes_before = self.codes;
        let byte = self.u8()?;
        let (kind, flag) = (byte & !FLAG_REF, byte & FLAG_REF != 0);
        // Containers and code reserve their reference slot before their contents, as CPython does.
        let slot = if flag && matches!(kind, b'(' | b')' | b'c' | b'<' | b'>' | b'[' | b'{' | b':') {
            self.refs.push((Value::Pending, 1, 0));
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
                self.charge(n / STRING_BYTES_PER_UNIT)?;
                Value::Const(Const::Bytes(self.take(n)?.to_vec()))
            }
            b'u' | b't' => {
                let n = self.len()?;
                self.charge(n / STRING_BYTES_PER_UNIT)?;
                let bytes = self.take(n)?;
                Value::Const(decode_utf8(bytes).ok_or_else(|| MarshalError {
                    offset: start,
                    message: "string is not UTF-8 (lone surrogates aside)".into(),
                })?)
            }
            b'a' | b'A' => {
                let n = self.len()?;
                self.charge(n / STRING_BYTES_PER_UNIT)?;
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
            b'c' => {
                self.count_codes(1, start)?;
                Value::Const(Const::Code(std::sync::Arc::new(self.code(depth + 1)?)))
            }
            b'r' => {
                let index = self.i32()?;
                let entry = usize::try_from(index).ok().and_then(|i| self.refs.get(i)).cloned();
                match entry {
                    Some((Value::Pending, ..)) => {
                        return Err(MarshalError {
                            offset: start,
                            message: format!("reference {index} to an object still being read"),
                        })
                    }
                    Some((value, size, codes)) => {
                        self.charge(size)?;
                        self.count_codes(codes, start)?;
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
            // What reading this object cost is what each reference to it will cost.
            let entry = (value.clone(), self.nodes - units_before, self.codes - codes_before);
            match slot {
                Some(i) => self.refs[i] = entry,
                None => self.refs.push(entry),
            }
        }
        Ok(value)
    }

    fn count_codes(&mut self, n: usize, at: usize) -> Result<()> {
        self.codes = self.codes.saturating_add(n);
        if self.codes > self.max_codes {
            return Err(MarshalError {
                offset: at,
                message: format!(
                    "more than {} code objects in {} bytes: back-references to code objects expand the file",
                    self.max_codes,
                    self.data.len()
                ),
            });
        }
        Ok(())
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
        if count > DECIMAL_DIGITS_MAX * 10 / 45 {
            // Decimal conversion is quadratic; past Python's own limit for
            // printing integers, the text is hexadecimal (linear, and still exact).
            return Ok(Const::BigInt(big_hex(&digits, negative)));
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
            let args = parameter_slots(argcount, kwonlyargcount, flags);
            let mut slots: Vec<Slot> = varnames
                .into_iter()
                .enumerate()
                .map(|(i, name)| Slot {
                    name,
                    kind: if (i as u64) < args { slot_kind::LOCAL | slot_kind::ARG_POS } else { slot_kind::LOCAL },
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
        let locals = localsplus.iter().filter(|s| s.kind & slot_kind::LOCAL != 0).count();
        check_arguments(argcount, posonlyargcount, kwonlyargcount, flags, locals).map_err(|message| {
            self.error(format!(
                "code object {} (line {firstlineno}): {message}",
                qualname.as_deref().unwrap_or(&name)
            ))
        })?;
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

/// Local slots the parameters take, `*args` and `**kwargs` included (no overflow:
/// the counts come from the file).
fn parameter_slots(argcount: u32, kwonly: u32, flags: u32) -> u64 {
    use crate::code::co_flags::{VARARGS, VARKEYWORDS};
    argcount as u64 + kwonly as u64 + (flags & VARARGS != 0) as u64 + (flags & VARKEYWORDS != 0) as u64
}

/// The argument counts as CPython's code constructor checks them: positional-only
/// ones among the positional, and every parameter a local slot ("co_varnames is
/// too small"), so that no parameter is silently dropped.
fn check_arguments(argcount: u32, posonly: u32, kwonly: u32, flags: u32, locals: usize) -> std::result::Result<(), String> {
    if posonly > argcount {
        return Err(format!("co_posonlyargcount {posonly} exceeds co_argcount {argcount}"));
    }
    let total = parameter_slots(argcount, kwonly, flags);
    if total > locals as u64 {
        return Err(format!(
            "co_varnames is too small: {total} parameters (co_argcount {argcount}, co_kwonlyargcount {kwonly}, \
             flags 0x{flags:x}) but {locals} local slots"
        ));
    }
    Ok(())
}

fn short(c: &Const) -> String {
    let text = c.to_string();
    if text.len() > 40 {
        format!("{}…", &text[..text.char_indices().nth(40).map_or(text.len(), |(i, _)| i)])
    } else {
        text
    }
}

/// UTF-8 as marshal writes it (`surrogatepass`). A string with lone surrogates
/// keeps them, as [`Const::SurrogateStr`], so that distinct strings stay distinct;
/// bytes that are not UTF-8 even so are `None`, as CPython rejects them.
fn decode_utf8(bytes: &[u8]) -> Option<Const> {
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Some(Const::Str(text.to_owned()));
    }
    let mut units = Vec::with_capacity(bytes.len());
    let mut rest = bytes;
    while !rest.is_empty() {
        match std::str::from_utf8(rest) {
            Ok(text) => {
                units.extend(text.chars().map(u32::from));
                break;
            }
            Err(e) => {
                let (valid, after) = rest.split_at(e.valid_up_to());
                units.extend(std::str::from_utf8(valid).ok()?.chars().map(u32::from));
                // A surrogate as `surrogatepass` encodes it: ED A0..BF 80..BF.
                match after {
                    [0xed, b1 @ 0xa0..=0xbf, b2 @ 0x80..=0xbf, ..] => {
                        units.push(0xd000 | (*b1 as u32 & 0x3f) << 6 | (*b2 as u32 & 0x3f));
                        rest = &after[3..];
                    }
                    _ => return None,
                }
            }
        }
    }
    Some(Const::SurrogateStr(units))
}

/// Hexadecimal text (`0x…`) of a number given as 15-bit digits, least significant first.
fn big_hex(digits: &[u32], negative: bool) -> String {
    let mut nibbles: Vec<u8> = Vec::with_capacity(digits.len() * 15 / 4 + 1);
    let (mut acc, mut bits) = (0u64, 0u32);
    for &d in digits {
        acc |= (d as u64) << bits;
        bits += 15;
        while bits >= 4 {
            nibbles.push((acc & 0xf) as u8);
            acc >>= 4;
            bits -= 4;
        }
    }
    if bits > 0 {
        nibbles.push(acc as u8);
    }
    while nibbles.len() > 1 && nibbles.last() == Some(&0) {
        nibbles.pop();
    }
    let mut text = String::with_capacity(nibbles.len() + 3);
    if negative {
        text.push('-');
    }
    text.push_str("0x");
    text.extend(nibbles.iter().rev().map(|&n| char::from_digit(n as u32, 16).unwrap()));
    text
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
