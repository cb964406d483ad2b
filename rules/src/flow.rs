//! Flow sensitivity, as a transform of the facts: in the code objects a policy
//! marks `flow`, a load reads the stores that reach it over the control-flow graph
//! instead of everything the local ever holds.
//!
//! - **Local slots** (neither cells nor free variables): per-slot reaching
//!   definitions over the code object's blocks, along normal and exceptional edges.
//!   A store kills the slot's earlier stores (a strong update); `del` kills too.
//!   A load reached by a store copies the stored variable (a `SameValue` row); a
//!   load the frame's entry value reaches keeps its `LoadLocal` row, and the slot
//!   (`local`) then holds only what enters the frame: arguments, defaults, what
//!   the outside passes. The tracked stores leave `StoreLocal`, so nothing but
//!   their loads reads them.
//! - **Module globals in the module body**: the same for a name only the body
//!   binds (no other code of the module stores it, no attribute store anywhere
//!   spells it, it is no submodule and no `__dunder__`, and the module has no star
//!   import and names no `globals`, `vars`, `locals`, `exec` or `eval`). The body
//!   runs once, so its loads of such a name see exactly the body's stores that
//!   reach them. Functions and class bodies still read the module's field, which
//!   every store feeds (cells, globals read elsewhere and fields stay weak).
//!
//! - **Rebound returned parameters**, in every code object and every rule set: a
//!   parameter a return reads and a store rebinds, so that the returns no store
//!   reaches give each call what it passed (`ReturnsParameter`) and the others only
//!   what was stored (`force_str`'s `return s` before and after `s = str(s)`).
//!
//! A store along an exceptional edge is over-approximated: what enters a block's
//! handler is what enters the block plus every store in it. Loads in blocks the
//! graph does not reach from the entry read every store of their local, so a
//! missing edge costs precision, never a value. The slot of a method's first
//! parameter is not tracked in code that may call `super()` with no arguments
//! (which reads it where it is called).

use std::collections::{HashMap, HashSet};

use cpyg_facts::lower::Facts;
use cpyg_facts::schema::{EdgeKind, RelationId};

use crate::objects::{Code, Slot, Var};

/// The facts as the rules read them under a flow policy: replacement rows for the
/// loads and stores it tracks, and copies from each tracked store to its loads.
#[derive(Debug, Default)]
pub struct Flow {
    /// Some code object is tracked; if not, every relation is the facts' own.
    active: bool,
    load_local: Vec<u32>,
    store_local: Vec<u32>,
    load_global: Vec<u32>,
    load_name: Vec<u32>,
    same_value: Vec<u32>,
    /// `(code, slot, var)`: a tracked store of `var` into `slot` (what `local` still reports).
    stores: Vec<(Code, Slot, Var)>,
    tracked_slots: HashSet<(Code, Slot)>,
}

/// What a tracked load or store names: a local slot, or a global of the module body.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Key {
    Slot(Slot),
    Name(u32),
}

#[derive(Clone, Copy, Debug)]
enum Event {
    Load { key: Key, out: Var },
    Store { key: Key, var: Var },
    Delete { key: Key },
}

/// A definition of a key reaching a point: the frame's entry value, or a store.
#[derive(Clone, Copy, Debug)]
enum Def {
    Entry,
    Store { var: Var },
}

struct Bits(Vec<u64>);

impl Bits {
    fn new(n: usize) -> Bits {
        Bits(vec![0; n.div_ceil(64)])
    }
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn clear(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }
    fn get(&self, i: usize) -> bool {
        self.0[i / 64] & (1 << (i % 64)) != 0
    }
    /// `self |= other`; whether `self` grew.
    fn union(&mut self, other: &Bits) -> bool {
        let mut grew = false;
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            let next = *a | b;
            grew |= next != *a;
            *a = next;
        }
        grew
    }
}

impl Flow {
    /// No flow sensitivity: the facts as they are.
    pub fn none() -> Flow {
        Flow::default()
    }

    /// Tracks the locals of `codes`, the globals of those that are module bodies, and in
    /// every code object the parameters a return reads and a store rebinds.
    pub fn of(facts: &Facts, codes: &[Code]) -> Result<Flow, String> {
        let returned = rebound_returned_parameters(facts);
        if codes.is_empty() && returned.is_empty() {
            return Ok(Flow::none());
        }
        let flow_codes: HashSet<Code> = codes.iter().copied().collect();
        let code_of: Vec<Code> = facts.rows(RelationId::Insn).map(|c| c[1]).collect();
        let code_at = |insn: u32| code_of.get(insn as usize).copied().ok_or_else(|| format!("instruction {insn} has no code object"));
        let tracked_names = tracked_names(facts, &flow_codes, &code_at)?;

        // Untracked slots: cells, free variables, the first parameter of code that reads `__class__`.
        let mut untracked: HashSet<(Code, Slot)> = HashSet::new();
        untracked.extend(facts.rows(RelationId::CellSlot).map(|c| (c[0], c[1])));
        let with_free: HashSet<Code> = facts.rows(RelationId::FreeSlot).map(|c| c[0]).collect();
        untracked.extend(facts.rows(RelationId::FreeSlot).map(|c| (c[0], c[1])));
        untracked.extend(facts.rows(RelationId::Param).filter(|c| c[1] == 0 && with_free.contains(&c[0])).map(|c| (c[0], c[2])));
        let slot_tracked = |code: Code, slot: Slot| {
            (flow_codes.contains(&code) || returned.contains(&(code, slot))) && !untracked.contains(&(code, slot))
        };

        let mut flow = Flow { active: true, ..Flow::default() };
        let mut events: Vec<(u32, Code, Event)> = Vec::new();
        for c in facts.rows(RelationId::LoadLocal) {
            if slot_tracked(c[1], c[2]) {
                events.push((c[0], c[1], Event::Load { key: Key::Slot(c[2]), out: c[3] }));
                flow.tracked_slots.insert((c[1], c[2]));
            } else {
                flow.load_local.extend_from_slice(c);
            }
        }
        for c in facts.rows(RelationId::StoreLocal) {
            if slot_tracked(c[1], c[2]) {
                events.push((c[0], c[1], Event::Store { key: Key::Slot(c[2]), var: c[3] }));
                flow.stores.push((c[1], c[2], c[3]));
                flow.tracked_slots.insert((c[1], c[2]));
            } else {
                flow.store_local.extend_from_slice(c);
            }
        }
        for c in facts.rows(RelationId::DeleteLocal) {
            if slot_tracked(c[1], c[2]) {
                events.push((c[0], c[1], Event::Delete { key: Key::Slot(c[2]) }));
            }
        }
        for (id, kept) in [(RelationId::LoadGlobal, &mut flow.load_global), (RelationId::LoadName, &mut flow.load_name)] {
            for c in facts.rows(id) {
                let code = code_at(c[0])?;
                if tracked_names.contains(&(code, c[1])) {
                    events.push((c[0], code, Event::Load { key: Key::Name(c[1]), out: c[2] }));
                } else {
                    kept.extend_from_slice(c);
                }
            }
        }
        for id in [RelationId::StoreGlobal, RelationId::StoreName] {
            for c in facts.rows(id) {
                let code = code_at(c[0])?;
                if tracked_names.contains(&(code, c[1])) {
                    events.push((c[0], code, Event::Store { key: Key::Name(c[1]), var: c[2] }));
                }
            }
        }
        for id in [RelationId::DeleteGlobal, RelationId::DeleteName] {
            for c in facts.rows(id) {
                let code = code_at(c[0])?;
                if tracked_names.contains(&(code, c[1])) {
                    events.push((c[0], code, Event::Delete { key: Key::Name(c[1]) }));
                }
            }
        }
        // Stores before loads within an instruction does not matter: a load reads the
        // instruction's own stores too (`STORE_FAST_LOAD_FAST`, `LOAD_FAST_AND_CLEAR`).
        events.sort_by_key(|&(insn, code, _)| (code, insn));

        let graphs = Graphs::of(facts, &events.iter().map(|e| e.1).collect())?;
        flow.same_value = facts.rows(RelationId::SameValue).flatten().copied().collect();
        let mut start = 0;
        while start < events.len() {
            let code = events[start].1;
            let end = start + events[start..].partition_point(|e| e.1 == code);
            let graph = graphs.get(code).ok_or_else(|| format!("code {code} has loads and stores but no blocks"))?;
            reaching(graph, &events[start..end], &mut flow);
            start = end;
        }
        flow.stores.sort_unstable();
        Ok(flow)
    }

    /// The rows of relation `id` the rules read.
    pub fn rows<'a>(&'a self, facts: &'a Facts, id: RelationId) -> Box<dyn Iterator<Item = &'a [u32]> + 'a> {
        let arity = id.schema().columns.len();
        let replaced = match id {
            _ if !self.active => None,
            RelationId::LoadLocal => Some(&self.load_local),
            RelationId::StoreLocal => Some(&self.store_local),
            RelationId::LoadGlobal => Some(&self.load_global),
            RelationId::LoadName => Some(&self.load_name),
            RelationId::SameValue => Some(&self.same_value),
            _ => None,
        };
        match replaced {
            Some(rows) => Box::new(rows.chunks_exact(arity)),
            None => Box::new(facts.rows(id)),
        }
    }

    /// Whether loads of `slot` of `code` read stores directly (so they are not all alike).
    pub fn tracks_slot(&self, code: Code, slot: Slot) -> bool {
        self.tracked_slots.contains(&(code, slot))
    }

    /// `(code, slot, var)` for every tracked store: the local holds what `var` holds.
    pub fn tracked_stores(&self) -> &[(Code, Slot, Var)] {
        &self.stores
    }
}

/// Parameters a return reads and a store rebinds (`def f(s): if ...: return s; s = str(s); return s`):
/// tracked in every rule set, so that a return no store reaches gives what the call passed
/// (`ReturnsParameter`) and one after the store only what was stored.
fn rebound_returned_parameters(facts: &Facts) -> HashSet<(Code, Slot)> {
    let stored: HashSet<(Code, Slot)> = facts.rows(RelationId::StoreLocal).map(|c| (c[1], c[2])).collect();
    let params: HashSet<(Code, Slot)> = facts.rows(RelationId::Param).map(|c| (c[0], c[2])).collect();
    let returned: HashSet<Var> = facts.rows(RelationId::Return).map(|c| c[1]).collect();
    let loaded: HashMap<Var, (Code, Slot)> = facts.rows(RelationId::LoadLocal).map(|c| (c[3], (c[1], c[2]))).collect();
    facts
        .rows(RelationId::StackFlow)
        .filter(|c| returned.contains(&c[1]))
        .filter_map(|c| loaded.get(&c[0]).copied())
        .filter(|slot| params.contains(slot) && stored.contains(slot))
        .collect()
}

/// The module-body globals flow sensitivity tracks: `(body, name)`.
fn tracked_names(
    facts: &Facts,
    flow_codes: &HashSet<Code>,
    code_at: &dyn Fn(u32) -> Result<Code, String>,
) -> Result<HashSet<(Code, u32)>, String> {
    let body_of: HashMap<u32, Code> =
        facts.rows(RelationId::ModuleCode).filter(|c| flow_codes.contains(&c[1])).map(|c| (c[0], c[1])).collect();
    if body_of.is_empty() {
        return Ok(HashSet::new());
    }
    let module_of: HashMap<Code, u32> = facts.rows(RelationId::Code).map(|c| (c[0], c[1])).collect();
    let class_bodies: HashSet<Code> = facts.rows(RelationId::ClassBody).map(|c| c[1]).collect();
    let symbols = &facts.symbols;

    // Modules whose namespace changes in ways the body's stores do not show.
    let mut opaque: HashSet<u32> = HashSet::new();
    for c in facts.rows(RelationId::ImportStar) {
        opaque.extend(module_of.get(&code_at(c[0])?));
    }
    let reflective: HashSet<u32> =
        ["globals", "vars", "locals", "exec", "eval"].iter().filter_map(|n| symbols.id(n)).collect();
    for id in [RelationId::LoadGlobal, RelationId::LoadName, RelationId::LoadBuiltin] {
        for c in facts.rows(id) {
            if reflective.contains(&c[1]) {
                opaque.extend(module_of.get(&code_at(c[0])?));
            }
        }
    }

    // Names something other than the body may bind: `(module, name)`, or any module's.
    let mut elsewhere: HashSet<(u32, u32)> = HashSet::new();
    for id in [RelationId::StoreGlobal, RelationId::DeleteGlobal, RelationId::StoreName, RelationId::DeleteName] {
        let in_namespace_of_code = matches!(id, RelationId::StoreName | RelationId::DeleteName);
        for c in facts.rows(id) {
            let code = code_at(c[0])?;
            let Some(&m) = module_of.get(&code) else { continue };
            let is_body = body_of.get(&m) == Some(&code);
            // A class body's own names are its namespace's, not the module's.
            if !is_body && !(in_namespace_of_code && class_bodies.contains(&code)) {
                elsewhere.insert((m, c[1]));
            }
        }
    }
    let attribute_names: HashSet<u32> = facts.rows(RelationId::StoreAttr).map(|c| c[2]).collect();
    let submodule_names: HashSet<u32> = facts
        .rows(RelationId::Module)
        .filter_map(|c| symbols.text(c[1]))
        .filter_map(|name| name.rsplit_once('.').and_then(|(_, last)| symbols.id(last)))
        .collect();
    let untracked_name = |name: u32| {
        attribute_names.contains(&name)
            || submodule_names.contains(&name)
            || symbols.text(name).is_none_or(|t| t.starts_with("__") && t.ends_with("__"))
    };

    let mut tracked = HashSet::new();
    for id in [RelationId::StoreGlobal, RelationId::StoreName] {
        for c in facts.rows(id) {
            let code = code_at(c[0])?;
            let Some(&m) = module_of.get(&code) else { continue };
            if body_of.get(&m) == Some(&code) && !opaque.contains(&m) && !elsewhere.contains(&(m, c[1])) && !untracked_name(c[1]) {
                tracked.insert((code, c[1]));
            }
        }
    }
    Ok(tracked)
}

/// One code object's blocks: instruction ranges, successors, the entry.
struct Graph {
    /// `(first, last)` instruction of each block, in instruction order.
    blocks: Vec<(u32, u32)>,
    /// Per block: `(successor, exceptional)`.
    successors: Vec<Vec<(usize, bool)>>,
    entry: Option<usize>,
}

/// The [`Graph`]s of the code objects with tracked loads and stores.
struct Graphs {
    by_code: HashMap<Code, Graph>,
}

impl Graphs {
    fn of(facts: &Facts, wanted: &HashSet<Code>) -> Result<Graphs, String> {
        let mut by_code: HashMap<Code, Graph> = HashMap::new();
        // Global block id -> (code, index within the code's graph).
        let mut where_is: HashMap<u32, (Code, usize)> = HashMap::new();
        let mut blocks: Vec<(Code, u32, u32, u32)> =
            facts.rows(RelationId::Block).filter(|c| wanted.contains(&c[1])).map(|c| (c[1], c[2], c[3], c[0])).collect();
        blocks.sort_unstable();
        for (code, first, last, block) in blocks {
            let graph = by_code.entry(code).or_insert_with(|| Graph { blocks: Vec::new(), successors: Vec::new(), entry: None });
            where_is.insert(block, (code, graph.blocks.len()));
            graph.blocks.push((first, last));
            graph.successors.push(Vec::new());
        }
        for c in facts.rows(RelationId::EntryBlock).filter(|c| wanted.contains(&c[0])) {
            let &(code, at) = where_is.get(&c[1]).ok_or_else(|| format!("entry block {} is no block", c[1]))?;
            if code == c[0] {
                by_code.get_mut(&code).map(|g| g.entry = Some(at));
            }
        }
        let exception = EdgeKind::Exception.id();
        for c in facts.rows(RelationId::BlockEdge) {
            let (code, from, to_code, to) = match (where_is.get(&c[0]), where_is.get(&c[1])) {
                (Some(&(code, from)), Some(&(to_code, to))) => (code, from, to_code, to),
                // An edge of a code object nothing is tracked in.
                (None, None) => continue,
                _ => return Err(format!("block edge {} -> {} leaves a code object or names no block", c[0], c[1])),
            };
            if code != to_code {
                return Err(format!("block edge {} -> {} leaves code object {code}", c[0], c[1]));
            }
            if let Some(g) = by_code.get_mut(&code) {
                g.successors[from].push((to, c[2] == exception));
            }
        }
        Ok(Graphs { by_code })
    }

    fn get(&self, code: Code) -> Option<&Graph> {
        self.by_code.get(&code)
    }
}

/// Reaching definitions over one code object's `events` (sorted by instruction);
/// appends the rows they give to `flow`.
fn reaching(graph: &Graph, events: &[(u32, Code, Event)], flow: &mut Flow) {
    let defs = Defs::of(events);
    let block_events = |b: usize| {
        let (first, last) = graph.blocks[b];
        events.partition_point(|e| e.0 < first)..events.partition_point(|e| e.0 <= last)
    };

    let blocks = graph.blocks.len();
    let mut entering: Vec<Bits> = (0..blocks).map(|_| Bits::new(defs.defs.len())).collect();
    let mut visited = vec![false; blocks];
    let mut queued = vec![false; blocks];
    let mut work: Vec<usize> = Vec::new();
    if let Some(entry) = graph.entry {
        for entry_def in defs.by_key.values().map(|ds| ds[0]) {
            entering[entry].set(entry_def);
        }
        visited[entry] = true;
        queued[entry] = true;
        work.push(entry);
    }
    while let Some(b) = work.pop() {
        queued[b] = false;
        let mut leaving = Bits(entering[b].0.clone());
        let mut raised = Bits(entering[b].0.clone());
        let range = block_events(b);
        let mut at = range.start;
        while at < range.end {
            at = defs.step(events, at, range.end, &mut leaving, Some(&mut raised));
        }
        for &(to, exceptional) in &graph.successors[b] {
            let grew = entering[to].union(if exceptional { &raised } else { &leaving });
            if (grew || !visited[to]) && !queued[to] {
                visited[to] = true;
                queued[to] = true;
                work.push(to);
            }
        }
    }

    // Each load, with the definitions reaching it; in a block the graph does not
    // reach, every definition of its key.
    for b in 0..blocks {
        let range = block_events(b);
        let mut state = Bits(entering[b].0.clone());
        let mut at = range.start;
        while at < range.end {
            let insn = events[at].0;
            let next = at + events[at..range.end].partition_point(|e| e.0 == insn);
            for e in at..next {
                let Event::Load { key, out } = events[e].2 else { continue };
                let code = events[e].1;
                for &d in &defs.by_key[&key] {
                    let own = (at..next).any(|s| defs.at[s] == d);
                    if visited[b] && !state.get(d) && !own {
                        continue;
                    }
                    match (defs.defs[d], key) {
                        (Def::Entry, Key::Slot(slot)) => flow.load_local.extend_from_slice(&[insn, code, slot, out]),
                        // No store of the body reaches: the module has not bound the name yet.
                        (Def::Entry, Key::Name(_)) => {}
                        (Def::Store { var }, _) => flow.same_value.extend_from_slice(&[insn, var, out]),
                    }
                }
            }
            defs.step(events, at, range.end, &mut state, None);
            at = next;
        }
    }
}

/// The definitions of one code object: each key's entry value, then every store.
struct Defs {
    defs: Vec<Def>,
    by_key: HashMap<Key, Vec<usize>>,
    /// Per event: the definition a store makes (`usize::MAX` for others).
    at: Vec<usize>,
}

impl Defs {
    fn of(events: &[(u32, Code, Event)]) -> Defs {
        let mut keys: Vec<Key> = events.iter().map(|e| key_of(&e.2)).collect();
        keys.sort_unstable();
        keys.dedup();
        let mut defs = Defs { defs: Vec::new(), by_key: HashMap::new(), at: Vec::with_capacity(events.len()) };
        for key in keys {
            defs.by_key.entry(key).or_default().push(defs.defs.len());
            defs.defs.push(Def::Entry);
        }
        for (_, _, event) in events {
            if let Event::Store { key, var } = *event {
                defs.by_key.entry(key).or_default().push(defs.defs.len());
                defs.at.push(defs.defs.len());
                defs.defs.push(Def::Store { var });
            } else {
                defs.at.push(usize::MAX);
            }
        }
        defs
    }

    /// Advances `state` over the instruction of `events[at]` (its events end before
    /// `end`): its stores and deletions kill their keys, then its stores define them.
    /// `stored` collects every store. Returns where the next instruction's events start.
    fn step(&self, events: &[(u32, Code, Event)], at: usize, end: usize, state: &mut Bits, stored: Option<&mut Bits>) -> usize {
        let insn = events[at].0;
        let next = at + events[at..end].partition_point(|e| e.0 == insn);
        for event in &events[at..next] {
            if let Event::Store { key, .. } | Event::Delete { key } = event.2 {
                for &d in &self.by_key[&key] {
                    state.clear(d);
                }
            }
        }
        let mut stored = stored;
        for e in at..next {
            if self.at[e] != usize::MAX {
                state.set(self.at[e]);
                if let Some(all) = stored.as_deref_mut() {
                    all.set(self.at[e]);
                }
            }
        }
        next
    }
}

fn key_of(event: &Event) -> Key {
    match *event {
        Event::Load { key, .. } | Event::Store { key, .. } | Event::Delete { key } => key,
    }
}
