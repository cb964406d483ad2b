# An object that is its own iterator, also driven by iter() and next() calls.
class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n


def run():
    total = 0
    for value in Countdown(3):
        total += value
    it = iter(Countdown(2))
    return total + next(it)


run()
