# A decorator applied to a class, returning the class itself.
REGISTRY = {}


def model(cls):
    REGISTRY[cls.__name__] = cls
    return cls


@model
class User:
    def __init__(self, name):
        self.name = name


def run():
    kind = REGISTRY["User"]
    return kind("ada"), User("bob")


run()
