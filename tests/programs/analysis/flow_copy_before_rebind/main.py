# b = a copies the A that a holds; a is then rebound to a B: b.old() is the A's, a.new() the B's.
class A:
    def old(self):
        return "a"

    def new(self):
        return "a"


class B:
    def old(self):
        return "b"

    def new(self):
        return "b"


def use():
    a = A()
    b = a
    a = B()
    b.old()
    a.new()


use()
