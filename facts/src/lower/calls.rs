//! Calls, normalised across the releases' stack layouts.
//!
//! Layouts, bottom to top:
//! - no self slot (3.10 `CALL_FUNCTION[_KW]`): `[callable, args…, (names)]`;
//! - self slot before (3.10 `CALL_METHOD`, 3.11, 3.12): `[A, B, args…]`, where
//!   `[A, B]` is `[NULL, callable]` or `[method, self]`;
//! - self slot after (3.13+): `[callable-or-method, self-or-NULL, args…, (names)]`.
//!
//! `Call.callee` is the value the call calls: in the first layout the callable;
//! in the second `B` when `A` is only ever NULL, else `A` (a method pair, whose
//! `B` is the `CallReceiver`); in the third the deeper slot, with the other as
//! receiver unless it is only ever NULL. Method pairs come from a method-form
//! `LoadAttr`, whose `out` is always the deeper half, so `callee` flows from
//! `LoadAttr.out` in every release.

use cpyg_adapters::code::Const;
use cpyg_adapters::sem::{CallLayout, Intrinsic as SemIntrinsic, Op, SelfSlot};

use super::consts::ConstValue;
use super::{functions, Cx};
use crate::schema::{self, Intrinsic};

/// Callee and receiver of a call whose callable slots start at input 0.
fn callee_and_receiver(cx: &Cx<'_>, i: usize, self_slot: SelfSlot) -> (Option<u32>, Option<u32>) {
    let (a, b) = (cx.input(i, 0), cx.input(i, 1));
    match self_slot {
        SelfSlot::None => (a, None),
        SelfSlot::BeforeCallable => match a {
            Some(a) if cx.only_null(a) => (b, None),
            _ => (a, b),
        },
        SelfSlot::AfterCallable => (a, b.filter(|&b| !cx.only_null(b))),
    }
}

fn slots(self_slot: SelfSlot) -> u32 {
    match self_slot {
        SelfSlot::None => 1,
        SelfSlot::BeforeCallable | SelfSlot::AfterCallable => 2,
    }
}

fn keyword_names<'a>(cx: &Cx<'a>, layout: &CallLayout) -> Vec<&'a str> {
    let Some(index) = layout.keywords_const else { return Vec::new() };
    match cx.consts.value(index) {
        Some(ConstValue::Stored(Const::Tuple(items))) => {
            items.iter().map(|item| if let Const::Str(s) = item { s.as_str() } else { "" }).collect()
        }
        _ => Vec::new(),
    }
}

fn emit_head(cx: &mut Cx<'_>, i: usize, self_slot: SelfSlot) -> Option<u32> {
    let insn = i as u32;
    let (callee, receiver) = callee_and_receiver(cx, i, self_slot);
    let callee = callee?;
    if let Some(out) = cx.output(i, 0) {
        cx.emit(schema::Call { insn, callee, out });
    }
    if let Some(receiver) = receiver {
        cx.emit(schema::CallReceiver { insn, receiver });
    }
    Some(callee)
}

pub(super) fn call(cx: &mut Cx<'_>, i: usize, layout: &CallLayout) {
    let insn = i as u32;
    let Some(callee) = emit_head(cx, i, layout.self_slot) else { return };
    let first = slots(layout.self_slot);
    let names = keyword_names(cx, layout);
    let keywords = if names.len() as u32 == layout.keyword_count { layout.keyword_count } else { 0 };
    let positional = layout.argc.saturating_sub(keywords);
    let args: Vec<u32> = (0..layout.argc).filter_map(|k| cx.input(i, first + k)).collect();
    for (index, &value) in args.iter().take(positional as usize).enumerate() {
        cx.emit(schema::CallArg { insn, index: index as u32, value });
    }
    for (name, &value) in names.iter().zip(args.iter().skip(positional as usize)) {
        let name = cx.sym(name);
        cx.emit(schema::CallKeyword { insn, name, value });
    }
    cx.emit(schema::CallShape { insn, positional, keywords, star: 0 });
    build_class(cx, i, callee, &args[..(positional as usize).min(args.len())]);
}

/// A call of `__build_class__`: `(body function, name, *bases, **keywords)`.
fn build_class(cx: &mut Cx<'_>, i: usize, callee: u32, positional: &[u32]) {
    let producers: Vec<(usize, u32)> = cx.producing_outputs(callee).collect();
    if producers.is_empty() || !producers.iter().all(|&(j, _)| matches!(cx.instr(j).op, Op::LoadBuildClass)) {
        return;
    }
    let [body, name, bases @ ..] = positional else { return };
    let insn = i as u32;
    if let Some(out) = cx.output(i, 0) {
        cx.emit(schema::BuildClass { call: insn, body: *body, name: *name, out });
    }
    if let Some(code) = functions::function_code_of(cx, *body) {
        cx.emit(schema::ClassBody { call: insn, code });
    }
    for (index, &base) in bases.iter().enumerate() {
        cx.emit(schema::ClassBase { call: insn, index: index as u32, base });
    }
}

/// `f(*args, **kwargs)`: after the callable slots, the args tuple and the kwargs
/// mapping (3.14 always has the kwargs slot, NULL when there is none).
pub(super) fn call_ex(cx: &mut Cx<'_>, i: usize, with_kwargs: bool, self_slot: SelfSlot) {
    let insn = i as u32;
    if emit_head(cx, i, self_slot).is_none() {
        return;
    }
    let first = slots(self_slot);
    if let Some(args) = cx.input(i, first) {
        cx.emit(schema::CallStarArgs { insn, args });
    }
    if with_kwargs {
        if let Some(kwargs) = cx.input(i, first + 1) {
            cx.emit(schema::CallStarKwargs { insn, kwargs });
        }
    }
    cx.emit(schema::CallShape { insn, positional: 0, keywords: 0, star: 1 });
}

fn intrinsic(function: SemIntrinsic) -> Intrinsic {
    match function {
        SemIntrinsic::Print => Intrinsic::Print,
        SemIntrinsic::StopIterationError => Intrinsic::StopIterationError,
        SemIntrinsic::AsyncGenWrap => Intrinsic::AsyncGenWrap,
        SemIntrinsic::TypeVar => Intrinsic::TypeVar,
        SemIntrinsic::ParamSpec => Intrinsic::ParamSpec,
        SemIntrinsic::TypeVarTuple => Intrinsic::TypeVarTuple,
        SemIntrinsic::SubscriptGeneric => Intrinsic::SubscriptGeneric,
        SemIntrinsic::TypeAlias => Intrinsic::TypeAlias,
        SemIntrinsic::TypeVarWithBound => Intrinsic::TypeVarWithBound,
        SemIntrinsic::TypeVarWithConstraints => Intrinsic::TypeVarWithConstraints,
        SemIntrinsic::SetFunctionTypeParams => Intrinsic::SetFunctionTypeParams,
        SemIntrinsic::SetTypeparamDefault => Intrinsic::SetTypeparamDefault,
    }
}

pub(super) fn intrinsic_call(cx: &mut Cx<'_>, i: usize, function: SemIntrinsic) {
    let insn = i as u32;
    if let Some(out) = cx.output(i, 0) {
        cx.emit(schema::CallIntrinsic { insn, function: intrinsic(function).id(), out });
    }
    for (index, value) in cx.inputs(i).enumerate() {
        cx.emit(schema::IntrinsicArg { insn, index: index as u32, value });
    }
}
