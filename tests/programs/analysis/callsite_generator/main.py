# one(x) yields x: use_a iterates one(A()), use_b one(B()), and each calls .m() on what it gets.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def one(x):
    yield x


def use_a():
    for r in one(A()):
        r.m()


def use_b():
    for r in one(B()):
        r.m()


use_a()
use_b()
