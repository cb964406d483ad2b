//! The semantic package (paper Algorithm 1): every code object of every module,
//! decoded, validated and given a stable identity.
//!
//! Identity invariant: modules are taken in the canonical order the loader gives
//! (sorted dotted names); within a module, code objects are numbered in preorder
//! of their constants. Ids are dense, start at 0, and are the same for the same
//! input whatever the thread count, because decoding is per code object and the
//! numbering is fixed before any parallel work.

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

use serde::Serialize;

use cpyg_adapters::code::{co_flags, CodeObject, Const};
use cpyg_adapters::validate::{stack_depths, StackDepths};
use cpyg_adapters::{Adapter, DecodeError, DecodedCode};

pub type CodeId = u32;
pub type ModuleId = u32;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CodeKind {
    Module,
    ClassBody,
    Function,
    Lambda,
    Comprehension,
    Generator,
    Coroutine,
    AsyncGenerator,
    CompiledString,
}

impl CodeKind {
    pub fn as_str(self) -> &'static str {
        match self {
            CodeKind::Module => "module",
            CodeKind::ClassBody => "class_body",
            CodeKind::Function => "function",
            CodeKind::Lambda => "lambda",
            CodeKind::Comprehension => "comprehension",
            CodeKind::Generator => "generator",
            CodeKind::Coroutine => "coroutine",
            CodeKind::AsyncGenerator => "async_generator",
            CodeKind::CompiledString => "compiled_string",
        }
    }

    /// The kind of a nested code object (not a module body or a compiled string).
    fn of(code: &CodeObject) -> CodeKind {
        // Class bodies run in the class namespace: no fast locals, no new frame locals.
        if code.flags & (co_flags::OPTIMIZED | co_flags::NEWLOCALS) == 0 {
            return CodeKind::ClassBody;
        }
        match code.name.as_str() {
            "<listcomp>" | "<setcomp>" | "<dictcomp>" | "<genexpr>" => return CodeKind::Comprehension,
            "<lambda>" => return CodeKind::Lambda,
            _ => {}
        }
        if code.flags & co_flags::ASYNC_GENERATOR != 0 {
            CodeKind::AsyncGenerator
        } else if code.flags & (co_flags::COROUTINE | co_flags::ITERABLE_COROUTINE) != 0 {
            CodeKind::Coroutine
        } else if code.flags & co_flags::GENERATOR != 0 {
            CodeKind::Generator
        } else {
            CodeKind::Function
        }
    }

    /// Whether names defined inside get `<locals>` in their qualified name.
    fn has_locals(self) -> bool {
        !matches!(self, CodeKind::Module | CodeKind::ClassBody | CodeKind::CompiledString)
    }
}

impl fmt::Display for CodeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A module as the loader hands it over.
pub struct ModuleSource {
    pub name: String,
    pub path: PathBuf,
    pub is_package: bool,
    pub code: CodeObject,
    /// Constant strings the module passes to `eval`/`exec`, compiled.
    pub strings: Vec<crate::load::CompiledString>,
}

#[derive(Debug)]
pub struct Module {
    pub id: ModuleId,
    pub name: String,
    pub path: PathBuf,
    pub is_package: bool,
    /// Id of the module body's code object (a root of the analysis).
    pub root: CodeId,
}

#[derive(Debug)]
pub struct SemanticCode {
    pub id: CodeId,
    pub parent: Option<CodeId>,
    pub module: ModuleId,
    pub qualname: String,
    pub kind: CodeKind,
    /// For code compiled from a constant string: the string's index in the parent's `co_consts`.
    pub compiled_from: Option<u32>,
    pub code: Arc<CodeObject>,
    pub decoded: DecodedCode,
    pub depths: StackDepths,
}

#[derive(Debug)]
pub struct SemanticPackage {
    pub minor: u8,
    pub modules: Vec<Module>,
    pub codes: Vec<SemanticCode>,
}

/// A decoding or validation failure with its full origin.
#[derive(Debug)]
pub struct CodeError {
    pub path: PathBuf,
    pub module: String,
    pub qualname: String,
    pub error: DecodeError,
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (module {}), code object {}: {}", self.path.display(), self.module, self.qualname, self.error)
    }
}

impl std::error::Error for CodeError {}

/// Identity of one code object, assigned before decoding.
struct Slot {
    parent: Option<CodeId>,
    module: ModuleId,
    qualname: String,
    kind: CodeKind,
    compiled_from: Option<u32>,
    code: Arc<CodeObject>,
}

impl SemanticPackage {
    /// Assigns identities, then decodes and validates every code object on
    /// `threads` threads. Any failure is an error naming its origin: a package is
    /// never returned half-decoded.
    pub fn build(minor: u8, sources: Vec<ModuleSource>, threads: usize) -> Result<SemanticPackage, CodeError> {
        let (package, failures) = SemanticPackage::build_partial(minor, sources, threads);
        match failures.into_iter().next() {
            Some(first) => Err(first),
            None => Ok(package),
        }
    }

    /// Like [`SemanticPackage::build`], but a module any of whose code objects
    /// fails to decode or validate is left out (with its first error, in module
    /// order) and the others keep dense ids, as if it had not been given.
    pub fn build_partial(minor: u8, sources: Vec<ModuleSource>, threads: usize) -> (SemanticPackage, Vec<CodeError>) {
        let adapter = cpyg_adapters::adapter(minor)
            .unwrap_or_else(|| panic!("CPython 3.{minor} adapter requested but not built"));
        let mut modules = Vec::with_capacity(sources.len());
        let mut slots: Vec<Slot> = Vec::new();
        for (module_id, source) in sources.into_iter().enumerate() {
            let module_id = module_id as ModuleId;
            let root = slots.len() as CodeId;
            number_preorder(Arc::new(source.code), None, module_id, &mut slots);
            attach_compiled_strings(source.strings, root, module_id, &mut slots);
            modules.push(Module {
                id: module_id,
                name: source.name,
                path: source.path,
                is_package: source.is_package,
                root,
            });
        }
        let decoded = decode_all(adapter, &slots, &modules, threads);
        let code_counts = codes_per_module(&modules, slots.len() as u32);

        let mut failures: Vec<CodeError> = Vec::new();
        let mut failed = vec![false; modules.len()];
        let mut kept = Vec::with_capacity(slots.len());
        for (slot, result) in slots.into_iter().zip(decoded) {
            match result {
                Ok(done) => kept.push((slot, done)),
                Err(error) => {
                    if !failed[slot.module as usize] {
                        failed[slot.module as usize] = true;
                        failures.push(error);
                    }
                }
            }
        }
        // Dense ids without the failed modules: codes of a module are contiguous, so
        // every id (and parent) of a kept module shifts by the codes dropped before it.
        let mut module_ids = vec![None; modules.len()];
        let mut code_shift = vec![0u32; modules.len()];
        let (mut next_module, mut dropped_codes) = (0, 0u32);
        for m in 0..modules.len() {
            if failed[m] {
                dropped_codes += code_counts[m];
            } else {
                module_ids[m] = Some(next_module);
                next_module += 1;
            }
            code_shift[m] = dropped_codes;
        }
        let modules: Vec<Module> = modules
            .into_iter()
            .enumerate()
            .filter_map(|(m, module)| {
                let id = module_ids[m]?;
                Some(Module { id, root: module.root - code_shift[m], ..module })
            })
            .collect();
        let codes = kept
            .into_iter()
            .filter(|(slot, _)| !failed[slot.module as usize])
            .enumerate()
            .map(|(id, (slot, (decoded, depths)))| {
                let shift = code_shift[slot.module as usize];
                SemanticCode {
                    id: id as CodeId,
                    parent: slot.parent.map(|p| p - shift),
                    module: module_ids[slot.module as usize].unwrap_or(0),
                    qualname: slot.qualname,
                    kind: slot.kind,
                    compiled_from: slot.compiled_from,
                    code: slot.code,
                    decoded,
                    depths,
                }
            })
            .collect();
        (SemanticPackage { minor, modules, codes }, failures)
    }

    pub fn module_of(&self, code: &SemanticCode) -> &Module {
        &self.modules[code.module as usize]
    }

    pub fn instruction_count(&self) -> usize {
        self.codes.iter().map(|c| c.decoded.instrs.len()).sum()
    }
}

/// Numbers `root` and its nested code objects in preorder: a module body, or (with
/// `compiled`: the parent and the string's index in its `co_consts`) code compiled from a
/// constant string.
fn number_preorder(root: Arc<CodeObject>, compiled: Option<(CodeId, u32)>, module: ModuleId, slots: &mut Vec<Slot>) {
    // Explicit stack: nesting depth comes from the input and must not grow the call stack.
    let mut stack: Vec<(Arc<CodeObject>, Option<CodeId>)> = vec![(root, compiled.map(|(p, _)| p))];
    let mut compiled_from = compiled.map(|(_, index)| index);
    while let Some((code, parent)) = stack.pop() {
        let id = slots.len() as CodeId;
        // Only the root of a compiled string is one; what it defines nests as usual.
        let from = compiled_from.take();
        let (kind, qualname) = match (from, parent) {
            (Some(_), _) => (CodeKind::CompiledString, "<string>".to_string()),
            (None, None) => (CodeKind::Module, "<module>".to_string()),
            (None, Some(p)) => (
                CodeKind::of(&code),
                code.qualname.clone().unwrap_or_else(|| derived_qualname(&slots[p as usize], &code.name)),
            ),
        };
        let children: Vec<Arc<CodeObject>> = code.nested().cloned().collect();
        slots.push(Slot { parent, module, qualname, kind, compiled_from: from, code });
        stack.extend(children.into_iter().rev().map(|child| (child, Some(id))));
    }
}

/// Numbers each compiled string after the module's own code objects, as a child of every
/// code object of the module that has the string among its constants (the code that may
/// pass it to `eval`/`exec`). A string no code object holds is dropped.
fn attach_compiled_strings(
    strings: Vec<crate::load::CompiledString>,
    root: CodeId,
    module: ModuleId,
    slots: &mut Vec<Slot>,
) {
    let own = root as usize..slots.len();
    for string in strings {
        let code = Arc::new(string.code);
        let holders: Vec<(CodeId, u32)> = own
            .clone()
            .filter_map(|s| {
                let index = slots[s].code.consts.iter().position(|c| matches!(c, Const::Str(t) if *t == string.text))?;
                Some((s as CodeId, index as u32))
            })
            .collect();
        for holder in holders {
            number_preorder(Arc::clone(&code), Some(holder), module, slots);
        }
    }
}

/// 3.10 code objects carry no `co_qualname`; it follows from nesting as the compiler builds it.
fn derived_qualname(parent: &Slot, name: &str) -> String {
    match parent.kind {
        CodeKind::Module | CodeKind::CompiledString => name.to_string(),
        kind if kind.has_locals() => format!("{}.<locals>.{name}", parent.qualname),
        _ => format!("{}.{name}", parent.qualname),
    }
}

fn decode_all(
    adapter: &Adapter,
    slots: &[Slot],
    modules: &[Module],
    threads: usize,
) -> Vec<Result<(DecodedCode, StackDepths), CodeError>> {
    let decode_one = |slot: &Slot| -> Result<(DecodedCode, StackDepths), CodeError> {
        let origin = |error: DecodeError| {
            let module = &modules[slot.module as usize];
            CodeError { path: module.path.clone(), module: module.name.clone(), qualname: slot.qualname.clone(), error }
        };
        let decoded = adapter.decode(&slot.code).map_err(origin)?;
        let depths = stack_depths(&slot.code, &decoded).map_err(origin)?;
        Ok((decoded, depths))
    };
    let threads = threads.max(1);
    if threads == 1 || slots.len() < 64 {
        return slots.iter().map(decode_one).collect();
    }
    // Contiguous chunks keep results in id order; the first error by id wins, so
    // the reported error does not depend on scheduling either.
    let chunk = slots.len().div_ceil(threads);
    let parts: Vec<Vec<Result<(DecodedCode, StackDepths), CodeError>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = slots
            .chunks(chunk)
            .map(|part| scope.spawn(move || part.iter().map(decode_one).collect::<Vec<_>>()))
            .collect();
        handles.into_iter().map(|h| h.join().expect("decoder thread panicked")).collect()
    });
    parts.into_iter().flatten().collect()
}

/// Code objects per module: roots are numbered in module order, so a module's
/// codes run from its root to the next module's root (or the end).
fn codes_per_module(modules: &[Module], total: u32) -> Vec<u32> {
    modules
        .iter()
        .enumerate()
        .map(|(m, module)| modules.get(m + 1).map_or(total, |next| next.root) - module.root)
        .collect()
}
