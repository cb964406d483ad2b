//! `cpyg facts --check` on the committed fixtures of every release (no Python
//! needed), and the fact-set check catching a fact set corrupted in memory.

use std::path::{Path, PathBuf};

use cpyg::package::SemanticPackage;
use cpyg_facts::check::ViolationKind;
use cpyg_facts::fact_check::{check_facts, FactCheckReport};
use cpyg_facts::lower::{lower_package, Facts};
use cpyg_facts::schema::{Entity, RelationId};

fn fixtures(minor: u8) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/cpython3{minor}"))
}

#[test]
fn every_fixture_of_every_release_checks_clean() {
    for minor in cpyg::adapters::supported_minors() {
        let out = tempfile::tempdir().unwrap();
        let run = cpyg::facts::run_with_check(&[fixtures(minor)], None, out.path(), 2, true).unwrap();
        assert!(run.skipped.is_empty(), "3.{minor}: {:?}", run.skipped);
        let check = run.check.expect("--check gives a report");
        assert!(check.is_clean(), "3.{minor}:\n{check}");
        // The fixtures hold the running example, the feature programs and the adapter snippets.
        assert!(run.modules >= 19, "3.{minor}: {} modules", run.modules);
        assert_eq!(check.codes.code_objects as usize, run.code_objects, "3.{minor}");
        assert!(check.codes.edges > 200 && check.codes.flows > 1000, "3.{minor}:\n{check}");
        for (entity, defined) in Entity::ALL.iter().zip(check.facts.defined) {
            assert!(defined > 0, "3.{minor}: no {} ids", entity.name());
        }
        assert_eq!(check.facts.defined[Entity::Insn as usize], check.codes.instructions, "3.{minor}");
        assert_eq!(check.facts.defined[Entity::Var as usize], check.codes.variables, "3.{minor}");
        assert_eq!(check.facts.flows, check.codes.flows, "3.{minor}");
    }
}

/// The running example of 3.12, lowered in memory.
fn running_example() -> Facts {
    let loaded = cpyg::load::load(&[fixtures(12).join("running_example")], None).unwrap();
    let root = loaded.root.clone();
    let sources = loaded.modules.into_iter().map(Into::into).collect();
    let package = SemanticPackage::build(loaded.minor, sources, 1).unwrap();
    let input = cpyg::facts::package_input(&package, &root);
    lower_package(&input, 1).unwrap().facts
}

fn kinds(report: &FactCheckReport) -> Vec<(String, ViolationKind)> {
    report.violations.iter().map(|v| (v.code.clone(), v.kind)).collect()
}

#[test]
fn a_dangling_id_is_reported() {
    let mut facts = running_example();
    assert!(check_facts(&facts).is_clean(), "{}", check_facts(&facts));
    let vars = facts.count(RelationId::InVar) + facts.count(RelationId::PeekVar) + facts.count(RelationId::OutVar);
    let row = facts.rows_mut(RelationId::StackFlow).next().unwrap();
    row[1] = vars as u32 + 1000;
    let report = check_facts(&facts);
    assert!(!report.is_clean());
    let dangling: Vec<_> = report.violations.iter().filter(|v| v.kind == ViolationKind::DanglingId).collect();
    assert_eq!(dangling.len(), 1, "{report}");
    assert_eq!(dangling[0].code, "StackFlow");
    assert!(dangling[0].message.contains("column `to` names var"), "{report}");
}

#[test]
fn a_dangling_symbol_is_reported() {
    let mut facts = running_example();
    let symbols = facts.symbols.len() as u32;
    let row = facts.rows_mut(RelationId::LoadGlobal).next().unwrap();
    row[1] = symbols;
    let report = check_facts(&facts);
    assert_eq!(kinds(&report), [("LoadGlobal".to_string(), ViolationKind::DanglingId)], "{report}");
}

#[test]
fn an_id_defined_twice_is_reported() {
    let mut facts = running_example();
    // Instruction 1 now claims to be instruction 0: 0 is defined twice, 1 not at all.
    let row = facts.rows_mut(RelationId::Insn).nth(1).unwrap();
    row[0] = 0;
    let report = check_facts(&facts);
    let not_dense: Vec<_> = report.violations.iter().filter(|v| v.kind == ViolationKind::NotDense).collect();
    assert_eq!(not_dense.len(), 2, "{report}");
    assert!(not_dense[0].message.contains("insn 0 is defined by 2 rows"), "{report}");
    // Every fact about instruction 1 now names an undefined id.
    assert!(report.violations.iter().any(|v| v.kind == ViolationKind::DanglingId), "{report}");
}

#[test]
fn a_row_across_code_objects_is_reported() {
    let mut facts = running_example();
    // The last edge (of `run`, the last code object) now leads into block 0, the module body's.
    let row = facts.rows_mut(RelationId::BlockEdge).last().unwrap();
    assert_ne!(row[0], 0);
    row[1] = 0;
    let report = check_facts(&facts);
    let found = kinds(&report);
    assert!(found.contains(&("BlockEdge".to_string(), ViolationKind::MixedCode)), "{report}");
    assert!(found.contains(&("BlockEdge".to_string(), ViolationKind::BadEdge)), "{report}");
}

#[test]
fn a_flow_into_a_producer_is_reported() {
    let mut facts = running_example();
    // Redirect a flow to the value it comes from: it now ends at a producer.
    let row = facts.rows_mut(RelationId::StackFlow).next().unwrap();
    row[1] = row[0];
    let report = check_facts(&facts);
    let found: Vec<ViolationKind> = report.violations.iter().map(|v| v.kind).collect();
    assert!(found.contains(&ViolationKind::BadFlow), "{report}");
}
