# first(*args) returns args[0]: use_a passes an A, use_b a B, through the *args tuple.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def first(*args):
    return args[0]


def use_a():
    r = first(A(), 1)
    return r.m()


def use_b():
    r = first(B(), 2)
    return r.m()


use_a()
use_b()
