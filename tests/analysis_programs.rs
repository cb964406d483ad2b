//! The analysis test programs: every case of tests/programs/analysis, analysed from
//! its committed fixtures under every release (no Python needed), must meet the
//! assertions of its expect.txt (format in tests/support/expect.rs).
//!
//! All failures are collected and printed, grouped by assertion with the releases
//! that fail it, followed by a per-case summary table; then the test fails.
//! `CPYG_ANALYSIS_CASE=substring` runs only the cases whose name contains it.
//! tests/support/analysis_runtime_check.py checks the same expectations against
//! what the interpreters do when they run the programs.

#[path = "support/cases.rs"]
mod cases;
#[path = "support/expect.rs"]
mod expect;
#[path = "support/missing.rs"]
mod missing;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use cases::{from_source, required_release};
use cpyg::analysis::ControlScope;
use cpyg::results::control::{document, Document, Function, Product};
use cpyg::results::ddg::{slice, Criterion, Direction, NamedEdge, NamedNode, Namer};
use expect::{Assertion, DdgEnd, Expectation, Target};

/// Every release this build reads.
fn releases() -> Vec<u8> {
    cpyg::adapters::supported_minors().collect()
}

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn cases_dir() -> PathBuf {
    repo().join("tests/programs/analysis")
}

fn fixture_dir(minor: u8, case: &str) -> PathBuf {
    repo().join(format!("tests/fixtures/cpython3{minor}/analysis/{case}"))
}

/// One case: its name and either its assertions or the problems of its expect.txt.
struct Case {
    name: String,
    expectations: Result<Vec<Expectation>, Vec<String>>,
    /// Where the analysis starts (`roots`, `entry` lines; module bodies when absent).
    start: cpyg::analysis::roots::Start,
    /// The first release whose fixtures hold the case (`# requires: 3.N` atop main.py).
    first_release: u8,
    /// Analysed from its source by each release's interpreter (`# from source: ...`).
    from_source: bool,
}

/// Every case folder, sorted, filtered by `CPYG_ANALYSIS_CASE` when set.
fn cases() -> Vec<Case> {
    let filter = std::env::var("CPYG_ANALYSIS_CASE").unwrap_or_default();
    let mut names: Vec<String> = fs::read_dir(cases_dir())
        .expect("tests/programs/analysis is readable")
        .map(|entry| entry.expect("a readable folder entry").path())
        .filter(|path| path.is_dir())
        .filter_map(|path| path.file_name().map(|n| n.to_string_lossy().into_owned()))
        .filter(|name| name.contains(&filter))
        .collect();
    names.sort();
    names.into_iter().map(|name| read_case(&name)).collect()
}

fn read_case(name: &str) -> Case {
    let dir = cases_dir().join(name);
    let file = dir.join("expect.txt");
    let text = fs::read_to_string(&file);
    let (start, expectations) = match &text {
        Err(error) => (expect::Start::default(), Err(vec![format!("{}: {error}", file.display())])),
        Ok(text) => match expect::parse_case(text) {
            Ok((start, expectations)) => (start, Ok(expectations)),
            Err(errors) => (
                expect::Start::default(),
                Err(errors.iter().map(|e| format!("{}:{}: {}", file.display(), e.line, e.message)).collect()),
            ),
        },
    };
    let main = fs::read_to_string(dir.join("main.py")).unwrap_or_default();
    let (first_release, from_source) = (required_release(&main), from_source(&main));
    Case { name: name.to_string(), expectations, start, first_release, from_source }
}

/// How one case fared under one release.
enum Outcome {
    Skipped,
    /// The analysis could not run (no fixture, or it returned an error).
    Error(String),
    /// Failed assertions: (expectation, what was found).
    Checked {
        failed: Vec<(Expectation, String)>,
    },
}

fn run_case(case: &Case, expectations: &[Expectation], minor: u8) -> Outcome {
    if minor < case.first_release {
        return Outcome::Skipped;
    }
    let (dir, python) = if case.from_source {
        let purpose = format!("analysis case {} (from source)", case.name);
        match missing::interpreter(minor, &purpose) {
            Some(found) => (cases_dir().join(&case.name), Some(found.path.to_string_lossy().into_owned())),
            None => return Outcome::Skipped,
        }
    } else {
        (fixture_dir(minor, &case.name), None)
    };
    if !dir.is_dir() {
        return Outcome::Error(format!("no fixture {} (run tests/fixtures/regenerate.sh)", dir.display()));
    }
    let mut rule_sets: Vec<cpyg_rules::RuleSet> = Vec::new();
    for e in expectations {
        if !rule_sets.contains(&e.rules) {
            rule_sets.push(e.rules);
        }
    }
    let mut failed = Vec::new();
    for rules in rule_sets {
        let under: Vec<&Expectation> = expectations.iter().filter(|e| e.rules == rules).collect();
        match check_under(case, &under, rules, &dir, python.as_deref()) {
            Ok(mut more) => failed.append(&mut more),
            Err(error) => return Outcome::Error(format!("rules {}: {error}", rules.name())),
        }
    }
    Outcome::Checked { failed }
}

/// The assertions of one rule set, checked against its analysis of the case.
fn check_under(
    case: &Case,
    expectations: &[&Expectation],
    rules: cpyg_rules::RuleSet,
    dir: &Path,
    python: Option<&str>,
) -> Result<Vec<(Expectation, String)>, String> {
    let profiler = cpyg::profile::Profiler::new();
    let mut analysis = cpyg::analysis::analyze_from(&[dir.to_path_buf()], python, rules, &case.start, 1, profiler)
        .map_err(|error| format!("analysis failed: {error}"))?;
    let control = match expectations.iter().any(|e| e.assertion.is_control()) {
        false => None,
        true => Some(control_documents(&mut analysis).map_err(|error| format!("control products failed: {error}"))?),
    };
    let ddg = match expectations.iter().any(|e| e.assertion.is_ddg()) {
        false => None,
        true => Some(ddg_edges(&mut analysis).map_err(|error| format!("data-dependence graph failed: {error}"))?),
    };
    let graph = analysis.callgraph_pycg();
    let points_to = |scope: &str, name: &str| analysis.points_to(scope, name);
    Ok(expectations
        .iter()
        .filter_map(|e| {
            let result = match (&control, &ddg) {
                (Some((cfg, cdg)), _) if e.assertion.is_control() => check_control(cfg, cdg, &e.assertion),
                (_, Some(_)) if matches!(e.assertion, Assertion::Slice { .. }) => check_slice(&analysis, &e.assertion),
                (_, Some(edges)) if e.assertion.is_ddg() => check_ddg(edges, &e.assertion),
                _ => check(&graph, &points_to, &e.assertion),
            };
            result.err().map(|found| ((*e).clone(), found))
        })
        .collect())
}

/// The CFG and CDG documents of every code object (unreached ones too, so that a
/// case can assert on a function the points-to analysis never calls).
fn control_documents(analysis: &mut cpyg::analysis::Analysis) -> Result<(Document, Document), String> {
    analysis.build_control(ControlScope::All).map_err(|e| e.to_string())?;
    Ok((document(analysis, Product::Cfg, None)?, document(analysis, Product::Cdg, None)?))
}

/// The data-dependence graph of every code object, by name.
fn ddg_edges(analysis: &mut cpyg::analysis::Analysis) -> Result<Vec<NamedEdge>, String> {
    if analysis.control.is_none() {
        analysis.build_control(ControlScope::All).map_err(|e| e.to_string())?;
    }
    analysis.build_ddg(cpyg_ddg::Options::default()).map_err(|e| e.to_string())?;
    let ddg = analysis.ddg.as_ref().ok_or("no data-dependence graph")?;
    Ok(Namer::new(analysis).edges(ddg))
}

fn ddg_end_matches(end: &DdgEnd, node: &NamedNode) -> bool {
    let is_param = node.what.starts_with("param ");
    match end {
        DdgEnd::Line { function, line } => !is_param && node.function == *function && node.line == Some(*line),
        DdgEnd::Param { function, name } => {
            is_param && node.function == *function && node.what.strip_prefix("param ") == Some(name.as_str())
        }
    }
}

fn check_ddg(edges: &[NamedEdge], assertion: &Assertion) -> Result<(), String> {
    let Assertion::Ddg { from, to, kind, present } = assertion else {
        unreachable!("only ddg assertions are checked here")
    };
    let between: Vec<&NamedEdge> =
        edges.iter().filter(|e| ddg_end_matches(from, &e.from) && ddg_end_matches(to, &e.to)).collect();
    let found = between.iter().any(|e| kind.as_deref().is_none_or(|k| k == e.kind));
    if found == *present {
        return Ok(());
    }
    let kinds: BTreeSet<&str> = between.iter().map(|e| e.kind).collect();
    let out_of_from: BTreeSet<String> = edges
        .iter()
        .filter(|e| ddg_end_matches(from, &e.from))
        .map(|e| format!("{}:{} {} ({})", e.to.function, e.to.line.unwrap_or(0), e.to.what, e.kind))
        .collect();
    Err(if *present {
        format!("no such edge; edges between them: {kinds:?}; from there: {}", join(out_of_from.iter()))
    } else {
        format!("edges of kinds {kinds:?} hold")
    })
}

/// A forward slice from a line of `main.py`: whether it reaches the other line.
fn check_slice(analysis: &cpyg::analysis::Analysis, assertion: &Assertion) -> Result<(), String> {
    let Assertion::Slice { from, to, full, present } = *assertion else {
        unreachable!("only slice assertions are checked here")
    };
    let ddg = analysis.ddg.as_ref().ok_or("no data-dependence graph")?;
    let criterion = Criterion { file: "main.py".into(), line: from, name: None };
    let lines = slice(&Namer::new(analysis), ddg, &criterion, Direction::Forward, !full)?;
    let main = |file: &str| file.ends_with("main.py") || file.ends_with("main.pyc");
    let reached: Vec<u32> = lines.iter().filter(|l| main(&l.file)).map(|l| l.line).collect();
    if !reached.contains(&from) {
        return Err(format!("the slice does not hold its own line: {reached:?}"));
    }
    if reached.contains(&to) == present {
        Ok(())
    } else {
        Err(format!("the slice holds lines {reached:?}"))
    }
}

/// The code objects a control assertion on `function` reads: the function's own and
/// those of the comprehensions and generator expressions inside it, as the call
/// graph folds them (3.12+ inlines most comprehensions, older releases do not).
fn control_group<'a>(document: &'a Document, function: &str) -> Vec<&'a Function> {
    document
        .functions
        .iter()
        .filter(|f| {
            let folded = f.name.strip_prefix(function).and_then(|rest| rest.strip_prefix('.'));
            f.name == function || folded.is_some_and(is_comprehension_path)
        })
        .collect()
}

/// `<listcomp>`, `<genexpr>.<setcomp>`: only comprehension scopes, however nested.
fn is_comprehension_path(path: &str) -> bool {
    path.split('.').all(|part| matches!(part, "<listcomp>" | "<dictcomp>" | "<setcomp>" | "<genexpr>"))
}

/// The blocks of `group` with an instruction on `line`.
fn blocks_on_line(group: &[&Function], line: u32) -> BTreeSet<u32> {
    group
        .iter()
        .flat_map(|f| &f.blocks)
        .filter(|b| b.instructions.iter().any(|i| i.line == Some(line)))
        .map(|b| b.id)
        .collect()
}

/// The blocks a [`Target`] stands for (`Any`: every block).
fn target_blocks(group: &[&Function], target: Target) -> BTreeSet<u32> {
    let blocks = group.iter().flat_map(|f| &f.blocks);
    match target {
        Target::Line(line) => blocks_on_line(group, line),
        Target::Exit => blocks.filter(|b| b.kind == "exit").map(|b| b.id).collect(),
        Target::Any => blocks.map(|b| b.id).collect(),
    }
}

/// How a block reads in a failure: `exit` or its lines, `5` or `5-7`.
fn block_lines(group: &[&Function], id: u32) -> String {
    match group.iter().flat_map(|f| &f.blocks).find(|b| b.id == id) {
        Some(b) if b.kind == "exit" => "exit".into(),
        Some(b) => match (b.first_line, b.last_line) {
            (Some(first), Some(last)) if first == last => first.to_string(),
            (Some(first), Some(last)) => format!("{first}-{last}"),
            _ => "?".into(),
        },
        None => "?".into(),
    }
}

/// Ok when a `cfg`/`!cfg`/`cdg`/`!cdg` assertion holds; otherwise what the product has
/// from that line. A line no block holds fails either way: the assertion would say nothing.
fn check_control(cfg: &Document, cdg: &Document, assertion: &Assertion) -> Result<(), String> {
    let (document, function, from, to, kind, present) = match assertion {
        Assertion::Cfg { function, from, to, kind, present } => (cfg, function, *from, *to, kind, *present),
        Assertion::Cdg { function, controller, dependent, outcome, present } => {
            (cdg, function, *controller, *dependent, outcome, *present)
        }
        _ => unreachable!("only control assertions are checked here"),
    };
    let group = control_group(document, function);
    if group.is_empty() {
        return Err(format!("{function} has no code object"));
    }
    let sources = blocks_on_line(&group, from);
    let targets = target_blocks(&group, to);
    for (line, blocks) in [
        (Some(from), &sources),
        (
            match to {
                Target::Line(l) => Some(l),
                _ => None,
            },
            &targets,
        ),
    ] {
        if let (Some(line), true) = (line, blocks.is_empty()) {
            return Err(format!("no block of {function} has an instruction on line {line}"));
        }
    }
    // (from, to, kind) of the edges or dependences of the group.
    let arcs: Vec<(u32, u32, &str)> = group
        .iter()
        .flat_map(|f| {
            let edges = f.edges.iter().flatten().map(|e| (e.from, e.to, e.kind));
            edges.chain(f.dependences.iter().flatten().map(|d| (d.controller, d.dependent, d.outcome)))
        })
        .collect();
    let kind_fits = |k: &str| kind.as_deref().is_none_or(|want| want == k);
    let holds = arcs.iter().any(|&(a, b, k)| sources.contains(&a) && targets.contains(&b) && kind_fits(k));
    if holds == present {
        return Ok(());
    }
    let mut found: Vec<String> = arcs
        .iter()
        .filter(|(a, _, _)| sources.contains(a))
        .map(|&(_, b, k)| format!("{k} -> {}", block_lines(&group, b)))
        .collect();
    found.sort();
    found.dedup();
    Err(format!("from line {from}: {{{}}}", found.join(", ")))
}

type CallGraph = BTreeMap<String, BTreeSet<String>>;
type PointsTo<'a> = dyn Fn(&str, &str) -> BTreeSet<String> + 'a;

/// Ok when the assertion holds; otherwise what was found instead.
fn check(graph: &CallGraph, points_to: &PointsTo, assertion: &Assertion) -> Result<(), String> {
    match assertion {
        Assertion::Edge { caller, callee, present } => {
            let has = graph.get(caller).is_some_and(|callees| callees.contains(callee));
            if has == *present {
                Ok(())
            } else if *present {
                Err(describe_callees(graph, caller))
            } else {
                Err("the edge is in the call graph".into())
            }
        }
        Assertion::Calls { caller, callees } => match graph.get(caller) {
            Some(found) if found == callees => Ok(()),
            Some(found) => Err(format!(
                "missing {{{}}}, extra {{{}}}",
                join(callees.difference(found)),
                join(found.difference(callees))
            )),
            None => Err(describe_callees(graph, caller)),
        },
        Assertion::PointsTo { scope, name, object, present } => {
            let objects = points_to(scope, name);
            if objects.contains(object) == *present {
                Ok(())
            } else {
                Err(format!("points to {{{}}}", join(objects.iter())))
            }
        }
        Assertion::Cfg { .. } | Assertion::Cdg { .. } => Err("a control assertion needs the control products".into()),
        Assertion::Ddg { .. } | Assertion::Slice { .. } => Err("a ddg assertion needs the data-dependence graph".into()),
    }
}

fn describe_callees(graph: &CallGraph, caller: &str) -> String {
    match graph.get(caller) {
        Some(callees) => format!("callees {{{}}}", join(callees.iter())),
        None => format!("{caller} is not in the call graph"),
    }
}

fn join<'a>(items: impl Iterator<Item = &'a String>) -> String {
    items.map(String::as_str).collect::<Vec<_>>().join(", ")
}

/// The releases a failure appears under, written compactly: `3.10 3.12`, or `all`.
fn releases_text(minors: &[u8]) -> String {
    if minors == releases().as_slice() {
        return "all".into();
    }
    minors.iter().map(|m| format!("3.{m}")).collect::<Vec<_>>().join(" ")
}

/// Failures of one case, identical ones merged across releases.
fn case_report(case: &Case, outcomes: &[(u8, Outcome)], out: &mut String) {
    if let Err(problems) = &case.expectations {
        for problem in problems {
            let _ = writeln!(out, "{}: expect.txt does not parse: {problem}", case.name);
        }
        return;
    }
    let mut merged: BTreeMap<(usize, String, String), Vec<u8>> = BTreeMap::new();
    for (minor, outcome) in outcomes {
        match outcome {
            Outcome::Skipped => {}
            Outcome::Error(error) => merged.entry((0, String::new(), error.clone())).or_default().push(*minor),
            Outcome::Checked { failed } => {
                for (expectation, found) in failed {
                    let key = (expectation.line, expectation.text.clone(), found.clone());
                    merged.entry(key).or_default().push(*minor);
                }
            }
        }
    }
    for ((line, text, found), minors) in merged {
        let releases = releases_text(&minors);
        if line == 0 {
            let _ = writeln!(out, "{} [{releases}]: {found}", case.name);
        } else {
            let _ = writeln!(out, "{}/expect.txt:{line} [{releases}]: {text}\n    found: {found}", case.name);
        }
    }
}

/// One row a case: per release `ok`, the number of failed assertions, `err` or `-`.
fn summary_row(case: &Case, outcomes: &[(u8, Outcome)], out: &mut String) -> bool {
    let total = case.expectations.as_ref().map_or(0, Vec::len);
    let mut passed = true;
    let mut cells = Vec::new();
    for (_, outcome) in outcomes {
        let cell = match outcome {
            Outcome::Skipped => "-".to_string(),
            Outcome::Error(_) => "err".to_string(),
            Outcome::Checked { failed } if failed.is_empty() => "ok".to_string(),
            Outcome::Checked { failed } => format!("{}/{total}", failed.len()),
        };
        passed &= cell == "ok" || cell == "-";
        cells.push(format!("{cell:>6}"));
    }
    if case.expectations.is_err() {
        passed = false;
        cells = vec![format!("{:>6}", "parse"); releases().len()];
    }
    let verdict = if passed { "pass" } else { "FAIL" };
    let _ = writeln!(out, "{:<36}{}  {verdict}  ({total} assertions)", case.name, cells.join(""));
    passed
}

#[test]
fn analysis_programs_meet_their_expectations() {
    let cases = cases();
    assert!(!cases.is_empty(), "no case matches CPYG_ANALYSIS_CASE");
    let mut failures = String::new();
    let mut table = format!("{:<36}", "case");
    for minor in releases() {
        let _ = write!(table, "{:>6}", format!("3.{minor}"));
    }
    table.push('\n');
    let mut passed_cases = 0;
    for case in &cases {
        let outcomes: Vec<(u8, Outcome)> = match &case.expectations {
            Ok(expectations) => releases().into_iter().map(|m| (m, run_case(case, expectations, m))).collect(),
            Err(_) => Vec::new(),
        };
        case_report(case, &outcomes, &mut failures);
        passed_cases += usize::from(summary_row(case, &outcomes, &mut table));
    }
    let assertions: usize = cases.iter().map(|c| c.expectations.as_ref().map_or(0, Vec::len)).sum();
    let summary = format!("{passed_cases} of {} cases pass ({assertions} assertions)", cases.len());
    if passed_cases < cases.len() {
        println!("Failures (`found` is what the analysis gave):\n{failures}\n{table}\n{summary}");
        panic!("{summary}; the failures and a per-case table are printed above");
    }
    println!("{table}\n{summary}");
}

#[test]
fn every_case_has_an_entry_module_expectations_fixtures_and_a_readme_row() {
    let mut problems = Vec::new();
    let index = fs::read_to_string(cases_dir().join("README.md")).expect("the cases' README");
    for case in cases() {
        if !index.contains(&format!("\n| `{}` | ", case.name)) {
            problems.push(format!("{}: no row in tests/programs/analysis/README.md", case.name));
        }
        if !cases_dir().join(&case.name).join("main.py").is_file() {
            problems.push(format!("{}: no main.py", case.name));
        }
        match &case.expectations {
            Err(errors) => problems.extend(errors.iter().cloned()),
            Ok(expectations) if expectations.is_empty() => problems.push(format!("{}: no assertions", case.name)),
            Ok(_) => {}
        }
        for minor in releases().into_iter().filter(|&m| m >= case.first_release) {
            if !fixture_dir(minor, &case.name).join("main.pyc").is_file() {
                problems.push(format!("{}: no 3.{minor} fixture (run tests/fixtures/regenerate.sh)", case.name));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_case_may_require_a_newer_release() {
    assert_eq!(required_release("# requires: 3.12\nx = 1\n"), 12);
    assert_eq!(required_release("# An ordinary comment\n"), 8);
    assert_eq!(required_release(""), 8);
    assert!(from_source("# requires: 3.9\n# from source: eval strings\nx = 1\n"));
    assert!(!from_source("# requires: 3.9\nx = 1\n# from source: too late\n"));
    assert_eq!(releases_text(&releases()), "all");
    assert_eq!(releases_text(&[11, 13]), "3.11 3.13");
}

/// A solved package stand-in: main.run calls A.__init__ and len; x points to an A.
fn sample() -> (CallGraph, impl Fn(&str, &str) -> BTreeSet<String>) {
    let callees: BTreeSet<String> = ["main.A.__init__", "<builtin>.len"].map(String::from).into();
    let graph = CallGraph::from([("main.run".to_string(), callees), ("main.A.__init__".to_string(), BTreeSet::new())]);
    let points_to = |scope: &str, name: &str| match (scope, name) {
        ("main.run", "x") => BTreeSet::from(["instance main.A".to_string()]),
        _ => BTreeSet::new(),
    };
    (graph, points_to)
}

fn check_line(line: &str) -> Result<(), String> {
    let (graph, points_to) = sample();
    check(&graph, &points_to, &expect::parse_assertion(line).unwrap())
}

#[test]
fn assertions_are_checked_against_the_graph_and_points_to_sets() {
    assert_eq!(check_line("edge main.run -> main.A.__init__"), Ok(()));
    assert_eq!(check_line("edge main.run -> main.B.__init__"), Err("callees {<builtin>.len, main.A.__init__}".into()));
    assert_eq!(check_line("edge main.f -> main.g"), Err("main.f is not in the call graph".into()));
    assert_eq!(check_line("!edge main.run -> main.B.__init__"), Ok(()));
    assert_eq!(check_line("!edge main.run -> <builtin>.len"), Err("the edge is in the call graph".into()));
    assert_eq!(check_line("calls main.run -> <builtin>.len main.A.__init__"), Ok(()));
    assert_eq!(check_line("calls main.A.__init__ ->"), Ok(()));
    assert_eq!(
        check_line("calls main.run -> main.A.__init__ main.B.m"),
        Err("missing {main.B.m}, extra {<builtin>.len}".into())
    );
    assert_eq!(check_line("calls main.g ->"), Err("main.g is not in the call graph".into()));
    assert_eq!(check_line("pts main.run x -> instance main.A"), Ok(()));
    assert_eq!(check_line("!pts main.run x -> instance main.B"), Ok(()));
    assert_eq!(check_line("pts main.run y -> instance main.A"), Err("points to {}".into()));
    assert_eq!(check_line("!pts main.run x -> instance main.A"), Err("points to {instance main.A}".into()));
}

#[test]
fn identical_failures_are_reported_once_with_their_releases() {
    let expectation = expect::parse("\n\nedge main.run -> main.B.m\n").unwrap().remove(0);
    let case = Case {
        name: "cls_x".into(),
        expectations: Ok(vec![expectation.clone()]),
        first_release: 11,
        from_source: false,
        start: expect::Start::modules(),
    };
    let failed = |found: &str| Outcome::Checked { failed: vec![(expectation.clone(), found.to_string())] };
    let outcomes = vec![
        (10, Outcome::Skipped),
        (11, failed("callees {}")),
        (12, Outcome::Checked { failed: vec![] }),
        (13, failed("callees {}")),
        (14, Outcome::Error("analysis failed: boom".into())),
    ];
    let mut report = String::new();
    case_report(&case, &outcomes, &mut report);
    assert_eq!(
        report,
        "cls_x [3.14]: analysis failed: boom\n\
         cls_x/expect.txt:3 [3.11 3.13]: edge main.run -> main.B.m\n    found: callees {}\n"
    );
    let mut table = String::new();
    assert!(!summary_row(&case, &outcomes, &mut table));
    assert_eq!(
        table.split_whitespace().collect::<Vec<_>>(),
        ["cls_x", "-", "1/1", "ok", "1/1", "err", "FAIL", "(1", "assertions)"]
    );
}
