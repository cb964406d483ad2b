# box(x) returns [x]: use_a boxes an A, use_b a B, and each unboxes and calls .m().
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def box(x):
    return [x]


def use_a():
    r = box(A())[0]
    return r.m()


def use_b():
    r = box(B())[0]
    return r.m()


use_a()
use_b()
