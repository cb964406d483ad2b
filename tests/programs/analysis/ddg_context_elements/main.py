"""A wrapper puts its argument in a fresh list: insensitive has one list for both
calls, so each caller's element load reads both stores."""


def wrap(item):
    return [item]


def head_a():
    items = wrap(1)
    return items[0]


def head_b():
    items = wrap(2)
    return items[0]


head_a()
head_b()
