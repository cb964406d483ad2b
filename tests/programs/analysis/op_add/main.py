# a + b calls type(a).__add__; the result is whatever it returns.
class Money:
    def __init__(self, cents):
        self.cents = cents

    def __add__(self, other):
        return Money(self.cents + other.cents)

    def __radd__(self, other):
        return Money(self.cents + other)

    def __sub__(self, other):
        return Money(self.cents - other.cents)


def run():
    total = Money(1) + Money(2)
    return total


run()
