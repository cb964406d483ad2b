//! One-call-site sensitivity, every function: the walkthrough variant of
//! rules/README.md ("Writing a new sensitivity"). The shared rules ask for a
//! callee's context (`context_request`); this file answers with the calling
//! site alone (`context_response`). Everything else (the context types, what an
//! activation's objects carry) is the contextual rule set's.
#![allow(non_snake_case)]

use super::prelude::*;

/// The calling context: one call site (a [`CallString`] whose second site is empty).
pub type Ctx = CallString;
/// The heap context: the call site of the activation that made the object.
pub type HCtx = CallString;

super::rule_set! {
    pub struct CallSite1;

    // Every callee runs in the site that called it, whoever called from where.
    context_response(ctx, site, f, fh, CallString::default().push(*site)) <-- context_request(ctx, site, f, fh);
}
