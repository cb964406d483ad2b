//! Closures: a frame makes one cell per captured local; an inner function's
//! closure tuple carries cells into its free slots, so sibling closures share a
//! cell and captures pass through any number of levels. Class bodies fill their
//! `__class__` cell with the class (what zero-argument `super()` reads).

ascent::ascent_source! { closures:

    /// Slot `slot` of `code` holds cell `cell`.
    relation slot_cell(Code, Slot, Obj);
    /// Cell `cell` may hold `obj`.
    relation cell_value(Obj, Obj);
    /// Item `index` of the closure tuple given to the function made at `f` is `var`.
    relation ClosureItem(Insn, u32, Var);

    slot_cell(code, slot, Obj::Cell(*code, *slot)) <-- CellSlot(code, slot);
    ClosureItem(f, index, v) <--
        FunctionAttribute(f, FunctionAttr::Closure, tuple), StackFlow(built, tuple),
        BuildContainer(b, ContainerKind::Tuple, built), ContainerItem(b, index, v);
    slot_cell(code, slot, cell) <-- MakeFunction(f, code, _), FreeSlot(code, slot, index), ClosureItem(f, index, v), pts(v, cell);

    pts(out, cell) <-- LoadCellRef(_, code, slot, out), slot_cell(code, slot, cell);
    // 3.13+ build closure tuples with `LOAD_FAST` of the cell slots.
    pts(out, cell) <-- LoadLocal(_, code, slot, out), slot_cell(code, slot, cell);
    pts(out, o) <-- LoadCell(_, code, slot, out), slot_cell(code, slot, cell), cell_value(cell, o);
    pts(out, o) <-- LoadClassCell(_, code, slot, out), slot_cell(code, slot, cell), cell_value(cell, o);
    cell_value(cell, o) <-- StoreCell(_, code, slot, v), slot_cell(code, slot, cell), pts(v, o);
    // A parameter kept in a cell starts there (3.11+ `MAKE_CELL`; 3.10 copies it at frame start).
    cell_value(Obj::Cell(*code, *cell_slot), o) <--
        CellSlot(code, cell_slot), LocalSlot(code, cell_slot, name), Param(code, _, slot, name, _), local(code, slot, o);
    cell_value(Obj::Cell(*body, *slot), Obj::Class(*k)) <--
        ClassBody(k, body), CellSlot(body, slot), LocalSlot(body, slot, name), SpecialName(Special::ClassCell, name);
}
