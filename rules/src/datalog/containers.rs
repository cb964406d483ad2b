//! Containers: one summary field per container, `elem`, for items, keys and
//! values alike; literals, comprehensions, unpacking and the builtin methods
//! that add or hand out elements.

ascent::ascent_source! { containers_prepare:

    /// A tuple display that is extended while built (`(*a, b)`): its positions are not fixed.
    relation ExtendedTuple(Insn);
    /// `var` holds the integer constant `n`.
    relation ConstIntVar(Var, u32);
    /// A constant the code loads or returns, or an item of one.
    relation LoadedConst(u32);

    Alloc(code, out, Obj::Container(Container::made(*b, *kind))) <-- BuildContainer(b, kind, out), InsnCode(b, code);
    ElemFlow(v, Obj::Container(Container::made(*b, *kind))) <-- BuildContainer(b, kind, _), ContainerItem(b, _, v);
    ExtendedTuple(b) <-- ContainerExtend(_, _, cv, _), StackFlow(built, cv), BuildContainer(b, ContainerKind::Tuple, built);
    ExactTuple(Obj::Container(Container::made(*b, ContainerKind::Tuple))) <--
        BuildContainer(b, ContainerKind::Tuple, _), !ExtendedTuple(b);
    ItemFlow(v, Obj::Container(Container::made(*b, ContainerKind::Tuple)), index) <--
        BuildContainer(b, ContainerKind::Tuple, _), ContainerItem(b, index, v);
    ConstIntVar(v, n) <-- LoadConst(_, c, out), ConstInt(c, n), StackFlow(out, v);
    ElemFlow(key, Obj::Container(Container::made(*b, ContainerKind::Dict))) <-- DictEntry(b, _, key, _);
    ElemFlow(value, Obj::Container(Container::made(*b, ContainerKind::Dict))) <-- DictEntry(b, _, _, value);
    ElemFlow(value, Obj::Container(Container::made(*b, ContainerKind::Dict))) <-- DictConstKeyEntry(b, _, _, value);

    // Comprehensions and displays with stars add to a container being built; stores add keys and values.
    ElemStore(v, cv) <-- ContainerAdd(_, _, cv, v);
    ElemStore(key, cv) <-- DictAdd(_, cv, key, _);
    ElemStore(value, cv) <-- DictAdd(_, cv, _, value);
    ElemStore(value, cv) <-- StoreSubscript(_, cv, _, value);
    ElemStore(key, cv) <-- StoreSubscript(_, cv, key, _);
    ElemCopyInto(iv, cv) <-- ContainerExtend(_, _, cv, iv);
    ElemCopyInto(mv, cv) <-- DictMerge(_, cv, mv);
    Copy(lv, out) <-- ListToTuple(_, lv, out);

    // Reads: constant subscripts and unpacking read tuple displays by position.
    ItemLoad(cv, n, out) <-- Subscript(_, cv, key, out), ConstIntVar(key, n);
    ElemLoad(cv, out) <-- Subscript(_, cv, key, out), !ConstIntVar(key, _);
    ItemLoad(iv, index, out) <-- UnpackItem(i, index, out), Unpack(i, iv);
    ElemLoad(iv, out) <-- UnpackItemFromEnd(i, _, out), Unpack(i, iv);
    ElemCopyTo(cv, Obj::Container(Container::made(*i, ContainerKind::List))) <-- SliceSubscript(i, cv, _, _, _);
    ElemCopyTo(iv, Obj::Container(Container::made(*i, ContainerKind::List))) <-- UnpackRest(i, _), Unpack(i, iv);

    ContainerMethodLoad(base, name, out) <-- LoadAttr(_, base, name, out), ContainerMethodEffect(name, _);

    // Constants hold constants: iterating, unpacking or indexing them reads these.
    LoadedConst(c) <-- LoadConst(_, c, _);
    LoadedConst(c) <-- ReturnConst(_, c);
    LoadedConst(item) <-- LoadedConst(c), ConstItem(c, _, item);
    StaticElem(Obj::Const(*kind), Obj::Const(*item_kind)) <--
        LoadedConst(c), Const(c, _, kind, _), if matches!(kind, ConstKind::Tuple | ConstKind::FrozenSet),
        ConstItem(c, _, item), Const(item, _, item_kind, _);
    StaticElem(Obj::Const(ConstKind::Str), Obj::Const(ConstKind::Str));
    StaticElem(Obj::Const(ConstKind::Bytes), Obj::Const(ConstKind::Int));
}

ascent::ascent_source! { containers:

    /// Container `c` may hold `obj` (item, key or value).
    relation elem(Obj, Obj);
    /// Item `index` of a tuple display may be `obj` (tuples displays have fixed items, so
    /// unpacking and constant subscripts read them by position).
    relation item(Obj, u32, Obj);
    /// What `var` holds becomes an element of `container`.
    relation elem_flow(Var, Obj);
    /// The elements of what `var` holds become elements of `container`.
    relation elem_copy(Var, Obj);
    /// The elements of `source` are elements of `container` (`elem_copy` through `pts`: one
    /// row per pair of containers, however many variables copy between them).
    relation elem_subset(Obj, Obj);
    /// The elements of `container` are read into `var`.
    relation elem_load(Obj, Var);
    /// Call `site` calls method `name` of builtin container `c`; the result goes to `out`.
    relation method_call(Insn, Container, Sym, Var);

    // Only objects that `iterates_own_elements` have elements; the joins reading `elem`
    // leave the rest out (most of what a copied or loaded variable points to: sqlalchemy).
    elem(c, o) <-- StaticElem(c, o);
    elem_flow(v, c) <-- ElemFlow(v, c);
    elem_flow(v, c) <-- ElemStore(v, cv), pts(cv, c), if c.is_container();
    elem(c, o) <-- elem_flow(v, c), pts(v, o);
    elem_copy(v, c) <-- ElemCopyTo(v, c);
    elem_copy(v, c) <-- ElemCopyInto(v, cv), pts(cv, c), if c.is_container();
    elem_subset(source, c) <-- elem_copy(v, c), pts(v, source), if source.iterates_own_elements();
    elem(c, o) <-- elem_subset(source, c), elem(source, o);
    item(c, index, o) <-- ItemFlow(v, c, index), pts(v, o);

    elem_load(c, out) <-- ElemLoad(cv, out), pts(cv, c), if c.iterates_own_elements();
    elem_load(c, out) <-- ItemLoad(cv, _, out), pts(cv, c), if c.iterates_own_elements(), !ExactTuple(c);
    pts(out, o) <-- ItemLoad(cv, index, out), pts(cv, c), ExactTuple(c), item(c, index, o);
    pts(out, o) <-- elem_load(c, out), elem(c, o);

    pts(out, Obj::Container(Container::made(*i, ContainerKind::List))) <-- SliceSubscript(i, cv, _, _, out), pts(cv, c), if c.is_container();
    pts(out, Obj::Container(Container::made(*i, ContainerKind::List))) <-- UnpackRest(i, out);

    // Methods of builtin containers.
    pts(out, Obj::ContainerMethod(*c, *name)) <-- ContainerMethodLoad(base, name, out), pts(base, ?Obj::Container(c));
    method_call(site, *c, *name, out) <-- call_target(site, ?Obj::ContainerMethod(c, name), out);
    elem_flow(v, Obj::Container(*c)) <--
        method_call(site, c, name, _), ContainerMethodEffect(name, ContainerEffect::AddsArguments), CallPositional(site, _, v);
    elem_copy(v, Obj::Container(*c)) <--
        method_call(site, c, name, _), ContainerMethodEffect(name, ContainerEffect::AddsElementsOfArguments),
        CallPositional(site, _, v);
    elem_load(Obj::Container(*c), out) <-- method_call(_, c, name, out), ContainerMethodEffect(name, ContainerEffect::ReturnsElement);
    pts(out, Obj::Container(*c)) <-- method_call(_, c, name, out), ContainerMethodEffect(name, ContainerEffect::ReturnsElements);
    flow(v, out) <--
        method_call(site, _, name, out), ContainerMethodEffect(name, ContainerEffect::ReturnsArguments), CallPositional(site, _, v);
    // `d.update(key=value)`: the values, and the keys, which are strings.
    elem_flow(v, Obj::Container(*c)) <--
        method_call(site, c, name, _), ContainerMethodEffect(name, ContainerEffect::AddsElementsOfArguments), CallKeyword(site, _, v);
    elem(Obj::Container(*c), Obj::Const(ConstKind::Str)) <--
        method_call(site, c, name, _), ContainerMethodEffect(name, ContainerEffect::AddsElementsOfArguments), CallKeyword(site, _, _);

    // Builtins that make containers of, or hand out, the elements of their first argument.
    pts(out, Obj::Container(Container::made(*site, ContainerKind::List))) <-- builtin_call(site, BuiltinEffect::CollectsElements, out);
    elem_copy(v, Obj::Container(Container::made(*site, ContainerKind::List))) <--
        builtin_call(site, BuiltinEffect::CollectsElements, _), CallPositional(site, 0, v);
    // `map(f, xs)`: the functions the site calls back return its elements.
    pts(out, Obj::Container(Container::made(*site, ContainerKind::List))) <-- builtin_call(site, BuiltinEffect::CollectsResults, out);
    elem(Obj::Container(Container::made(*site, ContainerKind::List)), o) <--
        builtin_call(site, BuiltinEffect::CollectsResults, _), invokes(site, f), MakeFunction(f, code, _), returns(code, o);
    elem_load(c, out) <--
        builtin_call(site, BuiltinEffect::ReturnsElement, out), CallPositional(site, 0, v), pts(v, c), if c.iterates_own_elements();
}
