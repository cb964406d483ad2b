# One Relay's get(self, x) returns x, asked for an A by use_a and a B by use_b: only the call sites tell them apart.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


class Relay:
    def get(self, x):
        return x


def use_a(relay):
    r = relay.get(A())
    return r.m()


def use_b(relay):
    r = relay.get(B())
    return r.m()


relay = Relay()
use_a(relay)
use_b(relay)
