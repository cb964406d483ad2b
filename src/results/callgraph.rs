//! `cpyg callgraph`: the call graph as PyCG's JSON (`{"caller": ["callee", ...]}`),
//! as a richer JSON (nodes with kind and place, one edge per call site), or as a
//! Graphviz digraph.
//!
//! All three have the same edges: calls are made by modules and functions (a class
//! body's or comprehension's calls belong to the enclosing one) and reach package
//! functions or outside names, named as PyCG names them.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use serde::Serialize;

use crate::analysis::{names, Analysis};
use crate::results::calls::{call_edges, Callee, Places};

/// The output forms, by the name `--format` takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Pycg,
    Json,
    Dot,
}

impl Format {
    pub const ALL: &'static [Format] = &[Format::Pycg, Format::Json, Format::Dot];

    pub fn name(self) -> &'static str {
        match self {
            Format::Pycg => "pycg",
            Format::Json => "json",
            Format::Dot => "dot",
        }
    }

    pub fn from_name(name: &str) -> Result<Format, String> {
        Format::ALL.iter().copied().find(|f| f.name() == name).ok_or_else(|| {
            let known: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
            format!("unknown call graph format `{name}` (known: {})", known.join(", "))
        })
    }
}

/// The call graph of `analysis` in `format`, ending with a newline.
pub fn render(analysis: &Analysis, format: Format) -> Result<String, String> {
    let mut text = match format {
        Format::Pycg => serde_json::to_string_pretty(&analysis.callgraph_pycg()).map_err(|e| e.to_string())?,
        Format::Json => serde_json::to_string_pretty(&graph(analysis)).map_err(|e| e.to_string())?,
        Format::Dot => dot(&graph(analysis)),
    };
    text.push('\n');
    Ok(text)
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
}

/// Nodes sorted by name, edges by caller, callee and site.
pub fn graph(analysis: &Analysis) -> Graph {
    let names = &analysis.names;
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
                });
                name
            }
        };
        let caller = names.caller_of(edge.site).to_string();
        edges.insert(Edge { caller, callee, site: places.site(edge.site), implicit: edge.implicit });
    }
    Graph { nodes: nodes.into_values().collect(), edges: edges.into_iter().collect() }
}

/// A Graphviz digraph: outside names as dashed ellipses, edges made only
/// implicitly dashed.
pub fn dot(graph: &Graph) -> String {
    let mut out = String::from("digraph callgraph {\n  rankdir=LR;\n  node [shape=box];\n");
    for node in &graph.nodes {
        let style = if node.kind == "external" { " [shape=ellipse, style=dashed]" } else { "" };
        let _ = writeln!(out, "  {}{style};", dot_id(&node.name));
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
    out.push('}');
    out
}

/// A quoted Graphviz id.
fn dot_id(name: &str) -> String {
    format!("\"{}\"", name.replace('\\', "\\\\").replace('"', "\\\""))
}
