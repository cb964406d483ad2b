//! The paper's running example, in every release: `run` calls `bind` at two
//! sites, enters and leaves `Guard` implicitly, and — insensitively merged —
//! `invoke` reaches both callbacks.

use std::path::PathBuf;

use cpyg::analysis::analyze;


#[test]
fn running_example_call_graph_in_every_release() {
    for minor in cpyg::adapters::supported_minors() {
        let dir = PathBuf::from(format!("tests/fixtures/cpython3{minor}/running_example"));
        let analysis = analyze(&[dir], None, 2).unwrap_or_else(|e| panic!("3.{minor}: {e}"));
        let names = &analysis.names;
        let sites_to = |caller: &str, callee: &str| {
            analysis
                .solution
                .call_edge
                .iter()
                .filter(|&&(site, code)| names.caller_of(site) == caller && names.code[code as usize] == callee)
                .count()
        };
        assert_eq!(sites_to("main.run", "main.bind"), 2, "3.{minor}: run calls bind at two sites");
        for implicit in ["main.Guard.__enter__", "main.Guard.__exit__"] {
            assert!(sites_to("main.run", implicit) >= 1, "3.{minor}: run -> {implicit}");
        }
        let graph = analysis.callgraph_pycg();
        let invoke = &graph["main.bind.invoke"];
        assert!(
            invoke.contains("main.left") && invoke.contains("main.right"),
            "3.{minor}: invoke -> {invoke:?}"
        );
        assert!(
            !graph["main.run"].contains("main.left"),
            "3.{minor}: run does not call the callbacks itself"
        );
        // Through the cell `invoke` shares with `bind`.
        let callback = analysis.points_to("main.bind.invoke", "callback");
        let expected: std::collections::BTreeSet<String> =
            ["function main.left", "function main.right"].iter().map(|s| s.to_string()).collect();
        assert_eq!(callback, expected, "3.{minor}: invoke's callback");
    }
}

/// Under `context` the two activations of `bind` make two cells, one holding `left`
/// and one `right`, and `invoke`'s call reaches `left` in one context and `right` in
/// the other (paper §3.4); the projected call graph still has both edges.
#[test]
fn running_example_contexts_separate_the_two_closures() {
    use std::collections::{BTreeMap, BTreeSet};
    for minor in cpyg::adapters::supported_minors() {
        let dir = PathBuf::from(format!("tests/fixtures/cpython3{minor}/running_example"));
        let start = cpyg::analysis::roots::Start::modules();
        let profiler = cpyg::profile::Profiler::new();
        let analysis = cpyg::analysis::analyze_from(&[dir], None, cpyg_rules::RuleSet::Context, &start, 2, profiler)
            .unwrap_or_else(|e| panic!("3.{minor}: {e}"));
        let (names, solution) = (&analysis.names, &analysis.solution);
        let describe = |o| names.describe(o, &solution.symbols);
        let set = |items: &[&str]| items.iter().map(|s| s.to_string()).collect::<BTreeSet<String>>();

        let mut targets: BTreeMap<_, BTreeSet<String>> = BTreeMap::new();
        for &(ctx, site, _, callee) in &solution.context_call_edge {
            if names.caller_of(site) == "main.bind.invoke" {
                targets.entry(ctx).or_default().insert(names.code[callee as usize].clone());
            }
        }
        let by_context: BTreeSet<BTreeSet<String>> = targets.into_values().collect();
        assert_eq!(by_context, [set(&["main.left"]), set(&["main.right"])].into(), "3.{minor}: invoke's targets by context");

        let mut cells: BTreeMap<_, BTreeSet<String>> = BTreeMap::new();
        for &(heap, cell, value) in &solution.context_cell_value {
            if let cpyg_rules::objects::Obj::Cell(code, _) = cell {
                if names.code[code as usize] == "main.bind" {
                    cells.entry(heap).or_default().insert(describe(value));
                }
            }
        }
        let contents: BTreeSet<BTreeSet<String>> = cells.into_values().collect();
        assert_eq!(
            contents,
            [set(&["function main.left"]), set(&["function main.right"])].into(),
            "3.{minor}: the cells of bind's two activations"
        );
        let graph = analysis.callgraph_pycg();
        assert!(graph["main.bind.invoke"].contains("main.left") && graph["main.bind.invoke"].contains("main.right"));
    }
}
