//! Names for results: qualified names of code objects (`pkg.main.Cls.method`,
//! `pkg.main.outer.inner`, `pkg.main.<lambda1>`) and descriptions of abstract
//! objects (`instance pkg.main.A`, `external os.path.join`).
//!
//! Names are full dotted names ([`NameStyle::Full`]), as `Module` and the
//! manifest spell modules; PyCG's relative names ([`NameStyle::Relative`]: the
//! root package left out when every module is inside it) are kept for the
//! PyCG-compatible call graph.
//!
//! A code object's *scope* is where PyCG puts the calls it makes: comprehensions
//! (separate code objects before 3.12), class bodies and code compiled from a string for
//! `eval`/`exec` are not scopes, so their calls belong to the enclosing function or module.

use std::collections::HashMap;

use cpyg_facts::lower::Facts;
use cpyg_facts::schema::{CodeKind, ConstKind, ContainerKind, RelationId};
use cpyg_facts::symbols::Symbols;
use cpyg_rules::objects::{Container, Ext, ExtRoot, Obj, Origin, Wrapper};

/// Names of the code objects, modules and instructions of one fact set.
pub struct Names {
    /// PyCG name of each code object.
    pub code: Vec<String>,
    /// The code object whose name calls made in each code object go under.
    pub scope: Vec<u32>,
    pub kind: Vec<CodeKind>,
    pub module: Vec<String>,
    /// Module of each code object.
    pub code_module: Vec<u32>,
    /// Code object of each instruction.
    pub insn_code: Vec<u32>,
    /// Code object made by each `MakeFunction` instruction; class body of each class statement.
    pub made: HashMap<u32, u32>,
    pub class_body: HashMap<u32, u32>,
    /// Calls that may be `type("Name", bases, namespace)`, and `module.Name`, the name of the
    /// class they make (`__module__` and `__qualname__` of such a class): the solution's
    /// `type_classes`, named by [`Names::name_type_classes`].
    pub type_call: HashMap<u32, String>,
}

/// How module names are spelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameStyle {
    /// `requests.sessions.Session.send`.
    Full,
    /// PyCG's: relative to the root package (`sessions.Session.send`).
    Relative,
}

impl Names {
    /// Full names.
    pub fn new(facts: &Facts) -> Result<Names, String> {
        Names::with_style(facts, NameStyle::Full)
    }

    pub fn with_style(facts: &Facts, style: NameStyle) -> Result<Names, String> {
        let symbol = |id: u32| facts.symbols.text(id).ok_or_else(|| format!("unknown symbol {id}"));
        let mut module = Vec::new();
        for row in facts.rows(RelationId::Module) {
            module.push(symbol(row[1])?.to_string());
        }
        if style == NameStyle::Relative {
            strip_root_package(&mut module);
        }
        let count = facts.count(RelationId::Code);
        let mut parent: Vec<Option<u32>> = vec![None; count];
        for row in facts.rows(RelationId::CodeParent) {
            // Names are built in one pass, parents first (preorder).
            if row[1] >= row[0] || row[0] as usize >= count {
                return Err(format!("CodeParent: code {} with parent {} is not in preorder of {count}", row[0], row[1]));
            }
            parent[row[0] as usize] = Some(row[1]);
        }
        let mut kind = Vec::with_capacity(count);
        let mut rows = Vec::with_capacity(count);
        if facts.rows(RelationId::Code).enumerate().any(|(i, row)| row[0] as usize != i) {
            return Err("Code: ids are not 0, 1, 2, ... in order".into());
        }
        for row in facts.rows(RelationId::Code) {
            let code_kind = CodeKind::ALL.get(row[4] as usize).copied().ok_or("Code: unknown kind")?;
            kind.push(code_kind);
            rows.push((row[1], symbol(row[2])?.to_string(), row[5]));
        }
        // Lambdas are numbered per enclosing scope, in source order.
        let mut lambda_number: Vec<u32> = vec![0; count];
        let mut lambdas: HashMap<Option<u32>, Vec<(u32, u32)>> = HashMap::new();
        for code in 0..count {
            if kind[code] == CodeKind::Lambda {
                lambdas.entry(parent[code]).or_default().push((rows[code].2, code as u32));
            }
        }
        for siblings in lambdas.values_mut() {
            siblings.sort_unstable();
            for (n, &(_, code)) in siblings.iter().enumerate() {
                lambda_number[code as usize] = n as u32 + 1;
            }
        }
        let mut code_names: Vec<String> = Vec::with_capacity(count);
        for code in 0..count {
            let (module_id, name, _) = &rows[code];
            let own = match kind[code] {
                CodeKind::Lambda => format!("<lambda{}>", lambda_number[code]),
                _ => name.clone(),
            };
            // Parents come before children (preorder), so their names are known.
            // Code compiled from a string is named as a module of its own would be (what it
            // defines is `mod.made`, as `__qualname__` and a run say).
            let full = match (kind[code], parent[code]) {
                (CodeKind::Module | CodeKind::CompiledString, _) | (_, None) => {
                    module.get(*module_id as usize).cloned().unwrap_or_default()
                }
                (_, Some(p)) => format!("{}.{own}", code_names[p as usize]),
            };
            code_names.push(full);
        }
        let mut scope: Vec<u32> = Vec::with_capacity(count);
        for code in 0..count {
            let s = match (kind[code], parent[code]) {
                (CodeKind::Comprehension | CodeKind::ClassBody | CodeKind::CompiledString, Some(p)) => scope[p as usize],
                _ => code as u32,
            };
            scope.push(s);
        }
        let insn_code: Vec<u32> = facts.rows(RelationId::Insn).map(|r| r[1]).collect();
        let made = facts.rows(RelationId::MakeFunction).map(|r| (r[0], r[1])).collect();
        let class_body = facts.rows(RelationId::ClassBody).map(|r| (r[0], r[1])).collect();
        let code_module: Vec<u32> = rows.iter().map(|r| r.0).collect();
        let type_call = HashMap::new();
        Ok(Names { code: code_names, scope, kind, module, code_module, insn_code, made, class_body, type_call })
    }

    /// Names the classes `type("Name", bases, namespace)` calls make (`(call, name)` rows of
    /// the solution's `type_classes`): `module.Name`, as their `__qualname__` says.
    pub fn name_type_classes(&mut self, type_classes: &[(u32, u32)], symbols: &Symbols) {
        for &(site, name) in type_classes {
            let module = self.insn_code.get(site as usize).and_then(|&c| self.code_module.get(c as usize));
            if let (Some(module), Some(name)) = (module.and_then(|&m| self.module.get(m as usize)), symbols.text(name)) {
                self.type_call.insert(site, format!("{module}.{name}"));
            }
        }
    }

    /// The scope name calls made by instruction `insn` go under.
    pub fn caller_of(&self, insn: u32) -> &str {
        let code = self.insn_code[insn as usize];
        &self.code[self.scope[code as usize] as usize]
    }

    /// Whether calls of `code` are call-graph edges in PyCG's sense (functions, not
    /// class bodies or comprehensions).
    pub fn is_function(&self, code: u32) -> bool {
        !matches!(
            self.kind[code as usize],
            CodeKind::Module | CodeKind::ClassBody | CodeKind::Comprehension | CodeKind::CompiledString
        )
    }

    fn function_name(&self, make_function: u32) -> String {
        self.made.get(&make_function).map(|&c| self.code[c as usize].clone()).unwrap_or_else(|| "?".into())
    }

    fn class_name(&self, class: u32) -> String {
        match (self.class_body.get(&class), self.type_call.get(&class)) {
            (Some(&body), _) => self.code[body as usize].clone(),
            (None, Some(name)) => name.clone(),
            (None, None) => format!("{}.<class>", self.caller_of(class)),
        }
    }

    /// `instance main.A`, `function main.f`, `external os.path.join`, `list main.run`, ...
    pub fn describe(&self, obj: Obj, symbols: &Symbols) -> String {
        match obj {
            Obj::Module(m) => format!("module {}", self.module.get(m as usize).map(String::as_str).unwrap_or("?")),
            Obj::Function(f) => format!("function {}", self.function_name(f)),
            Obj::Class(k) => format!("class {}", self.class_name(k)),
            Obj::Instance(_, k) => format!("instance {}", self.class_name(k)),
            Obj::Bound(f, _) => format!("bound {}", self.function_name(f)),
            Obj::Wrapped(wrapper, f) => format!("{} {}", wrapper_name(wrapper), self.function_name(f)),
            Obj::PropertySetter(f) => format!("setter {}", self.function_name(f)),
            Obj::PropertyDeleter(f) => format!("deleter {}", self.function_name(f)),
            Obj::Super(k, r) => format!("super {} {}", self.class_name(k), self.describe(r.obj(), symbols)),
            Obj::Cell(code, slot) => format!("cell {} {slot}", self.code[code as usize]),
            Obj::Container(c) => self.describe_container(c),
            Obj::ContainerMethod(c, name) => {
                format!("method {}.{}", container_kind(c.kind), symbols.text(name).unwrap_or("?"))
            }
            Obj::Generator(code) => format!("generator {}", self.code[code as usize]),
            Obj::PassThrough => "passthrough".into(),
            Obj::Partial(site) => format!("partial {}", self.caller_of(site)),
            Obj::NameCaller(site) => format!("name_caller {}", self.caller_of(site)),
            Obj::AttrDict(_, k) => format!("attr_dict {}", self.class_name(k)),
            Obj::Future(site) => format!("future {}", self.caller_of(site)),
            Obj::FutureResult(site) => format!("future_result {}", self.caller_of(site)),
            Obj::TypeCall(k) => format!("type_call {}", self.class_name(k)),
            Obj::Const(kind) => format!("const {}", const_kind(kind)),
            Obj::External(e) => format!("external {}", external_name(e, symbols)),
        }
    }

    fn describe_container(&self, c: Container) -> String {
        let place = match c.origin {
            Origin::Made(insn) => self.caller_of(insn).to_string(),
            Origin::VarArgs(code) | Origin::VarKeywords(code) => self.code[code as usize].clone(),
        };
        format!("{} {place}", container_kind(c.kind))
    }
}

/// Names are relative to the input folder: when the folder is itself a package
/// (every module is it or inside it), its name is not a prefix (`pkg/main.py` is
/// `main`) — unless that would give two modules one name (`pkg/pkg.py` would be
/// `pkg`, like `pkg/__init__.py`), or a name that reads as inside the root package.
fn strip_root_package(modules: &mut [String]) {
    let Some(root) = modules.iter().find(|m| !m.contains('.')).cloned() else { return };
    let prefix = format!("{root}.");
    if modules.len() < 2 || !modules.iter().all(|m| *m == root || m.starts_with(&prefix)) {
        return;
    }
    let stripped: Vec<&str> = modules.iter().filter_map(|m| m.strip_prefix(&prefix)).collect();
    let clashes = stripped.iter().any(|m| *m == root || m.starts_with(&prefix));
    if clashes {
        return;
    }
    for name in modules.iter_mut() {
        if let Some(rest) = name.strip_prefix(&prefix) {
            *name = rest.to_string();
        }
    }
}

/// The one of `names` that is `wanted`, or that ends with `.wanted` (a unique last
/// part: `Session.send`); the errors start with `{flag} {wanted}` and name up to five
/// candidates.
pub fn by_name_or_last_part<'a>(
    names: impl IntoIterator<Item = &'a str>,
    wanted: &str,
    flag: &str,
    what: &str,
) -> Result<String, String> {
    let suffix = format!(".{wanted}");
    let mut matches: Vec<&str> = Vec::new();
    for name in names {
        if name == wanted {
            return Ok(name.to_string());
        }
        if name.ends_with(&suffix) {
            matches.push(name);
        }
    }
    matches.sort_unstable();
    matches.dedup();
    match matches.as_slice() {
        [one] => Ok(one.to_string()),
        [] => Err(format!("{flag} {wanted}: no {what} has that name")),
        many => Err(format!(
            "{flag} {wanted}: {} functions end with that name ({}{}); give more of it",
            many.len(),
            many.iter().take(5).copied().collect::<Vec<_>>().join(", "),
            if many.len() > 5 { ", ..." } else { "" }
        )),
    }
}

/// `<builtin>.len`, `os.path.join`.
pub fn external_name(e: Ext, symbols: &Symbols) -> String {
    let mut name = match e.root {
        ExtRoot::Builtins => "<builtin>".to_string(),
        ExtRoot::Module(m) | ExtRoot::Argument(m) => symbols.text(m).unwrap_or("?").to_string(),
        ExtRoot::ArgumentPart(m) => format!("{}.*", symbols.text(m).unwrap_or("?")),
    };
    for attr in e.path() {
        name.push('.');
        name.push_str(symbols.text(attr).unwrap_or("?"));
    }
    name
}

fn wrapper_name(wrapper: Wrapper) -> &'static str {
    match wrapper {
        Wrapper::StaticMethod => "staticmethod",
        Wrapper::ClassMethod => "classmethod",
        Wrapper::Property => "property",
    }
}

fn container_kind(kind: ContainerKind) -> &'static str {
    kind.name()
}

fn const_kind(kind: ConstKind) -> &'static str {
    match kind {
        ConstKind::None => "None",
        other => other.name(),
    }
}
