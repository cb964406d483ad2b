//! Stack flow, blocks and checks on small hand-written instruction sequences,
//! one shape at a time.

use cpyg_adapters::code::CodeObject;
use cpyg_adapters::sem::*;
use cpyg_adapters::validate::{stack_depths, StackDepths};
use cpyg_adapters::DecodedCode;
use cpyg_facts::cfg::{code_cfg, Cfg, EdgeKind};
use cpyg_facts::check::{check_code, ViolationKind};
use cpyg_facts::flow::{code_flow, in_place_reads, CodeFlow, UnusedReason};

/// One instruction at `4 * index`, so that offsets and indices are easy to tell apart.
fn at(index: u32, op: Op, pops: u32, pushes: u32) -> Instr {
    Instr {
        offset: 4 * index,
        opname: "TEST",
        opcode: 0,
        arg: None,
        cache_entries: 1,
        op,
        stack: StackEffect::new(pops, pushes),
        control: Control::Next,
        protocols: Protocols::NONE,
        location: Location::default(),
    }
}

fn load(index: u32) -> Instr {
    at(index, Op::LoadConst { index: 0 }, 0, 1)
}

fn store(index: u32, slot: u32) -> Instr {
    at(index, Op::StoreLocal { slot }, 1, 0)
}

fn ret(index: u32) -> Instr {
    Instr { control: Control::Return, ..at(index, Op::ReturnConst { index: 0 }, 0, 0) }
}

fn code() -> CodeObject {
    CodeObject {
        argcount: 0,
        posonlyargcount: 0,
        kwonlyargcount: 0,
        stacksize: 16,
        flags: 0,
        code: Vec::new(),
        consts: Vec::new(),
        names: Vec::new(),
        localsplus: Vec::new(),
        cell_offset: 0,
        filename: "test.py".into(),
        name: "test".into(),
        qualname: None,
        firstlineno: 1,
        linetable: Vec::new(),
        exceptiontable: Vec::new(),
    }
}

struct Run {
    decoded: DecodedCode,
    depths: StackDepths,
    flow: CodeFlow,
    cfg: Cfg,
}

fn run(instrs: Vec<Instr>, regions: Vec<ExceptionRegion>) -> Run {
    let decoded = DecodedCode { instrs, regions };
    let depths = stack_depths(&code(), &decoded).expect("valid test code");
    let flow = code_flow(&code(), &decoded, &depths).expect("flow");
    let cfg = code_cfg(&decoded).expect("cfg");
    Run { decoded, depths, flow, cfg }
}

impl Run {
    fn input(&self, insn: usize, index: u32) -> u32 {
        self.flow.vars.inputs[insn].start + index
    }

    fn output(&self, insn: usize, index: u32) -> u32 {
        self.flow.vars.outputs[insn].start + index
    }

    fn producers(&self, var: u32) -> Vec<u32> {
        self.flow.flows.iter().filter(|f| f.1 == var).map(|f| f.0).collect()
    }

    fn check(&self) -> cpyg_facts::check::CheckReport {
        check_code("test", &self.decoded, &self.depths, &self.flow, &self.cfg)
    }
}

/// `a or b` in 3.10: the kept operand and the alternative meet in the store.
#[test]
fn keeping_branch_passes_its_operand_on() {
    let branch = Instr {
        control: Control::Branch { target: 12, when: Condition::IfTrueKeep },
        stack: StackEffect::new(1, 0).with_jump(1, 1),
        ..at(1, Op::Branch, 1, 0)
    };
    let r = run(vec![load(0), branch, load(2), store(3, 0), ret(4)], vec![]);
    assert!(r.flow.vars.outputs[1].is_empty(), "the branch pushes nothing of its own");
    assert_eq!(r.producers(r.input(1, 0)), [r.output(0, 0)]);
    assert_eq!(r.producers(r.input(3, 0)), [r.output(0, 0), r.output(2, 0)]);
    assert_eq!(r.cfg.blocks, [0..2, 2..3, 3..5]);
    assert_eq!(
        r.cfg.edges,
        [(0, 1, EdgeKind::BranchFalse), (0, 2, EdgeKind::BranchTrue), (1, 2, EdgeKind::Fallthrough)]
    );
    assert!(r.check().is_clean());
}

/// `ROT_THREE` and `DUP_TOP_TWO` move producers; `COPY` and `SWAP` too.
#[test]
fn shuffles_move_producers() {
    let r = run(
        vec![
            load(0),
            load(1),
            load(2),
            at(3, Op::RotateDown { depth: 3 }, 3, 3),
            store(4, 0),
            store(5, 0),
            store(6, 0),
            load(7),
            load(8),
            at(9, Op::DupTopTwo, 2, 4),
            at(10, Op::Swap { depth: 4 }, 4, 4),
            at(11, Op::Copy { depth: 4 }, 4, 5),
            store(12, 0),
            store(13, 0),
            store(14, 0),
            store(15, 0),
            store(16, 0),
            ret(17),
        ],
        vec![],
    );
    let (a, b, c) = (r.output(0, 0), r.output(1, 0), r.output(2, 0));
    // [a, b, c] rotated: [c, a, b]; stored top first.
    let first: Vec<Vec<u32>> = (4..7).map(|i| r.producers(r.input(i, 0))).collect();
    assert_eq!(first, [vec![b], vec![a], vec![c]]);
    // [d, e] → [d, e, d, e] → swap top with fourth: [e, e, d, d] → copy fourth: [e, e, d, d, e].
    let (d, e) = (r.output(7, 0), r.output(8, 0));
    let second: Vec<Vec<u32>> = (12..17).map(|i| r.producers(r.input(i, 0))).collect();
    assert_eq!(second, [vec![e], vec![d], vec![d], vec![e], vec![e]]);
    for shuffle in [3, 9, 10, 11] {
        assert!(r.flow.vars.inputs[shuffle].is_empty() && r.flow.vars.outputs[shuffle].is_empty());
    }
    assert!(r.check().is_clean());
}

/// 3.10/3.11 `FOR_ITER`: reads the iterator in place, pops it when exhausted.
#[test]
fn loop_reaches_a_fixed_point() {
    let for_iter = Instr {
        control: Control::Branch { target: 20, when: Condition::Exhausted },
        stack: StackEffect::new(0, 1).with_peek(1).with_jump(1, 0),
        ..at(2, Op::ForIter, 0, 1)
    };
    let back = Instr { control: Control::Jump { target: 8 }, ..at(4, Op::Jump, 0, 0) };
    let r = run(vec![load(0), at(1, Op::GetIter, 1, 1), for_iter, store(3, 0), back, ret(5)], vec![]);
    let peeks = &r.flow.vars.peeks[2];
    assert_eq!(peeks.len(), 1);
    assert_eq!(r.producers(peeks[0].1), [r.output(1, 0)]);
    assert_eq!(r.producers(r.input(3, 0)), [r.output(2, 0)]);
    assert!(r.flow.unused.is_empty());
    assert!(r.check().is_clean());
    assert_eq!(
        r.cfg.edges,
        [
            (0, 1, EdgeKind::Fallthrough),
            (1, 2, EdgeKind::BranchFalse),
            (1, 3, EdgeKind::BranchTrue),
            (2, 1, EdgeKind::Jump)
        ]
    );
}

/// A covered instruction sends its entry stack, cut to the region depth, plus
/// the handler's values to the handler.
#[test]
fn handler_gets_the_cut_stack_and_its_values() {
    let region = ExceptionRegion { start: 4, end: 12, handler: 20, depth: 1, lasti: false, pushed: 1 };
    let returns = |index| Instr { control: Control::Return, ..at(index, Op::Return, 1, 0) };
    let r = run(
        vec![
            load(0),
            load(1),
            at(2, Op::Unary { op: UnaryOp::Negative }, 1, 1),
            at(3, Op::PopTop, 1, 0),
            returns(4),
            at(5, Op::PopTop, 1, 0),
            returns(6),
        ],
        vec![region],
    );
    let a = r.output(0, 0);
    let handler_value = r.flow.vars.handler_values[0].start;
    assert_eq!(r.producers(r.input(5, 0)), [handler_value]);
    assert_eq!(r.producers(r.input(6, 0)), [a]);
    assert_eq!(r.producers(r.input(4, 0)), [a]);
    assert_eq!(r.cfg.blocks, [0..5, 5..7]);
    assert_eq!(r.cfg.edges, [(0, 1, EdgeKind::Exception)]);
    assert!(r.check().is_clean());
}

/// A 3.10 generator starts with the first sent value on the stack.
#[test]
fn generator_entry_value_is_a_producer() {
    let r = run(vec![at(0, Op::GenStart, 1, 0), ret(1)], vec![]);
    assert_eq!(r.flow.vars.entry.len(), 1);
    assert_eq!(r.producers(r.input(0, 0)), [r.flow.vars.entry.start]);
    assert!(r.check().is_clean());
}

/// Suspensions end blocks with a resume edge.
#[test]
fn yield_resumes_in_the_next_block() {
    let r = run(vec![load(0), at(1, Op::Yield, 1, 1), at(2, Op::PopTop, 1, 0), ret(3)], vec![]);
    assert_eq!(r.cfg.blocks, [0..2, 2..4]);
    assert_eq!(r.cfg.edges, [(0, 1, EdgeKind::Resume)]);
    assert!(r.check().is_clean());
}

/// A value left under a return is lost; a value a return pushes is the caller's.
#[test]
fn values_left_at_a_return() {
    let returns = Instr { control: Control::Return, ..at(2, Op::Return, 1, 1) };
    let r = run(vec![load(0), load(1), returns], vec![]);
    assert_eq!(r.flow.unused, [(r.output(0, 0), UnusedReason::Lost), (r.output(2, 0), UnusedReason::Returned)]);
    let report = r.check();
    assert_eq!(report.violation_count, 1);
    assert_eq!(report.violations[0].kind, ViolationKind::Lost);
    assert_eq!(report.violations[0].offset, Some(0));
}

/// Unreachable code gets variables but no flows.
#[test]
fn unreachable_code_is_reported_as_such() {
    let r = run(vec![ret(0), load(1), store(2, 0), ret(3)], vec![]);
    assert_eq!(r.flow.unused, [(r.output(1, 0), UnusedReason::Unreachable)]);
    let report = r.check();
    assert!(report.is_clean());
    assert_eq!(report.unreachable_instructions, 3);
}

#[test]
fn flow_refuses_depths_that_disagree_with_validation() {
    let decoded = DecodedCode { instrs: vec![load(0), store(1, 0), ret(2)], regions: vec![] };
    let mut depths = stack_depths(&code(), &decoded).unwrap();
    depths.entry[1] = Some(2);
    let err = code_flow(&code(), &decoded, &depths).unwrap_err();
    assert!(err.contains("validation computed"), "{err}");
}

#[test]
fn jump_edges_may_only_drop_values_they_read() {
    let branch = Instr {
        control: Control::Branch { target: 12, when: Condition::IfTrue },
        stack: StackEffect::new(0, 0).with_jump(1, 0),
        ..at(1, Op::Branch, 0, 0)
    };
    let decoded = DecodedCode { instrs: vec![load(0), branch, at(2, Op::PopTop, 1, 0), ret(3)], regions: vec![] };
    let depths = stack_depths(&code(), &decoded).unwrap();
    let err = code_flow(&code(), &decoded, &depths).unwrap_err();
    assert!(err.contains("without reading it"), "{err}");
}

#[test]
fn in_place_read_table_explains_every_peek() {
    let reads =
        |op: Op, peek: u32| in_place_reads(&op, &StackEffect::new(1, 0).with_peek(peek)).map(|r| r.as_slice().to_vec());
    assert_eq!(reads(Op::ListAppend { depth: 2 }, 2), Ok(vec![2]));
    assert_eq!(reads(Op::MatchKeys, 2), Ok(vec![2, 1]));
    assert_eq!(reads(Op::WithExceptStart, 7), Ok(vec![7, 3, 2, 1]));
    assert_eq!(reads(Op::WithExceptStart, 4), Ok(vec![4, 1]));
    assert_eq!(reads(Op::WithExceptStart, 5), Ok(vec![5, 4, 1]));
    assert_eq!(reads(Op::Reraise { set_lasti: true }, 2), Ok(vec![2]));
    assert_eq!(reads(Op::PrepareCall { argc: 1 }, 3), Ok(vec![]));
    assert!(reads(Op::ListAppend { depth: 2 }, 1).is_err());
    assert!(reads(Op::Subscript, 1).is_err());
    assert!(reads(Op::ListAppend { depth: 0 }, 0).is_err());
}

/// The checker notices flows, edges and lists that were tampered with.
#[test]
fn checker_catches_tampering() {
    let branch = Instr {
        control: Control::Branch { target: 12, when: Condition::IfTrueKeep },
        stack: StackEffect::new(1, 0).with_jump(1, 1),
        ..at(1, Op::Branch, 1, 0)
    };
    let clean = run(vec![load(0), branch, load(2), store(3, 0), ret(4)], vec![]);
    let kinds = |r: &Run| r.check().violations.iter().map(|v| v.kind).collect::<Vec<_>>();

    let mut r = run(clean.decoded.instrs.clone(), vec![]);
    let b = r.output(2, 0);
    r.flow.flows.retain(|&(from, _)| from != b);
    assert_eq!(kinds(&r), [ViolationKind::UnusedMismatch]);

    let mut r = run(clean.decoded.instrs.clone(), vec![]);
    let store_input = r.input(3, 0);
    r.flow.flows.retain(|&(_, to)| to != store_input);
    assert!(kinds(&r).contains(&ViolationKind::NoProducer));

    let mut r = run(clean.decoded.instrs.clone(), vec![]);
    let (store_input, branch_input) = (r.input(3, 0), r.input(1, 0));
    r.flow.flows.push((store_input, branch_input));
    assert!(kinds(&r).contains(&ViolationKind::BadFlow));

    let mut r = run(clean.decoded.instrs.clone(), vec![]);
    r.cfg.edges[0].2 = EdgeKind::Jump;
    r.cfg.edges.sort();
    assert_eq!(kinds(&r), [ViolationKind::BadEdge]);

    let mut r = run(clean.decoded.instrs.clone(), vec![]);
    r.cfg.edges.push((0, 9, EdgeKind::Jump));
    r.cfg.edges.sort();
    assert_eq!(kinds(&r), [ViolationKind::BadId]);

    let mut r = run(clean.decoded.instrs.clone(), vec![]);
    r.flow.vars.count += 1;
    assert_eq!(kinds(&r), [ViolationKind::BadId]);
}

/// `a or b or c or …` with many terms (3.10): every term jumps to one join,
/// which must not build every intermediate set on the way there.
#[test]
fn wide_join_stays_fast() {
    let terms = 20_000u32;
    let end = 2 * terms + 1;
    let mut instrs = Vec::new();
    for t in 0..terms {
        instrs.push(load(2 * t));
        instrs.push(Instr {
            control: Control::Branch { target: 4 * end, when: Condition::IfTrueKeep },
            stack: StackEffect::new(1, 0).with_jump(1, 1),
            ..at(2 * t + 1, Op::Branch, 1, 0)
        });
    }
    instrs.push(load(2 * terms));
    instrs.push(Instr { control: Control::Return, ..at(end, Op::Return, 1, 0) });
    let start = std::time::Instant::now();
    let r = run(instrs, vec![]);
    let elapsed = start.elapsed();
    assert_eq!(r.producers(r.input(end as usize, 0)).len(), terms as usize + 1);
    assert!(r.check().is_clean());
    assert!(elapsed.as_secs_f64() < 2.0, "{elapsed:?}");
}

/// A deep stack carried through many blocks would cost depth × blocks: refused
/// with a clear error instead.
#[test]
fn deep_stack_through_many_blocks_is_refused() {
    let (depth, branches) = (8_000u32, 5_000u32);
    let mut instrs: Vec<Instr> = (0..depth).map(load).collect();
    for b in 0..branches {
        let index = depth + b;
        let jump = Instr { control: Control::Jump { target: 4 * (index + 1) }, ..at(index, Op::Jump, 0, 0) };
        instrs.push(jump);
    }
    instrs.push(Instr { control: Control::Return, ..at(depth + branches, Op::Return, 1, 0) });
    let decoded = DecodedCode { instrs, regions: vec![] };
    let code = CodeObject { stacksize: depth, ..code() };
    let depths = stack_depths(&code, &decoded).unwrap();
    let err = code_flow(&code, &decoded, &depths).unwrap_err();
    assert!(err.contains("slot operations"), "{err}");
}

/// The values under a region's depth may change inside it: the handler sees
/// every version.
#[test]
fn handler_sees_every_value_under_its_depth() {
    let region = ExceptionRegion { start: 4, end: 16, handler: 20, depth: 1, lasti: false, pushed: 1 };
    let returns = |index| Instr { control: Control::Return, ..at(index, Op::Return, 1, 0) };
    let r = run(
        vec![
            load(0),
            at(1, Op::Unary { op: UnaryOp::Negative }, 1, 1),
            load(2),
            at(3, Op::PopTop, 1, 0),
            returns(4),
            at(5, Op::PopTop, 1, 0),
            returns(6),
        ],
        vec![region],
    );
    assert_eq!(r.producers(r.input(6, 0)), [r.output(0, 0), r.output(1, 0)]);
    assert!(r.check().is_clean());
}
