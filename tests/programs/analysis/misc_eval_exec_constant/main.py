# eval and exec of constant strings: the code compiled from them is analysed as the
# package's own (compiled, never run); what it calls is called from the scope running it.
# from source: the strings are compiled by the release's interpreter; a .pyc keeps no source.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def helper():
    return 1


def other():
    return 2


def use():
    return eval("helper()")


def use_local(x):
    return eval("x.m()")


def value():
    return eval("A()")


exec("def made():\n    return B()\n")

use()
use_local(A())
v = value()
v.m()
made().m()
other()
