# format(x, spec) and f-strings call __format__; !r calls __repr__; object.__format__ calls __str__.
class Temp:
    def __init__(self, deg):
        self.deg = deg

    def __format__(self, spec):
        return format(self.deg, spec)

    def __str__(self):
        return "T"

    def __repr__(self):
        return "Temp()"


class Plain:
    def __str__(self):
        return "plain"


def with_spec(t):
    return format(t, ">5")


def plain(t):
    return f"{t}"


def padded(t):
    return f"{t:>5}"


def converted(t):
    return f"{t!r}"


def fallback(p):
    return f"{p}"


with_spec(Temp(1))
plain(Temp(2))
padded(Temp(3))
converted(Temp(4))
fallback(Plain())
