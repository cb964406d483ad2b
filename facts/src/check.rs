//! Consistency checker over one code object's stack flow and control-flow graph.
//!
//! What must hold, checked independently of how `flow` and `cfg` compute it:
//! - every id is in range: variables tile `0..count` in the documented order,
//!   flows and unused entries name existing variables of the right role, blocks
//!   tile the instructions, edges name existing blocks;
//! - every input and in-place read of a reachable instruction has a producer;
//! - every producer (output, handler value, entry value) is consumed by some
//!   flow, or listed as unused for a legitimate reason (`UnusedReason`); the
//!   list must be exactly the unconsumed producers, and `Lost` is a violation;
//! - every edge leads to the block starting at the instruction it should (the
//!   fall-through successor, the jump target, the region's handler), and every
//!   jump target and handler starts a block.

use std::fmt;

use cpyg_adapters::sem::Control;
use cpyg_adapters::validate::StackDepths;
use cpyg_adapters::DecodedCode;

use crate::cfg::{self, Cfg, EdgeKind};
use crate::flow::{CodeFlow, UnusedReason, VarOwner};

/// How many violations a report keeps in full; the rest are only counted.
pub const KEPT_VIOLATIONS: usize = 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ViolationKind {
    /// An input or in-place read of a reachable instruction with no producer.
    NoProducer,
    /// A producer nothing consumes and nothing explains.
    Lost,
    /// The unused list disagrees with the flows.
    UnusedMismatch,
    /// An id out of range, or ranges that do not tile their space.
    BadId,
    /// A flow from a consumer or into a producer.
    BadFlow,
    /// An edge that does not lead where the code says, or a target that starts no block.
    BadEdge,
    /// The code object could not be decoded, or its flow or graph not built.
    Refused,
    /// A fact names an id its entity's defining relation does not define.
    DanglingId,
    /// An entity's ids are not exactly `0..count`, each defined once.
    NotDense,
    /// A fact names per-code ids of different code objects, or per-code ids are
    /// not numbered in code id order.
    MixedCode,
}

impl ViolationKind {
    pub fn name(self) -> &'static str {
        match self {
            ViolationKind::NoProducer => "no_producer",
            ViolationKind::Lost => "lost",
            ViolationKind::UnusedMismatch => "unused_mismatch",
            ViolationKind::BadId => "bad_id",
            ViolationKind::BadFlow => "bad_flow",
            ViolationKind::BadEdge => "bad_edge",
            ViolationKind::Refused => "refused",
            ViolationKind::DanglingId => "dangling_id",
            ViolationKind::NotDense => "not_dense",
            ViolationKind::MixedCode => "mixed_code",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The code object, as the caller named it.
    pub code: String,
    pub offset: Option<u32>,
    pub kind: ViolationKind,
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.offset {
            Some(offset) => write!(f, "{} @ {offset}: {}: {}", self.code, self.kind.name(), self.message),
            None => write!(f, "{}: {}: {}", self.code, self.kind.name(), self.message),
        }
    }
}

/// Counts over everything checked, and the first violations found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    pub code_objects: u64,
    pub instructions: u64,
    pub unreachable_instructions: u64,
    pub variables: u64,
    pub flows: u64,
    pub blocks: u64,
    pub edges: u64,
    /// Indexed like [`EdgeKind::ALL`].
    pub edges_by_kind: [u64; 6],
    /// Unused producers, indexed like [`UnusedReason::ALL`].
    pub unused_by_reason: [u64; 4],
    pub violation_count: u64,
    pub violations: Vec<Violation>,
}

impl CheckReport {
    pub fn is_clean(&self) -> bool {
        self.violation_count == 0
    }

    /// Adds another report's counts; keeps this report's violations first.
    pub fn merge(&mut self, other: CheckReport) {
        self.code_objects += other.code_objects;
        self.instructions += other.instructions;
        self.unreachable_instructions += other.unreachable_instructions;
        self.variables += other.variables;
        self.flows += other.flows;
        self.blocks += other.blocks;
        self.edges += other.edges;
        for (mine, theirs) in self.edges_by_kind.iter_mut().zip(other.edges_by_kind) {
            *mine += theirs;
        }
        for (mine, theirs) in self.unused_by_reason.iter_mut().zip(other.unused_by_reason) {
            *mine += theirs;
        }
        self.violation_count += other.violation_count;
        let room = KEPT_VIOLATIONS.saturating_sub(self.violations.len());
        self.violations.extend(other.violations.into_iter().take(room));
    }

    /// Records a code object that could not be analysed at all.
    pub fn failed(&mut self, code: &str, message: String) {
        self.code_objects += 1;
        self.refused(code, message);
    }

    /// Records that a code object already counted could not be lowered.
    pub fn refused(&mut self, code: &str, message: String) {
        self.violation(code, None, ViolationKind::Refused, message);
    }

    fn violation(&mut self, code: &str, offset: Option<u32>, kind: ViolationKind, message: String) {
        self.violation_count += 1;
        if self.violations.len() < KEPT_VIOLATIONS {
            self.violations.push(Violation { code: code.to_string(), offset, kind, message });
        }
    }
}

impl fmt::Display for CheckReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} code objects, {} instructions ({} unreachable), {} variables, {} flows, {} blocks, {} edges",
            self.code_objects,
            self.instructions,
            self.unreachable_instructions,
            self.variables,
            self.flows,
            self.blocks,
            self.edges
        )?;
        let edges: Vec<String> =
            EdgeKind::ALL.iter().zip(self.edges_by_kind).map(|(k, n)| format!("{} {n}", k.name())).collect();
        writeln!(f, "edges: {}", edges.join(", "))?;
        let unused: Vec<String> =
            UnusedReason::ALL.iter().zip(self.unused_by_reason).map(|(r, n)| format!("{} {n}", r.name())).collect();
        writeln!(f, "unused producers: {}", unused.join(", "))?;
        write!(f, "violations: {}", self.violation_count)?;
        for v in &self.violations {
            write!(f, "\n  {v}")?;
        }
        Ok(())
    }
}

/// Checks one code object. `name` identifies it in violations.
pub fn check_code(name: &str, decoded: &DecodedCode, depths: &StackDepths, flow: &CodeFlow, cfg: &Cfg) -> CheckReport {
    let mut report = CheckReport {
        code_objects: 1,
        instructions: decoded.instrs.len() as u64,
        unreachable_instructions: depths.entry.iter().filter(|d| d.is_none()).count() as u64,
        variables: flow.vars.count as u64,
        flows: flow.flows.len() as u64,
        blocks: cfg.blocks.len() as u64,
        edges: cfg.edges.len() as u64,
        ..CheckReport::default()
    };
    let mut checker = Checker { name, decoded, report: &mut report };
    if checker.variables_tile(flow) {
        checker.flows(flow, depths);
    }
    if checker.blocks_tile(cfg) {
        checker.edges(cfg);
    }
    report
}

struct Checker<'a> {
    name: &'a str,
    decoded: &'a DecodedCode,
    report: &'a mut CheckReport,
}

impl Checker<'_> {
    fn violation(&mut self, offset: Option<u32>, kind: ViolationKind, message: String) {
        self.report.violation(self.name, offset, kind, message);
    }

    fn offset(&self, insn: usize) -> Option<u32> {
        self.decoded.instrs.get(insn).map(|i| i.offset)
    }

    /// Variables are numbered instruction by instruction (inputs, reads, outputs),
    /// then handler values region by region, then entry values, with no gap.
    fn variables_tile(&mut self, flow: &CodeFlow) -> bool {
        let vars = &flow.vars;
        let n = self.decoded.instrs.len();
        if vars.inputs.len() != n || vars.peeks.len() != n || vars.outputs.len() != n {
            self.violation(
                None,
                ViolationKind::BadId,
                format!("variables for {} instructions, expected {n}", vars.inputs.len()),
            );
            return false;
        }
        if vars.handler_values.len() != self.decoded.regions.len() {
            let message = format!(
                "handler values for {} regions, expected {}",
                vars.handler_values.len(),
                self.decoded.regions.len()
            );
            self.violation(None, ViolationKind::BadId, message);
            return false;
        }
        let mut next = 0u32;
        let mut ok = true;
        let expect = |start: u32, end: u32, next: &mut u32| {
            let fits = start == *next && start <= end;
            *next = end;
            fits
        };
        for insn in 0..n {
            let instr = &self.decoded.instrs[insn];
            let mut fits = expect(vars.inputs[insn].start, vars.inputs[insn].end, &mut next);
            for &(_, var) in &vars.peeks[insn] {
                fits &= expect(var, var + 1, &mut next);
            }
            fits &= expect(vars.outputs[insn].start, vars.outputs[insn].end, &mut next);
            let inputs = vars.inputs[insn].len() as u32;
            let shaped = inputs == 0 || inputs == instr.stack.pops;
            if !fits || !shaped {
                self.violation(
                    Some(instr.offset),
                    ViolationKind::BadId,
                    format!("variables of {} out of order or shape", instr.opname),
                );
                ok = false;
            }
        }
        for (region, range) in vars.handler_values.iter().enumerate() {
            let pushed = self.decoded.regions[region].pushed;
            if !expect(range.start, range.end, &mut next) || range.len() as u32 != pushed {
                self.violation(
                    None,
                    ViolationKind::BadId,
                    format!("handler values of region {region} out of order or shape"),
                );
                ok = false;
            }
        }
        if !expect(vars.entry.start, vars.entry.end, &mut next) || next != vars.count {
            self.violation(None, ViolationKind::BadId, format!("variables end at {next}, count says {}", vars.count));
            ok = false;
        }
        ok
    }

    fn flows(&mut self, flow: &CodeFlow, depths: &StackDepths) {
        let owners = flow.vars.owners();
        let count = flow.vars.count;
        let mut produced_for = vec![0u32; count as usize];
        let mut consumed = vec![false; count as usize];
        if !flow.flows.windows(2).all(|pair| pair[0] < pair[1]) {
            self.violation(None, ViolationKind::BadFlow, "flows are not sorted and deduplicated".into());
        }
        for &(from, to) in &flow.flows {
            if from >= count || to >= count {
                self.violation(
                    None,
                    ViolationKind::BadId,
                    format!("flow {from} -> {to} names a variable beyond {count}"),
                );
                continue;
            }
            if !owners[from as usize].is_producer() || owners[to as usize].is_producer() {
                let message =
                    format!("flow {from} -> {to} goes from {:?} to {:?}", owners[from as usize], owners[to as usize]);
                self.violation(None, ViolationKind::BadFlow, message);
                continue;
            }
            produced_for[to as usize] += 1;
            consumed[from as usize] = true;
        }
        for (var, owner) in owners.iter().enumerate() {
            let insn = match *owner {
                VarOwner::Input { insn, .. } | VarOwner::Peek { insn, .. } => insn as usize,
                _ => continue,
            };
            if produced_for[var] == 0 && depths.entry.get(insn).is_some_and(Option::is_some) {
                let opname = self.decoded.instrs[insn].opname;
                self.violation(
                    self.offset(insn),
                    ViolationKind::NoProducer,
                    format!("{opname}: {owner:?} (variable {var}) has no producer"),
                );
            }
        }
        self.unused(flow, &owners, &consumed);
    }

    fn unused(&mut self, flow: &CodeFlow, owners: &[VarOwner], consumed: &[bool]) {
        let listed: Vec<u32> = flow.unused.iter().map(|&(var, _)| var).collect();
        let expected: Vec<u32> =
            flow.vars.producers().filter(|&v| !consumed.get(v as usize).copied().unwrap_or(true)).collect();
        if listed != expected {
            let message = format!("{} producers are unconsumed, {} are listed as unused", expected.len(), listed.len());
            self.violation(None, ViolationKind::UnusedMismatch, message);
        }
        for &(var, reason) in &flow.unused {
            let index = UnusedReason::ALL.iter().position(|&r| r == reason).unwrap_or(0);
            self.report.unused_by_reason[index] += 1;
            if reason.is_legitimate() {
                continue;
            }
            let owner = owners.get(var as usize).copied();
            let (offset, what) = match owner {
                Some(VarOwner::Output { insn, index }) => {
                    let instr = &self.decoded.instrs[insn as usize];
                    (Some(instr.offset), format!("output {index} of {}", instr.opname))
                }
                Some(VarOwner::Handler { region, index }) => {
                    let handler = self.decoded.regions.get(region as usize).map(|r| r.handler);
                    (handler, format!("handler value {index} of region {region}"))
                }
                other => (None, format!("{other:?}")),
            };
            self.violation(offset, ViolationKind::Lost, format!("{what} (variable {var}) is never consumed"));
        }
    }

    /// Blocks are non-empty, contiguous, cover every instruction, and agree with `insn_block`.
    fn blocks_tile(&mut self, cfg: &Cfg) -> bool {
        let n = self.decoded.instrs.len();
        let mut next = 0;
        let mut ok = cfg.insn_block.len() == n;
        for (b, range) in cfg.blocks.iter().enumerate() {
            if range.start != next || range.end <= range.start {
                ok = false;
            }
            next = range.end;
            if ok && cfg.insn_block.get(range.clone()).is_some_and(|ids| ids.iter().any(|&id| id as usize != b)) {
                ok = false;
            }
        }
        if !ok || next != n {
            self.violation(
                None,
                ViolationKind::BadId,
                format!("{} blocks do not tile the {n} instructions", cfg.blocks.len()),
            );
            return false;
        }
        true
    }

    fn edges(&mut self, cfg: &Cfg) {
        if !cfg.edges.windows(2).all(|pair| pair[0] < pair[1]) {
            self.violation(None, ViolationKind::BadEdge, "edges are not sorted and deduplicated".into());
        }
        let region_of = cfg::covering_regions(self.decoded);
        for &(from, to, kind) in &cfg.edges {
            let (Some(source), Some(target)) = (cfg.blocks.get(from as usize), cfg.blocks.get(to as usize)) else {
                self.violation(
                    None,
                    ViolationKind::BadId,
                    format!("edge {from} -> {to} names a block beyond {}", cfg.blocks.len()),
                );
                continue;
            };
            let last = &self.decoded.instrs[source.end - 1];
            let expected: Option<usize> = match (kind, last.control) {
                (EdgeKind::Exception, _) => {
                    let handlers = source.clone().filter_map(|i| self.decoded.regions.get(region_of[i] as usize));
                    let mut handlers = handlers.filter_map(|r| self.decoded.index_of(r.handler));
                    handlers.find(|&h| h == target.start)
                }
                (EdgeKind::Jump, Control::Jump { target: to_offset }) => self.decoded.index_of(to_offset),
                (EdgeKind::BranchTrue | EdgeKind::BranchFalse, Control::Branch { target: to_offset, when }) => {
                    let (jump_kind, fall_kind) = cfg::branch_edge_kinds(when);
                    match self.decoded.index_of(to_offset) {
                        Some(t) if kind == jump_kind && t == target.start => Some(t),
                        _ if kind == fall_kind => Some(source.end),
                        _ => None,
                    }
                }
                (EdgeKind::Fallthrough, Control::Next | Control::Setup { .. }) if !cfg::is_suspension(&last.op) => {
                    Some(source.end)
                }
                (EdgeKind::Resume, Control::Next | Control::Setup { .. }) if cfg::is_suspension(&last.op) => {
                    Some(source.end)
                }
                _ => None,
            };
            if expected != Some(target.start) {
                let message = format!(
                    "{} edge from block {from} (ends with {}) to block {to} is not one the code has",
                    kind.name(),
                    last.opname
                );
                self.violation(Some(last.offset), ViolationKind::BadEdge, message);
            }
            self.report.edges_by_kind[kind as usize] += 1;
        }
        // Every place control can arrive at other than by falling through starts a block.
        let arrivals = self.decoded.instrs.iter().filter_map(|i| i.control.target().map(|t| (i.offset, t)));
        let handlers = self.decoded.regions.iter().map(|r| (r.start, r.handler));
        for (from, target) in arrivals.chain(handlers).collect::<Vec<_>>() {
            let starts_block = self.decoded.index_of(target).and_then(|t| cfg.block_starting_at(t)).is_some();
            if !starts_block {
                self.violation(Some(from), ViolationKind::BadEdge, format!("target {target} does not start a block"));
            }
        }
    }
}
