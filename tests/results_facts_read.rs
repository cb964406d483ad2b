//! Reading a fact directory back gives the facts that were written, and broken
//! files are refused with the file and line.

use std::fs;
use std::path::{Path, PathBuf};

use cpyg_facts::read::{read_dir, read_manifest};
use cpyg_facts::schema::RELATION_IDS;

/// Every release this build reads.
fn releases() -> Vec<u8> {
    cpyg::adapters::supported_minors().collect()
}

fn running_example(minor: u8) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/cpython3{minor}/running_example"))
}

fn write_facts(minor: u8, dir: &Path) {
    cpyg::facts::run(&[running_example(minor)], None, dir, 2).expect("cpyg facts writes the running example");
}

#[test]
fn written_facts_read_back_identical() {
    for minor in releases() {
        let dir = tempfile::tempdir().unwrap();
        write_facts(minor, dir.path());
        let read = read_dir(dir.path()).unwrap();
        let lowered = cpyg::analysis::analyze(&[running_example(minor)], None, 1).unwrap().facts;
        assert_eq!(read.minor, minor);
        for &id in RELATION_IDS {
            let expected: Vec<&[u32]> = lowered.rows(id).collect();
            let found: Vec<&[u32]> = read.rows(id).collect();
            assert_eq!(found, expected, "3.{minor} {}", id.schema().name);
        }
        let expected: Vec<(u32, &str)> = lowered.symbols.iter().collect();
        let found: Vec<(u32, &str)> = read.symbols.iter().collect();
        assert_eq!(found, expected, "3.{minor} symbols");
        assert!(read_manifest(dir.path()).unwrap().skipped.is_empty());
    }
}

/// Writes the running example's facts, lets `damage` break them, and returns the reader's error.
fn error_after(damage: impl FnOnce(&Path)) -> String {
    let dir = tempfile::tempdir().unwrap();
    write_facts(12, dir.path());
    damage(dir.path());
    read_dir(dir.path()).map(|_| ()).expect_err("the damaged fact directory is refused").to_string()
}

fn append_line(path: &Path, line: &str) {
    let mut text = fs::read_to_string(path).unwrap();
    text.push_str(line);
    fs::write(path, text).unwrap();
}

#[test]
fn missing_file_is_named() {
    let error = error_after(|dir| fs::remove_file(dir.join("Insn.facts")).unwrap());
    assert!(error.contains("Insn.facts") && error.contains("cannot read"), "{error}");
}

#[test]
fn bad_arity_names_file_and_line() {
    let lines = {
        let dir = tempfile::tempdir().unwrap();
        write_facts(12, dir.path());
        fs::read_to_string(dir.path().join("Insn.facts")).unwrap().lines().count()
    };
    let error = error_after(|dir| append_line(&dir.join("Insn.facts"), "1\t2\t3\n"));
    assert!(error.contains(&format!("Insn.facts:{}: 3 columns, Insn has 4", lines + 1)), "{error}");
}

#[test]
fn non_number_names_file_and_line() {
    let error = error_after(|dir| fs::write(dir.join("CodeParent.facts"), "1\t0\n2\tx\n").unwrap());
    assert!(error.contains("CodeParent.facts:2: `x` is not a number"), "{error}");
    let error = error_after(|dir| fs::write(dir.join("CodeParent.facts"), "1\t4294967296\n").unwrap());
    assert!(error.contains("CodeParent.facts:1: `4294967296` does not fit in 32 bits"), "{error}");
}

#[test]
fn symbols_must_follow_on_and_unescape() {
    let error = error_after(|dir| append_line(&dir.join("Symbol.facts"), "9999\tlate\n"));
    assert!(error.contains("Symbol.facts:") && error.contains("symbol 9999 where"), "{error}");
    let error = error_after(|dir| fs::write(dir.join("Symbol.facts"), "0\tbad \\q escape\n").unwrap());
    assert!(error.contains("Symbol.facts:1: unknown escape `\\q`"), "{error}");
}

#[test]
fn manifest_gives_the_release() {
    let error = error_after(|dir| {
        fs::write(dir.join("manifest.json"), "{\"format\": \"cpyg-facts/2\", \"cpython\": \"2.7\"}").unwrap()
    });
    assert!(error.contains("manifest.json") && error.contains("2.7"), "{error}");
}
