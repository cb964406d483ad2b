//! Method resolution orders (C3 linearization) from the bases points-to found.
//!
//! Attribute lookup needs "the first class in the MRO that defines the name",
//! an ordered question Datalog answers poorly; C3 is computed here, between
//! rounds of the fixed point, and handed to the rules as the `mro` relation.
//!
//! A base whose expression may be several classes (merged points-to: a class
//! decorator that returns its argument, a factory) is one of them at run time,
//! never all at once, so each choice of bases is linearized on its own and a
//! class may have several possible orders, numbered from 0. Merging the
//! choices into one order would invent an order Python never builds and hide
//! the definer the real one finds first. A class with more choices than the
//! limit (`max_orders`) gets one merged order holding every candidate, as if
//! they were all bases, which may miss the real first definer: each order
//! multiplies the owners a lookup finds, and with unlimited orders django's
//! analysis does not finish.
//! An inconsistent hierarchy (C3 fails) falls back to depth-first order.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::objects::{Insn, Obj};

/// Orders kept per class, by default. Measured (python3.12, insensitive): django has 11
/// classes with several orders, at most 12; aiohttp one, with 3. With no limit, django
/// passed 24 GB.
pub const MAX_ORDERS: usize = 16;

/// `(class, order, position, object)`: position `p` (from 1, the class itself) of the
/// `order`-th possible MRO of `class`.
pub type MroRow = (Insn, u32, u32, Obj);

/// MROs of every class in `classes`, given `bases` (class, index, base object), at most
/// `max_orders` per class.
pub fn linearize(classes: &[Insn], bases: &[(Insn, u32, Obj)], max_orders: usize) -> Vec<MroRow> {
    let mut direct: HashMap<Insn, BTreeMap<u32, Vec<Obj>>> = HashMap::new();
    for &(class, index, base) in bases {
        if matches!(base, Obj::Class(_) | Obj::External(_)) {
            let slot = direct.entry(class).or_default().entry(index).or_default();
            if !slot.contains(&base) {
                slot.push(base);
            }
        }
    }
    let mut memo: HashMap<Insn, Vec<Vec<Obj>>> = HashMap::new();
    let mut rows = Vec::new();
    for &class in classes {
        for (order, mro) in mros_of(class, &direct, max_orders, &mut memo, &mut Vec::new()).iter().enumerate() {
            rows.extend(mro.iter().enumerate().map(|(p, &obj)| (class, order as u32, p as u32 + 1, obj)));
        }
    }
    rows
}

/// The possible MROs of `class`, sorted, at most `max_orders`.
fn mros_of(
    class: Insn,
    direct: &HashMap<Insn, BTreeMap<u32, Vec<Obj>>>,
    max_orders: usize,
    memo: &mut HashMap<Insn, Vec<Vec<Obj>>>,
    visiting: &mut Vec<Insn>,
) -> Vec<Vec<Obj>> {
    if let Some(done) = memo.get(&class) {
        return done.clone();
    }
    visiting.push(class);
    // For each base position, its possible (base, MRO of the base) choices. A class cannot
    // be its own base at run time: a choice that leads back here is an artefact of merged
    // points-to and is left out; a position left with no choice is no base.
    let mut positions: Vec<Vec<(Obj, Vec<Obj>)>> = Vec::new();
    for choices in direct.get(&class).map(|b| b.values()).into_iter().flatten() {
        let mut position: Vec<(Obj, Vec<Obj>)> = Vec::new();
        for &base in choices {
            match base {
                Obj::Class(b) if visiting.contains(&b) => {}
                Obj::Class(b) => {
                    position.extend(mros_of(b, direct, max_orders, memo, visiting).into_iter().map(|mro| (base, mro)))
                }
                other => position.push((other, vec![other])),
            }
        }
        if !position.is_empty() {
            positions.push(position);
        }
    }
    let linearize = |choice: Vec<&(Obj, Vec<Obj>)>| {
        let bases: Vec<Obj> = choice.iter().map(|c| c.0).collect();
        let mut sequences: Vec<Vec<Obj>> = choice.iter().map(|c| c.1.clone()).collect();
        sequences.push(bases);
        match c3_merge(sequences.clone()) {
            Some(merged) => std::iter::once(Obj::Class(class)).chain(merged).collect(),
            None => depth_first(class, &sequences),
        }
    };
    let choices = positions.iter().map(Vec::len).fold(1usize, |n, w| n.saturating_mul(w));
    let orders: BTreeSet<Vec<Obj>> = if choices <= max_orders {
        (0..choices).map(|n| linearize(choice(&positions, n))).collect()
    } else {
        // Every candidate as a base of its own, in order: the one order of before.
        let merged: Vec<&(Obj, Vec<Obj>)> = positions.iter().flatten().collect();
        std::iter::once(linearize(merged)).collect()
    };
    let orders: Vec<Vec<Obj>> = orders.into_iter().collect();
    visiting.pop();
    memo.insert(class, orders.clone());
    orders
}

/// The `n`-th choice of one entry per position (`n` in mixed radix).
fn choice<T>(positions: &[Vec<T>], mut n: usize) -> Vec<&T> {
    positions
        .iter()
        .map(|p| {
            let entry = &p[n % p.len()];
            n /= p.len();
            entry
        })
        .collect()
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
