# A default argument value is used only by calls that omit the argument.
def default_cb():
    return "default"


def other_cb():
    return "other"


def unused_default():
    return "unused"


def given_cb():
    return "given"


def f(x, cb=default_cb):
    return cb()


def g(x, cb=unused_default):
    return cb()


def run():
    f(1)
    f(2, other_cb)
    g(3, given_cb)
    g(4, cb=given_cb)


run()
