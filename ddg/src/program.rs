//! The dependence rules. Every input relation is filled by `input.rs` from the facts,
//! the CFG and the solution; every edge comes from one rule below.

use cpyg_rules::objects::Obj;

use crate::input::Input;
use crate::{Ddg, Kind, Node};

ascent::ascent! {
    pub(crate) struct Dependences;

    // ---- Inputs ------------------------------------------------------------------

    /// `StackFlow(from, to)`: the value produced as `from` may be the one read as `to`.
    relation stack_flow(u32, u32);
    /// Variable `var` is pushed by instruction `insn` (`OutVar`).
    relation produced_by(u32, u32);
    /// Variable `var` is popped or read in place by instruction `insn` (`InVar`, `PeekVar`).
    relation read_by(u32, u32);
    /// `(var, insn)`: `insn` reads `var` to find a value, not as one: the base, key or
    /// bounds of an access, the callee of a call.
    relation base_operand(u32, u32);
    /// `(out, in)`: the value pushed as `out` is the object read as `in` (the self half of a
    /// method-form load: the base, or `super()`'s receiver).
    relation passes_on(u32, u32);

    /// A CFG edge a run takes without an exception (normal, branch, resume).
    relation cfg_edge(u32, u32);
    /// A CFG edge to the handler an exception in the block goes to.
    relation exception_edge(u32, u32);
    /// `(entry block, slot, parameter)`: a parameter's value is in its slot as the frame starts.
    relation entry_def(u32, u32, Node);
    /// `(block, slot, def)`: the last store of the slot in the block.
    relation block_gen(u32, u32, Node);
    /// The block stores or deletes the slot.
    relation block_kill(u32, u32);
    /// `(block, slot, def)`: any store of the slot in the block.
    relation block_def(u32, u32, Node);
    /// `(block, slot, load)`: a load of the slot before any store of it in its block.
    relation upward_load(u32, u32, u32);
    /// `(def, load)`: a store of the slot earlier in the load's block, with none between.
    relation block_local(Node, u32);

    /// `(code, name, def)`: a store of a name in code that runs in a namespace of its own
    /// (a class body).
    relation name_store(u32, u32, Node);
    /// `(code, name, load)`.
    relation name_load(u32, u32, u32);
    /// `(module, name, def)`: a store of a module's global, by name or through the module object.
    relation global_store(u32, u32, Node);
    /// `(module, name, load)`.
    relation global_load(u32, u32, u32);
    /// `(cell, def)`: a store into a closure cell (a parameter's entry value, for a cell parameter).
    relation cell_store(Obj, Node);
    relation cell_load(Obj, u32);
    /// `(object, field, def)`: an attribute store on a base that may be the object. The field
    /// is the attribute's name (one field per object under the field-name ablation).
    relation field_store(Obj, u32, Node);
    relation field_load(Obj, u32, u32);
    /// `(container, def)`: a store of an element into a container the base may be.
    relation element_store(Obj, Node);
    relation element_load(Obj, u32);

    /// `(site, code, shift)`: the call runs `code`, its first positional argument binding
    /// parameter `shift` (1 after a bound receiver).
    relation binding(u32, u32, u32);
    /// `(site, code)`: the call's result is what `code` returns.
    relation result_of(u32, u32);
    relation positional_arg(u32, u32, u32);
    relation keyword_arg(u32, u32, u32);
    /// `(site, var)`: the receiver a bound call passes first.
    relation receiver_arg(u32, u32);
    relation star_args(u32, u32);
    relation star_kwargs(u32, u32);
    /// `(code, index)`: parameter `index` takes a positional argument.
    relation positional_param(u32, u32);
    /// `(code, name, index)`: parameter `index` takes the keyword `name`.
    relation keyword_param(u32, u32, u32);
    relation var_positional(u32, u32);
    relation var_keyword(u32, u32);
    /// `(code, insn)`: a return of the code object (`return x`, `return CONST`).
    relation return_point(u32, u32);
    /// `(site, code)`: the call is `send` of a generator of `code`.
    relation sent_to(u32, u32);
    /// `(code, insn)`: a `yield` of the code object.
    relation yield_point(u32, u32);
    /// `(site, code)`: the call may run `code` (every call edge, whatever the ablations).
    relation calls(u32, u32);

    /// `(insn, code)`.
    relation insn_code(u32, u32);
    /// A raise and the exception variable it raises.
    relation raise(u32);
    /// `(insn, region)`: the instruction is protected by the region's handler.
    relation protected_by(u32, u32);
    relation protected(u32);
    protected(i) <-- protected_by(i, _);
    /// `(region, var)`: the handler starts with `var` on its stack (the exception among them).
    relation handler_var(u32, u32);
    /// `(insn, from, to)`: the instruction passes `from`'s very object on as `to`.
    relation same_value(u32, u32, u32);
    /// `(insn, var)`: the instruction raises again what `var` holds.
    relation reraise(u32, u32);
    /// `(insn, var)`: a store of what `var` holds in a name (a local, a global, a cell).
    relation stores_var(u32, u32);

    // ---- Derived -----------------------------------------------------------------

    /// `to` may use the value `from` defines.
    relation ddg(Node, Node, Kind);

    /// `(var, insn)`: the value read as `var` was produced by `insn`.
    relation source(u32, u32);
    source(v, p) <-- stack_flow(f, v), produced_by(f, p);

    ddg(Node::Insn(*p), Node::Insn(*c), Kind::Stack) <--
        stack_flow(f, t), produced_by(f, p), read_by(t, c), !base_operand(t, c), !passed_on(f);
    ddg(Node::Insn(*p), Node::Insn(*c), Kind::Base) <--
        stack_flow(f, t), produced_by(f, p), read_by(t, c), base_operand(t, c);
    // A method-form load pushes its base again as the receiver: the value comes from the
    // base's producer; the load itself only found the method.
    relation passed_on(u32);
    passed_on(out) <-- passes_on(out, _);
    ddg(Node::Insn(*q), Node::Insn(*c), Kind::Stack) <--
        passes_on(f, i), stack_flow(g, i), produced_by(g, q), stack_flow(f, t), read_by(t, c), !base_operand(t, c);
    ddg(Node::Insn(*p), Node::Insn(*c), Kind::Base) <--
        passes_on(f, _), stack_flow(f, t), produced_by(f, p), read_by(t, c), !base_operand(t, c);

    // Reaching definitions of local slots (per block; `block_local` covers a block's own order).
    // What enters a handler is what entered the raising block, and any store in it.
    relation reach_in(u32, u32, Node);
    relation reach_out(u32, u32, Node);
    reach_in(b, s, d) <-- entry_def(b, s, d);
    reach_in(to, s, d) <-- cfg_edge(from, to), reach_out(from, s, d);
    reach_in(to, s, d) <-- exception_edge(from, to), reach_in(from, s, d);
    reach_in(to, s, d) <-- exception_edge(from, to), block_def(from, s, d);
    reach_out(b, s, d) <-- reach_in(b, s, d), !block_kill(b, s);
    reach_out(b, s, d) <-- block_gen(b, s, d);
    ddg(d, Node::Insn(*l), Kind::Local) <-- upward_load(b, s, l), reach_in(b, s, d);
    ddg(d, Node::Insn(*l), Kind::Local) <-- block_local(d, l);
    ddg(d, Node::Insn(*l), Kind::Local) <-- name_store(code, name, d), name_load(code, name, l);

    ddg(d, Node::Insn(*l), Kind::Global) <-- global_store(m, name, d), global_load(m, name, l);
    ddg(d, Node::Insn(*l), Kind::Cell) <-- cell_store(c, d), cell_load(c, l);
    ddg(d, Node::Insn(*l), Kind::Heap) <-- field_store(o, f, d), field_load(o, f, l);
    ddg(d, Node::Insn(*l), Kind::Collection) <-- element_store(o, d), element_load(o, l);

    // Actuals to formals: by position (the rest into `*args`), by keyword (the rest into
    // `**kwargs`), the bound receiver first; star arguments may fill any parameter they can.
    ddg(Node::Insn(*p), Node::Param { code: *code, index: i + s }, Kind::Argument) <--
        binding(site, code, s), positional_arg(site, i, v), positional_param(code, i + s), source(v, p);
    ddg(Node::Insn(*p), Node::Param { code: *code, index: *k }, Kind::Argument) <--
        binding(site, code, s), positional_arg(site, i, v), !positional_param(code, i + s), var_positional(code, k),
        source(v, p);
    relation takes_keyword(u32, u32);
    takes_keyword(code, name) <-- keyword_param(code, name, _);
    ddg(Node::Insn(*p), Node::Param { code: *code, index: *k }, Kind::Argument) <--
        binding(site, code, _), keyword_arg(site, name, v), keyword_param(code, name, k), source(v, p);
    ddg(Node::Insn(*p), Node::Param { code: *code, index: *k }, Kind::Argument) <--
        binding(site, code, _), keyword_arg(site, name, v), !takes_keyword(code, name), var_keyword(code, k), source(v, p);
    ddg(Node::Insn(*p), Node::Param { code: *code, index: 0 }, Kind::Argument) <--
        binding(site, code, 1), receiver_arg(site, v), source(v, p);
    ddg(Node::Insn(*p), Node::Param { code: *code, index: *k }, Kind::Argument) <--
        binding(site, code, s), star_args(site, v), positional_param(code, k), if k >= s, source(v, p);
    ddg(Node::Insn(*p), Node::Param { code: *code, index: *k }, Kind::Argument) <--
        binding(site, code, _), star_args(site, v), var_positional(code, k), source(v, p);
    ddg(Node::Insn(*p), Node::Param { code: *code, index: *k }, Kind::Argument) <--
        binding(site, code, _), star_kwargs(site, v), keyword_param(code, _, k), source(v, p);
    ddg(Node::Insn(*p), Node::Param { code: *code, index: *k }, Kind::Argument) <--
        binding(site, code, _), star_kwargs(site, v), var_keyword(code, k), source(v, p);

    ddg(Node::Insn(*r), Node::Insn(*site), Kind::Return) <-- result_of(site, code), return_point(code, r);
    // A value sent into a generator is what the `yield` it resumes evaluates to.
    ddg(Node::Insn(*p), Node::Insn(*y), Kind::Argument) <--
        sent_to(site, code), positional_arg(site, 0, v), yield_point(code, y), source(v, p);

    // Exceptions: from each raise to the handlers it may reach, through re-raises and up the
    // call graph. `holds_exception(region, var)`: the handler's stack values, and what
    // passes them on.
    relation holds_exception(u32, u32);
    holds_exception(r, v) <-- handler_var(r, v);
    holds_exception(r, t) <-- holds_exception(r, f), stack_flow(f, t);
    holds_exception(r, t) <-- holds_exception(r, f), same_value(_, f, t);
    /// `(raise, insn)`: the exception of `raise` is raised at `insn` (itself, a re-raise
    /// in a handler it reached, a call whose callee let it escape).
    relation raised_at(u32, u32);
    /// `(raise, region)`: the exception reaches the region's handler.
    relation reaches_handler(u32, u32);
    /// `(raise, code)`: the exception leaves the code object.
    relation escapes(u32, u32);
    raised_at(r, r) <-- raise(r);
    reaches_handler(r, region) <-- raised_at(r, i), protected_by(i, region);
    raised_at(r, again) <-- reaches_handler(r, region), reraise(again, v), holds_exception(region, v);
    escapes(r, code) <-- raised_at(r, i), !protected(i), insn_code(i, code);
    raised_at(r, site) <-- escapes(r, code), calls(site, code);
    ddg(Node::Insn(*r), Node::Insn(*s), Kind::Exception) <--
        reaches_handler(r, region), holds_exception(region, v), stores_var(s, v);
    // The handler's own first reads of what it starts with (`PUSH_EXC_INFO`, a `with`
    // statement's `__exit__` call), so a handler binding no name is reached too.
    ddg(Node::Insn(*r), Node::Insn(*c), Kind::Exception) <--
        reaches_handler(r, region), handler_var(region, v), stack_flow(v, t), read_by(t, c);
}

/// Runs the rules; the edges sorted, and only those whose two ends the input covers.
pub(crate) fn solve(mut input: Input) -> Ddg {
    let mut program = std::mem::take(&mut input.program);
    program.run();
    let mut edges: Vec<(Node, Node, Kind)> =
        program.ddg.into_iter().filter(|(from, to, _)| input.covers(from) && input.covers(to)).collect();
    edges.sort_unstable();
    edges.dedup();
    let mut nodes: Vec<Node> = edges.iter().flat_map(|&(from, to, _)| [from, to]).collect();
    nodes.sort_unstable();
    nodes.dedup();
    Ddg { nodes, edges, coverage: Vec::new() }
}
