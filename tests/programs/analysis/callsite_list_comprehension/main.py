# wrap_all(x) returns [x for _ in range(1)]: use_a wraps an A, use_b a B, and each unboxes and calls .m().
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def wrap_all(x):
    return [x for _ in range(1)]


def use_a():
    r = wrap_all(A())[0]
    return r.m()


def use_b():
    r = wrap_all(B())[0]
    return r.m()


use_a()
use_b()
