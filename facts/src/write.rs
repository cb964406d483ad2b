//! The fact directory: `<Relation>.facts` (tab-separated, no header, rows
//! sorted), `schema.json` and `manifest.json`.
//!
//! Files are written in parallel, each from a buffer of formatted rows that is
//! handed to the file whenever it fills up, into a fresh folder beside the
//! destination; the manifest, which records every file's rows and SHA-256, is
//! written last, and the folder takes the destination's place only when complete.
//! An interrupted run leaves the previous directory (or none), never a mix.

use std::fs;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::input::{ModuleInput, PackageInput};
use crate::lower::{Facts, Lowered, SkippedModule};
use crate::schema::{self, RelationId, RELATION_IDS, SYMBOL};
use crate::symbols::push_escaped_tsv;

/// What the manifest records besides the facts themselves.
pub struct ManifestInfo<'a> {
    /// The version of the tool that wrote the facts.
    pub tool_version: &'a str,
    /// The interpreter's version when sources were compiled.
    pub interpreter: Option<&'a str>,
    /// Where that interpreter is.
    pub interpreter_path: Option<String>,
    /// The inputs as given.
    pub inputs: Vec<String>,
    /// Modules left out before lowering (syntax errors, unreadable or undecodable code).
    pub skipped: Vec<SkippedModule>,
    /// Files of the skipped modules, to hash: (file as recorded, where to read it).
    pub skipped_paths: Vec<PathBuf>,
    pub symbols: SymbolColumns,
}

/// How columns holding symbols are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SymbolColumns {
    /// As ids into `Symbol` (what `cpyg solve` reads).
    #[default]
    Ids,
    /// As the symbols' texts, escaped like `Symbol.text`: for tools that want names.
    Text,
}

impl SymbolColumns {
    /// As the manifest records it.
    pub fn name(self) -> &'static str {
        match self {
            SymbolColumns::Ids => "ids",
            SymbolColumns::Text => "text",
        }
    }
}

#[derive(Serialize)]
struct Manifest<'a> {
    format: &'static str,
    cpyg_version: &'a str,
    cpython: String,
    interpreter: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    interpreter_path: Option<&'a str>,
    /// How symbol columns are written: `ids` or `text`.
    symbols_as: &'static str,
    inputs: &'a [String],
    modules: Vec<ModuleEntry<'a>>,
    symbols: usize,
    /// Every other file of the directory: its rows (relations) and SHA-256.
    files: std::collections::BTreeMap<String, FileEntry>,
    skipped: Vec<SkippedEntry<'a>>,
}

#[derive(Serialize)]
struct FileEntry {
    #[serde(skip_serializing_if = "Option::is_none")]
    rows: Option<usize>,
    sha256: String,
}

/// The manifest's `format`: readers refuse any other.
pub const FORMAT: &str = "cpyg-facts/2";

#[derive(Serialize)]
struct ModuleEntry<'a> {
    id: u32,
    name: &'a str,
    file: &'a str,
    sha256: String,
}

#[derive(Serialize)]
struct SkippedEntry<'a> {
    module: &'a str,
    file: &'a str,
    sha256: Option<String>,
    reason: &'a str,
}

/// SHA-256 of a file's bytes, in hex. Only regular files are read (opening a
/// FIFO would block, a device would never end).
pub fn sha256_file(path: &Path) -> Result<String, crate::Error> {
    if !fs::metadata(path).is_ok_and(|m| m.is_file()) {
        return Err(crate::Error::Read(format!("{}: not a regular file, not hashed", path.display())));
    }
    let data = fs::read(path).map_err(|e| crate::Error::Read(format!("{}: cannot read for hashing: {e}", path.display())))?;
    Ok(sha256_hex(&data))
}

/// SHA-256 of `data`, in hex.
pub fn sha256_hex(data: &[u8]) -> String {
    hex(&Sha256::digest(data))
}

fn hex(digest: &[u8]) -> String {
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// One file of the fact directory besides the manifest.
#[derive(Clone, Copy)]
enum FactFile {
    Relation(RelationId),
    Symbols,
    Schema,
    /// `schema.dl`, the Soufflé declarations.
    Declarations,
}

/// A file as it is written, hashed on the way.
struct HashingWriter {
    out: BufWriter<fs::File>,
    hash: Sha256,
}

impl Write for HashingWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.out.write(buf)?;
        self.hash.update(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// Held while an output is moved into place (here, and by the database export):
/// whoever stops a run from outside takes it first, so that a stop never lands
/// between moving the old output aside and the new one in.
pub static COMMIT: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The folder `write_dir(dir, ..)` writes into before it takes `dir`'s place.
pub fn partial_dir(dir: &Path) -> Result<PathBuf, crate::Error> {
    partial(dir).map_err(crate::Error::Write)
}

fn partial(dir: &Path) -> Result<PathBuf, String> {
    let dir = std::path::absolute(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    sibling(&dir, "partial")
}

/// Writes every relation, the schema and the manifest into `dir`, on `threads`
/// threads. `dir` is replaced as a whole: it must not exist, be empty, or be a
/// fact directory (one with a `manifest.json`); anything else is refused.
pub fn write_dir(
    dir: &Path,
    input: &PackageInput<'_>,
    lowered: &Lowered,
    info: &ManifestInfo<'_>,
    threads: usize,
) -> Result<(), crate::Error> {
    write_all(dir, input, lowered, info, threads).map_err(crate::Error::Write)
}

fn write_all(
    dir: &Path,
    input: &PackageInput<'_>,
    lowered: &Lowered,
    info: &ManifestInfo<'_>,
    threads: usize,
) -> Result<(), String> {
    let dir = &std::path::absolute(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    check_replaceable(dir)?;
    let partial = partial(dir)?;
    let _ = fs::remove_dir_all(&partial);
    fs::create_dir_all(&partial).map_err(|e| format!("{}: cannot create: {e}", partial.display()))?;
    let written = write_files(&partial, input, lowered, info, threads).and_then(|()| {
        let _commit = COMMIT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        replace_dir(&partial, dir)
    });
    if written.is_err() {
        let _ = fs::remove_dir_all(&partial);
    }
    written
}

fn write_files(
    dir: &Path,
    input: &PackageInput<'_>,
    lowered: &Lowered,
    info: &ManifestInfo<'_>,
    threads: usize,
) -> Result<(), String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| format!("cannot start the writing threads: {e}"))?;
    let facts = &lowered.facts;
    let files: Vec<FactFile> = [FactFile::Symbols, FactFile::Schema, FactFile::Declarations]
        .into_iter()
        .chain(RELATION_IDS.iter().map(|&id| FactFile::Relation(id)))
        .collect();
    let lowered_skipped: std::collections::HashSet<&str> = lowered.skipped.iter().map(|s| s.module.as_str()).collect();
    let kept: Vec<&ModuleInput<'_>> = input.modules.iter().filter(|m| !lowered_skipped.contains(m.name)).collect();
    let (hashes, entries) = pool.install(|| {
        rayon::join(
            || {
                let hashes = kept.par_iter().map(|m| sha256_file(m.path));
                hashes.collect::<Result<Vec<String>, crate::Error>>().map_err(|e| e.to_string())
            },
            || {
                files
                    .par_iter()
                    .map(|&file| {
                        let (name, rows) = match file {
                            FactFile::Relation(id) => (format!("{}.facts", id.schema().name), Some(facts.count(id))),
                            FactFile::Symbols => (format!("{}.facts", SYMBOL.name), Some(facts.symbols.len())),
                            FactFile::Schema => ("schema.json".to_string(), None),
                            FactFile::Declarations => ("schema.dl".to_string(), None),
                        };
                        let sha256 = write_file(&dir.join(&name), |out| match file {
                            FactFile::Relation(id) if info.symbols == SymbolColumns::Text => {
                                write_rows_with_text(out, facts, id)
                            }
                            FactFile::Relation(id) => write_rows(out, facts, id),
                            FactFile::Symbols => write_symbols(out, facts),
                            FactFile::Schema => out.write_all(schema::schema_json().as_bytes()),
                            FactFile::Declarations => {
                                let text = schema::souffle_declarations(info.symbols == SymbolColumns::Text);
                                out.write_all(text.as_bytes())
                            }
                        })?;
                        Ok((name, FileEntry { rows, sha256 }))
                    })
                    .collect::<Result<std::collections::BTreeMap<_, _>, String>>()
            },
        )
    });
    // The manifest last: a directory without one is incomplete.
    let manifest = manifest_json(input, &kept, lowered, info, hashes?, entries?)?;
    write_file(&dir.join("manifest.json"), |out| out.write_all(manifest.as_bytes())).map(|_| ())
}

/// Refuses to replace anything but a fact directory or an empty folder.
fn check_replaceable(dir: &Path) -> Result<(), String> {
    match fs::symlink_metadata(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(format!("{}: cannot inspect: {e}", dir.display())),
        Ok(meta) if !meta.is_dir() => Err(format!("{}: exists and is not a folder", dir.display())),
        Ok(_) => {
            let empty = fs::read_dir(dir)
                .map_err(|e| format!("{}: cannot read: {e}", dir.display()))?
                .next()
                .is_none();
            if empty || dir.join("manifest.json").is_file() {
                Ok(())
            } else {
                Err(format!(
                    "{}: exists and is not a fact directory (no manifest.json); refusing to replace it",
                    dir.display()
                ))
            }
        }
    }
}

/// `DIR` → `.DIR.<what>-<pid>` in the same folder, so that renames stay on one file system.
fn sibling(dir: &Path, what: &str) -> Result<PathBuf, String> {
    let name = dir
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| format!("{}: not a folder name to write to", dir.display()))?;
    Ok(dir.with_file_name(format!(".{name}.{what}-{}", std::process::id())))
}

/// Puts the complete folder `partial` where `dir` is; the old `dir`, if any, is removed after.
fn replace_dir(partial: &Path, dir: &Path) -> Result<(), String> {
    let old = sibling(dir, "old")?;
    let had_old = match fs::rename(dir, &old) {
        Ok(()) => true,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
        Err(e) => return Err(format!("{}: cannot move the previous facts aside: {e}", dir.display())),
    };
    if let Err(e) = fs::rename(partial, dir) {
        if had_old {
            let _ = fs::rename(&old, dir);
        }
        return Err(format!("{}: cannot move the new facts in place: {e}", dir.display()));
    }
    if had_old {
        let _ = fs::remove_dir_all(&old);
    }
    Ok(())
}

/// Writes one file; returns its SHA-256.
fn write_file(path: &Path, body: impl FnOnce(&mut HashingWriter) -> std::io::Result<()>) -> Result<String, String> {
    let file = fs::File::create(path).map_err(|e| format!("{}: cannot create: {e}", path.display()))?;
    let mut out = HashingWriter { out: BufWriter::new(file), hash: Sha256::new() };
    body(&mut out).and_then(|_| out.flush()).map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
    Ok(hex(&out.hash.finalize()))
}

/// How much formatted text collects before it is written out.
const CHUNK: usize = 1 << 18;

/// The most digits a `u32` has.
const U32_DIGITS: usize = 10;

/// Rows as text: one line per row, columns separated by tabs.
///
/// Rows are formatted straight into a fixed buffer with room for one more row
/// past `CHUNK` (a row is at most `arity` numbers with a separator each), so
/// no number is formatted elsewhere and copied.
pub fn write_rows(out: &mut impl Write, facts: &Facts, id: RelationId) -> std::io::Result<()> {
    let widest_row = id.arity() * (U32_DIGITS + 1);
    let mut text = vec![0u8; CHUNK + widest_row];
    let mut len = 0;
    for row in facts.rows(id) {
        for (k, &value) in row.iter().enumerate() {
            if k > 0 {
                text[len] = b'\t';
                len += 1;
            }
            len += write_decimal(&mut text[len..], value);
        }
        text[len] = b'\n';
        len += 1;
        if len >= CHUNK {
            out.write_all(&text[..len])?;
            len = 0;
        }
    }
    out.write_all(&text[..len])
}

/// Rows with each symbol column written as the symbol's escaped text (`--symbols text`).
pub fn write_rows_with_text(out: &mut impl Write, facts: &Facts, id: RelationId) -> std::io::Result<()> {
    let is_symbol: Vec<bool> =
        id.schema().columns.iter().map(|c| c.ty == schema::ColumnType::Entity(schema::Entity::Symbol)).collect();
    let mut text = Vec::with_capacity(CHUNK);
    let mut digits = [0u8; U32_DIGITS];
    for row in facts.rows(id) {
        for (k, &value) in row.iter().enumerate() {
            if k > 0 {
                text.push(b'\t');
            }
            match facts.symbols.text(value).filter(|_| is_symbol[k]) {
                Some(symbol) => push_escaped_tsv(&mut text, symbol),
                None => {
                    let n = write_decimal(&mut digits, value);
                    text.extend_from_slice(&digits[..n]);
                }
            }
        }
        text.push(b'\n');
        if text.len() >= CHUNK {
            out.write_all(&text)?;
            text.clear();
        }
    }
    out.write_all(&text)
}

/// `Symbol.facts`: each symbol's number and escaped text.
pub fn write_symbols(out: &mut impl Write, facts: &Facts) -> std::io::Result<()> {
    let mut text = Vec::with_capacity(CHUNK);
    let mut digits = [0u8; U32_DIGITS];
    for (id, symbol) in facts.symbols.iter() {
        let n = write_decimal(&mut digits, id);
        text.extend_from_slice(&digits[..n]);
        text.push(b'\t');
        push_escaped_tsv(&mut text, symbol);
        text.push(b'\n');
        if text.len() >= CHUNK {
            out.write_all(&text)?;
            text.clear();
        }
    }
    out.write_all(&text)
}

/// `"00"`, `"01"`, … `"99"`: two digits per division by 100.
const DIGIT_PAIRS: &[u8; 200] = b"\
0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

/// Writes `value` in decimal at the start of `out` (which has room for
/// [`U32_DIGITS`]); returns how many digits it took.
fn write_decimal(out: &mut [u8], value: u32) -> usize {
    let len = match value {
        0..=9 => 1,
        10..=99 => 2,
        100..=999 => 3,
        1_000..=9_999 => 4,
        10_000..=99_999 => 5,
        100_000..=999_999 => 6,
        1_000_000..=9_999_999 => 7,
        10_000_000..=99_999_999 => 8,
        100_000_000..=999_999_999 => 9,
        _ => 10,
    };
    let (mut rest, mut end) = (value, len);
    while rest >= 100 {
        let pair = (rest % 100) as usize * 2;
        rest /= 100;
        end -= 2;
        out[end..end + 2].copy_from_slice(&DIGIT_PAIRS[pair..pair + 2]);
    }
    if rest >= 10 {
        let pair = rest as usize * 2;
        out[..2].copy_from_slice(&DIGIT_PAIRS[pair..pair + 2]);
    } else {
        out[0] = b'0' + rest as u8;
    }
    len
}

/// `kept`: the modules lowering kept, `hashes` their files' hashes.
fn manifest_json(
    input: &PackageInput<'_>,
    kept: &[&ModuleInput<'_>],
    lowered: &Lowered,
    info: &ManifestInfo<'_>,
    hashes: Vec<String>,
    files: std::collections::BTreeMap<String, FileEntry>,
) -> Result<String, String> {
    let modules: Vec<ModuleEntry<'_>> = kept
        .iter()
        .zip(hashes)
        .enumerate()
        .map(|(id, (m, sha256))| ModuleEntry { id: id as u32, name: m.name, file: &m.file, sha256 })
        .collect();
    let mut skipped: Vec<SkippedEntry<'_>> = Vec::new();
    for (s, path) in info.skipped.iter().zip(info.skipped_paths.iter().map(Some).chain(std::iter::repeat(None))) {
        skipped.push(SkippedEntry {
            module: &s.module,
            file: &s.file,
            sha256: path.and_then(|p| sha256_file(p).ok()),
            reason: &s.reason,
        });
    }
    for s in &lowered.skipped {
        let path = input.modules.iter().find(|m| m.name == s.module).map(|m| m.path);
        skipped.push(SkippedEntry {
            module: &s.module,
            file: &s.file,
            sha256: path.and_then(|p| sha256_file(p).ok()),
            reason: &s.reason,
        });
    }
    skipped.sort_by(|a, b| a.module.cmp(b.module));
    let manifest = Manifest {
        format: FORMAT,
        cpyg_version: info.tool_version,
        cpython: format!("3.{}", input.minor),
        interpreter: info.interpreter,
        interpreter_path: info.interpreter_path.as_deref(),
        symbols_as: info.symbols.name(),
        inputs: &info.inputs,
        modules,
        symbols: lowered.facts.symbols.len(),
        files,
        skipped,
    };
    let mut text = serde_json::to_string_pretty(&manifest).map_err(|e| format!("manifest: {e}"))?;
    text.push('\n');
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals() {
        for value in
            [0, 7, 10, 99, 100, 101, 999, 1_000, 65_535, 1_000_000, 99_999_999, 123_456_789, 1_000_000_000, u32::MAX]
        {
            let mut out = [0u8; U32_DIGITS];
            let n = write_decimal(&mut out, value);
            assert_eq!(&out[..n], value.to_string().as_bytes());
        }
    }
}
