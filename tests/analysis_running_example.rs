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
