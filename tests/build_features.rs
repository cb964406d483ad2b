//! `cargo build` and `cargo test` compile every shared crate with the same
//! features, so the test build reuses what the build compiled instead of
//! building serde, ascent, the rules and the rest a second time: the features
//! the test build's dev-dependencies turn on are asked for in `Cargo.toml`.

use std::collections::BTreeSet;
use std::process::Command;

/// `name version [features]` of every crate `cargo tree` shows with `edges`.
fn crates_with_features(scope: &[&str], edges: &str) -> BTreeSet<String> {
    let output = Command::new(env!("CARGO"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["tree", "--locked", "--offline", "--prefix", "none", "--no-dedupe", "-f", "{p} [{f}]", "-e", edges])
        .args(scope)
        .output()
        .expect("cargo runs");
    assert!(output.status.success(), "cargo tree: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout).lines().filter(|l| !l.is_empty()).map(str::to_string).collect()
}

#[test]
fn the_test_build_compiles_the_shared_crates_with_the_features_of_the_normal_build() {
    let normal = crates_with_features(&["-p", "cpyg"], "normal,build");
    let test = crates_with_features(&["--workspace"], "normal,build,dev");
    let differing: Vec<&String> = normal.difference(&test).collect();
    assert!(
        differing.is_empty(),
        "built with other features by `cargo test` (ask for them in Cargo.toml): {differing:#?}"
    );
}
