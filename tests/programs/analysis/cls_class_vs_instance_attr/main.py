# A class attribute lives on the class; an instance attribute only on the instance.
class Shared:
    def describe(self):
        return "shared"


class Own:
    def describe(self):
        return "own"


class Box:
    common = Shared()

    def __init__(self):
        self.mine = Own()


def from_class():
    value = Box.common
    return value.describe()


def from_instance(box):
    value = box.mine
    inherited = box.common
    return value.describe(), inherited.describe()


from_class()
from_instance(Box())
