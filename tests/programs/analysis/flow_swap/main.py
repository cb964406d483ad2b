# a, b = b, a swaps two locals: afterwards a holds the B and b the A.
class A:
    def left(self):
        return "a"

    def right(self):
        return "a"


class B:
    def left(self):
        return "b"

    def right(self):
        return "b"


def use():
    a = A()
    b = B()
    a, b = b, a
    a.left()
    b.right()


use()
