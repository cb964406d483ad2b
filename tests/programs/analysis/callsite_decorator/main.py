# @deco wraps make_a and make_b in closures w: two decorator calls, two cells; each wrapper returns its own function's instance.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def deco(f):
    def w(*a):
        return f(*a)
    return w


@deco
def make_a():
    return A()


@deco
def make_b():
    return B()


def use_a():
    r = make_a()
    return r.m()


def use_b():
    r = make_b()
    return r.m()


use_a()
use_b()
