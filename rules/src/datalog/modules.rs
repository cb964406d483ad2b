//! Modules and imports: module bodies are the roots; a module's globals are the
//! fields of its module object; imports bind modules of the package, or name
//! what is outside it.

ascent::ascent_source! { modules_prepare:

    CodeModule(code, m) <-- Code(code, m, _, _, _, _);
    PackageModuleName(name) <-- ImportableAs(name, _);
    // The import system sets `__name__`, `__file__`, `__doc__`, ... on every module.
    StaticField(Obj::Module(*m), name, Obj::Const(*kind)) <-- Module(m, _, _, _), ModuleAttribute(name, kind);
    GlobalDefined(m, name) <-- Module(m, _, _, _), ModuleAttribute(name, _);
    StaticField(Obj::Module(*parent), name, Obj::Module(*child)) <-- Submodule(parent, name, child);

    // Globals: fields of the module object.
    StoreStatic(Obj::Module(*m), name, v) <-- StoreName(i, name, v), InsnCode(i, code), ModuleCode(m, code);
    StoreStatic(Obj::Module(*m), name, v) <-- StoreGlobal(i, name, v), InsnCode(i, code), CodeModule(code, m);
    LoadStatic(Obj::Module(*m), name, out) <-- LoadGlobal(i, name, out), InsnCode(i, code), CodeModule(code, m);
    LoadStatic(Obj::Module(*m), name, out) <-- LoadName(i, name, out), InsnCode(i, code), CodeModule(code, m);
    LoadStatic(Obj::Module(*m), name, out) <--
        LoadNameFromMapping(i, _, name, out), InsnCode(i, code), CodeModule(code, m);

    GlobalDefined(m, name) <-- StoreName(i, name, _), InsnCode(i, code), ModuleCode(m, code);
    GlobalDefined(m, name) <-- StoreGlobal(i, name, _), InsnCode(i, code), CodeModule(code, m);
    GlobalDefined(m, name) <--
        ImportStar(i, mv), InsnCode(i, code), CodeModule(code, m),
        StackFlow(imported, mv), ImportName(import, _, imported), ImportModule(import, source_name),
        ImportableAs(source_name, source), GlobalDefined(source, name), !PrivateName(name);

    // A global no module code binds is a builtin.
    Alloc(code, out, Obj::External(Ext::builtin(*name))) <--
        LoadGlobal(i, name, out), InsnCode(i, code), CodeModule(code, m), !GlobalDefined(m, name);
    Alloc(code, out, Obj::External(Ext::builtin(*name))) <--
        LoadName(i, name, out), InsnCode(i, code), CodeModule(code, m), !GlobalDefined(m, name),
        !ClassDefinesIn(code, name);
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
    /// what imports and lookups along an MRO read). Fields of other objects are read through
    /// `field_flow`, never stored object by object (`crate::solve` lists them all).
    relation field(Obj, Sym, Obj);
    /// What `var` holds is stored as field `name` of `base`.
    relation field_flow(Var, Obj, Sym);

    reachable(code) <-- ModuleCode(_, code);
    field(b, name, o) <-- StaticField(b, name, o);
    field_flow(v, b, name) <-- StoreStatic(b, name, v);
    field(b, name, o) <-- field_flow(v, b, name), if b.is_namespace(), pts(v, o);
    pts(out, o) <-- LoadStatic(b, name, out), field(b, name, o);

    field(target, name, o) <--
        ImportStarInto(mv, target), pts(mv, ?Obj::Module(source)), field(Obj::Module(*source), name, o),
        !PrivateName(name);
}
