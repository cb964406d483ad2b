//! Functions and calls: the call graph grows with points-to. A call site
//! invokes a function when its callee may point to it (directly, bound, as a
//! constructor or through a protocol); arguments flow into parameters and the
//! callee's result flows back.
//!
//! How a site passes arguments is one of three shapes, so that binding to
//! parameters is written once: the call's own arguments shifted past bound
//! receivers (`call_args`), an object at a position (`arg_obj`), a variable at
//! a position (`arg_var`). Bindings become edges (`local_flow`, `local_elem_flow`,
//! `elem_flow`, `elem_copy`) that the value rules follow.

ascent::ascent_source! { calls_prepare:

    relation FromMethodSelf(Var);
    relation ReceiverArgument(Insn, Var);
    relation HasReceiverArgument(Insn);
    /// What `var` holds, a call's `*args`, is the tuple `b` builds in place.
    relation StarTuple(Var, Insn);
    relation DefaultValue(Insn, u32, Var);
    /// Default `index` of the function made at `f` is the constant `obj` (every default a
    /// constant: the compiler makes the tuple one constant).
    relation DefaultConst(Insn, u32, Obj);
    relation DefaultIndex(Insn, u32);
    relation DefaultCount(Insn, u32);
    /// Default `index` of the function made at `f` fills local `slot` of `code`.
    relation DefaultSlot(Insn, u32, Code, Slot);
    /// `out` is a load of parameter `slot` of `code` (not `*args` or `**kwargs`).
    relation ParameterLoad(Code, Slot, Var);
    /// A return of `code` may give parameter `slot`.
    relation ReturnedParameter(Code, Slot);
    /// Such a parameter is stored to in `block`.
    relation StoredInBlock(Code, Slot, u32);
    /// Control may enter `block` after a store to such a parameter.
    relation StoreReaches(Code, Slot, u32);
    /// Some code stores to a cell of this name (`nonlocal x; x = ...`, or a captured local's store).
    relation StoredCellName(Sym);
    /// Parameter load `out` may read something other than what the call bound.
    relation ReboundLoad(Var);
    /// `out` loads parameter `slot` of `code` as its call bound it (no default).
    relation BoundParameterLoad(Code, Slot, Var);
    relation BoundParameterLoadVar(Var);
    /// Some value returned `var` reads is not a parameter as bound.
    relation ReadsOther(Var);
    /// Return `insn` of `code` may give parameter `slot` as bound, and nothing else.
    relation ParameterReturnOf(Insn, Code, Slot);
    /// Return `insn` may give either of two parameters.
    relation SeveralParameters(Insn);
    /// Return `insn` gives one parameter as bound.
    relation ParameterReturnInsn(Insn);
    /// `code` stores to its local `slot`.
    relation StoredSlot(Code, Slot);
    /// The `*args` parameter `slot` of `code` holds what the call made, always (no store, no cell).
    relation VarArgsParam(Code, Slot);
    /// `var` is a load of the `*args` of `code`; `VarArgsLoadVar` projects it.
    relation VarArgsLoad(Var, Code);
    relation VarArgsLoadVar(Var);
    /// Some value `var` reads is not a load of `*args`.
    relation NotArgsLoad(Var);
    /// Every value `var` reads is `*args` of `code`.
    relation ArgsLoadOnly(Var, Code);
    /// `var` is what `TO_BOOL` makes of `*args` of `code` (3.13+); `ArgsBoolVar` projects it.
    relation ArgsBool(Var, Code);
    relation ArgsBoolVar(Var);
    /// Some value `var` reads is not the truth of `*args`.
    relation NotArgsBool(Var);
    /// A branch on `var` is a branch on whether `*args` of `code` is empty.
    relation ArgsTruth(Var, Code);
    /// Control enters `block` along more than one edge.
    relation SeveralWaysIn(u32);
    /// `block` of `code` runs only when `*args` is empty (`true`) or only when it is not.
    relation ArgsGuardedBlock(u32, Code, bool);
    /// Return `insn` of `code` is in such a block.
    relation ArgsGuardedInsn(Insn, Code, bool);
    relation GuardedInsn(Insn);
    /// Call `site` has positional arguments.
    relation HasPositional(Insn);
    /// Call `site` in `code` passes on the `*args` of `code` and nothing else: `h(*args)`.
    relation ForwardsArgs(Insn, Code);
    /// `var` is read by a return.
    relation ReturnedVar(Var);
    /// The value `out` holds is read by something other than a return.
    relation UsedElsewhere(Var);
    /// `out` loads parameter `slot` of `code` as its call bound it: the frame never stores it
    /// (no flow-sensitive store reaches the load either) and it is no cell.
    relation BoundLoad(Var, Code, Slot);
    relation BoundLoadVar(Var);
    /// Some value `var` reads is not such a load.
    relation NotBoundLoad(Var);
    /// Every value `var` reads is parameter `slot` of `code` as bound.
    relation BoundRead(Var, Code, Slot);
    relation SeveralBoundReads(Var);
    /// `out` is a constant None; every value `var` reads is one.
    relation NoneOut(Var);
    relation NotNoneRead(Var);
    relation NoneRead(Var);
    /// `out` is `p is None` (`when_true`: it is true exactly when parameter `slot` of `code` is
    /// None) or `p is not None` (it is false then).
    relation IsNoneOut(Var, Code, Slot, bool);
    relation IsNoneOutVar(Var);
    /// Some value `var` reads is not such a test.
    relation NotIsNoneRead(Var);
    /// Control passes from block `from` to `to` along `kind` only when parameter `slot` of `code`
    /// is None (`is_none`) or only when it is not.
    relation NoneGuardEdge(u32, u32, EdgeKind, Code, Slot, bool);
    /// Block `b` is reached from its code object's entry without passing that edge.
    relation ReachedAvoiding(u32, u32, EdgeKind, u32);
    /// Return `insn` of `code` runs only after such an edge.
    relation NoneGuardedInsn(Insn, Code, Slot, bool);

    CallIn(code, site, callee, out) <-- Call(site, callee, out), InsnCode(site, code);

    FromMethodSelf(v) <-- MethodSelf(_, out), StackFlow(out, v);
    ReceiverArgument(site, v) <-- CallReceiver(site, v), !FromMethodSelf(v);
    CallPositional(site, 0, v) <-- ReceiverArgument(site, v);
    CallPositional(site, index + 1, v) <-- CallArg(site, index, v), ReceiverArgument(site, _);
    CallPositional(site, index, v) <-- CallArg(site, index, v), !HasReceiverArgument(site);
    HasReceiverArgument(site) <-- ReceiverArgument(site, _);
    // `f(a, b, **kw)` (`CALL_FUNCTION_EX`) passes its positional arguments in a tuple built in
    // place: they are positional arguments, as `f(a, b)`'s are (they bind as star elements too).
    CallPositional(site, index, v) <-- CallStarArgs(site, sv), StarTuple(sv, b), ContainerItem(b, index, v);
    StarTuple(sv, b) <--
        CallStarArgs(_, sv), StackFlow(built, sv), BuildContainer(b, ContainerKind::Tuple, built), !ExtendedTuple(*b);
    LooseStarArgs(site) <-- CallStarArgs(site, sv), !StarTuple(sv, _);
    NameArg(site, index, name) <-- CallPositional(site, index, v), StackFlow(out, v), NameConst(out, name);
    ModuleNameArg(site, index, m, top) <--
        CallPositional(site, index, v), StackFlow(out, v), LoadConst(_, c, out), ConstModule(c, m, top);
    // `import_module(".mod", "pkg")`: a relative name and its package.
    ModuleNameArg(site, 0, m, top) <--
        CallPositional(site, 0, v), StackFlow(out, v), LoadConst(_, c, out), CallPositional(site, 1, pv),
        StackFlow(pout, pv), LoadConst(_, pc, pout), ConstRelativeModule(c, pc, m, top);
    StringRun(site, code) <-- CallPositional(site, 0, v), StackFlow(out, v), LoadConst(_, c, out), CompiledString(c, code);
    WithFromList(site) <-- CallKeyword(site, name, _), SpecialName(Special::FromList, name);
    WithFromList(site) <-- CallPositional(site, 3, _);
    KeyedCall(site) <-- CallKeyword(site, name, _), SpecialName(Special::Key, name);
    CallbackArg(site, v) <-- CallPositional(site, _, v);
    CallbackArg(site, v) <-- CallKeyword(site, _, v);

    Alloc(code, out, Obj::Function(*f)) <-- MakeFunction(f, _, out), InsnCode(f, code);

    PositionalParam(f, index, code, slot) <--
        MakeFunction(f, code, _), Param(code, index, slot, _, kind), if is_positional(*kind);
    KeywordSlot(f, name, code, slot, index) <--
        MakeFunction(f, code, _), Param(code, index, slot, name, kind), if accepts_keyword(*kind);
    KeywordParam(code, name) <-- Param(code, _, _, name, kind), if accepts_keyword(*kind);
    VarArgsOf(f, code, positional) <-- MakeFunction(f, code, _), CodeArgs(code, positional, _, _, true, _);
    KwArgsOf(f, code) <-- MakeFunction(f, code, _), CodeArgs(code, _, _, _, _, true);
    StaticLocal(code, slot, Obj::Container(Container::var_args(*code))) <-- Param(code, _, slot, _, ParamKind::VarPositional);
    StaticLocal(code, slot, Obj::Container(Container::var_keywords(*code))) <-- Param(code, _, slot, _, ParamKind::VarKeyword);

    // Defaults fill the last positional parameters; keyword-only defaults any keyword-only one.
    DefaultValue(f, index, v) <--
        FunctionAttribute(f, FunctionAttr::Defaults, tuple), StackFlow(built, tuple),
        BuildContainer(b, ContainerKind::Tuple, built), ContainerItem(b, index, v);
    DefaultConst(f, index, Obj::Const(*kind)) <--
        FunctionAttribute(f, FunctionAttr::Defaults, tuple), StackFlow(built, tuple), LoadConst(_, c, built),
        ConstItem(c, index, item), Const(item, _, kind, _);
    DefaultIndex(f, index) <-- DefaultValue(f, index, _);
    DefaultIndex(f, index) <-- DefaultConst(f, index, _);
    DefaultCount(f, n as u32) <-- DefaultIndex(f, _), agg n = count() in DefaultIndex(f, _);
    DefaultSlot(f, index, code, slot) <--
        MakeFunction(f, code, _), DefaultIndex(f, index), DefaultCount(f, count), CodeArgs(code, positional, _, _, _, _),
        if positional >= count, Param(code, positional - count + index, slot, _, _);
    DefaultStore(v, f, code, slot) <-- DefaultValue(f, index, v), DefaultSlot(f, index, code, slot);
    StaticDefault(f, code, slot, o) <-- DefaultConst(f, index, o), DefaultSlot(f, index, code, slot);
    KwDefaultsFlow(dv, f, code, slot) <--
        MakeFunction(f, code, _), FunctionAttribute(f, FunctionAttr::KwDefaults, dv),
        Param(code, _, slot, _, ParamKind::KeywordOnly);
    DefaultParam(f, code, slot, index, if accepts_keyword(*kind) { *name } else { Sym::MAX }) <--
        DefaultSlot(f, _, code, slot), Param(code, index, slot, name, kind);
    DefaultParam(f, code, slot, u32::MAX, name) <-- KwDefaultsFlow(_, f, code, slot), Param(code, _, slot, name, _);
    CallSite(site) <-- CallIn(_, site, _, _);
    StarCall(site) <-- CallStarArgs(site, _);
    StarCall(site) <-- CallStarKwargs(site, _);

    ReturnVar(code, v) <-- Return(i, v), InsnCode(i, code);
    // A return gives a parameter as its call bound it when every value it reads is a load of that
    // one parameter that no store to it can precede (none earlier in the load's block, none in a
    // block from which control reaches the load's block, exception edges included, nor one flow
    // sensitivity finds reaching it; for a parameter in a cell, no store to a cell of its name
    // anywhere); a call that passes nothing there gets the default. Identity decorators, `return self`, `lambda x: x`, and `force_str`'s
    // `if isinstance(s, str): return s` before it rebinds `s`.
    ParameterLoad(code, slot, out) <--
        LoadLocal(_, code, slot, out), !CellSlot(code, slot), Param(code, _, slot, _, kind),
        if is_positional(*kind) || accepts_keyword(*kind);
    ParameterLoad(code, slot, out) <--
        LoadCell(_, code, cell, out), ParamCell(code, slot, cell), Param(code, _, slot, _, kind),
        if is_positional(*kind) || accepts_keyword(*kind);
    ReturnedParameter(code, slot) <-- Return(i, v), InsnCode(i, code), StackFlow(out, v), ParameterLoad(code, slot, out);
    StoredInBlock(code, slot, b) <-- ReturnedParameter(code, slot), StoreLocal(i, code, slot, _), InsnBlock(i, b);
    StoreReaches(code, slot, to) <-- StoredInBlock(code, slot, b), BlockEdge(b, to, _);
    StoreReaches(code, slot, to) <-- StoreReaches(code, slot, b), BlockEdge(b, to, _);
    ReboundLoad(out) <-- LoadLocal(load, code, slot, out), InsnBlock(load, b), StoreReaches(code, slot, b);
    ReboundLoad(out) <--
        LoadLocal(load, code, slot, out), InsnBlock(load, b), StoredInBlock(code, slot, b), StoreLocal(store, code, slot, _),
        InsnBlock(store, b), if store < load;
    // A store flow sensitivity tracks reaches the load itself (`crate::flow`).
    ReboundLoad(out) <-- ParameterLoad(_, _, out), SameValue(_, _, out);
    StoredCellName(name) <-- StoreCell(_, code, slot, _), LocalSlot(code, slot, name);
    ReboundLoad(out) <-- ParameterLoad(code, slot, out), ParamCell(code, slot, cell), LocalSlot(code, cell, name), StoredCellName(name);
    BoundParameterLoad(code, slot, out) <-- ParameterLoad(code, slot, out), !ReboundLoad(out);
    BoundParameterLoadVar(out) <-- BoundParameterLoad(_, _, out);
    ReadsOther(v) <-- Return(_, v), StackFlow(out, v), !BoundParameterLoadVar(out);
    ParameterReturnOf(r, code, slot) <--
        Return(r, v), !ReadsOther(v), StackFlow(out, v), BoundParameterLoad(code, slot, out), !GeneratorCode(code);
    SeveralParameters(r) <-- ParameterReturnOf(r, _, a), ParameterReturnOf(r, _, b), if a != b;
    ParameterReturnInsn(r) <-- ParameterReturnOf(r, _, _), !SeveralParameters(r);
    ReturnsParameter(code, slot) <-- ParameterReturnOf(r, code, slot), !SeveralParameters(r);
    StaticReturn(code, Obj::Const(*kind)) <-- ReturnConst(i, c), InsnCode(i, code), Const(c, _, kind, _);

    // Returns a test of `*args` guards: `if not args: return decorator` then
    // `return decorator(*args)`, so that `@deco` and `@deco(...)` both work. A call's own
    // arguments say whether its `*args` is empty, so it gets only the returns that can run
    // (`guarded_result`); through the merged return, `@deco` would also give `decorator`, and
    // `@deco(...)` every class `@deco` decorates. The test must be on the parameter as called
    // (never stored, not a cell), directly or through `TO_BOOL`, and the return in the block
    // the branch enters, by no other way in.
    StoredSlot(code, slot) <-- StoreLocal(_, code, slot, _);
    VarArgsParam(code, slot) <--
        Param(code, _, slot, _, ParamKind::VarPositional), !CellSlot(code, slot), !StoredSlot(code, slot);
    VarArgsLoad(out, code) <-- LoadLocal(_, code, slot, out), VarArgsParam(code, slot);
    VarArgsLoadVar(out) <-- VarArgsLoad(out, _);
    NotArgsLoad(v) <-- StackFlow(out, v), !VarArgsLoadVar(out);
    ArgsLoadOnly(v, code) <-- StackFlow(out, v), VarArgsLoad(out, code), !NotArgsLoad(v);
    ArgsBool(out, code) <-- ToBool(tb), TruthTest(tb, v), ArgsLoadOnly(v, code), OutVar(out, tb, _);
    ArgsBoolVar(out) <-- ArgsBool(out, _);
    NotArgsBool(v) <-- StackFlow(out, v), !ArgsBoolVar(out);
    ArgsTruth(v, code) <-- ArgsLoadOnly(v, code);
    ArgsTruth(v, code) <-- StackFlow(out, v), ArgsBool(out, code), !NotArgsBool(v);
    SeveralWaysIn(b) <-- BlockEdge(a, b, edge), BlockEdge(other, b, other_edge), if (a, edge) != (other, other_edge);
    ArgsGuardedBlock(b, code, empty) <--
        ConditionalJump(j, condition, v), ArgsTruth(v, code), InsnBlock(j, jb), BlockEdge(jb, b, edge),
        if let Some(empty) = args_empty_along(*condition, *edge), !SeveralWaysIn(*b);
    ArgsGuardedInsn(r, code, empty) <--
        Return(r, _), InsnBlock(r, b), ArgsGuardedBlock(b, code, empty), !GeneratorCode(code), !ParameterReturnInsn(r);
    GuardedInsn(r) <-- ArgsGuardedInsn(r, _, _);
    ArgsGuardedReturn(code, v, empty) <-- ArgsGuardedInsn(r, code, empty), Return(r, v);

    // Returns a test of a parameter for None guards: `if func is None: return partial(deco,
    // ...)` before `return wrapper`, so that `@deco` and `@deco(...)` both work (a class's
    // `__new__` too). A call gets such a return only when it may bind None there, or something
    // else for the other side (`may_bind_none`); through the merged return, `@deco` would also
    // give the partial, and each call of what it decorates would call `deco` again with the
    // call's own arguments. The test reads the parameter as bound (`BoundLoad`), directly (the
    // `is None` jumps, 3.11+) or through `is`/`is not` against the constant None, and every path
    // from the entry to the return passes the branch's edge: the parameter cannot change after.
    BoundLoad(out, code, slot) <--
        LoadLocal(_, code, slot, out), Param(code, _, slot, _, kind), if is_positional(*kind) || accepts_keyword(*kind),
        !CellSlot(code, slot), !StoredSlot(code, slot), !SameValue(_, _, out);
    BoundLoadVar(out) <-- BoundLoad(out, _, _);
    NotBoundLoad(v) <-- StackFlow(out, v), !BoundLoadVar(out);
    BoundRead(v, code, slot) <-- StackFlow(out, v), BoundLoad(out, code, slot), !NotBoundLoad(v);
    SeveralBoundReads(v) <-- BoundRead(v, _, a), BoundRead(v, _, b), if a != b;
    NoneOut(out) <-- LoadConst(_, c, out), Const(c, _, ConstKind::None, _);
    NotNoneRead(v) <-- StackFlow(out, v), !NoneOut(out);
    NoneRead(v) <-- StackFlow(out, v), NoneOut(out), !NotNoneRead(v);
    IsNoneOut(out, code, slot, !negated) <--
        Identity(_, negated, left, right, out), BoundRead(left, code, slot), !SeveralBoundReads(*left), NoneRead(right);
    IsNoneOut(out, code, slot, !negated) <--
        Identity(_, negated, left, right, out), BoundRead(right, code, slot), !SeveralBoundReads(*right), NoneRead(left);
    IsNoneOutVar(out) <-- IsNoneOut(out, _, _, _);
    NotIsNoneRead(v) <-- StackFlow(out, v), !IsNoneOutVar(out);
    NoneGuardEdge(from, to, kind, code, slot, is_none) <--
        ConditionalJump(j, condition, v), BoundRead(v, code, slot), !SeveralBoundReads(v), InsnBlock(j, from),
        BlockEdge(from, to, kind), if let Some(is_none) = test_holds_along(*condition, *kind, false);
    NoneGuardEdge(from, to, kind, code, slot, truthy == *when_true) <--
        ConditionalJump(j, condition, v), StackFlow(out, v), IsNoneOut(out, code, slot, when_true), !NotIsNoneRead(v),
        InsnBlock(j, from), BlockEdge(from, to, kind), if let Some(truthy) = test_holds_along(*condition, *kind, true);
    ReachedAvoiding(from, to, kind, entry) <-- NoneGuardEdge(from, to, kind, code, _, _), EntryBlock(code, entry);
    ReachedAvoiding(from, to, kind, c) <--
        ReachedAvoiding(from, to, kind, b), BlockEdge(b, c, k), if (b, c, k) != (from, to, kind);
    NoneGuardedInsn(r, code, slot, is_none) <--
        Return(r, _), InsnCode(r, code), NoneGuardEdge(from, to, kind, code, slot, is_none), InsnBlock(r, b),
        !ReachedAvoiding(from, to, kind, b), !GeneratorCode(code), !ParameterReturnInsn(r), !ArgsGuardedInsn(r, _, _);
    GuardedInsn(r) <-- NoneGuardedInsn(r, _, _, _);
    NoneGuardedReturn(code, v, slot, is_none) <-- NoneGuardedInsn(r, code, slot, is_none), Return(r, v);
    NoneTestedParam(code, slot) <-- NoneGuardedReturn(code, _, slot, _);
    NoneTestedPositional(f, index, code, slot) <-- NoneTestedParam(code, slot), PositionalParam(f, index, code, slot);
    NoneTestedKeyword(f, name, code, slot) <-- NoneTestedParam(code, slot), KeywordSlot(f, name, code, slot, _);
    NoneTestedFunction(f, code) <-- NoneTestedParam(code, _), MakeFunction(f, code, _);
    UnguardedReturn(code, v) <--
        Return(r, v), InsnCode(r, code), !GuardedInsn(r), !ParameterReturnInsn(r), !GeneratorCode(code);
    // `return decorator(*args)`: what the call gives when `decorator` returns a parameter is one
    // of this function's own arguments (`returns_position`), not every one `*args` ever held.
    ForwardsArgs(site, code) <--
        CallStarArgs(site, sv), ArgsLoadOnly(sv, code), !HasPositional(site), !CallStarKwargs(*site, _),
        !CallKeyword(*site, _, _);
    ReturnedVar(v) <-- Return(_, v);
    UsedElsewhere(out) <-- StackFlow(out, v), !ReturnedVar(v);
    ForwardingReturn(code, site, *positional) <--
        ForwardsArgs(site, code), CallIn(code, site, _, out), StackFlow(out, v), ReturnedVar(v), !UsedElsewhere(*out),
        !GeneratorCode(code), CodeArgs(code, positional, _, _, true, _);
    ForwardingSite(site) <-- ForwardingReturn(_, site, _);
    LastPositional(site, last) <-- CallPositional(site, _, _), agg last = max(index) in CallPositional(site, index, _);
    HasPositional(site) <-- CallPositional(site, _, _);
    NoPositional(site) <-- CallSite(site), !HasPositional(site);
    GeneratorCode(code) <-- Code(code, _, _, _, kind, _), if is_generator(*kind);
    GeneratorCode(code) <-- Code(code, _, name, _, CodeKind::Comprehension, _), SpecialName(Special::GenExpr, name);

    NeverCallsBack(e) <-- BuiltinFunction(e, effect), if effect.never_calls_back();
    ModelledBuiltin(e) <-- BuiltinFunction(e, _);
}

ascent::ascent_source! { calls:

    /// Site `site`, in context `ctx`, passes its own `CallArg`s, `CallKeyword`s and star
    /// arguments to function `f`, positions shifted by `shift` (1 after a bound receiver); the
    /// keywords of call `named` bind too (a partial's making, else `site` itself).
    relation call_args(Ctx, Insn, Insn, u32, Insn);
    /// `call_args` with the context `f` runs in.
    relation call_args_to(Ctx, Insn, Insn, u32, Ctx);
    /// Site `site` passes object `obj` as positional argument `index` of `f`.
    relation arg_obj(Ctx, Insn, Insn, u32, HCtx, Obj);
    /// Site `site` passes what `var` holds as positional argument `index` of `f`.
    relation arg_var(Ctx, Insn, Insn, u32, Var);
    /// The result of `f` invoked at `site` goes to `var`.
    relation result_to(Ctx, Insn, Insn, Var);
    /// The `result_to` of a call passing its own arguments after `shift` others (`call_args`).
    relation own_result_to(Ctx, Insn, Insn, u32, Var);
    /// The `result_to` of any other call: a protocol's, a hook's, a builtin's calling back.
    relation other_result_to(Ctx, Insn, Insn, Var);
    /// What `callee` returns in `callee_ctx` goes to `var` in `ctx`.
    relation result_in(Ctx, Var, Ctx, Code);
    /// Site `site` in context `ctx` invokes the function made at `f`, a function object with
    /// heap context `fh` (`None`: through a bound method, a protocol or a class, which do not
    /// say which function object). The rule set answers in `context_response`.
    relation context_request(Ctx, Insn, Insn, Option<HCtx>);
    /// A call of a method on `receiver` (bound methods, `__init__`, the descriptor protocol):
    /// a descriptor's run in its context, the others become a `context_request`.
    relation receiver_request(Ctx, Insn, Insn, Obj);
    /// Classes whose instances' methods run once per instance (`Context::receiver`): descriptors.
    relation per_receiver(Insn);
    /// The context `f` runs in when `site` invokes it from `ctx` (the rule set's answer).
    relation context_response(Ctx, Insn, Insn, Option<HCtx>, Ctx);
    /// Site `site` in `ctx` runs `f` in `callee_ctx`.
    relation invocation(Ctx, Insn, Insn, Ctx);
    /// An activation of the function made at `f` in `ctx` may have been called without a value
    /// for local `slot` of `code`, which its default then fills.
    relation omitted(Ctx, Insn, Code, Slot);
    /// Call `site` (in `ctx`) passes `f` nothing at defaulted parameter `slot` of `code`: neither
    /// its position (past the shift) nor its keyword, the call's own or its partial's.
    relation passes_nothing(Ctx, Insn, Insn, Code, Slot);
    /// Call `site` in `ctx` runs functions without handing them its own arguments in order (a
    /// builtin or outside code calling back, a class statement running hooks): any defaulted
    /// parameter of theirs may be omitted.
    relation binds_defaults(Ctx, Insn);
    /// Site `site` invokes the function made at `f`.
    relation invokes(Insn, Insn);
    /// The call graph with contexts: site `site` in `ctx` runs code object `callee` in `callee_ctx`.
    relation context_call_edge(Ctx, Insn, Ctx, Code);
    /// The call graph: site `site` runs code object `callee`.
    relation call_edge(Insn, Code);
    /// A `Call` in reachable code.
    relation live_call(Ctx, Insn, Var, Var);
    /// Call `site` in reachable code may call `obj` (something callable); the result goes to `out`.
    relation call_target(Ctx, Insn, HCtx, Obj, Var);
    /// A call in reachable code of an outside object, by name; the result goes to `out`.
    relation external_call(Ctx, Insn, Ext, Var);
    /// A call in reachable code of an outside function whose effect the rules model.
    relation builtin_call(Ctx, Insn, BuiltinEffect, Var);
    /// The function object `(h, f)` is positional argument `index` of the builtin call `site`.
    relation arg_function(Ctx, Insn, u32, HCtx, Insn);
    /// A call of outside code that may call back the functions it is given.
    relation callback_site(Ctx, Insn);
    // The joins of a growing relation with facts that a join with `pts` follows, kept apart
    // so that each iteration joins the new `pts` rows with them (as the first two clauses of
    // a rule, ascent iterates the smaller side) instead of running through every row of both:
    // kubernetes spent 10 s of a 40 s round that way.
    /// `var` is a positional or keyword argument of such a call `site` in `ctx`.
    relation callback_arg(Ctx, Var, Insn);
    /// `var` is a keyword argument of such a call `site` in `ctx`.
    relation callback_keyword(Ctx, Var, Insn);
    /// `var` is positional argument `index` of the builtin call `site` in `ctx`.
    relation builtin_arg(Ctx, Var, Insn, u32);
    /// Site `site`, a call of outside code whose behaviour the rules do not model, is assumed
    /// to call back `callee`, a function it is given (the fallback, not a modelled call).
    relation assumed_call(Insn, Code);
    /// Site `site` passes the elements of what `var` holds as positional argument `index` of `f`.
    relation arg_elements(Ctx, Insn, Insn, u32, Var);
    /// The partial object `(hp, p)` calls `(h, callee)`, with its positional arguments
    /// (`kept_arg`, by index) and keywords (`partial_keyword`) first.
    relation partial_of(HCtx, Insn, HCtx, Obj);
    relation partial_keyword(HCtx, Insn, Sym, HCtx, Obj);
    /// The partial object made at `p` passes `count` positional arguments first.
    relation partial_count(Insn, u32);
    /// Call `site`, in `ctx`, calls the partial object `(hp, p)`; the result goes to `out`.
    relation partial_call(Ctx, Insn, HCtx, Insn, Var);
    /// The partial object `(hp, p)` was made with `**c` (`partial(f, **c)`): its keywords.
    relation partial_spread(HCtx, Insn, HCtx, Obj);
    /// Call `site` of the partial object `(hp, p)` runs function `f`, after `shift` arguments
    /// before the partial's own (a bound method's receiver; the class or instance for `__new__`
    /// and `__init__` of a partial of a class).
    relation partial_target(Ctx, Insn, HCtx, Insn, Insn, u32);
    /// Call `site` of a modelled builtin passes what `var` holds as its parameter `special`,
    /// by position or by keyword (`BuiltinParameter`).
    relation builtin_argument(Ctx, Insn, Special, Var);
    /// Call `site`, of outside code, runs `(h, callee)` (a function or bound method) for the
    /// calling function: a thread's target, a submitted function.
    relation runs(Ctx, Insn, HCtx, Obj);
    /// The thread made at `site` runs `(h, callee)`.
    relation target_of(Ctx, Insn, HCtx, Obj);
    /// The thread made at `site` passes the elements of `(h, c)` as its target's positional
    /// arguments (`Special::Args`) or keywords (`Special::Kwargs`).
    relation target_arguments(Ctx, Insn, Special, HCtx, Obj);
    /// The function `executor.submit` at `site` runs: `(h, callee)`.
    relation submitted(Ctx, Insn, HCtx, Obj);
    /// The future made at `site` (heap context `hf`) may give `obj`: what the submitted function
    /// returns.
    relation future_value(HCtx, Insn, HCtx, Obj);
    /// The attribute getter (`calls` false) or method caller made at `p` names `name`.
    relation name_caller(Insn, Sym, bool);
    /// The object `(h, p)` a builtin made keeps `(ho, o)`, positional argument `index + 1` of
    /// its making, and passes it as argument `index` of the calls it makes: after the callee of
    /// a partial, after the receiver of a method caller (`BuiltinEffect::keeps_arguments`).
    relation kept_arg(HCtx, Insn, u32, HCtx, Obj);
    /// Call `site` calls the method caller `(hp, p)` with `(h, receiver)`, whose class's method
    /// `f` it runs; the result goes to `out`.
    relation method_caller_call(Ctx, Insn, HCtx, Insn, HCtx, Obj, Insn, Var);
    /// What `code` returns in `ctx`.
    relation returns(Ctx, Code, HCtx, Obj);
    /// What calling `code` in `ctx` gives through its returns that neither a test of `*args`
    /// guards nor give a parameter as bound (a generator, for generator functions).
    relation result(Ctx, Code, HCtx, Obj);
    /// What `code` returns in `ctx` through the returns that run only when its `*args` is
    /// empty (`true`) or only when it is not (`ArgsGuardedReturn`); `result` has the others.
    relation guarded_result(Ctx, Code, bool, HCtx, Obj);
    /// Site `site` in `ctx` may call `f` with its `*args` empty (`true`) or not.
    relation args_may_be(Ctx, Insn, Insn, bool);
    /// What `code` returns in `ctx` through the returns a test of its parameter `slot` for None
    /// guards: those that run only when it is None (`true`), or only when it is not.
    relation none_guarded_result(Ctx, Code, Slot, bool, HCtx, Obj);
    /// Site `site` in `ctx` binds parameter `slot` of `f`, one that such a test reads, to what
    /// `var` holds (its own argument there, by position or keyword).
    relation none_tested_arg(Ctx, Insn, Insn, Slot, Var);
    /// The default of that parameter may be None (`true`) or something else.
    relation none_tested_default(Insn, Code, Slot, bool);
    /// Site `site` in `ctx` calls such an `f` otherwise than with its own arguments in order
    /// (star arguments, a partial's, a protocol's or hook's call).
    relation binds_otherwise(Ctx, Insn, Insn);
    /// Site `site` in `ctx` may bind that parameter `slot` of `f` to None (`true`) or to
    /// something else.
    relation may_bind_none(Ctx, Insn, Insn, Slot, bool);
    /// A call of `code` may give its own positional argument `position`: `code` passes its
    /// `*args` on to a function that returns the parameter it lands in (`ForwardingReturn`).
    relation returns_position(Code, u32);
    /// Site `site` in `ctx` calls such a function of `f` without saying what is at the
    /// position (star arguments, elements, a protocol); the result goes to `out`.
    relation position_unknown(Ctx, Insn, Insn, Var);
    /// Site `site` in `ctx` calls `f`, whose code returns its parameter `slot` as bound
    /// (`ReturnsParameter`); the result goes to `out`.
    relation returned_argument(Ctx, Insn, Insn, Slot, Var);
    /// A `returned_argument` call that may bind the parameter otherwise than by its own
    /// arguments (star arguments, elements, a partial's keywords).
    relation pass_through_unknown(Ctx, Insn, Insn, Var);
    /// Site `site` calls something outside the package, by qualified name.
    relation calls_external(Insn, Ext);
    /// The elements of what `var` holds in `ctx` land in local `slot` of `code` in `callee_ctx`
    /// (`f(*xs)`, `f(**kw)`).
    relation local_elem_flow(Ctx, Var, Ctx, Code, Slot);
    /// The elements of `container` land in local `slot` of `code` in `ctx`.
    relation local_elems(HCtx, Obj, Ctx, Code, Slot);
    /// A call spreads container `c` (`f(**c)`) to function `f`, run in `callee_ctx`, past
    /// `shift` arguments bound before the call's own.
    relation kwargs_spread(Insn, u32, Ctx, HCtx, Obj);
    /// A `kwargs_spread` whose every element may bind any keyword.
    relation loose_spread(Insn, u32, Ctx, HCtx, Obj);
    /// The value at key `name` of dict `c` binds local `slot` of `code` in `ctx`.
    relation keyword_bind(HCtx, Obj, Sym, Ctx, Code, Slot);
    /// A default of function `f` may be `obj`, for local `slot` of `code`.
    relation default_value(Insn, Code, Slot, HCtx, Obj);
    /// The keyword-only defaults of function `f`, for local `slot` of `code`, are elements of `c`.
    relation default_elems(HCtx, Obj, Insn, Code, Slot);

    live_call(ctx, site, callee, out) <-- CallIn(code, site, callee, out), reachable(ctx, code), !NotRun(site);
    call_target(ctx, site, h, o, out) <-- live_call(ctx, site, callee, out), pts(ctx, callee, h, o), if o.is_callable();
    external_call(ctx, site, *e, out) <-- call_target(ctx, site, _, ?Obj::External(e), out);
    builtin_call(ctx, site, *effect, out) <-- external_call(ctx, site, e, out), BuiltinFunction(e, effect);
    builtin_arg(ctx, v, site, index) <-- builtin_call(ctx, site, _, _), CallPositional(site, index, v);
    arg_function(ctx, site, index, h, *f) <-- builtin_arg(ctx, v, site, index), pts(ctx, v, h, ?Obj::Function(f));

    // Who is invoked, and in which context: every rule that invokes a function asks
    // (`context_request`), the rule set answers (`context_response`).
    invocation(ctx, site, f, callee_ctx) <-- context_response(ctx, site, f, _, callee_ctx);
    // A method of a descriptor runs once per descriptor, in every rule set: insensitive
    // activations would merge every descriptor's `self` (django's 281 `@cached_property`
    // methods would each be called with every instance any of them is read on). Other
    // methods are asked for as functions are.
    per_receiver(k) <-- HasSpecial(k, special), if matches!(special, Special::Get | Special::Set | Special::SetName);
    context_response(ctx, site, f, None, Ctx::receiver(*made)) <--
        receiver_request(ctx, site, f, ?Obj::Instance(made, k)), per_receiver(k);
    context_request(ctx, site, f, None) <-- receiver_request(ctx, site, f, ?Obj::Instance(_, k)), !per_receiver(*k);
    context_request(ctx, site, f, None) <--
        receiver_request(ctx, site, f, receiver), if !matches!(receiver, Obj::Instance(..));
    invokes(site, f) <-- invocation(_, site, f, _);
    context_call_edge(ctx, site, callee_ctx, callee) <-- invocation(ctx, site, f, callee_ctx), MakeFunction(f, callee, _);
    call_edge(site, callee) <-- context_call_edge(_, site, _, callee);
    reachable(callee_ctx, callee) <-- context_call_edge(_, _, callee_ctx, callee);
    call_args_to(ctx, site, f, shift, callee_ctx) <-- call_args(ctx, site, f, shift, _), invocation(ctx, site, f, callee_ctx);
    result_to(ctx, site, f, out) <-- own_result_to(ctx, site, f, _, out);
    result_to(ctx, site, f, out) <-- other_result_to(ctx, site, f, out);
    result_in(ctx, out, callee_ctx, callee) <--
        result_to(ctx, site, f, out), invocation(ctx, site, f, callee_ctx), MakeFunction(f, callee, _);

    // Plain functions.
    call_args(ctx, site, f, 0, site), own_result_to(ctx, site, f, 0, out), context_request(ctx, site, f, Some(*h)) <--
        call_target(ctx, site, h, ?Obj::Function(f), out);
    // Bound methods: the receiver comes first.
    call_args(ctx, site, f, 1, site), arg_obj(ctx, site, f, 0, h, r.obj()), own_result_to(ctx, site, f, 1, out),
    receiver_request(ctx, site, f, r.obj()) <--
        call_target(ctx, site, h, ?Obj::Bound(f, r), out);

    // Outside the package: by name. A package class with an outside base and no `__init__` of its
    // own runs the base's.
    // An outside argument's methods are whatever outside code passed: unresolved, not a name.
    calls_external(site, e) <-- external_call(_, site, e, _), if !e.is_argument();
    // `importlib.import_module("pkg.mod")`, `__import__("pkg.mod")`: a module a constant names.
    pts(ctx, out, HCtx::default(), Obj::Module(*m)) <--
        builtin_call(ctx, site, BuiltinEffect::ImportsModule, out), ModuleNameArg(site, 0, m, _);
    pts(ctx, out, HCtx::default(), Obj::Module(*top)) <--
        builtin_call(ctx, site, BuiltinEffect::ImportsTopModule, out), ModuleNameArg(site, 0, _, top), !WithFromList(*site);
    pts(ctx, out, HCtx::default(), Obj::Module(*m)) <--
        builtin_call(ctx, site, BuiltinEffect::ImportsTopModule, out), ModuleNameArg(site, 0, m, _), WithFromList(site);
    // `eval("...")`, `exec("...")`: the code compiled from the constant runs in the caller's
    // context; `eval` gives what its expression does, `exec` the `None` its code returns.
    context_call_edge(ctx, site, ctx, code), result_in(ctx, out, ctx, code) <--
        builtin_call(ctx, site, BuiltinEffect::RunsString, out), StringRun(site, code);
    // 3.12+ `super().name` calls `super` inside `LOAD_SUPER_ATTR`.
    calls_external(i, *e) <-- SuperAttr(i, sv, _, _, _, _), pts(_, sv, _, ?Obj::External(e));
    calls_external(site, e) <-- class_call(_, site, k, _, _, _), OutsideInit(k, e);
    // Calling an outside class (by convention a capitalized name: `ext.Client()`, `KeyError()`)
    // gives an outside instance named as the class, whose attributes are named after it.
    pts(ctx, out, HCtx::default(), Obj::External(*e)) <--
        external_call(ctx, _, e, out), !ModelledBuiltin(e), if let Some(last) = e.last(), CapitalizedName(last);
    pts(ctx, out, HCtx::default(), Obj::Const(*kind)) <-- builtin_call(ctx, _, ?BuiltinEffect::Returns(kind), out);
    flow(ctx, v, ctx, out) <-- builtin_call(ctx, site, ?BuiltinEffect::ReturnsArgument(index), out), CallPositional(site, *index, v);
    // Functions handed to outside code may be called back by it (`map(f, xs)`, `sorted(key=f)`);
    // a keyword callback gets the elements of the first argument (`sorted(xs, key=f)`), and
    // `map` and `filter` pass their function the elements of the next argument.
    callback_site(ctx, site) <-- external_call(ctx, site, e, _), if !e.is_argument(), !NeverCallsBack(e);
    callback_site(ctx, site) <-- class_call(ctx, site, k, _, _, _), OutsideInit(k, e), !NeverCallsBack(e);
    callback_arg(ctx, v, site) <-- callback_site(ctx, site), CallbackArg(site, v);
    callback_keyword(ctx, fv, site) <-- callback_site(ctx, site), CallKeyword(site, _, fv);
    context_request(ctx, site, *f, Some(*h)) <-- callback_arg(ctx, v, site), pts(ctx, v, h, ?Obj::Function(f));
    assumed_call(*site, *code) <--
        external_call(ctx, site, e, _), if !e.is_argument(), !ModelledBuiltin(e), CallbackArg(site, v),
        pts(ctx, v, _, ?Obj::Function(f)), MakeFunction(f, code, _);
    assumed_call(*site, *code) <--
        class_call(ctx, site, k, _, _, _), OutsideInit(k, e), !ModelledBuiltin(e), CallbackArg(site, v),
        pts(ctx, v, _, ?Obj::Function(f)), MakeFunction(f, code, _);
    arg_elements(ctx, site, *f, 0, *xv) <--
        callback_keyword(ctx, fv, site), pts(ctx, fv, _, ?Obj::Function(f)), CallPositional(site, 0, xv);
    arg_elements(ctx, site, f, 0, xv) <--
        builtin_call(ctx, site, BuiltinEffect::CallsWithElements, _), arg_function(ctx, site, 0, _, f), CallPositional(site, 1, xv);
    // `functools.wraps(f)` makes a decorator that returns what it decorates.
    pts(ctx, out, HCtx::default(), Obj::PassThrough) <-- builtin_call(ctx, _, BuiltinEffect::PassThroughDecorator, out);
    flow(ctx, v, ctx, out) <-- call_target(ctx, site, _, Obj::PassThrough, out), CallPositional(site, 0, v);

    // A builtin's parameters, as its signature takes them.
    builtin_argument(ctx, site, *special, *v) <--
        builtin_call(ctx, site, effect, _), BuiltinParameter(effect, special, index), CallPositional(site, index, v);
    builtin_argument(ctx, site, *special, *v) <--
        builtin_call(ctx, site, effect, _), BuiltinParameter(effect, special, _), SpecialName(special, name), CallKeyword(site, name, v);
    // Outside code running a function it was given: from the calling function, the receiver of
    // a bound method first.
    context_request(ctx, site, *f, Some(*h)) <-- runs(ctx, site, h, ?Obj::Function(f));
    arg_obj(ctx, site, *f, 0, *h, r.obj()), receiver_request(ctx, site, *f, r.obj()) <-- runs(ctx, site, h, ?Obj::Bound(f, r));

    // `functools.partial(f, *args, **kwargs)`: an object that calls `f` (a function or bound
    // method) with those arguments before the call's own.
    pts(ctx, out, ctx.record(), Obj::Partial(*site)) <-- builtin_call(ctx, site, BuiltinEffect::MakesPartial, out);
    partial_of(ctx.record(), *site, *h, *o) <--
        builtin_call(ctx, site, BuiltinEffect::MakesPartial, _), CallPositional(site, 0, v), pts(ctx, v, h, o);
    kept_arg(ctx.record(), *site, index - 1, *h, *o) <--
        builtin_call(ctx, site, effect, _), if effect.keeps_arguments(), CallPositional(site, index, v), if *index > 0,
        pts(ctx, v, h, o);
    partial_keyword(ctx.record(), *site, *name, *h, *o) <--
        builtin_call(ctx, site, BuiltinEffect::MakesPartial, _), CallKeyword(site, name, v), pts(ctx, v, h, o);
    partial_spread(ctx.record(), *site, *h, *c) <--
        builtin_call(ctx, site, BuiltinEffect::MakesPartial, _), CallStarKwargs(site, kv), pts(ctx, kv, h, c),
        if c.iterates_own_elements();
    partial_count(site, *index) <--
        builtin_call(_, site, BuiltinEffect::MakesPartial, _), CallPositional(site, index, _), !CallPositional(*site, index + 1, _);
    partial_call(ctx, site, hp, p, out) <-- call_target(ctx, site, hp, ?Obj::Partial(p), out);
    call_args(ctx, site, *f, count, p), own_result_to(ctx, site, *f, count, out), context_request(ctx, site, *f, Some(*h)) <--
        partial_call(ctx, site, hp, p, out), partial_of(hp, p, h, ?Obj::Function(f)), partial_count(p, count);
    call_args(ctx, site, *f, count + 1, p), arg_obj(ctx, site, *f, 0, *h, r.obj()), own_result_to(ctx, site, *f, count + 1, out),
    context_request(ctx, site, *f, None) <--
        partial_call(ctx, site, hp, p, out), partial_of(hp, p, h, ?Obj::Bound(f, r)), partial_count(p, count);
    // A partial of a class makes an instance there, as calling the class does.
    class_call(ctx, site, *k, *count, *p, out) <--
        partial_call(ctx, site, hp, p, out), partial_of(hp, p, _, ?Obj::Class(k)), partial_count(p, count);
    partial_target(ctx, site, hp, p, f, shift) <--
        partial_call(ctx, site, hp, p, _), partial_of(hp, p, _, callee), if let Some((f, shift)) = callee.function_and_shift();
    partial_target(ctx, site, hp, p, new, 1) <--
        partial_call(ctx, site, hp, p, _), partial_of(hp, p, _, ?Obj::Class(k)),
        special_attr(k, Special::New, _, ?Obj::Wrapped(Wrapper::StaticMethod, new));
    partial_target(ctx, site, hp, p, init, 1) <--
        partial_call(ctx, site, hp, p, _), partial_of(hp, p, _, ?Obj::Class(k)),
        special_attr(k, Special::Init, _, ?Obj::Function(init));
    arg_obj(ctx, site, f, index + shift, ho, o) <-- partial_target(ctx, site, hp, p, f, shift), kept_arg(hp, p, index, ho, o);
    local(callee_ctx, code, slot, ho, o) <--
        partial_target(ctx, site, hp, p, f, _), invocation(ctx, site, f, callee_ctx), partial_keyword(hp, p, name, ho, o),
        KeywordSlot(f, name, code, slot, _);
    keyed(callee_ctx.record(), Obj::Container(Container::var_keywords(*code)), *name, *ho, *o) <--
        partial_target(ctx, site, hp, p, f, _), invocation(ctx, site, f, callee_ctx), partial_keyword(hp, p, name, ho, o),
        KwArgsOf(f, code), !KeywordParam(code, name);
    // The partial's `**c` binds as a call's own would, past the partial's positional arguments.
    kwargs_spread(*f, shift + count, *callee_ctx, *h, *c) <--
        partial_target(ctx, site, hp, p, f, shift), partial_count(p, count), invocation(ctx, site, f, callee_ctx),
        partial_spread(hp, p, h, c);

    // `threading.Thread(target=f, args=(...), kwargs={...})`: starting the thread runs
    // `f(*args, **kwargs)`; the call is the thread's making (its `start()` is outside code).
    // The thread itself is an outside instance, as for any outside class.
    pts(ctx, out, HCtx::default(), Obj::External(*e)) <-- external_call(ctx, _, e, out), BuiltinFunction(e, BuiltinEffect::RunsTarget);
    target_of(ctx, site, h, o) <-- builtin_argument(ctx, site, Special::Target, v), pts(ctx, v, h, o);
    target_arguments(ctx, site, *special, h, c) <--
        builtin_argument(ctx, site, special, v), if matches!(special, Special::Args | Special::Kwargs),
        pts(ctx, v, h, c), if c.iterates_own_elements();
    runs(ctx, site, h, o) <-- target_of(ctx, site, h, o);
    // `args`: a tuple display by position, anything else element by element into any positional
    // parameter; `kwargs`: its values into any keyword.
    arg_obj(ctx, site, f, index + shift, ho, o) <--
        target_of(ctx, site, _, callee), if let Some((f, shift)) = callee.function_and_shift(),
        target_arguments(ctx, site, Special::Args, hc, c), ExactTuple(c), item(hc, c, index, ho, o);
    local(callee_ctx, code, slot, ho, o) <--
        target_of(ctx, site, _, callee), if let Some((f, shift)) = callee.function_and_shift(),
        target_arguments(ctx, site, Special::Args, hc, c), !ExactTuple(c), invocation(ctx, site, f, callee_ctx),
        PositionalParam(f, index, code, slot), if *index >= shift, elem(hc, c, ho, o);
    local(callee_ctx, code, slot, ho, o) <--
        target_of(ctx, site, _, callee), if let Some((f, shift)) = callee.function_and_shift(),
        target_arguments(ctx, site, Special::Kwargs, hc, c), invocation(ctx, site, f, callee_ctx),
        KeywordSlot(f, _, code, slot, index), if *index >= shift, elem(hc, c, ho, o);

    // `executor.submit(f, *args, **kwargs)`: runs `f(*args, **kwargs)` from the submitting call
    // and returns a future, also an outside instance of the future class; `future.result()`
    // gives what `f` returns.
    pts(ctx, out, ctx.record(), Obj::Future(*site)) <-- builtin_call(ctx, site, BuiltinEffect::Submits, out);
    pts(ctx, out, HCtx::default(), Obj::External(*e)) <--
        builtin_call(ctx, _, BuiltinEffect::Submits, out), BuiltinFunction(e, BuiltinEffect::FutureClass);
    submitted(ctx, site, h, o) <-- builtin_call(ctx, site, BuiltinEffect::Submits, _), CallPositional(site, 0, v), pts(ctx, v, h, o);
    runs(ctx, site, h, o) <-- submitted(ctx, site, h, o);
    arg_var(ctx, site, f, index - 1 + shift, v) <--
        submitted(ctx, site, _, callee), if let Some((f, shift)) = callee.function_and_shift(),
        CallPositional(site, index, v), if *index > 0;
    local_flow(ctx, v, callee_ctx, code, slot) <--
        submitted(ctx, site, _, callee), if let Some((f, _)) = callee.function_and_shift(),
        invocation(ctx, site, f, callee_ctx), CallKeyword(site, name, v), KeywordSlot(f, name, code, slot, _);
    future_value(ctx.record(), site, h, o) <--
        submitted(ctx, site, _, callee), if let Some((f, _)) = callee.function_and_shift(),
        invocation(ctx, site, f, callee_ctx), MakeFunction(f, code, _), returns(callee_ctx, code, h, o),
        !GeneratorCode(code);
    future_value(ctx.record(), site, h, o) <--
        submitted(ctx, site, _, callee), if let Some((f, _)) = callee.function_and_shift(),
        invocation(ctx, site, f, callee_ctx), MakeFunction(f, code, _), GeneratorCode(code), result(callee_ctx, code, h, o);
    pts(ctx, out, *h, Obj::FutureResult(*s)) <-- attr_load(ctx, _, h, ?Obj::Future(s), name, out), SpecialName(Special::Result, name);
    pts(ctx, out, ho, o) <-- call_target(ctx, _, h, ?Obj::FutureResult(s), out), future_value(h, s, ho, o);

    // `operator.attrgetter("name")` and `operator.methodcaller("name", *args)`: called with `x`,
    // they read `x.name`, or call the method `name` of `x`'s class with `x` and those arguments.
    pts(ctx, out, ctx.record(), Obj::NameCaller(*site)) <-- builtin_call(ctx, site, BuiltinEffect::MakesAttrGetter, out);
    pts(ctx, out, ctx.record(), Obj::NameCaller(*site)) <-- builtin_call(ctx, site, BuiltinEffect::MakesMethodCaller, out);
    name_caller(*site, *name, false) <-- builtin_call(_, site, BuiltinEffect::MakesAttrGetter, _), NameArg(site, 0, name);
    name_caller(*site, *name, true) <-- builtin_call(_, site, BuiltinEffect::MakesMethodCaller, _), NameArg(site, 0, name);
    attr_load(ctx, *site, *h, *b, *name, *out) <--
        call_target(ctx, site, _, ?Obj::NameCaller(p), out), name_caller(p, name, false), CallPositional(site, 0, v), pts(ctx, v, h, b);
    method_caller_call(ctx, *site, *hp, *p, *h, Obj::Instance(*isite, *k), *f, *out) <--
        call_target(ctx, site, hp, ?Obj::NameCaller(p), out), name_caller(p, name, true), CallPositional(site, 0, v),
        pts(ctx, v, h, ?Obj::Instance(isite, k)), class_attr(k, name, _, ?Obj::Function(f));
    arg_obj(ctx, site, f, 0, h, inst), other_result_to(ctx, site, f, out), context_request(ctx, site, f, None), binds_defaults(ctx, site) <--
        method_caller_call(ctx, site, _, _, h, inst, f, out);
    arg_obj(ctx, site, f, index + 1, ho, o) <--
        method_caller_call(ctx, site, hp, p, _, _, f, _), kept_arg(hp, p, index, ho, o);

    // Positional arguments; extra ones are collected in `*args`.
    local_flow(ctx, v, callee_ctx, callee, slot) <--
        call_args_to(ctx, site, f, shift, callee_ctx), CallPositional(site, index, v), PositionalParam(f, index + shift, callee, slot);
    // An activation run for one descriptor (`Context::receiver`) binds only that descriptor as
    // its receiver: one site may reach several (a class statement calls every descriptor's
    // `__set_name__`, a load of any name reads every `__get__`).
    local(callee_ctx, callee, slot, h, o) <--
        arg_obj(ctx, site, f, index, h, o), invocation(ctx, site, f, callee_ctx),
        if *index > 0 || callee_ctx.runs_for(o), PositionalParam(f, index, callee, slot);
    local_flow(ctx, v, callee_ctx, callee, slot) <--
        arg_var(ctx, site, f, index, v), invocation(ctx, site, f, callee_ctx), PositionalParam(f, index, callee, slot);
    elem_flow(ctx, v, callee_ctx.record(), Obj::Container(Container::var_args(*callee))) <--
        call_args_to(ctx, site, f, shift, callee_ctx), CallPositional(site, index, v), VarArgsOf(f, callee, positional),
        if index + shift >= *positional;
    elem(callee_ctx.record(), Obj::Container(Container::var_args(*callee)), h, o) <--
        arg_obj(ctx, site, f, index, h, o), invocation(ctx, site, f, callee_ctx), VarArgsOf(f, callee, positional),
        if index >= positional;

    // Keywords bind by name, or are collected in `**kwargs`; none binds a parameter that the
    // arguments before the call's own fill (a bound receiver: `self=` is a TypeError).
    local_flow(ctx, v, callee_ctx, callee, slot) <--
        call_args_to(ctx, site, f, shift, callee_ctx), CallKeyword(site, name, v), KeywordSlot(f, name, callee, slot, index),
        if index >= shift;
    keyed_flow(ctx, v, *name, callee_ctx.record(), Obj::Container(Container::var_keywords(*callee))) <--
        call_args_to(ctx, site, f, _, callee_ctx), CallKeyword(site, name, v), KwArgsOf(f, callee), !KeywordParam(callee, name);

    // `f(*xs)` and `f(**kw)`: elements may land in any parameter they can reach.
    local_elem_flow(ctx, sv, callee_ctx, callee, slot) <--
        call_args_to(ctx, site, f, shift, callee_ctx), CallStarArgs(site, sv), PositionalParam(f, index, callee, slot),
        if index >= shift;
    elem_copy(ctx, sv, callee_ctx.record(), Obj::Container(Container::var_args(*callee))) <--
        call_args_to(ctx, site, f, _, callee_ctx), CallStarArgs(site, sv), VarArgsOf(f, callee, _);
    // `f(**d)`: a value at a known key binds the parameter of that name, or is the value at
    // that key of `f`'s `**kwargs`; the other elements (of an unkeyed dict, or of another
    // container) may bind any keyword parameter and be any value of `**kwargs`.
    kwargs_spread(*f, *shift, *callee_ctx, *h, *c) <--
        call_args_to(ctx, site, f, shift, callee_ctx), CallStarKwargs(site, kv), pts(ctx, kv, h, c), if c.iterates_own_elements();
    loose_spread(f, shift, callee_ctx, h, c) <-- kwargs_spread(f, shift, callee_ctx, h, c), if !c.is_dict();
    loose_spread(f, shift, callee_ctx, h, c) <-- kwargs_spread(f, shift, callee_ctx, h, c), unkeyed(h, c);
    local_elems(h, c, callee_ctx, code, slot) <--
        loose_spread(f, shift, callee_ctx, h, c), KeywordSlot(f, _, code, slot, index), if index >= shift;
    elem_subset(h, c, callee_ctx.record(), Obj::Container(Container::var_keywords(*code))) <--
        loose_spread(f, _, callee_ctx, h, c), KwArgsOf(f, code);
    keyword_bind(h, c, name, callee_ctx, code, slot) <--
        kwargs_spread(f, shift, callee_ctx, h, c), dict_key(h, c, name), KeywordSlot(f, name, code, slot, index), if index >= shift;
    local(ctx, code, slot, ho, o) <--
        keyword_bind(h, c, name, ctx, code, slot), keyed(h, c, name, ho, o), if !o.is_outside_argument();
    keyed(callee_ctx.record(), Obj::Container(Container::var_keywords(*code)), name, ho, o) <--
        kwargs_spread(f, _, callee_ctx, h, c), KwArgsOf(f, code), dict_key(h, c, name), !KeywordParam(code, name),
        keyed(h, c, name, ho, o);
    local_elem_flow(ctx, xv, callee_ctx, callee, slot) <--
        arg_elements(ctx, site, f, index, xv), invocation(ctx, site, f, callee_ctx), PositionalParam(f, index, callee, slot);
    elem_copy(ctx, xv, callee_ctx.record(), Obj::Container(Container::var_args(*callee))) <--
        arg_elements(ctx, site, f, index, xv), invocation(ctx, site, f, callee_ctx), VarArgsOf(f, callee, positional),
        if index >= positional;
    local_elems(h, c, callee_ctx, code, slot) <--
        local_elem_flow(ctx, v, callee_ctx, code, slot), pts(ctx, v, h, c), if c.iterates_own_elements();
    local(ctx, code, slot, ho, o) <-- local_elems(h, c, ctx, code, slot), elem(h, c, ho, o), if !o.is_outside_argument();

    // Defaults are evaluated where the function is made and fill a parameter in the activations
    // whose call may omit it: a call passing neither that position (past a bound receiver or a
    // partial's arguments) nor that keyword (its own or the partial's), a call with `*args` or
    // `**kwargs`, an implicit call, a call by outside code (callbacks, open-world roots), a
    // builtin or a class statement.
    default_value(f, code, slot, h, o) <-- DefaultStore(v, f, code, slot), pts(_, v, h, o);
    default_value(f, code, slot, HCtx::default(), *o) <-- StaticDefault(f, code, slot, o);
    default_elems(h, c, f, code, slot) <-- KwDefaultsFlow(dv, f, code, slot), pts(_, dv, h, c), if c.iterates_own_elements();
    binds_defaults(ctx, site) <-- builtin_call(ctx, site, _, _);
    binds_defaults(ctx, site) <-- callback_site(ctx, site);
    omitted(callee_ctx, f, code, slot) <--
        invocation(_, site, f, callee_ctx), !CallSite(site), DefaultParam(f, code, slot, _, _);
    omitted(callee_ctx, f, code, slot) <--
        invocation(ctx, site, f, callee_ctx), binds_defaults(ctx, site), DefaultParam(f, code, slot, _, _);
    omitted(callee_ctx, f, code, slot) <--
        call_args_to(_, site, f, _, callee_ctx), StarCall(site), DefaultParam(f, code, slot, _, _);
    passes_nothing(ctx, site, f, code, slot) <--
        call_args(ctx, site, f, shift, named), DefaultParam(f, code, slot, index, name), if index >= shift,
        !CallPositional(site, index - shift, _), !CallKeyword(site, name, _), !CallKeyword(named, name, _);
    omitted(callee_ctx, f, code, slot) <-- passes_nothing(ctx, site, f, code, slot), invocation(ctx, site, f, callee_ctx);
    omitted(Ctx::default(), f, code, slot) <-- OutsideCalled(code), DefaultParam(f, code, slot, _, _);
    local(ctx, code, slot, h, o) <-- default_value(f, code, slot, h, o), omitted(ctx, f, code, slot);
    local_elems(h, c, ctx, code, slot) <-- default_elems(h, c, f, code, slot), omitted(ctx, f, code, slot);

    // Results.
    returns(ctx, code, h, o) <-- ReturnVar(code, v), pts(ctx, v, h, o);
    returns(ctx, code, HCtx::default(), o) <-- StaticReturn(code, o), active(ctx, code);
    result(ctx, code, h, o) <-- UnguardedReturn(code, v), pts(ctx, v, h, o);
    result(ctx, code, HCtx::default(), o) <-- StaticReturn(code, o), active(ctx, code), !GeneratorCode(code);
    result(ctx, code, ctx.record(), Obj::Generator(*code)) <-- GeneratorCode(code), active(ctx, code);
    guarded_result(ctx, code, *empty, h, o) <-- ArgsGuardedReturn(code, v, empty), pts(ctx, v, h, o);
    pts(ctx, out, h, o) <--
        result_in(ctx, out, callee_ctx, callee), result(callee_ctx, callee, h, o);
    // A call passing its own arguments has `*args` empty exactly when they reach no further than
    // the parameters before it (star arguments and elements may fill it or not); it gets the
    // guarded returns that can run. Other calls get every one.
    args_may_be(ctx, site, f, last + shift < *positional) <--
        own_result_to(ctx, site, f, shift, _), VarArgsOf(f, _, positional), LastPositional(site, last), !StarCall(*site);
    args_may_be(ctx, site, f, shift <= positional) <--
        own_result_to(ctx, site, f, shift, _), VarArgsOf(f, _, positional), NoPositional(site), !StarCall(*site);
    args_may_be(ctx, site, f, empty) <--
        own_result_to(ctx, site, f, _, _), StarCall(site), VarArgsOf(f, _, _), for empty in [true, false];
    args_may_be(ctx, site, f, empty) <-- arg_elements(ctx, site, f, _, _), VarArgsOf(f, _, _), for empty in [true, false];
    pts(ctx, out, h, o) <--
        own_result_to(ctx, site, f, _, out), args_may_be(ctx, site, f, empty), invocation(ctx, site, f, callee_ctx),
        MakeFunction(f, callee, _), guarded_result(callee_ctx, callee, empty, h, o);
    pts(ctx, out, h, o) <--
        other_result_to(ctx, site, f, out), invocation(ctx, site, f, callee_ctx), MakeFunction(f, callee, _),
        guarded_result(callee_ctx, callee, _, h, o);
    // A call gets the returns a test of a parameter for None guards on the side its binding
    // may take (`NoneGuardedReturn`): a call passing its own arguments in order binds the one at
    // the parameter's position or keyword, or else the default; any other call, what the
    // parameter holds in the activation.
    none_guarded_result(ctx, code, *slot, *is_none, h, o) <-- NoneGuardedReturn(code, v, slot, is_none), pts(ctx, v, h, o);
    none_tested_arg(ctx, site, f, slot, v) <--
        call_args(ctx, site, f, shift, named), if named == site, !StarCall(*site), NoneTestedPositional(f, index, _, slot),
        if index >= shift, CallPositional(site, index - shift, v);
    none_tested_arg(ctx, site, f, slot, v) <--
        call_args(ctx, site, f, _, named), if named == site, !StarCall(*site), NoneTestedKeyword(f, name, _, slot),
        CallKeyword(site, name, v);
    none_tested_arg(ctx, site, f, slot, v) <-- arg_var(ctx, site, f, index, v), NoneTestedPositional(f, index, _, slot);
    may_bind_none(ctx, site, f, slot, is_none) <--
        none_tested_arg(ctx, site, f, slot, v), pts(ctx, v, _, o), for is_none in o.none_outcomes();
    may_bind_none(ctx, site, f, slot, is_none) <--
        arg_obj(ctx, site, f, index, _, o), NoneTestedPositional(f, index, _, slot), for is_none in o.none_outcomes();
    none_tested_default(f, code, slot, is_none) <--
        NoneTestedFunction(f, code), NoneTestedParam(code, slot), default_value(f, code, slot, _, o),
        for is_none in o.none_outcomes();
    may_bind_none(ctx, site, f, slot, is_none) <--
        none_tested_default(f, code, slot, is_none), passes_nothing(ctx, site, f, code, slot);
    binds_otherwise(ctx, site, f) <-- call_args(ctx, site, f, _, named), if named != site, NoneTestedFunction(f, _);
    binds_otherwise(ctx, site, f) <-- call_args(ctx, site, f, _, _), StarCall(site), NoneTestedFunction(f, _);
    binds_otherwise(ctx, site, f) <-- other_result_to(ctx, site, f, _), NoneTestedFunction(f, _);
    may_bind_none(ctx, site, f, slot, is_none) <--
        binds_otherwise(ctx, site, f), invocation(ctx, site, f, callee_ctx), NoneTestedFunction(f, code),
        NoneTestedParam(code, slot), local(callee_ctx, code, slot, _, o), for is_none in o.none_outcomes();
    pts(ctx, out, h, o) <--
        may_bind_none(ctx, site, f, slot, is_none), result_to(ctx, site, f, out), invocation(ctx, site, f, callee_ctx),
        MakeFunction(f, callee, _), none_guarded_result(callee_ctx, callee, slot, is_none, h, o);
    // A function returning its parameter gives each call what that call binds there: through the
    // parameter, an identity decorator would give every decorated name every decorated class.
    returned_argument(ctx, site, f, slot, out) <--
        result_to(ctx, site, f, out), MakeFunction(f, callee, _), ReturnsParameter(callee, slot),
        invocation(ctx, site, f, _);
    flow(ctx, v, ctx, out) <--
        returned_argument(ctx, site, f, slot, out), call_args(ctx, site, f, shift, _), PositionalParam(f, index, _, slot),
        if index >= shift, CallPositional(site, index - shift, v);
    flow(ctx, v, ctx, out) <--
        returned_argument(ctx, site, f, slot, out), call_args(ctx, site, f, _, _), KeywordSlot(f, name, _, slot, _),
        CallKeyword(site, name, v);
    flow(ctx, v, ctx, out) <--
        returned_argument(ctx, site, f, slot, out), PositionalParam(f, index, _, slot), arg_var(ctx, site, f, index, v);
    pts(ctx, out, h, o) <--
        returned_argument(ctx, site, f, slot, out), PositionalParam(f, index, _, slot), arg_obj(ctx, site, f, index, h, o);
    // A call passing nothing there gets the default; so may a call of another shape.
    pts(ctx, out, h, o) <--
        returned_argument(ctx, site, f, slot, out), passes_nothing(ctx, site, f, code, slot), default_value(f, code, slot, h, o);
    pts(ctx, out, h, o) <--
        returned_argument(ctx, site, f, slot, out), other_result_to(ctx, site, f, out), MakeFunction(f, code, _),
        default_value(f, code, slot, h, o);
    // Through a partial: its keyword of that name, or the value at that key of its `**c`.
    pts(ctx, out, ho, o) <--
        returned_argument(ctx, site, f, slot, out), partial_target(ctx, site, hp, p, f, _), partial_keyword(hp, p, name, ho, o),
        KeywordSlot(f, name, _, slot, _);
    pts(ctx, out, ho, o) <--
        returned_argument(ctx, site, f, slot, out), partial_target(ctx, site, hp, p, f, _), partial_spread(hp, p, h, c),
        KeywordSlot(f, name, _, slot, _), keyed(h, c, name, ho, o);
    // Calls that may bind it from elements (their own, or a partial's `*xs` or unkeyed `**c`)
    // get whatever it returns.
    pass_through_unknown(ctx, site, f, out) <-- returned_argument(ctx, site, f, _, out), StarCall(site), !ForwardingSite(*site);
    pass_through_unknown(ctx, site, f, out) <-- returned_argument(ctx, site, f, _, out), arg_elements(ctx, site, f, _, _);
    pass_through_unknown(ctx, site, f, out) <--
        returned_argument(ctx, site, f, _, out), partial_target(ctx, site, _, p, f, _), LooseStarArgs(p);
    pass_through_unknown(ctx, site, f, out) <--
        returned_argument(ctx, site, f, _, out), partial_target(ctx, site, hp, p, f, _), partial_spread(hp, p, _, c),
        if !c.is_dict();
    pass_through_unknown(ctx, site, f, out) <--
        returned_argument(ctx, site, f, _, out), partial_target(ctx, site, hp, p, f, _), partial_spread(hp, p, h, c),
        unkeyed(h, c);
    pts(ctx, out, h, o) <--
        pass_through_unknown(ctx, site, f, out), invocation(ctx, site, f, callee_ctx), MakeFunction(f, callee, _),
        returns(callee_ctx, callee, h, o);
    // A call passing on its caller's `*args` (`ForwardingReturn`) gives, of what a function
    // returning a parameter there returns, that caller's argument at the parameter's position;
    // a parameter before the star (a bound receiver) flows as above.
    returns_position(*g, positional + index - shift) <--
        returned_argument(ctx, site, f, slot, _), ForwardingReturn(g, site, positional), call_args(ctx, site, f, shift, _),
        PositionalParam(f, index, _, slot), if index >= shift;
    flow(ctx, v, ctx, out) <--
        own_result_to(ctx, site, f, shift, out), MakeFunction(f, g, _), returns_position(g, position), !StarCall(*site),
        if position >= shift, CallPositional(site, position - shift, v);
    pts(ctx, out, h, o) <--
        own_result_to(ctx, site, f, shift, out), MakeFunction(f, g, _), returns_position(g, position), if position < shift,
        arg_obj(ctx, site, f, *position, h, o);
    position_unknown(ctx, site, f, out) <-- own_result_to(ctx, site, f, _, out), StarCall(site);
    position_unknown(ctx, site, f, out) <-- own_result_to(ctx, site, f, _, out), arg_elements(ctx, site, f, _, _);
    position_unknown(ctx, site, f, out) <-- other_result_to(ctx, site, f, out);
    // Without the position, any element of the function's `*args` (what it returns anywhere).
    pts(ctx, out, ho, o) <--
        position_unknown(ctx, site, f, out), MakeFunction(f, g, _), returns_position(g, _), invocation(ctx, site, f, g_ctx),
        elem(g_ctx.record(), Obj::Container(Container::var_args(*g)), ho, o);
    returns(ctx, g, ho, o) <--
        returns_position(g, _), active(ctx, g), elem(ctx.record(), Obj::Container(Container::var_args(*g)), ho, o);
}
