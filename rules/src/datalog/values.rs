//! Values: the operand stack, locals and constants. `pts(var, obj)` is the
//! points-to relation every other file adds to; `reachable(code)` gates where
//! objects are made, so unreachable code contributes nothing.

ascent::ascent_source! { values_prepare:

    // The driver substitutes a read with one producer by that producer
    // (`crate::substitution`), leaving `x -> x` rows: those copy nothing.
    Copy(from, to) <-- StackFlow(from, to), if from != to;
    Copy(from, to) <-- SameValue(_, from, to);
    Alloc(code, out, Obj::Const(*kind)) <-- LoadConst(i, c, out), InsnCode(i, code), Const(c, _, kind, _);
    LocalStore(v, code, slot) <-- StoreLocal(_, code, slot, v);
}

ascent::ascent_source! { values:

    /// Stack variable `var` may hold `obj`.
    relation pts(Var, Obj);
    /// Local slot `slot` of `code` may hold `obj` (flow-insensitive).
    relation local(Code, Slot, Obj);
    /// Code object `code` may run: a module body, or the callee of a call edge.
    relation reachable(Code);
    /// What `from` holds, `to` holds: `Copy`, and copies the rules find (a builtin
    /// container's `get` returning its default, ...).
    relation flow(Var, Var);
    /// What `var` holds is stored in local `slot` of `code`: `LocalStore`, and arguments
    /// bound to parameters.
    relation local_flow(Var, Code, Slot);

    flow(from, to) <-- Copy(from, to);
    pts(to, o) <-- flow(from, to), pts(from, o);
    pts(out, o) <-- Alloc(code, out, o), reachable(code);

    local_flow(v, code, slot) <-- LocalStore(v, code, slot);
    local(code, slot, o) <-- local_flow(v, code, slot), pts(v, o);
    local(code, slot, o) <-- StaticLocal(code, slot, o);
    pts(out, o) <-- LoadLocal(_, code, slot, out), local(code, slot, o);
}
