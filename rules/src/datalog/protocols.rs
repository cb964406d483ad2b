//! Implicit calls: special methods the interpreter calls for an instruction,
//! looked up on the type of the operand (`class_attr`), with the operand as
//! the first argument. The calling site is the instruction itself, so these
//! are call edges of the function whose bytecode triggers them.

ascent::ascent_source! { protocols_prepare:

    // One shape for the instructions that call methods of their operands: the method's name,
    // the receiver, the other arguments and where the result goes.
    ImplicitCall(i, Operand::Left, name, mv), ImplicitResult(i, Operand::Left, result) <--
        EnterContext(i, mv, _, result, is_async), let enter = if *is_async { Special::AEnter } else { Special::Enter },
        SpecialName(enter, name);
    ContextExit(mv, exit, leave) <--
        EnterContext(_, mv, exit, _, is_async), let leave = if *is_async { Special::AExit } else { Special::Exit };
    ImplicitCall(i, Operand::Left, name, iv), ImplicitResult(i, Operand::Left, out) <--
        GetIter(i, iv, out), SpecialName(Special::Iter, name);
    ImplicitCall(i, Operand::Left, name, iv), ImplicitResult(i, Operand::Left, out) <--
        Next(i, iv, out), SpecialName(Special::Next, name);
    ImplicitCall(i, Operand::Left, name, iv), ImplicitResult(i, Operand::Left, out) <--
        GetAIter(i, iv, out), SpecialName(Special::AIter, name);
    ImplicitCall(i, Operand::Left, name, iv), ImplicitResult(i, Operand::Left, out) <--
        GetANext(i, iv, out), SpecialName(Special::ANext, name);
    ImplicitCall(i, Operand::Left, name, v) <-- TruthTest(i, v), SpecialName(Special::Bool, name);
    ImplicitCall(i, Operand::Left, name, operand), ImplicitResult(i, Operand::Left, out) <--
        UnaryOp(i, op, operand, out), if let Some(special) = unary_special(*op), SpecialName(special, name);
    ImplicitCall(i, Operand::Left, name, container), ImplicitArg(i, Operand::Left, 1, item), ImplicitResult(i, Operand::Left, out) <--
        Contains(i, _, item, container, out), SpecialName(Special::Contains, name);
    ImplicitCall(i, Operand::Left, name, cv), ImplicitArg(i, Operand::Left, 1, key), ImplicitResult(i, Operand::Left, out) <--
        Subscript(i, cv, key, out), SpecialName(Special::GetItem, name);
    ImplicitCall(i, Operand::Left, name, cv), ImplicitArg(i, Operand::Left, 1, key), ImplicitArg(i, Operand::Left, 2, value) <--
        StoreSubscript(i, cv, key, value), SpecialName(Special::SetItem, name);

    // Binary operators: `a op= b` calls the in-place method, or the plain one when the class has
    // none; `a op b` the left operand's method; both may call the right operand's reflected
    // method (see `may_reflect`). Comparisons likewise, without the in-place form.
    ImplicitArg(i, Operand::Left, 1, right), ImplicitResult(i, Operand::Left, out),
    ImplicitArg(i, Operand::Right, 1, left), ImplicitResult(i, Operand::Right, out) <--
        BinaryOp(i, _, _, left, right, out);
    ImplicitArg(i, Operand::Left, 1, right), ImplicitResult(i, Operand::Left, out),
    ImplicitArg(i, Operand::Right, 1, left), ImplicitResult(i, Operand::Right, out) <--
        Compare(i, _, left, right, out);
    ImplicitCall(i, Operand::Left, name, left), LeftMethod(i, left, name) <--
        BinaryOp(i, op, false, left, _, _), BinarySpecial(op, Operand::Left, name);
    ImplicitCall(i, Operand::Left, in_place, left), FallbackCall(i, in_place, name, left), LeftMethod(i, left, name) <--
        BinaryOp(i, op, true, left, _, _), BinarySpecial(op, Operand::InPlace, in_place), BinarySpecial(op, Operand::Left, name);
    ReflectedCall(i, name, right) <-- BinaryOp(i, op, _, _, right, _), BinarySpecial(op, Operand::Right, name);
    ImplicitCall(i, Operand::Left, name, left), LeftMethod(i, left, name) <--
        Compare(i, op, left, _, _), CompareSpecial(op, Operand::Left, name);
    ReflectedCall(i, name, right) <-- Compare(i, op, _, right, _), CompareSpecial(op, Operand::Right, name);
}

ascent::ascent_source! { protocols:

    /// Instruction `i`, in `ctx`, calls function `f` implicitly, as `operand` (`ImplicitCall`).
    relation implicit_call(Ctx, Insn, Operand, Insn);
    /// An operator or comparison may call the reflected method of its right operand: its left
    /// operand may lack the method (an instance whose class does not define it, or a value that is
    /// not an instance of a package class: its builtin method gives up on package operands), or
    /// the right operand's class derives from the left one's (Python then tries the reflected first).
    relation may_reflect(Insn);
    /// Instruction `i` (in `ctx`) calls method `name` (as `operand`) of the instance `(h, site)` of
    /// class `k`: `ImplicitCall` through `pts`, keyed by class and name.
    relation implicit_receiver(Insn, Sym, Ctx, Insn, Operand, HCtx, Insn);
    /// The same for `FallbackCall` (the instance's class lacks the in-place method) and `ReflectedCall`.
    relation fallback_receiver(Insn, Sym, Ctx, Insn, HCtx, Insn);
    relation reflected_receiver(Insn, Sym, Ctx, Insn, HCtx, Insn);

    implicit_receiver(*k, *name, ctx, *i, *operand, *h, *site) <--
        ImplicitCall(i, operand, name, rv), pts(ctx, rv, h, ?Obj::Instance(site, k));
    implicit_call(ctx, i, *operand, *f), arg_obj(ctx, i, *f, 0, h, Obj::Instance(*site, *k)), context_request(ctx, i, *f, None) <--
        implicit_receiver(k, name, ctx, i, operand, h, site), class_attr(k, name, _, o), if let Obj::Function(f) = o;
    fallback_receiver(*k, *name, ctx, *i, *h, *site) <--
        FallbackCall(i, in_place, name, lv), pts(ctx, lv, h, ?Obj::Instance(site, k)), !HasOwner(*k, in_place);
    implicit_call(ctx, i, Operand::Left, *f), arg_obj(ctx, i, *f, 0, h, Obj::Instance(*site, *k)), context_request(ctx, i, *f, None) <--
        fallback_receiver(k, name, ctx, i, h, site), class_attr(k, name, _, o), if let Obj::Function(f) = o;
    reflected_receiver(*k, *name, ctx, *i, *h, *site) <--
        ReflectedCall(i, name, rv), may_reflect(i), pts(ctx, rv, h, ?Obj::Instance(site, k));
    implicit_call(ctx, i, Operand::Right, *f), arg_obj(ctx, i, *f, 0, h, Obj::Instance(*site, *k)), context_request(ctx, i, *f, None) <--
        reflected_receiver(k, name, ctx, i, h, site), class_attr(k, name, _, o), if let Obj::Function(f) = o;
    arg_var(ctx, i, f, index, v) <-- implicit_call(ctx, i, operand, f), ImplicitArg(i, operand, index, v);
    result_to(ctx, i, f, out) <-- implicit_call(ctx, i, operand, f), ImplicitResult(i, operand, out);

    may_reflect(i) <-- LeftMethod(i, left, name), pts(_, left, _, lo), if let Obj::Instance(_, k) = lo, !HasOwner(k, name);
    may_reflect(i) <-- LeftMethod(i, left, _), pts(_, left, _, lo), if !matches!(lo, Obj::Instance(..));
    may_reflect(i) <--
        BinaryOp(i, _, _, left, right, _), pts(_, left, _, ?Obj::Instance(_, lk)), pts(_, right, _, ?Obj::Instance(_, rk)),
        if rk != lk, MroClass(rk, lk);

    // `obj(...)`: `__call__`.
    call_args(ctx, site, f, 1), arg_obj(ctx, site, f, 0, h, inst), result_to(ctx, site, f, out), context_request(ctx, site, f, None) <--
        call_target(ctx, site, h, inst, out), if let Obj::Instance(_, k) = inst, special_attr(*k, Special::Call, _, ?Obj::Function(f));

    // `with m as x:` — `__enter__`'s result is `x` (above); `__exit__` is held bound for the exits.
    pts(ctx, exit, h, Obj::Bound(*f, Recv::Instance(*site, *k))) <--
        ContextExit(mv, exit, leave), pts(ctx, mv, h, ?Obj::Instance(site, k)), special_attr(*k, *leave, _, ?Obj::Function(f));
    // The exceptional exit (`WITH_EXCEPT_START`) calls the held `__exit__` with the exception's
    // type, the exception and its traceback.
    arg_obj(ctx, *i, *f, 0, *h, r.obj()), arg_var(ctx, *i, *f, 2, *exception), result_to(ctx, *i, *f, *out),
    context_request(ctx, *i, *f, None) <--
        ExitContext(i, exit, exception, out), pts(ctx, exit, h, ?Obj::Bound(f, r));
    arg_obj(ctx, *i, *f, 1, HCtx::default(), type_of(*o)) <--
        ExitContext(i, exit, exception, _), pts(ctx, exit, _, ?Obj::Bound(f, _)), pts(ctx, exception, _, o), if is_exception_value(*o);
    // 3.8 runs the normal exit from the same instruction, with `None` in the exception's
    // place (`BEGIN_FINALLY`): `__exit__(None, None, None)`.
    arg_obj(ctx, *i, *f, 1, *h, *o) <--
        ExitContext(i, exit, exception, _), pts(ctx, exit, _, ?Obj::Bound(f, _)), pts(ctx, exception, h, o),
        if *o == Obj::Const(ConstKind::None);

    // The old sequence protocol: no `__iter__`, but `__getitem__` with 0, 1, 2, ...
    pts(ctx, out, h, *inst) <--
        GetIter(_, iv, out), pts(ctx, iv, h, inst), if let Obj::Instance(_, k) = inst, !HasSpecial(k, Special::Iter),
        SpecialName(Special::GetItem, getitem), Owner(k, getitem, _);
    arg_obj(ctx, i, *f, 0, *h, *inst), arg_obj(ctx, i, *f, 1, HCtx::default(), Obj::Const(ConstKind::Int)),
    result_to(ctx, i, *f, *out), context_request(ctx, *i, *f, None) <--
        Next(i, iv, out), pts(ctx, iv, h, inst), if let Obj::Instance(_, k) = inst, !HasSpecial(k, Special::Next),
        special_attr(k, Special::GetItem, _, ?Obj::Function(f));
    // Builtins that call a special method of their argument: `len(x)`, `iter(x)`, `next(x)`.
    arg_obj(ctx, *site, *f, 0, *h, *inst), result_to(ctx, *site, *f, *out), context_request(ctx, *site, *f, None) <--
        builtin_call(ctx, site, ?BuiltinEffect::CallsSpecial(special), out), CallPositional(site, 0, v), pts(ctx, v, h, inst),
        if let Obj::Instance(_, k) = inst, special_attr(k, *special, _, ?Obj::Function(f));

    // Truth: `__bool__` (above), else `__len__`.
    arg_obj(ctx, i, f, 0, h, inst), context_request(ctx, *i, *f, None) <--
        TruthTest(i, v), pts(ctx, v, h, inst), if let Obj::Instance(_, k) = inst, !HasSpecial(*k, Special::Bool),
        special_attr(*k, Special::Len, _, ?Obj::Function(f));
}
