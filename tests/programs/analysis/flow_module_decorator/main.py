# Module level, as PyCG's decorators/assigned: a = dec1, then a = dec2, then @a.
def dec1(f):
    return f


def dec2(f):
    return f


a = dec1
a = dec2


@a
def func():
    return "func"


func()
