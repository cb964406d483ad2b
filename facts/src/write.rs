//! The fact directory: `<Relation>.facts` (tab-separated, no header, rows
//! sorted), `schema.json` and `manifest.json`.

use std::fs;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::input::PackageInput;
use crate::lower::{Facts, Lowered, SkippedModule};
use crate::schema::{self, RelationId, RELATION_IDS, SYMBOL};
use crate::symbols::escape_tsv;

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

/// Writes every relation, the schema and the manifest into `dir` (created if needed).
pub fn write_dir(dir: &Path, input: &PackageInput<'_>, lowered: &Lowered, info: &ManifestInfo<'_>) -> Result<(), String> {
    fs::create_dir_all(dir).map_err(|e| format!("{}: cannot create the fact directory: {e}", dir.display()))?;
    let facts = &lowered.facts;
    for &id in RELATION_IDS {
        write_file(&dir.join(format!("{}.facts", id.schema().name)), |out| write_rows(out, facts, id))?;
    }
    write_file(&dir.join(format!("{}.facts", SYMBOL.name)), |out| write_symbols(out, facts))?;
    write_file(&dir.join("schema.json"), |out| out.write_all(schema::schema_json().as_bytes()))?;
    let manifest = manifest_json(input, lowered, info)?;
    write_file(&dir.join("manifest.json"), |out| out.write_all(manifest.as_bytes()))
}

fn write_file(path: &Path, body: impl FnOnce(&mut BufWriter<fs::File>) -> std::io::Result<()>) -> Result<(), String> {
    let file = fs::File::create(path).map_err(|e| format!("{}: cannot create: {e}", path.display()))?;
    let mut out = BufWriter::new(file);
    body(&mut out).and_then(|_| out.flush()).map_err(|e| format!("{}: cannot write: {e}", path.display()))
}

/// Rows as text: one line per row, columns separated by tabs.
pub fn write_rows(out: &mut impl Write, facts: &Facts, id: RelationId) -> std::io::Result<()> {
    let mut line = String::new();
    for row in facts.rows(id) {
        line.clear();
        for (k, value) in row.iter().enumerate() {
            if k > 0 {
                line.push('\t');
            }
            line.push_str(&value.to_string());
        }
        line.push('\n');
        out.write_all(line.as_bytes())?;
    }
    Ok(())
}

pub fn write_symbols(out: &mut impl Write, facts: &Facts) -> std::io::Result<()> {
    for (id, text) in facts.symbols.iter() {
        writeln!(out, "{id}\t{}", escape_tsv(text))?;
    }
    Ok(())
}

fn manifest_json(input: &PackageInput<'_>, lowered: &Lowered, info: &ManifestInfo<'_>) -> Result<String, String> {
    let lowered_skipped: std::collections::HashSet<&str> = lowered.skipped.iter().map(|s| s.module.as_str()).collect();
    let mut modules = Vec::new();
    for m in input.modules.iter().filter(|m| !lowered_skipped.contains(m.name)) {
        modules.push(ModuleEntry { id: modules.len() as u32, name: m.name, file: &m.file, sha256: sha256_file(m.path)? });
    }
    let mut skipped: Vec<SkippedEntry<'_>> = Vec::new();
    for (s, path) in info.skipped.iter().zip(info.skipped_paths.iter().map(Some).chain(std::iter::repeat(None))) {
        skipped.push(SkippedEntry { module: &s.module, file: &s.file, sha256: path.and_then(|p| sha256_file(p).ok()), reason: &s.reason });
    }
    for s in &lowered.skipped {
        let path = input.modules.iter().find(|m| m.name == s.module).map(|m| m.path);
        skipped.push(SkippedEntry { module: &s.module, file: &s.file, sha256: path.and_then(|p| sha256_file(p).ok()), reason: &s.reason });
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
