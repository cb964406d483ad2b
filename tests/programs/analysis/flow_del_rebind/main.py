# x = A() calls first(), is deleted, then bound again to a B, which calls second().
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
    del x
    x = B()
    x.second()


use()
