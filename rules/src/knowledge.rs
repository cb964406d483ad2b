//! What the rules know about Python beyond the package: names of special
//! methods, operator methods, methods of the builtin containers and builtins
//! with a modelled effect. Turned into input relations with their symbols
//! (interned here when the package never spells them).

use std::collections::{BTreeSet, HashMap, HashSet};

use cpyg_facts::lower::Facts;
use cpyg_facts::schema::{BinaryOperator, CodeKind, CompareOperator, ConstKind, ContainerKind, ParamKind, RelationId};
use cpyg_facts::symbols::Symbols;

use crate::input::rows;
use crate::objects::{BuiltinEffect, Container, ContainerEffect, Ext, Obj, Operand, Special, Sym, Wrapper};

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

/// What the methods of builtin containers do with elements (also what the data-dependence
/// graph reads as container stores and loads).
pub const CONTAINER_METHODS: &[(&str, ContainerEffect)] = &[
    ("append", ContainerEffect::AddsArguments),
    ("add", ContainerEffect::AddsArguments),
    ("insert", ContainerEffect::AddsArguments),
    ("setdefault", ContainerEffect::AddsArguments),
    ("appendleft", ContainerEffect::AddsArguments),
    ("extend", ContainerEffect::AddsElementsOfArguments),
    ("update", ContainerEffect::AddsElementsOfArguments),
    ("pop", ContainerEffect::ReturnsValue),
    ("pop", ContainerEffect::ReturnsArguments),
    ("get", ContainerEffect::ReturnsArguments),
    ("setdefault", ContainerEffect::ReturnsArguments),
    ("popitem", ContainerEffect::ReturnsElement),
    ("get", ContainerEffect::ReturnsValue),
    ("setdefault", ContainerEffect::ReturnsValue),
    ("copy", ContainerEffect::ReturnsElements),
    ("items", ContainerEffect::ReturnsPairs),
    ("keys", ContainerEffect::ReturnsElements),
    ("values", ContainerEffect::ReturnsValues),
];

/// Outside classes (`None` module: builtins) whose attributes are all special methods
/// the interpreter finds itself: a name loaded through a subclass's instance never
/// comes from them.
const BARE_OUTSIDE_BASES: &[(Option<&str>, &str)] =
    &[(None, "object"), (Some("typing"), "Generic"), (Some("typing"), "Protocol"), (Some("abc"), "ABC")];

/// Abstract base classes whose `register(cls)` (`ABCMeta.register`, often a class decorator:
/// `@abc.Mapping.register`) returns the class registered.
const ABSTRACT_BASES: &[(&str, &str)] = &[
    ("abc", "ABC"),
    ("collections.abc", "Container Hashable Iterable Iterator Reversible Generator Sized Callable Collection \
                         Sequence MutableSequence ByteString Set MutableSet Mapping MutableMapping MappingView \
                         KeysView ItemsView ValuesView Awaitable Coroutine AsyncIterable AsyncIterator \
                         AsyncGenerator Buffer"),
    ("numbers", "Number Complex Real Rational Integral"),
    ("os", "PathLike"),
];

/// Outside classes whose subclasses are generic: `Cls[...]` is an alias of `Cls`.
const GENERIC_BASES: &[(Option<&str>, &str)] =
    &[(Some("typing"), "Generic"), (Some("typing"), "Protocol"), (Some("typing_extensions"), "Protocol")];

/// What the interpreter calls when a class lacks a special method: `format(x)` and
/// f-strings fall back to `__str__` (through `object.__format__`), `str(x)` to `__repr__`,
/// truth to `__len__`, `reversed(x)` to the sequence protocol, `int(x)` and `float(x)` to
/// `__index__`, an element's `__lt__` to the other's reflected `__gt__`.
const SPECIAL_FALLBACKS: &[(Special, Special)] = &[
    (Special::Format, Special::Str),
    (Special::Str, Special::Repr),
    (Special::Bool, Special::Len),
    (Special::Reversed, Special::Len),
    (Special::Reversed, Special::GetItem),
    (Special::Int, Special::Index),
    (Special::Float, Special::Index),
    (Special::Lt, Special::Gt),
    (Special::Gt, Special::Lt),
];

/// Class-body functions the interpreter wraps without a decorator.
const IMPLICIT_WRAPPERS: &[(Special, Wrapper)] = &[
    (Special::New, Wrapper::StaticMethod),
    (Special::InitSubclass, Wrapper::ClassMethod),
    (Special::ClassGetItem, Wrapper::ClassMethod),
];

/// The methods of the builtin types whose values the rules know (constants and containers,
/// by kind), as `dir()` lists them: loaded from such a value, a method is an outside function
/// named after the type (`<builtin>.str.join`).
pub const BUILTIN_TYPE_METHODS: &[(&str, &str)] = &[
    ("str", "capitalize casefold center count encode endswith expandtabs find format format_map index isalnum \
             isalpha isascii isdecimal isdigit isidentifier islower isnumeric isprintable isspace istitle isupper \
             join ljust lower lstrip maketrans partition removeprefix removesuffix replace rfind rindex rjust \
             rpartition rsplit rstrip split splitlines startswith strip swapcase title translate upper zfill"),
    ("bytes", "capitalize center count decode endswith expandtabs find fromhex hex index isalnum isalpha isascii \
               isdigit islower isspace istitle isupper join ljust lower lstrip maketrans partition removeprefix \
               removesuffix replace rfind rindex rjust rpartition rsplit rstrip split splitlines startswith strip \
               swapcase title translate upper zfill"),
    ("int", "as_integer_ratio bit_count bit_length conjugate from_bytes is_integer to_bytes"),
    ("float", "as_integer_ratio conjugate fromhex hex is_integer"),
    ("tuple", "count index"),
    ("frozenset", "copy difference intersection isdisjoint issubset issuperset symmetric_difference union"),
    ("list", "append clear copy count extend index insert pop remove reverse sort"),
    ("dict", "clear copy fromkeys get items keys pop popitem setdefault update values"),
    ("set", "add clear copy difference difference_update discard intersection intersection_update isdisjoint \
             issubset issuperset pop remove symmetric_difference symmetric_difference_update union update"),
];

/// Where builtins of an effect take the parameters the rules read by name: the position
/// (counted as the call passes them) and, as its keyword, the parameter's own name.
/// `Thread(group=None, target=None, name=None, args=(), kwargs=None)`, and `Process` alike.
const BUILTIN_PARAMETERS: &[(BuiltinEffect, Special, u32)] = &[
    (BuiltinEffect::RunsTarget, Special::Target, 1),
    (BuiltinEffect::RunsTarget, Special::Args, 3),
    (BuiltinEffect::RunsTarget, Special::Kwargs, 4),
];

/// Builtins (`None` module) and standard-library functions with a modelled effect.
const BUILTIN_FUNCTIONS: &[(Option<&str>, &str, BuiltinEffect)] = &[
    (None, "staticmethod", BuiltinEffect::Wraps(Wrapper::StaticMethod)),
    (None, "classmethod", BuiltinEffect::Wraps(Wrapper::ClassMethod)),
    (None, "property", BuiltinEffect::Wraps(Wrapper::Property)),
    (Some("functools"), "wraps", BuiltinEffect::PassThroughDecorator),
    (Some("typing"), "cast", BuiltinEffect::ReturnsArgument(1)),
    (Some("typing_extensions"), "cast", BuiltinEffect::ReturnsArgument(1)),
    (Some("copy"), "copy", BuiltinEffect::ReturnsArgument(0)),
    (Some("copy"), "deepcopy", BuiltinEffect::ReturnsArgument(0)),
    (None, "getattr", BuiltinEffect::LoadsAttribute),
    (None, "zip", BuiltinEffect::MakesTuples { counted: false }),
    (None, "enumerate", BuiltinEffect::MakesTuples { counted: true }),
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
    (None, "str", BuiltinEffect::CallsSpecial(Special::Str)),
    (None, "repr", BuiltinEffect::CallsSpecial(Special::Repr)),
    (None, "ascii", BuiltinEffect::CallsSpecial(Special::Repr)),
    (None, "format", BuiltinEffect::CallsSpecial(Special::Format)),
    (None, "int", BuiltinEffect::CallsSpecial(Special::Int)),
    (None, "float", BuiltinEffect::CallsSpecial(Special::Float)),
    (None, "bool", BuiltinEffect::CallsSpecial(Special::Bool)),
    (None, "hash", BuiltinEffect::CallsSpecial(Special::Hash)),
    (None, "abs", BuiltinEffect::CallsSpecial(Special::Abs)),
    (None, "reversed", BuiltinEffect::CallsSpecial(Special::Reversed)),
    (Some("operator"), "index", BuiltinEffect::CallsSpecial(Special::Index)),
    // Builtins that iterate their first argument.
    (None, "list", BuiltinEffect::Iterates),
    (None, "tuple", BuiltinEffect::Iterates),
    (None, "set", BuiltinEffect::Iterates),
    (None, "frozenset", BuiltinEffect::Iterates),
    (None, "sorted", BuiltinEffect::Iterates),
    (None, "min", BuiltinEffect::Iterates),
    (None, "max", BuiltinEffect::Iterates),
    (None, "sum", BuiltinEffect::Iterates),
    (None, "enumerate", BuiltinEffect::Iterates),
    (None, "sorted", BuiltinEffect::CallsSpecialOfElements(Special::Lt)),
    (None, "min", BuiltinEffect::CallsSpecialOfElements(Special::Lt)),
    (None, "max", BuiltinEffect::CallsSpecialOfElements(Special::Gt)),
    (None, "sum", BuiltinEffect::CallsSpecialOfElements(Special::Add)),
    (None, "sum", BuiltinEffect::CallsSpecialOfElements(Special::RAdd)),
    (None, "isinstance", BuiltinEffect::CallsClassSpecial(Special::InstanceCheck)),
    (None, "issubclass", BuiltinEffect::CallsClassSpecial(Special::SubclassCheck)),
    (None, "type", BuiltinEffect::ClassOf),
    (None, "setattr", BuiltinEffect::StoresAttribute),
    (None, "delattr", BuiltinEffect::DeletesAttribute),
    (Some("importlib"), "import_module", BuiltinEffect::ImportsModule),
    (None, "eval", BuiltinEffect::RunsString),
    (None, "exec", BuiltinEffect::RunsString),
    (None, "__import__", BuiltinEffect::ImportsTopModule),
    (Some("functools"), "partial", BuiltinEffect::MakesPartial),
    (Some("functools"), "update_wrapper", BuiltinEffect::ReturnsArgument(0)),
    (Some("functools"), "lru_cache", BuiltinEffect::PassThroughDecorator),
    (Some("functools"), "lru_cache", BuiltinEffect::ReturnsArgument(0)),
    (Some("functools"), "cache", BuiltinEffect::ReturnsArgument(0)),
    (Some("functools"), "cached_property", BuiltinEffect::Wraps(Wrapper::Property)),
    (Some("dataclasses"), "dataclass", BuiltinEffect::MakesDataclass),
    (Some("dataclasses"), "field", BuiltinEffect::MakesField),
    (Some("enum"), "Enum", BuiltinEffect::EnumBase),
    (Some("enum"), "IntEnum", BuiltinEffect::EnumBase),
    (Some("enum"), "StrEnum", BuiltinEffect::EnumBase),
    (Some("enum"), "Flag", BuiltinEffect::EnumBase),
    (Some("enum"), "IntFlag", BuiltinEffect::EnumBase),
    (Some("threading"), "Thread", BuiltinEffect::RunsTarget),
    (Some("multiprocessing"), "Process", BuiltinEffect::RunsTarget),
    (Some("concurrent.futures"), "ThreadPoolExecutor.submit", BuiltinEffect::Submits),
    (Some("concurrent.futures"), "ProcessPoolExecutor.submit", BuiltinEffect::Submits),
    (Some("concurrent.futures"), "Executor.submit", BuiltinEffect::Submits),
    (Some("concurrent.futures"), "Future", BuiltinEffect::FutureClass),
    // `executor.map(f, xs)` calls `f` with the elements, as `map` does.
    (Some("concurrent.futures"), "ThreadPoolExecutor.map", BuiltinEffect::CallsWithElements),
    (Some("concurrent.futures"), "ThreadPoolExecutor.map", BuiltinEffect::CollectsResults),
    (Some("concurrent.futures"), "ProcessPoolExecutor.map", BuiltinEffect::CallsWithElements),
    (Some("concurrent.futures"), "ProcessPoolExecutor.map", BuiltinEffect::CollectsResults),
    (Some("concurrent.futures"), "as_completed", BuiltinEffect::CollectsElements),
    (Some("operator"), "attrgetter", BuiltinEffect::MakesAttrGetter),
    (Some("operator"), "methodcaller", BuiltinEffect::MakesMethodCaller),
    // The decorated generator function, called, makes the generator `with` enters.
    (Some("contextlib"), "contextmanager", BuiltinEffect::ReturnsArgument(0)),
    (Some("contextlib"), "asynccontextmanager", BuiltinEffect::ReturnsArgument(0)),
    (None, "next", BuiltinEffect::ReturnsArgument(1)),
    (None, "range", BuiltinEffect::CallsSpecial(Special::Index)),
    (None, "slice", BuiltinEffect::Returns(ConstKind::Slice)),
    // Methods of builtin values (`BUILTIN_TYPE_METHODS`).
    (None, "str.split", BuiltinEffect::CollectsElements),
    (None, "str.rsplit", BuiltinEffect::CollectsElements),
    (None, "str.splitlines", BuiltinEffect::CollectsElements),
    (None, "str.join", BuiltinEffect::Returns(ConstKind::Str)),
    (None, "str.format", BuiltinEffect::Returns(ConstKind::Str)),
    (None, "str.lower", BuiltinEffect::Returns(ConstKind::Str)),
    (None, "str.upper", BuiltinEffect::Returns(ConstKind::Str)),
    (None, "str.strip", BuiltinEffect::Returns(ConstKind::Str)),
    (None, "str.lstrip", BuiltinEffect::Returns(ConstKind::Str)),
    (None, "str.rstrip", BuiltinEffect::Returns(ConstKind::Str)),
    (None, "str.replace", BuiltinEffect::Returns(ConstKind::Str)),
    (None, "str.startswith", BuiltinEffect::Returns(ConstKind::Bool)),
    (None, "str.endswith", BuiltinEffect::Returns(ConstKind::Bool)),
    (None, "str.encode", BuiltinEffect::Returns(ConstKind::Bytes)),
    (None, "bytes.decode", BuiltinEffect::Returns(ConstKind::Str)),
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
    pub builtin_parameters: Vec<(BuiltinEffect, Special, u32)>,
    /// `BUILTIN_TYPE_METHODS`, by constant kind and by container kind.
    pub const_methods: Vec<(ConstKind, Sym, Ext)>,
    pub container_type_methods: Vec<(ContainerKind, Sym, Ext)>,
    pub special_fallbacks: Vec<(Special, Special)>,
    /// String constants that spell a package module's dotted name, with that module and
    /// its top-level package.
    pub constant_modules: Vec<(u32, u32, u32)>,
    pub constant_relative_modules: Vec<(u32, u32, u32, u32)>,
    pub constant_repr_formats: Vec<(u32,)>,
    pub implicitly_wrapped: Vec<(Sym, Wrapper)>,
    pub bare_outside_bases: Vec<(Ext,)>,
    pub generic_bases: Vec<(Ext,)>,
    // Read off the input once; every round of the fixed point loads the same rows.
    pub submodules: Vec<(u32, Sym, u32)>,
    pub outside_submodules: Vec<(Ext, Sym, Ext)>,
    pub importable_as: Vec<(Sym, u32)>,
    /// Symbols that start with `_`: names a star import skips.
    pub private_names: Vec<(Sym,)>,
    /// Symbols that start with a capital letter (classes, by convention).
    pub capitalized_names: Vec<(Sym,)>,
    /// String constants that spell a name the package uses, with that name.
    pub constant_names: Vec<(u32, Sym)>,
    /// The open world of [`Roots`]: code objects outside code calls, what it passes them,
    /// the elements of their `*args` and `**kwargs`, the methods' receivers, and the
    /// instructions that do not run.
    pub outside_called: Vec<(u32,)>,
    pub outside_arguments: Vec<(u32, u32, Obj)>,
    pub outside_elements: Vec<(Obj, Obj)>,
    pub outside_receivers: Vec<(u32, u32, u32)>,
    pub not_run: Vec<(u32,)>,
}

/// Where the analysis starts beyond module bodies, which always run: chosen by the
/// driver (`--roots`, `--entry`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Roots {
    /// Code objects (functions) that code outside the package calls.
    pub called_from_outside: Vec<u32>,
    /// Instructions that do not run (`if __name__ == "__main__":` blocks of modules
    /// the run does not start from).
    pub not_run: Vec<u32>,
}

impl Knowledge {
    /// The relations for `facts`; names the package never spells are interned into `symbols`.
    pub fn new(symbols: &mut Symbols, facts: &Facts, roots: &Roots) -> Result<Knowledge, String> {
        let mut known = Knowledge::default();
        known.open_world(symbols, facts, roots)?;
        let modules = input_modules(facts)?;
        known.submodules = submodules(&modules, &facts.symbols);
        known.importable_as = importable_as(&modules, &facts.symbols);
        known.private_names = names_where(&facts.symbols, |c| c == '_');
        known.capitalized_names = names_where(&facts.symbols, |c| c.is_ascii_uppercase());
        known.constant_names = constant_names(facts)?;
        (known.constant_modules, known.constant_relative_modules) = constant_modules(facts, &modules)?;
        known.constant_repr_formats = constant_repr_formats(facts)?;
        known.special_fallbacks = SPECIAL_FALLBACKS.to_vec();
        known.builtin_parameters = BUILTIN_PARAMETERS.to_vec();
        for &(special, wrapper) in IMPLICIT_WRAPPERS {
            known.implicitly_wrapped.push((symbols.intern(special.text()), wrapper));
        }
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
        // `None` is a builtin, `"str.join"` a builtin's attribute.
        let mut outside = |module: Option<&str>, name: &str| {
            let mut parts = name.split('.');
            let first = symbols.intern(parts.next().unwrap_or(name));
            let mut ext = match module {
                None => Ext::builtin(first),
                Some(module) => Ext::module(symbols.intern(module)).attr(first),
            };
            for part in parts {
                ext = ext.attr(symbols.intern(part));
            }
            ext
        };
        for &(type_name, methods) in BUILTIN_TYPE_METHODS {
            for method in methods.split_whitespace() {
                let ext = outside(None, &format!("{type_name}.{method}"));
                let name = ext.attrs[1];
                let consts = ConstKind::ALL.iter().filter(|kind| kind.name() == type_name);
                known.const_methods.extend(consts.map(|&kind| (kind, name, ext)));
                let containers = ContainerKind::ALL.iter().filter(|kind| kind.name() == type_name);
                known.container_type_methods.extend(containers.map(|&kind| (kind, name, ext)));
            }
        }
        for &(module, name, effect) in BUILTIN_FUNCTIONS {
            known.builtin_functions.push((outside(module, name), effect));
        }
        for &(module, classes) in ABSTRACT_BASES {
            for class in classes.split_whitespace() {
                let register = outside(Some(module), &format!("{class}.register"));
                known.builtin_functions.push((register, BuiltinEffect::ReturnsArgument(0)));
            }
        }
        for &(module, name) in GENERIC_BASES {
            known.generic_bases.push((outside(module, name),));
        }
        for &(module, name) in BARE_OUTSIDE_BASES {
            known.bare_outside_bases.push((outside(module, name),));
        }
        let known_modules = BUILTIN_FUNCTIONS
            .iter()
            .filter_map(|&(module, _, _)| module)
            .chain(ABSTRACT_BASES.iter().map(|&(module, _)| module));
        known.outside_submodules = outside_submodules(symbols, facts, known_modules)?;
        Ok(known)
    }
}

impl Knowledge {
    /// The relations of [`Roots`]. Each parameter's outside value is named after the
    /// function and the parameter (`<argument:pkg.mod.f:x>`); a function a class
    /// body defines takes its receiver from the rules instead (`OutsideReceiver`).
    fn open_world(&mut self, symbols: &mut Symbols, facts: &Facts, roots: &Roots) -> Result<(), String> {
        if roots.called_from_outside.is_empty() && roots.not_run.is_empty() {
            return Ok(());
        }
        let text = |sym: u32| facts.symbols.text(sym).unwrap_or("?").to_string();
        let codes = rows::<(u32, u32, u32, u32, CodeKind, u32)>(facts, RelationId::Code)?;
        let modules: HashMap<u32, String> =
            facts.rows(RelationId::Module).map(|r| (r[0], text(r[1]))).collect();
        let parent: HashMap<u32, u32> = facts.rows(RelationId::CodeParent).map(|r| (r[0], r[1])).collect();
        let made_by: HashMap<u32, u32> = facts.rows(RelationId::MakeFunction).map(|r| (r[1], r[0])).collect();
        let mut params: HashMap<u32, Vec<(u32, u32, u32, ParamKind)>> = HashMap::new();
        for (code, index, slot, name, kind) in rows::<(u32, u32, u32, u32, ParamKind)>(facts, RelationId::Param)? {
            params.entry(code).or_default().push((index, slot, name, kind));
        }
        let mut called: Vec<u32> = roots.called_from_outside.clone();
        called.sort_unstable();
        called.dedup();
        for &code in &called {
            let Some(&(_, module, _, qualname, _, _)) = codes.get(code as usize) else {
                return Err(format!("root code object {code} is not in the facts"));
            };
            self.outside_called.push((code,));
            let function = format!("{}.{}", modules.get(&module).map_or("?", String::as_str), text(qualname));
            let in_class_body = parent.get(&code).and_then(|&p| codes.get(p as usize)).is_some_and(|c| c.4 == CodeKind::ClassBody);
            let mut params = params.remove(&code).unwrap_or_default();
            params.sort_unstable();
            for &(index, slot, name, kind) in &params {
                if index == 0 && in_class_body && matches!(kind, ParamKind::PositionalOnly | ParamKind::PositionalOrKeyword) {
                    if let Some(&f) = made_by.get(&code) {
                        self.outside_receivers.push((code, f, slot));
                    }
                    continue;
                }
                let star = match kind {
                    ParamKind::VarPositional => "*",
                    ParamKind::VarKeyword => "**",
                    _ => "",
                };
                let value = Obj::External(Ext::argument(symbols.intern(&format!("<argument:{function}:{star}{}>", text(name)))));
                match kind {
                    ParamKind::VarPositional => self.outside_elements.push((Obj::Container(Container::var_args(code)), value)),
                    ParamKind::VarKeyword => self.outside_elements.push((Obj::Container(Container::var_keywords(code)), value)),
                    _ => self.outside_arguments.push((code, slot, value)),
                }
            }
        }
        self.not_run = roots.not_run.iter().map(|&insn| (insn,)).collect();
        Ok(())
    }
}

/// A module of the input: id, name symbol, dotted name, whether it is a package's `__init__`.
struct InputModule<'a> {
    id: u32,
    name: Sym,
    dotted: &'a str,
    is_package: bool,
}

fn input_modules(facts: &Facts) -> Result<Vec<InputModule<'_>>, String> {
    facts
        .rows(RelationId::Module)
        .map(|r| {
            let dotted = facts.symbols.text(r[1]).ok_or("Module: unknown name symbol")?;
            Ok(InputModule { id: r[0], name: r[1], dotted, is_package: r[3] == 1 })
        })
        .collect()
}

/// `Submodule(parent, name, child)` for every module whose parent package is in the input.
fn submodules(modules: &[InputModule], symbols: &Symbols) -> Vec<(u32, Sym, u32)> {
    let by_name: HashMap<&str, u32> = modules.iter().map(|m| (m.dotted, m.id)).collect();
    let mut rows = Vec::new();
    for child in modules {
        if let Some((parent, last)) = child.dotted.rsplit_once('.') {
            if let (Some(&parent), Some(last)) = (by_name.get(parent), symbols.id(last)) {
                rows.push((parent, last, child.id));
            }
        }
    }
    rows
}

/// `OutsideSubmodule(parent, name, child)`: for every dotted name of an outside module
/// that an import spells or the knowledge names (`concurrent.futures`), each of its
/// parents with the next name and the module that name is. A load of `futures` from
/// `concurrent` is then the module `concurrent.futures`, not an attribute two names deep,
/// so `import a.b.c` reaches `a.b.c`'s attributes however long the dotted name.
fn outside_submodules<'k>(
    symbols: &mut Symbols,
    facts: &Facts,
    known_modules: impl Iterator<Item = &'k str>,
) -> Result<Vec<(Ext, Sym, Ext)>, String> {
    let package: HashSet<u32> = facts.rows(RelationId::Module).map(|r| r[1]).collect();
    let mut dotted: BTreeSet<String> = known_modules.filter(|m| m.contains('.')).map(str::to_string).collect();
    for (_, module) in rows::<(u32, Sym)>(facts, RelationId::ImportModule)? {
        if package.contains(&module) {
            continue;
        }
        let text = facts.symbols.text(module).ok_or("ImportModule: unknown name symbol")?;
        if text.contains('.') {
            dotted.insert(text.to_string());
        }
    }
    let mut rows = BTreeSet::new();
    for name in &dotted {
        for (end, _) in name.match_indices('.') {
            let parent = &name[..end];
            let last = name[end + 1..].split('.').next().unwrap_or_default();
            let child = &name[..end + 1 + last.len()];
            rows.insert((Ext::module(symbols.intern(parent)), symbols.intern(last), Ext::module(symbols.intern(child))));
        }
    }
    Ok(rows.into_iter().collect())
}

/// `ImportableAs(name, module)`: every module by its dotted name; when all modules
/// lie in one package (the input folder has an `__init__`), also by the name below it.
fn importable_as(modules: &[InputModule], symbols: &Symbols) -> Vec<(Sym, u32)> {
    let mut rows: Vec<(Sym, u32)> = modules.iter().map(|m| (m.name, m.id)).collect();
    let roots: Vec<&InputModule> = modules.iter().filter(|m| !m.dotted.contains('.')).collect();
    if let [root] = roots[..] {
        let prefix = format!("{}.", root.dotted);
        if root.is_package && modules.iter().all(|m| m.id == root.id || m.dotted.starts_with(&prefix)) {
            for module in modules {
                // Only names some import spells are symbols; the others need no row.
                if let Some(below) = module.dotted.strip_prefix(&prefix).and_then(|below| symbols.id(below)) {
                    rows.push((below, module.id));
                }
            }
        }
    }
    rows
}

/// `(constant, name)` for every string constant spelling an identifier the package
/// uses (`'run'` names `run`): how `__all__` lists the names a star import brings.
/// A constant's text is its `repr`, so only single-quoted identifiers qualify.
fn constant_names(facts: &Facts) -> Result<Vec<(u32, Sym)>, String> {
    let mut names = Vec::new();
    for (constant, _, kind, text) in rows::<(u32, u32, ConstKind, Sym)>(facts, RelationId::Const)? {
        if kind != ConstKind::Str {
            continue;
        }
        let spelled = facts.symbols.text(text).and_then(|t| t.strip_prefix('\'')?.strip_suffix('\''));
        if let Some(name) = spelled.filter(|name| is_identifier(name)) {
            names.extend(facts.symbols.id(name).map(|sym| (constant, sym)));
        }
    }
    Ok(names)
}

type ModuleConstants = (Vec<(u32, u32, u32)>, Vec<(u32, u32, u32, u32)>);

/// `(constant, module, top)` for every string constant spelling the dotted name of a
/// module of the input (`'pkg.mod'`): what `importlib.import_module` and `__import__`
/// import; `top` is the top-level package `__import__` returns (the module itself when
/// that is not in the input). Then `(relative, package, module, top)` for each pair of
/// a relative name (`'.mod'`) and a package constant that together spell a module.
fn constant_modules(facts: &Facts, modules: &[InputModule]) -> Result<ModuleConstants, String> {
    let by_name: HashMap<&str, u32> = modules.iter().map(|m| (m.dotted, m.id)).collect();
    let top_of = |name: &str, module: u32| name.split('.').next().and_then(|top| by_name.get(top)).copied().unwrap_or(module);
    let mut absolute = Vec::new();
    let mut relative_names = Vec::new();
    for (constant, _, kind, text) in rows::<(u32, u32, ConstKind, Sym)>(facts, RelationId::Const)? {
        if kind != ConstKind::Str {
            continue;
        }
        let Some(name) = facts.symbols.text(text).and_then(|t| t.strip_prefix('\'')?.strip_suffix('\'')) else {
            continue;
        };
        if let Some(&module) = by_name.get(name) {
            absolute.push((constant, module, top_of(name, module)));
        } else if let Some(below) = name.strip_prefix('.') {
            relative_names.push((constant, below));
        }
    }
    let mut relative = Vec::new();
    for &(constant, below) in &relative_names {
        for &(package, package_module, _) in &absolute {
            let Some(package_name) = modules.iter().find(|m| m.id == package_module).map(|m| m.dotted) else { continue };
            let name = format!("{package_name}.{below}");
            if let Some(&module) = by_name.get(name.as_str()) {
                relative.push((constant, package, module, top_of(&name, module)));
            }
        }
    }
    Ok((absolute, relative))
}

/// String constants whose `%` formatting calls `__repr__` (`%r`, `%a`).
fn constant_repr_formats(facts: &Facts) -> Result<Vec<(u32,)>, String> {
    let mut found = Vec::new();
    for (constant, _, kind, text) in rows::<(u32, u32, ConstKind, Sym)>(facts, RelationId::Const)? {
        let text = facts.symbols.text(text).unwrap_or("");
        if kind == ConstKind::Str && (text.contains("%r") || text.contains("%a")) {
            found.push((constant,));
        }
    }
    Ok(found)
}

fn is_identifier(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c == '_' || c.is_alphabetic()) && chars.all(|c| c == '_' || c.is_alphanumeric())
}

/// Every symbol whose text starts as `starts` says.
fn names_where(symbols: &Symbols, starts: impl Fn(char) -> bool) -> Vec<(Sym,)> {
    symbols.iter().filter(|(_, text)| text.starts_with(&starts)).map(|(id, _)| (id,)).collect()
}
