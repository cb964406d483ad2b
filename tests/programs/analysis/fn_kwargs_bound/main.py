# **kwargs spread into a bound call or a class call fill no parameter the receiver fills:
# `self=` there is a TypeError, so a dict's values never reach `self`.
class Widget:
    def render(self):
        return "widget"


class Engine:
    def __init__(self, dirs=None, debug=False):
        self.dirs = dirs
        self.debug = debug

    def configure(self, dirs=None, debug=False):
        self.dirs = dirs
        return self

    def describe(self):
        return self.dirs.render()


def build(options):
    return Engine(**options)


def reconfigure(engine, options):
    return engine.configure(**options)


options = {"dirs": Widget(), "debug": True}
engine = build(options)
engine.describe()
reconfigure(engine, options).describe()
