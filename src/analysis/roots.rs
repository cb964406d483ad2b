//! Where the analysis starts (`--roots`, `--entry`). Module bodies always run.
//! An application or a script starts there: what running its modules reaches is
//! what it does. A library's functions are called by code that is not in the
//! package, so under `public` every public function and method is called from
//! outside too (`cpyg_rules::Roots`), and the `if __name__ == "__main__":` demo
//! blocks of its modules do not run.
//!
//! Without `--roots`: a package with a `__main__` module or console scripts is an
//! application (module bodies, the scripts' functions as entries); other packages
//! are libraries (`public`); folders of plain modules are scripts (`modules`).

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};

use cpyg_facts::lower::Facts;
use cpyg_facts::schema::{CodeKind, CompareOperator, Condition, ConstKind, RelationId};
use cpyg_rules::never_run::NeverRun;
use cpyg_rules::Roots;

use super::Names;

/// `--roots`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RootMode {
    /// Module bodies (and `--entry` functions): an application.
    Modules,
    /// Module bodies and every public function, method and property, called from outside: a library.
    Public,
    /// Every function of the package, called from outside.
    All,
}

impl RootMode {
    pub fn name(self) -> &'static str {
        match self {
            RootMode::Modules => "modules",
            RootMode::Public => "public",
            RootMode::All => "all",
        }
    }
}

/// What the user asked for: a mode (or none: chosen from the package) and entry functions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Start {
    pub mode: Option<RootMode>,
    /// `--entry`: full names, or their unique last parts.
    pub entries: Vec<String>,
}

impl Start {
    /// Module bodies only (what the library API and the tests use unless they say).
    pub fn modules() -> Start {
        Start { mode: Some(RootMode::Modules), entries: Vec::new() }
    }
}

/// The roots chosen, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chosen {
    pub mode: RootMode,
    pub reason: String,
    /// Full names of the functions called from outside as entry points.
    pub entries: Vec<String>,
    pub roots: Roots,
}

impl Default for Chosen {
    fn default() -> Chosen {
        Chosen { mode: RootMode::Modules, reason: "module bodies".into(), entries: Vec::new(), roots: Roots::default() }
    }
}

impl fmt::Display for Chosen {
    /// `public (a library: ...; 412 functions called from outside)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}", self.mode.name(), self.reason)?;
        if !self.roots.called_from_outside.is_empty() {
            write!(f, "; {} functions called from outside", self.roots.called_from_outside.len())?;
        }
        write!(f, ")")
    }
}

/// Chooses the roots of `facts`. `folders` are where packaging metadata may be
/// (`pyproject.toml`, `setup.cfg`): the input folder and those above it.
pub fn choose(facts: &Facts, names: &Names, start: &Start, folders: &[PathBuf]) -> Result<Chosen, crate::Error> {
    let scripts = console_scripts(folders);
    let has_main = names.module.iter().any(|m| m == "__main__" || m.ends_with(".__main__"));
    let mut entries: Vec<String> = Vec::new();
    for entry in &start.entries {
        entries.push(resolve(names, entry).map_err(crate::Error::Usage)?);
    }
    let (mode, reason) = match (start.mode, start.entries.is_empty()) {
        (Some(mode), true) => (mode, format!("--roots {}", mode.name())),
        (Some(RootMode::Modules) | None, false) => {
            (RootMode::Modules, "module bodies and the --entry functions".to_string())
        }
        (Some(mode), false) => {
            return Err(crate::Error::Usage(format!("--entry goes with --roots modules, not --roots {}", mode.name())));
        }
        (None, true) if has_main || !scripts.is_empty() => {
            // An application: its entry points, the console scripts its metadata names.
            for (script, target) in &scripts {
                match resolve(names, target) {
                    Ok(name) => entries.push(name),
                    Err(why) => eprintln!("cpyg: console script {script} = {target}: {why}; not a root"),
                }
            }
            let why = if has_main { "the package has a __main__ module" } else { "the package has console scripts" };
            (RootMode::Modules, format!("an application: {why}"))
        }
        (None, true) if !facts.rows(RelationId::Module).any(|r| r[3] == 1) => {
            (RootMode::Modules, "scripts: no package (`__init__.py`)".to_string())
        }
        (None, true) => {
            (RootMode::Public, "a library: a package without a __main__ module or console scripts".to_string())
        }
    };
    entries.sort();
    entries.dedup();
    let qualnames: Vec<u32> = facts.rows(RelationId::Code).map(|r| r[3]).collect();
    let unmade = never_made(facts);
    let mut called: Vec<u32> = Vec::new();
    for (code, kind) in names.kind.iter().enumerate() {
        let callable = matches!(
            kind,
            CodeKind::Function
                | CodeKind::Generator
                | CodeKind::Coroutine
                | CodeKind::AsyncGenerator
                | CodeKind::Lambda
        );
        let root = callable
            && match mode {
                RootMode::All => true,
                RootMode::Public => *kind != CodeKind::Lambda && is_public(facts, names, code, qualnames[code]),
                RootMode::Modules => entries.contains(&names.code[code]),
            };
        if root && !unmade.contains(&(code as u32)) {
            called.push(code as u32);
        }
    }
    let not_run = if mode == RootMode::Modules { Vec::new() } else { demo_blocks(facts, names) };
    Ok(Chosen { mode, reason, entries, roots: Roots { called_from_outside: called, not_run } })
}

/// The code objects no run makes: defined under `if TYPE_CHECKING:` ([`NeverRun`]), or
/// inside one of those. Outside code cannot call them.
fn never_made(facts: &Facts) -> HashSet<u32> {
    let never_run = NeverRun::of(facts);
    let mut made_at: HashMap<u32, Vec<u32>> = HashMap::new();
    for r in facts.rows(RelationId::MakeFunction) {
        made_at.entry(r[1]).or_default().push(r[0]);
    }
    let parent: HashMap<u32, u32> = facts.rows(RelationId::CodeParent).map(|r| (r[0], r[1])).collect();
    let unmade_itself = |code: u32| made_at.get(&code).is_some_and(|sites| sites.iter().all(|&f| !never_run.runs(f)));
    let mut unmade = HashSet::new();
    for r in facts.rows(RelationId::Code) {
        let mut code = Some(r[0]);
        while let Some(c) = code {
            if unmade_itself(c) {
                unmade.insert(r[0]);
                break;
            }
            code = parent.get(&c).copied();
        }
    }
    unmade
}

/// A function outside code can call by name: defined at module level or in a class
/// body (no `<locals>`), and no part of its module or qualified name private (`_x`;
/// special methods `__x__` are public).
fn is_public(facts: &Facts, names: &Names, code: usize, qualname: u32) -> bool {
    let qualname = facts.symbols.text(qualname).unwrap_or("<locals>");
    let module = names.module.get(names.code_module[code] as usize).map_or("_", String::as_str);
    let public =
        |part: &str| !part.starts_with('_') || (part.len() > 4 && part.starts_with("__") && part.ends_with("__"));
    let module_public = module.split('.').all(|p| p == "__init__" || !p.starts_with('_'));
    module_public && !qualname.contains("<locals>") && qualname.split('.').all(public)
}

/// The code object named `name` (`module:function` as console scripts spell it), or
/// whose full name ends with `.name`.
fn resolve(names: &Names, name: &str) -> Result<String, String> {
    let dotted = name.replace(':', ".");
    super::names::by_name_or_last_part(names.code.iter().map(String::as_str), &dotted, "--entry", "function of the package")
}

/// `(script, "module:function")` of `[project.scripts]` in `pyproject.toml` and of
/// `console_scripts` in `setup.cfg`, in the first of `folders` that has either.
pub fn console_scripts(folders: &[PathBuf]) -> Vec<(String, String)> {
    for folder in folders {
        let mut scripts = Vec::new();
        if let Ok(text) = std::fs::read_to_string(folder.join("pyproject.toml")) {
            scripts.extend(toml_section(&text, "[project.scripts]"));
        }
        if let Ok(text) = std::fs::read_to_string(folder.join("setup.cfg")) {
            scripts.extend(setup_cfg_scripts(&text));
        }
        if folder.join("pyproject.toml").is_file() || folder.join("setup.cfg").is_file() {
            return scripts;
        }
    }
    Vec::new()
}

/// `name = "value"` lines of one TOML table, up to the next table.
fn toml_section(text: &str, header: &str) -> Vec<(String, String)> {
    let mut inside = false;
    let mut pairs = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            inside = line == header;
        } else if let (true, Some((key, value))) = (inside, line.split_once('=')) {
            let unquote = |s: &str| s.trim().trim_matches('"').trim_matches('\'').to_string();
            pairs.push((unquote(key), unquote(value)));
        }
    }
    pairs
}

/// The `console_scripts =` entries of `[options.entry_points]`, one per indented line.
fn setup_cfg_scripts(text: &str) -> Vec<(String, String)> {
    let mut section = false;
    let mut scripts = false;
    let mut pairs = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            section = trimmed == "[options.entry_points]";
            scripts = false;
        } else if section && !line.starts_with(char::is_whitespace) {
            scripts = trimmed.starts_with("console_scripts");
        } else if section && scripts {
            if let Some((key, value)) = trimmed.split_once('=') {
                pairs.push((key.trim().to_string(), value.trim().to_string()));
            }
        }
    }
    pairs
}

/// The instructions of `if __name__ == "__main__":` blocks in module bodies (not of
/// `__main__` modules, which are what runs): from the conditional jump after the
/// comparison to its target.
fn demo_blocks(facts: &Facts, names: &Names) -> Vec<u32> {
    let symbol = |name: &str| facts.symbols.id(name);
    let (Some(dunder_name), Some(main_text)) = (symbol("__name__"), symbol("'__main__'")) else { return Vec::new() };
    let main_consts: HashSet<u32> = facts
        .rows(RelationId::Const)
        .filter(|r| r[2] == ConstKind::Str.id() && r[3] == main_text)
        .map(|r| r[0])
        .collect();
    // The variable each instruction pushes `__name__` or `'__main__'` into.
    let mut names_var = HashSet::new();
    for id in [RelationId::LoadName, RelationId::LoadGlobal] {
        names_var.extend(facts.rows(id).filter(|r| r[1] == dunder_name).map(|r| r[2]));
    }
    let main_var: HashSet<u32> =
        facts.rows(RelationId::LoadConst).filter(|r| main_consts.contains(&r[1])).map(|r| r[2]).collect();
    let mut flows_from: HashMap<u32, Vec<u32>> = HashMap::new();
    for row in facts.rows(RelationId::StackFlow) {
        flows_from.entry(row[1]).or_default().push(row[0]);
    }
    let from = |var: u32, set: &HashSet<u32>| {
        set.contains(&var) || flows_from.get(&var).is_some_and(|f| f.iter().any(|v| set.contains(v)))
    };
    let insn_code: Vec<u32> = facts.rows(RelationId::Insn).map(|r| r[1]).collect();
    let module_body = |code: u32| {
        names.kind.get(code as usize) == Some(&CodeKind::Module) && {
            let module = &names.module[names.code_module[code as usize] as usize];
            module != "__main__" && !module.ends_with(".__main__")
        }
    };
    let jumps: HashMap<u32, u32> = facts.rows(RelationId::JumpTarget).map(|r| (r[0], r[1])).collect();
    let if_false: Vec<u32> =
        facts.rows(RelationId::ConditionalJump).filter(|r| r[1] == Condition::IfFalse.id()).map(|r| r[0]).collect();
    let mut not_run = Vec::new();
    for row in facts.rows(RelationId::Compare) {
        let (compare, op, left, right) = (row[0], row[1], row[2], row[3]);
        let guard = op == CompareOperator::Eq.id()
            && ((from(left, &names_var) && from(right, &main_var))
                || (from(left, &main_var) && from(right, &names_var)));
        if !guard || !module_body(insn_code[compare as usize]) {
            continue;
        }
        // The jump taken when the test fails, right after it (3.13+ may put `TO_BOOL` between).
        let Some(&jump) = if_false.iter().find(|&&j| j > compare && j <= compare + 2) else { continue };
        let Some(&target) = jumps.get(&jump) else { continue };
        if target > jump && insn_code[target as usize] == insn_code[jump as usize] {
            not_run.extend(jump + 1..target);
        }
    }
    not_run
}

/// The folders packaging metadata may be in for `inputs`: each input folder and the
/// two above it (`src/pkg` → `src`, the project).
pub fn metadata_folders(inputs: &[PathBuf]) -> Vec<PathBuf> {
    let mut folders = Vec::new();
    for input in inputs {
        let mut folder: Option<&Path> = Some(input.as_path()).filter(|p| p.is_dir()).or(input.parent());
        for _ in 0..3 {
            let Some(f) = folder else { break };
            folders.push(f.to_path_buf());
            folder = f.parent();
        }
    }
    folders
}
