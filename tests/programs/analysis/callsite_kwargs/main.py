# option(**kwargs) returns kwargs["value"]: use_a passes value=A(), use_b value=B().
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def option(**kwargs):
    return kwargs["value"]


def use_a():
    r = option(value=A())
    return r.m()


def use_b():
    r = option(value=B())
    return r.m()


use_a()
use_b()
