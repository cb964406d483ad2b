# Module level, as PyCG's assignments: f = func1, then f = func2, then f().
def func1():
    return 1


def func2():
    return 2


f = func1
f = func2
f()
