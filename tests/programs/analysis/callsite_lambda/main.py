# const(x) returns lambda: x; use_a makes one for an A, use_b one for a B, and each calls it and .m() on the result.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def const(x):
    return lambda: x


def use_a():
    get = const(A())
    r = get()
    return r.m()


def use_b():
    get = const(B())
    r = get()
    return r.m()


use_a()
use_b()
