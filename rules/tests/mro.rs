//! C3 linearization (`cpyg_rules::mro`): the orders Python gives, and the fallback
//! when a hierarchy has none.

use cpyg_rules::mro::linearize;
use cpyg_rules::objects::{Insn, Obj};

fn class_names(rows: &[(Insn, u32, Obj)], class: Insn) -> Vec<Insn> {
    rows.iter()
        .filter(|r| r.0 == class)
        .map(|r| match r.2 {
            Obj::Class(c) => c,
            _ => u32::MAX,
        })
        .collect()
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
