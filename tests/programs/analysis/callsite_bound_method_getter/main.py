# getter(obj) returns the bound method obj.m: use_a gets A().m, use_b B().m, and each calls what it got.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def getter(obj):
    return obj.m


def use_a():
    g = getter(A())
    return g()


def use_b():
    g = getter(B())
    return g()


use_a()
use_b()
