# The old sequence protocol: a class with __getitem__ but no __iter__ is
# iterable; for calls __getitem__ with 0, 1, ... until IndexError.
def north():
    return "N"


def south():
    return "S"


class Compass:
    points = [north, south]

    def __getitem__(self, index):
        return self.points[index]


def run():
    for point in Compass():
        point()


run()
