//! Offline variable substitution: variables that provably hold the same objects
//! are replaced by one of them, so the rules never store a points-to set twice.
//!
//! - A read variable (`InVar`/`PeekVar`) that one producer alone can reach holds
//!   exactly what that producer holds.
//! - Every load of a plain local slot (`LoadLocal` of a slot that is neither a cell
//!   nor a free variable, nor one flow sensitivity tracks: `crate::flow`) holds
//!   exactly what the slot holds, so all loads of a slot stand for the first one.
//!
//! This is exact, not an approximation. Its invariants: no rule derives `pts` for
//! a read variable except through `StackFlow`, nor for the output of a `LoadLocal`
//! of a plain slot except from `local` (every other `pts` head is another
//! instruction's output, a handler's or frame's entry value). With those, the
//! replaced variables' sets equal their replacements' at the fixed point, and
//! `Solution::aliases` records who stands for whom.
//! `tests/analysis_exactness.rs` checks it on every analysis program.

use std::collections::{HashMap, HashSet};

use cpyg_facts::lower::Facts;
use cpyg_facts::schema::{Entity, RelationId};

use crate::flow::Flow;
use crate::input::{Row, typed};
use crate::never_run::NeverRun;
use crate::objects::Var;

#[derive(Debug, Default)]
pub struct Substitution {
    /// `producer[var]`: the variable `var` is replaced by, or `var` itself.
    producer: Vec<Var>,
    /// `(var, replacement)` for every replaced variable, sorted by `var`.
    replaced: Vec<(Var, Var)>,
    /// The loads and stores the rules read in place of the facts' (flow sensitivity).
    flow: Flow,
}

impl Substitution {
    /// Substitutes every read variable with exactly one `StackFlow` into it, and every
    /// load of a plain local slot by the slot's first load.
    pub fn of(facts: &Facts) -> Substitution {
        Substitution::with_flow(facts, Flow::none())
    }

    /// [`Substitution::of`] the facts as `flow` rewrites them.
    pub fn with_flow(facts: &Facts, flow: Flow) -> Substitution {
        let flows: Vec<(Var, Var)> = facts.rows(RelationId::StackFlow).map(|c| (c[0], c[1])).collect();
        let loads: Vec<(u32, u32, Var)> = flow.rows(facts, RelationId::LoadLocal).map(|c| (c[1], c[2], c[3])).collect();
        let size = flows
            .iter()
            .map(|&(from, to)| from.max(to))
            .chain(loads.iter().map(|&(_, _, out)| out))
            .max()
            .map_or(0, |v| v as usize + 1);
        let mut producer: Vec<Var> = (0..size as Var).collect();

        // Loads of one plain slot: the first (smallest) output stands for the others.
        let cells: HashSet<(u32, u32)> = facts
            .rows(RelationId::CellSlot)
            .map(|c| (c[0], c[1]))
            .chain(facts.rows(RelationId::FreeSlot).map(|c| (c[0], c[1])))
            .collect();
        let mut first_load: HashMap<(u32, u32), Var> = HashMap::new();
        for &(code, slot, out) in &loads {
            if !cells.contains(&(code, slot)) && !flow.tracks_slot(code, slot) {
                let first = first_load.entry((code, slot)).or_insert(out);
                *first = (*first).min(out);
            }
        }
        for &(code, slot, out) in &loads {
            if let Some(&first) = first_load.get(&(code, slot)) {
                producer[out as usize] = first;
            }
        }

        let mut producers = vec![0u32; size];
        for &(_, to) in &flows {
            producers[to as usize] += 1;
        }
        for &(from, to) in &flows {
            if producers[to as usize] == 1 {
                producer[to as usize] = producer[from as usize];
            }
        }
        let replaced: Vec<(Var, Var)> =
            (0..size as Var).filter(|&v| producer[v as usize] != v).map(|v| (v, producer[v as usize])).collect();
        Substitution { producer, replaced, flow }
    }

    /// No substitution: every variable stands for itself.
    pub fn identity() -> Substitution {
        Substitution { flow: Flow::none(), ..Substitution::default() }
    }

    /// No substitution, over the facts as `flow` rewrites them.
    pub fn identity_with(flow: Flow) -> Substitution {
        Substitution { flow, ..Substitution::default() }
    }

    /// The flow sensitivity the rows follow.
    pub fn flow(&self) -> &Flow {
        &self.flow
    }

    /// How many read variables stand for their producer.
    pub fn replaced_count(&self) -> usize {
        self.replaced.len()
    }

    pub fn var(&self, var: Var) -> Var {
        self.producer.get(var as usize).copied().unwrap_or(var)
    }

    /// The rows of relation `id` with variables substituted. A `StackFlow` row into a
    /// substituted variable becomes `x -> x`: rules that match the shape of the stack
    /// (a tuple built right before `MAKE_FUNCTION` reads it) still find it.
    /// Rows whose instruction never runs are left out ([`NeverRun`]).
    pub fn rows<R: Row>(&self, facts: &Facts, id: RelationId, never_run: &NeverRun) -> Result<Vec<R>, String> {
        let schema = id.schema();
        let filters = never_run.filters(id);
        let var_columns: Vec<bool> =
            schema.columns.iter().map(|c| c.ty.entity() == Some(Entity::Var)).collect();
        let mut mapped = Vec::with_capacity(schema.columns.len());
        let mut rows = Vec::new();
        for columns in self.flow.rows(facts, id) {
            if filters && !never_run.runs(columns[0]) {
                continue;
            }
            mapped.clear();
            mapped.extend(columns.iter().zip(&var_columns).map(|(&v, &is_var)| if is_var { self.var(v) } else { v }));
            rows.push(typed(schema.name, &mapped)?);
        }
        Ok(rows)
    }

    /// `(var, replacement)` for every replaced variable, sorted by `var`.
    pub fn aliases(&self) -> Vec<(Var, Var)> {
        self.replaced.clone()
    }
}
