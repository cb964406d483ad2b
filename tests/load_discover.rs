//! Module discovery on small trees; no Python needed.

use std::fs;
use std::path::Path;

use cpyg::load::{discover, DiscoverError, Discovered, FileKind};

/// Creates each file (and its folders) under `root`.
fn tree(root: &Path, files: &[&str]) {
    for file in files {
        let path = root.join(file);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, b"").unwrap();
    }
}

fn names(found: &Discovered) -> Vec<&str> {
    found.modules.iter().map(|m| m.name.as_str()).collect()
}

fn module<'a>(found: &'a Discovered, name: &str) -> &'a cpyg::load::DiscoveredModule {
    found.modules.iter().find(|m| m.name == name).unwrap_or_else(|| panic!("{name} not found in {:?}", names(found)))
}

fn discover_one(path: &Path) -> Discovered {
    discover(&[path.to_path_buf()]).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn regular_and_nested_packages() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    tree(root, &["main.py", "pkg/__init__.py", "pkg/a.py", "pkg/sub/__init__.py", "pkg/sub/mod.py"]);
    let found = discover_one(root);
    assert_eq!(names(&found), ["main", "pkg", "pkg.a", "pkg.sub", "pkg.sub.mod"]);
    assert_eq!(found.root, root);
    assert!(module(&found, "pkg").is_package);
    assert!(module(&found, "pkg.sub").is_package);
    assert!(!module(&found, "pkg.sub.mod").is_package);
    assert_eq!(module(&found, "pkg.sub").path, root.join("pkg/sub/__init__.py"));
    assert!(found.modules.iter().all(|m| m.kind == FileKind::Source));
}

#[test]
fn namespace_packages_hold_modules_below_the_root() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    tree(root, &["ns/mod.py", "ns/deeper/x.py", "ns/regular/__init__.py", "empty_ns/README.txt", "top.py"]);
    let found = discover_one(root);
    assert_eq!(names(&found), ["ns.deeper.x", "ns.mod", "ns.regular", "top"]);
}

#[test]
fn a_package_folder_input_is_named_from_its_parent() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    tree(root, &["pkg/__init__.py", "pkg/a.py", "pkg/sub/__init__.py", "pkg/sub/b.py", "sibling.py"]);
    let found = discover_one(&root.join("pkg"));
    assert_eq!(names(&found), ["pkg", "pkg.a", "pkg.sub", "pkg.sub.b"]);
    assert_eq!(found.root, root);
    let inner = discover_one(&root.join("pkg/sub"));
    assert_eq!(names(&inner), ["pkg.sub", "pkg.sub.b"]);
}

#[test]
fn src_layout() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    tree(
        root,
        &["setup.py", "tests/test_core.py", "src/mypkg/__init__.py", "src/mypkg/core.py", "src/helper_ns/extra.py"],
    );
    let found = discover_one(root);
    assert_eq!(names(&found), ["helper_ns.extra", "mypkg", "mypkg.core"]);
    assert_eq!(found.root, root.join("src"));
}

#[test]
fn a_src_folder_of_loose_modules_is_a_namespace_package() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    tree(root, &["main.py", "src/utils.py"]);
    let found = discover_one(root);
    assert_eq!(names(&found), ["main", "src.utils"]);
    assert_eq!(found.root, root);
}

#[test]
fn sourceless_folder_uses_legacy_pyc_then_pycache() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    tree(
        root,
        &[
            "main.pyc",
            "pkg/__init__.pyc",
            "pkg/a.pyc",
            "pkg/__pycache__/a.cpython-311.pyc",
            "pkg/__pycache__/b.cpython-312.pyc",
            "pkg/__pycache__/c.cpython-311.pyc",
            "pkg/__pycache__/c.cpython-312.opt-1.pyc",
            "pkg/__pycache__/c.cpython-312.pyc",
            "pkg/__pycache__/d.cpython-399.pyc",
            "pkg/__pycache__/d.cpython-313.pyc",
            "pkg/__pycache__/not-a-module.cpython-312.pyc",
            "cached_only/__pycache__/__init__.cpython-312.pyc",
            "cached_only/__pycache__/m.cpython-312.pyc",
        ],
    );
    let found = discover_one(root);
    assert_eq!(names(&found), ["cached_only", "cached_only.m", "main", "pkg", "pkg.a", "pkg.b", "pkg.c", "pkg.d"]);
    assert!(found.modules.iter().all(|m| m.kind == FileKind::Pyc));
    assert_eq!(module(&found, "pkg.a").path, root.join("pkg/a.pyc"));
    assert_eq!(module(&found, "pkg.b").path, root.join("pkg/__pycache__/b.cpython-312.pyc"));
    // The newest release, unoptimised; a release cpyg cannot read only as a last resort.
    assert_eq!(module(&found, "pkg.c").path, root.join("pkg/__pycache__/c.cpython-312.pyc"));
    assert_eq!(module(&found, "pkg.d").path, root.join("pkg/__pycache__/d.cpython-313.pyc"));
    assert!(module(&found, "cached_only").is_package);
}

#[test]
fn pycache_is_ignored_in_a_source_tree() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    tree(
        root,
        &[
            "m.py",
            "__pycache__/m.cpython-312.pyc",
            "__pycache__/gone.cpython-312.pyc",
            "stray.pyc",
            "pkg/__init__.py",
            "pkg/__pycache__/old.cpython-312.pyc",
        ],
    );
    let found = discover_one(root);
    assert_eq!(names(&found), ["m", "pkg"]);
    assert_eq!(module(&found, "m").path, root.join("m.py"));
}

#[test]
fn unimportable_folders_and_files_are_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    tree(
        root,
        &[
            "ok.py",
            ".hidden/x.py",
            ".git/hooks/y.py",
            "site-packages/lib/__init__.py",
            "my-tool/__init__.py",
            "my-tool/cli.py",
            "venv/pyvenv.cfg",
            "venv/lib/z.py",
            "bad-name.py",
            "two.dots.py",
            "notes.txt",
            "pkg/__init__.py",
            "pkg/data-files/w.py",
        ],
    );
    let found = discover_one(root);
    assert_eq!(names(&found), ["ok", "pkg"]);
}

#[test]
fn import_precedence_within_a_folder() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    // A regular package shadows a module, which shadows a namespace portion.
    tree(root, &["thing.py", "thing/__init__.py", "thing/part.py", "other.py", "other/x.py"]);
    let found = discover_one(root);
    assert_eq!(names(&found), ["other", "thing", "thing.part"]);
    assert_eq!(module(&found, "thing").path, root.join("thing/__init__.py"));
    assert_eq!(module(&found, "other").path, root.join("other.py"));
}

#[test]
fn canonical_order_is_by_name_component() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    tree(root, &["pkg_a.py", "pkg/__init__.py", "pkg/z.py", "pkg/a/__init__.py", "pkg/a/b.py", "Upper.py", "a.py"]);
    let found = discover_one(root);
    assert_eq!(names(&found), ["Upper", "a", "pkg", "pkg.a", "pkg.a.b", "pkg.z", "pkg_a"]);
    let again = discover_one(root);
    assert_eq!(found, again);
}

#[test]
fn single_files_are_named_by_their_packages() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    tree(
        root,
        &[
            "pkg/__init__.py",
            "pkg/sub/__init__.py",
            "pkg/sub/mod.py",
            "scripts/run.py",
            "scripts/my-script.py",
            "scripts/two.dots.py",
        ],
    );
    let found = discover_one(&root.join("pkg/sub/mod.py"));
    assert_eq!(names(&found), ["pkg.sub.mod"]);
    assert_eq!(found.root, root);
    let init = discover_one(&root.join("pkg/sub/__init__.py"));
    assert_eq!(names(&init), ["pkg.sub"]);
    assert!(init.modules[0].is_package);
    let script = discover_one(&root.join("scripts/run.py"));
    assert_eq!(names(&script), ["run"]);
    assert_eq!(script.root, root.join("scripts"));
    // An explicitly given script need not be importable...
    assert_eq!(names(&discover_one(&root.join("scripts/my-script.py"))), ["my-script"]);
    // ...but a dotted file name would be mistaken for a package path.
    let err = discover(&[root.join("scripts/two.dots.py")]).unwrap_err();
    assert!(matches!(err, DiscoverError::BadModuleName { .. }), "{err}");
    assert!(err.to_string().contains("two.dots.py"), "{err}");
}

#[test]
fn several_single_files_share_a_root() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    tree(root, &["a.py", "b.py", "pkg/__init__.py", "pkg/c.py"]);
    let inputs = [root.join("b.py"), root.join("a.py"), root.join("pkg/c.py"), root.join("a.py")];
    let found = discover(&inputs).unwrap();
    assert_eq!(names(&found), ["a", "b", "pkg.c"]);
    assert_eq!(found.root, root);
}

#[test]
fn single_pyc_files() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    tree(root, &["pkg/__init__.py", "pkg/__pycache__/x.cpython-312.pyc", "legacy.pyc"]);
    let cached = discover_one(&root.join("pkg/__pycache__/x.cpython-312.pyc"));
    assert_eq!(names(&cached), ["pkg.x"]);
    assert_eq!(cached.modules[0].kind, FileKind::Pyc);
    assert_eq!(cached.root, root);
    assert_eq!(names(&discover_one(&root.join("legacy.pyc"))), ["legacy"]);
}

#[test]
fn same_name_from_two_inputs_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    tree(root, &["one/m.py", "two/m.py"]);
    let err = discover(&[root.join("one"), root.join("two")]).unwrap_err();
    let text = err.to_string();
    assert!(text.contains("module m") && text.contains("one/m.py") && text.contains("two/m.py"), "{text}");
}

#[test]
fn bad_inputs_name_their_path() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    tree(root, &["notes.txt", "empty/README.md"]);
    let missing = root.join("missing");
    let err = discover(std::slice::from_ref(&missing)).unwrap_err();
    assert!(err.to_string().contains(&missing.display().to_string()), "{err}");
    let err = discover(&[root.join("notes.txt")]).unwrap_err();
    assert!(matches!(err, DiscoverError::NotPython { .. }) && err.to_string().contains("notes.txt"), "{err}");
    let err = discover(&[root.join("empty")]).unwrap_err();
    assert!(matches!(err, DiscoverError::NoModules { .. }) && err.to_string().contains("empty"), "{err}");
    assert!(matches!(discover(&[]), Err(DiscoverError::NoInputs)));
}

#[cfg(unix)]
#[test]
fn symbolic_link_loops_end() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    tree(root, &["pkg/__init__.py", "pkg/a.py"]);
    std::os::unix::fs::symlink(root.join("pkg"), root.join("pkg/again")).unwrap();
    let found = discover_one(root);
    assert_eq!(names(&found), ["pkg", "pkg.a"]);
}
