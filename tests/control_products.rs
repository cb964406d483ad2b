//! The control products of the running example (paper §3.5) under every release,
//! asserted by source line: the branch of `run` goes `true` to the primary
//! callback and `false` to the fallback; both arms may raise into the cleanup
//! handler that calls `__exit__`; the two callback blocks depend on the branch with
//! outcomes `true` and `false`; the database's views say the same.

use std::path::{Path, PathBuf};

use cpyg::analysis::{analyze, Analysis, ControlScope};
use cpyg::results::control::{document, Document, Product};
use cpyg_control::EdgeKind;

fn releases() -> Vec<u8> {
    cpyg::adapters::supported_minors().collect()
}

fn fixture(minor: u8) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/cpython3{minor}/running_example"))
}

fn running_example(minor: u8) -> Analysis {
    let mut analysis = analyze(&[fixture(minor)], None, 2).unwrap_or_else(|e| panic!("3.{minor}: {e}"));
    analysis.build_control(ControlScope::Reachable).unwrap_or_else(|e| panic!("3.{minor}: {e}"));
    analysis
}

/// Blocks of `function` holding a call on `line` (3.8 gives the `with` cleanup the
/// last line of the body, so a line alone does not name the callback's block), or,
/// for `WITH`, the cleanup handler (the block that calls `__exit__` on an exception).
fn blocks_on(doc: &Document, function: &str, line: u32) -> Vec<u32> {
    let f = doc.functions.iter().find(|f| f.name == function).expect("function");
    let cleanup = |op: &str| matches!(op, "WITH_EXCEPT_START" | "WITH_CLEANUP_START");
    f.blocks
        .iter()
        .filter(|b| {
            let ops = || b.instructions.iter().map(|i| i.opname.as_str());
            if line == WITH {
                ops().any(cleanup)
            } else {
                !ops().any(cleanup)
                    && b.instructions.iter().any(|i| i.line == Some(line) && (i.opname.starts_with("CALL") || i.opname.starts_with("POP_JUMP")))
            }
        })
        .map(|b| b.id)
        .collect()
}

/// Whether `function` has a CFG edge of `kind` from a block with a `from` line to one
/// with a `to` line (`None`: to the exit).
fn cfg_edge(doc: &Document, function: &str, from: u32, to: Option<u32>, kind: EdgeKind) -> bool {
    let f = doc.functions.iter().find(|f| f.name == function).expect("function");
    let exits: Vec<u32> = f.blocks.iter().filter(|b| b.kind == "exit").map(|b| b.id).collect();
    let targets = to.map_or(exits, |line| blocks_on(doc, function, line));
    let sources = blocks_on(doc, function, from);
    assert!(!sources.is_empty() && !targets.is_empty(), "{function}: no block for line {from} or {to:?}");
    f.edges.iter().flatten().any(|e| e.kind == kind.name() && sources.contains(&e.from) && targets.contains(&e.to))
}

fn cdg_edge(doc: &Document, function: &str, controller: u32, dependent: u32, outcome: EdgeKind) -> bool {
    let f = doc.functions.iter().find(|f| f.name == function).expect("function");
    let (from, to) = (blocks_on(doc, function, controller), blocks_on(doc, function, dependent));
    f.dependences
        .iter()
        .flatten()
        .any(|d| d.outcome == outcome.name() && from.contains(&d.controller) && to.contains(&d.dependent))
}

// Lines of tests/programs/running_example/main.py.
const IF_FLAG: u32 = 41;
const PRIMARY: u32 = 42;
const FALLBACK: u32 = 44;
const WITH: u32 = 40;

#[test]
fn the_branch_goes_true_to_the_primary_and_false_to_the_fallback() {
    for minor in releases() {
        let doc = document(&running_example(minor), Product::Cfg, Some("main.run")).unwrap();
        assert!(cfg_edge(&doc, "main.run", IF_FLAG, Some(PRIMARY), EdgeKind::True), "3.{minor}");
        assert!(cfg_edge(&doc, "main.run", IF_FLAG, Some(FALLBACK), EdgeKind::False), "3.{minor}");
        assert!(!cfg_edge(&doc, "main.run", IF_FLAG, Some(PRIMARY), EdgeKind::False), "3.{minor}");
        assert!(!cfg_edge(&doc, "main.run", IF_FLAG, Some(FALLBACK), EdgeKind::True), "3.{minor}");
    }
}

#[test]
fn both_callbacks_may_raise_into_the_cleanup_handler() {
    for minor in releases() {
        let doc = document(&running_example(minor), Product::Cfg, Some("main.run")).unwrap();
        for arm in [PRIMARY, FALLBACK] {
            assert!(cfg_edge(&doc, "main.run", arm, Some(WITH), EdgeKind::Exception), "3.{minor}: line {arm}");
        }
        let f = &doc.functions[0];
        let handler_edges: Vec<_> = f.edges.iter().flatten().filter(|e| e.kind == "exception" && e.handler_depth.is_some()).collect();
        assert!(!handler_edges.is_empty(), "3.{minor}: exception edges to handlers carry the restored depth");
    }
}

#[test]
fn the_callback_blocks_depend_on_the_branch_outcomes() {
    for minor in releases() {
        let doc = document(&running_example(minor), Product::Cdg, Some("main.run")).unwrap();
        assert!(cdg_edge(&doc, "main.run", IF_FLAG, PRIMARY, EdgeKind::True), "3.{minor}");
        assert!(cdg_edge(&doc, "main.run", IF_FLAG, FALLBACK, EdgeKind::False), "3.{minor}");
        assert!(!cdg_edge(&doc, "main.run", IF_FLAG, PRIMARY, EdgeKind::False), "3.{minor}");
        assert!(!cdg_edge(&doc, "main.run", IF_FLAG, FALLBACK, EdgeKind::True), "3.{minor}");
    }
}

#[test]
fn straight_line_code_depends_on_nothing() {
    // `source` is one return: its single block has no controller.
    for minor in releases() {
        let doc = document(&running_example(minor), Product::Cdg, Some("main.source")).unwrap();
        assert_eq!(doc.functions[0].dependences.as_deref().map(<[_]>::len), Some(0), "3.{minor}");
    }
}

#[test]
fn every_block_has_an_immediate_postdominator_in_its_own_code_object() {
    for minor in releases() {
        let analysis = running_example(minor);
        let control = analysis.control.as_ref().unwrap();
        let code_of: std::collections::HashMap<u32, u32> = control.blocks.iter().map(|b| (b.id, b.code)).collect();
        let non_exit = control.blocks.iter().filter(|b| b.kind != cpyg_control::BlockKind::Exit).count();
        assert_eq!(control.ipdom.len(), non_exit, "3.{minor}");
        for &(block, dominator) in &control.ipdom {
            assert_eq!(code_of[&block], code_of[&dominator], "3.{minor}: block {block}");
        }
    }
}

#[test]
fn an_unknown_function_is_an_error_naming_it() {
    let err = document(&running_example(12), Product::Cfg, Some("main.nothing")).unwrap_err();
    assert!(err.contains("`main.nothing`"), "{err}");
}

#[test]
fn the_database_views_name_the_dependences_by_line() {
    use cpyg::results::sqlite::Destination;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("out.sqlite");
    cpyg::results::analyze_to_db(
        &[fixture(12)],
        None,
        cpyg_rules::RuleSet::Insensitive,
        1,
        ControlScope::Reachable,
        &Destination { path: &db, force: false },
    )
    .unwrap();
    let connection = rusqlite::Connection::open(&db).unwrap();
    let rows: Vec<(i64, i64, String)> = connection
        .prepare(
            "SELECT controller_line, dependent_first_line, outcome FROM cdg_named
             WHERE function = 'main.run' AND dependent_first_line IN (42, 44) AND outcome IN ('true', 'false')
             ORDER BY 2",
        )
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(rows, [(41, 42, "true".to_string()), (41, 44, "false".to_string())]);
    let edges: i64 = connection
        .query_row(
            "SELECT COUNT(*) FROM cfg_edges_named WHERE function = 'main.run' AND from_last_line = 41 AND kind = 'true'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(edges, 1);
    let scope: String = connection.query_row("SELECT value FROM meta WHERE key = 'control'", [], |r| r.get(0)).unwrap();
    assert_eq!(scope, "reachable");
}
