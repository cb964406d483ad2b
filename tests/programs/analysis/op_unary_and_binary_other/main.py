# Other operators map to their own methods: -x to __neg__, x * k to __mul__.
class Angle:
    def __init__(self, deg):
        self.deg = deg

    def __neg__(self):
        return Angle(-self.deg)

    def __mul__(self, k):
        return Angle(self.deg * k)

    def __add__(self, other):
        return Angle(self.deg + other.deg)


def flip(a):
    return -a


def scale(a):
    return a * 3


flip(Angle(10))
scale(Angle(10))
