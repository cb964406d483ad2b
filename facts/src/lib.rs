//! Facts: the boundary between bytecode and Datalog rules.
//!
//! The front end knows bytecode and writes facts; rules know Python semantics
//! and read them. See `facts/README.md` for every relation.
//!
//! - [`schema`]: the relation definitions (one per relation; rows, TSV and `schema.json` follow);
//! - [`input`]: the decoded package the lowering reads;
//! - [`flow`] (operand-stack flow) and [`cfg`] (blocks and edges) of one code object;
//! - [`lower`]: per code object (modules in parallel) into [`lower::Facts`];
//! - [`write`]: the fact directory; [`read`]: reading one back;
//! - [`check`]: the consistency check of one code object's flow and graph;
//! - [`fact_check`]: the consistency check of a whole fact set (ids, flow, edges).

pub mod cfg;
pub mod error;
pub mod check;
pub mod fact_check;
pub mod flow;
pub mod input;
pub mod lower;
pub mod read;
pub mod schema;
pub mod symbols;
pub mod write;

pub use error::Error;
