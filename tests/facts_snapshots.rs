//! The fact files of the running example and of a few feature programs in every
//! release, from the committed `.pyc` fixtures (no Python needed). Each snapshot
//! is every relation's file, in schema order, as `cpyg facts` writes it; the
//! README's examples are drawn from the running example's.

use std::path::Path;

use cpyg::package::{ModuleSource, SemanticPackage};
use cpyg_facts::lower::lower_package;
use cpyg_facts::schema::{all_relations, relation_id};
use cpyg_facts::write::{write_rows, write_symbols};

/// Builds a package from fixture files: (module name, path under tests/fixtures/cpython3XX/).
fn package(minor: u8, modules: &[(&str, &str)]) -> SemanticPackage {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/cpython3{minor}"));
    let sources = modules
        .iter()
        .map(|&(name, file)| {
            let pyc = cpyg::adapters::pyc::read(&std::fs::read(dir.join(file)).unwrap()).unwrap();
            ModuleSource {
                name: name.into(),
                path: dir.join(file),
                is_package: file.ends_with("__init__.pyc"),
                code: pyc.code,
                strings: Vec::new(),
            }
        })
        .collect();
    SemanticPackage::build(minor, sources, 1).unwrap()
}

/// Every fact file as `cpyg facts` writes it, one section per relation.
fn fact_files(minor: u8, modules: &[(&str, &str)]) -> String {
    let package = package(minor, modules);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/cpython3{minor}"));
    let input = cpyg::facts::package_input(&package, &root);
    let lowered = lower_package(&input, 2).unwrap();
    assert!(lowered.skipped.is_empty(), "{:?}", lowered.skipped);
    let mut text = Vec::new();
    for relation in all_relations() {
        text.extend_from_slice(format!("== {}.facts\n", relation.name).as_bytes());
        match relation_id(relation.name) {
            Some(id) => write_rows(&mut text, &lowered.facts, id).unwrap(),
            None => write_symbols(&mut text, &lowered.facts).unwrap(),
        }
    }
    String::from_utf8(text).unwrap()
}

const RUNNING_EXAMPLE: &[(&str, &str)] = &[("main", "running_example/main.pyc")];

/// Feature programs that exercise the normalised shapes: calls and function
/// creation, classes, imports, exceptions and `with`, generators and coroutines.
const FEATURES: &[(&str, &str)] = &[
    ("features", "features/__init__.pyc"),
    ("features.classes", "features/classes.pyc"),
    ("features.functions", "features/functions.pyc"),
    ("features.imports", "features/imports.pyc"),
    ("features.exceptions", "features/exceptions.pyc"),
    ("features.generators_async", "features/generators_async.pyc"),
    ("features.containers", "features/containers.pyc"),
];

macro_rules! release_tests {
    ($($minor:literal: $running:ident, $features:ident $(, #[$attr:meta])?;)*) => {$(
        #[test]
        $(#[$attr])?
        fn $running() {
            insta::assert_snapshot!(fact_files($minor, RUNNING_EXAMPLE));
        }

        #[test]
        $(#[$attr])?
        fn $features() {
            insta::assert_snapshot!(fact_files($minor, FEATURES));
        }
    )*};
}

release_tests! {
    8: running_example_3_8, features_3_8;
    9: running_example_3_9, features_3_9;
    10: running_example_3_10, features_3_10;
    11: running_example_3_11, features_3_11;
    12: running_example_3_12, features_3_12;
    13: running_example_3_13, features_3_13;
    14: running_example_3_14, features_3_14;
    15: running_example_3_15, features_3_15;
}
