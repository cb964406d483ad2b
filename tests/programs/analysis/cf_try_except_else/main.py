# try/except/else: the else body runs only without exception, and the handler does not cover it.
def attempt(value):
    if value is None:
        raise KeyError("missing")
    return value


def on_error():
    return -1


def on_success(value):
    if value < 0:
        raise KeyError(value)
    return value


def after():
    return "after"


def run(value):
    try:
        got = attempt(value)
    except KeyError:
        got = on_error()
    else:
        on_success(got)
    return after(), got


run(1)
run(None)
try:
    run(-5)
except KeyError:
    pass
