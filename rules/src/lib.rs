//! cpyg's Datalog rules: points-to and the call graph to one fixed point,
//! written with `ascent` over the facts of `cpyg-facts`.
//!
//! - [`datalog`]: the rule files, one concern each (`ascent_source!`);
//! - [`sets`]: rule sets assembled from them, chosen by name;
//! - [`objects`]: the abstract objects;
//! - [`context`]: calling and heap contexts, and policy attributes;
//! - [`knowledge`]: Python names and builtins the rules match, as input relations;
//! - [`mro`]: C3 linearization between rounds;
//! - [`flow`]: flow sensitivity, as loads and stores rewritten before solving;
//! - [`never_run`]: the code under `if TYPE_CHECKING:`, whose facts the rules do not read;
//! - [`substitution`]: read variables replaced by their single producer before solving;
//! - [`solve`]: the driver.

pub mod context;
pub mod datalog;
pub mod error;
pub mod flow;
pub mod input;
pub mod knowledge;
pub mod mro;
pub mod never_run;
pub mod objects;
pub mod sets;
pub mod solve;
pub mod substitution;

pub use error::Error;
pub use sets::RuleSet;
pub use knowledge::Roots;
pub use solve::{solve, solve_observed, solve_rooted, CallBinding, Contexts, FirstOrders, Solution, Step};
