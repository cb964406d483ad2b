//! The solver's shortcuts are exact: on every analysis program, in every release,
//! variable substitution (`cpyg_rules::substitution`) and the guessed first class
//! orders (`cpyg_rules::FirstOrders`) give the same relations as solving without them.

#[path = "support/parallel.rs"]
mod parallel;

use std::path::{Path, PathBuf};

use cpyg_rules::flow::Flow;
use cpyg_rules::substitution::Substitution;
use cpyg_rules::{FirstOrders, RuleSet, Solution};

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

/// Every analysis fixture of every release.
fn fixture_cases() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    for minor in cpyg::adapters::supported_minors() {
        let fixtures = root.join(format!("tests/fixtures/cpython3{minor}/analysis"));
        let mut cases: Vec<_> = std::fs::read_dir(&fixtures)
            .unwrap_or_else(|e| panic!("{}: {e}", fixtures.display()))
            .map(|entry| entry.expect("a readable folder entry").path())
            .collect();
        cases.sort();
        all.extend(cases);
    }
    assert!(all.len() >= 5 * 100, "only {} fixtures found", all.len());
    all
}

#[test]
fn substitution_is_exact() {
    parallel::each(&fixture_cases(), |case| {
        let analysis =
            cpyg::analysis::analyze(&[case.clone()], None, 1).unwrap_or_else(|e| panic!("{}: {e}", case.display()));
        // Without substitution, but with the flow sensitivity every rule set has.
        let flow = Flow::of(&analysis.facts, &[]).unwrap_or_else(|e| panic!("{}: {e}", case.display()));
        let plain = cpyg_rules::solve::solve_with(
            &analysis.facts,
            RuleSet::Insensitive,
            1,
            &Substitution::identity_with(flow),
            FirstOrders::Guessed,
        )
        .unwrap_or_else(|e| panic!("{}: {e}", case.display()));
        assert!(summary(&analysis.solution) == summary(&plain), "{}: substitution changed the solution", case.display());
        assert!(Substitution::of(&analysis.facts).replaced_count() > 0, "{}: nothing substituted", case.display());
    });
}

/// The same under `flow`, whose rewritten loads the substitution must leave alone.
#[test]
fn substitution_is_exact_under_flow() {
    parallel::each(&fixture_cases(), |case| {
        let profiler = cpyg::profile::Profiler::new();
        let start = cpyg::analysis::roots::Start::modules();
        let analysis = cpyg::analysis::analyze_from(&[case.clone()], None, RuleSet::Flow, &start, 1, profiler)
            .unwrap_or_else(|e| panic!("{}: {e}", case.display()));
        let codes: Vec<u32> = analysis.facts.rows(cpyg_facts::schema::RelationId::Code).map(|c| c[0]).collect();
        let flow = Flow::of(&analysis.facts, &codes).unwrap_or_else(|e| panic!("{}: {e}", case.display()));
        let plain = cpyg_rules::solve::solve_with(
            &analysis.facts,
            RuleSet::Flow,
            1,
            &Substitution::identity_with(flow),
            FirstOrders::Guessed,
        )
        .unwrap_or_else(|e| panic!("{}: {e}", case.display()));
        assert!(summary(&analysis.solution) == summary(&plain), "{}: substitution changed the solution", case.display());
    });
}

#[test]
fn guessed_orders_are_exact_and_save_a_round() {
    let rounds = parallel::each(&fixture_cases(), |case| {
        let analysis =
            cpyg::analysis::analyze(&[case.clone()], None, 1).unwrap_or_else(|e| panic!("{}: {e}", case.display()));
        let flow = Flow::of(&analysis.facts, &[]).unwrap_or_else(|e| panic!("{}: {e}", case.display()));
        let substitution = Substitution::with_flow(&analysis.facts, flow);
        let from_nothing =
            cpyg_rules::solve::solve_with(&analysis.facts, RuleSet::Insensitive, 1, &substitution, FirstOrders::Empty)
                .unwrap_or_else(|e| panic!("{}: {e}", case.display()));
        assert!(
            summary(&analysis.solution) == summary(&from_nothing),
            "{}: the guessed class orders changed the solution",
            case.display()
        );
        assert!(analysis.solution.rounds <= from_nothing.rounds, "{}: the guess cost a round", case.display());
        let saved = analysis.solution.rounds < from_nothing.rounds;
        let mut more = false;
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        if name == "inh_base_from_call" {
            // The base comes from a call, which the guess does not follow.
            assert_eq!(analysis.solution.rounds, 2, "{}", case.display());
            more = true;
        }
        if name == "inh_single" {
            assert_eq!((analysis.solution.rounds, from_nothing.rounds), (1, 2), "{}", case.display());
        }
        (saved, more)
    });
    let saved = rounds.iter().filter(|r| r.0).count();
    let more = rounds.iter().filter(|r| r.1).count();
    assert!(saved > 0 && more > 0, "saved {saved}, needed another round {more}");
}
