//! Values: the operand stack, locals and constants. `pts(var, obj)` is the
//! points-to relation every other file adds to; `reachable(code)` gates where
//! objects are made, so unreachable code contributes nothing.

ascent::ascent_source! { values:

    /// Stack variable `var` may hold `obj`.
    relation pts(Var, Obj);
    /// Local slot `slot` of `code` may hold `obj` (flow-insensitive).
    relation local(Code, Slot, Obj);
    /// Code object `code` may run: a module body, or the callee of a call edge.
    relation reachable(Code);

    /// `StackFlow` between distinct variables: the driver substitutes a read with one
    /// producer by that producer (`crate::substitution`), leaving `x -> x` rows.
    relation copy_flow(Var, Var);

    copy_flow(from, to) <-- StackFlow(from, to), if from != to;
    pts(to, o) <-- copy_flow(from, to), pts(from, o);
    pts(to, o) <-- SameValue(_, from, to), pts(from, o);

    local(code, slot, o) <-- StoreLocal(_, code, slot, v), pts(v, o);
    pts(out, o) <-- LoadLocal(_, code, slot, out), local(code, slot, o);

    pts(out, Obj::Const(*kind)) <--
        LoadConst(i, c, out), InsnCode(i, code), reachable(code), Const(c, _, kind, _);
}
