//! `cpyg graph cfg|cdg`: the control products as JSON (described in the README,
//! JSON Schema `docs/control.schema.json`) or as Graphviz (one cluster per function,
//! blocks as boxes listing their instructions, edges labelled by kind or outcome).

use std::collections::HashMap;
use std::fmt::Write as _;

use cpyg_control::{Block, BlockKind, Control};
use cpyg_facts::schema::RelationId;
use serde::Serialize;

use crate::analysis::Analysis;

/// Which product to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Product {
    Cfg,
    Cdg,
}

impl Product {
    pub fn name(self) -> &'static str {
        match self {
            Product::Cfg => "cfg",
            Product::Cdg => "cdg",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Json,
    Dot,
}

/// The document `--format json` prints.
#[derive(Debug, Serialize)]
pub struct Document {
    /// `cpyg-control/1`.
    pub format: &'static str,
    /// `cfg` or `cdg`.
    pub graph: &'static str,
    pub functions: Vec<Function>,
}

#[derive(Debug, Serialize)]
pub struct Function {
    /// As `code_name.pycg_name`.
    pub name: String,
    pub code: u32,
    pub file: String,
    pub first_line: u32,
    pub coverage: Coverage,
    pub blocks: Vec<JsonBlock>,
    /// CFG: successor edges.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub edges: Option<Vec<JsonEdge>>,
    /// CDG: each block's immediate postdominator.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub postdominators: Option<Vec<Postdominator>>,
    /// CDG: the dependences.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dependences: Option<Vec<Dependence>>,
}

#[derive(Debug, Serialize)]
pub struct Coverage {
    pub level: &'static str,
    pub detail: String,
}

#[derive(Debug, Serialize)]
pub struct JsonBlock {
    pub id: u32,
    /// `entry`, `body` or `exit`.
    pub kind: &'static str,
    pub first_line: Option<u32>,
    pub last_line: Option<u32>,
    pub instructions: Vec<Instruction>,
}

#[derive(Debug, Serialize)]
pub struct Instruction {
    pub offset: u32,
    pub line: Option<u32>,
    pub opname: String,
    pub arg: Option<u32>,
}

#[derive(Debug, Serialize)]
pub struct JsonEdge {
    pub from: u32,
    pub to: u32,
    pub kind: &'static str,
    /// For an exception edge to a handler: the stack depth the handler restores.
    pub handler_depth: Option<u32>,
}

#[derive(Debug, Serialize)]
pub struct Postdominator {
    pub block: u32,
    pub ipdom: u32,
}

#[derive(Debug, Serialize)]
pub struct Dependence {
    pub controller: u32,
    pub dependent: u32,
    pub outcome: &'static str,
}

/// `product` of the functions named `function` (all when `None`), ending with a newline.
pub fn render(analysis: &Analysis, product: Product, function: Option<&str>, format: Format) -> Result<String, String> {
    let document = document(analysis, product, function)?;
    let mut text = match format {
        Format::Json => serde_json::to_string_pretty(&document).map_err(|e| e.to_string())?,
        Format::Dot => dot(&document),
    };
    text.push('\n');
    Ok(text)
}

pub fn document(analysis: &Analysis, product: Product, function: Option<&str>) -> Result<Document, String> {
    let control: &Control =
        analysis.control.as_ref().ok_or("the control products were not built (`--control none`)")?;
    let facts = &analysis.facts;
    let text = |sym: u32| facts.symbols.text(sym).unwrap_or("?").to_string();
    let file_of_module = super::column_map(facts, RelationId::Module, 0, 2);
    let code_info: HashMap<u32, (u32, u32)> = facts.rows(RelationId::Code).map(|r| (r[0], (r[1], r[5]))).collect();
    let opname = super::column_map(facts, RelationId::InsnNative, 0, 1);
    let arg = super::column_map(facts, RelationId::InsnNativeArg, 0, 1);
    let line = super::column_map(facts, RelationId::InsnLine, 0, 1);
    let offset = super::column_map(facts, RelationId::Insn, 0, 2);

    let mut blocks_of: HashMap<u32, Vec<&Block>> = HashMap::new();
    let mut code_of_block = HashMap::new();
    for b in &control.blocks {
        blocks_of.entry(b.code).or_default().push(b);
        code_of_block.insert(b.id, b.code);
    }
    let mut functions = Vec::new();
    for coverage in &control.coverage {
        let code = coverage.code;
        let name = analysis.names.code.get(code as usize).cloned().unwrap_or_default();
        if function.is_some_and(|f| f != name) {
            continue;
        }
        let (module, first_line) = code_info.get(&code).copied().unwrap_or((u32::MAX, 0));
        let file = file_of_module.get(&module).map(|&f| text(f)).unwrap_or_default();
        let blocks = blocks_of
            .get(&code)
            .map_or(&[][..], |b| b)
            .iter()
            .map(|b| JsonBlock {
                id: b.id,
                kind: b.kind.name(),
                first_line: b.lines.map(|l| l.0),
                last_line: b.lines.map(|l| l.1),
                instructions: b
                    .insns
                    .map(|(first, last)| {
                        (first..=last)
                            .map(|i| Instruction {
                                offset: offset.get(&i).copied().unwrap_or(0),
                                line: line.get(&i).copied(),
                                opname: opname.get(&i).map(|&s| text(s)).unwrap_or_default(),
                                arg: arg.get(&i).copied(),
                            })
                            .collect()
                    })
                    .unwrap_or_default(),
            })
            .collect();
        let in_code = |block: u32| code_of_block.get(&block) == Some(&code);
        let (mut edges, mut postdominators, mut dependences) = (None, None, None);
        match product {
            Product::Cfg => {
                edges = Some(
                    control
                        .edges
                        .iter()
                        .filter(|e| in_code(e.from))
                        .map(|e| JsonEdge { from: e.from, to: e.to, kind: e.kind.name(), handler_depth: e.depth })
                        .collect(),
                );
            }
            Product::Cdg => {
                postdominators = Some(
                    control
                        .ipdom
                        .iter()
                        .filter(|p| in_code(p.0))
                        .map(|&(block, ipdom)| Postdominator { block, ipdom })
                        .collect(),
                );
                dependences = Some(
                    control
                        .cdg
                        .iter()
                        .filter(|d| in_code(d.0))
                        .map(|&(controller, dependent, outcome)| Dependence {
                            controller,
                            dependent,
                            outcome: outcome.name(),
                        })
                        .collect(),
                );
            }
        }
        functions.push(Function {
            name,
            code,
            file,
            first_line,
            coverage: Coverage { level: coverage.level, detail: coverage.detail.clone() },
            blocks,
            edges,
            postdominators,
            dependences,
        });
    }
    if let Some(f) = function {
        if functions.is_empty() {
            return Err(format!(
                "no analysed function is named `{f}` (names are as in the call graph, e.g. `pkg.mod.Class.method`; \
                 unreachable code needs `--scope all`)"
            ));
        }
    }
    Ok(Document { format: "cpyg-control/1", graph: product.name(), functions })
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
}

/// Graphviz: a cluster per function; a box per block listing `offset line opname arg`.
pub fn dot(document: &Document) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "digraph {} {{", document.graph);
    let _ = writeln!(out, "  node [shape=box, fontname=\"monospace\", fontsize=10];");
    for (i, f) in document.functions.iter().enumerate() {
        let _ = writeln!(out, "  subgraph cluster_{i} {{");
        let _ = writeln!(out, "    label=\"{} ({}:{})\";", escape(&f.name), escape(&f.file), f.first_line);
        for b in &f.blocks {
            let mut label = match b.kind {
                "exit" => "exit".to_string(),
                kind => format!("block {} ({kind})\\l", b.id),
            };
            for insn in &b.instructions {
                let line = insn.line.map_or("-".to_string(), |l| l.to_string());
                let arg = insn.arg.map_or(String::new(), |a| format!(" {a}"));
                label.push_str(&escape(&format!("{:>4} {:>4} {}{arg}", insn.offset, line, insn.opname)));
                label.push_str("\\l");
            }
            let shape = if b.kind == BlockKind::Exit.name() { ", shape=doublecircle" } else { "" };
            let _ = writeln!(out, "    b{} [label=\"{label}\"{shape}];", b.id);
        }
        for e in f.edges.iter().flatten() {
            let style = match e.kind {
                "exception" => ", style=dashed",
                "synthetic" => ", style=dotted",
                _ => "",
            };
            let _ = writeln!(out, "    b{} -> b{} [label=\"{}\"{style}];", e.from, e.to, e.kind);
        }
        for d in f.dependences.iter().flatten() {
            let _ = writeln!(out, "    b{} -> b{} [label=\"{}\"];", d.controller, d.dependent, d.outcome);
        }
        let _ = writeln!(out, "  }}");
    }
    out.push_str("}");
    out
}
