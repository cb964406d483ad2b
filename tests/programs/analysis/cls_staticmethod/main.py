# A staticmethod called on the class and on an instance: no self is passed.
class Mathx:
    @staticmethod
    def square(v):
        return v * v

    def cube(self, v):
        return v * Mathx.square(v)


def run():
    m = Mathx()
    return Mathx.square(2) + m.square(3) + m.cube(4)


run()
