# managed(x) returns Manager(x), whose __enter__ returns x: use_a manages an A, use_b a B, and each calls .m() on the with target.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


class Manager:
    def __init__(self, value):
        self.value = value

    def __enter__(self):
        return self.value

    def __exit__(self, exc_type, exc, tb):
        return False


def managed(x):
    return Manager(x)


def use_a():
    with managed(A()) as r:
        return r.m()


def use_b():
    with managed(B()) as r:
        return r.m()


use_a()
use_b()
