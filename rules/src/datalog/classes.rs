//! Classes, instances and attributes. A class statement makes a class object
//! whose body's stores are its fields; calling a class allocates an instance
//! and runs `__new__` and `__init__`. Attribute lookup through a class follows
//! its MRO (C3, computed by the driver into `mro`): the first class in the MRO
//! whose body defines the name owns it. Functions found on the class bind to the
//! instance; `staticmethod`, `classmethod`, `property` and user descriptors
//! (`__get__`) act as in Python; `__getattr__` answers names nothing defines.

ascent::ascent_source! { classes_prepare:

    /// Call `site` applies a decorator to a function or class defined in place (or makes a class).
    relation DecoratorCall(Insn);
    /// The namespace of the class `type(...)` at `site` may make is the dict display `b`.
    relation TypeNamespace(Insn, Insn);

    ClassDefinesIn(body, name) <-- StoreName(i, name, _), InsnCode(i, body), ClassBody(_, body);
    ClassDefines(k, name) <-- ClassBody(k, body), ClassDefinesIn(body, name);
    AttrStoredAnywhere(name) <-- StoreAttr(_, _, name, _);
    SelfStores(k, name) <--
        StoreAttr(_, base, name, _), LoadLocal(_, code, slot, base), Param(code, 0, slot, _, _), CodeParent(code, body),
        ClassBody(k, body);
    SelfStores(k, name) <--
        StoreAttr(_, base, name, _), StackFlow(out, base), LoadLocal(_, code, slot, out), Param(code, 0, slot, _, _),
        CodeParent(code, body), ClassBody(k, body);
    IsSuperAttr(i) <-- SuperAttr(i, _, _, _, _, _);
    SubscriptedBase(cv, out) <-- ClassBase(_, _, base), StackFlow(out, base), Subscript(_, cv, _, out);
    AttrLoad(i, base, name, out) <-- LoadAttr(i, base, name, out), !IsSuperAttr(i);
    MetaclassKeyword(k, v) <-- BuildClass(k, _, _, _), CallKeyword(k, name, v), SpecialName(Special::Metaclass, name);

    Alloc(code, out, Obj::Class(*k)) <-- BuildClass(k, _, _, out), InsnCode(k, code);
    ClassBodyRun(code, k, body) <-- BuildClass(k, _, _, _), InsnCode(k, code), ClassBody(k, body);
    ClassStore(k, name, v) <-- StoreName(i, name, v), InsnCode(i, body), ClassBody(k, body);
    // `type("Name", (bases...), {...})`: a class keyed by the call.
    TypeCallClass(site) <--
        NameArg(site, 0, _), CallPositional(site, 2, _), !CallPositional(site, 3, _), !StarCall(site);
    ClassBase(site, index, item) <--
        TypeCallClass(site), CallPositional(site, 1, v), StackFlow(out, v), BuildContainer(b, ContainerKind::Tuple, out),
        ContainerItem(b, index, item);
    TypeNamespace(site, b) <-- TypeCallClass(site), CallPositional(site, 2, v), StackFlow(out, v), BuildContainer(b, ContainerKind::Dict, out);
    ClassStore(site, name, v) <-- TypeNamespace(site, b), KeyedEntry(b, name, v);
    ClassDefines(k, name) <-- TypeCallClass(k), ClassStore(k, name, _);
    NamedItemStore(base, name, v) <-- StoreSubscript(_, base, key, v), KeyName(key, name);
    NamedItemLoad(base, name, out) <-- Subscript(_, base, key, out), KeyName(key, name);
    ClassStoresCall(k, name, site) <-- ClassStore(k, name, v), Call(site, _, v);
    ClassStoresCall(k, name, site) <-- ClassStore(k, name, v), StackFlow(out, v), Call(site, _, out);
    // Decorated functions and nested classes are stored from calls too, but are no values.
    DecoratorCall(site) <-- CallPositional(site, _, v), MakeFunction(_, _, v);
    DecoratorCall(site) <-- CallPositional(site, _, v), StackFlow(out, v), MakeFunction(_, _, out);
    DecoratorCall(site) <-- CallPositional(site, _, v), Call(inner, _, v), DecoratorCall(inner);
    DecoratorCall(site) <-- CallPositional(site, _, v), StackFlow(out, v), Call(inner, _, out), DecoratorCall(inner);
    ClassStoresValue(k, name) <-- ClassStoresCall(k, name, site), !DecoratorCall(site), !PrivateName(name);
    ClassStoresValue(k, name) <-- ClassStore(k, name, v), LoadConst(_, _, v), !PrivateName(name);
    ClassStoresValue(k, name) <-- ClassStore(k, name, v), StackFlow(out, v), LoadConst(_, _, out), !PrivateName(name);
    // A class body reads its own namespace first (then globals and builtins, as a module does).
    LoadStatic(Obj::Class(*k), name, out, body) <-- LoadName(i, name, out), InsnCode(i, body), ClassBody(k, body);
    LoadStatic(Obj::Class(*k), name, out, body) <--
        LoadNameFromMapping(i, _, name, out), InsnCode(i, body), ClassBody(k, body);
    ZeroArgumentCall(site, code, slot, first) <--
        CallShape(site, 0, 0, false), InsnCode(site, code),
        FreeSlot(code, slot, _), LocalSlot(code, slot, cell_name), SpecialName(Special::ClassCell, cell_name),
        Param(code, 0, first, _, _);
}

// Ownership of names along the MRO, from class bodies and the round's `mro`: the one
// part of the preparation that changes between rounds (`crate::sets::Orders`).
ascent::ascent_source! { classes_orders:

    /// Position `p` of MRO `m` of `k` is a class whose body defines `name`.
    relation defined_at(Insn, u32, u32, Sym);
    /// Positions `q < p` of MRO `m` of `k` both define `name`.
    relation earlier_definer(Insn, Sym, u32, u32, u32);
    /// Some position before `p` of MRO `m` of `k` defines `name` too.
    relation has_earlier(Insn, Sym, u32, u32);
    /// Some class of MRO `m` of `k` defines `name`.
    relation owned_in(Insn, u32, Sym);
    /// `k` has MRO `m`.
    relation order_of(Insn, u32);
    /// Some MRO of `k` has no class defining `name`, though another has.
    relation unowned_in_some(Insn, Sym);
    /// A class after position `a` of MRO `m` of `k` defines `__new__`.
    relation new_defined_after(Insn, u32, u32);
    /// Position `q > a` of MRO `m` of `k` is the outside class `e`; `a` is a package class's.
    relation outside_after(Insn, u32, u32, u32, Ext);
    /// An outside class comes between positions `a` and `q` of MRO `m` of `k`.
    relation outside_between(Insn, u32, u32, u32);
    /// Some outside class follows position `a` of MRO `m` of `k`.
    relation outside_follows(Insn, u32, u32);

    defined_at(k, m, p, name) <-- mro(k, m, p, ?Obj::Class(c)), ClassDefines(c, name);
    earlier_definer(k, name, m, p, q) <-- defined_at(k, m, p, name), defined_at(k, m, q, name), if q < p;
    // Each definer and the one before it in the same MRO: a lookup starting after position
    // `after` finds the definer `p` with `q <= after < p` (`super`), one starting before the
    // MRO finds the first.
    NextDefiner(k, name, m, q, p) <--
        earlier_definer(k, name, m, p, _), agg q = max(q2) in earlier_definer(k, name, m, p, q2);
    has_earlier(k, name, m, p) <-- earlier_definer(k, name, m, p, _);
    NextDefiner(k, name, m, 0, p) <-- defined_at(k, m, p, name), !has_earlier(k, name, m, p);
    owned_in(k, m, name) <-- NextDefiner(k, name, m, 0, _);
    order_of(k, m) <-- mro(k, m, 1, _);
    unowned_in_some(k, name) <-- owned_in(k, _, name), order_of(k, m), !owned_in(k, m, name);
    // Owned whichever MRO is the real one: its absence is what fallbacks test.
    HasOwner(k, name) <-- owned_in(k, _, name), !unowned_in_some(k, name);
    Owner(k, name, c) <-- NextDefiner(k, name, m, 0, p), mro(k, m, p, ?Obj::Class(c));
    MroClass(k, c) <-- mro(k, _, _, ?Obj::Class(c));
    InstanceStored(k, name) <-- MroClass(k, c), SelfStores(c, name);
    OutsideBase(k, e) <-- mro(k, _, _, ?Obj::External(e)), !BareOutsideBase(e);
    HasSpecial(k, special) <-- SpecialName(special, name), HasOwner(k, name);
    OutsideInit(k, e.attr(*init)) <--
        mro(k, m, _, ?Obj::External(e)), if !matches!(e.root, ExtRoot::Builtins), !BareOutsideBase(e),
        SpecialName(Special::Init, init), !owned_in(k, m, init);
    GenericClass(k) <-- mro(k, _, _, ?Obj::External(e)), GenericBase(e);
    // `super().__new__` in class `a` of the MRO, when no later package class defines
    // `__new__`, is the next outside class's (`tuple.__new__`, or `object.__new__`).
    new_defined_after(k, m, a) <--
        mro(k, m, a, ?Obj::Class(_)), SpecialName(Special::New, new), defined_at(k, m, p, new), if p > a;
    outside_after(k, m, a, q, *e) <-- mro(k, m, a, ?Obj::Class(_)), mro(k, m, q, ?Obj::External(e)), if q > a;
    outside_between(k, m, a, q) <-- outside_after(k, m, a, q, _), outside_after(k, m, a, p, _), if p < q;
    SuperNewOutside(k, m, a, e.attr(*new)) <--
        outside_after(k, m, a, q, e), !outside_between(k, m, a, q), SpecialName(Special::New, new),
        !new_defined_after(k, m, a);
    // With no outside class after it, `object`'s (the builtin bare base).
    outside_follows(k, m, a) <-- outside_after(k, m, a, _, _);
    SuperNewOutside(k, m, a, e.attr(*new)) <--
        mro(k, m, a, ?Obj::Class(_)), !outside_follows(k, m, a), !new_defined_after(k, m, a),
        BareOutsideBase(e), if e.root == ExtRoot::Builtins, SpecialName(Special::New, new);
}

ascent::ascent_source! { classes:

    /// The class statement `k` has base `base` at position `index`.
    relation class_base(Insn, u32, Obj);
    /// Attribute `name` of class `k` (through its MRO) may be `obj`.
    relation class_attr(Insn, Sym, HCtx, Obj);
    /// Special method `special` of class `k` may be `obj`.
    relation special_attr(Insn, Special, HCtx, Obj);
    /// Attribute load `i`, in `ctx`, reads `name` from `base`, whose value goes to `out`.
    relation attr_load(Ctx, Insn, HCtx, Obj, Sym, Var);
    /// Field `name` of `(hb, base)` is read into `out` (in `ctx`): an attribute load, or an
    /// item a constant names of the object's `__dict__`.
    relation field_load(Ctx, HCtx, Obj, Sym, Var);
    /// Attribute load `i` (in `ctx`) reads `name` from the instance `(h, site)` of class `k`, into
    /// `out` (`attr_load` keyed by class and name, so a new class attribute finds its loads by index).
    relation instance_load(Insn, Sym, Ctx, Insn, HCtx, Insn, Var);
    /// Attribute load `i` reads `name` from class `k` itself, into `out`.
    relation class_load(Insn, Sym, Ctx, Insn, Var);
    /// Attribute load `i` (into `out`) found class attribute `obj` through an instance of class `k`.
    relation instance_attr(Ctx, Insn, Var, Insn, HCtx, Obj);
    /// Attribute `name` of class `k` is a property whose getter is the function made at `getter`.
    relation class_property(Insn, Sym, Insn);
    /// Attribute `name` of class `k` is `descriptor`, an instance of class `dk`.
    relation class_instance_attr(Insn, Insn, Sym, HCtx, Obj);
    /// Class `k` has the `__getattr__` made at `g`.
    relation getattr_of(Insn, Insn);
    /// Loads of `name` through instances of `k` call `get`: `descriptor`, the class attribute, is an
    /// instance of a class with `__get__`.
    relation getter_descriptor(Insn, Sym, HCtx, Obj, Insn);
    /// Attribute load `i` found class attribute `obj` on class `k` itself.
    relation from_class(Ctx, Insn, Var, Insn, HCtx, Obj);
    /// Attribute load `i` of `name` through a `super` object of class `k` and receiver `(h, r)`, into `out`.
    relation super_load(Ctx, Insn, Insn, HCtx, Recv, Sym, Var);
    /// Attribute load `i` through a `super` object with receiver `(h, r)` found `obj`.
    relation from_super(Ctx, Insn, Var, HCtx, Recv, HCtx, Obj);
    /// The body of class `k` stores `obj` as `name`.
    relation class_store(Insn, Sym, HCtx, Obj);
    /// The functions of a property's setter.
    relation property_setter(Insn, Insn);
    /// Call `site` in reachable code calls class `k`, passing its own arguments after `count`
    /// others and the keywords of call `named` (a partial's, when it calls a partial of `k`;
    /// else none and itself); the result goes to `out`.
    relation class_call(Ctx, Insn, Insn, u32, Insn, Var);
    /// Free `slot` of `code` holds a cell holding class `k` (the `__class__` cell).
    relation class_cell(Code, Slot, Insn);
    /// `super()` at `site` in `code` (first parameter `first`) is about class `k`; the result goes to `out`.
    relation super_of_class(Ctx, Insn, Var, Code, Slot, Insn);
    /// `super(k, ...)` at `site`; the result goes to `out`.
    relation super_of_class_argument(Ctx, Insn, Var, Insn);
    /// Stores of `name` through instances of `k` call `set` (a property's setter, or a data
    /// descriptor's `__set__`, `descriptor` then being the class attribute).
    relation property_setter_of(Insn, Sym, Insn);
    relation data_descriptor(Insn, Sym, HCtx, Obj, Insn);
    /// The function of a property's deleter, and deletes of `name` through instances of `k`.
    relation property_deleter(Insn, Insn);
    relation property_deleter_of(Insn, Sym, Insn);
    /// The class statement `k` runs in `ctx`.
    relation class_made(Ctx, Insn);
    /// Class `k` is made by metaclass `mk` (its statement's `metaclass=`, or a base's).
    relation metaclass_of(Insn, Insn);
    /// Class `k` is a dataclass (`dataclasses.dataclass` was given it).
    relation dataclass(Insn);
    /// Field `name` of dataclass `k` is made by calling `(h, factory)` (`field(default_factory=...)`).
    relation field_factory(Insn, Sym, HCtx, Obj);
    /// Class `k` is an enum (it has an `EnumBase` outside base).
    relation enum_class(Insn);
    /// `name`, stored by enum `k`'s body, is a member.
    relation enum_member(Insn, Sym);

    // A class statement: the class object, its body run (in the root context: classes are
    // namespaces without heap context), its namespace.
    context_call_edge(ctx, k, Ctx::default(), body) <-- ClassBodyRun(code, k, body), reachable(ctx, code);
    class_store(k, name, h, o) <-- ClassStore(k, name, v), pts(_, v, h, o);
    field(Obj::Class(*k), name, h, o) <-- class_store(k, name, h, o), !ImplicitlyWrapped(name, _), !enum_member(k, name);
    // `__new__` is a static method without saying so, `__init_subclass__` a class method.
    field(Obj::Class(*k), name, h, Obj::Wrapped(*wrapper, *f)) <--
        class_store(k, name, h, ?Obj::Function(f)), ImplicitlyWrapped(name, wrapper);
    field(Obj::Class(*k), name, h, o) <--
        class_store(k, name, h, o), ImplicitlyWrapped(name, _), if !matches!(o, Obj::Function(_));
    class_base(k, index, b) <-- ClassBase(k, index, v), pts(_, v, _, b);
    // `Cls[...]` of a generic class is an alias of it: called, it makes the class's instances;
    // as a base, its `__mro_entries__` give the class. Any class or outside class subscripted
    // as a base (`List[T]`, `Generic[T]`) is that class. (Subscripting other classes fails, so
    // a class that merged points-to puts in a subscripted variable stays out of the result.)
    pts(ctx, out, h, Obj::Class(*k)) <-- Subscript(_, cv, _, out), pts(ctx, cv, h, ?Obj::Class(k)), GenericClass(k);
    pts(ctx, out, h, *b) <--
        SubscriptedBase(cv, out), pts(ctx, cv, h, b), if matches!(b, Obj::Class(_) | Obj::External(_));

    // The owner of a name along the MRO; names assigned to a class from outside its body are
    // found on any class of the MRO.
    // (The growing `field` leads: each new field finds its classes by index.)
    class_attr(k, name, h, o) <-- field(b, name, h, o), if let Obj::Class(c) = b, Owner(k, name, c);
    class_attr(k, name, h, o) <-- field(b, name, h, o), if let Obj::Class(c) = b, !ClassDefines(*c, name), MroClass(k, c);
    special_attr(k, special, h, o) <-- SpecialName(special, name), class_attr(k, name, h, o);
    class_property(k, name, getter) <-- class_attr(k, name, _, o), if let Obj::Wrapped(Wrapper::Property, getter) = o;
    class_instance_attr(dk, k, name, h, o) <-- class_attr(k, name, h, o), if let Obj::Instance(_, dk) = o;
    getattr_of(k, g) <-- special_attr(k, special, _, o), if *special == Special::GetAttr, if let Obj::Function(g) = o;

    // Attribute loads.
    attr_load(ctx, i, h, b, name, out) <-- AttrLoad(i, base, name, out), pts(ctx, base, h, b);
    instance_load(k, name, ctx, i, h, site, out) <-- attr_load(ctx, i, h, ?Obj::Instance(site, k), name, out);
    class_load(k, name, ctx, i, out) <-- attr_load(ctx, i, _, ?Obj::Class(k), name, out);
    field_load(ctx, hb, b, name, out) <-- attr_load(ctx, _, hb, b, name, out);
    pts(ctx, out, h, o) <-- field_load(ctx, _, b, name, out), field(b, name, h, o);
    flow(Ctx::default(), v, ctx, out) <-- field_load(ctx, hb, b, name, out), root_field_flow(v, hb, b, name);
    pts(ctx, out, h, o) <-- field_load(ctx, hb, b, name, out), object_field(hb, b, name, h, o);
    pts(ctx, out, HCtx::default(), Obj::External(e.attr(*name))) <--
        attr_load(ctx, _, _, ?Obj::External(e), name, out), !OutsideSubmodule(e, name, _);
    // `import a.b.c` binds `a`; loading `b`, then `c`, gives those modules, named from the
    // deepest one, so their attributes keep their names however long the dotted name is.
    pts(ctx, out, HCtx::default(), Obj::External(*child)) <--
        attr_load(ctx, _, _, ?Obj::External(e), name, out), OutsideSubmodule(e, name, child);
    // `obj.__dict__`: the instance's attributes as a dict; an item a constant names is the
    // attribute (stored and loaded).
    pts(ctx, out, *h, Obj::AttrDict(*site, *k)) <--
        instance_load(k, name, ctx, _, h, site, out), SpecialName(Special::Dict, name);
    field_flow(ctx, v, h, Obj::Instance(*site, *k), name) <-- NamedItemStore(base, name, v), pts(ctx, base, h, ?Obj::AttrDict(site, k));
    field_load(ctx, h, Obj::Instance(*site, *k), name, out) <--
        NamedItemLoad(base, name, out), pts(ctx, base, h, ?Obj::AttrDict(site, k));
    // A method of a builtin value is an outside function named after its type (`<builtin>.str.join`);
    // the builtin containers' modelled methods are their own objects (`containers.rs`).
    pts(ctx, out, HCtx::default(), Obj::External(*method)) <--
        attr_load(ctx, _, _, ?Obj::Const(kind), name, out), ConstMethod(kind, name, method);
    pts(ctx, out, HCtx::default(), Obj::External(*method)) <--
        attr_load(ctx, _, _, ?Obj::Container(c), name, out), ContainerTypeMethod(c.kind, name, method),
        !ContainerMethodEffect(name, _);
    // `getattr(obj, "name")` loads what the constant names; a default is returned as it is.
    attr_load(ctx, *site, h, b, *name, out) <--
        builtin_call(ctx, site, BuiltinEffect::LoadsAttribute, out), NameArg(site, 1, name), CallPositional(site, 0, base),
        pts(ctx, base, h, b);
    flow(ctx, v, ctx, out) <-- builtin_call(ctx, site, BuiltinEffect::LoadsAttribute, out), CallPositional(site, 2, v);

    // Through an instance: functions bind to it, wrappers unwrap, properties and descriptors are
    // called with it; other attributes are the same for every instance of a class.
    pts(ctx, out, h, Obj::Bound(*f, Recv::Instance(*site, *k))) <--
        instance_load(k, name, ctx, _, h, site, out), class_attr(k, name, _, o), if let Obj::Function(f) = o;
    arg_obj(ctx, i, f, 0, h, Obj::Instance(*site, *k)), other_result_to(ctx, i, f, out), context_request(ctx, i, f, None) <--
        instance_load(k, name, ctx, i, h, site, out), class_property(k, name, f);
    getter_descriptor(k, name, h, descriptor, get) <--
        class_instance_attr(dk, k, name, h, descriptor), special_attr(dk, special, _, g),
        if *special == Special::Get, if let Obj::Function(get) = g;
    arg_obj(ctx, i, get, 0, hd, descriptor), arg_obj(ctx, i, get, 1, h, Obj::Instance(*site, *k)),
    arg_obj(ctx, i, get, 2, HCtx::default(), Obj::Class(*k)), other_result_to(ctx, i, get, out), receiver_request(ctx, i, get, descriptor) <--
        instance_load(k, name, ctx, i, h, site, out), getter_descriptor(k, name, hd, descriptor, get);
    instance_attr(ctx, i, out, k, h, o) <-- instance_load(k, name, ctx, i, _, _, out), class_attr(k, name, h, o);
    pts(ctx, out, h, *o) <-- instance_attr(ctx, _, out, _, h, o), if o.is_plain_attribute() && !matches!(o, Obj::Instance(..));
    // An instance found on the class is the attribute, unless its class makes it a descriptor.
    pts(ctx, out, h, *o) <-- instance_attr(ctx, _, out, _, h, o), if let Obj::Instance(_, dk) = o, !HasSpecial(dk, Special::Get);
    pts(ctx, out, h, Obj::Function(*f)) <-- instance_attr(ctx, _, out, _, h, ?Obj::Wrapped(Wrapper::StaticMethod, f));
    pts(ctx, out, HCtx::default(), Obj::Bound(*f, Recv::Class(*k))) <--
        instance_attr(ctx, _, out, k, _, ?Obj::Wrapped(Wrapper::ClassMethod, f));

    // Through the class itself.
    from_class(ctx, i, out, k, h, o) <-- class_load(k, name, ctx, i, out), class_attr(k, name, h, o);
    pts(ctx, out, h, o) <--
        from_class(ctx, _, out, _, h, o), if !matches!(o, Obj::Wrapped(Wrapper::StaticMethod | Wrapper::ClassMethod, _));
    pts(ctx, out, h, Obj::Function(*f)) <-- from_class(ctx, _, out, _, h, ?Obj::Wrapped(Wrapper::StaticMethod, f));
    pts(ctx, out, HCtx::default(), Obj::Bound(*f, Recv::Class(*k))) <--
        from_class(ctx, _, out, k, _, ?Obj::Wrapped(Wrapper::ClassMethod, f));

    // A class with an outside base may get a name from it (`object` gives none); not an
    // instance, for a name its class's methods store on `self`: the instance holds that.
    pts(ctx, out, HCtx::default(), Obj::External(e.attr(*name))) <--
        attr_load(ctx, _, _, ?Obj::Instance(_, k), name, out), OutsideBase(k, e), !HasOwner(k, name),
        !InstanceStored(k, name);
    pts(ctx, out, HCtx::default(), Obj::External(e.attr(*name))) <--
        attr_load(ctx, _, _, ?Obj::Class(k), name, out), OutsideBase(k, e), !HasOwner(k, name);

    // `__getattr__` answers names no class of the MRO defines and no code stores; it is
    // called with the instance and the name, a string.
    arg_obj(ctx, i, g, 0, h, Obj::Instance(*site, *k)), arg_obj(ctx, i, g, 1, HCtx::default(), Obj::Const(ConstKind::Str)),
    other_result_to(ctx, i, g, out), context_request(ctx, i, g, None) <--
        instance_load(k, name, ctx, i, h, site, out), getattr_of(k, g), !HasOwner(k, name), !AttrStoredAnywhere(name);

    // Attribute stores; a property with a setter calls it.
    field_flow(ctx, v, h, b, name) <-- StoreAttr(_, base, name, v), pts(ctx, base, h, b);
    property_setter_of(k, name, set) <-- class_property(k, name, getter), property_setter(getter, set);
    arg_obj(ctx, i, set, 0, h, inst), arg_var(ctx, i, set, 1, v), context_request(ctx, i, set, None) <--
        StoreAttr(i, base, name, v), pts(ctx, base, h, inst), if let Obj::Instance(_, k) = inst,
        property_setter_of(k, name, set);

    // A data descriptor's `__set__` takes the store.
    data_descriptor(k, name, h, descriptor, set) <--
        class_instance_attr(dk, k, name, h, descriptor), special_attr(dk, special, _, s),
        if *special == Special::Set, if let Obj::Function(set) = s;
    arg_obj(ctx, *i, *set, 0, *hd, *descriptor), arg_obj(ctx, *i, *set, 1, *h, *inst), arg_var(ctx, *i, *set, 2, *v),
    receiver_request(ctx, *i, *set, *descriptor) <--
        StoreAttr(i, base, name, v), pts(ctx, base, h, inst), if let Obj::Instance(_, k) = inst,
        data_descriptor(k, name, hd, descriptor, set);

    // `del obj.name`: a property's deleter, or `__delattr__`.
    pts(ctx, out, h, Obj::PropertyDeleter(*getter)) <--
        attr_load(ctx, _, h, ?Obj::Wrapped(Wrapper::Property, getter), name, out), SpecialName(Special::Deleter, name);
    property_deleter(getter, del), pts(ctx, out, h, Obj::Wrapped(Wrapper::Property, *getter)) <--
        call_target(ctx, site, h, ?Obj::PropertyDeleter(getter), out), CallPositional(site, 0, v),
        pts(ctx, v, _, ?Obj::Function(del));
    property_deleter_of(k, name, del) <-- class_property(k, name, getter), property_deleter(getter, del);
    arg_obj(ctx, *i, *del, 0, *h, *inst), context_request(ctx, *i, *del, None) <--
        DeleteAttr(i, base, name), pts(ctx, base, h, inst), if let Obj::Instance(_, k) = inst,
        property_deleter_of(*k, *name, del);

    // Attribute hooks of the instance's class: `__getattribute__` runs for every load,
    // `__setattr__` for every store (`setattr` too), `__delattr__` for every delete.
    arg_obj(ctx, *i, *g, 0, *h, Obj::Instance(*site, *k)), arg_obj(ctx, *i, *g, 1, HCtx::default(), Obj::Const(ConstKind::Str)),
    other_result_to(ctx, *i, *g, *out), context_request(ctx, *i, *g, None) <--
        instance_load(k, _, ctx, i, h, site, out), special_attr(k, Special::GetAttribute, _, ?Obj::Function(g));
    arg_obj(ctx, *i, *f, 0, *h, *inst), arg_obj(ctx, *i, *f, 1, HCtx::default(), Obj::Const(ConstKind::Str)),
    arg_var(ctx, *i, *f, 2, *v), context_request(ctx, *i, *f, None) <--
        StoreAttr(i, base, _, v), pts(ctx, base, h, inst), if let Obj::Instance(_, k) = inst,
        special_attr(*k, Special::SetAttr, _, ?Obj::Function(f));
    arg_obj(ctx, *site, *f, 0, *h, *inst), arg_obj(ctx, *site, *f, 1, HCtx::default(), Obj::Const(ConstKind::Str)),
    arg_var(ctx, *site, *f, 2, *v), context_request(ctx, *site, *f, None) <--
        builtin_call(ctx, site, BuiltinEffect::StoresAttribute, _), CallPositional(site, 0, base), pts(ctx, base, h, inst),
        if let Obj::Instance(_, k) = inst, special_attr(*k, Special::SetAttr, _, ?Obj::Function(f)), CallPositional(site, 2, v);
    arg_obj(ctx, *i, *f, 0, *h, *inst), arg_obj(ctx, *i, *f, 1, HCtx::default(), Obj::Const(ConstKind::Str)),
    context_request(ctx, *i, *f, None) <--
        DeleteAttr(i, base, _), pts(ctx, base, h, inst), if let Obj::Instance(_, k) = inst,
        special_attr(*k, Special::DelAttr, _, ?Obj::Function(f));
    arg_obj(ctx, *site, *f, 0, *h, *inst), arg_obj(ctx, *site, *f, 1, HCtx::default(), Obj::Const(ConstKind::Str)),
    context_request(ctx, *site, *f, None) <--
        builtin_call(ctx, site, BuiltinEffect::DeletesAttribute, _), CallPositional(site, 0, base), pts(ctx, base, h, inst),
        if let Obj::Instance(_, k) = inst, special_attr(*k, Special::DelAttr, _, ?Obj::Function(f));
    // `setattr(obj, "name", value)` stores what the constant names.
    field_flow(ctx, v, h, b, name) <--
        builtin_call(ctx, site, BuiltinEffect::StoresAttribute, _), NameArg(site, 1, name), CallPositional(site, 0, base),
        pts(ctx, base, h, b), CallPositional(site, 2, v);
    // `obj.__class__` and `type(obj)`: the instance's class.
    pts(ctx, out, HCtx::default(), Obj::Class(*k)) <--
        instance_load(k, name, ctx, _, _, _, out), SpecialName(Special::ClassCell, name);
    pts(ctx, out, HCtx::default(), Obj::Class(*k)) <--
        builtin_call(ctx, site, BuiltinEffect::ClassOf, out), CallPositional(site, 0, v), pts(ctx, v, _, ?Obj::Instance(_, k));

    // Class creation: `__set_name__` of the descriptors the body stores, then
    // `__init_subclass__` of the bases (found along each base's MRO), given the class
    // statement's keywords; the class statement is the calling site.
    class_made(ctx, k) <-- ClassBodyRun(code, k, _), reachable(ctx, code);
    // `type("Name", bases, namespace)` makes the class keyed by its call (`TypeCallClass`).
    pts(ctx, out, HCtx::default(), Obj::Class(*site)), class_made(ctx, site) <--
        builtin_call(ctx, site, BuiltinEffect::ClassOf, out), TypeCallClass(site);
    binds_defaults(ctx, k) <-- class_made(ctx, k);
    arg_obj(ctx, *k, *f, 0, *h, *o), arg_obj(ctx, *k, *f, 1, HCtx::default(), Obj::Class(*k)),
    arg_obj(ctx, *k, *f, 2, HCtx::default(), Obj::Const(ConstKind::Str)), receiver_request(ctx, *k, *f, *o) <--
        class_store(k, _, h, o), if let Obj::Instance(_, dk) = o, special_attr(*dk, Special::SetName, _, ?Obj::Function(f)),
        class_made(ctx, k);
    arg_obj(ctx, *k, f, 0, HCtx::default(), Obj::Class(*k)), context_request(ctx, *k, f, None) <--
        class_made(ctx, k), class_base(k, _, ?Obj::Class(b)), special_attr(b, Special::InitSubclass, _, o),
        if let Some(f) = o.class_method_function();
    local_flow(ctx, v, callee_ctx, callee, slot) <--
        class_made(ctx, k), class_base(k, _, ?Obj::Class(b)), special_attr(b, Special::InitSubclass, _, o),
        if let Some(f) = o.class_method_function(), invocation(ctx, k, f, callee_ctx), CallKeyword(k, name, v),
        KeywordSlot(f, name, callee, slot, _);

    // Metaclasses: `Cls(...)` calls the metaclass's `__call__` with the class first (and,
    // as the rules above say, still makes an instance and runs `__init__`: `type.__call__`
    // does when the metaclass defers to it); `isinstance(x, Cls)` its `__instancecheck__`.
    metaclass_of(*k, *mk) <-- MetaclassKeyword(k, v), pts(_, v, _, ?Obj::Class(mk));
    metaclass_of(k, mk) <-- MroClass(k, b), metaclass_of(b, mk);
    call_args(ctx, site, *f, 1, site), arg_obj(ctx, site, *f, 0, HCtx::default(), Obj::Class(*k)), own_result_to(ctx, site, *f, 1, out),
    context_request(ctx, site, *f, None) <--
        call_target(ctx, site, _, ?Obj::Class(k), out), metaclass_of(k, mk), special_attr(mk, Special::Call, _, ?Obj::Function(f));
    // The metaclass's `super().__call__` is `type.__call__`: calling it makes the instance.
    pts(ctx, out, HCtx::default(), Obj::TypeCall(r.class())) <--
        super_load(ctx, _, mk, _, r, name, out), SpecialName(Special::Call, name), metaclass_of(r.class(), *mk);
    // `@dataclasses.dataclass`: the generated `__init__` calls `__post_init__`.
    dataclass(*k) <-- builtin_call(ctx, site, BuiltinEffect::MakesDataclass, _), CallPositional(site, 0, v), pts(ctx, v, _, ?Obj::Class(k));
    pts(ctx, out, HCtx::default(), Obj::Class(*k)) <--
        builtin_call(ctx, site, BuiltinEffect::MakesDataclass, out), CallPositional(site, 0, v), pts(ctx, v, _, ?Obj::Class(k));
    pts(ctx, out, HCtx::default(), Obj::External(*e)) <--
        builtin_call(ctx, site, BuiltinEffect::MakesDataclass, out), call_target(ctx, site, _, ?Obj::External(e), _),
        !CallPositional(*site, 0, _);
    arg_obj(ctx, site, *f, 0, ctx.record(), Obj::Instance(*site, *k)), context_request(ctx, site, *f, None) <--
        class_call(ctx, site, k, _, _, _), dataclass(k), special_attr(k, Special::PostInit, _, ?Obj::Function(f));
    binds_defaults(ctx, site) <-- class_call(ctx, site, k, _, _, _), dataclass(k);
    // The generated `__init__` (the class body defining none) stores each keyword argument in
    // the field of its name. (Positional arguments fill the fields in annotation order, which
    // the facts do not record: they are left to the class's attribute loads.)
    field_flow(ctx, v, ctx.record(), Obj::Instance(*site, *k), name) <--
        class_call(ctx, site, k, _, _, _), dataclass(k), CallKeyword(site, name, v), SpecialName(Special::Init, init),
        !ClassDefines(*k, init);
    // `name: T = field(default_factory=f)`: constructing the dataclass calls `f` (the generated
    // `__init__` does, outside the package: the edge is the constructing call's) and the field
    // holds its result; a class factory makes an instance there.
    field_factory(k, name, h, o) <--
        builtin_call(_, site, BuiltinEffect::MakesField, _), ClassStoresCall(k, name, site), CallKeyword(site, kw, fv),
        SpecialName(Special::DefaultFactory, kw), pts(_, fv, h, o);
    context_request(ctx, *site, *f, Some(*h)), binds_defaults(ctx, *site) <--
        class_call(ctx, site, k, _, _, _), dataclass(k), field_factory(k, _, h, ?Obj::Function(f));
    field(Obj::Instance(*site, *k), *name, h, o) <--
        class_call(ctx, site, k, _, _, _), dataclass(k), field_factory(k, name, _, ?Obj::Function(f)),
        invocation(ctx, site, f, callee_ctx), MakeFunction(f, code, _), returns(callee_ctx, code, h, o),
        !GeneratorCode(code);
    field(Obj::Instance(*site, *k), *name, h, o) <--
        class_call(ctx, site, k, _, _, _), dataclass(k), field_factory(k, name, _, ?Obj::Function(f)),
        invocation(ctx, site, f, callee_ctx), MakeFunction(f, code, _), GeneratorCode(code), result(callee_ctx, code, h, o);
    field(Obj::Instance(*site, *k), *name, ctx.record(), Obj::Instance(*site, *fk)) <--
        class_call(ctx, site, k, _, _, _), dataclass(k), field_factory(k, name, _, ?Obj::Class(fk));
    arg_obj(ctx, *site, *init, 0, ctx.record(), Obj::Instance(*site, *fk)), receiver_request(ctx, *site, *init, Obj::Instance(*site, *fk)) <--
        class_call(ctx, site, k, _, _, _), dataclass(k), field_factory(k, _, _, ?Obj::Class(fk)),
        special_attr(fk, Special::Init, _, ?Obj::Function(init));

    // Enums: the body's constants and `auto()` values are members, instances of the class made
    // with it (`Instance(k, k)`); reading one, indexing the class by name, iterating it and
    // calling it with a value give members.
    enum_class(k) <-- OutsideBase(k, e), BuiltinFunction(e, BuiltinEffect::EnumBase);
    enum_member(k, name) <-- enum_class(k), ClassStoresValue(k, name);
    field(Obj::Class(*k), *name, HCtx::default(), Obj::Instance(*k, *k)) <-- enum_member(k, name);
    pts(ctx, out, HCtx::default(), Obj::Instance(*k, *k)) <-- Subscript(_, cv, _, out), pts(ctx, cv, _, ?Obj::Class(k)), enum_class(k);
    pts(ctx, out, h, Obj::Class(*k)) <-- GetIter(_, iv, out), pts(ctx, iv, h, ?Obj::Class(k)), enum_class(k);
    pts(ctx, out, HCtx::default(), Obj::Instance(*k, *k)) <-- Next(_, iv, out), pts(ctx, iv, _, ?Obj::Class(k)), enum_class(k);
    pts(ctx, out, HCtx::default(), Obj::Instance(*k, *k)) <-- class_call(ctx, _, k, _, _, out), enum_class(k);
    arg_obj(ctx, *site, *f, 0, HCtx::default(), Obj::Class(*k)), arg_var(ctx, *site, *f, 1, *x), context_request(ctx, *site, *f, None) <--
        builtin_call(ctx, site, ?BuiltinEffect::CallsClassSpecial(special), _), CallPositional(site, 1, cv),
        pts(ctx, cv, _, ?Obj::Class(k)), metaclass_of(k, mk), special_attr(mk, special, _, ?Obj::Function(f)),
        CallPositional(site, 0, x);

    // `Cls[...]` of a class with `__class_getitem__` calls it with the class and the key.
    arg_obj(ctx, *i, *f, 0, HCtx::default(), Obj::Class(*k)), arg_var(ctx, *i, *f, 1, *key), other_result_to(ctx, *i, *f, *out),
    context_request(ctx, *i, *f, None) <--
        Subscript(i, cv, key, out), pts(ctx, cv, _, ?Obj::Class(k)),
        special_attr(k, Special::ClassGetItem, _, ?Obj::Wrapped(Wrapper::ClassMethod, f));

    // Builtin wrappers: `staticmethod(f)`, `classmethod(f)`, `property(f)`, `prop.setter(g)`.
    pts(ctx, out, h, Obj::Wrapped(*wrapper, *f)) <--
        builtin_call(ctx, site, ?BuiltinEffect::Wraps(wrapper), out), arg_function(ctx, site, 0, h, f);
    // `property(fget, fset)`.
    property_setter(getter, set) <--
        builtin_call(ctx, site, BuiltinEffect::Wraps(Wrapper::Property), _), arg_function(ctx, site, 0, _, getter),
        arg_function(ctx, site, 1, _, set);
    pts(ctx, out, h, Obj::PropertySetter(*getter)) <--
        attr_load(ctx, _, h, ?Obj::Wrapped(Wrapper::Property, getter), name, out), SpecialName(Special::Setter, name);
    property_setter(getter, set), pts(ctx, out, h, Obj::Wrapped(Wrapper::Property, *getter)) <--
        call_target(ctx, site, h, ?Obj::PropertySetter(getter), out), CallPositional(site, 0, v),
        pts(ctx, v, _, ?Obj::Function(set));

    // Calling a class: allocation, `__new__` (given the class first), `__init__` (given the instance).
    class_call(ctx, site, *k, 0, *site, out) <-- call_target(ctx, site, _, ?Obj::Class(k), out);
    class_call(ctx, site, *k, 0, *site, out) <-- call_target(ctx, site, _, ?Obj::TypeCall(k), out);
    pts(ctx, out, ctx.record(), Obj::Instance(*site, *k)) <-- class_call(ctx, site, k, _, _, out);
    call_args(ctx, site, new, 1 + count, named), arg_obj(ctx, site, new, 0, HCtx::default(), Obj::Class(*k)),
    own_result_to(ctx, site, new, 1 + count, out) <--
        class_call(ctx, site, k, count, named, out), special_attr(k, Special::New, _, ?Obj::Wrapped(Wrapper::StaticMethod, new));
    // `__new__` runs for the instance the call makes, in every rule set, as a descriptor's
    // methods do; what `object.__new__(cls)` makes there is that instance (below).
    context_response(ctx, site, new, None, Ctx::receiver(*site)) <--
        class_call(ctx, site, k, _, _, _), special_attr(k, Special::New, _, ?Obj::Wrapped(Wrapper::StaticMethod, new));
    call_args(ctx, site, init, 1 + count, named), arg_obj(ctx, site, init, 0, ctx.record(), Obj::Instance(*site, *k)),
    receiver_request(ctx, site, init, Obj::Instance(*site, *k)) <--
        class_call(ctx, site, k, count, named, _), special_attr(k, Special::Init, _, ?Obj::Function(init));
    // `__init__` also runs on what a package `__new__` returns, when that is an instance of
    // the class called (the interpreter's check, for the class itself).
    call_args(ctx, site, init, 1 + count, named), arg_obj(ctx, site, init, 0, *h, *inst), receiver_request(ctx, site, init, *inst) <--
        class_call(ctx, site, k, count, named, out), special_attr(k, Special::New, _, ?Obj::Wrapped(Wrapper::StaticMethod, _)),
        special_attr(k, Special::Init, _, ?Obj::Function(init)), pts(ctx, out, h, inst),
        if matches!(inst, Obj::Instance(made, c) if c == k && made != site);
    // An outside class's `__new__` (`object.__new__(cls)`, `tuple.__new__(cls, xs)`) makes an
    // instance of the class it is given: in an activation for the instance a class call
    // makes (`__new__`'s), that instance; elsewhere one named by this call.
    pts(ctx, out, ctx.record(), Obj::Instance(ctx.made_at().unwrap_or(*site), *k)) <--
        external_call(ctx, site, e, out), SpecialName(Special::New, new), if e.last() == Some(*new),
        CallPositional(site, 0, cv), pts(ctx, cv, _, ?Obj::Class(k));

    // `super()`: zero arguments read the `__class__` cell and the first parameter of the caller.
    class_cell(code, slot, *k) <-- slot_cell(_, code, slot, hc, cell), cell_value(hc, cell, _, ?Obj::Class(k));
    super_of_class(ctx, site, out, *code, *first, *k) <--
        builtin_call(ctx, site, BuiltinEffect::MakesSuper, out), ZeroArgumentCall(site, code, slot, first),
        class_cell(code, slot, k);
    pts(ctx, out, h, Obj::Super(*k, r)) <--
        super_of_class(ctx, _, out, code, first, k), local(ctx, code, first, h, receiver), if let Some(r) = Recv::of(*receiver);
    super_of_class_argument(ctx, site, out, *k) <--
        builtin_call(ctx, site, BuiltinEffect::MakesSuper, out), CallPositional(site, 0, cv), pts(ctx, cv, _, ?Obj::Class(k));
    pts(ctx, out, h, Obj::Super(*k, r)) <--
        super_of_class_argument(ctx, site, out, k), CallPositional(site, 1, rv), pts(ctx, rv, h, receiver),
        if let Some(r) = Recv::of(*receiver);
    // `super(...).name` as an attribute load, or 3.12+ `super().name` in one instruction.
    super_load(ctx, i, *k, h, *r, name, out) <-- attr_load(ctx, i, h, ?Obj::Super(k, r), name, out);
    super_load(ctx, i, *k, h, r, name, out) <--
        SuperAttr(i, _, cv, rv, name, out), pts(ctx, cv, _, ?Obj::Class(k)), pts(ctx, rv, h, receiver),
        if let Some(r) = Recv::of(*receiver);
    // `super().__new__` with no package class defining `__new__` after `k`: the outside one.
    pts(ctx, out, HCtx::default(), Obj::External(*e)) <--
        super_load(ctx, _, k, _, r, name, out), SpecialName(Special::New, name), let rk = r.class(),
        mro(rk, m, after, Obj::Class(*k)), SuperNewOutside(rk, m, after, e);
    // The lookup starts right after class `k` in the receiver's MRO.
    from_super(ctx, i, out, h, r, ho, o) <--
        super_load(ctx, i, k, h, r, name, out), let rk = r.class(), mro(rk, m, after, Obj::Class(*k)),
        NextDefiner(rk, name, m, q, p), if q <= after && after < p, mro(rk, m, p, ?Obj::Class(c)),
        field(Obj::Class(*c), name, ho, o);
    pts(ctx, out, h, Obj::Bound(*f, *r)) <-- from_super(ctx, _, out, h, r, _, ?Obj::Function(f));
    pts(ctx, out, ho, Obj::Function(*f)) <-- from_super(ctx, _, out, _, _, ho, ?Obj::Wrapped(Wrapper::StaticMethod, f));
    pts(ctx, out, HCtx::default(), Obj::Bound(*f, Recv::Class(r.class()))) <--
        from_super(ctx, _, out, _, r, _, ?Obj::Wrapped(Wrapper::ClassMethod, f));
    pts(ctx, out, ho, o) <-- from_super(ctx, _, out, _, _, ho, o), if o.is_plain_attribute();
}
