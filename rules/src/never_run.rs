//! Code that never runs: the body of `if TYPE_CHECKING:` (`typing.TYPE_CHECKING`
//! is false at run time, true only to type checkers). The rules read none of its
//! facts, so what it defines, imports or calls does not exist for them: a
//! `__get__` declared there for type checkers does not make its class a
//! descriptor, and the star imports a lazy `__init__` guards are not done.
//!
//! A test of `TYPE_CHECKING` (a global, a name or an attribute of that name, through
//! stack copies and 3.13+ `TO_BOOL`) never takes its `branch_true` edge; the blocks
//! that no longer reach from their code object's entry are dead. `else:` branches
//! and `if not TYPE_CHECKING:` bodies stay.

use std::collections::{HashMap, HashSet};

use cpyg_facts::lower::Facts;
use cpyg_facts::schema::{Condition, EdgeKind, Entity, Operation, RelationId};

/// The instructions that never run, by instruction id.
#[derive(Debug, Default)]
pub struct NeverRun {
    dead: Vec<bool>,
}

impl NeverRun {
    pub fn of(facts: &Facts) -> NeverRun {
        let Some(name) = facts.symbols.id("TYPE_CHECKING") else { return NeverRun::default() };
        // Variables holding the flag.
        let mut flag: HashSet<u32> = HashSet::new();
        for id in [RelationId::LoadGlobal, RelationId::LoadName] {
            flag.extend(facts.rows(id).filter(|r| r[1] == name).map(|r| r[2]));
        }
        for id in [RelationId::LoadAttr, RelationId::LoadNameFromMapping] {
            flag.extend(facts.rows(id).filter(|r| r[2] == name).map(|r| r[3]));
        }
        if flag.is_empty() {
            return NeverRun::default();
        }
        // Copies only into a variable nothing else flows into: a join of two stack values
        // may be true. Sorted by source, searched per flagged variable (no map over all
        // of the package's stack flow).
        let flows: Vec<(u32, u32)> = facts.rows(RelationId::StackFlow).map(|r| (r[0], r[1])).collect();
        let mut producers: Vec<u8> = Vec::new();
        for &(_, to) in &flows {
            let to = to as usize;
            if producers.len() <= to {
                producers.resize(to + 1, 0);
            }
            producers[to] = producers[to].saturating_add(1);
        }
        let mut copies: Vec<(u32, u32)> = flows.into_iter().filter(|&(_, to)| producers[to as usize] == 1).collect();
        copies.sort_unstable();
        let to_bool: HashSet<u32> = facts
            .rows(RelationId::Insn)
            .filter(|r| r[3] == Operation::ToBool.id())
            .map(|r| r[0])
            .collect();
        let read_by: HashMap<u32, u32> =
            facts.rows(RelationId::InVar).filter(|r| to_bool.contains(&r[1])).map(|r| (r[0], r[1])).collect();
        let pushed_by: HashMap<u32, u32> =
            facts.rows(RelationId::OutVar).filter(|r| to_bool.contains(&r[1])).map(|r| (r[1], r[0])).collect();
        let mut work: Vec<u32> = flag.iter().copied().collect();
        while let Some(var) = work.pop() {
            let first = copies.partition_point(|&(from, _)| from < var);
            let next = copies[first..].iter().take_while(|&&(from, _)| from == var).map(|&(_, to)| to);
            let converted = read_by.get(&var).and_then(|insn| pushed_by.get(insn)).copied();
            for to in next.chain(converted).collect::<Vec<_>>() {
                if flag.insert(to) {
                    work.push(to);
                }
            }
        }

        let mut block_of: Vec<u32> = Vec::new();
        for r in facts.rows(RelationId::InsnBlock) {
            let insn = r[0] as usize;
            if block_of.len() <= insn {
                block_of.resize(insn + 1, u32::MAX);
            }
            block_of[insn] = r[1];
        }
        let code_of: Vec<u32> = facts.rows(RelationId::Insn).map(|r| r[1]).collect();
        let truth = [Condition::IfTrue, Condition::IfFalse, Condition::IfTrueKeep, Condition::IfFalseKeep].map(|c| c.id());
        let tests: Vec<u32> = facts
            .rows(RelationId::ConditionalJump)
            .filter(|r| truth.contains(&r[1]) && flag.contains(&r[2]))
            .map(|r| r[0])
            .collect();
        let tested: HashSet<u32> = tests.iter().filter_map(|&j| block_of.get(j as usize).copied()).collect();
        let tested_codes: HashSet<u32> = tests.iter().filter_map(|&j| code_of.get(j as usize).copied()).collect();
        if tested.is_empty() {
            return NeverRun::default();
        }
        // Blocks belong to one code object: only those with a test are walked.
        let mut edges: Vec<(u32, u32, bool)> = facts
            .rows(RelationId::BlockEdge)
            .map(|r| (r[0], r[1], r[2] == EdgeKind::BranchTrue.id() && tested.contains(&r[0])))
            .collect();
        edges.sort_unstable();
        let entries: Vec<u32> =
            facts.rows(RelationId::EntryBlock).filter(|r| tested_codes.contains(&r[0])).map(|r| r[1]).collect();
        let reach = |pruned: bool| {
            let mut seen: HashSet<u32> = entries.iter().copied().collect();
            let mut work = entries.clone();
            while let Some(block) = work.pop() {
                let first = edges.partition_point(|&(from, _, _)| from < block);
                for &(_, to, infeasible) in edges[first..].iter().take_while(|&&(from, _, _)| from == block) {
                    if !(pruned && infeasible) && seen.insert(to) {
                        work.push(to);
                    }
                }
            }
            seen
        };
        let live = reach(true);
        let dead_blocks: HashSet<u32> = reach(false).difference(&live).copied().collect();
        if dead_blocks.is_empty() {
            return NeverRun::default();
        }
        let dead: Vec<bool> = block_of.iter().map(|block| dead_blocks.contains(block)).collect();
        NeverRun { dead }
    }

    /// Whether rows of relation `id` may name an instruction that never runs: its first
    /// column is an instruction (the one whose effect the row says).
    pub fn filters(&self, id: RelationId) -> bool {
        !self.dead.is_empty() && id.schema().columns.first().and_then(|c| c.ty.entity()) == Some(Entity::Insn)
    }

    pub fn runs(&self, insn: u32) -> bool {
        !self.dead.get(insn as usize).copied().unwrap_or(false)
    }
}
