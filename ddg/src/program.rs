//! The dependence rules. Every input relation is filled by `input.rs` from the facts,
//! the CFG and the solution; every edge comes from one rule below.
//!
//! Edges inside a frame (`stack`, `base`, `local`) hold in every activation of their
//! function and carry no context (`intra`). Every other edge joins activations (`ddg`):
//! each end carries the calling context of its activation, and heap locations (fields,
//! elements, cells) the heap context of the object, so under a contextual rule set two
//! activations' flows stay apart. Under `insensitive` every context is the root.

use cpyg_rules::context::CallString as Ctx;
use cpyg_rules::objects::Obj;

use crate::input::Input;
use crate::{Contexts, Ddg, Kind, Node};

/// An object in a heap context.
type Loc = (Ctx, Obj);

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
    /// The method a 3.14+ `LOAD_SPECIAL` pushes (beneath its self).
    relation special_method(u32);
    /// A `CALL` with no `Call` row of its own (3.14+ `with`'s `__enter__`: `EnterContext` covers it).
    relation rowless_call(u32);
    // The method `LOAD_SPECIAL` found is what its `CALL` calls, not an argument.
    base_operand(t, c) <-- special_method(f), stack_flow(f, t), read_by(t, c), rowless_call(c);

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
    /// `(ctx, code)`: an activation of the code object.
    relation activation(Ctx, u32);
    /// `(module, name, ctx, def)`: a store of a module's global, by name or through the module
    /// object, in an activation.
    relation global_store(u32, u32, Ctx, Node);
    /// `(module, name, ctx, load)`.
    relation global_load(u32, u32, Ctx, u32);
    /// `(cell, ctx, def)`: a store into a closure cell (a parameter's entry value, for a cell parameter).
    relation cell_store(Loc, Ctx, Node);
    relation cell_load(Loc, Ctx, u32);
    /// `(object, field, ctx, def)`: an attribute store on a base that may be the object. The
    /// field is the attribute's name (one field per object under the field-name ablation).
    relation field_store(Loc, u32, Ctx, Node);
    relation field_load(Loc, u32, Ctx, u32);
    /// `(container, ctx, def)`: a store of an element into a container the base may be.
    relation element_store(Loc, Ctx, Node);
    relation element_load(Loc, Ctx, u32);

    /// `(ctx, site, callee ctx, code, shift)`: the call runs `code`, its first positional
    /// argument binding parameter `shift` (1 after a bound receiver).
    relation binding(Ctx, u32, Ctx, u32, u32);
    /// `(ctx, site, callee ctx, code)`: the call's result is what `code` returns.
    relation result_of(Ctx, u32, Ctx, u32);
    /// `(ctx, site, callee ctx, code)`: the call runs `code` (every call edge; none under
    /// the interprocedural ablation).
    relation runs(Ctx, u32, Ctx, u32);
    /// `(site, exit, exception)`: `with`'s exceptional exit calls the held `__exit__` (`exit`)
    /// with the exception's type, the exception and its traceback (`ExitContext`).
    relation exit_call(u32, u32, u32);
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
    /// `(ctx, site, generator ctx, code)`: the call is `send` of a generator of `code`
    /// running in the generator context.
    relation sent_to(Ctx, u32, Ctx, u32);
    /// `(code, insn)`: a `yield` of the code object.
    relation yield_point(u32, u32);
    /// `(ctx, site, callee ctx, code)`: the call may run `code` (every call edge, whatever
    /// the ablations).
    relation calls(Ctx, u32, Ctx, u32);

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

    /// `to` may use the value `from` defines, in the same activation.
    relation intra(Node, Node, Kind);
    /// `(ctx, from, ctx, to, kind)`: `to` in its activation may use the value `from` defines
    /// in its own.
    relation ddg(Ctx, Node, Ctx, Node, Kind);

    /// `(var, insn)`: the value read as `var` was produced by `insn`.
    relation source(u32, u32);
    source(v, p) <-- stack_flow(f, v), produced_by(f, p);

    intra(Node::Insn(*p), Node::Insn(*c), Kind::Stack) <--
        stack_flow(f, t), produced_by(f, p), read_by(t, c), !base_operand(t, c), !passed_on(f);
    intra(Node::Insn(*p), Node::Insn(*c), Kind::Base) <--
        stack_flow(f, t), produced_by(f, p), read_by(t, c), base_operand(t, c);
    // A method-form load pushes its base again as the receiver: the value comes from the
    // base's producer; the load itself only found the method.
    relation passed_on(u32);
    passed_on(out) <-- passes_on(out, _);
    intra(Node::Insn(*q), Node::Insn(*c), Kind::Stack) <--
        passes_on(f, i), stack_flow(g, i), produced_by(g, q), stack_flow(f, t), read_by(t, c), !base_operand(t, c);
    intra(Node::Insn(*p), Node::Insn(*c), Kind::Base) <--
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
    intra(d, Node::Insn(*l), Kind::Local) <-- upward_load(b, s, l), reach_in(b, s, d);
    intra(d, Node::Insn(*l), Kind::Local) <-- block_local(d, l);
    intra(d, Node::Insn(*l), Kind::Local) <-- name_store(code, name, d), name_load(code, name, l);

    ddg(c, d, lc, Node::Insn(*l), Kind::Global) <-- global_store(m, name, c, d), global_load(m, name, lc, l);
    ddg(c, d, lc, Node::Insn(*l), Kind::Cell) <-- cell_store(o, c, d), cell_load(o, lc, l);
    ddg(c, d, lc, Node::Insn(*l), Kind::Heap) <-- field_store(o, f, c, d), field_load(o, f, lc, l);
    ddg(c, d, lc, Node::Insn(*l), Kind::Collection) <-- element_store(o, c, d), element_load(o, lc, l);

    // Actuals to formals: by position (the rest into `*args`), by keyword (the rest into
    // `**kwargs`), the bound receiver first; star arguments may fill any parameter they can.
    ddg(c, Node::Insn(*p), cc, Node::Param { code: *code, index: i + s }, Kind::Argument) <--
        binding(c, site, cc, code, s), positional_arg(site, i, v), positional_param(code, i + s), source(v, p);
    ddg(c, Node::Insn(*p), cc, Node::Param { code: *code, index: *k }, Kind::Argument) <--
        binding(c, site, cc, code, s), positional_arg(site, i, v), !positional_param(code, i + s), var_positional(code, k),
        source(v, p);
    relation takes_keyword(u32, u32);
    takes_keyword(code, name) <-- keyword_param(code, name, _);
    ddg(c, Node::Insn(*p), cc, Node::Param { code: *code, index: *k }, Kind::Argument) <--
        binding(c, site, cc, code, _), keyword_arg(site, name, v), keyword_param(code, name, k), source(v, p);
    ddg(c, Node::Insn(*p), cc, Node::Param { code: *code, index: *k }, Kind::Argument) <--
        binding(c, site, cc, code, _), keyword_arg(site, name, v), !takes_keyword(code, name), var_keyword(code, k), source(v, p);
    ddg(c, Node::Insn(*p), cc, Node::Param { code: *code, index: 0 }, Kind::Argument) <--
        binding(c, site, cc, code, 1), receiver_arg(site, v), source(v, p);
    ddg(c, Node::Insn(*p), cc, Node::Param { code: *code, index: *k }, Kind::Argument) <--
        binding(c, site, cc, code, s), star_args(site, v), positional_param(code, k), if k >= s, source(v, p);
    ddg(c, Node::Insn(*p), cc, Node::Param { code: *code, index: *k }, Kind::Argument) <--
        binding(c, site, cc, code, _), star_args(site, v), var_positional(code, k), source(v, p);
    ddg(c, Node::Insn(*p), cc, Node::Param { code: *code, index: *k }, Kind::Argument) <--
        binding(c, site, cc, code, _), star_kwargs(site, v), keyword_param(code, _, k), source(v, p);
    ddg(c, Node::Insn(*p), cc, Node::Param { code: *code, index: *k }, Kind::Argument) <--
        binding(c, site, cc, code, _), star_kwargs(site, v), var_keyword(code, k), source(v, p);

    // `__exit__(type, exception, traceback)`, bound to the manager: all three come from the
    // exception being handled.
    ddg(c, Node::Insn(*p), cc, Node::Param { code: *code, index: 0 }, Kind::Argument) <--
        exit_call(site, exit, _), runs(c, site, cc, code), source(exit, p);
    ddg(c, Node::Insn(*p), cc, Node::Param { code: *code, index: *k }, Kind::Argument) <--
        exit_call(site, _, e), runs(c, site, cc, code), source(e, p), positional_param(code, k), if (1..=3).contains(k);

    ddg(cc, Node::Insn(*r), c, Node::Insn(*site), Kind::Return) <-- result_of(c, site, cc, code), return_point(code, r);
    // A value sent into a generator is what the `yield` it resumes evaluates to.
    ddg(c, Node::Insn(*p), gc, Node::Insn(*y), Kind::Argument) <--
        sent_to(c, site, gc, code), positional_arg(site, 0, v), yield_point(code, y), source(v, p);

    // Exceptions: from each raise to the handlers it may reach, through re-raises and up the
    // call graph. `holds_exception(region, var)`: the handler's stack values, and what
    // passes them on.
    relation holds_exception(u32, u32);
    holds_exception(r, v) <-- handler_var(r, v);
    holds_exception(r, t) <-- holds_exception(r, f), stack_flow(f, t);
    holds_exception(r, t) <-- holds_exception(r, f), same_value(_, f, t);
    /// `(raise ctx, raise, ctx, insn)`: the exception of `raise` (in its activation) is raised
    /// at `insn` in an activation (itself, a re-raise in a handler it reached, a call whose
    /// callee let it escape).
    relation raised_at(Ctx, u32, Ctx, u32);
    /// `(raise ctx, raise, ctx, region)`: the exception reaches the region's handler.
    relation reaches_handler(Ctx, u32, Ctx, u32);
    /// `(raise ctx, raise, ctx, code)`: the exception leaves an activation of the code object.
    relation escapes(Ctx, u32, Ctx, u32);
    raised_at(c, r, c, r) <-- raise(r), insn_code(r, code), activation(c, code);
    reaches_handler(rc, r, c, region) <-- raised_at(rc, r, c, i), protected_by(i, region);
    raised_at(rc, r, c, again) <-- reaches_handler(rc, r, c, region), reraise(again, v), holds_exception(region, v);
    escapes(rc, r, c, code) <-- raised_at(rc, r, c, i), !protected(i), insn_code(i, code);
    raised_at(rc, r, c, site) <-- escapes(rc, r, cc, code), calls(c, site, cc, code);
    ddg(rc, Node::Insn(*r), c, Node::Insn(*s), Kind::Exception) <--
        reaches_handler(rc, r, c, region), holds_exception(region, v), stores_var(s, v);
    // A `with` statement's exceptional exit passes what it handles to `__exit__` (through
    // every call edge, like the escapes above: the ablation keeps exceptions).
    ddg(rc, Node::Insn(*r), cc, Node::Param { code: *code, index: *k }, Kind::Exception) <--
        reaches_handler(rc, r, c, region), holds_exception(region, e), exit_call(site, _, e), calls(c, site, cc, code),
        positional_param(code, k), if (1..=3).contains(k);
    // The handler's own first reads of what it starts with (`PUSH_EXC_INFO`, a `with`
    // statement's `__exit__` call), so a handler binding no name is reached too.
    ddg(rc, Node::Insn(*r), c, Node::Insn(*i), Kind::Exception) <--
        reaches_handler(rc, r, c, region), handler_var(region, v), stack_flow(v, t), read_by(t, i);
}

/// Runs the rules; the edges sorted, and only those whose two ends the input covers.
pub(crate) fn solve(mut input: Input) -> Ddg {
    let mut program = std::mem::take(&mut input.program);
    program.run();
    let covered = |e: &(Node, Node, Kind)| input.covers(&e.0) && input.covers(&e.1);
    let across: Vec<(Ctx, Node, Ctx, Node, Kind)> =
        program.ddg.into_iter().filter(|&(_, from, _, to, kind)| covered(&(from, to, kind))).collect();
    let mut edges: Vec<(Node, Node, Kind)> = program.intra.into_iter().filter(covered).collect();
    edges.extend(across.iter().map(|&(_, from, _, to, kind)| (from, to, kind)));
    edges.sort_unstable();
    edges.dedup();
    let mut nodes: Vec<Node> = edges.iter().flat_map(|&(from, to, _)| [from, to]).collect();
    nodes.sort_unstable();
    nodes.dedup();
    let contexts = input.keeps_contexts.then(|| {
        let mut activations: Vec<(Ctx, u32)> = program.activation.into_iter().collect();
        activations.sort_unstable();
        let mut edges = across;
        edges.sort_unstable();
        edges.dedup();
        Contexts { activations, edges }
    });
    Ddg { nodes, edges, contexts, coverage: Vec::new() }
}
