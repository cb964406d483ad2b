# lazy(x) returns (x for _ in range(1)): use_a iterates lazy(A()), use_b lazy(B()), and each calls .m() on what it gets.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def lazy(x):
    return (x for _ in range(1))


def use_a():
    for r in lazy(A()):
        r.m()


def use_b():
    for r in lazy(B()):
        r.m()


use_a()
use_b()
