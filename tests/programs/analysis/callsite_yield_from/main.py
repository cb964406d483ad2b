# relay(x) delegates to one(x) with yield from: use_a iterates relay(A()), use_b relay(B()), and each calls .m() on what it gets.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def one(x):
    yield x


def relay(x):
    yield from one(x)


def use_a():
    for r in relay(A()):
        r.m()


def use_b():
    for r in relay(B()):
        r.m()


use_a()
use_b()
