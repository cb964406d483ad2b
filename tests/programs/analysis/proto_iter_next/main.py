# iter(x) calls __iter__; next(it) and next(it, default) call __next__.
class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return Ticker(self.n)


class Ticker:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n


def start(c):
    return iter(c)


def step(it):
    return next(it)


def step_or(it):
    return next(it, None)


it = start(Countdown(1))
first = step(it)
last = step_or(it)
