//! The rules' input relations, from the facts, the CFG and the solution. Joins of facts
//! with the solution's points-to sets happen here, once (the bases and containers a
//! store or load may touch); the order of loads and stores inside a block, which
//! Datalog cannot see, is read here too.

use std::collections::{HashMap, HashSet};

use cpyg_control::{BlockKind, Control, EdgeKind};
use cpyg_facts::lower::Facts;
use cpyg_facts::schema::{CodeKind, Operation, ParamKind, RelationId};
use cpyg_rules::knowledge::CONTAINER_METHODS;
use cpyg_rules::context::CallString as Ctx;
use cpyg_rules::objects::{ContainerEffect, Obj};
use cpyg_rules::Solution;

use crate::program::Dependences;
use crate::{Coverage, Gap, Node, Options};

pub(crate) struct Input {
    pub program: Dependences,
    /// The code object of each instruction, by id.
    insn_code: Vec<u32>,
    /// The code objects the graph is of, by id.
    covered: Vec<bool>,
    /// Whether the solution's contexts were kept (the graph's contexts are all the root otherwise).
    pub keeps_contexts: bool,
}

impl Input {
    /// Whether a node belongs to a code object the graph is of.
    pub fn covers(&self, node: &Node) -> bool {
        let code = match *node {
            Node::Insn(insn) => self.insn_code.get(insn as usize).copied(),
            Node::Param { code, .. } => Some(code),
        };
        code.and_then(|c| self.covered.get(c as usize).copied()).unwrap_or(false)
    }

    /// The covered instructions whose dependences stop at something unresolved: calls the
    /// solution leaves typed or top, and attribute and element accesses whose base holds an
    /// outside object (typed) or nothing known (top).
    pub fn coverage(&self, facts: &Facts, solution: &Solution) -> Vec<(u32, Coverage, Gap)> {
        let mut gaps: Vec<(u32, Coverage, Gap)> = solution
            .coverage
            .iter()
            .filter(|&&(site, level)| level != Coverage::ConcreteOnly && self.covers(&Node::Insn(site)))
            .map(|&(site, level)| (site, level, Gap::Call))
            .collect();
        let accesses = [
            (RelationId::LoadAttr, 1),
            (RelationId::StoreAttr, 1),
            (RelationId::Subscript, 1),
            (RelationId::StoreSubscript, 1),
            (RelationId::Unpack, 1),
        ];
        for (id, base) in accesses {
            for r in facts.rows(id) {
                if !self.covers(&Node::Insn(r[0])) {
                    continue;
                }
                let objects = solution.points_to(r[base]);
                if objects.is_empty() {
                    gaps.push((r[0], Coverage::ConservativeTop, Gap::Base));
                } else if objects.iter().any(|&(_, o)| matches!(o, Obj::External(_))) {
                    gaps.push((r[0], Coverage::TypedUnresolved, Gap::Base));
                }
            }
        }
        gaps.sort_unstable();
        gaps.dedup();
        gaps
    }

    pub fn read(facts: &Facts, solution: &Solution, control: &Control, options: Options) -> Result<Input, String> {
        let mut p = Dependences::default();
        let rows = |id: RelationId| facts.rows(id);

        let mut insn_code = Vec::new();
        let mut insn_op = Vec::new();
        for r in rows(RelationId::Insn) {
            let at = r[0] as usize;
            if at >= insn_code.len() {
                insn_code.resize(at + 1, u32::MAX);
                insn_op.resize(at + 1, u32::MAX);
            }
            insn_code[at] = r[1];
            insn_op[at] = r[3];
        }
        let code_of = |insn: u32| -> Result<u32, String> {
            insn_code
                .get(insn as usize)
                .copied()
                .filter(|&c| c != u32::MAX)
                .ok_or(format!("instruction {insn} has no Insn row"))
        };
        // (module, kind) of each code object; the class each class body builds.
        let mut codes: HashMap<u32, (u32, CodeKind)> = HashMap::new();
        for r in rows(RelationId::Code) {
            let kind = CodeKind::ALL
                .get(r[4] as usize)
                .copied()
                .ok_or(format!("code object {}: unknown kind {}", r[0], r[4]))?;
            codes.insert(r[0], (r[1], kind));
        }
        let code_count = codes.keys().max().map_or(0, |&c| c as usize + 1);
        let mut covered = vec![false; code_count];
        for b in &control.blocks {
            if let Some(c) = covered.get_mut(b.code as usize) {
                *c = true;
            }
        }
        let module_of = |code: u32| codes.get(&code).map(|c| c.0).ok_or(format!("code object {code} has no Code row"));
        let kind_of = |code: u32| codes.get(&code).map(|c| c.1).ok_or(format!("code object {code} has no Code row"));
        let class_of_body: HashMap<u32, u32> = rows(RelationId::ClassBody).map(|r| (r[1], r[0])).collect();

        // Contexts: each code object's activations (the root alone when the solution keeps
        // no contexts, or no context reaches the code), and what a variable holds in each,
        // `(ctx, heap context, object)`.
        let root = Ctx::default();
        let kept = solution.contexts.as_ref();
        let mut activations: HashMap<u32, Vec<Ctx>> = HashMap::new();
        for &(ctx, code) in kept.map(|c| c.active.as_slice()).unwrap_or_default() {
            activations.entry(code).or_default().push(ctx);
        }
        let roots = [root];
        let contexts_of = |code: u32| activations.get(&code).map_or(&roots[..], |list| list.as_slice());
        let at = |ctx: Ctx| if kept.is_some() { ctx } else { root };
        let pts = |var: u32| -> Vec<(Ctx, Ctx, Obj)> {
            match kept {
                Some(contexts) => contexts.points_to(solution, var).iter().map(|r| (r.1, r.2, r.3)).collect(),
                None => solution.points_to(var).iter().map(|&(_, o)| (root, root, o)).collect(),
            }
        };
        for (code, _) in covered.iter().enumerate().filter(|c| *c.1) {
            p.activation.extend(contexts_of(code as u32).iter().map(|&ctx| (ctx, code as u32)));
        }

        // Operand stack.
        p.stack_flow = rows(RelationId::StackFlow).map(|r| (r[0], r[1])).collect();
        p.produced_by = rows(RelationId::OutVar).map(|r| (r[0], r[1])).collect();
        // The instruction that pushed each variable.
        let producer: HashMap<u32, u32> = p.produced_by.iter().copied().collect();
        p.read_by = rows(RelationId::InVar).chain(rows(RelationId::PeekVar)).map(|r| (r[0], r[1])).collect();
        p.same_value = rows(RelationId::SameValue).map(|r| (r[0], r[1], r[2])).collect();
        // (relation, the columns holding operands used to find a value), each row `insn, ...`.
        const BASES: &[(RelationId, &[usize])] = &[
            (RelationId::LoadAttr, &[1]),
            (RelationId::StoreAttr, &[1]),
            (RelationId::DeleteAttr, &[1]),
            (RelationId::Subscript, &[1, 2]),
            (RelationId::StoreSubscript, &[1, 2]),
            (RelationId::DeleteSubscript, &[1, 2]),
            (RelationId::SliceSubscript, &[1, 2, 3]),
            (RelationId::StoreSliceSubscript, &[1, 2, 3]),
        ];
        p.base_operand = BASES
            .iter()
            .flat_map(|&(relation, columns)| rows(relation).flat_map(move |r| columns.iter().map(move |&c| (r[c], r[0]))))
            .collect();
        // A call reads its arguments as values and everything else to find the callee: the
        // callable, the NULL or self slot beside it when no receiver is passed, keyword names.
        let calls: HashSet<u32> = rows(RelationId::Call).map(|r| r[0]).collect();
        let arguments: HashSet<(u32, u32)> = rows(RelationId::CallReceiver)
            .chain(rows(RelationId::CallStarArgs))
            .chain(rows(RelationId::CallStarKwargs))
            .map(|r| (r[1], r[0]))
            .chain(rows(RelationId::CallArg).chain(rows(RelationId::CallKeyword)).map(|r| (r[2], r[0])))
            .collect();
        p.base_operand.extend(
            p.read_by.iter().filter(|&&(var, insn)| calls.contains(&insn) && !arguments.contains(&(var, insn))).copied(),
        );
        let method_self: HashMap<u32, u32> = rows(RelationId::MethodSelf).map(|r| (r[0], r[1])).collect();
        p.passes_on = rows(RelationId::LoadAttr)
            .map(|r| (r[0], r[1]))
            .chain(rows(RelationId::SuperAttr).map(|r| (r[0], r[3])))
            .filter_map(|(insn, object)| method_self.get(&insn).map(|&out| (out, object)))
            .collect();
        let op_is = |insn: u32, op: Operation| insn_op.get(insn as usize) == Some(&(op as u32));
        p.special_method =
            rows(RelationId::OutVar).filter(|r| r[2] == 0 && op_is(r[1], Operation::LoadSpecial)).map(|r| (r[0],)).collect();
        p.rowless_call = (0..insn_op.len() as u32)
            .filter(|&insn| op_is(insn, Operation::Call) && !calls.contains(&insn))
            .map(|insn| (insn,))
            .collect();
        let producers: HashMap<u32, Vec<u32>> = {
            let mut by_read: HashMap<u32, Vec<u32>> = HashMap::new();
            for r in rows(RelationId::StackFlow) {
                by_read.entry(r[1]).or_default().push(r[0]);
            }
            by_read
        };

        // Local slots: reaching definitions over each covered code object's blocks.
        let cells: HashSet<(u32, u32)> = rows(RelationId::CellSlot).map(|r| (r[0], r[1])).collect();
        let mut params: HashMap<u32, Vec<(u32, u32, u32, ParamKind)>> = HashMap::new();
        for r in rows(RelationId::Param) {
            let kind = ParamKind::ALL
                .get(r[4] as usize)
                .copied()
                .ok_or(format!("code object {}: unknown parameter kind", r[0]))?;
            params.entry(r[0]).or_default().push((r[1], r[2], r[3], kind));
        }
        let mut events: HashMap<u32, Vec<Event>> = HashMap::new();
        for r in rows(RelationId::LoadLocal) {
            events.entry(r[0]).or_default().push(Event::Load(r[2]));
        }
        for r in rows(RelationId::StoreLocal) {
            events.entry(r[0]).or_default().push(Event::Store(r[2]));
        }
        for r in rows(RelationId::DeleteLocal) {
            events.entry(r[0]).or_default().push(Event::Delete(r[2]));
        }
        for b in &control.blocks {
            let Some((first, last)) = b.insns else { continue };
            if b.kind == BlockKind::Entry {
                for &(index, slot, _, _) in params.get(&b.code).into_iter().flatten() {
                    if !cells.contains(&(b.code, slot)) {
                        p.entry_def.push((b.id, slot, Node::Param { code: b.code, index }));
                    }
                }
            }
            let mut last_def: HashMap<u32, Option<Node>> = HashMap::new();
            for insn in first..=last {
                let Some(list) = events.get(&insn) else { continue };
                let stores_first = insn_op.get(insn as usize) == Some(&(Operation::StoreThenLoadLocal as u32));
                let mut ordered: Vec<Event> = list.clone();
                ordered.sort_by_key(|e| match e {
                    Event::Load(_) => u8::from(stores_first),
                    Event::Store(_) | Event::Delete(_) => u8::from(!stores_first),
                });
                for event in ordered {
                    match event {
                        Event::Load(slot) => match last_def.get(&slot) {
                            Some(Some(def)) => p.block_local.push((*def, insn)),
                            Some(None) => {}
                            None => p.upward_load.push((b.id, slot, insn)),
                        },
                        Event::Store(slot) => {
                            p.block_def.push((b.id, slot, Node::Insn(insn)));
                            last_def.insert(slot, Some(Node::Insn(insn)));
                        }
                        Event::Delete(slot) => {
                            last_def.insert(slot, None);
                        }
                    }
                }
            }
            for (slot, def) in last_def {
                p.block_kill.push((b.id, slot));
                if let Some(def) = def {
                    p.block_gen.push((b.id, slot, def));
                }
            }
        }
        for e in &control.edges {
            match e.kind {
                EdgeKind::Exception => p.exception_edge.push((e.from, e.to)),
                EdgeKind::Synthetic => {}
                _ => p.cfg_edge.push((e.from, e.to)),
            }
        }

        // Names: module globals, class-body namespaces, cells.
        for r in rows(RelationId::StoreGlobal) {
            let code = code_of(r[0])?;
            let module = module_of(code)?;
            p.global_store.extend(contexts_of(code).iter().map(|&c| (module, r[1], c, Node::Insn(r[0]))));
        }
        for r in rows(RelationId::LoadGlobal) {
            let code = code_of(r[0])?;
            let module = module_of(code)?;
            p.global_load.extend(contexts_of(code).iter().map(|&c| (module, r[1], c, r[0])));
        }
        for r in rows(RelationId::StoreName) {
            let code = code_of(r[0])?;
            match class_of_body.get(&code) {
                Some(&class) => {
                    p.name_store.push((code, r[1], Node::Insn(r[0])));
                    let class = (root, Obj::Class(class));
                    let name = field(options, r[1]);
                    p.field_store.extend(contexts_of(code).iter().map(|&c| (class, name, c, Node::Insn(r[0]))));
                }
                None => {
                    let module = module_of(code)?;
                    p.global_store.extend(contexts_of(code).iter().map(|&c| (module, r[1], c, Node::Insn(r[0]))));
                }
            }
        }
        let name_loads = rows(RelationId::LoadName)
            .map(|r| (r[0], r[1]))
            .chain(rows(RelationId::LoadNameFromMapping).map(|r| (r[0], r[2])));
        for (insn, name) in name_loads {
            let code = code_of(insn)?;
            if kind_of(code)? == CodeKind::ClassBody {
                p.name_load.push((code, name, insn));
            }
            let module = module_of(code)?;
            p.global_load.extend(contexts_of(code).iter().map(|&c| (module, name, c, insn)));
        }
        // `(ctx, cell)` of each slot: the cell (in its heap context) the slot holds in an activation.
        let mut slot_cells: HashMap<(u32, u32), Vec<(Ctx, (Ctx, Obj))>> = HashMap::new();
        match kept {
            Some(contexts) => {
                for &(ctx, code, slot, h, cell) in &contexts.slot_cell {
                    slot_cells.entry((code, slot)).or_default().push((ctx, (h, cell)));
                }
            }
            None => {
                for &(code, slot, cell) in &solution.slot_cell {
                    slot_cells.entry((code, slot)).or_default().push((root, (root, cell)));
                }
            }
        }
        let cells_of = |code: u32, slot: u32| slot_cells.get(&(code, slot)).into_iter().flatten().copied();
        for r in rows(RelationId::StoreCell) {
            p.cell_store.extend(cells_of(r[1], r[2]).map(|(c, cell)| (cell, c, Node::Insn(r[0]))));
        }
        for r in rows(RelationId::LoadCell) {
            p.cell_load.extend(cells_of(r[1], r[2]).map(|(c, cell)| (cell, c, r[0])));
        }
        // A captured parameter: its own slot is the cell (3.11+), or a cell slot of the same
        // name that the frame fills from it as it starts (3.8–3.10).
        let cell_named: HashMap<(u32, u32), u32> = rows(RelationId::LocalSlot)
            .filter(|r| cells.contains(&(r[0], r[1])))
            .map(|r| ((r[0], r[2]), r[1]))
            .collect();
        for (&code, list) in &params {
            for &(index, slot, name, _) in list {
                let cell =
                    if cells.contains(&(code, slot)) { Some(slot) } else { cell_named.get(&(code, name)).copied() };
                if let Some(cell) = cell {
                    p.cell_store.extend(cells_of(code, cell).map(|(c, cell)| (cell, c, Node::Param { code, index })));
                }
            }
        }

        // Attributes: of modules (globals), of other objects (fields); an instance's loads
        // also read its class's attributes.
        for r in rows(RelationId::StoreAttr) {
            for (c, h, o) in pts(r[1]) {
                match o {
                    Obj::Module(m) => p.global_store.push((m, r[2], c, Node::Insn(r[0]))),
                    _ => p.field_store.push(((h, o), field(options, r[2]), c, Node::Insn(r[0]))),
                }
            }
        }
        for r in rows(RelationId::LoadAttr) {
            for (c, h, o) in pts(r[1]) {
                match o {
                    Obj::Module(m) => p.global_load.push((m, r[2], c, r[0])),
                    Obj::Instance(_, class) => {
                        p.field_load.push(((h, o), field(options, r[2]), c, r[0]));
                        p.field_load.push(((root, Obj::Class(class)), field(options, r[2]), c, r[0]));
                    }
                    _ => p.field_load.push(((h, o), field(options, r[2]), c, r[0])),
                }
            }
        }
        for r in rows(RelationId::ImportFrom) {
            for (c, _, o) in pts(r[1]) {
                if let Obj::Module(m) = o {
                    p.global_load.push((m, r[2], c, r[0]));
                }
            }
        }

        // Containers: stores and element loads on what the base may be.
        let mut built: HashSet<u32> = rows(RelationId::ContainerItem).map(|r| r[0]).collect();
        built.extend(rows(RelationId::DictEntry).map(|r| r[0]));
        built.extend(rows(RelationId::DictConstKeyEntry).map(|r| r[0]));
        for r in rows(RelationId::BuildContainer) {
            if built.contains(&r[0]) {
                p.element_store.extend(pts(r[2]).into_iter().map(|(c, h, o)| ((h, o), c, Node::Insn(r[0]))));
            }
        }
        let stores = [
            (RelationId::StoreSubscript, 1),
            (RelationId::StoreSliceSubscript, 1),
            (RelationId::ContainerAdd, 2),
            (RelationId::DictAdd, 1),
            (RelationId::ContainerExtend, 2),
            (RelationId::DictMerge, 1),
        ];
        for (id, base) in stores {
            for r in rows(id) {
                p.element_store.extend(pts(r[base]).into_iter().map(|(c, h, o)| ((h, o), c, Node::Insn(r[0]))));
            }
        }
        // A generator object's heap context is the context its code runs in.
        for r in rows(RelationId::Yield) {
            let code = code_of(r[0])?;
            p.element_store.extend(contexts_of(code).iter().map(|&c| ((c, Obj::Generator(code)), c, Node::Insn(r[0]))));
        }
        let iterated: HashMap<u32, u32> = rows(RelationId::GetIter).map(|r| (r[2], r[1])).collect();
        for r in rows(RelationId::Next) {
            let mut bases = vec![r[1]];
            for f in producers.get(&r[1]).into_iter().flatten() {
                bases.extend(iterated.get(f).copied());
            }
            for base in bases {
                p.element_load.extend(pts(base).into_iter().map(|(c, h, o)| ((h, o), c, r[0])));
            }
        }
        for (id, base) in [(RelationId::Subscript, 1), (RelationId::SliceSubscript, 1), (RelationId::Unpack, 1)] {
            for r in rows(id) {
                p.element_load.extend(pts(r[base]).into_iter().map(|(c, h, o)| ((h, o), c, r[0])));
            }
        }
        let effects: HashMap<u32, Vec<ContainerEffect>> = {
            let mut by_sym: HashMap<u32, Vec<ContainerEffect>> = HashMap::new();
            for &(name, effect) in CONTAINER_METHODS {
                if let Some(sym) = solution.symbols.id(name) {
                    by_sym.entry(sym).or_default().push(effect);
                }
            }
            by_sym
        };

        // Calls.
        let method_self: HashSet<u32> = rows(RelationId::MethodSelf).map(|r| r[1]).collect();
        let from_method_self = |v: u32| producers.get(&v).into_iter().flatten().any(|f| method_self.contains(f));
        let mut receiver: HashMap<u32, u32> = rows(RelationId::CallReceiver).map(|r| (r[0], r[1])).collect();
        for r in rows(RelationId::Call) {
            let (site, callee) = (r[0], r[1]);
            for (ctx, h, o) in pts(callee) {
                if let Obj::ContainerMethod(c, name) = o {
                    let container = (h, Obj::Container(c));
                    for effect in effects.get(&name).into_iter().flatten() {
                        match effect {
                            ContainerEffect::AddsArguments | ContainerEffect::AddsElementsOfArguments => {
                                p.element_store.push((container, ctx, Node::Insn(site)))
                            }
                            ContainerEffect::ReturnsElement
                            | ContainerEffect::ReturnsValue
                            | ContainerEffect::ReturnsElements
                            | ContainerEffect::ReturnsValues
                            | ContainerEffect::ReturnsPairs => p.element_load.push((container, ctx, site)),
                            ContainerEffect::ReturnsArguments => {}
                        }
                    }
                }
            }
            match receiver.get(&site) {
                Some(&r) if !from_method_self(r) => {
                    // A receiver pushed as an ordinary first argument.
                    p.positional_arg.push((site, 0, r));
                    receiver.remove(&site);
                }
                Some(_) => {}
                None => {
                    receiver.insert(site, callee);
                }
            }
        }
        let shifted: HashSet<u32> = p.positional_arg.iter().map(|&(site, _, _)| site).collect();
        for r in rows(RelationId::CallArg) {
            p.positional_arg.push((r[0], r[1] + u32::from(shifted.contains(&r[0])), r[2]));
        }
        p.receiver_arg = receiver.into_iter().collect();
        // `generator.send(value)`: the value is what the paused `yield` evaluates to.
        if let Some(send) = solution.symbols.id("send").filter(|_| options.interprocedural) {
            // `(ctx, generator ctx, code)` of each `.send` load.
            let mut sends: HashMap<u32, Vec<(Ctx, Ctx, u32)>> = HashMap::new();
            for r in rows(RelationId::LoadAttr).filter(|r| r[2] == send) {
                for (c, h, o) in pts(r[1]) {
                    if let Obj::Generator(code) = o {
                        sends.entry(r[0]).or_default().push((c, h, code));
                    }
                }
            }
            for r in rows(RelationId::Call) {
                let loads = producers.get(&r[1]).into_iter().flatten().filter_map(|f| producer.get(f));
                for &(c, h, code) in loads.filter_map(|load| sends.get(load)).flatten() {
                    p.sent_to.push((c, r[0], h, code));
                }
            }
        }
        for r in rows(RelationId::Yield) {
            p.yield_point.push((code_of(r[0])?, r[0]));
        }
        p.exit_call = rows(RelationId::ExitContext).map(|r| (r[0], r[1], r[2])).collect();
        p.keyword_arg = rows(RelationId::CallKeyword).map(|r| (r[0], r[1], r[2])).collect();
        p.star_args = rows(RelationId::CallStarArgs).map(|r| (r[0], r[1])).collect();
        p.star_kwargs = rows(RelationId::CallStarKwargs).map(|r| (r[0], r[1])).collect();
        for (&code, list) in &params {
            for &(index, _, name, kind) in list {
                match kind {
                    ParamKind::PositionalOnly => p.positional_param.push((code, index)),
                    ParamKind::PositionalOrKeyword => {
                        p.positional_param.push((code, index));
                        p.keyword_param.push((code, name, index));
                    }
                    ParamKind::KeywordOnly => p.keyword_param.push((code, name, index)),
                    ParamKind::VarPositional => p.var_positional.push((code, index)),
                    ParamKind::VarKeyword => p.var_keyword.push((code, index)),
                }
            }
        }
        // 3.14+ keys `with`'s `EnterContext` by its `LOAD_SPECIAL`, but the `CALL` after it
        // pushes what `__enter__` returns: the value goes there, not to the method lookup.
        let entered_elsewhere: HashSet<u32> =
            rows(RelationId::EnterContext).filter(|r| producer.get(&r[3]).is_some_and(|&p| p != r[0])).map(|r| r[0]).collect();
        for b in &solution.call_binding {
            let (ctx, callee_ctx) = (at(b.ctx), at(b.callee_ctx));
            p.calls.push((ctx, b.site, callee_ctx, b.code));
            if !options.interprocedural {
                continue;
            }
            p.runs.push((ctx, b.site, callee_ctx, b.code));
            if let Some(shift) = b.shift {
                p.binding.push((ctx, b.site, callee_ctx, b.code, shift));
            }
            if b.result && !entered_elsewhere.contains(&b.site) {
                p.result_of.push((ctx, b.site, callee_ctx, b.code));
            }
        }
        for r in rows(RelationId::Return).chain(rows(RelationId::ReturnConst)) {
            p.return_point.push((code_of(r[0])?, r[0]));
        }

        // Exceptions.
        p.insn_code = insn_code.iter().enumerate().filter(|c| *c.1 != u32::MAX).map(|(i, &c)| (i as u32, c)).collect();
        p.raise = rows(RelationId::Raise).map(|r| (r[0],)).collect();
        p.protected_by = rows(RelationId::InsnRegion).map(|r| (r[0], r[1])).collect();
        p.handler_var = rows(RelationId::HandlerVar).map(|r| (r[1], r[0])).collect();
        p.reraise = rows(RelationId::ReraiseValue).map(|r| (r[0], r[1])).collect();
        p.stores_var = rows(RelationId::StoreLocal)
            .map(|r| (r[0], r[3]))
            .chain(rows(RelationId::StoreCell).map(|r| (r[0], r[3])))
            .chain(rows(RelationId::StoreName).map(|r| (r[0], r[2])))
            .chain(rows(RelationId::StoreGlobal).map(|r| (r[0], r[2])))
            .collect();

        Ok(Input { program: p, insn_code, covered, keeps_contexts: kept.is_some() })
    }
}

/// A load or store of a local slot, in an instruction.
#[derive(Clone, Copy, Debug)]
enum Event {
    Load(u32),
    Store(u32),
    Delete(u32),
}

/// The field an attribute name is stored in: itself, or one field for all under the
/// field-name ablation.
fn field(options: Options, name: u32) -> u32 {
    if options.field_names {
        name
    } else {
        0
    }
}
