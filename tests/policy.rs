//! `--rules selective --policy FILE.json`: a policy giving every function `context`
//! is the `context` rule set (paper §3.4: "assigning the same attributes explicitly in
//! selective mode yields the same analysis configuration"); one marking only `bind`
//! and `invoke` separates the running example's closures; bad policies are errors
//! naming the entry.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use cpyg::analysis::{roots::Start, Analysis, Rules};
use cpyg::results::sqlite::{dump, Destination};
use cpyg_rules::RuleSet;

#[path = "support/parallel.rs"]
mod parallel;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn running_example(minor: u8) -> PathBuf {
    repo().join(format!("tests/fixtures/cpython3{minor}/running_example"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cpyg-policy-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn analyze(input: &Path, rules: Rules) -> Analysis {
    let profiler = cpyg::profile::Profiler::new();
    cpyg::analysis::analyze_from(&[input.to_path_buf()], None, rules, &Start::modules(), 2, profiler)
        .unwrap_or_else(|e| panic!("{}: {e}", input.display()))
}

/// A policy giving `attributes` to every code object of `input`, by code id.
fn explicit_all(input: &Path, dir: &Path, attributes: &[&str]) -> PathBuf {
    let codes = analyze(input, RuleSet::Insensitive.into()).names.code.len();
    let attributes: Vec<String> = attributes.iter().map(|a| format!("\"{a}\"")).collect();
    let attributes = attributes.join(", ");
    let entries: Vec<String> =
        (0..codes).map(|c| format!("{{\"code\": {c}, \"attributes\": [{attributes}]}}")).collect();
    let name = input.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let path = dir.join(format!("{name}-{}.json", attributes.replace(['"', ',', ' '], "")));
    fs::write(&path, format!("{{\"functions\": [{}]}}\n", entries.join(",\n"))).unwrap();
    path
}

/// The database's dump without the line that names the rule set.
fn dump_without_rule_set(analysis: Analysis, db: &Path) -> String {
    let mut analysis = analysis;
    cpyg::results::sqlite::export(&mut analysis, &Destination { path: db, force: true }).unwrap();
    dump(db).unwrap().lines().filter(|l| !l.starts_with("rule_set\t")).collect::<Vec<_>>().join("\n")
}

/// The uniform rule sets and the attributes a selective policy gives every function to match.
const UNIFORM: [(RuleSet, &[&str]); 3] =
    [(RuleSet::Context, &["context"]), (RuleSet::Flow, &["flow"]), (RuleSet::Complete, &["context", "flow"])];

#[test]
fn explicit_all_equals_the_uniform_sets_on_the_running_example_in_every_release() {
    for minor in cpyg::adapters::supported_minors() {
        for (rules, attributes) in UNIFORM {
            let dir = scratch(&format!("all{minor}-{}", rules.name()));
            let input = running_example(minor);
            let policy = explicit_all(&input, &dir, attributes);
            let uniform = dump_without_rule_set(analyze(&input, rules.into()), &dir.join("uniform.sqlite"));
            let selective = Rules::new(RuleSet::Selective, Some(policy)).unwrap();
            let explicit = dump_without_rule_set(analyze(&input, selective), &dir.join("selective.sqlite"));
            assert!(uniform.contains("## context_call_edge"), "3.{minor}: the dump has the context tables");
            assert!(uniform == explicit, "3.{minor}: explicit-all selective differs from {}", rules.name());
            let _ = fs::remove_dir_all(&dir);
        }
    }
}

#[test]
fn explicit_all_equals_the_uniform_sets_on_every_analysis_case() {
    let cases = repo().join("tests/programs/analysis");
    let mut names: Vec<String> = fs::read_dir(&cases)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let dir = scratch("cases");
    let names: Vec<String> =
        names.into_iter().filter(|name| repo().join(format!("tests/fixtures/cpython312/analysis/{name}")).is_dir()).collect();
    parallel::each(&names, |name| {
        let input = repo().join(format!("tests/fixtures/cpython312/analysis/{name}"));
        for (rules, attributes) in UNIFORM {
            let policy = explicit_all(&input, &dir, attributes);
            let uniform = analyze(&input, rules.into()).solution;
            let explicit = analyze(&input, Rules::new(RuleSet::Selective, Some(policy)).unwrap()).solution;
            let what = format!("{name} ({})", rules.name());
            assert_eq!(uniform.context_call_edge, explicit.context_call_edge, "{what}");
            assert_eq!(uniform.context_cell_value, explicit.context_cell_value, "{what}");
            assert_eq!(uniform.all_points_to(), explicit.all_points_to(), "{what}");
            assert_eq!(uniform.local, explicit.local, "{what}");
            assert_eq!(uniform.calls_external, explicit.calls_external, "{what}");
            assert_eq!(uniform.policy, explicit.policy, "{what}");
        }
    });
    let compared = names.len() * UNIFORM.len();
    assert!(compared > 450, "only {compared} comparisons");
    let _ = fs::remove_dir_all(&dir);
}

/// The attributes the schema of policy files lists are the ones the rules know.
#[test]
fn the_policy_schema_lists_every_attribute() {
    let schema: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(repo().join("docs/policy.schema.json")).unwrap()).unwrap();
    let listed = &schema["properties"]["functions"]["items"]["properties"]["attributes"]["items"]["enum"];
    let known: Vec<&str> = cpyg_rules::context::Attribute::ALL.iter().map(|a| a.name()).collect();
    assert_eq!(listed, &serde_json::json!(known));
}

/// The paper's selective policy: only `bind` and `invoke` are context-sensitive, and
/// that is enough to tell the two closures apart.
#[test]
fn a_policy_marking_bind_and_invoke_separates_the_closures() {
    let dir = scratch("bind");
    let policy = dir.join("policy.json");
    fs::write(
        &policy,
        r#"{"functions": [{"function": "main.bind", "attributes": ["context"]},
                          {"function": "invoke", "attributes": ["context"]}]}"#,
    )
    .unwrap();
    for minor in cpyg::adapters::supported_minors() {
        let analysis = analyze(&running_example(minor), Rules::new(RuleSet::Selective, Some(policy.clone())).unwrap());
        let (names, solution) = (&analysis.names, &analysis.solution);
        let marked: BTreeSet<&str> =
            solution.policy.iter().map(|&(code, _)| names.code[code as usize].as_str()).collect();
        assert_eq!(marked, ["main.bind", "main.bind.invoke"].into(), "3.{minor}");
        let mut by_context = std::collections::BTreeMap::<_, BTreeSet<&str>>::new();
        for &(ctx, site, _, callee) in &solution.context_call_edge {
            if names.caller_of(site) == "main.bind.invoke" {
                by_context.entry(ctx).or_default().insert(names.code[callee as usize].as_str());
            }
        }
        let targets: BTreeSet<BTreeSet<&str>> = by_context.into_values().collect();
        assert_eq!(
            targets,
            [["main.left"].into(), ["main.right"].into()].into(),
            "3.{minor}: invoke's targets by context"
        );
        // The functions the policy leaves out run in the root context only.
        for &(_, _, callee_ctx, callee) in &solution.context_call_edge {
            if !marked.contains(names.code[callee as usize].as_str()) {
                assert!(callee_ctx.is_empty(), "3.{minor}: {} runs in {callee_ctx:?}", names.code[callee as usize]);
            }
        }
    }
    let _ = fs::remove_dir_all(&dir);
}

/// `cpyg analyze` with `policy` (its text) and `rules`: the exit code and stderr.
fn refused(rules: &str, policy: Option<&str>) -> (Option<i32>, String) {
    let dir = scratch(&format!("refused-{}", policy.map_or(0, |p| p.len())));
    let mut command = Command::new(env!("CARGO_BIN_EXE_cpyg"));
    command.arg("analyze").arg(running_example(12)).args(["--rules", rules, "--db"]).arg(dir.join("out.sqlite"));
    if let Some(text) = policy {
        fs::write(dir.join("policy.json"), text).unwrap();
        command.arg("--policy").arg(dir.join("policy.json"));
    }
    let output = command.output().unwrap();
    assert!(!dir.join("out.sqlite").exists(), "no database after a refused policy");
    let _ = fs::remove_dir_all(&dir);
    (output.status.code(), String::from_utf8_lossy(&output.stderr).into_owned())
}

#[test]
fn bad_policies_are_errors_naming_the_entry() {
    let (code, stderr) = refused("selective", None);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("--rules selective needs --policy"), "{stderr}");

    let (code, stderr) = refused("context", Some(r#"{"functions": []}"#));
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("--policy is read by --rules selective only"), "{stderr}");

    let cases = [
        ("{\"functions\": [", "not a policy"),
        (r#"{"functions": [{"function": "main.nope", "attributes": ["context"]}]}"#, "entry 1 (\"main.nope\")"),
        (
            r#"{"functions": [{"function": "main.bind", "attributes": ["context"]}, {"function": "main.run", "attributes": ["fast"]}]}"#,
            "entry 2 (\"main.run\"): unknown attribute `fast`",
        ),
        (r#"{"functions": [{"function": "main.run", "attributes": ["path"]}]}"#, "`path` (not implemented yet)"),
        (
            r#"{"functions": [{"code": 100000, "attributes": ["context"]}]}"#,
            "entry 1 (code 100000): no code object 100000",
        ),
        (r#"{"functions": [{"attributes": ["context"]}]}"#, "entry 1: give either `function` or `code`"),
        (r#"{"functions": [{"function": "main.run", "attributes": []}]}"#, "entry 1 (\"main.run\"): no attributes"),
        (r#"{"functions": [], "extra": 1}"#, "unknown field `extra`"),
    ];
    for (text, wanted) in cases {
        let (code, stderr) = refused("selective", Some(text));
        assert_eq!(code, Some(3), "{text}: {stderr}");
        assert!(stderr.contains("policy.json") && stderr.contains(wanted), "{text}: {stderr}");
    }
}

/// The proposal for the running example holds the paper's policy: `bind` (its parameter is
/// captured by the closure it returns) and that closure, `invoke`. (Releases whose `with`
/// exit passes `__exit__` two exceptions also propose `audit`, whose parameter then reaches
/// two objects and flows to its return value.)
#[test]
fn the_proposed_policy_of_the_running_example_has_bind_and_invoke() {
    for minor in cpyg::adapters::supported_minors() {
        let analysis = analyze(&running_example(minor), RuleSet::Insensitive.into());
        let proposal = cpyg::analysis::propose::propose(&analysis, None);
        let chosen: BTreeSet<&str> = proposal.functions.iter().map(|p| p.function.as_str()).collect();
        assert!(chosen.is_superset(&["main.bind", "main.bind.invoke"].into()), "3.{minor}: {proposal:?}");
        assert!(chosen.is_subset(&["main.bind", "main.bind.invoke", "main.audit"].into()), "3.{minor}: {proposal:?}");
        assert!(proposal.functions.iter().all(|p| !p.reason.is_empty() && p.attributes == ["context"]));
    }
}

/// On the cases where context sensitivity of the functions the proposal finds is enough,
/// the proposed selective policy gives the call graph of `context`.
#[test]
fn proposed_policies_remove_what_context_removes() {
    let dir = scratch("proposed");
    for case in [
        "callsite_identity",
        "callsite_identity_two_levels",
        "callsite_factory",
        "callsite_closure_bind",
        "callsite_holder_object",
        "callsite_list_box",
    ] {
        let input = repo().join(format!("tests/fixtures/cpython312/analysis/{case}"));
        let proposal = cpyg::analysis::propose::propose(&analyze(&input, RuleSet::Insensitive.into()), None);
        let path = dir.join(format!("{case}.json"));
        fs::write(&path, serde_json::to_string_pretty(&proposal).unwrap()).unwrap();
        let selective = analyze(&input, Rules::new(RuleSet::Selective, Some(path)).unwrap()).callgraph_pycg();
        let context = analyze(&input, RuleSet::Context.into()).callgraph_pycg();
        assert_eq!(selective, context, "{case}: proposed {:?}", proposal.functions);
    }
    let _ = fs::remove_dir_all(&dir);
}

/// `confirm` solves under the proposal: the running example's stays whole within the default
/// row limit (one solve), and a limit nothing meets drops every entry, a closure with its maker.
#[test]
fn confirming_a_proposal_halves_it_until_its_rows_fit() {
    let analysis = analyze(&running_example(12), RuleSet::Insensitive.into());
    let proposal = cpyg::analysis::propose::propose(&analysis, None);
    let names: Vec<String> = proposal.functions.iter().map(|p| p.function.clone()).collect();
    let kept = cpyg::analysis::propose::confirm(&analysis, proposal, None, 2).unwrap();
    assert_eq!(kept.functions.iter().map(|p| p.function.clone()).collect::<Vec<_>>(), names);
    assert_eq!(kept.proposed.solved.len(), 1, "{:?}", kept.proposed);
    assert!(kept.proposed.solved[0].rows > 0 && kept.proposed.solved[0].rows <= kept.proposed.row_limit.unwrap());

    let proposal = cpyg::analysis::propose::propose(&analysis, None);
    let none = cpyg::analysis::propose::confirm(&analysis, proposal, Some(0), 2).unwrap();
    assert!(none.functions.is_empty(), "{:?}", none.functions);
    let dropped: BTreeSet<&str> = none.proposed.over_row_limit.iter().map(String::as_str).collect();
    assert_eq!(dropped, names.iter().map(String::as_str).collect(), "{:?}", none.proposed);
    let solves: Vec<usize> = none.proposed.solved.iter().map(|t| t.functions).collect();
    assert_eq!(solves.last(), Some(&0), "{solves:?}");
    assert!(solves.windows(2).all(|w| w[1] < w[0]), "{solves:?}");
}
