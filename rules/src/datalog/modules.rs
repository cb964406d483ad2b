//! Modules and imports: module bodies are the roots; a module's globals are the
//! fields of its module object; imports bind modules of the package, or name
//! what is outside it.

ascent::ascent_source! { modules_prepare:

    /// Module `m` binds `__all__` to what the instruction output `var` holds.
    relation AllStore(ModuleId, Var);
    /// The output `var` is a list or tuple literal (`[...]`, `(...)`, a tuple constant).
    relation SequenceLiteral(Var);
    /// The output `var` is a string constant spelling `name`.
    relation NameConst(Var, Sym);
    /// The list the output `list` made is extended with what the output `items` holds.
    relation ExtendedWith(Var, Var);
    /// A star import in module `m` imports the package module `source`.
    relation StarImportOf(ModuleId, ModuleId);
    /// The sequence literal `var` has the string constant `name` among its items.
    relation ListedName(Var, Sym);
    /// The sequence literal `var` has an item that is not a name constant.
    relation NotNameList(Var);
    /// Something other than a literal of names may end up in `__all__` of module `m`.
    relation UnknownAll(ModuleId);
    /// `name`, read in `code` compiled from a string, is local `slot` of the function `parent`
    /// that holds the string.
    relation StringLocal(Code, Sym, Code, Slot);

    CodeModule(code, m) <-- Code(code, m, _, _, _, _);
    // Only a module's full dotted name is surely the package's: a name below the root
    // package (`typing` for `flask/typing.py`) is also what an absolute import of an
    // outside module spells, and Python 3 finds that one when the package is imported,
    // so such an import binds both.
    PackageModuleName(name) <-- Module(_, name, _, _);
    // The import system sets `__name__`, `__file__`, `__doc__`, ... on every module.
    StaticField(Obj::Module(*m), name, Obj::Const(*kind)) <-- Module(m, _, _, _), ModuleAttribute(name, kind);
    GlobalDefined(m, name) <-- Module(m, _, _, _), ModuleAttribute(name, _);
    StaticField(Obj::Module(*parent), name, Obj::Module(*child)) <-- Submodule(parent, name, child);

    // Globals: fields of the module object.
    StoreStatic(Obj::Module(*m), name, v) <-- StoreName(i, name, v), InsnCode(i, code), ModuleCode(m, code);
    StoreStatic(Obj::Module(*m), name, v) <-- StoreGlobal(i, name, v), InsnCode(i, code), CodeModule(code, m);
    LoadStatic(Obj::Module(*m), name, out, code) <-- LoadGlobal(i, name, out), InsnCode(i, code), CodeModule(code, m);
    LoadStatic(Obj::Module(*m), name, out, code) <-- LoadName(i, name, out), InsnCode(i, code), CodeModule(code, m);
    LoadStatic(Obj::Module(*m), name, out, code) <--
        LoadNameFromMapping(i, _, name, out), InsnCode(i, code), CodeModule(code, m);

    GlobalDefined(m, name) <-- StoreName(i, name, _), InsnCode(i, code), ModuleCode(m, code);
    // Code compiled from a string (`eval`, `exec`) reads the locals of the function running it
    // (a snapshot), then the globals; what it defines is taken as the module's (exec into an
    // explicit namespace dict is not followed).
    StringLocal(code, name, parent, slot) <--
        Code(code, _, _, _, CodeKind::CompiledString, _), CodeParent(code, parent), LocalSlot(parent, slot, name);
    LoadLocal(i, parent, slot, out) <-- LoadName(i, name, out), InsnCode(i, code), StringLocal(code, name, parent, slot);
    StoreStatic(Obj::Module(*m), name, v) <--
        StoreName(i, name, v), InsnCode(i, code), Code(code, m, _, _, CodeKind::CompiledString, _);
    GlobalDefined(m, name) <-- StoreName(i, name, _), InsnCode(i, code), Code(code, m, _, _, CodeKind::CompiledString, _);
    GlobalDefined(m, name) <-- StoreGlobal(i, name, _), InsnCode(i, code), CodeModule(code, m);
    StarImportOf(m, source) <--
        ImportStar(i, mv), InsnCode(i, code), CodeModule(code, m),
        StackFlow(imported, mv), ImportName(import, _, imported), ImportModule(import, source_name),
        ImportableAs(source_name, source);
    GlobalDefined(m, name) <-- StarImportOf(m, source), GlobalDefined(source, name), !PrivateName(name), !KnownAll(source);
    GlobalDefined(m, name) <-- StarImportOf(m, source), AllName(source, name);

    // `__all__`: known when every binding is a literal of name constants and no code of the
    // module reads it (`__all__ += ...`, `__all__.append(...)` would change it). Items and
    // stored values are matched through `StackFlow` to the instructions that made them.
    AllStore(m, v) <-- StoreStatic(?Obj::Module(m), name, read), SpecialName(Special::All, name), StackFlow(v, read);
    SequenceLiteral(v) <-- BuildContainer(_, kind, v), if matches!(kind, ContainerKind::List | ContainerKind::Tuple);
    SequenceLiteral(v) <-- LoadConst(_, c, v), Const(c, _, ConstKind::Tuple, _);
    NameConst(v, name) <-- LoadConst(_, c, v), ConstName(c, name);
    ListedName(v, name) <-- BuildContainer(b, _, v), ContainerItem(b, _, item), StackFlow(out, item), NameConst(out, name);
    NotNameList(v) <-- BuildContainer(b, _, v), ContainerItem(b, _, item), StackFlow(out, item), !NameConst(out, _);
    ListedName(v, name) <-- LoadConst(_, c, v), ConstItem(c, _, item), ConstName(item, name);
    NotNameList(v) <-- LoadConst(_, c, v), ConstItem(c, _, item), !ConstName(item, _);
    // `[a, b, c]` is built by extending an empty list with a tuple constant (3.9+).
    ExtendedWith(list, items) <-- ContainerExtend(_, _, cv, iv), StackFlow(list, cv), StackFlow(items, iv);
    ListedName(list, name) <-- ExtendedWith(list, items), ListedName(items, name);
    NotNameList(list) <-- ExtendedWith(list, items), !SequenceLiteral(items);
    NotNameList(list) <-- ExtendedWith(list, items), NotNameList(items);
    NotNameList(list) <-- ContainerAdd(_, _, cv, _), StackFlow(list, cv);
    UnknownAll(m) <-- AllStore(m, v), !SequenceLiteral(v);
    UnknownAll(m) <-- AllStore(m, v), NotNameList(v);
    UnknownAll(m) <-- LoadStatic(?Obj::Module(m), name, _, _), SpecialName(Special::All, name);
    KnownAll(m) <-- AllStore(m, _), !UnknownAll(m);
    AllName(m, name) <-- KnownAll(m), AllStore(m, v), ListedName(v, name);

    // A global no module code binds is a builtin.
    Alloc(code, out, Obj::External(Ext::builtin(*name))) <--
        LoadGlobal(i, name, out), InsnCode(i, code), CodeModule(code, m), !GlobalDefined(m, name);
    Alloc(code, out, Obj::External(Ext::builtin(*name))) <--
        LoadName(i, name, out), InsnCode(i, code), CodeModule(code, m), !GlobalDefined(m, name),
        !ClassDefinesIn(code, name), !StringLocal(code, name, _, _);
    Alloc(code, out, Obj::External(Ext::builtin(*name))) <-- LoadBuiltin(i, name, out), InsnCode(i, code);

    // Imports.
    Alloc(code, out, Obj::Module(*m)) <--
        ImportName(i, _, out), InsnCode(i, code), ImportResult(i, name), ImportableAs(name, m);
    Alloc(code, out, Obj::External(Ext::module(*name))) <--
        ImportName(i, _, out), InsnCode(i, code), ImportResult(i, name), !PackageModuleName(name);
    // `from m import name` reads an attribute of the module.
    AttrLoad(i, mv, name, out) <-- ImportFrom(i, mv, name, out);
    ImportStarInto(mv, Obj::Module(*m)) <-- ImportStar(i, mv), InsnCode(i, code), CodeModule(code, m);
}

ascent::ascent_source! { modules:

    /// Field `name` of the module or class `base` may hold `obj` (globals, class attributes:
    /// what imports and lookups along an MRO read). Namespaces have no heap context. Fields of
    /// other objects are read through their stores (`root_field_flow`, `object_field`)
    /// (`crate::solve` lists them all).
    relation field(Obj, Sym, HCtx, Obj);
    /// What `var` holds in `ctx` is stored as field `name` of `base`.
    relation field_flow(Ctx, Var, HCtx, Obj, Sym);
    /// The `field_flow` rows of the root context whose base is not a namespace: each load of
    /// the field reads them through a `flow` edge from `var`.
    relation root_field_flow(Var, HCtx, Obj, Sym);
    /// Field `name` of `(hb, base)`, not a namespace, may hold `(h, obj)`, stored by an
    /// activation other than the root, object by object. As flow edges, one activation per
    /// receiver (networkx's `_dispatchable.__new__` runs for each of ~2,000 decorating call
    /// sites) made an edge per activation for every load of each field it stores: 8.6 M
    /// `flow` rows after 25 s, the largest relation.
    relation object_field(HCtx, Obj, Sym, HCtx, Obj);
    /// The `field_flow` rows whose base is a module or class, and stores of globals (a
    /// relation of its own so that joining it with `pts` is a plain join on the variable).
    relation namespace_flow(Var, Obj, Sym);

    reachable(Ctx::default(), code) <-- ModuleCode(_, code);
    field(b, name, HCtx::default(), o) <-- StaticField(b, name, o);
    namespace_flow(v, b, name) <-- StoreStatic(b, name, v);
    namespace_flow(v, b, name) <-- field_flow(_, v, _, b, name), if b.is_namespace();
    root_field_flow(v, hb, b, name) <-- field_flow(ctx, v, hb, b, name), if !b.is_namespace(), if *ctx == Ctx::default();
    object_field(hb, b, name, h, o) <--
        field_flow(ctx, v, hb, b, name), if !b.is_namespace(), if *ctx != Ctx::default(), pts(ctx, v, h, o);
    field(b, name, h, o) <-- namespace_flow(v, b, name), pts(_, v, h, o);
    pts(ctx, out, h, o) <-- LoadStatic(b, name, out, code), field(b, name, h, o), active(ctx, code);

    // A module's `__getattr__` answers the names it does not define.
    arg_obj(ctx, *i, *g, 0, HCtx::default(), Obj::Const(ConstKind::Str)), other_result_to(ctx, *i, *g, *out),
    context_request(ctx, *i, *g, None) <--
        attr_load(ctx, i, _, ?Obj::Module(m), name, out), !GlobalDefined(*m, *name), SpecialName(Special::GetAttr, getattr),
        field(Obj::Module(*m), getattr, _, ?Obj::Function(g));

    // A star import brings the names `__all__` lists, or else every public name.
    field(target, name, h, o) <--
        ImportStarInto(mv, target), pts(_, mv, _, ?Obj::Module(source)), !KnownAll(source),
        field(Obj::Module(*source), name, h, o), !PrivateName(name);
    field(target, name, h, o) <--
        ImportStarInto(mv, target), pts(_, mv, _, ?Obj::Module(source)), AllName(source, name),
        field(Obj::Module(*source), name, h, o);
}
