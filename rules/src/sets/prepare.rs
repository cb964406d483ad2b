//! The preparation program: the prepared relations (`crate::datalog::prepared`)
//! from the facts, the knowledge relations and the round's `mro`, by the
//! `*_prepare` rules of every rule file. It has no recursion through points-to,
//! so every rule set shares it.
#![allow(non_snake_case)]

use cpyg_facts::schema::{
    BinaryOperator, CodeKind, CompareOperator, Condition, ConstKind, ContainerKind, Conversion, EdgeKind, FunctionAttr,
    Intrinsic, ParamKind, UnaryOperator,
};

use ascent::aggregators::{count, max};

use super::{
    accepts_keyword, args_empty_along, format_special, is_generator, is_positional, test_holds_along, unary_special,
};
use crate::context::Attribute;
use crate::objects::*;

super::datalog_program! {
    pub struct Prepare;

    include_source!(crate::datalog::facts::facts);
    include_source!(crate::datalog::prepared::prepared);
    include_source!(crate::datalog::values::values_prepare);
    include_source!(crate::datalog::modules::modules_prepare);
    include_source!(crate::datalog::calls::calls_prepare);
    include_source!(crate::datalog::classes::classes_prepare);
    include_source!(crate::datalog::closures::closures_prepare);
    include_source!(crate::datalog::containers::containers_prepare);
    include_source!(crate::datalog::protocols::protocols_prepare);
    include_source!(crate::datalog::generators::generators_prepare);
    include_source!(crate::datalog::exceptions::exceptions_prepare);
}
