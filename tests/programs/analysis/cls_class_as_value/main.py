# Classes are values: stored in a dict, passed, and called to allocate.
class Cat:
    def __init__(self):
        self.sound = "meow"


class Dog:
    def __init__(self):
        self.sound = "woof"


def build(kind):
    return kind()


def run():
    kinds = {"cat": Cat, "dog": Dog}
    pet = build(kinds["cat"])
    return pet, build(Dog)


run()
