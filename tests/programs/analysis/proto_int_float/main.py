# int(x) and float(x) call __int__ / __float__; range(x) and operator.index(x) call __index__.
import operator


class Amount:
    def __init__(self, v):
        self.v = v

    def __int__(self):
        return self.v

    def __float__(self):
        return float(self.v)

    def __index__(self):
        return self.v


class Slot:
    def __index__(self):
        return 2


def as_int(a):
    return int(a)


def as_float(a):
    return float(a)


def count(a):
    return len(range(a))


def position(a):
    return operator.index(a)


as_int(Amount(3))
as_int(Slot())
as_float(Amount(4))
count(Amount(5))
position(Slot())
