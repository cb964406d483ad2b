# listed(x) returns list([x]): use_a lists an A, use_b a B, and each unboxes and calls .m().
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def listed(x):
    return list([x])


def use_a():
    r = listed(A())[0]
    return r.m()


def use_b():
    r = listed(B())[0]
    return r.m()


use_a()
use_b()
