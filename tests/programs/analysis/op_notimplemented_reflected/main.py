# a + b: A.__add__ returns NotImplemented for a B, so Python then calls B.__radd__.
class A:
    def __init__(self, v):
        self.v = v

    def __add__(self, other):
        if isinstance(other, A):
            return A(self.v + other.v)
        return NotImplemented

    def __radd__(self, other):
        return A(other.v + self.v)


class B:
    def __init__(self, v):
        self.v = v

    def __add__(self, other):
        return B(self.v + other.v)

    def __radd__(self, other):
        return B(other.v + self.v)


def combine(a, b):
    return a + b


result = combine(A(1), B(2))
