//! The paper's running example, in every release: `run` calls `bind` at two
//! sites, enters and leaves `Guard` implicitly, and — insensitively merged —
//! `invoke` reaches both callbacks.

use std::path::PathBuf;

use cpyg::analysis::analyze;

const RELEASES: [&str; 5] = ["310", "311", "312", "313", "314"];

#[test]
fn running_example_call_graph_in_every_release() {
    for release in RELEASES {
        let dir = PathBuf::from(format!("tests/fixtures/cpython{release}/running_example"));
        let analysis = analyze(&[dir], None, 2).unwrap_or_else(|e| panic!("3.{}: {e}", &release[1..]));
        let names = &analysis.names;
        let sites_to = |caller: &str, callee: &str| {
            analysis
                .solution
                .call_edge
                .iter()
                .filter(|&&(site, code)| names.caller_of(site) == caller && names.code[code as usize] == callee)
                .count()
        };
        assert_eq!(sites_to("main.run", "main.bind"), 2, "3.{}: run calls bind at two sites", &release[1..]);
        for implicit in ["main.Guard.__enter__", "main.Guard.__exit__"] {
            assert!(sites_to("main.run", implicit) >= 1, "3.{}: run -> {implicit}", &release[1..]);
        }
        let graph = analysis.callgraph_pycg();
        let invoke = &graph["main.bind.invoke"];
        assert!(
            invoke.contains("main.left") && invoke.contains("main.right"),
            "3.{}: invoke -> {invoke:?}",
            &release[1..]
        );
        assert!(
            !graph["main.run"].contains("main.left"),
            "3.{}: run does not call the callbacks itself",
            &release[1..]
        );
        // Through the cell `invoke` shares with `bind`.
        let callback = analysis.points_to("main.bind.invoke", "callback");
        let expected: std::collections::BTreeSet<String> =
            ["function main.left", "function main.right"].iter().map(|s| s.to_string()).collect();
        assert_eq!(callback, expected, "3.{}: invoke's callback", &release[1..]);
    }
}
