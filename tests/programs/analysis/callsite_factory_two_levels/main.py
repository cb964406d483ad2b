# build(cls) calls make(cls), which calls the class: make's activations differ only in build's call sites.
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


def build(cls):
    return make(cls)


def use_a():
    r = build(A)
    return r.m()


def use_b():
    r = build(B)
    return r.m()


use_a()
use_b()
