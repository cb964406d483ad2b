//! The default rule set: context- and flow-insensitive (Andersen). Every
//! function runs in the one root context (the shared rules still run a
//! descriptor's methods once per descriptor: `Receiver`).
#![allow(non_snake_case)]

use super::prelude::*;

/// The calling context: the root, or the descriptor a method runs for.
pub type Ctx = Receiver;
/// The heap context: none.
pub type HCtx = ();

super::rule_set! {
    pub struct Insensitive;

    // Every call runs its callee in the root context.
    context_response(ctx, site, f, fh, Ctx::default()) <-- context_request(ctx, site, f, fh);
}
