//! `cpyg callgraph` forms of the running example under every release: PyCG's JSON,
//! the richer JSON and Graphviz carry the same edges.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use cpyg::analysis::{analyze, Analysis};
use cpyg::results::callgraph::{render, Format};

/// Every release this build reads.
fn releases() -> Vec<u8> {
    cpyg::adapters::supported_minors().collect()
}

fn running_example(minor: u8) -> Analysis {
    let dir: PathBuf =
        Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/cpython3{minor}/running_example"));
    analyze(&[dir], None, 2).unwrap_or_else(|e| panic!("3.{minor}: {e}"))
}

const RUN_CALLS: [&str; 4] = ["main.Guard.__enter__", "main.Guard.__exit__", "main.bind", "main.bind.invoke"];

#[test]
fn pycg_form() {
    for minor in releases() {
        let text = render(&running_example(minor), Format::Pycg).unwrap();
        let graph: BTreeMap<String, Vec<String>> = serde_json::from_str(&text).unwrap();
        assert_eq!(graph["main.run"], RUN_CALLS, "3.{minor}");
        assert_eq!(graph["main.source"], ["<builtin>.object"], "3.{minor}");
        assert_eq!(graph["main.left"], Vec::<String>::new(), "3.{minor}: every function is a key");
        for callees in graph.values() {
            assert!(callees.windows(2).all(|w| w[0] < w[1]), "3.{minor}: lists sorted and distinct");
        }
    }
}

#[test]
fn json_form_has_nodes_sites_and_the_pycg_edges() {
    for minor in releases() {
        let analysis = running_example(minor);
        let json: serde_json::Value = serde_json::from_str(&render(&analysis, Format::Json).unwrap()).unwrap();
        let nodes = json["nodes"].as_array().unwrap();
        let node = |name: &str| nodes.iter().find(|n| n["name"] == name).unwrap_or_else(|| panic!("{name}"));
        assert_eq!(node("main.run")["kind"], "function");
        assert_eq!(node("main.run")["file"], "main.pyc");
        assert_eq!(node("main.run")["line"], 37);
        assert_eq!(node("main")["kind"], "module");
        assert_eq!(node("<builtin>.object")["kind"], "external");
        assert!(node("<builtin>.object").get("file").is_none());

        let edges = json["edges"].as_array().unwrap();
        let enter = edges.iter().find(|e| e["caller"] == "main.run" && e["callee"] == "main.Guard.__enter__").unwrap();
        assert_eq!(enter["site"], "main.pyc:40", "3.{minor}");
        assert_eq!(enter["implicit"], true, "3.{minor}");
        let bind: Vec<&serde_json::Value> =
            edges.iter().filter(|e| e["caller"] == "main.run" && e["callee"] == "main.bind").collect();
        let sites: Vec<&str> = bind.iter().map(|e| e["site"].as_str().unwrap()).collect();
        assert_eq!(sites, ["main.pyc:38", "main.pyc:39"], "3.{minor}: one edge per call site");
        assert!(bind.iter().all(|e| e["implicit"] == false));

        let mut pairs: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for edge in edges {
            let caller = edge["caller"].as_str().unwrap().to_string();
            pairs.entry(caller).or_default().insert(edge["callee"].as_str().unwrap().to_string());
        }
        let mut pycg = analysis.callgraph_pycg();
        pycg.retain(|_, callees| !callees.is_empty());
        assert_eq!(pairs, pycg, "3.{minor}: the same edges as the pycg form");
    }
}

#[test]
fn dot_form() {
    for minor in releases() {
        let text = render(&running_example(minor), Format::Dot).unwrap();
        assert!(text.starts_with("digraph callgraph {\n") && text.trim_end().ends_with('}'), "{text}");
        for callee in RUN_CALLS {
            assert!(text.contains(&format!("  \"main.run\" -> \"{callee}\"")), "3.{minor}: run → {callee}\n{text}");
        }
        assert!(text.contains("\"main.run\" -> \"main.Guard.__enter__\" [style=dashed];"), "3.{minor}");
        assert!(text.contains("\"<builtin>.object\" [shape=ellipse, style=dashed];"), "3.{minor}");
    }
}

#[test]
fn unknown_format_lists_the_known_ones() {
    let error = Format::from_name("svg").unwrap_err();
    assert!(error.contains("pycg, json, dot"), "{error}");
}
