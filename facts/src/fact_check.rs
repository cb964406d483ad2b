//! Consistency check over a whole fact set, as it is written (after per-code
//! ids became global), complementing [`crate::check`], which checks one code
//! object's flow and graph before they are lowered.
//!
//! Ids, generically from the schema's column types ([`Entity`]):
//! - every entity's ids are exactly `0..count`, each defined by one row of the
//!   relations [`Entity::defined_by`] lists (the symbol table defines symbols);
//! - every other column of an entity's type names a defined id;
//! - per-code ids (instructions, variables, blocks, constants, regions) belong to
//!   one code object each: the `code` column of their defining row, or failing
//!   that the code object of the per-code id it names (a `HandlerVar`'s region);
//!   they are numbered in code id order, and no row mixes code objects.
//!
//! Stack flow and control flow, as rules will read them:
//! - `StackFlow` goes from a producer (`OutVar`, `HandlerVar`, `EntryVar`) to a
//!   consumer (`InVar`, `PeekVar`); every consumer of a reachable instruction
//!   (one with an `InsnDepth`) has a flow into it;
//! - every producer has a flow out of it or an `UnusedOutput` row, not both;
//! - every instruction is in one block, inside the block's range; jump targets
//!   and handlers start blocks; every `BlockEdge` leads where its kind says: to
//!   the next instruction, the jump target, or the handler of a region covering
//!   the block.

use std::fmt;

use crate::check::{Violation, ViolationKind, KEPT_VIOLATIONS};
use crate::lower::Facts;
use crate::schema::{relation_id, EdgeKind, Entity, RelationId, UnusedReason, RELATIONS};

/// Marks an unknown owner or an absent link.
const NONE: u32 = u32::MAX;

/// Counts over a fact set, and the first violations found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FactCheckReport {
    /// Rows of every relation but `Symbol`.
    pub rows: u64,
    /// Ids defined, indexed like [`Entity::ALL`].
    pub defined: [u64; 8],
    /// Columns checked to name a defined id (defining columns not counted), indexed like [`Entity::ALL`].
    pub references: [u64; 8],
    pub consumers: u64,
    pub producers: u64,
    pub flows: u64,
    /// Indexed like [`UnusedReason::ALL`].
    pub unused_by_reason: [u64; 3],
    pub blocks: u64,
    /// Indexed like [`EdgeKind::ALL`].
    pub edges_by_kind: [u64; 6],
    pub violation_count: u64,
    pub violations: Vec<Violation>,
}

impl FactCheckReport {
    pub fn is_clean(&self) -> bool {
        self.violation_count == 0
    }

    /// Total id columns checked: defining ones and references.
    pub fn ids_checked(&self) -> u64 {
        self.defined.iter().sum::<u64>() + self.references.iter().sum::<u64>()
    }

    fn violation(&mut self, relation: &str, kind: ViolationKind, message: String) {
        self.violation_count += 1;
        if self.violations.len() < KEPT_VIOLATIONS {
            self.violations.push(Violation { code: relation.to_string(), offset: None, kind, message });
        }
    }
}

impl fmt::Display for FactCheckReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ids: Vec<String> = Entity::ALL
            .iter()
            .enumerate()
            .map(|(i, e)| format!("{} {} ({} refs)", e.name(), self.defined[i], self.references[i]))
            .collect();
        writeln!(f, "{} rows; ids defined (references checked): {}", self.rows, ids.join(", "))?;
        let unused: Vec<String> =
            UnusedReason::ALL.iter().zip(self.unused_by_reason).map(|(r, n)| format!("{} {n}", r.name())).collect();
        writeln!(
            f,
            "stack: {} consumers, {} producers, {} flows; unused: {}",
            self.consumers,
            self.producers,
            self.flows,
            unused.join(", ")
        )?;
        let edges: Vec<String> =
            EdgeKind::ALL.iter().zip(self.edges_by_kind).map(|(k, n)| format!("{} {n}", k.name())).collect();
        writeln!(f, "control: {} blocks; edges: {}", self.blocks, edges.join(", "))?;
        write!(f, "violations: {}", self.violation_count)?;
        for v in &self.violations {
            write!(f, "\n  {v}")?;
        }
        Ok(())
    }
}

/// Checks a whole fact set.
pub fn check_facts(facts: &Facts) -> FactCheckReport {
    let mut checker = Checker { facts, report: FactCheckReport::default() };
    let ids = checker.define_ids();
    checker.references(&ids);
    checker.stack(&ids);
    checker.control(&ids);
    checker.report
}

/// The ids of one entity, as its defining relations give them.
#[derive(Default)]
struct IdTable {
    /// Ids `0..count` are expected: `count` is the number of defining rows.
    count: usize,
    defined: Vec<bool>,
    /// The code object each per-code id belongs to (`NONE` when unknown).
    owner: Vec<u32>,
}

impl IdTable {
    fn is_defined(&self, id: u32) -> bool {
        self.defined.get(id as usize).copied().unwrap_or(false)
    }

    fn owner(&self, id: u32) -> u32 {
        self.owner.get(id as usize).copied().unwrap_or(NONE)
    }
}

struct Ids {
    tables: [IdTable; 8],
}

impl Ids {
    fn of(&self, entity: Entity) -> &IdTable {
        &self.tables[entity as usize]
    }
}

struct Checker<'a> {
    facts: &'a Facts,
    report: FactCheckReport,
}

impl Checker<'_> {
    fn define_ids(&mut self) -> Ids {
        let mut ids = Ids { tables: Default::default() };
        for entity in Entity::ALL {
            let table = self.define(entity);
            ids.tables[entity as usize] = table;
        }
        // Entities whose defining rows all carry a code column first, so the
        // others can take the owner of the per-code id they name.
        let mut per_code: Vec<Entity> = Entity::ALL.iter().copied().filter(|e| e.is_per_code()).collect();
        per_code.sort_by_key(|&e| !self.defined_with_code(e));
        for entity in per_code {
            let owner = self.owners(entity, &ids);
            ids.tables[entity as usize].owner = owner;
            self.numbered_in_code_order(entity, &ids);
        }
        ids
    }

    /// Every id `0..count` defined exactly once.
    fn define(&mut self, entity: Entity) -> IdTable {
        if entity == Entity::Symbol {
            let count = self.facts.symbols.len();
            self.report.defined[entity as usize] = count as u64;
            return IdTable { count, defined: vec![true; count], owner: Vec::new() };
        }
        let relations: Vec<RelationId> = entity.defined_by().iter().filter_map(|name| relation_id(name)).collect();
        let count: usize = relations.iter().map(|&r| self.facts.count(r)).sum();
        let mut times = vec![0u8; count];
        for &relation in &relations {
            for row in self.facts.rows(relation) {
                let id = row[0];
                match times.get_mut(id as usize) {
                    Some(n) => *n = n.saturating_add(1),
                    None => {
                        let message =
                            format!("defines {} {id}, beyond the {count} its relations define", entity.name());
                        self.report.violation(relation.schema().name, ViolationKind::NotDense, message);
                    }
                }
            }
        }
        for (id, &n) in times.iter().enumerate() {
            if n != 1 {
                let message =
                    format!("{} {id} is defined by {n} rows of {}", entity.name(), entity.defined_by().join(", "));
                self.report.violation(entity.defined_by()[0], ViolationKind::NotDense, message);
            }
        }
        self.report.defined[entity as usize] = count as u64;
        IdTable { count, defined: times.iter().map(|&n| n > 0).collect(), owner: Vec::new() }
    }

    fn defined_with_code(&self, entity: Entity) -> bool {
        entity.defined_by().iter().filter_map(|name| relation_id(name)).all(|r| code_column(r).is_some())
    }

    /// The code object of each id: its defining row's `code` column, or the owner
    /// of the first per-code id the row names.
    fn owners(&mut self, entity: Entity, ids: &Ids) -> Vec<u32> {
        let table = ids.of(entity);
        let mut owner = vec![NONE; table.count];
        for name in entity.defined_by() {
            let Some(relation) = relation_id(name) else { continue };
            let columns = relation.schema().columns;
            let via_code = code_column(relation);
            let via_id = columns
                .iter()
                .enumerate()
                .skip(1)
                .find_map(|(k, c)| c.ty.entity().filter(|e| e.is_per_code()).map(|e| (k, e)));
            for row in self.facts.rows(relation) {
                let code = match (via_code, via_id) {
                    (Some(k), _) => row[k],
                    (None, Some((k, e))) => ids.of(e).owner(row[k]),
                    (None, None) => NONE,
                };
                if let Some(slot) = owner.get_mut(row[0] as usize) {
                    *slot = code;
                }
            }
        }
        owner
    }

    /// Per-code ids follow code ids: one code object's ids, then the next one's.
    fn numbered_in_code_order(&mut self, entity: Entity, ids: &Ids) {
        let mut previous = 0;
        for (id, &code) in ids.of(entity).owner.iter().enumerate() {
            if code == NONE {
                continue;
            }
            if code < previous {
                let message = format!("{} {id} belongs to code {code}, after ids of code {previous}", entity.name());
                self.report.violation(entity.defined_by()[0], ViolationKind::MixedCode, message);
            }
            previous = previous.max(code);
        }
    }

    /// Every id column names a defined id; a row's per-code ids share one code object.
    fn references(&mut self, ids: &Ids) {
        for (index, schema) in RELATIONS.iter().enumerate() {
            let Some(&relation) = crate::schema::RELATION_IDS.get(index) else { continue };
            let defines: Option<Entity> = Entity::ALL.iter().copied().find(|e| e.defined_by().contains(&schema.name));
            let entities: Vec<Option<Entity>> = schema.columns.iter().map(|c| c.ty.entity()).collect();
            let mut rows = 0u64;
            for row in self.facts.rows(relation) {
                rows += 1;
                let mut code = NONE;
                let mut mixed = false;
                let mut dangling = false;
                for (k, (&value, entity)) in row.iter().zip(&entities).enumerate() {
                    let Some(entity) = *entity else { continue };
                    let table = ids.of(entity);
                    if !(k == 0 && defines == Some(entity)) {
                        self.report.references[entity as usize] += 1;
                        if !table.is_defined(value) {
                            dangling = true;
                            let message = format!(
                                "row {}: column `{}` names {} {value}, which {} does not define ({} defined)",
                                row_text(row),
                                schema.columns[k].name,
                                entity.name(),
                                entity.defined_by().join("/"),
                                table.count
                            );
                            self.report.violation(schema.name, ViolationKind::DanglingId, message);
                            continue;
                        }
                    }
                    if entity.is_per_code() {
                        let owner = table.owner(value);
                        if owner != NONE && code != NONE && owner != code {
                            mixed = true;
                        }
                        if code == NONE {
                            code = owner;
                        }
                    }
                }
                if mixed && !dangling {
                    let message = format!("row {} names ids of more than one code object", row_text(row));
                    self.report.violation(schema.name, ViolationKind::MixedCode, message);
                }
            }
            self.report.rows += rows;
        }
    }

    /// Producers flow into consumers; every reachable read has a producer; every
    /// producer is read or listed unused.
    fn stack(&mut self, ids: &Ids) {
        let count = ids.of(Entity::Var).count;
        let mut producer = vec![false; count];
        let mut consumer = vec![false; count];
        for relation in [RelationId::OutVar, RelationId::HandlerVar, RelationId::EntryVar] {
            self.mark(relation, &mut producer);
        }
        for relation in [RelationId::InVar, RelationId::PeekVar] {
            self.mark(relation, &mut consumer);
        }
        self.report.producers = producer.iter().filter(|&&p| p).count() as u64;
        self.report.consumers = consumer.iter().filter(|&&c| c).count() as u64;

        let mut has_producer = vec![false; count];
        let mut consumed = vec![false; count];
        for row in self.facts.rows(RelationId::StackFlow) {
            let (from, to) = (row[0] as usize, row[1] as usize);
            self.report.flows += 1;
            if from >= count || to >= count {
                continue; // reported as dangling
            }
            if !producer[from] || !consumer[to] {
                self.report.violation(
                    "StackFlow",
                    ViolationKind::BadFlow,
                    format!("row {}: not from a producer to a consumer", row_text(row)),
                );
                continue;
            }
            has_producer[to] = true;
            consumed[from] = true;
        }

        let mut reachable = vec![false; ids.of(Entity::Insn).count];
        for row in self.facts.rows(RelationId::InsnDepth) {
            if let Some(r) = reachable.get_mut(row[0] as usize) {
                *r = true;
            }
        }
        for relation in [RelationId::InVar, RelationId::PeekVar] {
            for row in self.facts.rows(relation) {
                let (var, insn) = (row[0] as usize, row[1] as usize);
                if reachable.get(insn).copied().unwrap_or(false) && !has_producer.get(var).copied().unwrap_or(true) {
                    let message = format!("variable {var} read by reachable insn {insn} has no StackFlow into it");
                    self.report.violation(relation.schema().name, ViolationKind::NoProducer, message);
                }
            }
        }

        let mut listed = vec![false; count];
        for row in self.facts.rows(RelationId::UnusedOutput) {
            let var = row[0] as usize;
            if let Some(n) = self.report.unused_by_reason.get_mut(row[1] as usize) {
                *n += 1;
            }
            if var >= count {
                continue;
            }
            listed[var] = true;
            if !producer[var] || consumed[var] {
                let message = format!(
                    "variable {var} is listed unused but is {}",
                    if consumed[var] { "read" } else { "no producer" }
                );
                self.report.violation("UnusedOutput", ViolationKind::UnusedMismatch, message);
            }
        }
        for var in 0..count {
            if producer[var] && !consumed[var] && !listed[var] {
                self.report.violation(
                    "StackFlow",
                    ViolationKind::Lost,
                    format!("produced variable {var} is never read nor listed unused"),
                );
            }
        }
    }

    fn mark(&self, relation: RelationId, set: &mut [bool]) {
        for row in self.facts.rows(relation) {
            if let Some(slot) = set.get_mut(row[0] as usize) {
                *slot = true;
            }
        }
    }

    /// Blocks hold their instructions; targets and handlers start blocks; edges go where their kind says.
    fn control(&mut self, ids: &Ids) {
        let insns = ids.of(Entity::Insn).count;
        let blocks = ids.of(Entity::Block).count;
        self.report.blocks = blocks as u64;
        let mut range = vec![(NONE, NONE); blocks];
        let mut starts_block = vec![false; insns];
        for row in self.facts.rows(RelationId::Block) {
            let (block, first, last) = (row[0] as usize, row[2], row[3]);
            if let (Some(slot), true) = (range.get_mut(block), first <= last && (last as usize) < insns) {
                *slot = (first, last);
                starts_block[first as usize] = true;
            } else {
                self.report.violation(
                    "Block",
                    ViolationKind::BadId,
                    format!("row {}: not a range of instructions", row_text(row)),
                );
            }
        }
        let mut in_blocks = vec![0u32; insns];
        for row in self.facts.rows(RelationId::InsnBlock) {
            let (insn, block) = (row[0], row[1] as usize);
            let (first, last) = range.get(block).copied().unwrap_or((NONE, NONE));
            if let Some(n) = in_blocks.get_mut(insn as usize) {
                *n += 1;
            }
            if first == NONE || insn < first || insn > last {
                self.report.violation(
                    "InsnBlock",
                    ViolationKind::BadId,
                    format!("row {}: the instruction is outside the block", row_text(row)),
                );
            }
        }
        for (insn, &n) in in_blocks.iter().enumerate() {
            if n != 1 {
                self.report.violation("InsnBlock", ViolationKind::BadId, format!("insn {insn} is in {n} blocks"));
            }
        }

        let mut jump_target = vec![NONE; insns];
        for row in self.facts.rows(RelationId::JumpTarget) {
            let (insn, target) = (row[0] as usize, row[1]);
            if let Some(slot) = jump_target.get_mut(insn) {
                *slot = target;
            }
            if !starts_block.get(target as usize).copied().unwrap_or(false) {
                self.report.violation(
                    "JumpTarget",
                    ViolationKind::BadEdge,
                    format!("row {}: the target starts no block", row_text(row)),
                );
            }
        }
        let mut handler = vec![NONE; ids.of(Entity::Region).count];
        for row in self.facts.rows(RelationId::ExceptionRegion) {
            let (region, target) = (row[0] as usize, row[4]);
            if let Some(slot) = handler.get_mut(region) {
                *slot = target;
            }
            if !starts_block.get(target as usize).copied().unwrap_or(false) {
                self.report.violation(
                    "ExceptionRegion",
                    ViolationKind::BadEdge,
                    format!("row {}: the handler starts no block", row_text(row)),
                );
            }
        }
        let mut handlers_of_insn: Vec<Vec<u32>> = vec![Vec::new(); insns];
        for row in self.facts.rows(RelationId::InsnRegion) {
            let (insn, region) = (row[0] as usize, row[1] as usize);
            if let (Some(list), Some(&h)) = (handlers_of_insn.get_mut(insn), handler.get(region)) {
                list.push(h);
            }
        }

        for row in self.facts.rows(RelationId::BlockEdge) {
            let (Some(&(first, last)), Some(&(to, _))) = (range.get(row[0] as usize), range.get(row[1] as usize))
            else {
                continue; // reported as dangling
            };
            let Some(kind) = EdgeKind::ALL.get(row[2] as usize).copied() else {
                self.report.violation(
                    "BlockEdge",
                    ViolationKind::BadEdge,
                    format!("row {}: no such edge kind", row_text(row)),
                );
                continue;
            };
            self.report.edges_by_kind[kind as usize] += 1;
            if first == NONE || to == NONE {
                continue;
            }
            let next = last.checked_add(1);
            let jumps_to = jump_target.get(last as usize).copied().unwrap_or(NONE);
            let leads_there = match kind {
                EdgeKind::Fallthrough | EdgeKind::Resume => next == Some(to),
                EdgeKind::Jump => jumps_to == to,
                EdgeKind::BranchTrue | EdgeKind::BranchFalse => next == Some(to) || jumps_to == to,
                EdgeKind::Exception => {
                    (first..=last).any(|i| handlers_of_insn.get(i as usize).is_some_and(|hs| hs.contains(&to)))
                }
            };
            if !leads_there {
                let message = format!(
                    "row {}: a {} edge from insns {first}..={last} cannot reach insn {to}",
                    row_text(row),
                    kind.name()
                );
                self.report.violation("BlockEdge", ViolationKind::BadEdge, message);
            }
        }
    }
}

/// The column of a relation that names its code object (`code`), if it has one.
fn code_column(relation: RelationId) -> Option<usize> {
    relation.schema().columns.iter().position(|c| c.ty.entity() == Some(Entity::Code))
}

fn row_text(row: &[u32]) -> String {
    row.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
}
