# sum() starts from 0, so 0 + item calls __radd__, then __add__; min/max compare with __lt__/__gt__.
class Cost:
    def __init__(self, v):
        self.v = v

    def __add__(self, other):
        return Cost(self.v + other.v)

    def __radd__(self, other):
        return Cost(other + self.v)

    def __lt__(self, other):
        return self.v < other.v

    def __gt__(self, other):
        return self.v > other.v


def total(items):
    return sum(items)


def cheapest(items):
    return min(items)


def dearest(items):
    return max(items)


costs = [Cost(3), Cost(1), Cost(2)]
whole = total(costs)
low = cheapest(costs)
high = dearest(costs)
