//! Why a call site's callee is unknown, in words: where the called value came
//! from (`parameter handler with no known argument`, `attribute .run of a value
//! with no known object`, ...), read from the stack flow of the facts. The
//! rules know only that no object reached the callee; the user asks why.

use std::collections::HashMap;

use cpyg_facts::lower::Facts;
use cpyg_facts::schema::{Operation, RelationId};

/// The producers of every call's callee, and the names they load, indexed once.
pub struct UnknownReasons<'a> {
    facts: &'a Facts,
    /// Call instruction → its callee variable.
    callee: HashMap<u32, u32>,
    /// Variable → the variables it flows from (a join point has several).
    flows_from: HashMap<u32, Vec<u32>>,
    /// Variable → the instruction that pushed it.
    pushed_by: HashMap<u32, u32>,
    /// Instruction → its operation.
    op: Vec<u32>,
    /// Instruction → (code, slot) it loads, for local and cell loads.
    slot: HashMap<u32, (u32, u32)>,
    /// Instruction → the name it loads (globals, names, attributes).
    name: HashMap<u32, u32>,
    /// (code, slot) → its name, and whether it is a parameter.
    slot_name: HashMap<(u32, u32), (u32, bool)>,
}

impl<'a> UnknownReasons<'a> {
    pub fn new(facts: &'a Facts) -> UnknownReasons<'a> {
        let mut flows_from: HashMap<u32, Vec<u32>> = HashMap::new();
        for row in facts.rows(RelationId::StackFlow) {
            flows_from.entry(row[1]).or_default().push(row[0]);
        }
        let mut slot = HashMap::new();
        for id in [RelationId::LoadLocal, RelationId::LoadCell] {
            slot.extend(facts.rows(id).map(|r| (r[0], (r[1], r[2]))));
        }
        let mut name = HashMap::new();
        for id in [RelationId::LoadGlobal, RelationId::LoadName] {
            name.extend(facts.rows(id).map(|r| (r[0], r[1])));
        }
        name.extend(facts.rows(RelationId::LoadAttr).map(|r| (r[0], r[2])));
        let mut slot_name: HashMap<(u32, u32), (u32, bool)> =
            facts.rows(RelationId::LocalSlot).map(|r| ((r[0], r[1]), (r[2], false))).collect();
        for row in facts.rows(RelationId::Param) {
            slot_name.insert((row[0], row[2]), (row[3], true));
        }
        UnknownReasons {
            facts,
            callee: facts.rows(RelationId::Call).map(|r| (r[0], r[1])).collect(),
            flows_from,
            pushed_by: facts.rows(RelationId::OutVar).map(|r| (r[0], r[1])).collect(),
            op: facts.rows(RelationId::Insn).map(|r| r[3]).collect(),
            slot,
            name,
            slot_name,
        }
    }

    /// Why nothing is known of what call `site` calls.
    pub fn of(&self, site: u32) -> String {
        let Some(&callee) = self.callee.get(&site) else {
            return "no object reaches the called value".into();
        };
        let mut sources: Vec<String> = self.producers(callee).into_iter().map(|insn| self.describe(insn)).collect();
        sources.sort();
        sources.dedup();
        if sources.is_empty() {
            return "no object reaches the called value".into();
        }
        format!("the called value is {}", sources.join(" or "))
    }

    /// The instructions that pushed `var`, through the stack flow.
    fn producers(&self, var: u32) -> Vec<u32> {
        let mut seen = vec![var];
        let mut todo = vec![var];
        let mut found = Vec::new();
        while let Some(v) = todo.pop() {
            if let Some(&insn) = self.pushed_by.get(&v) {
                found.push(insn);
            }
            for &from in self.flows_from.get(&v).into_iter().flatten() {
                if !seen.contains(&from) {
                    seen.push(from);
                    todo.push(from);
                }
            }
        }
        found
    }

    fn text(&self, symbol: u32) -> &str {
        self.facts.symbols.text(symbol).unwrap_or("?")
    }

    fn describe(&self, insn: u32) -> String {
        let op = self.op.get(insn as usize).and_then(|&op| Operation::ALL.get(op as usize).copied());
        let name = self.name.get(&insn).map(|&s| self.text(s));
        match (op, name, self.slot.get(&insn)) {
            (Some(Operation::LoadAttr), Some(name), _) => {
                format!("attribute .{name} of a value with no object that has it")
            }
            (Some(Operation::LoadGlobal | Operation::LoadName), Some(name), _) => {
                format!("global {name}, which no module of the package defines")
            }
            (Some(Operation::LoadCell), _, Some(&slot)) => {
                format!("free variable {} with no known value", self.slot_text(slot))
            }
            (_, _, Some(&slot)) => match self.slot_name.get(&slot) {
                Some(&(_, true)) => format!("parameter {} with no known argument", self.slot_text(slot)),
                _ => format!("local {} with no known value", self.slot_text(slot)),
            },
            (Some(op), _, _) => format!("the result of {} with no known object", op.name()),
            (None, _, _) => "a value with no known object".into(),
        }
    }

    fn slot_text(&self, slot: (u32, u32)) -> &str {
        self.slot_name.get(&slot).map_or("?", |&(name, _)| self.text(name))
    }
}
