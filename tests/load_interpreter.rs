//! Interpreter discovery against fake interpreters (shell scripts that answer
//! the version probe), and the compile driver's handling of a helper that dies.
//! Everything runs in one test: creating executables while another thread of
//! the same process spawns children can fail with "text file busy".
#![cfg(unix)]

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use cpyg::load::compile::compile_modules;
use cpyg::load::interpreter::{
    find_release_in, find_supported_in, resolve_in, Interpreter, InterpreterError, SearchPlaces,
};
use cpyg::load::{CompileError, FailureReason};

fn script(path: &Path, body: &str) {
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, format!("#!/bin/sh\n{body}\n")).unwrap();
    fs::set_permissions(path, fs::Permissions::from_mode(0o755)).unwrap();
}

fn answers(implementation: &str, minor: u8, version: &str, magic: u16) -> String {
    format!("echo {implementation} 3 {minor} {version} {magic}")
}

#[test]
fn fake_interpreters() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let bin = root.join("bin");
    let versions = root.join("pyenv/versions");
    script(&bin.join("python3.12"), &answers("cpython", 12, "3.12.7", 3531));
    script(&bin.join("python3.14"), "echo 'pyenv: python3.14: command not found' >&2; exit 127");
    script(&bin.join("python3"), &answers("cpython", 7, "3.7.17", 3394));
    script(&bin.join("pypy3.10"), &answers("pypy", 10, "3.10.14", 3439));
    script(&versions.join("3.13.1/bin/python3.13"), &answers("cpython", 13, "3.13.1", 3571));
    script(&versions.join("3.13.10/bin/python3.13"), &answers("cpython", 13, "3.13.10", 3571));
    script(&versions.join("3.13.2t/bin/python3.13"), &answers("cpython", 13, "3.13.2", 3571));
    script(&versions.join("3.11.0a1/bin/python3.11"), &answers("cpython", 11, "3.11.0a1", 3450));
    script(&versions.join("3.8.18/bin/python3.8"), &answers("cpython", 8, "3.8.18", 3413));
    fs::create_dir_all(versions.join("3.10.4/bin")).unwrap(); // no executable inside
    let places = SearchPlaces::new(vec![bin.clone(), PathBuf::new()], Some(versions.clone()));

    // Newest release first; within pyenv, newest patch first.
    let newest = resolve_in(&places, None).unwrap();
    assert_eq!((newest.minor, newest.version.as_str()), (13, "3.13.10"));
    assert_eq!(newest.path, versions.join("3.13.10/bin/python3.13"));

    let survey = find_supported_in(&places);
    let found: Vec<&str> = survey.found.iter().map(|i| i.version.as_str()).collect();
    assert_eq!(found, ["3.13.10", "3.12.7", "3.8.18"]);
    let missing: Vec<u8> = survey.missing.iter().map(|(m, _)| *m).collect();
    assert_eq!(missing, [15, 14, 11, 10, 9]);
    let why = |minor: u8| survey.missing.iter().find(|(m, _)| *m == minor).map(|(_, why)| why.to_string()).unwrap();
    let why_14 = why(14);
    let text = why_14.to_string();
    assert!(
        text.contains("python3.14")
            && text.contains("failed (exit status: 127)")
            && text.contains(&bin.display().to_string()),
        "{text}"
    );
    let why_11 = why(11);
    assert!(why_11.contains("pre-release"), "{why_11}");

    // By name, looked up on PATH and in pyenv.
    assert_eq!(resolve_in(&places, Some("python3.12")).unwrap().version, "3.12.7");
    assert_eq!(resolve_in(&places, Some("python3.13")).unwrap().version, "3.13.10");
    let old = resolve_in(&places, Some("python3")).unwrap_err();
    assert!(matches!(old, InterpreterError::Unsupported { .. }) && old.to_string().contains("3.7.17"), "{old}");
    let pypy = resolve_in(&places, Some("pypy3.10")).unwrap_err();
    assert!(pypy.to_string().contains("pypy"), "{pypy}");
    let absent = resolve_in(&places, Some("python3.10")).unwrap_err().to_string();
    assert!(
        absent.contains("python3.10") && absent.contains(&bin.display().to_string()) && absent.contains("3.10.*"),
        "{absent}"
    );

    // By path.
    let by_path = bin.join("python3.12");
    assert_eq!(resolve_in(&places, Some(by_path.to_str().unwrap())).unwrap().path, by_path);
    let nowhere = root.join("nowhere/python");
    let err = resolve_in(&places, Some(nowhere.to_str().unwrap())).unwrap_err();
    assert!(matches!(err, InterpreterError::Unusable { .. }) && err.to_string().contains("nowhere/python"), "{err}");

    // Nothing at all: the message says what was looked for and where.
    let empty = SearchPlaces::new(vec![root.join("empty")], Some(root.join("no-pyenv")));
    let err = resolve_in(&empty, None).unwrap_err().to_string();
    for minor in cpyg::adapters::supported_minors() {
        assert!(err.contains(&format!("python3.{minor}")), "python3.{minor} missing from: {err}");
    }
    for wanted in ["empty", "no-pyenv"] {
        assert!(err.contains(wanted), "{wanted} missing from: {err}");
    }
    assert!(find_release_in(&empty, 12).is_err());

    compile_driver_survives_a_dying_helper(root);
}

fn compile_driver_survives_a_dying_helper(root: &Path) {
    let fake = |name: &str, body: &str| {
        let path = root.join("fake").join(name);
        script(&path, body);
        Interpreter { path, minor: 12, version: "3.12.7".into(), magic: 3531 }
    };
    let jobs = vec![("a".to_string(), root.join("a.py")), ("b".to_string(), root.join("b.py"))];

    // Starts the stream, then dies on every module: each is reported, and the list is finished.
    let dies =
        fake("dies", "cat > /dev/null; printf CPYGC2; echo 'Fatal Python error: Segmentation fault' >&2; exit 139");
    let outcomes = compile_modules(&dies, &jobs).unwrap();
    assert_eq!(outcomes.len(), 2);
    for (outcome, (name, _)) in outcomes.iter().zip(&jobs) {
        assert_eq!(&outcome.name, name);
        match &outcome.result {
            Err(FailureReason::CompileError { message }) => {
                assert!(
                    message.contains("stopped while compiling") && message.contains("Segmentation fault"),
                    "{message}"
                )
            }
            other => panic!("unexpected outcome {other:?}"),
        }
    }

    // Never starts the stream: nothing can be compiled.
    let silent = fake("silent", "cat > /dev/null; echo 'no such option' >&2; exit 2");
    let err = compile_modules(&silent, &jobs).unwrap_err();
    assert!(matches!(err, CompileError::Start { .. }), "{err}");
    assert!(err.to_string().contains("no such option") && err.to_string().contains("fake/silent"), "{err}");

    // Writes something else.
    let noisy = fake("noisy", "cat > /dev/null; echo hello");
    let err = compile_modules(&noisy, &jobs).unwrap_err();
    assert!(matches!(err, CompileError::Protocol { .. }), "{err}");
}

/// `cpyg interpreters`: every release it reads, newest first, with what was found for it.
#[test]
fn interpreters_command_lists_releases_and_what_was_found() {
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("bin");
    script(&bin.join("python3.15"), &answers("cpython", 15, "3.15.2", 3666));
    script(&bin.join("python3.8"), &answers("cpython", 8, "3.8.18", 3413));
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_cpyg"))
        .arg("interpreters")
        .env("PATH", &bin)
        .env("PYENV_ROOT", dir.path().join("no-pyenv"))
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "cpyg reads CPython 3.8-3.15 bytecode");
    assert_eq!(lines.len(), 2 + cpyg::adapters::supported_minors().count(), "{text}");
    assert_eq!(lines[1], format!("3.15: {} (Python 3.15.2)", bin.join("python3.15").display()));
    assert_eq!(lines[8], format!("3.8: {} (Python 3.8.18)", bin.join("python3.8").display()));
    assert!(lines[2..8].iter().all(|l| l.ends_with("no interpreter found (.pyc files of this release need none)")), "{text}");
    let newest = format!("default (no --python): {} (Python 3.15.2), the newest found", bin.join("python3.15").display());
    assert_eq!(lines[9], newest, "which one is used says so");
}
