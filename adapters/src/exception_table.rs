//! The varint exception table of CPython 3.11+ (`co_exceptiontable`).
//!
//! Each entry is four varints (start, length, handler in code units; then
//! `depth << 1 | lasti`), the first flagged by bit 7. Varints are 6-bit groups,
//! most significant first, bit 6 marking continuation.

use crate::code::CodeObject;
use crate::decode::DecodeError;
use crate::sem::{ExceptionRegion, Instr};

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn varint(&mut self) -> Result<u32, DecodeError> {
        let mut value: u64 = 0;
        loop {
            let byte = *self
                .bytes
                .get(self.pos)
                .ok_or_else(|| DecodeError::whole(format!("exception table truncated at byte {}", self.pos)))?;
            self.pos += 1;
            value = value << 6 | (byte & 63) as u64;
            if value > u32::MAX as u64 {
                return Err(DecodeError::whole(format!("exception table varint overflows at byte {}", self.pos)));
            }
            if byte & 64 == 0 {
                return Ok(value as u32);
            }
        }
    }
}

/// The regions of a 3.11+ code object: its `co_exceptiontable`, decoded.
pub fn regions(code: &CodeObject, instrs: &mut [Instr]) -> Result<Vec<ExceptionRegion>, DecodeError> {
    decode(&code.exceptiontable, instrs, code.code.len() as u32)
}

/// Decodes the table into half-open byte ranges. Checks that every boundary is
/// an instruction start and that the handler exists; `instrs` must be the code's
/// full instruction list.
pub fn decode(table: &[u8], instrs: &[Instr], code_len: u32) -> Result<Vec<ExceptionRegion>, DecodeError> {
    let mut reader = Reader { bytes: table, pos: 0 };
    let mut regions = Vec::new();
    while reader.pos < table.len() {
        if table[reader.pos] & 0x80 == 0 {
            return Err(DecodeError::whole(format!(
                "exception table entry at byte {} lacks its start marker",
                reader.pos
            )));
        }
        let start = reader.varint()? as u64 * 2;
        let length = reader.varint()? as u64 * 2;
        let handler = reader.varint()? as u64 * 2;
        let depth_lasti = reader.varint()?;
        let end = start + length;
        if length == 0 || end > code_len as u64 || handler >= code_len as u64 {
            return Err(DecodeError::whole(format!(
                "exception table entry {start}..{end} -> {handler} lies outside the {code_len}-byte code"
            )));
        }
        let lasti = depth_lasti & 1 == 1;
        regions.push(ExceptionRegion {
            start: start as u32,
            end: end as u32,
            handler: handler as u32,
            depth: depth_lasti >> 1,
            lasti,
            pushed: 1 + lasti as u32,
        });
    }
    check_boundaries(&regions, instrs)?;
    Ok(regions)
}

/// Every region boundary and handler must fall on an instruction start.
pub fn check_boundaries(regions: &[ExceptionRegion], instrs: &[Instr]) -> Result<(), DecodeError> {
    let is_start = |offset: u32| instrs.binary_search_by_key(&offset, |i| i.offset).is_ok();
    let code_end = instrs.last().map_or(0, |i| i.next_offset());
    for r in regions {
        if !is_start(r.start) || !(is_start(r.end) || r.end == code_end) {
            return Err(DecodeError::at(
                r.start,
                format!("exception region {}..{} does not align with instructions", r.start, r.end),
            ));
        }
        if !is_start(r.handler) {
            return Err(DecodeError::at(
                r.start,
                format!("exception handler {} is not an instruction start", r.handler),
            ));
        }
    }
    Ok(())
}
