//! Shared by the per-release tests: the committed fixtures (`tests/programs`
//! compiled by each interpreter, see `tests/fixtures/regenerate.sh`) with their
//! code objects found by qualified name and instructions by opname or offset.
//! That every fixture agrees with `dis` as a whole is `tests/fixtures_conformance.rs`'s
//! job; these lookups serve the assertions about particular instructions.

// Each release's test file uses only some of these helpers.
#![allow(dead_code)]

pub mod handmade;

use std::path::PathBuf;

use cpyg_adapters::code::CodeObject;
use cpyg_adapters::sem::Instr;
use cpyg_adapters::{Adapter, DecodedCode};

/// The adapter for CPython 3.`minor`.
pub fn release(minor: u8) -> &'static Adapter {
    cpyg_adapters::adapter(minor).unwrap_or_else(|| panic!("3.{minor} is supported"))
}

/// One program's `.pyc` as release 3.`minor` compiled it, every code object decoded.
pub struct Fixture {
    codes: Vec<Code>,
}

/// A code object of a fixture and its decoding.
pub struct Code {
    pub object: CodeObject,
    pub decoded: DecodedCode,
}

impl Fixture {
    /// `program` is the path below `tests/programs` without `.py`, e.g. `adapters/async_return`.
    pub fn load(minor: u8, program: &str) -> Fixture {
        let path =
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../tests/fixtures/cpython3{minor}/{program}.pyc"));
        let shown = path.display();
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{shown}: {e}"));
        let pyc = cpyg_adapters::pyc::read(&bytes).unwrap_or_else(|e| panic!("{shown}: {e}"));
        assert_eq!(pyc.minor, minor, "{shown}");
        let adapter = release(minor);
        let codes = pyc
            .code
            .preorder()
            .into_iter()
            .map(|object| {
                let decoded =
                    adapter.decode(object).unwrap_or_else(|e| panic!("{shown}: {}: {e}", object.display_name()));
                Code { object: object.clone(), decoded }
            })
            .collect();
        Fixture { codes }
    }

    /// The code object with this qualified name (3.10, which stores none: plain name).
    pub fn code(&self, qualname: &str) -> &Code {
        self.codes
            .iter()
            .find(|code| code.object.display_name() == qualname)
            .unwrap_or_else(|| panic!("no code object {qualname}"))
    }

    /// The `nth` (from 0) instruction named `opname` in `qualname`.
    pub fn nth(&self, qualname: &str, opname: &str, nth: usize) -> &Instr {
        self.code(qualname).nth(opname, nth)
    }
}

impl Code {
    pub fn instrs(&self) -> &[Instr] {
        &self.decoded.instrs
    }

    /// The `nth` (from 0) instruction named `opname`.
    pub fn nth(&self, opname: &str, nth: usize) -> &Instr {
        let name = self.object.display_name();
        self.instrs()
            .iter()
            .filter(|i| i.opname == opname)
            .nth(nth)
            .unwrap_or_else(|| panic!("{name} has no {opname} #{nth}"))
    }

    /// The instruction at `offset`, which must be named `opname`.
    pub fn at(&self, offset: u32, opname: &str) -> &Instr {
        let name = self.object.display_name();
        let index = self.decoded.index_of(offset).unwrap_or_else(|| panic!("{name} has no instruction at {offset}"));
        let instr = &self.instrs()[index];
        assert_eq!(instr.opname, opname, "{name} @{offset}");
        instr
    }
}
