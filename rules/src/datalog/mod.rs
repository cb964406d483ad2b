//! The rule files, one concern each. A concern's file holds two `ascent_source!`s:
//! `<concern>_prepare`, rules over facts alone that derive the prepared relations
//! (declared in `prepared.rs`, CamelCase like facts), run by `crate::sets::Prepare`;
//! and `<concern>`, the fixed-point rules a rule set (`crate::sets`) includes.
//! Derived relations (snake_case) are declared in the file that derives them;
//! fact relations (CamelCase, as in the fact schema) in `facts.rs`.

pub mod calls;
pub mod classes;
pub mod closures;
pub mod containers;
pub mod coverage;
pub mod exceptions;
pub mod facts;
pub mod generators;
pub mod modules;
pub mod outside;
pub mod prepared;
pub mod protocols;
pub mod values;
