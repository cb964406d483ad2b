//! Exceptions: what a code object raises (itself, or through its callees)
//! reaches the handlers of its exception regions, and so the `except ... as e` name.

ascent::ascent_source! { exceptions_prepare:

    RaiseIn(code, i, ev) <-- Raise(i, ev), InsnCode(i, code);
    HandlerOf(code, h) <-- HandlerVar(h, region, _), ExceptionRegion(region, code, _, _, _, _, _);
}

ascent::ascent_source! { exceptions:

    /// Code object `code` may raise `obj` (an instance).
    relation raises(Code, Obj);
    /// `raise` at `i` raises a new instance of class `k`.
    relation class_raised(Insn, Insn);
    /// Code object `caller` has a call site that runs `callee` (what it raises, `caller` may).
    relation caller_of(Code, Code);

    raises(code, o) <-- RaiseIn(code, _, ev), pts(ev, o), if is_exception_value(*o);
    // `raise E` raises `E()`.
    raises(code, Obj::Instance(*i, *k)), class_raised(i, k) <-- RaiseIn(code, i, ev), pts(ev, ?Obj::Class(k));
    arg_obj(i, init, 0, Obj::Instance(*i, *k)) <-- class_raised(i, k), special_attr(k, Special::Init, ?Obj::Function(init));
    caller_of(callee, caller) <-- call_edge(site, callee), InsnCode(site, caller);
    raises(caller, o) <-- caller_of(callee, caller), raises(callee, o);

    pts(h, o) <-- HandlerOf(code, h), raises(code, o);
}
