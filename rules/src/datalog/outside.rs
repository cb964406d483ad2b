//! Open world (`--roots public|all`, `--entry`): code objects that code outside
//! the package calls. They are reachable; each parameter holds its own outside
//! value (`OutsideArgument`, one per parameter, so that unrelated functions
//! share nothing); a method's receiver is an instance of each class that has
//! the method, its own class and the package subclasses that inherit it
//! (made outside: `Instance(k, k)`, allocated at the class statement), or that
//! class itself for a classmethod. Defaults still flow (`calls_prepare`). What
//! calling an outside value gives is an outside value.
//!
//! A parameter outside code fills already stands for anything from outside, so
//! an outside value a package call passes there (another function's argument, or
//! a part of one) becomes that parameter's own. Without this, each argument
//! travelled into every public function it could reach: in jinja2, 99% of the
//! points-to tuples of outside values were outside their own function (every
//! parameter of every filter held about 580 of them, through
//! `func(*args, **kwargs)`); 3.96 M points-to tuples in all, 1.68 M with it.
//!
//! Renamed values may be one object, so outside values share their fields, by
//! name: what package code stores in `x.name` for one is read from `y.name` for
//! any other. Sharing them only along renamings was exact but copied every store
//! to every value a chain of renamings connects: django's 125 k renamings made
//! 8.5 M field stores (`field_flow`) before it ran out of memory.
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
    unkeyed(HCtx::default(), *c), mixed(HCtx::default(), *c) <-- OutsideElement(c, _), if c.is_dict();
    local(Ctx::default(), code, slot, HCtx::default(), Obj::Instance(*k, *k)) <-- OutsideReceiver(code, f, slot), method_of(f, k);
    local(Ctx::default(), code, slot, HCtx::default(), Obj::Class(*k)) <-- OutsideReceiver(code, f, slot), classmethod_of(f, k);
    /// What `var` holds that outside code passed in (`Obj::is_outside_argument`).
    relation pts_outside(Ctx, Var, HCtx, Obj);
    /// What container `c` holds that outside code passed in.
    relation elem_outside(HCtx, Obj, HCtx, Obj);
    /// Package code stores what `var` holds in attribute `name` of an outside value.
    relation outside_field_flow(Ctx, Var, Sym);

    pts_outside(ctx, v, h, o) <-- pts(ctx, v, h, o), if o.is_outside_argument();
    elem_outside(hc, c, h, o) <-- elem(hc, c, h, o), if o.is_outside_argument();

    // Bindings (`local_flow`, `local_elems`, `keyword_bind`) and elements (`elem_flow`, `elem_subset`) of
    // outside values: as they are, or as the own value of what outside code fills.
    local(callee_ctx, code, slot, h, o) <--
        local_flow(ctx, v, callee_ctx, code, slot), pts_outside(ctx, v, h, o), !OutsideArgument(code, slot, _);
    local(callee_ctx, code, slot, HCtx::default(), *own) <--
        local_flow(ctx, v, callee_ctx, code, slot), pts_outside(ctx, v, _, _), OutsideArgument(code, slot, own);
    local(ctx, code, slot, ho, o) <--
        local_elems(h, c, ctx, code, slot), elem_outside(h, c, ho, o), !OutsideArgument(code, slot, _);
    local(ctx, code, slot, HCtx::default(), *own) <--
        local_elems(h, c, ctx, code, slot), elem_outside(h, c, _, _), OutsideArgument(code, slot, own);
    local(ctx, code, slot, ho, o) <--
        keyword_bind(h, c, name, ctx, code, slot), keyed(h, c, name, ho, o), if o.is_outside_argument(), !OutsideArgument(code, slot, _);
    local(ctx, code, slot, HCtx::default(), *own) <--
        keyword_bind(h, c, name, ctx, code, slot), keyed(h, c, name, _, o), if o.is_outside_argument(), OutsideArgument(code, slot, own);
    elem(h, c, ho, o) <-- elem_flow(ctx, v, h, c), pts_outside(ctx, v, ho, o), !OutsideElement(c, _);
    elem(h, c, HCtx::default(), *own) <--
        elem_flow(ctx, v, h, c), pts_outside(ctx, v, _, _), OutsideElement(c, own);
    elem(h, c, ho, o) <-- elem_subset(hs, source, h, c), elem_outside(hs, source, ho, o), !OutsideElement(c, _);
    elem(h, c, HCtx::default(), *own) <--
        elem_subset(hs, source, h, c), elem_outside(hs, source, _, _), OutsideElement(c, own);

    // Outside values share their fields by name.
    outside_field_flow(ctx, v, *name) <-- field_flow(ctx, v, _, b, name), if b.is_outside_argument();
    flow(store_ctx, v, ctx, out) <--
        attr_load(ctx, _, _, b, name, out), if b.is_outside_argument(), outside_field_flow(store_ctx, v, name);

    // What calling an outside argument (or a part of it) returns is a part of it.
    pts(ctx, out, HCtx::default(), Obj::External(e.part())) <-- external_call(ctx, _, e, out), if e.is_argument();
}
