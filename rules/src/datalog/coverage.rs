//! Coverage (paper §3.5), after the fixed point: every call site in reachable
//! code resolves concretely, to typed unresolved groups (outside names,
//! builtin container methods, protocol families, non-callables), or to
//! nothing known (conservative top). Runs as its own program because it negates
//! relations the main rules are still growing.

ascent::ascent_source! { coverage:

    relation live_call(Insn, Var, Var);
    relation callee_obj(Insn, Obj);
    relation invokes(Insn, Insn);
    relation call_edge(Insn, Code);
    /// An instruction in reachable code that may call special methods of this family.
    relation implicit_site(Insn, Protocol);

    relation site(Insn);
    relation resolved(Insn);
    relation has_callee(Insn);
    relation unresolved(Insn, Group);
    relation typed_unresolved(Insn);
    relation top(Insn);
    relation coverage(Insn, Coverage);

    site(s) <-- live_call(s, _, _);
    site(s) <-- implicit_site(s, _);
    resolved(s) <-- invokes(s, _);
    // A class statement: `__build_class__` runs the class body, a package code object.
    resolved(s) <-- call_edge(s, _);
    // Calling a package class allocates, with or without an `__init__` to run.
    resolved(s) <-- callee_obj(s, ?Obj::Class(_));
    has_callee(s) <-- callee_obj(s, _);

    unresolved(s, Group::External(*e)) <-- callee_obj(s, ?Obj::External(e));
    unresolved(s, Group::ContainerMethod(c.kind, *name)) <-- callee_obj(s, ?Obj::ContainerMethod(c, name));
    unresolved(s, Group::NotCallable) <-- callee_obj(s, o), if !o.is_callable();
    unresolved(s, Group::Protocol(*p)) <-- implicit_site(s, p), !resolved(s);
    // A site with call edges but no callee object (a class statement) is not unknown.
    unresolved(s, Group::Unknown) <-- live_call(s, _, _), !has_callee(s), !resolved(s);

    top(s) <-- unresolved(s, Group::Unknown);
    typed_unresolved(s) <-- unresolved(s, g), if *g != Group::Unknown;
    coverage(s, Coverage::ConservativeTop) <-- top(s);
    coverage(s, Coverage::TypedUnresolved) <-- typed_unresolved(s), !top(s);
    coverage(s, Coverage::ConcreteOnly) <-- site(s), !typed_unresolved(s), !top(s);
}
