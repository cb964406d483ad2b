//! The data-dependence graph's ablations (paper §5): without interprocedural stitching
//! it loses exactly its argument and return edges; with one field per object instead of
//! one per attribute name it gains heap edges and nothing else. Checked on the running
//! example and the heap and call cases, under every release, from the fixtures.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use cpyg::analysis::{analyze, ControlScope};
use cpyg_ddg::{Ddg, Kind, Node, Options};

fn releases() -> Vec<u8> {
    cpyg::adapters::supported_minors().collect()
}

const PROGRAMS: [&str; 4] = [
    "running_example",
    "analysis/ddg_heap_self_field",
    "analysis/ddg_pass_through_identity",
    "analysis/ddg_heap_no_alias",
];

fn fixture(minor: u8, program: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/cpython3{minor}/{program}"))
}

/// The graph of every code object of `program` under each option set.
fn graphs(minor: u8, program: &str, options: &[Options]) -> Vec<Ddg> {
    let mut analysis =
        analyze(&[fixture(minor, program)], None, 1).unwrap_or_else(|e| panic!("3.{minor} {program}: {e}"));
    analysis.build_control(ControlScope::All).unwrap_or_else(|e| panic!("3.{minor} {program}: {e}"));
    options
        .iter()
        .map(|&o| {
            analysis.build_ddg(o).unwrap_or_else(|e| panic!("3.{minor} {program}: {e}"));
            analysis.ddg.take().expect("a graph")
        })
        .collect()
}

fn edges(ddg: &Ddg) -> BTreeSet<(Node, Node, Kind)> {
    ddg.edges.iter().copied().collect()
}

#[test]
fn without_interprocedural_stitching_exactly_the_argument_and_return_edges_go() {
    let alone = Options { interprocedural: false, ..Options::default() };
    for minor in releases() {
        for program in PROGRAMS {
            let [whole, alone] = &graphs(minor, program, &[Options::default(), alone])[..] else { unreachable!() };
            let (whole, alone) = (edges(whole), edges(alone));
            let lost: BTreeSet<_> = whole.difference(&alone).copied().collect();
            let stitched: BTreeSet<_> =
                whole.iter().copied().filter(|e| matches!(e.2, Kind::Argument | Kind::Return)).collect();
            assert!(alone.is_subset(&whole), "3.{minor} {program}: the ablation adds edges");
            assert!(!stitched.is_empty(), "3.{minor} {program}: no argument or return edge to lose");
            assert_eq!(lost, stitched, "3.{minor} {program}");
        }
    }
}

#[test]
fn one_field_per_object_adds_heap_edges_only() {
    let collapsed = Options { field_names: false, ..Options::default() };
    for minor in releases() {
        let mut added_somewhere = false;
        for program in PROGRAMS {
            let [named, collapsed] = &graphs(minor, program, &[Options::default(), collapsed])[..] else {
                unreachable!()
            };
            let (named, collapsed) = (edges(named), edges(collapsed));
            assert!(named.is_subset(&collapsed), "3.{minor} {program}: collapsing fields loses edges");
            let added: Vec<_> = collapsed.difference(&named).collect();
            assert!(added.iter().all(|e| e.2 == Kind::Heap), "3.{minor} {program}: non-heap edges added: {added:?}");
            added_somewhere |= !added.is_empty();
        }
        assert!(added_somewhere, "3.{minor}: collapsing field names added no heap edge");
    }
}

/// `object()` in `source` is a call of an outside class: what flows out of it is not
/// followed, and the graph says so; `run`'s calls of package functions are no gaps.
#[test]
fn calls_the_solution_leaves_unresolved_are_gaps_of_the_graph() {
    for minor in releases() {
        let mut analysis = analyze(&[fixture(minor, "running_example")], None, 1).unwrap();
        analysis.build_control(ControlScope::All).unwrap();
        analysis.build_ddg(Options::default()).unwrap();
        let ddg = analysis.ddg.as_ref().unwrap();
        let function = |insn: u32| analysis.names.code[analysis.names.insn_code[insn as usize] as usize].clone();
        let calls: Vec<(String, cpyg_ddg::Coverage)> = ddg
            .coverage
            .iter()
            .filter(|g| g.2 == cpyg_ddg::Gap::Call)
            .map(|&(insn, level, _)| (function(insn), level))
            .collect();
        assert!(
            calls.contains(&("main.source".to_string(), cpyg_ddg::Coverage::TypedUnresolved)),
            "3.{minor}: {calls:?}"
        );
        assert!(!calls.iter().any(|(f, _)| f == "main.bind"), "3.{minor}: {calls:?}");
    }
}
