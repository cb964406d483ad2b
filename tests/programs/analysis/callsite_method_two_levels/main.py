# One Relay's forward(self, x) returns self.ident(x): ident's activations differ only in forward's call sites.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


class Relay:
    def ident(self, x):
        return x

    def forward(self, x):
        return self.ident(x)


def use_a(relay):
    r = relay.forward(A())
    return r.m()


def use_b(relay):
    r = relay.forward(B())
    return r.m()


relay = Relay()
use_a(relay)
use_b(relay)
