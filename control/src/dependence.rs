//! Control dependence (Ferrante, Ottenstein and Warren): `dependent` is control
//! dependent on `controller` with an outcome when `controller` has a successor
//! of that kind that `dependent` postdominates while `dependent` does not strictly
//! postdominate `controller`. Walking the postdominator tree from the successor up
//! to, not including, the controller's immediate postdominator finds exactly those.

use crate::cfg::{Edge, EdgeKind};

ascent::ascent! {
    struct Dependence;

    /// A CFG edge and the kind of control transfer it is.
    relation edge(u32, u32, EdgeKind);
    /// `ipdom(block, dominator)`: the immediate postdominator.
    relation ipdom(u32, u32);
    /// `cdg(controller, dependent, outcome)`.
    relation cdg(u32, u32, EdgeKind);

    // The successor itself, unless it is the controller's immediate postdominator
    // (a successor that postdominates its predecessor always is).
    cdg(a, b, k) <-- edge(a, b, k), ipdom(a, p), if b != p;
    // Up the postdominator tree, stopping at the controller's immediate postdominator.
    cdg(a, n, k) <-- cdg(a, m, k), ipdom(m, n), ipdom(a, p), if n != p;
}

/// The dependences, sorted.
pub(crate) fn control_dependences(edges: &[Edge], ipdom: &[(u32, u32)]) -> Vec<(u32, u32, EdgeKind)> {
    let mut program = Dependence::default();
    // A synthetic edge is no outcome: no run takes it, it only gives postdominators.
    program.edge = edges.iter().filter(|e| e.kind != EdgeKind::Synthetic).map(|e| (e.from, e.to, e.kind)).collect();
    program.ipdom = ipdom.to_vec();
    program.run();
    let mut cdg = program.cdg;
    cdg.sort_unstable();
    cdg
}
