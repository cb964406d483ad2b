//! The data-dependence graph (paper §3.5, Algorithm 4): which instruction's value
//! another instruction may use, inside functions and across calls and the heap.
//!
//! It is derived after the points-to fixed point, in Datalog (`program.rs`), from
//! three things the other products already hold: the facts (operand-stack flow,
//! loads and stores by kind), the refined CFG of `cpyg-control` (reaching
//! definitions of local slots, along normal and exceptional edges) and the
//! solution (which objects a base or container may be, which functions a call
//! runs and how it binds their parameters). Nothing here decides a callee or an
//! object: where the solution merges, the graph merges.
//!
//! Nodes are instructions (by id: code object and native offset come with the
//! facts) and formal parameters (their value on entry). Edges carry one [`Kind`].
//!
//! Under a rule set whose solution keeps contexts the graph keeps them too
//! ([`Contexts`]): a node in an activation is a calling context and a node, edges
//! inside a frame hold in each activation of their function, and edges between
//! activations join the contexts the solution joins (a call's actuals to the formals
//! of the activations it starts; a store to the loads of the same object in the same
//! heap context). So a context-sensitive analysis gives a context-sensitive graph.

mod input;
mod program;

use cpyg_control::Control;
use cpyg_facts::lower::Facts;
use cpyg_rules::Solution;

/// A node: an instruction that defines or uses a value, or a formal parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Node {
    Insn(u32),
    /// Parameter `index` (signature order) of code object `code`, as the frame starts.
    Param {
        code: u32,
        index: u32,
    },
}

macro_rules! kinds {
    ($($(#[$doc:meta])* $kind:ident = $name:literal,)*) => {
        /// Why a node depends on another.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Kind {
            $($(#[$doc])* $kind,)*
        }

        impl Kind {
            pub const ALL: &'static [Kind] = &[$(Kind::$kind,)*];

            pub fn name(self) -> &'static str {
                match self {
                    $(Kind::$kind => $name,)*
                }
            }
        }
    };
}

kinds! {
    /// An operand-stack producer to its consumer.
    Stack = "stack",
    /// An operand-stack producer to an instruction that uses the value to find another:
    /// the base, key or bounds of an attribute or item access, the callee of a call. Thin
    /// slices leave these out.
    Base = "base",
    /// A store of a local slot (or a parameter's entry value) to a load it reaches.
    Local = "local",
    /// A store of a module global to its loads, in any module.
    Global = "global",
    /// A store into a closure cell to the loads of that cell.
    Cell = "cell",
    /// An attribute store to the loads of that attribute on a base that may be the same object.
    Heap = "heap",
    /// A container store to the element loads of a container that may be the same object.
    Collection = "collection",
    /// An actual argument to the formal parameter of every function the call runs.
    Argument = "argument",
    /// A return of a function to the call sites whose result it is.
    Return = "return",
    /// A raise to the store that binds the exception in each handler it may reach.
    Exception = "exception",
}

impl Kind {
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.iter().copied().find(|k| k.name() == name)
    }

    /// Whether both ends are always in the same activation (a frame's own stack and locals).
    pub fn within_activation(self) -> bool {
        matches!(self, Kind::Stack | Kind::Base | Kind::Local)
    }
}

/// What the graph follows; the defaults are the analysis, the others its ablations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Argument and return edges through call edges. Off, each function stands alone.
    pub interprocedural: bool,
    /// Heap edges join stores and loads on the attribute name. Off, every attribute of
    /// an object is one field.
    pub field_names: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options { interprocedural: true, field_names: true }
    }
}

/// The graph of some code objects.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ddg {
    /// Every node an edge touches, sorted.
    pub nodes: Vec<Node>,
    /// `(from, to, kind)`: `to` may use the value `from` defines, in some activations; sorted.
    pub edges: Vec<(Node, Node, Kind)>,
    /// The graph with contexts, when the solution keeps them (`None` under `insensitive`,
    /// where each function has one activation).
    pub contexts: Option<Contexts>,
    /// Instructions whose dependences the graph cannot give whole, and why; sorted.
    /// Every other instruction's are concrete.
    pub coverage: Vec<(u32, Coverage, Gap)>,
}

pub use cpyg_rules::context::CallString;
pub use cpyg_rules::objects::Coverage;

/// The graph's activations and the edges between them; sorted. An edge of a kind that
/// stays [`Kind::within_activation`] holds in every activation of its function and is
/// only in [`Ddg::edges`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Contexts {
    /// `(ctx, code)`: the code object runs in the calling context.
    pub activations: Vec<(CallString, u32)>,
    /// `(from ctx, from, to ctx, to, kind)`: `to`, in its activation, may use the value
    /// `from` defines in its own.
    pub edges: Vec<(CallString, Node, CallString, Node, Kind)>,
}

/// Where an instruction's dependences stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Gap {
    /// A call whose callees are unresolved (typed: outside the package) or unknown: what
    /// flows into and out of them is not followed.
    Call,
    /// An attribute or element of an outside object (typed), or of a base the analysis
    /// knows nothing of (top).
    Base,
}

impl Gap {
    pub fn name(self) -> &'static str {
        match self {
            Gap::Call => "call",
            Gap::Base => "base",
        }
    }
}

impl Ddg {
    /// Edges of one kind.
    pub fn count(&self, kind: Kind) -> usize {
        self.edges.iter().filter(|e| e.2 == kind).count()
    }
}

/// Why the graph cannot be built: facts whose relations do not have the shape read here.
#[derive(Debug, thiserror::Error)]
#[error("the facts do not give a data-dependence graph: {0}")]
pub struct Error(pub String);

/// Builds the graph of the code objects `control` covers (their CFGs give the local
/// reaching definitions; edges into or out of other code objects are kept when their
/// other end is covered too).
pub fn build(facts: &Facts, solution: &Solution, control: &Control, options: Options) -> Result<Ddg, Error> {
    let input = input::Input::read(facts, solution, control, options).map_err(Error)?;
    let coverage = input.coverage(facts, solution);
    let mut ddg = program::solve(input);
    ddg.coverage = coverage;
    Ok(ddg)
}
