//! Shared by the facts tests: the committed `.pyc` fixtures of every release,
//! analysed code object by code object, and small queries over the results.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use cpyg_adapters::code::CodeObject;
use cpyg_adapters::sem::{Instr, Op};
use cpyg_adapters::validate::{stack_depths, StackDepths};
use cpyg_adapters::DecodedCode;
use cpyg_facts::cfg::{code_cfg, Cfg};
use cpyg_facts::flow::{code_flow, CodeFlow, VarOwner};

pub fn fixture_dir(minor: u8) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../tests/fixtures/cpython3{minor}"))
}

/// Releases whose adapter lifts every opcode of its table (the others are skipped).
pub fn decodable_minors() -> Vec<u8> {
    cpyg_adapters::supported_minors()
        .filter(|&m| cpyg_adapters::adapter(m).is_some_and(|a| a.unlifted_opcodes().is_empty()))
        .collect()
}

/// Every committed `.pyc` of a release, relative path first, sorted.
pub fn fixture_modules(minor: u8) -> Vec<(String, CodeObject)> {
    let dir = fixture_dir(minor);
    let mut paths = Vec::new();
    let mut pending = vec![dir.clone()];
    while let Some(d) = pending.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "pyc") {
                paths.push(path);
            }
        }
    }
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let pyc = cpyg_adapters::pyc::read(&std::fs::read(&path).unwrap()).unwrap();
            assert_eq!(pyc.minor, minor, "{}", path.display());
            (path.strip_prefix(&dir).unwrap().display().to_string(), pyc.code)
        })
        .collect()
}

pub fn module(minor: u8, relative: &str) -> CodeObject {
    let bytes = std::fs::read(fixture_dir(minor).join(relative)).unwrap();
    cpyg_adapters::pyc::read(&bytes).unwrap().code
}

/// One code object with everything computed from it.
pub struct Analysed {
    pub code: CodeObject,
    pub decoded: DecodedCode,
    pub depths: StackDepths,
    pub flow: CodeFlow,
    pub cfg: Cfg,
    pub owners: Vec<VarOwner>,
}

pub fn analyse(minor: u8, code: &CodeObject) -> Analysed {
    let name = code.display_name();
    let adapter = cpyg_adapters::adapter(minor).unwrap();
    let decoded = adapter.decode(code).unwrap_or_else(|e| panic!("3.{minor} {name}: {e}"));
    let depths = stack_depths(code, &decoded).unwrap_or_else(|e| panic!("3.{minor} {name}: {e}"));
    let flow = code_flow(code, &decoded, &depths).unwrap_or_else(|e| panic!("3.{minor} {name}: {e}"));
    let cfg = code_cfg(&decoded).unwrap_or_else(|e| panic!("3.{minor} {name}: {e}"));
    let owners = flow.vars.owners();
    Analysed { code: code.clone(), decoded, depths, flow, cfg, owners }
}

/// The code object named `name` (`co_name`) inside `module`.
pub fn find<'m>(module: &'m CodeObject, name: &str) -> &'m CodeObject {
    module.preorder().into_iter().find(|c| c.name == name).unwrap_or_else(|| panic!("no code object {name}"))
}

impl Analysed {
    pub fn instr(&self, insn: u32) -> &Instr {
        &self.decoded.instrs[insn as usize]
    }

    /// Indices of the instructions whose operation satisfies `pick`.
    pub fn find_insns(&self, pick: impl Fn(&Op) -> bool) -> Vec<u32> {
        (0..self.decoded.instrs.len() as u32).filter(|&i| pick(&self.decoded.instrs[i as usize].op)).collect()
    }

    pub fn slot_named(&self, name: &str) -> u32 {
        self.code.localsplus.iter().position(|s| s.name == name).unwrap_or_else(|| panic!("no slot {name}")) as u32
    }

    /// Producers reaching the consumer variable `var`.
    pub fn producers(&self, var: u32) -> Vec<u32> {
        self.flow.flows.iter().filter(|&&(_, to)| to == var).map(|&(from, _)| from).collect()
    }

    /// Consumer variables a producer reaches.
    pub fn consumers(&self, var: u32) -> Vec<u32> {
        self.flow.flows.iter().filter(|&&(from, _)| from == var).map(|&(_, to)| to).collect()
    }

    /// The instruction that pushes an output variable.
    pub fn producing_insn(&self, var: u32) -> Option<u32> {
        match self.owners[var as usize] {
            VarOwner::Output { insn, .. } => Some(insn),
            _ => None,
        }
    }

    /// The instruction that reads a consumer variable.
    pub fn consuming_insn(&self, var: u32) -> Option<u32> {
        match self.owners[var as usize] {
            VarOwner::Input { insn, .. } | VarOwner::Peek { insn, .. } => Some(insn),
            _ => None,
        }
    }

    pub fn input(&self, insn: u32, index: u32) -> u32 {
        let range = &self.flow.vars.inputs[insn as usize];
        assert!(index < range.len() as u32, "{} has no input {index}", self.instr(insn).opname);
        range.start + index
    }

    pub fn output(&self, insn: u32, index: u32) -> u32 {
        let range = &self.flow.vars.outputs[insn as usize];
        assert!(index < range.len() as u32, "{} has no output {index}", self.instr(insn).opname);
        range.start + index
    }

    pub fn peek(&self, insn: u32, depth: u32) -> u32 {
        let found = self.flow.vars.peeks[insn as usize].iter().find(|&&(d, _)| d == depth);
        found.unwrap_or_else(|| panic!("{} reads nothing at depth {depth}", self.instr(insn).opname)).1
    }

    /// Instructions whose outputs reach the given input.
    pub fn producing_insns_of_input(&self, insn: u32, index: u32) -> Vec<u32> {
        self.producers(self.input(insn, index)).into_iter().filter_map(|v| self.producing_insn(v)).collect()
    }
}
