//! Operators with their protocol family, comparisons and truth tests.

use cpyg_adapters::sem::{self, Control, Protocols};

use super::Cx;
use crate::schema::{self, BinaryOperator, CompareOperator, Condition, UnaryOperator};

fn binary_operator(op: sem::BinaryOp) -> BinaryOperator {
    match op {
        sem::BinaryOp::Add => BinaryOperator::Add,
        sem::BinaryOp::And => BinaryOperator::And,
        sem::BinaryOp::FloorDivide => BinaryOperator::FloorDivide,
        sem::BinaryOp::LShift => BinaryOperator::LShift,
        sem::BinaryOp::MatMul => BinaryOperator::MatMul,
        sem::BinaryOp::Multiply => BinaryOperator::Multiply,
        sem::BinaryOp::Remainder => BinaryOperator::Remainder,
        sem::BinaryOp::Or => BinaryOperator::Or,
        sem::BinaryOp::Power => BinaryOperator::Power,
        sem::BinaryOp::RShift => BinaryOperator::RShift,
        sem::BinaryOp::Subtract => BinaryOperator::Subtract,
        sem::BinaryOp::TrueDivide => BinaryOperator::TrueDivide,
        sem::BinaryOp::Xor => BinaryOperator::Xor,
    }
}

fn compare_operator(op: sem::CompareOp) -> CompareOperator {
    match op {
        sem::CompareOp::Lt => CompareOperator::Lt,
        sem::CompareOp::Le => CompareOperator::Le,
        sem::CompareOp::Eq => CompareOperator::Eq,
        sem::CompareOp::Ne => CompareOperator::Ne,
        sem::CompareOp::Gt => CompareOperator::Gt,
        sem::CompareOp::Ge => CompareOperator::Ge,
    }
}

pub(crate) fn condition(c: sem::Condition) -> Condition {
    match c {
        sem::Condition::IfTrue => Condition::IfTrue,
        sem::Condition::IfFalse => Condition::IfFalse,
        sem::Condition::IfNone => Condition::IfNone,
        sem::Condition::IfNotNone => Condition::IfNotNone,
        sem::Condition::IfTrueKeep => Condition::IfTrueKeep,
        sem::Condition::IfFalseKeep => Condition::IfFalseKeep,
        sem::Condition::Exhausted => Condition::Exhausted,
        sem::Condition::SendReturned => Condition::SendReturned,
        sem::Condition::ExceptionNotMatched => Condition::ExceptionNotMatched,
        sem::Condition::FinallyCall => Condition::FinallyCall,
    }
}

pub(super) fn binary(cx: &mut Cx<'_>, i: usize, op: sem::BinaryOp, inplace: bool) {
    if let (Some(left), Some(right), Some(out)) = (cx.input(i, 0), cx.input(i, 1), cx.output(i, 0)) {
        let op = binary_operator(op).id();
        cx.emit(schema::BinaryOp { insn: i as u32, op, inplace: inplace as u32, left, right, out });
    }
}

pub(super) fn unary(cx: &mut Cx<'_>, i: usize, op: sem::UnaryOp) {
    let (Some(operand), Some(out)) = (cx.input(i, 0), cx.output(i, 0)) else { return };
    let kind = match op {
        sem::UnaryOp::Negative => UnaryOperator::Negative,
        sem::UnaryOp::Positive => UnaryOperator::Positive,
        sem::UnaryOp::Not => UnaryOperator::Not,
        sem::UnaryOp::Invert => UnaryOperator::Invert,
    };
    cx.emit(schema::UnaryOp { insn: i as u32, op: kind.id(), operand, out });
    truth_test(cx, i, operand);
}

/// A truth test where the instruction runs the truth protocol (≤3.12 `not` and
/// branches on any object; 3.13+ only `TO_BOOL` and bool-coercing comparisons).
fn truth_test(cx: &mut Cx<'_>, i: usize, value: u32) {
    if cx.instr(i).protocols.contains(Protocols::TRUTH) {
        cx.emit(schema::TruthTest { insn: i as u32, value });
    }
}

pub(super) fn to_bool(cx: &mut Cx<'_>, i: usize) {
    if let Some(value) = cx.input(i, 0) {
        truth_test(cx, i, value);
    }
}

pub(super) fn compare(cx: &mut Cx<'_>, i: usize, op: sem::CompareOp) {
    if let (Some(left), Some(right), Some(out)) = (cx.input(i, 0), cx.input(i, 1), cx.output(i, 0)) {
        cx.emit(schema::Compare { insn: i as u32, op: compare_operator(op).id(), left, right, out });
    }
}

pub(super) fn identity(cx: &mut Cx<'_>, i: usize, negated: bool) {
    if let (Some(left), Some(right), Some(out)) = (cx.input(i, 0), cx.input(i, 1), cx.output(i, 0)) {
        cx.emit(schema::Identity { insn: i as u32, negated: negated as u32, left, right, out });
    }
}

/// `CONTAINS_OP`: `[item, container]`.
pub(super) fn contains(cx: &mut Cx<'_>, i: usize, negated: bool) {
    if let (Some(item), Some(container), Some(out)) = (cx.input(i, 0), cx.input(i, 1), cx.output(i, 0)) {
        cx.emit(schema::Contains { insn: i as u32, negated: negated as u32, item, container, out });
    }
}

/// Conditional jumps on one popped value; 3.10's exception-match jump pops two
/// and is an `ExceptMatch` instead.
pub(super) fn branch(cx: &mut Cx<'_>, i: usize) {
    let Control::Branch { when, .. } = cx.instr(i).control else { return };
    if when == sem::Condition::ExceptionNotMatched {
        super::exceptions::jump_if_not_exc_match(cx, i);
        return;
    }
    let Some(value) = cx.input(i, 0) else { return };
    cx.emit(schema::ConditionalJump { insn: i as u32, condition: condition(when).id(), value });
    truth_test(cx, i, value);
}
