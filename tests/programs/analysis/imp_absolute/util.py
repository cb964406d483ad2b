def base():
    return 2


def double(x):
    return x * 2


def triple(x):
    return x * 3
