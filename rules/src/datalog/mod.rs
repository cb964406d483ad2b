//! The rule files. Each is an `ascent_source!` with one concern; a rule set
//! (`crate::sets`) includes the files it is made of. Relations are declared in
//! the file that derives them; fact relations (CamelCase, as in the fact
//! schema) in `facts.rs`.

pub mod calls;
pub mod classes;
pub mod closures;
pub mod containers;
pub mod coverage;
pub mod exceptions;
pub mod facts;
pub mod generators;
pub mod modules;
pub mod protocols;
pub mod values;
