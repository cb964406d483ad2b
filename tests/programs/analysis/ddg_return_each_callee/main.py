# A call through a variable holding either function gets its argument to, and a return from, each of them; a third function called on another line adds nothing to it.
def double(x):
    return x * 2


def negate(x):
    return -x


def other(x):
    return x


def use(flag, v):
    fn = double if flag else negate
    r = fn(v)
    s = other(v)
    return r, s


use(True, 3)
use(False, 4)
