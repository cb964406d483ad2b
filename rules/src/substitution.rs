//! Offline variable substitution: a read variable (`InVar`/`PeekVar`) that one
//! producer alone can reach holds exactly what that producer holds, so the
//! rules see the producer in its place and never store its points-to set twice.
//!
//! This is exact, not an approximation. Its invariant: no rule derives `pts`
//! for a read variable except through `StackFlow` (every other `pts` head is a
//! produced variable: an instruction's output, a handler's or frame's entry
//! value). With that, `pts(read) = pts(producer)` at the fixed point, and
//! [`Substitution::expand`] restores the rows of the substituted variables.
//! `tests/analysis_substitution.rs` checks it on every analysis program.

use cpyg_facts::lower::Facts;
use cpyg_facts::schema::{Entity, RelationId};

use crate::input::{Row, typed};
use crate::objects::{Obj, Var};

#[derive(Debug, Default)]
pub struct Substitution {
    /// `producer[var]`: the variable `var` is replaced by, or `var` itself.
    producer: Vec<Var>,
    /// `(read, producer)` for every substituted variable, sorted by producer.
    replaced: Vec<(Var, Var)>,
}

impl Substitution {
    /// Substitutes every read variable with exactly one `StackFlow` into it.
    pub fn of(facts: &Facts) -> Substitution {
        let flows: Vec<(Var, Var)> = facts.rows(RelationId::StackFlow).map(|c| (c[0], c[1])).collect();
        let size = flows.iter().map(|&(from, to)| from.max(to) as usize + 1).max().unwrap_or(0);
        let mut producers = vec![0u32; size];
        for &(_, to) in &flows {
            producers[to as usize] += 1;
        }
        let mut producer: Vec<Var> = (0..size as Var).collect();
        let mut replaced = Vec::new();
        for &(from, to) in &flows {
            if producers[to as usize] == 1 {
                producer[to as usize] = from;
                replaced.push((to, from));
            }
        }
        replaced.sort_unstable_by_key(|&(read, from)| (from, read));
        Substitution { producer, replaced }
    }

    /// No substitution: every variable stands for itself.
    pub fn identity() -> Substitution {
        Substitution::default()
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
    pub fn rows<R: Row>(&self, facts: &Facts, id: RelationId) -> Result<Vec<R>, String> {
        let schema = id.schema();
        let var_columns: Vec<bool> =
            schema.columns.iter().map(|c| c.ty.entity() == Some(Entity::Var)).collect();
        let mut mapped = Vec::with_capacity(schema.columns.len());
        let mut rows = Vec::new();
        for columns in facts.rows(id) {
            mapped.clear();
            mapped.extend(columns.iter().zip(&var_columns).map(|(&v, &is_var)| if is_var { self.var(v) } else { v }));
            rows.push(typed(schema.name, &mapped)?);
        }
        Ok(rows)
    }

    /// `pts` (sorted) with the rows of the substituted variables added back; sorted.
    pub fn expand(&self, pts: Vec<(Var, Obj)>) -> Vec<(Var, Obj)> {
        if self.replaced.is_empty() {
            return pts;
        }
        let mut extra = Vec::new();
        let mut start = 0;
        for &(read, from) in &self.replaced {
            // `replaced` is sorted by producer, so the search only moves forward.
            start += pts[start..].partition_point(|&(v, _)| v < from);
            let end = start + pts[start..].partition_point(|&(v, _)| v == from);
            extra.extend(pts[start..end].iter().map(|&(_, o)| (read, o)));
        }
        let mut all = pts;
        all.extend(extra);
        all.sort_unstable();
        all
    }
}
