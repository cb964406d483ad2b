class Meta(type):
    def __new__(mcs, name, bases, namespace, **kwargs):
        return super().__new__(mcs, name, bases, namespace)


class Base(metaclass=Meta, flag=True):
    def __init__(self, value):
        self._value = value

    @property
    def value(self):
        return self._value

    @value.setter
    def value(self, new):
        self._value = new

    @staticmethod
    def make(value):
        return Base(value)

    @classmethod
    def build(cls, value):
        return cls(value)

    def __add__(self, other):
        return Base(self._value + other._value)

    def __call__(self, *args):
        return self._value


class Child(Base):
    def __init__(self, value, extra):
        super().__init__(value)
        super(Child, self).__init__(value)
        self.extra = extra

    def __eq__(self, other):
        return isinstance(other, Child) and self.extra == other.extra

    def total(self):
        return (self + self)() + len(self.__class__.__name__)


def use():
    c = Child(1, 2)
    c.value = 5
    del c.extra
    return c.total(), Child.build(3), Base.make(4)
