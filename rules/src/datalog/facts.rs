//! The fact relations the rules read (named and shaped as in `facts/README.md`;
//! enum columns typed), plus the relations the driver prepares beside them.

ascent::ascent_source! { facts:

    // Program structure.
    relation Module(ModuleId, Sym, Sym, bool);
    relation ModuleCode(ModuleId, Code);
    relation Code(Code, ModuleId, Sym, Sym, CodeKind, u32);
    relation CodeParent(Code, Code);
    relation CodeArgs(Code, u32, u32, u32, bool, bool);
    relation Param(Code, u32, Slot, Sym, ParamKind);
    relation LocalSlot(Code, Slot, Sym);
    relation CellSlot(Code, Slot);
    relation FreeSlot(Code, Slot, u32);
    /// `Insn(insn, code, _, _)`, projected.
    relation InsnCode(Insn, Code);
    /// `Insn(insn, _, _, to_bool)`, projected: 3.13+ `TO_BOOL`, whose result is the truth of its operand.
    relation ToBool(Insn);

    // Operand-stack flow.
    relation StackFlow(Var, Var);
    relation SameValue(Insn, Var, Var);
    relation HandlerVar(Var, u32, u32);

    // Constants and names.
    relation Const(u32, Code, ConstKind, Sym);
    relation ConstInt(u32, u32);
    relation CompiledString(u32, Code);
    relation LoadConst(Insn, u32, Var);
    relation LoadBuiltin(Insn, Sym, Var);
    relation LoadLocal(Insn, Code, Slot, Var);
    relation StoreLocal(Insn, Code, Slot, Var);
    relation MakeCell(Insn, Code, Slot);
    relation LoadCell(Insn, Code, Slot, Var);
    relation StoreCell(Insn, Code, Slot, Var);
    relation LoadCellRef(Insn, Code, Slot, Var);
    relation LoadClassCell(Insn, Code, Slot, Var);
    relation LoadGlobal(Insn, Sym, Var);
    relation StoreGlobal(Insn, Sym, Var);
    relation LoadName(Insn, Sym, Var);
    relation StoreName(Insn, Sym, Var);
    relation LoadNameFromMapping(Insn, Var, Sym, Var);

    // Attributes and subscripts.
    relation LoadAttr(Insn, Var, Sym, Var);
    relation MethodSelf(Insn, Var);
    relation StoreAttr(Insn, Var, Sym, Var);
    relation DeleteAttr(Insn, Var, Sym);
    relation SuperAttr(Insn, Var, Var, Var, Sym, Var);
    relation Subscript(Insn, Var, Var, Var);
    relation StoreSubscript(Insn, Var, Var, Var);
    relation SliceSubscript(Insn, Var, Var, Var, Var);
    relation BuildSlice(Insn, Var);

    // Containers.
    relation BuildContainer(Insn, ContainerKind, Var);
    relation ContainerItem(Insn, u32, Var);
    relation DictEntry(Insn, u32, Var, Var);
    relation DictConstKeyEntry(Insn, u32, u32, Var);
    relation ContainerAdd(Insn, ContainerKind, Var, Var);
    relation DictAdd(Insn, Var, Var, Var);
    relation ContainerExtend(Insn, ContainerKind, Var, Var);
    relation DictMerge(Insn, Var, Var);
    relation ListToTuple(Insn, Var, Var);
    relation Unpack(Insn, Var);
    relation UnpackItem(Insn, u32, Var);
    relation UnpackItemFromEnd(Insn, u32, Var);
    relation UnpackRest(Insn, Var);

    // Functions, classes, imports.
    relation MakeFunction(Insn, Code, Var);
    relation FunctionAttribute(Insn, FunctionAttr, Var);
    relation BuildClass(Insn, Var, Var, Var);
    relation ClassBody(Insn, Code);
    relation ClassBase(Insn, u32, Var);
    relation ImportName(Insn, Sym, Var);
    relation ImportModule(Insn, Sym);
    relation ImportResult(Insn, Sym);
    relation ImportFrom(Insn, Var, Sym, Var);
    relation ImportStar(Insn, Var);

    // Calls and returns.
    relation Call(Insn, Var, Var);
    relation CallReceiver(Insn, Var);
    relation CallArg(Insn, u32, Var);
    relation CallKeyword(Insn, Sym, Var);
    relation CallStarArgs(Insn, Var);
    relation CallStarKwargs(Insn, Var);
    relation CallShape(Insn, u32, u32, bool);
    relation CallIntrinsic(Insn, Intrinsic, Var);
    relation IntrinsicArg(Insn, u32, Var);
    relation ConstItem(u32, u32, u32);
    relation Return(Insn, Var);
    relation ReturnConst(Insn, u32);

    // Generators, iteration, exceptions, context managers.
    relation Yield(Insn, Var, Var);
    relation Delegate(Insn, Var, Var, Var);
    relation Await(Insn, Var, Var);
    relation GetIter(Insn, Var, Var);
    relation Next(Insn, Var, Var);
    relation GetAIter(Insn, Var, Var);
    relation GetANext(Insn, Var, Var);
    relation Raise(Insn, Var);
    relation ExceptionRegion(u32, Code, Insn, Insn, Insn, u32, bool);
    relation InsnRegion(Insn, u32);
    relation EnterContext(Insn, Var, Var, Var, bool);
    relation ExitContext(Insn, Var, Var, Var);

    // Operators.
    relation BinaryOp(Insn, BinaryOperator, bool, Var, Var, Var);
    relation UnaryOp(Insn, UnaryOperator, Var, Var);
    relation Compare(Insn, CompareOperator, Var, Var, Var);
    relation Contains(Insn, bool, Var, Var, Var);
    relation Identity(Insn, bool, Var, Var, Var);
    relation TruthTest(Insn, Var);

    // Control flow, for the returns a test of `*args` or of a parameter for None guards (`calls_prepare`).
    relation ConditionalJump(Insn, Condition, Var);
    relation EntryBlock(Code, u32);
    relation OutVar(Var, Insn, u32);
    relation InsnBlock(Insn, u32);
    relation BlockEdge(u32, u32, EdgeKind);
    relation FormatValue(Insn, Var, Conversion, Var);
    relation FormatSpec(Insn, Var);

    // Prepared by the driver (`crate::knowledge`, `crate::mro`), not lowered from bytecode.
    /// The symbol of a name the rules match.
    relation SpecialName(Special, Sym);
    /// The special method of a binary operator, by operand (`__add__`, `__radd__`, `__iadd__`).
    relation BinarySpecial(BinaryOperator, Operand, Sym);
    /// The special method of a comparison, by operand (`__lt__` on the left, `__gt__` reflected).
    relation CompareSpecial(CompareOperator, Operand, Sym);
    /// Module `module` is imported as `name`: its dotted name, and, when the input folder is
    /// itself a package, its name below that package (a script run from the folder has the
    /// folder on `sys.path`, so `import sub.mod` finds `pkg/sub/mod.py`).
    relation ImportableAs(Sym, ModuleId);
    /// `parent.name` is the submodule `child` (both in the package).
    relation Submodule(ModuleId, Sym, ModuleId);
    /// Attribute `name` of the outside module `parent` is the module `child` (`concurrent.futures`
    /// of `concurrent`): a module some import or the knowledge names.
    relation OutsideSubmodule(Ext, Sym, Ext);
    /// An attribute every module has, with the kind of its value (`__name__`: a string).
    relation ModuleAttribute(Sym, ConstKind);
    /// A name that starts with a capital letter (classes, by convention).
    relation CapitalizedName(Sym);
    /// A name a star import skips (it starts with `_`).
    relation PrivateName(Sym);
    /// Outside code calls this code object (`--roots public|all`, `--entry`).
    relation OutsideCalled(Code);
    /// What outside code passes for a parameter of a code object it calls: one value per
    /// parameter, so that unrelated functions share none.
    relation OutsideArgument(Code, Slot, Obj);
    /// An element outside code passes in a `*args` tuple or `**kwargs` dict.
    relation OutsideElement(Obj, Obj);
    /// The first parameter of a function made by `MakeFunction` that a class body defines
    /// and outside code calls: the receiver when it is a method.
    relation OutsideReceiver(Code, Insn, Slot);
    /// An instruction that does not run (an `if __name__ == "__main__":` block of a module
    /// the run does not start from).
    relation NotRun(Insn);
    /// The rule set's policy gives code object `code` this attribute (contextual rule sets).
    relation Policy(Code, Attribute);
    /// String constant `constant` spells `name` (`'run'`).
    relation ConstName(u32, Sym);
    /// What a method of the builtin containers does.
    relation ContainerMethodEffect(Sym, ContainerEffect);
    /// An outside class that gives its subclasses' instances no named attributes (`object`).
    relation BareOutsideBase(Ext);
    /// An outside class whose subclasses `k` make `k[...]` a generic alias of `k` (`typing.Generic`).
    relation GenericBase(Ext);
    /// What a builtin or standard-library function does to objects.
    relation BuiltinFunction(Ext, BuiltinEffect);
    /// A builtin with this effect takes parameter `special` at position `index` or by its
    /// keyword (`threading.Thread`'s `target`, `args`, `kwargs`).
    relation BuiltinParameter(BuiltinEffect, Special, u32);
    /// A method of the builtin type of constants of kind `kind`, or of containers of kind
    /// `kind`, as the outside function it is (`<builtin>.str.join`).
    relation ConstMethod(ConstKind, Sym, Ext);
    relation ContainerTypeMethod(ContainerKind, Sym, Ext);
    /// When a class lacks special method `special`, the interpreter calls `next` instead
    /// (`str(x)` without `__str__` calls `__repr__`).
    relation SpecialFallback(Special, Special);
    /// A string constant that spells the dotted name of a package module (`'pkg.mod'`), and
    /// the module's top-level package.
    relation ConstModule(u32, ModuleId, ModuleId);
    /// A string constant spelling a relative module name (`'.mod'`) and one spelling a
    /// package, which together name package module `m` (in top-level package `top`).
    relation ConstRelativeModule(u32, u32, ModuleId, ModuleId);
    /// A string constant with a `%r` or `%a` conversion (formatting calls `__repr__`).
    relation ConstReprFormat(u32);
    /// A class body's function stored as `name` is wrapped so without saying so (`__new__`:
    /// a static method; `__init_subclass__`, `__class_getitem__`: class methods).
    relation ImplicitlyWrapped(Sym, Wrapper);
    /// The method resolution orders of a class: which order (from 0; several when a base may
    /// be several classes), position (from 1) and class, or outside base. Computed (C3) by the
    /// driver from `class_base` between rounds (`crate::mro`).
    relation mro(Insn, u32, u32, Obj);
}
