# str(x) calls __str__, repr(x) __repr__, "%s" % x __str__; without __str__, str(x) calls __repr__.
class Point:
    def __init__(self, x):
        self.x = x

    def __str__(self):
        return "(%d)" % self.x

    def __repr__(self):
        return "Point(%d)" % self.x


class Bare:
    def __repr__(self):
        return "Bare()"


def show(p):
    return str(p)


def debug(p):
    return repr(p)


def percent(p):
    return "%s" % p


def text(b):
    return str(b)


show(Point(1))
debug(Point(2))
percent(Point(3))
text(Bare())
