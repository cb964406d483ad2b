# @dataclasses.dataclass: the generated __init__ stores the fields and then calls __post_init__.
import dataclasses


class Unit:
    def scale(self):
        return 10


class Loose:
    def __post_init__(self):
        self.ok = False


@dataclasses.dataclass
class Point:
    x: int
    unit: Unit

    def __post_init__(self):
        u = self.unit
        self.size = u.scale() * self.x

    def norm(self):
        return self.size


def build():
    p = Point(3, Unit())
    return p.norm()


build()
Loose()
