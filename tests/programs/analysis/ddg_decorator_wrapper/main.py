# A call of a decorated function reaches the decorator's wrapper: the argument goes to wrapper's parameter, wrapper hands it to the original function, and each return comes back one level.
def deco(f):
    def wrapper(x):
        return f(x)
    return wrapper


@deco
def double(x):
    return x * 2


def plain(x):
    return x + 1


def use(v):
    r = double(v)
    s = plain(v)
    return r + s


use(3)
