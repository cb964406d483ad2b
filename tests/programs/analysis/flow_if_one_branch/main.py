# x = A(); one arm of an if rebinds x to a B and calls inside(); after the if, x is either.
class A:
    def inside(self):
        return "a"

    def after(self):
        return "a"


class B:
    def inside(self):
        return "b"

    def after(self):
        return "b"


def use(flag):
    x = A()
    if flag:
        x = B()
        x.inside()
    x.after()


use(True)
use(False)
