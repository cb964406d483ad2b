# type(name, bases, namespace) makes a class whose methods are the namespace's functions.
class Base:
    def __init__(self, value):
        self.value = -1

    def describe(self):
        return "base"

    def hello(self):
        return "hello"


def init(self, value):
    self.value = value


def describe(self):
    return self.value


Made = type("Made", (Base,), {"describe": describe, "__init__": init})


def use():
    obj = Made(5)
    return obj.describe(), obj.hello()


use()
