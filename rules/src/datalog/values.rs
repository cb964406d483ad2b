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

    /// Stack variable `var`, in an activation in context `ctx`, may hold `obj` (made with heap
    /// context `hctx`).
    relation pts(Ctx, Var, HCtx, Obj);
    /// Local `slot` of `code`, in context `ctx`, may hold `obj` (flow-insensitive).
    relation local(Ctx, Code, Slot, HCtx, Obj);
    /// Code object `code` may run in context `ctx`: a module body, or the callee of a call edge.
    relation reachable(Ctx, Code);
    /// The contexts whose static loads hold in `code`: those it runs in, and the root
    /// context for every code object (loads of globals, class-body names, cells and
    /// `*args` containers hold there even in code no call reaches).
    relation active(Ctx, Code);
    /// What `from` holds in `ctx`, `to` holds in `to_ctx`: copies the rules find (a builtin
    /// container's `get` returning its default, stores read back through fields, ...).
    relation flow(Ctx, Var, Ctx, Var);
    /// What `var` holds in `ctx` is stored in local `slot` of `code` in `callee_ctx`:
    /// arguments bound to parameters.
    relation local_flow(Ctx, Var, Ctx, Code, Slot);

    active(ctx, code) <-- reachable(ctx, code);
    active(Ctx::default(), code) <-- CodeModule(code, _);

    pts(ctx, to, h, o) <-- Copy(from, to), pts(ctx, from, h, o);
    pts(to_ctx, to, h, o) <-- flow(ctx, from, to_ctx, to), pts(ctx, from, h, o);
    pts(ctx, out, heap_of(ctx, o), o) <-- Alloc(code, out, o), reachable(ctx, code);

    local(ctx, code, slot, h, o) <-- LocalStore(v, code, slot), pts(ctx, v, h, o);
    // Outside arguments bind in `outside.rs`, which names them at the parameters outside code fills.
    local(callee_ctx, code, slot, h, o) <--
        local_flow(ctx, v, callee_ctx, code, slot), pts(ctx, v, h, o), if !o.is_outside_argument();
    local(ctx, code, slot, heap_of(ctx, o), o) <-- StaticLocal(code, slot, o), active(ctx, code);
    pts(ctx, out, h, o) <-- LoadLocal(_, code, slot, out), local(ctx, code, slot, h, o);
}
