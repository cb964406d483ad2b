//! `cpyg query DB QUESTION`: answers to common questions over a database that
//! `cpyg analyze` or `cpyg solve` wrote (`crate::results::sqlite`), as rows of
//! named columns printed as an aligned table or one JSON document:
//!
//! - `callers F`: the call sites that may call function `F`;
//! - `callees F`: what `F` may call, the calls of its comprehensions and class
//!   bodies included (they are not scopes of their own, as in `code_name.scope`);
//! - `points-to FILE:LINE[:NAME]`: what the stack values of the instructions on
//!   a line and the locals they read or write may point to;
//! - `reachable-from F`: every function reachable from `F` through call edges,
//!   with its shortest distance;
//! - `imports MODULE`: what a module imports, and whether from inside the package;
//! - `unresolved [--reason TEXT]`: call sites whose callee is not (completely) known.
//!
//! Functions are named by `code_name.name`, the full dotted name
//! (`flask.app.Flask.wsgi_app`). A name that is not a full name picks the one
//! function whose name ends with `.F` (`Flask.wsgi_app`); several are an error
//! that lists them, none an error that suggests the closest names. Modules are
//! resolved the same way. Names are resolved to a name, not to one code object:
//! code objects that share a full name (`typing.overload` variants, a property's
//! getter and setter) are one function, as in a name-based call graph.
//!
//! Each question is one `const` SQL text over the tables (not the views: they
//! decode more than an answer needs and hide the joins from the planner). The
//! indexes they rely on to stay fast on large packages are the writer's:
//! `code_name(name)`, `Insn(code)`, `CodeParent(parent)`, `variable(insn)`,
//! `InsnLine(line)`.

use std::collections::{HashMap, VecDeque};
use std::io::{self, Write};

use rusqlite::types::ValueRef;
use rusqlite::{Connection, ToSql};
use serde_json::Value;

/// A question `cpyg query` answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Question {
    Callers(String),
    Callees(String),
    PointsTo { file: String, line: u32, name: Option<String> },
    ReachableFrom(String),
    Imports(String),
    Unresolved { reason: Option<String> },
}

/// An answer: rows of values under named columns. Values are JSON values: numbers,
/// texts, booleans (`implicit`) and nulls (no line, no name).
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    pub columns: Vec<&'static str>,
    pub rows: Vec<Vec<Value>>,
}

/// Answers `question` from the database `conn`.
pub fn answer(conn: &Connection, question: &Question) -> Result<Answer, String> {
    // A database from before full names has no `code_name.name`: say so, not "no such column".
    conn.prepare(SCHEMA_PROBE).map_err(|e| {
        format!("this database lacks the columns `cpyg query` reads ({e}); write it again with `cpyg analyze --db`")
    })?;
    match question {
        Question::Callers(f) => {
            let name = resolve(conn, &FUNCTIONS, f)?;
            select(conn, CALLERS, CALLERS_COLUMNS, rusqlite::params![name])
        }
        Question::Callees(f) => {
            let name = resolve(conn, &FUNCTIONS, f)?;
            select(conn, CALLEES, CALLEES_COLUMNS, rusqlite::params![name])
        }
        Question::PointsTo { file, line, name } => points_to(conn, file, *line, name.as_deref()),
        Question::ReachableFrom(f) => {
            let name = resolve(conn, &FUNCTIONS, f)?;
            reachable_from(conn, &name)
        }
        Question::Imports(module) => {
            let name = resolve(conn, &MODULES, module)?;
            select(conn, IMPORTS, IMPORTS_COLUMNS, rusqlite::params![name])
        }
        Question::Unresolved { reason } => {
            select(conn, UNRESOLVED, UNRESOLVED_COLUMNS, rusqlite::params![reason.as_deref()])
        }
    }
}

/// Splits `FILE:LINE` or `FILE:LINE:NAME`. Parsed from the right, so a file name
/// with a colon in it (`C:\pkg\mod.py:12`) stays whole.
pub fn parse_location(text: &str) -> Result<(String, u32, Option<String>), String> {
    let usage = || format!("`{text}`: expected FILE:LINE or FILE:LINE:NAME (`flask/app.py:120:self`)");
    let line = |s: &str| s.parse::<u32>().ok().filter(|&n| n > 0);
    let (rest, last) = text.rsplit_once(':').ok_or_else(usage)?;
    let (file, line, name) = if let Some(n) = line(last) {
        (rest, n, None)
    } else {
        let (file, middle) = rest.rsplit_once(':').ok_or_else(usage)?;
        let n = line(middle).ok_or_else(usage)?;
        let name = last.trim();
        if name.is_empty() {
            return Err(usage());
        }
        (file, n, Some(name.to_string()))
    };
    if file.trim().is_empty() {
        return Err(usage());
    }
    Ok((file.trim().to_string(), line, name))
}

impl Answer {
    /// Aligned columns under a header line; a null is an empty cell.
    pub fn write_table(&self, out: &mut dyn Write) -> io::Result<()> {
        let cells: Vec<Vec<String>> = self.rows.iter().map(|row| row.iter().map(cell).collect()).collect();
        let mut widths: Vec<usize> = self.columns.iter().map(|c| c.chars().count()).collect();
        for row in &cells {
            for (width, text) in widths.iter_mut().zip(row) {
                *width = (*width).max(text.chars().count());
            }
        }
        let header: Vec<String> = self.columns.iter().map(|c| c.to_string()).collect();
        for row in std::iter::once(&header).chain(&cells) {
            let mut line = String::new();
            for (i, (text, width)) in row.iter().zip(&widths).enumerate() {
                if i > 0 {
                    line.push_str("  ");
                }
                line.push_str(text);
                let pad = width.saturating_sub(text.chars().count());
                line.extend(std::iter::repeat(' ').take(pad));
            }
            writeln!(out, "{}", line.trim_end())?;
        }
        Ok(())
    }

    /// `{"columns": [...], "rows": [[...], ...]}`, one line.
    pub fn write_json(&self, out: &mut dyn Write) -> io::Result<()> {
        let document = serde_json::json!({ "columns": self.columns, "rows": self.rows });
        serde_json::to_writer(&mut *out, &document)?;
        writeln!(out)
    }
}

/// A value as a table cell: texts bare, control characters escaped so a row stays one line.
fn cell(value: &Value) -> String {
    let text = match value {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    if text.chars().any(char::is_control) {
        text.chars().flat_map(|c| if c.is_control() { c.escape_default().collect() } else { vec![c] }).collect()
    } else {
        text
    }
}

// ---------------------------------------------------------------------------
// The SQL of the questions. `?1` is the resolved full name, unless said otherwise.

/// Fails to prepare on a database without the columns the questions read.
const SCHEMA_PROBE: &str = "SELECT name, scope, kind FROM code_name LIMIT 0";

/// The caller is the scope of the site (the function a comprehension or class
/// body belongs to), as in `callees`, so the two questions agree.
const CALLERS_COLUMNS: &[&str] = &["caller", "file", "line", "offset", "callee", "implicit"];
const CALLERS: &str = r#"
SELECT DISTINCT sc.name AS caller, f.text AS file, l.line, i.offset, n.name AS callee, e.implicit
FROM code_name n
JOIN call_edge e ON e.callee = n.code
JOIN Insn i ON i.insn = e.insn
JOIN code_name c ON c.code = i.code
JOIN code_name sc ON sc.code = c.scope
JOIN Code k ON k.code = i.code
JOIN Module m ON m.module = k.module
JOIN Symbol f ON f.sym = m.file
LEFT JOIN InsnLine l ON l.insn = e.insn
WHERE n.name = ?1
ORDER BY file, l.line, i.offset, caller, callee
"#;

/// `folded`: the function's code objects and, transitively, the comprehensions and
/// class bodies they hold: the code objects whose calls `code_name.scope` puts
/// under it (a class body's own when the function is one). `function` is the
/// code object a site is in, which its offset is relative to.
const CALLEES_COLUMNS: &[&str] = &["line", "offset", "callee", "callee_kind", "implicit", "function"];
const CALLEES: &str = r#"
WITH RECURSIVE folded(code) AS (
  SELECT code FROM code_name WHERE name = ?1
  UNION
  SELECT p.code
  FROM folded f
  JOIN CodeParent p ON p.parent = f.code
  JOIN code_name n ON n.code = p.code
  WHERE n.kind IN ('comprehension', 'class_body')
),
site(insn, offset, code) AS (
  SELECT i.insn, i.offset, i.code FROM folded f JOIN Insn i ON i.code = f.code
)
SELECT l.line, s.offset, n.name AS callee, n.kind AS callee_kind, e.implicit, c.name AS function
FROM site s
JOIN call_edge e ON e.insn = s.insn
JOIN code_name n ON n.code = e.callee
JOIN code_name c ON c.code = s.code
LEFT JOIN InsnLine l ON l.insn = s.insn
UNION
SELECT l.line, s.offset, x.name, 'external', xc.implicit, c.name
FROM site s
JOIN calls_external xc ON xc.insn = s.insn
JOIN external x ON x.id = xc.external
JOIN code_name c ON c.code = s.code
LEFT JOIN InsnLine l ON l.insn = s.insn
ORDER BY 1, 2, 3
"#;

/// `?1` a file as `Module.file` records it, `?2` a line, `?3` a name or null.
///
/// Stack values: every value the line's instructions pop, read in place or push
/// (and the values a handler starting on the line receives), with the name the
/// instruction reads or writes (`insn_name`). A value's set is its own or its
/// representative's (`pts`, written out so each side is an index lookup). Locals:
/// the contents of each slot the line's instructions load, store or delete,
/// directly (`local`) or through its cell (`slot_cell`, `cell_value`); their
/// `offset` and `position` are null.
const POINTS_TO_COLUMNS: &[&str] =
    &["file", "function", "offset", "opname", "name", "role", "position", "object_kind", "object"];
const POINTS_TO: &str = r#"
WITH site(insn, code, offset, file) AS (
  SELECT i.insn, i.code, i.offset, f.text
  FROM InsnLine l
  JOIN Insn i ON i.insn = l.insn
  JOIN Code k ON k.code = i.code
  JOIN Module m ON m.module = k.module
  JOIN Symbol f ON f.sym = m.file
  WHERE l.line = ?2 AND f.text = ?1
),
stack(file, code, insn, offset, var, role, position, name) AS (
  SELECT s.file, s.code, s.insn, s.offset, v.var, v.role, v.position, nm.text
  FROM site s
  JOIN variable v ON v.insn = s.insn
  LEFT JOIN insn_name n ON n.insn = s.insn
  LEFT JOIN Symbol nm ON nm.sym = n.name
  WHERE ?3 IS NULL OR nm.text = ?3
),
slot(file, code, slot) AS (
  SELECT s.file, r.code, r.slot FROM site s JOIN LoadLocal r ON r.insn = s.insn
  UNION SELECT s.file, r.code, r.slot FROM site s JOIN StoreLocal r ON r.insn = s.insn
  UNION SELECT s.file, r.code, r.slot FROM site s JOIN DeleteLocal r ON r.insn = s.insn
  UNION SELECT s.file, r.code, r.slot FROM site s JOIN LoadCell r ON r.insn = s.insn
  UNION SELECT s.file, r.code, r.slot FROM site s JOIN StoreCell r ON r.insn = s.insn
  UNION SELECT s.file, r.code, r.slot FROM site s JOIN DeleteCell r ON r.insn = s.insn
  UNION SELECT s.file, r.code, r.slot FROM site s JOIN LoadCellRef r ON r.insn = s.insn
),
named_slot(file, code, slot, name) AS (
  SELECT s.file, s.code, s.slot, nm.text
  FROM slot s
  JOIN LocalSlot ls ON ls.code = s.code AND ls.slot = s.slot
  JOIN Symbol nm ON nm.sym = ls.name
  WHERE ?3 IS NULL OR nm.text = ?3
),
pointed(file, code, insn, offset, name, role, position, object) AS (
  SELECT s.file, s.code, s.insn, s.offset, s.name, s.role, s.position, p.object
  FROM stack s JOIN pts_set p ON p.var = s.var
  UNION ALL
  SELECT s.file, s.code, s.insn, s.offset, s.name, s.role, s.position, p.object
  FROM stack s JOIN var_representative r ON r.var = s.var JOIN pts_set p ON p.var = r.representative
  UNION ALL
  SELECT s.file, s.code, NULL, NULL, s.name, 'local', NULL, l.object
  FROM named_slot s JOIN local l ON l.code = s.code AND l.slot = s.slot
  UNION ALL
  SELECT s.file, s.code, NULL, NULL, s.name, 'cell', NULL, cv.value
  FROM named_slot s
  JOIN slot_cell sc ON sc.code = s.code AND sc.slot = s.slot
  JOIN cell_value cv ON cv.cell = sc.cell
)
SELECT DISTINCT p.file, n.name AS function, p.offset, op.text AS opname, p.name, p.role, p.position,
       o.kind AS object_kind, o.description AS object
FROM pointed p
JOIN code_name n ON n.code = p.code
JOIN object o ON o.id = p.object
LEFT JOIN InsnNative nat ON nat.insn = p.insn
LEFT JOIN Symbol op ON op.sym = nat.opname
ORDER BY p.file, function, p.offset IS NULL, p.offset, p.role, p.position, p.name, object
"#;

/// The files (`Module.file`) `?1` names: the file itself, a file it is the last
/// parts of (`app.py` for `flask/app.py`), or one that is the last parts of it
/// (an absolute path to the analysed folder's file).
const FILES_MATCHING: &str = r#"
SELECT DISTINCT f.text
FROM Module m JOIN Symbol f ON f.sym = m.file
WHERE f.text = ?1
   OR substr(f.text, -length(?1) - 1) = '/' || ?1
   OR substr(?1, -length(f.text) - 1) = '/' || f.text
ORDER BY 1
"#;

const FILES: &str = "SELECT DISTINCT f.text FROM Module m JOIN Symbol f ON f.sym = m.file ORDER BY 1";

/// The reachable code objects by a recursive CTE, and the call edges out of
/// them (`caller`, `callee` code ids; `callee` null for an outside name), plus the
/// starting code objects (`caller` null). Distances are a breadth-first search
/// over these edges in Rust: a CTE that carries the depth cannot drop a code
/// object already reached at a smaller depth, so around a cycle it would
/// enumerate walks, not code objects.
const REACHABLE_COLUMNS: &[&str] = &["depth", "function", "kind"];
const REACHABLE_FROM: &str = r#"
WITH RECURSIVE reach(code) AS (
  SELECT code FROM code_name WHERE name = ?1
  UNION
  SELECT e.callee FROM reach r JOIN Insn i ON i.code = r.code JOIN call_edge e ON e.insn = i.insn
)
SELECT r.code AS caller, e.callee, n.name, n.kind
FROM reach r
JOIN Insn i ON i.code = r.code
JOIN call_edge e ON e.insn = i.insn
JOIN code_name n ON n.code = e.callee
UNION
SELECT r.code, NULL, x.name, 'external'
FROM reach r
JOIN Insn i ON i.code = r.code
JOIN calls_external xc ON xc.insn = i.insn
JOIN external x ON x.id = xc.external
UNION
SELECT NULL, code, name, kind FROM code_name WHERE name = ?1
"#;

/// `?1` a module's dotted name (`Module.name`). One row per imported name (from-list
/// item, `*` for a star import), one with a null name for `import a.b`. `module` is
/// the absolute module (`ImportModule`), or as written with its dots when a relative
/// import goes above the top-level package (`place` `unresolved`). `function` is the
/// scope the import statement is in.
const IMPORTS_COLUMNS: &[&str] = &["line", "module", "name", "place", "function"];
const IMPORTS: &str = r#"
SELECT l.line,
       COALESCE(target.text, substr('..........', 1, COALESCE(lv.level, 0)) || written.text) AS module,
       item.text AS name,
       CASE
         WHEN target.text IS NULL THEN 'unresolved'
         WHEN EXISTS (SELECT 1 FROM Module pm WHERE pm.name = mm.module) THEN 'package'
         ELSE 'outside'
       END AS place,
       sc.name AS function
FROM Module m
JOIN Symbol ms ON ms.sym = m.name
JOIN Code k ON k.module = m.module
JOIN Insn i ON i.code = k.code
JOIN ImportName im ON im.insn = i.insn
JOIN Symbol written ON written.sym = im.name
JOIN code_name c ON c.code = i.code
JOIN code_name sc ON sc.code = c.scope
LEFT JOIN ImportModule mm ON mm.insn = im.insn
LEFT JOIN Symbol target ON target.sym = mm.module
LEFT JOIN ImportLevel lv ON lv.insn = im.insn
LEFT JOIN ImportFromList fl ON fl.insn = im.insn
LEFT JOIN Symbol item ON item.sym = fl.name
LEFT JOIN InsnLine l ON l.insn = im.insn
WHERE ms.text = ?1
ORDER BY l.line, i.offset, fl."index"
"#;

/// `?1` a text or null: only the groups whose kind or detail contains it, in any case.
/// The caller is the site's scope, as in `callers`.
const UNRESOLVED_COLUMNS: &[&str] = &["caller", "file", "line", "offset", "opname", "group_kind", "detail"];
const UNRESOLVED: &str = r#"
SELECT sc.name AS caller, f.text AS file, l.line, i.offset, op.text AS opname, u.group_kind, u.detail
FROM unresolved u
JOIN Insn i ON i.insn = u.insn
JOIN code_name c ON c.code = i.code
JOIN code_name sc ON sc.code = c.scope
JOIN Code k ON k.code = i.code
JOIN Module m ON m.module = k.module
JOIN Symbol f ON f.sym = m.file
LEFT JOIN InsnLine l ON l.insn = u.insn
LEFT JOIN InsnNative nat ON nat.insn = u.insn
LEFT JOIN Symbol op ON op.sym = nat.opname
WHERE ?1 IS NULL
   OR instr(lower(u.group_kind), lower(?1)) > 0
   OR instr(lower(COALESCE(u.detail, '')), lower(?1)) > 0
ORDER BY file, l.line, i.offset, u.group_kind, u.detail
"#;

/// Names a question can be about, and how to look them up.
struct Namespace {
    /// "function", "module".
    what: &'static str,
    /// One row when `?1` is a name.
    exact: &'static str,
    /// The names ending with `.?1`.
    suffix: &'static str,
    /// Every name, for suggestions.
    all: &'static str,
}

const FUNCTIONS: Namespace = Namespace {
    what: "function",
    exact: "SELECT 1 FROM code_name WHERE name = ?1 LIMIT 1",
    suffix: "SELECT DISTINCT name FROM code_name WHERE substr(name, -length(?1) - 1) = '.' || ?1 ORDER BY 1",
    all: "SELECT DISTINCT name FROM code_name WHERE name IS NOT NULL ORDER BY 1",
};

const MODULES: Namespace = Namespace {
    what: "module",
    exact: "SELECT 1 FROM Module m JOIN Symbol s ON s.sym = m.name WHERE s.text = ?1 LIMIT 1",
    suffix: "SELECT DISTINCT s.text FROM Module m JOIN Symbol s ON s.sym = m.name
             WHERE substr(s.text, -length(?1) - 1) = '.' || ?1 ORDER BY 1",
    all: "SELECT DISTINCT s.text FROM Module m JOIN Symbol s ON s.sym = m.name ORDER BY 1",
};

/// Candidates listed in an ambiguity error; suggestions given for an unknown name.
const MAX_CANDIDATES: usize = 10;
const MAX_SUGGESTIONS: usize = 5;

/// The full name `given` stands for: itself when it is one; else the one name
/// ending with `.given`, or among several, the one that is `given` below its
/// top-level package (`app.Flask` is `flask.app.Flask`, which PyCG names so).
fn resolve(conn: &Connection, space: &Namespace, given: &str) -> Result<String, String> {
    let given = given.trim();
    if given.is_empty() {
        return Err(format!("an empty {} name", space.what));
    }
    if !texts(conn, space.exact, rusqlite::params![given])?.is_empty() {
        return Ok(given.to_string());
    }
    let matches = texts(conn, space.suffix, rusqlite::params![given])?;
    if matches.len() == 1 {
        return Ok(matches.into_iter().next().unwrap_or_default());
    }
    if !matches.is_empty() {
        let below_root: Vec<&String> =
            matches.iter().filter(|m| m.split_once('.').is_some_and(|(_, rest)| rest == given)).collect();
        if let [only] = below_root[..] {
            return Ok(only.clone());
        }
        let shown: Vec<&str> = matches.iter().take(MAX_CANDIDATES).map(String::as_str).collect();
        let more = matches.len().saturating_sub(MAX_CANDIDATES);
        let more = if more > 0 { format!(" (and {more} more)") } else { String::new() };
        return Err(format!(
            "`{given}` is ambiguous: {} {}s end with `.{given}`: {}{more}; give more of the name",
            matches.len(),
            space.what,
            shown.join(", ")
        ));
    }
    let all = texts(conn, space.all, rusqlite::params![])?;
    let close = closest(&all, given, MAX_SUGGESTIONS);
    if close.is_empty() {
        Err(format!("no {} is named `{given}` or has a name ending with `.{given}`", space.what))
    } else {
        Err(format!(
            "no {} is named `{given}` or has a name ending with `.{given}`; the closest: {}",
            space.what,
            close.join(", ")
        ))
    }
}

/// The names closest to `wanted` by their ends: most trailing dotted parts equal
/// (ignoring case), then a last part that contains the wanted last part or is
/// contained in it, then the longest common ending; names sharing nothing are left out.
fn closest<'a>(names: &'a [String], wanted: &str, limit: usize) -> Vec<&'a str> {
    let wanted_lower = wanted.to_lowercase();
    let wanted_parts: Vec<&str> = wanted_lower.split('.').collect();
    let wanted_last = wanted_parts.last().copied().unwrap_or("");
    let mut scored: Vec<((usize, bool, usize), &str)> = names
        .iter()
        .filter_map(|name| {
            let lower = name.to_lowercase();
            let parts: Vec<&str> = lower.split('.').collect();
            let shared_parts = parts.iter().rev().zip(wanted_parts.iter().rev()).take_while(|(a, b)| a == b).count();
            let last = parts.last().copied().unwrap_or("");
            let contains = !wanted_last.is_empty()
                && (last.contains(wanted_last) || (last.chars().count() >= 3 && wanted_last.contains(last)));
            let common_end = lower.chars().rev().zip(wanted_lower.chars().rev()).take_while(|(a, b)| a == b).count();
            let score = (shared_parts, contains, common_end);
            (shared_parts > 0 || contains || common_end >= 3).then_some((score, name.as_str()))
        })
        .collect();
    // Best first; among equals, the shorter (less nested) name, then by name.
    scored.sort_by(|(a, x), (b, y)| b.cmp(a).then(x.len().cmp(&y.len())).then(x.cmp(y)));
    scored.into_iter().take(limit).map(|(_, name)| name).collect()
}

/// `points-to`: the files `file` names, each asked for separately so the query's
/// file test is an equality; an unknown file is an error that lists similar ones.
fn points_to(conn: &Connection, file: &str, line: u32, name: Option<&str>) -> Result<Answer, String> {
    let wanted = file.replace('\\', "/");
    let wanted = wanted.strip_prefix("./").unwrap_or(&wanted).to_string();
    let files = matching_files(conn, &wanted)?;
    if files.is_empty() {
        let all = texts(conn, FILES, rusqlite::params![])?;
        let base = wanted.rsplit('/').next().unwrap_or(&wanted);
        let similar: Vec<&str> = all
            .iter()
            .filter(|f| f.rsplit('/').next().is_some_and(|b| b.contains(base) || base.contains(b)))
            .take(MAX_SUGGESTIONS)
            .map(String::as_str)
            .collect();
        let hint = if similar.is_empty() { String::new() } else { format!("; similar: {}", similar.join(", ")) };
        return Err(format!("no module file of the database is `{file}` or ends with `/{wanted}`{hint}"));
    }
    let mut rows = Vec::new();
    for f in &files {
        rows.extend(fetch(conn, POINTS_TO, POINTS_TO_COLUMNS, rusqlite::params![f, line, name])?);
    }
    Ok(Answer { columns: POINTS_TO_COLUMNS.to_vec(), rows })
}

/// The files `wanted` names; an exact name wins over longer ones ending with it.
/// A database of `.pyc` files records `mod.pyc`: `mod.py` names it too, and the other way round.
fn matching_files(conn: &Connection, wanted: &str) -> Result<Vec<String>, String> {
    let mut spellings = vec![wanted.to_string()];
    if let Some(stem) = wanted.strip_suffix(".pyc") {
        spellings.push(format!("{stem}.py"));
    } else if wanted.ends_with(".py") {
        spellings.push(format!("{wanted}c"));
    }
    for spelling in &spellings {
        let files = texts(conn, FILES_MATCHING, rusqlite::params![spelling])?;
        if files.iter().any(|f| f == spelling) {
            return Ok(vec![spelling.clone()]);
        }
        if !files.is_empty() {
            return Ok(files);
        }
    }
    Ok(Vec::new())
}

/// A callee of a call edge: a code object, or an outside name (an index into the labels).
enum Target {
    Code(i64),
    Outside(usize),
}

/// `reachable-from`: breadth-first from the code objects named `name` over the
/// edges `REACHABLE_FROM` returns. Rows are per name: code objects that share
/// one are one function, at the smallest distance of any.
fn reachable_from(conn: &Connection, name: &str) -> Result<Answer, String> {
    let mut statement = conn.prepare(REACHABLE_FROM).map_err(sql_error)?;
    let mut rows = statement.query(rusqlite::params![name]).map_err(sql_error)?;
    // (name, kind) of each function and outside name, numbered as first seen.
    let mut labels: Vec<(String, String)> = Vec::new();
    let mut label_ids: HashMap<(String, String), usize> = HashMap::new();
    let mut code_label: HashMap<i64, usize> = HashMap::new();
    let mut edges: HashMap<i64, Vec<Target>> = HashMap::new();
    let mut starts: Vec<i64> = Vec::new();
    while let Some(row) = rows.next().map_err(sql_error)? {
        let caller = integer(row.get_ref(0).map_err(sql_error)?);
        let callee = integer(row.get_ref(1).map_err(sql_error)?);
        let label = (text(row.get_ref(2).map_err(sql_error)?), text(row.get_ref(3).map_err(sql_error)?));
        let next = labels.len();
        let id = *label_ids.entry(label.clone()).or_insert(next);
        if id == next {
            labels.push(label);
        }
        match (caller, callee) {
            (None, Some(code)) => {
                starts.push(code);
                code_label.insert(code, id);
            }
            (Some(from), Some(code)) => {
                code_label.insert(code, id);
                edges.entry(from).or_default().push(Target::Code(code));
            }
            (Some(from), None) => edges.entry(from).or_default().push(Target::Outside(id)),
            (None, None) => {}
        }
    }
    let mut depth_of_code: HashMap<i64, u64> = HashMap::new();
    let mut depth_of_label: HashMap<usize, u64> = HashMap::new();
    let mut queue: VecDeque<i64> = VecDeque::new();
    for &code in &starts {
        if depth_of_code.insert(code, 0).is_none() {
            queue.push_back(code);
        }
    }
    let mut reach_label = |label: usize, depth: u64| {
        let best = depth_of_label.entry(label).or_insert(depth);
        *best = (*best).min(depth);
    };
    while let Some(code) = queue.pop_front() {
        let depth = depth_of_code[&code];
        if let Some(&label) = code_label.get(&code) {
            reach_label(label, depth);
        }
        for target in edges.get(&code).map(Vec::as_slice).unwrap_or(&[]) {
            match *target {
                Target::Code(callee) => {
                    if !depth_of_code.contains_key(&callee) {
                        depth_of_code.insert(callee, depth + 1);
                        queue.push_back(callee);
                    }
                }
                Target::Outside(label) => reach_label(label, depth + 1),
            }
        }
    }
    let mut found: Vec<(u64, &str, &str)> = depth_of_label
        .iter()
        .map(|(&label, &depth)| (depth, labels[label].0.as_str(), labels[label].1.as_str()))
        .collect();
    found.sort_unstable();
    let rows = found
        .into_iter()
        .map(|(depth, function, kind)| vec![Value::from(depth), Value::from(function), Value::from(kind)])
        .collect();
    Ok(Answer { columns: REACHABLE_COLUMNS.to_vec(), rows })
}

/// The rows of `sql` as an answer under `columns`.
fn select(conn: &Connection, sql: &str, columns: &[&'static str], params: &[&dyn ToSql]) -> Result<Answer, String> {
    Ok(Answer { columns: columns.to_vec(), rows: fetch(conn, sql, columns, params)? })
}

/// Columns whose 0/1 values are booleans.
const BOOLEAN_COLUMNS: &[&str] = &["implicit"];

fn fetch(
    conn: &Connection,
    sql: &str,
    columns: &[&'static str],
    params: &[&dyn ToSql],
) -> Result<Vec<Vec<Value>>, String> {
    let mut statement = conn.prepare(sql).map_err(sql_error)?;
    if statement.column_count() != columns.len() {
        return Err(format!("internal error: a query has {} columns, not {}", statement.column_count(), columns.len()));
    }
    let mut rows = statement.query(params).map_err(sql_error)?;
    let mut out = Vec::new();
    while let Some(row) = rows.next().map_err(sql_error)? {
        let mut values = Vec::with_capacity(columns.len());
        for (i, column) in columns.iter().enumerate() {
            let value = row.get_ref(i).map_err(sql_error)?;
            values.push(match value {
                ValueRef::Integer(v) if BOOLEAN_COLUMNS.contains(column) => Value::Bool(v != 0),
                other => json(other),
            });
        }
        out.push(values);
    }
    Ok(out)
}

/// The first column of every row, as texts (nulls left out).
fn texts(conn: &Connection, sql: &str, params: &[&dyn ToSql]) -> Result<Vec<String>, String> {
    let mut statement = conn.prepare(sql).map_err(sql_error)?;
    let mut rows = statement.query(params).map_err(sql_error)?;
    let mut out = Vec::new();
    while let Some(row) = rows.next().map_err(sql_error)? {
        match row.get_ref(0).map_err(sql_error)? {
            ValueRef::Null => {}
            other => out.push(text(other)),
        }
    }
    Ok(out)
}

fn json(value: ValueRef<'_>) -> Value {
    match value {
        ValueRef::Null => Value::Null,
        ValueRef::Integer(v) => Value::from(v),
        ValueRef::Real(v) => serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number),
        ValueRef::Text(t) | ValueRef::Blob(t) => Value::String(String::from_utf8_lossy(t).into_owned()),
    }
}

fn text(value: ValueRef<'_>) -> String {
    match value {
        ValueRef::Null => String::new(),
        ValueRef::Integer(v) => v.to_string(),
        ValueRef::Real(v) => v.to_string(),
        ValueRef::Text(t) | ValueRef::Blob(t) => String::from_utf8_lossy(t).into_owned(),
    }
}

fn integer(value: ValueRef<'_>) -> Option<i64> {
    match value {
        ValueRef::Integer(v) => Some(v),
        _ => None,
    }
}

fn sql_error(e: rusqlite::Error) -> String {
    format!("database: {e}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_parse_from_the_right() {
        assert_eq!(parse_location("flask/app.py:120"), Ok(("flask/app.py".into(), 120, None)));
        assert_eq!(parse_location("flask/app.py:120:self"), Ok(("flask/app.py".into(), 120, Some("self".into()))));
        assert_eq!(parse_location(r"C:\pkg\mod.py:7:x"), Ok((r"C:\pkg\mod.py".into(), 7, Some("x".into()))));
        for bad in ["flask/app.py", "flask/app.py:", ":12", "app.py:0", "app.py:x:y", "app.py:12:", "12"] {
            assert!(parse_location(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn closest_names_share_their_ends() {
        let names: Vec<String> = ["pkg.app.Flask.wsgi_app", "pkg.app.Flask.run", "pkg.cli.run_command", "pkg.other"]
            .map(String::from)
            .into();
        assert_eq!(closest(&names, "Flask.wsgi", 5), ["pkg.app.Flask.wsgi_app"]);
        assert_eq!(closest(&names, "run", 5)[0], "pkg.app.Flask.run");
        assert!(closest(&names, "zzz", 5).is_empty());
    }

    #[test]
    fn tables_align_and_json_is_one_document() {
        let answer = Answer {
            columns: vec!["line", "callee", "implicit"],
            rows: vec![
                vec![Value::from(7), Value::from("main.f"), Value::Bool(false)],
                vec![Value::Null, Value::from("a\nb"), Value::Bool(true)],
            ],
        };
        let mut table = Vec::new();
        answer.write_table(&mut table).unwrap();
        assert_eq!(
            String::from_utf8(table).unwrap(),
            "line  callee  implicit\n7     main.f  false\n      a\\nb    true\n"
        );
        let mut json = Vec::new();
        answer.write_json(&mut json).unwrap();
        assert_eq!(
            String::from_utf8(json).unwrap(),
            "{\"columns\":[\"line\",\"callee\",\"implicit\"],\"rows\":[[7,\"main.f\",false],[null,\"a\\nb\",true]]}\n"
        );
    }
}
