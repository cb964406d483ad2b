//! Stack flow, blocks and the consistency check on the committed fixtures of
//! every release (running example and feature programs), without Python.

#[path = "support/mod.rs"]
mod support;

use cpyg_adapters::sem::{Condition, Control, Op, SpecialMethod};
use cpyg_facts::cfg::{branch_edge_kinds, is_suspension, EdgeKind};
use cpyg_facts::check::check_code;
use cpyg_facts::flow::UnusedReason;
use support::*;

#[test]
fn every_release_is_checked() {
    assert_eq!(decodable_minors(), (8..=15).collect::<Vec<u8>>());
}

#[test]
fn every_fixture_checks_clean() {
    for minor in decodable_minors() {
        let mut codes = 0;
        for (path, module) in fixture_modules(minor) {
            for code in module.preorder() {
                let a = analyse(minor, code);
                let name = format!("3.{minor} {path}:{}", code.display_name());
                let report = check_code(&name, &a.decoded, &a.depths, &a.flow, &a.cfg);
                assert!(report.is_clean(), "{report}");
                codes += 1;
            }
        }
        assert!(codes > 50, "3.{minor}: only {codes} code objects");
    }
}

/// `run`: `with Guard() as value:` then a call on either branch.
#[test]
fn running_example_with_block() {
    for minor in decodable_minors() {
        let module = module(minor, "running_example/main.pyc");
        let run = analyse(minor, find(&module, "run"));
        let value = run.slot_named("value");

        // The value bound by `as value` is what `__enter__` returned.
        let stores = run.find_insns(|op| *op == Op::StoreLocal { slot: value });
        assert_eq!(stores.len(), 1, "3.{minor}");
        let entered = run.producers(run.input(stores[0], 0));
        assert_eq!(entered.len(), 1, "3.{minor}: one producer for `value`");
        let enter_insn = run.producing_insn(entered[0]).unwrap();
        match &run.instr(enter_insn).op {
            Op::EnterContext { is_async: false } => assert_eq!(entered[0], run.output(enter_insn, 1), "3.{minor}"),
            // 3.14: `__enter__` is loaded with LOAD_SPECIAL and called.
            Op::Call { .. } => {
                let callee = run.producing_insns_of_input(enter_insn, 0);
                let loads = callee.iter().map(|&i| &run.instr(i).op).collect::<Vec<_>>();
                assert_eq!(loads, [&Op::LoadSpecial { method: SpecialMethod::Enter }], "3.{minor}");
            }
            other => panic!("3.{minor}: `value` comes from {other:?}"),
        }

        // The exit callable saved by the context entry reaches the cleanup call on
        // the normal path and `WITH_EXCEPT_START` in the handler.
        let exit = match run.find_insns(|op| matches!(op, Op::EnterContext { .. })).as_slice() {
            [entry] => run.output(*entry, 0),
            _ => {
                let special = run.find_insns(|op| *op == Op::LoadSpecial { method: SpecialMethod::Exit });
                run.output(special[0], 0)
            }
        };
        let readers: Vec<u32> = run.consumers(exit).iter().map(|&v| run.consuming_insn(v).unwrap()).collect();
        if minor == 8 {
            // One `WITH_CLEANUP_START` calls it on both paths: the normal one falls into it
            // from `BEGIN_FINALLY`, the exceptional one arrives as the handler.
            let [start] = readers.as_slice() else { panic!("3.8: the exit callable reaches {readers:?}") };
            assert_eq!(run.instr(*start).op, Op::WithExceptStart);
            let block = run.cfg.insn_block[*start as usize];
            let mut into: Vec<EdgeKind> = run.cfg.edges.iter().filter(|e| e.1 == block).map(|e| e.2).collect();
            into.sort_unstable();
            into.dedup();
            let mut both = vec![EdgeKind::Exception, EdgeKind::Fallthrough];
            both.sort_unstable();
            assert_eq!(into, both, "3.8");
            continue;
        }
        let calls = readers.iter().filter(|&&i| matches!(run.instr(i).op, Op::Call { .. })).count();
        let handlers = readers.iter().filter(|&&i| run.instr(i).op == Op::WithExceptStart).count();
        assert!(calls >= 1, "3.{minor}: the exit callable reaches no normal-path call");
        assert_eq!(handlers, 1, "3.{minor}: the exit callable must reach WITH_EXCEPT_START");
        let with_except = readers.iter().copied().find(|&i| run.instr(i).op == Op::WithExceptStart).unwrap();
        let depth = run.instr(with_except).stack.peek;
        assert_eq!(run.producers(run.peek(with_except, depth)), [exit], "3.{minor}");
        // Only exception edges lead to that handler.
        let handler_block = run.cfg.insn_block[with_except as usize];
        let into: Vec<EdgeKind> = run.cfg.edges.iter().filter(|e| e.1 == handler_block).map(|e| e.2).collect();
        assert!(!into.is_empty() && into.iter().all(|&k| k == EdgeKind::Exception), "3.{minor}: {into:?}");
    }
}

/// `primary`/`fallback` hold the closures `bind` made; each call site reads the
/// local it loads, and the branch on `flag` splits into true and false edges.
#[test]
fn running_example_branch_on_flag() {
    for minor in decodable_minors() {
        let module = module(minor, "running_example/main.pyc");
        let run = analyse(minor, find(&module, "run"));
        let flag = run.slot_named("flag");
        let load = run.find_insns(|op| matches!(op, Op::LoadLocal { slot, .. } if *slot == flag))[0];
        let readers = |insn: u32| {
            run.consumers(run.output(insn, 0)).iter().map(|&v| run.consuming_insn(v).unwrap()).collect::<Vec<_>>()
        };
        let mut branch = readers(load);
        // 3.13+ converts to bool first.
        if run.instr(branch[0]).op == Op::ToBool {
            branch = readers(branch[0]);
        }
        assert_eq!(branch.len(), 1, "3.{minor}");
        let Control::Branch { target, when } = run.instr(branch[0]).control else {
            panic!("3.{minor}: no branch on flag")
        };
        assert_eq!(when, Condition::IfFalse, "3.{minor}");
        let from = run.cfg.insn_block[branch[0] as usize];
        let to = run.cfg.insn_block[run.decoded.index_of(target).unwrap()];
        let next = run.cfg.insn_block[branch[0] as usize + 1];
        assert!(run.cfg.edges.contains(&(from, to, EdgeKind::BranchFalse)), "3.{minor}");
        assert!(run.cfg.edges.contains(&(from, next, EdgeKind::BranchTrue)), "3.{minor}");
    }
}

/// `"positive" if n % 2 else "even"`: two producers meet in one store.
#[test]
fn conditional_expression_joins_two_producers() {
    for minor in decodable_minors() {
        let module = module(minor, "features/control_flow.pyc");
        let classify = analyse(minor, find(&module, "classify"));
        let kind = classify.slot_named("kind");
        let joined = classify.find_insns(|op| *op == Op::StoreLocal { slot: kind }).into_iter().find_map(|store| {
            let producers = classify.producing_insns_of_input(store, 0);
            (producers.len() == 2).then_some(producers)
        });
        let producers = joined.unwrap_or_else(|| panic!("3.{minor}: no store of `kind` with two producers"));
        let consts: Vec<String> = producers
            .iter()
            .map(|&i| match classify.instr(i).op {
                Op::LoadConst { index } => classify.code.consts[index as usize].to_string(),
                ref other => format!("{other:?}"),
            })
            .collect();
        assert_eq!(consts, ["'positive'", "'even'"], "3.{minor}");
    }
}

/// Shuffles have no variables, and flow passes through them.
#[test]
fn shuffles_create_no_variables() {
    for minor in decodable_minors() {
        let mut shuffles = 0;
        for (_, module) in fixture_modules(minor) {
            for code in module.preorder() {
                let a = analyse(minor, code);
                for insn in a.find_insns(|op| {
                    matches!(op, Op::Copy { .. } | Op::Swap { .. } | Op::RotateDown { .. } | Op::DupTopTwo)
                }) {
                    let vars = &a.flow.vars;
                    let i = insn as usize;
                    assert!(vars.inputs[i].is_empty() && vars.outputs[i].is_empty() && vars.peeks[i].is_empty());
                    shuffles += 1;
                }
            }
        }
        assert!(shuffles > 10, "3.{minor}: only {shuffles} shuffles in the fixtures");
    }
}

/// The iterator of a `for` loop is read in place by `FOR_ITER`, and a list
/// comprehension's `LIST_APPEND` reads the list `BUILD_LIST` made.
#[test]
fn in_place_reads_reach_their_containers() {
    for minor in decodable_minors() {
        let module = module(minor, "features/comprehensions.pyc");
        let mut for_iters = 0;
        let mut appends = 0;
        for code in module.preorder() {
            let a = analyse(minor, code);
            for insn in a.find_insns(|op| *op == Op::ForIter) {
                // On top, or below its index (3.15).
                let iterators = a.producers(a.peek(insn, a.instr(insn).stack.peek));
                let ops: Vec<&Op> = iterators.iter().map(|&v| &a.instr(a.producing_insn(v).unwrap()).op).collect();
                assert!(ops.iter().all(|op| matches!(op, Op::GetIter | Op::LoadLocal { .. })), "3.{minor}: {ops:?}");
                for_iters += 1;
            }
            for insn in a.find_insns(|op| matches!(op, Op::ListAppend { .. })) {
                let depth = a.instr(insn).stack.peek;
                let lists = a.producers(a.peek(insn, depth));
                let ops: Vec<&Op> = lists.iter().map(|&v| &a.instr(a.producing_insn(v).unwrap()).op).collect();
                assert_eq!(ops, [&Op::BuildList { count: 0 }], "3.{minor}");
                appends += 1;
            }
        }
        assert!(for_iters >= 5 && appends >= 2, "3.{minor}: {for_iters} FOR_ITER, {appends} LIST_APPEND");
    }
}

/// Branch edges follow the predicate's truth; every suspension resumes.
#[test]
fn edges_are_typed() {
    for minor in decodable_minors() {
        let mut suspensions = 0;
        for (_, module) in fixture_modules(minor) {
            for code in module.preorder() {
                let a = analyse(minor, code);
                for (b, range) in a.cfg.blocks.iter().enumerate() {
                    let last = &a.decoded.instrs[range.end - 1];
                    let out: Vec<(u32, EdgeKind)> = a
                        .cfg
                        .edges
                        .iter()
                        .filter(|e| e.0 == b as u32 && e.2 != EdgeKind::Exception)
                        .map(|e| (e.1, e.2))
                        .collect();
                    let next = a.cfg.insn_block.get(range.end).copied();
                    match last.control {
                        Control::Branch { target, when } => {
                            let (jump, fall) = branch_edge_kinds(when);
                            let to = a.cfg.insn_block[a.decoded.index_of(target).unwrap()];
                            assert!(out.contains(&(to, jump)) && out.contains(&(next.unwrap(), fall)), "3.{minor}");
                            assert_eq!(out.len(), 2);
                        }
                        _ if is_suspension(&last.op) => {
                            assert_eq!(out, [(next.unwrap(), EdgeKind::Resume)], "3.{minor}");
                            suspensions += 1;
                        }
                        Control::Return | Control::Raise => assert!(out.is_empty()),
                        Control::Jump { .. } => assert!(out.len() == 1 && out[0].1 == EdgeKind::Jump),
                        _ => match next {
                            Some(next) => assert_eq!(out, [(next, EdgeKind::Fallthrough)], "3.{minor}"),
                            // 3.8 and 3.9 may leave unreachable code at the end.
                            None => assert!(out.is_empty() && a.depths.entry[range.start].is_none(), "3.{minor}"),
                        },
                    }
                }
            }
        }
        assert!(suspensions >= 5, "3.{minor}: {suspensions} suspensions");
    }
}

/// No value disappears unexplained. In 3.10, `except FileNotFoundError as
/// missing: raise AppError(path) from missing` leaves the frame with the saved
/// exception state still on the stack (the block stack restores it): unwound.
#[test]
fn values_dropped_by_a_raise_are_unwound() {
    for minor in decodable_minors() {
        let module = module(minor, "features/exceptions.pyc");
        let mut unwound = 0;
        for code in module.preorder() {
            let a = analyse(minor, code);
            assert!(a.flow.unused.iter().all(|&(_, r)| r.is_legitimate()), "3.{minor}");
            unwound += a.flow.unused.iter().filter(|&&(_, r)| r == UnusedReason::Unwound).count();
        }
        if minor == 10 {
            assert!(unwound > 0, "3.{minor}: nothing unwound in the exception fixture");
        }
    }
}
