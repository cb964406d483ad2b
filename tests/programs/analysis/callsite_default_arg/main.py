# pick(x, fallback=None) returns x, or fallback when x is None: use_a passes an A as x, use_b None and a B as fallback.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def pick(x, fallback=None):
    if x is None:
        return fallback
    return x


def use_a():
    r = pick(A())
    return r.m()


def use_b():
    r = pick(None, B())
    return r.m()


use_a()
use_b()
