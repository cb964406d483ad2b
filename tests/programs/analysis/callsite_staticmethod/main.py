# Util.ident is a staticmethod returning its argument: use_a calls it with an A, use_b with a B, and each calls .m() on the result.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


class Util:
    @staticmethod
    def ident(x):
        return x


def use_a():
    r = Util.ident(A())
    return r.m()


def use_b():
    r = Util.ident(B())
    return r.m()


use_a()
use_b()
