# Cls[item] on a class calls its __class_getitem__ (an implicit classmethod); the result is what it returns.
class Alias:
    def __init__(self, origin, arg):
        self.origin = origin
        self.arg = arg

    def create(self, value):
        return self.origin(self.arg(value))


class Box:
    def __init__(self, value):
        self.value = value

    def __class_getitem__(cls, item):
        return Alias(cls, item)

    def get(self):
        return self.value


class Crate:
    def __class_getitem__(cls, item):
        return cls

    def get(self):
        return "crate"


def make_int_box():
    alias = Box[int]
    box = alias.create("7")
    return box.get()


def make_crate():
    kind = Crate[str]
    return kind().get()


make_int_box()
make_crate()
