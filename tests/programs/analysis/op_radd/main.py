# 1 + v: int.__add__ does not know Vector, so Python calls Vector.__radd__.
class Vector:
    def __init__(self, x):
        self.x = x

    def __add__(self, other):
        return Vector(self.x + other.x)

    def __radd__(self, other):
        return Vector(self.x + getattr(other, "x", other))


class Scalar:
    def __init__(self, x):
        self.x = x


def shift(v):
    return 1 + v


def combine(s, v):
    return s + v


shift(Vector(2))
combine(Scalar(3), Vector(4))
