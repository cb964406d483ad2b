# make(cls) calls the class it is given: use_a makes an A, use_b a B; each calls .m() on what it got.
class A:
    def __init__(self):
        self.ready = True

    def m(self):
        return "a"


class B:
    def __init__(self):
        self.ready = True

    def m(self):
        return "b"


def make(cls):
    return cls()


def use_a():
    r = make(A)
    return r.m()


def use_b():
    r = make(B)
    return r.m()


use_a()
use_b()
