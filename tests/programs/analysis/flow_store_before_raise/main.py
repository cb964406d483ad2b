# h = B() runs inside the try before fail() raises, so the handler sees the B: a store in
# the protected block must reach the handler along the exceptional edge.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def fail():
    raise ValueError("no")


def use():
    h = A()
    try:
        h = B()
        fail()
    except ValueError:
        return h.m()
    return None


use()
