# record(x) returns {"item": x}: use_a records an A, use_b a B, and each reads the item back and calls .m().
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def record(x):
    return {"item": x}


def use_a():
    r = record(A())["item"]
    return r.m()


def use_b():
    r = record(B())["item"]
    return r.m()


use_a()
use_b()
