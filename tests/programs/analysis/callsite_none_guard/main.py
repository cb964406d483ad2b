# Returns guarded by a test of a parameter for None: a decorator usable bare or with options
# (`if func is None: return partial(...)`) gives each use only the returns its arguments reach.
from functools import partial


class Dispatch:
    def __new__(cls, func=None, *, name=None):
        if func is None:
            return partial(Dispatch, name=name)
        self = object.__new__(cls)
        self.func = func
        return self

    def __call__(self, *args):
        return self.func(*args)


@Dispatch
def alpha(x):
    return x


def use_alpha():
    # alpha is the Dispatch the bare decorator made, never the partial.
    return alpha(1)


def register(func=None, *, name=None):
    if func is None:
        return partial(register, name=name)
    return func


@register
def gamma(x):
    return x


@register(name="delta")
def delta(x):
    return x


def use_gamma():
    return gamma(2)


def use_delta():
    return delta(3)


class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def pick(key=None):
    if key is None:
        return A()
    return B()


def pick_not(key=None):
    if key is not None:
        return B()
    return A()


def with_key():
    return pick("k").m()


def without_key():
    return pick().m()


def not_with_key():
    return pick_not("k").m()


def not_without_key():
    return pick_not().m()


def maybe_key(flag):
    # OK because either call may pass None: both returns can run.
    return pick(None if flag else "k").m()


def rebound(key=None):
    # A stored parameter is not tested as bound: both returns stay.
    if key is None:
        key = "k"
        return A()
    return B()


def use_rebound():
    return rebound("k").m()


def later(key=None):
    # The last return is reached only when key is not None, through the loop and the try.
    if key is None:
        return A()
    for _ in range(2):
        try:
            len(key)
        except TypeError:
            pass
    return B()


def later_with_key():
    return later("k").m()


use_alpha()
use_gamma()
use_delta()
with_key()
without_key()
not_with_key()
not_without_key()
maybe_key(True)
maybe_key(False)
use_rebound()
later_with_key()
