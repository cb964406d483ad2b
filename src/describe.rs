//! Human-readable text for semantic records: operands resolved through the code
//! object's tables, as listings and reports show them.

use cpyg_adapters::code::CodeObject;
use cpyg_adapters::sem::*;

/// The operand of `op` resolved to names and constants (empty when it has none).
pub fn operand(op: &Op, code: &CodeObject) -> String {
    let slot = |s: &u32| code.slot_name(*s).unwrap_or("?").to_string();
    let name = |n: &u32| code.name_at(*n).unwrap_or("?").to_string();
    let constant = |i: &u32| code.consts.get(*i as usize).map_or_else(|| "?".to_string(), |c| c.to_string());
    match op {
        Op::LoadConst { index } | Op::ReturnConst { index } | Op::KwNames { index } => constant(index),
        Op::LoadImmediate { value } => value.to_const().to_string(),
        Op::LoadBuiltin { name } => name.to_string(),
        Op::LoadLocal { slot: s, .. }
        | Op::StoreLocal { slot: s }
        | Op::DeleteLocal { slot: s }
        | Op::MakeCell { slot: s }
        | Op::LoadCellRef { slot: s }
        | Op::LoadCell { slot: s }
        | Op::StoreCell { slot: s }
        | Op::DeleteCell { slot: s }
        | Op::LoadClassCell { slot: s, .. } => slot(s),
        Op::LoadLocalPair { first, second, .. } | Op::StoreLocalPair { first, second } => {
            format!("{}, {}", slot(first), slot(second))
        }
        Op::StoreThenLoadLocal { store, load } => format!("{}, {}", slot(store), slot(load)),
        Op::LoadGlobal { name: n, self_slot: SelfSlot::BeforeCallable } => format!("NULL + {}", name(n)),
        Op::LoadGlobal { name: n, self_slot: SelfSlot::AfterCallable } => format!("{} + NULL", name(n)),
        Op::LoadAttr { name: n, self_slot: SelfSlot::BeforeCallable | SelfSlot::AfterCallable }
        | Op::LoadSuperAttr { name: n, self_slot: SelfSlot::BeforeCallable | SelfSlot::AfterCallable, .. } => {
            format!("{} (method)", name(n))
        }
        Op::LoadGlobal { name: n, .. }
        | Op::StoreGlobal { name: n }
        | Op::DeleteGlobal { name: n }
        | Op::LoadName { name: n }
        | Op::StoreName { name: n }
        | Op::DeleteName { name: n }
        | Op::LoadFromMappingOrGlobals { name: n }
        | Op::LoadAttr { name: n, .. }
        | Op::StoreAttr { name: n }
        | Op::DeleteAttr { name: n }
        | Op::LoadSuperAttr { name: n, .. }
        | Op::ImportName { name: n }
        | Op::ImportFrom { name: n } => name(n),
        Op::LoadSpecial { method } => method.dunder().to_string(),
        Op::Binary { op, inplace } => format!("{}{}", op.dunder(), if *inplace { " (in place)" } else { "" }),
        Op::Compare { op, to_bool } => format!("{op:?}{}", if *to_bool { " (bool)" } else { "" }),
        Op::Call { layout } => call_layout(layout, code),
        Op::MakeFunction { attrs } | Op::SetFunctionAttribute { attr: attrs } => attrs.names().join(", "),
        Op::CallIntrinsic { function } => format!("{function:?}"),
        _ => String::new(),
    }
}

fn call_layout(layout: &CallLayout, code: &CodeObject) -> String {
    let mut text = format!("{} args", layout.argc);
    if layout.keyword_count > 0 {
        let names = layout
            .keywords_const
            .and_then(|i| code.consts.get(i as usize))
            .map_or_else(|| format!("{} keywords", layout.keyword_count), |c| format!("keywords {c}"));
        text += &format!(", {names}");
    }
    match layout.self_slot {
        SelfSlot::None => {}
        SelfSlot::AfterCallable | SelfSlot::BeforeCallable => text += ", self slot",
    }
    text
}

/// The semantic operation's name in snake case, as the JSON listing spells it.
pub fn operation_name(op: &Op) -> String {
    match serde_json::to_value(op) {
        Ok(serde_json::Value::Object(map)) => map.get("operation").and_then(|v| v.as_str()).unwrap_or("?").to_string(),
        _ => "?".to_string(),
    }
}

/// `pops -> pushes`, with the jump edge's transfer when it differs.
pub fn stack_effect(stack: &StackEffect) -> String {
    let mut text = format!("{}->{}", stack.pops, stack.pushes);
    if let Some((pops, pushes)) = stack.jump {
        text += &format!(" (jump {pops}->{pushes})");
    }
    text
}

pub fn control(control: &Control) -> String {
    match control {
        Control::Next => String::new(),
        Control::Branch { target, when } => format!("to {target} if {when:?}"),
        Control::Jump { target } => format!("to {target}"),
        Control::Setup { handler } => format!("handler {handler}"),
        Control::Return => "return".into(),
        Control::Raise => "raise".into(),
    }
}
