//! Facts: the boundary between bytecode and Datalog rules.
//!
//! The front end knows bytecode and writes facts; rules know Python semantics
//! and read them. See `facts/README.md` for every relation.
//!
//! - [`schema`]: the relation definitions (one per relation; rows, TSV and `schema.json` follow);
//! - [`input`]: the decoded package the lowering reads;
//! - [`lower`]: per code object, in parallel, into [`lower::Facts`];
//! - [`flow`] (operand-stack flow) and [`cfg`] (blocks and edges) feed it;
//! - [`write`]: the fact directory.

pub mod cfg;
pub mod flow;
pub mod input;
pub mod lower;
pub mod schema;
pub mod symbols;
pub mod write;
