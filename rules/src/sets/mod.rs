//! Rule sets: programs assembled from the shared rule files plus what makes
//! each variant different, selected by name at run time.

pub(crate) mod callsite1;
pub(crate) mod contextual;
pub(crate) mod insensitive;
mod orders;
mod prepare;

pub use callsite1::CallSite1;
pub use contextual::Contextual;
pub use insensitive::Insensitive;
pub use orders::Orders;
pub use prepare::Prepare;

/// An ascent program, timing every rule for `CPYG_PROFILE` and able to stop between
/// iterations for `CPYG_PROFILE_STOP`: sequential (`ascent!`) by default, parallel
/// (`ascent_par!`) with the `parallel` feature. Both reach the same fixed point, and the
/// driver sorts what they derive.
macro_rules! datalog_program {
    ($($program:tt)*) => {
        #[cfg(feature = "parallel")]
        ascent::ascent_par! { #![measure_rule_times] #![generate_run_timeout] $($program)* }
        #[cfg(not(feature = "parallel"))]
        ascent::ascent! { #![measure_rule_times] #![generate_run_timeout] $($program)* }
    };
}
pub(crate) use datalog_program;

/// A rule set's program: every shared rule file (`crate::datalog`), then what the set
/// adds: the answer to `context_request` and whatever relations that needs. The set's
/// module names `Ctx` and `HCtx` and imports [`prelude`].
macro_rules! rule_set {
    (pub struct $name:ident; $($rules:tt)*) => {
        super::datalog_program! {
            pub struct $name;

            include_source!(crate::datalog::facts::facts);
            include_source!(crate::datalog::prepared::prepared);
            include_source!(crate::datalog::values::values);
            include_source!(crate::datalog::modules::modules);
            include_source!(crate::datalog::calls::calls);
            include_source!(crate::datalog::classes::classes);
            include_source!(crate::datalog::closures::closures);
            include_source!(crate::datalog::containers::containers);
            include_source!(crate::datalog::protocols::protocols);
            include_source!(crate::datalog::generators::generators);
            include_source!(crate::datalog::exceptions::exceptions);
            include_source!(crate::datalog::outside::outside);

            $($rules)*
        }
    };
}
pub(crate) use rule_set;

/// What the shared rule files name, for a rule set's module to import.
pub(crate) mod prelude {
    pub use cpyg_facts::schema::{
        BinaryOperator, CodeKind, CompareOperator, Condition, ConstKind, ContainerKind, Conversion, EdgeKind, FunctionAttr,
        Intrinsic, ParamKind, UnaryOperator,
    };

    pub(crate) use super::{is_exception_value, type_of};
    pub use crate::context::{heap_of, Attribute, CallString, Context, Receiver};
    pub use crate::objects::*;
}

use cpyg_facts::schema::{Condition, Conversion, EdgeKind, ParamKind, UnaryOperator};

use crate::objects::{Obj, Special};

/// The rule sets, by the name `--rules` takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleSet {
    /// Context-insensitive, flow-insensitive: one abstraction of each variable, local and object.
    Insensitive,
    /// Every function context-sensitive: two call sites, allocation per activation.
    Context,
    /// Every function flow-sensitive: loads of locals read the stores reaching them.
    Flow,
    /// Every function both context- and flow-sensitive.
    Complete,
    /// The attributes a policy gives each function (`--policy FILE.json`); the rest insensitive.
    Selective,
    /// Every function runs in the one call site that called it (rules/README.md's walkthrough).
    CallSite1,
}

impl RuleSet {
    pub const ALL: &'static [RuleSet] = &[
        RuleSet::Insensitive,
        RuleSet::Context,
        RuleSet::Flow,
        RuleSet::Complete,
        RuleSet::Selective,
        RuleSet::CallSite1,
    ];

    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Insensitive => "insensitive",
            RuleSet::Context => "context",
            RuleSet::Flow => "flow",
            RuleSet::Complete => "complete",
            RuleSet::Selective => "selective",
            RuleSet::CallSite1 => "callsite1",
        }
    }

    /// One line on what the rule set does (`cpyg rules`).
    pub fn description(self) -> &'static str {
        match self {
            RuleSet::Insensitive => "context- and flow-insensitive (Andersen): one abstraction of each variable and object",
            RuleSet::Context => "every function runs in its two most recent call sites; what it allocates carries them",
            RuleSet::Flow => "every function's loads of locals (a module body's of its own globals) read only the stores reaching them",
            RuleSet::Complete => "context and flow together, on every function",
            RuleSet::Selective => "the attributes a policy file gives each function (--policy FILE.json); the others insensitive",
            RuleSet::CallSite1 => "every function runs in the one call site that called it (the walkthrough of rules/README.md)",
        }
    }

    pub fn from_name(name: &str) -> Result<RuleSet, crate::Error> {
        RuleSet::ALL.iter().copied().find(|s| s.name() == name).ok_or_else(|| {
            let known: Vec<&str> = RuleSet::ALL.iter().map(|s| s.name()).collect();
            crate::Error::UnknownRuleSet { name: name.to_string(), known: known.join(", ") }
        })
    }
}

// Helpers the rule files call in conditions.

/// A parameter a positional argument can fill.
pub(crate) fn is_positional(kind: ParamKind) -> bool {
    matches!(kind, ParamKind::PositionalOnly | ParamKind::PositionalOrKeyword)
}

/// A parameter a keyword argument can fill.
pub(crate) fn accepts_keyword(kind: ParamKind) -> bool {
    matches!(kind, ParamKind::PositionalOrKeyword | ParamKind::KeywordOnly)
}

/// Code whose call returns a generator, coroutine or async generator object.
pub(crate) fn is_generator(kind: cpyg_facts::schema::CodeKind) -> bool {
    use cpyg_facts::schema::CodeKind;
    matches!(kind, CodeKind::Generator | CodeKind::Coroutine | CodeKind::AsyncGenerator)
}

/// What formatting an f-string field calls first, by conversion.
pub(crate) fn format_special(conversion: Conversion) -> Special {
    match conversion {
        Conversion::None => Special::Format,
        Conversion::Str => Special::Str,
        Conversion::Repr | Conversion::Ascii => Special::Repr,
    }
}

/// The special method of a unary operator (`not` is a truth test).
pub(crate) fn unary_special(op: UnaryOperator) -> Option<Special> {
    match op {
        UnaryOperator::Negative => Some(Special::Neg),
        UnaryOperator::Positive => Some(Special::Pos),
        UnaryOperator::Invert => Some(Special::Invert),
        UnaryOperator::Not => None,
    }
}

/// Whether what a branch tests holds along `edge`: `Some(true)` along `BranchTrue`, `Some(false)`
/// along `BranchFalse` (edges are read positively, whichever way the jump goes), `None` along
/// other edges and for branches that are not tests of the value's truth (`truth: true`: `if_true`,
/// `if_false`) or of whether it is None (`truth: false`: `if_none`, `if_not_none`).
pub(crate) fn test_holds_along(condition: Condition, edge: EdgeKind, truth: bool) -> Option<bool> {
    let tests = match condition {
        Condition::IfTrue | Condition::IfFalse => truth,
        Condition::IfNone | Condition::IfNotNone => !truth,
        _ => false,
    };
    match edge {
        EdgeKind::BranchTrue if tests => Some(true),
        EdgeKind::BranchFalse if tests => Some(false),
        _ => None,
    }
}

/// Whether the block a branch on the truth of `*args` enters along `edge` runs only when
/// `*args` is empty (`Some(true)`) or only when it is not.
pub(crate) fn args_empty_along(condition: Condition, edge: EdgeKind) -> Option<bool> {
    test_holds_along(condition, edge, true).map(|truthy| !truthy)
}

/// The coverage program every rule set's results go through.
#[allow(non_snake_case)]
mod coverage_program {
    use cpyg_facts::schema::Protocol;

    use crate::objects::*;

    ascent::ascent! {
        pub struct CoverageProgram;
        include_source!(crate::datalog::coverage::coverage);
    }
}

pub use coverage_program::CoverageProgram;

/// What a raise statement may raise: package instances, or outside objects (named as their class).
pub(crate) fn is_exception_value(obj: Obj) -> bool {
    matches!(obj, Obj::Instance(..) | Obj::External(_))
}

/// The class of an exception value, as `__exit__` receives it.
pub(crate) fn type_of(obj: Obj) -> Obj {
    match obj {
        Obj::Instance(_, class) => Obj::Class(class),
        other => other,
    }
}
