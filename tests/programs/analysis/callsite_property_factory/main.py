# make(v) returns Cell(v), whose __init__ stores v and whose property value returns it: use_a makes a Cell of an A, use_b of a B.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


class Cell:
    def __init__(self, v):
        self._v = v

    @property
    def value(self):
        return self._v


def make(v):
    return Cell(v)


def use_a():
    r = make(A()).value
    return r.m()


def use_b():
    r = make(B()).value
    return r.m()


use_a()
use_b()
