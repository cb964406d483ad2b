# outer(x) hands x to mid(x), which hands it to ident(x): ident's two activations differ only in the call site three levels up (outer's caller).
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def ident(x):
    return x


def mid(x):
    return ident(x)


def outer(x):
    return mid(x)


def use_a():
    r = outer(A())
    return r.m()


def use_b():
    r = outer(B())
    return r.m()


use_a()
use_b()
