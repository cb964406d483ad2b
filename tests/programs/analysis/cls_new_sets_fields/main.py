# A __new__ that makes the instance itself (object.__new__, super().__new__) and stores
# attributes on it: the methods called on the result read them, and __init__ runs on it;
# a method making a copy with object.__new__ outside any __new__.
class Registry:
    def __new__(cls, handler):
        self = object.__new__(cls)
        self.handler = handler
        return self

    def run(self):
        return self.handler()


class Plugin:
    def __new__(cls, hook):
        inst = super().__new__(cls)
        inst.hook = hook
        return inst

    def fire(self):
        return self.hook()


class Lazy:
    # A descriptor: its methods run once per descriptor object, so __get__ reads the
    # field __new__ stored and the one __init__ stored on the same object.
    def __new__(cls, func):
        self = object.__new__(cls)
        self.func = func
        return self

    def __init__(self, func):
        self.deliver = deliver

    def __get__(self, instance, owner=None):
        return self.deliver(self.func)


class Point:
    def __init__(self, act):
        self.act = act

    def copy_with(self, act):
        twin = object.__new__(Point)
        twin.act = act
        return twin

    def go(self):
        return self.act()


def deliver(func):
    return func()


def on_save():
    return "save"


def on_load():
    return "load"


def compute():
    return 42


class Model:
    value = Lazy(compute)


def main():
    r = Registry(on_save)
    p = Plugin(on_load)
    return r.run(), p.fire(), Model().value, Point(on_save).copy_with(on_load).go()


main()
