//! The rule sets compared with each other on every analysis case in every release:
//! a more precise set may only remove facts. Projected onto variables and objects
//! (contexts dropped), each contextual set's points-to sets, call edges and outside
//! calls are subsets of `insensitive`'s, and so are the data-dependence edges of the
//! `ddg_` cases; the runtime checker separately keeps every set's assertions honest
//! against what CPython does.

#[path = "support/cases.rs"]
mod cases;
#[allow(dead_code)]
#[path = "support/expect.rs"]
mod expect;
#[path = "support/parallel.rs"]
mod parallel;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use cpyg_rules::RuleSet;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every analysis case: its name, where it starts and the first release that holds it.
fn cases() -> Vec<(String, expect::Start, u8)> {
    let dir = repo().join("tests/programs/analysis");
    let mut names: Vec<String> = fs::read_dir(&dir)
        .expect("tests/programs/analysis is readable")
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.is_dir())
        .filter_map(|path| path.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let text = fs::read_to_string(dir.join(&name).join("expect.txt")).unwrap_or_default();
            let start =
                expect::parse_case(&text).map(|(start, _)| start).unwrap_or_else(|_| panic!("{name}: expect.txt"));
            let main = fs::read_to_string(dir.join(&name).join("main.py")).unwrap_or_default();
            (name, start, cases::required_release(&main))
        })
        .collect()
}

/// What two rule sets are compared on: points-to pairs (every variable), call edges,
/// outside calls, reachable code and (with `ddg`) data-dependence edges, each projected
/// onto the insensitive domain.
fn facts_of(mut analysis: cpyg::analysis::Analysis, ddg: bool) -> [BTreeSet<String>; 5] {
    let dependences: BTreeSet<String> = match ddg {
        false => BTreeSet::new(),
        true => {
            analysis.build_ddg(cpyg_ddg::Options::default()).unwrap_or_else(|e| panic!("{e}"));
            analysis.ddg.iter().flat_map(|d| &d.edges).map(|e| format!("{e:?}")).collect()
        }
    };
    let s = &analysis.solution;
    [
        s.all_points_to().iter().map(|r| format!("{r:?}")).collect(),
        s.call_edge.iter().map(|r| format!("{r:?}")).collect(),
        s.calls_external.iter().map(|r| format!("{r:?}")).collect(),
        s.reachable.iter().map(|r| format!("{r:?}")).collect(),
        dependences,
    ]
}

fn analyze(dir: &Path, rules: RuleSet, start: &expect::Start) -> cpyg::analysis::Analysis {
    let profiler = cpyg::profile::Profiler::new();
    cpyg::analysis::analyze_from(&[dir.to_path_buf()], None, rules, start, 1, profiler)
        .unwrap_or_else(|e| panic!("{} ({}): {e}", dir.display(), rules.name()))
}

#[test]
fn every_rule_set_finds_a_subset_of_what_insensitive_finds() {
    const WHAT: [&str; 5] =
        ["points-to pairs", "call edges", "outside calls", "reachable code objects", "data-dependence edges"];
    let runs: Vec<(String, expect::Start, u8)> = cases()
        .into_iter()
        .flat_map(|(name, start, first)| {
            cpyg::adapters::supported_minors().filter(move |&m| m >= first).map(move |m| (name.clone(), start.clone(), m))
        })
        .collect();
    let compared = parallel::each(&runs, |(name, start, minor)| {
        let dir: PathBuf = repo().join(format!("tests/fixtures/cpython3{minor}/analysis/{name}"));
        let ddg = name.starts_with("ddg_");
        let base = facts_of(analyze(&dir, RuleSet::Insensitive, start), ddg);
        let mut problems = Vec::new();
        for &rules in RuleSet::ALL.iter().filter(|&&r| r != RuleSet::Insensitive) {
            let refined = facts_of(analyze(&dir, rules, start), ddg);
            for (what, (more, less)) in WHAT.iter().zip(refined.iter().zip(base.iter())) {
                let extra: Vec<&String> = more.difference(less).collect();
                if !extra.is_empty() {
                    problems.push(format!(
                        "3.{minor} {name}: {} has {} {what} insensitive lacks: {extra:?}",
                        rules.name(),
                        extra.len()
                    ));
                }
            }
        }
        problems
    });
    let comparisons = compared.len() * (RuleSet::ALL.len() - 1);
    assert!(comparisons > 1000, "only {comparisons} comparisons");
    let problems: Vec<String> = compared.into_iter().flatten().collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The walkthrough variant of rules/README.md: one call site separates a callee called from
/// two sites, but not one whose distinguishing sites are two calls up.
#[test]
fn callsite1_separates_one_level_only() {
    let edges = |case: &str, rules: RuleSet| -> BTreeSet<String> {
        let dir = repo().join(format!("tests/fixtures/cpython312/analysis/{case}"));
        let analysis = analyze(&dir, rules, &expect::Start::modules());
        let graph = analysis.callgraph_pycg();
        ["main.use_a", "main.use_b"]
            .iter()
            .flat_map(|caller| graph[*caller].iter().map(move |callee| format!("{caller} -> {callee}")))
            .collect()
    };
    let spurious =
        |found: &BTreeSet<String>| found.contains("main.use_a -> main.B.m") || found.contains("main.use_b -> main.A.m");
    assert!(spurious(&edges("callsite_factory", RuleSet::Insensitive)));
    assert!(!spurious(&edges("callsite_factory", RuleSet::CallSite1)), "one level: separated");
    assert!(spurious(&edges("callsite_factory_two_levels", RuleSet::CallSite1)), "two levels: merged");
    assert!(!spurious(&edges("callsite_factory_two_levels", RuleSet::Context)), "two levels: context separates");
}
