//! Exceptions: what an instruction raises (itself, or through its callees) reaches the
//! handler of the exception region covering it, and so the `except ... as e` name; what a
//! handler does not handle it re-raises into the region covering its entry. What a code object
//! raises anywhere may leave it, to its callers.

ascent::ascent_source! { exceptions_prepare:

    RaiseIn(code, i, ev) <-- Raise(i, ev), InsnCode(i, code);
    RegionRaise(region, ev) <-- Raise(i, ev), InsnRegion(i, region);
    HandlerOf(region, h) <-- HandlerVar(h, region, _);
    CodeRegion(code, region) <-- ExceptionRegion(region, code, _, _, _, _, _);
    // A handler's own instructions (its re-raise of what no clause matches, a `finally` body's
    // end) are covered by the region around its entry, or by none (they leave the code).
    ReraisesTo(region, outer) <-- ExceptionRegion(region, _, _, _, handler, _, _), InsnRegion(handler, outer);
}

ascent::ascent_source! { exceptions:

    // A raised object travels as its kind (`Context::exception_kind`: its class, unless a
    // context-sensitive activation made it), and a handler receives every raised object of the
    // kinds that reach it.

    /// Code object `code`, run in `ctx`, may raise an exception of kind `kind`.
    relation raises(Ctx, Code, Obj);
    /// An instruction covered by exception region `region`, run in `ctx`, may raise an exception
    /// of kind `kind`: the region's handler receives it.
    relation caught(Ctx, u32, Obj);
    /// `obj` (made in heap context `h`) is raised somewhere, as an exception of kind `kind`.
    relation exception_object(Obj, HCtx, Obj);
    /// `raise` at `i` (in `ctx`) raises a new instance of class `k`, of kind `kind`.
    relation class_raised(Ctx, Insn, Insn, Obj);
    /// Code object `caller` in `ctx` has a call site that runs `callee` in `callee_ctx` (what it
    /// raises, `caller` may).
    relation caller_of(Ctx, Code, Ctx, Code);
    /// What `callee` raises in `callee_ctx` reaches the handler of `region` in `ctx`.
    relation caught_from(Ctx, Code, Ctx, u32);
    /// What the generator object `(h, Generator(g))` raises when its body runs: what its code
    /// raises in the activation that made it.
    relation generator_raises(HCtx, Code, Obj);
    /// Instruction `i` (in `ctx`) steps or awaits the generator object `(h, Generator(g))`.
    relation runs_generator(Ctx, Insn, HCtx, Code);

    raises(ctx, code, Ctx::exception_kind(h, *o)), exception_object(Ctx::exception_kind(h, *o), h, o) <--
        RaiseIn(code, _, ev), pts(ctx, ev, h, o), if is_exception_value(*o);
    // `raise E` raises `E()`.
    class_raised(ctx, i, k, Ctx::exception_kind(&ctx.record(), Obj::Instance(*i, *k))) <--
        RaiseIn(_, i, ev), pts(ctx, ev, _, ?Obj::Class(k));
    raises(ctx, code, kind) <-- class_raised(ctx, i, _, kind), InsnCode(i, code);
    exception_object(kind, ctx.record(), Obj::Instance(*i, *k)) <-- class_raised(ctx, i, k, kind);
    arg_obj(ctx, i, init, 0, ctx.record(), Obj::Instance(*i, *k)), receiver_request(ctx, i, init, Obj::Instance(*i, *k)) <--
        class_raised(ctx, i, k, _), special_attr(k, Special::Init, _, ?Obj::Function(init));
    caller_of(callee_ctx, callee, ctx, caller) <-- context_call_edge(ctx, site, callee_ctx, callee), InsnCode(site, caller);
    raises(ctx, caller, kind) <-- caller_of(callee_ctx, callee, ctx, caller), raises(callee_ctx, callee, kind);

    caught(ctx, region, Ctx::exception_kind(h, *o)) <-- RegionRaise(region, ev), pts(ctx, ev, h, o), if is_exception_value(*o);
    caught(ctx, region, kind) <-- class_raised(ctx, i, _, kind), InsnRegion(i, region);
    caught_from(callee_ctx, callee, ctx, region) <--
        context_call_edge(ctx, site, callee_ctx, callee), InsnRegion(site, region), !GeneratorCode(callee);
    // A generator's body runs where it is iterated, which its maker may do anywhere, also in a
    // call into outside code (`list(g)`): what it raises reaches every handler of the code that
    // made it.
    caught_from(callee_ctx, callee, ctx, region) <--
        context_call_edge(ctx, site, callee_ctx, callee), GeneratorCode(callee), InsnCode(site, code), CodeRegion(code, region);
    caught(ctx, region, kind) <-- caught_from(callee_ctx, callee, ctx, region), raises(callee_ctx, callee, kind);
    caught(ctx, outer, kind) <-- caught(ctx, region, kind), ReraisesTo(region, outer);

    // A generator's body runs where it is stepped (`for`, `next`) or delegated to (`yield from`,
    // `await`), which may be in a function it was passed to: what it raises is raised there too.
    generator_raises(gctx.record(), g, kind) <-- raises(gctx, g, kind), GeneratorCode(g);
    runs_generator(ctx, i, h, g) <-- Next(i, iv, _), pts(ctx, iv, h, ?Obj::Generator(g));
    runs_generator(ctx, i, h, g) <-- Delegate(i, rv, _, _), pts(ctx, rv, h, ?Obj::Generator(g));
    raises(ctx, code, kind) <-- runs_generator(ctx, i, h, g), generator_raises(h, g, kind), InsnCode(i, code);
    caught(ctx, region, kind) <-- runs_generator(ctx, i, h, g), generator_raises(h, g, kind), InsnRegion(i, region);

    pts(ctx, handler, h, o) <-- HandlerOf(region, handler), caught(ctx, region, kind), exception_object(kind, h, o);
}
