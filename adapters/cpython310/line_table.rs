//! The 3.10 line table (`co_linetable`).
//!
//! A sequence of byte pairs: an unsigned byte delta (the length of a range of
//! bytecode) and a signed line delta applied to a running line number that
//! starts at `co_firstlineno`. A line delta of -128 marks a range without a line
//! and leaves the running number unchanged. Deltas too large for one pair are
//! split: zero-length pairs carry the excess line delta, and ranges longer than
//! 254 bytes continue in further pairs (with line delta 0, or -128 when lineless).
//! This is the ranges `code.co_lines()` yields; bytes after the last range have
//! no line.

use crate::code::CodeObject;
use crate::sem::Location;

const NO_LINE: i8 = -128;

/// One [`Location`] per code unit of `co_code` (3.10 has lines only).
pub fn decode(code: &CodeObject) -> Result<Vec<Location>, String> {
    let units = code.code.len() / 2;
    let mut out = vec![Location::default(); units];
    if code.linetable.len() % 2 != 0 {
        return Err(format!("odd length {}", code.linetable.len()));
    }
    let mut line = i64::from(code.firstlineno);
    let mut start: usize = 0;
    for (index, pair) in code.linetable.chunks_exact(2).enumerate() {
        let end = start + pair[0] as usize;
        let delta = pair[1] as i8;
        let current = if delta == NO_LINE {
            None
        } else {
            line += i64::from(delta);
            Some(u32::try_from(line).map_err(|_| format!("line number {line} out of range at pair {index}"))?)
        };
        // A unit belongs to the range holding its first byte.
        for unit in out.iter_mut().take(end.div_ceil(2).min(units)).skip(start.div_ceil(2)) {
            unit.line = current;
        }
        start = end;
    }
    Ok(out)
}
