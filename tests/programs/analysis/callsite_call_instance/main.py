# One Id instance's __call__(self, x) returns x, called with an A by use_a and a B by use_b: only the call sites tell them apart.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


class Id:
    def __call__(self, x):
        return x


def use_a():
    r = ident(A())
    return r.m()


def use_b():
    r = ident(B())
    return r.m()


ident = Id()
use_a()
use_b()
