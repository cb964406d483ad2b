//! Every limit an input file can run into, in one place. Each is far above what
//! CPython's compiler writes for real code, and each is an error that names the
//! file and the byte (or code object) where it was reached, never a crash.
//!
//! | limit | value | why |
//! |---|---|---|
//! | input file size | [`MAX_INPUT_FILE_BYTES`] | a `.py` or `.pyc` is read whole |
//! | nesting of constants and code objects | [`MAX_DEPTH`] | CPython's own marshal limit |
//! | expansion through back-references | [`expansion_budget`] | a reference costs the whole subtree it stands for |
//! | code objects per file | [`max_code_objects`] | a code object takes at least [`MIN_CODE_OBJECT_BYTES`] bytes unless references repeat it |
//! | integer printed in decimal | [`DECIMAL_DIGITS_MAX`] digits | beyond, hexadecimal: decimal conversion is quadratic |
//! | a string, bytes, a tuple, an integer's digits | the bytes left in the file | each element takes at least a byte |
//! | instructions of a code object | `co_code` length / 2 | bounded by the string limit |
//! | parameters of a code object | its local slots | CPython's "co_varnames is too small" |
//!
//! Compiling sources has one more: an interpreter that sends nothing for
//! [`COMPILE_STALL_SECONDS`] (override with `CPYG_COMPILE_TIMEOUT`) is stopped, and
//! the module it was compiling is reported as not compiled.

/// Largest `.py` or `.pyc` file read (CPython itself cannot compile a source near this size).
pub const MAX_INPUT_FILE_BYTES: u64 = 1 << 30;

/// Deepest nesting of containers and code objects accepted (CPython's own limit).
pub const MAX_DEPTH: usize = 2000;

/// String and bytes objects cost one unit of the expansion budget per this many bytes (plus one per object).
pub const STRING_BYTES_PER_UNIT: usize = 8;

/// Units (objects, and string bytes per [`STRING_BYTES_PER_UNIT`]) one marshal
/// stream of `len` bytes may expand to, references included. Compiled code stays
/// below 3 units per byte; the margin is wide, and the floor keeps small files free.
pub fn expansion_budget(len: usize) -> usize {
    (1usize << 20).max(len.saturating_mul(16))
}

/// The fewest bytes a code object takes in marshal when nothing of it is a
/// back-reference to a whole other code object.
pub const MIN_CODE_OBJECT_BYTES: usize = 16;

/// Code objects a marshal stream of `len` bytes may hold, references included.
pub fn max_code_objects(len: usize) -> usize {
    len / MIN_CODE_OBJECT_BYTES + 1
}

/// Python refuses to print integers of more digits than this (`sys.int_info.default_max_str_digits`).
pub const DECIMAL_DIGITS_MAX: usize = 4300;

/// Seconds without any output from the compiling interpreter before it is stopped.
pub const COMPILE_STALL_SECONDS: u64 = 300;
