//! The prepared relations: what the bytecode facts say, normalised into the
//! few shapes the fixed point works with, before any points-to is known.
//!
//! The preparation program (`crate::sets::Prepare`) derives them from the facts,
//! the knowledge relations and the round's `mro`, with the `*_prepare` rules of
//! each concern file; every rule set then reads them as input. They are static:
//! no prepared relation depends on `pts`, so the rules may negate them.
//!
//! Keeping these joins out of the fixed point is what keeps its rules short: each
//! fixed-point rule joins one or two growing relations with one prepared row, so
//! the generated program stays small enough to compile quickly. Every relation
//! declared here is moved from the preparation into the rule set by
//! `crate::solve` (`prepared!` there lists them; a unit test keeps the list whole).

ascent::ascent_source! { prepared:

    // Values (values.rs).
    /// What `from` holds, `to` holds (stack flow between distinct variables, `SameValue`,
    /// `await`, a list turned into a tuple).
    relation Copy(Var, Var);
    /// Running `code` puts `obj` in `var`: constants, functions, classes, containers,
    /// builtins, imported modules.
    relation Alloc(Code, Var, Obj);
    /// What `var` holds is stored in local `slot` of `code` (in the same activation).
    relation LocalStore(Var, Code, Slot);
    /// Local `slot` of `code` holds `obj` from the start (`*args`, `**kwargs`).
    relation StaticLocal(Code, Slot, Obj);

    // Modules, globals, class namespaces (modules.rs, classes.rs).
    /// Code object `code` belongs to module `module`.
    relation CodeModule(Code, ModuleId);
    /// Module `module` binds global `name` somewhere.
    relation GlobalDefined(ModuleId, Sym);
    /// `name` is the full dotted name of a module of the package.
    relation PackageModuleName(Sym);
    /// Field `name` of `obj` holds `value` without any code running (module attributes, submodules).
    relation StaticField(Obj, Sym, Obj);
    /// What `var` holds is stored as `name` of the statically known `obj` (a module's globals).
    relation StoreStatic(Obj, Sym, Var);
    /// `name` of the statically known `obj` is read into `var` of `code` (globals, class-body names).
    relation LoadStatic(Obj, Sym, Var, Code);
    /// The body of class statement `k` stores what `var` holds as `name`.
    relation ClassStore(Insn, Sym, Var);
    /// Attribute `name` of what `base` holds is read into `out` (`LOAD_ATTR` but super loads, `IMPORT_FROM`).
    relation AttrLoad(Insn, Var, Sym, Var);
    /// A star import in module `target` of the module `mv` holds.
    relation ImportStarInto(Var, Obj);
    /// Module `m` lists the names a star import of it brings in `__all__`, and `__all__` is
    /// only ever bound to literals of string constants.
    relation KnownAll(ModuleId);
    /// `__all__` of module `m` lists `name`.
    relation AllName(ModuleId, Sym);

    // Calls (calls.rs).
    /// A call instruction of `code`.
    relation CallIn(Code, Insn, Var, Var);
    /// The positional arguments of a call, its receiver first when the receiver is an argument
    /// (3.11+ pass a decorated function or a comprehension's iterator in the receiver slot);
    /// the self half of a method-form load is not: the load's bound method carries it.
    relation CallPositional(Insn, u32, Var);
    /// Positional argument `index` of call `site` is a string constant spelling `name`.
    relation NameArg(Insn, u32, Sym);
    /// An argument a function handed to outside code may arrive through.
    relation CallbackArg(Insn, Var);
    /// Positional parameter `index` of the function made at `f` is local `slot` of `code`.
    relation PositionalParam(Insn, u32, Code, Slot);
    /// Keyword `name` of the function made at `f` fills local `slot` of `code`, its parameter
    /// `index`.
    relation KeywordSlot(Insn, Sym, Code, Slot, u32);
    /// `code` has a parameter that can be passed by keyword `name`.
    relation KeywordParam(Code, Sym);
    /// The function made at `f` runs `code`, which collects extra positional arguments past `positional`.
    relation VarArgsOf(Insn, Code, u32);
    /// The function made at `f` runs `code`, which collects extra keywords.
    relation KwArgsOf(Insn, Code);
    /// What `var` holds is a default of the function made at `f`, for local `slot` of `code`.
    relation DefaultStore(Var, Insn, Code, Slot);
    /// The constant `obj` is a default of the function made at `f`, for local `slot` of `code`.
    relation StaticDefault(Insn, Code, Slot, Obj);
    /// The elements of what `var` holds are the keyword-only defaults of the function made at
    /// `f`, landing in `slot` of `code`.
    relation KwDefaultsFlow(Var, Insn, Code, Slot);
    /// Local `slot` of `code`, parameter `index` (`u32::MAX` when keyword-only) that keyword
    /// `name` passes (`Sym::MAX` when positional-only), has a default in the function made at `f`.
    relation DefaultParam(Insn, Code, Slot, u32, Sym);
    /// Class `k`'s body stores the result of call `site` as `name`.
    relation ClassStoresCall(Insn, Sym, Insn);
    /// Class `k`'s body stores a constant or a call's result as `name` (an enum's members).
    relation ClassStoresValue(Insn, Sym);
    /// `base[key] = v` with a constant string key spelling `name`.
    relation NamedItemStore(Var, Sym, Var);
    /// `out = base[key]` with a constant string key spelling `name`.
    relation NamedItemLoad(Var, Sym, Var);
    /// A call instruction.
    relation CallSite(Insn);
    /// A call with `*args` or `**kwargs`: which parameters it passes is not known.
    relation StarCall(Insn);
    /// A call with `*xs` other than a tuple built in place (`f(a, **kw)`): the positions of
    /// its positional arguments are not known.
    relation LooseStarArgs(Insn);
    /// `code` returns what `var` holds.
    relation ReturnVar(Code, Var);
    /// A return of `code` gives its parameter `slot` as its call bound it (and nothing else).
    relation ReturnsParameter(Code, Slot);
    /// `code` returns `obj` (a constant).
    relation StaticReturn(Code, Obj);
    /// Return `var` of `code` runs only when the activation's `*args` is empty (`true`) or
    /// only when it is not.
    relation ArgsGuardedReturn(Code, Var, bool);
    /// Return `var` of `code` runs only when its parameter `slot`, as the call bound it, is None
    /// (`true`) or only when it is not.
    relation NoneGuardedReturn(Code, Var, Slot, bool);
    /// Parameter `slot` of `code` guards a `NoneGuardedReturn`.
    relation NoneTestedParam(Code, Slot);
    /// The function made at `f` runs `code`, which has such a parameter.
    relation NoneTestedFunction(Insn, Code);
    /// Positional parameter `index` of the function made at `f` is such a parameter.
    relation NoneTestedPositional(Insn, u32, Code, Slot);
    /// The keyword `name` of the function made at `f` fills such a parameter.
    relation NoneTestedKeyword(Insn, Sym, Code, Slot);
    /// `code`, not a generator, returns `var` whatever its `*args` and its parameters' being None,
    /// and not as a parameter as bound (`ReturnsParameter`).
    relation UnguardedReturn(Code, Var);
    /// `code` (which takes `positional` parameters before `*args`) returns what call `site`
    /// gives, a call passing on `code`'s own `*args` alone (`return decorator(*args)`), whose
    /// value nothing else reads.
    relation ForwardingReturn(Code, Insn, u32);
    /// Call `site` is such a call.
    relation ForwardingSite(Insn);
    /// The last positional argument of call `site` is its `index`th.
    relation LastPositional(Insn, u32);
    /// Call `site` has no positional argument.
    relation NoPositional(Insn);
    /// Calling `code` gives a generator, coroutine or async generator (generator expressions included).
    relation GeneratorCode(Code);
    /// Outside functions known to keep the functions they are given without calling them.
    relation NeverCallsBack(Ext);
    /// Builtins whose results the rules model.
    relation ModelledBuiltin(Ext);

    // Classes (classes.rs); `MroClass` to `OutsideInit` from the round's `mro`
    // (`classes_orders`, run before every round), the others once.
    /// Class body `body` stores `name`; the class statement `k` defines it.
    relation ClassDefinesIn(Code, Sym);
    relation ClassDefines(Insn, Sym);
    /// Some code stores attribute `name` on some object.
    relation AttrStoredAnywhere(Sym);
    /// A function the body of class `k` defines stores `name` on its first parameter
    /// (`self.name = ...` in a method).
    relation SelfStores(Insn, Sym);
    /// `LOAD_SUPER_ATTR` instructions.
    relation IsSuperAttr(Insn);
    /// A class statement in reachable-or-not `code` runs `body`.
    relation ClassBodyRun(Code, Insn, Code);
    /// Call `site` may make a class, `type("Name", (bases...), {"attr": value, ...})`: a name
    /// constant, a tuple display of bases and a dict display of the namespace, whose bases and
    /// stores are the class's (`ClassBase`, `ClassStore`, keyed by the call as a class statement
    /// is by its own call). Only `type` called there makes the class.
    relation TypeCallClass(Insn);
    /// Class `c` is in some MRO of class `k` (a class whose bases may be several classes has
    /// one MRO per choice: `crate::mro`).
    relation MroClass(Insn, Insn);
    /// Some MRO of `k` has the outside class `e` (one that gives attributes).
    relation OutsideBase(Insn, Ext);
    /// Lookups of `name` through class `k` find it first in class `c` (in some MRO of `k`).
    relation Owner(Insn, Sym, Insn);
    /// Some class of every MRO of `k` defines `name` (statically, in its body).
    relation HasOwner(Insn, Sym);
    /// A method of a class in some MRO of `k` stores `name` on `self`: `k`'s instances hold it.
    relation InstanceStored(Insn, Sym);
    /// Class `k` (through every MRO) defines special method `special`.
    relation HasSpecial(Insn, Special);
    /// Positions `q < p` of MRO `m` of `k` define `name`, and none between them; `q` is 0
    /// when `p` is the first (lookups after position `a` with `q <= a < p` find `p`).
    relation NextDefiner(Insn, Sym, u32, u32, u32);
    /// `super().__new__` in the class at position `a` of MRO `m` of `k` is the outside
    /// `e` (`object.__new__`): no later class of the package defines `__new__`.
    relation SuperNewOutside(Insn, u32, u32, Ext);
    /// Call `site` of `code` passes no arguments; `code` reads the `__class__` cell in free `slot`
    /// and has a first parameter in local `first` (what a zero-argument `super()` reads).
    relation ZeroArgumentCall(Insn, Code, Slot, Slot);
    /// Calling class `k` runs the `__init__` of its outside base, by name: it has none of its own
    /// (in some MRO).
    relation OutsideInit(Insn, Ext);
    /// Some MRO of `k` has an outside base that makes `k[...]` a generic alias of `k`.
    relation GenericClass(Insn);
    /// `cv[...]`, into `out`, is (through the stack) a base of a class statement: `Base[T]`.
    relation SubscriptedBase(Var, Var);

    // Closures (closures.rs).
    /// What `var` holds (a cell) is carried by the function made at `f` into free `slot` of `code`.
    relation ClosureFlow(Var, Insn, Code, Slot);
    /// `out` gets the cell in `slot` of `code` (`LOAD_CLOSURE`; 3.13+ `LOAD_FAST` of a cell slot).
    relation SlotCellLoad(Code, Slot, Var);
    /// `out` gets the contents of the cell in `slot` of `code`.
    relation CellLoad(Code, Slot, Var);
    /// Parameter `slot` of `code` is kept in the cell of `cell_slot`.
    relation ParamCell(Code, Slot, Slot);
    /// A cell holds an object from the start (a class body's `__class__`).
    relation StaticCellValue(Obj, Obj);

    // Containers and generators (containers.rs, generators.rs).
    /// What `var` holds becomes an element of `container` (displays, dict entries, yields).
    relation ElemFlow(Var, Obj);
    /// What `var` holds becomes the value at the constant string key `name` of dict `c`
    /// (a display's entry).
    relation KeyedElemFlow(Var, Sym, Obj);
    /// Dict display `c`, made in `code`, has an entry whose key is no constant string.
    relation UnkeyedDisplay(Code, Obj);
    /// What `var` holds becomes an element of every container the variable `cv` holds.
    relation ElemStore(Var, Var);
    /// What `key` and `value` hold become a key and its value in every container `cv` holds
    /// (`d[k] = v`, dict comprehensions); of other containers, both become elements.
    relation DictStore(Var, Var, Var);
    /// What `var` holds becomes a key of dict display `dict` (an entry whose key is not a constant).
    relation DisplayKey(Var, Obj);
    /// What `var` holds becomes a value of dict display `dict` at a key no constant string names.
    relation DisplayValue(Var, Obj);
    /// What `cv` holds is iterated or unpacked into `out`: of a dict, a key.
    relation DictKeyRead(Var, Var);
    /// What `cv` holds is subscripted into `out` by a key no constant string names: of a dict, a value.
    relation DictValueRead(Var, Var);
    /// The elements of what `var` holds become elements of `container` (slices, unpacking rests, `yield from`).
    relation ElemCopyTo(Var, Obj);
    /// The elements of what `var` holds become elements of every container `cv` holds (`[*a]`, `{**d}`).
    relation ElemCopyInto(Var, Var);
    /// An element of what `cv` holds is read into `out` (subscripts by a non-constant, `next`).
    relation ElemLoad(Var, Var);
    /// Slice `i` of what `cv` holds goes to `out`.
    relation SliceLoad(Insn, Var, Var);
    /// Item `index` of what `cv` holds is read into `out` (constant subscripts, unpacking).
    relation ItemLoad(Var, u32, Var);
    /// Item `index` of tuple display `tuple` is what `var` holds.
    relation ItemFlow(Var, Obj, u32);
    /// A tuple display with fixed positions.
    relation ExactTuple(Obj);
    /// Constant `container` holds constant `obj` (items of tuple and frozenset constants,
    /// characters of strings, bytes' integers): constants are abstracted by kind, so one
    /// kind holds what any of its loaded constants holds.
    relation StaticElem(Obj, Obj);
    /// `name` of what `base` holds is read into `out` and may be a builtin container's method.
    relation ContainerMethodLoad(Var, Sym, Var);
    /// Async generator code objects.
    relation AsyncGeneratorCode(Code);

    // Exceptions and protocols (exceptions.rs, protocols.rs).
    /// `code` raises what `var` holds, at `insn`.
    relation RaiseIn(Code, Insn, Var);
    /// `raise` at an instruction covered by exception region `region` raises what `var` holds.
    relation RegionRaise(u32, Var);
    /// `var` receives what reaches the handler of exception region `region`.
    relation HandlerOf(u32, Var);
    /// `code` has exception region `region`.
    relation CodeRegion(Code, u32);
    /// The entry of `region`'s handler is covered by region `outer`, which catches what the
    /// handler re-raises.
    relation ReraisesTo(u32, u32);
    /// Instruction `i` calls method `name` of the class of what `receiver` holds, the receiver
    /// first. `operand` tells the calls of one instruction apart: `Left` for all but the
    /// reflected operator methods (`Right`), whose arguments come the other way round.
    relation ImplicitCall(Insn, Operand, Sym, Var);
    /// Argument `index` of the call of `operand`.
    relation ImplicitArg(Insn, Operand, u32, Var);
    /// The result of the call of `operand` goes to `out`.
    relation ImplicitResult(Insn, Operand, Var);
    /// An in-place operator whose left operand's class has no in-place method (the first name)
    /// calls the plain one (the second), as `Left`.
    relation FallbackCall(Insn, Sym, Sym, Var);
    /// An operator or comparison may call the reflected method `name` of its right operand.
    relation ReflectedCall(Insn, Sym, Var);
    /// An operator or comparison looks up `name` on its left operand `left`.
    relation LeftMethod(Insn, Var, Sym);
    /// `with` keeps the `__exit__` (by special) of what `manager` holds bound in `exit`.
    relation ContextExit(Var, Var, Special);
    /// `with` enters what `manager` holds; the target is `result` (awaited for `async with`).
    relation EnterResult(Var, Var, bool);
    /// Instruction `i` calls special method `special` of what `receiver` holds (or what
    /// `SpecialFallback` names), whose result, if it is the instruction's, goes to `out`
    /// (f-string fields: `__format__`; keys of dicts and items of sets: `__hash__`), with
    /// argument `index` what `var` holds (`SpecialCallArg`: a field's format spec).
    relation SpecialCallSite(Insn, Special, Var, Option<Var>);
    relation SpecialCallArg(Insn, u32, Var);
    /// `left % right` calls `special` of `right` (or of its items) when `left` is a string:
    /// `__str__` always, `__repr__` unless `left` is a constant without `%r` or `%a`.
    relation PercentFormat(Insn, Var, Var, Special);
    /// The class statement `k` names its metaclass: what `var` holds.
    relation MetaclassKeyword(Insn, Var);
    /// Call `site` passes `fromlist` (`__import__` then gives the module itself), or a sort
    /// `key` (`sorted` then compares the keys, not the elements).
    relation WithFromList(Insn);
    relation KeyedCall(Insn);
    /// Positional argument `index` of call `site` is a constant naming package module `m`,
    /// in top-level package `top`.
    relation ModuleNameArg(Insn, u32, ModuleId, ModuleId);
    /// Call `site` passes first a string constant that `code` is compiled from (what
    /// `eval("...")` or `exec("...")` runs).
    relation StringRun(Insn, Code);
}
