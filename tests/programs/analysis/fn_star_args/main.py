# *args: packing positional arguments into a tuple, and spreading one into a call.
def first():
    return 1


def second():
    return 2


def third():
    return 3


def call_all(*fns):
    return [fn() for fn in fns]


def call_two(a, b):
    return a() + b()


call_all(first, second)
pair = (second, third)
call_two(*pair)
