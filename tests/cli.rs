//! The command line as a user meets it: exit codes, `--strict`, `--threads`,
//! `-o`, closed pipes, completions and the version. Everything runs on
//! committed `.pyc` fixtures: no Python needed.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn running_example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cpython312/running_example/main.pyc")
}

fn cpyg(args: &[&dyn AsRef<std::ffi::OsStr>]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cpyg")).args(args.iter().map(|a| a.as_ref())).output().expect("cpyg runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The running example's bytecode beside a `.pyc` cut short: one good module, one skipped.
fn package_with_a_broken_module(dir: &Path) -> PathBuf {
    let package = dir.join("package");
    fs::create_dir(&package).unwrap();
    let good = fs::read(running_example()).unwrap();
    fs::write(package.join("main.pyc"), &good).unwrap();
    fs::write(package.join("broken.pyc"), &good[..40]).unwrap();
    package
}

#[test]
fn strict_exits_with_1_when_a_module_was_skipped_and_still_writes_the_results() {
    let dir = tempfile::tempdir().unwrap();
    let package = package_with_a_broken_module(dir.path());
    let db = dir.path().join("out.sqlite");
    let lenient = cpyg(&[&"analyze", &package, &"--db", &db]);
    assert_eq!(lenient.status.code(), Some(0), "{}", stderr(&lenient));
    assert!(stderr(&lenient).contains("cpyg: skipped broken"), "{}", stderr(&lenient));
    fs::remove_file(&db).unwrap();
    let strict = cpyg(&[&"analyze", &package, &"--db", &db, &"--strict"]);
    assert_eq!(strict.status.code(), Some(1), "{}", stderr(&strict));
    assert!(stderr(&strict).contains("--strict: 1 input module(s) skipped"), "{}", stderr(&strict));
    assert!(db.is_file(), "the results are written all the same");
    let connection = rusqlite::Connection::open(&db).unwrap();
    let skipped: String =
        connection.query_row("SELECT name || ': ' || reason FROM skipped_module", [], |row| row.get(0)).unwrap();
    assert!(skipped.starts_with("broken: "), "{skipped}");
}

#[test]
fn zero_threads_is_a_usage_error_for_every_command_that_takes_threads() {
    let example = running_example();
    let runs: [Vec<&dyn AsRef<std::ffi::OsStr>>; 4] = [
        vec![&"disasm", &example, &"--threads", &"0"],
        vec![&"callgraph", &example, &"--threads", &"0"],
        vec![&"analyze", &example, &"--db", &"unused.sqlite", &"--threads", &"0"],
        vec![&"conformance", &"--threads", &"0"],
    ];
    for args in runs {
        let run = cpyg(&args);
        assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
        assert!(stderr(&run).contains("invalid value '0' for '--threads <THREADS>': at least 1"), "{}", stderr(&run));
    }
}

#[test]
fn a_missing_input_is_an_input_error() {
    let run = cpyg(&[&"disasm", &"no/such/package"]);
    assert_eq!(run.status.code(), Some(3), "{}", stderr(&run));
    assert!(stderr(&run).contains("no/such/package"), "{}", stderr(&run));
}

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    for args in [vec!["disasm", "--json"], vec!["disasm"], vec!["callgraph", "--format", "json"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cpyg"))
            .args(&args)
            .arg(running_example())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 16];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
        // The pipe closes here, with most of the output unread.
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?}: {}", stderr(&output));
        assert!(!stderr(&output).to_lowercase().contains("pipe"), "{args:?}: {}", stderr(&output));
    }
}

#[test]
fn output_files_appear_complete_and_leave_nothing_beside_them() {
    let dir = tempfile::tempdir().unwrap();
    let graph = dir.path().join("graph.json");
    let run = cpyg(&[&"callgraph", &running_example(), &"--format", &"json", &"-o", &graph]);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    assert!(run.stdout.is_empty(), "the result goes to the file only");
    let json: serde_json::Value = serde_json::from_slice(&fs::read(&graph).unwrap()).unwrap();
    assert!(json["edges"].as_array().is_some_and(|e| !e.is_empty()));
    let listing = dir.path().join("listing.txt");
    assert_eq!(cpyg(&[&"disasm", &running_example(), &"-o", &listing]).status.code(), Some(0));
    assert!(fs::read_to_string(&listing).unwrap().contains("LOAD_"));
    let names: Vec<String> =
        fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    let mut names = names;
    names.sort();
    assert_eq!(names, ["graph.json", "listing.txt"], "no partial file is left");

    let unwritable = dir.path().join("no/such/folder/graph.json");
    let run = cpyg(&[&"callgraph", &running_example(), &"-o", &unwritable]);
    assert_eq!(run.status.code(), Some(3), "{}", stderr(&run));
    assert!(stderr(&run).contains("cannot write"), "{}", stderr(&run));
}

#[test]
fn summary_lines_name_the_release_the_rules_and_the_roots() {
    let run = cpyg(&[&"callgraph", &running_example()]);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    // `.pyc` inputs: no interpreter ran; a single module is a script.
    let expected =
        "cpyg: CPython 3.12 (.pyc files), rules insensitive, roots modules (scripts: no package (`__init__.py`));";
    assert!(stderr(&run).contains(expected), "{}", stderr(&run));
}

#[test]
fn completions_are_generated_for_each_shell() {
    for (shell, expected) in [("bash", "complete -F _cpyg"), ("zsh", "#compdef cpyg"), ("fish", "complete -c cpyg")] {
        let run = cpyg(&[&"completions", &shell]);
        assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
        let script = String::from_utf8_lossy(&run.stdout);
        assert!(
            script.contains(expected) && script.contains("callgraph"),
            "{shell}: {}",
            &script[..200.min(script.len())]
        );
    }
}

#[test]
fn version_names_the_git_revision() {
    let run = cpyg(&[&"--version"]);
    assert_eq!(run.status.code(), Some(0));
    let version = String::from_utf8_lossy(&run.stdout);
    assert!(version.starts_with(&format!("cpyg {} (git ", env!("CARGO_PKG_VERSION"))), "{version}");
}

#[test]
fn roots_and_entries_are_chosen_and_named() {
    let example = running_example();
    let public = cpyg(&[&"callgraph", &example, &"--roots", &"public"]);
    assert_eq!(public.status.code(), Some(0), "{}", stderr(&public));
    assert!(stderr(&public).contains("roots public (--roots public; "), "{}", stderr(&public));
    let entry = cpyg(&[&"callgraph", &example, &"--entry", &"main.left"]);
    assert!(
        stderr(&entry).contains("roots modules (module bodies and the --entry functions; 1 functions"),
        "{}",
        stderr(&entry)
    );
    let unknown = cpyg(&[&"callgraph", &example, &"--entry", &"nowhere"]);
    assert_eq!(unknown.status.code(), Some(2), "{}", stderr(&unknown));
    assert!(
        stderr(&unknown).contains("--entry nowhere: no function of the package has that name"),
        "{}",
        stderr(&unknown)
    );
    let both = cpyg(&[&"callgraph", &example, &"--entry", &"main.left", &"--roots", &"all"]);
    assert_eq!(both.status.code(), Some(2), "{}", stderr(&both));
}

#[test]
fn a_backward_slice_follows_the_value_from_its_source_to_the_callback() {
    let run = cpyg(&[&"slice", &"main.py:23", &running_example(), &"-q"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let lines: Vec<String> =
        String::from_utf8_lossy(&run.stdout).lines().map(|l| l.split("  ").next().unwrap_or("").to_string()).collect();
    // `left` returns its parameter, which `invoke` passed on from `run`'s `value`, which
    // `__enter__` returned from `source()`.
    // The fixture is `.pyc`: lines are reported in the file read, the criterion names the source.
    for line in ["main.pyc:6", "main.pyc:15", "main.pyc:22", "main.pyc:32", "main.pyc:40", "main.pyc:42"] {
        assert!(lines.iter().any(|l| l == line), "{line} missing from {lines:?}");
    }
    // `audit` and `__exit__` do not feed `left`'s result.
    assert!(!lines.iter().any(|l| l == "main.pyc:10" || l == "main.pyc:18"), "{lines:?}");
    // A thin slice leaves out the definitions of the functions called (`def source`,
    // `class Guard`: callees, not values); `--full` follows them.
    let full = cpyg(&[&"slice", &"main.py:23", &"--full", &running_example(), &"-q"]);
    let full: Vec<String> =
        String::from_utf8_lossy(&full.stdout).lines().map(|l| l.split("  ").next().unwrap_or("").to_string()).collect();
    for line in ["main.pyc:5", "main.pyc:13"] {
        assert!(!lines.iter().any(|l| l == line), "{line} in the thin slice {lines:?}");
        assert!(full.iter().any(|l| l == line), "{line} missing from the full slice {full:?}");
    }
    assert!(lines.iter().all(|l| full.contains(l)), "thin {lines:?} within full {full:?}");
    // A method call: the thin slice follows the receiver and what the method returns, not
    // the `def` the method was found by (line 7) or the class (line 3).
    let program = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cpython312/analysis/ddg_base_uses");
    let slice_lines = |extra: &[&dyn AsRef<std::ffi::OsStr>]| -> Vec<String> {
        let mut args: Vec<&dyn AsRef<std::ffi::OsStr>> = vec![&"slice", &"main.py:15:other", &program, &"-q"];
        args.extend_from_slice(extra);
        let run = cpyg(&args);
        assert!(run.status.success(), "{}", stderr(&run));
        String::from_utf8_lossy(&run.stdout).lines().map(|l| l.split("  ").next().unwrap_or("").to_string()).collect()
    };
    let (thin, full) = (slice_lines(&[]), slice_lines(&[&"--full"]));
    for line in ["main.pyc:5", "main.pyc:8", "main.pyc:14", "main.pyc:19"] {
        assert!(thin.iter().any(|l| l == line), "{line} missing from the thin slice {thin:?}");
    }
    for line in ["main.pyc:3", "main.pyc:7"] {
        assert!(!thin.iter().any(|l| l == line), "{line} in the thin slice {thin:?}");
        assert!(full.iter().any(|l| l == line), "{line} missing from the full slice {full:?}");
    }

    let forward = cpyg(&[&"slice", &"main.py:6", &"--forward", &running_example(), &"-q"]);
    let text = String::from_utf8_lossy(&forward.stdout);
    assert!(text.lines().any(|l| l.starts_with("main.pyc:27 ")), "the raise in `right` uses the value: {text}");

    let nowhere = cpyg(&[&"slice", &"main.py:3", &running_example(), &"-q"]);
    assert_eq!(nowhere.status.code(), Some(2), "{}", stderr(&nowhere));
    assert!(stderr(&nowhere).contains("no instruction on main.py:3"), "{}", stderr(&nowhere));
}

/// The running example's two callback flows: insensitive merges `invoke`'s two
/// activations, so `left`'s result seems to depend on `fallback(value)` too and the value
/// passed by `primary(value)` seems to reach `right`'s raise; under `context` the slice
/// follows each activation apart.
#[test]
fn a_context_sensitive_slice_separates_the_two_callback_flows() {
    let slice_lines = |rules: &str, criterion: &str, forward: bool| -> Vec<String> {
        let example = running_example();
        let mut args: Vec<&dyn AsRef<std::ffi::OsStr>> = vec![&"slice", &criterion, &example, &"--rules", &rules, &"-q"];
        if forward {
            args.push(&"--forward");
        }
        let run = cpyg(&args);
        assert!(run.status.success(), "{}", stderr(&run));
        String::from_utf8_lossy(&run.stdout).lines().map(|l| l.split("  ").next().unwrap_or("").to_string()).collect()
    };
    let has = |lines: &[String], line: &str| lines.iter().any(|l| l == line);
    let (merged, apart) = (slice_lines("insensitive", "main.py:23", false), slice_lines("context", "main.py:23", false));
    for lines in [&merged, &apart] {
        assert!(has(lines, "main.pyc:42") && has(lines, "main.pyc:32") && has(lines, "main.pyc:6"), "{lines:?}");
    }
    assert!(has(&merged, "main.pyc:44"), "insensitive: {merged:?}");
    assert!(!has(&apart, "main.pyc:44"), "context: {apart:?}");
    assert!(apart.iter().all(|l| merged.contains(l)), "context {apart:?} within insensitive {merged:?}");
    let (merged, apart) = (slice_lines("insensitive", "main.py:42", true), slice_lines("context", "main.py:42", true));
    assert!(has(&merged, "main.pyc:27") && has(&merged, "main.pyc:23"), "insensitive: {merged:?}");
    assert!(!has(&apart, "main.pyc:27") && has(&apart, "main.pyc:23"), "context: {apart:?}");
}

#[test]
fn the_ddg_schema_lists_every_dependence_kind() {
    let schema = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/ddg.schema.json")).unwrap();
    let schema: serde_json::Value = serde_json::from_str(&schema).unwrap();
    let listed: Vec<&str> = schema["properties"]["edges"]["items"]["properties"]["kind"]["enum"]
        .as_array()
        .expect("edges[].kind is an enum")
        .iter()
        .map(|k| k.as_str().unwrap())
        .collect();
    let kinds: Vec<&str> = cpyg_ddg::Kind::ALL.iter().map(|k| k.name()).collect();
    assert_eq!(listed, kinds);
}
