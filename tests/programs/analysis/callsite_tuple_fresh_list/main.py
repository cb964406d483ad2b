# start(x) returns ([], x): use_a starts with an A, use_b with a B; each appends its item to its list and calls .m() on the list's first element.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def start(x):
    return ([], x)


def use_a():
    items, r = start(A())
    items.append(r)
    first = items[0]
    return first.m()


def use_b():
    items, r = start(B())
    items.append(r)
    first = items[0]
    return first.m()


use_a()
use_b()
