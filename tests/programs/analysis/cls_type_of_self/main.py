# type(self)(...) in a method builds a new object of the receiver's own class.
class Shape:
    def __init__(self, size):
        self.size = size

    def copy(self):
        return type(self)(self.size)


class Square(Shape):
    def __init__(self, size):
        self.size = size * 1

    def area(self):
        return self.size * self.size


class Circle(Shape):
    def __init__(self, size):
        self.size = size + 0

    def copy(self):
        return type(self)(self.size)

    def area(self):
        return 3 * self.size * self.size


def square_area():
    c = Square(2).copy()
    return c.area()


def circle_area():
    c = Circle(1).copy()
    return c.area()


square_area()
circle_area()
