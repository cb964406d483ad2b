//! `cpyg facts` end to end: sourceless bytecode gives the facts its sources give,
//! and the fact directory is byte-identical across runs and thread counts.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

#[path = "support/missing.rs"]
mod missing;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Releases whose adapter decodes every opcode.
fn decodable_minors() -> Vec<u8> {
    cpyg::adapters::supported_minors()
        .filter(|&m| cpyg::adapters::adapter(m).is_some_and(|a| a.unlifted_opcodes().is_empty()))
        .collect()
}

/// Every file of a fact directory by name.
fn read_dir(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            (path.file_name().unwrap().to_string_lossy().into_owned(), fs::read(&path).unwrap())
        })
        .collect()
}

fn facts(inputs: &[PathBuf], python: Option<&str>, out: &Path, threads: usize) -> BTreeMap<String, Vec<u8>> {
    facts_skipping(inputs, python, out, threads, &[])
}

/// As [`facts`], where exactly the modules `skipped` do not compile.
fn facts_skipping(
    inputs: &[PathBuf],
    python: Option<&str>,
    out: &Path,
    threads: usize,
    skipped: &[&str],
) -> BTreeMap<String, Vec<u8>> {
    let run = cpyg::facts::run(inputs, python, out, threads).unwrap();
    let names: Vec<&str> = run.skipped.iter().map(|s| s.module.as_str()).collect();
    assert_eq!(names, skipped, "{:?}", run.skipped);
    read_dir(out)
}

#[test]
fn sourceless_bytecode_gives_the_facts_of_its_sources() {
    for minor in decodable_minors() {
        let Some(interpreter) = missing::interpreter(minor, "facts of sources against facts of their bytecode") else {
            continue;
        };
        let python = interpreter.path.display().to_string();
        for program in ["features", "running_example"] {
            let tmp = tempfile::tempdir().unwrap();
            // Pattern matching is 3.10 syntax: the fixtures of older releases lack that module.
            let skipped: &[&str] = if program == "features" && minor < 10 { &["features.matching"] } else { &[] };
            let sources = [repo().join("tests/programs").join(program)];
            let from_source = facts_skipping(&sources, Some(&python), &tmp.path().join("src"), 2, skipped);
            let fixture = repo().join(format!("tests/fixtures/cpython3{minor}")).join(program);
            let from_pyc = facts(&[fixture], None, &tmp.path().join("pyc"), 2);
            assert_eq!(from_source.keys().collect::<Vec<_>>(), from_pyc.keys().collect::<Vec<_>>());
            for (name, source_bytes) in &from_source {
                // The manifest names the inputs, their hashes and the interpreter: it differs by design.
                if name == "manifest.json" {
                    continue;
                }
                let mut expected = String::from_utf8(source_bytes.clone()).unwrap();
                let actual = String::from_utf8(from_pyc[name].clone()).unwrap();
                // Module files are recorded as found: `x.py` in the sources, `x.pyc` in the bytecode.
                if name == "Symbol.facts" {
                    expected = expected
                        .lines()
                        .map(|l| if l.ends_with(".py") { format!("{l}c\n") } else { format!("{l}\n") })
                        .collect();
                }
                assert!(
                    expected == actual,
                    "CPython 3.{minor}, {program}: {name} differs between sources and .pyc files"
                );
            }
        }
    }
}

#[test]
fn fact_directories_are_identical_across_runs_and_threads() {
    let tmp = tempfile::tempdir().unwrap();
    for minor in decodable_minors() {
        let input = vec![repo().join(format!("tests/fixtures/cpython3{minor}/features"))];
        let first = facts(&input, None, &tmp.path().join(format!("{minor}-a")), 1);
        let again = facts(&input, None, &tmp.path().join(format!("{minor}-b")), 1);
        let threaded = facts(&input, None, &tmp.path().join(format!("{minor}-c")), 2);
        assert!(first.len() > 100, "{} files", first.len());
        for (name, bytes) in &first {
            assert!(again[name] == *bytes, "CPython 3.{minor}: {name} differs between two runs");
            assert!(threaded[name] == *bytes, "CPython 3.{minor}: {name} differs between 1 and 2 threads");
        }
    }
}

#[test]
fn manifest_lists_modules_hashes_counts_and_skipped_modules() {
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("pkg");
    fs::create_dir_all(&pkg).unwrap();
    let fixture = repo().join("tests/fixtures/cpython312/running_example/main.pyc");
    fs::copy(&fixture, pkg.join("good.pyc")).unwrap();
    // A .pyc of the right release whose body is damaged: skipped, with its reason.
    let mut damaged = fs::read(&fixture).unwrap();
    damaged.truncate(40);
    fs::write(pkg.join("bad.pyc"), damaged).unwrap();
    let out = tmp.path().join("facts");
    let run = cpyg::facts::run(&[pkg.clone()], None, &out, 2).unwrap();
    assert_eq!(run.skipped.len(), 1, "{:?}", run.skipped);
    let manifest: serde_json::Value = serde_json::from_slice(&fs::read(out.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["cpython"], "3.12");
    assert_eq!(manifest["modules"][0]["name"], "good");
    assert_eq!(manifest["modules"][0]["file"], "good.pyc");
    assert_eq!(manifest["modules"][0]["sha256"].as_str().unwrap().len(), 64);
    assert_eq!(manifest["skipped"][0]["module"], "bad");
    assert!(manifest["skipped"][0]["reason"].as_str().unwrap().contains("unreadable"), "{}", manifest["skipped"]);
    assert!(manifest["files"]["Insn.facts"]["rows"].as_u64().unwrap() > 100);
    let insn = fs::read(out.join("Insn.facts")).unwrap();
    assert_eq!(manifest["files"]["Insn.facts"]["sha256"], cpyg_facts::write::sha256_hex(&insn));
    assert_eq!(manifest["files"]["Insn.facts"]["rows"].as_u64().unwrap() as usize, insn.split(|&b| b == b'\n').count() - 1);
    let module = fs::read_to_string(out.join("Module.facts")).unwrap();
    assert_eq!(module.lines().count(), 1, "{module}");
    let schema: serde_json::Value = serde_json::from_slice(&fs::read(out.join("schema.json")).unwrap()).unwrap();
    let relations = schema["relations"].as_array().unwrap();
    for relation in relations {
        let file = out.join(relation["file"].as_str().unwrap());
        assert!(file.exists(), "{}", file.display());
    }
}
