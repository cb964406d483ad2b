//! Imports. `IMPORT_NAME` pops `[level, fromlist]`; when both come from
//! constants (always, in compiler output) the level and from-list are facts, and
//! the imported module's absolute name is resolved against the importing module.

use cpyg_adapters::code::Const;
use cpyg_adapters::sem::Immediate;

use super::consts::ConstValue;
use super::Cx;
use crate::schema;

/// A module's `__package__`: its own name for a package, else its parent's ("" at top level).
pub(crate) fn package_of(name: &str, is_package: bool) -> &str {
    if is_package {
        name
    } else {
        name.rsplit_once('.').map_or("", |(parent, _)| parent)
    }
}

/// `importlib`'s `_resolve_name`: `level` leading dots from `package`.
pub(crate) fn resolve(name: &str, level: u32, package: &str) -> Option<String> {
    if level == 0 {
        return (!name.is_empty()).then(|| name.to_string());
    }
    if package.is_empty() {
        return None;
    }
    let mut base = package;
    for _ in 1..level {
        base = base.rsplit_once('.')?.0;
    }
    Some(if name.is_empty() { base.to_string() } else { format!("{base}.{name}") })
}

pub(super) fn import_name(cx: &mut Cx<'_>, i: usize, name: u32) {
    let insn = i as u32;
    let text = cx.code.code.name_at(name).unwrap_or("").to_string();
    let name_sym = cx.sym(&text);
    if let Some(out) = cx.output(i, 0) {
        cx.emit(schema::ImportName { insn, name: name_sym, out });
    }
    let level =
        cx.input(i, 0).and_then(|v| cx.const_of(v)).and_then(|c| cx.consts.int(c)).and_then(|l| u32::try_from(l).ok());
    if let Some(level) = level {
        cx.emit(schema::ImportLevel { insn, level });
    }
    let fromlist = cx.input(i, 1).and_then(|v| cx.const_of(v));
    let mut plain = false;
    if let Some(fromlist) = fromlist {
        match cx.consts.value(fromlist) {
            Some(ConstValue::Stored(Const::None) | ConstValue::Immediate(Immediate::None)) => {
                plain = true;
                cx.emit(schema::ImportNoFromList { insn });
            }
            Some(ConstValue::Stored(Const::Tuple(items))) => {
                for (index, item) in items.iter().enumerate() {
                    if let Const::Str(s) = item {
                        let name = cx.sym(s);
                        cx.emit(schema::ImportFromList { insn, index: index as u32, name });
                    }
                }
            }
            _ => {}
        }
    }
    let Some(level) = level else { return };
    let module = match cx.pkg.modules.get(cx.code.module as usize) {
        Some(m) => package_of(m.name, m.is_package),
        None => return,
    };
    let Some(resolved) = resolve(&text, level, module) else { return };
    let module_sym = cx.sym(&resolved);
    cx.emit(schema::ImportModule { insn, module: module_sym });
    if fromlist.is_some() {
        // `import a.b.c` binds (and pushes) the top-level package `a`.
        let result = if plain { resolved.split('.').next().unwrap_or(&resolved).to_string() } else { resolved };
        let result = cx.sym(&result);
        cx.emit(schema::ImportResult { insn, module: result });
    }
}

/// `IMPORT_FROM`: reads the module on top, pushes the attribute.
pub(super) fn import_from(cx: &mut Cx<'_>, i: usize, name: u32) {
    let name = cx.name_sym(name);
    if let (Some(module), Some(out)) = (cx.peek(i, 1), cx.output(i, 0)) {
        cx.emit(schema::ImportFrom { insn: i as u32, module, name, out });
    }
}

pub(super) fn import_star(cx: &mut Cx<'_>, i: usize) {
    if let Some(module) = cx.input(i, 0) {
        cx.emit(schema::ImportStar { insn: i as u32, module });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_names_resolve_like_importlib() {
        assert_eq!(resolve("os.path", 0, "pkg"), Some("os.path".into()));
        assert_eq!(resolve("mod", 1, "pkg.sub"), Some("pkg.sub.mod".into()));
        assert_eq!(resolve("", 1, "pkg.sub"), Some("pkg.sub".into()));
        assert_eq!(resolve("mod", 2, "pkg.sub"), Some("pkg.mod".into()));
        assert_eq!(resolve("mod", 3, "pkg.sub"), None);
        assert_eq!(resolve("mod", 1, ""), None);
        assert_eq!(package_of("pkg.sub.mod", false), "pkg.sub");
        assert_eq!(package_of("pkg.sub", true), "pkg.sub");
        assert_eq!(package_of("main", false), "");
    }
}
