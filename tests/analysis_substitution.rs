//! Variable substitution (`cpyg_rules::substitution`) is exact: on every analysis
//! program, in every release, solving with it gives the same relations as solving
//! without it.

use std::path::Path;

use cpyg_rules::substitution::Substitution;
use cpyg_rules::{RuleSet, Solution};

fn summary(solution: &Solution) -> impl PartialEq + std::fmt::Debug + '_ {
    (
        solution.all_points_to(),
        &solution.local,
        solution.fields(),
        &solution.elem,
        &solution.call_edge,
        &solution.calls_external,
        &solution.invokes,
        &solution.raises,
        &solution.unresolved,
        &solution.coverage,
    )
}

#[test]
fn substitution_is_exact() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for minor in cpyg::adapters::supported_minors() {
        let fixtures = root.join(format!("tests/fixtures/cpython3{minor}/analysis"));
        let mut cases: Vec<_> = std::fs::read_dir(&fixtures)
            .unwrap_or_else(|e| panic!("{}: {e}", fixtures.display()))
            .map(|entry| entry.expect("a readable folder entry").path())
            .collect();
        cases.sort();
        for case in cases {
            let analysis = cpyg::analysis::analyze(&[case.clone()], None, 1)
                .unwrap_or_else(|e| panic!("{}: {e}", case.display()));
            let plain = cpyg_rules::solve::solve_with(&analysis.facts, RuleSet::Insensitive, 1, &Substitution::identity())
                .unwrap_or_else(|e| panic!("{}: {e}", case.display()));
            assert!(
                summary(&analysis.solution) == summary(&plain),
                "{}: substitution changed the solution",
                case.display()
            );
            assert!(Substitution::of(&analysis.facts).replaced_count() > 0, "{}: nothing substituted", case.display());
            checked += 1;
        }
    }
    assert!(checked >= 5 * 100, "only {checked} fixtures found");
}
