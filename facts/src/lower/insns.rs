//! Per-instruction facts: origin, operation, locations, native form, protocols, depth.

use cpyg_adapters::sem::Op;

use super::Cx;
use crate::schema::{self, Operation, Protocol};

pub(crate) fn operation(op: &Op) -> Operation {
    match op {
        Op::Nop => Operation::Nop,
        Op::ExtendedArg => Operation::ExtendedArg,
        Op::Resume { .. } => Operation::Resume,
        Op::PopTop => Operation::PopTop,
        Op::Copy { .. } => Operation::Copy,
        Op::Swap { .. } => Operation::Swap,
        Op::RotateDown { .. } => Operation::RotateDown,
        Op::DupTopTwo => Operation::DupTopTwo,
        Op::PushNull => Operation::PushNull,
        Op::LoadConst { .. } => Operation::LoadConst,
        Op::LoadImmediate { .. } => Operation::LoadImmediate,
        Op::LoadBuiltin { .. } => Operation::LoadBuiltin,
        Op::LoadLocal { .. } => Operation::LoadLocal,
        Op::StoreLocal { .. } => Operation::StoreLocal,
        Op::DeleteLocal { .. } => Operation::DeleteLocal,
        Op::LoadLocalPair { .. } => Operation::LoadLocalPair,
        Op::StoreLocalPair { .. } => Operation::StoreLocalPair,
        Op::StoreThenLoadLocal { .. } => Operation::StoreThenLoadLocal,
        Op::MakeCell { .. } => Operation::MakeCell,
        Op::LoadCellRef { .. } => Operation::LoadCellRef,
        Op::LoadCell { .. } => Operation::LoadCell,
        Op::StoreCell { .. } => Operation::StoreCell,
        Op::DeleteCell { .. } => Operation::DeleteCell,
        Op::CopyFreeVars { .. } => Operation::CopyFreeVars,
        Op::LoadClassCell { .. } => Operation::LoadClassCell,
        Op::LoadGlobal { .. } => Operation::LoadGlobal,
        Op::StoreGlobal { .. } => Operation::StoreGlobal,
        Op::DeleteGlobal { .. } => Operation::DeleteGlobal,
        Op::LoadName { .. } => Operation::LoadName,
        Op::StoreName { .. } => Operation::StoreName,
        Op::DeleteName { .. } => Operation::DeleteName,
        Op::LoadFromMappingOrGlobals { .. } => Operation::LoadFromMappingOrGlobals,
        Op::LoadLocals => Operation::LoadLocals,
        Op::SetupAnnotations => Operation::SetupAnnotations,
        Op::LoadAttr { .. } => Operation::LoadAttr,
        Op::StoreAttr { .. } => Operation::StoreAttr,
        Op::DeleteAttr { .. } => Operation::DeleteAttr,
        Op::LoadSuperAttr { .. } => Operation::LoadSuperAttr,
        Op::LoadSpecial { .. } => Operation::LoadSpecial,
        Op::Subscript => Operation::Subscript,
        Op::StoreSubscript => Operation::StoreSubscript,
        Op::DeleteSubscript => Operation::DeleteSubscript,
        Op::Slice => Operation::Slice,
        Op::StoreSlice => Operation::StoreSlice,
        Op::BuildSlice { .. } => Operation::BuildSlice,
        Op::Binary { .. } => Operation::Binary,
        Op::Unary { .. } => Operation::Unary,
        Op::ToBool => Operation::ToBool,
        Op::Compare { .. } => Operation::Compare,
        Op::Is { .. } => Operation::Is,
        Op::Contains { .. } => Operation::Contains,
        Op::BuildTuple { .. } => Operation::BuildTuple,
        Op::BuildList { .. } => Operation::BuildList,
        Op::BuildSet { .. } => Operation::BuildSet,
        Op::BuildMap { .. } => Operation::BuildMap,
        Op::BuildConstKeyMap { .. } => Operation::BuildConstKeyMap,
        Op::BuildString { .. } => Operation::BuildString,
        Op::ListAppend { .. } => Operation::ListAppend,
        Op::SetAdd { .. } => Operation::SetAdd,
        Op::MapAdd { .. } => Operation::MapAdd,
        Op::ListExtend { .. } => Operation::ListExtend,
        Op::SetUpdate { .. } => Operation::SetUpdate,
        Op::DictUpdate { .. } => Operation::DictUpdate,
        Op::DictMerge { .. } => Operation::DictMerge,
        Op::ListToTuple => Operation::ListToTuple,
        Op::UnpackSequence { .. } => Operation::UnpackSequence,
        Op::UnpackEx { .. } => Operation::UnpackEx,
        Op::FormatValue { .. } => Operation::FormatValue,
        Op::ConvertValue { .. } => Operation::ConvertValue,
        Op::FormatSimple => Operation::FormatSimple,
        Op::FormatWithSpec => Operation::FormatWithSpec,
        Op::BuildTemplate => Operation::BuildTemplate,
        Op::BuildInterpolation { .. } => Operation::BuildInterpolation,
        Op::MakeFunction { .. } => Operation::MakeFunction,
        Op::SetFunctionAttribute { .. } => Operation::SetFunctionAttribute,
        Op::LoadBuildClass => Operation::LoadBuildClass,
        Op::ImportName { .. } => Operation::ImportName,
        Op::ImportFrom { .. } => Operation::ImportFrom,
        Op::ImportStar => Operation::ImportStar,
        Op::Call { .. } => Operation::Call,
        Op::CallEx { .. } => Operation::CallEx,
        Op::PrepareCall { .. } => Operation::PrepareCall,
        Op::KwNames { .. } => Operation::KwNames,
        Op::CallIntrinsic { .. } => Operation::CallIntrinsic,
        Op::Return => Operation::Return,
        Op::ReturnConst { .. } => Operation::ReturnConst,
        Op::ReturnGenerator => Operation::ReturnGenerator,
        Op::GenStart => Operation::GenStart,
        Op::Yield => Operation::Yield,
        Op::YieldFrom => Operation::YieldFrom,
        Op::Send => Operation::Send,
        Op::EndSend => Operation::EndSend,
        Op::GetAwaitable => Operation::GetAwaitable,
        Op::CleanupThrow => Operation::CleanupThrow,
        Op::GetIter => Operation::GetIter,
        Op::GetYieldFromIter => Operation::GetYieldFromIter,
        Op::ForIter => Operation::ForIter,
        Op::EndFor => Operation::EndFor,
        Op::PopIter => Operation::PopIter,
        Op::GetAIter => Operation::GetAIter,
        Op::GetANext => Operation::GetANext,
        Op::EndAsyncFor => Operation::EndAsyncFor,
        Op::EnterContext { .. } => Operation::EnterContext,
        Op::WithExceptStart => Operation::WithExceptStart,
        Op::Raise { .. } => Operation::Raise,
        Op::Reraise { .. } => Operation::Reraise,
        Op::PushExcInfo => Operation::PushExcInfo,
        Op::PopExcept => Operation::PopExcept,
        Op::CheckExcMatch => Operation::CheckExcMatch,
        Op::CheckExceptionGroupMatch => Operation::CheckExceptionGroupMatch,
        Op::PrepReraiseStar => Operation::PrepReraiseStar,
        Op::SetupBlock { .. } => Operation::SetupBlock,
        Op::PopBlock => Operation::PopBlock,
        Op::BeginFinally => Operation::BeginFinally,
        Op::EndFinally => Operation::EndFinally,
        Op::CallFinally => Operation::CallFinally,
        Op::PopFinally { .. } => Operation::PopFinally,
        Op::WithCleanupFinish => Operation::WithCleanupFinish,
        Op::BuildUnpacked { .. } => Operation::BuildUnpacked,
        Op::MatchClass { .. } => Operation::MatchClass,
        Op::MatchMapping => Operation::MatchMapping,
        Op::MatchSequence => Operation::MatchSequence,
        Op::MatchKeys => Operation::MatchKeys,
        Op::GetLen => Operation::GetLen,
        Op::CopyDictWithoutKeys => Operation::CopyDictWithoutKeys,
        Op::PrintExpr => Operation::PrintExpr,
        Op::ExitInitCheck => Operation::ExitInitCheck,
        Op::Jump => Operation::Jump,
        Op::Branch => Operation::Branch,
    }
}

pub(super) fn lower(cx: &mut Cx<'_>, i: usize) {
    let instr = cx.instr(i);
    let insn = i as u32;
    cx.emit(schema::Insn { insn, code: cx.id(), offset: instr.offset, op: operation(&instr.op).id() });
    let loc = instr.location;
    if let Some(line) = loc.line {
        cx.emit(schema::InsnLine { insn, line });
        if let (Some(column), Some(end_line), Some(end_column)) = (loc.column, loc.end_line, loc.end_column) {
            cx.emit(schema::InsnSpan { insn, line, column, end_line, end_column });
        }
    }
    let opname = cx.sym(instr.opname);
    cx.emit(schema::InsnNative { insn, opname });
    if let Some(arg) = instr.arg {
        cx.emit(schema::InsnNativeArg { insn, arg });
    }
    for (bit, protocol) in Protocol::ALL.iter().enumerate() {
        if instr.protocols.0 & (1 << bit) != 0 {
            cx.emit(schema::InsnProtocol { insn, protocol: protocol.id() });
        }
    }
    if let Some(Some(depth)) = cx.code.depths.entry.get(i) {
        cx.emit(schema::InsnDepth { insn, depth: *depth });
    }
    if let Some(target) = jump_target(cx, i) {
        cx.emit(schema::JumpTarget { insn, target });
    }
}

/// The instruction a jump or branch goes to (a 3.10 `SETUP_*` handler is a region instead).
fn jump_target(cx: &Cx<'_>, i: usize) -> Option<u32> {
    use cpyg_adapters::sem::Control;
    match cx.instr(i).control {
        Control::Branch { target, .. } | Control::Jump { target } => cx.code.decoded.index_of(target).map(|t| t as u32),
        _ => None,
    }
}
