//! What the lowering reads: a decoded package, borrowed from whoever built it.
//!
//! The front end (`cpyg`'s `SemanticPackage`) fills these; the facts crate does
//! not depend on it, so the lowering can also be driven by tests with
//! hand-built inputs.

use std::path::Path;

use cpyg_adapters::code::CodeObject;
use cpyg_adapters::validate::StackDepths;
use cpyg_adapters::DecodedCode;

use crate::schema::CodeKind;

/// Every module and code object of one package, of one CPython release.
pub struct PackageInput<'a> {
    /// CPython 3.`minor`.
    pub minor: u8,
    /// In id order (ids dense from 0).
    pub modules: Vec<ModuleInput<'a>>,
    /// In id order (ids dense from 0): modules in order, preorder of constants within each.
    pub codes: Vec<CodeInput<'a>>,
}

pub struct ModuleInput<'a> {
    pub id: u32,
    /// Dotted name.
    pub name: &'a str,
    /// The file relative to the input root, `/`-separated (what `Module.file` records).
    pub file: String,
    /// Where to read the file for its content hash.
    pub path: &'a Path,
    pub is_package: bool,
    /// Id of the module body's code object.
    pub root: u32,
}

pub struct CodeInput<'a> {
    pub id: u32,
    pub parent: Option<u32>,
    pub module: u32,
    pub qualname: &'a str,
    pub kind: CodeKind,
    /// For code compiled from a constant string (`CodeKind::CompiledString`): the string's
    /// index in the parent's `co_consts`.
    pub compiled_from: Option<u32>,
    pub code: &'a CodeObject,
    pub decoded: &'a DecodedCode,
    pub depths: &'a StackDepths,
}

impl PackageInput<'_> {
    /// Children of each code object in id order, which is the order of their
    /// `Const::Code` entries in the parent's `co_consts`.
    pub(crate) fn children(&self) -> Vec<Vec<u32>> {
        let mut children = vec![Vec::new(); self.codes.len()];
        for code in &self.codes {
            if let Some(parent) = code.parent {
                if let Some(list) = children.get_mut(parent as usize) {
                    list.push(code.id);
                }
            }
        }
        children
    }
}
