//! The default rule set: context- and flow-insensitive (Andersen). Every
//! context is the one root context, of no size, and every call is answered
//! with it.
#![allow(non_snake_case)]

use super::prelude::*;

/// The calling context: the root context only.
pub type Ctx = ();
/// The heap context: none.
pub type HCtx = ();

super::rule_set! {
    pub struct Insensitive;

    // Every call runs its callee in the one context.
    context_response(ctx, site, f, fh, ()) <-- context_request(ctx, site, f, fh);
}
