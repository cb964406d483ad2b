//! Closures: a frame makes one cell per captured local; an inner function's
//! closure tuple carries cells into its free slots, so sibling closures share a
//! cell and captures pass through any number of levels. Class bodies fill their
//! `__class__` cell with the class (what zero-argument `super()` reads).

ascent::ascent_source! { closures_prepare:

    /// Item `index` of the closure tuple given to the function made at `f` is `var`.
    relation ClosureItem(Insn, u32, Var);

    ClosureItem(f, index, v) <--
        FunctionAttribute(f, FunctionAttr::Closure, tuple), StackFlow(built, tuple),
        BuildContainer(b, ContainerKind::Tuple, built), ContainerItem(b, index, v);
    ClosureFlow(v, f, code, slot) <-- MakeFunction(f, code, _), FreeSlot(code, slot, index), ClosureItem(f, index, v);
    SlotCellLoad(code, slot, out) <-- LoadCellRef(_, code, slot, out);
    // 3.13+ build closure tuples with `LOAD_FAST` of the cell slots.
    SlotCellLoad(code, slot, out) <-- LoadLocal(_, code, slot, out), CellSlot(code, slot);
    SlotCellLoad(code, slot, out) <-- LoadLocal(_, code, slot, out), FreeSlot(code, slot, _);
    CellLoad(code, slot, out) <-- LoadCell(_, code, slot, out);
    CellLoad(code, slot, out) <-- LoadClassCell(_, code, slot, out);
    // A parameter kept in a cell starts there (3.11+ `MAKE_CELL`; 3.10 copies it at frame start).
    ParamCell(code, slot, cell_slot) <-- CellSlot(code, cell_slot), LocalSlot(code, cell_slot, name), Param(code, _, slot, name, _);
    StaticCellValue(Obj::Cell(*body, *slot), Obj::Class(*k)) <--
        ClassBody(k, body), CellSlot(body, slot), LocalSlot(body, slot, name), SpecialName(Special::ClassCell, name);
}

ascent::ascent_source! { closures:

    /// Slot `slot` of `code`, in context `ctx`, holds cell `cell`.
    relation slot_cell(Ctx, Code, Slot, HCtx, Obj);
    /// The function object `(fh, f)` carries cell `cell` into free `slot` of `code`.
    relation function_cell(HCtx, Insn, Code, Slot, HCtx, Obj);
    /// Cell `cell` may hold `obj`.
    relation cell_value(HCtx, Obj, HCtx, Obj);
    /// The contents of `cell` are read into `var` (in `ctx`).
    relation cell_load(HCtx, Obj, Ctx, Var);
    /// What `var` holds in `ctx` is stored into `cell`.
    relation cell_store(Ctx, Var, HCtx, Obj);

    // A frame makes its own cells; a function object carries the cells of the frame that made it.
    slot_cell(ctx, code, slot, ctx.record(), Obj::Cell(*code, *slot)) <-- CellSlot(code, slot), active(ctx, code);
    function_cell(ctx.record(), f, code, slot, h, cell) <-- ClosureFlow(v, f, code, slot), pts(ctx, v, h, cell);
    // The frame of a call gets the cells of the function object called; a call that does not say
    // which (a bound method, a protocol) those of every object of the function.
    slot_cell(callee_ctx, code, slot, h, cell) <--
        context_response(_, _, f, ?Some(fh), callee_ctx), function_cell(fh, f, code, slot, h, cell);
    slot_cell(callee_ctx, code, slot, h, cell) <--
        context_response(_, _, f, ?None, callee_ctx), function_cell(_, f, code, slot, h, cell);
    // Code no call reaches keeps its captures in the root context (`active`).
    slot_cell(Ctx::default(), code, slot, h, cell) <-- function_cell(_, _, code, slot, h, cell);

    pts(ctx, out, h, cell) <-- SlotCellLoad(code, slot, out), slot_cell(ctx, code, slot, h, cell);
    cell_load(h, cell, ctx, out) <-- CellLoad(code, slot, out), slot_cell(ctx, code, slot, h, cell);
    pts(ctx, out, ho, o) <-- cell_load(h, cell, ctx, out), cell_value(h, cell, ho, o);
    cell_store(ctx, v, h, cell) <-- StoreCell(_, code, slot, v), slot_cell(ctx, code, slot, h, cell);
    cell_value(h, cell, ho, o) <-- cell_store(ctx, v, h, cell), pts(ctx, v, ho, o);
    cell_value(ctx.record(), Obj::Cell(*code, *cell_slot), h, o) <-- ParamCell(code, slot, cell_slot), local(ctx, code, slot, h, o);
    cell_value(HCtx::default(), cell, HCtx::default(), o) <-- StaticCellValue(cell, o);
}
