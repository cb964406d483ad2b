# Calling an instance runs its class's __call__.
class Multiplier:
    def __init__(self, factor):
        self.factor = factor

    def __call__(self, value):
        return value * self.factor


def apply(fn, value):
    return fn(value)


def run():
    double = Multiplier(2)
    return double(4) + apply(double, 5)


run()
