//! Why solving fails. The rules themselves cannot fail: what can is the input
//! (facts whose relations do not have the shape the rules read), the machine
//! (threads), and the diagnostics the environment asks for.

use std::time::Duration;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A relation of the facts does not have the shape the rules read (facts of
    /// another version, or edited by hand).
    #[error("the facts do not fit the rules: {0}")]
    Facts(String),
    #[error("cannot start {threads} solving threads: {message}")]
    Threads { threads: usize, message: String },
    /// A `CPYG_*` variable that cannot be read.
    #[error("{0}")]
    Environment(String),
    /// `CPYG_PROFILE_STOP` ended a program after printing its profile.
    #[error("CPYG_PROFILE_STOP: {program} stopped after {after:?} for its profile")]
    ProfileStop { program: String, after: Duration },
    #[error("unknown rule set `{name}` (known: {known})")]
    UnknownRuleSet { name: String, known: String },
}

/// Messages of the input readers (`crate::input`) are about the facts' shape.
impl From<String> for Error {
    fn from(message: String) -> Error {
        Error::Facts(message)
    }
}
