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

    method_of(f, k) <-- class_attr(k, _, _, ?Obj::Function(f));
    method_of(f, k) <-- class_attr(k, _, _, ?Obj::Wrapped(Wrapper::Property, f));
    method_of(f, k) <-- class_attr(k, _, _, ?Obj::PropertySetter(f));
    classmethod_of(f, k) <-- class_attr(k, _, _, ?Obj::Wrapped(Wrapper::ClassMethod, f));

    // Outside code calls in the root context, with outside values (no heap context).
    reachable(Ctx::default(), code) <-- OutsideCalled(code);
    local(Ctx::default(), code, slot, HCtx::default(), o) <-- OutsideArgument(code, slot, o);
    elem(HCtx::default(), c, HCtx::default(), o) <-- OutsideElement(c, o);
    local(Ctx::default(), code, slot, HCtx::default(), Obj::Instance(*k, *k)) <-- OutsideReceiver(code, f, slot), method_of(f, k);
    local(Ctx::default(), code, slot, HCtx::default(), Obj::Class(*k)) <-- OutsideReceiver(code, f, slot), classmethod_of(f, k);
    // What calling an outside argument (or a part of it) returns is a part of it.
    pts(ctx, out, HCtx::default(), Obj::External(e.part())) <-- external_call(ctx, _, e, out), if e.is_argument();
}
