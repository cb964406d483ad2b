//! Reading a fact directory back ([`crate::write`] writes it): every
//! `<Relation>.facts`, `Symbol.facts` and the release from `manifest.json`.
//!
//! The files are trusted no more than any input: a missing file, a row of the
//! wrong arity, a field that is not a `u32` or a symbol out of sequence is an
//! error naming the file and line. Relations are read in parallel.

use std::fs;
use std::path::Path;

use rayon::prelude::*;

use crate::lower::{Facts, SkippedModule};
use crate::schema::{RelationId, RELATION_IDS, SYMBOL};
use crate::symbols::{unescape_tsv, Symbols};

/// What `manifest.json` says that the rows do not.
#[derive(Debug)]
pub struct Manifest {
    /// The CPython minor release (12 for 3.12).
    pub minor: u8,
    /// Modules the facts leave out, with the reason.
    pub skipped: Vec<SkippedModule>,
}

/// Reads the fact directory `dir`; the release is the facts' `minor`.
pub fn read_dir(dir: &Path) -> Result<Facts, String> {
    let manifest = read_manifest(dir)?;
    let (symbols, tables) = rayon::join(
        || read_symbols(dir),
        || RELATION_IDS.par_iter().map(|&id| read_relation(dir, id)).collect::<Result<Vec<_>, String>>(),
    );
    Facts::from_tables(manifest.minor, symbols?, tables?).map_err(|e| format!("{}: {e}", dir.display()))
}

/// `manifest.json`: the release and the modules left out.
pub fn read_manifest(dir: &Path) -> Result<Manifest, String> {
    let path = dir.join("manifest.json");
    let text = read_text(&path)?;
    let json: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{}: not JSON: {e}", path.display()))?;
    let release = json.get("cpython").and_then(|v| v.as_str()).unwrap_or("");
    let minor = release
        .strip_prefix("3.")
        .and_then(|m| m.parse::<u8>().ok())
        .ok_or_else(|| format!("{}: `cpython` is `{release}`, not a release such as 3.12", path.display()))?;
    let mut skipped = Vec::new();
    for entry in json.get("skipped").and_then(|v| v.as_array()).map(Vec::as_slice).unwrap_or(&[]) {
        let field = |name: &str| entry.get(name).and_then(|v| v.as_str()).unwrap_or("").to_string();
        skipped.push(SkippedModule { module: field("module"), file: field("file"), reason: field("reason") });
    }
    Ok(Manifest { minor, skipped })
}

fn read_text(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))
}

/// One relation's rows, flat, in file order.
fn read_relation(dir: &Path, id: RelationId) -> Result<Vec<u32>, String> {
    let path = dir.join(format!("{}.facts", id.schema().name));
    let text = read_text(&path)?;
    let arity = id.arity();
    let mut values = Vec::with_capacity(text.len() / 3);
    for (number, line) in text.lines().enumerate() {
        let at = |message: String| format!("{}:{}: {message}", path.display(), number + 1);
        let before = values.len();
        for field in line.split('\t') {
            values.push(parse_u32(field).map_err(at)?);
        }
        let found = values.len() - before;
        if found != arity {
            return Err(at(format!("{found} columns, {} has {arity}", id.schema().name)));
        }
    }
    Ok(values)
}

/// `Symbol.facts`: numbers 0, 1, 2, ... in order, each text once.
fn read_symbols(dir: &Path) -> Result<Symbols, String> {
    let path = dir.join(format!("{}.facts", SYMBOL.name));
    let text = read_text(&path)?;
    let mut symbols = Symbols::new();
    for (number, line) in text.lines().enumerate() {
        let at = |message: String| format!("{}:{}: {message}", path.display(), number + 1);
        let (id, field) = line.split_once('\t').ok_or_else(|| at("no tab between number and text".into()))?;
        let id = parse_u32(id).map_err(at)?;
        let text = unescape_tsv(field).map_err(at)?;
        let expected = symbols.len() as u32;
        if id != expected {
            return Err(at(format!("symbol {id} where {expected} comes next")));
        }
        if symbols.intern(&text) != id {
            return Err(at(format!("symbol {id} repeats the text of an earlier one")));
        }
    }
    Ok(symbols)
}

fn parse_u32(field: &str) -> Result<u32, String> {
    // `u32::from_str` also takes a leading `+`, which the writer never writes.
    if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("`{field}` is not a number"));
    }
    field.parse().map_err(|_| format!("`{field}` does not fit in 32 bits"))
}
