# Functions that return a parameter as their call bound it give each call what it passed there.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def deconstructible(klass):
    # klass lives in a cell: the inner function reads it.
    def __new__(cls, *args):
        return super(klass, cls).__new__(cls)

    klass.__new__ = staticmethod(__new__)
    return klass


@deconstructible
class F:
    def resolve(self):
        return "f"


@deconstructible
class Value:
    def resolve(self):
        return "value"


def use_f():
    return F().resolve()


class Query:
    def filter(self):
        return self

    def order(self):
        return self

    def run(self):
        return []


class Report:
    def filter(self):
        return self

    def render(self):
        return ""


def fluent():
    return Query().filter().order().run()


def report():
    return Report().filter().render()


class Registry:
    def register(self, cls):
        return cls


registry = Registry()


def by_method():
    return registry.register(A)().m()


ident = lambda x: x


def by_keyword():
    return ident(x=B()).m()


def by_lambda():
    return ident(A()).m()


def star(*args):
    # A star call may bind the parameter from any element: the result is all ident returns.
    return ident(*args).m()


def rebound(x, swap):
    if swap:
        x = B()
    return x


def use_rebound():
    return rebound(A(), False).m()


use_f()
fluent()
report()
by_method()
by_keyword()
by_lambda()
star(A())
use_rebound()
