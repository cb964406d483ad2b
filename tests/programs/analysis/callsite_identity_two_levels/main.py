# wrap(x) hands x on to ident(x): ident's two activations differ only in the call site two levels up (wrap's caller).
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def ident(x):
    return x


def wrap(x):
    return ident(x)


def use_a():
    r = wrap(A())
    return r.m()


def use_b():
    r = wrap(B())
    return r.m()


use_a()
use_b()
