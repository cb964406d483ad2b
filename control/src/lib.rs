//! Control products of a lowered package (paper §3.5, Algorithm 4): per code
//! object, the refined exception-aware control-flow graph with a synthetic exit,
//! its postdominator tree, and the control-dependence graph derived from it.
//!
//! The products read only facts (`Block`, `BlockEdge`, `Insn`, `ExceptionRegion`,
//! the local loads and stores), so they are the same from a package and from a
//! fact directory, and they never feed back into the points-to fixed point: the
//! solver keeps the conservative CFG of the lowering.

mod cfg;
mod dependence;
mod postdom;

pub use cfg::{Block, BlockKind, Edge, EdgeKind, Justification};

use cpyg_facts::lower::Facts;

/// Why the products cannot be built: the facts contradict themselves (an
/// instruction outside its code object's blocks, a jump into no block). The
/// lowering and `cpyg facts --check` rule this out for facts cpyg wrote.
#[derive(Debug, thiserror::Error)]
#[error("the facts do not give a control-flow graph: {0}")]
pub struct Error(pub String);

/// The control products of some code objects.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Control {
    /// Every block of the chosen code objects and one exit block each, by id.
    pub blocks: Vec<Block>,
    /// Refined successor edges, sorted.
    pub edges: Vec<Edge>,
    /// `(block, immediate postdominator)`: every block but the exits.
    pub ipdom: Vec<(u32, u32)>,
    /// `(controller, dependent, outcome)`: `dependent` runs or not depending on which
    /// successor `controller` takes; sorted.
    pub cdg: Vec<(u32, u32, EdgeKind)>,
    /// Per code object, what its exception edges rest on.
    pub coverage: Vec<CodeCoverage>,
    /// Exception edges of local loads that definite assignment disproved.
    pub disproved_unbound_loads: usize,
}

/// The coverage of one code object's CFG (and so of its CDG): `ConcreteOnly` when
/// every exception edge comes from the package's own code (a raise, a call of package
/// code, a local that may be unbound), `TypedUnresolved` when some come only from
/// what cpyg does not model: outside calls, native operations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeCoverage {
    pub code: u32,
    pub level: &'static str,
    /// The justifications of the may-raise instructions, with their counts.
    pub detail: String,
}

/// Builds the products of `codes` (code object ids), sorted by id. `unresolved_calls`
/// are call sites with a callee outside the package or unknown: their exception edges
/// are typed unresolved.
pub fn build(facts: &Facts, codes: &[u32], unresolved_calls: &[u32]) -> Result<Control, Error> {
    build_observed(facts, codes, unresolved_calls, &mut |_| {})
}

/// [`build`], calling `step` as it starts each step (`cfg`, `cdg`), for a profile.
pub fn build_observed(
    facts: &Facts,
    codes: &[u32],
    unresolved_calls: &[u32],
    step: &mut dyn FnMut(&str),
) -> Result<Control, Error> {
    step("cfg");
    let graphs = cfg::build(facts, codes, unresolved_calls).map_err(Error)?;
    step("cdg");
    let mut control = Control::default();
    for graph in &graphs.codes {
        let ipdom = postdom::immediate_postdominators(graph);
        for (local, &dominator) in ipdom.iter().enumerate() {
            if local != graph.exit() {
                control.ipdom.push((graph.block_id(local), graph.block_id(dominator)));
            }
        }
        control.edges.extend(graph.edges());
        control.blocks.extend(graph.blocks.iter().cloned());
        control.coverage.push(graph.coverage.clone());
    }
    control.disproved_unbound_loads = graphs.disproved_unbound_loads;
    control.cdg = dependence::control_dependences(&control.edges, &control.ipdom);
    control.blocks.sort_by_key(|b| b.id);
    control.edges.sort();
    control.ipdom.sort();
    Ok(control)
}
