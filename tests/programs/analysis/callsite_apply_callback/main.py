# apply(f) returns f(): use_a applies make_a, use_b make_b; apply really calls both, but each result is one instance.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def make_a():
    return A()


def make_b():
    return B()


def apply(f):
    return f()


def use_a():
    r = apply(make_a)
    return r.m()


def use_b():
    r = apply(make_b)
    return r.m()


use_a()
use_b()
