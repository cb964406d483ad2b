# outer(f) returns what mid() returns: inner, a closure calling f from two levels down; use_a passes make_a, use_b make_b, and each calls what it gets.
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


def outer(f):
    def mid():
        def inner():
            return f()
        return inner
    return mid()


def use_a():
    g = outer(make_a)
    r = g()
    return r.m()


def use_b():
    g = outer(make_b)
    r = g()
    return r.m()


use_a()
use_b()
