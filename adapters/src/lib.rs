//! Version adapters: decode CPython 3.8–3.15 code objects into version-neutral
//! semantic instruction records.
//!
//! Layout: the shared machinery lives in `src/` (code-object model, marshal and
//! `.pyc` reading, the semantic record, the wordcode walker, lifters common to
//! releases); each release lives in its own folder `cpython3XX/` with a generated
//! opcode table and a small handwritten decoder. The build discovers those
//! folders (see `build.rs`). Opcode names that exist only in some releases are
//! mentioned only inside their release folders.

pub mod code;
pub mod common;
pub mod decode;
pub mod exception_table;
pub mod lift;
pub mod limits;
pub mod location_table;
pub mod marshal;
pub mod pyc;
pub mod sem;
pub mod table;
pub mod validate;

mod registry {
    include!(concat!(env!("OUT_DIR"), "/registry.rs"));
}

use std::sync::OnceLock;

pub use decode::{Adapter, DecodeError, DecodedCode};

/// A CPython release this build can decode, by minor version (3.`minor`).
pub fn supported_minors() -> impl Iterator<Item = u8> {
    registry::RELEASES.iter().map(|&(minor, _)| minor)
}

/// The supported releases as users read them: "CPython 3.8-3.15".
pub fn supported_releases() -> String {
    let minors: Vec<u8> = supported_minors().collect();
    match (minors.first(), minors.last()) {
        (Some(first), Some(last)) if first != last => format!("CPython 3.{first}-3.{last}"),
        (Some(only), _) => format!("CPython 3.{only}"),
        _ => "no CPython release".to_string(),
    }
}

/// The adapter for CPython 3.`minor`, built once per process.
pub fn adapter(minor: u8) -> Option<&'static Adapter> {
    static ADAPTERS: OnceLock<Vec<(u8, Adapter)>> = OnceLock::new();
    let all =
        ADAPTERS.get_or_init(|| registry::RELEASES.iter().map(|&(m, parts)| (m, Adapter::new(parts()))).collect());
    all.iter().find(|(m, _)| *m == minor).map(|(_, a)| a)
}
