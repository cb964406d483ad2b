//! Exceptions: what a code object raises (itself, or through its callees)
//! reaches the handlers of its exception regions, and so the `except ... as e` name.

ascent::ascent_source! { exceptions_prepare:

    RaiseIn(code, i, ev) <-- Raise(i, ev), InsnCode(i, code);
    HandlerOf(code, h) <-- HandlerVar(h, region, _), ExceptionRegion(region, code, _, _, _, _, _);
}

ascent::ascent_source! { exceptions:

    /// Code object `code`, run in `ctx`, may raise `obj` (an instance).
    relation raises(Ctx, Code, HCtx, Obj);
    /// `raise` at `i` (in `ctx`) raises a new instance of class `k`.
    relation class_raised(Ctx, Insn, Insn);
    /// Code object `caller` in `ctx` has a call site that runs `callee` in `callee_ctx` (what it
    /// raises, `caller` may).
    relation caller_of(Ctx, Code, Ctx, Code);

    raises(ctx, code, h, o) <-- RaiseIn(code, _, ev), pts(ctx, ev, h, o), if is_exception_value(*o);
    // `raise E` raises `E()`.
    raises(ctx, code, ctx.record(), Obj::Instance(*i, *k)), class_raised(ctx, i, k) <--
        RaiseIn(code, i, ev), pts(ctx, ev, _, ?Obj::Class(k));
    arg_obj(ctx, i, init, 0, ctx.record(), Obj::Instance(*i, *k)), receiver_request(ctx, i, init, Obj::Instance(*i, *k)) <--
        class_raised(ctx, i, k), special_attr(k, Special::Init, _, ?Obj::Function(init));
    caller_of(callee_ctx, callee, ctx, caller) <-- context_call_edge(ctx, site, callee_ctx, callee), InsnCode(site, caller);
    raises(ctx, caller, h, o) <-- caller_of(callee_ctx, callee, ctx, caller), raises(callee_ctx, callee, h, o);

    pts(ctx, handler, h, o) <-- HandlerOf(code, handler), raises(ctx, code, h, o);
}
