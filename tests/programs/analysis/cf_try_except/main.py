# try/except: calls in the try body go `exception` to the handler; code before the try does not.
def prepare(value):
    return value


def risky(value):
    if value < 0:
        raise ValueError(value)
    return value


def recover():
    return 0


def finish(value):
    return value


def load(value):
    start = prepare(value)
    try:
        result = risky(start)
    except ValueError:
        result = recover()
    return finish(result)


load(1)
load(-1)
