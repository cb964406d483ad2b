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
    ClosureFlow(v, code, slot) <-- MakeFunction(f, code, _), FreeSlot(code, slot, index), ClosureItem(f, index, v);
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

    /// Slot `slot` of `code` holds cell `cell`.
    relation slot_cell(Code, Slot, Obj);
    /// Cell `cell` may hold `obj`.
    relation cell_value(Obj, Obj);
    /// The contents of `cell` are read into `var`.
    relation cell_load(Obj, Var);
    /// What `var` holds is stored into `cell`.
    relation cell_store(Var, Obj);

    slot_cell(code, slot, Obj::Cell(*code, *slot)) <-- CellSlot(code, slot);
    slot_cell(code, slot, cell) <-- ClosureFlow(v, code, slot), pts(v, cell);

    pts(out, cell) <-- SlotCellLoad(code, slot, out), slot_cell(code, slot, cell);
    cell_load(cell, out) <-- CellLoad(code, slot, out), slot_cell(code, slot, cell);
    pts(out, o) <-- cell_load(cell, out), cell_value(cell, o);
    cell_store(v, cell) <-- StoreCell(_, code, slot, v), slot_cell(code, slot, cell);
    cell_value(cell, o) <-- cell_store(v, cell), pts(v, o);
    cell_value(Obj::Cell(*code, *cell_slot), o) <-- ParamCell(code, slot, cell_slot), local(code, slot, o);
    cell_value(cell, o) <-- StaticCellValue(cell, o);
}
