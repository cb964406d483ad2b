//! Code objects around hand-written wordcode and tables, for inputs `compile()`
//! never makes (malformed tables, huge `EXTENDED_ARG` arguments, opcodes only
//! interactive or unusual code emits), and the checks `every_release.rs` runs on them.

use cpyg_adapters::code::{slot_kind, CodeObject, Const, Slot};
use cpyg_adapters::sem::Control;
use cpyg_adapters::Adapter;

/// A code object around `code` with two of everything an argument of 0 or 1 may
/// index (the second constant is a tuple of keyword names), first line 100.
/// Tests that need other tables override fields: `CodeObject { names, ..bare_code(code) }`.
pub fn bare_code(code: Vec<u8>) -> CodeObject {
    let local = |name: &str| Slot { name: name.into(), kind: slot_kind::LOCAL };
    CodeObject {
        argcount: 0,
        posonlyargcount: 0,
        kwonlyargcount: 0,
        stacksize: 10,
        flags: 0,
        code,
        consts: vec![Const::None, Const::Tuple(vec![Const::Str("k".into())])],
        names: vec!["a".into(), "b".into()],
        localsplus: vec![local("x"), local("y")],
        cell_offset: 0,
        filename: "t.py".into(),
        name: "t".into(),
        qualname: Some("t".into()),
        firstlineno: 100,
        linetable: Vec::new(),
        exceptiontable: Vec::new(),
    }
}

/// The opcode number of `name` in release 3.`minor`.
pub fn opcode(minor: u8, name: &str) -> u8 {
    super::release(minor).table.by_name(name).unwrap_or_else(|| panic!("3.{minor} has no {name}")).code
}

/// Wordcode for `(opname, arg)` pairs in release 3.`minor`, inline caches zeroed.
pub fn wordcode(minor: u8, instrs: &[(&str, u8)]) -> Vec<u8> {
    let table = super::release(minor).table;
    let mut out = Vec::new();
    for &(name, arg) in instrs {
        let info = table.by_name(name).unwrap_or_else(|| panic!("3.{minor} has no {name}"));
        out.extend([info.code, arg]);
        out.extend(std::iter::repeat_n(0, 2 * info.cache_entries as usize));
    }
    out
}

/// (start, end, handler, depth, lasti), as `dis._parse_exception_table` gives them.
pub type Region = (u32, u32, u32, u32, bool);

/// Every opcode whose `dis.stack_effect` does not depend on its argument (as the
/// generated table records it) gets that effect from its lifter, on both edges.
pub fn check_fixed_stack_effects(adapter: &Adapter) {
    let mut problems = Vec::new();
    for info in adapter.table.opcodes {
        let Some((normal, jump)) = info.stack_effect else { continue };
        let mut code = vec![info.code, 1];
        code.resize(2 + 2 * info.cache_entries as usize, 0);
        let decoded = match adapter.decode(&bare_code(code)) {
            Ok(d) => d,
            Err(e) => {
                problems.push(format!("{}: {e}", info.name));
                continue;
            }
        };
        let instr = &decoded.instrs[0];
        let got = (instr.stack.net(), instr.stack.jump_net());
        if got != (normal as i64, jump as i64) {
            problems.push(format!("{}: effect {got:?}, dis {:?}", info.name, (normal, jump)));
        }
        if matches!(instr.control, Control::Branch { .. } | Control::Jump { .. })
            && info.jump == cpyg_adapters::table::Jump::None
        {
            problems.push(format!("{}: jumps without a jump argument", info.name));
        }
    }
    assert!(problems.is_empty(), "3.{}:\n{}", adapter.minor(), problems.join("\n"));
}

/// A location table using every entry form (short, one-line, no-column, long with
/// multi-group varints and negative line deltas, none), as (bytes, positions
/// `co_positions()` gave for it on 3.11 to 3.14 alike, first line 100).
pub const LOCATION_TABLE: &[u8] = &[
    0x99, 0x52, // short form 3, 2 units
    0xD8, 200, 250, // one-line form, line +1, 1 unit
    0xD2, 7, 9, // one-line form, same line, 3 units
    0xE8, 11, // no columns, line -5, 1 unit
    0xF1, 0x58, 0x09, 0x46, 0x01, 0x42, 0x02, 0x00, // long form, line +300, 2 units, no end column
    0xF9, // no location, 2 units
    0xF0, 5, 0, 1, 5, // long form, line -2, columns 0..4, 1 unit
    0x87, 0x0F, // short form 0, 8 units
    0xE8, 0, // no columns, same line, 1 unit
];
type Position = (Option<u32>, Option<u32>, Option<u32>, Option<u32>);
const NO_POSITION: Position = (None, None, None, None);
pub const LOCATION_POSITIONS: &[Position] = &[
    (Some(100), Some(100), Some(29), Some(31)),
    (Some(100), Some(100), Some(29), Some(31)),
    (Some(101), Some(101), Some(200), Some(250)),
    (Some(101), Some(101), Some(7), Some(9)),
    (Some(101), Some(101), Some(7), Some(9)),
    (Some(101), Some(101), Some(7), Some(9)),
    (Some(96), Some(96), None, None),
    (Some(396), Some(466), Some(129), None),
    (Some(396), Some(466), Some(129), None),
    NO_POSITION,
    NO_POSITION,
    (Some(394), Some(394), Some(0), Some(4)),
    (Some(394), Some(394), Some(0), Some(15)),
    (Some(394), Some(394), Some(0), Some(15)),
    (Some(394), Some(394), Some(0), Some(15)),
    (Some(394), Some(394), Some(0), Some(15)),
    (Some(394), Some(394), Some(0), Some(15)),
    (Some(394), Some(394), Some(0), Some(15)),
    (Some(394), Some(394), Some(0), Some(15)),
    (Some(394), Some(394), Some(0), Some(15)),
    (Some(394), Some(394), None, None),
];

/// An exception table with one-group and multi-group varints, and the entries
/// `dis._parse_exception_table` gave for it on 3.11 to 3.14 alike (80 code units).
pub const EXCEPTION_TABLE: &[u8] = &[
    0x81, 3, 10, 1, // [1, 4) units -> 10, depth 0, lasti
    0xC1, 0x06, 5, 0x41, 0x0B, 0x43, 0x08, // [70, 75) units -> 75, depth 100
];
pub const EXCEPTION_REGIONS: &[Region] = &[(2, 8, 20, 0, true), (140, 150, 150, 100, false)];
pub const TABLE_UNITS: usize = 80;

/// `TABLE_UNITS` NOPs carrying the two tables above.
pub fn nops_with_tables(adapter: &Adapter, linetable: &[u8], exceptiontable: &[u8]) -> CodeObject {
    let nop = adapter.table.by_name("NOP").expect("NOP").code;
    CodeObject {
        linetable: linetable.to_vec(),
        exceptiontable: exceptiontable.to_vec(),
        ..bare_code([nop, 0].repeat(TABLE_UNITS))
    }
}

/// Both 3.11+ tables decode as the interpreters read them.
pub fn check_tables(adapter: &Adapter) {
    let code = nops_with_tables(adapter, LOCATION_TABLE, EXCEPTION_TABLE);
    let decoded = adapter.decode(&code).expect("decodes");
    let positions: Vec<Position> = decoded
        .instrs
        .iter()
        .map(|i| (i.location.line, i.location.end_line, i.location.column, i.location.end_column))
        .collect();
    let minor = adapter.minor();
    assert_eq!(&positions[..LOCATION_POSITIONS.len()], LOCATION_POSITIONS, "3.{minor}");
    // Code units past the end of the table have no location.
    assert!(positions[LOCATION_POSITIONS.len()..].iter().all(|p| *p == NO_POSITION), "3.{minor}");
    let regions: Vec<Region> = decoded.regions.iter().map(|r| (r.start, r.end, r.handler, r.depth, r.lasti)).collect();
    assert_eq!(regions, EXCEPTION_REGIONS, "3.{minor}");
    assert_eq!(
        decoded.regions.iter().map(|r| r.pushed).collect::<Vec<_>>(),
        [2, 1],
        "3.{minor}: exception, plus lasti when flagged"
    );
}

/// Damaged tables are errors, not panics.
pub fn check_damaged_tables(adapter: &Adapter) {
    let damaged: &[(&[u8], &[u8])] = &[
        (&[0x99], &[]),                                     // short form without its column byte
        (&[0x52], &[]),                                     // entry without its start marker
        (&[0xF0, 0x40 | 1], &[]),                           // varint cut short
        (&[], &[0x81, 3]),                                  // entry cut short
        (&[], &[0x01, 3, 10, 1]),                           // entry without its start marker
        (&[], &[0x81, 0x40 | 63, 63, 10, 1]),               // region past the end of the code
        (&[], &[0x81, 3, 0x41, 0x10, 1]),                   // handler past the end of the code
        (&[], &[0xFF, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F]), // varint overflow
    ];
    for (linetable, exceptiontable) in damaged {
        let code = nops_with_tables(adapter, linetable, exceptiontable);
        assert!(
            adapter.decode(&code).is_err(),
            "3.{}: accepted line table {linetable:x?}, exception table {exceptiontable:x?}",
            adapter.minor()
        );
    }
}

/// Every argument-taking opcode with arguments far beyond what a compiler emits
/// (three `EXTENDED_ARG` prefixes) decodes to a record or an error, and the
/// record validates or fails cleanly: nothing overflows or panics.
pub fn check_huge_arguments(adapter: &Adapter) {
    let prefix = adapter.table.extended_arg;
    for info in adapter.table.opcodes.iter().filter(|info| info.has_arg) {
        for arg in [u32::MAX, 0x8000_0000, 0x00FF_FFFF, 0xFFFF] {
            let [a, b, c, d] = arg.to_be_bytes();
            let mut code = vec![prefix, a, prefix, b, prefix, c, info.code, d];
            code.resize(code.len() + 2 * info.cache_entries as usize, 0);
            let code = bare_code(code);
            if let Ok(decoded) = adapter.decode(&code) {
                let _ = cpyg_adapters::validate::stack_depths(&code, &decoded);
                for instr in &decoded.instrs {
                    let _ = (instr.stack.required_depth(), instr.stack.net(), instr.stack.jump_net());
                }
            }
        }
    }
}
