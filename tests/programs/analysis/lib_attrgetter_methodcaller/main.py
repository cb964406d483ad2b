# operator.attrgetter("owner")(obj) reads obj.owner; operator.methodcaller("scale", 2)(obj) calls obj.scale(2).
import operator


class Owner:
    def greet(self):
        return "hi"


class Box:
    def __init__(self):
        self.owner = Owner()

    def scale(self, n):
        return n

    @property
    def label(self):
        return "box"


class Crate:
    def scale(self, n):
        return -n


def read_owner(obj):
    o = operator.attrgetter("owner")(obj)
    return o.greet()


def read_label(obj):
    return operator.attrgetter("label")(obj)


def call_scale(obj):
    return operator.methodcaller("scale", 2)(obj)


b = Box()
read_owner(b)
read_label(b)
call_scale(b)
Crate().scale(1)
