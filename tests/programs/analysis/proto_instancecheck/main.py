# isinstance(x, C) calls __instancecheck__ of C's metaclass; issubclass(D, C) calls __subclasscheck__.
class Meta(type):
    def __instancecheck__(cls, obj):
        return hasattr(obj, "quack")

    def __subclasscheck__(cls, sub):
        return hasattr(sub, "quack")


class Duck(metaclass=Meta):
    pass


class Robot:
    def quack(self):
        return "beep"


def is_duck(x):
    return isinstance(x, Duck)


def is_duck_type(t):
    return issubclass(t, Duck)


def is_robot(x):
    return isinstance(x, Robot)


is_duck(Robot())
is_duck_type(Robot)
is_robot(Robot())
