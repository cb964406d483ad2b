//! The orders program: the prepared relations that depend on the round's `mro`
//! (`crate::datalog::classes::classes_orders`). The rest of the preparation
//! depends on the facts alone and runs once; this part runs before every round.
#![allow(non_snake_case)]

use cpyg_facts::schema::{
    BinaryOperator, CodeKind, CompareOperator, Condition, ConstKind, ContainerKind, Conversion, EdgeKind, FunctionAttr,
    Intrinsic, ParamKind, UnaryOperator,
};

use ascent::aggregators::max;

use crate::context::Attribute;
use crate::objects::*;

super::datalog_program! {
    pub struct Orders;

    include_source!(crate::datalog::facts::facts);
    include_source!(crate::datalog::prepared::prepared);
    include_source!(crate::datalog::classes::classes_orders);
}
