//! The 3.8/3.9 line table (`co_lnotab`).
//!
//! Byte pairs: an unsigned address increment and a signed line increment.
//! Starting at address 0 and line `co_firstlineno`, each pair first advances the
//! address and then the line, so a line takes effect at the address reached
//! when its increment is applied. Large steps are split into pairs with a zero
//! in one half. Every instruction has a line: the one in effect at its offset,
//! as `dis.findlinestarts` reports them.

use crate::code::CodeObject;
use crate::sem::Location;

/// One [`Location`] per code unit of `co_code` (lines only).
pub fn decode(code: &CodeObject) -> Result<Vec<Location>, String> {
    let units = code.code.len() / 2;
    if code.linetable.len() % 2 != 0 {
        return Err(format!("odd length {}", code.linetable.len()));
    }
    let line_at = |line: i64, index: usize| {
        u32::try_from(line).map_err(|_| format!("line number {line} out of range at pair {index}"))
    };
    let mut out = vec![Location::default(); units];
    let mut line = i64::from(code.firstlineno);
    let mut current = line_at(line, 0)?;
    let mut address: usize = 0;
    for (index, pair) in code.linetable.chunks_exact(2).enumerate() {
        let next = address + pair[0] as usize;
        for unit in out.iter_mut().take(next.div_ceil(2).min(units)).skip(address.div_ceil(2)) {
            unit.line = Some(current);
        }
        address = next;
        line += i64::from(pair[1] as i8);
        current = line_at(line, index)?;
    }
    for unit in out.iter_mut().skip(address.div_ceil(2)) {
        unit.line = Some(current);
    }
    Ok(out)
}
