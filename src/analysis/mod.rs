//! Points-to and call-graph analysis of a loaded package: facts lowered in
//! memory, a rule set of `cpyg-rules` run to its fixed point, and the results
//! decoded into names (PyCG-style qualified names, object descriptions).

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// A solved package.
pub struct Analysis {}

/// Loads `inputs` (as `cpyg facts` does), lowers them and solves the `insensitive` rule set.
pub fn analyze(inputs: &[PathBuf], python: Option<&str>, threads: usize) -> Result<Analysis, String> {
    let _ = (inputs, python, threads);
    Err("analysis not implemented yet".into())
}

impl Analysis {
    /// Call edges in PyCG's shape: caller → callees, every function that was
    /// reached as a key (with an empty set when it calls nothing).
    pub fn callgraph_pycg(&self) -> BTreeMap<String, BTreeSet<String>> {
        BTreeMap::new()
    }

    /// What `name` (a local of `scope`, or a global when `scope` is a module) may point to,
    /// each object described as in `rules/README.md` (`function main.f`, `instance main.A`, ...).
    pub fn points_to(&self, scope: &str, name: &str) -> BTreeSet<String> {
        let _ = (scope, name);
        BTreeSet::new()
    }
}
