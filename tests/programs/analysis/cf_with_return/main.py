# return inside a with block: __exit__ still runs on the way out; the code after the with runs only if __exit__ swallows.
class Manager:
    def __init__(self, swallow):
        self.swallow = swallow

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        return self.swallow


def compute(value):
    if value < 0:
        raise ValueError(value)
    return value


def after():
    return None


def run(value, swallow):
    with Manager(swallow):
        return compute(value)
    after()


def inline(value, swallow):
    with Manager(swallow): return compute(value)
    after()


run(1, False)
run(-1, True)
inline(1, False)
inline(-1, True)
try:
    run(-1, False)
except ValueError:
    pass
