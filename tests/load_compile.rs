//! Loading with real interpreters. Each test runs for every supported release
//! found on PATH or in pyenv and says which ones are missing.

use std::fs;
use std::path::Path;
use std::process::Command;

use cpyg::adapters::code::Const;
use cpyg::load::interpreter::{find_supported, Interpreter};
use cpyg::load::{load, FailureReason, LoadError, LoadedPackage};

#[path = "support/missing.rs"]
mod missing;

fn interpreters() -> Vec<Interpreter> {
    let survey = find_supported();
    for (minor, why) in &survey.missing {
        missing::not_checked(&format!("python3.{minor} not found ({why}): loading with it NOT checked"));
    }
    survey.found
}

fn write(root: &Path, file: &str, text: &str) {
    let path = root.join(file);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

/// A small package with one module that does not compile.
fn sample_package(root: &Path) {
    write(root, "main.py", "import pkg\nfrom pkg.a import f\n\nprint(f())\n");
    write(root, "pkg/__init__.py", "from .a import f\n");
    write(root, "pkg/a.py", "def f():\n    return g(1)\n\n\ndef g(x):\n    return [y for y in range(x)]\n");
    write(root, "pkg/broken.py", "x = 1\ndef f(:\n    pass\n");
    write(root, "pkg/ns_free/deep.py", "class C:\n    def m(self):\n        return self\n");
}

fn names(package: &LoadedPackage) -> Vec<&str> {
    package.modules.iter().map(|m| m.name.as_str()).collect()
}

fn nested_names(package: &LoadedPackage, module: &str) -> Vec<String> {
    let m = package.modules.iter().find(|m| m.name == module).unwrap();
    m.code.preorder().iter().map(|c| c.name.clone()).collect()
}

#[test]
fn compiles_a_package_and_reports_the_broken_module() {
    for python in interpreters() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        sample_package(root);
        let package =
            load(&[root.to_path_buf()], Some(python.path.to_str().unwrap())).unwrap_or_else(|e| panic!("{e}"));
        let what = format!("python {}", python.version);
        assert_eq!(package.minor, python.minor, "{what}");
        assert_eq!(package.interpreter.as_ref().map(|i| i.version.as_str()), Some(python.version.as_str()), "{what}");
        assert_eq!(package.root, root, "{what}");
        assert_eq!(names(&package), ["main", "pkg", "pkg.a", "pkg.ns_free.deep"], "{what}");
        assert!(package.modules[1].is_package && !package.modules[2].is_package, "{what}");

        assert_eq!(package.failures.len(), 1, "{what}: {:?}", package.failures);
        let failure = &package.failures[0];
        assert_eq!(failure.name, "pkg.broken", "{what}");
        assert_eq!(failure.path, root.join("pkg/broken.py"), "{what}");
        assert!(matches!(&failure.reason, FailureReason::SyntaxError { line: Some(2), .. }), "{what}: {failure}");

        let a = &package.modules[2];
        assert_eq!(a.code.name, "<module>", "{what}");
        assert_eq!(Path::new(&a.code.filename), root.join("pkg/a.py"), "{what}");
        let inner = nested_names(&package, "pkg.a");
        assert!(inner.contains(&"f".to_string()) && inner.contains(&"g".to_string()), "{what}: {inner:?}");
        assert!(nested_names(&package, "pkg.ns_free.deep").contains(&"m".to_string()), "{what}");
        let main_consts = &package.modules[0].code.consts;
        assert!(
            main_consts.iter().any(|c| matches!(c, Const::Tuple(items) if items == &[Const::Str("f".into())])),
            "{what}"
        );
    }
}

#[test]
fn constant_strings_given_to_eval_and_exec_are_compiled_not_run() {
    for python in interpreters() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        // Run, the strings would raise or write a file: compiled, they do neither.
        let source = "import os\n\ndef f(x):\n    return eval(\"x.m()\")\n\n\
                      exec(\"open('ran', 'w').close()\\nraise SystemExit(3)\\n\")\n\
                      eval(\"1 +\")\nexec(name)\nevaluate(\"g()\")\n";
        write(root, "main.py", source);
        let package =
            load(&[root.to_path_buf()], Some(python.path.to_str().unwrap())).unwrap_or_else(|e| panic!("{e}"));
        let what = format!("python {}", python.version);
        let texts: Vec<&str> = package.modules[0].strings.iter().map(|s| s.text.as_str()).collect();
        // `eval("1 +")` does not compile (the call raises when run), `exec(name)` is no
        // constant, `evaluate` is another function.
        assert_eq!(texts, ["open('ran', 'w').close()\nraise SystemExit(3)\n", "x.m()"], "{what}");
        assert_eq!(package.modules[0].strings[1].code.name, "<module>", "{what}");
        assert!(!root.join("ran").exists(), "{what}");
    }
}

#[test]
fn modules_that_do_not_compile_are_reported_with_their_path() {
    for python in interpreters() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(root, "good.py", "X = 1\n");
        // A syntax error from 3.12 on, a ValueError before.
        write(root, "nul.py", "x = 1\0\n");
        write(root, "deep.py", &format!("x = {}1{}\n", "(".repeat(5000), ")".repeat(5000)));
        // The parser gives up with MemoryError: not a syntax error.
        write(root, "complex.py", &format!("x = {}1\n", "-".repeat(100_000)));
        let package =
            load(&[root.to_path_buf()], Some(python.path.to_str().unwrap())).unwrap_or_else(|e| panic!("{e}"));
        let what = format!("python {}", python.version);
        assert_eq!(names(&package), ["good"], "{what}: {:?}", package.failures);
        let failed: Vec<&str> = package.failures.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(failed, ["complex", "deep", "nul"], "{what}");
        assert!(
            matches!(&package.failures[0].reason, FailureReason::CompileError { message } if message.starts_with("MemoryError")),
            "{what}"
        );
        // 3.8's parser runs out of stack on the nesting; from 3.9 it is a syntax error.
        let deep = &package.failures[1].reason;
        if python.minor == 8 {
            assert!(matches!(deep, FailureReason::CompileError { message } if message.starts_with("MemoryError")), "{what}");
        } else {
            assert!(matches!(deep, FailureReason::SyntaxError { line: Some(1), .. }), "{what}");
        }
        for failure in &package.failures {
            let text = failure.to_string();
            assert!(text.contains(&failure.path.display().to_string()), "{what}: {text}");
        }
    }
}

/// `python -m compileall -b`: legacy `.pyc` files next to where the sources were.
fn compile_legacy(python: &Interpreter, root: &Path) {
    let status = Command::new(&python.path).args(["-I", "-m", "compileall", "-q", "-b"]).arg(root).status().unwrap();
    assert!(status.success(), "compileall with {} failed", python.path.display());
}

fn remove_sources(root: &Path) {
    for entry in fs::read_dir(root).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            remove_sources(&path);
        } else if path.extension().is_some_and(|e| e == "py") {
            fs::remove_file(path).unwrap();
        }
    }
}

#[test]
fn loads_a_sourceless_folder() {
    for python in interpreters() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        sample_package(root);
        fs::remove_file(root.join("pkg/broken.py")).unwrap();
        compile_legacy(&python, root);
        remove_sources(root);
        let package = load(&[root.to_path_buf()], None).unwrap_or_else(|e| panic!("{e}"));
        let what = format!("python {}", python.version);
        assert_eq!(package.minor, python.minor, "{what}");
        assert_eq!(package.interpreter, None, "{what}");
        assert_eq!(names(&package), ["main", "pkg", "pkg.a", "pkg.ns_free.deep"], "{what}");
        assert!(package.modules.iter().all(|m| m.path.extension().is_some_and(|e| e == "pyc")), "{what}");
        assert!(nested_names(&package, "pkg.a").contains(&"g".to_string()), "{what}");
    }
}

#[test]
fn sources_beside_pyc_inputs_use_the_same_release() {
    let Some(python) = interpreters().into_iter().next() else { return };
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(&root.join("built"), "lib.py", "def f():\n    return 1\n");
    compile_legacy(&python, &root.join("built"));
    remove_sources(&root.join("built"));
    write(&root.join("scripts"), "tool.py", "import lib\nlib.f()\n");
    let inputs = [root.join("built"), root.join("scripts/tool.py")];
    let package = load(&inputs, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(package.minor, python.minor);
    assert_eq!(package.interpreter.as_ref().map(|i| i.version.as_str()), Some(python.version.as_str()));
    assert_eq!(names(&package), ["lib", "tool"]);
    assert_eq!(package.root, root);
}

#[test]
fn mixing_releases_is_an_error_naming_both_files() {
    let found = interpreters();
    let [newer, older, ..] = found.as_slice() else {
        missing::not_checked("two supported interpreters are needed to mix releases");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(&root.join("one"), "a.py", "A = 1\n");
    write(&root.join("two"), "b.py", "B = 2\n");
    compile_legacy(newer, &root.join("one"));
    compile_legacy(older, &root.join("two"));
    remove_sources(root);
    let err = load(&[root.join("one"), root.join("two")], None).unwrap_err();
    assert!(matches!(err, LoadError::MixedReleases { .. }), "{err}");
    let text = err.to_string();
    assert!(text.contains("one/a.pyc") && text.contains("two/b.pyc"), "{text}");
    assert!(text.contains(&format!("3.{}", newer.minor)) && text.contains(&format!("3.{}", older.minor)), "{text}");

    // A .pyc of one release and an interpreter of another.
    write(root, "c.py", "C = 3\n");
    let err = load(&[root.join("one"), root.join("c.py")], Some(older.path.to_str().unwrap())).unwrap_err();
    let text = err.to_string();
    assert!(matches!(err, LoadError::MixedReleases { .. }) && text.contains("one/a.pyc"), "{text}");
    assert!(text.contains(&older.path.display().to_string()), "{text}");
}

#[test]
fn a_damaged_pyc_is_skipped() {
    let Some(python) = interpreters().into_iter().next() else { return };
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "a.py", "A = 1\n");
    write(root, "b.py", "B = 2\n");
    compile_legacy(&python, root);
    remove_sources(root);
    let b = root.join("b.pyc");
    let mut data = fs::read(&b).unwrap();
    data.truncate(data.len() - 3);
    fs::write(&b, data).unwrap();
    let package = load(&[root.to_path_buf()], None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(names(&package), ["a"]);
    assert_eq!(package.failures.len(), 1);
    assert!(matches!(package.failures[0].reason, FailureReason::BadCode { .. }));
    assert_eq!(package.failures[0].path, b);
}
