//! `.pyc` files: the 16-byte header (PEP 552) and the magic number → release map.

use std::fmt;

use crate::code::CodeObject;
use crate::marshal::{self, MarshalError};

/// Final magic number of each CPython 3 release (the value `importlib.util.MAGIC_NUMBER`
/// holds from the release candidate on). Pre-release ranges are in [`release_of_magic`].
const FINAL_MAGIC: &[(u8, u16)] = &[
    (0, 3131),
    (1, 3151),
    (2, 3180),
    (3, 3230),
    (4, 3310),
    (5, 3351),
    (6, 3379),
    (7, 3394),
    (8, 3413),
    (9, 3425),
    (10, 3439),
    (11, 3495),
    (12, 3531),
    (13, 3571),
    (14, 3627),
    (15, 3666),
];

/// Inclusive ranges of magic numbers CPython assigned during each release's
/// development (from `Lib/importlib/_bootstrap_external.py`).
const MAGIC_RANGES: &[(u8, u16, u16)] = &[
    (0, 3000, 3131),
    (1, 3141, 3151),
    (2, 3160, 3180),
    (3, 3190, 3230),
    (4, 3250, 3310),
    (5, 3320, 3351),
    (6, 3360, 3379),
    (7, 3390, 3394),
    (8, 3400, 3413),
    (9, 3420, 3425),
    (10, 3430, 3439),
    (11, 3450, 3495),
    (12, 3500, 3531),
    (13, 3550, 3571),
    (14, 3600, 3627),
    (15, 3650, 3699),
];

/// The CPython 3 minor version a magic number belongs to, and whether it is that
/// release's final magic (pre-release bytecode differs from the release's).
pub fn release_of_magic(magic: u16) -> Option<(u8, bool)> {
    if let Some(&(minor, _)) = FINAL_MAGIC.iter().find(|&&(_, m)| m == magic) {
        return Some((minor, true));
    }
    MAGIC_RANGES.iter().find(|&&(_, lo, hi)| (lo..=hi).contains(&magic)).map(|&(minor, _, _)| (minor, false))
}

/// How the `.pyc` records its source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Invalidation {
    Timestamp { mtime: u32, source_size: u32 },
    Hash { checked: bool, source_hash: u64 },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Pyc {
    pub magic: u16,
    pub minor: u8,
    pub invalidation: Invalidation,
    pub code: CodeObject,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PycError {
    TooShort(usize),
    NotPyc,
    /// A CPython magic of a release this build does not decode.
    UnsupportedRelease {
        magic: u16,
        release: String,
    },
    /// A development-time magic of a supported release.
    PreRelease {
        magic: u16,
        minor: u8,
        final_magic: u16,
    },
    BadFlags(u32),
    Marshal(MarshalError),
}

impl fmt::Display for PycError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PycError::TooShort(n) => write!(f, "file is {n} bytes, shorter than the 16-byte .pyc header"),
            PycError::NotPyc => f.write_str("not a .pyc file (no CPython magic number)"),
            PycError::UnsupportedRelease { magic, release } => {
                write!(f, "{release} bytecode is not supported yet (magic {magic}); cpyg reads {}", crate::supported_releases())
            }
            PycError::PreRelease { magic, minor, final_magic } => write!(
                f,
                "magic {magic} is pre-release CPython 3.{minor} bytecode; only the released format (magic {final_magic}) is supported"
            ),
            PycError::BadFlags(flags) => write!(f, "unknown .pyc flags 0x{flags:x}"),
            PycError::Marshal(e) => write!(f, "{e} (offset counted after the 16-byte header)"),
        }
    }
}

impl std::error::Error for PycError {}

/// Reads the header and the code object of a `.pyc` file's bytes.
pub fn read(data: &[u8]) -> Result<Pyc, PycError> {
    let (magic, minor, invalidation) = read_header(data)?;
    let code = marshal::read_code(&data[16..], minor).map_err(PycError::Marshal)?;
    Ok(Pyc { magic, minor, invalidation, code })
}

/// Validates the header; returns the magic, the release and the invalidation mode.
pub fn read_header(data: &[u8]) -> Result<(u16, u8, Invalidation), PycError> {
    if data.len() < 16 {
        return Err(if data.len() >= 4 && data[2..4] != *b"\r\n" {
            PycError::NotPyc
        } else {
            PycError::TooShort(data.len())
        });
    }
    if data[2..4] != *b"\r\n" {
        return Err(PycError::NotPyc);
    }
    let magic = u16::from_le_bytes([data[0], data[1]]);
    let minor = match release_of_magic(magic) {
        None if magic == 62211 => return Err(PycError::UnsupportedRelease { magic, release: "CPython 2.7".into() }),
        None => return Err(PycError::NotPyc),
        Some((minor, true)) if crate::adapter(minor).is_some() => minor,
        Some((minor, false)) if crate::adapter(minor).is_some() => {
            let final_magic = FINAL_MAGIC.iter().find(|&&(m, _)| m == minor).map_or(0, |&(_, v)| v);
            return Err(PycError::PreRelease { magic, minor, final_magic });
        }
        Some((minor, is_final)) => {
            let suffix = if is_final { "" } else { " (pre-release)" };
            return Err(PycError::UnsupportedRelease { magic, release: format!("CPython 3.{minor}{suffix}") });
        }
    };
    let word = |i: usize| u32::from_le_bytes(data[i..i + 4].try_into().unwrap());
    let flags = word(4);
    let invalidation = match flags {
        0 => Invalidation::Timestamp { mtime: word(8), source_size: word(12) },
        1 | 3 => Invalidation::Hash {
            checked: flags & 2 != 0,
            source_hash: u64::from_le_bytes(data[8..16].try_into().unwrap()),
        },
        other => return Err(PycError::BadFlags(other)),
    };
    Ok((magic, minor, invalidation))
}
