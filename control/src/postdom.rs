//! Immediate postdominators of one code object's CFG: Cooper, Harvey and Kennedy's
//! iterative algorithm ("A Simple, Fast Dominance Algorithm") on the reversed graph,
//! rooted at the exit. Computed in Rust rather than Datalog: the iteration needs the
//! nearest common ancestor of two tree paths, which Datalog can only get from the
//! full (quadratic) postdominator relation and a negation over it.

use crate::cfg::CodeGraph;

/// Per local block, its immediate postdominator (the exit's is itself). Every block
/// reaches the exit (`cfg::add_synthetic_exits`), so every block has one.
pub(crate) fn immediate_postdominators(graph: &CodeGraph) -> Vec<usize> {
    let n = graph.succ.len();
    let exit = graph.exit();
    // Reverse graph: its successors are the CFG's predecessors.
    let mut pred: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (b, s) in graph.succ.iter().enumerate() {
        for &(to, _, _) in s {
            pred[to].push(b);
        }
    }
    for p in &mut pred {
        p.sort_unstable();
        p.dedup();
    }
    // Postorder of the reverse graph from the exit.
    let mut order = vec![usize::MAX; n];
    let mut postorder = Vec::with_capacity(n);
    let mut visited = vec![false; n];
    let mut work = vec![(exit, 0usize)];
    visited[exit] = true;
    while let Some(&mut (b, ref mut at)) = work.last_mut() {
        if let Some(&p) = pred[b].get(*at) {
            *at += 1;
            if !visited[p] {
                visited[p] = true;
                work.push((p, 0));
            }
        } else {
            order[b] = postorder.len();
            postorder.push(b);
            work.pop();
        }
    }
    let mut ipdom = vec![usize::MAX; n];
    ipdom[exit] = exit;
    let intersect = |ipdom: &[usize], mut a: usize, mut b: usize| {
        while a != b {
            while order[a] < order[b] {
                a = ipdom[a];
            }
            while order[b] < order[a] {
                b = ipdom[b];
            }
        }
        a
    };
    let mut changed = true;
    while changed {
        changed = false;
        for &b in postorder.iter().rev() {
            if b == exit {
                continue;
            }
            // The reverse graph's predecessors of `b` are its CFG successors.
            let mut next = usize::MAX;
            for &(s, _, _) in &graph.succ[b] {
                if ipdom[s] == usize::MAX {
                    continue;
                }
                next = if next == usize::MAX { s } else { intersect(&ipdom, s, next) };
            }
            if next != usize::MAX && ipdom[b] != next {
                ipdom[b] = next;
                changed = true;
            }
        }
    }
    // Unvisited blocks cannot occur after the synthetic exits; keep the exit as a safe answer.
    for d in &mut ipdom {
        if *d == usize::MAX {
            *d = exit;
        }
    }
    ipdom
}
