# twice(x) yields x twice: use_a steps twice(A()) with next(), use_b twice(B()), and each calls .m() on both values.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def twice(x):
    yield x
    yield x


def use_a():
    gen = twice(A())
    r = next(gen)
    again = next(gen)
    r.m()
    return again.m()


def use_b():
    gen = twice(B())
    r = next(gen)
    again = next(gen)
    r.m()
    return again.m()


use_a()
use_b()
