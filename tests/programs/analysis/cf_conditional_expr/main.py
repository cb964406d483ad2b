# The conditional expression x = a() if c else b(): each operand runs under one outcome of the test.
def yes():
    return 1


def no():
    return 0


def report(x):
    return x


def label(c):
    x = (
        yes()
        if c
        else no()
    )
    report(x)
    return x


label(True)
label(False)
