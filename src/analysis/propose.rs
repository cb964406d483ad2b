//! `cpyg policy --propose`: a selective policy read off the insensitive solution.
//!
//! A function is worth a context when merging its activations loses precision
//! (Zipper's criterion, on the solved relations instead of a flow graph): a
//! parameter that more than one object reaches flows
//!
//! - to the return value (identity functions, pass-through wrappers),
//! - into an object the function makes and returns (container and holder factories), or
//! - into a cell of a closure the function makes and returns (closure makers; the
//!   closure is selected with it, since its frame reads the cell), or
//! - into an object another parameter holds (setters: `self.v = v`);
//!
//! and, once those are chosen, a function returning what a parameter's object holds when
//! a chosen function makes that object (getters of what factories make), until no more
//! are found.
//!
//! Its cost is estimated as Scaler does, contexts times points-to: the call strings
//! that can reach it (each calling site, times the sites calling that site's function)
//! times the rows of its locals and return values. Candidates are taken cheapest first
//! while the estimated total stays within the budget (by default the insensitive
//! solution's own points-to count, so that the proposed run is estimated to cost at
//! most twice the insensitive one). Every entry says why it was chosen.
//!
//! The estimate misses what the contexts cost downstream (objects made per context flow
//! through insensitive code as separate copies), so [`confirm`] then solves the package
//! under the proposal and halves it, costliest entries first, while its fixed point holds
//! more than twice the insensitive one's points-to rows. Rows, unlike times, are the same on
//! every machine and thread count, so the proposal stays deterministic.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::sync::Mutex;

use cpyg_facts::schema::{CodeKind, RelationId};
use cpyg_rules::context::Attribute;
use cpyg_rules::objects::{Obj, Origin};
use cpyg_rules::{RuleSet, Step};
use serde::Serialize;

use super::Analysis;

/// One proposed entry, in the policy file format plus why and at what estimated cost.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Proposed {
    pub function: String,
    pub attributes: Vec<&'static str>,
    pub reason: String,
    pub estimated_cost: u64,
    /// The function's code object (the file names it by `function`).
    #[serde(skip)]
    pub code: u32,
    /// The function whose closure this entry is, chosen with it.
    #[serde(skip)]
    pub made_by: Option<u32>,
}

/// The proposal, a policy file: entries by function name, then how they were chosen.
#[derive(Debug, Serialize)]
pub struct Proposal {
    pub functions: Vec<Proposed>,
    pub proposed: Budget,
}

/// The budget, what the chosen entries are estimated to cost, and what it left out.
#[derive(Debug, Serialize)]
pub struct Budget {
    pub budget: u64,
    pub estimated_total: u64,
    /// Candidates the budget left out, cheapest first.
    pub over_budget: Vec<String>,
    /// The most fixed-point points-to rows [`confirm`] lets the proposal have.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub row_limit: Option<u64>,
    /// Each solve [`confirm`] ran: how many entries, how many rows.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub solved: Vec<Trial>,
    /// Entries [`confirm`] dropped, costliest first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub over_row_limit: Vec<String>,
}

/// One solve under (part of) the proposal.
#[derive(Debug, Serialize)]
pub struct Trial {
    pub functions: usize,
    pub rows: u64,
}

/// Proposes a policy from an insensitive `analysis`, within `budget` (default: its points-to count).
pub fn propose(analysis: &Analysis, budget: Option<u64>) -> Proposal {
    let solution = &analysis.solution;
    let names = &analysis.names;
    let code_of = |insn: u32| names.insn_code.get(insn as usize).copied();
    // Who calls what, by site.
    let mut sites_of: HashMap<u32, BTreeSet<u32>> = HashMap::new();
    for &(site, callee) in &solution.call_edge {
        sites_of.entry(callee).or_default().insert(site);
    }
    let caller_sites = |code: u32| sites_of.get(&code).map_or(0, |s| s.len() as u64);
    let contexts = |code: u32| -> u64 {
        let sites = sites_of.get(&code).into_iter().flatten();
        sites.map(|&s| code_of(s).map_or(1, |caller| caller_sites(caller).max(1))).sum()
    };
    let mut rows_of: HashMap<u32, u64> = HashMap::new();
    for &(code, _, _) in &solution.local {
        *rows_of.entry(code).or_default() += 1;
    }
    for &(code, _) in &solution.returns {
        *rows_of.entry(code).or_default() += 1;
    }
    // Parameters by code object: (slot, name).
    let symbols = &solution.symbols;
    let mut params: HashMap<u32, Vec<(u32, String)>> = HashMap::new();
    for row in analysis.facts.rows(RelationId::Param) {
        let name = symbols.text(row[3]).unwrap_or("?").to_string();
        params.entry(row[0]).or_default().push((row[2], name));
    }
    let mut locals: HashMap<(u32, u32), BTreeSet<Obj>> = HashMap::new();
    for &(code, slot, obj) in &solution.local {
        locals.entry((code, slot)).or_default().insert(obj);
    }
    let mut returns: HashMap<u32, BTreeSet<Obj>> = HashMap::new();
    for &(code, obj) in &solution.returns {
        returns.entry(code).or_default().insert(obj);
    }
    // What objects hold (elements, fields, cell contents), for the objects the criteria ask
    // about only: what functions return and what their parameters and cells hold. Expanding
    // every field of every object would cost more than the analysis on packages that store
    // much into few objects (attrs).
    let mut asked: HashSet<Obj> = solution.returns.iter().map(|r| r.1).collect();
    for (&code, list) in &params {
        for (slot, _) in list {
            asked.extend(locals.get(&(code, *slot)).into_iter().flatten().copied());
        }
    }
    asked.extend(solution.slot_cell.iter().map(|r| r.2));
    let mut contents: HashMap<Obj, BTreeSet<Obj>> = HashMap::new();
    for &(c, o) in &solution.elem {
        if asked.contains(&c) {
            contents.entry(c).or_default().insert(o);
        }
    }
    for &(base, _, o) in &solution.field {
        if asked.contains(&base) {
            contents.entry(base).or_default().insert(o);
        }
    }
    for &(var, base, _) in &solution.field_flow {
        if asked.contains(&base) {
            contents.entry(base).or_default().extend(solution.points_to(var).iter().map(|r| r.1));
        }
    }
    let mut cells: HashMap<u32, Vec<Obj>> = HashMap::new();
    for &(code, _, cell) in &solution.slot_cell {
        cells.entry(code).or_default().push(cell);
    }
    for &(cell, o) in &solution.cell_value {
        contents.entry(cell).or_default().insert(o);
    }
    let made_in = |obj: &Obj, code: u32| -> bool {
        let site = match obj {
            Obj::Instance(site, _) | Obj::Function(site) => Some(*site),
            Obj::Container(c) => match c.origin {
                Origin::Made(site) => Some(site),
                Origin::VarArgs(_) | Origin::VarKeywords(_) => None,
            },
            Obj::Generator(g) => return *g == code,
            _ => None,
        };
        site.and_then(code_of) == Some(code)
    };

    // Candidates: (function, reason, also-selected closures).
    let mut candidates: BTreeMap<u32, (String, Vec<u32>)> = BTreeMap::new();
    for (&code, list) in &params {
        // One call string (one site, called from one site) has nothing to separate.
        if !names.is_function(code) || contexts(code) < 2 {
            continue;
        }
        // What calling it gives: its return values, or the generator it makes.
        let mut returned = returns.get(&code).cloned().unwrap_or_default();
        if matches!(names.kind[code as usize], CodeKind::Generator | CodeKind::Coroutine | CodeKind::AsyncGenerator) {
            returned.insert(Obj::Generator(code));
        }
        let returned = &returned;
        for (slot, name) in list {
            // What reaches a parameter: its objects, or the elements of its `*args`/`**kwargs`.
            let own = locals.get(&(code, *slot)).cloned().unwrap_or_default();
            let collected = |o: &Obj| matches!(o, Obj::Container(c) if matches!(c.origin, Origin::VarArgs(x) | Origin::VarKeywords(x) if x == code));
            let reaching: BTreeSet<Obj> = match own.iter().any(collected) {
                true => own
                    .iter()
                    .filter(|o| collected(o))
                    .flat_map(|o| contents.get(o).into_iter().flatten().copied())
                    .collect(),
                false => own,
            };
            if reaching.len() < 2 {
                continue;
            }
            let reaching = &reaching;
            let merged = |objs: &BTreeSet<Obj>| objs.iter().any(|o| reaching.contains(o));
            // Another parameter's objects (a receiver's fields, a container's elements).
            let stored_into = list.iter().filter(|(other, _)| other != slot).find(|(other, _)| {
                let objects = locals.get(&(code, *other)).into_iter().flatten();
                objects.filter(|o| !o.is_context_free()).any(|o| contents.get(o).is_some_and(&merged))
            });
            let bound_to = |o: &Obj| matches!(o, Obj::Bound(_, r) if reaching.contains(&r.obj()));
            let reason = if returned.iter().any(|o| reaching.contains(o) && !made_in(o, code)) {
                Some((format!("parameter `{name}` flows to the return value"), Vec::new()))
            } else if returned.iter().any(bound_to) {
                Some((format!("a method bound to parameter `{name}` flows to the return value"), Vec::new()))
            } else if let Some(closure) = returned.iter().find_map(|o| match o {
                Obj::Function(f) if made_in(o, code) => names.made.get(f).copied(),
                _ => None,
            }) {
                let captured = cells.get(&closure).into_iter().flatten().any(|c| contents.get(c).is_some_and(&merged));
                captured.then(|| {
                    (
                        format!(
                            "parameter `{name}` is captured by the returned closure {}",
                            names.code[closure as usize]
                        ),
                        vec![closure],
                    )
                })
            } else if returned.iter().any(|o| matches!(o, Obj::Instance(_, k) if reaching.contains(&Obj::Class(*k)))) {
                Some((format!("parameter `{name}` is the class of an instance it returns"), Vec::new()))
            } else if returned.iter().any(|o| made_in(o, code) && contents.get(o).is_some_and(&merged)) {
                Some((format!("parameter `{name}` flows into an object it makes and returns"), Vec::new()))
            } else if let Some((_, other)) = stored_into {
                Some((format!("parameter `{name}` is stored into what parameter `{other}` holds"), Vec::new()))
            } else {
                None
            };
            if let Some(found) = reason {
                candidates.entry(code).or_insert(found);
                break;
            }
        }
    }

    // Getters of what the chosen functions make: once those objects are made per activation,
    // a function returning what one of them holds merges them again unless it has contexts too.
    let mut invoked: HashMap<u32, BTreeSet<Obj>> = HashMap::new();
    for &(site, f) in &solution.invokes {
        if let Some(code) = code_of(site) {
            invoked.entry(code).or_default().insert(Obj::Function(f));
        }
    }
    loop {
        let maker = |o: &Obj| candidates.keys().copied().find(|&code| made_in(o, code));
        let mut found = Vec::new();
        for (&code, list) in &params {
            if candidates.contains_key(&code) || !names.is_function(code) || contexts(code) < 2 {
                continue;
            }
            let empty = BTreeSet::new();
            let used = returns.get(&code).unwrap_or(&empty).iter().chain(invoked.get(&code).unwrap_or(&empty));
            let used: BTreeSet<Obj> = used.copied().collect();
            for (slot, name) in list {
                let objects = locals.get(&(code, *slot)).into_iter().flatten();
                let held = objects
                    .filter_map(|o| Some((maker(o)?, contents.get(o)?)))
                    .find(|(_, held)| used.iter().any(|r| held.contains(r)));
                if let Some((made_by, _)) = held {
                    let made_by = &names.code[made_by as usize];
                    found.push((
                        code,
                        format!("returns or calls what parameter `{name}` holds, made per activation of {made_by}"),
                    ));
                    break;
                }
            }
        }
        if found.is_empty() {
            break;
        }
        for (code, reason) in found {
            candidates.insert(code, (reason, Vec::new()));
        }
    }

    let cost = |code: u32| contexts(code).max(1) * rows_of.get(&code).copied().unwrap_or(0).max(1);
    let budget = budget.unwrap_or_else(|| solution.points_to_count().max(1));
    let mut ordered: Vec<(u64, u32)> = candidates
        .iter()
        .map(|(&code, (_, closures))| (cost(code) + closures.iter().map(|&c| cost(c)).sum::<u64>(), code))
        .collect();
    ordered.sort_unstable();
    let mut chosen: BTreeMap<String, Proposed> = BTreeMap::new();
    let (mut total, mut over_budget, mut seen) = (0u64, Vec::new(), HashSet::new());
    for (estimate, code) in ordered {
        let name = names.code[code as usize].clone();
        if total + estimate > budget {
            over_budget.push(name);
            continue;
        }
        total += estimate;
        let (reason, closures) = &candidates[&code];
        let reason = format!("{reason}; up to {} call strings reach it", contexts(code));
        chosen.insert(
            name.clone(),
            Proposed {
                function: name.clone(),
                attributes: vec!["context"],
                reason,
                estimated_cost: cost(code),
                code,
                made_by: None,
            },
        );
        for &closure in closures {
            if seen.insert(closure) {
                let closure_name = names.code[closure as usize].clone();
                let reason =
                    format!("closure made by {name}: its frame reads the cells of the activation that made it");
                chosen.entry(closure_name.clone()).or_insert(Proposed {
                    function: closure_name,
                    attributes: vec!["context"],
                    reason,
                    estimated_cost: cost(closure),
                    code: closure,
                    made_by: Some(code),
                });
            }
        }
    }
    Proposal {
        functions: chosen.into_values().collect(),
        proposed: Budget {
            budget,
            estimated_total: total,
            over_budget,
            row_limit: None,
            solved: Vec::new(),
            over_row_limit: Vec::new(),
        },
    }
}

/// Solves the package under `proposal` and, while the fixed point holds more points-to rows
/// than `row_limit` (default: twice the insensitive solution's), drops the costlier half of
/// its entries (a closure goes with the function that makes it) and solves again.
pub fn confirm(
    analysis: &Analysis,
    mut proposal: Proposal,
    row_limit: Option<u64>,
    threads: usize,
) -> Result<Proposal, crate::Error> {
    let limit = row_limit.unwrap_or(2 * analysis.solution.pts.len() as u64);
    proposal.proposed.row_limit = Some(limit);
    loop {
        let rows = if proposal.functions.is_empty() { 0 } else { fixed_point_rows(analysis, &proposal.functions, threads)? };
        proposal.proposed.solved.push(Trial { functions: proposal.functions.len(), rows });
        if rows <= limit {
            return Ok(proposal);
        }
        // Makers by estimated cost, costliest first; the costlier half goes.
        let mut makers: Vec<(u64, u32)> =
            proposal.functions.iter().filter(|p| p.made_by.is_none()).map(|p| (p.estimated_cost, p.code)).collect();
        makers.sort_unstable_by(|a, b| b.cmp(a));
        let dropped: HashSet<u32> = makers.iter().take(makers.len().div_ceil(2)).map(|m| m.1).collect();
        let (mut gone, kept): (Vec<Proposed>, Vec<Proposed>) = proposal.functions.into_iter().partition(|p| {
            dropped.contains(&p.code) || p.made_by.is_some_and(|m| dropped.contains(&m))
        });
        gone.sort_by(|a, b| b.estimated_cost.cmp(&a.estimated_cost).then_with(|| a.function.cmp(&b.function)));
        proposal.proposed.over_row_limit.extend(gone.into_iter().map(|p| p.function));
        proposal.proposed.estimated_total = kept.iter().filter(|p| p.made_by.is_none()).map(|p| p.estimated_cost).sum();
        proposal.functions = kept;
    }
}

/// The points-to rows (contexts included) of the fixed point under `entries`.
fn fixed_point_rows(analysis: &Analysis, entries: &[Proposed], threads: usize) -> Result<u64, crate::Error> {
    let policy: Vec<(u32, Attribute)> = entries.iter().map(|p| (p.code, Attribute::Context)).collect();
    let rows = Mutex::new(0u64);
    let observe = |step: Step| {
        if let Step::RoundEnded { pts, .. } = step {
            *rows.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = pts as u64;
        }
    };
    cpyg_rules::solve_rooted(&analysis.facts, RuleSet::Selective, &policy, &analysis.roots.roots, threads, &observe)?;
    Ok(rows.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner()))
}
