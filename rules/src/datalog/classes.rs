//! Classes, instances and attributes. A class statement makes a class object
//! whose body's stores are its fields; calling a class allocates an instance
//! and runs `__new__` and `__init__`. Attribute lookup through a class follows
//! its MRO (C3, computed by the driver into `mro`): the first class in the MRO
//! whose body defines the name owns it. Functions found on the class bind to the
//! instance; `staticmethod`, `classmethod`, `property` and user descriptors
//! (`__get__`) act as in Python; `__getattr__` answers names nothing defines.

ascent::ascent_source! { classes_prepare:

    ClassDefinesIn(body, name) <-- StoreName(i, name, _), InsnCode(i, body), ClassBody(_, body);
    ClassDefines(k, name) <-- ClassBody(k, body), ClassDefinesIn(body, name);
    AttrStoredAnywhere(name) <-- StoreAttr(_, _, name, _);
    IsSuperAttr(i) <-- SuperAttr(i, _, _, _, _, _);
    AttrLoad(i, base, name, out) <-- LoadAttr(i, base, name, out), !IsSuperAttr(i);

    Alloc(code, out, Obj::Class(*k)) <-- BuildClass(k, _, _, out), InsnCode(k, code);
    ClassBodyRun(code, k, body) <-- BuildClass(k, _, _, _), InsnCode(k, code), ClassBody(k, body);
    ClassStore(k, name, v) <-- StoreName(i, name, v), InsnCode(i, body), ClassBody(k, body);
    // A class body reads its own namespace first (then globals and builtins, as a module does).
    LoadStatic(Obj::Class(*k), name, out) <-- LoadName(i, name, out), InsnCode(i, body), ClassBody(k, body);
    LoadStatic(Obj::Class(*k), name, out) <--
        LoadNameFromMapping(i, _, name, out), InsnCode(i, body), ClassBody(k, body);
    ZeroArgumentCall(site, code, slot, first) <--
        CallShape(site, 0, 0, false), InsnCode(site, code),
        FreeSlot(code, slot, _), LocalSlot(code, slot, cell_name), SpecialName(Special::ClassCell, cell_name),
        Param(code, 0, first, _, _);
}

// Ownership of names along the MRO, from class bodies and the round's `mro`: the one
// part of the preparation that changes between rounds (`crate::sets::Orders`).
ascent::ascent_source! { classes_orders:

    /// Position `p` of the MRO of `k` is a class whose body defines `name`.
    relation defined_at(Insn, u32, Sym);
    /// Positions `q < p` of the MRO of `k` both define `name`.
    relation earlier_definer(Insn, Sym, u32, u32);
    /// Some position before `p` of the MRO of `k` defines `name` too.
    relation has_earlier(Insn, Sym, u32);

    defined_at(k, p, name) <-- mro(k, p, ?Obj::Class(c)), ClassDefines(c, name);
    earlier_definer(k, name, p, q) <-- defined_at(k, p, name), defined_at(k, q, name), if q < p;
    // Each definer and the one before it: a lookup starting after position `after` finds the
    // definer `p` with `q <= after < p` (`super`), one starting before the MRO finds the first.
    NextDefiner(k, name, q, p) <--
        earlier_definer(k, name, p, _), agg q = max(q2) in earlier_definer(k, name, p, q2);
    has_earlier(k, name, p) <-- earlier_definer(k, name, p, _);
    NextDefiner(k, name, 0, p) <-- defined_at(k, p, name), !has_earlier(k, name, p);
    HasOwner(k, name) <-- NextDefiner(k, name, 0, _);
    Owner(k, name, c) <-- NextDefiner(k, name, 0, p), mro(k, p, ?Obj::Class(c));
    MroClass(k, c) <-- mro(k, _, ?Obj::Class(c));
    OutsideBase(k, e) <-- mro(k, _, ?Obj::External(e)), !BareOutsideBase(e);
    HasSpecial(k, special) <-- SpecialName(special, name), HasOwner(k, name);
    OutsideInit(k, e.attr(*init)) <--
        mro(k, _, ?Obj::External(e)), if !matches!(e.root, ExtRoot::Builtins), !HasSpecial(k, Special::Init),
        SpecialName(Special::Init, init);
}

ascent::ascent_source! { classes:

    /// The class statement `k` has base `base` at position `index`.
    relation class_base(Insn, u32, Obj);
    /// Attribute `name` of class `k` (through its MRO) may be `obj`.
    relation class_attr(Insn, Sym, Obj);
    /// Special method `special` of class `k` may be `obj`.
    relation special_attr(Insn, Special, Obj);
    /// Attribute load `i` reads `name` from `base`, whose value goes to `out`.
    relation attr_load(Insn, Obj, Sym, Var);
    /// Attribute load `i` reads `name` from the instance of class `k` made at `site`, into `out`
    /// (`attr_load` keyed by class and name, so a new class attribute finds its loads by index).
    relation instance_load(Insn, Sym, Insn, Insn, Var);
    /// Attribute load `i` reads `name` from class `k` itself, into `out`.
    relation class_load(Insn, Sym, Insn, Var);
    /// Attribute load `i` (into `out`) found class attribute `obj` through an instance of class `k`.
    relation instance_attr(Insn, Var, Insn, Obj);
    /// Attribute `name` of class `k` is a property whose getter is the function made at `getter`.
    relation class_property(Insn, Sym, Insn);
    /// Attribute `name` of class `k` is `descriptor`, an instance of class `dk`.
    relation class_instance_attr(Insn, Insn, Sym, Obj);
    /// Class `k` has the `__getattr__` made at `g`.
    relation getattr_of(Insn, Insn);
    /// Loads of `name` through instances of `k` call `get`: `descriptor`, the class attribute, is an
    /// instance of a class with `__get__`.
    relation getter_descriptor(Insn, Sym, Obj, Insn);
    /// Attribute load `i` found class attribute `obj` on class `k` itself.
    relation from_class(Insn, Var, Insn, Obj);
    /// Attribute load `i` of `name` through a `super` object of class `k` and receiver `r`, into `out`.
    relation super_load(Insn, Insn, Recv, Sym, Var);
    /// Attribute load `i` through a `super` object with receiver `r` found `obj`.
    relation from_super(Insn, Var, Recv, Obj);
    /// The body of class `k` stores `obj` as `name`.
    relation class_store(Insn, Sym, Obj);
    /// The functions of a property's setter.
    relation property_setter(Insn, Insn);
    /// Call `site` in reachable code calls class `k`; the result goes to `out`.
    relation class_call(Insn, Insn, Var);
    /// Free `slot` of `code` holds a cell holding class `k` (the `__class__` cell).
    relation class_cell(Code, Slot, Insn);
    /// `super()` at `site` in `code` (first parameter `first`) is about class `k`; the result goes to `out`.
    relation super_of_class(Insn, Var, Code, Slot, Insn);
    /// `super(k, ...)` at `site`; the result goes to `out`.
    relation super_of_class_argument(Insn, Var, Insn);
    /// Stores of `name` through instances of `k` call `set` (a property's setter, or a data
    /// descriptor's `__set__`, `descriptor` then being the class attribute).
    relation property_setter_of(Insn, Sym, Insn);
    relation data_descriptor(Insn, Sym, Obj, Insn);

    // A class statement: the class object, its body run, its namespace.
    call_edge(k, body) <-- ClassBodyRun(code, k, body), reachable(code);
    class_store(k, name, o) <-- ClassStore(k, name, v), pts(v, o);
    field(Obj::Class(*k), name, o) <-- class_store(k, name, o), !SpecialName(Special::New, name);
    // `__new__` is a static method without saying so.
    field(Obj::Class(*k), name, Obj::Wrapped(Wrapper::StaticMethod, *f)) <--
        class_store(k, name, ?Obj::Function(f)), SpecialName(Special::New, name);
    field(Obj::Class(*k), name, o) <--
        class_store(k, name, o), SpecialName(Special::New, name), if !matches!(o, Obj::Function(_));
    class_base(k, index, b) <-- ClassBase(k, index, v), pts(v, b);

    // The owner of a name along the MRO; names assigned to a class from outside its body are
    // found on any class of the MRO.
    // (The growing `field` leads: each new field finds its classes by index.)
    class_attr(k, name, o) <-- field(b, name, o), if let Obj::Class(c) = b, Owner(k, name, c);
    class_attr(k, name, o) <-- field(b, name, o), if let Obj::Class(c) = b, !ClassDefines(*c, name), MroClass(k, c);
    special_attr(k, special, o) <-- SpecialName(special, name), class_attr(k, name, o);
    class_property(k, name, getter) <-- class_attr(k, name, o), if let Obj::Wrapped(Wrapper::Property, getter) = o;
    class_instance_attr(dk, k, name, o) <-- class_attr(k, name, o), if let Obj::Instance(_, dk) = o;
    getattr_of(k, g) <-- special_attr(k, special, o), if *special == Special::GetAttr, if let Obj::Function(g) = o;

    // Attribute loads.
    attr_load(i, b, name, out) <-- AttrLoad(i, base, name, out), pts(base, b);
    instance_load(k, name, i, site, out) <-- attr_load(i, ?Obj::Instance(site, k), name, out);
    class_load(k, name, i, out) <-- attr_load(i, ?Obj::Class(k), name, out);
    pts(out, o) <-- attr_load(_, b, name, out), field(b, name, o);
    flow(v, out) <-- attr_load(_, b, name, out), field_flow(v, b, name), if !b.is_namespace();
    pts(out, Obj::External(e.attr(*name))) <-- attr_load(_, ?Obj::External(e), name, out);

    // Through an instance: functions bind to it, wrappers unwrap, properties and descriptors are
    // called with it; other attributes are the same for every instance of a class.
    pts(out, Obj::Bound(*f, Recv::Instance(*site, *k))) <--
        instance_load(k, name, _, site, out), class_attr(k, name, o), if let Obj::Function(f) = o;
    arg_obj(i, f, 0, Obj::Instance(*site, *k)), result_to(i, f, out) <--
        instance_load(k, name, i, site, out), class_property(k, name, f);
    getter_descriptor(k, name, descriptor, get) <--
        class_instance_attr(dk, k, name, descriptor), special_attr(dk, special, g),
        if *special == Special::Get, if let Obj::Function(get) = g;
    arg_obj(i, get, 0, descriptor), arg_obj(i, get, 1, Obj::Instance(*site, *k)), arg_obj(i, get, 2, Obj::Class(*k)),
    result_to(i, get, out) <--
        instance_load(k, name, i, site, out), getter_descriptor(k, name, descriptor, get);
    instance_attr(i, out, k, o) <-- instance_load(k, name, i, _, out), class_attr(k, name, o);
    pts(out, *o) <-- instance_attr(_, out, _, o), if o.is_plain_attribute() && !matches!(o, Obj::Instance(..));
    // An instance found on the class is the attribute, unless its class makes it a descriptor.
    pts(out, *o) <-- instance_attr(_, out, _, o), if let Obj::Instance(_, dk) = o, !HasSpecial(dk, Special::Get);
    pts(out, Obj::Function(*f)) <-- instance_attr(_, out, _, ?Obj::Wrapped(Wrapper::StaticMethod, f));
    pts(out, Obj::Bound(*f, Recv::Class(*k))) <-- instance_attr(_, out, k, ?Obj::Wrapped(Wrapper::ClassMethod, f));

    // Through the class itself.
    from_class(i, out, k, o) <-- class_load(k, name, i, out), class_attr(k, name, o);
    pts(out, o) <-- from_class(_, out, _, o), if !matches!(o, Obj::Wrapped(Wrapper::StaticMethod | Wrapper::ClassMethod, _));
    pts(out, Obj::Function(*f)) <-- from_class(_, out, _, ?Obj::Wrapped(Wrapper::StaticMethod, f));
    pts(out, Obj::Bound(*f, Recv::Class(*k))) <-- from_class(_, out, k, ?Obj::Wrapped(Wrapper::ClassMethod, f));

    // A class with an outside base may get a name from it (`object` gives none).
    pts(out, Obj::External(e.attr(*name))) <--
        attr_load(_, b, name, out), if let Some(r) = Recv::of(*b), let k = r.class(), OutsideBase(k, e),
        !HasOwner(k, name);

    // `__getattr__` answers names no class of the MRO defines and no code stores.
    arg_obj(i, g, 0, Obj::Instance(*site, *k)), arg_var(i, g, 1, out), result_to(i, g, out) <--
        instance_load(k, name, i, site, out), getattr_of(k, g), !HasOwner(k, name), !AttrStoredAnywhere(name);

    // Attribute stores; a property with a setter calls it.
    field_flow(v, b, name) <-- StoreAttr(_, base, name, v), pts(base, b);
    property_setter_of(k, name, set) <-- class_property(k, name, getter), property_setter(getter, set);
    arg_obj(i, set, 0, inst), arg_var(i, set, 1, v) <--
        StoreAttr(i, base, name, v), pts(base, inst), if let Obj::Instance(_, k) = inst, property_setter_of(k, name, set);

    // A data descriptor's `__set__` takes the store.
    data_descriptor(k, name, descriptor, set) <--
        class_instance_attr(dk, k, name, descriptor), special_attr(dk, special, s),
        if *special == Special::Set, if let Obj::Function(set) = s;
    arg_obj(i, *set, 0, *descriptor), arg_obj(i, *set, 1, *inst), arg_var(i, *set, 2, *v) <--
        StoreAttr(i, base, name, v), pts(base, inst), if let Obj::Instance(_, k) = inst, data_descriptor(k, name, descriptor, set);

    // Builtin wrappers: `staticmethod(f)`, `classmethod(f)`, `property(f)`, `prop.setter(g)`.
    pts(out, Obj::Wrapped(*wrapper, *f)) <-- builtin_call(site, ?BuiltinEffect::Wraps(wrapper), out), arg_function(site, 0, f);
    // `property(fget, fset)`.
    property_setter(getter, set) <--
        builtin_call(site, BuiltinEffect::Wraps(Wrapper::Property), _), arg_function(site, 0, getter), arg_function(site, 1, set);
    pts(out, Obj::PropertySetter(*getter)) <--
        attr_load(_, ?Obj::Wrapped(Wrapper::Property, getter), name, out), SpecialName(Special::Setter, name);
    property_setter(getter, set), pts(out, Obj::Wrapped(Wrapper::Property, *getter)) <--
        call_target(site, ?Obj::PropertySetter(getter), out), CallPositional(site, 0, v), pts(v, ?Obj::Function(set));

    // Calling a class: allocation, `__new__` (given the class first), `__init__` (given the instance).
    class_call(site, *k, out) <-- call_target(site, ?Obj::Class(k), out);
    pts(out, Obj::Instance(*site, *k)) <-- class_call(site, k, out);
    call_args(site, new, 1), arg_obj(site, new, 0, Obj::Class(*k)), result_to(site, new, out) <--
        class_call(site, k, out), special_attr(k, Special::New, ?Obj::Wrapped(Wrapper::StaticMethod, new));
    call_args(site, init, 1), arg_obj(site, init, 0, Obj::Instance(*site, *k)) <--
        class_call(site, k, _), special_attr(k, Special::Init, ?Obj::Function(init));

    // `super()`: zero arguments read the `__class__` cell and the first parameter of the caller.
    class_cell(code, slot, *k) <-- slot_cell(code, slot, cell), cell_value(cell, ?Obj::Class(k));
    super_of_class(site, out, *code, *first, *k) <--
        builtin_call(site, BuiltinEffect::MakesSuper, out), ZeroArgumentCall(site, code, slot, first), class_cell(code, slot, k);
    pts(out, Obj::Super(*k, r)) <--
        super_of_class(_, out, code, first, k), local(code, first, receiver), if let Some(r) = Recv::of(*receiver);
    super_of_class_argument(site, out, *k) <--
        builtin_call(site, BuiltinEffect::MakesSuper, out), CallPositional(site, 0, cv), pts(cv, ?Obj::Class(k));
    pts(out, Obj::Super(*k, r)) <--
        super_of_class_argument(site, out, k), CallPositional(site, 1, rv), pts(rv, receiver), if let Some(r) = Recv::of(*receiver);
    // `super(...).name` as an attribute load, or 3.12+ `super().name` in one instruction.
    super_load(i, *k, *r, name, out) <-- attr_load(i, ?Obj::Super(k, r), name, out);
    super_load(i, *k, r, name, out) <--
        SuperAttr(i, _, cv, rv, name, out), pts(cv, ?Obj::Class(k)), pts(rv, receiver), if let Some(r) = Recv::of(*receiver);
    // The lookup starts right after class `k` in the receiver's MRO.
    from_super(i, out, r, o) <--
        super_load(i, k, r, name, out), let rk = r.class(), mro(rk, after, Obj::Class(*k)),
        NextDefiner(rk, name, q, p), if q <= after && after < p, mro(rk, p, ?Obj::Class(c)),
        field(Obj::Class(*c), name, o);
    pts(out, Obj::Bound(*f, *r)) <-- from_super(_, out, r, ?Obj::Function(f));
    pts(out, Obj::Function(*f)) <-- from_super(_, out, _, ?Obj::Wrapped(Wrapper::StaticMethod, f));
    pts(out, Obj::Bound(*f, Recv::Class(r.class()))) <-- from_super(_, out, r, ?Obj::Wrapped(Wrapper::ClassMethod, f));
    pts(out, o) <-- from_super(_, out, _, o), if o.is_plain_attribute();
}
