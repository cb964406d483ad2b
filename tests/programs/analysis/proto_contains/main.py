# `in` and `not in` call the right operand's __contains__.
class Range:
    def __init__(self, lo, hi):
        self.lo = lo
        self.hi = hi

    def __contains__(self, value):
        return self.lo <= value < self.hi

    def __iter__(self):
        return iter(range(self.lo, self.hi))


def check(r):
    return 3 in r, 9 not in r


check(Range(0, 5))
