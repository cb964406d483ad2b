//! `cpyg callgraph` forms of the running example under every release: PyCG's JSON,
//! the richer JSON and Graphviz carry the same edges.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use cpyg::analysis::{analyze, Analysis};
use cpyg::analysis::names::NameStyle;
use cpyg::results::callgraph::{render, Format, View};

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
        let text = render(&running_example(minor), Format::Pycg, &View::whole(Format::Pycg)).unwrap();
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
        let json: serde_json::Value = serde_json::from_str(&render(&analysis, Format::Json, &View::whole(Format::Json)).unwrap()).unwrap();
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
        let text = render(&running_example(minor), Format::Dot, &View::whole(Format::Dot)).unwrap();
        assert!(text.starts_with("digraph callgraph {\n") && text.trim_end().ends_with('}'), "{text}");
        for callee in RUN_CALLS {
            assert!(text.contains(&format!("  \"main.run\" -> \"{callee}\"")), "3.{minor}: run → {callee}\n{text}");
        }
        assert!(text.contains("\"main.run\" -> \"main.Guard.__enter__\" [style=dashed];"), "3.{minor}");
        assert!(text.contains("\"<builtin>.object\" [shape=ellipse, style=dashed];"), "3.{minor}");
    }
}

#[test]
fn dot_form_draws_a_cluster_per_module_and_a_legend() {
    let text = render(&running_example(12), Format::Dot, &View::whole(Format::Dot)).unwrap();
    assert!(text.contains("  subgraph cluster_0 {\n    label=\"main\";"), "{text}");
    assert!(text.contains("    \"main.bind.invoke\";"), "functions inside their module's cluster\n{text}");
    assert!(text.contains("\n  \"<builtin>.object\" [shape=ellipse"), "outside names outside every cluster\n{text}");
    assert!(text.contains("subgraph cluster_legend") && text.contains("implicit calls only"), "{text}");
}

/// The nodes and the caller → callee pairs of the JSON form under `view`.
fn drawn(view: View) -> (Vec<String>, BTreeSet<(String, String)>) {
    let text = render(&running_example(12), Format::Json, &view).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let nodes = json["nodes"].as_array().unwrap().iter().map(|n| n["name"].as_str().unwrap().to_string()).collect();
    let edges = json["edges"].as_array().unwrap();
    let pairs = edges.iter().map(|e| (e["caller"].as_str().unwrap().into(), e["callee"].as_str().unwrap().into()));
    (nodes, pairs.collect())
}

fn view(from: &str, depth: Option<usize>) -> View {
    View { names: NameStyle::Full, from: Some(from.into()), depth, drop_isolated: false }
}

#[test]
fn from_with_depth_keeps_callers_and_callees_within_that_many_calls() {
    // `invoke` is a unique suffix: `main.bind.invoke`.
    let (nodes, edges) = drawn(view("invoke", Some(1)));
    assert_eq!(nodes, ["main.bind.invoke", "main.left", "main.right", "main.run"]);
    assert!(edges.contains(&("main.run".into(), "main.bind.invoke".into())));
    assert!(!edges.iter().any(|(_, callee)| callee == "<builtin>.ValueError"), "two calls away");
}

#[test]
fn from_without_depth_follows_every_path_both_ways() {
    let (nodes, _) = drawn(view("main.bind.invoke", None));
    assert_eq!(nodes, ["<builtin>.ValueError", "main", "main.bind.invoke", "main.left", "main.right", "main.run"]);
}

#[test]
fn drop_isolated_leaves_out_nodes_without_edges() {
    let (nodes, edges) = drawn(view("main.audit", Some(0)));
    assert_eq!((nodes, edges.len()), (vec!["main.audit".to_string()], 0));
    let (nodes, _) = drawn(View { drop_isolated: true, ..view("main.audit", Some(0)) });
    assert!(nodes.is_empty(), "{nodes:?}");
}

#[test]
fn from_a_name_no_function_has_or_many_have_is_an_error() {
    let analysis = running_example(12);
    let error = render(&analysis, Format::Json, &view("nothing", None)).unwrap_err();
    assert!(error.contains("--from nothing: no module or function"), "{error}");
    // A class is not a node: its body's calls are its module's.
    let error = render(&analysis, Format::Json, &view("Guard", None)).unwrap_err();
    assert!(error.contains("no module or function"), "{error}");
}
