# enum.Enum: iterating the class, Color.RED, Color["RED"] and Color(2) all give members, instances of Color.
import enum


class Color(enum.Enum):
    RED = 1
    GREEN = 2

    def describe(self):
        return self.name.lower()

    @property
    def label(self):
        return "colour"

    @classmethod
    def default(cls):
        return cls.RED


class Shade:
    def describe(self):
        return "shade"


def all_names():
    out = []
    for m in Color:
        out.append(m.describe())
    return out


def by_name():
    c = Color["RED"]
    return c.describe()


def by_value():
    v = Color(2)
    return v.describe()


def by_attr():
    r = Color.RED
    d = Color.default()
    return r.describe(), r.label, d.describe()


all_names()
by_attr()
by_name()
by_value()
Shade().describe()
