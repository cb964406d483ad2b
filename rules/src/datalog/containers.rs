//! Containers: one summary field per container, `elem`, for items, keys and
//! values alike; literals, comprehensions, unpacking and the builtin methods
//! that add or hand out elements.

ascent::ascent_source! { containers:

    /// Container `c` may hold `obj` (item, key or value).
    relation elem(Obj, Obj);
    /// Item `index` of a tuple display may be `obj` (tuples displays have fixed items, so
    /// unpacking and constant subscripts read them by position).
    relation item(Obj, u32, Obj);
    /// A tuple display that is extended while built (`(*a, b)`): its positions are not fixed.
    relation ExtendedTuple(Insn);
    /// `var` holds the integer constant `n`.
    relation ConstIntVar(Var, u32);
    /// `c` is a tuple display with fixed positions.
    relation exact_tuple(Obj);

    pts(out, Obj::Container(Container::made(*b, *kind))) <--
        BuildContainer(b, kind, out), InsnCode(b, code), reachable(code);
    elem(Obj::Container(Container::made(*b, *kind)), o) <-- BuildContainer(b, kind, _), ContainerItem(b, _, v), pts(v, o);
    ExtendedTuple(b) <-- ContainerExtend(_, _, cv, _), StackFlow(built, cv), BuildContainer(b, ContainerKind::Tuple, built);
    exact_tuple(Obj::Container(Container::made(*b, ContainerKind::Tuple))) <--
        BuildContainer(b, ContainerKind::Tuple, _), !ExtendedTuple(b);
    item(Obj::Container(Container::made(*b, ContainerKind::Tuple)), index, o) <--
        BuildContainer(b, ContainerKind::Tuple, _), ContainerItem(b, index, v), pts(v, o);
    ConstIntVar(v, n) <-- LoadConst(_, c, out), ConstInt(c, n), StackFlow(out, v);
    elem(Obj::Container(Container::made(*b, ContainerKind::Dict)), o) <-- DictEntry(b, _, key, _), pts(key, o);
    elem(Obj::Container(Container::made(*b, ContainerKind::Dict)), o) <-- DictEntry(b, _, _, value), pts(value, o);
    elem(Obj::Container(Container::made(*b, ContainerKind::Dict)), o) <-- DictConstKeyEntry(b, _, _, value), pts(value, o);

    // Comprehensions and displays with stars add to a container being built.
    elem(c, o) <-- ContainerAdd(_, _, cv, v), pts(cv, c), if c.is_container(), pts(v, o);
    elem(c, o) <-- DictAdd(_, cv, key, _), pts(cv, c), if c.is_container(), pts(key, o);
    elem(c, o) <-- DictAdd(_, cv, _, value), pts(cv, c), if c.is_container(), pts(value, o);
    elem(c, o) <-- ContainerExtend(_, _, cv, iv), pts(cv, c), if c.is_container(), pts(iv, source), elem(source, o);
    elem(c, o) <-- DictMerge(_, cv, mv), pts(cv, c), if c.is_container(), pts(mv, source), elem(source, o);
    pts(out, c) <-- ListToTuple(_, lv, out), pts(lv, c);

    // Reading elements.
    pts(out, o) <-- Subscript(_, cv, key, out), pts(cv, c), exact_tuple(c), ConstIntVar(key, n), item(c, n, o);
    pts(out, o) <-- Subscript(_, cv, key, out), pts(cv, c), !exact_tuple(c), elem(c, o);
    pts(out, o) <-- Subscript(_, cv, key, out), pts(cv, c), !ConstIntVar(key, _), elem(c, o);
    pts(out, Obj::Container(Container::made(*i, ContainerKind::List))) <-- SliceSubscript(i, cv, _, _, out), pts(cv, c), if c.is_container();
    elem(Obj::Container(Container::made(*i, ContainerKind::List)), o) <-- SliceSubscript(i, cv, _, _, _), pts(cv, c), elem(c, o);
    elem(c, o) <-- StoreSubscript(_, cv, _, value), pts(cv, c), if c.is_container(), pts(value, o);
    elem(c, o) <-- StoreSubscript(_, cv, key, _), pts(cv, c), if c.is_container(), pts(key, o);
    pts(out, o) <-- UnpackItem(i, index, out), Unpack(i, iv), pts(iv, c), exact_tuple(c), item(c, index, o);
    pts(out, o) <-- UnpackItem(i, _, out), Unpack(i, iv), pts(iv, c), !exact_tuple(c), elem(c, o);
    pts(out, o) <-- UnpackItemFromEnd(i, _, out), Unpack(i, iv), pts(iv, c), elem(c, o);
    pts(out, Obj::Container(Container::made(*i, ContainerKind::List))) <-- UnpackRest(i, out);
    elem(Obj::Container(Container::made(*i, ContainerKind::List)), o) <-- UnpackRest(i, _), Unpack(i, iv), pts(iv, c), elem(c, o);

    // Methods of builtin containers.
    pts(out, Obj::ContainerMethod(*c, *name)) <-- LoadAttr(_, base, name, out), pts(base, ?Obj::Container(c)), ContainerMethodEffect(name, _);
    elem(Obj::Container(*c), o) <--
        live_call(site, callee, _), pts(callee, ?Obj::ContainerMethod(c, name)),
        ContainerMethodEffect(name, ContainerEffect::AddsArguments), CallPositional(site, _, v), pts(v, o);
    elem(Obj::Container(*c), o) <--
        live_call(site, callee, _), pts(callee, ?Obj::ContainerMethod(c, name)),
        ContainerMethodEffect(name, ContainerEffect::AddsElementsOfArguments), CallPositional(site, _, v), pts(v, source), elem(source, o);
    pts(out, o) <--
        live_call(_, callee, out), pts(callee, ?Obj::ContainerMethod(c, name)),
        ContainerMethodEffect(name, ContainerEffect::ReturnsElement), elem(Obj::Container(*c), o);
    pts(out, Obj::Container(*c)) <--
        live_call(_, callee, out), pts(callee, ?Obj::ContainerMethod(c, name)),
        ContainerMethodEffect(name, ContainerEffect::ReturnsElements);
    pts(out, o) <--
        live_call(site, callee, out), pts(callee, ?Obj::ContainerMethod(_, name)),
        ContainerMethodEffect(name, ContainerEffect::ReturnsArguments), CallPositional(site, _, v), pts(v, o);
    // `d.update(key=value)`: the values, and the keys, which are strings.
    elem(Obj::Container(*c), o) <--
        live_call(site, callee, _), pts(callee, ?Obj::ContainerMethod(c, name)),
        ContainerMethodEffect(name, ContainerEffect::AddsElementsOfArguments), CallKeyword(site, _, v), pts(v, o);
    elem(Obj::Container(*c), Obj::Const(ConstKind::Str)) <--
        live_call(site, callee, _), pts(callee, ?Obj::ContainerMethod(c, name)),
        ContainerMethodEffect(name, ContainerEffect::AddsElementsOfArguments), CallKeyword(site, _, _);

    // Builtins that make containers of, or hand out, the elements of their first argument.
    pts(out, Obj::Container(Container::made(*site, ContainerKind::List))) <--
        live_call(site, callee, out), pts(callee, ?Obj::External(e)), BuiltinFunction(e, BuiltinEffect::CollectsElements);
    elem(Obj::Container(Container::made(*site, ContainerKind::List)), o) <--
        live_call(site, callee, _), pts(callee, ?Obj::External(e)), BuiltinFunction(e, BuiltinEffect::CollectsElements),
        CallPositional(site, 0, v), pts(v, c), elem(c, o);
    // `map(f, xs)`: the functions the site calls back return its elements.
    pts(out, Obj::Container(Container::made(*site, ContainerKind::List))) <--
        live_call(site, callee, out), pts(callee, ?Obj::External(e)), BuiltinFunction(e, BuiltinEffect::CollectsResults);
    elem(Obj::Container(Container::made(*site, ContainerKind::List)), o) <--
        live_call(site, callee, _), pts(callee, ?Obj::External(e)), BuiltinFunction(e, BuiltinEffect::CollectsResults),
        invokes(site, f), MakeFunction(f, code, _), returns(code, o);
    pts(out, o) <--
        live_call(site, callee, out), pts(callee, ?Obj::External(e)), BuiltinFunction(e, BuiltinEffect::ReturnsElement),
        CallPositional(site, 0, v), pts(v, c), elem(c, o);
}
