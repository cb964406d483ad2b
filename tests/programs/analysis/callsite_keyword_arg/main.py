# ident(x) returns its argument, passed by keyword: use_a passes x=A(), use_b x=B(); each calls .m() on the result.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def ident(x):
    return x


def use_a():
    r = ident(x=A())
    return r.m()


def use_b():
    r = ident(x=B())
    return r.m()


use_a()
use_b()
