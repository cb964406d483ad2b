//! Method resolution orders (C3 linearization) from the bases points-to found.
//!
//! Attribute lookup needs "the first class in the MRO that defines the name",
//! an ordered question Datalog answers poorly; C3 is computed here, between
//! rounds of the fixed point, and handed to the rules as the `mro` relation.
//! A base whose expression may be several classes contributes them all, in
//! order; an inconsistent hierarchy (C3 fails) falls back to depth-first order.

use std::collections::{BTreeMap, HashMap};

use crate::objects::{Insn, Obj};

/// MROs of every class in `classes`, given `bases` (class, index, base object).
/// Positions start at 1 (the class itself); 0 is "before the first".
pub fn linearize(classes: &[Insn], bases: &[(Insn, u32, Obj)]) -> Vec<(Insn, u32, Obj)> {
    let mut direct: HashMap<Insn, BTreeMap<u32, Vec<Obj>>> = HashMap::new();
    for &(class, index, base) in bases {
        if matches!(base, Obj::Class(_) | Obj::External(_)) {
            let slot = direct.entry(class).or_default().entry(index).or_default();
            if !slot.contains(&base) {
                slot.push(base);
            }
        }
    }
    let mut memo: HashMap<Insn, Vec<Obj>> = HashMap::new();
    let mut rows = Vec::new();
    for &class in classes {
        let order = mro_of(class, &direct, &mut memo, &mut Vec::new());
        rows.extend(order.iter().enumerate().map(|(p, &obj)| (class, p as u32 + 1, obj)));
    }
    rows
}

fn mro_of(
    class: Insn,
    direct: &HashMap<Insn, BTreeMap<u32, Vec<Obj>>>,
    memo: &mut HashMap<Insn, Vec<Obj>>,
    visiting: &mut Vec<Insn>,
) -> Vec<Obj> {
    if let Some(done) = memo.get(&class) {
        return done.clone();
    }
    // A class cannot be its own base at run time; a cycle here is an artefact of merged points-to.
    if visiting.contains(&class) {
        return vec![Obj::Class(class)];
    }
    visiting.push(class);
    let bases: Vec<Obj> = direct.get(&class).map(|b| b.values().flatten().copied().collect()).unwrap_or_default();
    let mut sequences: Vec<Vec<Obj>> = bases
        .iter()
        .map(|&base| match base {
            Obj::Class(b) => mro_of(b, direct, memo, visiting),
            other => vec![other],
        })
        .collect();
    sequences.push(bases.clone());
    let order = match c3_merge(sequences.clone()) {
        Some(merged) => std::iter::once(Obj::Class(class)).chain(merged).collect(),
        None => depth_first(class, &sequences),
    };
    visiting.pop();
    memo.insert(class, order.clone());
    order
}

/// C3 merge: repeatedly take the first head that is in no tail.
fn c3_merge(mut sequences: Vec<Vec<Obj>>) -> Option<Vec<Obj>> {
    let mut merged = Vec::new();
    loop {
        sequences.retain(|s| !s.is_empty());
        if sequences.is_empty() {
            return Some(merged);
        }
        let head = sequences.iter().map(|s| s[0]).find(|&h| sequences.iter().all(|s| !s[1..].contains(&h)))?;
        merged.push(head);
        for sequence in &mut sequences {
            if sequence[0] == head {
                sequence.remove(0);
            }
        }
    }
}

fn depth_first(class: Insn, sequences: &[Vec<Obj>]) -> Vec<Obj> {
    let mut order = vec![Obj::Class(class)];
    for obj in sequences.iter().flatten() {
        if !order.contains(obj) {
            order.push(*obj);
        }
    }
    order
}
