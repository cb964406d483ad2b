//! Functions and calls: the call graph grows with points-to. A call site
//! invokes a function when its callee may point to it (directly, bound, as a
//! constructor or through a protocol); arguments flow into parameters and the
//! callee's result flows back.
//!
//! How a site passes arguments is one of three shapes, so that binding to
//! parameters is written once: the call's own arguments shifted past bound
//! receivers (`call_args`), an object at a position (`arg_obj`), a variable at
//! a position (`arg_var`).

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
    /// What `code` returns, and what calling it gives (a generator for generator functions).
    relation returns(Code, Obj);
    relation result(Code, Obj);
    /// Default values of positional parameters: item `index` of the defaults of `f`.
    relation DefaultValue(Insn, u32, Var);
    relation DefaultCount(Insn, u32);
    /// Calling `code` gives a generator, coroutine or async generator (generator expressions included).
    relation GeneratorCode(Code);
    /// Site `site` calls something outside the package, by qualified name.
    relation calls_external(Insn, Ext);
    /// The positional arguments of a call, its receiver first when the receiver is an argument
    /// (3.11+ pass a decorated function or a comprehension's iterator in the receiver slot);
    /// the self half of a method-form load is not: the load's bound method carries it.
    relation CallPositional(Insn, u32, Var);
    relation ReceiverArgument(Insn, Var);
    relation FromMethodSelf(Var);
    relation HasReceiverArgument(Insn);
    /// Outside functions known to keep the functions they are given without calling them.
    relation NeverCallsBack(Ext);
    /// Builtins whose results the rules model.
    relation ModelledBuiltin(Ext);
    /// `code` has a parameter that can be passed by keyword `name`.
    relation KeywordParam(Code, Sym);

    live_call(site, callee, out) <-- Call(site, callee, out), InsnCode(site, code), reachable(code);

    FromMethodSelf(v) <-- MethodSelf(_, out), StackFlow(out, v);
    ReceiverArgument(site, v) <-- CallReceiver(site, v), !FromMethodSelf(v);
    CallPositional(site, 0, v) <-- ReceiverArgument(site, v);
    CallPositional(site, index + 1, v) <-- CallArg(site, index, v), ReceiverArgument(site, _);
    CallPositional(site, index, v) <-- CallArg(site, index, v), !HasReceiverArgument(site);
    HasReceiverArgument(site) <-- ReceiverArgument(site, _);

    pts(out, Obj::Function(*f)) <-- MakeFunction(f, _, out), InsnCode(f, code), reachable(code);

    // Who is invoked.
    invokes(site, f) <-- call_args(site, f, _);
    invokes(site, f) <-- arg_obj(site, f, _, _);
    call_edge(site, callee) <-- invokes(site, f), MakeFunction(f, callee, _);
    reachable(callee) <-- call_edge(_, callee);

    // Plain functions.
    call_args(site, f, 0), result_to(site, f, out) <-- live_call(site, callee, out), pts(callee, ?Obj::Function(f));
    // Bound methods: the receiver comes first.
    call_args(site, f, 1), arg_obj(site, f, 0, r.obj()), result_to(site, f, out) <--
        live_call(site, callee, out), pts(callee, ?Obj::Bound(f, r));

    // Outside the package: by name. A package class with an outside base and no `__init__` of its
    // own runs the base's.
    calls_external(site, *e) <-- live_call(site, callee, _), pts(callee, ?Obj::External(e));
    // 3.12+ `super().name` calls `super` inside `LOAD_SUPER_ATTR`.
    calls_external(i, *e) <-- SuperAttr(i, sv, _, _, _, _), pts(sv, ?Obj::External(e));
    calls_external(site, e.attr(*init)) <--
        live_call(site, callee, _), pts(callee, ?Obj::Class(k)), !has_special(k, Special::Init),
        mro(k, _, ?Obj::External(e)), if !matches!(e.root, ExtRoot::Builtins), SpecialName(Special::Init, init);
    // Calling an outside class (by convention a capitalized name: `ext.Client()`, `KeyError()`)
    // gives an outside instance named as the class, whose attributes are named after it.
    pts(out, Obj::External(*e)) <--
        live_call(_, callee, out), pts(callee, ?Obj::External(e)), !ModelledBuiltin(e), if let Some(last) = e.last(),
        CapitalizedName(last);
    ModelledBuiltin(e) <-- BuiltinFunction(e, _);
    pts(out, Obj::Const(*kind)) <-- live_call(_, callee, out), pts(callee, ?Obj::External(e)), BuiltinFunction(e, ?BuiltinEffect::Returns(kind));
    // Functions handed to outside code may be called back by it (`map(f, xs)`, `sorted(key=f)`);
    // `map` and `filter` pass them the elements of their other arguments.
    NeverCallsBack(e) <-- BuiltinFunction(e, effect), if matches!(effect, BuiltinEffect::Wraps(_) | BuiltinEffect::PassThroughDecorator);
    invokes(site, *f) <-- calls_external(site, e), !NeverCallsBack(e), CallPositional(site, _, v), pts(v, ?Obj::Function(f));
    invokes(site, *f) <-- calls_external(site, e), !NeverCallsBack(e), CallKeyword(site, _, v), pts(v, ?Obj::Function(f));
    arg_obj(site, *f, 0, *o) <--
        calls_external(site, e), !NeverCallsBack(e), CallKeyword(site, _, fv), pts(fv, ?Obj::Function(f)),
        CallPositional(site, 0, xv), pts(xv, c), elem(c, o);
    arg_obj(site, *f, 0, *o) <--
        live_call(site, callee, _), pts(callee, ?Obj::External(e)), BuiltinFunction(e, BuiltinEffect::CallsWithElements),
        CallPositional(site, 0, fv), pts(fv, ?Obj::Function(f)), CallPositional(site, 1, xv), pts(xv, c), elem(c, o);
    // `functools.wraps(f)` makes a decorator that returns what it decorates.
    pts(out, Obj::PassThrough) <--
        live_call(_, callee, out), pts(callee, ?Obj::External(e)), BuiltinFunction(e, BuiltinEffect::PassThroughDecorator);
    pts(out, o) <-- live_call(site, callee, out), pts(callee, ?Obj::PassThrough), CallPositional(site, 0, v), pts(v, o);

    // Positional arguments.
    local(callee, slot, o) <--
        call_args(site, f, shift), CallPositional(site, index, v), MakeFunction(f, callee, _),
        Param(callee, index + shift, slot, _, kind), if is_positional(*kind), pts(v, o);
    local(callee, slot, o) <--
        arg_obj(_, f, index, o), MakeFunction(f, callee, _), Param(callee, index, slot, _, kind), if is_positional(*kind);
    local(callee, slot, o) <--
        arg_var(_, f, index, v), MakeFunction(f, callee, _), Param(callee, index, slot, _, kind),
        if is_positional(*kind), pts(v, o);

    // Extra positional arguments are collected in `*args`.
    local(code, slot, Obj::Container(Container::var_args(*code))) <-- Param(code, _, slot, _, ParamKind::VarPositional);
    local(code, slot, Obj::Container(Container::var_keywords(*code))) <-- Param(code, _, slot, _, ParamKind::VarKeyword);
    elem(Obj::Container(Container::var_args(*callee)), o) <--
        call_args(site, f, shift), CallPositional(site, index, v), MakeFunction(f, callee, _),
        CodeArgs(callee, positional, _, _, true, _), if index + shift >= *positional, pts(v, o);
    elem(Obj::Container(Container::var_args(*callee)), o) <--
        arg_obj(_, f, index, o), MakeFunction(f, callee, _), CodeArgs(callee, positional, _, _, true, _),
        if index >= positional;

    // Keywords bind by name, or are collected in `**kwargs`.
    KeywordParam(code, name) <-- Param(code, _, _, name, kind), if accepts_keyword(*kind);
    local(callee, slot, o) <--
        call_args(site, f, _), CallKeyword(site, name, v), MakeFunction(f, callee, _),
        Param(callee, _, slot, name, kind), if accepts_keyword(*kind), pts(v, o);
    elem(Obj::Container(Container::var_keywords(*callee)), o) <--
        call_args(site, f, _), CallKeyword(site, name, v), MakeFunction(f, callee, _),
        CodeArgs(callee, _, _, _, _, true), !KeywordParam(callee, name), pts(v, o);

    // `f(*xs)` and `f(**kw)`: elements may land in any parameter they can reach.
    local(callee, slot, o) <--
        call_args(site, f, shift), CallStarArgs(site, sv), MakeFunction(f, callee, _),
        Param(callee, index, slot, _, kind), if is_positional(*kind) && index >= shift,
        pts(sv, c), elem(c, o);
    elem(Obj::Container(Container::var_args(*callee)), o) <--
        call_args(site, f, _), CallStarArgs(site, sv), MakeFunction(f, callee, _), CodeArgs(callee, _, _, _, true, _),
        pts(sv, c), elem(c, o);
    local(callee, slot, o) <--
        call_args(site, f, _), CallStarKwargs(site, kv), MakeFunction(f, callee, _),
        Param(callee, _, slot, _, kind), if accepts_keyword(*kind), pts(kv, c), elem(c, o);
    elem(Obj::Container(Container::var_keywords(*callee)), o) <--
        call_args(site, f, _), CallStarKwargs(site, kv), MakeFunction(f, callee, _),
        CodeArgs(callee, _, _, _, _, true), pts(kv, c), elem(c, o);

    // Defaults fill the last positional parameters; keyword-only defaults any keyword-only one.
    DefaultValue(f, index, v) <--
        FunctionAttribute(f, FunctionAttr::Defaults, tuple), StackFlow(built, tuple),
        BuildContainer(b, ContainerKind::Tuple, built), ContainerItem(b, index, v);
    DefaultCount(f, n as u32) <-- DefaultValue(f, _, _), agg n = count() in DefaultValue(f, _, _);
    local(code, slot, o) <--
        MakeFunction(f, code, _), DefaultValue(f, index, v), DefaultCount(f, count), CodeArgs(code, positional, _, _, _, _),
        if positional >= count, Param(code, positional - count + index, slot, _, _), pts(v, o);
    local(code, slot, o) <--
        MakeFunction(f, code, _), FunctionAttribute(f, FunctionAttr::KwDefaults, dv), pts(dv, c), elem(c, o),
        Param(code, _, slot, _, ParamKind::KeywordOnly);

    // Results.
    returns(code, o) <-- Return(i, v), InsnCode(i, code), pts(v, o);
    returns(code, Obj::Const(*kind)) <-- ReturnConst(i, c), InsnCode(i, code), Const(c, _, kind, _);
    GeneratorCode(code) <-- Code(code, _, _, _, kind, _), if is_generator(*kind);
    GeneratorCode(code) <-- Code(code, _, name, _, CodeKind::Comprehension, _), SpecialName(Special::GenExpr, name);
    result(code, o) <-- returns(code, o), !GeneratorCode(code);
    result(code, Obj::Generator(*code)) <-- GeneratorCode(code);
    pts(out, o) <-- result_to(site, f, out), MakeFunction(f, callee, _), result(callee, o);
}
