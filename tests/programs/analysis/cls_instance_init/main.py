# Calling a class allocates an instance and runs __init__ on it.
class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def norm(self):
        return abs(self.x) + abs(self.y)


def run():
    p = Point(1, 2)
    return p.norm()


run()
