//! cpyg: package-level static analysis of native CPython bytecode.
//!
//! See `ARCHITECTURE.md` for the map. This crate holds the front end around the
//! version adapters (`cpyg-adapters`): loading packages, identities, validation,
//! listings and the command line.

pub use cpyg_adapters as adapters;
pub use error::Error;

pub mod analysis;
pub mod conformance;
pub mod describe;
pub mod disasm;
pub mod error;
pub mod facts;
pub mod load;
pub mod monitor;
pub mod output;
pub mod package;
pub mod profile;
pub mod query;
pub mod results;
