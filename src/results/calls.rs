//! Call edges as results show them: every package callee and outside name a
//! call site reaches, whether the interpreter makes the call on its own, and
//! where the site is in the sources.

use std::collections::{HashMap, HashSet};

use cpyg_facts::schema::RelationId;
use cpyg_rules::objects::{Ext, Obj};

use crate::analysis::Analysis;

/// What a call site reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Callee {
    /// A code object of the package (functions, and class bodies and modules run by the site).
    Code(u32),
    /// Something outside the package.
    External(Ext),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct CallEdge {
    pub site: u32,
    pub callee: Callee,
    /// The site is not a call of the callee itself: an operator, `with`, iteration,
    /// `__init__` through a class, `__call__` through an instance, a callback an
    /// outside function runs, a class body run by `__build_class__`.
    pub implicit: bool,
    /// Only the fallback for outside functions whose behaviour is not modelled gives the
    /// edge: such a function is assumed to call back the functions it is given.
    pub assumed: bool,
}

/// Every edge of the solution: `call_edge` rows, then `calls_external` rows, in their order.
pub fn call_edges(analysis: &Analysis) -> Vec<CallEdge> {
    let solution = &analysis.solution;
    let protocol_callees = context_manager_methods(analysis);
    let callee_var: HashMap<u32, u32> = analysis
        .facts
        .rows(RelationId::Call)
        .filter(|r| !protocol_callees.contains(&r[1]))
        .map(|r| (r[0], r[1]))
        .collect();
    // What the called value itself may be, when the site is a call instruction the
    // source spells (not the `__enter__`/`__exit__` call of a `with`).
    let called = |site: u32| callee_var.get(&site).map_or(&[][..], |&var| solution.points_to(var));
    let mut edges = Vec::with_capacity(solution.call_edge.len() + solution.calls_external.len());
    for &(site, code) in &solution.call_edge {
        let direct = called(site)
            .iter()
            .any(|&(_, obj)| function_of(obj).and_then(|f| analysis.names.made.get(&f)) == Some(&code));
        let assumed = !direct && solution.assumed_call.binary_search(&(site, code)).is_ok();
        edges.push(CallEdge { site, callee: Callee::Code(code), implicit: !direct, assumed });
    }
    for &(site, ext) in &solution.calls_external {
        let direct = called(site).iter().any(|&(_, obj)| obj == Obj::External(ext));
        edges.push(CallEdge { site, callee: Callee::External(ext), implicit: !direct, assumed: false });
    }
    edges
}

/// Variables a `with` statement calls: what reads the `__exit__` it saved, or a
/// value its entry pushed (3.14 looks `__enter__` up and calls it with a `CALL`;
/// 3.10-3.13 call the saved `__exit__` with a `CALL` on normal exit).
fn context_manager_methods(analysis: &Analysis) -> HashSet<u32> {
    let facts = &analysis.facts;
    let entries: HashSet<u32> = facts.rows(RelationId::EnterContext).map(|r| r[0]).collect();
    let mut made: HashSet<u32> = facts.rows(RelationId::EnterContext).map(|r| r[2]).collect();
    let entered: HashSet<u32> = facts.rows(RelationId::EnterContext).map(|r| r[3]).collect();
    made.extend(
        facts.rows(RelationId::OutVar).filter(|r| entries.contains(&r[1]) && !entered.contains(&r[0])).map(|r| r[0]),
    );
    facts.rows(RelationId::StackFlow).filter(|r| made.contains(&r[0])).map(|r| r[1]).collect()
}

/// The function (by its `MakeFunction`) that calling `obj` runs directly.
fn function_of(obj: Obj) -> Option<u32> {
    match obj {
        Obj::Function(f) | Obj::Bound(f, _) | Obj::Wrapped(_, f) | Obj::PropertySetter(f) | Obj::PropertyDeleter(f) => Some(f),
        _ => None,
    }
}

/// Files and lines of code objects and instructions.
pub struct Places {
    /// File of each code object's module, relative to the input root.
    pub code_file: Vec<String>,
    pub code_line: Vec<u32>,
    /// Line of each instruction, where the line table has one.
    pub insn_line: Vec<Option<u32>>,
    pub insn_code: Vec<u32>,
}

impl Places {
    pub fn new(analysis: &Analysis) -> Places {
        let facts = &analysis.facts;
        let symbols = &facts.symbols;
        let module_file: HashMap<u32, &str> =
            facts.rows(RelationId::Module).map(|r| (r[0], symbols.text(r[2]).unwrap_or("?"))).collect();
        let mut code_file = Vec::new();
        let mut code_line = Vec::new();
        for row in facts.rows(RelationId::Code) {
            code_file.push(module_file.get(&row[1]).copied().unwrap_or("?").to_string());
            code_line.push(row[5]);
        }
        let insn_code: Vec<u32> = facts.rows(RelationId::Insn).map(|r| r[1]).collect();
        let mut insn_line = vec![None; insn_code.len()];
        for row in facts.rows(RelationId::InsnLine) {
            if let Some(line) = insn_line.get_mut(row[0] as usize) {
                *line = Some(row[1]);
            }
        }
        Places { code_file, code_line, insn_line, insn_code }
    }

    /// `main.py:38`, or the file alone when the instruction has no line.
    pub fn site(&self, insn: u32) -> String {
        let file = self.insn_code.get(insn as usize).and_then(|&c| self.code_file.get(c as usize));
        let file = file.map_or("?", String::as_str);
        match self.insn_line.get(insn as usize).copied().flatten() {
            Some(line) => format!("{file}:{line}"),
            None => file.to_string(),
        }
    }
}
