# outer's parameter x and local y are captured by inner; other has its own captured x.
def outer(x):
    y = x + 1

    def inner():
        return x + y

    y = y * 2
    return inner()


def other(x):
    def inner():
        return x

    return inner()


outer(1)
other(2)
