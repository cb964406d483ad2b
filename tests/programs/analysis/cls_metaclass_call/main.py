# A metaclass __call__ runs when its classes are called: one delegates to type.__call__ (running __init__), one returns a stored object.
class Tracing(type):
    def __call__(cls, *args):
        return super().__call__(*args)


class Cached(type):
    def __call__(cls, *args):
        return cls.shared


class Fallback:
    def describe(self):
        return "fallback"


class Widget(metaclass=Tracing):
    def __init__(self, size):
        self.size = size

    def describe(self):
        return "widget"


class Config(metaclass=Cached):
    shared = Fallback()

    def __init__(self, name):
        self.name = name

    def describe(self):
        return self.name


def build():
    w = Widget(3)
    return w.describe()


def fetch():
    c = Config("x")
    return c.describe()


build()
fetch()
