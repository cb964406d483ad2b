//! Functions and calls: the call graph grows with points-to. A call site
//! invokes a function when its callee may point to it (directly, bound, as a
//! constructor or through a protocol); arguments flow into parameters and the
//! callee's result flows back.
//!
//! How a site passes arguments is one of three shapes, so that binding to
//! parameters is written once: the call's own arguments shifted past bound
//! receivers (`call_args`), an object at a position (`arg_obj`), a variable at
//! a position (`arg_var`). Bindings become edges (`local_flow`, `local_elem_flow`,
//! `elem_flow`, `elem_copy`) that the value rules follow.

ascent::ascent_source! { calls_prepare:

    relation FromMethodSelf(Var);
    relation ReceiverArgument(Insn, Var);
    relation HasReceiverArgument(Insn);
    relation DefaultValue(Insn, u32, Var);
    relation DefaultCount(Insn, u32);

    CallIn(code, site, callee, out) <-- Call(site, callee, out), InsnCode(site, code);

    FromMethodSelf(v) <-- MethodSelf(_, out), StackFlow(out, v);
    ReceiverArgument(site, v) <-- CallReceiver(site, v), !FromMethodSelf(v);
    CallPositional(site, 0, v) <-- ReceiverArgument(site, v);
    CallPositional(site, index + 1, v) <-- CallArg(site, index, v), ReceiverArgument(site, _);
    CallPositional(site, index, v) <-- CallArg(site, index, v), !HasReceiverArgument(site);
    HasReceiverArgument(site) <-- ReceiverArgument(site, _);
    CallbackArg(site, v) <-- CallPositional(site, _, v);
    CallbackArg(site, v) <-- CallKeyword(site, _, v);

    Alloc(code, out, Obj::Function(*f)) <-- MakeFunction(f, _, out), InsnCode(f, code);

    PositionalParam(f, index, code, slot) <--
        MakeFunction(f, code, _), Param(code, index, slot, _, kind), if is_positional(*kind);
    KeywordSlot(f, name, code, slot) <--
        MakeFunction(f, code, _), Param(code, _, slot, name, kind), if accepts_keyword(*kind);
    KeywordParam(code, name) <-- Param(code, _, _, name, kind), if accepts_keyword(*kind);
    VarArgsOf(f, code, positional) <-- MakeFunction(f, code, _), CodeArgs(code, positional, _, _, true, _);
    KwArgsOf(f, code) <-- MakeFunction(f, code, _), CodeArgs(code, _, _, _, _, true);
    StaticLocal(code, slot, Obj::Container(Container::var_args(*code))) <-- Param(code, _, slot, _, ParamKind::VarPositional);
    StaticLocal(code, slot, Obj::Container(Container::var_keywords(*code))) <-- Param(code, _, slot, _, ParamKind::VarKeyword);

    // Defaults fill the last positional parameters; keyword-only defaults any keyword-only one.
    DefaultValue(f, index, v) <--
        FunctionAttribute(f, FunctionAttr::Defaults, tuple), StackFlow(built, tuple),
        BuildContainer(b, ContainerKind::Tuple, built), ContainerItem(b, index, v);
    DefaultCount(f, n as u32) <-- DefaultValue(f, _, _), agg n = count() in DefaultValue(f, _, _);
    LocalStore(v, code, slot) <--
        MakeFunction(f, code, _), DefaultValue(f, index, v), DefaultCount(f, count), CodeArgs(code, positional, _, _, _, _),
        if positional >= count, Param(code, positional - count + index, slot, _, _);
    KwDefaultsFlow(dv, code, slot) <--
        MakeFunction(f, code, _), FunctionAttribute(f, FunctionAttr::KwDefaults, dv),
        Param(code, _, slot, _, ParamKind::KeywordOnly);

    ReturnVar(code, v) <-- Return(i, v), InsnCode(i, code);
    StaticReturn(code, Obj::Const(*kind)) <-- ReturnConst(i, c), InsnCode(i, code), Const(c, _, kind, _);
    GeneratorCode(code) <-- Code(code, _, _, _, kind, _), if is_generator(*kind);
    GeneratorCode(code) <-- Code(code, _, name, _, CodeKind::Comprehension, _), SpecialName(Special::GenExpr, name);

    NeverCallsBack(e) <-- BuiltinFunction(e, effect), if matches!(effect, BuiltinEffect::Wraps(_) | BuiltinEffect::PassThroughDecorator);
    ModelledBuiltin(e) <-- BuiltinFunction(e, _);
}

ascent::ascent_source! { calls:

    /// Site `site` passes its own `CallArg`s, `CallKeyword`s and star arguments to
    /// function `f`, positions shifted by `shift` (1 after a bound receiver).
    relation call_args(Insn, Insn, u32);
    /// Site `site` passes object `obj` as positional argument `index` of `f`.
    relation arg_obj(Insn, Insn, u32, Obj);
    /// Site `site` passes what `var` holds as positional argument `index` of `f`.
    relation arg_var(Insn, Insn, u32, Var);
    /// The result of `f` invoked at `site` goes to `var`.
    relation result_to(Insn, Insn, Var);
    /// Site `site` invokes the function made at `f`.
    relation invokes(Insn, Insn);
    /// The call graph: site `site` runs code object `callee`.
    relation call_edge(Insn, Code);
    /// A `Call` in reachable code.
    relation live_call(Insn, Var, Var);
    /// Call `site` in reachable code may call `obj` (something callable); the result goes to `out`.
    relation call_target(Insn, Obj, Var);
    /// A call in reachable code of an outside object, by name; the result goes to `out`.
    relation external_call(Insn, Ext, Var);
    /// A call in reachable code of an outside function whose effect the rules model.
    relation builtin_call(Insn, BuiltinEffect, Var);
    /// The function made at `f` is positional argument `index` of the builtin call `site`.
    relation arg_function(Insn, u32, Insn);
    /// A call of outside code that may call back the functions it is given.
    relation callback_site(Insn);
    /// Site `site` passes the elements of what `var` holds as positional argument `index` of `f`.
    relation arg_elements(Insn, Insn, u32, Var);
    /// What `code` returns, and what calling it gives (a generator for generator functions).
    relation returns(Code, Obj);
    relation result(Code, Obj);
    /// Site `site` calls something outside the package, by qualified name.
    relation calls_external(Insn, Ext);
    /// The elements of what `var` holds land in local `slot` of `code` (`f(*xs)`, `f(**kw)`,
    /// keyword-only defaults).
    relation local_elem_flow(Var, Code, Slot);
    /// The elements of `container` land in local `slot` of `code`.
    relation local_elems(Obj, Code, Slot);

    live_call(site, callee, out) <-- CallIn(code, site, callee, out), reachable(code), !NotRun(site);
    call_target(site, o, out) <-- live_call(site, callee, out), pts(callee, o), if o.is_callable();
    external_call(site, *e, out) <-- call_target(site, ?Obj::External(e), out);
    builtin_call(site, *effect, out) <-- external_call(site, e, out), BuiltinFunction(e, effect);
    arg_function(site, index, *f) <-- builtin_call(site, _, _), CallPositional(site, index, v), pts(v, ?Obj::Function(f));

    // Who is invoked.
    invokes(site, f) <-- call_args(site, f, _);
    invokes(site, f) <-- arg_obj(site, f, _, _);
    call_edge(site, callee) <-- invokes(site, f), MakeFunction(f, callee, _);
    reachable(callee) <-- call_edge(_, callee);

    // Plain functions.
    call_args(site, f, 0), result_to(site, f, out) <-- call_target(site, ?Obj::Function(f), out);
    // Bound methods: the receiver comes first.
    call_args(site, f, 1), arg_obj(site, f, 0, r.obj()), result_to(site, f, out) <-- call_target(site, ?Obj::Bound(f, r), out);

    // Outside the package: by name. A package class with an outside base and no `__init__` of its
    // own runs the base's.
    // An outside argument's methods are whatever outside code passed: unresolved, not a name.
    calls_external(site, e) <-- external_call(site, e, _), if !e.is_argument();
    // 3.12+ `super().name` calls `super` inside `LOAD_SUPER_ATTR`.
    calls_external(i, *e) <-- SuperAttr(i, sv, _, _, _, _), pts(sv, ?Obj::External(e));
    calls_external(site, e) <-- class_call(site, k, _), OutsideInit(k, e);
    // Calling an outside class (by convention a capitalized name: `ext.Client()`, `KeyError()`)
    // gives an outside instance named as the class, whose attributes are named after it.
    pts(out, Obj::External(*e)) <--
        external_call(_, e, out), !ModelledBuiltin(e), if let Some(last) = e.last(), CapitalizedName(last);
    pts(out, Obj::Const(*kind)) <-- builtin_call(_, ?BuiltinEffect::Returns(kind), out);
    // Functions handed to outside code may be called back by it (`map(f, xs)`, `sorted(key=f)`);
    // a keyword callback gets the elements of the first argument (`sorted(xs, key=f)`), and
    // `map` and `filter` pass their function the elements of the next argument.
    callback_site(site) <-- calls_external(site, e), !NeverCallsBack(e);
    invokes(site, *f) <-- callback_site(site), CallbackArg(site, v), pts(v, ?Obj::Function(f));
    arg_elements(site, *f, 0, *xv) <--
        callback_site(site), CallKeyword(site, _, fv), pts(fv, ?Obj::Function(f)), CallPositional(site, 0, xv);
    arg_elements(site, f, 0, xv) <--
        builtin_call(site, BuiltinEffect::CallsWithElements, _), arg_function(site, 0, f), CallPositional(site, 1, xv);
    // `functools.wraps(f)` makes a decorator that returns what it decorates.
    pts(out, Obj::PassThrough) <-- builtin_call(_, BuiltinEffect::PassThroughDecorator, out);
    flow(v, out) <-- call_target(site, Obj::PassThrough, out), CallPositional(site, 0, v);

    // Positional arguments; extra ones are collected in `*args`.
    local_flow(v, callee, slot) <--
        call_args(site, f, shift), CallPositional(site, index, v), PositionalParam(f, index + shift, callee, slot);
    local(callee, slot, o) <-- arg_obj(_, f, index, o), PositionalParam(f, index, callee, slot);
    local_flow(v, callee, slot) <-- arg_var(_, f, index, v), PositionalParam(f, index, callee, slot);
    elem_flow(v, Obj::Container(Container::var_args(*callee))) <--
        call_args(site, f, shift), CallPositional(site, index, v), VarArgsOf(f, callee, positional),
        if index + shift >= *positional;
    elem(Obj::Container(Container::var_args(*callee)), o) <--
        arg_obj(_, f, index, o), VarArgsOf(f, callee, positional), if index >= positional;

    // Keywords bind by name, or are collected in `**kwargs`.
    local_flow(v, callee, slot) <-- call_args(site, f, _), CallKeyword(site, name, v), KeywordSlot(f, name, callee, slot);
    elem_flow(v, Obj::Container(Container::var_keywords(*callee))) <--
        call_args(site, f, _), CallKeyword(site, name, v), KwArgsOf(f, callee), !KeywordParam(callee, name);

    // `f(*xs)` and `f(**kw)`: elements may land in any parameter they can reach.
    local_elem_flow(sv, callee, slot) <--
        call_args(site, f, shift), CallStarArgs(site, sv), PositionalParam(f, index, callee, slot), if index >= shift;
    elem_copy(sv, Obj::Container(Container::var_args(*callee))) <--
        call_args(site, f, _), CallStarArgs(site, sv), VarArgsOf(f, callee, _);
    local_elem_flow(kv, callee, slot) <-- call_args(site, f, _), CallStarKwargs(site, kv), KeywordSlot(f, _, callee, slot);
    elem_copy(kv, Obj::Container(Container::var_keywords(*callee))) <--
        call_args(site, f, _), CallStarKwargs(site, kv), KwArgsOf(f, callee);
    local_elem_flow(xv, callee, slot) <-- arg_elements(_, f, index, xv), PositionalParam(f, index, callee, slot);
    elem_copy(xv, Obj::Container(Container::var_args(*callee))) <--
        arg_elements(_, f, index, xv), VarArgsOf(f, callee, positional), if index >= positional;
    local_elem_flow(dv, code, slot) <-- KwDefaultsFlow(dv, code, slot);
    local_elems(c, code, slot) <-- local_elem_flow(v, code, slot), pts(v, c), if c.iterates_own_elements();
    local(code, slot, o) <-- local_elems(c, code, slot), elem(c, o);

    // Results.
    returns(code, o) <-- ReturnVar(code, v), pts(v, o);
    returns(code, o) <-- StaticReturn(code, o);
    result(code, o) <-- returns(code, o), !GeneratorCode(code);
    result(code, Obj::Generator(*code)) <-- GeneratorCode(code);
    pts(out, o) <-- result_to(_, f, out), MakeFunction(f, callee, _), result(callee, o);
}
