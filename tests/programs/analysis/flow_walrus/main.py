# x = A() calls first(); the walrus (x := B()) rebinds x, which then calls second().
class A:
    def first(self):
        return "a"

    def second(self):
        return "a"


class B:
    def first(self):
        return "b"

    def second(self):
        return "b"


def use():
    x = A()
    x.first()
    if (x := B()) is not None:
        x.second()


use()
