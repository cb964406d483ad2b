//! `cpyg disasm`: listings of a semantic package, for people and (JSON Lines) for tools.
//! The JSON schema is documented in `docs/disasm-json.md`.

use std::io::{self, Write};

use serde::Serialize;

use cpyg_adapters::sem::{ExceptionRegion, Instr, Location};

use crate::describe;
use crate::package::{SemanticCode, SemanticPackage};

/// One line per instruction, grouped by code object in identity order.
pub fn write_text(package: &SemanticPackage, out: &mut impl Write) -> io::Result<()> {
    let adapter = cpyg_adapters::adapter(package.minor).expect("package built with this adapter");
    for code in &package.codes {
        let module = package.module_of(code);
        let parent = code.parent.map_or_else(|| "-".to_string(), |p| p.to_string());
        writeln!(
            out,
            "== code {}: {} {} ({}) at {}:{}, parent {parent}, stacksize {}, max_depth {}",
            code.id,
            module.name,
            code.qualname,
            code.kind,
            module.path.display(),
            code.code.firstlineno,
            code.code.stacksize,
            code.depths.max_depth
        )?;
        writeln!(
            out,
            "{:>7} {:>5}  {:<30} {:>6}  {:<28} {:<22} {:<12} {}",
            "offset", "line", "opname", "arg", "operand", "operation", "stack", "control"
        )?;
        for instr in &code.decoded.instrs {
            let line = instr.location.line.map_or_else(String::new, |l| l.to_string());
            let arg = instr.arg.map_or_else(String::new, |a| a.to_string());
            let mut control = describe::control(&instr.control);
            if control.is_empty() {
                if let Some(target) = adapter.dis_jump_target(instr) {
                    control = format!("(target {target})");
                }
            }
            writeln!(
                out,
                "{:>7} {:>5}  {:<30} {:>6}  {:<28} {:<22} {:<12} {}",
                instr.offset,
                line,
                instr.opname,
                arg,
                truncate(&describe::operand(&instr.op, &code.code), 28),
                describe::operation_name(&instr.op),
                describe::stack_effect(&instr.stack),
                control
            )?;
        }
        for r in &code.decoded.regions {
            writeln!(out, "  region [{}, {}) -> {} depth {} lasti {}", r.start, r.end, r.handler, r.depth, r.lasti)?;
        }
        writeln!(out)?;
    }
    Ok(())
}

fn truncate(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        text.to_string()
    } else {
        let cut: String = text.chars().take(width - 1).collect();
        format!("{cut}…")
    }
}

#[derive(Serialize)]
struct CodeRecord<'a> {
    module: &'a str,
    id: u32,
    parent: Option<u32>,
    qualname: &'a str,
    kind: &'a str,
    name: &'a str,
    filename: &'a str,
    firstlineno: u32,
    argcount: u32,
    posonlyargcount: u32,
    kwonlyargcount: u32,
    flags: u32,
    stacksize: u32,
    max_depth: u32,
    instructions: Vec<InstrRecord<'a>>,
    exception_regions: &'a [ExceptionRegion],
}

#[derive(Serialize)]
struct InstrRecord<'a> {
    offset: u32,
    opname: &'a str,
    arg: Option<u32>,
    jump_target: Option<u32>,
    line: Option<u32>,
    location: &'a Location,
    operand: String,
    operation: &'a cpyg_adapters::sem::Op,
    stack: &'a cpyg_adapters::sem::StackEffect,
    depth: Option<u32>,
    control: &'a cpyg_adapters::sem::Control,
    protocols: Vec<&'static str>,
}

/// One JSON object per code object, in identity order.
pub fn write_json(package: &SemanticPackage, out: &mut impl Write) -> io::Result<()> {
    for code in &package.codes {
        // `From` keeps an I/O error as it was (a closed pipe stays a closed pipe).
        serde_json::to_writer(&mut *out, &code_record(package, code)).map_err(io::Error::from)?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

fn code_record<'a>(package: &'a SemanticPackage, code: &'a SemanticCode) -> CodeRecord<'a> {
    let adapter = cpyg_adapters::adapter(package.minor).expect("package built with this adapter");
    let instr = |(i, instr): (usize, &'a Instr)| InstrRecord {
        offset: instr.offset,
        opname: instr.opname,
        arg: instr.arg,
        jump_target: adapter.dis_jump_target(instr),
        line: instr.location.line,
        location: &instr.location,
        operand: describe::operand(&instr.op, &code.code),
        operation: &instr.op,
        stack: &instr.stack,
        depth: code.depths.entry[i],
        control: &instr.control,
        protocols: instr.protocols.labels().collect(),
    };
    let c = &code.code;
    CodeRecord {
        module: &package.module_of(code).name,
        id: code.id,
        parent: code.parent,
        qualname: &code.qualname,
        kind: code.kind.as_str(),
        name: &c.name,
        filename: &c.filename,
        firstlineno: c.firstlineno,
        argcount: c.argcount,
        posonlyargcount: c.posonlyargcount,
        kwonlyargcount: c.kwonlyargcount,
        flags: c.flags,
        stacksize: c.stacksize,
        max_depth: code.depths.max_depth,
        instructions: code.decoded.instrs.iter().enumerate().map(instr).collect(),
        exception_regions: &code.decoded.regions,
    }
}
