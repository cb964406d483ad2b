//! Reading a fact directory back ([`crate::write`] writes it): every
//! `<Relation>.facts`, `Symbol.facts` and the release from `manifest.json`.
//!
//! The files are trusted no more than any input: a missing file, a row of the
//! wrong arity, a field that is not a `u32` or a symbol out of sequence is an
//! error naming the file and line. The manifest must be of this format and a
//! release cpyg reads, `schema.json` must be this build's schema, and every
//! file must have the rows and SHA-256 the manifest records (unless the facts
//! were edited on purpose: [`Verify::Structure`]). Ids are checked by the
//! caller ([`crate::fact_check`]). Relations are read in parallel.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use rayon::prelude::*;

use crate::Error;
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
    /// The interpreter that compiled the sources (version, path), if any did.
    pub interpreter: Option<String>,
    pub interpreter_path: Option<String>,
    /// The inputs as given to `cpyg facts`.
    pub inputs: Vec<String>,
    /// Each module of the facts: dotted name, file and SHA-256 when the facts were written.
    pub modules: Vec<(String, String, String)>,
    /// File name → (rows, SHA-256) as written.
    files: BTreeMap<String, (Option<u64>, String)>,
}

/// How far the files are checked against the manifest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verify {
    /// Each file's rows and SHA-256 as the manifest records them: the directory
    /// is exactly what `cpyg facts` wrote.
    Contents,
    /// Facts edited or made by another tool: the format, schema and arities only.
    Structure,
}

/// Reads the fact directory `dir` as `cpyg facts` wrote it; the release is the facts' `minor`.
pub fn read_dir(dir: &Path) -> Result<Facts, Error> {
    read_dir_with(dir, Verify::Contents)
}

/// Reads the fact directory `dir`, checked as far as `verify` says.
pub fn read_dir_with(dir: &Path, verify: Verify) -> Result<Facts, Error> {
    read_dir_and_manifest(dir, verify).map(|(facts, _)| facts)
}

/// [`read_dir_with`], also giving the manifest it checked the files against.
pub fn read_dir_and_manifest(dir: &Path, verify: Verify) -> Result<(Facts, Manifest), Error> {
    read_all(dir, verify).map_err(Error::Read)
}

fn read_all(dir: &Path, verify: Verify) -> Result<(Facts, Manifest), String> {
    let manifest = manifest(dir)?;
    check_schema(dir)?;
    let (symbols, tables) = rayon::join(
        || read_symbols(dir, &manifest, verify),
        || {
            RELATION_IDS
                .par_iter()
                .map(|&id| read_relation(dir, id, &manifest, verify))
                .collect::<Result<Vec<_>, String>>()
        },
    );
    let facts = Facts::from_tables(manifest.minor, symbols?, tables?).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok((facts, manifest))
}

/// `schema.json` must be the schema of this build: ids and enum values mean what the rules expect.
fn check_schema(dir: &Path) -> Result<(), String> {
    let path = dir.join("schema.json");
    let text = read_text(&path)?;
    if text != crate::schema::schema_json() {
        return Err(format!(
            "{}: not the schema of this cpyg ({}); write the facts again with this version",
            path.display(),
            env!("CARGO_PKG_VERSION")
        ));
    }
    Ok(())
}

/// The rows and hash `text` of file `name` must have, per the manifest.
fn check_file(dir: &Path, name: &str, text: &str, rows: usize, manifest: &Manifest) -> Result<(), String> {
    let path = dir.join(name);
    let Some((expected_rows, expected_hash)) = manifest.files.get(name) else {
        return Err(format!("{}: not listed in manifest.json", path.display()));
    };
    if let Some(expected) = expected_rows.filter(|&n| n != rows as u64) {
        return Err(format!("{}: {rows} rows, but manifest.json records {expected}", path.display()));
    }
    if crate::write::sha256_hex(text.as_bytes()) != *expected_hash {
        return Err(format!(
            "{}: changed since it was written (its SHA-256 is not the one manifest.json records); \
             `cpyg solve --edited` accepts edited facts",
            path.display()
        ));
    }
    Ok(())
}

/// `manifest.json`: the release and the modules left out.
pub fn read_manifest(dir: &Path) -> Result<Manifest, Error> {
    manifest(dir).map_err(Error::Read)
}

fn manifest(dir: &Path) -> Result<Manifest, String> {
    let path = dir.join("manifest.json");
    let text = read_text(&path)?;
    let json: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{}: not JSON: {e}", path.display()))?;
    let format = json.get("format").and_then(|v| v.as_str()).unwrap_or("");
    if format != crate::write::FORMAT {
        return Err(format!(
            "{}: format `{format}`, but this cpyg reads `{}`; write the facts again with this version",
            path.display(),
            crate::write::FORMAT
        ));
    }
    if json.get("symbols_as").and_then(|v| v.as_str()) == Some("text") {
        return Err(format!(
            "{}: the facts were written with `--symbols text`, for other tools; \
             cpyg reads facts written with `--symbols ids` (the default)",
            path.display()
        ));
    }
    let release = json.get("cpython").and_then(|v| v.as_str()).unwrap_or("");
    let minor = release
        .strip_prefix("3.")
        .and_then(|m| m.parse::<u8>().ok())
        .ok_or_else(|| format!("{}: `cpython` is `{release}`, not a release such as 3.12", path.display()))?;
    if cpyg_adapters::adapter(minor).is_none() {
        return Err(format!(
            "{}: CPython {release} is not a release this cpyg reads ({})",
            path.display(),
            cpyg_adapters::supported_releases()
        ));
    }
    let mut files = BTreeMap::new();
    for (name, entry) in json.get("files").and_then(|v| v.as_object()).into_iter().flatten() {
        let rows = entry.get("rows").and_then(|v| v.as_u64());
        let sha256 = entry.get("sha256").and_then(|v| v.as_str()).unwrap_or("").to_string();
        files.insert(name.clone(), (rows, sha256));
    }
    let mut skipped = Vec::new();
    for entry in json.get("skipped").and_then(|v| v.as_array()).map(Vec::as_slice).unwrap_or(&[]) {
        let field = |name: &str| entry.get(name).and_then(|v| v.as_str()).unwrap_or("").to_string();
        skipped.push(SkippedModule { module: field("module"), file: field("file"), reason: field("reason") });
    }
    let text_of = |value: &serde_json::Value, name: &str| value.get(name).and_then(|v| v.as_str()).map(str::to_string);
    let inputs = json.get("inputs").and_then(|v| v.as_array()).into_iter().flatten();
    let modules = json.get("modules").and_then(|v| v.as_array()).into_iter().flatten();
    Ok(Manifest {
        minor,
        skipped,
        interpreter: text_of(&json, "interpreter"),
        interpreter_path: text_of(&json, "interpreter_path"),
        inputs: inputs.filter_map(|v| v.as_str().map(str::to_string)).collect(),
        modules: modules
            .map(|m| {
                let field = |name| text_of(m, name).unwrap_or_default();
                (field("name"), field("file"), field("sha256"))
            })
            .collect(),
        files,
    })
}

fn read_text(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))
}

/// One relation's rows, flat, in file order.
fn read_relation(dir: &Path, id: RelationId, manifest: &Manifest, verify: Verify) -> Result<Vec<u32>, String> {
    let name = format!("{}.facts", id.schema().name);
    let path = dir.join(&name);
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
    if verify == Verify::Contents {
        check_file(dir, &name, &text, values.len() / arity.max(1), manifest)?;
    }
    Ok(values)
}

/// `Symbol.facts`: numbers 0, 1, 2, ... in order, each text once.
fn read_symbols(dir: &Path, manifest: &Manifest, verify: Verify) -> Result<Symbols, String> {
    let name = format!("{}.facts", SYMBOL.name);
    let path = dir.join(&name);
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
    if verify == Verify::Contents {
        check_file(dir, &name, &text, symbols.len(), manifest)?;
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
