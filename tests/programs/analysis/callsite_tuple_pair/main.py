# pair(a, b) returns (a, b): use_a pairs (A, B), use_b (B, A); each unpacks and calls .m() on the first item.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def pair(a, b):
    return (a, b)


def use_a():
    r, other = pair(A(), B())
    return r.m()


def use_b():
    r, other = pair(B(), A())
    return r.m()


use_a()
use_b()
