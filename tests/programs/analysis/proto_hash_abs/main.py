# hash(x) calls __hash__, abs(x) __abs__; a dict key store and a set display hash x too.
class Key:
    def __init__(self, k):
        self.k = k

    def __hash__(self):
        return hash(self.k)

    def __eq__(self, other):
        return isinstance(other, Key) and self.k == other.k

    def __abs__(self):
        return Key(abs(self.k))


def digest(x):
    return hash(x)


def magnitude(x):
    return abs(x)


def remember(x):
    table = {}
    table[x] = 1
    return table


def single(x):
    return {x}


digest(Key(1))
positive = magnitude(Key(-2))
remember(Key(3))
single(Key(4))
