//! A solved package as one SQLite database: the input relations as
//! `cpyg facts` writes them, the derived relations of the solution with abstract
//! objects and outside names numbered, and views that decode ids into names.
//!
//! Everything is written in one transaction with prepared statements; indexes
//! come after the rows. Objects and outside names are numbered in their sorted
//! order and rows are inserted in the solution's order, so the same input gives
//! the same contents whatever the thread count.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};

use rusqlite::types::{ToSqlOutput, ValueRef};
use rusqlite::{Connection, Statement, ToSql, Transaction};

use cpyg_facts::schema::{all_enums, ColumnType, RelationId, RELATION_IDS, SYMBOL};
use cpyg_facts::symbols::Symbols;
use cpyg_rules::context::CallString;
use cpyg_rules::objects::{Ext, Group, Obj, Origin, Wrapper};
use cpyg_rules::Solution;

use cpyg_facts::write::COMMIT;

use crate::analysis::names::NameStyle;
use crate::analysis::{names, Analysis, Names};
use crate::monitor;
use crate::profile::{PhaseRecord, Profiler};
use crate::results::calls::{call_edges, Callee};
use cpyg_control::Control;

/// What an export wrote.
#[derive(Clone, Copy, Debug)]
pub struct Exported {
    pub tables: usize,
    pub rows: u64,
    pub time: Duration,
}

/// Where a database goes.
pub struct Destination<'a> {
    pub path: &'a Path,
    /// Replace an existing file even when it is not a SQLite database.
    pub force: bool,
}

/// The first bytes of every SQLite database file.
const SQLITE_HEADER: &[u8] = b"SQLite format 3\0";

/// Writes `analysis` into a new database at `db.path`. The database is written
/// to a temporary file beside it and renamed over the old one only when
/// complete, so an interrupted or failed export leaves the previous file as it
/// was. An existing file that is not a SQLite database is refused unless `force`.
///
/// The phase `export` is added to `analysis.profile`; the database's `profile`
/// table has every phase before it, and `export` up to writing that table.
pub fn export(analysis: &mut Analysis, db: &Destination<'_>) -> Result<Exported, String> {
    let started = Instant::now();
    let mut profiler = Profiler::new();
    profiler.begin("export");
    let path = db.path;
    check_replaceable(path, db.force)?;
    let name =
        path.file_name().and_then(|n| n.to_str()).ok_or_else(|| format!("{}: not a file name", path.display()))?;
    let partial = path.with_file_name(format!(".{name}.partial-{}", std::process::id()));
    let _ = fs::remove_file(&partial);
    monitor::writing(partial.clone());
    let result = write_database(analysis, &mut profiler, &partial)
        .map_err(|e| format!("{}: {e}", path.display()))
        .and_then(|counts| {
            let _commit = COMMIT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            fs::rename(&partial, path)
                .map_err(|e| format!("{}: cannot move the new database in place: {e}", path.display()))?;
            monitor::written(&partial);
            Ok(counts)
        });
    if result.is_err() {
        let _ = fs::remove_file(&partial);
        monitor::written(&partial);
    }
    let (tables, rows) = result?;
    analysis.profile.extend(profiler.finish());
    Ok(Exported { tables, rows, time: started.elapsed() })
}

/// A database written by `cpyg analyze` or `cpyg solve`, opened for reading only.
pub fn open_read_only(path: &Path) -> Result<Connection, crate::Error> {
    use rusqlite::OpenFlags;
    let not_ours = |why: String| crate::Error::Input(format!("{}: {why}", path.display()));
    if !path.is_file() {
        return Err(not_ours("no such database file".into()));
    }
    let connection =
        Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)
            .map_err(|e| not_ours(format!("cannot open: {e}")))?;
    let format: Option<String> =
        connection.query_row("SELECT value FROM meta WHERE key = 'format'", [], |row| row.get(0)).ok();
    match format.as_deref() {
        Some(DB_FORMAT) => Ok(connection),
        Some(other) => Err(not_ours(format!("a database of format `{other}`; this cpyg reads `{DB_FORMAT}`"))),
        None => Err(not_ours("not a database written by cpyg (no `meta` format)".into())),
    }
}

/// `meta.format` of the databases this cpyg writes.
pub const DB_FORMAT: &str = "cpyg-db/3";

fn check_replaceable(path: &Path, force: bool) -> Result<(), String> {
    let meta = match fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(format!("{}: cannot inspect: {e}", path.display())),
    };
    if meta.is_dir() {
        return Err(format!("{}: is a folder, not a database file", path.display()));
    }
    if force || meta.len() == 0 {
        return Ok(());
    }
    let mut header = [0u8; 16];
    let is_sqlite = fs::File::open(path)
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut header))
        .is_ok_and(|()| header == SQLITE_HEADER);
    if is_sqlite {
        Ok(())
    } else {
        Err(format!("{}: exists and is not a SQLite database; refusing to replace it (--force does)", path.display()))
    }
}

fn write_database(analysis: &Analysis, export: &mut Profiler, path: &Path) -> rusqlite::Result<(usize, u64)> {
    let mut connection = Connection::open(path)?;
    // A fresh file that is useless until complete and renamed: no journal, no syncing.
    connection.execute_batch(
        "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA locking_mode = EXCLUSIVE;
         PRAGMA temp_store = MEMORY; PRAGMA cache_size = -262144;",
    )?;
    let tx = connection.transaction()?;
    let mut writer = Writer { tx: &tx, tables: 0, rows: 0, indexes: Vec::new() };
    export.step("facts");
    writer.input_relations(analysis)?;
    export.step("results");
    writer.derived_relations(analysis)?;
    writer.helper_tables()?;
    export.step("indexes and views");
    for index in std::mem::take(&mut writer.indexes) {
        tx.execute_batch(&index)?;
    }
    tx.execute_batch(VIEWS)?;
    writer.profile(analysis.profile.iter().chain(&export.snapshot()))?;
    let (tables, rows) = (writer.tables, writer.rows);
    tx.commit()?;
    connection.execute_batch("PRAGMA optimize;")?;
    Ok((tables, rows))
}

/// A value of a row: most are ids, some texts, some absent.
#[derive(Clone, Copy)]
enum Field<'a> {
    Int(i64),
    Real(f64),
    Text(&'a str),
    Null,
}

impl ToSql for Field<'_> {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::Borrowed(match *self {
            Field::Int(v) => ValueRef::Integer(v),
            Field::Real(v) => ValueRef::Real(v),
            Field::Text(t) => ValueRef::Text(t.as_bytes()),
            Field::Null => ValueRef::Null,
        }))
    }
}

fn int(value: u32) -> Field<'static> {
    Field::Int(value as i64)
}

fn opt_int(value: Option<u32>) -> Field<'static> {
    value.map_or(Field::Null, int)
}

/// A column: name and SQL type (`INTEGER`, `TEXT`, or `INTEGER PRIMARY KEY` for ids).
type Columns<'a> = &'a [(&'a str, &'a str)];

struct Writer<'t> {
    tx: &'t Transaction<'t>,
    tables: usize,
    rows: u64,
    /// Created after the rows are in: building an index once is cheaper than keeping it up.
    indexes: Vec<String>,
}

/// The rows of one table, through one prepared statement.
struct Inserter<'c> {
    statement: Statement<'c>,
    rows: u64,
}

impl Inserter<'_> {
    fn row(&mut self, fields: &[Field<'_>]) -> rusqlite::Result<()> {
        for (i, field) in fields.iter().enumerate() {
            self.statement.raw_bind_parameter(i + 1, field)?;
        }
        self.statement.raw_execute()?;
        self.rows += 1;
        Ok(())
    }

    fn ids(&mut self, values: &[u32]) -> rusqlite::Result<()> {
        for (i, &value) in values.iter().enumerate() {
            self.statement.raw_bind_parameter(i + 1, value)?;
        }
        self.statement.raw_execute()?;
        self.rows += 1;
        Ok(())
    }
}

fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

impl Writer<'_> {
    /// Creates `table` and fills it through `fill`. Its first column gets an index
    /// (unless it is the primary key), and so do the `also` columns.
    fn table(
        &mut self,
        table: &str,
        columns: Columns<'_>,
        also: &[&[&str]],
        fill: impl FnOnce(&mut Inserter<'_>) -> rusqlite::Result<()>,
    ) -> rusqlite::Result<()> {
        let declared: Vec<String> = columns.iter().map(|(name, ty)| format!("{} {ty}", quoted(name))).collect();
        self.tx.execute_batch(&format!("CREATE TABLE {} ({});", quoted(table), declared.join(", ")))?;
        let holes = vec!["?"; columns.len()].join(", ");
        let statement = self.tx.prepare(&format!("INSERT INTO {} VALUES ({holes})", quoted(table)))?;
        let mut inserter = Inserter { statement, rows: 0 };
        fill(&mut inserter)?;
        self.rows += inserter.rows;
        self.tables += 1;
        let first: &[&str] = &[columns[0].0];
        let keyed = columns[0].1.contains("PRIMARY KEY");
        for index in (!keyed).then_some(first).into_iter().chain(also.iter().copied()) {
            self.index(table, index);
        }
        Ok(())
    }

    fn index(&mut self, table: &str, columns: &[&str]) {
        let name = format!("{table}__{}", columns.join("_"));
        let list: Vec<String> = columns.iter().map(|c| quoted(c)).collect();
        self.indexes.push(format!("CREATE INDEX {} ON {} ({});", quoted(&name), quoted(table), list.join(", ")));
    }

    /// One table per relation of the facts, named and typed as in the schema;
    /// `Symbol` with the solution's symbols (the facts' and the rules' names).
    fn input_relations(&mut self, analysis: &Analysis) -> rusqlite::Result<()> {
        for &id in RELATION_IDS {
            let schema = id.schema();
            let columns: Vec<(&str, &str)> = schema.columns.iter().map(|c| (c.name, "INTEGER")).collect();
            // Slots are named by (code, slot): index both for the views that join on them.
            // `cpyg query` finds a function's instructions, a scope's comprehensions and
            // a line's instructions.
            let first_two: Vec<&str> = schema.columns.iter().take(2).map(|c| c.name).collect();
            let also: &[&[&str]] = match id {
                RelationId::LocalSlot => &[&first_two],
                RelationId::Insn => &[&["code"]],
                RelationId::CodeParent => &[&["parent"]],
                RelationId::InsnLine => &[&["line"]],
                _ => &[],
            };
            self.table(schema.name, &columns, also, |rows| {
                for row in analysis.facts.rows(id) {
                    rows.ids(row)?;
                }
                Ok(())
            })?;
        }
        let columns: Vec<(&str, &str)> = SYMBOL
            .columns
            .iter()
            .map(|c| (c.name, if c.ty == ColumnType::Text { "TEXT" } else { "INTEGER PRIMARY KEY" }))
            .collect();
        self.table(SYMBOL.name, &columns, &[], |rows| {
            for (sym, text) in analysis.solution.symbols.iter() {
                rows.row(&[int(sym), Field::Text(text)])?;
            }
            Ok(())
        })?;
        self.table("enum_value", &[("enum", "TEXT"), ("value", "INTEGER"), ("name", "TEXT")], &[], |rows| {
            for schema in all_enums() {
                for (value, v) in schema.values.iter().enumerate() {
                    rows.row(&[Field::Text(schema.name), int(value as u32), Field::Text(v.name)])?;
                }
            }
            Ok(())
        })
    }

    fn derived_relations(&mut self, analysis: &Analysis) -> rusqlite::Result<()> {
        let solution = &analysis.solution;
        let symbols = &solution.symbols;
        let objects = Numbered::new(objects_of(solution));
        let externals = Numbered::new(externals_of(solution, &objects.items));
        self.meta(analysis)?;
        self.code_names(analysis)?;
        self.objects(&objects, &externals, &analysis.names, symbols)?;
        self.table("external", &[("id", "INTEGER PRIMARY KEY"), ("name", "TEXT")], &[&["name"]], |rows| {
            for (id, &ext) in externals.items.iter().enumerate() {
                rows.row(&[int(id as u32), Field::Text(&names::external_name(ext, symbols))])?;
            }
            Ok(())
        })?;
        let o = |obj: Obj| objects.id(obj);
        self.table("reachable", &[("code", "INTEGER")], &[], |rows| {
            solution.reachable.iter().try_for_each(|&code| rows.ids(&[code]))
        })?;
        // `pts` and `field` are views (`VIEWS`) over what the solver keeps: the sets of the
        // variables it kept and who stands for whom; the fields of modules and classes and the
        // stores into other objects. The expanded relations can be far larger than the package.
        self.table("pts_set", &[("var", "INTEGER"), ("object", "INTEGER")], &[&["object"]], |rows| {
            solution.pts.iter().try_for_each(|&(var, obj)| rows.ids(&[var, o(obj)]))
        })?;
        self.table(
            "var_representative",
            &[("var", "INTEGER"), ("representative", "INTEGER")],
            &[&["representative"]],
            |rows| solution.aliases.iter().try_for_each(|&(var, kept)| rows.ids(&[var, kept])),
        )?;
        let slot_columns: Columns<'_> = &[("code", "INTEGER"), ("slot", "INTEGER"), ("object", "INTEGER")];
        self.table("local", slot_columns, &[], |rows| {
            solution.local.iter().try_for_each(|&(code, slot, obj)| rows.ids(&[code, slot, o(obj)]))
        })?;
        self.table(
            "namespace_field",
            &[("base", "INTEGER"), ("name", "INTEGER"), ("value", "INTEGER")],
            &[],
            |rows| solution.field.iter().try_for_each(|&(base, name, value)| rows.ids(&[o(base), name, o(value)])),
        )?;
        self.table(
            "field_store",
            &[("base", "INTEGER"), ("name", "INTEGER"), ("var", "INTEGER")],
            &[&["var"]],
            |rows| solution.field_flow.iter().try_for_each(|&(var, base, name)| rows.ids(&[o(base), name, var])),
        )?;
        self.table("elem", &[("container", "INTEGER"), ("element", "INTEGER")], &[], |rows| {
            solution.elem.iter().try_for_each(|&(c, e)| rows.ids(&[o(c), o(e)]))
        })?;
        self.table("cell_value", &[("cell", "INTEGER"), ("value", "INTEGER")], &[], |rows| {
            solution.cell_value.iter().try_for_each(|&(c, v)| rows.ids(&[o(c), o(v)]))
        })?;
        let cell_columns: Columns<'_> = &[("code", "INTEGER"), ("slot", "INTEGER"), ("cell", "INTEGER")];
        self.table("slot_cell", cell_columns, &[], |rows| {
            solution.slot_cell.iter().try_for_each(|&(code, slot, cell)| rows.ids(&[code, slot, o(cell)]))
        })?;
        self.call_edges(analysis, &externals)?;
        let contexts = self.contexts(analysis, &o)?;
        self.table("invokes", &[("insn", "INTEGER"), ("function", "INTEGER")], &[], |rows| {
            solution.invokes.iter().try_for_each(|&(site, f)| rows.ids(&[site, f]))
        })?;
        self.table("returns", &[("code", "INTEGER"), ("object", "INTEGER")], &[], |rows| {
            solution.returns.iter().try_for_each(|&(code, obj)| rows.ids(&[code, o(obj)]))
        })?;
        self.table("raises", &[("code", "INTEGER"), ("object", "INTEGER")], &[], |rows| {
            solution.raises.iter().try_for_each(|&(code, obj)| rows.ids(&[code, o(obj)]))
        })?;
        let columns = [("class", "INTEGER"), ("mro", "INTEGER"), ("position", "INTEGER"), ("object", "INTEGER")];
        self.table("mro", &columns, &[], |rows| {
            solution.mro.iter().try_for_each(|&(class, order, at, obj)| rows.ids(&[class, order, at, o(obj)]))
        })?;
        let group_columns: Columns<'_> = &[("insn", "INTEGER"), ("group_kind", "TEXT"), ("detail", "TEXT")];
        let reasons = super::reasons::UnknownReasons::new(&analysis.facts);
        self.table("unresolved", group_columns, &[], |rows| {
            for &(site, group) in &solution.unresolved {
                let (kind, detail) = describe_group(group, symbols);
                let detail = match group {
                    Group::Unknown => reasons.of(site),
                    _ => detail,
                };
                rows.row(&[int(site), Field::Text(kind), Field::Text(&detail)])?;
            }
            Ok(())
        })?;
        let explicit = super::ExplicitCalls::of(&analysis.facts);
        let columns: Columns<'_> = &[("insn", "INTEGER"), ("level", "TEXT"), ("site_kind", "TEXT")];
        self.table("coverage", columns, &[&["level"]], |rows| {
            solution.coverage.iter().try_for_each(|&(site, level)| {
                rows.row(&[int(site), Field::Text(level.name()), Field::Text(explicit.kind_of(site))])
            })
        })?;
        self.control(analysis.control.as_ref())?;
        self.ddg(analysis, &contexts)
    }

    /// The data-dependence graph (`cpyg_ddg`); empty tables when it was not built. A node is
    /// an instruction or a formal parameter (`param`, its position in the signature).
    /// Under a rule set that keeps contexts, `ddg_context_edge` gives the edges between
    /// activations with their contexts (`context` ids); `stack`, `base` and `local` edges hold
    /// in every activation of their function and are only in `ddg_edge`.
    fn ddg(&mut self, analysis: &Analysis, contexts: &[CallString]) -> rusqlite::Result<()> {
        let empty = cpyg_ddg::Ddg::default();
        let ddg = analysis.ddg.as_ref().unwrap_or(&empty);
        // Naming reads whole fact relations: only a graph that was built pays for it.
        let namer = analysis.ddg.as_ref().map(|_| super::ddg::Namer::new(analysis));
        let columns: Columns<'_> = &[
            ("node", "INTEGER PRIMARY KEY"),
            ("code", "INTEGER"),
            ("insn", "INTEGER"),
            ("param", "INTEGER"),
            ("line", "INTEGER"),
            ("what", "TEXT"),
        ];
        self.table("ddg_node", columns, &[&["code"], &["insn"]], |rows| {
            for (at, &node) in ddg.nodes.iter().enumerate() {
                let Some(namer) = &namer else { break };
                let named = namer.node(node);
                let (insn, param) = match node {
                    cpyg_ddg::Node::Insn(insn) => (Some(insn), None),
                    cpyg_ddg::Node::Param { index, .. } => (None, Some(index)),
                };
                let code = namer.code(node);
                rows.row(&[
                    int(at as u32),
                    int(code),
                    opt_int(insn),
                    opt_int(param),
                    opt_int(named.line),
                    Field::Text(&named.what),
                ])?;
            }
            Ok(())
        })?;
        let id = |node: &cpyg_ddg::Node| ddg.nodes.binary_search(node).map_or(u32::MAX, |at| at as u32);
        let columns: Columns<'_> = &[("from_node", "INTEGER"), ("to_node", "INTEGER"), ("kind", "TEXT")];
        self.table("ddg_edge", columns, &[&["to_node"]], |rows| {
            for (from, to, kind) in &ddg.edges {
                rows.row(&[int(id(from)), int(id(to)), Field::Text(kind.name())])?;
            }
            Ok(())
        })?;
        let context = |c: &CallString| contexts.binary_search(c).map_or(0, |at| at as u32);
        let columns: Columns<'_> = &[
            ("from_context", "INTEGER"),
            ("from_node", "INTEGER"),
            ("to_context", "INTEGER"),
            ("to_node", "INTEGER"),
            ("kind", "TEXT"),
        ];
        self.table("ddg_context_edge", columns, &[&["to_node"]], |rows| {
            for (fc, from, tc, to, kind) in ddg.contexts.iter().flat_map(|c| &c.edges) {
                let (fc, tc) = (context(fc), context(tc));
                rows.row(&[int(fc), int(id(from)), int(tc), int(id(to)), Field::Text(kind.name())])?;
            }
            Ok(())
        })?;
        let columns: Columns<'_> = &[("insn", "INTEGER"), ("level", "TEXT"), ("gap", "TEXT")];
        self.table("ddg_coverage", columns, &[], |rows| {
            for &(insn, level, gap) in &ddg.coverage {
                rows.row(&[int(insn), Field::Text(level.name()), Field::Text(gap.name())])?;
            }
            Ok(())
        })
    }

    /// The contexts of a contextual rule set: `context` decodes each call string (id 0 is the
    /// empty, root context, the only one of the insensitive rule set) into its call sites;
    /// `context_call_edge` is `call_edge` with both contexts, `context_cell_value` `cell_value`
    /// with the heap context of the cell (the activation that made it).
    /// Returns the call strings by id.
    fn contexts(&mut self, analysis: &Analysis, o: &dyn Fn(Obj) -> u32) -> rusqlite::Result<Vec<CallString>> {
        let solution = &analysis.solution;
        let mut strings: Vec<CallString> = vec![CallString::default()];
        strings.extend(solution.context_call_edge.iter().flat_map(|r| [r.0, r.2]));
        strings.extend(solution.context_cell_value.iter().map(|r| r.0));
        let ddg = analysis.ddg.as_ref().and_then(|d| d.contexts.as_ref());
        strings.extend(ddg.into_iter().flat_map(|c| c.edges.iter().flat_map(|e| [e.0, e.2])));
        strings.sort_unstable();
        strings.dedup();
        let id = |c: &CallString| strings.binary_search(c).map_or(0, |at| at as u32);
        let columns: Columns<'_> =
            &[("context", "INTEGER PRIMARY KEY"), ("depth", "INTEGER"), ("site1", "INTEGER"), ("site2", "INTEGER")];
        self.table("context", columns, &[], |rows| {
            for (at, string) in strings.iter().enumerate() {
                let sites: Vec<u32> = string.sites().collect();
                let site = |n: usize| sites.get(n).map_or(Field::Null, |&s| int(s));
                rows.row(&[int(at as u32), int(sites.len() as u32), site(0), site(1)])?;
            }
            Ok(())
        })?;
        let columns: Columns<'_> =
            &[("context", "INTEGER"), ("insn", "INTEGER"), ("callee_context", "INTEGER"), ("callee", "INTEGER")];
        self.table("context_call_edge", columns, &[&["callee"]], |rows| {
            solution.context_call_edge.iter().try_for_each(|r| rows.ids(&[id(&r.0), r.1, id(&r.2), r.3]))
        })?;
        let columns: Columns<'_> = &[("context", "INTEGER"), ("cell", "INTEGER"), ("value", "INTEGER")];
        self.table("context_cell_value", columns, &[], |rows| {
            solution.context_cell_value.iter().try_for_each(|r| rows.ids(&[id(&r.0), o(r.1), o(r.2)]))
        })?;
        self.table("policy", &[("code", "INTEGER"), ("attribute", "TEXT")], &[], |rows| {
            solution
                .policy
                .iter()
                .try_for_each(|&(code, attribute)| rows.row(&[int(code), Field::Text(attribute.name())]))
        })?;
        Ok(strings)
    }

    /// The CFG and CDG (`cpyg_control`); empty tables when they were not built.
    fn control(&mut self, control: Option<&Control>) -> rusqlite::Result<()> {
        let empty = Control::default();
        let control = control.unwrap_or(&empty);
        let columns: Columns<'_> = &[
            ("block", "INTEGER PRIMARY KEY"),
            ("code", "INTEGER"),
            ("kind", "TEXT"),
            ("first_insn", "INTEGER"),
            ("last_insn", "INTEGER"),
            ("first_offset", "INTEGER"),
            ("last_offset", "INTEGER"),
            ("first_line", "INTEGER"),
            ("last_line", "INTEGER"),
        ];
        self.table("cfg_block", columns, &[&["code"]], |rows| {
            for b in &control.blocks {
                rows.row(&[
                    int(b.id),
                    int(b.code),
                    Field::Text(b.kind.name()),
                    opt_int(b.insns.map(|r| r.0)),
                    opt_int(b.insns.map(|r| r.1)),
                    opt_int(b.offsets.map(|r| r.0)),
                    opt_int(b.offsets.map(|r| r.1)),
                    opt_int(b.lines.map(|r| r.0)),
                    opt_int(b.lines.map(|r| r.1)),
                ])?;
            }
            Ok(())
        })?;
        let columns: Columns<'_> =
            &[("from_block", "INTEGER"), ("to_block", "INTEGER"), ("kind", "TEXT"), ("handler_depth", "INTEGER")];
        self.table("cfg_edge", columns, &[&["to_block"]], |rows| {
            for e in &control.edges {
                rows.row(&[int(e.from), int(e.to), Field::Text(e.kind.name()), opt_int(e.depth)])?;
            }
            Ok(())
        })?;
        self.table("cfg_postdom", &[("block", "INTEGER PRIMARY KEY"), ("ipdom", "INTEGER")], &[&["ipdom"]], |rows| {
            control.ipdom.iter().try_for_each(|&(block, dominator)| rows.ids(&[block, dominator]))
        })?;
        let columns: Columns<'_> = &[("controller", "INTEGER"), ("dependent", "INTEGER"), ("outcome", "TEXT")];
        self.table("cdg_edge", columns, &[&["dependent"]], |rows| {
            for &(controller, dependent, outcome) in &control.cdg {
                rows.row(&[int(controller), int(dependent), Field::Text(outcome.name())])?;
            }
            Ok(())
        })?;
        let columns: Columns<'_> = &[("code", "INTEGER PRIMARY KEY"), ("level", "TEXT"), ("detail", "TEXT")];
        self.table("control_coverage", columns, &[], |rows| {
            for c in &control.coverage {
                rows.row(&[int(c.code), Field::Text(c.level), Field::Text(&c.detail)])?;
            }
            Ok(())
        })
    }

    /// `profile`: one row per phase and step, in order (`crate::profile`).
    fn profile<'p>(&mut self, records: impl Iterator<Item = &'p PhaseRecord>) -> rusqlite::Result<()> {
        let columns: Columns<'_> = &[
            ("position", "INTEGER PRIMARY KEY"),
            ("phase", "TEXT"),
            ("depth", "INTEGER"),
            ("wall_seconds", "REAL"),
            ("cpu_seconds", "REAL"),
            ("rss_start_bytes", "INTEGER"),
            ("rss_end_bytes", "INTEGER"),
            ("rss_peak_bytes", "INTEGER"),
        ];
        self.table("profile", columns, &[], |rows| {
            for (position, r) in records.enumerate() {
                rows.row(&[
                    Field::Int(position as i64),
                    Field::Text(&r.name),
                    Field::Int(r.depth.into()),
                    Field::Real(r.wall.as_secs_f64()),
                    Field::Real(r.cpu.as_secs_f64()),
                    Field::Int(r.rss_start as i64),
                    Field::Int(r.rss_end as i64),
                    Field::Int(r.rss_peak as i64),
                ])?;
            }
            Ok(())
        })
    }

    fn meta(&mut self, analysis: &Analysis) -> rusqlite::Result<()> {
        let solution = &analysis.solution;
        let provenance = &analysis.provenance;
        let (interpreter_version, interpreter_path) = provenance.interpreter.clone().unzip();
        let entries = [
            ("format", Some(DB_FORMAT.to_string())),
            ("cpyg_version", Some(env!("CARGO_PKG_VERSION").to_string())),
            ("git_revision", Some(env!("CPYG_GIT_REVISION").to_string())),
            ("cpython", Some(format!("3.{}", analysis.facts.minor))),
            // Absent when the inputs were `.pyc` files: no interpreter ran.
            ("interpreter_version", interpreter_version),
            ("interpreter", interpreter_path),
            ("inputs", Some(serde_json::to_string(&provenance.inputs).unwrap_or_default())),
            ("rule_set", Some(solution.rule_set.map_or("?", |r| r.name()).to_string())),
            ("roots", Some(analysis.roots.mode.name().to_string())),
            ("roots_reason", Some(analysis.roots.reason.clone())),
            ("entries", Some(serde_json::to_string(&analysis.roots.entries).unwrap_or_default())),
            ("called_from_outside", Some(analysis.roots.roots.called_from_outside.len().to_string())),
            ("not_run_instructions", Some(analysis.roots.roots.not_run.len().to_string())),
            ("rounds", Some(solution.rounds.to_string())),
            ("control", Some(analysis.control_scope.name().to_string())),
            ("skipped_modules", Some(analysis.skipped.len().to_string())),
            // A database is only ever written whole; an interrupted run writes none.
            ("complete", Some("true".to_string())),
        ];
        self.table("meta", &[("key", "TEXT"), ("value", "TEXT")], &[], |rows| {
            for (key, value) in &entries {
                if let Some(value) = value {
                    rows.row(&[Field::Text(key), Field::Text(value)])?;
                }
            }
            Ok(())
        })?;
        let columns: Columns<'_> = &[("name", "TEXT"), ("file", "TEXT"), ("sha256", "TEXT")];
        self.table("input_module", columns, &[], |rows| {
            for (name, file, sha256) in &provenance.modules {
                rows.row(&[Field::Text(name), Field::Text(file), Field::Text(sha256)])?;
            }
            Ok(())
        })?;
        self.table("skipped_module", &[("name", "TEXT"), ("file", "TEXT"), ("reason", "TEXT")], &[], |rows| {
            for s in &analysis.skipped {
                rows.row(&[Field::Text(&s.module), Field::Text(&s.file), Field::Text(&s.reason)])?;
            }
            Ok(())
        })
    }

    fn code_names(&mut self, analysis: &Analysis) -> rusqlite::Result<()> {
        let names = &analysis.names;
        // PyCG's relative names too, for comparing with PyCG's output.
        let relative = Names::with_style(&analysis.facts, NameStyle::Relative)
            .map_err(|e| rusqlite::Error::ToSqlConversionFailure(e.into()))?;
        let columns: Columns<'_> = &[
            ("code", "INTEGER PRIMARY KEY"),
            ("name", "TEXT"),
            ("pycg_name", "TEXT"),
            ("scope", "INTEGER"),
            ("kind", "TEXT"),
            ("module", "INTEGER"),
        ];
        self.table("code_name", columns, &[&["name"], &["pycg_name"]], |rows| {
            for (code, name) in names.code.iter().enumerate() {
                let kind = names.kind[code].name();
                rows.row(&[
                    int(code as u32),
                    Field::Text(name),
                    Field::Text(&relative.code[code]),
                    int(names.scope[code]),
                    Field::Text(kind),
                    int(names.code_module[code]),
                ])?;
            }
            Ok(())
        })
    }

    fn objects(
        &mut self,
        objects: &Numbered<Obj>,
        externals: &Numbered<Ext>,
        names: &Names,
        symbols: &Symbols,
    ) -> rusqlite::Result<()> {
        let columns: Columns<'_> = &[
            ("id", "INTEGER PRIMARY KEY"),
            ("kind", "TEXT"),
            ("description", "TEXT"),
            ("module", "INTEGER"),
            ("function", "INTEGER"),
            ("class", "INTEGER"),
            ("site", "INTEGER"),
            ("code", "INTEGER"),
            ("slot", "INTEGER"),
            ("receiver", "INTEGER"),
            ("container", "INTEGER"),
            ("external", "INTEGER"),
            ("detail", "TEXT"),
        ];
        self.table("object", columns, &[], |rows| {
            for (id, &obj) in objects.items.iter().enumerate() {
                let raw = RawObject::of(obj, names, symbols, objects, externals);
                let description = names.describe(obj, symbols);
                rows.row(&[
                    int(id as u32),
                    Field::Text(raw.kind),
                    Field::Text(&description),
                    opt_int(raw.module),
                    opt_int(raw.function),
                    opt_int(raw.class),
                    opt_int(raw.site),
                    opt_int(raw.code),
                    opt_int(raw.slot),
                    opt_int(raw.receiver),
                    opt_int(raw.container),
                    opt_int(raw.external),
                    raw.detail.as_deref().map_or(Field::Null, Field::Text),
                ])?;
            }
            Ok(())
        })
    }

    /// `call_edge` and `calls_external`, each row with whether the call is implicit (and a
    /// package callee's whether it is assumed).
    fn call_edges(&mut self, analysis: &Analysis, externals: &Numbered<Ext>) -> rusqlite::Result<()> {
        let edges = call_edges(analysis);
        let code_columns: Columns<'_> =
            &[("insn", "INTEGER"), ("callee", "INTEGER"), ("implicit", "INTEGER"), ("assumed", "INTEGER")];
        self.table("call_edge", code_columns, &[&["callee"]], |rows| {
            for edge in &edges {
                if let Callee::Code(code) = edge.callee {
                    rows.ids(&[edge.site, code, u32::from(edge.implicit), u32::from(edge.assumed)])?;
                }
            }
            Ok(())
        })?;
        let external_columns: Columns<'_> = &[("insn", "INTEGER"), ("external", "INTEGER"), ("implicit", "INTEGER")];
        self.table("calls_external", external_columns, &[&["external"]], |rows| {
            for edge in &edges {
                if let Callee::External(ext) = edge.callee {
                    rows.ids(&[edge.site, externals.id(ext), u32::from(edge.implicit)])?;
                }
            }
            Ok(())
        })
    }

    /// Tables the views decode through, made by SQLite from the input tables:
    /// where each stack variable lives, and the name each instruction reads or writes.
    fn helper_tables(&mut self) -> rusqlite::Result<()> {
        self.tx.execute_batch(&helper_tables_sql())?;
        self.tables += 2;
        self.index("variable", &["var"]);
        self.index("variable", &["insn"]);
        self.index("insn_name", &["insn"]);
        Ok(())
    }
}

/// Values numbered in sorted order.
struct Numbered<T> {
    items: Vec<T>,
    ids: HashMap<T, u32>,
}

impl<T: Copy + Ord + std::hash::Hash> Numbered<T> {
    fn new(mut items: Vec<T>) -> Numbered<T> {
        items.sort_unstable();
        items.dedup();
        let ids = items.iter().enumerate().map(|(id, &item)| (item, id as u32)).collect();
        Numbered { items, ids }
    }

    fn id(&self, item: T) -> u32 {
        // Every value the tables hold was collected before numbering.
        self.ids[&item]
    }

    fn get(&self, item: T) -> Option<u32> {
        self.ids.get(&item).copied()
    }
}

/// Every object a derived relation holds, and the receivers and containers inside them.
fn objects_of(s: &Solution) -> Vec<Obj> {
    let mut all: Vec<Obj> = Vec::new();
    all.extend(s.pts.iter().map(|r| r.1));
    all.extend(s.local.iter().map(|r| r.2));
    all.extend(s.field.iter().flat_map(|r| [r.0, r.2]));
    all.extend(s.field_flow.iter().map(|r| r.1));
    all.extend(s.elem.iter().flat_map(|r| [r.0, r.1]));
    all.extend(s.cell_value.iter().flat_map(|r| [r.0, r.1]));
    all.extend(s.slot_cell.iter().map(|r| r.2));
    all.extend(s.returns.iter().map(|r| r.1));
    all.extend(s.raises.iter().map(|r| r.1));
    all.extend(s.mro.iter().map(|r| r.3));
    all.sort_unstable();
    all.dedup();
    let inner: Vec<Obj> = all.iter().filter_map(|&o| inner_object(o)).collect();
    all.extend(inner);
    all
}

/// The object an object carries: a bound method's or `super`'s receiver, a method's container.
fn inner_object(obj: Obj) -> Option<Obj> {
    match obj {
        Obj::Bound(_, r) | Obj::Super(_, r) => Some(r.obj()),
        Obj::ContainerMethod(c, _) => Some(Obj::Container(c)),
        _ => None,
    }
}

fn externals_of(s: &Solution, objects: &[Obj]) -> Vec<Ext> {
    let mut all: Vec<Ext> = s.calls_external.iter().map(|r| r.1).collect();
    all.extend(objects.iter().filter_map(|o| if let Obj::External(e) = o { Some(*e) } else { None }));
    all.extend(s.unresolved.iter().filter_map(|r| if let Group::External(e) = r.1 { Some(e) } else { None }));
    all
}

/// `(kind, detail)` of an unresolved group; the detail of `unknown` is [`super::reasons`]'s.
fn describe_group(group: Group, symbols: &Symbols) -> (&'static str, String) {
    match group {
        Group::External(e) => ("external", names::external_name(e, symbols)),
        Group::ContainerMethod(kind, name) => {
            ("container_method", format!("{}.{}", kind.name(), symbols.text(name).unwrap_or("?")))
        }
        Group::Protocol(p) => ("protocol", p.name().to_string()),
        Group::NotCallable => ("not_callable", "the called value may be an object that cannot be called".to_string()),
        Group::Unknown => ("unknown", String::new()),
    }
}

/// The columns of an `object` row besides id and description.
#[derive(Default)]
struct RawObject {
    kind: &'static str,
    module: Option<u32>,
    /// The `MakeFunction` instruction of the function it is or wraps.
    function: Option<u32>,
    /// The `__build_class__` call of the class it is, or is an instance of.
    class: Option<u32>,
    /// The instruction that made it (instances, containers).
    site: Option<u32>,
    /// Its code object: the function's, the class body, the generator's, the cell's frame.
    code: Option<u32>,
    slot: Option<u32>,
    /// Object id of a bound method's or `super`'s receiver.
    receiver: Option<u32>,
    /// Object id of a container method's container.
    container: Option<u32>,
    external: Option<u32>,
    detail: Option<String>,
}

impl RawObject {
    fn of(obj: Obj, names: &Names, symbols: &Symbols, objects: &Numbered<Obj>, externals: &Numbered<Ext>) -> Self {
        let made = |f: u32| names.made.get(&f).copied();
        let body = |k: u32| names.class_body.get(&k).copied();
        let function = |kind, f| RawObject { kind, function: Some(f), code: made(f), ..Default::default() };
        match obj {
            Obj::Module(m) => RawObject { kind: "module", module: Some(m), ..Default::default() },
            Obj::Function(f) => function("function", f),
            Obj::Class(k) => RawObject { kind: "class", class: Some(k), code: body(k), ..Default::default() },
            Obj::Instance(site, k) => {
                RawObject { kind: "instance", class: Some(k), site: Some(site), code: body(k), ..Default::default() }
            }
            Obj::Bound(f, r) => RawObject { receiver: objects.get(r.obj()), ..function("bound", f) },
            Obj::Wrapped(w, f) => RawObject { detail: Some(wrapper_name(w).into()), ..function("wrapped", f) },
            Obj::PropertySetter(f) => function("property_setter", f),
            Obj::PropertyDeleter(f) => function("property_deleter", f),
            Obj::Super(k, r) => {
                RawObject { kind: "super", class: Some(k), receiver: objects.get(r.obj()), ..Default::default() }
            }
            Obj::Cell(code, slot) => {
                RawObject { kind: "cell", code: Some(code), slot: Some(slot), ..Default::default() }
            }
            Obj::Container(c) => {
                let (site, code, detail) = match c.origin {
                    Origin::Made(insn) => (Some(insn), None, c.kind.name().to_string()),
                    Origin::VarArgs(code) => (None, Some(code), format!("{} *args", c.kind.name())),
                    Origin::VarKeywords(code) => (None, Some(code), format!("{} **kwargs", c.kind.name())),
                };
                RawObject { kind: "container", site, code, detail: Some(detail), ..Default::default() }
            }
            Obj::ContainerMethod(c, name) => RawObject {
                kind: "container_method",
                container: objects.get(Obj::Container(c)),
                detail: Some(symbols.text(name).unwrap_or("?").to_string()),
                ..Default::default()
            },
            Obj::Generator(code) => RawObject { kind: "generator", code: Some(code), ..Default::default() },
            Obj::PassThrough => RawObject { kind: "passthrough", ..Default::default() },
            Obj::Partial(site) => RawObject { kind: "partial", site: Some(site), ..Default::default() },
            Obj::NameCaller(site) => RawObject { kind: "name_caller", site: Some(site), ..Default::default() },
            Obj::Future(site) => RawObject { kind: "future", site: Some(site), ..Default::default() },
            Obj::FutureResult(site) => RawObject { kind: "future_result", site: Some(site), ..Default::default() },
            Obj::AttrDict(site, k) => {
                RawObject { kind: "attr_dict", class: Some(k), site: Some(site), code: body(k), ..Default::default() }
            }
            Obj::TypeCall(k) => RawObject { kind: "type_call", class: Some(k), ..Default::default() },
            Obj::Const(kind) => {
                RawObject { kind: "const", detail: Some(kind.name().to_string()), ..Default::default() }
            }
            Obj::External(e) => RawObject {
                kind: "external",
                external: externals.get(e),
                detail: Some(names::external_name(e, symbols)),
                ..Default::default()
            },
        }
    }
}

fn wrapper_name(wrapper: Wrapper) -> &'static str {
    match wrapper {
        Wrapper::StaticMethod => "staticmethod",
        Wrapper::ClassMethod => "classmethod",
        Wrapper::Property => "property",
    }
}

/// Relations whose `name` column is the name their instruction reads or writes.
const NAMED_BY_SYMBOL: &[RelationId] = &[
    RelationId::LoadBuiltin,
    RelationId::LoadGlobal,
    RelationId::StoreGlobal,
    RelationId::DeleteGlobal,
    RelationId::LoadName,
    RelationId::StoreName,
    RelationId::DeleteName,
    RelationId::LoadNameFromMapping,
    RelationId::LoadAttr,
    RelationId::StoreAttr,
    RelationId::DeleteAttr,
    RelationId::SuperAttr,
    RelationId::ImportName,
    RelationId::ImportFrom,
];

/// Relations whose `(code, slot)` names the local their instruction reads or writes.
const NAMED_BY_SLOT: &[RelationId] = &[
    RelationId::LoadLocal,
    RelationId::StoreLocal,
    RelationId::DeleteLocal,
    RelationId::MakeCell,
    RelationId::LoadCell,
    RelationId::StoreCell,
    RelationId::DeleteCell,
    RelationId::LoadCellRef,
    RelationId::LoadClassCell,
];

/// `variable(var, code, insn, role, position)`: the instruction that pops, reads in
/// place or pushes a variable (a handler's first instruction for handler values,
/// none for values a frame starts with). `insn_name(insn, name)`: the symbol an
/// instruction reads or writes: a local's, global's or attribute's name, a constant's
/// text, a function's qualified name.
fn helper_tables_sql() -> String {
    let mut sql = String::from(
        "CREATE TABLE variable (var INTEGER, code INTEGER, insn INTEGER, role TEXT, position INTEGER);
         INSERT INTO variable
           SELECT v.var, i.code, v.insn, 'pop', v.\"index\" FROM InVar v JOIN Insn i ON i.insn = v.insn
           UNION ALL SELECT v.var, i.code, v.insn, 'peek', v.depth FROM PeekVar v JOIN Insn i ON i.insn = v.insn
           UNION ALL SELECT v.var, i.code, v.insn, 'push', v.\"index\" FROM OutVar v JOIN Insn i ON i.insn = v.insn
           UNION ALL SELECT v.var, r.code, r.handler, 'handler', v.\"index\"
             FROM HandlerVar v JOIN ExceptionRegion r ON r.region = v.region
           UNION ALL SELECT var, code, NULL, 'entry', \"index\" FROM EntryVar;
         CREATE TABLE insn_name (insn INTEGER, name INTEGER);
         INSERT INTO insn_name SELECT insn, MIN(name) FROM (
           SELECT l.insn, c.value AS name FROM LoadConst l JOIN Const c ON c.constant = l.constant
           UNION ALL SELECT m.insn, c.qualname FROM MakeFunction m JOIN Code c ON c.code = m.code",
    );
    for id in NAMED_BY_SYMBOL {
        let _ = write!(sql, "\n           UNION ALL SELECT insn, name FROM {}", quoted(id.schema().name));
    }
    for id in NAMED_BY_SLOT {
        let _ = write!(
            sql,
            "\n           UNION ALL SELECT r.insn, s.name FROM {} r JOIN LocalSlot s ON s.code = r.code AND s.slot = r.slot",
            quoted(id.schema().name)
        );
    }
    sql.push_str("\n         ) GROUP BY insn;\n");
    sql
}

/// The views: ids decoded into names.
const VIEWS: &str = "
CREATE VIEW pts AS
  SELECT var, object FROM pts_set
  UNION ALL
  SELECT r.var, p.object FROM var_representative r JOIN pts_set p ON p.var = r.representative;
CREATE VIEW field AS
  SELECT base, name, value FROM namespace_field
  UNION ALL
  SELECT DISTINCT s.base, s.name, p.object AS value FROM field_store s JOIN pts_set p ON p.var = s.var;
CREATE VIEW insn_site AS
  SELECT i.insn, i.code, n.name AS function, n.scope, f.text AS file, l.line, i.offset, o.text AS opname,
         s.text AS name
  FROM Insn i
  JOIN code_name n ON n.code = i.code
  JOIN Code c ON c.code = i.code
  JOIN Module m ON m.module = c.module
  JOIN Symbol f ON f.sym = m.file
  LEFT JOIN InsnLine l ON l.insn = i.insn
  LEFT JOIN InsnNative nat ON nat.insn = i.insn
  LEFT JOIN Symbol o ON o.sym = nat.opname
  LEFT JOIN insn_name nm ON nm.insn = i.insn
  LEFT JOIN Symbol s ON s.sym = nm.name;

CREATE VIEW call_edges_named AS
  SELECT s.function AS caller, sc.name AS caller_scope, s.file, s.line, s.offset, e.insn,
         n.name AS callee, n.kind AS callee_kind, e.implicit, e.assumed
  FROM call_edge e
  JOIN insn_site s ON s.insn = e.insn
  JOIN code_name sc ON sc.code = s.scope
  JOIN code_name n ON n.code = e.callee
  UNION ALL
  SELECT s.function, sc.name, s.file, s.line, s.offset, x.insn, ext.name, 'external', x.implicit, 0
  FROM calls_external x
  JOIN insn_site s ON s.insn = x.insn
  JOIN code_name sc ON sc.code = s.scope
  JOIN external ext ON ext.id = x.external;

CREATE VIEW context_named AS
  SELECT c.context, c.depth,
         COALESCE((SELECT s.function || '@' || s.offset FROM insn_site s WHERE s.insn = c.site1), '')
           || COALESCE(' <- ' || (SELECT s.function || '@' || s.offset FROM insn_site s WHERE s.insn = c.site2), '')
           AS call_string
  FROM context c;

CREATE VIEW context_call_edges_named AS
  SELECT s.function AS caller, cc.call_string AS caller_context, s.line, s.offset, e.insn,
         n.name AS callee, ce.call_string AS callee_context
  FROM context_call_edge e
  JOIN insn_site s ON s.insn = e.insn
  JOIN code_name n ON n.code = e.callee
  JOIN context_named cc ON cc.context = e.context
  JOIN context_named ce ON ce.context = e.callee_context;

CREATE VIEW variable_named AS
  SELECT v.var, n.name AS function, v.code, v.insn, i.offset, o.text AS opname, s.text AS name, v.role,
         v.position,
         n.name || COALESCE('@' || i.offset || ' ' || o.text, '') || COALESCE(' ' || s.text, '')
           || ' (' || v.role || ' ' || v.position || ')' AS description
  FROM variable v
  JOIN code_name n ON n.code = v.code
  LEFT JOIN Insn i ON i.insn = v.insn
  LEFT JOIN InsnNative nat ON nat.insn = v.insn
  LEFT JOIN Symbol o ON o.sym = nat.opname
  LEFT JOIN insn_name nm ON nm.insn = v.insn
  LEFT JOIN Symbol s ON s.sym = nm.name;

CREATE VIEW points_to_named AS
  SELECT p.var, v.description AS variable, v.function, v.offset, v.opname, v.name, v.role, v.position,
         o.kind AS object_kind, o.description AS object, p.object AS object_id
  FROM pts p
  JOIN variable_named v ON v.var = p.var
  JOIN object o ON o.id = p.object;

CREATE VIEW locals_named AS
  SELECT n.name AS function, s.text AS local, 'slot' AS via, o.kind AS object_kind, o.description AS object,
         l.code, l.slot, l.object AS object_id
  FROM local l
  JOIN code_name n ON n.code = l.code
  JOIN LocalSlot ls ON ls.code = l.code AND ls.slot = l.slot
  JOIN Symbol s ON s.sym = ls.name
  JOIN object o ON o.id = l.object
  UNION ALL
  SELECT n.name, s.text, 'cell', o.kind, o.description, c.code, c.slot, v.value
  FROM slot_cell c
  JOIN cell_value v ON v.cell = c.cell
  JOIN code_name n ON n.code = c.code
  JOIN LocalSlot ls ON ls.code = c.code AND ls.slot = c.slot
  JOIN Symbol s ON s.sym = ls.name
  JOIN object o ON o.id = v.value;

CREATE VIEW fields_named AS
  SELECT b.description AS base, b.kind AS base_kind, s.text AS name, v.description AS value, v.kind AS value_kind,
         f.base AS base_id, f.value AS value_id
  FROM field f
  JOIN object b ON b.id = f.base
  JOIN Symbol s ON s.sym = f.name
  JOIN object v ON v.id = f.value;

CREATE VIEW coverage_summary AS
  SELECT c.site_kind, c.level, COUNT(*) AS sites,
         ROUND(100.0 * COUNT(*) / (SELECT COUNT(*) FROM coverage a WHERE a.site_kind = c.site_kind), 1) AS percent
  FROM coverage c GROUP BY c.site_kind, c.level;

CREATE VIEW cfg_edges_named AS
  SELECT n.name AS function, e.from_block, f.first_line AS from_first_line, f.last_line AS from_last_line,
         e.to_block, t.first_line AS to_first_line, t.kind AS to_kind, e.kind, e.handler_depth
  FROM cfg_edge e
  JOIN cfg_block f ON f.block = e.from_block
  JOIN cfg_block t ON t.block = e.to_block
  JOIN code_name n ON n.code = f.code;

CREATE VIEW cdg_named AS
  SELECT n.name AS function, d.controller AS controller_block, c.last_line AS controller_line,
         d.dependent AS dependent_block, t.first_line AS dependent_first_line, t.last_line AS dependent_last_line,
         d.outcome
  FROM cdg_edge d
  JOIN cfg_block c ON c.block = d.controller
  JOIN cfg_block t ON t.block = d.dependent
  JOIN code_name n ON n.code = c.code;

CREATE VIEW ddg_named AS
  SELECT fn.name AS from_function, f.line AS from_line, f.what AS from_what,
         tn.name AS to_function, t.line AS to_line, t.what AS to_what, e.kind
  FROM ddg_edge e
  JOIN ddg_node f ON f.node = e.from_node
  JOIN ddg_node t ON t.node = e.to_node
  JOIN code_name fn ON fn.code = f.code
  JOIN code_name tn ON tn.code = t.code;

CREATE VIEW ddg_context_named AS
  SELECT fn.name AS from_function, fc.call_string AS from_context, f.line AS from_line, f.what AS from_what,
         tn.name AS to_function, tc.call_string AS to_context, t.line AS to_line, t.what AS to_what, e.kind
  FROM ddg_context_edge e
  JOIN ddg_node f ON f.node = e.from_node
  JOIN ddg_node t ON t.node = e.to_node
  JOIN code_name fn ON fn.code = f.code
  JOIN code_name tn ON tn.code = t.code
  JOIN context_named fc ON fc.context = e.from_context
  JOIN context_named tc ON tc.context = e.to_context;

CREATE VIEW unresolved_named AS
  SELECT s.function AS caller, s.file, s.line, s.offset, s.opname, u.group_kind, u.detail, u.insn
  FROM unresolved u
  JOIN insn_site s ON s.insn = u.insn;
";

/// Every table but `profile`, rows sorted, as text: what two databases of the same
/// input must agree on (`profile` holds measurements of the run, not results).
pub fn dump(path: &Path) -> Result<String, String> {
    let connection = Connection::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    dump_connection(&connection).map_err(|e| format!("{}: {e}", path.display()))
}

fn dump_connection(connection: &Connection) -> rusqlite::Result<String> {
    let mut statement = connection
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'profile' ORDER BY name")?;
    let tables: Vec<String> = statement.query_map([], |row| row.get(0))?.collect::<Result<_, _>>()?;
    let mut out = String::new();
    for table in tables {
        let select = connection.prepare(&format!("SELECT * FROM {}", quoted(&table)))?;
        let width = select.column_count();
        let order: Vec<String> = (1..=width).map(|c| c.to_string()).collect();
        let mut select =
            connection.prepare(&format!("SELECT * FROM {} ORDER BY {}", quoted(&table), order.join(", ")))?;
        let _ = writeln!(out, "## {table}");
        let mut rows = select.query([])?;
        while let Some(row) = rows.next()? {
            let fields: Vec<String> = (0..width)
                .map(|c| match row.get_ref(c) {
                    Ok(ValueRef::Integer(v)) => v.to_string(),
                    Ok(ValueRef::Text(t)) => String::from_utf8_lossy(t).into_owned(),
                    Ok(ValueRef::Null) => "NULL".into(),
                    Ok(other) => format!("{other:?}"),
                    Err(e) => format!("<{e}>"),
                })
                .collect();
            out.push_str(&fields.join("\t"));
            out.push('\n');
        }
    }
    Ok(out)
}
