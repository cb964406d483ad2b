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
/// the names calls are known by (`os.path.join`, `<builtin>.str.join`,
/// `concurrent.futures.Executor.submit`: a submodule is a root of its own, see
/// `OutsideSubmodule`); a longer path names an attribute of an outside *value*,
/// and allowing it lets every chain of loads through a merged variable mint a
/// new object.
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
    /// Everything loaded from that argument or returned by calling it, at any depth
    /// (`<argument:pkg.f:x>.*`): one value, apart from the argument's own fields.
    ArgumentPart(Sym),
}

impl Ext {
    pub fn module(name: Sym) -> Ext {
        Ext { root: ExtRoot::Module(name), attrs: [NO_SYM; 2] }
    }

    pub fn argument(name: Sym) -> Ext {
        Ext { root: ExtRoot::Argument(name), attrs: [NO_SYM; 2] }
    }

    /// A value outside code passed in, or a part of one.
    pub fn is_argument(self) -> bool {
        matches!(self.root, ExtRoot::Argument(_) | ExtRoot::ArgumentPart(_))
    }

    pub fn builtin(name: Sym) -> Ext {
        Ext { root: ExtRoot::Builtins, attrs: [name, NO_SYM] }
    }

    /// `self.name`. Past two attributes the name is kept at its deepest known
    /// prefix: the object stays outside the package, only less precisely named.
    /// An outside argument's attributes, at any depth, are one value, its part.
    /// Naming them by path let each variable that merges the arguments of many
    /// functions hold every path of every one (jinja2, pyasn1, aiohttp under
    /// `--roots public`: about 90% of all objects, 20–50 per argument), for no call
    /// edge, as calls on them are unresolved anyway.
    pub fn attr(self, name: Sym) -> Ext {
        if self.is_argument() {
            return self.part();
        }
        let mut attrs = self.attrs;
        if let Some(free) = attrs.iter_mut().find(|a| **a == NO_SYM) {
            *free = name;
        }
        Ext { root: self.root, attrs }
    }

    /// The part of an outside argument (`ExtRoot::ArgumentPart`); anything else is itself.
    pub fn part(self) -> Ext {
        match self.root {
            ExtRoot::Argument(a) | ExtRoot::ArgumentPart(a) => Ext { root: ExtRoot::ArgumentPart(a), attrs: [NO_SYM; 2] },
            _ => self,
        }
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
    /// An instance: the call that allocated it and its class. A class call allocates, and so
    /// does an outside `__new__` (`object.__new__(cls)`) called anywhere but in the `__new__`
    /// a class call runs, where it makes the class call's instance.
    Instance(Insn, Insn),
    /// A function bound to a receiver (`obj.method`, a classmethod through its class).
    Bound(Insn, Recv),
    /// `staticmethod(f)`, `classmethod(f)` or `property(f)` of a package function.
    Wrapped(Wrapper, Insn),
    /// `prop.setter` of a property whose getter is this function.
    PropertySetter(Insn),
    /// `prop.deleter` of a property whose getter is this function.
    PropertyDeleter(Insn),
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
    /// `type.__call__` bound to class `k`, as a metaclass's `super().__call__` finds it:
    /// calling it makes an instance of `k` (`__new__`, `__init__`).
    TypeCall(Insn),
    /// `functools.partial(...)`, by its call: what it calls (`partial_of`) and with what
    /// first (`partial_arg`).
    Partial(Insn),
    /// `operator.attrgetter(...)` or `operator.methodcaller(...)`, by its call: the name it
    /// reads or calls (`name_caller`) and, for a method caller, its arguments.
    NameCaller(Insn),
    /// `obj.__dict__` of the instance `Instance(site, class)`: its items are the instance's
    /// attributes.
    AttrDict(Insn, Insn),
    /// The future `executor.submit(f, ...)` returns, by its call (it is also an outside
    /// instance of the future class, for its other methods).
    Future(Insn),
    /// `future.result` of the future made by this call: calling it gives what the submitted
    /// function returns (`future_value`).
    FutureResult(Insn),
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

    /// A builtin dict: its values may be known by key (`keyed` in `containers`).
    pub fn is_dict(self) -> bool {
        matches!(self, Obj::Container(c) if c.kind == ContainerKind::Dict)
    }

    /// What outside code passed in (`--roots public`): an outside argument or a part of one.
    pub fn is_outside_argument(self) -> bool {
        matches!(self, Obj::External(e) if e.is_argument())
    }

    /// What `obj is None` may be: true for None, either for an outside value (which may be
    /// anything), false for every object the package or a modelled builtin makes.
    pub fn none_outcomes(self) -> impl Iterator<Item = bool> {
        let outcomes: &'static [bool] = match self {
            Obj::Const(ConstKind::None) => &[true],
            Obj::External(_) => &[true, false],
            _ => &[false],
        };
        outcomes.iter().copied()
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
    Str,
    Repr,
    Format,
    Int,
    Float,
    Index,
    Hash,
    Abs,
    Reversed,
    Lt,
    Gt,
    Add,
    RAdd,
    InstanceCheck,
    SubclassCheck,
    InitSubclass,
    SetName,
    ClassGetItem,
    GetAttribute,
    SetAttr,
    DelAttr,
    PostInit,
    /// The `__class__` cell of a class body.
    ClassCell,
    /// `property.setter`.
    Setter,
    /// `property.deleter`.
    Deleter,
    /// The builtin `super`.
    Super,
    /// The code object name of generator expressions.
    GenExpr,
    /// The names a star import of a module brings.
    All,
    /// The builtin a binary method returns to let the other operand try (`NotImplemented`).
    NotImplemented,
    /// The class statement's keyword naming its metaclass.
    Metaclass,
    /// An object's attribute namespace (`obj.__dict__`).
    Dict,
    /// The keyword naming a sort key (`sorted(xs, key=f)`).
    Key,
    /// The keyword of `__import__` asking for the named module itself.
    FromList,
    /// The keywords of `threading.Thread(target=f, args=(...), kwargs={...})`.
    Target,
    Args,
    Kwargs,
    /// The keyword of `dataclasses.field` naming a factory.
    DefaultFactory,
    /// A future's method giving what the submitted function returned.
    Result,
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
        Special::Str,
        Special::Repr,
        Special::Format,
        Special::Int,
        Special::Float,
        Special::Index,
        Special::Hash,
        Special::Abs,
        Special::Reversed,
        Special::Lt,
        Special::Gt,
        Special::Add,
        Special::RAdd,
        Special::InstanceCheck,
        Special::SubclassCheck,
        Special::InitSubclass,
        Special::SetName,
        Special::ClassGetItem,
        Special::GetAttribute,
        Special::SetAttr,
        Special::DelAttr,
        Special::PostInit,
        Special::ClassCell,
        Special::Setter,
        Special::Deleter,
        Special::Super,
        Special::GenExpr,
        Special::All,
        Special::NotImplemented,
        Special::Metaclass,
        Special::Dict,
        Special::Key,
        Special::FromList,
        Special::Target,
        Special::Args,
        Special::Kwargs,
        Special::DefaultFactory,
        Special::Result,
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
            Special::Str => "__str__",
            Special::Repr => "__repr__",
            Special::Format => "__format__",
            Special::Int => "__int__",
            Special::Float => "__float__",
            Special::Index => "__index__",
            Special::Hash => "__hash__",
            Special::Abs => "__abs__",
            Special::Reversed => "__reversed__",
            Special::Lt => "__lt__",
            Special::Gt => "__gt__",
            Special::Add => "__add__",
            Special::RAdd => "__radd__",
            Special::InstanceCheck => "__instancecheck__",
            Special::SubclassCheck => "__subclasscheck__",
            Special::InitSubclass => "__init_subclass__",
            Special::SetName => "__set_name__",
            Special::ClassGetItem => "__class_getitem__",
            Special::GetAttribute => "__getattribute__",
            Special::SetAttr => "__setattr__",
            Special::DelAttr => "__delattr__",
            Special::PostInit => "__post_init__",
            Special::ClassCell => "__class__",
            Special::Setter => "setter",
            Special::Deleter => "deleter",
            Special::Super => "super",
            Special::GenExpr => "<genexpr>",
            Special::All => "__all__",
            Special::NotImplemented => "NotImplemented",
            Special::Metaclass => "metaclass",
            Special::Dict => "__dict__",
            Special::Key => "key",
            Special::FromList => "fromlist",
            Special::Target => "target",
            Special::Args => "args",
            Special::Kwargs => "kwargs",
            Special::DefaultFactory => "default_factory",
            Special::Result => "result",
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
    /// It returns an element (`popitem`).
    ReturnsElement,
    /// It returns an element, of a dict the value at the key (`pop`, `get`, `setdefault`).
    ReturnsValue,
    /// It returns a container with the same elements (`copy`, `keys`).
    ReturnsElements,
    /// It returns a container of the values of a dict, of other containers of the same
    /// elements (`values`).
    ReturnsValues,
    /// It returns the (key, value) pairs (`items`): a list, made at the call, of a tuple made
    /// there holding the keys and values, so that unpacking a pair gives a key or a value.
    ReturnsPairs,
    /// It may return its argument after the key (the default of `get`, `pop`, `setdefault`).
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
    /// `len(x)`, `str(x)`, `hash(x)`: calls this special method of the first argument (or
    /// what `SpecialFallback` names when its class lacks it).
    CallsSpecial(Special),
    /// `list(x)`, `sorted(x)`, `sum(x)`: calls `__iter__` of the first argument (the result is
    /// not what that returns).
    Iterates,
    /// `sorted(xs)`, `min(xs)`, `sum(xs)`: calls this special method of the first argument's
    /// elements, with another element.
    CallsSpecialOfElements(Special),
    /// `isinstance(x, C)`, `issubclass(D, C)`: calls this special method of the second
    /// argument's metaclass, given the class and the first argument.
    CallsClassSpecial(Special),
    /// `type(x)`: the class of its argument.
    ClassOf,
    /// `setattr(obj, "name", value)`: stores the attribute a constant string names.
    StoresAttribute,
    /// `delattr(obj, "name")`: deletes an attribute (through `__delattr__`).
    DeletesAttribute,
    /// `eval("...")`, `exec("...")`: runs the code compiled from a constant string (any other
    /// argument is left unknown, and functions it is given may be called back).
    RunsString,
    /// `importlib.import_module("pkg.mod")`, `__import__("pkg.mod")`: the module a constant
    /// string names (and, for `__import__`, the package it is in: `TopModule`).
    ImportsModule,
    /// `__import__("pkg.mod")`: the top-level package, or with a `fromlist` the module.
    ImportsTopModule,
    /// `functools.partial(f, *args, **kwargs)`: a callable that calls `f` with those
    /// arguments first.
    MakesPartial,
    /// `threading.Thread(target=f, args=(...), kwargs={...})`, `multiprocessing.Process(...)`:
    /// an outside object that, started, runs `f(*args, **kwargs)` (positionally: target second,
    /// args fourth, kwargs fifth).
    RunsTarget,
    /// `executor.submit(f, *args, **kwargs)`: runs `f(*args, **kwargs)` (in a worker; the
    /// submitting call is the site) and returns a future whose `result()` is what `f` returns.
    Submits,
    /// The class of the futures `Submits` returns (their other methods are its, outside).
    FutureClass,
    /// `operator.attrgetter("name")`: a callable reading that attribute of its argument.
    MakesAttrGetter,
    /// `operator.methodcaller("name", *args)`: a callable calling that method of its argument
    /// with those arguments.
    MakesMethodCaller,
    /// `dataclasses.dataclass(cls)`: returns the class, whose instances' generated `__init__`
    /// calls `__post_init__`; called without positional arguments (`@dataclass(order=True)`),
    /// returns itself to be called with the class.
    MakesDataclass,
    /// `dataclasses.field(default_factory=f)` in a dataclass body: constructing an instance
    /// calls `f` and stores what it returns in the field.
    MakesField,
    /// `enum.Enum` and its kin, as a base: the constants (and `auto()` values) the class body
    /// stores become its members, instances of the class.
    EnumBase,
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

impl BuiltinEffect {
    /// Whether the object the builtin makes keeps its positional arguments past the first, to
    /// pass them on when it is called (`partial(f, a)`, `methodcaller("m", a)`): `kept_arg`.
    pub fn keeps_arguments(self) -> bool {
        matches!(self, BuiltinEffect::MakesPartial | BuiltinEffect::MakesMethodCaller)
    }

    /// Whether the builtin surely calls none of the functions it is given (`staticmethod(f)`,
    /// `setattr(obj, "h", f)`, `partial(f)`): its call is no callback site.
    pub fn never_calls_back(self) -> bool {
        matches!(
            self,
            BuiltinEffect::Wraps(_)
                | BuiltinEffect::PassThroughDecorator
                | BuiltinEffect::ReturnsArgument(_)
                | BuiltinEffect::MakesPartial
                | BuiltinEffect::RunsTarget
                | BuiltinEffect::Submits
                | BuiltinEffect::FutureClass
                | BuiltinEffect::MakesAttrGetter
                | BuiltinEffect::MakesMethodCaller
                | BuiltinEffect::MakesDataclass
                | BuiltinEffect::MakesField
                | BuiltinEffect::EnumBase
                | BuiltinEffect::ClassOf
                | BuiltinEffect::StoresAttribute
                | BuiltinEffect::DeletesAttribute
                | BuiltinEffect::ImportsModule
                | BuiltinEffect::ImportsTopModule
                | BuiltinEffect::LoadsAttribute
                | BuiltinEffect::MakesSuper
                | BuiltinEffect::Returns(_)
        )
    }
}

impl Obj {
    /// The function a class attribute runs as a class method: `classmethod(f)`, or a plain
    /// function where the name is implicitly one and the store came from outside the body.
    pub fn class_method_function(self) -> Option<Insn> {
        match self {
            Obj::Wrapped(Wrapper::ClassMethod, f) | Obj::Function(f) => Some(f),
            _ => None,
        }
    }

    /// What a slice (at `site`) of this object is: a list or tuple of the same kind made there.
    pub fn sliced(self, site: Insn) -> Option<Obj> {
        match self {
            Obj::Container(c) if matches!(c.kind, ContainerKind::List | ContainerKind::Tuple) => {
                Some(Obj::Container(Container::made(site, c.kind)))
            }
            Obj::Const(ConstKind::Tuple) => Some(Obj::Container(Container::made(site, ContainerKind::Tuple))),
            _ => None,
        }
    }

    /// The function a call of this object runs and how many arguments it passes before the
    /// call's own: a function's none, a bound method's its receiver.
    pub fn function_and_shift(self) -> Option<(Insn, u32)> {
        match self {
            Obj::Function(f) => Some((f, 0)),
            Obj::Bound(f, _) => Some((f, 1)),
            _ => None,
        }
    }

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
                | Obj::PropertyDeleter(_)
                | Obj::ContainerMethod(..)
                | Obj::PassThrough
                | Obj::Partial(_)
                | Obj::NameCaller(_)
                | Obj::FutureResult(_)
                | Obj::TypeCall(_)
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
