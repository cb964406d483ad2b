//! What the rules know about Python beyond the package: names of special
//! methods, operator methods, methods of the builtin containers and builtins
//! with a modelled effect. Turned into input relations with their symbols
//! (interned here when the package never spells them).

use cpyg_facts::schema::{BinaryOperator, CompareOperator, ConstKind};
use cpyg_facts::symbols::Symbols;

use crate::objects::{BuiltinEffect, ContainerEffect, Ext, Operand, Special, Sym, Wrapper};

/// `__add__`, `__radd__`, `__iadd__` and the like, per operator.
fn binary_method(op: BinaryOperator) -> &'static str {
    match op {
        BinaryOperator::Add => "add",
        BinaryOperator::And => "and",
        BinaryOperator::FloorDivide => "floordiv",
        BinaryOperator::LShift => "lshift",
        BinaryOperator::MatMul => "matmul",
        BinaryOperator::Multiply => "mul",
        BinaryOperator::Remainder => "mod",
        BinaryOperator::Or => "or",
        BinaryOperator::Power => "pow",
        BinaryOperator::RShift => "rshift",
        BinaryOperator::Subtract => "sub",
        BinaryOperator::TrueDivide => "truediv",
        BinaryOperator::Xor => "xor",
    }
}

/// The method a comparison calls on its left operand, and the reflected one on its right.
fn compare_methods(op: CompareOperator) -> (&'static str, &'static str) {
    match op {
        CompareOperator::Lt => ("__lt__", "__gt__"),
        CompareOperator::Le => ("__le__", "__ge__"),
        CompareOperator::Eq => ("__eq__", "__eq__"),
        CompareOperator::Ne => ("__ne__", "__ne__"),
        CompareOperator::Gt => ("__gt__", "__lt__"),
        CompareOperator::Ge => ("__ge__", "__le__"),
    }
}

/// Attributes the import system sets on every module, and the kind of their values.
const MODULE_ATTRIBUTES: &[(&str, ConstKind)] = &[
    ("__name__", ConstKind::Str),
    ("__file__", ConstKind::Str),
    ("__doc__", ConstKind::Str),
    ("__package__", ConstKind::Str),
    ("__cached__", ConstKind::Str),
];

const CONTAINER_METHODS: &[(&str, ContainerEffect)] = &[
    ("append", ContainerEffect::AddsArguments),
    ("add", ContainerEffect::AddsArguments),
    ("insert", ContainerEffect::AddsArguments),
    ("setdefault", ContainerEffect::AddsArguments),
    ("appendleft", ContainerEffect::AddsArguments),
    ("extend", ContainerEffect::AddsElementsOfArguments),
    ("update", ContainerEffect::AddsElementsOfArguments),
    ("pop", ContainerEffect::ReturnsElement),
    ("pop", ContainerEffect::ReturnsArguments),
    ("get", ContainerEffect::ReturnsArguments),
    ("setdefault", ContainerEffect::ReturnsArguments),
    ("popitem", ContainerEffect::ReturnsElement),
    ("get", ContainerEffect::ReturnsElement),
    ("setdefault", ContainerEffect::ReturnsElement),
    ("copy", ContainerEffect::ReturnsElements),
    ("items", ContainerEffect::ReturnsElements),
    ("keys", ContainerEffect::ReturnsElements),
    ("values", ContainerEffect::ReturnsElements),
];

/// Builtin classes whose attributes are all special methods the interpreter finds
/// itself: a name loaded through a subclass's instance never comes from them.
const BARE_OUTSIDE_BASES: &[&str] = &["object"];

/// Builtins (`None` module) and standard-library functions with a modelled effect.
const BUILTIN_FUNCTIONS: &[(Option<&str>, &str, BuiltinEffect)] = &[
    (None, "staticmethod", BuiltinEffect::Wraps(Wrapper::StaticMethod)),
    (None, "classmethod", BuiltinEffect::Wraps(Wrapper::ClassMethod)),
    (None, "property", BuiltinEffect::Wraps(Wrapper::Property)),
    (Some("functools"), "wraps", BuiltinEffect::PassThroughDecorator),
    (None, "list", BuiltinEffect::CollectsElements),
    (None, "tuple", BuiltinEffect::CollectsElements),
    (None, "set", BuiltinEffect::CollectsElements),
    (None, "frozenset", BuiltinEffect::CollectsElements),
    (None, "sorted", BuiltinEffect::CollectsElements),
    (None, "reversed", BuiltinEffect::CollectsElements),
    (None, "iter", BuiltinEffect::CollectsElements),
    (None, "next", BuiltinEffect::ReturnsElement),
    (None, "min", BuiltinEffect::ReturnsElement),
    (None, "max", BuiltinEffect::ReturnsElement),
    (None, "map", BuiltinEffect::CallsWithElements),
    (None, "map", BuiltinEffect::CollectsResults),
    (None, "filter", BuiltinEffect::CallsWithElements),
    (None, "sum", BuiltinEffect::ReturnsElement),
    (None, "super", BuiltinEffect::MakesSuper),
    (None, "len", BuiltinEffect::CallsSpecial(Special::Len)),
    (None, "iter", BuiltinEffect::CallsSpecial(Special::Iter)),
    (None, "next", BuiltinEffect::CallsSpecial(Special::Next)),
    (None, "len", BuiltinEffect::Returns(ConstKind::Int)),
    (None, "hash", BuiltinEffect::Returns(ConstKind::Int)),
    (None, "id", BuiltinEffect::Returns(ConstKind::Int)),
    (None, "int", BuiltinEffect::Returns(ConstKind::Int)),
    (None, "ord", BuiltinEffect::Returns(ConstKind::Int)),
    (None, "float", BuiltinEffect::Returns(ConstKind::Float)),
    (None, "str", BuiltinEffect::Returns(ConstKind::Str)),
    (None, "repr", BuiltinEffect::Returns(ConstKind::Str)),
    (None, "format", BuiltinEffect::Returns(ConstKind::Str)),
    (None, "chr", BuiltinEffect::Returns(ConstKind::Str)),
    (None, "bool", BuiltinEffect::Returns(ConstKind::Bool)),
    (None, "isinstance", BuiltinEffect::Returns(ConstKind::Bool)),
    (None, "issubclass", BuiltinEffect::Returns(ConstKind::Bool)),
    (None, "callable", BuiltinEffect::Returns(ConstKind::Bool)),
    (None, "hasattr", BuiltinEffect::Returns(ConstKind::Bool)),
    (None, "print", BuiltinEffect::Returns(ConstKind::None)),
];

/// The prepared relations.
#[derive(Default)]
pub struct Knowledge {
    pub special_names: Vec<(Special, Sym)>,
    pub binary_specials: Vec<(BinaryOperator, Operand, Sym)>,
    pub compare_specials: Vec<(CompareOperator, Operand, Sym)>,
    pub container_methods: Vec<(Sym, ContainerEffect)>,
    pub module_attributes: Vec<(Sym, ConstKind)>,
    pub builtin_functions: Vec<(Ext, BuiltinEffect)>,
    pub bare_outside_bases: Vec<(Ext,)>,
}

impl Knowledge {
    pub fn new(symbols: &mut Symbols) -> Knowledge {
        let mut known = Knowledge::default();
        for &special in Special::ALL {
            known.special_names.push((special, symbols.intern(special.text())));
        }
        for &op in BinaryOperator::ALL {
            let method = binary_method(op);
            for (operand, text) in [
                (Operand::Left, format!("__{method}__")),
                (Operand::Right, format!("__r{method}__")),
                (Operand::InPlace, format!("__i{method}__")),
            ] {
                known.binary_specials.push((op, operand, symbols.intern(&text)));
            }
        }
        for &op in CompareOperator::ALL {
            let (left, right) = compare_methods(op);
            known.compare_specials.push((op, Operand::Left, symbols.intern(left)));
            known.compare_specials.push((op, Operand::Right, symbols.intern(right)));
        }
        for &(name, kind) in MODULE_ATTRIBUTES {
            known.module_attributes.push((symbols.intern(name), kind));
        }
        for &(name, effect) in CONTAINER_METHODS {
            known.container_methods.push((symbols.intern(name), effect));
        }
        for &(module, name, effect) in BUILTIN_FUNCTIONS {
            let name = symbols.intern(name);
            let ext = match module {
                None => Ext::builtin(name),
                Some(module) => Ext::module(symbols.intern(module)).attr(name),
            };
            known.builtin_functions.push((ext, effect));
        }
        for name in BARE_OUTSIDE_BASES {
            known.bare_outside_bases.push((Ext::builtin(symbols.intern(name)),));
        }
        known
    }
}

impl Knowledge {
    /// `Submodule(parent, name, child)` for every module whose parent package is in the input.
    pub fn submodules(&self, facts: &cpyg_facts::lower::Facts) -> Result<Vec<(u32, Sym, u32)>, String> {
        use cpyg_facts::schema::RelationId;
        let names: Vec<(u32, String)> = facts
            .rows(RelationId::Module)
            .map(|r| Ok((r[0], facts.symbols.text(r[1]).ok_or("Module: unknown name symbol")?.to_string())))
            .collect::<Result<_, String>>()?;
        let by_name: std::collections::HashMap<&str, u32> = names.iter().map(|(id, n)| (n.as_str(), *id)).collect();
        let mut rows = Vec::new();
        for (child, name) in &names {
            if let Some((parent, last)) = name.rsplit_once('.') {
                if let (Some(&parent), Some(last)) = (by_name.get(parent), facts.symbols.id(last)) {
                    rows.push((parent, last, *child));
                }
            }
        }
        Ok(rows)
    }

    /// `ImportableAs(name, module)`: every module by its dotted name; when all modules
    /// lie in one package (the input folder has an `__init__`), also by the name below it.
    pub fn importable_as(&self, facts: &cpyg_facts::lower::Facts) -> Result<Vec<(Sym, u32)>, String> {
        use cpyg_facts::schema::RelationId;
        let modules: Vec<(u32, Sym, &str, bool)> = facts
            .rows(RelationId::Module)
            .map(|r| Ok((r[0], r[1], facts.symbols.text(r[1]).ok_or("Module: unknown name symbol")?, r[3] == 1)))
            .collect::<Result<_, String>>()?;
        let mut rows: Vec<(Sym, u32)> = modules.iter().map(|&(m, name, _, _)| (name, m)).collect();
        let roots: Vec<&str> = modules.iter().filter(|m| !m.2.contains('.')).map(|m| m.2).collect();
        if let [root] = roots[..] {
            let root_is_package = modules.iter().any(|m| m.2 == root && m.3);
            let prefix = format!("{root}.");
            if root_is_package && modules.iter().all(|m| m.2 == root || m.2.starts_with(&prefix)) {
                for &(m, _, name, _) in &modules {
                    // Only names some import spells are symbols; the others need no row.
                    if let Some(below) = name.strip_prefix(&prefix).and_then(|below| facts.symbols.id(below)) {
                        rows.push((below, m));
                    }
                }
            }
        }
        Ok(rows)
    }

    /// Every symbol that starts with a capital letter.
    pub fn capitalized_names(&self, symbols: &Symbols) -> Vec<(Sym,)> {
        symbols
            .iter()
            .filter(|(_, text)| text.starts_with(|c: char| c.is_ascii_uppercase()))
            .map(|(id, _)| (id,))
            .collect()
    }

    /// Every symbol that starts with `_`: names a star import skips.
    pub fn private_names(&self, facts: &cpyg_facts::lower::Facts) -> Vec<(Sym,)> {
        facts.symbols.iter().filter(|(_, text)| text.starts_with('_')).map(|(id, _)| (id,)).collect()
    }
}
