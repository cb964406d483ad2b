# single(x) returns {x}: use_a iterates single(A()), use_b single(B()), and each calls .m() on what it gets.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def single(x):
    return {x}


def use_a():
    for r in single(A()):
        r.m()


def use_b():
    for r in single(B()):
        r.m()


use_a()
use_b()
