//! The abstract values of the analysis: what a variable, field, cell or container
//! element may point to.
//!
//! Objects are named by where they are made (Doop's allocation sites): a function
//! by its `MakeFunction` instruction, a class by its `__build_class__` call, an
//! instance by the call that allocated it and its class. Every object is `Copy`
//! and small, so relations of objects stay cheap to join and hash.

use cpyg_facts::schema::{ConstKind, ContainerKind};

/// An instruction id (`Insn`).
pub type Insn = u32;
/// A stack variable id (`var`).
pub type Var = u32;
/// A code object id.
pub type Code = u32;
/// A symbol (interned string) id.
pub type Sym = u32;
/// A module id.
pub type ModuleId = u32;
/// A fast-local slot of a code object.
pub type Slot = u32;

/// "No symbol": the unused attribute places of an [`Ext`].
pub const NO_SYM: Sym = u32::MAX;

/// Something outside the package, by qualified name: the builtins or a module
/// name (`os.path`) followed by up to two attribute names (`join`). Two keep
/// the names calls are known by (`os.path.join`, `<builtin>.str.join`); a
/// longer path names an attribute of an outside *value*, and allowing it lets
/// every chain of loads through a merged variable mint a new object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ext {
    pub root: ExtRoot,
    pub attrs: [Sym; 2],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ExtRoot {
    /// `<builtin>`: names no module of the package defines.
    Builtins,
    /// A module outside the package, by its dotted name.
    Module(Sym),
    /// What outside code passes for one parameter of a package function it calls
    /// (`--roots public`), by a name that says which (`<argument:pkg.f:x>`).
    /// Calls on it are unresolved, not call edges to a name.
    Argument(Sym),
}

impl Ext {
    pub fn module(name: Sym) -> Ext {
        Ext { root: ExtRoot::Module(name), attrs: [NO_SYM; 2] }
    }

    pub fn argument(name: Sym) -> Ext {
        Ext { root: ExtRoot::Argument(name), attrs: [NO_SYM; 2] }
    }

    /// A value outside code passed in, or an attribute of one.
    pub fn is_argument(self) -> bool {
        matches!(self.root, ExtRoot::Argument(_))
    }

    pub fn builtin(name: Sym) -> Ext {
        Ext { root: ExtRoot::Builtins, attrs: [name, NO_SYM] }
    }

    /// `self.name`. Past two attributes the name is kept at its deepest known
    /// prefix: the object stays outside the package, only less precisely named.
    pub fn attr(self, name: Sym) -> Ext {
        let mut attrs = self.attrs;
        if let Some(free) = attrs.iter_mut().find(|a| **a == NO_SYM) {
            *free = name;
        }
        Ext { root: self.root, attrs }
    }

    /// The last name of the path (the root's own name has none here).
    pub fn last(&self) -> Option<Sym> {
        self.path().last()
    }

    pub fn is_builtin(self, name: Sym) -> bool {
        self == Ext::builtin(name)
    }

    /// The names after the root, in order.
    pub fn path(&self) -> impl Iterator<Item = Sym> + '_ {
        self.attrs.iter().copied().take_while(|a| *a != NO_SYM)
    }
}

/// A container: a literal (`[...]`, `(...)`, `{...}`, comprehensions, unpacking
/// rests) or the `*args` tuple / `**kwargs` dict a function receives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Container {
    pub kind: ContainerKind,
    pub origin: Origin,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Origin {
    /// Made by this instruction.
    Made(Insn),
    /// The `*args` tuple of this code object.
    VarArgs(Code),
    /// The `**kwargs` dict of this code object.
    VarKeywords(Code),
}

impl Container {
    pub fn made(insn: Insn, kind: ContainerKind) -> Container {
        Container { kind, origin: Origin::Made(insn) }
    }

    pub fn var_args(code: Code) -> Container {
        Container { kind: ContainerKind::Tuple, origin: Origin::VarArgs(code) }
    }

    pub fn var_keywords(code: Code) -> Container {
        Container { kind: ContainerKind::Dict, origin: Origin::VarKeywords(code) }
    }
}

/// What a builtin wrapper made of a function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Wrapper {
    StaticMethod,
    ClassMethod,
    Property,
}

/// The receiver a bound method (or `super` object) carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Recv {
    /// An instance: allocating call and class.
    Instance(Insn, Insn),
    /// A class (classmethods, `super(C, cls)`).
    Class(Insn),
}

impl Recv {
    /// The receiver an object can be, if it can be one.
    pub fn of(obj: Obj) -> Option<Recv> {
        match obj {
            Obj::Instance(site, class) => Some(Recv::Instance(site, class)),
            Obj::Class(class) => Some(Recv::Class(class)),
            _ => None,
        }
    }

    pub fn obj(self) -> Obj {
        match self {
            Recv::Instance(site, class) => Obj::Instance(site, class),
            Recv::Class(class) => Obj::Class(class),
        }
    }

    /// The class whose MRO attribute lookups through this receiver follow.
    pub fn class(self) -> Insn {
        match self {
            Recv::Instance(_, class) | Recv::Class(class) => class,
        }
    }
}

/// An abstract object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Obj {
    /// A module of the package.
    Module(ModuleId),
    /// A function, by its `MakeFunction` instruction.
    Function(Insn),
    /// A class, by its `__build_class__` call.
    Class(Insn),
    /// An instance: the call that allocated it and its class.
    Instance(Insn, Insn),
    /// A function bound to a receiver (`obj.method`, a classmethod through its class).
    Bound(Insn, Recv),
    /// `staticmethod(f)`, `classmethod(f)` or `property(f)` of a package function.
    Wrapped(Wrapper, Insn),
    /// `prop.setter` of a property whose getter is this function.
    PropertySetter(Insn),
    /// `super()` / `super(C, obj)`: lookups start after class `C` in the receiver's MRO.
    Super(Insn, Recv),
    /// A cell a frame of this code object makes for this slot.
    Cell(Code, Slot),
    Container(Container),
    /// A method of a builtin container, bound to it (`items.append`).
    ContainerMethod(Container, Sym),
    /// What calling a generator, coroutine or async generator function returns.
    Generator(Code),
    /// A decorator that returns what it is applied to (`functools.wraps(f)`).
    PassThrough,
    /// A constant, by kind.
    Const(ConstKind),
    /// Something outside the package.
    External(Ext),
}

impl Obj {
    /// Objects without a heap context: namespaces (module and class bodies run in the root
    /// context), constants, outside objects (`crate::context`).
    pub fn is_context_free(&self) -> bool {
        matches!(self, Obj::Module(_) | Obj::Class(_) | Obj::Const(_) | Obj::External(_) | Obj::PassThrough)
    }

    pub fn is_container(self) -> bool {
        matches!(self, Obj::Container(_))
    }

    /// Objects whose iteration the rules model as reading their `elem` directly:
    /// builtin containers, generators, and iterable constants. No other object has
    /// elements, so the joins that read `elem` leave the rest out.
    pub fn iterates_own_elements(self) -> bool {
        matches!(
            self,
            Obj::Container(_)
                | Obj::Generator(_)
                | Obj::Const(ConstKind::Tuple | ConstKind::FrozenSet | ConstKind::Str | ConstKind::Bytes)
        )
    }

    /// Modules and classes: objects whose fields the rules keep object by object (`field`),
    /// because imports and lookups along an MRO read them by name.
    pub fn is_namespace(self) -> bool {
        matches!(self, Obj::Module(_) | Obj::Class(_))
    }

    /// Class attributes read through an instance or class that are values
    /// themselves: not functions or wrappers, which bind or unwrap first.
    pub fn is_plain_attribute(self) -> bool {
        !matches!(self, Obj::Function(_) | Obj::Wrapped(..))
    }
}

/// The special methods the rules call implicitly, and other names they match.
/// Their symbols come with the facts as `SpecialName(name, sym)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Special {
    Init,
    New,
    Call,
    Enter,
    Exit,
    AEnter,
    AExit,
    Iter,
    Next,
    AIter,
    ANext,
    Bool,
    Len,
    GetItem,
    SetItem,
    DelItem,
    Contains,
    GetAttr,
    Get,
    Set,
    Neg,
    Pos,
    Invert,
    /// The `__class__` cell of a class body.
    ClassCell,
    /// `property.setter`.
    Setter,
    /// The builtin `super`.
    Super,
    /// The code object name of generator expressions.
    GenExpr,
    /// The names a star import of a module brings.
    All,
}

impl Special {
    pub const ALL: &'static [Special] = &[
        Special::Init,
        Special::New,
        Special::Call,
        Special::Enter,
        Special::Exit,
        Special::AEnter,
        Special::AExit,
        Special::Iter,
        Special::Next,
        Special::AIter,
        Special::ANext,
        Special::Bool,
        Special::Len,
        Special::GetItem,
        Special::SetItem,
        Special::DelItem,
        Special::Contains,
        Special::GetAttr,
        Special::Get,
        Special::Set,
        Special::Neg,
        Special::Pos,
        Special::Invert,
        Special::ClassCell,
        Special::Setter,
        Special::Super,
        Special::GenExpr,
        Special::All,
    ];

    pub fn text(self) -> &'static str {
        match self {
            Special::Init => "__init__",
            Special::New => "__new__",
            Special::Call => "__call__",
            Special::Enter => "__enter__",
            Special::Exit => "__exit__",
            Special::AEnter => "__aenter__",
            Special::AExit => "__aexit__",
            Special::Iter => "__iter__",
            Special::Next => "__next__",
            Special::AIter => "__aiter__",
            Special::ANext => "__anext__",
            Special::Bool => "__bool__",
            Special::Len => "__len__",
            Special::GetItem => "__getitem__",
            Special::SetItem => "__setitem__",
            Special::DelItem => "__delitem__",
            Special::Contains => "__contains__",
            Special::GetAttr => "__getattr__",
            Special::Get => "__get__",
            Special::Set => "__set__",
            Special::Neg => "__neg__",
            Special::Pos => "__pos__",
            Special::Invert => "__invert__",
            Special::ClassCell => "__class__",
            Special::Setter => "setter",
            Special::Super => "super",
            Special::GenExpr => "<genexpr>",
            Special::All => "__all__",
        }
    }
}

/// Which operand of a binary operator or comparison a special method is looked up on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Operand {
    /// `left.__add__(right)`, `left.__lt__(right)`.
    Left,
    /// `right.__radd__(left)`, `right.__gt__(left)`.
    Right,
    /// `left.__iadd__(right)` (in-place forms only).
    InPlace,
}

/// What a method of a builtin container does with its arguments and result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ContainerEffect {
    /// Its arguments become elements (`append`, `add`, `insert`, `setdefault`).
    AddsArguments,
    /// The elements of its arguments become elements (`extend`, `update`).
    AddsElementsOfArguments,
    /// It returns an element (`pop`, `get`, `setdefault`).
    ReturnsElement,
    /// It returns a container with the same elements (`copy`, `items`, `values`, `keys`).
    ReturnsElements,
    /// It may return one of its arguments (the default of `get`, `pop`, `setdefault`).
    ReturnsArguments,
}

/// Builtin functions whose effect on objects the rules model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BuiltinEffect {
    /// `staticmethod`, `classmethod`, `property`.
    Wraps(Wrapper),
    /// `functools.wraps(f)`: a decorator returning its argument.
    PassThroughDecorator,
    /// `list(x)`, `tuple(x)`, `sorted(x)`, `iter(x)`, ...: a container of the elements of the first argument.
    CollectsElements,
    /// `next(it)`, `min(x)`, `max(x)`: an element of the first argument.
    ReturnsElement,
    /// `map(f, xs)`, `filter(f, xs)`: calls the first argument with elements of the others.
    CallsWithElements,
    /// `map(f, xs)`: an iterator over what the functions it calls back return.
    CollectsResults,
    /// `len(x)`, `iter(x)`, `next(x)`: calls this special method of the first argument.
    CallsSpecial(Special),
    /// `super(...)`: makes a super object (rules in `classes.rs`).
    MakesSuper,
    /// `len(x)`, `str(x)`, `isinstance(...)`: returns a value of this kind.
    Returns(ConstKind),
    /// `typing.cast(T, v)`, `copy.copy(v)`: returns its positional argument of this index
    /// (a copy counts as the object copied: same class, same methods).
    ReturnsArgument(u32),
    /// `getattr(obj, "name"[, default])`: loads the attribute a constant string names
    /// (any other name is left unknown), or returns the default.
    LoadsAttribute,
    /// `zip(xs, ys)`, `enumerate(xs)`: a list of tuples holding the arguments' elements
    /// (and, when `counted`, the index).
    MakesTuples { counted: bool },
}

impl Obj {
    /// Objects a call can run package code through (or allocate with).
    pub fn is_callable(self) -> bool {
        matches!(
            self,
            Obj::Function(_)
                | Obj::Class(_)
                | Obj::Instance(..)
                | Obj::Bound(..)
                | Obj::Wrapped(..)
                | Obj::PropertySetter(_)
                | Obj::ContainerMethod(..)
                | Obj::PassThrough
                | Obj::External(_)
        )
    }
}

/// A typed unresolved group a call site falls into (paper §3.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Group {
    /// Something outside the package, by qualified name (`<builtin>.len`, `os.path.join`).
    External(Ext),
    /// A method of a builtin container (`list.append`).
    ContainerMethod(ContainerKind, Sym),
    /// An implicit call of this protocol family with no package target.
    Protocol(cpyg_facts::schema::Protocol),
    /// The callee may be an object that cannot be called (a constant, a module).
    NotCallable,
    /// Nothing is known of the callee.
    Unknown,
}

/// How completely a call site is resolved: ConcreteOnly ⊑ TypedUnresolved ⊑ ConservativeTop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Coverage {
    ConcreteOnly,
    TypedUnresolved,
    ConservativeTop,
}

impl Coverage {
    pub fn name(self) -> &'static str {
        match self {
            Coverage::ConcreteOnly => "concrete_only",
            Coverage::TypedUnresolved => "typed_unresolved",
            Coverage::ConservativeTop => "conservative_top",
        }
    }
}
