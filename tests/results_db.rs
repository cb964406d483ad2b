//! The SQLite results of the running example under every release: the views
//! decode the call edges and points-to facts expected of it, the contents do not
//! depend on the thread count, and `cpyg solve` over a fact directory writes what
//! `cpyg analyze` writes.

use std::path::{Path, PathBuf};
use std::process::Command;

use cpyg::analysis::ControlScope;
use cpyg::results::{analyze_to_db, rule_set, solve_to_db, sqlite};
use cpyg::results::sqlite::Destination;
use cpyg_facts::read::Verify;
use cpyg_rules::RuleSet;
use rusqlite::Connection;

/// Every release this build reads.
fn releases() -> Vec<u8> {
    cpyg::adapters::supported_minors().collect()
}

fn running_example(minor: u8) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/cpython3{minor}/running_example"))
}

fn analyze(minor: u8, threads: usize, db: &Path) {
    analyze_to_db(&[running_example(minor)], None, RuleSet::Insensitive, threads, ControlScope::Reachable, &Destination { path: db, force: false })
        .unwrap_or_else(|e| panic!("3.{minor}: {e}"));
}

/// Rows of a query, each as its columns joined by `|`.
fn query(db: &Path, sql: &str) -> Vec<String> {
    let connection = Connection::open(db).unwrap();
    let mut statement = connection.prepare(sql).unwrap_or_else(|e| panic!("{sql}: {e}"));
    let width = statement.column_count();
    let rows = statement
        .query_map([], |row| {
            let fields: Vec<String> = (0..width)
                .map(|c| match row.get_ref(c).unwrap() {
                    rusqlite::types::ValueRef::Integer(v) => v.to_string(),
                    rusqlite::types::ValueRef::Text(t) => String::from_utf8_lossy(t).into_owned(),
                    rusqlite::types::ValueRef::Real(v) => format!("{v:.1}"),
                    rusqlite::types::ValueRef::Null => "NULL".into(),
                    other => format!("{other:?}"),
                })
                .collect();
            Ok(fields.join("|"))
        })
        .unwrap();
    rows.map(Result::unwrap).collect()
}

#[test]
fn views_decode_the_running_example() {
    for minor in releases() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("out.sqlite");
        analyze(minor, 2, &db);
        let run_calls = query(&db, "SELECT DISTINCT callee FROM call_edges_named WHERE caller = 'main.run' ORDER BY 1");
        for callee in ["main.bind", "main.Guard.__enter__", "main.Guard.__exit__", "main.bind.invoke"] {
            assert!(run_calls.iter().any(|c| c == callee), "3.{minor}: run → {callee} missing from {run_calls:?}");
        }
        let enter = query(
            &db,
            "SELECT DISTINCT file, line, implicit FROM call_edges_named
             WHERE caller = 'main.run' AND callee = 'main.Guard.__enter__'",
        );
        assert_eq!(enter, ["main.pyc|40|1"], "3.{minor}: `with Guard()` enters implicitly on line 40");
        let outside = query(&db, "SELECT callee FROM call_edges_named WHERE callee_kind = 'external' ORDER BY 1");
        assert!(outside.iter().any(|c| c == "<builtin>.object"), "3.{minor}: {outside:?}");

        let primary = query(&db, "SELECT object FROM locals_named WHERE function = 'main.run' AND local = 'primary'");
        assert_eq!(primary, ["function main.bind.invoke"], "3.{minor}");
        let callback = query(
            &db,
            "SELECT DISTINCT object FROM locals_named WHERE function = 'main.bind' AND local = 'callback' ORDER BY 1",
        );
        assert_eq!(callback, ["function main.left", "function main.right"], "3.{minor}");
        let stored = query(
            &db,
            "SELECT object FROM points_to_named WHERE function = 'main.run' AND name = 'primary' AND role = 'pop'",
        );
        assert_eq!(stored, ["function main.bind.invoke"], "3.{minor}: the value STORE_FAST primary pops");

        let guard = query(&db, "SELECT value FROM fields_named WHERE base = 'module main' AND name = 'Guard'");
        assert_eq!(guard, ["class main.Guard"], "3.{minor}");

        let coverage = query(&db, "SELECT site_kind, SUM(sites), ROUND(SUM(percent)) FROM coverage_summary GROUP BY 1");
        let sites = query(&db, "SELECT site_kind, COUNT(*) FROM coverage GROUP BY 1");
        let expected: Vec<String> = sites.iter().map(|s| format!("{s}|100.0")).collect();
        assert_eq!(coverage, expected, "3.{minor}: each kind of site sums to 100%");
        let calls = query(&db, "SELECT COUNT(*) FROM coverage c JOIN Call USING (insn) WHERE c.site_kind = 'call'");
        let all_calls = query(&db, "SELECT COUNT(*) FROM coverage WHERE site_kind = 'call'");
        assert_eq!(calls, all_calls, "3.{minor}: `call` sites are the explicit calls");
        // The class statement runs the class body: resolved, not conservative top.
        let class = query(&db, "SELECT level FROM coverage c JOIN insn_site s USING (insn) WHERE s.line = 13 AND c.site_kind = 'call'");
        assert_eq!(class, ["concrete_only"], "3.{minor}");
        let unknown = query(&db, "SELECT COUNT(*) FROM unresolved WHERE detail IS NULL OR detail = ''");
        assert_eq!(unknown, ["0"], "3.{minor}: every unresolved site says why");
        let object = query(&db, "SELECT caller, detail FROM unresolved_named WHERE group_kind = 'external' ORDER BY 1");
        assert!(object.iter().any(|r| r == "main.source|<builtin>.object"), "3.{minor}: {object:?}");

        let meta = query(&db, "SELECT value FROM meta WHERE key IN ('cpython', 'rule_set') ORDER BY key");
        assert_eq!(meta, [format!("3.{minor}"), "insensitive".into()]);
    }
}

#[test]
fn same_contents_whatever_the_thread_count() {
    for minor in [10, 12, 14] {
        let dir = tempfile::tempdir().unwrap();
        let (one, four) = (dir.path().join("one.sqlite"), dir.path().join("four.sqlite"));
        analyze(minor, 1, &one);
        analyze(minor, 4, &four);
        let dumped = sqlite::dump(&one).unwrap();
        assert!(dumped.contains("## call_edge\n") && dumped.contains("## Symbol\n"));
        assert!(dumped == sqlite::dump(&four).unwrap(), "3.{minor}: contents differ between 1 and 4 threads");
    }
}

#[test]
fn solve_over_facts_writes_what_analyze_writes() {
    for minor in releases() {
        let dir = tempfile::tempdir().unwrap();
        let facts = dir.path().join("facts");
        cpyg::facts::run(&[running_example(minor)], None, &facts, 2).unwrap();
        let (solved, analyzed) = (dir.path().join("solved.sqlite"), dir.path().join("analyzed.sqlite"));
        solve_to_db(&facts, Verify::Contents, RuleSet::Insensitive, 2, ControlScope::Reachable, &Destination { path: &solved, force: false })
            .unwrap();
        analyze(minor, 2, &analyzed);
        assert!(
            sqlite::dump(&solved).unwrap() == sqlite::dump(&analyzed).unwrap(),
            "3.{minor}: cpyg solve and cpyg analyze wrote different databases"
        );
    }
}

#[test]
fn an_existing_database_is_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("out.sqlite");
    analyze(13, 1, &db);
    analyze(12, 1, &db);
    assert_eq!(query(&db, "SELECT value FROM meta WHERE key = 'cpython'"), ["3.12"]);
    let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(leftovers, ["out.sqlite"], "no temporary file is left beside the database");
}

#[test]
fn a_file_that_is_not_a_database_is_replaced_only_with_force() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("notes.txt");
    std::fs::write(&db, "not a database").unwrap();
    let run = |force| {
        analyze_to_db(&[running_example(12)], None, RuleSet::Insensitive, 1, ControlScope::Reachable, &Destination { path: &db, force })
    };
    let error = run(false).map(|_| ()).unwrap_err().to_string();
    assert!(error.contains("is not a SQLite database; refusing to replace it (--force does)"), "{error}");
    assert_eq!(std::fs::read_to_string(&db).unwrap(), "not a database");
    run(true).map(|_| ()).unwrap();
    assert_eq!(query(&db, "SELECT value FROM meta WHERE key = 'cpython'"), ["3.12"]);
}

#[test]
fn unknown_rule_set_lists_the_known_ones() {
    let error = rule_set("sensitive").unwrap_err();
    assert!(matches!(error, cpyg::Error::Usage(_)), "a usage error: {error:?}");
    let error = error.to_string();
    assert!(error.contains("unknown rule set `sensitive`") && error.contains("insensitive"), "{error}");
}

#[test]
fn command_line_analyze_and_errors() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cli.sqlite");
    let cpyg = env!("CARGO_BIN_EXE_cpyg");
    let output = Command::new(cpyg)
        .arg("analyze")
        .arg(running_example(12))
        .arg("--db")
        .arg(&db)
        .args(["--threads", "2"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.contains("1 modules (0 skipped), 11 code objects") && stderr.contains("call sites"), "{stderr}");
    assert!(!query(&db, "SELECT * FROM call_edges_named WHERE callee = 'main.bind'").is_empty());

    let output = Command::new(cpyg)
        .args(["solve", "--facts"])
        .arg(dir.path().join("none"))
        .args(["--db"])
        .arg(&db)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3), "an input error");
    assert!(String::from_utf8_lossy(&output.stderr).contains("no such fact directory"));

    let output = Command::new(cpyg)
        .arg("analyze")
        .arg(running_example(12))
        .args(["--rules", "nope", "--db"])
        .arg(&db)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "a usage error");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let names: Vec<&str> = cpyg_rules::RuleSet::ALL.iter().map(|r| r.name()).collect();
    let listed = format!("[possible values: {}]", names.join(", "));
    assert!(stderr.contains("invalid value 'nope' for '--rules") && stderr.contains(&listed), "{stderr}");
}
