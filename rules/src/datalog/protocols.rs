//! Implicit calls: special methods the interpreter calls for an instruction,
//! looked up on the type of the operand (`class_attr`), with the operand as
//! the first argument. The calling site is the instruction itself, so these
//! are call edges of the function whose bytecode triggers them.

ascent::ascent_source! { protocols_prepare:

    // One shape for the instructions that call one method of one operand: the method's name,
    // the receiver, the other arguments and where the result goes.
    ImplicitCall(i, name, mv), ImplicitResult(i, result) <--
        EnterContext(i, mv, _, result, is_async), let enter = if *is_async { Special::AEnter } else { Special::Enter },
        SpecialName(enter, name);
    ContextExit(mv, exit, leave) <--
        EnterContext(_, mv, exit, _, is_async), let leave = if *is_async { Special::AExit } else { Special::Exit };
    ImplicitCall(i, name, iv), ImplicitResult(i, out) <-- GetIter(i, iv, out), SpecialName(Special::Iter, name);
    ImplicitCall(i, name, iv), ImplicitResult(i, out) <-- Next(i, iv, out), SpecialName(Special::Next, name);
    ImplicitCall(i, name, iv), ImplicitResult(i, out) <-- GetAIter(i, iv, out), SpecialName(Special::AIter, name);
    ImplicitCall(i, name, iv), ImplicitResult(i, out) <-- GetANext(i, iv, out), SpecialName(Special::ANext, name);
    ImplicitCall(i, name, v) <-- TruthTest(i, v), SpecialName(Special::Bool, name);
    ImplicitCall(i, name, operand), ImplicitResult(i, out) <--
        UnaryOp(i, op, operand, out), if let Some(special) = unary_special(*op), SpecialName(special, name);
    ImplicitCall(i, name, container), ImplicitArg(i, 1, item), ImplicitResult(i, out) <--
        Contains(i, _, item, container, out), SpecialName(Special::Contains, name);
    ImplicitCall(i, name, cv), ImplicitArg(i, 1, key), ImplicitResult(i, out) <--
        Subscript(i, cv, key, out), SpecialName(Special::GetItem, name);
    ImplicitCall(i, name, cv), ImplicitArg(i, 1, key), ImplicitArg(i, 2, value) <--
        StoreSubscript(i, cv, key, value), SpecialName(Special::SetItem, name);
    LeftOperand(left, name) <-- BinaryOp(_, op, _, left, _, _), BinarySpecial(op, Operand::Left, name);
    LeftOperand(left, name) <-- Compare(_, op, left, _, _), CompareSpecial(op, Operand::Left, name);
}

ascent::ascent_source! { protocols:

    /// Object `obj` may lack method `name`: an instance whose class does not define it, or a value
    /// that is not an instance of a package class (its builtin method gives up on package operands).
    relation lacks_method(Obj, Sym);
    relation binary_may_reflect(Insn);
    relation compare_may_reflect(Insn);
    /// Instruction `i` calls function `f` implicitly (`ImplicitCall`).
    relation implicit_call(Insn, Insn);

    lacks_method(o, name) <-- LeftOperand(left, name), pts(left, o), if let Obj::Instance(_, k) = o, !HasOwner(k, name);
    lacks_method(o, name) <-- LeftOperand(left, name), pts(left, o), if !matches!(o, Obj::Instance(..));

    implicit_call(i, f), arg_obj(i, f, 0, inst) <--
        ImplicitCall(i, name, rv), pts(rv, inst), if let Obj::Instance(_, k) = inst, class_attr(k, name, ?Obj::Function(f));
    arg_var(i, f, index, v) <-- implicit_call(i, f), ImplicitArg(i, index, v);
    result_to(i, f, out) <-- implicit_call(i, f), ImplicitResult(i, out);

    // `obj(...)`: `__call__`.
    call_args(site, f, 1), arg_obj(site, f, 0, inst), result_to(site, f, out) <--
        live_call(site, callee, out), pts(callee, inst), if let Obj::Instance(_, k) = inst,
        special_attr(*k, Special::Call, ?Obj::Function(f));

    // `with m as x:` — `__enter__`'s result is `x` (above); `__exit__` is held bound for the exits.
    pts(exit, Obj::Bound(*f, Recv::Instance(*site, *k))) <--
        ContextExit(mv, exit, leave), pts(mv, ?Obj::Instance(site, k)), special_attr(*k, *leave, ?Obj::Function(f));
    // The exceptional exit (`WITH_EXCEPT_START`) calls the held `__exit__` with the exception's
    // type, the exception and its traceback.
    arg_obj(*i, *f, 0, r.obj()), arg_var(*i, *f, 2, *exception), result_to(*i, *f, *out) <--
        ExitContext(i, exit, exception, out), pts(exit, ?Obj::Bound(f, r));
    arg_obj(*i, *f, 1, type_of(*o)) <--
        ExitContext(i, exit, exception, _), pts(exit, ?Obj::Bound(f, _)), pts(exception, o), if is_exception_value(*o);

    // The old sequence protocol: no `__iter__`, but `__getitem__` with 0, 1, 2, ...
    pts(out, *inst) <--
        GetIter(_, iv, out), pts(iv, inst), if let Obj::Instance(_, k) = inst, !HasSpecial(k, Special::Iter),
        HasSpecial(k, Special::GetItem);
    arg_obj(i, *f, 0, *inst), arg_obj(i, *f, 1, Obj::Const(ConstKind::Int)), result_to(i, *f, *out) <--
        Next(i, iv, out), pts(iv, inst), if let Obj::Instance(_, k) = inst, !HasSpecial(k, Special::Next),
        special_attr(k, Special::GetItem, ?Obj::Function(f));
    // Builtins that call a special method of their argument: `len(x)`, `iter(x)`, `next(x)`.
    arg_obj(*site, *f, 0, *inst), result_to(*site, *f, *out) <--
        external_call(site, e, out), BuiltinFunction(e, ?BuiltinEffect::CallsSpecial(special)),
        CallPositional(site, 0, v), pts(v, inst), if let Obj::Instance(_, k) = inst, special_attr(k, *special, ?Obj::Function(f));

    // Truth: `__bool__` (above), else `__len__`.
    arg_obj(i, f, 0, inst) <--
        TruthTest(i, v), pts(v, inst), if let Obj::Instance(_, k) = inst, !HasSpecial(*k, Special::Bool),
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
        BinarySpecial(op, Operand::InPlace, in_place), !HasOwner(k, in_place),
        BinarySpecial(op, Operand::Left, name), class_attr(k, name, ?Obj::Function(f));
    binary_may_reflect(i) <--
        BinaryOp(i, op, _, left, _, _), pts(left, lo), BinarySpecial(op, Operand::Left, name), lacks_method(lo, name);
    binary_may_reflect(i) <--
        BinaryOp(i, _, _, left, right, _), pts(left, ?Obj::Instance(_, lk)), pts(right, ?Obj::Instance(_, rk)),
        if rk != lk, MroClass(rk, lk);
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
}
