//! Open world (`--roots public|all`, `--entry`): code objects that code outside
//! the package calls. They are reachable; each parameter holds its own outside
//! value (`OutsideArgument`, one per parameter, so that unrelated functions
//! share nothing); a method's receiver is an instance of each class that has
//! the method, its own class and the package subclasses that inherit it
//! (made outside: `Instance(k, k)`, allocated at the class statement), or that
//! class itself for a classmethod. Defaults still flow (`calls_prepare`). What
//! calling an outside value gives is an outside value.

ascent::ascent_source! { outside:

    /// Function `f` is the plain method, property getter or setter `name` of class `k`.
    relation method_of(Insn, Insn);
    /// Function `f` is a classmethod of class `k`.
    relation classmethod_of(Insn, Insn);

    // What a class body binds (`def`, `@property`, `@x.setter`, `@classmethod`), in the class
    // and in the subclasses that inherit the name; not what code stores on a class later,
    // which merged values would make a method of every class.
    method_of(f, k) <-- ClassStore(c, name, v), pts(_, v, _, ?Obj::Function(f)), Owner(k, name, c);
    method_of(f, k) <-- ClassStore(c, name, v), pts(_, v, _, ?Obj::Wrapped(Wrapper::Property, f)), Owner(k, name, c);
    method_of(f, k) <-- ClassStore(c, name, v), pts(_, v, _, ?Obj::PropertySetter(f)), Owner(k, name, c);
    classmethod_of(f, k) <--
        ClassStore(c, name, v), pts(_, v, _, ?Obj::Wrapped(Wrapper::ClassMethod, f)), Owner(k, name, c);

    // Outside code calls in the root context, with outside values (no heap context).
    reachable(Ctx::default(), code) <-- OutsideCalled(code);
    local(Ctx::default(), code, slot, HCtx::default(), o) <-- OutsideArgument(code, slot, o);
    elem(HCtx::default(), c, HCtx::default(), o) <-- OutsideElement(c, o);
    local(Ctx::default(), code, slot, HCtx::default(), Obj::Instance(*k, *k)) <-- OutsideReceiver(code, f, slot), method_of(f, k);
    local(Ctx::default(), code, slot, HCtx::default(), Obj::Class(*k)) <-- OutsideReceiver(code, f, slot), classmethod_of(f, k);
    // What calling an outside argument (or a part of it) returns is a part of it.
    pts(ctx, out, HCtx::default(), Obj::External(e.part())) <-- external_call(ctx, _, e, out), if e.is_argument();
}
