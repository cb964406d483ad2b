# bind(f) returns a closure calling f: use_a binds make_a, use_b make_b; each calls its closure and .m() on the result.
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


def bind(f):
    def call():
        return f()
    return call


def use_a():
    c = bind(make_a)
    r = c()
    return r.m()


def use_b():
    c = bind(make_b)
    r = c()
    return r.m()


use_a()
use_b()
