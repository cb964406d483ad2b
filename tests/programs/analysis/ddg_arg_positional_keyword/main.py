# Positional and keyword arguments reach the parameters they bind; a parameter left to its default gets nothing from the call, and a function not called there gets nothing.
def scale(value, factor, offset=0):
    return value * factor + offset


def unused(value):
    return value


def use(n, k):
    a = scale(n, k)
    b = scale(n, factor=k, offset=n)
    c = scale(offset=k, value=n, factor=k)
    return a + b + c


base = 5
use(base, 2)
unused(0)
