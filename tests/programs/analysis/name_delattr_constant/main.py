# delattr with a constant name: a class's __delattr__ runs; otherwise the attribute goes.
class Guarded:
    def __init__(self):
        self.x = 1

    def __delattr__(self, name):
        object.__delattr__(self, name)

    def reset(self):
        self.x = 0


class Plain:
    def __init__(self):
        self.x = 1

    def reset(self):
        self.x = 0


def drop(obj):
    delattr(obj, "x")


def drop_check(obj):
    delattr(obj, "x")
    if not hasattr(obj, "x"):
        obj.reset()


drop(Guarded())
drop_check(Plain())
