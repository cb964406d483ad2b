//! Points-to and call-graph analysis of a loaded package: facts lowered in
//! memory (no fact files), a rule set of `cpyg-rules` run to its fixed point,
//! and the results decoded into names.

pub mod names;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use cpyg_facts::lower::{lower_package, Facts, SkippedModule};
use cpyg_facts::schema::{CodeKind, RelationId};
use cpyg_rules::objects::Obj;
use cpyg_rules::{RuleSet, Solution};

use crate::facts::{decode_inputs, package_input, Decoded};

pub use names::Names;

/// A solved package.
pub struct Analysis {
    pub facts: Facts,
    pub solution: Solution,
    pub names: Names,
    /// Modules left out (did not compile, could not be decoded or lowered).
    pub skipped: Vec<SkippedModule>,
    pub timings: Timings,
}

/// Wall time per phase.
#[derive(Clone, Copy, Debug, Default)]
pub struct Timings {
    pub load: Duration,
    pub decode: Duration,
    pub lower: Duration,
    pub solve: Duration,
}

/// Loads `inputs` (as `cpyg facts` does), lowers them and solves the `insensitive` rule set.
pub fn analyze(inputs: &[PathBuf], python: Option<&str>, threads: usize) -> Result<Analysis, String> {
    analyze_with(inputs, python, RuleSet::Insensitive, threads)
}

/// Loads, lowers and solves `rule_set` on `threads` threads.
pub fn analyze_with(
    inputs: &[PathBuf],
    python: Option<&str>,
    rule_set: RuleSet,
    threads: usize,
) -> Result<Analysis, String> {
    let threads = threads.max(1);
    let Decoded { root, package, mut skipped, times, .. } = decode_inputs(inputs, python, threads)?;
    let started = Instant::now();
    let lowered = lower_package(&package_input(&package, &root), threads)?;
    skipped.extend(lowered.skipped.iter().cloned());
    skipped.sort_by(|a, b| a.module.cmp(&b.module));
    if lowered.skipped.len() == package.modules.len() {
        return Err(crate::facts::nothing_left(&skipped));
    }
    let lower_time = started.elapsed();
    let solution = cpyg_rules::solve(&lowered.facts, rule_set, threads)?;
    let names = Names::new(&lowered.facts)?;
    let timings = Timings { load: times.load, decode: times.decode, lower: lower_time, solve: solution.time };
    Ok(Analysis { facts: lowered.facts, solution, names, skipped, timings })
}

impl Analysis {
    /// Call edges in PyCG's shape: caller → callees; every module and function of
    /// the package is a key (with an empty set when it calls nothing). Calls made
    /// by class bodies and comprehensions belong to the enclosing function or module.
    pub fn callgraph_pycg(&self) -> BTreeMap<String, BTreeSet<String>> {
        let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (code, name) in self.names.code.iter().enumerate() {
            if self.names.scope[code] == code as u32 {
                graph.entry(name.clone()).or_default();
            }
        }
        for &(site, callee) in &self.solution.call_edge {
            if self.names.is_function(callee) {
                let caller = self.names.caller_of(site).to_string();
                graph.entry(caller).or_default().insert(self.names.code[callee as usize].clone());
            }
        }
        for &(site, ext) in &self.solution.calls_external {
            let caller = self.names.caller_of(site).to_string();
            graph.entry(caller).or_default().insert(names::external_name(ext, &self.solution.symbols));
        }
        graph
    }

    /// What `name` may point to: a local of the code objects named `scope`, or a
    /// global when `scope` names a module (an attribute when it names a class),
    /// each object described by [`Names::describe`].
    pub fn points_to(&self, scope: &str, name: &str) -> BTreeSet<String> {
        let symbols = &self.solution.symbols;
        let Some(sym) = symbols.id(name) else { return BTreeSet::new() };
        let codes: Vec<u32> =
            (0..self.names.code.len() as u32).filter(|&c| self.names.code[c as usize] == scope).collect();
        let mut found: BTreeSet<Obj> = BTreeSet::new();
        for &code in &codes {
            match self.names.kind[code as usize] {
                CodeKind::Module => {
                    let module = self.facts.rows(RelationId::ModuleCode).find(|r| r[1] == code).map(|r| r[0]);
                    if let Some(m) = module {
                        found.extend(self.field_values(Obj::Module(m), sym));
                    }
                }
                CodeKind::ClassBody => {
                    let class = self.names.class_body.iter().find(|(_, &body)| body == code).map(|(&k, _)| k);
                    if let Some(k) = class {
                        found.extend(self.field_values(Obj::Class(k), sym));
                    }
                }
                _ => found.extend(self.local_values(code, sym)),
            }
        }
        found.into_iter().map(|o| self.names.describe(o, symbols)).collect()
    }

    fn field_values(&self, base: Obj, name: u32) -> impl Iterator<Item = Obj> + '_ {
        let solution = &self.solution;
        let kept = solution.field.iter().filter(move |r| r.0 == base && r.1 == name).map(|r| r.2);
        let stored = solution.field_flow.iter().filter(move |r| r.1 == base && r.2 == name);
        kept.chain(stored.flat_map(move |r| solution.points_to(r.0).iter().map(|p| p.1)))
    }

    /// Values of the slots of `code` named `name`: the slot itself, or the cell it holds.
    fn local_values(&self, code: u32, name: u32) -> Vec<Obj> {
        let slots: Vec<u32> =
            self.facts.rows(RelationId::LocalSlot).filter(|r| r[0] == code && r[2] == name).map(|r| r[1]).collect();
        let mut values = Vec::new();
        for slot in slots {
            values.extend(self.solution.local.iter().filter(|r| r.0 == code && r.1 == slot).map(|r| r.2));
            for cell in self.solution.slot_cell.iter().filter(|r| r.0 == code && r.1 == slot).map(|r| r.2) {
                values.extend(self.solution.cell_value.iter().filter(|r| r.0 == cell).map(|r| r.1));
            }
        }
        values
    }
}
