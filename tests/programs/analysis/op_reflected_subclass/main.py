# If the right operand's class is a subclass that overrides the reflected
# method, Python tries it first: base + derived calls Derived.__radd__.
class Base:
    def __add__(self, other):
        return "Base.__add__"

    def __radd__(self, other):
        return "Base.__radd__"


class Derived(Base):
    def __radd__(self, other):
        return "Derived.__radd__"


def combine(a, b):
    return a + b


combine(Base(), Derived())
