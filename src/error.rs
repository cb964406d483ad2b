//! What ends a cpyg command unsuccessfully, and the exit code it ends with.
//!
//! Exit codes (documented in the README): 0 success; 1 nothing analysable, or
//! skipped inputs under `--strict`; 2 a usage error; 3 an input that cannot be
//! read, compiled or trusted; 4 a resource bound (`crate::monitor`).

/// The error of a command. Lower layers report `String`s, which are input errors.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The inputs, the interpreter, a fact directory or an output path cannot be used.
    #[error("{0}")]
    Input(String),
    /// Everything was read, but no module could be analysed.
    #[error("{0}")]
    NothingAnalysable(String),
    /// A value clap accepted but the command cannot use (an unknown `--function`).
    #[error("{0}")]
    Usage(String),
}

impl From<String> for Error {
    fn from(message: String) -> Error {
        Error::Input(message)
    }
}

impl From<cpyg_facts::Error> for Error {
    fn from(error: cpyg_facts::Error) -> Error {
        Error::Input(error.to_string())
    }
}

impl From<cpyg_rules::Error> for Error {
    fn from(error: cpyg_rules::Error) -> Error {
        match error {
            cpyg_rules::Error::UnknownRuleSet { .. } => Error::Usage(error.to_string()),
            error => Error::Input(error.to_string()),
        }
    }
}

impl From<cpyg_control::Error> for Error {
    fn from(error: cpyg_control::Error) -> Error {
        Error::Input(error.to_string())
    }
}

impl From<cpyg_ddg::Error> for Error {
    fn from(error: cpyg_ddg::Error) -> Error {
        Error::Input(error.to_string())
    }
}

impl Error {
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::NothingAnalysable(_) => EXIT_INCOMPLETE,
            Error::Usage(_) => EXIT_USAGE,
            Error::Input(_) => EXIT_INPUT,
        }
    }
}

/// Nothing analysable, or inputs skipped under `--strict`.
pub const EXIT_INCOMPLETE: u8 = 1;
/// A usage error (clap's own code).
pub const EXIT_USAGE: u8 = 2;
pub const EXIT_INPUT: u8 = 3;
/// A `--timeout` or `--max-memory` bound stopped the run.
pub const EXIT_LIMIT: u8 = 4;
