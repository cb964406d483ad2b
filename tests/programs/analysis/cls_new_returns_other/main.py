# __new__ returning an instance of an unrelated class: the call's result is
# that instance, and Shape.__init__ is skipped.
class Circle:
    def area(self):
        return 3


class Shape:
    def __new__(cls, kind):
        return Circle()

    def __init__(self, kind):
        self.kind = kind

    def area(self):
        return 0


def run():
    s = Shape("circle")
    return s.area()


run()
