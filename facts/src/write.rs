//! The fact directory: `<Relation>.facts` (tab-separated, no header, rows
//! sorted), `schema.json` and `manifest.json`.
//!
//! Files are written in parallel, each from a buffer of formatted rows that is
//! handed to the file whenever it fills up.

use std::fs;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::input::PackageInput;
use crate::lower::{Facts, Lowered, SkippedModule};
use crate::schema::{self, RelationId, RELATION_IDS, SYMBOL};
use crate::symbols::push_escaped_tsv;

/// What the manifest records besides the facts themselves.
pub struct ManifestInfo<'a> {
    /// The version of the tool that wrote the facts.
    pub tool_version: &'a str,
    /// The interpreter's version when sources were compiled.
    pub interpreter: Option<&'a str>,
    /// The inputs as given.
    pub inputs: Vec<String>,
    /// Modules left out before lowering (syntax errors, unreadable or undecodable code).
    pub skipped: Vec<SkippedModule>,
    /// Files of the skipped modules, to hash: (file as recorded, where to read it).
    pub skipped_paths: Vec<PathBuf>,
}

#[derive(Serialize)]
struct Manifest<'a> {
    format: &'static str,
    cpyg_version: &'a str,
    cpython: String,
    interpreter: Option<&'a str>,
    inputs: &'a [String],
    modules: Vec<ModuleEntry<'a>>,
    symbols: usize,
    relations: serde_json::Map<String, serde_json::Value>,
    skipped: Vec<SkippedEntry<'a>>,
}

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

/// SHA-256 of a file's bytes, in hex.
pub fn sha256_file(path: &Path) -> Result<String, String> {
    let data = fs::read(path).map_err(|e| format!("{}: cannot read for hashing: {e}", path.display()))?;
    Ok(Sha256::digest(&data).iter().map(|b| format!("{b:02x}")).collect())
}

/// One file of the fact directory.
#[derive(Clone, Copy)]
enum FactFile {
    Relation(RelationId),
    Symbols,
    Schema,
    Manifest,
}

/// Writes every relation, the schema and the manifest into `dir` (created if
/// needed), on `threads` threads.
pub fn write_dir(
    dir: &Path,
    input: &PackageInput<'_>,
    lowered: &Lowered,
    info: &ManifestInfo<'_>,
    threads: usize,
) -> Result<(), String> {
    fs::create_dir_all(dir).map_err(|e| format!("{}: cannot create the fact directory: {e}", dir.display()))?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| format!("cannot start the writing threads: {e}"))?;
    let facts = &lowered.facts;
    // The manifest first, so that hashing every input starts early.
    let files: Vec<FactFile> = [FactFile::Manifest, FactFile::Symbols, FactFile::Schema]
        .into_iter()
        .chain(RELATION_IDS.iter().map(|&id| FactFile::Relation(id)))
        .collect();
    pool.install(|| {
        files.par_iter().try_for_each(|&file| match file {
            FactFile::Relation(id) => {
                write_file(&dir.join(format!("{}.facts", id.schema().name)), |out| write_rows(out, facts, id))
            }
            FactFile::Symbols => {
                write_file(&dir.join(format!("{}.facts", SYMBOL.name)), |out| write_symbols(out, facts))
            }
            FactFile::Schema => {
                write_file(&dir.join("schema.json"), |out| out.write_all(schema::schema_json().as_bytes()))
            }
            FactFile::Manifest => {
                let manifest = manifest_json(input, lowered, info)?;
                write_file(&dir.join("manifest.json"), |out| out.write_all(manifest.as_bytes()))
            }
        })
    })
}

fn write_file(path: &Path, body: impl FnOnce(&mut BufWriter<fs::File>) -> std::io::Result<()>) -> Result<(), String> {
    let file = fs::File::create(path).map_err(|e| format!("{}: cannot create: {e}", path.display()))?;
    let mut out = BufWriter::new(file);
    body(&mut out).and_then(|_| out.flush()).map_err(|e| format!("{}: cannot write: {e}", path.display()))
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

fn manifest_json(input: &PackageInput<'_>, lowered: &Lowered, info: &ManifestInfo<'_>) -> Result<String, String> {
    let lowered_skipped: std::collections::HashSet<&str> = lowered.skipped.iter().map(|s| s.module.as_str()).collect();
    let kept: Vec<_> = input.modules.iter().filter(|m| !lowered_skipped.contains(m.name)).collect();
    let hashes: Vec<String> = kept.par_iter().map(|m| sha256_file(m.path)).collect::<Result<_, _>>()?;
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
    let mut relations = serde_json::Map::new();
    for r in schema::all_relations() {
        let count = match schema::relation_id(r.name) {
            Some(id) => lowered.facts.count(id),
            None => lowered.facts.symbols.len(),
        };
        relations.insert(r.name.to_string(), count.into());
    }
    let manifest = Manifest {
        format: "cpyg-facts/1",
        cpyg_version: info.tool_version,
        cpython: format!("3.{}", input.minor),
        interpreter: info.interpreter,
        inputs: &info.inputs,
        modules,
        symbols: lowered.facts.symbols.len(),
        relations,
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
