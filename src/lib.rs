//! cpyg: package-level static analysis of native CPython bytecode.
//!
//! See `ARCHITECTURE.md` for the map. This crate holds the front end around the
//! version adapters (`cpyg-adapters`): loading packages, identities, validation,
//! listings and the command line.

pub use cpyg_adapters as adapters;

pub mod analysis;
pub mod conformance;
pub mod describe;
pub mod disasm;
pub mod facts;
pub mod load;
pub mod monitor;
pub mod package;
pub mod profile;
pub mod results;
