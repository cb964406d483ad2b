//! Modules and imports: module bodies are the roots; a module's globals are the
//! fields of its module object; imports bind modules of the package, or name
//! what is outside it.

ascent::ascent_source! { modules:

    /// Field `name` of `base` may hold `obj` (module globals, class and instance attributes).
    relation field(Obj, Sym, Obj);
    /// Code object `code` belongs to module `module`.
    relation CodeModule(Code, ModuleId);
    /// Module `module` binds global `name` somewhere (stores, imports, star imports of package modules).
    relation GlobalDefined(ModuleId, Sym);
    /// `name` is a name a module of the package is imported by.
    relation PackageModuleName(Sym);

    reachable(code) <-- ModuleCode(_, code);
    // The import system sets `__name__`, `__file__`, `__doc__`, ... on every module.
    field(Obj::Module(*m), name, Obj::Const(*kind)) <-- Module(m, _, _, _), ModuleAttribute(name, kind);
    GlobalDefined(m, name) <-- Module(m, _, _, _), ModuleAttribute(name, _);
    CodeModule(code, m) <-- Code(code, m, _, _, _, _);
    PackageModuleName(name) <-- ImportableAs(name, _);

    // Globals.
    field(Obj::Module(*m), name, o) <-- StoreName(i, name, v), InsnCode(i, code), ModuleCode(m, code), pts(v, o);
    field(Obj::Module(*m), name, o) <-- StoreGlobal(i, name, v), InsnCode(i, code), CodeModule(code, m), pts(v, o);
    pts(out, o) <-- LoadGlobal(i, name, out), InsnCode(i, code), CodeModule(code, m), field(Obj::Module(*m), name, o);
    pts(out, o) <-- LoadName(i, name, out), InsnCode(i, code), CodeModule(code, m), field(Obj::Module(*m), name, o);
    pts(out, o) <--
        LoadNameFromMapping(i, _, name, out), InsnCode(i, code), CodeModule(code, m), field(Obj::Module(*m), name, o);

    GlobalDefined(m, name) <-- StoreName(i, name, _), InsnCode(i, code), ModuleCode(m, code);
    GlobalDefined(m, name) <-- StoreGlobal(i, name, _), InsnCode(i, code), CodeModule(code, m);
    GlobalDefined(m, name) <--
        ImportStar(i, mv), InsnCode(i, code), CodeModule(code, m),
        StackFlow(imported, mv), ImportName(import, _, imported), ImportModule(import, source_name),
        ImportableAs(source_name, source), GlobalDefined(source, name), !PrivateName(name);

    // A global no module code binds is a builtin.
    pts(out, Obj::External(Ext::builtin(*name))) <--
        LoadGlobal(i, name, out), InsnCode(i, code), reachable(code), CodeModule(code, m), !GlobalDefined(m, name);
    pts(out, Obj::External(Ext::builtin(*name))) <--
        LoadName(i, name, out), InsnCode(i, code), reachable(code), CodeModule(code, m), !GlobalDefined(m, name),
        !ClassDefinesIn(code, name);
    pts(out, Obj::External(Ext::builtin(*name))) <-- LoadBuiltin(i, name, out), InsnCode(i, code), reachable(code);

    // Imports.
    pts(out, Obj::Module(*m)) <--
        ImportName(i, _, out), InsnCode(i, code), reachable(code), ImportResult(i, name), ImportableAs(name, m);
    pts(out, Obj::External(Ext::module(*name))) <--
        ImportName(i, _, out), InsnCode(i, code), reachable(code), ImportResult(i, name), !PackageModuleName(name);
    field(Obj::Module(*parent), name, Obj::Module(*child)) <-- Submodule(parent, name, child);
    pts(out, o) <-- ImportFrom(_, mv, name, out), pts(mv, ?Obj::Module(m)), field(Obj::Module(*m), name, o);
    pts(out, Obj::External(e.attr(*name))) <-- ImportFrom(_, mv, name, out), pts(mv, ?Obj::External(e));
    field(Obj::Module(*m), name, o) <--
        ImportStar(i, mv), InsnCode(i, code), CodeModule(code, m), pts(mv, ?Obj::Module(source)),
        field(Obj::Module(*source), name, o), !PrivateName(name);
}
