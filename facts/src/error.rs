//! Why the facts of a package cannot be made, written or read back. Every
//! message names what it is about: the file and line of a fact directory, or
//! the module, code object and offset of code the lowering refuses.

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A fact directory that cannot be read, or that does not match its manifest,
    /// schema or release.
    #[error("{0}")]
    Read(String),
    /// A fact directory that cannot be written where asked.
    #[error("{0}")]
    Write(String),
    /// A package the lowering cannot process as a whole (a module it refuses is
    /// skipped instead, with the reason).
    #[error("{0}")]
    Lower(String),
}
