//! Implicit calls: special methods the interpreter calls for an instruction,
//! looked up on the type of the operand (`class_attr`), with the operand as
//! the first argument. The calling site is the instruction itself, so these
//! are call edges of the function whose bytecode triggers them.

ascent::ascent_source! { protocols_prepare:

    /// `var` holds a string constant whose `%` formatting calls no `__repr__`.
    relation PlainFormat(Var);

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
    SpecialCallSite(i, format_special(*conversion), v, Some(*out)) <-- FormatValue(i, v, conversion, out);
    SpecialCallArg(i, 1, spec) <-- FormatSpec(i, spec);
    // Keys of dicts and items of sets are hashed (a subscript's key is hashed for a dict; the
    // rules do not tell containers apart here).
    SpecialCallSite(b, Special::Hash, v, None) <-- BuildContainer(b, ContainerKind::Set, _), ContainerItem(b, _, v);
    SpecialCallSite(b, Special::Hash, key, None) <-- DictEntry(b, _, key, _);
    SpecialCallSite(i, Special::Hash, key, None) <-- DictAdd(i, _, key, _);
    SpecialCallSite(i, Special::Hash, v, None) <-- ContainerAdd(i, ContainerKind::Set, _, v);
    SpecialCallSite(i, Special::Hash, key, None) <-- StoreSubscript(i, _, key, _);
    SpecialCallSite(i, Special::Hash, key, None) <-- Subscript(i, _, key, _);
    // `"%s" % x`.
    PercentFormat(i, left, right, Special::Str) <-- BinaryOp(i, BinaryOperator::Remainder, _, left, right, _);
    PercentFormat(i, left, right, Special::Repr) <-- BinaryOp(i, BinaryOperator::Remainder, _, left, right, _), !PlainFormat(left);
    PlainFormat(v) <-- StackFlow(out, v), LoadConst(_, c, out), Const(c, _, ConstKind::Str, _), !ConstReprFormat(c);
    ImplicitCall(i, Operand::Left, name, operand), ImplicitResult(i, Operand::Left, out) <--
        UnaryOp(i, op, operand, out), if let Some(special) = unary_special(*op), SpecialName(special, name);
    ImplicitCall(i, Operand::Left, name, container), ImplicitArg(i, Operand::Left, 1, item), ImplicitResult(i, Operand::Left, out) <--
        Contains(i, _, item, container, out), SpecialName(Special::Contains, name);
    ImplicitCall(i, Operand::Left, name, cv), ImplicitArg(i, Operand::Left, 1, key), ImplicitResult(i, Operand::Left, out) <--
        Subscript(i, cv, key, out), SpecialName(Special::GetItem, name);
    ImplicitCall(i, Operand::Left, name, cv), ImplicitResult(i, Operand::Left, out) <--
        SliceSubscript(i, cv, _, _, out), SpecialName(Special::GetItem, name);
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
    /// An operator or comparison may call the reflected method of a right operand whose class is
    /// not `left_type`, the class of a left operand that may lack the method (an instance whose
    /// class does not define it, or a value that is not an instance of a package class: its
    /// builtin method gives up on package operands) or whose method may give up (return
    /// `NotImplemented`), or whose class a right operand's class derives from (Python then tries
    /// the reflected first). Python never tries the reflected method of an operand of the left
    /// one's own class.
    relation may_reflect(Insn, Obj);
    /// Code object `code` may return `NotImplemented`.
    relation gives_up(Code);
    /// Instruction or call `i`, in `ctx`, calls special method `special` of the instance
    /// `(h, site)` of class `k` (or, when `k` lacks it, the method `SpecialFallback` names);
    /// the method's result goes to `out` when the call's result is the method's.
    relation special_call(Ctx, Insn, Special, HCtx, Insn, Insn, Option<Var>);
    /// `"..." % right` at `i` in `ctx` (a string on the left) formats what `right` holds with
    /// special method `special`.
    relation string_format(Ctx, Var, Insn, Special);
    /// Builtin call `site`, in `ctx`, calls special method `special` of an element
    /// `(h, element)` of class `k` of its first argument, given another element.
    relation element_special_call(Ctx, Insn, Special, HCtx, Insn, Insn);
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
        ReflectedCall(i, name, rv), may_reflect(i, left_type), pts(ctx, rv, h, ?Obj::Instance(site, k)),
        if *left_type != Obj::Class(*k);
    implicit_call(ctx, i, Operand::Right, *f), arg_obj(ctx, i, *f, 0, h, Obj::Instance(*site, *k)), context_request(ctx, i, *f, None) <--
        reflected_receiver(k, name, ctx, i, h, site), class_attr(k, name, _, o), if let Obj::Function(f) = o;
    arg_var(ctx, i, f, index, v) <-- implicit_call(ctx, i, operand, f), ImplicitArg(i, operand, index, v);
    other_result_to(ctx, i, f, out) <-- implicit_call(ctx, i, operand, f), ImplicitResult(i, operand, out);

    may_reflect(i, type_of(*lo)) <-- LeftMethod(i, left, name), pts(_, left, _, lo), if let Obj::Instance(_, k) = lo, !HasOwner(k, name);
    may_reflect(i, type_of(*lo)) <-- LeftMethod(i, left, _), pts(_, left, _, lo), if !matches!(lo, Obj::Instance(..));
    may_reflect(i, Obj::Class(*lk)) <--
        BinaryOp(i, _, _, left, right, _), pts(_, left, _, ?Obj::Instance(_, lk)), pts(_, right, _, ?Obj::Instance(_, rk)),
        if rk != lk, MroClass(rk, lk);
    gives_up(code) <-- returns(_, code, _, ?Obj::External(e)), SpecialName(Special::NotImplemented, name), if *e == Ext::builtin(*name);
    may_reflect(i, Obj::Class(*k)) <--
        LeftMethod(i, left, name), pts(_, left, _, ?Obj::Instance(_, k)), class_attr(k, name, _, ?Obj::Function(f)),
        MakeFunction(f, code, _), gives_up(code);

    // `obj(...)`: `__call__`.
    call_args(ctx, site, f, 1, site), arg_obj(ctx, site, f, 0, h, inst), own_result_to(ctx, site, f, 1, out), context_request(ctx, site, f, None) <--
        call_target(ctx, site, h, inst, out), if let Obj::Instance(_, k) = inst, special_attr(*k, Special::Call, _, ?Obj::Function(f));

    // `with m as x:` — `__enter__`'s result is `x` (above); `__exit__` is held bound for the exits.
    pts(ctx, exit, h, Obj::Bound(*f, Recv::Instance(*site, *k))) <--
        ContextExit(mv, exit, leave), pts(ctx, mv, h, ?Obj::Instance(site, k)), special_attr(*k, *leave, _, ?Obj::Function(f));
    // The exceptional exit (`WITH_EXCEPT_START`) calls the held `__exit__` with the exception's
    // type, the exception and its traceback.
    arg_obj(ctx, *i, *f, 0, *h, r.obj()), arg_var(ctx, *i, *f, 2, *exception), other_result_to(ctx, *i, *f, *out),
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
    other_result_to(ctx, i, *f, *out), context_request(ctx, *i, *f, None) <--
        Next(i, iv, out), pts(ctx, iv, h, inst), if let Obj::Instance(_, k) = inst, !HasSpecial(k, Special::Next),
        special_attr(k, Special::GetItem, _, ?Obj::Function(f));
    // Builtins that call a special method of their argument (`len(x)`, `str(x)`, `list(x)`
    // calling `__iter__`) and f-string fields (`__format__`), each falling back along
    // `SpecialFallback` when the class lacks the method.
    special_call(ctx, *i, *special, *h, *site, *k, *out) <--
        SpecialCallSite(i, special, v, out), pts(ctx, v, h, ?Obj::Instance(site, k));
    string_format(ctx, *right, *i, *special) <--
        PercentFormat(i, left, right, special), pts(ctx, left, _, ?Obj::Const(ConstKind::Str));
    special_call(ctx, *i, *special, *h, *site, *k, None) <--
        string_format(ctx, right, i, special), pts(ctx, right, h, ?Obj::Instance(site, k));
    special_call(ctx, *i, *special, *h, *site, *k, None) <--
        string_format(ctx, right, i, special), pts(ctx, right, hc, c), if c.iterates_own_elements(),
        elem(hc, c, h, ?Obj::Instance(site, k));
    special_call(ctx, *site, *special, *h, *isite, *k, Some(*out)) <--
        builtin_call(ctx, site, ?BuiltinEffect::CallsSpecial(special), out), CallPositional(site, 0, v),
        pts(ctx, v, h, ?Obj::Instance(isite, k));
    special_call(ctx, *site, Special::Iter, *h, *isite, *k, None) <--
        builtin_call(ctx, site, BuiltinEffect::Iterates, _), CallPositional(site, 0, v), pts(ctx, v, h, ?Obj::Instance(isite, k));
    special_call(ctx, i, *next, h, site, k, out) <--
        special_call(ctx, i, special, h, site, k, out), SpecialFallback(special, next), !HasSpecial(*k, *special);
    arg_obj(ctx, *i, *f, 0, *h, Obj::Instance(*site, *k)), context_request(ctx, *i, *f, None) <--
        special_call(ctx, i, special, h, site, k, _), special_attr(k, special, _, ?Obj::Function(f));
    other_result_to(ctx, *i, *f, *out) <--
        special_call(ctx, i, special, _, _, k, ?Some(out)), special_attr(k, special, _, ?Obj::Function(f));
    // The other arguments: a format spec, a builtin's further arguments (`format(x, spec)`),
    // the index the sequence protocol passes `__getitem__`.
    arg_var(ctx, *i, *f, *index, *v) <--
        special_call(ctx, i, special, _, _, k, _), special_attr(k, special, _, ?Obj::Function(f)), SpecialCallArg(i, index, v);
    arg_var(ctx, *i, *f, *index, *v) <--
        special_call(ctx, i, special, _, _, k, _), special_attr(k, special, _, ?Obj::Function(f)), CallPositional(i, index, v),
        if *index > 0;
    arg_obj(ctx, *i, *f, 1, HCtx::default(), Obj::Const(ConstKind::Int)) <--
        special_call(ctx, i, Special::GetItem, _, _, k, _), special_attr(k, Special::GetItem, _, ?Obj::Function(f));
    // `sorted(xs)`, `min(xs)`, `sum(xs)`: methods of the elements, given the other elements.
    element_special_call(ctx, *site, *special, *h, *element, *k) <--
        builtin_call(ctx, site, ?BuiltinEffect::CallsSpecialOfElements(special), _), !KeyedCall(*site), CallPositional(site, 0, v),
        pts(ctx, v, hc, c), if c.iterates_own_elements(), elem(hc, c, h, ?Obj::Instance(element, k));
    element_special_call(ctx, site, *next, h, element, k) <--
        element_special_call(ctx, site, special, h, element, k), SpecialFallback(special, next), !HasSpecial(*k, *special);
    arg_obj(ctx, *site, *f, 0, *h, Obj::Instance(*element, *k)), arg_elements(ctx, *site, *f, 1, *v),
    context_request(ctx, *site, *f, None) <--
        element_special_call(ctx, site, special, h, element, k), special_attr(k, special, _, ?Obj::Function(f)),
        CallPositional(site, 0, v);

    // Truth: `__bool__` (above), else `__len__`.
    arg_obj(ctx, i, f, 0, h, inst), context_request(ctx, *i, *f, None) <--
        TruthTest(i, v), pts(ctx, v, h, inst), if let Obj::Instance(_, k) = inst, !HasSpecial(*k, Special::Bool),
        special_attr(*k, Special::Len, _, ?Obj::Function(f));
}
