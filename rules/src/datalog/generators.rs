//! Generators and coroutines, structurally: calling one gives a generator
//! object (`result`); what it yields are its elements, so iteration reads them
//! like a container's; `yield from` and `await` pass yields through and take
//! the delegate's return value.

ascent::ascent_source! { generators:

    elem(Obj::Generator(*code), o) <-- Yield(i, v, _), InsnCode(i, code), pts(v, o);

    // Iterating a container or generator gives it back; stepping gives an element.
    pts(out, c) <-- GetIter(_, iv, out), pts(iv, c), if matches!(c, Obj::Container(_) | Obj::Generator(_));
    pts(out, c) <-- GetAIter(_, iv, out), pts(iv, c), if matches!(c, Obj::Generator(_));
    pts(out, o) <-- Next(_, iv, out), pts(iv, c), elem(c, o);
    // `async for`: the awaitable `__anext__` gives is awaited to the next yielded value.
    pts(out, *c) <-- GetANext(_, iv, out), pts(iv, c), if matches!(c, Obj::Generator(_));

    // `await x` drives `x` itself; `yield from` / the awaiting `Delegate` re-yields and returns.
    pts(out, o) <-- Await(_, v, out), pts(v, o);
    elem(Obj::Generator(*code), o) <-- Delegate(i, rv, _, _), InsnCode(i, code), pts(rv, c), elem(c, o);
    pts(out, o) <-- Delegate(_, rv, _, out), pts(rv, ?Obj::Generator(g)), returns(g, o);
    pts(out, o) <--
        Delegate(_, rv, _, out), pts(rv, ?Obj::Generator(g)), Code(g, _, _, _, CodeKind::AsyncGenerator, _),
        elem(Obj::Generator(*g), o);
}
