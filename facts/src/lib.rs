//! Facts: the boundary between bytecode and Datalog rules.
//!
//! The front end knows bytecode and writes facts; rules know Python semantics
//! and read them. See `facts/README.md` for every relation.

pub mod flow;
