//! The location table of CPython 3.11+ (`co_linetable`): line and column spans
//! for every code unit.
//!
//! Each entry starts with a byte `1 cccc lll`: code `c`, and `l + 1` code units
//! covered. Codes 0–9 are short forms (same line, packed columns), 10–12 one-line
//! forms (line delta `c - 10`, two column bytes), 13 no columns (signed line
//! delta), 14 the long form, 15 no location. Varints are 6-bit groups, least
//! significant first, bit 6 marking continuation; signed varints keep the sign
//! in bit 0.

use crate::code::CodeObject;
use crate::sem::Location;

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8, String> {
        let b = *self.bytes.get(self.pos).ok_or_else(|| format!("truncated at byte {}", self.pos))?;
        self.pos += 1;
        Ok(b)
    }

    fn varint(&mut self) -> Result<u64, String> {
        let mut value: u64 = 0;
        let mut shift = 0;
        loop {
            let b = self.byte()?;
            value |= ((b & 63) as u64) << shift;
            if b & 64 == 0 {
                return Ok(value);
            }
            shift += 6;
            if shift > 42 {
                return Err(format!("varint too long at byte {}", self.pos));
            }
        }
    }

    fn svarint(&mut self) -> Result<i64, String> {
        let v = self.varint()?;
        Ok(if v & 1 == 1 { -((v >> 1) as i64) } else { (v >> 1) as i64 })
    }
}

fn column(raw: u64) -> Option<u32> {
    raw.checked_sub(1).and_then(|c| u32::try_from(c).ok())
}

fn line(raw: i64) -> Result<u32, String> {
    u32::try_from(raw).map_err(|_| format!("line number {raw} out of range"))
}

/// One [`Location`] per code unit of `co_code`.
pub fn decode(code: &CodeObject) -> Result<Vec<Location>, String> {
    let units = code.code.len() / 2;
    let mut out = Vec::with_capacity(units);
    let mut reader = Reader { bytes: &code.linetable, pos: 0 };
    let mut current: i64 = code.firstlineno as i64;
    while reader.pos < reader.bytes.len() && out.len() < units {
        let first = reader.byte()?;
        if first & 0x80 == 0 {
            return Err(format!("entry at byte {} lacks its start marker", reader.pos - 1));
        }
        let kind = (first >> 3) & 15;
        let length = (first & 7) as usize + 1;
        let loc = match kind {
            15 => Location::default(),
            14 => {
                current += reader.svarint()?;
                let end_line = current + reader.varint()? as i64;
                let col = column(reader.varint()?);
                let end_col = column(reader.varint()?);
                Location {
                    line: Some(line(current)?),
                    end_line: Some(line(end_line)?),
                    column: col,
                    end_column: end_col,
                }
            }
            13 => {
                current += reader.svarint()?;
                Location { line: Some(line(current)?), end_line: Some(line(current)?), column: None, end_column: None }
            }
            10..=12 => {
                current += (kind - 10) as i64;
                let col = reader.byte()? as u32;
                let end_col = reader.byte()? as u32;
                Location {
                    line: Some(line(current)?),
                    end_line: Some(line(current)?),
                    column: Some(col),
                    end_column: Some(end_col),
                }
            }
            _ => {
                let second = reader.byte()? as u32;
                let col = (kind as u32) << 3 | second >> 4;
                Location {
                    line: Some(line(current)?),
                    end_line: Some(line(current)?),
                    column: Some(col),
                    end_column: Some(col + (second & 15)),
                }
            }
        };
        for _ in 0..length {
            out.push(loc);
        }
    }
    out.truncate(units);
    out.resize(units, Location::default());
    Ok(out)
}
