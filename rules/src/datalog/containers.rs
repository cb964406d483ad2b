//! Containers: one summary field per container, `elem`, for items, keys and
//! values alike; literals, comprehensions, unpacking and the builtin methods
//! that add or hand out elements. A dict also keeps its keys apart from its
//! values (`key_of`, `value_of`), which iteration and subscripts read, unless it
//! is `mixed` (filled from another kind of container or from outside code: then
//! both read `elem`). It keeps its values by constant
//! string key too (`keyed`), so that `f(**d)` binds each to its own parameter:
//! without the keys, django's model and form fields passed every keyword value
//! of every subclass to every parameter of `Field.__init__` (about 3,200
//! objects in each of its 13 keyword parameters).

ascent::ascent_source! { containers_prepare:

    /// A tuple display that is extended while built (`(*a, b)`): its positions are not fixed.
    relation ExtendedTuple(Insn);
    /// `var` holds the integer constant `n`.
    relation ConstIntVar(Var, u32);
    /// A constant the code loads or returns, or an item of one.
    relation LoadedConst(u32);
    /// `var` holds the constant string `name`, used as a key.
    relation KeyName(Var, Sym);
    /// Dict display `b` holds what `var` holds at the constant string key `name`.
    relation KeyedEntry(Insn, Sym, Var);
    /// `var` holds a slice object (built by `BUILD_SLICE` or a constant, 3.14+).
    relation SliceKey(Var);

    Alloc(code, out, Obj::Container(Container::made(*b, *kind))) <-- BuildContainer(b, kind, out), InsnCode(b, code);
    ElemFlow(v, Obj::Container(Container::made(*b, *kind))) <-- BuildContainer(b, kind, _), ContainerItem(b, _, v);
    ExtendedTuple(b) <-- ContainerExtend(_, _, cv, _), StackFlow(built, cv), BuildContainer(b, ContainerKind::Tuple, built);
    ExactTuple(Obj::Container(Container::made(*b, ContainerKind::Tuple))) <--
        BuildContainer(b, ContainerKind::Tuple, _), !ExtendedTuple(b);
    ItemFlow(v, Obj::Container(Container::made(*b, ContainerKind::Tuple)), index) <--
        BuildContainer(b, ContainerKind::Tuple, _), ContainerItem(b, index, v);
    ConstIntVar(v, n) <-- LoadConst(_, c, out), ConstInt(c, n), StackFlow(out, v);
    // Dict displays: a value at a constant string key is known by that key (`keyed`), so that
    // spreading the dict (`f(**d)`) binds it to the parameter of that name only.
    KeyName(v, name) <-- NameConst(v, name);
    KeyName(v, name) <-- StackFlow(out, v), NameConst(out, name);
    KeyedEntry(b, name, v) <-- DictConstKeyEntry(b, _, c, v), ConstName(c, name);
    KeyedEntry(b, name, v) <-- DictEntry(b, _, key, v), KeyName(key, name);
    KeyedElemFlow(v, name, Obj::Container(Container::made(*b, ContainerKind::Dict))) <-- KeyedEntry(b, name, v);
    UnkeyedDisplay(code, Obj::Container(Container::made(*b, ContainerKind::Dict))) <--
        DictConstKeyEntry(b, _, c, _), !ConstName(c, _), InsnCode(b, code);
    UnkeyedDisplay(code, Obj::Container(Container::made(*b, ContainerKind::Dict))) <--
        DictEntry(b, _, key, _), !KeyName(key, _), InsnCode(b, code);
    ElemFlow(key, Obj::Container(Container::made(*b, ContainerKind::Dict))) <-- DictEntry(b, _, key, _), !KeyName(key, _);
    ElemFlow(value, Obj::Container(Container::made(*b, ContainerKind::Dict))) <-- DictEntry(b, _, key, value), !KeyName(key, _);
    ElemFlow(value, Obj::Container(Container::made(*b, ContainerKind::Dict))) <-- DictConstKeyEntry(b, _, c, value), !ConstName(c, _);
    DisplayKey(key, Obj::Container(Container::made(*b, ContainerKind::Dict))) <-- DictEntry(b, _, key, _), !KeyName(key, _);
    DisplayValue(value, Obj::Container(Container::made(*b, ContainerKind::Dict))) <-- DictEntry(b, _, key, value), !KeyName(key, _);
    DisplayValue(value, Obj::Container(Container::made(*b, ContainerKind::Dict))) <-- DictConstKeyEntry(b, _, c, value), !ConstName(c, _);

    // Comprehensions and displays with stars add to a container being built; stores add keys and values.
    ElemStore(v, cv) <-- ContainerAdd(_, _, cv, v);
    DictStore(key, value, cv) <-- DictAdd(_, cv, key, value);
    DictStore(key, value, cv) <-- StoreSubscript(_, cv, key, value), !KeyName(key, _);
    ElemCopyInto(iv, cv) <-- ContainerExtend(_, _, cv, iv);
    ElemCopyInto(mv, cv) <-- DictMerge(_, cv, mv);
    Copy(lv, out) <-- ListToTuple(_, lv, out);

    // Reads: constant subscripts and unpacking read tuple displays by position.
    ItemLoad(cv, n, out) <-- Subscript(_, cv, key, out), ConstIntVar(key, n);
    ElemLoad(cv, out) <-- Subscript(_, cv, key, out), !ConstIntVar(key, _), !SliceKey(key), !KeyName(key, _);
    // Slices: `xs[a:b]` (3.12+ in one instruction), `xs[a:b:c]` and constant slices (with a
    // slice object as the key), and slice objects made by `slice(...)` (in `containers`).
    SliceKey(v) <-- BuildSlice(_, out), StackFlow(out, v);
    SliceKey(v) <-- LoadConst(_, c, out), Const(c, _, ConstKind::Slice, _), StackFlow(out, v);
    Alloc(code, out, Obj::Const(ConstKind::Slice)) <-- BuildSlice(i, out), InsnCode(i, code);
    SliceLoad(i, cv, out) <-- SliceSubscript(i, cv, _, _, out);
    SliceLoad(i, cv, out) <-- Subscript(i, cv, key, out), SliceKey(key);
    ItemLoad(iv, index, out) <-- UnpackItem(i, index, out), Unpack(i, iv);
    ElemLoad(iv, out) <-- UnpackItemFromEnd(i, _, out), Unpack(i, iv);
    // Of a dict, iterating and unpacking read keys; subscripts read values.
    DictKeyRead(iv, out) <-- Next(_, iv, out);
    DictKeyRead(iv, out) <-- UnpackItem(i, _, out), Unpack(i, iv);
    DictKeyRead(iv, out) <-- UnpackItemFromEnd(i, _, out), Unpack(i, iv);
    DictValueRead(cv, out) <-- Subscript(_, cv, key, out), !SliceKey(key), !KeyName(key, _);
    ElemCopyTo(iv, Obj::Container(Container::made(*i, ContainerKind::List))) <-- UnpackRest(i, _), Unpack(i, iv);

    ContainerMethodLoad(base, name, out) <-- LoadAttr(_, base, name, out), ContainerMethodEffect(name, _);
    // The pairs `items()` makes at a call have the key at 0 and the value at 1.
    ExactTuple(Obj::Container(Container::made(*site, ContainerKind::Tuple))) <--
        Call(site, f, _), StackFlow(m, f), ContainerMethodLoad(_, name, m), ContainerMethodEffect(name, ContainerEffect::ReturnsPairs);
    ExactTuple(Obj::Container(Container::made(*site, ContainerKind::Tuple))) <--
        Call(site, f, _), ContainerMethodLoad(_, name, f), ContainerMethodEffect(name, ContainerEffect::ReturnsPairs);

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

    /// Container `c` (with heap context `h`) may hold `obj` (item, key or value).
    relation elem(HCtx, Obj, HCtx, Obj);
    /// Item `index` of a tuple display may be `obj` (tuples displays have fixed items, so
    /// unpacking and constant subscripts read them by position).
    relation item(HCtx, Obj, u32, HCtx, Obj);
    /// What `var` holds in `ctx` becomes an element of `container`.
    relation elem_flow(Ctx, Var, HCtx, Obj);
    /// The elements of what `var` holds in `ctx` become elements of `container`.
    relation elem_copy(Ctx, Var, HCtx, Obj);
    /// The elements of `source` are elements of `container` (`elem_copy` through `pts`: one
    /// row per pair of containers, however many variables copy between them).
    relation elem_subset(HCtx, Obj, HCtx, Obj);
    /// The elements of `container` are read into `var` (in `ctx`).
    relation elem_load(HCtx, Obj, Ctx, Var);
    /// `out` is `cv[key]` at `i` in `ctx`, with `key` a slice.
    relation slice_subscript(Ctx, Insn, Var, Var);
    /// Call `site` calls method `name` of builtin container `c`; the result goes to `out`.
    relation method_call(Ctx, Insn, HCtx, Container, Sym, Var);
    /// Dict `c` holds `obj` as the value at the constant string key `name`.
    relation keyed(HCtx, Obj, Sym, HCtx, Obj);
    /// Dict `c` has a value at the key `name` (`keyed`, without the values).
    relation dict_key(HCtx, Obj, Sym);
    /// Dict `c` may hold values at keys that are not constant strings: any of its elements
    /// may be the value at any key.
    relation unkeyed(HCtx, Obj);
    /// What `var` holds in `ctx` becomes the value at key `name` of dict `c`.
    relation keyed_flow(Ctx, Var, Sym, HCtx, Obj);
    /// The value at key `name` of what `c` holds is read into `out` (in `ctx`).
    relation keyed_load(HCtx, Obj, Sym, Ctx, Var);
    /// Dict `c` may hold `obj` as a key.
    relation key_of(HCtx, Obj, HCtx, Obj);
    /// Dict `c` may hold `obj` as a value.
    relation value_of(HCtx, Obj, HCtx, Obj);
    /// Dict `c` may hold elements that `key_of` and `value_of` do not tell apart (copied from
    /// another kind of container, or from outside): a key or a value of it is any element.
    relation mixed(HCtx, Obj);
    /// What `var` holds in `ctx` becomes a key of dict `c`.
    relation key_flow(Ctx, Var, HCtx, Obj);
    /// What `var` holds in `ctx` becomes a value of dict `c`.
    relation value_flow(Ctx, Var, HCtx, Obj);
    /// A key of dict `c` is read into `var` (in `ctx`).
    relation key_load(HCtx, Obj, Ctx, Var);
    /// A value of dict `c` is read into `var` (in `ctx`).
    relation value_load(HCtx, Obj, Ctx, Var);
    /// The values of dict `source` are elements of `container` (`values()`, the pairs of `items()`).
    relation value_subset(HCtx, Obj, HCtx, Obj);

    // Only objects that `iterates_own_elements` have elements; the joins reading `elem`
    // leave the rest out (most of what a copied or loaded variable points to: sqlalchemy).
    // A container a display or a yield fills is made by the same activation as its items.
    elem(HCtx::default(), c, HCtx::default(), o) <-- StaticElem(c, o);
    elem(ctx.record(), c, h, o) <-- ElemFlow(v, c), pts(ctx, v, h, o);
    elem_flow(ctx, v, h, c) <-- ElemStore(v, cv), pts(ctx, cv, h, c), if c.is_container();
    elem_flow(ctx, k, h, c), elem_flow(ctx, v, h, c) <-- DictStore(k, v, cv), pts(ctx, cv, h, c), if c.is_container();
    elem(h, c, ho, o) <-- elem_flow(ctx, v, h, c), pts(ctx, v, ho, o), if !o.is_outside_argument();
    elem_subset(hs, source, ctx.record(), c) <--
        ElemCopyTo(v, c), pts(ctx, v, hs, source), if source.iterates_own_elements();
    elem_copy(ctx, v, h, c) <-- ElemCopyInto(v, cv), pts(ctx, cv, h, c), if c.is_container();
    elem_subset(hs, source, h, c) <-- elem_copy(ctx, v, h, c), pts(ctx, v, hs, source), if source.iterates_own_elements();
    elem(h, c, ho, o) <--
        elem_subset(hs, source, h, c), if !source.is_dict() || c.is_dict(), elem(hs, source, ho, o), if !o.is_outside_argument();
    // What iterates a dict (`list(d)`, `[*d]`, `yield from d`) gets its keys.
    elem(h, c, ho, o) <--
        elem_subset(hs, source, h, c), if source.is_dict() && !c.is_dict(), key_of(hs, source, ho, o), if !o.is_outside_argument();
    elem(h, c, ho, o) <--
        elem_subset(hs, source, h, c), if source.is_dict() && !c.is_dict(), mixed(hs, source), elem(hs, source, ho, o),
        if !o.is_outside_argument();
    elem(h, c, ho, o) <-- value_subset(hs, source, h, c), value_of(hs, source, ho, o), if !o.is_outside_argument();
    elem(h, c, ho, o) <-- value_subset(hs, source, h, c), mixed(hs, source), elem(hs, source, ho, o), if !o.is_outside_argument();
    item(ctx.record(), c, index, h, o) <-- ItemFlow(v, c, index), pts(ctx, v, h, o);

    // Dicts: a value stored at a constant string key is `keyed` there, and is an element as
    // well (with its key, a string); a dict that any other write reaches is `unkeyed` (the
    // writes of `elem_flow` and `elem_subset`, and displays with other keys). A copy from
    // dict to dict keeps the keys. Reads by key get the value at that key, and every element
    // of an unkeyed dict (or of another container).
    keyed(ctx.record(), c, name, h, o) <-- KeyedElemFlow(v, name, c), pts(ctx, v, h, o);
    unkeyed(ctx.record(), c) <-- UnkeyedDisplay(code, c), active(ctx, code);
    keyed_flow(ctx, v, name, h, c) <-- NamedItemStore(cv, name, v), pts(ctx, cv, h, c), if c.is_dict();
    keyed(h, c, name, ho, o) <-- keyed_flow(ctx, v, name, h, c), pts(ctx, v, ho, o);
    dict_key(h, c, name) <-- keyed(h, c, name, _, _);
    elem(h, c, ho, o) <-- keyed(h, c, _, ho, o);
    elem(h, c, HCtx::default(), Obj::Const(ConstKind::Str)) <-- dict_key(h, c, _);
    unkeyed(h, c) <-- elem_flow(_, _, h, c), if c.is_dict();
    unkeyed(h, c) <-- elem_subset(_, source, h, c), if c.is_dict() && !source.is_dict();
    unkeyed(h, c) <-- elem_subset(hs, source, h, c), if c.is_dict() && source.is_dict(), unkeyed(hs, source);
    keyed(h, c, name, ho, o) <--
        elem_subset(hs, source, h, c), if c.is_dict() && source.is_dict(), keyed(hs, source, name, ho, o);
    keyed_load(h, c, name, ctx, out) <-- NamedItemLoad(cv, name, out), pts(ctx, cv, h, c), if c.iterates_own_elements();
    pts(ctx, out, ho, o) <-- keyed_load(h, c, name, ctx, out), keyed(h, c, name, ho, o);
    elem_load(h, c, ctx, out) <-- keyed_load(h, c, _, ctx, out), if !c.is_dict();
    value_load(h, c, ctx, out) <-- keyed_load(h, c, _, ctx, out), unkeyed(h, c);

    // Dicts keep their keys and values apart (`key_of`, `value_of`), as well as together as
    // elements: every store of a key or a value is one of these, and what comes another way
    // makes the dict `mixed`. Without them a dict of dicts (networkx's graphs) read every
    // node, every inner dict and every attribute wherever it read any of them.
    key_flow(ctx, k, h, c), value_flow(ctx, v, h, c) <-- DictStore(k, v, cv), pts(ctx, cv, h, c), if c.is_dict();
    key_of(ctx.record(), c, h, o) <-- DisplayKey(v, c), pts(ctx, v, h, o);
    value_of(ctx.record(), c, h, o) <-- DisplayValue(v, c), pts(ctx, v, h, o);
    key_of(h, c, ho, o) <-- key_flow(ctx, v, h, c), pts(ctx, v, ho, o);
    value_of(h, c, ho, o) <-- value_flow(ctx, v, h, c), pts(ctx, v, ho, o);
    value_of(h, c, ho, o) <-- keyed(h, c, _, ho, o);
    key_of(h, c, HCtx::default(), Obj::Const(ConstKind::Str)) <-- dict_key(h, c, _);
    key_of(h, c, ho, o) <-- elem_subset(hs, source, h, c), if c.is_dict() && source.is_dict(), key_of(hs, source, ho, o);
    value_of(h, c, ho, o) <-- elem_subset(hs, source, h, c), if c.is_dict() && source.is_dict(), value_of(hs, source, ho, o);
    mixed(h, c) <-- elem_subset(hs, source, h, c), if c.is_dict() && source.is_dict(), mixed(hs, source);
    mixed(h, c) <-- elem_subset(_, source, h, c), if c.is_dict() && !source.is_dict();
    key_load(h, c, ctx, out) <-- DictKeyRead(cv, out), pts(ctx, cv, h, c), if c.is_dict();
    value_load(h, c, ctx, out) <-- DictValueRead(cv, out), pts(ctx, cv, h, c), if c.is_dict();
    pts(ctx, out, ho, o) <-- key_load(h, c, ctx, out), key_of(h, c, ho, o);
    pts(ctx, out, ho, o) <-- value_load(h, c, ctx, out), value_of(h, c, ho, o);
    elem_load(h, c, ctx, out) <-- key_load(h, c, ctx, out), mixed(h, c);
    elem_load(h, c, ctx, out) <-- value_load(h, c, ctx, out), mixed(h, c);

    elem_load(h, c, ctx, out) <-- ElemLoad(cv, out), pts(ctx, cv, h, c), if c.iterates_own_elements() && !c.is_dict();
    elem_load(h, c, ctx, out) <--
        ElemLoad(cv, out), pts(ctx, cv, h, c), if c.is_dict(), !DictKeyRead(cv, out), !DictValueRead(cv, out);
    elem_load(h, c, ctx, out) <--
        ItemLoad(cv, _, out), pts(ctx, cv, h, c), if c.iterates_own_elements() && !c.is_dict(), !ExactTuple(c);
    elem_load(h, c, ctx, out) <--
        ItemLoad(cv, _, out), pts(ctx, cv, h, c), if c.is_dict(), !DictKeyRead(cv, out), !DictValueRead(cv, out);
    pts(ctx, out, ho, o) <-- ItemLoad(cv, index, out), pts(ctx, cv, h, c), ExactTuple(c), item(h, c, index, ho, o);
    pts(ctx, out, ho, o) <-- elem_load(h, c, ctx, out), elem(h, c, ho, o);

    // A slice of a list or tuple is a new one of the same kind, made at the slice, holding
    // elements of the sliced one; a slice of a string is a string.
    pts(ctx, out, ctx.record(), s), elem_subset(hs, source, ctx.record(), s) <--
        SliceLoad(i, cv, out), pts(ctx, cv, hs, source), if let Some(s) = source.sliced(*i);
    slice_subscript(ctx, *i, *cv, *out) <-- Subscript(i, cv, key, out), pts(ctx, key, _, ?Obj::Const(ConstKind::Slice));
    pts(ctx, out, ctx.record(), s), elem_subset(hs, source, ctx.record(), s) <--
        slice_subscript(ctx, i, cv, out), pts(ctx, cv, hs, source), if let Some(s) = source.sliced(*i);
    pts(ctx, out, *h, *c) <--
        SliceLoad(_, cv, out), pts(ctx, cv, h, c), if matches!(c, Obj::Const(ConstKind::Str | ConstKind::Bytes));
    pts(ctx, out, ctx.record(), Obj::Container(Container::made(*i, ContainerKind::List))) <--
        UnpackRest(i, out), InsnCode(i, code), active(ctx, code);

    // Methods of builtin containers.
    pts(ctx, out, h, Obj::ContainerMethod(*c, *name)) <-- ContainerMethodLoad(base, name, out), pts(ctx, base, h, ?Obj::Container(c));
    method_call(ctx, site, *h, *c, *name, out) <-- call_target(ctx, site, h, ?Obj::ContainerMethod(c, name), out);
    calls_external(site, *method) <-- method_call(_, site, _, c, name, _), ContainerTypeMethod(c.kind, name, method);
    // `d.setdefault("key", value)` stores at that key; other adding calls store anywhere.
    elem_flow(ctx, v, h, Obj::Container(*c)) <--
        method_call(ctx, site, h, c, name, _), ContainerMethodEffect(name, ContainerEffect::AddsArguments),
        if c.kind != ContainerKind::Dict, CallPositional(site, _, v);
    elem_flow(ctx, v, h, Obj::Container(*c)) <--
        method_call(ctx, site, h, c, name, _), ContainerMethodEffect(name, ContainerEffect::AddsArguments),
        if c.kind == ContainerKind::Dict, !NameArg(site, 0, _), CallPositional(site, _, v);
    key_flow(ctx, k, h, Obj::Container(*c)) <--
        method_call(ctx, site, h, c, name, _), ContainerMethodEffect(name, ContainerEffect::AddsArguments),
        if c.kind == ContainerKind::Dict, !NameArg(site, 0, _), CallPositional(site, 0, k);
    value_flow(ctx, v, h, Obj::Container(*c)) <--
        method_call(ctx, site, h, c, name, _), ContainerMethodEffect(name, ContainerEffect::AddsArguments),
        if c.kind == ContainerKind::Dict, !NameArg(site, 0, _), CallPositional(site, 1, v);
    keyed_flow(ctx, v, *key, *h, Obj::Container(*c)) <--
        method_call(ctx, site, h, c, name, _), ContainerMethodEffect(name, ContainerEffect::AddsArguments),
        if c.kind == ContainerKind::Dict, NameArg(site, 0, key), CallPositional(site, 1, v);
    elem_copy(ctx, v, h, Obj::Container(*c)) <--
        method_call(ctx, site, h, c, name, _), ContainerMethodEffect(name, ContainerEffect::AddsElementsOfArguments),
        CallPositional(site, _, v);
    // `d.get(k)`, `d.pop(k)`: a value; `d.get("key")`, `d.pop("key")`: the value at that key.
    elem_load(h, Obj::Container(*c), ctx, out) <--
        method_call(ctx, _, h, c, name, out), ContainerMethodEffect(name, ContainerEffect::ReturnsElement);
    elem_load(h, Obj::Container(*c), ctx, out) <--
        method_call(ctx, site, h, c, name, out), ContainerMethodEffect(name, ContainerEffect::ReturnsValue),
        if c.kind != ContainerKind::Dict, !NameArg(site, 0, _);
    value_load(h, Obj::Container(*c), ctx, out) <--
        method_call(ctx, site, h, c, name, out), ContainerMethodEffect(name, ContainerEffect::ReturnsValue),
        if c.kind == ContainerKind::Dict, !NameArg(site, 0, _);
    keyed_load(*h, Obj::Container(*c), *key, *ctx, *out) <--
        method_call(ctx, site, h, c, name, out), ContainerMethodEffect(name, ContainerEffect::ReturnsValue), NameArg(site, 0, key);
    pts(ctx, out, h, Obj::Container(*c)) <--
        method_call(ctx, _, h, c, name, out), ContainerMethodEffect(name, ContainerEffect::ReturnsElements);
    // `d.values()`: a list, made at the call, of its values.
    pts(ctx, out, h, Obj::Container(*c)) <--
        method_call(ctx, _, h, c, name, out), ContainerMethodEffect(name, ContainerEffect::ReturnsValues),
        if c.kind != ContainerKind::Dict;
    pts(ctx, out, ctx.record(), Obj::Container(Container::made(*site, ContainerKind::List))),
    value_subset(*h, Obj::Container(*c), ctx.record(), Obj::Container(Container::made(*site, ContainerKind::List))) <--
        method_call(ctx, site, h, c, name, out), ContainerMethodEffect(name, ContainerEffect::ReturnsValues),
        if c.kind == ContainerKind::Dict;
    // `d.items()`: unpacking a pair gives a key or a value, never what a value holds (with `items()`
    // the dict itself, `for k, v in d.items()` unpacked every value: django's app registry
    // iterated its configs' values into its own dicts). The pair holds the key at 0 and the
    // value at 1 (`ExactTuple`), and both as elements.
    pts(ctx, out, ctx.record(), Obj::Container(Container::made(*site, ContainerKind::List))),
    elem(ctx.record(), Obj::Container(Container::made(*site, ContainerKind::List)),
         ctx.record(), Obj::Container(Container::made(*site, ContainerKind::Tuple))),
    elem_subset(*h, Obj::Container(*c), ctx.record(), Obj::Container(Container::made(*site, ContainerKind::Tuple))),
    value_subset(*h, Obj::Container(*c), ctx.record(), Obj::Container(Container::made(*site, ContainerKind::Tuple))) <--
        method_call(ctx, site, h, c, name, out), ContainerMethodEffect(name, ContainerEffect::ReturnsPairs);
    item(ctx.record(), Obj::Container(Container::made(*site, ContainerKind::Tuple)), 0, ho, o) <--
        method_call(ctx, site, h, c, name, _), ContainerMethodEffect(name, ContainerEffect::ReturnsPairs),
        key_of(h, Obj::Container(*c), ho, o);
    item(ctx.record(), Obj::Container(Container::made(*site, ContainerKind::Tuple)), 1, ho, o) <--
        method_call(ctx, site, h, c, name, _), ContainerMethodEffect(name, ContainerEffect::ReturnsPairs),
        value_of(h, Obj::Container(*c), ho, o);
    item(ctx.record(), Obj::Container(Container::made(*site, ContainerKind::Tuple)), index, ho, o) <--
        method_call(ctx, site, h, c, name, _), ContainerMethodEffect(name, ContainerEffect::ReturnsPairs),
        mixed(h, Obj::Container(*c)), elem(h, Obj::Container(*c), ho, o), for index in [0u32, 1];
    // `d.update(pairs)` (`items()`, a list of tuples): the keys and values the pairs hold.
    elem_subset(hp, pair, h, Obj::Container(*c)) <--
        method_call(ctx, site, h, c, name, _), if c.kind == ContainerKind::Dict,
        ContainerMethodEffect(name, ContainerEffect::AddsElementsOfArguments), CallPositional(site, _, v), pts(ctx, v, ha, a),
        elem(ha, a, hp, pair), if matches!(pair, Obj::Container(p) if p.kind == ContainerKind::Tuple);
    // `d.get(k, default)`: the default, the positional argument after the key.
    flow(ctx, v, ctx, out) <--
        method_call(ctx, site, _, _, name, out), ContainerMethodEffect(name, ContainerEffect::ReturnsArguments),
        CallPositional(site, 1, v);
    // `d.update(key=value)`: the values at those keys.
    keyed_flow(ctx, v, *key, *h, Obj::Container(*c)) <--
        method_call(ctx, site, h, c, name, _), if c.kind == ContainerKind::Dict,
        ContainerMethodEffect(name, ContainerEffect::AddsElementsOfArguments), CallKeyword(site, key, v);

    // Builtins that make containers of, or hand out, the elements of their first argument.
    pts(ctx, out, ctx.record(), Obj::Container(Container::made(*site, ContainerKind::List))) <--
        builtin_call(ctx, site, BuiltinEffect::CollectsElements, out);
    elem_copy(ctx, v, ctx.record(), Obj::Container(Container::made(*site, ContainerKind::List))) <--
        builtin_call(ctx, site, BuiltinEffect::CollectsElements, _), CallPositional(site, 0, v);
    // `map(f, xs)`: the functions the site calls back return its elements.
    pts(ctx, out, ctx.record(), Obj::Container(Container::made(*site, ContainerKind::List))) <--
        builtin_call(ctx, site, BuiltinEffect::CollectsResults, out);
    elem(ctx.record(), Obj::Container(Container::made(*site, ContainerKind::List)), h, o) <--
        builtin_call(ctx, site, BuiltinEffect::CollectsResults, _), invocation(ctx, site, f, callee_ctx),
        MakeFunction(f, code, _), returns(callee_ctx, code, h, o);
    // `zip(xs, ys)`, `enumerate(xs)`: a list (made at the site) of tuples (made there too)
    // holding the elements of every positional argument, and the index for `enumerate`.
    pts(ctx, out, ctx.record(), Obj::Container(Container::made(*site, ContainerKind::List))) <--
        builtin_call(ctx, site, ?BuiltinEffect::MakesTuples { .. }, out);
    elem(ctx.record(), Obj::Container(Container::made(*site, ContainerKind::List)),
         ctx.record(), Obj::Container(Container::made(*site, ContainerKind::Tuple))) <--
        builtin_call(ctx, site, ?BuiltinEffect::MakesTuples { .. }, _);
    elem_copy(ctx, v, ctx.record(), Obj::Container(Container::made(*site, ContainerKind::Tuple))) <--
        builtin_call(ctx, site, ?BuiltinEffect::MakesTuples { .. }, _), CallPositional(site, _, v);
    elem(ctx.record(), Obj::Container(Container::made(*site, ContainerKind::Tuple)), HCtx::default(), Obj::Const(ConstKind::Int)) <--
        builtin_call(ctx, site, BuiltinEffect::MakesTuples { counted: true }, _);
    elem_load(h, c, ctx, out) <--
        builtin_call(ctx, site, BuiltinEffect::ReturnsElement, out), CallPositional(site, 0, v), pts(ctx, v, h, c),
        if c.iterates_own_elements();
}
