//! C3 linearization (`cpyg_rules::mro`): the orders Python gives, and the fallback
//! when a hierarchy has none.

use cpyg_rules::mro::{self, MroRow, MAX_ORDERS};

fn linearize(classes: &[Insn], bases: &[(Insn, u32, Obj)]) -> Vec<MroRow> {
    mro::linearize(classes, bases, MAX_ORDERS)
}
use cpyg_rules::objects::{Insn, Obj};

/// The classes of every MRO of `class`, one list per order.
fn orders(rows: &[MroRow], class: Insn) -> Vec<Vec<Insn>> {
    let mut orders: Vec<Vec<Insn>> = Vec::new();
    for &(k, order, position, obj) in rows.iter().filter(|r| r.0 == class) {
        assert_eq!(k, class);
        if orders.len() <= order as usize {
            orders.resize(order as usize + 1, Vec::new());
        }
        assert_eq!(orders[order as usize].len() + 1, position as usize, "positions count from 1");
        orders[order as usize].push(match obj {
            Obj::Class(c) => c,
            _ => u32::MAX,
        });
    }
    orders
}

fn class_names(rows: &[MroRow], class: Insn) -> Vec<Insn> {
    let orders = orders(rows, class);
    assert_eq!(orders.len(), 1, "one order expected for {class}: {orders:?}");
    orders.into_iter().next().unwrap()
}

#[test]
fn diamond_follows_c3() {
    // class A; class B(A); class C(A); class D(B, C)  →  D B C A
    let (a, b, c, d) = (1, 2, 3, 4);
    let bases = [(b, 0, Obj::Class(a)), (c, 0, Obj::Class(a)), (d, 0, Obj::Class(b)), (d, 1, Obj::Class(c))];
    let rows = linearize(&[a, b, c, d], &bases);
    assert_eq!(class_names(&rows, d), vec![d, b, c, a]);
    assert_eq!(class_names(&rows, b), vec![b, a]);
}

#[test]
fn inconsistent_order_falls_back_to_depth_first() {
    // class X; class Y; class A(X, Y); class B(Y, X); class C(A, B): no C3 order exists.
    let (x, y, a, b, c) = (1, 2, 3, 4, 5);
    let bases = [
        (a, 0, Obj::Class(x)),
        (a, 1, Obj::Class(y)),
        (b, 0, Obj::Class(y)),
        (b, 1, Obj::Class(x)),
        (c, 0, Obj::Class(a)),
        (c, 1, Obj::Class(b)),
    ];
    let rows = linearize(&[x, y, a, b, c], &bases);
    assert_eq!(class_names(&rows, c), vec![c, a, x, y, b]);
}

#[test]
fn a_base_that_may_be_several_classes_gives_one_order_per_choice() {
    // class P: __init__; class A; class B(P); class C(A or B): C's base is one of them at run
    // time, so C A and C B P, never C A B P (which would find no __init__ before P's... or A's).
    let (p, a, b, c) = (1, 2, 3, 4);
    let bases = [(b, 0, Obj::Class(p)), (c, 0, Obj::Class(a)), (c, 0, Obj::Class(b))];
    let rows = linearize(&[p, a, b, c], &bases);
    assert_eq!(orders(&rows, c), vec![vec![c, a], vec![c, b, p]]);
}

#[test]
fn a_choice_of_the_class_itself_is_left_out() {
    // Merged points-to may make a class one of its own bases; Python never does.
    let (a, b) = (1, 2);
    let bases = [(b, 0, Obj::Class(a)), (b, 0, Obj::Class(b))];
    let rows = linearize(&[a, b], &bases);
    assert_eq!(class_names(&rows, b), vec![b, a]);
}

#[test]
fn past_the_limit_the_candidates_share_one_order() {
    // class D(X0 or X1 or ...): more candidates than the limit give one order holding them all.
    let many = (MAX_ORDERS + 8) as u32;
    let d = 1000;
    let bases: Vec<(Insn, u32, Obj)> = (0..many).map(|x| (d, 0, Obj::Class(x))).collect();
    let mut classes: Vec<Insn> = (0..many).collect();
    classes.push(d);
    let rows = linearize(&classes, &bases);
    let of_d = orders(&rows, d);
    assert_eq!(of_d.len(), 1);
    assert_eq!(of_d[0], std::iter::once(d).chain(0..many).collect::<Vec<_>>());
    // Within the limit, one order per candidate.
    let few = mro::linearize(&classes, &bases, many as usize);
    assert_eq!(orders(&few, d).len(), many as usize);
}
