//! Implicit calls: special methods the interpreter calls for an instruction,
//! looked up on the type of the operand (`special_attr`), with the operand as
//! the first argument. The calling site is the instruction itself, so these
//! are call edges of the function whose bytecode triggers them.

ascent::ascent_source! { protocols:

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
    // The exceptional exit (`WITH_EXCEPT_START`) calls the held `__exit__`.
    arg_obj(i, f, 0, r.obj()), arg_var(i, f, 1, exception), result_to(i, f, out) <--
        ExitContext(i, exit, exception, out), pts(exit, ?Obj::Bound(f, r));

    // Iteration: `__iter__`, then `__next__` on what it returned.
    arg_obj(i, f, 0, inst), result_to(i, f, out) <--
        GetIter(i, iv, out), pts(iv, inst), if let Obj::Instance(_, k) = inst, special_attr(*k, Special::Iter, ?Obj::Function(f));
    arg_obj(i, f, 0, inst), result_to(i, f, out) <--
        Next(i, iv, out), pts(iv, inst), if let Obj::Instance(_, k) = inst, special_attr(*k, Special::Next, ?Obj::Function(f));
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

    // Binary operators: in place first when the statement is, then the left operand's method, and the
    // right operand's reflected one (called when the left one is missing or returns NotImplemented).
    arg_obj(i, f, 0, inst), arg_var(i, f, 1, right), result_to(i, f, out) <--
        BinaryOp(i, op, true, left, right, out), pts(left, inst), if let Obj::Instance(_, k) = inst,
        BinarySpecial(op, Operand::InPlace, name), class_attr(*k, name, ?Obj::Function(f));
    arg_obj(i, f, 0, inst), arg_var(i, f, 1, right), result_to(i, f, out) <--
        BinaryOp(i, op, _, left, right, out), pts(left, inst), if let Obj::Instance(_, k) = inst,
        BinarySpecial(op, Operand::Left, name), class_attr(*k, name, ?Obj::Function(f));
    arg_obj(i, f, 0, inst), arg_var(i, f, 1, left), result_to(i, f, out) <--
        BinaryOp(i, op, _, left, right, out), pts(right, inst), if let Obj::Instance(_, k) = inst,
        BinarySpecial(op, Operand::Right, name), class_attr(*k, name, ?Obj::Function(f));
    arg_obj(i, f, 0, inst), arg_var(i, f, 1, right), result_to(i, f, out) <--
        Compare(i, op, left, right, out), pts(left, inst), if let Obj::Instance(_, k) = inst,
        CompareSpecial(op, Operand::Left, name), class_attr(*k, name, ?Obj::Function(f));
    arg_obj(i, f, 0, inst), arg_var(i, f, 1, left), result_to(i, f, out) <--
        Compare(i, op, left, right, out), pts(right, inst), if let Obj::Instance(_, k) = inst,
        CompareSpecial(op, Operand::Right, name), class_attr(*k, name, ?Obj::Function(f));
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
