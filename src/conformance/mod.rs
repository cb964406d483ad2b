//! `cpyg conformance`: decodes modules independently and compares every
//! instruction, jump target, line, stack effect and exception region with what
//! the interpreter's own `dis` reports (see `dis_dump.py`), then validates the
//! stack depth of every code object.
//!
//! The interpreter only compiles and disassembles; cpyg reads the marshalled code
//! the same way it reads a `.pyc`, so the two sides share nothing but the bytes.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use base64::Engine;
use serde::Deserialize;

use cpyg_adapters::code::CodeObject;
use cpyg_adapters::sem::{Control, Instr, Op};
use cpyg_adapters::validate::{region_at, stack_depths};
use cpyg_adapters::{Adapter, DecodedCode};

const DIS_DUMP: &str = include_str!("dis_dump.py");

#[derive(Deserialize)]
struct ModuleDump {
    path: String,
    #[serde(default)]
    error: Option<String>,
    #[serde(default)]
    marshal: String,
    #[serde(default)]
    codes: Vec<CodeDump>,
}

#[derive(Deserialize)]
struct CodeDump {
    qualname: String,
    stacksize: u32,
    instructions: Vec<DisInstr>,
    exception_table: Vec<(u32, u32, u32, u32, bool)>,
}

/// `[offset, opname, arg, jump_target, line, effect, jump_effect, [col, end_line, end_col]]`.
#[derive(Deserialize)]
struct DisInstr(
    u32,
    String,
    Option<u32>,
    Option<u32>,
    Option<u32>,
    Option<i64>,
    Option<i64>,
    Option<(Option<u32>, Option<u32>, Option<u32>)>,
);

#[derive(Debug, Default)]
pub struct Report {
    pub minor: u8,
    pub modules: usize,
    pub compile_failures: usize,
    pub code_objects: usize,
    pub instructions: usize,
    pub regions: usize,
    pub mismatch_count: usize,
    /// The first mismatches found, for display.
    pub mismatches: Vec<String>,
    pub max_depth_equals_stacksize: usize,
}

const KEEP_MISMATCHES: usize = 50;

/// The one-line summary `cpyg conformance` and the tests print.
impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} modules ({} failed to compile), {} code objects, {} instructions, {} exception regions; \
             {} mismatches; max_depth == co_stacksize in {} of {} code objects",
            self.modules,
            self.compile_failures,
            self.code_objects,
            self.instructions,
            self.regions,
            self.mismatch_count,
            self.max_depth_equals_stacksize,
            self.code_objects
        )
    }
}

impl Report {
    fn mismatch(&mut self, text: String) {
        self.mismatch_count += 1;
        if self.mismatches.len() < KEEP_MISMATCHES {
            self.mismatches.push(text);
        }
    }

    fn merge(&mut self, other: Report) {
        self.modules += other.modules;
        self.compile_failures += other.compile_failures;
        self.code_objects += other.code_objects;
        self.instructions += other.instructions;
        self.regions += other.regions;
        self.max_depth_equals_stacksize += other.max_depth_equals_stacksize;
        self.mismatch_count += other.mismatch_count;
        for m in other.mismatches {
            if self.mismatches.len() < KEEP_MISMATCHES {
                self.mismatches.push(m);
            }
        }
    }
}

/// Compares cpyg with `python`'s `dis` over `files` (the interpreter's whole
/// standard library when empty), running `jobs` interpreter processes.
pub fn run(python: &Path, minor: u8, files: &[PathBuf], jobs: usize) -> Result<Report, String> {
    let adapter = cpyg_adapters::adapter(minor).ok_or_else(|| format!("CPython 3.{minor} is not supported"))?;
    let files = if files.is_empty() { stdlib_files(python)? } else { files.to_vec() };
    let jobs = jobs.max(1).min(files.len().max(1));
    let chunks: Vec<Vec<PathBuf>> = (0..jobs).map(|j| files.iter().skip(j).step_by(jobs).cloned().collect()).collect();
    crate::monitor::set_phase("conformance");
    let progress = Progress { done: AtomicUsize::new(0), total: files.len() };
    let reports: Vec<Result<Report, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> =
            chunks.iter().map(|chunk| scope.spawn(|| run_chunk(python, adapter, chunk, &progress))).collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|_| Err("comparison thread panicked".into()))).collect()
    });
    let mut total = Report { minor, ..Report::default() };
    for report in reports {
        total.merge(report?);
    }
    Ok(total)
}

fn stdlib_files(python: &Path) -> Result<Vec<PathBuf>, String> {
    let script = "import os,sysconfig\nr=sysconfig.get_paths()['stdlib']\nfor d,ds,fs in os.walk(r):\n ds[:]=sorted(x for x in ds if x not in ('site-packages','__pycache__'))\n for f in sorted(fs):\n  f.endswith('.py') and print(os.path.join(d,f))";
    let out = Command::new(python)
        .args(["-I", "-S", "-c", script])
        .output()
        .map_err(|e| format!("cannot run {}: {e}", python.display()))?;
    if !out.status.success() {
        return Err(format!(
            "{} failed listing its standard library: {}",
            python.display(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).lines().map(PathBuf::from).collect())
}

/// Modules compared so far, for the progress line.
struct Progress {
    done: AtomicUsize,
    total: usize,
}

fn run_chunk(python: &Path, adapter: &Adapter, files: &[PathBuf], progress: &Progress) -> Result<Report, String> {
    let mut report = Report::default();
    if files.is_empty() {
        return Ok(report);
    }
    let mut child = Command::new(python)
        .args(["-I", "-S", "-c", DIS_DUMP])
        .args(files)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", python.display()))?;
    let stdout = child.stdout.take().expect("piped stdout");
    let compared = || {
        let done = progress.done.fetch_add(1, Ordering::Relaxed) + 1;
        crate::monitor::set_detail(format!("{done}/{} modules compared", progress.total));
    };
    report = check_dump_observed(adapter, BufReader::new(stdout), &compared)
        .map_err(|e| format!("reading {}'s output: {e}", python.display()))?;
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!("{} failed: {}", python.display(), String::from_utf8_lossy(&out.stderr)));
    }
    Ok(report)
}

/// Checks a dump as `dis_dump.py` writes it (one JSON object per module and line).
pub fn check_dump(adapter: &Adapter, dump: impl BufRead) -> Result<Report, String> {
    check_dump_observed(adapter, dump, &|| {})
}

/// [`check_dump`], calling `compared` after each module.
fn check_dump_observed(adapter: &Adapter, dump: impl BufRead, compared: &dyn Fn()) -> Result<Report, String> {
    let mut report = Report { minor: adapter.minor(), ..Report::default() };
    for line in dump.lines() {
        let line = line.map_err(|e| e.to_string())?;
        let module: ModuleDump = serde_json::from_str(&line).map_err(|e| format!("malformed dump line: {e}"))?;
        check_module(adapter, module, &mut report);
        compared();
    }
    Ok(report)
}

fn check_module(adapter: &Adapter, dump: ModuleDump, report: &mut Report) {
    if dump.error.is_some() {
        report.compile_failures += 1;
        return;
    }
    report.modules += 1;
    let path = &dump.path;
    let bytes = match base64::engine::general_purpose::STANDARD.decode(&dump.marshal) {
        Ok(b) => b,
        Err(e) => return report.mismatch(format!("{path}: bad base64 from the dump: {e}")),
    };
    let module = match cpyg_adapters::marshal::read_code(&bytes, adapter.minor()) {
        Ok(code) => code,
        Err(e) => return report.mismatch(format!("{path}: {e}")),
    };
    let codes = module.preorder();
    if codes.len() != dump.codes.len() {
        return report.mismatch(format!("{path}: {} code objects, dis has {}", codes.len(), dump.codes.len()));
    }
    for (code, expected) in codes.into_iter().zip(&dump.codes) {
        report.code_objects += 1;
        let context = format!("{path}: {}", expected.qualname);
        match adapter.decode(code) {
            Ok(decoded) => check_code(adapter, code, &decoded, expected, &context, report),
            Err(e) => report.mismatch(format!("{context}: decode error: {e}")),
        }
    }
}

fn check_code(
    adapter: &Adapter,
    code: &CodeObject,
    decoded: &DecodedCode,
    expected: &CodeDump,
    context: &str,
    report: &mut Report,
) {
    if decoded.instrs.len() != expected.instructions.len() {
        report.mismatch(format!(
            "{context}: {} instructions, dis has {}",
            decoded.instrs.len(),
            expected.instructions.len()
        ));
        return;
    }
    report.instructions += decoded.instrs.len();
    if code.stacksize != expected.stacksize {
        report.mismatch(format!("{context}: co_stacksize {} read, dis has {}", code.stacksize, expected.stacksize));
    }
    let mut accounting = Accounting::for_release(adapter.minor());
    for (ours, dis) in decoded.instrs.iter().zip(&expected.instructions) {
        let effects = accounting.dis_effects(ours);
        for problem in compare_instr(adapter, ours, effects, dis) {
            report.mismatch(format!("{context} @{}: {problem}", ours.offset));
        }
    }
    if adapter.minor() >= 11 {
        let ours: Vec<_> = decoded.regions.iter().map(|r| (r.start, r.end, r.handler, r.depth, r.lasti)).collect();
        if ours != expected.exception_table {
            report.mismatch(format!("{context}: exception regions {ours:?}, dis has {:?}", expected.exception_table));
        }
    }
    report.regions += decoded.regions.len();
    match stack_depths(code, decoded) {
        Ok(depths) => {
            if adapter.minor() < 11 {
                check_setup_handlers(decoded, &depths.entry, context, report);
            }
            report.max_depth_equals_stacksize += (depths.max_depth == code.stacksize) as usize
        }
        Err(e) => report.mismatch(format!("{context}: validation: {e}")),
    }
}

/// 3.8-3.10 have no table to compare with: each reachable block-setup
/// instruction's handler must be the one the reconstructed regions give the
/// instruction after it. (3.8 and 3.9 leave unreachable code after a `return`
/// in a `try`; no block is ever opened there.)
fn check_setup_handlers(decoded: &DecodedCode, entry: &[Option<u32>], context: &str, report: &mut Report) {
    for (i, instr) in decoded.instrs.iter().enumerate() {
        if let (Control::Setup { handler }, Some(_)) = (instr.control, entry[i]) {
            let next = decoded.instrs.get(i + 1).map(|n| n.offset);
            let region = next.and_then(|offset| region_at(&decoded.regions, offset));
            if region.map(|r| r.handler) != Some(handler) {
                report.mismatch(format!(
                    "{context} @{}: block handler {handler}, but the region after it is {region:?}",
                    instr.offset
                ));
            }
        }
    }
}

fn compare_instr(adapter: &Adapter, ours: &Instr, (normal, jump): (i64, i64), dis: &DisInstr) -> Vec<String> {
    let mut problems = Vec::new();
    let DisInstr(offset, opname, arg, jump_target, line, effect, jump_effect, extra) = dis;
    if ours.offset != *offset || ours.opname != opname {
        problems.push(format!("{} at {}, dis has {opname} at {offset}", ours.opname, ours.offset));
        return problems;
    }
    if ours.arg != *arg {
        problems.push(format!("{opname} arg {:?}, dis {arg:?}", ours.arg));
    }
    let our_target = adapter.dis_jump_target(ours);
    if our_target != *jump_target {
        problems.push(format!("{opname} jump_target {our_target:?}, dis {jump_target:?}"));
    }
    if let Some(target) = ours.control.target() {
        if Some(target) != *jump_target {
            problems.push(format!("{opname} control target {target}, dis jump_target {jump_target:?}"));
        }
    }
    if ours.location.line != *line {
        problems.push(format!("{opname} line {:?}, dis {line:?}", ours.location.line));
    }
    if let Some((col, end_line, end_col)) = extra {
        let loc = &ours.location;
        if (loc.column, loc.end_line, loc.end_column) != (*col, *end_line, *end_col) {
            problems.push(format!(
                "{opname} position {:?}, dis {:?}",
                (loc.column, loc.end_line, loc.end_column),
                (col, end_line, end_col)
            ));
        }
    }
    if *effect != Some(normal) {
        problems.push(format!("{opname} stack effect {normal}, dis {effect:?}"));
    }
    if ours.control.target().is_some() && !matches!(ours.control, Control::Setup { .. }) && *jump_effect != Some(jump) {
        problems.push(format!("{opname} jump stack effect {jump}, dis {jump_effect:?}"));
    }
    problems
}

/// How the compiler's stack accounting, which `dis.stack_effect` reports, differs
/// from the run-time effects cpyg records. Carried from one instruction to the next:
/// - 3.11 `PRECALL` leaves the stack alone at run time; the compiler charges the
///   arguments to it (-argc) and only the callable slot to the `CALL` after it.
/// - 3.11 and 3.12 `RETURN_GENERATOR`: the generator frame resumes after it with
///   the first sent value pushed; those compilers instead start generator bodies
///   at depth 1 and charge nothing to the instruction. From 3.13 the compiler
///   charges the push to it, as cpyg records it.
struct Accounting {
    deferred: i64,
    return_generator_uncharged: bool,
}

impl Accounting {
    fn for_release(minor: u8) -> Accounting {
        Accounting { deferred: 0, return_generator_uncharged: (11..=12).contains(&minor) }
    }

    /// The (normal, jump) net effects dis reports for `instr`.
    fn dis_effects(&mut self, instr: &Instr) -> (i64, i64) {
        let shift = match instr.op {
            Op::PrepareCall { argc } => {
                self.deferred = argc as i64;
                -(argc as i64)
            }
            Op::Call { .. } => std::mem::take(&mut self.deferred),
            Op::ReturnGenerator if self.return_generator_uncharged => -1,
            _ => 0,
        };
        // 3.8 `CALL_FINALLY`: dis counts the return address the interpreter
        // pushes (+1); cpyg's jump gives the `finally` body the depth its other
        // entries have (set by the block simulation, see `cpython310::blocks`;
        // validation checks that the entries agree).
        if instr.op == Op::CallFinally && instr.stack.jump.is_some() {
            return (instr.stack.net(), 1);
        }
        (instr.stack.net() + shift, instr.stack.jump_net() + shift)
    }
}
