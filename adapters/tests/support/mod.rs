//! Checks a decoded fixture (marshalled module plus what the release's `dis`
//! said about it, captured once) without running Python.

#![allow(dead_code)]

use cpyg_adapters::code::CodeObject;
use cpyg_adapters::sem::{Instr, Location};
use cpyg_adapters::validate::stack_depths;
use cpyg_adapters::DecodedCode;

/// `(offset, opname, arg, jump_target, [line, end_line, col, end_col], net, jump_net)`.
pub type Row = (u32, &'static str, Option<u32>, Option<u32>, [Option<u32>; 4], i64, i64);

/// One code object of a fixture, in preorder of `co_consts`.
pub struct Code {
    pub qualname: &'static str,
    pub instrs: &'static [Row],
    /// `(start, end, handler, depth, lasti)` as `dis._parse_exception_table` gives them.
    pub regions: &'static [(u32, u32, u32, u32, bool)],
}

pub fn unhex(text: &str) -> Vec<u8> {
    let digit = |c: u8| (c as char).to_digit(16).expect("fixture hex digit") as u8;
    text.as_bytes().chunks(2).map(|pair| digit(pair[0]) << 4 | digit(pair[1])).collect()
}

/// A fixture's module decoded code object by code object, checked against every
/// expectation (instructions, jump targets, positions, stack effects, regions,
/// stack-depth validation).
pub struct Decoded {
    pub codes: Vec<(String, CodeObject, DecodedCode)>,
}

impl Decoded {
    pub fn code(&self, qualname: &str) -> &DecodedCode {
        &self.codes.iter().find(|(name, _, _)| name == qualname).unwrap_or_else(|| panic!("no code object {qualname}")).2
    }

    /// The `nth` instruction named `opname` in `qualname`.
    pub fn instr(&self, qualname: &str, opname: &str, nth: usize) -> &Instr {
        self.code(qualname)
            .instrs
            .iter()
            .filter(|i| i.opname == opname)
            .nth(nth)
            .unwrap_or_else(|| panic!("{qualname} has no {opname} #{nth}"))
    }
}

pub fn decode_fixture(minor: u8, marshal_hex: &str, expected: &[Code]) -> Decoded {
    let adapter = cpyg_adapters::adapter(minor).expect("release is supported");
    let module = cpyg_adapters::marshal::read_code(&unhex(marshal_hex), minor).expect("fixture unmarshals");
    let codes: Vec<CodeObject> = module.preorder().into_iter().cloned().collect();
    assert_eq!(codes.len(), expected.len(), "code objects in the fixture");
    let mut out = Vec::new();
    for (code, want) in codes.into_iter().zip(expected) {
        assert_eq!(code.display_name(), want.qualname);
        let decoded = adapter.decode(&code).unwrap_or_else(|e| panic!("{}: {e}", want.qualname));
        check_code(adapter, &code, &decoded, want);
        out.push((want.qualname.to_string(), code, decoded));
    }
    Decoded { codes: out }
}

fn check_code(adapter: &cpyg_adapters::Adapter, code: &CodeObject, decoded: &DecodedCode, want: &Code) {
    let name = want.qualname;
    assert_eq!(decoded.instrs.len(), want.instrs.len(), "{name}: instruction count");
    for (ours, row) in decoded.instrs.iter().zip(want.instrs) {
        let &(offset, opname, arg, target, [line, end_line, column, end_column], net, jump_net) = row;
        let at = format!("{name} @{offset} {opname}");
        assert_eq!((ours.offset, ours.opname, ours.arg), (offset, opname, arg), "{at}");
        assert_eq!(adapter.dis_jump_target(ours), target, "{at}: jump target");
        if let Some(t) = ours.control.target() {
            assert_eq!(Some(t), target, "{at}: control target");
        }
        assert_eq!(ours.location, Location { line, end_line, column, end_column }, "{at}: location");
        assert_eq!(ours.stack.net(), net, "{at}: stack effect");
        if ours.control.target().is_some() {
            assert_eq!(ours.stack.jump_net(), jump_net, "{at}: jump stack effect");
        }
    }
    let regions: Vec<_> = decoded.regions.iter().map(|r| (r.start, r.end, r.handler, r.depth, r.lasti)).collect();
    assert_eq!(regions, want.regions, "{name}: exception regions");
    for r in &decoded.regions {
        assert_eq!(r.pushed, 1 + r.lasti as u32, "{name}: values a handler receives");
    }
    let depths = stack_depths(code, decoded).unwrap_or_else(|e| panic!("{name}: stack depth: {e}"));
    assert!(depths.max_depth <= code.stacksize, "{name}: depth {} above co_stacksize {}", depths.max_depth, code.stacksize);
}

/// A code object around hand-written wordcode, for inputs `compile()` never makes.
pub fn bare_code(code: Vec<u8>, consts: Vec<cpyg_adapters::code::Const>, names: &[&str]) -> CodeObject {
    CodeObject {
        argcount: 0,
        posonlyargcount: 0,
        kwonlyargcount: 0,
        stacksize: 8,
        flags: 0,
        code,
        consts,
        names: names.iter().map(|n| n.to_string()).collect(),
        localsplus: Vec::new(),
        cell_offset: 0,
        filename: "<bytes>".into(),
        name: "bytes".into(),
        qualname: Some("bytes".into()),
        firstlineno: 1,
        linetable: Vec::new(),
        exceptiontable: Vec::new(),
    }
}

/// Wordcode for `(opname, arg)` pairs in release 3.`minor`, inline caches zeroed.
pub fn wordcode(minor: u8, instrs: &[(&str, u8)]) -> Vec<u8> {
    let table = cpyg_adapters::adapter(minor).expect("release is supported").table;
    let mut out = Vec::new();
    for &(name, arg) in instrs {
        let info = table.by_name(name).unwrap_or_else(|| panic!("3.{minor} has no {name}"));
        out.extend([info.code, arg]);
        out.extend(std::iter::repeat_n(0, 2 * info.cache_entries as usize));
    }
    out
}
