# A value goes down two calls and comes back: argument, argument, return, return, each edge one level; inner called directly returns to its own call only.
class Box:
    pass


def inner(y):
    return y


def outer(x):
    return inner(x)


def use():
    b = Box()
    got = outer(b)
    direct = inner(b)
    return got, direct


use()
