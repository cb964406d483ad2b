# == calls __eq__, < calls __lt__ (same class on both sides, no reflection).
class Version:
    def __init__(self, n):
        self.n = n

    def __eq__(self, other):
        return self.n == other.n

    def __lt__(self, other):
        return self.n < other.n

    def __gt__(self, other):
        return self.n > other.n

    def __hash__(self):
        return self.n


def same(a, b):
    return a == b


def older(a, b):
    return a < b


same(Version(1), Version(1))
older(Version(1), Version(2))
