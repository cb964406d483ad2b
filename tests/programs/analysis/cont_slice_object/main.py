# Subscripting with a slice object made by slice() keeps the elements, like xs[a:b].
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


class C:
    def m(self):
        return "c"


def after_first(xs):
    s = slice(1, None)
    rest = xs[s]
    return rest[0].m()


def first_two(xs):
    return xs[slice(0, 2)][0].m()


items = [A(), B()]
after_first(items)
first_two(items)
C().m()
