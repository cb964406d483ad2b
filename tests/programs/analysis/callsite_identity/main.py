# ident(x) returns its argument: use_a passes an A, use_b a B; each calls .m() on the result.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def ident(x):
    return x


def use_a():
    r = ident(A())
    return r.m()


def use_b():
    r = ident(B())
    return r.m()


use_a()
use_b()
