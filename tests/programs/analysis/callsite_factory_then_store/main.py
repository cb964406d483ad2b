# wrapper() makes an empty Wrapper; use_a puts an A in its own, use_b a B, and each reads it back with get().
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


class Wrapper:
    def put(self, v):
        self.v = v

    def get(self):
        return self.v


def wrapper():
    return Wrapper()


def use_a():
    w = wrapper()
    w.put(A())
    r = w.get()
    return r.m()


def use_b():
    w = wrapper()
    w.put(B())
    r = w.get()
    return r.m()


use_a()
use_b()
