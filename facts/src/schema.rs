//! The relations: one definition each, from which the row type, the TSV
//! writer and `schema.json` all follow.
//!
//! Every column is a `u32`: an entity id, a number, a bool (0/1) or a small enum
//! whose value names `schema.json` lists. The only strings are the texts of
//! `Symbol`. Relation and column docs are the `///` comments below; they are
//! copied into `schema.json`, so write them for the person writing rules.

use serde::Serialize;

/// What a column holds. Entity ids are dense and start at 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnType {
    /// An id of the entity.
    Entity(Entity),
    /// A non-negative integer (count, offset, index, line).
    Number,
    /// 0 or 1.
    Bool,
    /// The text of a symbol (only `Symbol.text`).
    Text,
    Enum(&'static EnumSchema),
}

impl ColumnType {
    /// The type's name in `schema.json` (`enum:Name` for enums).
    pub fn name(self) -> String {
        match self {
            ColumnType::Entity(entity) => entity.name().into(),
            ColumnType::Number => "number".into(),
            ColumnType::Bool => "bool".into(),
            ColumnType::Text => "text".into(),
            ColumnType::Enum(e) => format!("enum:{}", e.name),
        }
    }

    /// The entity whose ids the column holds, if it holds ids.
    pub fn entity(self) -> Option<Entity> {
        match self {
            ColumnType::Entity(entity) => Some(entity),
            ColumnType::Number | ColumnType::Bool | ColumnType::Text | ColumnType::Enum(_) => None,
        }
    }

    /// Soufflé's attribute type: symbols stay numbers so rules join on integers.
    pub fn souffle(self) -> &'static str {
        match self {
            ColumnType::Text => "symbol",
            _ => "unsigned",
        }
    }
}

/// The things ids name. Each entity is *defined* by the first column of the
/// relations [`Entity::defined_by`] lists: every id from 0 to the count has
/// exactly one defining row among them, and every other column of the entity's
/// type refers to a defined id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Entity {
    Module,
    Code,
    Insn,
    Var,
    Block,
    Const,
    Region,
    Symbol,
}

impl Entity {
    pub const ALL: [Entity; 8] = [
        Entity::Module,
        Entity::Code,
        Entity::Insn,
        Entity::Var,
        Entity::Block,
        Entity::Const,
        Entity::Region,
        Entity::Symbol,
    ];

    /// The column type's name (`insn`).
    pub fn name(self) -> &'static str {
        match self {
            Entity::Module => "module",
            Entity::Code => "code",
            Entity::Insn => "insn",
            Entity::Var => "var",
            Entity::Block => "block",
            Entity::Const => "const",
            Entity::Region => "region",
            Entity::Symbol => "symbol",
        }
    }

    /// The relations whose first column defines this entity's ids. A variable is
    /// defined by its role: popped, read in place, pushed, handed to a handler or
    /// present on entry, exactly one of them.
    pub fn defined_by(self) -> &'static [&'static str] {
        match self {
            Entity::Module => &["Module"],
            Entity::Code => &["Code"],
            Entity::Insn => &["Insn"],
            Entity::Var => &["InVar", "PeekVar", "OutVar", "HandlerVar", "EntryVar"],
            Entity::Block => &["Block"],
            Entity::Const => &["Const"],
            Entity::Region => &["ExceptionRegion"],
            Entity::Symbol => &["Symbol"],
        }
    }

    /// Numbered per code object, in code id order: every id belongs to one code object.
    pub fn is_per_code(self) -> bool {
        matches!(self, Entity::Insn | Entity::Var | Entity::Block | Entity::Const | Entity::Region)
    }
}

#[derive(Debug)]
pub struct Column {
    pub name: &'static str,
    pub ty: ColumnType,
    pub doc: &'static str,
}

#[derive(Debug)]
pub struct RelationSchema {
    pub name: &'static str,
    pub doc: &'static str,
    pub columns: &'static [Column],
}

#[derive(Debug, PartialEq, Eq)]
pub struct EnumSchema {
    pub name: &'static str,
    pub doc: &'static str,
    pub values: &'static [EnumValue],
}

#[derive(Debug, PartialEq, Eq)]
pub struct EnumValue {
    pub name: &'static str,
    pub doc: &'static str,
}

/// A row of a relation: a typed struct of `u32` columns.
pub trait Row {
    const ID: RelationId;
    /// The type of each column, as in [`RELATIONS`] (here as a constant, so
    /// code generic over rows can be specialised per relation).
    const COLUMN_TYPES: &'static [ColumnType];
    fn write_to(&self, out: &mut Vec<u32>);
}

/// Joins `///` lines (each starts with a space) into one paragraph.
pub fn doc_text(doc: &str) -> String {
    doc.split('\n').map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join(" ")
}

macro_rules! column_type {
    (Enum, $en:ty) => {
        ColumnType::Enum(&<$en>::SCHEMA)
    };
    (Number) => {
        ColumnType::Number
    };
    (Bool) => {
        ColumnType::Bool
    };
    (Text) => {
        ColumnType::Text
    };
    ($entity:ident) => {
        ColumnType::Entity(Entity::$entity)
    };
}

macro_rules! named_enum {
    ($(#[doc = $doc:literal])* $name:ident { $( $(#[doc = $vdoc:literal])* $var:ident = $text:literal ),* $(,)? }) => {
        $(#[doc = $doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u32)]
        pub enum $name { $( $(#[doc = $vdoc])* $var ),* }

        impl $name {
            pub const SCHEMA: EnumSchema = EnumSchema {
                name: stringify!($name),
                doc: concat!($($doc, "\n"),*),
                values: &[ $( EnumValue { name: $text, doc: concat!($($vdoc, "\n"),*) } ),* ],
            };
            pub const ALL: &'static [$name] = &[$($name::$var),*];

            pub fn id(self) -> u32 {
                self as u32
            }

            pub fn name(self) -> &'static str {
                Self::SCHEMA.values[self as usize].name
            }

            pub fn from_name(name: &str) -> Option<$name> {
                Self::ALL.iter().copied().find(|v| v.name() == name)
            }
        }
    };
}

macro_rules! relations {
    ($( $(#[doc = $doc:literal])* $name:ident { $( $(#[doc = $cdoc:literal])* $col:ident : $ty:ident $(($en:ty))? ),* $(,)? } )*) => {
        /// Index of a relation in [`RELATIONS`] (and in a fact set's tables).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum RelationId { $($name),* }

        $(
            $(#[doc = $doc])*
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
            pub struct $name { $( $(#[doc = $cdoc])* pub $col: u32, )* }

            impl Row for $name {
                const ID: RelationId = RelationId::$name;
                const COLUMN_TYPES: &'static [ColumnType] = &[ $( column_type!($ty $(, $en)?) ),* ];
                fn write_to(&self, out: &mut Vec<u32>) {
                    out.extend_from_slice(&[ $( self.$col ),* ]);
                }
            }
        )*

        /// Every [`RelationId`], in order.
        pub const RELATION_IDS: &[RelationId] = &[$(RelationId::$name),*];

        /// Every relation whose rows the lowering produces, in [`RelationId`] order.
        /// (`Symbol` is [`SYMBOL`]: its second column is text.)
        pub static RELATIONS: &[RelationSchema] = &[
            $( RelationSchema {
                name: stringify!($name),
                doc: concat!($($doc, "\n"),*),
                columns: &[ $( Column {
                    name: stringify!($col),
                    ty: column_type!($ty $(, $en)?),
                    doc: concat!($($cdoc, "\n"),*),
                } ),* ],
            } ),*
        ];
    };
}

/// `Symbol(sym, text)`: the one relation with a string column.
pub static SYMBOL: RelationSchema = RelationSchema {
    name: "Symbol",
    doc: "Interned strings: every name, qualified name, file, constant value and module name. \
          Symbols are numbered in order of first use (modules first, then code objects in id order), \
          so the same input always gives the same numbers. Tabs, newlines and backslashes in the text \
          are written as \\t, \\n and \\\\.",
    columns: &[
        Column { name: "sym", ty: ColumnType::Entity(Entity::Symbol), doc: "The symbol." },
        Column { name: "text", ty: ColumnType::Text, doc: "Its text." },
    ],
};

impl RelationId {
    pub fn schema(self) -> &'static RelationSchema {
        &RELATIONS[self as usize]
    }

    pub fn arity(self) -> usize {
        self.schema().columns.len()
    }
}

/// The relation called `name` (not `Symbol`, which has no rows of its own).
pub fn relation_id(name: &str) -> Option<RelationId> {
    RELATION_IDS.iter().copied().find(|id| id.schema().name == name)
}

/// Every relation, `Symbol` included, sorted by name (the order of `schema.json`).
pub fn all_relations() -> Vec<&'static RelationSchema> {
    let mut all: Vec<&RelationSchema> = RELATIONS.iter().chain(std::iter::once(&SYMBOL)).collect();
    all.sort_by_key(|r| r.name);
    all
}

/// Every enum a column uses, sorted by name.
pub fn all_enums() -> Vec<&'static EnumSchema> {
    let mut enums: Vec<&'static EnumSchema> = Vec::new();
    for relation in RELATIONS {
        for column in relation.columns {
            if let ColumnType::Enum(e) = column.ty {
                if !enums.iter().any(|known| known.name == e.name) {
                    enums.push(e);
                }
            }
        }
    }
    enums.sort_by_key(|e| e.name);
    enums
}

#[derive(Serialize)]
struct SchemaJson {
    format: &'static str,
    relations: Vec<RelationJson>,
    enums: Vec<EnumJson>,
}

#[derive(Serialize)]
struct RelationJson {
    name: &'static str,
    file: String,
    doc: String,
    columns: Vec<ColumnJson>,
}

#[derive(Serialize)]
struct ColumnJson {
    name: &'static str,
    #[serde(rename = "type")]
    ty: String,
    doc: String,
}

#[derive(Serialize)]
struct EnumJson {
    name: &'static str,
    doc: String,
    values: Vec<EnumValueJson>,
}

#[derive(Serialize)]
struct EnumValueJson {
    value: u32,
    name: &'static str,
    doc: String,
}

/// `schema.json`: every relation with its columns, types and meanings, and every enum's values.
pub fn schema_json() -> String {
    let relations = all_relations()
        .into_iter()
        .map(|r| RelationJson {
            name: r.name,
            file: format!("{}.facts", r.name),
            doc: doc_text(r.doc),
            columns: r
                .columns
                .iter()
                .map(|c| ColumnJson { name: c.name, ty: c.ty.name(), doc: doc_text(c.doc) })
                .collect(),
        })
        .collect();
    let enums = all_enums()
        .into_iter()
        .map(|e| EnumJson {
            name: e.name,
            doc: doc_text(e.doc),
            values: e
                .values
                .iter()
                .enumerate()
                .map(|(i, v)| EnumValueJson { value: i as u32, name: v.name, doc: doc_text(v.doc) })
                .collect(),
        })
        .collect();
    let schema = SchemaJson {
        format: "cpyg-facts/2: one tab-separated file per relation, no header, rows sorted",
        relations,
        enums,
    };
    let mut text = serde_json::to_string_pretty(&schema).expect("the schema serialises");
    text.push('\n');
    text
}

/// `schema.dl`: Soufflé `.decl`/`.input` lines for every relation, for rule authors to
/// `#include`; with `symbols_as_text`, symbol columns are declared as Soufflé symbols.
pub fn souffle_declarations(symbols_as_text: bool) -> String {
    let mut out = format!(
        "// Relations of a cpyg fact directory ({}), generated by cpyg {}.\n\
         // Ids, numbers, bools and enum values are `unsigned` (enum names: schema.json); \
         symbols are {}.\n",
        crate::write::FORMAT,
        env!("CARGO_PKG_VERSION"),
        if symbols_as_text { "their texts" } else { "ids into Symbol(sym, text)" }
    );
    for r in all_relations() {
        let column = |c: &Column| {
            let ty = match c.ty {
                ColumnType::Entity(Entity::Symbol) if symbols_as_text && r.name != SYMBOL.name => "symbol",
                ty => ty.souffle(),
            };
            format!("{}: {ty}", c.name)
        };
        let columns: Vec<String> = r.columns.iter().map(column).collect();
        out.push_str(&format!(".decl {}({})\n.input {}\n", r.name, columns.join(", "), r.name));
    }
    out
}

// ---------------------------------------------------------------------------
// Enums
// ---------------------------------------------------------------------------

named_enum! {
    /// What a code object is.
    CodeKind {
        /// A module body.
        Module = "module",
        /// A class body (runs in the class namespace).
        ClassBody = "class_body",
        /// A `def` function.
        Function = "function",
        Lambda = "lambda",
        /// A comprehension or generator expression with its own code object.
        Comprehension = "comprehension",
        /// A `def` containing `yield`.
        Generator = "generator",
        /// An `async def`.
        Coroutine = "coroutine",
        /// An `async def` containing `yield`.
        AsyncGenerator = "async_generator",
        /// A constant string the module passes to `eval` or `exec`, compiled as that call
        /// would compile it (a child of the code object holding the string).
        CompiledString = "compiled_string",
    }
}

named_enum! {
    /// How a parameter is passed.
    ParamKind {
        PositionalOnly = "positional_only",
        PositionalOrKeyword = "positional_or_keyword",
        /// `*args`.
        VarPositional = "var_positional",
        KeywordOnly = "keyword_only",
        /// `**kwargs`.
        VarKeyword = "var_keyword",
    }
}

named_enum! {
    /// The literal kind of a constant.
    ConstKind {
        None = "none",
        Ellipsis = "ellipsis",
        /// The `StopIteration` marker some releases store.
        StopIteration = "stop_iteration",
        Bool = "bool",
        Int = "int",
        Float = "float",
        Complex = "complex",
        Str = "str",
        Bytes = "bytes",
        Tuple = "tuple",
        FrozenSet = "frozenset",
        Slice = "slice",
        /// A nested code object (see `ConstCode`).
        Code = "code",
    }
}

named_enum! {
    /// Families of implicit special-method calls an instruction may make.
    Protocol {
        /// Calls an object (`__call__`).
        Call = "call",
        /// `__getattribute__`/`__getattr__`, descriptors' `__get__`.
        AttrGet = "getattr",
        /// `__setattr__`, descriptors' `__set__`.
        AttrSet = "setattr",
        /// `__delattr__`, descriptors' `__delete__`.
        AttrDel = "delattr",
        /// `__getitem__`, `__class_getitem__`.
        SubscrGet = "getitem",
        /// `__setitem__`.
        SubscrSet = "setitem",
        /// `__delitem__`.
        SubscrDel = "delitem",
        /// Binary operator methods and their reflected forms (`__add__`, `__radd__`).
        Binary = "binary",
        /// In-place operator methods (`__iadd__`).
        Inplace = "inplace",
        /// `__neg__`, `__pos__`, `__invert__`.
        Unary = "unary",
        /// Rich comparisons (`__eq__`, `__lt__`...).
        Compare = "compare",
        /// `__contains__`.
        Contains = "contains",
        /// `__bool__`.
        Truth = "truth",
        /// `__iter__`.
        Iter = "iter",
        /// `__next__`, `send`, `throw`.
        Next = "next",
        /// `__enter__`/`__aenter__`.
        ContextEnter = "enter",
        /// `__exit__`/`__aexit__`.
        ContextExit = "exit",
        /// `__await__`.
        Await = "await",
        /// `__aiter__`.
        AIter = "aiter",
        /// `__anext__`.
        ANext = "anext",
        /// `__format__`, `__str__`, `__repr__`.
        Format = "format",
        /// `__hash__`.
        Hash = "hash",
        /// `__len__`.
        Len = "len",
        /// `__import__`.
        Import = "import",
        /// `__build_class__`, metaclasses, `__init_subclass__`, `__set_name__`.
        ClassCreate = "class",
        /// `__index__`.
        Index = "index",
        /// `keys()` and `__getitem__` of a mapping being unpacked.
        Mapping = "mapping",
    }
}

named_enum! {
    /// Binary operators; each runs `__op__` of the left operand, then `__rop__` of
    /// the right (in-place forms first try `__iop__`).
    BinaryOperator {
        /// `+`, `__add__`.
        Add = "add",
        /// `&`, `__and__`.
        And = "and",
        /// `//`, `__floordiv__`.
        FloorDivide = "floor_divide",
        /// `<<`, `__lshift__`.
        LShift = "lshift",
        /// `@`, `__matmul__`.
        MatMul = "matmul",
        /// `*`, `__mul__`.
        Multiply = "multiply",
        /// `%`, `__mod__`.
        Remainder = "remainder",
        /// `|`, `__or__`.
        Or = "or",
        /// `**`, `__pow__`.
        Power = "power",
        /// `>>`, `__rshift__`.
        RShift = "rshift",
        /// `-`, `__sub__`.
        Subtract = "subtract",
        /// `/`, `__truediv__`.
        TrueDivide = "true_divide",
        /// `^`, `__xor__`.
        Xor = "xor",
    }
}

named_enum! {
    /// Unary operators.
    UnaryOperator {
        /// `-x`, `__neg__`.
        Negative = "negative",
        /// `+x`, `__pos__`.
        Positive = "positive",
        /// `not x` (a truth test).
        Not = "not",
        /// `~x`, `__invert__`.
        Invert = "invert",
    }
}

named_enum! {
    /// Rich comparison operators.
    CompareOperator {
        /// `<`, `__lt__`.
        Lt = "lt",
        /// `<=`, `__le__`.
        Le = "le",
        /// `==`, `__eq__`.
        Eq = "eq",
        /// `!=`, `__ne__`.
        Ne = "ne",
        /// `>`, `__gt__`.
        Gt = "gt",
        /// `>=`, `__ge__`.
        Ge = "ge",
    }
}

named_enum! {
    /// Conversion applied before formatting an f-string field.
    Conversion {
        /// No conversion.
        None = "none",
        /// `!s`.
        Str = "str",
        /// `!r`.
        Repr = "repr",
        /// `!a`.
        Ascii = "ascii",
    }
}

named_enum! {
    /// Built-in container types.
    ContainerKind {
        Tuple = "tuple",
        List = "list",
        Set = "set",
        Dict = "dict",
    }
}

named_enum! {
    /// Attributes a function gets when it is created.
    FunctionAttr {
        /// The tuple of positional defaults (`__defaults__`).
        Defaults = "defaults",
        /// The dict of keyword-only defaults (`__kwdefaults__`).
        KwDefaults = "kwdefaults",
        /// The annotations (`__annotations__`).
        Annotations = "annotations",
        /// The tuple of cells of the free variables (`__closure__`).
        Closure = "closure",
        /// The lazily evaluated annotations function (3.14 `__annotate__`).
        Annotate = "annotate",
    }
}

named_enum! {
    /// How control passes from one block to another.
    EdgeKind {
        /// To the next block in code order.
        Fallthrough = "fallthrough",
        /// The branch's test holds, read positively: the value is true (`if_true`,
        /// `if_false` and their keeping forms), the value is None (`if_none`, `if_not_none`),
        /// the iterator is exhausted, the sub-iterator returned, the exception matched.
        /// So a jump-if-false jumps along `branch_false` and falls through along `branch_true`.
        BranchTrue = "branch_true",
        /// The branch's test fails (see `branch_true`).
        BranchFalse = "branch_false",
        /// An unconditional jump.
        Jump = "jump",
        /// To an exception handler.
        Exception = "exception",
        /// From a block ending in a suspension (yield, await, the generator's creation)
        /// to the block where the frame continues when it is resumed.
        Resume = "resume",
    }
}

named_enum! {
    /// When a conditional jump is taken.
    Condition {
        IfTrue = "if_true",
        IfFalse = "if_false",
        IfNone = "if_none",
        IfNotNone = "if_not_none",
        /// Jumps when true and keeps the value on the stack (3.10-3.11 `or`).
        IfTrueKeep = "if_true_keep",
        /// Jumps when false and keeps the value on the stack (3.10-3.11 `and`).
        IfFalseKeep = "if_false_keep",
        /// The iterator is exhausted.
        Exhausted = "exhausted",
        /// The delegated-to generator returned instead of yielding.
        SendReturned = "send_returned",
        /// 3.10: the raised exception type does not match the `except` clause.
        ExceptionNotMatched = "exception_not_matched",
        /// 3.8 `CALL_FINALLY`: the jump runs a `finally` body, which returns to the next instruction.
        FinallyCall = "finally_call",
    }
}

impl Condition {
    /// Whether a conditional jump (`Operation::Branch`) on this condition may raise,
    /// given whether it runs the truth protocol on its operand (`TruthTest`: ≤3.12
    /// jumps on any object): a test for None or of a bool (3.13+, after `TO_BOOL`)
    /// never does; a 3.10 exception match may (the clause names no exception class).
    pub fn may_raise(self, truth_test: bool) -> bool {
        match self {
            Condition::IfNone | Condition::IfNotNone => false,
            Condition::IfTrue | Condition::IfFalse | Condition::IfTrueKeep | Condition::IfFalseKeep => truth_test,
            _ => true,
        }
    }
}

named_enum! {
    /// Why no path reads a produced value.
    UnusedReason {
        /// The producing instruction (or every instruction a handler covers) is never reached.
        Unreachable = "unreachable",
        /// Only ever dropped by exception unwinding: cut from the stack on the way to a
        /// handler, or abandoned when a raise leaves the frame.
        Unwound = "unwound",
        /// Pushed by a return: the value lands on the caller's stack (3.14 `RETURN_VALUE`).
        Returned = "returned",
    }
}

named_enum! {
    /// Why a frame resumes at a `Resume` instruction.
    ResumeKind {
        FunctionStart = "function_start",
        Yield = "yield",
        YieldFrom = "yield_from",
        Await = "await",
    }
}

named_enum! {
    /// Interpreter intrinsics called through `CALL_INTRINSIC_*` (3.12+) or their own opcodes.
    Intrinsic {
        Print = "print",
        StopIterationError = "stop_iteration_error",
        AsyncGenWrap = "async_gen_wrap",
        TypeVar = "type_var",
        ParamSpec = "param_spec",
        TypeVarTuple = "type_var_tuple",
        SubscriptGeneric = "subscript_generic",
        TypeAlias = "type_alias",
        TypeVarWithBound = "type_var_with_bound",
        TypeVarWithConstraints = "type_var_with_constraints",
        SetFunctionTypeParams = "set_function_type_params",
        SetTypeparamDefault = "set_typeparam_default",
    }
}

named_enum! {
    /// The version-neutral operation of an instruction (the adapters' semantic record).
    Operation {
        Nop = "nop",
        ExtendedArg = "extended_arg",
        Resume = "resume",
        PopTop = "pop_top",
        /// Stack shuffles: no variables, values move (see `StackFlow`).
        Copy = "copy",
        Swap = "swap",
        RotateDown = "rotate_down",
        DupTopTwo = "dup_top_two",
        PushNull = "push_null",
        LoadConst = "load_const",
        LoadImmediate = "load_immediate",
        LoadBuiltin = "load_builtin",
        LoadLocal = "load_local",
        StoreLocal = "store_local",
        DeleteLocal = "delete_local",
        LoadLocalPair = "load_local_pair",
        StoreLocalPair = "store_local_pair",
        StoreThenLoadLocal = "store_then_load_local",
        MakeCell = "make_cell",
        LoadCellRef = "load_cell_ref",
        LoadCell = "load_cell",
        StoreCell = "store_cell",
        DeleteCell = "delete_cell",
        CopyFreeVars = "copy_free_vars",
        LoadClassCell = "load_class_cell",
        LoadGlobal = "load_global",
        StoreGlobal = "store_global",
        DeleteGlobal = "delete_global",
        LoadName = "load_name",
        StoreName = "store_name",
        DeleteName = "delete_name",
        LoadFromMappingOrGlobals = "load_from_mapping_or_globals",
        LoadLocals = "load_locals",
        SetupAnnotations = "setup_annotations",
        LoadAttr = "load_attr",
        StoreAttr = "store_attr",
        DeleteAttr = "delete_attr",
        LoadSuperAttr = "load_super_attr",
        LoadSpecial = "load_special",
        Subscript = "subscript",
        StoreSubscript = "store_subscript",
        DeleteSubscript = "delete_subscript",
        Slice = "slice",
        StoreSlice = "store_slice",
        BuildSlice = "build_slice",
        Binary = "binary",
        Unary = "unary",
        ToBool = "to_bool",
        Compare = "compare",
        Is = "is",
        Contains = "contains",
        BuildTuple = "build_tuple",
        BuildList = "build_list",
        BuildSet = "build_set",
        BuildMap = "build_map",
        BuildConstKeyMap = "build_const_key_map",
        BuildString = "build_string",
        ListAppend = "list_append",
        SetAdd = "set_add",
        MapAdd = "map_add",
        ListExtend = "list_extend",
        SetUpdate = "set_update",
        DictUpdate = "dict_update",
        DictMerge = "dict_merge",
        ListToTuple = "list_to_tuple",
        UnpackSequence = "unpack_sequence",
        UnpackEx = "unpack_ex",
        FormatValue = "format_value",
        ConvertValue = "convert_value",
        FormatSimple = "format_simple",
        FormatWithSpec = "format_with_spec",
        BuildTemplate = "build_template",
        BuildInterpolation = "build_interpolation",
        MakeFunction = "make_function",
        SetFunctionAttribute = "set_function_attribute",
        LoadBuildClass = "load_build_class",
        ImportName = "import_name",
        ImportFrom = "import_from",
        ImportStar = "import_star",
        Call = "call",
        CallEx = "call_ex",
        PrepareCall = "prepare_call",
        KwNames = "kw_names",
        CallIntrinsic = "call_intrinsic",
        Return = "return",
        ReturnConst = "return_const",
        ReturnGenerator = "return_generator",
        GenStart = "gen_start",
        Yield = "yield",
        YieldFrom = "yield_from",
        Send = "send",
        EndSend = "end_send",
        GetAwaitable = "get_awaitable",
        CleanupThrow = "cleanup_throw",
        GetIter = "get_iter",
        GetYieldFromIter = "get_yield_from_iter",
        ForIter = "for_iter",
        EndFor = "end_for",
        PopIter = "pop_iter",
        GetAIter = "get_aiter",
        GetANext = "get_anext",
        EndAsyncFor = "end_async_for",
        EnterContext = "enter_context",
        WithExceptStart = "with_except_start",
        Raise = "raise",
        Reraise = "reraise",
        PushExcInfo = "push_exc_info",
        PopExcept = "pop_except",
        CheckExcMatch = "check_exc_match",
        CheckExceptionGroupMatch = "check_exception_group_match",
        PrepReraiseStar = "prep_reraise_star",
        SetupBlock = "setup_block",
        PopBlock = "pop_block",
        MatchClass = "match_class",
        MatchMapping = "match_mapping",
        MatchSequence = "match_sequence",
        MatchKeys = "match_keys",
        GetLen = "get_len",
        CopyDictWithoutKeys = "copy_dict_without_keys",
        PrintExpr = "print_expr",
        ExitInitCheck = "exit_init_check",
        Jump = "jump",
        Branch = "branch",
        // 3.8 (after the others, so that their ids stay as they were).
        BeginFinally = "begin_finally",
        EndFinally = "end_finally",
        CallFinally = "call_finally",
        PopFinally = "pop_finally",
        WithCleanupFinish = "with_cleanup_finish",
        BuildUnpacked = "build_unpacked",
    }
}

impl Operation {
    /// Operations that never raise (asynchronous exceptions aside); everything else
    /// may. The control products build exception edges from the others, and a block
    /// splits where they change exception context.
    pub fn never_raises(self) -> bool {
        use Operation as O;
        matches!(
            self,
            O::Nop
                | O::ExtendedArg
                | O::Resume
                | O::PopTop
                | O::Copy
                | O::Swap
                | O::RotateDown
                | O::DupTopTwo
                | O::PushNull
                | O::LoadConst
                | O::LoadImmediate
                | O::LoadBuiltin
                | O::StoreLocal
                | O::StoreLocalPair
                | O::MakeCell
                | O::LoadCellRef
                | O::CopyFreeVars
                | O::StoreCell
                | O::Is
                | O::BuildTuple
                | O::BuildList
                | O::BuildSlice
                | O::ListAppend
                | O::ListToTuple
                | O::MakeFunction
                | O::SetFunctionAttribute
                | O::KwNames
                | O::Return
                | O::ReturnConst
                | O::ReturnGenerator
                | O::PushExcInfo
                | O::PopExcept
                | O::Jump
                | O::SetupBlock
                | O::PopBlock
                | O::BeginFinally
                | O::PopFinally
                | O::CallFinally
                | O::EndFor
                | O::PopIter
                | O::EndSend
        )
    }
}

// ---------------------------------------------------------------------------
// Relations
// ---------------------------------------------------------------------------

relations! {
    // ---- program structure -------------------------------------------------

    /// A module of the input.
    Module {
        module: Module,
        /// Dotted name, from the layout of the input (`pkg.sub.mod`).
        name: Symbol,
        /// The file it came from, relative to the input root, `/`-separated.
        file: Symbol,
        /// 1 when the module is a package's `__init__`.
        is_package: Bool,
    }

    /// The package a module's relative imports resolve against (its `__package__`):
    /// a package's own name, otherwise the name without its last component ("" at top level).
    ModulePackage {
        module: Module,
        package: Symbol,
    }

    /// The code object of a module's body.
    ModuleCode {
        module: Module,
        code: Code,
    }

    /// A code object. Ids follow modules in name order, then preorder of nested constants.
    Code {
        code: Code,
        module: Module,
        /// `co_name`.
        name: Symbol,
        /// Qualified name (`co_qualname`; derived from nesting for 3.10).
        qualname: Symbol,
        kind: Enum(CodeKind),
        /// `co_firstlineno`.
        first_line: Number,
    }

    /// The code object whose constants hold this one.
    CodeParent {
        code: Code,
        parent: Code,
    }

    /// Argument layout of a code object.
    CodeArgs {
        code: Code,
        /// Positional parameters, positional-only ones included (`co_argcount`).
        positional: Number,
        /// Positional-only parameters (`co_posonlyargcount`).
        positional_only: Number,
        /// Keyword-only parameters (`co_kwonlyargcount`).
        keyword_only: Number,
        /// 1 when there is a `*args` parameter.
        var_positional: Bool,
        /// 1 when there is a `**kwargs` parameter.
        var_keyword: Bool,
    }

    /// A parameter, in signature order (positional, `*args`, keyword-only, `**kwargs`).
    Param {
        code: Code,
        /// Position in signature order, from 0.
        index: Number,
        /// The local slot that holds it on entry.
        slot: Number,
        name: Symbol,
        kind: Enum(ParamKind),
    }

    /// A fast-local slot (`localsplus`: locals, then cells and free variables).
    LocalSlot {
        code: Code,
        slot: Number,
        name: Symbol,
    }

    /// A slot that holds a cell this frame creates (a local captured by an inner function).
    CellSlot {
        code: Code,
        slot: Number,
    }

    /// A slot that holds a cell received through the function's closure.
    FreeSlot {
        code: Code,
        slot: Number,
        /// Position in `__closure__` (and in the closure tuple built by the creator).
        closure_index: Number,
    }

    /// A slot that is hidden from `locals()` (3.13+: variables of inlined comprehensions).
    HiddenSlot {
        code: Code,
        slot: Number,
    }

    // ---- instructions ------------------------------------------------------

    /// An instruction: its origin and version-neutral operation.
    Insn {
        insn: Insn,
        code: Code,
        /// Byte offset in `co_code`.
        offset: Number,
        op: Enum(Operation),
    }

    /// The source line of an instruction, where the release's line table has one.
    InsnLine {
        insn: Insn,
        line: Number,
    }

    /// The full source span of an instruction (3.11+ location tables; columns from 0).
    InsnSpan {
        insn: Insn,
        line: Number,
        column: Number,
        end_line: Number,
        end_column: Number,
    }

    /// The native opcode name (a symbol) of an instruction, for reference only: rules
    /// should not depend on it.
    InsnNative {
        insn: Insn,
        opname: Symbol,
    }

    /// The native argument of an instruction that has one (`EXTENDED_ARG` folded in).
    InsnNativeArg {
        insn: Insn,
        arg: Number,
    }

    /// A family of special methods an instruction may call implicitly (one row per family).
    InsnProtocol {
        insn: Insn,
        protocol: Enum(Protocol),
    }

    /// Operand-stack depth on entry to a reachable instruction.
    InsnDepth {
        insn: Insn,
        depth: Number,
    }

    // ---- operand-stack flow --------------------------------------------------

    /// A value an instruction pops.
    InVar {
        var: Var,
        insn: Insn,
        /// Position among the popped values, 0 = deepest.
        index: Number,
    }

    /// A value an instruction reads in place without popping it.
    PeekVar {
        var: Var,
        insn: Insn,
        /// Position below the popped values, 1 = the top of what remains.
        depth: Number,
    }

    /// A value an instruction pushes.
    OutVar {
        var: Var,
        insn: Insn,
        /// Position among the pushed values, 0 = deepest.
        index: Number,
    }

    /// A value an exception handler starts with, above the stack cut to the region's depth.
    HandlerVar {
        var: Var,
        region: Region,
        /// 0 = deepest pushed value (`lasti` when the region has it, then the exception).
        index: Number,
    }

    /// The value produced at `from` (an `OutVar` or `HandlerVar`) can be the one read
    /// at `to` (an `InVar` or `PeekVar`), along normal, jump or exception edges.
    StackFlow {
        from: Var,
        to: Var,
    }

    /// `to` is the very object `from` held: an instruction passes a value through
    /// (`END_SEND`'s result, `SET_FUNCTION_ATTRIBUTE`'s function, `PUSH_EXC_INFO`'s exception).
    SameValue {
        insn: Insn,
        from: Var,
        to: Var,
    }

    /// A value the frame starts with (the first sent value a 3.10 generator pops with `GEN_START`).
    EntryVar {
        var: Var,
        code: Code,
        /// 0 = deepest.
        index: Number,
    }

    /// A produced value (`OutVar`, `HandlerVar`, `EntryVar`) that no path reads, and why
    /// that is legitimate. Every other produced value has a `StackFlow`.
    UnusedOutput {
        var: Var,
        reason: Enum(UnusedReason),
    }

    // ---- constants -----------------------------------------------------------

    /// A constant of a code object: its `co_consts` entries, the items nested in
    /// tuples, frozensets and slices, and integers that 3.14 loads without `co_consts`.
    Const {
        constant: Const,
        code: Code,
        kind: Enum(ConstKind),
        /// Python's `repr` of the value.
        value: Symbol,
    }

    /// The position of a constant in `co_consts`.
    ConstIndex {
        constant: Const,
        index: Number,
    }

    /// The value of an integer constant that fits in 0..2^32.
    ConstInt {
        constant: Const,
        value: Number,
    }

    /// An item of a tuple, frozenset or slice constant.
    ConstItem {
        constant: Const,
        index: Number,
        item: Const,
    }

    /// A code-object constant and the code object it is.
    ConstCode {
        constant: Const,
        code: Code,
    }

    /// A string constant and the code object compiled from it, which `eval` or `exec` of
    /// that constant runs.
    CompiledString {
        constant: Const,
        code: Code,
    }

    /// Loads a constant (`LOAD_CONST`, 3.14 `LOAD_SMALL_INT`).
    LoadConst {
        insn: Insn,
        constant: Const,
        out: Var,
    }

    /// Loads a builtin the interpreter pushes directly (`AssertionError`, 3.14 common constants).
    LoadBuiltin {
        insn: Insn,
        name: Symbol,
        out: Var,
    }

    /// An output that is always NULL: the empty self/callable slot of a call
    /// (`PUSH_NULL`, the NULL half of `LOAD_GLOBAL`), or 3.14's absent `**kwargs`.
    NullValue {
        var: Var,
    }

    // ---- locals, cells, names ------------------------------------------------

    /// Reads a fast local (`LOAD_FAST` and its variants, both halves of pair loads).
    LoadLocal {
        insn: Insn,
        code: Code,
        slot: Number,
        out: Var,
    }

    /// Writes a fast local.
    StoreLocal {
        insn: Insn,
        code: Code,
        slot: Number,
        value: Var,
    }

    /// Unbinds a fast local (`del x`; also `LOAD_FAST_AND_CLEAR`, which reads and clears).
    DeleteLocal {
        insn: Insn,
        code: Code,
        slot: Number,
    }

    /// Creates the cell of a captured local (3.11+ `MAKE_CELL`).
    MakeCell {
        insn: Insn,
        code: Code,
        slot: Number,
    }

    /// Reads the contents of a cell or free variable.
    LoadCell {
        insn: Insn,
        code: Code,
        slot: Number,
        out: Var,
    }

    /// Writes the contents of a cell or free variable.
    StoreCell {
        insn: Insn,
        code: Code,
        slot: Number,
        value: Var,
    }

    /// Empties a cell.
    DeleteCell {
        insn: Insn,
        code: Code,
        slot: Number,
    }

    /// Pushes the cell object itself, to build a closure tuple.
    LoadCellRef {
        insn: Insn,
        code: Code,
        slot: Number,
        out: Var,
    }

    /// A class body reads a free variable, looking in the class namespace first.
    LoadClassCell {
        insn: Insn,
        code: Code,
        slot: Number,
        out: Var,
    }

    /// Reads a global (then builtins).
    LoadGlobal {
        insn: Insn,
        name: Symbol,
        out: Var,
    }

    /// Writes a global.
    StoreGlobal {
        insn: Insn,
        name: Symbol,
        value: Var,
    }

    /// `del name` of a global.
    DeleteGlobal {
        insn: Insn,
        name: Symbol,
    }

    /// Reads a name of the current namespace (module level, class bodies), then globals and builtins.
    LoadName {
        insn: Insn,
        name: Symbol,
        out: Var,
    }

    /// Writes a name of the current namespace (module level, class bodies).
    StoreName {
        insn: Insn,
        name: Symbol,
        value: Var,
    }

    /// `del name` at module level or in a class body.
    DeleteName {
        insn: Insn,
        name: Symbol,
    }

    /// Reads a name from a mapping on the stack, then globals and builtins
    /// (3.12+ annotation scopes inside classes).
    LoadNameFromMapping {
        insn: Insn,
        mapping: Var,
        name: Symbol,
        out: Var,
    }

    /// Pushes the current namespace mapping (`locals()`).
    LoadLocals {
        insn: Insn,
        out: Var,
    }

    // ---- attributes ----------------------------------------------------------

    /// `base.name`. For a method load `out` is the callable half of the pair the call
    /// uses and `MethodSelf` names the other half.
    LoadAttr {
        insn: Insn,
        base: Var,
        name: Symbol,
        out: Var,
    }

    /// The self slot a method-form attribute load pushes beside the callable:
    /// the base object, or NULL (≤3.12: the attribute) when it is not a method.
    MethodSelf {
        insn: Insn,
        out: Var,
    }

    /// `base.name = value`.
    StoreAttr {
        insn: Insn,
        base: Var,
        name: Symbol,
        value: Var,
    }

    /// `del base.name`.
    DeleteAttr {
        insn: Insn,
        base: Var,
        name: Symbol,
    }

    /// `super().name` (3.12+ `LOAD_SUPER_ATTR`): `super_fn` is the global `super`.
    SuperAttr {
        insn: Insn,
        super_fn: Var,
        class: Var,
        receiver: Var,
        name: Symbol,
        out: Var,
    }

    // ---- subscripts and slices -------------------------------------------------

    /// `container[key]`.
    Subscript {
        insn: Insn,
        container: Var,
        key: Var,
        out: Var,
    }

    /// `container[key] = value`.
    StoreSubscript {
        insn: Insn,
        container: Var,
        key: Var,
        value: Var,
    }

    /// `del container[key]`.
    DeleteSubscript {
        insn: Insn,
        container: Var,
        key: Var,
    }

    /// `container[start:stop]` with both bounds on the stack (3.12+; earlier releases
    /// build the slice with `BuildSlice` and use `Subscript`).
    SliceSubscript {
        insn: Insn,
        container: Var,
        start: Var,
        stop: Var,
        out: Var,
    }

    /// `container[start:stop] = value` (3.12+).
    StoreSliceSubscript {
        insn: Insn,
        container: Var,
        start: Var,
        stop: Var,
        value: Var,
    }

    /// Builds a `slice` object.
    BuildSlice {
        insn: Insn,
        out: Var,
    }

    /// A bound of a built slice: 0 start, 1 stop, 2 step.
    SliceBound {
        insn: Insn,
        index: Number,
        value: Var,
    }

    // ---- containers, unpacking, strings ------------------------------------------

    /// Builds a tuple, list, set or dict from stack values (see `ContainerItem`, `DictEntry`).
    BuildContainer {
        insn: Insn,
        kind: Enum(ContainerKind),
        out: Var,
    }

    /// An item of a built tuple, list or set.
    ContainerItem {
        insn: Insn,
        index: Number,
        value: Var,
    }

    /// An entry of a built dict whose keys are stack values.
    DictEntry {
        insn: Insn,
        index: Number,
        key: Var,
        value: Var,
    }

    /// An entry of a built dict whose keys come as one constant tuple.
    DictConstKeyEntry {
        insn: Insn,
        index: Number,
        key: Const,
        value: Var,
    }

    /// Adds one value to a container being built (comprehensions, displays with `*`).
    ContainerAdd {
        insn: Insn,
        kind: Enum(ContainerKind),
        container: Var,
        value: Var,
    }

    /// Adds `key: value` to a dict being built.
    DictAdd {
        insn: Insn,
        container: Var,
        key: Var,
        value: Var,
    }

    /// Adds every item of `iterable` (`*x` in displays; `**m` for dicts) to a container being built.
    ContainerExtend {
        insn: Insn,
        kind: Enum(ContainerKind),
        container: Var,
        iterable: Var,
    }

    /// `**m` merged into the keyword arguments of a call: duplicate keys raise.
    DictMerge {
        insn: Insn,
        container: Var,
        mapping: Var,
    }

    /// `tuple(list)` of a list built for a display with `*`.
    ListToTuple {
        insn: Insn,
        list: Var,
        out: Var,
    }

    /// Unpacks an iterable (`a, b = x`, `a, *b = x`).
    Unpack {
        insn: Insn,
        iterable: Var,
    }

    /// The item at `index` from the start.
    UnpackItem {
        insn: Insn,
        index: Number,
        out: Var,
    }

    /// The item `index` from the end (1 = last), after a starred target.
    UnpackItemFromEnd {
        insn: Insn,
        index: Number,
        out: Var,
    }

    /// The list a starred target receives.
    UnpackRest {
        insn: Insn,
        out: Var,
    }

    /// Formats one f-string field. One shape in every release: ≤3.12 `FORMAT_VALUE`;
    /// 3.13+ `FORMAT_SIMPLE`/`FORMAT_WITH_SPEC`, with a preceding `CONVERT_VALUE`
    /// folded in (`value` is then the convert's input).
    FormatValue {
        insn: Insn,
        value: Var,
        conversion: Enum(Conversion),
        out: Var,
    }

    /// The format spec of a formatted field.
    FormatSpec {
        insn: Insn,
        spec: Var,
    }

    /// Concatenates strings (f-strings).
    BuildString {
        insn: Insn,
        out: Var,
    }

    /// A part of a concatenated string, in order (index from 0).
    StringPart {
        insn: Insn,
        index: Number,
        value: Var,
    }

    /// Builds a `string.templatelib.Template` (3.14 t-strings).
    BuildTemplate {
        insn: Insn,
        strings: Var,
        interpolations: Var,
        out: Var,
    }

    /// Builds an `Interpolation` (3.14 t-strings); a spec is in `FormatSpec`.
    BuildInterpolation {
        insn: Insn,
        value: Var,
        expression: Var,
        conversion: Enum(Conversion),
        out: Var,
    }

    // ---- functions and classes ----------------------------------------------------

    /// Creates a function from a code object. `out` holds the finished function in
    /// every release: for 3.13+ it is the output of the last `SET_FUNCTION_ATTRIBUTE`
    /// applied to it. Emitted when the code object is a constant (always, in compiler output).
    MakeFunction {
        insn: Insn,
        code: Code,
        out: Var,
    }

    /// A value attached to a function being created, keyed by the `MakeFunction`
    /// instruction (≤3.12: `MAKE_FUNCTION` flags; 3.13+: `SET_FUNCTION_ATTRIBUTE`).
    FunctionAttribute {
        insn: Insn,
        attr: Enum(FunctionAttr),
        value: Var,
    }

    /// Pushes `builtins.__build_class__`.
    LoadBuildClass {
        insn: Insn,
        out: Var,
    }

    /// A call of `__build_class__`: a `class` statement. Bases are `ClassBase`, keywords
    /// (`metaclass=`) are `CallKeyword` of the same call.
    BuildClass {
        call: Insn,
        /// The function that runs the class body.
        body: Var,
        /// The class name (a string constant).
        name: Var,
        out: Var,
    }

    /// The code object of a class body, when the body function's creation is known.
    ClassBody {
        call: Insn,
        code: Code,
    }

    /// A base class of a `class` statement, in order (index from 0).
    ClassBase {
        call: Insn,
        index: Number,
        base: Var,
    }

    // ---- imports ------------------------------------------------------------------

    /// `IMPORT_NAME`: imports `name` and pushes a module (see `ImportResult`).
    ImportName {
        insn: Insn,
        /// The name as written, without leading dots.
        name: Symbol,
        out: Var,
    }

    /// The import level (0 absolute, n = n leading dots), when it is a constant.
    ImportLevel {
        insn: Insn,
        level: Number,
    }

    /// A name of the from-list (`from m import a, b`; `*` for a star import), when constant.
    ImportFromList {
        insn: Insn,
        index: Number,
        name: Symbol,
    }

    /// The from-list is `None`: a plain `import a.b.c`, which pushes the top-level package.
    ImportNoFromList {
        insn: Insn,
    }

    /// The absolute name of the imported module, with relative levels resolved against
    /// the importing module's package.
    ImportModule {
        insn: Insn,
        module: Symbol,
    }

    /// The module whose object the instruction pushes: the top-level package of the
    /// imported name for a plain `import a.b.c` (what it binds), the module itself otherwise.
    ImportResult {
        insn: Insn,
        module: Symbol,
    }

    /// `from module import name` (also walks submodules of `import a.b as c`).
    ImportFrom {
        insn: Insn,
        module: Var,
        name: Symbol,
        out: Var,
    }

    /// `from module import *`.
    ImportStar {
        insn: Insn,
        module: Var,
    }

    // ---- calls ------------------------------------------------------------------------

    /// A call: `callee` holds the called object in every release (for method calls,
    /// the callable half of the method pair, see `CallReceiver`). Also the normal-path
    /// `__exit__` call of a `with` block.
    Call {
        insn: Insn,
        callee: Var,
        out: Var,
    }

    /// The receiver slot of a call that has one: the value passed before the explicit
    /// arguments (the `self` of a method call; NULL-only slots are left out).
    CallReceiver {
        insn: Insn,
        receiver: Var,
    }

    /// A positional argument (index from 0, receiver not counted).
    CallArg {
        insn: Insn,
        index: Number,
        value: Var,
    }

    /// A keyword argument.
    CallKeyword {
        insn: Insn,
        name: Symbol,
        value: Var,
    }

    /// `*args` of a call: the tuple of positional arguments (`f(*a)`, `f(x, *a)`).
    CallStarArgs {
        insn: Insn,
        args: Var,
    }

    /// `**kwargs` of a call: the dict of keyword arguments.
    CallStarKwargs {
        insn: Insn,
        kwargs: Var,
    }

    /// Counts of a call's explicit arguments.
    CallShape {
        insn: Insn,
        positional: Number,
        keywords: Number,
        /// 1 for `f(*args, **kwargs)` forms (`CallStarArgs`).
        star: Bool,
    }

    /// Calls an interpreter intrinsic.
    CallIntrinsic {
        insn: Insn,
        function: Enum(Intrinsic),
        out: Var,
    }

    /// An argument of an intrinsic call (index from 0).
    IntrinsicArg {
        insn: Insn,
        index: Number,
        value: Var,
    }

    // ---- returns, generators, coroutines -------------------------------------------------

    /// Returns `value` from the frame.
    Return {
        insn: Insn,
        value: Var,
    }

    /// Returns a constant (3.12-3.13 `RETURN_CONST`; elsewhere `LoadConst` + `Return`).
    ReturnConst {
        insn: Insn,
        constant: Const,
    }

    /// Yields `value`; `out` is the value sent back in when the frame resumes.
    Yield {
        insn: Insn,
        value: Var,
        out: Var,
    }

    /// Delegates to a sub-iterator (`yield from`, `await`): sends `sent`, and `out` is
    /// the next value yielded or, once it returns, its return value (3.10 `YIELD_FROM`,
    /// 3.11+ `SEND`).
    Delegate {
        insn: Insn,
        receiver: Var,
        sent: Var,
        out: Var,
    }

    /// `await value` begins: `out` is the iterator the awaiting `Delegate` drives.
    Await {
        insn: Insn,
        value: Var,
        out: Var,
    }

    /// A resumption point.
    Resume {
        insn: Insn,
        kind: Enum(ResumeKind),
    }

    /// Creates the generator or coroutine object of this frame (3.11+); `out` is the
    /// first value sent in.
    ReturnGenerator {
        insn: Insn,
        out: Var,
    }

    /// `raise exception`.
    Raise {
        insn: Insn,
        exception: Var,
    }

    /// `raise exception from cause`.
    RaiseCause {
        insn: Insn,
        cause: Var,
    }

    /// Re-raises the exception being handled: a bare `raise`, or a handler's `RERAISE`.
    Reraise {
        insn: Insn,
    }

    /// The exception a `Reraise` re-raises, when it is a stack value (not for a bare `raise`).
    ReraiseValue {
        insn: Insn,
        exception: Var,
    }

    // ---- iteration ----------------------------------------------------------------------

    /// `iter(iterable)` (also `GET_YIELD_FROM_ITER`).
    GetIter {
        insn: Insn,
        iterable: Var,
        out: Var,
    }

    /// `next(iterator)` of a `for` loop; the loop exits on the `exhausted` branch.
    Next {
        insn: Insn,
        iterator: Var,
        out: Var,
    }

    /// `aiter(iterable)`.
    GetAIter {
        insn: Insn,
        iterable: Var,
        out: Var,
    }

    /// `anext(iterator)`: `out` is the awaitable.
    GetANext {
        insn: Insn,
        iterator: Var,
        out: Var,
    }

    // ---- context managers ------------------------------------------------------------------

    /// Enters a context manager. One shape in every release (≤3.13 `BEFORE_WITH`,
    /// 3.10 `SETUP_WITH`; 3.14 `LOAD_SPECIAL __enter__` + `CALL`, keyed by the `LOAD_SPECIAL`):
    /// `exit` holds the `__exit__` callable, `result` what `__enter__` returned (for
    /// `async with`, the awaitable `__aenter__` returned).
    EnterContext {
        insn: Insn,
        manager: Var,
        exit: Var,
        result: Var,
        is_async: Bool,
    }

    /// Calls `__exit__` with the exception being handled (`WITH_EXCEPT_START`).
    ExitContext {
        insn: Insn,
        exit: Var,
        exception: Var,
        out: Var,
    }

    // ---- operators, comparisons, truth ---------------------------------------------------------

    /// `left op right`; `inplace` for augmented assignment.
    BinaryOp {
        insn: Insn,
        op: Enum(BinaryOperator),
        inplace: Bool,
        left: Var,
        right: Var,
        out: Var,
    }

    /// `op operand`.
    UnaryOp {
        insn: Insn,
        op: Enum(UnaryOperator),
        operand: Var,
        out: Var,
    }

    /// A rich comparison.
    Compare {
        insn: Insn,
        op: Enum(CompareOperator),
        left: Var,
        right: Var,
        out: Var,
    }

    /// `left is right` (`is not` when negated).
    Identity {
        insn: Insn,
        negated: Bool,
        left: Var,
        right: Var,
        out: Var,
    }

    /// `item in container` (`not in` when negated): calls `container.__contains__`.
    Contains {
        insn: Insn,
        negated: Bool,
        item: Var,
        container: Var,
        out: Var,
    }

    /// Tests the truth of `value` (`__bool__`, `__len__`): `TO_BOOL`, `not`, and ≤3.12
    /// conditional jumps on arbitrary objects.
    TruthTest {
        insn: Insn,
        value: Var,
    }

    /// A conditional jump on `value` (taken when `condition` holds).
    ConditionalJump {
        insn: Insn,
        condition: Enum(Condition),
        value: Var,
    }

    // ---- exceptions ----------------------------------------------------------------------------

    /// An exception region: exceptions raised by `first`..`last` go to `handler` with the
    /// stack cut to `depth`, then the `HandlerVar`s pushed.
    ExceptionRegion {
        region: Region,
        code: Code,
        first: Insn,
        last: Insn,
        handler: Insn,
        depth: Number,
        /// 1 when the offset of the raising instruction is pushed below the exception.
        lasti: Bool,
    }

    /// An instruction covered by a region.
    InsnRegion {
        insn: Insn,
        region: Region,
    }

    /// `PUSH_EXC_INFO` (3.11+): saves the previously handled exception and makes
    /// `exception` the handled one.
    PushExcInfo {
        insn: Insn,
        exception: Var,
        previous_out: Var,
        exception_out: Var,
    }

    /// Tests the handled exception against an `except` clause's `pattern`.
    /// 3.10 compares the exception *type* (`exception` is the type from the handler triple).
    ExceptMatch {
        insn: Insn,
        exception: Var,
        pattern: Var,
    }

    /// The bool result of an `ExceptMatch` (3.11+; 3.10 branches directly).
    ExceptMatchResult {
        insn: Insn,
        out: Var,
    }

    /// `except*` splits an exception group: `matched` holds the matching part (or None).
    ExceptStarMatch {
        insn: Insn,
        exception: Var,
        pattern: Var,
        rest: Var,
        matched: Var,
    }

    // ---- control flow -----------------------------------------------------------------------------

    /// A basic block: a maximal straight-line run of instructions whose instructions that
    /// may raise share one exception handler (or none).
    Block {
        block: Block,
        code: Code,
        first: Insn,
        last: Insn,
    }

    /// The entry block of a code object.
    EntryBlock {
        code: Code,
        block: Block,
    }

    /// The basic block an instruction belongs to.
    InsnBlock {
        insn: Insn,
        block: Block,
    }

    /// Control can pass from the end of `from` to the start of `to`.
    BlockEdge {
        from: Block,
        to: Block,
        kind: Enum(EdgeKind),
    }

    /// The jump target of a jump or branch instruction.
    JumpTarget {
        insn: Insn,
        target: Insn,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn protocol_names_follow_the_adapters_bits() {
        let labels: Vec<&str> = cpyg_adapters::sem::Protocols::ALL.iter().map(|&(_, l)| l).collect();
        let ours: Vec<&str> = Protocol::ALL.iter().map(|p| p.name()).collect();
        assert_eq!(labels, ours);
    }

    #[test]
    fn names_are_unique_and_documented() {
        let all = all_relations();
        for pair in all.windows(2) {
            assert_ne!(pair[0].name, pair[1].name);
        }
        for r in &all {
            assert!(!doc_text(r.doc).is_empty(), "{} has no doc", r.name);
            let mut names: Vec<&str> = r.columns.iter().map(|c| c.name).collect();
            names.sort();
            names.dedup();
            assert_eq!(names.len(), r.columns.len(), "{}", r.name);
        }
    }

    #[test]
    fn every_entity_is_defined_by_the_first_column_of_its_relations() {
        for entity in Entity::ALL {
            assert!(!entity.defined_by().is_empty());
            for name in entity.defined_by() {
                let relation = all_relations()
                    .into_iter()
                    .find(|r| r.name == *name)
                    .unwrap_or_else(|| panic!("no relation {name}"));
                assert_eq!(relation.columns[0].ty.entity(), Some(entity), "{name}");
            }
        }
    }

    #[test]
    fn enum_round_trip() {
        for op in Operation::ALL {
            assert_eq!(Operation::from_name(op.name()), Some(*op));
        }
    }
}
