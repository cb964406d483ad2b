//! Implicit calls: special methods the interpreter calls for an instruction,
//! looked up on the type of the operand (`special_attr`), with the operand as
//! the first argument. The calling site is the instruction itself, so these
//! are call edges of the function whose bytecode triggers them.

ascent::ascent_source! { protocols:

    /// Object `obj` may lack method `name`: an instance whose class does not define it, or a value
    /// that is not an instance of a package class (its builtin method gives up on package operands).
    relation lacks_method(Obj, Sym);
    relation has_owner_name(Insn, Sym);
    relation binary_may_reflect(Insn);
    relation compare_may_reflect(Insn);

    has_owner_name(k, name) <-- has_owner(k, 0, name);
    lacks_method(o, name) <--
        BinaryOp(_, op, _, left, _, _), BinarySpecial(op, Operand::Left, name), pts(left, o),
        if let Obj::Instance(_, k) = o, !has_owner_name(k, name);
    lacks_method(o, name) <--
        BinaryOp(_, op, _, left, _, _), BinarySpecial(op, Operand::Left, name), pts(left, o), if !matches!(o, Obj::Instance(..));
    lacks_method(o, name) <--
        Compare(_, op, left, _, _), CompareSpecial(op, Operand::Left, name), pts(left, o),
        if let Obj::Instance(_, k) = o, !has_owner_name(k, name);
    lacks_method(o, name) <--
        Compare(_, op, left, _, _), CompareSpecial(op, Operand::Left, name), pts(left, o), if !matches!(o, Obj::Instance(..));

    // `obj(...)`: `__call__`.
    call_args(site, f, 1), arg_obj(site, f, 0, inst), result_to(site, f, out) <--
        live_call(site, callee, out), pts(callee, inst), if let Obj::Instance(_, k) = inst,
        special_attr(*k, Special::Call, ?Obj::Function(f));

    // `with m as x:` — `__enter__`'s result is `x`; `__exit__` is held bound for the exits.
    arg_obj(i, f, 0, manager), result_to(i, f, result) <--
        EnterContext(i, mv, _, result, is_async), pts(mv, manager), if let Obj::Instance(_, k) = manager,
        let enter = if *is_async { Special::AEnter } else { Special::Enter },
        special_attr(*k, enter, ?Obj::Function(f));
    pts(exit, Obj::Bound(*f, Recv::Instance(*site, *k))) <--
        EnterContext(_, mv, exit, _, is_async), pts(mv, ?Obj::Instance(site, k)),
        let leave = if *is_async { Special::AExit } else { Special::Exit },
        special_attr(*k, leave, ?Obj::Function(f));
    // The exceptional exit (`WITH_EXCEPT_START`) calls the held `__exit__` with the exception's
    // type, the exception and its traceback.
    arg_obj(*i, *f, 0, r.obj()), arg_var(*i, *f, 2, *exception), result_to(*i, *f, *out) <--
        ExitContext(i, exit, exception, out), pts(exit, ?Obj::Bound(f, r));
    arg_obj(*i, *f, 1, type_of(*o)) <--
        ExitContext(i, exit, exception, _), pts(exit, ?Obj::Bound(f, _)), pts(exception, o), if is_exception_value(*o);

    // Iteration: `__iter__`, then `__next__` on what it returned.
    arg_obj(i, f, 0, inst), result_to(i, f, out) <--
        GetIter(i, iv, out), pts(iv, inst), if let Obj::Instance(_, k) = inst, special_attr(*k, Special::Iter, ?Obj::Function(f));
    arg_obj(i, f, 0, inst), result_to(i, f, out) <--
        Next(i, iv, out), pts(iv, inst), if let Obj::Instance(_, k) = inst, special_attr(*k, Special::Next, ?Obj::Function(f));
    // The old sequence protocol: no `__iter__`, but `__getitem__` with 0, 1, 2, ...
    pts(out, *inst) <--
        GetIter(_, iv, out), pts(iv, inst), if let Obj::Instance(_, k) = inst, !has_special(k, Special::Iter),
        has_special(k, Special::GetItem);
    arg_obj(i, *f, 0, *inst), arg_obj(i, *f, 1, Obj::Const(ConstKind::Int)), result_to(i, *f, *out) <--
        Next(i, iv, out), pts(iv, inst), if let Obj::Instance(_, k) = inst, !has_special(k, Special::Next),
        special_attr(k, Special::GetItem, ?Obj::Function(f));
    // Builtins that call a special method of their argument: `len(x)`, `iter(x)`, `next(x)`.
    arg_obj(*site, *f, 0, *inst), result_to(*site, *f, *out) <--
        live_call(site, callee, out), pts(callee, ?Obj::External(e)), BuiltinFunction(e, ?BuiltinEffect::CallsSpecial(special)),
        CallPositional(site, 0, v), pts(v, inst), if let Obj::Instance(_, k) = inst, special_attr(k, *special, ?Obj::Function(f));
    arg_obj(i, f, 0, inst), result_to(i, f, out) <--
        GetAIter(i, iv, out), pts(iv, inst), if let Obj::Instance(_, k) = inst, special_attr(*k, Special::AIter, ?Obj::Function(f));
    arg_obj(i, f, 0, inst), result_to(i, f, out) <--
        GetANext(i, iv, out), pts(iv, inst), if let Obj::Instance(_, k) = inst, special_attr(*k, Special::ANext, ?Obj::Function(f));

    // Truth: `__bool__`, else `__len__`.
    arg_obj(i, f, 0, inst) <--
        TruthTest(i, v), pts(v, inst), if let Obj::Instance(_, k) = inst, special_attr(*k, Special::Bool, ?Obj::Function(f));
    arg_obj(i, f, 0, inst) <--
        TruthTest(i, v), pts(v, inst), if let Obj::Instance(_, k) = inst, !has_special(*k, Special::Bool),
        special_attr(*k, Special::Len, ?Obj::Function(f));

    // Binary operators: `a op= b` calls the in-place method, or the plain one when the class has
    // none; `a op b` the left operand's method, and the right operand's reflected method when the
    // left one may be missing (a left operand whose class lacks it, such as a builtin value) or the
    // right operand's class derives from the left one's (Python then tries the reflected first).
    arg_obj(i, f, 0, inst), arg_var(i, f, 1, right), result_to(i, f, out) <--
        BinaryOp(i, op, true, left, right, out), pts(left, inst), if let Obj::Instance(_, k) = inst,
        BinarySpecial(op, Operand::InPlace, name), class_attr(k, name, ?Obj::Function(f));
    arg_obj(i, f, 0, inst), arg_var(i, f, 1, right), result_to(i, f, out) <--
        BinaryOp(i, op, false, left, right, out), pts(left, inst), if let Obj::Instance(_, k) = inst,
        BinarySpecial(op, Operand::Left, name), class_attr(k, name, ?Obj::Function(f));
    arg_obj(i, f, 0, inst), arg_var(i, f, 1, right), result_to(i, f, out) <--
        BinaryOp(i, op, true, left, right, out), pts(left, inst), if let Obj::Instance(_, k) = inst,
        BinarySpecial(op, Operand::InPlace, in_place), !has_owner_name(k, in_place),
        BinarySpecial(op, Operand::Left, name), class_attr(k, name, ?Obj::Function(f));
    binary_may_reflect(i) <--
        BinaryOp(i, op, _, left, _, _), pts(left, lo), BinarySpecial(op, Operand::Left, name), lacks_method(lo, name);
    binary_may_reflect(i) <--
        BinaryOp(i, _, _, left, right, _), pts(left, ?Obj::Instance(_, lk)), pts(right, ?Obj::Instance(_, rk)),
        if rk != lk, mro(rk, _, ?Obj::Class(base)), if base == lk;
    arg_obj(i, f, 0, inst), arg_var(i, f, 1, left), result_to(i, f, out) <--
        BinaryOp(i, op, _, left, right, out), binary_may_reflect(i), pts(right, inst), if let Obj::Instance(_, k) = inst,
        BinarySpecial(op, Operand::Right, name), class_attr(k, name, ?Obj::Function(f));
    arg_obj(i, f, 0, inst), arg_var(i, f, 1, right), result_to(i, f, out) <--
        Compare(i, op, left, right, out), pts(left, inst), if let Obj::Instance(_, k) = inst,
        CompareSpecial(op, Operand::Left, name), class_attr(k, name, ?Obj::Function(f));
    compare_may_reflect(i) <--
        Compare(i, op, left, _, _), pts(left, lo), CompareSpecial(op, Operand::Left, name), lacks_method(lo, name);
    arg_obj(i, f, 0, inst), arg_var(i, f, 1, left), result_to(i, f, out) <--
        Compare(i, op, left, right, out), compare_may_reflect(i), pts(right, inst), if let Obj::Instance(_, k) = inst,
        CompareSpecial(op, Operand::Right, name), class_attr(k, name, ?Obj::Function(f));
    arg_obj(i, f, 0, inst), result_to(i, f, out) <--
        UnaryOp(i, op, operand, out), pts(operand, inst), if let Obj::Instance(_, k) = inst,
        if let Some(special) = unary_special(*op), special_attr(*k, special, ?Obj::Function(f));
    arg_obj(i, f, 0, inst), arg_var(i, f, 1, item), result_to(i, f, out) <--
        Contains(i, _, item, container, out), pts(container, inst), if let Obj::Instance(_, k) = inst,
        special_attr(*k, Special::Contains, ?Obj::Function(f));

    // Subscripts.
    arg_obj(i, f, 0, inst), arg_var(i, f, 1, key), result_to(i, f, out) <--
        Subscript(i, cv, key, out), pts(cv, inst), if let Obj::Instance(_, k) = inst,
        special_attr(*k, Special::GetItem, ?Obj::Function(f));
    arg_obj(i, f, 0, inst), arg_var(i, f, 1, key), arg_var(i, f, 2, value) <--
        StoreSubscript(i, cv, key, value), pts(cv, inst), if let Obj::Instance(_, k) = inst,
        special_attr(*k, Special::SetItem, ?Obj::Function(f));
}
