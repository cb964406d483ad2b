//! The default rule set: context- and flow-insensitive (Andersen), every rule
//! file, no context constructors.
#![allow(non_snake_case)]

use cpyg_facts::schema::{
    BinaryOperator, CodeKind, CompareOperator, ConstKind, ContainerKind, FunctionAttr, Intrinsic, ParamKind,
    UnaryOperator,
};

use super::{is_exception_value, type_of};
use crate::objects::*;

super::datalog_program! {
    pub struct Insensitive;

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
}
