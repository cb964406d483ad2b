# A Left and a Right, made at different lines, each with a field value: stores to one are not read through the other.
class Left:
    def __init__(self):
        self.value = 1


class Right:
    def __init__(self):
        self.value = 2


def read_left(obj):
    return obj.value


def read_right(obj):
    return obj.value


left = Left()
right = Right()
left.extra = 3
a = read_left(left)
b = read_right(right)
c = right.value
