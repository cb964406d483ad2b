//! The facts as other Datalog tools read them: `schema.dl` declares every
//! relation with its columns, `--symbols text` writes names instead of symbol
//! ids, and Soufflé running `docs/souffle/callgraph.dl` over `cpyg facts`
//! output finds the call edges cpyg finds.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use cpyg::results::callgraph::{render, Format, View};
use cpyg_facts::schema::all_relations;
use cpyg_facts::write::SymbolColumns;

#[path = "support/missing.rs"]
mod missing;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Facts of the running example's 3.12 bytecode (no interpreter needed).
fn facts_of_running_example(symbols: SymbolColumns) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("facts");
    let input = repo().join("tests/fixtures/cpython312/running_example");
    cpyg::facts::run_with_options(&[input], None, &out, 1, false, symbols).unwrap();
    (tmp, out)
}

/// `.decl Name(a: unsigned, b: symbol)` → ("Name", ["a: unsigned", "b: symbol"]).
fn declarations(text: &str) -> Vec<(String, Vec<String>)> {
    text.lines()
        .filter_map(|line| line.strip_prefix(".decl "))
        .map(|decl| {
            let (name, columns) = decl.split_once('(').unwrap();
            let columns = columns.trim_end_matches(')').split(", ").map(str::to_string).collect();
            (name.to_string(), columns)
        })
        .collect()
}

#[test]
fn schema_dl_declares_and_inputs_every_relation_with_its_columns() {
    let (_tmp, facts) = facts_of_running_example(SymbolColumns::Ids);
    let text = fs::read_to_string(facts.join("schema.dl")).unwrap();
    let declared = declarations(&text);
    assert_eq!(declared.len(), all_relations().len(), "{text}");
    for ((name, columns), schema) in declared.iter().zip(all_relations()) {
        assert_eq!(name, schema.name);
        let expected: Vec<&str> = schema.columns.iter().map(|c| c.name).collect();
        let got: Vec<&str> = columns.iter().map(|c| c.split(':').next().unwrap()).collect();
        assert_eq!(got, expected, "{name}");
        assert!(text.contains(&format!("\n.input {name}\n")), "{name} is read from {name}.facts");
        // Every row of the relation's file has as many columns as the declaration.
        let rows = fs::read_to_string(facts.join(format!("{name}.facts"))).unwrap();
        assert!(rows.lines().all(|row| row.split('\t').count() == columns.len()), "{name}");
    }
    let symbol = declared.iter().find(|(name, _)| name == "Symbol").unwrap();
    assert_eq!(symbol.1, ["sym: unsigned", "text: symbol"]);
    let load_global = declared.iter().find(|(name, _)| name == "LoadGlobal").unwrap();
    assert_eq!(load_global.1, ["insn: unsigned", "name: unsigned", "out: unsigned"], "ids by default");
    let manifest = fs::read_to_string(facts.join("manifest.json")).unwrap();
    assert!(manifest.contains("\"schema.dl\""), "schema.dl is listed with its hash");
}

#[test]
fn symbols_as_text_writes_names_and_solve_refuses_them() {
    let (_tmp, facts) = facts_of_running_example(SymbolColumns::Text);
    let text = fs::read_to_string(facts.join("schema.dl")).unwrap();
    let declared = declarations(&text);
    let load_global = declared.iter().find(|(name, _)| name == "LoadGlobal").unwrap();
    assert_eq!(load_global.1, ["insn: unsigned", "name: symbol", "out: unsigned"]);
    let rows = fs::read_to_string(facts.join("LoadGlobal.facts")).unwrap();
    let names: Vec<&str> = rows.lines().map(|row| row.split('\t').nth(1).unwrap()).collect();
    assert!(names.contains(&"bind") && names.contains(&"Guard"), "{names:?}");
    let error = cpyg::results::solve_dir(&facts, cpyg_rules::RuleSet::Insensitive, 1).map(|_| ()).unwrap_err();
    assert!(error.to_string().contains("written with `--symbols text`"), "{error}");
}

/// Soufflé, from `CPYG_SOUFFLE` or `PATH`.
fn souffle() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("CPYG_SOUFFLE") {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join("souffle")).find(|p| p.is_file())
}

#[test]
fn souffle_finds_the_call_edges_cpyg_finds() {
    let Some(souffle) = souffle() else {
        // Not in Debian's packages, so CI has none: this is a check for machines that do.
        eprintln!("SKIPPED: souffle not found (PATH or CPYG_SOUFFLE): the Soufflé run is NOT checked");
        return;
    };
    let Some(python) = missing::interpreter(12, "the Soufflé call graph") else { return };
    let example = repo().join("docs/souffle/example");
    let tmp = tempfile::tempdir().unwrap();
    let (facts, out) = (tmp.path().join("facts"), tmp.path().join("out"));
    let python_path = python.path.display().to_string();
    cpyg::facts::run(std::slice::from_ref(&example), Some(&python_path), &facts, 1).unwrap();
    fs::create_dir(&out).unwrap();
    let program = repo().join("docs/souffle/callgraph.dl");
    let mut run = Command::new(&souffle);
    run.arg("-I").arg(&facts).arg("-F").arg(&facts).arg("-D").arg(&out).arg(&program);
    let status = run.status().unwrap();
    assert!(status.success(), "{} failed on {}", souffle.display(), program.display());

    let analysis = cpyg::analysis::analyze(&[example], Some(&python_path), 1).unwrap();
    let graph = tmp.path().join("callgraph.json");
    fs::write(&graph, render(&analysis, Format::Pycg, &View::whole(Format::Pycg)).unwrap()).unwrap();
    let compare_py = repo().join("docs/souffle/compare.py");
    let compare = Command::new(&python.path).arg(compare_py).arg(&out).arg(&graph).output().unwrap();
    let report = String::from_utf8_lossy(&compare.stdout);
    assert!(compare.status.success(), "{report}");
    assert!(report.starts_with("souffle: 12 edges, cpyg: 12 edges"), "{report}");
}
