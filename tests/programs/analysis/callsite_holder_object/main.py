# holder(v) makes a Holder and stores v through put(): use_a holds an A, use_b a B; each reads it back with get().
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


class Holder:
    def put(self, v):
        self.v = v

    def get(self):
        return self.v


def holder(v):
    h = Holder()
    h.put(v)
    return h


def use_a():
    h = holder(A())
    r = h.get()
    return r.m()


def use_b():
    h = holder(B())
    r = h.get()
    return r.m()


use_a()
use_b()
