//! Program structure: modules, code objects, argument layout, slots.

use cpyg_adapters::code::{co_flags, slot_kind};

use super::{Cx, FactSet};
use crate::input::PackageInput;
use crate::lower::imports::package_of;
use crate::schema::{self, ParamKind};

/// `Module`, `ModulePackage`, `ModuleCode` (module-level facts, lowered before any code object).
/// Modules with a failure (`failed[module]`) are left out.
pub(super) fn lower_modules(input: &PackageInput<'_>, failed: &[Option<String>]) -> FactSet {
    let mut out = FactSet::new();
    for m in input.modules.iter().filter(|m| failed.get(m.id as usize).is_some_and(Option::is_none)) {
        let name = out.sym(m.name);
        let file = out.sym(&m.file);
        out.push(schema::Module { module: m.id, name, file, is_package: m.is_package as u32 });
        let package = out.sym(package_of(m.name, m.is_package));
        out.push(schema::ModulePackage { module: m.id, package });
        out.push(schema::ModuleCode { module: m.id, code: m.root });
    }
    out
}

pub(super) fn lower_code_object(cx: &mut Cx<'_>) {
    let input = cx.code;
    let code = input.id;
    let c = input.code;
    let name = cx.sym(&c.name);
    let qualname = cx.sym(input.qualname);
    cx.emit(schema::Code {
        code,
        module: input.module,
        name,
        qualname,
        kind: input.kind.id(),
        first_line: c.firstlineno,
    });
    if let Some(parent) = input.parent {
        cx.emit(schema::CodeParent { code, parent });
    }
    let var_positional = c.flags & co_flags::VARARGS != 0;
    let var_keyword = c.flags & co_flags::VARKEYWORDS != 0;
    cx.emit(schema::CodeArgs {
        code,
        positional: c.argcount,
        positional_only: c.posonlyargcount,
        keyword_only: c.kwonlyargcount,
        var_positional: var_positional as u32,
        var_keyword: var_keyword as u32,
    });
    params(cx, var_positional, var_keyword);
    slots(cx);
}

/// Parameters in signature order. In `localsplus` they come positional,
/// keyword-only, `*args`, `**kwargs`; the signature puts `*args` before the
/// keyword-only ones.
fn params(cx: &mut Cx<'_>, var_positional: bool, var_keyword: bool) {
    let c = cx.code.code;
    let code = cx.id();
    let positional = c.argcount as u64;
    let keyword_only = c.kwonlyargcount as u64;
    let mut order: Vec<(u64, ParamKind)> = (0..positional)
        .map(|slot| {
            let kind = if slot < c.posonlyargcount as u64 {
                ParamKind::PositionalOnly
            } else {
                ParamKind::PositionalOrKeyword
            };
            (slot, kind)
        })
        .collect();
    let mut next = positional + keyword_only;
    if var_positional {
        order.push((next, ParamKind::VarPositional));
        next += 1;
    }
    order.extend((positional..positional + keyword_only).map(|slot| (slot, ParamKind::KeywordOnly)));
    if var_keyword {
        order.push((next, ParamKind::VarKeyword));
    }
    for (index, (slot, kind)) in order.into_iter().enumerate() {
        // A code object claiming more parameters than slots is malformed: leave those out.
        let Some(name) = u32::try_from(slot).ok().and_then(|s| c.slot_name(s)) else { continue };
        let name = cx.sym(name);
        cx.emit(schema::Param { code, index: index as u32, slot: slot as u32, name, kind: kind.id() });
    }
}

fn slots(cx: &mut Cx<'_>) {
    let c = cx.code.code;
    let code = cx.id();
    let mut closure_index = 0;
    for (slot, s) in c.localsplus.iter().enumerate() {
        let slot = slot as u32;
        let name = cx.sym(&s.name);
        cx.emit(schema::LocalSlot { code, slot, name });
        if s.kind & slot_kind::CELL != 0 {
            cx.emit(schema::CellSlot { code, slot });
        }
        if s.kind & slot_kind::FREE != 0 {
            cx.emit(schema::FreeSlot { code, slot, closure_index });
            closure_index += 1;
        }
        if s.kind & slot_kind::HIDDEN != 0 {
            cx.emit(schema::HiddenSlot { code, slot });
        }
    }
}
