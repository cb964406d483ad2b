# Defaults that are all constants: the compiler makes them one constant tuple.
class A:
    def m(self):
        return "a"


def joined(items, sep=","):
    return sep.join(items)


def use_joined():
    return joined(["a", "b"])


def shout(text, suffix="!"):
    # Returns its parameter as bound: a call that omits it gets the default.
    return suffix


def use_shout():
    return shout("hi").upper()


def either(x, fallback=None):
    if x is None:
        return fallback
    return x


def use_either():
    return either(None, A()).m()


def use_either_default():
    return either(A()).m()


use_joined()
use_shout()
use_either()
use_either_default()
