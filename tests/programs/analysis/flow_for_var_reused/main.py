# The loop variable item holds the list's A instances; after the loop it is reused for a B.
class A:
    def visit(self):
        return "a"

    def finish(self):
        return "a"


class B:
    def visit(self):
        return "b"

    def finish(self):
        return "b"


def use():
    for item in [A(), A()]:
        item.visit()
    item = B()
    item.finish()


use()
