# Short-circuit and/or, in if tests and as values: the right operand is control dependent on the left.
def left(a):
    return a > 0


def right(b):
    return b > 0


def primary(a):
    return a


def fallback(a):
    return -a


def opened():
    return "open"


def closed():
    return "closed"


def use(x, y):
    return x, y


def gate(a, b):
    if (
        left(a)
        and right(b)
    ):
        opened()
    else:
        closed()
    if (
        left(b)
        or right(a)
    ):
        opened()
    use(a, b)


def pick(a, b):
    x = (
        primary(a)
        or fallback(b)
    )
    y = (
        left(a)
        and right(b)
    )
    use(x, y)


gate(1, 1)
gate(1, -1)
gate(-1, 1)
gate(-1, -1)
pick(0, 2)
pick(3, -1)
