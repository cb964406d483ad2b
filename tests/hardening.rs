//! Hostile and unlucky inputs through the command line: each case is a file or
//! folder that once crashed, hung or silently misled cpyg, or a run that passes
//! the bounds the user set, and the exit code and message it must give now. The hostile `.pyc` files are made by
//! `tests/hostile/make.py`; nothing here needs Python.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn hostile(name: &str) -> PathBuf {
    repo().join("tests/hostile").join(name)
}

fn running_example(minor: u8) -> PathBuf {
    repo().join(format!("tests/fixtures/cpython3{minor}/running_example/main.pyc"))
}

struct Outcome {
    code: Option<i32>,
    stderr: String,
}

fn cpyg(args: &[&dyn AsRef<std::ffi::OsStr>]) -> Outcome {
    let output = Command::new(env!("CARGO_BIN_EXE_cpyg"))
        .args(args.iter().map(|a| a.as_ref()))
        .env("CPYG_COMPILE_TIMEOUT", "2")
        .output()
        .expect("cpyg runs");
    Outcome { code: output.status.code(), stderr: String::from_utf8_lossy(&output.stderr).into_owned() }
}

/// Nothing analysable (one unreadable module).
const NOTHING: Option<i32> = Some(1);
/// An input that cannot be read or trusted.
const INPUT: Option<i32> = Some(3);

/// `cpyg facts INPUT -o TMP` must fail with exit code `code` and say each of `expected`.
fn check_refused(input: &Path, code: Option<i32>, expected: &[&str]) {
    let out = tempfile::tempdir().unwrap();
    let facts = out.path().join("facts");
    let run = cpyg(&[&"facts", &input, &"-o", &facts]);
    assert_eq!(run.code, code, "{}", run.stderr);
    for text in expected {
        assert!(run.stderr.contains(text), "expected {text:?} in: {}", run.stderr);
    }
    assert!(!facts.exists(), "a refused run leaves no fact directory");
}

#[test]
fn huge_argcount_is_refused_not_allocated() {
    check_refused(
        &hostile("cpython312/huge_argcount.pyc"),
        NOTHING,
        &["huge_argcount.pyc", "code object <module>", "co_varnames is too small: 2147483647 parameters"],
    );
}

#[test]
fn argcount_overflow_is_refused() {
    check_refused(&hostile("cpython310/argcount_overflow.pyc"), NOTHING, &["co_varnames is too small: 4294967296 parameters"]);
}

#[test]
fn parameters_beyond_the_local_slots_are_refused() {
    check_refused(&hostile("cpython312/args_beyond_locals.pyc"), NOTHING, &["co_varnames is too small: 1 parameters"]);
    check_refused(&hostile("cpython312/posonly_beyond_args.pyc"), NOTHING, &["co_posonlyargcount 1 exceeds co_argcount 0"]);
}

#[test]
fn code_objects_shared_by_reference_hit_the_limit() {
    check_refused(&hostile("cpython312/code_object_bomb.pyc"), NOTHING, &["code_object_bomb.pyc", "code objects in 4152 bytes"]);
    let run = cpyg(&[&"disasm", &hostile("cpython312/code_object_bomb.pyc")]);
    assert_eq!(run.code, NOTHING, "{}", run.stderr);
}

fn symbols_of(input: &Path) -> Vec<String> {
    let out = tempfile::tempdir().unwrap();
    let run = cpyg(&[&"facts", &input, &"-o", &out.path()]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let facts = cpyg_facts::read::read_dir(out.path()).unwrap();
    facts.symbols.iter().map(|(_, text)| text.to_string()).collect()
}

#[test]
fn huge_integers_are_exact_in_hexadecimal() {
    let symbols = symbols_of(&hostile("cpython312/huge_integer.pyc"));
    let expected = format!("0x{}", "f".repeat(300_000));
    assert!(symbols.contains(&expected), "the 300,000-digit constant keeps its value");
}

#[test]
fn lone_surrogates_stay_distinct() {
    let symbols = symbols_of(&hostile("cpython312/lone_surrogates.pyc"));
    // As Python's repr prints them; the third is a backslash, `u`, `d`, `8`, `0`, `0`.
    for text in ["'\\ud800'", "'\\udc00'", "'\\\\ud800'"] {
        assert!(symbols.iter().any(|s| s == text), "{text} among {symbols:?}");
    }
}

/// A folder of `.pyc` modules: the running example as `good.pyc`, and `extra` beside it.
fn sourceless_folder(extra: impl FnOnce(&Path)) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::copy(running_example(12), dir.path().join("good.pyc")).unwrap();
    extra(dir.path());
    dir
}

#[test]
fn fifos_and_devices_are_passed_over_not_read() {
    let dir = sourceless_folder(|dir| {
        let fifo = dir.join("fifo.pyc");
        assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        std::os::unix::fs::symlink("/dev/zero", dir.join("zero.pyc")).unwrap();
    });
    let out = tempfile::tempdir().unwrap();
    let run = cpyg(&[&"facts", &dir.path(), &"-o", &out.path().join("f")]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    for name in ["fifo.pyc", "zero.pyc"] {
        let line = run.stderr.lines().find(|l| l.contains(name)).unwrap_or_else(|| panic!("{name}: {}", run.stderr));
        assert!(line.starts_with("cpyg: skipped") && line.contains("not a regular file"), "{line}");
    }
    assert!(run.stderr.contains("1 modules,") && run.stderr.contains("(2 skipped)"), "{}", run.stderr);
}

#[test]
fn an_explicit_fifo_input_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo.py");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    check_refused(&fifo, INPUT, &["fifo.py: not a regular file"]);
}

#[test]
fn an_interpreter_that_stalls_is_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, pkg) = stalled_package(dir.path());
    let started = std::time::Instant::now();
    let out = dir.path().join("facts");
    let run = cpyg(&[&"facts", &pkg, &"--python", &fake, &"-o", &out]);
    assert_eq!(run.code, INPUT, "{}", run.stderr);
    assert!(run.stderr.contains("no output for 2 s, stopped"), "{}", run.stderr);
    assert!(started.elapsed().as_secs() < 60, "stopped after the stall timeout, not when the interpreter gave up");
}

/// A package whose interpreter answers the version probe and then never writes a
/// byte: a run over it lasts until something stops it.
fn stalled_package(dir: &Path) -> (PathBuf, PathBuf) {
    let fake = dir.join("python3.12");
    fs::write(
        &fake,
        "#!/bin/sh\ncase \"$4\" in *MAGIC_NUMBER*) echo cpython 3 12 3.12.1 3531; exit 0;; esac\nexec sleep 600\n",
    )
    .unwrap();
    fs::set_permissions(&fake, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let pkg = dir.join("pkg");
    fs::create_dir(&pkg).unwrap();
    fs::write(pkg.join("mod.py"), "x = 1\n").unwrap();
    (fake, pkg)
}

/// The files of `dir` whose names start with a dot (unfinished outputs).
fn hidden_files(dir: &Path) -> Vec<String> {
    let names = fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned());
    names.filter(|n| n.starts_with('.')).collect()
}

#[test]
fn a_run_past_its_timeout_stops_with_exit_4_and_leaves_the_old_database() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, pkg) = stalled_package(dir.path());
    let db = dir.path().join("out.sqlite");
    assert_eq!(cpyg(&[&"analyze", &running_example(12), &"--db", &db]).code, Some(0));
    let before = fs::read(&db).unwrap();
    let started = std::time::Instant::now();
    let run = cpyg(&[&"analyze", &pkg, &"--python", &fake, &"--db", &db, &"--timeout", &"0.3"]);
    assert_eq!(run.code, Some(4), "{}", run.stderr);
    assert!(run.stderr.contains("cpyg: stopped: --timeout 0.3s reached after 0."), "{}", run.stderr);
    assert!(run.stderr.contains("during load; the run is incomplete and wrote no result"), "{}", run.stderr);
    assert!(started.elapsed().as_secs_f64() < 1.5, "stopped by the timeout, not by the compile watchdog");
    assert!(fs::read(&db).unwrap() == before, "the previous database is untouched");
    assert_eq!(hidden_files(dir.path()), Vec::<String>::new());
}

#[test]
fn a_run_past_its_memory_bound_stops_with_exit_4_and_writes_no_facts() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, pkg) = stalled_package(dir.path());
    let out = dir.path().join("facts");
    let run = cpyg(&[&"facts", &pkg, &"--python", &fake, &"-o", &out, &"--max-memory", &"1M"]);
    assert_eq!(run.code, Some(4), "{}", run.stderr);
    assert!(run.stderr.contains("cpyg: stopped: --max-memory 1.0M passed ("), "{}", run.stderr);
    assert!(run.stderr.contains(" s), during load; the run is incomplete"), "{}", run.stderr);
    assert!(!out.exists());
    assert_eq!(hidden_files(dir.path()), Vec::<String>::new());
}

#[test]
fn bounds_that_are_not_durations_or_sizes_are_usage_errors() {
    for args in [["--timeout", "soon"], ["--timeout", "0"], ["--max-memory", "lots"], ["--max-memory", "0"]] {
        let run = cpyg(&[&"analyze", &running_example(12), &"--db", &"unused.sqlite", &args[0], &args[1]]);
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(&format!("invalid value '{}'", args[1])), "{}", run.stderr);
    }
}

#[test]
fn the_profile_lists_every_phase_and_the_database_keeps_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("out.sqlite");
    let run = cpyg(&[&"analyze", &running_example(12), &"--db", &db, &"--profile"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let printed: Vec<&str> = run.stderr.lines().skip_while(|l| !l.starts_with("phase ")).skip(1).collect();
    let phases: Vec<&str> = printed.iter().map(|l| l.split("  ").next().unwrap().trim_end()).collect();
    let expected = [
        "load",
        "decode",
        "lower",
        "solve",
        "solve: substitute",
        "solve: prepare",
        "solve: guess class orders",
        "solve: round 1 orders",
        "solve: round 1 fixed point",
        "solve: coverage",
        "control",
        "control: cfg",
        "control: cdg",
        "export",
        "export: facts",
        "export: results",
        "export: indexes and views",
    ];
    assert_eq!(&phases[..expected.len()], expected, "{}", run.stderr);
    let connection = rusqlite::Connection::open(&db).unwrap();
    let stored: Vec<(String, f64, i64, i64)> = connection
        .prepare("SELECT phase, cpu_seconds, rss_start_bytes, rss_peak_bytes FROM profile ORDER BY position")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let names: Vec<&str> = stored.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(names, expected);
    for (phase, cpu, start, peak) in &stored {
        assert!(*cpu >= 0.0 && *start > 0 && peak >= start, "{phase}: {cpu} {start} {peak}");
    }
}

#[test]
fn nothing_analysed_is_a_failure_for_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let cut = dir.path().join("cut.pyc");
    fs::write(&cut, &fs::read(running_example(12)).unwrap()[..40]).unwrap();
    let db = dir.path().join("out.sqlite");
    let facts = dir.path().join("facts");
    let runs = [
        cpyg(&[&"disasm", &cut]),
        cpyg(&[&"facts", &cut, &"-o", &facts]),
        cpyg(&[&"analyze", &cut, &"--db", &db]),
        cpyg(&[&"callgraph", &cut]),
    ];
    for run in runs {
        assert_eq!(run.code, NOTHING, "{}", run.stderr);
        assert!(run.stderr.contains("no module could be loaded (1 skipped); cut ("), "{}", run.stderr);
    }
    assert!(!db.exists() && !facts.exists());
}

#[test]
fn a_package_and_its_namesake_module_keep_distinct_names() {
    let dir = tempfile::tempdir().unwrap();
    let pkg = dir.path().join("pkg");
    fs::create_dir(&pkg).unwrap();
    fs::copy(running_example(12), pkg.join("__init__.pyc")).unwrap();
    fs::copy(running_example(12), pkg.join("pkg.pyc")).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_cpyg")).args(["callgraph"]).arg(&pkg).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let graph: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let keys: Vec<&String> = graph.as_object().unwrap().keys().collect();
    assert!(keys.contains(&&"pkg".to_string()) && keys.contains(&&"pkg.pkg".to_string()), "{keys:?}");
    assert!(keys.contains(&&"pkg.bind".to_string()) && keys.contains(&&"pkg.pkg.bind".to_string()), "{keys:?}");
}

#[test]
fn files_that_cannot_be_modules_are_each_reported() {
    use std::os::unix::ffi::OsStrExt;
    let dir = sourceless_folder(|dir| {
        for name in ["my-mod.pyc", "2fast.pyc", "has space.pyc"] {
            fs::copy(running_example(12), dir.join(name)).unwrap();
        }
        fs::copy(running_example(12), dir.join(std::ffi::OsStr::from_bytes(b"bad\xff.pyc"))).unwrap();
    });
    let out = tempfile::tempdir().unwrap();
    let run = cpyg(&[&"facts", &dir.path(), &"-o", &out.path().join("f")]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    for name in ["my-mod.pyc", "2fast.pyc", "has space.pyc", "bad\u{fffd}.pyc"] {
        assert!(
            run.stderr.lines().any(|l| l.starts_with("cpyg: skipped") && l.contains(name)),
            "{name} not reported: {}",
            run.stderr
        );
    }
    assert!(run.stderr.contains("(4 skipped)"), "{}", run.stderr);
}

#[test]
fn an_unreadable_sub_folder_is_reported_and_the_run_goes_on() {
    use std::os::unix::fs::PermissionsExt;
    let dir = sourceless_folder(|dir| {
        fs::create_dir(dir.join("sub")).unwrap();
        fs::copy(running_example(12), dir.join("sub/inner.pyc")).unwrap();
        fs::set_permissions(dir.join("sub"), fs::Permissions::from_mode(0o000)).unwrap();
    });
    let out = tempfile::tempdir().unwrap();
    let run = cpyg(&[&"facts", &dir.path(), &"-o", &out.path().join("f")]);
    let readable_anyway = fs::read_dir(dir.path().join("sub")).is_ok();
    fs::set_permissions(dir.path().join("sub"), fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    if readable_anyway {
        // Running as root: permissions do not stop reading, and the module is analysed.
        assert!(run.stderr.contains("2 modules,"), "{}", run.stderr);
    } else {
        assert!(run.stderr.contains("sub: cannot read the folder"), "{}", run.stderr);
        assert!(run.stderr.contains("1 modules,"), "{}", run.stderr);
    }
}

#[test]
fn an_existing_database_survives_a_failed_analysis() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("out.sqlite");
    assert_eq!(cpyg(&[&"analyze", &running_example(12), &"--db", &db]).code, Some(0));
    let before = fs::read(&db).unwrap();
    let cut = dir.path().join("cut.pyc");
    fs::write(&cut, &before[..0]).unwrap();
    assert_eq!(cpyg(&[&"analyze", &cut, &"--db", &db]).code, INPUT);
    assert!(fs::read(&db).unwrap() == before, "the previous database is untouched");
    let notes = dir.path().join("notes.txt");
    fs::write(&notes, "mine").unwrap();
    let run = cpyg(&[&"analyze", &running_example(12), &"--db", &notes]);
    assert_eq!(run.code, INPUT, "{}", run.stderr);
    assert!(run.stderr.contains("not a SQLite database; refusing to replace it (--force does)"), "{}", run.stderr);
    assert_eq!(fs::read_to_string(&notes).unwrap(), "mine");
    assert_eq!(cpyg(&[&"analyze", &running_example(12), &"--db", &notes, &"--force"]).code, Some(0));
}

#[test]
fn facts_do_not_replace_a_folder_that_is_not_a_fact_directory() {
    let dir = tempfile::tempdir().unwrap();
    let mine = dir.path().join("mine");
    fs::create_dir(&mine).unwrap();
    fs::write(mine.join("thesis.tex"), "chapter 1").unwrap();
    let run = cpyg(&[&"facts", &running_example(12), &"-o", &mine]);
    assert_eq!(run.code, INPUT, "{}", run.stderr);
    assert!(run.stderr.contains("is not a fact directory (no manifest.json); refusing to replace it"), "{}", run.stderr);
    assert_eq!(fs::read_to_string(mine.join("thesis.tex")).unwrap(), "chapter 1");
    // A fact directory is replaced whole, and nothing is left beside it.
    let facts = dir.path().join("facts");
    assert_eq!(cpyg(&[&"facts", &running_example(13), &"-o", &facts]).code, Some(0));
    assert_eq!(cpyg(&[&"facts", &running_example(12), &"-o", &facts]).code, Some(0));
    assert!(fs::read_to_string(facts.join("manifest.json")).unwrap().contains("\"cpython\": \"3.12\""));
    let mut names: Vec<_> = fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    names.sort();
    assert_eq!(names, ["facts", "mine"]);
}

// ---------------------------------------------------------------------------
// `cpyg solve` over damaged fact directories: every damage is refused.

/// The running example's facts, damaged by `damage`, then solved; returns the outcome.
fn solve_damaged(extra: &[&str], damage: impl FnOnce(&Path)) -> Outcome {
    let dir = tempfile::tempdir().unwrap();
    let facts = dir.path().join("facts");
    assert_eq!(cpyg(&[&"facts", &running_example(12), &"-o", &facts]).code, Some(0));
    damage(&facts);
    let db = dir.path().join("out.sqlite");
    let mut args: Vec<&dyn AsRef<std::ffi::OsStr>> = vec![&"solve", &"--facts", &facts, &"--db", &db];
    for e in extra {
        args.push(e);
    }
    let run = cpyg(&args);
    assert_eq!(db.exists(), run.code == Some(0), "a database exactly when the run succeeds: {}", run.stderr);
    run
}

fn check_solve_refused(damage: impl FnOnce(&Path), expected: &str) {
    let run = solve_damaged(&[], damage);
    assert_eq!(run.code, INPUT, "{}", run.stderr);
    assert!(run.stderr.contains(expected), "expected {expected:?} in: {}", run.stderr);
}

fn rewrite(path: &Path, edit: impl FnOnce(Vec<&str>) -> Vec<String>) {
    let text = fs::read_to_string(path).unwrap();
    let lines = edit(text.lines().collect());
    fs::write(path, lines.iter().map(|l| format!("{l}\n")).collect::<String>()).unwrap();
}

#[test]
fn solve_accepts_the_facts_as_written() {
    let run = solve_damaged(&[], |_| {});
    assert_eq!(run.code, Some(0), "{}", run.stderr);
}

#[test]
fn solve_refuses_an_emptied_relation() {
    check_solve_refused(|f| fs::write(f.join("Code.facts"), "").unwrap(), "Code.facts: 0 rows, but manifest.json records 11");
}

#[test]
fn solve_refuses_a_truncated_relation() {
    check_solve_refused(
        |f| rewrite(&f.join("Insn.facts"), |lines| lines[..lines.len() - 1].iter().map(|l| l.to_string()).collect()),
        "Insn.facts: ",
    );
}

#[test]
fn solve_refuses_shuffled_rows() {
    check_solve_refused(
        |f| rewrite(&f.join("Insn.facts"), |lines| lines.iter().rev().map(|l| l.to_string()).collect()),
        "Insn.facts: changed since it was written",
    );
}

#[test]
fn solve_refuses_a_relation_from_another_run() {
    check_solve_refused(
        |f| {
            let other = tempfile::tempdir().unwrap();
            assert_eq!(cpyg(&[&"facts", &running_example(13), &"-o", &other.path().join("o")]).code, Some(0));
            fs::copy(other.path().join("o/Insn.facts"), f.join("Insn.facts")).unwrap();
        },
        "Insn.facts: ",
    );
}

#[test]
fn solve_refuses_a_wrong_release_or_format() {
    let edit = |from: &'static str, to: &'static str| {
        move |f: &Path| {
            let path = f.join("manifest.json");
            let text = fs::read_to_string(&path).unwrap();
            assert!(text.contains(from));
            fs::write(&path, text.replace(from, to)).unwrap();
        }
    };
    check_solve_refused(edit("\"cpython\": \"3.12\"", "\"cpython\": \"3.7\""), "CPython 3.7 is not a release this cpyg reads");
    check_solve_refused(edit("\"cpyg-facts/2\"", "\"cpyg-facts/1\""), "format `cpyg-facts/1`, but this cpyg reads `cpyg-facts/2`");
}

#[test]
fn solve_refuses_a_missing_or_foreign_schema() {
    check_solve_refused(|f| fs::remove_file(f.join("schema.json")).unwrap(), "schema.json: cannot read");
    check_solve_refused(|f| fs::write(f.join("schema.json"), "{}\n").unwrap(), "schema.json: not the schema of this cpyg");
}

#[test]
fn edited_facts_are_accepted_but_their_ids_are_still_checked() {
    // Reordered rows are fine when the facts were edited on purpose.
    let run = solve_damaged(&["--edited"], |f| {
        rewrite(&f.join("Insn.facts"), |lines| lines.iter().rev().map(|l| l.to_string()).collect())
    });
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    // A parent out of range, or no code objects at all, never reaches the rules.
    for damage in [
        (|f: &Path| rewrite(&f.join("CodeParent.facts"), |_| vec!["1\t999".to_string()])) as fn(&Path),
        |f: &Path| fs::write(f.join("Code.facts"), "").unwrap(),
    ] {
        let run = solve_damaged(&["--edited"], damage);
        assert_eq!(run.code, INPUT, "{}", run.stderr);
        assert!(run.stderr.contains("the facts are inconsistent"), "{}", run.stderr);
    }
}

// ---------------------------------------------------------------------------
// Truncation at every byte through the whole `facts` pipeline (in process: the
// command maps an `Err` to exit code 2).

#[test]
fn every_truncation_of_the_running_example_fails_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let mut runs = 0;
    for minor in cpyg::adapters::supported_minors() {
        let bytes = fs::read(running_example(minor)).unwrap();
        let input = dir.path().join("main.pyc");
        for len in 0..bytes.len() {
            fs::write(&input, &bytes[..len]).unwrap();
            let out = dir.path().join("facts");
            let result = cpyg::facts::run(&[input.clone()], None, &out, 1);
            assert!(result.is_err(), "3.{minor}: truncated to {len} bytes, the run succeeded");
            assert!(!out.exists(), "3.{minor}: truncated to {len} bytes, a fact directory was left");
            runs += 1;
        }
    }
    eprintln!("{runs} truncated inputs, every run failed");
}
