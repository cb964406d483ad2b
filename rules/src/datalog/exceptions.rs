//! Exceptions: what a code object raises (itself, or through its callees)
//! reaches the handlers of its exception regions, and so the `except ... as e` name.

ascent::ascent_source! { exceptions:

    /// Code object `code` may raise `obj` (an instance).
    relation raises(Code, Obj);

    raises(code, o) <-- Raise(i, ev), InsnCode(i, code), pts(ev, o), if is_exception_value(*o);
    // `raise E` raises `E()`.
    raises(code, Obj::Instance(*i, *k)) <-- Raise(i, ev), InsnCode(i, code), pts(ev, ?Obj::Class(k));
    arg_obj(i, init, 0, Obj::Instance(*i, *k)) <--
        Raise(i, ev), pts(ev, ?Obj::Class(k)), special_attr(k, Special::Init, ?Obj::Function(init));
    raises(caller, o) <-- raises(callee, o), call_edge(site, callee), InsnCode(site, caller);

    pts(h, o) <-- HandlerVar(h, region, _), ExceptionRegion(region, code, _, _, _, _, _), raises(code, o);
}
