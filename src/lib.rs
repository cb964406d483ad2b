//! cpyg: package-level static analysis of native CPython bytecode.
pub use cpyg_adapters as adapters;
