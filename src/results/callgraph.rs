//! `cpyg callgraph`: the call graph as PyCG's JSON (`{"caller": ["callee", ...]}`),
//! as a richer JSON (nodes with kind and place, one edge per call site), or as a
//! Graphviz digraph.
//!
//! All three have the same edges: calls are made by modules and functions (a class
//! body's or comprehension's calls belong to the enclosing one) and reach package
//! functions or outside names. Names are full dotted names, or PyCG's relative
//! ones (the default of the PyCG form).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use serde::Serialize;

use crate::analysis::names::{self, NameStyle};
use crate::analysis::{Analysis, Names};
use crate::results::calls::{call_edges, Callee, Places};

/// The output forms, by the name `--format` takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// PyCG's JSON: `{"caller": ["callee", ...]}`.
    Pycg,
    /// Nodes with kind and place, one edge per call site (`docs/callgraph.schema.json`).
    Json,
    /// Graphviz, one cluster per module, with a legend.
    Dot,
}

/// What part of the graph to draw, and how to name it.
#[derive(Clone, Debug)]
pub struct View {
    pub names: NameStyle,
    /// Only what this function (a full or relative name, or a unique suffix) reaches,
    /// and what reaches it...
    pub from: Option<String>,
    /// ...within this many calls (unbounded without).
    pub depth: Option<usize>,
    /// Leave out modules and functions with no edge.
    pub drop_isolated: bool,
}

impl View {
    /// The whole graph, named as `format` names it by default (relative names for PyCG).
    pub fn whole(format: Format) -> View {
        let names = if format == Format::Pycg { NameStyle::Relative } else { NameStyle::Full };
        View { names, from: None, depth: None, drop_isolated: false }
    }
}

/// The call graph of `analysis` in `format`, ending with a newline.
pub fn render(analysis: &Analysis, format: Format, view: &View) -> Result<String, String> {
    let relative;
    let names = match view.names {
        NameStyle::Full => &analysis.names,
        NameStyle::Relative => {
            relative = Names::with_style(&analysis.facts, NameStyle::Relative)?;
            &relative
        }
    };
    let graph = view.select(graph_named(analysis, names))?;
    let mut text = match format {
        Format::Pycg => serde_json::to_string_pretty(&graph.pycg()).map_err(|e| e.to_string())?,
        Format::Json => serde_json::to_string_pretty(&graph).map_err(|e| e.to_string())?,
        Format::Dot => dot(&graph),
    };
    text.push('\n');
    Ok(text)
}

impl View {
    /// The part of `graph` this view draws.
    fn select(&self, graph: Graph) -> Result<Graph, String> {
        let mut keep: Option<BTreeSet<String>> = None;
        if let Some(from) = &self.from {
            let start = find_node(&graph, from)?;
            let mut forward: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
            let mut backward: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
            for e in &graph.edges {
                forward.entry(&e.caller).or_default().push(&e.callee);
                backward.entry(&e.callee).or_default().push(&e.caller);
            }
            let mut kept = BTreeSet::new();
            for adjacency in [&forward, &backward] {
                // Breadth-first, so `depth` counts calls on a shortest path.
                let mut frontier = vec![start.as_str()];
                kept.insert(start.clone());
                let mut level = 0;
                while !frontier.is_empty() && self.depth.is_none_or(|d| level < d) {
                    let mut next = Vec::new();
                    for node in frontier {
                        for &n in adjacency.get(node).into_iter().flatten() {
                            if kept.insert(n.to_string()) {
                                next.push(n);
                            }
                        }
                    }
                    frontier = next;
                    level += 1;
                }
            }
            keep = Some(kept);
        }
        let Graph { nodes, edges } = graph;
        let edges: Vec<Edge> = match &keep {
            Some(kept) => edges.into_iter().filter(|e| kept.contains(&e.caller) && kept.contains(&e.callee)).collect(),
            None => edges,
        };
        let linked: BTreeSet<&str> = edges.iter().flat_map(|e| [e.caller.as_str(), e.callee.as_str()]).collect();
        let nodes = nodes
            .into_iter()
            .filter(|n| keep.as_ref().is_none_or(|k| k.contains(&n.name)))
            .filter(|n| !self.drop_isolated || linked.contains(n.name.as_str()))
            .collect();
        Ok(Graph { nodes, edges })
    }
}

/// The node called `name`: exactly, or the one node whose name ends with `.name`.
fn find_node(graph: &Graph, name: &str) -> Result<String, String> {
    let nodes = graph.nodes.iter().map(|n| n.name.as_str());
    names::by_name_or_last_part(nodes, name, "--from", "module or function of the call graph")
}

/// The richer form: every node once, every call site's edge.
#[derive(Debug, Serialize)]
pub struct Graph {
    pub nodes: Vec<Node>,
    pub edges: Vec<Edge>,
}

#[derive(Debug, Serialize)]
pub struct Node {
    pub name: String,
    /// A code object kind (`module`, `function`, `lambda`, `generator`, ...) or `external`.
    pub kind: &'static str,
    /// Where it is defined (absent for outside names).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    /// The module it is in (the DOT cluster it is drawn in).
    #[serde(skip)]
    pub module: Option<String>,
}

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Edge {
    pub caller: String,
    pub callee: String,
    /// The call site: `file:line`.
    pub site: String,
    /// Made by the interpreter rather than by a call of the callee itself
    /// (operators, `with`, iteration, `__init__` through a class, callbacks).
    pub implicit: bool,
    /// Only the fallback for outside functions whose behaviour is not modelled gives it: the
    /// function is assumed to call back what it is given.
    pub assumed: bool,
}

/// Nodes sorted by name, edges by caller, callee and site; full names.
pub fn graph(analysis: &Analysis) -> Graph {
    graph_named(analysis, &analysis.names)
}

fn graph_named(analysis: &Analysis, names: &Names) -> Graph {
    let places = Places::new(analysis);
    let mut nodes: BTreeMap<String, Node> = BTreeMap::new();
    for (code, name) in names.code.iter().enumerate() {
        if names.scope[code] == code as u32 {
            // Same-named code objects (a function defined twice) share a node: the first one.
            nodes.entry(name.clone()).or_insert_with(|| Node {
                name: name.clone(),
                kind: names.kind[code].name(),
                file: Some(places.code_file[code].clone()),
                line: Some(places.code_line[code]),
                module: names.module.get(names.code_module[code] as usize).cloned(),
            });
        }
    }
    let mut edges: BTreeSet<Edge> = BTreeSet::new();
    for edge in call_edges(analysis) {
        let callee = match edge.callee {
            Callee::Code(code) if names.is_function(code) => names.code[code as usize].clone(),
            Callee::Code(_) => continue,
            Callee::External(ext) => {
                let name = names::external_name(ext, &analysis.solution.symbols);
                nodes.entry(name.clone()).or_insert_with(|| Node {
                    name: name.clone(),
                    kind: "external",
                    file: None,
                    line: None,
                    module: None,
                });
                name
            }
        };
        let caller = names.caller_of(edge.site).to_string();
        edges.insert(Edge { caller, callee, site: places.site(edge.site), implicit: edge.implicit, assumed: edge.assumed });
    }
    Graph { nodes: nodes.into_values().collect(), edges: edges.into_iter().collect() }
}

impl Graph {
    /// PyCG's shape: every node a key (outside names too, with no callees), named as PyCG
    /// names them (`pycg_name`).
    pub fn pycg(&self) -> BTreeMap<String, BTreeSet<String>> {
        let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for node in &self.nodes {
            graph.entry(pycg_name(&node.name)).or_default();
        }
        for edge in &self.edges {
            graph.entry(pycg_name(&edge.caller)).or_default().insert(pycg_name(&edge.callee));
        }
        graph
    }
}

/// The builtin types whose methods PyCG names after its own value classes, with those
/// names: `<builtin>.str.join` is `<**PyStr**>.join` in PyCG's output. Every type the rules
/// know methods of (`BUILTIN_TYPE_METHODS`) has one (a test checks).
const PYCG_VALUE_TYPES: &[(&str, &str)] = &[
    ("str", "PyStr"),
    ("bytes", "PyBytes"),
    ("int", "PyInt"),
    ("float", "PyFloat"),
    ("tuple", "PyTuple"),
    ("frozenset", "PyFrozenSet"),
    ("list", "PyList"),
    ("dict", "PyDict"),
    ("set", "PySet"),
];

/// A node's name in PyCG's output: methods of builtin values as PyCG names them, the rest
/// as they are.
fn pycg_name(name: &str) -> String {
    if let Some((type_name, method)) = name.strip_prefix("<builtin>.").and_then(|rest| rest.split_once('.')) {
        if let Some((_, pycg)) = PYCG_VALUE_TYPES.iter().find(|(t, _)| *t == type_name) {
            return format!("<**{pycg}**>.{method}");
        }
    }
    name.to_string()
}

/// A Graphviz digraph: package functions in one cluster per module, outside
/// names as dashed ellipses, edges made only implicitly dashed, and a legend.
pub fn dot(graph: &Graph) -> String {
    let mut out = String::from("digraph callgraph {\n  rankdir=LR;\n  node [shape=box, fontsize=10];\n");
    let mut clusters: BTreeMap<&str, Vec<&Node>> = BTreeMap::new();
    for node in &graph.nodes {
        clusters.entry(node.module.as_deref().unwrap_or("")).or_default().push(node);
    }
    for (k, (module, nodes)) in clusters.iter().filter(|(m, _)| !m.is_empty()).enumerate() {
        let _ = writeln!(out, "  subgraph cluster_{k} {{\n    label={};\n    style=rounded;", dot_id(module));
        for node in nodes {
            let _ = writeln!(out, "    {};", dot_id(&node.name));
        }
        out.push_str("  }\n");
    }
    // Outside names are in no module.
    for node in clusters.get("").into_iter().flatten() {
        let _ = writeln!(out, "  {} [shape=ellipse, style=dashed];", dot_id(&node.name));
    }
    // One arrow per caller and callee; solid when any of its sites calls explicitly.
    let mut arrows: BTreeMap<(&str, &str), bool> = BTreeMap::new();
    for edge in &graph.edges {
        let explicit = arrows.entry((&edge.caller, &edge.callee)).or_insert(false);
        *explicit |= !edge.implicit;
    }
    for ((caller, callee), explicit) in arrows {
        let style = if explicit { "" } else { " [style=dashed]" };
        let _ = writeln!(out, "  {} -> {}{style};", dot_id(caller), dot_id(callee));
    }
    out.push_str(LEGEND);
    out.push('}');
    out
}

/// What the shapes and lines mean, drawn beside the graph.
const LEGEND: &str = r#"  subgraph cluster_legend {
    label="legend"; style=dashed; fontsize=10;
    node [fontsize=9]; edge [fontsize=9];
    "legend: caller" [label="package function"];
    "legend: outside" [label="outside name", shape=ellipse, style=dashed];
    "legend: caller" -> "legend: outside" [label="explicit call"];
    "legend: caller 2" [label="package function"];
    "legend: callee 2" [label="package function"];
    "legend: caller 2" -> "legend: callee 2" [label="implicit calls only", style=dashed];
  }
"#;

/// A quoted Graphviz id.
fn dot_id(name: &str) -> String {
    format!("\"{}\"", name.replace('\\', "\\\\").replace('"', "\\\""))
}

#[cfg(test)]
mod tests {
    use super::pycg_name;

    #[test]
    fn every_builtin_type_with_known_methods_has_a_pycg_name() {
        for (type_name, methods) in cpyg_rules::knowledge::BUILTIN_TYPE_METHODS {
            let method = methods.split_whitespace().next().unwrap_or("m");
            let name = pycg_name(&format!("<builtin>.{type_name}.{method}"));
            assert!(name.starts_with("<**Py") && name.ends_with(&format!("**>.{method}")), "{type_name}: {name}");
        }
    }
}
