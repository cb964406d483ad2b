//! `cpyg query` end to end: the built binary analyses a test program into a
//! database, then answers each question about it; the answers are checked
//! against what the program does (tests/programs/running_example/main.py, and
//! tests/programs/features for imports and ambiguous names).
//!
//! The program is compiled by CPython 3.12, or by the newest interpreter found
//! when 3.12 is not installed; with none, the tests say so and check nothing.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use cpyg::load::interpreter::{find_release, find_supported};
use serde_json::{Map, Value};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn cpyg() -> Command {
    Command::new(env!("CARGO_BIN_EXE_cpyg"))
}

/// The interpreter that compiles the test programs.
fn python() -> Option<String> {
    if let Ok(found) = find_release(12) {
        return Some(found.path.display().to_string());
    }
    match find_supported().found.first() {
        Some(found) => Some(found.path.display().to_string()),
        None => {
            eprintln!("no CPython interpreter found: `cpyg query` NOT checked");
            None
        }
    }
}

/// A database of a test program, in a temporary folder that lives as long as it.
struct Db {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

/// `cpyg analyze tests/programs/PROGRAM --db TMP --python PY`.
fn analyzed(program: &str) -> Option<Db> {
    let python = python()?;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.sqlite");
    let output = cpyg()
        .arg("analyze")
        .arg(repo().join("tests/programs").join(program))
        .arg("--db")
        .arg(&path)
        .arg("--python")
        .arg(&python)
        .output()
        .unwrap();
    assert!(output.status.success(), "analyze {program}: {}", String::from_utf8_lossy(&output.stderr));
    Some(Db { _dir: dir, path })
}

/// `cpyg query DB ARGS...`.
fn query(db: &Path, args: &[&str]) -> Output {
    cpyg().arg("query").arg(db).args(args).output().unwrap()
}

/// The rows of a JSON answer, each a map from column to value.
fn ask(db: &Path, args: &[&str]) -> Vec<Map<String, Value>> {
    let mut with_format = args.to_vec();
    with_format.extend(["--format", "json"]);
    let output = query(db, &with_format);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "query {args:?}: {stderr}");
    let answer: Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!("query {args:?}: not one JSON document ({e}): {}", String::from_utf8_lossy(&output.stdout))
    });
    let columns: Vec<String> =
        answer["columns"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_string()).collect();
    let rows = answer["rows"].as_array().unwrap();
    rows.iter()
        .map(|row| {
            let row = row.as_array().unwrap();
            assert_eq!(row.len(), columns.len(), "query {args:?}: a row of {row:?} under {columns:?}");
            columns.iter().cloned().zip(row.iter().cloned()).collect()
        })
        .collect()
}

/// The message of a question `cpyg query` refuses (a usage error: exit code 2).
fn refused(db: &Path, args: &[&str]) -> String {
    let output = query(db, args);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(2), "query {args:?} should be refused: {stderr}");
    stderr
}

/// A text column of a row ("" for null).
fn text<'a>(row: &'a Map<String, Value>, column: &str) -> &'a str {
    row[column].as_str().unwrap_or("")
}

fn number(row: &Map<String, Value>, column: &str) -> i64 {
    row[column].as_i64().unwrap_or(-1)
}

#[test]
fn callers_of_a_function() {
    let Some(db) = analyzed("running_example") else { return };
    let db = &db.path;
    // `bind(left)` and `bind(right)` in `run`, named by the end of the full name.
    let callers = ask(db, &["callers", "bind"]);
    let sites: Vec<(&str, &str, i64, &str, bool)> = callers
        .iter()
        .map(|r| (text(r, "caller"), text(r, "file"), number(r, "line"), text(r, "callee"), r["implicit"] == true))
        .collect();
    assert_eq!(
        sites,
        [("main.run", "main.py", 38, "main.bind", false), ("main.run", "main.py", 39, "main.bind", false)]
    );
    assert_eq!(ask(db, &["callers", "main.bind"]), callers, "the full name gives the same answer");

    // `with Guard()` enters implicitly.
    let enter = ask(db, &["callers", "Guard.__enter__"]);
    assert!(enter.iter().any(|r| text(r, "caller") == "main.run" && number(r, "line") == 40 && r["implicit"] == true));

    // Both closures `bind` makes are `invoke`, called on line 42 and 44.
    let lines: BTreeSet<i64> = ask(db, &["callers", "invoke"]).iter().map(|r| number(r, "line")).collect();
    assert_eq!(lines, BTreeSet::from([42, 44]));

    // The default format is an aligned table under a header line.
    let output = query(db, &["callers", "bind"]);
    assert!(output.status.success());
    let table = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), 3, "{table}");
    assert!(lines[0].starts_with("caller") && lines[0].contains("callee"), "{table}");
    assert!(lines[1].starts_with("main.run") && lines[1].contains("main.bind"), "{table}");

    // Unknown names are refused, with the closest names suggested.
    let unknown = refused(db, &["callers", "nosuch"]);
    assert!(unknown.contains("no function") && unknown.contains("nosuch"), "{unknown}");
    let typo = refused(db, &["callers", "invok"]);
    assert!(typo.contains("main.bind.invoke"), "{typo}");

    // A name that ends several full names is refused, with them listed.
    let Some(features) = analyzed("features") else { return };
    let ambiguous = refused(&features.path, &["callers", "build"]);
    for candidate in ["features.classes.Base.build", "features.containers.build"] {
        assert!(ambiguous.contains(candidate), "{ambiguous}");
    }
    assert!(ask(&features.path, &["callers", "containers.build"])
        .iter()
        .all(|r| text(r, "callee") == "features.containers.build"));
}

#[test]
fn callees_of_a_function() {
    let Some(db) = analyzed("running_example") else { return };
    let db = &db.path;
    let callees = ask(db, &["callees", "run"]);
    let found: BTreeSet<(&str, bool)> = callees.iter().map(|r| (text(r, "callee"), r["implicit"] == true)).collect();
    for expected in [
        ("main.bind", false),
        ("main.bind.invoke", false),
        ("main.Guard.__enter__", true),
        ("main.Guard.__exit__", true),
    ] {
        assert!(found.contains(&expected), "{expected:?} missing from {found:?}");
    }
    let bind_lines: Vec<i64> =
        callees.iter().filter(|r| text(r, "callee") == "main.bind").map(|r| number(r, "line")).collect();
    assert_eq!(bind_lines, [38, 39], "sorted by line");
    assert!(callees.iter().all(|r| text(r, "function") == "main.run"));

    // Outside names by their dotted name.
    let source = ask(db, &["callees", "source"]);
    assert!(
        source.iter().any(|r| text(r, "callee") == "<builtin>.object"
            && text(r, "callee_kind") == "external"
            && number(r, "line") == 6),
        "{source:?}"
    );

    // A module's calls include those of its class bodies: the class statement runs `Guard`'s body.
    let module = ask(db, &["callees", "main"]);
    let calls: Vec<(&str, i64)> = module.iter().map(|r| (text(r, "callee"), number(r, "line"))).collect();
    assert!(calls.contains(&("main.Guard", 13)) && calls.contains(&("main.run", 47)), "{calls:?}");
}

#[test]
fn points_to_at_a_line() {
    let Some(db) = analyzed("running_example") else { return };
    let db = &db.path;
    // Line 42, `primary(value)`: the local `primary` and the value loaded from it are `invoke`.
    let line = ask(db, &["points-to", "main.py:42"]);
    assert!(line.iter().all(|r| text(r, "file") == "main.py" && text(r, "function") == "main.run"), "{line:?}");
    let primary: Vec<(&str, &str)> =
        line.iter().filter(|r| text(r, "name") == "primary").map(|r| (text(r, "role"), text(r, "object"))).collect();
    assert!(primary.contains(&("push", "function main.bind.invoke")), "{line:?}");
    assert!(primary.contains(&("local", "function main.bind.invoke")), "{line:?}");

    // Line 32, `return callback(value)` in `invoke`: `callback` is a closure cell holding `left` or `right`.
    let callback = ask(db, &["points-to", "main.py:32:callback"]);
    assert!(callback.iter().all(|r| text(r, "name") == "callback" && text(r, "function") == "main.bind.invoke"));
    let objects: BTreeSet<&str> = callback.iter().map(|r| text(r, "object")).collect();
    assert_eq!(objects, BTreeSet::from(["function main.left", "function main.right"]));
    assert!(callback.iter().any(|r| text(r, "role") == "push"), "the loaded value: {callback:?}");

    // A longer path that ends with the recorded file names it too.
    let full = format!("{}:32:callback", repo().join("tests/programs/running_example/main.py").display());
    let longer = ask(db, &["points-to", full.as_str()]);
    assert_eq!(longer, callback);

    let unknown = refused(db, &["points-to", "nosuch.py:1"]);
    assert!(unknown.contains("nosuch.py"), "{unknown}");
    let malformed = refused(db, &["points-to", "main.py"]);
    assert!(malformed.contains("FILE:LINE"), "{malformed}");
}

#[test]
fn functions_reachable_from_a_function() {
    let Some(db) = analyzed("running_example") else { return };
    let answer = ask(&db.path, &["reachable-from", "run"]);
    let reached: Vec<(i64, &str)> = answer.iter().map(|r| (number(r, "depth"), text(r, "function"))).collect();
    assert_eq!(
        reached,
        [
            (0, "main.run"),
            (1, "main.Guard.__enter__"),
            (1, "main.Guard.__exit__"),
            (1, "main.bind"),
            (1, "main.bind.invoke"),
            (2, "main.audit"),
            (2, "main.left"),
            (2, "main.right"),
            (2, "main.source"),
            (3, "<builtin>.ValueError"),
            (3, "<builtin>.object"),
        ]
    );
}

#[test]
fn imports_of_a_module() {
    let Some(db) = analyzed("features") else { return };
    let db = &db.path;
    // features/imports.py, by the end of its dotted name.
    let answer = ask(db, &["imports", "imports"]);
    assert!(answer.iter().all(|r| text(r, "function") == "features.imports"), "{answer:?}");
    let imports: Vec<(i64, &str, &str, &str)> =
        answer.iter().map(|r| (number(r, "line"), text(r, "module"), text(r, "name"), text(r, "place"))).collect();
    assert_eq!(
        imports,
        [
            (1, "os.path", "", "outside"),
            (2, "collections.abc", "", "outside"),
            (3, "os", "path", "outside"),
            (3, "os", "sep", "outside"),
            (4, "features", "control_flow", "package"),
            (5, "features.classes", "Base", "package"),
            // `from .. import features` goes above the top-level package.
            (6, "..", "features", "unresolved"),
        ]
    );

    let answer = ask(db, &["imports", "features"]);
    let package: Vec<(&str, &str)> = answer.iter().map(|r| (text(r, "module"), text(r, "name"))).collect();
    assert_eq!(package, [("features.control_flow", "classify"), ("features", "classes"), ("features.functions", "*")]);

    let unknown = refused(db, &["imports", "nosuch"]);
    assert!(unknown.contains("no module"), "{unknown}");
}

#[test]
fn unresolved_call_sites() {
    let Some(db) = analyzed("running_example") else { return };
    let db = &db.path;
    let all = ask(db, &["unresolved"]);
    let external = ask(db, &["unresolved", "--reason", "external"]);
    assert!(!external.is_empty() && external.len() < all.len(), "{external:?} of {all:?}");
    for row in &external {
        assert!(text(row, "group_kind").contains("external") || text(row, "detail").contains("external"), "{row:?}");
    }
    let outside: BTreeSet<(&str, i64, &str)> =
        external.iter().map(|r| (text(r, "caller"), number(r, "line"), text(r, "detail"))).collect();
    assert!(outside.contains(&("main.source", 6, "<builtin>.object")), "{outside:?}");
    assert!(outside.contains(&("main.right", 27, "<builtin>.ValueError")), "{outside:?}");

    // The text is looked for in any case, in the detail too.
    let object = ask(db, &["unresolved", "--reason", "OBJECT"]);
    assert!(!object.is_empty() && object.iter().all(|r| text(r, "detail") == "<builtin>.object"), "{object:?}");
    assert!(ask(db, &["unresolved", "--reason", "no such reason"]).is_empty());
}
