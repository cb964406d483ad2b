class Point:
    __match_args__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y


def describe(subject):
    match subject:
        case Point(0, 0):
            return "origin"
        case Point(x=0, y=y) if y > 0:
            return "on the y axis"
        case [1, 2, *others]:
            return f"list {others}"
        case {"kind": "circle", **rest}:
            return rest
        case str() | bytes() as text:
            return text
        case _:
            return None
