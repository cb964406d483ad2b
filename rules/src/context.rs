//! Calling contexts and heap contexts: what the context columns of the
//! fixed-point relations hold.
//!
//! The shared rule files never build a context. A call asks for one
//! (`context_request`) and the rule set answers (`context_response`); an
//! object made by an activation carries the activation's [`Context::record`].
//! Each rule set module names its two types, `Ctx` and `HCtx`: [`Receiver`]
//! and `()` for the insensitive set (four bytes, and a heap column of no
//! size), [`CallString`] for the contextual ones.
//!
//! Modules and classes are namespaces without heap context: module and class
//! bodies run in the root context (`Ctx::default()`), and attribute lookup
//! along an MRO is by class statement. Constants, outside objects and
//! pass-through decorators carry none either.

use std::fmt::Debug;
use std::hash::Hash;

use crate::objects::{Insn, Obj};

/// A calling context: the context columns of `pts`, `local`, `reachable`, ...
pub trait Context: Copy + Clone + Default + Debug + Eq + Hash + Ord + Send + Sync + 'static {
    /// The heap context of what an activation in this context allocates.
    type Heap: Copy + Clone + Default + Debug + Eq + Hash + Ord + Send + Sync + 'static;

    /// Whether activations' objects carry heap contexts: the solution then keeps its
    /// contexts ([`crate::Contexts`]) for the products that separate activations.
    const HEAP_CONTEXTS: bool;

    fn record(&self) -> Self::Heap;

    /// The context of a method running for the object made at call `made_at` (the shared
    /// rules give it to descriptors' methods, in every rule set).
    fn receiver(made_at: Insn) -> Self;

    /// The call that made the object this activation runs for, in a [`Context::receiver`]
    /// context.
    fn made_at(&self) -> Option<Insn>;

    /// Whether this activation may run with `receiver` as its receiver: any, unless it runs
    /// for the object one call made ([`Context::receiver`]); then no instance made elsewhere
    /// (`__new__` runs there with the class, not yet an instance).
    fn runs_for(&self, receiver: &Obj) -> bool {
        match (self.made_at(), receiver) {
            (Some(made_at), Obj::Instance(site, _)) => *site == made_at,
            _ => true,
        }
    }

    /// The context as call sites, most recent first (what results and the database show).
    fn call_string(&self) -> CallString;

    /// A heap context as call sites.
    fn heap_call_string(heap: &Self::Heap) -> CallString;

    /// What the object `raised`, made in heap context `heap`, travels as, up the call graph to
    /// the handlers that may receive it (`exceptions.rs`): a kind standing for every object of
    /// that kind raised anywhere. Heap contexts never travel with it. An object made in the root
    /// context, already one for every activation, travels as its class (an outside object as
    /// itself); one a context-sensitive activation made keeps its identity, which is what its
    /// context was asked for. Carrying every object made `raises` the largest relation on
    /// networkx (1.57 M rows after 12 s: its ~730 raised instances, of a few dozen classes,
    /// each copied to nearly every transitive caller).
    fn exception_kind(heap: &Self::Heap, raised: Obj) -> Obj {
        if *heap == Self::Heap::default() {
            crate::sets::type_of(raised)
        } else {
            raised
        }
    }
}

/// The insensitive rule set's context: the root, where every function runs, or
/// the descriptor a method runs for (`Context::receiver`), named by the call
/// that made it. What such an activation allocates carries no context.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Receiver {
    made_at: Insn,
}

impl Default for Receiver {
    fn default() -> Receiver {
        Receiver { made_at: CallString::NONE }
    }
}

/// The heap context stays empty: only activations are told apart.
impl Context for Receiver {
    type Heap = ();
    const HEAP_CONTEXTS: bool = false;

    fn record(&self) {}

    fn receiver(made_at: Insn) -> Receiver {
        Receiver { made_at }
    }

    fn made_at(&self) -> Option<Insn> {
        (self.made_at != CallString::NONE).then_some(self.made_at)
    }

    /// The call that made the receiver, as a call string of one site.
    fn call_string(&self) -> CallString {
        if self.made_at == CallString::NONE {
            CallString::default()
        } else {
            CallString::default().push(self.made_at)
        }
    }

    fn heap_call_string(_: &()) -> CallString {
        CallString::default()
    }
}

/// Up to two call sites, most recent first (paper §3.4: two-call-site call
/// strings keep the context domain finite). The empty string is the root
/// context, where module bodies and every context-insensitive function run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CallString {
    sites: [Insn; 2],
}

impl CallString {
    const NONE: Insn = Insn::MAX;
    /// In the second place: the context is [`Context::receiver`]'s, for the object the
    /// first site made (it shows as that site alone).
    const RECEIVER: Insn = Insn::MAX - 1;

    /// This context entered through `site`: the site first, the oldest site dropped.
    pub fn push(&self, site: Insn) -> CallString {
        CallString { sites: [site, self.sites[0]] }
    }

    /// The call sites, most recent first.
    pub fn sites(&self) -> impl Iterator<Item = Insn> + '_ {
        self.sites.iter().copied().take_while(|&s| s != Self::NONE && s != Self::RECEIVER)
    }

    pub fn is_empty(&self) -> bool {
        self.sites[0] == Self::NONE
    }

    /// As results show it: a receiver's context is its one site (what `Receiver` shows).
    fn shown(&self) -> CallString {
        let second = if self.sites[1] == Self::RECEIVER { Self::NONE } else { self.sites[1] };
        CallString { sites: [self.sites[0], second] }
    }
}

impl Default for CallString {
    fn default() -> CallString {
        CallString { sites: [Self::NONE; 2] }
    }
}

/// The contextual rule set's context: a call string. An activation's objects
/// carry its whole call string (allocation made activation-specific).
impl Context for CallString {
    type Heap = CallString;
    const HEAP_CONTEXTS: bool = true;

    fn record(&self) -> CallString {
        *self
    }

    /// The call that made the receiver, alone: whatever called the method.
    fn receiver(made_at: Insn) -> CallString {
        CallString { sites: [made_at, Self::RECEIVER] }
    }

    fn made_at(&self) -> Option<Insn> {
        (self.sites[1] == Self::RECEIVER).then_some(self.sites[0])
    }

    fn call_string(&self) -> CallString {
        self.shown()
    }

    fn heap_call_string(heap: &CallString) -> CallString {
        heap.shown()
    }
}

/// The heap context of `obj` made by an activation in `ctx`: none for the
/// objects that have none (namespaces, constants, outside objects).
pub fn heap_of<C: Context>(ctx: &C, obj: &Obj) -> C::Heap {
    if obj.is_context_free() {
        C::Heap::default()
    } else {
        ctx.record()
    }
}

/// What a selective policy gives a function (paper Appendix C).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Attribute {
    /// Calls into the function get a two-call-site context; what it allocates carries it.
    Context,
    /// Its loads of locals (and a module body's of its globals) read the stores that
    /// reach them (`crate::flow`).
    Flow,
}

impl Attribute {
    pub const ALL: &'static [Attribute] = &[Attribute::Context, Attribute::Flow];

    pub fn name(self) -> &'static str {
        match self {
            Attribute::Context => "context",
            Attribute::Flow => "flow",
        }
    }
}
