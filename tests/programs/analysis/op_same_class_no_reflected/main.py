# Both operands of one class: __add__ runs and __radd__ is never tried, even after NotImplemented.
class Num:
    def __init__(self, v):
        self.v = v

    def __add__(self, other):
        if other.v < 0:
            return NotImplemented
        return Num(self.v + other.v)

    def __radd__(self, other):
        return Num(self.v + other.v)


def add(a, b):
    return a + b


def try_add(a, b):
    try:
        return a + b
    except TypeError:
        return None


total = add(Num(1), Num(2))
failed = try_add(Num(1), Num(-1))
