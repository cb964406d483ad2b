//! The version-neutral semantic instruction record (paper Table 13).
//!
//! Everything downstream of the adapters reads only these types: no opcode numbers,
//! no release-specific opcode names. Operands are indices into the owning code
//! object's tables (`consts`, `names`, `localsplus`), so a record stays small and
//! the code object resolves it for display.

use serde::Serialize;

/// One decoded instruction at its native offset.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Instr {
    /// Byte offset of the opcode in `co_code` (EXTENDED_ARG prefixes are instructions of their own).
    pub offset: u32,
    /// The release's opcode name, kept for listings and conformance checks only.
    pub opname: &'static str,
    pub opcode: u8,
    /// The argument as the release's `dis` reports it (EXTENDED_ARG prefixes folded in).
    pub arg: Option<u32>,
    /// Code units of inline cache after the instruction.
    pub cache_entries: u8,
    pub op: Op,
    pub stack: StackEffect,
    pub control: Control,
    pub protocols: Protocols,
    pub location: Location,
}

impl Instr {
    /// Offset of the next instruction in the byte stream (after inline caches).
    pub fn next_offset(&self) -> u32 {
        self.offset + 2 + 2 * self.cache_entries as u32
    }

    pub fn jump_target(&self) -> Option<u32> {
        self.control.target()
    }
}

/// Source position from the release's line or location table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Location {
    pub line: Option<u32>,
    pub end_line: Option<u32>,
    pub column: Option<u32>,
    pub end_column: Option<u32>,
}

/// Stack transfer: `pops` values leave the top, `pushes` values arrive.
/// `jump` is the transfer on the jump edge where it differs from the normal one.
/// `peek` is the depth below the popped values that the instruction reads or
/// updates in place without popping (e.g. `LIST_APPEND`'s list). It describes the
/// normal edge: a jump edge that consumes those values counts them in its own pops
/// (3.11 `FOR_ITER` keeps the iterator on the normal edge and pops it on the jump).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct StackEffect {
    pub pops: u32,
    pub pushes: u32,
    pub jump: Option<(u32, u32)>,
    pub peek: u32,
}

impl StackEffect {
    pub const fn new(pops: u32, pushes: u32) -> Self {
        StackEffect { pops, pushes, jump: None, peek: 0 }
    }

    pub const fn with_jump(self, pops: u32, pushes: u32) -> Self {
        StackEffect { jump: Some((pops, pushes)), ..self }
    }

    pub const fn with_peek(self, peek: u32) -> Self {
        StackEffect { peek, ..self }
    }

    pub fn net(&self) -> i64 {
        self.pushes as i64 - self.pops as i64
    }

    pub fn jump_net(&self) -> i64 {
        match self.jump {
            Some((pops, pushes)) => pushes as i64 - pops as i64,
            None => self.net(),
        }
    }

    /// Depth the instruction needs before it runs. `peek` belongs to the normal
    /// edge: a jump edge that pops the peeked value (3.10 `FOR_ITER` popping
    /// its iterator when exhausted) needs no more than it pops.
    pub fn required_depth(&self) -> u32 {
        let jump_pops = self.jump.map_or(0, |(pops, _)| pops);
        // Saturates: a hostile argument can make `peek` anything, and no stack is that deep.
        self.pops.saturating_add(self.peek).max(jump_pops)
    }
}

/// Control transfer. Targets are absolute byte offsets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Control {
    /// Continues with the next instruction.
    Next,
    /// Continues with the next instruction or jumps to `target` when `when` holds.
    Branch { target: u32, when: Condition },
    /// Always jumps to `target`.
    Jump { target: u32 },
    /// 3.10 `SETUP_*`: continues with the next instruction and opens a block whose
    /// handler is `handler`; the edge itself is carried by the exception region.
    Setup { handler: u32 },
    /// Leaves the frame with a value (`RETURN_VALUE`, `RETURN_CONST`).
    Return,
    /// Raises (`RAISE_VARARGS`, `RERAISE`): only exception edges leave it.
    Raise,
}

impl Control {
    pub fn target(&self) -> Option<u32> {
        match *self {
            Control::Branch { target, .. } | Control::Jump { target } => Some(target),
            Control::Setup { handler } => Some(handler),
            _ => None,
        }
    }

    pub fn falls_through(&self) -> bool {
        matches!(self, Control::Next | Control::Branch { .. } | Control::Setup { .. })
    }
}

/// When a conditional instruction takes its jump edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    IfTrue,
    IfFalse,
    IfNone,
    IfNotNone,
    /// `JUMP_IF_TRUE_OR_POP` (3.10–3.11): the value stays on the jump edge.
    IfTrueKeep,
    IfFalseKeep,
    /// `FOR_ITER`: the iterator is exhausted.
    Exhausted,
    /// `SEND`: the sub-iterator returned.
    SendReturned,
    /// 3.10 `JUMP_IF_NOT_EXC_MATCH`.
    ExceptionNotMatched,
    /// 3.8 `CALL_FINALLY`: the jump runs a `finally` body, which comes back to
    /// the next instruction (the fall-through edge stands for that return).
    FinallyCall,
}

/// Normalised exception region ⟨start, end, handler, depth, lasti⟩ with the
/// half-open range `[start, end)` in bytes. The handler runs with the stack cut
/// to `depth` and then `pushed` items added (the exception, plus the offset of
/// the raising instruction when `lasti`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ExceptionRegion {
    pub start: u32,
    pub end: u32,
    pub handler: u32,
    pub depth: u32,
    pub lasti: bool,
    pub pushed: u32,
}

impl ExceptionRegion {
    /// Whether an instruction running `op` on a stack `depth` deep takes this
    /// region's exception edge: not when it cannot raise and the stack is below
    /// the region's depth (see [`Op::cannot_raise`]).
    pub fn reached_from(&self, op: &Op, depth: usize) -> bool {
        depth >= self.depth as usize || !op.cannot_raise()
    }

    pub fn covers(&self, offset: u32) -> bool {
        self.start <= offset && offset < self.end
    }
}

/// How a call site lays out its stack inputs, bottom to top.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CallLayout {
    /// Explicit arguments (positional then keyword values), not counting the receiver.
    pub argc: u32,
    /// Trailing arguments passed by keyword; names are in `keywords_const` (a tuple
    /// constant) when known at decode time.
    pub keyword_count: u32,
    pub keywords_const: Option<u32>,
    /// A receiver/NULL slot sits below the callable or below the arguments
    /// (`LOAD_METHOD`/`PUSH_NULL` conventions, 3.11+ and 3.10 `CALL_METHOD`).
    pub self_slot: SelfSlot,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SelfSlot {
    /// `[callable, args…]` (3.10 `CALL_FUNCTION`).
    None,
    /// `[callable-or-method, self-or-NULL, args…]` (3.13+).
    AfterCallable,
    /// `[NULL-or-method, callable-or-self, args…]` (3.10 `CALL_METHOD`, 3.11, 3.12).
    BeforeCallable,
}

impl Op {
    /// Operations that never raise. The compiler may leave them under an
    /// exception region whose depth is above the stack they run on (3.15: the
    /// `None` a generator expression returns after popping its iterator):
    /// such an instruction has no exception edge, as it can never take one.
    pub fn cannot_raise(&self) -> bool {
        matches!(
            self,
            Op::LoadConst { .. } | Op::LoadImmediate { .. } | Op::LoadBuiltin { .. } | Op::Nop | Op::Return
        )
    }
}

/// What a 3.8 `BUILD_*_UNPACK` builds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum UnpackedKind {
    Tuple,
    List,
    Set,
    Dict,
}

/// A constant an instruction carries instead of indexing `co_consts`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Immediate {
    Int(i64),
    None,
    Bool(bool),
    EmptyStr,
}

impl Immediate {
    /// The same value as `co_consts` would hold it.
    pub fn to_const(self) -> crate::code::Const {
        use crate::code::Const;
        match self {
            Immediate::Int(v) => Const::Int(v),
            Immediate::None => Const::None,
            Immediate::Bool(b) => Const::Bool(b),
            Immediate::EmptyStr => Const::Str(String::new()),
        }
    }
}

/// The semantic operation with its decoded operand.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "operation", rename_all = "snake_case")]
pub enum Op {
    /// No data effect (`NOP`, `RESUME`, `EXTENDED_ARG`, `NOT_TAKEN`, `CACHE`…).
    Nop,
    ExtendedArg,
    /// Function entry or resumption point of a generator/coroutine.
    Resume {
        after: ResumeKind,
    },

    // Operand-stack shuffles: outputs are inputs, rearranged.
    PopTop,
    /// Pushes a copy of the value `depth` from the top (1 = top).
    Copy {
        depth: u32,
    },
    /// Exchanges the top with the value `depth` from the top (2 = second).
    Swap {
        depth: u32,
    },
    /// Moves the top down to position `depth` (3.10 `ROT_*`).
    RotateDown {
        depth: u32,
    },
    /// Duplicates the top two values (3.10 `DUP_TOP_TWO`).
    DupTopTwo,
    PushNull,

    LoadConst {
        index: u32,
    },
    /// A constant not in `co_consts`, carried by the instruction (3.14
    /// `LOAD_SMALL_INT`, 3.15 `LOAD_COMMON_CONSTANT` of `None`, `''`, ...).
    LoadImmediate {
        value: Immediate,
    },
    /// A builtin the interpreter pushes directly (`LOAD_ASSERTION_ERROR`, 3.14+ `LOAD_COMMON_CONSTANT`).
    LoadBuiltin {
        name: &'static str,
    },

    // Fast locals and cells; `slot` indexes `localsplus`.
    LoadLocal {
        slot: u32,
        access: LocalAccess,
    },
    StoreLocal {
        slot: u32,
    },
    DeleteLocal {
        slot: u32,
    },
    /// `LOAD_FAST_LOAD_FAST`: pushes `first` then `second`.
    LoadLocalPair {
        first: u32,
        second: u32,
        access: LocalAccess,
    },
    /// `STORE_FAST_STORE_FAST`: stores the top to `first`, the next to `second`.
    StoreLocalPair {
        first: u32,
        second: u32,
    },
    /// `STORE_FAST_LOAD_FAST`.
    StoreThenLoadLocal {
        store: u32,
        load: u32,
    },
    MakeCell {
        slot: u32,
    },
    /// Pushes the cell object itself (for building a closure).
    LoadCellRef {
        slot: u32,
    },
    /// Reads the contents of a cell or free variable.
    LoadCell {
        slot: u32,
    },
    StoreCell {
        slot: u32,
    },
    DeleteCell {
        slot: u32,
    },
    CopyFreeVars {
        count: u32,
    },
    /// Class bodies: the class namespace first, then the cell (`LOAD_CLASSDEREF`,
    /// `LOAD_FROM_DICT_OR_DEREF`, which also pops the mapping).
    LoadClassCell {
        slot: u32,
        mapping_on_stack: bool,
    },

    // Names resolved through dictionaries; `name` indexes `co_names`.
    /// With `self_slot` other than `None`, also pushes the NULL a following call
    /// expects, below (3.11, 3.12) or above (3.13+) the global.
    LoadGlobal {
        name: u32,
        self_slot: SelfSlot,
    },
    StoreGlobal {
        name: u32,
    },
    DeleteGlobal {
        name: u32,
    },
    LoadName {
        name: u32,
    },
    StoreName {
        name: u32,
    },
    DeleteName {
        name: u32,
    },
    /// `LOAD_FROM_DICT_OR_GLOBALS`: the mapping comes from the stack.
    LoadFromMappingOrGlobals {
        name: u32,
    },
    LoadLocals,
    SetupAnnotations,

    // Attributes.
    /// With `self_slot` other than `None`, a method load: pushes the method and
    /// `self` (or the attribute and NULL) in the release's call layout.
    LoadAttr {
        name: u32,
        self_slot: SelfSlot,
    },
    StoreAttr {
        name: u32,
    },
    DeleteAttr {
        name: u32,
    },
    /// `super().name` (3.12+ `LOAD_SUPER_ATTR`): pops global `super`, class, self.
    LoadSuperAttr {
        name: u32,
        self_slot: SelfSlot,
        two_args: bool,
    },
    /// 3.14 `LOAD_SPECIAL`: pushes the bound special method and self/NULL.
    LoadSpecial {
        method: SpecialMethod,
    },

    // Subscripts and slices.
    Subscript,
    StoreSubscript,
    DeleteSubscript,
    /// `container[start:stop]` with both bounds on the stack.
    Slice,
    StoreSlice,
    BuildSlice {
        count: u32,
    },

    // Operators.
    Binary {
        op: BinaryOp,
        inplace: bool,
    },
    Unary {
        op: UnaryOp,
    },
    ToBool,
    Compare {
        op: CompareOp,
        to_bool: bool,
    },
    Is {
        negated: bool,
    },
    Contains {
        negated: bool,
    },

    // Containers.
    BuildTuple {
        count: u32,
    },
    BuildList {
        count: u32,
    },
    BuildSet {
        count: u32,
    },
    BuildMap {
        pairs: u32,
    },
    /// Keys come as one tuple on the top of the stack.
    BuildConstKeyMap {
        count: u32,
    },
    BuildString {
        count: u32,
    },
    /// Adds to the container `depth` below the popped values (`LIST_APPEND` et al.).
    ListAppend {
        depth: u32,
    },
    SetAdd {
        depth: u32,
    },
    MapAdd {
        depth: u32,
    },
    ListExtend {
        depth: u32,
    },
    SetUpdate {
        depth: u32,
    },
    DictUpdate {
        depth: u32,
    },
    /// `**kwargs` merge for calls: duplicate keys raise.
    DictMerge {
        depth: u32,
    },
    ListToTuple,
    UnpackSequence {
        count: u32,
    },
    UnpackEx {
        before: u32,
        after: u32,
    },

    // String formatting.
    /// `FORMAT_VALUE` (≤3.12): conversion and optional spec in one instruction.
    FormatValue {
        conversion: Conversion,
        with_spec: bool,
    },
    ConvertValue {
        conversion: Conversion,
    },
    FormatSimple,
    FormatWithSpec,
    BuildTemplate,
    BuildInterpolation {
        conversion: Conversion,
        with_spec: bool,
    },

    // Functions and classes.
    /// Creates a function from the code object on top; with `attrs` (≤3.12) the
    /// attribute values sit below it, otherwise `SetFunctionAttribute` follows.
    MakeFunction {
        attrs: FunctionAttrs,
    },
    SetFunctionAttribute {
        attr: FunctionAttrs,
    },
    LoadBuildClass,

    // Imports.
    ImportName {
        name: u32,
    },
    ImportFrom {
        name: u32,
    },
    ImportStar,

    // Calls.
    Call {
        layout: CallLayout,
    },
    /// `f(*args, **kwargs)`.
    CallEx {
        with_kwargs: bool,
        self_slot: SelfSlot,
    },
    /// 3.11 `PRECALL`: prepares the call frame; the stack is unchanged at run time.
    PrepareCall {
        argc: u32,
    },
    /// 3.11/3.12 `KW_NAMES`: names the keyword arguments of the next call.
    KwNames {
        index: u32,
    },
    CallIntrinsic {
        function: Intrinsic,
    },

    // Returning, generators, coroutines.
    Return,
    ReturnConst {
        index: u32,
    },
    ReturnGenerator,
    GenStart,
    Yield,
    /// 3.10 `YIELD_FROM`.
    YieldFrom,
    Send,
    EndSend,
    GetAwaitable,
    CleanupThrow,

    // Iteration.
    GetIter,
    GetYieldFromIter,
    ForIter,
    EndFor,
    PopIter,
    GetAIter,
    GetANext,
    EndAsyncFor,

    // Context managers.
    /// `BEFORE_WITH`, 3.10 `SETUP_WITH`: pops the manager, pushes its bound
    /// `__exit__` and the result of `__enter__`.
    EnterContext {
        is_async: bool,
    },
    WithExceptStart,

    // Exceptions.
    Raise {
        argc: u32,
    },
    Reraise {
        set_lasti: bool,
    },
    PushExcInfo,
    PopExcept,
    CheckExcMatch,
    CheckExceptionGroupMatch,
    PrepReraiseStar,
    /// 3.10 `SETUP_FINALLY`/`SETUP_WITH`-style block start (region source only).
    SetupBlock {
        kind: BlockKind,
    },
    PopBlock,
    /// 3.8 `BEGIN_FINALLY`: enters a `finally` body on the normal path. The
    /// interpreter pushes one NULL; like the compiler (and `dis.stack_effect`) it
    /// counts as the six slots an exception leaves, so that every way into the
    /// body arrives with the same depth.
    BeginFinally,
    /// 3.8 `END_FINALLY`: ends a `finally` body or an unmatched `except`: pops
    /// the six slots and continues, or re-raises the exception they hold (an
    /// exception edge), or returns to a `CALL_FINALLY` (its fall-through edge).
    EndFinally,
    /// 3.8 `CALL_FINALLY`: runs a `finally` body before `return`, `break` or
    /// `continue` leaves its `try`; the body comes back to the next instruction.
    CallFinally,
    /// 3.8 `POP_FINALLY`: leaves a `finally` body early, dropping its six slots
    /// (keeping the top value above them when `preserve_tos`).
    PopFinally {
        preserve_tos: bool,
    },
    /// 3.8 `WITH_CLEANUP_FINISH`: pops `__exit__`'s result and what
    /// `WITH_CLEANUP_START` left, swallowing the exception when the result is true.
    WithCleanupFinish,
    /// 3.8 `BUILD_{TUPLE,LIST,SET,MAP}_UNPACK` (and their `_WITH_CALL` forms): a
    /// new container of every item of `count` iterables or mappings, bottom to top.
    BuildUnpacked {
        kind: UnpackedKind,
        count: u32,
    },

    // Pattern matching.
    MatchClass {
        count: u32,
    },
    MatchMapping,
    MatchSequence,
    MatchKeys,
    GetLen,
    CopyDictWithoutKeys,

    PrintExpr,
    ExitInitCheck,
    /// Unconditional jumps and conditional branches carry their meaning in `Control`.
    Jump,
    Branch,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LocalAccess {
    /// The slot is known to be bound.
    Plain,
    /// May be unbound (`LOAD_FAST_CHECK`).
    Checked,
    /// Reads and clears (`LOAD_FAST_AND_CLEAR`, inlined comprehensions).
    AndClear,
    /// Borrowed reference (3.14 `LOAD_FAST_BORROW*`): same value semantics.
    Borrow,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ResumeKind {
    FunctionStart,
    Yield,
    YieldFrom,
    Await,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SpecialMethod {
    Enter,
    Exit,
    AEnter,
    AExit,
}

impl SpecialMethod {
    pub fn dunder(self) -> &'static str {
        match self {
            SpecialMethod::Enter => "__enter__",
            SpecialMethod::Exit => "__exit__",
            SpecialMethod::AEnter => "__aenter__",
            SpecialMethod::AExit => "__aexit__",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BinaryOp {
    Add,
    And,
    FloorDivide,
    LShift,
    MatMul,
    Multiply,
    Remainder,
    Or,
    Power,
    RShift,
    Subtract,
    TrueDivide,
    Xor,
}

impl BinaryOp {
    /// Operator from its source symbol (`+`, `<<=`…), as `opcode._nb_ops` lists them.
    pub fn from_symbol(symbol: &str) -> Option<(BinaryOp, bool)> {
        let (base, inplace) = match symbol.strip_suffix('=') {
            Some(base) if !base.is_empty() => (base, true),
            _ => (symbol, false),
        };
        let op = match base {
            "+" => BinaryOp::Add,
            "&" => BinaryOp::And,
            "//" => BinaryOp::FloorDivide,
            "<<" => BinaryOp::LShift,
            "@" => BinaryOp::MatMul,
            "*" => BinaryOp::Multiply,
            "%" => BinaryOp::Remainder,
            "|" => BinaryOp::Or,
            "**" => BinaryOp::Power,
            ">>" => BinaryOp::RShift,
            "-" => BinaryOp::Subtract,
            "/" => BinaryOp::TrueDivide,
            "^" => BinaryOp::Xor,
            _ => return None,
        };
        Some((op, inplace))
    }

    /// The special method tried first (`__add__`); the reflected and in-place forms follow from it.
    pub fn dunder(self) -> &'static str {
        match self {
            BinaryOp::Add => "__add__",
            BinaryOp::And => "__and__",
            BinaryOp::FloorDivide => "__floordiv__",
            BinaryOp::LShift => "__lshift__",
            BinaryOp::MatMul => "__matmul__",
            BinaryOp::Multiply => "__mul__",
            BinaryOp::Remainder => "__mod__",
            BinaryOp::Or => "__or__",
            BinaryOp::Power => "__pow__",
            BinaryOp::RShift => "__rshift__",
            BinaryOp::Subtract => "__sub__",
            BinaryOp::TrueDivide => "__truediv__",
            BinaryOp::Xor => "__xor__",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum UnaryOp {
    Negative,
    Positive,
    Not,
    Invert,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CompareOp {
    Lt,
    Le,
    Eq,
    Ne,
    Gt,
    Ge,
}

impl CompareOp {
    pub fn from_symbol(symbol: &str) -> Option<CompareOp> {
        Some(match symbol {
            "<" => CompareOp::Lt,
            "<=" => CompareOp::Le,
            "==" => CompareOp::Eq,
            "!=" => CompareOp::Ne,
            ">" => CompareOp::Gt,
            ">=" => CompareOp::Ge,
            _ => return None,
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Conversion {
    None,
    Str,
    Repr,
    Ascii,
}

/// Attributes attached to a new function, as `MAKE_FUNCTION` flag bits
/// (defaults 0x01, kwdefaults 0x02, annotations 0x04, closure 0x08, annotate 0x10).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct FunctionAttrs(pub u32);

impl FunctionAttrs {
    pub const DEFAULTS: u32 = 0x01;
    pub const KWDEFAULTS: u32 = 0x02;
    pub const ANNOTATIONS: u32 = 0x04;
    pub const CLOSURE: u32 = 0x08;
    pub const ANNOTATE: u32 = 0x10;

    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    pub fn names(self) -> Vec<&'static str> {
        [
            (Self::DEFAULTS, "defaults"),
            (Self::KWDEFAULTS, "kwdefaults"),
            (Self::ANNOTATIONS, "annotations"),
            (Self::CLOSURE, "closure"),
            (Self::ANNOTATE, "annotate"),
        ]
        .iter()
        .filter(|(bit, _)| self.0 & bit != 0)
        .map(|&(_, name)| name)
        .collect()
    }
}

/// `CALL_INTRINSIC_1`/`_2` functions without a dedicated operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Intrinsic {
    Print,
    StopIterationError,
    AsyncGenWrap,
    TypeVar,
    ParamSpec,
    TypeVarTuple,
    SubscriptGeneric,
    TypeAlias,
    TypeVarWithBound,
    TypeVarWithConstraints,
    SetFunctionTypeParams,
    SetTypeparamDefault,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BlockKind {
    Finally,
    With,
    AsyncWith,
}

/// Families of implicit special-method calls an instruction may make
/// (which dunders user code can observe it invoking).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Protocols(pub u32);

macro_rules! protocols {
    ($($name:ident = $bit:expr, $label:literal;)*) => {
        impl Protocols {
            $(pub const $name: Protocols = Protocols(1 << $bit);)*
            pub const ALL: &'static [(Protocols, &'static str)] = &[$((Protocols::$name, $label)),*];
        }
    };
}

protocols! {
    CALL = 0, "call";
    ATTR_GET = 1, "getattr";
    ATTR_SET = 2, "setattr";
    ATTR_DEL = 3, "delattr";
    SUBSCR_GET = 4, "getitem";
    SUBSCR_SET = 5, "setitem";
    SUBSCR_DEL = 6, "delitem";
    BINARY = 7, "binary";
    INPLACE = 8, "inplace";
    UNARY = 9, "unary";
    COMPARE = 10, "compare";
    CONTAINS = 11, "contains";
    TRUTH = 12, "truth";
    ITER = 13, "iter";
    NEXT = 14, "next";
    CONTEXT_ENTER = 15, "enter";
    CONTEXT_EXIT = 16, "exit";
    AWAIT = 17, "await";
    AITER = 18, "aiter";
    ANEXT = 19, "anext";
    FORMAT = 20, "format";
    HASH = 21, "hash";
    LEN = 22, "len";
    IMPORT = 23, "import";
    CLASS_CREATE = 24, "class";
    INDEX = 25, "index";
    MAPPING = 26, "mapping";
}

impl Protocols {
    pub const NONE: Protocols = Protocols(0);

    pub const fn union(self, other: Protocols) -> Protocols {
        Protocols(self.0 | other.0)
    }

    pub fn contains(self, other: Protocols) -> bool {
        self.0 & other.0 == other.0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn labels(self) -> impl Iterator<Item = &'static str> {
        Protocols::ALL.iter().filter(move |(p, _)| self.contains(*p)).map(|&(_, l)| l)
    }
}

impl std::ops::BitOr for Protocols {
    type Output = Protocols;
    fn bitor(self, rhs: Protocols) -> Protocols {
        self.union(rhs)
    }
}
