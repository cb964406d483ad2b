# Methods of dict objects (items, update, get); a package object read back with get().
class Engine:
    def start(self):
        return "vroom"


class Spare:
    def start(self):
        return "spare"


def build():
    parts = {"name": "car"}
    parts.update({"engine": Engine()})
    return parts


def describe(parts):
    pairs = list(parts.items())
    name = parts.get("name")
    return pairs, name


def drive(parts):
    engine = parts.get("engine")
    return engine.start()


car = build()
describe(car)
drive(car)
Spare().start()
