# An inherited __new__ allocates the subclass it is given; an outside base's
# __new__ (tuple's, through super()) allocates the class it is given; __init__
# runs only when __new__ returns an instance of the class called.
class Base:
    def __new__(cls, *args):
        return object.__new__(cls)

    def __init__(self, *args):
        self.args = args

    def kind(self):
        return "base"


class Child(Base):
    def __init__(self, *args):
        super().__init__(*args)

    def kind(self):
        return "child"


class Pair(tuple):
    def __new__(cls, left, right):
        return super().__new__(cls, (left, right))

    def total(self):
        return len(self)


class Other:
    def __init__(self):
        self.tag = "other"


class Factory:
    def __new__(cls):
        return Other()

    def __init__(self):
        self.tag = "factory"


def run():
    b = Base(1)
    c = Child(2)
    p = Pair(1, 2)
    f = Factory()
    return b.kind() + c.kind() + str(p.total()) + f.tag


run()
