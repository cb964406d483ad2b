//! Generators and coroutines, structurally: calling one gives a generator
//! object (`result`); what it yields are its elements, so iteration reads them
//! like a container's (or a constant's); `yield from` and `await` pass yields
//! through and take the delegate's return value.

ascent::ascent_source! { generators_prepare:

    ElemFlow(v, Obj::Generator(*code)) <-- Yield(i, v, _), InsnCode(i, code);
    // Stepping an iterator reads an element; `await x` drives `x` itself.
    ElemLoad(iv, out) <-- Next(_, iv, out);
    Copy(v, out) <-- Await(_, v, out);
    // The awaiting `Delegate` and `yield from` re-yield what the delegate yields.
    ElemCopyTo(rv, Obj::Generator(*code)) <-- Delegate(i, rv, _, _), InsnCode(i, code);
    AsyncGeneratorCode(g) <-- Code(g, _, _, _, CodeKind::AsyncGenerator, _);
    EnterResult(mv, result, *is_async) <-- EnterContext(_, mv, _, result, is_async);
    // An async generator's yields are wrapped (3.11+) so that `__anext__` can tell them from
    // awaits; the consumer receives the value itself.
    Copy(v, out) <-- CallIntrinsic(i, Intrinsic::AsyncGenWrap, out), IntrinsicArg(i, 0, v);
}

ascent::ascent_source! { generators:

    /// What the generator object `(h, Generator(g))` returns: what its code returns in the
    /// activation that made it.
    relation generator_returns(HCtx, Code, HCtx, Obj);

    // Iterating a container, generator or iterable constant gives it back.
    pts(ctx, out, h, c) <-- GetIter(_, iv, out), pts(ctx, iv, h, c), if c.iterates_own_elements();
    pts(ctx, out, h, c) <-- GetAIter(_, iv, out), pts(ctx, iv, h, c), if matches!(c, Obj::Generator(_));
    // `async for`: the awaitable `__anext__` gives is awaited to the next yielded value.
    pts(ctx, out, *h, *c) <-- GetANext(_, iv, out), pts(ctx, iv, h, c), if matches!(c, Obj::Generator(_));

    // A generator entered by `with` (a `contextlib.contextmanager` function's): the target is
    // what it yields; `async with` awaits the async generator itself, which gives that.
    elem_load(*h, *g, ctx, *result) <-- EnterResult(mv, result, false), pts(ctx, mv, h, g), if matches!(g, Obj::Generator(_));
    pts(ctx, result, h, g) <-- EnterResult(mv, result, true), pts(ctx, mv, h, g), if matches!(g, Obj::Generator(_));
    // `with ext.Client() as c:` — an outside `__enter__`; most return the object itself, and an
    // outside value's methods are outside names either way.
    pts(ctx, result, h, e) <-- EnterResult(mv, result, _), pts(ctx, mv, h, e), if matches!(e, Obj::External(_));

    // A delegate's return value is the result of `yield from` / `await`.
    // An async generator's `__anext__` gives its yields, never its return value.
    generator_returns(gctx.record(), g, h, o) <-- returns(gctx, g, h, o), GeneratorCode(g);
    pts(ctx, out, ho, o) <--
        Delegate(_, rv, _, out), pts(ctx, rv, h, ?Obj::Generator(g)), !AsyncGeneratorCode(g), generator_returns(h, g, ho, o);
    pts(ctx, out, ho, o) <--
        Delegate(_, rv, _, out), pts(ctx, rv, h, ?Obj::Generator(g)), AsyncGeneratorCode(g), elem(h, Obj::Generator(*g), ho, o);
}
