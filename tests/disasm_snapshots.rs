//! The running example's listing in every release, from the committed `.pyc`
//! fixtures: the snapshots show how each release lowers the same source and what
//! cpyg makes of it (operations, stack effects, control, regions).

use std::path::Path;

use cpyg::package::{ModuleSource, SemanticPackage};

fn running_example(minor: u8) -> SemanticPackage {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/cpython3{minor}/running_example/main.pyc"));
    let pyc = cpyg::adapters::pyc::read(&std::fs::read(&path).unwrap()).unwrap();
    let module = ModuleSource {
        name: "main".into(),
        path: "running_example/main.pyc".into(),
        is_package: false,
        code: pyc.code,
        strings: Vec::new(),
    };
    SemanticPackage::build(minor, vec![module], 1).unwrap()
}

fn listing(minor: u8) -> String {
    let mut out = Vec::new();
    cpyg::disasm::write_text(&running_example(minor), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// One snapshot test per release, so that `cargo test running_example_3_12` runs one.
macro_rules! release_listings {
    ($($minor:literal: $name:ident;)*) => {$(
        #[test]
        fn $name() {
            insta::assert_snapshot!(listing($minor));
        }
    )*};
}

release_listings! {
    8: running_example_3_8;
    9: running_example_3_9;
    10: running_example_3_10;
    11: running_example_3_11;
    12: running_example_3_12;
    13: running_example_3_13;
    14: running_example_3_14;
    15: running_example_3_15;
}

#[test]
fn identities_follow_preorder_with_kinds_and_qualnames() {
    for minor in cpyg::adapters::supported_minors() {
        let package = running_example(minor);
        let names: Vec<(u32, Option<u32>, &str, &str)> =
            package.codes.iter().map(|c| (c.id, c.parent, c.qualname.as_str(), c.kind.as_str())).collect();
        assert_eq!(
            names,
            vec![
                (0, None, "<module>", "module"),
                (1, Some(0), "source", "function"),
                (2, Some(0), "audit", "function"),
                (3, Some(0), "Guard", "class_body"),
                (4, Some(3), "Guard.__enter__", "function"),
                (5, Some(3), "Guard.__exit__", "function"),
                (6, Some(0), "left", "function"),
                (7, Some(0), "right", "function"),
                (8, Some(0), "bind", "function"),
                (9, Some(8), "bind.<locals>.invoke", "function"),
                (10, Some(0), "run", "function"),
            ],
            "CPython 3.{minor}"
        );
    }
}
