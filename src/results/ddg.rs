//! The data-dependence graph by name (`cpyg graph ddg`, `cpyg slice`, the database's
//! `ddg_*` tables): each node as the function it belongs to (as the call graph names
//! it: comprehensions and class bodies fold into their enclosing function or module),
//! its file and line, and what it is.

use std::collections::{BTreeSet, HashMap};

use cpyg_ddg::{CallString, Ddg, Kind, Node};
use cpyg_facts::schema::RelationId;
use serde::Serialize;

use crate::analysis::Analysis;

/// A node, by name.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct NamedNode {
    pub function: String,
    pub file: String,
    /// The instruction's line; a parameter's is its function's first line.
    pub line: Option<u32>,
    /// The instruction's native name (`STORE_FAST x`), or `param NAME`.
    pub what: String,
}

/// A DDG edge, by name.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct NamedEdge {
    pub from: NamedNode,
    pub to: NamedNode,
    pub kind: &'static str,
}

/// Names nodes of one analysis.
pub struct Namer<'a> {
    analysis: &'a Analysis,
    line: HashMap<u32, u32>,
    opname: HashMap<u32, u32>,
    arg_name: HashMap<u32, u32>,
    first_line: HashMap<u32, u32>,
    file_of_code: HashMap<u32, u32>,
    param_name: HashMap<(u32, u32), u32>,
}

impl<'a> Namer<'a> {
    pub fn new(analysis: &'a Analysis) -> Namer<'a> {
        let facts = &analysis.facts;
        let pairs = |id: RelationId, a: usize, b: usize| super::column_map(facts, id, a, b);
        let file_of_module = pairs(RelationId::Module, 0, 2);
        let mut file_of_code = HashMap::new();
        for r in facts.rows(RelationId::Code) {
            if let Some(&file) = file_of_module.get(&r[1]) {
                file_of_code.insert(r[0], file);
            }
        }
        // The name an instruction reads or writes, where it has one.
        let mut arg_name = HashMap::new();
        let named: [(RelationId, usize); 8] = [
            (RelationId::LoadGlobal, 1),
            (RelationId::StoreGlobal, 1),
            (RelationId::LoadName, 1),
            (RelationId::StoreName, 1),
            (RelationId::LoadAttr, 2),
            (RelationId::StoreAttr, 2),
            (RelationId::ImportFrom, 2),
            (RelationId::ImportName, 1),
        ];
        for (id, column) in named {
            for r in facts.rows(id) {
                arg_name.insert(r[0], r[column]);
            }
        }
        let slot_name: HashMap<(u32, u32), u32> =
            facts.rows(RelationId::LocalSlot).map(|r| ((r[0], r[1]), r[2])).collect();
        let slotted = [RelationId::LoadLocal, RelationId::StoreLocal, RelationId::LoadCell, RelationId::StoreCell];
        for id in slotted {
            for r in facts.rows(id) {
                if let Some(&name) = slot_name.get(&(r[1], r[2])) {
                    arg_name.entry(r[0]).or_insert(name);
                }
            }
        }
        Namer {
            analysis,
            line: pairs(RelationId::InsnLine, 0, 1),
            opname: pairs(RelationId::InsnNative, 0, 1),
            arg_name,
            first_line: pairs(RelationId::Code, 0, 5),
            file_of_code,
            param_name: facts.rows(RelationId::Param).map(|r| ((r[0], r[1]), r[3])).collect(),
        }
    }

    fn text(&self, sym: u32) -> &str {
        self.analysis.facts.symbols.text(sym).unwrap_or("?")
    }

    fn function(&self, code: u32) -> String {
        let names = &self.analysis.names;
        let scope = names.scope.get(code as usize).copied().unwrap_or(code);
        names.code.get(scope as usize).cloned().unwrap_or_default()
    }

    /// The code object a node belongs to.
    pub fn code(&self, node: Node) -> u32 {
        match node {
            Node::Insn(insn) => self.analysis.names.insn_code.get(insn as usize).copied().unwrap_or(u32::MAX),
            Node::Param { code, .. } => code,
        }
    }

    pub fn node(&self, node: Node) -> NamedNode {
        let code = self.code(node);
        let file = self.file_of_code.get(&code).map(|&f| self.text(f).to_string()).unwrap_or_default();
        let (line, what) = match node {
            Node::Insn(insn) => {
                let op = self.opname.get(&insn).map_or("?", |&s| self.text(s));
                let what = match self.arg_name.get(&insn) {
                    Some(&name) => format!("{op} {}", self.text(name)),
                    None => op.to_string(),
                };
                (self.line.get(&insn).copied(), what)
            }
            Node::Param { code, index } => {
                let name = self.param_name.get(&(code, index)).map_or("?", |&s| self.text(s));
                (self.first_line.get(&code).copied(), format!("param {name}"))
            }
        };
        NamedNode { function: self.function(code), file, line, what }
    }

    pub fn edges(&self, ddg: &Ddg) -> Vec<NamedEdge> {
        let mut edges: Vec<NamedEdge> = ddg
            .edges
            .iter()
            .map(|&(from, to, kind)| NamedEdge { from: self.node(from), to: self.node(to), kind: kind.name() })
            .collect();
        edges.sort();
        edges.dedup();
        edges
    }
}

/// Which way a slice follows dependences.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// What the criterion depends on.
    Backward,
    /// What depends on the criterion.
    Forward,
}

/// A slicing criterion: instructions on a line of a file, optionally only those that
/// read or write a name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Criterion {
    pub file: String,
    pub line: u32,
    pub name: Option<String>,
}

impl Criterion {
    /// `FILE:LINE` or `FILE:LINE:NAME`.
    pub fn parse(text: &str) -> Result<Criterion, String> {
        let bad = || format!("`{text}` is not FILE:LINE or FILE:LINE:NAME");
        let mut parts = text.rsplitn(3, ':').collect::<Vec<_>>();
        parts.reverse();
        match parts[..] {
            [file, line] => Ok(Criterion { file: file.into(), line: line.parse().map_err(|_| bad())?, name: None }),
            [file, line, name] => match line.parse() {
                Ok(line) => Ok(Criterion { file: file.into(), line, name: Some(name.into()) }),
                // A path with a colon in it: the last part is the line.
                Err(_) => {
                    Ok(Criterion { file: format!("{file}:{line}"), line: name.parse().map_err(|_| bad())?, name: None })
                }
            },
            _ => Err(bad()),
        }
    }

    fn matches(&self, node: &NamedNode) -> bool {
        // A module read from a `.pyc` file is the source it was compiled from.
        let source = |f: &str| f.strip_suffix(".pyc").map_or_else(|| f.to_string(), |stem| format!("{stem}.py"));
        let (wanted, found) = (source(&self.file), source(&node.file));
        let file = found == wanted || found.ends_with(&format!("/{wanted}")) || wanted.ends_with(&format!("/{found}"));
        file && node.line == Some(self.line)
            && self
                .name
                .as_ref()
                .is_none_or(|name| node.what.rsplit(' ').next() == Some(name.as_str()) && node.what.contains(' '))
    }
}

/// One line a slice reaches: file, line, the functions holding it and the kinds of the
/// dependences that reached it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct SliceLine {
    pub file: String,
    pub line: u32,
    pub functions: BTreeSet<String>,
    pub kinds: BTreeSet<&'static str>,
}

/// The lines the criterion depends on (backward) or that depend on it (forward); the
/// criterion's own line included. A thin slice (Sridharan et al.) follows the values
/// alone, leaving out `base` edges (what found them: bases, keys, callees); a full one
/// follows every kind of dependence.
/// With the graph's contexts (a contextual rule set) the slice is context-sensitive: a
/// value is followed into and out of the activations it flows through, not every
/// activation of the functions on its way.
pub fn slice(
    namer: &Namer<'_>,
    ddg: &Ddg,
    criterion: &Criterion,
    direction: Direction,
    thin: bool,
) -> Result<Vec<SliceLine>, String> {
    let named: HashMap<Node, NamedNode> = ddg.nodes.iter().map(|&n| (n, namer.node(n))).collect();
    let start: Vec<Node> = ddg.nodes.iter().copied().filter(|n| criterion.matches(&named[n])).collect();
    if start.is_empty() {
        return Err(format!(
            "no instruction on {}:{}{} takes part in a data dependence",
            criterion.file,
            criterion.line,
            criterion.name.as_ref().map(|n| format!(" that names `{n}`")).unwrap_or_default()
        ));
    }
    let follows = |kind: Kind| !(thin && kind == Kind::Base);
    let seen: HashMap<Node, BTreeSet<&'static str>> = match &ddg.contexts {
        None => {
            let mut next: HashMap<Node, Vec<(Node, Kind)>> = HashMap::new();
            for &(from, to, kind) in ddg.edges.iter().filter(|e| follows(e.2)) {
                match direction {
                    Direction::Backward => next.entry(to).or_default().push((from, kind)),
                    Direction::Forward => next.entry(from).or_default().push((to, kind)),
                }
            }
            reach(start, |node| next.get(&node).map_or(&[][..], |v| v.as_slice()).iter().copied())
        }
        // A node in an activation: edges inside a frame stay in its activation, the others
        // go to the activations the graph joins. The criterion is in each of its function's.
        Some(contexts) => {
            let mut within: HashMap<Node, Vec<(Node, Kind)>> = HashMap::new();
            for &(from, to, kind) in ddg.edges.iter().filter(|e| e.2.within_activation() && follows(e.2)) {
                match direction {
                    Direction::Backward => within.entry(to).or_default().push((from, kind)),
                    Direction::Forward => within.entry(from).or_default().push((to, kind)),
                }
            }
            type At = (CallString, Node);
            let mut across: HashMap<At, Vec<(At, Kind)>> = HashMap::new();
            for &(fc, from, tc, to, kind) in contexts.edges.iter().filter(|e| follows(e.4)) {
                match direction {
                    Direction::Backward => across.entry((tc, to)).or_default().push(((fc, from), kind)),
                    Direction::Forward => across.entry((fc, from)).or_default().push(((tc, to), kind)),
                }
            }
            let mut activations: HashMap<u32, Vec<CallString>> = HashMap::new();
            for &(ctx, code) in &contexts.activations {
                activations.entry(code).or_default().push(ctx);
            }
            let start: Vec<At> = start
                .iter()
                .flat_map(|&n| activations.get(&namer.code(n)).into_iter().flatten().map(move |&c| (c, n)))
                .collect();
            let reached = reach(start, |(ctx, node)| {
                let inside = within.get(&node).into_iter().flatten().map(move |&(n, kind)| ((ctx, n), kind));
                inside.chain(across.get(&(ctx, node)).into_iter().flatten().copied())
            });
            let mut seen: HashMap<Node, BTreeSet<&'static str>> = HashMap::new();
            for ((_, node), kinds) in reached {
                seen.entry(node).or_default().extend(kinds);
            }
            seen
        }
    };
    let mut lines: HashMap<(String, u32), SliceLine> = HashMap::new();
    for (node, kinds) in seen {
        let named = &named[&node];
        let Some(line) = named.line else { continue };
        let entry = lines.entry((named.file.clone(), line)).or_insert_with(|| SliceLine {
            file: named.file.clone(),
            line,
            functions: BTreeSet::new(),
            kinds: BTreeSet::new(),
        });
        entry.functions.insert(named.function.clone());
        entry.kinds.extend(kinds);
    }
    let mut lines: Vec<SliceLine> = lines.into_values().collect();
    lines.sort();
    Ok(lines)
}

/// What `start` reaches by `next`, with the kinds of the edges that reached each state
/// (none for the start itself).
fn reach<S, I>(start: Vec<S>, next: impl Fn(S) -> I) -> HashMap<S, BTreeSet<&'static str>>
where
    S: Copy + Eq + std::hash::Hash,
    I: Iterator<Item = (S, Kind)>,
{
    let mut seen: HashMap<S, BTreeSet<&'static str>> = start.iter().map(|&n| (n, BTreeSet::new())).collect();
    let mut work = start;
    while let Some(state) = work.pop() {
        for (other, kind) in next(state) {
            let fresh = !seen.contains_key(&other);
            seen.entry(other).or_default().insert(kind.name());
            if fresh {
                work.push(other);
            }
        }
    }
    seen
}

/// The graph as one JSON document (`docs/ddg.schema.json`) or Graphviz; with `function`,
/// only the edges with an end in it.
pub fn render(analysis: &Analysis, function: Option<&str>, json: bool) -> Result<String, crate::Error> {
    let ddg = analysis.ddg.as_ref().ok_or_else(|| crate::Error::Input("no data-dependence graph was built".into()))?;
    let mut edges = Namer::new(analysis).edges(ddg);
    if let Some(function) = function {
        if !analysis.names.code.iter().any(|name| name == function) {
            return Err(crate::Error::Usage(format!("no function is named `{function}`")));
        }
        edges.retain(|e| e.from.function == function || e.to.function == function);
    }
    if json {
        #[derive(Serialize)]
        struct Document<'a> {
            edges: &'a [NamedEdge],
        }
        return serde_json::to_string_pretty(&Document { edges: &edges })
            .map(|text| text + "\n")
            .map_err(|e| crate::Error::Input(e.to_string()));
    }
    let mut ids: HashMap<&NamedNode, usize> = HashMap::new();
    let mut out = String::from("digraph ddg {\n  node [shape=box, fontname=monospace];\n");
    for e in &edges {
        for node in [&e.from, &e.to] {
            let next = ids.len();
            if let std::collections::hash_map::Entry::Vacant(slot) = ids.entry(node) {
                slot.insert(next);
                let line = node.line.map(|l| l.to_string()).unwrap_or_default();
                let label = format!("{}:{}\\n{}", node.function, line, node.what).replace('"', "\\\"");
                out.push_str(&format!("  n{next} [label=\"{label}\"];\n"));
            }
        }
        out.push_str(&format!("  n{} -> n{} [label=\"{}\"];\n", ids[&e.from], ids[&e.to], e.kind));
    }
    out.push_str("}\n");
    Ok(out)
}
