# Slices of a list or a tuple (constant, open, strided, variable bounds) keep its elements.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


class C:
    def m(self):
        return "c"


def tail(xs):
    return xs[1:][0].m()


def head(xs):
    return xs[:2][0].m()


def stride(xs):
    return xs[::2][0].m()


def window(xs, lo, hi):
    part = xs[lo:hi]
    return part[0].m()


def pair_tail(t):
    rest = t[1:]
    return rest[0].m()


items = [A(), B()]
pair = (B(), A())
others = [C()]
tail(items)
head(items)
stride(items)
window(items, 1, 2)
pair_tail(pair)
others[0].m()
