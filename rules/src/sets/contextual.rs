//! Context sensitivity by policy: a function the policy marks `context` runs in
//! the two most recent call sites that reached it (paper §3.4), and what it
//! allocates carries that call string; every other function runs in the root
//! context. `context` marks every function, `selective` those a policy file names.
#![allow(non_snake_case)]

use super::prelude::*;

/// The calling context: up to two call sites.
pub type Ctx = CallString;
/// The heap context: the call string of the activation that made the object.
pub type HCtx = CallString;

super::rule_set! {
    pub struct Contextual;

    /// The code objects the policy makes context-sensitive.
    relation context_sensitive(Code);
    context_sensitive(code) <-- Policy(code, Attribute::Context);

    // A context-sensitive callee runs in the call site pushed onto its caller's context;
    // any other in the root context.
    context_response(ctx, site, f, fh, ctx.push(*site)) <--
        context_request(ctx, site, f, fh), MakeFunction(f, code, _), context_sensitive(code);
    context_response(ctx, site, f, fh, CallString::default()) <--
        context_request(ctx, site, f, fh), MakeFunction(f, code, _), !context_sensitive(code);
}
