# keep(x) returns Box().put_get(x), which stores x on the fresh Box and reads it back: use_a keeps an A, use_b a B.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


class Box:
    def put_get(self, v):
        self.v = v
        return self.v


def keep(x):
    return Box().put_get(x)


def use_a():
    r = keep(A())
    return r.m()


def use_b():
    r = keep(B())
    return r.m()


use_a()
use_b()
